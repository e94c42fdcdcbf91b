"""A phone's width (320 CSS px: 1280 px at 400 % zoom, WCAG 1.4.10 reflow), offline: every page stays usable
and draws, in Chinese as it opens and in English after the sidebar's language switch.

- Phone: nothing is wider than the screen (no sideways scroll), every figure fits the width, the
  controls can be scrolled to and the sidebar opened, and the picture comes before the controls; the
  same load widened to 1920 px puts the controls' column left of the picture.
- Offline: every request beyond this machine's loopback is refused, and every page still loads and
  draws its figures (plotly.js, fonts and the app's own files all come from the local server).
- Accessibility: axe-core finds no serious or critical violation in the app's own markup, in both languages
  (tests/helpers/accessibility.py).
- This is also the Chinese smoke test (no error, a title, something drawn); tests/browser/test_projector.py
  is the English one.

One context visits every page once; a failing test leaves a screenshot in artifacts/browser/
(tests/browser/conftest.py)."""

from __future__ import annotations

import socket
from urllib.parse import urlparse

import pytest

from normviz.ui import TOPIC_PAGES
from tests.helpers.accessibility import assert_accessible
from tests.helpers.browser import (
    MAIN,
    PLOT,
    assert_document_language,
    assert_no_error,
    open_page,
    switch_language,
    wait_for_plots_settled,
    watch_page_errors,
)

WIDTH = 320
PAGES = ("", *(name for name, _ in TOPIC_PAGES))  # the overview and every topic page
NO_FIGURE = {"", "cost", "exercises"}  # no figure as the page opens (see test_projector.py)

MEASURE_JS = """() => ({
  page: document.documentElement.scrollWidth,
  plots: [...document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot')]
    .filter((gd) => !gd.closest('.nv-live-motion'))
    .map((gd) => { const r = gd.getBoundingClientRect(); return {left: r.left, right: r.right, width: r.width}; }),
})"""


LOCAL = {"127.0.0.1", "localhost"}
SIDEBAR_OPENER = '[data-testid="stExpandSidebarButton"], [data-testid="stSidebarCollapsedControl"] button'


@pytest.fixture(scope="module")
def phone(browser):
    from playwright.sync_api import Error as PlaywrightError

    # Layout is in CSS pixels: a device scale factor of 2 would only draw each figure (and plotly's WebGL, at
    # twice the resolution already) on four times the pixels, which software rendering pays for in CPU.
    # Offline: every request beyond loopback goes to a proxy that refuses it (a socket bound, never listening;
    # Chromium never proxies loopback). Not page.route: routing turns the HTTP cache off, so every page would
    # fetch and compile Streamlit's bundle and plotly.js again (22 CPU-s more Chromium in this walk).
    with socket.socket() as refuser:
        refuser.bind(("127.0.0.1", 0))
        proxy = {"server": f"http://127.0.0.1:{refuser.getsockname()[1]}", "bypass": "127.0.0.1,localhost"}
        ctx = browser.new_context(viewport={"width": WIDTH, "height": 844}, is_mobile=True, has_touch=True, proxy=proxy)
        blocked: list[str] = []
        ctx.on("requestfailed", lambda request: blocked.append(request.url) if not _local(request.url) else None)
        page = ctx.new_page()
        page.set_default_timeout(60_000)
        with pytest.raises(PlaywrightError, match="ERR_PROXY_CONNECTION_FAILED"):  # the internet is refused
            page.goto("http://203.0.113.1/", timeout=10_000)
        page.wait_for_url("chrome-error://**")  # its error page, before the first page's navigation
        blocked.clear()
        watch_page_errors(page)
        page.blocked = blocked
        yield page
        ctx.close()


def _local(url: str) -> bool:
    parsed = urlparse(url)
    return parsed.scheme in ("data", "blob") or parsed.hostname in LOCAL


DRAWN_JS = """() => [...document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot')]
  .filter((gd) => gd._fullLayout && gd.data && gd.data.length && gd.querySelector('.main-svg')).length"""


