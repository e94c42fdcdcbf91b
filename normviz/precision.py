r"""Precision: RMSNorm and LayerNorm in float16, bfloat16 and float32, computed three ways.

* ``naive``: every operation in the input's dtype, as a textbook line of torch
  would do it: ``x / sqrt(mean(x*x) + eps)`` (LayerNorm: centre first, then
  the same on x − mean). Each square is rounded to the dtype, so in float16 a
  single |xᵢ| > √65504 ≈ 256 gives xᵢ² = inf, the mean is inf and the output
  x / inf is 0 (an input that is itself inf gives inf / inf = NaN). torch
  accumulates the sum inside ``mean`` in a wider type and rounds only the
  result, so it is the squares, not the running sum, that overflow here.
* ``upcast``: ``normviz.norms.rms_norm`` / ``layer_norm``, which reduce in
  float32 and cast the result back to the input's dtype, as
  ``self._norm(x.float()).type_as(x)`` does in Llama's RMSNorm.
* the float64 reference: the same library on the float64 input.

The input is shaped by the user: ``x = offset + spread·z`` (z Gaussian with mean 0
and variance 1, seeded), rescaled so that max|xᵢ| is the chosen value. Errors are measured
against the float64 reference of that same float64 x, so storing x in a narrow
dtype counts too. The dtype arithmetic runs in torch (numpy has no bfloat16),
imported lazily, on the CPU or on the chosen backend's device. Dtype limits are
read from ``torch.finfo`` and ``numpy.finfo``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from normviz import _xp
from normviz.methods import METHODS

DTYPES = ("float16", "bfloat16", "float32")
PATHS = ("naive", "upcast")
KEYS = ("rms", "ln")
N_MAX = 8192
MAX_ABS_RANGE = (1e-2, 1e5)
PER_DECADE = 5  # sweep points per decade of max|x|: 36 from 1e-2 to 1e5 (a fresh shape at n = 8192 costs ~0.1 s)
SWEEP_POINTS = 7 * PER_DECADE + 1


@dataclass(frozen=True)
class DtypeLimits:
    """One row of the dtype table, every number read from ``finfo``."""

    name: str
    max: float
    tiny: float  # smallest positive normal number
    eps: float  # spacing of the numbers just above 1
    bits: int  # significant bits, the implicit leading 1 included: 1 − log2(eps)
    source: str  # "torch.finfo" or "numpy.finfo"

    @property
    def square_overflow(self) -> float:
        """|x| above which x·x overflows: √max."""
        return math.sqrt(self.max)

    @property
    def unit_roundoff(self) -> float:
        """The largest relative error of one rounding to nearest: eps / 2 = 2^−bits."""
        return self.eps / 2.0




def _torch_dtype(name: str):
    import torch

    if name not in (*DTYPES, "float64"):
        raise ValueError(f"dtype must be one of {DTYPES + ('float64',)}; got {name!r}")
    return getattr(torch, name)


def limits(name: str) -> DtypeLimits:
    """The limits of dtype ``name``: torch.finfo for the three narrow ones, numpy.finfo for float64."""
    if name == "float64":
        info, source = np.finfo(np.float64), "numpy.finfo"
    else:
        import torch

        info, source = torch.finfo(_torch_dtype(name)), "torch.finfo"
    eps = float(info.eps)
    return DtypeLimits(name, float(info.max), float(info.tiny), eps, 1 - round(math.log2(eps)), source)


def limits_table() -> list[DtypeLimits]:
    return [limits(name) for name in (*DTYPES, "float64")]


def _check(n: int, max_abs: float, offset: float, spread: float, seed: int) -> None:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 2 <= n <= N_MAX:
        raise ValueError(f"n must be an integer between 2 and {N_MAX}; got {n!r}")
    if not (math.isfinite(max_abs) and max_abs >= 0.0):
        raise ValueError(f"max_abs must be finite and >= 0; got {max_abs!r}")
    if not (math.isfinite(offset) and math.isfinite(spread) and spread >= 0.0):
        raise ValueError(f"offset must be finite and spread finite and >= 0; got {offset!r}, {spread!r}")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"seed must be an integer >= 0; got {seed!r}")


def shape(n: int, offset: float, spread: float, seed: int) -> np.ndarray:
    """offset + spread·z (z Gaussian, mean 0 and variance 1, from ``seed``), scaled so that max|xᵢ| = 1 (zeros stay zeros)."""
    _check(n, 1.0, offset, spread, seed)
    raw = offset + spread * np.random.default_rng(int(seed)).standard_normal(int(n))
    top = float(np.max(np.abs(raw)))
    return raw / top if top > 0.0 else raw


def make_input(n: int, max_abs: float, offset: float, spread: float, seed: int) -> np.ndarray:
    """The user's vector in float64: ``shape`` times ``max_abs``."""
    _check(n, max_abs, offset, spread, seed)
    return max_abs * shape(n, offset, spread, seed)


def _naive(xt, key: str, eps: float):
    """The method with every operation in xt's dtype (torch rounds each op's result to it)."""
    if key == "ln":
        xt = xt - xt.mean(dim=-1, keepdim=True)
    return xt / (xt * xt).mean(dim=-1, keepdim=True).add(eps).sqrt()


def outputs(x, key: str, dtype: str, path: str, *, device: str = "cpu") -> np.ndarray:
    """Method ``key`` on the float64 rows ``x`` stored as ``dtype``, along ``path``; float64 numpy result."""
    import torch

    if path not in PATHS:
        raise ValueError(f"path must be one of {PATHS}; got {path!r}")
    m = METHODS[key] if key in KEYS else None
    if m is None:
        raise ValueError(f"key must be one of {KEYS}; got {key!r}")
    xt = torch.as_tensor(np.asarray(x, dtype=np.float64), device=device).to(_torch_dtype(dtype))
    y = _naive(xt, key, m.default_eps) if path == "naive" else m(xt)
    return _xp.to_numpy(y).astype(np.float64)


