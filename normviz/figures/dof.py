"""Degrees of freedom: the Jacobian's smallest singular values, the fraction kept, the n = 2 extreme.

Data come from ``normviz.analysis`` (rank checks, the kept-fraction curve,
a direction cloud); these builders only draw. Traces carry ``meta`` roles.
"""

from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go

from normviz import analysis
from normviz.figures._legend import legend_below
from normviz.figures._style import COLORS, DASHES, base_layout, method_name, sizes
from normviz.i18n import translate
from normviz.norms import METHODS

FLOOR = 1e-18  # exact zeros are drawn here on the log axis
X_OFFSET = {"l2": -0.15, "rms": 0.0, "ln": 0.15}  # L2 and RMSNorm coincide; shift them apart


def spectrum_figure(checks: dict[str, analysis.RankCheck], *, lang: str, projector: bool = False) -> go.Figure:
    """The smallest singular values of each method's Jacobian (units of 1/s, log scale) and the tolerance."""
    s = sizes(projector)
    t = lambda key, **kw: translate(lang, key, **kw)  # noqa: E731
    tail = max(len(c.smallest) for c in checks.values())
    fig = go.Figure(layout=base_layout(
        lang, projector,
        title=dict(text=t("dof.fig.spectrum.title", n=next(iter(checks.values())).n), x=0.01, xanchor="left"),
        xaxis=dict(title=dict(text=t("dof.fig.spectrum.x")), range=[0.5, tail + 0.5], tickmode="linear", dtick=1),
        yaxis=dict(title=dict(text=t("dof.fig.spectrum.y")), type="log", range=[-18.5, 1], exponentformat="power"),
        **legend_below(projector, plot_height=420 if projector else 300, entries=4, columns=1),
    ))
    tol = max(c.tol for c in checks.values())
    fig.add_trace(go.Scatter(
        x=np.array([0.5, tail + 0.5]), y=np.array([tol, tol]), mode="lines", meta="tolerance",
        name=t("dof.fig.spectrum.tol", tol=f"{tol:.1e}"),
        line=dict(color=COLORS["reference"], width=s["thin"], dash="dash"), hoverinfo="name",
    ))
    for m in METHODS:
        if m not in checks:
            continue
        c = checks[m]
        values = np.asarray(c.smallest, dtype=np.float64)
        shown = np.where(values > FLOOR, values, FLOOR)
        k = np.arange(1, values.size + 1, dtype=np.float64) + X_OFFSET[m]
        fig.add_trace(go.Scatter(
            x=k, y=shown, mode="lines+markers", meta=f"spectrum_{m}",
            name=t("dof.fig.spectrum.trace", method=method_name(m, lang), lost=c.lost),
            line=dict(color=COLORS[m], width=s["thin"], dash=DASHES[m]),
            marker=dict(color=COLORS[m], size=s["marker"], symbol={"l2": "circle", "rms": "square", "ln": "diamond"}[m]),
            customdata=values, hovertemplate="σ = %{customdata:.3e}<extra>" + method_name(m, lang) + "</extra>",
        ))
    return fig


def fraction_figure(n: int, *, lang: str, projector: bool = False) -> go.Figure:
    """(n − 1)/n and (n − 2)/n against n on a log axis, with the current n marked."""
    s = sizes(projector)
    t = lambda key, **kw: translate(lang, key, **kw)  # noqa: E731
    ns, fractions = analysis.kept_fraction_curve()
    ticks = [2, 8, 32, 128, 512, 2048, 8192]
    fig = go.Figure(layout=base_layout(
        lang, projector,
        title=dict(text=t("dof.fig.fraction.title"), x=0.01, xanchor="left"),
        xaxis=dict(title=dict(text=t("dof.fig.fraction.x")), type="log",
                   range=[math.log10(1.8), math.log10(analysis.N_MAX * 1.15)],
                   tickvals=np.array(ticks, dtype=np.float64), ticktext=[str(v) for v in ticks]),
        yaxis=dict(title=dict(text=t("dof.fig.fraction.y")), range=[-3, 103], ticksuffix=" %"),
        **legend_below(projector, plot_height=420 if projector else 300, entries=4),
    ))
    for m in METHODS:
        fig.add_trace(go.Scatter(
            x=ns, y=100.0 * fractions[m], mode="lines", meta=f"fraction_{m}", name=method_name(m, lang),
            line=dict(color=COLORS[m], width=s["line"], dash=DASHES[m]),
            hovertemplate="n = %{x:.0f}: %{y:.3f} %<extra>" + method_name(m, lang) + "</extra>",
        ))
    rows = [r for r in analysis.dof_table(n) if r.method != "input"]
    side = "left" if n > 1000 else "right"  # keep the labels off the y axis and inside the figure
    fig.add_trace(go.Scatter(
        x=np.full(len(rows), float(n)), y=np.array([100.0 * r.fraction for r in rows]), mode="markers+text",
        meta="current", name=t("dof.fig.fraction.current", n=n),
        marker=dict(color=np.array([COLORS[r.method] for r in rows]), size=s["marker"] * 1.4,
                    line=dict(color="black", width=1)),
        text=[f"{100.0 * r.fraction:.2f} %" if r.method != "rms" else "" for r in rows],
        textposition=[f"top {side}", f"top {side}", f"bottom {side}"][: len(rows)], cliponaxis=False,
        hovertemplate="n = %{x:.0f}: %{y:.4f} %<extra></extra>",
    ))
    return fig


