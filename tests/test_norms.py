"""normviz.norms against torch.nn.functional, float64 references and the seeds' numbers.

The oracle for float16/bfloat16 is F on the float32 upcast, cast back to the
dtype: normviz reduces in float32 on purpose (torch's own float16
``F.normalize`` overflows for |x| > 256).
"""

from __future__ import annotations

import math
import warnings
import zlib

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import normviz as nv
from normviz import _xp
from normviz.methods import METHODS

torch = pytest.importorskip("torch")
xs = pytest.importorskip("array_api_strict")
F = torch.nn.functional

# A RuntimeWarning from numpy (0/0, overflow) leaking out of normviz is a failure.
pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")

OPS = {key: m.fn for key, m in METHODS.items()}
DEFAULT_EPS = {key: m.default_eps for key, m in METHODS.items()}
BACKENDS = ("numpy", "torch", "strict")  # strict: array-api-strict, the generic path
# array-api-strict has no float16; bfloat16 exists only in torch.
COMBOS = [
    ("numpy", "float64"), ("numpy", "float32"), ("numpy", "float16"),
    ("torch", "float64"), ("torch", "float32"), ("torch", "float16"), ("torch", "bfloat16"),
    ("strict", "float64"), ("strict", "float32"),
]  # fmt: skip
# rtol = atol: about two units in the last place of the result dtype.
TOL = {"float64": 1e-10, "float32": 2e-5, "float16": 2e-3, "bfloat16": 1.6e-2}
SHAPES = [(1, 2), (7, 3), (3, 5, 896), (2, 4096)]
AFFINE = [("ln", ()), ("ln", ("weight",)), ("ln", ("weight", "bias")),
          ("rms", ()), ("rms", ("weight",)), ("l2", ())]  # fmt: skip


def on(backend: str, data, dtype: str = "float64", device: str = "cpu"):
    """numpy data as an array of `backend` with `dtype`."""
    data = np.asarray(data)
    if backend == "numpy":
        return data.astype(dtype)
    if backend == "torch":
        return torch.from_numpy(data).to(device=device, dtype=getattr(torch, dtype))
    return xs.asarray(data.astype(dtype))


def f64(a) -> np.ndarray:
    return np.asarray(_xp.to_numpy(a), dtype=np.float64)


def reference(method: str, x, *, axis=-1, eps=None, weight=None, bias=None) -> np.ndarray:
    """The definitions, in float64 numpy, IEEE results without warnings."""
    x = f64(x)
    eps = DEFAULT_EPS[method] if eps is None else eps
    with np.errstate(all="ignore"):
        if method == "ln":
            d = x - x.mean(axis=axis, keepdims=True)
            y = d / np.sqrt((d * d).mean(axis=axis, keepdims=True) + eps)
        elif method == "rms":
            y = x / np.sqrt((x * x).mean(axis=axis, keepdims=True) + eps)
        else:
            y = x / np.maximum(np.sqrt((x * x).sum(axis=axis, keepdims=True)), eps)
        if weight is not None:
            y = y * weight
        if bias is not None:
            y = y + bias
    return y


def functional(method: str, t, *, eps=None, axis: int = -1, weight=None, bias=None):
    """torch.nn.functional's op on tensor t over one axis (moved last and back)."""
    eps = DEFAULT_EPS[method] if eps is None else eps
    t = t.movedim(axis, -1)
    n = t.shape[-1]
    if method == "ln":
        y = F.layer_norm(t, (n,), weight, bias, eps=eps)
    elif method == "rms":
        y = F.rms_norm(t, (n,), weight, eps=eps)
    else:
        y = F.normalize(t, p=2.0, dim=-1, eps=eps)
    return y.movedim(-1, axis)


def torch_oracle(method: str, x, dtype: str, params: dict) -> np.ndarray:
    """torch.nn.functional on x (float32 upcast for low precision), cast to dtype."""
    cdtype = torch.float64 if dtype == "float64" else torch.float32
    t = torch.from_numpy(f64(x)).to(cdtype)
    p = {k: torch.from_numpy(f64(v)).to(cdtype) for k, v in params.items()}
    y = functional(method, t, weight=p.get("weight"), bias=p.get("bias"))
    return f64(y.to(getattr(torch, dtype)))


def assert_same_kind(y, x) -> None:
    """Same array type, dtype, shape and device as the input."""
    assert type(y) is type(x)
    assert y.dtype == x.dtype
    assert tuple(y.shape) == tuple(x.shape)
    assert _xp.device(y) == _xp.device(x)


# ----------------------------------------------------------------------------
# Against torch.nn.functional


