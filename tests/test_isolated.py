"""normviz._isolated: one call in a fresh interpreter with limits on its time and memory, the caller's lock free."""

from __future__ import annotations

import time

import pytest

from normviz import _isolated
from normviz.checkpoint_examples import EXAMPLES
from tests.helpers.hostilecheckpoints import LockWatch, children

LIMITS = {"wall_s": 20.0, "cpu_s": 10.0, "memory_bytes": 256 * 2**20}


def test_a_call_returns_the_functions_value():
    assert _isolated.call("math:fsum", [0.1] * 10, **LIMITS) == 1.0
    assert _isolated.call("builtins:divmod", 7, 2, **LIMITS) == (3, 1)


def test_an_exception_in_the_child_comes_back_as_failed_with_its_message():
    with pytest.raises(_isolated.Failed, match="JSONDecodeError"):
        _isolated.call("json:loads", "{", **LIMITS)


def test_a_child_past_its_wall_clock_limit_is_ended_whatever_it_does():
    start = time.perf_counter()
    with pytest.raises(_isolated.LimitExceeded) as info:
        _isolated.call("time:sleep", 60, **{**LIMITS, "wall_s": 0.3})
    assert info.value.which == "time" and time.perf_counter() - start < 10


def test_a_child_past_its_cpu_limit_is_ended():
    start = time.perf_counter()
    with pytest.raises(_isolated.LimitExceeded) as info:
        _isolated.call("builtins:sum", range(10**12), **{**LIMITS, "wall_s": 60.0, "cpu_s": 1.0})
    assert info.value.which == "time" and time.perf_counter() - start < 20


def test_a_child_past_its_memory_limit_is_ended():
    with pytest.raises(_isolated.LimitExceeded) as info:
        _isolated.call("builtins:bytearray", 2**30, **{**LIMITS, "memory_bytes": 64 * 2**20})
    assert info.value.which == "memory"


def test_the_answer_may_hold_only_plain_data_and_the_allowed_classes():
    with pytest.raises(_isolated.Failed, match="collections.OrderedDict"):
        _isolated.call("collections:OrderedDict", **LIMITS)
    allowed = frozenset({("collections", "OrderedDict")})
    assert _isolated.call("collections:OrderedDict", {"a": 1}, allowed=allowed, **LIMITS) == {"a": 1}


def test_the_child_loads_neither_streamlit_nor_torch_for_a_safetensors_file_and_leaves_no_process():
    before = set(children())
    loaded = _isolated.call(
        "tests.helpers.hostilecheckpoints:modules_after_inspecting", EXAMPLES["gpt2"].model.read_bytes(), **LIMITS
    )
    assert "normviz.checkpoint" in loaded and "safetensors" in loaded
    assert not [m for m in loaded if m.partition(".")[0] in ("streamlit", "torch", "plotly")]
    assert set(children()) <= before  # reaped, also after a kill:
    with pytest.raises(_isolated.LimitExceeded):
        _isolated.call("time:sleep", 60, **{**LIMITS, "wall_s": 0.2})
    assert set(children()) <= before


def test_the_caller_waits_without_holding_the_interpreter_lock():
    with LockWatch() as watch:
        start = time.perf_counter()
        _isolated.call("builtins:sum", range(4 * 10**7), **LIMITS)  # about a second of CPU, in the child
        elapsed = time.perf_counter() - start
    # Held by the caller, the lock would stop the watching thread for the whole call: its wait would be the
    # call's time, all of it spent running the caller. A loaded machine (two test workers and the child on two
    # cores) can take a thread off its core for a couple of 100 ms on its own, which ``held`` leaves out.
    assert elapsed > 0.3 and watch.pieces > 0.3 / 0.01
    assert watch.held < 0.1 and watch.longest < elapsed / 2, (watch.held, watch.longest, elapsed)
