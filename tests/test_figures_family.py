"""The Family page's 3D figure: valid plotly, every set where it should be, the outputs on their sets."""

from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go
import pytest

from normviz import family
from normviz.figures import family as figs
from normviz.figures._style import COLORS
from normviz.i18n import Translator
from tests.helpers.pages import coords, finite_points, points, trace

torch = pytest.importorskip("torch")

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
    assert trace(en, "out_ln")["marker"]["color"] == COLORS["ln"]
    assert trace(en, "out_softmax")["marker"]["color"] == COLORS["softmax"]
    legend = [tr for tr in en["data"] if tr.get("showlegend", True)]
    assert len(legend) == 6 + 1 + len(family.DRAWN)  # sets, x, outputs


def test_nan_outputs_of_a_constant_x_are_not_drawn_as_numbers():
    fig = figure((2.0, 2.0, 2.0))
    assert np.isnan(points(trace(fig, "out_ln"))).all()
    np.testing.assert_array_equal(points(trace(fig, "out_minmax"))[0], 0.0)


# --- x / ‖x‖_p --------------------------------------------------------------------------------------


def p_fig(x=(1.0, 2.0, 3.0), t=EN, projector=False) -> dict:
    return figs.p_figure(family.p_rows(x), t, projector=projector)


@pytest.mark.parametrize("x", XS)
@pytest.mark.parametrize("t, projector", [(EN, False), (ZH, True)])
def test_p_figure_is_valid_plotly(x, t, projector):
    go.Figure(p_fig(x, t, projector))


@pytest.mark.parametrize("x", [(1.0, 2.0, 3.0), (4.0, -1.0, 0.5), (-10.0, 10.0, 0.0)])
def test_p_outputs_lie_on_x_ray_and_on_their_unit_spheres(x):
    fig = p_fig(x)
    xs = np.asarray(x)
    tx = torch.tensor(x, dtype=torch.float64)
    for key, p in (("l1", 1), ("l2", 2), ("linf", math.inf)):
        y = points(trace(fig, f"p_out_{key}"))[0]
        np.testing.assert_allclose(y, torch.nn.functional.normalize(tx, p=p, dim=0).numpy(), rtol=1e-12)
        np.testing.assert_allclose(np.cross(y, xs), 0.0, atol=1e-12)  # on the ray through x ...
        assert y @ xs > 0  # ... on x's side
    ray = points(trace(fig, "p_ray_x"))
    np.testing.assert_allclose(ray[0], 0.0)
    np.testing.assert_allclose(np.cross(ray[1], xs), 0.0, atol=1e-12)
    assert np.isclose(np.abs(ray[1]).max(), figs.P_EXTENT)  # to the edge of the fixed view


def test_softmax_is_exp_x_minus_max_projected_onto_the_octahedron():
    fig = p_fig((4.0, -1.0, 0.5))
    e = points(trace(fig, "p_exp"))[0]
    y = points(trace(fig, "p_out_softmax"))[0]
    np.testing.assert_allclose(e, np.exp(np.array([4.0, -1.0, 0.5]) - 4.0))
    np.testing.assert_allclose(y, torch.softmax(torch.tensor([4.0, -1.0, 0.5], dtype=torch.float64), 0).numpy())
    np.testing.assert_allclose(y, e / e.sum())
    np.testing.assert_allclose(np.cross(points(trace(fig, "p_ray_exp"))[1], e), 0.0, atol=1e-12)


def test_p_sets_are_the_unit_spheres_of_the_three_norms():
    fig = p_fig()
    octa = trace(fig, "p_octahedron")
    corners = points(octa)
    np.testing.assert_array_equal(np.abs(corners).sum(axis=1), 1.0)
    assert len(np.asarray(octa["i"])) == 8
    edges = finite_points(trace(fig, "p_octahedron_edges"))
    assert len(edges) == 24 and np.allclose(np.abs(edges).sum(axis=1), 1.0)  # 12 edges, their ends on the corners
    sphere = trace(fig, "p_sphere")
    r = np.sqrt(sum(np.asarray(sphere[a], dtype=np.float64) ** 2 for a in "xyz"))
    np.testing.assert_allclose(r, 1.0, rtol=1e-6)
    cube = finite_points(trace(fig, "p_cube"))
    assert len(cube) == 24 and np.array_equal(np.abs(cube).max(axis=1), np.ones(24))
    np.testing.assert_array_equal(points(trace(fig, "p_simplex")), np.eye(3))


def test_p_figure_view_is_fixed_and_nan_outputs_are_not_numbers():
    for x in ((1.0, 2.0, 3.0), (-10.0, 10.0, 0.0)):
        assert p_fig(x)["layout"]["scene"]["xaxis"]["range"] == [-figs.P_EXTENT, figs.P_EXTENT]
    fig = p_fig((0.0, 0.0, 0.0))
    assert np.isnan(points(trace(fig, "p_out_l1"))).all() and np.isnan(points(trace(fig, "p_ray_x"))).all()
    np.testing.assert_allclose(points(trace(fig, "p_out_softmax"))[0], 1 / 3)


