r"""Beyond the classic norms (the /beyond page): Dynamic Tanh, QK-norm, nGPT's sphere, and outliers.

Plain numpy data (float64) and frozen dataclasses; nothing draws. Every norm comes from the library
(``normviz.norms``: ``dyt``, ``rms_norm``, ``layer_norm``, ``l2_normalize``, ``softmax``).

* **Dynamic Tanh** (Zhu, Chen, He, LeCun & Liu, CVPR 2025, arXiv:2503.10622): DyT(x) = γ ⊙ tanh(α·x) + β,
  one scalar α, no statistic of x. Its Jacobian is diagonal, ∂yᵢ/∂xᵢ = α·(1 − tanh²(α·xᵢ)) (γ = 1), where
  LayerNorm's mixes every coordinate (``normviz.gradient``). Small inputs pass almost linearly; large ones
  saturate at ±1. DyT keeps x's direction only approximately and its length partly. Where it parts from
  LayerNorm: a common offset c·𝟏 (LayerNorm removes it; DyT saturates every coordinate towards sign(c)·1, so at
  ε = 0 the RMS distance tends to √(mean((±1 − LN(x))²)) = √2), and one huge coordinate (see Outliers).
* **QK-norm** (a norm on each head's queries and keys before the dot product: Henry et al. 2020,
  arXiv:2010.04245, with L2; Dehghani et al. 2023, arXiv:2302.05442, with LayerNorm; RMSNorm in Qwen3,
  Gemma 3, OLMo 2): the logits ℓⱼ = q·kⱼ/√d. With q and every kⱼ scaled by s the
  plain logits are s²·ℓⱼ(1): quadratic in s (linear in s²), and the softmax's entropy falls to 0 (to log of the
  number of tied largest logits). With RMSNorm (weights γ_q, γ_k, ε = 0) q̂ = γ_q ⊙ u with ‖u‖ = √d, k̂ = γ_k ⊙ v
  with ‖v‖ = √d, so

      |ℓⱼ| = |Σᵢ γ_q,ᵢ γ_k,ᵢ uᵢ vᵢ| / √d ≤ max|γ_q,ᵢ γ_k,ᵢ| · ‖u‖‖v‖ / √d = √d · max|γ_q,ᵢ γ_k,ᵢ|

  (Cauchy–Schwarz: an upper bound, reached with RMSNorm at ε = 0 by q and k along the axis of the largest |γ_q,ᵢ γ_k,ᵢ|,
  or by k ∝ q with constant γ). LayerNorm without bias gives the same bound (its u is
  zero-mean but still of norm √d); ε > 0 only shortens u and v, so the bound holds for every ε ≥ 0. At ε = 0
  the normed logits do not depend on s > 0 at all.
* **nGPT** (Loshchilov, Hsieh, Sun & Ginsburg 2024, arXiv:2410.01131): the hidden state lives on the unit
  sphere; a block's suggestion h_A (a unit vector) is blended in and the result put back on the sphere,
  h ← Norm(h + α·(h_A − h)). (1 − α)·h + α·h_A lies in the plane of h and h_A, so each step moves h along the
  great circle towards h_A. The toy Pre-Norm stream beside it adds each block's whole output, h ← h + g·h_A, and
  its length grows with depth: ‖h_L‖² = ‖h₀‖² + Σ (g² + 2g·hₗ·h_A,ₗ), on average ‖h₀‖² + L·g² for directions
  unrelated to h.
* **Outliers** (Sun, Chen, Kolter & Liu 2024, "Massive activations in large language models",
  arXiv:2402.17762): x has one coordinate s and the rest r ∈ ℝ^{D−1} fixed.

  RMSNorm: every other output is rⱼ / √((‖r‖² + s²)/D + ε), so relative to the same x with the outlier at 0 it
  is multiplied by  f(s) = √((‖r‖² + D·ε) / (‖r‖² + s² + D·ε))  (= 1/√(1 + s²/‖r‖²) at ε = 0; with
  ‖r‖² = (D − 1)·m², m² the rest's mean square, 1/√(1 + s²/((D − 1)·m²))).

  LayerNorm: with r̄ the rest's mean and v = Σ(rⱼ − r̄)² its spread, σ²(s) = v/D + (D − 1)(s − r̄)²/D², and
  every other output is a(s)·(rⱼ − r̄) + b(s) with a(s) = 1/√(σ²(s) + ε), b(s) = (r̄ − s)/D · a(s). Relative
  to the outlier at r̄ (the rest's own mean: then μ = r̄), their spread is multiplied by
  √((v + D·ε) / (v + (D − 1)(s − r̄)²/D + D·ε)), and they all move by the common b(s) → −1/√(D − 1) as s → ∞:
  the others collapse onto one value while the outlier's output tends to √(D − 1).

  DyT: the others' outputs tanh(α·rⱼ) do not depend on s; the outlier's tanh(α·s) saturates at ±1.
"""

from __future__ import annotations

import inspect
import math
from dataclasses import dataclass

import numpy as np

from normviz import _xp
from normviz._exact import finite_number
from normviz.gradient import analytic_jacobian
from normviz.information import apply, cosine, norm
from normviz.methods import method
from normviz.norms import dyt, l2_normalize, layer_norm, rms_norm, softmax

