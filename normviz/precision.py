r"""Precision: RMSNorm and LayerNorm in float16, bfloat16 and float32, computed three ways.

* ``naive``: every operation in the input's dtype, as a textbook line of torch
  would do it: ``x / sqrt(r(x*x) + eps)`` (LayerNorm: centre first with the same
  reduction r). Each square is rounded to the dtype, so in float16 a single
  |xᵢ| > √65504 ≈ 256 gives xᵢ² = inf, the reduction is inf and the output
  x / inf is 0 (an input that is itself inf gives inf / inf = NaN). The
  reduction r is one of ``REDUCTIONS``:

  - ``"mean"``: ``torch.mean``, which adds in a wider type and rounds only the
    mean, so only a single square can overflow;
  - ``"sum"``: the hand-written ``sum(-1) / D``. torch adds a float16 sum in
    float32 too but rounds the *total* to float16 (``test_precision`` measures
    it), so it is inf once Σx² > 65504, i.e. once RMS(x) > √(65504 / D)
    (``sum_overflow_rms``), long before any square overflows.

  ε cannot rescue either: inf + ε is inf.
* ``upcast``: ``normviz.norms.rms_norm`` / ``layer_norm``, which reduce in
  float32 and cast the result back to the input's dtype, as
  ``self._norm(x.float()).type_as(x)`` does in Llama's RMSNorm.
* the float64 reference: the same library on the float64 input, at the same ε.

The gradient reaching the layer below (``Current.grads``) is ∂L/∂x by torch
autograd for L = Σ gᵢ yᵢ, g a fixed upstream gradient (``upstream``). A
naive float16 output of 0 has a gradient of exactly 0: finite, and silent.

``module_lines`` runs the reference RMSNorm module of LLM codebases line by
line (and Gemma's variant), ``gamma_variants`` what the dtype of γ does.

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
REDUCTIONS = ("mean", "sum")  # torch.mean, or the hand-written sum(-1) / D
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
    def rounds_to_inf(self) -> float:
        """The smallest number that rounds to inf: max plus half the spacing just below it (65520 for float16)."""
        return self.max + 2.0 ** (math.floor(math.log2(self.max)) - self.bits)

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
    """offset + spread·z (z Gaussian, mean 0 and variance 1, from ``seed``), scaled so that max|xᵢ| = 1 (zeros stay
    zeros)."""
    _check(n, 1.0, offset, spread, seed)
    raw = offset + spread * np.random.default_rng(int(seed)).standard_normal(int(n))
    top = float(np.max(np.abs(raw)))
    return raw / top if top > 0.0 else raw


def make_input(n: int, max_abs: float, offset: float, spread: float, seed: int) -> np.ndarray:
    """The user's vector in float64: ``shape`` times ``max_abs``."""
    _check(n, max_abs, offset, spread, seed)
    return max_abs * shape(n, offset, spread, seed)


def sum_overflow_rms(n: int, dtype: str = "float16") -> float:
    """RMS(x) above which Σx² over n components exceeds the dtype's max: √(max / n) (≈ 5.66 for n = 2048)."""
    return math.sqrt(limits(dtype).max / n)


def sum_overflow_max_abs(shape_row, key: str, dtype: str = "float16") -> float:
    """max|x| of ``max_abs · shape_row`` above which the naive Σ of squares (of x − μ for LayerNorm) exceeds max.

    √max / ‖s‖ with s the shape (centred for LayerNorm), in exact arithmetic; inf for a zero s.
    """
    s = np.asarray(shape_row, dtype=np.float64)
    if key == "ln":
        s = s - s.mean()
    norm = float(np.linalg.norm(s))
    return math.sqrt(limits(dtype).max) / norm if norm > 0.0 else math.inf


def _check_choice(name: str, value, allowed: tuple) -> None:
    if value not in allowed:
        raise ValueError(f"{name} must be one of {allowed}; got {value!r}")


