"""What the live chart sends to the browser: a plotly figure dict and a scene, as plain JSON.

No Streamlit here, and no ``go.Figure``. numpy arrays in the figure become
plotly.js typed arrays (``normviz.figures.typed.typed_arrays``); the figure
component (``ui.chart``) sends its figures in this form too. Streamlit sends a
component's data through ``json.dumps``, which writes NaN and Infinity as bare
words that the browser's ``JSON.parse`` rejects (the component then never
starts), so every non-finite float left outside a typed array becomes ``null``
(plotly.js draws a gap there, as for NaN), and numpy scalars become Python
numbers.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from normviz.figures.typed import typed_arrays

MODES = ("plane", "space", "figure")
DRAG_FIELDS = ("x", "bounds", "step", "eps", "gamma", "beta", "shown")  # a "figure" scene has none of these
METHOD_KEYS = ("l2", "rms", "ln")


def figure_payload(spec: Mapping[str, Any]) -> dict[str, Any]:
    """``{"data", "layout", "frames"}`` of a figure dict, JSON-ready (numpy arrays as typed arrays).

    The input is not modified; the result shares its nested objects (a cached figure's, for every session):
    read-only, as the input. Other top-level keys (``config``) pass through.
    """
    if not isinstance(spec, Mapping):
        raise TypeError(f"spec must be a plotly figure dict; got {type(spec).__name__}")
    # one pass (none for a strict Typed): typed arrays, and strict JSON around them
    out = dict(typed_arrays(spec if isinstance(spec, dict) else dict(spec)))
    out.setdefault("data", [])
    out.setdefault("layout", {})
    return out


def json_ready(obj: Any) -> Any:
    """``obj`` with numpy arrays as lists, numpy scalars as Python numbers, NaN/inf as None."""
    if isinstance(obj, Mapping):
        return {str(k): json_ready(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [json_ready(v) for v in obj]
    if isinstance(obj, np.ndarray):
        return json_ready(obj.tolist())
    if isinstance(obj, np.generic):
        return json_ready(obj.item())
    if isinstance(obj, float) and not math.isfinite(obj):
        return None
    return obj


def check_scene(scene: Mapping[str, Any]) -> dict[str, Any]:
    """The scene as plain JSON for the JavaScript, checked; ``ValueError``/``TypeError`` name the field.

    Required: ``mode`` ("plane": len(x) == 2, "space": 3), ``x``, ``bounds``
    (lo < hi), ``step`` > 0. Optional: ``eps`` (per method key), ``gamma``,
    ``beta`` (len(x) each), ``shown`` (method keys), ``labels`` (strings,
    shown as text, never as HTML). Other keys pass through for scene.js.

    ``mode`` "figure" is an animated figure with nothing to drag (``animated_chart``): no ``x``, ``bounds``,
    ``step``, ``eps``, ``gamma``, ``beta`` or ``shown`` (given, they are an error); ``labels``, ``frame`` and
    ``autoplay`` as in the other modes.
    """
    if not isinstance(scene, Mapping):
        raise TypeError(f"scene must be a dict; got {type(scene).__name__}")
    out = {str(k): json_ready(v) for k, v in scene.items()}
    mode = out.get("mode")
    if mode not in MODES:
        raise ValueError(f"scene['mode'] must be one of {MODES}; got {mode!r}")
    if mode == "figure":
        return _figure_scene(out)
    n = 2 if mode == "plane" else 3
    out["x"] = _vector(out.get("x"), n, "x")
    for name in ("gamma", "beta"):
        if out.get(name) is not None:
            out[name] = _vector(out[name], n, name)
    bounds = out.get("bounds")
    if not (
        isinstance(bounds, list) and len(bounds) == 2 and all(_finite(b) for b in bounds) and bounds[0] < bounds[1]
    ):
        raise ValueError(f"scene['bounds'] must be [lo, hi] with finite lo < hi; got {scene.get('bounds')!r}")
    out["bounds"] = [float(b) for b in bounds]
    step = out.get("step")
    if not (_finite(step) and step > 0):
        raise ValueError(f"scene['step'] must be a finite number > 0; got {scene.get('step')!r}")
    out["step"] = float(step)
    eps = out.get("eps") or {}
    if not isinstance(eps, dict) or not all(k in METHOD_KEYS and _finite(v) and v >= 0 for k, v in eps.items()):
        raise ValueError(f"scene['eps'] must map {METHOD_KEYS} to finite numbers >= 0; got {scene.get('eps')!r}")
    out["eps"] = {k: float(v) for k, v in eps.items()}
    shown = out.get("shown", list(METHOD_KEYS))
    if not (isinstance(shown, list) and all(k in METHOD_KEYS for k in shown)):
        raise ValueError(f"scene['shown'] must list method keys from {METHOD_KEYS}; got {scene.get('shown')!r}")
    out["labels"] = _labels(out)
    return out


def _figure_scene(out: dict[str, Any]) -> dict[str, Any]:
    """A "figure" scene: nothing to move, so none of the drag's fields."""
    extra = [name for name in DRAG_FIELDS if out.get(name) is not None]
    if extra:
        raise ValueError(f"scene[{extra[0]!r}] has no meaning in mode 'figure' (nothing to drag); leave it out")
    frame = out.get("frame", 0)
    if isinstance(frame, bool) or not isinstance(frame, int) or frame < 0:
        raise ValueError(f"scene['frame'] must be a frame index >= 0; got {frame!r}")
    out["labels"] = _labels(out)
    return out


def _labels(out: dict[str, Any]) -> dict:
    labels = out.get("labels") or {}
    if not isinstance(labels, dict):
        raise TypeError(f"scene['labels'] must be a dict of strings; got {type(labels).__name__}")
    return labels


def _finite(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _vector(v: Any, n: int, name: str) -> list[float]:
    if not (isinstance(v, list) and len(v) == n and all(_finite(c) for c in v)):
        raise ValueError(f"scene[{name!r}] must be {n} finite numbers; got {v!r}")
    return [float(c) for c in v]