def two_dim_figure(cloud: analysis.Cloud, *, lang: str, projector: bool = False, extent: float = 3.2) -> go.Figure:
    """The n = 2 extreme: a cloud of inputs, L2 and RMSNorm on their circles, LayerNorm on two points."""
    s = sizes(projector)
    t = lambda key, **kw: translate(lang, key, **kw)  # noqa: E731
    axis = dict(range=[-extent, extent], zeroline=True, zerolinecolor="#BBBBBB", gridcolor="#EEEEEE")
    fig = go.Figure(layout=base_layout(
        lang, projector,
        title=dict(text=t("dof.fig.n2.title", count=cloud.inputs.shape[0]), x=0.01, xanchor="left"),
        xaxis=dict(axis, title=dict(text=t("axis.x1")), constrain="domain"),
        yaxis=dict(axis, title=dict(text=t("axis.x2")), scaleanchor="x", scaleratio=1, constrain="domain"),
        height=620 if projector else 520,
        legend=dict(orientation="v", x=1.02, y=1.0, xanchor="left", yanchor="top"),
    ))
    theta = np.linspace(0.0, 2.0 * math.pi, 121)
    for radius, m, role in ((1.0, "l2", "circle_unit"), (math.sqrt(2.0), "rms", "circle_sqrt_n")):
        fig.add_trace(go.Scatter(
            x=radius * np.cos(theta), y=radius * np.sin(theta), mode="lines", meta=role,
            name=t("dof.fig.n2.circle", r="1" if radius == 1.0 else "√2"),
            line=dict(color=COLORS[m], width=s["thin"], dash="dot"), hoverinfo="skip",
        ))
    line = np.array([-extent, extent])
    fig.add_trace(go.Scatter(x=line, y=-line, mode="lines", meta="zero_mean_line", name=t("dof.fig.n2.line"),
                             line=dict(color=COLORS["ln"], width=s["thin"], dash="dot"), hoverinfo="skip"))
    fig.add_trace(go.Scatter(
        x=cloud.inputs[:, 0], y=cloud.inputs[:, 1], mode="markers", meta="inputs", name=method_name("input", lang),
        marker=dict(color=COLORS["input"], size=s["marker"] * 0.55, opacity=0.45), hoverinfo="skip",
    ))
    for m in ("l2", "rms"):
        out = cloud.outputs[m]
        fig.add_trace(go.Scatter(
            x=out[:, 0], y=out[:, 1], mode="markers", meta=f"outputs_{m}", name=method_name(m, lang),
            marker=dict(color=COLORS[m], size=s["marker"] * 0.7), hoverinfo="skip",
        ))
    ln = np.round(cloud.outputs["ln"], 9)
    points, counts = np.unique(ln[np.all(np.isfinite(ln), axis=1)], axis=0, return_counts=True)
    fig.add_trace(go.Scatter(
        x=points[:, 0], y=points[:, 1], mode="markers", meta="outputs_ln", name=t("dof.fig.n2.ln", k=len(points)),
        marker=dict(color=COLORS["ln"], size=s["marker"] * 2.2, symbol="diamond", line=dict(color="white", width=1)),
        customdata=counts, hovertemplate="(%{x:.3f}, %{y:.3f}): %{customdata}<extra></extra>",
    ))
    for (px, py), count in zip(points, counts):
        fig.add_annotation(x=px, y=py, text=t("dof.fig.n2.count", count=int(count)), showarrow=False,
                           xanchor="left", xshift=s["marker"] * 1.4, font=dict(color=COLORS["ln"], size=s["font"]),
                           bgcolor="rgba(255,255,255,0.85)")
    return fig
