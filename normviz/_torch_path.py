"""The torch fast path: fused or single-read reductions, checked by their own statistics.

* LayerNorm: the fused kernel (``torch.native_layer_norm``), which also returns
  1/sqrt(var + eps) to check;
* RMSNorm and L2: sum(x**2) from ``torch.linalg.vector_norm``, read once
  (``F.rms_norm`` is not fused on the CPU in torch 2.13: see benchmarks/README.md).

A slice whose statistic under- or overflowed goes to the exact path
(``_exact.scaled``). torch is imported inside the functions that need it; these
run only on torch tensors.
"""

from __future__ import annotations

import math

from normviz._exact import Prepared, finish, in_range, scaled

# torch.linalg.vector_norm adds float32 squares in order along a row: its relative
# error grows with the length (2e-7 at 1024, 1e-3 at 4e6 elements, torch 2.13 CPU),
# so longer slices are reduced in chunks of this length and the chunks added by sum.
_TORCH_CHUNK = 1024


def layer_norm(p: Prepared, w, b, eps):
    """LayerNorm over trailing axes by the fused kernel."""
    import torch

    shape = p.normalized_shape
    xc = p.x.to(p.cdtype)
    # The fused kernel (Welford: a constant row centres to exactly 0) and rstd = 1/sqrt(var + eps).
    w_, b_ = (None if v is None else v.reshape(shape) for v in (w, b))
    y, _, rstd = torch.native_layer_norm(xc, shape, w_, b_, eps)
    if not in_range(1.0 / rstd.detach().square(), _tiny(p)).all():
        return finish(p, scaled(p.xp, "ln", xc, p.axes, eps), w, b)
    return y.to(p.rdtype)


def rms_norm(p: Prepared, w, eps):
    xc = p.x.to(p.cdtype)
    # Out of place on the small (batch, 1) statistics: vector_norm keeps its output for backward.
    den = _norm(xc, p).square() / p.n + eps
    if not in_range(den.detach(), _tiny(p)).all():
        return finish(p, scaled(p.xp, "rms", xc, p.axes, eps), w, None)
    y = xc * den.rsqrt()
    if w is not None:
        y.mul_(w)  # in place and still differentiable: mul saved xc and rsqrt, not y
    return y.to(p.rdtype)


def l2_normalize(p: Prepared, eps):
    xc = p.x.to(p.cdtype)
    den = _norm(xc, p).clamp_min(eps)  # what F.normalize computes, kept for the check
    if not in_range(den.detach(), math.sqrt(p.n * _tiny(p))).all():
        return finish(p, scaled(p.xp, "l2", xc, p.axes, eps), None, None)
    return (xc / den).to(p.rdtype)


def _norm(xc, p: Prepared):
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


def _tiny(p: Prepared) -> float:
    return float(p.xp.finfo(p.cdtype).smallest_normal)
