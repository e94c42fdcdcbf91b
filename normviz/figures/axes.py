"""The axes page's figures: a B × S × D tensor as stacked heat maps, its groups, their μ and σ, the output.

``tensor_figure`` draws one row of four heat maps per batch element (S rows ×
D columns each): the input x, each entry's group mean μ, its group σ (RMS
for RMSNorm) and the output y. A group is outlined on the input: a row (one
token) for LayerNorm and RMSNorm, a column (one feature, the same column in
every batch element) for BatchNorm. Standardization draws one table: its rows
are the real tokens (samples), its columns the features. ``batch_figure``
follows one token's output as the batch grows. Plain plotly JSON, traces
carry ``meta`` roles; numbers are shown 1-based (b = 1 … B).
"""

from __future__ import annotations

import numpy as np

from normviz import axes
from normviz.figures._legend import subplot_grid
from normviz.figures._style import COLORS, base_layout, colorscale, sizes
from normviz.i18n import Translator
from normviz.methods import METHODS

# BatchNorm and standardization are not in METHODS (yet): Okabe–Ito vermillion and reddish purple.
GROUP_COLORS = {key: COLORS[key] for key in ("ln", "rms", "bn", "std")}  # one colour per method
PAD_COLOR = "#BDBDBD"
COLUMNS = ("x", "mu", "scale", "y")
DIVERGING, SEQUENTIAL = "RdBu_r", "Viridis"
GRID = {"x0": 1, "dx": 1, "y0": 1, "dy": 1}  # cells at d = 1 … D and s = 1 … S, without coordinate arrays


def method_label(method: str, t: Translator) -> str:
    return t(f"axes.method.{method}")


MIN_PLOT_PX = 160.0  # room for a single token (B = S = 1) and the colour bars under it


def _cell_px(rows: int, projector: bool) -> float:
    """Pixel height of one heat-map row: readable, the whole stack at most ~1100 px and at least MIN_PLOT_PX."""
    rows = max(rows, 1)
    return float(max(min(26 if projector else 18, max(6.0, 1100.0 / rows)), MIN_PLOT_PX / rows))


def _blocks(v: axes.View) -> list[tuple[str, dict[str, np.ndarray], np.ndarray, np.ndarray]]:
    """(row label, the four S × D panels, the padding mask, the row numbers) per heat-map row of subplots."""
    if v.method == "std":  # one table: the real tokens are the samples
        panels = {"x": v.x[v.real], "mu": v.group_mu[v.real], "scale": v.group_scale[v.real], "y": v.y[v.real]}
        return [("samples", panels, np.zeros(panels["x"].shape[0], dtype=bool), np.arange(1, panels["x"].shape[0] + 1))]
    out = []
    for b in range(v.x.shape[0]):
        panels = {"x": v.x[b], "mu": v.group_mu[b], "scale": v.group_scale[b], "y": v.y[b]}
        out.append((str(b + 1), panels, ~v.real[b], np.arange(1, v.x.shape[1] + 1)))
    return out


def _bound(a: np.ndarray) -> float:
    """The largest |value| (the colour range's end), or 1 where every value is 0 (B = S = 1 under BatchNorm)."""
    top = float(np.abs(a[np.isfinite(a)]).max(initial=0.0))
    return top if top > 0 else 1.0


def _outlines(method: str, cell, rows: int, d: int, width: float) -> list[dict]:
    """One rectangle per group in this subplot: a row per token, a column per feature."""
    line = {"color": GROUP_COLORS[method], "width": width}
    ref = {
        "xref": cell.refs["xaxis"],
        "yref": cell.refs["yaxis"],
        "type": "rect",
        "line": line,
        "fillcolor": "rgba(0,0,0,0)",
        "layer": "above",
    }
    if method in ("ln", "rms"):
        return [{**ref, "x0": 0.5, "x1": d + 0.5, "y0": r + 0.5, "y1": r + 1.5} for r in range(rows)]
    return [{**ref, "x0": c + 0.5, "x1": c + 1.5, "y0": 0.5, "y1": rows + 0.5} for c in range(d)]


