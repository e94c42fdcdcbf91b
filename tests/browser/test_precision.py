"""The precision page in a real Chromium: renders with the overflow, the slider and a preset change the chart."""

from __future__ import annotations

import re

from tests.helpers.browser import (
    MAIN,
    PLOT,
    assert_no_error,
    by_meta,
    expect_rerun,
    main_text,
    open_page,
    plotly_layout,
    press_keys,
    switch_language,
    wait_for,
    wait_for_traces,
)

CHARTS = 1


def test_precision_renders_the_overflow_then_slider_preset_and_switches_redraw_and_go_into_the_link(page, base_url):
    """One load: the Chinese page, float16's naive square overflowing at 302; switched to English, the slider and
    the 10⁵ preset move the current marker, the sum switch draws its threshold, the module dtype switch its check."""

    def button(label):  # an option of a segmented control in the main area, by its whole text
        return page.locator(f'{MAIN} [data-testid="stButtonGroup"] button').filter(has_text=re.compile(f"^{label}$"))

    open_page(page, base_url, "precision", lang="zh", charts=CHARTS)
    assert_no_error(page)
    assert page.locator(PLOT).count() == CHARTS
    main = main_text(page)
    assert "全为 0" in main and "先升精度" in main and "255.937" in main
    layout = plotly_layout(page, 0)
    assert layout["xaxis"]["type"] == "log" and layout["yaxis"]["type"] == "log"

    switch_language(page, "en")
    main = main_text(page)
    assert "A silent failure" in main and "ms = h.pow(2).mean(-1, keepdim=True)" in main  # gradient, module panel
    wait_for_traces(page, 0, lambda tr: by_meta(tr, "current")["x"][0] == 302)
    slider = page.locator('[data-testid="stSlider"]').filter(has_text="max|x").first.get_by_role("slider")
    press_keys(page, slider, "Home")  # 10⁻²
    wait_for_traces(page, 0, lambda tr: by_meta(tr, "current")["x"][0] == 0.01)
    assert "precision.max_abs=-2" in page.url
    assert "all 0" not in page.locator("table").nth(1).inner_text()  # the results table
    assert "No float16 square overflows" in main_text(page)
    with expect_rerun(page):
        page.get_by_role("button", name="10⁵", exact=True).click()
    wait_for_traces(page, 0, lambda tr: by_meta(tr, "current")["x"][0] == 1e5)
    assert "NaN/inf" in main_text(page) and "65504" in main_text(page)

    with expect_rerun(page):
        button("sum").click()
    wait_for_traces(page, 0, lambda trs: any(tr.get("meta") == "sum_overflow" for tr in trs))
    assert "precision.reduce=sum" in page.url
    assert wait_for(page, main_text, lambda text: "sum(-1) / D" in text)
    with expect_rerun(page):
        button("bfloat16").click()
    assert wait_for(page, main_text, lambda text: "Check (bfloat16)" in text)
    assert "precision.module_dtype=bfloat16" in page.url
    assert_no_error(page)
