r"""Pre-Norm against Post-Norm, Peri-Norm, nGPT's normalized stream, and a stack with no norm: a toy deep residual
stack at initialization, in torch (autograd).

The stack (one seed fixes everything; the same weights serve every variant):

* ``tokens`` rows of width D; the input h₀ = scale · z, z ~ N(0, 1);
* each of the ``depth`` layers (the first ``depth`` of ``DEPTH_MAX`` drawn layers: a smaller depth
  cuts the same network earlier) has a block f(u) = gain · W₂ GELU(W₁ u) with W₁, W₂ ∈ ℝ^{D×D},
  entries N(0, 1/D) (variance-preserving), no biases; a small gain is a small initialization of
  the block's output (``SMALL_GAIN``);
* Pre-Norm  (GPT-2, LLaMA):                      h ← h + f(Norm(h)), and a final Norm at the top;
* Post-Norm (the original Transformer, BERT):    h ← Norm(h + f(h));
* Peri-Norm ("peri"; Gemma 2's "sandwich"):     h ← h + Norm(f(Norm(h))), and a final Norm at the top:
  Kim et al. (2025), "Peri-LN: Revisiting Normalization Layer in the Transformer Architecture"
  (arXiv:2502.02732), eq. y = x + Norm(Module(Norm(x))); the Gemma Team (2024), "Gemma 2"
  (arXiv:2408.00118), normalizes the input and the output of every sublayer the same way. The paper's
  optional Norm of the embedding is left out: h₀ is the drawn input, as for Pre-Norm;
* nGPT ("ngpt"):                                 h ← Norm(h + α·(Norm(f(h)) − h)), α = ``NGPT_ALPHA`` = 0.05,
  no final Norm (the stream is normalized already): Loshchilov et al. (2024), "nGPT: Normalized
  Transformer with Representation Learning on the Hypersphere" (arXiv:2410.01131), eq.
  h ← Norm(h + α_M (h_M − h)) with h_M = Norm(MLP(h)), α initialized at 0.05 (the reference code's
  ``mlp_alpha_init_value``). Two simplifications, both at initialization: one sublayer per layer (the
  MLP; no attention), and RMSNorm (radius √D) for nGPT's L2 normalization (radius 1). With ε = 0 they
  differ by the factor √D only, and the toy's block, made for inputs of RMS 1, keeps seeing them (nGPT
  rescales its MLP's pre-activations instead: its s_uv carries a factor √d_model). LayerNorm would also
  remove the mean, which nGPT does not, so nGPT runs with RMSNorm only (``ARRANGEMENT_NORMS``). As in
  the paper the block reads the stream itself; from layer 1 on it is on the √D sphere, the first
  layer reads the drawn h₀;
* LayerNorm scaling ("lns"):                      h ← h + f(Norm(h)/√ℓ) in layer ℓ = 1 … depth, and the same final
  Norm at the top, unscaled: Sun et al. (2025), "The Curse of Depth in Large Language Models" (NeurIPS 2025,
  arXiv:2502.05795), h ← LayerNorm(h)·1/√ℓ before each sublayer (their code scales the Norm before both of a
  layer's sublayers by 1/√(index + 1) and leaves the final Norm alone). One sublayer per layer here, as for
  the others; in layer 1 it is Pre-Norm (1/√1 = 1);
* no norm (``NO_NORM``):                         h ← h + f(h), no Norm anywhere, not at the top either;
* Norm is LayerNorm or RMSNorm: ``torch.nn.functional.layer_norm / rms_norm`` (autograd flows
  through them) with the ε default of ``normviz.methods``, γ = 1, β = 0; the tests run the same
  stack through ``normviz.norms`` on torch tensors and get the same numbers.

The loss is a fixed random projection of the output, L = Σ (out ⊙ R), R ~ N(0, 1)
of the output's shape. (Not the plain sum: a LayerNorm output always sums to 0,
which would make every gradient 0 in Post-Norm.) For each layer l = 0 … depth
the stack records, on the residual stream hₗ (h₀ is the input):

* the mean over tokens of ‖hₗ‖₂ (Post-Norm and nGPT keep it at √D; Pre-Norm lets it grow, about like
  √l; Peri-Norm adds a vector of norm √D per layer, so ‖hₗ‖² grows by about D per layer whatever the
  gain; without a norm it grows by about the same factor at every layer);
* the mean over tokens of ‖hₗ‖²/D (``mean_square``) and of ‖hₗ − h₀‖²/D (``added``: what the layers 1 … l
  added, as a mean square per coordinate), and the update-to-stream ratio ‖hₗ − hₗ₋₁‖ / ‖hₗ₋₁‖ (mean over
  tokens; ``update_ratio``, NaN at l = 0);
* ‖∂L/∂hₗ‖ (Frobenius, over all tokens), by autograd;
* the largest |value| the layer computes: its block's hidden units, every Norm's input (Post-Norm's
  sum, Peri-Norm's block output, nGPT's block output and step) and hₗ; compared with float16's
  largest finite value (``torch.finfo(torch.float16).max`` = 65504) and with its square root (256:
  where a single square xᵢ² overflows in float16).

Two more ways to run the same stack:

* ``float16="naive" | "upcast"``: every Norm receives its input stored in float16 (the rest of the
  stack stays in float32, so only the Norm differs). ``naive`` computes it the hand-written way
  in float16, ``h * rsqrt(mean(h²) + ε)`` (LayerNorm on h − mean first): one |hᵢ| > 256 makes
  h² inf, rsqrt(inf) = 0, and the token's output is 0 from there on; its gradient is exactly 0,
  all finite, unless a float16 number of the backward pass overflows too (inputs of a few
  thousand and more, or tiny ones, RMS below about 65504^(−1/3) ≈ 0.025, zeros included): then
  inf or NaN. ``upcast`` does what ``normviz.norms`` does with a float16 input (reduce in
  float32, cast the result back to float16), with torch's fused op (the tests hold the two
  together). A value beyond 65504 is inf once stored in float16: then both give NaN.
* ``path="skip" | "branch"``: the gradient flows only along the skip connections (every block's
  output detached) or only through the blocks (every skip connection detached).

Xiong et al. (2020), "On Layer Normalization in the Transformer Architecture", analyse the
gradients of Pre- and Post-Norm at initialization.

What Pre-Norm and LNS add to the stream, in expectation over the draw of the weights (``expected_added``):
given its input u, (W₁u)ᵢ ~ N(0, ‖u‖²/D) exactly, so E‖f(u)‖² = g²·D·c(‖u‖²/D) with
c(σ²) = E[GELU(σz)²], z ~ N(0, 1) (``gelu_mean_square``); layer ℓ's W₂ is drawn apart from everything
before it, so the layers' additions are uncorrelated with each other and with h₀. With ε = 0 the Norm's
output has ‖u‖²/D = 1 (Pre-Norm) or 1/ℓ (LNS), and

    E‖h_L − h₀‖²/D = g²·Σ_{ℓ=1}^{L} c(σ_ℓ²),  σ_ℓ² = 1 (Pre-Norm: g²·L·c(1), c(1) ≈ 0.4252, linear in L)
                                            or 1/ℓ (LNS: c(σ²) = σ²/4 + 3σ⁴/(2π) + O(σ⁶), so ≈ (g²/4)·ln L + C),

and E‖h_L‖²/D = ‖h₀‖²/D + the same sum. ``depth_growth`` reads the measured numbers beside these.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np
from scipy import special

from normviz import _xp
from normviz.methods import method

ARRANGEMENTS = ("pre", "post", "peri", "ngpt", "lns")  # every arrangement with a Norm
CLASSIC = ("pre", "post")  # Xiong et al.'s two (the gradient-path exercise chooses between them)
NORMS = ("ln", "rms")
ARRANGEMENT_NORMS = {
    "pre": NORMS,
    "post": NORMS,
    "peri": NORMS,
    "ngpt": ("rms",),  # nGPT: no mean removed
    "lns": NORMS,
}
DEPTH_SCALED = ("lns",)  # the Norm before the block times 1/√ℓ in layer ℓ (Sun et al. 2025's LayerNorm scaling)
NGPT_ALPHA = 0.05  # nGPT's eigen learning rate α at initialization (its alpha_init_value)
NO_NORM = "none"  # h ← h + f(h): no Norm anywhere (its runs take norm=None)
STACKS = (*ARRANGEMENTS, NO_NORM)
FLOAT16_PATHS = ("naive", "upcast")
GRADIENT_PATHS = ("all", "skip", "branch")
SMALL_GAIN = 0.1  # "small initialization": below 1/√DEPTH_MAX ≈ 0.144, the no-norm stack stays tame
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


@lru_cache(maxsize=2)
def _draws(seed: int, width: int, tokens: int, np_dtype: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """z (tokens × D), R (tokens × D) and the weights of all DEPTH_MAX layers (DEPTH_MAX × 2 × D × D,
    N(0, 1/D)), drawn in that order by numpy's PCG64 from ``seed``. A stack of depth L uses the first L
    layers, so moving the depth cuts the same network (and draws nothing new). Never written to."""
    rng = np.random.default_rng(seed)
    dtype = np.dtype(np_dtype)
    z = rng.standard_normal((tokens, width), dtype=dtype)
    r = rng.standard_normal((tokens, width), dtype=dtype)
    weights = rng.standard_normal((DEPTH_MAX, 2, width, width), dtype=dtype) * dtype.type(1 / math.sqrt(width))
    return z, r, weights


def parameters(config: StackConfig, *, dtype=None, device: str = "cpu"):
    """(h₀ = scale·z, [(W₁, W₂)] per layer, R) as torch tensors on ``device``, from ``config.seed``."""
    import torch

    dtype = dtype or torch.float32
    z, r, weights = _draws(
        int(config.seed), config.width, config.tokens, "float64" if dtype == torch.float64 else "float32"
    )

    def put(a):
        return torch.from_numpy(a).to(dtype=dtype, device=device)

    layers = put(weights[: config.depth])
    return put(z) * config.scale, [(w[0], w[1]) for w in layers], put(r)


def _block(u, w1, w2, gain: float, peaks: list):
    import torch.nn.functional as F

    hidden = F.gelu(F.linear(u, w1))
    peaks.append(hidden.detach().abs().amax(dim=(-2, -1)))  # per variant when u holds several
    out = F.linear(hidden, w2)
    return out if gain == 1 else gain * out  # 1·x is x: one op fewer each way


@cache
def _norm(norm: str):
    """Norm as torch's own op (fused, no argument checks: it runs 2·depth times a move), with the
    library method's default ε (``Method.reference``); the tests hold it against ``normviz.norms``
    on the same stack."""
    return method(norm).reference()


def hand_written_float16(h, norm: str):
    """The Norm as a hand-written line of torch, every operation in h's dtype (no upcast):
    ``h * rsqrt(h.pow(2).mean(-1) + ε)``, LayerNorm on ``h - h.mean(-1)`` first."""
    import torch

    if norm == "ln":
        h = h - h.mean(dim=-1, keepdim=True)
    return h * torch.rsqrt(h.pow(2).mean(dim=-1, keepdim=True) + method(norm).default_eps)


def _norm_fn(norm: str | None, float16: str | None):
    """The stack's Norm: torch's op in the stack's dtype, or (``float16``) on its input stored in float16."""
    if norm is None:
        return None
    if float16 is None:
        return _norm(norm)
    if float16 == "naive":
        return lambda h: hand_written_float16(h.half(), norm).float()
    fn = _norm(norm)  # upcast as normviz.norms does it: the float16 input reduced in float32, cast back to float16
    return lambda h: fn(h.half().float()).half().float()


