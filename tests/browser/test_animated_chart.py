"""``ui.animated_chart`` (the live component in scene mode "figure") in a real Chromium, on
tests/browser/apps/animated_app.py: a grid of inputs morphing, frame by frame, onto its L2 image.

- Tab reaches Play, an HTML button named "▶ Play"; Enter plays the frames in the browser (the plot's traces
  change, the figure's slider follows) and no script rerun is sent;
- on the focused plot ← / → step a frame, Home / End go to the ends, the polite live region says the frame,
  and the figure's own slider still works with the mouse, the keys stepping on from where it left the frame;
- under prefers-reduced-motion Play shows the last frame at once, none between.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from normviz import l2_normalize
from normviz.i18n import Translator
from tests.helpers.appserver import CheckedAppServer as AppServer
from tests.helpers.appserver import free_port
from tests.helpers.browser import (
    LIVE,
    READY,
    assert_no_error,
    count_whole_runs,
    live_stats,
    main_text,
    page_url,
    plotly_data,
    wait_for,
    wait_for_app_run,
)

APP = Path(__file__).resolve().parent / "apps" / "animated_app.py"
LAST = 10  # the app's frames: f0 .. f10, t = 0 .. 1
T_EN = Translator("en")

# The element that has the focus: what a screen reader would name it, and what it is.
FOCUSED_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return {};
  return {tag: el.tagName, action: el.dataset.action || null, role: el.getAttribute('role'),
          name: (el.getAttribute('aria-label') || el.textContent || '').trim()};
}"""

FRAMES_SEEN_JS = """() => {
  const gd = document.querySelector('.nv-live .js-plotly-plot');
  window.__nvFramesSeen = [];
  gd.on('plotly_animatingframe', (e) => window.__nvFramesSeen.push(e.name));
}"""


@pytest.fixture(scope="module")
def animated_url(tmp_path_factory):
    from normviz.ui.kit.live import vendor

    if not vendor.PLOTLY_JS.is_file():
        pytest.fail(f"{vendor.PLOTLY_JS} is missing: `make test` copies it (python normviz/ui/kit/live/vendor.py)")
    server = AppServer(APP, free_port(), tmp_path_factory.mktemp("animated") / "server.log")
    try:
        server.start()
        yield server.base_url
    finally:
        server.stop()


def open_animated(page, base_url: str) -> list[int]:
    """Open the app and wait for the chart; the returned counter counts the whole script runs the server
    finishes from then on, reset to 0 once the page has loaded."""
    whole_runs = count_whole_runs(page)  # before the page opens its websocket
    page.goto(page_url(base_url, ""), wait_until="domcontentloaded")
    wait_for_app_run(page, initial_wait_ms=0)
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    assert page.locator(f"{LIVE}[data-error]").count() == 0, page.locator(LIVE).get_attribute("data-error")
    wait_for_app_run(page)
    assert whole_runs[0] >= 1, "the counter saw no run: it must listen on the page's websocket"
    whole_runs[0] = 0
    return whole_runs


def frame(page) -> int:
    """The frame on screen, as live.js keeps it (data-frame)."""
    return int(page.locator(LIVE).get_attribute("data-frame") or 0)


def playing(page) -> bool:
    return page.locator(LIVE).get_attribute("data-playing") == "true"


def slider_active(page) -> int:
    """The step the figure's own plotly slider shows as current."""
    return page.locator(f"{LIVE} .js-plotly-plot").evaluate("(gd) => gd._fullLayout.sliders[0].active")


def grid(page) -> np.ndarray:
    (trace,) = plotly_data(page, 0)
    return np.column_stack([trace["x"], trace["y"]])


def expected_grid(k: int) -> np.ndarray:
    u = np.linspace(-2.0, 2.0, 5)
    x0 = np.array([(a, b) for a in u for b in u if (a, b) != (0.0, 0.0)])
    t = k / LAST
    return (1 - t) * x0 + t * l2_normalize(x0)


def announced(page) -> str:
    return page.locator(f"{LIVE} .nv-live-status").text_content() or ""


def said(k: int) -> str:
    return T_EN("access.anim.frame", index=k + 1, count=LAST + 1, frame=f"t = {k / LAST:.1f}")


def runs_line(page) -> str:
    return next(line for line in main_text(page).splitlines() if line.startswith("runs="))


def test_tab_to_play_and_the_frames_play_in_the_browser_without_a_rerun(page, animated_url):
    whole_runs = open_animated(page, animated_url)
    runs_before = runs_line(page)
    assert frame(page) == 0 and np.allclose(grid(page), expected_grid(0))
    for _ in range(30):
        page.keyboard.press("Tab")
        stop = page.evaluate(FOCUSED_JS)
        if stop.get("action") == "play":
            break
    else:
        raise AssertionError("Tab never reached the Play button")
    assert stop["tag"] == "BUTTON" and stop["name"] == "▶ Play"
    assert page.get_by_role("button", name="▶ Play").count() == 1  # an accessible name, in the accessibility tree
    assert page.locator(f"{LIVE} .nv-live-anim").get_attribute("aria-label") == T_EN("access.anim.group")
    page.keyboard.press("Enter")
    assert wait_for(page, playing, bool, timeout_s=10)
    middle = wait_for(page, frame, lambda f: f >= 2, timeout_s=10)
    assert 2 <= middle < LAST and playing(page)  # on its way, not jumped to the end
    assert wait_for(page, frame, lambda f: f == LAST, timeout_s=20) == LAST
    wait_for(page, playing, lambda p: not p, timeout_s=5)
    assert np.allclose(grid(page), expected_grid(LAST))  # the traces are the last frame's: on the unit circle
    assert np.allclose(np.linalg.norm(grid(page), axis=1), 1.0)
    assert slider_active(page) == LAST  # the figure's slider followed
    assert wait_for(page, announced, lambda s: s == said(LAST)) == said(LAST)
    page.wait_for_timeout(500)
    assert whole_runs == [0] and runs_line(page) == runs_before and live_stats(page)["sent"] == 0
    assert_no_error(page)


