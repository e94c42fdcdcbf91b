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
        assert (table[name].max, table[name].tiny, table[name].eps) == (
            float(info.max),
            float(info.tiny),
            float(info.eps),
        )
        assert table[name].bits == info.nmant + 1
    assert table["float16"].max == 65504.0 and table["bfloat16"].bits == 8 and table["float16"].bits == 11
    assert table["bfloat16"].unit_roundoff == 2.0**-8
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
    assert np.all(np.isfinite(y[0])) and err[0] < 2.0**-9
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
    np.testing.assert_allclose(up, precision.reference(x, "rms"), rtol=2.0**-10)


@pytest.mark.parametrize("key", precision.KEYS)
@pytest.mark.parametrize("max_abs", [300.0, 1000.0, 6e4])
def test_the_float32_reduction_fixes_the_overflow(key, max_abs):
    cur = precision.current(512, max_abs, 0.0, 1.0, 3)
    assert cur.result(key, "float16", "naive").outcome == "zero"
    up = cur.result(key, "float16", "upcast")
    assert up.outcome == "ok" and up.error < 2.0**-10  # float16's own rounding, no more


@pytest.mark.parametrize(
    "key, fn",
    [("rms", lambda x, n: F.rms_norm(x, (n,), eps=1e-6)), ("ln", lambda x, n: F.layer_norm(x, (n,), eps=1e-5))],
)
@pytest.mark.parametrize("dtype", precision.DTYPES)
def test_the_upcast_path_is_x_float_then_type_as_x(key, fn, dtype):
    """Seed 002's pattern, self._norm(x.float()).type_as(x), with torch's own norm as the oracle."""
    x = precision.make_input(300, 1000.0, 0.5, 1.0, 1)
    xt = torch.as_tensor(x).to(getattr(torch, dtype))
    expected = fn(xt.float(), 300).type_as(xt).float().numpy()
    got = precision.outputs(x, key, dtype, "upcast")
    tol = {"float16": 2.0**-10, "bfloat16": 2.0**-7, "float32": 1e-6}[dtype]
    np.testing.assert_allclose(got, expected, rtol=tol, atol=tol)


def test_bfloat16_keeps_an_error_of_the_order_of_2_to_the_minus_8():
    sw = precision.sweep(1024, 0.0, 1.0, 0)
    for key in precision.KEYS:
        up, naive = sw.errors[(key, "bfloat16", "upcast")], sw.errors[(key, "bfloat16", "naive")]
        assert np.all(np.isfinite(up)) and np.all(np.isfinite(naive))  # no overflow anywhere up to 1e5
        assert 2.0**-12 < up.min() and up.max() < 2 * 2.0**-8  # one rounding in, one out
        assert naive.max() < 4 * 2.0**-8
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


@pytest.mark.parametrize(
    "args, word",
    [
        ((1, 1.0, 0.0, 1.0, 0), "n"),
        ((9000, 1.0, 0.0, 1.0, 0), "n"),
        ((8, -1.0, 0.0, 1.0, 0), "max_abs"),
        ((8, math.nan, 0.0, 1.0, 0), "max_abs"),
        ((8, 1.0, 0.0, -1.0, 0), "spread"),
        ((8, 1.0, 0.0, 1.0, -2), "seed"),
    ],
)
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


# --- the sum-vs-mean reduction (issue 24 §1.4) ---------------------------------------------------------------


def _float16_sum_facts(device):
    """What torch's float16 sum does: (1 + 4096·2⁻¹² in order, a total of 65504, a total of 65520)."""
    small = torch.cat([torch.ones(1), torch.full((4096,), 2.0**-12)]).half().to(device)
    at = lambda total: float(torch.full((2048,), total / 2048).half().to(device).sum())  # noqa: E731
    return float(small.sum()), at(65504.0), at(65519.0), at(65520.0)