@dataclass(frozen=True)
class Stages:
    """Where one arrangement normalizes (None: no Norm there).

    ``before``: the block's input (Pre-Norm, Peri-Norm), and the same Norm once more at the top of the stack;
    ``out``: the block's output (Peri-Norm's output Norm, nGPT's h_F = Norm(f(h)));
    ``after``: the new stream (Post-Norm's Norm of the sum, nGPT's renormalization);
    ``alpha``: None for the residual sum h + branch, nGPT's α for its step h + α·(branch − h);
    ``scaled``: the ``before`` Norm's output times 1/√ℓ in layer ℓ (LNS; not the Norm at the top).
    ``out_mask`` / ``after_mask`` / ``scaled_mask``: batched (``_batched``), which variants have that Norm
    or scaling (None: all of them)."""

    before: Callable | None = None
    out: Callable | None = None
    after: Callable | None = None
    alpha: float | None = None
    out_mask: tuple[bool, ...] | None = None
    after_mask: tuple[bool, ...] | None = None
    scaled: bool = False
    scaled_mask: tuple[bool, ...] | None = None


def _stages(arrangement: str, fn) -> Stages:
    """The arrangement's Norms, all of them ``fn`` (γ = 1, β = 0: the Norms differ in place only)."""
    if arrangement == "pre":
        return Stages(before=fn)
    if arrangement == "post":
        return Stages(after=fn)
    if arrangement == "peri":
        return Stages(before=fn, out=fn)
    if arrangement == "ngpt":
        return Stages(out=fn, after=fn, alpha=NGPT_ALPHA)
    if arrangement in DEPTH_SCALED:
        return Stages(before=fn, scaled=True)
    return Stages()


