"""LayerNorm, RMSNorm and L2 normalization: the functions users call, for every backend.

Each op accepts a numpy array, a torch tensor (any device), any array-API array,
or anything ``numpy.asarray`` takes, and returns the same type on the same
device with x's dtype and shape. Reductions run in at least float32. Bad input
gets a TypeError or ValueError naming the argument; NaN and inf propagate.

Each function checks its input (``_exact.prepare``, ``_exact.param``) and takes
one of three routes, which give the same numbers up to rounding:

* torch tensors: ``_torch_path``, torch's fused or single-read reductions;
* numpy arrays over the last axis: ``_numpy_rows``, cache-sized row blocks
  written in place, on several threads for a large input (the same bits on any
  number of them);
* anything else (other axes, other array-API libraries): ``_exact.exact``,
  written against the array-API standard.

The exact path scales every slice by a power of two, as ``math.hypot`` does,
so x**2 neither underflows nor overflows, and LayerNorm centres a constant
slice to exactly 0. Each fast path checks its own statistics, redoes a slice
whose mean square under- or overflowed by its own arithmetic on the slice
scaled the same way (so 2**k * x gives x's bits at eps = 0), and hands the rest
(near-constant, zero, NaN) to that exact path. Why the fast paths are shaped as they are, with the
timings: benchmarks/README.md.

The rest of the family (softmax, min_max, standardize, batch_norm,
lp_normalize) lives in ``norms_family`` and is re-exported here. ``dyt``
(Dynamic Tanh) and ``derf`` (Dynamic erf) are no normalization at all:
element-wise squashings that replace one, with the same contract.
"""

from __future__ import annotations

from normviz import _numpy_rows, _torch_path, _xp
from normviz._exact import exact, finish, finite_number, ieee, param, prepare
from normviz._numpy_rows import THREADED_MIN_BYTES

__all__ = [
    "layer_norm",
    "rms_norm",
    "l2_normalize",
    "dyt",
    "derf",
    "softmax",
    "min_max",
    "standardize",
    "batch_norm",
    "lp_normalize",
    "THREADED_MIN_BYTES",
]


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
    p, eps = prepare(x, axis, eps)
    w, b = param(p, weight, "weight"), param(p, bias, "bias")
    if _xp.is_torch(p.x) and p.trailing:
        return _torch_path.layer_norm(p, w, b, eps)
    if _xp.is_numpy(p.x) and p.last_axis:
        return _numpy_rows.normalize(p, "ln", w, b, eps)
    return exact(p, "ln", w, b, eps)


def rms_norm(x, /, *, weight=None, eps=1e-6, axis=-1):
    r"""Root-mean-square normalization (Zhang & Sennrich, 2019, arXiv:1910.07467).

    y = x / sqrt(mean(x**2) + eps) * weight

    eps sits inside the square root, as in ``torch.nn.functional.rms_norm``.
    Invariant to positive scaling of x, not to shifts. With weight=None and
    eps=0 every slice has L2 norm sqrt(n): a radial projection onto the sphere
    of radius sqrt(n). The zero vector at eps=0 gives 0/0 = NaN.
    """
    p, eps = prepare(x, axis, eps)
    w = param(p, weight, "weight")
    if _xp.is_torch(p.x):
        return _torch_path.rms_norm(p, w, eps)
    if _xp.is_numpy(p.x) and p.last_axis:
        return _numpy_rows.normalize(p, "rms", w, None, eps)
    return exact(p, "rms", w, None, eps)


def l2_normalize(x, /, *, eps=1e-12, axis=-1):
    r"""L2 normalization, as ``torch.nn.functional.normalize(x, p=2)``.

    y = x / max(||x||_2, eps)

    A radial projection onto the unit sphere. eps bounds the denominator from
    below (it is not added); at eps=0 the zero vector gives 0/0 = NaN.
    """
    p, eps = prepare(x, axis, eps)
    if _xp.is_torch(p.x):
        return _torch_path.l2_normalize(p, eps)
    if _xp.is_numpy(p.x) and p.last_axis:
        return _numpy_rows.normalize(p, "l2", None, None, eps)
    return exact(p, "l2", None, None, eps)


def _check_alpha(alpha) -> float:
    return finite_number("alpha", alpha)


