"""``make image``: the app's image, built with Docker where its daemon answers, else with buildah.

    python -m deploy.image                         # normviz:<version>, with the tool found here
    python -m deploy.image --tag normviz:dev --tool buildah

The Dockerfile's two build arguments default to public names (``BASE_IMAGE``, ``TORCH_INDEX_URL``): a machine
that reaches them builds exactly as ``docker build .`` does. Where the base image cannot be pulled (buildah),
the build brings its own sources, all taken from this machine's configuration:

- a local base: Debian's ``debootstrap`` (minbase, ``SUITE``, the Debian mirror of this machine's apt sources)
  with python3, python3-venv and ca-certificates, and a venv at ``VENV`` on ``PATH``, so that ``python`` and
  ``pip`` are what the Python image has. It is tagged ``localhost/normviz-base:<key>``, the key a hash of
  those inputs, and kept: the next build finds it and takes seconds;
- torch from a loopback index: the wheels that ``pip download torch==<pin>`` resolves with this machine's own
  pip configuration (its indexes, wheel folders and certificates), its dependencies with it, served on
  127.0.0.1 to the build (``--network host``).

Every buildah build's RUN steps trust what this machine trusts: its CA bundle, and a pip configuration that
names it and this machine's web indexes, are mounted read-only for the build and never copied into the image.
buildah keeps its images in the storage its own configuration names, and runs RUN steps with ``chroot``
isolation (no daemon, no OCI runtime) unless ``BUILDAH_ISOLATION`` says otherwise.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import html
import http.server
import inspect
import json
import os
import re
import shutil
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_BASE = "python:3.11.14-slim-bookworm"  # the Dockerfile's BASE_IMAGE (tests/test_image.py checks they agree)
SUITE = "bookworm"  # the Debian release of DEFAULT_BASE, whose python3 is 3.11 like the pinned wheels
PACKAGES = ("python3", "python3-venv", "ca-certificates")
VENV = "/opt/python"  # the local base's venv, first on PATH
PATH = f"{VENV}/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
PULL_TIMEOUT_S = 300
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "normviz-image"


class ImageError(RuntimeError):
    """A step of the build failed; the message says which and how."""


def log(message: str) -> None:
    print(f"image: {message}", flush=True)


def default_tag() -> str:
    """normviz:<the version in pyproject.toml>, the name deploy/k8s uses."""
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    return f"normviz:{version}"


def pinned(name: str) -> str:
    """``name==version`` as requirements.txt pins it."""
    for line in (ROOT / "requirements.txt").read_text().splitlines():
        if re.match(rf"{re.escape(name)}==", line.strip()):
            return line.split("#")[0].strip()
    raise ImageError(f"requirements.txt pins no {name}")


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    """``cmd``, its output captured; ``ImageError`` with the output's tail when it fails."""
    done = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-25:])
        raise ImageError(f"{' '.join(cmd[:4])} ... exited with {done.returncode}:\n{tail}")
    return done


# --- the tool ------------------------------------------------------------------------------------------------


def docker_runs() -> bool:
    """A Docker client whose daemon answers (a client alone cannot build)."""
    if shutil.which("docker") is None:
        return False
    try:
        return subprocess.run(["docker", "info"], capture_output=True, timeout=20).returncode == 0
    except subprocess.TimeoutExpired:
        return False


def buildah_env() -> dict[str, str]:
    return {"BUILDAH_ISOLATION": "chroot", **os.environ}  # no daemon and no runc needed


