"""Helpers for the Chromium tests: open a page, wait for Streamlit, read plots.

Use them from a test in ``tests/browser/``::

    from tests.helpers.browser import assert_no_error, open_page, plotly_data

    def test_plane_draws_the_input(page, base_url):
        open_page(page, base_url, "plane", lang="en", wait_for_plot=True)
        assert_no_error(page)
        traces = plotly_data(page)
        assert any(t.get("name") for t in traces)

Wrap an interaction that reruns the script (slider release, click, typing +
Enter) in ``with expect_rerun(page):`` before looking at the result. The
figure the rerun sends can arrive a moment later: poll it with
``wait_for_traces``, ``wait_for_tip`` or ``wait_for``. Traces are found by the
role in their ``meta`` (``by_meta``), which is not translated.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar
from urllib.parse import urlencode, urlparse

import pytest

APP = '[data-testid="stApp"]'
CONNECTED = f'{APP}[data-test-connection-state="CONNECTED"]'
NOT_RUNNING = f'{APP}[data-test-script-state="notRunning"]'
STATUS_WIDGET = '[data-testid="stStatusWidget"]'
PLOT = ".js-plotly-plot"
MAIN = '[data-testid="stMain"]'
ELEMENT = '[data-testid="stElementContainer"]'
# Where Streamlit serves a components.v2 component's files: COMPONENTS + "/normviz.<name>/<file>".
COMPONENTS = "/_stcore/bidi-components"
# Error markers: an exception box, st.error / any error-kind alert (Streamlit
# also renders "page not found" and element errors this way).
ERROR_SELECTORS = (
    '[data-testid="stException"]',
    '[data-testid="stAlertContentError"]:not([data-testid="stException"] *)',
)
# Streamlit's own modal dialogs that mean something is broken (their text is
# always English). An app's st.dialog is a role=dialog too, hence the titles.
ERROR_DIALOG_TITLES = ("Page not found", "Connection error")
NAV_LINKS = '[data-testid="stSidebarNav"] a, [data-testid="stTopNav"] a'

DEFAULT_TIMEOUT_MS = 60_000

_ERRORS_ATTR = "_normviz_page_errors"
_FRAMES_ATTR = "_normviz_ws_frames"
T = TypeVar("T")


def page_url(base_url: str, path: str = "", **query: Any) -> str:
    """``base_url/path?query``; list/tuple values become repeated parameters."""
    url = base_url.rstrip("/") + "/" + path.strip("/")
    if query:
        url += "?" + urlencode({k: v for k, v in query.items() if v is not None}, doseq=True)
    return url


def watch_page_errors(page) -> None:
    """Record uncaught JavaScript exceptions of ``page`` (the ``page`` fixture does this), and count the
    websocket messages the server sends it (``expect_rerun`` reads that count)."""
    if getattr(page, _ERRORS_ATTR, None) is not None:
        return
    errors: list[str] = []
    setattr(page, _ERRORS_ATTR, errors)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    frames = [0]
    setattr(page, _FRAMES_ATTR, frames)

    def count(ws) -> None:
        ws.on("framereceived", lambda _payload: frames.__setitem__(0, frames[0] + 1))

    page.on("websocket", count)


def _frames_received(page) -> int:
    return (getattr(page, _FRAMES_ATTR, None) or [0])[0]


def page_errors_reset(page) -> None:
    """Forget the JavaScript exceptions recorded so far (a reused tab starts each test with none)."""
    errors = getattr(page, _ERRORS_ATTR, None)
    if errors is not None:
        errors.clear()


def page_errors(page) -> list[str]:
    """Uncaught JavaScript exceptions seen on ``page`` so far (needs ``watch_page_errors``)."""
    return list(getattr(page, _ERRORS_ATTR, None) or [])


def wait_for_app_run(
    page, *, timeout_ms: float = DEFAULT_TIMEOUT_MS, initial_wait_ms: float = 250, settle_ms: float = 150
) -> None:
    """Block until Streamlit is connected and no script run is in progress.

    ``initial_wait_ms`` gives a just-triggered rerun time to start (the
    script-state attribute still says "notRunning" for a moment after a
    click). The state is checked twice, ``settle_ms`` apart, so a script that
    reruns itself (``st.rerun``, ``st.switch_page``) is waited for as well.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    if initial_wait_ms:
        page.wait_for_timeout(initial_wait_ms)
    deadline = time.monotonic() + timeout_ms / 1000
    try:
        page.wait_for_selector(CONNECTED, state="attached", timeout=timeout_ms)
        for _ in range(20):
            left = max(1000.0, (deadline - time.monotonic()) * 1000)
            page.wait_for_selector(NOT_RUNNING, state="attached", timeout=left)
            page.wait_for_selector(STATUS_WIDGET, state="hidden", timeout=left)
            page.wait_for_timeout(settle_ms)
            if page.locator(NOT_RUNNING).count() and not page.locator(STATUS_WIDGET).is_visible():
                return
    except PlaywrightTimeout as exc:
        shown = "\n".join(error_texts(page)) or "no error element"
        raise AssertionError(
            f"{page.url}: Streamlit did not finish a script run within {timeout_ms / 1000:.0f} s "
            f"({exc.message.splitlines()[0]}); the page shows: {shown}"
        ) from None
    raise AssertionError(f"{page.url}: Streamlit kept rerunning; the script never settled")


