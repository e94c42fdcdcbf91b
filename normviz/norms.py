"""LayerNorm, RMSNorm and L2 normalization, one implementation for every backend.

Each op accepts a numpy array, a torch tensor (any device), any array-API array,
or anything ``numpy.asarray`` takes, and returns the same type on the same
device with x's dtype and shape. Reductions run in at least float32.

The generic body is written against the array-API standard (array-api-compat).
Two fast paths were measured to pay (see ``benchmarks/bench_norms.py``):

* torch: the fused ``torch.nn.functional.layer_norm`` / ``normalize`` kernels;
  RMSNorm uses ``torch.linalg.vector_norm`` for mean(x**2), because
  ``F.rms_norm`` is not fused on the CPU in torch 2.13: this is up to twice as fast.
* numpy: rows are processed in cache-sized blocks written straight into the
  output buffer, so no full-size temporaries are made.
"""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass

import numpy as np

from normviz import _xp

__all__ = ["layer_norm", "rms_norm", "l2_normalize", "METHODS"]

METHODS = ("l2", "rms", "ln")


def _ieee():
    """NaN/inf from 0/0 or overflow are honest results, not warnings (numpy-backed namespaces)."""
    return np.errstate(divide="ignore", invalid="ignore", over="ignore")


@dataclass(frozen=True)
class _Prepared:
    xp: object
    x: object  # the input as an array of its own namespace
    axes: tuple[int, ...]  # sorted, non-negative
    n: int  # number of elements in each normalized slice
    cdtype: object  # compute dtype
    rdtype: object  # result dtype

    @property
    def trailing(self) -> bool:
        return self.axes == tuple(range(self.x.ndim - len(self.axes), self.x.ndim))

    @property
    def normalized_shape(self) -> tuple[int, ...]:
        return tuple(self.x.shape[a] for a in self.axes)


def _check_eps(eps) -> float:
    if isinstance(eps, bool) or not isinstance(eps, (int, float, np.floating, np.integer)):
        raise TypeError(f"eps must be a real number; got {type(eps).__name__}")
    eps = float(eps)
    if not eps >= 0.0 or math.isinf(eps):  # also rejects NaN
        raise ValueError(f"eps must be finite and >= 0; got {eps!r}")
    return eps


def _normalize_axes(axis, ndim: int) -> tuple[int, ...]:
    raw = axis if isinstance(axis, tuple) else (axis,)
    if isinstance(axis, list):
        raw = tuple(axis)
    if len(raw) == 0:
        raise ValueError("axis must name at least one axis; got an empty tuple")
    axes = []
    for a in raw:
        if isinstance(a, bool):
            raise TypeError(f"axis must be an int or a tuple of ints; got {a!r}")
        try:
            a = operator.index(a)
        except TypeError:
            raise TypeError(f"axis must be an int or a tuple of ints; got {a!r}") from None
        if not -ndim <= a < ndim:
            raise ValueError(f"axis {a} is out of range for x with {ndim} dimension(s)")
        axes.append(a % ndim)
    if len(set(axes)) != len(axes):
        raise ValueError(f"axis has repeated entries: {axis!r}")
    return tuple(sorted(axes))


def _prepare(x, axis, eps) -> tuple[_Prepared, float]:
    eps = _check_eps(eps)
    x = _xp.as_array(x, "x")
    xp = _xp.namespace(x)
    _xp.check_real(x, xp, "x")
    axes = _normalize_axes(axis, x.ndim)
    n = math.prod(x.shape[a] for a in axes)
    if n == 0:
        raise ValueError(f"x has no elements along axis {axis!r}; nothing to normalize")
    cdtype = _xp.compute_dtype(xp, x.dtype)
    return _Prepared(xp, x, axes, n, cdtype, _xp.result_dtype(xp, x.dtype)), eps


def _param(p: _Prepared, value, name: str):
    """weight/bias as an array broadcastable against x, in the compute dtype."""
    if value is None:
        return None
    arr = _xp.as_array(value, name)
    _xp.check_real(arr, _xp.namespace(arr), name)
    expected = p.normalized_shape
    if tuple(arr.shape) != expected:
        raise ValueError(
            f"{name} must have the normalized shape {expected} (x.shape along axis); "
            f"got shape {tuple(arr.shape)}"
        )
    xp = p.xp
    if _xp.is_torch(p.x) and not _xp.is_torch(arr):
        arr = _xp.to_numpy(arr)
    elif not _xp.is_torch(p.x) and _xp.is_torch(arr):
        arr = _xp.to_numpy(arr)
    arr = xp.asarray(arr, device=_xp.device(p.x))
    arr = xp.astype(arr, p.cdtype)
    shape = [1] * p.x.ndim
    for a, size in zip(p.axes, expected):
        shape[a] = size
    return xp.reshape(arr, tuple(shape))


