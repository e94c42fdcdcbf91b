r"""How a norm bends space: whole grids through the map, what it folds together, how it stretches, and the
ellipsoid that γ makes (the /warp page).

Plain numpy data and frozen dataclasses; nothing draws. Every output comes from the library
(``normviz.information.apply``, float64, on the chosen backend).

* The morph from the identity to the map is yₜ = (1 − t)·x + t·f(x), t ∈ [0, 1].
* At ε = 0, L2 and RMSNorm send each ray {a·x : a > 0} to one point (the unit circle / the √n sphere);
  LayerNorm sends {a·x + c·𝟏 : a > 0, c real} to one point: in 2D a whole half-plane on one side of the line
  x₁ = x₂, so the plane becomes two points. With ε > 0 RMSNorm is one-to-one and LayerNorm folds only the
  line x + c·𝟏; L2 (x / max(‖x‖, ε)) still folds each ray beyond the radius ε.
* Near x the map is its Jacobian J: a small circle of radius r around x goes to an ellipse with semi-axes
  r·sᵢ (sᵢ the singular values of J), flat along the directions J sends to 0.
* LayerNorm with a gain (Riechers 2024): y = √N·diag(γ)·Πx / √(‖Πx‖² + Nε) + β with Π = I − 𝟏𝟏ᵀ/N. Its
  outputs are β + diag(γ)·z with Σzᵢ = 0 and ‖z‖ ≤ √N (= √N at ε = 0): an (N − 1)-dimensional ellipsoid in
  the subspace β + diag(γ)·H, H = {Σzᵢ = 0}. With M = diag(γ)·B (B an orthonormal basis of H, N × (N − 1)),
  the eigen-decomposition MᵀM = V·diag(λ)·Vᵀ gives its semi-axes √(N·λₖ) along M·vₖ / √λₖ.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from normviz import _xp
from normviz.geometry import zero_mean_basis
from normviz.gradient import analytic_jacobian, divisor
from normviz.information import apply, pow2_scaled
from normviz.methods import METHODS, method
from normviz.norms import layer_norm

# LayerNorm with a gain (Riechers 2024) and its output ellipsoid's semi-axes, as display equations
ELLIPSOID_TEX = (  # short lines: each fits a phone's width (a display wider than the screen scrolls)
    r"y = \sqrt{N}\,\operatorname{diag}(\gamma)\,u + \beta",
    r"u = \frac{\Pi x}{\sqrt{\lVert \Pi x\rVert^2 + N\varepsilon}}",
    r"\Pi = I - \tfrac{1}{N}\mathbf{1}\mathbf{1}^{\top}",
    r"z = \frac{y - \beta}{\gamma}:\quad \textstyle\sum_i z_i = 0",
    r"\lVert z\rVert^2 = \frac{N\lVert \Pi x\rVert^2}{\lVert \Pi x\rVert^2 + N\varepsilon} \le N",
    r"a_k = \sqrt{N\lambda_k}",
    r"\lambda_k \in \operatorname{eig}\big(B^{\top}\operatorname{diag}(\gamma)^2 B\big)",
)
SAME_OUTPUT_RTOL = 1e-9  # two outputs this close (relative to their size) are the same point
NEAR_SURFACE = 0.01  # "near the surface": ‖z‖ within 1 % of √N


def _check_n(n) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n not in (2, 3):
        raise ValueError(f"n must be 2 or 3 (the plane or space); got {n!r}")
    return int(n)


def _number(name: str, value) -> float:
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be a real number; got {value!r}")
    try:
        return float(value)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a real number; got {value!r}") from None


def _nonnegative(name: str, value) -> float:
    value = _number(name, value)
    if not (math.isfinite(value) and value >= 0):
        raise ValueError(f"{name} must be a finite number ≥ 0; got {value!r}")
    return value


def _positive(name: str, value) -> float:
    value = _number(name, value)
    if not (math.isfinite(value) and value > 0):
        raise ValueError(f"{name} must be a positive finite number; got {value!r}")
    return value


def _vector(name: str, x, n: int | None = None) -> np.ndarray:
    try:
        v = np.asarray(x, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a vector of real numbers; got {x!r}") from None
    if v.ndim != 1 or (n is not None and v.shape[0] != n) or not np.all(np.isfinite(v)):
        want = f"{n} finite numbers" if n is not None else "a 1-D vector of finite numbers"
        raise ValueError(f"{name} must be {want}; got {x!r}")
    return v


# --- the grid and the morph -----------------------------------------------------------------------------


def grid_values(extent: float, count: int) -> np.ndarray:
    """``count`` evenly spaced coordinates of the grid lines, from −extent to extent."""
    extent = _positive("extent", extent)
    if isinstance(count, bool) or not isinstance(count, (int, np.integer)) or count < 2:
        raise ValueError(f"count must be an integer of at least 2; got {count!r}")
    return np.linspace(-extent, extent, int(count))


def grid_lines(n: int, *, extent: float, count: int, points: int = 41) -> np.ndarray:
    """The grid's lines as polylines, shape (lines, points, n), each parallel to one axis.

    n = 2: ``count`` vertical then ``count`` horizontal lines of the square [−extent, extent]²;
    n = 3: ``count``² lines along each of the three axes through the lattice of the cube.
    """
    n = _check_n(n)
    values = grid_values(extent, count)
    if isinstance(points, bool) or not isinstance(points, (int, np.integer)) or points < 2:
        raise ValueError(f"points must be an integer of at least 2; got {points!r}")
    along = np.linspace(-float(extent), float(extent), int(points))
    lines = []
    for axis in range(n):
        others = [k for k in range(n) if k != axis]
        for fixed in np.array(np.meshgrid(*[values] * (n - 1), indexing="ij")).reshape(n - 1, -1).T:
            line = np.empty((len(along), n))
            line[:, axis] = along
            line[:, others] = fixed
            lines.append(line)
    return np.stack(lines)


def grid_vertices(n: int, *, extent: float, count: int) -> np.ndarray:
    """The lattice points where grid lines cross, shape (countⁿ, n)."""
    values = grid_values(extent, count)
    return np.array(np.meshgrid(*[values] * _check_n(n), indexing="ij")).reshape(n, -1).T


def warp(points, key: str, *, eps: float | None = 0.0, backend: _xp.Backend | None = None) -> np.ndarray:
    """Method ``key`` applied to every point (the last axis is the vector), float64, from the library."""
    pts = np.asarray(points, dtype=np.float64)
    if pts.ndim < 1 or pts.shape[-1] < 2:
        raise ValueError(f"points must have vectors of at least 2 numbers along the last axis; got shape {pts.shape}")
    flat = pts.reshape(-1, pts.shape[-1])
    return apply(key, flat, eps=eps, backend=backend).reshape(pts.shape)


def morph(x, y, t: float) -> np.ndarray:
    """yₜ = (1 − t)·x + t·y for t in [0, 1]: the identity at t = 0, the map at t = 1.

    The endpoints are exact: x itself at t = 0 (even where y is NaN: 0·NaN would be NaN), y itself at t = 1.
    """
    t = _number("t", t)
    if not 0.0 <= t <= 1.0:
        raise ValueError(f"t must lie in [0, 1]; got {t!r}")
    x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    if t == 0.0:
        return np.array(np.broadcast_to(x, np.broadcast_shapes(x.shape, y.shape)))
    if t == 1.0:
        return np.array(np.broadcast_to(y, np.broadcast_shapes(x.shape, y.shape)))
    return (1.0 - t) * x + t * y


def input_angle(points) -> np.ndarray:
    """The colour of each input: the angle of (x₁, x₂) in radians, in (−π, π]."""
    pts = np.asarray(points, dtype=np.float64)
    return np.arctan2(pts[..., 1], pts[..., 0])


@dataclass(frozen=True)
class Morph:
    """A grid and its image under one method: the frames of yₜ for the browser to play."""

    key: str
    eps: float
    inputs: np.ndarray  # (lines, points, n)
    image: np.ndarray  # (lines, points, n): f of each input (NaN where f is undefined: 0/0 at ε = 0)
    ts: np.ndarray  # the frames' t, from 0 to 1

    @property
    def n(self) -> int:
        return self.inputs.shape[-1]

    def at(self, t: float) -> np.ndarray:
        return morph(self.inputs, self.image, t)

    @property
    def frames(self) -> np.ndarray:
        """(len(ts), lines, points, n): yₜ at every frame."""
        return np.stack([self.at(t) for t in self.ts])


def grid_morph(
    n: int,
    key: str,
    *,
    eps: float | None = 0.0,
    extent: float = 3.0,
    count: int = 7,
    points: int = 41,
    frames: int = 21,
    backend: _xp.Backend | None = None,
) -> Morph:
    """The grid (``grid_lines``) through method ``key``, with ``frames`` evenly spaced t from 0 to 1."""
    if isinstance(frames, bool) or not isinstance(frames, (int, np.integer)) or frames < 2:
        raise ValueError(f"frames must be an integer of at least 2; got {frames!r}")
    m = method(key)
    inputs = grid_lines(n, extent=extent, count=count, points=points)
    image = warp(inputs, key, eps=eps, backend=backend)
    return Morph(key, m.eps_or_default(eps), inputs, image, np.linspace(0.0, 1.0, int(frames)))


# --- the fold: the inputs a norm cannot tell apart ---------------------------------------------------------


@dataclass(frozen=True)
class Fold:
    """The fibre of x: every input with the same output as x.

    ``kind``: "ray" ({a·x : a > 0}), "ray_beyond" ({a·x : a·‖x‖ ≥ ε}, L2 with ε > 0), "half_plane"
    ({a·x + c·𝟏 : a > 0, c real}, LayerNorm at ε = 0: a half-plane of the plane in 2D), "line"
    ({x + c·𝟏}, LayerNorm at ε > 0), "point" (x alone: the map is one-to-one there) or "undefined"
    (f(x) is 0/0 at ε = 0: x = 0, or a constant x for LayerNorm).
    """

    key: str
    eps: float
    x: np.ndarray
    output: np.ndarray
    kind: str

    def contains(self, points, *, tol: float = 1e-9) -> np.ndarray:
        """Which ``points`` (rows) lie in the fibre, from its shape alone (no norm is computed).

        Rays and half-planes are cones, so their test is scale-free: x and each point are first scaled by a
        power of two (exact), and a point is on the ray when it is a positive multiple of x to ``tol``
        relative to its own length, however small or large both are.
        """
        p = np.atleast_2d(np.asarray(points, dtype=np.float64))
        x = self.x
        if self.kind == "undefined":
            return np.zeros(len(p), dtype=bool)
        if self.kind == "point":
            return np.all(np.abs(p - x) <= tol * (1 + np.abs(x)), axis=1)
        if self.kind == "line":
            cx, cp = x - x.mean(), p - p.mean(axis=1, keepdims=True)
            return np.linalg.norm(cp - cx, axis=1) <= tol * (1 + np.linalg.norm(cx))
        if self.kind == "half_plane":  # the centred p is a positive multiple of the centred x
            x, p = x - x.mean(), p - p.mean(axis=1, keepdims=True)
        on = _positive_multiple(x, p, tol)
        if self.kind == "ray_beyond":  # ‖p‖ itself (unscaled) must reach ε
            return on & (p @ _unit(x) >= self.eps * (1 - tol))
        return on


def _unit(v: np.ndarray) -> np.ndarray:
    """v / ‖v‖ without under- or overflow (v scaled by a power of two first)."""
    s, _ = pow2_scaled(v)
    return s / np.linalg.norm(s)


def _positive_multiple(x: np.ndarray, p: np.ndarray, tol: float) -> np.ndarray:
    """Which rows of p are positive multiples of x, to ``tol`` relative to their length (any scale)."""
    u, (ps, _) = _unit(x), pow2_scaled(p)
    along = ps @ u
    off = np.linalg.norm(ps - along[:, None] * u, axis=1)
    return (off <= tol * np.linalg.norm(ps, axis=1)) & (along > 0)


def fold(key: str, x, *, eps: float | None = 0.0) -> Fold:
    """The fibre of x under method ``key`` (see ``Fold``): its kind, from the method's formula."""
    m = method(key)
    eps = m.eps_or_default(eps)
    x = _vector("x", x)
    output = apply(key, x, eps=eps)
    if not np.all(np.isfinite(output)):
        kind = "undefined"
    elif key == "ln":
        kind = "half_plane" if eps == 0.0 else "line"
    elif key == "rms":
        kind = "ray" if eps == 0.0 else "point"
    else:
        kind = "ray" if eps == 0.0 else ("ray_beyond" if np.linalg.norm(x) >= eps else "point")
    return Fold(key, eps, x, output, kind)


