"""Widgets, cached computations and tables of the invariance page."""

from __future__ import annotations

import numpy as np
import streamlit as st

from normviz import _xp, analysis
from normviz.geometry import vector_stats
from normviz.figures import invariance as figs
from normviz.norms import METHODS
from normviz.ui.controls import EPS_CHOICES, eps_control
from normviz.ui.urlcheck import warn_invalid_params
from normviz.ui.vector_text import vector_text
from normviz.ui.views import fmt, fmt_vector, markdown_table

DEFAULT_X = (1.0, 2.0, 3.0)
A_BOUNDS = (-3.0, 3.0)
C_BOUNDS = (-20.0, 20.0)
SHIFT_BOUNDS = (-1e4, 1e4)
SCALE_CHOICES = ("0.01", "0.1", "1", "10", "100", "1000")
SPECS = {"a": A_BOUNDS, "c": C_BOUNDS, "eps": EPS_CHOICES, "shift": SHIFT_BOUNDS, "scale": SCALE_CHOICES}
MAX_N = 64


def controls(t) -> tuple[tuple[float, ...], float, float, float | None]:
    """x as text, the scale a, the shift c and ε, all in the URL."""
    warn_invalid_params(t, SPECS)
    x = vector_text(t, key="x", label=t("inv.x"), default=DEFAULT_X, min_n=2, max_n=MAX_N, max_abs=1e4)
    left, right = st.columns(2)
    a = left.slider(t("inv.a"), *A_BOUNDS, 2.0, 0.05, key="a", bind="query-params", help=t("inv.a.help"))
    c = right.slider(t("inv.c"), *C_BOUNDS, 3.0, 0.5, key="c", bind="query-params", help=t("inv.c.help"))
    eps = eps_control(t, default="0", help_key="inv.eps.help")  # the invariances are exact only at ε = 0
    return x, float(a), float(c), eps


@st.cache_data(max_entries=128, show_spinner=False)
def transformed(x, a: float, c: float, eps, backend: _xp.Backend) -> analysis.Transformed:
    return analysis.transformed(x, a, c, eps=eps, backend=backend)


@st.cache_data(max_entries=64, show_spinner=False)
def grid(x, eps, backend: _xp.Backend) -> analysis.InvarianceGrid:
    return analysis.invariance_grid(x, eps=eps, backend=backend)


@st.cache_data(max_entries=128, show_spinner=False)
def distance_figure(data: analysis.InvarianceGrid, a: float, c: float, lang: str, projector: bool):
    return figs.distance_figure(data, a, c, lang=lang, projector=projector).to_dict()


def outputs_table(t, tr: analysis.Transformed) -> None:
    """f(x) next to f(a·x + c·1) and their distance, for each method."""
    header = [t("inv.col.method"), "f(x)", f"f({fmt(tr.a, 2)}·x + {fmt(tr.c, 1)}·1)", t("inv.col.distance")]
    rows = [[t("method.input"), fmt_vector(tr.x, 3), fmt_vector(tr.moved, 3), "—"]]
    rows += [[t(f"method.{m}"), fmt_vector(tr.reference[m], 3), fmt_vector(tr.outputs[m], 3), _dist(tr.distance[m])]
             for m in METHODS]
    st.markdown(markdown_table(header, rows, "lllr"))


def _sci(value: float) -> str:
    return f"{value:.1e}" if np.isfinite(value) else "NaN"


def _dist(value: float) -> str:
    if not np.isfinite(value):
        return "NaN"
    return "0" if value == 0.0 else f"{value:.2e}"


def case_message(t, tr: analysis.Transformed, eps) -> None:
    """What a ≤ 0 does, said for the current a and c; and a zero or constant x, said plainly."""
    stats = vector_stats(tr.x)
    if stats.norm == 0.0:
        st.info(t("msg.zero"), icon="ℹ️")
    elif stats.std == 0.0:
        st.info(t("msg.constant"), icon="ℹ️")
    if tr.case == "flip":
        st.warning(t("inv.case.flip", a=fmt(tr.a, 2)), icon="↔️")
    elif tr.case == "zero":
        ln_nan = not np.all(np.isfinite(tr.outputs["ln"]))
        st.warning(t("inv.case.zero_nan" if ln_nan else "inv.case.zero", c=fmt(tr.c, 1)), icon="⚠️")


