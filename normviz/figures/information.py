"""Where the information goes: pairs that merge or stay apart, a direction-coloured cloud,
and cosine-similarity heat maps before and after each method.

Data come from ``normviz.information``. Each builder returns plain plotly JSON
(``{"data": [...], "layout": {...}}``, numpy arrays inside); traces carry
``meta`` roles. Nothing here builds a ``go.Figure``.
"""

from __future__ import annotations

import math

import numpy as np

from normviz import information
from normviz.figures._legend import legend_below, subplot_grid
from normviz.figures._style import COLORS, arrow_marker, arrows_xy, base_layout, colorscale, method_name, sizes
from normviz.format import subscript
from normviz.i18n import Translator
from normviz.methods import METHODS

# A cyclic, saturated scale for directions (cmocean "phase"); method colours stay Okabe–Ito.
DIRECTION_SCALE = "Phase"
# Diverging scale for similarities in [−1, 1] (red–blue reads for the common colour-vision deficiencies).
SIMILARITY_SCALE = "RdBu"
THETA = np.linspace(0.0, 2.0 * math.pi, 121)


def nice_extent(values, minimum: float = 2.0) -> float:
    """A fixed half-width of the axes that shows every value: 1, 2, 2.5 or 5 × 10^k, with a margin."""
    finite = np.abs(np.asarray(values, dtype=np.float64))
    finite = finite[np.isfinite(finite)]
    top = max(minimum, float(finite.max()) * 1.1 if finite.size else minimum)
    exp = 10.0 ** math.floor(math.log10(top))
    for step in (1.0, 2.0, 2.5, 5.0, 10.0):
        if step * exp >= top:
            return step * exp
    return 10.0 * exp


def _radius_label(key: str, n: int) -> str:
    """ "1" for L2, "√n" with the number for the others (their radius at ε = 0)."""
    return "1" if METHODS[key].radius(n) == 1.0 else f"√{n}"