def test_keys_step_frames_and_the_figures_slider_works_with_the_mouse_and_the_keys(page, animated_url):
    whole_runs = open_animated(page, animated_url)
    runs_before = runs_line(page)
    chart = page.locator(f"{LIVE} .nv-live-plot")
    assert chart.get_attribute("role") == "application"
    assert chart.get_attribute("aria-label") == T_EN("access.anim.chart", title="A grid warped by L2")
    assert main_text(page).count(T_EN("access.anim.keys")) == 1  # the keys hint under the chart
    chart.focus()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert wait_for(page, frame, lambda f: f == 3, timeout_s=10) == 3
    assert wait_for(page, lambda p: np.allclose(grid(p), expected_grid(3)), bool, timeout_s=10)
    assert slider_active(page) == 3
    assert wait_for(page, announced, lambda s: s == said(3)) == said(3)
    page.keyboard.press("ArrowLeft")
    assert wait_for(page, frame, lambda f: f == 2, timeout_s=10) == 2
    page.keyboard.press("End")
    assert wait_for(page, frame, lambda f: f == LAST, timeout_s=10) == LAST
    assert wait_for(page, lambda p: np.allclose(grid(p), expected_grid(LAST)), bool, timeout_s=10)
    page.keyboard.press("Home")
    assert wait_for(page, frame, lambda f: f == 0, timeout_s=10) == 0
    assert slider_active(page) == 0
    assert wait_for(page, announced, lambda s: s == said(0)) == said(0)

    # the figure's own slider, by mouse: a click half-way along its rail shows the middle frame ...
    rail = page.locator(f"{LIVE} .slider-rail-rect").first.bounding_box()
    page.mouse.click(rail["x"] + rail["width"] / 2, rail["y"] + rail["height"] / 2)
    assert wait_for(page, frame, lambda f: f == LAST // 2, timeout_s=10) == LAST // 2
    assert wait_for(page, lambda p: np.allclose(grid(p), expected_grid(LAST // 2)), bool, timeout_s=10)
    assert wait_for(page, announced, lambda s: s == said(LAST // 2)) == said(LAST // 2)
    # ... and the keys step on from there
    chart.focus()
    page.keyboard.press("ArrowRight")
    assert wait_for(page, frame, lambda f: f == LAST // 2 + 1, timeout_s=10) == LAST // 2 + 1
    assert slider_active(page) == LAST // 2 + 1
    page.wait_for_timeout(500)
    assert whole_runs == [0] and runs_line(page) == runs_before and live_stats(page)["sent"] == 0
    assert_no_error(page)


def test_under_reduced_motion_play_shows_the_last_frame_at_once(page, animated_url):
    page.emulate_media(reduced_motion="reduce")
    try:
        whole_runs = open_animated(page, animated_url)
        page.evaluate(FRAMES_SEEN_JS)
        page.get_by_role("button", name="▶ Play").click()
        assert wait_for(page, frame, lambda f: f == LAST, timeout_s=5) == LAST
        assert page.evaluate("window.__nvFramesSeen") == [f"f{LAST}"]  # none between
        assert np.allclose(grid(page), expected_grid(LAST))
        assert wait_for(page, announced, lambda s: s == said(LAST)) == said(LAST)
        wait_for(page, playing, lambda p: not p, timeout_s=5)
        assert whole_runs == [0]
        assert_no_error(page)
    finally:
        page.emulate_media(reduced_motion="no-preference")


def test_a_figure_with_frames_drawn_by_ui_chart_keeps_them_and_plays_them(page, animated_url):
    """ui.chart's figure component hands plotly the frames too: its own slider and Play animate the grid."""
    page.goto(page_url(animated_url, "", kind="chart"), wait_until="domcontentloaded")
    wait_for_app_run(page, initial_wait_ms=0)
    plot = page.locator(".nv-figure-plot.js-plotly-plot")
    plot.wait_for(timeout=60_000)
    assert plot.evaluate("(gd) => (gd._transitionData._frames || []).map((f) => f.name)") == [
        f"f{k}" for k in range(LAST + 1)
    ]
    plot.evaluate(
        f"(gd) => window.Plotly.animate(gd, ['f{LAST}'], {{frame: {{duration: 0}}, transition: {{duration: 0}}}})"
    )
    moved = wait_for(page, grid, lambda g: np.allclose(g, expected_grid(LAST)), timeout_s=10)
    np.testing.assert_allclose(moved, expected_grid(LAST), atol=1e-12)
    assert_no_error(page)
