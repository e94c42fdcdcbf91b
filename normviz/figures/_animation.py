"""Play, Pause and a step slider for a figure whose plotly frames play in the browser: one shape for every
animated figure, since the app's accessible chart turns exactly this pair of buttons into HTML buttons
(``normviz.ui.kit.live.html_animation_controls``)."""

from __future__ import annotations

from normviz.figures._style import sizes
from normviz.i18n import Translator


def animation_controls(t: Translator, marks, *, projector: bool, frame_ms: int) -> dict:
    """``updatemenus`` (Play, then Pause: two "animate" buttons) at the bottom left and a slider beside them
    with one step per ``(frame name, label)`` in ``marks``; Play shows each frame ``frame_ms`` milliseconds.

    Both sit below the plot area (the title above it is never covered); the frames play in the browser.
    """
    font = sizes(projector)["font"]
    play = {
        "label": t("anim.play"),
        "method": "animate",
        "args": [
            None,
            {
                "frame": {"duration": frame_ms, "redraw": True},
                "fromcurrent": True,
                "transition": {"duration": 0},
                "mode": "immediate",
            },
        ],
    }
    pause = {
        "label": t("anim.pause"),
        "method": "animate",
        "args": [
            [None],
            {"frame": {"duration": 0, "redraw": False}, "mode": "immediate", "transition": {"duration": 0}},
        ],
    }
    steps = [
        {
            "method": "animate",
            "label": label,
            "args": [
                [name],
                {"mode": "immediate", "frame": {"duration": 0, "redraw": True}, "transition": {"duration": 0}},
            ],
        }
        for name, label in marks
    ]
    pad = 4.2 * font
    # On a projector the large buttons need the row: the slider goes under them, full width.
    slider_place = (
        {"x": 0.0, "len": 0.92, "pad": {"t": pad + 2.8 * font, "b": 0}}
        if projector
        else {"x": 0.3, "len": 0.62, "pad": {"t": pad, "b": 0}}
    )
    return {
        "updatemenus": [
            {
                "type": "buttons",
                "direction": "left",
                "showactive": False,
                "buttons": [play, pause],
                "x": 0.0,
                "xanchor": "left",
                "y": 0.0,
                "yanchor": "top",
                "pad": {"t": pad - 8, "r": 10},
            }
        ],
        # len < 1: the last step's label is centred on the slider's end and must not be cut
        "sliders": [
            {
                "active": 0,
                "steps": steps,
                **slider_place,
                "xanchor": "left",
                "y": 0.0,
                "yanchor": "top",
                "ticklen": 3,
                "font": {"size": round(font * 0.8)},
                "currentvalue": {"visible": False},
            }
        ],
    }