def test_torch_adds_a_float16_sum_in_float32_and_rounds_the_total_once():
    """The page's claim, measured: a float16 running sum would stay at 1 (each 2⁻¹² is below half a float16 step
    at 1); torch's gives 2. A total from 65520 (half a step above 65504) on rounds to inf, below it to 65504."""
    ones_plus, max_total, just_below, just_at = _float16_sum_facts("cpu")
    assert ones_plus == 2.0
    assert max_total == 65504.0 and just_below == 65504.0 and math.isinf(just_at)
    assert precision.limits("float16").rounds_to_inf == 65520.0
    assert float(torch.tensor(65519.99).half()) == 65504.0 and math.isinf(float(torch.tensor(65520.0).half()))


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")
def test_cuda_adds_a_float16_sum_the_same_way():
    ones_plus, max_total, just_below, just_at = _float16_sum_facts("cuda")
    assert ones_plus == 2.0 and max_total == just_below == 65504.0 and math.isinf(just_at)


@pytest.mark.parametrize("d", [64, 2048, 8192])
def test_the_sum_reduction_overflows_once_rms_passes_the_square_root_of_max_over_d(d):
    """Σx² = D·RMS² > 65504 ⇔ RMS > √(65504 / D): 5.66 for D = 2048, far below 256; torch.mean is fine there."""
    thr = precision.sum_overflow_rms(d)
    assert thr == pytest.approx(math.sqrt(65504.0 / d))
    below, above = np.full((1, d), thr * 0.995), np.full((1, d), thr * 1.005)
    ok = precision.outputs(below, "rms", "float16", "naive", reduction="sum")
    gone = precision.outputs(above, "rms", "float16", "naive", reduction="sum")
    assert np.all(np.isfinite(ok)) and np.all(ok != 0.0)
    assert np.all(gone == 0.0)
    assert np.all(precision.outputs(above, "rms", "float16", "naive", reduction="mean") != 0.0)
    assert precision.sum_overflow_rms(2048) == pytest.approx(5.655, abs=1e-3)


@pytest.mark.parametrize("key", precision.KEYS)
def test_a_sum_overflow_needs_no_overflowing_square(key):
    """At max|x| = 100 (every square below 65504), n = 2048: the sum's total overflows, the mean does not."""
    s = precision.current(2048, 100.0, 0.0, 1.0, 0, reduction="sum")
    m = precision.current(2048, 100.0, 0.0, 1.0, 0, reduction="mean")
    assert s.square_inf[(key, "float16")] == 0 and s.reduced_inf[(key, "float16")]
    assert s.result(key, "float16", "naive").outcome == "zero" and s.grad(key, "float16", "naive").outcome == "zero"
    assert not m.reduced_inf[(key, "float16")] and m.result(key, "float16", "naive").outcome == "ok"
    for d in ("bfloat16", "float32"):
        assert s.result(key, d, "naive").outcome == "ok"
    for p in ("upcast",):
        assert s.result(key, "float16", p).error == m.result(key, "float16", p).error  # the switch is the naive path's


@pytest.mark.parametrize("key", precision.KEYS)
def test_the_sweep_with_sum_fails_where_sum_overflow_max_abs_says(key):
    sw = precision.sweep(512, 0.0, 1.0, 4, reduction="sum")
    at = sw.sum_overflow[key]
    s = precision.shape(512, 0.0, 1.0, 4)
    centred = s - s.mean() if key == "ln" else s
    assert np.sum((at * centred) ** 2) == pytest.approx(65504.0)  # the line's definition, in exact arithmetic
    first = precision.first_failure(sw, key, "float16", "naive")
    step = sw.max_abs[1] / sw.max_abs[0]
    assert at / step <= first < at * step**2  # squares rounded to float16 move it by a fraction of a step
    assert precision.first_failure(precision.sweep(512, 0.0, 1.0, 4), key, "float16", "naive") > 255.9


def test_layernorms_sum_mean_overflows_on_a_large_common_offset():
    """sum(-1) / D for μ as well: Σxᵢ past 65504 makes μ inf, x − μ −inf and the output NaN."""
    cur = precision.current(2048, 40.0, 10.0, 0.0, 0, reduction="sum")  # constant x = 40: Σx = 81920
    assert cur.mean_inf["float16"] and cur.result("ln", "float16", "naive").outcome == "nan"
    assert not precision.current(2048, 40.0, 10.0, 0.0, 0).mean_inf["float16"]


# --- the backward pass (issue 24 §1.3) ---------------------------------------------------------------------


