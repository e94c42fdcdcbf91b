import json
import math

import numpy as np
import pytest

from normviz import analysis
from normviz.figures._style import COLORS
from normviz.figures.dof import FLOOR, fraction_figure, spectrum_figure, two_dim_figure
from pagetest import role


@pytest.mark.parametrize("n", [2, 896])
def test_spectrum_shows_the_lost_singular_values_below_the_tolerance(n):
    checks = analysis.rank_checks(n)
    fig = spectrum_figure(checks, lang="en")
    tol = role(fig, "tolerance").y[0]
    assert tol == pytest.approx(max(c.tol for c in checks.values()))
    lost = {"l2": 1, "rms": 1, "ln": 2}
    for m in ("l2", "rms", "ln"):
        y = np.asarray(role(fig, f"spectrum_{m}").y)
        assert np.count_nonzero(y < tol) == min(lost[m], n), m
        assert np.all(y >= FLOOR)  # exact zeros are drawn on the floor of the log axis
        assert role(fig, f"spectrum_{m}").line.color == COLORS[m]
    assert fig.layout.yaxis.type == "log"
    assert fig.layout.yaxis.range == (-18.5, 1)


@pytest.mark.parametrize("lang, word", [("en", "tolerance"), ("zh", "容差")])
def test_spectrum_is_labelled_in_the_language(lang, word):
    fig = spectrum_figure(analysis.rank_checks(5), lang=lang)
    assert word in role(fig, "tolerance").name
    assert fig.layout.xaxis.title.text and fig.layout.yaxis.title.text


def test_fraction_curve_and_current_point():
    fig = fraction_figure(896, lang="en")
    ln = role(fig, "fraction_ln")
    assert ln.x[0] == 2 and ln.y[0] == 0.0 and ln.x[-1] == analysis.N_MAX
    cur = role(fig, "current")
    np.testing.assert_allclose(cur.x, 896)
    np.testing.assert_allclose(cur.y, [100 * 895 / 896, 100 * 895 / 896, 100 * 894 / 896])
    assert fig.layout.xaxis.type == "log" and fig.layout.yaxis.range == (-3, 103)


def test_n2_figure_puts_layernorm_on_two_points_and_counts_the_inputs():
    cloud = analysis.direction_cloud(2, 200, seed=0)
    fig = two_dim_figure(cloud, lang="en")
    ln = role(fig, "outputs_ln")
    pts = np.column_stack([ln.x, ln.y])
    assert len(pts) == 2
    np.testing.assert_allclose(np.abs(pts), 1.0, atol=1e-9)
    np.testing.assert_allclose(pts.sum(axis=1), 0.0, atol=1e-9)
    assert sum(ln.customdata) == 200
    assert "2 distinct" in ln.name
    rms = role(fig, "outputs_rms")
    np.testing.assert_allclose(np.hypot(rms.x, rms.y), math.sqrt(2))


def test_projector_mode_uses_larger_type_and_the_figures_stay_small():
    checks = analysis.rank_checks(896)
    big = spectrum_figure(checks, lang="zh", projector=True)
    small = spectrum_figure(checks, lang="zh")
    assert big.layout.font.size > small.layout.font.size
    for fig in (small, fraction_figure(16384, lang="en"), two_dim_figure(analysis.direction_cloud(2, 200), lang="en")):
        assert len(fig.to_json()) < 60_000
        json.loads(fig.to_json())
