"""Invariances: distance maps over (a, c), the (1,2,3) vs (101,102,103) counterfactual,
and the softmax that saturates without the division by σ.

Data come from ``normviz.invariance``. Each builder returns plain plotly JSON
(``{"data": [...], "layout": {...}}``, numpy arrays inside); traces carry
``meta`` roles. Nothing here builds a ``go.Figure``.
"""

from __future__ import annotations

import math

import numpy as np

from normviz import invariance
from normviz.figures._legend import Cell, legend_below, subplot_grid
from normviz.figures._style import COLORS, base_layout, colorscale, method_name, sizes
from normviz.format import shortest_vector, subscript
from normviz.i18n import Translator
from normviz.methods import METHODS

DISTANCE_SCALE = "Cividis"  # sequential, readable with the common colour-vision deficiencies
LOG_FLOOR = -17.0  # log10 of the smallest distance drawn; exact zeros are drawn here
LOG_TICKS = (-16.0, -12.0, -8.0, -4.0, 0.0)


def distance_maps(grid: invariance.InvarianceGrid, t: Translator, *, projector: bool = False) -> dict:
    """‖f(a·x + c·𝟏) − f(x)‖ / radius for each method over the (a, c) grid: the part that does not move with (a, c).

    The colour is log10 of the distance, so rounding noise (1e-16), an ε effect
    (1e-6) and a real drift (0.1) look different; the hover shows the distance.
    NaN (an output 0/0) stays a hole in the map.
    """
    layout_grid, cells = subplot_grid(
        1,
        3,
        projector=projector,
        titles=[method_name(m, t) for m in METHODS],
        horizontal_spacing=0.06,
        shared_yaxes=True,
    )
    layout = base_layout(
        projector,
        **legend_below(projector, plot_height=420 if projector else 330, entries=1),
        coloraxis=dict(
            colorscale=colorscale(DISTANCE_SCALE),
            cmin=LOG_FLOOR,
            cmax=math.log10(2.0),
            colorbar=dict(
                title=dict(text=t("inv.fig.dist.colorbar")),
                len=0.9,
                tickvals=list(LOG_TICKS),
                ticktext=[f"1e{v:.0f}" for v in LOG_TICKS],
            ),
        ),
        **layout_grid,
    )
    data = []
    for key, cell in zip(METHODS, cells):
        name = method_name(key, t)
        # float32 log distances: half the payload of float64, the same picture
        data.append(
            {
                "type": "heatmap",
                "x": grid.a,
                "y": grid.c,
                "z": log_z(grid.distance[key]),
                "coloraxis": "coloraxis",
                "meta": f"distance_{key}",
                "name": name,
                "zsmooth": False,
                "hovertemplate": "a = %{x:.2f}, c = %{y:.1f}: log₁₀(d/r) = %{z:.1f}<extra>" + name + "</extra>",
                **cell.refs,
            }
        )
        layout[cell.xaxis].update(title={"text": t("inv.fig.dist.x")}, range=[float(grid.a[0]), float(grid.a[-1])])
    layout[cells[0].yaxis].update(title={"text": t("inv.fig.dist.y")}, range=[float(grid.c[0]), float(grid.c[-1])])
    return {"data": data, "layout": layout}


def current_markers(a: float, c: float, t: Translator, *, projector: bool = False) -> list[dict]:
    """The current (a, c) as a cross on each of the three maps: the only traces that move with a and c."""
    s = sizes(projector)
    return [
        {
            "type": "scatter",
            "x": np.array([float(a)]),
            "y": np.array([float(c)]),
            "mode": "markers",
            "meta": f"current_{key}",
            "name": t("inv.fig.dist.current"),
            "legendgroup": "current",
            "showlegend": k == 1,
            **Cell(1, k, k, scene=False).refs,  # the cells of distance_maps
            "marker": {
                "symbol": "x-thin",
                "size": s["marker"] * 1.6,
                "color": "white",
                "line": {"color": "#D55E00", "width": s["thin"] + 1.5},
            },
            "hovertemplate": "a = %{x:.2f}, c = %{y:.2f}<extra></extra>",
        }
        for k, key in enumerate(METHODS, start=1)
    ]


def distance_figure(
    grid: invariance.InvarianceGrid, a: float, c: float, t: Translator, *, projector: bool = False
) -> dict:
    """``distance_maps`` with the current (a, c) marked (``current_markers``)."""
    fig = distance_maps(grid, t, projector=projector)
    return {"data": fig["data"] + current_markers(a, c, t, projector=projector), "layout": fig["layout"]}


