"""Widgets, cached computations and readouts of the beyond page (DyT and Derf, QK-norm, nGPT, Peri-Norm, outliers).

Every widget key is ``beyond.<name>`` and names its URL parameter (``PARAMS``, through ``links``). Each
section's numbers and packed figures are cached together, keyed by everything they show.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
import streamlit as st

from normviz import _xp, beyond, residual
from normviz.figures import beyond as figs
from normviz.figures import residual as residual_figs
from normviz.figures.typed import typed_arrays as packed
from normviz.format import (
    decimals,
    decimals_vector,
    scientific,
    scientific_log10,
    shortest,
    shortest_vector,
    significant,
    subscript,
)
from normviz.methods import METHODS
from normviz.ui.kit import links
from normviz.ui.kit.cache import cached
from normviz.ui.kit.controls import keyed_slider
from normviz.ui.kit.tables import display_equations, markdown_table

PAGE = "beyond"
# DyT next to LayerNorm and RMSNorm
DIMS = ("2D", "3D")
ALPHA_BOUNDS = (0.05, 3.0, 0.05)
X_BOUNDS = (-6.0, 6.0, 0.1)
DEFAULT_X = (2.0, 0.5, -1.0)
PART_OFFSET, PART_OUTLIER = 100.0, 1000.0  # "where they part": x + 100·𝟏, and x with x₁ = 1000
RAY_REACH = 3.0  # DyT(t·x) for 0 ≤ t ≤ 3
# Derf beside DyT
SHIFT_BOUNDS = (-2.0, 2.0, 0.1)
RMS_CHOICES = ("0.25", "0.5", "1", "2", "4", "8")  # the input RMS r whose LayerNorm slope 1/r DyT and Derf match
MATCH_N, MATCH_SEED = 64, 0  # that input: 64 coordinates from a fixed random generator, centred, scaled to RMS r
POWERS = {2: "²", 3: "³"}  # ℝ², the square (−1, 1)², the cube (−1, 1)³: the picture's dimensions
# QK-norm
HEAD_DIMS = ("4", "16", "64", "128")
QK_NORM_LABELS = {k: METHODS[k].label for k in beyond.QK_NORMS}
GAIN_BOUNDS = (0.25, 2.0, 0.05)
QK_SCALES = ("0.1", "0.2", "0.5", "1", "2", "5", "10", "20", "50")
QK_KEYS, QK_SEED = 4, 0
QK_SWEEP = tuple(float(f"{v:.6g}") for v in np.logspace(-1, math.log10(50.0), 41))
# nGPT
NGPT_ALPHA_BOUNDS = (0.05, 1.0, 0.05)
NGPT_STEPS = (1, 24)
NGPT_GAIN_BOUNDS = (0.25, 2.0, 0.05)
NGPT_H0, NGPT_SEED = (0.0, 0.0, 1.0), 0
# outliers
OUTLIERS = ("0", "1", "2", "5", "10", "20", "50", "100", "200", "500", "1000", "2000", "5000")
OUTLIER_DIMS = ("8", "64", "512", "4096")
OUTLIER_SEED = 0
OUTLIER_SWEEP = (0.0, *(float(f"{v:.6g}") for v in np.logspace(-1, 4, 41)))
OUTLIER_SHOWN = 16  # coordinates drawn in the lower panel
PERI_SHOWN = ("pre", "peri", "ngpt")


def key(name: str) -> str:
    """The page's widget key (and URL parameter) for ``name``: ``beyond.<name>``."""
    return f"{PAGE}.{name}"


PARAMS = (
    links.choice(key("dim"), key("dim"), DIMS, "2D"),
    links.number(key("alpha"), key("alpha"), *ALPHA_BOUNDS[:2], beyond.DYT_ALPHA),
    links.number(key("shift"), key("shift"), *SHIFT_BOUNDS[:2], beyond.DERF_SHIFT),
    links.choice(key("rms"), key("rms"), RMS_CHOICES, "2"),
    *(links.number(key(f"x{i}"), key(f"x{i}"), *X_BOUNDS[:2], DEFAULT_X[i - 1]) for i in (1, 2, 3)),
    links.choice(key("d"), key("d"), HEAD_DIMS, "64"),
    links.choice(key("qknorm"), key("qknorm"), tuple(QK_NORM_LABELS.values()), QK_NORM_LABELS["rms"]),
    links.number(key("gamma"), key("gamma"), *GAIN_BOUNDS[:2], 1.0),
    links.choice(key("scale"), key("scale"), QK_SCALES, "10"),
    links.number(key("ngpt_alpha"), key("ngpt_alpha"), *NGPT_ALPHA_BOUNDS[:2], 0.3),
    links.integer(key("layers"), key("layers"), *NGPT_STEPS, 8),
    links.number(key("pre_gain"), key("pre_gain"), *NGPT_GAIN_BOUNDS[:2], 1.0),
    links.choice(key("outlier"), key("outlier"), OUTLIERS, "100"),
    links.choice(key("D"), key("D"), OUTLIER_DIMS, "64"),
)