@pytest.mark.parametrize("key", precision.KEYS)
@pytest.mark.parametrize("big", [300.0, 1000.0])
@pytest.mark.parametrize("reduction", precision.REDUCTIONS)
def test_naive_float16_gives_output_zero_and_gradient_exactly_zero_and_finite(key, big, reduction):
    """One component of 300 or 1000: by torch autograd ∂L/∂x is 0 in every component, no NaN: silent."""
    x = np.random.default_rng(1).standard_normal(2048)
    x[7] = big
    g = precision.upstream(2048, 0)
    y = precision.outputs(x, key, "float16", "naive", reduction=reduction)
    dx = precision.gradients(x, g, key, "float16", "naive", reduction=reduction)
    assert np.all(y == 0.0) and np.all(dx == 0.0) and np.all(np.isfinite(dx))
    up = precision.gradients(x, g, key, "float16", "upcast")
    ref = precision.gradients(x, g, key, "float64", "upcast")
    assert np.all(np.isfinite(up)) and np.linalg.norm(up) > 0.1 * np.linalg.norm(ref)
    assert precision.errors(up, ref)[0] < 2.0**-8


@pytest.mark.parametrize("key", precision.KEYS)
def test_nan_appears_only_where_x_itself_is_inf(key):
    for max_abs in (100.0, 300.0, 1000.0, 6e4):  # stored finite in float16: every gradient finite
        cur = precision.current(256, max_abs, 0.0, 1.0, 2)
        assert cur.stored_inf["float16"] == 0
        assert all(np.all(np.isfinite(r.y)) for r in cur.grads.values())
    cur = precision.current(256, 1e5, 0.0, 1.0, 2)  # beyond 65504: inf when stored
    assert cur.stored_inf["float16"] >= 1
    for path in precision.PATHS:
        assert cur.grad(key, "float16", path).outcome == "nan" and cur.grad(key, "float16", path).nonfinite == 256
        assert cur.grad(key, "bfloat16", path).outcome == "ok"
    x = torch.tensor([1.0, float("inf"), 2.0], dtype=torch.float16, requires_grad=True)  # by torch directly
    (x / (x * x).mean().sqrt()).backward(torch.ones(3, dtype=torch.float16))
    assert torch.isnan(x.grad).all()


@pytest.mark.parametrize("reduction", precision.REDUCTIONS)
def test_a_nan_gradient_always_comes_from_an_inf_met_in_the_forward_pass(reduction):
    """The page's "when NaN appears": x itself inf, or (sum(-1) / D only) LayerNorm's μ overflowing; never an
    overflowing square or sum of squares alone, which give exact zeros."""
    seen = set()
    for max_abs in (1.0, 100.0, 300.0, 3000.0, 6e4, 1e5):
        for offset, spread in ((0.0, 1.0), (10.0, 0.0), (3.0, 1.0)):
            cur = precision.current(512, max_abs, offset, spread, 1, reduction=reduction)
            for (key, dtype, path), r in cur.grads.items():
                if r.outcome == "nan":
                    mean = reduction == "sum" and key == "ln" and path == "naive" and cur.mean_inf[dtype]
                    assert cur.stored_inf[dtype] or mean, (max_abs, offset, spread, key, dtype, path)
                    seen.add("stored" if cur.stored_inf[dtype] else "mean")
                elif r.outcome == "zero":
                    assert cur.result(key, dtype, path).outcome == "zero" and path == "naive"
    assert seen == ({"stored", "mean"} if reduction == "sum" else {"stored"})


@pytest.mark.parametrize(
    "key, fn",
    [
        ("rms", lambda x: F.rms_norm(x, (x.shape[-1],), eps=1e-6)),
        ("ln", lambda x: F.layer_norm(x, (x.shape[-1],), eps=1e-5)),
    ],
)
def test_the_gradients_are_torchs_autograd_of_its_own_norm(key, fn):
    x = precision.make_input(300, 50.0, 1.0, 1.0, 3)
    g = precision.upstream(300, 3)
    xt = torch.tensor(x, requires_grad=True)
    fn(xt).backward(torch.tensor(g))
    np.testing.assert_allclose(
        precision.gradients(x, g, key, "float64", "upcast"), xt.grad.numpy(), rtol=1e-10, atol=1e-14
    )
    x16 = torch.tensor(x).half().float().requires_grad_()
    fn(x16).backward(torch.tensor(g).half().float())
    np.testing.assert_allclose(
        precision.gradients(x, g, key, "float16", "upcast"), x16.grad.half().float().numpy(), rtol=2.0**-9, atol=1e-6
    )


