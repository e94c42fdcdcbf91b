r"""Pre-Norm against Post-Norm: a toy deep residual stack at initialization, in torch (autograd).

The stack (one seed fixes everything; the same weights serve all four variants):

* ``tokens`` rows of width D; the input h₀ = scale · z, z ~ N(0, 1);
* each of the ``depth`` layers has a block f(u) = gain · W₂ GELU(W₁ u) with W₁, W₂ ∈ ℝ^{D×D},
  entries N(0, 1/D) (variance-preserving), no biases;
* Pre-Norm  (GPT-2, LLaMA):                      h ← h + f(Norm(h)), and a final Norm at the top;
* Post-Norm (the original Transformer, BERT):    h ← Norm(h + f(h));
* Norm is LayerNorm or RMSNorm from ``normviz.methods`` (the library, on torch tensors, so
  autograd flows through it), ε at its default, γ = 1, β = 0.

The loss is a fixed random projection of the output, L = Σ (out ⊙ R), R ~ N(0, 1)
of the output's shape. (Not the plain sum: a LayerNorm output always sums to 0,
which would make every gradient 0 in Post-Norm.) For each layer l = 0 … depth
the stack records, on the residual stream hₗ (h₀ is the input):

* the mean over tokens of ‖hₗ‖₂ (Post-Norm keeps it at √D; Pre-Norm lets it grow);
* ‖∂L/∂hₗ‖ (Frobenius, over all tokens), by autograd;
* the largest |value| the layer computes (its block's hidden units, its sum and hₗ),
  compared with float16's largest finite value (``torch.finfo(torch.float16).max`` = 65504)
  and with its square root (256: where a single square xᵢ² overflows in float16).

Xiong et al. (2020), "On Layer Normalization in the Transformer Architecture", analyse the
gradients of the two arrangements at initialization.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from normviz import _xp
from normviz.methods import method

ARRANGEMENTS = ("pre", "post")
NORMS = ("ln", "rms")
DEPTH_MAX = 48
WIDTH_MAX = 512
TOKENS = 8


@dataclass(frozen=True)
class StackConfig:
    depth: int = 24
    width: int = 128
    seed: int = 0
    scale: float = 1.0  # the input's standard deviation
    gain: float = 1.0  # the block's output multiplier
    tokens: int = TOKENS

    def __post_init__(self) -> None:
        if not 1 <= self.depth <= DEPTH_MAX:
            raise ValueError(f"depth must be in 1 … {DEPTH_MAX}; got {self.depth}")
        if not 2 <= self.width <= WIDTH_MAX:
            raise ValueError(f"width must be in 2 … {WIDTH_MAX}; got {self.width}")
        if self.tokens < 1:
            raise ValueError(f"tokens must be at least 1; got {self.tokens}")
        for name in ("scale", "gain"):
            value = getattr(self, name)
            if not (math.isfinite(value) and value > 0):
                raise ValueError(f"{name} must be a finite number > 0; got {value}")


def _device(backend: _xp.Backend | None) -> str:
    """torch's device for the app's backend: its own for torch, the CPU for numpy."""
    return backend.device if backend is not None and backend.name == "torch" else "cpu"


def parameters(config: StackConfig, *, dtype=None, device: str = "cpu"):
    """(h₀, [(W₁, W₂)] per layer, R) as torch tensors, from ``config.seed`` (drawn in float64 on the CPU)."""
    import torch

    dtype = dtype or torch.float32
    gen = torch.Generator().manual_seed(int(config.seed))
    d, t = config.width, config.tokens

    def draw(*shape, std=1.0):
        return (torch.randn(*shape, generator=gen, dtype=torch.float64) * std).to(dtype=dtype, device=device)

    h0 = draw(t, d, std=config.scale)
    weights = [(draw(d, d, std=1 / math.sqrt(d)), draw(d, d, std=1 / math.sqrt(d))) for _ in range(config.depth)]
    return h0, weights, draw(t, d)


def _block(u, w1, w2, gain: float, peaks: list):
    import torch.nn.functional as F

    hidden = F.gelu(u @ w1.T)
    peaks.append(hidden.detach().abs().max())
    return gain * (hidden @ w2.T)


def _layer(h, w1, w2, *, arrangement: str, norm: str, gain: float, peaks: list):
    """One layer: Pre-Norm h + f(Norm(h)) or Post-Norm Norm(h + f(h))."""
    fn = method(norm)
    if arrangement == "pre":
        return h + _block(fn(h), w1, w2, gain, peaks)
    total = h + _block(h, w1, w2, gain, peaks)
    peaks.append(total.detach().abs().max())
    return fn(total)


def forward_from(h, start: int, weights, r, *, arrangement: str, norm: str, gain: float = 1.0):
    """The loss L = Σ(out ⊙ R) when layer ``start``'s stream is h (layers start+1 … depth follow).

    For finite differences: L as a function of one layer's stream, everything after it fixed."""
    peaks: list = []
    for w1, w2 in weights[start:]:
        h = _layer(h, w1, w2, arrangement=arrangement, norm=norm, gain=gain, peaks=peaks)
    out = method(norm)(h) if arrangement == "pre" else h
    return (out * r).sum()


