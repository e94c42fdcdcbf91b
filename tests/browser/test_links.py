"""Copy link and export in a real Chromium: a copied link opens the same scene in a fresh browser;
PNG, SVG and GIF downloads are real files with the caption; the arrow toward an x outside the
fitted view follows x while it moves."""

from __future__ import annotations

import io
import re
from pathlib import Path
from urllib.parse import urlparse

import pytest
from PIL import Image

from normviz.ui.kit.live import vendor
from tests.helpers.browser import (
    COMPONENTS,
    MAIN,
    assert_no_error,
    by_meta,
    expect_rerun,
    open_page,
    plotly_data,
    wait_for,
    wait_for_app_run,
)

ROOT = Path(__file__).resolve().parents[2]
EXPORTS = ROOT / "artifacts" / "exports"  # gitignored: the files, to look at
TOOLS = '.nv-tools[data-ready="true"]'
LIVE_READY = '.nv-live[data-ready="true"]'


def scene_of(page) -> dict:
    """What the figure shows: each trace's role with its coordinates, and the page's language."""
    traces = plotly_data(page)
    lang = page.evaluate("document.documentElement.lang || ''")
    title = page.locator("h1").first.inner_text()
    return {
        "title": title,
        "lang": lang,
        "traces": {t.get("meta"): [t.get(k) for k in ("x", "y", "z")] for t in traces if t.get("meta")},
    }


STEP = 12  # frames into the projection animation (of 31: LayerNorm centres, all scale, γ and β act)


def frame_index(page) -> int:
    return page.evaluate("document.querySelector('.nv-live').__normvizLive.frameIndex || 0")


@pytest.mark.permissions("clipboard-read", "clipboard-write")
def test_copied_link_opens_the_same_scene_in_a_new_browser(page, other_page, base_url):
    """Inputs, language and the animation's step: the copied link shows the same figure, frame for frame."""
    checkout_assets(page)
    open_page(page, base_url, "plane", lang="zh", eps="0", g1="1.5", b2="-0.5", show=["L2", "LayerNorm"])
    page.wait_for_selector(LIVE_READY, state="attached")
    with expect_rerun(page):
        page.locator(MAIN).get_by_role("button", name="(-1, 2)").click()
    wait_for(page, lambda p: by_meta(plotly_data(p), "arrow_input")["x"][1], lambda v: v == -1)
    page.locator(".nv-live-plot").focus()
    for _ in range(STEP):  # a presenter's clicker: Page Down steps the animation
        page.keyboard.press("PageDown")
    wait_for(page, frame_index, lambda k: k == STEP, timeout_s=10)
    page.locator(".nv-copy").click()
    status = wait_for(page, lambda p: p.locator(".nv-tools output").inner_text(), bool, timeout_s=10)
    assert "复制" in status
    link = page.evaluate("navigator.clipboard.readText()")
    assert "x1=-1" in link and "lang=zh" in link and "g1=1.5" in link and f"step={STEP}" in link
    before = scene_of(page)
    moving = before["traces"]["moving_l2"]
    assert (moving[0][-1], moving[1][-1]) != (-1, 2)  # frame 12: the point has left x, on its way
    assert_no_error(page)

    # the link, pasted into another browser
    checkout_assets(other_page)
    other_page.goto(link, wait_until="domcontentloaded")
    wait_for_app_run(other_page, initial_wait_ms=0)
    other_page.wait_for_selector(LIVE_READY, state="attached")
    wait_for(other_page, frame_index, lambda k: k == STEP, timeout_s=10)
    after = wait_for(other_page, scene_of, lambda s: s == before, timeout_s=10)
    assert after == before
    assert re.search(r"[\u4e00-\u9fff]", after["title"])
    assert_no_error(other_page)


def download(page, selector: str, *, timeout_ms: float = 60_000) -> bytes:
    with page.expect_download(timeout=timeout_ms) as info:
        page.locator(selector).click()
    return saved(info.value)


def saved(done) -> bytes:
    data = Path(done.path()).read_bytes()
    EXPORTS.mkdir(parents=True, exist_ok=True)
    (EXPORTS / done.suggested_filename).write_bytes(data)
    return data


