"""normviz.highdim: seeded clouds, the methods applied through a backend, and their summaries."""

import math

import numpy as np
import pytest
from scipy import stats

from normviz import _xp
from normviz import highdim as hd
from normviz.methods import METHODS

BACKENDS = [_xp.Backend("numpy")]
try:  # torch is a dev dependency; the CPU backend is always testable when it is installed
    import torch  # noqa: F401

    BACKENDS.append(_xp.Backend("torch", "cpu"))
except ImportError:  # pragma: no cover
    pass


def test_sampling_is_reproducible_and_a_larger_count_extends_the_cloud():
    a = hd.sample(hd.CloudSpec(16, 50, seed=3))
    b = hd.sample(hd.CloudSpec(16, 80, seed=3))
    assert a.shape == (50, 16)
    np.testing.assert_array_equal(a, b[:50])
    assert not np.array_equal(a, hd.sample(hd.CloudSpec(16, 50, seed=4)))


def test_the_shifted_cloud_is_the_gaussian_cloud_moved_along_ones():
    spec = hd.CloudSpec(8, 30, "gaussian", scale=2.0, seed=1)
    shifted = hd.CloudSpec(8, 30, "shifted", shift=5.0, scale=2.0, seed=1)
    np.testing.assert_allclose(hd.sample(shifted) - hd.sample(spec), 5.0)
    z = hd.standard_cloud(8, 30, "normal", 1)
    np.testing.assert_array_equal(hd.sample(shifted, z), hd.sample(shifted))


def test_shifted_cloud_has_the_offset_and_heavy_cloud_has_heavy_tails():
    shifted = hd.sample(hd.CloudSpec(64, 2000, "shifted", shift=5.0, scale=0.5))
    assert shifted.mean() == pytest.approx(5.0, abs=0.01)
    assert shifted.std() == pytest.approx(0.5, abs=0.01)
    heavy = hd.sample(hd.CloudSpec(64, 2000, "heavy"))
    gauss = hd.sample(hd.CloudSpec(64, 2000))
    assert np.abs(heavy).max() > 5 * np.abs(gauss).max()  # t with 3 dof: rare huge values
    assert heavy.var() == pytest.approx(3.0, rel=0.35)  # nu / (nu - 2)


@pytest.mark.parametrize(
    "bad", [dict(n=1), dict(n=9000), dict(count=0), dict(distribution="cauchy"), dict(scale=0.0), dict(shift=math.inf)]
)
def test_cloud_spec_rejects_bad_values(bad):
    with pytest.raises(ValueError):
        hd.CloudSpec(**{"n": 4, "count": 10, **bad})


def test_capped_count_keeps_n_times_count_within_the_cap():
    assert hd.MAX_ELEMENTS == 500_000
    assert hd.capped_count(8192, 10_000) == 61
    assert hd.capped_count(4, 1000) == 1000
    assert hd.capped_count(768, 5000) * 768 <= hd.MAX_ELEMENTS
    assert hd.capped_count(10**7, 5) == 1


def test_spectrum_rows_keep_the_smaller_side_at_most_spectrum_max():
    assert hd.CloudSpec(128, 7000).spectrum_rows == 7000  # n is the smaller side
    assert hd.CloudSpec(8192, 61).spectrum_rows == 61  # N is
    assert hd.CloudSpec(896, 558).spectrum_rows == hd.SPECTRUM_MAX  # both above: a subset
    for n, count in ((hd.SPECTRUM_MAX, 1953), (1000, 500), (8192, 61), (2, 200_000)):
        spec = hd.CloudSpec(n, count)
        assert min(spec.spectrum_rows, n) <= hd.SPECTRUM_MAX


def test_expected_norm_is_sqrt_n_times_the_component_rms():
    assert hd.expected_norm(hd.CloudSpec(100, 1, scale=2.0)) == pytest.approx(20.0)
    assert hd.expected_norm(hd.CloudSpec(100, 1, "shifted", shift=3.0, scale=4.0)) == pytest.approx(50.0)
    assert hd.expected_norm(hd.CloudSpec(100, 1, "heavy")) == pytest.approx(10 * math.sqrt(3))
    assert hd.expected_norm(hd.CloudSpec(100, 1, "gaussian", shift=3.0)) == pytest.approx(10.0)  # no offset


