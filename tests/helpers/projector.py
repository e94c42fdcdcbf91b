"""Projector mode's layout in a real Chromium: a 1920×1080 screen, 24 px type, no sidebar name cut off,
each figure's type ≥ 24 px and picture first (the page's first figure wholly on the first screen, nothing
scrolled).

tests/browser/test_projector.py checks every page this way in English. A page whose own browser test
already opens it in projector mode (``OWN_TEST``) is checked there instead, on that test's load: in
Chinese as it opens and in English after the sidebar's language switch, so the walk does not load it a
second time::

    open_on_a_projector(page, base_url, "gradient", lang="zh", charts=2)
    assert_fits_a_projector(page, "gradient", lang="zh")
"""

from __future__ import annotations

from typing import Any

from tests.helpers.accessibility import assert_accessible
from tests.helpers.browser import (
    MAIN,
    PLOT,
    assert_document_language,
    assert_no_error,
    open_page,
    wait_for,
    wait_for_document_styles,
    wait_for_plots_settled,
)

VIEWPORT = {"width": 1920, "height": 1080}
# No figure as the page opens: the overview (tables and links), the cost page (its chart follows a
# measurement the user starts) and the exercises (a figure follows an answer).
NO_FIGURE = {"overview", "cost", "exercises"}
# Pages whose own test (tests/browser/test_<name>.py) opens them in projector mode and calls
# assert_fits_a_projector in both languages; tests/browser/test_projector.py checks that it does.
OWN_TEST = frozenset({"beyond", "family", "gradient", "highdim", "invariance", "plane", "warp"})

ROOT_PX_JS = "() => parseFloat(getComputedStyle(document.documentElement).fontSize)"
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


def open_on_a_projector(page, base_url: str, path: str, *, lang: str, **kwargs: Any):
    """``open_page`` at 1920×1080 with ``?projector=true`` (the ``page`` fixture's next test gets its own size
    back)."""
    if page.viewport_size != VIEWPORT:
        page.set_viewport_size(VIEWPORT)
    return open_page(page, base_url, path, lang=lang, projector="true", **kwargs)


def assert_fits_a_projector(page, name: str, *, lang: str) -> None:
    """The page as it is now (opened or just switched to ``lang``, nothing scrolled or unfolded since) fits a
    1920×1080 projector: no error, the document's language, 24 px type in the page and every figure, every
    sidebar name whole, the first figure wholly on the first screen, and no serious or critical axe-core
    finding in the app's own markup (tests/helpers/accessibility.py)."""
    assert page.viewport_size == VIEWPORT, page.viewport_size
    assert_no_error(page, context=name)  # the script has run: an error it shows fails here, not as a missing figure
    if name not in NO_FIGURE:
        page.wait_for_selector(f"{MAIN} {PLOT}", timeout=60_000)
        wait_for_plots_settled(page)  # plotly's responsive resize
    assert_no_error(page, context=name)
    assert page.locator(f'{MAIN} [data-testid="stElementContainer"]').count() > 0, f"{name} rendered no elements"
    assert_document_language(page, lang)
    wait_for_document_styles(page)
    # the projector's stylesheet is an element of the shell's run, drawn a moment after the first ones
    wait_for(page, lambda p: p.evaluate(ROOT_PX_JS), lambda px: px >= 24, timeout_s=10)
    m = page.evaluate(MEASURE_JS)  # before the audit: axe scrolls elements into view to read their colours
    assert_accessible(page, f"{name} in projector mode ({lang})")
    page.evaluate("() => window.scrollTo(0, 0)")
    assert m["root"] >= 24
    assert m["paragraphs"] and min(m["paragraphs"]) >= 24, m["paragraphs"]
    cut = [n["text"] for n in m["nav"] if n["scroll"] > n["client"] + 1]
    assert m["nav"] and not cut, f"sidebar names cut off ({lang}): {cut}"
    for plot in m["plots"]:
        assert plot["font"] >= 24, (name, plot)
        assert plot["width"] <= VIEWPORT["width"] and plot["height"] <= VIEWPORT["height"], (name, plot)
    if name in NO_FIGURE:
        assert m["first"] is None, f"{name} draws a figure now: test it picture first"
        return
    box = m["first"]
    assert m["scrolled"] == 0 and box, (name, m["scrolled"], box)
    assert box["top"] >= 0 and box["bottom"] <= VIEWPORT["height"] + 1, (name, box)
    assert box["left"] >= 0 and box["right"] <= VIEWPORT["width"] + 1, (name, box)
