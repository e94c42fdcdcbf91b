"""The lesson's own marks on the projection figure: the student's guess and, after the reveal, the truth."""

from __future__ import annotations

import numpy as np

from normviz.figures._style import COLORS
from normviz.i18n import Translator

SIZE = {2: 14, 3: 7}  # marker size in the plane and in space
SYMBOL = {"guess": {2: "x", 3: "cross"}, "truth": {2: "circle-open", 3: "circle-open"}}


def _marker(points, *, dim: int, name: str, meta: str) -> dict:
    color = COLORS[meta]
    pts = np.asarray(points, dtype=np.float64).reshape(-1, dim)
    trace = {
        "type": "scatter" if dim == 2 else "scatter3d",
        "mode": "markers",
        "name": name,
        "meta": meta,
        "marker": {
            "color": color,
            "size": SIZE[dim],
            "symbol": SYMBOL[meta][dim],
            "line": {"width": 2, "color": color},
        },
        "hovertemplate": "(" + ", ".join(f"%{{{a}:.3f}}" for a in "xyz"[:dim]) + ")<extra>" + name + "</extra>",
    }
    for j, a in enumerate("xyz"[:dim]):
        trace[a] = pts[:, j]
    return trace


def prediction_traces(guess, truth, target: str, t: Translator, *, dim: int) -> list[dict]:
    """The guess (×) and, when ``truth`` is given, the true output (○) of the predicted ``target``."""
    traces = []
    if guess is not None:
        traces.append(_marker(guess, dim=dim, name=t("lesson.trace.guess"), meta="guess"))
    if truth is not None:
        traces.append(_marker(truth, dim=dim, name=t(f"lesson.target.{target}"), meta="truth"))
    return traces
