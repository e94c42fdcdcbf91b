"""The beyond page's figures: Dynamic Tanh beside LayerNorm and RMSNorm, QK-norm, nGPT's sphere, one outlier.

Data come from ``normviz.beyond``; these builders only draw, as plain plotly JSON (``{"data", "layout"}``,
numpy arrays inside). Every trace carries ``meta``, its role, which tests read instead of translated names.
Nothing here builds a ``go.Figure`` or touches Streamlit.

* ``dyt_figure``: x, DyT(x), LN(x), RMS(x) in the plane or in space, with the sets each reaches (γ = 1, β = 0,
  the norms' sets at ε = 0): DyT's open box (−1, 1)ⁿ, RMSNorm's sphere of radius √n, LayerNorm's two points
  or circle, and DyT's image of the ray t·x, a curve that bends towards a corner of the box.
  Given a ``beyond.DerfPicture``, Derf beside DyT (the same α): Derf(x), its image of the ray (from erf(s)·𝟏),
  and each curve's image of the drawn box [−E, E]ⁿ (Derf's moves off centre with the shift s).
* ``squash_figure``: tanh(α·x) and erf(α·x + s) on one x axis, their tangents at 0 and where each reaches
  ±0.99 of its bound.
* ``jacobian_figure``: the three n × n Jacobians on one diverging colour scale centred on 0.
* ``qk_figure``: q and every key scaled by s: the largest |logit|, each key's probability and the entropy,
  plain and QK-normed.
* ``sphere_figure`` and ``stream_norms_figure``: nGPT's stream on the unit sphere beside the Pre-Norm stream
  that leaves it, and their lengths step by step.
* ``outlier_figure``: what one massive coordinate does to the others' outputs under RMSNorm, LayerNorm, DyT.

Roles. dyt: ``dyt_box``, ``rms_sphere``, ``ln_set``, ``ray``, ``dyt_ray``, ``arrow_input`` (3D: with
``arrow_input_head``), ``link_<key>`` and ``out_<key>`` for key in dyt, ln, rms. jacobian: ``jac_dyt``, ``jac_ln``,
``jac_rms``. dyt with Derf, also: ``derf_ray``, ``image_dyt``, ``image_derf``, ``link_derf``, ``out_derf``. squash:
``bounds``, ``curve_dyt``, ``curve_derf``, ``tangent_dyt``, ``tangent_derf``, ``sat_dyt``, ``sat_derf``,
``centre_derf``. qk: ``max_plain``, ``max_normed``, ``bound``, ``p_plain_<j>``, ``p_normed_<j>``, ``entropy_plain``,
``entropy_normed``, ``entropy_max``, ``current``. sphere: ``unit_sphere``, ``ngpt_arcs``, ``ngpt_points``,
``targets``, ``pre_points``, ``start``. stream norms: ``norm_ngpt``, ``norm_pre``, ``norm_expected``. outlier:
``factor_rms``, ``measured_rms``, ``factor_ln``, ``measured_ln``, ``factor_dyt``, ``current``, ``coords_rms``,
``coords_ln``, ``coords_dyt``, ``outlier_mark``.

No curve is told from another by colour alone: DyT is dash-dotted with crosses, Derf long-dash-dotted with ×, the
methods keep their own dashes and markers (``Method.dash``, ``Method.symbol``), plain logits are black, dashed, with
× markers.
"""

from __future__ import annotations

import math
from functools import partial

import numpy as np

from normviz import beyond
from normviz import geometry as geo
from normviz.figures._legend import legend_below, legend_beside, subplot_grid
from normviz.figures._style import COLORS, base_layout, colorscale, method_name, sizes
from normviz.figures.projection import CIRCLE_POINTS, SPACE, SPHERE_MESH, View, arrows, line, surface
from normviz.format import decimals, eps_text, shortest, significant, subscript
from normviz.i18n import Translator
from normviz.methods import METHODS

AXES = "xyz"
DYT_DASH, DYT_SYMBOL = "dashdot", "cross"  # a 3D scene draws "cross" too
DERF_DASH, DERF_SYMBOL = "longdashdot", "x"  # both drawn in 3D scenes too
LOOK = {"dyt": (DYT_DASH, DYT_SYMBOL), "derf": (DERF_DASH, DERF_SYMBOL)}
LOOK |= {key: (m.dash, m.symbol) for key, m in METHODS.items()}
TANGENT_DASH = {"dyt": "dot", "derf": "dash"}  # the curves' tangents at 0, apart from the curves and each other
OUTPUTS = ("dyt", "ln", "rms")  # the order outputs are drawn and listed (Derf's after DyT's when it is drawn)
PLAIN_LOOK = {"color": COLORS["input"], "dash": "dash", "symbol": "x"}  # plain logits: no norm, black (residual)
# One colour per key in the QK chart's middle panel (Paul Tol's bright and muted hues, 4:1 and more on white,
# none a method's), and one marker shape per key as well: keys are never told apart by colour alone.
KEY_COLORS = ("#AA3377", "#117733", "#997700", "#4477AA", "#CC3311", "#555555")
KEY_SYMBOLS = ("circle", "square", "diamond", "triangle-up", "pentagon", "star", "hexagon", "triangle-down")
JACOBIAN_SCALE = "RdBu_r"  # diverging, blue below 0 and red above, no red-green pair; white at 0
NGPT_COLOR = COLORS["l2"]  # nGPT puts h back on the unit sphere with L2 normalization
NGPT_DASH = "longdash"  # the residual page's nGPT dash
PRE_COLOR = COLORS["input"]  # the plain stream, nothing normalizes it
# Plot areas in pixels, (screen, projector): on a projector the plot and its title fit one 1080 px screen.
DYT_HEIGHT = {2: (520, 520), 3: (560, 540)}
JACOBIAN_HEIGHT = (260, 380)
QK_HEIGHT = (640, 560)
SPHERE_HEIGHT = (560, 540)
NORMS_HEIGHT = (300, 400)
OUTLIER_HEIGHT = (600, 560)
SQUASH_HEIGHT = (300, 380)
PANEL_TOP = 4.6  # font sizes above a grid of titled panels: the figure's title and the panels' titles
OFFSETS = {"rms": -0.22, "ln": 0.0, "dyt": 0.22}  # the outlier panel: three markers side by side per coordinate
GLYPHS = {"rms": "■", "ln": "◆", "dyt": "✚"}  # the outlier's values written after their markers' shapes
NOTE_ROOM = 1.35  # the outlier panel's top, over the others' half-range: a line for the outlier's values


