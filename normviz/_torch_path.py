"""The torch fast path: fused or single-read reductions, checked by their own statistics.

* LayerNorm: the fused kernel (``torch.native_layer_norm``), which also returns
  1/sqrt(var + eps) to check;
* RMSNorm and L2: sum(x**2) from ``torch.linalg.vector_norm``, read once
  (``F.rms_norm`` is not fused on the CPU in torch 2.13: see benchmarks/README.md).

A slice whose statistic under- or overflowed is computed again the same way,
scaled by a power of two (the bits it gives at any scale); what is still out of
range (a constant or zero slice at eps = 0, NaN) goes to the exact path
(``_exact.scaled``). torch is imported inside the functions that need it; these
run only on torch tensors.
"""

from __future__ import annotations

import math

from normviz._exact import Prepared, finish, in_range, lowest_statistic, pow2_scale, scaled

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
    bad = ~in_range(1.0 / rstd.detach().square(), _lowest(p, eps))
    if bad.any():
        return _layer_norm_rescaled(p, xc, bad.reshape(-1), w, b, eps).reshape(y.shape).to(p.rdtype)
    return y.to(p.rdtype)


def _layer_norm_rescaled(p: Prepared, xc, bad, w, b, eps):
    """LayerNorm of the rows of xc, the rows in bad scaled by 2**k first (``_rescale``).

    One fused call per eps * 4**k (one in all at eps = 0); the rows still out of
    range (constant at eps = 0, NaN) go to ``scaled``.
    """
    import torch

    n = p.n
    rows = xc.reshape(-1, n)
    xs, k, _ = _rescale(p, rows, bad[:, None], eps, 2, axes=(1,))
    w1, b1 = (None if v is None else v.reshape(n) for v in (w, b))
    k = k[:, 0]
    keys = torch.unique(k).tolist() if eps > 0 else [0.0]
    y = None
    for key in keys:
        take = slice(None) if len(keys) == 1 else (k == key).nonzero()[:, 0]
        part, _, rstd = torch.native_layer_norm(xs[take], (n,), w1, b1, math.ldexp(eps, 2 * int(key)))
        still = ~in_range(1.0 / rstd.detach().square(), _lowest(p, eps))
        if still.any():
            exact = finish(p, scaled(p.xp, "ln", rows[take], (1,), eps), w1, b1).to(part.dtype)
            part = torch.where(still, exact, part)
        y = part if len(keys) == 1 else (torch.empty_like(rows) if y is None else y).index_put((take,), part)
    return y


def rms_norm(p: Prepared, w, eps):
    xc = p.x.to(p.cdtype)
    # Out of place on the small (batch, 1) statistics: vector_norm keeps its output for backward.
    den = _norm(xc, p).square() / p.n + eps
    bad = ~in_range(den.detach(), _lowest(p, eps))
    if bad.any():
        xs, _, eps_s = _rescale(p, xc, bad, eps, 2)
        den = _norm(xs, p).square() / p.n + eps_s
        if not in_range(den.detach(), _lowest(p, eps)).all():  # a zero slice at eps = 0, NaN
            return finish(p, scaled(p.xp, "rms", xc, p.axes, eps), w, None)
        xc = xs
    y = xc * den.rsqrt()
    if w is not None:
        y.mul_(w)  # in place and still differentiable: mul saved xc and rsqrt, not y
    return y.to(p.rdtype)


def l2_normalize(p: Prepared, eps):
    import torch

    xc = p.x.to(p.cdtype)
    den = _norm(xc, p).clamp_min(eps)  # what F.normalize computes, kept for the check
    lowest = math.sqrt(p.n * _lowest(p, eps))
    bad = ~in_range(den.detach(), lowest)
    if bad.any():
        xs, _, eps_s = _rescale(p, xc, bad, eps, 1)
        den = torch.maximum(_norm(xs, p), eps_s)
        if not in_range(den.detach(), lowest).all():  # a zero slice at eps = 0, NaN
            return finish(p, scaled(p.xp, "l2", xc, p.axes, eps), None, None)
        xc = xs
    return (xc / den).to(p.rdtype)


def _rescale(p: Prepared, xc, bad, eps, power, axes=None):
    """(xs, k, eps_s): ``pow2_scale`` on the slices in bad, k = 0 (xs = xc, eps_s = eps) on the others.

    A slice computed again on xs gives the bits it gives at any scale where no
    statistic under- or overflows; the others are computed as before, on the same layout.
    """
    import torch

    xs, k, eps_s = pow2_scale(p.xp, xc, p.axes if axes is None else axes, eps, power)
    k = torch.where(bad, k, 0.0)
    eps_s = torch.where(bad, eps_s, torch.full_like(eps_s, eps))
    return xc * 2.0**k, k, eps_s


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


def _lowest(p: Prepared, eps: float) -> float:
    return lowest_statistic(p.xp.finfo(p.cdtype), eps)
