"""A bank of auto-checked exercises: each one a generator of a problem, its answer computed by normviz.

``BANK`` holds one ``Exercise`` per kind of question. ``make_set(seed)``
draws every exercise's variant from one ``random.Random(seed)``, so a class
sharing ``?seed=123`` gets the same numbers. ``check(problem, text)`` reads a
typed answer (NFKC-normalised: full-width digits and commas are accepted) and
returns a ``Verdict``: right, wrong, or malformed with the reason, never an
exception.

Two exercises read a trained model's real numbers (``normviz.model``: all-MiniLM-L6-v2's 13 LayerNorm inputs on
one of ``MODEL_SENTENCES``, analysed by ``normviz.hidden``); they need torch and the model's files
(``model_available``) and come last, so a set without them is the rest of the same set.
"""

from __future__ import annotations

import importlib.util
import math
import random
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from normviz import _xp, beyond, cost, family, hidden, model, norms, residual, warp
from normviz.format import (
    decimals,
    decimals_vector,
    eps_text,
    percent,
    scientific,
    shortest,
    shortest_vector,
    significant,
    subscript,
)
from normviz.methods import METHODS

ANSWER_KINDS = ("number", "vector", "choice")


def norm_param_count(kind: str, d: int) -> int:
    """Learnable parameters of one normalization layer over d features (the family page's count):
    LayerNorm γ and β (2d), RMSNorm and bias-free LayerNorm γ (d), L2 none."""
    if kind == "l2":
        family.param_counts(d)  # the same check of d
        return 0
    members = {"ln": "ln", "rms": "rms", "ln_nobias": "bfln"}
    if kind not in members:
        raise ValueError(f"kind must be one of {(*members, 'l2')}; got {kind!r}")
    return family.param_counts(d)[members[kind]].parameters


@dataclass(frozen=True)
class Problem:
    """One drawn exercise: the values its text shows, the answer, how it is checked, and its figure."""

    key: str
    answer_kind: str  # "number" | "vector" | "choice"
    values: dict  # formatted into exercise.<key>.q and .why
    answer: object  # float, tuple of floats, or the right choice
    tol: float = 0.0  # absolute, per component
    choices: tuple[str, ...] = ()  # keys exercise.choice.<c>
    figure: tuple[str, dict] | None = None  # (figure kind, its data) for the feedback
    extra: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Exercise:
    key: str
    make: Callable[[random.Random], Problem]
    needs_torch: bool = False  # its answer comes from torch (autograd, the model); left out without torch
    needs_model: bool = False  # its answer comes from the trained model (normviz.model); left out without its files


def _vec(v) -> tuple[float, ...]:
    return tuple(float(c) for c in v)


def _ln_246(rng: random.Random) -> Problem:
    x = (2.0, 4.0, 6.0)
    y = _vec(norms.layer_norm(np.asarray(x), eps=0.0))
    return Problem("ln_246", "vector", {"x": shortest_vector(x)}, y, 0.005, figure=("space", {"x": x, "method": "ln"}))


def _rms_246(rng: random.Random) -> Problem:
    x = (2.0, 4.0, 6.0)
    y = _vec(norms.rms_norm(np.asarray(x), eps=0.0))
    return Problem(
        "rms_246", "vector", {"x": shortest_vector(x)}, y, 0.005, figure=("space", {"x": x, "method": "rms"})
    )


def _l2_pair(rng: random.Random) -> Problem:
    a, b = rng.choice(((3, 4), (5, 12), (8, 6), (7, 24), (12, 5)))
    k = rng.choice((1, 2, 3))
    x = (float(a * k), float(-b * k) if rng.random() < 0.5 else float(b * k))
    y = _vec(norms.l2_normalize(np.asarray(x), eps=0.0))
    length = float(np.linalg.norm(x))
    return Problem(
        "l2_pair",
        "vector",
        {"x": shortest_vector(x), "length": f"{length:g}"},
        y,
        0.005,
        figure=("plane", {"x": x, "method": "l2"}),
    )


def _ln_2d(rng: random.Random) -> Problem:
    a = rng.randint(-9, 9)
    b = a + rng.choice((-1, 1)) * rng.randint(1, 9)
    x = (float(a), float(b))
    y = _vec(norms.layer_norm(np.asarray(x), eps=0.0))
    return Problem("ln_2d", "vector", {"x": shortest_vector(x)}, y, 0.005, figure=("plane", {"x": x, "method": "ln"}))


def _params(rng: random.Random) -> Problem:
    d = rng.choice((768, 1024, 2048, 4096, 5120, 8192))
    kind = rng.choice(("ln", "rms"))
    return Problem(
        "params",
        "number",
        {"d": d, "method": METHODS[kind].label},
        float(norm_param_count(kind, d)),
        0.0,
        figure=("params", {"d": d}),
    )


