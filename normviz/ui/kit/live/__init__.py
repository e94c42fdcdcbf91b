"""The live-drag chart: Python computes and draws, the browser moves.

``live_chart`` mounts a ``st.components.v2`` component that draws a plotly
figure dict with plotly.js and lets the student move x in the browser: drag
the tip of x on the plane (or nudge it with the arrow keys), or move the
component's own x₁..x₃ sliders in space. On every animation frame of a drag
the JavaScript recomputes L2 / RMSNorm / LayerNorm (``assets/normmath.js``,
tested against normviz) and redraws only the moving traces
(``assets/scene.js``: ``redraw(gd, scene, x)``, on a light plotly layer over
the plane; in space an SVG over the WebGL scene, projected through its
camera, ``assets/overlay.js``, so a frame does not draw the 3D scene). Python
hears the released x once: one rerun per release, none per frame.

The component is ``normviz.live``, declared in ``pyproject.toml`` under
``[tool.streamlit.component]`` with ``asset_dir = "ui/kit/live/assets"``.
Streamlit finds that manifest only in an *installed* distribution, and serves
the folder's files at ``/_stcore/bidi-components/normviz.live/<file>``. plotly.js
(4.6 MB; inline code would travel in every rerun's message) is one of the app's
static files, ``static/plotly-<version>.min.js``, which the browser keeps in its
HTTP cache, compiled (``vendor.py`` says why there). Hence ``pip install
--no-deps -e .`` and ``python normviz/ui/kit/live/vendor.py`` (which copies
plotly.min.js from the installed plotly) in ``make run``, ``make test`` and the
Dockerfile. Without
either, ``live_chart`` logs one warning naming the fix and draws the figure
with ``st.plotly_chart`` (``ui.kit.chart.plotly_chart``: no live motion; it returns None).

``animated_chart`` is the same component with nothing to drag (scene mode
"figure"): a figure whose plotly frames play in the browser, with Play and
Pause as HTML buttons, the frames stepped by the keys on the focused plot,
the frame on screen said in the polite live region, and under
prefers-reduced-motion a Play that shows the last frame at once.

Under ``streamlit.testing.v1.AppTest`` the component is mounted but no browser
runs it: ``live_chart`` returns None, and the figure and scene are in the
element's ``proto.json`` (see ``tests/test_live.py``).
"""

from __future__ import annotations

import logging
import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from normviz.figures.describe import plain_text
from normviz.ui.kit import component
from normviz.ui.kit.chart import describe, figure_box, plotly_chart
from normviz.ui.kit.live import vendor
from normviz.ui.kit.live.payload import check_scene, figure_payload

__all__ = ["COMPONENT", "PLOTLY", "animated_chart", "html_animation_controls", "live_chart", "unavailable_reason"]

_NAME = "live"  # the component's name in pyproject.toml
COMPONENT = component.full_name(_NAME)
PLOTLY = component.app_static(vendor.PLOTLY_JS.name)  # plotly.js, for this component and the export
_JS = "live.js"  # entry module, relative to the asset_dir
_CSS = "live.css"
_STATE = "release"  # the state key the JavaScript sets on release: {"x": [...], "id": "..."}

_LOG = logging.getLogger(__name__)
_warned: set[str] = set()


def unavailable_reason() -> str | None:
    """Why the live component cannot be mounted in this run, or None when it can."""
    return _renderer()[1]


def _renderer():
    """(the component's mount function, None), or (None, why it is unavailable).

    Registered inside the script run (``component.register``: once per process), not at import time, when
    there may be no runtime, and so no manifest to resolve "live.js" against.
    """
    if (reason := vendor.missing()) is not None:
        return None, reason
    return component.register(_NAME, js=_JS, css=_CSS, isolate_styles=False)


