"""normviz.family: the members' outputs and checks, x / ‖x‖_p, the 3D sets, the data columns, parameter counts.

Parameter counts and x / ‖x‖_p are checked against torch; the normal fractions against closed forms
(erf) and the 68-95-99.7 % rule; the columns' moments against numpy. What scipy.stats computes here (the
normal and log-normal laws' shares, skewness, the sample skewness) is checked against closed forms written
out in the tests, numerical integration and Monte Carlo.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from normviz import _xp, family
from normviz.methods import METHODS

torch = pytest.importorskip("torch")
BACKENDS = [_xp.Backend("numpy"), _xp.Backend("torch", "cpu")]


def passed(row: family.Row) -> set[str]:
    return {c for c, ok in row.checks.items() if ok}


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.name)
def test_each_member_satisfies_its_own_constraint_on_the_seed_x(backend):
    rows = {r.key: r for r in family.family_rows((1.0, 2.0, 3.0), backend=backend)}
    assert set(rows) == set(family.KEYS)
    assert passed(rows["l2"]) == {"unit_norm", "unit_range"}  # (0.267, 0.535, 0.802): positive and below 1
    assert passed(rows["rms"]) == {"mean_square"}
    assert passed(rows["ln"]) == passed(rows["bfln"]) == {"standard", "mean_square"}  # var 1, mean 0 => ms 1
    assert passed(rows["bn"]) == passed(rows["std"]) == {"standard", "mean_square"}
    assert passed(rows["minmax"]) == {"unit_range"}
    assert passed(rows["softmax"]) == {"simplex", "unit_range"}
    np.testing.assert_allclose(rows["rms"].output, [0.463, 0.926, 1.389], atol=5e-4)
    np.testing.assert_allclose(rows["ln"].output, [-1.2247, 0.0, 1.2247], atol=1e-4)
    np.testing.assert_allclose(rows["minmax"].output, [0.0, 0.5, 1.0])


def test_per_feature_members_normalize_the_columns_of_the_batch_with_x_first():
    x = (4.0, -1.0, 0.5)
    batch = family.batch_with(x)
    np.testing.assert_array_equal(batch[0], x)
    rows = {r.key: r for r in family.family_rows(x)}
    z = (batch - batch.mean(axis=0)) / batch.std(axis=0)
    np.testing.assert_allclose(rows["bn"].output, z[0], rtol=1e-12)
    np.testing.assert_allclose(rows["std"].output, z[0], rtol=1e-12)


def test_negative_components_break_the_unit_range_of_l2():
    rows = {r.key: r for r in family.family_rows((-1.0, 2.0, 2.0))}
    assert passed(rows["l2"]) == {"unit_norm"}


def test_a_constant_x_fails_layer_norm_checks_with_nan_and_min_max_gives_zero():
    rows = {r.key: r for r in family.family_rows((2.0, 2.0, 2.0))}
    assert np.all(np.isnan(rows["ln"].output)) and not any(rows["ln"].checks.values())
    np.testing.assert_array_equal(rows["minmax"].output, 0.0)
    assert passed(rows["softmax"]) == {"simplex", "unit_range"}  # (1/3, 1/3, 1/3)


@pytest.mark.parametrize("y, axis, expected", [
    ([0.2, 0.3, 0.5], -1, {"simplex", "unit_range"}),
    ([0.0, 0.5, 0.5], -1, {"unit_range"}),  # sums to 1 but not > 0
    ([-1.0, 1.0], -1, {"standard", "mean_square", }),
    ([0.6, 0.8], -1, {"unit_norm", "unit_range"}),
    ([[1.0, 1.0], [-1.0, -1.0]], 0, {"standard", "mean_square"}),
    ([np.nan, 1.0], -1, set()),
])  # fmt: skip
def test_check_names_the_constraints_that_hold(y, axis, expected):
    assert {c for c, ok in family.check(np.array(y), axis=axis).items() if ok} == expected


def test_members_reuse_the_method_records():
    for key, m in METHODS.items():
        assert family.MEMBERS[key].formula == m.formula


def test_x_must_have_three_components():
    with pytest.raises(ValueError, match="3 components"):
        family.batch_with((1.0, 2.0))
    with pytest.raises(ValueError, match="3 components"):
        family.outputs_3d((1.0, 2.0, 3.0, 4.0))


# --- the sets of the 3D picture -------------------------------------------------------------------


def test_simplex_corners_sum_to_one():
    np.testing.assert_array_equal(family.simplex_vertices().sum(axis=1), 1.0)


def test_cube_has_twelve_unit_edges_between_corners():
    edges = family.cube_edges()
    assert edges.shape == (12, 2, 3)
    np.testing.assert_array_equal(np.abs(edges[:, 1] - edges[:, 0]).sum(axis=1), 1.0)
    assert np.isin(edges, (0.0, 1.0)).all()


def test_min_max_loop_holds_every_min_max_output_of_a_3_vector():
    loop = family.min_max_loop()
    np.testing.assert_array_equal(loop[0], loop[-1])
    np.testing.assert_array_equal(loop.min(axis=1), 0.0)
    np.testing.assert_array_equal(loop.max(axis=1), 1.0)
    rng = np.random.default_rng(3)
    for x in rng.normal(size=(50, 3)):
        y = family.outputs_3d(x)["minmax"]
        # on one of the loop's segments: y lies between two consecutive corners
        on = [np.isclose(np.linalg.norm(y - a) + np.linalg.norm(b - y), 1.0) for a, b in zip(loop[:-1], loop[1:])]
        assert any(on), y


@pytest.mark.parametrize("x", [(1.0, 2.0, 3.0), (4.0, -1.0, 0.5), (-9.0, 0.1, 10.0)])
def test_outputs_3d_lie_on_their_sets(x):
    out = family.outputs_3d(x)
    assert np.isclose(np.linalg.norm(out["l2"]), 1.0)
    assert np.isclose(np.linalg.norm(out["rms"]), math.sqrt(3.0))
    assert np.isclose(np.linalg.norm(out["ln"]), math.sqrt(3.0)) and np.isclose(out["ln"].sum(), 0.0)
    assert np.isclose(out["softmax"].sum(), 1.0) and np.all(out["softmax"] > 0)


# --- data vs model ------------------------------------------------------------------------------


def test_seed_pixels_divide_by_255_and_agree_with_min_max():
    px = family.pixels()
    np.testing.assert_allclose(px.divided, [0.0, 64 / 255, 128 / 255, 1.0])
    assert px.same


def test_pixels_without_0_and_255_differ_from_x_over_255():
    px = family.pixels((10.0, 100.0, 200.0))
    assert not px.same
    np.testing.assert_allclose(px.min_max, [0.0, 90 / 190, 1.0])


def test_normal_fractions_are_the_68_95_99_7_rule():
    assert [round(100 * family.normal_fraction(k), 2) for k in (1, 2, 3)] == [68.27, 95.45, 99.73]


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.name)
@pytest.mark.parametrize("kind", family.COLUMNS)
def test_standardized_column_has_mean_0_biased_variance_1_and_the_same_skewness(backend, kind):
    col = family.column(500, 1, kind=kind, backend=backend)
    assert abs(col.z_mean) < 1e-12 and abs(col.z_var - 1.0) < 1e-12  # biased variance: numpy's var, divide by n
    assert abs(np.mean(col.z**2) - 1.0) < 1e-12
    assert col.z_skew == pytest.approx(col.skew, abs=1e-12)  # a shift and a positive scale keep the shape
    np.testing.assert_allclose(col.z, (col.values - col.values.mean()) / col.values.std(), atol=1e-12)
    assert col.within[1] < col.within[2] <= col.within[3]


def test_skewness_is_the_biased_sample_skewness():
    # (0, 0, 3): mean 1, deviations (−1, −1, 2), m₂ = 6/3 = 2, m₃ = 6/3 = 2, skewness 2 / 2^1.5 = 1/√2
    assert family.skewness([0.0, 0.0, 3.0]) == pytest.approx(1 / math.sqrt(2), rel=1e-15)
    assert family.skewness([1.0, 2.0, 3.0]) == 0.0
    assert family.skewness(-family.draw("incomes", 300, 4)) == pytest.approx(
        -family.skewness(family.draw("incomes", 300, 4))
    )


def test_heights_are_normal_and_follow_the_68_95_99_7_rule_up_to_sampling_noise():
    col = family.column(2000, 0, kind="heights")
    assert abs(col.mean - 170.0) < 1.0 and abs(col.std - 10.0) < 0.5 and abs(col.skew) < 0.15
    for k in family.KS:
        assert abs(col.within[k] - family.normal_fraction(k)) < 0.02


@pytest.mark.parametrize("n, seed", [(200, 0), (2000, 0), (2000, 7)])
def test_standardized_incomes_keep_their_skew_and_break_the_68_95_99_7_rule(n, seed):
    col = family.column(n, seed, kind="incomes")
    assert col.skew > 1.5 and col.z_skew == pytest.approx(col.skew, abs=1e-12)  # log-normal, s = 0.7: 2.89
    assert col.within[1] > family.normal_fraction(1) + 0.1  # ~0.8 of the values within ±1σ, not 0.68
    assert col.within[3] < family.normal_fraction(3) - 0.005  # more than 1 % beyond 3σ, not 0.27 %
    assert col.largest > 4.0  # the long right tail: several σ above the mean
    assert np.all(col.values > 0)


def test_lognormal_skewness_formula_and_the_sample_agree():
    assert family.lognormal_skewness(family.INCOME_LOG_SD) == pytest.approx(2.888, abs=1e-3)
    big = family.skewness(family.draw("incomes", 400_000, 0))
    assert big == pytest.approx(family.lognormal_skewness(family.INCOME_LOG_SD), rel=0.1)
    assert np.median(family.draw("incomes", 400_000, 0)) == pytest.approx(family.INCOME_MEDIAN, rel=0.01)


def test_normal_fraction_from_scipy_is_the_closed_form_erf():
    for k in (0.25, 0.5, 1, 1.5, 2, 3, 4.5):
        assert family.normal_fraction(k) == pytest.approx(math.erf(k / math.sqrt(2.0)), abs=1e-15)


def _g1(v) -> float:
    """The biased sample skewness written out: m₃ / m₂^(3/2) with central moments that divide by n."""
    d = np.asarray(v, dtype=np.float64) - np.mean(v)
    return float(np.mean(d**3) / np.mean(d**2) ** 1.5)


@pytest.mark.parametrize("kind, n, seed", [("incomes", 50, 0), ("incomes", 2000, 5), ("heights", 300, 2)])
def test_skewness_follows_the_stated_conventions_biased_g1_and_bias_corrected_G1(kind, n, seed):
    v = family.draw(kind, n, seed)
    g1 = _g1(v)
    assert family.skewness(v) == pytest.approx(g1, rel=1e-12, abs=1e-14)  # bias=True: divide by n
    big_g1 = g1 * math.sqrt(n * (n - 1)) / (n - 2)  # the adjusted Fisher-Pearson coefficient
    assert family.skewness(v, bias=False) == pytest.approx(big_g1, rel=1e-12, abs=1e-14)
    col = family.column(n, seed, kind=kind)
    assert col.skew == pytest.approx(g1, rel=1e-12, abs=1e-14)
    assert col.skew_unbiased == pytest.approx(big_g1, rel=1e-12, abs=1e-14)
    assert col.z_skew_unbiased == pytest.approx(col.skew_unbiased, abs=1e-12)  # affine with a > 0: unchanged
    assert _g1(col.z) == pytest.approx(g1, abs=1e-12)


@pytest.mark.parametrize("s", [0.1, 0.5, 0.7, 1.0, 1.5])
def test_lognormal_skewness_from_scipy_is_the_closed_form(s):
    w = math.exp(s * s)
    assert family.lognormal_skewness(s) == pytest.approx((w + 2.0) * math.sqrt(w - 1.0), rel=1e-12)


def _lognormal_cdf(x: float) -> float:
    """P(X ≤ x) for ln X ~ N(ln 40, 0.7²), written with math.erf (not scipy): Φ((ln x − ln 40) / 0.7)."""
    if x <= 0:
        return 0.0
    u = (math.log(x) - math.log(family.INCOME_MEDIAN)) / family.INCOME_LOG_SD
    return 0.5 * (1.0 + math.erf(u / math.sqrt(2.0)))


def test_the_incomes_law_mean_sd_and_shares_match_closed_forms_integration_and_monte_carlo():
    from scipy import integrate

    law = family.law_facts("incomes")
    mu, s = math.log(family.INCOME_MEDIAN), family.INCOME_LOG_SD
    mean = math.exp(mu + s * s / 2)  # e^(μ + s²/2)
    sd = mean * math.sqrt(math.exp(s * s) - 1.0)
    assert law.mean == pytest.approx(mean, rel=1e-12) and law.std == pytest.approx(sd, rel=1e-12)
    assert law.skew == pytest.approx(family.lognormal_skewness(s), rel=1e-12)

    def pdf(x):  # the log-normal density written out
        return math.exp(-((math.log(x) - mu) ** 2) / (2 * s * s)) / (x * s * math.sqrt(2 * math.pi))

    draws = np.random.default_rng(20260101).lognormal(mu, s, size=2_000_000)  # its own stream, not family.draw
    for k in family.KS:
        low, high = mean - k * sd, mean + k * sd
        closed = _lognormal_cdf(high) - _lognormal_cdf(low)
        assert law.within[k] == pytest.approx(closed, abs=1e-12)
        integral, err = integrate.quad(pdf, max(low, 1e-12), high, limit=200)
        assert law.within[k] == pytest.approx(integral, abs=1e-7) and err < 1e-7
        assert law.within[k] == pytest.approx(np.mean(np.abs(draws - mean) <= k * sd), abs=2e-3)  # ~8 sd of MC noise
    # the numbers the page states: not the 68-95-99.7 rule
    assert [round(100 * law.within[k], 2) for k in family.KS] == [85.44, 95.63, 98.18]


def test_the_heights_law_is_the_normal_one():
    law = family.law_facts("heights")
    assert (law.mean, law.std, law.skew) == (pytest.approx(170.0), pytest.approx(10.0), pytest.approx(0.0, abs=1e-15))
    for k in family.KS:
        assert law.within[k] == pytest.approx(math.erf(k / math.sqrt(2.0)), abs=1e-15)
    with pytest.raises(ValueError, match="kind must be"):
        family.law("weights")


def test_a_large_sample_of_incomes_has_its_laws_shares_and_skewness():
    col = family.column(200_000, 11, kind="incomes")
    for k in family.KS:
        assert col.within[k] == pytest.approx(col.law.within[k], abs=4e-3)  # sample mean and sd, not the law's
    assert col.skew == pytest.approx(col.law.skew, rel=0.15)  # a long tail: the sample skewness converges slowly


def test_histograms_before_and_after_share_their_bins():
    col = family.column(300, 2, kind="incomes")
    np.testing.assert_allclose(col.z_edges, (col.edges - col.mean) / col.std)
    np.testing.assert_array_equal(np.histogram(col.z, bins=col.z_edges)[0][1:-1], col.counts[1:-1])
    assert col.counts.sum() == 300


def test_the_two_columns_use_their_own_draws():
    h, i = family.draw("heights", 50, 3), family.draw("incomes", 50, 3)
    assert abs(np.corrcoef(h, np.log(i))[0, 1]) < 0.5  # not one sample transformed
    with pytest.raises(ValueError, match="kind must be"):
        family.draw("weights", 5, 0)


def test_normal_density_integrates_to_one_and_is_the_closed_form():
    z = np.linspace(-8, 8, 16001)
    assert np.trapezoid(family.normal_density(z), z) == pytest.approx(1.0, abs=1e-9)
    np.testing.assert_allclose(family.normal_density(z), np.exp(-z * z / 2) / math.sqrt(2 * math.pi), rtol=1e-14)


def test_column_seed_changes_the_sample_and_n_is_checked():
    assert not np.array_equal(family.column(50, 0).values, family.column(50, 1).values)
    with pytest.raises(ValueError, match="n must be"):
        family.column(1)


# --- x / ‖x‖_p --------------------------------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.name)
@pytest.mark.parametrize("x", [(1.0, 2.0, 3.0), (4.0, -1.0, 0.5), (-9.0, 0.1, 10.0)])
def test_p_rows_are_torch_normalize_and_softmax(backend, x):
    rows = {r.key: r for r in family.p_rows(x, backend=backend)}
    assert list(rows) == ["l1", "l2", "linf", "softmax"]
    tx = torch.tensor(x, dtype=torch.float64)
    for key, p in (("l1", 1), ("l2", 2), ("linf", math.inf)):
        np.testing.assert_allclose(rows[key].output, torch.nn.functional.normalize(tx, p=p, dim=0).numpy(), rtol=1e-12)
        assert rows[key].norm == pytest.approx(torch.linalg.vector_norm(tx, ord=p).item(), rel=1e-12)
        assert rows[key].output_norm == pytest.approx(1.0, rel=1e-12)
    np.testing.assert_allclose(rows["softmax"].output, torch.softmax(tx, dim=0).numpy(), rtol=1e-12)
    np.testing.assert_allclose(rows["softmax"].divided, np.exp(np.array(x) - max(x)))
    assert rows["softmax"].norm == pytest.approx(np.exp(np.array(x) - max(x)).sum())  # positive: ‖e‖₁ = Σe
    family_softmax = next(r for r in family.family_rows(x) if r.key == "softmax")
    np.testing.assert_allclose(rows["softmax"].output, family_softmax.output, rtol=1e-12)


@pytest.mark.parametrize("x", [(1.0, 2.0, 3.0), (4.0, -1.0, 0.5), (-9.0, 0.1, 10.0)])
def test_rms_norm_and_layer_norm_are_sqrt_n_times_l2_normalization(x):
    """The page's sentence: at ε = 0, RMSNorm(x) = √n · x/‖x‖₂ and LayerNorm(x) = √n · (x − μ𝟏)/‖x − μ𝟏‖₂."""
    x = np.array(x)
    rows = {r.key: r.output for r in family.family_rows(x)}
    l2 = {r.key: r for r in family.p_rows(x)}["l2"].output
    np.testing.assert_allclose(rows["rms"], math.sqrt(3) * l2, rtol=1e-12)
    centred = {r.key: r for r in family.p_rows(x - x.mean())}["l2"].output
    np.testing.assert_allclose(rows["ln"], math.sqrt(3) * centred, rtol=1e-12, atol=1e-15)


