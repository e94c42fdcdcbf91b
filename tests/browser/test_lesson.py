"""The lesson in a real Chromium: keys step through it without fighting the live chart or the sliders."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest

from tests.browser.helpers import (
    assert_no_error,
    enter_text,
    expect_rerun,
    main_text,
    open_page,
    press_keys,
    wait_for,
    wait_for_app_run,
)

HEADER = "h2"


def step_in_url(page) -> str | None:
    return (parse_qs(urlparse(page.url).query).get("step") or [None])[0]


def header(page) -> str:
    return page.locator(f"[data-testid='stMain'] {HEADER}").first.inner_text()


def press_on_page(page, key: str, expect: str) -> None:
    """Press ``key`` with nothing focused (as a presenter's clicker does); the URL must reach step ``expect``."""
    page.wait_for_selector("html[data-nv-lesson-keys='on']", state="attached", timeout=60_000)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.keyboard.press(key)
    assert wait_for(page, step_in_url, lambda s: s == expect) == expect, key
    wait_for_app_run(page)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_arrow_keys_and_page_keys_step_through_the_lesson_and_the_url_follows(page, base_url, lang):
    open_page(page, base_url, "lesson", lang=lang, step=8)
    assert_no_error(page)
    first = header(page)
    press_on_page(page, "ArrowRight", "9")
    assert header(page) != first
    press_on_page(page, "PageUp", "8")
    press_on_page(page, "PageUp", "7")
    press_on_page(page, "PageDown", "8")
    press_on_page(page, "ArrowLeft", "7")
    press_on_page(page, "ArrowRight", "8")
    assert header(page) == first
    assert_no_error(page)


def test_the_buttons_step_and_a_link_opens_its_step(page, base_url):
    open_page(page, base_url, "lesson", lang="en", step=7)
    assert "2D extreme" in header(page)
    page.get_by_role("button", name="Next").first.click()
    assert wait_for(page, step_in_url, lambda s: s == "8") == "8"
    wait_for_app_run(page)
    assert "Degrees of freedom" in header(page)


def test_arrow_keys_on_the_live_chart_move_x_not_the_step(page, base_url):
    open_page(page, base_url, "lesson", lang="en", step=1)
    page.wait_for_selector(".nv-live[data-ready='true']", timeout=60_000)
    box = page.locator(".nv-live-plot").first
    box.focus()
    for _ in range(3):
        box.press("ArrowRight")
    wait_for_app_run(page, initial_wait_ms=2500)  # the chart sends the nudged x once the keys rest
    assert step_in_url(page) in (None, "1")
    assert "One formula" in header(page)
    assert "(3.0300, 4.0000)" in wait_for(page, main_text, lambda t: "(3.0300, 4.0000)" in t)  # the readouts
    assert_no_error(page)


def test_arrow_keys_on_a_slider_move_the_slider_not_the_step(page, base_url):
    open_page(page, base_url, "lesson", lang="en", step=2)
    slider = page.get_by_role("slider").first
    slider.focus()
    slider.press("ArrowRight")
    x1 = lambda p: (parse_qs(urlparse(p.url).query).get("x1") or [None])[0]  # noqa: E731
    assert wait_for(page, x1, lambda v: v == "3.01") == "3.01"  # the slider moved (its fragment wrote the URL)
    wait_for_app_run(page)
    assert step_in_url(page) == "2" and "L2" in header(page)


def autoplayed(page) -> str | None:
    return page.locator(".nv-live").first.get_attribute("data-autoplayed")


def test_the_reveal_plays_the_projection_once_and_a_later_change_does_not_replay_it(page, base_url):
    open_page(page, base_url, "lesson", lang="en", step=2)
    page.wait_for_selector(".nv-live[data-ready='true']", timeout=60_000)
    assert autoplayed(page) is None  # nothing plays before the reveal
    assert "distance" not in main_text(page)
    guess = page.get_by_role("spinbutton", name="guess y₁")
    enter_text(page, guess, "0.6")
    enter_text(page, page.get_by_role("spinbutton", name="guess y₂"), "0.8")
    with expect_rerun(page):
        page.get_by_role("button", name="Reveal").click()
    page.wait_for_selector(".nv-live[data-autoplayed='1']", state="attached", timeout=60_000)
    text = wait_for(page, main_text, lambda t: "distance" in t)
    assert "Spot on!" in text and "(0.6000, 0.8000)" in text  # the guess is scored against L2's (0.6, 0.8)
    slider = page.get_by_role("slider").first
    press_keys(page, slider, "ArrowRight")  # x moves: the chart redraws, without playing again
    wait_for(page, main_text, lambda t: "(3.0100, 4.0000)" in t)
    page.wait_for_timeout(1500)
    assert autoplayed(page) == "1"
    assert_no_error(page)
