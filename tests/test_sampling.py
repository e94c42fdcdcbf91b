"""normviz.sampling: seeded clouds, the methods applied through a backend, and their summaries."""

import math

import numpy as np
import pytest

from normviz import _xp
from normviz import sampling as smp

BACKENDS = [_xp.Backend("numpy")]
try:  # torch is a dev dependency; the CPU backend is always testable when it is installed
    import torch  # noqa: F401

    BACKENDS.append(_xp.Backend("torch", "cpu"))
except ImportError:  # pragma: no cover
    pass


def test_sampling_is_reproducible_and_a_larger_count_extends_the_cloud():
    a = smp.sample(smp.CloudSpec(16, 50, seed=3))
    b = smp.sample(smp.CloudSpec(16, 80, seed=3))
    assert a.shape == (50, 16)
    np.testing.assert_array_equal(a, b[:50])
    assert not np.array_equal(a, smp.sample(smp.CloudSpec(16, 50, seed=4)))


def test_shifted_cloud_has_the_offset_and_heavy_cloud_has_heavy_tails():
    shifted = smp.sample(smp.CloudSpec(64, 2000, "shifted", shift=5.0, scale=0.5))
    assert shifted.mean() == pytest.approx(5.0, abs=0.01)
    assert shifted.std() == pytest.approx(0.5, abs=0.01)
    heavy = smp.sample(smp.CloudSpec(64, 2000, "heavy"))
    gauss = smp.sample(smp.CloudSpec(64, 2000))
    assert np.abs(heavy).max() > 5 * np.abs(gauss).max()  # t with 3 dof: rare huge values
    assert heavy.var() == pytest.approx(3.0, rel=0.35)  # nu / (nu - 2)


@pytest.mark.parametrize("bad", [dict(n=1), dict(n=9000), dict(count=0), dict(distribution="cauchy"),
                                 dict(scale=0.0), dict(shift=math.inf)])
def test_cloud_spec_rejects_bad_values(bad):
    with pytest.raises(ValueError):
        smp.CloudSpec(**{"n": 4, "count": 10, **bad})


def test_capped_count_keeps_n_times_count_under_a_million():
    assert smp.capped_count(8192, 10_000) == 122
    assert smp.capped_count(4, 1000) == 1000
    assert smp.capped_count(768, 5000) * 768 <= smp.MAX_ELEMENTS
    assert smp.capped_count(10**7, 5) == 1


def test_expected_norm_is_sqrt_n_times_the_component_rms():
    assert smp.expected_norm(smp.CloudSpec(100, 1, scale=2.0)) == pytest.approx(20.0)
    assert smp.expected_norm(smp.CloudSpec(100, 1, "shifted", shift=3.0, scale=4.0)) == pytest.approx(50.0)
    assert smp.expected_norm(smp.CloudSpec(100, 1, "heavy")) == pytest.approx(10 * math.sqrt(3))


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.label)
def test_apply_methods_matches_torch_functional(backend):
    import torch
    import torch.nn.functional as F

    x = smp.sample(smp.CloudSpec(32, 40, "shifted", shift=2.0))
    clouds, times = smp.apply_methods(x, backend, eps=1e-5)
    xt = torch.from_numpy(x)
    np.testing.assert_allclose(_xp.to_numpy(clouds["ln"]), F.layer_norm(xt, (32,), eps=1e-5).numpy(), atol=1e-10)
    np.testing.assert_allclose(_xp.to_numpy(clouds["rms"]), F.rms_norm(xt, (32,), eps=1e-5).numpy(), atol=1e-10)
    np.testing.assert_allclose(_xp.to_numpy(clouds["l2"]), F.normalize(xt, dim=-1, eps=1e-5).numpy(), atol=1e-12)
    assert set(times) == {"transfer", "l2", "rms", "ln"} and all(t >= 0 for t in times.values())


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.label)
def test_summary_norms_and_means_match_the_geometry(backend):
    n = 64
    summary = smp.summarize(smp.CloudSpec(n, 300, "shifted", shift=1.0), backend, eps=0.0)
    assert summary.backend == backend.label
    assert summary.norms["l2"].mean == pytest.approx(1.0, abs=1e-12)
    assert summary.norms["rms"].mean == pytest.approx(math.sqrt(n), abs=1e-10)
    assert summary.norms["ln"].mean == pytest.approx(math.sqrt(n), abs=1e-10)
    assert summary.norms["ln"].spread < 1e-10
    assert abs(summary.means["ln"].mean) < 1e-12 and summary.means["ln"].spread < 1e-12
    assert summary.means["rms"].mean > 0.5  # the shift survives RMSNorm
    # a constant sample gets a narrow window around its value, not bins cut from rounding noise
    edges = summary.norms["ln"].edges
    assert edges[0] < math.sqrt(n) < edges[-1] and summary.norms["ln"].counts.sum() == 300


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.label)
def test_layer_norm_cloud_has_a_zero_singular_value_along_ones(backend):
    n, count = 16, 200  # count >= n: every singular value is there
    summary = smp.summarize(smp.CloudSpec(n, count), backend, eps=0.0)
    ln, rms = summary.singular_values["ln"], summary.singular_values["rms"]
    assert len(ln) == n
    assert ln[-1] <= smp.rounding_floor(ln)  # zero to rounding
    assert ln[-2] > 1.0 and rms[-1] > 1.0  # only one, and only for LayerNorm
    assert summary.along_ones["ln"] < 1e-9
    assert summary.along_ones["rms"] > 1.0
    x = smp.sample(smp.CloudSpec(n, count))
    np.testing.assert_allclose(summary.singular_values["input"], np.linalg.svd(x, compute_uv=False), rtol=1e-9)