def test_p_rows_of_the_zero_vector_are_nan_except_softmax():
    rows = {r.key: r for r in family.p_rows((0.0, 0.0, 0.0))}
    for key in ("l1", "l2", "linf"):
        assert np.all(np.isnan(rows[key].output)) and math.isnan(rows[key].output_norm)
    np.testing.assert_allclose(rows["softmax"].output, 1 / 3)


def test_p_norm_and_bad_x():
    assert family.p_norm([3.0, -4.0], 1) == 7.0 and family.p_norm([3.0, -4.0], 2) == 5.0
    assert family.p_norm([3.0, -4.0], math.inf) == 4.0 and math.isnan(family.p_norm([np.nan, 1.0], 1))
    with pytest.raises(ValueError, match="non-empty vector"):
        family.p_rows(np.ones((2, 2)))


def test_octahedron_is_the_l1_unit_sphere_and_holds_the_simplex_as_a_face():
    corners, faces = family.octahedron()
    np.testing.assert_array_equal(np.abs(corners).sum(axis=1), 1.0)
    assert faces.shape == (8, 3)
    for face in faces:  # each face lies in one orthant: one corner on each axis
        assert sorted(np.argmax(np.abs(corners[face]), axis=1)) == [0, 1, 2]
    assert [0, 1, 2] in faces.tolist()
    np.testing.assert_array_equal(corners[[0, 1, 2]], family.simplex_vertices())
    rng = np.random.default_rng(5)
    for x in rng.normal(size=(20, 3)):  # every softmax output lies on that face: Σ|y| = 1 with y > 0
        y = {r.key: r for r in family.p_rows(x)}["softmax"].output
        assert np.all(y > 0) and np.isclose(np.abs(y).sum(), 1.0)