def test_component_rms_matches_samples():
    for dist, shift, scale in (("gaussian", 0.0, 2.0), ("shifted", -3.0, 0.5), ("heavy", 0.0, 1.5)):
        x = hd.sample(hd.CloudSpec(512, 400, dist, shift, scale))
        want = hd.component_rms(dist, shift=shift, scale=scale)
        assert math.sqrt(np.mean(x * x)) == pytest.approx(want, rel=0.1 if dist == "heavy" else 0.01)


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.label)
def test_each_cloud_is_the_method_applied_as_torch_functional_does(backend):
    import torch
    import torch.nn.functional as F

    x = hd.sample(hd.CloudSpec(32, 40, "shifted", shift=2.0))
    xt = torch.from_numpy(x)
    want = {
        "ln": F.layer_norm(xt, (32,), eps=1e-5),
        "rms": F.rms_norm(xt, (32,), eps=1e-5),
        "l2": F.normalize(xt, dim=-1, eps=1e-5),
    }
    for key, y in want.items():
        stats = hd.cloud_stats(x, key, backend=backend, eps=1e-5)
        norms = torch.linalg.vector_norm(y, dim=1).numpy()
        assert stats.norms.mean == pytest.approx(norms.mean(), rel=1e-12)
        assert stats.norms.low == pytest.approx(norms.min(), rel=1e-12)
        np.testing.assert_allclose(
            stats.singular_values,
            torch.linalg.svdvals(y).numpy(),
            rtol=1e-9,
            atol=hd.rounding_floor(stats.singular_values),
        )  # LayerNorm's 0 along 𝟏
        assert set(stats.times_ms) == {"transfer", "method", "statistics"}
    assert set(hd.cloud_stats(x, "input", backend=backend).times_ms) == {"transfer", "statistics"}


def test_eps_none_means_each_methods_default():
    x = hd.sample(hd.CloudSpec(4, 20, scale=1e-3))
    for key, m in METHODS.items():
        a = hd.cloud_stats(x, key, eps=None)
        b = hd.cloud_stats(x, key, eps=m.default_eps)
        assert a.norms.mean == b.norms.mean


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.label)
def test_summary_norms_and_means_match_the_geometry(backend):
    n = 64
    summary = hd.summarize(hd.CloudSpec(n, 300, "shifted", shift=1.0), backend, eps=0.0)
    assert summary.backend == backend.label
    assert summary.norms["l2"].mean == pytest.approx(METHODS["l2"].radius(n), abs=1e-12)
    assert summary.norms["rms"].mean == pytest.approx(METHODS["rms"].radius(n), abs=1e-10)
    assert summary.norms["ln"].mean == pytest.approx(METHODS["ln"].radius(n), abs=1e-10)
    assert summary.norms["ln"].spread < 1e-10
    assert abs(summary.means["ln"].mean) < 1e-12 and summary.means["ln"].spread < 1e-12
    assert summary.means["rms"].mean > 0.5  # the shift survives RMSNorm
    # a constant sample gets a narrow window around its value, not bins cut from rounding noise
    edges = summary.norms["ln"].edges
    assert edges[0] < math.sqrt(n) < edges[-1] and summary.norms["ln"].counts.sum() == 300


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.label)
def test_layer_norm_cloud_has_a_zero_singular_value_along_ones(backend):
    n, count = 16, 200  # count >= n: every singular value is there
    summary = hd.summarize(hd.CloudSpec(n, count), backend, eps=0.0)
    ln, rms = summary.singular_values["ln"], summary.singular_values["rms"]
    assert len(ln) == n
    assert ln[-1] <= hd.rounding_floor(ln)  # zero to rounding
    assert ln[-2] > 1.0 and rms[-1] > 1.0  # only one, and only for LayerNorm
    assert summary.along_ones["ln"] < 1e-9
    assert summary.along_ones["rms"] > 1.0
    x = hd.sample(hd.CloudSpec(n, count))
    np.testing.assert_allclose(summary.singular_values["input"], np.linalg.svd(x, compute_uv=False), rtol=1e-9)


