"""What every figure on the page shares: its box and text description, plotly.js's config, Streamlit's plotly
element (``plotly_chart``: where the app's figure component cannot draw, ``normviz.ui.kit.figure``), and the cached
projection the plane, the space and the lesson draw."""

from __future__ import annotations

import streamlit as st
from plotly.basedatatypes import BaseFigure

from normviz import _xp, geometry
from normviz.figures.describe import describe_figure
from normviz.figures.typed import typed_arrays
from normviz.ui.kit.cache import cached


@cached(512)
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


def plotly_chart(spec: dict, *, key: str, description: str | None = None) -> None:
    """Draw a figure dict (plotly JSON from ``normviz.figures``) with st.plotly_chart, numpy as typed arrays,
    and its text description below (``describe``: generic from the JSON unless ``description`` is given).
    The pages draw with ``ui.chart`` (``normviz.ui.kit.figure``), which falls back to this."""
    with figure_box(key):
        st.plotly_chart(_BuiltFigure(typed_arrays(spec)), key=key, theme=None, config=plot_config())
        describe(spec, description)


FIGURE_BOX = "nv-figure-box-"  # the key prefix of a chart's container; the document component looks for it


def figure_box(key: str):
    """The container of a chart and its text description: there the document component
    (``normviz.ui.kit.document``) names the description the chart's accessible description (aria-describedby)."""
    return st.container(key=f"{FIGURE_BOX}{key}")


def plot_config() -> dict:
    """plotly.js config of every figure: no logo, no lasso or box selection (nothing on the page reads a
    selection; Streamlit's plotly element removed them too); the camera button saves a PNG at twice the size."""
    return {
        "displaylogo": False,
        "modeBarButtonsToRemove": ["lasso2d", "select2d"],
        "toImageButtonOptions": {"format": "png", "scale": 2, "filename": "normviz"},
    }


def describe(spec: dict, description: str | None = None) -> str:
    """The figure's text description in a folded expander (read by screen readers, shown on demand)."""
    from normviz.ui.kit.shell import current_translator  # here: the shell imports the live chart, which imports this

    t = current_translator()
    text = description or describe_figure(spec, t)
    with st.expander(t("access.describe.header"), icon=":material/description:"):
        st.text(text)
    return text
