"""The real-model page's figures: what the 13 LayerNorms of a trained encoder (all-MiniLM-L6-v2, D = 384) receive
for one text of S tokens, and what they do with it.

The builders take plain numpy arrays and strings (the page's data side computes them from the hidden states the
norms really received) and return plain plotly JSON (``{"data", "layout"}``, numpy arrays inside). Every trace
carries ``meta``, its role, which tests read instead of translated names. Nothing here builds a ``go.Figure`` or
touches Streamlit.

* ``layer_token_heatmap``: norms (rows, in order from the top) × tokens, ``kind`` "share" (μ²·D/‖x‖², the share
  of ‖x‖² along 𝟏: what the centring removes) or "gap" (‖LN(x) − RMS(x)‖/‖LN(x)‖ at γ = 1, β = 0).
* ``outlier_figure``: per coordinate the largest |xᵢ|/RMS(x) over the tokens against a threshold, and the top
  coordinates token by token.
* ``recurrence_figure``: in how many tokens each norm's input flags the coordinates flagged most often.
* ``gamma_figure``: histograms of one norm's γ and β, with γ's smallest and largest marked and written.
* ``hyperplane_figure``: the inputs and their LN(x) in 3 directions of the hyperplane ⟂ 𝟏, with the √D sphere.
  A 3D shadow of points on the √D sphere lies inside the ball, not on the sphere: the strings say so.
* ``drift_figure``: per norm, the cosine and relative error of a run with frozen σ against the ordinary run.
* ``frozen_slice_figure``: two tokens in their exact 3D slice (𝟏 up): LayerNorm's circle, the frozen map's plane.
* ``jacobian_figure``: every (norm, token)'s Jacobian norm 1/s against its largest |xᵢ − μ|, with the bound.

Roles. heat map: ``heatmap_share`` or ``heatmap_gap``; with ``chosen``: ``chosen`` (the row's outline) and
``chosen_halo`` (a white line under it, so it shows on dark and light cells). outlier: ``max_ratio``,
``threshold``, ``flagged``, ``top_coords``. recurrence: ``recurrence``. γ and β: ``gamma_hist``, ``beta_hist``,
``gamma_min``, ``gamma_max``, ``gamma_one``, ``beta_zero``. hyperplane: ``sphere``, ``moves``, ``before``,
``after``. drift: ``cosine``, ``cosine_min``, ``relative``, ``frozen_edge``. slice: ``plane``, ``circle``,
``centring``, ``rays``, ``inputs``, ``ln``, ``frozen``. Jacobian: ``bound``, ``tokens``, ``top``.

Tokens are the user's text: plotly reads labels as HTML, so each is escaped (``<`` stays a ``<`` on screen), and
tokens sit at positions 0 … S − 1 with the strings as tick labels (a categorical axis would merge two "the").
Tick labels are cut to ``TOKEN_CHARS`` characters and, past ``TOKEN_TICKS`` tokens, only every k-th is written;
the hover always names the token in full.
"""

from __future__ import annotations

import html
import math
from functools import partial

import numpy as np

from normviz import geometry as geo
from normviz.figures._legend import legend_below, legend_beside, subplot_grid
from normviz.figures._style import COLORS, base_layout, colorscale, sizes
from normviz.figures.projection import SPHERE_MESH, camera, line, surface, tick_values
from normviz.format import percent, significant, subscript
from normviz.i18n import Translator

KINDS = ("share", "gap")
SEQUENTIAL = "Viridis"  # sequential, dark at 0, perceptually even and readable with colour-vision deficiencies
TOKEN_TICKS = 40  # at most this many token labels on an axis; past it every k-th (the hover names them all)
TOKEN_CHARS = 12  # a tick label's longest token; longer ones end in "…" (the hover has them whole)
FLAG_LABELS = 12  # the flagged coordinates whose index is written beside their marker (the largest first)
FLAG_COLOR = COLORS["std"]  # Tol's wine: dark, apart from the grey markers and from every method's colour
LOG_DECADES = 2.0  # the outlier panel's y axis turns logarithmic when the ratios span more decades than this
BINS = 40  # bins of the γ and β histograms
# Plot areas in pixels, (screen, projector): on a projector the plot with its title and legend fits 1080 px.
ROW_PX = (22, 32)  # a norm's row in the layers × tokens heat maps (a projector: 13 rows and the title on one screen)
HEAT_HEIGHT = ((220, 420), (300, 500))  # the heat maps' plot area, (least, most)
OUTLIER_HEIGHT = (520, 540)
GAMMA_HEIGHT = (300, 420)
HYPER_HEIGHT = (480, 540)
PANEL_TOP = 4.6  # font sizes above a grid of titled panels: the figure's title and the panels' titles
BAR_ROOM = 3.8  # font sizes a horizontal colour bar takes: its title, the bar, its tick labels


def _tr(t: Translator, key: str, **values) -> str:
    return t(f"model.fig.{key}", **values)


def _title(text: str) -> dict:
    return {"text": text, "x": 0.01, "xanchor": "left"}


def _label(text: str, limit: int | None = None) -> str:
    """A token or a norm's name as plotly shows it: cut to ``limit`` characters, HTML-escaped."""
    text = str(text)
    if limit is not None and len(text) > limit:
        text = text[: limit - 1] + "…"
    return html.escape(text, quote=False)


def _small(font: float, share: float = 0.75) -> int:
    """Type smaller than the figure's on a screen (tick labels, cell texts); on a projector (24 px) no smaller."""
    return round(font if font >= sizes(True)["font"] else share * font)


def _text_px(text: str, font: float) -> float:
    """About how wide ``text`` is in pixels at ``font``: a wide (CJK) character one font size, others 0.62."""
    return font * sum(1.0 if ord(c) >= 0x2E80 else 0.62 for c in text)


def _nice_up(value: float) -> float:
    """The smallest of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a power of ten at or above ``value`` (1 if none)."""
    if not (math.isfinite(value) and value > 0):
        return 1.0
    power = 10.0 ** math.floor(math.log10(value))
    return next(m * power for m in (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10) if m * power >= value * (1 - 1e-12))


def _finite_max(values) -> float:
    v = np.asarray(values, dtype=np.float64)
    v = v[np.isfinite(v)]
    return float(v.max()) if v.size else 0.0


def _every(count: int, room_px: float, per_px: float, most: int = TOKEN_TICKS) -> int:
    """The step between written labels: all of ``count`` where they fit (``per_px`` each in ``room_px``,
    at most ``most``), else every k-th."""
    fits = max(1, min(most, int(room_px / per_px)))
    return max(1, math.ceil(count / fits))


