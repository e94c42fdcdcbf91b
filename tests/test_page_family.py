"""The Family page in AppTest, zh and en: the seeds' numbers, every control changes its output, bad links explained."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

from normviz import family
from normviz.format import legible, legible_vector
from tests.helpers.pages import coords, errors, figures, points, run_page, tables, text, trace

torch = pytest.importorskip("torch")

K = "family."  # every widget key (and URL parameter) of the page is namespaced


def table_with(at, needle: str) -> str:
    found = [tb for tb in tables(at) if needle in tb]
    assert found, f"no table with {needle!r}"
    return found[0]


@pytest.mark.parametrize("lang, title, ln_row, bn", [
    ("en", "The normalization family", "| LayerNorm |", "BatchNorm"),
    ("zh", "归一化家族", "| LayerNorm |", "BatchNorm"),
])  # fmt: skip
def test_page_runs_in_both_languages_with_the_seed_numbers(lang, title, ln_row, bn):
    at = run_page("family", lang=lang)
    assert errors(at) == []
    assert title in at.title[0].value
    family_table = tables(at)[0]
    ln = next(line for line in family_table.splitlines() if line.startswith(ln_row))
    assert "(−1.225, 0.000, 1.225)" in ln and ln.endswith("| ✗ | ✗ | ✓ | ✓ | ✗ |")
    softmax = family_table.splitlines()[-1]
    assert "(0.090, 0.245, 0.665)" in softmax and softmax.endswith("| ✓ | ✓ | ✗ | ✗ | ✗ |")
    params = table_with(at, "8,192")
    assert bn in params and "4,096" in params
    page = text(at)
    for shown in ("99.73 %", "2 × 0.5 − 1 = 0", "8192", "4096", "**0**"):
        assert shown in page, shown
    assert len(figures(at)) == 3  # the members in 3D, x / ‖x‖_p, the columns' histograms
    rows_checked = (
        "L2, RMSNorm, both LayerNorms, min-max and softmax"
        if lang == "en"
        else "L2、RMSNorm、两种 LayerNorm、min-max 和 softmax"
    )
    assert any(rows_checked in c.value for c in at.caption)


def test_editing_x_changes_the_table_and_the_figure():
    at = run_page("family")
    before = figures(at)[0]
    at.text_input(key=K + "x").input("4, -1, 0.5").run()
    assert errors(at) == []
    assert "(4, −1, 0.5)" not in tables(at)[0]  # outputs, not the input, are listed
    assert "(1.000, 0.000, 0.300)" in tables(at)[0]  # min-max of (4, −1, 0.5)
    after = figures(at)[0]
    np.testing.assert_allclose(points(trace(after, "out_minmax"))[0], [1.0, 0.0, 0.3])
    assert not np.allclose(points(trace(before, "out_l2")), points(trace(after, "out_l2")))


def test_a_constant_x_is_explained():
    at = run_page("family", **{K + "x": "2, 2, 2"})
    assert errors(at) == []
    assert any("three equal components" in i.value for i in at.info)
    assert "(NaN, NaN, NaN)" in tables(at)[0]


def test_pixels_min_max_and_x_over_255_differ_without_0_and_255():
    at = run_page("family")
    assert any("agree" in c.value for c in at.caption)
    at.text_input(key=K + "pixels").input("10, 100, 200").run()
    assert errors(at) == []
    px = table_with(at, "| 200 |")
    assert "| 200 | 0.784 | 1.000 |" in px and "| 10 | 0.039 | 0.000 |" in px
    assert any("run from 10 to 200" in c.value for c in at.caption)


def test_column_controls_change_the_sample():
    at = run_page("family")
    before = table_with(at, "−3 ≤ z ≤ 3")
    at.slider(key=K + "n").set_value(2000).run()
    assert errors(at) == []
    after = table_with(at, "−3 ≤ z ≤ 3")
    assert after != before and "99.73 %" in after
    stats = table_with(at, "| skewness")  # the mean after standardizing is float noise, printed as 0.000
    mean = next(line for line in stats.splitlines() if line.startswith("| mean |"))
    assert mean.count("| 0.000 |") == 2 and "e-1" not in stats and "−0.000" not in stats
    at.number_input(key=K + "seed").set_value(7).run()
    assert errors(at) == [] and table_with(at, "−3 ≤ z ≤ 3") != after


def cells(table: str, first: str) -> list[str]:
    row = next(line for line in table.splitlines() if line.startswith(f"| {first} |"))
    return [c.strip() for c in row.strip("|").split("|")][1:]


@pytest.mark.parametrize("n, seed", [(200, 0), (1000, 3)])
def test_both_columns_standardized_have_mean_0_variance_1_and_keep_their_skewness(n, seed):
    at = run_page("family", **{K + "n": str(n), K + "seed": str(seed)})
    assert errors(at) == []
    stats = table_with(at, "| skewness")
    cols = {k: family.column(n, seed, kind=k) for k in family.COLUMNS}
    skew_row = "skewness g₁ = m₃ / m₂^(3/2) (biased: divide by n)"
    heights_before, heights_after, incomes_before, incomes_after = cells(stats, skew_row)
    assert heights_before == heights_after == legible(cols["heights"].skew)
    assert incomes_before == incomes_after == legible(cols["incomes"].skew) and cols["incomes"].skew > 1.5
    corrected = cells(stats, "skewness G₁ = g₁·√(n(n − 1))/(n − 2) (bias-corrected)")
    for col, before, after in zip(cols.values(), corrected[::2], corrected[1::2]):
        assert before == after == legible(col.skew * math.sqrt(n * (n - 1)) / (n - 2))  # G₁ written out
    assert cells(stats, "standard deviation (divide by n)")[1::2] == ["1.000", "1.000"]
    shares = table_with(at, "−1 ≤ z ≤ 1")
    for k in family.KS:
        heights, incomes, law, normal = cells(shares, f"−{k} ≤ z ≤ {k}")
        assert heights == f"{100 * cols['heights'].within[k]:.1f} %"
        assert incomes == f"{100 * cols['incomes'].within[k]:.1f} %"
        assert law == f"{100 * lognormal_share(k):.2f} %"
        assert normal == f"{100 * math.erf(k / math.sqrt(2)):.2f} %"
    assert float(cells(shares, "−1 ≤ z ≤ 1")[1].rstrip(" %")) > 75.0  # incomes: not 68 %
    fig = figures(at)[2]
    for kind in family.COLUMNS:  # same bars before and after: only the axis changes
        np.testing.assert_array_equal(
            coords(trace(fig, f"hist_{kind}_before"), "y"), coords(trace(fig, f"hist_{kind}_after"), "y")
        )
        assert coords(trace(fig, f"hist_{kind}_after"), "y").sum() == n


def lognormal_share(k: int) -> float:
    """P(|X − E X| ≤ k·sd X) for ln X ~ N(ln 40, 0.7²), written with math.erf and the closed-form moments."""
    mu, s = math.log(40.0), 0.7
    mean = math.exp(mu + s * s / 2)
    sd = mean * math.sqrt(math.exp(s * s) - 1)

    def cdf(x):
        return 0.0 if x <= 0 else 0.5 * (1 + math.erf((math.log(x) - mu) / (s * math.sqrt(2))))

    return cdf(mean + k * sd) - cdf(mean - k * sd)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_incomes_law_is_stated_with_its_exact_mean_sd_and_shares(lang):
    page = text(run_page("family", lang=lang))
    mean = math.exp(math.log(40.0) + 0.49 / 2)
    sd = mean * math.sqrt(math.exp(0.49) - 1)
    assert f"e^(ln 40 + s²/2) = {mean:.2f}" in page and f"{sd:.2f}" in page
    shares = [f"{100 * lognormal_share(k):.2f} %" for k in (1, 2, 3)]
    normal = [f"{100 * math.erf(k / math.sqrt(2)):.2f} %" for k in (1, 2, 3)]
    assert shares == ["85.44 %", "95.63 %", "98.18 %"]
    joined = (", " if lang == "en" else "、").join
    if lang == "en":
        assert f"{shares[0]}, {shares[1]} and {shares[2]} of its probability" in page
        assert f"against {normal[0]}, {normal[1]} and {normal[2]} for a normal law" in page
        assert "not sampling noise" in page and "scipy.stats.lognorm(s = 0.7, scale = 40)" in page
    else:
        assert joined(shares) in page and joined(normal) in page and "不是抽样误差" in page
    w = math.exp(0.49)
    assert f"{(w + 2) * math.sqrt(w - 1):.4f}" in page  # the law's skewness, 2.8884


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("n, seed", [(200, 0), (1000, 3)])
def test_the_skewness_statement_shows_the_numbers_before_and_after(lang, n, seed):
    at = run_page("family", lang=lang, **{K + "n": str(n), K + "seed": str(seed)})
    assert errors(at) == []
    page = text(at)
    incomes = family.draw("incomes", n, seed)
    d = incomes - incomes.mean()
    g1 = float(np.mean(d**3) / np.mean(d**2) ** 1.5)  # written out, not scipy
    z = torch.from_numpy((incomes - incomes.mean()) / incomes.std())
    g1_z = float(torch.mean(z**3) / torch.mean(z**2) ** 1.5)
    big_g1 = g1 * math.sqrt(n * (n - 1)) / (n - 2)
    if lang == "en":
        assert f"Incomes: g₁ = {legible(g1, 4)} before standardizing and {legible(g1_z, 4)} after" in page
        assert f"G₁ = {legible(big_g1, 4)} and {legible(big_g1, 4)}" in page
        assert "skewness does not change under x ↦ a·x + b with a > 0" in page
        rounding = r"before and after (differ by at most \d\.\d\de−1\d: float64 rounding|are exactly equal)"
        assert re.search(rounding, page)
    else:
        assert f"标准化前 g₁ = {legible(g1, 4)}，标准化后 g₁ = {legible(g1_z, 4)}" in page
        assert f"G₁ 分别是 {legible(big_g1, 4)} 和 {legible(big_g1, 4)}" in page
        assert "在 a > 0 的 x ↦ a·x + b 下偏度不变" in page


def test_the_column_text_names_the_rule_as_the_normal_distributions_in_both_languages():
    for lang, words in (
        ("en", "a fact about the normal distribution, not about z-scores"),
        ("zh", "是正态分布的性质，不是 z 分数的性质"),
    ):
        page = text(run_page("family", lang=lang))
        assert words in page and "68.27 %" in page and "95.45 %" in page and "99.73 %" in page


def test_the_p_table_divides_x_by_its_p_norm_and_softmax_exp_by_its_l1_norm():
    at = run_page("family")
    x = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)
    table = table_with(at, "‖y‖_p")
    rows = {
        line.split("|")[1].strip(): [c.strip() for c in line.strip("|").split("|")][1:]
        for line in table.splitlines()[2:]
    }
    for name, p in (("L1: x / ‖x‖₁", 1), ("L2: x / ‖x‖₂", 2), ("L∞: x / ‖x‖_∞", math.inf)):
        divided, norm, output, check = rows[name]
        assert divided == legible_vector(x.numpy()) and norm == legible(torch.linalg.vector_norm(x, ord=p).item())
        assert output == legible_vector(torch.nn.functional.normalize(x, p=p, dim=0).numpy()) and check == "1.000"
    divided, norm, output, check = rows["softmax: e / ‖e‖₁, e = exp(x − max x)"]
    assert (
        divided == legible_vector(torch.exp(x - 3).numpy())
        and output == legible_vector(torch.softmax(x, 0).numpy())
        and check == "1.000"
    )
    assert output in tables(at)[0]  # the same softmax as the family table's


def test_editing_x_moves_the_p_outputs():
    at = run_page("family", lang="zh")
    at.text_input(key=K + "x").input("4, -1, 0.5").run()
    assert errors(at) == []
    fig = figures(at)[1]
    x = torch.tensor([4.0, -1.0, 0.5], dtype=torch.float64)
    for key, p in (("l1", 1), ("l2", 2), ("linf", math.inf)):
        np.testing.assert_allclose(
            points(trace(fig, f"p_out_{key}"))[0], torch.nn.functional.normalize(x, p=p, dim=0).numpy(), rtol=1e-12
        )
    np.testing.assert_allclose(points(trace(fig, "p_out_softmax"))[0], torch.softmax(x, 0).numpy(), rtol=1e-12)
    assert "(1.000, −0.250, 0.125)" in table_with(at, "‖y‖_p")  # L∞: x / 4


def test_the_zero_vector_is_explained_for_the_p_norms_too():
    at = run_page("family", **{K + "x": "0, 0, 0"})
    assert errors(at) == []
    assert any("L1, L2 and L∞ normalization" in i.value for i in at.info)
    assert table_with(at, "‖y‖_p").count("(NaN, NaN, NaN)") == 3


def test_affine_sliders_change_y():
    at = run_page("family", lang="zh")
    at.slider(key=K + "beta").set_value(0.5).run()
    assert errors(at) == []
    assert any("2 × 0.5 + 0.5 = **1.5**" in m.value for m in at.markdown)
    assert "2 × 0.5 − 1 = 0" in text(at)  # the seed's example stays


def test_d_changes_the_parameter_counts():
    at = run_page("family")
    at.number_input(key=K + "d").set_value(768).run()
    assert errors(at) == []
    params = table_with(at, "1,536")
    assert "| **768** |" in params and "1,536" in params


@pytest.mark.parametrize("lang, word", [("en", "family.n"), ("zh", "family.n")])
def test_bad_link_values_get_one_message_naming_them(lang, word):
    at = run_page("family", lang=lang, **{K + "n": "5", K + "gamma": "abc", K + "d": "0", K + "x": "1, 2"})
    assert errors(at) == []
    warnings = [w.value for w in at.warning]
    link = [w for w in warnings if word in w]
    assert len(link) == 1 and "family.gamma" in link[0] and "family.d" in link[0]
    assert any("1, 2" in w for w in warnings)  # the typed x: its own message, the default kept
    assert "(−1.225, 0.000, 1.225)" in tables(at)[0]
