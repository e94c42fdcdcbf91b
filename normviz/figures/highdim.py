"""Pictures beyond three dimensions: the n = 4 hyperplane, histograms, singular values, PCA, concentration.

Every builder takes the plain data of ``normviz.sampling`` and returns a
``go.Figure``. What is exact and what is a projection is said in the trace
names: at n = 4 LayerNorm's outputs in a basis of the hyperplane sum(y) = 0 are
exact; everything else drawn in fewer than n coordinates is a projection.
Traces carry ``meta`` naming their role.
"""

from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from normviz import geometry as geo
from normviz import sampling as smp
from normviz.figures._style import COLORS, base_layout, method_name, sizes
from normviz.i18n import translate

SPHERE_MESH = (25, 41)
N4_RANGE = 2.4  # half-width of the n = 4 view: just outside the radius-2 sphere


def _names(lang: str, clouds) -> list[str]:
    return [method_name(c, lang) for c in clouds]


def _fmt(value: float) -> str:
    return f"{value:.4g}"


# --- n = 4: the hyperplane in an orthonormal basis ----------------------------------------------


def hyperplane_figure(view: smp.HyperplaneView, *, lang: str, projector: bool = False) -> go.Figure:
    """LayerNorm's n = 4 outputs in the basis (e1, e2, e3) of sum(y) = 0, on the radius-2 sphere,
    with the other clouds' projections onto the same hyperplane (labelled as projections)."""
    s = sizes(projector)
    t = lambda key, **kw: translate(lang, key, **kw)  # noqa: E731
    rows, cols = SPHERE_MESH
    mesh = geo.sphere_mesh(2.0, rows=rows, cols=cols).astype(np.float32)
    traces = [go.Surface(
        x=mesh[0], y=mesh[1], z=mesh[2], name=t("highdim.fig.n4.sphere"), meta="sphere_2", showlegend=True,
        showscale=False, colorscale=[[0, COLORS["ln"]], [1, COLORS["ln"]]], opacity=0.12, hoverinfo="skip",
        lighting=dict(ambient=0.8, diffuse=0.3, specular=0.05),
    )]
    order = [c for c in ("ln", "rms", "l2", "input") if c in view.coords]
    for cloud in order:
        exact = cloud == "ln"
        # LayerNorm's points keep float64 (they are the exact claim); projections are display only
        pts = view.coords[cloud] if exact else view.coords[cloud].astype(np.float32)
        name = t("highdim.fig.n4.exact" if exact else "highdim.fig.n4.projected", method=method_name(cloud, lang))
        traces.append(go.Scatter3d(
            x=pts[:, 0], y=pts[:, 1], z=pts[:, 2], mode="markers", name=name, meta=f"points_{cloud}",
            marker=dict(size=s["marker"] * (0.4 if exact else 0.25), color=COLORS[cloud],
                        opacity=0.9 if exact else 0.45, symbol="circle" if exact else "diamond"),
            visible=True if cloud in ("ln", "rms") else "legendonly",
            hovertemplate="(%{x:.4f}, %{y:.4f}, %{z:.4f})<extra>" + method_name(cloud, lang) + "</extra>",
        ))

    def axis(i: int) -> dict:
        return dict(range=[-N4_RANGE, N4_RANGE], autorange=False, title=dict(text=t("highdim.fig.axis.e", i="₀₁₂₃"[i])),
                    backgroundcolor="#F7F7F7", gridcolor="#E2E2E2", showspikes=False)

    fig = go.Figure(data=traces, layout=base_layout(
        lang, projector,
        title=dict(text=t("highdim.fig.n4.title"), x=0.01, xanchor="left"),
        scene=dict(xaxis=axis(1), yaxis=axis(2), zaxis=axis(3), aspectmode="cube",
                   camera=dict(eye=dict(x=1.5, y=-1.2, z=0.8), up=dict(x=0, y=0, z=1), center=dict(x=0, y=0, z=0))),
        height=760 if projector else 600,
        legend=dict(orientation="h", x=0.0, y=0.0, xanchor="left", yanchor="top", itemsizing="constant",
                    bgcolor="rgba(255,255,255,0.8)"),
        margin=dict(l=0, r=0, t=50, b=10),
    ))
    return fig


