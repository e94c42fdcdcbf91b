r"""Gradients through a normalization: its Jacobian, the directions it kills, and what backprop keeps.

Plain numpy data and frozen dataclasses; nothing draws. The analytic Jacobian
is ``normviz.dof.jacobian`` (assembled on the chosen backend from the output
the library computes); the check is ``torch.autograd.functional.jacobian`` of
``torch.nn.functional.normalize / rms_norm / layer_norm`` in float64, an
independent implementation. torch is imported lazily; without it the check is
skipped (``autograd_jacobian`` returns None).

With y the output and s the divisor (γ = 1, β = 0, biased variance):

* L2:        J = (I − ŷ ŷᵀ) / max(‖x‖, ε),            ŷ = x/‖x‖
* RMSNorm:   J = (I − y yᵀ / n) / s,                   s = √(mean(x²) + ε)
* LayerNorm: J = (I − 𝟏𝟏ᵀ / n − y yᵀ / n) / s,         s = √(σ² + ε)

Each is symmetric, so backprop's Jᵀg = J g. At ε = 0, J x = 0 for all three
(the length of x does not reach the output) and J 𝟏 = 0 for LayerNorm (nor does
its offset): s·Jᵀg is g with its components along x (and 𝟏) removed. The
eigenvalues are 0 on those directions and 1/s on the rest.

With ε > 0: J 𝟏 = 0 still holds exactly for LayerNorm (its output always sums
to 0); L2 is unchanged while ‖x‖ ≥ ε; RMSNorm and LayerNorm keep a little of
the radial direction, eigenvalue (1/s)·ε/(mean(x²) + ε) and (1/s)·ε/(σ² + ε).

One massive coordinate (RMSNorm, γ = 1; Chen & Yao 2026 build their argument on it):
with r = √(‖x‖²/n + ε), J = (1/r)(I − x xᵀ/(n r²)); its singular values are 1/r
on the n − 1 directions ⟂ x and ε/r³ along x. With x_k = m and the rest a fixed,
r ≥ |m|/√n, so ‖Jᵀg‖ ≤ √n‖g‖/|m| for every g, and for i ≠ k
|m|·(Jᵀg)_i → √n·g_i as |m| → ∞ (``massive_gradient``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from normviz import _xp
from normviz._exact import check_eps, finite_number, finite_vector, ieee
from normviz.dof import jacobian as analytic_jacobian_raw
from normviz.methods import KEYS, method

SEED_X = (1.0, 2.0, 3.0)  # the seeds' example vector
DEFAULT_G = (1.0, 0.0, 0.0)
# An eigenvalue below this fraction of the largest counts as zero (float64 rounding of 1/s).
ZERO_TOL = 1e-12


def analytic_jacobian(key: str, x, *, eps: float | None = None, backend: _xp.Backend | None = None) -> np.ndarray:
    """∂y/∂x of method ``key`` at x from the formula (float64); ``eps=None``: the method's default."""
    return analytic_jacobian_raw(key, x, eps=method(key).eps_or_default(eps), backend=backend)


def autograd_jacobian(key: str, x, *, eps: float | None = None) -> np.ndarray | None:
    """∂y/∂x by ``torch.autograd.functional.jacobian`` of torch's own op, float64 on the CPU; None without torch."""
    if not _xp.torch_installed():
        return None
    import torch

    op = method(key).reference(eps=eps)  # a ValueError naming the known keys for an unknown one
    xt = torch.as_tensor(np.asarray(x, dtype=np.float64))
    return torch.autograd.functional.jacobian(op, xt).numpy().astype(np.float64)


def divisor(key: str, x, *, eps: float | None = None) -> float:
    """s: max(‖x‖, ε) for L2, √(mean(x²) + ε) for RMSNorm, √(σ² + ε) for LayerNorm."""
    x = np.asarray(x, dtype=np.float64)
    e = method(key).eps_or_default(eps)
    if key == "l2":
        return max(float(np.linalg.norm(x)), e)
    if key == "rms":
        return math.sqrt(float(np.mean(x * x)) + e)
    c = x - x.mean()
    return math.sqrt(float(np.mean(c * c)) + e)