def _reduce(v, reduction: str):
    """Over the last axis, in v's dtype: torch.mean (it adds in a wider type and rounds the mean once),
    or sum(-1) / D (the total rounded to v's dtype, then divided)."""
    if reduction == "mean":
        return v.mean(dim=-1, keepdim=True)
    return v.sum(dim=-1, keepdim=True) / v.shape[-1]


def _naive_parts(xt, key: str, eps: float, reduction: str):
    """The naive method in xt's dtype, every intermediate kept: (squares, Σ of squares or None, mean square, y).

    One computation: the lesson's rows and the page's naive path are both this."""
    if key == "ln":
        xt = xt - _reduce(xt, reduction)
    squares = xt * xt
    total = squares.sum(dim=-1, keepdim=True) if reduction == "sum" else None
    ms = squares.mean(dim=-1, keepdim=True) if total is None else total / xt.shape[-1]
    return squares, total, ms, xt / ms.add(eps).sqrt()


def _path(xt, key: str, path: str, eps: float, reduction: str):
    return _naive_parts(xt, key, eps, reduction)[3] if path == "naive" else METHODS[key](xt, eps=eps)


def _checked(key: str, path: str, reduction: str, eps: float | None) -> float:
    """The ε to use (the method's default for None), after checking key, path and reduction."""
    _check_choice("path", path, PATHS)
    _check_choice("key", key, KEYS)
    _check_choice("reduction", reduction, REDUCTIONS)
    eps = METHODS[key].eps_or_default(eps)
    if not (math.isfinite(eps) and eps >= 0.0):
        raise ValueError(f"eps must be finite and >= 0; got {eps!r}")
    return eps


def outputs(
    x, key: str, dtype: str, path: str, *, eps: float | None = None, reduction: str = "mean", device: str = "cpu"
) -> np.ndarray:
    """Method ``key`` on the float64 rows ``x`` stored as ``dtype``, along ``path``; float64 numpy result.

    ``eps``: None for the method's default; ``reduction`` applies to the naive path (see ``REDUCTIONS``)."""
    import torch

    eps = _checked(key, path, reduction, eps)
    xt = torch.as_tensor(np.asarray(x, dtype=np.float64), device=device).to(_torch_dtype(dtype))
    return _xp.to_numpy(_path(xt, key, path, eps, reduction)).astype(np.float64)


@dataclass(frozen=True)
class NaiveSteps:
    """One naive RMSNorm in a dtype, each intermediate as float64 (the lesson's rows)."""

    dtype: str
    reduction: str
    squares: np.ndarray
    total: float | None  # Σx² as the sum rounded it; None for torch.mean (it never rounds a total)
    mean_square: float
    y: np.ndarray


def naive_steps(x, dtype: str, reduction: str, *, eps: float | None = None) -> NaiveSteps:
    """RMSNorm of one vector ``x`` along the naive path, with its squares, Σ and mean square."""
    import torch

    eps = _checked("rms", "naive", reduction, eps)
    xt = torch.as_tensor(np.asarray(x, dtype=np.float64)).to(_torch_dtype(dtype))
    squares, total, ms, y = (
        None if v is None else _xp.to_numpy(v).astype(np.float64) for v in _naive_parts(xt, "rms", eps, reduction)
    )
    return NaiveSteps(dtype, reduction, squares, None if total is None else float(total[0]), float(ms[0]), y)


def reference(x, key: str, eps: float | None = None) -> np.ndarray:
    """The float64 result of the library on x (numpy), at ``eps`` (None: the method's default)."""
    return np.asarray(METHODS[key](np.asarray(x, dtype=np.float64), eps=eps), dtype=np.float64)


def upstream(n: int, seed: int) -> np.ndarray:
    """The gradient arriving from above, ∂L/∂y = g: Gaussian, fixed by the page's seed (a stream apart from x's)."""
    return np.random.default_rng((int(seed), 2)).standard_normal(int(n))


