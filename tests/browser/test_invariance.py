"""The invariance page in a real Chromium: renders, the a slider moves the marker alone, a < 0 is explained."""

from __future__ import annotations

from tests.helpers.browser import (
    PLOT,
    assert_no_error,
    by_meta,
    main_text,
    open_page,
    plotly_data,
    plotly_layout,
    press_keys,
    record_frames,
    switch_language,
    wait_for_traces,
)
from tests.helpers.projector import assert_fits_a_projector, open_on_a_projector

CHARTS = 3


def test_invariance_renders_the_seed_counterfactual_then_the_scale_slider_moves_the_marker_and_negative_a_flips(
    page, base_url
):
    """One load: in Chinese, in projector mode (its layout: tests/helpers/projector.py), the seed's
    counterfactual; switched to English, the layout again, then the scale slider (in the folded controls) moves
    the marker in a fragment rerun, and a negative a flips LayerNorm."""
    frames = record_frames(page)
    open_on_a_projector(page, base_url, "invariance", lang="zh", charts=CHARTS)
    assert_fits_a_projector(page, "invariance", lang="zh")
    assert page.locator(PLOT).count() == 3
    main = main_text(page)
    assert "(0.990, 1.000, 1.010)" in main and "1 : 1.01 : 1.02" in main
    assert plotly_layout(page, 0)["font"]["size"] >= 20

    switch_language(page, "en")
    assert_fits_a_projector(page, "invariance", lang="en")
    page.get_by_text("Controls", exact=True).first.click()  # projector mode folds them above the picture
    assert by_meta(plotly_data(page, 0), "current_ln")["x"] == [2.0]
    frames.clear()
    slider = page.locator('[data-testid="stSlider"]').filter(has_text="Scale a").get_by_role("slider")
    press_keys(page, slider, "Home")  # a = -3
    wait_for_traces(page, 0, lambda tr: by_meta(tr, "current_ln")["x"] == [-3.0])
    assert "invariance.a=-3" in page.url
    assert page.get_by_text("−LN(x)").count() >= 1
    sent = b"".join(frames)
    assert b"current_ln" in sent and b"probs_centered" not in sent and b"rms_shifted" not in sent  # a fragment rerun

    # ε reruns the three sections' keyed fragments, twice: they replace their charts and tables, never add to them
    page.get_by_text("Controls of the whole page", exact=True).first.click()
    eps = page.locator('[data-testid="stSlider"]').filter(has_text="ε").first.get_by_role("slider")
    before, tables = main_text(page), page.locator("table").count()
    press_keys(page, eps, "End")
    press_keys(page, eps, "Home")
    assert "invariance.eps=1e-12%2F1e-6%2F1e-5" in page.url and main_text(page) != before  # each default
    assert page.locator(PLOT).count() == 3 and page.locator("table").count() == tables
    assert_no_error(page)


def test_a_tiny_x_is_not_called_zero(page, base_url):
    open_page(
        page,
        base_url,
        "invariance",
        lang="en",
        charts=CHARTS,
        **{"invariance.x": "1e-300, 2e-300, 3e-300", "invariance.c": "0"},
    )
    assert_no_error(page)
    main = main_text(page)
    assert "x is the zero vector" not in main and "∞" not in main
    assert "(1.000e-300, 2.000e-300, 3.000e-300)" in main