def buildah(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return run(["buildah", *args], env=buildah_env(), **kwargs)


def choose_tool(wanted: str) -> str:
    if wanted == "docker" or (wanted == "auto" and docker_runs()):
        return "docker"
    if shutil.which("buildah") is None:
        raise ImageError("neither a running Docker daemon nor buildah: install one (Debian: apt-get install buildah)")
    return "buildah"


def have_image(name: str) -> bool:
    return (
        subprocess.run(
            ["buildah", "inspect", "--type", "image", name], capture_output=True, env=buildah_env()
        ).returncode
        == 0
    )


def can_pull(name: str) -> bool:
    """The image is here already, or could be pulled now."""
    if have_image(name):
        return True
    try:
        pulled = subprocess.run(
            ["buildah", "pull", "--quiet", name], capture_output=True, env=buildah_env(), timeout=PULL_TIMEOUT_S
        )
    except subprocess.TimeoutExpired:
        return False
    return pulled.returncode == 0


# --- the local base --------------------------------------------------------------------------------------------


def debian_mirror(suite: str = SUITE, folder: Path = Path("/etc/apt")) -> str:
    """The URI of this machine's apt source for Debian's main archive (not its security archive)."""
    entries: list[tuple[str, list[str]]] = []  # (uri, suites)
    for path in sorted(folder.glob("sources.list.d/*.sources")):  # deb822
        for stanza in path.read_text().split("\n\n"):
            fields = dict(
                (k.strip().lower(), v.strip())
                for k, _, v in (line.partition(":") for line in stanza.splitlines() if not line.startswith("#"))
                if v
            )
            if fields.get("types", "").split().count("deb") and "uris" in fields:
                entries += [(uri, fields.get("suites", "").split()) for uri in fields["uris"].split()]
    for path in [folder / "sources.list", *sorted(folder.glob("sources.list.d/*.list"))]:
        if path.exists():
            for line in path.read_text().splitlines():
                parts = re.sub(r"\[[^]]*\]", "", line.split("#")[0]).split()
                if len(parts) >= 3 and parts[0] == "deb":
                    entries.append((parts[1], [parts[2]]))
    for uri, suites in entries:
        if "security" not in uri and (suite in suites or f"{suite}-updates" in suites) and "debian" in uri:
            return uri.rstrip("/")
    raise ImageError(f"no apt source for Debian {suite} on this machine (/etc/apt): the local base needs one")


def build_local_base(tag: str, mirror: str) -> None:
    """A Debian root filesystem with Python 3.11 and a venv on PATH, committed as the image ``tag``."""
    for tool in ("debootstrap", "chroot"):
        if shutil.which(tool) is None:
            raise ImageError(f"{tool} is missing: the local base needs it (Debian: apt-get install debootstrap)")
    if os.geteuid() != 0:
        raise ImageError("debootstrap needs root to build the local base")
    with tempfile.TemporaryDirectory(prefix="normviz-base-") as tmp:
        rootfs = Path(tmp) / "rootfs"
        run(["debootstrap", "--variant=minbase", f"--include={','.join(PACKAGES)}", SUITE, str(rootfs), mirror])
        run(["chroot", str(rootfs), "python3", "-m", "venv", VENV])
        for leftover in ("var/cache/apt/archives", "var/lib/apt/lists"):
            for path in (rootfs / leftover).glob("*"):
                if path.is_file():
                    path.unlink()
        container = buildah("from", "scratch").stdout.strip()
        try:
            mount = buildah("mount", container).stdout.strip()
            run(["cp", "-a", f"{rootfs}/.", mount])
            buildah("umount", container)
            buildah(
                "config",
                "--env",
                f"PATH={PATH}",
                "--env",
                "LANG=C.UTF-8",
                "--cmd",
                "python3",
                "--label",
                f"normviz.base.inputs={base_inputs(mirror)}",
                container,
            )
            buildah("commit", "--quiet", "--format", "docker", container, tag)
        finally:
            subprocess.run(["buildah", "rm", container], capture_output=True, env=buildah_env())


def base_inputs(mirror: str) -> str:
    """What the local base is made of, as text: its key is this text's hash."""
    recipe = hashlib.sha256(inspect.getsource(build_local_base).encode()).hexdigest()[:16]
    return json.dumps({"suite": SUITE, "mirror": mirror, "packages": PACKAGES, "venv": VENV, "recipe": recipe})


def local_base() -> str:
    """The cached local base's tag, built first if it is not there."""
    mirror = debian_mirror()
    tag = f"localhost/normviz-base:{hashlib.sha256(base_inputs(mirror).encode()).hexdigest()[:12]}"
    if have_image(tag):
        log(f"local base {tag} (cached)")
        return tag
    log(f"building the local base {tag}: debootstrap {SUITE} from this machine's Debian mirror")
    start = time.perf_counter()
    build_local_base(tag, mirror)
    log(f"local base built in {time.perf_counter() - start:.0f} s")
    return tag


# --- the loopback index ------------------------------------------------------------------------------------------


def normalized(project: str) -> str:
    return re.sub(r"[-_.]+", "-", project).lower()  # PEP 503


def write_simple_index(root: Path) -> None:
    """A PEP 503 index under ``root/simple`` of the wheels in ``root/files``."""
    projects: dict[str, list[Path]] = {}
    for wheel in sorted((root / "files").glob("*.whl")):
        projects.setdefault(normalized(wheel.name.split("-")[0]), []).append(wheel)
    shutil.rmtree(root / "simple", ignore_errors=True)
    for project, wheels in projects.items():
        folder = root / "simple" / project
        folder.mkdir(parents=True)
        links = "".join(
            f'<a href="../../files/{html.escape(w.name)}#sha256={hashlib.sha256(w.read_bytes()).hexdigest()}">'
            f"{html.escape(w.name)}</a>\n"
            for w in wheels
        )
        (folder / "index.html").write_text(f"<!DOCTYPE html><html><body>\n{links}</body></html>\n")


def gather_torch(root: Path) -> None:
    """torch at its pin and its dependencies, as this machine's pip resolves them, in ``root/files``."""
    requirement = pinned("torch")
    log(f"gathering {requirement} and its dependencies with this machine's pip")
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--only-binary=:all:",
            "-d",
            str(root / "files"),
            requirement,
        ]
    )
    write_simple_index(root)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@contextlib.contextmanager
