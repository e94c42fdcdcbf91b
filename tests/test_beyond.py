"""normviz.beyond: DyT next to LayerNorm/RMSNorm, QK-norm's bounded logits, nGPT's sphere, outlier rescaling.

Oracles: torch (torch.tanh, torch.erf, F.layer_norm, F.rms_norm, softmax/log_softmax, autograd) in float64,
the closed forms of the module's docstring, worked numbers, and the papers' own numbers for what they report.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy import special

import normviz as nv
from normviz import beyond, residual
from normviz.gradient import autograd_jacobian

torch = pytest.importorskip("torch")
F = torch.nn.functional

pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")
FAST = settings(deadline=None, max_examples=30)


def t64(a):
    return torch.as_tensor(np.asarray(a, dtype=np.float64))


# --- DyT next to LayerNorm and RMSNorm ---------------------------------------------------------------------


def test_compare_dyt_worked_example_against_torch():
    x = np.array([1.0, 2.0, 3.0])
    c = beyond.compare_dyt(x)
    assert c.alpha == 0.5 == beyond.DYT_ALPHA
    np.testing.assert_allclose(c.dyt, [0.46211716, 0.76159416, 0.90514825], rtol=1e-8)
    np.testing.assert_allclose(c.dyt, torch.tanh(0.5 * t64(x)).numpy(), rtol=1e-15)
    np.testing.assert_allclose(c.ln, F.layer_norm(t64(x), (3,), eps=0.0).numpy(), rtol=1e-14)
    np.testing.assert_allclose(c.rms, F.rms_norm(t64(x), (3,), eps=0.0).numpy(), rtol=1e-14)
    np.testing.assert_allclose(c.ln, [-1.2247449, 0.0, 1.2247449], atol=1e-7)
    assert c.cosine == pytest.approx(float(c.dyt @ x / np.linalg.norm(c.dyt) / np.linalg.norm(x)), rel=1e-14)
    assert c.norm_dyt == pytest.approx(1.26998870, rel=1e-8)
    assert c.distance_ln == pytest.approx(np.linalg.norm(c.dyt - c.ln) / math.sqrt(3), rel=1e-14)


@pytest.mark.parametrize("x", [(0.3, -1.2), (1.0, 2.0, 3.0), (-4.0, 0.5, 2.5)], ids=str)
@pytest.mark.parametrize("alpha", [0.5, 1.7])
def test_jacobians_against_autograd(x, alpha):
    c = beyond.compare_dyt(x, alpha=alpha)
    auto = torch.autograd.functional.jacobian(lambda t: torch.tanh(alpha * t), t64(x)).numpy()
    np.testing.assert_allclose(c.jacobian_dyt, auto, rtol=1e-10, atol=0)  # 1 − tanh² cancels near ±1
    np.testing.assert_allclose(c.jacobian_dyt, np.diag(alpha * (1 - np.tanh(alpha * np.array(x)) ** 2)), rtol=1e-14)
    np.testing.assert_allclose(c.jacobian_ln, autograd_jacobian("ln", x, eps=0.0), rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(c.jacobian_rms, autograd_jacobian("rms", x, eps=0.0), rtol=1e-10, atol=1e-12)
    off = ~np.eye(len(x), dtype=bool)
    assert np.all(c.jacobian_dyt[off] == 0) and np.all(np.abs(c.jacobian_rms[off]) > 1e-3)  # diagonal vs dense
    if len(x) == 2:  # at ε = 0 LayerNorm sends the plane to the two points ±(1, −1): J = 0
        np.testing.assert_allclose(c.jacobian_ln, 0.0, atol=1e-15)
    else:
        assert np.all(np.abs(c.jacobian_ln[off]) > 1e-3)


def test_small_inputs_keep_direction_and_length_times_alpha():
    """tanh(a) = a − a³/3 + …: for |α·xᵢ| ~ 1e-3, DyT(x) ≈ α·x to about 1e-6 relative."""
    c = beyond.compare_dyt([1e-3, 2e-3, -3e-3], alpha=0.5)
    assert c.cosine > 1 - 1e-12
    assert c.norm_dyt == pytest.approx(0.5 * c.norm_x, rel=1e-6)


def test_saturated_inputs_lose_direction_and_length():
    """x = (100, 1, 0.5), α = 1: DyT ≈ (1, 0.762, 0.462): cosine 0.754, length 1.34 of 100."""
    c = beyond.compare_dyt([100.0, 1.0, 0.5], alpha=1.0)
    want = np.array([1.0, math.tanh(1.0), math.tanh(0.5)])
    np.testing.assert_allclose(c.dyt, want, rtol=1e-15)
    assert c.cosine == pytest.approx(want @ [100, 1, 0.5] / np.linalg.norm(want) / np.linalg.norm([100, 1, 0.5]))
    assert 0.754 < c.cosine < 0.755
    assert c.norm_dyt == pytest.approx(np.linalg.norm(want)) and c.norm_dyt < math.sqrt(3)


@FAST
@given(x=arrays(np.float64, st.integers(2, 3), elements=st.floats(-1e3, 1e3)), alpha=st.floats(1e-2, 10.0))
def test_dyt_length_stays_below_sqrt_n(x, alpha):
    c = beyond.compare_dyt(x, alpha=alpha)
    assert c.norm_dyt <= math.sqrt(x.size)
    np.testing.assert_array_equal(np.diag(np.diag(c.jacobian_dyt)), c.jacobian_dyt)


def test_compare_dyt_default_eps_is_each_norms_own():
    c = beyond.compare_dyt([1.0, 2.0, 3.0], eps=None)
    assert (c.eps_ln, c.eps_rms) == (nv.METHODS["ln"].default_eps, nv.METHODS["rms"].default_eps)
    np.testing.assert_allclose(c.ln, F.layer_norm(t64([1.0, 2.0, 3.0]), (3,), eps=1e-5).numpy(), rtol=1e-14)


def test_where_they_part_reaches_its_limits():
    x = np.array([0.3, -1.2, 0.9, 0.4])
    base, offset, outlier = beyond.where_they_part(x, alpha=1.0, offset=1e6, outlier=1e9)
    assert (base.case, offset.case, outlier.case) == ("base", "offset", "outlier")
    np.testing.assert_allclose(offset.ln, base.ln, atol=1e-9)  # LayerNorm forgets the offset
    np.testing.assert_allclose(offset.dyt, 1.0, rtol=1e-15)  # DyT saturates
    assert offset.limit == math.sqrt(2) and offset.distance == pytest.approx(math.sqrt(2), rel=1e-9)
    # LN → (√3, −1/√3, −1/√3, −1/√3), DyT → (1, tanh(r)): the gap from the docstring, worked by hand
    r = np.tanh(x[1:])
    by_hand = math.sqrt(((math.sqrt(3) - 1) ** 2 + np.sum((r + 1 / math.sqrt(3)) ** 2)) / 4)
    assert outlier.limit == pytest.approx(by_hand, rel=1e-14)
    assert outlier.distance == pytest.approx(by_hand, rel=1e-6)
    assert base.distance < min(offset.distance, outlier.distance)
    assert math.isnan(base.limit)


def test_dyt_ln_distance_is_zero_only_where_they_agree():
    # x = (−a, a) with tanh(α·a) = 1: LN gives (−1, 1) and DyT (−tanh αa, tanh αa)
    a = 2.0
    alpha = math.atanh(0.999999) / a
    assert beyond.dyt_ln_distance([-a, a], alpha=alpha) == pytest.approx(1e-6, rel=1e-6)
    assert beyond.dyt_ln_distance([-a, a], alpha=0.5) == pytest.approx(1 - math.tanh(1.0), rel=1e-12)


@pytest.mark.parametrize("x", [(0.8, -1.5), (1.0, 2.0, -3.0), (0.0, 0.4, -2.5)], ids=["2d", "3d", "3d-one-zero"])
@pytest.mark.parametrize("alpha", [None, 1.3], ids=["alpha-default", "alpha-1.3"])
def test_dyt_ray_points_are_tanh_along_the_ray(x, alpha):
    ray = beyond.dyt_ray(x, alpha=alpha, reach=2.5, points=11)
    a = 0.5 if alpha is None else alpha  # the paper's α₀, written out
    t = torch.linspace(0.0, 2.5, 11, dtype=torch.float64)
    assert ray.alpha == a and ray.points.shape == (11, len(x))
    np.testing.assert_array_equal(ray.x, x)
    np.testing.assert_allclose(ray.t, t.numpy(), rtol=1e-15, atol=0)
    assert ray.t[0] == 0.0 and ray.t[-1] == 2.5
    np.testing.assert_allclose(ray.points, torch.tanh(a * t[:, None] * t64(x)[None, :]).numpy(), rtol=1e-14, atol=0)
    np.testing.assert_array_equal(ray.points[0], 0.0)  # the curve starts at the origin
    np.testing.assert_array_equal(np.sign(ray.points[1:]), np.broadcast_to(np.sign(x), (10, len(x))))
    np.testing.assert_allclose(ray.lengths, torch.linalg.vector_norm(t64(ray.points), dim=1).numpy(), rtol=1e-15)
    assert np.all(np.abs(ray.points) < 1)  # inside the open box (−1, 1)ⁿ
    assert np.all(np.diff(ray.lengths) > 0) and np.all(ray.lengths < math.sqrt(np.count_nonzero(x)))


@pytest.mark.parametrize("x", [(0.8, -1.5), (1.0, 2.0, -3.0)], ids=["2d", "3d"])
def test_dyt_ray_length_is_alpha_t_norm_x_near_the_origin(x):
    """tanh(u) = u − u³/3 + …: for t·|α·xᵢ| ≤ 1e-3 the length is α·t·‖x‖ to about 1e-6 relative."""
    ray = beyond.dyt_ray(x, alpha=0.7, reach=1e-3 / 0.7 / 3, points=5)
    np.testing.assert_allclose(ray.lengths, 0.7 * ray.t * math.sqrt(sum(v * v for v in x)), rtol=1e-6, atol=0)
    far = beyond.dyt_ray(x, alpha=0.7, reach=20.0, points=5)  # far out: capped below √n, well short of α·t·‖x‖
    assert far.lengths[-1] < math.sqrt(len(x)) < 0.7 * 20.0 * math.sqrt(sum(v * v for v in x))


@FAST
@given(
    x=arrays(np.float64, st.integers(2, 3), elements=st.floats(-5.0, 5.0)),
    alpha=st.floats(1e-2, 1.0),
    reach=st.floats(1e-2, 3.0),
)
def test_dyt_ray_stays_in_the_open_box(x, alpha, reach):
    """|α·t·xᵢ| ≤ 15 here, so tanh stays below 1 in float64 too (it rounds to 1 beyond about 19)."""
    ray = beyond.dyt_ray(x, alpha=alpha, reach=reach, points=7)
    assert np.all(np.abs(ray.points) < 1)
    assert np.all(ray.lengths < math.sqrt(x.size)) and np.all(np.diff(ray.lengths) >= 0)


@pytest.mark.parametrize(
    ("kwargs", "error", "pattern"),
    [
        pytest.param({"x": [1.0]}, ValueError, r"x must be a vector with at least 2 numbers", id="x-one-number"),
        pytest.param({"x": 1.0}, ValueError, r"x must be a vector", id="x-scalar"),
        pytest.param({"x": [1.0, math.nan]}, ValueError, r"x must hold finite numbers", id="x-nan"),
        pytest.param({"x": "ab"}, TypeError, r"x must be real numbers", id="x-string"),
        pytest.param({"x": [[1.0, 2.0], [3.0, 4.0]]}, ValueError, r"x must be a vector", id="x-matrix"),
        pytest.param({"reach": 0.0}, ValueError, r"reach must be a positive finite number", id="reach-0"),
        pytest.param({"reach": -1.0}, ValueError, r"reach must be a positive finite number", id="reach-negative"),
        pytest.param({"reach": math.inf}, ValueError, r"reach must be a finite real number", id="reach-inf"),
        pytest.param({"reach": "3"}, TypeError, r"reach must be a real number", id="reach-string"),
        pytest.param({"points": 1}, ValueError, r"points must be an integer ≥ 2", id="points-1"),
        pytest.param({"points": True}, ValueError, r"points must be an integer ≥ 2", id="points-bool"),
        pytest.param({"alpha": math.nan}, ValueError, r"alpha must be a finite real number", id="alpha-nan"),
        pytest.param({"alpha": -math.inf}, ValueError, r"alpha must be a finite real number", id="alpha-inf"),
        pytest.param({"alpha": "0.5"}, TypeError, r"alpha must be a real number", id="alpha-string"),
    ],
)
def test_dyt_ray_errors_name_the_argument(kwargs, error, pattern):
    args = {"x": [1.0, 2.0]} | kwargs
    with pytest.raises(error, match=pattern):
        beyond.dyt_ray(args.pop("x"), **args)


# --- Derf beside DyT ---------------------------------------------------------------------------------------

ARTANH_099, ERFINV_099 = 2.6466524123622457, 1.8213863677184496  # artanh(0.99), erfinv(0.99): mpmath, 16 digits


def test_derf_defaults_are_the_authors_initial_values():
    """Dynamic_erf(alpha_init_value=0.5, shift_init_value=0.0) in the authors' code (ViT/dynamic_erf.py)."""
    assert beyond.DERF_ALPHA == 0.5 and beyond.DERF_SHIFT == 0.0 and beyond.SATURATION == 0.99