def _tr(t: Translator, key: str, **values) -> str:
    return t(f"beyond.fig.{key}", **values)


def _name(key: str, t: Translator) -> str:
    """A method's name, DyT's and Derf's included (they have no ``Method`` record: they are no normalization)."""
    return _tr(t, key) if key in ("dyt", "derf") else method_name(key, t)


def _title(text: str) -> dict:
    return {"text": text, "x": 0.01, "xanchor": "left"}


def _entries(data: list[dict]) -> int:
    return sum(tr.get("showlegend", True) is not False for tr in data)


def _top(layout: dict, font: float, top: float) -> dict:
    """Give the layout ``top`` font sizes above the plot area (the figure's title over the panels' titles),
    the plot area keeping its height."""
    px = int(top * font)
    layout["height"] += px - layout["margin"]["t"]
    layout["margin"]["t"] = px
    return layout


def _hover_xyz(dim: int, name: str = "") -> str:
    fmt = ", ".join(f"%{{{a}:.3f}}" for a in AXES[:dim])
    return f"({fmt})<extra>{name}</extra>"


def _coords(points, dim: int) -> dict:
    points = np.asarray(points, dtype=np.float64).reshape(-1, dim)
    return {AXES[i]: points[:, i] for i in range(dim)}


def _gaps(pieces) -> np.ndarray:
    """Polylines (k, m, dim) as one array of rows, a NaN row after each: one trace draws them all."""
    pieces = np.asarray(pieces, dtype=np.float64)
    k, _, dim = pieces.shape
    return np.concatenate([pieces, np.full((k, 1, dim), np.nan)], axis=1).reshape(-1, dim)


def _round_up(value: float, step: float) -> float:
    return math.ceil(value / step - 1e-9) * step


# --- DyT beside LayerNorm and RMSNorm ----------------------------------------------------------------------


def dyt_extent(x) -> float:
    """Half-width of the fixed axes: max(1.15·√n, 1.1·max|xᵢ|) rounded up to 0.5, at least 2."""
    x = np.asarray(x, dtype=np.float64)
    top = float(np.max(np.abs(x))) if x.size else 0.0
    reach = max(1.15 * math.sqrt(x.size), 1.1 * top if math.isfinite(top) else 0.0)
    return max(2.0, _round_up(reach, 0.5))


def box_edges(n: int) -> np.ndarray:
    """The edges of the box [−1, 1]ⁿ (n = 2: the square's 4, n = 3: the cube's 12) as (edges, 2, n)."""
    corners = np.array(np.meshgrid(*[[-1.0, 1.0]] * n, indexing="ij")).reshape(n, -1).T
    return np.array([[a, b] for i, a in enumerate(corners) for b in corners[i + 1 :] if np.count_nonzero(a != b) == 1])


def _dyt_sets(n: int, t: Translator, projector: bool, *, shared: bool = False) -> list[dict]:
    """DyT's box, RMSNorm's circle or sphere of radius √n and LayerNorm's points or circle (ε = 0). ``shared``:
    the box is DyT's and Derf's image of all of ℝⁿ, drawn grey and dashed, neither curve's colour."""
    s = sizes(projector)
    tr = partial(_tr, t)
    box = line(
        _gaps(box_edges(n)),
        dim=n,
        role="dyt_box",
        name=tr(f"dyt.box{n}.shared" if shared else f"dyt.box{n}"),
        color=COLORS["reference"] if shared else COLORS["dyt"],
        width=s["thin"] * (1.5 if n == 3 else 1.0),
        dash="dash" if shared else "dot",
    )
    if n == 2:
        rms = line(
            geo.circle(math.sqrt(2.0), points=CIRCLE_POINTS),
            dim=2,
            role="rms_sphere",
            name=tr("dyt.rms2"),
            color=COLORS["rms"],
            width=s["thin"],
            dash=METHODS["rms"].dash,
        )
        points = geo.layer_norm_points_2d()
        ln = {
            "type": "scatter",
            "mode": "markers",
            **_coords(points, 2),
            "name": tr("dyt.ln2"),
            "meta": "ln_set",
            "hovertemplate": _hover_xyz(2),
            "marker": {
                "symbol": "diamond-open",
                "size": s["marker"] * 1.8,
                "color": COLORS["ln"],
                "line": {"width": s["thin"] + 1, "color": COLORS["ln"]},
            },
        }
    else:
        rows, cols = SPHERE_MESH
        rms = surface(
            geo.sphere_mesh(math.sqrt(3.0), rows=rows, cols=cols),
            role="rms_sphere",
            name=tr("dyt.rms3"),
            color=COLORS["rms"],
            opacity=0.12,
        )
        ln = line(
            geo.layer_norm_circle_3d(points=CIRCLE_POINTS),
            dim=3,
            role="ln_set",
            name=tr("dyt.ln3"),
            color=COLORS["ln"],
            width=s["line"],
        )
        ln.pop("hoverinfo")
        ln["hovertemplate"] = _hover_xyz(3)
    return [box, rms, ln]


def _eps_label(cmp: beyond.DytComparison, t: Translator) -> str:
    if cmp.eps_ln == cmp.eps_rms:
        return _tr(t, "eps", eps=eps_text(cmp.eps_ln))
    return _tr(t, "eps_pair", ln=eps_text(cmp.eps_ln), rms=eps_text(cmp.eps_rms))


def _image_box(lo: float, hi: float, n: int, *, key: str, t: Translator, projector: bool) -> dict:
    """The box [lo, hi]ⁿ (a curve's image of the drawn box [−E, E]ⁿ) as its 4 or 12 edges, in the curve's colour."""
    edges = lo + (hi - lo) * (box_edges(n) + 1.0) / 2.0
    span = f"[{decimals(lo, 3)}, {decimals(hi, 3)}]{'²' if n == 2 else '³'}"
    return line(
        _gaps(edges),
        dim=n,
        role=f"image_{key}",
        name=_tr(t, "dyt.image", method=_name(key, t), box=span),
        color=COLORS[key],
        width=sizes(projector)["thin"] * (1.5 if n == 3 else 1.0),
        dash=LOOK[key][0],  # the curve's own dash: DyT's and Derf's boxes differ by more than colour
    )


