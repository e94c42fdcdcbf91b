"""The information page in a real Chromium: renders, a typed pair redraws, 3D cloud, a fragment reruns alone."""

from __future__ import annotations

import pytest

from tests.helpers.browser import (
    PLOT,
    assert_no_error,
    by_meta,
    enter_text,
    main_text,
    open_page,
    plotly_data,
    plotly_layout,
    record_frames,
    wait_for,
    wait_for_traces,
)

CHARTS = 3
KEEP_WATCH_JS = """(sel) => { const plots = () => document.querySelectorAll(sel);
  window.__nvKept = {node: plots()[2], fewest: plots().length};
  new MutationObserver(() => { window.__nvKept.fewest = Math.min(window.__nvKept.fewest, plots().length); })
    .observe(document.body, {subtree: true, childList: true}); }"""
KEPT_JS = """(sel) => ({same: document.querySelectorAll(sel)[2] === window.__nvKept.node,
  fewest: window.__nvKept.fewest})"""


def test_information_renders_the_seed_pairs_a_slider_reruns_only_its_section_and_a_typed_pair_redraws(page, base_url):
    frames = record_frames(page)
    open_page(page, base_url, "information", lang="en", charts=CHARTS)
    assert_no_error(page)
    assert page.locator(PLOT).count() == 3
    l2 = by_meta(plotly_data(page, 0), "outputs_l2_1")
    assert l2["x"][1] == pytest.approx(0.6) and l2["x"][4] == pytest.approx(0.6)  # (3,4) and (6,8) merge
    text = main_text(page)
    assert "(0.849, 1.131)" in text and "(−1.000, 1.000)" in text  # each method's own merged point
    assert plotly_layout(page, 0)["template"]["layout"]["plot_bgcolor"] == "white"  # the template, not its name

    before = by_meta(plotly_data(page, 2), "sim_cos_in")["z"]
    # the maps' plot stays on the page through the move: the same node, redrawn in place, never taken out
    page.evaluate(KEEP_WATCH_JS, PLOT)
    frames.clear()
    slider = page.get_by_role("slider").first
    # A fragment rerun can finish before React renders the "running" state, so wait for the new maps
    # themselves rather than for a change of the app's run state; a key press that lands while the
    # slider is still being drawn is lost, so press again if nothing came.
    changed = lambda tr: bool(tr) and by_meta(tr, "sim_cos_in")["z"] != before  # noqa: E731
    for _ in range(3):
        slider.focus()
        slider.press("ArrowLeft")
        if changed(wait_for(page, lambda p: plotly_data(p, 2), changed, timeout_s=15)):
            break
    wait_for_traces(page, 2, changed)
    assert page.evaluate(KEPT_JS, PLOT) == {"same": True, "fewest": 3}
    sent = b"".join(frames)
    assert b"sim_cos_in" in sent  # the similarity maps came again ...
    assert b"cloud_l2" not in sent and b"outputs_l2_1" not in sent  # ... the other sections' figures did not
    assert "information.spread=" in page.url

    field = page.get_by_role("textbox", name="Pair 1: b")
    enter_text(page, field, "4，3")  # a full-width comma
    wait_for_traces(page, 0, lambda tr: abs(by_meta(tr, "outputs_l2_1")["x"][4] - 0.8) < 1e-9)
    assert "information.p1b=" in page.url
    enter_text(page, field, "4, x")
    assert page.get_by_text("Could not read").count() >= 1
    assert field.input_value() == "4, x"  # the user's text stays
    assert_no_error(page)


def test_the_3d_cloud_and_a_tiny_pair(page, base_url):
    open_page(
        page,
        base_url,
        "information",
        lang="zh",
        charts=CHARTS,
        **{"information.dim": "3D", "information.p1a": "1e-300, 1e-300", "information.p1b": "1, 1"},
    )
    assert_no_error(page)
    assert "scene" in plotly_layout(page, 1)
    text = main_text(page)
    assert "a = (1e-300, 1e-300)" in text and "∞" not in text
    l2 = by_meta(plotly_data(page, 0), "outputs_l2_1")
    assert l2["x"][1] == pytest.approx(0.5**0.5)


def test_a_figure_goes_full_screen_from_its_modebar_and_comes_back(page, base_url):
    """The modebar's full-screen button (in the page's language) shows the figure on the whole screen, at the
    screen's size; pressed again, the figure has its own size back."""
    from normviz.i18n import translate

    open_page(page, base_url, "information", lang="zh", charts=CHARTS)
    plot = page.locator(PLOT).first
    size = (
        "(gd) => [gd._fullLayout.width, gd._fullLayout.height, gd.clientWidth, window.innerWidth, window.innerHeight]"
    )
    width, height, column, screen_w, screen_h = plot.evaluate(size)
    assert width == column < screen_w  # the column's width, not the screen's
    button = plot.locator(f'.modebar-btn[data-title="{translate("zh", "access.fullscreen")}"]')
    plot.hover()
    button.click()
    full = wait_for(page, lambda p: plot.evaluate(size), lambda s: s[:2] == [screen_w, screen_h], timeout_s=10)
    assert full[:2] == [screen_w, screen_h] and page.evaluate(
        "document.fullscreenElement.classList.contains('js-plotly-plot')"
    )
    plot.hover()
    button.click()
    back = wait_for(page, lambda p: plot.evaluate(size), lambda s: s[:2] == [width, height], timeout_s=10)
    assert back[:2] == [width, height] and page.evaluate("document.fullscreenElement") is None
    assert_no_error(page)