@pytest.mark.parametrize("x", [(0.3, -1.2), (1.0, 2.0, 3.0), (-4.0, 0.5, 2.5)], ids=str)
@pytest.mark.parametrize(("alpha", "shift"), [(0.5, 0.0), (1.7, -0.6)])
def test_derf_jacobian_against_autograd(x, alpha, shift):
    auto = torch.autograd.functional.jacobian(lambda t: torch.erf(alpha * t + shift), t64(x)).numpy()
    jac = beyond.derf_jacobian(x, alpha=alpha, shift=shift)
    np.testing.assert_allclose(jac, auto, rtol=1e-14, atol=0)
    assert np.count_nonzero(jac - np.diag(np.diag(jac))) == 0


@pytest.mark.parametrize("alpha", [0.05, 0.5, 1.3, 3.0])
@pytest.mark.parametrize("shift", [0.0, 0.7, -1.5])
def test_squash_facts_against_torch(alpha, shift):
    dyt, derf = beyond.squash("dyt", alpha=alpha), beyond.squash("derf", alpha=alpha, shift=shift)
    zero = torch.zeros(1, dtype=torch.float64, requires_grad=True)
    (g,) = torch.autograd.grad(torch.tanh(alpha * zero).sum(), zero)
    assert dyt.slope0 == dyt.steepest == pytest.approx(float(g), rel=1e-15)
    zero = torch.zeros(1, dtype=torch.float64, requires_grad=True)
    (g,) = torch.autograd.grad(torch.erf(alpha * zero + shift).sum(), zero)
    assert derf.slope0 == pytest.approx(float(g), rel=1e-14)
    grid = torch.linspace(-40 / alpha, 40 / alpha, 400_001, dtype=torch.float64, requires_grad=True)
    (slopes,) = torch.autograd.grad(torch.erf(alpha * grid + shift).sum(), grid)
    assert derf.steepest == pytest.approx(float(slopes.max()), rel=1e-6)  # the steepest slope, at the centre
    assert derf.steepest == pytest.approx(2 * alpha / math.sqrt(math.pi), rel=1e-15)
    assert derf.centre == -shift / alpha and float(torch.erf(torch.tensor(alpha * derf.centre + shift))) == 0.0
    assert derf.value0 == pytest.approx(float(torch.erf(torch.tensor(shift, dtype=torch.float64))), rel=1e-15)
    q = 0.99
    lo, hi = dyt.saturation
    np.testing.assert_allclose(torch.tanh(alpha * t64([lo, hi])).numpy(), [-q, q], rtol=1e-13)
    lo, hi = derf.saturation
    np.testing.assert_allclose(torch.erf(alpha * t64([lo, hi]) + shift).numpy(), [-q, q], rtol=1e-13)
    # the window: 2·artanh(q)/α and 2·erfinv(q)/α, whatever the shift
    assert dyt.window == pytest.approx(2 * ARTANH_099 / alpha, rel=1e-14)
    assert derf.window == pytest.approx(2 * ERFINV_099 / alpha, rel=1e-14)
    assert dyt.window / derf.window == pytest.approx(ARTANH_099 / ERFINV_099, rel=1e-14)
    assert dyt.matched_rms == pytest.approx(1 / alpha) and derf.matched_rms == pytest.approx(
        math.sqrt(math.pi) / 2 / alpha
    )


