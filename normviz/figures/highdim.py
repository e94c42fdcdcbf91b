"""Pictures beyond three dimensions: the n = 4 hyperplane, histograms, singular values, PCA, concentration,
pair cosines.

Every builder takes the plain data of ``normviz.highdim`` and returns plotly
JSON: ``{"data": [trace dicts], "layout": {...}}`` with numpy arrays as values
(never ``go.Figure``; the tests load each one with ``go.Figure`` once). What is
exact and what is a projection is said in the trace names: at n = 4 LayerNorm's
outputs in a basis of the hyperplane Σyᵢ = 0 are exact; everything else drawn
in fewer than n coordinates is a projection. Traces carry ``meta`` naming their role. Where a histogram's
values follow an exact law (``hd.Fit``), its density is drawn on the bars as expected counts (N · bin width ·
pdf), never where no law applies.
"""

from __future__ import annotations

import math

import numpy as np

from normviz import geometry as geo
from normviz import highdim as hd
from normviz.figures._plain import cell_title, grid, vline
from normviz.figures._style import COLORS, base_layout, method_name, sizes
from normviz.figures.projection import tick_values
from normviz.format import significant
from normviz.i18n import Translator
from normviz.methods import METHODS

SPHERE_MESH = (19, 31)
N4_RANGE = 2.4  # half-width of the n = 4 view: just outside the radius-2 sphere


def _color(cloud: str) -> str:
    """A method's own colour (its Method record); the input's from the shared palette."""
    return METHODS[cloud].color if cloud in METHODS else COLORS[cloud]


# Not by colour alone: each cloud has its line dash, marker and bar pattern too (a method's from its record).
INPUT_LOOK = {"dash": "longdashdot", "symbol": "x", "pattern": "\\"}
OPEN = {"circle": "circle-open", "square": "square-open", "diamond": "diamond-open"}  # 3D's hollow markers


def _look(cloud: str, what: str) -> str:
    """The cloud's ``what`` ("dash" | "symbol" | "pattern"): its method's, or the input's."""
    return getattr(METHODS[cloud], what) if cloud in METHODS else INPUT_LOOK[what]


def _target(cloud: str, spec: hd.CloudSpec) -> float:
    """Where a cloud's norms sit: √n·(component RMS) for the input, Method.radius(n) for a method (ε = 0)."""
    return hd.expected_norm(spec) if cloud == "input" else METHODS[cloud].radius(spec.n)


# --- n = 4: the hyperplane in an orthonormal basis ----------------------------------------------


