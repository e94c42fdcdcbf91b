"""The warp page's figures: a grid bent by a norm, LayerNorm's output ellipsoid, and how much of a cloud lands on
its surface.

Data come from ``normviz.warp``. Each builder returns plain plotly JSON (``{"data", "layout"}``, plus
``"frames"`` for the morph; numpy arrays inside, frames as short lists) and every trace carries ``meta``, its
role, which tests read instead of the translated names. Nothing here builds a ``go.Figure``.

* ``morph_figure``: the grid's lines and points moving from x (t = 0) to f(x) (t = 1), played in the browser,
  with the method's target set at ε = 0, and optionally the fibre of a picked x (``warp.GridFold``) and a small
  circle or sphere around it with its true and linearised images (``warp.LocalStretch``).
* ``ellipsoid_figure``: LayerNorm's outputs for a gain γ and bias β, an ellipse in a plane (N = 3) or an
  ellipsoid drawn in its own axes' coordinates (N = 4), with the semi-axes and their lengths.
* ``surface_fraction_figure``: the share of a cloud's outputs within 1 % of the surface against ε.
"""

from __future__ import annotations

import math

import numpy as np

from normviz import geometry as geo
from normviz import warp
from normviz.figures._animation import animation_controls
from normviz.figures._legend import legend_below, legend_layout
from normviz.figures._style import COLORS, base_layout, colorscale, method_name, sizes
from normviz.figures.projection import camera, line, markers, tick_values
from normviz.format import decimals, eps_text, percent, shortest, significant, subscript
from normviz.i18n import Translator
from normviz.methods import METHODS

AXES = "xyz"
GRID_COLOR = "#A3A3A3"  # the grid's lines: thin and neutral, under everything else
FOLD_COLOR = COLORS["decomposition"]  # the fibre of x: reddish purple, no method's colour
FOLD_FILL = "rgba(201, 114, 163, 0.18)"
ANGLE_SCALE = "Twilight"  # cyclic (−π and π meet) and perceptually even; no red-green pair to confuse
VIEW_MARGIN = 1.05  # the view's half-width over the farthest point it must show
FRAME_NUMBERS = 80_000  # coordinates in all frames together (float32: ~5.3 bytes each as base64)
MORPH_SECONDS = 3.0  # Play runs from t = 0 to t = 1 in about this long
CIRCLE_POINTS = 121
DISPLAY = np.float32  # still curves: display only, half the bytes of float64
PLOT_HEIGHT = {2: (520, 500), 3: (560, 520)}  # the plot area in pixels: (screen, projector)


# --- the morph ---------------------------------------------------------------------------------------------


def frame_points(morph: warp.Morph) -> np.ndarray:
    """The indices along each grid line that the figure draws: every point, or every k-th with k a divisor of
    (points − 1), so that the kept points stay evenly spaced and include both ends (and any point whose image
    is undefined: a gap must stay a gap), the smallest k for which all frames together hold at most
    ``FRAME_NUMBERS`` coordinates. The 2D grid keeps every point; a dense 3D lattice is thinned."""
    lines, points, n = morph.inputs.shape
    vertices = len(grid_points(morph))
    undefined = np.flatnonzero(~np.all(np.isfinite(morph.image), axis=(0, 2)))
    keep = np.arange(points)
    for stride in (k for k in range(1, points) if (points - 1) % k == 0):
        keep = np.union1d(np.arange(0, points, stride), undefined)
        if len(morph.ts) * n * (lines * (len(keep) + 1) + vertices) <= FRAME_NUMBERS:  # + 1: each line's gap
            break
    return keep


def grid_points(morph: warp.Morph) -> np.ndarray:
    """The lattice points where the grid's lines cross (``warp.grid_vertices``' order), from the lines
    themselves: the coordinates each line holds fixed."""
    inputs = morph.inputs
    fixed = np.ptp(inputs, axis=1) == 0  # (lines, n): the coordinates a line does not vary
    values = np.unique(inputs[:, 0, :][fixed])
    n = morph.n
    return np.array(np.meshgrid(*[values] * n, indexing="ij")).reshape(n, -1).T