def test_singular_values_when_fewer_vectors_than_dimensions():
    summary = smp.summarize(smp.CloudSpec(256, 40), eps=0.0)
    assert len(summary.singular_values["ln"]) == 40  # min(N, n)
    assert summary.singular_values["ln"][-1] > 1.0  # 40 points span 40 directions inside the hyperplane
    assert summary.along_ones["ln"] < 1e-9  # but none of them along 1


def test_pca_of_an_anisotropic_cloud_finds_its_main_axes():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((500, 40)) * np.r_[10.0, 5.0, np.ones(38)]
    pca = smp._pca(_xp.namespace(x), x, 100, _xp.Backend("numpy"))
    assert pca.coords.shape == (100, 2)
    total = ((x - x.mean(0)) ** 2).sum()
    sv = np.linalg.svd(x - x.mean(0), compute_uv=False)
    np.testing.assert_allclose(pca.explained, sv[:2] ** 2 / total, rtol=1e-6)


def test_summary_pca_is_reproducible_and_bounded():
    a = smp.summarize(smp.CloudSpec(100, 300, "heavy"))
    b = smp.summarize(smp.CloudSpec(100, 300, "heavy"))
    for name in smp.CLOUDS:
        np.testing.assert_allclose(a.pca[name].coords, b.pca[name].coords)
        assert a.pca[name].coords.shape == (300, 2)
        assert 0 <= a.pca[name].explained.sum() <= 1
    assert set(a.times_ms) >= {"sample", "transfer", "l2", "rms", "ln", "statistics"}


@pytest.mark.parametrize("distribution", smp.DISTRIBUTIONS)
def test_n4_layer_norm_outputs_lie_on_the_radius_2_sphere_in_the_hyperplane_basis(distribution):
    view = smp.hyperplane_view(smp.CloudSpec(4, 500, distribution, shift=3.0), eps=0.0)
    assert view.basis.shape == (3, 4)
    ln = view.coords["ln"]
    assert ln.shape == (500, 3)
    assert np.max(np.abs(np.linalg.norm(ln, axis=1) - 2.0)) < 1e-9
    assert view.lost["ln"] < 1e-9  # nothing dropped: the view is exact
    # RMSNorm's outputs have length 2 in R^4 but a component along 1: their view is a projection
    rms = view.coords["rms"]
    assert np.all(np.linalg.norm(rms, axis=1) <= 2.0 + 1e-9)
    assert view.lost["rms"] > 0.1


def test_hyperplane_view_needs_n_4():
    with pytest.raises(ValueError, match="n = 4"):
        smp.hyperplane_view(smp.CloudSpec(5, 10))


def test_input_norms_concentrate_around_sqrt_n_sigma():
    conc = smp.concentration("gaussian", scale=2.0, dims=(4, 64, 1024), count=300)
    assert conc.target == 2.0
    width = (conc.q95 - conc.q05) / conc.median
    assert width[0] > width[1] > width[2]  # the band narrows as n grows
    assert conc.median[-1] == pytest.approx(2.0, rel=0.01)  # ||x|| / sqrt(n) -> sigma
    # relative spread of ||x|| for a Gaussian is about 1 / sqrt(2n)
    np.testing.assert_allclose(conc.relative_std[1:], 1 / np.sqrt(2 * np.array([64, 1024])), rtol=0.2)


def test_spread_constant_follows_the_delta_method_and_matches_samples():
    assert smp.spread_constant("gaussian", scale=3.0) == pytest.approx(1 / math.sqrt(2))
    c = smp.spread_constant("shifted", shift=2.0, scale=1.0)
    assert c == pytest.approx(math.sqrt(16 + 2) / 10)
    assert smp.spread_constant("heavy") is None
    conc = smp.concentration("shifted", shift=2.0, dims=(256,), count=2000)
    assert conc.theory == pytest.approx(c)
    assert conc.relative_std[0] == pytest.approx(c / 16, rel=0.1)


def test_hyperplane_view_radius_error_grows_with_eps():
    exact = smp.hyperplane_view(smp.CloudSpec(4, 200), eps=0.0).radius_error
    damped = smp.hyperplane_view(smp.CloudSpec(4, 200), eps=0.1).radius_error
    assert exact < 1e-12 < 1e-3 < damped  # eps inside the square root shrinks the outputs


def test_histogram_counts_every_finite_value_and_reports_nonfinite():
    h = smp.histogram([1.0, 2.0, 2.0, 3.0, np.nan], bins=4)
    assert h.counts.sum() == 4 and h.nonfinite == 1
    assert (h.low, h.high) == (1.0, 3.0)
    empty = smp.histogram([np.nan])
    assert math.isnan(empty.mean) and empty.nonfinite == 1