# --- any n: histograms of norms and means ---------------------------------------------------------


def _bars(hist: smp.Histogram, *, name: str, meta: str, color: str, showlegend: bool) -> go.Bar:
    edges = hist.edges
    return go.Bar(x=0.5 * (edges[:-1] + edges[1:]), y=hist.counts.astype(np.float64), width=np.diff(edges),
                  name=name, meta=meta, marker=dict(color=color, line=dict(width=0)), opacity=0.85,
                  showlegend=showlegend, legendgroup=meta.split("_")[-1],
                  hovertemplate="%{x:.6g}: %{y}<extra>" + name + "</extra>")


def distributions_figure(summary: smp.CloudSummary, *, lang: str, projector: bool = False) -> go.Figure:
    """Histograms of ||y|| (top row) and mean(y) (bottom row), one column per cloud, with the
    targets marked: sqrt(n) * component RMS for the input, 1 for L2, sqrt(n) for RMSNorm and LayerNorm."""
    s = sizes(projector)
    t = lambda key, **kw: translate(lang, key, **kw)  # noqa: E731
    clouds = summary.clouds
    n = summary.spec.n
    targets = {"input": smp.expected_norm(summary.spec), "l2": 1.0, "rms": math.sqrt(n), "ln": math.sqrt(n)}
    titles = [
        f"{method_name(c, lang)}<br><span style='font-size:0.8em'>"
        + (t("highdim.fig.hist.expected", value=_fmt(targets[c])) if c == "input"
           else t("highdim.fig.hist.target", value=_fmt(targets[c])))
        + "</span>"
        for c in clouds
    ]
    fig = make_subplots(rows=2, cols=len(clouds), subplot_titles=titles, vertical_spacing=0.3 if projector else 0.2,
                        horizontal_spacing=0.06)
    for col, cloud in enumerate(clouds, start=1):
        name = method_name(cloud, lang)
        fig.add_trace(_bars(summary.norms[cloud], name=name, meta=f"hist_norm_{cloud}", color=COLORS[cloud],
                            showlegend=False), row=1, col=col)
        fig.add_trace(_bars(summary.means[cloud], name=name, meta=f"hist_mean_{cloud}", color=COLORS[cloud],
                            showlegend=False), row=2, col=col)
        fig.add_vline(x=targets[cloud], row=1, col=col, line=dict(color=COLORS["reference"], dash="dash",
                                                                     width=s["thin"]))
        fig.update_xaxes(title_text=t("highdim.fig.hist.norm"), row=1, col=col, exponentformat="power", nticks=5)
        fig.update_xaxes(title_text=t("highdim.fig.hist.mean"), row=2, col=col, exponentformat="power", nticks=5)
    fig.update_yaxes(title_text=t("highdim.fig.hist.count"), col=1)
    fig.update_layout(**base_layout(lang, projector, height=760 if projector else 540, showlegend=False,
                                    bargap=0.0, margin=dict(l=10, r=10, t=70, b=10)))
    return fig


# --- singular values ------------------------------------------------------------------------------


