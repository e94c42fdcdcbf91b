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
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from normviz import _xp
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
