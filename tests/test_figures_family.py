"""The Family page's 3D figure: valid plotly, every set where it should be, the outputs on their sets."""

from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go
import pytest

from normviz import family
from normviz.figures import family as figs
from normviz.i18n import Translator
from pagetest import finite_points, points, trace

EN, ZH = Translator("en"), Translator("zh")
XS = [(1.0, 2.0, 3.0), (4.0, -1.0, 0.5), (2.0, 2.0, 2.0), (0.0, 0.0, 0.0), (-10.0, 10.0, 0.0)]


def figure(x=(1.0, 2.0, 3.0), t=EN, projector=False) -> dict:
    return figs.space_figure(x, family.outputs_3d(x), t, projector=projector)


@pytest.mark.parametrize("x", XS)
@pytest.mark.parametrize("t, projector", [(EN, False), (ZH, True)])
def test_space_figure_is_valid_plotly(x, t, projector):
    go.Figure(figure(x, t, projector))


def test_simplex_is_the_triangle_e1_e2_e3():
    tr = trace(figure(), "simplex")
    assert tr["type"] == "mesh3d"
    corners = points(tr)
    np.testing.assert_array_equal(corners, np.eye(3))
    assert (list(tr["i"]), list(tr["j"]), list(tr["k"])) == ([0], [1], [2])


def test_cube_edges_are_the_unit_cube():
    pts = finite_points(trace(figure(), "cube"))
    assert len(pts) == 24 and np.isin(pts, (0.0, 1.0)).all()
    assert len({tuple(p) for p in pts}) == 8


def test_spheres_have_radius_1_and_sqrt3():
    fig = figure()
    for role, radius in (("sphere_unit", 1.0), ("sphere_sqrt3", math.sqrt(3.0))):
        tr = trace(fig, role)
        r = np.sqrt(np.asarray(tr["x"]) ** 2 + np.asarray(tr["y"]) ** 2 + np.asarray(tr["z"]) ** 2)
        np.testing.assert_allclose(r, radius, rtol=1e-6)


def test_layer_norm_circle_is_in_the_zero_mean_plane_with_radius_sqrt3():
    pts = points(trace(figure(), "ln_circle"))
    np.testing.assert_allclose(pts.sum(axis=1), 0.0, atol=1e-12)
    np.testing.assert_allclose(np.linalg.norm(pts, axis=1), math.sqrt(3.0))


def test_min_max_loop_has_min_0_and_max_1():
    pts = points(trace(figure(), "minmax_loop"))
    np.testing.assert_array_equal(pts.min(axis=1), 0.0)
    np.testing.assert_array_equal(pts.max(axis=1), 1.0)


@pytest.mark.parametrize("x", [(1.0, 2.0, 3.0), (4.0, -1.0, 0.5)])
def test_each_output_marker_lies_on_its_set_and_is_linked_to_x(x):
    fig = figure(x)
    out = {k: points(trace(fig, f"out_{k}"))[0] for k in family.DRAWN}
    assert np.isclose(np.linalg.norm(out["l2"]), 1.0)
    assert np.isclose(np.linalg.norm(out["rms"]), math.sqrt(3.0))
    assert np.isclose(out["ln"].sum(), 0.0, atol=1e-12) and np.isclose(np.linalg.norm(out["ln"]), math.sqrt(3.0))
    assert np.isclose(out["softmax"].sum(), 1.0) and (out["softmax"] > 0).all()
    assert out["minmax"].min() == 0.0 and out["minmax"].max() == 1.0
    for k in family.DRAWN:
        link = points(trace(fig, f"link_{k}"))
        np.testing.assert_allclose(link[0], x)
        np.testing.assert_allclose(link[1], out[k])
    tip = finite_points(trace(fig, "arrow_input"))[-1]
    np.testing.assert_allclose(tip, x)


def test_axes_are_fixed_translated_and_hold_x():
    for t, word in ((EN, "dimension"), (ZH, "维")):
        scene = figure((-10.0, 10.0, 0.0), t)["layout"]["scene"]
        for axis in ("xaxis", "yaxis", "zaxis"):
            assert word in scene[axis]["title"]["text"]
            lo, hi = scene[axis]["range"]
            assert lo <= -10.0 and hi >= 10.0
    assert figs.extent_for((0.1, 0.2, 0.3)) == 2.0


@pytest.mark.parametrize("projector", [False, True])
def test_camera_is_the_space_pages_closer_with_the_cube_lifted(projector):
    from normviz.figures.projection import SPACE, View

    space = SPACE.layout(EN, projector, View(2.0), entries=0)["scene"]["camera"]
    camera = figure(projector=projector)["layout"]["scene"]["camera"]
    eye, base = np.array([camera["eye"][k] for k in "xyz"]), np.array([space["eye"][k] for k in "xyz"])
    np.testing.assert_allclose(eye, figs.CAMERA_ZOOM * base)  # the same direction, closer
    assert np.linalg.norm(eye) < np.linalg.norm(base)
    assert camera["center"] == {"x": 0.0, "y": 0.0, "z": -figs.CAMERA_LIFT} and camera["up"] == space["up"]


def test_legend_names_are_translated_and_methods_keep_their_colours():
    en, zh = figure(t=EN), figure(t=ZH)
    assert trace(zh, "simplex")["name"] != trace(en, "simplex")["name"]
    assert "softmax" in trace(en, "simplex")["name"]
    assert trace(en, "out_ln")["marker"]["color"] == family.MEMBERS["ln"].color
    assert trace(en, "out_softmax")["marker"]["color"] == family.MEMBERS["softmax"].color
    legend = [tr for tr in en["data"] if tr.get("showlegend", True)]
    assert len(legend) == 6 + 1 + len(family.DRAWN)  # sets, x, outputs


def test_nan_outputs_of_a_constant_x_are_not_drawn_as_numbers():
    fig = figure((2.0, 2.0, 2.0))
    assert np.isnan(points(trace(fig, "out_ln"))).all()
    np.testing.assert_array_equal(points(trace(fig, "out_minmax"))[0], 0.0)
