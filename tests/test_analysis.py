"""Every identity the dof, information and invariance pages show, checked numerically.

Oracles: torch.autograd for the Jacobians, torch.nn.functional for the norms,
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


def torch_norm(method: str, eps: float, n: int):
    return {
        "l2": lambda t: F.normalize(t, dim=0, eps=eps),
        "rms": lambda t: F.rms_norm(t, (n,), eps=eps),
        "ln": lambda t: F.layer_norm(t, (n,), eps=eps),
    }[method]


# --- degrees of freedom ------------------------------------------------------


def test_dof_table_counts_and_fractions_match_the_seed():
    rows = {r.method: r for r in analysis.dof_table(896)}
    assert [rows[m].dof for m in ("input", "l2", "rms", "ln")] == [896, 895, 895, 894]
    assert rows["rms"].lost == ("length",) and rows["ln"].lost == ("length", "offset")
    assert rows["ln"].fraction == pytest.approx(894 / 896)
    two = {r.method: r.dof for r in analysis.dof_table(2)}
    assert two == {"input": 2, "l2": 1, "rms": 1, "ln": 0}


def test_kept_fraction_curve_spans_2_to_16384():
    ns, fr = analysis.kept_fraction_curve()
    assert ns[0] == 2 and ns[-1] == analysis.N_MAX and np.all(np.diff(ns) > 0)
    assert fr["ln"][0] == 0.0 and fr["l2"][0] == 0.5
    np.testing.assert_allclose(fr["ln"], (ns - 2) / ns)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("eps", [0.0, 1e-3])
@pytest.mark.parametrize("n", [2, 3, 7, 33])
def test_analytic_jacobian_matches_torch_autograd(method, eps, n, backend):
    x = analysis.sample_points(n, 1, seed=n)[0]
    jac = analysis.jacobian(method, x, eps=eps, backend=backend)
    auto = torch.autograd.functional.jacobian(torch_norm(method, eps, n), torch.tensor(x, dtype=torch.float64))
    np.testing.assert_allclose(jac, auto.numpy(), rtol=1e-10, atol=1e-12)


def test_l2_jacobian_when_the_norm_is_clamped_by_eps_matches_autograd():
    x = np.array([1e-4, -2e-4, 3e-4])
    jac = analysis.jacobian("l2", x, eps=1e-2)
    auto = torch.autograd.functional.jacobian(torch_norm("l2", 1e-2, 3), torch.tensor(x))
    np.testing.assert_allclose(jac, auto.numpy(), rtol=1e-10)
    assert analysis.numerical_rank(analysis.singular_values("l2", x, eps=1e-2)) == 3


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("n", [2, 3, 5, 64, 200])
def test_dense_svd_and_structure_give_the_same_spectrum(method, n):
    for x in analysis.sample_points(n, 2 if n < 100 else 1, seed=7):
        svd = analysis.singular_values(method, x, route="svd")
        structure = analysis.singular_values(method, x, route="structure")
        np.testing.assert_allclose(svd, structure, atol=1e-12)


@pytest.mark.parametrize("n", [2, 3, 4, 10, 100, 256, 257, 768, 896, 2048, 4096, 7168, 16384])
def test_jacobian_rank_is_n_minus_1_for_l2_and_rms_and_n_minus_2_for_layernorm(n):
    checks = analysis.rank_checks(n, seed=n)
    expected = {"l2": n - 1, "rms": n - 1, "ln": n - 2}
    for m, check in checks.items():
        assert check.ranks == (expected[m],) * analysis.RANK_POINTS, (m, check)
        assert check.ok and check.lost == n - expected[m]
        assert check.route == ("svd" if n <= analysis.DENSE_SVD_MAX else "structure")


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("n", [2, 3])
def test_rank_counts_hold_for_many_random_points_in_tiny_dimensions(n, seed):
    assert all(c.ok for c in analysis.rank_checks(n, seed=seed).values())


def test_layernorm_at_n_2_has_rank_0_it_leaves_two_points():
    check = analysis.rank_check("ln", 2, seed=3)
    assert check.ranks == (0,) * analysis.RANK_POINTS
    assert np.all(check.smallest < check.tol)


@pytest.mark.parametrize("backend", BACKENDS)
def test_rank_through_the_torch_backend_matches(backend):
    for n in (50, 600):
        checks = analysis.rank_checks(n, backend=backend)
        assert {m: c.ranks[0] for m, c in checks.items()} == {"l2": n - 1, "rms": n - 1, "ln": n - 2}


@pytest.mark.parametrize("n", [8, 300])
def test_with_eps_the_radial_direction_is_squeezed_not_removed(n):
    """ε > 0: RMSNorm's Jacobian is full rank, LayerNorm's loses only the offset along 1."""
    ranks = {m: analysis.rank_check(m, n, eps=eps).ranks[0] for m, eps in (("l2", 1e-12), ("rms", 1e-6), ("ln", 1e-5))}
    assert ranks == {"l2": n - 1, "rms": n, "ln": n - 1}
    x = analysis.sample_points(n, 1, 0)[0]
    values = analysis.singular_values("ln", x, eps=1e-5)
    assert values.min() < 1e-14  # along 1: still exactly killed
    assert np.sort(values)[1] == pytest.approx(analysis.squeezed_factor("ln", x, 1e-5), rel=1e-6)
    assert np.sort(analysis.singular_values("rms", x, eps=1e-6))[0] == pytest.approx(
        analysis.squeezed_factor("rms", x, 1e-6), rel=1e-6)


@pytest.mark.parametrize("n", [3, 16])
def test_the_lost_directions_are_x_and_the_ones_vector(n):
    x = analysis.sample_points(n, 1, 1)[0]
    ones = np.ones(n)
    for m in ("l2", "rms"):
        jac = analysis.jacobian(m, x)
        assert np.linalg.norm(jac @ x) / np.linalg.norm(x) < 1e-14
        assert np.linalg.norm(jac @ ones) > 1e-3  # the shift is *not* lost
    jac = analysis.jacobian("ln", x)
    assert np.linalg.norm(jac @ ones) < 1e-13
    assert np.linalg.norm(jac @ (x - x.mean())) < 1e-13


def test_dense_svd_is_offered_up_to_its_limit():
    check = analysis.rank_check("ln", 300, points=1, route="svd")
    assert check.route == "svd" and check.ranks == (298,)
    with pytest.raises(ValueError, match="dense SVD"):
        analysis.rank_check("ln", analysis.DENSE_SVD_LIMIT + 1, route="svd")


def test_undefined_jacobians_are_nan_not_a_crash():
    assert np.all(np.isnan(analysis.singular_values("l2", np.zeros(3))))
    assert np.all(np.isnan(analysis.jacobian("ln", np.ones(3))))
    assert analysis.numerical_rank(analysis.singular_values("ln", np.ones(3))) == -1
    with pytest.raises(ValueError, match="n must be"):
        analysis.rank_check("ln", 1)
    with pytest.raises(ValueError, match="route"):
        analysis.singular_values("ln", np.arange(3.0), route="qr")


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
def test_rank_and_identities_on_cuda():
    cuda = _xp.Backend("torch", "cuda")
    checks = analysis.rank_checks(896, backend=cuda)
    assert {m: c.ranks[0] for m, c in checks.items()} == {"l2": 895, "rms": 895, "ln": 894}
    assert analysis.rank_checks(200, backend=cuda)["ln"].ranks[0] == 198  # dense SVD on the GPU
    sim = analysis.similarity(analysis.similarity_batch(64, 8, 3.0, 1), backend=cuda)
    assert max(sim.errors.values()) < 1e-12
    grid = analysis.invariance_grid((1.0, 2.0, 3.0), eps=0.0, backend=cuda)
    assert grid.max_where("ln", scale_only=False) < 1e-13
