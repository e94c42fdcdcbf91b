"""Clouds of random vectors in R^n, and what the three norms do to them.

Beyond three dimensions nothing can be drawn as it is, so the higher-dimensions
page samples N input vectors, runs every method on them through the selected
backend, and summarises the clouds in numbers a figure can show honestly:

* the norms ||y|| and the means mean(y) of each output (histograms and spread);
* the singular values of each N x n output matrix: every LayerNorm output is
  orthogonal to 1 = (1, ..., 1), so that cloud has no extent along 1 (a
  singular value of 0 when N >= n);
* a principal-component view (a projection onto two directions);
* for n = 4, LayerNorm's outputs in an orthonormal basis of the hyperplane
  sum(y) = 0: three coordinates that lose nothing, on the 2-sphere of radius 2;
* concentration of measure: the input norms themselves cluster around
  sqrt(n) * (the distribution's RMS) as n grows, with a relative spread that
  shrinks like 1 / sqrt(2n) for a Gaussian.

Sampling is numpy with a seeded generator, so a (spec, seed) reproduces the same
cloud on every backend and run; the results are plain numpy data, safe to cache.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import numpy as np

from normviz import _xp
from normviz.geometry import DEFAULT_EPS, zero_mean_basis
from normviz.norms import METHODS, l2_normalize, layer_norm, rms_norm

DISTRIBUTIONS = ("gaussian", "shifted", "heavy")
HEAVY_DOF = 3  # Student t with 3 degrees of freedom: finite variance (3), infinite fourth moment
MAX_ELEMENTS = 1_000_000  # n * N above this is not interactive
MIN_DIM, MAX_DIM = 2, 8192
PLOT_POINTS = 1500  # points drawn per cloud in the scatter views
CONCENTRATION_DIMS = tuple(2**k for k in range(1, 14))  # 2, 4, ..., 8192
CLOUDS = ("input", *METHODS)
_OPS = {"l2": l2_normalize, "rms": rms_norm, "ln": layer_norm}


@dataclass(frozen=True)
class CloudSpec:
    """N = ``count`` vectors in R^n with i.i.d. components.

    gaussian: sigma * z; shifted: m + sigma * z (a common offset m along 1);
    heavy: sigma * t with t Student-t distributed with ``HEAVY_DOF`` degrees of freedom.
    """

    n: int
    count: int
    distribution: str = "gaussian"
    shift: float = 0.0
    scale: float = 1.0
    seed: int = 0

    def __post_init__(self):
        if not MIN_DIM <= self.n <= MAX_DIM:
            raise ValueError(f"n must be between {MIN_DIM} and {MAX_DIM}; got {self.n}")
        if self.count < 1:
            raise ValueError(f"count must be at least 1; got {self.count}")
        if self.distribution not in DISTRIBUTIONS:
            raise ValueError(f"distribution must be one of {DISTRIBUTIONS}; got {self.distribution!r}")
        if not (math.isfinite(self.scale) and self.scale > 0 and math.isfinite(self.shift)):
            raise ValueError(f"scale must be finite and > 0 and shift finite; got {self.scale}, {self.shift}")

    @property
    def elements(self) -> int:
        return self.n * self.count

    @property
    def offset(self) -> float:
        """The common offset m of the components (0 unless the distribution is "shifted")."""
        return self.shift if self.distribution == "shifted" else 0.0


def capped_count(n: int, count: int, limit: int = MAX_ELEMENTS) -> int:
    """The largest N <= count with n * N <= limit (at least 1)."""
    return max(1, min(int(count), limit // max(1, int(n))))


def component_rms(spec: CloudSpec) -> float:
    """sqrt(E[x_i^2]) of one component, so that E||x||^2 = n * component_rms^2.

    gaussian: sigma; shifted: sqrt(m^2 + sigma^2); heavy: sigma * sqrt(nu / (nu - 2)) = sigma * sqrt(3).
    """
    if spec.distribution == "heavy":
        return spec.scale * math.sqrt(HEAVY_DOF / (HEAVY_DOF - 2))
    return math.sqrt(spec.offset**2 + spec.scale**2)


def expected_norm(spec: CloudSpec) -> float:
    """sqrt(n) * component RMS: where the input norms concentrate for large n (sqrt(n) * sigma for N(0, sigma^2))."""
    return math.sqrt(spec.n) * component_rms(spec)


def _rng(seed: int, n: int, distribution: str) -> np.random.Generator:
    # The count is not part of the seed: a larger N extends the same cloud.
    return np.random.default_rng([int(seed), int(n), DISTRIBUTIONS.index(distribution)])


def sample(spec: CloudSpec) -> np.ndarray:
    """The input cloud, shape (count, n), float64; the same numbers for the same spec on every call."""
    rng = _rng(spec.seed, spec.n, spec.distribution)
    shape = (spec.count, spec.n)
    if spec.distribution == "heavy":
        return spec.scale * rng.standard_t(HEAVY_DOF, size=shape)
    return spec.offset + spec.scale * rng.standard_normal(shape)


def _eps(method: str, eps: float | None) -> float:
    return DEFAULT_EPS[method] if eps is None else float(eps)


def _sync(a) -> None:
    """Wait for an asynchronous device (CUDA) by copying one element back to the host."""
    _xp.to_numpy(a[:1, :1])


def apply_methods(x: np.ndarray, backend: _xp.Backend | None = None, *, eps: float | None = None,
                  methods=METHODS) -> tuple[dict, dict[str, float]]:
    """Run each method on the rows of ``x`` on ``backend``.

    Returns (clouds, times): ``clouds`` maps "input" and each method to a backend array of
    shape (N, n); ``times`` the wall time in ms of moving x to the backend ("transfer") and of
    each method (after one small warm-up call, so a lazy import or kernel start-up is not timed).
    """
    backend = backend or _xp.Backend("numpy")
    times = {}
    _sync(backend.asarray(np.zeros((1, 1))))  # warm-up: a lazy torch import is not a transfer
    start = time.perf_counter()
    xb = backend.asarray(x)
    _sync(xb)
    times["transfer"] = (time.perf_counter() - start) * 1e3
    clouds = {"input": xb}
    for m in methods:
        _OPS[m](xb[:2], eps=_eps(m, eps))  # warm-up
        best = math.inf
        for _ in range(2):  # the better of two runs: the first may pay for fresh memory pages
            start = time.perf_counter()
            y = _OPS[m](xb, eps=_eps(m, eps))
            _sync(y)
            best = min(best, (time.perf_counter() - start) * 1e3)
        times[m] = best
        clouds[m] = y
    return clouds, times


@dataclass(frozen=True)
class Histogram:
    """Counts over bins, and the exact summary of the values behind them."""

    edges: np.ndarray
    counts: np.ndarray
    mean: float
    std: float
    low: float
    high: float
    nonfinite: int = 0

    @property
    def spread(self) -> float:
        return self.high - self.low


def histogram(values, *, bins: int = 40) -> Histogram:
    """A histogram of the finite values; a constant (to rounding) sample gets a narrow window
    around its value instead of bins cut from rounding noise."""
    values = np.asarray(values, dtype=np.float64).ravel()
    finite = values[np.isfinite(values)]
    if finite.size == 0:
        return Histogram(np.array([0.0, 1.0]), np.array([0]), math.nan, math.nan, math.nan, math.nan, values.size)
    low, high = float(finite.min()), float(finite.max())
    center = 0.5 * (low + high)
    scale = max(1.0, abs(center))
    if high - low <= 1e-9 * scale:  # an odd number of bins puts the value in the middle of one
        window, bins = (center - 1e-3 * scale, center + 1e-3 * scale), bins | 1
    else:
        window = (low, high)
    counts, edges = np.histogram(finite, bins=bins, range=window)
    return Histogram(edges, counts, float(finite.mean()), float(finite.std()), low, high,
                     int(values.size - finite.size))


@dataclass(frozen=True)
class Pca:
    """A cloud seen along its two main axes (centred): coordinates of the first points and
    the fraction of the total variance each axis carries."""

    coords: np.ndarray  # (k, 2)
    explained: np.ndarray  # (2,)


def _pca(xp, y, points: int, like: _xp.Backend) -> Pca:
    """Top two principal axes of the centred cloud by randomized subspace iteration
    (Halko, Martinsson & Tropp 2011): a few products with an (n, k) block, k <= 8, instead of an
    n x n eigen-decomposition, so it stays cheap for n up to 8192."""
    count, n = y.shape
    k = min(12, n, count)  # the randomized subspace's width
    yc = y - xp.mean(y, axis=0, keepdims=True)
    total = float(_xp.to_numpy(xp.sum(yc * yc)))
    if total == 0.0 or not math.isfinite(total):
        return Pca(np.zeros((min(points, count), 2)), np.zeros(2))
    yt = xp.permute_dims(yc, (1, 0))
    if n <= 8:  # few dimensions: the exact axes, from the n x n scatter matrix
        b = yt
    else:
        omega = like.asarray(np.random.default_rng(12345).standard_normal((n, k)))
        q = xp.linalg.qr(xp.matmul(yc, omega)).Q
        for _ in range(6):
            q = xp.linalg.qr(xp.matmul(yc, xp.matmul(yt, q))).Q
        b = xp.matmul(xp.permute_dims(q, (1, 0)), yc)  # (k, n): yc restricted to the subspace
    gram = xp.matmul(b, xp.permute_dims(b, (1, 0))) if n > 8 else xp.matmul(yt, yc)
    values, vectors = np.linalg.eigh(_xp.to_numpy(gram).astype(np.float64))
    top = min(2, k)
    lam = values[::-1][:top]
    if n > 8:
        w = vectors[:, ::-1][:, :top] / np.sqrt(np.clip(lam, 1e-300, None))
        axes = xp.matmul(xp.permute_dims(b, (1, 0)), like.asarray(w))  # (n, top), orthonormal
    else:
        axes = like.asarray(np.ascontiguousarray(vectors[:, ::-1][:, :top]))
    coords = _xp.to_numpy(xp.matmul(yc[:points], axes)).astype(np.float64)
    if top < 2:
        coords = np.column_stack([coords, np.zeros(len(coords))])
        lam = np.append(lam, 0.0)
    # A fixed sign per axis (the coordinate of largest magnitude is positive): reruns agree.
    flip = np.sign(coords[np.argmax(np.abs(coords), axis=0), [0, 1]])
    coords = coords * np.where(flip == 0, 1.0, flip)
    return Pca(coords, np.clip(lam / total, 0.0, 1.0))


def singular_values(xp, y) -> np.ndarray:
    """The min(N, n) singular values of the N x n matrix y, largest first, as numpy.

    Computed as square roots of the eigenvalues of the smaller Gram matrix (y^T y or y y^T):
    10-20x faster than an SVD here and equal to about 1e-11 relative, except that a zero singular
    value comes out at the rounding floor sqrt(machine eps) * sigma_max (~1e-8 relative) instead
    of ~1e-16. ``rounding_floor`` gives that floor.
    """
    count, n = y.shape
    yt = xp.permute_dims(y, (1, 0))
    gram = xp.matmul(yt, y) if count >= n else xp.matmul(y, yt)
    values = _xp.to_numpy(xp.linalg.eigvalsh(gram)).astype(np.float64)[::-1]
    return np.sqrt(np.clip(values, 0.0, None))


def rounding_floor(svals: np.ndarray) -> float:
    """Singular values below this are zero to rounding (Gram route, float64)."""
    return float(np.sqrt(np.finfo(np.float64).eps) * (svals[0] if len(svals) else 0.0)) * 4.0


@dataclass(frozen=True)
class CloudSummary:
    """Everything the higher-dimensions page shows about one sampled cloud, as numpy data."""

    spec: CloudSpec
    backend: str
    eps: float | None
    norms: dict[str, Histogram]
    means: dict[str, Histogram]
    singular_values: dict[str, np.ndarray]  # descending, min(N, n) of them (see singular_values())
    along_ones: dict[str, float]  # ||Y u|| with u = 1/sqrt(n): the cloud's extent along 1
    pca: dict[str, Pca]
    times_ms: dict[str, float] = field(default_factory=dict)

    @property
    def clouds(self) -> tuple[str, ...]:
        return tuple(c for c in CLOUDS if c in self.norms)


def summarize(spec: CloudSpec, backend: _xp.Backend | None = None, *, eps: float | None = 0.0,
              methods=METHODS, points: int = PLOT_POINTS) -> CloudSummary:
    """Sample ``spec``, apply ``methods`` on ``backend`` and reduce every cloud to plottable numbers.

    Norms, means, singular values and principal axes are computed on the backend too; only the
    reduced results come back as numpy.
    """
    backend = backend or _xp.Backend("numpy")
    start = time.perf_counter()
    x = sample(spec)
    times = {"sample": (time.perf_counter() - start) * 1e3}
    clouds, op_times = apply_methods(x, backend, eps=eps, methods=methods)
    times.update(op_times)
    start = time.perf_counter()
    norms, means, svals, along, pca = {}, {}, {}, {}, {}
    for name, y in clouds.items():
        xp = _xp.namespace(y)
        norms[name] = histogram(_xp.to_numpy(xp.linalg.vector_norm(y, axis=1)))
        row_means = xp.mean(y, axis=1)
        means[name] = histogram(_xp.to_numpy(row_means))
        svals[name] = singular_values(xp, y)
        along[name] = float(_xp.to_numpy(xp.linalg.vector_norm(row_means))) * math.sqrt(spec.n)
        pca[name] = _pca(xp, y, points, backend)
    times["statistics"] = (time.perf_counter() - start) * 1e3
    return CloudSummary(spec, backend.label, eps, norms, means, svals, along, pca, times)


@dataclass(frozen=True)
class HyperplaneView:
    """n = 4: the clouds in an orthonormal basis (e1, e2, e3) of the hyperplane sum(y) = 0.

    For LayerNorm (every output has mean 0) the three coordinates are the whole vector:
    ||coords|| = ||y||, radius 2 = sqrt(4) when eps = 0. For the input, L2 and RMSNorm the
    coordinates drop the part along 1: they are a projection.
    """

    basis: np.ndarray  # (3, 4)
    coords: dict[str, np.ndarray]  # cloud -> (k, 3)
    lost: dict[str, float]  # cloud -> largest |component along 1| dropped by the projection
    backend: str

    @property
    def radius_error(self) -> float:
        """max | ||coords|| - 2 | over LayerNorm's points: 0 to rounding at eps = 0."""
        pts = self.coords.get("ln")
        return float(np.max(np.abs(np.linalg.norm(pts, axis=1) - 2.0))) if pts is not None and len(pts) else math.nan


