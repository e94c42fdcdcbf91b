"""A legend below the plot, sized in pixels from the font, so large projector type never overlaps the axes."""

from __future__ import annotations

import math

from normviz.figures._style import sizes


def legend_below(projector: bool, *, plot_height: int, entries: int, columns: int = 2, x_title: bool = True) -> dict:
    """height, margin and legend keys: the plot area keeps ``plot_height`` pixels in both languages.

    The legend starts below the x tick labels and axis title; the room reserved assumes ``columns``
    entries per row (fixed-width entries, so a wider chart fits more and only leaves spare room).
    """
    font = sizes(projector)["font"]
    legend_font = round(font * 0.85)
    axis = (4.4 if x_title else 2.4) * font
    top = int(3.0 * font)
    rows = math.ceil(entries / columns)
    entry_px = int(22 * legend_font)  # wide enough for the longest names; 2 per row from about 600 px on
    bottom = int(axis + rows * 1.9 * legend_font + 10)
    return dict(
        height=plot_height + top + bottom,
        margin=dict(l=10, r=10, t=top, b=bottom),
        legend=dict(orientation="h", x=0.0, xanchor="left", y=-axis / plot_height, yanchor="top",
                    entrywidth=entry_px, entrywidthmode="pixels", itemsizing="constant",
                    font=dict(size=legend_font), bgcolor="rgba(255,255,255,0.85)"),
    )


def subplot_titles_font(fig, projector: bool) -> None:
    """make_subplots writes its titles as annotations at a fixed 16 px; use the figure's type size."""
    fig.update_annotations(font_size=sizes(projector)["font"])