@pytest.mark.parametrize(("method", "params"), AFFINE, ids=lambda v: "+".join(v) or "plain")
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize(("backend", "dtype"), COMBOS, ids=lambda v: v)
def test_matches_torch_functional(backend, dtype, shape, method, params):
    rng = np.random.default_rng(zlib.crc32(repr((shape, method, params)).encode()))
    n = shape[-1]
    x = on(backend, rng.normal(0.5, 2.0, shape), dtype)
    values = {"weight": rng.uniform(0.5, 1.5, n), "bias": rng.normal(0.0, 1.0, n)}
    kwargs = {k: on(backend, values[k], dtype) for k in params}

    y = OPS[method](x, **kwargs)

    assert_same_kind(y, x)
    tol = TOL[dtype]
    want = torch_oracle(method, x, dtype, kwargs)
    np.testing.assert_allclose(f64(y), want, rtol=tol, atol=tol)


@pytest.mark.parametrize("method", ["ln", "rms"])
def test_accepts_weight_from_another_library(method):
    """weight may be numpy for a torch x and torch for a numpy x."""
    x = np.random.default_rng(0).normal(size=(4, 6))
    w = np.linspace(0.5, 2.0, 6)
    want = reference(method, x, weight=w)
    got_torch = OPS[method](torch.from_numpy(x), weight=w)
    got_numpy = OPS[method](x, weight=torch.from_numpy(w))
    assert isinstance(got_torch, torch.Tensor) and isinstance(got_numpy, np.ndarray)
    np.testing.assert_allclose(f64(got_torch), want, rtol=1e-12)
    np.testing.assert_allclose(got_numpy, want, rtol=1e-12)


@pytest.mark.parametrize("backend", ["numpy", "torch"])
@pytest.mark.parametrize("method", OPS)
def test_non_contiguous_input(backend, method):
    data = np.random.default_rng(1).normal(size=(6, 9))
    x = on(backend, data).T  # (9, 6), not contiguous
    np.testing.assert_allclose(f64(OPS[method](x)), reference(method, data.T), rtol=1e-12)


# ----------------------------------------------------------------------------
# Axes other than the last


AXES = [0, 1, -2, (1, 2), (-1, -2), (0, 2), (2, 0), (0, 1, 2)]


@pytest.mark.parametrize("axis", AXES, ids=str)
@pytest.mark.parametrize("method", OPS)
@pytest.mark.parametrize("backend", BACKENDS)
def test_other_axes_match_float64_reference(backend, method, axis):
    data = np.random.default_rng(2).normal(1.0, 3.0, size=(4, 5, 6))
    axes = sorted(a % 3 for a in (axis if isinstance(axis, tuple) else (axis,)))
    kwargs, ref_kwargs = {}, {}
    if method != "l2":  # a weight of the normalized shape, broadcast along the axes
        w = np.linspace(0.5, 2.0, math.prod(data.shape[a] for a in axes))
        w = w.reshape([data.shape[a] for a in axes])
        kwargs["weight"] = on(backend, w)
        ref_kwargs["weight"] = w.reshape([data.shape[a] if a in axes else 1 for a in range(3)])
    x = on(backend, data)

    y = OPS[method](x, axis=axis, **kwargs)

    assert_same_kind(y, x)
    want = reference(method, data, axis=tuple(axes), **ref_kwargs)
    np.testing.assert_allclose(f64(y), want, rtol=1e-12, atol=1e-12)


# ----------------------------------------------------------------------------
# Numerics


@pytest.mark.parametrize(("backend", "dtype"), [("numpy", "float16"), ("torch", "float16"),
                                                ("torch", "bfloat16")])  # fmt: skip
@pytest.mark.parametrize("method", OPS)
def test_half_precision_large_values_do_not_overflow(backend, dtype, method):
    """fp16 max is 65504, so x**2 overflows in fp16 for |x| > 256; normviz reduces in fp32."""
    rng = np.random.default_rng(3)
    data = np.stack([[60000.0, -30000.0, 1000.0, 0.5, -60000.0, 257.0],
                     rng.uniform(-60000.0, 60000.0, 6)])  # fmt: skip
    x = on(backend, data, dtype)
    y = OPS[method](x)
    got = f64(y)
    assert np.isfinite(got).all()
    want = f64(on(backend, reference(method, x), dtype))  # exact math, rounded once
    np.testing.assert_allclose(got, want, rtol=TOL[dtype], atol=TOL[dtype])


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    ("method", "x", "expected"),
    [
        ("l2", [3.0, 4.0], [0.6, 0.8]),
        ("l2", [6.0, 8.0], [0.6, 0.8]),  # same direction: merged by L2
        ("l2", [4.0, 3.0], [0.8, 0.6]),  # other direction: stays apart
        ("rms", [1.0, 2.0, 3.0], [0.463, 0.926, 1.389]),
        ("ln", [1.0, 2.0, 3.0], [-1.225, 0.0, 1.225]),
        ("rms", [101.0, 102.0, 103.0], [0.990, 1.000, 1.010]),
        ("ln", [101.0, 102.0, 103.0], [-1.225, 0.0, 1.225]),  # shift-invariant
    ],
)
def test_worked_numbers_from_the_seeds(backend, method, x, expected):
    y = OPS[method](on(backend, x))
    np.testing.assert_allclose(f64(y), expected, atol=5e-4)