def test_p_markers_differ_in_colour_and_shape():
    fig = p_fig()
    marks = [trace(fig, f"p_out_{k}")["marker"] for k in family.P_NORMS]
    assert len({m["color"] for m in marks}) == len({m["symbol"] for m in marks}) == len(family.P_NORMS)
    assert marks[1]["color"] == COLORS["l2"] and marks[3]["color"] == COLORS["softmax"]
    assert "L∞" in trace(fig, "p_out_linf")["name"] and "正八面体" in trace(p_fig(t=ZH), "p_octahedron")["name"]


# --- a data column before and after standardizing -----------------------------------------------------


def col_fig(n=300, seed=0, t=EN, projector=False) -> dict:
    cols = {k: family.column(n, seed, kind=k) for k in family.COLUMNS}
    return figs.column_figure(cols, t, projector=projector)


@pytest.mark.parametrize("t, projector", [(EN, False), (ZH, True)])
def test_column_figure_is_valid_plotly(t, projector):
    go.Figure(col_fig(t=t, projector=projector))


@pytest.mark.parametrize("kind", family.COLUMNS)
def test_histograms_before_and_after_have_the_same_bars_on_standardized_bins(kind):
    fig = col_fig(400, 3)
    col = family.column(400, 3, kind=kind)
    before, after = trace(fig, f"hist_{kind}_before"), trace(fig, f"hist_{kind}_after")
    np.testing.assert_array_equal(coords(before, "y"), coords(after, "y"))
    assert coords(before, "y").sum() == 400
    np.testing.assert_allclose(coords(after, "x"), (coords(before, "x") - col.mean) / col.std)
    np.testing.assert_allclose(coords(after, "y"), np.histogram(col.z, bins=col.z_edges)[0], atol=1)  # float edges
    # the z histogram's own mean and variance (from the bars) are near 0 and 1; the skewness is the column's
    zc, w = coords(after, "x"), coords(after, "y")
    mean = (zc * w).sum() / w.sum()
    assert abs(mean) < 0.1 and abs(((zc - mean) ** 2 * w).sum() / w.sum() - 1.0) < 0.1


def test_normal_density_is_scaled_to_the_counts_and_drawn_beside_z():
    fig = col_fig(400, 3)
    col = family.column(400, 3, kind="incomes")
    curve = trace(fig, "normal_incomes")
    width = col.z_edges[1] - col.z_edges[0]
    z = coords(curve, "x")
    np.testing.assert_allclose(coords(curve, "y"), 400 * width * np.exp(-z * z / 2) / math.sqrt(2 * math.pi))
    assert curve["xaxis"] == trace(fig, "hist_incomes_after")["xaxis"]
    assert trace(fig, "hist_incomes_before")["xaxis"] != curve["xaxis"]


def test_column_figure_titles_and_axes_are_translated():
    en, zh = col_fig(), col_fig(t=ZH)
    assert [a["text"] for a in en["layout"]["annotations"]] == [
        "heights (cm)",
        "heights, standardized",
        "incomes (thousands)",
        "incomes, standardized",
    ]
    assert zh["layout"]["xaxis"]["title"]["text"] == "身高（厘米）"
    legend = [tr["name"] for tr in en["data"] if tr.get("showlegend", True)]
    assert legend == ["before standardizing", "after standardizing", "normal density (scaled to the counts)"]


@pytest.mark.parametrize("kind", family.COLUMNS)
def test_the_two_panels_of_a_column_show_the_same_stretch_of_data(kind):
    fig = col_fig(300, 1)
    col = family.column(300, 1, kind=kind)
    before_axis = trace(fig, f"hist_{kind}_before")["xaxis"].replace("x", "xaxis")
    after_axis = trace(fig, f"hist_{kind}_after")["xaxis"].replace("x", "xaxis")
    low, high = fig["layout"][after_axis]["range"]
    assert low <= -figs.Z_VIEW and high >= figs.Z_VIEW and low <= col.z.min() and high >= col.z.max()
    np.testing.assert_allclose(
        fig["layout"][before_axis]["range"], [col.mean + col.std * low, col.mean + col.std * high]
    )
    z = coords(trace(fig, f"normal_{kind}"), "x")
    assert (z[0], z[-1]) == (low, high)


def test_every_drawn_member_has_its_own_colour_and_the_methods_keep_theirs():
    from normviz.methods import METHODS

    colours = [COLORS[k] for k in family.KEYS if k in COLORS]
    assert len(colours) == len(set(colours))  # one colour per method, on every page
    assert all(k in COLORS for k in family.DRAWN) and all(COLORS[k] == m.color for k, m in METHODS.items())