@pytest.mark.parametrize("path", PAGES)
def test_every_page_draws_offline_and_fits_a_phone(phone, base_url, path):
    open_page(phone, base_url, path, lang="zh")
    assert_no_error(phone, context=f"{path or 'overview'} offline, on a phone")  # before waiting for a figure
    if path not in NO_FIGURE:
        phone.wait_for_selector(f"{MAIN} {PLOT} .main-svg", timeout=60_000)
        wait_for_plots_settled(phone)  # plotly's responsive resize
    assert_no_error(phone, context=f"{path or 'overview'} offline, on a phone")
    assert phone.locator(f"{MAIN} h1").count() >= 1
    assert_document_language(phone, "zh")  # a screen reader reads this page with a Chinese voice
    if path not in NO_FIGURE:
        assert phone.evaluate(DRAWN_JS) >= 1, f"{path}: no figure drawn offline"
    # whatever was refused (nothing, today) was not needed to draw
    assert all("plotly" not in url for url in phone.blocked), phone.blocked
    m, first = phone.evaluate(MEASURE_JS), phone.evaluate(FIRST_JS)  # before anything scrolls
    assert_reflows(m)
    # the sidebar (language, projector, copy link, export) opens from its button
    opener = phone.locator(SIDEBAR_OPENER)
    assert opener.count() >= 1
    if path in ("plane", "space", "lesson"):  # picture first (the lesson's first step: the plane); the controls of
        # the scene can be reached, within the width
        picture_first(first, on_first_screen=True)
        slider = phone.locator(f'{MAIN} [data-testid="stSlider"]').first
        slider.scroll_into_view_if_needed()
        box = slider.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH + 1
        controls_left_of_the_picture_on_a_wide_screen(phone)
    assert_accessible(phone, f"{path or 'overview'} on a phone (zh)")
    # the overview too: its first click on the switch was lost once (normviz/ui/kit/shell.py, load_sidebar)
    in_english_from_the_sidebar(phone, path)


def assert_reflows(m: dict) -> None:
    assert m["page"] <= WIDTH + 1, f"the page scrolls sideways: {m['page']} px wide"
    for plot in m["plots"]:
        assert plot["left"] >= -1 and plot["right"] <= WIDTH + 1 and plot["width"] > 200, plot


def in_english_from_the_sidebar(page, path: str) -> None:
    """Open the sidebar from its button, switch to English (a rerun, not a load), close it: the page still
    reflows into the width, and the audit passes in English."""
    page.locator(SIDEBAR_OPENER).first.click()
    switch_language(page, "en")
    page.locator('[data-testid="stSidebarCollapseButton"] button').first.click()
    if path not in NO_FIGURE:
        wait_for_plots_settled(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    assert_no_error(page, context=f"{path or 'overview'} on a phone, in English")
    assert_reflows(page.evaluate(MEASURE_JS))
    assert_accessible(page, f"{path or 'overview'} on a phone (en)")


# --- picture first on a narrow screen, the columns unchanged on a wide one ------------------------------

FIRST_JS = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
  const plot = [...main.querySelectorAll('.js-plotly-plot')].find((gd) => !gd.closest('.nv-live-motion'));
  const control = main.querySelector('[data-testid="stSlider"]')
    || main.querySelector('[data-testid="stMarkdownContainer"] table');  // the axes step: its table
  return {plot: box(plot), control: box(control)};
}"""


def _lesson_step(key: str) -> dict:
    from normviz import lesson

    return {"step": lesson.KEYS.index(key) + 1}


# the lesson's space and table-beside-figure steps (its first step, a plane, and the plane and space pages: in
# the walk above)
LESSON_STEPS = ("rms3d", "axes")


def _first_boxes(page, base_url, path, query, lang):
    open_page(page, base_url, path, lang=lang, **query)
    page.wait_for_selector(f"{MAIN} {PLOT}", timeout=60_000)
    wait_for_plots_settled(page)  # plotly's responsive resize
    assert_no_error(page, context=path)
    return page.evaluate(FIRST_JS)


def picture_first(m: dict, *, on_first_screen: bool) -> None:
    assert m["plot"] and m["control"], m
    assert m["plot"]["top"] < m["control"]["top"], m  # the picture's top is above the first slider's
    if on_first_screen:
        assert m["plot"]["top"] < 844, m


WIDE = {"width": 1920, "height": 1080}


def controls_left_of_the_picture_on_a_wide_screen(page) -> None:
    """The same page, widened to 1920 px (no reload: the layout is CSS): the controls' column left of the
    picture, side by side. The phone's size comes back even when this fails."""
    narrow = page.viewport_size
    try:
        page.set_viewport_size(WIDE)
        page.evaluate("() => window.scrollTo(0, 0)")
        wait_for_plots_settled(page)  # plotly's responsive resize
        m = page.evaluate(FIRST_JS)
        assert m["plot"] and m["control"], m
        assert m["control"]["right"] <= m["plot"]["left"], m  # side by side, the controls' column first
        assert m["plot"]["top"] < m["control"]["bottom"], m
    finally:
        page.set_viewport_size(narrow)


@pytest.mark.parametrize("step", LESSON_STEPS)
def test_the_lessons_picture_comes_before_the_controls_on_a_phone_and_beside_them_on_a_wide_screen(
    phone, base_url, step
):
    m = _first_boxes(phone, base_url, "lesson", _lesson_step(step), "en")
    # the axes step opens with its long text and toggle: its picture may start below the first screen
    picture_first(m, on_first_screen=step != "axes")
    controls_left_of_the_picture_on_a_wide_screen(phone)
