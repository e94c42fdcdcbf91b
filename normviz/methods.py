"""One record per normalization method: every layer asks it, nothing copies its facts.

A fourth method is one more ``Method`` record (and its strings in ``i18n``).
"""

from __future__ import annotations

import functools
import inspect
import math
from collections.abc import Callable
from dataclasses import dataclass

from normviz.norms import l2_normalize, layer_norm, rms_norm


@dataclass(frozen=True)
class Method:
    """A normalization method and the facts the pictures need.

    ``radius`` and ``dof`` hold at eps = 0, gamma = 1, beta = 0 with the biased
    variance (divide by n).
    """

    key: str  # "l2" | "rms" | "ln": i18n keys method.<key>, URL values, trace roles
    label: str  # the name, the same in both languages (it goes into URLs)
    fn: Callable
    torch_op: Callable[[float], Callable]  # eps -> torch.nn.functional's op over the last axis (see reference)
    removes: tuple[str, ...]  # what the method forgets: "length", "offset"
    unit_radius: bool  # True: the unit sphere; False: the sphere of radius sqrt(n)
    formula: str
    color: str  # Okabe-Ito (orange darkened to 3:1, see figures/_style.py), the same on every page
    dash: str  # plotly line dash, so the methods differ without colour too
    symbol: str  # plotly marker symbol (one that 3D scenes draw too), for the same reason
    pattern: str  # plotly bar pattern shape ("" none), for the same reason
    has_weight: bool
    has_bias: bool

    @functools.cached_property  # inspect.signature costs ~20 µs, and every call of the method asks
    def default_eps(self) -> float:
        """The function's own default eps, read from its signature."""
        return inspect.signature(self.fn).parameters["eps"].default

    def eps_or_default(self, eps: float | None) -> float:
        return self.default_eps if eps is None else float(eps)

    def reference(self, *, eps: float | None = None) -> Callable:
        """torch's own op for this method over the last axis, at eps (None: the default ε): a function of a tensor.

        ``F.normalize(x, p=2, dim=-1, eps=ε)``, ``F.rms_norm(x, x.shape[-1:], eps=ε)`` or
        ``F.layer_norm(x, x.shape[-1:], eps=ε)``, without weight or bias: the independent
        implementation the library is held against, and the fused op a torch stack runs. torch
        is imported when this is called.
        """
        return self.torch_op(self.eps_or_default(eps))

    def radius(self, n: int) -> float:
        """||y|| of every output (eps = 0, gamma = 1): 1 for L2, sqrt(n) otherwise."""
        return 1.0 if self.unit_radius else math.sqrt(n)

    def dof(self, n: int) -> int:
        """Degrees of freedom left of n: one per removed quantity."""
        return n - len(self.removes)

    def __call__(self, x, /, *, eps: float | None = None, weight=None, bias=None, axis=-1):
        """Apply the method with eps (None: its default) and the affine parameters it has."""
        kw = {"eps": self.eps_or_default(eps), "axis": axis}
        if self.has_weight:
            kw["weight"] = weight
        if self.has_bias:
            kw["bias"] = bias
        return self.fn(x, **kw)


def _torch_l2(eps: float) -> Callable:
    import torch.nn.functional as F

    return lambda x: F.normalize(x, p=2.0, dim=-1, eps=eps)


def _torch_rms(eps: float) -> Callable:
    import torch.nn.functional as F

    return lambda x: F.rms_norm(x, x.shape[-1:], eps=eps)


def _torch_ln(eps: float) -> Callable:
    import torch.nn.functional as F

    return lambda x: F.layer_norm(x, x.shape[-1:], eps=eps)


L2 = Method(
    key="l2",
    label="L2",
    fn=l2_normalize,
    torch_op=_torch_l2,
    removes=("length",),
    unit_radius=True,
    formula="y = x / max(‖x‖₂, ε)",
    color="#BD8300",
    dash="dot",
    symbol="circle",
    pattern="",
    has_weight=False,
    has_bias=False,
)
RMS = Method(
    key="rms",
    label="RMSNorm",
    fn=rms_norm,
    torch_op=_torch_rms,
    removes=("length",),
    unit_radius=False,
    formula="y = x / √(mean(x²) + ε) · γ",
    color="#0072B2",
    dash="dash",
    symbol="square",
    pattern="/",
    has_weight=True,
    has_bias=False,
)
LN = Method(
    key="ln",
    label="LayerNorm",
    fn=layer_norm,
    torch_op=_torch_ln,
    removes=("length", "offset"),
    unit_radius=False,
    formula="y = (x − μ) / √(σ² + ε) · γ + β",
    color="#009E73",
    dash="solid",
    symbol="diamond",
    pattern=".",
    has_weight=True,
    has_bias=True,
)

METHODS: dict[str, Method] = {m.key: m for m in (L2, RMS, LN)}
KEYS: tuple[str, ...] = tuple(METHODS)


def method(key: str) -> Method:
    """The record for ``key``; ValueError naming the known keys otherwise."""
    try:
        return METHODS[key]
    except KeyError:
        raise ValueError(f"method must be one of {KEYS}; got {key!r}") from None
