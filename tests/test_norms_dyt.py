"""normviz.dyt (Dynamic Tanh, Zhu et al. 2025) against the direct torch formula, its properties and its errors.

The oracle is weight * torch.tanh(alpha * x) + bias, computed in float32 for float16/bfloat16 (normviz
takes tanh in at least float32) and cast back to the dtype. The error contract (bad weight, bias, x, axis) is
one for both squashings, dyt and derf, and is tested here for both.
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

import normviz as nv
from normviz import _xp
from tests.helpers.backends import ELEMENTWISE_COMBOS as COMBOS
from tests.helpers.backends import ELEMENTWISE_PARAMS as PARAMS
from tests.helpers.backends import ELEMENTWISE_SHAPES as SHAPES
from tests.helpers.backends import ELEMENTWISE_TOL as TOL
from tests.helpers.backends import f64, on

torch = pytest.importorskip("torch")

pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")


def torch_dyt(x, dtype: str, alpha: float, weight=None, bias=None, axis=-1) -> np.ndarray:
    """γ ⊙ torch.tanh(α·x) + β in float32 (float64 for float64), the parameters along ``axis``, cast to dtype."""
    cdtype = torch.float64 if dtype == "float64" else torch.float32
    t = torch.from_numpy(f64(x)).to(cdtype)
    y = torch.tanh(alpha * t).movedim(axis, -1)
    if weight is not None:
        y = y * torch.from_numpy(f64(weight)).to(cdtype)
    if bias is not None:
        y = y + torch.from_numpy(f64(bias)).to(cdtype)
    return f64(y.movedim(-1, axis).to(getattr(torch, dtype)))


def test_default_alpha_is_the_papers_alpha0():
    """α₀ = 0.5, the paper's default initialisation (its non-LLM setting)."""
    assert inspect.signature(nv.dyt).parameters["alpha"].default == 0.5


@pytest.mark.parametrize("params", PARAMS, ids=lambda v: "+".join(v) or "plain")
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize(("backend", "dtype"), COMBOS, ids=lambda v: v)
def test_matches_torch_tanh_formula(backend, dtype, shape, params):
    rng = np.random.default_rng(zlib.crc32(repr((shape, params)).encode()))
    n = shape[-1]
    x = on(backend, rng.normal(0.3, 3.0, shape), dtype)
    values = {"weight": rng.uniform(0.5, 1.5, n), "bias": rng.normal(0.0, 1.0, n)}
    kwargs = {k: on(backend, values[k], dtype) for k in params}
    alpha = 0.7

    y = nv.dyt(x, alpha=alpha, **kwargs)

    assert type(y) is type(x) and y.dtype == x.dtype and tuple(y.shape) == tuple(x.shape)
    assert _xp.device(y) == _xp.device(x)
    want = torch_dyt(x, dtype, alpha, **kwargs)
    np.testing.assert_allclose(f64(y), want, rtol=TOL[dtype], atol=TOL[dtype])


@pytest.mark.parametrize("backend", ["numpy", "torch"])
@pytest.mark.parametrize("axis", [0, 1, -2])
def test_weight_and_bias_lie_along_axis(backend, axis):
    data = np.random.default_rng(1).normal(size=(4, 5, 6))
    n = data.shape[axis]
    w, b = np.linspace(0.5, 2.0, n), np.linspace(-1.0, 1.0, n)
    y = nv.dyt(on(backend, data), alpha=1.3, weight=on(backend, w), bias=on(backend, b), axis=axis)
    np.testing.assert_allclose(f64(y), torch_dyt(data, "float64", 1.3, w, b, axis=axis), rtol=1e-12)


def test_any_array_api_library_gets_its_own_type_back():
    xs = pytest.importorskip("array_api_strict")
    data = np.random.default_rng(2).normal(size=(3, 4))
    for dtype in (xs.float32, xs.float64):
        y = nv.dyt(xs.asarray(data, dtype=dtype), alpha=0.9, weight=np.linspace(0.5, 2.0, 3), axis=0)
        assert type(y) is type(xs.asarray(0.0)) and y.dtype == dtype and y.shape == (3, 4)
        want = np.tanh(0.9 * data) * np.linspace(0.5, 2.0, 3)[:, None]
        np.testing.assert_allclose(np.asarray(y), want, rtol=1e-6 if dtype == xs.float32 else 1e-14)