def test_singular_values_when_fewer_vectors_than_dimensions():
    summary = hd.summarize(hd.CloudSpec(256, 40), eps=0.0)
    assert len(summary.singular_values["ln"]) == 40  # min(N, n)
    assert summary.singular_values["ln"][-1] > 1.0  # 40 points span 40 directions inside the hyperplane
    assert summary.along_ones["ln"] < 1e-9  # but none of them along 𝟏
    x = hd.sample(hd.CloudSpec(256, 40))
    np.testing.assert_allclose(summary.singular_values["input"], np.linalg.svd(x, compute_uv=False), rtol=1e-9)


def test_large_clouds_take_the_spectrum_from_the_first_rows_and_say_so():
    spec = hd.CloudSpec(600, 700)
    summary = hd.summarize(spec, eps=0.0)
    assert spec.spectrum_rows == hd.SPECTRUM_MAX
    assert len(summary.singular_values["ln"]) == hd.SPECTRUM_MAX
    x = hd.sample(spec)[: hd.SPECTRUM_MAX]
    np.testing.assert_allclose(summary.singular_values["input"], np.linalg.svd(x, compute_uv=False), rtol=1e-9)
    assert summary.norms["input"].counts.sum() == 700  # the histograms keep every vector


@pytest.mark.parametrize("shape", [(500, 40), (30, 40), (2000, 200), (150, 300)])
def test_pca_of_an_anisotropic_cloud_finds_its_main_axes(shape):
    rng = np.random.default_rng(0)
    count, n = shape
    x = rng.standard_normal((count, n)) * np.r_[10.0, 5.0, np.ones(n - 2)] + 3.0
    _, pca = hd._spectrum(np, x, 100, _xp.Backend("numpy"))
    assert pca.coords.shape == (min(100, count), 2)
    centred = x - x.mean(0)
    sv = np.linalg.svd(centred, compute_uv=False)
    np.testing.assert_allclose(pca.explained, sv[:2] ** 2 / (sv**2).sum(), rtol=1e-6)
    # the coordinates are the centred points on the two axes: their spread is the variance share
    u = np.linalg.svd(centred, full_matrices=False)[0]
    np.testing.assert_allclose(np.abs(pca.coords), np.abs(u[: min(100, count), :2] * sv[:2]), rtol=1e-5, atol=1e-8)


def test_summary_pca_is_reproducible_and_bounded():
    a = hd.summarize(hd.CloudSpec(100, 300, "heavy"))
    b = hd.summarize(hd.CloudSpec(100, 300, "heavy"))
    for name in hd.CLOUDS:
        np.testing.assert_allclose(a.pca[name].coords, b.pca[name].coords)
        assert a.pca[name].coords.shape == (300, 2)
        assert 0 <= a.pca[name].explained.sum() <= 1
    assert set(a.times_ms) == {"sample", "transfer", "l2", "rms", "ln", "statistics"}


def test_a_single_vector_has_no_principal_axes():
    summary = hd.summarize(hd.CloudSpec(8, 1), eps=0.0)
    assert summary.pca["ln"].coords.shape == (1, 2) and not summary.pca["ln"].explained.any()


@pytest.mark.parametrize("distribution", hd.DISTRIBUTIONS)
def test_n4_layer_norm_outputs_lie_on_the_radius_2_sphere_in_the_hyperplane_basis(distribution):
    view = hd.hyperplane_view(hd.CloudSpec(4, 500, distribution, shift=3.0), eps=0.0)
    assert view.basis.shape == (3, 4)
    ln = view.coords["ln"]
    assert ln.shape == (500, 3)
    assert np.max(np.abs(np.linalg.norm(ln, axis=1) - METHODS["ln"].radius(4))) < 1e-9
    assert view.lost["ln"] < 1e-9  # nothing dropped: the view is exact
    # RMSNorm's outputs have length 2 in R^4 but a component along 𝟏: their view is a projection
    rms = view.coords["rms"]
    assert np.all(np.linalg.norm(rms, axis=1) <= 2.0 + 1e-9)
    assert view.lost["rms"] > 0.1


def test_hyperplane_view_needs_n_4():
    with pytest.raises(ValueError, match="n = 4"):
        hd.hyperplane_view(hd.CloudSpec(5, 10))


