r"""The arguments of the information and invariance pages, as numbers.

Plain numpy data and frozen dataclasses; nothing draws. Every normalized vector
comes from ``normviz.norms`` on the chosen backend (float64), so the numbers a
page shows are the ones the library computes. (The degrees of freedom live in
``normviz.dof``.)

Information
    cos(L2 x, L2 z) = cos(RMS x, RMS z) = cos(x, z), and cos(LN x, LN z) =
    corr(x, z) (Pearson), for any ε ≥ 0 (a cosine ignores positive scaling)
    as long as neither vector is constant.

Invariances
    LN(a·x + c·1) = LN(x) for a > 0 (exactly at ε = 0); RMS and L2 are
    invariant to a > 0 only. a < 0 flips the sign; a = 0 leaves c·1, whose
    LayerNorm is 0 for ε > 0 and 0/0 = NaN at ε = 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from normviz import _xp
from normviz.geometry import DEFAULT_EPS
from normviz.norms import METHODS, l2_normalize, layer_norm, rms_norm

NUMPY = _xp.Backend("numpy")
_FUNCS = {"l2": l2_normalize, "rms": rms_norm, "ln": layer_norm}

# ---------------------------------------------------------------------------
# Shared helpers


def eps_of(method: str, eps: float | None) -> float:
    """``eps`` itself, or the method's default (``geometry.DEFAULT_EPS``) when None."""
    return DEFAULT_EPS[method] if eps is None else float(eps)


def normalize(method: str, x, *, eps: float | None = None, backend: _xp.Backend | None = None) -> np.ndarray:
    """``method`` applied along the last axis of x on ``backend``, back as float64 numpy."""
    backend = backend or NUMPY
    xb = backend.asarray(np.asarray(x, dtype=np.float64))
    return _xp.to_numpy(_FUNCS[method](xb, eps=eps_of(method, eps))).astype(np.float64)


def radius(method: str, n: int) -> float:
    """Radius of the method's target sphere: 1 for L2, √n for RMSNorm and LayerNorm (ε = 0)."""
    return 1.0 if method == "l2" else math.sqrt(n)


# ---------------------------------------------------------------------------
# Where the information goes

MERGE_TOL = 1e-9  # two outputs "merge" when their distance / radius is below this


@dataclass(frozen=True)
class PairComparison:
    """Two inputs a and b, and what each method makes of them."""

    a: np.ndarray
    b: np.ndarray
    outputs: dict[str, tuple[np.ndarray, np.ndarray]]
    input_distance: float
    distances: dict[str, float]  # ‖f(a) − f(b)‖
    cos_in: float
    corr_in: float
    cos_out: dict[str, float]

    def merged(self, method: str) -> bool:
        return bool(self.distances[method] <= MERGE_TOL * radius(method, self.a.size))


def cosine(u, v) -> float:
    """u·v / (‖u‖‖v‖); NaN when either is the zero vector or not finite."""
    u, v = np.asarray(u, dtype=np.float64), np.asarray(v, dtype=np.float64)
    denom = float(np.linalg.norm(u) * np.linalg.norm(v))
    if not (denom > 0.0 and math.isfinite(denom)):
        return math.nan
    return float(np.clip(u @ v / denom, -1.0, 1.0))


def pearson(u, v) -> float:
    """Pearson correlation of the components of u and v; NaN when either is constant."""
    u, v = np.asarray(u, dtype=np.float64), np.asarray(v, dtype=np.float64)
    return cosine(u - u.mean(), v - v.mean())


def compare_pair(a, b, *, eps: float | None = 0.0, backend: _xp.Backend | None = None) -> PairComparison:
    """Run every method on a and b; distances and angles before and after.

    ``eps=0.0`` by default: the seeds' examples are at ε = 0 (``None`` = each
    method's default).
    """
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    if a.shape != b.shape or a.ndim != 1:
        raise ValueError(f"a and b must be vectors of the same length; got {a.shape} and {b.shape}")
    outs = {}
    for m in METHODS:
        y = normalize(m, np.stack([a, b]), eps=eps, backend=backend)
        outs[m] = (y[0], y[1])
    with np.errstate(invalid="ignore"):
        dists = {m: float(np.linalg.norm(ya - yb)) for m, (ya, yb) in outs.items()}
    return PairComparison(
        a=a, b=b, outputs=outs, input_distance=float(np.linalg.norm(a - b)), distances=dists,
        cos_in=cosine(a, b), corr_in=pearson(a, b),
        cos_out={m: cosine(ya, yb) for m, (ya, yb) in outs.items()},
    )


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


@dataclass(frozen=True)
class Cloud:
    """Random inputs of many lengths and directions, and each method's outputs."""

    inputs: np.ndarray  # (count, dim)
    outputs: dict[str, np.ndarray]
    hue: np.ndarray  # direction_angle(inputs)

    @property
    def dim(self) -> int:
        return self.inputs.shape[1]