_COUNT_RUNS_JS = """() => {
  if (window.__normvizRunState === undefined) {
    window.__normvizRunState = 0;
    new MutationObserver((muts) => { window.__normvizRunState += muts.length; }).observe(
      document, {attributes: true, subtree: true, attributeFilter: ['data-test-script-state']});
  }
  return window.__normvizRunState;
}"""


@contextmanager
def expect_rerun(page, *, timeout_ms: float = DEFAULT_TIMEOUT_MS) -> Iterator[None]:
    """Wait, after the ``with`` body, for the rerun it triggered to finish.

    ::

        with expect_rerun(page):
            page.get_by_role("slider").first.press("ArrowRight")

    Unlike a fixed sleep this cannot return before the rerun started: it
    counts changes of the app's script-run state, and the server's websocket
    messages, made after entering.
    """
    before, frames = page.evaluate(_COUNT_RUNS_JS), _frames_received(page)
    yield
    # A rerun shows as a change of the app's script-run state, or (a fast fragment run can finish
    # without the state ever reading "running") as messages from the server over the websocket.
    deadline = time.monotonic() + timeout_ms / 1000
    while page.evaluate("(n) => window.__normvizRunState > n", before) is False and _frames_received(page) == frames:
        if time.monotonic() > deadline:
            raise AssertionError(
                f"{page.url}: no script rerun started within {timeout_ms / 1000:.0f} s of the interaction"
            )
        page.wait_for_timeout(50)
    wait_for_app_run(page, timeout_ms=timeout_ms, initial_wait_ms=0)


def enter_text(page, field, text: str, *, timeout_ms: float = DEFAULT_TIMEOUT_MS) -> None:
    """Type ``text`` into a text or number ``field`` (a locator), press Enter and wait for the rerun."""
    with expect_rerun(page, timeout_ms=timeout_ms):
        field.fill(text)
        field.press("Enter")


def press_keys(page, target, *keys: str, timeout_ms: float = DEFAULT_TIMEOUT_MS) -> None:
    """Focus ``target`` (a slider, say), press ``keys`` in turn and wait for the rerun they trigger."""
    target.focus()
    with expect_rerun(page, timeout_ms=timeout_ms):
        for key in keys:
            target.press(key)


def switch_language(page, lang: str, *, timeout_ms: float = DEFAULT_TIMEOUT_MS) -> None:
    """Choose ``lang`` ("zh" or "en") in the sidebar's language switch, as a student does, and wait for the
    rerun: the page redraws in that language with its scene (a rerun, much cheaper than a new load)."""
    from normviz.ui.kit.shell import LANG_NAMES

    option = page.locator('[data-testid="stSidebar"] [data-testid="stButtonGroup"] button').filter(
        has_text=re.compile(f"^{re.escape(LANG_NAMES[lang])}$")
    )
    with expect_rerun(page, timeout_ms=timeout_ms):
        option.click()
    assert option.get_attribute("aria-checked") == "true", f"{page.url}: {LANG_NAMES[lang]} is not chosen"
    assert_document_language(page, lang)