def live_chart(
    spec: Mapping[str, Any],
    *,
    scene: Mapping[str, Any],
    key: str,
    height: int | None = None,
    on_release: Callable[[tuple[float, ...]], None] | None = None,
    description: str | None = None,
    keys: str | None = None,
) -> tuple[float, ...] | None:
    """Draw ``spec`` (a plotly figure dict) with x movable in the browser; return x when released.

    Parameters
    ----------
    spec : dict
        ``{"data", "layout", "frames"}`` as the figure engine returns it; numpy
        arrays are sent as plotly.js typed arrays. Traces the browser moves are
        found by their ``meta`` (``"arrow_input"``, ``"arrow_l2"``, ...).
    scene : dict
        Plain data for the JavaScript: ``mode`` ("plane" | "space"; "figure": nothing to drag, see
        ``animated_chart``), ``x``,
        ``eps`` ({"l2", "rms", "ln"}), ``gamma``, ``beta``, ``shown``,
        ``bounds`` [lo, hi], ``step``, ``labels`` ({"chart": the chart's
        accessible name, "x": ["x₁", "x₂", "x₃"] for the space sliders,
        "anim": {"group": the name of the animation's buttons},
        "methods": {key: name}, "announce": {"x": "… {x} …", "outputs": "…
        {outputs} …"}, what the polite live region says after a move}); see
        ``payload.check_scene``.
        Labels are shown as text, never as HTML.
    key : str
        The component's key, namespaced by page (``"plane.live"``).
    height : int, optional
        Plot height in pixels (default: the layout's height, else 500).
    on_release : callable, optional
        Called with the released x, as a widget callback: before the rerun
        that the release causes, so it may set other widgets' session state
        (the page's x sliders) without a second rerun.

    Returns
    -------
    tuple of float or None
        The released x (rounded to ``step``, within ``bounds``) in the one
        run that the release caused; None in every other run, under AppTest,
        and when the component is unavailable (then the figure is drawn by
        ``st.plotly_chart`` and a warning is logged once).
    description : str, optional
        The figure's text description (default: generic, from ``spec``): shown in a folded
        expander under the chart, and the chart's accessible description (``chart.figure_box``).
    keys : str, optional
        Which keys do what, shown under the chart.
    """
    checked = check_scene(scene)
    mount, reason = _renderer()
    if mount is None:
        if reason not in _warned:
            _warned.add(reason)
            _LOG.warning("normviz.ui.kit.live: drawing a static chart instead: %s", reason)
        plotly_chart(spec, key=f"{key}.static", description=description)
        return None
    payload, animation = _prepared(spec)
    if animation:
        checked["animation"] = animation

    fresh = f"_normviz.live.released.{key}"

    def _released() -> None:
        value = _read_release(st.session_state[key], checked)
        if value is not None:
            st.session_state[fresh] = value
            if on_release is not None:
                on_release(value)

    data = {"figure": payload, "scene": checked, "height": height, "assets": {"plotly": PLOTLY}}
    with figure_box(key):
        mount(key=key, data=data, on_release_change=_released)
        if keys:
            st.caption(keys)
        describe(spec, description)
    return st.session_state.pop(fresh, None)


def animated_chart(
    spec: Mapping[str, Any],
    *,
    key: str,
    description: str | None = None,
    keys: str | None = None,
    height: int | None = None,
) -> None:
    """Draw ``spec``, a plotly figure dict with ``frames``, animated in the browser and usable by keyboard alone.

    The frames play in the browser (no rerun per frame). The figure's Play and Pause (one ``updatemenus`` entry
    of two "animate" buttons, as ``figures.projection`` builds them) become HTML buttons in their place, which
    Tab reaches (``html_animation_controls``). With the plot focused, ← / → (and Page Up / Page Down) step a
    frame, Home / End go to the first / last frame and Space plays or pauses; the figure's own plotly slider
    follows and still works with the mouse. The polite live region says the frame shown after a step or a
    Play, by its slider step's label (else the frame's name). Under prefers-reduced-motion Play shows the
    last frame at once. The live chart's component in scene mode "figure" (``assets/live.js``).

    Parameters
    ----------
    spec : dict
        ``{"data", "layout", "frames"}``; numpy arrays are sent as plotly.js typed arrays.
    key : str
        The component's key, namespaced by page (``"warp.chart"``).
    description : str, optional
        The figure's text description (default: generic, from ``spec``), as for ``live_chart``.
    keys : str, optional
        Which keys do what, shown under the chart (default: the generic hint ``access.anim.keys``; ``""``: none).
    height : int, optional
        Plot height in pixels (default: the layout's height, else 500).

    Without the app's plotly.js or the installed component it is ``plotly_chart`` (``st.plotly_chart``, with plotly's
    own Play and slider); under AppTest the component is mounted and the figure is in its ``proto.json``.
    """
    from normviz.ui.kit.shell import current_translator  # here: the shell imports this module

    t = current_translator()
    title = " ".join(plain_text((spec.get("layout") or {}).get("title")).split()) or t("access.anim.untitled")
    scene = {
        "mode": "figure",
        "labels": {
            "chart": t("access.anim.chart", title=title),
            "anim": {"group": t("access.anim.group")},
            "announce": {"frame": t("access.anim.frame")},  # the template: "{index}", "{count}", "{frame}"
        },
    }
    keys = t("access.anim.keys") if keys is None else keys
    live_chart(spec, scene=scene, key=key, height=height, description=description, keys=keys or None)