def _token_axis(tokens: list[str], font: float, *, room_px: float, vertical: bool) -> tuple[dict, float]:
    """Tick keys for a token axis (positions 0 … S − 1, the tokens as labels, thinned) and the pixels its labels
    take across the axis: their height under an x axis (turned 90° past 12 tokens, else 45°), their width
    beside a y axis."""
    n = len(tokens)
    tick_font = _small(font)
    step = _every(n, room_px, 1.5 * tick_font)
    pos = np.arange(0, n, step)
    labels = [_label(tokens[i], TOKEN_CHARS) for i in pos]
    longest = max((_text_px(html.unescape(s), tick_font) for s in labels), default=0.0)
    keys = dict(tickmode="array", tickvals=pos, ticktext=labels, tickfont=dict(size=tick_font), showgrid=False)
    if vertical:
        return keys | dict(automargin=True), longest
    angle = -90 if n > 12 else -45
    keys["tickangle"] = angle
    across = longest if angle == -90 else longest * math.sqrt(0.5) + tick_font
    return keys, across + tick_font


def _colorbar(font: float, plot_height: int, below_px: float, title: str, **extra) -> dict:
    """A horizontal colour bar ``below_px`` pixels under the plot area (a phone keeps the width for the plot)."""
    return dict(
        orientation="h",
        x=0.5,
        xanchor="center",
        y=-below_px / plot_height,
        yanchor="top",
        len=0.7,
        thickness=round(0.8 * font),
        title=dict(text=title, side="top"),
        tickfont=dict(size=_small(font, 0.8)),
        **extra,
    )


def _room(layout: dict, *, plot_height: int, top: float, bottom: float) -> dict:
    """Margins and height for a plot area ``plot_height`` pixels high with ``top`` and ``bottom`` pixels around."""
    layout["margin"] = dict(l=10, r=10, t=int(top), b=int(bottom))
    layout["height"] = int(plot_height + top + bottom)
    return layout


def _rectangle(x0: float, x1: float, y0: float, y1: float) -> tuple[np.ndarray, np.ndarray]:
    return np.array([x0, x1, x1, x0, x0]), np.array([y0, y0, y1, y1, y0])


# --- layers × tokens ---------------------------------------------------------------------------------------


def layer_token_heatmap(
    values,
    norms: list[str],
    tokens: list[str],
    t: Translator,
    *,
    kind: str,
    projector: bool = False,
    chosen: int | None = None,
) -> dict:
    """A heat map of ``values`` (L, S): norm l's row (from the top, in order) and token j's column.

    ``kind`` "share": μ²·D/‖x‖², the share of ‖x‖² along 𝟏 (in [0, 1]); "gap": ‖LN(x) − RMS(x)‖/‖LN(x)‖
    (≥ 0). The colour runs from 0 to a round number at or above the largest finite value (at most 1 for a
    share), on one sequential scale; a NaN cell is left blank. ``chosen``: that row outlined, its name in bold.
    """
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}; got {kind!r}")
    z = np.asarray(values, dtype=np.float64)
    rows, cols = len(norms), len(tokens)
    if z.shape != (rows, cols):
        raise ValueError(f"values must have shape (len(norms), len(tokens)) = ({rows}, {cols}); got {z.shape}")
    if chosen is not None and not 0 <= chosen < rows:
        raise ValueError(f"chosen must be a row index from 0 to {rows - 1}; got {chosen}")
    s = sizes(projector)
    font = s["font"]
    tr = partial(_tr, t)
    top = _nice_up(_finite_max(z))
    if kind == "share":
        top = min(top, 1.0)
    token_text = [_label(tok) for tok in tokens]
    norm_text = [_label(name) for name in norms]
    # Named from customdata, not %{x} and %{y}: on axes with array ticks plotly writes a tick's label there.
    hover = tr(f"heat.{kind}.hover", norm="%{customdata[0]}", i="%{customdata[1]}", token="%{text}", value="%{z:.3g}")
    data = [
        {
            "type": "heatmap",
            "z": z,
            "x": np.arange(cols),
            "y": np.arange(rows),
            "text": [list(token_text) for _ in range(rows)],
            "customdata": [[[name, j] for j in range(cols)] for name in norm_text],
            "coloraxis": "coloraxis",
            "hoverongaps": False,
            "xgap": 1 if cols <= 48 else 0,  # past that a gap would take half of a phone's column
            "ygap": 1,
            "name": tr(f"heat.{kind}.name"),
            "meta": f"heatmap_{kind}",
            "hovertemplate": hover + "<extra></extra>",
        }
    ]
    low, high = ROW_PX[projector] * rows, HEAT_HEIGHT[projector]
    plot_height = int(min(max(low, high[0]), high[1]))
    x_ticks, label_px = _token_axis(tokens, font, room_px=(1200 if projector else 640), vertical=False)
    ticktext = [_label(name, 24) for name in norms]
    if chosen is not None:
        ticktext[chosen] = f"<b>{ticktext[chosen]}</b>"  # bold: the choice is not told by the outline alone
        xs, ys = _rectangle(-0.5, cols - 0.5, chosen - 0.5, chosen + 0.5)
        name = tr("heat.chosen", norm=norm_text[chosen])
        for role, color, width in (
            ("chosen_halo", "#FFFFFF", s["line"] + 2 * s["thin"]),
            ("chosen", COLORS["input"], s["line"]),
        ):
            data.append(
                {
                    "type": "scatter",
                    "mode": "lines",
                    "x": xs,
                    "y": ys,
                    "name": name,
                    "meta": role,
                    "showlegend": False,
                    "hoverinfo": "skip",
                    "cliponaxis": False,  # the outline of the first or last row whole, on the axis' edge
                    "line": {"color": color, "width": width, "dash": "solid"},
                }
            )
    x_title = 1.8 * font
    bar_at = label_px + x_title + 0.4 * font
    # a projector's screen is short and wide: the colour bar beside the plot keeps the figure on one screen
    bottom = bar_at + 10 if projector else bar_at + BAR_ROOM * font + 10
    bar = (
        dict(
            orientation="v",
            x=1.01,
            xanchor="left",
            y=0.5,
            yanchor="middle",
            len=1.0,
            thickness=round(0.8 * font),
            title=dict(text=tr(f"heat.{kind}.bar"), side="right"),
            tickfont=dict(size=_small(font, 0.8)),
        )
        if projector
        else _colorbar(font, plot_height, bar_at, tr(f"heat.{kind}.bar"))
    )
    layout = base_layout(
        projector,
        title=_title(tr(f"heat.{kind}.title")),
        xaxis=dict(
            title=dict(text=tr("heat.x")),
            range=[-0.5, cols - 0.5],
            zeroline=False,
            **x_ticks,
        ),
        yaxis=dict(
            title=dict(text=tr("heat.y")),
            range=[rows - 0.5, -0.5],  # the first norm at the top
            autorange=False,
            tickmode="array",
            tickvals=np.arange(rows),
            ticktext=ticktext,
            tickfont=dict(size=_small(font, 0.8)),
            showgrid=False,
            zeroline=False,
            automargin=True,
        ),
        coloraxis=dict(
            colorscale=colorscale(SEQUENTIAL),
            cmin=0.0,
            cmax=top,
            colorbar=bar,
        ),
        showlegend=False,
    )
    return {"data": data, "layout": _room(layout, plot_height=plot_height, top=3.4 * font, bottom=bottom)}


