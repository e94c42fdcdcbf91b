"""Figures beyond three dimensions: the exact n = 4 view, histograms, singular values, PCA, concentration."""

import math

import numpy as np
import pytest

from normviz import sampling as smp
from normviz.figures import highdim as figs
from normviz.figures._style import COLORS
from pagetest import points, role


@pytest.fixture(scope="module")
def summary():
    return smp.summarize(smp.CloudSpec(16, 200, "shifted", shift=2.0), eps=0.0)


@pytest.fixture(scope="module")
def view():
    return smp.hyperplane_view(smp.CloudSpec(4, 300, "heavy"), eps=0.0)


def test_n4_layer_norm_points_lie_on_the_radius_2_sphere(view):
    fig = figs.hyperplane_figure(view, lang="en")
    pts = points(role(fig, "points_ln"))
    assert len(pts) == 300
    np.testing.assert_allclose(np.linalg.norm(pts, axis=1), 2.0, atol=1e-9)
    sphere = role(fig, "sphere_2")
    r = np.sqrt(np.asarray(sphere.x, float) ** 2 + np.asarray(sphere.y, float) ** 2 + np.asarray(sphere.z, float) ** 2)
    np.testing.assert_allclose(r, 2.0, rtol=1e-6)


def test_n4_view_labels_projections_as_projections(view):
    en, zh = figs.hyperplane_figure(view, lang="en"), figs.hyperplane_figure(view, lang="zh")
    assert "(exact, not a projection)" in role(en, "points_ln").name
    for cloud in ("rms", "l2", "input"):
        assert "projection" in role(en, f"points_{cloud}").name
        assert "投影" in role(zh, f"points_{cloud}").name
    assert "e₁" in en.layout.scene.xaxis.title.text
    assert list(en.layout.scene.xaxis.range) == [-figs.N4_RANGE, figs.N4_RANGE]
    assert np.all(np.linalg.norm(points(role(en, "points_rms")), axis=1) <= 2.0 + 1e-9)  # inside the ball


def test_histograms_have_one_panel_per_cloud_and_count_every_sample(summary):
    fig = figs.distributions_figure(summary, lang="en")
    for cloud in smp.CLOUDS:
        for kind in ("norm", "mean"):
            tr = role(fig, f"hist_{kind}_{cloud}")
            assert np.asarray(tr.y).sum() == 200
        assert role(fig, f"hist_norm_{cloud}").marker.color == COLORS[cloud]
    # the LayerNorm norms are one spike at sqrt(16) = 4
    ln = role(fig, "hist_norm_ln")
    assert np.count_nonzero(ln.y) == 1
    assert np.asarray(ln.x)[np.argmax(ln.y)] == pytest.approx(4.0, abs=1e-2)
    titles = " ".join(a.text for a in fig.layout.annotations)
    assert "target 4" in titles and "√n·(component RMS)" in titles


def test_singular_values_show_layer_norms_zero_along_1(summary):
    fig = figs.singular_values_figure(summary, lang="en")
    zero = role(fig, "sv_zero_ln")
    assert list(zero.x) == [16.0]  # the last of 16
    assert "along 1" in zero.name
    assert fig.layout.yaxis.type == "log"
    assert "sv_zero_rms" not in [t.meta for t in fig.data]
    assert len(role(fig, "sv_rms").x) == 16


def test_singular_values_with_fewer_vectors_than_dimensions_have_no_zero():
    s = smp.summarize(smp.CloudSpec(64, 20), eps=0.0)
    fig = figs.singular_values_figure(s, lang="en")
    assert len(role(fig, "sv_ln").x) == 20
    assert not any(t.meta.startswith("sv_zero") for t in fig.data)


def test_pca_view_is_titled_as_a_projection_with_the_variance_shares(summary):
    fig = figs.pca_figure(summary, lang="en")
    assert "Projection" in fig.layout.title.text and "16 → 2" in fig.layout.title.text
    for cloud in smp.CLOUDS:
        tr = role(fig, f"pca_{cloud}")
        assert len(tr.x) == 200
    share = 100 * summary.pca["ln"].explained[0]
    assert f"PC1 ({share:.1f}%)" in fig.layout.xaxis4.title.text


def test_concentration_figure_marks_current_n_and_gaussian_theory():
    conc = smp.concentration("gaussian", dims=(4, 64, 1024), count=100)
    fig = figs.concentration_figure(conc, n=64, lang="en")
    np.testing.assert_allclose(role(fig, "conc_theory").y, 1 / np.sqrt(2 * np.array([4, 64, 1024])))
    np.testing.assert_allclose(role(fig, "conc_outputs").y, 1.0)
    assert role(fig, "conc_median").x.tolist() == [4, 64, 1024]
    assert fig.layout.xaxis.type == "log"
    assert any("n = 64" in a.text for a in fig.layout.annotations)
    heavy = figs.concentration_figure(smp.concentration("heavy", dims=(4, 64), count=50), n=4, lang="zh")
    assert "conc_theory" not in [t.meta for t in heavy.data]  # t with 3 dof: no 1/sqrt(n) rate


def test_no_methods_selected_shows_only_the_inputs():
    s = smp.summarize(smp.CloudSpec(8, 50), eps=0.0, methods=())
    assert s.clouds == ("input",)
    fig = figs.distributions_figure(s, lang="en")
    assert [t.meta for t in fig.data] == ["hist_norm_input", "hist_mean_input"]
    assert math.isclose(s.norms["input"].counts.sum(), 50)