def assert_document_language(page, lang: str, *, timeout_s: float = 10.0) -> None:
    """``<html lang>`` is ``lang``'s tag (normviz.ui.kit.document), waiting for the component's render."""
    from normviz.ui.kit.document import LANG_TAGS

    got = wait_for(page, lambda p: p.evaluate("document.documentElement.lang"), lambda v: v == LANG_TAGS[lang],
                   timeout_s=timeout_s)  # fmt: skip
    assert got == LANG_TAGS[lang], f"{page.url}: <html lang={got!r}>, not {LANG_TAGS[lang]!r}"


_DOCUMENT_STYLES_JS = """() => {
  const name = document.querySelector('[data-testid="stSidebarNav"] span');
  return !!name && getComputedStyle(name).whiteSpace === 'normal';
}"""


def wait_for_document_styles(page, *, timeout_ms: float = DEFAULT_TIMEOUT_MS) -> None:
    """Block until normviz.ui.kit.document's stylesheet is in effect (a page name may wrap): the component
    mounts with the shell's run, and its CSS arrives a moment after the page's first elements."""
    page.wait_for_function(_DOCUMENT_STYLES_JS, timeout=timeout_ms)


def wait_for_plotly(page, *, index: int = 0, timeout_ms: float = DEFAULT_TIMEOUT_MS) -> None:
    """Block until the ``index``-th plotly chart exists and plotly has drawn its data."""
    page.wait_for_function(
        """(i) => {
            const el = document.querySelectorAll('.js-plotly-plot')[i];
            return !!(el && el.data && el._fullLayout);
        }""",
        arg=index,
        timeout=timeout_ms,
    )


_CHARTS_DRAWN_JS = """([n, atLeast]) => {
  const els = [...document.querySelectorAll('.js-plotly-plot')];
  return (atLeast ? els.length >= n : els.length === n) && els.every((el) => el.data && el._fullLayout);
}"""


def wait_for_charts(page, count: int, *, at_least: bool = False, timeout_ms: float = DEFAULT_TIMEOUT_MS) -> None:
    """Block until the page has ``count`` plotly charts (``at_least``: that many or more), all drawn."""
    page.wait_for_function(_CHARTS_DRAWN_JS, arg=[count, at_least], timeout=timeout_ms)


def open_page(
    page,
    base_url: str,
    path: str = "",
    *,
    wait_for_plot: bool = False,
    charts: int | None = None,
    timeout_ms: float = DEFAULT_TIMEOUT_MS,
    **query: Any,
):
    """Navigate to ``base_url/path?query`` and wait until the script has finished.

    ``path`` is a page's url path ("plane"; "" for the default page); the
    keyword arguments become query parameters (``lang="en"``, ``x=[3, 4]``).
    With ``wait_for_plot=True`` also wait for the first plotly chart to be
    drawn; with ``charts=N`` for exactly N charts, all drawn. Returns the
    Playwright response of the navigation.
    """
    response = page.goto(page_url(base_url, path, **query), wait_until="domcontentloaded", timeout=timeout_ms)
    # The app reads "notRunning" before its first run starts too; on a busy machine that run can start later
    # than wait_for_app_run's settle time, so wait for the first element it sends.
    page.wait_for_selector(f"{MAIN} {ELEMENT}", state="attached", timeout=timeout_ms)
    wait_for_app_run(page, timeout_ms=timeout_ms, initial_wait_ms=0)
    if wait_for_plot:
        wait_for_plotly(page, timeout_ms=timeout_ms)
    if charts is not None:
        wait_for_charts(page, charts, timeout_ms=timeout_ms)
    return response