# --- outlier coordinates -----------------------------------------------------------------------------------


def _top_coordinates(max_ratio: np.ndarray, k: int) -> np.ndarray:
    """The ``k`` coordinates with the largest max ratio, largest first (ties: the lower index first; NaN last)."""
    key = np.where(np.isfinite(max_ratio), max_ratio, -np.inf)
    return np.argsort(-key, kind="stable")[:k]


def outlier_figure(
    ratio, threshold: float, tokens: list[str], t: Translator, *, projector: bool = False, top: int = 8
) -> dict:
    """Top: per coordinate i the largest |xᵢ|/RMS(x) over the tokens (``ratio`` (S, D)), the threshold as a
    dashed line, the coordinates above it as larger markers with their index written (the ``FLAG_LABELS``
    largest); a log axis where the ratios span more than two decades. Bottom: ``ratio`` for the ``top``
    coordinates with the largest max ratio (largest first, labelled x<sub>i</sub>), token by token."""
    r = np.asarray(ratio, dtype=np.float64)
    if r.ndim != 2 or r.shape[0] != len(tokens) or r.shape[0] == 0:
        raise ValueError(f"ratio must have shape (len(tokens), D) with at least one token; got {r.shape}")
    s = sizes(projector)
    font = s["font"]
    tr = partial(_tr, t)
    n_tokens, d = r.shape
    threshold = float(threshold)
    max_ratio = np.where(np.isnan(r), -np.inf, r).max(axis=0)  # NaN tokens left out
    max_ratio[np.isneginf(max_ratio)] = np.nan  # a coordinate NaN for every token
    coord = np.arange(d)
    flagged = coord[max_ratio > threshold]
    labelled = set(flagged[np.argsort(-max_ratio[flagged], kind="stable")[:FLAG_LABELS]].tolist())
    k = max(1, min(int(top), d))
    chosen = _top_coordinates(max_ratio, k)
    plot_height = OUTLIER_HEIGHT[projector]
    gap_px = 5.2 * font  # the upper panel's tick labels and axis title, then the lower panel's title
    spacing = gap_px / plot_height
    upper = 0.42 * (1 - spacing)
    grid, (up, down) = subplot_grid(
        2,
        1,
        projector=projector,
        titles=[tr("out.max.title"), tr("out.top.title", k=k)],
        vertical_spacing=spacing,
    )
    # Unequal rows: the token rows below get more height than the coordinates' markers above.
    grid[up.yaxis]["domain"] = [1 - upper, 1.0]
    grid[down.yaxis]["domain"] = [0.0, 1 - upper - spacing]
    grid["annotations"][1]["y"] = 1 - upper - spacing
    data = [
        {
            "type": "scatter",
            "mode": "markers",
            "x": coord,
            "y": max_ratio,
            "name": tr("out.max.name"),
            "meta": "max_ratio",
            "hovertemplate": tr("out.max.hover", i="%{x}", value="%{y:.3g}") + "<extra></extra>",
            "marker": {"color": COLORS["reference"], "symbol": "circle", "size": 0.55 * s["marker"]},
            **up.refs,
        },
        {
            "type": "scatter",
            "mode": "lines",
            "x": np.array([-0.5, d - 0.5]),
            "y": np.full(2, threshold),
            "name": tr("out.threshold", threshold=significant(threshold, 3)),
            "meta": "threshold",
            "hoverinfo": "name",
            "line": {"color": COLORS["input"], "dash": "dash", "width": s["thin"]},
            **up.refs,
        },
        {
            "type": "scatter",
            "mode": "markers+text",
            "x": flagged,
            "y": max_ratio[flagged],
            "text": [str(i) if i in labelled else "" for i in flagged.tolist()],
            "textposition": "top center",
            "textfont": {"size": _small(font), "color": FLAG_COLOR},
            "cliponaxis": False,
            "name": tr("out.flagged", n=flagged.size),
            "meta": "flagged",
            "hovertemplate": tr("out.flagged.hover", i="%{x}", value="%{y:.3g}") + "<extra></extra>",
            "marker": {
                "color": FLAG_COLOR,
                "symbol": "diamond",
                "size": 1.1 * s["marker"],
                "line": {"color": "#FFFFFF", "width": 1},
            },
            **up.refs,
        },
    ]
    token_text = [_label(tok) for tok in tokens]
    data.append(
        {
            "type": "heatmap",
            "z": r[:, chosen],
            "x": np.arange(k),
            "y": np.arange(n_tokens),
            "text": [[tok] * k for tok in token_text],
            "customdata": [[[int(c), i] for c in chosen] for i in range(n_tokens)],
            "coloraxis": "coloraxis",
            "hoverongaps": False,
            "xgap": 2,
            "ygap": 1 if n_tokens <= 48 else 0,
            "name": tr("out.top.name"),
            "meta": "top_coords",
            "hovertemplate": tr(
                "out.top.hover", i="%{customdata[1]}", token="%{text}", coord="%{customdata[0]}", value="%{z:.3g}"
            )
            + "<extra></extra>",
            **down.refs,
        }
    )
    # The y axis above: logarithmic where the ratios span more than two decades (one massive coordinate
    # among ordinary ones), so the threshold and the ordinary coordinates both stay readable.
    finite = max_ratio[np.isfinite(max_ratio) & (max_ratio > 0)]
    span = math.log10(finite.max() / finite.min()) if finite.size else 0.0
    if span > LOG_DECADES:
        lo = math.log10(float(finite.min()))
        hi = math.log10(max(float(finite.max()), threshold if threshold > 0 else float(finite.max())))
        room = 0.08 * (hi - lo)
        y_up = dict(type="log", range=[lo - room, hi + 2.5 * room], exponentformat="power", dtick=1)
    else:
        y_up = dict(range=[0.0, 1.18 * max(_finite_max(max_ratio), threshold, 1e-12)], rangemode="tozero")
    pad = 0.01 * d + 0.5
    grid[up.xaxis].update(title={"text": tr("out.max.x", D=d)}, range=[-pad, d - 1 + pad], zeroline=False)
    grid[up.yaxis].update(title={"text": tr("out.max.y")}, **y_up)
    lower_height = plot_height * (1 - upper - spacing)
    y_ticks, _ = _token_axis(tokens, font, room_px=lower_height, vertical=True)
    grid[down.xaxis].update(
        title={"text": tr("out.top.x")},
        tickmode="array",
        tickvals=np.arange(k),
        # x<sub>i</sub>: short enough for 8 columns on a 320 px phone (where "i = 123" is not), the page's own
        # notation |xᵢ|/RMS(x), and the same index the markers above are labelled with
        ticktext=[f"x<sub>{i}</sub>" for i in chosen.tolist()],
        range=[-0.5, k - 0.5],
        showgrid=False,
        zeroline=False,
    )
    grid[down.yaxis].update(
        title={"text": tr("out.top.y")},
        range=[n_tokens - 0.5, -0.5],  # the first token at the top
        autorange=False,
        zeroline=False,
        **y_ticks,
    )
    x_labels = 3.6 * font  # the x<sub>i</sub> labels and the axis title
    bar_at = x_labels + 0.4 * font
    below = (bar_at + BAR_ROOM * font) / font
    layout = base_layout(
        projector,
        **grid,
        title=_title(tr("out.title", threshold=significant(threshold, 3), D=d)),
        coloraxis=dict(
            colorscale=colorscale(SEQUENTIAL),
            cmin=0.0,
            cmax=_nice_up(_finite_max(r[:, chosen])),
            colorbar=_colorbar(font, plot_height, bar_at, tr("out.top.bar")),
        ),
        **(
            legend_beside(plot_height, below=below)
            if projector
            else legend_below(
                projector, plot_height=plot_height, entries=3, gap=below + 0.4, top=PANEL_TOP, entry_width=None
            )
        ),
    )
    layout["margin"]["t"] = int(PANEL_TOP * font)
    layout["height"] = plot_height + layout["margin"]["t"] + layout["margin"]["b"]
    return {"data": data, "layout": layout}