# --- ε cannot rescue an overflow (issue 24 §3.2) ------------------------------------------------------------


@pytest.mark.parametrize("eps", [1e-3, 1.0, 1e3])
def test_a_larger_eps_does_not_rescue_an_overflow_only_upcasting_does(eps):
    assert math.isinf(float(torch.tensor(float("inf"), dtype=torch.float16) + eps))
    for reduction in precision.REDUCTIONS:
        cur = precision.current(1024, 302.0, 0.0, 1.0, 0, eps=eps, reduction=reduction)
        for key in precision.KEYS:
            assert cur.result(key, "float16", "naive").outcome == "zero"
            assert cur.grad(key, "float16", "naive").outcome == "zero"
            up = cur.result(key, "float16", "upcast")
            assert up.outcome == "ok" and up.error < 2.0**-10  # against float64 at the same ε
        stored = precision.current(1024, 1e5, 0.0, 1.0, 0, eps=eps, reduction=reduction)
        assert all(stored.result(k, "float16", p).outcome == "nan" for k in precision.KEYS for p in precision.PATHS)
    cur = precision.current(1024, 302.0, 0.0, 1.0, 0, eps=eps)
    np.testing.assert_allclose(cur.reference["rms"], precision.reference(cur.x, "rms", eps))
    assert cur.eps_of("rms") == eps == cur.eps_of("ln")


def test_a_large_eps_shortens_vectors_whose_rms_is_near_its_square_root():
    small = precision.make_input(512, 1.0, 0.0, 1.0, 0)  # RMS ≈ 0.3 < √1000
    y = precision.reference(small, "rms", 1e3)
    assert np.linalg.norm(y) < 0.05 * math.sqrt(512)


# --- the reference module, line by line (issue 24 §3.1) -----------------------------------------------------

SHAPES = {
    "weight": ("D",),
    "upcast": ("B", "S", "D"),
    "mean": ("B", "S", 1),
    "rsqrt": ("B", "S", 1),
    "cast": ("B", "S", "D"),
    "scale": ("B", "S", "D"),
}


@pytest.mark.parametrize("dtype", precision.DTYPES)
@pytest.mark.parametrize("module", list(precision.MODULES))
def test_each_line_of_a_batch_has_its_shape_and_dtype(dtype, module):
    b, s_, d = 2, 3, 64
    x = np.random.default_rng(0).standard_normal((b, s_, d)) * 40
    run = precision.run_module(x, dtype, module)
    sizes = {"B": b, "S": s_, "D": d}
    for line in run.lines:
        assert line.shape == tuple(sizes.get(v, v) for v in SHAPES[line.key]), line.code
    dt = {line.key: line.dtype for line in run.lines}
    assert dt["upcast"] == dt["mean"] == dt["rsqrt"] == "float32" and run.out_dtype == dtype
    assert dt["weight"] == dtype and (dt["cast"] if module == "reference" else dt["scale"]) == (
        dtype if module == "reference" else "float32"
    )


@pytest.mark.parametrize("dtype", precision.DTYPES)
def test_the_reference_module_is_normviz_rms_norm_and_torch_nn_rmsnorm(dtype):
    x = precision.make_input(2048, 302.0, 0.0, 1.0, 0)
    run = precision.run_module(x, dtype, "reference")
    tol = {"float16": 0.0, "bfloat16": 0.0, "float32": 1e-6}[dtype]  # both 16-bit: the same bits
    assert run.vs_normviz <= tol and run.vs_torch == 0.0
    xt = torch.tensor(x).to(getattr(torch, dtype)).reshape(1, 1, -1)
    with torch.no_grad():
        torch_out = torch.nn.RMSNorm(2048, eps=1e-6, dtype=xt.dtype)(xt).double().reshape(-1).numpy()
    np.testing.assert_array_equal(run.out, torch_out)
    ms = next(line for line in run.lines if line.key == "mean").values[0]
    assert ms == pytest.approx(np.mean(xt.float().double().numpy() ** 2), rel=1e-6)  # the live value shown
    gemma = precision.run_module(x, dtype, "gemma")
    np.testing.assert_array_equal(gemma.out, run.out)  # w = 0 at initialisation: 1 + w = 1 exactly
    assert gemma.vs_torch == 0.0