def dyt_figure(
    cmp: beyond.DytComparison,
    ray: beyond.DytRay,
    t: Translator,
    *,
    projector: bool = False,
    derf: beyond.DerfPicture | None = None,
) -> dict:
    """x (an arrow), DyT(x), LN(x) and RMS(x) (markers joined to x by thin lines) with the sets they reach,
    the ray t·x and DyT's image of it, on fixed axes ±``dyt_extent(x)``; n = 2 (the plane) or 3 (space).

    With ``derf`` (computed for this x, DyT's α and the half-width ``dyt_extent(x)``): Derf(x), Derf's image of the
    ray, and DyT's and Derf's images of the drawn box [−E, E]ⁿ; the open box is then both curves' image of ℝⁿ."""
    n = cmp.x.size
    if n not in (2, 3):
        raise ValueError(f"x must have 2 or 3 numbers to be drawn; got {n}")
    s = sizes(projector)
    extent = dyt_extent(cmp.x)
    x = np.asarray(cmp.x, dtype=np.float64)
    if derf is not None and (not np.array_equal(derf.x, x) or derf.half_width != extent or derf.alpha != cmp.alpha):
        raise ValueError("derf must be drawn for the same x, α and drawn box (half-width dyt_extent(x)) as DyT")
    data = _dyt_sets(n, t, projector, shared=derf is not None)
    if derf is not None:
        data += [
            _image_box(*derf.box_dyt, n, key="dyt", t=t, projector=projector),
            _image_box(*derf.box_derf, n, key="derf", t=t, projector=projector),
        ]
    data.append(
        line(
            geo.ray_in_box(x, extent),
            dim=n,
            role="ray",
            name=_tr(t, "dyt.ray"),
            color=COLORS["reference"],
            width=s["thin"],
            dash="dot",
        )
    )
    curve = line(
        ray.points,
        dim=n,
        role="dyt_ray",
        name=_tr(t, "dyt.curve", reach=shortest(float(ray.t[-1]))),
        color=COLORS["dyt"],
        width=s["line"] * (1.3 if n == 3 else 1.0),
        dash=DYT_DASH,
    )
    curve.pop("hoverinfo")
    curve.update(customdata=np.asarray(ray.t, dtype=np.float64), hovertemplate=_hover_xyz(n, "t = %{customdata:.2f}"))
    data.append(curve)
    if derf is not None:
        bent = line(
            derf.ray,
            dim=n,
            role="derf_ray",
            name=_tr(t, "dyt.derf_curve", reach=shortest(float(derf.t[-1])), s=shortest(derf.shift)),
            color=COLORS["derf"],
            width=s["line"] * (1.3 if n == 3 else 1.0),
            dash=DERF_DASH,
        )
        bent.pop("hoverinfo")
        bent.update(
            customdata=np.asarray(derf.t, dtype=np.float64), hovertemplate=_hover_xyz(n, "t = %{customdata:.2f}")
        )
        data.append(bent)
    arrow = arrows(
        np.zeros(n),
        x,
        dim=n,
        role="arrow_input",
        name=t("method.input"),
        color=COLORS["input"],
        width=s["line"] * (1.5 if n == 3 else 1.0),
        projector=projector,
        extent=extent,
    )
    arrow[0]["hovertemplate"] = _hover_xyz(n, t("method.input"))
    data += arrow
    outputs = {key: getattr(cmp, key) for key in OUTPUTS}
    if derf is not None:
        outputs = {"dyt": cmp.dyt, "derf": derf.derf, "ln": cmp.ln, "rms": cmp.rms}
    for key, y in outputs.items():
        y = np.asarray(y, dtype=np.float64)
        dash, symbol = LOOK[key]
        name = _tr(t, "dyt.out", method=_name(key, t))
        data.append(
            line(
                np.stack([x, y]),
                dim=n,
                role=f"link_{key}",
                name=name,
                color=COLORS[key],
                width=s["thin"],
                dash=dash,
                opacity=0.8,
                showlegend=False,
            )
            | {"legendgroup": key}
        )
        data.append(
            {
                "type": "scatter" if n == 2 else "scatter3d",
                "mode": "markers",
                **_coords(y, n),
                "name": name,
                "meta": f"out_{key}",
                "legendgroup": key,
                "hovertemplate": _hover_xyz(n, name),
                "marker": {
                    "symbol": symbol,
                    "size": s["marker"] * (1.4 if n == 2 else 0.8),
                    "color": COLORS[key],
                    "line": {"color": "black", "width": 1},
                },
            }
        )
    entries = _entries(data)
    height = DYT_HEIGHT[n][projector]
    if n == 2:
        axis = dict(
            range=[-extent, extent],
            autorange=False,
            zeroline=True,
            zerolinecolor="#BBBBBB",
            showgrid=True,
            gridcolor="#EEEEEE",
            constrain="domain",
            automargin=True,
        )
        layout = base_layout(
            projector,
            xaxis=dict(axis, title=dict(text=t("axis.x1"))),
            yaxis=dict(axis, title=dict(text=t("axis.x2")), scaleanchor="x", scaleratio=1),
            dragmode=False,
            # On a screen (a phone too) the legend goes below in one column and the square plot keeps the
            # width; on a projector right of the plot, where its rows cost no height.
            **(
                legend_beside(height, below=3.6)
                if projector
                else legend_below(projector, plot_height=height, entries=entries, top=3.4, entry_width=None)
            ),
        )
    else:
        layout = SPACE.layout(t, projector, View(extent), entries=entries)
        layout.update(
            legend_beside(height, below=1.0)
            if projector
            else legend_below(projector, plot_height=height, entries=entries, x_title=False, top=3.4, entry_width=None)
        )
    title = _tr(t, "dyt.title", alpha=shortest(cmp.alpha), eps=_eps_label(cmp, t))
    if derf is not None:
        title = _tr(t, "dyt.title_derf", alpha=shortest(cmp.alpha), s=shortest(derf.shift), eps=_eps_label(cmp, t))
    layout["title"] = _title(title)
    return {"data": data, "layout": layout}


# --- the two curves ----------------------------------------------------------------------------------------


