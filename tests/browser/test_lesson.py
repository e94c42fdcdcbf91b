"""The lesson in a real Chromium: keys step through it without fighting the live chart or the sliders."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from normviz import lesson
from normviz.i18n import translate
from tests.helpers.browser import (
    COMPONENTS,
    assert_no_error,
    enter_text,
    expect_rerun,
    main_text,
    open_page,
    plotly_data,
    press_keys,
    wait_for,
    wait_for_app_run,
)

HEADER = "h2"
EXTREME = lesson.KEYS.index("extreme") + 1  # the step numbers of the steps these tests visit
WARP = lesson.KEYS.index("warp") + 1
DOF = lesson.KEYS.index("dof") + 1
L2 = lesson.KEYS.index("l2") + 1


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


def step_with_keys_from_dof(page, fetched: list[str]) -> None:
    """From the DOF step: → ⇞ ⇞ ⇟ ← → (nothing focused, as a clicker sends them) and back on the DOF step."""
    first = header(page)
    press_on_page(page, "ArrowRight", str(DOF + 1))
    assert f"{COMPONENTS}/normviz.lesson_keys/lesson_keys.js" in fetched  # the listener is a file, not inline
    assert header(page) != first
    press_on_page(page, "PageUp", str(DOF))
    press_on_page(page, "PageUp", str(DOF - 1))
    press_on_page(page, "PageDown", str(DOF))
    press_on_page(page, "ArrowLeft", str(DOF - 1))
    press_on_page(page, "ArrowRight", str(DOF))
    assert header(page) == first


def fetched_paths(page) -> list[str]:
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(urlparse(request.url).path))
    return fetched


def test_the_buttons_and_the_keys_step_through_the_lesson_and_the_url_follows(page, base_url):
    fetched = fetched_paths(page)
    open_page(page, base_url, "lesson", lang="en", step=EXTREME)
    assert_no_error(page)
    assert "2D extreme" in header(page)
    page.get_by_role("button", name="Next").first.click()
    assert wait_for(page, step_in_url, lambda s: s == str(EXTREME + 1)) == str(EXTREME + 1) == str(WARP)
    wait_for_app_run(page)
    assert title(WARP) in header(page)
    page.get_by_role("button", name="Next").first.click()
    assert wait_for(page, step_in_url, lambda s: s == str(WARP + 1)) == str(DOF)
    wait_for_app_run(page)
    assert "Degrees of freedom" in header(page)
    step_with_keys_from_dof(page, fetched)
    assert_no_error(page)


def title(number: int, lang: str = "en") -> str:
    return translate(lang, f"lesson.step.{lesson.step(number).key}.title")


def test_in_chinese_keys_buttons_back_and_a_copied_address_land_on_the_step_the_url_names(page, base_url):
    fetched = fetched_paths(page)
    open_page(page, base_url, "lesson", lang="zh", step=DOF)
    assert_no_error(page)
    step_with_keys_from_dof(page, fetched)
    for k in (DOF + 1, DOF + 2):
        page.get_by_role("button", name="下一步").first.click()
        assert wait_for(page, step_in_url, lambda s, k=k: s == str(k)) == str(k)
        wait_for_app_run(page)
        assert header(page) == title(k, "zh")
    page.go_back()
    assert wait_for(page, step_in_url, lambda s: s == str(DOF + 1)) == str(DOF + 1)
    assert wait_for(page, header, lambda h: h == title(DOF + 1, "zh")) == title(DOF + 1, "zh")
    copied = page.url
    page.goto(copied)  # the address, pasted into a fresh load
    wait_for_app_run(page)
    assert step_in_url(page) == str(DOF + 1) and header(page) == title(DOF + 1, "zh")
    assert_no_error(page)


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


def autoplayed(page) -> str | None:
    return page.locator(".nv-live").first.get_attribute("data-autoplayed")


def test_the_reveal_plays_the_projection_once_and_a_later_change_does_not_replay_it(page, base_url):
    open_page(page, base_url, "lesson", lang="en", step=L2)
    page.wait_for_selector(".nv-live[data-ready='true']", timeout=60_000)
    assert autoplayed(page) is None  # nothing plays before the reveal
    roles = {t.get("meta") for t in plotly_data(page)}
    assert roles == {"arrow_input", "x_offscreen", "guess"}, roles  # the chart drawn holds no guide
    assert "distance" not in main_text(page)
    guess = page.get_by_role("spinbutton", name="guess y₁")
    enter_text(page, guess, "0.6")
    enter_text(page, page.get_by_role("spinbutton", name="guess y₂"), "0.8")
    with expect_rerun(page):
        page.get_by_role("button", name="Reveal").click()
    page.wait_for_selector(".nv-live[data-autoplayed='1']", state="attached", timeout=60_000)
    roles = {t.get("meta") for t in plotly_data(page)}
    assert {"circle_unit", "ray", "arrow_l2", "truth"} <= roles  # the reveal draws the guides
    text = wait_for(page, main_text, lambda t: "distance" in t)
    assert "Spot on!" in text and "(0.6000, 0.8000)" in text  # the guess is scored against L2's (0.6, 0.8)
    slider = page.get_by_role("slider").first
    press_keys(page, slider, "ArrowRight")  # x moves: the chart redraws, without playing again
    wait_for(page, main_text, lambda t: "(3.0100, 4.0000)" in t)
    # the arrow moved the slider, not the step (the slider's fragment wrote the URL)
    x1 = lambda p: (parse_qs(urlparse(p.url).query).get("x1") or [None])[0]  # noqa: E731
    assert wait_for(page, x1, lambda v: v == "3.01") == "3.01"
    assert step_in_url(page) == str(L2) and "L2" in header(page)
    page.wait_for_timeout(1500)
    assert autoplayed(page) == "1"
    assert_no_error(page)
