"""The precision page's claims, computed: float16's square overflow, the float32 fix, bfloat16's 2⁻⁸.

Oracles: numpy.finfo for the limits, torch.nn.functional for the upcast path, float64 for the errors.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from normviz import precision

torch = pytest.importorskip("torch")
F = torch.nn.functional

THRESHOLD = math.sqrt(float(np.finfo(np.float16).max))  # √65504, from numpy's finfo (the module reads torch's)


def test_limits_come_from_finfo_and_agree_with_numpy():
    table = {r.name: r for r in precision.limits_table()}
    assert [r.name for r in precision.limits_table()] == ["float16", "bfloat16", "float32", "float64"]
    for name in ("float16", "float32", "float64"):
        info = np.finfo(name)
        assert (table[name].max, table[name].tiny, table[name].eps) == (float(info.max), float(info.tiny),
                                                                        float(info.eps))
        assert table[name].bits == info.nmant + 1
    assert table["float16"].max == 65504.0 and table["bfloat16"].bits == 8 and table["float16"].bits == 11
    assert table["bfloat16"].unit_roundoff == 2.0 ** -8
    assert table["float16"].square_overflow == pytest.approx(THRESHOLD) and 255.9 < THRESHOLD < 256.0
    assert table["bfloat16"].square_overflow > 1e19  # float32's exponent range


def test_the_float16_threshold_is_where_a_square_overflows():
    below = torch.tensor(255.875, dtype=torch.float16)  # the largest float16 under √65504
    above = torch.tensor(256.0, dtype=torch.float16)
    assert float(below) < THRESHOLD < float(above)
    assert torch.isfinite(below * below) and torch.isinf(above * above)


@pytest.mark.parametrize("key", precision.KEYS)
def test_naive_float16_overflows_just_above_256_and_not_below(key):
    """A row with mean 0, so that xᵢ − μ = xᵢ and LayerNorm meets the same threshold as RMSNorm."""
    rows = np.array([[v, -v, 1.0, -1.0, 0.5, -0.5] for v in (255.8, 257.0)])
    ref = precision.reference(rows, key)
    y = precision.outputs(rows, key, "float16", "naive")
    err = precision.errors(y, ref)
    assert np.all(np.isfinite(y[0])) and err[0] < 2.0 ** -9
    assert np.all(y[1] == 0.0) and err[1] == 1.0  # x / inf = 0: the output is gone


@pytest.mark.parametrize("key", precision.KEYS)
def test_the_page_counts_the_overflowing_squares(key):
    ok = precision.current(64, 200.0, 0.0, 1.0, 0)
    bad = precision.current(64, 257.0, 0.0, 1.0, 0)
    assert ok.square_inf[(key, "float16")] == 0 and ok.result(key, "float16", "naive").outcome == "ok"
    assert bad.square_inf[("rms", "float16")] >= 1 and bad.result("rms", "float16", "naive").outcome == "zero"
    for d in ("bfloat16", "float32"):
        assert bad.square_inf[(key, d)] == 0


def test_naive_float16_on_two_components_gives_zero_and_upcast_does_not():
    x = np.array([[256.0, 1.0], [255.875, 1.0]])
    naive = precision.outputs(x, "rms", "float16", "naive")
    assert np.all(naive[0] == 0.0) and np.all(np.isfinite(naive[1])) and np.all(naive[1] != 0.0)
    up = precision.outputs(x, "rms", "float16", "upcast")
    np.testing.assert_allclose(up, precision.reference(x, "rms"), rtol=2.0 ** -10)


@pytest.mark.parametrize("key", precision.KEYS)
@pytest.mark.parametrize("max_abs", [300.0, 1000.0, 6e4])
def test_the_float32_reduction_fixes_the_overflow(key, max_abs):
    cur = precision.current(512, max_abs, 0.0, 1.0, 3)
    assert cur.result(key, "float16", "naive").outcome == "zero"
    up = cur.result(key, "float16", "upcast")
    assert up.outcome == "ok" and up.error < 2.0 ** -10  # float16's own rounding, no more


@pytest.mark.parametrize("key, fn", [("rms", lambda x, n: F.rms_norm(x, (n,), eps=1e-6)),
                                     ("ln", lambda x, n: F.layer_norm(x, (n,), eps=1e-5))])
@pytest.mark.parametrize("dtype", precision.DTYPES)
def test_the_upcast_path_is_x_float_then_type_as_x(key, fn, dtype):
    """Seed 002's pattern, self._norm(x.float()).type_as(x), with torch's own norm as the oracle."""
    x = precision.make_input(300, 1000.0, 0.5, 1.0, 1)
    xt = torch.as_tensor(x).to(getattr(torch, dtype))
    expected = fn(xt.float(), 300).type_as(xt).float().numpy()
    got = precision.outputs(x, key, dtype, "upcast")
    tol = {"float16": 2.0 ** -10, "bfloat16": 2.0 ** -7, "float32": 1e-6}[dtype]
    np.testing.assert_allclose(got, expected, rtol=tol, atol=tol)


def test_bfloat16_keeps_an_error_of_the_order_of_2_to_the_minus_8():
    sw = precision.sweep(1024, 0.0, 1.0, 0)
    for key in precision.KEYS:
        up, naive = sw.errors[(key, "bfloat16", "upcast")], sw.errors[(key, "bfloat16", "naive")]
        assert np.all(np.isfinite(up)) and np.all(np.isfinite(naive))  # no overflow anywhere up to 1e5
        assert 2.0 ** -12 < up.min() and up.max() < 2 * 2.0 ** -8  # one rounding in, one out
        assert naive.max() < 4 * 2.0 ** -8
        assert sw.errors[(key, "float32", "upcast")].max() < 1e-6
        assert np.median(up) > 4 * np.nanmedian(sw.errors[(key, "float16", "upcast")])  # 3 bits fewer than float16


def test_a_value_beyond_float16s_range_is_inf_when_stored_and_gives_nan():
    cur = precision.current(64, 1e5, 0.0, 1.0, 0)
    assert cur.stored_inf["float16"] >= 1 and cur.stored_inf["bfloat16"] == 0
    for key in precision.KEYS:
        for path in precision.PATHS:
            r = cur.result(key, "float16", path)
            assert r.outcome == "nan" and math.isnan(r.error)
        assert cur.result(key, "bfloat16", "upcast").outcome == "ok"


def test_the_sweep_finds_each_failure_where_finfo_says():
    sw = precision.sweep(256, 0.0, 1.0, 0)
    assert sw.max_abs[0] == pytest.approx(1e-2) and sw.max_abs[-1] == pytest.approx(1e5)
    for key in precision.KEYS:
        first = precision.first_failure(sw, key, "float16", "naive")
        step = sw.max_abs[1] / sw.max_abs[0]
        assert THRESHOLD <= first < THRESHOLD * step
        assert precision.first_failure(sw, key, "float16", "upcast") > float(np.finfo(np.float16).max)
        for dtype in ("bfloat16", "float32"):
            for path in precision.PATHS:
                assert precision.first_failure(sw, key, dtype, path) is None


def test_a_large_offset_costs_layernorm_float16_digits_before_it_overflows():
    """Offset 10 against spread 0.1: centring cancels the common part, and with it most of float16's bits."""
    plain = precision.current(1024, 200.0, 0.0, 0.1, 0).result("ln", "float16", "naive").error
    shifted = precision.current(1024, 200.0, 10.0, 0.1, 0).result("ln", "float16", "naive").error
    assert shifted > 20 * plain


