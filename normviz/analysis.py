r"""The arguments of the degrees-of-freedom, information and invariance pages, as numbers.

Plain numpy data and frozen dataclasses; nothing draws. Every normalized vector
comes from ``normviz.norms`` on the chosen backend (float64), so the numbers a
page shows are the ones the library computes.

Degrees of freedom
    The Jacobian of each method is, with y the method's output and s its scale,

    * L2:        J = (I − y yᵀ) / max(‖x‖, ε)
    * RMSNorm:   J = (I − y yᵀ / n) / s,            s = √(mean(x²) + ε)
    * LayerNorm: J = (I − 1 1ᵀ / n − y yᵀ / n) / s, s = √(σ² + ε)

    i.e. J = (I − W Wᵀ / n) / s with W = [√n·y], [y] or [1, y]. Its numerical
    rank is counted two ways: a dense SVD of the n × n matrix (n ≤
    ``DENSE_SVD_MAX``), and, for any n, from that structure: the spectrum of
    J is 1/s (n − k times) and |1 − λᵢ|/s for the eigenvalues λᵢ of the k × k
    Gram matrix WᵀW / n, computed from the actual outputs y. Both count the
    singular values above ``tol = max(n, 64) · eps_float64 / s`` (numpy's
    ``matrix_rank`` rule, measured against 1/s, the singular value of every
    kept direction, instead of σ_max, which is itself ≈ 0 when LayerNorm
    leaves nothing at n = 2). At ε = 0 the counts are n − 1 (L2, RMSNorm)
    and n − 2 (LayerNorm); ε > 0 squeezes the lost radial direction by
    ε / (mean square + ε) instead of removing it.

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
from normviz.geometry import DEFAULT_EPS, degrees_of_freedom
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
# Degrees of freedom

LOST = {"input": (), "l2": ("length",), "rms": ("length",), "ln": ("length", "offset")}
# route="auto" uses a dense SVD of the n × n Jacobian up to this n. Above 64, OpenBLAS goes
# multi-threaded: on a loaded 2-core machine one 256 × 256 SVD then took 0.3-2 s instead of
# 8 ms single-threaded, too slow for every rerun. Larger n use the (exact) structure; a dense
# SVD up to DENSE_SVD_LIMIT is available on request (route="svd").
DENSE_SVD_MAX = 64
DENSE_SVD_LIMIT = 1024
RANK_POINTS = 3  # random points per method
N_MAX = 16384


@dataclass(frozen=True)
class DofRow:
    """One row of the degrees-of-freedom table."""

    method: str  # "input", "l2", "rms", "ln"
    n: int
    dof: int  # the count by formula
    lost: tuple[str, ...]  # what was fixed: "length", "offset"

    @property
    def fraction(self) -> float:
        """Share of the n input degrees kept (0 for LayerNorm at n = 2)."""
        return self.dof / self.n


def dof_table(n: int) -> list[DofRow]:
    """Input n; L2 / RMSNorm n − 1 (length fixed); LayerNorm n − 2 (length fixed and mean zero)."""
    return [DofRow(m, n, degrees_of_freedom(m, n), LOST[m]) for m in ("input", *METHODS)]


def kept_fraction_curve(n_max: int = N_MAX, points: int = 160) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """Dimensions n from 2 to n_max (log-spaced integers) and the fraction (n − k)/n kept by each method."""
    ns = np.unique(np.round(np.geomspace(2, n_max, points)).astype(np.int64)).astype(np.float64)
    return ns, {"l2": (ns - 1) / ns, "rms": (ns - 1) / ns, "ln": (ns - 2) / ns}


def _jacobian_parts(method: str, x, eps: float, backend: _xp.Backend):
    """(xp, x on the backend, the columns of W, the scale s) with J = (I − W Wᵀ/n) / s."""
    xb = backend.asarray(np.asarray(x, dtype=np.float64))
    xp = _xp.namespace(xb)
    n = xb.shape[-1]
    if method == "l2":
        y = l2_normalize(xb, eps=eps)
        norm = float(xp.sqrt(xp.sum(xb * xb)))
        if norm >= eps and norm > 0.0:
            return xp, xb, [y * math.sqrt(n)], norm
        return xp, xb, [], max(norm, eps)  # clamped: y = x / ε, J = I / ε
    if method == "rms":
        y = rms_norm(xb, eps=eps)
        return xp, xb, [y], math.sqrt(float(xp.mean(xb * xb)) + eps)
    if method == "ln":
        y = layer_norm(xb, eps=eps)
        centered = xb - xp.mean(xb)
        ones = xp.ones_like(xb)
        return xp, xb, [ones, y], math.sqrt(float(xp.mean(centered * centered)) + eps)
    raise ValueError(f"method must be one of {METHODS}; got {method!r}")


def jacobian(method: str, x, *, eps: float = 0.0, backend: _xp.Backend | None = None) -> np.ndarray:
    """The analytic Jacobian ∂y/∂x of ``method`` at x, an n × n float64 array.

    Assembled on ``backend`` from the output y the library computes (see the
    module docstring for the formulas). NaN where it is undefined (x = 0 at
    ε = 0, or a constant x for LayerNorm at ε = 0).
    """
    xp, xb, cols, scale = _jacobian_parts(method, x, eps, backend or NUMPY)
    jac = _xp.to_numpy(_unscaled_jacobian(xp, xb, cols)).astype(np.float64)
    return jac / scale if scale > 0.0 else np.full_like(jac, math.nan)


def _unscaled_jacobian(xp, xb, cols):
    """s·J = I − W Wᵀ / n on the backend."""
    n = xb.shape[-1]
    jac = xp.eye(n, dtype=xb.dtype, device=_xp.device(xb))
    for w in cols:
        jac = jac - (w[:, None] * w[None, :]) / n
    return jac


def singular_values(method: str, x, *, eps: float = 0.0, backend: _xp.Backend | None = None,
                    route: str = "structure") -> np.ndarray:
    """Singular values of s·J (the Jacobian in units of 1/s), descending.

    Every direction the method keeps has singular value exactly 1/s, so in
    these units the kept ones are 1 and the lost ones are ≈ 0 (``jacobian``
    gives J itself; multiply by 1/s for the absolute values).

    ``route="svd"``: a dense SVD of the n × n matrix I − W Wᵀ/n on the backend.
    ``route="structure"``: 1 (n − k times) and |1 − λᵢ|, λᵢ the eigenvalues
    of the k × k Gram matrix WᵀW/n (k ≤ 2), in O(n) work: exact for any n,
    because W Wᵀ/n has the nonzero eigenvalues of WᵀW/n and 0 elsewhere.
    NaN where the Jacobian is undefined (s = 0).
    """
    backend = backend or NUMPY
    if route not in ("svd", "structure"):
        raise ValueError(f"route must be 'svd' or 'structure'; got {route!r}")
    xp, xb, cols, scale = _jacobian_parts(method, x, eps, backend)
    n = xb.shape[-1]
    if not scale > 0.0:
        return np.full(n, math.nan)
    if route == "svd":
        jac = _unscaled_jacobian(xp, xb, cols)
        return np.sort(_xp.to_numpy(xp.linalg.svdvals(jac)).astype(np.float64))[::-1]
    if cols:
        wmat = xp.stack(cols, axis=1)
        gram = _xp.to_numpy(xp.matmul(xp.permute_dims(wmat, (1, 0)), wmat)).astype(np.float64) / n
        lam = np.linalg.eigvalsh(gram) if np.all(np.isfinite(gram)) else np.full(len(cols), math.nan)
    else:
        lam = np.zeros(0)
    return np.sort(np.concatenate([np.abs(1.0 - lam), np.ones(n - lam.size)]))[::-1]


RANK_TOL_MIN_FACTOR = 64


def rank_tolerance(n: int, cond: float = 1.0) -> float:
    """max(n, 64) · eps(float64) · cond, relative to 1/s (the singular value of every kept direction).

    numpy's ``matrix_rank`` uses σ_max · n · eps. Two changes: σ_max would be
    wrong here when J vanishes altogether (LayerNorm at n = 2), so the known
    scale 1/s of the kept directions is the reference instead; and for tiny n,
    n · eps (4e-16 at n = 2) is below the few-ulp rounding of 1 − ‖y‖²/n, so
    the factor is at least 64 (1.4e-14). A direction squeezed by ε > 0
    (factor ≈ ε/σ², e.g. 1e-5) is far above it and counts as kept.
    ``cond`` (see ``conditioning``) widens it where subtracting the mean
    cancels digits.
    """
    return max(n, RANK_TOL_MIN_FACTOR) * float(np.finfo(np.float64).eps) * cond


def conditioning(method: str, x) -> float:
    """How much rounding the output carries, relative to eps: RMS(x)/σ(x) for LayerNorm, else 1.

    LayerNorm computes x − μ; when the offset μ dwarfs the spread σ that
    subtraction cancels digits, and y = (x − μ)/σ carries a relative error
    ≈ eps · RMS(x)/σ (e.g. x = (4.70, 4.75): ≈ 200 eps).
    """
    if method != "ln":
        return 1.0
    x = np.asarray(x, dtype=np.float64)
    std = float(np.std(x))
    return float(np.sqrt(np.mean(x * x)) / std) if std > 0.0 else math.inf


def numerical_rank(values: np.ndarray, cond: float = 1.0) -> int:
    """Number of singular values (in units of 1/s) above ``rank_tolerance`` (−1 if any is NaN)."""
    values = np.asarray(values, dtype=np.float64)
    if not np.all(np.isfinite(values)):
        return -1
    return int(np.count_nonzero(values > rank_tolerance(values.size, cond)))


def sample_points(n: int, points: int = RANK_POINTS, seed: int = 0) -> np.ndarray:
    """Random points in R^n: Gaussian, each with its own scale and common offset."""
    rng = np.random.default_rng(seed)
    z = rng.standard_normal((points, n))
    return z * rng.uniform(0.5, 3.0, (points, 1)) + rng.normal(0.0, 2.0, (points, 1))


@dataclass(frozen=True)
class RankCheck:
    """The numerical rank of one method's Jacobian at a few random points."""

    method: str
    n: int
    eps: float
    route: str  # "svd" or "structure"
    ranks: tuple[int, ...]  # one per point
    expected: int  # degrees_of_freedom(method, n)
    smallest: np.ndarray  # the smallest singular values at the first point, in units of 1/s, ascending
    tol: float  # the threshold at the first point (rank_tolerance), in units of 1/s

    @property
    def ok(self) -> bool:
        return all(r == self.expected for r in self.ranks)

    @property
    def lost(self) -> int:
        return self.n - min(self.ranks)