def check_link(t) -> None:
    """Read the page's link values before its widgets (one warning for the bad ones)."""
    links.load(t, PARAMS)


def formula(lines) -> str:
    """A section's LaTeX lines (``beyond.*_TEX``) as display equations."""
    return display_equations(lines)


# --- DyT ---------------------------------------------------------------------------------------------------


def dyt_controls(t) -> None:
    left, middle, right = st.columns([1, 2, 2])
    left.segmented_control(t("beyond.dim"), list(DIMS), key=key("dim"), required=True)
    keyed_slider(
        middle,
        t("beyond.alpha"),
        *ALPHA_BOUNDS[:2],
        step=ALPHA_BOUNDS[2],
        key=key("alpha"),
        help=t("beyond.alpha.help"),
    )
    keyed_slider(
        right, t("beyond.shift"), *SHIFT_BOUNDS[:2], step=SHIFT_BOUNDS[2], key=key("shift"), help=t("beyond.shift.help")
    )
    for i, col in zip(range(1, dyt_dimension() + 1), st.columns(3)):
        keyed_slider(
            col,
            t("beyond.x", i=subscript(i)),
            *X_BOUNDS[:2],
            step=X_BOUNDS[2],
            key=key(f"x{i}"),
            help=t("beyond.x.help"),
        )


def dyt_dimension() -> int:
    return 3 if st.session_state.get(key("dim")) == "3D" else 2


def chosen_x() -> tuple[float, ...]:
    return tuple(round(float(st.session_state[key(f"x{i}")]), 10) for i in range(1, dyt_dimension() + 1))


def chosen_alpha() -> float:
    return round(float(st.session_state[key("alpha")]), 10)


def chosen_shift() -> float:
    return round(float(st.session_state[key("shift")]), 10)


def chosen_rms() -> float:
    return float(st.session_state[key("rms")])


class DytView(NamedTuple):
    cmp: beyond.DytComparison
    parts: tuple[beyond.Parting, ...]
    derf: beyond.DerfPicture
    curves: beyond.SquashCurves
    space: dict  # packed figures
    jacobians: dict
    curves_figure: dict


@cached(64)
def dyt_view(x: tuple, alpha: float, shift: float, t, projector: bool, backend: _xp.Backend) -> DytView:
    """DyT, LayerNorm and RMSNorm of x (ε = 0), where DyT and LayerNorm part, Derf beside DyT (the same α, shift
    s), the two curves, and the three packed figures."""
    cmp = beyond.compare_dyt(x, alpha=alpha, eps=0.0, backend=backend)
    parts = beyond.where_they_part(x, alpha=alpha, eps=0.0, offset=PART_OFFSET, outlier=PART_OUTLIER)
    ray = beyond.dyt_ray(x, alpha=alpha, reach=RAY_REACH)
    picture = beyond.derf_picture(
        x, alpha=alpha, shift=shift, half_width=figs.dyt_extent(x), reach=RAY_REACH, backend=backend
    )
    curves = beyond.squash_curves(alpha=alpha, shift=shift)
    return DytView(
        cmp,
        parts,
        picture,
        curves,
        packed(figs.dyt_figure(cmp, ray, t, projector=projector, derf=picture)),
        packed(figs.jacobian_figure(cmp, t, projector=projector)),
        packed(figs.squash_figure(curves, t, projector=projector)),
    )


