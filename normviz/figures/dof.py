"""Degrees of freedom: the Jacobian's smallest singular values, the fraction kept, the n = 2 extreme.

Data come from ``normviz.dof`` (rank checks, the kept-fraction curve, a cloud
in the plane); these builders only draw, as plotly JSON (dicts with numpy
arrays, never ``go.Figure``). Traces carry ``meta`` roles.
"""

from __future__ import annotations

import math

import numpy as np

from normviz import dof
from normviz.figures._legend import legend_below
from normviz.figures._style import COLORS, base_layout, method_name, sizes
from normviz.i18n import Translator
from normviz.methods import METHODS

FLOOR = 1e-18  # exact zeros are drawn here on the log axis
X_OFFSET = {"l2": -0.15, "rms": 0.0, "ln": 0.15}  # L2 and RMSNorm coincide; shift them apart
FRACTION_TICKS = (2, 8, 32, 128, 512, 2048, 8192)


def tolerance_text(checks: dict[str, dof.RankCheck]) -> str:
    """The tolerance of a set of checks as the page prints it (caption and legend alike)."""
    tols = {c.tol for c in checks.values()}
    if len(tols) != 1:
        raise ValueError(f"the checks were counted with different tolerances: {sorted(tols)}")
    return f"{tols.pop():.1e}"


def spectrum_figure(checks: dict[str, dof.RankCheck], t: Translator, *, projector: bool = False) -> dict:
    """The smallest singular values of each method's Jacobian (units of 1/s, log scale) and the tolerance."""
    s = sizes(projector)
    first = next(iter(checks.values()))
    tail = max(len(c.smallest) for c in checks.values())
    data = [
        {
            "type": "scatter",
            "x": np.array([0.5, tail + 0.5]),
            "y": np.full(2, first.tol),
            "mode": "lines",
            "meta": "tolerance",
            "name": t("dof.fig.spectrum.tol", tol=tolerance_text(checks)),
            "line": {"color": COLORS["reference"], "width": s["thin"], "dash": "dash"},
            "hoverinfo": "name",
        }
    ]
    for key in [k for k in METHODS if k in checks]:
        c, m = checks[key], METHODS[key]
        values = np.asarray(c.smallest, dtype=np.float64)
        data.append(
            {
                "type": "scatter",
                "x": np.arange(1, values.size + 1, dtype=np.float64) + X_OFFSET[key],
                "y": np.where(values > FLOOR, values, FLOOR),
                "mode": "lines+markers",
                "meta": f"spectrum_{key}",
                "name": t("dof.fig.spectrum.trace", method=method_name(key, t), lost=c.lost),
                "line": {"color": m.color, "width": s["thin"], "dash": m.dash},
                "marker": {"color": m.color, "size": s["marker"], "symbol": m.symbol},
                "customdata": values,
                "hovertemplate": "σ = %{customdata:.3e}<extra>" + method_name(key, t) + "</extra>",
            }
        )
    return {
        "data": data,
        "layout": base_layout(
            projector,
            title={"text": t("dof.fig.spectrum.title", n=first.n), "x": 0.01, "xanchor": "left"},
            xaxis={
                "title": {"text": t("dof.fig.spectrum.x")},
                "range": [0.5, tail + 0.5],
                "tickmode": "linear",
                "dtick": 1,
            },
            yaxis={
                "title": {"text": t("dof.fig.spectrum.y")},
                "type": "log",
                "range": [-18.5, 1],
                "exponentformat": "power",
            },
            **legend_below(projector, plot_height=420 if projector else 300, entries=4, columns=1),
        ),
    }


def fraction_figure(n: int, t: Translator, *, projector: bool = False) -> dict:
    """dof(n)/n of each method against n on a log axis, with the current n marked."""
    s = sizes(projector)
    ns, fractions = dof.kept_fraction_curve()
    data = [
        {
            "type": "scatter",
            "x": ns,
            "y": 100.0 * fractions[key],
            "mode": "lines",
            "meta": f"fraction_{key}",
            "name": method_name(key, t),
            "line": {"color": m.color, "width": s["line"], "dash": m.dash},
            "hovertemplate": "n = %{x:.0f}: %{y:.3f} %<extra>" + method_name(key, t) + "</extra>",
        }
        for key, m in METHODS.items()
    ]
    rows = [r for r in dof.dof_table(n) if r.method != "input"]
    side = "left" if n > 1000 else "right"  # keep the labels off the y axis and inside the figure
    data.append(
        {
            "type": "scatter",
            "x": np.full(len(rows), float(n)),
            "y": np.array([100.0 * r.fraction for r in rows]),
            "mode": "markers+text",
            "meta": "current",
            "name": t("dof.fig.fraction.current", n=n),
            "marker": {
                "color": [METHODS[r.method].color for r in rows],
                "size": s["marker"] * 1.4,
                "line": {"color": "black", "width": 1},
            },
            # L2 and RMSNorm keep the same share: one label for both
            "text": [f"{100.0 * r.fraction:.2f} %" if r.method != "rms" else "" for r in rows],
            "textposition": [f"{'bottom' if r.method == 'ln' else 'top'} {side}" for r in rows],
            "cliponaxis": False,
            "hovertemplate": "n = %{x:.0f}: %{y:.4f} %<extra></extra>",
        }
    )
    return {
        "data": data,
        "layout": base_layout(
            projector,
            title={"text": t("dof.fig.fraction.title"), "x": 0.01, "xanchor": "left"},
            xaxis={
                "title": {"text": t("dof.fig.fraction.x")},
                "type": "log",
                "range": [math.log10(1.8), math.log10(dof.N_MAX * 1.15)],
                "tickvals": np.array(FRACTION_TICKS, dtype=np.float64),
                "ticktext": [str(v) for v in FRACTION_TICKS],
            },
            yaxis={"title": {"text": t("dof.fig.fraction.y")}, "range": [-3, 103], "ticksuffix": " %"},
            **legend_below(projector, plot_height=420 if projector else 300, entries=4),
        ),
    }


