"""Higher dimensions: clouds of random vectors in R^n, and what the three methods do to them.

Beyond three dimensions nothing can be drawn as it is, so the page samples N
input vectors, runs every method on them through the selected backend, and
reduces each cloud to numbers a figure can show honestly:

* the norms ‖y‖ and the means mean(y) of each output (histograms);
* the singular values of the N × n output matrix: every LayerNorm output is
  orthogonal to 𝟏 = (1, …, 1), so that cloud has no extent along 𝟏 (a singular
  value of 0 when N ≥ n);
* a principal-component view (a projection onto two directions);
* for n = 4, LayerNorm's outputs in an orthonormal basis of the hyperplane
  Σyᵢ = 0: three coordinates that lose nothing, on the 2-sphere of radius 2 (ε = 0);
* concentration of measure: the input norms cluster around √n times the
  component RMS as n grows, with a relative spread that shrinks like c/√n;
* the exact laws where they apply (``Law``, frozen ``scipy.stats`` distributions):
  ‖x‖/σ ~ χ(n) for N(0, σ²) components, and for the cosine c of two independent
  directions uniform on the sphere of R^d, (1 + c)/2 ~ Beta((d − 1)/2, (d − 1)/2);
  each cloud's norms and pair cosines are tested against them (``Fit``:
  Kolmogorov–Smirnov, ``scipy.stats.kstest``) and the laws' densities drawn on the
  histograms.

Sampling is numpy with a seeded generator, so a (spec, seed) gives the same
cloud on every backend and run; every result is plain numpy data, safe to cache.
The work is split so that a cache can keep the parts a control does not change:
the standard draws (``standard_cloud``) do not depend on the shift m or the scale
σ, and each cloud's statistics (``cloud_stats``) depend on one method only.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
from scipy import stats

from normviz import _xp
from normviz.geometry import zero_mean_basis
from normviz.methods import KEYS, METHODS

DISTRIBUTIONS = ("gaussian", "shifted", "heavy")
HEAVY_DOF = 3  # Student t with 3 degrees of freedom: finite variance (3), infinite fourth moment
MAX_ELEMENTS = 500_000  # n * N above this is not interactive (see SPECTRUM_MAX)
MIN_DIM, MAX_DIM = 2, 8192
# The singular values and principal axes come from the Gram matrix of the smaller side of the
# N x n cloud: O(min(N, n)^2 max(N, n)) to form, O(min(N, n)^3) for its eigenvalues, for each of
# four clouds. Above this many rows and columns both, only the first SPECTRUM_MAX rows enter (the
# page says so), which keeps a move within about 10 ms per cloud at n * N = MAX_ELEMENTS.
SPECTRUM_MAX = 256
PLOT_POINTS = 1000  # points drawn per cloud in the principal-component view
CONCENTRATION_DIMS = tuple(2**k for k in range(1, 14))  # 2, 4, ..., 8192
CONCENTRATION_COUNT = 256
CLOUDS = ("input", *KEYS)
_PCA_ITERATIONS = 24
ALPHA = 0.01  # the significance level at which the page reads its goodness-of-fit tests
FIT_MAX = 20_000  # a goodness-of-fit test uses at most this many values of a sample (the first ones)
CURVE_POINTS = 121  # points of an exact density drawn over a histogram


@dataclass(frozen=True)
class CloudSpec:
    """N = ``count`` vectors in R^n with i.i.d. components.

    gaussian: σ·z; shifted: m + σ·z (a common offset m along 𝟏); heavy: σ·t with t
    Student-t distributed with ``HEAVY_DOF`` degrees of freedom. The gaussian and
    shifted clouds share their z, so a shift moves the same points along 𝟏.
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

    @property
    def family(self) -> str:
        """ "t" for the heavy-tailed cloud, "normal" for the other two."""
        return "t" if self.distribution == "heavy" else "normal"

    @property
    def spectrum_rows(self) -> int:
        """How many of the N vectors enter the singular values and principal axes."""
        return self.count if min(self.count, self.n) <= SPECTRUM_MAX else SPECTRUM_MAX