def dyt_text(t, cmp: beyond.DytComparison) -> str:
    """DyT(x) against x, LayerNorm(x) and RMSNorm(x), computed."""
    n = cmp.x.size
    if cmp.norm_x == 0.0:
        return t("beyond.dyt.zero")

    def output(y) -> str:
        return decimals_vector(y, 4) if np.all(np.isfinite(y)) else t("beyond.undefined")

    return t(
        "beyond.dyt.reading",
        x=decimals_vector(cmp.x, 2),
        dyt=decimals_vector(cmp.dyt, 4),
        ln=output(cmp.ln),
        rms=output(cmp.rms),
        cos=decimals(cmp.cosine, 4),
        norm=decimals(cmp.norm_dyt, 4),
        linear=decimals(cmp.alpha * cmp.norm_x, 4),
        root=decimals(math.sqrt(n), 4),
        top=near_one(float(np.max(np.abs(cmp.dyt))), beyond.log10_gap_to_bound("dyt", cmp.alpha * cmp.x)),
        gap=decimals(cmp.distance_ln, 4, nan=t("beyond.undefined")),
    )


def derf_text(t, pic: beyond.DerfPicture) -> str:
    """Derf(x) beside DyT(x), and what each does to the picture's box [−E, E]ⁿ (the shift moves Derf's)."""
    n = pic.x.size
    reading = (
        t("beyond.derf.zero", s=shortest(pic.shift), value=decimals(float(pic.derf[0]), 4))
        if not np.any(pic.x)
        else t(
            "beyond.derf.reading",
            s=shortest(pic.shift),
            derf=decimals_vector(pic.derf, 4),
            cos=decimals(pic.cosine, 4, nan=t("beyond.undefined")),
            top=near_one(
                float(np.max(np.abs(pic.derf))), beyond.log10_gap_to_bound("derf", pic.alpha * pic.x + pic.shift)
            ),
        )
    )
    values = dict(
        power=POWERS[n],
        e=shortest(pic.half_width),
        dlo=decimals(pic.box_dyt[0], 3),
        dhi=decimals(pic.box_dyt[1], 3),
        elo=decimals(pic.box_derf[0], 3),
        ehi=decimals(pic.box_derf[1], 3),
        centre=decimals(pic.centre_derf, 3),
        s=shortest(pic.shift),
        start=decimals(float(pic.ray[0, 0]), 3),
    )
    box = t("beyond.derf.box", **values)
    if pic.shift == 0:
        moved = t("beyond.derf.box.centred", **values)
    elif values["centre"] == decimals(0.0, 3):  # both ends saturated to the digits shown: the shift does not show
        moved = t("beyond.derf.box.saturated", **values)
    else:
        moved = t("beyond.derf.box.shifted", **values)
    return "\n\n".join((reading, t.sentences([box, moved])))


def squash_text(t, curves: beyond.SquashCurves) -> str:
    """Each curve's slope at 0, where it reaches ±q of its bound, and what the shift does to Derf's window."""
    dyt, derf = curves.facts["dyt"], curves.facts["derf"]
    slope = t(
        "beyond.derf.slope.shifted" if derf.shift != 0 else "beyond.derf.slope",
        a=decimals(dyt.slope0, 3),
        d0=decimals(derf.slope0, 4),
        dmax=decimals(derf.steepest, 4),
        centre=decimals(derf.centre, 3),
        ratio=decimals(derf.steepest / dyt.steepest, 4),
    )
    q = shortest(derf.level)
    saturation = t(
        "beyond.derf.saturation",
        q=q,
        pct=shortest(100 * derf.level),
        xd=decimals(dyt.saturation[1], 3),
        lo=decimals(derf.saturation[0], 3),
        hi=decimals(derf.saturation[1], 3),
    )
    window = t(
        "beyond.derf.window",
        wdyt=decimals(dyt.window, 3),
        wderf=decimals(derf.window, 3),
        ratio=decimals(dyt.window / derf.window, 4),
        q=q,
    )
    return t.sentences([slope, saturation, window])


def match_controls(t) -> None:
    st.select_slider(t("beyond.rms"), RMS_CHOICES, key=key("rms"), help=t("beyond.rms.help", n=MATCH_N))


@cached(16)
def match_view(rms: float, backend: _xp.Backend) -> beyond.SlopeMatch:
    return beyond.slope_match(rms, n=MATCH_N, seed=MATCH_SEED, backend=backend)