def unit(v) -> np.ndarray:
    """v / ‖v‖, or NaNs for the zero vector."""
    v = np.asarray(v, dtype=np.float64)
    norm = float(np.linalg.norm(v))
    return v / norm if norm > 0.0 else np.full_like(v, math.nan)


def null_directions(key: str, x) -> dict[str, np.ndarray]:
    """The unit directions the method removes at ε = 0: "radial" (x; for LayerNorm x − μ𝟏, its part off 𝟏)
    and, for LayerNorm, "ones" (𝟏/√n). Together they span x (and 𝟏)."""
    x = np.asarray(x, dtype=np.float64)
    if key == "ln":
        return {"ones": np.full(x.size, 1.0 / math.sqrt(x.size)), "radial": unit(x - x.mean())}
    method(key)
    return {"radial": unit(x)}


@dataclass(frozen=True)
class Eigen:
    """One eigenvalue of J and what it belongs to: "ones", "radial" (a removed direction) or "kept"."""

    value: float
    kind: str

    @property
    def zero(self) -> bool:
        return self.kind != "kept" and abs(self.value) <= ZERO_TOL


@dataclass(frozen=True)
class JacobianCheck:
    """The analytic J of one method at x, torch's autograd J (None without torch), and its structure."""

    key: str
    x: np.ndarray
    eps: float
    analytic: np.ndarray
    autograd: np.ndarray | None
    scale: float  # s
    eigen: tuple[Eigen, ...]  # ascending
    null_residual: dict[str, float]  # ‖J u‖ for u = x/‖x‖ ("radial") and u = 𝟏/√n ("ones"), every method
    asymmetry: float  # max |J − Jᵀ| of the analytic J

    @property
    def difference(self) -> float:
        """max |J_analytic − J_autograd| (NaN without torch)."""
        if self.autograd is None:
            return math.nan
        return float(np.max(np.abs(self.analytic - self.autograd)))


def _label_eigenvalues(jac: np.ndarray, directions: dict[str, np.ndarray]) -> tuple[Eigen, ...]:
    """eigvalsh(J), each labelled by the known direction whose Rayleigh quotient uᵀJu it matches (greedy)."""
    values = np.linalg.eigvalsh(jac)
    kinds = ["kept"] * values.size
    for name, u in directions.items():
        if not np.all(np.isfinite(u)):
            continue
        lam = float(u @ jac @ u)
        free = [i for i in range(values.size) if kinds[i] == "kept"]
        best = min(free, key=lambda i: abs(values[i] - lam))
        kinds[best] = name
    return tuple(Eigen(float(v), k) for v, k in zip(values, kinds))


def jacobian_check(
    key: str, x, *, eps: float | None = None, backend: _xp.Backend | None = None, with_autograd: bool = True
) -> JacobianCheck:
    """Everything the Jacobian table shows for one method at x (ε = None: the method's default)."""
    x = np.asarray(x, dtype=np.float64)
    e = method(key).eps_or_default(eps)
    jac = analytic_jacobian(key, x, eps=e, backend=backend)
    auto = autograd_jacobian(key, x, eps=e) if with_autograd else None
    directions = null_directions(key, x)
    finite = bool(np.all(np.isfinite(jac)))
    eigen = _label_eigenvalues(jac, directions) if finite else ()
    probes = {"radial": unit(x), "ones": np.full(x.size, 1.0 / math.sqrt(x.size))}
    residual = {name: float(np.linalg.norm(jac @ u)) for name, u in probes.items()}
    asym = float(np.max(np.abs(jac - jac.T))) if finite else math.nan
    return JacobianCheck(key, x, e, jac, auto, divisor(key, x, eps=e), eigen, residual, asym)


def jacobian_checks(
    x, *, eps: float | None = None, backend: _xp.Backend | None = None, with_autograd: bool = True
) -> dict[str, JacobianCheck]:
    return {k: jacobian_check(k, x, eps=eps, backend=backend, with_autograd=with_autograd) for k in KEYS}