def test_squash_worked_numbers_at_the_papers_alpha():
    dyt, derf = beyond.squash("dyt"), beyond.squash("derf")
    assert dyt.alpha == derf.alpha == 0.5 and derf.shift == 0.0 and derf.value0 == 0.0
    assert dyt.saturation[1] == pytest.approx(5.2933048, rel=1e-7)  # artanh(0.99)/0.5
    assert derf.saturation == pytest.approx((-3.6427727, 3.6427727), rel=1e-7)  # erfinv(0.99)/0.5
    assert derf.slope0 == pytest.approx(0.5641896, rel=1e-7)  # 1/√π
    assert ARTANH_099 / ERFINV_099 == pytest.approx(1.4531, abs=5e-5)


@pytest.mark.parametrize("rms", [0.25, 1.0, 2.0, 8.0])
def test_matched_alpha_makes_the_slopes_at_0_equal_layernorms_1_over_r(rms):
    """LayerNorm at ε = 0 on a zero-mean x of RMS r: J·v = v/r for v ⊥ 𝟏, x, J·𝟏 = J·x = 0 (torch autograd);
    tanh(α·u) and erf(α·u) have slope 1/r at 0 for α = 1/r and α = √π/(2r)."""
    n = 16
    rng = np.random.default_rng(7)
    x = rng.normal(size=n)
    x -= x.mean()
    x *= rms / math.sqrt(np.mean(x * x))
    jac = torch.autograd.functional.jacobian(lambda t: F.layer_norm(t, (n,), eps=0.0), t64(x)).numpy()
    q, _ = np.linalg.qr(np.column_stack([np.ones(n), x, rng.normal(size=(n, 3))]))
    for v in q[:, 2:].T:  # orthonormal, ⊥ 𝟏 and x
        np.testing.assert_allclose(jac @ v, v / rms, atol=1e-13 / rms)
    np.testing.assert_allclose(jac @ np.ones(n), 0.0, atol=1e-13 / rms)
    np.testing.assert_allclose(jac @ x, 0.0, atol=1e-13)
    a_dyt, a_derf = beyond.matched_alpha("dyt", rms), beyond.matched_alpha("derf", rms)
    for fn, a in ((torch.tanh, a_dyt), (torch.erf, a_derf)):
        zero = torch.zeros(1, dtype=torch.float64, requires_grad=True)
        (g,) = torch.autograd.grad(fn(a * zero).sum(), zero)
        assert float(g) == pytest.approx(1 / rms, rel=1e-15)
    m = beyond.slope_match(rms, n=n, seed=3)
    assert m.alpha_dyt == a_dyt and m.alpha_derf == a_derf and m.predicted == 1 / rms
    assert m.x.mean() == pytest.approx(0.0, abs=1e-15 * rms) and math.sqrt(np.mean(m.x**2)) == pytest.approx(rms)
    assert abs(m.direction.sum()) < 1e-12 and abs(m.direction @ m.x) < 1e-12 * rms
    for measured in (m.ln_gain, m.dyt_slope, m.derf_slope):
        assert measured == pytest.approx(1 / rms, rel=1e-8)
    assert abs(m.ln_along_ones) < 1e-8 / rms and abs(m.ln_along_x) < 1e-8 / rms


def test_slope_match_by_torch_backend_gives_the_same_numbers():
    a, b = beyond.slope_match(2.0), beyond.slope_match(2.0, backend=nv._xp.Backend("torch", "cpu"))
    for name in ("ln_gain", "dyt_slope", "derf_slope"):
        assert getattr(b, name) == pytest.approx(getattr(a, name), rel=1e-9)


@pytest.mark.parametrize(("alpha", "shift", "e"), [(0.5, 0.0, 2.0), (0.5, 0.8, 2.5), (1.3, -1.7, 2.0)])
def test_image_box_is_the_curves_values_at_the_box_ends(alpha, shift, e):
    lo, hi = beyond.image_box("derf", e, alpha=alpha, shift=shift)
    np.testing.assert_allclose([lo, hi], torch.erf(alpha * t64([-e, e]) + shift).numpy(), rtol=1e-15)
    dlo, dhi = beyond.image_box("dyt", e, alpha=alpha)
    assert dhi == -dlo == pytest.approx(math.tanh(alpha * e), rel=1e-15)
    inside = np.random.default_rng(1).uniform(-e, e, size=(2000, 3))
    y = np.asarray(nv.derf(inside, alpha=alpha, shift=shift))
    assert np.all((y >= lo) & (y <= hi))  # the image of the box lies in [lo, hi]³ ...
    np.testing.assert_allclose([y.min(), y.max()], [lo, hi], atol=0.02)  # ... and fills it
    centre = (lo + hi) / 2
    assert (centre == 0.0) == (shift == 0.0)
    if shift:
        assert math.copysign(1.0, centre) == math.copysign(1.0, shift)  # the box moves the way s points


def test_a_wide_box_saturates_both_ends_and_hides_the_shift():
    """α·E = 7.8: erf(s ± α·E) rounds to ±1 in float64 for |s| ≤ 2, so the image box is centred at 0 even for s ≠ 0."""
    assert beyond.image_box("derf", 6.0, alpha=1.3, shift=-1.7) == (-1.0, 1.0)


@pytest.mark.parametrize("x", [(2.0, 0.5), (1.5, -0.5, 2.5), (0.0, 0.0)], ids=str)
@pytest.mark.parametrize("shift", [0.0, 0.6, -1.2])
def test_derf_picture_against_torch(x, shift):
    pic = beyond.derf_picture(x, alpha=0.7, shift=shift, half_width=2.5, reach=3.0, points=31)
    tx = t64(x)
    np.testing.assert_allclose(pic.derf, torch.erf(0.7 * tx + shift).numpy(), rtol=1e-15, atol=1e-300)
    t = torch.linspace(0, 3.0, 31, dtype=torch.float64)
    np.testing.assert_allclose(pic.ray, torch.erf(0.7 * t[:, None] * tx[None, :] + shift).numpy(), rtol=1e-14)
    np.testing.assert_allclose(pic.ray[0], math.erf(shift), rtol=1e-15)  # starts at erf(s)·𝟏
    assert pic.box_dyt == beyond.image_box("dyt", 2.5, alpha=0.7)
    assert pic.box_derf == beyond.image_box("derf", 2.5, alpha=0.7, shift=shift)
    assert pic.centre_dyt == 0.0 and pic.centre_derf == pytest.approx(sum(pic.box_derf) / 2)
    if any(x) and np.any(pic.derf):
        want = float(pic.derf @ np.array(x) / np.linalg.norm(pic.derf) / np.linalg.norm(x))
        assert pic.cosine == pytest.approx(want, rel=1e-14)


@pytest.mark.parametrize(("alpha", "shift"), [(0.5, 0.0), (0.05, 2.0), (3.0, -2.0)])
def test_squash_curves_are_the_librarys_and_show_every_saturation_point(alpha, shift):
    c = beyond.squash_curves(alpha=alpha, shift=shift, points=101)
    tx = t64(c.x)
    np.testing.assert_allclose(c.dyt, torch.tanh(alpha * tx).numpy(), rtol=1e-15, atol=1e-300)
    np.testing.assert_allclose(c.derf, torch.erf(alpha * tx + shift).numpy(), rtol=1e-14, atol=1e-300)
    assert c.x[0] == -c.reach and c.reach >= 1.0
    for f in c.facts.values():
        assert all(-c.reach < v < c.reach for v in f.saturation)
    assert c.facts["derf"].shift == shift and c.facts["dyt"].shift == 0.0


