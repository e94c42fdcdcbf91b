r"""Hidden states: what a LayerNorm inside a real model receives, and what it does with it.

X holds S token vectors of D features, shape (S, D): the input of one LayerNorm, from a model's forward
hooks or from a user's file (``read_hidden``). Everything here is plain numpy in float64, returned as frozen
dataclasses; every norm comes from the library (``normviz.norms``). Nothing draws.

For one token x ∈ ℝᴰ, with 𝟏 = (1, …, 1):

* μ = mean(x), σ² = mean((x − μ)²) (biased, ε excluded), r² = mean(x²) = ‖x‖²/D = σ² + μ².
* The share of ‖x‖² along 𝟏 is c = ⟨x, 𝟏⟩²/(‖x‖²·D) = μ²·D/‖x‖² = μ²/r²: what LayerNorm's centring removes
  (Ba, Kiros & Hinton 2016, arXiv:1607.06450) and RMSNorm keeps (Zhang & Sennrich 2019, arXiv:1910.07467).
* At ε = 0 (γ = 1, β = 0) the two norms differ by ‖LN(x) − RMS(x)‖/‖LN(x)‖ = √(2(1 − √(1 − c))) ≈ √c:
  a function of c alone (``gap_from_share``). Gupta, Ozdemir & Anumanchipalli (2024, arXiv:2409.12951)
  argue that trained models keep their hidden states nearly orthogonal to 𝟏 (c ≈ 0), where the two agree.
* An outlier coordinate has |xᵢ|/RMS(x) far above 1 (Kovaleva et al. 2021, arXiv:2105.06990, for BERT's
  LayerNorm; Sun, Chen, Kolter & Liu 2024, arXiv:2402.17762, "massive activations"). Σᵢ (xᵢ/RMS(x))² = D, so
  fewer than D/t² coordinates of a token can pass a threshold t > 1, and none can pass √D.
* The learned γ and β turn LayerNorm's output set {u : Σuᵢ = 0, ‖u‖ = √D} (ε = 0) into γ ⊙ u + β: an
  ellipsoid of dimension D − 2, flattened along every coordinate whose γ is near 0. Coordinate i of an output
  stays within βᵢ ± |γᵢ|·√(D − 1) (``GammaSummary.reach``).

* LayerNorm with σ frozen (Baroni et al. 2025, arXiv:2507.02559): γ ⊙ (x − μ𝟏)/c + β with a fixed c is affine
  (``frozen_layer_norm``): the mean is still removed, the length kept. ``drift`` and ``neighbours`` measure what
  a changed model does to the states and to the ranking of sentences; ``frozen_view`` is a 3D slice that holds
  two tokens exactly.
* LayerNorm's Jacobian J = diag(γ)(1/s)(I − 𝟏𝟏ᵀ/D − zzᵀ/D), s = √(σ² + ε), z = (x − μ𝟏)/s (``ln_jacobian``):
  without γ its singular values are 1/s (D − 2 times), ε/s³ and 0. A coordinate with |xᵢ − μ| = a forces
  1/s ≤ √(D − 1)/a: a massive activation shrinks the gradient through its token's norm (``massive``; Chen &
  Yao 2026, arXiv:2603.17771, argue that this is why they form, for RMSNorm in pre-norm models).

Files: ``read_hidden`` reads a ``.npy`` (without pickle), a safetensors file or a torch file
(``torch.load(weights_only=True)``, through ``normviz.checkpoint.read_state_dict``), capped at
``checkpoint.MAX_BYTES``; ``read_hidden_isolated`` does it in a worker process with limits on its time and
memory (``normviz._isolated``), for files from strangers. A refusal is a ``HiddenError`` with a ``code``
from ``CODES``.
"""

from __future__ import annotations

import io
import itertools
import math
from dataclasses import dataclass

import numpy as np

from normviz import _xp
from normviz import checkpoint as ck
from normviz._exact import finite_number
from normviz.norms import layer_norm, rms_norm

QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)
SMALL_GAMMA = 0.05  # a γ with |γᵢ| < SMALL_GAMMA · median|γ| is "near 0": that axis of the output set is flat
# |xᵢ|/RMS(x) above this for a Gaussian coordinate has probability 2·10⁻⁹ (|Z| > 6): never by chance
DEFAULT_THRESHOLD = 6.0
SHARE_SLACK = 4  # ``gap_from_share`` takes c within this many spacings of 1 outside [0, 1] as rounding
HIDDEN_NAMES = ("hidden_states", "hidden_state", "last_hidden_state", "hidden")  # a tensor picked among several
NPY_MAGIC = b"\x93NUMPY"
FLOAT_DTYPES = ("float16", "float32", "float64")  # bfloat16 arrives as float32 (exact)
MAX_BYTES = ck.MAX_BYTES
TIME_LIMIT_S = ck.TIME_LIMIT_S
MEMORY_LIMIT = ck.MEMORY_LIMIT
CODES = (
    "too_large",  # values: size, limit (bytes)
    "empty",  # the file has 0 bytes
    "truncated",  # the file ends before the data its header announces
    "not_a_tensor_file",  # neither .npy, safetensors nor a torch file, or damaged
    "pickle_refused",  # a pickle beyond tensors and plain containers, or a .npy of Python objects
    "unsupported",  # a tensor of a kind not read (sparse, quantized, a safetensors dtype not read); values: dtype
    "dtype",  # not real floating-point numbers (integers, booleans, complex, structured); values: dtype
    "too_many_tensors",  # values: count, limit
    "no_tensor",  # the file holds no tensor
    "ambiguous",  # several tensors, none named like hidden states; values: count, keys
    "missing_key",  # the key asked for is not in the file; values: key, count, keys
    "shape",  # not (N, D) or (B, S, D); values: shape
    "empty_array",  # a dimension of length 0; values: shape
    "one_feature",  # D = 1: LayerNorm of one number is 0/0; values: shape
    "not_finite",  # NaN or ±inf inside; values: count, total
    "time_limit",  # the worker ran out of time (read_hidden_isolated); values: limit (s)
    "memory_limit",  # ... or out of memory; values: limit (MiB)
)
_FROM_CHECKPOINT = {  # checkpoint.CheckpointError codes as this module's
    "too_large": "too_large",
    "empty": "empty",
    "truncated": "truncated",
    "not_a_checkpoint": "not_a_tensor_file",
    "pickle_refused": "pickle_refused",
    "unsupported": "unsupported",
    "too_many_tensors": "too_many_tensors",
    "time_limit": "time_limit",
    "memory_limit": "memory_limit",
}


class HiddenError(ValueError):
    """A file that cannot be read as hidden states: ``code`` is one of ``CODES``.

    ``str(err)`` is a one-line English message; ``values`` holds the numbers and names it quotes, for a
    translated message (``hidden.error.<code>``).
    """

    def __init__(self, code: str, message: str, **values):
        if code not in CODES:
            raise ValueError(f"code must be one of {CODES}; got {code!r}")
        super().__init__(" ".join(str(message).split()))  # one line, whatever a file name or key held
        self.code = code
        self.values = values


# --- argument checks --------------------------------------------------------------------------------------


def _real(name: str, value) -> np.ndarray:
    """``value`` as a float64 numpy array; TypeError naming ``name`` for anything but real numbers."""
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be real numbers; got {value!r}")
    arr = np.asarray(_xp.to_numpy(_xp.as_array(value, name)))
    if arr.dtype.kind not in "fiu":
        kind = "complex" if arr.dtype.kind == "c" else f"non-numeric ({arr.dtype})"
        raise TypeError(f"{name} must be real numbers; got {kind} data")
    return arr.astype(np.float64)


def _finite(name: str, arr: np.ndarray) -> np.ndarray:
    if not np.all(np.isfinite(arr)):
        bad = int(np.size(arr) - np.count_nonzero(np.isfinite(arr)))
        raise ValueError(f"{name} must hold finite numbers; {bad} of its {arr.size} are NaN or inf")
    return arr