def _per_variant(fns: list):
    """One stage for several variants side by side (V × T × D): slice v through ``fns[v]`` (None: as is).

    With the variants batched (``run_stacks``) the block's ops run once for all of them; a Norm that differs
    between variants runs on each one's slice."""
    if all(fn is None for fn in fns):
        return None
    if all(fn is fns[0] for fn in fns):
        return fns[0]
    import torch

    return lambda h: torch.stack([x if fn is None else fn(x) for x, fn in zip(h.unbind(0), fns)])


def _batched(stages: list[Stages]) -> Stages:
    """The stages of several variants with the same step (``alpha``) as one, for V × T × D."""
    (alpha,) = {s.alpha for s in stages}

    def mask(have):
        return None if all(have) else tuple(have)

    scaled = [s.scaled for s in stages]
    return Stages(
        *(_per_variant([getattr(s, name) for s in stages]) for name in ("before", "out", "after")),
        alpha,
        mask([s.out is not None for s in stages]),
        mask([s.after is not None for s in stages]),
        any(scaled),
        mask(scaled),
    )


def _depth_scaled(u, layer: int, mask):
    """u · 1/√ℓ in layer ℓ = ``layer`` (LNS), for the variants ``mask`` marks (None: all; the others times 1,
    which leaves every bit, forward and backward, as it is)."""
    if layer == 1:
        return u  # 1/√1 = 1
    scale = 1 / math.sqrt(layer)
    if mask is None:
        return u * scale
    import torch

    factors = torch.tensor([scale if m else 1.0 for m in mask], dtype=u.dtype, device=u.device)
    return u * factors.reshape(-1, *([1] * (u.dim() - 1)))


