"""Pre-, Post- and Peri-Norm, nGPT, LNS and no norm, layer by layer: stream norm, update-to-stream ratio,
gradient norm, and the float16 limit.

Data come from ``normviz.residual`` (a ``Comparison``); this builder only
draws, as plotly JSON dicts: four panels over the layer index sharing one
legend (one column on a screen, 2 × 2 on a projector, whose figure keeps its height).
Colour is the norm (LayerNorm, RMSNorm: the method colours, Okabe–Ito),
the dash is the arrangement (Pre-Norm solid, Post-Norm dotted, Peri-Norm
dash-dotted, nGPT long-dashed, LNS long-dash-dotted with open markers), so that no curve is told apart by
colour alone; the stack without a norm is black and dashed. Traces carry ``meta`` roles: ``stream_<v>``,
``update_<v>`` (layers 1 … depth), ``grad_<v>``, ``peak_<v>`` with v = ``<arr>_<norm>`` or ``none``,
``root_width`` (√D),
``fp16_max``, ``fp16_square`` (√65504 = 256) and ``square_<arr>_<norm>`` and
``overflow_<v>`` (the first layer beyond 256 and beyond 65504, when there is
one; 256 only where a Norm squares the values).
"""

from __future__ import annotations

from collections.abc import Collection
from functools import partial

import numpy as np

from normviz import residual
from normviz.figures._legend import legend_below, legend_beside, subplot_grid
from normviz.figures._style import COLORS, base_layout, method_name, sizes
from normviz.i18n import Translator
from normviz.methods import METHODS

ARRANGEMENT_DASH = {
    "pre": "solid",
    "post": "dot",
    "peri": "dashdot",
    "ngpt": "longdash",
    "lns": "longdashdot",
    residual.NO_NORM: "dash",
}
NO_NORM_SYMBOL = "x"  # a norm's curve carries its method's marker
OPEN_MARKERS = frozenset(residual.DEPTH_SCALED)  # LNS: its norm's marker, open (Pre-Norm's is filled)
PANELS = ("stream", "update", "grad", "peak")


def _tr(t: Translator, key: str, **values) -> str:
    return t(f"res.fig.{key}", **values)


def variants(comp: residual.Comparison, t: Translator) -> list[tuple[str, residual.StackRun, str, str]]:
    """(role suffix, run, legend name, colour) of every variant drawn: every arrangement with a Norm, then no norm."""
    tr = partial(_tr, t)
    out = [
        (f"{arr}_{norm}", run, tr("series", arrangement=tr(f"arr.{arr}"), norm=method_name(norm, t)), COLORS[norm])
        for (arr, norm), run in comp.runs.items()
    ]
    if comp.no_norm is not None:
        out.append((residual.NO_NORM, comp.no_norm, tr(f"arr.{residual.NO_NORM}"), COLORS["input"]))
    return out


def _series(
    cell, x, y, *, role: str, name: str, color: str, dash: str, symbol: str, width: float, legend: bool, group: str
) -> dict:
    """One variant's curve: the dash says the arrangement, the marker the norm (the colour says it too)."""
    return {
        "type": "scatter",
        "mode": "lines+markers",
        "x": x,
        "y": y,
        "meta": role,
        "name": name,
        **cell.refs,
        "line": {"color": color, "dash": dash, "width": width},
        "marker": {"color": color, "symbol": symbol, "size": 2.5 * width},
        "legendgroup": group,
        "showlegend": legend,
        "legendrank": 100,
        "hovertemplate": "%{x}: %{y:.4g}<extra>" + name + "</extra>",
    }


def _level(cell, layers, value: float, *, role: str, name: str, dash: str, width: float) -> dict:
    return {
        "type": "scatter",
        "mode": "lines",
        "x": np.array([layers[0], layers[-1]], dtype=np.float64),
        "y": np.full(2, value),
        "meta": role,
        "name": name,
        **cell.refs,
        "hoverinfo": "name",
        "legendrank": 200,
        "line": {"color": COLORS["reference"], "dash": dash, "width": width},
    }


