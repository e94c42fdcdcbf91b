"""normviz.bench and ``python -m normviz bench``: every op and shape timed, honest byte counts, parseable JSON."""

from __future__ import annotations

import json

import numpy as np
import pytest

from normviz import _xp, bench
from normviz.cli import bench_table

TINY = ((2, 8), (3, 5))


@pytest.fixture(scope="module")
def tiny_run() -> bench.Run:
    return bench.run(backend="numpy", shapes=TINY, dtypes=("float32", "float16"), repeats=2, warmup=1)


def test_every_op_shape_and_dtype_is_timed(tiny_run):
    got = {(r.op, r.shape, r.dtype) for r in tiny_run.results}
    assert got == {(op, s, d) for op in bench.OPS for s in TINY for d in ("float32", "float16")}
    assert all(r.seconds > 0 and r.gbs > 0 for r in tiny_run.results)


def test_bytes_are_read_plus_written(tiny_run):
    for r in tiny_run.results:
        assert r.nbytes == 2 * int(np.prod(r.shape)) * np.dtype(r.dtype).itemsize


def test_ratios_are_against_the_copy_of_the_same_shape_and_dtype(tiny_run):
    copy = {(r.shape, r.dtype): r for r in tiny_run.results if r.op == "copy"}
    for r in tiny_run.results:
        if r.op in bench.NORM_OPS:
            assert r.vs_copy == pytest.approx(copy[r.shape, r.dtype].seconds / r.seconds)
        else:
            assert r.vs_copy is None


@pytest.mark.skipif(not _xp.torch_installed(), reason="needs torch")
def test_torch_functional_is_timed_on_the_same_data(tiny_run):
    for r in tiny_run.results:
        if r.op == "copy_into":
            assert r.torch_seconds is None
        elif r.dtype == "float32":
            assert r.torch_seconds > 0 and r.vs_torch == pytest.approx(r.torch_seconds / r.seconds)


@pytest.mark.skipif(not _xp.torch_installed(), reason="needs torch")
def test_each_norm_times_normviz_and_torch_on_the_same_method():
    """Both candidates of an op compute it (the method record's function and torch's op), on the same data."""
    cands, _, _ = bench._candidates(_xp.Backend("numpy"), (4, 6), "float32", bench.OPS, True)
    for op in bench.NORM_OPS:
        np.testing.assert_allclose(cands[op, "normviz"](), cands[op, "torch"]().numpy(), rtol=1e-5, atol=1e-6)
    assert [bench.LABELS[op] for op in bench.NORM_OPS] == ["LayerNorm", "RMSNorm", "L2"]


def test_without_torch_there_are_no_torch_columns():
    result = bench.run(backend="numpy", shapes=((2, 4),), dtypes=("float32",), repeats=1, warmup=0, with_torch=False)
    assert all(r.torch_seconds is None and r.vs_torch is None for r in result.results)
    assert "torch" not in result.versions


def test_progress_is_reported_after_each_group():
    calls = []
    bench.run(
        backend="numpy",
        shapes=TINY,
        dtypes=("float32",),
        ops=("copy", "l2"),
        repeats=1,
        warmup=0,
        with_torch=False,
        progress=lambda *a: calls.append(a),
    )
    assert calls == [(1, 2, (2, 8), "float32"), (2, 2, (3, 5), "float32")]


def test_table_and_json(tiny_run):
    text = bench_table(tiny_run)
    assert "vs copy" in text and "LayerNorm" in text and "load average" in text
    data = json.loads(tiny_run.to_json())
    assert len(data["results"]) == len(tiny_run.results)
    assert data["results"][0]["gbs"] == pytest.approx(tiny_run.results[0].gbs)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [({"dtypes": ("bfloat16",)}, "bfloat16"), ({"ops": ("softmax",)}, "ops"), ({"repeats": 0}, "repeats")],
)
def test_bad_arguments(kwargs, match):
    with pytest.raises(ValueError, match=match):
        bench.run(backend="numpy", shapes=((2, 4),), **kwargs)