_PREPARED: OrderedDict[int, tuple] = OrderedDict()  # id(spec) -> (spec, payload, animation), newest last
_PREPARED_MAX = 32
_prepared_lock = threading.Lock()


def _prepared(spec: Mapping[str, Any]) -> tuple[dict, dict | None]:
    """(``figure_payload`` of the spec without its Play/Pause, the HTML animation controls), kept for the
    spec object itself: the pages' cache hands every session the same read-only figure
    (``normviz.ui.kit.cache``), so its payload is built once, not on every move (~1 ms). The entry holds
    the spec, so its id cannot name another object while it is kept."""
    with _prepared_lock:
        hit = _PREPARED.get(id(spec))
        if hit is not None and hit[0] is spec:
            _PREPARED.move_to_end(id(spec))
            return hit[1], hit[2]
    # packed first (nothing to do for the pages' cached strict figures), then Play/Pause taken out of it
    payload, animation = html_animation_controls(figure_payload(spec))
    with _prepared_lock:
        _PREPARED[id(spec)] = (spec, payload, animation)
        while len(_PREPARED) > _PREPARED_MAX:
            _PREPARED.popitem(last=False)
    return payload, animation


def html_animation_controls(spec: Mapping[str, Any]) -> tuple[Mapping[str, Any], dict | None]:
    """The figure's Play and Pause (plotly's updatemenus: SVG, which neither Tab nor a screen reader reaches)
    become HTML buttons in their place: ``(spec without them, {"play", "pause", "options", "x", "pad"})``;
    ``(spec, None)`` when the figure has no such pair.

    ``options`` are Play's for plotly.animate (a frame's duration); ``x`` (paper coordinates) and ``pad`` (the
    pixels below the plot area) place the buttons where plotly drew them; the JavaScript adds the keys and
    reduced motion (``assets/live.js``)."""
    layout = spec.get("layout") or {}
    menus = layout.get("updatemenus") or []
    buttons = menus[0].get("buttons", []) if len(menus) == 1 else []
    if len(buttons) != 2 or any(b.get("method") != "animate" for b in buttons):
        return spec, None
    play, pause = buttons
    bare = {**spec, "layout": {k: v for k, v in layout.items() if k != "updatemenus"}}
    place = {"x": float(menus[0].get("x", 0.0)), "pad": float((menus[0].get("pad") or {}).get("t", 0.0))}
    return bare, {"play": play["label"], "pause": pause["label"], "options": play["args"][1], **place}


def _read_release(state: Any, scene: Mapping[str, Any]) -> tuple[float, ...] | None:
    """The x in the component's state, checked against the scene: n finite numbers, clamped, on the step grid."""
    if "x" not in scene:  # mode "figure": nothing is released
        return None
    release = state.get(_STATE) if isinstance(state, Mapping) else None
    raw = release.get("x") if isinstance(release, Mapping) else None
    n = len(scene["x"])
    if not (isinstance(raw, list) and len(raw) == n):
        return None
    lo, hi = scene["bounds"]
    step = scene["step"]
    digits = _decimals(step)
    out = []
    for v in raw:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            return None
        out.append(round(min(max(float(v), lo), hi), digits))
    return tuple(out)


def _decimals(step: float) -> int:
    """Decimal places of ``step`` (0.01 -> 2, 0.5 -> 1, 1 -> 0), at most 12."""
    for d in range(13):
        if abs(round(step, d) - step) <= 1e-12 * max(1.0, abs(step)):
            return d
    return 12
