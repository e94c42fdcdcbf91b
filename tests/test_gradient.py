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


# --- one massive coordinate: RMSNorm's Jacobian, exactly -------------------------------------------------


def _autograd_vjp(x, g, eps):
    """Jᵀg of torch's F.rms_norm at each row of x (float64, any batch shape), by autograd."""
    xt = torch.tensor(np.array(x, dtype=np.float64), requires_grad=True)
    y = torch.nn.functional.rms_norm(xt, xt.shape[-1:], eps=eps)
    (y * torch.tensor(np.asarray(g, dtype=np.float64))).sum().backward()
    return xt.grad.numpy()


def _massive(n, m, eps, k=gradient.MASSIVE_INDEX, scales=gradient.MASSIVE_SCALES):
    rest, g = gradient.massive_example(n)
    return gradient.massive_gradient(rest, g, m, eps=eps, k=k, scales=scales)


small = st.floats(-5.0, 5.0, allow_nan=False)
massive_sizes = st.floats(1.0, 1e4).map(lambda v: round(v, 2)) | st.floats(-1e4, -1.0).map(lambda v: round(v, 2))
epsilons = st.sampled_from([0.0, 1e-6, 1e-2, 1.0])


@settings(max_examples=60, deadline=None)
@given(rest=st.lists(small, min_size=1, max_size=9), m=massive_sizes, eps=epsilons, data=st.data())
def test_the_vjp_formula_is_torch_autograd_of_f_rms_norm(rest, m, eps, data):
    """(Jᵀg)_i = (1/r)(g_i − x_i (x·g)/(n r²)), at points with one large coordinate anywhere in x."""
    k = data.draw(st.integers(0, len(rest)))
    x = gradient.massive_x(rest, m, k=k)
    g = np.asarray(data.draw(st.lists(small, min_size=x.size, max_size=x.size)))
    ours = gradient.rms_vjp(x, g, eps=eps)
    np.testing.assert_allclose(ours, _autograd_vjp(x, g, eps), rtol=1e-9, atol=1e-13 * (1 + np.abs(g).sum()))


@pytest.mark.parametrize("n", [3, 8, 64, 512])
@pytest.mark.parametrize("eps", [0.0, 1e-6, 1.0])
def test_the_others_gradient_along_the_sweep_is_autograds_at_every_m(n, eps):
    """mg.others at all 41 m of the sweep (and the current one) against autograd of F.rms_norm on a batch of
    x, one row per m; mg.jtg and the value at m = 1 likewise."""
    mg = _massive(n, 250.0, eps)
    assert 250.0 in mg.scales and mg.scales.size == gradient.MASSIVE_SCALES.size + 1
    xs = np.stack([gradient.massive_x(mg.rest, m) for m in mg.scales])
    grads = _autograd_vjp(xs, np.broadcast_to(mg.g, xs.shape), eps)
    np.testing.assert_allclose(mg.others, np.linalg.norm(grads[:, 1:], axis=1), rtol=1e-10)
    np.testing.assert_allclose(mg.jtg, _autograd_vjp(gradient.massive_x(mg.rest, 250.0), mg.g, eps), rtol=1e-10)
    at_one = _autograd_vjp(gradient.massive_x(mg.rest, 1.0), mg.g, eps)
    assert mg.reference == pytest.approx(np.linalg.norm(at_one[1:]), rel=1e-12)
    assert mg.share == pytest.approx(np.linalg.norm(grads[mg.at(250.0), 1:]) / np.linalg.norm(at_one[1:]), rel=1e-10)


@settings(max_examples=60, deadline=None)
@given(rest=st.lists(small, min_size=1, max_size=11), m=massive_sizes, eps=epsilons)
def test_the_singular_values_are_numpys_svd_of_the_autograd_jacobian(rest, m, eps):
    """1/r, n − 1 times, and ε/r³ along x, against np.linalg.svd of torch.autograd's Jacobian of F.rms_norm."""
    x = gradient.massive_x(rest, m)
    spectrum = gradient.rms_spectrum(x, eps=eps)
    svd = np.linalg.svd(gradient.autograd_jacobian("rms", x, eps=eps), compute_uv=False)
    np.testing.assert_allclose(spectrum.values(), svd, rtol=1e-10, atol=1e-13 * spectrum.kept)
    np.testing.assert_allclose(gradient.rms_autograd_singular_values(x, eps=eps), svd, rtol=0, atol=0)
    r = math.sqrt(np.mean(x * x) + eps)
    assert spectrum.r == pytest.approx(r, rel=1e-14) and spectrum.kept == pytest.approx(1 / r, rel=1e-14)
    assert spectrum.radial == pytest.approx(eps / r**3, rel=1e-12, abs=0.0)