def gradients(
    x, g, key: str, dtype: str, path: str, *, eps: float | None = None, reduction: str = "mean", device: str = "cpu"
) -> np.ndarray:
    """∂L/∂x for L = Σ gᵢ yᵢ by torch autograd, x stored as ``dtype`` (float64 for the reference), y along ``path``.

    The gradient comes back in x's dtype, as the layer below receives it; returned as float64 numpy."""
    import torch

    eps = _checked(key, path, reduction, eps)
    xt = torch.as_tensor(np.asarray(x, dtype=np.float64), device=device).to(_torch_dtype(dtype)).requires_grad_()
    y = _path(xt, key, path, eps, reduction)
    y.backward(torch.as_tensor(np.asarray(g, dtype=np.float64), device=device).to(y.dtype).expand_as(y))
    return _xp.to_numpy(xt.grad).astype(np.float64)


def errors(y: np.ndarray, ref: np.ndarray) -> np.ndarray:
    """Per row: max|y − ref| / max|ref| (the absolute error where ref is 0); NaN where y is not finite."""
    y, ref = np.atleast_2d(y), np.atleast_2d(ref)
    with np.errstate(invalid="ignore"):
        err = np.max(np.abs(y - ref), axis=-1)
    scale = np.max(np.abs(ref), axis=-1)
    err = np.where(scale > 0.0, err / np.where(scale > 0.0, scale, 1.0), err)
    return np.where(np.all(np.isfinite(y), axis=-1), err, np.nan)


def outcome(v: np.ndarray) -> str:
    """ "nan" (a NaN or inf in v), "zero" (everything exactly 0) or "ok"."""
    return "nan" if not np.all(np.isfinite(v)) else "zero" if np.all(v == 0.0) else "ok"


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
        """ "nan" (a non-finite output), "zero" (everything 0) or "ok"."""
        return outcome(self.y)

    @property
    def norm(self) -> float:
        """‖y‖₂ (NaN when y has a NaN): for a gradient, how much reaches the layer below."""
        return float(np.linalg.norm(self.y))


@dataclass(frozen=True)
class Current:
    """The user's vector and every path's result on it (``grads``: ∂L/∂x, the same records)."""

    x: np.ndarray
    eps: float | None  # None: each method's default
    reduction: str  # the naive path's
    reference: dict[str, np.ndarray]  # key -> float64 result
    results: dict[tuple[str, str, str], PathResult]  # (key, dtype, path)
    stored_inf: dict[str, int]  # dtype -> elements of x that became ±inf when stored in it
    # (key, dtype) -> elements whose square overflows in the dtype: xᵢ for RMSNorm, xᵢ − μ for LayerNorm
    square_inf: dict[tuple[str, str], int]
    # (key, dtype) -> the naive reduction of the squares is inf (by one square or, with "sum", by the total)
    reduced_inf: dict[tuple[str, str], bool]
    mean_inf: dict[str, bool]  # dtype -> the naive LayerNorm's μ is inf (Σxᵢ past max, with "sum" only)
    grad_reference: dict[str, np.ndarray]  # key -> float64 ∂L/∂x
    grads: dict[tuple[str, str, str], PathResult]  # (key, dtype, path) -> ∂L/∂x, error against float64

    def result(self, key: str, dtype: str, path: str) -> PathResult:
        return self.results[(key, dtype, path)]

    def grad(self, key: str, dtype: str, path: str) -> PathResult:
        return self.grads[(key, dtype, path)]

    @property
    def n(self) -> int:
        return int(self.x.size)

    @property
    def rms(self) -> float:
        """RMS of x (float64), for the sum's threshold √(max / n)."""
        return float(np.sqrt(np.mean(self.x * self.x)))

    @property
    def std(self) -> float:
        """σ of x (biased), for LayerNorm's sum of centred squares."""
        return float(np.std(self.x))

    def eps_of(self, key: str) -> float:
        return METHODS[key].eps_or_default(self.eps)


