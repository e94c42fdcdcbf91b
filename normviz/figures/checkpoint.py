"""A checkpoint's norm parameters: mean γ per layer with its spread, and the histogram of all γ.

Data come from ``normviz.checkpoint`` (a ``Report``); these builders only
draw, as plotly JSON (dicts with numpy arrays). One line per family of
modules (``h.N.ln_1``); the colour is the kind of norm found (the method
colours of ``normviz.methods``), the marker and dash tell families of the
same kind apart. Traces carry ``meta`` roles: ``layers:<family>``,
``hist:<family>``, ``gamma_one``.
"""

from __future__ import annotations

import numpy as np

from normviz.checkpoint import Report, gamma_histogram
from normviz.figures._legend import legend_below
from normviz.figures._style import COLORS, base_layout, sizes
from normviz.i18n import translate
from normviz.methods import METHODS

KIND_COLORS = {
    "layernorm": METHODS["ln"].color, "bias_free_layernorm": METHODS["ln"].color,
    "rmsnorm": METHODS["rms"].color, "gemma_rmsnorm": METHODS["rms"].color,
    "scale_only": COLORS["decomposition"], "batchnorm": COLORS["input"], "shift_only": COLORS["input"],
}
SYMBOLS = ("circle", "square", "diamond", "triangle-up", "x", "star")
DASHES = ("solid", "dash", "dot", "dashdot", "longdash")
PATTERNS = ("", "/", ".", "x", "\\", "+")


def _color(family) -> str:
    kinds = family.kinds
    return KIND_COLORS[kinds[0]] if len(kinds) == 1 else COLORS["reference"]


def _last_layer(report: Report) -> int:
    layers = [g.layer for g in report.groups if g.layer is not None]
    return max(layers) if layers else -1


def layer_figure(report: Report, *, lang: str, projector: bool = False) -> dict:
    """Mean γ of each module against its layer, ± one (biased) standard deviation; final norms after the last layer."""
    s = sizes(projector)
    final = _last_layer(report) + 1  # where modules outside the numbered layers (ln_f, model.norm) are drawn
    data = []
    for i, fam in enumerate(report.families):
        groups = [g for g in fam.groups if g.gamma is not None]
        if not groups:
            continue
        x = np.array([final if g.layer is None else g.layer for g in groups], dtype=np.float64)
        x += 0.08 * (i - (len(report.families) - 1) / 2)  # families at one layer side by side
        color = _color(fam)
        data.append({
            "type": "scatter", "x": x, "y": np.array([g.stat("mean") for g in groups]),
            "error_y": {"type": "data", "array": np.array([g.stat("std") for g in groups]), "visible": True,
                        "color": color, "thickness": s["thin"]},
            "mode": "lines+markers" if len(groups) > 1 else "markers", "meta": f"layers:{fam.name}", "name": fam.name,
            "line": {"color": color, "width": s["thin"], "dash": DASHES[i % len(DASHES)]},
            "marker": {"color": color, "size": s["marker"], "symbol": SYMBOLS[i % len(SYMBOLS)]},
            "customdata": np.array([[g.stat("std"), g.stat("min"), g.stat("max")] for g in groups]),
            "text": [g.module for g in groups],
            "hovertemplate": "%{text}<br>γ: %{y:.4f} ± %{customdata[0]:.4f}<br>"
                             "min %{customdata[1]:.4f}, max %{customdata[2]:.4f}<extra></extra>",
        })
    ticks = list(range(final)) + [final]
    labels = [str(k) for k in range(final)] + [translate(lang, "checkpoint.fig.layers.final")]
    step = max(1, final // 12)
    return {"data": data, "layout": base_layout(
        projector,
        title={"text": translate(lang, "checkpoint.fig.layers.title"), "x": 0.01, "xanchor": "left"},
        xaxis={"title": {"text": translate(lang, "checkpoint.fig.layers.x")}, "range": [-0.6, final + 0.6],
               "tickmode": "array", "tickvals": ticks[::step] + ([final] if final % step else []),
               "ticktext": labels[::step] + ([labels[-1]] if final % step else []), "zeroline": False},
        yaxis={"title": {"text": translate(lang, "checkpoint.fig.layers.y")}},
        **legend_below(projector, plot_height=420 if projector else 300, entries=max(len(data), 1), columns=2),
    )}


def histogram_figure(report: Report, *, lang: str, projector: bool = False, bins: int = 40) -> dict:
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
        data.append({
            "type": "bar", "x": (edges[:-1] + edges[1:]) / 2, "y": c.astype(np.float64), "width": np.diff(edges),
            "meta": f"hist:{fam.name}", "name": fam.name, "opacity": 0.85,
            "marker": {"color": color, "line": {"color": "#FFFFFF", "width": 0.5},
                       "pattern": {"shape": PATTERNS[i % len(PATTERNS)], "fgcolor": "#FFFFFF", "fillmode": "overlay"}},
            "hovertemplate": "γ %{x:.3f}: %{y:.0f}<extra>" + fam.name + "</extra>",
        })
    data.append({
        "type": "scatter", "x": np.array([1.0, 1.0]), "y": np.array([0.0, top * 1.05]), "mode": "lines",
        "meta": "gamma_one", "name": translate(lang, "checkpoint.fig.hist.one"), "hoverinfo": "name",
        "line": {"color": COLORS["reference"], "width": s["thin"], "dash": "dash"},
    })
    layout = base_layout(
        projector, barmode="stack", bargap=0,
        title={"text": translate(lang, "checkpoint.fig.hist.title"), "x": 0.01, "xanchor": "left"},
        xaxis={"title": {"text": translate(lang, "checkpoint.fig.hist.x")}},
        yaxis={"title": {"text": translate(lang, "checkpoint.fig.hist.y")}, "rangemode": "tozero"},
        **legend_below(projector, plot_height=420 if projector else 300, entries=len(data), columns=2),
    )
    layout["legend"]["traceorder"] = "normal"  # plotly lists stacked bars top first; keep the table's order
    return {"data": data, "layout": layout}
