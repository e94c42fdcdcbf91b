"""The keyboard alone, in a real Chromium: Tab reaches the live chart of the plane, the space and the lesson past
every control before it, each with a visible focus ring; the arrow keys move x, and the address, the figure and
the polite live region follow; Tab reaches the animation's buttons, which play and pause, and the chart's keys
step it; nothing traps
the focus. And under ``prefers-reduced-motion``: nothing plays by itself, and Play goes from stage to stage."""

from __future__ import annotations

import pytest

from normviz import geometry, lesson
from normviz.figures import projection as engine
from normviz.i18n import Translator
from normviz.methods import METHODS
from tests.helpers.browser import (
    assert_no_error,
    by_meta,
    camera_eye,
    open_page,
    plotly_data,
    tip,
    wait_for,
    wait_for_tip,
)

LIVE = '.nv-live[data-ready="true"]'
MOST_TABS = 90  # more stops than any page has before its chart

# The element that has the focus (inside a component's shadow root too), its name and whether the focus shows:
# the look of the element and of its three nearest ancestors (a text field's frame is its parent's border)
# differs between focused and not, by outline, box-shadow, border or background. Measured by blurring and
# focusing it again (which keeps the keyboard's :focus-visible), a render apart.
FOCUSED_JS = """async () => {
  const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  let el = document.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
  if (!el || el === document.body) return {body: true};
  const look = () => {
    const out = [];
    for (let e = el, k = 0; e && k < 4; e = e.parentElement || (e.getRootNode() && e.getRootNode().host), k++) {
      const s = getComputedStyle(e);
      out.push([s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor]
        .join('|'));
    }
    return out.join(' / ');
  };
  const on = look();
  el.blur();
  await frames(); // Streamlit's widgets restyle on React's focus state, a render later
  const off = look();
  el.focus({preventScroll: true});
  await frames();
  return {body: false, tag: el.tagName, cls: String(el.className), action: el.dataset.action || null,
          type: el.type || null, role: el.getAttribute('role'),
          name: (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 50), ring: on !== off,
          live: !!el.closest('.nv-live'), slider: !!el.closest('.nv-live-sliders')};
}"""


def focused(page) -> dict:
    return page.evaluate(FOCUSED_JS)


NO_TRANSITIONS = "*, *::before, *::after { transition: none !important; }"  # a ring is read at once, not mid-fade


def tab_until(page, reached, *, back: bool = False) -> list[dict]:
    """Press Tab (Shift+Tab with ``back``) until ``reached(focused)``; every stop on the way, the last one too."""
    if not page.evaluate("() => !!document.querySelector('style[data-nv-test-still]')"):
        page.add_style_tag(content=NO_TRANSITIONS)
        page.evaluate("() => { const s = [...document.querySelectorAll('style')].pop(); s.dataset.nvTestStill = ''; }")
    stops = []
    for _ in range(MOST_TABS):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        stops.append(focused(page))
        if reached(stops[-1]):
            return stops
    raise AssertionError(f"not reached in {MOST_TABS} presses; the last stops: {stops[-5:]}")


def assert_rings(stops: list[dict]) -> None:
    """Every stop that is an element shows that it has the focus."""
    unringed = [s for s in stops if not s["body"] and not s["ring"]]
    assert not unringed, f"no visible focus on: {unringed}"


def announced(page) -> str:
    return page.locator(".nv-live-status").text_content() or ""


def announcement(lang: str, x, shown) -> str:
    """What the live region must say for x: the vector and each shown method's output, at 3 decimals."""
    t = Translator(lang)
    proj = geometry.project(geometry.Scene(x=tuple(x)))
    vector = lambda v: "(" + ", ".join(f"{c:.3f}" for c in v) + ")"  # noqa: E731
    text = t("proj.live.announce.x", x=vector(x))
    outputs = "; ".join(f"{METHODS[m].label} {vector(proj.outputs[m])}" for m in METHODS if m in shown)
    return f"{text} {t('proj.live.announce.outputs', outputs=outputs)}" if outputs else text


def frame(page) -> int:
    """The animation's frame on screen (live.js keeps it in data-frame)."""
    return int(page.locator(".nv-live").get_attribute("data-frame") or 0)


