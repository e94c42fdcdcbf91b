r"""Degrees of freedom: how many directions each method leaves, counted by formula and by a Jacobian's rank.

Plain numpy data and frozen dataclasses; nothing draws. Every normalized vector
comes from the ``normviz.methods`` records on the chosen backend (float64), so
the numbers the page shows are the ones the library computes.

The Jacobian of each method, with y its output and s its divisor, is

* L2:        J = (I − y yᵀ) / max(‖x‖, ε)
* RMSNorm:   J = (I − y yᵀ / n) / s,            s = √(mean(x²) + ε)
* LayerNorm: J = (I − 𝟏 𝟏ᵀ / n − y yᵀ / n) / s, s = √(σ² + ε),  σ² = (1/n) Σ (xᵢ − μ)²

that is J = (I − W Wᵀ / n) / s with W = [√n·y], [y] or [𝟏, y]. Its numerical
rank is counted two ways: a dense SVD of the n × n matrix (n ≤
``DENSE_SVD_MAX``, or on request up to ``DENSE_SVD_LIMIT``), and, for any n,
from that structure: the spectrum of s·J is 1 (n − k times) and |1 − λᵢ| for
the eigenvalues λᵢ of the k × k Gram matrix WᵀW / n, computed from the actual
outputs y. Both count the singular values above one ``tolerance`` per set of
points. At ε = 0 the counts are n − 1 (L2, RMSNorm) and n − 2 (LayerNorm);
ε > 0 does not remove the radial direction but squeezes it by
ε / (mean(x²) + ε) for RMSNorm and ε / (σ² + ε) for LayerNorm.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np

from normviz import _xp
from normviz.methods import KEYS, METHODS, method

NUMPY = _xp.Backend("numpy")
N_MAX = 16384
# route="auto" uses a dense SVD of the n × n Jacobian up to this n; larger n use the (exact)
# structure. On a loaded 2-core machine a multi-threaded 256 × 256 SVD took 0.3-2 s, so the
# dense route stays small by default; on request (route="svd") it goes up to DENSE_SVD_LIMIT,
# where three SVDs cost about 0.1 s single-threaded.
DENSE_SVD_MAX = 64
DENSE_SVD_LIMIT = 512
RANK_POINTS = 3  # random points per method
TOL_MIN_FACTOR = 64
COND_MAX = 1e6
PLANE_COUNT = 200  # inputs in the n = 2 picture


@dataclass(frozen=True)
class DofRow:
    """One row of the degrees-of-freedom table: "input" or a method key."""

    method: str
    n: int
    dof: int
    lost: tuple[str, ...]  # what was fixed: "length", "offset"

    @property
    def fraction(self) -> float:
        """Share of the n input degrees kept (0 for LayerNorm at n = 2)."""
        return self.dof / self.n


def dof_table(n: int) -> list[DofRow]:
    """Input n; then each method's ``Method.dof(n)`` and what it removes."""
    return [DofRow("input", n, n, ()), *(DofRow(k, n, m.dof(n), m.removes) for k, m in METHODS.items())]


def kept_fraction_curve(n_max: int = N_MAX, points: int = 160) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """Dimensions n from 2 to n_max (log-spaced integers) and the fraction dof(n)/n each method keeps."""
    ns = np.unique(np.round(np.geomspace(2, n_max, points)).astype(np.int64)).astype(np.float64)
    return ns, {k: m.dof(ns) / ns for k, m in METHODS.items()}


def _jacobian_parts(key: str, x, eps: float, backend: _xp.Backend):
    """(xp, x on the backend, the columns of W, the divisor s) with J = (I − W Wᵀ/n) / s."""
    m = method(key)
    xb = backend.asarray(np.asarray(x, dtype=np.float64))
    xp = _xp.namespace(xb)
    n = xb.shape[-1]
    y = m(xb, eps=eps)
    if key == "l2":
        norm = float(xp.linalg.vector_norm(xb))
        if norm >= eps and norm > 0.0:
            return xp, xb, [y * math.sqrt(n)], norm
        return xp, xb, [], max(norm, eps)  # clamped: y = x / ε, J = I / ε
    if key == "rms":
        return xp, xb, [y], math.sqrt(float(xp.mean(xb * xb)) + eps)
    centered = xb - xp.mean(xb)
    return xp, xb, [xp.ones_like(xb), y], math.sqrt(float(xp.mean(centered * centered)) + eps)


def _unscaled_jacobian(xp, xb, cols):
    """s·J = I − W Wᵀ / n on the backend."""
    n = xb.shape[-1]
    jac = xp.eye(n, dtype=xb.dtype, device=_xp.device(xb))
    for w in cols:
        jac = jac - (w[:, None] * w[None, :]) / n
    return jac