def hyperplane_figure(view: hd.HyperplaneView, t: Translator, *, projector: bool = False) -> dict:
    """LayerNorm's n = 4 outputs in the basis (e₁, e₂, e₃) of Σyᵢ = 0, on the radius-2 sphere,
    with the other clouds' projections onto the same hyperplane (labelled as projections)."""
    s = sizes(projector)
    rows, cols = SPHERE_MESH
    mesh = geo.sphere_mesh(2.0, rows=rows, cols=cols).astype(np.float32)
    data = [
        {
            "type": "surface",
            "x": mesh[0],
            "y": mesh[1],
            "z": mesh[2],
            "meta": "sphere_2",
            "showlegend": True,
            "name": t("highdim.fig.n4.sphere"),
            "showscale": False,
            "opacity": 0.12,
            "hoverinfo": "skip",
            "colorscale": [[0, METHODS["ln"].color], [1, METHODS["ln"].color]],
            "lighting": {"ambient": 0.8, "diffuse": 0.3, "specular": 0.05},
        }
    ]
    for cloud in [c for c in ("ln", "rms", "l2", "input") if c in view.coords]:
        exact = cloud == "ln"
        # LayerNorm's points keep float64 (they are the exact claim); projections are display only
        pts = view.coords[cloud] if exact else view.coords[cloud].astype(np.float32)
        name = method_name(cloud, t)
        data.append(
            {
                "type": "scatter3d",
                "x": pts[:, 0],
                "y": pts[:, 1],
                "z": pts[:, 2],
                "mode": "markers",
                "meta": f"points_{cloud}",
                "name": t("highdim.fig.n4.exact" if exact else "highdim.fig.n4.projected", method=name),
                "marker": {
                    "size": s["marker"] * (0.4 if exact else 0.25),
                    "color": _color(cloud),
                    "opacity": 0.9 if exact else 0.45,
                    "symbol": _look(cloud, "symbol") if exact else OPEN.get(_look(cloud, "symbol"), "cross"),
                },
                "visible": True if cloud in ("ln", "rms") else "legendonly",
                "hovertemplate": "(%{x:.4f}, %{y:.4f}, %{z:.4f})<extra>" + name + "</extra>",
            }
        )

    def axis(i: int) -> dict:
        # the space page's 3D axes: few ticks, none at the corners, smaller type, so the labels stay apart
        return {
            "range": [-N4_RANGE, N4_RANGE],
            "autorange": False,
            "backgroundcolor": "#F7F7F7",
            "gridcolor": "#E2E2E2",
            "showspikes": False,
            "tickmode": "array",
            "tickvals": tick_values(N4_RANGE, inner=0.8),
            "tickfont": {"size": round(s["font"] * 0.7)},
            "title": {"text": t("highdim.fig.axis.e", i="₀₁₂₃"[i]), "font": {"size": round(s["font"] * 0.85)}},
        }

    return {
        "data": data,
        "layout": base_layout(
            projector,
            title={"text": t("highdim.fig.n4.title"), "x": 0.01, "xanchor": "left"},
            scene={
                "xaxis": axis(1),
                "yaxis": axis(2),
                "zaxis": axis(3),
                "aspectmode": "cube",
                "camera": {
                    "eye": {"x": 1.5, "y": -1.2, "z": 0.8},
                    "up": {"x": 0, "y": 0, "z": 1},
                    "center": {"x": 0, "y": 0, "z": -0.1 if projector else 0},
                },
            },  # projector: the lowest
            # axis titles stay in
            height=760 if projector else 600,
            # on a projector the legend goes beside the cube (no height of its own, nothing drawn over the axes)
            legend={
                "orientation": "v",
                "x": 1.0,
                "y": 1.0,
                "xanchor": "left",
                "yanchor": "top",
                "itemsizing": "constant",
                "bgcolor": "rgba(255,255,255,0.8)",
            }
            if projector
            else {
                "orientation": "h",
                "x": 0.0,
                "y": 0.0,
                "xanchor": "left",
                "yanchor": "top",
                "itemsizing": "constant",
                "bgcolor": "rgba(255,255,255,0.8)",
            },
            margin={"l": 0, "r": 0, "t": 50, "b": 10},
        ),
    }


# --- any n: histograms of norms and means ---------------------------------------------------------


def _bars(hist: hd.Histogram, cell: dict, *, name: str, meta: str, color: str, pattern: str = "") -> dict:
    edges = hist.edges
    return {
        "type": "bar",
        "x": 0.5 * (edges[:-1] + edges[1:]),
        "y": hist.counts.astype(np.float64),
        "width": np.diff(edges),
        "xaxis": cell["x"],
        "yaxis": cell["y"],
        "name": name,
        "meta": meta,
        "marker": {"color": color, "line": {"width": 0}, "pattern": {"shape": pattern}},
        "opacity": 0.85,
        "showlegend": False,
        "hovertemplate": "%{x:.6g}: %{y}<extra>" + name + "</extra>",
    }


def _law_curve(fit: hd.Fit, cell: dict, *, name: str, meta: str, projector: bool) -> dict:
    """An exact law's density over a histogram, scaled to its counts (``Fit.curve_y``), on ``cell``'s axes."""
    return {
        "type": "scatter",
        "mode": "lines",
        "x": fit.curve_x.astype(np.float32),  # display only: halves the curve
        "y": fit.curve_y.astype(np.float32),
        "xaxis": cell["x"],
        "yaxis": cell["y"],
        "name": name,
        "meta": meta,
        "showlegend": False,
        "line": {"color": COLORS["decomposition"], "width": sizes(projector)["line"] * 0.8, "dash": "dash"},
        "hovertemplate": "%{x:.4g}: %{y:.3g}<extra>" + name + "</extra>",
    }


def _law_name(law: hd.Law, t: Translator) -> str:
    """The exact law in words: "σ·χ(128)" or "(1 + c)/2 ~ Beta(63.5, 63.5)"."""
    if law.kind == "chi":
        return t("highdim.fig.law.chi", n=law.dim, scale=significant(law.scale))
    return t("highdim.fig.law.cosine", a=significant(law.shape), d=law.dim)


