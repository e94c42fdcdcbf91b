"""Invariances: distance maps over (a, c), the (1,2,3) vs (101,102,103) counterfactual,
and the softmax that saturates without the division by σ.

Data come from ``normviz.analysis``; traces carry ``meta`` roles.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from normviz import analysis
from normviz.figures._legend import legend_below, subplot_titles_font
from normviz.figures._style import COLORS, base_layout, method_name, sizes, subscript
from normviz.i18n import translate
from normviz.norms import METHODS

DISTANCE_SCALE = "Cividis"  # sequential, readable with the common colour-vision deficiencies
LOG_FLOOR = -17.0  # log10 of the smallest distance drawn; exact zeros are drawn here
LOG_TICKS = (-16.0, -12.0, -8.0, -4.0, 0.0)


def distance_figure(grid: analysis.InvarianceGrid, a: float, c: float, *, lang: str,
                    projector: bool = False) -> go.Figure:
    """‖f(a·x + c·1) − f(x)‖ / radius for each method over the (a, c) grid; the current (a, c) marked.

    The colour is log10 of the distance, so rounding noise (1e-16), an ε effect
    (1e-6) and a real drift (0.1) look different; the hover shows the distance.
    """
    s = sizes(projector)
    t = lambda key, **kw: translate(lang, key, **kw)  # noqa: E731
    fig = make_subplots(rows=1, cols=3, subplot_titles=[method_name(m, lang) for m in METHODS],
                        horizontal_spacing=0.06, shared_yaxes=True)
    fig.update_layout(**base_layout(
        lang, projector, **legend_below(projector, plot_height=420 if projector else 330, entries=1),
        coloraxis=dict(colorscale=DISTANCE_SCALE, cmin=LOG_FLOOR, cmax=float(np.log10(2.0)),
                       colorbar=dict(title=dict(text=t("inv.fig.dist.colorbar")), len=0.9,
                                     tickvals=np.array(LOG_TICKS), ticktext=[f"1e{v:.0f}" for v in LOG_TICKS])),
    ))
    subplot_titles_font(fig, projector)
    for col, m in enumerate(METHODS, start=1):
        fig.add_trace(go.Heatmap(
            # float32 log distances: a third of the float64 payload of z plus hover data, same picture
            x=grid.a, y=grid.c, z=log_z(grid.distance[m]), coloraxis="coloraxis", meta=f"distance_{m}",
            name=method_name(m, lang), zsmooth=False,
            hovertemplate="a = %{x:.2f}, c = %{y:.1f}: log₁₀(d/r) = %{z:.1f}<extra>" + method_name(m, lang)
            + "</extra>",
        ), row=1, col=col)
        fig.add_trace(go.Scatter(
            x=np.array([float(a)]), y=np.array([float(c)]), mode="markers", meta=f"current_{m}",
            name=t("inv.fig.dist.current"), legendgroup="current", showlegend=col == 1,
            marker=dict(symbol="x-thin", size=s["marker"] * 1.6, color="white",
                        line=dict(color="#D55E00", width=s["thin"] + 1.5)),
            hovertemplate="a = %{x:.2f}, c = %{y:.2f}<extra></extra>",
        ), row=1, col=col)
        fig.update_xaxes(title_text=t("inv.fig.dist.x"), range=[grid.a[0], grid.a[-1]], row=1, col=col)
    fig.update_yaxes(title_text=t("inv.fig.dist.y"), range=[grid.c[0], grid.c[-1]], row=1, col=1)
    return fig


def log_z(dist: np.ndarray) -> np.ndarray:
    """log10 of the distances as float32, clipped at ``LOG_FLOOR``; NaN (0/0) stays NaN: a hole in the map."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.log10(np.maximum(dist, 10.0 ** LOG_FLOOR)).astype(np.float32)


def counterfactual_figure(rows, *, lang: str, projector: bool = False) -> go.Figure:
    """Components of RMSNorm and LayerNorm of x and of x + shift·1, as grouped bars."""
    s = sizes(projector)
    t = lambda key, **kw: translate(lang, key, **kw)  # noqa: E731
    base, shifted = rows
    n = base.x.size
    comps = np.array([f"y{subscript(i + 1)}" for i in range(n)])
    fig = go.Figure(layout=base_layout(
        lang, projector, barmode="group",
        title=dict(text=t("inv.fig.cf.title"), x=0.01, xanchor="left"),
        xaxis=dict(title=dict(text=t("inv.fig.cf.x"))),
        yaxis=dict(title=dict(text=t("inv.fig.cf.y")), range=_bar_range(rows)),
        **legend_below(projector, plot_height=380 if projector else 280, entries=4),
    ))
    series = [
        ("rms_base", method_name("rms", lang), _vec(base.x), base.rms_out, COLORS["rms"], ""),
        ("rms_shifted", method_name("rms", lang), _vec(shifted.x), shifted.rms_out, COLORS["rms"], "/"),
        ("ln_base", method_name("ln", lang), _vec(base.x), base.ln_out, COLORS["ln"], ""),
        ("ln_shifted", method_name("ln", lang), _vec(shifted.x), shifted.ln_out, COLORS["ln"], "/"),
    ]
    for role, method, x, values, color, pattern in series:
        fig.add_trace(go.Bar(
            x=comps, y=np.asarray(values, dtype=np.float64), meta=role, name=f"{method}{x}",
            marker=dict(color=color, pattern=dict(shape=pattern, fgcolor="white"), line=dict(color=color, width=1)),
            hovertemplate="%{x}: %{y:.4f}<extra>" + f"{method}{x}" + "</extra>",
            textfont=dict(size=s["font"] * 0.8),
        ))
    return fig