def match_text(t, m: beyond.SlopeMatch, alpha: float) -> str:
    """The α at which DyT's and Derf's slopes at 0 equal LayerNorm's 1/σ, measured; and the RMS the current α fits."""
    dyt, derf = beyond.squash("dyt", alpha=alpha), beyond.squash("derf", alpha=alpha, shift=0.0)
    return t(
        "beyond.derf.match",
        n=m.n,
        r=shortest(m.rms),
        gain=decimals(m.predicted, 4),
        measured=decimals(m.ln_gain, 4),
        ones=scientific(m.ln_along_ones, 1),
        along=scientific(m.ln_along_x, 1),
        adyt=decimals(m.alpha_dyt, 4),
        aderf=decimals(m.alpha_derf, 4),
        mdyt=decimals(m.dyt_slope, 4),
        mderf=decimals(m.derf_slope, 4),
        alpha=shortest(alpha),
        rdyt=decimals(dyt.matched_rms, 4),
        rderf=decimals(derf.matched_rms, 4),
    )


def reported_table(t) -> str:
    """Chen et al.'s numbers (``beyond.DERF_REPORTED``), as they report them: LayerNorm, DyT, Derf per benchmark."""
    unit = {"vit": " %", "dit": ""}
    rows = [
        [
            t(f"beyond.derf.reported.{r.key}"),
            *(decimals(v, r.digits) + unit[r.key] for v in (r.layer_norm, r.dyt, r.derf)),
            decimals(r.derf_minus_ln, r.digits),
        ]
        for r in beyond.DERF_REPORTED
    ]
    header = [t("beyond.derf.reported.col.bench"), "LayerNorm", "DyT", "Derf", t("beyond.derf.reported.col.diff")]
    return markdown_table(header, rows, "lrrrr")


def reported_text(t) -> str:
    vit, dit = beyond.DERF_REPORTED
    return t(
        "beyond.derf.reported.text",
        vit=decimals(vit.derf_minus_ln, vit.digits),
        vit_dyt=decimals(vit.derf_minus_dyt, vit.digits),
        dit=decimals(dit.derf_minus_ln, dit.digits),
        dit_dyt=decimals(dit.derf_minus_dyt, dit.digits),
    )


def regime_text(t) -> str:
    """Verma's result on DyT (``beyond.VERMA_REPORTED``), as that paper's claim."""
    c = beyond.VERMA_REPORTED
    return t(
        "beyond.derf.regime",
        p0=c.params[0],
        p1=c.params[1],
        t0=c.tokens[0],
        t1=c.tokens[1],
        lower=decimals(c.lower_small, 1),
        higher=decimals(c.higher_large, 1),
        gone=decimals(c.higher_small_largest, 1),
        worst=decimals(c.higher_large_worst, 1),
        sat0=shortest(c.saturated_small),
        sat1=shortest(c.saturated_large),
        tp=shortest(c.tokens_per_param),
    )


def near_one(value: float, log10_gap: float) -> str:
    """A value in [0, 1) that may round to 1.0000: then 1 − its gap, computed on its own
    (``beyond.log10_gap_to_bound``: a tanh beyond about 19.06, an erf beyond 5.93, is 1 in float64, not in fact)."""
    if value < 0.99995:
        return decimals(value, 4)
    return f"1 − {scientific_log10(log10_gap, 2)}"


def jacobian_text(t, cmp: beyond.DytComparison) -> str:
    """What each Jacobian does, measured (``beyond.jacobian_facts``): DyT's untouched outputs and its diagonal;
    LayerNorm's mixing, its two forgotten directions and any output frozen at ±√(n − 1)."""
    f = beyond.jacobian_facts(cmp)
    n = f.n
    dyt = t(
        "beyond.jac.dyt",
        untouched=f.dyt_untouched,
        off=f.off_diagonal,
        diagonal=decimals_vector(np.diag(cmp.jacobian_dyt), 4),
        alpha=decimals(cmp.alpha, 2),
    )
    if not f.ln_defined:
        return t.sentences([dyt, t("beyond.jac.ln.undefined")])
    values = dict(
        mixed=f.ln_mixed,
        off=f.off_diagonal,
        rank=f.ln_rank,
        n=n,
        ones=significant(f.ln_ones, 2),
        along=significant(f.ln_along, 2),
    )
    if f.ln_mixed == 0:  # n = 2 at ε = 0: the zero matrix
        return t.sentences([dyt, t("beyond.jac.ln.zero", **values)])
    parts = [dyt, t("beyond.jac.ln", **values)]
    if f.ln_frozen:
        parts.append(
            t(
                "beyond.jac.ln.frozen",
                outputs=", ".join(f"y{subscript(i + 1)} = {decimals(cmp.ln[i], 4)}" for i in f.ln_frozen),
                root=decimals(math.sqrt(n - 1), 4),
            )
        )
    return t.sentences(parts)


