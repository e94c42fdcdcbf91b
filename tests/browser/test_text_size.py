"""200 % text size (WCAG 1.4.4): with the root font doubled, as a browser's text-size setting does to Streamlit's
rem-based sizes, no page scrolls sideways at 1280 px and no text is cut off, in the app's content or the
sidebar (page names, button labels and metrics wrap: normviz.ui.kit.document's CSS)."""

from __future__ import annotations

import pytest

from tests.helpers.accessibility import cut_off_text
from tests.helpers.browser import assert_no_error, open_page, wait_for_document_styles, wait_for_plots_settled

DOUBLE = "html { font-size: 200% !important; }"
# one page of each kind of control: live chart and presets, 3D, metrics, tables and segmented controls, the
# lesson's formulas, the overview's links
PAGES = (("plane", "en"), ("space", "zh"), ("checkpoint", "en"), ("cost", "zh"), ("lesson", "zh"), ("", "en"))


@pytest.mark.parametrize(("path", "lang"), PAGES)
def test_twice_the_text_size_cuts_nothing_off(page, base_url, path, lang):
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, base_url, path, lang=lang)
    wait_for_document_styles(page)
    page.add_style_tag(content=DOUBLE)
    page.wait_for_function("() => parseFloat(getComputedStyle(document.documentElement).fontSize) >= 32")
    if page.locator('[data-testid="stMain"] .js-plotly-plot').count():
        wait_for_plots_settled(page)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 1280
    assert cut_off_text(page) == []
    assert_no_error(page, context=path)
