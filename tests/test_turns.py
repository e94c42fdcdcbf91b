"""normviz.ui.kit.turns: at most SLOTS script runs at once, handed out first come first served."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

import pytest

from normviz.ui.kit import turns
from tests.helpers.appserver import ROOT


def _start(target, *args) -> threading.Thread:
    thread = threading.Thread(target=target, args=args, daemon=True)
    thread.start()
    return thread


def _wait_until(condition, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.001)


def test_no_more_than_the_slots_run_at_once():
    line = turns.Line(2)
    inside, most, lock = [0], [0], threading.Lock()

    def run():
        with line.turn():
            with lock:
                inside[0] += 1
                most[0] = max(most[0], inside[0])
            time.sleep(0.01)
            with lock:
                inside[0] -= 1

    threads = [_start(run) for _ in range(12)]
    for thread in threads:
        thread.join(10)
    assert most[0] == 2 and inside[0] == 0


def test_a_freed_slot_goes_to_the_longest_waiting_thread():
    line = turns.Line(1)
    release, order = threading.Event(), []

    def holder():
        with line.turn():
            release.wait(5)

    def waiter(name):
        with line.turn():
            order.append(name)

    first = _start(holder)
    _wait_until(lambda: line._free == 0)
    waiters = []
    for name in range(6):  # each in line before the next arrives
        waiters.append(_start(waiter, name))
        _wait_until(lambda n=name: line.waiting == n + 1)
    release.set()
    for thread in (first, *waiters):
        thread.join(5)
    assert order == list(range(6))


def test_a_freed_slot_is_handed_on_not_left_for_a_newcomer():
    line = turns.Line(1)
    line._acquire()
    got = []
    queued = _start(lambda: (line._acquire(), got.append(True), line._release()))
    _wait_until(lambda: line.waiting == 1)
    line._release()
    # the slot went to the thread in line: one arriving now waits behind it (a semaphore frees it for anyone)
    assert line._free == 0
    queued.join(5)
    assert got == [True] and line._free == 1


def test_a_nested_turn_on_the_same_thread_takes_no_second_slot():
    line = turns.Line(1)
    held = []

    def page_run():
        with line.turn():
            with line.turn():  # a fragment drawn by the page's full run: must not wait for itself
                held.append(line._free)

    thread = _start(page_run)
    thread.join(5)
    assert not thread.is_alive(), "the nested turn waited for the outer one"
    assert held == [0] and line._free == 1


def test_the_slot_is_given_back_when_the_run_raises():
    line = turns.Line(1)
    with pytest.raises(RuntimeError):
        with line.turn():
            raise RuntimeError("st.rerun raises through the script")
    assert line._free == 1 and line.waiting == 0
    done = []
    _start(lambda: (line._acquire(), done.append(True), line._release())).join(5)
    assert done == [True]


@pytest.mark.parametrize("slots", [0, -1, 1.5, "2"])
def test_a_line_needs_a_positive_int(slots):
    with pytest.raises(ValueError, match="slots"):
        turns.Line(slots)


def _slots_in_fresh_process(value: str | None) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin"}
    if value is not None:
        env["NORMVIZ_SCRIPT_SLOTS"] = value
    probe = "from normviz.ui.kit import turns; print(turns._SLOTS, turns._LINE is None)"
    return subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)


def test_the_environment_sets_the_slots_and_zero_turns_the_line_off():
    assert _slots_in_fresh_process(None).stdout.split() == [str(turns.SLOTS), "False"]
    assert _slots_in_fresh_process("1").stdout.split() == ["1", "False"]
    assert _slots_in_fresh_process("0").stdout.split() == ["0", "True"]
    bad = _slots_in_fresh_process("two")
    assert bad.returncode != 0 and "NORMVIZ_SCRIPT_SLOTS" in bad.stderr