def distributions_figure(summary: hd.CloudSummary, t: Translator, *, projector: bool = False) -> dict:
    """Histograms of ‖y‖ (top row) and mean(y) (bottom row), one column per cloud, with the targets
    marked: √n·(component RMS) for the input, ``Method.radius(n)`` for each method (ε = 0)."""
    s = sizes(projector)
    clouds = summary.clouds
    cells = grid(2, len(clouds), hspace=0.06, vspace=0.3 if projector else 0.2)
    data, annotations, shapes, axes = [], [], [], {}
    line = {"color": COLORS["reference"], "dash": "dash", "width": s["thin"]}
    for col, cloud in enumerate(clouds):
        top, bottom = cells[col], cells[len(clouds) + col]
        name, target = method_name(cloud, t), _target(cloud, summary.spec)
        look = {"color": _color(cloud), "pattern": _look(cloud, "pattern")}
        data.append(_bars(summary.norms[cloud], top, name=name, meta=f"hist_norm_{cloud}", **look))
        data.append(_bars(summary.means[cloud], bottom, name=name, meta=f"hist_mean_{cloud}", **look))
        fit = summary.norm_fit[cloud]
        if fit is not None:
            law = _law_name(fit.law, t)
            data.append(_law_curve(fit, top, name=law, meta=f"law_norm_{cloud}", projector=projector))
        label = t(
            "highdim.fig.hist.expected" if cloud == "input" else "highdim.fig.hist.target", value=significant(target)
        )
        annotations.append(_panel_title(top, name, label, projector))
        shapes.append(vline(top, target, line))
        for cell, key in ((top, "highdim.fig.hist.norm"), (bottom, "highdim.fig.hist.mean")):
            axes.update(cell["axes"])
            axes[cell["xaxis"]].update(title={"text": t(key)}, exponentformat="power", nticks=5)
            if col == 0:
                axes[cell["yaxis"]]["title"] = {"text": t("highdim.fig.hist.count")}
    return {"data": data, "layout": _histograms_layout(projector, 760 if projector else 540, annotations, axes, shapes)}


def _panel_title(cell: dict, name: str, label: str, projector: bool) -> dict:
    """A histogram panel's title: the cloud's name, and under it, smaller, what its law or target says."""
    return cell_title(cell, f"{name}<br><span style='font-size:0.8em'>{label}</span>", projector)


def _histograms_layout(projector: bool, height: int, annotations: list, axes: dict, shapes: list = ()) -> dict:
    """The layout of a row of histogram panels: bars touching, no legend (each panel says its name)."""
    return base_layout(
        projector,
        height=height,
        showlegend=False,
        bargap=0.0,
        margin={"l": 10, "r": 10, "t": 70, "b": 10},
        annotations=annotations,
        shapes=list(shapes),
        **axes,
    )


# --- pair cosines -----------------------------------------------------------------------------------


def cosines_figure(summary: hd.CloudSummary, t: Translator, *, projector: bool = False) -> dict:
    """Histograms of the pair cosines cos∠(y₂ᵢ, y₂ᵢ₊₁), one panel per cloud, each with its exact law's
    density (``Fit``) where one applies: d = n for the input, L2 and RMSNorm with N(0, σ²) components,
    d = n − 1 for LayerNorm with N(m, σ²) components (``hd.cosine_dim``)."""
    clouds = summary.clouds
    cells = grid(1, len(clouds), hspace=0.06)
    data, annotations, axes = [], [], {}
    for col, (cell, cloud) in enumerate(zip(cells, clouds)):
        name = method_name(cloud, t)
        look = {"color": _color(cloud), "pattern": _look(cloud, "pattern")}
        data.append(_bars(summary.cosines[cloud], cell, name=name, meta=f"hist_cos_{cloud}", **look))
        fit = summary.cosine_fit[cloud]
        if fit is not None:
            label = t("highdim.fig.cos.law", d=fit.law.dim)
            data.append(_law_curve(fit, cell, name=_law_name(fit.law, t), meta=f"law_cos_{cloud}", projector=projector))
        else:
            label = t("highdim.fig.cos.nolaw")
        annotations.append(_panel_title(cell, name, label, projector))
        axes.update(cell["axes"])
        axes[cell["xaxis"]].update(title={"text": t("highdim.fig.cos.axis")}, nticks=5)
        if col == 0:
            axes[cell["yaxis"]]["title"] = {"text": t("highdim.fig.hist.count")}
    return {"data": data, "layout": _histograms_layout(projector, 460 if projector else 340, annotations, axes)}


# --- singular values ------------------------------------------------------------------------------


