"""The degrees-of-freedom page in a real Chromium: renders, reacts to n, presets work."""

from __future__ import annotations

import time

import pytest

from tests.browser.helpers import assert_no_error, expect_rerun, open_page, plotly_data, plotly_layout

CHARTS = 3
ALL_DRAWN = "(n) => { const els = document.querySelectorAll('.js-plotly-plot'); " \
            "return els.length === n && [...els].every(el => el.data && el._fullLayout); }"


def by_meta(traces, role):
    matches = [t for t in traces if t.get("meta") == role]
    assert matches, f"no trace {role!r} in {[t.get('meta') for t in traces]}"
    return matches[0]


def wait_for_traces(page, index, check, timeout_s=20.0):
    """Poll the ``index``-th chart's traces (as plain Python) until ``check(traces)``."""
    deadline = time.monotonic() + timeout_s
    while True:
        traces = plotly_data(page, index)
        if check(traces):
            return traces
        if time.monotonic() > deadline:
            raise AssertionError(f"chart {index} never satisfied the check: {[t.get('meta') for t in traces]}")
        page.wait_for_timeout(100)


@pytest.mark.parametrize("lang, word", [("zh", "算出的秩")])  # en: the next test (and test_smoke)
def test_dof_renders_with_the_rank_next_to_the_formula(page, base_url, lang, word):
    open_page(page, base_url, "dof", lang=lang, wait_for_plot=True)
    page.wait_for_function(ALL_DRAWN, arg=CHARTS)
    assert_no_error(page)
    assert page.locator(".js-plotly-plot").count() == 3
    main = page.locator('[data-testid="stMain"]').inner_text()
    assert word in main and "894 ✓" in main
    assert plotly_layout(page, 0)["yaxis"]["type"] == "log"


def test_typing_n_and_a_preset_change_the_figures(page, base_url):
    open_page(page, base_url, "dof", lang="en", wait_for_plot=True)
    page.wait_for_function(ALL_DRAWN, arg=CHARTS)
    field = page.get_by_role("spinbutton", name="Dimension n (2 … 16384)")
    with expect_rerun(page):
        field.fill("5")
        field.press("Enter")
    wait_for_traces(page, 1, lambda tr: by_meta(tr, "current")["x"][0] == 5)
    assert "n=5" in page.url
    assert "3 ✓" in page.locator('[data-testid="stMain"]').inner_text()
    field.blur()  # a click that also blurs the focused number field can be lost in Streamlit's re-render
    page.wait_for_timeout(300)
    with expect_rerun(page):
        page.get_by_role("button", name="n = 2", exact=True).click()
    traces = wait_for_traces(page, 1, lambda tr: by_meta(tr, "current")["x"][0] == 2)
    assert by_meta(traces, "current")["y"][-1] == 0.0  # LayerNorm keeps 0 % at n = 2
    assert_no_error(page)
