"""The projection scene, drawn in 2D (the plane) and 3D (the space) by one engine.

``projection_figure(scene, proj, t, kit=PLANE | SPACE, ...)`` returns plotly JSON
(a dict of plain dicts, lists and numpy arrays; no ``go.Figure`` on the rerun
path). The picture is the same in both dimensions:

* the targets: L2's unit sphere, RMSNorm's sphere of radius sqrt(n), the
  zero-mean hyperplane and LayerNorm's reach (hyperplane ∩ sqrt(n) sphere:
  two points in 2D, a circle in 3D; at eps > 0 the segment / disc inside);
* the moving parts: x with its ray and its decomposition mu*1 + (x - mu*1),
  one arrow per method, and plotly frames that animate the projection in the
  browser (LayerNorm slides along -1 onto the hyperplane, then every output
  slides along its ray onto its sphere, then gamma and beta act);
* with gamma/beta: RMSNorm's reach gamma ⊙ sphere (an ellipse / ellipsoid)
  and LayerNorm's, the image of its own reach (two points / an ellipse).

The static parts (circles, spheres, the plane patch) depend only on the view
and are built once (``lru_cache``). Every trace carries ``meta``: its role,
which tests and the live component read instead of translated names.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

import numpy as np

from normviz import geometry as geo
from normviz.figures._animation import animation_controls
from normviz.figures._legend import legend_below, legend_beside
from normviz.figures._style import COLORS, DASHES, arrows_xy, base_layout, finite_arrows, sizes
from normviz.i18n import Translator
from normviz.methods import KEYS, METHODS

AXES = "xyz"
SURFACES = ("unit", "sqrt3", "plane")
# Sphere grid (rows x columns): smooth at the displayed size, ~8 KB of JSON per sphere in float32.
SPHERE_MESH = (15, 25)
CIRCLE_POINTS = 121
STEPS = 10  # frames per stage of the animation
SPEEDS = {"slow": 3.0, "normal": 1.6, "fast": 0.7}  # seconds per stage


@dataclass(frozen=True)
class View:
    """How the scene is looked at: the axes' half-width, and in 3D the camera and the surfaces shown."""

    extent: float
    camera: str = "oblique"
    surfaces: tuple[str, ...] = SURFACES
    speed: str = "normal"


FIT_MARGIN = 1.2  # the fitted view's half-width over the farthest point it must show


def fit_extent(scene: geo.Scene) -> float:
    """Half-width of the view that frames the unit and sqrt(n) spheres and every output.

    Without gamma and beta each output lies in the ball of radius sqrt(n) (L2 on the unit
    sphere, RMSNorm and LayerNorm on or inside the sqrt(n) sphere); gamma and beta move it
    at most to max|gamma| * sqrt(n) + max|beta| in any coordinate. The view depends on
    neither x nor eps: dragging x never rescales the axes. x itself may lie outside
    (``offscreen_arrow`` points to it).
    """
    reach = math.sqrt(scene.n)
    if scene.has_affine:
        reach = max(reach, float(np.max(np.abs(scene.gamma))) * reach + float(np.max(np.abs(scene.beta))))
    return round(FIT_MARGIN * reach, 6)


def offscreen_tip(x, extent: float) -> np.ndarray | None:
    """Where the ray towards x leaves the view box, when x lies outside it; else None."""
    x = np.asarray(x, dtype=np.float64)
    if not np.all(np.isfinite(x)) or not geo.outside_view(x, extent):
        return None
    return geo.ray_in_box(x, extent)[1]