def test_hyperplane_view_radius_error_grows_with_eps():
    exact = hd.hyperplane_view(hd.CloudSpec(4, 200), eps=0.0).radius_error
    damped = hd.hyperplane_view(hd.CloudSpec(4, 200), eps=0.1).radius_error
    assert exact < 1e-12 < 1e-3 < damped  # eps inside the square root shrinks the outputs


def test_input_norms_concentrate_around_sqrt_n_sigma():
    conc = hd.concentration("gaussian", scale=2.0, dims=(4, 64, 1024), count=300)
    assert conc.target == 2.0
    width = (conc.q95 - conc.q05) / conc.median
    assert width[0] > width[1] > width[2]  # the band narrows as n grows
    assert conc.median[-1] == pytest.approx(2.0, rel=0.01)  # ||x|| / sqrt(n) -> sigma
    # relative spread of ||x|| for a Gaussian is about 1 / sqrt(2n)
    np.testing.assert_allclose(conc.relative_std[1:], 1 / np.sqrt(2 * np.array([64, 1024])), rtol=0.2)


@pytest.mark.parametrize(
    "distribution, shift, scale",
    [("gaussian", 0.0, 1.5), ("shifted", 2.0, 1.0), ("shifted", -4.0, 3.0), ("heavy", 0.0, 0.7)],
)
def test_norm_draws_give_the_norms_of_sampled_vectors_in_distribution(distribution, shift, scale):
    """The shortcut (sums, not components) against drawing every component, at n = 64."""
    conc = hd.concentration(distribution, shift=shift, scale=scale, dims=(64,), count=4000, seed=3)
    x = hd.sample(hd.CloudSpec(64, 4000, distribution, shift, scale, seed=11))
    r = np.linalg.norm(x, axis=1) / 8.0
    assert conc.median[0] == pytest.approx(np.median(r), rel=0.02)
    for q, got in ((0.05, conc.q05[0]), (0.95, conc.q95[0])):
        assert got == pytest.approx(np.quantile(r, q), rel=0.03)
    if distribution != "heavy":  # t3's norms have no finite variance of their square: no stable std to compare
        assert conc.relative_std[0] == pytest.approx(r.std() / r.mean(), rel=0.06)


def test_norm_draws_are_seeded_and_shared_by_every_shift_and_scale():
    a, b = hd.norm_draws("normal", 4), hd.norm_draws("normal", 4)
    np.testing.assert_array_equal(a.s2, b.s2)
    one = hd.concentration("shifted", shift=1.0, scale=2.0, seed=4, draws=a)
    again = hd.concentration("shifted", shift=1.0, scale=2.0, seed=4)
    np.testing.assert_array_equal(one.median, again.median)
    assert a.s2.shape == (hd.CONCENTRATION_COUNT, len(hd.CONCENTRATION_DIMS))
    t = hd.norm_draws("t", 4, dims=(2, 8), count=5)
    assert np.all(t.s2[:, 1] >= t.s2[:, 0])  # prefix sums: the 8 components include the first 2
    rng = np.random.default_rng([4, 7919, 1])
    draws = rng.standard_t(3, size=(5, 8))
    np.testing.assert_allclose(t.s2, np.stack([(draws[:, :2] ** 2).sum(1), (draws**2).sum(1)], axis=1))
    np.testing.assert_allclose(t.s1, np.stack([draws[:, :2].sum(1), draws.sum(1)], axis=1))
    with pytest.raises(ValueError, match="increasing"):
        hd.norm_draws("t", dims=(8, 2))


def test_spread_constant_follows_the_delta_method_and_matches_samples():
    assert hd.spread_constant("gaussian", scale=3.0) == pytest.approx(1 / math.sqrt(2))
    c = hd.spread_constant("shifted", shift=2.0, scale=1.0)
    assert c == pytest.approx(math.sqrt(16 + 2) / 10)
    assert hd.spread_constant("heavy") is None
    conc = hd.concentration("shifted", shift=2.0, dims=(256,), count=2000)
    assert conc.theory == pytest.approx(c)
    assert (
        conc.target == pytest.approx(hd.component_rms("shifted", shift=2.0, scale=1.0)) == pytest.approx(math.sqrt(5))
    )
    assert conc.relative_std[0] == pytest.approx(c / 16, rel=0.1)


# --- the exact laws (scipy.stats) against closed forms, Monte Carlo and the page's own samples -----------------


