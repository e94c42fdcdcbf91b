"""The invariance figures are plain plotly JSON: valid for plotly, built without go.Figure, right numbers."""

import json
import math

import numpy as np
import plotly.io as pio
import pytest

from normviz import invariance
from normviz.figures.invariance import (
    LOG_FLOOR,
    counterfactual_figure,
    current_markers,
    distance_figure,
    distance_maps,
    softmax_figure,
)
from normviz.figures.typed import typed_arrays as packed
from normviz.i18n import Translator
from tests.helpers.figures import assert_valid
from tests.helpers.pages import coords, trace

EN, ZH = Translator("en"), Translator("zh")

XS = {
    "seed": (1.0, 2.0, 3.0),
    "tiny": (1e-300, 2e-300, 3e-300),
    "zero": (0.0, 0.0, 0.0),
    "constant": (2.0, 2.0),
    "huge": (1e4, -1e4, 5e3, 0.0),
    "long": tuple(np.arange(1.0, 65.0)),
}


def scenes():
    for lang in ("en", "zh"):
        for projector in (False, True):
            for name, x in XS.items():
                for eps in (0.0, None):
                    yield pytest.param(
                        lambda x=x, e=eps, la=lang, p=projector: distance_figure(
                            invariance.invariance_grid(x, eps=e), -1.5, 7.0, Translator(la), projector=p
                        ),
                        id=f"distance-{name}-{eps}-{lang}-{projector}",
                    )
                    yield pytest.param(
                        lambda x=x, e=eps, la=lang, p=projector: counterfactual_figure(
                            invariance.counterfactual(x, 100.0, eps=e), Translator(la), projector=p
                        ),
                        id=f"counterfactual-{name}-{eps}-{lang}-{projector}",
                    )
            for x, scale in (
                ((1, 2, 3), 1000.0),
                ((1, 2, 3), 0.01),
                ((1e-300, 2e-300, 3e-300), 1.0),
                ((2, 2, 2), 10.0),
            ):
                for eps in (0.0, None):
                    yield pytest.param(
                        lambda x=x, s=scale, e=eps, la=lang, p=projector: softmax_figure(
                            invariance.scale_demo(x, s, eps=e),
                            invariance.saturation_curve(x, eps=e),
                            Translator(la),
                            projector=p,
                        ),
                        id=f"softmax-{x[0]:g}-{scale:g}-{eps}-{lang}-{projector}",
                    )


@pytest.mark.parametrize("build", list(scenes()))
def test_every_figure_is_valid_plotly_json_raw_and_packed(build):
    assert_valid(build())


def test_builders_never_construct_plotly_objects(no_plotly_objects):
    distance_figure(invariance.invariance_grid((1.0, 2.0, 3.0)), 2.0, 3.0, ZH, projector=True)
    counterfactual_figure(invariance.counterfactual(), EN)
    softmax_figure(invariance.scale_demo(), invariance.saturation_curve(), EN)


def test_distance_maps_are_log_distances_with_the_current_point_marked():
    grid = invariance.invariance_grid((1.0, 2.0, 3.0), eps=0.0)
    fig = distance_figure(grid, 2.0, 3.0, EN)
    z = np.asarray(trace(fig, "distance_ln")["z"], float)
    assert z.shape == (grid.c.size, grid.a.size)
    assert np.all(z[:, grid.a > 0] < -12)  # ~1e-16: LayerNorm does not move for a > 0
    with np.errstate(divide="ignore"):
        want = np.log10(np.maximum(grid.distance["rms"], 10.0**LOG_FLOOR))
    rms = np.asarray(trace(fig, "distance_rms")["z"], float)
    np.testing.assert_allclose(rms, want, rtol=1e-6)
    assert rms[np.isclose(grid.c, 0.0)][:, grid.a > 0].max() < -12 and np.nanmax(rms) > -1
    assert np.all(z[np.isfinite(z)] >= LOG_FLOOR)
    for k, key in enumerate(("l2", "rms", "ln"), start=1):
        cur = trace(fig, f"current_{key}")
        assert (coords(cur, "x")[0], coords(cur, "y")[0]) == (2.0, 3.0)
        assert cur["xaxis"] == trace(fig, f"distance_{key}")["xaxis"] == ("x" if k == 1 else f"x{k}")
    layout = fig["layout"]
    assert layout["xaxis"]["range"] == [-3.0, 3.0] and layout["yaxis"]["range"] == [-20.0, 20.0]
    assert layout["yaxis2"]["matches"] == "y" and layout["yaxis3"]["matches"] == "y"


