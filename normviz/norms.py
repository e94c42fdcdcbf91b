"""LayerNorm, RMSNorm and L2 normalization, one implementation for every backend.

Each op accepts a numpy array, a torch tensor (any device), any array-API array,
or anything ``numpy.asarray`` takes, and returns the same type on the same
device with x's dtype and shape. Reductions run in at least float32.

The generic body (``_scaled``) is written against the array-API standard
(array-api-compat) and is exact at the edges: every slice is scaled by a power
of two first, as ``math.hypot`` does, so x**2 neither underflows nor overflows,
and LayerNorm centres on an element of the slice, so a constant slice centres
to exactly 0. Two fast paths were measured to pay (see
``benchmarks/bench_norms.py``); each checks its own statistics and hands what
it cannot vouch for (a mean square that under- or overflowed, a near-constant
row) to ``_scaled``:

* torch: the fused LayerNorm kernel, which also returns 1/sqrt(var + eps) to
  check; RMSNorm and L2 take sum(x**2) from ``torch.linalg.vector_norm``,
  because ``F.rms_norm`` is not fused on the CPU in torch 2.13: this is up to
  twice as fast.
* numpy: rows are processed in cache-sized blocks written straight into the
  output buffer, so no full-size temporaries are made; a large input is cut
  into row parts of whole blocks, one per CPU thread (``_xp.cpu_threads()``),
  and gives the same bits on any number of threads.
"""

from __future__ import annotations

import math
import operator
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from normviz import _xp

__all__ = ["layer_norm", "rms_norm", "l2_normalize"]



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
    try:
        eps = float(eps)
    except OverflowError:  # an int beyond float range, e.g. 10**400
        raise ValueError(
            f"eps must be finite and >= 0; got an integer of {len(str(abs(eps)))} digits"
        ) from None
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
    return _finish(p, _scaled(p.xp, "ln", p.xp.astype(p.x, p.cdtype), p.axes, eps), w, b)


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
    return _finish(p, _scaled(p.xp, "rms", p.xp.astype(p.x, p.cdtype), p.axes, eps), w, None)


def l2_normalize(x, /, *, eps=1e-12, axis=-1):
    r"""L2 normalization, as ``torch.nn.functional.normalize(x, p=2)``.

    y = x / max(||x||_2, eps)

    A radial projection onto the unit sphere. eps bounds the denominator from
    below (it is not added); at eps=0 the zero vector gives 0/0 = NaN.
    """
    p, eps = _prepare(x, axis, eps)
    if _xp.is_torch(p.x):
        return _torch_l2_normalize(p, eps)
    if _xp.is_numpy(p.x) and p.axes == (p.x.ndim - 1,):
        return _numpy_rows(p, "l2", None, None, eps)
    return _finish(p, _scaled(p.xp, "l2", p.xp.astype(p.x, p.cdtype), p.axes, eps), None, None)


def _finish(p: _Prepared, y, w, b):
    if w is not None:
        y = y * w
    if b is not None:
        y = y + b
    return p.xp.astype(y, p.rdtype)


# ----------------------------------------------------------------------------
# The exact path: any array-API namespace, each slice scaled by a power of two


