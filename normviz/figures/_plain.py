"""Helpers for figures built as plain plotly JSON (dicts), without ``go.Figure``.

``plotly.graph_objects`` resolves a template *name* ("plotly_white") into the
template itself; plotly.js only understands the template itself. ``layout``
therefore puts the template in by value, trimmed to what these figures use.
``grid`` places subplots as ``plotly.subplots.make_subplots`` does.
"""

from __future__ import annotations

import base64
from functools import cache

import numpy as np

from normviz.figures._style import base_layout, sizes

_TEMPLATE_KEYS = ("font", "paper_bgcolor", "plot_bgcolor", "hoverlabel", "xaxis", "yaxis", "scene", "title",
                  "autotypenumbers")


@cache
def _template(name: str) -> dict:
    import plotly.io as pio

    full = pio.templates[name].layout.to_plotly_json()
    return {"layout": {k: full[k] for k in _TEMPLATE_KEYS if k in full}}


def layout(lang: str, projector: bool, **extra) -> dict:
    """``_style.base_layout`` with its template given by value (a fresh dict on every call)."""
    out = base_layout(lang, projector, **extra)
    name = out.get("template")
    if isinstance(name, str):
        out["template"] = {"layout": dict(_template(name)["layout"])}
    return out


def axis_names(i: int) -> tuple[str, str]:
    """The layout keys of the i-th subplot's axes (1-based): ("xaxis", "yaxis"), ("xaxis2", "yaxis2"), ..."""
    suffix = "" if i == 1 else str(i)
    return f"xaxis{suffix}", f"yaxis{suffix}"


def grid(rows: int, cols: int, *, hspace: float = 0.06, vspace: float = 0.2) -> list[dict]:
    """One cell per subplot, row by row from the top: its trace references (``x``, ``y``: "x2", "y2"),
    its layout axes (``xaxis``, ``yaxis``) with domains and anchors set, and ``xdomain``, ``ydomain``."""
    width = (1.0 - hspace * (cols - 1)) / cols
    height = (1.0 - vspace * (rows - 1)) / rows
    cells = []
    for r in range(rows):
        for c in range(cols):
            i = r * cols + c + 1
            x, y = ("x", "y") if i == 1 else (f"x{i}", f"y{i}")
            left, top = c * (width + hspace), 1.0 - r * (height + vspace)
            xdomain = [max(0.0, left), min(1.0, left + width)]  # rounding must not leave [0, 1]
            ydomain = [max(0.0, top - height), min(1.0, top)]
            xname, yname = axis_names(i)
            cells.append({"x": x, "y": y, "xaxis": xname, "yaxis": yname, "xdomain": xdomain, "ydomain": ydomain,
                          "axes": {xname: {"domain": xdomain, "anchor": y}, yname: {"domain": ydomain, "anchor": x}}})
    return cells


def cell_title(cell: dict, text: str, projector: bool) -> dict:
    """A subplot title above ``cell``, as make_subplots writes it (in the figure's type size)."""
    return {"text": text, "x": sum(cell["xdomain"]) / 2, "y": cell["ydomain"][1], "xref": "paper", "yref": "paper",
            "xanchor": "center", "yanchor": "bottom", "showarrow": False, "font": {"size": sizes(projector)["font"]}}


def vline(cell: dict, x: float, line: dict) -> dict:
    """A vertical line at x across the whole height of ``cell`` (a layout shape)."""
    return {"type": "line", "xref": cell["x"], "yref": f"{cell['y']} domain", "x0": x, "x1": x, "y0": 0, "y1": 1,
            "line": line}


_TYPED = {np.dtype(t): code for t, code in (("float64", "f8"), ("float32", "f4"), ("int8", "i1"), ("uint8", "u1"),
                                            ("int16", "i2"), ("uint16", "u2"), ("int32", "i4"), ("uint32", "u4"))}


def _typed_array(a: np.ndarray):
    if a.dtype.kind in "iu" and a.dtype not in _TYPED:  # plotly.js has no 64-bit integers
        a = a.astype(np.int32) if a.size == 0 or np.abs(a).max() < 2**31 else a.astype(np.float64)
    if a.dtype not in _TYPED:
        return a.tolist()
    out = {"dtype": _TYPED[a.dtype], "bdata": base64.b64encode(np.ascontiguousarray(a)).decode("ascii")}
    if a.ndim > 1:
        out["shape"] = ", ".join(str(k) for k in a.shape)
    return out


def typed(spec):
    """``spec`` with every numpy array replaced by a plotly typed array ({dtype, bdata, shape}), in place.

    What ``go.Figure.to_dict()`` sends (base64: about a third of the JSON text of the numbers,
    and no parsing in the browser), done in one pass over plain dicts and lists.
    """
    items = spec.items() if isinstance(spec, dict) else enumerate(spec) if isinstance(spec, list) else ()
    for key, value in items:
        if isinstance(value, np.ndarray):
            spec[key] = value.tolist() if key == "range" else _typed_array(value)  # as plotly: no typed range
        elif isinstance(value, (dict, list)):
            typed(value)
    return spec
