"""Projector mode at 1920×1080, every page (TOPIC_PAGES, so pages added later are covered too):
24 px type, no sidebar name cut off, each figure's type ≥ 24 px, and picture first: the page's first
figure lies wholly on the first screen, without scrolling (its controls folded above it, the text
below), and axe-core finds nothing serious in the app's markup; the checks are tests/helpers/projector.py's.
Each page is checked in English as it opens, then in Chinese after the sidebar's language switch.
This is also the English smoke test: every page
renders, with no error shown and no uncaught JavaScript exception (tests/browser/test_phone.py is the
Chinese one, offline). One context visits every page once, except the pages whose own test opens them in
projector mode and runs the same checks there, in both languages (``OWN_TEST``); a failing test leaves a
screenshot in artifacts/browser/ (tests/browser/conftest.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from normviz.ui import TOPIC_PAGES
from tests.helpers.browser import MAIN, open_page, switch_language, watch_page_errors
from tests.helpers.projector import OWN_TEST, VIEWPORT, assert_fits_a_projector, open_on_a_projector

# The pages whose own test checks them on its projector load (tests/helpers/projector.py) are not loaded again.
PAGES = [name for name in ("overview", *(name for name, _ in TOPIC_PAGES)) if name not in OWN_TEST]
BROWSER_TESTS = Path(__file__).resolve().parent


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
    open_on_a_projector(big, base_url, "" if name == "overview" else name, lang="en")
    assert_fits_a_projector(big, name, lang="en")
    switch_language(big, "zh")  # a rerun: the same layout and audit in Chinese, without a second load
    assert_fits_a_projector(big, name, lang="zh")


@pytest.mark.parametrize("name", sorted(OWN_TEST))
def test_a_page_left_out_of_the_walk_is_checked_by_its_own_test_in_both_languages(name):
    """Every page is checked in projector mode: by the walk above or on its own test's projector load."""
    assert name in {name for name, _ in TOPIC_PAGES}, f"{name} is not a page"
    source = (BROWSER_TESTS / f"test_{name}.py").read_text(encoding="utf-8")
    for lang in ("zh", "en"):
        call = re.compile(rf'assert_fits_a_projector\(\s*page,\s*"{name}",\s*lang="{lang}"\s*\)')
        assert call.search(source), f"tests/browser/test_{name}.py never checks the {lang} page on a projector"


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
