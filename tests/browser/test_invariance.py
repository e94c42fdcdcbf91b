"""The invariance page in a real Chromium: renders, the a slider moves the marker, a < 0 is explained."""

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


@pytest.mark.parametrize("lang", ["zh"])  # en: the slider test (and test_smoke)
def test_invariance_renders_with_the_seed_counterfactual_in_projector_mode(page, base_url, lang):
    open_page(page, base_url, "invariance", lang=lang, projector="true", wait_for_plot=True)
    page.wait_for_function(ALL_DRAWN, arg=CHARTS)
    assert_no_error(page)
    assert page.locator(".js-plotly-plot").count() == 3
    main = page.locator('[data-testid="stMain"]').inner_text()
    assert "(0.990, 1.000, 1.010)" in main and "1 : 1.01 : 1.02" in main
    assert plotly_layout(page, 0)["font"]["size"] >= 20


def test_moving_the_scale_slider_moves_the_marker_and_negative_a_flips(page, base_url):
    open_page(page, base_url, "invariance", lang="en", wait_for_plot=True)
    page.wait_for_function(ALL_DRAWN, arg=CHARTS)
    assert by_meta(plotly_data(page, 0), "current_ln")["x"] == [2.0]
    slider = page.get_by_role("slider").first
    slider.focus()
    with expect_rerun(page):
        slider.press("Home")  # a = -3
    wait_for_traces(page, 0, lambda tr: by_meta(tr, "current_ln")["x"] == [-3.0])
    assert "a=-3" in page.url
    assert page.get_by_text("−LN(x)").count() >= 1
    assert_no_error(page)
