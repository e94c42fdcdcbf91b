"""normviz.derf (Dynamic erf, Chen et al. 2025) against the direct torch formula, its properties and its errors.

The oracle is weight * torch.erf(alpha * x + shift) + bias, computed in float32 for float16/bfloat16 (normviz
takes erf in at least float32) and cast back to the dtype. numpy's erf is scipy's, torch's its own: the two agree
to an ulp of the compute dtype, hence the same tolerances as DyT's tests.
"""

from __future__ import annotations

import inspect
import math
import zlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy import special

import normviz as nv
from normviz import _xp
from tests.helpers.backends import ELEMENTWISE_COMBOS as COMBOS
from tests.helpers.backends import ELEMENTWISE_PARAMS as PARAMS
from tests.helpers.backends import ELEMENTWISE_SHAPES as SHAPES
from tests.helpers.backends import ELEMENTWISE_TOL as TOL
from tests.helpers.backends import f64, on

torch = pytest.importorskip("torch")

pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")


def torch_derf(x, dtype: str, alpha: float, shift: float, weight=None, bias=None, axis=-1) -> np.ndarray:
    """γ ⊙ torch.erf(α·x + s) + β in float32 (float64 for float64), the parameters along ``axis``, cast to dtype."""
    cdtype = torch.float64 if dtype == "float64" else torch.float32
    t = torch.from_numpy(f64(x)).to(cdtype)
    y = torch.erf(alpha * t + shift).movedim(axis, -1)
    if weight is not None:
        y = y * torch.from_numpy(f64(weight)).to(cdtype)
    if bias is not None:
        y = y + torch.from_numpy(f64(bias)).to(cdtype)
    return f64(y.movedim(-1, axis).to(getattr(torch, dtype)))


def test_defaults_are_the_papers_initial_alpha_and_shift():
    """α₀ = 0.5 and s₀ = 0: Dynamic_erf's alpha_init_value and shift_init_value in the authors' code."""
    params = inspect.signature(nv.derf).parameters
    assert params["alpha"].default == 0.5 and params["shift"].default == 0.0
    assert list(params)[1:] == ["alpha", "shift", "weight", "bias", "axis"]
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for name, p in params.items() if name != "x")


@pytest.mark.parametrize("params", PARAMS, ids=lambda v: "+".join(v) or "plain")
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize(("backend", "dtype"), COMBOS, ids=lambda v: v)
def test_matches_torch_erf_formula(backend, dtype, shape, params):
    rng = np.random.default_rng(zlib.crc32(repr((shape, params)).encode()))
    n = shape[-1]
    x = on(backend, rng.normal(0.3, 3.0, shape), dtype)
    values = {"weight": rng.uniform(0.5, 1.5, n), "bias": rng.normal(0.0, 1.0, n)}
    kwargs = {k: on(backend, values[k], dtype) for k in params}
    alpha, shift = 0.7, -0.4

    y = nv.derf(x, alpha=alpha, shift=shift, **kwargs)

    assert type(y) is type(x) and y.dtype == x.dtype and tuple(y.shape) == tuple(x.shape)
    assert _xp.device(y) == _xp.device(x)
    want = torch_derf(x, dtype, alpha, shift, **kwargs)
    np.testing.assert_allclose(f64(y), want, rtol=TOL[dtype], atol=TOL[dtype])


@pytest.mark.parametrize("shift", [0.0, 0.75, -2.0])
def test_float64_numpy_and_torch_agree_within_an_ulp_or_two(shift):
    """scipy's erf (numpy) against torch's: the same formula, two implementations, 4·10⁴ points."""
    x = np.random.default_rng(3).normal(0.0, 4.0, 40_000)
    a = nv.derf(x, alpha=0.9, shift=shift)
    b = f64(nv.derf(torch.from_numpy(x), alpha=0.9, shift=shift))
    np.testing.assert_allclose(a, b, rtol=4.5e-16, atol=4.5e-16)


@pytest.mark.parametrize("backend", ["numpy", "torch"])
@pytest.mark.parametrize("axis", [0, 1, -2])
def test_weight_and_bias_lie_along_axis(backend, axis):
    data = np.random.default_rng(1).normal(size=(4, 5, 6))
    n = data.shape[axis]
    w, b = np.linspace(0.5, 2.0, n), np.linspace(-1.0, 1.0, n)
    y = nv.derf(on(backend, data), alpha=1.3, shift=0.2, weight=on(backend, w), bias=on(backend, b), axis=axis)
    np.testing.assert_allclose(f64(y), torch_derf(data, "float64", 1.3, 0.2, w, b, axis=axis), rtol=1e-12)


