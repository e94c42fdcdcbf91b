"""normviz.dof: the degrees-of-freedom counts, checked against torch.autograd and the seeds' numbers."""

from __future__ import annotations

import math

import numpy as np
import pytest

from normviz import _xp, dof
from normviz.methods import KEYS, METHODS

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


def test_dof_table_counts_and_fractions_match_the_seed():
    rows = {r.method: r for r in dof.dof_table(896)}
    assert [rows[m].dof for m in ("input", "l2", "rms", "ln")] == [896, 895, 895, 894]
    assert rows["rms"].lost == ("length",) and rows["ln"].lost == ("length", "offset")
    assert rows["ln"].fraction == pytest.approx(894 / 896)
    assert {r.method: r.dof for r in dof.dof_table(2)} == {"input": 2, "l2": 1, "rms": 1, "ln": 0}


def test_the_table_asks_the_method_records():
    for r in dof.dof_table(50)[1:]:
        assert r.dof == METHODS[r.method].dof(50) and r.lost == METHODS[r.method].removes


def test_kept_fraction_curve_spans_2_to_16384():
    ns, fr = dof.kept_fraction_curve()
    assert ns[0] == 2 and ns[-1] == dof.N_MAX and np.all(np.diff(ns) > 0)
    assert fr["ln"][0] == 0.0 and fr["l2"][0] == 0.5
    np.testing.assert_allclose(fr["ln"], (ns - 2) / ns)
    np.testing.assert_allclose(fr["rms"], (ns - 1) / ns)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("method", KEYS)
@pytest.mark.parametrize("eps", [0.0, 1e-3])
@pytest.mark.parametrize("n", [2, 3, 7, 33])
def test_analytic_jacobian_matches_torch_autograd(method, eps, n, backend):
    x = dof.sample_points(n, 1, seed=n)[0]
    jac = dof.jacobian(method, x, eps=eps, backend=backend)
    auto = torch.autograd.functional.jacobian(torch_norm(method, eps, n), torch.tensor(x, dtype=torch.float64))
    np.testing.assert_allclose(jac, auto.numpy(), rtol=1e-10, atol=1e-12)


def test_l2_jacobian_when_the_norm_is_clamped_by_eps_matches_autograd():
    x = np.array([1e-4, -2e-4, 3e-4])
    jac = dof.jacobian("l2", x, eps=1e-2)
    auto = torch.autograd.functional.jacobian(torch_norm("l2", 1e-2, 3), torch.tensor(x))
    np.testing.assert_allclose(jac, auto.numpy(), rtol=1e-10)
    assert dof.numerical_rank(dof.singular_values("l2", x, eps=1e-2), dof.tolerance(3, x)) == 3


@pytest.mark.parametrize("method", KEYS)
@pytest.mark.parametrize("n", [2, 3, 5, 64, 200])
def test_dense_svd_and_structure_give_the_same_spectrum(method, n):
    for x in dof.sample_points(n, 2 if n < 100 else 1, seed=7):
        svd = dof.singular_values(method, x, route="svd")
        structure = dof.singular_values(method, x, route="structure")
        np.testing.assert_allclose(svd, structure, atol=1e-12)


@pytest.mark.parametrize("n", [2, 3, 4, 10, 100, 256, 257, 768, 896, 2048, 4096, 7168, 16384])
def test_jacobian_rank_is_n_minus_1_for_l2_and_rms_and_n_minus_2_for_layernorm(n):
    checks = dof.rank_checks(n, seed=n)
    for m, check in checks.items():
        assert check.ranks == (METHODS[m].dof(n),) * dof.RANK_POINTS, (m, check)
        assert check.ok and check.lost == len(METHODS[m].removes)
        assert check.route == ("svd" if n <= dof.DENSE_SVD_MAX else "structure")


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("n", [2, 3])
def test_rank_counts_hold_for_many_random_points_in_tiny_dimensions(n, seed):
    assert all(c.ok for c in dof.rank_checks(n, seed=seed).values())


def test_layernorm_at_n_2_has_rank_0_it_leaves_two_points():
    check = dof.rank_check("ln", 2, seed=3)
    assert check.ranks == (0,) * dof.RANK_POINTS
    assert np.all(check.smallest < check.tol)


@pytest.mark.parametrize("n", [2, 3, 50, 896, 4096])
@pytest.mark.parametrize("seed", [0, 5])
def test_every_method_is_counted_against_one_tolerance(n, seed):
    """The page states one tolerance (caption and chart legend): every count used exactly that value."""
    checks = dof.rank_checks(n, seed=seed)
    assert len({c.tol for c in checks.values()}) == 1
    points = dof.sample_points(n, dof.RANK_POINTS, seed)
    assert checks["ln"].tol == dof.tolerance(n, points)
    assert dof.tolerance(n, points) >= max(n, 64) * np.finfo(np.float64).eps


def test_tolerance_widens_where_subtracting_the_mean_cancels_digits():
    calm, offset = np.array([-1.0, 0.0, 1.0]), np.array([4.70, 4.75, 4.72])
    assert dof.conditioning(calm) == pytest.approx(1.0)
    assert dof.conditioning(offset) > 100
    assert dof.tolerance(3, [calm, offset]) == dof.tolerance(3, offset) > 100 * dof.tolerance(3, calm)
    assert dof.conditioning(np.ones(4)) == math.inf and dof.tolerance(4, np.ones(4)) < 1.0  # capped


@pytest.mark.parametrize("backend", BACKENDS)
def test_rank_through_the_torch_backend_matches(backend):
    for n in (50, 600):
        checks = dof.rank_checks(n, backend=backend)
        assert {m: c.ranks[0] for m, c in checks.items()} == {"l2": n - 1, "rms": n - 1, "ln": n - 2}