@pytest.mark.parametrize("backend", BACKENDS)
def test_layer_norm_large_offset_float32_is_accurate(backend):
    """x = 1000 + N(0,1) in float32: one-pass E[x^2] - mu^2 is off by O(1); two passes are not."""
    data = (1000.0 + np.random.default_rng(4).normal(size=(64, 896))).astype(np.float32)
    y = nv.layer_norm(on(backend, data, "float32"))
    want = reference("ln", data)  # float64 math on the same float32 values
    np.testing.assert_allclose(f64(y), want, atol=2e-3)


@pytest.mark.parametrize("axis", [-1, 0], ids=["last-axis", "first-axis"])
@pytest.mark.parametrize("method", OPS)
@pytest.mark.parametrize("backend", BACKENDS)
def test_zero_vector_is_nan_without_eps_and_zero_with_eps(backend, method, axis):
    x = on(backend, np.zeros((3, 3)))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        no_eps = f64(OPS[method](x, eps=0, axis=axis))
        with_eps = f64(OPS[method](x, axis=axis))
    assert np.isnan(no_eps).all()
    np.testing.assert_array_equal(with_eps, np.zeros((3, 3)))


@pytest.mark.parametrize("row", [[5.0] * 3, [7.0] * 3, [-3.5] * 7], ids=["5x3", "7x3", "-3.5x7"])
@pytest.mark.parametrize("backend", BACKENDS)
def test_layer_norm_of_constant_vector_is_nan_without_eps_and_zero_with_eps(backend, row):
    # 7/3 is not exact as 7 * (1/3): the mean must be a sum divided by n.
    x = on(backend, [row])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert np.isnan(f64(nv.layer_norm(x, eps=0))).all()
        np.testing.assert_array_equal(f64(nv.layer_norm(x)), [[0.0] * len(row)])


@pytest.mark.parametrize("axis", [-1, 0], ids=["last-axis", "first-axis"])
@pytest.mark.parametrize("method", OPS)
@pytest.mark.parametrize("backend", BACKENDS)
def test_nan_and_inf_propagate(backend, method, axis):
    data = np.array([[1.0, np.nan, 3.0], [1.0, np.inf, 3.0], [1.0, 2.0, 3.0]])
    data = data if axis == -1 else data.T
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = f64(OPS[method](on(backend, data), axis=axis))
    want = reference(method, data, axis=axis)
    np.testing.assert_allclose(got, want, rtol=1e-12, equal_nan=True)
    assert np.isnan(np.take(got, 0, axis=-1 - axis)).all()  # NaN poisons its slice
    assert np.isfinite(np.take(got, 2, axis=-1 - axis)).all()  # the others are untouched


@pytest.mark.parametrize("method", OPS)
@pytest.mark.parametrize(
    ("backend", "float_dtype"),
    [("numpy", "float64"), ("torch", "float32"), ("strict", "float64")],
)
def test_integer_input_becomes_the_default_float(backend, method, float_dtype):
    """Like the library's own mean: float64 in numpy and array-api-strict, float32 in torch."""
    x = on(backend, [[1, 2, 3], [0, -4, 3]], "int64")
    y = OPS[method](x)
    assert str(y.dtype).endswith(float_dtype)
    np.testing.assert_allclose(f64(y), reference(method, [[1, 2, 3], [0, -4, 3]]), rtol=1e-6)


def test_python_lists_give_numpy_float64():
    y = nv.l2_normalize([[3, 4], [6, 8]])
    assert isinstance(y, np.ndarray) and y.dtype == np.float64
    np.testing.assert_allclose(y, [[0.6, 0.8], [0.6, 0.8]])


# ----------------------------------------------------------------------------
# Edges (issue 8 §3): autograd, constant slices, byte order, tiny and huge values,
# long rows. torch.nn.functional is the oracle wherever it is itself exact.