def singular_values_figure(summary: smp.CloudSummary, *, lang: str, projector: bool = False) -> go.Figure:
    """The singular values of each N x n cloud on a log scale; values at or below the rounding floor
    (zero to rounding: LayerNorm's, along 1, when N >= n) are drawn on the floor with their own marker."""
    s = sizes(projector)
    t = lambda key, **kw: translate(lang, key, **kw)  # noqa: E731
    fig = go.Figure()
    floors = []
    for cloud in summary.clouds:
        sv = summary.singular_values[cloud]
        floor = smp.rounding_floor(sv)
        if np.any(sv <= floor):
            floors.append(floor)
        k = np.arange(1, len(sv) + 1, dtype=np.float64)
        above = sv > floor
        name = method_name(cloud, lang)
        fig.add_trace(go.Scatter(
            x=k[above], y=sv[above], mode="lines+markers" if len(sv) <= 64 else "lines", name=name,
            meta=f"sv_{cloud}", line=dict(color=COLORS[cloud], width=s["line"]),
            marker=dict(size=s["marker"] * 0.6, color=COLORS[cloud]),
            hovertemplate="σ%{x} = %{y:.6g}<extra>" + name + "</extra>",
        ))
        if not np.all(above):
            fig.add_trace(go.Scatter(
                x=k[~above], y=np.full(int((~above).sum()), floor), mode="markers",
                name=t("highdim.fig.sv.zero", method=name), meta=f"sv_zero_{cloud}",
                marker=dict(size=s["marker"] * 1.6, color=COLORS[cloud], symbol="triangle-down",
                            line=dict(color="white", width=1)),
                hovertemplate="σ%{x} ≤ %{y:.2g}<extra>" + name + "</extra>",
            ))
    floor = max(floors) if floors else 0.0
    if floor > 0 and any(t_.meta.startswith("sv_zero_") for t_ in fig.data):
        fig.add_hline(y=floor, line=dict(color=COLORS["reference"], dash="dot", width=s["thin"]))
        # on a log axis an annotation's y is log10 of the value
        fig.add_annotation(x=0.0, xref="paper", y=math.log10(floor), yref="y", text=t("highdim.fig.sv.floor"),
                           showarrow=False, xanchor="left", yanchor="bottom",
                           font=dict(size=s["font"] * 0.75, color=COLORS["reference"]))
    fig.update_layout(**base_layout(
        lang, projector, height=560 if projector else 440,
        xaxis=dict(title=dict(text=t("highdim.fig.sv.index"))),
        yaxis=dict(title=dict(text=t("highdim.fig.sv.value")), type="log", exponentformat="power"),
        legend=dict(orientation="h", x=0.0, y=1.02, xanchor="left", yanchor="bottom", itemsizing="constant"),
        margin=dict(l=10, r=10, t=60, b=10),
    ))
    return fig


# --- PCA --------------------------------------------------------------------------------------------


def pca_figure(summary: smp.CloudSummary, *, lang: str, projector: bool = False) -> go.Figure:
    """Each cloud (centred) projected onto its own first two principal axes, equal scales per panel."""
    s = sizes(projector)
    t = lambda key, **kw: translate(lang, key, **kw)  # noqa: E731
    clouds = summary.clouds
    fig = make_subplots(rows=1, cols=len(clouds), subplot_titles=_names(lang, clouds), horizontal_spacing=0.08)
    for col, cloud in enumerate(clouds, start=1):
        pca = summary.pca[cloud]
        name = method_name(cloud, lang)
        coords = pca.coords.astype(np.float32)  # display only: halves the figure
        fig.add_trace(go.Scatter(
            x=coords[:, 0], y=coords[:, 1], mode="markers", name=name, meta=f"pca_{cloud}",
            marker=dict(size=s["marker"] * 0.45, color=COLORS[cloud], opacity=0.6), showlegend=False,
            hovertemplate="(%{x:.4g}, %{y:.4g})<extra>" + name + "</extra>",
        ), row=1, col=col)
        share = [f"{100 * v:.1f}" for v in pca.explained]
        fig.update_xaxes(title_text=t("highdim.fig.pca.axis", i=1, share=share[0]), row=1, col=col,
                         exponentformat="power")
        axis_id = "x" if col == 1 else f"x{col}"
        fig.update_yaxes(title_text=t("highdim.fig.pca.axis", i=2, share=share[1]), row=1, col=col,
                         scaleanchor=axis_id, scaleratio=1, exponentformat="power")
    fig.update_layout(**base_layout(
        lang, projector, height=480 if projector else 380, showlegend=False,
        title=dict(text=t("highdim.fig.pca.title", n=summary.spec.n), x=0.01, xanchor="left"),
        margin=dict(l=10, r=10, t=80, b=10),
    ))
    return fig


