import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from normviz import _xp, gradient
from normviz.methods import KEYS

torch = pytest.importorskip("torch")

ONES = np.ones(3) / math.sqrt(3.0)
coord = st.floats(-5.0, 5.0, allow_nan=False).map(lambda v: round(v, 3))
vectors = st.tuples(coord, coord, coord).filter(lambda v: np.std(v) > 0.05)


@settings(max_examples=40, deadline=None)
@given(x=vectors, eps=st.sampled_from([0.0, 1e-5, 1e-2, 1.0]))
def test_the_analytic_jacobian_matches_torch_autograd_to_1e_10_in_float64(x, eps):
    for key in KEYS:
        c = gradient.jacobian_check(key, x, eps=eps)
        assert c.autograd is not None and c.autograd.dtype == np.float64
        assert c.difference < 1e-10, (key, x, eps, c.difference)


def test_autograd_is_of_torch_own_ops_at_the_seed_vector():
    """The RMSNorm Jacobian at (1, 2, 3), by autograd of F.rms_norm: (I − y yᵀ/3)/s, s = √(14/3)."""
    jac = gradient.autograd_jacobian("rms", (1.0, 2.0, 3.0), eps=0.0)
    s = math.sqrt(14.0 / 3.0)
    y = np.array([1.0, 2.0, 3.0]) / s
    assert np.allclose(jac, (np.eye(3) - np.outer(y, y) / 3) / s, atol=1e-14)
    assert jac[0, 0] == pytest.approx(0.4298, abs=1e-4) and jac[0, 1] == pytest.approx(-0.0661, abs=1e-4)


@pytest.mark.parametrize("key", KEYS)
def test_on_the_torch_backend_the_analytic_jacobian_is_the_same(key):
    x = (0.5, -1.0, 2.5)
    a = gradient.analytic_jacobian(key, x, eps=0.0)
    b = gradient.analytic_jacobian(key, x, eps=0.0, backend=_xp.Backend("torch", "cpu"))
    assert np.allclose(a, b, atol=1e-15)


@settings(max_examples=40, deadline=None)
@given(x=vectors)
def test_at_eps_0_j_x_is_0_for_all_three_and_j_1_is_0_for_layernorm(x):
    x = np.asarray(x)
    for key in KEYS:
        jac = gradient.analytic_jacobian(key, x, eps=0.0)
        assert np.linalg.norm(jac @ x) <= 1e-12 * np.linalg.norm(x) * np.abs(jac).max() * 10
    ln = gradient.analytic_jacobian("ln", x, eps=0.0)
    assert np.linalg.norm(ln @ np.ones(3)) < 1e-12 * np.abs(ln).max() * 10


def test_l2_and_rms_do_not_kill_1_in_general():
    c = gradient.jacobian_checks((1.0, 2.0, 3.0), eps=0.0)
    assert c["l2"].null_residual["ones"] > 0.05 and c["rms"].null_residual["ones"] > 0.1
    assert c["ln"].null_residual["ones"] < 1e-15 and c["ln"].null_residual["radial"] < 1e-15


@pytest.mark.parametrize("eps", [1e-3, 0.1, 1.0, 10.0])
def test_with_eps_j_1_stays_0_for_layernorm_but_the_radial_direction_leaks(eps):
    x = np.array([1.0, 2.0, 4.0])
    ln = gradient.jacobian_check("ln", x, eps=eps)
    assert ln.null_residual["ones"] < 1e-15
    c = x - x.mean()
    var = np.mean(c * c)
    s = math.sqrt(var + eps)
    radial = [e.value for e in ln.eigen if e.kind == "radial"][0]
    assert radial == pytest.approx(eps / (var + eps) / s, rel=1e-10)
    rms = gradient.jacobian_check("rms", x, eps=eps)
    ms = np.mean(x * x)
    assert [e.value for e in rms.eigen if e.kind == "radial"][0] == pytest.approx(
        eps / (ms + eps) / math.sqrt(ms + eps), rel=1e-10
    )
    # L2 is a clamp: unchanged while ‖x‖ ≥ ε
    l2 = gradient.jacobian_check("l2", x, eps=min(eps, 4.0))
    assert l2.null_residual["radial"] < 1e-15


def test_l2_below_its_eps_is_the_identity_over_eps():
    jac = gradient.analytic_jacobian("l2", (0.01, 0.02, 0.0), eps=1.0)
    assert np.allclose(jac, np.eye(3))
    assert gradient.jacobian_check("l2", (0.01, 0.02, 0.0), eps=1.0).difference < 1e-12


@settings(max_examples=30, deadline=None)
@given(x=vectors)
def test_eigenvalues_are_0_on_the_removed_directions_and_1_over_s_elsewhere(x):
    for key in KEYS:
        c = gradient.jacobian_check(key, x, eps=0.0, with_autograd=False)
        removed = 2 if key == "ln" else 1
        kinds = sorted(e.kind for e in c.eigen)
        assert kinds == sorted(["kept"] * (3 - removed) + (["ones", "radial"] if key == "ln" else ["radial"]))
        assert sum(e.zero for e in c.eigen) == removed
        for e in c.eigen:
            expected = 1.0 / c.scale if e.kind == "kept" else 0.0
            assert e.value == pytest.approx(expected, abs=1e-12 / c.scale)
        assert c.asymmetry == 0.0  # symmetric by construction; autograd agrees (test above)
        assert np.allclose(np.sort(np.linalg.eigvals(c.analytic).real), [e.value for e in c.eigen], atol=1e-12)