def squash_figure(curves: beyond.SquashCurves, t: Translator, *, projector: bool = False) -> dict:
    """tanh(α·x) and erf(α·x + s) (the library's outputs) over one x axis, the bound ±1, each curve's tangent at
    x = 0 (slope ``Squash.slope0``, through its value there), where each reaches ±q of its bound (markers at
    (x₋, −q) and (x₊, q)), and Derf's centre (−s/α, 0)."""
    s = sizes(projector)
    tr = partial(_tr, t)
    reach = curves.reach
    width = s["line"]
    data = [
        {
            "type": "scatter",
            "mode": "lines",
            "x": np.array([-reach, reach, np.nan, -reach, reach]),
            "y": np.array([1.0, 1.0, np.nan, -1.0, -1.0]),
            "name": tr("squash.bounds"),
            "meta": "bounds",
            "hoverinfo": "skip",
            "line": {"color": COLORS["reference"], "dash": "dot", "width": s["thin"]},
        }
    ]
    for key, values in (("dyt", curves.dyt), ("derf", curves.derf)):
        dash = LOOK[key][0]
        f = curves.facts[key]
        data.append(
            {
                "type": "scatter",
                "mode": "lines",
                "x": np.asarray(curves.x, dtype=np.float64),
                "y": np.asarray(values, dtype=np.float64),
                "name": tr(f"squash.{key}", alpha=shortest(f.alpha), s=shortest(f.shift)),
                "meta": f"curve_{key}",
                "hovertemplate": "x = %{x:.3f}: %{y:.4f}<extra>" + _name(key, t) + "</extra>",
                "line": {"color": COLORS[key], "dash": dash, "width": width},
            }
        )
    for key in ("dyt", "derf"):
        f = curves.facts[key]
        ends = np.array([-1.1, 1.1])  # the tangent between the heights ∓1.1
        xs = (ends - f.value0) / f.slope0
        data.append(
            {
                "type": "scatter",
                "mode": "lines",
                "x": xs,
                "y": ends,
                "name": tr("squash.tangent", method=_name(key, t), slope=decimals(f.slope0, 3)),
                "meta": f"tangent_{key}",
                "hoverinfo": "skip",
                "line": {"color": COLORS[key], "dash": TANGENT_DASH[key], "width": s["thin"]},
            }
        )
    for key in ("dyt", "derf"):
        f = curves.facts[key]
        _, symbol = LOOK[key]
        data.append(
            {
                "type": "scatter",
                "mode": "markers",
                "x": np.array(f.saturation, dtype=np.float64),
                "y": np.array([-f.level, f.level]),
                "name": tr(
                    "squash.sat",
                    method=_name(key, t),
                    q=shortest(f.level),
                    lo=decimals(f.saturation[0], 3),
                    hi=decimals(f.saturation[1], 3),
                ),
                "meta": f"sat_{key}",
                "hovertemplate": "(%{x:.3f}, %{y:.2f})<extra>" + _name(key, t) + "</extra>",
                "marker": {
                    "symbol": symbol,
                    "size": s["marker"] * 1.3,
                    "color": COLORS[key],
                    "line": {"color": "black", "width": 1},
                },
            }
        )
    f = curves.facts["derf"]
    data.append(
        {
            "type": "scatter",
            "mode": "markers",
            "x": np.array([f.centre]),
            "y": np.array([0.0]),
            "name": tr("squash.centre", x=decimals(f.centre, 3)),
            "meta": "centre_derf",
            "hovertemplate": "(%{x:.3f}, 0)<extra>" + _name("derf", t) + "</extra>",
            "marker": {
                "symbol": "circle-open",
                "size": s["marker"] * 1.3,
                "color": COLORS["derf"],
                "line": {"width": 2},
            },
        }
    )
    height = SQUASH_HEIGHT[projector]
    layout = base_layout(
        projector,
        title=_title(tr("squash.title", alpha=shortest(f.alpha), s=shortest(f.shift))),
        xaxis=dict(title=dict(text=tr("squash.x")), range=[-reach, reach], zeroline=True, zerolinecolor="#BBBBBB"),
        yaxis=dict(title=dict(text=tr("squash.y")), range=[-1.15, 1.15], zeroline=True, zerolinecolor="#BBBBBB"),
        dragmode=False,
        **(
            legend_beside(height, below=3.6)
            if projector
            else legend_below(projector, plot_height=height, entries=_entries(data), entry_width=None)
        ),
    )
    return {"data": data, "layout": layout}


# --- the Jacobians -----------------------------------------------------------------------------------------


def jacobian_figure(cmp: beyond.DytComparison, t: Translator, *, projector: bool = False) -> dict:
    """DyT's, LayerNorm's and RMSNorm's Jacobians at x side by side, ∂yᵢ/∂xⱼ in row i and column j (row 1 at
    the top), on one diverging scale symmetric about 0, every value written in its cell (NaN: an empty
    cell marked —, LayerNorm of a constant x at ε = 0)."""
    s = sizes(projector)
    n = cmp.x.size
    mats = {"dyt": cmp.jacobian_dyt, "ln": cmp.jacobian_ln, "rms": cmp.jacobian_rms}
    finite = np.concatenate([np.abs(m[np.isfinite(m)]).ravel() for m in mats.values()])
    top = float(finite.max()) if finite.size else 0.0
    top = top if top > 0 else 1.0  # all zero (or all NaN): any symmetric scale puts them at its middle
    grid, cells = subplot_grid(1, 3, projector=projector, titles=[_name(k, t) for k in mats], horizontal_spacing=0.06)
    index = np.arange(1, n + 1)
    data = []
    for (key, m), cell in zip(mats.items(), cells):
        z = np.asarray(m, dtype=np.float64)
        text = [[decimals(v, 3, nan="—") for v in row] for row in z]
        data.append(
            {
                "type": "heatmap",
                "z": z,
                "x": index,
                "y": index,
                "text": text,
                "texttemplate": "%{text}",
                "textfont": {
                    "size": round(s["font"] * (1.0 if projector else 0.72))
                },  # a phone: 6 characters in a cell
                "coloraxis": "coloraxis",
                "name": _name(key, t),
                "meta": f"jac_{key}",
                "hovertemplate": _tr(t, "jac.hover", i="%{y}", j="%{x}", value="%{text}")
                + f"<extra>{_name(key, t)}</extra>",
                "xgap": 2,
                "ygap": 2,
                **cell.refs,
            }
        )
        ticks = dict(tickmode="array", tickvals=index, ticktext=[str(i) for i in index])
        grid[cell.xaxis].update(constrain="domain", title={"text": _tr(t, "jac.x")}, showgrid=False, **ticks)
        grid[cell.yaxis].update(
            autorange="reversed",
            scaleanchor=cell.refs["xaxis"],
            constrain="domain",
            showgrid=False,
            **ticks,
        )
        if cell.index == 1:
            grid[cell.yaxis]["title"] = {"text": _tr(t, "jac.y")}
    height = JACOBIAN_HEIGHT[projector]
    font = s["font"]
    below = int(7.8 * font)  # the x axis title, then the colour bar lying under the panels
    layout = base_layout(
        projector,
        **grid,
        height=height + int(PANEL_TOP * font) + below,
        margin=dict(l=10, r=10, t=int(PANEL_TOP * font), b=below),
        title=_title(_tr(t, "jac.title")),
        coloraxis=dict(
            colorscale=colorscale(JACOBIAN_SCALE),
            cmin=-top,
            cmax=top,
            cmid=0.0,
            colorbar=dict(
                orientation="h",  # under the panels: a phone keeps the whole width for them
                x=0.5,
                xanchor="center",
                y=-4.2 * font / height,
                yanchor="top",
                len=0.6,
                thickness=round(0.8 * font),
                title=dict(text=_tr(t, "jac.scale"), side="top"),
                tickfont=dict(size=round(0.8 * font)),
            ),
        ),
    )
    return {"data": data, "layout": layout}