def parting_table(t, parts: tuple[beyond.Parting, ...]) -> str:
    rows = [
        [
            t(f"beyond.part.{p.case}", c=shortest(PART_OFFSET), big=shortest(PART_OUTLIER)),
            shortest_vector(p.x),
            decimals_vector(p.dyt, 3),
            decimals_vector(p.ln, 3),
            decimals(p.distance, 4, nan="—"),
            decimals(p.limit, 4, nan="—"),
        ]
        for p in parts
    ]
    header = [t(f"beyond.part.col.{c}") for c in ("case", "x", "dyt", "ln", "gap", "limit")]
    return markdown_table(header, rows, "llllrr")


def parting_text(t, parts: tuple[beyond.Parting, ...]) -> str:
    base, offset, outlier = parts
    if math.isnan(base.distance):
        return t("beyond.part.undefined", c=shortest(PART_OFFSET))
    return t(
        "beyond.part.text",
        base=decimals(base.distance, 4),
        shift=shortest(PART_OFFSET),
        offset=decimals(offset.distance, 4),
        offset_limit=decimals(offset.limit, 4),
        big=shortest(PART_OUTLIER),
        outlier=decimals(outlier.distance, 4),
        outlier_limit=decimals(outlier.limit, 4),
    )


# --- QK-norm -----------------------------------------------------------------------------------------------


def qk_controls(t) -> None:
    a, b = st.columns(2)
    a.segmented_control(
        t("beyond.qk.d"), list(HEAD_DIMS), key=key("d"), required=True, help=t("beyond.qk.d.help", m=QK_KEYS)
    )
    b.segmented_control(t("beyond.qk.norm"), list(QK_NORM_LABELS.values()), key=key("qknorm"), required=True)
    c, d = st.columns(2)
    keyed_slider(
        c, t("beyond.qk.gain"), *GAIN_BOUNDS[:2], step=GAIN_BOUNDS[2], key=key("gamma"), help=t("beyond.qk.gain.help")
    )
    d.select_slider(t("beyond.qk.scale"), QK_SCALES, key=key("scale"), help=t("beyond.qk.scale.help"))


def qk_choice() -> tuple[int, str, float, float]:
    """(d, norm key, γ, s)."""
    label = st.session_state.get(key("qknorm"))
    norm = next((k for k, lab in QK_NORM_LABELS.items() if lab == label), "rms")
    return (
        int(st.session_state[key("d")]),
        norm,
        round(float(st.session_state[key("gamma")]), 10),
        float(st.session_state[key("scale")]),
    )


@cached(8)
def qk_inputs(d: int) -> tuple[np.ndarray, np.ndarray]:
    """One query and ``QK_KEYS`` keys of d coordinates from a fixed random generator (standard normal draws)."""
    rng = np.random.default_rng(QK_SEED)
    q, k = rng.standard_normal(d), rng.standard_normal((QK_KEYS, d))
    q.flags.writeable = k.flags.writeable = False
    return q, k


@cached(64)
def qk_view(
    d: int, norm: str, gain: float, scale: float, t, projector: bool, backend: _xp.Backend
) -> tuple[beyond.QKSweep, beyond.QKSweep, dict]:
    """The sweep over ``QK_SWEEP``, the two scales 1 and s, and the packed figure with s marked."""
    q, k = qk_inputs(d)
    g = np.full(d, gain)
    sweep = beyond.qk_sweep(q, k, QK_SWEEP, norm=norm, gamma_q=g, gamma_k=g, eps=0.0, backend=backend)
    here = beyond.qk_sweep(q, k, (1.0, scale), norm=norm, gamma_q=g, gamma_k=g, eps=0.0, backend=backend)
    return sweep, here, packed(figs.qk_figure(sweep, t, projector=projector, current=scale))


