"""The numpy fast path: rows along the last axis in cache-sized blocks, written in place.

Rows go through in blocks of about 4 MiB (``_BLOCK_BYTES``) written straight
into the output buffer, so no full-size temporaries are made. A large input
(``THREADED_MIN_BYTES`` and more in the compute dtype) is cut into row parts of
whole blocks, one per CPU thread (``_cpu.cpu_threads()``), and gives the same
bits on any number of threads. Each block's kernel records two statistics per
row; the rows they cannot vouch for (a mean square that under- or overflowed,
a near-constant row for LayerNorm) are redone by the same kernel on the row
scaled by a power of two (the bits it gives at any scale), and what is still
suspect (constant, zero, NaN) by the exact path (``_exact.scaled``). The sizes
below were measured: benchmarks/README.md.
"""

from __future__ import annotations

import math
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from normviz import _cpu
from normviz._exact import Prepared, ieee, in_range, lowest_statistic, pow2_scale, scaled

# A block stays in the 32 MiB L3 cache across the kernel's 2-4 passes.
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
# multiple of 16, at most a row): row-broadcast ufuncs skip the buffer's copies.
_UNBUFFERED_MIN = _UNBUFFERED_SIZE = 256
# The rows a kernel cannot vouch for are found once per segment of this many rows, not per
# block (the checks are a dozen small numpy calls). A segment's statistics take 16 bytes a row.
_SEGMENT_ROWS = 16384


def normalize(p: Prepared, method: str, w, b, eps: float):
    """``method`` ("ln", "rms", "l2") over the last axis of the numpy array p.x, with weight w and bias b."""
    x = p.x
    n = x.shape[-1]
    rows = np.ascontiguousarray(x).reshape(-1, n)
    out = np.empty(rows.shape, dtype=p.rdtype)
    job = _RowJob(p, method, rows, out, None if w is None else w.reshape(n), None if b is None else b.reshape(n), eps)
    # sized in the compute dtype: a float16 input is worked on (and cast, slowly) as float32
    threads = _cpu.cpu_threads() if rows.size * job.cdtype.itemsize >= THREADED_MIN_BYTES else 1
    first, *rest = _row_parts(rows.shape[0], job.step, threads)
    if not rest:
        _part(job, *first)
        return out.reshape(x.shape)
    pool = _thread_pool(len(rest))
    others = [pool.submit(_part, job, *part) for part in rest]
    _part(job, *first)  # this thread takes a part too
    for done in others:
        done.result()
    return out.reshape(x.shape)


@dataclass(frozen=True)
class _RowJob:
    """One numpy norm over rows (2-D, C-contiguous) into out, cut into parts of whole blocks."""

    p: Prepared
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


