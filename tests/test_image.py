"""deploy/image.py's pieces that need no build (the image itself is built and run in
tests/browser/test_image.py; the Dockerfile as text is checked in tests/test_deploy.py)."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import zipfile
from pathlib import Path

from deploy import image as im

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = (ROOT / "Dockerfile").read_text()


def test_the_builders_defaults_are_the_dockerfiles():
    assert f"ARG BASE_IMAGE={im.DEFAULT_BASE}\n" in DOCKERFILE
    assert im.DEFAULT_BASE.endswith(f"-{im.SUITE}")  # the local base is the same Debian release


def test_the_debian_mirror_comes_from_either_kind_of_apt_source(tmp_path):
    deb822 = tmp_path / "a"
    (deb822 / "sources.list.d").mkdir(parents=True)
    (deb822 / "sources.list.d" / "debian.sources").write_text(
        "Types: deb\nURIs: http://mirror.test/debian-security\nSuites: bookworm-security\nComponents: main\n\n"
        "Types: deb\n# a comment\nURIs: http://mirror.test/debian/\nSuites: bookworm bookworm-updates\n"
        "Components: main\n"
    )
    assert im.debian_mirror("bookworm", deb822) == "http://mirror.test/debian"
    one_line = tmp_path / "b"
    one_line.mkdir()
    (one_line / "sources.list").write_text(
        "# deb http://old.test/debian bookworm main\n"
        "deb [signed-by=/usr/share/keyrings/k.gpg] http://one.test/debian bookworm main\n"
    )
    assert im.debian_mirror("bookworm", one_line) == "http://one.test/debian"
    try:
        im.debian_mirror("trixie", one_line)
    except im.ImageError as exc:
        assert "trixie" in str(exc)
    else:
        raise AssertionError("a missing suite must be said")


def test_the_loopback_index_serves_what_pip_downloads_and_checks(tmp_path):
    """A wheel in files/ is found through the PEP 503 index by a real pip, its sha256 checked."""
    files = tmp_path / "index" / "files"
    files.mkdir(parents=True)
    wheel = files / "Demo_Pkg-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        z.writestr("demo_pkg/__init__.py", "")
        z.writestr("Demo_Pkg-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: Demo_Pkg\nVersion: 1.0\n")
        z.writestr("Demo_Pkg-1.0.dist-info/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        z.writestr("Demo_Pkg-1.0.dist-info/RECORD", "")
    im.write_simple_index(tmp_path / "index")
    listing = (tmp_path / "index" / "simple" / "demo-pkg" / "index.html").read_text()
    assert f"#sha256={hashlib.sha256(wheel.read_bytes()).hexdigest()}" in listing
    with im.loopback_index(tmp_path / "index") as url:
        assert url.startswith("http://127.0.0.1:") and url.endswith("/simple")
        got = subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "--isolated", "--index-url", url,
             "-d", str(tmp_path / "out"), "demo-pkg==1.0"],
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    assert got.returncode == 0, got.stdout + got.stderr
    assert (tmp_path / "out" / wheel.name).read_bytes() == wheel.read_bytes()


def test_the_builds_pip_configuration_keeps_web_indexes_and_names_the_mounted_bundle(tmp_path, monkeypatch):
    monkeypatch.setenv("PIP_EXTRA_INDEX_URL", "file:///opt/local/simple https://mirror.test/simple")
    monkeypatch.setenv("PIP_TRUSTED_HOST", "mirror.test")
    conf = tmp_path / "pip.conf"
    im.build_pip_conf(conf, "/etc/ssl/certs/ca-certificates.crt")
    lines = conf.read_text().splitlines()
    assert lines[:2] == ["[global]", "cert = /etc/ssl/certs/ca-certificates.crt"]
    assert "extra-index-url = https://mirror.test/simple" in lines and "trusted-host = mirror.test" in lines
    assert "file://" not in conf.read_text() and "find-links" not in conf.read_text()