# --- recurrence across layers ------------------------------------------------------------------------------


def recurrence_figure(
    counts, coords: list[int], norms: list[str], t: Translator, *, tokens: int, projector: bool = False
) -> dict:
    """For the coordinates ``coords`` (the ones flagged most often), in how many of the ``tokens`` tokens each
    norm's input flags them: ``counts`` (L, K), a heat map with the count written in every cell, the colour
    from 0 to ``tokens``."""
    z = np.asarray(counts)
    rows, cols = len(norms), len(coords)
    if z.shape != (rows, cols):
        raise ValueError(f"counts must have shape (len(norms), len(coords)) = ({rows}, {cols}); got {z.shape}")
    if tokens < 0 or (z.size and (z.min() < 0 or z.max() > tokens)):
        raise ValueError(f"counts must lie from 0 to tokens = {tokens}")
    s = sizes(projector)
    font = s["font"]
    tr = partial(_tr, t)
    coords = [int(c) for c in coords]
    norm_text = [_label(name) for name in norms]
    data = [
        {
            "type": "heatmap",
            "z": z.astype(np.int32),
            "x": np.arange(cols),
            "y": np.arange(rows),
            # The hover's whole text per cell, written here (a few dozen cells): the norm, the coordinate, the count.
            "text": [
                [
                    tr("rec.hover", norm=name, coord=f"x<sub>{c}</sub>", count=int(v), tokens=tokens)
                    for c, v in zip(coords, row)
                ]
                for name, row in zip(norm_text, z)
            ],
            "texttemplate": "%{z}",
            "textfont": {"size": _small(font)},
            "coloraxis": "coloraxis",
            "xgap": 2,
            "ygap": 2,
            "name": tr("rec.name"),
            "meta": "recurrence",
            "hovertemplate": "%{text}<extra></extra>",
        }
    ]
    plot_height = int(min(max(ROW_PX[projector] * rows, HEAT_HEIGHT[projector][0]), HEAT_HEIGHT[projector][1]))
    annotations = []
    if not cols:
        annotations.append(
            {
                "text": tr("rec.none"),
                "x": 0.5,
                "y": 0.5,
                "xref": "paper",
                "yref": "paper",
                "showarrow": False,
                "font": {"size": font},
            }
        )
    angle = 0 if cols <= 10 else -90
    tick_font = _small(font, 0.8)
    label_px = (
        1.6 * tick_font if angle == 0 else max((_text_px(f"x{c}", tick_font) for c in coords), default=0) + tick_font
    )
    bar_at = label_px + 1.8 * font + 0.4 * font
    layout = base_layout(
        projector,
        title=_title(tr("rec.title", tokens=tokens)),
        xaxis=dict(
            title=dict(text=tr("rec.x")),
            tickmode="array",
            tickvals=np.arange(cols),
            ticktext=[f"x<sub>{c}</sub>" for c in coords],
            tickangle=angle,
            tickfont=dict(size=tick_font),
            range=[-0.5, max(cols, 1) - 0.5],
            showgrid=False,
            zeroline=False,
        ),
        yaxis=dict(
            title=dict(text=tr("rec.y")),
            tickmode="array",
            tickvals=np.arange(rows),
            ticktext=[_label(name, 24) for name in norms],
            tickfont=dict(size=tick_font),
            range=[rows - 0.5, -0.5],
            autorange=False,
            showgrid=False,
            zeroline=False,
            automargin=True,
        ),
        coloraxis=dict(
            colorscale=colorscale(SEQUENTIAL),
            cmin=0,
            cmax=max(int(tokens), 1),
            colorbar=_colorbar(font, plot_height, bar_at, tr("rec.bar", tokens=tokens)),
        ),
        annotations=annotations,
        showlegend=False,
    )
    return {
        "data": data,
        "layout": _room(layout, plot_height=plot_height, top=3.4 * font, bottom=bar_at + BAR_ROOM * font + 10),
    }


# --- the learned γ and β -----------------------------------------------------------------------------------


def _bins(values: np.ndarray) -> tuple[dict, float]:
    """Explicit bins for a histogram of ``values`` (finite ones) and its tallest bin's count."""
    v = values[np.isfinite(values)]
    if not v.size:
        return {"start": -0.5, "end": 0.5, "size": 1.0}, 1.0
    lo, hi = float(v.min()), float(v.max())
    size = (hi - lo) / BINS if hi > lo else max(abs(lo), 1.0) * 0.05
    edges = lo + size * np.arange(BINS + 2)
    counts, _ = np.histogram(v, bins=edges)
    return {"start": lo, "end": lo + size * (BINS + 1), "size": size}, float(counts.max())