def rank_check(method: str, n: int, *, points: int = RANK_POINTS, seed: int = 0, eps: float = 0.0,
               backend: _xp.Backend | None = None, route: str = "auto", tail: int = 6) -> RankCheck:
    """The Jacobian's numerical rank at ``points`` random points of R^n.

    ``route="auto"`` uses the dense SVD for n ≤ ``DENSE_SVD_MAX`` and the
    structure (see ``singular_values``) above it; ``route="svd"`` forces the
    dense SVD (n ≤ ``DENSE_SVD_LIMIT``).
    """
    if not 2 <= n <= N_MAX:
        raise ValueError(f"n must be between 2 and {N_MAX}; got {n}")
    if route == "svd" and n > DENSE_SVD_LIMIT:
        raise ValueError(f"a dense SVD is offered up to n = {DENSE_SVD_LIMIT}; got {n}")
    if route == "auto":
        route = "svd" if n <= DENSE_SVD_MAX else "structure"
    xs = sample_points(n, points, seed)
    ranks, tols, first = [], [], None
    for x in xs:
        values = singular_values(method, x, eps=eps, backend=backend, route=route)
        cond = min(conditioning(method, x), 1e6)
        ranks.append(numerical_rank(values, cond))
        tols.append(rank_tolerance(n, cond))
        first = values if first is None else first
    return RankCheck(method, n, eps, route, tuple(ranks), degrees_of_freedom(method, n),
                     np.sort(first)[: min(tail, n)], tols[0])


def rank_checks(n: int, **kw) -> dict[str, RankCheck]:
    """``rank_check`` for every method."""
    return {m: rank_check(m, n, **kw) for m in METHODS}


def squeezed_factor(method: str, x, eps: float) -> float:
    """With ε > 0 the lost radial direction is not killed but squeezed by this factor.

    RMSNorm: ε / (mean(x²) + ε); LayerNorm: ε / (σ² + ε); L2 (not clamped): 0.
    """
    x = np.asarray(x, dtype=np.float64)
    if method == "rms":
        ms = float(np.mean(x * x))
        return eps / (ms + eps)
    if method == "ln":
        var = float(np.var(x))
        return eps / (var + eps)
    return 0.0


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
