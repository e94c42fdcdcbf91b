"""The degrees-of-freedom page in a real Chromium: renders, reacts to n, presets work."""

from __future__ import annotations

from tests.helpers.browser import (
    PLOT,
    assert_no_error,
    by_meta,
    enter_text,
    expect_rerun,
    main_text,
    open_page,
    plotly_layout,
    switch_language,
    wait_for_traces,
)

CHARTS = 3


def test_dof_renders_the_rank_next_to_the_formula_then_typing_n_and_a_preset_change_the_figures(page, base_url):
    """One load: the Chinese page; switched to English, a typed n and a preset redraw the figures."""
    open_page(page, base_url, "dof", lang="zh", charts=CHARTS)
    assert_no_error(page)
    assert page.locator(PLOT).count() == 3
    main = main_text(page)
    assert "算出的秩" in main and "894 ✓" in main
    assert plotly_layout(page, 0)["yaxis"]["type"] == "log"
    # the figures are plain JSON: the template travels by value, and plotly.js applies it
    grid = page.evaluate("() => document.querySelectorAll('.js-plotly-plot')[1]._fullLayout.xaxis.gridcolor")
    assert grid.lower() == "#ebf0f8"  # plotly_white's grid, not plotly.js's default #eee

    switch_language(page, "en")
    field = page.get_by_role("spinbutton", name="Dimension n (2 … 16384)")
    enter_text(page, field, "5")
    wait_for_traces(page, 1, lambda tr: by_meta(tr, "current")["x"][0] == 5)
    assert "dof.n=5" in page.url
    assert "3 ✓" in main_text(page)
    field.blur()  # a click that also blurs the focused number field can be lost in Streamlit's re-render
    page.wait_for_timeout(300)
    with expect_rerun(page):
        page.get_by_role("button", name="n = 2", exact=True).click()
    traces = wait_for_traces(page, 1, lambda tr: by_meta(tr, "current")["x"][0] == 2)
    assert by_meta(traces, "current")["y"][-1] == 0.0  # LayerNorm keeps 0 % at n = 2
    assert_no_error(page)