# --- QK-norm -----------------------------------------------------------------------------------------------


def _log_range(values, *, pad: float = 0.08) -> list[float]:
    """A log axis's range (exponents) around the positive finite values, a little wider."""
    v = np.asarray(values, dtype=np.float64).ravel()
    v = v[np.isfinite(v) & (v > 0)]
    if not v.size:
        return [-1.0, 1.0]
    lo, hi = math.log10(float(v.min())), math.log10(float(v.max()))
    room = pad * max(hi - lo, 1.0)
    return [lo - room, hi + room]


def _log_axis(exponents: list[float], most: int = 6) -> dict:
    """A log axis over 10^exponents: labels at powers of ten, at most about ``most`` of them (every k-th
    decade), where it spans two decades or more (the 2-3-4-… labels between them crowd a phone's width);
    at 1, 2 and 5 times them where it spans less."""
    span = exponents[1] - exponents[0]
    dtick = max(1, math.ceil(span / (most - 1))) if span >= 2 else "D2"
    return dict(type="log", range=exponents, exponentformat="power", dtick=dtick)


def _curve(cell, x, y, *, role: str, name: str, color: str, dash: str, symbol: str, width: float, **extra) -> dict:
    return {
        "type": "scatter",
        "mode": "lines+markers",
        "x": np.asarray(x, dtype=np.float64),
        "y": np.asarray(y, dtype=np.float64),
        "name": name,
        "meta": role,
        "line": {"color": color, "dash": dash, "width": width},
        "marker": {"color": color, "symbol": symbol, "size": 1.4 * width + 3, "line": {"color": color, "width": 1}},
        "hovertemplate": "s = %{x:.3g}: %{y:.4g}<extra>" + name + "</extra>",
        **cell.refs,
        **extra,
    }


def _level(cell, xs, value: float, *, role: str, name: str, dash: str, width: float, **extra) -> dict:
    """A horizontal reference line at ``value`` across the x range [xs[0], xs[1]]."""
    return {
        "type": "scatter",
        "mode": "lines",
        "x": np.asarray(xs, dtype=np.float64),
        "y": np.full(2, float(value)),
        "name": name,
        "meta": role,
        "hoverinfo": "name",
        "line": {"color": COLORS["reference"], "dash": dash, "width": width},
        **cell.refs,
        **extra,
    }


def _vertical(cell, x: float, ys, *, name: str, width: float, legend: bool) -> dict:
    """The current s: a vertical dotted line across a panel's whole y range ``ys`` (a trace, so it has a role)."""
    return {
        "type": "scatter",
        "mode": "lines",
        "x": np.full(2, float(x)),
        "y": np.asarray(ys, dtype=np.float64),
        "name": name,
        "meta": "current",
        "legendgroup": "current",
        "showlegend": legend,
        "hoverinfo": "name",
        "line": {"color": COLORS["input"], "dash": "dot", "width": width},
        **cell.refs,
    }