def test_cli_quick_json_has_every_op_and_shape(cli):
    proc = cli("bench", "--quick", "--json", "--backend", "numpy", "--no-torch")  # torch: tested above
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    got = {(r["op"], tuple(r["shape"])) for r in data["results"]}
    assert got == {(op, s) for op in bench.OPS for s in bench.SHAPES}
    assert {r["dtype"] for r in data["results"]} == {"float32"}
    assert data["backend"] == "numpy (CPU)" and data["repeats"] == 3


def test_cli_table(cli):
    proc = cli("bench", "--shapes", "2x8", "4x16", "--repeats", "1", "--no-torch")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    rows = [line.split() for line in lines if line.startswith(("2×8", "4×16"))]
    assert len(rows) == 2 * 2 * len(bench.OPS)  # 2 shapes, float32 and float16, every op


@pytest.mark.parametrize(
    "args", [("--shapes", "3"), ("--shapes", "0x4"), ("--dtypes", "bfloat16", "--backend", "numpy"),
             ("--repeats", "0"), ("--backend", "jax")],
)  # fmt: skip
def test_cli_bad_arguments_give_one_line_and_status_2(args, cli):
    proc = cli("bench", *args)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("python -m normviz bench: error:")


def test_the_header_names_numpy_s_threads(monkeypatch):
    monkeypatch.setenv("OMP_NUM_THREADS", "3")
    result = bench.run(
        backend="numpy", shapes=((2, 4),), dtypes=("float32",), ops=("copy",), repeats=1, warmup=0, with_torch=False
    )
    assert result.versions["numpy_threads"] == 3
    assert "numpy_threads 3" in bench_table(result).splitlines()[0]


class _FakeClock:
    """perf_counter that moves only when a timed call runs: `cost` seconds per call."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now

    def op(self, cost):
        def call():
            self.now += cost

        return call


def test_a_sample_without_min_sample_is_one_call(monkeypatch):
    clock = _FakeClock()
    monkeypatch.setattr(bench.time, "perf_counter", clock)
    counted = []
    fast = clock.op(30e-6)
    med = bench.measure({"k": lambda: (counted.append(1), fast())}, bench.no_sync, repeats=5, warmup=1)
    assert med["k"] == pytest.approx(30e-6)
    assert len(counted) == 1 + 5


def test_gpu_samples_fill_min_sample_with_back_to_back_calls(monkeypatch):
    clock = _FakeClock()
    monkeypatch.setattr(bench.time, "perf_counter", clock)
    syncs, counted = [], {"fast": 0, "slow": 0}
    ops = {"fast": clock.op(30e-6), "slow": clock.op(5e-3)}
    cands = {k: (lambda k=k: (counted.__setitem__(k, counted[k] + 1), ops[k]())) for k in ops}
    med = bench.measure(cands, lambda: syncs.append(clock.now), repeats=3, warmup=1, min_sample=2e-3)
    assert med == {"fast": pytest.approx(30e-6), "slow": pytest.approx(5e-3)}
    # warm-up 1 + calibration 1 + 3 samples of ceil(2 ms / 30 us) = 67 calls; the slow op: one call a sample
    assert counted == {"fast": 1 + 1 + 3 * 67, "slow": 1 + 1 + 3}
    assert len(syncs) == 1 + 2 + 2 * 3 * 2  # after warm-up, after each calibration, around each sample


def test_the_cuda_backend_asks_for_two_millisecond_samples(monkeypatch):
    seen = []

    def fake_measure(cands, sync, repeats, warmup, min_sample=0.0):
        seen.append(min_sample)
        return dict.fromkeys(cands, 1e-3)

    monkeypatch.setattr(bench, "measure", fake_measure)
    monkeypatch.setattr(
        bench,
        "_candidates",
        lambda be, shape, dtype, ops, with_torch: ({(op, "normviz"): None for op in ops}, 8, bench.no_sync),
    )
    bench.run(backend=_xp.Backend("torch", "cuda"), shapes=((2, 4),), dtypes=("float32",), repeats=1, with_torch=False)
    bench.run(backend="numpy", shapes=((2, 4),), dtypes=("float32",), repeats=1, with_torch=False)
    assert seen == [bench._GPU_SAMPLE_S, 0.0, 0.0]  # numpy: one group for normviz, one for torch