@pytest.mark.parametrize("n", [2, 3, 64])
def test_at_eps_0_the_singular_values_are_root_n_over_the_norm_and_0(n):
    """The paper's "inversely proportional to the input norm", exactly: σ = √n/‖x‖ on the n − 1 directions
    orthogonal to x; along x, 0 (autograd's Jacobian has J x = 0 to rounding)."""
    rest, _ = gradient.massive_example(n)
    for m in (1.0, 30.0, 1e4):
        x = gradient.massive_x(rest, m)
        spectrum = gradient.rms_spectrum(x, eps=0.0)
        assert spectrum.kept == pytest.approx(math.sqrt(n) / np.linalg.norm(x), rel=1e-14)
        assert spectrum.radial == 0.0
        jac = gradient.autograd_jacobian("rms", x, eps=0.0)
        assert np.linalg.norm(jac @ x) < 1e-13 * np.linalg.norm(x)
        orthogonal = np.linalg.svd(x[None, :])[2][1:]  # an orthonormal basis of x's complement
        np.testing.assert_allclose(jac @ orthogonal.T, orthogonal.T / spectrum.r, atol=1e-14)


@pytest.mark.parametrize("n", [3, 64, 4096])
@pytest.mark.parametrize("eps", [0.0, 1e-6, 1.0])
def test_the_others_gradient_falls_like_root_n_over_m(n, eps):
    """|m|·‖(Jᵀg)_{i≠k}‖ → √n‖g_{i≠k}‖ (closer at every larger m from 10√n on), computed here from the
    formula written out in plain numpy."""
    rest, g = gradient.massive_example(n)
    limit = math.sqrt(n) * np.linalg.norm(g[1:])
    ratios = []
    for m in (10 * math.sqrt(n), 1e3 * math.sqrt(n), 1e6, 1e8, -1e8):
        x = np.concatenate([[m], rest])
        r2 = np.mean(x * x) + eps
        others = (g[1:] - rest * (x @ g) / (n * r2)) / math.sqrt(r2)
        mg = gradient.massive_gradient(rest, g, m, eps=eps, scales=[1.0])
        assert mg.here == pytest.approx(np.linalg.norm(others), rel=1e-12)
        assert mg.limit == pytest.approx(limit, rel=1e-14)
        assert mg.to_asymptote == pytest.approx(abs(m) * np.linalg.norm(others) / limit, rel=1e-12)
        ratios.append(abs(1 - mg.to_asymptote))
    assert ratios[0] > ratios[1] > ratios[2] > ratios[3] and max(ratios[3:]) < 1e-6  # O(1/|m|)


def test_the_page_default_says_8_percent_and_n_3_about_1_9_percent():
    """n = 64, m = 100, ε = 0: the others get 7.97 % of what they get at m = 1 (n = 3, the issue's example:
    1.86 %); with the others' RMS 1, r² = (63 + m²)/64, so 1/r = 8/√(m² + 63), and 1 at m = 1."""
    assert _massive(64, 100.0, 0.0).share == pytest.approx(0.07975, abs=5e-5)
    assert _massive(3, 100.0, 0.0).share == pytest.approx(0.01856, abs=5e-5)
    mg = _massive(64, 100.0, 0.0)
    assert mg.spectrum.kept == pytest.approx(8 / math.sqrt(100.0**2 + 63), rel=1e-14)  # r² = (63 + m²)/64
    assert mg.reference_spectrum.kept == pytest.approx(1.0, rel=1e-15)
    assert mg.kept_share == pytest.approx(mg.spectrum.kept, rel=1e-15)


@settings(max_examples=60, deadline=None)
@given(rest=st.lists(small, min_size=1, max_size=9), m=massive_sizes, eps=epsilons, data=st.data())
def test_no_gradient_comes_through_larger_than_root_n_norm_g_over_m(rest, m, eps, data):
    """‖Jᵀg‖ ≤ ‖g‖/r ≤ √n‖g‖/|m| for every g and ε ≥ 0 (autograd's Jᵀg)."""
    g = np.asarray(data.draw(st.lists(small, min_size=len(rest) + 1, max_size=len(rest) + 1)))
    mg = gradient.massive_gradient(rest, g, m, eps=eps, scales=[1.0])
    whole = np.linalg.norm(_autograd_vjp(gradient.massive_x(rest, m), g, eps))
    assert mg.whole == pytest.approx(whole, rel=1e-9, abs=1e-12 * mg.g_over_r)  # 0 where g is along x
    assert whole <= mg.g_over_r * (1 + 1e-12) and mg.g_over_r <= mg.bound * (1 + 1e-12)
    assert mg.bound == pytest.approx(math.sqrt(len(rest) + 1) * np.linalg.norm(g) / abs(m), rel=1e-14)


