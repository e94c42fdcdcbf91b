"""What every norm shares: the checks, the prepared input, weight and bias, and the exact path.

``prepare`` checks x, eps and axis and fixes the namespace, the sorted axes and
the compute and result dtypes; ``param`` checks weight or bias and shapes it to
broadcast against x; ``finish`` applies them and casts back.

``scaled`` is the exact path, written against the array-API standard
(array-api-compat) for any namespace: every slice is scaled by a power of two
first, as ``math.hypot`` does, so x**2 neither underflows nor overflows, and
LayerNorm centres on an element of the slice, so a constant slice centres to
exactly 0. The fast paths (``_torch_path``, ``_numpy_rows``) check their own
statistics with ``in_range`` and hand what they cannot vouch for to it.
"""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass

import numpy as np

from normviz import _xp


def finite_number(name: str, value) -> float:
    """``value`` as a float when it is a finite real number (not a bool or text); TypeError or ValueError naming
    ``name`` otherwise (an int beyond float's range included)."""
    if isinstance(value, (bool, str, bytes)) or not isinstance(value, (int, float, np.floating, np.integer)):
        raise TypeError(f"{name} must be a real number; got {value!r}")
    try:
        value = float(value)
    except OverflowError:
        digits = len(str(abs(value)))
        raise ValueError(f"{name} must be a finite real number; got an integer of {digits} digits") from None
    if not math.isfinite(value):
        raise ValueError(f"{name} must be a finite real number; got {value!r}")
    return value


def ieee():
    """NaN/inf from 0/0 or overflow are honest results, not warnings (numpy-backed namespaces)."""
    return np.errstate(divide="ignore", invalid="ignore", over="ignore")


@dataclass(frozen=True)
class Prepared:
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
    def last_axis(self) -> bool:
        return self.axes == (self.x.ndim - 1,)

    @property
    def normalized_shape(self) -> tuple[int, ...]:
        return tuple(self.x.shape[a] for a in self.axes)


def finite_vector(name: str, value, *, min_len: int = 1) -> np.ndarray:
    """A 1-D float64 array of at least ``min_len`` finite entries, or a TypeError / ValueError naming ``name``."""
    try:
        v = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a vector of real numbers; got {value!r}") from None
    if v.ndim != 1 or v.size < min_len:
        raise ValueError(f"{name} must be a vector of at least {min_len} numbers; got shape {v.shape}")
    if not np.all(np.isfinite(v)):
        raise ValueError(f"{name} must hold finite numbers; got {value!r}")
    return v


def check_eps(eps) -> float:
    if isinstance(eps, bool) or not isinstance(eps, (int, float, np.floating, np.integer)):
        raise TypeError(f"eps must be a real number; got {type(eps).__name__}")
    try:
        eps = float(eps)
    except OverflowError:  # an int beyond float range, e.g. 10**400
        raise ValueError(f"eps must be finite and >= 0; got an integer of {len(str(abs(eps)))} digits") from None
    if not eps >= 0.0 or math.isinf(eps):  # also rejects NaN
        raise ValueError(f"eps must be finite and >= 0; got {eps!r}")
    return eps


def normalize_axes(axis, ndim: int) -> tuple[int, ...]:
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


def prepare(x, axis, eps) -> tuple[Prepared, float]:
    eps = check_eps(eps)
    x = _xp.as_array(x, "x")
    xp = _xp.namespace(x)
    _xp.check_real(x, xp, "x")
    axes = normalize_axes(axis, x.ndim)
    n = math.prod(x.shape[a] for a in axes)
    if n == 0:
        raise ValueError(f"x has no elements along axis {axis!r}; nothing to normalize")
    cdtype = _xp.compute_dtype(xp, x.dtype)
    return Prepared(xp, x, axes, n, cdtype, _xp.result_dtype(xp, x.dtype)), eps


def param(p: Prepared, value, name: str):
    """weight/bias as an array broadcastable against x, in the compute dtype."""
    if value is None:
        return None
    arr = _xp.as_array(value, name)
    _xp.check_real(arr, _xp.namespace(arr), name)
    expected = p.normalized_shape
    if tuple(arr.shape) != expected:
        raise ValueError(
            f"{name} must have the normalized shape {expected} (x.shape along axis); got shape {tuple(arr.shape)}"
        )
    xp = p.xp
    if _xp.is_torch(p.x) != _xp.is_torch(arr):
        arr = _xp.to_numpy(arr)
    if _xp.is_torch(arr):
        arr = arr.to(_xp.device(p.x))  # keeps a weight's autograd graph
    else:
        arr = xp.asarray(arr, device=_xp.device(p.x))
    arr = xp.astype(arr, p.cdtype)
    shape = [1] * p.x.ndim
    for a, size in zip(p.axes, expected):
        shape[a] = size
    return xp.reshape(arr, tuple(shape))


def finish(p: Prepared, y, w, b):
    """y * weight + bias (each when given), cast to the result dtype."""
    if w is not None:
        y = y * w
    if b is not None:
        y = y + b
    return p.xp.astype(y, p.rdtype)