_PLOTS_SETTLED_JS = """() => {
  const plots = [...document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot')]
    .filter((gd) => !gd.closest('.nv-live-motion'));
  const boxes = JSON.stringify(plots.map((gd) => {
    const r = gd.getBoundingClientRect();
    return [gd._fullLayout ? gd._fullLayout.width : null,
            Math.round(r.left), Math.round(r.width), Math.round(r.height)];
  }));
  const last = window.__normvizPlotBoxes;
  window.__normvizPlotBoxes = boxes;
  window.__normvizPlotSteady = boxes === last ? (window.__normvizPlotSteady || 0) + 1 : 0;
  return plots.length > 0 && plots.every((gd) => gd._fullLayout) && window.__normvizPlotSteady >= 2;
}"""


def wait_for_plots_settled(page, *, timeout_ms: float = DEFAULT_TIMEOUT_MS) -> None:
    """Block until the main area's plotly charts are drawn and their boxes (plotly's width, the element's
    place and size) have stayed the same for two polls 100 ms apart: plotly has fitted them to their columns
    (it resizes a responsive chart after Streamlit lays the column out)."""
    page.evaluate("() => { window.__normvizPlotBoxes = undefined; window.__normvizPlotSteady = 0; }")
    page.wait_for_function(_PLOTS_SETTLED_JS, polling=100, timeout=timeout_ms)


def error_texts(page) -> list[str]:
    """The text of every error element on the page.

    Exceptions, error alerts (``st.error``, element errors) and Streamlit's
    "Page not found" / "Connection error" dialogs.
    """
    texts = []
    for selector in ERROR_SELECTORS:
        for el in page.locator(selector).all():
            texts.append(f"{selector}: {el.inner_text(timeout=5000).strip()[:2000]}")
    for dialog in page.locator('[role="dialog"]').all():
        text = dialog.inner_text(timeout=5000).strip()
        if text.startswith(ERROR_DIALOG_TITLES):
            texts.append(f"Streamlit dialog: {text[:500]}")
    return texts


def assert_no_error(page, *, js_errors: bool = True, context: str = "") -> None:
    """Fail if the page shows an exception, an error alert or an error dialog.

    With ``js_errors=True`` uncaught JavaScript exceptions recorded by
    ``watch_page_errors`` (which the ``page`` fixture installs) fail too.
    ``context`` is prepended to the failure message (e.g. the page path).
    """
    problems = error_texts(page)
    if js_errors:
        problems += [f"uncaught JS exception: {e}" for e in page_errors(page)]
    if problems:
        where = f"{context}: " if context else ""
        raise AssertionError(f"{where}{page.url} shows errors:\n" + "\n".join(problems))


# Plotly keeps numpy arrays as typed arrays or as {dtype, bdata, shape}
# (base64) specs; turn both into nested plain lists. Keys starting with "_"
# are plotly's internals and are dropped.
_TO_PLAIN_JS = r"""
(el, which) => {
  const T = {f8: Float64Array, f4: Float32Array, i1: Int8Array, u1: Uint8Array,
             u1c: Uint8ClampedArray, i2: Int16Array, u2: Uint16Array,
             i4: Int32Array, u4: Uint32Array};
  const reshape = (flat, shape) => {
    if (!shape || shape.length < 2) return flat;
    const [n, ...rest] = shape;
    const step = rest.reduce((a, b) => a * b, 1);
    const out = [];
    for (let i = 0; i < n; i++) out.push(reshape(flat.slice(i * step, (i + 1) * step), rest));
    return out;
  };
  const conv = (v, depth) => {
    if (v === null || v === undefined || depth > 12) return v === undefined ? null : v;
    if (typeof v === 'function') return null;
    if (ArrayBuffer.isView(v)) return Array.from(v);
    if (Array.isArray(v)) return v.map((x) => conv(x, depth + 1));
    if (typeof v === 'object') {
      if (typeof v.bdata === 'string' && typeof v.dtype === 'string' && T[v.dtype]) {
        const bin = atob(v.bdata);
        const bytes = new Uint8Array(bin.length);
        for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
        const flat = Array.from(new T[v.dtype](bytes.buffer));
        let shape = v.shape;
        if (typeof shape === 'string') shape = shape.split(',').map(Number);
        return reshape(flat, shape);
      }
      const o = {};
      for (const k of Object.keys(v)) if (!k.startsWith('_')) o[k] = conv(v[k], depth + 1);
      return o;
    }
    return v;
  };
  if (which === 'layout') return conv(el.layout, 0);
  if (which === 'frames') return conv((el._transitionData && el._transitionData._frames) || [], 0);
  if (which.startsWith('meta:')) return conv((el.data || []).filter((t) => t.meta === which.slice(5)), 0);
  return conv(el.data, 0);
}
"""