def test_any_array_api_library_gets_its_own_type_back():
    xs = pytest.importorskip("array_api_strict")
    data = np.random.default_rng(2).normal(size=(3, 4))
    for dtype in (xs.float32, xs.float64):
        x = xs.asarray(data, dtype=dtype)
        y = nv.derf(x, alpha=0.9, shift=0.3, weight=np.linspace(0.5, 2.0, 3), axis=0)
        assert type(y) is type(xs.asarray(0.0)) and y.dtype == dtype and y.shape == (3, 4)
        assert y.device == x.device
        want = special.erf(0.9 * data + 0.3) * np.linspace(0.5, 2.0, 3)[:, None]
        tol = 1e-6 if dtype == xs.float32 else 1e-14  # float32: α·x + s rounded near its zero crossing
        np.testing.assert_allclose(np.asarray(y), want, rtol=tol, atol=tol)


@pytest.mark.parametrize(("backend", "dtype"), [("numpy", "float16"), ("torch", "float16"), ("torch", "bfloat16")])
def test_half_precision_is_computed_in_float32(backend, dtype):
    """α·x + s and erf in float32, one rounding to the dtype at the end: the bits of that computation in the
    backend's own erf (scipy's for numpy, torch's for torch), which differ (by an ulp, somewhere in these 4000
    values) from the same steps taken in the half dtype itself."""
    data = np.random.default_rng(4).normal(0.0, 2.0, 4000)
    x = on(backend, data, dtype)
    y = nv.derf(x, alpha=0.7, shift=0.25)
    x32 = torch.from_numpy(f64(x)).float()
    if backend == "numpy":
        want = special.erf(f64(x).astype(np.float32) * np.float32(0.7) + np.float32(0.25)).astype(np.float16)
    else:
        want = f64(torch.erf(x32 * 0.7 + 0.25).to(getattr(torch, dtype)))
    np.testing.assert_array_equal(f64(y), f64(want))
    in_half = torch.erf(torch.from_numpy(f64(x)).to(getattr(torch, dtype)) * 0.7 + 0.25)
    assert np.any(f64(in_half) != f64(want))


def test_integers_become_the_default_float_and_lists_numpy_float64():
    assert nv.derf(np.array([1, 2])).dtype == np.float64
    assert nv.derf(torch.tensor([1, 2])).dtype == torch.float32
    y = nv.derf([[1.0, -2.0]], alpha=2.0, shift=0.5)
    assert isinstance(y, np.ndarray) and y.dtype == np.float64
    np.testing.assert_allclose(y, [[math.erf(2.5), math.erf(-3.5)]], rtol=1e-15)


@pytest.mark.parametrize("backend", ["numpy", "torch"])
def test_nan_propagates_and_inf_saturates(backend):
    y = f64(nv.derf(on(backend, [math.nan, math.inf, -math.inf, 0.0]), alpha=2.0, shift=0.5))
    assert math.isnan(y[0])
    np.testing.assert_array_equal(y[1:3], [1.0, -1.0])
    assert y[3] == pytest.approx(math.erf(0.5), rel=1e-15)  # Derf(0) = erf(s): not 0 once s ≠ 0


def test_alpha_zero_gives_erf_of_the_shift_everywhere_finite():
    y = nv.derf([-3.0, 0.0, 5.0, math.inf], alpha=0.0, shift=-0.5)
    np.testing.assert_allclose(y[:3], math.erf(-0.5), rtol=1e-15)
    assert math.isnan(y[3])  # 0·inf


def test_gradient_flows_to_weight_and_x():
    x = torch.tensor([[0.5, -1.0, 2.0]], dtype=torch.float64, requires_grad=True)
    w = torch.tensor([1.0, 2.0, 0.5], dtype=torch.float64, requires_grad=True)
    nv.derf(x, alpha=0.8, shift=0.3, weight=w).sum().backward()
    z = 0.8 * x.detach() + 0.3
    torch.testing.assert_close(w.grad, torch.erf(z)[0])
    torch.testing.assert_close(x.grad, w.detach() * 0.8 * 2 / math.sqrt(math.pi) * torch.exp(-(z**2)))


# ----------------------------------------------------------------------------
# Properties

FAST = settings(deadline=None, max_examples=40)
finite = st.floats(-1e4, 1e4, allow_nan=False)
vectors = arrays(np.float64, st.integers(2, 12), elements=finite)
alphas = st.floats(1e-3, 10.0)
shifts = st.floats(-5.0, 5.0)
gains = st.floats(0.1, 3.0)


@FAST
@given(x=vectors, alpha=alphas, data=st.data())
def test_odd_without_shift_and_bias(x, alpha, data):
    w = data.draw(arrays(np.float64, x.shape, elements=st.floats(-3.0, 3.0)))
    for backend in ("numpy", "torch"):
        pos = f64(nv.derf(on(backend, x), alpha=alpha, shift=0.0, weight=on(backend, w)))
        neg = f64(nv.derf(on(backend, -x), alpha=alpha, shift=0.0, weight=on(backend, w)))
        np.testing.assert_array_equal(neg, -pos)


