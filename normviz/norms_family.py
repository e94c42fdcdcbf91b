"""The normalization family beside the three norms: softmax, min-max scaling, standardization,
BatchNorm (training mode) and Lp normalization.

Each has the contract of ``norms`` (x's type, device, dtype and shape; reductions
in at least float32; bad input names its argument). Standardization and
BatchNorm are LayerNorm's arithmetic taken over other axes, and Lp
normalization at p = 2 is L2 normalization, so they call ``norms``; ``norms``
re-exports them, so ``normviz.norms.softmax`` and ``normviz.softmax`` are these.
"""

from __future__ import annotations

import math

import numpy as np

from normviz import _xp
from normviz._exact import Prepared, finish, ieee, param, prepare
from normviz.norms import l2_normalize, layer_norm

__all__ = ["softmax", "min_max", "standardize", "batch_norm", "lp_normalize"]


def softmax(x, /, *, axis=-1):
    r"""Softmax, as ``torch.nn.functional.softmax``.

    y = exp(x - max(x)) / sum(exp(x - max(x)))

    Subtracting the slice's maximum changes nothing mathematically (it cancels)
    but keeps exp from overflowing for large logits: the largest term is exp(0) = 1.
    Every slice along ``axis`` is positive and sums to 1 (a point of the
    probability simplex). Invariant to x -> x + c*1, not to scaling. A slice
    holding +inf gives NaN (inf - inf), as in torch.
    """
    p, _ = prepare(x, axis, 0.0)
    xp = p.xp
    xc = xp.astype(p.x, p.cdtype)
    with ieee():
        e = xp.exp(xc - xp.max(xc, axis=p.axes, keepdims=True))
        return xp.astype(e / xp.sum(e, axis=p.axes, keepdims=True), p.rdtype)


def _check_range(feature_range) -> tuple[float, float]:
    try:
        lo, hi = feature_range
    except (TypeError, ValueError):
        raise TypeError(f"feature_range must be a pair (low, high); got {feature_range!r}") from None
    for v in (lo, hi):
        if isinstance(v, bool) or not isinstance(v, (int, float, np.floating, np.integer)):
            raise TypeError(f"feature_range must hold two real numbers; got {feature_range!r}")
    lo, hi = float(lo), float(hi)
    if not (math.isfinite(lo) and math.isfinite(hi) and lo < hi):
        raise ValueError(f"feature_range must be finite with low < high; got {feature_range!r}")
    return lo, hi


def min_max(x, /, *, axis=-1, feature_range=(0, 1)):
    r"""Min-max scaling of every slice along ``axis`` onto ``feature_range`` = (low, high).

    y = low + (x - min(x)) / (max(x) - min(x)) * (high - low)

    The slice's minimum goes to low and its maximum to high; nothing is learned.
    Invariant to x -> a*x + c*1 for a > 0. A constant slice (max = min) has no
    range to divide by: it gives ``low`` everywhere (scikit-learn's
    ``MinMaxScaler`` does the same), not NaN. Where max - min overflows the
    compute dtype, both sides are halved first, which is exact.
    """
    lo, hi = _check_range(feature_range)
    p, _ = prepare(x, axis, 0.0)
    xp = p.xp
    xc = xp.astype(p.x, p.cdtype)
    mn = xp.min(xc, axis=p.axes, keepdims=True)
    mx = xp.max(xc, axis=p.axes, keepdims=True)
    with ieee():
        span = mx - mn
        half = xp.where(xp.isinf(span) & xp.isfinite(mx) & xp.isfinite(mn), xp.full_like(span, 0.5), xp.ones_like(span))
        span = mx * half - mn * half
        unit = (xc * half - mn * half) / xp.where(span == 0, xp.ones_like(span), span)
        y = lo + unit * (hi - lo)
        return xp.astype(y, p.rdtype)


def standardize(x, /, *, axis=0, eps=0.0):
    r"""Standardization (z-scores) of each feature across the samples: axis 0 by default.

    y = (x - mean(x)) / sqrt(var(x) + eps)

    mean and the biased variance (divide by n, as numpy's default and
    scikit-learn's ``StandardScaler``) are taken over ``axis``: for data of
    shape (samples, features) each column ends with mean 0 and variance 1
    (exactly at eps = 0; var / (var + eps) with eps > 0). eps, 0 by default,
    sits inside the square root as in LayerNorm. A constant feature (variance 0)
    gives 0 rather than 0/0 = NaN, as ``StandardScaler`` does. This is
    ``layer_norm`` over the sample axis instead of the feature axis.
    """
    p, eps = prepare(x, axis, eps)
    xp = p.xp
    xc = xp.astype(p.x, p.cdtype)
    y = layer_norm(xc, axis=p.axes, eps=eps)
    constant = xp.max(xc, axis=p.axes, keepdims=True) == xp.min(xc, axis=p.axes, keepdims=True)
    return xp.astype(xp.where(constant, xp.zeros_like(y), y), p.rdtype)


