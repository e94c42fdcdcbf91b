"""A figure on the page, drawn in the browser with the app's plotly.js and redrawn in place: ``chart``, and
``lazy_chart`` for a second 3D scene lower on a page.

Why not Streamlit's plotly element: in Streamlit 1.67 ``st.plotly_chart``'s element id hashes the figure, so
every new figure is a new element, and the browser takes the chart out and draws it afresh. For 0.05–0.13 s of
every move the chart's box was empty (measured on the information and precision pages; streamlit/streamlit#8782;
its fix, a key-based id for keyed charts, is streamlit/streamlit#16052, open: once it ships, this component can
go). This component keeps its plot and hands each new figure to ``Plotly.react``.

``lazy_chart``: without a GPU (WebGL in software: many classroom PCs, headless Chromium) a 3D scene costs 0.3–0.6
s of the browser's main thread to set up, and drawing it first would keep the page's first figure waiting (the
family page's, measured with Streamlit's element: 0.93/1.28 s en/zh with its p-balls' scene drawn at once;
0.71/0.62 s without). A lazy figure is drawn when its box comes into view, or when the browser is next idle,
whichever is first: by then the page's first figure is on screen, and before anyone prints or exports the figure
is there.

A components.v2 component, ``normviz.figure`` (``assets/figure.js``, declared in ``pyproject.toml``; see
``normviz.ui.kit.component``). The figure goes as the live chart's payload (strict JSON, typed arrays); its box
and text description are ``ui.kit.chart``'s (``figure_box``, ``describe``), and the document component names the
description the plot's accessible description. A modebar button shows the figure full screen (Streamlit's element
had one), at the screen's height. Without the component (not installed) or the app's plotly.js it
is ``plotly_chart`` (Streamlit's element), with one warning in the log naming the fix.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from normviz.ui.kit import component
from normviz.ui.kit.chart import describe, figure_box, plot_config, plotly_chart
from normviz.ui.kit.live import PLOTLY, vendor
from normviz.ui.kit.live.payload import figure_payload
from normviz.ui.kit.shell import current_translator

_NAME = "figure"  # the component's name in pyproject.toml; its files are in assets/
_JS = "figure.js"
_CSS = "figure.css"
DEFAULT_HEIGHT = 450  # plotly.js's own default, for a layout that sets none
_LOG = logging.getLogger(__name__)


def chart(spec: Mapping[str, Any], *, key: str, description: str | None = None) -> None:
    """Draw a figure dict (plotly JSON from ``normviz.figures``) in its box, and its text description below
    (``describe``: generic from the JSON unless ``description`` is given). A new figure under the same ``key``
    replaces the one drawn, in place."""
    _draw(spec, key, description, lazy=False)


def lazy_chart(spec: Mapping[str, Any], *, key: str, description: str | None = None) -> None:
    """``chart``, drawn in the browser once the page's first figures are: when its box nears the viewport or at
    the browser's next idle moment. Its box keeps the figure's height meanwhile, so nothing below it moves."""
    _draw(spec, key, description, lazy=True)


def _draw(spec: Mapping[str, Any], key: str, description: str | None, *, lazy: bool) -> None:
    reason = vendor.missing()
    mount, reason = (None, reason) if reason else component.register(_NAME, js=_JS, css=_CSS, isolate_styles=False)
    if mount is None:
        component.warn_once(_LOG, "normviz.ui.kit.figure: drawing with st.plotly_chart", reason)
        plotly_chart(spec, key=key, description=description)
        return
    figure = figure_payload(spec)
    height = figure["layout"].get("height") or DEFAULT_HEIGHT
    data = {"figure": figure, "config": plot_config(), "height": height, "plotly": PLOTLY, "lazy": lazy}
    data["labels"] = {"fullscreen": current_translator()("access.fullscreen")}
    with figure_box(key):
        mount(key=key, data=data)
        describe(spec, description)