@pytest.mark.parametrize(("backend", "dtype"), [("numpy", "float16"), ("torch", "float16"), ("torch", "bfloat16")])
def test_half_precision_is_computed_in_float32(backend, dtype):
    """α·x and tanh in float32, one rounding to the dtype at the end: the bits of that computation, which
    differ (by an ulp, somewhere in these 4000 values) from α·x and tanh taken in the half dtype itself."""
    data = np.random.default_rng(4).normal(0.0, 2.0, 4000)
    x = on(backend, data, dtype)
    y = nv.dyt(x, alpha=0.7)
    x32 = torch.from_numpy(f64(x)).float()
    want = torch.tanh(x32 * 0.7).to(getattr(torch, dtype))
    np.testing.assert_array_equal(f64(y), f64(want))
    in_half = torch.tanh(torch.from_numpy(f64(x)).to(getattr(torch, dtype)) * 0.7)
    assert np.any(f64(in_half) != f64(want))


def test_integers_become_the_default_float_and_lists_numpy_float64():
    assert nv.dyt(np.array([1, 2])).dtype == np.float64
    assert nv.dyt(torch.tensor([1, 2])).dtype == torch.float32
    y = nv.dyt([[1.0, -2.0]], alpha=2.0)
    assert isinstance(y, np.ndarray) and y.dtype == np.float64
    np.testing.assert_allclose(y, np.tanh([[2.0, -4.0]]), rtol=1e-15)


@pytest.mark.parametrize("backend", ["numpy", "torch"])
def test_nan_propagates_and_inf_saturates(backend):
    y = f64(nv.dyt(on(backend, [math.nan, math.inf, -math.inf, 0.0]), alpha=2.0))
    assert math.isnan(y[0])
    np.testing.assert_array_equal(y[1:], [1.0, -1.0, 0.0])


def test_gradient_flows_to_weight_and_x():
    x = torch.tensor([[0.5, -1.0, 2.0]], dtype=torch.float64, requires_grad=True)
    w = torch.tensor([1.0, 2.0, 0.5], dtype=torch.float64, requires_grad=True)
    nv.dyt(x, alpha=0.8, weight=w).sum().backward()
    t = torch.tanh(0.8 * x.detach())
    torch.testing.assert_close(w.grad, t[0])
    torch.testing.assert_close(x.grad, w.detach() * 0.8 * (1 - t**2))


# ----------------------------------------------------------------------------
# Properties

FAST = settings(deadline=None, max_examples=40)
finite = st.floats(-1e4, 1e4, allow_nan=False)
vectors = arrays(np.float64, st.integers(2, 12), elements=finite)
alphas = st.floats(1e-3, 10.0)
gains = st.floats(0.1, 3.0)


@FAST
@given(x=vectors, alpha=alphas, data=st.data())
def test_odd_without_bias(x, alpha, data):
    w = data.draw(arrays(np.float64, x.shape, elements=st.floats(-3.0, 3.0)))
    np.testing.assert_array_equal(nv.dyt(-x, alpha=alpha, weight=w), -nv.dyt(x, alpha=alpha, weight=w))


@FAST
@given(x=vectors, alpha=st.floats(-10.0, 10.0), data=st.data())
def test_bounded_by_gamma_plus_beta(x, alpha, data):
    w = data.draw(arrays(np.float64, x.shape, elements=st.floats(-3.0, 3.0)))
    b = data.draw(arrays(np.float64, x.shape, elements=st.floats(-3.0, 3.0)))
    y = nv.dyt(x, alpha=alpha, weight=w, bias=b)
    assert np.all(np.abs(y) <= np.abs(w) + np.abs(b))


@FAST
@given(x=vectors, dx=arrays(np.float64, 12, elements=st.floats(0.0, 10.0)), alpha=alphas, gamma=gains)
def test_monotone_in_x_for_positive_alpha_and_gamma(x, dx, alpha, gamma):
    w = np.full(x.shape, gamma)
    lo, hi = nv.dyt(x, alpha=alpha, weight=w), nv.dyt(x + dx[: x.size], alpha=alpha, weight=w)
    assert np.all(hi >= lo)


@settings(deadline=None, max_examples=15)
@given(x=arrays(np.float64, st.integers(2, 6), elements=st.floats(-5.0, 5.0)), alpha=alphas, gamma=gains)
def test_jacobian_is_diagonal(x, alpha, gamma):
    """∂yᵢ/∂xⱼ = 0 for i ≠ j (autograd through the library), and γ·α·(1 − tanh²(α·xᵢ)) on the diagonal."""
    w = torch.full((x.size,), gamma, dtype=torch.float64)
    jac = torch.autograd.functional.jacobian(lambda t: nv.dyt(t, alpha=alpha, weight=w), torch.from_numpy(x)).numpy()
    diag = gamma * alpha * (1.0 - np.tanh(alpha * x) ** 2)
    # torch takes 1 − tanh² (absolute error ~1e-16 · γα, relative error unbounded near saturation)
    np.testing.assert_allclose(jac, np.diag(diag), rtol=1e-9, atol=1e-14 * gamma * alpha)
    assert np.count_nonzero(jac - np.diag(np.diag(jac))) == 0


