"""Hostile links: markup put into every query parameter of every page never renders as markup.

Each page is opened with links, images, HTML, backticks, math, line breaks and
very long strings in every parameter it reads (its URL parameters, the shell's
included), in rotation, so that each parameter gets each value. Every
text element on the page (markdown, captions, alerts, titles, toasts,
exception messages) must show the hostile text only inside code spans (the
form ``normviz.ui.kit.literal`` gives it), and the warnings must contain no live
link, image, HTML, autolink or math at all. tests/browser/test_safety.py checks
the same in Chromium.
"""

from __future__ import annotations

import tomllib

import pytest
from streamlit import config as st_config

from normviz.ui import TOPIC_PAGES
from tests.helpers.markup import live_markup, outside_code
from tests.helpers.pages import ROOT, run_page, texts, url_params

PAGES = ("overview", *(name for name, _ in TOPIC_PAGES))
MARKER = "ev.il"
# Three values, each several kinds of markup at once, in rotation: every parameter gets each (three AppTest runs
# a page; the volume of odd values is on the pure checker, tests/test_page_fuzz.py).
HOSTILE = (
    "1 [Login](//ev.il)z ![](//ev.il/a.png) <img src=//ev.il/x onerror=alert(1)> <b>ev.il</b>",
    "` ``[x](//ev.il)`` ` $$ev.il$$ :red[ev.il]\n\n[x](//ev.il) www.ev.il",
    "x" * 5000 + "[x](//ev.il)",
)


@pytest.fixture(scope="module")
def keys_by_page() -> dict[str, list[str]]:
    return {page: sorted(p.name for p in url_params(run_page(page))) for page in PAGES}


@pytest.mark.parametrize("page", PAGES)
def test_hostile_values_in_every_parameter_show_only_literally(page, keys_by_page):
    keys = keys_by_page[page]
    problems = []
    for shift in range(len(HOSTILE)):
        query = {key: HOSTILE[(i + shift) % len(HOSTILE)] for i, key in enumerate(keys)}
        at = run_page(page, **{k: v for k, v in query.items() if k != "lang"}, lang=query.get("lang", "en"))
        for kind, text in texts(at):
            if MARKER in outside_code(text):
                problems.append(f"round {shift}: {kind} shows user text as markup: {text[:300]!r}")
            if kind in ("warning", "info", "error", "toast") and live_markup(text):
                problems.append(f"round {shift}: {kind} has live {live_markup(text)}: {text[:300]!r}")
            if len(text) > 4000 and kind in ("warning", "info", "error"):
                problems.append(f"round {shift}: {kind} echoes a long value in full ({len(text)} chars)")
        problems += [f"round {shift}: exception {e.message[:200]!r}" for e in at.exception]
    assert not problems, f"{page} with {len(keys)} parameters {keys}:\n" + "\n".join(problems)


def test_the_hostile_link_of_the_issue_shows_one_warning_with_the_text_in_a_code_span():
    at = run_page("information", **{"information.p1a": "1 [Login](//ev.il)z", "information.dim": "![](//ev.il/a.png)"})
    bodies = [w.value for w in at.warning]
    assert any("` 1 [Login](//ev.il)z `" in b for b in bodies), bodies
    assert any("` ![](//ev.il/a.png) `" in b for b in bodies), bodies
    assert all(not live_markup(b) for b in bodies)


def test_streamlit_config_hides_error_details_and_the_developer_toolbar():
    settings = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    client = settings["client"]
    assert client["showErrorDetails"] == "none"
    assert client["toolbarMode"] == "minimal"
    for name in ("client.showErrorDetails", "client.toolbarMode"):
        st_config.get_option(name)  # raises RuntimeError for an option Streamlit does not know