def jacobian(key: str, x, *, eps: float = 0.0, backend: _xp.Backend | None = None) -> np.ndarray:
    """The analytic Jacobian ∂y/∂x of method ``key`` at x, an n × n float64 array.

    Assembled on ``backend`` from the output y the library computes (formulas in
    the module docstring). NaN where it is undefined (x = 0 at ε = 0, or a
    constant x for LayerNorm at ε = 0).
    """
    xp, xb, cols, scale = _jacobian_parts(key, x, eps, backend or NUMPY)
    jac = _xp.to_numpy(_unscaled_jacobian(xp, xb, cols)).astype(np.float64)
    return jac / scale if scale > 0.0 else np.full_like(jac, math.nan)


def singular_values(
    key: str, x, *, eps: float = 0.0, backend: _xp.Backend | None = None, route: str = "structure"
) -> np.ndarray:
    """Singular values of s·J (the Jacobian in units of 1/s), descending.

    Every kept direction has singular value exactly 1/s, so in these units the
    kept ones are 1 and the lost ones ≈ 0.

    ``route="svd"``: a dense SVD of the n × n matrix I − W Wᵀ/n on the backend.
    ``route="structure"``: 1 (n − k times) and |1 − λᵢ|, λᵢ the eigenvalues of
    the k × k Gram matrix WᵀW/n (k ≤ 2), in O(n) work: exact for any n, because
    W Wᵀ/n has the nonzero eigenvalues of WᵀW/n and 0 elsewhere.
    NaN where the Jacobian is undefined (s = 0).
    """
    if route not in ("svd", "structure"):
        raise ValueError(f"route must be 'svd' or 'structure'; got {route!r}")
    xp, xb, cols, scale = _jacobian_parts(key, x, eps, backend or NUMPY)
    n = xb.shape[-1]
    if not scale > 0.0:
        return np.full(n, math.nan)
    if route == "svd":
        jac = _unscaled_jacobian(xp, xb, cols)
        return np.sort(_xp.to_numpy(xp.linalg.svdvals(jac)).astype(np.float64))[::-1]
    lam = np.zeros(0)
    if cols:
        wmat = xp.stack(cols, axis=1)
        gram = _xp.to_numpy(xp.matmul(xp.permute_dims(wmat, (1, 0)), wmat)).astype(np.float64) / n
        lam = np.linalg.eigvalsh(gram) if np.all(np.isfinite(gram)) else np.full(len(cols), math.nan)
    return np.sort(np.concatenate([np.abs(1.0 - lam), np.ones(n - lam.size)]))[::-1]


def conditioning(x) -> float:
    """RMS(x)/σ(x): how many more digits than float64's eps the centred output y = (x − μ)/σ carries.

    LayerNorm computes x − μ; when the offset μ dwarfs the spread σ that
    subtraction cancels digits (x = (4.70, 4.75): ≈ 200). ∞ for a constant x.
    """
    x = np.asarray(x, dtype=np.float64)
    std = float(np.std(x))
    return float(np.sqrt(np.mean(x * x)) / std) if std > 0.0 else math.inf


def tolerance(n: int, points) -> float:
    """The one threshold (in units of 1/s) below which a singular value counts as 0, for every
    method and every point of ``points``: max(n, 64) · eps(float64) · max conditioning.

    numpy's ``matrix_rank`` uses σ_max · n · eps. Here the reference is 1/s, the
    singular value of every kept direction (σ_max is itself ≈ 0 when LayerNorm
    leaves nothing at n = 2); the factor is at least 64 because at tiny n, n · eps
    is below the few-ulp rounding of 1 − ‖y‖²/n; and it is widened by the worst
    ``conditioning`` of the points (capped at ``COND_MAX``), which only matters
    for LayerNorm but is applied to all, so that the page states a single value.
    A direction squeezed by ε > 0 (about 1e-5/σ²) stays far above it.
    """
    cond = max(min(conditioning(x), COND_MAX) for x in np.atleast_2d(points))
    return max(int(n), TOL_MIN_FACTOR) * float(np.finfo(np.float64).eps) * cond


def numerical_rank(values: np.ndarray, tol: float) -> int:
    """Number of singular values above ``tol`` (−1 if any is NaN)."""
    values = np.asarray(values, dtype=np.float64)
    if not np.all(np.isfinite(values)):
        return -1
    return int(np.count_nonzero(values > tol))


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
    expected: int  # Method.dof(n)
    smallest: np.ndarray  # the smallest singular values at the first point, in units of 1/s, ascending
    tol: float  # ``tolerance`` of these points: the same for every method

    @property
    def ok(self) -> bool:
        return all(r == self.expected for r in self.ranks)

    @property
    def lost(self) -> int:
        return self.n - min(self.ranks)


