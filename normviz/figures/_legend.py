"""Layout helpers for figures built as plain plotly JSON: legends, subplot grids, compact arrays.

``legend_beside`` puts it right of the plot on a projector, where it costs no height;
``legend_below`` puts the legend under the plot (the dof, information and
invariance charts; the 3D space under its step slider); ``legend_layout`` is
the plane's: right of the plot on a screen, below it in projector mode. Either
way the plot area keeps its height in both languages, sized in pixels from the
font, so large projector type never overlaps the axes.

``subplot_grid`` lays out a grid of 2D or 3D subplots with their titles as
dicts, as ``plotly.subplots.make_subplots`` would, without building (and
validating) a ``go.Figure``. ``packed`` turns the numpy arrays of a finished
figure into plotly.js typed arrays, for a small payload that is cheap to send.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from normviz.figures._style import sizes


def _legend_look(legend_font: int) -> dict:
    """Legend keys every layout here shares: constant symbol sizes, the type size, a light backing."""
    # tracegroupgap 0: a legend group (the animation's points) would otherwise set every entry 10 px apart,
    # beyond the height plotly.js reserves, and the last entries were cut off.
    return dict(itemsizing="constant", font=dict(size=legend_font), bgcolor="rgba(255,255,255,0.85)", tracegroupgap=0)


def legend_beside(plot_height: int, below: float = 8.6) -> dict:
    """Projector layout: the legend right of the plot, one entry per row, and the plot area ``plot_height``
    pixels high with the title above and ``below`` font sizes under it (by default room for the animation's
    buttons and step slider; less for a chart without them). No height goes to the legend."""
    font = sizes(True)["font"]
    legend_font = round(font * 0.75)
    top, bottom = int(3.4 * font), int(below * font)
    return dict(
        height=plot_height + top + bottom,
        margin=dict(l=10, r=10, t=top, b=bottom),
        legend=dict(orientation="v", x=1.02, xanchor="left", y=1.0, yanchor="top", **_legend_look(legend_font)),
    )


def legend_below(
    projector: bool,
    *,
    plot_height: int,
    entries: int,
    columns: int = 2,
    x_title: bool = True,
    gap: float | None = None,
    top: float = 3.0,
    entry_width: float | None = 22,
) -> dict:
    """height, margin and legend keys: the plot area keeps ``plot_height`` pixels in both languages.

    The legend starts ``gap`` font sizes below the plot area: by default past the x tick labels and
    axis title (4.4; 2.4 without ``x_title``), more under an animation's step slider. ``top`` is the
    top margin in font sizes. Entries are ``entry_width`` legend-font sizes wide (the default is wide
    enough for the longest names, 2 per row from about 600 px on) and the room reserved assumes
    ``columns`` per row (a wider chart fits more and only leaves spare room); ``entry_width=None``
    stacks them in one column.
    """
    font = sizes(projector)["font"]
    legend_font = round(font * 0.85)
    below = (gap if gap is not None else 4.4 if x_title else 2.4) * font
    top_px = int(top * font)
    rows = entries if entry_width is None else math.ceil(entries / columns)
    # A row of one-per-row entries is taller (Chinese glyphs and two-line symbols): 2.4 font sizes.
    row = 1.9 * legend_font
    bottom = int(below + rows * row + 10)
    legend = dict(
        orientation="v" if entry_width is None else "h",
        x=0.0,
        xanchor="left",
        y=-below / plot_height,
        yanchor="top",
        **_legend_look(legend_font),
    )
    if entry_width is not None:
        legend.update(entrywidth=int(entry_width * legend_font), entrywidthmode="pixels")
    else:  # plotly.js caps a vertical legend at half the figure's height and scrolls the rest: show it all
        legend.update(maxheight=int(rows * row + 40))
    return dict(height=plot_height + top_px + bottom, margin=dict(l=10, r=10, t=top_px, b=bottom), legend=legend)


def legend_layout(
    projector: bool, *, plot_height: int, entries: int, animated: bool = True, beside: bool = False
) -> dict:
    """Layout keys for the legend and the room around the plot, in pixels.

    On screen the legend sits right of the plot. In projector mode the type is
    large, so the legend goes below in two columns and the plot keeps the width;
    ``beside`` keeps it right of the plot there too (names too long for two
    columns, and too many rows to fit a 1080 px screen below the plot).
    Either way the plot area keeps ``plot_height`` in both languages, with room
    below it for the step slider when ``animated``.
    """
    if projector and not beside:
        return legend_below(
            projector, plot_height=plot_height, entries=entries, gap=10.0 if animated else 7.5, top=3.4, entry_width=16
        )
    font = sizes(projector)["font"]
    slider = int((6.0 if animated else 3.5) * font)
    top = int(3.4 * font)
    return dict(
        height=plot_height + top + slider,
        margin=dict(l=10, r=10, t=top, b=slider),
        legend=dict(orientation="v", x=1.02, xanchor="left", y=1.0, yanchor="top", **_legend_look(round(font * 0.85))),
    )


@dataclass(frozen=True)
class Cell:
    """One subplot of a ``subplot_grid``: its place, and the names its traces and layout use."""

    row: int  # 1-based, from the top
    col: int  # 1-based, from the left
    index: int  # 1-based, row by row from the top left (make_subplots' numbering)
    scene: bool  # a 3D scene rather than a pair of 2D axes

    @property
    def _suffix(self) -> str:
        return "" if self.index == 1 else str(self.index)

    @property
    def xaxis(self) -> str:
        """The layout key of the cell's x axis ("xaxis", "xaxis2", ...)."""
        return f"xaxis{self._suffix}"

    @property
    def yaxis(self) -> str:
        return f"yaxis{self._suffix}"

    @property
    def scene_key(self) -> str:
        """The layout key of the cell's 3D scene ("scene", "scene2", ...)."""
        return f"scene{self._suffix}"

    @property
    def refs(self) -> dict:
        """The keys that put a trace into this cell."""
        if self.scene:
            return {"scene": self.scene_key}
        return {"xaxis": f"x{self._suffix}", "yaxis": f"y{self._suffix}"}


