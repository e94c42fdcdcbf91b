"""Shared output pieces: cached computations, readout tables, honest messages."""

from __future__ import annotations

import math

import numpy as np
import streamlit as st
from plotly.basedatatypes import BaseFigure

from normviz import _xp, geometry
from normviz.figures._json import typed_arrays
from normviz.figures.describe import describe_figure
from normviz.methods import KEYS as METHODS


@st.cache_data(max_entries=512, show_spinner=False)
def cached_projection(scene: geometry.Scene, backend: _xp.Backend) -> geometry.Projection:
    """geometry.project, cached on the scene and backend (numpy results only)."""
    return geometry.project(scene, backend)


class _BuiltFigure(BaseFigure):
    """A figure dict that st.plotly_chart sends as it is.

    ``st.plotly_chart`` accepts any plotly figure and only calls ``to_dict()``
    on it; a plain dict would be built into a ``go.Figure`` first, validating
    every property (hundreds of ms with animation frames). The builders'
    validity is proven once, in the tests.
    """

    def __init__(self, spec: dict):  # noqa: D107 - deliberately not BaseFigure.__init__
        self._spec = spec

    def to_dict(self) -> dict:
        return self._spec


def chart(spec: dict, *, key: str, description: str | None = None) -> None:
    """Draw a figure dict (plotly JSON from ``normviz.figures``) with st.plotly_chart, numpy as typed arrays,
    and its text description below (``describe``: generic from the JSON unless ``description`` is given)."""
    st.plotly_chart(_BuiltFigure(typed_arrays(spec)), key=key, theme=None, config=plot_config())
    describe(spec, description)


def plot_config() -> dict:
    """plotly.js config of every figure: no logo; the camera button saves a PNG at twice the size."""
    return {"displaylogo": False, "toImageButtonOptions": {"format": "png", "scale": 2, "filename": "normviz"}}


def describe(spec: dict, description: str | None = None) -> str:
    """The figure's text description in a folded expander (read by screen readers, shown on demand)."""
    from normviz.ui.shell import translator

    t = translator()
    text = description or describe_figure(spec, t)
    with st.expander(t("access.describe.header"), icon=":material/description:"):
        st.text(text)
    return text


def fmt(value: float, digits: int = 4) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "NaN"
    if math.isinf(value):
        return "∞" if value > 0 else "−∞"
    return f"{value:.{digits}f}".replace("-", "−")


def fmt_vector(v: np.ndarray, digits: int = 4) -> str:
    return "(" + ", ".join(fmt(float(c), digits) for c in v) + ")"


def markdown_table(header: list[str], rows: list[list[str]], align: str | None = None) -> str:
    """A GitHub-style markdown table; ``align`` is one of l/r per column."""
    align = align or "l" * len(header)
    rule = "|" + "|".join("---:" if a == "r" else "---" for a in align) + "|"
    lines = ["| " + " | ".join(header) + " |", rule]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def stats_table(t, proj: geometry.Projection) -> None:
    s = proj.stats
    rows = [["‖x‖₂", fmt(s.norm)], ["μ", fmt(s.mean)], ["σ", fmt(s.std)], ["RMS", fmt(s.rms)]]
    st.markdown(markdown_table([t("readout.quantity"), t("readout.value")], rows, "lr"))


def outputs_table(t, proj: geometry.Projection, shown) -> None:
    rows = [[t("method.input"), fmt_vector(proj.x), fmt(proj.stats.norm)]]
    rows += [[t(f"method.{m}"), fmt_vector(proj.outputs[m]), fmt(proj.norm_of(m))] for m in METHODS if m in shown]
    st.markdown(markdown_table([t("readout.method"), t("readout.output"), t("readout.norm")], rows, "llr"))


def readouts(t, proj: geometry.Projection, shown) -> None:
    """The statistics of x and each shown method's output with its norm, side by side."""
    left, right = st.columns(2)
    with left:
        st.subheader(t("readout.stats"))
        stats_table(t, proj)
    with right:
        st.subheader(t("readout.outputs"))
        outputs_table(t, proj, shown)


def degenerate_messages(t, proj: geometry.Projection) -> None:
    """Say plainly when the input is the zero vector, constant, or an output is NaN."""
    for case in geometry.degenerate_cases(proj):
        if case == "nan":
            methods = t("list.separator").join(t(f"method.{m}") for m in METHODS if not np.all(np.isfinite(proj.outputs[m])))
            st.warning(t("msg.nan", methods=methods), icon="⚠️")
        else:
            st.info(t(f"msg.{case}"), icon="ℹ️")