def direction_cloud(dim: int, count: int = 240, seed: int = 0, *, eps: float | None = 0.0,
                    backend: _xp.Backend | None = None, max_length: float = 2.8) -> Cloud:
    """``count`` vectors in R^dim with uniform random directions and lengths in [0.25, max_length]."""
    if dim not in (2, 3):
        raise ValueError(f"dim must be 2 or 3; got {dim}")
    rng = np.random.default_rng(seed)
    directions = rng.standard_normal((count, dim))
    directions /= np.linalg.norm(directions, axis=1, keepdims=True)
    inputs = directions * rng.uniform(0.25, max_length, (count, 1))
    outputs = {m: normalize(m, inputs, eps=eps, backend=backend) for m in METHODS}
    return Cloud(inputs, outputs, direction_angle(inputs))


def similarity_batch(n: int = 8, size: int = 6, spread: float = 2.0, seed: int = 0) -> np.ndarray:
    """A small batch (size × n): Gaussian rows, each shifted along 1 by spread · N(0, 1).

    The shifts make the cosine of the raw rows differ from their correlation.
    """
    rng = np.random.default_rng(seed)
    return rng.standard_normal((size, n)) + spread * rng.standard_normal((size, 1))


def cosine_matrix(rows, *, backend: _xp.Backend | None = None) -> np.ndarray:
    """cos between every pair of rows: L2(rows) · L2(rows)ᵀ, computed with normviz on ``backend``."""
    backend = backend or NUMPY
    u = l2_normalize(backend.asarray(np.asarray(rows, dtype=np.float64)), eps=0.0)
    xp = _xp.namespace(u)
    gram = _xp.to_numpy(xp.matmul(u, xp.permute_dims(u, (1, 0)))).astype(np.float64)
    return np.clip(gram, -1.0, 1.0)


