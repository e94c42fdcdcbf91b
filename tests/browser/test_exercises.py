"""The exercises in a real Chromium: a typed answer with full-width characters is checked, with its figure."""

from __future__ import annotations

from normviz.exercises import BANK
from tests.helpers.browser import (
    MAIN,
    assert_no_error,
    expect_rerun,
    main_text,
    open_page,
    switch_language,
    wait_for,
    wait_for_app_run,
)


def first_answer(page, check: str):
    """The first exercise's answer box, once every exercise has been drawn."""
    page.get_by_role("button", name=check).nth(len(BANK) - 1).wait_for(timeout=60_000)
    wait_for_app_run(page, initial_wait_ms=1000)
    return page.locator(MAIN).get_by_role("textbox").first


def test_an_answer_is_checked_and_explained_with_a_figure_and_a_malformed_one_gets_a_message(page, base_url):
    """One load: in Chinese a right answer typed with full-width characters is checked and explained with a
    figure; switched to English, a decimal comma gets a message, not an error."""
    open_page(page, base_url, "exercises", lang="zh", seed=123)
    assert_no_error(page)
    field = first_answer(page, "检查")  # 1: LayerNorm of (2, 4, 6)
    field.fill("（－１.２２４７，０，１.２２４７）")
    with expect_rerun(page):  # the click commits the typed text and checks it in one rerun
        page.get_by_role("button", name="检查").first.click()
    text = wait_for(page, main_text, lambda t: "正确" in t, timeout_s=60)
    assert "正确！" in text and "σ ≈ 1.6330" in text
    page.wait_for_selector(".js-plotly-plot", timeout=30_000)
    assert_no_error(page)

    switch_language(page, "en")
    field = first_answer(page, "Check")
    field.fill("1,5")
    with expect_rerun(page):
        page.get_by_role("button", name="Check").first.click()
    text = wait_for(page, main_text, lambda t: "decimals with a point" in t, timeout_s=60)
    assert "decimals with a point" in text, text[:1500]
    assert_no_error(page)
