r"""The family of normalizations as one formula, x̂ = (x − c) / s, and the facts the Family page shows.

Plain numpy data and frozen dataclasses; nothing draws. L2, RMSNorm and
LayerNorm are ``normviz.methods`` records (their labels, colours and formulas
are read from there); the other members (bias-free LayerNorm, BatchNorm,
standardization, min-max, softmax) are ``Member`` records here. Outputs come
from the library on the chosen backend, at ε = 0, γ = 1, β = 0, back as float64.

* Vector methods normalize one sample's features (the slice is the vector x);
  BatchNorm and standardization normalize each feature across samples (the
  slice is a column of a batch), so they are applied to a small batch whose
  first row is x.
* Softmax does not fit x̂ = (x − c) / s: it is exp(x − c) / s with c = max x
  (which cancels; it only keeps exp from overflowing) and s = Σ exp(x − c).
* The same family as one formula, x / ‖x‖_p (``p_rows``): p = 1, 2 and ∞ put x on
  the unit sphere of that norm (octahedron, round sphere, cube), and softmax is the
  p = 1 case applied to exp(x − max x), whose entries are positive: its outputs lie
  on the octahedron's face in the positive orthant, the probability simplex.
* Standardizing a data column (``column``): a normal column (heights) and a skewed
  one (log-normal incomes) both end with mean 0 and variance 1, and keep their shape.
  The laws they are drawn from are frozen ``scipy.stats`` distributions (``law``): their
  skewness and the share of their mass within mean ± k·sd come from scipy, not from
  hand-written closed forms.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from scipy import stats

from normviz import _xp, norms
from normviz.methods import METHODS

# ---------------------------------------------------------------------------
# The members


@dataclass(frozen=True)
class Member:
    """One row of the family table: how to compute it, and over which slice.

    ``key`` names the i18n strings method.<key>, family.c.<key> and family.s.<key> (the name is
    translated; ``formula`` is the same in both languages).
    ``per_feature``: statistics over the samples (a column of a batch), not over x's components.
    """

    key: str
    fn: Callable  # (x as an array of the backend) -> normalized array, at eps = 0, gamma = 1, beta = 0
    per_feature: bool
    formula: str


def _method(key: str) -> Member:
    m = METHODS[key]
    return Member(key, lambda x: m(x, eps=0.0), False, m.formula)


MEMBERS: dict[str, Member] = {
    "l2": _method("l2"),
    "rms": _method("rms"),
    "ln": _method("ln"),
    # gamma = 1: the constraints are those of x̂; the member differs from LayerNorm by its parameters
    "bfln": Member("bfln", lambda x: norms.layer_norm(x, eps=0.0), False, "y = (x − μ) / √(σ² + ε) · γ"),
    "bn": Member("bn", lambda x: norms.batch_norm(x, axis=0, eps=0.0), True, "y = (x − μ_B) / √(σ_B² + ε) · γ + β"),
    "std": Member("std", lambda x: norms.standardize(x, axis=0), True, "x' = (x − μ) / σ"),
    "minmax": Member("minmax", norms.min_max, False, "x' = (x − min x) / (max x − min x)"),
    "softmax": Member("softmax", norms.softmax, False, "y = exp(x − max x) / Σ exp(x − max x)"),
}
KEYS = tuple(MEMBERS)
DRAWN = ("l2", "rms", "ln", "minmax", "softmax")  # one 3D vector in, one point out

CONSTRAINTS = ("simplex", "unit_range", "standard", "mean_square", "unit_norm")
TOL = 1e-9  # the checks run in float64 on outputs at eps = 0


def check(y, axis: int = -1) -> dict[str, bool]:
    """Which constraints every slice of ``y`` along ``axis`` satisfies (to ``TOL``); NaN satisfies none.

    simplex: y > 0 and Σy = 1; unit_range: 0 ≤ y ≤ 1; standard: mean 0 and (biased) variance 1;
    mean_square: mean(y²) = 1 (‖y‖ = √n); unit_norm: ‖y‖ = 1.
    """
    y = np.asarray(y, dtype=np.float64)
    if not np.all(np.isfinite(y)):
        return dict.fromkeys(CONSTRAINTS, False)
    mean = y.mean(axis=axis)
    ms = (y * y).mean(axis=axis)
    return {
        "simplex": bool(np.all(y > 0) and np.all(np.abs(y.sum(axis=axis) - 1.0) <= TOL)),
        "unit_range": bool(np.all((y >= -TOL) & (y <= 1.0 + TOL))),
        "standard": bool(np.all(np.abs(mean) <= TOL) and np.all(np.abs(ms - mean * mean - 1.0) <= TOL)),
        "mean_square": bool(np.all(np.abs(ms - 1.0) <= TOL)),
        "unit_norm": bool(np.all(np.abs(np.sqrt((y * y).sum(axis=axis)) - 1.0) <= TOL)),
    }


# The other samples of the batch that BatchNorm and standardization see next to x (3 features).
OTHER_SAMPLES = ((2.0, 0.0, -1.0), (0.5, 4.0, 2.0), (-1.0, 1.0, 3.0))
DEFAULT_X = (1.0, 2.0, 3.0)


def batch_with(x) -> np.ndarray:
    """x as the first sample of a batch (rows: samples), followed by ``OTHER_SAMPLES`` (x of 3 components)."""
    x = np.asarray(x, dtype=np.float64)
    if x.shape != (3,):
        raise ValueError(f"x must have 3 components; got shape {x.shape}")
    return np.vstack([x, np.asarray(OTHER_SAMPLES)])


def apply(key: str, data, *, backend: _xp.Backend | None = None) -> np.ndarray:
    """Member ``key`` on ``data`` (float64) on ``backend``, back as float64 numpy."""
    xb = (backend or _xp.Backend("numpy")).asarray(np.asarray(data, dtype=np.float64))
    return _xp.to_numpy(MEMBERS[key].fn(xb)).astype(np.float64)


@dataclass(frozen=True)
class Row:
    key: str
    output: np.ndarray  # the output for x (for per-feature members: the batch output's first row)
    checks: dict[str, bool]


def family_rows(x, *, backend: _xp.Backend | None = None) -> tuple[Row, ...]:
    """Every member applied to x (per-feature members: to ``batch_with(x)``), with its constraint checks."""
    x = np.asarray(x, dtype=np.float64)
    batch = batch_with(x)
    rows = []
    for key, m in MEMBERS.items():
        out = apply(key, batch if m.per_feature else x, backend=backend)
        rows.append(Row(key, out[0] if m.per_feature else out, check(out, axis=0 if m.per_feature else -1)))
    return tuple(rows)


# ---------------------------------------------------------------------------
# The sets the outputs of a 3-vector live on (eps = 0, gamma = 1)


def simplex_vertices() -> np.ndarray:
    """The probability simplex {y > 0, Σy = 1} in 3D: the open triangle with corners e1, e2, e3."""
    return np.eye(3)


def cube_edges() -> np.ndarray:
    """The 12 edges of the unit cube [0, 1]³ as (12, 2, 3) start/end pairs."""
    corners = np.array([[i, j, k] for i in (0, 1) for j in (0, 1) for k in (0, 1)], dtype=np.float64)
    pairs = [(a, b) for a in range(8) for b in range(a + 1, 8) if np.abs(corners[a] - corners[b]).sum() == 1]
    return np.stack([corners[[a, b]] for a, b in pairs])


def min_max_loop() -> np.ndarray:
    """Where min-max puts a non-constant 3-vector: min 0 and max 1, so one component is 0, one is 1.

    These are the six cube edges that touch neither (0,0,0) nor (1,1,1): a closed loop of 7 points.
    """
    return np.array([[1, 0, 0], [1, 1, 0], [0, 1, 0], [0, 1, 1], [0, 0, 1], [1, 0, 1], [1, 0, 0]], dtype=np.float64)


def outputs_3d(x, *, backend: _xp.Backend | None = None) -> dict[str, np.ndarray]:
    """The drawn members' outputs for a 3-vector x (eps = 0, gamma = 1, beta = 0)."""
    x = np.asarray(x, dtype=np.float64)
    if x.shape != (3,):
        raise ValueError(f"x must have 3 components; got shape {x.shape}")
    return {key: apply(key, x, backend=backend) for key in DRAWN}