def comparison_figure(
    comp: residual.Comparison, t: Translator, *, projector: bool = False, shown: Collection[str] | None = None
) -> dict:
    """Four panels over the layers 0 … depth: mean ‖hₗ‖, the update-to-stream ratio ‖hₗ − hₗ₋₁‖ / ‖hₗ₋₁‖ (layers
    1 … depth), ‖∂L/∂hₗ‖ and max |value| against float16's limits, one curve per variant (``variants``) whose
    arrangement is in ``shown`` (None: all of them)."""
    s = sizes(projector)
    tr = partial(_tr, t)
    rows, cols = (2, 2) if projector else (4, 1)  # a projector's 2 × 2 keeps the three panels' height
    grid, cells = subplot_grid(
        rows,
        cols,
        projector=projector,
        titles=[tr(f"{p}.title") for p in PANELS],
        # 0.09 rounds a domain to 1.0000000000000002; a projector's 24 px type needs more
        vertical_spacing=0.2 if projector else 0.075,
        horizontal_spacing=0.14,
    )
    layers = np.arange(comp.config.depth + 1, dtype=np.float64)
    data = []
    for suffix, run, name, color in variants(comp, t):
        if shown is not None and run.arrangement not in shown:
            continue
        series = (
            (layers, run.stream_norm),
            (layers[1:], run.update_ratio[1:]),  # no update into the input
            (layers, run.grad_norm),
            (layers, run.peak),
        )
        symbol = METHODS[run.norm].symbol if run.norm else NO_NORM_SYMBOL
        if run.arrangement in OPEN_MARKERS:
            symbol += "-open"
        for cell, panel, (x, values) in zip(cells, PANELS, series):
            data.append(
                _series(
                    cell,
                    x,
                    values,
                    role=f"{panel}_{suffix}",
                    name=name,
                    color=color,
                    dash=ARRANGEMENT_DASH[run.arrangement],
                    symbol=symbol,
                    width=s["line"],
                    legend=panel == "stream",
                    group=suffix,
                )
            )
        limits = (("square", comp.square_limit, "circle-open"), ("overflow", comp.fp16_max, "x"))
        for kind, limit, symbol in limits if run.norm else limits[1:]:  # no Norm squares: only the 65504 cross
            first = run.first_above(limit)
            if first is not None:
                label = tr(kind, name=name, layer=first, limit=f"{limit:.0f}")
                data.append(
                    {
                        "type": "scatter",
                        "mode": "markers",
                        "x": np.array([float(first)]),
                        "y": np.array([run.peak[first]]),
                        "meta": f"{kind}_{suffix}",
                        "name": label,
                        "legendrank": 300,  # the markers after the curves and the limits
                        **cells[3].refs,
                        "hovertemplate": label + "<extra></extra>",
                        "marker": {
                            "symbol": symbol,
                            "size": s["marker"] * 1.6,
                            "color": color,
                            "line": {"width": 2, "color": color},
                        },
                    }
                )
    data.append(
        _level(
            cells[0],
            layers,
            comp.root_width,
            role="root_width",
            name=tr("root_width", value=f"{comp.root_width:.2f}"),
            dash="dash",
            width=s["thin"],
        )
    )
    data.append(
        _level(
            cells[3],
            layers,
            comp.fp16_max,
            role="fp16_max",
            name=tr("fp16_max", value=f"{comp.fp16_max:g}"),
            dash="dash",
            width=s["thin"] * 1.5,
        )
    )
    data.append(
        _level(
            cells[3],
            layers,
            comp.square_limit,
            role="fp16_square",
            name=tr("fp16_square", value=f"{comp.square_limit:.1f}"),
            dash="dot",
            width=s["thin"],
        )
    )
    for cell, panel in zip(cells, PANELS):
        pad = 0.02 * max(float(layers[-1]), 1.0)  # a marker on layer 0 or the last layer is not cut in half
        grid[cell.xaxis]["range"] = [-pad, float(layers[-1]) + pad]
        if cell.row == rows:  # the bottom row says what the shared x axis is
            grid[cell.xaxis]["title"] = {"text": tr("layer")}
        if cell.index > 1:
            grid[cell.xaxis]["matches"] = "x"
        grid[cell.yaxis].update(
            title={"text": tr(f"{panel}.y")}, type="log", exponentformat="power", **({"nticks": 4} if projector else {})
        )  # 24 px labels on a short log axis
    entries = sum(trace.get("showlegend", True) is not False for trace in data)
    return {
        "data": data,
        "layout": base_layout(
            projector,
            **grid,
            # projector: the legend beside the panels, so that they keep their height on one 1080 px screen
            **(
                legend_beside(680, below=3.6)
                if projector
                else legend_below(projector, plot_height=1000, entries=entries, columns=2)
            ),
        ),
    }