DYT_ALPHA = inspect.signature(dyt).parameters["alpha"].default  # the paper's α₀, read from the library
QK_NORMS = ("rms", "ln")
NUMPY = _xp.Backend("numpy")

# Each section's formulas as display lines, short enough for a phone (a display wider than the screen scrolls).
DYT_TEX = (
    r"\operatorname{DyT}(x) = \gamma \odot \tanh(\alpha x) + \beta",
    r"\frac{\partial y_i}{\partial x_j} = \delta_{ij}\,\alpha\,\gamma_i \big(1 - \tanh^2(\alpha x_i)\big)",
    r"J_{\mathrm{LN}} = \big(P - \tfrac{1}{n}\, y y^{\top}\big) / \sigma",
    r"P = I - \tfrac{1}{n}\mathbf{1}\mathbf{1}^{\top}",
)
QK_TEX = (
    r"\ell_j = \frac{\hat q \cdot \hat k_j}{\sqrt d}",
    r"\hat q = \gamma_q \odot u",
    r"\hat k_j = \gamma_k \odot v_j",
    r"\lVert u \rVert = \lVert v_j \rVert = \sqrt d \ \ (\varepsilon = 0)",
    r"\lvert \ell_j \rvert \le \max_i \lvert \gamma_{q,i}\gamma_{k,i} \rvert "
    r"\frac{\lVert u\rVert \lVert v_j\rVert}{\sqrt d}",
    r"\lvert \ell_j \rvert \le \sqrt d\,\max_i \lvert \gamma_{q,i}\gamma_{k,i} \rvert",
)
NGPT_TEX = (
    r"h \leftarrow \frac{h + \alpha\,(h_A - h)}{\lVert h + \alpha\,(h_A - h) \rVert}",
    r"\text{Pre-Norm:}\ \ h \leftarrow h + g\,h_A",
    r"\lVert h_L \rVert^2 = \lVert h_0 \rVert^2 + \textstyle\sum_l c_l",
    r"c_l = g^2 + 2g\, h_l \cdot h_{A,l}",
)
PERI_TEX = (
    r"\text{Pre:}\ \ h \leftarrow h + f(\operatorname{Norm}(h))",
    r"\text{Peri:}\ \ h \leftarrow h + \operatorname{Norm}(u)",
    r"u = f(\operatorname{Norm}(h))",
    r"\lVert h_L \rVert \approx \sqrt{\lVert h_0 \rVert^2 + L\,D}",
)
OUTLIER_TEX = (
    r"x = (s, r_1, \dots, r_{D-1})",
    r"\operatorname{RMS}(x)_j = \frac{r_j}{\sqrt{(\lVert r \rVert^2 + s^2)/D}}",
    r"f(s) = \sqrt{\frac{\lVert r \rVert^2}{\lVert r \rVert^2 + s^2}}",
    r"f(s) = \frac{1}{\sqrt{1 + s^2/\lVert r \rVert^2}}",
    r"\operatorname{LN}(x)_j = a(s)\big(r_j - \bar r + \tfrac{\bar r - s}{D}\big)",
    r"\operatorname{DyT}(x)_j = \tanh(\alpha r_j)",
)


# --- argument checks --------------------------------------------------------------------------------------


def _positive(name: str, value) -> float:
    value = finite_number(name, value)
    if not value > 0:
        raise ValueError(f"{name} must be a positive finite number; got {value!r}")
    return value


def _eps(name: str, value, key: str | None = None) -> float:
    """ε ≥ 0, finite; None: method ``key``'s own default."""
    if value is None and key is not None:
        return method(key).default_eps
    value = finite_number(name, value)
    if value < 0:
        raise ValueError(f"{name} must be a finite number ≥ 0; got {value!r}")
    return value


def _alpha(value) -> float:
    return DYT_ALPHA if value is None else finite_number("alpha", value)


def _array(name: str, value, *, ndim: int, min_len: int = 1, last: int | None = None) -> np.ndarray:
    """A finite float64 array of ``ndim`` dimensions (the last of length ``last`` when given)."""
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be real numbers; got {value!r}")
    arr = np.asarray(_xp.to_numpy(_xp.as_array(value, name)))  # TypeError naming `name` for non-numbers
    if arr.dtype.kind not in "fiu":
        kind = "complex" if arr.dtype.kind == "c" else f"non-numeric ({arr.dtype})"
        raise TypeError(f"{name} must be real numbers; got {kind} data")
    arr = arr.astype(np.float64)
    shape = "a vector" if ndim == 1 else "a matrix" if ndim == 2 else f"an array of {ndim} dimensions"
    if arr.ndim != ndim or arr.shape[-1] < min_len or (last is not None and arr.shape[-1] != last):
        want = f"{last}" if last is not None else f"at least {min_len}"
        raise ValueError(f"{name} must be {shape} with {want} numbers along its last axis; got shape {arr.shape}")
    if arr.size == 0 or not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must hold finite numbers (no NaN or inf) and not be empty; got {value!r}")
    return arr


def _on(backend: _xp.Backend | None, x: np.ndarray):
    return (backend or NUMPY).asarray(x)


def _back(y) -> np.ndarray:
    return np.asarray(_xp.to_numpy(y), dtype=np.float64)


# --- Dynamic Tanh next to LayerNorm and RMSNorm -----------------------------------------------------------