@pytest.mark.parametrize("n", [8, 300])
def test_with_eps_the_radial_direction_is_squeezed_not_removed(n):
    """ε > 0: RMSNorm's Jacobian is full rank, LayerNorm's loses only the offset along 𝟏."""
    rows = {r.check.method: r for r in dof.eps_rows(n)}
    assert {m: r.check.ranks[0] for m, r in rows.items()} == {"l2": n - 1, "rms": n, "ln": n - 1}
    assert {m: r.check.eps for m, r in rows.items()} == {m: METHODS[m].default_eps for m in KEYS}
    x = dof.sample_points(n, 1, 0)[0]
    values = np.sort(dof.singular_values("ln", x, eps=1e-5))
    assert values[0] < 1e-14  # along 𝟏: still exactly removed
    assert values[1] == pytest.approx(rows["ln"].factor, rel=1e-6)
    assert np.sort(dof.singular_values("rms", x, eps=1e-6))[0] == pytest.approx(rows["rms"].factor, rel=1e-6)


def test_squeeze_factor_is_eps_over_variance_for_layernorm_and_over_mean_square_for_rmsnorm():
    """dof.eps.text: LayerNorm ε/(σ² + ε) with the biased σ², RMSNorm ε/(mean(x²) + ε)."""
    x, eps = np.array([10.0, 11.0, 13.0]), 0.5
    var, ms = np.mean((x - x.mean()) ** 2), np.mean(x**2)  # 1.5556, 130
    assert dof.squeezed_factor("ln", x, eps) == pytest.approx(eps / (var + eps))
    assert dof.squeezed_factor("rms", x, eps) == pytest.approx(eps / (ms + eps))
    assert dof.squeezed_factor("ln", x, eps) > 50 * dof.squeezed_factor("rms", x, eps)  # an offset tells them apart
    jac_ln = np.sort(dof.singular_values("ln", x, eps=eps))  # the Jacobian agrees: 0 (along 𝟏), the factor, 1
    np.testing.assert_allclose(jac_ln, [0.0, eps / (var + eps), 1.0], atol=1e-12)
    assert dof.squeezed_factor("l2", x, eps) == 0.0


@pytest.mark.parametrize("n", [3, 16])
def test_the_lost_directions_are_x_and_the_ones_vector(n):
    x = dof.sample_points(n, 1, 1)[0]
    ones = np.ones(n)
    for m in ("l2", "rms"):
        jac = dof.jacobian(m, x)
        assert np.linalg.norm(jac @ x) / np.linalg.norm(x) < 1e-14
        assert np.linalg.norm(jac @ ones) > 1e-3  # the shift is *not* lost
    jac = dof.jacobian("ln", x)
    assert np.linalg.norm(jac @ ones) < 1e-13
    assert np.linalg.norm(jac @ (x - x.mean())) < 1e-13


def test_dense_svd_is_offered_up_to_its_limit():
    check = dof.rank_check("ln", 300, points=1, route="svd")
    assert check.route == "svd" and check.ranks == (298,)
    with pytest.raises(ValueError, match="dense SVD"):
        dof.rank_check("ln", dof.DENSE_SVD_LIMIT + 1, route="svd")
    dense = dof.dense_checks(40, seed=2)
    assert {m: c.ranks for m, (c, _) in dense.items()} == {"l2": (39,), "rms": (39,), "ln": (38,)}
    assert all(seconds >= 0 for _, seconds in dense.values())


def test_undefined_jacobians_are_nan_not_a_crash():
    assert np.all(np.isnan(dof.singular_values("l2", np.zeros(3))))
    assert np.all(np.isnan(dof.jacobian("ln", np.ones(3))))
    assert dof.numerical_rank(dof.singular_values("ln", np.ones(3)), 1e-14) == -1
    with pytest.raises(ValueError, match="n must be"):
        dof.rank_check("ln", 1)
    with pytest.raises(ValueError, match="route"):
        dof.singular_values("ln", np.arange(3.0), route="qr")
    with pytest.raises(ValueError, match="method must be"):
        dof.rank_check("batch", 4)


@pytest.mark.parametrize("backend", BACKENDS)
def test_plane_cloud_puts_layernorm_on_two_points_and_the_others_on_circles(backend):
    cloud = dof.plane_cloud(200, seed=4, backend=backend)
    assert cloud.inputs.shape == (200, 2)
    np.testing.assert_allclose(np.linalg.norm(cloud.outputs["l2"], axis=1), 1.0, atol=1e-12)
    np.testing.assert_allclose(np.linalg.norm(cloud.outputs["rms"], axis=1), math.sqrt(2), atol=1e-12)
    points, counts = cloud.distinct("ln")
    np.testing.assert_allclose(np.sort(points, axis=0), [[-1.0, -1.0], [1.0, 1.0]])
    np.testing.assert_allclose(points.sum(axis=1), 0.0)
    assert counts.sum() == 200 and np.all(counts > 50)
    np.testing.assert_array_equal(cloud.inputs, dof.plane_cloud(200, seed=4).inputs)  # seeded


@pytest.mark.gpu
def test_rank_on_cuda():
    cuda = _xp.Backend("torch", "cuda")
    checks = dof.rank_checks(896, backend=cuda)
    assert {m: c.ranks[0] for m, c in checks.items()} == {"l2": 895, "rms": 895, "ln": 894}
    assert dof.rank_checks(200, backend=cuda)["ln"].ranks[0] == 198
    assert dof.rank_check("ln", 200, points=1, route="svd", backend=cuda).ranks == (198,)  # dense SVD on the GPU