def _span(values: np.ndarray, reference: float) -> list[float]:
    """An x range over the finite ``values`` and ``reference``, 6 % wider on each side."""
    v = values[np.isfinite(values)]
    lo = min(float(v.min()) if v.size else reference, reference)
    hi = max(float(v.max()) if v.size else reference, reference)
    pad = 0.06 * (hi - lo) if hi > lo else 0.5
    return [lo - pad, hi + pad]


def _vline(cell, x: float, ytop: float, *, role: str, name: str, color: str, dash: str, width: float, **extra):
    return {
        "type": "scatter",
        "mode": "lines",
        "x": np.full(2, float(x)),
        "y": np.array([0.0, ytop]),
        "name": name,
        "meta": role,
        "hoverinfo": "name",
        "line": {"color": color, "dash": dash, "width": width},
        **cell.refs,
        **extra,
    }


def gamma_figure(gamma, beta, t: Translator, *, projector: bool = False, norm: str) -> dict:
    """Histograms of one norm's γ and β side by side (``BINS`` bins each over its values' range), γ's smallest
    and largest marked with vertical lines and written (coordinate and value) over the panel, γ = 1 and β = 0
    dotted. A γ far from the rest (this model has one ≈ 0 in its last layer) keeps its line and its note:
    the x range covers every value, and the notes sit above the bars."""
    g = np.asarray(gamma, dtype=np.float64).ravel()
    b = np.asarray(beta, dtype=np.float64).ravel()
    if g.size == 0 or g.shape != b.shape:
        raise ValueError(f"gamma and beta must be two vectors of one length D > 0; got {g.shape} and {b.shape}")
    s = sizes(projector)
    font = s["font"]
    tr = partial(_tr, t)
    grid, (left, right) = subplot_grid(
        1, 2, projector=projector, titles=[tr("gamma.panel"), tr("beta.panel")], horizontal_spacing=0.14
    )
    data = []
    tops = {}
    for cell, values, key, color_pattern in ((left, g, "gamma", ""), (right, b, "beta", "/")):
        bins, tallest = _bins(values)
        tops[key] = 1.5 * tallest  # a third of the panel above the tallest bar: the notes' room
        data.append(
            {
                "type": "histogram",
                "x": values,
                "xbins": bins,
                "name": tr(f"{key}.hist"),
                "meta": f"{key}_hist",
                "showlegend": False,
                "marker": {
                    "color": COLORS["ln"],
                    "line": {"color": "#FFFFFF", "width": 0.5},
                    "pattern": {"shape": color_pattern},
                },
                "opacity": 0.85,
                "hovertemplate": tr(f"{key}.hover", value="%{x}", count="%{y}") + "<extra></extra>",
                **cell.refs,
            }
        )
    width = s["line"]
    ytop = tops["gamma"]
    annotations = []
    finite = np.isfinite(g)
    if finite.any():
        marks = (
            ("gamma_min", int(np.nanargmin(np.where(finite, g, np.nan))), "dash", "triangle-down", 0.99, "left"),
            ("gamma_max", int(np.nanargmax(np.where(finite, g, np.nan))), "dashdot", "square", 0.85, "right"),
        )
        for role, i, dash, symbol, y, anchor in marks:
            key = role.replace("_", ".")
            data.append(
                _vline(
                    left,
                    g[i],
                    ytop,
                    role=role,
                    name=tr(key),
                    color=COLORS["input"],
                    dash=dash,
                    width=width,
                    mode="lines+markers",
                    marker={"symbol": symbol, "size": np.array([0.0, s["marker"]]), "color": COLORS["input"]},
                    customdata=np.full(2, i),
                    hovertemplate=tr(f"{key}.note", i="%{customdata}", value=significant(g[i], 4)) + "<extra></extra>",
                )
            )
            annotations.append(
                {
                    "text": tr(f"{key}.note", i=i, value=significant(g[i], 3)),
                    "x": float(g[i]),
                    "y": y,
                    "xref": left.refs["xaxis"],
                    "yref": f"{left.refs['yaxis']} domain",
                    "xanchor": anchor,
                    "yanchor": "top",
                    "xshift": 4 if anchor == "left" else -4,
                    "showarrow": False,
                    "font": {"size": round(font * (1.0 if projector else 0.8))},
                    "bgcolor": "rgba(255,255,255,0.85)",
                }
            )
    for cell, ref, role, key, top in (
        (left, 1.0, "gamma_one", "gamma.one", ytop),
        (right, 0.0, "beta_zero", "beta.zero", tops["beta"]),
    ):
        data.append(
            _vline(
                cell, ref, top, role=role, name=tr(key), color=COLORS["reference"], dash="dot", width=s["thin"] * 1.5
            )
        )
    grid[left.xaxis].update(title={"text": tr("gamma.x")}, range=_span(g, 1.0), zeroline=False)
    grid[right.xaxis].update(title={"text": tr("beta.x")}, range=_span(b, 0.0), zeroline=False)
    grid[left.yaxis].update(title={"text": tr("gamma.y")}, range=[0.0, tops["gamma"]], rangemode="tozero")
    grid[right.yaxis].update(range=[0.0, tops["beta"]], rangemode="tozero")
    grid["annotations"] = grid["annotations"] + annotations
    plot_height = GAMMA_HEIGHT[projector]
    entries = sum(tr_.get("showlegend", True) is not False for tr_ in data)
    layout = base_layout(
        projector,
        **grid,
        bargap=0.0,
        title=_title(tr("gamma.title", norm=_label(norm), D=g.size)),
        **(
            legend_beside(plot_height, below=3.6)
            if projector
            else legend_below(projector, plot_height=plot_height, entries=entries, top=PANEL_TOP, entry_width=None)
        ),
    )
    layout["margin"]["t"] = int(PANEL_TOP * font)
    layout["height"] = plot_height + layout["margin"]["t"] + layout["margin"]["b"]
    return {"data": data, "layout": layout}


# --- the picture: the hyperplane ⟂ 𝟏 in 3D -----------------------------------------------------------------


def hyperplane_extent(before, after, radius: float) -> float:
    """Half-width of the fixed axes: max(1.15·radius, 1.1·the largest finite |coordinate| of either cloud),
    rounded up to a half power of ten (22.5 → 25, 1234 → 1500): long inputs and the √D sphere both fit."""
    pts = np.concatenate([np.asarray(before, np.float64).ravel(), np.asarray(after, np.float64).ravel()])
    pts = np.abs(pts[np.isfinite(pts)])
    reach = max(1.15 * float(radius), 1.1 * float(pts.max()) if pts.size else 0.0, 1e-12)
    step = 10.0 ** math.floor(math.log10(reach)) / 2
    return math.ceil(reach / step - 1e-9) * step