@pytest.mark.parametrize("axis", [-1, 0], ids=["last-axis", "first-axis"])
@pytest.mark.parametrize(("method", "params"), AFFINE, ids=lambda v: "+".join(v) or "plain")
@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_gradients_match_torch_functional(dtype, method, params, axis):
    """Values and the gradients of x, weight and bias as F's (rows include a zero row)."""
    rng = np.random.default_rng(6)
    data = rng.normal(0.5, 2.0, (5, 6))
    data[1] = 0.0
    data = data if axis == -1 else data.T
    n = data.shape[axis]
    values = {"weight": rng.uniform(0.5, 1.5, n), "bias": rng.normal(0.0, 1.0, n)}
    g = torch.from_numpy(rng.normal(size=data.shape)).to(getattr(torch, dtype))

    def run(op):
        leaves = {k: on("torch", v, dtype).requires_grad_() for k, v in
                  [("x", data), *((k, values[k]) for k in params)]}  # fmt: skip
        x = leaves.pop("x")
        y = op(x, **leaves)
        (y * g).sum().backward()
        return [f64(y.detach()), f64(x.grad), *(f64(t.grad) for t in leaves.values())]

    got = run(lambda x, **kw: OPS[method](x, axis=axis, **kw))
    want = run(lambda x, **kw: functional(method, x, axis=axis, **kw))
    for a, b in zip(got, want, strict=True):
        np.testing.assert_allclose(a, b, rtol=TOL[dtype], atol=TOL[dtype])


@pytest.mark.parametrize("method", OPS)
def test_gradients_of_tiny_slices_are_the_scaled_gradients(method):
    """At eps = 0 each op is scale-invariant, so d/dx at c*v is (d/dx at v) / c, c = 2**-1000."""
    v = np.random.default_rng(8).normal(size=(3, 4))
    grads = []
    for c in (1.0, 2.0**-1000):
        x = torch.tensor(v * c, requires_grad=True)
        OPS[method](x, eps=0)[..., 0].sum().backward()
        grads.append(f64(x.grad) * c)
    np.testing.assert_allclose(grads[1], grads[0], rtol=1e-12, atol=1e-12)


def test_rms_norm_without_autograd_matches_torch_and_leaves_x_untouched():
    """Under no_grad (the in-place path): no graph, x unchanged, F's values."""
    x = torch.randn(4, 8)
    before = x.clone()
    with torch.no_grad():
        y = nv.rms_norm(x, weight=torch.full((8,), 2.0, requires_grad=True))
    assert not y.requires_grad
    torch.testing.assert_close(x, before, rtol=0, atol=0)
    torch.testing.assert_close(y, F.rms_norm(x, (8,), torch.full((8,), 2.0), eps=1e-6))


@pytest.mark.parametrize("axis", [-1, 0], ids=["last-axis", "first-axis"])
@pytest.mark.parametrize("n", [3, 7, 1000, 10_000])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("backend", BACKENDS)
def test_constant_slices_centre_to_exactly_zero(backend, dtype, n, axis):
    """As torch's Welford mean does: LayerNorm of a constant slice is 0 (eps > 0), NaN (eps = 0).

    Random values over many magnitudes; before, ~20 % of float32 rows were off by > 1e-3.
    """
    rng = np.random.default_rng(n)
    count = 200 if n < 5000 else 20
    values = rng.normal(size=count) * 10.0 ** rng.integers(-20, 20, count)
    data = np.repeat(values.astype(dtype)[:, None], n, axis=1)
    data = data if axis == -1 else data.T
    x = on(backend, data, dtype)
    t = torch.from_numpy(data)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for eps in (0.0, 1e-5):
            got = f64(nv.layer_norm(x, eps=eps, axis=axis))
            np.testing.assert_array_equal(got, f64(functional("ln", t, eps=eps, axis=axis)))
            np.testing.assert_array_equal(got, np.full(data.shape, np.nan if eps == 0 else 0.0))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    ("row", "dtype", "eps"),
    [([0.1] * 3, "float64", 0.0), ([-6525.2314] * 5, "float32", 1e-5)],
    ids=["0.1x3", "-6525.2314x5"],
)
def test_constant_rows_from_the_issue(backend, row, dtype, eps):
    """(0.1, 0.1, 0.1) gave -1s at eps = 0; a float32 -6525.2314 row gave 0.15."""
    want = np.nan if eps == 0 else 0.0
    for axis, data in ((-1, [row]), (0, np.transpose([row]))):
        got = f64(nv.layer_norm(on(backend, data, dtype), eps=eps, axis=axis))
        np.testing.assert_array_equal(got, np.full(np.shape(data), want))