def same_output(key: str, x, points, *, eps: float | None = 0.0, backend: _xp.Backend | None = None) -> np.ndarray:
    """Which ``points`` (rows) the method sends to the same output as x, by computing every output."""
    target = apply(key, _vector("x", x), eps=eps, backend=backend)
    outputs = warp(np.atleast_2d(points), key, eps=eps, backend=backend)
    if not np.all(np.isfinite(target)):
        return np.zeros(len(outputs), dtype=bool)
    close = np.linalg.norm(outputs - target, axis=1) <= SAME_OUTPUT_RTOL * (1 + np.linalg.norm(target))
    return close & np.all(np.isfinite(outputs), axis=1)


@dataclass(frozen=True)
class GridFold:
    """The grid points in the fibre of x, and the grid lines that pass through them."""

    fold: Fold
    vertices: np.ndarray  # (k, n): the grid points with x's output
    lines: tuple[int, ...]  # indices into grid_lines(...) of the lines through at least one of them
    total_vertices: int
    total_lines: int


def grid_fold(
    key: str, x, *, eps: float | None = 0.0, extent: float = 3.0, count: int = 7, points: int = 41
) -> GridFold:
    """Count the grid (``grid_vertices``, ``grid_lines`` of x's dimension) on the fibre of x."""
    f = fold(key, x, eps=eps)
    if len(f.x) not in (2, 3):
        raise ValueError(f"x must have 2 or 3 components (the plane or space); got {len(f.x)}")
    n = len(f.x)
    verts = grid_vertices(n, extent=extent, count=count)
    hit = verts[f.contains(verts)]
    lines = grid_lines(n, extent=extent, count=count, points=points)
    # A line along axis a passes through a vertex when the vertex has the line's fixed coordinates (the other
    # axes); the vertex need not be one of the line's sample points (with 41 points, ±1 and ±2 are not).
    fixed = np.abs(lines[:, -1, :] - lines[:, 0, :]) == 0.0  # (lines, n): True on the axes held fixed
    match = np.all((hit[None, :, :] == lines[:, None, 0, :]) | ~fixed[:, None, :], axis=2)  # (lines, hits)
    through = tuple(int(i) for i in np.flatnonzero(np.any(match, axis=1)))
    return GridFold(f, hit, through, len(verts), len(lines))