def dyt(x, /, *, alpha=0.5, weight=None, bias=None, axis=-1):
    r"""Dynamic Tanh (Zhu, Chen, He, LeCun & Liu, "Transformers without Normalization", CVPR 2025,
    arXiv:2503.10622).

    y = weight * tanh(alpha * x) + bias

    An element-wise replacement for LayerNorm / RMSNorm: no statistic of the
    slice is computed, so each y_i depends on x_i alone (the Jacobian is
    diagonal, d y_i / d x_i = weight_i * alpha * (1 - tanh(alpha * x_i)**2)).
    alpha is one learnable scalar in the paper, initialised to alpha_0 = 0.5
    there by default for all but its large language models, where it is tuned
    (smaller for wider models); weight (gamma) and bias (beta) are per feature,
    of x's shape along ``axis`` (``axis`` says only where they lie). Without
    them the output lies in [-1, 1]; with them |y_i| <= |gamma_i| + |beta_i|.
    Small inputs pass almost linearly (tanh(a) ~ a), large ones saturate at
    +-1: an outlier is squashed instead of rescaling every other coordinate,
    as a norm would. Computed in at least float32 (tanh of a float16 input is
    taken in float32, then cast back). NaN propagates; +-inf gives +-1 (for
    alpha > 0); alpha = 0 gives 0 (and NaN for an infinite x_i: 0 * inf).

    Parameters
    ----------
    x : array-like (numpy, torch, any array-API array)
    alpha : finite real number (a scalar, the same for every feature)
    weight, bias : array-like of x's shape along ``axis``, optional (gamma, beta)
    axis : int or tuple of ints
    """
    alpha = _check_alpha(alpha)
    p, _ = prepare(x, axis, 0.0)
    w, b = param(p, weight, "weight"), param(p, bias, "bias")
    xp = p.xp
    with ieee():
        return finish(p, xp.tanh(xp.astype(p.x, p.cdtype) * alpha), w, b)


def derf(x, /, *, alpha=0.5, shift=0.0, weight=None, bias=None, axis=-1):
    r"""Dynamic erf (Chen, Lu, Zhu, Sun & Liu, "Stronger Normalization-Free Transformers", arXiv:2512.10938).

    y = weight * erf(alpha * x + shift) + bias

    ``dyt``'s contract with erf in place of tanh and a shift inside it. alpha
    and shift are one learnable scalar each in the paper (initialised to 0.5
    and 0), weight (gamma) and bias (beta) per feature, of x's shape along
    ``axis``. The Jacobian is diagonal, d y_i / d x_i =
    weight_i * alpha * 2/sqrt(pi) * exp(-(alpha * x_i + shift)**2): steeper
    at 0 than DyT with the same alpha (2/sqrt(pi) ~ 1.128 times), and it
    saturates sooner. Without weight and bias the output lies in [-1, 1]
    (mathematically inside, but erf rounds to +-1 in float64 once
    |alpha * x + shift| > 5.93); with them |y_i| <= |gamma_i| +
    |beta_i|. A nonzero shift moves the curve along x: erf(shift) at x = 0,
    0 at x = -shift / alpha. Computed in at least float32; erf is
    ``scipy.special.erf`` for numpy (numpy has none), ``torch.erf`` for torch,
    and for any other array-API library (the standard has no erf) scipy's on
    a numpy copy, returned in x's library on x's device. NaN propagates;
    +-inf gives +-1 (for alpha > 0); alpha = 0 gives erf(shift) (and NaN for
    an infinite x_i: 0 * inf).

    Parameters
    ----------
    x : array-like (numpy, torch, any array-API array)
    alpha, shift : finite real numbers (scalars, the same for every feature)
    weight, bias : array-like of x's shape along ``axis``, optional (gamma, beta)
    axis : int or tuple of ints
    """
    alpha = _check_alpha(alpha)
    shift = finite_number("shift", shift)
    p, _ = prepare(x, axis, 0.0)
    w, b = param(p, weight, "weight"), param(p, bias, "bias")
    xp = p.xp
    with ieee():
        return finish(p, _erf(xp, xp.astype(p.x, p.cdtype) * alpha + shift), w, b)


def _erf(xp, z):
    """erf of an array in its own library: torch's, else scipy's (numpy and, through a numpy copy, the rest)."""
    if _xp.is_torch(z):
        return z.erf()
    from scipy import special

    if _xp.is_numpy(z):
        return special.erf(z)
    return xp.asarray(special.erf(_xp.to_numpy(z)), device=_xp.device(z))


# The family builds on the three above (standardize and batch_norm call layer_norm, lp_normalize
# l2_normalize), so it is imported once they exist.
from normviz.norms_family import batch_norm, lp_normalize, min_max, softmax, standardize  # noqa: E402
