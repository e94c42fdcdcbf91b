"""Widgets, cached computations and tables of the invariance page.

Every widget key is namespaced ``invariance.<name>`` (pages share one session
state) and is also its URL parameter. x and ε concern the whole page; a and c,
the shift, and the scale s each concern one section. The distance maps depend
on x and ε only and are cached as packed plotly JSON; moving a or c adds just
the three small marker traces to them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import streamlit as st

from normviz import _xp, invariance
from normviz.figures import invariance as figs
from normviz.figures.typed import typed_arrays as packed
from normviz.format import legible, legible_vector, shortest_vector
from normviz.methods import METHODS
from normviz.ui.kit import links
from normviz.ui.kit.cache import cached
from normviz.ui.kit.controls import eps_control, eps_param, eps_value, keyed_slider
from normviz.ui.kit.tables import markdown_table
from normviz.ui.kit.vector_field import current_vector, vector_field, vector_param

PAGE = "invariance"
DEFAULT_X = invariance.SEED_X
A_BOUNDS = (-3.0, 3.0)
C_BOUNDS = (-20.0, 20.0)
SHIFT_BOUNDS = (-1e4, 1e4)
SCALE_CHOICES = ("0.01", "0.1", "1", "10", "100", "1000")
MAX_N = 64


def key(name: str) -> str:
    """The page's widget key (and URL parameter) for ``name``: ``invariance.<name>``."""
    return f"{PAGE}.{name}"


# every widget's URL parameter, named by its key (x starts at the seed, ε at 0: the invariances are exact)
PARAMS = (
    vector_param(key("x"), DEFAULT_X),
    eps_param(key("eps"), "0"),
    links.number(key("a"), key("a"), *A_BOUNDS, 2.0),
    links.number(key("c"), key("c"), *C_BOUNDS, 3.0),
    links.number(key("shift"), key("shift"), *SHIFT_BOUNDS, invariance.SEED_SHIFT),
    links.choice(key("scale"), key("scale"), SCALE_CHOICES, "1000"),
)


def page_controls(t, *, on_eps_change=None) -> None:
    """x as text and ε, which every section uses (``x_and_eps``); the page's link values read first (one warning
    for bad ones). x's text reruns its own way (a bad entry is explained under the field); ``on_eps_change`` is
    ε's."""
    links.load(t, PARAMS)
    vector_field(t, key=key("x"), label=t("inv.x"), default=DEFAULT_X, min_n=2, max_n=MAX_N, max_abs=1e4)
    help_ = t("inv.eps.help", **{m: f"{METHODS[m].default_eps:g}" for m in METHODS})
    eps_control(t, key=key("eps"), help=help_, on_change=on_eps_change)


def x_and_eps() -> tuple[tuple[float, ...], float | None]:
    """x and ε as ``page_controls`` left them (for a fragment's rerun of its own)."""
    return current_vector(key("x"), DEFAULT_X), eps_value(st.session_state[key("eps")])


def x_message(t, x) -> None:
    """Say plainly when x is the zero vector or constant (exact tests: 1e-300 is not zero)."""
    case = invariance.degenerate(x)
    if case is not None:
        st.info(t(f"msg.{case}"), icon="ℹ️")


# ---------------------------------------------------------------------------
# a·x + c·𝟏


def scale_and_shift(t, *, on_change=None) -> None:
    """a and c, read by ``a_and_c``."""
    left, right = st.columns(2)
    keyed_slider(left, t("inv.a"), *A_BOUNDS, step=0.05, key=key("a"), help=t("inv.a.help"), on_change=on_change)
    keyed_slider(right, t("inv.c"), *C_BOUNDS, step=0.5, key=key("c"), help=t("inv.c.help"), on_change=on_change)


def a_and_c() -> tuple[float, float]:
    return float(st.session_state[key("a")]), float(st.session_state[key("c")])