def _dof(rng: random.Random) -> Problem:
    n = rng.choice((2, 3, 4, 16, 64, 768, 4096))
    kind = rng.choice(tuple(METHODS))
    return Problem(
        "dof",
        "number",
        {"n": n, "method": METHODS[kind].label},
        float(METHODS[kind].dof(n)),
        0.0,
        figure=("dof", {"n": n}),
    )


INVARIANT_SHIFT, INVARIANT_SCALE = 100.0, 7.0  # x + c·𝟏 with c = 100, a·x with a = 7


def _invariant(rng: random.Random) -> Problem:
    """Which outputs stay the same under x -> x + c·1 (shift) or x -> a·x with a > 0 (scale), at ε = 0."""
    what = rng.choice(("shift", "scale"))
    x = np.asarray((1.0, 2.0, 3.0))
    moved = x + INVARIANT_SHIFT if what == "shift" else INVARIANT_SCALE * x
    move = f"x + {INVARIANT_SHIFT:g}·𝟏" if what == "shift" else f"{INVARIANT_SCALE:g}·x"
    same = tuple(m for m in METHODS if np.allclose(METHODS[m](x, eps=0.0), METHODS[m](moved, eps=0.0), atol=1e-9))
    answer = {(): "none", ("ln",): "ln_only", ("rms", "ln"): "rms_ln", ("l2", "rms", "ln"): "all"}[same]
    return Problem(
        "invariant",
        "choice",
        {"what": what, "x": shortest_vector(x), "moved": shortest_vector(moved), "move": move},
        answer,
        choices=("none", "ln_only", "rms_ln", "all"),
        figure=("moved", {"x": _vec(x), "moved": _vec(moved), "label": move}),
        extra={"what": what},
    )


def _fp16_threshold(rng: random.Random) -> Problem:
    fmax = float(np.finfo(np.float16).max)
    return Problem("fp16_threshold", "number", {"max": f"{fmax:g}"}, math.sqrt(fmax), 0.5, figure=("fp16", {}))


def _fp16_overflow(rng: random.Random) -> Problem:
    v = float(rng.choice((180, 200, 240, 250, 260, 300, 400, 1000)))
    with np.errstate(over="ignore"):
        square = np.float16(v) * np.float16(v)
    return Problem(
        "fp16_overflow",
        "choice",
        {"v": f"{v:g}"},
        "yes" if np.isinf(square) else "no",
        choices=("yes", "no"),
        figure=("fp16", {"v": v}),
    )


def _rms_length(rng: random.Random) -> Problem:
    n = rng.choice((2, 3, 4, 9, 16, 100, 768))
    x = np.asarray([rng.uniform(-5, 5) for _ in range(n)])
    length = float(np.linalg.norm(norms.rms_norm(x, eps=0.0)))
    return Problem(
        "rms_length",
        "number",
        {"n": n},
        length,
        0.01,
        figure=("dof", {"n": n}) if n > 3 else ("plane" if n == 2 else "space", {"x": _vec(x), "method": "rms"}),
    )


def _axis(rng: random.Random) -> Problem:
    which = rng.choice(("bn", "ln"))
    x = np.arange(24, dtype=np.float64).reshape(2, 3, 4) ** 1.5
    # which axes leave every group of the method with mean 0 after normalizing over them
    candidates = {"last": -1, "batch_seq": (0, 1), "batch": 0, "all_axes": (0, 1, 2)}
    answer = "batch_seq" if which == "bn" else "last"
    groups = candidates[answer]
    assert np.allclose(np.asarray(norms.layer_norm(x, axis=groups, eps=0.0)).mean(axis=groups), 0.0)
    return Problem(
        "axis",
        "choice",
        {"which": which},
        answer,
        choices=tuple(candidates),
        figure=("axes", {}),
        extra={"which": which},
    )


def _checkpoint(rng: random.Random) -> Problem:
    d = rng.choice((768, 2048, 4096))
    return Problem(
        "checkpoint", "choice", {"d": d}, "either", choices=("ln", "rms", "either", "bn"), figure=("params", {"d": d})
    )


def _zero(rng: random.Random) -> Problem:
    n = rng.choice((2, 3, 4, 8))
    with np.errstate(invalid="ignore", divide="ignore"):
        out = np.asarray(norms.layer_norm(np.zeros(n), eps=0.0))
    answer = "nan" if np.all(np.isnan(out)) else "zero"
    return Problem("zero", "choice", {"n": n}, answer, choices=("zero", "nan", "one", "error"), figure=("eps", {}))


def traffic(tokens: int, d: int, calls: int) -> cost.Cost:
    """The cost page's calculation for ``calls`` normalizations (one a layer) of a tokens×d activation in 16 bits."""
    return cost.compute(tokens=tokens, hidden=d, layers=calls, norms_per_layer=1, bytes_per_value=2)


