"""Throughput of normviz's norms against a plain copy and torch.nn.functional, and two extras.

    .venv/bin/python benchmarks/bench_norms.py

The main table is ``python -m normviz bench`` (``normviz.bench``: every op,
shape and dtype, interleaved rounds, medians). This script prints it and adds
what only a developer of the kernels needs:

* torch RMSNorm on the CPU: ``F.rms_norm`` (not fused in torch 2.13) against
  the usual hand-written expression and normviz's torch path;
* the exact path's cost: rows of x * 2**-100 at eps = 0, whose squares
  underflow, so every row is rescaled by a power of two (``normviz._exact.scaled``).

Prints, does not assert.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import normviz as nv  # noqa: E402
from normviz import bench, cli  # noqa: E402
from normviz.methods import L2, LN, RMS  # noqa: E402

NORMVIZ = {m.label: m.fn for m in (LN, RMS, L2)}


def rms_candidates(shape) -> dict:
    t = torch.from_numpy(np.random.default_rng(0).standard_normal(shape, dtype=np.float32))
    eps, n = RMS.default_eps, shape[-1]
    return {
        "F.rms_norm": lambda: F.rms_norm(t, (n,), None, eps),
        "torch x*rsqrt(mean(x*x))": lambda: t * torch.rsqrt(t.square().mean(dim=-1, keepdim=True) + eps),
        "normviz torch": lambda: nv.rms_norm(t),
    }


def rescaled_candidates(shape) -> dict:
    a = np.random.default_rng(0).standard_normal(shape, dtype=np.float32)
    cands = {}
    for name, fn in NORMVIZ.items():
        for lib, wrap in (("numpy", np.asarray), ("torch", torch.from_numpy)):
            for label, data in (("ordinary", a), ("rescaled", np.ldexp(a, -100))):
                x = wrap(data)
                cands[name, lib, label] = lambda fn=fn, x=x: fn(x, eps=0)
    return cands


def main() -> None:
    result = bench.run()
    print(cli.bench_table(result))

    print("\ntorch RMSNorm on the CPU, float32 (F.rms_norm is not fused in torch 2.13):")
    for shape in ((4096, 896), (16384, 2048)):
        ms = bench.measure(rms_candidates(shape), bench.no_sync, 11, 2)
        print(f"{shape}: " + ", ".join(f"{k} {s * 1e3:.2f} ms" for k, s in ms.items()))

    shape = (4096, 896)
    random.seed(0)
    ms = bench.measure(rescaled_candidates(shape), bench.no_sync, 21, 2)
    print(f"\n{shape}, eps = 0: ordinary rows, and rows of x * 2**-100 whose squares underflow")
    print("(every row rescaled by a power of two first; only such rows pay for it), 21 rounds")
    for name in NORMVIZ:
        for lib in ("numpy", "torch"):
            o, r = ms[name, lib, "ordinary"], ms[name, lib, "rescaled"]
            print(f"  {name:9s} normviz {lib:5s}  ordinary {o * 1e3:7.2f} ms  rescaled {r * 1e3:7.2f} ms  x{r / o:.1f}")


if __name__ == "__main__":
    main()