def _route(n: int, route: str) -> str:
    if not 2 <= n <= N_MAX:
        raise ValueError(f"n must be between 2 and {N_MAX}; got {n}")
    if route not in ("auto", "svd", "structure"):
        raise ValueError(f"route must be 'auto', 'svd' or 'structure'; got {route!r}")
    if route == "svd" and n > DENSE_SVD_LIMIT:
        raise ValueError(f"a dense SVD is offered up to n = {DENSE_SVD_LIMIT}; got {n}")
    if route == "auto":
        return "svd" if n <= DENSE_SVD_MAX else "structure"
    return route


def rank_check(
    key: str,
    n: int,
    *,
    points: int = RANK_POINTS,
    seed: int = 0,
    eps: float = 0.0,
    backend: _xp.Backend | None = None,
    route: str = "auto",
    tail: int = 6,
) -> RankCheck:
    """The Jacobian's numerical rank at ``points`` random points of R^n (``sample_points``).

    ``route="auto"`` uses the dense SVD for n ≤ ``DENSE_SVD_MAX`` and the
    structure (see ``singular_values``) above it; ``route="svd"`` forces the
    dense SVD (n ≤ ``DENSE_SVD_LIMIT``).
    """
    route = _route(n, route)
    xs = sample_points(n, points, seed)
    tol = tolerance(n, xs)
    spectra = [singular_values(key, x, eps=eps, backend=backend, route=route) for x in xs]
    return RankCheck(
        key,
        n,
        float(eps),
        route,
        tuple(numerical_rank(v, tol) for v in spectra),
        method(key).dof(n),
        np.sort(spectra[0])[: min(tail, n)],
        tol,
    )


def rank_checks(n: int, **kw) -> dict[str, RankCheck]:
    """``rank_check`` for every method (one tolerance for all of them)."""
    return {k: rank_check(k, n, **kw) for k in KEYS}


def squeezed_factor(key: str, x, eps: float) -> float:
    """With ε > 0 the radial direction is not removed but squeezed by this factor (units of 1/s).

    RMSNorm: ε / (mean(x²) + ε); LayerNorm: ε / (σ² + ε) with the biased variance
    σ² = (1/n) Σ (xᵢ − μ)²; L2 (not clamped): 0, its ε only acts when ‖x‖ < ε.
    """
    x = np.asarray(x, dtype=np.float64)
    if key == "rms":
        return eps / (float(np.mean(x * x)) + eps)
    if key == "ln":
        return eps / (float(np.var(x)) + eps)
    return 0.0


@dataclass(frozen=True)
class EpsRow:
    """A method's count at its default ε, and the factor that squeezes its radial direction."""

    check: RankCheck
    factor: float  # squeezed_factor at the first point


def eps_rows(n: int, *, seed: int = 0, backend: _xp.Backend | None = None) -> list[EpsRow]:
    """``rank_check`` of each method at its own default ε (``Method.default_eps``)."""
    point = sample_points(n, 1, seed)[0]
    return [
        EpsRow(
            rank_check(k, n, seed=seed, eps=m.default_eps, backend=backend), squeezed_factor(k, point, m.default_eps)
        )
        for k, m in METHODS.items()
    ]


def dense_checks(n: int, *, seed: int = 0, backend: _xp.Backend | None = None) -> dict[str, tuple[RankCheck, float]]:
    """A full SVD of each method's n × n Jacobian at the first random point, with its time in seconds."""
    out = {}
    for k in KEYS:
        start = time.perf_counter()
        check = rank_check(k, n, points=1, seed=seed, backend=backend, route="svd")
        out[k] = (check, time.perf_counter() - start)
    return out


@dataclass(frozen=True)
class PlaneCloud:
    """n = 2: random inputs of many directions and lengths, and each method's outputs at ε = 0."""

    inputs: np.ndarray  # (count, 2)
    outputs: dict[str, np.ndarray]

    def distinct(self, key: str, decimals: int = 9) -> tuple[np.ndarray, np.ndarray]:
        """The distinct finite outputs of ``key`` (rounded to ``decimals``) and how many inputs reach each."""
        out = np.round(self.outputs[key], decimals)
        return np.unique(out[np.all(np.isfinite(out), axis=1)], axis=0, return_counts=True)


def plane_cloud(count: int = PLANE_COUNT, seed: int = 0, *, backend: _xp.Backend | None = None) -> PlaneCloud:
    """``count`` inputs in the plane: uniform angles, lengths uniform in [0.25, 2.8]."""
    rng = np.random.default_rng([int(seed), 2])
    angle = rng.uniform(0.0, 2.0 * math.pi, count)
    inputs = rng.uniform(0.25, 2.8, count)[:, None] * np.column_stack([np.cos(angle), np.sin(angle)])
    xb = (backend or NUMPY).asarray(inputs)
    outputs = {k: _xp.to_numpy(m(xb, eps=0.0)).astype(np.float64) for k, m in METHODS.items()}
    return PlaneCloud(inputs, outputs)
