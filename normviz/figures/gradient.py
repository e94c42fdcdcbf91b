"""The gradient page's 3D picture: the null space of one method's Jacobian and what backprop keeps of g.

Data come from ``normviz.gradient`` (a ``Backprop``); this builder only draws,
as plotly JSON dicts, with the projection engine's 3D pieces (``line``,
``arrows`` with cone heads, the space's cube layout) and the shared colours. Traces carry
``meta`` roles:

* ``null_radial``: the line through x (J x = 0 at ε = 0, every method);
* ``null_ones``: the line along 𝟏 and ``null_plane``, span{x, 𝟏} (LayerNorm only);
* ``arrow_input`` the direction of x (scaled into the cube), ``arrow_g`` the incoming gradient g, ``arrow_jtg`` Jᵀg,
  ``arrow_kept`` g with the removed components taken out, ``removed_<name>`` each removed component,
  drawn from the kept part's tip to g.

``massive_figure`` (one massive coordinate, RMSNorm) is 2D, log–log: ``massive_others`` ‖(Jᵀg)_{i≠k}‖ against m,
``massive_asymptote`` √n‖g_{i≠k}‖/m, ``massive_reference`` the value at m = 1, ``massive_current`` the current m
(a marker on the curve) and ``massive_line`` a vertical dotted line there.
"""

from __future__ import annotations

import math

import numpy as np

from normviz import gradient
from normviz.figures._legend import legend_below, legend_beside
from normviz.figures._style import COLORS, base_layout, method_name, sizes
from normviz.figures.projection import SPACE, View, arrows, camera, line
from normviz.format import eps_text, shortest
from normviz.i18n import Translator

GRADIENT_COLOR = "#D55E00"  # Okabe-Ito vermillion: g, the incoming gradient (no method uses it)
KEPT_COLOR = "#1C96DA"  # Okabe-Ito sky blue, darkened to 3:1: g less its removed components
ZOOM = 0.85  # the camera's distance relative to the space page's


def extent(bp: gradient.Backprop) -> float:
    """Half-width of the cube: g, Jᵀg and their parts fit, with a margin (at least 0.5). x is drawn as its
    direction, scaled into the cube, so a long x does not shrink the gradients."""
    parts = [bp.g, bp.jtg, bp.kept]
    top = max(float(np.max(np.abs(p[np.isfinite(p)]))) if np.any(np.isfinite(p)) else 0.0 for p in parts)
    return max(0.5, 1.15 * top)


def _through_origin(u, e: float) -> np.ndarray:
    """The segment of the line along unit u inside the cube of half-width e."""
    u = np.asarray(u, dtype=np.float64)
    top = float(np.max(np.abs(u))) if np.all(np.isfinite(u)) else 0.0
    if top == 0.0:
        return np.full((2, 3), np.nan)
    end = u * (e / top)
    return np.stack([-end, end])


def _plane(u, v, e: float, name: str) -> dict:
    """The plane span{u, v} (u ⊥ v unit vectors) as a square patch inside the cube of half-width e, mesh3d."""
    h = 0.7 * e
    corners = np.array([a * u + b * v for a, b in ((-h, -h), (h, -h), (h, h), (-h, h))])
    return {
        "type": "mesh3d",
        "x": corners[:, 0],
        "y": corners[:, 1],
        "z": corners[:, 2],
        "i": np.array([0, 0]),
        "j": np.array([1, 2]),
        "k": np.array([2, 3]),
        "name": name,
        "meta": "null_plane",
        "showlegend": True,
        "color": COLORS["ln"],
        "opacity": 0.1,
        "hoverinfo": "skip",
        "flatshading": True,
    }


def backprop_figure(bp: gradient.Backprop, t: Translator, *, projector: bool = False) -> dict:
    """x, the null space of J at x, g, Jᵀg and the components of g that J removes, in 3D."""
    if bp.x.size != 3:
        raise ValueError(f"the 3D picture needs x with 3 components; got {bp.x.size}")
    s = sizes(projector)
    e = extent(bp)
    tr = lambda key, **kw: t(f"grad.fig.{key}", **kw)  # noqa: E731 - a short local alias
    x_dir = gradient.unit(bp.x)
    data = [
        line(
            _through_origin(x_dir, e),
            dim=3,
            role="null_radial",
            name=tr("null_radial"),
            color=COLORS["reference"],
            width=s["thin"] * 1.5,
            dash="dot",
        )
    ]
    if "ones" in bp.directions:
        data.append(
            line(
                _through_origin(bp.directions["ones"], e),
                dim=3,
                role="null_ones",
                name=tr("null_ones"),
                color=COLORS["decomposition"],
                width=s["thin"] * 1.5,
                dash="dash",
            )
        )
        if np.all(np.isfinite(bp.directions["radial"])):
            data.append(_plane(bp.directions["ones"], bp.directions["radial"], e, tr("null_plane")))
    origin = np.zeros(3)
    common = dict(dim=3, projector=projector, extent=e)
    width = s["line"] * 1.5
    data += arrows(
        origin, 0.8 * e * x_dir, role="arrow_input", name=tr("x"), color=COLORS["input"], width=width, **common
    )
    data += arrows(origin, bp.g, role="arrow_g", name=tr("g"), color=GRADIENT_COLOR, width=width, **common)
    data += arrows(
        origin,
        bp.kept,
        role="arrow_kept",
        name=tr("kept"),
        color=KEPT_COLOR,
        width=s["thin"] * 1.5,
        dash="dash",
        **common,
    )
    tip = bp.kept.copy()
    for name, comp in bp.removed.items():
        label = f"removed_{name}_ln" if bp.key == "ln" and name == "radial" else f"removed_{name}"  # x − μ𝟏
        data += arrows(
            tip,
            tip + comp,
            role=f"removed_{name}",
            name=tr(label),
            color=COLORS["decomposition"],
            width=s["thin"] * 1.5,
            dash="dot",
            **common,
        )
        tip = tip + comp
    data += arrows(
        origin,
        bp.jtg,
        role="arrow_jtg",
        name=tr("jtg", method=method_name(bp.key, t)),
        color=COLORS[bp.key],
        width=width,
        **common,
    )
    entries = sum(trace.get("showlegend", True) is not False for trace in data)
    # the space page's cube (fixed ranges, axis titles), with this page's legend room, title and camera key
    layout = SPACE.layout(t, projector, View(extent=e), entries)
    if projector:  # the legend beside the cube, where it costs no height; no step slider below
        layout.update(legend_beside(560, below=1.0))
    else:
        layout.update(legend_below(projector, plot_height=520, entries=entries, gap=1.5, top=3.4, entry_width=None))
    layout["scene"]["uirevision"] = "gradient-camera"
    # closer than the space page's |eye| = 2.2: the cube filled only half the plot's height here;
    # the eye looks down, so the cube is lifted
    layout["scene"]["camera"] = camera("oblique", lift=0.12, zoom=ZOOM)
    layout["title"] = {"text": tr("title", method=method_name(bp.key, t)), "x": 0.01, "xanchor": "left"}
    return {"data": data, "layout": layout}