# --- concentration of measure ---------------------------------------------------------------------


def concentration_figure(conc: smp.Concentration, *, n: int, lang: str, projector: bool = False) -> go.Figure:
    """||x|| / sqrt(n) against n (quantile band, median, the component RMS it tends to) next to the
    outputs' exact value 1, and the relative spread against the Gaussian 1/sqrt(2n)."""
    s = sizes(projector)
    t = lambda key, **kw: translate(lang, key, **kw)  # noqa: E731
    dims = conc.dims
    fig = make_subplots(rows=2, cols=1, vertical_spacing=0.16, shared_xaxes=True)
    fig.add_trace(go.Scatter(
        x=np.concatenate([dims, dims[::-1]]), y=np.concatenate([conc.q95, conc.q05[::-1]]), fill="toself",
        mode="lines", line=dict(width=0), fillcolor="rgba(0,0,0,0.15)", name=t("highdim.fig.conc.band"),
        meta="conc_band", hoverinfo="skip",
    ), row=1, col=1)
    fig.add_trace(go.Scatter(x=dims, y=conc.median, mode="lines+markers", name=t("highdim.fig.conc.median"),
                             meta="conc_median", line=dict(color=COLORS["input"], width=s["line"]),
                             marker=dict(size=s["marker"] * 0.6)), row=1, col=1)
    fig.add_trace(go.Scatter(x=dims[[0, -1]], y=np.full(2, conc.target), mode="lines",
                             name=t("highdim.fig.conc.target", value=_fmt(conc.target)), meta="conc_target",
                             line=dict(color=COLORS["reference"], dash="dash", width=s["thin"])), row=1, col=1)
    fig.add_trace(go.Scatter(x=dims[[0, -1]], y=np.ones(2), mode="lines", name=t("highdim.fig.conc.outputs"),
                             meta="conc_outputs", line=dict(color=COLORS["ln"], width=s["line"])), row=1, col=1)
    fig.add_trace(go.Scatter(x=dims, y=conc.relative_std, mode="lines+markers", name=t("highdim.fig.conc.relative"),
                             meta="conc_relative", line=dict(color=COLORS["input"], width=s["line"]),
                             marker=dict(size=s["marker"] * 0.6), showlegend=False), row=2, col=1)
    if conc.theory is not None:
        fig.add_trace(go.Scatter(x=dims, y=conc.theory / np.sqrt(dims), mode="lines",
                                 name=t("highdim.fig.conc.theory", c=_fmt(conc.theory)), meta="conc_theory",
                                 line=dict(color=COLORS["reference"], dash="dot", width=s["thin"])), row=2, col=1)
    for row in (1, 2):
        fig.add_vline(x=n, row=row, col=1, line=dict(color=COLORS["decomposition"], width=s["thin"]))
    fig.add_annotation(x=math.log10(n), y=1.0, xref="x", yref="paper", text=t("highdim.fig.conc.current", n=n),
                       showarrow=False, xanchor="left", yanchor="bottom", font=dict(size=s["font"] * 0.8,
                                                                                     color=COLORS["decomposition"]))
    span = [math.log10(dims[0]) - 0.1, math.log10(dims[-1]) + 0.1]
    fig.update_xaxes(type="log", range=span, exponentformat="power", dtick=math.log10(2) * 2, tickformat="d")
    fig.update_xaxes(title_text=t("highdim.fig.conc.n"), row=2, col=1)
    fig.update_yaxes(title_text=t("highdim.fig.conc.ratio"), row=1, col=1)
    fig.update_yaxes(title_text=t("highdim.fig.conc.relative"), type="log", exponentformat="power", row=2, col=1)
    fig.update_layout(**base_layout(
        lang, projector, height=660 if projector else 540,
        legend=dict(orientation="h", x=0.0, y=1.02, xanchor="left", yanchor="bottom", itemsizing="constant"),
        margin=dict(l=10, r=10, t=80, b=10),
    ))
    return fig
