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
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

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
    color: str | None  # colour-blind safe (Okabe-Ito; Tol's wine for std); None: never drawn
    formula: str


def _method(key: str) -> Member:
    m = METHODS[key]
    return Member(key, lambda x: m(x, eps=0.0), False, m.color, m.formula)


MEMBERS: dict[str, Member] = {
    "l2": _method("l2"),
    "rms": _method("rms"),
    "ln": _method("ln"),
    # gamma = 1: the constraints are those of x̂; the member differs from LayerNorm by its parameters
    "bfln": Member("bfln", lambda x: norms.layer_norm(x, eps=0.0), False, None,
                   "y = (x − μ) / √(σ² + ε) · γ"),
    "bn": Member("bn", lambda x: norms.batch_norm(x, axis=0, eps=0.0), True, "#CC79A7",
                 "y = (x − μ_B) / √(σ_B² + ε) · γ + β"),
    # Paul Tol's wine: Okabe-Ito's eight are taken, and it stays apart from them for colour-blind eyes
    "std": Member("std", lambda x: norms.standardize(x, axis=0), True, "#882255", "x' = (x − μ) / σ"),
    "minmax": Member("minmax", norms.min_max, False, "#56B4E9",
                     "x' = (x − min x) / (max x − min x)"),
    "softmax": Member("softmax", norms.softmax, False, "#D55E00",
                      "y = exp(x − max x) / Σ exp(x − max x)"),
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


def normal_fraction(k: float) -> float:
    """P(|Z| ≤ k) for a standard normal Z: erf(k / √2) (0.6827, 0.9545, 0.9973 for k = 1, 2, 3)."""
    return math.erf(k / math.sqrt(2.0))


COLUMN_MEAN, COLUMN_SD = 170.0, 10.0  # a column of body heights in cm
KS = (1, 2, 3)


@dataclass(frozen=True)
class Column:
    values: np.ndarray
    z: np.ndarray  # standardized
    mean: float
    std: float  # biased
    z_mean: float
    z_var: float
    within: dict[int, float]  # fraction of |z| <= k in this column
    normal: dict[int, float]  # the same for a normal distribution
    largest: float  # max |z|


def column(n: int = 200, seed: int = 0, *, backend: _xp.Backend | None = None) -> Column:
    """A column of n heights drawn from N(170, 10²) with ``seed``, standardized (biased σ)."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 2:
        raise ValueError(f"n must be an integer >= 2; got {n!r}")
    values = np.random.default_rng(seed).normal(COLUMN_MEAN, COLUMN_SD, size=int(n))
    z = apply("std", values[:, None], backend=backend)[:, 0]
    return Column(values, z, float(values.mean()), float(values.std()), float(z.mean()), float(z.var()),
                  {k: float(np.mean(np.abs(z) <= k)) for k in KS}, {k: normal_fraction(k) for k in KS},
                  float(np.max(np.abs(z))))


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