def _log_range(values, *, below: float, above: float) -> list[float]:
    """[log10(min) − below, log10(max) + above] of the finite positive ``values`` (plotly's log axis range)."""
    v = np.asarray(values, dtype=np.float64)
    v = v[np.isfinite(v) & (v > 0)]
    if v.size == 0:
        return [-1.0, 1.0]
    return [math.log10(float(v.min())) - below, math.log10(float(v.max())) + above]


def massive_figure(mg: gradient.MassiveGradient, t: Translator, *, projector: bool = False) -> dict:
    """‖(Jᵀg)_{i≠k}‖ against the massive coordinate m on log–log axes, with the asymptote √n‖g_{i≠k}‖/m, the
    value at m = 1 and the current m marked. Axis ranges are fixed from the data (a rerun keeps them)."""
    s = sizes(projector)
    tr = lambda key, **kw: t(f"grad.mass.fig.{key}", **kw)  # noqa: E731 - a short local alias
    ms = np.asarray(mg.scales, dtype=np.float64)
    pos = ms > 0
    xs, ys = ms[pos], np.asarray(mg.others, dtype=np.float64)[pos]
    asym = np.asarray(mg.asymptote(xs), dtype=np.float64)
    rms = COLORS["rms"]
    hover = "m = %{x:.4g}: %{y:.4g}<extra></extra>"
    data = [
        {
            "type": "scatter",
            "mode": "lines",
            "x": xs,
            "y": np.where(np.isfinite(asym), asym, np.nan),
            "name": tr("asymptote", n=mg.n),
            "meta": "massive_asymptote",
            "line": {"color": COLORS["reference"], "dash": "dash", "width": s["thin"] * 1.5},
            "hovertemplate": hover,
        },
        {
            "type": "scatter",
            "mode": "lines",
            "x": xs,
            "y": np.where(np.isfinite(ys), ys, np.nan),
            "name": tr("others", count=mg.n - 1),
            "meta": "massive_others",
            "line": {"color": rms, "width": s["line"]},
            "hovertemplate": hover,
        },
        {
            "type": "scatter",
            "mode": "markers",
            "x": np.array([gradient.REFERENCE_M]),
            "y": np.array([mg.reference]),
            "name": tr("reference"),
            "meta": "massive_reference",
            "marker": {"color": "white", "symbol": "circle", "size": s["marker"], "line": {"color": rms, "width": 2}},
            "hovertemplate": hover,
        },
    ]
    y_range = _log_range(np.concatenate([ys, [mg.reference]]), below=0.3, above=0.5)
    if mg.m > 0:  # a log axis has no place for m ≤ 0
        data.append(
            {
                "type": "scatter",
                "mode": "lines",
                "x": np.full(2, mg.m),
                "y": np.power(10.0, np.array(y_range)),
                "name": tr("current_line"),
                "meta": "massive_line",
                "showlegend": False,
                "hoverinfo": "skip",
                "line": {"color": COLORS["input"], "dash": "dot", "width": s["thin"]},
            }
        )
        data.append(
            {
                "type": "scatter",
                "mode": "markers",
                "x": np.array([mg.m]),
                "y": np.array([mg.here]),
                "name": tr("current", m=shortest(mg.m)),
                "meta": "massive_current",
                "marker": {
                    "color": rms,
                    "symbol": "diamond",
                    "size": s["marker"] * 1.4,
                    "line": {"color": "white", "width": 1},
                },
                "hovertemplate": hover,
            }
        )
    x_range = _log_range(xs, below=0.05, above=0.05)
    entries = sum(trace.get("showlegend", True) is not False for trace in data)
    return {
        "data": data,
        "layout": base_layout(
            projector,
            title={"text": tr("title", n=mg.n, eps=eps_text(mg.eps)), "x": 0.01, "xanchor": "left"},
            xaxis={"title": {"text": tr("x")}, "type": "log", "range": x_range, "exponentformat": "power"},
            yaxis={"title": {"text": tr("y")}, "type": "log", "range": y_range, "exponentformat": "power"},
            **legend_below(projector, plot_height=420 if projector else 320, entries=entries, columns=2),
        ),
    }