def morph_figure(
    morph: warp.Morph,
    t: Translator,
    *,
    projector: bool = False,
    extent: float,
    fold: warp.GridFold | None = None,
    stretch: warp.LocalStretch | None = None,
) -> dict:
    """The grid through the map as plotly JSON with one frame per ``morph.ts``: yₜ = (1 − t)·x + t·f(x).

    The lines are thin and grey (one trace, NaN gaps between lines); the lattice points are coloured by the
    angle of their input (``warp.input_angle``), a colour they keep all the way, so same-coloured points that
    land together are inputs the map merged. A frame moves only these two traces; an undefined image (0/0 at
    ε = 0) is a gap. Drawn still: the method's target set at ε = 0 (dotted; for LayerNorm also the zero-mean
    line or plane), the fibre of ``fold``'s x in input space with the grid points on it ringed, and
    ``stretch``'s small circle or sphere around x with its true (solid) and linearised (dashed) images.
    """
    n = morph.n
    if n not in (2, 3):
        raise ValueError(f"the morph must be of the plane or space (n = 2 or 3); got n = {n}")
    s = sizes(projector)
    keep = frame_points(morph)
    lines_in, lines_out = morph.inputs[:, keep], morph.image[:, keep]
    verts = grid_points(morph)
    with np.errstate(invalid="ignore", divide="ignore"):
        verts_out = warp.warp(verts, morph.key, eps=morph.eps)
    half = _half_width(morph, extent, verts_out, fold, stretch)
    frames = [_morph_frame(f"t{k}", tk, (lines_in, lines_out), (verts, verts_out), n) for k, tk in enumerate(morph.ts)]
    start_lines, start_points = frames[0]["data"]  # the traces start as frame 0 (the same arrays)
    data = _targets(morph.key, n, t, projector, half)
    first = len(data)
    data.append(
        {
            **line(np.zeros((0, n)), dim=n, role="grid", name=t("warp.fig.grid"), color=GRID_COLOR, width=1.0),
            **{a: start_lines[a] for a in AXES[:n]},
            "connectgaps": False,
        }
    )
    if projector:
        data[-1]["line"]["width"] = s["thin"]
    fmt = ", ".join(f"%{{customdata[{i}]:.2f}}" for i in range(n))
    data.append(
        {
            "type": "scatter" if n == 2 else "scatter3d",
            "mode": "markers",
            **{a: start_points[a] for a in AXES[:n]},
            "name": t("warp.fig.points"),
            "meta": "grid_points",
            "customdata": verts.astype(DISPLAY),
            "hovertemplate": f"x = ({fmt})<extra></extra>",
            "marker": {
                "color": warp.input_angle(verts).astype(DISPLAY),
                "colorscale": colorscale(ANGLE_SCALE),
                "cmin": -math.pi,
                "cmax": math.pi,
                "showscale": False,
                "size": s["marker"] * (0.8 if n == 2 else 0.45),
                "line": {"color": "#444444", "width": 0.5},
            },
        }
    )
    if fold is not None:
        data += _fold_traces(fold, morph.key, t, projector, half)
    if stretch is not None:
        data += _stretch_traces(stretch, morph.key, t, projector)

    for frame in frames:
        frame["traces"] = [first, first + 1]
    entries = sum(tr.get("showlegend", True) is not False for tr in data)
    layout = (_plane_layout if n == 2 else _space_layout)(t, projector, half, entries)
    layout["title"] = {
        "text": t("warp.fig.morph.title", method=method_name(morph.key, t), eps=eps_text(morph.eps)),
        "x": 0.01,
        "xanchor": "left",
    }
    marks = [(f"t{k}", t("warp.fig.t", t=shortest(round(float(tk), 4)))) for k, tk in enumerate(morph.ts)]
    frame_ms = int(MORPH_SECONDS * 1000 / max(len(morph.ts) - 1, 1))
    layout.update(animation_controls(t, marks, projector=projector, frame_ms=frame_ms))
    return {"data": data, "layout": layout, "frames": frames}