def current(
    n: int,
    max_abs: float,
    offset: float,
    spread: float,
    seed: int,
    *,
    eps: float | None = None,
    reduction: str = "mean",
    device: str = "cpu",
) -> Current:
    """Every (method, dtype, path) on ``make_input(...)``: outputs, gradients, and what overflowed where."""
    import torch

    x = make_input(n, max_abs, offset, spread, seed)
    g = upstream(n, seed)
    ref = {k: reference(x, k, eps) for k in KEYS}
    results, grads, stored, squares, reduced, means = {}, {}, {}, {}, {}, {}
    with _xp.one_cpu_thread(device):
        gref = {k: gradients(x, g, k, "float64", "upcast", eps=eps, device=device) for k in KEYS}
        for k in KEYS:
            for d in DTYPES:
                for p in PATHS:
                    y = outputs(x, k, d, p, eps=eps, reduction=reduction, device=device)
                    results[(k, d, p)] = PathResult(k, d, p, y, float(errors(y, ref[k])[0]))
                    dx = gradients(x, g, k, d, p, eps=eps, reduction=reduction, device=device)
                    grads[(k, d, p)] = PathResult(k, d, p, dx, float(errors(dx, gref[k])[0]))
        for d in DTYPES:
            xt = torch.as_tensor(x, device=device).to(_torch_dtype(d))
            stored[d] = int(torch.isinf(xt).sum())
            means[d] = bool(torch.isinf(_reduce(xt, reduction)).any())
            for k in KEYS:
                sq, _, ms, _ = _naive_parts(xt, k, METHODS[k].eps_or_default(eps), reduction)
                squares[(k, d)] = int(torch.isinf(sq).sum())
                reduced[(k, d)] = bool(torch.isinf(ms).any())
    return Current(x, eps, reduction, ref, results, stored, squares, reduced, means, gref, grads)


@dataclass(frozen=True)
class Sweep:
    """Errors against float64 as max|x| runs over ``MAX_ABS_RANGE``, the shape held fixed."""

    max_abs: np.ndarray
    errors: dict[tuple[str, str, str], np.ndarray]  # (key, dtype, path) -> error per max_abs (NaN: non-finite)
    sum_overflow: dict[str, float]  # key -> max|x| where the naive float16 Σ of squares passes max (exact math)


def sweep_grid(points: int = SWEEP_POINTS) -> np.ndarray:
    return np.geomspace(*MAX_ABS_RANGE, points)


def sweep(
    n: int,
    offset: float,
    spread: float,
    seed: int,
    *,
    eps: float | None = None,
    reduction: str = "mean",
    device: str = "cpu",
    points: int = SWEEP_POINTS,
) -> Sweep:
    """Every (method, dtype, path) on max_abs · shape for each max_abs of ``sweep_grid`` (one batch)."""
    grid = sweep_grid(points)
    s = shape(n, offset, spread, seed)
    rows = grid[:, None] * s[None, :]
    errs = {}
    with _xp.one_cpu_thread(device):
        for k in KEYS:
            ref = reference(rows, k, eps)
            for d in DTYPES:
                for p in PATHS:
                    errs[(k, d, p)] = errors(outputs(rows, k, d, p, eps=eps, reduction=reduction, device=device), ref)
    return Sweep(grid, errs, {k: sum_overflow_max_abs(s, k) for k in KEYS})


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
    return float(f"{10.0**exponent:.{4 if on_grid else 6}g}")


# --- the reference RMSNorm module of LLM codebases, line by line ----------------------------------------------

# Each line is run as written (``exec``, constant text, never user input), so the page shows the code that
# computed its numbers. Names: x the input (B, S, D) in its dtype, D its last size, eps; every line assigns one
# name. The module's weight is in the model's dtype, as after ``model.to(dtype)``.
REFERENCE_CODE = (
    ("weight", "w = torch.ones(D, dtype=x.dtype)"),
    ("upcast", "h = x.float()"),
    ("mean", "ms = h.pow(2).mean(-1, keepdim=True)"),
    ("rsqrt", "inv = torch.rsqrt(ms + eps)"),
    ("cast", "y = (h * inv).type_as(x)"),
    ("scale", "out = w * y"),
)
# Gemma's variant: the weight is an offset from 1, initialised to zeros, and the scaling happens in float32,
# before the one cast back.
GEMMA_CODE = (
    ("weight", "w = torch.zeros(D, dtype=x.dtype)"),
    ("upcast", "h = x.float()"),
    ("mean", "ms = h.pow(2).mean(-1, keepdim=True)"),
    ("rsqrt", "inv = torch.rsqrt(ms + eps)"),
    ("scale", "y = h * inv * (1 + w.float())"),
    ("cast", "out = y.type_as(x)"),
)
MODULES = {"reference": REFERENCE_CODE, "gemma": GEMMA_CODE}
SHOWN = 3  # components shown of a vector-valued line
BATCH = (1, 1)  # the page's x as a (B, S, D) input: B = S = 1