# --- the Jacobian as local stretching ----------------------------------------------------------------------


@dataclass(frozen=True)
class LocalStretch:
    """A small circle (2D) or sphere (3D) of radius r around x, its true image and its linearised image."""

    key: str
    eps: float
    x: np.ndarray
    output: np.ndarray
    jacobian: np.ndarray  # (n, n): ∂f/∂x at x
    radius: float
    directions: np.ndarray  # (k, n): unit vectors u; the small set is x + r·u
    true_image: np.ndarray  # (k, n): f(x + r·u)
    linear_image: np.ndarray  # (k, n): f(x) + r·J·u
    stretch: np.ndarray  # singular values of J, largest first: the ellipse's semi-axes are r·sᵢ
    axes: np.ndarray  # (n, n): column i is the output direction of semi-axis i (left singular vector)
    smooth: bool  # the closed ball of radius r around x misses every point where f is undefined or not smooth

    @property
    def flat(self) -> int:
        """How many directions J sends to 0 (semi-axes of length 0 to rounding, relative to J's own scale 1/s,
        s the divisor, so a large x, whose J is small everywhere, is not called flat). 0 where J is undefined."""
        s = divisor(self.key, self.x, eps=self.eps)
        if not (s > 0.0 and np.all(np.isfinite(self.stretch))):
            return 0
        return int(np.sum(self.stretch <= 1e-9 * max(1.0 / s, float(self.stretch[0]))))

    @property
    def linearisation_error(self) -> float:
        """max ‖f(x + r·u) − (f(x) + r·J·u)‖: O(r²)."""
        return float(np.max(np.linalg.norm(self.true_image - self.linear_image, axis=1)))


