"""Every identity the dof page shows, checked numerically.

Oracles: torch.autograd for the Jacobians, torch.nn.functional for the norms,
and the seeds' worked numbers.
"""

from __future__ import annotations

import numpy as np
import pytest

from normviz import _xp, analysis
from normviz.norms import METHODS

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


@pytest.mark.gpu
def test_rank_and_identities_on_cuda():
    cuda = _xp.Backend("torch", "cuda")
    checks = analysis.rank_checks(896, backend=cuda)
    assert {m: c.ranks[0] for m, c in checks.items()} == {"l2": 895, "rms": 895, "ln": 894}
    assert analysis.rank_checks(200, backend=cuda)["ln"].ranks[0] == 198  # dense SVD on the GPU
