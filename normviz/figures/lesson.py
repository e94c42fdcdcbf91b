"""The lesson's own figures: its marks on the projection figure (the student's guess and, after the reveal, the
truth), and the real-model step's chart of what a trained model's 13 LayerNorms receive."""

from __future__ import annotations

import numpy as np

from normviz.figures._legend import legend_below
from normviz.figures._style import COLORS, base_layout, sizes
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


MODEL_HEIGHT = (300, 440)  # the real-model chart's plot area in pixels: screen, projector


def model_share_figure(names, shares, gaps, t: Translator, *, projector: bool = False, top: int | None = None) -> dict:
    """Per LayerNorm (``names``, in the order the data passes them): the share of ‖x‖² along 𝟏 averaged over
    the tokens (``shares``, bars on the left axis, in %) and ‖LN(x) − RMS(x)‖/‖LN(x)‖ averaged over the tokens
    (``gaps``, markers on the right axis, in %). ``top``: the index of a bar to draw darker (the largest share).

    Roles (``meta``): ``model_share`` and ``model_gap``; their y values are the inputs times 100.
    """
    names = [str(n) for n in names]
    share = 100.0 * np.asarray(shares, dtype=np.float64)
    gap = 100.0 * np.asarray(gaps, dtype=np.float64)
    if share.shape != (len(names),) or gap.shape != (len(names),):
        raise ValueError(
            f"shares and gaps must hold one number per norm ({len(names)}); got {share.shape}, {gap.shape}"
        )
    s = sizes(projector)
    share_name, gap_name = t("lesson.model.fig.share"), t("lesson.model.fig.gap")
    opacity = np.full(len(names), 0.75)
    if top is not None:
        opacity[int(top)] = 1.0
    data = [
        {
            "type": "bar",
            "x": names,
            "y": share,
            "meta": "model_share",
            "name": share_name,
            "marker": {"color": COLORS["ln"], "opacity": opacity},
            "hovertemplate": "%{x}: %{y:.3g} %<extra>" + share_name + "</extra>",
        },
        {
            "type": "scatter",
            "mode": "markers",
            "x": names,
            "y": gap,
            "yaxis": "y2",
            "meta": "model_gap",
            "name": gap_name,
            "marker": {"color": COLORS["rms"], "size": s["marker"], "symbol": "diamond"},
            "hovertemplate": "%{x}: %{y:.3g} %<extra>" + gap_name + "</extra>",
        },
    ]
    plot_height = MODEL_HEIGHT[1 if projector else 0]
    # the norms' names stand at −45° below the bars (their own axis title would sit where the legend goes)
    legend = legend_below(projector, plot_height=plot_height, entries=2, gap=8.5 if projector else 8.0)
    return {
        "data": data,
        "layout": base_layout(
            projector,
            title={"text": t("lesson.model.fig.title")},
            xaxis={"tickangle": -45, "type": "category"},
            yaxis={"title": {"text": t("lesson.model.fig.share_y")}, "rangemode": "tozero"},
            yaxis2={
                "title": {"text": t("lesson.model.fig.gap_y")},
                "overlaying": "y",
                "side": "right",
                "rangemode": "tozero",
                "tickmode": "auto",  # its own round ticks (plotly lines them up with the left axis' grid otherwise)
                "showgrid": False,
                "automargin": True,
            },
            **legend,
        ),
    }