# ---------------------------------------------------------------------------
# One formula: x / ‖x‖_p


@dataclass(frozen=True)
class PNorm:
    """One row of the x / ‖x‖_p table: ``p`` is the norm's (1, 2 or ∞), ``exp``: divide exp(x − max x), not x.

    ``key`` names the i18n strings family.p.<key> (its name) and family.p.<key>.formula.
    """

    key: str
    p: float
    exp: bool = False


P_NORMS: dict[str, PNorm] = {
    "l1": PNorm("l1", 1.0),
    "l2": PNorm("l2", 2.0),
    "linf": PNorm("linf", math.inf),
    "softmax": PNorm("softmax", 1.0, exp=True),  # exp(x − max x) > 0, so its L1 norm is its plain sum
}


def p_norm(v, p: float) -> float:
    """‖v‖_p in float64: (Σ|vᵢ|^p)^(1/p), max|vᵢ| for p = ∞ (NaN if v holds a NaN)."""
    a = np.abs(np.asarray(v, dtype=np.float64))
    if np.any(np.isnan(a)):
        return math.nan
    return float(a.max()) if math.isinf(p) else float(np.sum(a**p) ** (1.0 / p))


@dataclass(frozen=True)
class PRow:
    key: str
    p: float
    divided: np.ndarray  # what is divided by its norm: x, or exp(x − max x) for softmax
    norm: float  # ‖divided‖_p
    output: np.ndarray  # divided / ‖divided‖_p, at eps = 0 (NaN for the zero vector)
    output_norm: float  # ‖output‖_p: 1 unless the output is NaN


