"""The residual page in a real Chromium: renders the three panels (no norm beside Pre/Post), depth and scale change
them."""

from __future__ import annotations

from tests.helpers import browser as h

CHARTS = 1


def test_residual_renders_the_panels_and_names_the_models_then_depth_and_scale_change_the_figure(page, base_url):
    """One load: the Chinese page at depth 8; switched to English, depth and input scale redraw the panels."""
    h.open_page(page, base_url, "residual", lang="zh", charts=CHARTS, **{"residual.depth": "8"})
    h.assert_no_error(page)
    assert page.locator(h.PLOT).count() == 1
    main = h.main_text(page)
    assert "BERT 用 Post-Norm" in main and "Xiong" in main
    traces = h.plotly_data(page, 0)
    assert len(h.by_meta(traces, "stream_pre_ln")["x"]) == 9  # depth 8: the input and 8 layers
    assert h.by_meta(traces, "fp16_max")["y"][0] == 65504.0
    assert len(h.by_meta(traces, "stream_none")["y"]) == 9  # the stack without a norm beside Pre/Post
    assert "不归一化" in main and "手写 float16" in main  # its row, and the float16 table

    h.switch_language(page, "en")
    assert len(h.by_meta(h.plotly_data(page, 0), "grad_post_rms")["x"]) == 9
    slider = page.locator('[data-testid="stSlider"]').filter(has_text="Depth").get_by_role("slider")
    for _ in range(2):  # depth 6; one key, one rerun (quick presses: see test_plane's slider test)
        h.press_keys(page, slider, "ArrowLeft")
    h.wait_for_traces(page, 0, lambda tr: len(h.by_meta(tr, "grad_post_rms")["x"]) == 7)
    assert "residual.depth=6" in page.url
    scale = page.locator('[data-testid="stSlider"]').filter(has_text="Input scale").get_by_role("slider")
    h.press_keys(page, scale, "End")  # 100000: past float16's max already at the input
    traces = h.wait_for_traces(page, 0, lambda tr: any(t.get("meta") == "overflow_pre_ln" for t in tr))
    assert h.by_meta(traces, "overflow_pre_ln")["x"] == [0.0]
    assert h.by_meta(traces, "overflow_pre_ln")["name"].endswith("first fp16 overflow at layer 0")
    h.assert_no_error(page)
