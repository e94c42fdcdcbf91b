"""A test app for the live-drag component (tests/browser/test_live_chart.py, tests/test_live.py).

One live chart: the plane (``?mode=plane``, default) or the space
(``?mode=space``), with a small fixed figure, or with the app's own projection
figure (``?figure=engine``: the size a page sends, for timing). It counts its script runs and shows them, with
the released value and the x it draws, as ``runs=N``, ``released=...``,
``x=...`` lines of text. A release sets x through ``on_release`` (a widget
callback), so the next figure is drawn at the released x, as a page would.
"""

from __future__ import annotations

import math

import numpy as np
import streamlit as st

from normviz import l2_normalize, layer_norm, rms_norm
from normviz.ui.kit.live import live_chart

MODE = st.query_params.get("mode", "plane")
ENGINE = st.query_params.get("figure") == "engine"
N = 2 if MODE == "plane" else 3
EPS = {"l2": 1e-12, "rms": 1e-6, "ln": 1e-5}
COLORS = {"input": "#000000", "l2": "#0072B2", "rms": "#BD8300", "ln": "#009E73"}
KEY = f"live_test.{MODE}"
X_KEY = f"{KEY}.x"

st.session_state["runs"] = st.session_state.get("runs", 0) + 1
st.session_state.setdefault(X_KEY, [3.0, 4.0] if N == 2 else [1.0, 2.0, 2.5])


def _set_x(x: tuple[float, ...]) -> None:
    st.session_state[X_KEY] = list(x)


def _outputs(x: np.ndarray) -> dict[str, np.ndarray]:
    return {
        "l2": l2_normalize(x, eps=EPS["l2"]),
        "rms": rms_norm(x, eps=EPS["rms"]),
        "ln": layer_norm(x, eps=EPS["ln"]),
    }


def _arrow(end: np.ndarray, role: str, name: str, color: str) -> dict:
    pts = np.stack([np.zeros(N), end])
    trace = {"mode": "lines+markers", "name": name, "meta": role, "line": {"color": color, "width": 4},
             "marker": {"size": 7, "color": color}, "x": pts[:, 0], "y": pts[:, 1]}  # fmt: skip
    if N == 3:
        trace |= {"type": "scatter3d", "z": pts[:, 2], "marker": {"size": 3, "color": color}}
    else:
        trace["type"] = "scatter"
    return trace


def plane_figure(x: np.ndarray) -> dict:
    t = np.linspace(0, 2 * math.pi, 241)
    lim = 5.5
    data = [
        {"type": "scatter", "mode": "lines", "name": "‖y‖ = 1", "meta": "circle_unit", "hoverinfo": "skip",
         "x": np.cos(t), "y": np.sin(t), "line": {"color": COLORS["l2"], "dash": "dot"}},
        {"type": "scatter", "mode": "lines", "name": "‖y‖ = √2", "meta": "circle_sqrt_n", "hoverinfo": "skip",
         "x": math.sqrt(2) * np.cos(t), "y": math.sqrt(2) * np.sin(t), "line": {"color": COLORS["rms"], "dash": "dot"}},
        {"type": "scatter", "mode": "lines", "name": "x₁ + x₂ = 0", "meta": "zero_mean_line", "hoverinfo": "skip",
         "x": np.array([-lim, lim]), "y": np.array([lim, -lim]), "line": {"color": COLORS["ln"], "dash": "dash"}},
    ]  # fmt: skip
    data += [_arrow(x, "arrow_input", "x", COLORS["input"])]
    data += [_arrow(y, f"arrow_{m}", m, COLORS[m]) for m, y in _outputs(x).items()]
    layout = {
        "xaxis": {"range": [-lim, lim], "zeroline": True, "title": {"text": "x₁"}},
        "yaxis": {"range": [-lim, lim], "scaleanchor": "x", "scaleratio": 1, "title": {"text": "x₂"}},
        "margin": {"l": 50, "r": 20, "t": 20, "b": 50},
        "showlegend": True,
    }
    return {"data": data, "layout": layout, "frames": []}


def space_figure(x: np.ndarray) -> dict:
    u, v = np.meshgrid(np.linspace(0, 2 * math.pi, 41), np.linspace(0, math.pi, 21))
    sphere = {"type": "surface", "showscale": False, "opacity": 0.2, "meta": "sphere_unit", "name": "‖y‖ = 1",
              "x": np.cos(u) * np.sin(v), "y": np.sin(u) * np.sin(v), "z": np.cos(v),
              "colorscale": [[0, COLORS["l2"]], [1, COLORS["l2"]]], "hoverinfo": "skip"}  # fmt: skip
    data = [sphere, _arrow(x, "arrow_input", "x", COLORS["input"])]
    data += [_arrow(y, f"arrow_{m}", m, COLORS[m]) for m, y in _outputs(x).items()]
    box = {"range": [-5.5, 5.5], "autorange": False}
    layout = {
        "scene": {"xaxis": box, "yaxis": box, "zaxis": box, "aspectmode": "cube",
                  "camera": {"eye": {"x": 1.6, "y": 1.4, "z": 0.9}}},
        "margin": {"l": 0, "r": 0, "t": 10, "b": 0},
    }  # fmt: skip
    return {"data": data, "layout": layout, "frames": []}


ENGINE_EXTENT = 5.0


def engine_figure(x: np.ndarray) -> dict:
    from normviz import geometry
    from normviz.figures import projection
    from normviz.i18n import Translator

    scene = geometry.Scene(x=tuple(x))
    kit = projection.PLANE if N == 2 else projection.SPACE
    view = projection.View(extent=ENGINE_EXTENT)
    return projection.projection_figure(scene, geometry.project(scene), Translator("en"), kit=kit, view=view)


def engine_roles() -> dict:
    """What a page adds to the scene for the engine's figure (normviz.ui.projection.live_scene): the view's
    half-width and the roles of the traces that move. Sent in space only: the plane's timing row keeps
    scene.js's default roles, as it measured before (with the page's roles its layer copies four more traces)."""
    from normviz.figures import projection

    return {"extent": ENGINE_EXTENT, "moving": projection.moving_roles(["l2", "rms", "ln"], N)}


x = np.array(st.session_state[X_KEY], dtype=float)
spec = engine_figure(x) if ENGINE else plane_figure(x) if N == 2 else space_figure(x)
scene = {
    "mode": MODE,
    "x": x,
    "eps": EPS,
    "gamma": None,
    "beta": None,
    "shown": ["l2", "rms", "ln"],
    "bounds": [-5.0, 5.0],
    "step": 0.01,
    "labels": {"chart": "Vector x <b>not bold</b>: drag the tip of x or use the arrow keys",
               "x": ["x₁ <i>one</i>", "x₂", "x₃"]},
    **(engine_roles() if ENGINE and N == 3 else {}),
}  # fmt: skip
released = live_chart(spec, scene=scene, key=KEY, height=None if ENGINE else 520, on_release=_set_x)

st.text(f"runs={st.session_state['runs']}")
st.text(f"released={released}")
st.text(f"x={','.join(f'{v:g}' for v in x)}")
