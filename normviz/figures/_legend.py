"""Legends sized in pixels from the font, so large projector type never overlaps the axes.

``legend_below`` puts the legend under the plot (the dof, information and
invariance charts; the 3D space under its step slider); ``legend_layout`` is
the plane's: right of the plot on a screen, below it in projector mode. Either
way the plot area keeps its height in both languages.
"""

from __future__ import annotations

import math

from normviz.figures._style import sizes


def _legend_look(legend_font: int) -> dict:
    """Legend keys every layout here shares: constant symbol sizes, the type size, a light backing."""
    return dict(itemsizing="constant", font=dict(size=legend_font), bgcolor="rgba(255,255,255,0.85)")


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
    bottom = int(below + rows * 1.9 * legend_font + 10)
    legend = dict(orientation="v" if entry_width is None else "h", x=0.0, xanchor="left", y=-below / plot_height,
                  yanchor="top", **_legend_look(legend_font))
    if entry_width is not None:
        legend.update(entrywidth=int(entry_width * legend_font), entrywidthmode="pixels")
    return dict(height=plot_height + top_px + bottom, margin=dict(l=10, r=10, t=top_px, b=bottom), legend=legend)


def legend_layout(projector: bool, *, plot_height: int, entries: int, animated: bool = True) -> dict:
    """Layout keys for the legend and the room around the plot, in pixels.

    On screen the legend sits right of the plot. In projector mode the type is
    large, so the legend goes below in two columns and the plot keeps the width.
    Either way the plot area keeps ``plot_height`` in both languages, with room
    below it for the step slider when ``animated``.
    """
    if projector:
        return legend_below(projector, plot_height=plot_height, entries=entries, gap=10.0 if animated else 7.5,
                            top=3.4, entry_width=16)
    font = sizes(projector)["font"]
    slider = int((6.0 if animated else 3.5) * font)
    top = int(3.4 * font)
    return dict(
        height=plot_height + top + slider,
        margin=dict(l=10, r=10, t=top, b=slider),
        legend=dict(orientation="v", x=1.02, xanchor="left", y=1.0, yanchor="top", **_legend_look(round(font * 0.85))),
    )


def subplot_titles_font(fig, projector: bool) -> None:
    """make_subplots writes its titles as annotations at a fixed 16 px; use the figure's type size."""
    fig.update_annotations(font_size=sizes(projector)["font"])