def p_rows(x, *, backend: _xp.Backend | None = None) -> tuple[PRow, ...]:
    """x / ‖x‖_p for p = 1, 2, ∞ and softmax as exp(x − max x) / ‖exp(x − max x)‖₁, at ε = 0, by
    ``norms.lp_normalize``."""
    x = np.asarray(x, dtype=np.float64)
    if x.ndim != 1 or x.size < 1:
        raise ValueError(f"x must be a non-empty vector; got shape {x.shape}")
    shifted = np.exp(x - x.max()) if np.all(np.isfinite(x)) else np.full_like(x, np.nan)
    b = backend or _xp.Backend("numpy")
    rows = []
    for key, pn in P_NORMS.items():
        v = shifted if pn.exp else x
        y = _xp.to_numpy(norms.lp_normalize(b.asarray(v), p=pn.p, eps=0.0)).astype(np.float64)
        rows.append(PRow(key, pn.p, v, p_norm(v, pn.p), y, p_norm(y, pn.p)))
    return tuple(rows)


def octahedron() -> tuple[np.ndarray, np.ndarray]:
    """The L1 unit sphere in 3D, {|y₁| + |y₂| + |y₃| = 1}: its 6 corners ±eᵢ and 8 triangular faces (i, j, k).

    The face (e1, e2, e3), in the positive orthant, is the probability simplex.
    """
    corners = np.vstack([np.eye(3), -np.eye(3)])
    faces = np.array([[i, j, k] for i in (0, 3) for j in (1, 4) for k in (2, 5)])
    return corners, faces


def linf_cube_edges() -> np.ndarray:
    """The L∞ unit sphere in 3D, the surface of the cube [−1, 1]³: its 12 edges as (12, 2, 3) start/end pairs."""
    return 2.0 * cube_edges() - 1.0


# ---------------------------------------------------------------------------
# Data normalization vs model normalization

PIXEL_MAX = 255
SEED_PIXELS = (0.0, 64.0, 128.0, 255.0)


@dataclass(frozen=True)
class Pixels:
    values: np.ndarray
    divided: np.ndarray  # x / 255: the known range of 8-bit pixels
    min_max: np.ndarray  # the data's own min and max
    same: bool  # both agree: the data contain 0 and 255


