"""Hostile links in a real Chromium: user text never becomes a link, an image or HTML.

The AppTest version (tests/test_page_safety.py) checks the markdown Streamlit
is given; this one checks what the browser makes of it: no element pointing
at the marker host, no injected element, no script run, no request sent, and
the hostile text shown literally (inside a ``code`` element of the warning).
A second part drives a small app with a ``links.fragment``
(tests/browser/apps/link_message_fragment.py) to check that a fragment rerun
neither repeats nor clears the one link warning.
"""

from __future__ import annotations

from urllib.parse import urlparse

import pytest

from tests.helpers.appserver import ROOT, free_port
from tests.helpers.appserver import CheckedAppServer as AppServer
from tests.helpers.browser import MAIN, assert_no_error, open_page, wait_for_app_run

MARKER = "ev.il"
INJECTED = (
    f'a[href*="{MARKER}"]',
    f'img[src*="{MARKER}"]',
    'img[src="x"]',
    "#nvpwn",
    "[data-nvpwn]",
    f"{MAIN} script",
    f"{MAIN} iframe",
    f'{MAIN} b:text("{MARKER}")',
)
ALERT = '[data-testid="stAlert"]'

LINKS = [
    ("information", {"lang": "en", "information.p1a": "1 [Login](//ev.il)z", "information.dim": "![](//ev.il/a.png)"}),
    (
        "plane",
        {
            "lang": "zh",
            "x1": '<img src=x onerror="window.__pwned=1">',
            "eps": "<b id=nvpwn>ev.il</b>",
            "show": "[x](//ev.il)",
            "backend": "` ``[x](//ev.il)`` `",
            "x2": "$$ev.il$$ www.ev.il http://ev.il",
            "view": "a\n\n[x](//ev.il)",
            "g1": "[x](https://ev.il/" + "A" * 3000 + ")",  # a very long value: the message shortens it
        },
    ),
    (
        "invariance",
        {
            "lang": "en",
            "invariance.x": "1, ![](//ev.il/a.png)",
            "invariance.a": "<script>window.__pwned=1</script>",
            "invariance.c": ":red[ev.il] <span data-nvpwn=1>ev.il</span>",
            "invariance.shift": "<b id=nvpwn>1</b>",
        },
    ),
]


def _requests_to_marker(page) -> list[str]:
    """The URLs the page asks the marker host for (the app's own URL holds the marker in its query)."""
    seen: list[str] = []
    page.on(
        "request",
        lambda request: seen.append(request.url) if (urlparse(request.url).hostname or "").endswith(MARKER) else None,
    )
    return seen


@pytest.mark.parametrize("path, query", LINKS, ids=[p for p, _ in LINKS])
def test_hostile_link_renders_no_markup_and_loads_nothing(page, base_url, path, query):
    requests = _requests_to_marker(page)
    open_page(page, base_url, path, **query)
    page.wait_for_timeout(500)  # give an injected image time to ask for its source
    assert_no_error(page, context=path)
    found = {sel: page.locator(sel).count() for sel in INJECTED}
    assert not any(found.values()), f"{path}: injected elements {found}"
    assert page.evaluate("() => window.__pwned") is None
    assert requests == [], f"{path}: the page asked the marker host for {requests}"
    alerts = page.locator(ALERT)
    shown = " ".join(code.inner_text() for code in page.locator(f"{ALERT} code").all())
    assert MARKER in shown, f"{path}: the hostile text is not shown literally: {shown!r}"
    link_warnings = [a for a in alerts.all() if "不是有效值" in a.inner_text() or "were not valid" in a.inner_text()]
    assert len(link_warnings) == 1, f"{path}: {len(link_warnings)} link warnings"


def test_students_see_no_deploy_button_or_developer_menu(page, base_url):
    open_page(page, base_url, lang="en")
    assert page.locator('[data-testid="stAppDeployButton"]').count() == 0
    assert page.get_by_text("Deploy", exact=True).count() == 0


# --- a fragment rerun keeps the one warning -----------------------------------------------------------------


@pytest.fixture(scope="module")
def fragment_app(tmp_path_factory):
    server = AppServer(
        ROOT / "tests" / "browser" / "apps" / "link_message_fragment.py",
        free_port(),
        tmp_path_factory.mktemp("fragment") / "server.log",
    )
    try:
        server.start()
        yield server.base_url
    finally:
        server.stop()


def _link_warnings(page) -> list[str]:
    return [a.inner_text() for a in page.locator(ALERT).all() if "were not valid" in a.inner_text()]


def test_fragment_rerun_neither_repeats_nor_clears_the_link_warning(page, fragment_app):
    open_page(page, fragment_app, a="7", lang2="fr", n="99", b="z")
    [warning] = _link_warnings(page)
    for name in ("a", "lang2", "n", "b"):
        assert f"{name} = " in warning
    slider = page.get_by_role("slider").first
    for value in ("0.51", "0.52"):  # two fragment reruns: each finds the address the app wrote, nothing to check
        slider.focus()
        slider.press("ArrowRight")
        # A quick fragment rerun need not flip the app's run state, so wait for its effect instead.
        page.get_by_text(f"a = {value}, n = 4").wait_for()
        wait_for_app_run(page)
        assert _link_warnings(page) == [warning]
        assert f"a={value}" in page.url and "lang2" not in page.url  # the fragment's rerun wrote the scene
    field = page.locator('[data-testid="stNumberInputField"]').first
    field.fill("50")
    field.press("Enter")
    page.get_by_text("a = 0.52, n = 10").wait_for()
    wait_for_app_run(page)
    assert _link_warnings(page) == [warning]
    note = page.locator(ALERT).filter(has_text="outside the allowed range")
    assert note.count() == 1 and "using 10" in note.inner_text()
    assert page.get_by_text("a = 0.52, n = 10").count() == 1
