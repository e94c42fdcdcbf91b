"""One 3-vector x under five members of the family, with the set each member's outputs live on.

L2 on the unit sphere, RMSNorm on the sphere of radius √3, LayerNorm on the circle of
radius √3 in the plane x + y + z = 0, min-max on a loop of edges of the unit cube
(min 0 and max 1), softmax inside the probability simplex (the triangle with corners
e1, e2, e3). All at ε = 0, γ = 1, β = 0. The surfaces, circle and 3D layout are the
space page's (``figures.projection``); the sets and outputs come from ``normviz.family``.
Plain plotly JSON; traces carry ``meta`` roles. Nothing here builds a ``go.Figure``.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from normviz import family
from normviz import geometry as geo
from normviz.figures._legend import legend_below
from normviz.figures._style import COLORS, sizes
from normviz.figures.projection import CIRCLE_POINTS, SPACE, SPHERE_MESH, View, arrows, camera, line, surface
from normviz.i18n import Translator

COLOR = {**COLORS, **{k: m.color for k, m in family.MEMBERS.items() if m.color}}
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
def sets(t: Translator, projector: bool) -> tuple[dict, ...]:
    """The sets the outputs live on; they depend on nothing but the language and the type size."""
    s = sizes(projector)
    rows, cols = SPHERE_MESH
    tri = family.simplex_vertices()
    return (
        surface(geo.sphere_mesh(1.0, rows=rows, cols=cols), role="sphere_unit", name=t("family.set.unit_sphere"),
                color=COLOR["l2"], opacity=0.18),
        surface(geo.sphere_mesh(math.sqrt(3.0), rows=rows, cols=cols), role="sphere_sqrt3",
                name=t("family.set.sqrt3_sphere"), color=COLOR["rms"], opacity=0.10),
        line(geo.layer_norm_circle_3d(points=CIRCLE_POINTS), dim=3, role="ln_circle", name=t("family.set.ln_circle"),
             color=COLOR["ln"], width=s["line"], hover=True),
        {"type": "mesh3d", "x": tri[:, 0], "y": tri[:, 1], "z": tri[:, 2], "i": np.array([0]), "j": np.array([1]),
         "k": np.array([2]), "name": t("family.set.simplex"), "meta": "simplex", "showlegend": True,
         "color": COLOR["softmax"], "opacity": 0.35, "hoverinfo": "skip", "flatshading": True},
        line(_segments(family.cube_edges()), dim=3, role="cube", name=t("family.set.cube"), color=COLORS["reference"],
             width=s["thin"], dash="dot"),
        line(family.min_max_loop(), dim=3, role="minmax_loop", name=t("family.set.minmax_loop"),
             color=COLOR["minmax"], width=s["line"], hover=True),
    )


def outputs(x, out: dict[str, np.ndarray], t: Translator, *, projector: bool, extent: float) -> list[dict]:
    """x as an arrow from the origin, each output as a marker joined to x by a thin line."""
    s = sizes(projector)
    x = np.asarray(x, dtype=np.float64)
    traces = arrows(np.zeros(3), x, dim=3, role="arrow_input", name=t("method.input"), color=COLORS["input"],
                    width=s["line"], projector=projector, extent=extent)
    for key in family.DRAWN:
        y = np.asarray(out[key], dtype=np.float64)
        name = t(f"method.{key}")
        traces.append(line(np.stack([x, y]), dim=3, role=f"link_{key}", name=name, color=COLOR[key], width=s["thin"],
                           dash="dot", opacity=0.7, showlegend=False) | {"legendgroup": key})
        traces.append({"type": "scatter3d", "mode": "markers", "x": y[:1], "y": y[1:2], "z": y[2:], "name": name,
                       "meta": f"out_{key}", "legendgroup": key,
                       "marker": {"symbol": "diamond", "size": s["marker"] * 0.8, "color": COLOR[key],
                                  "line": {"color": "black", "width": 1}},
                       "hovertemplate": "(%{x:.3f}, %{y:.3f}, %{z:.3f})<extra>" + name + "</extra>"})
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
