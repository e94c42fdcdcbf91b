"""The 3D space page in a real Chromium: renders, reacts to a slider, animates, switches camera."""

from __future__ import annotations

import math

import pytest

from tests.helpers.browser import (
    MAIN,
    PLOT,
    assert_no_error,
    by_meta,
    expect_rerun,
    open_page,
    plotly_data,
    plotly_frames,
    plotly_layout,
    press_keys,
    tip,
    wait_for,
    wait_for_tip,
)

LN_123 = (-math.sqrt(1.5), 0.0, math.sqrt(1.5))


def drawn_camera(page):
    """The camera plotly actually renders (its full layout, after defaults)."""
    return page.locator(PLOT).first.evaluate("(el) => JSON.parse(JSON.stringify(el._fullLayout.scene.camera))")


def test_space_renders_steps_with_page_keys_and_a_slider_keeps_the_view(page, base_url):
    """One load (a 3D scene is the dearest page to draw): the default scene; Page Down / Page Up (what a
    presenter's clicker sends) and → / ← on the focused chart step the frames in the browser; then a slider
    moves x and leaves the camera's ranges alone."""
    open_page(page, base_url, "space", lang="en", wait_for_plot=True)
    assert_no_error(page)
    traces = plotly_data(page)
    assert tip(by_meta(traces, "arrow_input")) == pytest.approx((1.0, 2.0, 3.0))
    assert tip(by_meta(traces, "arrow_ln")) == pytest.approx(LN_123, abs=1e-4)
    assert {"sphere_unit", "sphere_sqrt_n", "zero_mean_plane", "ln_circle"} <= {t.get("meta") for t in traces}
    assert "dimension 3" in plotly_layout(page)["scene"]["zaxis"]["title"]["text"]
    assert page.locator(".js-plotly-plot .gl-container canvas").count() > 0  # WebGL scene drawn

    live = page.locator('.nv-live[data-ready="true"]')
    live.wait_for(state="attached", timeout=60_000)
    box = page.locator(".nv-live-plot")
    box.focus()
    for key in ["PageDown"] * 10:  # the end of stage 1: LayerNorm on the plane, at x - mu*1
        page.keyboard.press(key)
    end = wait_for_tip(page, "moving_ln", lambda t: abs(sum(t)) < 1e-6)
    assert end == pytest.approx((-1.0, 0.0, 1.0), abs=1e-6)
    assert "Step 1" in plotly_layout(page)["title"]["text"]
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("PageUp")
    back = wait_for_tip(page, "moving_ln", lambda t: t[0] > -0.7)
    assert back == pytest.approx((-0.6, 0.4, 1.4), abs=1e-6)  # frame 8 of 10 along -1

    before = tip(by_meta(plotly_data(page), "arrow_input"))
    ranges = plotly_layout(page)["scene"]["xaxis"]["range"]
    slider = page.locator(MAIN).get_by_role("slider").first  # x1
    for _ in range(3):  # one key, one rerun (quick presses: see test_plane's slider test)
        press_keys(page, slider, "ArrowLeft")
    after = wait_for_tip(page, "arrow_input", lambda t: t[0] == pytest.approx(before[0] - 0.03))
    assert after[0] == pytest.approx(before[0] - 0.03) and after[1:] == pytest.approx(before[1:])
    assert plotly_layout(page)["scene"]["xaxis"]["range"] == ranges
    assert "x1=" in page.url
    assert_no_error(page)


def test_camera_preset_looks_along_1_and_play_moves_layer_norm_onto_its_circle(page, base_url):
    open_page(page, base_url, "space", lang="zh", wait_for_plot=True)
    assert "第 3 维" in plotly_layout(page)["scene"]["zaxis"]["title"]["text"]
    eye = drawn_camera(page)["eye"]
    assert not eye["x"] == pytest.approx(eye["y"])
    with expect_rerun(page):
        page.locator(f"{MAIN} button").filter(has_text="(1,1,1)").click()
    eye = wait_for(page, lambda p: drawn_camera(p)["eye"], lambda e: e["x"] == pytest.approx(e["y"]))
    assert eye["x"] == pytest.approx(eye["y"]) == pytest.approx(eye["z"])
    assert "camera=" in page.url

    traces = plotly_data(page)
    assert tip(by_meta(traces, "moving_ln")) == pytest.approx((1.0, 2.0, 3.0))
    last = plotly_frames(page)[-1]  # a frame's data[i] restyles trace traces[i]
    drawn = dict(zip(last["traces"], last["data"]))[[t.get("meta") for t in traces].index("moving_ln")]
    assert tip(drawn) == pytest.approx(LN_123, abs=1e-3)  # the animation ends on the circle
    # Play moves LayerNorm's point in the browser. (Playing to the last frame would only time software WebGL
    # drawing a 3D scene 21 times, with every read queued behind it; test_plane plays to the end.)
    page.locator(".nv-live-anim button").filter(has_text="播放").click()
    moved = wait_for_tip(page, "moving_ln", lambda t: t[0] < 0.9)
    assert moved[0] < 0.9, moved
    assert_no_error(page)
