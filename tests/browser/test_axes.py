"""The axes page in a real Chromium: renders, method, B and padding change the tensor figure, links follow."""

from __future__ import annotations

from tests.helpers.browser import (
    MAIN,
    assert_no_error,
    expect_rerun,
    main_text,
    open_page,
    plotly_data,
    plotly_layout,
    press_keys,
    switch_language,
    wait_for,
    wait_for_traces,
)

CHARTS = 2


def shapes(page) -> int:
    return len(plotly_layout(page, 0).get("shapes", []))


def test_axes_renders_in_chinese_then_method_batch_size_and_padding_change_the_figure(page, base_url):
    """One load: the Chinese page, one outline per token; switched to English, the method, B and padding change
    the tensor figure and the link follows."""
    open_page(page, base_url, "axes", lang="zh", charts=CHARTS)
    assert_no_error(page)
    assert "8 × 2048 × 7168" in main_text(page)
    assert shapes(page) == 3 * 6  # LayerNorm, B = 3, S = 6: a row per token
    metas = {tr.get("meta") for tr in plotly_data(page, 0)}
    assert {"x_0", "mu_0", "scale_0", "y_2"} <= metas

    switch_language(page, "en")
    with expect_rerun(page):
        page.locator(f'{MAIN} [data-testid="stButtonGroup"] button').filter(has_text="BatchNorm").click()
    assert wait_for(page, shapes, lambda n: n == 3 * 8) == 3 * 8  # a column per feature in each batch element
    assert "axes.method=BatchNorm" in page.url
    slider = page.locator(f'{MAIN} [data-testid="stSlider"]').filter(has_text="Batch size B").get_by_role("slider")
    press_keys(page, slider, "Home")  # B = 1
    wait_for_traces(page, 0, lambda trs: not any(tr.get("meta") == "y_1" for tr in trs))
    assert "axes.b=1" in page.url
    assert "B = 1" in main_text(page)
    with expect_rerun(page):
        page.locator(MAIN).get_by_text("Variable lengths + padding", exact=True).click()
    press_keys(page, slider, "End")  # B = 8: some sequences are padded
    wait_for_traces(page, 0, lambda trs: any(str(tr.get("meta", "")).startswith("pad_x_") for tr in trs))
    assert "axes.pad=true" in page.url
    assert "Real lengths of the sequences" in main_text(page)
    assert_no_error(page)