def dyt_jacobian(x, *, alpha: float | None = None) -> np.ndarray:
    """∂DyT(x)/∂x (γ = 1): the diagonal matrix diag(α·(1 − tanh²(α·xᵢ))); no coordinate reaches another."""
    x = _array("x", x, ndim=1)
    a = _alpha(alpha)
    return np.diag(a * (1.0 - np.tanh(a * x) ** 2))


@dataclass(frozen=True)
class DytComparison:
    """One input x through DyT, LayerNorm and RMSNorm (γ = 1, β = 0), and what each keeps of x."""

    x: np.ndarray
    alpha: float
    eps_ln: float
    eps_rms: float
    dyt: np.ndarray
    ln: np.ndarray
    rms: np.ndarray
    cosine: float  # cos(DyT(x), x): near 1 while |α·xᵢ| is small (tanh ≈ linear); lower once some saturate
    norm_x: float  # ‖x‖
    norm_dyt: float  # ‖DyT(x)‖ < √n: the length is kept partly (≈ α‖x‖ for small x), then capped
    jacobian_dyt: np.ndarray  # diagonal: α·(1 − tanh²(α·xᵢ))
    jacobian_ln: np.ndarray  # (I − 𝟏𝟏ᵀ/n − y yᵀ/n)/s: dense (0 for n = 2 at ε = 0: the outputs are ±(1, −1))
    jacobian_rms: np.ndarray  # (I − y yᵀ/n)/s: dense

    @property
    def distance_ln(self) -> float:
        """‖DyT(x) − LN(x)‖ / √n: the root-mean-square gap per coordinate."""
        return float(norm(self.dyt - self.ln) / math.sqrt(self.x.size))


@dataclass(frozen=True)
class JacobianFacts:
    """What the Jacobians at x do, measured. ``nudged``: which outputs of DyT change when one input moves by
    ``NUDGE``·max(1, |xⱼ|) (row i, column j; the rest stay bitwise equal). LayerNorm's (ε of the comparison):
    its nonzero off-diagonal entries, its rank, the largest |J·𝟏| and |J·x| components, and the outputs whose
    row is 0 (at ε = 0: yᵢ² = n − 1, the largest size an output can have, where the circle turns)."""

    n: int
    nudged: np.ndarray  # (n, n) bool
    ln_defined: bool
    ln_mixed: int  # off-diagonal entries with |Jᵢⱼ| > 1e-12·max|J|
    ln_rank: int
    ln_ones: float
    ln_along: float
    ln_frozen: tuple[int, ...]  # rows of J that are 0 (|Jᵢⱼ| ≤ 1e-12·max|J| for every j), 0-based

    @property
    def off_diagonal(self) -> int:
        return self.n * (self.n - 1)

    @property
    def dyt_untouched(self) -> int:
        """Off-diagonal (i ≠ j) pairs where moving xⱼ left yᵢ bitwise unchanged."""
        return int(np.sum(~self.nudged[~np.eye(self.n, dtype=bool)]))


NUDGE = 1e-6


def jacobian_facts(cmp: DytComparison) -> JacobianFacts:
    """``JacobianFacts`` of a ``compare_dyt`` result."""
    x, n = cmp.x, cmp.x.size
    nudged = np.zeros((n, n), dtype=bool)
    for j in range(n):
        moved = x.copy()
        moved[j] += NUDGE * max(1.0, abs(x[j]))
        nudged[:, j] = _back(dyt(moved, alpha=cmp.alpha)) != cmp.dyt
    jl = cmp.jacobian_ln
    if not np.all(np.isfinite(jl)):
        return JacobianFacts(n, nudged, False, 0, 0, math.nan, math.nan, ())
    tol = 1e-12 * max(float(np.max(np.abs(jl))), 1e-300)
    small = np.abs(jl) <= tol
    rank = int(np.linalg.matrix_rank(jl, tol=1e-9 * max(1.0, float(np.max(np.abs(jl))))))
    return JacobianFacts(
        n,
        nudged,
        True,
        int(np.sum(~small[~np.eye(n, dtype=bool)])),
        rank,
        float(np.max(np.abs(jl @ np.ones(n)))),
        float(np.max(np.abs(jl @ x))),
        tuple(int(i) for i in np.flatnonzero(np.all(small, axis=1))),
    )


def compare_dyt(
    x, *, alpha: float | None = None, eps: float | None = 0.0, backend: _xp.Backend | None = None
) -> DytComparison:
    """DyT(x) next to LayerNorm(x) and RMSNorm(x) for a vector x of at least 2 finite numbers (the page: 2 or 3).

    ``alpha=None``: DyT's default α₀; ``eps=None``: each norm's own default ε (0 by default: the pure geometry).
    """
    x = _array("x", x, ndim=1, min_len=2)
    a = _alpha(alpha)
    e_ln, e_rms = _eps("eps", eps, "ln"), _eps("eps", eps, "rms")
    y = _back(dyt(_on(backend, x), alpha=a))
    return DytComparison(
        x=x,
        alpha=a,
        eps_ln=e_ln,
        eps_rms=e_rms,
        dyt=y,
        ln=apply("ln", x, eps=e_ln, backend=backend),
        rms=apply("rms", x, eps=e_rms, backend=backend),
        cosine=cosine(y, x),
        norm_x=float(norm(x)),
        norm_dyt=float(norm(y)),
        jacobian_dyt=dyt_jacobian(x, alpha=a),
        jacobian_ln=analytic_jacobian("ln", x, eps=e_ln, backend=backend),
        jacobian_rms=analytic_jacobian("rms", x, eps=e_rms, backend=backend),
    )