@pytest.mark.parametrize("method", OPS)
@pytest.mark.parametrize("kind", ["f8", "f4", "f2", "i4"])
def test_byte_order_does_not_change_precision(method, kind):
    """A big-endian '>f8' is float64: same bits as native order, and x's dtype is kept."""
    data = np.random.default_rng(9).normal(0.0, 50.0, (4, 5)).astype(kind)
    for axis in (-1, 0):
        big = OPS[method](data.astype(">" + kind), axis=axis)
        native = OPS[method](data, axis=axis)
        assert big.dtype == (np.dtype(">" + kind) if kind != "i4" else np.float64)
        np.testing.assert_array_equal(big, native)
    if method != "l2":  # a big-endian weight too
        w = np.linspace(0.5, 2.0, 5)
        np.testing.assert_array_equal(OPS[method](data, weight=w.astype(">f8")), OPS[method](data, weight=w))


def test_big_endian_float64_layer_norm_from_the_issue():
    """1e8 + (1, 2, 3): float32 rounds them together (NaN); float64 keeps them apart."""
    x = np.array([1e8 + 1, 1e8 + 2, 1e8 + 3], dtype=">f8")
    y = nv.layer_norm(x, eps=0)
    assert y.dtype == np.dtype(">f8")
    np.testing.assert_allclose(y, [-math.sqrt(1.5), 0.0, math.sqrt(1.5)], rtol=1e-7, atol=1e-7)


@pytest.mark.parametrize("axis", [-1, 0], ids=["last-axis", "first-axis"])
@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    ("x", "dtype", "eps", "expected"),
    [
        ([0.0, 0.0], "float64", 1e-320, [0.0, 0.0]),  # 0 / eps, not 0 * (1/eps) = 0 * inf
        ([1e-320, 0.0], "float64", 1e-320, [1.0, 0.0]),  # ||x|| = eps
        ([1.5e-42, 0.0], "float32", 0.0, [1.0, 0.0]),  # a subnormal float32 alone
        ([1e-300, 1e-300], "float64", 0.0, [math.sqrt(0.5)] * 2),  # the app's a
        ([1e-300, 1e-300], "float64", 1e-12, [1e-288] * 2),  # x / eps, as torch
        ([1e300, -1e300], "float64", 1e-12, [math.sqrt(0.5), -math.sqrt(0.5)]),
    ],
    ids=str,
)
def test_l2_is_x_over_max_norm_eps_without_underflow(backend, x, dtype, eps, expected, axis):
    data = np.array([x]) if axis == -1 else np.array([x]).T
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = f64(nv.l2_normalize(on(backend, data, dtype), eps=eps, axis=axis))
    np.testing.assert_allclose(got.ravel(), expected, rtol=1e-6)


@pytest.mark.parametrize("axis", [-1, 0], ids=["last-axis", "first-axis"])
@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    ("method", "x", "expected"),
    [
        ("l2", [1e-300, 1e-300], [math.sqrt(0.5)] * 2),
        ("rms", [1e-300, 1e-300], [1.0, 1.0]),
        ("ln", [1e-300, 2e-300, 3e-300], [-math.sqrt(1.5), 0.0, math.sqrt(1.5)]),
        ("rms", [1e-320, -3e-320], [math.sqrt(0.2), -3 * math.sqrt(0.2)]),
        ("ln", [5e-324, 0.0], [1.0, -1.0]),
        ("rms", [1e300, -1e300], [1.0, -1.0]),
        ("ln", [1.7e308, -1.7e308, 0.0], [math.sqrt(1.5), -math.sqrt(1.5), 0.0]),
    ],
    ids=str,
)
def test_tiny_and_huge_vectors_keep_their_direction_at_eps_0(backend, method, x, expected, axis):
    """sqrt(sum(x**2)) underflows below |x| ~ 1e-160 and overflows above ~1e154: scale first."""
    data = np.array([x]) if axis == -1 else np.array([x]).T
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = f64(OPS[method](on(backend, data), eps=0, axis=axis))
    np.testing.assert_allclose(got.ravel(), expected, rtol=1e-12, atol=1e-12)


POW2 = {"float64": [-1070, -700, -400, 300, 700, 1020], "float32": [-145, -100, -70, 70, 124]}