def test_the_maps_do_not_depend_on_a_and_c_only_the_markers_do():
    grid = invariance.invariance_grid((1.0, 2.0, 3.0))
    maps = distance_maps(grid, EN)
    assert [tr["meta"] for tr in maps["data"]] == ["distance_l2", "distance_rms", "distance_ln"]
    markers = current_markers(-1.0, 4.5, EN)
    assert [tr["meta"] for tr in markers] == ["current_l2", "current_rms", "current_ln"]
    assert len(json.dumps(packed(markers))) < 1_500  # what a move of a or c adds to the cached maps


def test_nan_distances_stay_holes_in_the_map():
    grid = invariance.invariance_grid((1.0, 2.0, 3.0), eps=0.0)  # a = 0: LayerNorm of c·𝟏 is 0/0
    nan = ~np.isfinite(grid.distance["ln"])
    assert nan[:, grid.a == 0].all() and not nan[:, grid.a != 0].any()
    z = np.asarray(trace(distance_figure(grid, 1, 0, ZH), "distance_ln")["z"], float)
    np.testing.assert_array_equal(np.isnan(z), nan)


def test_a_tiny_x_draws_full_maps_for_l2_and_rms():
    grid = invariance.invariance_grid((1e-300, 2e-300, 3e-300), eps=0.0)
    fig = distance_figure(grid, 2.0, 3.0, EN)
    for key in ("l2", "rms"):
        z = np.asarray(trace(fig, f"distance_{key}")["z"], float)
        assert np.isnan(z).sum() == 1  # only (a, c) = (0, 0), the zero vector
    ln = np.asarray(trace(fig, "distance_ln")["z"], float)
    assert np.all(ln[np.isclose(grid.c, 0.0)][:, grid.a > 0] < -12)  # c = 0: LN(a·x) = LN(x), computed


def test_counterfactual_bars_show_the_seed_numbers():
    fig = counterfactual_figure(invariance.counterfactual((1, 2, 3), 100.0), EN)
    np.testing.assert_allclose(trace(fig, "rms_base")["y"], [0.463, 0.926, 1.389], atol=5e-4)
    np.testing.assert_allclose(trace(fig, "rms_shifted")["y"], [0.990, 1.000, 1.010], atol=5e-4)
    np.testing.assert_allclose(trace(fig, "ln_base")["y"], trace(fig, "ln_shifted")["y"], atol=1e-12)
    assert "(101, 102, 103)" in trace(fig, "rms_shifted")["name"]
    assert fig["layout"]["yaxis"]["range"][1] >= 1.6


def test_shifted_bars_are_hatched_in_their_method_colour():
    """plotly's default fillmode ("replace") would draw white hatching on no fill: a white bar."""
    fig = counterfactual_figure(invariance.counterfactual((1, 2, 3), 100.0), EN)
    for role in ("rms_shifted", "ln_shifted"):
        marker = trace(fig, role)["marker"]
        assert marker["pattern"]["shape"] == "/" and marker["pattern"]["fillmode"] == "overlay"
        assert marker["color"] != marker["pattern"]["fgcolor"]
    assert trace(fig, "rms_base")["marker"]["pattern"]["shape"] == ""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_softmax_figure_saturates_without_sigma(lang):
    demo = invariance.scale_demo((1, 2, 3), 1000.0, eps=0.0)
    fig = softmax_figure(demo, invariance.saturation_curve(eps=0.0), Translator(lang))
    np.testing.assert_allclose(trace(fig, "probs_centered")["y"], [0, 0, 1])
    assert max(trace(fig, "probs_ln")["y"]) < 0.95
    assert trace(fig, "curve_centered")["y"][-1] == 1.0
    assert trace(fig, "curve_centered")["xaxis"] == "x2"
    assert fig["layout"]["xaxis2"]["type"] == "log"
    assert fig["layout"]["xaxis2"]["title"]["text"]
    assert fig["layout"]["xaxis2"]["range"] == pytest.approx([math.log10(1e-2) - 0.1, math.log10(1e3) + 0.1])


def test_figure_sizes():
    grid = invariance.invariance_grid(np.arange(1.0, 65.0))
    assert len(pio.to_json(packed(distance_figure(grid, 2.0, 3.0, EN)))) < 70_000
