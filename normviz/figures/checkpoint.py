"""A checkpoint's norm parameters: the distribution of γ per module, layer by layer, and the histogram of all γ.

Data come from ``normviz.checkpoint`` (a ``Report``); these builders only
draw, as plotly JSON (dicts with numpy arrays). One line per family of
modules (``h.N.ln_1``); the colour is the kind of norm found (the method
colours of ``normviz.methods``), the marker and dash tell families of the
same kind apart. Traces carry ``meta`` roles: ``layers:<family>`` (one box per
module: quartiles, median, mean, min and max, precomputed), ``median:<family>``
(the medians joined), ``hist:<family>``, ``hist_rest`` (the families beyond the first ``MAX_FAMILIES``),
``gamma_one``.

However many modules a file holds, a figure draws a bounded number: every layer up to ``2 * EDGE_LAYERS``
of them, else the first and the last ``EDGE_LAYERS`` with a gap between; the first ``MAX_FAMILIES``
families (``drawn`` says what was left out; the page's tables list everything).
"""

from __future__ import annotations

from dataclasses import dataclass

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


EDGE_LAYERS = 16  # every layer up to 32 (Llama 2 7B's count) is drawn; beyond, the first and the last 16
MAX_FAMILIES = 12  # families drawn (Gemma 3 with its vision tower has about 10)


@dataclass(frozen=True)
class Drawn:
    """What the figures draw of a report: its numbered layers and families, and how many it has."""

    layers: tuple[int, ...]
    all_layers: int
    families: int
    all_families: int

    @property
    def gap(self) -> bool:
        """Layers are left out between the first and the last ``EDGE_LAYERS``."""
        return len(self.layers) < self.all_layers


def drawn(report: Report, *, edge: int = EDGE_LAYERS, families: int = MAX_FAMILIES) -> Drawn:
    """The layers and families ``layer_figure`` draws (the first ``families``; the histogram pools the rest)."""
    layers = sorted({g.layer for g in report.groups if g.layer is not None})
    shown = layers if len(layers) <= 2 * edge else layers[:edge] + layers[-edge:]
    return Drawn(tuple(shown), len(layers), min(families, len(report.families)), len(report.families))


def layer_figure(
    report: Report, t: Translator, *, projector: bool = False, edge: int = EDGE_LAYERS, families: int = MAX_FAMILIES
) -> dict:
    """One box per module at its layer: γ's quartiles, median and mean, whiskers to min and max; the medians of
    each family joined by a line; families at one layer side by side; final norms after the last layer.

    At most ``families`` families, and all layers up to ``2 * edge``, else the first and the last ``edge``
    with a gap ("…") between them: a bounded number of boxes, however many modules the file holds."""
    s = sizes(projector)
    shown = drawn(report, edge=edge, families=families)
    if shown.gap:  # the two blocks side by side, one slot between them
        where = {layer: i + (i >= edge) for i, layer in enumerate(shown.layers)}  # layer -> x
        final = len(shown.layers) + 1
        labels = [str(k) for k in shown.layers[:edge]] + ["…"] + [str(k) for k in shown.layers[edge:]]
    else:
        where = {layer: layer for layer in shown.layers}
        final = (shown.layers[-1] if shown.layers else -1) + 1
        labels = [str(k) for k in range(final)]
    labels.append(t("checkpoint.fig.layers.final"))  # x = final: modules outside the numbered layers (ln_f)
    count = max(1, shown.families)
    width = min(0.8 / count, 0.3)
    data = []
    for i, fam in enumerate(report.families[: shown.families]):
        groups = [
            g
            for g in fam.groups
            if g.gamma is not None and (g.layer is None or g.layer in where) and np.isfinite(g.gamma).any()
        ]
        if not groups:
            continue
        x = np.array([final if g.layer is None else where[g.layer] for g in groups], dtype=np.float64)
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
    step = max(1, final // 12)
    marked = sorted({*range(0, final + 1, step), final, *([edge] if shown.gap else [])})  # the gap keeps its "…"
    return {
        "data": data,
        "layout": base_layout(
            projector,
            title={"text": t("checkpoint.fig.layers.title"), "x": 0.01, "xanchor": "left"},
            xaxis={
                "title": {"text": t("checkpoint.fig.layers.x")},
                "range": [-0.6, final + 0.6],
                "tickmode": "array",
                "tickvals": marked,
                "ticktext": [labels[k] for k in marked],
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


def _bars(edges: np.ndarray, counts: np.ndarray, *, meta: str, name: str, color: str, pattern: str) -> dict:
    return {
        "type": "bar",
        "x": (edges[:-1] + edges[1:]) / 2,
        "y": counts.astype(np.float64),
        "width": np.diff(edges),
        "meta": meta,
        "name": name,
        "opacity": 0.85,
        "marker": {
            "color": color,
            "line": {"color": "#FFFFFF", "width": 0.5},
            "pattern": {"shape": pattern, "fgcolor": "#FFFFFF", "fillmode": "overlay"},
        },
        "hovertemplate": "γ %{x:.3f}: %{y:.0f}<extra>" + name + "</extra>",
    }


def histogram_figure(
    report: Report, t: Translator, *, projector: bool = False, bins: int = 40, families: int = MAX_FAMILIES
) -> dict:
    """How many γ components fall in each bin, one bar trace per family (stacked), and the line γ = 1.

    The first ``families`` families have a trace each; the others share one (``hist_rest``)."""
    s = sizes(projector)
    edges, counts = gamma_histogram(report, bins=bins, top=families)
    data = []
    top = max(1, int(sum(counts.values()).max())) if counts else 1  # the stacked bars' height
    for i, fam in enumerate(report.families[:families]):
        if fam.name in counts:
            data.append(
                _bars(
                    edges,
                    counts[fam.name],
                    meta=f"hist:{fam.name}",
                    name=fam.name,
                    color=_color(fam),
                    pattern=PATTERNS[i % len(PATTERNS)],
                )
            )
    if None in counts:
        rest = len(report.families) - families
        name = t("checkpoint.fig.hist.rest", count=rest)
        data.append(_bars(edges, counts[None], meta="hist_rest", name=name, color=COLORS["reference"], pattern="-"))
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