def hyperplane_figure(
    before,
    after,
    tokens: list[str],
    radius: float,
    t: Translator,
    *,
    projector: bool = False,
    variance: float | None = None,
) -> dict:
    """The norm's inputs (``before`` (S, 3)) and outputs (``after``) in a 3D basis u₁, u₂, u₃ of the hyperplane
    ⟂ 𝟏, a thin line from each input to its output, and the sphere of radius ``radius`` (√D), on fixed equal
    axes ±``hyperplane_extent``. Outputs on the √D sphere in D dimensions project to points *inside* this
    ball, not onto it. ``variance``: the share of the inputs' spread the three directions carry (in the title)."""
    b = np.asarray(before, dtype=np.float64)
    a = np.asarray(after, dtype=np.float64)
    n = len(tokens)
    if b.shape != (n, 3) or a.shape != (n, 3):
        raise ValueError(f"before and after must have shape (len(tokens), 3) = ({n}, 3); got {b.shape}, {a.shape}")
    s = sizes(projector)
    tr = partial(_tr, t)
    extent = hyperplane_extent(b, a, radius)
    token_text = [_label(tok) for tok in tokens]
    index = np.arange(n)
    rows, cols = SPHERE_MESH
    data = [
        surface(
            geo.sphere_mesh(float(radius), rows=rows, cols=cols),
            role="sphere",
            name=tr("hyper.sphere", radius=significant(radius, 3)),
            color=COLORS["ln"],
            opacity=0.1,
        ),
        line(
            np.concatenate([np.stack([b, a], axis=1), np.full((n, 1, 3), np.nan)], axis=1).reshape(-1, 3),
            dim=3,
            role="moves",
            name=tr("hyper.moves"),
            color=COLORS["reference"],
            width=s["thin"],
        )
        | {"connectgaps": False},
    ]
    hover = tr("hyper.hover", i="%{customdata}", token="%{text}")
    for role, pts, color, symbol, key, size in (
        ("before", b, COLORS["input"], "circle", "hyper.before", 0.55),
        ("after", a, COLORS["ln"], "diamond", "hyper.after", 0.6),
    ):
        name = tr(key)
        data.append(
            {
                "type": "scatter3d",
                "mode": "markers",
                "x": pts[:, 0],
                "y": pts[:, 1],
                "z": pts[:, 2],
                "text": token_text,
                "customdata": index,
                "name": name,
                "meta": role,
                "hovertemplate": f"{hover}: (%{{x:.2f}}, %{{y:.2f}}, %{{z:.2f}})<extra>{name}</extra>",
                "marker": {
                    "symbol": symbol,
                    "size": size * s["marker"],
                    "color": color,
                    "line": {"color": "#FFFFFF" if role == "before" else "#000000", "width": 1},
                },
            }
        )
    # A second, smaller line: what u₁, u₂, u₃ are, and the share of the spread they carry when given.
    second = tr("hyper.directions") if variance is None else tr("hyper.variance", share=percent(float(variance)))
    title = f"{tr('hyper.title')}<br><span style='font-size:0.8em'>{second}</span>"
    axes = [tr("hyper.axis", i=subscript(i)) for i in (1, 2, 3)]
    entries = len(data) + 1  # LN(x)'s entry takes two lines
    layout = _cube_layout(projector, title, axes, extent, HYPER_HEIGHT[projector], entries)
    return {"data": data, "layout": layout}


def _cube_layout(projector: bool, title: str, axes: list[str], extent: float, plot_height: int, entries: int) -> dict:
    """The layout of a 3D figure in the cube [−extent, extent]³ with a two-line title: the axes named ``axes``,
    the oblique camera (on a phone the whole cube), the legend beside (projector) or below."""
    font = sizes(projector)["font"]
    ticks = tick_values(extent)

    def axis(text: str) -> dict:
        return dict(
            range=[-extent, extent],
            autorange=False,
            tickmode="array",
            tickvals=ticks,
            title=dict(text=text, font=dict(size=_small(font, 0.85))),
            tickfont=dict(size=_small(font, 0.7)),
            zeroline=True,
            zerolinecolor="#999999",
            showbackground=True,
            backgroundcolor="#F7F7F7",
            gridcolor="#E2E2E2",
            showspikes=False,
        )

    layout = base_layout(
        projector,
        title=_title(title),
        scene=dict(
            xaxis=axis(axes[0]),
            yaxis=axis(axes[1]),
            zaxis=axis(axes[2]),
            aspectmode="cube",
            camera=camera("oblique", lift=0.1 if projector else 0.0, zoom=1.0 if projector else 1.2),
        ),
        **(
            legend_beside(plot_height, below=1.0)
            if projector
            else legend_below(
                projector, plot_height=plot_height, entries=entries, x_title=False, top=3.4, entry_width=None
            )
        ),
    )
    layout["margin"]["t"] = int(4.8 * font)  # the title's two lines
    layout["height"] = plot_height + layout["margin"]["t"] + layout["margin"]["b"]
    return layout


# --- LayerNorm frozen at inference (Baroni et al. 2025) -----------------------------------------------------

DRIFT_HEIGHT = (460, 500)
SLICE_HEIGHT = (460, 520)
JACOBIAN_HEIGHT = (400, 460)
FROZEN_COLOR = COLORS["decomposition"]  # reddish purple: apart from LayerNorm's green and the input's black