@dataclass(frozen=True)
class Line:
    """One line of a module run on the page's x: what it assigns, its shape, dtype and first values."""

    key: str
    code: str
    name: str  # the variable it assigns
    shape: tuple[int, ...]
    dtype: str
    values: np.ndarray  # the first ``SHOWN`` elements (all of a (B, S, 1) tensor), as float64


@dataclass(frozen=True)
class ModuleRun:
    """A module's lines on x, its output (float64 numpy), and its distance from the library and torch."""

    module: str
    dtype: str
    lines: tuple[Line, ...]
    out: np.ndarray
    vs_normviz: float  # max|out − normviz.rms_norm(x)|, both in x's dtype
    vs_torch: float  # max|out − torch.nn.RMSNorm(D)(x)|

    @property
    def out_dtype(self) -> str:
        return self.lines[-1].dtype


def _dtype_name(t) -> str:
    return str(t.dtype).removeprefix("torch.")


def run_module(x, dtype: str, module: str = "reference", *, eps: float | None = None) -> ModuleRun:
    """The module ``module`` (a key of MODULES) on the float64 ``x`` stored as ``dtype``: a (B, S, D) array, or
    one vector taken as (1, 1, D)."""
    import torch

    _check_choice("module", module, tuple(MODULES))
    eps = _checked("rms", "upcast", "mean", eps)
    x = np.asarray(x, dtype=np.float64)
    if x.ndim not in (1, 3):
        raise ValueError(f"x must be one vector or a (B, S, D) array; got shape {x.shape}")
    xt = (
        torch.as_tensor(x).to(_torch_dtype(dtype)).reshape(*BATCH, x.size)
        if x.ndim == 1
        else torch.as_tensor(x).to(_torch_dtype(dtype))
    )
    d = int(xt.shape[-1])
    space = {"torch": torch, "x": xt, "D": d, "eps": eps}
    lines = []
    for key, code in MODULES[module]:
        name = code.split("=", 1)[0].strip()
        exec(code, space)  # noqa: S102  (the constant lines above)
        v = space[name]
        lines.append(
            Line(
                key, code, name, tuple(v.shape), _dtype_name(v), _xp.to_numpy(v.reshape(-1)[:SHOWN]).astype(np.float64)
            )
        )
    out = space["out"]
    lib = METHODS["rms"](xt, eps=eps)
    with torch.no_grad():
        ref = torch.nn.RMSNorm(d, eps=eps, dtype=xt.dtype)(xt)
    gap = lambda other: float((out.double() - other.double()).abs().max())  # noqa: E731
    return ModuleRun(module, dtype, tuple(lines), _xp.to_numpy(out.reshape(-1)).astype(np.float64), gap(lib), gap(ref))


# --- what γ's dtype does -----------------------------------------------------------------------------------

GAMMA_SPREAD = 0.1  # a trained-looking γ = 1 + 0.1·z; at initialisation (all ones) every dtype holds γ exactly
# (key, code) of each way to apply a trained γ after the float32 normalization h·inv: g is γ's float32 master
# copy, w = g − 1 Gemma's offset (exact in float32 for g in [0.5, 2]).
GAMMA_CODE = (
    ("model", "out = g.to(x.dtype) * (h * inv).type_as(x)"),  # the reference: γ in the model's dtype
    ("float32", "out = ((h * inv) * g).type_as(x)"),  # γ in float32, one rounding at the end
    ("bf16_gamma", "out = (h * inv) * g.to(torch.bfloat16)"),  # the bug: γ kept in bfloat16, never cast back
    ("gemma_offset", "out = (h * inv * (1 + w.to(x.dtype))).type_as(x)"),  # Gemma's 1 + w in x's dtype
)


