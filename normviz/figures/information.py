"""Where the information goes: pairs that merge or stay apart, a direction-coloured cloud,
and cosine-similarity heat maps before and after each method.

Data come from ``normviz.analysis``; traces carry ``meta`` roles.
"""

from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from normviz import analysis
from normviz.figures._legend import legend_below, subplot_titles_font
from normviz.figures._style import (
    COLORS,
    DASHES,
    arrow_marker,
    arrows_xy,
    base_layout,
    method_name,
    sizes,
    subscript,
)
from normviz.i18n import translate
from normviz.norms import METHODS

# A cyclic, saturated scale for directions (cmocean "phase"); method colours stay Okabe–Ito.
DIRECTION_SCALE = "Phase"
# Diverging scale for similarities in [−1, 1] (red–blue reads for the common colour-vision deficiencies).
SIMILARITY_SCALE = "RdBu"


def nice_extent(values, minimum: float = 2.0) -> float:
    """A fixed half-width of the axes that shows every value: 1, 2 or 5 × 10^k, with a margin."""
    finite = np.abs(np.asarray(values, dtype=np.float64))
    finite = finite[np.isfinite(finite)]
    top = max(minimum, float(finite.max()) * 1.1 if finite.size else minimum)
    exp = 10.0 ** math.floor(math.log10(top))
    for step in (1.0, 2.0, 2.5, 5.0, 10.0):
        if step * exp >= top:
            return step * exp
    return 10.0 * exp


OUTPUT_EXTENT = 1.7  # the outputs of a 2D pair lie within the √2 circle


