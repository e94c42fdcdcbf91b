"""tests/helpers/processguard.py (registered by tests/conftest.py), run on a small suite of its own in a fresh pytest:
a process a test
leaves running is reported, stopped and fails the run; a teardown that hangs after pytest-timeout fired ends
its process with every thread's stack instead of hanging the run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

LEAKS = """
import os, subprocess, sys

def test_leaves_a_server_in_a_session_of_its_own(tmp_path):
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"], start_new_session=True)
    open(os.environ["PIDS"], "a").write(f"{proc.pid}\\n")

def test_leaves_an_orphan_behind_a_harness_that_exited():
    code = ("import os, subprocess, sys; p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)'],"
            " start_new_session=True); open(os.environ['PIDS'], 'a').write(f'{p.pid}\\\\n')")
    subprocess.run([sys.executable, "-c", code], check=True)
"""

HANGS = """
import os, subprocess, sys, time
import pytest

@pytest.fixture
def server():
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"], start_new_session=True)
    open(os.environ["PIDS"], "a").write(f"{proc.pid}\\n")
    yield
    time.sleep(300)  # a teardown that waits forever (pytest-timeout interrupts a test once)

@pytest.mark.timeout(1)
def test_times_out_then_its_teardown_hangs(server):
    time.sleep(10)
"""


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def run_suite(tmp_path: Path, tests: str, pids: list[int], *, grace: float = 90.0) -> subprocess.CompletedProcess:
    """``tests`` as the only test file of a fresh pytest run with the guard (its grace set to ``grace``); the
    pids of the processes the tests started are added to ``pids``."""
    (tmp_path / "conftest.py").write_text(
        f"from tests.helpers import processguard\n\nprocessguard.GRACE_S = {grace}\n\n\n"
        "def pytest_configure(config):\n"
        "    config.pluginmanager.register(processguard.ProcessGuard(config), 'normviz-process-guard')\n"
    )
    (tmp_path / "pytest.ini").write_text("[pytest]\ntimeout = 60\n")
    (tmp_path / "test_suite.py").write_text(tests)
    written = tmp_path / "pids"
    written.touch()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env.update(PIDS=str(written), PYTHONPATH=str(HERE.parent))  # the checkout: tests.helpers.processguard
    # the plugins the guard does not need stay out (hypothesis alone takes seconds to import)
    quiet = ["-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-p", "no:xdist", "-p", "no:anyio"]
    try:
        return subprocess.run(
            [sys.executable, "-m", "pytest", "-q", *quiet, str(tmp_path)],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
        )
    finally:
        pids += [int(line) for line in written.read_text().split()]


@pytest.fixture
def pids():
    """The pids a suite wrote down: whatever survives the suite is killed here, after the test."""
    found: list[int] = []
    yield found
    for pid in found:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)


def gone(pids: list[int], within: float = 10.0) -> bool:
    deadline = time.monotonic() + within
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    return not any(alive(pid) for pid in pids)


@pytest.mark.skipif(sys.platform != "linux", reason="the guard reads /proc and uses a Linux subreaper")
def test_a_process_left_running_is_reported_stopped_and_fails_the_run(tmp_path, pids):
    proc = run_suite(tmp_path, LEAKS, pids)
    out = proc.stdout + proc.stderr
    assert len(pids) == 2, out
    assert proc.returncode == 1, out  # the two tests passed; the leftovers fail the run
    assert "2 passed" in out and "processes the tests left running (stopped now)" in out
    assert "test_leaves_a_server_in_a_session_of_its_own (call)" in out
    assert "test_leaves_an_orphan_behind_a_harness_that_exited (call)" in out  # reparented to the guard
    assert gone(pids), [pid for pid in pids if alive(pid)]


@pytest.mark.skipif(sys.platform != "linux", reason="the guard reads /proc and uses a Linux subreaper")
def test_a_teardown_hanging_after_a_timeout_ends_its_process_with_the_stacks(tmp_path, pids):
    proc = run_suite(tmp_path, HANGS, pids, grace=2.0)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 3, out
    assert "test_times_out_then_its_teardown_hangs still runs 3 s after it started" in out
    assert "in server" in out  # the stack shows where the teardown hangs
    assert len(pids) == 1 and "normviz: stopped pid" in out
    assert gone(pids), pids