@dataclass(frozen=True)
class Backprop:
    """An incoming gradient g, what the method passes back (Jᵀg), and what it removes.

    ``removed[name]`` is g's component (g·u) u along each removed unit direction u; ``kept`` is g minus
    them. At ε = 0, s·Jᵀg = kept exactly; ``leak`` = s·Jᵀg − kept is what ε > 0 lets through.
    """

    key: str
    x: np.ndarray
    g: np.ndarray
    eps: float
    scale: float
    jtg: np.ndarray
    directions: dict[str, np.ndarray]
    removed: dict[str, np.ndarray]
    kept: np.ndarray

    @property
    def leak(self) -> np.ndarray:
        return self.scale * self.jtg - self.kept


def backprop(key: str, x, g, *, eps: float | None = None, backend: _xp.Backend | None = None) -> Backprop:
    """Jᵀg for method ``key`` at x, and g split into the removed components and the rest."""
    x = np.asarray(x, dtype=np.float64)
    g = np.asarray(g, dtype=np.float64)
    if g.shape != x.shape:
        raise ValueError(f"g must have the shape of x {x.shape}; got {g.shape}")
    e = method(key).eps_or_default(eps)
    jac = analytic_jacobian(key, x, eps=e, backend=backend)
    directions = null_directions(key, x)
    removed = {name: float(g @ u) * u + 0.0 for name, u in directions.items()}  # + 0.0: no "−0" shown
    kept = g - sum(removed.values()) + 0.0
    return Backprop(key, x, g, e, divisor(key, x, eps=e), jac.T @ g, directions, removed, kept)


# --- one massive coordinate: RMSNorm's Jacobian swallows the gradient ------------------------------------

MASSIVE_INDEX = 0  # k: the massive coordinate is x₁
MASSIVE_SEED = 0  # the random seed of the example's other coordinates (g: MASSIVE_SEED + 1)
MASSIVE_SCALES = np.logspace(0.0, 4.0, 41)  # m from 1 to 10⁴ times the others' RMS, 10 points a decade
MASSIVE_SCALES.flags.writeable = False
REFERENCE_M = 1.0  # "at m = 1": the massive coordinate no larger than the others' RMS

MASSIVE_TEX = (
    r"y = \frac{x}{r},\quad r = \sqrt{\lVert x \rVert^2/n + \varepsilon}",
    r"\frac{\partial r}{\partial x_j} = \frac{x_j}{n r}",
    r"J = \frac{1}{r}\Big(I - \frac{x x^\top}{n r^2}\Big)",
    r"v \perp x:\ J v = \frac{1}{r}\, v \quad (\dim = n-1)",
    r"J x = \frac{1}{r}\cdot\frac{\varepsilon}{r^2}\, x",
    r"\varepsilon = 0:\ \frac{1}{r} = \frac{\sqrt{n}}{\lVert x \rVert},\ \ \frac{\varepsilon}{r^3} = 0",
    r"(J^\top g)_i = \frac{1}{r}\Big(g_i - x_i\,\frac{x \cdot g}{n r^2}\Big)",
    r"x_k = m:\ r \ge \lvert m \rvert/\sqrt{n}",
    r"\lVert J^\top g \rVert \le \frac{\lVert g \rVert}{r} \le \frac{\sqrt{n}\,\lVert g \rVert}{\lvert m \rvert}",
    r"\lvert m \rvert \to \infty:",
    r"\lvert m \rvert\,\lVert (J^\top g)_{i \ne k} \rVert \to \sqrt{n}\,\lVert g_{i \ne k} \rVert",
)


def rms_radius(x, *, eps: float) -> float:
    """r = √(‖x‖²/n + ε), RMSNorm's divisor (biased mean of x²)."""
    x = finite_vector("x", x)
    return math.sqrt(float(x @ x) / x.size + check_eps(eps))


@dataclass(frozen=True)
class RmsSpectrum:
    """The singular values of RMSNorm's Jacobian at x (γ = 1): J = (1/r)(I − x xᵀ/(n r²)) is symmetric, with
    J v = v/r for every v ⟂ x (n − 1 of them) and J x = (1/r)·(ε/r²)·x, since n r² − ‖x‖² = nε. At ε = 0 they
    are √n/‖x‖ (n − 1 times) and 0."""

    n: int
    eps: float
    r: float

    @property
    def kept(self) -> float:
        """1/r: the singular value on the n − 1 directions orthogonal to x (the largest one)."""
        with np.errstate(divide="ignore"):
            return float(np.float64(1.0) / self.r)

    @property
    def radial(self) -> float:
        """(1/r)·ε/r² = ε/r³: the singular value along x (0 at ε = 0; NaN where r = 0)."""
        return self.eps / self.r**3 if self.r > 0 else math.nan

    def values(self) -> np.ndarray:
        """All n singular values, descending (ε/r² ≤ 1, so the radial one is last)."""
        return np.array([self.kept] * (self.n - 1) + [self.radial])