class ChartMissing(AssertionError):
    """The page has fewer plotly charts than the index asked for (yet: ``wait_for`` reads again)."""


def _plot_handle(page, index: int):
    plots = page.locator(PLOT)
    count = plots.count()
    if count <= index:
        raise ChartMissing(f"expected a plotly chart #{index} on {page.url}, found {count} chart(s)")
    return plots.nth(index)


def plotly_data(page, index: int = 0) -> list[dict[str, Any]]:
    """The traces (``el.data``) of the ``index``-th plotly chart, as plain Python.

    Arrays (x, y, z, marker colours, ...) come back as (nested) lists of
    floats, NaN as ``float('nan')``; names, modes and other attributes as is.
    """
    return _plot_handle(page, index).evaluate(_TO_PLAIN_JS, "data")


def plotly_traces(page, role: str, index: int = 0) -> list[dict[str, Any]]:
    """The traces of the ``index``-th plotly chart whose ``meta`` is ``role``, as ``plotly_data`` gives them."""
    return _plot_handle(page, index).evaluate(_TO_PLAIN_JS, f"meta:{role}")


_DIGEST_JS = (
    """(els) => {
  const plain = """
    + _TO_PLAIN_JS.strip()
    + """;
  const entry = (v) => (k) => JSON.stringify(k) + ':' + stable(v[k]);
  const stable = (v) => Array.isArray(v) ? '[' + v.map(stable).join(',') + ']'
    : v && typeof v === 'object' ? '{' + Object.keys(v).sort().map(entry(v)).join(',') + '}'
    : JSON.stringify(v === undefined ? null : v);
  return els.map((el) => {
    const text = stable(plain(el, 'data'));
    let h = 0x811c9dc5;  // FNV-1a over the canonical JSON: equal data, equal digest
    for (let i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
    return text.length + ':' + h.toString(16);
  });
}"""
)


def plotly_digests(page) -> list[str]:
    """One short digest of each plotly chart's traces (canonical JSON, hashed in the page), to tell whether two
    scenes draw the same data without carrying every array to Python ten times a second."""
    return page.locator(PLOT).evaluate_all(_DIGEST_JS)


def plotly_layout(page, index: int = 0) -> dict[str, Any]:
    """The layout (``el.layout``) of the ``index``-th plotly chart, as plain Python."""
    return _plot_handle(page, index).evaluate(_TO_PLAIN_JS, "layout")


def plotly_frames(page, index: int = 0) -> list[dict[str, Any]]:
    """The animation frames of the ``index``-th plotly chart (``[]`` if none)."""
    return _plot_handle(page, index).evaluate(_TO_PLAIN_JS, "frames")


def main_text(page) -> str:
    """The visible text of the page's main area (not the sidebar)."""
    return page.locator(MAIN).inner_text()


def by_meta(traces: list[dict[str, Any]], role: str) -> dict[str, Any]:
    """The first trace whose ``meta`` is ``role``; fails naming the roles there are."""
    matches = [t for t in traces if t.get("meta") == role]
    assert matches, f"no trace {role!r} in {[t.get('meta') for t in traces]}"
    return matches[0]


def tip(trace: dict[str, Any]) -> tuple[float, ...]:
    """The last point of a trace with no NaN coordinate: (x, y), or (x, y, z) for a 3D trace."""
    axes = [trace[k] for k in ("x", "y", "z") if trace.get(k) is not None]
    pts = [p for p in zip(*axes) if not any(math.isnan(c) for c in p)]
    return pts[-1]