def test_linf_cube_edges_are_the_cube_minus_one_to_one():
    edges = family.linf_cube_edges()
    assert edges.shape == (12, 2, 3) and np.isin(edges, (-1.0, 1.0)).all()
    np.testing.assert_array_equal(np.abs(edges[:, 1] - edges[:, 0]).sum(axis=1), 2.0)
    np.testing.assert_array_equal(np.abs(edges).max(axis=2), 1.0)  # on the L∞ unit sphere


def test_the_seed_affine_example_gives_zero():
    assert family.affine(*family.SEED_AFFINE) == 0.0  # 2 · 0.5 − 1
    assert family.affine(1.5, -2.0, 0.25) == -2.75


# --- parameter counts against torch's modules ---------------------------------------------------


def torch_counts(module) -> tuple[int, int]:
    params = sum(p.numel() for p in module.parameters())
    buffers = sum(b.numel() for b in module.buffers())
    return params, buffers


@pytest.mark.parametrize("d", [1, 3, 768, 4096])
def test_param_counts_match_torch_modules(d):
    nn = torch.nn
    counts = family.param_counts(d)
    modules = {
        "ln": nn.LayerNorm(d),
        "bfln": nn.LayerNorm(d, bias=False),
        "rms": nn.RMSNorm(d),
        "bn": nn.BatchNorm1d(d),
    }
    for key, module in modules.items():
        c = counts[key]
        assert torch_counts(module) == (c.parameters, c.running + c.counter), key


def test_the_seed_exercise_4096():
    counts = family.param_counts(family.SEED_D)
    assert (counts["ln"].parameters, counts["rms"].parameters) == (8192, 4096)
    assert counts["bn"].parameters == 8192 and counts["bn"].running == 8192


@pytest.mark.parametrize("d", [0, -3, 2.5, True, "8"])
def test_param_counts_need_a_positive_integer(d):
    with pytest.raises(ValueError, match="d must be"):
        family.param_counts(d)