def qk_figure(sweep: beyond.QKSweep, t: Translator, *, projector: bool = False, current: float | None = None) -> dict:
    """Three panels over the scale s (log axis, shared): the largest |logit| with QK-norm's bound, each key's
    softmax probability, and the entropy with log m, each plain (black, dashed, ×) and QK-normed (the
    norm's colour, solid, its marker); ``current``: a vertical line at that s in every panel."""
    s = sizes(projector)
    tr = partial(_tr, t)
    norm = method_name(sweep.norm, t)
    scales = np.asarray(sweep.scales, dtype=np.float64)
    m = sweep.logits_plain.shape[1]
    grid, cells = subplot_grid(
        3,
        1,
        projector=projector,
        titles=[tr(f"qk.{p}.title") for p in ("max", "probs", "entropy")],
        vertical_spacing=0.13 if projector else 0.11,
    )
    top, middle, bottom = cells
    plain_name, normed_name = tr("qk.plain"), tr("qk.normed", norm=norm)
    normed_look = {"color": COLORS[sweep.norm], "dash": "solid", "symbol": METHODS[sweep.norm].symbol}
    width = s["line"]
    max_plain = np.max(np.abs(sweep.logits_plain), axis=1)
    max_normed = np.max(np.abs(sweep.logits_normed), axis=1)
    data = [
        _curve(
            top, scales, max_plain, role="max_plain", name=plain_name, width=width, legendgroup="plain", **PLAIN_LOOK
        ),
        _curve(
            top,
            scales,
            max_normed,
            role="max_normed",
            name=normed_name,
            width=width,
            legendgroup="normed",
            **normed_look,
        ),
    ]
    x_lo, x_hi = float(scales.min()), float(scales.max())
    if current is not None and current > 0:
        x_lo, x_hi = min(x_lo, current), max(x_hi, current)
    ends = np.array([x_lo, x_hi])
    data.append(
        _level(
            top,
            ends,
            sweep.bound,
            role="bound",
            name=tr("qk.bound", value=decimals(sweep.bound, 3)),
            dash="dash",
            width=s["thin"] * 1.5,
        )
    )
    # The keys: one legend entry each (plain and normed share it), the dash says which is which.
    for j in range(m):
        color, symbol = KEY_COLORS[j % len(KEY_COLORS)], KEY_SYMBOLS[j % len(KEY_SYMBOLS)]
        name = tr("qk.key", k=f"k{subscript(j + 1)}")
        for kind, probs, dash, mark in (
            ("normed", sweep.probs_normed, "solid", symbol),
            ("plain", sweep.probs_plain, "dash", f"{symbol}-open"),
        ):
            data.append(
                _curve(
                    middle,
                    scales,
                    probs[:, j],
                    role=f"p_{kind}_{j}",
                    name=name,
                    color=color,
                    dash=dash,
                    symbol=mark,
                    width=s["thin"] * 1.5,
                    legendgroup=f"key{j}",
                    showlegend=kind == "normed",
                )
            )
    data += [
        _curve(
            bottom,
            scales,
            sweep.entropy_plain,
            role="entropy_plain",
            name=plain_name,
            width=width,
            legendgroup="plain",
            showlegend=False,
            **PLAIN_LOOK,
        ),
        _curve(
            bottom,
            scales,
            sweep.entropy_normed,
            role="entropy_normed",
            name=normed_name,
            width=width,
            legendgroup="normed",
            showlegend=False,
            **normed_look,
        ),
        _level(
            bottom,
            ends,
            math.log(m),
            role="entropy_max",
            name=tr("qk.entropy_max", value=decimals(math.log(m), 3)),
            dash="dot",
            width=s["thin"] * 1.5,
        ),
    ]
    y_max = _log_range(np.concatenate([max_plain, max_normed, [sweep.bound]]))
    h_top = max(math.log(m), float(np.nanmax(np.concatenate([sweep.entropy_plain, sweep.entropy_normed]))), 0.1)
    y_ranges = [y_max, [0.0, 1.04], [0.0, 1.1 * h_top]]
    if current is not None and current > 0:
        label = _tr(t, "current", s=significant(current, 3))
        for k, (cell, ys) in enumerate(zip(cells, y_ranges)):
            ys = [10.0 ** ys[0], 10.0 ** ys[1]] if k == 0 else ys
            data.append(_vertical(cell, current, ys, name=label, width=s["thin"] * 1.5, legend=k == 0))
    x_range = _log_range(ends, pad=0.03)
    for k, (cell, ys, axis) in enumerate(zip(cells, y_ranges, ("max", "probs", "entropy"))):
        grid[cell.xaxis].update(_log_axis(x_range))
        if k > 0:
            grid[cell.xaxis]["matches"] = cells[0].refs["xaxis"]
        if k < 2:
            grid[cell.xaxis]["showticklabels"] = False  # one set of s labels, under the bottom panel
        grid[cell.yaxis].update(title={"text": tr(f"qk.{axis}.y")}, range=ys, **({"nticks": 4} if projector else {}))
    grid[cells[0].yaxis].update(_log_axis(y_max, most=4 if projector else 5))
    grid[bottom.xaxis]["title"] = {"text": tr("qk.x")}
    height = QK_HEIGHT[projector]
    layout = base_layout(
        projector,
        **grid,
        title=_title(tr("qk.title")),
        **(
            legend_beside(height, below=3.6)
            if projector
            else legend_below(projector, plot_height=height, entries=_entries(data), columns=2)
        ),
    )
    return {"data": data, "layout": _top(layout, s["font"], PANEL_TOP)}


# --- nGPT on the sphere, the Pre-Norm stream off it ----------------------------------------------------------


def sphere_extent(plain: beyond.PlainStream) -> float:
    """Half-width of the fixed axes: max(1.2, 1.1·max‖hₗ‖ of the Pre-Norm stream), rounded up to 0.1."""
    top = float(np.max(plain.norms)) if plain.points.size else 0.0
    return _round_up(max(1.2, 1.1 * top), 0.1)


def sphere_figure(
    path: beyond.SpherePath, plain: beyond.PlainStream, t: Translator, *, projector: bool = False
) -> dict:
    """nGPT's h₀ … h_L on the unit sphere joined by great-circle arcs, the suggestions h_A, and the Pre-Norm
    stream h ← h + g·h_A from the same h₀ leaving the sphere; one 3D scene on fixed axes."""
    s = sizes(projector)
    tr = partial(_tr, t)
    extent = sphere_extent(plain)
    rows, cols = SPHERE_MESH
    steps = np.arange(len(path.points))
    step_hover = tr("step", l="%{customdata}")
    data = [
        surface(
            geo.sphere_mesh(1.0, rows=rows, cols=cols),
            role="unit_sphere",
            name=tr("sphere.unit"),
            color=NGPT_COLOR,
            opacity=0.14,
        ),
        line(
            _gaps(path.arcs),
            dim=3,
            role="ngpt_arcs",
            name=tr("sphere.arcs", alpha=shortest(path.alpha)),
            color=NGPT_COLOR,
            width=s["line"],
            dash=NGPT_DASH,
        )
        | {"legendgroup": "ngpt", "connectgaps": False},
        {
            "type": "scatter3d",
            "mode": "markers",
            **_coords(path.points, 3),
            "customdata": steps,
            "name": tr("sphere.points"),
            "meta": "ngpt_points",
            "legendgroup": "ngpt",
            "hovertemplate": f"{step_hover}: {_hover_xyz(3, 'nGPT')}",
            "marker": {
                "symbol": "circle",
                "size": s["marker"] * 0.7,
                "color": NGPT_COLOR,
                "line": {"color": "black", "width": 1},
            },
        },
        {
            "type": "scatter3d",
            "mode": "markers",
            **_coords(path.targets, 3),
            "customdata": steps[1:],
            "name": tr("sphere.targets"),
            "meta": "targets",
            "hovertemplate": f"h_A, {step_hover}: {_hover_xyz(3)}",
            "marker": {"symbol": "diamond-open", "size": s["marker"] * 0.55, "color": COLORS["reference"]},
        },
        {
            "type": "scatter3d",
            "mode": "lines+markers",
            **_coords(plain.points, 3),
            "customdata": np.arange(len(plain.points)),
            "name": tr("sphere.pre", gain=shortest(plain.gain)),
            "meta": "pre_points",
            "hovertemplate": f"{step_hover}: {_hover_xyz(3, 'Pre-Norm')}",
            "line": {"color": PRE_COLOR, "width": s["line"], "dash": "solid"},
            "marker": {"symbol": "square", "size": s["marker"] * 0.55, "color": PRE_COLOR},
        },
        {
            "type": "scatter3d",
            "mode": "markers",
            **_coords(path.points[:1], 3),
            "name": tr("sphere.start"),
            "meta": "start",
            "hovertemplate": _hover_xyz(3, "h₀"),
            "marker": {
                "symbol": "diamond",
                "size": s["marker"] * 1.1,
                "color": "#FFFFFF",
                "line": {"color": COLORS["input"], "width": 3},
            },
        },
    ]
    entries = _entries(data)
    height = SPHERE_HEIGHT[projector]
    layout = SPACE.layout(t, projector, View(extent), entries=entries)
    layout.update(
        legend_beside(height, below=1.0)
        if projector
        else legend_below(projector, plot_height=height, entries=entries, x_title=False, top=3.4, entry_width=None)
    )
    layout["title"] = _title(tr("sphere.title"))
    return {"data": data, "layout": layout}