@pytest.mark.parametrize("axis", [-1, 0], ids=["last-axis", "first-axis"])
@pytest.mark.parametrize("method", OPS)
@pytest.mark.parametrize(("backend", "dtype"), [(b, d) for b in BACKENDS for d in POW2])
def test_scaled_inputs_give_the_same_output_at_eps_0(backend, dtype, method, axis):
    """method(v * 2**j) = method(v) for every j the dtype holds v * 2**j in exactly."""
    v = np.random.default_rng(10).integers(-16, 17, (6, 5)) / 8.0  # 5 bits: exact when subnormal
    v[:, 0] = 2.0  # no zero rows, no constant rows
    v = v if axis == -1 else v.T
    want = f64(OPS[method](on(backend, v, dtype), eps=0, axis=axis))
    for j in POW2[dtype]:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            got = f64(OPS[method](on(backend, np.ldexp(v, j), dtype), eps=0, axis=axis))
        np.testing.assert_allclose(got, want, rtol=TOL[dtype], atol=TOL[dtype], err_msg=f"2**{j}")


@pytest.mark.parametrize("method", OPS)
@pytest.mark.parametrize("backend", BACKENDS)
def test_eps_is_added_to_the_true_mean_square_of_tiny_vectors(backend, method):
    """With eps > 0 tiny vectors are flattened, as in torch: y = x / sqrt(eps) (L2: x / eps)."""
    x = np.array([[1e-300, -2e-300, 4e-300], [1e-310, 3e-310, 0.0]])
    got = f64(OPS[method](on(backend, x)))
    want = f64(functional(method, torch.from_numpy(x)))  # exact here: eps dominates
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=0)
    assert np.all(np.abs(got) < 1e-280)


@pytest.mark.parametrize("axis", [-1, 0], ids=["last-axis", "first-axis"])
@pytest.mark.parametrize("method", OPS)
@pytest.mark.parametrize("backend", ["numpy", "torch"])
def test_long_float32_rows_keep_float32_precision(backend, method, axis):
    """n = 2**22 values near 1000: float32 squares added in order drift by ~1e-6 (RMSNorm was
    1.9e-6 off at n = 4e6, F.rms_norm 6e-8); the error must stay within a few float32 ulps."""
    data = (1000.0 + np.random.default_rng(11).normal(size=(1, 2**22))).astype(np.float32)
    data = data if axis == -1 else data.T
    want = reference(method, data, axis=axis)  # float64 math on the same float32 values
    got = f64(OPS[method](on(backend, data, "float32"), axis=axis))
    err = np.max(np.abs(got - want)) / np.max(np.abs(want))
    oracle = f64(functional(method, torch.from_numpy(data), axis=axis))
    torch_err = np.max(np.abs(oracle - want)) / np.max(np.abs(want))
    assert err <= 4 * max(torch_err, 2.0**-24), f"error {err:.2g}, F's {torch_err:.2g}"
    if method != "ln":  # LayerNorm's float32 mean near 1000 is itself off by up to ulp(1000)/2
        assert err <= 4 * 2.0**-24, f"error {err:.2g}, F's {torch_err:.2g}"


# ----------------------------------------------------------------------------
# Bad input: the error names the argument


@pytest.mark.parametrize("method", OPS)
@pytest.mark.parametrize(
    "bad",
    ["abc", ["1", "2"], object(), [object(), 1.0], [[1.0, 2.0], [3.0]], None],
    ids=["string", "string-list", "object", "object-list", "ragged", "none"],
)
def test_non_numeric_x_is_a_type_error(method, bad):
    with pytest.raises(TypeError, match=r"\bx\b"):
        OPS[method](bad)


@pytest.mark.parametrize("method", OPS)
@pytest.mark.parametrize("backend", ["numpy", "torch"])
def test_complex_x_is_a_type_error(backend, method):
    x = np.array([1 + 1j, 2.0])
    x = torch.from_numpy(x) if backend == "torch" else x
    with pytest.raises(TypeError, match=r"x must be real.*complex"):
        OPS[method](x)


@pytest.mark.parametrize("method", OPS)
@pytest.mark.parametrize("backend", BACKENDS)
def test_empty_normalized_axis_is_a_value_error(backend, method):
    with pytest.raises(ValueError, match=r"x has no elements along axis"):
        OPS[method](on(backend, np.zeros((3, 0))))


@pytest.mark.parametrize("method", OPS)
@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    ("axis", "error", "pattern"),
    [
        (2, ValueError, r"axis 2 is out of range"),
        (-3, ValueError, r"axis -3 is out of range"),
        ((), ValueError, r"axis must name at least one axis"),
        ((0, -2), ValueError, r"axis has repeated entries"),
        ((1, 1), ValueError, r"axis has repeated entries"),
        (1.0, TypeError, r"axis must be an int"),
        ("0", TypeError, r"axis must be an int"),
        (None, TypeError, r"axis must be an int"),
        (True, TypeError, r"axis must be an int"),
        ((0, 1.5), TypeError, r"axis must be an int"),
    ],
    ids=str,
)
def test_bad_axis(backend, method, axis, error, pattern):
    with pytest.raises(error, match=pattern):
        OPS[method](on(backend, np.ones((2, 3))), axis=axis)