def loopback_index(root: Path) -> Iterator[str]:
    """``root`` served on 127.0.0.1 while the body runs: the index's URL."""
    handler = functools.partial(_Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="loopback-index", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/simple"
    finally:
        server.shutdown()
        server.server_close()


# --- what the build trusts -----------------------------------------------------------------------------------------


def ca_bundle() -> Path:
    """This machine's CA bundle: pip's own setting, else OpenSSL's."""
    for candidate in (
        os.environ.get("PIP_CERT"),
        os.environ.get("SSL_CERT_FILE"),
        ssl.get_default_verify_paths().cafile,
    ):
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    raise ImageError("no CA bundle found on this machine (PIP_CERT, SSL_CERT_FILE or OpenSSL's default)")


def pip_web_settings() -> dict[str, str]:
    """This machine's pip settings that name web indexes (index-url, extra-index-url, trusted-host); local
    folders and file:// indexes are left out, as the build cannot see them."""
    listed = run([sys.executable, "-m", "pip", "config", "list"]).stdout
    settings: dict[str, str] = {}
    for key, value in re.findall(r"^(?:global|install|:env:)\.([\w-]+)='(.*)'$", listed, re.MULTILINE):
        if key in ("index-url", "extra-index-url"):
            value = " ".join(u for u in value.split() if u.startswith(("http://", "https://")))
        elif key != "trusted-host":
            continue
        if value:
            settings[key] = value
    return settings


def build_pip_conf(path: Path, cert: str) -> None:
    lines = ["[global]", f"cert = {cert}", *(f"{k} = {v}" for k, v in pip_web_settings().items())]
    path.write_text("\n".join(lines) + "\n")


# --- the build -------------------------------------------------------------------------------------------------------


def build_with_docker(tag: str, build_args: dict[str, str]) -> None:
    args = [a for k, v in build_args.items() for a in ("--build-arg", f"{k}={v}")]
    subprocess.run(["docker", "build", "-t", tag, *args, str(ROOT)], check=True)


def build_with_buildah(tag: str, build_args: dict[str, str]) -> None:
    base = build_args.get("BASE_IMAGE", DEFAULT_BASE)
    with tempfile.TemporaryDirectory(prefix="normviz-build-") as tmp:
        mounts = {"/etc/ssl/certs/ca-certificates.crt": ca_bundle()}
        build_pip_conf(Path(tmp) / "pip.conf", "/etc/ssl/certs/ca-certificates.crt")
        mounts["/etc/pip.conf"] = Path(tmp) / "pip.conf"
        with contextlib.ExitStack() as stack:
            if not can_pull(base):
                log(f"{base} cannot be pulled here: a local base, and torch from a loopback index")
                build_args["BASE_IMAGE"] = local_base()
                if "TORCH_INDEX_URL" not in build_args:
                    index = CACHE / "torch-index"
                    gather_torch(index)
                    build_args["TORCH_INDEX_URL"] = stack.enter_context(loopback_index(index))
            args = [a for k, v in build_args.items() for a in ("--build-arg", f"{k}={v}")]
            volumes = [a for inside, outside in mounts.items() for a in ("-v", f"{outside}:{inside}:ro")]
            log(f"building {tag} with buildah")
            buildah("bud", "--quiet", "--format", "docker", "--network", "host", "-t", tag, *args, *volumes, str(ROOT))


UNITS = {"B": 1, "kB": 10**3, "KB": 10**3, "MB": 10**6, "GB": 10**9, "TB": 10**12}


def image_size(tag: str, tool: str) -> int:
    """The image's size in bytes, as the tool reports it (buildah says "1.45 GB": decimal units, 3 digits)."""
    if tool == "docker":
        return int(run(["docker", "image", "inspect", "--format", "{{.Size}}", tag]).stdout)
    size = json.loads(buildah("images", "--json", tag).stdout)[0]["size"]
    if isinstance(size, (int, float)):
        return int(size)
    number, unit = re.fullmatch(r"([\d.]+)\s*([kKMGT]?B)", size.strip()).groups()
    return round(float(number) * UNITS[unit])


def build(tag: str, tool: str = "auto", build_args: dict[str, str] | None = None) -> str:
    """Build the image ``tag``; the tool that built it."""
    tool = choose_tool(tool)
    start = time.perf_counter()
    (build_with_docker if tool == "docker" else build_with_buildah)(tag, dict(build_args or {}))
    log(f"{tag} built with {tool} in {time.perf_counter() - start:.0f} s: {image_size(tag, tool) / 1e9:.2f} GB")
    return tool


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m deploy.image", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tag", default=default_tag(), help="the image's name (default: %(default)s)")
    parser.add_argument("--tool", choices=("auto", "docker", "buildah"), default="auto")
    parser.add_argument("--base", help="BASE_IMAGE: a Python 3.11 image on Debian bookworm (default: the Dockerfile's)")
    parser.add_argument("--torch-index-url", help="TORCH_INDEX_URL (default: the Dockerfile's)")
    opts = parser.parse_args(argv)
    build_args = {k: v for k, v in (("BASE_IMAGE", opts.base), ("TORCH_INDEX_URL", opts.torch_index_url)) if v}
    try:
        build(opts.tag, opts.tool, build_args)
    except (ImageError, subprocess.CalledProcessError) as exc:
        print(f"image: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