def pearson_matrix(rows) -> np.ndarray:
    """Pearson correlation between every pair of rows (plain numpy, independent of normviz)."""
    rows = np.asarray(rows, dtype=np.float64)
    centered = rows - rows.mean(axis=1, keepdims=True)
    norms = np.linalg.norm(centered, axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.clip(centered @ centered.T / np.outer(norms, norms), -1.0, 1.0)


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
        return {m: float(np.nanmax(np.abs(self.cos_out[m] - target[m]))) for m in METHODS}

    @property
    def ln_cos_change(self) -> float:
        """max |cos(LN) − cos(x)|: LayerNorm does change cosines."""
        return float(np.nanmax(np.abs(self.cos_out["ln"] - self.cos_in)))


def similarity(rows, *, eps: float | None = 0.0, backend: _xp.Backend | None = None) -> Similarity:
    """Cosine matrices of ``rows`` and of each method's outputs, and the Pearson matrix."""
    rows = np.asarray(rows, dtype=np.float64)
    return Similarity(
        rows=rows, eps=eps, cos_in=cosine_matrix(rows, backend=backend), corr=pearson_matrix(rows),
        cos_out={m: cosine_matrix(normalize(m, rows, eps=eps, backend=backend), backend=backend) for m in METHODS},
    )


# ---------------------------------------------------------------------------
# Invariances

A_GRID = np.round(np.linspace(-3.0, 3.0, 61), 12)
C_GRID = np.round(np.linspace(-20.0, 20.0, 41), 12)


def transform(x, a: float, c: float) -> np.ndarray:
    """a·x + c·1."""
    return a * np.asarray(x, dtype=np.float64) + c


@dataclass(frozen=True)
class InvarianceGrid:
    """‖f(a·x + c·1) − f(x)‖ / radius over an (a, c) grid; rows are c, columns a."""

    x: np.ndarray
    a: np.ndarray
    c: np.ndarray
    eps: float | None
    distance: dict[str, np.ndarray]

    def max_where(self, method: str, *, scale_only: bool) -> float:
        """The largest distance over a > 0 and c = 0 (scale_only) or a > 0 and every c (NaN if any is NaN)."""
        cols = self.a > 0
        rows = np.isclose(self.c, 0.0) if scale_only else np.ones(self.c.size, bool)
        return float(np.max(self.distance[method][np.ix_(rows, cols)]))


def invariance_grid(x, *, a_values=A_GRID, c_values=C_GRID, eps: float | None = None,
                    backend: _xp.Backend | None = None) -> InvarianceGrid:
    """Each method's distance from its output at (a, c) = (1, 0), over the grid, relative to its radius."""
    x = np.asarray(x, dtype=np.float64)
    a = np.asarray(a_values, dtype=np.float64)
    c = np.asarray(c_values, dtype=np.float64)
    batch = a[None, :, None] * x + c[:, None, None]  # (c, a, n)
    dist = {}
    for m in METHODS:
        ref = normalize(m, x, eps=eps, backend=backend)
        out = normalize(m, batch, eps=eps, backend=backend)
        with np.errstate(invalid="ignore"):
            dist[m] = np.linalg.norm(out - ref, axis=-1) / radius(m, x.size)
    return InvarianceGrid(x, a, c, eps, dist)


@dataclass(frozen=True)
class Transformed:
    """Each method's output at x and at a·x + c·1, and their distance."""

    x: np.ndarray
    a: float
    c: float
    moved: np.ndarray  # a·x + c·1
    reference: dict[str, np.ndarray]
    outputs: dict[str, np.ndarray]
    distance: dict[str, float]  # absolute ‖f(a·x + c·1) − f(x)‖

    @property
    def case(self) -> str:
        """"invariant" (a > 0), "flip" (a < 0) or "zero" (a = 0: the input is c·1)."""
        return "invariant" if self.a > 0 else ("flip" if self.a < 0 else "zero")


def transformed(x, a: float, c: float, *, eps: float | None = None,
                backend: _xp.Backend | None = None) -> Transformed:
    x = np.asarray(x, dtype=np.float64)
    moved = transform(x, a, c)
    ref = {m: normalize(m, x, eps=eps, backend=backend) for m in METHODS}
    out = {m: normalize(m, moved, eps=eps, backend=backend) for m in METHODS}
    with np.errstate(invalid="ignore"):
        dist = {m: float(np.linalg.norm(out[m] - ref[m])) for m in METHODS}
    return Transformed(x, float(a), float(c), moved, ref, out, dist)


@dataclass(frozen=True)
class CounterfactualRow:
    x: np.ndarray
    rms: float  # √mean(x²)
    rms_out: np.ndarray
    rms_ratio: np.ndarray  # rms_out / rms_out[0]
    ln_out: np.ndarray


def ratios(v) -> np.ndarray:
    """v / v[0] (the "1 : 2 : 3" structure); NaN when v[0] is 0."""
    v = np.asarray(v, dtype=np.float64)
    if v[0] == 0.0 or not math.isfinite(v[0]):
        return np.full_like(v, math.nan)
    return v / v[0]


def counterfactual(x=(1.0, 2.0, 3.0), shift: float = 100.0, *, eps: float | None = 0.0,
                   backend: _xp.Backend | None = None) -> tuple[CounterfactualRow, CounterfactualRow]:
    """x and x + shift·1 under RMSNorm and LayerNorm (the seed: (1,2,3) vs (101,102,103), ε = 0)."""
    rows = []
    for v in (np.asarray(x, dtype=np.float64), np.asarray(x, dtype=np.float64) + shift):
        rms_out = normalize("rms", v, eps=eps, backend=backend)
        rows.append(CounterfactualRow(v, float(np.sqrt(np.mean(v * v))), rms_out, ratios(rms_out),
                                      normalize("ln", v, eps=eps, backend=backend)))
    return rows[0], rows[1]


# Without dividing by σ: a weight w = (1, 0, −1) and two more rows make a few logits.
LOGIT_WEIGHTS = np.array([[1.0, 0.0, -1.0], [0.0, 1.0, 0.0], [-1.0, 0.0, 1.0]])
SEED_X = (1.0, 2.0, 3.0)
SCALE_GRID = np.geomspace(1e-2, 1e3, 101)


def softmax(z) -> np.ndarray:
    """exp(z − max z) / Σ exp(z − max z) along the last axis (no overflow)."""
    z = np.asarray(z, dtype=np.float64)
    e = np.exp(z - np.max(z, axis=-1, keepdims=True))
    return e / np.sum(e, axis=-1, keepdims=True)


@dataclass(frozen=True)
class ScaleDemo:
    """s·x fed to LOGIT_WEIGHTS after centring only, and after LayerNorm."""

    x: np.ndarray
    scale: float
    centered: np.ndarray  # s·x − mean(s·x)
    ln: np.ndarray  # LN(s·x)
    logits_centered: np.ndarray
    logits_ln: np.ndarray
    probs_centered: np.ndarray
    probs_ln: np.ndarray


def scale_demo(x=SEED_X, scale: float = 1000.0, *, eps: float | None = None,
               backend: _xp.Backend | None = None) -> ScaleDemo:
    """The seed's counterfactual: centred (1,2,3) gives logits (−2, 0, 2); 1000× that saturates softmax."""
    x = np.asarray(x, dtype=np.float64)
    if x.size != LOGIT_WEIGHTS.shape[1]:
        raise ValueError(f"x must have {LOGIT_WEIGHTS.shape[1]} components; got {x.size}")
    sx = scale * x
    centered = sx - sx.mean()
    ln = normalize("ln", sx, eps=eps, backend=backend)
    lc, ll = LOGIT_WEIGHTS @ centered, LOGIT_WEIGHTS @ ln
    return ScaleDemo(x, float(scale), centered, ln, lc, ll, softmax(lc), softmax(ll))


def saturation_curve(x=SEED_X, scales=SCALE_GRID, *, eps: float | None = None,
                     backend: _xp.Backend | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(scales, max softmax probability after centring only, after LayerNorm), in one batch."""
    x = np.asarray(x, dtype=np.float64)
    scales = np.asarray(scales, dtype=np.float64)
    sx = scales[:, None] * x
    centered = sx - sx.mean(axis=1, keepdims=True)
    ln = normalize("ln", sx, eps=eps, backend=backend)
    return (scales, softmax(centered @ LOGIT_WEIGHTS.T).max(axis=1), softmax(ln @ LOGIT_WEIGHTS.T).max(axis=1))