def test_the_reported_numbers_are_the_papers():
    """Chen et al. (2025), Figure 1 and their README: ViT-B top-1 82.3/82.5/82.8 %, DiT-L/4 FID 45.91/45.66/43.94;
    Verma (2026), abstract: −27.3 % at 64M/1M, +18.8 % at 64M/118M, +1.7 % at 3.78B/1M, +27.9 %, 49 % vs 23 %
    saturated, T/P < 1.84."""
    vit, dit = beyond.DERF_REPORTED
    assert (vit.key, vit.layer_norm, vit.dyt, vit.derf, vit.higher_is_better) == ("vit", 82.3, 82.5, 82.8, True)
    assert (dit.key, dit.layer_norm, dit.dyt, dit.derf, dit.higher_is_better) == ("dit", 45.91, 45.66, 43.94, False)
    assert (vit.derf_minus_ln, vit.derf_minus_dyt) == (0.5, 0.3)
    assert (dit.derf_minus_ln, dit.derf_minus_dyt) == (-1.97, -1.72)
    assert vit.source == dit.source == "chen2025"
    v = beyond.VERMA_REPORTED
    assert v.source == "verma2026" and v.params == ("64M", "3.78B") and v.tokens == ("1M", "118M")
    assert (v.lower_small, v.higher_large, v.higher_small_largest, v.higher_large_worst) == (27.3, 18.8, 1.7, 27.9)
    assert (v.saturated_small, v.saturated_large, v.tokens_per_param) == (49.0, 23.0, 1.84)


def test_derf_display_lines_fit_a_phone():
    """About 40 rendered characters a line at most (320 px): commands count as one glyph, braces as none."""
    import re

    for line in beyond.DERF_TEX:
        shown = re.sub(r"\\(operatorname|mathrm|text)\{([^}]*)\}", r"\2", line)
        shown = re.sub(r"\\[a-zA-Z]+", "x", shown)
        shown = re.sub(r"[{}^_]|\\[,; ]", "", shown)
        assert len(shown) <= 40, (line, shown)


@pytest.mark.parametrize(
    ("call", "error", "pattern"),
    [
        pytest.param(lambda: beyond.squash("tanh"), ValueError, r"kind must be one of", id="kind"),
        pytest.param(lambda: beyond.squash("derf", alpha=0.0), ValueError, r"alpha must be a positive", id="alpha-0"),
        pytest.param(lambda: beyond.squash("dyt", alpha=-1.0), ValueError, r"alpha must be a positive", id="alpha<0"),
        pytest.param(lambda: beyond.squash("derf", shift=math.nan), ValueError, r"shift must be a finite", id="s-nan"),
        pytest.param(lambda: beyond.squash("derf", shift="1"), TypeError, r"shift must be a real number", id="s-str"),
        pytest.param(lambda: beyond.squash("dyt", shift=0.5), ValueError, r"shift must be 0 for DyT", id="dyt-s"),
        pytest.param(lambda: beyond.squash("derf", level=1.0), ValueError, r"level must be in \(0, 1\)", id="q-1"),
        pytest.param(lambda: beyond.matched_alpha("derf", 0.0), ValueError, r"rms must be a positive", id="rms-0"),
        pytest.param(lambda: beyond.matched_alpha("ln", 1.0), ValueError, r"kind must be one of", id="kind-ln"),
        pytest.param(lambda: beyond.slope_match(1.0, n=2), ValueError, r"n must be an integer ≥ 3", id="n-2"),
        pytest.param(lambda: beyond.slope_match(-1.0), ValueError, r"rms must be a positive", id="rms<0"),
        pytest.param(lambda: beyond.slope_match(1.0, seed=-1), ValueError, r"seed must be an integer", id="seed"),
        pytest.param(lambda: beyond.image_box("derf", 0.0), ValueError, r"half_width must be a positive", id="E-0"),
        pytest.param(lambda: beyond.derf_picture([1.0], half_width=2.0), ValueError, r"x must be a vector", id="x-one"),
        pytest.param(
            lambda: beyond.derf_picture([1.0, 2.0], half_width=2.0, shift=math.inf),
            ValueError,
            r"shift must be a finite",
            id="picture-s-inf",
        ),
        pytest.param(lambda: beyond.squash_curves(points=2), ValueError, r"points must be an integer ≥ 3", id="pts"),
        pytest.param(lambda: beyond.derf_jacobian([1.0, "a"]), TypeError, r"x must be real numbers", id="jacobian-x"),
    ],
)
def test_derf_errors_name_the_argument(call, error, pattern):
    with pytest.raises(error, match=pattern):
        call()


# --- QK-norm -----------------------------------------------------------------------------------------------

RNG = np.random.default_rng(22)
Q = RNG.normal(size=8)
KEYS = RNG.normal(size=(6, 8))
SCALES = np.array([0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0])


def test_plain_logits_grow_as_s_squared_and_match_torch():
    sw = beyond.qk_sweep(Q, KEYS, SCALES)
    base = (t64(KEYS) @ t64(Q) / math.sqrt(8)).numpy()
    for s, row in zip(SCALES, sw.logits_plain):
        np.testing.assert_allclose(row, (t64(s * KEYS) @ t64(s * Q) / math.sqrt(8)).numpy(), rtol=1e-13)
        np.testing.assert_allclose(row / s**2, base, rtol=1e-13)  # q and k both scaled: s², not s


@pytest.mark.parametrize("norm", beyond.QK_NORMS)
@pytest.mark.parametrize("eps", [0.0, 1e-2])
def test_normed_logits_match_torch(norm, eps):
    gq, gk = RNG.uniform(0.5, 2.0, 8), RNG.uniform(0.5, 2.0, 8)
    sw = beyond.qk_sweep(Q, KEYS, SCALES, norm=norm, gamma_q=gq, gamma_k=gk, eps=eps)
    op = F.rms_norm if norm == "rms" else F.layer_norm
    for s, row, p in zip(SCALES, sw.logits_normed, sw.probs_normed):
        qn = op(t64(s * Q), (8,), t64(gq), eps=eps)
        kn = op(t64(s * KEYS), (8,), t64(gk), eps=eps)
        want = (kn @ qn / math.sqrt(8)).numpy()
        np.testing.assert_allclose(row, want, rtol=1e-12, atol=1e-14)
        np.testing.assert_allclose(p, torch.softmax(t64(want), -1).numpy(), rtol=1e-12)
    assert sw.bound == pytest.approx(math.sqrt(8) * np.max(gq * gk), rel=1e-15)


@pytest.mark.parametrize("norm", beyond.QK_NORMS)
def test_normed_logits_do_not_depend_on_s_at_eps_0(norm):
    sw = beyond.qk_sweep(Q, KEYS, SCALES, norm=norm, eps=0.0)
    np.testing.assert_allclose(
        sw.logits_normed, np.broadcast_to(sw.logits_normed[2], sw.logits_normed.shape), rtol=1e-12
    )
    np.testing.assert_allclose(sw.entropy_normed, sw.entropy_normed[2], rtol=1e-12)


def test_plain_entropy_falls_to_zero_and_matches_torch():
    sw = beyond.qk_sweep(Q, KEYS, np.array([0.1, 0.5, 1.0, 2.0, 5.0, 20.0]))
    logp = torch.log_softmax(t64(sw.logits_plain), -1)
    np.testing.assert_allclose(sw.entropy_plain, -(logp.exp() * logp).sum(-1).numpy(), rtol=1e-10, atol=1e-300)
    assert np.all(np.diff(sw.entropy_plain) < 0)  # dH/dβ = −β·Var(ℓ) < 0 for β = s²
    assert sw.entropy_plain[0] == pytest.approx(math.log(6), rel=1e-2)  # near uniform
    assert sw.entropy_plain[-1] < 1e-6
    np.testing.assert_allclose(sw.probs_plain.sum(axis=1), 1.0, rtol=1e-14)


def test_entropy_of_ties_and_huge_logits():
    np.testing.assert_allclose(beyond.entropy([[3.0, 3.0, -1e308], [0.0, 0.0, 0.0]]), [math.log(2), math.log(3)])
    assert beyond.entropy([1e300, -1e300]) == 0.0
    assert beyond.entropy([0.0, -math.inf, 0.0]) == pytest.approx(math.log(2))  # a masked key
    with pytest.raises(TypeError, match=r"logits must be real numbers"):
        beyond.entropy(["a"])
    with pytest.raises(ValueError, match=r"logits must have at least one number"):
        beyond.entropy(np.zeros((2, 0)))