def hyperplane_view(spec: CloudSpec, backend: _xp.Backend | None = None, *, eps: float | None = 0.0,
                    methods=METHODS, points: int = PLOT_POINTS) -> HyperplaneView:
    """Sample ``spec`` (n must be 4), apply ``methods`` on ``backend``, express the first
    ``points`` vectors of each cloud in the Helmert basis of sum(y) = 0."""
    if spec.n != 4:
        raise ValueError(f"the hyperplane view is drawn for n = 4; got n = {spec.n}")
    backend = backend or _xp.Backend("numpy")
    head = CloudSpec(4, min(spec.count, points), spec.distribution, spec.shift, spec.scale, spec.seed)
    clouds, _ = apply_methods(sample(head), backend, eps=eps, methods=methods)
    basis = zero_mean_basis(4)
    coords, lost = {}, {}
    for name, y in clouds.items():
        y = _xp.to_numpy(y).astype(np.float64)
        coords[name] = y @ basis.T
        lost[name] = float(np.max(np.abs(y.sum(axis=1)))) / 2.0  # |<y, 1/sqrt(4)>|
    return HyperplaneView(basis, coords, lost, backend.label)


@dataclass(frozen=True)
class Concentration:
    """||x|| / sqrt(n) of samples for each n in ``dims``: its quantiles and its relative spread."""

    dims: np.ndarray
    q05: np.ndarray
    median: np.ndarray
    q95: np.ndarray
    relative_std: np.ndarray  # std(||x||) / mean(||x||)
    target: float  # the component RMS the ratio tends to
    count: int
    theory: float | None = None  # c with relative_std ~ c / sqrt(n) (Gaussian families); None for heavy tails