def pixels(values=SEED_PIXELS, *, backend: _xp.Backend | None = None) -> Pixels:
    """8-bit pixel values to [0, 1]: x / 255, and min-max with the values' own extremes."""
    v = np.asarray(values, dtype=np.float64)
    if v.ndim != 1 or v.size < 1:
        raise ValueError(f"values must be a non-empty vector; got shape {v.shape}")
    divided = v / PIXEL_MAX
    mm = apply("minmax", v, backend=backend)
    return Pixels(v, divided, mm, bool(np.allclose(divided, mm, rtol=0, atol=1e-12)))


COLUMN_MEAN, COLUMN_SD = 170.0, 10.0  # a column of body heights in cm: N(170, 10²)
INCOME_MEDIAN, INCOME_LOG_SD = 40.0, 0.7  # annual incomes in thousands: ln(income) ~ N(ln 40, 0.7²)
COLUMNS = ("heights", "incomes")
KS = (1, 2, 3)
BINS = 24


def law(kind: str):
    """The distribution a column is drawn from, frozen (``scipy.stats``): heights N(170, 10²); incomes
    log-normal with ln X ~ N(ln 40, 0.7²), which is ``lognorm(s=0.7, scale=40)`` (scale = e^μ, the median)."""
    if kind == "heights":
        return stats.norm(COLUMN_MEAN, COLUMN_SD)
    if kind == "incomes":
        return stats.lognorm(INCOME_LOG_SD, scale=INCOME_MEDIAN)
    raise ValueError(f"kind must be one of {COLUMNS}; got {kind!r}")


def share_within(dist, k: float) -> float:
    """P(|X − E X| ≤ k·sd X) for a frozen scipy.stats distribution: cdf(mean + k·sd) − cdf(mean − k·sd)."""
    mean, sd = dist.mean(), dist.std()
    return float(dist.cdf(mean + k * sd) - dist.cdf(mean - k * sd))


@lru_cache(maxsize=16)
def normal_fraction(k: float) -> float:
    """P(|Z| ≤ k) for a normal Z, Φ(k) − Φ(−k) = erf(k / √2), from ``scipy.stats.norm``
    (0.6827, 0.9545, 0.9973 for k = 1, 2, 3)."""
    return share_within(stats.norm(), k)


def skewness(values, *, bias: bool = True) -> float:
    """Sample skewness, ``scipy.stats.skew``: with ``bias`` (the default) g₁ = m₃ / m₂^(3/2) with the biased
    central moments (divide by n), 0 for a symmetric sample; without, the bias-corrected
    G₁ = g₁ · √(n(n − 1)) / (n − 2) (defined for n > 2; scipy returns g₁ below)."""
    return float(stats.skew(np.asarray(values, dtype=np.float64), bias=bias))


def lognormal_skewness(log_sd: float) -> float:
    """The skewness of a log-normal distribution with log-scale standard deviation s, from
    ``scipy.stats.lognorm``: (e^(s²) + 2)·√(e^(s²) − 1)."""
    return float(stats.lognorm(log_sd).stats(moments="s"))


def draw(kind: str, n: int, seed: int) -> np.ndarray:
    """n heights from N(170, 10²), or n incomes from a log-normal distribution, with ``seed``."""
    if kind == "heights":
        return np.random.default_rng(seed).normal(COLUMN_MEAN, COLUMN_SD, size=n)
    if kind == "incomes":  # its own stream: the incomes are not a transform of the heights drawn with the same seed
        return np.exp(np.random.default_rng((seed, 1)).normal(math.log(INCOME_MEDIAN), INCOME_LOG_SD, size=n))
    raise ValueError(f"kind must be one of {COLUMNS}; got {kind!r}")


@dataclass(frozen=True)
class Law:
    """What a column's law (``law``) says: its mean, standard deviation and skewness, and the share of its
    mass within mean ± k·sd for each k in ``KS`` (all from ``scipy.stats``)."""

    mean: float
    std: float
    skew: float
    within: dict[int, float]


@lru_cache(maxsize=len(COLUMNS))
def law_facts(kind: str) -> Law:
    """``Law`` of the distribution column ``kind`` is drawn from (computed once per kind; read-only)."""
    dist = law(kind)
    within = {k: share_within(dist, k) for k in KS}
    return Law(float(dist.mean()), float(dist.std()), float(dist.stats(moments="s")), within)