def log_z(dist: np.ndarray) -> np.ndarray:
    """log10 of the distances as float32, clipped at ``LOG_FLOOR``; NaN (0/0) stays NaN: a hole in the map."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.log10(np.maximum(dist, 10.0**LOG_FLOOR)).astype(np.float32)


def counterfactual_figure(rows, t: Translator, *, projector: bool = False) -> dict:
    """Components of RMSNorm and LayerNorm of x and of x + shift·𝟏, as grouped bars."""
    s = sizes(projector)
    base, shifted = rows
    comps = [f"y{subscript(i + 1)}" for i in range(base.x.size)]
    layout = base_layout(
        projector,
        barmode="group",
        title=dict(text=t("inv.fig.cf.title"), x=0.01, xanchor="left"),
        xaxis=dict(title=dict(text=t("inv.fig.cf.x"))),
        yaxis=dict(title=dict(text=t("inv.fig.cf.y")), range=_bar_range(rows)),
        **legend_below(projector, plot_height=380 if projector else 280, entries=4),
    )
    series = [
        ("rms_base", "rms", base.x, base.rms_out, ""),
        ("rms_shifted", "rms", shifted.x, shifted.rms_out, "/"),
        ("ln_base", "ln", base.x, base.ln_out, ""),
        ("ln_shifted", "ln", shifted.x, shifted.ln_out, "/"),
    ]
    data = []
    for role, key, x, values, pattern in series:
        name = f"{method_name(key, t)}{shortest_vector(x)}"
        color = METHODS[key].color
        data.append(
            {
                "type": "bar",
                "x": comps,
                "y": np.asarray(values, dtype=np.float64),
                "meta": role,
                "name": name,
                "marker": {
                    "color": color,
                    "pattern": {"shape": pattern, "fgcolor": "white", "fillmode": "overlay"},
                    "line": {"color": color, "width": 1},
                },
                "hovertemplate": "%{x}: %{y:.4f}<extra>" + name + "</extra>",
                "textfont": {"size": s["font"] * 0.8},
            }
        )
    return {"data": data, "layout": layout}


def _bar_range(rows) -> list[float]:
    vals = np.concatenate([np.concatenate([r.rms_out, r.ln_out]) for r in rows])
    vals = vals[np.isfinite(vals)]
    top = max(1.6, float(np.max(np.abs(vals))) * 1.15) if vals.size else 1.6
    return [-top, top]


def softmax_figure(demo: invariance.ScaleDemo, curve, t: Translator, *, projector: bool = False) -> dict:
    """Left: softmax probabilities at scale s, centring only vs LayerNorm. Right: the largest probability
    against s (log axis): centring only saturates to 1 (one-hot), LayerNorm stays put."""
    s = sizes(projector)
    scales, pmax_centered, pmax_ln = curve
    grid, (left, right) = subplot_grid(
        1,
        2,
        projector=projector,
        column_widths=[0.45, 0.55],
        horizontal_spacing=0.1,
        titles=[t("inv.fig.sm.bars", s=f"{demo.scale:g}"), t("inv.fig.sm.curve")],
    )
    layout = base_layout(
        projector,
        barmode="group",
        **legend_below(projector, plot_height=380 if projector else 290, entries=3, columns=3 if not projector else 2),
        **grid,
    )
    labels = [f"z{subscript(i + 1)}" for i in range(demo.probs_ln.size)]
    centred = COLORS["decomposition"]
    hover = "%{x} = %{customdata:.4g} → p = %{y:.4f}<extra></extra>"
    data = [
        {
            "type": "bar",
            "x": labels,
            "y": demo.probs_centered,
            "meta": "probs_centered",
            "name": t("inv.fig.sm.centered"),
            "legendgroup": "centered",
            "marker": {"color": centred},
            "customdata": demo.logits_centered,
            "hovertemplate": hover,
            **left.refs,
        },
        {
            "type": "bar",
            "x": labels,
            "y": demo.probs_ln,
            "meta": "probs_ln",
            "name": t("inv.fig.sm.ln"),
            "legendgroup": "ln",
            "marker": {"color": METHODS["ln"].color},
            "customdata": demo.logits_ln,
            "hovertemplate": hover,
            **left.refs,
        },
        {
            "type": "scatter",
            "x": scales,
            "y": pmax_centered,
            "mode": "lines",
            "meta": "curve_centered",
            "name": t("inv.fig.sm.centered"),
            "legendgroup": "centered",
            "showlegend": False,
            "line": {"color": centred, "width": s["line"]},
            **right.refs,
        },
        {
            "type": "scatter",
            "x": scales,
            "y": pmax_ln,
            "mode": "lines",
            "meta": "curve_ln",
            "name": t("inv.fig.sm.ln"),
            "legendgroup": "ln",
            "showlegend": False,
            "line": {"color": METHODS["ln"].color, "width": s["line"]},
            **right.refs,
        },
        {
            "type": "scatter",
            "x": np.array([demo.scale, demo.scale]),
            "y": np.array([demo.probs_centered.max(), demo.probs_ln.max()]),
            "mode": "markers",
            "meta": "curve_current",
            "name": t("inv.fig.sm.current", s=f"{demo.scale:g}"),
            "marker": {
                "color": [centred, METHODS["ln"].color],
                "size": s["marker"] * 1.4,
                "line": {"color": "black", "width": 1},
            },
            **right.refs,
        },
    ]
    layout[left.yaxis].update(title={"text": t("inv.fig.sm.p")}, range=[0, 1.05])
    layout[left.xaxis].update(title={"text": t("inv.fig.sm.logit")})
    layout[right.yaxis].update(title={"text": t("inv.fig.sm.pmax")}, range=[0.3, 1.03])
    layout[right.xaxis].update(
        title={"text": t("inv.fig.sm.scale")},
        type="log",
        exponentformat="power",
        range=[math.log10(scales[0]) - 0.1, math.log10(scales[-1]) + 0.1],
    )
    return {"data": data, "layout": layout}