@cached(128)
def transformed(x, a: float, c: float, eps, backend: _xp.Backend) -> invariance.Transformed:
    return invariance.transformed(x, a, c, eps=eps, backend=backend)


@dataclass(frozen=True)
class Maps:
    """What the distance maps show for one x and ε, whatever a and c do."""

    figure: dict  # packed plotly JSON, without the current (a, c)
    largest: dict[str, tuple[float, float]]  # per method: max over a > 0 at c = 0, and over a > 0 and every c
    holes: int  # grid points away from a = 0 where LayerNorm's output is 0/0


@cached(64)
def distance_maps(x, eps, t, projector: bool, backend: _xp.Backend) -> Maps:
    """The three maps for x and ε (packed) and their summary: built once, whatever a and c do."""
    grid = invariance.invariance_grid(x, eps=eps, backend=backend)
    largest = {m: (grid.max_where(m, scale_only=True), grid.max_where(m, scale_only=False)) for m in METHODS}
    return Maps(packed(figs.distance_maps(grid, t, projector=projector)), largest, grid.holes("ln"))


def with_markers(maps: Maps, a: float, c: float, t, projector: bool) -> dict:
    """The cached maps plus the current (a, c)."""
    markers = packed(figs.current_markers(a, c, t, projector=projector))
    return {"data": maps.figure["data"] + markers, "layout": maps.figure["layout"]}


def distance_text(t, value: float) -> str:
    if math.isnan(value):
        return t("inv.undefined")
    return "0" if value == 0.0 else f"{value:.2e}"


def outputs_table(t, tr: invariance.Transformed) -> None:
    """f(x) next to f(a·x + c·𝟏) and their distance, for each method."""
    header = [t("inv.col.method"), "f(x)", f"f({legible(tr.a, 2)}·x + {legible(tr.c, 1)}·𝟏)", t("inv.col.distance")]
    rows = [[t("method.input"), legible_vector(tr.x), legible_vector(tr.moved), "—"]]
    rows += [
        [
            t(f"method.{m}"),
            legible_vector(tr.reference[m]),
            legible_vector(tr.outputs[m]),
            distance_text(t, tr.distance[m]),
        ]
        for m in METHODS
    ]
    st.markdown(markdown_table(header, rows, "lllr"))


def case_message(t, tr: invariance.Transformed) -> None:
    """What a ≤ 0 does, said for the current a and c; and an input that rounded to a constant."""
    if tr.case == "flip":
        st.warning(t("inv.case.flip", a=legible(tr.a, 2)), icon="↔️")
    elif tr.case == "zero":
        ln_nan = not np.all(np.isfinite(tr.outputs["ln"]))
        st.warning(t("inv.case.zero_nan" if ln_nan else "inv.case.zero", c=legible(tr.c, 1)), icon="⚠️")
    if tr.rounded_to_constant:
        st.info(t("inv.case.rounded", c=legible(tr.c, 1)), icon="ℹ️")


def summary_table(t, maps: Maps) -> None:
    """Largest distance over a > 0 at c = 0 (scale only) and over a > 0 and every c (scale and shift)."""

    def sci(value: float) -> str:
        return f"{value:.1e}" if np.isfinite(value) else t("inv.undefined")

    rows = [[t(f"method.{m}"), *(sci(v) for v in maps.largest[m])] for m in METHODS]
    st.markdown(markdown_table([t("inv.col.method"), t("inv.col.scale_only"), t("inv.col.scale_shift")], rows, "lrr"))
    if maps.holes:
        st.caption(t("inv.map.holes"))


# ---------------------------------------------------------------------------
# x + shift·𝟏 under RMSNorm and LayerNorm


@cached(4)
def seed_counterfactual(backend: _xp.Backend):
    return invariance.counterfactual(DEFAULT_X, invariance.SEED_SHIFT, eps=0.0, backend=backend)