def _traffic(rng: random.Random) -> Problem:
    tokens = rng.choice((4096, 8192, 16384, 32768))
    d = rng.choice((1024, 2048, 4096))
    calls = rng.choice((24, 48, 64))
    gb = traffic(tokens, d, calls).bytes_total / 1e9
    return Problem(
        "traffic",
        "number",
        {"tokens": tokens, "d": d, "calls": calls, "gb": f"{gb:.2f}"},
        gb,
        max(0.01 * gb, 0.05),
        figure=("cost", {"tokens": tokens, "d": d, "calls": calls}),
    )


# --- which grid points a norm merges (the warp page's grid and fold) ------------------------------------

MERGE_GRID = {"extent": 3.0, "count": 7}  # the warp page's 2D grid: the 49 integer points of [−3, 3]²
# (method, ε) of each variant, named by the shape of x's fibre (normviz.warp.Fold.kind); ε > 0 only where it
# changes the answer
MERGE_VARIANTS = {
    "half_plane": (("ln", 0.0),),
    "line": (("ln", METHODS["ln"].default_eps),),
    "ray": (("l2", 0.0), ("rms", 0.0)),
    "point": (("rms", METHODS["rms"].default_eps),),
    "ray_beyond": (("l2", 1.5), ("l2", 2.5)),
}


def merge_vertices() -> np.ndarray:
    """The grid points of the merge exercise (``normviz.warp.grid_vertices``), shape (49, 2)."""
    return warp.grid_vertices(2, **MERGE_GRID)


def merge_count(key: str, x, eps: float) -> int:
    """How many grid points (x among them) the method sends to x's output: ``normviz.warp.grid_fold``."""
    return len(warp.grid_fold(key, x, eps=eps, **MERGE_GRID).vertices)


@lru_cache(maxsize=16)
def merge_candidates(what: str, key: str, eps: float) -> tuple[tuple[float, float], ...]:
    """The grid points the exercise may pick for variant ``what`` with (method, ε): x's fibre of that shape
    (so f(x) is defined), and for ε > 0 an answer that differs from the one at ε = 0, where f(x) is defined too
    (so ε matters, and the explanation's comparison with ε = 0 has a fold to compare)."""
    out = []
    for x in merge_vertices():
        x = (float(x[0]), float(x[1]))
        if warp.fold(key, x, eps=eps).kind != what:
            continue
        if eps > 0 and warp.fold(key, x, eps=0.0).kind == "undefined":  # 0 or a constant x: nothing to compare
            continue
        if eps > 0 and merge_count(key, x, eps) == merge_count(key, x, 0.0):
            continue
        out.append(x)
    return tuple(out)


def _points(vertices) -> str:
    return ", ".join(shortest_vector(v) for v in vertices)


def _merge(rng: random.Random) -> Problem:
    """How many points of the 7×7 grid on [−3, 3]² land on the output of a picked grid point x?"""
    what = rng.choice(tuple(MERGE_VARIANTS))
    key, eps = rng.choice(MERGE_VARIANTS[what])
    x = rng.choice(merge_candidates(what, key, eps))
    found = warp.grid_fold(key, x, eps=eps, **MERGE_GRID)
    assert found.fold.kind == what
    verts = merge_vertices()
    values = {
        "method": METHODS[key].label,
        "eps": eps_text(eps),
        "x": shortest_vector(x),
        "total": len(verts),
        "count": len(found.vertices),
        "points": _points(found.vertices),
        "output": decimals_vector(found.fold.output, 4),
        "denominator": "‖x‖₂" if key == "l2" else "√(mean(x²))",
    }
    if what == "half_plane":
        undefined = verts[[warp.fold(key, v, eps=eps).kind == "undefined" for v in verts]]
        values |= {"side": "x₁ > x₂" if x[0] > x[1] else "x₁ < x₂", "undefined": len(undefined)}
    elif what == "line":
        values |= {"diff": shortest(x[0] - x[1])}
    elif what == "point":
        ray = warp.grid_fold(key, x, eps=0.0, **MERGE_GRID).vertices
        values |= {"ray_count": len(ray), "ray": _points(ray)}
    elif what == "ray_beyond":
        ray = warp.grid_fold(key, x, eps=0.0, **MERGE_GRID).vertices
        inside = [v for v in ray if not warp.fold(key, x, eps=eps).contains(v)[0]]
        values |= {"inside": _points(inside)}
    return Problem(
        "merge",
        "number",
        values,
        float(len(found.vertices)),
        0.0,
        figure=("fold", {"method": key, "eps": eps, "x": x}),
        extra={"what": what},
    )


ELLIPSE_GAINS = (0.5, 1.0, 2.0, 3.0)  # the entries of γ: simple numbers