def _record(peaks: list, x, mask) -> None:
    """The per-variant max |x| (V,), 0 for the variants that do not compute x (``mask``)."""
    peak = x.detach().abs().amax(dim=(-2, -1))
    if mask is not None:
        import torch

        peak = torch.where(torch.tensor(mask, device=peak.device), peak, torch.zeros_like(peak))
    peaks.append(peak)


def _layer(h, w1, w2, *, stages: Stages, gain: float, peaks: list, layer: int, path: str = "all"):
    """Layer ``layer`` (1-based): branch = out(f(before(h))) (LNS: f(before(h)/√layer)), then after(h + branch),
    or nGPT's after(h + α·(branch − h)) (``_stages``); h may hold several variants (``_batched``).

    ``path`` "skip" detaches the branch, "branch" the skip connection (the gradient then flows only the
    other way; nGPT's h enters its step twice, both detached)."""
    skip = h.detach() if path == "branch" else h
    u = h if stages.before is None else stages.before(h)
    if stages.scaled:
        u = _depth_scaled(u, layer, stages.scaled_mask)
    branch = _block(u, w1, w2, gain, peaks)
    if stages.out is not None:
        _record(peaks, branch, stages.out_mask)
        branch = stages.out(branch)
    if path == "skip":
        branch = branch.detach()
    total = skip + branch if stages.alpha is None else skip + stages.alpha * (branch - skip)
    if stages.after is None:
        return total
    _record(peaks, total, stages.after_mask)
    return stages.after(total)


def _check(arrangement: str, norm: str | None, float16: str | None = None, path: str = "all") -> None:
    if arrangement not in STACKS:
        raise ValueError(f"arrangement must be one of {STACKS}; got {arrangement!r}")
    if arrangement == NO_NORM:
        if norm is not None:
            raise ValueError(f"norm must be None for the stack without a norm; got {norm!r}")
        if float16 is not None:
            raise ValueError("float16 applies to a Norm: the stack without a norm has none")
    elif norm not in ARRANGEMENT_NORMS[arrangement]:
        raise ValueError(f"norm must be one of {ARRANGEMENT_NORMS[arrangement]} for {arrangement!r}; got {norm!r}")
    if float16 not in (None, *FLOAT16_PATHS):
        raise ValueError(f"float16 must be None or one of {FLOAT16_PATHS}; got {float16!r}")
    if path not in GRADIENT_PATHS:
        raise ValueError(f"path must be one of {GRADIENT_PATHS}; got {path!r}")


def forward_from(h, start: int, weights, r, *, arrangement: str, norm: str | None, gain: float = 1.0):
    """The loss L = Σ(out ⊙ R) when layer ``start``'s stream is h (layers start+1 … depth follow).

    For finite differences: L as a function of one layer's stream, everything after it fixed."""
    stages = _stages(arrangement, _norm_fn(norm, None))
    peaks: list = []
    for layer, (w1, w2) in enumerate(weights[start:], start=start + 1):
        h = _layer(h, w1, w2, stages=stages, gain=gain, peaks=peaks, layer=layer)
    out = h if stages.before is None else stages.before(h)
    return (out * r).sum()