@settings(max_examples=40, deadline=None)
@given(x=vectors, g=st.tuples(coord, coord, coord))
def test_backprop_removes_the_components_along_x_and_1(x, g):
    x, g = np.asarray(x), np.asarray(g)
    for key in KEYS:
        bp = gradient.backprop(key, x, g, eps=0.0)
        assert np.allclose(bp.jtg, gradient.analytic_jacobian(key, x, eps=0.0).T @ g)
        assert abs(bp.jtg @ x) < 1e-9 * (1 + np.linalg.norm(g) * np.linalg.norm(x))
        assert np.allclose(bp.scale * bp.jtg, bp.kept, atol=1e-12 * (1 + np.linalg.norm(g)))
        assert np.allclose(sum(bp.removed.values()) + bp.kept, g)
        if key == "ln":
            assert abs(bp.jtg.sum()) < 1e-9 * (1 + np.linalg.norm(g))
            assert np.allclose(bp.removed["ones"], g.mean())
    # the seed: x = (1, 2, 3), g = e₁ under LayerNorm keeps (1/6, −1/3, 1/6)
    bp = gradient.backprop("ln", (1.0, 2.0, 3.0), (1.0, 0.0, 0.0), eps=0.0)
    assert np.allclose(bp.kept, [1 / 6, -1 / 3, 1 / 6])
    assert np.allclose(bp.jtg, np.array([1 / 6, -1 / 3, 1 / 6]) / math.sqrt(2 / 3))


def test_with_eps_the_radial_part_leaks_by_eps_over_ms_plus_eps():
    x, g, eps = np.array([1.0, 2.0, 3.0]), np.array([0.3, -1.0, 2.0]), 0.5
    bp = gradient.backprop("rms", x, g, eps=eps)
    ms = np.mean(x * x)
    assert np.allclose(bp.leak, eps / (ms + eps) * bp.removed["radial"], atol=1e-14)


def test_undefined_points_give_nan_not_an_error():
    c = gradient.jacobian_check("ln", (2.0, 2.0, 2.0), eps=0.0)
    assert not np.any(np.isfinite(c.analytic)) and c.eigen == () and math.isnan(c.asymmetry)
    bp = gradient.backprop("l2", (0.0, 0.0, 0.0), (1.0, 0.0, 0.0), eps=0.0)
    assert np.all(np.isnan(bp.directions["radial"]))


def test_without_torch_the_check_is_skipped(monkeypatch):
    monkeypatch.setattr(_xp, "torch_installed", lambda: False)
    c = gradient.jacobian_check("rms", (1.0, 2.0, 3.0), eps=0.0)
    assert c.autograd is None and math.isnan(c.difference)
    assert np.all(np.isfinite(c.analytic))


def test_bad_arguments_name_themselves():
    with pytest.raises(ValueError, match="g must have the shape"):
        gradient.backprop("ln", (1.0, 2.0, 3.0), (1.0, 2.0))
    with pytest.raises(ValueError, match="method must be one of"):
        gradient.autograd_jacobian("batch", (1.0, 2.0, 3.0))
    with pytest.raises(ValueError, match="method must be one of"):
        gradient.null_directions("softmax", (1.0, 2.0, 3.0))


@settings(max_examples=25, deadline=None)
@given(x=vectors, g=st.tuples(coord, coord, coord), seed=st.integers(0, 99))
def test_only_the_path_through_the_norm_drops_the_components_along_x_and_1(x, g, seed):
    """grad.bp.text, qualified: through the norm, f(Norm(x)) passes back nothing along x (and along 𝟏 for
    LayerNorm) at ε = 0; with the residual connection, x + f(Norm(x)), the identity path hands g's
    components along x and 𝟏 to x unchanged (autograd through the library's norms)."""
    from normviz.methods import method

    x, g = np.asarray(x), np.asarray(g)
    w = np.random.default_rng(seed).standard_normal((3, 3))  # a linear sublayer f(u) = W u
    for key in KEYS:
        grads = {}
        for residual in (False, True):
            xt = torch.tensor(x, requires_grad=True)
            y = torch.from_numpy(w) @ method(key)(xt, eps=0.0)
            ((xt + y if residual else y) @ torch.from_numpy(g)).backward()
            grads[residual] = xt.grad.numpy()
        bp = gradient.backprop(key, x, w.T @ g, eps=0.0)  # what the norm passes down from the sublayer
        np.testing.assert_allclose(grads[False], bp.jtg, atol=1e-9)
        tol = 1e-9 * (1 + np.linalg.norm(g) * np.linalg.norm(w) * (1 + np.linalg.norm(x)))
        assert abs(grads[False] @ x) < tol  # no signal to make x longer
        assert grads[True] @ x == pytest.approx(g @ x, abs=tol)  # the identity path carries it
        if key == "ln":
            assert abs(grads[False].sum()) < tol and grads[True].sum() == pytest.approx(g.sum(), abs=tol)