def plane_figure(cloud: dof.PlaneCloud, t: Translator, *, projector: bool = False, extent: float = 3.2) -> dict:
    """The n = 2 extreme (ε = 0): inputs, L2 and RMSNorm on their circles, LayerNorm on two points."""
    s = sizes(projector)
    theta = np.linspace(0.0, 2.0 * math.pi, 121)
    data = []
    for key, role, label in (("l2", "circle_unit", "1"), ("rms", "circle_sqrt_n", "√2")):
        radius = METHODS[key].radius(2)
        data.append(
            {
                "type": "scatter",
                "x": radius * np.cos(theta),
                "y": radius * np.sin(theta),
                "mode": "lines",
                "meta": role,
                "name": t("dof.fig.n2.circle", r=label),
                "hoverinfo": "skip",
                "line": {"color": METHODS[key].color, "width": s["thin"], "dash": METHODS[key].dash},
            }
        )
    line = np.array([-extent, extent])
    data.append(
        {
            "type": "scatter",
            "x": line,
            "y": -line,
            "mode": "lines",
            "meta": "zero_mean_line",
            "name": t("dof.fig.n2.line"),
            "hoverinfo": "skip",
            "line": {"color": METHODS["ln"].color, "width": s["thin"], "dash": METHODS["ln"].dash},
        }
    )
    data.append(
        {
            "type": "scatter",
            "x": cloud.inputs[:, 0],
            "y": cloud.inputs[:, 1],
            "mode": "markers",
            "meta": "inputs",
            "name": method_name("input", t),
            "hoverinfo": "skip",
            "marker": {"color": COLORS["input"], "size": s["marker"] * 0.55, "opacity": 0.45},
        }
    )
    for key in ("l2", "rms"):
        out = cloud.outputs[key]
        data.append(
            {
                "type": "scatter",
                "x": out[:, 0],
                "y": out[:, 1],
                "mode": "markers",
                "meta": f"outputs_{key}",
                "name": method_name(key, t),
                "hoverinfo": "skip",
                "marker": {"color": METHODS[key].color, "size": s["marker"] * 0.7, "symbol": METHODS[key].symbol},
            }
        )
    points, counts = cloud.distinct("ln")
    data.append(
        {
            "type": "scatter",
            "x": points[:, 0],
            "y": points[:, 1],
            "mode": "markers",
            "meta": "outputs_ln",
            "name": t("dof.fig.n2.ln", k=len(points)),
            "customdata": counts,
            "marker": {
                "color": METHODS["ln"].color,
                "size": s["marker"] * 2.2,
                "symbol": METHODS["ln"].symbol,
                "line": {"color": "white", "width": 1},
            },
            "hovertemplate": "(%{x:.3f}, %{y:.3f}): %{customdata}<extra></extra>",
        }
    )
    annotations = [
        {
            "x": px,
            "y": py,
            "text": t("dof.fig.n2.count", count=int(k)),
            "showarrow": False,
            "xanchor": "left",
            "xshift": s["marker"] * 1.4,
            "bgcolor": "rgba(255,255,255,0.85)",
            "font": {"color": METHODS["ln"].color, "size": s["font"]},
        }
        for (px, py), k in zip(points.tolist(), counts.tolist())
    ]
    axis = {"range": [-extent, extent], "zeroline": True, "zerolinecolor": "#BBBBBB", "gridcolor": "#EEEEEE"}
    return {
        "data": data,
        "layout": base_layout(
            projector,
            title={"text": t("dof.fig.n2.title", count=cloud.inputs.shape[0]), "x": 0.01, "xanchor": "left"},
            xaxis={**axis, "title": {"text": t("axis.x1")}, "constrain": "domain"},
            yaxis={**axis, "title": {"text": t("axis.x2")}, "scaleanchor": "x", "scaleratio": 1, "constrain": "domain"},
            height=620 if projector else 520,
            annotations=annotations,
            legend={"orientation": "v", "x": 1.02, "y": 1.0, "xanchor": "left", "yanchor": "top"},
        ),
    }