def _states(name: str, value) -> np.ndarray:
    """Hidden states: a finite float64 matrix (S, D) with S ≥ 1 tokens and D ≥ 2 features."""
    arr = _real(name, value)
    if arr.ndim != 2 or arr.shape[0] < 1 or arr.shape[1] < 2:
        raise ValueError(f"{name} must be a matrix (S, D) with S >= 1 tokens and D >= 2 features; got {arr.shape}")
    return _finite(name, arr)


def _vector(name: str, value, d: int | None = None) -> np.ndarray:
    arr = _real(name, value)
    if arr.ndim != 1 or arr.size < 1 or (d is not None and arr.size != d):
        want = f"of length {d}" if d is not None else "with at least one number"
        raise ValueError(f"{name} must be a vector {want}; got shape {arr.shape}")
    return _finite(name, arr)


def _eps(value) -> float:
    value = finite_number("eps", value)
    if value < 0:
        raise ValueError(f"eps must be a finite number >= 0; got {value!r}")
    return value


def _threshold(value) -> float:
    value = finite_number("threshold", value)
    if not value > 0:
        raise ValueError(f"threshold must be a positive finite number; got {value!r}")
    return value


def _scaled(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(m, x / m) per row with m = max|xᵢ| (1 for a zero row): squares neither over- nor underflow."""
    m = np.max(np.abs(x), axis=1)
    m = np.where(m > 0, m, 1.0)
    return m, x / m[:, None]


def _row_norm(x: np.ndarray) -> np.ndarray:
    m, xs = _scaled(x)
    return m * np.sqrt(np.einsum("ij,ij->i", xs, xs))


def _spacing_of_one(value) -> float:
    """The spacing of 1 in ``value``'s floating type (float16, float32, float64), float64's for anything else."""
    try:
        dtype = np.asarray(_xp.to_numpy(_xp.as_array(value, "c"))).dtype
    except (TypeError, ValueError):
        dtype = np.dtype(np.float64)  # ``_real`` says what is wrong with it
    return float(np.finfo(dtype if dtype.kind == "f" else np.float64).eps)


def _nanmean(a: np.ndarray, axis: int) -> np.ndarray:
    """The mean over ``axis`` of the values that are not NaN; NaN (no warning) where every value is NaN."""
    defined = ~np.isnan(a)
    return _divide(np.where(defined, a, 0.0).sum(axis=axis), defined.sum(axis=axis).astype(np.float64))


def _divide(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a / b, NaN where b = 0."""
    out = np.full(np.broadcast(a, b).shape, np.nan)
    np.divide(a, b, out=out, where=b != 0)
    return out


# --- per token: length, mean, spread, and the share along 𝟏 --------------------------------------------


@dataclass(frozen=True)
class TokenStats:
    """Per token of X (S, D): ‖x‖, μ, σ and the share of ‖x‖² along 𝟏."""

    norm: np.ndarray  # (S,) ‖x‖
    mean: np.ndarray  # (S,) μ = mean(x)
    std: np.ndarray  # (S,) σ = √mean((x − μ)²), biased, ε excluded
    share_ones: np.ndarray  # (S,) c = μ²·D/‖x‖² ∈ [0, 1]; NaN for x = 0
    d: int

    @property
    def rms(self) -> np.ndarray:
        """RMS(x) = ‖x‖/√D = √(σ² + μ²)."""
        return self.norm / math.sqrt(self.d)


def token_stats(x) -> TokenStats:
    r"""‖x‖, μ, σ and c = μ²·D/‖x‖² for every token (row) of x, shape (S, D).

    c = ⟨x, 𝟏⟩² / (‖x‖²·‖𝟏‖²) is the squared cosine between x and 𝟏: the share of ‖x‖² that lies along 𝟏,
    what LayerNorm's centring x − μ𝟏 removes. Since ‖x‖²/D = σ² + μ², c = μ²/(σ² + μ²): 0 for a zero-mean
    token, 1 for a constant one. It is NaN for the zero vector (0/0: no direction). Computed on each row
    scaled by its largest |xᵢ| (as ``math.hypot`` does), so no square over- or underflows.
    """
    x = _states("x", x)
    d = x.shape[1]
    m, xs = _scaled(x)
    mean_s = xs.mean(axis=1)
    ss = np.einsum("ij,ij->i", xs, xs)
    centred = xs - mean_s[:, None]
    std_s = np.sqrt(np.einsum("ij,ij->i", centred, centred) / d)  # two passes: exact for a large offset
    share = _divide(mean_s**2 * d, ss)
    return TokenStats(m * np.sqrt(ss), m * mean_s, m * std_s, np.minimum(share, 1.0), d)


# --- LayerNorm against RMSNorm ----------------------------------------------------------------------------


def gap_from_share(c) -> np.ndarray:
    r"""‖LN(x) − RMS(x)‖ / ‖LN(x)‖ at ε = 0 (γ = 1, β = 0) from c = μ²/r², the share of ‖x‖² along 𝟏.

    With LN(x) = (x − μ𝟏)/σ and RMS(x) = x/r, r² = ‖x‖²/D = σ² + μ²:
    ‖LN‖² = D, ‖RMS‖² = D and ⟨LN, RMS⟩ = ⟨x − μ𝟏, x⟩/(σr) = Dσ²/(σr) = Dσ/r, so

        gap² = (‖LN‖² + ‖RMS‖² − 2⟨LN, RMS⟩)/‖LN‖² = 2(1 − σ/r) = 2(1 − √(1 − c)),

    written as 2c/(1 + √(1 − c)) (no cancellation for small c): gap ≈ √c for c ≪ 1, √2 as c → 1 (σ → 0,
    where LayerNorm itself is 0/0). ``c`` is a number or an array in [0, 1]; NaN (the share of a zero token,
    ``token_stats``) gives NaN. A value outside [0, 1] by at most 4 units of its float type's rounding
    (``SHARE_SLACK`` · spacing of 1) is taken as 0 or 1; one further out is a ValueError quoting it.
    """
    slack = SHARE_SLACK * _spacing_of_one(c)
    c = _real("c", c)
    outside = ~np.isnan(c) & ((c < -slack) | (c > 1 + slack))
    if np.any(outside):
        bad = c[outside]
        count = f" ({bad.size} of its {c.size} values)" if c.size > 1 else ""
        raise ValueError(f"c must lie in [0, 1] (or be NaN); got {float(bad.flat[0])!r}{count}")
    c = np.clip(c, 0.0, 1.0)  # NaN stays NaN
    return np.sqrt(2.0 * c / (1.0 + np.sqrt(1.0 - c)))


def ln_rms_gap(x, eps) -> np.ndarray:
    r"""‖LN(x) − RMS(x)‖ / ‖LN(x)‖ per token of x (S, D), γ = 1, β = 0, both with the same ε.

    LN and RMS are ``normviz.norms.layer_norm`` and ``rms_norm`` in float64. At ε = 0 the gap depends on the
    share of ‖x‖² along 𝟏 alone, c = μ²/r² (``token_stats``): gap = √(2(1 − √(1 − c))) (``gap_from_share``,
    derived there). For ε > 0, with s² = σ² + ε and q² = r² + ε:
    ‖LN‖² = Dσ²/s², ‖RMS‖² = Dr²/q², ⟨LN, RMS⟩ = Dσ²/(sq), so gap² = 1 + r²s²/(σ²q²) − 2s/q.
    NaN where ‖LN(x)‖ = 0 (a constant token, the zero token) or LN is 0/0 (the same at ε = 0): never an error.
    """
    x = _states("x", x)
    e = _eps(eps)
    ln = np.asarray(layer_norm(x, eps=e), dtype=np.float64)
    rms = np.asarray(rms_norm(x, eps=e), dtype=np.float64)
    return _divide(_row_norm(ln - rms), _row_norm(ln))


# --- outlier coordinates ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class LayerTable:
    """``token_stats`` and ``ln_rms_gap`` of L sets of states at once (a model's norms): (L, S) arrays.

    Degenerate tokens give NaN where a value is undefined, numbers elsewhere: a zero token has share_ones and
    gap NaN (norm, mean and std 0); a constant token has share_ones 1 and gap NaN (LayerNorm is 0/0 at ε = 0,
    and ‖LN(x)‖ = 0 for ε > 0).
    """

    norm: np.ndarray
    mean: np.ndarray
    std: np.ndarray
    share_ones: np.ndarray
    gap: np.ndarray  # ‖LN(x) − RMS(x)‖/‖LN(x)‖ at γ = 1, β = 0 and ``eps``
    eps: float

    @property
    def mean_share(self) -> np.ndarray:
        """(L,) each layer's share along 𝟏, averaged over its tokens where defined (NaN if nowhere)."""
        return _nanmean(self.share_ones, axis=1)

    @property
    def mean_gap(self) -> np.ndarray:
        """(L,) each layer's ‖LN − RMS‖/‖LN‖, averaged over its tokens where defined (NaN if nowhere; not the
        gap of the mean share)."""
        return _nanmean(self.gap, axis=1)


def per_layer(layers, eps) -> LayerTable:
    """``LayerTable`` of ``layers``, an (L, S, D) array or a list of (S, D) arrays of one S. All-zero and
    constant tokens are allowed: NaN where a value is undefined (``LayerTable``), never an error."""
    stats = [token_stats(x) for x in layers]
    e = _eps(eps)
    return LayerTable(
        np.stack([s.norm for s in stats]),
        np.stack([s.mean for s in stats]),
        np.stack([s.std for s in stats]),
        np.stack([s.share_ones for s in stats]),
        np.stack([ln_rms_gap(x, e) for x in layers]),
        e,
    )


@dataclass(frozen=True)
class Outliers:
    """The coordinates of X (S, D) with |xᵢ|/RMS(x) above ``threshold``, and what they do to the others."""

    threshold: float
    eps: float  # RMSNorm's ε in ``others_factor``
    ratio: np.ndarray  # (S, D) |xᵢ|/RMS(x), RMS(x) = ‖x‖/√D; NaN for a zero token
    mask: np.ndarray  # (S, D) ratio > threshold
    pairs: np.ndarray  # (K, 2) the (token, coordinate) pairs of ``mask``, token-major
    counts: np.ndarray  # (D,) in how many tokens each coordinate is flagged (its recurrence)
    max_ratio: np.ndarray  # (D,) the largest ratio of each coordinate over the tokens (NaN if every token is 0)
    coordinates: np.ndarray  # the flagged coordinates, by count (most first), then max_ratio, then index
    dominant_share: np.ndarray  # (S,) Σ_flagged xᵢ² / ‖x‖²: the share of ‖x‖² they carry; NaN for x = 0
    others_factor: np.ndarray  # (S,) what RMSNorm multiplies every other output by, because of them
    # (token, coordinate, ratio) of the largest ratio of all, flagged or not (None if every token is 0)
    strongest: tuple[int, int, float] | None
    mean_factor_flagged: float  # the mean of others_factor over the tokens with a flagged coordinate (NaN: none)

    @property
    def per_token(self) -> np.ndarray:
        """(S,) how many coordinates are flagged in each token."""
        return self.mask.sum(axis=1)

    @property
    def flagged_tokens(self) -> np.ndarray:
        """(D,) per coordinate, the number of distinct tokens (rows) where it is flagged. A (token, coordinate)
        pair is flagged at most once, so this is ``counts``; it stays available when ``mask`` is dropped."""
        return self.counts

    @property
    def top(self) -> int | None:
        """The coordinate flagged most often (None if none is)."""
        return int(self.coordinates[0]) if self.coordinates.size else None


def outliers(x, threshold: float = DEFAULT_THRESHOLD, *, eps: float = 0.0) -> Outliers:
    r"""Coordinates that dominate ‖x‖: |xᵢ|/RMS(x) > threshold, per token of x (S, D).

    Σᵢ (xᵢ/RMS(x))² = D: a token has fewer than D/t² flagged coordinates for t > 1, none for t ≥ √D.

    What they do to the rest under RMSNorm: with F the flagged coordinates of x and x' = x with them set to 0,
    RMSNorm's output of every other coordinate j is xⱼ/√(‖x‖²/D + ε) with them and xⱼ/√(‖x'‖²/D + ε) without,
    so they multiply it by

        others_factor = √((Σ_{i∉F} xᵢ² + D·ε) / (Σ_i xᵢ² + D·ε))    (= √(1 − dominant_share) at ε = 0),

    ``normviz.beyond.rms_outlier_factor`` for several outliers at once (one outlier s: √(‖r‖²/(‖r‖² + s²))).
    1 where nothing is flagged; 0 where every coordinate is (threshold < 1; x' = 0 has no RMSNorm at ε = 0).
    ``mean_factor_flagged`` averages it over the tokens with a flagged coordinate only (NaN if there is none).
    ``strongest`` is the single largest |xᵢ|/RMS(x) of all, flagged or not (ties: the first, token-major).
    """
    x = _states("x", x)
    t = _threshold(threshold)
    e = _eps(eps)
    d = x.shape[1]
    m, xs = _scaled(x)
    total = np.einsum("ij,ij->i", xs, xs)  # ‖x‖²/m²
    rms_s = np.sqrt(total / d)
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = np.abs(xs) / rms_s[:, None]  # 0/0 = NaN for a zero token
    mask = ratio > t
    counts = mask.sum(axis=0)
    max_ratio = np.fmax.reduce(ratio, axis=0)
    order = np.lexsort((np.arange(d), -np.nan_to_num(max_ratio, nan=0.0), -counts))
    flagged = np.einsum("ij,ij->i", xs * mask, xs)
    others = total - flagged
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        de = d * e / (m * m)  # D·ε in the row's scale (inf: ε outweighs the token, nothing shrinks)
        factor = np.where(np.isinf(de), 1.0, np.sqrt((others + de) / (total + de)))
    hit = mask.any(axis=1)
    factor = np.minimum(np.where(hit, factor, 1.0), 1.0)
    if np.all(np.isnan(ratio)):
        strongest = None
    else:
        token, coordinate = np.unravel_index(int(np.nanargmax(ratio)), ratio.shape)
        strongest = (int(token), int(coordinate), float(ratio[token, coordinate]))
    return Outliers(
        threshold=t,
        eps=e,
        ratio=ratio,
        mask=mask,
        pairs=np.argwhere(mask),
        counts=counts,
        max_ratio=max_ratio,
        coordinates=order[counts[order] > 0],
        dominant_share=_divide(flagged, total),
        others_factor=factor,
        strongest=strongest,
        mean_factor_flagged=float(factor[hit].mean()) if hit.any() else math.nan,
    )


@dataclass(frozen=True)
class Recurrence:
    """Flagged coordinates over several layers (``recurrence_across``)."""

    threshold: float
    per_layer: np.ndarray  # (L, D) in how many tokens of each layer each coordinate is flagged
    counts: np.ndarray  # (D,) in how many (layer, token) pairs it is flagged
    layers_hit: np.ndarray  # (D,) in how many layers it is flagged at least once
    pairs: int  # the (layer, token) pairs there are: Σ S_l
    coordinates: np.ndarray  # the flagged coordinates, by counts (most first), then layers_hit, then index
    # (D,) in how many distinct token positions it is flagged in at least one layer: position j is the same
    # token in every layer (a model's norms). None when the layers' S differ (positions do not match up)
    tokens_hit: np.ndarray | None
    mean_factor_flagged: float  # mean others_factor (ε = 0) over the (layer, token) pairs with a flag (NaN: none)


def recurrence_across(layers, threshold: float = DEFAULT_THRESHOLD) -> Recurrence:
    """For each coordinate, in how many (layer, token) pairs of ``layers`` (a list of (S_l, D) arrays, the
    same D) |xᵢ|/RMS(x) > threshold: whether the same coordinates dominate layer after layer.

    With one S for every layer (the norms of one model run), ``tokens_hit`` counts the token positions where a
    coordinate is flagged in any layer; ``mean_factor_flagged`` is ``Outliers.others_factor`` (ε = 0)
    averaged over every (layer, token) pair with at least one flagged coordinate."""
    if isinstance(layers, (str, bytes)) or not hasattr(layers, "__len__"):
        raise TypeError(f"layers must be a list of (S, D) arrays; got {type(layers).__name__}")
    if len(layers) == 0:
        raise ValueError("layers must hold at least one (S, D) array; got none")
    t = _threshold(threshold)
    found = [outliers(_states(f"layers[{i}]", a), t) for i, a in enumerate(layers)]
    widths = {o.counts.size for o in found}
    if len(widths) != 1:
        raise ValueError(f"layers must all have the same D; got {sorted(widths)}")
    per_layer = np.stack([o.counts for o in found])
    counts = per_layer.sum(axis=0)
    hit = (per_layer > 0).sum(axis=0)
    order = np.lexsort((np.arange(counts.size), -hit, -counts))
    same_s = len({o.mask.shape[0] for o in found}) == 1
    tokens_hit = np.logical_or.reduce([o.mask for o in found]).sum(axis=0) if same_s else None
    flagged = np.concatenate([o.others_factor[o.mask.any(axis=1)] for o in found])
    return Recurrence(
        threshold=t,
        per_layer=per_layer,
        counts=counts,
        layers_hit=hit,
        pairs=sum(o.mask.shape[0] for o in found),
        coordinates=order[counts[order] > 0],
        tokens_hit=tokens_hit,
        mean_factor_flagged=float(flagged.mean()) if flagged.size else math.nan,
    )


# --- the learned γ and β ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class GammaSummary:
    """Where a LayerNorm's γ (and β) lie, and the coordinates where γ is near 0."""

    gamma: np.ndarray  # (D,)
    beta: np.ndarray | None  # (D,)
    min: float
    argmin: int
    max: float
    argmax: int
    mean: float
    quantiles: tuple[float, ...]  # at QUANTILES (5, 25, 50, 75, 95 %), numpy's linear interpolation
    small: np.ndarray  # coordinates with |γᵢ| < small_below, smallest |γᵢ| first
    small_below: float  # SMALL_GAMMA · median|γ|
    beta_min: float | None
    beta_max: float | None

    @property
    def d(self) -> int:
        return self.gamma.size

    @property
    def reach(self) -> np.ndarray:
        """(D,) |γᵢ|·√(D − 1): the tightest bound on |yᵢ − βᵢ| for a LayerNorm output y at ε = 0, i.e. on the
        flattened coordinate i when γᵢ ≈ 0. The output set is {γ ⊙ u + β : Σuᵢ = 0, ‖u‖ = √D}; on it
        |uᵢ| ≤ √D·√(1 − 1/D) = √(D − 1) (Cauchy–Schwarz against eᵢ − 𝟏/D), with equality at u ∝ ±(eᵢ − 𝟏/D),
        the LayerNorm of x = ±eᵢ: the bound is reached, not merely held. For ε > 0 every |uᵢ| is smaller."""
        return np.abs(self.gamma) * math.sqrt(self.gamma.size - 1)


def gamma_summary(gamma, beta=None) -> GammaSummary:
    """The spread of γ (min, max and where, mean, the 5/25/50/75/95 % quantiles), the coordinates with
    |γᵢ| < SMALL_GAMMA · median|γ| (none if that median is 0), and β's range (None without β).

    A γᵢ near 0 flattens the output set along coordinate i: every output's yᵢ is then within
    βᵢ ± |γᵢ|·√(D − 1) (``GammaSummary.reach``), whatever the input.
    """
    g = _vector("gamma", gamma)
    b = None if beta is None else _vector("beta", beta, g.size)
    below = SMALL_GAMMA * float(np.median(np.abs(g)))
    small = np.flatnonzero(np.abs(g) < below)
    small = small[np.argsort(np.abs(g[small]), kind="stable")]
    return GammaSummary(
        gamma=g,
        beta=b,
        min=float(g.min()),
        argmin=int(g.argmin()),
        max=float(g.max()),
        argmax=int(g.argmax()),
        mean=float(g.mean()),
        quantiles=tuple(float(q) for q in np.quantile(g, QUANTILES)),
        small=small,
        small_below=below,
        beta_min=None if b is None else float(b.min()),
        beta_max=None if b is None else float(b.max()),
    )


# --- is the library right on real data? -------------------------------------------------------------------


@dataclass(frozen=True)
class LibraryCheck:
    """max |normviz.layer_norm(inputs; γ, β, ε) − outputs| in two precisions."""

    diff32: float  # computed in float32, like a float32 model: a few float32 rounding steps of the outputs
    diff64: float  # computed in float64: the model's own rounding error, as far as float64 can tell
    scale: float  # max |outputs|, to read the differences against (float32's spacing there: ``ulp``)
    eps: float

    @property
    def ulp(self) -> float:
        """float32's spacing at ``scale``: the gap from float32(scale) to the next float32 up, 2^(⌊log₂ scale⌋ − 23)
        for a normal scale (at most scale · 2⁻²³, down to half of it). The smallest subnormal for scale 0."""
        return float(np.spacing(np.float32(self.scale)))

    @property
    def diff32_ulps(self) -> float:
        """``diff32`` in units of ``ulp``: how many float32 spacings at the outputs' size it spans."""
        return self.diff32 / self.ulp


def library_check(inputs, outputs, gamma=None, beta=None, eps: float = 1e-5) -> LibraryCheck:
    """Run ``normviz.norms.layer_norm`` (weight = γ, bias = β, ε) on a model's LayerNorm inputs and compare
    with the outputs the model itself produced: max |difference| over every element.

    ``diff32`` computes in float32 (inputs, γ and β cast to float32; the library reduces in float32): what a
    float32 model's own LayerNorm can be matched to, a few units of float32 rounding of ``scale``.
    ``diff64`` computes in float64 from the same float32 values: the model's rounding plus any real
    disagreement. inputs and outputs have one shape (..., D), γ and β D numbers each (or None: 1 and 0).
    """
    xin = _finite("inputs", _real("inputs", inputs))
    out = _finite("outputs", _real("outputs", outputs))
    if xin.ndim < 1 or xin.shape[-1] < 1 or xin.size == 0:
        raise ValueError(f"inputs must have shape (..., D) with D >= 1 and not be empty; got {xin.shape}")
    if out.shape != xin.shape:
        raise ValueError(f"outputs must have the shape of inputs {xin.shape}; got {out.shape}")
    d = xin.shape[-1]
    g = None if gamma is None else _vector("gamma", gamma, d)
    b = None if beta is None else _vector("beta", beta, d)
    e = _eps(eps)

    def diff(dtype) -> float:
        def cast(a):  # the float32 values a float32 model holds, computed in ``dtype``
            return None if a is None else a.astype(np.float32).astype(dtype)

        y = layer_norm(cast(xin), weight=cast(g), bias=cast(b), eps=e)
        return float(np.max(np.abs(np.asarray(y, dtype=np.float64) - out)))

    return LibraryCheck(diff(np.float32), diff(np.float64), float(np.max(np.abs(out))), e)


# --- the picture: a 3D view of the hyperplane ⟂ 𝟏 ---------------------------------------------------------


@dataclass(frozen=True)
class HiddenView:
    """Tokens before and after a norm, in an orthonormal basis of k = min(3, D − 1) directions ⟂ 𝟏."""

    basis: np.ndarray  # (k, D): orthonormal rows, each with Σ = 0
    before: np.ndarray  # (S, k) ⟨x, eₖ⟩
    after: np.ndarray  # (S, k) ⟨y, eₖ⟩; a row of NaN where y held NaN (an undefined output)
    explained: np.ndarray  # (k,) the share of the inputs' variance (centred, ⟂ 𝟏) along each direction
    before_norm: np.ndarray  # (S,) ‖x‖ in all D dimensions
    after_norm: np.ndarray  # (S,) ‖y‖ in all D dimensions; NaN where y held NaN

    @property
    def d(self) -> int:
        return self.basis.shape[1]

    @property
    def before3(self) -> np.ndarray:
        """(S, 3) ``before`` with zero columns appended where k < 3 (D = 2 or 3), for a 3D figure."""
        return padded(self.before)

    @property
    def after3(self) -> np.ndarray:
        """(S, 3) ``after`` with zero columns appended where k < 3; an undefined (NaN) row stays all NaN."""
        return padded(self.after)


def padded(coordinates, k: int = 3) -> np.ndarray:
    """(S, k) ``coordinates`` (S, j ≤ k) with k − j zero columns appended: a view's k = D − 1 < 3 directions
    drawn in 3D (the missing axes are 0). A row holding NaN (an undefined output) comes back all NaN."""
    a = np.asarray(coordinates, dtype=np.float64)
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
        raise TypeError(f"k must be an int; got {type(k).__name__}")
    if k < 1:
        raise ValueError(f"k must be at least 1; got {k}")
    if a.ndim != 2 or a.shape[1] > k:
        raise ValueError(f"coordinates must be a matrix (S, j) with j <= {k}; got shape {a.shape}")
    out = np.zeros((a.shape[0], int(k)))
    out[:, : a.shape[1]] = a
    out[np.isnan(a).any(axis=1)] = np.nan
    return out


def _helmert(d: int, k: int) -> np.ndarray:
    """Row k (1 ≤ k < d) of the Helmert basis of Σyᵢ = 0: (1, …, 1, −k, 0, …, 0)/√(k(k + 1))."""
    h = np.zeros(d)
    h[:k], h[k] = 1.0, -float(k)
    return h / math.sqrt(k * (k + 1))


EXACT_PCA_MAX = 512  # up to this many rows or columns (the smaller side), principal axes from an exact eigh
_PCA_BLOCK, _PCA_PASSES = 10, 8


def _principal(y: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The top-k eigenvalues of yᵀy and their unit eigenvectors (k, D).

    Exact (``eigh`` of the Gram matrix of y's smaller side) while that side is at most EXACT_PCA_MAX; above,
    randomized subspace iteration with a block of 10 and 8 passes (Halko, Martinsson & Tropp 2011,
    arXiv:0909.4061), O(S·D) per pass instead of O(min(S, D)³): ``hyperplane_view`` of a (2000, 4096)
    upload took 5.9 s with the exact route, 1.6 s with this one (measured on a busy machine). Where the top
    eigenvalues stand apart it agrees with the exact route to rounding; for a nearly isotropic cloud the axes
    are nearly arbitrary anyway, and the shares are at most slightly low (Ritz values: lower bounds).
    """
    s, d = y.shape
    if min(s, d) > EXACT_PCA_MAX:
        q = np.linalg.qr(y @ np.random.default_rng(12345).standard_normal((d, _PCA_BLOCK))).Q
        for _ in range(_PCA_PASSES):
            q = np.linalg.qr(y @ np.linalg.qr(y.T @ q).Q).Q
        _, sv, vt = np.linalg.svd(q.T @ y, full_matrices=False)
        return sv[:k] ** 2, vt[:k]
    if s < d:
        lam, u = np.linalg.eigh(y @ y.T)
        lam, u = lam[::-1][:k], u[:, ::-1][:, :k]
        v = (y.T @ u).T  # yᵀu = √λ · v
        norms = np.linalg.norm(v, axis=1)
        v = v / np.where(norms > 0, norms, 1.0)[:, None]
    else:
        lam, w = np.linalg.eigh(y.T @ y)
        lam, v = lam[::-1][:k], w[:, ::-1][:, :k].T
    return np.clip(lam, 0.0, None), v


def hyperplane_view(before, after) -> HiddenView:
    r"""``before`` (the norm's inputs) and ``after`` (its outputs), both (S, D), seen in three directions ⟂ 𝟏.

    The directions are the principal axes of the inputs centred over the tokens and projected onto the
    hyperplane Σyᵢ = 0: Y = (X − mean over tokens)·(I − 𝟏𝟏ᵀ/D), eigenvectors of YᵀY (from the Gram matrix
    of Y's smaller side, or randomized subspace iteration above ``EXACT_PCA_MAX`` tokens and features),
    re-projected ⟂ 𝟏 and orthonormalised; ``explained`` is each one's share of ‖Y‖²_F. Where the data span
    fewer directions (S ≤ 3 tokens, say) Helmert vectors complete the basis (share 0); D ≤ 3 gives k = D − 1
    directions, the whole hyperplane. Each direction's sign makes its
    largest component positive. The coordinates are ⟨x, eₖ⟩ without centring: the origin is 0 ∈ ℝᴰ, and
    the part of x along 𝟏 is dropped (the basis is ⟂ 𝟏).

    After LayerNorm with γ = 1, β = 0 at ε = 0 every output lies on the hyperplane with ‖y‖ = √D exactly:
    "on the sphere" holds in D dimensions (``after_norm``). The three coordinates are a shadow of it:
    ‖(⟨y, e₁⟩, ⟨y, e₂⟩, ⟨y, e₃⟩)‖ ≤ √D, equal only for an output inside the span of the three directions.

    ``before`` must be finite. A row of ``after`` holding NaN is an undefined output (LayerNorm of a constant
    token at ε = 0 is 0/0): its coordinates and its norm are NaN; ±inf is refused. ``before3`` and ``after3``
    (``padded``) give (S, 3) for a 3D figure also when D ≤ 3.
    """
    x = _states("before", before)
    y = _real("after", after)
    if y.shape != x.shape:
        raise ValueError(f"after must have the shape of before {x.shape}; got {y.shape}")
    if np.any(np.isinf(y)):
        raise ValueError(f"after must hold finite numbers or NaN (undefined rows); {int(np.isinf(y).sum())} are inf")
    undefined = np.isnan(y).any(axis=1)
    y = np.where(undefined[:, None], 0.0, y)
    d = x.shape[1]
    k = min(3, d - 1)
    centred = x - x.mean(axis=0)
    centred -= centred.mean(axis=1, keepdims=True)
    total = float(np.einsum("ij,ij->", centred, centred))
    lam, vecs = _principal(centred, k)
    floor = max(centred.shape) * np.finfo(np.float64).eps * (lam[0] if lam.size else 0.0) * 16
    keep = [i for i in range(lam.size) if lam[i] > floor and lam[i] > 0]
    basis, shares = [], []
    candidates = itertools.chain((vecs[i] for i in keep), (_helmert(d, j) for j in range(1, d)))  # lazily
    for i, v in enumerate(candidates):
        if len(basis) == k:
            break
        v = v - v.mean()
        for b in basis:
            v = v - (b @ v) * b
        v = v - v.mean()
        n = np.linalg.norm(v)
        if n == 0 or (i >= len(keep) and n < 0.5):  # a completing Helmert vector mostly in the span already
            continue
        v = v / n
        v = v * (1.0 if v[np.argmax(np.abs(v))] > 0 else -1.0)
        basis.append(v)
        shares.append(lam[keep[i]] / total if i < len(keep) and total > 0 else 0.0)
    basis = np.array(basis)
    return HiddenView(
        basis=basis,
        before=x @ basis.T,
        after=np.where(undefined[:, None], np.nan, y @ basis.T),
        explained=np.clip(np.array(shares), 0.0, 1.0),
        before_norm=_row_norm(x),
        after_norm=np.where(undefined, np.nan, _row_norm(y)),
    )


# --- LayerNorm with σ frozen (Baroni et al. 2025) ----------------------------------------------------------

FROZEN_TEX = (  # short display lines: each fits a phone's width
    r"\mathrm{LN}(x) = \gamma \odot \frac{x - \mu\mathbf{1}}{s} + \beta",
    r"s = \sqrt{\sigma^2 + \varepsilon}",
    r"\mathrm{LN}_c(x) = \gamma \odot \frac{x - \mu\mathbf{1}}{c} + \beta",
    r"\gamma = 1,\ \beta = 0:",
    r"\lVert \mathrm{LN}(x) \rVert = \sqrt{D}\,\sigma/s",
    r"\lVert \mathrm{LN}_c(x) \rVert = \sqrt{D}\,\sigma/c",
)


def _divisors(c, s: int) -> np.ndarray:
    """(S, 1) positive finite divisors from a constant or one per row."""
    arr = _real("c", c)
    if arr.ndim == 0:
        arr = np.full(s, float(arr))
    if arr.shape != (s,):
        raise ValueError(f"c must be a number or one number per row ({s}); got shape {arr.shape}")
    _finite("c", arr)
    if np.any(arr <= 0):
        raise ValueError(f"c must be positive; got {float(arr.min())!r}")
    return arr[:, None]


def frozen_layer_norm(x, c, *, gamma=None, beta=None) -> np.ndarray:
    r"""LayerNorm with its divisor frozen (Baroni et al. 2025, arXiv:2507.02559), per row of x (S, D), in float64:

        y = γ ⊙ (x − mean(x)·𝟏) / c + β,

    c a positive constant (or one per row) in place of s = √(var(x) + ε). An affine map of x: the mean is still
    removed (y − β ⟂ 𝟏 for γ = 1), the length is kept (‖y − β‖ = ‖x − mean(x)·𝟏‖/c for γ = 1), so the outputs
    fill the whole hyperplane instead of its √D sphere. γ = None is 1, β = None is 0.
    """
    x = _states("x", x)
    d = x.shape[1]
    g = np.ones(d) if gamma is None else _vector("gamma", gamma, d)
    b = np.zeros(d) if beta is None else _vector("beta", beta, d)
    return (x - x.mean(axis=1, keepdims=True)) / _divisors(c, x.shape[0]) * g + b


def _row_cosine(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return _divide(np.einsum("...j,...j->...", a, b), np.linalg.norm(a, axis=-1) * np.linalg.norm(b, axis=-1))


@dataclass(frozen=True)
class Drift:
    """How far a changed run's states are from the original's, per norm (L) and token (S)."""

    cosine: np.ndarray  # (L, S) cos(y_changed, y_original) per token; NaN where either is 0
    relative: np.ndarray  # (L, S) ‖y_changed − y_original‖ / ‖y_original‖ per token; NaN where y_original = 0
    layer_relative: np.ndarray  # (L,) ‖Y_changed − Y_original‖_F / ‖Y_original‖_F over the norm's tokens

    @property
    def layer_cosine(self) -> np.ndarray:
        """(L,) the mean over the tokens of ``cosine`` (NaN tokens left out)."""
        return _nanmean(self.cosine, axis=1)

    @property
    def layer_min_cosine(self) -> np.ndarray:
        """(L,) the smallest token's cosine."""
        return np.fmin.reduce(self.cosine, axis=1)


def drift(original, changed) -> Drift:
    """``Drift`` of ``changed`` against ``original``, both (L, S, D) (or (S, D): one layer), in float64."""
    a = _real("original", original)
    b = _real("changed", changed)
    if a.ndim == 2 and b.ndim == 2:
        a, b = a[None], b[None]
    if a.ndim != 3 or b.shape != a.shape or a.shape[2] < 1:
        raise ValueError(f"original and changed must have one shape (L, S, D); got {a.shape} and {b.shape}")
    _finite("original", a)
    _finite("changed", b)
    diff = np.linalg.norm(b - a, axis=2)
    norm = np.linalg.norm(a, axis=2)
    layer = _divide(np.sqrt(np.sum(diff**2, axis=1)), np.sqrt(np.sum(norm**2, axis=1)))
    return Drift(_row_cosine(b, a), _divide(diff, norm), layer)


@dataclass(frozen=True)
class Neighbours:
    """Candidates ranked by cosine to a query, before and after a change of the model."""

    original: np.ndarray  # (N,) cos(candidate, query), both from the original model
    changed: np.ndarray  # (N,) the same from the changed model
    order_original: np.ndarray  # (N,) candidate indices, the most similar first (ties: the lower index first)
    order_changed: np.ndarray

    @property
    def same_order(self) -> bool:
        return bool(np.array_equal(self.order_original, self.order_changed))

    @property
    def same_nearest(self) -> bool:
        return bool(self.order_original[0] == self.order_changed[0])

    @property
    def moved(self) -> int:
        """How many candidates have another rank after the change."""
        return int(np.count_nonzero(self.order_original != self.order_changed))

    def kept(self, k: int) -> int:
        """How many of the first ``k`` places hold the same candidate after the change."""
        k = min(int(k), self.order_original.size)
        return int(np.count_nonzero(self.order_original[:k] == self.order_changed[:k]))

    def rank_changed(self) -> np.ndarray:
        """(N,) each candidate's rank (0 = nearest) after the change."""
        ranks = np.empty(self.order_changed.size, dtype=int)
        ranks[self.order_changed] = np.arange(self.order_changed.size)
        return ranks


def _order(cos: np.ndarray) -> np.ndarray:
    return np.lexsort((np.arange(cos.size), -cos))


def neighbours(query, candidates, query_changed, candidates_changed) -> Neighbours:
    """Rank ``candidates`` (N, D) by cosine to ``query`` (D,), and the changed model's embeddings of the same
    sentences likewise: whether the nearest-neighbour order survives the change."""
    q, q2 = _vector("query", query), _vector("query_changed", query_changed)
    c, c2 = _real("candidates", candidates), _real("candidates_changed", candidates_changed)
    if c.ndim != 2 or c.shape[0] < 1 or c.shape[1] != q.size or c2.shape != c.shape or q2.size != q.size:
        raise ValueError(
            f"candidates must be (N, {q.size}) with N >= 1, the changed ones alike; got {c.shape}, {c2.shape}"
        )
    before, after = _row_cosine(_finite("candidates", c), q), _row_cosine(_finite("candidates_changed", c2), q2)
    return Neighbours(before, after, _order(before), _order(after))


@dataclass(frozen=True)
class FrozenView:
    """Two tokens' exact 3D slice: the basis (𝟏/√D, e₁, e₂) spans both inputs, so nothing is projected away.

    e₁ is token a's centred input direction, e₂ token b's made orthogonal to e₁. Coordinates (2, 3) of the inputs
    x, of LN(x) = (x − μ𝟏)/s and of the frozen map (x − μ𝟏)/c (γ = 1, β = 0 for both). In this slice LayerNorm's
    output set is the circle of radius √D·σ/s in the plane ⟂ 𝟏 (√D at ε = 0), the frozen map's the whole plane.
    """

    basis: np.ndarray  # (3, D) orthonormal rows: 𝟏/√D, e₁, e₂
    inputs: np.ndarray  # (2, 3)
    ln: np.ndarray  # (2, 3)
    frozen: np.ndarray  # (2, 3)
    s: np.ndarray  # (2,) √(σ² + ε)
    c: np.ndarray  # (2,) the frozen divisors
    residual: float  # the largest distance of an input from the slice (rounding only)

    @property
    def ratio(self) -> np.ndarray:
        """(2,) ‖frozen‖/‖LN‖ = s/c: how much longer the frozen output is than LayerNorm's."""
        return self.s / self.c


def frozen_view(x, c, eps) -> FrozenView:
    """``FrozenView`` of the two rows of ``x`` (2, D), D ≥ 3, frozen with divisors ``c`` (a number or two), ``eps``
    LayerNorm's ε. Rows whose centred parts are parallel get a Helmert vector ⟂ 𝟏 and e₁ as e₂."""
    x = _states("x", x)
    if x.shape[0] != 2 or x.shape[1] < 3:
        raise ValueError(f"x must hold two tokens of D >= 3 features; got shape {x.shape}")
    d = x.shape[1]
    e = _eps(eps)
    cs = _divisors(c, 2)[:, 0]
    centred, s = _divisor(x, e)
    ones = np.full(d, 1.0 / math.sqrt(d))
    basis = [ones]
    for v in itertools.chain(centred, (_helmert(d, j) for j in range(1, d))):
        for b in basis:
            v = v - (b @ v) * b
        n = np.linalg.norm(v)
        if n > 1e-9 * max(1.0, float(np.abs(centred).max())):
            basis.append(v / n)
        if len(basis) == 3:
            break
    basis = np.array(basis)
    inside = x @ basis.T
    residual = float(np.max(np.linalg.norm(x - inside @ basis, axis=1)))
    with np.errstate(divide="ignore", invalid="ignore"):  # a constant token at ε = 0: LayerNorm is 0/0 (NaN)
        ln = (centred / s[:, None]) @ basis.T
    return FrozenView(
        basis=basis,
        inputs=inside,
        ln=ln,
        frozen=(centred / cs[:, None]) @ basis.T,
        s=s,
        c=cs,
        residual=residual,
    )


# --- the Jacobian of LayerNorm, and the largest coordinates (Chen & Yao 2026) ----------------------------

JACOBIAN_TEX = (  # short display lines: each fits a phone's width
    r"J = \operatorname{diag}(\gamma)\,\tfrac{1}{s}\,Q",
    r"Q = I - \tfrac{1}{D}\mathbf{1}\mathbf{1}^{\top} - \tfrac{1}{D} z z^{\top}",
    r"z = (x - \mu\mathbf{1})/s,\quad s = \sqrt{\sigma^2 + \varepsilon}",
    r"\gamma = 1:\ \sigma_i(J) \in \{1/s,\ \varepsilon/s^3,\ 0\}",
    r"\lVert J \rVert_2 = 1/s",
    r"1/s \le \sqrt{D-1}\,/\max_i |x_i - \mu|",
)


def _divisor(x: np.ndarray, eps: float) -> tuple[np.ndarray, np.ndarray]:
    """(x − μ𝟏 per row, s = √(σ² + ε) per row) for x (..., D): σ from each row scaled by its largest |xᵢ − μ|
    (no square under- or overflows), then s = hypot(σ, √ε)."""
    centred = x - x.mean(axis=-1, keepdims=True)
    m = np.max(np.abs(centred), axis=-1, keepdims=True)
    m = np.where(m > 0, m, 1.0)
    sigma = m[..., 0] * np.sqrt(np.mean((centred / m) ** 2, axis=-1))
    return centred, np.hypot(sigma, math.sqrt(eps))


def ln_jacobian(x, eps, gamma=None) -> np.ndarray:
    r"""The Jacobian ∂y/∂x of y = γ ⊙ (x − μ𝟏)/s + β, s = √(σ² + ε), at every row of x (S, D): (S, D, D).

    With c = x − μ𝟏 (= Px, P = I − 𝟏𝟏ᵀ/D), ∂s/∂x = cᵀ/(D·s), so for z = c/s

        J = diag(γ) · (1/s) · (I − 𝟏𝟏ᵀ/D − z zᵀ/D).

    Without γ it is symmetric with eigenvalues 0 along 𝟏, ε/s³ along z and 1/s on the D − 2 directions ⟂ 𝟏, z
    (``ln_jacobian_singular_values``).
    """
    x = _states("x", x)
    e = _eps(eps)
    d = x.shape[1]
    g = np.ones(d) if gamma is None else _vector("gamma", gamma, d)
    c, s = _divisor(x, e)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):  # s = 0 (a constant row at ε = 0): NaN
        z = c / s[:, None]
        core = np.eye(d) - 1.0 / d - np.einsum("si,sj->sij", z, z) / d
        return g[None, :, None] * core / s[:, None, None]


def ln_jacobian_singular_values(x, eps) -> np.ndarray:
    """(S, D) the singular values of LayerNorm's Jacobian without γ at each row of x, from the closed form
    (``ln_jacobian``), largest first: 1/s (D − 2 times), ε/s³, 0 (the spectral norm is 1/s for D ≥ 3)."""
    x = _states("x", x)
    e = _eps(eps)
    d = x.shape[1]
    _, s = _divisor(x, e)
    out = np.zeros((x.shape[0], d))
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        out[:, : d - 2] = (1.0 / s)[:, None]
        out[:, d - 2] = e / s**3
    return out


@dataclass(frozen=True)
class Massive:
    """Per norm (L) of a model: its input's largest |xᵢ| over tokens and coordinates, and LayerNorm's Jacobian.

    jacobian: (L, S) the spectral norm of the Jacobian without γ, 1/s (D ≥ 3), s = √(σ² + ε) per token;
    bound: (L, S) √(D − 1)/max_i |xᵢ − μ|, an upper bound on 1/s (σ ≥ |xᵢ − μ|/√(D − 1) for every i, since the
    other D − 1 centred coordinates sum to −(xᵢ − μ)); gamma_norm: (L,) ‖diag(γ)·J‖₂ at the top token
    (√λmax of (ΓJ)ᵀ(ΓJ)), None without γ.
    """

    token: np.ndarray  # (L,) the token holding the norm's largest |xᵢ|
    coordinate: np.ndarray  # (L,) its coordinate i
    value: np.ndarray  # (L,) that xᵢ, signed
    s: np.ndarray  # (L, S)
    jacobian: np.ndarray  # (L, S)
    centred_max: np.ndarray  # (L, S) max_i |xᵢ − μ| per token
    bound: np.ndarray  # (L, S)
    gamma_norm: np.ndarray | None
    eps: float

    @property
    def top_s(self) -> np.ndarray:
        return self.s[np.arange(self.token.size), self.token]

    @property
    def top_jacobian(self) -> np.ndarray:
        """(L,) 1/s of the token holding the largest coordinate."""
        return self.jacobian[np.arange(self.token.size), self.token]

    @property
    def median_jacobian(self) -> np.ndarray:
        return np.median(self.jacobian, axis=1)

    @property
    def smallest(self) -> np.ndarray:
        """(L,) True where the token with the largest coordinate has the smallest 1/s of its norm's tokens."""
        return self.top_jacobian <= self.jacobian.min(axis=1)


def massive(layers, eps, gammas=None) -> Massive:
    """``Massive`` of ``layers`` (L, S, D) (D ≥ 3), ``eps`` LayerNorm's ε, ``gammas`` (L, D) or None.

    The top token's γ'd spectral norm is the square root of the largest eigenvalue of (ΓJ)ᵀ(ΓJ) (``eigvalsh``)."""
    x = _real("layers", layers)
    if x.ndim != 3 or x.shape[1] < 1 or x.shape[2] < 3:
        raise ValueError(f"layers must have shape (L, S, D) with S >= 1 and D >= 3; got {x.shape}")
    _finite("layers", x)
    e = _eps(eps)
    n_layers, _, d = x.shape
    g = None if gammas is None else _real("gammas", gammas)
    if g is not None and g.shape != (n_layers, d):
        raise ValueError(f"gammas must have shape ({n_layers}, {d}); got {g.shape}")
    flat = np.abs(x).reshape(n_layers, -1).argmax(axis=1)
    token, coordinate = np.divmod(flat, d)
    rows = np.arange(n_layers)
    c, s = _divisor(x, e)
    centred_max = np.abs(c).max(axis=2)
    gamma_norm = None
    if g is not None:
        gamma_norm = np.empty(n_layers)
        for k in range(n_layers):
            j = ln_jacobian(x[k, token[k]][None], e, g[k])[0]
            gamma_norm[k] = math.sqrt(max(float(np.linalg.eigvalsh(j.T @ j)[-1]), 0.0))
    with np.errstate(over="ignore"):  # 1/s past float64's range (a subnormal s) is inf, as IEEE says
        jacobian = _divide(np.ones_like(s), s)  # NaN for a constant token at ε = 0
        bound = _divide(np.full_like(centred_max, math.sqrt(d - 1)), centred_max)
    return Massive(
        token=token,
        coordinate=coordinate,
        value=x[rows, token, coordinate],
        s=s,
        jacobian=jacobian,
        centred_max=centred_max,
        bound=bound,
        gamma_norm=gamma_norm,
        eps=e,
    )


# --- reading a file of hidden states -----------------------------------------------------------------------


def _as_bytes(data) -> bytes:
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data)
    raise TypeError(f"data must be bytes; got {type(data).__name__}")


def _check_size(data: bytes, filename: str) -> None:
    what = f"file {filename}".strip()
    if not data:
        raise HiddenError("empty", f"the {what} is empty (0 bytes)")
    if len(data) > MAX_BYTES:
        raise HiddenError(
            "too_large",
            f"the {what} has {len(data)} bytes, more than the limit of {MAX_BYTES} bytes",
            size=len(data),
            limit=MAX_BYTES,
        )


def _dtype_error(dtype) -> HiddenError:
    name = str(dtype)
    return HiddenError("dtype", f"the tensor holds {name} numbers; hidden states are real floating-point", dtype=name)


def _read_npy(data: bytes) -> np.ndarray:
    """A .npy file, its header checked before any array is made: a real float dtype, exactly the bytes the
    shape needs. Nothing is unpickled (a .npy of Python objects is a pickle: refused)."""
    fp = io.BytesIO(data)
    try:
        version = np.lib.format.read_magic(fp)
        if version == (1, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_1_0(fp)
        elif version == (2, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_2_0(fp)
        else:
            raise HiddenError("not_a_tensor_file", f".npy format version {version[0]}.{version[1]} is not read here")
    except HiddenError:
        raise
    except (ValueError, TypeError, SyntaxError, KeyError, OverflowError, MemoryError, RecursionError) as exc:
        if str(exc).startswith("EOF"):
            raise HiddenError("truncated", "the .npy file ends inside its header") from None
        raise HiddenError("not_a_tensor_file", "the .npy header cannot be read") from None
    if dtype.hasobject:
        raise HiddenError(
            "pickle_refused", "the .npy file holds Python objects, stored as a pickle; refused, nothing was unpickled"
        )
    if dtype.kind != "f" or dtype.itemsize not in (2, 4, 8):
        raise _dtype_error(dtype)
    need = math.prod(shape) * dtype.itemsize
    have = len(data) - fp.tell()
    if have < need:
        raise HiddenError("truncated", f"the .npy header announces {need} bytes of data but the file holds {have}")
    if have > need:
        raise HiddenError("not_a_tensor_file", f"the .npy file holds {have} bytes of data; its header says {need}")
    arr = np.frombuffer(data, dtype=dtype, count=math.prod(shape), offset=fp.tell())
    return arr.reshape(shape, order="F" if fortran else "C")


def _listing(keys) -> str:
    keys = sorted(keys)
    shown = ", ".join(repr(k) for k in keys[:8])
    return shown + (f", … ({len(keys) - 8} more)" if len(keys) > 8 else "")


def _pick(state: dict[str, np.ndarray], key: str | None) -> np.ndarray:
    if key is not None:
        if key not in state:
            raise HiddenError(
                "missing_key",
                f"the file has no tensor {key!r}; it holds {_listing(state)}",
                key=key,
                count=len(state),
                keys=_listing(state),
            )
        return state[key]
    if len(state) == 1:
        return next(iter(state.values()))
    named = [k for k in state if k.rpartition(".")[2].lower() in HIDDEN_NAMES]
    if len(named) == 1:
        return state[named[0]]
    raise HiddenError(
        "ambiguous",
        f"the file holds {len(state)} tensors and none is named like hidden states ({', '.join(HIDDEN_NAMES)}): "
        f"{_listing(state)}",
        count=len(state),
        keys=_listing(state),
    )


def _read_tensors(data: bytes, filename: str) -> dict[str, np.ndarray]:
    try:
        return ck.read_state_dict(data, filename)
    except ck.CheckpointError as exc:
        code = _FROM_CHECKPOINT.get(exc.code, "not_a_tensor_file")
        dtype = str(exc.values.get("dtype", ""))
        if code == "unsupported" and dtype.startswith("complex"):
            raise _dtype_error(dtype) from None
        if code == "not_a_tensor_file" and "neither" in str(exc):
            raise HiddenError(
                "not_a_tensor_file", "this is neither a .npy file, a safetensors file nor a PyTorch file"
            ) from None
        if exc.code == "not_a_checkpoint" and ("holds no named tensors" in str(exc) or "holds no tensors" in str(exc)):
            raise HiddenError("no_tensor", "the file holds no tensor") from None
        raise HiddenError(code, str(exc), **exc.values) from None


def _check_array(arr: np.ndarray) -> np.ndarray:
    if arr.dtype.kind != "f" or arr.dtype.itemsize not in (2, 4, 8):
        raise _dtype_error(arr.dtype)
    shape = tuple(int(n) for n in arr.shape)
    text = "(" + ", ".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"
    if arr.ndim not in (2, 3):
        raise HiddenError("shape", f"hidden states have shape (N, D) or (B, S, D); this tensor has {text}", shape=text)
    if arr.size == 0:
        raise HiddenError("empty_array", f"the tensor of shape {text} holds no numbers", shape=text)
    if shape[-1] < 2:
        raise HiddenError("one_feature", f"the tensor of shape {text} has D = 1 feature; a norm needs 2", shape=text)
    flat = np.array(arr.reshape(-1, shape[-1]), dtype=arr.dtype.newbyteorder("="), order="C")  # a copy, writable
    finite = np.isfinite(flat)
    if not finite.all():
        bad = int(flat.size - np.count_nonzero(finite))
        raise HiddenError(
            "not_finite", f"{bad} of the {flat.size} numbers are NaN or infinite", count=bad, total=int(flat.size)
        )
    return flat


def read_hidden(data: bytes, filename: str = "", *, key: str | None = None) -> np.ndarray:
    """Hidden states from a file's bytes, as an (N, D) array of its float dtype (float16, float32 or float64;
    bfloat16 as float32, exactly); (B, S, D) is flattened to (B·S, D).

    The format is told by the content: a ``.npy`` (its header read first, never unpickled), a safetensors
    file, or a torch file (``torch.load(weights_only=True)``), the last two through
    ``normviz.checkpoint.read_state_dict``. ``filename`` only names the file in messages. A file of several
    tensors gives the one named ``key``, else its only tensor, else the one whose name ends in one of
    ``HIDDEN_NAMES``. The file holds at most ``MAX_BYTES`` bytes; the tensor real floats, all finite, N ≥ 1
    and D ≥ 2. Raises ``HiddenError`` (a ``ValueError``; ``code`` in ``CODES``) for anything else,
    ``TypeError`` if ``data`` is not bytes. Read files from strangers with ``read_hidden_isolated``: a torch
    file of 2 KB whose dicts share one child (``tests/helpers/hostilecheckpoints.shared_dict_bomb``) keeps
    ``read_state_dict`` walking 10¹⁵ names in this process.
    """
    data = _as_bytes(data)
    _check_size(data, filename)
    if data.startswith(NPY_MAGIC):
        arr = _read_npy(data)
    else:
        arr = _pick(_read_tensors(data, filename), key)
    return _check_array(arr)


def _read_outcome(data: bytes, filename: str, key: str | None) -> np.ndarray | tuple[str, str, dict]:
    """``read_hidden`` for the worker: a refusal comes back as (code, message, values), not as an exception."""
    try:
        return read_hidden(data, filename, key=key)
    except HiddenError as exc:
        return exc.code, str(exc), exc.values


def read_hidden_isolated(
    data: bytes,
    filename: str = "",
    *,
    key: str | None = None,
    time_limit_s: float = TIME_LIMIT_S,
    memory_limit: int = MEMORY_LIMIT,
) -> np.ndarray:
    """``read_hidden`` in a worker process (``normviz._isolated``), for files from strangers (the page's uploads).

    The worker is a fresh interpreter with ``time_limit_s`` CPU seconds (twice that in wall-clock time) and
    ``memory_limit`` bytes beyond its imports (numpy, safetensors, and torch unless the file starts like a
    .npy or a safetensors file); the caller waits without holding its interpreter lock. A worker that runs
    out raises ``HiddenError`` "time_limit" or "memory_limit"; every other refusal is ``read_hidden``'s.
    The answer is loaded with only plain containers and numpy arrays allowed.
    """
    from normviz import _isolated

    data = _as_bytes(data)
    _check_size(data, filename)  # no process for what the size alone refuses
    cheap = data.startswith(NPY_MAGIC) or data[8:9] == b"{"  # .npy, or a safetensors header: no torch
    return _isolated.read_file(
        f"{__name__}:_read_outcome",
        data,
        filename,
        key,
        error=HiddenError,
        unreadable="not_a_tensor_file",
        time_limit_s=time_limit_s,
        memory_limit=memory_limit,
        preload=("safetensors",) if cheap else ("safetensors", "torch"),
    )