def exact(p: Prepared, method: str, w, b, eps: float):
    """``method`` ("ln", "rms", "l2") on any namespace by the exact path, then weight, bias and the cast."""
    return finish(p, scaled(p.xp, method, p.xp.astype(p.x, p.cdtype), p.axes, eps), w, b)


def scaled(xp, method: str, xc, axes: tuple[int, ...], eps: float):
    r"""``method`` (no weight/bias) on xc (compute dtype) without under- or overflow.

    Each slice is multiplied by 2**k (``pow2_scale``), as ``math.hypot``
    scales: squares neither underflow nor overflow, and a power of two is
    exact, so an ordinary slice gives the same bits as unscaled arithmetic.
    eps scales along, so its meaning is kept:

        y = xs / sqrt(mean(xs**2) + eps * 4**k)      RMSNorm (LayerNorm on xs - mean)
        y = xs / max(||xs||, eps * 2**k)             L2

    Where eps * 4**k would overflow, k is lowered: such a slice is so small
    against eps that its own mean square no longer counts. LayerNorm first
    subtracts the slice's first element, so a constant slice centres to exactly 0.
    """
    power = 1 if method == "l2" else 2
    xs, _, eps_s = pow2_scale(xp, xc, axes, eps, power)
    with ieee():
        if method == "ln":
            first = tuple(slice(0, 1) if a in axes else slice(None) for a in range(xs.ndim))
            xs = xs - xs[first]
            xs = xs - xp.mean(xs, axis=axes, keepdims=True)
        sumsq = xp.sum(xs * xs, axis=axes, keepdims=True)
        if method == "l2":
            return xs / xp.maximum(xp.sqrt(sumsq), eps_s)
        n = math.prod(xc.shape[a] for a in axes)
        return xs / xp.sqrt(sumsq / n + eps_s)


def pow2_scale(xp, xc, axes: tuple[int, ...], eps: float = 0.0, power: int = 2):
    r"""(xs, k, eps_s): each slice of xc times 2**k, and eps_s = eps * 2**(power * k).

    max|xs| lies in [2**487, 2**488) (float32: [2**39, 2**40)): the sum of up
    to 2**40 squares fits, and a slice's small elements keep their bits. Exact
    (a power of two), so a norm of xs with eps_s is the norm of xc with eps.
    k is lowered where eps_s would overflow, and is 0 for a slice of zeros, inf
    or NaN. eps_s below the smallest normal number is raised to it: a
    non-constant xs has a mean square far above it (no rounding changes), and a
    constant one gives 0 / sqrt(eps_s) = 0, not 0/0.
    """
    top = math.frexp(float(xp.finfo(xc.dtype).max))[1]  # 2**top overflows: 1024, 128
    # 2**k must be finite; top - 1 still lifts a subnormal max to 2**-51 (float32: 2**-22).
    target = (top - 48) // 2  # 488, 40
    k = _scale_exponent(xp, xp.max(xp.abs(xc), axis=axes, keepdims=True), target, top - 1)
    if eps > 0:
        mantissa, exponent = math.frexp(eps)  # eps = mantissa * 2**exponent
        k = xp.clip(k, max=float((top - 8 - exponent) // power))  # eps_s + sum of squares fit
        eps_s = _times_pow2(xp, xp.full_like(k, mantissa), exponent + power * k)
        eps_s = xp.clip(eps_s, min=float(xp.finfo(xc.dtype).smallest_normal))
    else:
        eps_s = xp.zeros_like(k)
    with ieee():
        return xc * 2.0**k, k, eps_s


def _scale_exponent(xp, amax, target: int, most: int):
    """k <= most with amax * 2**k in [2**(target-1), 2**target) (log2 may round it up); 0 for amax 0, inf, NaN."""
    ok = xp.isfinite(amax) & (amax > 0)
    e = xp.floor(xp.log2(xp.where(ok, amax, xp.ones_like(amax))))
    return xp.clip(xp.where(ok, target - e - 1, xp.zeros_like(amax)), max=float(most))


def _times_pow2(xp, a, k):
    """a * 2**k exactly, for integral k: two factors, as 2**k alone may over- or underflow."""
    half = xp.floor(k / 2)
    return a * 2.0**half * 2.0 ** (k - half)


def in_range(den, lo):
    """Where a denominator statistic lies in [lo, inf) (numpy or torch); NaN is out of range."""
    return (den >= lo) & (den < math.inf)


def lowest_statistic(finfo, eps) -> float:
    """The least mean square (or variance, plus eps) a fast path vouches for.

    A square that underflows loses up to tiny * eps_m / 2 (eps_m: the dtype's
    machine epsilon). From tiny up the result keeps its relative precision, which
    is all eps > 0 asks. At eps = 0 a norm is scale-invariant and 2**k * x must give
    x's bits, which tiny does not ensure (a float32 LayerNorm row of two values near
    1e-18 among zeros differed in the last bit from the same row times 2**116): from
    tiny / eps_m**2 up the losses lie 1 / eps_m**2 (2**46 in float32) below the
    statistic's last bit, and below it the slice is scaled by a power of two first.
    eps is a float, or the rows' rescaled eps (numpy), all positive or all 0.
    """
    tiny = float(finfo.smallest_normal)
    return tiny if np.all(np.greater(eps, 0)) else tiny / float(finfo.eps) ** 2
