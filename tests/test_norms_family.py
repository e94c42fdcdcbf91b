"""The family ops (softmax, min_max, standardize, batch_norm, bias-free LayerNorm, lp_normalize) against torch.

torch is the oracle where it has the op: ``F.softmax``, ``F.normalize(p=...)``, ``F.batch_norm(training=True)``
(which is also standardization over the batch axis at eps = 0) and ``F.layer_norm``
with ``bias=None``. min_max has no torch op: its oracle is the definition in float64.
Half precision is checked against the op on the float32 upcast, cast back.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import normviz as nv
from tests.helpers.backends import f64, on

torch = pytest.importorskip("torch")
F = torch.nn.functional

pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")

COMBOS = [("numpy", "float64"), ("numpy", "float32"), ("numpy", "float16"),
          ("torch", "float64"), ("torch", "float32"), ("torch", "float16")]  # fmt: skip
TOL = {"float64": 1e-10, "float32": 2e-5, "float16": 2e-3}


def oracle_input(x, dtype: str):
    """x as a float64 torch tensor after rounding to ``dtype`` (what the op sees), float32 for half."""
    t = torch.from_numpy(f64(x)).to(getattr(torch, dtype))
    return t.to(torch.float32) if dtype == "float16" else t


def assert_same_kind(y, x) -> None:
    assert type(y) is type(x)
    assert y.dtype == x.dtype
    assert tuple(y.shape) == tuple(x.shape)


def close(y, expected, dtype: str) -> None:
    np.testing.assert_allclose(f64(y), f64(expected), rtol=TOL[dtype], atol=TOL[dtype])


RNG = np.random.default_rng(7)
DATA = {shape: RNG.normal(size=shape) * 3 + 1 for shape in [(1, 3), (6, 4), (4, 3, 5), (2, 3, 4, 2)]}


# --- softmax ------------------------------------------------------------------------------------


@pytest.mark.parametrize("backend, dtype", COMBOS)
@pytest.mark.parametrize("shape", list(DATA))
@pytest.mark.parametrize("axis", [-1, 0])
def test_softmax_matches_torch(backend, dtype, shape, axis):
    x = on(backend, DATA[shape], dtype)
    y = nv.softmax(x, axis=axis)
    assert_same_kind(y, x)
    close(y, F.softmax(oracle_input(x, dtype), dim=axis).to(getattr(torch, dtype)), dtype)


@pytest.mark.parametrize("backend", ["numpy", "torch"])
def test_softmax_of_large_logits_does_not_overflow(backend):
    x = on(backend, [[1000.0, 1001.0, 1002.0], [-1e4, 0.0, 1e4]], "float32")
    y = f64(nv.softmax(x))
    assert np.all(np.isfinite(y))
    np.testing.assert_allclose(y[0], f64(nv.softmax(np.array([0.0, 1.0, 2.0]))), rtol=1e-6)
    np.testing.assert_allclose(y[1], [0.0, 0.0, 1.0])


def test_softmax_over_a_tuple_of_axes_sums_to_one_over_them():
    y = nv.softmax(DATA[(4, 3, 5)], axis=(1, 2))
    np.testing.assert_allclose(y.sum(axis=(1, 2)), 1.0)
    flat = F.softmax(torch.from_numpy(DATA[(4, 3, 5)]).reshape(4, 15), dim=1).reshape(4, 3, 5).numpy()
    np.testing.assert_allclose(y, flat, rtol=1e-12)


def test_softmax_of_inf_is_nan_as_in_torch():
    x = np.array([1.0, np.inf, 2.0])
    np.testing.assert_array_equal(np.isnan(nv.softmax(x)), np.isnan(F.softmax(torch.from_numpy(x), 0).numpy()))


# --- Lp normalization: x / max(||x||_p, eps) ------------------------------------------------------

P_VALUES = [1, 1.5, 3, math.inf]


@pytest.mark.parametrize("backend, dtype", COMBOS)
@pytest.mark.parametrize("shape", list(DATA))
@pytest.mark.parametrize("p", P_VALUES)
@pytest.mark.parametrize("axis", [-1, 0])
def test_lp_normalize_matches_torch_normalize(backend, dtype, shape, p, axis):
    x = on(backend, DATA[shape], dtype)
    y = nv.lp_normalize(x, p=p, axis=axis)
    assert_same_kind(y, x)
    close(y, F.normalize(oracle_input(x, dtype), p=p, dim=axis).to(getattr(torch, dtype)), dtype)


@pytest.mark.parametrize("backend", ["numpy", "torch"])
@pytest.mark.parametrize("p", P_VALUES)
def test_lp_normalize_over_several_axes_divides_by_the_vector_norm_of_the_slice(backend, p):
    x = on(backend, DATA[(4, 3, 5)])
    t = torch.from_numpy(DATA[(4, 3, 5)])
    expected = t / torch.linalg.vector_norm(t, ord=p, dim=(1, 2), keepdim=True)
    close(nv.lp_normalize(x, p=p, axis=(1, 2)), expected, "float64")


def test_lp_normalize_with_p_2_is_l2_normalize():
    x = DATA[(6, 4)]
    np.testing.assert_array_equal(nv.lp_normalize(x, p=2), nv.l2_normalize(x))
    np.testing.assert_array_equal(nv.lp_normalize(x), nv.l2_normalize(x))  # p = 2 by default, as in torch


@pytest.mark.parametrize("backend", ["numpy", "torch"])
def test_softmax_is_the_l1_normalization_of_exp_x_minus_its_max(backend):
    x = DATA[(6, 4)]
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    y = nv.lp_normalize(on(backend, e), p=1)
    close(y, F.softmax(torch.from_numpy(x), dim=-1), "float64")
    close(y, nv.softmax(on(backend, x)), "float64")


@pytest.mark.parametrize("p", [1, 3, math.inf])
def test_lp_normalize_does_not_overflow_or_underflow(p):
    x = np.array([[3.0, -4.0, 1.0]])
    y = nv.lp_normalize(x, p=p)
    np.testing.assert_allclose(nv.lp_normalize(x * 1e300, p=p), y, rtol=1e-14)
    np.testing.assert_allclose(nv.lp_normalize(x * 1e-300, p=p, eps=0.0), y, rtol=1e-14)


@pytest.mark.parametrize("p", [1, 3, math.inf])
def test_lp_normalize_zero_vector_is_zero_with_eps_and_nan_without(p):
    np.testing.assert_array_equal(nv.lp_normalize(np.zeros(3), p=p), 0.0)
    assert np.all(np.isnan(nv.lp_normalize(np.zeros(3), p=p, eps=0.0)))


@pytest.mark.parametrize("p", [1, 3, math.inf])
def test_lp_normalize_inf_and_nan_propagate_as_in_torch(p):
    x = torch.tensor([[math.inf, 1.0, 2.0], [math.nan, 1.0, 1.0], [-math.inf, math.inf, 0.0]], dtype=torch.float64)
    y, expected = f64(nv.lp_normalize(x, p=p)), F.normalize(x, p=p, dim=-1).numpy()
    np.testing.assert_array_equal(np.isnan(y), np.isnan(expected))
    np.testing.assert_array_equal(y[~np.isnan(y)], expected[~np.isnan(expected)])


@pytest.mark.parametrize("bad, error, pattern", [
    ("2", TypeError, "p must be a real number"), (True, TypeError, "p must be a real number"),
    (None, TypeError, "p must be a real number"), (0.5, ValueError, "p must be >= 1"),
    (0, ValueError, "p must be >= 1"), (-math.inf, ValueError, "p must be >= 1"),
    (math.nan, ValueError, "p must be >= 1"),
    pytest.param(10**400, ValueError, "an integer of 401 digits", id="huge-int"),
])  # fmt: skip
def test_lp_normalize_bad_p_is_named(bad, error, pattern):
    with pytest.raises(error, match=pattern):
        nv.lp_normalize([1.0, 2.0], p=bad)


def test_lp_normalize_bad_eps_is_named():
    with pytest.raises(ValueError, match="eps"):
        nv.lp_normalize([1.0, 2.0], p=1, eps=-1.0)


# --- min-max ------------------------------------------------------------------------------------


def min_max_reference(x, axis, lo=0.0, hi=1.0):
    x = f64(x)
    mn, mx = x.min(axis=axis, keepdims=True), x.max(axis=axis, keepdims=True)
    return lo + (x - mn) / (mx - mn) * (hi - lo)


@pytest.mark.parametrize("backend, dtype", COMBOS)
@pytest.mark.parametrize("shape", list(DATA))
@pytest.mark.parametrize("feature_range", [(0, 1), (-1, 1), (2.5, 10)])
def test_min_max_matches_the_definition(backend, dtype, shape, feature_range):
    x = on(backend, DATA[shape], dtype)
    y = nv.min_max(x, feature_range=feature_range)
    assert_same_kind(y, x)
    close(y, min_max_reference(x, -1, *feature_range), dtype)


def test_pixels_0_to_255_become_0_to_1():
    pixels = np.array([0, 64, 128, 255], dtype=np.uint8)
    y = nv.min_max(pixels)
    assert y.dtype == np.float64  # integers compute in the default float
    np.testing.assert_allclose(y, pixels / 255.0, rtol=0, atol=1e-15)


@pytest.mark.parametrize("backend", ["numpy", "torch"])
@pytest.mark.parametrize("feature_range", [(0, 1), (-1, 1)])
def test_min_max_of_a_constant_slice_is_the_low_end(backend, feature_range):
    x = on(backend, [[2.0, 2.0, 2.0], [1.0, 2.0, 3.0]])
    y = f64(nv.min_max(x, feature_range=feature_range))
    np.testing.assert_array_equal(y[0], [feature_range[0]] * 3)
    np.testing.assert_allclose(y[1], [feature_range[0], sum(feature_range) / 2, feature_range[1]])


@pytest.mark.parametrize("backend", ["numpy", "torch"])
def test_min_max_with_a_range_beyond_float32_is_exact(backend):
    x = on(backend, [-3e38, 0.0, 3e38], "float32")
    np.testing.assert_array_equal(f64(nv.min_max(x)), [0.0, 0.5, 1.0])


@pytest.mark.parametrize("bad, error, pattern", [
    ((1, 0), ValueError, "low < high"), ((0, 0), ValueError, "low < high"), ((0, np.inf), ValueError, "finite"),
    ((0,), TypeError, "pair"), (5, TypeError, "pair"), (("a", 1), TypeError, "real numbers"),
    ((True, 2), TypeError, "real numbers"),
])  # fmt: skip
def test_bad_feature_range_is_named(bad, error, pattern):
    with pytest.raises(error, match=f"feature_range.*{pattern}|{pattern}"):
        nv.min_max([1.0, 2.0], feature_range=bad)


# --- standardize --------------------------------------------------------------------------------


@pytest.mark.parametrize("backend, dtype", COMBOS)
@pytest.mark.parametrize("shape", [(6, 4), (1, 3)])
def test_standardize_columns_matches_batch_norm_training(backend, dtype, shape):
    """torch refuses eps = 0 in training mode, so both get eps = 1e-5 here (eps = 0: the properties below)."""
    data = DATA[shape] if shape[0] > 1 else np.array([[1.0, 5.0, 2.0], [3.0, 1.0, 2.5]])
    x = on(backend, data, dtype)
    y = nv.standardize(x, eps=1e-5)
    assert_same_kind(y, x)
    expected = F.batch_norm(oracle_input(x, dtype), None, None, training=True, eps=1e-5)
    close(y, expected.to(getattr(torch, dtype)), dtype)


def test_standardize_gives_each_column_mean_0_and_biased_variance_1():
    y = nv.standardize(DATA[(6, 4)])
    np.testing.assert_allclose(y.mean(axis=0), 0.0, atol=1e-12)
    np.testing.assert_allclose(y.var(axis=0), 1.0, rtol=1e-12)  # numpy's var is the biased one


@pytest.mark.parametrize("backend", ["numpy", "torch"])
def test_standardize_of_a_constant_feature_is_zero_not_nan(backend):
    x = on(backend, [[1.0, 7.0], [2.0, 7.0], [3.0, 7.0]])
    y = f64(nv.standardize(x))
    np.testing.assert_array_equal(y[:, 1], 0.0)
    np.testing.assert_allclose(y[:, 0], [-1.2247448713915890, 0.0, 1.2247448713915890])


def test_standardize_with_eps_gives_variance_var_over_var_plus_eps():
    x = np.array([[0.0], [2.0]])  # biased variance 1
    np.testing.assert_allclose(nv.standardize(x, eps=1.0).var(axis=0), 0.5)


# --- batch norm ---------------------------------------------------------------------------------


@pytest.mark.parametrize("backend, dtype", COMBOS)
@pytest.mark.parametrize("shape", [(6, 4), (4, 3, 5), (2, 3, 4, 2)])
@pytest.mark.parametrize("affine", [False, True])
def test_batch_norm_matches_torch_training_mode(backend, dtype, shape, affine):
    x = on(backend, DATA[shape], dtype)
    c = shape[1]
    w = np.linspace(0.5, 2.0, c) if affine else None
    b = np.linspace(-1.0, 1.0, c) if affine else None
    y = nv.batch_norm(x, weight=w, bias=b)
    assert_same_kind(y, x)
    t = oracle_input(x, dtype)
    tw, tb = (None if v is None else torch.from_numpy(v).to(t.dtype) for v in (w, b))
    expected = F.batch_norm(t, None, None, tw, tb, training=True, eps=1e-5)
    close(y, expected.to(getattr(torch, dtype)), dtype)


def test_batch_norm_with_channels_last_equals_torch_on_the_transposed_input():
    """axis names the reduced axes: (N, L, C) with axis=(0, 1) is F.batch_norm on (N, C, L)."""
    x = DATA[(4, 3, 5)]  # (N, L, C) = (4, 3, 5)
    w, b = np.arange(1.0, 6.0), np.full(5, 0.25)
    y = nv.batch_norm(x, axis=(0, 1), weight=w, bias=b, eps=1e-3)
    t = torch.from_numpy(x).permute(0, 2, 1)
    expected = F.batch_norm(t, None, None, torch.from_numpy(w), torch.from_numpy(b), training=True, eps=1e-3)
    np.testing.assert_allclose(y, expected.permute(0, 2, 1).numpy(), rtol=1e-10, atol=1e-12)


def test_batch_norm_keeps_x_on_torch_and_weight_from_numpy():
    x = torch.from_numpy(DATA[(6, 4)]).float()
    y = nv.batch_norm(x, weight=np.ones(4), bias=torch.zeros(4))
    assert isinstance(y, torch.Tensor) and y.dtype == torch.float32


def test_batch_norm_of_a_constant_feature_is_nan_at_eps_0_and_zero_with_eps():
    x = np.array([[1.0, 7.0], [2.0, 7.0]])
    assert np.all(np.isnan(nv.batch_norm(x, eps=0.0)[:, 1]))
    np.testing.assert_array_equal(nv.batch_norm(x)[:, 1], 0.0)


@pytest.mark.parametrize("kw, error, pattern", [
    ({"weight": np.ones(3)}, ValueError, "weight must have"),
    ({"bias": np.ones((4, 1))}, ValueError, "bias must have"),
    ({"axis": ()}, ValueError, "axis must name"),
    ({"axis": 5}, ValueError, "out of range"),
    ({"eps": -1.0}, ValueError, "eps"),
])  # fmt: skip
def test_batch_norm_bad_arguments_are_named(kw, error, pattern):
    with pytest.raises(error, match=pattern):
        nv.batch_norm(DATA[(6, 4)], **kw)


def test_batch_norm_of_a_1d_x_needs_an_axis():
    with pytest.raises(ValueError, match="axis"):
        nv.batch_norm(np.arange(4.0))
    np.testing.assert_allclose(nv.batch_norm(np.arange(4.0), axis=0, eps=0.0), nv.standardize(np.arange(4.0)))


# --- bias-free LayerNorm: layer_norm with a weight and no bias ------------------------------------


@pytest.mark.parametrize("backend, dtype", COMBOS)
def test_bias_free_layer_norm_matches_torch_layer_norm_without_bias(backend, dtype):
    x = on(backend, DATA[(6, 4)], dtype)
    w = np.array([0.5, 1.0, 2.0, -1.0])
    y = nv.layer_norm(x, weight=w)
    t = oracle_input(x, dtype)
    expected = F.layer_norm(t, (4,), weight=torch.from_numpy(w).to(t.dtype), bias=None, eps=1e-5)
    close(y, expected.to(getattr(torch, dtype)), dtype)


# --- the contract's errors ----------------------------------------------------------------------

FAMILY = {
    "softmax": nv.softmax,
    "min_max": nv.min_max,
    "standardize": nv.standardize,
    "lp_normalize": lambda x, **kw: nv.lp_normalize(x, p=1, **kw),
    "batch_norm": lambda x, **kw: nv.batch_norm(x, axis=kw.pop("axis", 0), **kw),
}


@pytest.mark.parametrize("name", FAMILY)
@pytest.mark.parametrize("bad, error, pattern", [
    (["a", "b"], TypeError, "x must be real"), ([1 + 2j, 3j], TypeError, "complex"),
    ([[1.0], [2.0, 3.0]], TypeError, "x must be numeric"),
])  # fmt: skip
def test_bad_x_is_named(name, bad, error, pattern):
    with pytest.raises(error, match=pattern):
        FAMILY[name](bad)


@pytest.mark.parametrize("name", FAMILY)
def test_empty_axis_and_bad_axis_are_named(name):
    with pytest.raises(ValueError, match="no elements"):
        FAMILY[name](np.zeros((0, 3)), axis=0)
    with pytest.raises(ValueError, match="out of range"):
        FAMILY[name](np.zeros((2, 3)), axis=2)
    with pytest.raises(TypeError, match="axis"):
        FAMILY[name](np.zeros((2, 3)), axis=1.5)


@pytest.mark.parametrize("name", ["softmax", "min_max", "standardize", "lp_normalize"])
def test_lists_give_numpy_float64(name):
    y = FAMILY[name]([[1, 2, 3], [4, 6, 5]])
    assert isinstance(y, np.ndarray) and y.dtype == np.float64


# --- properties (hypothesis), float64 ----------------------------------------------------------

finite = st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)
rows = arrays(np.float64, st.tuples(st.integers(1, 5), st.integers(2, 8)), elements=finite)


@settings(max_examples=60, deadline=None)
@given(x=rows, c=finite)
def test_softmax_rows_are_positive_sum_to_one_and_ignore_shifts(x, c):
    assume(np.all(np.ptp(x, axis=1) < 600))  # exp(-600) still > 0 in float64
    y = nv.softmax(x)
    assert np.all(y > 0) and np.all(y <= 1)
    np.testing.assert_allclose(y.sum(axis=1), 1.0, rtol=1e-12)
    np.testing.assert_allclose(nv.softmax(x + c), y, rtol=1e-6, atol=1e-12)


@settings(max_examples=60, deadline=None)
@given(x=rows, a=st.floats(1e-3, 1e3), p=st.sampled_from(P_VALUES))
def test_lp_rows_lie_on_the_unit_sphere_of_their_norm_and_ignore_positive_scaling(x, a, p):
    assume(np.all(np.abs(x).max(axis=1) > 1e-3))
    y = nv.lp_normalize(x, p=p)
    size = np.abs(y).max(axis=1) if math.isinf(p) else (np.abs(y) ** p).sum(axis=1) ** (1 / p)
    np.testing.assert_allclose(size, 1.0, rtol=1e-12)
    np.testing.assert_allclose(nv.lp_normalize(a * x, p=p), y, rtol=1e-9, atol=1e-12)


@settings(max_examples=60, deadline=None)
@given(x=rows, a=st.floats(1e-3, 1e3), c=finite)
def test_min_max_rows_span_the_range_and_ignore_positive_affine_maps(x, a, c):
    y = nv.min_max(x, feature_range=(-1, 1))
    assert np.all((y >= -1) & (y <= 1))
    spread = np.ptp(x, axis=1) > 1e-6 * np.maximum(1.0, np.abs(x).max(axis=1))
    np.testing.assert_array_equal(y[spread].min(axis=1), -1.0)
    np.testing.assert_allclose(y[spread].max(axis=1), 1.0, rtol=1e-12)
    np.testing.assert_allclose(nv.min_max(a * x[spread] + c, feature_range=(-1, 1)), y[spread], atol=1e-6)


@settings(max_examples=60, deadline=None)
@given(
    x=arrays(np.float64, st.tuples(st.integers(2, 8), st.integers(1, 4)), elements=finite),
    a=st.floats(1e-3, 1e3),
    c=finite,
)
def test_standardized_columns_have_mean_0_variance_1_and_ignore_positive_affine_maps(x, a, c):
    sd = x.std(axis=0)
    assume(np.all(sd > 1e-3 * np.maximum(1.0, np.abs(x).max(axis=0))))
    y = nv.standardize(x)
    np.testing.assert_allclose(y.mean(axis=0), 0.0, atol=1e-9)
    np.testing.assert_allclose(y.var(axis=0), 1.0, rtol=1e-9)
    np.testing.assert_allclose(nv.standardize(a * x + c), y, atol=1e-6)
    np.testing.assert_allclose(nv.batch_norm(x, eps=0.0), y, atol=1e-9)


# --- on a device (CUDA skipped without a GPU) ---------------------------------------------------

DEVICES = ["cpu", pytest.param("cuda", marks=pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA"))]


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", ["float32", "float16"])
def test_family_matches_torch_and_stays_on_the_device(device, dtype):
    x = torch.from_numpy(DATA[(4, 3, 5)]).to(device, getattr(torch, dtype))
    up = x.float()
    pairs = [
        (nv.softmax(x), F.softmax(up, dim=-1)),
        (nv.batch_norm(x, weight=np.ones(3)), F.batch_norm(up, None, None, training=True, eps=1e-5)),
        (
            nv.standardize(x, eps=1e-5),  # each (feature, position) over the 4 samples
            F.batch_norm(up.reshape(4, 15), None, None, training=True, eps=1e-5).reshape(4, 3, 5),
        ),
        (nv.min_max(x), (up - up.amin(-1, keepdim=True)) / (up.amax(-1, keepdim=True) - up.amin(-1, keepdim=True))),
        *((nv.lp_normalize(x, p=p), F.normalize(up, p=p, dim=-1)) for p in P_VALUES),
    ]
    for y, expected in pairs:
        assert y.device == x.device and y.dtype == x.dtype and y.shape == x.shape
        close(y, expected.to(x.dtype), dtype)