@pytest.mark.parametrize("method", OPS)
def test_scalar_x_has_no_axis_to_normalize(method):
    with pytest.raises(ValueError, match=r"axis -1 is out of range"):
        OPS[method](3.0)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    ("method", "name", "value", "error", "pattern"),
    [
        ("ln", "weight", np.ones(4), ValueError, r"weight must have the normalized shape \(3,\)"),
        ("ln", "weight", np.ones((1, 3)), ValueError, r"weight must have the normalized shape"),
        ("ln", "bias", np.ones(2), ValueError, r"bias must have the normalized shape"),
        ("rms", "weight", np.ones(()), ValueError, r"weight must have the normalized shape"),
        ("ln", "weight", ["a", "b", "c"], TypeError, r"weight must be real"),
        ("ln", "bias", [1j, 1, 1], TypeError, r"bias must be real.*complex"),
        ("rms", "weight", [[1.0], [1.0, 2.0]], TypeError, r"weight must be numeric"),
    ],
)
def test_bad_weight_or_bias(backend, method, name, value, error, pattern):
    with pytest.raises(error, match=pattern):
        OPS[method](on(backend, np.ones((2, 3))), **{name: value})


@pytest.mark.parametrize("backend", ["numpy", "torch"])
@pytest.mark.parametrize(
    ("method", "name"),
    [("ln", "x"), ("rms", "x"), ("l2", "x"), ("ln", "weight"), ("ln", "bias"), ("rms", "weight")],
)
def test_masked_arrays_are_refused(backend, method, name):
    """A mask cannot be honoured along one axis and ignored along another: refused, named."""
    masked = np.ma.masked_array([[1.0, 2.0, 3.0]], mask=[[False, True, False]])
    args = {"x": on(backend, np.ones((1, 3)))}
    args[name] = masked if name == "x" else masked[0]
    x = args.pop("x")
    with pytest.raises(TypeError, match=rf"^{name} must not be a masked array"):
        OPS[method](x, **args)


@pytest.mark.parametrize("method", OPS)
@pytest.mark.parametrize("backend", ["numpy", "torch"])
@pytest.mark.parametrize(
    ("eps", "error", "pattern"),
    [
        (-1e-5, ValueError, r"eps must be finite and >= 0"),
        (float("nan"), ValueError, r"eps must be finite and >= 0"),
        (float("inf"), ValueError, r"eps must be finite and >= 0"),
        ("1e-5", TypeError, r"eps must be a real number"),
        (None, TypeError, r"eps must be a real number"),
        (True, TypeError, r"eps must be a real number"),
        (1e-5j, TypeError, r"eps must be a real number"),
        (10**400, ValueError, r"eps must be finite and >= 0; got an integer of 401 digits"),
        (-(10**400), ValueError, r"eps must be finite and >= 0"),
    ],
    ids=lambda v: str(v)[:16],
)
def test_bad_eps(backend, method, eps, error, pattern):
    with pytest.raises(error, match=pattern):
        OPS[method](on(backend, np.ones((2, 3))), eps=eps)


@pytest.mark.parametrize("eps", [0, 1, np.float32(1e-3), np.int64(0)], ids=repr)
def test_numeric_eps_types_are_accepted(eps):
    y = nv.rms_norm([[3.0, 4.0]], eps=eps)
    np.testing.assert_allclose(y, reference("rms", [[3.0, 4.0]], eps=float(eps)), rtol=1e-6)


# ----------------------------------------------------------------------------
# Properties (hypothesis), float64 with sane magnitudes, eps = 0

FAST = settings(deadline=None, max_examples=50)
# |x| in [1e-30, 1e3] or 0: squares neither overflow nor underflow to subnormals
sane = st.floats(-1e3, 1e3, allow_nan=False).map(lambda v: 0.0 if abs(v) < 1e-30 else v)
row_shapes = st.tuples(st.integers(1, 5), st.integers(2, 40))
rows = arrays(np.float64, row_shapes, elements=sane)
distinct_rows = arrays(np.float64, row_shapes, elements=sane, unique=True)  # for LayerNorm
positive = st.floats(1e-2, 1e2)


def _norms(y) -> np.ndarray:
    return np.linalg.norm(f64(y), axis=-1)


def _not_tiny(x) -> bool:
    return bool((np.linalg.norm(x, axis=-1) > 1e-6).all())


