import json
import math

import numpy as np
import plotly.graph_objects as go
import pytest

from normviz import gradient
from normviz.figures import gradient as figs
from normviz.i18n import Translator
from normviz.methods import KEYS
from tests.helpers.pages import arrow_tips, finite_points, points, trace

EN = Translator("en")

X, G = (1.0, 2.0, 3.0), (1.0, 0.0, 0.0)


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("lang, projector", [("en", False), ("zh", True)])
def test_backprop_figure_is_valid_plotly(key, lang, projector):
    go.Figure(figs.backprop_figure(gradient.backprop(key, X, G, eps=0.0), Translator(lang), projector=projector))


def _fig(key, x=X, g=G, eps=0.0):
    bp = gradient.backprop(key, x, g, eps=eps)
    return bp, figs.backprop_figure(bp, EN)


@pytest.mark.parametrize("key", KEYS)
def test_the_null_line_runs_through_x_and_the_arrows_end_where_the_numbers_say(key):
    bp, fig = _fig(key)
    line = finite_points(trace(fig, "null_radial"))
    assert np.allclose(np.cross(line[1] - line[0], X), 0.0, atol=1e-9)
    assert np.allclose(arrow_tips(trace(fig, "arrow_g"))[0], G)
    assert np.allclose(arrow_tips(trace(fig, "arrow_jtg"))[0], bp.jtg)
    assert np.allclose(arrow_tips(trace(fig, "arrow_kept"))[0], bp.kept)
    # the removed components are chained from the kept part's tip to g
    assert np.allclose(arrow_tips(trace(fig, "removed_radial"))[0], G)  # the last link of the chain
    if key == "ln":
        assert np.allclose(arrow_tips(trace(fig, "removed_ones"))[0], bp.kept + bp.removed["ones"])
    roles = {t.get("meta") for t in fig["data"]}
    assert ("null_ones" in roles) == ("null_plane" in roles) == (key == "ln")


def test_layernorm_draws_the_1_line_and_the_null_plane_contains_x_and_1():
    _, fig = _fig("ln")
    ones = finite_points(trace(fig, "null_ones"))
    assert np.allclose(ones[1] - ones[1].mean(), 0.0)
    plane = trace(fig, "null_plane")
    corners = np.column_stack([plane["x"], plane["y"], plane["z"]])
    normal = np.cross(np.ones(3), np.asarray(X) - np.mean(X))
    assert np.allclose(corners @ normal, 0.0, atol=1e-9)


def test_the_cube_fits_the_gradients_and_the_title_names_the_method():
    bp, fig = _fig("rms", g=(2.5, -2.0, 1.0))
    e = fig["layout"]["scene"]["xaxis"]["range"][1]
    assert e >= np.abs(bp.g).max() and e >= np.abs(bp.jtg).max()
    assert "RMSNorm" in fig["layout"]["title"]["text"]


def test_a_zero_x_draws_no_null_line_but_still_draws_g():
    _, fig = _fig("l2", x=(0.0, 0.0, 0.0))
    assert finite_points(trace(fig, "null_radial")).size == 0
    assert np.allclose(arrow_tips(trace(fig, "arrow_g"))[0], G)


def test_x_must_be_3d():
    with pytest.raises(ValueError, match="3 components"):
        figs.backprop_figure(gradient.backprop("ln", (1.0, 2.0, 3.0, 4.0), (1.0, 0, 0, 0)), EN)


# --- one massive coordinate ----------------------------------------------------------------------------------


def _massive(n=64, m=100.0, eps=0.0):
    rest, g = gradient.massive_example(n)
    mg = gradient.massive_gradient(rest, g, m, eps=eps)
    return mg, figs.massive_figure(mg, EN)


@pytest.mark.parametrize("n, m, eps", [(3, 1.0, 0.0), (64, 100.0, 0.0), (512, 250.0, 1e-6), (4096, 1e4, 1.0)])
@pytest.mark.parametrize("lang, projector", [("en", False), ("zh", True)])
def test_massive_figure_is_valid_plotly(n, m, eps, lang, projector):
    rest, g = gradient.massive_example(n)
    mg = gradient.massive_gradient(rest, g, m, eps=eps)
    go.Figure(figs.massive_figure(mg, Translator(lang), projector=projector))


@pytest.mark.parametrize("n, m, eps", [(3, 100.0, 0.0), (64, 100.0, 0.0), (64, 2000.0, 1.0), (4096, 5.0, 1e-6)])
def test_the_curve_is_the_others_gradient_and_the_asymptote_is_root_n_over_m(n, m, eps):
    mg, fig = _massive(n, m, eps)
    curve, asym = points(trace(fig, "massive_others")), points(trace(fig, "massive_asymptote"))
    np.testing.assert_array_equal(curve[:, 0], mg.scales)
    np.testing.assert_array_equal(curve[:, 1], mg.others)
    rest, g = gradient.massive_example(n)
    np.testing.assert_allclose(asym[:, 1] * asym[:, 0], math.sqrt(n) * np.linalg.norm(g[1:]), rtol=1e-14)
    # the current m on the curve, the vertical line at m across the whole y range, m = 1 circled
    assert np.allclose(points(trace(fig, "massive_current")), [[m, mg.here]])
    line = points(trace(fig, "massive_line"))
    assert np.all(line[:, 0] == m) and np.allclose(np.log10(line[:, 1]), fig["layout"]["yaxis"]["range"])
    assert np.allclose(points(trace(fig, "massive_reference")), [[1.0, mg.reference]])
    # every point of the curve inside the fixed log ranges; both axes logarithmic
    lo, hi = fig["layout"]["yaxis"]["range"]
    assert lo < np.log10(mg.others).min() and np.log10(mg.others).max() < hi
    assert fig["layout"]["xaxis"]["type"] == fig["layout"]["yaxis"]["type"] == "log"
    assert f"n = {n}" in fig["layout"]["title"]["text"]


def test_the_legend_names_the_count_and_the_title_eps():
    mg, fig = _massive(64, 100.0, 1e-6)
    assert "63" in trace(fig, "massive_others")["name"] and "n = 64" in trace(fig, "massive_asymptote")["name"]
    assert "ε = 1e-6" in fig["layout"]["title"]["text"] and "m = 100" in trace(fig, "massive_current")["name"]
    zh = figs.massive_figure(mg, Translator("zh"))
    assert "其余 63 个坐标" in trace(zh, "massive_others")["name"]


def test_a_negative_m_draws_no_current_marker_on_the_log_axis():
    mg, fig = _massive(8, -50.0, 0.0)
    roles = {t.get("meta") for t in fig["data"]}
    assert "massive_current" not in roles and "massive_line" not in roles
    assert np.all(points(trace(fig, "massive_others"))[:, 0] > 0)
    go.Figure(fig)


def test_the_massive_figure_is_light():
    from normviz.figures.typed import typed_arrays

    _, fig = _massive(4096, 100.0, 0.0)
    assert len(json.dumps(typed_arrays(fig), default=str)) < 12_000