def tensor_figure(v: axes.View, t: Translator, *, projector: bool = False) -> dict:
    """Input, group μ, group σ (or RMS) and output of every batch element, groups outlined on the input."""
    s = sizes(projector)
    blocks = _blocks(v)
    rows_each = blocks[0][1]["x"].shape[0]
    d = v.x.shape[-1]
    cell = _cell_px(rows_each * len(blocks), projector)
    gap = 1.2 * s["font"] if len(blocks) > 1 else 0.0
    plot_h = len(blocks) * rows_each * cell + (len(blocks) - 1) * gap
    scale_key = "rms" if v.method == "rms" else "sigma"
    titles = [t(f"axes.fig.col.{c if c != 'scale' else scale_key}") for c in COLUMNS]
    layout, cells = subplot_grid(
        len(blocks),
        4,
        projector=projector,
        titles=titles,
        horizontal_spacing=0.035,
        vertical_spacing=gap / plot_h if plot_h else 0.0,
    )
    x_bound = _bound(v.x)
    y_bound = _bound(v.y)
    scale_top = _bound(v.group_scale)
    d_ticks = np.arange(1, d + 1)
    data, shapes = [], []
    for i, (label, panels, pad, numbers) in enumerate(blocks):
        row_cells = cells[4 * i : 4 * i + 4]
        hover_row = "b = " + label + ", " if v.method != "std" else ""
        row_name = "s" if v.method != "std" else t("axes.fig.sample")
        for col, c in zip(COLUMNS, row_cells):
            z = np.asarray(panels[col], dtype=np.float32)  # hover shows 3 decimals; half the payload of float64
            axis = {"x": "coloraxis", "mu": "coloraxis", "scale": "coloraxis2", "y": "coloraxis3"}[col]
            data.append(
                {
                    "type": "heatmap",
                    "z": z,
                    **GRID,
                    "coloraxis": axis,
                    "meta": f"{col}_{i}",
                    "xgap": 1,
                    "ygap": 1,
                    "name": titles[COLUMNS.index(col)],
                    **c.refs,
                    "hovertemplate": hover_row
                    + row_name
                    + " = %{y}, d = %{x}: %{z:.3f}<extra>"
                    + titles[COLUMNS.index(col)]
                    + "</extra>",
                }
            )
            if pad.any() and col in ("x", "y"):
                data.append(
                    {
                        "type": "heatmap",
                        "z": np.where(pad[:, None], 1.0, np.nan).astype(np.float32) * np.ones((1, d), np.float32),
                        **GRID,
                        "colorscale": [[0, PAD_COLOR], [1, PAD_COLOR]],
                        "showscale": False,
                        "meta": f"pad_{col}_{i}",
                        "xgap": 1,
                        "ygap": 1,
                        **c.refs,
                        "hovertemplate": hover_row + "s = %{y}: " + t("axes.fig.padding") + "<extra></extra>",
                    }
                )
            layout[c.xaxis].update(
                range=[0.5, d + 0.5],
                showgrid=False,
                zeroline=False,
                fixedrange=True,
                tickvals=d_ticks if d <= 16 else None,
                tickfont={"size": s["font"] * 0.7},
                showticklabels=i == len(blocks) - 1,
            )
            layout[c.yaxis].update(
                range=[numbers[-1] + 0.5, 0.5],
                showgrid=False,
                zeroline=False,
                fixedrange=True,
                showticklabels=col == "x" and len(numbers) <= 24,
                tickfont={"size": s["font"] * 0.7},
                dtick=1 if len(numbers) <= 12 else None,
            )
        first = row_cells[0]
        layout[first.yaxis]["title"] = {
            "text": (f"b = {label}" if v.method != "std" else t("axes.fig.sample")),
            "font": {"size": s["font"] * 0.85},
            "standoff": 2,
        }
        shapes += _outlines(v.method, first, len(numbers), d, 1.5 if not projector else 2.5)
    if len(blocks):
        for c in cells[-4:]:
            layout[c.xaxis]["title"] = {"text": t("axes.fig.feature"), "font": {"size": s["font"] * 0.8}, "standoff": 2}
    bar_y = -(2.6 * s["font"]) / max(plot_h, 1.0)

    def bar(x0: float, x1: float, title: str) -> dict:
        return {
            "orientation": "h",
            "x": (x0 + x1) / 2,
            "xanchor": "center",
            "len": x1 - x0,
            "lenmode": "fraction",
            "y": bar_y,
            "yanchor": "top",
            "thickness": 0.7 * s["font"],
            "title": {"text": title, "side": "bottom", "font": {"size": s["font"] * 0.8}},
            "tickfont": {"size": s["font"] * 0.7},
        }

    dom = [layout[c.xaxis]["domain"] for c in cells[:4]]
    legend_names = {
        "group": t(f"axes.fig.group.{v.method}"),
        "pad": t("axes.fig.padding"),
    }
    data.append(
        {
            "type": "scatter",
            "x": [None],
            "y": [None],
            "mode": "lines",
            "meta": "group_key",
            "name": legend_names["group"],
            "line": {"color": GROUP_COLORS[v.method], "width": 3},
            "xaxis": "x",
            "yaxis": "y",
            "hoverinfo": "skip",
            "showlegend": True,
        }
    )
    if v.padding and v.method != "std":
        data.append(
            {
                "type": "scatter",
                "x": [None],
                "y": [None],
                "mode": "markers",
                "meta": "pad_key",
                "name": legend_names["pad"],
                "xaxis": "x",
                "yaxis": "y",
                "hoverinfo": "skip",
                "showlegend": True,
                "marker": {"symbol": "square", "size": s["marker"] * 1.3, "color": PAD_COLOR},
            }
        )
    top = 3.4 * s["font"] + 2.0 * s["font"]
    bottom = 6.5 * s["font"]
    title = t(f"axes.fig.title.{v.method}", b=v.x.shape[0], s=v.x.shape[1], d=d)
    return {
        "data": data,
        "layout": base_layout(
            projector,
            **layout,
            title={
                "text": title,
                "x": 0.01,
                "xanchor": "left",
                "y": 1.0,
                "yanchor": "top",
                "yref": "container",
                "pad": {"t": 6},
            },
            shapes=shapes,
            height=int(plot_h + top + bottom),
            margin={"l": 10, "r": 10, "t": int(top), "b": int(bottom)},
            legend={
                "orientation": "h",
                "x": 0.0,
                "xanchor": "left",
                "y": 1.0 + (1.6 * s["font"]) / max(plot_h, 1.0),
                "yanchor": "bottom",
                "bgcolor": "rgba(255,255,255,0.85)",
                "font": {"size": round(s["font"] * 0.85)},
            },
            coloraxis={
                "colorscale": colorscale(DIVERGING),
                "cmin": -x_bound,
                "cmax": x_bound,
                "colorbar": bar(dom[0][0], dom[1][1], t("axes.fig.bar.x")),
            },
            coloraxis2={
                "colorscale": colorscale(SEQUENTIAL),
                "cmin": 0.0,
                "cmax": scale_top,
                "colorbar": bar(dom[2][0], dom[2][1], titles[2]),
            },
            coloraxis3={
                "colorscale": colorscale(DIVERGING),
                "cmin": -y_bound,
                "cmax": y_bound,
                "colorbar": bar(dom[3][0], dom[3][1], titles[3]),
            },
        ),
    }