def _chi_mean(n: int, sigma: float = 1.0) -> float:
    """σ·√2·Γ((n + 1)/2)/Γ(n/2), with math.lgamma (not scipy)."""
    return sigma * math.sqrt(2.0) * math.exp(math.lgamma((n + 1) / 2) - math.lgamma(n / 2))


def _chi_pdf(r, n: int, sigma: float = 1.0) -> np.ndarray:
    """σ·χ(n)'s density written out: u^(n−1)·e^(−u²/2) / (2^(n/2 − 1)·Γ(n/2)) / σ at u = r/σ."""
    u = np.asarray(r, dtype=np.float64) / sigma
    log = (n - 1) * np.log(u) - u * u / 2 - (n / 2 - 1) * math.log(2.0) - math.lgamma(n / 2)
    return np.exp(log) / sigma


def _cosine_pdf(c, d: int) -> np.ndarray:
    """The density of the cosine of two uniform directions in R^d, written out:
    Γ(d/2) / (√π·Γ((d − 1)/2)) · (1 − c²)^((d − 3)/2)."""
    c = np.asarray(c, dtype=np.float64)
    return np.exp(math.lgamma(d / 2) - math.lgamma((d - 1) / 2)) / math.sqrt(math.pi) * (1 - c * c) ** ((d - 3) / 2)


@pytest.mark.parametrize("n", [2, 3, 16, 128, 896, 8192])
@pytest.mark.parametrize("sigma", [0.5, 1.0, 3.0])
def test_the_chi_law_is_the_closed_form_mean_sd_and_density(n, sigma):
    law = hd.Law("chi", n, sigma)
    mean = _chi_mean(n, sigma)
    assert law.dist.mean() == pytest.approx(mean, rel=1e-10)  # lgamma's rounding at n = 8192: ~1e-11
    assert law.dist.std() == pytest.approx(sigma * math.sqrt(n - (mean / sigma) ** 2), rel=1e-6)  # E‖x‖² = σ²n
    r = sigma * np.linspace(0.05, math.sqrt(n) + 4, 50)
    np.testing.assert_allclose(law.dist.pdf(r), _chi_pdf(r, n, sigma), rtol=1e-9)
    if n >= 16:  # the page's approximations: the mean near σ·√(n − 1/2), the sd near σ/√2
        assert mean == pytest.approx(sigma * math.sqrt(n - 0.5), rel=1e-3)
        assert law.dist.std() == pytest.approx(sigma / math.sqrt(2), rel=0.02)
    if n == 8192:
        assert law.dist.std() == pytest.approx(sigma / math.sqrt(2), rel=1e-4)


@pytest.mark.parametrize("d", [2, 3, 4, 16, 127, 128, 8192])
def test_the_cosine_law_is_the_closed_form_density_with_mean_0_and_variance_1_over_d(d):
    law = hd.Law("cosine", d)
    assert law.shape == (d - 1) / 2
    assert law.dist.mean() == pytest.approx(0.0, abs=1e-15)
    assert law.dist.var() == pytest.approx(1.0 / d, rel=1e-12)  # exactly 1/d
    c = np.linspace(-0.999, 0.999, 41) * min(1.0, 8 / math.sqrt(d))
    np.testing.assert_allclose(law.dist.pdf(c), _cosine_pdf(c, d), rtol=1e-9)
    a = (d - 1) / 2  # the density of c is that of (1 + c)/2 under Beta(a, a), halved
    np.testing.assert_allclose(law.dist.pdf(c), stats.beta(a, a).pdf((1 + c) / 2) / 2, rtol=1e-12)
    low, high = law.central(0.99)
    assert low == pytest.approx(-high, abs=1e-12) and law.dist.cdf(high) == pytest.approx(0.995, abs=1e-12)


@pytest.mark.parametrize("d", [3, 10, 100])
def test_the_cosine_law_is_that_of_random_directions_by_monte_carlo(d):
    g = torch.Generator().manual_seed(1000 + d)
    a, b = (
        torch.randn(40_000, d, generator=g, dtype=torch.float64),
        torch.randn(40_000, d, generator=g, dtype=torch.float64),
    )
    cos = torch.nn.functional.cosine_similarity(a, b, dim=1).numpy()
    law = hd.Law("cosine", d)
    assert cos.var() == pytest.approx(1.0 / d, rel=0.03)  # ~4 sd of the sample variance
    assert stats.kstest(cos, law.dist.cdf).pvalue > hd.ALPHA
    wrong = hd.Law("cosine", round(1.25 * d)).dist  # a law 10 % narrower (or more) is not it
    assert stats.kstest(cos, wrong.cdf).pvalue < 1e-6