def unit_directions(n: int, *, points: int = 73) -> np.ndarray:
    """Unit vectors: ``points`` around the circle (n = 2), or a latitude-longitude net on the sphere (n = 3)."""
    n = _check_n(n)
    if n == 2:
        a = np.linspace(0.0, 2 * math.pi, points)
        return np.stack([np.cos(a), np.sin(a)], axis=1)
    rows = max(3, points // 4)
    lat = np.linspace(-math.pi / 2, math.pi / 2, rows)
    lon = np.linspace(0.0, 2 * math.pi, 2 * rows + 1)
    la, lo = np.meshgrid(lat, lon, indexing="ij")
    return np.stack([np.cos(la) * np.cos(lo), np.cos(la) * np.sin(lo), np.sin(la)], axis=-1).reshape(-1, 3)


def local_stretch(
    key: str, x, *, eps: float | None = 0.0, radius: float = 0.2, points: int = 73, backend: _xp.Backend | None = None
) -> LocalStretch:
    """The small circle or sphere around x through f and through its linearisation f(x) + J·(p − x)."""
    m = method(key)
    eps = m.eps_or_default(eps)
    x = _vector("x", x)
    _check_n(len(x))
    r = _positive("radius", radius)
    u = unit_directions(len(x), points=points)
    jac = analytic_jacobian(key, x, eps=eps, backend=backend)
    out = apply(key, x, eps=eps, backend=backend)
    true = warp(x + r * u, key, eps=eps, backend=backend)
    linear = out + r * u @ jac.T
    if np.all(np.isfinite(jac)):
        left, s, _ = np.linalg.svd(jac)
    else:  # f is 0/0 at x (ε = 0): no Jacobian, no ellipse (an SVD of NaN would raise LinAlgError)
        left, s = np.full_like(jac, math.nan), np.full(len(x), math.nan)
    return LocalStretch(key, eps, x, out, jac, r, u, true, linear, s, left, rough_distance(key, x, eps) > r)


def rough_distance(key: str, x, eps: float) -> float:
    """How far x is from where method ``key`` is undefined or not smooth: the origin (L2 and RMSNorm at ε = 0),
    the line of constant vectors t·𝟏 (LayerNorm at ε = 0), the sphere ‖x‖ = ε (L2 with ε > 0, the kink of
    max(‖x‖, ε)); ∞ where it is smooth everywhere (RMSNorm and LayerNorm with ε > 0)."""
    x = np.asarray(x, dtype=np.float64)
    if eps == 0.0:
        return float(np.linalg.norm(x - x.mean())) if key == "ln" else float(np.linalg.norm(x))
    return abs(float(np.linalg.norm(x)) - eps) if key == "l2" else math.inf


# --- γ makes an ellipsoid -------------------------------------------------------------------------------


@dataclass(frozen=True)
class OutputEllipsoid:
    """LayerNorm's output set for a gain γ and bias β (see the module doc), from the eigen-decomposition."""

    gamma: np.ndarray
    beta: np.ndarray
    eps: float
    lengths: np.ndarray  # (N − 1,): semi-axes √(N·λₖ), longest first
    directions: np.ndarray  # (N, N − 1): column k is the unit direction of semi-axis k
    normal: np.ndarray  # (N,): the unit normal of the subspace β + diag(γ)·H the outputs lie in

    @property
    def n(self) -> int:
        return len(self.gamma)

    def coordinates(self, y) -> np.ndarray:
        """(y − β) in the axes' basis: rows of (N − 1) numbers."""
        return (np.atleast_2d(y) - self.beta) @ self.directions

    @property
    def nonzero(self) -> np.ndarray:
        """Which semi-axes have a nonzero length (to rounding): fewer than N − 1 when two or more γᵢ are 0, and the
        set is then a filled ellipse or segment, not a surface."""
        return self.lengths > 1e-12 * max(1.0, float(self.lengths[0]))

    def level(self, y) -> np.ndarray:
        """Σₖ (coordinate k / semi-axis k)², over the axes of nonzero length: 1 on the surface, < 1 inside."""
        c = self.coordinates(y)
        keep = self.nonzero
        return np.sum((c[:, keep] / self.lengths[keep]) ** 2, axis=1)


def output_ellipsoid(gamma, beta=None, *, eps: float = 0.0) -> OutputEllipsoid:
    """The semi-axes of LayerNorm's output set: eigenvalues λ of Bᵀ·diag(γ)²·B give lengths √(N·λ)."""
    gamma = _vector("gamma", gamma)
    n = len(gamma)
    if n not in (3, 4):
        raise ValueError(f"gamma must have 3 or 4 entries (N = 3 or 4); got {n}")
    beta = np.zeros(n) if beta is None else _vector("beta", beta, n)
    eps = _nonnegative("eps", eps)
    basis = zero_mean_basis(n).T  # (N, N − 1), orthonormal columns
    m = gamma[:, None] * basis
    # The SVD M = U·diag(σ)·Vᵀ is that eigen-decomposition (λ = σ², M·vₖ/√λₖ = uₖ) without forming MᵀM, whose
    # rounding (~1e-16·‖M‖²) would turn a zero axis into one of length ~1e-8 and a short one inaccurate.
    full, sigma, _ = np.linalg.svd(m, full_matrices=True)
    dirs = full[:, : n - 1]
    normal = full[:, -1]
    normal = normal * (1.0 if normal[np.argmax(np.abs(normal))] > 0 else -1.0)
    return OutputEllipsoid(gamma, beta, eps, math.sqrt(n) * sigma, dirs, normal)


def sphere_directions(n: int, *, points: int) -> np.ndarray:
    """Unit vectors of the zero-mean hyperplane of Rᴺ (N = 3: ``points`` around its circle; N = 4: a net on
    its sphere), as inputs: LayerNorm sends each to a point of its output set's surface at ε = 0."""
    if isinstance(n, bool) or n not in (3, 4):
        raise ValueError(f"n must be 3 or 4; got {n!r}")
    basis = zero_mean_basis(n).T
    if n == 3:
        a = np.linspace(0.0, 2 * math.pi, points, endpoint=False)
        w = np.stack([np.cos(a), np.sin(a)], axis=1)
    else:
        w = unit_directions(3, points=points)
    return w @ basis.T


def output_set(gamma, beta=None, *, eps: float = 0.0, points: int = 721, backend=None) -> np.ndarray:
    """LayerNorm's outputs (the library's ``layer_norm`` with weight γ, bias β) for a dense set of directions."""
    gamma = _vector("gamma", gamma)
    if len(gamma) not in (3, 4):
        raise ValueError(f"gamma must have 3 or 4 entries (N = 3 or 4); got {len(gamma)}")
    if isinstance(points, bool) or not isinstance(points, (int, np.integer)) or points < 3:
        raise ValueError(f"points must be an integer of at least 3; got {points!r}")
    beta = np.zeros(len(gamma)) if beta is None else _vector("beta", beta, len(gamma))
    x = sphere_directions(len(gamma), points=int(points))
    xb = (backend or _xp.Backend("numpy")).asarray(x)
    return _xp.to_numpy(layer_norm(xb, weight=gamma, bias=beta, eps=float(eps))).astype(np.float64)


@dataclass(frozen=True)
class EllipsoidCheck:
    """The decomposition's ellipsoid against outputs of ``layer_norm`` at ε = 0 (rows of ``output_set``)."""

    samples: int
    surface: bool  # N − 1 nonzero semi-axes: the outputs lie on the surface; fewer: they fill a flatter set
    level_error: float  # surface: max |Σ(cₖ/aₖ)² − 1|; filled: max(Σ(cₖ/aₖ)² − 1, 0), never outside
    plane_error: float  # max |normal·(y − β)| (surface only: the normal is unique then; NaN otherwise)
    reach_error: float  # max over the axes of | max |cₖ| − aₖ |: how close the samples come to each end


def ellipsoid_check(ellipsoid: OutputEllipsoid, outputs) -> EllipsoidCheck:
    """How well ``outputs`` (at ε = 0) fit ``ellipsoid``: on its surface and in its subspace, reaching each axis."""
    y = np.atleast_2d(np.asarray(outputs, dtype=np.float64))
    level = ellipsoid.level(y)
    surface = bool(np.all(ellipsoid.nonzero))
    reach = np.max(np.abs(ellipsoid.coordinates(y)), axis=0) - ellipsoid.lengths
    return EllipsoidCheck(
        len(y),
        surface,
        float(np.max(np.abs(level - 1.0))) if surface else float(max(np.max(level) - 1.0, 0.0)),
        float(np.max(np.abs((y - ellipsoid.beta) @ ellipsoid.normal))) if surface else math.nan,
        float(np.max(np.abs(reach))),
    )


def surface_fraction(cloud, *, eps: float, tol: float = NEAR_SURFACE) -> float:
    """The share of a cloud's rows whose LayerNorm output lies within ``tol`` of the surface: ‖z‖ ≥ (1 − tol)·√N,
    z the output before γ and β (the same share for every γ and β)."""
    eps, tol = _nonnegative("eps", eps), _nonnegative("tol", tol)
    if tol >= 1:
        raise ValueError(f"tol must be below 1 (a share of √N); got {tol!r}")
    x = np.atleast_2d(np.asarray(cloud, dtype=np.float64))
    z = _xp.to_numpy(layer_norm(x, eps=eps))
    ratio = np.linalg.norm(z, axis=1) / math.sqrt(x.shape[1])
    return float(np.mean(ratio >= 1.0 - tol))


@dataclass(frozen=True)
class GridImage:
    """Where the grid's points go: how many distinct outputs they have and how long those are."""

    key: str
    eps: float
    points: int  # grid points
    undefined: int  # grid points whose output is 0/0 (NaN) at ε = 0
    distinct: int  # distinct outputs of the others (equal to SAME_OUTPUT_RTOL)
    smallest: float  # min ‖f(x)‖ over the defined outputs
    largest: float  # max ‖f(x)‖
    radius: float  # the method's sphere at ε = 0, γ = 1: 1 for L2, √n otherwise


def grid_image(
    n: int, key: str, *, eps: float | None = 0.0, extent: float = 3.0, count: int = 7, backend=None
) -> GridImage:
    """The grid points (``grid_vertices``) through method ``key``: distinct outputs, lengths, undefined ones."""
    m = method(key)
    verts = grid_vertices(n, extent=extent, count=count)
    out = warp(verts, key, eps=eps, backend=backend)
    ok = np.all(np.isfinite(out), axis=1)
    defined = out[ok]
    scale = 1 + float(np.max(np.abs(defined))) if len(defined) else 1.0
    close = np.linalg.norm(defined[:, None, :] - defined[None, :, :], axis=2) <= SAME_OUTPUT_RTOL * scale
    first = ~np.any(np.tril(close, -1), axis=1)  # an output not equal to any before it starts a new point
    lengths = np.linalg.norm(defined, axis=1) if len(defined) else np.array([math.nan])
    return GridImage(
        key,
        m.eps_or_default(eps),
        len(verts),
        int(np.sum(~ok)),
        int(np.sum(first)),
        float(np.min(lengths)),
        float(np.max(lengths)),
        m.radius(n),
    )


METHOD_KEYS = tuple(METHODS)