def test_bound_is_attained_by_a_key_along_q():
    """k = 2q, γ_q = γ_k = c: q̂ = k̂ = c·√d·q/‖q‖, so ℓ = c²·d/√d = √d·c²."""
    c = 1.5
    sw = beyond.qk_sweep(Q, np.stack([2 * Q, -Q]), [3.0], gamma_q=np.full(8, c), gamma_k=np.full(8, c))
    np.testing.assert_allclose(sw.logits_normed[0], [sw.bound, -sw.bound], rtol=1e-14)
    assert sw.bound == pytest.approx(math.sqrt(8) * c * c)


vec = st.floats(-100.0, 100.0)


@FAST
@given(
    d=st.integers(2, 10),
    m=st.integers(1, 5),
    data=st.data(),
    norm=st.sampled_from(beyond.QK_NORMS),
    eps=st.sampled_from([0.0, 1e-6, 0.1]),
)
def test_normed_logits_stay_within_the_bound(d, m, data, norm, eps):
    q = data.draw(arrays(np.float64, d, elements=vec))
    keys = data.draw(arrays(np.float64, (m, d), elements=vec))
    gq = data.draw(arrays(np.float64, d, elements=st.floats(-3.0, 3.0)))
    gk = data.draw(arrays(np.float64, d, elements=st.floats(-3.0, 3.0)))
    spread = np.ptp if norm == "ln" else lambda v, axis=-1: np.max(np.abs(v), axis=axis)
    assume(eps > 0 or (spread(q) > 1e-3 and np.all(spread(keys, axis=-1) > 1e-3)))  # no 0/0 at ε = 0
    sw = beyond.qk_sweep(q, keys, [0.01, 1.0, 100.0], norm=norm, gamma_q=gq, gamma_k=gk, eps=eps)
    assert np.all(np.abs(sw.logits_normed) <= sw.bound * (1 + 1e-12) + 1e-300)
    assert np.all(sw.entropy_normed <= math.log(m) + 1e-12)


@pytest.mark.parametrize(
    ("kwargs", "error", "pattern"),
    [
        ({"scales": [1.0, 0.0]}, ValueError, r"scales must all be positive"),
        ({"scales": [1.0, math.nan]}, ValueError, r"scales must hold finite numbers"),
        ({"scales": "big"}, TypeError, r"scales must be real"),
        ({"norm": "l2"}, ValueError, r"norm must be one of \('rms', 'ln'\)"),
        ({"q": Q[:5]}, ValueError, r"keys must be a matrix with 5 numbers"),
        ({"q": [1.0]}, ValueError, r"q must be a vector with at least 2 numbers"),
        ({"keys": Q}, ValueError, r"keys must be a matrix"),
        ({"q": Q + 1j}, TypeError, r"q must be real numbers; got complex"),
        ({"gamma_q": np.ones(7)}, ValueError, r"gamma_q must be a vector with 8 numbers"),
        ({"gamma_k": [[1.0] * 8]}, ValueError, r"gamma_k must be a vector"),
        ({"eps": -1.0}, ValueError, r"eps must be a finite number ≥ 0"),
        ({"eps": "0"}, TypeError, r"eps must be a real number"),
    ],
    ids=str,
)
def test_qk_sweep_errors_name_the_argument(kwargs, error, pattern):
    args = {"q": Q, "keys": KEYS, "scales": SCALES} | kwargs
    with pytest.raises(error, match=pattern):
        beyond.qk_sweep(args.pop("q"), args.pop("keys"), args.pop("scales"), **args)


def test_qk_bound_errors():
    with pytest.raises(ValueError, match=r"d must be an integer ≥ 2"):
        beyond.qk_bound(1)
    with pytest.raises(ValueError, match=r"gamma_k must be a vector with 3 numbers"):
        beyond.qk_bound(3, None, [1.0, 2.0])


# --- nGPT: the stream on the sphere ------------------------------------------------------------------------


@pytest.mark.parametrize("alpha", [0.05, 0.3, 0.8])
@pytest.mark.parametrize("seed", [0, 1, 7])
def test_ngpt_stays_on_the_sphere_and_steps_along_the_great_circle(alpha, seed):
    p = beyond.ngpt_path((1.0, 2.0, 2.0), alpha=alpha, steps=12, seed=seed)
    np.testing.assert_allclose(p.norms, 1.0, rtol=1e-14)
    np.testing.assert_allclose(np.linalg.norm(p.arcs, axis=-1), 1.0, rtol=1e-14)
    np.testing.assert_allclose(p.points[0], [1 / 3, 2 / 3, 2 / 3], rtol=1e-15)
    ang = lambda a, b: math.acos(min(1.0, max(-1.0, float(a @ b))))  # noqa: E731
    for h, nxt, target, arc in zip(p.points[:-1], p.points[1:], p.targets, p.arcs):
        assert abs(np.linalg.det(np.stack([h, nxt, target]))) < 1e-14  # in the plane of h and h_A
        assert ang(h, nxt) + ang(nxt, target) == pytest.approx(ang(h, target), abs=1e-12)  # on the arc between
        theta = ang(h, target)  # the turn: tan φ = α sin θ / (1 − α + α cos θ)
        assert ang(h, nxt) == pytest.approx(math.atan2(alpha * math.sin(theta), 1 - alpha + alpha * math.cos(theta)))
        np.testing.assert_allclose(arc[[0, -1]], [h, nxt], atol=1e-14)


def test_ngpt_with_alpha_1_jumps_to_each_suggestion():
    p = beyond.ngpt_path(alpha=1.0, steps=5, seed=3)
    np.testing.assert_allclose(p.points[1:], p.targets, atol=1e-15)
    np.testing.assert_allclose(np.linalg.norm(p.targets, axis=1), 1.0, rtol=1e-15)


def test_pre_norm_stream_grows_with_depth():
    p = beyond.pre_norm_path(gain=1.0, steps=16, seed=0)
    g = p.norms**2  # ‖h_L‖² = ‖h₀‖² + Σ (g² + 2g·hₗ·h_A,ₗ)
    by_hand = 1 + np.concatenate([[0], np.cumsum(1 + 2 * np.sum(p.points[:-1] * p.targets, axis=1))])
    np.testing.assert_allclose(g, by_hand, rtol=1e-12)
    finals = np.array([beyond.pre_norm_path(gain=0.5, steps=16, seed=s).norms[-1] ** 2 for s in range(400)])
    assert finals.mean() == pytest.approx(1 + 16 * 0.25, rel=0.1)  # a random walk: E‖h_L‖² = 1 + L·g²
    ngpt = beyond.ngpt_path(alpha=0.5, steps=16, seed=0)
    np.testing.assert_allclose(ngpt.targets, beyond.pre_norm_path(steps=16, seed=0).targets)  # the same blocks


@pytest.mark.parametrize(
    ("call", "error", "pattern"),
    [
        (lambda: beyond.ngpt_path(alpha=0.0), ValueError, r"alpha must be in \(0, 1\]"),
        (lambda: beyond.ngpt_path(alpha=1.5), ValueError, r"alpha must be in \(0, 1\]"),
        (lambda: beyond.ngpt_path(alpha=math.nan), ValueError, r"alpha must be a finite real number"),
        (lambda: beyond.ngpt_path(alpha="0.3"), TypeError, r"alpha must be a real number"),
        (lambda: beyond.ngpt_path((0.0, 0.0, 0.0)), ValueError, r"h0 must not be the zero vector"),
        (lambda: beyond.ngpt_path((1.0, math.inf, 0.0)), ValueError, r"h0 must hold finite numbers"),
        (lambda: beyond.ngpt_path(steps=0), ValueError, r"steps must be an integer ≥ 1"),
        (lambda: beyond.ngpt_path(seed=-1), ValueError, r"seed must be an integer ≥ 0"),
        (lambda: beyond.ngpt_path(arc_points=1), ValueError, r"arc_points must be an integer ≥ 2"),
        (lambda: beyond.pre_norm_path(gain=-1.0), ValueError, r"gain must be a positive finite number"),
        (lambda: beyond.suggestions(3, n=1), ValueError, r"n must be an integer ≥ 2"),
    ],
)
def test_sphere_errors_name_the_argument(call, error, pattern):
    with pytest.raises(error, match=pattern):
        call()


# --- outliers ----------------------------------------------------------------------------------------------