def _ellipse_axes(rng: random.Random) -> Problem:
    """LayerNorm (N = 3, β = 0, ε = 0) with a gain γ: the semi-axes of its output ellipse, longest first."""
    what = rng.choice(("full", "zero"))
    while True:
        gamma = [rng.choice(ELLIPSE_GAINS) for _ in range(3)]
        if what == "zero":
            gamma[rng.randrange(3)] = 0.0
        if len(set(gamma)) > 1:  # not a circle
            break
    e = warp.output_ellipsoid(gamma, eps=0.0)
    lengths = _vec(e.lengths)
    values = {
        "gamma": shortest_vector(gamma),
        "lam": decimals_vector(e.lengths**2 / e.n, 4),
        "lengths": decimals_vector(lengths, 4),
    }
    if what == "zero":
        k = gamma.index(0.0) + 1
        values |= {"k": k, "sub": subscript(k)}
    figure = ("ellipse", {"gamma": tuple(gamma)})
    return Problem("ellipse_axes", "vector", values, lengths, 0.01, figure=figure, extra={"what": what})


# --- beyond the classic three (normviz.beyond): QK-norm's bound and one massive activation ----------------

QK_DIMS = (16, 64, 128)  # the head dimension d of the bound variants
QK_GAINS_Q, QK_GAINS_K = (0.5, 1.0, 2.0, 3.0), (0.5, 1.0, 2.0, -1.0)  # γ_q and γ_k alternate two of these
QK_SCALES = (2.0, 3.0, 10.0)  # s of the scale variants
QK_ENTRIES = (-2.0, -1.0, 1.0, 2.0, 3.0)  # the entries of q and k in the scale variants (d = 4)


def sig3_tolerance(value: float) -> float:
    """Half a unit in the third significant digit of ``value``: 0.0005 for 0.577, 5e-05 for 0.0173."""
    return 0.5 * 10.0 ** (math.floor(math.log10(abs(value))) - 2)


