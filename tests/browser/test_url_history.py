"""The browser's Back and Forward buttons and a copied address, on three pages of different kinds: the
invariance page's sliders, the plane's live chart and the lesson's step (every page keeps its URL state
with the same code, ``normviz.ui.kit.links``; tests/test_page_walk.py and tests/test_page_fuzz.py read
every page's address).

On each page two controls are changed one after the other (scene 0 -> 1 -> 2). Then:

- Back shows scene 1 again: the controls and the figures;
- Forward shows scene 2;
- the address on screen (what a student copies), opened in a fresh browser, shows scene 2.

A scene is what the page's keyed widgets show (slider texts, fields, chosen options, toggles) and
the data of every plotly chart. This test chose the app's one URL system (``normviz.ui.kit.links``):
run against pages whose widgets were bound with ``bind="query-params"``, Back left the page (a
bound widget rewrites the address in place, so the browser has no entry to go back to); the
copied address worked on both.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.helpers.browser import assert_no_error, difference, expect_rerun, open_page, settled_scene


@dataclass(frozen=True)
class Case:
    path: str
    controls: tuple[str, str]  # the widget keys of two sliders, changed in turn
    query: tuple[tuple[str, str], ...] = ()


TIMEOUT_MS = 180_000  # generous: the machine that runs the suite is shared

CASES = (
    Case("invariance", ("invariance.a", "invariance.c")),
    Case("plane", ("plane.x1", "plane.x2")),
    Case("lesson", ("lesson.l2.x1", "lesson.l2.x2"), (("step", "3"),)),
)


def change(page, key: str) -> None:
    slider = page.locator(f'.st-key-{key.replace(".", "-")} input[type="range"]')
    slider.focus()
    with expect_rerun(page, timeout_ms=TIMEOUT_MS):
        slider.press("ArrowRight")


def check_history(page, other, base_url: str, case: Case) -> list[str]:
    """Failures of Back, Forward and the copied address on ``case`` (empty: all three restore their scene)."""
    failures = []
    # where the student came from: any other address (the server's plain health check, no app to load), so a Back
    # that leaves the page shows up as that address
    page.goto(f"{base_url}/_stcore/health")
    open_page(page, base_url, case.path, lang="en", timeout_ms=TIMEOUT_MS, **dict(case.query))
    scenes = [settled_scene(page, timeout_ms=TIMEOUT_MS)]
    for key in case.controls:
        change(page, key)
        scenes.append(settled_scene(page, timeout_ms=TIMEOUT_MS))
        assert difference(scenes[-1], scenes[-2]), f"{case.path}: moving {key} changed nothing on screen"
    assert_no_error(page, context=case.path)
    copied = page.url
    for step, go, want in (("Back", page.go_back, scenes[1]), ("Forward", page.go_forward, scenes[2])):
        go(wait_until="commit")
        if case.path not in page.url:
            failures.append(f"{step}: left the page for {page.url}")
            continue
        diff = difference(settled_scene(page, want, timeout_ms=TIMEOUT_MS), want)
        if diff:
            failures.append(f"{step}: {diff}")
    assert_no_error(page, context=case.path)
    other.goto(copied, wait_until="domcontentloaded")  # another browser
    diff = difference(settled_scene(other, scenes[2], timeout_ms=TIMEOUT_MS), scenes[2])
    if diff:
        failures.append(f"copied address {copied}: {diff}")
    return failures


@pytest.mark.timeout(900)  # a page opened four times; a loaded 2-core machine needs minutes
@pytest.mark.parametrize("case", CASES, ids=[c.path for c in CASES])
def test_back_forward_and_a_copied_address_restore_the_scene(page, other_page, base_url, case):
    failures = check_history(page, other_page, base_url, case)
    assert not failures, f"{case.path}:\n" + "\n".join(failures)
