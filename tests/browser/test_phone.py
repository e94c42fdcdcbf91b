"""A phone's width (390 px): pages stay usable. Nothing is wider than the screen (no sideways
scroll), every figure fits the width, the controls can be scrolled to and the sidebar opened.
Screenshots go to artifacts/phone/ (gitignored)."""

from __future__ import annotations

from pathlib import Path

import pytest

from normviz.ui import TOPIC_PAGES
from tests.browser.helpers import MAIN, PLOT, assert_no_error, open_page, watch_page_errors

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "phone"
WIDTH = 390
PAGES = ("", *(name for name, _ in TOPIC_PAGES))  # the overview and every topic page
NO_FIGURE = {"", "cost", "exercises"}  # no figure as the page opens (see test_projector.py)

MEASURE_JS = """() => ({
  page: document.documentElement.scrollWidth,
  plots: [...document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot')]
    .filter((gd) => !gd.closest('.nv-live-motion'))
    .map((gd) => { const r = gd.getBoundingClientRect(); return {left: r.left, right: r.right, width: r.width}; }),
})"""


@pytest.fixture(scope="module")
def phone(browser):
    ctx = browser.new_context(viewport={"width": WIDTH, "height": 844}, is_mobile=True, has_touch=True,
                              device_scale_factor=2)
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    watch_page_errors(page)
    yield page
    ctx.close()


@pytest.mark.parametrize("path", PAGES)
def test_pages_fit_a_phone(phone, base_url, path):
    open_page(phone, base_url, path, lang="zh")
    if path not in NO_FIGURE:
        phone.wait_for_selector(f"{MAIN} {PLOT}", timeout=60_000)
        phone.wait_for_timeout(500)  # plotly's responsive resize
    assert_no_error(phone, context=path)
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SHOTS / f"{path or 'overview'}.png"), full_page=True)
    m = phone.evaluate(MEASURE_JS)
    assert m["page"] <= WIDTH + 1, f"the page scrolls sideways: {m['page']} px wide"
    for plot in m["plots"]:
        assert plot["left"] >= -1 and plot["right"] <= WIDTH + 1 and plot["width"] > 200, plot
    # the sidebar (language, projector, copy link, export) opens from its button
    opener = phone.locator('[data-testid="stExpandSidebarButton"], [data-testid="stSidebarCollapsedControl"] button')
    assert opener.count() >= 1
    if path in ("plane", "space"):  # the controls of the scene can be reached and are within the width
        slider = phone.locator(f'{MAIN} [data-testid="stSlider"]').first
        slider.scroll_into_view_if_needed()
        box = slider.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH + 1
