"""Projector mode at 1920×1080, every page (TOPIC_PAGES, so pages added later are covered too):
24 px type, no sidebar name cut off, each figure's type ≥ 24 px and, on the plane and the space,
the whole figure on one screen. Screenshots go to artifacts/projector/ (gitignored)."""

from __future__ import annotations

from pathlib import Path

import pytest

from normviz.ui import TOPIC_PAGES
from tests.browser.helpers import MAIN, PLOT, assert_no_error, open_page, watch_page_errors

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "projector"
PAGES = ("overview", *(name for name, _ in TOPIC_PAGES))
VIEWPORT = {"width": 1920, "height": 1080}

MEASURE_JS = """() => {
  const px = (el) => parseFloat(getComputedStyle(el).fontSize);
  const nav = [...document.querySelectorAll('[data-testid="stSidebarNav"] a span')]
    .filter((el) => el.textContent.trim())
    .map((el) => ({text: el.textContent.trim(), scroll: el.scrollWidth, client: el.clientWidth}));
  const paragraphs = [...document.querySelectorAll('[data-testid="stMain"] [data-testid="stMarkdownContainer"] p')]
    .filter((el) => el.textContent.trim()).map(px);
  const plots = [...document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot')]
    .filter((gd) => gd._fullLayout && !gd.closest('.nv-live-motion'))
    .map((gd) => { const r = gd.getBoundingClientRect();
      return {font: gd._fullLayout.font.size, width: r.width, height: r.height}; });
  return {root: px(document.documentElement), nav, paragraphs, plots};
}"""


@pytest.fixture(scope="module")
def big(browser):
    ctx = browser.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    watch_page_errors(page)
    yield page
    ctx.close()


@pytest.mark.parametrize("name", PAGES)
def test_projector_mode_fits_a_1920x1080_screen(big, base_url, name):
    path = "" if name == "overview" else name
    open_page(big, base_url, path, lang="en", projector="true")
    if name != "overview":
        big.wait_for_selector(f"{MAIN} {PLOT}", timeout=60_000)
        big.wait_for_timeout(500)  # plotly's responsive resize
    assert_no_error(big, context=name)
    m = big.evaluate(MEASURE_JS)
    SHOTS.mkdir(parents=True, exist_ok=True)
    big.screenshot(path=str(SHOTS / f"{name}.png"))
    assert m["root"] >= 24
    assert m["paragraphs"] and min(m["paragraphs"]) >= 24, m["paragraphs"]
    cut = [n["text"] for n in m["nav"] if n["scroll"] > n["client"] + 1]
    assert m["nav"] and not cut, f"sidebar names cut off: {cut}"
    for plot in m["plots"]:
        assert plot["font"] >= 24, (name, plot)
        assert plot["width"] <= VIEWPORT["width"] and plot["height"] <= VIEWPORT["height"], (name, plot)
    if name in ("plane", "space"):
        figure = big.locator(f"{MAIN} {PLOT}").first
        figure.scroll_into_view_if_needed()
        box = figure.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= VIEWPORT["height"] + 1, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= VIEWPORT["width"] + 1, box
        big.screenshot(path=str(SHOTS / f"{name}-figure.png"))
