"""Offline: with every request beyond this machine's loopback refused, every page loads and draws
(plotly.js, fonts and the app's own files all come from the local server). One context visits every
page once, in Chinese: this is also the Chinese smoke test (no error, a title; test_smoke.py: English)."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest

from normviz.ui import TOPIC_PAGES
from tests.helpers.browser import MAIN, PLOT, assert_no_error, open_page, watch_page_errors

LOCAL = {"127.0.0.1", "localhost"}


@pytest.fixture(scope="module")
def offline(browser):
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    blocked: list[str] = []

    def route(r):
        url = urlparse(r.request.url)
        if url.scheme in ("data", "blob") or url.hostname in LOCAL:
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort("internetdisconnected")

    ctx.route("**/*", route)
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    watch_page_errors(page)
    page.blocked = blocked
    yield page
    ctx.close()


# Pages whose first screen is text and tables: the cost page draws its chart after a benchmark, the
# exercises theirs with the feedback to an answer.
NO_FIGURE_AT_FIRST = ("overview", "cost", "exercises")


@pytest.mark.parametrize("name", ["overview", *(name for name, _ in TOPIC_PAGES)])
def test_every_page_draws_offline(offline, base_url, name):
    open_page(offline, base_url, "" if name == "overview" else name, lang="zh")
    assert_no_error(offline, context=f"{name} offline")
    if name not in NO_FIGURE_AT_FIRST:
        offline.wait_for_selector(f"{MAIN} {PLOT} .main-svg", timeout=60_000)
        drawn = offline.evaluate("""() => [...document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot')]
            .filter((gd) => gd._fullLayout && gd.data && gd.data.length).length""")
        assert drawn >= 1, f"{name}: no figure drawn offline"
    assert offline.locator(f"{MAIN} h1").count() >= 1
    # whatever was refused (nothing, today) was not needed to draw
    assert all("plotly" not in url for url in offline.blocked), offline.blocked
