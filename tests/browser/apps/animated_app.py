"""A test app for ``ui.animated_chart`` (tests/browser/test_animated_chart.py, tests/test_live.py).

One animated figure: a 5 x 5 grid of inputs morphing, frame by frame, from where it is to its L2-normalized
image (the shape of the warp page's figure: ``frames``, a plotly slider with one step per frame, Play/Pause in
``layout.updatemenus``). It counts its script runs and shows them as ``runs=N``. ``?lang=zh`` draws it in
Chinese; ``?kind=chart`` draws it with ``ui.chart`` (the figure component) instead.
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from normviz import l2_normalize
from normviz.ui import animated_chart, chart

FRAMES = 11  # t = 0, 0.1, ..., 1
FRAME_MS = 150  # Play's time per frame: slow enough for a test to see it between the ends
KEY = "animated_test.chart"

st.session_state.setdefault("lang", st.query_params.get("lang", "en"))
st.session_state["runs"] = st.session_state.get("runs", 0) + 1


def grid_figure() -> dict:
    u = np.linspace(-2.0, 2.0, 5)
    x0 = np.array([(a, b) for a in u for b in u if (a, b) != (0.0, 0.0)])
    x1 = l2_normalize(x0)
    names = [f"f{k}" for k in range(FRAMES)]

    def points(t: float) -> dict:
        p = (1 - t) * x0 + t * x1
        return {"type": "scatter", "mode": "markers", "name": "grid", "meta": "grid", "x": p[:, 0], "y": p[:, 1]}

    frames = [{"name": name, "data": [points(k / (FRAMES - 1))]} for k, name in enumerate(names)]
    animate = {"mode": "immediate", "frame": {"duration": 0, "redraw": True}, "transition": {"duration": 0}}
    steps = [
        {"method": "animate", "label": f"t = {k / (FRAMES - 1):.1f}", "args": [[name], animate]}
        for k, name in enumerate(names)
    ]
    play = {
        "label": "▶ Play",
        "method": "animate",
        "args": [
            None,
            {
                "frame": {"duration": FRAME_MS, "redraw": True},
                "fromcurrent": True,
                "transition": {"duration": 0},
                "mode": "immediate",
            },
        ],
    }
    pause = {
        "label": "⏸ Pause",
        "method": "animate",
        "args": [[None], {"frame": {"duration": 0, "redraw": False}, "mode": "immediate", "transition": {}}],
    }
    layout = {
        "title": {"text": "A grid <b>warped</b> by L2"},
        "xaxis": {"range": [-2.5, 2.5], "title": {"text": "x₁"}},
        "yaxis": {"range": [-2.5, 2.5], "scaleanchor": "x", "title": {"text": "x₂"}},
        "height": 520,
        "margin": {"l": 50, "r": 20, "t": 50, "b": 110},
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
                "pad": {"t": 42, "r": 10},
            }
        ],
        "sliders": [
            {
                "active": 0,
                "steps": steps,
                "x": 0.3,
                "len": 0.65,
                "xanchor": "left",
                "y": 0.0,
                "yanchor": "top",
                "pad": {"t": 50, "b": 0},
                "currentvalue": {"visible": False},
            }
        ],
    }
    return {"data": [points(0.0)], "layout": layout, "frames": frames}


if st.query_params.get("kind") == "chart":  # the same figure as an ordinary figure, with plotly's own controls
    chart(grid_figure(), key=KEY, description="A 5 by 5 grid of inputs moving onto the unit circle.")
else:
    animated_chart(grid_figure(), key=KEY, description="A 5 by 5 grid of inputs moving onto the unit circle.")
st.text(f"runs={st.session_state['runs']}")