def is_chart(stop: dict) -> bool:
    return "nv-live-plot" in stop.get("cls", "")


def test_the_plane_by_keyboard_alone(page, base_url):
    open_page(page, base_url, "plane", lang="en", wait_for_plot=True)
    page.locator(LIVE).wait_for(state="attached")
    stops = tab_until(page, is_chart)
    assert_rings(stops)
    names = [s["name"] for s in stops]
    assert "(6, 8)" in names and "x₁" in names  # the presets, the sliders
    assert stops[-1]["role"] == "application" and stops[-1]["name"].startswith("The plane:")

    for _ in range(3):
        page.keyboard.press("ArrowRight")
    wait_for(page, lambda p: p.url, lambda url: "x1=3.03" in url)  # one release, one rerun, the address keeps it
    assert wait_for_tip(page, "arrow_input", lambda p: p[0] == pytest.approx(3.03)) == pytest.approx((3.03, 4.0))
    said = wait_for(page, announced, lambda s: "3.030" in s)
    assert said == announcement("en", (3.03, 4.0), METHODS), said
    page.keyboard.press("Shift+ArrowUp")  # ten steps
    wait_for(page, lambda p: p.url, lambda url: "x2=4.1" in url)
    assert wait_for(page, announced, lambda s: "4.100" in s) == announcement("en", (3.03, 4.1), METHODS)

    # the animation: Tab on to its buttons, laid where plotly drew its own
    play = tab_until(page, lambda s: s.get("action") == "play")[-1]
    assert play["name"] == "▶ Play" and play["ring"]
    page.keyboard.press("Enter")
    wait_for(page, lambda p: p.locator(".nv-live").get_attribute("data-playing"), lambda v: v == "true")
    page.keyboard.press("Tab")
    assert focused(page)["action"] == "pause"
    wait_for(page, frame, lambda f: f >= 2)  # it plays
    page.keyboard.press("Space")
    wait_for(page, lambda p: p.locator(".nv-live").get_attribute("data-playing"), lambda v: v is None)
    held = page.locator(".nv-live").get_attribute("data-frame")
    page.wait_for_timeout(400)
    assert page.locator(".nv-live").get_attribute("data-frame") == held  # paused: the frame stays
    assert 0 < int(held) < 2 * engine.STEPS
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")  # Play goes on from there, to the end
    assert wait_for(page, frame, lambda f: f == 2 * engine.STEPS) == 2 * engine.STEPS
    # at the end of stage 2: LayerNorm's point on the line, on the √2 circle
    ln = wait_for_tip(page, "moving_ln", lambda p: abs(sum(p)) < 1e-6)
    assert ln == pytest.approx(tuple(geometry.project(geometry.Scene(x=(3.03, 4.1))).outputs["ln"]), abs=1e-6)

    # on the chart (back past plotly's own tool buttons): Home and End
    tab_until(page, is_chart, back=True)
    page.keyboard.press("End")
    assert page.locator(".nv-live").get_attribute("data-frame") == str(2 * engine.STEPS)
    page.keyboard.press("Home")
    assert page.locator(".nv-live").get_attribute("data-frame") == "0"

    # no trap: Tab goes on past the chart to the end of the page and out of it
    stops = tab_until(page, lambda s: s["body"] or s.get("name") == "Skip to main content")
    assert_rings(stops)
    assert_no_error(page)