def _coords(points, dim: int) -> dict:
    points = np.asarray(points, dtype=np.float64).reshape(-1, dim)
    return {AXES[i]: points[:, i] for i in range(dim)}


def _polylines(lines: np.ndarray) -> np.ndarray:
    """(lines, points, n) -> rows of one polyline per line, a NaN row after each (a gap: lines stay apart)."""
    gap = np.full((lines.shape[0], 1, lines.shape[2]), np.nan)
    return np.concatenate([lines, gap], axis=1).reshape(-1, lines.shape[2])


def _morph_frame(name: str, tk: float, lines, verts, n: int) -> dict:
    """The grid's lines and points at time tk: only their coordinates change. float32 arrays (typed arrays to
    the browser: packed without a walk over every number, NaN an undefined output's gap); display only."""
    kind = "scatter" if n == 2 else "scatter3d"
    with np.errstate(invalid="ignore"):
        moved = [_polylines(warp.morph(*lines, tk)), warp.morph(*verts, tk)]
    data = [{"type": kind, **{AXES[i]: pts[:, i].astype(np.float32) for i in range(n)}} for pts in moved]
    return {"name": name, "data": data}


def _half_width(morph, extent: float, verts_out, fold, stretch) -> float:
    """The view's half-width: the grid, its image, the target set and whatever is drawn at x."""
    reach = [float(extent), METHODS[morph.key].radius(morph.n)]
    parts = [morph.image, verts_out]
    if fold is not None:
        parts += [fold.fold.x, fold.fold.output]
    if stretch is not None:
        parts += [stretch.x + stretch.radius * stretch.directions, stretch.true_image, stretch.linear_image]
    for part in parts:
        values = np.abs(np.asarray(part, dtype=np.float64))
        values = values[np.isfinite(values)]
        if values.size:
            reach.append(float(values.max()))
    return VIEW_MARGIN * max(reach)