@dataclass(frozen=True)
class Parting:
    """One input where DyT and LayerNorm are compared: the RMS gap ‖DyT(x) − LN(x)‖/√n and its limit."""

    case: str  # "base" | "offset" | "outlier"
    x: np.ndarray
    dyt: np.ndarray
    ln: np.ndarray
    distance: float
    limit: float  # the gap as the offset / the outlier grows without bound in its sign (any ε); NaN for "base"


def dyt_ln_distance(x, *, alpha: float | None = None, eps: float = 0.0) -> float:
    """‖DyT(x) − LayerNorm(x)‖ / √n (γ = 1, β = 0): 0 where they agree, larger where they part (→ √2 under a
    growing offset at ε = 0)."""
    c = compare_dyt(x, alpha=alpha, eps=eps)
    return c.distance_ln


def where_they_part(
    x, *, alpha: float | None = None, eps: float = 0.0, offset: float = 100.0, outlier: float = 1000.0
) -> tuple[Parting, ...]:
    """DyT against LayerNorm on x ("base"), on x + offset·𝟏 ("offset") and on x with x₀ set to ``outlier``.

    Limits as the offset or the outlier grows in its sign σ (n = len(x), y = LN(x) at ``eps``, r = x without x₀):

    * offset → σ·∞: DyT → σ·𝟏 and LN(x + c𝟏) = LN(x) (any ε), so the gap → √(mean((σ − yᵢ)²)) = √(1 + mean(y²)),
      √2 at ε = 0 (mean y = 0, mean y² = 1);
    * outlier → σ·∞: LN → σ·(√(n − 1), −1/√(n − 1), …) (any fixed ε: σ² outgrows it), DyT → (σ, tanh(α·r)), so the
      gap → √(((√(n − 1) − 1)² + Σⱼ (tanh(α·rⱼ) + σ/√(n − 1))²) / n).

    A constant x at ε = 0 has no LayerNorm (0/0): its distances are NaN, as the library's output is.
    """
    x = _array("x", x, ndim=1, min_len=2)
    a = _alpha(alpha)
    e = _eps("eps", eps)
    c = finite_number("offset", offset)
    s = finite_number("outlier", outlier)
    n = x.size
    spiked = x.copy()
    spiked[0] = s
    y = compare_dyt(x, alpha=a, eps=e).ln
    lim_offset = math.sqrt(float(np.mean((math.copysign(1.0, c) - y) ** 2)))
    rest = np.tanh(a * x[1:])
    sign = math.copysign(1.0, s)
    lim_outlier = math.sqrt(((math.sqrt(n - 1) - 1.0) ** 2 + float(np.sum((rest + sign / math.sqrt(n - 1)) ** 2))) / n)
    out = []
    for case, v, limit in (("base", x, math.nan), ("offset", x + c, lim_offset), ("outlier", spiked, lim_outlier)):
        cmp = compare_dyt(v, alpha=a, eps=e)
        out.append(Parting(case, v, cmp.dyt, cmp.ln, cmp.distance_ln, limit))
    return tuple(out)


@dataclass(frozen=True)
class DytRay:
    """DyT along the ray {t·x : 0 ≤ t ≤ reach}: where RMSNorm (ε = 0) sends every t > 0 to one point, DyT draws
    a curve from the origin that bends towards the corner sign(x) of the box (−1, 1)ⁿ."""

    x: np.ndarray
    alpha: float
    t: np.ndarray  # (k,) from 0 to reach
    points: np.ndarray  # (k, n): DyT(t·x)

    @property
    def lengths(self) -> np.ndarray:
        """‖DyT(t·x)‖: ≈ α·t·‖x‖ near 0, then capped below √(number of nonzero xᵢ)."""
        return np.linalg.norm(self.points, axis=1)


def dyt_ray(x, *, alpha: float | None = None, reach: float = 3.0, points: int = 61) -> DytRay:
    """DyT(t·x) for ``points`` values of t from 0 to ``reach`` (> 0), γ = 1, β = 0."""
    x = _array("x", x, ndim=1, min_len=2)
    a = _alpha(alpha)
    r = _positive("reach", reach)
    if isinstance(points, bool) or not isinstance(points, (int, np.integer)) or points < 2:
        raise ValueError(f"points must be an integer ≥ 2; got {points!r}")
    t = np.linspace(0.0, r, int(points))
    return DytRay(x, a, t, _back(dyt(t[:, None] * x[None, :], alpha=a)))


# --- QK-norm ----------------------------------------------------------------------------------------------


def attention_logits(q, keys) -> np.ndarray:
    """ℓⱼ = q·kⱼ / √d for one query q (d,) and keys (m, d)."""
    q = _array("q", q, ndim=1, min_len=2)
    k = _array("keys", keys, ndim=2, last=q.size)
    return k @ q / math.sqrt(q.size)