def summary_table(t, data: analysis.InvarianceGrid) -> None:
    """Largest distance over a > 0 at c = 0 (scale only) and over a > 0 and every c (scale and shift)."""
    rows = [[t(f"method.{m}"), _sci(data.max_where(m, scale_only=True)), _sci(data.max_where(m, scale_only=False))]
            for m in METHODS]
    st.markdown(markdown_table([t("inv.col.method"), t("inv.col.scale_only"), t("inv.col.scale_shift")], rows, "lrr"))


def shift_input(t) -> float:
    return float(st.number_input(t("inv.shift"), *SHIFT_BOUNDS, 100.0, 1.0, key="shift", bind="query-params",
                                 help=t("inv.shift.help")))


@st.cache_data(max_entries=64, show_spinner=False)
def counterfactual(x, shift: float, eps, backend: _xp.Backend):
    return analysis.counterfactual(x, shift, eps=eps, backend=backend)


@st.cache_data(max_entries=64, show_spinner=False)
def counterfactual_figure(rows, lang: str, projector: bool):
    return figs.counterfactual_figure(rows, lang=lang, projector=projector).to_dict()


def _ratio(v) -> str:
    if not np.all(np.isfinite(v)):
        return "—"
    return " : ".join(f"{c:.3g}" for c in v) if len(v) <= 6 else " : ".join(f"{c:.3g}" for c in v[:5]) + " : …"


def counterfactual_table(t, rows) -> None:
    header = [t("inv.col.input"), t("inv.col.rms_value"), t("inv.col.rms_out"), t("inv.col.ratio"), t("inv.col.ln_out")]
    body = [[fmt_vector(r.x, 0 if np.all(r.x == np.round(r.x)) else 3), fmt(r.rms, 3), fmt_vector(r.rms_out, 3),
             _ratio(r.rms_ratio), fmt_vector(r.ln_out, 3)] for r in rows]
    st.markdown(markdown_table(header, body, "lrlll"))


def scale_control(t) -> float:
    return float(st.select_slider(t("inv.scale"), SCALE_CHOICES, value="1000", key="scale", bind="query-params",
                                  help=t("inv.scale.help")))


@st.cache_data(max_entries=64, show_spinner=False)
def scale_demo(x, scale: float, eps, backend: _xp.Backend) -> analysis.ScaleDemo:
    return analysis.scale_demo(x, scale, eps=eps, backend=backend)


@st.cache_data(max_entries=64, show_spinner=False)
def softmax_figure(x, scale: float, eps, lang: str, projector: bool, backend: _xp.Backend):
    demo = analysis.scale_demo(x, scale, eps=eps, backend=backend)
    curve = analysis.saturation_curve(x, eps=eps, backend=backend)
    return figs.softmax_figure(demo, curve, lang=lang, projector=projector).to_dict()


def scale_table(t, demos) -> None:
    """Centred input, logits and softmax for s = 1 and the chosen s, without and with the division by σ."""
    header = [t("inv.col.s"), t("inv.col.path"), t("inv.col.vector"), t("inv.col.logits"), t("inv.col.softmax")]
    body = []
    for d in demos:
        body.append([f"{d.scale:g}", t("inv.path.centered"), fmt_vector(d.centered, 3), fmt_vector(d.logits_centered, 3),
                     fmt_vector(d.probs_centered, 4)])
        body.append([f"{d.scale:g}", t("inv.path.ln"), fmt_vector(d.ln, 3), fmt_vector(d.logits_ln, 3),
                     fmt_vector(d.probs_ln, 4)])
    st.markdown(markdown_table(header, body, "rllll"))
