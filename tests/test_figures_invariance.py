import numpy as np
import pytest

from normviz import analysis
from normviz.figures.invariance import LOG_FLOOR, counterfactual_figure, distance_figure, softmax_figure
from pagetest import role


def test_distance_maps_are_log_distances_with_the_current_point_marked():
    grid = analysis.invariance_grid((1.0, 2.0, 3.0), eps=0.0)
    fig = distance_figure(grid, 2.0, 3.0, lang="en")
    ln = role(fig, "distance_ln")
    z = np.asarray(ln.z, float)
    assert z.shape == (grid.c.size, grid.a.size)
    right = z[:, grid.a > 0]
    assert np.all(right < -12)  # ~1e-16: LayerNorm does not move for a > 0
    with np.errstate(divide="ignore"):
        want = np.log10(np.maximum(grid.distance["rms"], 10.0 ** LOG_FLOOR))
    np.testing.assert_allclose(np.asarray(role(fig, "distance_rms").z, float), want, rtol=1e-6)
    rms = np.asarray(role(fig, "distance_rms").z, float)
    assert rms[np.isclose(grid.c, 0.0)][:, grid.a > 0].max() < -12 and np.nanmax(rms) > -1
    assert np.all(z[np.isfinite(z)] >= LOG_FLOOR)
    cur = role(fig, "current_rms")
    assert (cur.x[0], cur.y[0]) == (2.0, 3.0)
    assert fig.layout.xaxis.range == (-3.0, 3.0) and fig.layout.yaxis.range == (-20.0, 20.0)


def test_nan_distances_stay_holes_in_the_map():
    grid = analysis.invariance_grid((1.0, 2.0, 3.0), eps=0.0)  # a = 0: LayerNorm of c·1 is 0/0
    nan = ~np.isfinite(grid.distance["ln"])
    assert nan[:, grid.a == 0].sum() >= 30  # (a few c where normviz's mean rounds are not NaN; see report)
    z = np.asarray(role(distance_figure(grid, 1, 0, lang="zh"), "distance_ln").z, float)
    np.testing.assert_array_equal(np.isnan(z), nan)


def test_counterfactual_bars_show_the_seed_numbers():
    fig = counterfactual_figure(analysis.counterfactual((1, 2, 3), 100.0), lang="en")
    np.testing.assert_allclose(role(fig, "rms_base").y, [0.463, 0.926, 1.389], atol=5e-4)
    np.testing.assert_allclose(role(fig, "rms_shifted").y, [0.990, 1.000, 1.010], atol=5e-4)
    np.testing.assert_allclose(role(fig, "ln_base").y, role(fig, "ln_shifted").y, atol=1e-12)
    assert "(101, 102, 103)" in role(fig, "rms_shifted").name


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_softmax_figure_saturates_without_sigma(lang):
    demo = analysis.scale_demo((1, 2, 3), 1000.0, eps=0.0)
    fig = softmax_figure(demo, analysis.saturation_curve(eps=0.0), lang=lang)
    np.testing.assert_allclose(role(fig, "probs_centered").y, [0, 0, 1])
    assert max(role(fig, "probs_ln").y) < 0.95
    assert role(fig, "curve_centered").y[-1] == 1.0
    assert fig.layout.xaxis2.type == "log"
    assert fig.layout.xaxis2.title.text


def test_figure_sizes():
    grid = analysis.invariance_grid(np.arange(1.0, 65.0))
    assert len(distance_figure(grid, 2.0, 3.0, lang="en").to_json()) < 70_000