def drift_figure(
    cosine, min_cosine, relative, norms: list[str], t: Translator, *, frozen: int, projector: bool = False
) -> dict:
    """Per norm (x, in order): above, the mean and the smallest token's cosine between the frozen run's output and
    the original's; below, ‖Y_frozen − Y‖_F/‖Y‖_F (a log axis past ``LOG_DECADES`` decades). The first
    ``frozen`` norms are frozen: a dashed line after the last one when not all are."""
    cos, low, rel = (np.asarray(a, dtype=np.float64) for a in (cosine, min_cosine, relative))
    n = len(norms)
    if not (cos.shape == low.shape == rel.shape == (n,)) or n == 0:
        raise ValueError(f"cosine, min_cosine and relative must be vectors of len(norms) = {n}")
    if not 0 <= frozen <= n:
        raise ValueError(f"frozen must be from 0 to {n}; got {frozen}")
    s = sizes(projector)
    font = s["font"]
    tr = partial(_tr, t)
    plot_height = DRIFT_HEIGHT[projector]
    grid, (up, down) = subplot_grid(
        2, 1, projector=projector, titles=[tr("drift.cos.title"), tr("drift.rel.title")], vertical_spacing=0.16
    )
    x = np.arange(n)
    names = [_label(name) for name in norms]
    data = [
        {
            "type": "scatter",
            "mode": "lines+markers",
            "x": x,
            "y": cos,
            "customdata": names,
            "name": tr("drift.cos"),
            "meta": "cosine",
            "hovertemplate": tr("drift.cos.hover", norm="%{customdata}", value="%{y:.4f}") + "<extra></extra>",
            "line": {"color": FROZEN_COLOR, "width": s["line"]},
            "marker": {"size": 0.7 * s["marker"], "color": FROZEN_COLOR},
            **up.refs,
        },
        {
            "type": "scatter",
            "mode": "lines+markers",
            "x": x,
            "y": low,
            "customdata": names,
            "name": tr("drift.min"),
            "meta": "cosine_min",
            "hovertemplate": tr("drift.min.hover", norm="%{customdata}", value="%{y:.4f}") + "<extra></extra>",
            "line": {"color": FROZEN_COLOR, "width": s["thin"], "dash": "dot"},
            "marker": {"size": 0.6 * s["marker"], "color": FROZEN_COLOR, "symbol": "triangle-down"},
            **up.refs,
        },
        {
            "type": "scatter",
            "mode": "lines+markers",
            "x": x,
            "y": rel,
            "customdata": names,
            "name": tr("drift.rel"),
            "meta": "relative",
            "hovertemplate": tr("drift.rel.hover", norm="%{customdata}", value="%{y:.3g}") + "<extra></extra>",
            "line": {"color": COLORS["input"], "width": s["line"]},
            "marker": {"size": 0.7 * s["marker"], "color": COLORS["input"], "symbol": "square"},
            **down.refs,
        },
    ]
    finite_low = low[np.isfinite(low)]
    y_low = min(0.0, float(finite_low.min())) if finite_low.size else 0.0
    y_up = dict(range=[y_low - 0.02, 1.02])
    finite_rel = rel[np.isfinite(rel) & (rel > 0)]
    span = math.log10(finite_rel.max() / finite_rel.min()) if finite_rel.size else 0.0
    if span > LOG_DECADES:
        lo, hi = math.log10(float(finite_rel.min())), math.log10(float(finite_rel.max()))
        y_down = dict(type="log", range=[lo - 0.1 * (hi - lo), hi + 0.1 * (hi - lo)], exponentformat="power")
        rel_span = [10.0 ** y_down["range"][0], 10.0 ** y_down["range"][1]]  # a log axis' range is in decades
    else:
        y_down = dict(range=[0.0, 1.15 * max(_finite_max(rel), 1e-12)], rangemode="tozero")
        rel_span = y_down["range"]
    if frozen < n:  # after the last frozen norm, across both panels
        for cell, span_y in ((up, y_up["range"]), (down, rel_span)):
            data.append(
                {
                    "type": "scatter",
                    "mode": "lines",
                    "x": np.full(2, frozen - 0.5),
                    "y": np.array(span_y, dtype=np.float64),
                    "name": tr("drift.edge", k=frozen),
                    "meta": "frozen_edge",
                    "showlegend": cell is up,
                    "legendgroup": "edge",
                    "hoverinfo": "name",
                    "line": {"color": COLORS["reference"], "width": s["thin"], "dash": "dash"},
                    **cell.refs,
                }
            )
    ticks = dict(
        tickmode="array",
        tickvals=x,
        ticktext=[_label(name, 18) for name in norms],
        tickangle=-45,
        tickfont=dict(size=_small(font, 0.8)),
        range=[-0.5, n - 0.5],
        zeroline=False,
    )
    grid[up.xaxis].update(**ticks, showticklabels=False)
    grid[down.xaxis].update(**ticks, title={"text": tr("drift.x")})
    grid[up.yaxis].update(title={"text": tr("drift.cos.y")}, **y_up)
    grid[down.yaxis].update(title={"text": tr("drift.rel.y")}, **y_down)
    gap = 8.4  # the norms' names at −45° and the axis title under the lower panel
    layout = base_layout(
        projector,
        **grid,
        title=_title(tr("drift.title", k=frozen, n=n)),
        **(
            legend_beside(plot_height, below=gap)
            if projector
            else legend_below(projector, plot_height=plot_height, entries=len(data), gap=gap, top=PANEL_TOP)
        ),
    )
    layout["margin"]["t"] = int(PANEL_TOP * font)
    layout["height"] = plot_height + layout["margin"]["t"] + layout["margin"]["b"]
    return {"data": data, "layout": layout}


def _to_scene(points: np.ndarray) -> np.ndarray:
    """Slice coordinates (𝟏/√D, e₁, e₂) to the scene's (x, y, z) = (e₁, e₂, 𝟏/√D): the plane ⟂ 𝟏 lies flat."""
    return np.asarray(points, dtype=np.float64)[:, [1, 2, 0]]