def qk_text(t, sweep: beyond.QKSweep, here: beyond.QKSweep, d: int, gain: float) -> str:
    """At the chosen s: the plain logits (s² times their size at 1), the softmax collapsed or not, its entropy;
    with QK-norm: the largest logit under the cap and the same entropy at every s of the sweep."""
    plain, normed, others = here.max_plain, here.max_normed, here.others_plain
    top = float(np.max(here.probs_plain[1]))
    softmax = (
        t("beyond.qk.softmax.collapsed", rest=significant(float(others[1]), 2))
        if others[1] < 0.01
        else t("beyond.qk.softmax.spread", top=decimals(top, 4), m=QK_KEYS)
    )
    return t(
        "beyond.qk.reading",
        s=shortest(float(here.scales[1])),
        plain1=significant(float(plain[0]), 4),
        plain=significant(float(plain[1]), 4),
        square=shortest(float(here.scales[1]) ** 2),
        softmax=softmax,
        entropy=significant(float(here.entropy_plain[1]), 3),
        entropy1=significant(float(here.entropy_plain[0]), 3),
        logm=decimals(math.log(QK_KEYS), 4),
        m=QK_KEYS,
        normed=decimals(float(normed[1]), 3),
        bound=decimals(here.bound, 3),
        d=d,
        g=decimals(gain, 2),
        entropy_normed=significant(float(here.entropy_normed[1]), 3),
        low=shortest(QK_SWEEP[0]),
        high=shortest(QK_SWEEP[-1]),
        spread=significant(sweep.normed_spread, 2),
    )


# --- nGPT --------------------------------------------------------------------------------------------------


def ngpt_controls(t) -> None:
    a, b, c = st.columns(3)
    keyed_slider(
        a,
        t("beyond.ngpt.alpha"),
        *NGPT_ALPHA_BOUNDS[:2],
        step=NGPT_ALPHA_BOUNDS[2],
        key=key("ngpt_alpha"),
        help=t("beyond.ngpt.alpha.help", start=residual.NGPT_ALPHA),
    )
    keyed_slider(b, t("beyond.ngpt.steps"), *NGPT_STEPS, step=1, key=key("layers"))
    keyed_slider(
        c,
        t("beyond.ngpt.gain"),
        *NGPT_GAIN_BOUNDS[:2],
        step=NGPT_GAIN_BOUNDS[2],
        key=key("pre_gain"),
        help=t("beyond.ngpt.gain.help"),
    )


def ngpt_choice() -> tuple[float, int, float]:
    return (
        round(float(st.session_state[key("ngpt_alpha")]), 10),
        int(st.session_state[key("layers")]),
        round(float(st.session_state[key("pre_gain")]), 10),
    )


@cached(64)
def ngpt_view(
    alpha: float, steps: int, gain: float, t, projector: bool
) -> tuple[beyond.SpherePath, beyond.PlainStream, dict, dict]:
    path = beyond.ngpt_path(NGPT_H0, alpha=alpha, steps=steps, seed=NGPT_SEED)
    plain = beyond.pre_norm_path(NGPT_H0, gain=gain, steps=steps, seed=NGPT_SEED)
    return (
        path,
        plain,
        packed(figs.sphere_figure(path, plain, t, projector=projector)),
        packed(figs.stream_norms_figure(path, plain, t, projector=projector)),
    )


def ngpt_text(t, path: beyond.SpherePath, plain: beyond.PlainStream) -> str:
    return t(
        "beyond.ngpt.reading",
        steps=len(path.targets),
        off=significant(float(np.max(np.abs(path.norms - 1.0))), 2),
        angle=decimals(math.degrees(float(np.mean(path.angles))), 1),
        alpha=decimals(path.alpha, 2),
        pre=decimals(float(plain.norms[-1]), 3),
        start=decimals(float(plain.norms[0]), 3),
        expected=decimals(float(plain.expected_norms[-1]), 3),
        g=decimals(plain.gain, 2),
    )


# --- Peri-Norm ---------------------------------------------------------------------------------------------


def torch_available() -> bool:
    """The residual stack runs in torch (autograd); without it the section explains instead of drawing."""
    return _xp.torch_installed()


@cached(4)
def peri_view(t, projector: bool, backend: _xp.Backend) -> tuple[beyond.StackTops, dict]:
    """The residual page's default stack (RMSNorm): its tops and the packed figure with Pre, Peri and nGPT."""
    comp = residual.compare(residual.StackConfig(), backend=backend)
    figure = residual_figs.comparison_figure(comp, t, projector=projector, shown=PERI_SHOWN)
    return beyond.stack_tops(comp, "rms"), packed(figure)