def stream_norms_figure(
    path: beyond.SpherePath, plain: beyond.PlainStream, t: Translator, *, projector: bool = False
) -> dict:
    """‖hₗ‖ over the steps l = 0 … L: nGPT's (all 1), the Pre-Norm stream's, and √(E‖hₗ‖²) = √(‖h₀‖² + l·g²)
    for suggestions unrelated to h (``PlainStream.expected_norms``)."""
    s = sizes(projector)
    tr = partial(_tr, t)
    steps_ngpt = np.arange(len(path.points), dtype=np.float64)
    steps_pre = np.arange(len(plain.points), dtype=np.float64)
    expected = plain.expected_norms
    width = s["line"]
    data = [
        {
            "type": "scatter",
            "mode": "lines+markers",
            "x": steps_ngpt,
            "y": np.asarray(path.norms, dtype=np.float64),
            "name": tr("norms.ngpt"),
            "meta": "norm_ngpt",
            "hovertemplate": "l = %{x}: %{y:.4f}<extra>nGPT</extra>",
            "line": {"color": NGPT_COLOR, "dash": NGPT_DASH, "width": width},
            "marker": {"color": NGPT_COLOR, "symbol": "circle", "size": 2.2 * width + 3},
        },
        {
            "type": "scatter",
            "mode": "lines+markers",
            "x": steps_pre,
            "y": np.asarray(plain.norms, dtype=np.float64),
            "name": tr("norms.pre"),
            "meta": "norm_pre",
            "hovertemplate": "l = %{x}: %{y:.4f}<extra>Pre-Norm</extra>",
            "line": {"color": PRE_COLOR, "dash": "solid", "width": width},
            "marker": {"color": PRE_COLOR, "symbol": "square", "size": 2.2 * width + 3},
        },
        {
            "type": "scatter",
            "mode": "lines",
            "x": steps_pre,
            "y": expected,
            "name": tr("norms.expected", gain=shortest(plain.gain)),
            "meta": "norm_expected",
            "hovertemplate": "l = %{x:.2f}: %{y:.4f}<extra></extra>",
            "line": {"color": COLORS["reference"], "dash": "dot", "width": s["thin"] * 1.5},
        },
    ]
    last = float(max(steps_ngpt[-1], steps_pre[-1]))
    y_top = float(np.nanmax(np.concatenate([plain.norms, path.norms, expected])))
    height = NORMS_HEIGHT[projector]
    layout = base_layout(
        projector,
        title=_title(tr("norms.title")),
        xaxis=dict(
            title=dict(text=tr("norms.x")),
            range=[-0.03 * max(last, 1.0), last + 0.03 * max(last, 1.0)],  # the end markers whole
            **({"dtick": 1} if last <= 12 else {}),
        ),
        yaxis=dict(title=dict(text=tr("norms.y")), range=[0.0, 1.1 * y_top], rangemode="tozero"),
        **legend_below(projector, plot_height=height, entries=len(data), entry_width=None),
    )
    return {"data": data, "layout": layout}


# --- one outlier ---------------------------------------------------------------------------------------------