def entropy(logits) -> np.ndarray:
    """The softmax's entropy in nats along the last axis, H = −Σ pⱼ log pⱼ, with log p = ℓ − logsumexp(ℓ)
    (no log 0): between 0 (one logit dominates) and log m (all equal). −inf logits (masked) count as p = 0;
    a slice of NaN, or of +inf, gives NaN."""
    try:
        z = np.asarray(logits, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError(f"logits must be real numbers; got {logits!r}") from None
    if z.ndim < 1 or z.shape[-1] == 0:
        raise ValueError(f"logits must have at least one number along the last axis; got shape {z.shape}")
    with np.errstate(invalid="ignore"):
        z = z - z.max(axis=-1, keepdims=True)
        log_p = z - np.log(np.sum(np.exp(z), axis=-1, keepdims=True))
        p = np.exp(log_p)
        return np.maximum(-np.sum(np.where(p > 0, p * log_p, 0.0), axis=-1), 0.0)


def qk_bound(d: int, gamma_q=None, gamma_k=None) -> float:
    """An upper bound on |ℓ| under QK-norm (RMSNorm or bias-free LayerNorm, any ε ≥ 0): √d · max|γ_q,ᵢ γ_k,ᵢ|;
    reached with RMSNorm at ε = 0 (q and k along the axis of the largest product), not always with LayerNorm."""
    if isinstance(d, bool) or not isinstance(d, (int, np.integer)) or d < 2:
        raise ValueError(f"d must be an integer ≥ 2; got {d!r}")
    gq = np.ones(d) if gamma_q is None else _array("gamma_q", gamma_q, ndim=1, last=int(d))
    gk = np.ones(d) if gamma_k is None else _array("gamma_k", gamma_k, ndim=1, last=int(d))
    return math.sqrt(d) * float(np.max(np.abs(gq * gk)))


@dataclass(frozen=True)
class QKSweep:
    """Attention logits of one query over m keys as q and every kⱼ are scaled by s, plain and QK-normed.

    Arrays are (len(scales), m); entropies (len(scales),), in nats.
    """

    scales: np.ndarray
    norm: str  # "rms" | "ln"
    eps: float
    logits_plain: np.ndarray  # s²·ℓ(1)
    logits_normed: np.ndarray  # Norm(s q)·Norm(s kⱼ)/√d: the same for every s at ε = 0
    probs_plain: np.ndarray
    probs_normed: np.ndarray
    entropy_plain: np.ndarray  # falls towards 0 as s grows
    entropy_normed: np.ndarray
    bound: float  # √d · max|γ_q,ᵢ γ_k,ᵢ| ≥ every |logits_normed|

    @property
    def max_plain(self) -> np.ndarray:
        """max_j |ℓⱼ| at each scale, without the norm."""
        return np.max(np.abs(self.logits_plain), axis=1)

    @property
    def max_normed(self) -> np.ndarray:
        return np.max(np.abs(self.logits_normed), axis=1)

    @property
    def others_plain(self) -> np.ndarray:
        """The weight the plain softmax leaves to all keys but its top one, summed (not 1 − max p: no cancellation)."""
        return np.sum(np.sort(self.probs_plain, axis=1)[:, :-1], axis=1)

    @property
    def normed_spread(self) -> float:
        """The largest change of any normed logit across the scales (0 up to rounding at ε = 0)."""
        return float(np.max(np.abs(self.logits_normed - self.logits_normed[0])))


def qk_sweep(
    q,
    keys,
    scales,
    *,
    norm: str = "rms",
    gamma_q=None,
    gamma_k=None,
    eps: float = 0.0,
    backend: _xp.Backend | None = None,
) -> QKSweep:
    """Logits, softmax and entropy for q and keys scaled by each s in ``scales`` (> 0), without and with
    QK-norm: ``norm`` ("rms": RMSNorm, "ln": LayerNorm without bias) on q and on each key over the head's d
    coordinates, weights γ_q and γ_k (None: ones), ``eps`` its ε."""
    q = _array("q", q, ndim=1, min_len=2)
    k = _array("keys", keys, ndim=2, last=q.size)
    s = _array("scales", scales, ndim=1)
    if not np.all(s > 0):
        raise ValueError(f"scales must all be positive; got {scales!r}")
    if norm not in QK_NORMS:
        raise ValueError(f"norm must be one of {QK_NORMS}; got {norm!r}")
    e = _eps("eps", eps)
    d = q.size
    gq = np.ones(d) if gamma_q is None else _array("gamma_q", gamma_q, ndim=1, last=d)
    gk = np.ones(d) if gamma_k is None else _array("gamma_k", gamma_k, ndim=1, last=d)
    fn = rms_norm if norm == "rms" else layer_norm
    base = attention_logits(q, k)
    plain = (s * s)[:, None] * base[None, :]
    qs = _on(backend, s[:, None] * q[None, :])  # (S, d)
    ks = _on(backend, s[:, None, None] * k[None, :, :])  # (S, m, d)
    qn = _back(fn(qs, weight=_on(backend, gq), eps=e))
    kn = _back(fn(ks, weight=_on(backend, gk), eps=e))
    normed = np.einsum("smd,sd->sm", kn, qn) / math.sqrt(d)

    def probs(logits):
        return _back(softmax(_on(backend, logits)))

    return QKSweep(
        scales=s,
        norm=norm,
        eps=e,
        logits_plain=plain,
        logits_normed=normed,
        probs_plain=probs(plain),
        probs_normed=probs(normed),
        entropy_plain=entropy(plain),
        entropy_normed=entropy(normed),
        bound=qk_bound(d, gq, gk),
    )


# --- nGPT: a residual stream on the unit sphere ----------------------------------------------------------


def suggestions(steps: int, n: int = 3, *, seed: int = 0) -> np.ndarray:
    """``steps`` seeded unit vectors in ℝⁿ (the blocks' outputs h_A), shape (steps, n)."""
    if isinstance(steps, bool) or not isinstance(steps, (int, np.integer)) or steps < 1:
        raise ValueError(f"steps must be an integer ≥ 1; got {steps!r}")
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 2:
        raise ValueError(f"n must be an integer ≥ 2; got {n!r}")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"seed must be an integer ≥ 0; got {seed!r}")
    g = np.random.default_rng(int(seed)).standard_normal((int(steps), int(n)))
    return g / np.linalg.norm(g, axis=1, keepdims=True)