def wait_for(page, read: Callable[[Any], T], done: Callable[[T], bool], *, timeout_s: float = 30.0) -> T:
    """Poll ``read(page)`` every 100 ms until ``done(value)`` or the timeout; return the last value.

    It does not fail on a timeout: the caller asserts on what it returns. A read that finds its chart missing
    (``ChartMissing``) is tried again until the timeout, and then fails: a figure drawn not yet (a lazy one), or
    one that Streamlit's plotly element draws where the figure component is unavailable (Streamlit 1.67 mounts
    that element afresh for every new figure, so for about 0.1 s of each redraw it is not in the page).
    """
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            value = read(page)
        except ChartMissing:
            if time.monotonic() > deadline:
                raise
        else:
            if done(value) or time.monotonic() > deadline:
                return value
        page.wait_for_timeout(100)


def wait_for_tip(
    page, role: str, done: Callable[[tuple[float, ...]], bool], *, index: int = 0, timeout_s: float = 30.0
) -> tuple[float, ...]:
    """Poll the ``index``-th chart until ``done(tip of the trace role)``; return that tip (the last one on a
    timeout). Only that trace crosses to Python: a 3D scene's spheres, read ten times a second during an
    animation, cost the loaded browser more than the animation did."""
    return wait_for(page, lambda p: tip(by_meta(plotly_traces(p, role, index), role)), done, timeout_s=timeout_s)


def wait_for_traces(
    page, index: int, check: Callable[[list[dict[str, Any]]], bool], *, timeout_s: float = 20.0
) -> list[dict[str, Any]]:
    """Poll the ``index``-th chart's traces (as plain Python) until ``check(traces)``; fail on a timeout."""
    traces = wait_for(page, lambda p: plotly_data(p, index), check, timeout_s=timeout_s)
    if not check(traces):
        raise AssertionError(f"chart {index} never satisfied the check: {[t.get('meta') for t in traces]}")
    return traces


def nav_paths(page) -> list[str]:
    """The url paths of the pages linked in the navigation, in order, no duplicates.

    Expands a collapsed "View N more" list first. The default page's link
    points at "/" and comes back as "".
    """
    more = page.locator('[data-testid="stSidebarNavViewButton"]')
    if more.count() and "more" in more.inner_text().lower():
        shown = page.locator(NAV_LINKS).count()
        more.click()
        page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length > n", arg=[NAV_LINKS, shown])
    paths: list[str] = []
    for link in page.locator(NAV_LINKS).all():
        href = link.get_attribute("href") or ""
        path = _url_path(href)
        if path not in paths:
            paths.append(path)
    return paths


def _url_path(href: str) -> str:
    return urlparse(href).path.strip("/")


def count_whole_runs(page) -> list[int]:
    """A one-item list that counts the whole (not fragment) script runs the server reports finished to ``page``
    from now on, on every websocket it opens (a reconnection's too): ``script_finished`` FINISHED_SUCCESSFULLY."""
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    runs = [0]

    def on_frame(payload) -> None:
        msg = ForwardMsg()
        msg.ParseFromString(payload if isinstance(payload, bytes) else payload.encode())
        if msg.WhichOneof("type") == "script_finished" and msg.script_finished == ForwardMsg.FINISHED_SUCCESSFULLY:
            runs[0] += 1

    page.on("websocket", lambda ws: ws.on("framereceived", on_frame))
    return runs


def record_frames(page) -> list[bytes]:
    """Every websocket message the browser receives from now on (attach before opening the page)."""
    frames: list[bytes] = []

    def on_socket(ws):
        ws.on(
            "framereceived", lambda payload: frames.append(payload if isinstance(payload, bytes) else payload.encode())
        )

    page.on("websocket", on_socket)
    return frames


# --- the live chart (normviz.ui.kit.live) ---------------------------------------------------------------

LIVE = ".nv-live"  # the live chart's element
READY = f'{LIVE}[data-ready="true"]'


def state_changes(page) -> int:
    """Changes of Streamlit's script-run state seen so far (a rerun makes at least one)."""
    return page.evaluate(_COUNT_RUNS_JS)


