"""Every page of the real app renders in a real Chromium, in both languages."""

from __future__ import annotations

import re

import pytest

from tests.browser.helpers import MAIN, assert_no_error, main_text, nav_paths, open_page

LANGS = ("en", "zh")
CJK = re.compile(r"[\u4e00-\u9fff]")
ELEMENT = f'{MAIN} [data-testid="stElementContainer"]'


@pytest.mark.parametrize("lang", LANGS)
def test_root_renders_without_error(page, base_url, lang):
    open_page(page, base_url, lang=lang)
    assert_no_error(page)
    assert page.locator(ELEMENT).count() > 0, "the default page rendered no elements"


@pytest.mark.parametrize("lang", LANGS)
def test_every_navigation_page_renders_without_error(page, base_url, lang):
    open_page(page, base_url, lang=lang)
    paths = nav_paths(page)
    problems = []
    for path in paths:
        try:
            open_page(page, base_url, path, lang=lang)
            assert_no_error(page, context=f"page {path or '/'!r} (lang={lang})")
            if page.locator(ELEMENT).count() == 0:
                raise AssertionError(f"page {path or '/'!r} (lang={lang}) rendered no elements")
        except Exception as exc:  # report every broken page, not only the first
            problems.append(f"{type(exc).__name__}: {exc}")
    if problems:
        pytest.fail(f"{len(problems)} of {len(paths)} pages failed:\n\n" + "\n\n".join(problems), pytrace=False)


def test_lang_query_parameter_switches_the_language(page, base_url):
    open_page(page, base_url, lang="zh")
    zh = main_text(page)
    open_page(page, base_url, lang="en")
    en = main_text(page)
    assert CJK.search(zh), f"?lang=zh shows no Chinese text in the main area:\n{zh[:500]}"
    assert en != zh, "?lang=en and ?lang=zh render the same text"