def reference(x, key: str) -> np.ndarray:
    """The float64 result of the library on x (numpy), each method at its default ε."""
    return np.asarray(METHODS[key](np.asarray(x, dtype=np.float64)), dtype=np.float64)


def errors(y: np.ndarray, ref: np.ndarray) -> np.ndarray:
    """Per row: max|y − ref| / max|ref| (the absolute error where ref is 0); NaN where y is not finite."""
    y, ref = np.atleast_2d(y), np.atleast_2d(ref)
    with np.errstate(invalid="ignore"):
        err = np.max(np.abs(y - ref), axis=-1)
    scale = np.max(np.abs(ref), axis=-1)
    err = np.where(scale > 0.0, err / np.where(scale > 0.0, scale, 1.0), err)
    return np.where(np.all(np.isfinite(y), axis=-1), err, np.nan)


@dataclass(frozen=True)
class PathResult:
    """One method in one dtype along one path, on the current vector."""

    key: str
    dtype: str
    path: str
    y: np.ndarray
    error: float  # ``errors`` against float64; NaN when the output has a NaN or inf

    @property
    def nonfinite(self) -> int:
        return int(np.count_nonzero(~np.isfinite(self.y)))

    @property
    def all_zero(self) -> bool:
        return bool(np.all(self.y == 0.0))

    @property
    def outcome(self) -> str:
        """"nan" (a non-finite output), "zero" (everything 0) or "ok"."""
        return "nan" if self.nonfinite else "zero" if self.all_zero else "ok"


@dataclass(frozen=True)
class Current:
    """The user's vector and every path's result on it."""

    x: np.ndarray
    reference: dict[str, np.ndarray]  # key -> float64 result
    results: dict[tuple[str, str, str], PathResult]  # (key, dtype, path)
    stored_inf: dict[str, int]  # dtype -> elements of x that became ±inf when stored in it
    # (key, dtype) -> elements whose square overflows in the dtype: xᵢ for RMSNorm, xᵢ − μ for LayerNorm
    square_inf: dict[tuple[str, str], int]

    def result(self, key: str, dtype: str, path: str) -> PathResult:
        return self.results[(key, dtype, path)]


def current(n: int, max_abs: float, offset: float, spread: float, seed: int, *,
            device: str = "cpu") -> Current:
    """Every (method, dtype, path) on ``make_input(...)``, with what overflowed where."""
    import torch

    x = make_input(n, max_abs, offset, spread, seed)
    ref = {k: reference(x, k) for k in KEYS}
    results, stored, squares = {}, {}, {}
    with _xp.one_cpu_thread(device):
        for k in KEYS:
            for d in DTYPES:
                for p in PATHS:
                    y = outputs(x, k, d, p, device=device)
                    results[(k, d, p)] = PathResult(k, d, p, y, float(errors(y, ref[k])[0]))
        for d in DTYPES:
            xt = torch.as_tensor(x, device=device).to(_torch_dtype(d))
            stored[d] = int(torch.isinf(xt).sum())
            centred = xt - xt.mean()  # in the dtype, as the naive LayerNorm centres
            squares[("rms", d)] = int(torch.isinf(xt * xt).sum())
            squares[("ln", d)] = int(torch.isinf(centred * centred).sum())
    return Current(x, ref, results, stored, squares)


@dataclass(frozen=True)
class Sweep:
    """Errors against float64 as max|x| runs over ``MAX_ABS_RANGE``, the shape held fixed."""

    max_abs: np.ndarray
    errors: dict[tuple[str, str, str], np.ndarray]  # (key, dtype, path) -> error per max_abs (NaN: non-finite)


def sweep_grid(points: int = SWEEP_POINTS) -> np.ndarray:
    return np.geomspace(*MAX_ABS_RANGE, points)


def sweep(n: int, offset: float, spread: float, seed: int, *, device: str = "cpu",
          points: int = SWEEP_POINTS) -> Sweep:
    """Every (method, dtype, path) on max_abs · shape for each max_abs of ``sweep_grid`` (one batch)."""
    grid = sweep_grid(points)
    rows = grid[:, None] * shape(n, offset, spread, seed)[None, :]
    errs = {}
    with _xp.one_cpu_thread(device):
        for k in KEYS:
            ref = reference(rows, k)
            for d in DTYPES:
                for p in PATHS:
                    errs[(k, d, p)] = errors(outputs(rows, k, d, p, device=device), ref)
    return Sweep(grid, errs)


def first_failure(sw: Sweep, key: str, dtype: str, path: str, *, threshold: float = 0.5) -> float | None:
    """The smallest max|x| of the sweep where the path's error is NaN or above ``threshold``; None if none."""
    err = sw.errors[(key, dtype, path)]
    bad = ~np.isfinite(err) | (np.nan_to_num(err, nan=np.inf) > threshold)
    return float(sw.max_abs[np.argmax(bad)]) if np.any(bad) else None


def max_abs_from_exponent(exponent: float) -> float:
    """10**exponent as the page uses it: on the slider's 0.01 grid rounded to 4 significant digits
    (2.41 → 257); off the grid (a preset button such as log10(65504)) to 6, so the preset is exact."""
    if not math.isfinite(exponent):
        raise ValueError(f"exponent must be finite; got {exponent!r}")
    on_grid = abs(exponent * 100.0 - round(exponent * 100.0)) < 1e-6
    return float(f"{10.0 ** exponent:.{4 if on_grid else 6}g}")