# ----------------------------------------------------------------------------
# Errors


@pytest.mark.parametrize("backend", ["numpy", "torch"])
@pytest.mark.parametrize(
    ("alpha", "error", "pattern"),
    [
        (math.nan, ValueError, r"alpha must be a finite real number"),
        (math.inf, ValueError, r"alpha must be a finite real number"),
        (-math.inf, ValueError, r"alpha must be a finite real number"),
        (10**400, ValueError, r"alpha must be a finite real number; got an integer of 401 digits"),
        ("0.5", TypeError, r"alpha must be a real number"),
        (None, TypeError, r"alpha must be a real number"),
        (True, TypeError, r"alpha must be a real number"),
        (0.5j, TypeError, r"alpha must be a real number"),
        ([0.5], TypeError, r"alpha must be a real number"),
    ],
    ids=lambda v: str(v)[:12],
)
def test_bad_alpha(backend, alpha, error, pattern):
    with pytest.raises(error, match=pattern):
        nv.dyt(on(backend, np.ones((2, 3))), alpha=alpha)


@pytest.mark.parametrize("alpha", [0, -1, np.float32(0.25), np.int64(2)], ids=repr)
def test_any_finite_real_alpha_is_accepted(alpha):
    np.testing.assert_allclose(nv.dyt([1.0, -3.0], alpha=alpha), np.tanh(float(alpha) * np.array([1.0, -3.0])))


@pytest.mark.parametrize("squash", [nv.dyt, nv.derf], ids=["dyt", "derf"])
@pytest.mark.parametrize("backend", ["numpy", "torch"])
@pytest.mark.parametrize(
    ("name", "value", "error", "pattern"),
    [
        ("weight", np.ones(4), ValueError, r"weight must have the normalized shape \(3,\)"),
        ("weight", np.ones((2, 3)), ValueError, r"weight must have the normalized shape"),
        ("bias", np.ones(2), ValueError, r"bias must have the normalized shape"),
        ("weight", ["a", "b", "c"], TypeError, r"weight must be real"),
        ("bias", [1j, 1, 1], TypeError, r"bias must be real.*complex"),
        ("weight", [[1.0], [1.0, 2.0]], TypeError, r"weight must be numeric"),
    ],
)
def test_bad_weight_or_bias(squash, backend, name, value, error, pattern):
    with pytest.raises(error, match=pattern):
        squash(on(backend, np.ones((2, 3))), **{name: value})


@pytest.mark.parametrize("squash", [nv.dyt, nv.derf], ids=["dyt", "derf"])
@pytest.mark.parametrize("backend", ["numpy", "torch"])
def test_complex_x_is_a_type_error(squash, backend):
    x = np.array([1 + 1j, 2.0])
    with pytest.raises(TypeError, match=r"x must be real.*complex"):
        squash(torch.from_numpy(x) if backend == "torch" else x)


@pytest.mark.parametrize("squash", [nv.dyt, nv.derf], ids=["dyt", "derf"])
@pytest.mark.parametrize(
    "bad", ["abc", [object(), 1.0], [[1.0, 2.0], [3.0]], None], ids=["text", "an object", "ragged", "None"]
)
def test_non_numeric_x_is_a_type_error(squash, bad):
    with pytest.raises(TypeError, match=r"\bx\b"):
        squash(bad)


@pytest.mark.parametrize("squash", [nv.dyt, nv.derf], ids=["dyt", "derf"])
@pytest.mark.parametrize(
    ("x", "axis", "error", "pattern"),
    [
        (np.zeros((3, 0)), -1, ValueError, r"x has no elements along axis"),
        (np.ones((2, 3)), 2, ValueError, r"axis 2 is out of range"),
        (np.ones((2, 3)), 1.0, TypeError, r"axis must be an int"),
        (3.0, -1, ValueError, r"axis -1 is out of range"),
    ],
)
def test_bad_x_or_axis(squash, x, axis, error, pattern):
    with pytest.raises(error, match=pattern):
        squash(x, axis=axis)


@pytest.mark.parametrize("squash", [nv.dyt, nv.derf], ids=["dyt", "derf"])
def test_masked_x_is_refused(squash):
    with pytest.raises(TypeError, match=r"^x must not be a masked array"):
        squash(np.ma.masked_array([1.0, 2.0], mask=[False, True]))
