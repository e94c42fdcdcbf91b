"""The invariance page's arguments, checked numerically: distance maps, a ≤ 0, the counterfactuals, tiny x.

Oracles: torch.nn.functional for the norms and softmax, and the seeds' worked numbers.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from normviz import _xp, invariance
from normviz.norms import layer_norm
from tests.helpers.backends import BACKENDS, NUMPY, TORCH, F, torch  # noqa: F401  (torch skips the module when absent)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("x", [(1.0, 2.0, 3.0), (0.3, -2.0, 5.0, 1.0, 0.0, 7.5)])
def test_invariance_distances_vanish_where_the_seed_says_at_eps_0(x, backend):
    grid = invariance.invariance_grid(x, eps=0.0, backend=backend)
    tol = 1e-13
    assert grid.max_where("ln", scale_only=False) < tol  # LN: any a > 0, any c
    assert grid.max_where("rms", scale_only=True) < tol  # RMS, L2: a > 0 and c = 0 only
    assert grid.max_where("l2", scale_only=True) < tol
    assert grid.max_where("rms", scale_only=False) > 0.1
    assert grid.max_where("l2", scale_only=False) > 0.1
    assert grid.holes("ln") == 0


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("dtype", "tol"), [("float32", 1e-5), ("float64", 1e-13)])
def test_layernorm_invariance_holds_within_dtype_tolerance(backend, dtype, tol):
    """LN(a·x + c·𝟏) = LN(x) computed by normviz in the dtype itself, not only in float64."""
    x = np.array([1.0, 2.0, 3.0, -0.5])
    ref = _xp.to_numpy(layer_norm(backend.asarray(x, dtype), eps=0.0)).astype(np.float64)
    for a, c in [(0.5, 7.0), (3.0, -20.0), (2.0, 3.0), (0.05, 0.0), (250.0, 1000.0)]:
        y = _xp.to_numpy(layer_norm(backend.asarray(a * x + c, dtype), eps=0.0)).astype(np.float64)
        assert np.max(np.abs(y - ref)) < tol, (a, c)


def test_negative_a_flips_the_sign_and_a_zero_gives_the_zero_vector_or_nan():
    x = (1.0, 2.0, 3.0)
    flip = invariance.transformed(x, -1.5, 4.0, eps=0.0)
    assert flip.case == "flip"
    np.testing.assert_allclose(flip.outputs["ln"], -flip.reference["ln"], atol=1e-14)
    assert flip.distance["ln"] == pytest.approx(2 * math.sqrt(3))
    grid = invariance.invariance_grid(x, eps=0.0)
    left = grid.distance["ln"][:, grid.a < 0]
    np.testing.assert_allclose(left, 2.0, atol=1e-13)  # relative to the radius √n
    zero = invariance.transformed(x, 0.0, 4.0)  # default ε > 0
    assert zero.case == "zero"
    np.testing.assert_array_equal(zero.outputs["ln"], np.zeros(3))
    nan = invariance.transformed(x, 0.0, 4.0, eps=0.0)
    assert np.all(np.isnan(nan.outputs["ln"])) and math.isnan(nan.distance["ln"])
    np.testing.assert_allclose(nan.outputs["rms"], np.ones(3))


def test_default_eps_makes_invariance_approximate_near_a_0():
    grid = invariance.invariance_grid((1.0, 2.0, 3.0))  # each method's default ε
    assert 1e-6 < grid.max_where("ln", scale_only=False) < 1e-2


def test_a_tiny_x_is_not_zero_and_keeps_every_output_finite():
    x = (1e-300, 2e-300, 3e-300)
    assert invariance.degenerate(x) is None
    assert invariance.degenerate((0.0, 0.0)) == "zero" and invariance.degenerate((2.0, 2.0)) == "constant"
    tr = invariance.transformed(x, 2.0, 0.0, eps=0.0)
    seed = invariance.transformed((1.0, 2.0, 3.0), 2.0, 0.0, eps=0.0)
    for key in ("l2", "rms", "ln"):
        np.testing.assert_allclose(tr.reference[key], seed.reference[key], rtol=1e-14)
        assert tr.distance[key] == 0.0
    grid = invariance.invariance_grid(x, eps=0.0)
    origin = np.outer(grid.c == 0, grid.a == 0)  # a·x + c·𝟏 = 0 there: 0/0 for every method at ε = 0
    for key in ("l2", "rms"):
        np.testing.assert_array_equal(~np.isfinite(grid.distance[key]), origin)
        assert grid.max_where(key, scale_only=True) < 1e-13
    assert grid.max_where("ln", scale_only=True) < 1e-13
    # c + a·x rounds to c·𝟏 in float64: those inputs really are constant, LayerNorm gives 0/0 there
    assert grid.holes("ln") == (grid.c != 0).sum() * (grid.a != 0).sum()
    shifted = invariance.transformed(x, 2.0, 3.0, eps=0.0)
    assert shifted.rounded_to_constant and not invariance.transformed((1.0, 2.0, 3.0), 2.0, 3.0).rounded_to_constant


def test_counterfactual_reproduces_the_seed_numbers():
    base, shifted = invariance.counterfactual((1, 2, 3), 100.0)
    assert round(base.rms, 2) == 2.16 and round(shifted.rms, 1) == 102.0
    np.testing.assert_allclose(np.round(base.rms_out, 3), [0.463, 0.926, 1.389])
    np.testing.assert_allclose(np.round(shifted.rms_out, 3), [0.990, 1.000, 1.010])
    np.testing.assert_allclose(np.round(base.rms_ratio, 2), [1, 2, 3])
    np.testing.assert_allclose(np.round(shifted.rms_ratio, 2), [1, 1.01, 1.02])
    for row in (base, shifted):
        np.testing.assert_allclose(np.round(row.ln_out, 3), [-1.225, 0.0, 1.225], atol=1e-12)
    np.testing.assert_allclose(base.ln_out, shifted.ln_out, atol=1e-13)
    tiny, _ = invariance.counterfactual((1e-300, 2e-300, 3e-300), 0.0)
    assert tiny.rms == pytest.approx(math.sqrt(14 / 3) * 1e-300)


def test_ratios_are_nan_when_the_first_component_is_zero():
    assert np.all(np.isnan(invariance.ratios([0.0, 1.0])))


def test_without_sigma_logits_grow_1000x_and_softmax_saturates_layernorm_does_not():
    one = invariance.scale_demo((1, 2, 3), 1.0, eps=0.0)
    big = invariance.scale_demo((1, 2, 3), 1000.0, eps=0.0)
    np.testing.assert_allclose(one.centered, [-1, 0, 1])
    np.testing.assert_allclose(big.centered, [-1000, 0, 1000])
    assert one.logits_centered[0] == pytest.approx(-2.0) and big.logits_centered[0] == pytest.approx(-2000.0)
    np.testing.assert_allclose(big.logits_centered, 1000 * one.logits_centered)
    np.testing.assert_array_equal(big.probs_centered, [0.0, 0.0, 1.0])  # one-hot
    assert one.probs_centered.max() < 0.9
    np.testing.assert_allclose(one.probs_ln, big.probs_ln, atol=1e-12)
    np.testing.assert_allclose(one.ln, [-math.sqrt(1.5), 0, math.sqrt(1.5)], atol=1e-12)
    np.testing.assert_allclose(one.probs_ln, F.softmax(torch.tensor(one.logits_ln), dim=0).numpy(), atol=1e-15)


def test_saturation_curve_rises_to_one_for_centring_only_and_is_flat_for_layernorm():
    scales, pc, pl = invariance.saturation_curve(eps=0.0)
    assert np.all(np.diff(pc) >= 0) and pc[-1] == 1.0 and pc[0] < 0.4
    assert np.ptp(pl) < 1e-12


def test_softmax_does_not_overflow():
    np.testing.assert_array_equal(invariance.softmax([-1e300, 0.0, 1e300]), [0.0, 0.0, 1.0])
    assert invariance.softmax(np.zeros(4)) == pytest.approx(np.full(4, 0.25))


def test_scale_demo_needs_three_components():
    with pytest.raises(ValueError, match="3 components"):
        invariance.scale_demo((1, 2), 10.0)


@pytest.mark.gpu
def test_invariance_on_cuda():
    grid = invariance.invariance_grid((1.0, 2.0, 3.0), eps=0.0, backend=_xp.Backend("torch", "cuda"))
    assert grid.max_where("ln", scale_only=False) < 1e-13