def tops_values(tops: beyond.StackTops) -> dict[str, object]:
    """The stack's tops as a statement quotes them (this page's and the lesson's closing step's)."""
    return {
        "depth": tops.depth,
        "width": tops.width,
        **{
            name: decimals(value, 2)
            for name, value in (
                ("start", tops.start),
                ("pre", tops.pre_top),
                ("peri", tops.peri_top),
                ("estimate", tops.peri_estimate),
                ("ngpt", tops.ngpt_top),
                ("root", tops.root_width),
            )
        },
    }


def peri_text(t, tops: beyond.StackTops) -> str:
    return t("beyond.peri.reading", **tops_values(tops))


# --- outliers ----------------------------------------------------------------------------------------------


def outlier_controls(t) -> None:
    a, b = st.columns([3, 1])
    a.select_slider(t("beyond.out.s"), OUTLIERS, key=key("outlier"), help=t("beyond.out.s.help"))
    b.segmented_control(t("beyond.out.D"), list(OUTLIER_DIMS), key=key("D"), required=True)


def outlier_choice() -> tuple[int, float]:
    return int(st.session_state[key("D")]), float(st.session_state[key("outlier")])


@cached(8)
def outlier_rest(dim: int) -> np.ndarray:
    """The D − 1 ordinary coordinates: standard normal draws from a fixed random generator."""
    r = np.random.default_rng(OUTLIER_SEED).standard_normal(dim - 1)
    r.flags.writeable = False
    return r


@cached(64)
def outlier_view(
    dim: int, s: float, t, projector: bool, backend: _xp.Backend
) -> tuple[beyond.OutlierEffect, beyond.OutlierEffect, beyond.OutlierCurve, dict]:
    """The outlier at s and at 0 through the three maps, the factor curves (the sweep with s in it), the figure."""
    rest = outlier_rest(dim)
    effect = beyond.outlier_effect(rest, s, eps=0.0, backend=backend)
    quiet = beyond.outlier_effect(rest, 0.0, eps=0.0, backend=backend)
    curve = beyond.outlier_curve(rest, (*OUTLIER_SWEEP, s), eps=0.0, backend=backend)
    figure = figs.outlier_figure(effect, curve, t, projector=projector, shown=OUTLIER_SHOWN)
    return effect, quiet, curve, packed(figure)


def outlier_text(t, effect: beyond.OutlierEffect, quiet: beyond.OutlierEffect, curve: beyond.OutlierCurve) -> str:
    """RMSNorm's factor predicted and measured; LayerNorm's spread factor and shift; DyT untouched."""
    others, limits, dim = effect.others, effect.limits, effect.x.size
    here = curve.at(effect.s)
    rms = t(
        "beyond.out.rms",
        s=shortest(effect.s),
        dim=dim,
        factor=decimals(effect.rms_factor, 4),
        rest=decimals(effect.rest_norm, 3),
        measured=decimals(float(curve.rms_measured[here]), 4),
        error=significant(abs(float(curve.rms_measured[here]) - effect.rms_factor), 2),
        own=decimals(float(effect.rms[effect.index]), 3),
        root=decimals(limits["rms_outlier"], 3),
    )
    ln = t(
        "beyond.out.ln",
        factor=decimals(effect.ln_factor, 4),
        shift=decimals(effect.ln_shift, 4),
        limit=decimals(limits["ln_shift"], 4),
        own=decimals(float(effect.ln[effect.index]), 3),
        root=decimals(limits["ln_outlier"], 3),
    )
    dyt = t(
        "beyond.out.dyt",
        change=significant(float(np.max(np.abs(effect.dyt[others] - quiet.dyt[others]))), 2),
        own=near_one(
            float(effect.dyt[effect.index]), beyond.log10_gap_to_bound("dyt", effect.alpha * effect.x[effect.index])
        ),
        alpha=decimals(effect.alpha, 2),
        error=significant(max(curve.rms_error, curve.ln_error), 2),
        count=len(curve.scales),
        high=shortest(float(curve.scales[-1])),
    )
    return "\n\n".join((rms, ln, dyt))