def _spans(count: int, spacing: float, weights=None) -> list[tuple[float, float]]:
    """``count`` intervals of [0, 1] with ``spacing`` between them, sized in proportion to ``weights``."""
    weights = [1.0] * count if weights is None else [float(w) for w in weights]
    room = 1.0 - spacing * (count - 1)
    sizes_ = [room * w / sum(weights) for w in weights]
    spans = [(sum(sizes_[:k]) + k * spacing, sum(sizes_[:k]) + k * spacing + sizes_[k]) for k in range(count)]
    # float sums can end at 1.0000000000000002, which plotly rejects as a domain
    return [(max(0.0, lo), min(1.0, hi)) for lo, hi in spans]


def subplot_grid(
    rows: int,
    cols: int,
    *,
    projector: bool,
    titles=(),
    horizontal_spacing: float | None = None,
    vertical_spacing: float | None = None,
    column_widths=None,
    scene: bool = False,
    shared_yaxes: bool = False,
) -> tuple[dict, list[Cell]]:
    """Layout keys for a rows × cols grid of subplots, and its cells, row by row from the top left.

    The keys are each cell's axes (``xaxis2`` anchored to ``yaxis2``, ...) or
    3D scene with its domain, and ``titles`` as annotations above the cells in
    the figure's type size. Spacings and domains are ``make_subplots``'s
    (spacing 0.2/cols, and 0.3/rows or, with titles, 0.5/rows by default). ``shared_yaxes``: the y axes
    of a row follow its first one, whose tick labels alone are shown.
    """
    titles = list(titles)
    hs = 0.2 / cols if horizontal_spacing is None else horizontal_spacing
    vs = (0.5 if titles else 0.3) / rows if vertical_spacing is None else vertical_spacing
    xs = _spans(cols, hs, column_widths)
    ys = _spans(rows, vs)[::-1]  # row 1 at the top
    layout: dict = {}
    cells, annotations = [], []
    for r in range(rows):
        for c in range(cols):
            cell = Cell(r + 1, c + 1, r * cols + c + 1, scene)
            cells.append(cell)
            x, y = list(xs[c]), list(ys[r])
            if scene:
                layout[cell.scene_key] = {"domain": {"x": x, "y": y}}
            else:
                layout[cell.xaxis] = {"domain": x, "anchor": cell.refs["yaxis"]}
                layout[cell.yaxis] = {"domain": y, "anchor": cell.refs["xaxis"]}
                if shared_yaxes and c > 0:
                    layout[cell.yaxis].update(matches=cells[r * cols].refs["yaxis"], showticklabels=False)
            if cell.index <= len(titles) and titles[cell.index - 1]:
                annotations.append(
                    {
                        "text": titles[cell.index - 1],
                        "x": (x[0] + x[1]) / 2,
                        "y": y[1],
                        "xref": "paper",
                        "yref": "paper",
                        "xanchor": "center",
                        "yanchor": "bottom",
                        "showarrow": False,
                        "font": {"size": sizes(projector)["font"]},
                    }
                )
    layout["annotations"] = annotations
    return layout, cells