@pytest.mark.parametrize(
    "bad", [("cosine", 1, 1.0), ("chi", 0, 1.0), ("gamma", 3, 1.0), ("chi", 3, 0.0), ("chi", True, 1.0)]
)
def test_a_law_names_its_bad_argument(bad):
    with pytest.raises(ValueError, match="kind|dim|scale"):
        hd.Law(*bad)


def test_the_laws_apply_only_where_they_are_exact():
    gauss, shifted = hd.CloudSpec(16, 10, scale=2.0), hd.CloudSpec(16, 10, "shifted", shift=3.0)
    heavy, unshifted = hd.CloudSpec(16, 10, "heavy"), hd.CloudSpec(16, 10, "shifted", shift=0.0)
    assert hd.norm_law(gauss) == hd.Law("chi", 16, 2.0) and hd.norm_law(unshifted) == hd.Law("chi", 16, 1.0)
    assert hd.norm_law(shifted) is None and hd.norm_law(heavy) is None
    for cloud in ("input", "l2", "rms"):  # positive multiples of x: the input's directions
        assert hd.cosine_dim(gauss, cloud) == 16 and hd.cosine_dim(unshifted, cloud) == 16
        assert hd.cosine_dim(shifted, cloud) is None and hd.cosine_dim(heavy, cloud) is None
    # LayerNorm: x − mean(x)·𝟏 lives in the (n − 1)-dimensional hyperplane, whatever the offset
    assert hd.cosine_dim(gauss, "ln") == hd.cosine_dim(shifted, "ln") == 15 and hd.cosine_dim(heavy, "ln") is None
    assert hd.cosine_dim(hd.CloudSpec(2, 10), "ln") is None  # the hyperplane is a line: cosines ±1
    assert hd.cosine_law(gauss, "ln") == hd.Law("cosine", 15) and hd.cosine_law(shifted, "input") is None
    assert hd.laws(gauss, "rms")["norm_law"] is None  # an output's norm is fixed at ε = 0, not chi


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.label)
def test_pair_cosines_are_the_cosines_of_rows_0_1_then_2_3(backend):
    spec = hd.CloudSpec(12, 301, "shifted", shift=1.5, seed=2)  # an odd count: the last row has no partner
    x = hd.sample(spec)
    xt = torch.from_numpy(x)
    want = torch.nn.functional.cosine_similarity(xt[0:300:2], xt[1:300:2], dim=1).numpy()
    centred = xt - xt.mean(dim=1, keepdim=True)
    want_ln = torch.nn.functional.cosine_similarity(centred[0:300:2], centred[1:300:2], dim=1).numpy()
    for cloud, expected in (("input", want), ("l2", want), ("rms", want), ("ln", want_ln)):
        for eps in (0.0, 1e-3):  # a positive multiple at any ε: the cosines do not move
            c = hd.cloud_stats(x, cloud, backend=backend, eps=eps).cosines
            assert c.counts.sum() == 150
            assert c.mean == pytest.approx(expected.mean(), abs=1e-12) and c.std == pytest.approx(
                expected.std(), abs=1e-12
            )
    assert hd.cloud_stats(x[:1], "input", backend=backend).cosines.counts.sum() == 0  # one vector, no pair


def _independent_norms_and_cosines(spec: hd.CloudSpec, cloud: str) -> tuple[np.ndarray, np.ndarray]:
    """The cloud's norms and pair cosines computed with torch from the sampled inputs."""
    x = torch.from_numpy(hd.sample(spec))
    y = {
        "input": x,
        "l2": torch.nn.functional.normalize(x, dim=1),
        "rms": torch.nn.functional.rms_norm(x, (spec.n,)),
        "ln": torch.nn.functional.layer_norm(x, (spec.n,)),
    }[cloud]
    pairs = spec.count // 2
    cos = torch.nn.functional.cosine_similarity(y[0 : 2 * pairs : 2], y[1 : 2 * pairs : 2], dim=1)
    return torch.linalg.vector_norm(y, dim=1).numpy(), cos.numpy()