def test_png_svg_and_gif_of_the_projection(page, base_url):
    open_page(page, base_url, "plane", lang="zh", x1="1", x2="0.5")
    page.wait_for_selector(LIVE_READY, state="attached")
    page.wait_for_selector(TOOLS, state="attached")
    png = download(page, ".nv-png")
    with Image.open(io.BytesIO(png)) as img:
        assert img.format == "PNG" and img.width >= 800 and img.height >= 800
        colours = img.convert("RGB").getcolors(maxcolors=1 << 20)
        assert colours is not None and len(colours) > 50  # a drawing, not a blank canvas
    svg = download(page, ".nv-svg").decode()
    assert svg.lstrip().startswith("<svg") or "<svg" in svg[:300]
    assert "normviz" in svg and "参数" in svg and "x1=1" in svg  # the caption: zh, with the scene
    assert svg.count("<path") > 10

    page.locator(".nv-gif").click()
    button = page.locator('[data-testid="stSidebar"] [data-testid="stDownloadButton"] button')
    button.wait_for(timeout=90_000)
    with page.expect_download() as info:
        button.click()
    data = saved(info.value)
    assert info.value.suggested_filename.endswith(".gif") and len(data) > 10_000
    with Image.open(io.BytesIO(data)) as gif:
        assert gif.format == "GIF" and gif.n_frames >= 10
        frames = set()
        for k in range(0, gif.n_frames, 3):
            gif.seek(k)
            frames.add(gif.convert("RGB").tobytes())
    assert len(frames) >= 4  # the points move
    assert_no_error(page)


_MAIN_PLOTS_JS = """() => [...document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot')]
    .filter((gd) => gd.data).length"""


def test_on_a_page_without_a_live_chart_the_export_shares_plotly_and_lists_the_pages_figures(page, base_url):
    """The tools' code and style are files (export.js, export.css); plotly.js is the app's one file, fetched once
    for the page's figures and the export (normviz.live's load_plotly.js); the figure list is the page's own
    figures, never the GIF's scratch plot."""
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(urlparse(request.url).path))
    open_page(page, base_url, "dof", lang="en", charts=3)
    page.wait_for_selector(TOOLS, state="attached")
    tools = f"{COMPONENTS}/normviz.export"
    assert f"{tools}/export.js" in fetched and f"{tools}/export.css" in fetched
    assert page.locator(".nv-tools").evaluate("el => getComputedStyle(el).display") == "flex"  # export.css
    plotly = f"/app/static/{vendor.PLOTLY_JS.name}"
    assert fetched.count(plotly) == 1  # the figure component's, for all three figures
    png = download(page, ".nv-png")
    with Image.open(io.BytesIO(png)) as img:
        assert img.format == "PNG" and img.height > 400
    assert fetched.count(plotly) == 1  # the export's too

    def figure_list(p) -> list[str]:
        p.locator(".nv-figure").dispatch_event("pointerdown")  # the list is read again when it is opened
        return p.locator(".nv-figure option").all_inner_texts()

    assert len(figure_list(page)) == page.evaluate(_MAIN_PLOTS_JS) == 3
    page.evaluate("""async () => { const div = document.createElement("div");  // as the GIF draws its frames
        div.className = "nv-export-scratch"; document.body.appendChild(div);
        await window.Plotly.newPlot(div, [{y: [1, 2]}], {title: {text: "scratch"}}); }""")
    options = figure_list(page)
    assert len(options) == 3 and not any("scratch" in o for o in options), options
    assert_no_error(page)


def checkout_assets(page) -> None:
    """Serve this checkout's live-chart JavaScript, whichever checkout the installed package points at."""

    def serve(name: str):
        path = str(ROOT / "normviz/ui/kit/live/assets" / name)
        return lambda route: route.fulfill(path=path, content_type="text/javascript")

    for name in ("live.js", "scene.js", "overlay.js"):
        page.route(f"**/bidi-components/normviz.live/{name}", serve(name))