@dataclass(frozen=True)
class StackRun:
    """Per-layer numbers (index 0 is the input, 1 … depth the layers) of one arrangement and norm."""

    arrangement: str
    norm: str | None  # None for the stack without a norm
    stream_norm: np.ndarray  # mean over tokens of ‖hₗ‖₂
    grad_norm: np.ndarray  # ‖∂L/∂hₗ‖ (Frobenius over tokens)
    peak: np.ndarray  # max |value| computed in layer l (its hidden units, sum and output)
    loss: float
    float16: str | None = None  # None, or how the Norm ran on its float16 input ("naive", "upcast")
    path: str = "all"  # which connections carried the gradient ("all", "skip", "branch")
    zero_outputs: int = 0  # tokens whose output row is exactly 0
    zero_gradients: int = 0  # tokens whose ∂L/∂h₀ row is exactly 0: the layers below learn nothing from them
    unchanged: bool = False  # ∂L/∂h₀ is exactly ∂L/∂h_depth: the gradient arrived at the input unchanged
    mean_square: np.ndarray | None = None  # mean over tokens of ‖hₗ‖²/D
    added: np.ndarray | None = None  # mean over tokens of ‖hₗ − h₀‖²/D: what layers 1 … l added
    update_ratio: np.ndarray | None = None  # mean over tokens of ‖hₗ − hₗ₋₁‖ / ‖hₗ₋₁‖ (NaN at l = 0)

    def first_above(self, limit: float) -> int | None:
        """The first layer whose peak |value| exceeds ``limit`` (None if none does)."""
        over = np.flatnonzero(self.peak > limit)
        return int(over[0]) if over.size else None

    @property
    def growth(self) -> float:
        """‖h_depth‖ / ‖h₀‖ (means over tokens): how much the stream grew from input to top."""
        return float(self.stream_norm[-1] / self.stream_norm[0])

    @property
    def input_gradient(self) -> float:
        """‖∂L/∂h₀‖: the gradient that reaches the input, what the layer below would learn from."""
        return float(self.grad_norm[0])


def run_stack(
    config: StackConfig,
    arrangement: str,
    norm: str | None,
    *,
    backend: _xp.Backend | None = None,
    dtype: str = "float32",
    params=None,
    float16: str | None = None,
    path: str = "all",
) -> StackRun:
    """Forward and backward through the stack; the per-layer numbers as numpy.

    ``arrangement`` "none" (``NO_NORM``) takes ``norm=None``. ``float16`` and ``path``: see the module."""
    variants = [(arrangement, norm, float16)]
    return run_stacks(config, variants, backend=backend, dtype=dtype, params=params, path=path)[0]


def run_stacks(
    config: StackConfig,
    variants: list[tuple[str, str | None, str | None]],
    *,
    backend: _xp.Backend | None = None,
    dtype: str = "float32",
    params=None,
    path: str = "all",
) -> list[StackRun]:
    """``run_stack`` for several (arrangement, norm, float16) variants of the same stack at once, side by
    side in one V × tokens × D tensor and one backward pass per step (nGPT's step h + α·(branch − h) and the
    residual sum h + branch run as two batches): fewer torch ops, and on the CPU the numbers of one variant
    at a time to the last bit, unless a variant's gradients meet at h in another order (Pre- and Peri-Norm
    RMSNorm's in float32 do: ``compare``; tests/test_residual.py holds every variant ``compare`` and
    ``float16_runs`` batch to it)."""
    import torch

    for arrangement, norm, float16 in variants:
        _check(arrangement, norm, float16, path)
    params = params or parameters(config, dtype=getattr(torch, dtype), device=_device(backend))
    stages = [_stages(a, _norm_fn(n, f)) for a, n, f in variants]
    runs: list = [None] * len(variants)
    for alpha in dict.fromkeys(s.alpha for s in stages):  # the steps in the order they come
        batch = [v for v, s in enumerate(stages) if s.alpha == alpha]
        done = _run_batch(config, [variants[v] for v in batch], [stages[v] for v in batch], params, path)
        for v, run in zip(batch, done):
            runs[v] = run
    return runs


def _run_batch(config: StackConfig, variants: list, stages: list[Stages], params, path: str) -> list[StackRun]:
    """Forward and backward of variants that share their step, side by side (``run_stacks``)."""
    import torch

    h0, weights, r = params
    batch = _batched(stages)
    with torch.enable_grad():
        h = h0.expand(len(variants), *h0.shape).clone().requires_grad_(True)
        streams, peaks = [h], []
        for layer, (w1, w2) in enumerate(weights, start=1):
            h = _layer(h, w1, w2, stages=batch, gain=config.gain, peaks=peaks, layer=layer, path=path)
            h.retain_grad()
            streams.append(h)
        out = h if batch.before is None else batch.before(h)
        (out * r).sum().backward()
    out = out.detach()
    # One stack per statistic, not a few small ops per layer and variant (a move runs eleven variants of up to
    # 48 layers), and one transfer to numpy.
    every = torch.stack(streams).detach()  # depth+1 × V × T × D
    grads = torch.stack([s.grad for s in streams])
    inside = (
        torch.stack(peaks).reshape(len(weights), -1, len(variants)).amax(dim=1)
        if weights
        else every.new_zeros(0, len(variants))
    )
    layers = _per_layer(every, grads, inside)
    return [
        _statistics(variant, path, layers[:, :, v], grads[0, v], grads[-1, v], out[v], r)
        for v, variant in enumerate(variants)
    ]


