"""The accessibility tree, as a screen reader gets it (Playwright's ARIA snapshots of Chromium's tree, not axe):
every focusable element of the app's own content has a role and a name in the page's language, ``<html lang>``
says that language (on a Chinese page, an English one and after a switch in the same session), and every figure
is a named figure that its text description describes.

Names that are not the app's are listed in ``THIRD_PARTY``: Streamlit and plotly.js write them in English on every
page (neither ships a Chinese catalogue that the app can load). The README's accessibility section lists them."""

from __future__ import annotations

import re

import pytest

from normviz.methods import METHODS
from tests.helpers.browser import assert_document_language, open_page, switch_language

OWN = ('[data-testid="stMain"]', '[data-testid="stSidebarUserContent"]')
# roles a keyboard reaches: each needs a name
INTERACTIVE = ("button", "link", "slider", "textbox", "combobox", "spinbutton", "radio", "checkbox", "switch",
               "tab", "application", "menuitem", "searchbox")  # fmt: skip
LINE = re.compile(r'^\s*- (?P<role>[a-z]+)(?: "(?P<name>(?:[^"\\]|\\.)*)")?')
HAN = re.compile(r"[\u3400-\u9fff]")
# Streamlit's own English names (its "?" help buttons, heading anchors, the select box's opener) and plotly.js's
# tool bar titles: not the app's text.
THIRD_PARTY = re.compile(
    r"^(Help for .*|Link to heading|Open|Clear all|Download plot as a PNG|Zoom|Pan|Zoom in|Zoom out|Autoscale|"
    r"Reset axes|Fullscreen|Reset camera to default|Reset camera to last save|Orbital rotation|Turntable rotation|"
    r"Download as CSV|Search|Close fullscreen|Show data|Share chart\.\.\.|Box Select|Lasso Select)$"
)
# words that are the same in both languages: method, format and library names, arXiv identifiers
NEUTRAL = {m.label for m in METHODS.values()} | {"PNG", "SVG", "GIF", "CSV", "numpy", "torch", "auto", "fit", "arXiv"}
WORD = re.compile(r"[A-Za-z]{3,}")

FIGURES_JS = """() => [...document.querySelectorAll('[data-testid="stMain"] [data-testid="stPlotlyChart"],'
    + ' [data-testid="stMain"] .nv-live-plot, [data-testid="stMain"] .nv-figure-plot')].map((el) => {
  const described = document.getElementById(el.getAttribute('aria-describedby') || '');
  return {live: el.classList.contains('nv-live-plot'), role: el.getAttribute('role'),
          described: described ? described.textContent.trim().slice(0, 60) : null};
})"""


def focusable(page) -> list[tuple[str, str | None]]:
    """(role, name) of every element of the app's own content that the keyboard reaches, from the ARIA tree."""
    out = []
    for region in OWN:
        for line in page.locator(region).aria_snapshot().splitlines():
            m = LINE.match(line)
            if m and m["role"] in INTERACTIVE:
                out.append((m["role"], m["name"]))
    return out


def wrong_language(name: str, lang: str) -> bool:
    """A name not in ``lang``: Chinese in an English page; on a Chinese page, a Latin word outside the neutral ones
    with no Chinese beside it."""
    if lang == "en":
        return bool(HAN.search(name))
    return not HAN.search(name) and any(w not in NEUTRAL for w in WORD.findall(name))


def assert_named_in(page, lang: str, context: str) -> list[tuple[str, str | None]]:
    elements = focusable(page)
    assert len(elements) > 10, (context, elements)
    unnamed = [(role, name) for role, name in elements if not (name or "").strip()]
    assert not unnamed, f"{context}: focusable without a name: {unnamed}"
    foreign = [
        (role, name)
        for role, name in elements
        if not THIRD_PARTY.match(name) and wrong_language(name, lang) and name not in ("中文", "English")
    ]
    assert not foreign, f"{context}: names not in {lang}: {foreign}"
    return elements


def assert_figures_described(page, context: str) -> None:
    figures = page.wait_for_function(
        f"() => {{ const f = ({FIGURES_JS})(); return f.length && f.every((x) => x.described) ? f : null; }}",
        timeout=20_000,
    ).json_value()
    assert all(f["live"] or f["role"] == "figure" for f in figures), (context, figures)


def test_names_roles_and_language_on_a_chinese_page_and_after_switching_to_english(page, base_url):
    open_page(page, base_url, "plane", lang="zh", wait_for_plot=True)
    assert_document_language(page, "zh")
    elements = assert_named_in(page, "zh", "plane zh")
    assert ("application", elements[[r for r, _ in elements].index("application")][1]) in elements  # the chart
    assert_figures_described(page, "plane zh")
    assert page.locator('[class~="st-key-lang"] button', has_text="English").get_attribute("lang") == "en"
    assert page.locator('[data-testid="stMain"] span[lang="en"]').count() > 0  # the English citations

    switch_language(page, "en")  # the same session
    assert_document_language(page, "en")
    assert_named_in(page, "en", "plane after the switch")
    assert_figures_described(page, "plane en")
    assert page.locator('[class~="st-key-lang"] button', has_text="中文").get_attribute("lang") == "zh-CN"
    assert page.locator('[data-testid="stMain"] span[lang="en"]').count() == 0  # English on an English page


@pytest.mark.parametrize(("path", "lang"), [("epsilon", "en"), ("gradient", "zh")])
def test_names_roles_and_language_on_static_figure_pages(page, base_url, path, lang):
    open_page(page, base_url, path, lang=lang, wait_for_plot=True)
    assert_document_language(page, lang)
    assert_named_in(page, lang, f"{path} {lang}")
    assert_figures_described(page, f"{path} {lang}")