@FAST
@given(x=vectors, alpha=alphas, shift=shifts.filter(lambda s: abs(s) > 1e-3))
def test_a_shift_makes_it_odd_about_minus_s_over_alpha_instead(x, alpha, shift):
    """erf(α·(c + u) + s) = −erf(α·(c − u) + s) for c = −s/α: the centre moves, the curve is the same."""
    c = -shift / alpha
    a, b = nv.derf(c + x, alpha=alpha, shift=shift), nv.derf(c - x, alpha=alpha, shift=shift)
    np.testing.assert_allclose(a, -b, atol=1e-12 * max(1.0, abs(c) * alpha))


@FAST
@given(x=vectors, alpha=st.floats(-10.0, 10.0), shift=shifts, data=st.data())
def test_bounded_by_gamma_plus_beta(x, alpha, shift, data):
    w = data.draw(arrays(np.float64, x.shape, elements=st.floats(-3.0, 3.0)))
    b = data.draw(arrays(np.float64, x.shape, elements=st.floats(-3.0, 3.0)))
    for backend in ("numpy", "torch"):
        y = f64(nv.derf(on(backend, x), alpha=alpha, shift=shift, weight=on(backend, w), bias=on(backend, b)))
        assert np.all(np.abs(y) <= np.abs(w) + np.abs(b))


@FAST
@given(x=vectors, dx=arrays(np.float64, 12, elements=st.floats(0.0, 10.0)), alpha=alphas, shift=shifts, gamma=gains)
def test_monotone_in_x_for_positive_alpha_and_gamma(x, dx, alpha, shift, gamma):
    w = np.full(x.shape, gamma)
    for backend in ("numpy", "torch"):
        lo = f64(nv.derf(on(backend, x), alpha=alpha, shift=shift, weight=on(backend, w)))
        hi = f64(nv.derf(on(backend, x + dx[: x.size]), alpha=alpha, shift=shift, weight=on(backend, w)))
        assert np.all(hi >= lo)


@settings(deadline=None, max_examples=15)
@given(x=arrays(np.float64, st.integers(2, 6), elements=st.floats(-5.0, 5.0)), alpha=alphas, shift=shifts, gamma=gains)
def test_jacobian_is_diagonal(x, alpha, shift, gamma):
    """∂yᵢ/∂xⱼ = 0 for i ≠ j (autograd through the library), and γ·α·2/√π·exp(−(α·xᵢ + s)²) on the diagonal."""
    w = torch.full((x.size,), gamma, dtype=torch.float64)
    jac = torch.autograd.functional.jacobian(
        lambda t: nv.derf(t, alpha=alpha, shift=shift, weight=w), torch.from_numpy(x)
    ).numpy()
    diag = gamma * alpha * 2.0 / math.sqrt(math.pi) * np.exp(-((alpha * x + shift) ** 2))
    np.testing.assert_allclose(jac, np.diag(diag), rtol=1e-12, atol=1e-300)
    assert np.count_nonzero(jac - np.diag(np.diag(jac))) == 0


# ----------------------------------------------------------------------------
# Errors


BAD_NUMBERS = [
    (math.nan, ValueError, r"must be a finite real number"),
    (math.inf, ValueError, r"must be a finite real number"),
    (-math.inf, ValueError, r"must be a finite real number"),
    (10**400, ValueError, r"must be a finite real number; got an integer of 401 digits"),
    ("0.5", TypeError, r"must be a real number"),
    (None, TypeError, r"must be a real number"),
    (True, TypeError, r"must be a real number"),
    (0.5j, TypeError, r"must be a real number"),
    ([0.5], TypeError, r"must be a real number"),
]


@pytest.mark.parametrize("backend", ["numpy", "torch"])
@pytest.mark.parametrize("name", ["alpha", "shift"])
@pytest.mark.parametrize(("value", "error", "pattern"), BAD_NUMBERS, ids=lambda v: str(v)[:12])
def test_bad_alpha_or_shift_is_named(backend, name, value, error, pattern):
    with pytest.raises(error, match=rf"^{name} {pattern}"):
        nv.derf(on(backend, np.ones((2, 3))), **{name: value})


@pytest.mark.parametrize("value", [0, -1, np.float32(0.25), np.int64(2)], ids=repr)
def test_any_finite_real_alpha_and_shift_are_accepted(value):
    x = np.array([1.0, -3.0])
    v = float(value)
    np.testing.assert_allclose(nv.derf(x, alpha=value), special.erf(v * x), rtol=1e-15)
    np.testing.assert_allclose(nv.derf(x, shift=value), special.erf(0.5 * x + v), rtol=1e-15)
