"""Projector mode at 1920×1080, every page (TOPIC_PAGES, so pages added later are covered too):
24 px type, no sidebar name cut off, each figure's type ≥ 24 px, and picture first: the page's first
figure lies wholly on the first screen, without scrolling (its controls folded above it, the text
below). This is also the English smoke test: every page renders, with no error shown and no uncaught
JavaScript exception (tests/browser/test_phone.py is the Chinese one, offline). One context visits every
page once; a failing test leaves a screenshot in artifacts/browser/ (tests/browser/conftest.py)."""

from __future__ import annotations

import pytest

from normviz.ui import TOPIC_PAGES
from tests.helpers.browser import (
    MAIN,
    PLOT,
    assert_document_language,
    assert_no_error,
    open_page,
    wait_for_plots_settled,
    watch_page_errors,
)

# No figure as the page opens: the overview (tables and links), the cost page (its chart follows a
# measurement the user starts) and the exercises (a figure follows an answer).
NO_FIGURE = {"overview", "cost", "exercises"}
PAGES = ["overview", *(name for name, _ in TOPIC_PAGES)]
VIEWPORT = {"width": 1920, "height": 1080}
# The layout does not depend on the size of a sampled cloud; the phone walk opens the page as it comes.
SMALL = {"highdim": {"highdim.dim": "32", "highdim.samples": "300"}}

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
  const first = [...document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot')]
    .find((gd) => !gd.closest('.nv-live-motion'));
  const box = first ? first.getBoundingClientRect() : null;
  return {root: px(document.documentElement), nav, paragraphs, plots, scrolled: window.scrollY,
          first: box && {top: box.top, bottom: box.bottom, left: box.left, right: box.right}};
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
    open_page(big, base_url, path, lang="en", projector="true", **SMALL.get(name, {}))
    assert_no_error(big, context=name)  # the script has run: an error it shows fails here, not as a missing figure
    if name not in NO_FIGURE:
        big.wait_for_selector(f"{MAIN} {PLOT}", timeout=60_000)
        wait_for_plots_settled(big)  # plotly's responsive resize
    assert_no_error(big, context=name)
    assert big.locator(f'{MAIN} [data-testid="stElementContainer"]').count() > 0, f"{name} rendered no elements"
    assert_document_language(big, "en")
    m = big.evaluate(MEASURE_JS)
    assert m["root"] >= 24
    assert m["paragraphs"] and min(m["paragraphs"]) >= 24, m["paragraphs"]
    cut = [n["text"] for n in m["nav"] if n["scroll"] > n["client"] + 1]
    assert m["nav"] and not cut, f"sidebar names cut off: {cut}"
    for plot in m["plots"]:
        assert plot["font"] >= 24, (name, plot)
        assert plot["width"] <= VIEWPORT["width"] and plot["height"] <= VIEWPORT["height"], (name, plot)
    if name in NO_FIGURE:
        assert m["first"] is None, f"{name} draws a figure now: test it picture first"
        return
    # picture first: the first figure is on the first screen as the page opens, nothing scrolled
    box = m["first"]
    assert m["scrolled"] == 0 and box, (name, m["scrolled"], box)
    assert box["top"] >= 0 and box["bottom"] <= VIEWPORT["height"] + 1, (name, box)
    assert box["left"] >= 0 and box["right"] <= VIEWPORT["width"] + 1, (name, box)


# Each character drawn in the page's own font stack; a private-use code point, which no font has,
# gives the missing-glyph box. A Chinese character drawn as that box means no CJK font (fonts-noto-cjk).
GLYPHS_JS = """(chars) => {
  const font = getComputedStyle(document.querySelector('[data-testid="stMain"] h1')).fontFamily;
  const draw = (ch) => {
    const c = document.createElement('canvas'); c.width = c.height = 56;
    const g = c.getContext('2d'); g.font = `44px ${font}`; g.fillText(ch, 4, 46);
    return Array.from(g.getImageData(0, 0, 56, 56).data).join(',');
  };
  const box = draw('\\uE000');
  const glyphs = chars.map((ch) => ({ch, drawn: draw(ch) !== box, blank: draw(ch) === draw(' ')}));
  return {glyphs, control: draw('\ue001') === box};  // the method sees a missing glyph as the box
}
"""


def test_chinese_text_has_real_glyphs(big, base_url):
    open_page(big, base_url, "", lang="zh", projector="true")  # the overview: a title, and no figure to wait for
    title = big.locator(f"{MAIN} h1").first.inner_text()
    chars = sorted({ch for ch in title if "\u4e00" <= ch <= "\u9fff"})
    assert len(chars) >= 4, title
    seen = big.evaluate(GLYPHS_JS, chars)
    assert seen["control"], "another missing code point is not drawn as the same box: the check cannot tell"
    glyphs = seen["glyphs"]
    missing = [g["ch"] for g in glyphs if not g["drawn"] or g["blank"]]
    assert not missing, f"drawn as the missing-glyph box or blank: {missing} (install fonts-noto-cjk)"