def _scaled(xp, method: str, xc, axes: tuple[int, ...], eps: float):
    r"""``method`` (no weight/bias) on xc (compute dtype) without under- or overflow.

    Each slice is multiplied by 2**k, k chosen so that max|x| * 2**k lies in
    [1/2, 1), as ``math.hypot`` scales: squares neither underflow nor
    overflow, and a power of two is exact, so an ordinary slice gives the same
    bits as unscaled arithmetic. eps scales along, so its meaning is kept:

        y = xs / sqrt(mean(xs**2) + eps * 4**k)      RMSNorm (LayerNorm on xs - mean)
        y = xs / max(||xs||, eps * 2**k)             L2

    Where eps * 4**k would overflow, k is lowered: such a slice is so small
    against eps that its own mean square no longer counts. LayerNorm first
    subtracts the slice's first element, so a constant slice centres to exactly 0.
    """
    power = 1 if method == "l2" else 2
    top = math.frexp(float(xp.finfo(xc.dtype).max))[1]  # 2**top overflows: 1024, 128
    # 2**k must be finite; top - 1 still lifts a subnormal max to 2**-51 (float32: 2**-22).
    k = _scale_exponent(xp, xp.max(xp.abs(xc), axis=axes, keepdims=True), top - 1)
    if eps > 0:
        mantissa, exponent = math.frexp(eps)  # eps = mantissa * 2**exponent
        k = xp.clip(k, max=float((top - 8 - exponent) // power))  # eps_s + sum of squares fit
        eps_s = _times_pow2(xp, xp.full_like(k, mantissa), exponent + power * k)
    else:
        eps_s = xp.zeros_like(k)
    with _ieee():
        xs = xc * 2.0**k
        if method == "ln":
            first = tuple(slice(0, 1) if a in axes else slice(None) for a in range(xs.ndim))
            xs = xs - xs[first]
            xs = xs - xp.mean(xs, axis=axes, keepdims=True)
        sumsq = xp.sum(xs * xs, axis=axes, keepdims=True)
        if method == "l2":
            return xs / xp.maximum(xp.sqrt(sumsq), eps_s)
        n = math.prod(xc.shape[a] for a in axes)
        return xs / xp.sqrt(sumsq / n + eps_s)


def _scale_exponent(xp, amax, most: int):
    """k <= most with amax * 2**k in [1/2, 1) (log2 may round it to 1); 0 for amax 0, inf, NaN."""
    ok = xp.isfinite(amax) & (amax > 0)
    e = xp.floor(xp.log2(xp.where(ok, amax, xp.ones_like(amax))))
    return xp.clip(xp.where(ok, -e - 1, xp.zeros_like(amax)), max=float(most))


def _times_pow2(xp, a, k):
    """a * 2**k exactly, for integral k: two factors, as 2**k alone may over- or underflow."""
    half = xp.floor(k / 2)
    return a * 2.0**half * 2.0 ** (k - half)


# ----------------------------------------------------------------------------
# torch fast paths: fused or single-read reductions, checked by their own statistics

# torch.linalg.vector_norm adds float32 squares in order along a row: its relative
# error grows with the length (2e-7 at 1024, 1e-3 at 4e6 elements, torch 2.13 CPU),
# so longer slices are reduced in chunks of this length and the chunks added by sum.
_TORCH_CHUNK = 1024


def _torch_layer_norm(p: _Prepared, w, b, eps):
    import torch

    shape = p.normalized_shape
    xc = p.x.to(p.cdtype)
    # The fused kernel (Welford: a constant row centres to exactly 0) and rstd = 1/sqrt(var + eps).
    w_, b_ = (None if v is None else v.reshape(shape) for v in (w, b))
    y, _, rstd = torch.native_layer_norm(xc, shape, w_, b_, eps)
    if not _in_range(1.0 / rstd.detach().square(), _tiny(p)).all():
        return _finish(p, _scaled(p.xp, "ln", xc, p.axes, eps), w, b)
    return y.to(p.rdtype)


def _torch_rms_norm(p: _Prepared, w, eps):
    xc = p.x.to(p.cdtype)
    # Out of place on the small (batch, 1) statistics: vector_norm keeps its output for backward.
    den = _torch_norm(xc, p).square() / p.n + eps
    if not _in_range(den.detach(), _tiny(p)).all():
        return _finish(p, _scaled(p.xp, "rms", xc, p.axes, eps), w, None)
    y = xc * den.rsqrt()
    if w is not None:
        y.mul_(w)  # in place and still differentiable: mul saved xc and rsqrt, not y
    return y.to(p.rdtype)


def _torch_l2_normalize(p: _Prepared, eps):
    xc = p.x.to(p.cdtype)
    den = _torch_norm(xc, p).clamp_min(eps)  # what F.normalize computes, kept for the check
    if not _in_range(den.detach(), math.sqrt(p.n * _tiny(p))).all():
        return _finish(p, _scaled(p.xp, "l2", xc, p.axes, eps), None, None)
    return (xc / den).to(p.rdtype)


def _torch_norm(xc, p: _Prepared):
    """||x|| over p.axes (keepdim), read once; chunked on long trailing slices."""
    import torch

    if p.n <= _TORCH_CHUNK:
        return torch.linalg.vector_norm(xc, dim=p.axes, keepdim=True)
    if not p.trailing:  # x*x and a cascade sum: slower, not the benchmarked path
        return xc.square().sum(dim=p.axes, keepdim=True).sqrt()
    rows = xc.reshape(*xc.shape[: xc.ndim - len(p.axes)], p.n)
    q = p.n // _TORCH_CHUNK
    chunks = rows[..., : q * _TORCH_CHUNK].unflatten(-1, (q, _TORCH_CHUNK))
    sumsq = torch.linalg.vector_norm(chunks, dim=-1).square().sum(dim=-1)
    tail = torch.linalg.vector_norm(rows[..., q * _TORCH_CHUNK :], dim=-1)
    keep = [1 if a in p.axes else size for a, size in enumerate(xc.shape)]
    return (sumsq + tail.square()).sqrt().reshape(keep)


def _tiny(p: _Prepared) -> float:
    return float(p.xp.finfo(p.cdtype).smallest_normal)


def _in_range(den, lo):
    """Where a denominator statistic lies in [lo, inf) (numpy or torch): no under- or overflow.

    A square that underflows loses at most tiny * ulp(1)/2, so a mean square
    (plus eps) of at least tiny keeps full relative precision; NaN is out of range.
    """
    return (den >= lo) & (den < math.inf)


# ----------------------------------------------------------------------------
# numpy fast path: cache-sized row blocks, written in place

# Rows go through in blocks of about 4 MiB: a block stays in the 32 MiB L3 cache across
# the kernel's 2-4 passes, and no full-size temporary is made. Each block costs a dozen
# numpy calls that hold the interpreter lock, which row parts on other threads wait for:
# measured at (4096, 896) and (16384, 2048) float32 on this 2-core machine, blocks of
# 512 KiB were 10-50 % slower than 2 MiB on one thread and up to 3 times slower on two;
# 4 MiB was 5-20 % faster than 2 MiB on two threads and the same on one.
_BLOCK_BYTES = 4 * 1024 * 1024
# From this size (in the compute dtype) on, an input's rows are cut into parts, one per CPU thread.
THREADED_MIN_BYTES = 2 * _BLOCK_BYTES
# A BLAS float32 dot stays within about an ulp up to this length (1e-7 at 16384,
# 4e-6 at 4e6 elements); longer rows are summed as dots of this length, added in float64.
_CHUNK = 8192
# numpy's gufuncs let go of the interpreter lock for outer loops longer than 500; row pieces
# are not made shorter than _MIN_PIECE elements for it (SIMD loops need some length).
_LOCK_FREE_LOOP, _MIN_PIECE = 501, 64
# From this row length on, ufuncs run with a numpy buffer of _UNBUFFERED_SIZE elements (a
# multiple of 16, at most a row). Measured on (rows, n) float32 blocks of 1 MiB: x * r[:, None]
# took 140 us with the default buffer and 55 us (a copy: 45 us) with this one for n = 896 ... 4096;
# for n = 128 it was no faster.
_UNBUFFERED_MIN = _UNBUFFERED_SIZE = 256
# The rows a kernel cannot vouch for are found once per segment of this many rows, not per
# block: the checks are a dozen small numpy calls, 15 % of LayerNorm's time at (4096, 896)
# when run per block. A segment's statistics take 16 bytes a row.
_SEGMENT_ROWS = 16384


def _numpy_rows(p: _Prepared, method: str, w, b, eps: float):
    x = p.x
    n = x.shape[-1]
    rows = np.ascontiguousarray(x).reshape(-1, n)
    out = np.empty(rows.shape, dtype=p.rdtype)
    job = _RowJob(p, method, rows, out, None if w is None else w.reshape(n), None if b is None else b.reshape(n), eps)
    # sized in the compute dtype: a float16 input is worked on (and cast, slowly) as float32
    threads = _xp.cpu_threads() if rows.size * job.cdtype.itemsize >= THREADED_MIN_BYTES else 1
    first, *rest = _row_parts(rows.shape[0], job.step, threads)
    if not rest:
        _numpy_part(job, *first)
        return out.reshape(x.shape)
    pool = _thread_pool(len(rest))
    others = [pool.submit(_numpy_part, job, *part) for part in rest]
    _numpy_part(job, *first)  # this thread takes a part too
    for done in others:
        done.result()
    return out.reshape(x.shape)


@dataclass(frozen=True)
class _RowJob:
    """One numpy norm over rows (2-D, C-contiguous) into out, cut into parts of whole blocks."""

    p: _Prepared
    method: str
    rows: np.ndarray
    out: np.ndarray
    w: np.ndarray | None
    b: np.ndarray | None
    eps: float

    @property
    def cdtype(self) -> np.dtype:
        return np.dtype(self.p.cdtype)

    @property
    def step(self) -> int:
        """Rows per block."""
        return max(1, _BLOCK_BYTES // (self.rows.shape[1] * self.cdtype.itemsize))


def _row_parts(rows: int, step: int, threads: int) -> list[tuple[int, int]]:
    """[lo, hi) row ranges, one per thread, cut at block boundaries.

    Every block holds the same rows whatever the thread count, so the result is
    bit-identical for 1 or 16 threads.
    """
    blocks = -(-rows // step)
    parts = max(1, min(threads, blocks))
    cuts = [min(rows, (blocks * i // parts) * step) for i in range(parts + 1)]
    return list(zip(cuts[:-1], cuts[1:]))


def _numpy_part(job: _RowJob, lo: int, hi: int) -> None:
    """Rows lo..hi of job, block by block; the rows the kernel cannot vouch for go to _scaled."""
    rows, out, cdtype, step = job.rows, job.out, job.cdtype, job.step
    n = rows.shape[1]
    upcast = rows.dtype != cdtype
    segment = step * max(1, _SEGMENT_ROWS // step)
    stats = np.empty((2, min(segment, hi - lo)))  # float64, a row's two statistics
    scratch = np.empty((2, stats.shape[1]), cdtype)  # the kernels' per-row vectors, made once
    ones = np.ones(n, cdtype)
    finfo = np.finfo(cdtype)
    kernel, suspect = _ROW_KERNELS[job.method]
    with _ieee():  # numpy's error state and buffer size belong to each thread
        if n >= _UNBUFFERED_MIN:
            # Row-broadcast ufuncs (x - mean[:, None], x * r[:, None]) on rows shorter than numpy's
            # 8192-element buffer go through that buffer, a copy per operand: 2-3 times slower here.
            # A buffer no longer than a row turns it off; errstate's exit restores numpy's setting.
            np.setbufsize(_UNBUFFERED_SIZE)
        for first in range(lo, hi, segment):
            last = min(first + segment, hi)
            for start in range(first, last, step):
                stop = min(start + step, last)
                src = rows[start:stop].astype(cdtype, copy=False)
                dst = out[start:stop]
                # Work in the output buffer when its dtype allows, else in a block-sized one.
                work = dst if (not upcast and dst.dtype == cdtype) else np.empty(src.shape, cdtype)
                in_segment = slice(start - first, stop - first)
                kernel(src, work, job.eps, ones, stats[:, in_segment], scratch[:, in_segment])
                _affine(work, job.w, job.b)
                if work is not dst:
                    dst[...] = work
            used = slice(0, last - first)
            redo = first + np.flatnonzero(suspect(stats[:, used], scratch[:, used], n, job.eps, finfo))
            if redo.size:  # out of range, or (LayerNorm) constant up to rounding: the exact path
                work = _scaled(job.p.xp, job.method, rows[redo].astype(cdtype), (1,), job.eps)
                _affine(work, job.w, job.b)
                out[redo] = work


# One pool for the process, grown to the largest part count asked for. A forked child
# starts without it (its threads are not copied by fork).
_pool_lock = threading.Lock()
_pool: tuple[int, ThreadPoolExecutor] | None = None


def _thread_pool(workers: int) -> ThreadPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None or _pool[0] < workers:
            if _pool is not None:
                _pool[1].shutdown(wait=False)  # its queued parts still run
            _pool = (workers, ThreadPoolExecutor(workers, thread_name_prefix="normviz-rows"))
        return _pool[1]


def _forget_pool() -> None:
    global _pool, _pool_lock
    _pool, _pool_lock = None, threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_pool)


def _affine(y, w, b):
    """y = y * w + b in place (w, b: one row, or None)."""
    if w is not None:
        y *= w
    if b is not None:
        y += b


def _row_dot(a, b):
    """Row sums of a * b in float64 (b: a 2-D array like a, or one row).

    Each row is cut into equal pieces of at most _CHUNK elements, taken as SIMD dots
    (no temporary a * b) and added in float64: a long float32 row keeps about an ulp.
    A short block is cut into more pieces than that: numpy's vecdot holds the
    interpreter lock unless its outer loop is longer than 500, and row parts in
    other threads wait on that lock.
    """
    rows, n = a.shape
    pieces = max(-(-n // _CHUNK), min(-(-_LOCK_FREE_LOOP // rows), n // _MIN_PIECE))
    if pieces <= 1:
        return np.vecdot(a, b).astype(np.float64)
    length = -(-n // pieces)
    split = (n // length) * length

    def cut(v):
        return v[..., :split].reshape(*v.shape[:-1], split // length, length)

    total = np.vecdot(cut(a), cut(b)).sum(axis=-1, dtype=np.float64)
    if split < n:
        total += np.vecdot(a[:, split:], b[..., split:])
    return total


# Each kernel writes src / (its denominator) into dst and its per-row statistics into
# stats (2, rows; float64); scratch (2, rows) in dst's dtype holds its per-row vectors, so a
# block costs no allocation beyond a few row-length temporaries. Its check reads the
# statistics for a whole segment and returns the rows to redo with _scaled: statistics out
# of range, or (LayerNorm) a row constant up to the rounding of its mean. The small per-row
# steps are counted calls: each is about a microsecond, a dozen per block were 10 % of
# LayerNorm's time at (4096, 896).


def _ln_rows(src, dst, eps, ones, stats, scratch):
    n = src.shape[1]
    var = stats[1]
    m, r = scratch
    # Row dots, not a matrix-vector product: OpenBLAS runs gemv on its own threads, which
    # fight the row parts' threads (LayerNorm took 4 times longer at (16384, 2048)).
    np.divide(_row_dot(src, ones), n, out=m, casting="same_kind")
    np.subtract(src, m[:, None], out=dst)  # centred first: the two-pass variance
    np.divide(_row_dot(dst, dst), n, out=var)
    _divide_rows(dst, np.sqrt(var + eps), dst, r)


def _ln_suspect(stats, scratch, n, eps, finfo):
    mean, var = scratch[0], stats[1]
    # |mean - c| for a constant row c: the dots' error bound plus two roundings. A row
    # with var below drift**2 (or 0: d*d may underflow) is redone, exactly.
    bound = (min(n, _CHUNK) + n // _CHUNK + 2) * float(finfo.eps)
    drift = bound * np.abs(mean.astype(np.float64))
    return (var < drift * drift) | ~_in_range(var + eps, float(finfo.tiny))


def _rms_rows(src, dst, eps, ones, stats, scratch):
    den = stats[0]
    np.divide(_row_dot(src, src), src.shape[1], out=den)
    den += eps
    _divide_rows(src, np.sqrt(den), dst, scratch[1])


def _rms_suspect(stats, scratch, n, eps, finfo):
    return ~_in_range(stats[0], float(finfo.tiny))


def _l2_rows(src, dst, eps, ones, stats, scratch):
    den = stats[0]
    np.maximum(np.sqrt(_row_dot(src, src)), eps, out=den)
    _divide_rows(src, den, dst, scratch[1])


def _l2_suspect(stats, scratch, n, eps, finfo):
    return ~_in_range(stats[0], math.sqrt(n * float(finfo.tiny)))


def _divide_rows(src, den, out, r):
    """out = src / den row by row, as a multiply by the reciprocal 1 / den (float64) rounded into r."""
    np.divide(1.0, den, out=r, casting="same_kind")
    np.multiply(src, r[:, None], out=out)


_ROW_KERNELS = {
    "ln": (_ln_rows, _ln_suspect),
    "rms": (_rms_rows, _rms_suspect),
    "l2": (_l2_rows, _l2_suspect),
}


# ----------------------------------------------------------------------------
# The family: softmax, min-max scaling, standardization, BatchNorm (training mode).
# Each has the contract of the functions above (type, device, dtype and shape of x;
# reductions in at least float32; bad input names its argument). Standardization and
# BatchNorm are LayerNorm's arithmetic taken over other axes, so they call it.

__all__ += ["softmax", "min_max", "standardize", "batch_norm"]


def softmax(x, /, *, axis=-1):
    r"""Softmax, as ``torch.nn.functional.softmax``.

    y = exp(x - max(x)) / sum(exp(x - max(x)))

    Subtracting the slice's maximum changes nothing mathematically (it cancels)
    but keeps exp from overflowing for large logits: the largest term is exp(0) = 1.
    Every slice along ``axis`` is positive and sums to 1 (a point of the
    probability simplex). Invariant to x -> x + c*1, not to scaling. A slice
    holding +inf gives NaN (inf - inf), as in torch.
    """
    p, _ = _prepare(x, axis, 0.0)
    xp = p.xp
    xc = xp.astype(p.x, p.cdtype)
    with _ieee():
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
    p, _ = _prepare(x, axis, 0.0)
    xp = p.xp
    xc = xp.astype(p.x, p.cdtype)
    mn = xp.min(xc, axis=p.axes, keepdims=True)
    mx = xp.max(xc, axis=p.axes, keepdims=True)
    with _ieee():
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
    p, eps = _prepare(x, axis, eps)
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
    p, eps = _prepare(x, axis, eps)
    features = tuple(a for a in range(p.x.ndim) if a not in p.axes)
    q = _Prepared(p.xp, p.x, features, p.n, p.cdtype, p.rdtype)  # weight/bias live on the feature axes
    w, b = _param(q, weight, "weight"), _param(q, bias, "bias")
    y = layer_norm(p.xp.astype(p.x, p.cdtype), axis=p.axes, eps=eps)
    return _finish(p, y, w, b)


__all__ += ["lp_normalize"]


def _check_p(p) -> float:
    if isinstance(p, bool) or not isinstance(p, (int, float, np.floating, np.integer)):
        raise TypeError(f"p must be a real number >= 1 or math.inf; got {type(p).__name__}")
    try:
        p = float(p)
    except OverflowError:  # an int beyond float range: as good as inf, but say so rather than guess
        raise ValueError(f"p must be a real number >= 1 or math.inf; got an integer of {len(str(abs(p)))} digits") from None
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
    q, eps = _prepare(x, axis, eps)
    xp = q.xp
    xc = xp.astype(q.x, q.cdtype)
    with _ieee():
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
