r"""Beyond the classic norms (the /beyond page): Dynamic Tanh, QK-norm, nGPT's sphere, and outliers.

Plain numpy data (float64) and frozen dataclasses; nothing draws. Every norm comes from the library
(``normviz.norms``: ``dyt``, ``rms_norm``, ``layer_norm``, ``l2_normalize``, ``softmax``).

* **Dynamic Tanh** (Zhu, Chen, He, LeCun & Liu, CVPR 2025, arXiv:2503.10622): DyT(x) = γ ⊙ tanh(α·x) + β,
  one scalar α, no statistic of x. Its Jacobian is diagonal, ∂yᵢ/∂xᵢ = α·(1 − tanh²(α·xᵢ)) (γ = 1), where
  LayerNorm's mixes every coordinate (``normviz.gradient``). Small inputs pass almost linearly; large ones
  saturate at ±1. DyT keeps x's direction only approximately and its length partly. Where it parts from
  LayerNorm: a common offset c·𝟏 (LayerNorm removes it; DyT saturates every coordinate towards sign(c)·1, so at
  ε = 0 the RMS distance tends to √(mean((±1 − LN(x))²)) = √2), and one huge coordinate (see Outliers).
* **Derf** (Chen, Lu, Zhu, Sun & Liu 2025, arXiv:2512.10938): Derf(x) = γ ⊙ erf(α·x + s) + β, α and s one
  learned scalar each (0.5 and 0 at the start), γ and β per channel. Both curves are odd about their centre
  x = −s/α (DyT: s = 0), bounded by 1 and increasing for α > 0; their slopes, γ = 1:

      DyT'(x) = α·(1 − tanh²(α·x)),  DyT'(0) = α
      Derf'(x) = (2α/√π)·exp(−(α·x + s)²),  Derf'(0) = (2α/√π)·e^{−s²},  at most 2α/√π (at x = −s/α).

  Saturation here means reaching a fraction q of the bound (the page takes q = 0.99): tanh(α·x) = ±q at
  x = ±artanh(q)/α, erf(α·x + s) = ±q at x = (±erfinv(q) − s)/α. The window between the two is 2·artanh(q)/α
  wide for DyT and 2·erfinv(q)/α for Derf (artanh(0.99) = 2.647, erfinv(0.99) = 1.821): s moves Derf's window,
  not its width. Over all of ℝⁿ both images are the open box (−1, 1)ⁿ; the image of the box [−E, E]ⁿ is
  [−tanh(αE), tanh(αE)]ⁿ under DyT and [erf(s − αE), erf(s + αE)]ⁿ under Derf (α > 0), centred at
  ½(erf(s + αE) + erf(s − αE))·𝟏, which is 0 only for s = 0: a shift makes a zero-centred set of inputs give
  outputs that are not zero-centred.

  Matching LayerNorm's slope. At ε = 0, LN(x) = (x − μ𝟏)/σ has Jacobian J = (P − y yᵀ/n)/σ (P = I − 𝟏𝟏ᵀ/n,
  y = LN(x)), so J·v = v/σ for every v ⊥ 𝟏, x (Pv = v, yᵀv = 0): LayerNorm multiplies a small change in any of
  those n − 2 directions by 1/σ, and a change along 𝟏 or x by 0. For a zero-mean input σ is its RMS r. DyT's
  and Derf's Jacobians at 0 are α·I and (2α/√π)·e^{−s²}·I: the same slope in every direction, equal to 1/r
  for α = 1/r (DyT) and α = √π/(2r) (Derf, s = 0). Only at 0: away from it both slopes fall as the curves
  saturate.
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
from scipy import special

from normviz import _xp
from normviz._exact import finite_number
from normviz.gradient import analytic_jacobian
from normviz.information import apply, cosine, norm
from normviz.methods import method
from normviz.norms import derf, dyt, l2_normalize, layer_norm, rms_norm, softmax

DYT_ALPHA = inspect.signature(dyt).parameters["alpha"].default  # the paper's α₀, read from the library
DERF_ALPHA = inspect.signature(derf).parameters["alpha"].default  # Derf's α₀ and s₀, read from the library
DERF_SHIFT = inspect.signature(derf).parameters["shift"].default
SQUASHES = ("dyt", "derf")
SATURATION = 0.99  # a curve "saturates" where it reaches this fraction of its bound 1
QK_NORMS = ("rms", "ln")
NUMPY = _xp.Backend("numpy")

# Each section's formulas as display lines, short enough for a phone (a display wider than the screen scrolls).
DYT_TEX = (
    r"\operatorname{DyT}(x) = \gamma \odot \tanh(\alpha x) + \beta",
    r"\frac{\partial y_i}{\partial x_j} = \delta_{ij}\,\alpha\,\gamma_i \big(1 - \tanh^2(\alpha x_i)\big)",
    r"J_{\mathrm{LN}} = \big(P - \tfrac{1}{n}\, y y^{\top}\big) / \sigma",
    r"P = I - \tfrac{1}{n}\mathbf{1}\mathbf{1}^{\top}",
)
DERF_TEX = (
    r"\operatorname{Derf}(x) = \gamma \odot \operatorname{erf}(\alpha x + s) + \beta",
    r"\operatorname{erf}(z) = \tfrac{2}{\sqrt\pi} \textstyle\int_0^z e^{-t^2}\,dt",
    r"\operatorname{Derf}'(0) = \tfrac{2\alpha}{\sqrt\pi}\, e^{-s^2},\ \ \operatorname{DyT}'(0) = \alpha",
    r"J_{\mathrm{LN}}\, v = v/\sigma \ \ (v \perp \mathbf{1}, x;\ \varepsilon = 0)",
    r"\alpha_{\mathrm{DyT}} = \tfrac{1}{r},\ \ \alpha_{\mathrm{Derf}} = \tfrac{\sqrt\pi}{2r}",
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


# --- Derf: erf instead of tanh ------------------------------------------------------------------------------


def _kind(kind) -> str:
    if kind not in SQUASHES:
        raise ValueError(f"kind must be one of {SQUASHES}; got {kind!r}")
    return kind


def _shift(value) -> float:
    return DERF_SHIFT if value is None else finite_number("shift", value)


def _derf_alpha(value) -> float:
    return DERF_ALPHA if value is None else finite_number("alpha", value)


def _level(value) -> float:
    q = finite_number("level", value)
    if not 0 < q < 1:
        raise ValueError(f"level must be in (0, 1); got {value!r}")
    return q


def derf_jacobian(x, *, alpha: float | None = None, shift: float | None = None) -> np.ndarray:
    """∂Derf(x)/∂x (γ = 1): the diagonal matrix diag((2α/√π)·exp(−(α·xᵢ + s)²)); no coordinate reaches another."""
    x = _array("x", x, ndim=1)
    a, s = _derf_alpha(alpha), _shift(shift)
    return np.diag(2.0 * a / math.sqrt(math.pi) * np.exp(-((a * x + s) ** 2)))


def squash_values(kind: str, x, *, alpha: float | None = None, shift: float | None = None, backend=None):
    """DyT(x) (``shift`` must be 0 or None: DyT has none) or Derf(x) through the library, γ = 1, β = 0, as float64."""
    kind = _kind(kind)
    if kind == "dyt":
        if shift not in (None, 0, 0.0):
            raise ValueError(f"shift must be 0 for DyT (it has none); got {shift!r}")
        return _back(dyt(_on(backend, np.asarray(x, dtype=np.float64)), alpha=_alpha(alpha)))
    xb = _on(backend, np.asarray(x, dtype=np.float64))
    return _back(derf(xb, alpha=_derf_alpha(alpha), shift=_shift(shift)))


def log10_gap_to_bound(kind: str, z) -> float:
    """log₁₀ of min over the entries of 1 − |f(z)|, f = tanh (DyT) or erf (Derf), computed without forming f(z):
    1 − tanh(a) = 2/(e^{2a} + 1) and 1 − erf(a) = erfc(a) = 2·Φ(−a√2), a = |z|, in logarithms. Finite for every
    finite z, though f(z) itself is ±1 in float64 beyond |z| ≈ 19.06 (tanh) and ≈ 5.93 (erf)."""
    kind = _kind(kind)
    a = float(np.max(np.abs(np.asarray(z, dtype=np.float64))))
    if kind == "dyt":
        ln_gap = math.log(2.0) - 2.0 * a - math.log1p(math.exp(-2.0 * a))
    else:
        ln_gap = math.log(2.0) + float(special.log_ndtr(-a * math.sqrt(2.0)))
    return ln_gap / math.log(10.0)


@dataclass(frozen=True)
class Squash:
    """One squashing curve, y = tanh(α·x) (DyT) or erf(α·x + s) (Derf), γ = 1, β = 0, α > 0: where it is steep,
    where it saturates, where it is centred and which LayerNorm slope it matches."""

    kind: str  # "dyt" | "derf"
    alpha: float
    shift: float  # 0 for DyT
    level: float  # q: saturation means |y| reaching q (of the bound 1)
    slope0: float  # the slope at x = 0: α (DyT), (2α/√π)·e^{−s²} (Derf)
    steepest: float  # the largest slope, at the centre: α (DyT), 2α/√π (Derf)
    centre: float  # −s/α: where y = 0, the curve's centre of symmetry
    value0: float  # y at x = 0: 0 (DyT), erf(s) (Derf)
    saturation: tuple[float, float]  # (x₋, x₊): y = −q at x₋ and +q at x₊
    matched_rms: float  # the RMS r of a zero-mean input whose LayerNorm slope 1/r is ``steepest``

    @property
    def window(self) -> float:
        """x₊ − x₋: the width of the unsaturated window, 2·artanh(q)/α or 2·erfinv(q)/α (any s)."""
        return self.saturation[1] - self.saturation[0]


def squash(kind: str, *, alpha: float | None = None, shift: float | None = None, level: float = SATURATION) -> Squash:
    """``Squash`` of DyT (``shift`` 0 or None) or Derf with slope α > 0 and shift s:

    * slope at 0: α·(1 − tanh²(0)) = α; (2α/√π)·exp(−s²);
    * saturation: tanh(α·x) = ±q at x = ±artanh(q)/α; erf(α·x + s) = ±q at x = (±erfinv(q) − s)/α;
    * matched RMS: 1/α (DyT), √π/(2α) (Derf), so that the steepest slope equals LayerNorm's 1/r (``slope_match``).
    """
    kind = _kind(kind)
    a = _positive("alpha", _alpha(alpha) if kind == "dyt" else _derf_alpha(alpha))
    q = _level(level)
    if kind == "dyt":
        if shift not in (None, 0, 0.0):
            raise ValueError(f"shift must be 0 for DyT (it has none); got {shift!r}")
        root = math.atanh(q)
        return Squash("dyt", a, 0.0, q, a, a, 0.0, 0.0, (-root / a, root / a), 1.0 / a)
    s = _shift(shift)
    root = float(special.erfinv(q))
    steepest = 2.0 * a / math.sqrt(math.pi)
    return Squash(
        "derf",
        a,
        s,
        q,
        steepest * math.exp(-s * s),
        steepest,
        -s / a,
        float(special.erf(s)),
        ((-root - s) / a, (root - s) / a),
        math.sqrt(math.pi) / (2.0 * a),
    )


def matched_alpha(kind: str, rms: float) -> float:
    """The α whose slope at 0 (s = 0) equals LayerNorm's 1/r on a zero-mean input of RMS r (ε = 0): 1/r for DyT,
    √π/(2r) for Derf."""
    kind = _kind(kind)
    r = _positive("rms", rms)
    return 1.0 / r if kind == "dyt" else math.sqrt(math.pi) / (2.0 * r)


def image_box(kind: str, half_width: float, *, alpha: float | None = None, shift: float | None = None):
    """(lo, hi): each coordinate's image of [−E, E] (E = ``half_width`` > 0) under DyT or Derf (α > 0, γ = 1,
    β = 0): (−tanh(αE), tanh(αE)) and (erf(s − αE), erf(s + αE)), by the library (both curves increase)."""
    kind = _kind(kind)
    e = _positive("half_width", half_width)
    a = _positive("alpha", _alpha(alpha) if kind == "dyt" else _derf_alpha(alpha))
    lo, hi = squash_values(kind, [-e, e], alpha=a, shift=None if kind == "dyt" else shift)
    return float(lo), float(hi)


@dataclass(frozen=True)
class SquashCurves:
    """DyT's and Derf's curves over one x grid (the library's outputs) with their ``Squash`` facts."""

    x: np.ndarray  # (k,)
    dyt: np.ndarray  # tanh(α·x)
    derf: np.ndarray  # erf(α·x + s)
    facts: dict  # "dyt" | "derf" -> Squash

    @property
    def reach(self) -> float:
        return float(self.x[-1])


def squash_curves(
    *, alpha: float | None = None, shift: float | None = None, level: float = SATURATION, points: int = 241
) -> SquashCurves:
    """Both curves, same α (DyT's default when None), Derf with shift s, on a symmetric grid wide enough to show
    every saturation point: ±1.25·max|x_sat| (at least 1)."""
    if isinstance(points, bool) or not isinstance(points, (int, np.integer)) or points < 3:
        raise ValueError(f"points must be an integer ≥ 3; got {points!r}")
    a = _alpha(alpha)
    facts = {"dyt": squash("dyt", alpha=a, level=level), "derf": squash("derf", alpha=a, shift=shift, level=level)}
    reach = max(1.0, 1.25 * max(abs(v) for f in facts.values() for v in f.saturation))
    x = np.linspace(-reach, reach, int(points))
    s = facts["derf"].shift
    return SquashCurves(x, squash_values("dyt", x, alpha=a), squash_values("derf", x, alpha=a, shift=s), facts)


@dataclass(frozen=True)
class DerfPicture:
    """Derf beside DyT on the DyT picture's input x (γ = 1, β = 0, the same α): Derf(x), Derf's image of the ray
    t·x, and both images of the drawn box [−E, E]ⁿ."""

    x: np.ndarray
    alpha: float
    shift: float
    derf: np.ndarray  # Derf(x)
    cosine: float  # cos(Derf(x), x); NaN for x = 0 or Derf(x) = 0
    t: np.ndarray  # (k,) from 0 to reach
    ray: np.ndarray  # (k, n): Derf(t·x), from erf(s)·𝟏 at t = 0
    half_width: float  # E
    box_dyt: tuple[float, float]  # each coordinate's image of [−E, E] under DyT
    box_derf: tuple[float, float]  # and under Derf

    @property
    def centre_dyt(self) -> float:
        return 0.5 * (self.box_dyt[0] + self.box_dyt[1])

    @property
    def centre_derf(self) -> float:
        """The middle of Derf's image of [−E, E]: 0 only for s = 0."""
        return 0.5 * (self.box_derf[0] + self.box_derf[1])


def derf_picture(
    x,
    *,
    alpha: float | None = None,
    shift: float | None = None,
    half_width: float,
    reach: float = 3.0,
    points: int = 61,
    backend: _xp.Backend | None = None,
) -> DerfPicture:
    """``DerfPicture`` of x (at least 2 finite numbers), α > 0, the box [−E, E]ⁿ, the ray for 0 ≤ t ≤ ``reach``."""
    x = _array("x", x, ndim=1, min_len=2)
    a = _positive("alpha", _derf_alpha(alpha))
    s = _shift(shift)
    r = _positive("reach", reach)
    if isinstance(points, bool) or not isinstance(points, (int, np.integer)) or points < 2:
        raise ValueError(f"points must be an integer ≥ 2; got {points!r}")
    t = np.linspace(0.0, r, int(points))
    y = squash_values("derf", x, alpha=a, shift=s, backend=backend)
    return DerfPicture(
        x=x,
        alpha=a,
        shift=s,
        derf=y,
        cosine=cosine(y, x),
        t=t,
        ray=squash_values("derf", t[:, None] * x[None, :], alpha=a, shift=s, backend=backend),
        half_width=_positive("half_width", half_width),
        box_dyt=image_box("dyt", half_width, alpha=a),
        box_derf=image_box("derf", half_width, alpha=a, shift=s),
    )


@dataclass(frozen=True)
class SlopeMatch:
    """LayerNorm's slope on a zero-mean input of RMS r (ε = 0) against DyT's and Derf's slopes at 0 at the matched
    α, each measured by central differences on the library's functions."""

    rms: float  # r = σ (zero mean)
    n: int
    x: np.ndarray  # the input: zero mean, RMS r
    direction: np.ndarray  # a unit v ⊥ 𝟏, x
    alpha_dyt: float  # 1/r
    alpha_derf: float  # √π/(2r)
    ln_gain: float  # ‖LN(x + hv) − LN(x − hv)‖/(2h): 1/σ
    ln_along_ones: float  # the same along 𝟏/√n: 0
    ln_along_x: float  # and along x/‖x‖: 0 (at ε = 0)
    dyt_slope: float  # (DyT(h) − DyT(−h))/(2h) at α_DyT
    derf_slope: float  # (Derf(h) − Derf(−h))/(2h) at α_Derf, s = 0

    @property
    def predicted(self) -> float:
        return 1.0 / self.rms


def slope_match(rms: float, *, n: int = 64, seed: int = 0, backend: _xp.Backend | None = None) -> SlopeMatch:
    """``SlopeMatch`` for a seeded zero-mean input of n ≥ 3 coordinates scaled to RMS r > 0 (so σ = r) and a seeded
    unit direction v ⊥ 𝟏, x. Steps h = 10⁻⁴·r for LayerNorm (its output does not change with r), 10⁻⁴/α at 0 for
    the curves: central differences, exact up to O(h²) and rounding (about 1e-10 relative)."""
    r = _positive("rms", rms)
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 3:
        raise ValueError(
            f"n must be an integer ≥ 3 (LayerNorm's slope 1/σ lives on the n − 2 directions ⊥ 𝟏, x); got {n!r}"
        )
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"seed must be an integer ≥ 0; got {seed!r}")
    n = int(n)
    rng = np.random.default_rng(int(seed))
    g = rng.standard_normal(n)
    x = g - g.mean()
    x *= r / math.sqrt(float(np.mean(x * x)))
    basis = np.column_stack([np.ones(n) / math.sqrt(n), x / float(np.linalg.norm(x))])  # orthonormal: x ⊥ 𝟏
    v = rng.standard_normal(n)
    v -= basis @ (basis.T @ v)
    v /= float(np.linalg.norm(v))

    def ln_gain(direction: np.ndarray) -> float:
        h = 1e-4 * r
        both = _back(layer_norm(_on(backend, np.stack([x + h * direction, x - h * direction])), eps=0.0))
        return float(np.linalg.norm(both[0] - both[1])) / (2 * h)

    def slope(kind: str, a: float) -> float:
        h = 1e-4 / a
        lo, hi = squash_values(kind, [-h, h], alpha=a, shift=None if kind == "dyt" else 0.0, backend=backend)
        return float(hi - lo) / (2 * h)

    a_dyt, a_derf = matched_alpha("dyt", r), matched_alpha("derf", r)
    return SlopeMatch(
        rms=r,
        n=n,
        x=x,
        direction=v,
        alpha_dyt=a_dyt,
        alpha_derf=a_derf,
        ln_gain=ln_gain(v),
        ln_along_ones=ln_gain(basis[:, 0]),
        ln_along_x=ln_gain(basis[:, 1]),
        dyt_slope=slope("dyt", a_dyt),
        derf_slope=slope("derf", a_derf),
    )


