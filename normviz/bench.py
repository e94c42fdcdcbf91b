"""Throughput of normviz's norms against a plain copy and torch.nn.functional.

    $ python -m normviz bench                 # the full table (about a minute on 2 CPU cores)
    $ python -m normviz bench --quick --json  # 3 rounds, float32, machine-readable
    $ python -m normviz bench --backend torch

Normalization is bandwidth-bound: each op reads x once and writes y once, so
GB/s = (bytes read + bytes written) / median time, the same count as a copy.
"copy" is a copy into a new array (``np.copyto(np.empty_like(a), a)``; on torch
``torch.empty_like(t).copy_(t)``): like a norm, it reads x and writes a fresh
output, page faults included. "copy into" copies into an existing array, the
bandwidth without the allocation. "vs copy" is a norm's GB/s over the copy's
(1 would be memory speed); "vs F" is over torch.nn.functional's on the same
data and device (> 1: normviz is faster).

Timings interleave the candidates of a shape and dtype round by round, in a
new random order each round, so a change in machine load and whatever the
previous call left in the caches hit them all alike; warm-up runs are not
counted; on CUDA each sample is about 2 ms of back-to-back calls between two
synchronizations, divided by the count. On the numpy backend, numpy's
candidates and torch's are timed in two separate interleaved groups: torch's
CPU worker threads spin on after each call and slowed the numpy call timed
next (LayerNorm at (4096, 896): 3.1 ms alone, 8.4 ms interleaved with torch).
"""

from __future__ import annotations

import functools
import json
import math
import os
import platform
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass

import numpy as np

import normviz as nv
from normviz import _cpu, _xp
from normviz.methods import method

__all__ = ["OPS", "SHAPES", "Result", "Run", "run"]

# The norms timed, by their names in the results (and the JSON): the method record each one is.
# The record gives the function, its default ε, torch's op and the label.
METHOD_OF = {"layer_norm": "ln", "rms_norm": "rms", "l2": "l2"}
NORM_OPS = tuple(METHOD_OF)
OPS = ("copy", "copy_into", *NORM_OPS)
LABELS = {"copy": "copy", "copy_into": "copy into", **{op: method(key).label for op, key in METHOD_OF.items()}}
SHAPES = ((1, 3), (64, 7168), (4096, 896), (16384, 2048))
# On a GPU a sample is as many back-to-back calls as fill this many seconds (see measure).
_GPU_SAMPLE_S = 2e-3


@dataclass(frozen=True)
class Result:
    """One operation at one shape and dtype: normviz (or the copy) and torch.nn.functional's counterpart."""

    op: str
    shape: tuple[int, ...]
    dtype: str
    seconds: float  # median
    nbytes: int  # bytes read + written
    vs_copy: float | None  # GB/s over the copy's GB/s (None for the copies)
    torch_seconds: float | None  # F.* (for "copy": a torch copy), None without torch
    vs_torch: float | None  # GB/s over F.*'s GB/s

    @property
    def gbs(self) -> float:
        return self.nbytes / self.seconds / 1e9


@dataclass(frozen=True)
class Run:
    backend: str
    results: tuple[Result, ...]
    repeats: int  # timed rounds; 0: chosen per shape (21, or 7 at 64 MB read + written and more)
    warmup: int
    load_average: tuple[float, float, float] | None
    versions: dict

    def to_json(self) -> str:
        data = asdict(self)
        data["results"] = [dict(asdict(r), gbs=r.gbs) for r in self.results]
        return json.dumps(data, indent=1)


def _load() -> tuple[float, float, float] | None:
    try:
        return tuple(round(v, 2) for v in os.getloadavg())
    except OSError:  # not on every platform
        return None


def dtypes_for(backend: _xp.Backend) -> tuple[str, ...]:
    """float32, float16, and bfloat16 where the backend has it (torch)."""
    return ("float32", "float16") + (("bfloat16",) if backend.name == "torch" else ())


def _torch_ops(t) -> dict[str, Callable]:
    """torch.nn.functional's counterparts on tensor t at the default ε (the copy: a fresh tensor, as clone)."""
    import torch

    ops = {"copy": lambda: torch.empty_like(t).copy_(t)}
    for op, key in METHOD_OF.items():
        ops[op] = functools.partial(method(key).reference(), t)
    return ops


def _candidates(backend: _xp.Backend, shape, dtype: str, ops: Sequence[str], with_torch: bool):
    """{(op, "normviz"|"torch"): callable} on one array, and the sync function."""
    rng = np.random.default_rng(0)
    a = rng.standard_normal(shape, dtype=np.float32)
    sync = no_sync
    torch_x = None
    if backend.name == "torch":
        import torch

        x = torch.from_numpy(a).to(backend.device).to(getattr(torch, dtype))
        into = torch.empty_like(x)
        own = {"copy": lambda: torch.empty_like(x).copy_(x), "copy_into": lambda: into.copy_(x)}
        torch_x = x
        if x.is_cuda:
            sync = torch.cuda.synchronize
    else:
        x = a.astype(dtype)
        into = np.empty_like(x)
        own = {"copy": lambda: np.copyto(np.empty_like(x), x), "copy_into": lambda: np.copyto(into, x)}
        if with_torch:
            import torch

            torch_x = torch.from_numpy(x)  # the same memory: both read a warm or cold x alike
    for op, key in METHOD_OF.items():
        own[op] = lambda fn=method(key).fn: fn(x)  # noqa: B008 (the default binds this op's function now)
    found = {(op, "normviz"): own[op] for op in ops}
    if torch_x is not None:
        theirs = _torch_ops(torch_x)
        for op in ops:
            if op in theirs and _works(theirs[op]):
                found[op, "torch"] = theirs[op]
    return found, x.nbytes * 2, sync