PER_LAYER = ("stream_norm", "grad_norm", "peak", "mean_square", "added", "update_ratio")  # StackRun's arrays


def _per_layer(every, grads, inside) -> np.ndarray:
    """Every variant's per-layer numbers at once, float64 numpy, statistic (``PER_LAYER``) × depth+1 × V, from
    the streams and their gradients (depth+1 × V × T × D) and the peaks inside the layers (depth × V)."""
    import torch

    wide = every.double()
    lengths = wide.norm(dim=-1)  # depth+1 × V × T
    width = wide.shape[-1]
    steps = ((wide[1:] - wide[:-1]).norm(dim=-1) / lengths[:-1]).mean(dim=-1)
    peak = torch.maximum(every.abs().flatten(2).amax(dim=2), torch.cat([inside.new_zeros(1, inside.shape[1]), inside]))
    return _xp.to_numpy(
        torch.stack(
            [
                lengths.mean(dim=-1),
                grads.double().flatten(2).norm(dim=2),
                peak.double(),
                (lengths * lengths).mean(dim=-1) / width,
                (wide - wide[0]).pow(2).sum(dim=-1).mean(dim=-1) / width,
                torch.cat([steps.new_full((1, steps.shape[1]), math.nan), steps]),  # no update into the input
            ]
        )
    )


def _statistics(variant, path: str, layers: np.ndarray, bottom, top, out, r) -> StackRun:
    """One variant's StackRun from its per-layer numbers (``PER_LAYER`` × depth+1), the gradients at the input
    (``bottom``) and the top and its output."""
    import torch

    arrangement, norm, float16 = variant
    arrays = dict(zip(PER_LAYER, layers, strict=True))
    return StackRun(
        arrangement,
        norm,
        loss=float((out * r).sum()),
        float16=float16,
        path=path,
        zero_outputs=int((out == 0).all(dim=-1).sum()),
        zero_gradients=int((bottom == 0).all(dim=-1).sum()),
        unchanged=bool(torch.equal(bottom, top)),
        **arrays,
    )


@dataclass(frozen=True)
class Comparison:
    config: StackConfig
    runs: dict[tuple[str, str], StackRun]  # (arrangement, norm) -> run, every pair of ARRANGEMENT_NORMS
    fp16_max: float  # torch.finfo(torch.float16).max
    device: str
    no_norm: StackRun | None = None  # the same stack without any norm, h ← h + f(h)

    @property
    def square_limit(self) -> float:
        """√(fp16 max): beyond it a single xᵢ² overflows float16."""
        return math.sqrt(self.fp16_max)

    @property
    def root_width(self) -> float:
        return math.sqrt(self.config.width)

    def peri_estimate(self, norm: str = "rms") -> float:
        """√(‖h₀‖² + L·D): Peri-Norm's ‖h_L‖ if each layer's Norm(f(Norm(h))), of norm √D per token, were
        orthogonal to the stream (ε = 0); ‖h₀‖ is the run's mean over tokens."""
        start = float(self.runs[("peri", norm)].stream_norm[0])
        return math.sqrt(start**2 + self.config.depth * self.config.width)