def capped_count(n: int, count: int, limit: int = MAX_ELEMENTS) -> int:
    """The largest N <= count with n * N <= limit (at least 1)."""
    return max(1, min(int(count), limit // max(1, int(n))))


def component_rms(distribution: str, *, shift: float = 0.0, scale: float = 1.0) -> float:
    """√E[xᵢ²] of one component, so that E‖x‖² = n · component_rms².

    gaussian N(0, σ²): σ; shifted N(m, σ²): √(m² + σ²); heavy σ·t₃: σ·√(ν/(ν − 2)) = √3·σ.
    """
    if distribution == "heavy":
        return scale * math.sqrt(HEAVY_DOF / (HEAVY_DOF - 2))
    m = shift if distribution == "shifted" else 0.0
    return math.sqrt(m * m + scale * scale)


def spread_constant(distribution: str, *, shift: float = 0.0, scale: float = 1.0) -> float | None:
    """c in std(‖x‖) / mean(‖x‖) ≈ c / √n for large n (delta method on ‖x‖²).

    Components N(m, σ²): c = √(4m²σ² + 2σ⁴) / (2(m² + σ²)), so 1/√2 for m = 0. Student t
    with 3 degrees of freedom has no finite fourth moment: no such rate (None).
    """
    if distribution == "heavy":
        return None
    m = shift if distribution == "shifted" else 0.0
    s2 = scale * scale
    return math.sqrt(4 * m * m * s2 + 2 * s2 * s2) / (2 * (m * m + s2))


def expected_norm(spec: CloudSpec) -> float:
    """√n · component RMS: where the input norms concentrate for large n."""
    return math.sqrt(spec.n) * component_rms(spec.distribution, shift=spec.shift, scale=spec.scale)


def standard_cloud(n: int, count: int, family: str, seed: int) -> np.ndarray:
    """(count, n) standard draws, z ~ N(0, 1) or t₃; the same numbers for the same arguments.

    The count is not part of the seed: a larger N extends the same cloud.
    """
    rng = np.random.default_rng([int(seed), int(n), ("normal", "t").index(family)])
    if family == "t":
        return rng.standard_t(HEAVY_DOF, size=(count, n))
    return rng.standard_normal((count, n))


def sample(spec: CloudSpec, standard: np.ndarray | None = None) -> np.ndarray:
    """The input cloud m + σ·(standard draws), shape (count, n), float64.

    ``standard`` (from ``standard_cloud`` for this spec) saves drawing it again.
    """
    if standard is None:
        standard = standard_cloud(spec.n, spec.count, spec.family, spec.seed)
    return spec.offset + spec.scale * standard


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
    return Histogram(
        edges, counts, float(finite.mean()), float(finite.std()), low, high, int(values.size - finite.size)
    )


@dataclass(frozen=True)
class Law:
    """An exact law of a quantity the page samples; ``dist`` is it as a frozen ``scipy.stats`` distribution.

    "chi": ‖x‖ = scale·χ(dim), χ(dim) the norm of dim independent N(0, 1) components,
    ``scipy.stats.chi(dim, scale=scale)``: mean scale·√2·Γ((dim + 1)/2)/Γ(dim/2) ≈ scale·√(dim − 1/2),
    standard deviation → scale/√2 as dim grows.
    "cosine": the cosine c of two independent directions uniform on the sphere of R^dim:
    (1 + c)/2 ~ Beta(a, a) with a = (dim − 1)/2, so c ~ ``scipy.stats.beta(a, a, loc=−1, scale=2)``,
    density beta.pdf((1 + c)/2)/2: mean 0, variance exactly 1/dim.
    """

    kind: str  # "chi" | "cosine"
    dim: int
    scale: float = 1.0

    def __post_init__(self):
        if self.kind not in ("chi", "cosine"):
            raise ValueError(f"kind must be 'chi' or 'cosine'; got {self.kind!r}")
        low = 2 if self.kind == "cosine" else 1
        if isinstance(self.dim, bool) or not isinstance(self.dim, (int, np.integer)) or self.dim < low:
            raise ValueError(f"dim must be an integer >= {low} for the {self.kind} law; got {self.dim!r}")
        if not (math.isfinite(self.scale) and self.scale > 0):
            raise ValueError(f"scale must be finite and > 0; got {self.scale}")

    @property
    def shape(self) -> float:
        """The Beta law's two equal parameters (dim − 1)/2 (cosine), or chi's degrees of freedom."""
        return (self.dim - 1) / 2 if self.kind == "cosine" else float(self.dim)

    @property
    def dist(self):
        """The law as a frozen scipy.stats distribution (shared: freezing one formats its docstring, ~0.3 ms)."""
        return _frozen(self.kind, int(self.dim), float(self.scale))

    def central(self, share: float) -> tuple[float, float]:
        """The interval [ppf((1 − share)/2), ppf((1 + share)/2)] that holds ``share`` of the law, centred in
        probability (for the cosine law: symmetric about 0)."""
        low, high = self.dist.interval(share)
        return float(low), float(high)


@lru_cache(maxsize=64)
def _frozen(kind: str, dim: int, scale: float):
    """``Law.dist``: scipy.stats.chi(dim, scale=scale), or beta(a, a, loc=−1, scale=2) with a = (dim − 1)/2."""
    if kind == "chi":
        return stats.chi(dim, scale=scale)
    a = (dim - 1) / 2
    return stats.beta(a, a, loc=-1.0, scale=2.0)


def norm_law(spec: CloudSpec) -> Law | None:
    """The exact law of the input norms: ‖x‖ = σ·χ(n) for N(0, σ²) components. None with an offset
    m ≠ 0 (‖x‖²/σ² is then a noncentral χ² with noncentrality n·m²/σ², not a chi) and for σ·t₃
    components (no standard law)."""
    return Law("chi", spec.n, spec.scale) if spec.family == "normal" and spec.offset == 0.0 else None


def cosine_dim(spec: CloudSpec, cloud: str) -> int | None:
    """The d for which ``cloud``'s directions y/‖y‖ are independent and uniform on the sphere of R^d, or None.

    The input, L2 and RMSNorm (each output a positive multiple of its x, at any ε): d = n for N(0, σ²)
    components, whose law is rotation invariant; None with an offset m ≠ 0 (it pulls every direction toward
    𝟏) and for t₃ components (not rotation invariant). LayerNorm (its output a positive multiple of
    x − mean(x)·𝟏, a N(0, σ²) vector of the (n − 1)-dimensional hyperplane Σyᵢ = 0 for N(m, σ²) components,
    whatever m): d = n − 1; None for n = 2 (the hyperplane is a line: every cosine is ±1) and for t₃.
    """
    if spec.family != "normal":
        return None
    if cloud == "ln":
        return spec.n - 1 if spec.n >= 3 else None
    return spec.n if spec.offset == 0.0 else None


def cosine_law(spec: CloudSpec, cloud: str) -> Law | None:
    """The exact law of ``cloud``'s pair cosines (``cosine_dim``), or None where none applies."""
    d = cosine_dim(spec, cloud)
    return None if d is None else Law("cosine", d)


@dataclass(frozen=True)
class Fit:
    """A sample against its exact ``law``: the law's mean and standard deviation (scipy), the sample's, a
    two-sided Kolmogorov–Smirnov test of its first ``tested`` values (``scipy.stats.kstest`` with the law's
    cdf), and the law's density over the sample's histogram as expected counts per bin,
    ``curve_y`` = N · (bin width) · pdf(``curve_x``): the scale of the histogram's bars."""

    law: Law
    mean: float
    std: float
    count: int  # finite values in the sample
    sample_mean: float
    sample_std: float
    tested: int  # values that entered the test: min(count, FIT_MAX)
    statistic: float  # D = sup |F_N(v) − F(v)|
    pvalue: float
    curve_x: np.ndarray
    curve_y: np.ndarray

    def rejected(self, alpha: float = ALPHA) -> bool:
        """Whether the test rejects the law at significance ``alpha`` (p < alpha)."""
        return self.pvalue < alpha


def fit(values, law: Law, hist: Histogram, *, points: int = CURVE_POINTS) -> Fit | None:
    """``values`` against ``law`` (see ``Fit``); ``hist`` is their histogram, whose window and bin width
    the density curve takes. None when no value is finite."""
    values = np.asarray(values, dtype=np.float64).ravel()
    finite = values[np.isfinite(values)]
    if finite.size == 0:
        return None
    dist = law.dist
    tested = finite[:FIT_MAX]
    result = stats.kstest(tested, dist.cdf)
    edges = hist.edges
    x = np.linspace(edges[0], edges[-1], points)
    with np.errstate(divide="ignore", invalid="ignore"):
        y = finite.size * (edges[1] - edges[0]) * dist.pdf(x)
    y[~np.isfinite(y)] = np.nan  # the cosine law of R² is infinite at c = ±1
    mean, var = dist.stats(moments="mv")
    return Fit(
        law,
        float(mean),
        float(np.sqrt(var)),
        int(finite.size),
        float(finite.mean()),
        float(finite.std()),
        int(tested.size),
        float(result.statistic),
        float(result.pvalue),
        x,
        y,
    )


@dataclass(frozen=True)
class Pca:
    """A cloud seen along its two main axes (centred): coordinates of the first points and
    the fraction of the total variance each axis carries."""

    coords: np.ndarray  # (k, 2)
    explained: np.ndarray  # (2,)


def _top_two(c: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The two largest eigenvalues of the symmetric PSD matrix c and their eigenvectors (m × 2).

    Exact (``eigh``) for m <= 32; above, subspace iteration with a block of 10 and a
    Rayleigh-Ritz step (Halko, Martinsson & Tropp 2011): O(m²) per step instead of O(m³). Where
    the top eigenvalues are well separated it agrees with ``eigh`` to rounding; for a nearly
    isotropic cloud (every direction about as thick) the axes are nearly arbitrary anyway and the
    shares come out within a fraction of a percent of their exact values.
    """
    m = c.shape[0]
    if m <= 32:
        w, v = np.linalg.eigh(c)
    else:
        q = np.linalg.qr(c @ np.random.default_rng(12345).standard_normal((m, 10))).Q
        for i in range(1, _PCA_ITERATIONS + 1):
            q = c @ q
            if i % 4 == 0:  # re-orthonormalize every fourth step: enough for top eigenvalues this close
                q = np.linalg.qr(q).Q
        w, v = np.linalg.eigh(q.T @ c @ q)
        v = q @ v
    top = min(2, m)
    lam, vec = np.clip(w[::-1][:top], 0.0, None), np.ascontiguousarray(v[:, ::-1][:, :top])
    if top < 2:
        lam, vec = np.append(lam, 0.0), np.column_stack([vec, np.zeros(m)])
    return lam, vec


def _spectrum(xp, y, points: int, backend: _xp.Backend) -> tuple[np.ndarray, Pca]:
    """Singular values of y and its principal-component view, both from one Gram matrix of the
    smaller side, formed on the backend (the caller passes the first ``spectrum_rows`` of a cloud).

    The singular values are square roots of the Gram matrix's eigenvalues: equal to an SVD's to
    about 1e-11 relative, except that a zero comes out at the rounding floor √eps · σ_max
    (``rounding_floor``). The principal axes are the top eigenvectors of the centred Gram matrix.
    """
    count, n = y.shape
    yt = xp.permute_dims(y, (1, 0))
    wide = count < n  # Gram of the rows (count x count) instead of the columns (n x n)
    gram = _xp.to_numpy(xp.matmul(y, yt) if wide else xp.matmul(yt, y)).astype(np.float64)
    svals = np.sqrt(np.clip(np.linalg.eigvalsh(gram), 0.0, None))[::-1]
    if wide:
        r = gram.mean(axis=1)
        centred = gram - r[:, None] - r[None, :] + r.mean()
    else:
        mu = xp.matmul(backend.asarray(np.full(count, 1.0 / count)), y)  # column means, as a BLAS product
        mu_host = _xp.to_numpy(mu).astype(np.float64)
        centred = gram - count * np.outer(mu_host, mu_host)
    total = float(np.trace(centred))
    shown = min(points, count)
    if not (total > 0.0 and math.isfinite(total)):
        return svals, Pca(np.zeros((shown, 2)), np.zeros(2))
    lam, vec = _top_two(centred)
    if wide:
        coords = vec[:shown] * np.sqrt(lam)
    else:
        coords = _xp.to_numpy(xp.matmul(y[:shown] - mu, backend.asarray(vec))).astype(np.float64)
    # A fixed sign per axis (the coordinate of largest magnitude is positive): reruns agree.
    flip = np.sign(coords[np.argmax(np.abs(coords), axis=0), [0, 1]])
    return svals, Pca(coords * np.where(flip == 0, 1.0, flip), np.clip(lam / total, 0.0, 1.0))


def rounding_floor(svals: np.ndarray) -> float:
    """Singular values below this are zero to rounding (Gram route, float64)."""
    return float(np.sqrt(np.finfo(np.float64).eps) * (svals[0] if len(svals) else 0.0)) * 4.0


@dataclass(frozen=True)
class CloudStats:
    """One cloud ("input" or a method's outputs) reduced to what the page shows, as numpy data."""

    norms: Histogram
    means: Histogram
    singular_values: np.ndarray  # descending, min(spectrum rows, n) of them
    along_ones: float  # ‖Y·𝟏‖/√n over all N rows: the cloud's extent along 𝟏
    pca: Pca
    cosines: Histogram  # of the pair cosines cos∠(y₂ᵢ, y₂ᵢ₊₁) (``pair_cosines``)
    norm_fit: Fit | None = None  # the norms against their exact law, where one applies (``norm_law``)
    cosine_fit: Fit | None = None  # the pair cosines against theirs (``cosine_law``)
    times_ms: dict[str, float] = field(default_factory=dict)  # "transfer" or "method", and "statistics"


def _sync(a) -> None:
    """Wait for an asynchronous device (CUDA) by copying one element back to the host."""
    _xp.to_numpy(a[:1, :1])


def pair_cosines(xp, y, norms: np.ndarray, average) -> np.ndarray:
    """cos∠(y₂ᵢ, y₂ᵢ₊₁) = ⟨a, b⟩ / (‖a‖·‖b‖) for the pairs of rows (0, 1), (2, 3), … of y (N // 2 of them,
    independent when the rows are), on y's backend (namespace ``xp``); ``norms`` are the rows' norms (host,
    float64), ``average`` the vector 𝟏/n on the backend. Clipped to [−1, 1] against rounding; a zero row
    gives NaN."""
    pairs, n = y.shape[0] // 2, y.shape[1]
    if pairs == 0:
        return np.empty(0)
    a, b = y[0 : 2 * pairs : 2], y[1 : 2 * pairs : 2]
    dots = _xp.to_numpy(xp.matmul(a * b, average)).astype(np.float64) * n  # row sums as a product (cloud_stats)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.clip(dots / (norms[0 : 2 * pairs : 2] * norms[1 : 2 * pairs : 2]), -1.0, 1.0)


def cloud_stats(
    x: np.ndarray,
    key: str,
    *,
    backend: _xp.Backend | None = None,
    eps: float | None = 0.0,
    points: int = PLOT_POINTS,
    rows: int | None = None,
    norm_law: Law | None = None,
    cosine_law: Law | None = None,
) -> CloudStats:
    """Move the input cloud x onto ``backend``, apply method ``key`` ("input": none) with ``eps``
    (None: the method's default) and reduce the result; statistics run on the backend too.

    ``rows`` (default: all) limits the rows that enter the singular values and principal axes.
    ``norm_law`` and ``cosine_law``: the exact laws of the output norms and pair cosines, if any; the
    result then holds their ``Fit``.
    """
    backend = backend or _xp.Backend("numpy")
    start = time.perf_counter()
    y = backend.asarray(x)
    _sync(y)
    times = {"transfer": (time.perf_counter() - start) * 1e3}
    if key != "input":
        METHODS[key](y[:2], eps=eps)  # warm-up: a lazy import or kernel start-up is not timed
        start = time.perf_counter()
        y = METHODS[key](y, eps=eps)
        _sync(y)
        times["method"] = (time.perf_counter() - start) * 1e3
    start = time.perf_counter()
    xp = _xp.namespace(y)
    # Row sums as products with 𝟏/n: a reduction along a short last axis is slow in numpy
    # (7 ms for 200000 x 2), a matrix-vector product is not (0.5 ms).
    average = backend.asarray(np.full(y.shape[1], 1.0 / y.shape[1]))
    row_means = _xp.to_numpy(xp.matmul(y, average)).astype(np.float64)
    mean_squares = _xp.to_numpy(xp.matmul(y * y, average)).astype(np.float64)
    norm_values = np.sqrt(mean_squares * y.shape[1])
    norms = histogram(norm_values)
    means = histogram(row_means)
    along = float(np.linalg.norm(row_means)) * math.sqrt(y.shape[1])
    svals, pca = _spectrum(xp, y[: rows or y.shape[0]], points, backend)
    cos_values = pair_cosines(xp, y, norm_values, average)
    cosines = histogram(cos_values)
    norm_fit = fit(norm_values, norm_law, norms) if norm_law is not None else None
    cosine_fit = fit(cos_values, cosine_law, cosines) if cosine_law is not None else None
    times["statistics"] = (time.perf_counter() - start) * 1e3
    return CloudStats(norms, means, svals, along, pca, cosines, norm_fit, cosine_fit, times)


def _by_cloud(name: str) -> property:
    return property(
        lambda self: {c: getattr(s, name) for c, s in self.stats.items()},
        doc=f"``{name}`` of each cloud's ``CloudStats``, by cloud.",
    )


@dataclass(frozen=True)
class CloudSummary:
    """Everything the higher-dimensions page shows about one sampled cloud, as numpy data."""

    spec: CloudSpec
    backend: str
    eps: float | None
    stats: dict[str, CloudStats]  # "input" and each method shown
    sample_ms: float = 0.0

    @property
    def clouds(self) -> tuple[str, ...]:
        return tuple(c for c in CLOUDS if c in self.stats)

    # One field of every cloud's statistics, by cloud: summary.norms["ln"] is stats["ln"].norms.
    norms = _by_cloud("norms")
    means = _by_cloud("means")
    singular_values = _by_cloud("singular_values")
    along_ones = _by_cloud("along_ones")
    pca = _by_cloud("pca")
    cosines = _by_cloud("cosines")
    norm_fit = _by_cloud("norm_fit")
    cosine_fit = _by_cloud("cosine_fit")

    @property
    def times_ms(self) -> dict[str, float]:
        """sample, transfer (of the input), each method, and all statistics together, in ms."""
        times = {"sample": self.sample_ms, "transfer": self.stats["input"].times_ms.get("transfer", 0.0)}
        times.update({c: s.times_ms["method"] for c, s in self.stats.items() if "method" in s.times_ms})
        times["statistics"] = sum(s.times_ms["statistics"] for s in self.stats.values())
        return times


def summarize(
    spec: CloudSpec,
    backend: _xp.Backend | None = None,
    *,
    eps: float | None = 0.0,
    methods=KEYS,
    points: int = PLOT_POINTS,
) -> CloudSummary:
    """Sample ``spec``, apply ``methods`` on ``backend`` and reduce every cloud (``cloud_stats``)."""
    backend = backend or _xp.Backend("numpy")
    start = time.perf_counter()
    x = sample(spec)
    sample_ms = (time.perf_counter() - start) * 1e3
    clouds = {
        c: cloud_stats(x, c, backend=backend, eps=eps, points=points, **laws(spec, c)) for c in ("input", *methods)
    }
    return CloudSummary(spec, backend.label, eps, clouds, sample_ms)


def laws(spec: CloudSpec, cloud: str) -> dict:
    """``cloud_stats``'s keyword arguments for ``cloud`` of ``spec`` beyond the backend: the spectrum's rows and
    the exact laws of its norms (the input's only: every output norm is fixed at ε = 0) and pair cosines."""
    return {
        "rows": spec.spectrum_rows,
        "norm_law": norm_law(spec) if cloud == "input" else None,
        "cosine_law": cosine_law(spec, cloud),
    }


@dataclass(frozen=True)
class HyperplaneView:
    """n = 4: the clouds in an orthonormal basis (e₁, e₂, e₃) of the hyperplane Σyᵢ = 0.

    For LayerNorm (every output has mean 0) the three coordinates are the whole vector:
    ‖coords‖ = ‖y‖, radius 2 = √4 at ε = 0. For the input, L2 and RMSNorm the
    coordinates drop the part along 𝟏: they are a projection.
    """

    basis: np.ndarray  # (3, 4)
    coords: dict[str, np.ndarray]  # cloud -> (k, 3)
    lost: dict[str, float]  # cloud -> largest |component along 𝟏| dropped by the projection
    backend: str

    @property
    def radius_error(self) -> float:
        """max | ‖coords‖ − 2 | over LayerNorm's points: 0 to rounding at ε = 0."""
        pts = self.coords.get("ln")
        return float(np.max(np.abs(np.linalg.norm(pts, axis=1) - 2.0))) if pts is not None and len(pts) else math.nan


def hyperplane_view(
    spec: CloudSpec,
    backend: _xp.Backend | None = None,
    *,
    eps: float | None = 0.0,
    methods=KEYS,
    points: int = PLOT_POINTS,
) -> HyperplaneView:
    """Sample ``spec`` (n must be 4), apply ``methods`` on ``backend``, express the first
    ``points`` vectors of each cloud in the Helmert basis of Σyᵢ = 0."""
    if spec.n != 4:
        raise ValueError(f"the hyperplane view is drawn for n = 4; got n = {spec.n}")
    backend = backend or _xp.Backend("numpy")
    head = CloudSpec(4, min(spec.count, points), spec.distribution, spec.shift, spec.scale, spec.seed)
    xb = backend.asarray(sample(head))
    clouds = {"input": xb, **{k: METHODS[k](xb, eps=eps) for k in methods}}
    basis = zero_mean_basis(4)
    coords, lost = {}, {}
    for name, y in clouds.items():
        y = _xp.to_numpy(y).astype(np.float64)
        coords[name] = y @ basis.T
        lost[name] = float(np.max(np.abs(y.sum(axis=1)))) / 2.0  # |<y, 𝟏/√4>|
    return HyperplaneView(basis, coords, lost, backend.label)


@dataclass(frozen=True)
class NormDraws:
    """For each n in ``dims`` and each of ``count`` vectors z of i.i.d. standard components:
    s1 = Σzᵢ and s2 = Σzᵢ², enough to get ‖m + σz‖² = n·m² + 2mσ·s1 + σ²·s2 for any m and σ."""

    dims: np.ndarray  # (k,)
    s1: np.ndarray  # (count, k)
    s2: np.ndarray  # (count, k)


def norm_draws(family: str, seed: int = 0, *, dims=CONCENTRATION_DIMS, count: int = CONCENTRATION_COUNT) -> NormDraws:
    """The sums behind ``concentration``, drawn without the components where that is exact.

    normal: Σzᵢ = √n·g with g ~ N(0, 1), and Σzᵢ² = g² + q with q ~ χ²(n − 1) independent of g
    (the part of z across 𝟏 and the part along it), so a draw costs O(1) per vector, not O(n).
    t: no such shortcut; one vector of max(dims) components per sample, whose first n components
    are a vector in R^n (prefix sums), so every n is exact in distribution.
    """
    dims = np.asarray(dims, dtype=np.int64)
    if dims.size == 0 or dims.min() < 1 or np.any(np.diff(dims) <= 0):
        raise ValueError(f"dims must be increasing positive integers; got {dims.tolist()}")
    rng = np.random.default_rng([int(seed), 7919, ("normal", "t").index(family)])
    if family == "t":
        t = rng.standard_t(HEAVY_DOF, size=(count, int(dims.max())))
        starts = np.concatenate([[0], dims[:-1]])  # dims ascending: sums over [previous n, n), then running totals
        s1 = np.cumsum(np.add.reduceat(t, starts, axis=1), axis=1)
        t *= t
        s2 = np.cumsum(np.add.reduceat(t, starts, axis=1), axis=1)
    else:
        g = rng.standard_normal((count, dims.size))
        s1 = np.sqrt(dims) * g
        s2 = g * g + rng.chisquare(np.broadcast_to(dims - 1, (count, dims.size)))
    return NormDraws(dims.astype(np.float64), s1, s2)


@dataclass(frozen=True)
class Concentration:
    """‖x‖/√n of samples for each n in ``dims``: its quantiles and its relative spread."""

    dims: np.ndarray
    q05: np.ndarray
    median: np.ndarray
    q95: np.ndarray
    relative_std: np.ndarray  # std(‖x‖) / mean(‖x‖)
    target: float  # the component RMS the ratio tends to (component_rms)
    count: int
    theory: float | None = None  # c with relative_std ≈ c/√n (spread_constant); None for heavy tails


def concentration(
    distribution: str = "gaussian",
    *,
    shift: float = 0.0,
    scale: float = 1.0,
    seed: int = 0,
    dims=CONCENTRATION_DIMS,
    count: int = CONCENTRATION_COUNT,
    draws: NormDraws | None = None,
) -> Concentration:
    """How the norms of ``count`` random vectors per n cluster (``draws`` from ``norm_draws``, or drawn now)."""
    spec = CloudSpec(MIN_DIM, 1, distribution, shift, scale, seed)  # validates the arguments
    if draws is None:
        draws = norm_draws(spec.family, seed, dims=dims, count=count)
    m, s, n = spec.offset, spec.scale, draws.dims
    r = np.sqrt(np.clip(n * m * m + 2.0 * m * s * draws.s1 + s * s * draws.s2, 0.0, None) / n)
    q05, median, q95 = np.quantile(r, [0.05, 0.5, 0.95], axis=0)
    return Concentration(
        n,
        q05,
        median,
        q95,
        r.std(axis=0) / r.mean(axis=0),
        component_rms(distribution, shift=shift, scale=scale),
        draws.s1.shape[0],
        spread_constant(distribution, shift=shift, scale=scale),
    )
