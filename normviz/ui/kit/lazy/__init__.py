"""A figure drawn once the page has shown the rest: ``lazy_chart``, for a second 3D scene lower on a page.

Without a GPU (WebGL in software: many classroom PCs, headless Chromium) a 3D scene costs 0.3–0.6 s of the
browser's main thread to set up, and Streamlit's plotly element draws every chart that arrives in one message in
one task: the family page's first figure waited for the p-balls' scene below it (first figure 0.93/1.28 s,
en/zh; 0.71/0.62 s with that chart left out). This component draws its figure with the app's plotly.js when its
box comes into view, or when the browser is next idle, whichever is first: by then the page's first figure is on
screen, and before anyone prints or exports the figure is there.

A components.v2 component, ``normviz.lazy`` (``assets/lazy.js``, declared in ``pyproject.toml``; see
``normviz.ui.kit.component``). The figure goes as the live chart's payload (strict JSON, typed arrays); its box
and text description are ``chart``'s (``figure_box``, ``describe``), and the document component names the
description the plot's accessible description. Without the component (not installed) or the app's plotly.js it
is ``chart``.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from normviz.ui.kit import component
from normviz.ui.kit.chart import chart, describe, figure_box, plot_config
from normviz.ui.kit.live import PLOTLY, vendor
from normviz.ui.kit.live.payload import figure_payload

_NAME = "lazy"  # the component's name in pyproject.toml; its files are in assets/
_JS = "lazy.js"
_CSS = "lazy.css"
DEFAULT_HEIGHT = 450  # plotly.js's own default, for a layout that sets none
_LOG = logging.getLogger(__name__)


def lazy_chart(spec: Mapping[str, Any], *, key: str, description: str | None = None) -> None:
    """``chart(spec, key=key, description=description)``, drawn in the browser once the page's first figures are:
    when its box nears the viewport or at the browser's next idle moment. Its box keeps the figure's height
    meanwhile, so nothing below it moves."""
    reason = vendor.missing()
    mount, reason = (None, reason) if reason else component.register(_NAME, js=_JS, css=_CSS, isolate_styles=False)
    if mount is None:
        component.warn_once(_LOG, "normviz.ui.kit.lazy: drawing with st.plotly_chart", reason)
        chart(spec, key=key, description=description)
        return
    height = (spec.get("layout") or {}).get("height") or DEFAULT_HEIGHT
    data = {"figure": figure_payload(spec), "config": plot_config(), "height": height, "plotly": PLOTLY}
    with figure_box(key):
        mount(key=key, data=data)
        describe(spec, description)