PAGE_SPECS = [
    hd.CloudSpec(128, 1000),  # the page's defaults
    hd.CloudSpec(16, 5000, scale=3.0, seed=3),
    hd.CloudSpec(2, 30_000, seed=1),  # more values than a test takes
    hd.CloudSpec(8192, 61),
    hd.CloudSpec(4, 2000, "shifted", shift=-2.0, scale=0.5, seed=5),  # LayerNorm's cosines only
    hd.CloudSpec(32, 400, "shifted", shift=0.0, seed=8),
]


@pytest.mark.parametrize("spec", PAGE_SPECS, ids=lambda s: f"{s.distribution}-n{s.n}-N{s.count}-m{s.shift}-s{s.seed}")
def test_the_pages_samples_are_not_rejected_at_alpha_and_the_p_values_are_kstests(spec):
    """The page's own samples (fixed random seeds) against their laws: scipy's Kolmogorov–Smirnov p computed again
    on norms and cosines from torch, and a second test (Cramér–von Mises) that does not reject either."""
    summary = hd.summarize(spec, eps=0.0)
    fits = 0
    for cloud in summary.clouds:
        norms, cos = _independent_norms_and_cosines(spec, cloud)
        for fit, values, law in (
            (summary.norm_fit[cloud], norms, hd.norm_law(spec) if cloud == "input" else None),
            (summary.cosine_fit[cloud], cos, hd.cosine_law(spec, cloud)),
        ):
            assert (fit is None) == (law is None)
            if fit is None:
                continue
            fits += 1
            assert fit.law == law and fit.count == len(values) and fit.tested == min(len(values), hd.FIT_MAX)
            ks = stats.kstest(values[: hd.FIT_MAX], law.dist.cdf)
            assert fit.pvalue == pytest.approx(ks.pvalue, rel=1e-6, abs=1e-9)
            assert fit.statistic == pytest.approx(ks.statistic, abs=1e-9)
            assert fit.pvalue >= hd.ALPHA and not fit.rejected()
            assert stats.cramervonmises(values[: hd.FIT_MAX], law.dist.cdf).pvalue >= hd.ALPHA
            assert fit.sample_mean == pytest.approx(values.mean(), abs=1e-9 * (1 + abs(values.mean())))
            assert fit.sample_std == pytest.approx(values.std(), rel=1e-9, abs=1e-12)
            assert fit.mean == pytest.approx(law.dist.mean(), rel=1e-12, abs=1e-15)
    ln = 1 if spec.n >= 3 else 0  # at n = 2 LayerNorm's cosines are ±1: no law
    assert fits == (ln if spec.offset else 4 + ln)


def test_the_test_has_power_a_wrong_law_is_rejected():
    """The same test on the page's samples rejects laws that are close but wrong: the chi law one dimension off or
    2 % too wide, and LayerNorm's cosines taken as if they lived in R^n not in the (n − 1)-dimensional hyperplane."""
    spec = hd.CloudSpec(16, 20_000, seed=4)
    norms, _ = _independent_norms_and_cosines(spec, "input")
    right = hd.fit(norms, hd.Law("chi", 16), hd.histogram(norms))
    assert not right.rejected()
    for wrong in (hd.Law("chi", 17), hd.Law("chi", 16, 1.02)):
        assert hd.fit(norms, wrong, hd.histogram(norms)).pvalue < 1e-6
    spec4 = hd.CloudSpec(4, 20_000, "shifted", shift=1.0, seed=4)
    ln = hd.summarize(spec4, eps=0.0, methods=("ln",))
    _, cos = _independent_norms_and_cosines(spec4, "ln")
    assert ln.cosine_fit["ln"].law == hd.Law("cosine", 3) and not ln.cosine_fit["ln"].rejected()  # uniform on [−1, 1]
    assert hd.fit(cos, hd.Law("cosine", 4), hd.histogram(cos)).pvalue < 1e-6


