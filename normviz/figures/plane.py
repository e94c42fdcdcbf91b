"""The 2D plane: the three norms as projections of one vector x = (x1, x2).

``plane_figure(scene, proj, ...)`` draws the unit circle (L2's target), the
circle of radius sqrt(2) (RMSNorm's), the zero-mean line x1 + x2 = 0 and its two
points on that circle (LayerNorm's only outputs), the ray through x, the
decomposition mu*1 + (x - mu*1), an arrow per method, the affine images under
gamma and beta, and plotly frames that animate the projection in the browser.
Traces carry ``meta`` naming their role, so tests need not read translated names.
"""

from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go

from normviz import geometry as geo
from normviz.figures._style import (
    ANIMATION_STEPS,
    COLORS,
    DASHES,
    add_stage_animation,
    arrow_marker,
    arrows_xy,
    base_layout,
    method_name,
    sizes,
    stage_title,
)
from normviz.figures._legend import legend_layout
from normviz.i18n import translate
from normviz.norms import METHODS


def plane_figure(
    scene: geo.Scene,
    proj: geo.Projection,
    *,
    lang: str,
    projector: bool = False,
    extent: float = 10.5,
) -> go.Figure:
    """The plane picture for ``scene``; axis ranges are fixed to ±extent."""
    shown = [m for m in METHODS if m in scene.shown]
    fig = go.Figure(layout=_layout(lang, projector, extent))
    fig.add_traces(_reference_traces(scene, proj, lang, projector, extent))
    fig.add_traces(_arrow_traces(proj, shown, lang, projector))
    paths = {m: geo.projection_path(proj, m, ANIMATION_STEPS) for m in shown}
    fig.update_layout(**add_stage_animation(
        fig, lambda k: _moving_traces(paths, shown, lang, projector, frame=k),
        has_affine=scene.has_affine, lang=lang, projector=projector, title_prefix="plane.stage",
    ))
    entries = sum(trace.showlegend is not False for trace in fig.data)
    fig.update_layout(**legend_layout(projector, plot_height=600 if projector else 520, entries=entries))
    return fig


def _layout(lang: str, projector: bool, extent: float) -> dict:
    axis = dict(range=[-extent, extent], zeroline=True, zerolinecolor="#BBBBBB", showgrid=True,
                gridcolor="#EEEEEE", fixedrange=False)
    return base_layout(
        lang,
        projector,
        title=stage_title(lang, "plane.stage"),
        xaxis=dict(axis, title=dict(text=translate(lang, "axis.x1")), constrain="domain"),
        yaxis=dict(axis, title=dict(text=translate(lang, "axis.x2")), scaleanchor="x", scaleratio=1,
                   constrain="domain"),
    )


def _line(points: np.ndarray, *, name: str, meta: str, color: str, width: float, dash: str = "solid",
          showlegend: bool = True, opacity: float = 1.0) -> go.Scatter:
    return go.Scatter(x=points[:, 0], y=points[:, 1], mode="lines", name=name, meta=meta,
                      line=dict(color=color, width=width, dash=dash), opacity=opacity,
                      showlegend=showlegend, hoverinfo="name")


