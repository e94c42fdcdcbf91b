"""The 3D space: the three norms as projections of one vector x = (x1, x2, x3).

``space_figure(scene, proj, ...)`` draws the unit sphere (L2's target) and the
sphere of radius sqrt(3) (RMSNorm's) as translucent surfaces, the zero-mean
plane x1 + x2 + x3 = 0 (a hexagon inside the view box), LayerNorm's circle
(that plane ∩ the sqrt(3) sphere), the direction 1 as a line, the ray through
x, the decomposition mu*1 + (x - mu*1), an arrow (line + cone head) per method,
the ellipsoids gamma ⊙ sphere (+ beta) when the affine map is not the identity,
and plotly frames that animate the projection in the browser.

The axis ranges and the camera are fixed in Python (a rerun never moves the
view); the camera comes from a named preset. Traces carry ``meta`` naming
their role, so tests need not read translated names.
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
    arrows_xy,
    base_layout,
    finite_arrows,
    method_name,
    sizes,
    stage_title,
)
from normviz.figures._legend import legend_below
from normviz.i18n import translate
from normviz.norms import METHODS

SURFACES = ("unit", "sqrt3", "plane")
# Sphere grids: rows x columns of the latitude-longitude mesh (see the size budget in tests).
MESH = (25, 41)
# Camera presets. |eye| = 2.2 in plotly's normalised scene units for all three, so switching
# presets changes the direction of view, not the zoom.
_EYE = 2.2
_S3 = _EYE / math.sqrt(3.0)
_S2 = _EYE / math.sqrt(2.0)
_OBLIQUE = tuple(c / math.hypot(1.55, -1.05, 0.72) for c in (1.55, -1.05, 0.72))  # 1 and the plane both visible
CAMERAS = {
    "oblique": dict(eye=dict(zip("xyz", (_EYE * c for c in _OBLIQUE))), up=dict(x=0.0, y=0.0, z=1.0)),
    # along 1: the plane x1 + x2 + x3 = 0 face-on, LayerNorm's circle round
    "along": dict(eye=dict(x=_S3, y=_S3, z=_S3), up=dict(x=0.0, y=0.0, z=1.0)),
    # edge-on: the eye lies in the plane (direction (1, -1, 0)), 1 points up, the plane is a line
    "edge": dict(eye=dict(x=_S2, y=-_S2, z=0.0), up=dict(x=1.0, y=1.0, z=1.0)),
}


def camera(preset: str) -> dict:
    """scene.camera for a preset name (unknown names give the oblique view)."""
    cam = CAMERAS.get(preset, CAMERAS["oblique"])
    return dict(cam, center=dict(x=0.0, y=0.0, z=0.0), projection=dict(type="perspective"))


def space_figure(
    scene: geo.Scene,
    proj: geo.Projection,
    *,
    lang: str,
    projector: bool = False,
    extent: float = 5.25,
    camera_preset: str = "oblique",
    surfaces=SURFACES,
) -> go.Figure:
    """The 3D picture for ``scene``: axis ranges fixed to ±extent, camera from ``camera_preset``."""
    if scene.n != 3:
        raise ValueError(f"space_figure draws 3-vectors; got n = {scene.n}")
    shown = [m for m in METHODS if m in scene.shown]
    fig = go.Figure(layout=_layout(lang, projector, extent, camera_preset))
    fig.add_traces(_surface_traces(scene, lang, extent, frozenset(surfaces)))
    fig.add_traces(_curve_traces(scene, proj, lang, projector, extent))
    fig.add_traces(_arrow_traces(proj, shown, lang, projector, extent))
    paths = {m: geo.projection_path(proj, m, ANIMATION_STEPS) for m in shown}
    controls = add_stage_animation(
        fig, lambda k: _moving_traces(paths, shown, lang, projector, frame=k),
        has_affine=scene.has_affine, lang=lang, projector=projector, title_prefix="space.stage",
    )
    # Play/pause at the bottom left, beside the step slider: at the top right the 3D modebar,
    # which appears on hover, would cover them.
    slider = controls["sliders"][0]
    controls["updatemenus"][0].update(x=0.0, xanchor="left", y=0.0, yanchor="top",
                                      pad=dict(t=slider["pad"]["t"] - 8, r=10))
    slider.update(x=0.3, len=0.7)
    fig.update_layout(**controls)
    entries = sum(trace.showlegend is not False for trace in fig.data)
    # The legend under the step slider, so the 3D scene keeps the full width: two columns on a
    # screen, one column in projector mode (large type).
    fig.update_layout(**legend_below(projector, plot_height=620 if projector else 560, entries=entries,
                                     gap=10.0, top=3.4, entry_width=None if projector else 19))
    return fig


def _layout(lang: str, projector: bool, extent: float, camera_preset: str) -> dict:
    font = sizes(projector)["font"]

    def axis(key: str) -> dict:
        return dict(range=[-extent, extent], autorange=False,
                    title=dict(text=translate(lang, key), font=dict(size=round(font * 0.85))),
                    tickfont=dict(size=round(font * 0.7)),
                    zeroline=True, zerolinecolor="#999999", showbackground=True, backgroundcolor="#F7F7F7",
                    gridcolor="#E2E2E2", showspikes=False)

    return base_layout(
        lang,
        projector,
        title=stage_title(lang, "space.stage"),
        scene=dict(
            xaxis=axis("axis.x1"), yaxis=axis("axis.x2"), zaxis=axis("axis.x3"),
            aspectmode="cube", camera=camera(camera_preset),
            # Keeps a user's rotation across reruns that keep the preset; a new preset resets it.
            uirevision=f"camera-{camera_preset}",
        ),
    )


def _flat_colorscale(color: str) -> list:
    return [[0.0, color], [1.0, color]]


def _surface(mesh: np.ndarray, *, name: str, meta: str, color: str, opacity: float) -> go.Surface:
    mesh = mesh.astype(np.float32)  # display only: halves the figure's size
    return go.Surface(
        x=mesh[0], y=mesh[1], z=mesh[2], name=name, meta=meta, showlegend=True, showscale=False,
        colorscale=_flat_colorscale(color), opacity=opacity, hoverinfo="skip",
        lighting=dict(ambient=0.75, diffuse=0.35, specular=0.05, roughness=0.9), contours=dict(),
    )


def _surface_traces(scene, lang, extent, surfaces) -> list:
    t = lambda key, **kw: translate(lang, key, **kw)  # noqa: E731
    rows, cols = MESH
    traces = []
    if "unit" in surfaces:
        traces.append(_surface(geo.sphere_mesh(1.0, rows=rows, cols=cols), name=t("space.trace.unit_sphere"),
                               meta="sphere_unit", color=COLORS["l2"], opacity=0.22))
    sqrt3 = geo.sphere_mesh(math.sqrt(3.0), rows=rows, cols=cols)
    if "sqrt3" in surfaces:
        traces.append(_surface(sqrt3, name=t("space.trace.sqrt3_sphere"), meta="sphere_sqrt_n",
                               color=COLORS["rms"], opacity=0.14))
    if "plane" in surfaces:
        vertices, triangles = geo.zero_mean_plane_patch(extent)
        traces.append(go.Mesh3d(
            x=vertices[:, 0], y=vertices[:, 1], z=vertices[:, 2], i=triangles[:, 0], j=triangles[:, 1],
            k=triangles[:, 2], name=t("space.trace.plane"), meta="zero_mean_plane", showlegend=True,
            color=COLORS["ln"], opacity=0.16, hoverinfo="skip", flatshading=True,
            lighting=dict(ambient=0.9, diffuse=0.1, specular=0.0),
        ))
    if scene.has_affine:
        traces.append(_surface(geo.affine_mesh(sqrt3, scene.gamma), name=t("space.trace.rms_ellipsoid"),
                               meta="ellipsoid_rms", color=COLORS["rms"], opacity=0.12))
        if scene.beta is not None and any(b != 0.0 for b in scene.beta):
            traces.append(_surface(geo.affine_mesh(sqrt3, scene.gamma, scene.beta),
                                   name=t("space.trace.ln_ellipsoid"), meta="ellipsoid_ln",
                                   color=COLORS["ln"], opacity=0.12))
    return traces


def _line3d(points: np.ndarray, *, name: str, meta: str, color: str, width: float, dash: str = "solid",
            opacity: float = 1.0, showlegend: bool = True, hover: bool = False) -> go.Scatter3d:
    return go.Scatter3d(
        x=points[:, 0], y=points[:, 1], z=points[:, 2], mode="lines", name=name, meta=meta,
        line=dict(color=color, width=width, dash=dash), opacity=opacity, showlegend=showlegend,
        hovertemplate="(%{x:.4f}, %{y:.4f}, %{z:.4f})<extra>" + name + "</extra>" if hover else None,
        hoverinfo=None if hover else "skip",
    )


def _curve_traces(scene, proj, lang, projector, extent) -> list:
    s = sizes(projector)
    t = lambda key, **kw: translate(lang, key, **kw)  # noqa: E731
    traces = [
        _line3d(geo.layer_norm_circle_3d(), name=t("space.trace.ln_circle"), meta="ln_circle",
                color=COLORS["ln"], width=s["line"], hover=True),
        _line3d(geo.ones_line(extent), name=t("space.trace.ones_line"), meta="ones_line",
                color=COLORS["decomposition"], width=s["thin"], dash="dash", opacity=0.8),
        _line3d(geo.ray_in_box(proj.x, extent), name=t("space.trace.ray"), meta="ray",
                color=COLORS["reference"], width=s["thin"], dash="dot"),
    ]
    if scene.has_affine:
        ellipse = geo.affine(geo.layer_norm_circle_3d(), scene.gamma, scene.beta)
        traces.append(_line3d(ellipse, name=t("space.trace.ln_circle_affine"), meta="ln_circle_affine",
                              color=COLORS["ln"], width=s["thin"], dash="dash", hover=True))
    return traces


def _arrow(starts, ends, *, name: str, meta: str, color: str, width: float, extent: float,
           dash: str = "solid") -> list:
    """Arrows as one line trace (NaN gaps between arrows) plus one trace of cone heads.

    The cone tips sit exactly at the arrow ends; a head is at most 7 % of the view's
    half-width and at most 35 % of its arrow. Non-finite or zero-length arrows are left out.
    """
    starts, ends = finite_arrows(starts, ends)
    xs, ys, zs = arrows_xy(starts, ends)
    line = go.Scatter3d(
        x=xs, y=ys, z=zs, mode="lines", name=name, meta=meta, legendgroup=meta,
        line=dict(color=color, width=width, dash=dash), connectgaps=False,
        hovertemplate="(%{x:.4f}, %{y:.4f}, %{z:.4f})<extra>" + name + "</extra>",
    )
    vec = ends - starts
    length = np.linalg.norm(vec, axis=1)
    has_head = length > 0
    head = np.minimum(0.07 * extent, 0.35 * length[has_head])
    direction = vec[has_head] / length[has_head, None] * head[:, None]
    tips = ends[has_head]
    cone = go.Cone(
        x=tips[:, 0], y=tips[:, 1], z=tips[:, 2], u=direction[:, 0], v=direction[:, 1], w=direction[:, 2],
        sizemode="raw", anchor="tip", colorscale=_flat_colorscale(color), showscale=False, name=name,
        meta=f"{meta}_head", legendgroup=meta, showlegend=False, hoverinfo="skip",
        lighting=dict(ambient=0.8, diffuse=0.4, specular=0.1),
    )
    return [line, cone]


def _arrow_traces(proj: geo.Projection, shown, lang, projector, extent) -> list:
    s = sizes(projector)
    origin = np.zeros(3)
    traces = _arrow([origin, proj.mean_part], [proj.mean_part, proj.x],
                    name=translate(lang, "space.trace.decomposition"), meta="decomposition",
                    color=COLORS["decomposition"], width=s["thin"] * 1.5, extent=extent, dash="dash")
    traces += _arrow(origin, proj.x, name=method_name("input", lang), meta="arrow_input",
                     color=COLORS["input"], width=s["line"] * 1.5, extent=extent)
    for m in shown:
        traces += _arrow(origin, proj.outputs[m], name=method_name(m, lang), meta=f"arrow_{m}",
                         color=COLORS[m], width=s["line"] * 1.5, extent=extent, dash=DASHES[m])
    return traces


def _moving_traces(paths, shown, lang, projector, *, frame: int) -> list:
    """One moving point per method, with a faint stem from the origin."""
    s = sizes(projector)
    traces = []
    for m in shown:
        p = paths[m][frame]
        traces.append(go.Scatter3d(
            x=np.array([0.0, p[0]]), y=np.array([0.0, p[1]]), z=np.array([0.0, p[2]]), mode="lines+markers",
            name=translate(lang, "space.trace.moving", method=method_name(m, lang)), meta=f"moving_{m}",
            line=dict(color=COLORS[m], width=s["thin"]), opacity=0.9,
            marker=dict(size=np.array([0.0, s["marker"]]), color=COLORS[m], line=dict(color="white", width=1)),
            hoverinfo="skip",
        ))
    return traces

