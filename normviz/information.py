r"""Where the information goes: which inputs a norm merges, which it keeps apart, which angles survive.

Plain numpy data and frozen dataclasses; nothing draws. Every normalized vector
comes from the library (``normviz.methods``) on the chosen backend, in float64,
so the numbers the page shows are the ones the library computes.

* Every method forgets the length of x: at ε = 0, x and s·x (s > 0) give the
  same output, so (3, 4) and (6, 8) merge, while (3, 4) and (4, 3) stay apart.
* cos(L2 x, L2 z) = cos(RMS x, RMS z) = cos(x, z): a cosine ignores positive
  scaling (any ε ≥ 0).
* cos(LN x, LN z) = corr(x, z), the Pearson correlation: LayerNorm's output is a
  positive multiple of x − μ·𝟏 (any ε ≥ 0), as long as neither vector is constant.

Norms, distances and cosines are computed without underflow or overflow: each
vector is first scaled by a power of two, which is exact in binary floating
point, so that its largest component lies in [0.5, 1), as ``math.hypot`` does.
A vector of components around 1e-300 is therefore not mistaken for zero.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from normviz import _xp
from normviz.methods import METHODS, method

NUMPY = _xp.Backend("numpy")
MERGE_TOL = 1e-9  # two outputs "merge" when their distance is below this fraction of the method's radius
SEED_PAIRS = (((3.0, 4.0), (6.0, 8.0)), ((3.0, 4.0), (4.0, 3.0)))  # same direction; different directions

# ---------------------------------------------------------------------------
# Lengths and angles that neither underflow nor overflow


def pow2_scaled(v, axis: int = -1) -> tuple[np.ndarray, np.ndarray]:
    """(v / 2**e, e) along ``axis``, with e chosen so the largest |component| lies in [0.5, 1).

    Exact in binary floating point (unless a component is over 2**1000 times
    smaller than the largest). A zero, infinite or NaN slice keeps e = 0.
    """
    v = np.asarray(v, dtype=np.float64)
    with np.errstate(invalid="ignore"):
        top = np.max(np.abs(v), axis=axis, keepdims=True)
    _, e = np.frexp(np.where(np.isfinite(top), top, 0.0))
    return np.ldexp(v, -e), e


def norm(v, axis: int = -1):
    """‖v‖₂ along ``axis``, scaled first: (1e-300, 1e-300) has norm 1.414e-300, not 0."""
    s, e = pow2_scaled(v, axis)
    out = np.ldexp(np.sqrt(np.sum(s * s, axis=axis)), np.squeeze(e, axis=axis))
    return float(out) if np.ndim(out) == 0 else out


def distance(u, v) -> float:
    """‖u − v‖₂ (NaN when either has a NaN)."""
    with np.errstate(invalid="ignore"):
        return norm(np.asarray(u, dtype=np.float64) - np.asarray(v, dtype=np.float64))


def cosine(u, v) -> float:
    """u·v / (‖u‖‖v‖); NaN when either is the zero vector or not finite."""
    su, _ = pow2_scaled(u)
    sv, _ = pow2_scaled(v)
    denom = float(np.sqrt(np.sum(su * su)) * np.sqrt(np.sum(sv * sv)))
    if not (denom > 0.0 and math.isfinite(denom)):
        return math.nan
    return float(np.clip(su @ sv / denom, -1.0, 1.0))


def is_constant(v) -> bool:
    """All components equal (the zero vector included)."""
    v = np.asarray(v, dtype=np.float64)
    return bool(np.all(v == v.flat[0]))


def pearson(u, v) -> float:
    """Pearson correlation of the components of u and v; NaN when either is constant."""
    u, v = np.asarray(u, dtype=np.float64), np.asarray(v, dtype=np.float64)
    if is_constant(u) or is_constant(v):
        return math.nan
    return cosine(u - u.mean(), v - v.mean())


# ---------------------------------------------------------------------------
# The library, on a backend


def apply(key: str, x, *, eps: float | None = None, backend: _xp.Backend | None = None) -> np.ndarray:
    """Method ``key`` applied along the last axis of x on ``backend``, back as float64 numpy.

    ``eps=None`` is the method's own default. At ε = 0 every method is invariant
    to positive scaling, so each row is first scaled by a power of two
    (``pow2_scaled``): the result is the same to the bit, and rows of tiny or
    huge components do not underflow or overflow inside the library.
    """
    m = method(key)
    eps = m.eps_or_default(eps)
    x = np.asarray(x, dtype=np.float64)
    if eps == 0.0:
        x, _ = pow2_scaled(x)
    xb = (backend or NUMPY).asarray(x)
    return _xp.to_numpy(m(xb, eps=eps)).astype(np.float64)


# ---------------------------------------------------------------------------
# Pairs: merged or kept apart


@dataclass(frozen=True)
class PairComparison:
    """Two inputs a and b, and what each method makes of them."""

    a: np.ndarray
    b: np.ndarray
    eps: float | None
    outputs: dict[str, tuple[np.ndarray, np.ndarray]]
    input_distance: float
    distances: dict[str, float]  # ‖f(a) − f(b)‖, NaN where an output is undefined
    cos_in: float
    corr_in: float
    cos_out: dict[str, float]

    def verdict(self, key: str) -> str:
        """ "merged" (distance ≤ MERGE_TOL · radius), "apart", or "undefined" (an output is not finite)."""
        d = self.distances[key]
        if not math.isfinite(d):
            return "undefined"
        return "merged" if d <= MERGE_TOL * method(key).radius(self.a.size) else "apart"

    def merged(self, key: str) -> bool:
        return self.verdict(key) == "merged"


def compare_pair(a, b, *, eps: float | None = 0.0, backend: _xp.Backend | None = None) -> PairComparison:
    """Run every method on a and b; distances and angles before and after.

    ``eps=0.0`` by default: the worked examples hold exactly there (``None`` =
    each method's default).
    """
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    if a.shape != b.shape or a.ndim != 1:
        raise ValueError(f"a and b must be vectors of the same length; got {a.shape} and {b.shape}")
    outs = {}
    for key in METHODS:
        y = apply(key, np.stack([a, b]), eps=eps, backend=backend)
        outs[key] = (y[0], y[1])
    return PairComparison(
        a=a,
        b=b,
        eps=eps,
        outputs=outs,
        input_distance=distance(a, b),
        distances={key: distance(ya, yb) for key, (ya, yb) in outs.items()},
        cos_in=cosine(a, b),
        corr_in=pearson(a, b),
        cos_out={key: cosine(ya, yb) for key, (ya, yb) in outs.items()},
    )


# ---------------------------------------------------------------------------
# A cloud coloured by direction


def direction_angle(points: np.ndarray) -> np.ndarray:
    """The colour of a direction, an angle in [0, 2π).

    2D: the angle of the vector itself. 3D: its angle around the diagonal 1 =
    (1, 1, 1), measured in the plane x + y + z = 0 (the part LayerNorm keeps).
    """
    p = np.asarray(points, dtype=np.float64)
    if p.shape[-1] == 2:
        u, v = p[..., 0], p[..., 1]
    elif p.shape[-1] == 3:
        e1 = np.array([1.0, -1.0, 0.0]) / math.sqrt(2.0)
        e2 = np.array([1.0, 1.0, -2.0]) / math.sqrt(6.0)
        u, v = p @ e1, p @ e2
    else:
        raise ValueError(f"points must be 2D or 3D; got dimension {p.shape[-1]}")
    return np.mod(np.arctan2(v, u), 2.0 * math.pi)


def angle_moved(before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """|after − before| for angles, wrapped into [0, π]."""
    return np.abs(np.angle(np.exp(1j * (np.asarray(after) - np.asarray(before)))))


@dataclass(frozen=True)
class Cloud:
    """Random inputs of many lengths and directions, and each method's outputs."""

    inputs: np.ndarray  # (count, dim)
    outputs: dict[str, np.ndarray]
    hue: np.ndarray  # direction_angle(inputs)

    @property
    def dim(self) -> int:
        return self.inputs.shape[1]


def direction_cloud(
    dim: int,
    count: int = 240,
    seed: int = 0,
    *,
    eps: float | None = 0.0,
    backend: _xp.Backend | None = None,
    max_length: float = 2.8,
) -> Cloud:
    """``count`` vectors in R^dim with uniform random directions and lengths in [0.25, max_length]."""
    if dim not in (2, 3):
        raise ValueError(f"dim must be 2 or 3; got {dim}")
    rng = np.random.default_rng(seed)
    directions = rng.standard_normal((count, dim))
    directions /= norm(directions, axis=1)[:, None]
    inputs = directions * rng.uniform(0.25, max_length, (count, 1))
    outputs = {key: apply(key, inputs, eps=eps, backend=backend) for key in METHODS}
    return Cloud(inputs, outputs, direction_angle(inputs))


# ---------------------------------------------------------------------------
# Cosine similarity and Pearson correlation of a batch


def similarity_batch(n: int = 8, size: int = 6, spread: float = 2.0, seed: int = 0) -> np.ndarray:
    """A small batch (size × n): Gaussian rows, each shifted along 𝟏 by spread · N(0, 1).

    The shifts make the cosine of the raw rows differ from their correlation.
    """
    rng = np.random.default_rng(seed)
    return rng.standard_normal((size, n)) + spread * rng.standard_normal((size, 1))


def cosine_matrix(rows, *, backend: _xp.Backend | None = None) -> np.ndarray:
    """cos between every pair of rows: L2(rows) · L2(rows)ᵀ, the rows normalized by normviz on ``backend``."""
    u = apply("l2", rows, eps=0.0, backend=backend)
    with np.errstate(invalid="ignore"):
        return np.clip(u @ u.T, -1.0, 1.0)


def pearson_matrix(rows) -> np.ndarray:
    """Pearson correlation between every pair of rows (plain numpy, independent of normviz); NaN for a constant row."""
    rows = np.asarray(rows, dtype=np.float64)
    centered = rows - rows.mean(axis=1, keepdims=True)
    centered[np.all(rows == rows[:, :1], axis=1)] = math.nan
    scaled, _ = pow2_scaled(centered, axis=1)
    unit = scaled / np.sqrt(np.sum(scaled * scaled, axis=1, keepdims=True))
    return np.clip(unit @ unit.T, -1.0, 1.0)


@dataclass(frozen=True)
class Similarity:
    """Cosine similarity of a batch before and after each method, and Pearson correlation."""

    rows: np.ndarray
    eps: float | None
    cos_in: np.ndarray
    corr: np.ndarray
    cos_out: dict[str, np.ndarray]

    @property
    def errors(self) -> dict[str, float]:
        """max |cos(L2) − cos|, max |cos(RMS) − cos|, max |cos(LN) − corr| over the batch."""
        target = {"l2": self.cos_in, "rms": self.cos_in, "ln": self.corr}
        return {key: float(np.nanmax(np.abs(self.cos_out[key] - target[key]))) for key in METHODS}

    @property
    def ln_cos_change(self) -> float:
        """max |cos(LN) − cos(x)|: LayerNorm does change cosines."""
        return float(np.nanmax(np.abs(self.cos_out["ln"] - self.cos_in)))


def similarity(rows, *, eps: float | None = 0.0, backend: _xp.Backend | None = None) -> Similarity:
    """Cosine matrices of ``rows`` and of each method's outputs, and the Pearson matrix."""
    rows = np.asarray(rows, dtype=np.float64)
    return Similarity(
        rows=rows,
        eps=eps,
        cos_in=cosine_matrix(rows, backend=backend),
        corr=pearson_matrix(rows),
        cos_out={key: cosine_matrix(apply(key, rows, eps=eps, backend=backend), backend=backend) for key in METHODS},
    )