def batch_norm(x, /, *, axis=None, weight=None, bias=None, eps=1e-5):
    r"""Batch normalization with the batch's own statistics (Ioffe & Szegedy, 2015, arXiv:1502.03167).

    y = (x - mean(x)) / sqrt(var(x) + eps) * weight + bias

    as ``torch.nn.functional.batch_norm(x, None, None, weight, bias,
    training=True, eps=eps)``. ``axis`` names the axes the statistics are
    taken over (the batch axes), like the ``axis`` of the other functions; the
    remaining axes are the features, and weight and bias have their shape.
    ``axis=None`` is torch's layout (N, C, ...): every axis but 1, so each
    channel C is normalized over the batch and the spatial positions. Biased
    variance (divide by n); eps inside the square root. Running statistics
    (torch's running_mean/running_var, used at inference) are not kept here.
    A constant feature at eps = 0 gives 0/0 = NaN, as in torch.

    Parameters
    ----------
    x : array-like (numpy, torch, any array-API array)
    axis : int, tuple of ints, or None (every axis but 1; x needs at least 2 dimensions)
    weight, bias : array-like of x's shape along the axes not in ``axis`` (gamma, beta)
    eps : float >= 0
    """
    if axis is None:
        ndim = _xp.as_array(x, "x").ndim
        if ndim < 2:
            raise ValueError(
                f"axis=None means every axis but 1 (x of shape (N, C, ...)); x has {ndim} dimension(s): "
                "give axis explicitly"
            )
        axis = (0, *range(2, ndim))
    p, eps = prepare(x, axis, eps)
    features = tuple(a for a in range(p.x.ndim) if a not in p.axes)
    q = Prepared(p.xp, p.x, features, p.n, p.cdtype, p.rdtype)  # weight/bias live on the feature axes
    w, b = param(q, weight, "weight"), param(q, bias, "bias")
    y = layer_norm(p.xp.astype(p.x, p.cdtype), axis=p.axes, eps=eps)
    return finish(p, y, w, b)


def _check_p(p) -> float:
    if isinstance(p, bool) or not isinstance(p, (int, float, np.floating, np.integer)):
        raise TypeError(f"p must be a real number >= 1 or math.inf; got {type(p).__name__}")
    try:
        p = float(p)
    except OverflowError:  # an int beyond float range: as good as inf, but say so rather than guess
        raise ValueError(
            f"p must be a real number >= 1 or math.inf; got an integer of {len(str(abs(p)))} digits"
        ) from None
    if not p >= 1.0:  # also rejects NaN
        raise ValueError(f"p must be >= 1 (a norm) or math.inf; got {p!r}")
    return p


def lp_normalize(x, /, *, p=2, eps=1e-12, axis=-1):
    r"""Lp normalization, as ``torch.nn.functional.normalize(x, p=p, dim=axis, eps=eps)``.

    y = x / max(||x||_p, eps),   ||x||_p = (sum |x_i|**p)**(1/p),   ||x||_inf = max |x_i|

    for p >= 1 (where ||.||_p is a norm) or p = math.inf. Every slice along
    ``axis`` lands on the unit sphere of its norm: p = 1 makes sum |y_i| = 1
    (the octahedron in 3D), p = 2 is ``l2_normalize`` (the round sphere),
    p = inf makes max |y_i| = 1 (the surface of the cube [-1, 1]^n). Softmax is
    the p = 1 case applied to exp(x - max x), whose entries are positive:
    softmax(x) = lp_normalize(exp(x - max x), p=1). eps bounds the denominator
    from below (it is not added); at eps=0 the zero vector gives 0/0 = NaN.
    Each slice is divided by its max |x_i| before the powers are summed, so
    the sum neither overflows nor underflows.
    """
    p_ = _check_p(p)
    if p_ == 2.0:
        return l2_normalize(x, eps=eps, axis=axis)
    q, eps = prepare(x, axis, eps)
    xp = q.xp
    xc = xp.astype(q.x, q.cdtype)
    with ieee():
        a = xp.abs(xc)
        top = xp.max(a, axis=q.axes, keepdims=True)
        if math.isinf(p_):
            norm = top
        else:
            scale = xp.where((top > 0) & xp.isfinite(top), top, xp.ones_like(top))
            u = a / scale
            s = xp.sum(u if p_ == 1.0 else u**p_, axis=q.axes, keepdims=True)
            norm = xp.where(xp.isinf(top), top, scale * (s if p_ == 1.0 else s ** (1.0 / p_)))
        y = xc / xp.maximum(norm, xp.full_like(norm, eps))
    return xp.astype(y, q.rdtype)