def offscreen_arrow(x, *, dim: int, t: Translator, projector: bool, extent: float) -> list[dict]:
    """An arrow at the edge of the view pointing towards an x that lies outside it (empty inside).

    Role ``x_offscreen`` (with ``x_offscreen_head`` in 3D): always present, so the live
    chart can move it while x is dragged."""
    tip = offscreen_tip(x, extent)
    starts, ends = (np.zeros((0, dim)),) * 2 if tip is None else (tip * 0.82, tip)
    traces = arrows(
        starts,
        ends,
        dim=dim,
        role="x_offscreen",
        name=t("proj.trace.x_offscreen"),
        color=COLORS["input"],
        width=sizes(projector)["line"] * 1.5,
        projector=projector,
        extent=extent,
    )
    for tr in traces:
        tr["showlegend"] = False
    if dim == 2:  # a head even while empty: the live chart fills in the coordinates only
        traces[0]["marker"]["size"] = np.array([0.0, sizes(projector)["head"] * 1.3, 0.0])
    # "x" at the arrow's tail, beside its shaft: the live chart moves the points, the label rides along
    traces[0].update(
        mode=traces[0].get("mode", "lines") + "+text",
        text=["x", "", ""],
        textposition=_label_side(tip, dim),
        textfont={"size": sizes(projector)["font"] * 1.25, "color": COLORS["input"]},
    )
    if dim == 2:
        traces[0]["cliponaxis"] = False
    return traces


def _label_side(tip, dim: int) -> str:
    """Where a label sits beside an arrow's tail without crossing its shaft (plotly textposition)."""
    if tip is None or dim != 2:
        return "top center"
    dx, dy = tip / max(float(np.hypot(*tip)), 1e-300)
    vertical = "bottom" if dy > 0 else "top"
    horizontal = "center" if min(abs(dx), abs(dy)) < 0.3 else ("right" if dx > 0 else "left")
    return f"{vertical} {horizontal}"


# --- trace dicts ---------------------------------------------------------------------------------


def _coords(points: np.ndarray, dim: int, dtype=np.float64) -> dict:
    points = np.asarray(points, dtype=dtype).reshape(-1, dim)
    return {AXES[i]: points[:, i] for i in range(dim)}


def line(
    points,
    *,
    dim: int,
    role: str,
    name: str,
    color: str,
    width: float,
    dash: str = "solid",
    opacity: float = 1.0,
    showlegend: bool = True,
    hover: bool = False,
    dtype=np.float64,
) -> dict:
    """A polyline through ``points`` (rows), as a scatter (2D) or scatter3d (3D) trace dict.

    ``dtype=np.float32`` halves the bytes of a long reference curve (display only)."""
    tr = {
        "type": "scatter" if dim == 2 else "scatter3d",
        "mode": "lines",
        **_coords(points, dim, dtype),
        "name": name,
        "meta": role,
        "line": {"color": color, "width": width, "dash": dash},
        "opacity": opacity,
        "showlegend": showlegend,
    }
    if hover:
        fmt = ", ".join(f"%{{{a}:.4f}}" for a in AXES[:dim])
        tr["hovertemplate"] = f"({fmt})<extra></extra>"
    else:
        tr["hoverinfo"] = "skip"
    return tr


def markers(
    points, *, dim: int, role: str, name: str, color: str, size: float, symbol: str = "circle-open", width: float = 2.0
) -> dict:
    fmt = ", ".join(f"%{{{a}:.3f}}" for a in AXES[:dim])
    return {
        "type": "scatter" if dim == 2 else "scatter3d",
        "mode": "markers",
        **_coords(points, dim),
        "name": name,
        "meta": role,
        "hovertemplate": f"({fmt})<extra></extra>",
        "marker": {"symbol": symbol, "size": size, "color": color, "line": {"width": width, "color": color}},
    }