def test_the_example_is_fixed_with_rms_1_and_read_only():
    for n in (2, 3, 64, 4096):
        rest, g = gradient.massive_example(n)
        assert rest.shape == (n - 1,) and g.shape == (n,)
        assert math.sqrt(np.mean(rest * rest)) == pytest.approx(1.0, rel=1e-14)
        assert not rest.flags.writeable and not g.flags.writeable
        again = gradient.massive_example(n)
        assert np.array_equal(again[0], rest) and np.array_equal(again[1], g)
    assert not np.array_equal(gradient.massive_example(8, seed=1)[0], gradient.massive_example(8)[0])
    assert gradient.MASSIVE_SCALES[0] == 1.0 and gradient.MASSIVE_SCALES[-1] == pytest.approx(1e4)
    assert np.allclose(np.diff(np.log10(gradient.MASSIVE_SCALES)), 0.1)


def test_the_massive_coordinate_goes_where_k_says_and_at_finds_m():
    x = gradient.massive_x([1.0, 2.0], 50.0, k=1)
    assert np.array_equal(x, [1.0, 50.0, 2.0])
    mg = gradient.massive_gradient([1.0, 2.0], [0.5, 1.0, -1.0], 50.0, eps=0.0, k=1)
    assert np.array_equal(mg.rest, [1.0, 2.0]) and np.array_equal(mg.g_others, [0.5, -1.0]) and mg.m == 50.0
    assert mg.scales[mg.at(50.0)] == 50.0 and np.all(np.diff(mg.scales) > 0)
    np.testing.assert_allclose(mg.jtg, _autograd_vjp(x, [0.5, 1.0, -1.0], 0.0), rtol=1e-12)


@pytest.mark.parametrize(
    "call, error, match",
    [
        (lambda: gradient.rms_spectrum((1.0, 2.0), eps=-1.0), ValueError, "eps must be finite and >= 0"),
        (lambda: gradient.rms_spectrum((1.0, 2.0), eps=math.nan), ValueError, "eps must be finite and >= 0"),
        (lambda: gradient.rms_spectrum((1.0, math.inf), eps=0.0), ValueError, "x must hold finite numbers"),
        (lambda: gradient.rms_spectrum(np.ones((2, 2)), eps=0.0), ValueError, "x must be a vector"),
        (lambda: gradient.rms_vjp((1.0, 2.0), (1.0,), eps=0.0), ValueError, "g must have the shape of x"),
        (lambda: gradient.massive_x((1.0,), math.nan), ValueError, "m must be a finite real number"),
        (lambda: gradient.massive_x((1.0,), "big"), TypeError, "m must be a real number"),
        (lambda: gradient.massive_x((1.0,), 5.0, k=2), ValueError, "k must be an index from 0 to 1"),
        (lambda: gradient.massive_x((), 5.0), ValueError, "rest must be a vector of at least 1"),
        (lambda: gradient.massive_x(("a", "b"), 5.0), TypeError, "rest must be a vector of real numbers"),
        (lambda: gradient.massive_example(1), ValueError, "n must be a whole number ≥ 2"),
        (lambda: gradient.massive_example(2.5), ValueError, "n must be a whole number ≥ 2"),
        (lambda: gradient.massive_gradient((1.0,), (1.0,), 5.0, eps=0.0), ValueError, "g must have the shape"),
        (lambda: gradient.massive_gradient((1.0,), (1.0, 2.0), 5.0, eps=0.0, scales=[]), ValueError, "scales"),
    ],
)
def test_bad_arguments_of_the_massive_section_name_themselves(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_the_zero_vector_at_eps_0_gives_inf_and_nan_not_an_error():
    spectrum = gradient.rms_spectrum((0.0, 0.0, 0.0), eps=0.0)
    assert spectrum.kept == math.inf and math.isnan(spectrum.radial)


def test_the_massive_display_lines_fit_a_phone():
    """About 40 rendered characters a line at most (320 px): commands count as one glyph, braces as none."""
    import re

    assert len(gradient.MASSIVE_TEX) >= 8
    for line in gradient.MASSIVE_TEX:
        shown = re.sub(r"\\(operatorname|mathrm|text)\{([^}]*)\}", r"\2", line)
        shown = re.sub(r"\\[a-zA-Z]+", "x", shown)
        shown = re.sub(r"[{}^_]|\\[,; ]", "", shown)
        assert len(shown) <= 40, (line, shown)