def _part(job: _RowJob, lo: int, hi: int) -> None:
    """Rows lo..hi of job, block by block; the rows the kernel cannot vouch for go to scaled."""
    rows, out, cdtype, step = job.rows, job.out, job.cdtype, job.step
    n = rows.shape[1]
    upcast = rows.dtype != cdtype
    segment = step * max(1, _SEGMENT_ROWS // step)
    stats = np.empty((2, min(segment, hi - lo)))  # float64, a row's two statistics
    scratch = np.empty((2, stats.shape[1]), cdtype)  # the kernels' per-row vectors, made once
    ones = np.ones(n, cdtype)
    finfo = np.finfo(cdtype)
    kernel, suspect = _ROW_KERNELS[job.method]
    with ieee():  # numpy's error state and buffer size belong to each thread
        if n >= _UNBUFFERED_MIN:
            # Row-broadcast ufuncs (x - mean[:, None], x * r[:, None]) on rows shorter than numpy's
            # 8192-element buffer go through that buffer, a copy per operand.
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
                kernel(src, work, job.eps, ones, stats[:, in_segment], scratch[:, in_segment], stop - start)
                _affine(work, job.w, job.b)
                if work is not dst:
                    dst[...] = work
            used = slice(0, last - first)
            redo = first + np.flatnonzero(suspect(stats[:, used], scratch[:, used], n, job.eps, finfo))
            if redo.size:  # out of range, or (LayerNorm) constant up to rounding
                # a row's block length fixes its dots' pieces (_row_dot): redo by block length
                length = np.minimum(step, last - (first + (redo - first) // step * step))
                for size in np.unique(length):
                    _redo(job, redo[length == size], int(size), ones, finfo)


def _redo(job: _RowJob, idx, block: int, ones, finfo) -> None:
    """Rows idx again, each scaled by a power of two (``pow2_scale``: the same bits where the
    first pass was in range); the rows still suspect (constant, zero, NaN) go to ``scaled``."""
    kernel, suspect = _ROW_KERNELS[job.method]
    src = job.rows[idx].astype(job.cdtype)
    power = 1 if job.method == "l2" else 2
    xs, k, _ = pow2_scale(np, src, (1,), job.eps, power)
    eps_s = np.ldexp(job.eps, power * k[:, 0].astype(np.int64))  # float64, as the first pass's eps
    work = np.empty_like(xs)
    stats, scratch = np.empty((2, idx.size)), np.empty((2, idx.size), job.cdtype)
    kernel(xs, work, eps_s, ones, stats, scratch, block)
    still = np.flatnonzero(suspect(stats, scratch, xs.shape[1], eps_s, finfo))
    if still.size:
        work[still] = scaled(np, job.method, src[still], (1,), job.eps)
    _affine(work, job.w, job.b)
    job.out[idx] = work


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


def _row_dot(a, b, block):
    """Row sums of a * b in float64 (b: a 2-D array like a, or one row; a: rows of a block of ``block`` rows).

    Each row is cut into equal pieces of at most _CHUNK elements, taken as SIMD dots
    (no temporary a * b) and added in float64: a long float32 row keeps about an ulp.
    A short block is cut into more pieces than that: numpy's vecdot holds the
    interpreter lock unless its outer loop is longer than 500, and row parts in
    other threads wait on that lock.
    """
    n = a.shape[1]
    pieces = max(-(-n // _CHUNK), min(-(-_LOCK_FREE_LOOP // block), n // _MIN_PIECE))
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
# statistics for a whole segment and returns the rows to redo with scaled: statistics out
# of range, or (LayerNorm) a row constant up to the rounding of its mean. The small per-row
# steps are counted calls, each one a visible cost (benchmarks/README.md).


def _ln_rows(src, dst, eps, ones, stats, scratch, block):
    n = src.shape[1]
    var = stats[1]
    m, r = scratch
    # Row dots, not a matrix-vector product: OpenBLAS runs gemv on its own threads, which
    # fight the row parts' threads.
    np.divide(_row_dot(src, ones, block), n, out=m, casting="same_kind")
    np.subtract(src, m[:, None], out=dst)  # centred first: the two-pass variance
    np.divide(_row_dot(dst, dst, block), n, out=var)
    _divide_rows(dst, np.sqrt(var + eps), dst, r)


def _ln_suspect(stats, scratch, n, eps, finfo):
    mean, var = scratch[0], stats[1]
    # |mean - c| for a constant row c: the dots' error bound plus two roundings. A row
    # with std below drift (or 0: d*d may underflow) is redone, exactly; drift**2 may underflow.
    bound = (min(n, _CHUNK) + n // _CHUNK + 2) * float(finfo.eps)
    drift = bound * np.abs(mean.astype(np.float64))
    return (np.sqrt(var) < drift) | ~in_range(var + eps, lowest_statistic(finfo, eps))


def _rms_rows(src, dst, eps, ones, stats, scratch, block):
    den = stats[0]
    np.divide(_row_dot(src, src, block), src.shape[1], out=den)
    den += eps
    _divide_rows(src, np.sqrt(den), dst, scratch[1])


def _rms_suspect(stats, scratch, n, eps, finfo):
    return ~in_range(stats[0], lowest_statistic(finfo, eps))


def _l2_rows(src, dst, eps, ones, stats, scratch, block):
    den = stats[0]
    np.maximum(np.sqrt(_row_dot(src, src, block)), eps, out=den)
    _divide_rows(src, den, dst, scratch[1])


def _l2_suspect(stats, scratch, n, eps, finfo):
    return ~in_range(stats[0], math.sqrt(n * lowest_statistic(finfo, eps)))


def _divide_rows(src, den, out, r):
    """out = src / den row by row, as a multiply by the reciprocal 1 / den (float64) rounded into r."""
    np.divide(1.0, den, out=r, casting="same_kind")
    np.multiply(src, r[:, None], out=out)


_ROW_KERNELS = {
    "ln": (_ln_rows, _ln_suspect),
    "rms": (_rms_rows, _rms_suspect),
    "l2": (_l2_rows, _l2_suspect),
}
