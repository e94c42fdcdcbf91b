"""Helpers for figures built as plain plotly JSON (dicts), without ``go.Figure``.

``grid`` places subplots as ``plotly.subplots.make_subplots`` does; the
template and the typed arrays are ``_style.base_layout``'s and ``typed``'s.
"""

from __future__ import annotations

from normviz.figures._style import sizes


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
            cells.append(
                {
                    "x": x,
                    "y": y,
                    "xaxis": xname,
                    "yaxis": yname,
                    "xdomain": xdomain,
                    "ydomain": ydomain,
                    "axes": {xname: {"domain": xdomain, "anchor": y}, yname: {"domain": ydomain, "anchor": x}},
                }
            )
    return cells


def cell_title(cell: dict, text: str, projector: bool) -> dict:
    """A subplot title above ``cell``, as make_subplots writes it (in the figure's type size)."""
    return {
        "text": text,
        "x": sum(cell["xdomain"]) / 2,
        "y": cell["ydomain"][1],
        "xref": "paper",
        "yref": "paper",
        "xanchor": "center",
        "yanchor": "bottom",
        "showarrow": False,
        "font": {"size": sizes(projector)["font"]},
    }


def vline(cell: dict, x: float, line: dict) -> dict:
    """A vertical line at x across the whole height of ``cell`` (a layout shape)."""
    return {
        "type": "line",
        "xref": cell["x"],
        "yref": f"{cell['y']} domain",
        "x0": x,
        "x1": x,
        "y0": 0,
        "y1": 1,
        "line": line,
    }