@dataclass(frozen=True)
class StackRun:
    """Per-layer numbers (index 0 is the input, 1 … depth the layers) of one arrangement and norm."""

    arrangement: str
    norm: str
    stream_norm: np.ndarray  # mean over tokens of ‖hₗ‖₂
    grad_norm: np.ndarray  # ‖∂L/∂hₗ‖ (Frobenius over tokens)
    peak: np.ndarray  # max |value| computed in layer l (its hidden units, sum and output)
    loss: float

    def first_above(self, limit: float) -> int | None:
        """The first layer whose peak |value| exceeds ``limit`` (None if none does)."""
        over = np.flatnonzero(self.peak > limit)
        return int(over[0]) if over.size else None


def run_stack(config: StackConfig, arrangement: str, norm: str, *, backend: _xp.Backend | None = None,
              dtype: str = "float32", params=None) -> StackRun:
    """Forward and backward through the stack; the per-layer numbers as numpy."""
    import torch

    if arrangement not in ARRANGEMENTS:
        raise ValueError(f"arrangement must be one of {ARRANGEMENTS}; got {arrangement!r}")
    if norm not in NORMS:
        raise ValueError(f"norm must be one of {NORMS}; got {norm!r}")
    h0, weights, r = params or parameters(config, dtype=getattr(torch, dtype), device=_device(backend))
    with torch.enable_grad():
        h = h0.clone().requires_grad_(True)
        streams, peaks = [h], [h.detach().abs().max()]
        for w1, w2 in weights:
            layer_peaks: list = []
            h = _layer(h, w1, w2, arrangement=arrangement, norm=norm, gain=config.gain, peaks=layer_peaks)
            h.retain_grad()
            streams.append(h)
            peaks.append(torch.stack([*layer_peaks, h.detach().abs().max()]).max())
        out = method(norm)(h) if arrangement == "pre" else h
        loss = (out * r).sum()
        loss.backward()
    stream = torch.stack([s.detach().double().norm(dim=-1).mean() for s in streams])
    grads = torch.stack([s.grad.double().norm() for s in streams])
    return StackRun(arrangement, norm, _xp.to_numpy(stream), _xp.to_numpy(grads),
                    _xp.to_numpy(torch.stack(peaks).double()), float(loss.detach()))


@dataclass(frozen=True)
class Comparison:
    config: StackConfig
    runs: dict[tuple[str, str], StackRun]  # (arrangement, norm) -> run
    fp16_max: float  # torch.finfo(torch.float16).max
    device: str

    @property
    def square_limit(self) -> float:
        """√(fp16 max): beyond it a single xᵢ² overflows float16."""
        return math.sqrt(self.fp16_max)

    @property
    def root_width(self) -> float:
        return math.sqrt(self.config.width)


def compare(config: StackConfig, *, backend: _xp.Backend | None = None, dtype: str = "float32") -> Comparison:
    """All four variants (Pre/Post × LayerNorm/RMSNorm) with the same weights."""
    import torch

    params = parameters(config, dtype=getattr(torch, dtype), device=_device(backend))
    runs = {(a, n): run_stack(config, a, n, backend=backend, dtype=dtype, params=params)
            for a in ARRANGEMENTS for n in NORMS}
    return Comparison(config, runs, float(torch.finfo(torch.float16).max), _device(backend))


def finite_difference_grad_norms(config: StackConfig, arrangement: str, norm: str, *, step: float = 1e-6) -> np.ndarray:
    """‖∂L/∂hₗ‖ per layer by central differences in float64 on the CPU (small stacks only: 2·T·D·depth runs)."""
    import torch

    h0, weights, r = parameters(config, dtype=torch.float64)
    with torch.no_grad():
        streams, h = [h0], h0
        for w1, w2 in weights:
            h = _layer(h, w1, w2, arrangement=arrangement, norm=norm, gain=config.gain, peaks=[])
            streams.append(h)
        norms = []
        for start, hl in enumerate(streams):
            grad = torch.zeros_like(hl)
            for idx in np.ndindex(*hl.shape):
                bump = torch.zeros_like(hl)
                bump[idx] = step
                up = forward_from(hl + bump, start, weights, r, arrangement=arrangement, norm=norm, gain=config.gain)
                down = forward_from(hl - bump, start, weights, r, arrangement=arrangement, norm=norm,
                                    gain=config.gain)
                grad[idx] = (up - down) / (2 * step)
            norms.append(float(grad.norm()))
    return np.asarray(norms)