def _sphere_wire(radius: float) -> np.ndarray:
    """A sphere as a few circles (three latitudes, three meridians), NaN between them: light, see-through."""
    a = np.linspace(0.0, 2 * math.pi, CIRCLE_POINTS // 2 + 1)
    rings = []
    for lat in (-math.pi / 4, 0.0, math.pi / 4):
        c = math.cos(lat)
        rings.append(np.stack([c * np.cos(a), c * np.sin(a), np.full_like(a, math.sin(lat))], 1))
    for lon in (0.0, math.pi / 3, 2 * math.pi / 3):
        rings.append(np.stack([np.cos(a) * math.cos(lon), np.cos(a) * math.sin(lon), np.sin(a)], 1))
    gap = np.full((1, 3), np.nan)
    return radius * np.concatenate([part for ring in rings for part in (ring, gap)])


def _targets(key: str, n: int, t: Translator, projector: bool, half: float) -> list[dict]:
    """Where the method sends everything at ε = 0, dotted: L2's unit circle or sphere, RMSNorm's √n one,
    LayerNorm's two points (2D) or circle (3D) and its zero-mean line or plane."""
    s = sizes(projector)
    color = COLORS[key]
    common = dict(dim=n, color=color, width=s["thin"] * 1.5, dash="dot", dtype=DISPLAY)
    if key in ("l2", "rms"):
        r = METHODS[key].radius(n)
        if n == 2:
            name = t("plane.trace.unit_circle" if key == "l2" else "plane.trace.sqrt2_circle")
            return [line(geo.circle(r, points=CIRCLE_POINTS), role="target", name=name, **common)]
        name = t("space.trace.unit_sphere" if key == "l2" else "space.trace.sqrt3_sphere")
        return [{**line(_sphere_wire(r), role="target", name=name, **common), "connectgaps": False}]
    if n == 2:
        return [
            line(
                geo.zero_mean_line_2d(half),
                dim=2,
                role="zero_mean",
                name=t("plane.trace.zero_mean_line"),
                color=color,
                width=s["thin"],
                opacity=0.6,
            ),
            markers(
                geo.layer_norm_points_2d(),
                dim=2,
                role="target",
                name=t("plane.trace.ln_points"),
                color=color,
                size=s["marker"] * 1.8,
                symbol="diamond-open",
                width=s["thin"] + 1,
            ),
        ]
    vertices, triangles = geo.zero_mean_plane_patch(half)
    return [
        {
            "type": "mesh3d",
            **_coords(vertices, 3),
            "i": triangles[:, 0],
            "j": triangles[:, 1],
            "k": triangles[:, 2],
            "name": t("space.trace.plane"),
            "meta": "zero_mean",
            "showlegend": True,
            "color": color,
            "opacity": 0.12,
            "hoverinfo": "skip",
            "flatshading": True,
            "lighting": {"ambient": 0.9, "diffuse": 0.1, "specular": 0.0},
        },
        line(geo.layer_norm_circle_3d(points=CIRCLE_POINTS), role="target", name=t("space.trace.ln_circle"), **common),
    ]


# --- the fibre of x ----------------------------------------------------------------------------------------


def _clip(polygon: np.ndarray, normal: np.ndarray, bound: float) -> np.ndarray:
    """The part of a convex polygon (rows of 2D points) where normal·p ≤ bound (Sutherland-Hodgman)."""
    out = []
    for k in range(len(polygon)):
        p, q = polygon[k], polygon[(k + 1) % len(polygon)]
        fp, fq = float(normal @ p) - bound, float(normal @ q) - bound
        if fp <= 0:
            out.append(p)
        if (fp < 0 < fq) or (fq < 0 < fp):
            out.append(p + (q - p) * fp / (fp - fq))
    return np.array(out).reshape(-1, 2)


def half_plane(x, half: float) -> np.ndarray:
    """The half-plane {a·(x − mean(x)·𝟏) + c·𝟏 : a ≥ 0, c real} inside the box [−half, half]ⁿ, as the corners
    of a convex polygon (rows, in order). In 2D it is the side of the line x₁ = x₂ that x is on."""
    x = np.asarray(x, dtype=np.float64)
    n = len(x)
    centred = x - x.mean()
    basis = np.stack([centred / np.linalg.norm(centred), np.ones(n) / math.sqrt(n)], axis=1)  # p = basis @ (a, c)
    big = 2.0 * half * math.sqrt(n)
    polygon = np.array([[0.0, -big], [big, -big], [big, big], [0.0, big]])
    for i in range(n):
        for sign in (1.0, -1.0):
            polygon = _clip(polygon, sign * basis[i], half)
    return polygon @ basis.T


def fibre_segment(fold: warp.Fold, half: float) -> np.ndarray | None:
    """The fibre of x as a segment inside the box [−half, half]ⁿ (two rows) for the kinds "ray" (from the
    origin), "ray_beyond" (from radius ε) and "line" (x + c·𝟏); None for the others."""
    x = fold.x
    if fold.kind in ("ray", "ray_beyond"):
        start, end = geo.ray_in_box(x, half)
        if fold.kind == "ray_beyond":
            start = x / np.linalg.norm(x) * fold.eps
        return np.stack([start, end])
    if fold.kind == "line":
        lo, hi = float(np.max(-half - x)), float(np.min(half - x))
        return np.stack([x + lo, x + hi]) if lo <= hi else None
    return None


def _fold_traces(grid_fold: warp.GridFold, key: str, t: Translator, projector: bool, half: float) -> list[dict]:
    """x, f(x), the inputs with x's output (a ray, a line or a shaded half-plane) and the grid points on them."""
    s = sizes(projector)
    f = grid_fold.fold
    n = len(f.x)
    traces = []
    segment = fibre_segment(f, half)
    name = t("warp.fig.fold.fibre")
    if segment is not None:
        traces.append(
            line(segment, dim=n, role="fold_fibre", name=name, color=FOLD_COLOR, width=s["line"] * 1.3, opacity=0.75)
        )
    elif f.kind == "half_plane":
        polygon = half_plane(f.x, half)
        if n == 2:
            closed = np.concatenate([polygon, polygon[:1]])
            traces.append(
                {
                    "type": "scatter",
                    "mode": "lines",
                    **_coords(closed, 2),
                    "fill": "toself",
                    "fillcolor": FOLD_FILL,
                    "line": {"color": FOLD_COLOR, "width": s["thin"] / 3},
                    "name": name,
                    "meta": "fold_fibre",
                    "hoverinfo": "skip",
                }
            )
        else:
            fan = np.arange(1, len(polygon) - 1)
            traces.append(
                {
                    "type": "mesh3d",
                    **_coords(polygon, 3),
                    "i": np.zeros_like(fan),
                    "j": fan,
                    "k": fan + 1,
                    "color": FOLD_COLOR,
                    "opacity": 0.3,
                    "flatshading": True,
                    "lighting": {"ambient": 0.9, "diffuse": 0.1, "specular": 0.0},
                    "name": name,
                    "meta": "fold_fibre",
                    "showlegend": True,
                    "hoverinfo": "skip",
                }
            )
    if len(grid_fold.vertices):
        traces.append(
            markers(
                grid_fold.vertices,
                dim=n,
                role="fold_vertices",
                name=t("warp.fig.fold.vertices"),
                color=FOLD_COLOR,
                size=s["marker"] * (1.7 if n == 2 else 1.0),
                symbol="circle-open",
                width=s["thin"] + 0.5,
            )
        )
    traces.append(
        markers(
            f.x[None, :],
            dim=n,
            role="fold_x",
            name=t("warp.fig.fold.x"),
            color=COLORS["input"],
            size=s["marker"] * (1.4 if n == 2 else 0.9),
            symbol="x",
            width=1.0,
        )
    )
    if np.all(np.isfinite(f.output)):
        traces.append(
            markers(
                f.output[None, :],
                dim=n,
                role="fold_output",
                name=t("warp.fig.fold.output"),
                color=COLORS[key],
                size=s["marker"] * (1.4 if n == 2 else 0.9),
                symbol="diamond",
                width=1.0,
            )
        )
    return traces


# --- the local stretch -------------------------------------------------------------------------------------


def rings(points) -> np.ndarray:
    """A small set's points as drawn: the circle as it is (2D); the sphere's latitude-longitude net
    (``warp.unit_directions``: rows latitudes of 2·rows + 1 points) as its latitude rings with a NaN row
    after each (3D)."""
    points = np.asarray(points, dtype=np.float64)
    k, n = points.shape
    if n == 2:
        return points
    rows = round((math.sqrt(1 + 8 * k) - 1) / 4)
    if rows * (2 * rows + 1) != k:
        return points
    net = points.reshape(rows, 2 * rows + 1, n)
    return _polylines(net)


def _stretch_traces(local: warp.LocalStretch, key: str, t: Translator, projector: bool) -> list[dict]:
    """The small circle or sphere around x, its true image f(x + r·u) (solid) and its linearised image
    f(x) + r·J·u (dashed) around f(x)."""
    s = sizes(projector)
    n = len(local.x)
    small = "warp.fig.stretch.circle" if n == 2 else "warp.fig.stretch.sphere"
    parts = (
        (local.x + local.radius * local.directions, "stretch_input", small, COLORS["input"], "solid", s["thin"]),
        (local.true_image, "stretch_true", "warp.fig.stretch.true", COLORS[key], "solid", s["line"] * 0.8),
        (local.linear_image, "stretch_linear", "warp.fig.stretch.linear", COLORS[key], "dash", s["line"] * 0.8),
    )
    traces = [
        {
            **line(rings(points), dim=n, role=role, name=t(name), color=color, width=width, dash=dash, dtype=DISPLAY),
            "connectgaps": False,
        }
        for points, role, name, color, dash, width in parts
    ]
    if n == 3:  # a sphere's rings in black would hide x: faint
        traces[0]["opacity"] = 0.45
    return traces


# --- layouts -----------------------------------------------------------------------------------------------


def _legend(projector: bool, plot_height: int, entries: int) -> dict:
    """Below the plot in one column on screen (a phone keeps the plot's width); right of it on a projector,
    where a dozen rows of 24 px type below it would not fit 1080 px."""
    if projector:
        return legend_layout(projector, plot_height=plot_height, entries=entries, beside=True)
    return legend_below(projector, plot_height=plot_height, entries=entries, gap=10.0, top=3.4, entry_width=None)


def _plane_layout(t: Translator, projector: bool, half: float, entries: int) -> dict:
    axis = dict(
        range=[-half, half],
        autorange=False,
        zeroline=True,
        zerolinecolor="#D0D0D0",
        showgrid=False,  # the grid being bent is the only grid
        constrain="domain",
        automargin=True,
    )
    return base_layout(
        projector,
        xaxis=dict(axis, title=dict(text=t("axis.x1"))),
        yaxis=dict(axis, title=dict(text=t("axis.x2")), scaleanchor="x", scaleratio=1),
        **_legend(projector, PLOT_HEIGHT[2][projector], entries),
    )


def _scene_axis(t: Translator, projector: bool, title: str, lo: float, hi: float, ticks=None) -> dict:
    font = sizes(projector)["font"]
    axis = dict(
        range=[lo, hi],
        autorange=False,
        title=dict(text=title, font=dict(size=round(font * 0.85))),
        tickfont=dict(size=round(font * 0.7)),
        zeroline=True,
        zerolinecolor="#999999",
        showbackground=True,
        backgroundcolor="#F7F7F7",
        gridcolor="#E2E2E2",
        showspikes=False,
    )
    if ticks is not None:
        axis.update(tickmode="array", tickvals=ticks)
    return axis


def _space_layout(t: Translator, projector: bool, half: float, entries: int) -> dict:
    ticks = tick_values(half)
    return base_layout(
        projector,
        scene=dict(
            **{
                f"{a}axis": _scene_axis(t, projector, t(f"axis.x{i}"), -half, half, ticks)
                for i, a in enumerate(AXES, start=1)
            },
            aspectmode="cube",
            camera=camera("oblique", lift=0.1 if projector else 0.0),
        ),
        **_legend(projector, PLOT_HEIGHT[3][projector], entries),
    )


# --- γ makes an ellipsoid ----------------------------------------------------------------------------------


def _plane_pair(ellipsoid: warp.OutputEllipsoid) -> np.ndarray:
    """Two orthonormal directions (columns) of the plane the N = 3 outputs lie in: the axes' directions, or any
    pair ⟂ the normal when an axis has length 0."""
    dirs = ellipsoid.directions
    if np.all(np.linalg.norm(dirs, axis=0) > 0.5) and ellipsoid.lengths[-1] > 0:
        return dirs
    return np.linalg.svd(ellipsoid.normal[None, :])[2][1:].T


def ellipsoid_figure(
    ellipsoid: warp.OutputEllipsoid, samples, t: Translator, *, projector: bool = False, cloud=None
) -> dict:
    """LayerNorm's output set for γ and β (``samples``: rows from ``warp.output_set``) with its semi-axes.

    N = 3: in output space, a closed curve in the plane through β (a translucent patch), the axes as segments
    β ± length·direction labelled with their lengths, β marked. N = 4: in the axes' own coordinates
    (``ellipsoid.coordinates``), so the axes lie along the coordinate axes. ``cloud``: outputs of random
    inputs, as small points.
    """
    n = ellipsoid.n
    if n not in (3, 4):
        raise ValueError(f"the ellipsoid must have N = 3 or 4; got N = {n}")
    s = sizes(projector)
    color = COLORS["ln"]
    samples = np.atleast_2d(np.asarray(samples, dtype=np.float64))
    lengths = np.asarray(ellipsoid.lengths, dtype=np.float64)
    if n == 3:
        to_view = lambda y: np.atleast_2d(np.asarray(y, dtype=np.float64))  # noqa: E731
        centre = ellipsoid.beta
        directions = ellipsoid.directions
    else:
        to_view = ellipsoid.coordinates
        centre = np.zeros(3)
        directions = np.eye(3)
    shown = to_view(samples)
    data = []
    if n == 3:
        pair = _plane_pair(ellipsoid)
        size = 1.25 * max(float(lengths[0]), 0.5)
        corners = centre + size * np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) @ pair.T
        data.append(
            {
                "type": "mesh3d",
                **_coords(corners, 3),
                "i": np.array([0, 0]),
                "j": np.array([1, 2]),
                "k": np.array([2, 3]),
                "color": color,
                "opacity": 0.12,
                "flatshading": True,
                "lighting": {"ambient": 0.9, "diffuse": 0.1, "specular": 0.0},
                "name": t("warp.fig.ell.plane"),
                "meta": "ell_plane",
                "showlegend": True,
                "hoverinfo": "skip",
            }
        )
        closed = np.concatenate([shown, shown[:1]])
        data.append(
            line(
                closed,
                dim=3,
                role="ell_outputs",
                name=t("warp.fig.ell.outputs", eps=eps_text(ellipsoid.eps)),
                color=color,
                width=s["line"],
                hover=True,
            )
        )
    else:
        data.append(
            {
                **markers(
                    shown,
                    dim=3,
                    role="ell_outputs",
                    name=t("warp.fig.ell.outputs", eps=eps_text(ellipsoid.eps)),
                    color=color,
                    size=s["marker"] * 0.3,
                    symbol="circle",
                    width=0.0,
                ),
                "opacity": 0.6,
            }
        )
    if cloud is not None:
        pts = to_view(cloud)
        data.append(
            {
                **markers(
                    pts,
                    dim=3,
                    role="ell_cloud",
                    name=t("warp.fig.ell.cloud"),
                    color=COLORS["reference"],
                    size=s["marker"] * 0.3,
                    symbol="circle",
                    width=0.0,
                ),
                "opacity": 0.7,
            }
        )
    ends = centre + (lengths[None, :] * directions).T  # (axes, 3): β + length·direction
    starts = centre - (lengths[None, :] * directions).T
    segments = np.stack([starts, ends, np.full_like(ends, np.nan)], axis=1).reshape(-1, 3)
    data.append(
        {
            **line(
                segments, dim=3, role="ell_axes", name=t("warp.fig.ell.axes"), color=COLORS["input"], width=s["line"]
            ),
            "connectgaps": False,
        }
    )
    data.append(
        {
            "type": "scatter3d",
            "mode": "text",
            **_coords(ends, 3),
            "text": [decimals(v, 2) for v in lengths],
            "textposition": "top center",
            "textfont": {"size": s["font"], "color": COLORS["input"]},
            "name": t("warp.fig.ell.axes"),
            "meta": "ell_axis_labels",
            "showlegend": False,
            "hoverinfo": "skip",
        }
    )
    data.append(
        markers(
            centre[None, :],
            dim=3,
            role="ell_beta",
            name=t("warp.fig.ell.beta"),
            color=COLORS["input"],
            size=s["marker"] * 0.8,
            symbol="diamond",
            width=1.0,
        )
    )
    reach = [np.abs(p - centre) for p in (shown, ends, starts)]
    if cloud is not None:
        reach.append(np.abs(to_view(cloud) - centre))
    finite = np.concatenate([r[np.isfinite(r)] for r in reach] + [np.array([1.0])])
    half = 1.15 * float(finite.max())
    if n == 3:
        titles = [t("warp.fig.axis.y", sub=subscript(i), k=i) for i in (1, 2, 3)]
    else:
        titles = [t("warp.fig.ell.coord", sub=subscript(i), k=i) for i in (1, 2, 3)]
    scene = {
        f"{a}axis": _scene_axis(t, projector, title, c - half, c + half) for a, title, c in zip(AXES, titles, centre)
    }
    entries = sum(tr.get("showlegend", True) is not False for tr in data)
    layout = base_layout(
        projector,
        title={"text": t(f"warp.fig.ell.title{n}"), "x": 0.01, "xanchor": "left"},
        scene=dict(**scene, aspectmode="cube", camera=camera("oblique", lift=0.1 if projector else 0.0)),
        **legend_below(
            projector, plot_height=PLOT_HEIGHT[3][projector], entries=entries, top=3.4, entry_width=None, x_title=False
        ),
    )
    return {"data": data, "layout": layout}