def arrows(
    starts,
    ends,
    *,
    dim: int,
    role: str,
    name: str,
    color: str,
    width: float,
    projector: bool,
    extent: float,
    dash: str = "solid",
) -> list[dict]:
    """Arrows from ``starts`` to ``ends`` (non-finite ones left out): one line trace with NaN gaps,
    plus its heads: arrow markers in 2D, one cone trace (role ``<role>_head``) in 3D."""
    starts, ends = finite_arrows(np.reshape(starts, (-1, dim)), np.reshape(ends, (-1, dim)))
    pts = np.column_stack(arrows_xy(starts, ends)) if len(starts) else np.zeros((0, dim))
    fmt = ", ".join(f"%{{{a}:.4f}}" for a in AXES[:dim])
    tr = line(pts, dim=dim, role=role, name=name, color=color, width=width, dash=dash)
    tr.pop("hoverinfo")
    tr["hovertemplate"] = f"({fmt})<extra>{name}</extra>"
    if dim == 2:
        head = sizes(projector)["head"]
        tr.update(
            mode="lines+markers",
            marker={
                "symbol": "arrow",
                "angleref": "previous",
                "color": color,
                "size": np.tile([0.0, head, 0.0], len(starts)),
                "line": {"width": 0},
            },
        )
        return [tr]
    tr.update(legendgroup=role, connectgaps=False)
    vec = ends - starts
    length = np.linalg.norm(vec, axis=1)
    keep = length > 0
    direction = vec[keep] / length[keep, None] * np.minimum(0.07 * extent, 0.35 * length[keep])[:, None]
    cone = {
        "type": "cone",
        **_coords(ends[keep], 3),
        "u": direction[:, 0],
        "v": direction[:, 1],
        "w": direction[:, 2],
        "sizemode": "raw",
        "anchor": "tip",
        "colorscale": [[0, color], [1, color]],
        "showscale": False,
        "name": name,
        "meta": f"{role}_head",
        "legendgroup": role,
        "showlegend": False,
        "hoverinfo": "skip",
        "lighting": {"ambient": 0.8, "diffuse": 0.4, "specular": 0.1},
    }
    return [tr, cone]