def rms_spectrum(x, *, eps: float) -> RmsSpectrum:
    """The singular values of RMSNorm's Jacobian at x, from the formula (no matrix is built: n may be large)."""
    x = finite_vector("x", x)
    return RmsSpectrum(x.size, check_eps(eps), rms_radius(x, eps=eps))


def rms_vjp(x, g, *, eps: float) -> np.ndarray:
    """Jᵀg of RMSNorm at x (γ = 1), without building J: (1/r)(g − x (x·g)/(n r²))."""
    x = finite_vector("x", x)
    g = finite_vector("g", g)
    if g.shape != x.shape:
        raise ValueError(f"g must have the shape of x {x.shape}; got {g.shape}")
    r = rms_radius(x, eps=eps)
    with ieee():
        return (g - x * (float(x @ g) / (x.size * r * r))) / r


def massive_x(rest, m: float, *, k: int = MASSIVE_INDEX) -> np.ndarray:
    """x with the massive coordinate x_k = m and the others ``rest`` (in order)."""
    rest = finite_vector("rest", rest)
    m = finite_number("m", m)
    if not (isinstance(k, (int, np.integer)) and 0 <= k <= rest.size):
        raise ValueError(f"k must be an index from 0 to {rest.size}; got {k!r}")
    return np.insert(rest, int(k), m)