@dataclass(frozen=True)
class Column:
    kind: str  # "heights" | "incomes"
    values: np.ndarray
    z: np.ndarray  # standardized
    mean: float
    std: float  # biased (divide by n), as the standardization uses
    z_mean: float
    z_var: float  # biased
    skew: float  # of the values, biased g₁ (scipy.stats.skew, bias=True)
    z_skew: float  # of z: the same, as z = (x − μ)/σ with σ > 0 keeps the shape
    within: dict[int, float]  # fraction of |z| <= k in this column
    normal: dict[int, float]  # the same for a normal distribution
    largest: float  # max |z|
    edges: np.ndarray  # histogram bin edges of the values
    z_edges: np.ndarray  # the same edges standardized: (edges − μ) / σ
    counts: np.ndarray  # values per bin, which are z per z-bin too
    skew_unbiased: float  # bias-corrected G₁ of the values (scipy.stats.skew, bias=False)
    z_skew_unbiased: float  # the same of z
    law: Law  # what the distribution the column is drawn from says (law_facts)


def column(
    n: int = 200, seed: int = 0, *, kind: str = "heights", bins: int = BINS, backend: _xp.Backend | None = None
) -> Column:
    """A column of n heights (normal) or incomes (log-normal) drawn with ``seed``, standardized (biased σ)."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 2:
        raise ValueError(f"n must be an integer >= 2; got {n!r}")
    values = draw(kind, int(n), seed)
    z = apply("std", values[:, None], backend=backend)[:, 0]
    mean, std = float(values.mean()), float(values.std())
    edges = np.linspace(values.min(), values.max(), bins + 1)
    return Column(
        kind,
        values,
        z,
        mean,
        std,
        float(z.mean()),
        float(z.var()),
        skewness(values),
        skewness(z),
        {k: float(np.mean(np.abs(z) <= k)) for k in KS},
        {k: normal_fraction(k) for k in KS},
        float(np.max(np.abs(z))),
        edges,
        (edges - mean) / std,
        np.histogram(values, bins=edges)[0],
        skewness(values, bias=False),
        skewness(z, bias=False),
        law_facts(kind),
    )


def normal_density(z) -> np.ndarray:
    """The density φ(z) = exp(−z²/2) / √(2π) of a normal law with mean 0 and variance 1 (``scipy.stats.norm``)."""
    return stats.norm.pdf(np.asarray(z, dtype=np.float64))


SEED_AFFINE = (0.5, 2.0, -1.0)  # x̂ = 0.5, γ = 2, β = −1 -> y = 0


def affine(xhat: float, gamma: float, beta: float) -> float:
    """y = γ · x̂ + β: what the learnable parameters do after the normalization."""
    return float(gamma) * float(xhat) + float(beta)


# ---------------------------------------------------------------------------
# Parameter counts


@dataclass(frozen=True)
class ParamCount:
    """Learnable parameters (γ, β) and running statistics of one normalization layer of width d.

    ``running``: BatchNorm's running mean and running variance, buffers updated during training
    and used at inference, not learned by the optimizer. ``counter``: torch's num_batches_tracked
    (one integer buffer).
    """

    weight: int
    bias: int
    running: int = 0
    counter: int = 0

    @property
    def parameters(self) -> int:
        return self.weight + self.bias


def param_counts(d: int) -> dict[str, ParamCount]:
    """Per layer of width d: LayerNorm 2d, bias-free LayerNorm and RMSNorm d, BatchNorm 2d + 2d running."""
    if isinstance(d, bool) or not isinstance(d, (int, np.integer)) or d < 1:
        raise ValueError(f"d must be an integer >= 1; got {d!r}")
    d = int(d)
    return {
        "ln": ParamCount(d, d),
        "bfln": ParamCount(d, 0),
        "rms": ParamCount(d, 0),
        "bn": ParamCount(d, d, running=2 * d, counter=1),
    }


SEED_D = 4096  # the seed's exercise: LayerNorm 8192, RMSNorm 4096