def _qk_bound(rng: random.Random) -> Problem:
    """QK-norm (RMSNorm on q and k, ε = 0): the largest |logit|, or how a logit changes as q and k are scaled."""
    what = rng.choice(("ones", "gamma", "plain", "normed"))
    if what in ("ones", "gamma"):
        d = rng.choice(QK_DIMS)
        if what == "ones":
            gq = gk = np.ones(d)
        else:
            while True:
                a, b = rng.choice(QK_GAINS_Q), rng.choice(QK_GAINS_Q)
                c, e = rng.choice(QK_GAINS_K), rng.choice(QK_GAINS_K)
                if (a, b, c, e) != (1.0, 1.0, 1.0, 1.0):
                    break
            gq, gk = np.tile((a, b), d // 2), np.tile((c, e), d // 2)
            pair = (a * c, b * e)
        bound = beyond.qk_bound(d, gq, gk)
        values = {
            "d": d,
            "bound": decimals(bound, 4),
            "gap": decimals(2 * bound, 4),
            "ratio": scientific(math.exp(2 * bound), 2),
        }
        if what == "gamma":
            values |= {
                "gq": shortest_vector((a, b, a, b)).replace(")", ", …)"),
                "gk": shortest_vector((c, e, c, e)).replace(")", ", …)"),
                "p_odd": shortest(pair[0]),
                "p_even": shortest(pair[1]),
                "max": shortest(max(abs(p) for p in pair)),
            }
        return Problem("qk_bound", "number", values, bound, 0.01, extra={"what": what})
    while True:
        q = [rng.choice(QK_ENTRIES) for _ in range(4)]
        k = [rng.choice(QK_ENTRIES) for _ in range(4)]
        if float(np.dot(q, k)) != 0.0:  # a logit of 0 has no factor
            break
    s = rng.choice(QK_SCALES)
    sweep = beyond.qk_sweep(q, [k], (1.0, s), norm="rms", eps=0.0)
    logits = sweep.logits_plain if what == "plain" else sweep.logits_normed
    before, after = float(logits[0, 0]), float(logits[1, 0])
    values = {
        "q": shortest_vector(q),
        "k": shortest_vector(k),
        "s": shortest(s),
        "s2": shortest(s * s),
    }
    shown = shortest if what == "plain" else lambda v: decimals(v, 4)  # the plain logits are halves: exact
    values |= {"before": shown(before), "after": shown(after)}
    return Problem("qk_bound", "number", values, round(after / before, 9), 0.0, extra={"what": what})


OUTLIER_DIMS = (4, 8, 16)  # D
OUTLIER_SIZES = (10.0, 100.0)  # s
OUTLIER_REST = (-2.0, -1.0, 1.0, 2.0)  # the entries of the other coordinates (never 0: each has a factor)
OUTLIER_FAR = 1e9  # where LayerNorm's other outputs are read for their limit as s grows


def _outlier(rng: random.Random) -> Problem:
    """One coordinate s among small ones: what RMSNorm, DyT or LayerNorm (ε = 0) does to the other outputs."""
    what = rng.choice(("rms", "dyt", "ln"))
    d = rng.choice(OUTLIER_DIMS)
    s = rng.choice(OUTLIER_SIZES)
    while True:
        rest = [rng.choice(OUTLIER_REST) for _ in range(d - 1)]
        if len(set(rest)) > 1:  # the others differ, so LayerNorm's explanation has a range to narrow
            break
    index = rng.randrange(d)
    effect = beyond.outlier_effect(rest, s, index=index, eps=0.0)
    quiet = beyond.outlier_effect(rest, 0.0, index=index, eps=0.0)  # the same x with the outlier at 0
    others = effect.others
    rr = float(np.dot(rest, rest))
    values = {
        "D": d,
        "x": shortest_vector(effect.x),
        "s": shortest(s),
        "sub": subscript(index + 1),
        "rr": shortest(rr),
        "s2": shortest(s * s),
        "alpha": shortest(effect.alpha),
    }
    if what == "rms":
        answer = beyond.rms_outlier_factor(rest, s, eps=0.0)
        assert np.allclose(effect.rms[others], answer * quiet.rms[others], rtol=1e-12)
        values |= {"f": decimals(answer, 4), "top": significant(math.sqrt(d), 4)}
    elif what == "dyt":
        ratios = effect.dyt[others] / quiet.dyt[others]
        assert np.allclose(ratios, ratios[0], rtol=1e-12)
        answer = float(ratios[0])
        values |= {"sat": decimals(float(effect.dyt[index]), 6)}
    else:
        _, answer, _ = beyond.ln_outlier_affine(rest, OUTLIER_FAR, eps=0.0)
        near = effect.ln[others]
        values |= {
            "dm1": d - 1,
            "limit": decimals(answer, 4),
            "top": significant(math.sqrt(d - 1), 4),
            "lo": decimals(float(near.min()), 3),
            "hi": decimals(float(near.max()), 3),
        }
    return Problem("outlier", "number", values, answer, sig3_tolerance(answer), extra={"what": what})


DERF_ALPHAS = (0.25, 0.5, 1.0, 2.0)  # α of the slope and saturation variants (s = 0)
DERF_RMS = (0.5, 2.0, 4.0, 8.0)  # r of the matched-α variant


def _derf(rng: random.Random) -> Problem:
    """Derf(x) = erf(α·x + s), s = 0, γ = 1, β = 0 (``beyond.squash``): its slope at 0, where it reaches 99 % of
    its bound, or the α whose slope at 0 is LayerNorm's 1/σ on a zero-mean input of RMS r (ε = 0)."""
    what = rng.choice(("slope", "saturation", "match"))
    if what == "match":
        r = rng.choice(DERF_RMS)
        answer = beyond.matched_alpha("derf", r)
        values = {"r": shortest(r), "gain": shortest(1 / r), "dyt": shortest(beyond.matched_alpha("dyt", r))}
    else:
        a = rng.choice(DERF_ALPHAS)
        derf, dyt = beyond.squash("derf", alpha=a, shift=0.0), beyond.squash("dyt", alpha=a)
        q = derf.level
        values = {"alpha": shortest(a), "q": shortest(q), "pct": shortest(100 * q)}
        if what == "slope":
            answer = derf.steepest
            values |= {"dyt": shortest(dyt.steepest), "ratio": decimals(derf.steepest / dyt.steepest, 4)}
        else:
            answer = derf.saturation[1]
            values |= {"root": decimals(derf.saturation[1] * a, 4), "dyt": decimals(dyt.saturation[1], 3)}
    values["answer"] = significant(answer, 3)
    return Problem("derf", "number", values, answer, sig3_tolerance(answer), extra={"what": what})


FROZEN_ENTRIES = (-2.0, -1.0, 0.0, 1.0, 2.0, 3.0, 4.0)  # the entries of x
FROZEN_DIVISORS = (0.5, 2.0, 4.0)  # the frozen c
FROZEN_SCALES = (2.0, 3.0, 10.0)  # k of the scaled variant
FROZEN_SHIFTS = (-5.0, 5.0, 100.0)  # b of the shifted variant


def _frozen(rng: random.Random) -> Problem:
    """LayerNorm with σ frozen at a constant c (Baroni et al., 2025; ``hidden.frozen_layer_norm``, γ = 1, β = 0):
    LN_c(k·x) = k·LN_c(x), while LayerNorm's output stays LN(x); LN_c(x + b·𝟏) = LN_c(x), as LayerNorm's."""
    what = rng.choice(("scaled", "shifted"))
    while True:
        x = np.array([rng.choice(FROZEN_ENTRIES) for _ in range(3)])
        if len(set(x)) > 1:  # LayerNorm needs σ > 0 for the comparison
            break
    c = rng.choice(FROZEN_DIVISORS)
    if what == "scaled":
        k = rng.choice(FROZEN_SCALES)
        moved, change = k * x, {"k": shortest(k)}
    else:
        b = rng.choice(FROZEN_SHIFTS)
        moved, change = x + b, {"b": shortest(b)}
    y = hidden.frozen_layer_norm(moved[None], c)[0]
    base = hidden.frozen_layer_norm(x[None], c)[0]
    values = {
        "x": shortest_vector(x),
        "c": shortest(c),
        "mean": shortest(float(x.mean())) if float(x.mean()).is_integer() else decimals(float(x.mean()), 4),
        "base": decimals_vector(base, 4),
        "y": decimals_vector(y, 4),
        "ln": decimals_vector(norms.layer_norm(moved, eps=0.0), 4),
        "sigma": decimals(float(np.std(moved)), 4),
    } | change
    return Problem("frozen", "vector", values, _vec(y), 0.005, extra={"what": what})


# --- the residual page's toy stack (normviz.residual): its default width and seed, so the page reproduces it

STACK_NORM = "rms"  # the Norm of the stack exercises (LLaMA's)
GROWTH_BINS = (2.0, 10.0)  # the growth exercise's choices: below 2×, 2× to 10×, above 10×


def stack_config(depth: int, gain: float = 1.0) -> residual.StackConfig:
    """The residual page's stack at its defaults (width, seed, input scale) with this depth and gain."""
    return residual.StackConfig(depth=depth, gain=gain)


@lru_cache(maxsize=32)
def path_runs(arrangement: str, depth: int) -> dict[str, residual.StackRun]:
    """The stack's gradient along each path ("all", "skip" connections only, "branch"es only)."""
    with _xp.one_cpu_thread("cpu"):
        return {
            p: residual.run_stack(stack_config(depth), arrangement, STACK_NORM, path=p) for p in residual.GRADIENT_PATHS
        }


@lru_cache(maxsize=32)
def growth_comparison(depth: int, gain: float) -> residual.Comparison:
    """Pre/Post-Norm and no norm on the same stack: the growth exercise's answer and figure."""
    return residual.compare(stack_config(depth, gain))


def growth_choice(growth: float) -> str:
    """The choice that holds ‖h_L‖ / ‖h₀‖: "below_2", "two_to_ten" or "above_10"."""
    low, high = GROWTH_BINS
    return "below_2" if growth < low else "two_to_ten" if growth <= high else "above_10"


def _grad_path(rng: random.Random) -> Problem:
    """Which path hands the top's gradient g down to the input h₀ unchanged, in Pre-Norm or Post-Norm?"""
    what = rng.choice(residual.CLASSIC)
    depth = rng.choice((12, 24))
    runs = path_runs(what, depth)
    answer = next((p for p in ("skip", "branch") if runs[p].unchanged), "neither")
    values = {
        "depth": depth,
        "top": f"{runs['all'].grad_norm[-1]:.3g}",
        "skip": f"{runs['skip'].input_gradient:.3g}",
        "full": f"{runs['all'].input_gradient:.3g}",
    }
    return Problem(
        "grad_path",
        "choice",
        values,
        answer,
        choices=("skip", "branch", "neither"),
        figure=("paths", {"arrangement": what, "depth": depth}),
        extra={"what": what},
    )


def _stack_growth(rng: random.Random) -> Problem:
    """How much the stream grows, ‖h_L‖ / ‖h₀‖, with no norm or with Pre-Norm, at gain 1 or a small one."""
    what = rng.choice((residual.NO_NORM, "pre"))
    gain = rng.choice((1.0, residual.SMALL_GAIN))
    depth = rng.choice((24, 48))
    comp = growth_comparison(depth, gain)
    run = comp.no_norm if what == residual.NO_NORM else comp.runs[("pre", STACK_NORM)]
    factor = run.growth ** (1 / depth)
    values = {
        "depth": depth,
        "gain": f"{gain:g}",
        "width": comp.config.width,
        "growth": f"{run.growth:.3g}",
        "factor": f"{factor:.3f}",
    }
    return Problem(
        "stack_growth",
        "choice",
        values,
        growth_choice(run.growth),
        choices=("below_2", "two_to_ten", "above_10"),
        figure=("growth", {"depth": depth, "gain": gain, "arrangement": what}),
        extra={"what": what},
    )


# --- a trained model's real numbers (normviz.model, normviz.hidden) -------------------------------------------

# The real-model page's example sentences (normviz.ui.model.PRESETS): a student picks the same one there.
MODEL_SENTENCES = (
    "The students dragged the vector and watched it land on the sphere.",
    "Layer normalization subtracts the mean and divides by the standard deviation of every token.",
    "Paris is the capital of France, and Berlin is the capital of Germany.",
    "I did not like the movie at all, but the music was wonderful.",
)
MODEL_MIN_SHARE = 1e-4  # the gap exercise's tokens: a share along 𝟏 of at least 0.01 % (a gap of at least 1 %)
MODEL_NEEDS = ("torch", "safetensors", "tokenizers")


def model_available() -> bool:
    """Whether the model can run here: torch, safetensors and tokenizers installed, and its four files present
    with their SHA-256 (``normviz.model.load``: read and hashed once per process and folder, then cached)."""
    if not all(importlib.util.find_spec(name) is not None for name in MODEL_NEEDS):
        return False
    try:
        model.load()
    except model.ModelFileError:
        return False
    return True


@dataclass(frozen=True, eq=False)
class SentenceNumbers:
    """One sentence through the model: per norm k (``model.NORMS``) and token j of the captured inputs x,
    ``shares[k, j]`` = μ²·D/‖x‖² (``hidden.token_stats``), ``gaps[k, j]`` = ‖LN(x) − RMS(x)‖/‖LN(x)‖ at γ = 1,
    β = 0 and the model's ε (``hidden.ln_rms_gap``), ``variances[k, j]`` = σ² (biased)."""

    sentence: str
    tokens: tuple[str, ...]
    shares: np.ndarray  # (13, S)
    gaps: np.ndarray  # (13, S)
    variances: np.ndarray  # (13, S)
    eps: float

    @property
    def mean_share(self) -> np.ndarray:
        return self.shares.mean(axis=1)

    @property
    def mean_gap(self) -> np.ndarray:
        return self.gaps.mean(axis=1)


@lru_cache(maxsize=len(MODEL_SENTENCES))
def model_numbers(sentence: str) -> SentenceNumbers:
    """The model on ``sentence`` (one forward pass per process and sentence), analysed by ``normviz.hidden``."""
    run = model.run(sentence)
    table = hidden.per_layer(run.inputs, run.eps)
    return SentenceNumbers(
        sentence=sentence,
        tokens=run.tokens,
        shares=table.share_ones,
        gaps=table.gap,
        variances=table.std**2,
        eps=run.eps,
    )


def _model_share(rng: random.Random) -> Problem:
    """Which of the 13 LayerNorms receives inputs with the largest share along 𝟏, averaged over the tokens?"""
    sentence = rng.choice(MODEL_SENTENCES)
    m = model_numbers(sentence)
    means = m.mean_share
    order = [int(k) for k in np.argsort(-means, kind="stable")]
    top, second, low = order[0], order[1], order[-1]
    values = {
        "sentence": sentence,
        "count": len(m.tokens),
        "top": model.NORMS[top],
        "top_mean": percent(means[top], digits=3),
        "second": model.NORMS[second],
        "second_mean": percent(means[second], digits=3),
        "low": model.NORMS[low],
        "low_mean": percent(means[low], digits=3),
        "max": percent(float(np.max(m.shares)), digits=3),
        "top_gap": decimals(float(m.mean_gap[top]), 4),
    }
    figure = ("model_share", {"shares": _vec(means), "gaps": _vec(m.mean_gap), "top": top})
    return Problem(
        "model_share",
        "choice",
        values,
        model.NORMS[top],
        choices=model.NORMS,
        figure=figure,
        extra={"sentence": sentence},
    )


def _model_gap(rng: random.Random) -> Problem:
    """One token's share c along 𝟏 at one norm: how far apart are RMSNorm and LayerNorm on that token?"""
    sentence = rng.choice(MODEL_SENTENCES)
    m = model_numbers(sentence)
    s = len(m.tokens)
    candidates = [(k, j) for k in range(len(model.NORMS)) for j in range(1, s - 1) if m.shares[k, j] >= MODEL_MIN_SHARE]
    k, j = rng.choice(candidates)  # a word piece ([CLS] and [SEP] left out) whose gap is at least 1 %
    c = float(m.shares[k, j])
    shown = significant(c, 6)  # the share the question gives, and the explanation computes with
    formula = float(hidden.gap_from_share(float(shown)))
    answer = float(m.gaps[k, j])
    mean_share = float(m.mean_share[k])
    values = {
        "sentence": sentence,
        "norm": model.NORMS[k],
        "token": m.tokens[j],
        "position": j,
        "c": shown,
        "c_pct": percent(c, digits=3),
        "formula": significant(formula, 4),
        "sqrt": significant(math.sqrt(float(shown)), 4),
        "answer": significant(answer, 4),
        "diff": scientific(abs(formula - answer), 1),
        "var": significant(float(m.variances[k, j]), 3),
        "eps": shortest(m.eps),
        "count": s,
        "mean_gap": significant(float(m.mean_gap[k]), 4),
        "mean_c": percent(mean_share, digits=3),
        "gap_of_mean": significant(float(hidden.gap_from_share(mean_share)), 4),
    }
    figure = (
        "model_gap",
        {"shares": _vec(m.shares[k]), "gaps": _vec(m.gaps[k]), "chosen": j, "norm": model.NORMS[k], "tokens": m.tokens},
    )
    return Problem(
        "model_gap",
        "number",
        values,
        answer,
        sig3_tolerance(answer),
        figure=figure,
        extra={"sentence": sentence},
    )


BANK: tuple[Exercise, ...] = (
    tuple(
        Exercise(f.__name__[1:], f)
        for f in (
            _ln_246,
            _rms_246,
            _l2_pair,
            _ln_2d,
            _params,
            _dof,
            _invariant,
            _fp16_threshold,
            _fp16_overflow,
            _rms_length,
            _axis,
            _checkpoint,
            _zero,
            _traffic,
            _merge,
            _ellipse_axes,
            _qk_bound,
            _outlier,
            _derf,
            _frozen,
        )
    )
    + tuple(Exercise(f.__name__[1:], f, needs_torch=True) for f in (_grad_path, _stack_growth))
    + tuple(Exercise(f.__name__[1:], f, needs_torch=True, needs_model=True) for f in (_model_share, _model_gap))
)
SEED_MAX = 999_999


def make_set(seed: int) -> list[Problem]:
    """Every exercise of the bank, drawn from one ``random.Random(seed)``: the same seed, the same set.

    Without torch the exercises whose answers need torch (autograd, the model) are left out, without the model's
    files (``model_available``) the model's exercises: they come after the others, so the rest of the set stays
    the same."""
    if int(seed) != seed or not 0 <= seed <= SEED_MAX:
        raise ValueError(f"seed must be an integer in 0..{SEED_MAX}; got {seed!r}")
    rng = random.Random(int(seed))
    with_torch = _xp.torch_installed()
    with_model = with_torch and model_available()
    return [ex.make(rng) for ex in BANK if (with_torch or not ex.needs_torch) and (with_model or not ex.needs_model)]


# --- reading and checking an answer -------------------------------------------------------------

STATUSES = ("right", "wrong", "malformed")
_SEPARATORS = re.compile(r"[\s,;、]+")
_DECIMAL_COMMA = re.compile(r"^[+-]?\d+,\d+$")
_THOUSANDS_COMMA = re.compile(r"^[+-]?\d{1,3}(,\d{3})+$")  # 8,192: a thousands separator or a decimal comma
_BRACKETS = "()[]{}【】"


@dataclass(frozen=True)
class Verdict:
    status: str  # "right" | "wrong" | "malformed"
    reason: str = ""  # for malformed: i18n key suffix exercise.err.<reason>
    got: tuple[float, ...] | str | None = None  # what was read
    error: float = float("nan")  # largest absolute deviation (numbers, vectors)


class AnswerError(ValueError):
    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def normalize_text(text) -> str:
    """NFKC (full-width digits and punctuation become ASCII), the minus sign −, and no outer spaces."""
    s = unicodedata.normalize("NFKC", "" if text is None else str(text))
    return s.replace("−", "-").replace("–", "-").replace("∞", "inf").strip()


def _number(token: str) -> float:
    try:
        v = float(token)
    except ValueError:
        raise AnswerError("not_number") from None
    if not math.isfinite(v):
        raise AnswerError("not_finite")
    return v


def parse_number(text) -> float:
    s = normalize_text(text).strip(_BRACKETS).strip()
    if not s:
        raise AnswerError("empty")
    if _THOUSANDS_COMMA.match(s):
        raise AnswerError("thousands_comma")
    if _DECIMAL_COMMA.match(s):
        raise AnswerError("decimal_comma")
    if len(_SEPARATORS.split(s)) > 1:
        raise AnswerError("one_number")
    return _number(s)


def parse_vector(text, n: int) -> tuple[float, ...]:
    s = normalize_text(text)
    if not s:
        raise AnswerError("empty")
    tokens = [tok for tok in _SEPARATORS.split(s.strip(_BRACKETS)) if tok]
    if not tokens:
        raise AnswerError("empty")
    values = tuple(_number(tok) for tok in tokens)
    if len(values) != n:
        # "1,5" for a decimal: commas separate components here, so say so with the count
        raise AnswerError("count_comma" if re.search(r"\d,\d", s) else "count")
    return values


def check(problem: Problem, answer) -> Verdict:
    """Read ``answer`` (text for numbers and vectors, a choice key or None for choices) and judge it."""
    try:
        if problem.answer_kind == "choice":
            if answer is None or answer == "":
                raise AnswerError("no_choice")
            if answer not in problem.choices:
                raise AnswerError("unknown_choice")
            return Verdict("right" if answer == problem.answer else "wrong", got=str(answer))
        if problem.answer_kind == "number":
            got = (parse_number(answer),)
            want = (float(problem.answer),)
        else:
            want = tuple(problem.answer)
            got = parse_vector(answer, len(want))
    except AnswerError as err:
        return Verdict("malformed", reason=err.reason)
    error = max(abs(g - w) for g, w in zip(got, want))
    ok = error <= problem.tol + 1e-9 * max(1.0, max(abs(w) for w in want))
    return Verdict("right" if ok else "wrong", got=got, error=error)
