"""Shared output pieces: cached computations, readout tables, honest messages."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import streamlit as st
from plotly.basedatatypes import BaseFigure

from normviz.format import decimals, decimals_vector
from normviz import _xp, geometry
from normviz.figures.typed import typed_arrays
from normviz.figures.describe import describe_figure
from normviz.methods import KEYS as METHODS
from normviz.sources import PAGE_SOURCES, SOURCES


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
    from normviz.ui.shell import current_translator

    t = current_translator()
    text = description or describe_figure(spec, t)
    with st.expander(t("access.describe.header"), icon=":material/description:"):
        st.text(text)
    return text


# --- picture first: the page layout of projector mode ------------------------------------------------
#
# On a projector the page's main figure comes right after the title: its controls fold into an
# expander above it and the text that leads up to it moves below it (the page's introduction into
# an "About this page" expander). Elsewhere the pages keep their reading order. Two helpers, one
# for the page's top level and one inside a section's fragment (a fragment draws its own widgets).


class PageParts(NamedTuple):
    """The top-level containers of a page, in the order the page writes them."""

    intro: object  # the introduction (and any text before the main section)
    controls: object | None  # controls that concern the whole page (None when the page has none)
    text: object  # explanations that lead up to the main section
    main: object  # the section (fragment) with the page's main figure


def page_parts(t, *, controls: bool = False) -> PageParts:
    """Containers for the title's followers. Normal order: intro, controls, text, main. Projector
    order: the controls folded into one expander, the main section, then the intro in an "About this
    page" expander and the text (a plain container: it may hold expanders, which cannot nest)."""
    from normviz.ui.shell import projector

    if projector():
        # named apart from the main section's own "Controls" expander right below it
        box = st.expander(t("access.controls.page"), icon=":material/tune:") if controls else None
        main = st.container()
        intro = st.expander(t("access.about"), icon=":material/info:")
        return PageParts(intro, box, st.container(), main)
    intro = st.container()
    box = st.container() if controls else None
    text = st.container()
    return PageParts(intro, box, text, st.container())


def picture_first(t, layout: str = "stack", widths=(1, 2)) -> tuple:
    """(controls, picture, text) containers of one section, created inside its fragment.

    Projector: the controls folded into one expander, the picture, then the text. Otherwise the
    page's reading order, by ``layout``: "stack" (controls, text, picture), "controls-beside"
    (controls in a column of ``widths`` beside the picture, text below both) or "text-beside"
    (controls, then the text in a column beside the picture)."""
    from normviz.ui.shell import projector

    if projector():
        return st.expander(t("access.controls"), icon=":material/tune:"), st.container(), st.container()
    if layout == "controls-beside":
        controls, picture = st.columns(list(widths), gap="large")
        return controls, picture, st.container()
    controls = st.container()
    if layout == "text-beside":
        text, picture = st.columns(list(widths), gap="large")
        return controls, picture, text
    text = st.container()
    return controls, st.container(), text


def markdown_table(header: list[str], rows: list[list[str]], align: str | None = None) -> str:
    """A GitHub-style markdown table; ``align`` is one of l/r per column."""
    align = align or "l" * len(header)
    rule = "|" + "|".join("---:" if a == "r" else "---" for a in align) + "|"
    lines = ["| " + " | ".join(header) + " |", rule]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def stats_table(t, proj: geometry.Projection) -> None:
    s = proj.stats
    rows = [["‖x‖₂", decimals(s.norm)], ["μ", decimals(s.mean)], ["σ", decimals(s.std)], ["RMS", decimals(s.rms)]]
    st.markdown(markdown_table([t("readout.quantity"), t("readout.value")], rows, "lr"))


def outputs_table(t, proj: geometry.Projection, shown) -> None:
    rows = [[t("method.input"), decimals_vector(proj.x), decimals(proj.stats.norm)]]
    rows += [[t(f"method.{m}"), decimals_vector(proj.outputs[m]), decimals(proj.norm_of(m))] for m in METHODS if m in shown]
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


def sources_section(t, page: str) -> None:
    """The papers behind the page's statements (``normviz.sources.PAGE_SOURCES``), each with what it is cited for."""
    keys = PAGE_SOURCES.get(page, ())
    if not keys:
        return
    st.subheader(t("sources.header"))
    st.markdown("\n".join(
        f"- {s.authors} ({s.year}), *{s.title}*, {s.venue}, [arXiv:{s.arxiv}]({s.url}): {t(f'sources.why.{s.key}')}"
        for s in (SOURCES[k] for k in keys)))
