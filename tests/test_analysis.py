"""Every identity the information and invariance pages show, checked numerically.

Oracles: torch.nn.functional for the norms,
numpy's corrcoef for Pearson correlation, and the seeds' worked numbers.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from normviz import _xp, analysis
from normviz.norms import METHODS, layer_norm

torch = pytest.importorskip("torch")
F = torch.nn.functional

NUMPY = _xp.Backend("numpy")
TORCH = _xp.Backend("torch", "cpu")
BACKENDS = [pytest.param(NUMPY, id="numpy"), pytest.param(TORCH, id="torch")]


# --- where the information goes ----------------------------------------------


def test_3_4_and_6_8_merge_after_l2_while_3_4_and_4_3_stay_apart():
    same = analysis.compare_pair((3, 4), (6, 8))
    np.testing.assert_allclose(same.outputs["l2"][0], [0.6, 0.8], atol=1e-15)
    np.testing.assert_allclose(same.outputs["l2"][1], [0.6, 0.8], atol=1e-15)
    assert all(same.merged(m) for m in METHODS)
    assert same.input_distance == pytest.approx(5.0)
    apart = analysis.compare_pair((3, 4), (4, 3))
    np.testing.assert_allclose(apart.outputs["l2"][1], [0.8, 0.6], atol=1e-15)
    assert not any(apart.merged(m) for m in METHODS)
    assert apart.cos_in == pytest.approx(0.96) and apart.corr_in == pytest.approx(-1.0)
    assert apart.cos_out["l2"] == pytest.approx(0.96) and apart.cos_out["ln"] == pytest.approx(-1.0)


def test_compare_pair_rejects_pairs_of_different_lengths():
    with pytest.raises(ValueError, match="same length"):
        analysis.compare_pair((1, 2), (1, 2, 3))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dim", [2, 3])
def test_direction_cloud_keeps_colours_and_drops_lengths(dim, backend):
    cloud = analysis.direction_cloud(dim, 200, seed=4, backend=backend)
    lengths = np.linalg.norm(cloud.inputs, axis=1)
    assert lengths.min() < 0.5 and lengths.max() > 2.0
    np.testing.assert_allclose(np.linalg.norm(cloud.outputs["l2"], axis=1), 1.0, atol=1e-12)
    np.testing.assert_allclose(np.linalg.norm(cloud.outputs["rms"], axis=1), math.sqrt(dim), atol=1e-12)
    for m in ("l2", "rms"):
        moved = np.angle(np.exp(1j * (analysis.direction_angle(cloud.outputs[m]) - cloud.hue)))
        assert np.max(np.abs(moved)) < 1e-12
    ln = cloud.outputs["ln"]
    np.testing.assert_allclose(ln.sum(axis=1), 0.0, atol=1e-12)
    if dim == 2:
        assert len(np.unique(np.round(ln, 9), axis=0)) == 2
    else:  # the angle around 1 survives LayerNorm in 3D
        moved = np.angle(np.exp(1j * (analysis.direction_angle(ln) - cloud.hue)))
        assert np.max(np.abs(moved)) < 1e-12


def test_pearson_matrix_matches_numpy_corrcoef():
    rows = analysis.similarity_batch(12, 7, 3.0, seed=2)
    np.testing.assert_allclose(analysis.pearson_matrix(rows), np.corrcoef(rows), atol=1e-14)


@pytest.mark.parametrize("backend", BACKENDS)
def test_cosine_matrix_matches_torch_cosine_similarity(backend):
    rows = analysis.similarity_batch(5, 4, 1.0, seed=1)
    t = torch.tensor(rows)
    want = F.cosine_similarity(t[:, None, :], t[None, :, :], dim=-1).numpy()
    np.testing.assert_allclose(analysis.cosine_matrix(rows, backend=backend), want, atol=1e-14)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("eps", [0.0, None, 0.1])
@pytest.mark.parametrize(("n", "size", "spread", "seed"), [(2, 3, 0.0, 0), (8, 6, 2.0, 0), (64, 8, 5.0, 3)])
def test_l2_and_rms_keep_cosines_and_layernorm_turns_them_into_pearson(n, size, spread, seed, eps, backend):
    rows = analysis.similarity_batch(n, size, spread, seed)
    sim = analysis.similarity(rows, eps=eps, backend=backend)
    np.testing.assert_allclose(sim.cos_out["l2"], sim.cos_in, atol=1e-13)
    np.testing.assert_allclose(sim.cos_out["rms"], sim.cos_in, atol=1e-13)
    np.testing.assert_allclose(sim.cos_out["ln"], np.corrcoef(rows), atol=1e-13)
    assert max(sim.errors.values()) < 1e-13


def test_layernorm_changes_cosines_when_rows_are_shifted():
    sim = analysis.similarity(analysis.similarity_batch(8, 6, 2.0, 0))
    assert sim.ln_cos_change > 0.5


def test_cos_ln_equals_corr_for_a_worked_pair():
    x, y = np.array([1.0, 2.0, 4.0]), np.array([10.0, 9.0, 14.0])
    ln = analysis.compare_pair(x, y, eps=0.0)
    assert ln.cos_out["ln"] == pytest.approx(np.corrcoef(x, y)[0, 1], abs=1e-14)
    assert ln.cos_in != pytest.approx(ln.corr_in, abs=0.05)


def test_constant_vectors_have_no_correlation_nan_is_honest():
    assert math.isnan(analysis.pearson([1, 1, 1], [1, 2, 3]))
    assert math.isnan(analysis.cosine([0, 0], [1, 2]))


# --- invariances ---------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("x", [(1.0, 2.0, 3.0), (0.3, -2.0, 5.0, 1.0, 0.0, 7.5)])
def test_invariance_distances_vanish_where_the_seed_says_at_eps_0(x, backend):
    grid = analysis.invariance_grid(x, eps=0.0, backend=backend)
    tol = 1e-13
    assert grid.max_where("ln", scale_only=False) < tol  # LN: any a > 0, any c
    assert grid.max_where("rms", scale_only=True) < tol  # RMS, L2: a > 0 and c = 0 only
    assert grid.max_where("l2", scale_only=True) < tol
    assert grid.max_where("rms", scale_only=False) > 0.1
    assert grid.max_where("l2", scale_only=False) > 0.1


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("dtype", "tol"), [("float32", 1e-5), ("float64", 1e-13)])
def test_layernorm_invariance_holds_within_dtype_tolerance(backend, dtype, tol):
    """LN(a·x + c·1) = LN(x) computed by normviz in the dtype itself, not only in float64."""
    x = np.array([1.0, 2.0, 3.0, -0.5])
    ref = _xp.to_numpy(layer_norm(backend.asarray(x, dtype), eps=0.0)).astype(np.float64)
    for a, c in [(0.5, 7.0), (3.0, -20.0), (2.0, 3.0), (0.05, 0.0), (250.0, 1000.0)]:
        y = _xp.to_numpy(layer_norm(backend.asarray(a * x + c, dtype), eps=0.0)).astype(np.float64)
        assert np.max(np.abs(y - ref)) < tol, (a, c)


def test_negative_a_flips_the_sign_and_a_zero_gives_the_zero_vector_or_nan():
    x = (1.0, 2.0, 3.0)
    flip = analysis.transformed(x, -1.5, 4.0, eps=0.0)
    assert flip.case == "flip"
    np.testing.assert_allclose(flip.outputs["ln"], -flip.reference["ln"], atol=1e-14)
    assert flip.distance["ln"] == pytest.approx(2 * math.sqrt(3))
    grid = analysis.invariance_grid(x, eps=0.0)
    left = grid.distance["ln"][:, grid.a < 0]
    np.testing.assert_allclose(left, 2.0, atol=1e-13)  # relative to the radius √n
    zero = analysis.transformed(x, 0.0, 4.0)  # default ε > 0
    assert zero.case == "zero"
    np.testing.assert_array_equal(zero.outputs["ln"], np.zeros(3))
    nan = analysis.transformed(x, 0.0, 4.0, eps=0.0)
    assert np.all(np.isnan(nan.outputs["ln"])) and math.isnan(nan.distance["ln"])
    np.testing.assert_allclose(nan.outputs["rms"], np.ones(3))


def test_default_eps_makes_invariance_approximate_near_a_0():
    grid = analysis.invariance_grid((1.0, 2.0, 3.0))  # each method's default ε
    assert 1e-6 < grid.max_where("ln", scale_only=False) < 1e-2


def test_counterfactual_reproduces_the_seed_numbers():
    base, shifted = analysis.counterfactual((1, 2, 3), 100.0)
    assert round(base.rms, 2) == 2.16 and round(shifted.rms, 1) == 102.0
    np.testing.assert_allclose(np.round(base.rms_out, 3), [0.463, 0.926, 1.389])
    np.testing.assert_allclose(np.round(shifted.rms_out, 3), [0.990, 1.000, 1.010])
    np.testing.assert_allclose(np.round(base.rms_ratio, 2), [1, 2, 3])
    np.testing.assert_allclose(np.round(shifted.rms_ratio, 2), [1, 1.01, 1.02])
    for row in (base, shifted):
        np.testing.assert_allclose(np.round(row.ln_out, 3), [-1.225, 0.0, 1.225], atol=1e-12)
    np.testing.assert_allclose(base.ln_out, shifted.ln_out, atol=1e-13)


def test_ratios_are_nan_when_the_first_component_is_zero():
    assert np.all(np.isnan(analysis.ratios([0.0, 1.0])))


def test_without_sigma_logits_grow_1000x_and_softmax_saturates_layernorm_does_not():
    one = analysis.scale_demo((1, 2, 3), 1.0, eps=0.0)
    big = analysis.scale_demo((1, 2, 3), 1000.0, eps=0.0)
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
    scales, pc, pl = analysis.saturation_curve(eps=0.0)
    assert np.all(np.diff(pc) >= 0) and pc[-1] == 1.0 and pc[0] < 0.4
    assert np.ptp(pl) < 1e-12


def test_softmax_does_not_overflow():
    np.testing.assert_array_equal(analysis.softmax([-1e300, 0.0, 1e300]), [0.0, 0.0, 1.0])
    assert analysis.softmax(np.zeros(4)) == pytest.approx(np.full(4, 0.25))


def test_scale_demo_needs_three_components():
    with pytest.raises(ValueError, match="3 components"):
        analysis.scale_demo((1, 2), 10.0)


@pytest.mark.gpu
def test_identities_on_cuda():
    cuda = _xp.Backend("torch", "cuda")
    sim = analysis.similarity(analysis.similarity_batch(64, 8, 3.0, 1), backend=cuda)
    assert max(sim.errors.values()) < 1e-12
    grid = analysis.invariance_grid((1.0, 2.0, 3.0), eps=0.0, backend=cuda)
    assert grid.max_where("ln", scale_only=False) < 1e-13