def pairs_figure(pairs: list[analysis.PairComparison], *, lang: str, projector: bool = False,
                 numbers: list[int] | None = None) -> go.Figure:
    """Top row: each pair's inputs a and b. Bottom row: each method's two outputs, on its target circle.

    ``numbers`` are the pairs' numbers on the page (default 1, 2, …), for the panel titles.
    """
    s = sizes(projector)
    t = lambda key, **kw: translate(lang, key, **kw)  # noqa: E731
    cols = len(pairs)
    numbers = list(numbers) if numbers is not None else list(range(1, cols + 1))
    titles = [t("info.fig.pairs.inputs", k=k) for k in numbers]
    titles += [t("info.fig.pairs.outputs", k=k) for k in numbers]
    fig = make_subplots(rows=2, cols=cols, subplot_titles=titles, horizontal_spacing=0.1, vertical_spacing=0.14)
    legend = (legend_below(projector, plot_height=900, entries=6, columns=2) if projector else
              dict(height=800, margin=dict(l=10, r=10, t=60, b=10),
                   legend=dict(orientation="v", x=1.02, y=1.0, xanchor="left", yanchor="top")))
    fig.update_layout(**base_layout(lang, projector, **legend))
    subplot_titles_font(fig, projector)
    theta = np.linspace(0.0, 2.0 * math.pi, 121)
    for col, pair in enumerate(pairs, start=1):
        first = col == 1
        ends = np.stack([pair.a, pair.b])
        xs, ys = arrows_xy(np.zeros((2, 2)), ends)
        name = method_name("input", lang)
        fig.add_trace(go.Scatter(
            x=xs, y=ys, mode="lines+markers", meta=f"inputs_{col}", name=name, legendgroup="inputs",
            showlegend=first, line=dict(color=COLORS["input"], width=s["line"]),
            marker=arrow_marker(COLORS["input"], len(xs) // 3, projector),
            hovertemplate="(%{x:.4f}, %{y:.4f})<extra>" + name + "</extra>",
        ), row=1, col=col)
        fig.add_trace(go.Scatter(
            x=ends[:, 0], y=ends[:, 1], mode="text", meta=f"labels_{col}", text=["a", "b"], showlegend=False,
            textposition="top left", textfont=dict(size=s["font"] * 1.1, color=COLORS["input"]), hoverinfo="skip",
        ), row=1, col=col)
        for r, m in ((1.0, "l2"), (math.sqrt(2.0), "rms")):
            fig.add_trace(go.Scatter(
                x=r * np.cos(theta), y=r * np.sin(theta), mode="lines", meta=f"circle_{m}_{col}",
                name=t("info.fig.circle", r="1" if r == 1.0 else "√2"), legendgroup=f"circle_{m}",
                showlegend=first, line=dict(color=COLORS[m], width=s["thin"], dash="dot"), hoverinfo="skip",
            ), row=2, col=col)
        for m in reversed(METHODS):  # L2 last: on top of RMSNorm's arrow along the same ray
            xs, ys = arrows_xy(np.zeros((2, 2)), np.stack(pair.outputs[m]))
            name = method_name(m, lang)
            fig.add_trace(go.Scatter(
                x=xs, y=ys, mode="lines+markers", meta=f"outputs_{m}_{col}", name=name, legendgroup=m,
                showlegend=first, line=dict(color=COLORS[m], width=s["line"], dash=DASHES[m]),
                marker=arrow_marker(COLORS[m], len(xs) // 3, projector),
                hovertemplate="(%{x:.4f}, %{y:.4f})<extra>" + name + "</extra>",
            ), row=2, col=col)
        axis = dict(zeroline=True, zerolinecolor="#BBBBBB", gridcolor="#EEEEEE", constrain="domain")
        extent = nice_extent(ends)
        for row, ext in ((1, extent), (2, OUTPUT_EXTENT)):
            k = (row - 1) * cols + col
            fig.update_xaxes(axis, range=[-ext, ext], title_text=t("axis.x1") if row == 2 else None, row=row, col=col)
            fig.update_yaxes(axis, range=[-ext, ext], title_text=t("axis.x2"), scaleanchor=f"x{'' if k == 1 else k}",
                             scaleratio=1, row=row, col=col)
    return fig


def cloud_figure(cloud: analysis.Cloud, *, lang: str, projector: bool = False, extent: float = 3.0) -> go.Figure:
    """Input cloud and each method's outputs (2 × 2 panels), every point coloured by its input's direction."""
    s = sizes(projector)
    t = lambda key, **kw: translate(lang, key, **kw)  # noqa: E731
    panels = ["input", *METHODS]
    titles = [method_name(p, lang) for p in panels]
    three = cloud.dim == 3
    spec = {"type": "scene"} if three else {"type": "xy"}
    fig = make_subplots(rows=2, cols=2, subplot_titles=titles, specs=[[spec, spec], [spec, spec]],
                        horizontal_spacing=0.08, vertical_spacing=0.06 if three else 0.12)
    fig.update_layout(**base_layout(
        lang, projector, height=(1100 if projector else 900) if three else (1000 if projector else 820),
        legend=dict(orientation="h", x=0.0, y=-0.05, xanchor="left", yanchor="top"),
        coloraxis=dict(colorscale=DIRECTION_SCALE, cmin=0.0, cmax=2.0 * math.pi,
                       colorbar=dict(title=dict(text=t(f"info.fig.cloud.colorbar{3 if three else 2}")),
                                     tickvals=np.array([0.0, math.pi / 2, math.pi, 1.5 * math.pi, 2 * math.pi]),
                                     ticktext=["0", "π/2", "π", "3π/2", "2π"], len=0.6)),
        margin=dict(l=10, r=10, t=50, b=10),
    ))
    subplot_titles_font(fig, projector)
    for i, panel in enumerate(panels):
        row, col = divmod(i, 2)
        pts = cloud.inputs if panel == "input" else cloud.outputs[panel]
        keep = np.all(np.isfinite(pts), axis=1)
        marker = dict(color=cloud.hue[keep], coloraxis="coloraxis", size=s["marker"] * (0.45 if three else 0.7),
                      line=dict(color="white", width=0 if three else 0.5))
        name = t("info.fig.cloud.points", method=method_name(panel, lang))
        if three:
            fig.add_trace(go.Scatter3d(x=pts[keep, 0], y=pts[keep, 1], z=pts[keep, 2], mode="markers",
                                       meta=f"cloud_{panel}", name=name, marker=marker, showlegend=False,
                                       hoverinfo="skip"), row=row + 1, col=col + 1)
        else:
            fig.add_trace(go.Scatter(x=pts[keep, 0], y=pts[keep, 1], mode="markers", meta=f"cloud_{panel}", name=name,
                                     marker=marker, showlegend=False, hoverinfo="skip"), row=row + 1, col=col + 1)
        fig.add_traces(_cloud_reference(panel, three, lang, projector, show=True), rows=row + 1, cols=col + 1)
    axis = dict(range=[-extent, extent], zeroline=True, zerolinecolor="#BBBBBB", gridcolor="#EEEEEE")
    if three:
        axis3 = dict(axis, tickvals=np.array([-2.0, 0.0, 2.0]), tickfont=dict(size=round(s["font"] * 0.7)))
        scene = dict(xaxis=dict(axis3, title=dict(text="x₁")), yaxis=dict(axis3, title=dict(text="x₂")),
                     zaxis=dict(axis3, title=dict(text="x₃")), aspectmode="cube",
                     camera=dict(eye=dict(x=1.5, y=1.5, z=1.1)))
        fig.update_scenes(scene)
    else:
        fig.update_xaxes(axis, title_text=t("axis.x1"), constrain="domain")
        for k in range(1, 5):
            fig.update_yaxes(axis, title_text=t("axis.x2"), scaleanchor=f"x{'' if k == 1 else k}", scaleratio=1,
                             constrain="domain", row=(k - 1) // 2 + 1, col=(k - 1) % 2 + 1)
    return fig


def _cloud_reference(panel: str, three: bool, lang: str, projector: bool, show: bool) -> list:
    """The set each method lands on: a circle in 2D (two points for LayerNorm), a circle in 3D."""
    s = sizes(projector)
    t = lambda key, **kw: translate(lang, key, **kw)  # noqa: E731
    if panel == "input":
        return []
    line = dict(color=COLORS[panel], width=s["thin"], dash="dot")
    theta = np.linspace(0.0, 2.0 * math.pi, 121)
    if panel == "ln":
        if not three:
            return [go.Scatter(x=np.array([1.0, -1.0]), y=np.array([-1.0, 1.0]), mode="markers", meta="target_ln",
                               name=t("info.fig.target.ln2"), showlegend=show,
                               marker=dict(symbol="circle-open", size=s["marker"] * 2.2, color=COLORS["ln"],
                                           line=dict(width=s["thin"] + 1)), hoverinfo="skip")]
        e1 = np.array([1.0, -1.0, 0.0]) / math.sqrt(2.0)
        e2 = np.array([1.0, 1.0, -2.0]) / math.sqrt(6.0)
        ring = math.sqrt(3.0) * (np.outer(np.cos(theta), e1) + np.outer(np.sin(theta), e2))
        return [go.Scatter3d(x=ring[:, 0], y=ring[:, 1], z=ring[:, 2], mode="lines", meta="target_ln",
                             name=t("info.fig.target.ln3"), showlegend=show, line=dict(color=COLORS["ln"], width=4),
                             hoverinfo="skip")]
    r = 1.0 if panel == "l2" else math.sqrt(3.0 if three else 2.0)
    name = t("info.fig.target.sphere" if three else "info.fig.target.circle", method=method_name(panel, lang),
             r="1" if panel == "l2" else ("√3" if three else "√2"))
    if three:  # three great circles of the sphere: light enough to see the points through
        rings = []
        for a, b in ((0, 1), (0, 2), (1, 2)):
            ring = np.zeros((theta.size, 3))
            ring[:, a], ring[:, b] = r * np.cos(theta), r * np.sin(theta)
            rings.append(ring)
            rings.append(np.full((1, 3), np.nan))
        ring = np.concatenate(rings)
        return [go.Scatter3d(x=ring[:, 0], y=ring[:, 1], z=ring[:, 2], mode="lines", meta=f"target_{panel}", name=name,
                             showlegend=show, line=dict(color=COLORS[panel], width=2), hoverinfo="skip")]
    return [go.Scatter(x=r * np.cos(theta), y=r * np.sin(theta), mode="lines", meta=f"target_{panel}", name=name,
                       showlegend=show, line=line, hoverinfo="skip")]


SIMILARITY_PANELS = (
    ("cos_in", "info.fig.sim.cos_in"), ("cos_l2", "info.fig.sim.cos_l2"), ("cos_rms", "info.fig.sim.cos_rms"),
    ("corr", "info.fig.sim.corr"), ("cos_ln", "info.fig.sim.cos_ln"), ("ln_minus_cos", "info.fig.sim.ln_minus_cos"),
)


def similarity_matrices(sim: analysis.Similarity) -> dict[str, np.ndarray]:
    return {
        "cos_in": sim.cos_in, "cos_l2": sim.cos_out["l2"], "cos_rms": sim.cos_out["rms"],
        "corr": sim.corr, "cos_ln": sim.cos_out["ln"], "ln_minus_cos": sim.cos_out["ln"] - sim.cos_in,
    }


def similarity_figure(sim: analysis.Similarity, *, lang: str, projector: bool = False) -> go.Figure:
    """Six heat maps on one colour scale [−1, 1]: the top row agrees (cosine kept by L2/RMSNorm),
    the bottom row's first two agree (LayerNorm's cosine is the Pearson correlation)."""
    s = sizes(projector)
    t = lambda key, **kw: translate(lang, key, **kw)  # noqa: E731
    mats = similarity_matrices(sim)
    fig = make_subplots(rows=2, cols=3, subplot_titles=[t(key) for _, key in SIMILARITY_PANELS],
                        horizontal_spacing=0.05, vertical_spacing=0.14)
    fig.update_layout(**base_layout(
        lang, projector, height=820 if projector else 640,
        coloraxis=dict(colorscale=SIMILARITY_SCALE, cmin=-1.0, cmax=1.0,
                       colorbar=dict(title=dict(text=t("info.fig.sim.colorbar")), len=0.8)),
        margin=dict(l=10, r=10, t=60, b=10),
    ))
    subplot_titles_font(fig, projector)
    labels = np.array([f"x{subscript(i + 1)}" for i in range(sim.rows.shape[0])])
    for i, (role, key) in enumerate(SIMILARITY_PANELS):
        row, col = divmod(i, 3)
        z = mats[role]
        fig.add_trace(go.Heatmap(
            z=z, x=labels, y=labels, coloraxis="coloraxis", meta=f"sim_{role}", name=t(key),
            text=np.vectorize(_cell)(z),
            texttemplate="%{text}" if z.shape[0] <= 8 else None, textfont=dict(size=s["font"] * 0.7),
            hovertemplate="%{y} · %{x}: %{z:.6f}<extra></extra>", xgap=1, ygap=1,
        ), row=row + 1, col=col + 1)
    fig.update_yaxes(autorange="reversed", scaleanchor="x", constrain="domain")
    for k in range(2, 7):
        fig.update_yaxes(scaleanchor=f"x{k}", row=(k - 1) // 3 + 1, col=(k - 1) % 3 + 1)
    fig.update_xaxes(constrain="domain", side="bottom")
    return fig


def _cell(v: float) -> str:
    if not np.isfinite(v):
        return "NaN"
    text = f"{v:.2f}"
    return "0.00" if text == "-0.00" else text
