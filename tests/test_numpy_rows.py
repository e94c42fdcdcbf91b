"""normviz._numpy_rows: numpy's large inputs in row parts on several threads, the same bits on any number of them.

tests/test_norms.py holds the engine's numbers against torch and the definitions (its numpy
cases over the last axis run through it); this file checks what only the engine has: row
parts of whole blocks, the threshold, the thread pool.
"""

from __future__ import annotations

import os
import time
import warnings

import numpy as np
import pytest

import normviz as nv
from normviz import _cpu, _numpy_rows
from normviz.methods import METHODS

# A RuntimeWarning from numpy (0/0, overflow) leaking out of normviz is a failure.
pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")

OPS = {key: m.fn for key, m in METHODS.items()}
TOL = {"float64": 1e-10, "float32": 2e-5, "float16": 2e-3}


def definition(method: str, x: np.ndarray) -> np.ndarray:
    """The three definitions over the last axis at the default eps, in float64."""
    x = np.asarray(x, dtype=np.float64)
    eps = METHODS[method].default_eps
    if method == "ln":
        x = x - x.mean(axis=-1, keepdims=True)
    if method == "l2":
        return x / np.maximum(np.sqrt((x * x).sum(axis=-1, keepdims=True)), eps)
    return x / np.sqrt((x * x).mean(axis=-1, keepdims=True) + eps)


def _rows_with_trouble(dtype: str) -> np.ndarray:
    """Rows over several blocks, with rows the fast kernels hand to the exact path in every part."""
    rows = 4 * _numpy_rows._BLOCK_BYTES // (640 * 4) + 37  # not a whole number of blocks
    data = np.random.default_rng(3).normal(3.0, 2.0, size=(rows, 640))
    data[::97] = 5.0  # constant rows: LayerNorm's exact path
    data[50::211] *= 1e-30 if dtype != "float16" else 1e-4  # tiny rows: squares underflow
    return data.astype(dtype)


@pytest.mark.parametrize("dtype", ["float32", "float16", "float64"])
@pytest.mark.parametrize("method", OPS)
def test_row_parts_give_the_same_bits_on_any_number_of_threads(monkeypatch, method, dtype):
    data = _rows_with_trouble(dtype)
    assert data.nbytes >= _numpy_rows.THREADED_MIN_BYTES or dtype == "float16"
    parts_seen = []
    real_part = _numpy_rows._part
    monkeypatch.setattr(_numpy_rows, "_part", lambda job, lo, hi: (parts_seen.append((lo, hi)), real_part(job, lo, hi)))
    monkeypatch.setattr(_numpy_rows, "THREADED_MIN_BYTES", 0)
    results = {}
    for threads in (1, 2, 3, 5):
        monkeypatch.setattr(_cpu, "cpu_threads", lambda threads=threads: threads)
        parts_seen.clear()
        results[threads] = OPS[method](data)
        assert len(parts_seen) == threads
        assert sorted(parts_seen)[0][0] == 0 and sorted(parts_seen)[-1][1] == len(data)
    for threads, got in results.items():
        assert got.dtype == data.dtype
        np.testing.assert_array_equal(got.view(np.uint8), results[1].view(np.uint8), err_msg=f"{threads} threads")
    want = definition(method, data.astype(np.float64))
    np.testing.assert_allclose(results[3].astype(np.float64), want, rtol=TOL[dtype], atol=TOL[dtype])


def test_row_parts_are_whole_blocks_and_cover_the_rows():
    parts = _numpy_rows._row_parts(1000, 64, 3)
    assert parts[0][0] == 0 and parts[-1][1] == 1000
    assert all(a[1] == b[0] for a, b in zip(parts, parts[1:]))
    assert all(lo % 64 == 0 for lo, _ in parts)
    assert _numpy_rows._row_parts(100, 64, 8) == [(0, 64), (64, 100)]  # no more parts than blocks
    assert _numpy_rows._row_parts(10, 64, 4) == [(0, 10)]


def test_small_inputs_stay_on_the_calling_thread(monkeypatch):
    monkeypatch.setattr(_cpu, "cpu_threads", lambda: pytest.fail("a small input asked for threads"))
    nv.layer_norm(np.ones((64, 7168), np.float32))  # 1.8 MB
    monkeypatch.setattr(_cpu, "cpu_threads", lambda: 2)
    calls = []
    real_pool = _numpy_rows._thread_pool
    monkeypatch.setattr(_numpy_rows, "_thread_pool", lambda workers: (calls.append(workers), real_pool(workers))[1])
    nv.layer_norm(np.ones((4096, 896), np.float32))  # 14.7 MB: this thread and one more
    nv.layer_norm(np.ones((4096, 896), np.float16))  # 7.3 MB, but worked on as 14.7 MB of float32
    assert calls == [1, 1]


def test_the_public_threshold_is_the_engines():
    """The cost page reads norms.THREADED_MIN_BYTES to say when numpy's norms use threads."""
    assert nv.norms.THREADED_MIN_BYTES == _numpy_rows.THREADED_MIN_BYTES == 2 * _numpy_rows._BLOCK_BYTES


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_a_forked_child_makes_its_own_pool(monkeypatch):
    """fork copies the pool object but not its threads: the child must not queue work on it."""
    monkeypatch.setattr(_cpu, "cpu_threads", lambda: 2)
    data = np.random.default_rng(0).normal(size=(4096, 896)).astype(np.float32)
    want = nv.rms_norm(data)  # the parent's pool now exists
    assert _numpy_rows._pool is not None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # fork with threads (Python 3.12+)
        pid = os.fork()
    if pid == 0:  # the child: exit 0 when the threaded norm finishes with the parent's bits
        code = 0 if np.array_equal(nv.rms_norm(data), want) else 1
        os._exit(code)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            assert os.waitstatus_to_exitcode(status) == 0
            return
        time.sleep(0.05)
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    pytest.fail("the forked child hung on the parent's thread pool")