def batch_figure(
    sweep: axes.BatchSweep, current_b: int, t: Translator, *, feature: int = 0, projector: bool = False
) -> dict:
    """Token (1, 1)'s output in one feature against the batch size: flat for LayerNorm/RMSNorm, not for BatchNorm."""
    s = sizes(projector)
    data = []
    for key in ("ln", "rms", "bn"):
        y = getattr(sweep, key)[:, feature]
        data.append(
            {
                "type": "scatter",
                "x": sweep.sizes.astype(np.float64),
                "y": y,
                "mode": "lines+markers",
                "meta": f"sweep_{key}",
                "name": method_label(key, t),
                "line": {
                    "color": GROUP_COLORS[key],
                    "width": s["line"],
                    "dash": METHODS[key].dash if key in METHODS else "solid",
                },
                "marker": {"color": GROUP_COLORS[key], "size": s["marker"]},
                "hovertemplate": "B = %{x}: %{y:.4f}<extra>" + method_label(key, t) + "</extra>",
            }
        )
    values = np.concatenate([getattr(sweep, k)[:, feature] for k in ("ln", "rms", "bn")])
    low, high = float(values.min()), float(values.max())
    pad = max(0.15 * (high - low), 0.2)
    data.append(
        {
            "type": "scatter",
            "x": np.array([current_b, current_b], dtype=np.float64),
            "y": np.array([low - pad, high + pad]),
            "mode": "lines",
            "meta": "current",
            "name": t("axes.fig.sweep.current", b=current_b),
            "hoverinfo": "skip",
            "line": {"color": COLORS["reference"], "width": s["thin"], "dash": "dot"},
        }
    )
    return {
        "data": data,
        "layout": base_layout(
            projector,
            title={"text": t("axes.fig.sweep.title", d=feature + 1), "x": 0.01, "xanchor": "left"},
            xaxis={
                "title": {"text": t("axes.fig.sweep.x")},
                "range": [0.5, axes.B_MAX + 0.5],
                "tickmode": "linear",
                "dtick": 1,
            },
            yaxis={"title": {"text": t("axes.fig.sweep.y", d=feature + 1)}, "range": [low - pad, high + pad]},
            height=460 if projector else 360,
            legend={"orientation": "h", "x": 0.0, "y": -0.25, "yanchor": "top"},
            margin={"l": 10, "r": 10, "t": int(3 * s["font"]), "b": 10},
        ),
    }