def massive_example(n: int, *, seed: int = MASSIVE_SEED) -> tuple[np.ndarray, np.ndarray]:
    """The page's example in n dimensions: the n − 1 other coordinates (pseudo-random, random seed ``seed``,
    rescaled so that their RMS is exactly 1) and an upstream gradient g of n pseudo-random entries (random
    seed ``seed`` + 1). Read-only arrays."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 2:
        raise ValueError(f"n must be a whole number ≥ 2; got {n!r}")
    rest = np.random.default_rng(seed).standard_normal(int(n) - 1)
    rest = rest / math.sqrt(float(np.mean(rest * rest)))
    g = np.random.default_rng(seed + 1).standard_normal(int(n))
    rest.flags.writeable = False
    g.flags.writeable = False
    return rest, g


def _others_sweep(rest: np.ndarray, g: np.ndarray, ms: np.ndarray, eps: float, k: int) -> np.ndarray:
    """(Jᵀg)_{i≠k} by the formula at x = (m at k, rest), one row for each m of ``ms``."""
    n = rest.size + 1
    g_rest = np.delete(g, k)
    r2 = (float(rest @ rest) + ms * ms) / n + eps
    with ieee():
        c = (ms * g[k] + float(rest @ g_rest)) / (n * r2)  # (x·g)/(n r²)
        return (g_rest[None, :] - rest[None, :] * c[:, None]) / np.sqrt(r2)[:, None]


@dataclass(frozen=True)
class MassiveGradient:
    """RMSNorm's backward pass (γ = 1) at x = (rest with x_k = m), for the upstream gradient g.

    ``others[j]`` = ‖(Jᵀg)_{i≠k}‖ at m = ``scales[j]`` (ascending, the current m among them); ``jtg`` is Jᵀg
    at m, ``spectrum`` the singular values of J there. As |m| → ∞, |m|·‖(Jᵀg)_{i≠k}‖ → ``limit`` =
    √n‖g_{i≠k}‖: the other coordinates receive about √n/|m| of their part of g.
    """

    rest: np.ndarray
    g: np.ndarray
    eps: float
    m: float
    k: int
    scales: np.ndarray
    others: np.ndarray
    jtg: np.ndarray
    spectrum: RmsSpectrum
    reference: float  # ‖(Jᵀg)_{i≠k}‖ at m = REFERENCE_M
    reference_spectrum: RmsSpectrum  # J's singular values at m = REFERENCE_M

    @property
    def n(self) -> int:
        return self.rest.size + 1

    @property
    def root_n(self) -> float:
        """√n: near m = √n (in units of the others' RMS) the massive coordinate starts to dominate r."""
        return math.sqrt(self.n)

    @property
    def g_others(self) -> np.ndarray:
        return np.delete(self.g, self.k)

    @property
    def here(self) -> float:
        """‖(Jᵀg)_{i≠k}‖ at the current m."""
        return float(np.linalg.norm(np.delete(self.jtg, self.k)))

    @property
    def share(self) -> float:
        """What the other coordinates receive at m, as a fraction of what they receive at m = 1."""
        return self.here / self.reference

    @property
    def kept_share(self) -> float:
        """1/r at m over 1/r at m = 1: what every direction orthogonal to x passes now, relative to then."""
        return self.spectrum.kept / self.reference_spectrum.kept

    @property
    def limit(self) -> float:
        """√n‖g_{i≠k}‖: the limit of |m|·‖(Jᵀg)_{i≠k}‖ as |m| → ∞."""
        return self.root_n * float(np.linalg.norm(self.g_others))

    def asymptote(self, m):
        """√n‖g_{i≠k}‖/|m|, the straight line the other coordinates' gradient approaches on log–log axes."""
        with ieee():
            return self.limit / np.abs(m)

    @property
    def to_asymptote(self) -> float:
        """‖(Jᵀg)_{i≠k}‖ over √n‖g_{i≠k}‖/|m| at the current m: tends to 1 as |m| grows."""
        return self.here / float(self.asymptote(self.m))

    @property
    def whole(self) -> float:
        """‖Jᵀg‖ over all n coordinates at the current m."""
        return float(np.linalg.norm(self.jtg))

    @property
    def g_over_r(self) -> float:
        """‖g‖/r: the largest ‖Jᵀg‖ can be (1/r is J's largest singular value)."""
        return float(np.linalg.norm(self.g)) * self.spectrum.kept

    @property
    def bound(self) -> float:
        """√n‖g‖/|m|: ‖Jᵀg‖ is never larger, at any m, g and ε ≥ 0 (its largest singular value 1/r ≤ √n/|m|)."""
        with ieee():
            return float(self.root_n * np.linalg.norm(self.g) / np.float64(abs(self.m)))

    def at(self, m: float) -> int:
        """The index of ``m`` in ``scales``."""
        return int(np.argmin(np.abs(self.scales - m)))


def massive_gradient(
    rest, g, m: float, *, eps: float, k: int = MASSIVE_INDEX, scales=MASSIVE_SCALES
) -> MassiveGradient:
    """RMSNorm's Jacobian at x = (rest with x_k = m), what reaches the other coordinates of the upstream g,
    and the same along ``scales`` of m (the current m added)."""
    x = massive_x(rest, m, k=k)
    rest = np.delete(x, k)
    g = finite_vector("g", g)
    if g.shape != x.shape:
        raise ValueError(f"g must have the shape of x {x.shape}; got {g.shape}")
    eps = check_eps(eps)
    m = float(x[k])
    ms = np.union1d(finite_vector("scales", scales), [m])
    others = _others_sweep(rest, g, ms, eps, k)
    ref = _others_sweep(rest, g, np.array([REFERENCE_M]), eps, k)[0]
    return MassiveGradient(
        rest=rest,
        g=g,
        eps=eps,
        m=m,
        k=int(k),
        scales=ms,
        others=np.linalg.norm(others, axis=1),
        jtg=rms_vjp(x, g, eps=eps),
        spectrum=rms_spectrum(x, eps=eps),
        reference=float(np.linalg.norm(ref)),
        reference_spectrum=rms_spectrum(massive_x(rest, REFERENCE_M, k=k), eps=eps),
    )


def rms_autograd_singular_values(x, *, eps: float) -> np.ndarray | None:
    """The singular values (descending) of torch's autograd Jacobian of F.rms_norm at x, float64, by
    ``numpy.linalg.svd``; None without torch."""
    jac = autograd_jacobian("rms", finite_vector("x", x), eps=check_eps(eps))
    return None if jac is None else np.linalg.svd(jac, compute_uv=False)
