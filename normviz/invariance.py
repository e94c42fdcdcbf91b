r"""Invariances: what x ↦ a·x + c·𝟏 does to each method, and why LayerNorm needs both of its steps.

Plain numpy data and frozen dataclasses; nothing draws. Outputs come from the
library through ``normviz.information.apply`` (float64, on the chosen backend).

* LN(a·x + c·𝟏) = LN(x) for a > 0, exactly at ε = 0 (ε > 0 makes it approximate
  where σ² is not large next to ε). σ is the biased standard deviation,
  σ² = (1/n) Σ (xᵢ − μ)².
* RMSNorm and L2 are invariant to a > 0 only (exactly at ε = 0), not to c.
* a < 0 flips the sign: LN(a·x + c·𝟏) = −LN(x). a = 0 leaves c·𝟏, whose
  LayerNorm is 0 for ε > 0 and 0/0 = NaN at ε = 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from normviz import _xp
from normviz.information import apply, distance, is_constant, norm
from normviz.methods import METHODS, method

A_GRID = np.round(np.linspace(-3.0, 3.0, 61), 12)
C_GRID = np.round(np.linspace(-20.0, 20.0, 41), 12)


def transform(x, a: float, c: float) -> np.ndarray:
    """a·x + c·𝟏."""
    return a * np.asarray(x, dtype=np.float64) + c


def degenerate(x) -> str | None:
    """ "zero" when every component is 0, "constant" when they are all equal, else None (exact tests, no norms)."""
    x = np.asarray(x, dtype=np.float64)
    if np.all(x == 0.0):
        return "zero"
    return "constant" if is_constant(x) else None


@dataclass(frozen=True)
class InvarianceGrid:
    """‖f(a·x + c·𝟏) − f(x)‖ / radius over an (a, c) grid; rows are c, columns a."""

    x: np.ndarray
    a: np.ndarray
    c: np.ndarray
    eps: float | None
    distance: dict[str, np.ndarray]  # NaN where an output is 0/0

    def max_where(self, key: str, *, scale_only: bool) -> float:
        """The largest distance over a > 0 and c = 0 (scale_only) or a > 0 and every c (NaN if any is NaN)."""
        cols = self.a > 0
        rows = np.isclose(self.c, 0.0) if scale_only else np.ones(self.c.size, bool)
        return float(np.max(self.distance[key][np.ix_(rows, cols)]))

    def holes(self, key: str) -> int:
        """How many grid points away from a = 0 have no distance (the input a·x + c·𝟏 rounded to a constant)."""
        return int(np.count_nonzero(~np.isfinite(self.distance[key][:, self.a != 0])))


def invariance_grid(
    x, *, a_values=A_GRID, c_values=C_GRID, eps: float | None = None, backend: _xp.Backend | None = None
) -> InvarianceGrid:
    """Each method's distance from its output at (a, c) = (1, 0), over the grid, relative to its radius."""
    x = np.asarray(x, dtype=np.float64)
    a = np.asarray(a_values, dtype=np.float64)
    c = np.asarray(c_values, dtype=np.float64)
    batch = a[None, :, None] * x + c[:, None, None]  # (c, a, n)
    dist = {}
    for key in METHODS:
        ref = apply(key, x, eps=eps, backend=backend)
        out = apply(key, batch, eps=eps, backend=backend)
        with np.errstate(invalid="ignore"):
            dist[key] = norm(out - ref, axis=-1) / method(key).radius(x.size)
    return InvarianceGrid(x, a, c, eps, dist)


