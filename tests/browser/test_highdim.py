"""The higher-dimensions page in a real Chromium: renders in projector mode in both languages, reacts to a slider
and to a new n (one load)."""

from __future__ import annotations

import math

from tests.helpers.browser import (
    MAIN,
    assert_no_error,
    by_meta,
    enter_text,
    main_text,
    plotly_data,
    press_keys,
    switch_language,
    wait_for,
    wait_for_charts,
)
from tests.helpers.projector import assert_fits_a_projector, open_on_a_projector

CHARTS = 5
SMALL = {"highdim.dim": "32", "highdim.samples": "300"}  # the page's own URL names


def input_norm_bins(page):
    return by_meta(plotly_data(page, 1), "hist_norm_input")["x"]


def test_highdim_renders_every_chart_and_follows_the_scale_slider_and_a_typed_n(page, base_url):
    """One load in Chinese, in projector mode (its layout: tests/helpers/projector.py): five charts, the radius-2
    sphere exactly; switched to English, the layout again, then σ 1 -> 10 (in the folded controls) stretches the
    input norms tenfold; a typed n recomputes, and both go into the URL."""
    open_on_a_projector(page, base_url, "highdim", lang="zh", **SMALL, wait_for_plot=True)
    wait_for_charts(page, CHARTS, at_least=True)
    assert_fits_a_projector(page, "highdim", lang="zh")
    ln = by_meta(plotly_data(page, 0), "points_ln")
    radii = [math.sqrt(x * x + y * y + z * z) for x, y, z in zip(ln["x"], ln["y"], ln["z"])]
    assert len(radii) == 300 and max(abs(r - 2.0) for r in radii) < 1e-9  # exact, on the radius-2 sphere
    assert "投影" in main_text(page)

    switch_language(page, "en")
    assert_fits_a_projector(page, "highdim", lang="en")
    page.get_by_text("Controls", exact=True).first.click()  # projector mode folds them above the picture
    before = input_norm_bins(page)
    slider = page.locator(f'{MAIN} [data-testid="stSlider"]').filter(has_text="Scale σ").get_by_role("slider")
    press_keys(page, slider, "End")
    after = wait_for(page, input_norm_bins, lambda bins: bins[-1] > before[-1] * 5)
    assert after[-1] > before[-1] * 5  # sigma 1 -> 10 stretches the norms tenfold
    assert "highdim.sigma=" in page.url

    box = page.locator(f'{MAIN} [data-testid="stNumberInput"]').filter(has_text="Dimension n").locator("input")
    enter_text(page, box, "896")
    wait_for_charts(page, CHARTS, at_least=True)
    header = wait_for(page, main_text, lambda s: "n = 896" in s)
    assert "Any n: n = 896, N = 300" in header
    assert "highdim.dim=896" in page.url
    assert_no_error(page)
