"""The plane page in a real Chromium: renders, reacts to a slider, animates."""

from __future__ import annotations

import pytest

from tests.browser.helpers import (
    assert_no_error,
    by_meta,
    main_text,
    open_page,
    plotly_data,
    plotly_layout,
    press_keys,
    tip,
    wait_for_tip,
)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_plane_renders_the_default_scene(page, base_url, lang):
    open_page(page, base_url, "plane", lang=lang, wait_for_plot=True)
    assert_no_error(page)
    traces = plotly_data(page)
    assert tip(by_meta(traces, "arrow_input")) == pytest.approx((3.0, 4.0))
    assert tip(by_meta(traces, "arrow_l2")) == pytest.approx((0.6, 0.8), abs=1e-6)
    layout = plotly_layout(page)
    assert ("dimension 1" if lang == "en" else "第 1 维") in layout["xaxis"]["title"]["text"]


def test_moving_a_slider_changes_the_figure(page, base_url):
    open_page(page, base_url, "plane", lang="en", wait_for_plot=True)
    before = tip(by_meta(plotly_data(page), "arrow_input"))
    slider = page.get_by_role("slider").first
    press_keys(page, slider, *["ArrowLeft"] * 5)
    after = wait_for_tip(page, "arrow_input", lambda p: p[0] < before[0])
    assert after[0] < before[0] and after[1] == pytest.approx(before[1])
    assert "x1=" in page.url  # the scene is in the link
    assert_no_error(page)


def test_play_advances_the_animation_in_the_browser(page, base_url):
    open_page(page, base_url, "plane", lang="en", wait_for_plot=True)
    start = tip(by_meta(plotly_data(page), "moving_ln"))
    assert start == pytest.approx((3.0, 4.0))
    page.locator(".updatemenu-button").filter(has_text="Play").click()
    # LayerNorm's point ends on (-1, 1) (eps shrinks it a hair); no server round trip involved.
    end = wait_for_tip(page, "moving_ln", lambda p: p[0] < -0.99)
    assert end == pytest.approx((-1.0, 1.0), abs=1e-3)
    assert plotly_layout(page)["sliders"][0]["active"] > 0
    assert_no_error(page)


def test_projector_mode_and_a_shared_link(page, base_url):
    open_page(page, base_url, "plane", lang="zh", projector="true", x1="-1", x2="2", wait_for_plot=True)
    assert_no_error(page)
    assert plotly_layout(page)["font"]["size"] >= 20
    assert tip(by_meta(plotly_data(page), "arrow_input")) == pytest.approx((-1.0, 2.0))
    assert "平面" in main_text(page)