def test_a_freshly_built_module_keeps_float32_weights_and_promotes_the_output():
    """The page says the weight is in the model's dtype (model.to(dtype)); a fresh module is float32."""
    m = torch.nn.RMSNorm(8)
    assert m.weight.dtype == torch.float32
    y = torch.ones(1, 1, 8, dtype=torch.bfloat16)
    assert (m.weight * y).dtype == torch.float32


# --- what γ's dtype does ------------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", precision.DTYPES)
def test_a_gamma_kept_in_bfloat16_costs_its_rounding_and_makes_the_output_float32(dtype):
    x = precision.make_input(2048, 302.0, 0.0, 1.0, 0)
    gamma = precision.trained_gamma(2048, 0)
    run = precision.gamma_variants(x, dtype, gamma)
    bug, f32, model = run.variant("bf16_gamma"), run.variant("float32"), run.variant("model")
    assert (bug.dtype, bug.bytes) == ("float32", 4) and (f32.dtype, model.dtype) == (dtype, dtype)
    stored = torch.tensor(gamma).to(torch.bfloat16).double().numpy()
    assert run.gamma_error == pytest.approx(np.max(np.abs(stored - gamma) / gamma))
    assert 2.0**-10 < run.gamma_error <= 2.0**-8
    assert 2.0**-10 < bug.error <= 2.0**-8 + 2.0**-9  # γ's rounding plus x stored in the dtype
    if dtype != "bfloat16":  # 16 or more bits of x: the bug is the largest error of the table
        assert bug.error > 3 * f32.error
    assert bug.error < 0.01  # the output's scale is not changed, let alone by an order of magnitude
    W = torch.ones(4, 2048, dtype=torch.bfloat16)
    with pytest.raises(RuntimeError, match="dtype"):  # the next layer's matmul with 16-bit weights
        F.linear(torch.ones(1, 2048), W)


def test_at_initialisation_gamma_is_exact_in_every_dtype():
    x = precision.make_input(512, 10.0, 0.0, 1.0, 1)
    run = precision.gamma_variants(x, "float32", np.ones(512))
    assert run.gamma_error == 0.0 and run.variant("bf16_gamma").error == run.variant("float32").error


@pytest.mark.parametrize("dtype, some_lost", [("bfloat16", True), ("float16", True), ("float32", False)])
def test_gemmas_offset_added_in_the_models_dtype_loses_small_offsets(dtype, some_lost):
    gamma = precision.trained_gamma(2048, 0)
    run = precision.gamma_variants(precision.make_input(2048, 5.0, 0.0, 1.0, 0), dtype, gamma)
    w = torch.tensor(gamma).float() - 1
    wd = w.to(getattr(torch, dtype)).double().numpy()
    unit = {"bfloat16": 2.0**-8, "float16": 2.0**-11, "float32": 2.0**-24}[dtype]
    # 1 + w rounds to 1 within half a step of 1: a step of 2u above 1, of u below (ties go to 1, the even one)
    expected = int(np.sum(((wd > 0) & (wd <= unit)) | ((wd < 0) & (wd >= -unit / 2))))
    assert run.variant("gemma_offset").lost == expected
    assert (run.variant("gemma_offset").lost > 0) == some_lost


def test_bad_module_or_gamma_raise():
    with pytest.raises(ValueError, match="module"):
        precision.run_module(np.ones(4), "float16", "llama")
    with pytest.raises(ValueError, match="shape"):
        precision.run_module(np.ones((2, 4)), "float16")
    with pytest.raises(ValueError, match="gamma"):
        precision.gamma_variants(np.ones(4), "float16", np.full(4, 1.0 + 1e-12))
    with pytest.raises(ValueError, match="reduction"):
        precision.outputs(np.ones((1, 4)), "rms", "float16", "naive", reduction="median")


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
