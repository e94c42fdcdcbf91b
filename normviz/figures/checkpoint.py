"""A checkpoint's norm parameters: the distribution of γ per module, layer by layer, and the histogram of all γ.

Data come from ``normviz.checkpoint`` (a ``Report``); these builders only
draw, as plotly JSON (dicts with numpy arrays). One line per family of
modules (``h.N.ln_1``); the colour is the kind of norm found (the method
colours of ``normviz.methods``), the marker and dash tell families of the
same kind apart. Traces carry ``meta`` roles: ``layers:<family>`` (one box per
module: quartiles, median, mean, min and max, precomputed), ``median:<family>``
(the medians joined), ``hist:<family>``, ``gamma_one``.
"""

from __future__ import annotations

import numpy as np

from normviz.checkpoint import Report, gamma_histogram
from normviz.figures._legend import legend_below
from normviz.figures._style import COLORS, base_layout, sizes
from normviz.i18n import Translator
from normviz.methods import METHODS

KIND_COLORS = {
    "layernorm": METHODS["ln"].color,
    "bias_free_layernorm": METHODS["ln"].color,
    "rmsnorm": METHODS["rms"].color,
    "gemma_rmsnorm": METHODS["rms"].color,
    "scale_only": COLORS["decomposition"],
    "batchnorm": COLORS["input"],
    "shift_only": COLORS["input"],
}
SYMBOLS = ("circle", "square", "diamond", "triangle-up", "x", "star")
DASHES = ("solid", "dash", "dot", "dashdot", "longdash")
PATTERNS = ("", "/", ".", "x", "\\", "+")


def _color(family) -> str:
    kinds = family.kinds
    return KIND_COLORS[kinds[0]] if len(kinds) == 1 else COLORS["reference"]


def _rgba(color: str, alpha: float) -> str:
    """A "#RRGGBB" colour with transparency, for a box's fill under its own median line."""
    r, g, b = (int(color[k : k + 2], 16) for k in (1, 3, 5))
    return f"rgba({r},{g},{b},{alpha})"


def _last_layer(report: Report) -> int:
    layers = [g.layer for g in report.groups if g.layer is not None]
    return max(layers) if layers else -1