def _slerp(a, b, t) -> np.ndarray:
    """Points at fractions t of the great-circle arc from unit vector a to unit vector b, shape (len(t), n)."""
    a, b, t = np.asarray(a, float), np.asarray(b, float), np.atleast_1d(np.asarray(t, float))
    omega = math.acos(float(np.clip(a @ b, -1.0, 1.0)))
    if omega < 1e-12:
        return np.repeat(a[None, :], t.size, axis=0)
    return (np.sin((1 - t) * omega)[:, None] * a + np.sin(t * omega)[:, None] * b) / math.sin(omega)


@dataclass(frozen=True)
class SpherePath:
    """nGPT's stream: h₀ … h_L on the unit sphere, the suggestions h_A, and the arcs between the steps."""

    alpha: float
    points: np.ndarray  # (L + 1, n), every row of norm 1
    targets: np.ndarray  # (L, n): h_A of each step
    arcs: np.ndarray  # (L, k, n): the great-circle arc from hₗ to hₗ₊₁, for drawing

    @property
    def norms(self) -> np.ndarray:
        return np.linalg.norm(self.points, axis=1)

    @property
    def angles(self) -> np.ndarray:
        """The angle (radians) each step turns, hₗ to hₗ₊₁."""
        c = np.sum(self.points[:-1] * self.points[1:], axis=1)
        return np.arccos(np.clip(c, -1.0, 1.0))


def ngpt_path(
    h0=(0.0, 0.0, 1.0), *, alpha: float = 0.3, steps: int = 8, seed: int = 0, arc_points: int = 16
) -> SpherePath:
    """h ← Norm(h + α·(h_A − h)) for ``steps`` seeded unit suggestions h_A, Norm = L2 normalization
    (ε = 0), starting from h₀ put on the sphere. 0 < α ≤ 1: h + α(h_A − h) is the point a fraction α of
    the chord towards h_A, and Norm puts it back on the sphere on the same great circle. (h_A = −h with
    α = ½ would give the zero vector; seeded suggestions never do.)"""
    h = _array("h0", h0, ndim=1, min_len=2)
    if not float(norm(h)) > 0:
        raise ValueError(f"h0 must not be the zero vector; got {h0!r}")
    a = finite_number("alpha", alpha)
    if not 0 < a <= 1:
        raise ValueError(f"alpha must be in (0, 1]; got {alpha!r}")
    if isinstance(arc_points, bool) or not isinstance(arc_points, (int, np.integer)) or arc_points < 2:
        raise ValueError(f"arc_points must be an integer ≥ 2; got {arc_points!r}")
    targets = suggestions(steps, h.size, seed=seed)
    h = _back(l2_normalize(h, eps=0.0))
    points, arcs = [h], []
    t = np.linspace(0.0, 1.0, int(arc_points))
    for target in targets:
        nxt = _back(l2_normalize(h + a * (target - h), eps=0.0))
        arcs.append(_slerp(h, nxt, t))
        points.append(nxt)
        h = nxt
    return SpherePath(a, np.stack(points), targets, np.stack(arcs))


@dataclass(frozen=True)
class PlainStream:
    """The toy Pre-Norm stream h ← h + gain·h_A beside nGPT's: its points and their lengths."""

    gain: float
    points: np.ndarray  # (L + 1, n)
    targets: np.ndarray  # (L, n)

    @property
    def norms(self) -> np.ndarray:
        return np.linalg.norm(self.points, axis=1)

    @property
    def expected_norms(self) -> np.ndarray:
        """√(‖h₀‖² + l·gain²), l = 0 … L: the square root of E‖hₗ‖² over random directions unrelated to h
        (not the expected length: one draw is a random walk and may even shrink for a while)."""
        steps = np.arange(self.points.shape[0], dtype=np.float64)
        return np.sqrt(float(self.points[0] @ self.points[0]) + steps * self.gain**2)