def _bar_range(rows) -> list[float]:
    vals = np.concatenate([np.concatenate([r.rms_out, r.ln_out]) for r in rows])
    vals = vals[np.isfinite(vals)]
    top = max(1.6, float(np.max(np.abs(vals))) * 1.15) if vals.size else 1.6
    return [-top, top]


def softmax_figure(demo: analysis.ScaleDemo, curve, *, lang: str, projector: bool = False) -> go.Figure:
    """Left: softmax probabilities at scale s, centring only vs LayerNorm. Right: the largest probability
    against s (log axis): centring only saturates to 1 (one-hot), LayerNorm stays put."""
    s = sizes(projector)
    t = lambda key, **kw: translate(lang, key, **kw)  # noqa: E731
    scales, pmax_centered, pmax_ln = curve
    fig = make_subplots(rows=1, cols=2, column_widths=[0.45, 0.55], horizontal_spacing=0.1,
                        subplot_titles=[t("inv.fig.sm.bars", s=f"{demo.scale:g}"), t("inv.fig.sm.curve")])
    fig.update_layout(**base_layout(
        lang, projector, barmode="group",
        **legend_below(projector, plot_height=380 if projector else 290, entries=3, columns=3 if not projector else 2),
    ))
    subplot_titles_font(fig, projector)
    labels = np.array([f"z{subscript(i + 1)}" for i in range(demo.probs_ln.size)])
    centred_color = COLORS["decomposition"]
    fig.add_trace(go.Bar(x=labels, y=demo.probs_centered, meta="probs_centered", name=t("inv.fig.sm.centered"),
                         legendgroup="centered", marker=dict(color=centred_color),
                         customdata=demo.logits_centered,
                         hovertemplate="%{x} = %{customdata:.4g} → p = %{y:.4f}<extra></extra>"), row=1, col=1)
    fig.add_trace(go.Bar(x=labels, y=demo.probs_ln, meta="probs_ln", name=t("inv.fig.sm.ln"),
                         legendgroup="ln", marker=dict(color=COLORS["ln"]), customdata=demo.logits_ln,
                         hovertemplate="%{x} = %{customdata:.4g} → p = %{y:.4f}<extra></extra>"), row=1, col=1)
    fig.add_trace(go.Scatter(x=scales, y=pmax_centered, mode="lines", meta="curve_centered",
                             name=t("inv.fig.sm.centered"), legendgroup="centered", showlegend=False,
                             line=dict(color=centred_color, width=s["line"])), row=1, col=2)
    fig.add_trace(go.Scatter(x=scales, y=pmax_ln, mode="lines", meta="curve_ln", name=t("inv.fig.sm.ln"),
                             legendgroup="ln", showlegend=False, line=dict(color=COLORS["ln"], width=s["line"])),
                  row=1, col=2)
    fig.add_trace(go.Scatter(
        x=np.array([demo.scale, demo.scale]), y=np.array([demo.probs_centered.max(), demo.probs_ln.max()]),
        mode="markers", meta="curve_current", name=t("inv.fig.sm.current", s=f"{demo.scale:g}"),
        marker=dict(color=np.array([centred_color, COLORS["ln"]]), size=s["marker"] * 1.4,
                    line=dict(color="black", width=1)),
    ), row=1, col=2)
    fig.update_yaxes(title_text=t("inv.fig.sm.p"), range=[0, 1.05], row=1, col=1)
    fig.update_xaxes(title_text=t("inv.fig.sm.logit"), row=1, col=1)
    fig.update_yaxes(title_text=t("inv.fig.sm.pmax"), range=[0.3, 1.03], row=1, col=2)
    fig.update_xaxes(title_text=t("inv.fig.sm.scale"), type="log",
                     range=[np.log10(scales[0]) - 0.1, np.log10(scales[-1]) + 0.1],
                     exponentformat="power", row=1, col=2)
    return fig


def _vec(v) -> str:
    return "(" + ", ".join(f"{c:g}" for c in v) + ")"
