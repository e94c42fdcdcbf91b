"""The real app in a real Chromium: the default page renders and its navigation lists every page, and
``?lang=`` switches the language.

Every page is opened once in English by tests/browser/test_projector.py (projector mode) and once in
Chinese by tests/browser/test_phone.py (a phone, offline); both fail on an error the page shows or an
uncaught JavaScript exception.
"""

from __future__ import annotations

import re

import pytest

from normviz.ui import TOPIC_PAGES
from tests.helpers.browser import (
    MAIN,
    assert_document_language,
    assert_no_error,
    expect_rerun,
    main_text,
    nav_paths,
    open_page,
    watch_page_errors,
)

CJK = re.compile(r"[\u4e00-\u9fff]")
ELEMENT = f'{MAIN} [data-testid="stElementContainer"]'
PAGES = ("", *(name for name, _ in TOPIC_PAGES))  # "": the default page (the overview)


@pytest.fixture(scope="module")
def smoke(browser):
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    watch_page_errors(page)
    yield page
    ctx.close()


def renders(page, path: str, lang: str) -> None:
    assert_no_error(page, context=f"page {path or '/'!r} (lang={lang})")
    assert page.locator(ELEMENT).count() > 0, f"page {path or '/'!r} (lang={lang}) rendered no elements"


def test_the_default_page_renders_and_the_navigation_lists_every_page(smoke, base_url):
    open_page(smoke, base_url, lang="en")
    renders(smoke, "", "en")
    paths = nav_paths(smoke)
    assert paths[0] == "" and sorted(paths) == sorted(PAGES), paths


def test_lang_query_parameter_switches_the_language_and_the_documents_language_follows(smoke, base_url):
    open_page(smoke, base_url, lang="zh")
    renders(smoke, "", "zh")
    assert_document_language(smoke, "zh")
    zh = main_text(smoke)
    # a page change in the same session (the sidebar's link: no new load) keeps the document's language
    with expect_rerun(smoke):
        nav_paths(smoke)  # expands "View N more" if this session's navigation is collapsed (a fresh worker's is)
        smoke.locator('[data-testid="stSidebarNav"] a[href$="/epsilon"]').click()
    smoke.wait_for_url("**/epsilon**")
    renders(smoke, "epsilon", "zh")
    assert_document_language(smoke, "zh")
    open_page(smoke, base_url, lang="en")
    assert_document_language(smoke, "en")
    en = main_text(smoke)
    assert CJK.search(zh), f"?lang=zh shows no Chinese text in the main area:\n{zh[:500]}"
    assert en != zh, "?lang=en and ?lang=zh render the same text"