# ----------------------------------------------------------------------------
# Public API


def layer_norm(x, /, *, weight=None, bias=None, eps=1e-5, axis=-1):
    r"""Layer normalization (Ba, Kiros & Hinton, 2016, arXiv:1607.06450).

    y = (x - mean(x)) / sqrt(var(x) + eps) * weight + bias

    mean and the biased variance (divide by n) are taken over ``axis``; eps
    sits inside the square root, as in ``torch.nn.functional.layer_norm``.
    Invariant to x -> a*x + c*1 for a > 0 (up to eps). With weight=None,
    bias=None and eps=0 every slice has mean 0 and L2 norm sqrt(n): it lies on
    the zero-mean hyperplane intersected with the sphere of radius sqrt(n).
    A constant slice at eps=0 gives 0/0 = NaN.

    Parameters
    ----------
    x : array-like (numpy, torch, any array-API array)
    weight, bias : array-like of the normalized shape, optional (gamma, beta)
    eps : float >= 0
    axis : int or tuple of ints
    """
    p, eps = _prepare(x, axis, eps)
    w, b = _param(p, weight, "weight"), _param(p, bias, "bias")
    if _xp.is_torch(p.x) and p.trailing:
        return _torch_layer_norm(p, w, b, eps)
    if _xp.is_numpy(p.x) and p.axes == (p.x.ndim - 1,):
        return _numpy_rows(p, "ln", w, b, eps)
    xp = p.xp
    with _ieee():
        xc = xp.astype(p.x, p.cdtype)
        d = xc - xp.mean(xc, axis=p.axes, keepdims=True)  # two passes: exact for large offsets
        var = xp.mean(d * d, axis=p.axes, keepdims=True)
        return _finish(p, d / xp.sqrt(var + eps), w, b)


def rms_norm(x, /, *, weight=None, eps=1e-6, axis=-1):
    r"""Root-mean-square normalization (Zhang & Sennrich, 2019, arXiv:1910.07467).

    y = x / sqrt(mean(x**2) + eps) * weight

    eps sits inside the square root, as in ``torch.nn.functional.rms_norm``.
    Invariant to positive scaling of x, not to shifts. With weight=None and
    eps=0 every slice has L2 norm sqrt(n): a radial projection onto the sphere
    of radius sqrt(n). The zero vector at eps=0 gives 0/0 = NaN.
    """
    p, eps = _prepare(x, axis, eps)
    w = _param(p, weight, "weight")
    if _xp.is_torch(p.x):
        return _torch_rms_norm(p, w, eps)
    if _xp.is_numpy(p.x) and p.axes == (p.x.ndim - 1,):
        return _numpy_rows(p, "rms", w, None, eps)
    xp = p.xp
    with _ieee():
        xc = xp.astype(p.x, p.cdtype)
        ms = xp.mean(xc * xc, axis=p.axes, keepdims=True)
        return _finish(p, xc / xp.sqrt(ms + eps), w, None)


def l2_normalize(x, /, *, eps=1e-12, axis=-1):
    r"""L2 normalization, as ``torch.nn.functional.normalize(x, p=2)``.

    y = x / max(||x||_2, eps)

    A radial projection onto the unit sphere. eps bounds the denominator from
    below (it is not added); at eps=0 the zero vector gives 0/0 = NaN.
    """
    p, eps = _prepare(x, axis, eps)
    if _xp.is_torch(p.x):
        import torch.nn.functional as F

        xc = p.x.to(p.cdtype)
        dim = p.axes if len(p.axes) > 1 else p.axes[0]
        return F.normalize(xc, p=2.0, dim=dim, eps=eps).to(p.rdtype)
    if _xp.is_numpy(p.x) and p.axes == (p.x.ndim - 1,):
        return _numpy_rows(p, "l2", None, None, eps)
    xp = p.xp
    with _ieee():
        xc = xp.astype(p.x, p.cdtype)
        norm = xp.sqrt(xp.sum(xc * xc, axis=p.axes, keepdims=True))
        floor = xp.asarray(eps, dtype=p.cdtype, device=_xp.device(p.x))
        return _finish(p, xc / xp.maximum(norm, floor), None, None)


