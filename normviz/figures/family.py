"""The Family page's pictures: the members in 3D, x / ‖x‖_p on three unit spheres, a column's histograms.

``space_figure``: one 3-vector x under five members of the family, with the set each member's outputs live on.

L2 on the unit sphere, RMSNorm on the sphere of radius √3, LayerNorm on the circle of
radius √3 in the plane x + y + z = 0, min-max on a loop of edges of the unit cube
(min 0 and max 1), softmax inside the probability simplex (the triangle with corners
e1, e2, e3). All at ε = 0, γ = 1, β = 0. The surfaces, circle and 3D layout are the
space page's (``figures.projection``); the sets and outputs come from ``normviz.family``.

``p_figure``: x / ‖x‖_p slides x along its ray onto the unit sphere of the p-norm: the
octahedron (p = 1), the round sphere (p = 2), the cube surface (p = ∞); softmax slides
exp(x − max x) along its own ray onto the octahedron's positive face, the simplex.
The view is fixed (every output has |yᵢ| ≤ 1), so x is drawn as its ray.

``column_figure``: histograms of a data column before and after standardizing, on the
same bins (the z bins are the value bins standardized), with the normal density.

Plain plotly JSON; traces carry ``meta`` roles. Nothing here builds a ``go.Figure``.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from normviz import family
from normviz import geometry as geo
from normviz.figures._legend import legend_below, subplot_grid
from normviz.figures._style import COLORS, base_layout, sizes
from normviz.figures.projection import CIRCLE_POINTS, SPACE, SPHERE_MESH, View, arrows, camera, line, surface
from normviz.i18n import Translator
from normviz.methods import METHODS

COLOR = COLORS
# x / ‖x‖_p: p = 2 is L2's colour, softmax keeps its own; p = 1 and p = ∞ take Paul Tol's indigo and olive,
# apart from Okabe-Ito's eight for colour-blind eyes, and each output has its own marker shape too.
P_COLOR = {"l1": "#332288", "l2": COLOR["l2"], "linf": "#929231", "softmax": COLOR["softmax"]}
P_SYMBOL = {"l1": "diamond", "l2": "circle", "linf": "square", "softmax": "cross"}
P_EXTENT = 1.5  # every output of x / ‖x‖_p has |yᵢ| ≤ 1
# The 3D picture's outputs differ by line dash and marker as well as by colour (both drawn in 3D scenes).
DRAWN_LOOK = {key: (m.dash, m.symbol) for key, m in METHODS.items()} | {
    "minmax": ("dashdot", "x"),
    "softmax": ("longdash", "cross"),
}

PLOT_HEIGHT = {False: 560, True: 500}  # projector: on one 1080 px screen with the title
# The space page's camera left the cube in the lower half of this taller plot, half its height:
# a little closer, and the cube lifted (the eye looks down on it).
CAMERA_LIFT, CAMERA_ZOOM = 0.12, 0.88


def extent_for(x) -> float:
    """Half-width of the fixed axes: room for the √3 sphere and for x."""
    top = float(np.max(np.abs(np.asarray(x, dtype=np.float64))))
    return max(2.0, math.ceil(1.1 * top * 2.0) / 2.0) if math.isfinite(top) else 2.0


def _segments(edges: np.ndarray) -> np.ndarray:
    """(k, 2, 3) start/end pairs as one polyline with NaN gaps."""
    gap = np.full((len(edges), 1, 3), np.nan)
    return np.concatenate([edges, gap], axis=1).reshape(-1, 3)


@lru_cache(maxsize=16)
def _simplex(name: str, meta: str, color: str, opacity: float) -> dict:
    """The probability simplex (``family.simplex_vertices``) as one flat triangle in 3D."""
    tri = family.simplex_vertices()
    return {
        "type": "mesh3d",
        "x": tri[:, 0],
        "y": tri[:, 1],
        "z": tri[:, 2],
        "i": np.array([0]),
        "j": np.array([1]),
        "k": np.array([2]),
        "name": name,
        "meta": meta,
        "showlegend": True,
        "color": color,
        "opacity": opacity,
        "hoverinfo": "skip",
        "flatshading": True,
    }


def sets(t: Translator, projector: bool) -> tuple[dict, ...]:
    """The sets the outputs live on; they depend on nothing but the language and the type size."""
    s = sizes(projector)
    rows, cols = SPHERE_MESH
    return (
        surface(
            geo.sphere_mesh(1.0, rows=rows, cols=cols),
            role="sphere_unit",
            name=t("family.set.unit_sphere"),
            color=COLOR["l2"],
            opacity=0.18,
        ),
        surface(
            geo.sphere_mesh(math.sqrt(3.0), rows=rows, cols=cols),
            role="sphere_sqrt3",
            name=t("family.set.sqrt3_sphere"),
            color=COLOR["rms"],
            opacity=0.10,
        ),
        line(
            geo.layer_norm_circle_3d(points=CIRCLE_POINTS),
            dim=3,
            role="ln_circle",
            name=t("family.set.ln_circle"),
            color=COLOR["ln"],
            width=s["line"],
            hover=True,
        ),
        _simplex(t("family.set.simplex"), "simplex", COLOR["softmax"], 0.35),
        line(
            _segments(family.cube_edges()),
            dim=3,
            role="cube",
            name=t("family.set.cube"),
            color=COLORS["reference"],
            width=s["thin"],
            dash="dot",
        ),
        line(
            family.min_max_loop(),
            dim=3,
            role="minmax_loop",
            name=t("family.set.minmax_loop"),
            color=COLOR["minmax"],
            width=s["line"],
            hover=True,
        ),
    )


def outputs(x, out: dict[str, np.ndarray], t: Translator, *, projector: bool, extent: float) -> list[dict]:
    """x as an arrow from the origin, each output as a marker joined to x by a thin line."""
    s = sizes(projector)
    x = np.asarray(x, dtype=np.float64)
    traces = arrows(
        np.zeros(3),
        x,
        dim=3,
        role="arrow_input",
        name=t("method.input"),
        color=COLORS["input"],
        width=s["line"],
        projector=projector,
        extent=extent,
    )
    for key in family.DRAWN:
        y = np.asarray(out[key], dtype=np.float64)
        name = t(f"method.{key}")
        traces.append(
            line(
                np.stack([x, y]),
                dim=3,
                role=f"link_{key}",
                name=name,
                color=COLOR[key],
                width=s["thin"],
                dash=DRAWN_LOOK[key][0],
                opacity=0.7,
                showlegend=False,
            )
            | {"legendgroup": key}
        )
        traces.append(
            {
                "type": "scatter3d",
                "mode": "markers",
                "x": y[:1],
                "y": y[1:2],
                "z": y[2:],
                "name": name,
                "meta": f"out_{key}",
                "legendgroup": key,
                "marker": {
                    "symbol": DRAWN_LOOK[key][1],
                    "size": s["marker"] * 0.8,
                    "color": COLOR[key],
                    "line": {"color": "black", "width": 1},
                },
                "hovertemplate": "(%{x:.3f}, %{y:.3f}, %{z:.3f})<extra>" + name + "</extra>",
            }
        )
    return traces


def space_figure(x, out: dict[str, np.ndarray], t: Translator, *, projector: bool = False) -> dict:
    """x and its five outputs in 3D, with the sets they live on (ε = 0, γ = 1, β = 0)."""
    extent = extent_for(x)
    data = [*sets(t, projector), *outputs(x, out, t, projector=projector, extent=extent)]
    layout = SPACE.layout(t, projector, View(extent), entries=0)
    entries = sum(1 for tr in data if tr.get("showlegend", True))
    layout.update(legend_below(projector, plot_height=PLOT_HEIGHT[projector], entries=entries, x_title=False))
    layout["scene"]["camera"] = camera("oblique", lift=CAMERA_LIFT, zoom=CAMERA_ZOOM)
    return {"data": data, "layout": layout}


# ---------------------------------------------------------------------------
# x / ‖x‖_p


@lru_cache(maxsize=16)
def p_sets(t: Translator, projector: bool) -> tuple[dict, ...]:
    """The unit spheres of the 1-, 2- and ∞-norms and the simplex: the same for every x."""
    s = sizes(projector)
    rows, cols = SPHERE_MESH
    corners, faces = family.octahedron()
    edges = np.array([[corners[a], corners[b]] for a in range(6) for b in range(a + 1, 6) if abs(a - b) != 3])
    return (
        {
            "type": "mesh3d",
            "x": corners[:, 0],
            "y": corners[:, 1],
            "z": corners[:, 2],
            "i": faces[:, 0],
            "j": faces[:, 1],
            "k": faces[:, 2],
            "name": t("family.p.set.l1"),
            "meta": "p_octahedron",
            "showlegend": True,
            "color": P_COLOR["l1"],
            "opacity": 0.12,
            "hoverinfo": "skip",
            "flatshading": True,
        },
        line(
            _segments(edges),
            dim=3,
            role="p_octahedron_edges",
            name=t("family.p.set.l1"),
            color=P_COLOR["l1"],
            width=s["thin"],
            showlegend=False,
        ),
        surface(
            geo.sphere_mesh(1.0, rows=rows, cols=cols),
            role="p_sphere",
            name=t("family.p.set.l2"),
            color=P_COLOR["l2"],
            opacity=0.12,
        ),
        line(
            _segments(family.linf_cube_edges()),
            dim=3,
            role="p_cube",
            name=t("family.p.set.linf"),
            color=P_COLOR["linf"],
            width=s["line"],
        ),
        _simplex(t("family.p.set.simplex"), "p_simplex", P_COLOR["softmax"], 0.4),
    )


def _ray(v) -> np.ndarray:
    """The ray from the origin through v inside the fixed view; NaN where v has no direction."""
    return geo.ray_in_box(np.asarray(v, dtype=np.float64), P_EXTENT)


def p_figure(rows: tuple[family.PRow, ...], t: Translator, *, projector: bool = False) -> dict:
    """x's ray with its outputs on the unit spheres of p = 1, 2, ∞, and exp(x − max x)'s ray with softmax."""
    s = sizes(projector)
    by_key = {r.key: r for r in rows}
    x, e = by_key["l1"].divided, by_key["softmax"].divided
    data = [
        *p_sets(t, projector),
        line(
            _ray(x),
            dim=3,
            role="p_ray_x",
            name=t("family.p.ray_x"),
            color=COLORS["input"],
            width=s["thin"],
            dash="dot",
            hover=True,
        ),
        line(
            _ray(e),
            dim=3,
            role="p_ray_exp",
            name=t("family.p.ray_exp"),
            color=P_COLOR["softmax"],
            width=s["thin"],
            dash="dot",
            hover=True,
        ),
        {
            "type": "scatter3d",
            "mode": "markers",
            "x": e[:1],
            "y": e[1:2],
            "z": e[2:],
            "name": t("family.p.exp"),
            "meta": "p_exp",
            "marker": {"symbol": "circle-open", "size": s["marker"] * 0.8, "color": P_COLOR["softmax"]},
            "hovertemplate": "(%{x:.3f}, %{y:.3f}, %{z:.3f})<extra>exp(x − max x)</extra>",
        },
    ]
    for key in family.P_NORMS:
        y, name = by_key[key].output, t(f"family.p.{key}")
        data.append(
            {
                "type": "scatter3d",
                "mode": "markers",
                "x": y[:1],
                "y": y[1:2],
                "z": y[2:],
                "name": name,
                "meta": f"p_out_{key}",
                "marker": {
                    "symbol": P_SYMBOL[key],
                    "size": s["marker"] * 0.8,
                    "color": P_COLOR[key],
                    "line": {"color": "black", "width": 1},
                },
                "hovertemplate": "(%{x:.3f}, %{y:.3f}, %{z:.3f})<extra>" + name + "</extra>",
            }
        )
    layout = SPACE.layout(t, projector, View(P_EXTENT), entries=0)
    entries = sum(1 for tr in data if tr.get("showlegend", True))
    layout.update(legend_below(projector, plot_height=PLOT_HEIGHT[projector], entries=entries, x_title=False))
    layout["scene"]["camera"] = camera("oblique", lift=CAMERA_LIFT, zoom=CAMERA_ZOOM)
    return {"data": data, "layout": layout}


# ---------------------------------------------------------------------------
# A data column before and after standardizing

COLUMN_HEIGHT = {False: 420, True: 520}
Z_VIEW = 3.5  # the z axes reach at least ±3.5


def column_figure(columns: dict[str, family.Column], t: Translator, *, projector: bool = False) -> dict:
    """One row per column (heights, incomes): its histogram before and after standardizing, on the same bins,
    and the normal density scaled to the counts beside the z histogram."""
    s = sizes(projector)
    kinds = [k for k in family.COLUMNS if k in columns]
    titles = [t(f"family.column.fig.{k}.{side}") for k in kinds for side in ("before", "after")]
    grid, cells = subplot_grid(len(kinds), 2, projector=projector, titles=titles, horizontal_spacing=0.1)
    data = []
    for r, kind in enumerate(kinds):
        col = columns[kind]
        before, after = cells[2 * r], cells[2 * r + 1]
        counts = col.counts.astype(np.float64)
        for cell, edges, side, color in (
            (before, col.edges, "before", COLORS["reference"]),
            (after, col.z_edges, "after", COLOR["std"]),
        ):
            data.append(
                {
                    "type": "bar",
                    "x": (edges[:-1] + edges[1:]) / 2,
                    "y": counts,
                    "width": np.diff(edges),
                    "name": t(f"family.column.fig.{side}"),
                    "meta": f"hist_{kind}_{side}",
                    "legendgroup": side,
                    "showlegend": r == 0,
                    "marker": {"color": color, "line": {"color": "#FFFFFF", "width": 0.5}},
                    "hovertemplate": "%{x:.3g}: %{y:.0f}<extra></extra>",
                    **cell.refs,
                }
            )
        # Both panels show z from −Z_VIEW to Z_VIEW at least (the normal curve's tails), the left one in the
        # column's own units: μ + σ·z, so the two panels stay aligned bar for bar.
        low, high = min(-Z_VIEW, float(col.z_edges[0])), max(Z_VIEW, float(col.z_edges[-1]))
        z = np.linspace(low, high, 121)
        scale = counts.sum() * (col.z_edges[1] - col.z_edges[0])  # density × n × bin width: expected counts
        data.append(
            {
                "type": "scatter",
                "mode": "lines",
                "x": z,
                "y": family.normal_density(z) * scale,
                "name": t("family.column.fig.normal"),
                "meta": f"normal_{kind}",
                "legendgroup": "normal",
                "showlegend": r == 0,
                "line": {"color": COLORS["input"], "width": s["thin"], "dash": "dash"},
                "hoverinfo": "skip",
                **after.refs,
            }
        )
        grid[before.xaxis].update(
            title={"text": t(f"family.column.fig.{kind}.x")},
            range=[col.mean + col.std * low, col.mean + col.std * high],
        )
        grid[after.xaxis].update(title={"text": "z"}, range=[low, high])
        grid[before.yaxis]["title"] = {"text": t("family.column.fig.y")}
        for cell in (before, after):
            grid[cell.yaxis]["rangemode"] = "tozero"
    font = sizes(projector)["font"]
    layout = base_layout(projector, bargap=0, **grid)
    layout.update(legend_below(projector, plot_height=COLUMN_HEIGHT[projector], entries=3, columns=3))
    for a in layout["annotations"]:
        a["font"] = {"size": round(font * 0.9)}
    return {"data": data, "layout": layout}
