"""The image, built by ``make image`` and run: it serves the app as its own non-root user, its health check
passes inside it, it holds nothing it should not, and it agrees with deploy/k8s.

Built once for this module with buildah (deploy/image.py: a local base and a loopback index where the public
ones cannot be reached), started with ``buildah run`` on a free loopback port (the image's port setting,
``STREAMLIT_SERVER_PORT``, changed; nothing else), and removed at the end with its container, also when a
test fails. The cached local base stays: the next run reuses it. Skips, saying why, where buildah or
debootstrap is missing or cannot run (not root).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from deploy import image as im
from deploy.replica import free_port
from tests.helpers.browser import assert_document_language, assert_no_error, main_text, open_page

ROOT = Path(__file__).resolve().parents[2]
TAG = f"localhost/normviz-test:{os.getpid()}"
# Measured on the local base: 1.55 GB (Debian with Python 0.17 GB; torch 0.58, pyarrow 0.16, scipy 0.12 (issue
# #29: Derf's erf on numpy, the chi and Beta laws), the real model's files 0.09 (normviz/model.py:
# all-MiniLM-L6-v2's weights, 91 MB), plotly 0.06, sympy, pandas, streamlit about 0.04 each; tokenizers 0.01; the
# app 7 MB). The bound is that and 5 %: a new dependency, or a prune step that stops working (torch's C++ tests
# alone are 83 MB), crosses it and must say why.
MAX_BYTES = 1_630_000_000  # 1.55 GB + 5 %
NOT_IN_APP = ("tests", "benchmarks", ".git", ".venv", ".env")
NOT_ANYWHERE = (re.compile(r"\.key$"), re.compile(r"^\.env$"))
DEPLOYMENT = ROOT / "deploy" / "k8s" / "deployment.yaml"


def _why_not() -> str | None:
    for tool in ("buildah", "debootstrap", "make"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (.ci/run installs buildah and debootstrap from Debian)"
    if os.geteuid() != 0:
        return "building the local base with debootstrap needs root"
    probe = subprocess.run(["buildah", "images"], capture_output=True, text=True, env=im.buildah_env())
    if probe.returncode != 0:
        return f"buildah cannot run here: {probe.stderr.strip()[:300]}"
    return None


def buildah(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(["buildah", *args], capture_output=True, text=True, env=im.buildah_env(), check=check)


@dataclass
class Running:
    container: str
    config: dict  # the image's Docker config: User, Env, Cmd, ExposedPorts, Healthcheck, WorkingDir
    rootfs: Path
    port: int
    process: subprocess.Popen
    build_s: float

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def env(self) -> dict[str, str]:
        return dict(e.split("=", 1) for e in self.config["Env"])

    def run_inside(self, *cmd: str, port: int | None = None) -> subprocess.CompletedProcess:
        """``cmd`` in the container, its environment the server's (the port: ``port`` or the server's)."""
        settings = ["--env", f"STREAMLIT_SERVER_PORT={port or self.port}"]
        return buildah("run", "--network", "host", *settings, self.container, "--", *cmd, check=False)


def _descendants(pid: int) -> list[int]:
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        for entry in Path("/proc").iterdir():
            try:
                if entry.name.isdigit() and int((entry / "stat").read_text().rpartition(")")[2].split()[1]) == parent:
                    found.append(int(entry.name))
                    frontier.append(int(entry.name))
            except (OSError, ValueError, IndexError):
                continue
    return found


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


@pytest.fixture(scope="module")
def running(tmp_path_factory):
    """The image built by ``make image``, its container serving on a free loopback port."""
    why = _why_not()
    if why:
        pytest.skip(why)
    process = container = None
    start = time.perf_counter()
    try:
        # niced: the build's minute of CPU yields to the tests beside it that measure time (2 cores in CI)
        built = subprocess.run(
            ["nice", "-n", "10", "make", "-s", "image", f"IMAGE={TAG}"], cwd=ROOT, capture_output=True, text=True
        )
        build_s = time.perf_counter() - start
        assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
        print(f"\n{built.stdout.strip()}\nmake image: {build_s:.0f} s")
        config = json.loads(buildah("inspect", "--type", "image", TAG).stdout)["Docker"]["config"]
        container = buildah("from", "--quiet", TAG).stdout.strip()
        rootfs = Path(buildah("mount", container).stdout.strip())
        port = free_port()
        settings = ["--env", "STREAMLIT_SERVER_ADDRESS=127.0.0.1", "--env", f"STREAMLIT_SERVER_PORT={port}"]
        log = (tmp_path_factory.mktemp("image") / "server.log").open("w")
        process = subprocess.Popen(
            ["buildah", "run", "--network", "host", *settings, container, "--", *config["Cmd"]],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=im.buildah_env(),
            start_new_session=True,  # its process group is stopped whatever happens
        )
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 180
        while not _healthy(url):
            assert process.poll() is None, Path(log.name).read_text()[-3000:]
            assert time.monotonic() < deadline, "no health within 180 s:\n" + Path(log.name).read_text()[-3000:]
            time.sleep(0.5)
        yield Running(container, config, rootfs, port, process, build_s)
    finally:
        if process is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(20)
        if container is not None:
            buildah("umount", container, check=False)
            buildah("rm", container, check=False)
        buildah("rmi", "--force", TAG, check=False)


def test_the_image_serves_both_languages_in_chromium(running, page):
    open_page(page, running.url, "", lang="zh")
    assert_document_language(page, "zh")
    assert "归一化" in main_text(page)
    assert_no_error(page, context="image, zh")
    open_page(page, running.url, "plane", lang="en", wait_for_plot=True)
    assert_document_language(page, "en")
    assert "RMSNorm" in main_text(page)
    assert_no_error(page, context="image, en")


def test_the_server_runs_as_the_images_own_non_root_user(running):
    servers = [
        pid
        for pid in _descendants(running.process.pid)
        if b"streamlit" in Path(f"/proc/{pid}/cmdline").read_bytes()
        and not Path(f"/proc/{pid}/cmdline").read_bytes().startswith(b"buildah")
    ]
    assert servers, "no streamlit process under buildah run"
    for pid in servers:
        status = Path(f"/proc/{pid}/status").read_text()
        uids = re.search(r"^Uid:\s+(.*)$", status, re.MULTILINE).group(1).split()
        gids = re.search(r"^Gid:\s+(.*)$", status, re.MULTILINE).group(1).split()
        assert set(uids) == {"10001"} and set(gids) == {"10001"}, (pid, uids, gids)
    assert running.config["User"] == "10001:10001"


def test_the_health_check_passes_inside_the_container_and_fails_without_a_server(running):
    test = running.config["Healthcheck"]["Test"]
    assert test[0] == "CMD"
    passed = running.run_inside(*test[1:])
    assert passed.returncode == 0, passed.stderr
    failed = running.run_inside(*test[1:], port=free_port())  # nothing listens there: the check must say so
    assert failed.returncode != 0


def test_the_image_holds_no_tests_secrets_or_local_files(running):
    app = running.rootfs / running.config["WorkingDir"].lstrip("/")
    assert (app / "app.py").is_file() and (app / "normviz" / "norms.py").is_file()
    present = [name for name in NOT_IN_APP if (app / name).exists()]
    assert not present, present
    found = []
    for folder, dirs, files in os.walk(running.rootfs):
        dirs[:] = [d for d in dirs if not (folder == str(running.rootfs) and d in ("proc", "sys", "dev"))]
        found += [os.path.join(folder, d) for d in dirs if d == ".git"]
        for name in files:
            path = os.path.join(folder, name)
            if any(p.search(name) for p in NOT_ANYWHERE):
                found.append(path)
            elif name.endswith(".pem") and b"PRIVATE KEY" in Path(path).read_bytes():
                found.append(path)  # a certificate bundle (certifi's) is fine; a key is not
    assert not found, found[:20]
    pip_conf = running.rootfs / "etc" / "pip.conf"  # mounted for the build only
    assert not pip_conf.exists() or pip_conf.stat().st_size == 0


def test_the_image_size_stays_under_its_bound(running):
    size = im.image_size(TAG, "buildah")
    print(f"\nimage: {size / 1e9:.2f} GB (bound {MAX_BYTES / 1e9:.2f} GB), make image took {running.build_s:.0f} s")
    assert size <= MAX_BYTES, size


def test_the_manifests_agree_with_the_image(running):
    deployment = yaml.safe_load(DEPLOYMENT.read_text())
    pod = deployment["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    port = int(running.env()["STREAMLIT_SERVER_PORT"])
    assert f"{port}/tcp" in running.config["ExposedPorts"]
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    assert ports == {"http": port}
    user, group = (int(v) for v in running.config["User"].split(":"))
    assert (pod["securityContext"]["runAsUser"], pod["securityContext"]["runAsGroup"]) == (user, group)
    assert pod["securityContext"]["runAsNonRoot"] is True and user != 0
    health_path = re.search(r"/_stcore/\w+", " ".join(running.config["Healthcheck"]["Test"])).group(0)
    for probe in ("readinessProbe", "livenessProbe"):
        assert container[probe]["httpGet"] == {"path": health_path, "port": "http"}, probe
    assert container["image"] == im.default_tag()
