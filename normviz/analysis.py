r"""The arguments of the degrees-of-freedom page, as numbers.

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
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from normviz import _xp
from normviz.geometry import degrees_of_freedom
# The dof page draws the information page's direction cloud; it lives in normviz.information now.
from normviz.information import Cloud, direction_cloud  # noqa: F401
from normviz.norms import METHODS, l2_normalize, layer_norm, rms_norm

NUMPY = _xp.Backend("numpy")

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