def test_the_shape_has_the_chosen_max_abs_and_the_zero_vector_stays_zero():
    x = precision.make_input(100, 257.0, 3.0, 2.0, 5)
    assert np.max(np.abs(x)) == pytest.approx(257.0, rel=1e-15)
    assert np.all(precision.make_input(10, 300.0, 0.0, 0.0, 0) == 0.0)
    cur = precision.current(10, 300.0, 0.0, 0.0, 0)
    assert cur.result("rms", "float32", "upcast").all_zero


def test_the_slider_value_is_rounded_to_four_digits():
    assert precision.max_abs_from_exponent(2.41) == 257.0
    assert precision.max_abs_from_exponent(math.log10(255.0)) == 255.0
    assert precision.max_abs_from_exponent(5.0) == 1e5
    assert precision.max_abs_from_exponent(math.log10(65504.0)) == 65504.0  # the preset, not 6.55e4


@pytest.mark.parametrize("args, word", [
    ((1, 1.0, 0.0, 1.0, 0), "n"), ((9000, 1.0, 0.0, 1.0, 0), "n"), ((8, -1.0, 0.0, 1.0, 0), "max_abs"),
    ((8, math.nan, 0.0, 1.0, 0), "max_abs"), ((8, 1.0, 0.0, -1.0, 0), "spread"), ((8, 1.0, 0.0, 1.0, -2), "seed"),
])
def test_bad_arguments_raise_value_error_naming_them(args, word):
    with pytest.raises(ValueError, match=word):
        precision.make_input(*args)


def test_bad_path_dtype_or_key_raise():
    x = np.ones((1, 4))
    with pytest.raises(ValueError, match="path"):
        precision.outputs(x, "rms", "float16", "fast")
    with pytest.raises(ValueError, match="key"):
        precision.outputs(x, "l2", "float16", "naive")
    with pytest.raises(ValueError, match="dtype"):
        precision.outputs(x, "rms", "float8", "naive")


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")
@pytest.mark.parametrize("dtype", precision.DTYPES)
def test_cuda_gives_the_cpu_outcomes(dtype):
    for max_abs in (100.0, 300.0, 1e5):
        cpu = precision.current(2048, max_abs, 0.0, 1.0, 0)
        gpu = precision.current(2048, max_abs, 0.0, 1.0, 0, device="cuda")
        for key in precision.KEYS:
            for path in precision.PATHS:
                a, b = cpu.result(key, dtype, path), gpu.result(key, dtype, path)
                assert a.outcome == b.outcome
                if a.outcome == "ok":
                    assert b.error < 4 * max(a.error, 1e-7)
