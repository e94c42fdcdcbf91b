"""No process a test starts outlives the run, and no hung test hangs it.

The servers the tests start run in sessions of their own (deploy/replica.py, deploy/fleet.py), so a worker
that dies (a hard timeout, a crash) or a harness killed mid-run (benchmarks/load.py) leaves them running,
outside the job's process group: a CI job then waits on them, or on a teardown that waits on them. The
process running the session (the xdist controller, or pytest alone) becomes a child subreaper (Linux): every
process the tests start that loses its parent becomes its child, and whatever is still its child when the
session ends is reported, stopped (its process group, else its process tree) and reaped. The report fails
the run. Each test process also has a hard deadline per test, pytest-timeout's limit plus GRACE_S:
pytest-timeout's SIGALRM interrupts a test once, and a teardown that then waits forever would hang the
run; past the deadline the process writes every thread's stack to stderr, stops its children and exits.

Registered by tests/conftest.py; tests/test_process_guard.py runs it on a small suite of its own.
"""

from __future__ import annotations

import contextlib
import ctypes
import faulthandler
import os
import signal
import sys
import threading
import time

import pytest

PR_SET_CHILD_SUBREAPER = 36
GRACE_S = 90.0


def _proc(pid: int, name: str) -> bytes:
    try:
        with open(f"/proc/{pid}/{name}", "rb") as f:
            return f.read()
    except OSError:
        return b""


def _stat(pid: int) -> tuple[str, int, int] | None:
    """(state, parent pid, process group) of ``pid`` from /proc/<pid>/stat, or None if it is gone."""
    fields = _proc(pid, "stat").rpartition(b")")[2].split()
    return (fields[0].decode(), int(fields[1]), int(fields[2])) if len(fields) > 2 else None


def _processes() -> dict[int, tuple[str, int, int]]:
    table = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (stat := _stat(int(entry))) is not None:
            table[int(entry)] = stat
    return table


def _describe(pid: int) -> str:
    command = _proc(pid, "cmdline").replace(b"\0", b" ").decode(errors="replace").strip() or "?"
    env = dict(line.partition(b"=")[::2] for line in _proc(pid, "environ").split(b"\0") if b"=" in line)
    started = env.get(b"PYTEST_CURRENT_TEST", b"").decode(errors="replace")
    worker = env.get(b"PYTEST_XDIST_WORKER", b"").decode()
    where = f" (started during {started}{' on ' + worker if worker else ''})" if started else ""
    return f"pid {pid}: {command[:300]}{where}"


def stop_children(keep: frozenset[int] = frozenset()) -> list[str]:
    """Stop every child of this process but ``keep``, with its process group or its descendants; reap them.

    Returns a line for each child that was still running (dead children, zombies, are only reaped)."""
    table, me = _processes(), os.getpid()
    children = [pid for pid, (_, ppid, _) in table.items() if ppid == me and pid not in keep]
    running = [pid for pid in children if table[pid][0] != "Z"]
    report = [_describe(pid) for pid in running]
    own_group = os.getpgid(0)

    def tree(root: int) -> list[int]:
        found, todo = [], [root]
        while todo:
            pid = todo.pop()
            found.append(pid)
            todo += [p for p, (_, ppid, _) in table.items() if ppid == pid]
        return found

    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in running:
            try:
                if table[pid][2] == pid and pid != own_group:  # a session or group of its own: all of it
                    os.killpg(pid, sig)
                else:
                    for member in tree(pid):
                        os.kill(member, sig)
            except (ProcessLookupError, PermissionError):
                pass
        deadline = time.monotonic() + 5
        while running and time.monotonic() < deadline:
            running = [pid for pid in running if (s := _stat(pid)) is not None and s[0] != "Z"]
            time.sleep(0.05)
    for pid in children:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
    return report


def _timeout_of(item) -> float:
    marker = item.get_closest_marker("timeout")
    if marker is not None and (marker.args or "timeout" in marker.kwargs):
        value = marker.args[0] if marker.args else marker.kwargs["timeout"]
    else:
        value = item.config.getoption("timeout", None) or item.config.getini("timeout")
    try:
        return float(value or 0)
    except (TypeError, ValueError):
        return 0.0


class ProcessGuard:
    def __init__(self, config):
        self.config = config
        self.runs_session = not hasattr(config, "workerinput")  # the xdist controller, or pytest alone
        self.before = frozenset()
        self.left: list[str] = []
        self.stderr = os.dup(2)  # the real stderr: pytest captures fd 2 while a test runs
        self.armed: tuple[float, str, float] | None = None  # (deadline, test, limit)
        self.wake = threading.Event()
        if self.runs_session and sys.platform == "linux":
            table, me = _processes(), os.getpid()
            self.before = frozenset(pid for pid, (_, ppid, _) in table.items() if ppid == me)
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
        threading.Thread(target=self._watch, name="normviz-deadline", daemon=True).start()

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        limit = _timeout_of(item)
        if limit > 0:
            self.armed = (time.monotonic() + limit + GRACE_S, item.nodeid, limit)
            self.wake.set()
        try:
            return (yield)
        finally:
            self.armed = None
            self.wake.set()

    def _watch(self):
        while True:
            armed = self.armed
            self.wake.wait(None if armed is None else max(0.0, armed[0] - time.monotonic()))
            self.wake.clear()
            armed = self.armed
            if armed is None or time.monotonic() < armed[0]:
                continue
            _, test, limit = armed
            os.write(
                self.stderr,
                f"\nnormviz: {test} still runs {limit + GRACE_S:.0f} s after it started "
                f"(pytest-timeout's limit: {limit:.0f} s); every thread's stack, then this "
                f"process ends:\n".encode(),
            )
            faulthandler.dump_traceback(self.stderr, all_threads=True)
            for line in stop_children():
                os.write(self.stderr, f"normviz: stopped {line}\n".encode())
            os._exit(3)

    @pytest.hookimpl(trylast=True)  # after xdist has shut its workers down
    def pytest_sessionfinish(self, session):
        if not self.runs_session or sys.platform != "linux":
            return
        self.left = stop_children(self.before)
        if self.left and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter):
        if self.left:
            terminalreporter.section("processes the tests left running (stopped now)", red=True)
            for line in self.left:
                terminalreporter.line(line)