def concentration(distribution: str = "gaussian", *, shift: float = 0.0, scale: float = 1.0, seed: int = 0,
                  dims=CONCENTRATION_DIMS, count: int = 256) -> Concentration:
    """Sample ``count`` vectors for each n in ``dims`` (numpy) and measure how their norms cluster."""
    q05, med, q95, rel = [], [], [], []
    target = None
    for n in dims:
        spec = CloudSpec(int(n), count, distribution, shift, scale, seed + 7919)
        target = component_rms(spec)
        r = np.linalg.norm(sample(spec), axis=1) / math.sqrt(n)
        a, b, c = np.quantile(r, [0.05, 0.5, 0.95])
        q05.append(a)
        med.append(b)
        q95.append(c)
        rel.append(r.std() / r.mean())
    as_array = lambda v: np.asarray(v, dtype=np.float64)  # noqa: E731
    return Concentration(as_array(dims), as_array(q05), as_array(med), as_array(q95), as_array(rel),
                         float(target), count, spread_constant(distribution, shift=shift, scale=scale))


def spread_constant(distribution: str, *, shift: float = 0.0, scale: float = 1.0) -> float | None:
    """c in std(||x||) / mean(||x||) ~ c / sqrt(n) for large n (delta method on ||x||^2).

    Components N(m, sigma^2): c = sqrt(4 m^2 sigma^2 + 2 sigma^4) / (2 (m^2 + sigma^2)), so 1/sqrt(2)
    for m = 0. Student t with 3 degrees of freedom has no finite fourth moment: no such rate (None).
    """
    if distribution == "heavy":
        return None
    m = shift if distribution == "shifted" else 0.0
    s2 = scale * scale
    return math.sqrt(4 * m * m * s2 + 2 * s2 * s2) / (2 * (m * m + s2))