def singular_values_figure(summary: hd.CloudSummary, t: Translator, *, projector: bool = False) -> dict:
    """The singular values of each cloud on a log scale; values at or below the rounding floor
    (zero to rounding: LayerNorm's, along 𝟏, when N ≥ n) are drawn on the floor with their own marker."""
    s = sizes(projector)
    data, floors = [], []
    for cloud in summary.clouds:
        sv = summary.singular_values[cloud]
        floor = hd.rounding_floor(sv)
        k = np.arange(1, len(sv) + 1, dtype=np.float64)
        above = sv > floor
        name = method_name(cloud, t)
        data.append(
            {
                "type": "scatter",
                "x": k[above],
                "y": sv[above],
                "mode": "lines+markers" if len(sv) <= 64 else "lines",
                "name": name,
                "meta": f"sv_{cloud}",
                "line": {"color": _color(cloud), "width": s["line"], "dash": _look(cloud, "dash")},
                "marker": {"size": s["marker"] * 0.6, "color": _color(cloud), "symbol": _look(cloud, "symbol")},
                "hovertemplate": "σ%{x} = %{y:.6g}<extra>" + name + "</extra>",
            }
        )
        if not np.all(above):
            floors.append(floor)
            data.append(
                {
                    "type": "scatter",
                    "x": k[~above],
                    "y": np.full(int((~above).sum()), floor),
                    "mode": "markers",
                    "name": t("highdim.fig.sv.zero", method=name),
                    "meta": f"sv_zero_{cloud}",
                    "marker": {
                        "size": s["marker"] * 1.6,
                        "color": _color(cloud),
                        "symbol": "triangle-down",
                        "line": {"color": "white", "width": 1},
                    },
                    "hovertemplate": "σ%{x} ≤ %{y:.2g}<extra>" + name + "</extra>",
                }
            )
    extra = {}
    if floors:
        floor = max(floors)
        extra["shapes"] = [
            {
                "type": "line",
                "xref": "paper",
                "x0": 0,
                "x1": 1,
                "yref": "y",
                "y0": floor,
                "y1": floor,
                "line": {"color": COLORS["reference"], "dash": "dot", "width": s["thin"]},
            }
        ]
        # on a log axis an annotation's y is log10 of the value
        extra["annotations"] = [
            {
                "x": 0.0,
                "xref": "paper",
                "y": math.log10(floor),
                "yref": "y",
                "text": t("highdim.fig.sv.floor"),
                "showarrow": False,
                "xanchor": "left",
                "yanchor": "bottom",
                "font": {"size": s["font"] * 0.75, "color": COLORS["reference"]},
            }
        ]
    return {
        "data": data,
        "layout": base_layout(
            projector,
            height=560 if projector else 440,
            xaxis={"title": {"text": t("highdim.fig.sv.index")}},
            yaxis={"title": {"text": t("highdim.fig.sv.value")}, "type": "log", "exponentformat": "power"},
            legend={
                "orientation": "h",
                "x": 0.0,
                "y": 1.02,
                "xanchor": "left",
                "yanchor": "bottom",
                "itemsizing": "constant",
            },
            margin={"l": 10, "r": 10, "t": 60, "b": 10},
            **extra,
        ),
    }


# --- PCA --------------------------------------------------------------------------------------------


def pca_figure(summary: hd.CloudSummary, t: Translator, *, projector: bool = False) -> dict:
    """Each cloud (centred) projected onto its own first two principal axes, equal scales per panel."""
    s = sizes(projector)
    clouds = summary.clouds
    cells = grid(1, len(clouds), hspace=0.08)
    data, annotations, axes = [], [], {}
    for cell, cloud in zip(cells, clouds):
        pca, name = summary.pca[cloud], method_name(cloud, t)
        coords = pca.coords.astype(np.float32)  # display only: halves the figure
        data.append(
            {
                "type": "scatter",
                "x": coords[:, 0],
                "y": coords[:, 1],
                "xaxis": cell["x"],
                "yaxis": cell["y"],
                "mode": "markers",
                "name": name,
                "meta": f"pca_{cloud}",
                "showlegend": False,
                "marker": {
                    "size": s["marker"] * 0.45,
                    "color": _color(cloud),
                    "opacity": 0.6,
                    "symbol": _look(cloud, "symbol"),
                },
                "hovertemplate": "(%{x:.4g}, %{y:.4g})<extra>" + name + "</extra>",
            }
        )
        annotations.append(cell_title(cell, name, projector))
        share = [f"{100 * v:.1f}" for v in pca.explained]
        axes.update(cell["axes"])
        axes[cell["xaxis"]].update(
            title={"text": t("highdim.fig.pca.axis", i=1, share=share[0])}, exponentformat="power"
        )
        axes[cell["yaxis"]].update(
            title={"text": t("highdim.fig.pca.axis", i=2, share=share[1])},
            scaleanchor=cell["x"],
            scaleratio=1,
            exponentformat="power",
        )
    return {
        "data": data,
        "layout": base_layout(
            projector,
            height=480 if projector else 380,
            showlegend=False,
            annotations=annotations,
            title={"text": t("highdim.fig.pca.title", n=summary.spec.n), "x": 0.01, "xanchor": "left"},
            margin={"l": 10, "r": 10, "t": 80, "b": 10},
            **axes,
        ),
    }