REST = np.array([0.5, -1.0, 0.2, 0.7, -0.3])  # D = 6


@pytest.mark.parametrize("eps", [0.0, 1e-6, 0.5])
@pytest.mark.parametrize("s", [0.0, 1.0, 30.0, 1e4])
@pytest.mark.parametrize("index", [0, 3, 5])
def test_rms_factor_matches_rms_norm(index, s, eps):
    e = beyond.outlier_effect(REST, s, index=index, eps=eps)
    at_zero = nv.rms_norm(beyond.with_outlier(REST, 0.0, index=index), eps=eps)
    np.testing.assert_allclose(e.rms[e.others], e.rms_factor * at_zero[e.others], rtol=1e-13)
    np.testing.assert_allclose(e.rms, F.rms_norm(t64(e.x), (6,), eps=eps).numpy(), rtol=1e-13)


@FAST
@given(
    rest=arrays(np.float64, st.integers(1, 30), elements=st.floats(-10.0, 10.0)),
    s=st.floats(-1e5, 1e5),
)
def test_rms_factor_closed_form_at_eps_0(rest, s):
    """f(s) = 1/√(1 + s²/((D − 1)·m²)), m² the rest's mean square."""
    m2 = float(np.mean(rest**2))
    assume(m2 > 1e-6)
    f = beyond.rms_outlier_factor(rest, s)
    assert f == pytest.approx(1 / math.sqrt(1 + s * s / (rest.size * m2)), rel=1e-12)
    x = np.append(rest, s)
    np.testing.assert_allclose(
        nv.rms_norm(x, eps=0)[:-1], f * nv.rms_norm(np.append(rest, 0.0), eps=0)[:-1], rtol=1e-12
    )


