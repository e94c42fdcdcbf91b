"""The geometry behind the pictures: statistics, projections, paths, curves.

Everything here returns plain numpy data or frozen dataclasses; nothing draws.
The outputs of the norms are computed through ``normviz.norms`` on the chosen
backend, so what the app shows is what the library computes.

The pictures, for x in R^n and the all-ones vector 1 = (1, ..., 1):

* L2 normalization is the radial projection onto the unit sphere ||y|| = 1.
* RMSNorm is the radial projection onto the sphere of radius sqrt(n).
* LayerNorm removes the component along 𝟏 (x -> x - mu*1, onto the zero-mean
  hyperplane sum(y) = 0), then projects radially onto the sqrt(n) sphere: its
  outputs live on hyperplane ∩ sphere, an (n-2)-sphere of radius sqrt(n).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from normviz import _xp
from normviz.methods import KEYS as METHODS
from normviz.methods import METHODS as RECORDS

# Stages of the projection animation: LayerNorm centres, every method scales, gamma/beta act.
STAGES = ("center", "scale", "affine")


@dataclass(frozen=True)
class Scene:
    """What a projection page shows: an input vector and the norms' settings.

    eps=None means each method's own default (``Method.default_eps``). gamma and
    beta are the affine parameters applied after normalizing (RMSNorm takes
    gamma only; L2 normalization has none).
    """

    x: tuple[float, ...]
    eps: float | None = None
    gamma: tuple[float, ...] | None = None
    beta: tuple[float, ...] | None = None
    shown: frozenset[str] = field(default_factory=lambda: frozenset(METHODS))

    @property
    def n(self) -> int:
        return len(self.x)

    @property
    def has_affine(self) -> bool:
        return (self.gamma is not None and any(g != 1.0 for g in self.gamma)) or (
            self.beta is not None and any(b != 0.0 for b in self.beta)
        )

    def eps_for(self, method: str) -> float:
        return RECORDS[method].eps_or_default(self.eps)


@dataclass(frozen=True)
class Stats:
    """Statistics of one vector: n, ||x||, mean mu, biased std sigma, RMS."""

    n: int
    norm: float
    mean: float
    std: float
    rms: float


@dataclass(frozen=True)
class Projection:
    """Everything a projection picture needs, as float64 numpy data.

    ``normalized[m]`` is method m before its affine map, ``outputs[m]`` after
    it (equal when gamma = 1 and beta = 0). ``mean_part`` + ``centered`` = x.
    """

    x: np.ndarray
    stats: Stats
    normalized: dict[str, np.ndarray]
    outputs: dict[str, np.ndarray]
    mean_part: np.ndarray
    centered: np.ndarray
    backend: str

    def norm_of(self, method: str) -> float:
        return float(np.linalg.norm(self.outputs[method]))


def vector_stats(x) -> Stats:
    """n, ||x||_2, mu = mean(x), sigma = sqrt(mean((x - mu)^2)), RMS = sqrt(mean(x^2))."""
    x = np.asarray(x, dtype=np.float64)
    mean = float(x.mean())
    return Stats(
        n=x.size,
        norm=float(np.linalg.norm(x)),
        mean=mean,
        std=float(np.sqrt(np.mean((x - mean) ** 2))),
        rms=float(np.sqrt(np.mean(x * x))),
    )


def decompose(x) -> tuple[np.ndarray, np.ndarray]:
    """x = mu*1 + (x - mu*1): the part along 𝟏 and the zero-mean part (orthogonal)."""
    x = np.asarray(x, dtype=np.float64)
    mean_part = np.full_like(x, x.mean())
    return mean_part, x - mean_part


def project(scene: Scene, backend: _xp.Backend | None = None) -> Projection:
    """Run every method on ``scene.x`` through normviz on ``backend``."""
    backend = backend or _xp.Backend("numpy")
    xb = backend.asarray(scene.x)
    n = scene.n
    gamma = backend.asarray(scene.gamma if scene.gamma is not None else np.ones(n))
    beta = backend.asarray(scene.beta if scene.beta is not None else np.zeros(n))
    normalized = {m: RECORDS[m](xb, eps=scene.eps_for(m)) for m in METHODS}
    outputs = {m: RECORDS[m](xb, eps=scene.eps_for(m), weight=gamma, bias=beta) for m in METHODS}
    as_np = lambda d: {m: _xp.to_numpy(v).astype(np.float64) for m, v in d.items()}  # noqa: E731
    x = np.asarray(scene.x, dtype=np.float64)
    mean_part, centered = decompose(x)
    return Projection(
        x=x,
        stats=vector_stats(x),
        normalized=as_np(normalized),
        outputs=as_np(outputs),
        mean_part=mean_part,
        centered=centered,
        backend=backend.label,
    )


def projection_path(proj: Projection, method: str, steps: int = 10) -> np.ndarray:
    """Points from x to the method's output, ``steps`` per stage, shape (3*steps+1, n).

    Stage "center": LayerNorm slides along -1 onto the zero-mean hyperplane
    (x -> x - mu*1); the others wait. Stage "scale": each point slides along
    its ray onto its sphere. Stage "affine": RMSNorm and LayerNorm outputs move
    by y -> gamma*y (+ beta). Straight segments between those corners keep L2
    and RMSNorm on the ray and LayerNorm on the line through 1, then on the
    ray through x - mu*1.
    """
    x = proj.x
    start = proj.centered if method == "ln" else x
    corners = [x, start, proj.normalized[method], proj.outputs[method]]
    t = np.linspace(0.0, 1.0, steps + 1)[1:, None]
    path = [x[None, :]]
    for a, b in zip(corners[:-1], corners[1:]):
        path.append(a + t * (b - a))
    return np.concatenate(path)


def circle(radius: float, *, points: int = 181) -> np.ndarray:
    """Points on the circle of the given radius about the origin, shape (points, 2)."""
    theta = np.linspace(0.0, 2.0 * np.pi, points)
    return radius * np.column_stack([np.cos(theta), np.sin(theta)])


def affine(points: np.ndarray, gamma=None, beta=None) -> np.ndarray:
    """gamma * p + beta for each row p (the affine map after normalizing)."""
    out = np.asarray(points, dtype=np.float64)
    if gamma is not None:
        out = out * np.asarray(gamma, dtype=np.float64)
    if beta is not None:
        out = out + np.asarray(beta, dtype=np.float64)
    return out


def layer_norm_points_2d() -> np.ndarray:
    """The only two LayerNorm outputs in 2D (gamma=1, beta=0, eps=0): (1,-1) and (-1,1).

    The zero-mean line x1 + x2 = 0 meets the circle of radius sqrt(2) there.
    """
    return np.array([[1.0, -1.0], [-1.0, 1.0]])


def zero_mean_line_2d(extent: float) -> np.ndarray:
    """The segment of x1 + x2 = 0 inside the square [-extent, extent]^2."""
    return np.array([[-extent, extent], [extent, -extent]])


def ray(x, extent: float) -> np.ndarray:
    """The ray from the origin through x, long enough to leave a box of half-width extent."""
    x = np.asarray(x, dtype=np.float64)
    norm = np.linalg.norm(x)
    if not np.isfinite(norm) or norm == 0.0:
        return np.full((2, x.size), np.nan)
    return np.stack([np.zeros_like(x), x / norm * extent * math.sqrt(x.size)])


def outside_view(x, extent: float) -> bool:
    """True when some component of x lies beyond the fixed half-width of the view."""
    return bool(np.max(np.abs(np.asarray(x, dtype=np.float64))) > extent)


def degenerate_cases(proj: Projection) -> list[str]:
    """Keys of the honest warnings for this input: the zero vector, sigma = 0, NaN outputs."""
    notes = []
    if proj.stats.norm == 0.0:
        notes.append("zero")
    elif proj.stats.std == 0.0:
        notes.append("constant")
    nan_methods = [m for m in METHODS if not np.all(np.isfinite(proj.outputs[m]))]
    if nan_methods:
        notes.append("nan")
    return notes


# --- Three dimensions (the space page) and the zero-mean hyperplane in R^n -----------------------


def zero_mean_basis(n: int) -> np.ndarray:
    """An orthonormal basis of the zero-mean hyperplane {y : sum(y) = 0} in R^n, shape (n - 1, n).

    Row k (k = 1, ..., n - 1) is the Helmert vector (1, ..., 1, -k, 0, ..., 0) / sqrt(k (k + 1))
    with k ones: each row has mean 0 (it is orthogonal to 1) and the rows are orthonormal, so
    ``basis @ y`` are the coordinates of a zero-mean y in the hyperplane and ``||basis @ y|| = ||y||``.
    For n = 3: (1, -1, 0)/sqrt(2) and (1, 1, -2)/sqrt(6).
    """
    if n < 2:
        raise ValueError(f"n must be at least 2 for a zero-mean hyperplane to have a basis; got {n}")
    basis = np.zeros((n - 1, n))
    for k in range(1, n):
        basis[k - 1, :k] = 1.0
        basis[k - 1, k] = -float(k)
        basis[k - 1] /= math.sqrt(k * (k + 1))
    return basis


def sphere_mesh(radius: float = 1.0, *, rows: int = 25, cols: int = 37) -> np.ndarray:
    """A latitude-longitude grid on the sphere ||y|| = radius in R^3, shape (3, rows, cols).

    Rows run from pole to pole (polar angle 0..pi), columns once around (0..2pi, the
    last column repeats the first so the surface closes).
    """
    theta = np.linspace(0.0, np.pi, rows)[:, None]
    phi = np.linspace(0.0, 2.0 * np.pi, cols)[None, :]
    return radius * np.stack(
        [np.sin(theta) * np.cos(phi), np.sin(theta) * np.sin(phi), np.cos(theta) * np.ones_like(phi)]
    )


def affine_mesh(mesh: np.ndarray, gamma=None, beta=None) -> np.ndarray:
    """gamma ⊙ p + beta for every grid point p of a (3, rows, cols) mesh: a sphere becomes an ellipsoid."""
    flat = np.asarray(mesh, dtype=np.float64).reshape(mesh.shape[0], -1).T
    return affine(flat, gamma, beta).T.reshape(mesh.shape)


def zero_mean_plane_patch(extent: float) -> tuple[np.ndarray, np.ndarray]:
    """The plane x + y + z = 0 inside the cube [-extent, extent]^3: a regular hexagon.

    Returns (vertices, triangles): the six corners, the permutations of (extent, -extent, 0),
    in order around 1, and four triangles (index triples) that fill the hexagon.
    """
    e = float(extent)
    vertices = np.array([[e, -e, 0.0], [e, 0.0, -e], [0.0, e, -e], [-e, e, 0.0], [-e, 0.0, e], [0.0, -e, e]])
    triangles = np.array([[0, 1, 2], [0, 2, 3], [0, 3, 4], [0, 4, 5]])
    return vertices, triangles


def layer_norm_circle_3d(*, points: int = 181) -> np.ndarray:
    """LayerNorm's outputs in 3D (gamma = 1, beta = 0, eps = 0): the plane x + y + z = 0 meets the
    sphere of radius sqrt(3) in this circle, drawn as sqrt(3) (cos t e1 + sin t e2) with (e1, e2)
    an orthonormal basis of the plane. Shape (points, 3)."""
    return circle(math.sqrt(3.0), points=points) @ zero_mean_basis(3)


def ones_line(extent: float, n: int = 3) -> np.ndarray:
    """The line through the origin along 𝟏 = (1, ..., 1), from -extent*1 to extent*1 (a diagonal of the box)."""
    return np.array([-extent, extent])[:, None] * np.ones(n)[None, :]


def ray_in_box(x, extent: float) -> np.ndarray:
    """The ray from the origin through x, ending where it leaves the cube [-extent, extent]^n.

    Shape (2, n); all NaN for the zero vector or a non-finite x (no direction to draw).
    """
    x = np.asarray(x, dtype=np.float64)
    top = np.max(np.abs(x)) if x.size else 0.0
    if not np.isfinite(top) or top == 0.0:
        return np.full((2, x.size), np.nan)
    return np.stack([np.zeros_like(x), x * (extent / top)])