def _reference_traces(scene, proj, lang, projector, extent) -> list[go.Scatter]:
    s = sizes(projector)
    t = lambda key, **kw: translate(lang, key, **kw)  # noqa: E731
    traces = [
        _line(geo.circle(1.0), name=t("plane.trace.unit_circle"), meta="circle_unit",
              color=COLORS["l2"], width=s["thin"], dash=DASHES["l2"]),
        _line(geo.circle(math.sqrt(2.0)), name=t("plane.trace.sqrt2_circle"), meta="circle_sqrt_n",
              color=COLORS["rms"], width=s["thin"], dash=DASHES["rms"]),
        _line(geo.zero_mean_line_2d(extent), name=t("plane.trace.zero_mean_line"), meta="zero_mean_line",
              color=COLORS["ln"], width=s["thin"], opacity=0.7),
        _line(geo.ray(proj.x, extent), name=t("plane.trace.ray"), meta="ray",
              color=COLORS["reference"], width=s["thin"], dash="dot"),
    ]
    ln_pts = geo.layer_norm_points_2d()
    traces.append(go.Scatter(
        x=ln_pts[:, 0], y=ln_pts[:, 1], mode="markers", name=t("plane.trace.ln_points"), meta="ln_points",
        marker=dict(symbol="circle-open", size=s["marker"] * 1.8, color=COLORS["ln"], line=dict(width=s["thin"] + 1)),
        hovertemplate="(%{x:.3f}, %{y:.3f})<extra></extra>",
    ))
    if scene.has_affine:
        circle = geo.circle(math.sqrt(2.0))
        traces.append(_line(geo.affine(circle, scene.gamma), name=t("plane.trace.rms_ellipse"),
                            meta="ellipse_rms", color=COLORS["rms"], width=s["thin"], dash="dashdot"))
        traces.append(_line(geo.affine(circle, scene.gamma, scene.beta), name=t("plane.trace.ln_ellipse"),
                            meta="ellipse_ln", color=COLORS["ln"], width=s["thin"], dash="dashdot"))
        mapped = geo.affine(ln_pts, scene.gamma, scene.beta)
        traces.append(go.Scatter(
            x=mapped[:, 0], y=mapped[:, 1], mode="markers", name=t("plane.trace.ln_points_affine"),
            meta="ln_points_affine",
            marker=dict(symbol="diamond-open", size=s["marker"] * 1.6, color=COLORS["ln"],
                        line=dict(width=s["thin"] + 1)),
            hovertemplate="(%{x:.3f}, %{y:.3f})<extra></extra>",
        ))
    return traces


def _arrow(start, end, *, name, meta, color, projector, width, dash="solid") -> go.Scatter:
    xs, ys = arrows_xy(start, end)
    count = len(xs) // 3
    return go.Scatter(x=xs, y=ys, mode="lines+markers", name=name, meta=meta,
                      line=dict(color=color, width=width, dash=dash),
                      marker=arrow_marker(color, count, projector),
                      hovertemplate="(%{x:.4f}, %{y:.4f})<extra>" + name + "</extra>")


def _arrow_traces(proj: geo.Projection, shown, lang, projector) -> list[go.Scatter]:
    s = sizes(projector)
    origin = np.zeros(2)
    traces = [
        _arrow([origin, proj.mean_part], [proj.mean_part, proj.x],
               name=translate(lang, "plane.trace.decomposition"), meta="decomposition",
               color=COLORS["decomposition"], projector=projector, width=s["thin"], dash="dash"),
        _arrow(origin, proj.x, name=method_name("input", lang), meta="arrow_input",
               color=COLORS["input"], projector=projector, width=s["line"]),
    ]
    for m in shown:
        traces.append(_arrow(origin, proj.outputs[m], name=method_name(m, lang), meta=f"arrow_{m}",
                             color=COLORS[m], projector=projector, width=s["line"], dash=DASHES[m]))
    return traces


def _moving_traces(paths, shown, lang, projector, *, frame: int) -> list[go.Scatter]:
    """One moving point per method, with a faint stem from the origin."""
    s = sizes(projector)
    traces = []
    for m in shown:
        p = paths[m][frame]
        traces.append(go.Scatter(
            x=np.array([0.0, p[0]]), y=np.array([0.0, p[1]]), mode="lines+markers",
            name=translate(lang, "plane.trace.moving"), meta=f"moving_{m}",
            line=dict(color=COLORS[m], width=s["thin"]), opacity=0.85,
            marker=dict(size=np.array([0.0, s["marker"] * 1.3]), color=COLORS[m],
                        line=dict(color="white", width=1)),
            hoverinfo="skip", legendgroup="moving", showlegend=m == shown[0],
        ))
    return traces