def compare(config: StackConfig, *, backend: _xp.Backend | None = None, dtype: str = "float32") -> Comparison:
    """Every arrangement with each of its Norms (``ARRANGEMENT_NORMS``: Pre, Post, Peri and LNS × LayerNorm/RMSNorm,
    nGPT × RMSNorm) and the stack without a norm, with the same weights."""
    import torch

    device = _device(backend)
    # RMSNorm's backward on the CPU is torch's composite of x · rsqrt(mean(x²) + ε): before the block its two
    # gradients meet the skip connection's at h, and how their sum rounds depends on the graph. So Pre- and
    # Peri-Norm RMSNorm (and LNS RMSNorm: its 1/√ℓ is a product after that same Norm, times 1 for the others)
    # share a pass of their own (h goes through the Norm whole, as in a one-variant run), nGPT's step has its own
    # (run_stacks), and every number is a one-variant run's to the last bit; the other six share a pass.
    together = [("pre", "ln"), ("post", "ln"), ("post", "rms"), ("peri", "ln"), ("lns", "ln")]
    rms_before = [("pre", "rms"), ("peri", "rms"), ("lns", "rms")]
    with _xp.one_cpu_thread(device):
        params = parameters(config, dtype=getattr(torch, dtype), device=device)
        *normed, bare = run_stacks(
            config, [(a, n, None) for a, n in (*together, (NO_NORM, None))], backend=backend, dtype=dtype, params=params
        )
        normed += run_stacks(config, [(a, n, None) for a, n in rms_before], backend=backend, dtype=dtype, params=params)
        normed += run_stacks(config, [("ngpt", "rms", None)], backend=backend, dtype=dtype, params=params)
    done = {(run.arrangement, run.norm): run for run in normed}
    runs = {(a, n): done[(a, n)] for a in ARRANGEMENTS for n in ARRANGEMENT_NORMS[a]}
    return Comparison(config, runs, float(torch.finfo(torch.float16).max), device, bare)


def float16_runs(
    config: StackConfig, *, norms: tuple[str, ...] = NORMS, backend: _xp.Backend | None = None
) -> dict[tuple[str, str, str], StackRun]:
    """Every arrangement with each of ``norms`` it takes, every Norm on a float16 input, the hand-written way
    and upcast: (arrangement, norm, float16 path) -> run, the same float32 weights as ``compare``."""
    device = _device(backend)
    variants = [(a, n, p) for a in ARRANGEMENTS for n in norms if n in ARRANGEMENT_NORMS[a] for p in FLOAT16_PATHS]
    with _xp.one_cpu_thread(device):
        return {variant: run for variant, run in zip(variants, run_stacks(config, variants, backend=backend))}


def finite_difference_grad_norms(
    config: StackConfig, arrangement: str, norm: str | None, *, step: float = 1e-6
) -> np.ndarray:
    """‖∂L/∂hₗ‖ per layer by central differences in float64 on the CPU (small stacks only: 2·T·D·depth runs)."""
    import torch

    _check(arrangement, norm)
    h0, weights, r = parameters(config, dtype=torch.float64)
    stages = _stages(arrangement, _norm_fn(norm, None))
    with torch.no_grad():
        streams, h = [h0], h0
        for layer, (w1, w2) in enumerate(weights, start=1):
            h = _layer(h, w1, w2, stages=stages, gain=config.gain, peaks=[], layer=layer)
            streams.append(h)
        norms = []
        for start, hl in enumerate(streams):
            grad = torch.zeros_like(hl)
            for idx in np.ndindex(*hl.shape):
                bump = torch.zeros_like(hl)
                bump[idx] = step
                up = forward_from(hl + bump, start, weights, r, arrangement=arrangement, norm=norm, gain=config.gain)
                down = forward_from(hl - bump, start, weights, r, arrangement=arrangement, norm=norm, gain=config.gain)
                grad[idx] = (up - down) / (2 * step)
            norms.append(float(grad.norm()))
    return np.asarray(norms)


# --- Pre-Norm against LayerNorm scaling: what the layers add (Sun et al. 2025) ---------------------------

GROWTH_ARRANGEMENTS = ("pre", "lns")  # the two whose additions have an expectation here (``expected_added``)


@cache
def _hermite(nodes: int = 64) -> tuple[np.ndarray, np.ndarray]:
    """Gauss–Hermite nodes and weights for E[g(z)], z ~ N(0, 1) (the weights sum to 1)."""
    x, w = np.polynomial.hermite_e.hermegauss(nodes)
    return x, w / math.sqrt(2 * math.pi)


def gelu_mean_square(variance) -> np.ndarray:
    r"""c(σ²) = E[GELU(σz)²], z ~ N(0, 1), GELU(x) = x·Φ(x) (torch's exact GELU), for each σ² in ``variance``.

    Gauss–Hermite quadrature with 64 nodes (exact to rounding for 0 ≤ σ² ≤ 1, where the stack needs it).
    c(1) ≈ 0.4252; c(σ²) = σ²/4 + 3σ⁴/(2π) + O(σ⁶) as σ → 0."""
    v = np.asarray(variance, dtype=np.float64)
    if np.any(~np.isfinite(v)) or np.any(v < 0):
        raise ValueError(f"variance must be finite and ≥ 0; got {variance!r}")
    x, w = _hermite()
    u = np.sqrt(v)[..., None] * x
    return (u * special.ndtr(u)) ** 2 @ w


