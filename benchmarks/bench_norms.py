"""Throughput of normviz's norms against a plain copy and torch.nn.functional.

    .venv/bin/python benchmarks/bench_norms.py

Normalization is bandwidth-bound: each op reads x once and writes y once, so
GB/s = (bytes read + bytes written) / median time, the same count as a copy.
"vs F" is normviz's GB/s over torch.nn.functional's (> 1: normviz is faster);
"vs copy" is over the same library's copy (1 would be the memory-speed limit).
Prints, does not assert. Timings interleave the candidates round by round, in
a new random order each round, so a change in machine load, and whatever the
previous call left in the caches and the allocator, hits them all alike.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import normviz as nv  # noqa: E402

SHAPES = [(4096, 896), (16384, 2048)]
EPS = {"LayerNorm": 1e-5, "RMSNorm": 1e-6, "L2": 1e-12}
NORMVIZ = {"LayerNorm": nv.layer_norm, "RMSNorm": nv.rms_norm, "L2": nv.l2_normalize}


def torch_functional(name, t):
    n = t.shape[-1]
    if name == "LayerNorm":
        return lambda: F.layer_norm(t, (n,), None, None, EPS[name])
    if name == "RMSNorm":
        return lambda: F.rms_norm(t, (n,), None, EPS[name])
    return lambda: F.normalize(t, p=2.0, dim=-1, eps=EPS[name])


def hand_written_rms(t):
    """The usual torch expression: materialises x*x, then mean, rsqrt, multiply."""
    return lambda: t * torch.rsqrt(t.square().mean(dim=-1, keepdim=True) + EPS["RMSNorm"])


def candidates(shape):
    """(method, implementation, callable), the order of the table."""
    a = np.random.default_rng(0).standard_normal(shape, dtype=np.float32)
    t = torch.from_numpy(a)  # the same memory: both libraries read a warm or cold x alike
    rows = [("copy", "numpy a.copy()", a.copy), ("copy", "torch t.clone()", t.clone)]
    for name, fn in NORMVIZ.items():
        rows += [
            (name, "normviz numpy", lambda fn=fn: fn(a)),
            (name, "normviz torch", lambda fn=fn: fn(t)),
            (name, f"F.{_f_name(name)}", torch_functional(name, t)),
        ]
        if name == "RMSNorm":
            rows.append((name, "torch x*rsqrt(mean(x*x))", hand_written_rms(t)))
    return rows, 2 * a.nbytes


def _f_name(name):
    return {"LayerNorm": "layer_norm", "RMSNorm": "rms_norm", "L2": "normalize"}[name]


def measure(rows, rounds):
    for _, _, f in rows:  # warm-up: allocator, thread pool, caches
        f(), f()
    times = [[] for _ in rows]
    order = list(range(len(rows)))
    for _ in range(rounds):
        random.shuffle(order)  # what ran just before (cache, allocator) varies too
        for i in order:
            start = time.perf_counter()
            rows[i][2]()
            times[i].append(time.perf_counter() - start)
    return [statistics.median(ts) for ts in times]


def table(rows, medians, nbytes):
    gbs = {(m, impl): nbytes / s / 1e9 for (m, impl, _), s in zip(rows, medians)}
    copy = {"numpy": gbs["copy", "numpy a.copy()"], "torch": gbs["copy", "torch t.clone()"]}
    header = ("method", "implementation", "median ms", "GB/s", "vs F", "vs copy")
    lines = []
    for (method, impl, _), s in zip(rows, medians):
        g = gbs[method, impl]
        lib = "numpy" if "numpy" in impl else "torch"
        vs_f = ""
        if impl.startswith("normviz") or impl.startswith("torch x"):
            vs_f = f"{g / gbs[method, 'F.' + _f_name(method)]:.2f}"
        vs_copy = "" if method == "copy" else f"{g / copy[lib]:.2f}"
        lines.append((method, impl, f"{s * 1e3:.2f}", f"{g:.1f}", vs_f, vs_copy))
    return aligned(header, lines)


def aligned(header, lines):
    """Two text columns left-aligned, the numbers right-aligned."""
    widths = [max(len(r[i]) for r in [header, *lines]) for i in range(len(header))]

    def fmt(r):
        return "  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))

    return "\n".join([fmt(header), *(fmt(r) for r in lines)])


def rescaled_candidates(shape):
    """The exact path's cost: float32 x * 2**-100 at eps = 0 underflows x*x (1e-60 < 1e-38),
    so the fast paths hand every row to normviz's rescaling path (norms._scaled)."""
    a = np.random.default_rng(0).standard_normal(shape, dtype=np.float32)
    rows = []
    for name, fn in NORMVIZ.items():
        for lib, wrap in (("numpy", np.asarray), ("torch", torch.from_numpy)):
            for label, data in (("ordinary", a), ("rescaled", np.ldexp(a, -100))):
                x = wrap(data)
                rows.append((name, f"normviz {lib}", label, lambda fn=fn, x=x: fn(x, eps=0)))
    return rows


def rescaled_table(rows, medians):
    ms = {(m, impl, label): s * 1e3 for (m, impl, label, _), s in zip(rows, medians)}
    header = ("method", "implementation", "ordinary ms", "rescaled ms", "ratio")
    lines = [
        (m, impl, f"{ms[m, impl, 'ordinary']:.2f}", f"{ms[m, impl, 'rescaled']:.2f}",
         f"{ms[m, impl, 'rescaled'] / ms[m, impl, 'ordinary']:.1f}")
        for (m, impl, label, _) in rows if label == "ordinary"
    ]  # fmt: skip
    return aligned(header, lines)


def main():
    random.seed(0)
    print(
        f"normviz {nv.__version__}, numpy {np.__version__}, torch {torch.__version__}, "
        f"{torch.get_num_threads()} torch threads, float32, median of interleaved rounds"
    )
    print(
        "load average before: {:.2f} {:.2f} {:.2f} (a busy machine gives noisy numbers); ".format(
            *os.getloadavg()
        )
        + f"THP_MEM_ALLOC_ENABLE={os.environ.get('THP_MEM_ALLOC_ENABLE', 'unset')} "
        "(1: torch's CPU allocator uses huge pages, fewer page faults on fresh outputs)"
    )
    verdicts = []
    for shape in SHAPES:
        rows, nbytes = candidates(shape)
        rounds = 51 if nbytes < 64e6 else 11
        medians = measure(rows, rounds)
        print(f"\n{shape}: {nbytes / 2e6:.1f} MB in + out, {rounds} rounds")
        print(table(rows, medians, nbytes))
        ms = {impl: s for (m, impl, _), s in zip(rows, medians) if m == "RMSNorm"}
        verdicts.append(
            f"{shape}: F.rms_norm {ms['F.rms_norm'] * 1e3:.2f} ms, "
            f"hand-written {ms['torch x*rsqrt(mean(x*x))'] * 1e3:.2f} ms, "
            f"normviz torch {ms['normviz torch'] * 1e3:.2f} ms"
        )
    print("\ntorch RMSNorm on the CPU (F.rms_norm is not fused in torch 2.13):")
    print("\n".join(verdicts))

    shape = SHAPES[0]
    rows = rescaled_candidates(shape)
    medians = measure([(m, f"{impl} {label}", f) for m, impl, label, f in rows], 21)
    print(f"\n{shape}, eps = 0: ordinary rows, and rows of x * 2**-100 whose squares underflow")
    print("(every row rescaled by a power of two first; only such rows pay for it), 21 rounds")
    print(rescaled_table(rows, medians))


if __name__ == "__main__":
    main()