def pre_norm_path(h0=(0.0, 0.0, 1.0), *, gain: float = 1.0, steps: int = 8, seed: int = 0) -> PlainStream:
    """h ← h + gain·h_A with the same suggestions as ``ngpt_path``: in Pre-Norm each block reads Norm(h) and
    its whole output is added to the stream; nothing puts h itself back on a sphere, so
    ‖h_L‖² = ‖h₀‖² + Σₗ (gain² + 2·gain·hₗ·h_A,ₗ) grows with depth: on average (directions unrelated to h)
    ‖h₀‖² + L·gain², a random walk, not monotone step by step."""
    h = _array("h0", h0, ndim=1, min_len=2)
    g = _positive("gain", gain)
    targets = suggestions(steps, h.size, seed=seed)
    points = np.concatenate([h[None, :], h[None, :] + g * np.cumsum(targets, axis=0)])
    return PlainStream(g, points, targets)


# --- outliers: one massive activation --------------------------------------------------------------------


def _rest_and_s(rest, s) -> tuple[np.ndarray, float]:
    return _array("rest", rest, ndim=1), finite_number("s", s)


def with_outlier(rest, s, *, index: int = 0) -> np.ndarray:
    """x ∈ ℝᴰ (D = len(rest) + 1): s at ``index``, the rest in order around it."""
    r, s = _rest_and_s(rest, s)
    if isinstance(index, bool) or not isinstance(index, (int, np.integer)) or not 0 <= index <= r.size:
        raise ValueError(f"index must be an integer in 0 … {r.size}; got {index!r}")
    return np.insert(r, int(index), s)


def rms_outlier_factor(rest, s, *, eps: float = 0.0) -> float:
    """What RMSNorm multiplies every other output by when the outlier is s instead of 0:
    √((‖r‖² + D·ε) / (‖r‖² + s² + D·ε)), D = len(rest) + 1 (= 1/√(1 + s²/‖r‖²) at ε = 0)."""
    r, s = _rest_and_s(rest, s)
    e = _eps("eps", eps)
    d = r.size + 1
    q = float(r @ r)
    return math.sqrt((q + d * e) / (q + s * s + d * e))


def ln_outlier_affine(rest, s, *, eps: float = 0.0) -> tuple[float, float, float]:
    """(scale, shift, factor): LayerNorm's other outputs are scale·(rⱼ − r̄) + shift, with
    scale = 1/√(σ²(s) + ε), σ²(s) = v/D + (D − 1)(s − r̄)²/D², shift = (r̄ − s)/D · scale, and
    factor = scale / scale(s = r̄) = √((v + D·ε) / (v + (D − 1)(s − r̄)²/D + D·ε)), v = Σ(rⱼ − r̄)²."""
    r, s = _rest_and_s(rest, s)
    e = _eps("eps", eps)
    d = r.size + 1
    mean = float(r.mean())
    v = float(np.sum((r - mean) ** 2))
    var = v / d + (d - 1) * (s - mean) ** 2 / d**2
    scale = 1.0 / math.sqrt(var + e)
    factor = math.sqrt((v + d * e) / (v + (d - 1) * (s - mean) ** 2 / d + d * e))
    return scale, (mean - s) / d * scale, factor


@dataclass(frozen=True)
class OutlierEffect:
    """x = the rest with one outlier s at ``index``, through RMSNorm, LayerNorm and DyT (γ = 1, β = 0)."""

    x: np.ndarray
    index: int
    s: float
    alpha: float
    eps: float
    rms: np.ndarray
    ln: np.ndarray
    dyt: np.ndarray
    rms_factor: float  # the others' outputs relative to s = 0 (``rms_outlier_factor``)
    ln_scale: float  # the others: ln_scale·(rⱼ − r̄) + ln_shift
    ln_shift: float
    ln_factor: float  # their spread relative to s = r̄

    @property
    def rest_norm(self) -> float:
        """‖r‖, the others' length."""
        r = self.x[self.others]
        return float(np.sqrt(r @ r))

    @property
    def limits(self) -> dict[str, float]:
        """As s → +∞ (any fixed ε): RMSNorm's outlier → √D; LayerNorm's shift b(s) → −1/√(D − 1) and its
        outlier → √(D − 1)."""
        d = self.x.size
        return {"rms_outlier": math.sqrt(d), "ln_shift": -1.0 / math.sqrt(d - 1), "ln_outlier": math.sqrt(d - 1)}

    @property
    def others(self) -> np.ndarray:
        """A mask of the coordinates other than the outlier."""
        mask = np.ones(self.x.size, dtype=bool)
        mask[self.index] = False
        return mask


def outlier_effect(
    rest, s, *, index: int = 0, alpha: float | None = None, eps: float = 0.0, backend: _xp.Backend | None = None
) -> OutlierEffect:
    """RMSNorm, LayerNorm and DyT of x = ``with_outlier(rest, s, index=index)``, with the predicted factors."""
    x = with_outlier(rest, s, index=index)
    a = _alpha(alpha)
    e = _eps("eps", eps)
    r = np.delete(x, index)
    scale, shift, factor = ln_outlier_affine(r, s, eps=e)
    xb = _on(backend, x)
    return OutlierEffect(
        x=x,
        index=int(index),
        s=float(s),
        alpha=a,
        eps=e,
        rms=_back(rms_norm(xb, eps=e)),
        ln=_back(layer_norm(xb, eps=e)),
        dyt=_back(dyt(xb, alpha=a)),
        rms_factor=rms_outlier_factor(r, s, eps=e),
        ln_scale=scale,
        ln_shift=shift,
        ln_factor=factor,
    )