def outlier_figure(
    effect: beyond.OutlierEffect, curve: beyond.OutlierCurve, t: Translator, *, projector: bool = False, shown: int = 16
) -> dict:
    """Top: the factor by which the other coordinates' outputs are multiplied as s grows (RMSNorm's, LayerNorm's
    spread, DyT's 1), the formulas as lines and the library's outputs as markers, the current s marked.
    Bottom: the first ``shown`` coordinates' outputs under the three, the outlier's own drawn apart (off the
    scale: at the edge, its value written beside), so that it does not squash the others."""
    s = sizes(projector)
    tr = partial(_tr, t)
    d = effect.x.size
    shown = max(1, min(int(shown), d))
    sub = subscript(effect.index + 1)
    grid, cells = subplot_grid(
        2,
        1,
        projector=projector,
        titles=[
            tr("out.factor.title"),
            tr("out.coords.title", sub=sub, s=shortest(effect.s)),
        ],
        vertical_spacing=0.27 if projector else 0.17,  # the top panel's s axis title above the lower title
    )
    top, bottom = cells
    # The s axis is logarithmic, and s = 0 is left out: the factors stay ≈ 1 until s reaches about ‖r‖ and then
    # fall like ‖r‖/s, and massive activations are tens to thousands of times the rest; on a linear axis the
    # knee, where the outlier starts to matter, would be squeezed into the first few pixels. (At s = 0 RMSNorm's
    # factor is 1 by definition, and LayerNorm's, relative to s = r̄, is within a few per cent of 1.)
    scales = np.asarray(curve.scales, dtype=np.float64)
    pos = scales > 0
    xs = scales[pos]
    width = s["line"]
    data = []
    # LayerNorm first: where the two factors nearly agree (a rest of mean ≈ 0), RMSNorm's dashes lie on top.
    for key, factor, measured, symbol in (
        ("ln", curve.ln_factor, curve.ln_measured, "diamond-open"),
        ("rms", curve.rms_factor, curve.rms_measured, "square-open"),
    ):
        color = COLORS[key]
        data.append(
            {
                "type": "scatter",
                "mode": "lines",
                "x": xs,
                "y": np.asarray(factor, dtype=np.float64)[pos],
                "name": tr(f"out.{key}"),
                "meta": f"factor_{key}",
                "hovertemplate": "s = %{x:.4g}: %{y:.4f}<extra>" + method_name(key, t) + "</extra>",
                "line": {"color": color, "dash": METHODS[key].dash, "width": width},
                **top.refs,
            }
        )
        data.append(
            {
                "type": "scatter",
                "mode": "markers",
                "x": xs,
                "y": np.asarray(measured, dtype=np.float64)[pos],
                "name": tr(f"out.{key}_measured"),
                "meta": f"measured_{key}",
                "hovertemplate": "s = %{x:.4g}: %{y:.4f}<extra>" + method_name(key, t) + "</extra>",
                "marker": {
                    "color": color,
                    "symbol": symbol,
                    "size": s["marker"] * 0.8,
                    "line": {"color": color, "width": s["thin"]},
                },
                **top.refs,
            }
        )
    data.append(
        {
            "type": "scatter",
            "mode": "lines",
            "x": xs,
            "y": np.ones(xs.size),  # tanh(α·rⱼ) does not depend on s (curve.dyt_change is 0)
            "name": tr("out.dyt"),
            "meta": "factor_dyt",
            "hovertemplate": "s = %{x:.4g}: %{y:.4f}<extra>DyT</extra>",
            "line": {"color": COLORS["dyt"], "dash": DYT_DASH, "width": width},
            **top.refs,
        }
    )
    factor_range = [0.0, 1.08]
    x_lo, x_hi = (float(xs.min()), float(xs.max())) if xs.size else (0.1, 10.0)
    if effect.s > 0:  # a log axis has no place for s ≤ 0: then no line
        x_lo, x_hi = min(x_lo, effect.s), max(x_hi, effect.s)
        data.append(
            _vertical(
                top,
                effect.s,
                factor_range,
                name=_tr(t, "current", s=shortest(effect.s)),
                width=s["thin"] * 1.5,
                legend=True,
            )
        )
    # The outputs, three markers per coordinate side by side. The outlier's own (RMSNorm's tends to √D,
    # LayerNorm's to √(D − 1)) would flatten the others onto 0: the y range covers the others and DyT's ±1, and
    # the outlier is drawn in its own trace, clipped to the edge with its value written.
    j = np.arange(shown)
    others = effect.others[:shown]
    outputs = {key: np.asarray(getattr(effect, key), dtype=np.float64)[:shown] for key in ("rms", "ln", "dyt")}
    spread = np.concatenate([np.abs(v[others]) for v in outputs.values()])
    spread = spread[np.isfinite(spread)]
    half = _round_up(1.15 * max(1.0, float(spread.max()) if spread.size else 0.0), 0.25)
    for key, y in outputs.items():
        y = y.copy()
        y[~others] = np.nan
        name = tr("out.coords", method=_name(key, t))
        data.append(
            {
                "type": "scatter",
                "mode": "markers",
                "x": j + 1 + OFFSETS[key],
                "y": y,
                "customdata": j + 1,
                "name": name,
                "meta": f"coords_{key}",
                "hovertemplate": "j = %{customdata}: %{y:.3f}<extra>" + _name(key, t) + "</extra>",
                "marker": {
                    "color": COLORS[key],
                    "symbol": LOOK[key][1],
                    "size": s["marker"],
                    "line": {"color": "black", "width": 1},
                },
                **bottom.refs,
            }
        )
    annotations = []
    y_range = [-half, half]
    if effect.index < shown:
        edge = 0.9 * half
        keys = list(outputs)
        values = np.array([getattr(effect, k)[effect.index] for k in keys], dtype=np.float64)
        clipped = np.clip(values, -edge, edge)
        symbols = [
            ("triangle-up" if v > edge else "triangle-down") if abs(v) > edge else LOOK[k][1]
            for k, v in zip(keys, values)
        ]
        texts = [f"{_name(k, t)}: {decimals(v, 3)}" for k, v in zip(keys, values)]
        data.append(
            {
                "type": "scatter",
                "mode": "markers",
                "x": effect.index + 1 + np.array([OFFSETS[k] for k in keys]),
                "y": clipped,
                "text": texts,
                "name": tr("out.outlier"),
                "meta": "outlier_mark",
                "hovertemplate": f"x{sub} = {shortest(effect.s)}: %{{text}}<extra></extra>",
                "marker": {
                    "color": [COLORS[k] for k in keys],
                    "symbol": symbols,
                    "size": s["marker"] * 1.5,
                    "line": {"color": "black", "width": 1.5},
                },
                **bottom.refs,
            }
        )
        # The values on one line in a strip added above the others' range, over the outlier's column (towards
        # the middle near either end): each after its marker's shape in its colour, as the legend shows them.
        y_range = [-half, NOTE_ROOM * half]
        third = (effect.index + 1 - 0.5) / shown
        anchor = "left" if third < 1 / 3 else "right" if third > 2 / 3 else "center"
        values_text = "  ".join(
            f"<span style='color:{COLORS[k]}'>{GLYPHS[k]}</span> {decimals(v, 3)}" for k, v in zip(keys, values)
        )
        annotations.append(
            {
                "text": f"{tr('out.note', sub=sub)} {values_text}",
                "x": effect.index + 1 + {"left": -0.42, "center": 0.0, "right": 0.42}[anchor],
                "y": NOTE_ROOM * half,
                "xref": bottom.refs["xaxis"],
                "yref": bottom.refs["yaxis"],
                "xanchor": anchor,
                "yanchor": "top",
                "showarrow": False,
                "font": {"size": round(s["font"] * (1.0 if projector else 0.8))},
                "bgcolor": "rgba(255,255,255,0.85)",
            }
        )
    grid[top.xaxis].update(_log_axis(_log_range([x_lo, x_hi], pad=0.04)))
    grid[top.xaxis]["title"] = {"text": tr("out.factor.x")}
    grid[top.yaxis].update(title={"text": tr("out.factor.y")}, range=factor_range)
    grid[bottom.xaxis].update(
        title={"text": tr("out.coords.x")},
        range=[0.4, shown + 0.6],
        tickmode="array",
        tickvals=j + 1,
        ticktext=[str(v) for v in j + 1],
        showgrid=False,
    )
    grid[bottom.yaxis].update(title={"text": tr("out.coords.y")}, range=y_range, zeroline=True)
    grid["annotations"] = grid["annotations"] + annotations
    height = OUTLIER_HEIGHT[projector]
    eps = _tr(t, "eps", eps=eps_text(effect.eps))
    layout = base_layout(
        projector,
        **grid,
        title=_title(tr("out.title", D=d, eps=eps)),
        **(
            legend_beside(height, below=3.6)
            if projector
            else legend_below(projector, plot_height=height, entries=_entries(data), columns=2)
        ),
    )
    return {"data": data, "layout": _top(layout, s["font"], PANEL_TOP)}