def frozen_slice_figure(
    inputs, ln, frozen, tokens: list[str], radius: float, t: Translator, *, projector: bool = False, norm: str
) -> dict:
    """Two tokens in the exact 3D slice spanned by 𝟏 and their centred inputs (``hidden.frozen_view``): the
    inputs, the drop along 𝟏 onto the plane ⟂ 𝟏 (the mean removed, by both maps), LayerNorm's outputs on the
    circle of radius ``radius`` (√D; its output set in this slice) and the frozen map's outputs on the same
    rays at their own lengths (its output set: the whole plane, drawn as a square). All (2, 3) in the slice's
    coordinates (𝟏/√D, e₁, e₂), drawn with 𝟏 up."""
    x, y, f = (_to_scene(np.asarray(a, dtype=np.float64).reshape(-1, 3)) for a in (inputs, ln, frozen))
    if not (x.shape == y.shape == f.shape == (len(tokens), 3)):
        raise ValueError(f"inputs, ln and frozen must have shape (len(tokens), 3) = ({len(tokens)}, 3)")
    s = sizes(projector)
    font = s["font"]
    tr = partial(_tr, t)
    extent = hyperplane_extent(x, np.concatenate([y, f]), radius)
    labels = [_label(tok) for tok in tokens]
    e = 0.95 * extent
    angle = np.linspace(0.0, 2 * math.pi, 97)
    centred = x * np.array([1.0, 1.0, 0.0])
    far = np.where(
        (np.linalg.norm(f, axis=1) > np.linalg.norm(y, axis=1))[:, None], f, y
    )  # each ray through both outputs
    gaps = np.full((len(tokens), 1, 3), np.nan)
    data = [
        {
            "type": "mesh3d",
            "x": np.array([-e, e, e, -e]),
            "y": np.array([-e, -e, e, e]),
            "z": np.zeros(4),
            "i": np.array([0, 0], dtype=np.uint16),
            "j": np.array([1, 2], dtype=np.uint16),
            "k": np.array([2, 3], dtype=np.uint16),
            "name": tr("slice.plane"),
            "meta": "plane",
            "showlegend": True,
            "color": FROZEN_COLOR,
            "opacity": 0.12,
            "hoverinfo": "skip",
        },
        line(
            np.column_stack([radius * np.cos(angle), radius * np.sin(angle), np.zeros_like(angle)]),
            dim=3,
            role="circle",
            name=tr("slice.circle", radius=significant(radius, 3)),
            color=COLORS["ln"],
            width=s["line"],
        ),
        line(
            np.concatenate([np.stack([x, centred], axis=1), gaps], axis=1).reshape(-1, 3),
            dim=3,
            role="centring",
            name=tr("slice.centring"),
            color=COLORS["reference"],
            width=s["thin"],
            dash="dash",
        )
        | {"connectgaps": False},
        line(
            np.concatenate([np.stack([np.zeros_like(far), far], axis=1), gaps], axis=1).reshape(-1, 3),
            dim=3,
            role="rays",
            name=tr("slice.rays"),
            color=COLORS["reference"],
            width=s["thin"],
        )
        | {"connectgaps": False},
    ]
    for role, pts, color, symbol, key in (
        ("inputs", x, COLORS["input"], "circle", "slice.inputs"),
        ("ln", y, COLORS["ln"], "diamond", "slice.ln"),
        ("frozen", f, FROZEN_COLOR, "square", "slice.frozen"),
    ):
        name = tr(key)
        data.append(
            {
                "type": "scatter3d",
                "mode": "markers+text" if role == "inputs" else "markers",  # the tokens named once, at the inputs
                "x": pts[:, 0],
                "y": pts[:, 1],
                "z": pts[:, 2],
                **({"text": labels, "textposition": "top center", "textfont": {"size": _small(font)}}
                   if role == "inputs" else {}),
                "customdata": labels,
                "name": name,
                "meta": role,
                "hovertemplate": tr("slice.hover", token="%{customdata}") + " (%{x:.2f}, %{y:.2f}, %{z:.2f})"
                f"<extra>{name}</extra>",
                "marker": {"symbol": symbol, "size": 0.6 * s["marker"], "color": color,
                           "line": {"color": "#FFFFFF", "width": 1}},
            }
        )  # fmt: skip
    title = f"{tr('slice.title', norm=_label(norm))}<br><span style='font-size:0.8em'>{tr('slice.subtitle')}</span>"
    axes = [tr("slice.e1"), tr("slice.e2"), tr("slice.ones")]
    layout = _cube_layout(projector, title, axes, extent, SLICE_HEIGHT[projector], len(data))
    return {"data": data, "layout": layout}


# --- the largest coordinates and LayerNorm's Jacobian (Chen & Yao 2026) -------------------------------------


def jacobian_figure(
    centred_max, jacobian, top_token, norms: list[str], tokens: list[str], d: int, t: Translator, *,
    projector: bool = False,
) -> dict:  # fmt: skip
    """Every (norm, token) of a run as a point: x = max_i |xᵢ − μ| of its input, y = the spectral norm of
    LayerNorm's Jacobian there (without γ), 1/s; log axes. The token holding each norm's largest |xᵢ|
    (``top_token`` (L,)) is marked, and the bound 1/s ≤ √(D − 1)/max_i |xᵢ − μ| drawn as a dashed line."""
    cx = np.asarray(centred_max, dtype=np.float64)
    jy = np.asarray(jacobian, dtype=np.float64)
    n_norms, n_tokens = len(norms), len(tokens)
    top = np.asarray(top_token, dtype=int)
    if cx.shape != (n_norms, n_tokens) or jy.shape != cx.shape or top.shape != (n_norms,):
        raise ValueError("centred_max and jacobian must be (len(norms), len(tokens)), top_token (len(norms),)")
    s = sizes(projector)
    font = s["font"]
    tr = partial(_tr, t)
    norm_text = [_label(name) for name in norms]
    token_text = [_label(tok) for tok in tokens]
    custom = [[name, token_text[j]] for name in norm_text for j in range(n_tokens)]
    rows = np.arange(n_norms)
    ok = np.isfinite(cx) & (cx > 0) & np.isfinite(jy) & (jy > 0)
    lo_x, hi_x = (float(cx[ok].min()), float(cx[ok].max())) if ok.any() else (0.1, 10.0)
    xs = np.geomspace(lo_x / 1.5, hi_x * 1.5, 40)
    bound = math.sqrt(d - 1) / xs
    hover = tr("jac.hover", norm="%{customdata[0]}", token="%{customdata[1]}", x="%{x:.3g}", y="%{y:.3g}")
    data = [
        {
            "type": "scatter",
            "mode": "lines",
            "x": xs,
            "y": bound,
            "name": tr("jac.bound"),
            "meta": "bound",
            "hoverinfo": "name",
            "line": {"color": COLORS["reference"], "dash": "dash", "width": s["thin"]},
        },
        {
            "type": "scatter",
            "mode": "markers",
            "x": cx.ravel(),
            "y": jy.ravel(),
            "customdata": custom,
            "name": tr("jac.tokens"),
            "meta": "tokens",
            "hovertemplate": hover + "<extra></extra>",
            "marker": {"color": COLORS["ln"], "size": 0.5 * s["marker"], "opacity": 0.6},
        },
        {
            "type": "scatter",
            "mode": "markers",
            "x": cx[rows, top],
            "y": jy[rows, top],
            "customdata": [[norm_text[k], token_text[top[k]]] for k in rows],
            "name": tr("jac.top"),
            "meta": "top",
            "hovertemplate": hover + "<extra></extra>",
            "marker": {"color": FLAG_COLOR, "symbol": "diamond", "size": 1.0 * s["marker"],
                       "line": {"color": "#FFFFFF", "width": 1}},
        },
    ]  # fmt: skip
    ys = jy[ok] if ok.any() else np.array([0.1, 10.0])
    lo_y, hi_y = math.log10(float(ys.min())), math.log10(float(ys.max()))
    plot_height = JACOBIAN_HEIGHT[projector]
    layout = base_layout(
        projector,
        title=_title(f"{tr('jac.title')}<br><span style='font-size:0.8em'>{tr('jac.subtitle')}</span>"),
        xaxis=dict(
            type="log", title={"text": tr("jac.x")}, range=[math.log10(xs[0]), math.log10(xs[-1])],
            exponentformat="power", dtick=1,
        ),
        yaxis=dict(
            type="log", title={"text": tr("jac.y")}, range=[lo_y - 0.25, hi_y + 0.25], exponentformat="power", dtick=1,
        ),
        **(
            legend_beside(plot_height, below=4.4)
            if projector
            else legend_below(projector, plot_height=plot_height, entries=3, top=3.4, entry_width=None)
        ),
    )  # fmt: skip
    layout["margin"]["t"] = int(4.8 * font)  # the title's two lines
    layout["height"] = plot_height + layout["margin"]["t"] + layout["margin"]["b"]
    return {"data": data, "layout": layout}