@dataclass(frozen=True)
class GammaVariant:
    """One way of applying γ: the output's dtype and bytes per value, its error against float64."""

    key: str
    code: str
    dtype: str
    bytes: int
    error: float  # ``errors`` against normviz.rms_norm(x, weight=γ) in float64
    lost: int  # components whose learned offset vanished (1 + w rounded to exactly 1), for gemma_offset


@dataclass(frozen=True)
class GammaRun:
    dtype: str
    gamma: np.ndarray  # float64
    variants: tuple[GammaVariant, ...]
    gamma_error: float  # max relative error of γ stored in bfloat16: at most 2⁻⁸

    def variant(self, key: str) -> GammaVariant:
        return next(v for v in self.variants if v.key == key)


def trained_gamma(n: int, seed: int) -> np.ndarray:
    """γ = 1 + 0.1·z rounded to float32 (a master copy), z Gaussian from the page's seed (a stream apart from
    x's and the upstream gradient's); returned as float64."""
    z = np.random.default_rng((int(seed), 3)).standard_normal(int(n))
    return (1.0 + GAMMA_SPREAD * z).astype(np.float32).astype(np.float64)


def gamma_variants(x, dtype: str, gamma, *, eps: float | None = None) -> GammaRun:
    """Each of GAMMA_CODE on the float64 vector x stored as ``dtype``, with γ ``gamma`` (float32 values)."""
    import torch

    eps = _checked("rms", "upcast", "mean", eps)
    x = np.asarray(x, dtype=np.float64)
    gamma = np.asarray(gamma, dtype=np.float64)
    xt = torch.as_tensor(x).to(_torch_dtype(dtype))
    exact = METHODS["rms"](x, eps=eps, weight=gamma)
    g = torch.as_tensor(gamma).float()
    if not torch.equal(g.double(), torch.as_tensor(gamma)):
        raise ValueError("gamma must hold float32 values (a master copy); see trained_gamma")
    h = xt.float()
    inv = torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + eps)
    variants = []
    for key, code in GAMMA_CODE:
        space = {"torch": torch, "x": xt, "h": h, "inv": inv, "g": g, "w": g - 1}
        exec(code, space)  # noqa: S102  (the constant lines above)
        out = space["out"]
        offset = (g - 1).to(xt.dtype)
        lost = int(((1 + offset) == 1).sum() - (offset == 0).sum()) if key == "gemma_offset" else 0
        variants.append(
            GammaVariant(
                key,
                code,
                _dtype_name(out),
                out.element_size(),
                float(errors(_xp.to_numpy(out).astype(np.float64), exact)[0]),
                lost,
            )
        )
    stored = _xp.to_numpy(g.to(torch.bfloat16)).astype(np.float64)
    gamma_error = float(np.max(np.abs(stored - gamma) / np.abs(gamma)))
    return GammaRun(dtype, gamma, tuple(variants), gamma_error)


@dataclass(frozen=True)
class Panel:
    """The page's module panel: the reference module, Gemma's, and what γ's dtype does, on one x in one dtype."""

    reference: ModuleRun
    gemma: ModuleRun
    gamma: GammaRun


def panel(
    n: int, max_abs: float, offset: float, spread: float, seed: int, dtype: str, *, eps: float | None = None
) -> Panel:
    """``run_module`` for both modules and ``gamma_variants`` on ``make_input(...)`` stored as ``dtype`` (CPU)."""
    x = make_input(n, max_abs, offset, spread, seed)
    with _xp.one_cpu_thread("cpu"):
        return Panel(
            run_module(x, dtype, "reference", eps=eps),
            run_module(x, dtype, "gemma", eps=eps),
            gamma_variants(x, dtype, trained_gamma(n, seed), eps=eps),
        )