def motion_data(page) -> list[dict]:
    """The traces of the motion layer: the moving traces, drawn over the figure while x moves on the plane."""
    return page.locator(f"{LIVE} .nv-live-motion").evaluate(_TO_PLAIN_JS, "data")


def drawn(page, read) -> list[dict]:
    """The moving traces (``read(page)``) once they show the component's current x (the next frame)."""
    traces = wait_for(page, read, lambda t: list(tip(by_meta(t, "arrow_input"))) == live_stats(page)["x"],
                      timeout_s=10)  # fmt: skip
    assert list(tip(by_meta(traces, "arrow_input"))) == pytest.approx(live_stats(page)["x"]), "no frame drew x"
    return traces


def live_stats(page) -> dict:
    return page.evaluate(
        """(sel) => { const l = document.querySelector(sel).__normvizLive;
            return {x: l.x, frames: l.stats.frames, timings: l.stats.timings.slice(), sent: l.stats.sent}; }""",
        LIVE,
    )


def axis_ranges(page) -> list[list[float]]:
    return page.evaluate("(sel) => { const fl = document.querySelector(sel).__normvizLive.gd._fullLayout;"
                         " return [fl.xaxis.range.slice(), fl.yaxis.range.slice()]; }", LIVE)  # fmt: skip


def camera_eye(page) -> dict:
    return page.evaluate(
        "(sel) => ({...document.querySelector(sel).__normvizLive.gd._fullLayout.scene.camera.eye})", LIVE
    )


def tip_pixel(page) -> tuple[float, float]:
    """Where the tip of x is on the screen (page pixels), from plotly's axes."""
    return tuple(page.evaluate(
        """(sel) => { const l = document.querySelector(sel).__normvizLive, fl = l.gd._fullLayout;
            const r = l.gd.getBoundingClientRect();
            return [r.left + fl.xaxis._offset + fl.xaxis.l2p(l.x[0]),
                    r.top + fl.yaxis._offset + fl.yaxis.l2p(l.x[1])]; }""",
        LIVE,
    ))  # fmt: skip


_SCENE_JS = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  const widgets = {};
  for (const el of main.querySelectorAll('[class*="st-key-"]')) {
    const key = [...el.classList].find((c) => c.startsWith('st-key-'));
    const parts = [];
    for (const input of el.querySelectorAll('input, textarea')) {
      parts.push(input.type === 'range' ? input.getAttribute('aria-valuetext')
                 : input.type === 'checkbox' ? String(input.checked) : input.value);
    }
    for (const on of el.querySelectorAll('[aria-checked="true"], [aria-pressed="true"], [aria-selected="true"]')) {
      parts.push('on:' + on.innerText);
    }
    if (parts.length) widgets[key] = parts.join('|');
  }
  return widgets;
}"""


def scene(page) -> dict:
    """What the page shows: its keyed widgets' values and a digest of each plotly chart's data."""
    return {"widgets": page.evaluate(_SCENE_JS), "charts": plotly_digests(page)}


def difference(got: dict, want: dict) -> str:
    """What differs between two scenes, in words ("" when nothing does)."""
    w, g = want["widgets"], got["widgets"]
    parts = [f"{k}: {g.get(k)!r} instead of {w.get(k)!r}" for k in sorted(set(w) | set(g)) if w.get(k) != g.get(k)]
    if len(got["charts"]) != len(want["charts"]):
        parts.append(f"{len(got['charts'])} charts instead of {len(want['charts'])}")
    else:
        parts += [f"chart {i} differs" for i, (a, b) in enumerate(zip(got["charts"], want["charts"])) if a != b]
    return "; ".join(parts)


def settled_scene(page, want: dict | None = None, timeout_s: float = 30.0, timeout_ms: float = 180_000) -> dict:
    """The scene once the app has finished (and, given ``want``, once it shows it or time is up)."""
    wait_for_app_run(page, initial_wait_ms=300, timeout_ms=timeout_ms)
    if want is None:
        return wait_for(page, scene, lambda s: s["charts"] and all(s["charts"]), timeout_s=timeout_s)
    return wait_for(page, scene, lambda s: not difference(s, want), timeout_s=timeout_s)