@pytest.mark.parametrize("eps", [0.0, 0.5])
@pytest.mark.parametrize("s", [-50.0, 0.02, 3.0, 1e4])
def test_ln_others_are_an_affine_image_of_the_rest(s, eps):
    e = beyond.outlier_effect(REST, s, index=2, eps=eps)
    np.testing.assert_allclose(e.ln[e.others], e.ln_scale * (REST - REST.mean()) + e.ln_shift, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(e.ln, F.layer_norm(t64(e.x), (6,), eps=eps).numpy(), rtol=1e-12, atol=1e-14)
    at_mean = nv.layer_norm(beyond.with_outlier(REST, REST.mean(), index=2), eps=eps)[e.others]
    assert at_mean.mean() == pytest.approx(0.0, abs=1e-14)  # the outlier at r̄ leaves μ = r̄
    np.testing.assert_allclose(e.ln[e.others] - e.ln_shift, e.ln_factor * at_mean, rtol=1e-12, atol=1e-14)


def test_ln_others_collapse_onto_minus_one_over_sqrt_d_minus_1():
    e = beyond.outlier_effect(REST, 1e9, index=0)
    np.testing.assert_allclose(e.ln[e.others], -1 / math.sqrt(5), rtol=1e-8)
    assert e.ln[0] == pytest.approx(math.sqrt(5), rel=1e-8)
    assert e.ln_shift == pytest.approx(-1 / math.sqrt(5), rel=1e-8) and e.ln_factor < 1e-8


@pytest.mark.parametrize("alpha", [0.5, 2.0])
def test_dyt_saturates_the_outlier_and_leaves_the_others(alpha):
    others = None
    for s in (0.0, 1.0, 10.0, 1e3, 1e6):
        e = beyond.outlier_effect(REST, s, index=4, alpha=alpha)
        if others is None:
            others = e.dyt[e.others]
        np.testing.assert_array_equal(e.dyt[e.others], others)
        np.testing.assert_allclose(e.dyt[e.others], np.tanh(alpha * REST), rtol=1e-15)
        assert 1 - e.dyt[4] <= 2 * math.exp(-2 * alpha * s) + 1e-300  # 1 − tanh(u) = 2/(e^{2u} + 1)
    np.testing.assert_array_equal(e.dyt[4], 1.0)


@pytest.mark.parametrize(
    ("call", "error", "pattern"),
    [
        (lambda: beyond.outlier_effect(REST, 1.0, index=6), ValueError, r"index must be an integer in 0 … 5"),
        (lambda: beyond.outlier_effect(REST, 1.0, index=True), ValueError, r"index must be an integer"),
        (lambda: beyond.outlier_effect(REST, math.inf), ValueError, r"s must be a finite real number"),
        (lambda: beyond.outlier_effect([1.0, math.nan], 1.0), ValueError, r"rest must hold finite numbers"),
        (lambda: beyond.outlier_effect([], 1.0), ValueError, r"rest must be a vector"),
        (lambda: beyond.rms_outlier_factor(REST, 1.0, eps=-1), ValueError, r"eps must be a finite number ≥ 0"),
        (lambda: beyond.ln_outlier_affine(REST, "1"), TypeError, r"s must be a real number"),
        (lambda: beyond.outlier_effect(REST, 1.0, alpha=math.nan), ValueError, r"alpha must be a finite"),
        (lambda: beyond.compare_dyt([1.0]), ValueError, r"x must be a vector with at least 2 numbers"),
        (lambda: beyond.compare_dyt(["a", "b"]), TypeError, r"x must be real numbers"),
        (lambda: beyond.compare_dyt([1.0, 2.0], alpha=None, eps=-1.0), ValueError, r"eps must be a finite"),
        (lambda: beyond.where_they_part([1.0, 2.0], offset=math.inf), ValueError, r"offset must be a finite"),
        (lambda: beyond.where_they_part([1.0, 2.0], outlier=None), TypeError, r"outlier must be a real number"),
    ],
)
def test_outlier_and_dyt_errors_name_the_argument(call, error, pattern):
    with pytest.raises(error, match=pattern):
        call()


CURVE_SCALES = np.array([0.0, 0.3, 1.0, 4.0, 25.0, 1e3])


def _with_outlier(s) -> np.ndarray:
    """REST with the outlier s in front (index 0), written out."""
    return np.concatenate([[s], REST])


@pytest.mark.parametrize("eps", [0.0, 1e-6, 0.5])
def test_outlier_curve_rms_factor_is_the_closed_form_and_torchs_ratio(eps):
    c = beyond.outlier_curve(REST, CURVE_SCALES, eps=eps)
    assert c.eps == eps and c.alpha == 0.5
    np.testing.assert_array_equal(c.rest, REST)
    np.testing.assert_array_equal(c.scales, CURVE_SCALES)
    d, q = REST.size + 1, float(np.sum(REST**2))
    closed = np.sqrt((q + d * eps) / (q + CURVE_SCALES**2 + d * eps))  # √((‖r‖² + Dε)/(‖r‖² + s² + Dε))
    np.testing.assert_allclose(c.rms_factor, closed, rtol=1e-14, atol=0)
    assert c.rms_factor[0] == 1.0
    at_zero = F.rms_norm(t64(_with_outlier(0.0)), (d,), eps=eps)[1:]
    for s, factor, measured in zip(CURVE_SCALES, c.rms_factor, c.rms_measured):
        ratio = (F.rms_norm(t64(_with_outlier(s)), (d,), eps=eps)[1:] / at_zero).numpy()
        np.testing.assert_allclose(ratio, ratio[0], rtol=1e-13)  # one factor for every other output
        assert measured == pytest.approx(ratio.mean(), rel=1e-13)
        assert factor == pytest.approx(ratio[0], rel=1e-12)
    assert c.rms_error <= 1e-12


@pytest.mark.parametrize("eps", [0.0, 1e-6, 0.5])
def test_outlier_curve_ln_spread_and_shift_match_torch(eps):
    """The others are scale·(rⱼ − r̄) + shift: their mean is the shift (Σ(rⱼ − r̄) = 0), their spread the scale's
    share; relative to the outlier at r̄ (shift 0) the spread is multiplied by ln_factor."""
    c = beyond.outlier_curve(REST, CURVE_SCALES, eps=eps)
    d, mean = REST.size + 1, REST.mean()
    centred = REST - mean

    def others(s):
        return F.layer_norm(t64(_with_outlier(s)), (d,), eps=eps)[1:].numpy()

    at_mean = others(mean)
    assert at_mean.mean() == pytest.approx(0.0, abs=1e-14)
    for s, factor, shift, measured in zip(CURVE_SCALES, c.ln_factor, c.ln_shift, c.ln_measured):
        y = others(s)
        var = (np.sum(centred**2) + (s - mean) ** 2) / d - ((s - mean) / d) ** 2  # x's variance, from its definition
        scale = 1 / math.sqrt(var + eps)
        assert shift == pytest.approx((mean - s) / d * scale, rel=1e-12)
        assert shift == pytest.approx(y.mean(), rel=1e-11, abs=1e-15)
        np.testing.assert_allclose(y, scale * centred + shift, rtol=1e-11, atol=1e-14)
        spread = np.std(y) / np.std(at_mean)
        assert measured == pytest.approx(spread, rel=1e-11) and factor == pytest.approx(spread, rel=1e-11)
    assert c.ln_error <= 1e-12
    assert c.ln_shift[-1] == pytest.approx(-1 / math.sqrt(d - 1), rel=1e-3)  # s = 1e3: close to the limit


@pytest.mark.parametrize("alpha", [None, 0.5, 3.0], ids=["alpha-default", "alpha-0.5", "alpha-3"])
def test_outlier_curve_dyt_leaves_the_others_exactly(alpha):
    c = beyond.outlier_curve(REST, CURVE_SCALES, alpha=alpha)
    assert c.alpha == (0.5 if alpha is None else alpha)
    np.testing.assert_array_equal(c.dyt_change, np.zeros(CURVE_SCALES.size))


nonzero = st.floats(0.01, 10.0) | st.floats(-10.0, -0.01)


@FAST
@given(
    rest=arrays(np.float64, st.integers(2, 20), elements=nonzero),
    scales=arrays(np.float64, st.integers(1, 8), elements=st.floats(0.0, 1e4)),
    eps=st.sampled_from([0.0, 1e-6, 0.5]),
)
def test_outlier_curve_rms_factor_is_1_at_0_and_falls_with_the_outliers_size(rest, scales, eps):
    assume(np.ptp(rest) > 0)
    s = np.unique(np.append(scales, 0.0))
    c = beyond.outlier_curve(rest, np.append(s[::-1], s[:2]), eps=eps)  # reversed, with repeats
    np.testing.assert_array_equal(c.scales, s)  # sorted, each once: a line through them never turns back
    f = c.rms_factor
    assert f[0] == 1.0 and np.all((f > 0) & (f <= 1))
    assert np.all(np.diff(f) <= 0)
    d, q = rest.size + 1, float(rest @ rest)
    apart = s[1:] ** 2 - s[:-1] ** 2 > 1e-9 * (q + d * eps + s[1:] ** 2)  # s² apart beyond rounding
    assert np.all(np.diff(f)[apart] < 0)
    for v, fv in zip(s, f):  # a function of |s|
        assert beyond.rms_outlier_factor(rest, -v, eps=eps) == fv
    assert c.rms_error <= 1e-12


@pytest.mark.parametrize(
    ("kwargs", "error", "pattern"),
    [
        pytest.param({"rest": [0.7, 0.7, 0.7]}, ValueError, r"rest must not be constant", id="rest-constant"),
        pytest.param({"rest": [0.0, 0.0]}, ValueError, r"rest must not be constant", id="rest-zeros"),
        pytest.param({"rest": [0.5]}, ValueError, r"rest must be a vector with at least 2", id="rest-one"),
        pytest.param({"rest": [0.5, math.inf]}, ValueError, r"rest must hold finite numbers", id="rest-inf"),
        pytest.param({"rest": ["a", "b"]}, TypeError, r"rest must be real numbers", id="rest-strings"),
        pytest.param({"rest": "ab"}, TypeError, r"rest must be real numbers", id="rest-string"),
        pytest.param({"scales": [1.0, -0.5]}, ValueError, r"scales must all be ≥ 0", id="scales-negative"),
        pytest.param({"scales": [1.0, math.nan]}, ValueError, r"scales must hold finite numbers", id="scales-nan"),
        pytest.param({"scales": []}, ValueError, r"scales must be a vector", id="scales-empty"),
        pytest.param({"scales": "big"}, TypeError, r"scales must be real numbers", id="scales-string"),
        pytest.param({"scales": [1.0 + 1j]}, TypeError, r"scales must be real numbers; got complex", id="complex"),
        pytest.param({"eps": -1.0}, ValueError, r"eps must be a finite number ≥ 0", id="eps-negative"),
        pytest.param({"alpha": "1"}, TypeError, r"alpha must be a real number", id="alpha-string"),
    ],
)
def test_outlier_curve_errors_name_the_argument(kwargs, error, pattern):
    args = {"rest": REST, "scales": CURVE_SCALES} | kwargs
    with pytest.raises(error, match=pattern):
        beyond.outlier_curve(args.pop("rest"), args.pop("scales"), **args)


def test_torch_input_is_accepted_and_backend_gives_the_same_numbers():
    from normviz._xp import Backend

    x = torch.tensor([1.0, -2.0, 0.5], dtype=torch.float64)
    a = beyond.compare_dyt(x, alpha=0.8)
    b = beyond.compare_dyt([1.0, -2.0, 0.5], alpha=0.8, backend=Backend("torch", "cpu"))
    np.testing.assert_allclose(a.dyt, b.dyt, rtol=1e-15)
    np.testing.assert_allclose(a.ln, b.ln, rtol=1e-14)
    sw = beyond.qk_sweep(Q, KEYS, SCALES, backend=Backend("torch", "cpu"))
    np.testing.assert_allclose(sw.logits_normed, beyond.qk_sweep(Q, KEYS, SCALES).logits_normed, rtol=1e-13)


@pytest.mark.parametrize("eps, offset, outlier", [(0.1, 1e6, 1e6), (0.0, -1e6, -1e6), (1e-5, -1e7, 1e7)])
def test_where_they_part_limits_hold_for_any_eps_and_either_sign(eps, offset, outlier):
    _, off, out = beyond.where_they_part((0.3, -1.2, 2.0, 0.5), alpha=0.5, eps=eps, offset=offset, outlier=outlier)
    assert off.distance == pytest.approx(off.limit, rel=1e-6) and out.distance == pytest.approx(out.limit, rel=1e-5)


# --- Peri-Norm and nGPT on the residual page's stack -------------------------------------------------------

SMALL_STACK = residual.StackConfig(depth=6, width=32)


@pytest.fixture(scope="module")
def small_comparison():
    return residual.compare(SMALL_STACK)


def _stream_top(config, arrangement: str, norm: str) -> tuple[float, float]:
    """The mean over tokens of ‖h₀‖ and of ‖h_L‖, written out with torch's F.rms_norm / F.layer_norm (the
    library's default ε, γ = 1, β = 0) in float32, on the residual page's draws (numpy PCG64 from the seed: z, R,
    then 48 layers of W₁, W₂ ~ N(0, 1/D)). Pre: h ← h + f(N(h)); Peri: h ← h + N(f(N(h)));
    nGPT: h ← N(h + 0.05·(N(f(h)) − h)); f(u) = gain·W₂ GELU(W₁ u)."""
    assert residual.DEPTH_MAX == 48 and residual.NGPT_ALPHA == 0.05
    rng = np.random.default_rng(config.seed)
    d = config.width
    z = rng.standard_normal((config.tokens, d), dtype=np.float32)
    rng.standard_normal((config.tokens, d), dtype=np.float32)  # R: the loss's projection, unused here
    w = rng.standard_normal((48, 2, d, d), dtype=np.float32) * np.float32(1 / math.sqrt(d))
    eps = nv.METHODS[norm].default_eps

    def n(u):
        return F.rms_norm(u, (d,), eps=eps) if norm == "rms" else F.layer_norm(u, (d,), eps=eps)

    def f(u, layer):
        w1, w2 = torch.from_numpy(w[layer, 0]), torch.from_numpy(w[layer, 1])
        return config.gain * (F.gelu(u @ w1.T) @ w2.T)

    h = torch.from_numpy(z) * config.scale
    start = float(h.double().norm(dim=-1).mean())
    for layer in range(config.depth):
        if arrangement == "pre":
            h = h + f(n(h), layer)
        elif arrangement == "peri":
            h = h + n(f(n(h), layer))
        else:
            h = n(h + 0.05 * (n(f(h, layer)) - h))
    return start, float(h.double().norm(dim=-1).mean())


@pytest.mark.parametrize("norm", ["rms", "ln"])
def test_stack_tops_are_the_streams_tops_written_out(small_comparison, norm):
    r = beyond.stack_tops(small_comparison, norm)
    assert (r.depth, r.width, r.norm) == (6, 32, norm)
    start, pre = _stream_top(SMALL_STACK, "pre", norm)
    _, peri = _stream_top(SMALL_STACK, "peri", norm)
    _, ngpt = _stream_top(SMALL_STACK, "ngpt", "rms")  # nGPT runs RMSNorm only, whatever the norm
    assert r.start == pytest.approx(start, rel=1e-6)
    assert r.pre_top == pytest.approx(pre, rel=1e-5)
    assert r.peri_top == pytest.approx(peri, rel=1e-5)
    assert r.ngpt_top == pytest.approx(ngpt, rel=1e-5)
    assert r.peri_estimate == pytest.approx(math.sqrt(start**2 + 6 * 32), rel=1e-6)  # √(‖h₀‖² + L·D)
    assert r.root_width == math.sqrt(32) and r.ngpt_top == pytest.approx(math.sqrt(32), rel=1e-4)
    assert r.peri_top > r.pre_top > r.start


@pytest.mark.parametrize("norm", ["rms", "ln"])
def test_stack_tops_read_the_comparisons_runs_at_depth(small_comparison, norm):
    r = beyond.stack_tops(small_comparison, norm)
    runs = small_comparison.runs
    assert r.start == runs[("pre", norm)].stream_norm[0] == runs[("peri", norm)].stream_norm[0]
    assert r.pre_top == runs[("pre", norm)].stream_norm[6]
    assert r.peri_top == runs[("peri", norm)].stream_norm[6]
    assert r.ngpt_top == runs[("ngpt", "rms")].stream_norm[6]
    assert r.peri_estimate == math.sqrt(float(runs[("peri", norm)].stream_norm[0]) ** 2 + 6 * 32)


def test_outlier_curve_measures_rmsnorms_factor_with_a_zero_in_the_rest():
    # a zero rⱼ stays 0 whatever s is; the ratio is measured on the others (it was 0/0 = NaN)
    curve = beyond.outlier_curve([0.0, 1.0, 2.0], [0.0, 1.0, 5.0])
    assert np.all(np.isfinite(curve.rms_measured))
    np.testing.assert_allclose(curve.rms_measured, [1.0, math.sqrt(5 / 6), math.sqrt(5 / 30)], rtol=1e-14)


@pytest.mark.parametrize(
    ("x", "mixed", "rank", "frozen"),
    [
        pytest.param((1.5, -0.5, 2.5), 6, 1, (), id="generic-3d"),
        pytest.param((1.0, 0.0, 0.0), 2, 1, (0,), id="two-equal-3d"),
        pytest.param((0.5, 0.5, -1.0), 2, 1, (2,), id="two-equal-last"),
        pytest.param((2.0, 0.5), 0, 0, (0, 1), id="plane"),
        pytest.param((1.0, 2.0, -3.0, 0.5), 12, 2, (), id="4d"),
    ],
)
def test_jacobian_facts_are_measured_on_the_jacobians(x, mixed, rank, frozen):
    cmp = beyond.compare_dyt(x, alpha=0.7)
    f = beyond.jacobian_facts(cmp)
    n = len(x)
    # DyT: nudging xⱼ moves yⱼ and leaves every other output bitwise where it was
    np.testing.assert_array_equal(f.nudged, np.eye(n, dtype=bool))
    assert f.dyt_untouched == f.off_diagonal == n * (n - 1)
    # LayerNorm at ε = 0, its Jacobian by autograd: entries off the diagonal, rank n − 2, 𝟏 and x in its null space
    xt = torch.tensor(x, dtype=torch.float64)
    jac = torch.autograd.functional.jacobian(lambda v: torch.nn.functional.layer_norm(v, (n,), eps=0.0), xt).numpy()
    off = jac[~np.eye(n, dtype=bool)]
    assert f.ln_mixed == mixed == int(np.sum(np.abs(off) > 1e-9))
    assert f.ln_rank == rank == max(n - 2, 0)
    assert f.ln_ones < 1e-12 and f.ln_along < 1e-12
    assert f.ln_frozen == frozen
    for i in frozen:  # a frozen output sits at ±√(n − 1), where the circle turns
        assert math.isclose(abs(cmp.ln[i]), math.sqrt(n - 1), rel_tol=1e-12)
        np.testing.assert_allclose(jac[i], 0.0, atol=1e-12)


def test_jacobian_facts_of_a_constant_x_say_layernorm_is_undefined():
    f = beyond.jacobian_facts(beyond.compare_dyt((1.0, 1.0, 1.0)))
    assert not f.ln_defined and f.dyt_untouched == 6 and math.isnan(f.ln_ones)


def test_the_sweeps_summaries_are_read_off_its_arrays():
    rng = np.random.default_rng(3)
    q, keys = rng.standard_normal(16), rng.standard_normal((5, 16))
    sweep = beyond.qk_sweep(q, keys, (0.5, 1.0, 20.0), norm="rms")
    plain = (keys @ q / 4.0)[None, :] * np.array([0.25, 1.0, 400.0])[:, None]
    np.testing.assert_allclose(sweep.max_plain, np.max(np.abs(plain), axis=1), rtol=1e-12)
    p = torch.softmax(torch.tensor(plain), dim=1).numpy()
    np.testing.assert_allclose(sweep.others_plain, 1.0 - p.max(axis=1), atol=1e-12)
    assert sweep.others_plain[2] < 1e-6 < sweep.others_plain[0]  # collapsed at s = 20, spread at s = 0.5
    assert np.all(sweep.max_normed <= sweep.bound) and sweep.normed_spread < 1e-12


def test_the_pre_norm_streams_expected_length_and_the_outliers_limits():
    plain = beyond.pre_norm_path((0.0, 3.0, 4.0), gain=2.0, steps=5)
    np.testing.assert_allclose(plain.expected_norms, np.sqrt(25.0 + 4.0 * np.arange(6)), rtol=1e-15)
    effect = beyond.outlier_effect(np.linspace(-1.0, 2.0, 63), 1e9)
    limits = effect.limits
    assert math.isclose(effect.rms[0], limits["rms_outlier"], rel_tol=1e-9)
    assert math.isclose(effect.ln[0], limits["ln_outlier"], rel_tol=1e-6)
    assert math.isclose(effect.ln_shift, limits["ln_shift"], rel_tol=1e-6)
    assert math.isclose(effect.rest_norm, float(np.linalg.norm(np.linspace(-1.0, 2.0, 63))), rel_tol=1e-15)
    curve = beyond.outlier_curve(np.linspace(-1.0, 2.0, 63), (100.0, 0.0, 5.0, 100.0))
    assert curve.at(5.0) == 1 and curve.scales.tolist() == [0.0, 5.0, 100.0]
    with pytest.raises(ValueError, match="s must be one of"):
        curve.at(7.0)


@pytest.mark.parametrize("kind", ["dyt", "derf"])
def test_the_gap_to_the_bound_is_exact_where_the_curve_rounds_to_one(kind):
    """log₁₀(1 − tanh(z)) and log₁₀ erfc(z) against mpmath at 60 digits, also where tanh(z) or erf(z) is 1.0 in
    float64 and where the gap itself is below float64's range."""
    import mpmath

    mpmath.mp.dps = 60
    exact = (lambda z: 2 / (mpmath.exp(2 * z) + 1)) if kind == "dyt" else mpmath.erfc  # 1 − tanh(z), no cancellation
    for z in (0.0, 0.5, 3.0, 5.0, 6.0, 18.5, 19.5, 40.0, 500.0):
        got = beyond.log10_gap_to_bound(kind, [-z, 0.1 * z])  # the smaller gap: |−z| is the larger entry
        assert got == pytest.approx(float(mpmath.log10(exact(mpmath.mpf(z)))), rel=1e-12, abs=1e-13), z
    curve = np.tanh if kind == "dyt" else special.erf
    assert curve(40.0) == 1.0 and math.isfinite(beyond.log10_gap_to_bound(kind, 40.0))  # 1 in float64, not in fact