def layer_figure(report: Report, t: Translator, *, projector: bool = False) -> dict:
    """One box per module at its layer: γ's quartiles, median and mean, whiskers to min and max; the medians of
    each family joined by a line; families at one layer side by side; final norms after the last layer."""
    s = sizes(projector)
    final = _last_layer(report) + 1  # where modules outside the numbered layers (ln_f, model.norm) are drawn
    count = max(1, len(report.families))
    width = min(0.8 / count, 0.3)
    data = []
    for i, fam in enumerate(report.families):
        groups = [g for g in fam.groups if g.gamma is not None and np.isfinite(g.gamma).any()]
        if not groups:
            continue
        x = np.array([final if g.layer is None else g.layer for g in groups], dtype=np.float64)
        x += width * (i - (count - 1) / 2)  # families at one layer side by side
        color = _color(fam)
        q = np.array([np.quantile(g.gamma[np.isfinite(g.gamma)], (0.0, 0.25, 0.5, 0.75, 1.0)) for g in groups])
        data.append(
            {
                "type": "box",
                "x": x,
                "q1": q[:, 1],
                "median": q[:, 2],
                "q3": q[:, 3],
                "lowerfence": q[:, 0],
                "upperfence": q[:, 4],
                "mean": np.array([g.stat("mean") for g in groups]),
                "boxmean": True,
                "width": width * 0.85,
                "meta": f"layers:{fam.name}",
                "name": fam.name,
                "legendgroup": fam.name,
                "line": {"color": color, "width": s["thin"]},
                "fillcolor": _rgba(color, 0.3),
                "marker": {"color": color},
                "hoverinfo": "y+name",
            }
        )
        data.append(
            {
                "type": "scatter",
                "x": x,
                "y": q[:, 2],
                "mode": "lines" if len(groups) > 1 else "markers",
                "meta": f"median:{fam.name}",
                "name": fam.name,
                "legendgroup": fam.name,
                "showlegend": False,
                "line": {"color": color, "width": s["thin"], "dash": DASHES[i % len(DASHES)]},
                "marker": {"color": color, "size": s["marker"] * 0.6, "symbol": SYMBOLS[i % len(SYMBOLS)]},
                "text": [g.module for g in groups],
                "hovertemplate": "%{text}<br>median γ %{y:.4f}<extra></extra>",
            }
        )
    data.append(
        {
            "type": "scatter",
            "x": np.array([-0.6, final + 0.6]),
            "y": np.array([1.0, 1.0]),
            "mode": "lines",
            "meta": "gamma_one",
            "name": t("checkpoint.fig.hist.one"),
            "hoverinfo": "name",
            "line": {"color": COLORS["reference"], "width": s["thin"], "dash": "dash"},
        }
    )
    ticks = list(range(final)) + [final]
    labels = [str(k) for k in range(final)] + [t("checkpoint.fig.layers.final")]
    step = max(1, final // 12)
    return {
        "data": data,
        "layout": base_layout(
            projector,
            title={"text": t("checkpoint.fig.layers.title"), "x": 0.01, "xanchor": "left"},
            xaxis={
                "title": {"text": t("checkpoint.fig.layers.x")},
                "range": [-0.6, final + 0.6],
                "tickmode": "array",
                "tickvals": ticks[::step] + ([final] if final % step else []),
                "ticktext": labels[::step] + ([labels[-1]] if final % step else []),
                "zeroline": False,
            },
            yaxis={"title": {"text": t("checkpoint.fig.layers.y")}},
            boxmode="overlay",
            **legend_below(
                projector,
                plot_height=420 if projector else 300,
                entries=max(sum(1 for d in data if d.get("showlegend", True)), 1),
                columns=2,
            ),
        ),
    }


def histogram_figure(report: Report, t: Translator, *, projector: bool = False, bins: int = 40) -> dict:
    """How many γ components fall in each bin, one bar trace per family (stacked), and the line γ = 1."""
    s = sizes(projector)
    edges, counts = gamma_histogram(report, bins=bins)
    data = []
    top = max(1, int(sum(counts.values()).max())) if counts else 1  # the stacked bars' height
    for i, fam in enumerate(report.families):
        if fam.name not in counts:
            continue
        c = counts[fam.name]
        color = _color(fam)
        data.append(
            {
                "type": "bar",
                "x": (edges[:-1] + edges[1:]) / 2,
                "y": c.astype(np.float64),
                "width": np.diff(edges),
                "meta": f"hist:{fam.name}",
                "name": fam.name,
                "opacity": 0.85,
                "marker": {
                    "color": color,
                    "line": {"color": "#FFFFFF", "width": 0.5},
                    "pattern": {"shape": PATTERNS[i % len(PATTERNS)], "fgcolor": "#FFFFFF", "fillmode": "overlay"},
                },
                "hovertemplate": "γ %{x:.3f}: %{y:.0f}<extra>" + fam.name + "</extra>",
            }
        )
    data.append(
        {
            "type": "scatter",
            "x": np.array([1.0, 1.0]),
            "y": np.array([0.0, top * 1.05]),
            "mode": "lines",
            "meta": "gamma_one",
            "name": t("checkpoint.fig.hist.one"),
            "hoverinfo": "name",
            "line": {"color": COLORS["reference"], "width": s["thin"], "dash": "dash"},
        }
    )
    layout = base_layout(
        projector,
        barmode="stack",
        bargap=0,
        title={"text": t("checkpoint.fig.hist.title"), "x": 0.01, "xanchor": "left"},
        xaxis={"title": {"text": t("checkpoint.fig.hist.x")}},
        yaxis={"title": {"text": t("checkpoint.fig.hist.y")}, "rangemode": "tozero"},
        **legend_below(projector, plot_height=420 if projector else 300, entries=len(data), columns=2),
    )
    layout["legend"]["traceorder"] = "normal"  # plotly lists stacked bars top first; keep the table's order
    return {"data": data, "layout": layout}