@dataclass(frozen=True)
class Transformed:
    """Each method's output at x and at a·x + c·𝟏, and their distance."""

    x: np.ndarray
    a: float
    c: float
    moved: np.ndarray  # a·x + c·𝟏
    reference: dict[str, np.ndarray]
    outputs: dict[str, np.ndarray]
    distance: dict[str, float]  # absolute ‖f(a·x + c·𝟏) − f(x)‖, NaN where an output is 0/0

    @property
    def case(self) -> str:
        """ "invariant" (a > 0), "flip" (a < 0) or "zero" (a = 0: the input is c·𝟏)."""
        return "invariant" if self.a > 0 else ("flip" if self.a < 0 else "zero")

    @property
    def rounded_to_constant(self) -> bool:
        """a ≠ 0 and x is not constant, yet a·x + c·𝟏 is: x is too small next to c for float64."""
        return self.a != 0 and degenerate(self.x) is None and is_constant(self.moved)


def transformed(x, a: float, c: float, *, eps: float | None = None, backend: _xp.Backend | None = None) -> Transformed:
    x = np.asarray(x, dtype=np.float64)
    moved = transform(x, a, c)
    ref = {key: apply(key, x, eps=eps, backend=backend) for key in METHODS}
    out = {key: apply(key, moved, eps=eps, backend=backend) for key in METHODS}
    return Transformed(x, float(a), float(c), moved, ref, out, {key: distance(out[key], ref[key]) for key in METHODS})


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


SEED_SHIFT = 100.0


def counterfactual(
    x=(1.0, 2.0, 3.0), shift: float = SEED_SHIFT, *, eps: float | None = 0.0, backend: _xp.Backend | None = None
) -> tuple[CounterfactualRow, CounterfactualRow]:
    """x and x + shift·𝟏 under RMSNorm and LayerNorm (the seed: (1,2,3) vs (101,102,103), ε = 0)."""
    rows = []
    for v in (np.asarray(x, dtype=np.float64), np.asarray(x, dtype=np.float64) + shift):
        rms_out = apply("rms", v, eps=eps, backend=backend)
        rows.append(
            CounterfactualRow(
                v, norm(v) / math.sqrt(v.size), rms_out, ratios(rms_out), apply("ln", v, eps=eps, backend=backend)
            )
        )
    return rows[0], rows[1]


def moved_outputs(
    x, moved, *, eps: float | None = 0.0, backend: _xp.Backend | None = None
) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Each method's output for x and for a moved copy of it (x + c·𝟏 or a·x): method key -> (y(x), y(moved))."""
    x, moved = np.asarray(x, dtype=np.float64), np.asarray(moved, dtype=np.float64)
    return {
        key: (apply(key, x, eps=eps, backend=backend), apply(key, moved, eps=eps, backend=backend)) for key in METHODS
    }


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


def scale_demo(
    x=SEED_X, scale: float = 1000.0, *, eps: float | None = None, backend: _xp.Backend | None = None
) -> ScaleDemo:
    """The seed's counterfactual: centred (1,2,3) gives logits (−2, 0, 2); 1000× that saturates softmax."""
    x = np.asarray(x, dtype=np.float64)
    if x.size != LOGIT_WEIGHTS.shape[1]:
        raise ValueError(f"x must have {LOGIT_WEIGHTS.shape[1]} components; got {x.size}")
    sx = scale * x
    centered = sx - sx.mean()
    ln = apply("ln", sx, eps=eps, backend=backend)
    lc, ll = LOGIT_WEIGHTS @ centered, LOGIT_WEIGHTS @ ln
    return ScaleDemo(x, float(scale), centered, ln, lc, ll, softmax(lc), softmax(ll))


def saturation_curve(
    x=SEED_X, scales=SCALE_GRID, *, eps: float | None = None, backend: _xp.Backend | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(scales, max softmax probability after centring only, after LayerNorm), in one batch."""
    x = np.asarray(x, dtype=np.float64)
    scales = np.asarray(scales, dtype=np.float64)
    sx = scales[:, None] * x
    centered = sx - sx.mean(axis=1, keepdims=True)
    ln = apply("ln", sx, eps=eps, backend=backend)
    return (scales, softmax(centered @ LOGIT_WEIGHTS.T).max(axis=1), softmax(ln @ LOGIT_WEIGHTS.T).max(axis=1))