def _sphere_grid_mesh(mesh: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The vertices (3, m) and triangles (k, 3) of a (3, rows, cols) latitude-longitude grid whose first and
    last rows are the poles and whose last column repeats the first: one vertex per point (each pole once,
    the seam joined), each triangle wound so that its normal points away from the centre (outward)."""
    _, rows, cols = mesh.shape
    width = cols - 1
    ring = mesh[:, 1:-1, :width].reshape(3, -1)  # rows 1 .. rows-2, without the repeated column
    points = np.concatenate([mesh[:, :1, 0], ring, mesh[:, -1:, 0]], axis=1)
    south = points.shape[1] - 1

    def at(r, c):  # vertex of ring row r (0-based among the inner rows), column c (mod width)
        return 1 + r * width + c % width

    c = np.arange(width)
    faces = [np.stack([np.zeros(width, int), at(0, c + 1), at(0, c)], axis=1)]  # the cap around the north pole
    for r in range(rows - 3):
        faces.append(np.stack([at(r, c), at(r, c + 1), at(r + 1, c + 1)], axis=1))
        faces.append(np.stack([at(r, c), at(r + 1, c + 1), at(r + 1, c)], axis=1))
    faces.append(np.stack([np.full(width, south), at(rows - 3, c), at(rows - 3, c + 1)], axis=1))
    return points, np.concatenate(faces)[:, ::-1]  # built inward-facing: reversed, outward


def surface(mesh: np.ndarray, *, role: str, name: str, color: str, opacity: float) -> dict:
    """A closed surface given as a (3, rows, cols) latitude-longitude grid (``geometry.sphere_mesh``, or its
    affine image), drawn as a triangle mesh (mesh3d).

    Not a plotly ``surface``: in software WebGL (no GPU driver, as on many classroom machines) a surface
    costs far more to set up than the same grid as a mesh. The Family page's 3D figure, drawn alone in
    Chromium, took 1.2-1.5 s with its two spheres as surfaces and 0.74-0.85 s as meshes; first paint
    (benchmarks/first_paint.py, en/zh) went 1.20/1.56 -> 1.01/0.98 s there and 0.75/0.68 -> 0.58/0.59 s on
    the space page."""
    points, faces = _sphere_grid_mesh(np.asarray(mesh, dtype=np.float32))  # display only: half the bytes
    faces = faces.astype(np.uint16 if points.shape[1] < 2**16 else np.int32)
    return {
        "type": "mesh3d",
        "x": points[0],
        "y": points[1],
        "z": points[2],
        "i": faces[:, 0],
        "j": faces[:, 1],
        "k": faces[:, 2],
        "name": name,
        "meta": role,
        "showlegend": True,
        "color": color,
        "opacity": opacity,
        "hoverinfo": "skip",
        "lighting": {"ambient": 0.75, "diffuse": 0.35, "specular": 0.05, "roughness": 0.9},
    }


# --- the two kits ---------------------------------------------------------------------------------


class _Kit(Protocol):
    """What differs between the plane and the space: the references, the reach and the layout."""

    dim: int
    prefix: str  # i18n prefix: "plane" | "space"

    def static(self, t: Translator, projector: bool, view: View) -> tuple[dict, ...]:
        """The traces that depend only on the view (built once per view)."""

    def affine_reach(self, scene: geo.Scene, t: Translator, projector: bool) -> list[dict]:
        """What RMSNorm and LayerNorm can reach after gamma (and beta)."""

    def layout(self, t: Translator, projector: bool, view: View, entries: int) -> dict:
        """Axes or 3D scene, fixed ranges, legend room."""


PROJECTOR_PLOT_HEIGHT = 560  # with the title above and Play and the step slider below: 850 px, on one 1080 px screen


class _Plane:
    dim, prefix = 2, "plane"

    def static(self, t, projector, view):
        return _plane_static(t, projector, view.extent)

    def affine_reach(self, scene, t, projector):
        s = sizes(projector)
        circle = geo.circle(math.sqrt(2.0), points=CIRCLE_POINTS)
        return [
            line(
                geo.affine(circle, scene.gamma),
                dim=2,
                role="ellipse_rms",
                name=t("plane.trace.rms_ellipse"),
                color=COLORS["rms"],
                width=s["thin"],
                dash="dashdot",
                dtype=np.float32,
            ),
            markers(
                geo.affine(geo.layer_norm_points_2d(), scene.gamma, scene.beta),
                dim=2,
                role="ln_points_affine",
                name=t("plane.trace.ln_points_affine"),
                color=COLORS["ln"],
                size=s["marker"] * 1.6,
                symbol="diamond-open",
                width=s["thin"] + 1,
            ),
        ]

    def layout(self, t, projector, view, entries):
        axis = dict(
            range=[-view.extent, view.extent],
            zeroline=True,
            zerolinecolor="#BBBBBB",
            showgrid=True,
            gridcolor="#EEEEEE",
            constrain="domain",
            automargin=True,
        )
        return base_layout(
            projector,
            xaxis=dict(axis, title=dict(text=t("axis.x1"))),
            yaxis=dict(axis, title=dict(text=t("axis.x2")), scaleanchor="x", scaleratio=1),
            # The student drags x; a drag must not pan or zoom the fixed axes.
            dragmode=False,
            # On a screen the legend goes under the step slider: the square plot keeps the full width.
            # One entry per row: the labels say what each method reaches, with its conditions.
            # On a projector (a wide screen) it goes right of the plot: all of it fits 1080 px.
            **(
                legend_beside(PROJECTOR_PLOT_HEIGHT)
                if projector
                else legend_below(projector, plot_height=520, entries=entries, gap=10.0, top=3.4, entry_width=None)
            ),
        )


class _Space:
    dim, prefix = 3, "space"

    def static(self, t, projector, view):
        return _space_static(t, projector, view.extent, view.surfaces)

    def affine_reach(self, scene, t, projector):
        s = sizes(projector)
        rows, cols = SPHERE_MESH
        sphere = geo.sphere_mesh(math.sqrt(3.0), rows=rows, cols=cols)
        return [
            surface(
                geo.affine_mesh(sphere, scene.gamma),
                role="ellipsoid_rms",
                name=t("space.trace.rms_ellipsoid"),
                color=COLORS["rms"],
                opacity=0.12,
            ),
            line(
                geo.affine(geo.layer_norm_circle_3d(points=CIRCLE_POINTS), scene.gamma, scene.beta),
                dim=3,
                role="ln_circle_affine",
                name=t("space.trace.ln_circle_affine"),
                color=COLORS["ln"],
                width=s["line"],
                dash="dash",
                hover=True,
                dtype=np.float32,
            ),
        ]

    def layout(self, t, projector, view, entries):
        font = sizes(projector)["font"]
        e = view.extent

        ticks = tick_values(e)

        def axis(key: str) -> dict:
            # At most five ticks, none at the box's corners: the 3D labels stay apart, also in 24 px type.
            return dict(
                range=[-e, e],
                autorange=False,
                tickmode="array",
                tickvals=ticks,
                title=dict(text=t(key), font=dict(size=round(font * 0.85))),
                tickfont=dict(size=round(font * 0.7)),
                zeroline=True,
                zerolinecolor="#999999",
                showbackground=True,
                backgroundcolor="#F7F7F7",
                gridcolor="#E2E2E2",
                showspikes=False,
            )

        return base_layout(
            projector,
            scene=dict(
                xaxis=axis("axis.x1"),
                yaxis=axis("axis.x2"),
                zaxis=axis("axis.x3"),
                aspectmode="cube",
                camera=camera(view.camera, lift=0.1 if projector else 0.0),
                uirevision=f"camera-{view.camera}",
            ),
            # The legend under the step slider, so the 3D scene keeps the full width (right of it on a projector).
            **(
                legend_beside(PROJECTOR_PLOT_HEIGHT)
                if projector
                else legend_below(projector, plot_height=560, entries=entries, gap=10.0, top=3.4, entry_width=None)
            ),
        )


def tick_values(extent: float, most: int = 5, inner: float = 0.85) -> list[float]:
    """Round ticks (multiples of 1, 2 or 5 times a power of ten), at most ``most``, symmetric about 0,
    within ``inner`` of the half-width: none at the ends, where the 3D axes' labels meet at a corner."""
    reach = inner * extent
    power = 10.0 ** math.floor(math.log10(2.0 * reach / max(most - 1, 1)))
    steps = (m * power for m in (0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0))
    step = next(step for step in steps if 2 * math.floor(reach / step + 1e-9) + 1 <= most)
    k = math.floor(reach / step + 1e-9)
    return [round(i * step, 10) for i in range(-k, k + 1)]


PLANE, SPACE = _Plane(), _Space()

# Camera presets, |eye| = 2.2 in plotly's scene units for all three: a preset turns the view, not the zoom.
_EYE = 2.2
_OBLIQUE = tuple(c / math.hypot(1.55, -1.05, 0.72) for c in (1.55, -1.05, 0.72))  # 1 and the plane both visible
CAMERAS = {
    "oblique": dict(eye=dict(zip("xyz", (_EYE * c for c in _OBLIQUE))), up=dict(x=0.0, y=0.0, z=1.0)),
    # along 1: the plane x1 + x2 + x3 = 0 face-on, LayerNorm's circle round
    "along": dict(eye=dict(zip("xyz", [_EYE / math.sqrt(3.0)] * 3)), up=dict(x=0.0, y=0.0, z=1.0)),
    # edge-on: the eye lies in the plane (direction (1, -1, 0)), 1 points up, the plane is a line
    "edge": dict(eye=dict(x=_EYE / math.sqrt(2.0), y=-_EYE / math.sqrt(2.0), z=0.0), up=dict(x=1.0, y=1.0, z=1.0)),
}


def camera(preset: str, lift: float = 0.0, zoom: float = 1.0) -> dict:
    """scene.camera for a preset name (unknown names give the oblique view); ``lift`` raises the cube in
    the picture (a projector's shorter plot would cut the lowest axis title); ``zoom`` < 1 brings the
    eye closer along its direction (a taller plot where the cube would fill only part of the height)."""
    preset = CAMERAS.get(preset, CAMERAS["oblique"])
    return dict(
        preset,
        eye={k: zoom * v for k, v in preset["eye"].items()},
        center=dict(x=0.0, y=0.0, z=-lift),
        projection=dict(type="perspective"),
    )


@lru_cache(maxsize=64)
def _plane_static(t: Translator, projector: bool, extent: float) -> tuple[dict, ...]:
    s = sizes(projector)
    return (
        line(
            geo.circle(1.0, points=CIRCLE_POINTS),
            dim=2,
            role="circle_unit",
            name=t("plane.trace.unit_circle"),
            color=COLORS["l2"],
            width=s["thin"],
            dash=DASHES["l2"],
            dtype=np.float32,
        ),
        line(
            geo.circle(math.sqrt(2.0), points=CIRCLE_POINTS),
            dim=2,
            role="circle_sqrt_n",
            name=t("plane.trace.sqrt2_circle"),
            color=COLORS["rms"],
            width=s["thin"],
            dash=DASHES["rms"],
            dtype=np.float32,
        ),
        line(
            geo.zero_mean_line_2d(extent),
            dim=2,
            role="zero_mean_line",
            name=t("plane.trace.zero_mean_line"),
            color=COLORS["ln"],
            width=s["thin"],
            opacity=0.7,
        ),
        markers(
            geo.layer_norm_points_2d(),
            dim=2,
            role="ln_points",
            name=t("plane.trace.ln_points"),
            color=COLORS["ln"],
            size=s["marker"] * 1.8,
            width=s["thin"] + 1,
        ),
    )


@lru_cache(maxsize=64)
def _space_static(t: Translator, projector: bool, extent: float, surfaces: tuple[str, ...]) -> tuple[dict, ...]:
    s = sizes(projector)
    rows, cols = SPHERE_MESH
    traces = []
    if "unit" in surfaces:
        traces.append(
            surface(
                geo.sphere_mesh(1.0, rows=rows, cols=cols),
                role="sphere_unit",
                name=t("space.trace.unit_sphere"),
                color=COLORS["l2"],
                opacity=0.22,
            )
        )
    if "sqrt3" in surfaces:
        traces.append(
            surface(
                geo.sphere_mesh(math.sqrt(3.0), rows=rows, cols=cols),
                role="sphere_sqrt_n",
                name=t("space.trace.sqrt3_sphere"),
                color=COLORS["rms"],
                opacity=0.14,
            )
        )
    if "plane" in surfaces:
        vertices, triangles = geo.zero_mean_plane_patch(extent)
        traces.append(
            {
                "type": "mesh3d",
                **_coords(vertices, 3),
                "i": triangles[:, 0],
                "j": triangles[:, 1],
                "k": triangles[:, 2],
                "name": t("space.trace.plane"),
                "meta": "zero_mean_plane",
                "showlegend": True,
                "color": COLORS["ln"],
                "opacity": 0.16,
                "hoverinfo": "skip",
                "flatshading": True,
                "lighting": {"ambient": 0.9, "diffuse": 0.1, "specular": 0.0},
            }
        )
    traces.append(
        line(
            geo.layer_norm_circle_3d(points=CIRCLE_POINTS),
            dim=3,
            role="ln_circle",
            name=t("space.trace.ln_circle"),
            color=COLORS["ln"],
            width=s["line"],
            hover=True,
        )
    )
    traces.append(
        line(
            geo.ones_line(extent),
            dim=3,
            role="ones_line",
            name=t("space.trace.ones_line"),
            color=COLORS["decomposition"],
            width=s["thin"],
            dash="dash",
            opacity=0.8,
        )
    )
    return tuple(traces)


# --- the engine --------------------------------------------------------------------------------------


def moving_roles(shown, dim: int, *, guides: bool = True) -> list[str]:
    """Roles of the traces that follow x while it is dragged (the live chart redraws exactly these):
    the ray, the decomposition, the arrows (and their cone heads in 3D), the arrow towards an x outside
    the view, the animation's points. Without ``guides`` (a prediction not yet revealed) only x's own
    arrows: the figure has no other."""
    arrows_ = ["arrow_input", "x_offscreen"]
    if guides:
        arrows_ = ["decomposition", *arrows_, *(f"arrow_{m}" for m in KEYS if m in shown)]
    heads = [f"{role}_head" for role in arrows_] if dim == 3 else []
    if not guides:
        return [*arrows_, *heads]
    return ["ray", *arrows_, *heads, *(f"moving_{m}" for m in KEYS if m in shown)]


def stages(scene: geo.Scene) -> tuple[str, ...]:
    """The animation's stages for the methods shown, in order (a subset of ``geometry.STAGES``): "center"
    only when LayerNorm is shown (it alone removes the mean), "scale" (the radial rescaling every method
    does), "affine" only when γ, β are set and a shown method has them (L2 has neither). None shown: none."""
    shown = [m for m in KEYS if m in scene.shown]
    if not shown:
        return ()
    weighted = any(METHODS[m].has_weight or METHODS[m].has_bias for m in shown)
    return tuple(s for s, keep in zip(geo.STAGES, ("ln" in shown, True, scene.has_affine and weighted)) if keep)


def _stage_rows(kept: tuple[str, ...]) -> np.ndarray:
    """The rows of ``geometry.projection_path`` (STEPS per stage of geometry.STAGES) that the kept stages
    play: the start, then each kept stage's STEPS rows. A dropped stage moves none of the shown points."""
    rows = [np.array([0])]
    rows += [np.arange(1, STEPS + 1) + STEPS * geo.STAGES.index(s) for s in kept]
    return np.concatenate(rows)


def projection_figure(
    scene: geo.Scene,
    proj: geo.Projection,
    t: Translator,
    *,
    kit: _Kit,
    projector: bool = False,
    view: View,
    guides: bool = True,
) -> dict:
    """The projection picture of ``scene`` as plotly JSON: references, arrows, animation frames.

    ``guides=False`` draws x alone on the fixed axes (a prediction before its reveal): no circle, sphere,
    plane, line, point, ray or decomposition that would show where an output lands, no animation."""
    if scene.n != kit.dim:
        raise ValueError(f"scene.x must have {kit.dim} components for this kit; got {scene.n}")
    if not guides:
        return _bare_figure(proj, t, kit=kit, projector=projector, view=view)
    dim, s = kit.dim, sizes(projector)
    shown = [m for m in KEYS if m in scene.shown]
    data = list(kit.static(t, projector, view))
    if dim == 2 and "ln" in shown and scene.eps_for("ln") > 0:
        data.append(_ln_inner_reach(t, projector))
    if scene.has_affine:
        data += kit.affine_reach(scene, t, projector)
    data.append(
        line(
            geo.ray_in_box(proj.x, view.extent),
            dim=dim,
            role="ray",
            name=t(f"{kit.prefix}.trace.ray"),
            color=COLORS["reference"],
            width=s["thin"],
            dash="dot",
        )
    )
    origin = np.zeros(dim)
    width = s["line"] * (1.5 if dim == 3 else 1.0)
    common = dict(dim=dim, projector=projector, extent=view.extent)
    data += arrows(
        [origin, proj.mean_part],
        [proj.mean_part, proj.x],
        role="decomposition",
        name=t(f"{kit.prefix}.trace.decomposition"),
        color=COLORS["decomposition"],
        width=s["thin"] * (1.5 if dim == 3 else 1.0),
        dash="dash",
        **common,
    )
    data += arrows(
        origin, proj.x, role="arrow_input", name=t("method.input"), color=COLORS["input"], width=width, **common
    )
    data += offscreen_arrow(proj.x, dim=dim, t=t, projector=projector, extent=view.extent)
    for m in shown:
        data += arrows(
            origin,
            proj.outputs[m],
            role=f"arrow_{m}",
            name=t(f"method.{m}"),
            color=COLORS[m],
            width=width,
            dash=DASHES[m],
            **common,
        )
    kept = stages(scene)
    rows = _stage_rows(kept)
    paths = {m: geo.projection_path(proj, m, STEPS)[rows] for m in shown}
    first = len(data)
    data += _moving_traces(paths, shown, 0, dim, t, projector)
    frames = (
        [_frame(k, paths, shown, range(first, len(data)), dim, kit.prefix, t, kept) for k in range(len(rows))]
        if kept
        else []
    )
    entries = sum(tr.get("showlegend", True) is not False for tr in data)
    layout = kit.layout(t, projector, view, entries)
    layout["title"] = _stage_title(t, kit.prefix, "start", 0)
    if kept:
        layout.update(_animation_controls(t, kept, projector, SPEEDS.get(view.speed, SPEEDS["normal"])))
    return {"data": data, "layout": layout, "frames": frames}


def _bare_figure(proj: geo.Projection, t: Translator, *, kit: _Kit, projector: bool, view: View) -> dict:
    """x's arrow (and the arrow towards an x outside the view) on the kit's fixed axes, nothing else."""
    dim = kit.dim
    common = dict(dim=dim, projector=projector, extent=view.extent)
    data = arrows(
        np.zeros(dim),
        proj.x,
        role="arrow_input",
        name=t("method.input"),
        color=COLORS["input"],
        width=sizes(projector)["line"] * (1.5 if dim == 3 else 1.0),
        **common,
    )
    data += offscreen_arrow(proj.x, dim=dim, t=t, projector=projector, extent=view.extent)
    entries = sum(tr.get("showlegend", True) is not False for tr in data)
    return {"data": data, "layout": kit.layout(t, projector, view, entries), "frames": []}  # no stage: no title


def _ln_inner_reach(t: Translator, projector: bool) -> dict:
    """At eps > 0 LayerNorm's 2D outputs lie on the open segment between its two eps = 0 points:
    (x - mu*1) / sqrt(sigma^2 + eps) is shorter than (x - mu*1) / sigma."""
    return line(
        geo.layer_norm_points_2d(),
        dim=2,
        role="ln_inner_reach",
        name=t("proj.trace.ln_inner"),
        color=COLORS["ln"],
        width=sizes(projector)["thin"] * 2.5,
        opacity=0.35,
    )


def _moving_traces(paths, shown, frame: int, dim: int, t: Translator, projector: bool) -> list[dict]:
    """One moving point per method with a faint stem from the origin (the animation's traces)."""
    s = sizes(projector)
    traces = []
    for m in shown:
        p = paths[m][frame]
        tr = line(
            np.stack([np.zeros(dim), p]),
            dim=dim,
            role=f"moving_{m}",
            name=t("proj.trace.moving"),
            color=COLORS[m],
            width=s["thin"],
            opacity=0.9,
            showlegend=m == shown[0],
        )
        tr.update(
            mode="lines+markers",
            legendgroup="moving",
            marker={
                "size": np.array([0.0, s["marker"] * (1.3 if dim == 2 else 1.0)]),
                "color": COLORS[m],
                "symbol": METHODS[m].symbol,
                "line": {"color": "white", "width": 1},
            },
        )
        traces.append(tr)
    return traces


def _frame(k: int, paths, shown, indices, dim: int, prefix: str, t: Translator, kept: tuple[str, ...]) -> dict:
    """Frame k: only the moving points' coordinates change (plotly merges them into the traces)."""
    number = (k - 1) // STEPS + 1 if k else 0  # the stage's place in this animation, 1-based
    stage = kept[number - 1] if k else "start"
    kind = "scatter" if dim == 2 else "scatter3d"
    # Short lists, 9 significant digits: frames are display only and make most of the payload.
    data = [{"type": kind, **{AXES[i]: [0, float(f"{paths[m][k][i]:.9g}")] for i in range(dim)}} for m in shown]
    return {
        "name": f"f{k}",
        "data": data,
        "traces": list(indices),
        "layout": {"title": _stage_title(t, prefix, stage, number)},
    }


def _stage_title(t: Translator, prefix: str, stage: str, number: int) -> dict:
    return {"text": t(f"{prefix}.stage.{stage}", k=number), "x": 0.01, "xanchor": "left"}


CIRCLED = "①②③"  # a stage's place in its animation on the step slider


def _animation_controls(t: Translator, stages, projector: bool, seconds_per_stage: float) -> dict:
    """Play/pause at the bottom left beside a slider with one named step per stage.

    Both sit below the plot area (the title above it is never covered); the frames play in the browser.
    """
    frame_ms = int(seconds_per_stage * 1000 / STEPS)
    names = [f"f{k}" for k in range(STEPS * len(stages) + 1)]
    # One step per stage's end, named: plotly.js thins the labels of a dense slider, which hid "① centre".
    # Play still runs every frame; the keys step frame by frame (ui/live).
    marks = [(names[0], t("proj.step.start"))] + [
        (names[STEPS * j], t(f"proj.step.{stage}", n=CIRCLED[j - 1])) for j, stage in enumerate(stages, start=1)
    ]
    return animation_controls(t, marks, projector=projector, frame_ms=frame_ms)