@dataclass(frozen=True)
class OutlierCurve:
    """The others' factors as the outlier s sweeps ``scales`` (≥ 0): predicted by the formulas and measured on the
    library's outputs, for one fixed rest. RMSNorm: the others relative to s = 0; LayerNorm: their spread
    relative to s = r̄, and their common shift; DyT: the largest change of any other output (0)."""

    rest: np.ndarray
    scales: np.ndarray
    alpha: float
    eps: float
    rms_factor: np.ndarray  # ``rms_outlier_factor`` at each s
    rms_measured: np.ndarray  # RMSNorm(x(s))ⱼ / RMSNorm(x(0))ⱼ over the nonzero rⱼ, averaged (all the same)
    ln_factor: np.ndarray  # ``ln_outlier_affine``'s factor
    ln_measured: np.ndarray  # the others' output spread over their spread at s = r̄
    ln_shift: np.ndarray  # the common shift b(s) of the others' outputs
    dyt_change: np.ndarray  # max |DyT(x(s))ⱼ − DyT(x(0))ⱼ| over the others: 0

    def at(self, s: float) -> int:
        """The index of scale ``s`` in ``scales`` (a ValueError when it is not one of them)."""
        hits = np.flatnonzero(self.scales == float(s))
        if not hits.size:
            raise ValueError(f"s must be one of the curve's scales; got {s!r}")
        return int(hits[0])

    @property
    def rms_error(self) -> float:
        """The largest |measured − predicted| of RMSNorm's factor (rounding only)."""
        return float(np.max(np.abs(self.rms_measured - self.rms_factor)))

    @property
    def ln_error(self) -> float:
        return float(np.max(np.abs(self.ln_measured - self.ln_factor)))


def outlier_curve(
    rest, scales, *, alpha: float | None = None, eps: float = 0.0, backend: _xp.Backend | None = None
) -> OutlierCurve:
    """``OutlierCurve`` for the outlier at index 0 and each s in ``scales`` (finite, ≥ 0; sorted, duplicates
    dropped). The rest must not be
    constant (LayerNorm's spread of the others would be 0) nor all zero (RMSNorm's ratio would be 0/0)."""
    r = _array("rest", rest, ndim=1, min_len=2)
    s = _array("scales", scales, ndim=1)
    if not np.all(s >= 0):
        raise ValueError(f"scales must all be ≥ 0; got {scales!r}")
    s = np.unique(s)  # sorted, each once: the curves are drawn as lines through them
    if np.ptp(r) == 0:
        raise ValueError(f"rest must not be constant (its spread is what LayerNorm rescales); got {rest!r}")
    a = _alpha(alpha)
    e = _eps("eps", eps)
    mean = float(r.mean())
    xs = np.concatenate([np.array([[0.0], [mean]]), s[:, None]])  # s = 0, s = r̄, then the sweep
    x = np.concatenate([xs, np.broadcast_to(r, (xs.shape[0], r.size))], axis=1)
    xb = _on(backend, x)
    rms, ln, dy = _back(rms_norm(xb, eps=e)), _back(layer_norm(xb, eps=e)), _back(dyt(xb, alpha=a))
    rms_o, ln_o, dyt_o = rms[:, 1:], ln[:, 1:], dy[:, 1:]
    spread = np.std(ln_o, axis=1)
    moving = r != 0  # a zero rⱼ stays 0 at every s: its ratio would be 0/0
    affine = [ln_outlier_affine(r, v, eps=e) for v in s]
    return OutlierCurve(
        rest=r,
        scales=s,
        alpha=a,
        eps=e,
        rms_factor=np.array([rms_outlier_factor(r, v, eps=e) for v in s]),
        rms_measured=np.mean(rms_o[2:, moving] / rms_o[0, moving], axis=1),
        ln_factor=np.array([f for _, _, f in affine]),
        ln_measured=spread[2:] / spread[1],
        ln_shift=np.array([b for _, b, _ in affine]),
        dyt_change=np.max(np.abs(dyt_o[2:] - dyt_o[0]), axis=1),
    )


# --- Peri-Norm and nGPT on the residual page's stack -----------------------------------------------------


@dataclass(frozen=True)
class StackTops:
    """The residual page's stack (one norm, at initialization) at its top: the stream's length for Pre-Norm,
    Peri-Norm and nGPT, Peri-Norm's estimate √(‖h₀‖² + L·D), and √D."""

    depth: int
    width: int
    norm: str
    start: float  # ‖h₀‖, the same input for all
    pre_top: float
    peri_top: float
    peri_estimate: float
    ngpt_top: float
    root_width: float


def stack_tops(comp, norm: str = "rms") -> StackTops:
    """``StackTops`` read from a ``residual.compare`` result that ran Pre, Peri and nGPT (nGPT runs RMSNorm only)."""
    depth = comp.config.depth
    return StackTops(
        depth,
        comp.config.width,
        norm,
        float(comp.runs[("pre", norm)].stream_norm[0]),
        float(comp.runs[("pre", norm)].stream_norm[depth]),
        float(comp.runs[("peri", norm)].stream_norm[depth]),
        comp.peri_estimate(norm),
        float(comp.runs[("ngpt", "rms")].stream_norm[depth]),
        comp.root_width,
    )