def no_sync() -> None:
    return None


def _works(fn: Callable) -> bool:
    """F.* may lack a kernel for a dtype on a device (float16 on an old CPU build): skip it then."""
    try:
        fn()
    except (RuntimeError, TypeError):  # torch's "not implemented for this dtype" is a RuntimeError too
        return False
    return True


def measure(cands: dict, sync: Callable, repeats: int, warmup: int, min_sample: float = 0.0) -> dict:
    """Median seconds per call for each key of ``cands`` (callables): interleaved rounds in a new random order each.

    A sample is one call, or, with ``min_sample``, as many back-to-back calls as fill about that
    many seconds (timed once after the warm-up), divided by their count: a GPU kernel of 30 us
    timed alone would mostly time its launch and the synchronization after it.
    """
    keys = list(cands)
    for _ in range(warmup):
        for k in keys:
            cands[k]()
    sync()
    calls = dict.fromkeys(keys, 1)
    if min_sample > 0:
        for k in keys:
            start = time.perf_counter()
            cands[k]()
            sync()
            once = time.perf_counter() - start
            calls[k] = max(1, min(10_000, math.ceil(min_sample / once) if once > 0 else 10_000))
    times = {k: [] for k in keys}
    for _ in range(repeats):
        random.shuffle(keys)
        for k in keys:
            fn, count = cands[k], calls[k]
            sync()
            start = time.perf_counter()
            for _ in range(count):
                fn()
            sync()
            times[k].append((time.perf_counter() - start) / count)
    return {k: statistics.median(v) for k, v in times.items()}


def run(
    *,
    backend: _xp.Backend | str | None = None,
    shapes: Sequence[tuple[int, int]] = SHAPES,
    dtypes: Sequence[str] | None = None,
    ops: Sequence[str] = OPS,
    repeats: int | None = None,
    warmup: int = 2,
    with_torch: bool | None = None,
    progress: Callable[[int, int, tuple, str], None] | None = None,
    seed: int = 0,
) -> Run:
    """Time ``ops`` at every shape and dtype; ``progress(done, total, shape, dtype)`` after each.

    ``repeats=None`` picks 21 rounds below 64 MB read + written and 7 above.
    ``with_torch=None`` adds torch.nn.functional when torch is installed.
    """
    be = backend if isinstance(backend, _xp.Backend) else _xp.resolve_backend(backend)
    unknown = [op for op in ops if op not in OPS]
    if unknown:
        raise ValueError(f"ops must be among {OPS}; got {unknown}")
    dtypes = tuple(dtypes or dtypes_for(be))
    for d in dtypes:
        if d not in dtypes_for(be):
            raise ValueError(f"dtype {d!r} is not available on {be.label}; choose from {dtypes_for(be)}")
    if repeats is not None and repeats < 1:
        raise ValueError(f"repeats must be >= 1; got {repeats}")
    with_torch = _xp.torch_installed() if with_torch is None else with_torch
    random.seed(seed)
    results = []
    groups = [(s, d) for s in shapes for d in dtypes]
    for done, (shape, dtype) in enumerate(groups, 1):
        cands, nbytes, sync = _candidates(be, tuple(shape), dtype, ops, with_torch)
        reps = repeats or (21 if nbytes < 64e6 else 7)
        if be.name == "numpy":
            # torch's CPU worker threads keep spinning for a while after each F.* call and take the
            # second core from the numpy call timed next: the two libraries are timed apart.
            med = {}
            for lib in ("normviz", "torch"):
                med |= measure({k: f for k, f in cands.items() if k[1] == lib}, sync, reps, warmup)
        else:
            med = measure(cands, sync, reps, warmup, min_sample=_GPU_SAMPLE_S)
        copy = med.get(("copy", "normviz"))
        for op in ops:
            s = med[op, "normviz"]
            theirs = med.get((op, "torch"))
            results.append(Result(
                op=op, shape=tuple(shape), dtype=dtype, seconds=s, nbytes=nbytes,
                vs_copy=copy / s if copy and op in NORM_OPS else None,
                torch_seconds=theirs, vs_torch=theirs / s if theirs else None,
            ))  # fmt: skip
        del cands
        if progress is not None:
            progress(done, len(groups), tuple(shape), dtype)
    return Run(
        backend=be.label,
        results=tuple(results),
        repeats=repeats or 0,
        warmup=warmup,
        load_average=_load(),
        versions=_versions(with_torch),
    )


def _versions(with_torch: bool) -> dict:
    v = {"normviz": nv.__version__, "numpy": np.__version__, "python": platform.python_version(),
         "numpy_threads": _cpu.cpu_threads()}  # fmt: skip
    if with_torch:
        import torch

        v["torch"] = torch.__version__
        v["torch_threads"] = torch.get_num_threads()
    return v