def _arrows(starts, ends, *, color: str, projector: bool, **trace) -> dict:
    """Arrows from ``starts`` to ``ends`` in one trace (non-finite ones left out), with heads at their ends."""
    s = sizes(projector)
    xs, ys = arrows_xy(starts, ends)
    line = {"color": color, "width": s["line"], **trace.pop("line", {})}
    return {
        "type": "scatter",
        "x": xs,
        "y": ys,
        "mode": "lines+markers",
        "line": line,
        "marker": arrow_marker(color, len(xs) // 3, projector),
        **trace,
    }


OUTPUT_EXTENT = 1.7  # the outputs of a 2D pair lie within the √2 circle


def pairs_figure(
    pairs: list[information.PairComparison], t: Translator, *, projector: bool = False, numbers: list[int] | None = None
) -> dict:
    """Top row: each pair's inputs a and b. Bottom row: each method's two outputs, on its target circle.

    ``numbers`` are the pairs' numbers on the page (default 1, 2, …), for the panel titles.
    """
    s = sizes(projector)
    cols = len(pairs)
    numbers = list(numbers) if numbers is not None else list(range(1, cols + 1))
    titles = [t("info.fig.pairs.inputs", k=k) for k in numbers] + [t("info.fig.pairs.outputs", k=k) for k in numbers]
    grid, cells = subplot_grid(
        2, cols, projector=projector, titles=titles, horizontal_spacing=0.1, vertical_spacing=0.14
    )
    legend = (
        legend_below(projector, plot_height=500, entries=6, columns=2)
        if projector
        # on one 1080 px screen
        else dict(
            height=800,
            margin=dict(l=10, r=10, t=60, b=10),
            legend=dict(orientation="v", x=1.02, y=1.0, xanchor="left", yanchor="top"),
        )
    )
    layout = base_layout(projector, **legend, **grid)
    data = []
    axis = dict(zeroline=True, zerolinecolor="#BBBBBB", gridcolor="#EEEEEE", constrain="domain")
    for col, pair in enumerate(pairs, start=1):
        top, bottom = cells[col - 1], cells[cols + col - 1]
        first = col == 1
        ends = np.stack([pair.a, pair.b])
        name = method_name("input", t)
        data.append(
            _arrows(
                np.zeros((2, 2)),
                ends,
                color=COLORS["input"],
                projector=projector,
                meta=f"inputs_{col}",
                name=name,
                legendgroup="inputs",
                showlegend=first,
                hovertemplate="(%{x:.4g}, %{y:.4g})<extra>" + name + "</extra>",
                **top.refs,
            )
        )
        keep = np.all(np.isfinite(ends), axis=1)
        data.append(
            {
                "type": "scatter",
                "x": ends[keep, 0],
                "y": ends[keep, 1],
                "mode": "text",
                "meta": f"labels_{col}",
                "text": [k for k, ok in zip("ab", keep) if ok],
                "showlegend": False,
                "textposition": "top left",
                "textfont": {"size": s["font"] * 1.1, "color": COLORS["input"]},
                "hoverinfo": "skip",
                **top.refs,
            }
        )
        for key in ("l2", "rms"):
            r = METHODS[key].radius(2)
            data.append(
                {
                    "type": "scatter",
                    "x": r * np.cos(THETA),
                    "y": r * np.sin(THETA),
                    "mode": "lines",
                    "meta": f"circle_{key}_{col}",
                    "name": t("info.fig.circle", r=_radius_label(key, 2)),
                    "legendgroup": f"circle_{key}",
                    "showlegend": first,
                    "line": {"color": METHODS[key].color, "width": s["thin"], "dash": METHODS[key].dash},
                    "hoverinfo": "skip",
                    **bottom.refs,
                }
            )
        for key in reversed(METHODS):  # L2 last: on top of RMSNorm's arrow along the same ray
            name = method_name(key, t)
            data.append(
                _arrows(
                    np.zeros((2, 2)),
                    np.stack(pair.outputs[key]),
                    color=METHODS[key].color,
                    projector=projector,
                    line={"dash": METHODS[key].dash},
                    meta=f"outputs_{key}_{col}",
                    name=name,
                    legendgroup=key,
                    showlegend=first,
                    hovertemplate="(%{x:.4f}, %{y:.4f})<extra>" + name + "</extra>",
                    **bottom.refs,
                )
            )
        for cell, ext in ((top, nice_extent(ends)), (bottom, OUTPUT_EXTENT)):
            layout[cell.xaxis].update(axis, range=[-ext, ext])
            if cell is bottom:
                layout[cell.xaxis]["title"] = {"text": t("axis.x1")}
            layout[cell.yaxis].update(
                axis, range=[-ext, ext], title={"text": t("axis.x2")}, scaleanchor=cell.refs["xaxis"], scaleratio=1
            )
    return {"data": data, "layout": layout}


def cloud_figure(cloud: information.Cloud, t: Translator, *, projector: bool = False, extent: float = 3.0) -> dict:
    """Input cloud and each method's outputs (2 × 2 panels), every point coloured by its input's direction."""
    s = sizes(projector)
    panels = ["input", *METHODS]
    three = cloud.dim == 3
    grid, cells = subplot_grid(
        2,
        2,
        projector=projector,
        titles=[method_name(p, t) for p in panels],
        horizontal_spacing=0.08,
        vertical_spacing=0.06 if three else 0.12,
        scene=three,
    )
    layout = base_layout(
        projector,
        height=(1040 if projector else 900) if three else (1000 if projector else 820),  # within 1080 px
        legend=dict(orientation="h", x=0.0, y=-0.05, xanchor="left", yanchor="top"),
        coloraxis=dict(
            colorscale=colorscale(DIRECTION_SCALE),
            cmin=0.0,
            cmax=2.0 * math.pi,
            colorbar=dict(
                title=dict(text=t(f"info.fig.cloud.colorbar{3 if three else 2}")),
                tickvals=[0.0, math.pi / 2, math.pi, 1.5 * math.pi, 2 * math.pi],
                ticktext=["0", "π/2", "π", "3π/2", "2π"],
                len=0.6,
            ),
        ),
        margin=dict(l=10, r=10, t=50, b=10),
        **grid,
    )
    data = []
    for panel, cell in zip(panels, cells):
        pts = cloud.inputs if panel == "input" else cloud.outputs[panel]
        keep = np.all(np.isfinite(pts), axis=1)
        marker = dict(
            color=cloud.hue[keep],
            coloraxis="coloraxis",
            size=s["marker"] * (0.45 if three else 0.7),
            line=dict(color="white", width=0 if three else 0.5),
        )
        coords = {"x": pts[keep, 0], "y": pts[keep, 1]} | ({"z": pts[keep, 2]} if three else {})
        data.append(
            {
                "type": "scatter3d" if three else "scatter",
                **coords,
                "mode": "markers",
                "meta": f"cloud_{panel}",
                "name": t("info.fig.cloud.points", method=method_name(panel, t)),
                "marker": marker,
                "showlegend": False,
                "hoverinfo": "skip",
                **cell.refs,
            }
        )
        data += [{**trace, **cell.refs} for trace in _cloud_reference(panel, three, t, projector)]
    axis = dict(range=[-extent, extent], zeroline=True, zerolinecolor="#BBBBBB", gridcolor="#EEEEEE")
    for cell in cells:
        if three:
            axis3 = dict(axis, tickvals=[-2.0, 0.0, 2.0], tickfont=dict(size=round(s["font"] * 0.7)))
            layout[cell.scene_key].update(
                xaxis=dict(axis3, title=dict(text="x₁")),
                yaxis=dict(axis3, title=dict(text="x₂")),
                zaxis=dict(axis3, title=dict(text="x₃")),
                aspectmode="cube",
                camera=dict(eye=dict(x=1.5, y=1.5, z=1.1)),
            )
        else:
            layout[cell.xaxis].update(axis, title={"text": t("axis.x1")}, constrain="domain")
            layout[cell.yaxis].update(
                axis, title={"text": t("axis.x2")}, scaleanchor=cell.refs["xaxis"], scaleratio=1, constrain="domain"
            )
    return {"data": data, "layout": layout}


def _cloud_reference(panel: str, three: bool, t: Translator, projector: bool) -> list[dict]:
    """The set each method lands on at ε = 0: a circle in 2D (two points for LayerNorm), a circle in 3D."""
    s = sizes(projector)
    if panel == "input":
        return []
    n = 3 if three else 2
    if panel == "ln":
        if not three:
            r = math.sqrt(n / 2.0)  # (±1, ∓1): on the √n circle and the line x₁ + x₂ = 0
            return [
                {
                    "type": "scatter",
                    "x": np.array([r, -r]),
                    "y": np.array([-r, r]),
                    "mode": "markers",
                    "meta": "target_ln",
                    "name": t("info.fig.target.ln2"),
                    "showlegend": True,
                    "marker": {
                        "symbol": "circle-open",
                        "size": s["marker"] * 2.2,
                        "color": METHODS["ln"].color,
                        "line": {"width": s["thin"] + 1},
                    },
                    "hoverinfo": "skip",
                }
            ]
        e1 = np.array([1.0, -1.0, 0.0]) / math.sqrt(2.0)
        e2 = np.array([1.0, 1.0, -2.0]) / math.sqrt(6.0)
        ring = METHODS["ln"].radius(n) * (np.outer(np.cos(THETA), e1) + np.outer(np.sin(THETA), e2))
        return [
            {
                "type": "scatter3d",
                "x": ring[:, 0],
                "y": ring[:, 1],
                "z": ring[:, 2],
                "mode": "lines",
                "meta": "target_ln",
                "name": t("info.fig.target.ln3"),
                "showlegend": True,
                "line": {"color": METHODS["ln"].color, "width": 4},
                "hoverinfo": "skip",
            }
        ]
    r = METHODS[panel].radius(n)
    name = t(
        "info.fig.target.sphere" if three else "info.fig.target.circle",
        method=method_name(panel, t),
        r=_radius_label(panel, n),
    )
    if three:  # three great circles of the sphere: light enough to see the points through
        rings = []
        for a, b in ((0, 1), (0, 2), (1, 2)):
            ring = np.zeros((THETA.size, 3))
            ring[:, a], ring[:, b] = r * np.cos(THETA), r * np.sin(THETA)
            rings += [ring, np.full((1, 3), np.nan)]
        ring = np.concatenate(rings)
        return [
            {
                "type": "scatter3d",
                "x": ring[:, 0],
                "y": ring[:, 1],
                "z": ring[:, 2],
                "mode": "lines",
                "meta": f"target_{panel}",
                "name": name,
                "showlegend": True,
                "line": {"color": METHODS[panel].color, "width": 2},
                "hoverinfo": "skip",
            }
        ]
    return [
        {
            "type": "scatter",
            "x": r * np.cos(THETA),
            "y": r * np.sin(THETA),
            "mode": "lines",
            "meta": f"target_{panel}",
            "name": name,
            "showlegend": True,
            "line": {"color": METHODS[panel].color, "width": s["thin"], "dash": METHODS[panel].dash},
            "hoverinfo": "skip",
        }
    ]


SIMILARITY_PANELS = (
    ("cos_in", "info.fig.sim.cos_in"),
    ("cos_l2", "info.fig.sim.cos_l2"),
    ("cos_rms", "info.fig.sim.cos_rms"),
    ("corr", "info.fig.sim.corr"),
    ("cos_ln", "info.fig.sim.cos_ln"),
    ("ln_minus_cos", "info.fig.sim.ln_minus_cos"),
)


def similarity_matrices(sim: information.Similarity) -> dict[str, np.ndarray]:
    return {
        "cos_in": sim.cos_in,
        "cos_l2": sim.cos_out["l2"],
        "cos_rms": sim.cos_out["rms"],
        "corr": sim.corr,
        "cos_ln": sim.cos_out["ln"],
        "ln_minus_cos": sim.cos_out["ln"] - sim.cos_in,
    }


def similarity_figure(sim: information.Similarity, t: Translator, *, projector: bool = False) -> dict:
    """Six heat maps on one colour scale [−1, 1]: the top row agrees (cosine kept by L2/RMSNorm),
    the bottom row's first two agree (LayerNorm's cosine is the Pearson correlation)."""
    s = sizes(projector)
    mats = similarity_matrices(sim)
    grid, cells = subplot_grid(
        2,
        3,
        projector=projector,
        titles=[t(key) for _, key in SIMILARITY_PANELS],
        horizontal_spacing=0.05,
        vertical_spacing=0.14,
    )
    layout = base_layout(
        projector,
        height=820 if projector else 640,
        coloraxis=dict(
            colorscale=colorscale(SIMILARITY_SCALE),
            cmin=-1.0,
            cmax=1.0,
            colorbar=dict(title=dict(text=t("info.fig.sim.colorbar")), len=0.8),
        ),
        margin=dict(l=10, r=10, t=60, b=10),
        **grid,
    )
    labels = [f"x{subscript(i + 1)}" for i in range(sim.rows.shape[0])]
    data = []
    for (role, key), cell in zip(SIMILARITY_PANELS, cells):
        z = mats[role]
        trace = {
            "type": "heatmap",
            "z": z,
            "x": labels,
            "y": labels,
            "coloraxis": "coloraxis",
            "meta": f"sim_{role}",
            "name": t(key),
            "text": [[_cell(v) for v in row] for row in z],
            "textfont": {"size": s["font"] * 0.7},
            "hovertemplate": "%{y} · %{x}: %{z:.6f}<extra></extra>",
            "xgap": 1,
            "ygap": 1,
            **cell.refs,
        }
        if z.shape[0] <= 8:
            trace["texttemplate"] = "%{text}"
        data.append(trace)
        layout[cell.xaxis].update(constrain="domain", side="bottom")
        layout[cell.yaxis].update(autorange="reversed", scaleanchor=cell.refs["xaxis"], constrain="domain")
    return {"data": data, "layout": layout}


def _cell(v: float) -> str:
    if not np.isfinite(v):
        return "NaN"
    text = f"{v:.2f}"
    return "0.00" if text == "-0.00" else text