# --- concentration of measure ---------------------------------------------------------------------


def concentration_figure(conc: hd.Concentration, t: Translator, *, n: int, projector: bool = False) -> dict:
    """‖x‖/√n against n (quantile band, median, the component RMS it tends to) next to the
    outputs' exact value 1 (ε = 0), and the relative spread against c/√n (``Concentration.theory``)."""
    s = sizes(projector)
    top, bottom = grid(2, 1, vspace=0.16)
    dims = conc.dims
    ends = dims[[0, -1]]
    data = [
        {
            "type": "scatter",
            "x": np.concatenate([dims, dims[::-1]]),
            "y": np.concatenate([conc.q95, conc.q05[::-1]]),
            "fill": "toself",
            "mode": "lines",
            "line": {"width": 0},
            "fillcolor": "rgba(0,0,0,0.15)",
            "name": t("highdim.fig.conc.band"),
            "meta": "conc_band",
            "hoverinfo": "skip",
        },
        {
            "type": "scatter",
            "x": dims,
            "y": conc.median,
            "mode": "lines+markers",
            "meta": "conc_median",
            "name": t("highdim.fig.conc.median"),
            "line": {"color": COLORS["input"], "width": s["line"]},
            "marker": {"size": s["marker"] * 0.6},
        },
        {
            "type": "scatter",
            "x": ends,
            "y": np.full(2, conc.target),
            "mode": "lines",
            "meta": "conc_target",
            "name": t("highdim.fig.conc.target", value=significant(conc.target)),
            "line": {"color": COLORS["reference"], "dash": "dash", "width": s["thin"]},
        },
        {
            "type": "scatter",
            "x": ends,
            "y": np.ones(2),
            "mode": "lines",
            "meta": "conc_outputs",
            "name": t("highdim.fig.conc.outputs"),
            "line": {"color": METHODS["ln"].color, "width": s["line"]},
        },
        {
            "type": "scatter",
            "x": dims,
            "y": conc.relative_std,
            "mode": "lines+markers",
            "meta": "conc_relative",
            "xaxis": bottom["x"],
            "yaxis": bottom["y"],
            "name": t("highdim.fig.conc.relative"),
            "line": {"color": COLORS["input"], "width": s["line"]},
            "marker": {"size": s["marker"] * 0.6},
            "showlegend": False,
        },
    ]
    if conc.theory is not None:
        data.append(
            {
                "type": "scatter",
                "x": dims,
                "y": conc.theory / np.sqrt(dims),
                "mode": "lines",
                "meta": "conc_theory",
                "xaxis": bottom["x"],
                "yaxis": bottom["y"],
                "name": t("highdim.fig.conc.theory", c=significant(conc.theory)),
                "line": {"color": COLORS["reference"], "dash": "dot", "width": s["thin"]},
            }
        )
    current = {"color": COLORS["decomposition"], "width": s["thin"]}
    span = [math.log10(dims[0]) - 0.1, math.log10(dims[-1]) + 0.1]
    xaxis = {"type": "log", "range": span, "exponentformat": "power", "dtick": math.log10(2) * 2, "tickformat": "d"}
    axes = {**top["axes"], **bottom["axes"]}
    axes["xaxis"].update(xaxis, matches="x2", showticklabels=False)
    axes["xaxis2"].update(xaxis, title={"text": t("highdim.fig.conc.n")})
    axes["yaxis"]["title"] = {"text": t("highdim.fig.conc.ratio")}
    axes["yaxis2"].update(title={"text": t("highdim.fig.conc.relative")}, type="log", exponentformat="power")
    return {
        "data": data,
        "layout": base_layout(
            projector,
            height=660 if projector else 540,
            legend={
                "orientation": "h",
                "x": 0.0,
                "y": 1.02,
                "xanchor": "left",
                "yanchor": "bottom",
                "itemsizing": "constant",
            },
            margin={"l": 10, "r": 10, "t": 80, "b": 10},
            shapes=[vline(top, n, current), vline(bottom, n, current)],
            annotations=[
                {
                    "x": math.log10(n),
                    "y": 1.0,
                    "xref": "x",
                    "yref": "paper",
                    "showarrow": False,
                    "text": t("highdim.fig.conc.current", n=n),
                    "xanchor": "left",
                    "yanchor": "bottom",
                    "font": {"size": s["font"] * 0.8, "color": COLORS["decomposition"]},
                }
            ],
            **axes,
        ),
    }
