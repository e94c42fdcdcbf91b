import math

import numpy as np
import pytest

from normviz import analysis
from normviz.figures._style import COLORS
from normviz.figures.information import cloud_figure, nice_extent, pairs_figure, similarity_figure
from pagetest import arrow_tips, role


def test_pairs_figure_arrows_end_at_the_computed_outputs():
    pairs = [analysis.compare_pair((3, 4), (6, 8)), analysis.compare_pair((3, 4), (4, 3))]
    fig = pairs_figure(pairs, lang="en")
    np.testing.assert_allclose(arrow_tips(role(fig, "inputs_1")), [[3, 4], [6, 8]])
    np.testing.assert_allclose(arrow_tips(role(fig, "outputs_l2_1")), [[0.6, 0.8], [0.6, 0.8]])  # merged
    np.testing.assert_allclose(arrow_tips(role(fig, "outputs_l2_2")), [[0.6, 0.8], [0.8, 0.6]])  # apart
    np.testing.assert_allclose(arrow_tips(role(fig, "outputs_ln_1")), [[-1, 1], [-1, 1]])
    assert role(fig, "outputs_rms_2").line.color == COLORS["rms"]
    assert fig.layout.xaxis.range == (-10, 10)  # inputs of pair 1 fit, fixed in Python
    assert fig.layout.xaxis3.range == (-1.7, 1.7)  # outputs row


def test_pairs_figure_titles_name_the_pairs_it_draws():
    fig = pairs_figure([analysis.compare_pair((3, 4), (4, 3))], lang="zh", numbers=[2])
    assert [a.text for a in fig.layout.annotations] == ["第 2 组：输入 a、b", "第 2 组：归一化之后"]


def test_nice_extent():
    assert nice_extent([3, 4]) == 5
    assert nice_extent([6, 8]) == 10
    assert nice_extent([0.1]) == 2
    assert nice_extent([np.nan, 120]) == 200


@pytest.mark.parametrize("dim", [2, 3])
def test_cloud_figure_colours_every_point_by_its_inputs_direction(dim):
    cloud = analysis.direction_cloud(dim, 120, seed=1)
    fig = cloud_figure(cloud, lang="zh")
    for panel in ("input", "l2", "rms", "ln"):
        tr = role(fig, f"cloud_{panel}")
        np.testing.assert_allclose(tr.marker.color, cloud.hue)
        assert tr.marker.coloraxis == "coloraxis"
    l2 = role(fig, "cloud_l2")
    pts = np.column_stack([l2.x, l2.y] + ([l2.z] if dim == 3 else []))
    np.testing.assert_allclose(np.linalg.norm(pts, axis=1), 1.0, atol=1e-12)
    assert fig.layout.coloraxis.cmin == 0 and fig.layout.coloraxis.cmax == pytest.approx(2 * math.pi)
    if dim == 3:
        ring = role(fig, "target_ln")
        ring = np.column_stack([ring.x, ring.y, ring.z])
        np.testing.assert_allclose(ring.sum(axis=1), 0.0, atol=1e-12)
        np.testing.assert_allclose(np.linalg.norm(ring, axis=1), math.sqrt(3))
        assert fig.layout.scene.xaxis.range == (-3, 3)


def test_similarity_figure_has_six_maps_on_one_scale_and_the_identity_is_visible():
    sim = analysis.similarity(analysis.similarity_batch(8, 6, 2.0, 0))
    fig = similarity_figure(sim, lang="en")
    z = {t.meta: np.asarray(t.z, float) for t in fig.data}
    assert len(z) == 6
    np.testing.assert_allclose(z["sim_cos_l2"], z["sim_cos_in"], atol=1e-13)
    np.testing.assert_allclose(z["sim_cos_rms"], z["sim_cos_in"], atol=1e-13)
    np.testing.assert_allclose(z["sim_cos_ln"], z["sim_corr"], atol=1e-13)
    np.testing.assert_allclose(z["sim_ln_minus_cos"], z["sim_cos_ln"] - z["sim_cos_in"])
    assert (fig.layout.coloraxis.cmin, fig.layout.coloraxis.cmax) == (-1, 1)
    assert "Pearson" in role(fig, "sim_corr").name
    assert "-0.00" not in "".join(role(fig, "sim_ln_minus_cos").text.ravel())


def test_figures_stay_small():
    assert len(cloud_figure(analysis.direction_cloud(3, 300), lang="en").to_json()) < 120_000
    sim = analysis.similarity(analysis.similarity_batch(64, 8, 2.0, 0))
    assert len(similarity_figure(sim, lang="en").to_json()) < 40_000