def _finish(p: _Prepared, y, w, b):
    if w is not None:
        y = y * w
    if b is not None:
        y = y + b
    return p.xp.astype(y, p.rdtype)


# ----------------------------------------------------------------------------
# torch fast paths


def _torch_layer_norm(p: _Prepared, w, b, eps):
    import torch.nn.functional as F

    shape = p.normalized_shape
    w = None if w is None else w.reshape(shape)
    b = None if b is None else b.reshape(shape)
    return F.layer_norm(p.x.to(p.cdtype), shape, w, b, eps).to(p.rdtype)


def _torch_rms_norm(p: _Prepared, w, eps):
    import torch

    # mean(x**2) as ||x||**2 / n: vector_norm reduces without materialising x*x,
    # up to twice as fast as xc.square().mean() or F.rms_norm on the CPU (torch 2.13).
    xc = p.x.to(p.cdtype)
    ms = torch.linalg.vector_norm(xc, dim=p.axes, keepdim=True).square_().div_(p.n)
    y = xc * ms.add_(eps).rsqrt_()
    if w is not None:
        y.mul_(w)
    return y.to(p.rdtype)


# ----------------------------------------------------------------------------
# numpy fast path: cache-sized row blocks, written in place

# Rows go through in blocks of about 1 MiB: the block and its output stay in the
# 2 MiB L2 cache across the 3-4 passes, and no full-size temporary is made.
# (Measured: 256 KiB blocks were 12 % slower, one block for all 25-40 % slower;
# a thread pool over blocks gained at most 30 % and was slower for small blocks.)
_BLOCK_BYTES = 1024 * 1024


def _numpy_rows(p: _Prepared, method: str, w, b, eps: float):
    x = p.x
    n = x.shape[-1]
    rows = np.ascontiguousarray(x).reshape(-1, n)
    out = np.empty(rows.shape, dtype=p.rdtype)
    cdtype = np.dtype(p.cdtype)
    upcast = rows.dtype != cdtype
    w = None if w is None else w.reshape(n)
    b = None if b is None else b.reshape(n)
    step = max(1, _BLOCK_BYTES // (n * cdtype.itemsize))

    kernel = _ROW_KERNELS[method]
    with _ieee():
        for start in range(0, rows.shape[0], step):
            src = rows[start : start + step]
            dst = out[start : start + step]
            # Work in the output buffer when its dtype allows, else in a block-sized one.
            work = dst if (not upcast and dst.dtype == cdtype) else np.empty(src.shape, cdtype)
            kernel(src.astype(cdtype, copy=False), work, eps)
            if w is not None:
                work *= w
            if b is not None:
                work += b
            if work is not dst:
                dst[...] = work
    return out.reshape(x.shape)


def _row_mean(a):
    """Row sums as a dot with (1, ..., 1), then / n: no temporaries, SIMD sums.

    Dividing the sum (rather than dotting with 1/n, which is inexact for most
    n) keeps the mean of a constant row exact, so LayerNorm of (7, 7, 7) gives
    0/0 = NaN at eps = 0 like torch, not (1, 1, 1).
    """
    return (np.vecdot(a, np.ones(a.shape[1], dtype=a.dtype)) / a.shape[1])[:, None]


def _row_sumsq(a):
    """Row-wise sum of squares without materialising a*a."""
    return np.vecdot(a, a)[:, None]


def _ln_rows(src, dst, eps):
    np.subtract(src, _row_mean(src), out=dst)
    var = _row_sumsq(dst) / dst.shape[1]
    dst *= 1.0 / np.sqrt(var + eps)


def _rms_rows(src, dst, eps):
    ms = _row_sumsq(src) / src.shape[1]
    np.multiply(src, 1.0 / np.sqrt(ms + eps), out=dst)


def _l2_rows(src, dst, eps):
    norm = np.sqrt(_row_sumsq(src))
    np.multiply(src, 1.0 / np.maximum(norm, eps), out=dst)


_ROW_KERNELS = {"ln": _ln_rows, "rms": _rms_rows, "l2": _l2_rows}