def test_offscreen_arrow_follows_x_in_the_browser(page, base_url):
    """x starts inside the fitted view (±1.2·√2) and is nudged out with the keys: the arrow at the edge appears."""
    checkout_assets(page)
    open_page(page, base_url, "plane", lang="en", x1="1", x2="0.5")
    page.wait_for_selector(LIVE_READY, state="attached")
    assert by_meta(plotly_data(page), "x_offscreen")["x"] == []
    # The keys' release would rerun the page, and Python's new figure ends the motion layer: on a loaded CI
    # machine that came before the first read, which then waited for a layer that never came back. Without the
    # release the layer stays, and what it shows is the browser's own drawing.
    page.evaluate("() => { document.querySelector('.nv-live').__normvizLive.release = () => {}; }")
    box = page.locator(".nv-live-plot")
    box.focus()
    for _ in range(8):  # Shift: 10 steps of 0.01 each
        page.keyboard.press("Shift+ArrowRight")
    motion = wait_for(
        page,
        # the layer's div exists a moment before plotly has drawn its traces into it: no traces yet, read again
        lambda p: p.evaluate("""() => { const el = document.querySelector('.nv-live-motion');
            return ((el && el.data) || []).map(t => ({meta: t.meta, x: Array.from(t.x)})); }"""),
        lambda traces: any(t["meta"] == "x_offscreen" and len(t["x"]) > 0 for t in traces),
        timeout_s=10,
    )
    edge = next(t for t in motion if t["meta"] == "x_offscreen")["x"]
    assert max(v for v in edge if v == v) == pytest.approx(1.2 * 2**0.5, rel=1e-6)


def test_an_x_outside_the_view_is_grabbed_at_the_edge_and_comes_into_view(page, base_url):
    """The default (3, 4) lies outside the fitted view: pressing on the arrow at the edge and dragging
    brings x to the pointer; the release reruns once and the link holds the new x, inside the view."""
    checkout_assets(page)
    open_page(page, base_url, "plane", lang="en")
    page.wait_for_selector(LIVE_READY, state="attached")
    edge = page.evaluate("""() => { const l = document.querySelector('.nv-live').__normvizLive;
        const fl = l.gd._fullLayout, r = l.gd.getBoundingClientRect(), p = l.handle().point;
        return [r.left + fl.xaxis._offset + fl.xaxis.l2p(p[0]), r.top + fl.yaxis._offset + fl.yaxis.l2p(p[1]),
                l.handle().outside]; }""")
    assert edge[2] is True
    page.mouse.move(edge[0], edge[1])
    page.mouse.down()
    for k in range(1, 4):
        page.mouse.move(edge[0] - 30 * k, edge[1] + 30 * k, steps=2)
    x = wait_for(
        page,
        lambda p: p.evaluate("document.querySelector('.nv-live').__normvizLive.x"),
        lambda v: max(map(abs, v)) < 1.2 * 2**0.5,
        timeout_s=10,
    )
    page.mouse.up()
    wait_for(page, lambda p: p.url, lambda url: f"x1={x[0]:g}" in url and f"x2={x[1]:g}" in url)
    assert_no_error(page)


def test_the_link_field_follows_a_move_that_reruns_only_its_fragment(page, base_url):
    """The sidebar is not drawn again when a keyed fragment reruns; its link field still shows the new address."""
    open_page(page, base_url, "epsilon", lang="en")
    page.wait_for_selector(TOOLS, state="attached")
    field = page.locator(".nv-tools input.nv-link")
    assert "epsilon.n=" not in field.input_value()
    slider = page.locator(MAIN).get_by_role("slider", name="Dimension n")
    slider.focus()
    with expect_rerun(page):
        page.keyboard.press("End")
    wait_for(page, lambda p: p.evaluate("location.href"), lambda href: "epsilon.n=8192" in href, timeout_s=10)
    shown = wait_for(page, lambda p: field.input_value(), lambda v: "epsilon.n=8192" in v, timeout_s=5)
    assert shown == page.evaluate("location.href")
    assert_no_error(page)