def expected_added(config: StackConfig, arrangement: str) -> np.ndarray:
    """E‖hₗ − h₀‖²/D for l = 0 … depth over the draw of the weights (any input, ε = 0): g²·Σ_{ℓ≤l} c(σ_ℓ²) with
    σ_ℓ² = 1 for Pre-Norm and 1/ℓ for LNS (the block's input Norm(h) or Norm(h)/√ℓ has ‖u‖²/D = σ_ℓ²)."""
    if arrangement not in GROWTH_ARRANGEMENTS:
        raise ValueError(f"arrangement must be one of {GROWTH_ARRANGEMENTS}; got {arrangement!r}")
    layers = np.arange(1, config.depth + 1, dtype=np.float64)
    variance = np.ones_like(layers) if arrangement == "pre" else 1 / layers
    return np.concatenate([[0.0], np.cumsum(config.gain**2 * gelu_mean_square(variance))])


@dataclass(frozen=True)
class DepthGrowth:
    """Pre-Norm and LNS on one stack (one Norm): the stream's mean square per coordinate at the input and the
    top, what the layers added by layer ``half`` and by the top, measured and expected, and the top layer's
    update-to-stream ratio. Each dict maps "pre" and "lns" to its number."""

    norm: str
    depth: int
    half: int  # ⌊depth/2⌋: doubling the depth from it (0 for a stack of one layer)
    start: float  # mean over tokens of ‖h₀‖²/D (the same input for both)
    top: dict[str, float]  # ‖h_L‖²/D
    added: dict[str, float]  # ‖h_L − h₀‖²/D
    added_half: dict[str, float]  # ‖h_half − h₀‖²/D
    expected: dict[str, float]  # E‖h_L − h₀‖²/D (``expected_added``)
    expected_half: dict[str, float]
    update_top: dict[str, float]  # ‖h_L − h_{L−1}‖ / ‖h_{L−1}‖
    per_layer: float  # g²·c(1): what a Pre-Norm layer adds in expectation

    def factor(self, arrangement: str) -> float:
        """‖h_L‖²/‖h₀‖² (means over tokens of the squares): the stream's growth over the stack."""
        return self.top[arrangement] / self.start

    def doubling(self, arrangement: str, *, expected: bool = False) -> float:
        """What the layers added by the top over what they added by layer ``half`` (NaN for one layer)."""
        if self.half == 0:
            return math.nan
        top, half = (self.expected, self.expected_half) if expected else (self.added, self.added_half)
        return top[arrangement] / half[arrangement]


def depth_growth(comp: Comparison, norm: str = "rms") -> DepthGrowth:
    """``DepthGrowth`` read from a ``compare`` result (its Pre-Norm and LNS runs with ``norm``)."""
    config = comp.config
    depth, half = config.depth, config.depth // 2
    runs = {a: comp.runs[(a, norm)] for a in GROWTH_ARRANGEMENTS}
    expected = {a: expected_added(config, a) for a in GROWTH_ARRANGEMENTS}
    return DepthGrowth(
        norm,
        depth,
        half,
        float(runs["pre"].mean_square[0]),
        {a: float(r.mean_square[depth]) for a, r in runs.items()},
        {a: float(r.added[depth]) for a, r in runs.items()},
        {a: float(r.added[half]) for a, r in runs.items()},
        {a: float(e[depth]) for a, e in expected.items()},
        {a: float(e[half]) for a, e in expected.items()},
        {a: float(r.update_ratio[depth]) for a, r in runs.items()},
        float(config.gain**2 * gelu_mean_square(1.0)),
    )


# The arrangement as display lines, short enough for a phone (a display wider than the screen scrolls).
LNS_TEX = (
    r"\text{Pre:}\ \ h_\ell = h_{\ell-1} + f\big(\operatorname{Norm}(h_{\ell-1})\big)",
    r"\text{LNS:}\ \ h_\ell = h_{\ell-1} + f(u_\ell)",
    r"u_\ell = \operatorname{Norm}(h_{\ell-1}) \,/\, \sqrt{\ell}",
    r"f(u) = g\, W_2 \operatorname{GELU}(W_1 u)",
    r"c(\sigma^2) = \mathbb{E}\big[\operatorname{GELU}(\sigma z)^2\big]",
    r"\mathbb{E}\,\lVert h_L - h_0 \rVert^2 / D = g^2 \textstyle\sum_{\ell=1}^{L} c(\sigma_\ell^2)",
    r"\text{Pre:}\ \ \sigma_\ell^2 = 1,\ \ \text{sum} = L\, c(1)",
    r"\text{LNS:}\ \ \sigma_\ell^2 = 1/\ell,\ \ c(\sigma^2) \approx \sigma^2/4",
    r"\text{LNS sum} \approx \tfrac{1}{4}\ln L + C",
)