def counterfactual_text(t, backend: _xp.Backend) -> str:
    """The counterfactual's introduction, its numbers computed by the library for the seed (ε = 0)."""
    base, shifted = seed_counterfactual(backend)
    return t(
        "inv.cf.text",
        x=shortest_vector(base.x),
        shift=f"{invariance.SEED_SHIFT:g}",
        xs=shortest_vector(shifted.x),
        rms=f"{base.rms:.2f}",
        rms_s=f"{shifted.rms:.1f}",
        out=legible_vector(base.rms_out),
        out_s=legible_vector(shifted.rms_out),
        ratio=ratio_text(base.rms_ratio),
        ratio_s=ratio_text(shifted.rms_ratio),
        ln=legible_vector(base.ln_out),
    )


def shift_input(t, *, on_change=None) -> None:
    """The counterfactual's shift, read by ``current_shift``."""
    st.number_input(
        t("inv.shift"), *SHIFT_BOUNDS, step=1.0, key=key("shift"), help=t("inv.shift.help"), on_change=on_change
    )


def current_shift() -> float:
    return float(st.session_state[key("shift")])


@cached(64)
def counterfactual_view(x, shift: float, eps, t, projector: bool, backend: _xp.Backend):
    """x and x + shift·𝟏 under RMSNorm and LayerNorm, and their packed bar chart."""
    rows = invariance.counterfactual(x, shift, eps=eps, backend=backend)
    return rows, packed(figs.counterfactual_figure(rows, t, projector=projector))


def ratio_text(v) -> str:
    """1 : 2 : 3 (three significant digits), or — where the ratios are undefined."""
    if not np.all(np.isfinite(v)):
        return "—"
    parts = [f"{c:.3g}" for c in v]
    return " : ".join(parts if len(parts) <= 6 else parts[:5] + ["…"])


def counterfactual_table(t, rows) -> None:
    header = [t("inv.col.input"), t("inv.col.rms_value"), t("inv.col.rms_out"), t("inv.col.ratio"), t("inv.col.ln_out")]
    body = [
        [
            shortest_vector(r.x),
            legible(r.rms),
            legible_vector(r.rms_out),
            ratio_text(r.rms_ratio),
            legible_vector(r.ln_out),
        ]
        for r in rows
    ]
    st.markdown(markdown_table(header, body, "lrlll"))


# ---------------------------------------------------------------------------
# s·x without and with the division by σ


def scale_control(t, *, on_change=None) -> None:
    """The scale s, read by ``current_scale``."""
    st.select_slider(t("inv.scale"), SCALE_CHOICES, key=key("scale"), help=t("inv.scale.help"), on_change=on_change)


def current_scale() -> float:
    return float(st.session_state[key("scale")])


@cached(64)
def sigma_view(x, scale: float, eps, t, projector: bool, backend: _xp.Backend):
    """The scale demos at s = 1 and at ``scale``, and the packed softmax figure."""
    demos = [invariance.scale_demo(x, s, eps=eps, backend=backend) for s in (1.0, scale)]
    curve = invariance.saturation_curve(x, eps=eps, backend=backend)
    return demos, packed(figs.softmax_figure(demos[1], curve, t, projector=projector))


def scale_table(t, demos) -> None:
    """Centred input, logits and softmax for s = 1 and the chosen s, without and with the division by σ."""
    header = [t("inv.col.s"), t("inv.col.path"), t("inv.col.vector"), t("inv.col.logits"), t("inv.col.softmax")]
    body = []
    for d in demos:
        body.append(
            [
                f"{d.scale:g}",
                t("inv.path.centered"),
                legible_vector(d.centered),
                legible_vector(d.logits_centered),
                legible_vector(d.probs_centered, 4),
            ]
        )
        body.append(
            [
                f"{d.scale:g}",
                t("inv.path.ln"),
                legible_vector(d.ln),
                legible_vector(d.logits_ln),
                legible_vector(d.probs_ln, 4),
            ]
        )
    st.markdown(markdown_table(header, body, "rllll"))