def test_a_fit_curve_is_the_density_scaled_to_the_histograms_counts():
    spec = hd.CloudSpec(2, 200_000, seed=6)
    summary = hd.summarize(spec, eps=0.0, methods=())
    hist, fit = summary.norms["input"], summary.norm_fit["input"]
    width = hist.edges[1] - hist.edges[0]
    np.testing.assert_allclose(fit.curve_y, 200_000 * width * _chi_pdf(fit.curve_x, 2), rtol=1e-9)
    assert (fit.curve_x[0], fit.curve_x[-1]) == (hist.edges[0], hist.edges[-1])
    # its area over the window, in bars: the expected count there (N · P(window))
    inside = fit.law.dist.cdf(hist.edges[-1]) - fit.law.dist.cdf(hist.edges[0])
    assert np.trapezoid(fit.curve_y, fit.curve_x) / width == pytest.approx(200_000 * inside, rel=1e-3)
    # and the bars follow it: the curve at each bin's centre against the counts (Pearson's statistic per bin ~ 1)
    centres = 0.5 * (hist.edges[:-1] + hist.edges[1:])
    expected = 200_000 * width * _chi_pdf(centres, 2)
    big = expected > 100
    assert np.mean((hist.counts[big] - expected[big]) ** 2 / expected[big]) < 3
    # the cosine law of R²: infinite at ±1, drawn as a gap there, finite inside
    cos = summary.cosine_fit["input"]
    assert np.all(np.isfinite(cos.curve_y[1:-1])) and cos.count == 100_000 and cos.tested == hd.FIT_MAX


def test_spread_constant_agrees_with_scipys_chi_and_noncentral_chi2():
    """c in std/mean ≈ c/√n: for N(0, σ²) the exact chi law's std/mean·√n tends to it; with an offset, the delta
    method on ‖x‖² (noncentral χ², scipy.stats.ncx2: mean σ²(n + λ), variance 2σ⁴(n + 2λ)) gives it exactly."""
    chi = hd.Law("chi", 8192, 2.0).dist
    assert chi.std() / chi.mean() * math.sqrt(8192) == pytest.approx(
        hd.spread_constant("gaussian", scale=2.0), rel=1e-3
    )
    for m, sigma, n in ((2.0, 1.0, 64), (-3.0, 0.5, 1000), (0.5, 4.0, 7)):
        square = stats.ncx2(n, n * m * m / sigma**2)
        delta = math.sqrt(square.var()) / (2 * square.mean()) * math.sqrt(n)
        assert hd.spread_constant("shifted", shift=m, scale=sigma) == pytest.approx(delta, rel=1e-12)


def test_histogram_counts_every_finite_value_and_reports_nonfinite():
    h = hd.histogram([1.0, 2.0, 2.0, 3.0, np.nan], bins=4)
    assert h.counts.sum() == 4 and h.nonfinite == 1
    assert (h.low, h.high) == (1.0, 3.0)
    empty = hd.histogram([np.nan])
    assert math.isnan(empty.mean) and empty.nonfinite == 1


@pytest.mark.gpu
def test_the_cuda_backend_gives_the_numpy_numbers():
    spec = hd.CloudSpec(64, 300, "shifted", shift=1.0)
    cpu = hd.summarize(spec, _xp.Backend("numpy"), eps=0.0)
    cuda = hd.summarize(spec, _xp.Backend("torch", "cuda"), eps=0.0)
    assert cuda.backend == "torch (cuda)"
    for cloud in hd.CLOUDS:
        np.testing.assert_allclose(
            cuda.singular_values[cloud],
            cpu.singular_values[cloud],
            rtol=1e-9,
            atol=hd.rounding_floor(cpu.singular_values[cloud]),
        )
        assert cuda.norms[cloud].mean == pytest.approx(cpu.norms[cloud].mean, rel=1e-12)
        np.testing.assert_array_equal(cuda.cosines[cloud].counts, cpu.cosines[cloud].counts)
        for name in ("norm_fit", "cosine_fit"):
            a, b = getattr(cuda, name)[cloud], getattr(cpu, name)[cloud]
            assert (a is None) == (b is None)
            if a is not None:
                assert a.pvalue == pytest.approx(b.pvalue, rel=1e-9)
        np.testing.assert_allclose(cuda.pca[cloud].explained, cpu.pca[cloud].explained, rtol=1e-8)