def test_the_space_by_keyboard_alone_in_chinese(page, base_url):
    """The camera's presets and x without a mouse; the live region speaks Chinese."""
    open_page(page, base_url, "space", lang="zh", wait_for_plot=True)
    page.locator(LIVE).wait_for(state="attached")
    stops = tab_until(page, lambda s: s.get("role") == "radio" and s["name"] == "3D")  # the camera's chosen preset
    assert_rings(stops)
    page.keyboard.press("ArrowRight")  # within the group the arrow keys move, Space chooses
    assert focused(page)["name"] == "(1,1,1)"
    page.keyboard.press("Space")
    assert "camera=along" in wait_for(page, lambda p: p.url, lambda url: "camera=along" in url)
    along = lambda e: e is not None and e["x"] == pytest.approx(e["y"]) == pytest.approx(e["z"])  # noqa: E731
    assert along(wait_for(page, camera_eye, along))  # looking along (1, 1, 1)

    stops = tab_until(page, lambda s: s["slider"])  # past the chart and the animation's buttons: x₁
    assert_rings(stops)
    assert stops[-1]["name"] == "x₁" and any(is_chart(s) for s in stops)
    assert [s.get("action") for s in stops[-3:-1]] == ["play", "pause"]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert "x1=1.02" in wait_for(page, lambda p: p.url, lambda url: "x1=1.02" in url)
    assert tip(by_meta(plotly_data(page), "arrow_input")) == pytest.approx((1.02, 2.0, 3.0))
    said = wait_for(page, announced, lambda s: "1.020" in s)
    assert said == announcement("zh", (1.02, 2.0, 3.0), METHODS) and "输出" in said
    assert_no_error(page)


L2_STEP = lesson.KEYS.index("l2") + 1


def test_the_lesson_by_keyboard_alone(page, base_url):
    """A prediction step: x moves by keys and the live region says x only (the outputs would give the answer
    away); Reveal by keyboard plays the projection once, and then the outputs are said too."""
    open_page(page, base_url, "lesson", lang="en", step=str(L2_STEP), wait_for_plot=True)
    page.locator(LIVE).wait_for(state="attached")
    stops = tab_until(page, is_chart)
    assert_rings(stops)
    page.keyboard.press("ArrowRight")
    wait_for(page, lambda p: p.url, lambda url: "x1=3.01" in url)
    said = wait_for(page, announced, lambda s: "3.010" in s)
    assert said == announcement("en", (3.01, 4.0), ()), said  # before the reveal: no output

    reveal = Translator("en")("lesson.reveal")
    tab_until(page, lambda s: reveal in s.get("name", ""), back=True)  # its icon's name is text too
    page.keyboard.press("Enter")
    wait_for(page, lambda p: p.locator(".nv-live").get_attribute("data-autoplayed"), lambda v: v == "1")
    page.locator(".nv-live-plot").focus()
    page.keyboard.press("ArrowLeft")
    said = wait_for(page, announced, lambda s: "3.000" in s)
    assert said == announcement("en", (3.0, 4.0), {"l2"}), said
    assert_no_error(page)


# --- prefers-reduced-motion -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def still(browser):
    """A tab whose browser asks for reduced motion."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000}, reduced_motion="reduce")
    try:
        tab = ctx.new_page()
        tab.set_default_timeout(60_000)
        yield tab
    finally:
        ctx.close()


FRAMES_SEEN_JS = """() => {
  const gd = document.querySelector('.nv-live .js-plotly-plot');
  window.__nvFramesSeen = [];
  gd.on('plotly_animatingframe', (e) => window.__nvFramesSeen.push(e.name));
}"""


def test_reduced_motion_plays_nothing_by_itself_and_play_goes_from_stage_to_stage(still, base_url):
    page = still
    open_page(page, base_url, "lesson", lang="en", step=str(L2_STEP), wait_for_plot=True)
    page.locator(LIVE).wait_for(state="attached")
    page.get_by_role("button", name=Translator("en")("lesson.reveal")).click()
    wait_for(page, lambda p: int(p.locator(".nv-live").get_attribute("data-renders") or 0), lambda r: r >= 2)
    page.wait_for_timeout(500)
    assert page.locator(".nv-live").get_attribute("data-autoplayed") is None  # the reveal did not play it

    open_page(page, base_url, "plane", lang="en", wait_for_plot=True)
    page.locator(LIVE).wait_for(state="attached")
    page.evaluate(FRAMES_SEEN_JS)
    page.locator("[data-action=play]").click()
    seen = wait_for(page, lambda p: p.evaluate("window.__nvFramesSeen"), lambda s: len(s) >= 2, timeout_s=20)
    assert seen == [f"f{engine.STEPS}", f"f{2 * engine.STEPS}"], seen  # the stages' ends, none between
    assert_no_error(page)