def _spread(x) -> bool:
    """Rows far from constant: their deviations are not lost to rounding."""
    scale = np.abs(x).max(axis=-1) + 1e-300
    return bool((x.std(axis=-1) > 1e-6 * scale).all())


@pytest.mark.parametrize("backend", BACKENDS)
@FAST
@given(x=rows)
def test_rms_and_l2_rows_land_on_their_spheres(backend, x):
    assume(_not_tiny(x))
    n = x.shape[-1]
    np.testing.assert_allclose(_norms(nv.rms_norm(on(backend, x), eps=0)), math.sqrt(n), rtol=1e-12)
    np.testing.assert_allclose(_norms(nv.l2_normalize(on(backend, x), eps=0)), 1.0, rtol=1e-12)


@pytest.mark.parametrize("backend", BACKENDS)
@FAST
@given(x=arrays(np.float64, row_shapes, elements=st.floats(allow_nan=False, allow_infinity=False)))
def test_rows_of_any_finite_magnitude_land_on_their_spheres(backend, x):
    """Subnormal to 1.8e308 in one row: scaled first, no square under- or overflows."""
    assume((x != 0).any(axis=-1).all())
    n = x.shape[-1]
    np.testing.assert_allclose(_norms(nv.rms_norm(on(backend, x), eps=0)), math.sqrt(n), rtol=1e-12)
    np.testing.assert_allclose(_norms(nv.l2_normalize(on(backend, x), eps=0)), 1.0, rtol=1e-12)


@pytest.mark.parametrize("backend", BACKENDS)
@FAST
@given(x=distinct_rows)
def test_layer_norm_rows_have_mean_zero_and_norm_sqrt_n(backend, x):
    assume(_spread(x))
    y = f64(nv.layer_norm(on(backend, x), eps=0))
    np.testing.assert_allclose(y.mean(axis=-1), 0.0, atol=1e-8)
    np.testing.assert_allclose(np.linalg.norm(y, axis=-1), math.sqrt(x.shape[-1]), rtol=1e-8)


@pytest.mark.parametrize("backend", BACKENDS)
@FAST
@given(x=distinct_rows, a=positive, c=st.floats(-1e3, 1e3))
def test_layer_norm_ignores_positive_scale_and_common_shift(backend, x, a, c):
    moved = a * x + c
    assume(_spread(x) and _spread(moved))
    same = nv.layer_norm(on(backend, moved), eps=0)
    np.testing.assert_allclose(f64(same), f64(nv.layer_norm(on(backend, x), eps=0)), atol=1e-6)


@pytest.mark.parametrize("backend", BACKENDS)
@FAST
@given(x=rows, a=positive)
def test_rms_norm_ignores_positive_scale(backend, x, a):
    assume(_not_tiny(x))
    same = nv.rms_norm(on(backend, a * x), eps=0)
    np.testing.assert_allclose(f64(same), f64(nv.rms_norm(on(backend, x), eps=0)), atol=1e-12)


# ----------------------------------------------------------------------------
# GPU


def cuda(test):
    """The project's `gpu` marker, plus its skip so this file stands on its own."""
    no_cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")
    return pytest.mark.gpu(no_cuda(test))


@cuda
@pytest.mark.parametrize(("method", "params"), AFFINE, ids=lambda v: "+".join(v) or "plain")
@pytest.mark.parametrize("dtype", ["float64", "float32", "float16", "bfloat16"])
def test_cuda_matches_torch_functional_and_stays_on_device(dtype, method, params):
    rng = np.random.default_rng(5)
    x = on("torch", rng.normal(0.5, 2.0, (3, 5, 896)), dtype, device="cuda")
    values = {"weight": rng.uniform(0.5, 1.5, 896), "bias": rng.normal(0.0, 1.0, 896)}
    kwargs = {k: on("torch", values[k], dtype, device="cuda") for k in params}
    y = OPS[method](x, **kwargs)
    assert_same_kind(y, x)
    want = torch_oracle(method, x, dtype, kwargs)
    np.testing.assert_allclose(f64(y), want, rtol=TOL[dtype], atol=TOL[dtype])


@cuda
@pytest.mark.parametrize("method", OPS)
def test_cuda_half_large_values_and_numpy_weight(method):
    x = on("torch", [[60000.0, -30000.0, 1000.0, 0.5]], "float16", device="cuda")
    kwargs = {} if method == "l2" else {"weight": np.array([1.0, 2.0, 0.5, 1.0])}
    y = OPS[method](x, **kwargs)
    assert y.device == x.device and torch.isfinite(y).all()
    want = reference(method, x, **kwargs)
    np.testing.assert_allclose(f64(y), f64(on("numpy", want, "float16")), rtol=2e-3, atol=2e-3)