# --- how much lands on the surface -------------------------------------------------------------------------


def surface_fraction_figure(
    eps_values,
    fractions,
    t: Translator,
    *,
    projector: bool = False,
    current_eps: float | None = None,
    current_share: float | None = None,
) -> dict:
    """The share of a cloud's LayerNorm outputs within ``warp.NEAR_SURFACE`` of the surface against ε (a log
    axis: ε ≤ 0 is left out), with the current ε marked where it is positive."""
    s = sizes(projector)
    eps = np.asarray(eps_values, dtype=np.float64)
    share = np.asarray(fractions, dtype=np.float64)
    keep = eps > 0
    eps, share = eps[keep], share[keep]
    color = COLORS["ln"]
    data = [
        {
            "type": "scatter",
            "mode": "lines+markers",
            "x": eps,
            "y": share,
            "name": t("warp.fig.surf.curve"),
            "meta": "fraction",
            "line": {"color": color, "width": s["line"]},
            "marker": {"color": color, "size": s["marker"] * 0.6, "symbol": METHODS["ln"].symbol},
            "hovertemplate": "ε = %{x:.3g}: %{y:.1%}<extra></extra>",
        }
    ]
    lo, hi = (float(eps.min()), float(eps.max())) if eps.size else (1e-4, 10.0)
    if current_eps is not None and current_eps > 0 and eps.size:
        at = (  # the page's own share at ε when it has one: the curve's points are only a grid of ε
            float(current_share)
            if current_share is not None
            else float(np.interp(math.log10(current_eps), np.log10(eps), share))
        )
        data.append(
            {
                "type": "scatter",
                "mode": "lines+markers",
                "x": np.array([current_eps, current_eps]),
                "y": np.array([0.0, at]),
                "name": t("warp.fig.surf.current", eps=significant(current_eps, 3)),
                "meta": "current",
                "line": {"color": COLORS["input"], "width": s["thin"], "dash": "dot"},
                "marker": {"color": COLORS["input"], "size": np.array([0.0, s["marker"] * 1.2]), "symbol": "x"},
                "hovertemplate": "ε = %{x:.3g}: %{y:.1%}<extra></extra>",
            }
        )
        lo, hi = min(lo, current_eps), max(hi, current_eps)
    layout = base_layout(
        projector,
        title={"text": t("warp.fig.surf.title"), "x": 0.01, "xanchor": "left"},
        xaxis=dict(
            type="log",
            title=dict(text=t("warp.fig.surf.x")),
            range=[math.log10(lo) - 0.1, math.log10(hi) + 0.1],
            exponentformat="power",
        ),
        yaxis=dict(
            title=dict(text=t("warp.fig.surf.y", tol=percent(warp.NEAR_SURFACE))),
            range=[0.0, 1.05],
            tickformat=".0%",
        ),
        **legend_below(projector, plot_height=340 if projector else 280, entries=len(data)),
    )
    return {"data": data, "layout": layout}