@dataclass(frozen=True)
class Reported:
    """One benchmark as a paper reports it (its numbers, not computed here): LayerNorm, DyT, Derf."""

    key: str  # "vit" | "dit": the row's label in the page's strings
    source: str  # the source key (``normviz.sources``)
    layer_norm: float
    dyt: float
    derf: float
    higher_is_better: bool
    digits: int  # decimals as reported

    @property
    def derf_minus_ln(self) -> float:
        return round(self.derf - self.layer_norm, self.digits)

    @property
    def derf_minus_dyt(self) -> float:
        return round(self.derf - self.dyt, self.digits)


# Chen et al. (2025), Figure 1 and the authors' README: ViT-B top-1 on ImageNet-1K (%), DiT-L/4 FID on ImageNet.
DERF_REPORTED = (
    Reported("vit", "chen2025", 82.3, 82.5, 82.8, True, 1),
    Reported("dit", "chen2025", 45.91, 45.66, 43.94, False, 2),
)


@dataclass(frozen=True)
class RegimeClaim:
    """Verma (2026) on DyT in place of LayerNorm in GPT-2-family models: the paper's numbers, as it reports them.
    Changes of the validation loss as magnitudes in percent, the direction in the field's name."""

    source: str
    params: tuple[str, str]  # the model sizes spanned, smallest and largest
    tokens: tuple[str, str]  # the training tokens spanned, fewest and most
    lower_small: float  # DyT's loss lower by this at the smallest model on the fewest tokens
    higher_large: float  # higher by this at the smallest model on the most tokens
    higher_small_largest: float  # higher by this at the largest model on the fewest tokens: the benefit gone
    higher_large_worst: float  # the penalty on the most tokens at its largest
    saturated_small: float  # share of DyT's activations that saturate (by the paper's criterion), fewest tokens
    saturated_large: float  # and on the most tokens
    tokens_per_param: float  # every run has fewer training tokens per parameter than this


VERMA_REPORTED = RegimeClaim("verma2026", ("64M", "3.78B"), ("1M", "118M"), 27.3, 18.8, 1.7, 27.9, 49.0, 23.0, 1.84)


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
