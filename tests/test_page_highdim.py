import math
import re
import time

import numpy as np
import pytest
from scipy import special, stats

from normviz import highdim as topic
from normviz.ui import highdim as ui_hd
from tests.helpers.pages import coords, errors, figures, points, run_page, tables, text, trace
from tests.helpers.strings import BARE_ONE, page_strings

torch = pytest.importorskip("torch")
DIM, COUNT, SEED = ui_hd.N_KEY, ui_hd.COUNT_KEY, ui_hd.SEED_KEY
DIST, SHIFT, SCALE, EPS, SHOW = ui_hd.DIST_KEY, ui_hd.SHIFT_KEY, ui_hd.SCALE_KEY, ui_hd.EPS_KEY, ui_hd.SHOW_KEY


def page(lang="en", **query):
    return run_page("highdim", lang=lang, **{f"highdim.{k}": v for k, v in query.items()})


def n4_points(at):
    return points(trace(figures(at)[0], "points_ln"))


def concentration(at) -> dict:
    return figures(at)[2]


@pytest.mark.parametrize("lang, title", [("en", "Higher dimensions"), ("zh", "高维")])
def test_page_runs_in_both_languages(lang, title):
    at = page(lang, dim="16", samples="200")
    assert errors(at) == []
    assert title in at.title[0].value
    assert len(figures(at)) == 6
    pts = n4_points(at)
    assert len(pts) == 200
    np.testing.assert_allclose(np.linalg.norm(pts, axis=1), 2.0, atol=1e-9)  # exact, radius 2
    assert ("projection" if lang == "en" else "投影") in trace(figures(at)[0], "points_rms")["name"]
    assert "numpy (CPU)" in " ".join(c.value for c in at.caption)  # compute times quoted with the backend


def test_changing_n_changes_the_histograms_and_header():
    at = page(dim="16", samples="200")
    at.number_input(key=DIM).set_value(64).run()
    assert errors(at) == []
    assert any("n = 64" in h.value for h in at.header)
    hist = trace(figures(at)[1], "hist_norm_ln")
    assert coords(hist, "x")[np.argmax(coords(hist, "y"))] == pytest.approx(8.0, abs=0.01)  # sqrt(64)
    assert at.query_params[DIM] in (["64"], "64")


def test_preset_8192_caps_the_sample_count_with_a_message():
    at = page(samples="1000")
    at.button(key="highdim.preset.8192").click().run()
    assert errors(at) == []
    assert at.number_input(key=DIM).value == 8192
    assert any("uses N = 61" in m.value for m in at.info)
    assert any("n = 8192, N = 61" in h.value for h in at.header)
    sv = trace(figures(at)[4], "sv_ln")
    assert len(coords(sv, "x")) == 61  # fewer vectors than dimensions: min(N, n) singular values


def test_layer_norm_singular_value_along_1_is_zero_when_n_le_count():
    at = page(dim="16", samples="200")
    fig = figures(at)[4]
    assert [t.get("meta") for t in fig["data"] if t.get("meta", "").startswith("sv_zero")] == ["sv_zero_ln"]
    assert "Y·𝟏 = 0" in text(at)


def test_large_clouds_say_that_the_spectrum_uses_a_subset():
    at = page(dim="896", samples="1000")
    assert errors(at) == []
    assert len(coords(trace(figures(at)[4], "sv_ln"), "x")) == topic.SPECTRUM_MAX
    assert f"first {topic.SPECTRUM_MAX} vectors" in text(at)


def test_distribution_and_shift_change_rms_but_not_layer_norm():
    at = page(dim="16", samples="200")
    ln_before = trace(figures(at)[1], "hist_mean_ln")
    at.segmented_control(key=DIST).set_value("N(m,σ²)").run()
    at.slider(key=SHIFT).set_value(5.0).run()
    assert errors(at) == []
    rms_mean = trace(figures(at)[1], "hist_mean_rms")
    assert coords(rms_mean, "x").min() > 0.5  # the offset survives RMSNorm
    ln_after = trace(figures(at)[1], "hist_mean_ln")
    assert abs(coords(ln_after, "x")[np.argmax(coords(ln_after, "y"))]) < 1e-3  # LayerNorm's means stay 0
    assert coords(ln_before, "y").sum() == coords(ln_after, "y").sum() == 200


def test_method_toggle_drops_clouds():
    at = page(dim="16", samples="100")
    at.pills(key=SHOW).set_value(["LayerNorm"]).run()
    metas = [t.get("meta") for t in figures(at)[1]["data"]]
    assert "hist_norm_ln" in metas and "hist_norm_rms" not in metas and "hist_norm_input" in metas


def test_url_reproduces_the_cloud():
    a = page(dim="32", samples="150", dist="σ·t₃", sigma="2", seed="7")
    b = page(dim="32", samples="150", dist="σ·t₃", sigma="2", seed="7")
    assert errors(a) == [] and not a.warning
    np.testing.assert_array_equal(
        coords(trace(figures(a)[5], "pca_input"), "x"), coords(trace(figures(b)[5], "pca_input"), "x")
    )
    assert a.number_input(key=SEED).value == 7


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(
    "dist, shift, scale",
    [("N(0,σ²)", None, "2"), ("N(m,σ²)", "3", "1"), ("N(m,σ²)", "-1.5", "0.5"), ("σ·t₃", None, "1.5")],
)
def test_the_concentration_caption_quotes_the_figures_numbers(lang, dist, shift, scale):
    """σ and 1/√(2n) hold for N(0, σ²) only: the caption prints the component RMS and c of the figure."""
    query = {"dist": dist, "sigma": scale, **({"m": shift} if shift else {})}
    at = page(lang, dim="16", samples="100", **query)
    assert errors(at) == [] and not at.warning
    fig = concentration(at)
    target = coords(trace(fig, "conc_target"), "y")[0]
    caption = [c.value for c in at.caption if "√n" in c.value and ("i.i.d" in c.value or "独立同分布" in c.value)]
    assert len(caption) == 1
    caption = caption[0]
    distribution = {"N(0,σ²)": "gaussian", "N(m,σ²)": "shifted", "σ·t₃": "heavy"}[dist]
    m = float(shift) if shift else 0.0
    assert target == pytest.approx(topic.component_rms(distribution, shift=m, scale=float(scale)))
    assert f"= {target:.4g}" in caption
    c = topic.spread_constant(distribution, shift=m, scale=float(scale))
    if c is None:
        assert "conc_theory" not in [t["meta"] for t in fig["data"]]
    else:
        assert f"{c:.4g}/√n" in caption
        dims = coords(trace(fig, "conc_theory"), "x")
        np.testing.assert_allclose(coords(trace(fig, "conc_theory"), "y"), c / np.sqrt(dims))
    if distribution == "shifted":
        assert "√(m² + σ²)" in caption and c != pytest.approx(1 / math.sqrt(2))
    # "RMSNorm is almost a uniform rescaling" holds for i.i.d. samples only; say what a network does
    assert ("layer to layer" in caption) if lang == "en" else ("随层" in caption)


def test_sphere_claims_carry_eps_0_where_the_page_eps_is_not_0():
    at = page(dim="16", samples="100", eps="0.1")
    assert errors(at) == []
    page_text = text(at)
    assert "ε here: 0.1" in page_text
    for claim in ("at ε = 0 they sit exactly on the 2-sphere", "have ‖y‖/√n = 1 for every n at ε = 0"):
        assert claim in page_text
    radii = np.linalg.norm(n4_points(at), axis=1)
    assert radii.max() < 2.0 - 1e-3  # and indeed they do not, at ε = 0.1
    assert "(ε = 0.1)" in page_text


def test_sigma_is_explained_as_a_distribution_parameter_not_the_biased_variance():
    at = page()
    assert "(1/n) Σ (xᵢ − μ)²" in at.slider(key=SCALE).help


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_vector_one_is_written_as_a_vector(lang):
    at = page(lang, dim="16", samples="100")
    assert not BARE_ONE.search(text(at)), BARE_ONE.search(text(at))


def test_no_string_of_the_page_writes_the_vector_one_as_a_digit():
    strings = page_strings("highdim.")
    assert len(strings) > 100
    assert not {key: BARE_ONE.search(s).group(0) for key, s in strings.items() if BARE_ONE.search(s)}


@pytest.mark.parametrize("bad", ["1e309", "nan", "abc", "3.5", "1", "9000", "1" * 10_000])
def test_hostile_n_gives_the_default_and_a_warning(bad):
    at = page("zh", dim=bad, samples="100")
    assert errors(at) == []
    assert at.number_input(key=DIM).value == 128
    assert any(re.search(rf"` ?{re.escape(DIM)} ?`", w.value) and "不是有效值" in w.value for w in at.warning)


def test_hostile_options_are_reported():
    at = page(dim="8", samples="100", dist="cauchy", m="nan", sigma="0", eps="big", seed="-1")
    assert errors(at) == []
    warning = " ".join(w.value for w in at.warning)
    for key in (DIST, SHIFT, SCALE, EPS, SEED):
        assert key in warning
    assert at.segmented_control(key=DIST).value == "N(0,σ²)"


def test_coming_from_the_dof_page_keeps_this_pages_defaults():
    at = run_page("dof", lang="en", **{"dof.n": "300", "dof.seed": "5"})
    at.switch_page("pages/highdim.py")
    at.run()
    assert errors(at) == []
    values = (at.number_input(key=DIM).value, at.number_input(key=COUNT).value, at.number_input(key=SEED).value)
    assert values == (128, 1000, 0)


def test_information_in_3d_then_higher_dimensions_does_not_crash():
    """information's "dim" is a 2D/3D choice; it used to be read here as a number (TypeError)."""
    at = run_page("information", lang="en")
    at.segmented_control(key="information.dim").set_value("3D").run()
    assert errors(at) == []
    at.switch_page("pages/highdim.py")
    at.run()
    assert errors(at) == [] and not at.warning
    assert at.number_input(key=DIM).value == 128
    assert "n = 128" in " ".join(h.value for h in at.header)


def test_a_link_to_information_in_3d_then_higher_dimensions_opens_the_default_n():
    at = run_page("information", lang="en", dim="3D", samples="50", m="2", sigma="3", eps="1", show="L2")
    at.switch_page("pages/highdim.py")
    at.run()
    assert errors(at) == []
    assert at.number_input(key=DIM).value == 128 and at.number_input(key=COUNT).value == 1000
    assert at.slider(key=SCALE).value == 1.0 and at.select_slider(key=EPS).value == "0"


def test_every_control_changes_and_a_preset_sets_the_dimension():
    at = page(dim="16", samples="100")
    at.number_input(key=DIM).set_value(24).run()
    at.number_input(key=COUNT).set_value(90).run()
    at.number_input(key=SEED).set_value(3).run()
    at.segmented_control(key=DIST).set_value("N(m,σ²)").run()
    at.slider(key=SHIFT).set_value(-2.0).run()
    at.slider(key=SCALE).set_value(2.5).run()
    at.select_slider(key=EPS).set_value("1e-3").run()
    at.pills(key=SHOW).set_value(["RMSNorm"]).run()
    at.button(key="highdim.preset.4").click().run()
    assert errors(at) == [] and at.number_input(key=DIM).value == 4


def test_warm_rerun_is_fast():
    at = page(dim="64", samples="500")
    at.run()
    start = time.perf_counter()
    at.run()
    assert time.perf_counter() - start < 1.5  # cached; typically tens of ms
    assert errors(at) == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_scientific_numbers_write_the_exponents_minus_as_a_minus_sign(lang):
    """'−3.04e−04', never '−3.04e-04': a browser may break a table cell at a hyphen."""
    at = run_page("highdim", lang=lang)
    page = text(at) + "\n".join(str(m.value) for m in at.markdown)
    assert re.search(r"\de[−+]\d\d", page), "the page shows no number in scientific notation"
    assert not re.search(r"\de-\d", page), re.search(r".{20}\de-\d.{5}", page)


# --- the exact laws: chi on the norms, Beta on the pair cosines, and the page's own tests ------------------


def _chi_mean(n: int, sigma: float) -> float:
    return sigma * math.sqrt(2.0) * math.exp(math.lgamma((n + 1) / 2) - math.lgamma(n / 2))


def _clouds(spec: topic.CloudSpec) -> dict:
    """Each cloud's outputs for the page's sampled inputs, by torch (ε = 0)."""
    x = torch.from_numpy(topic.sample(spec))
    return {
        "input": x,
        "l2": torch.nn.functional.normalize(x, dim=1, eps=0.0),
        "rms": torch.nn.functional.rms_norm(x, (spec.n,), eps=0.0),
        "ln": torch.nn.functional.layer_norm(x, (spec.n,), eps=0.0),
    }


def _cosines(y) -> np.ndarray:
    pairs = y.shape[0] // 2
    return torch.nn.functional.cosine_similarity(y[0 : 2 * pairs : 2], y[1 : 2 * pairs : 2], dim=1).numpy()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_chi_statement_quotes_the_exact_law_and_the_pages_own_test(lang):
    """Defaults (n = 128, N = 1000, σ = 1, random seed 0): the chi law's mean and sd from closed forms, the sample's
    from torch, and scipy's Kolmogorov–Smirnov p on those norms, with the words that p calls for."""
    at = page(lang)
    assert errors(at) == []
    page_text = text(at)
    n, sigma = 128, 1.0
    mean = _chi_mean(n, sigma)
    sd = math.sqrt(n * sigma**2 - mean**2)
    norms = torch.linalg.vector_norm(_clouds(topic.CloudSpec(n, 1000))["input"], dim=1).numpy()
    p = stats.kstest(norms, stats.chi(n).cdf).pvalue
    assert p >= 0.01
    for number in (f"{mean:.4g}", f"{sigma * math.sqrt(n - 0.5):.4g}", f"{sd:.4g}", f"{sigma / math.sqrt(2):.4g}"):
        assert number in page_text
    assert f"{100 * sd / mean:.3g} %" in page_text
    assert f"{norms.mean():.4g}" in page_text and f"{norms.std():.4g}" in page_text
    assert f"p = {p:.3f} ≥ 0.01" in page_text
    if lang == "en":
        approx = sigma * math.sqrt(n - 0.5)
        assert f"Γ((n + 1)/2)/Γ(n/2) = {mean:.4g} (close to σ·√(n − 1/2) = {approx:.4g})" in page_text
        assert f"standard deviation {sd:.4g} (it tends to σ/√2 = {sigma / math.sqrt(2):.4g}" in page_text
        assert "Γ((n + 1)/2)/Γ(n/2) = 11.29" in page_text and "the 1,000 norms against σ·χ(128)" in page_text
        assert "the test does not reject this law. Not rejecting is not a proof" in page_text
    else:
        assert f"标准差 {sd:.4g}（n 增大时趋于 σ/√2 = {sigma / math.sqrt(2):.4g}）" in page_text
        assert "检验不拒绝这个分布。不拒绝不等于证明" in page_text and "这 1,000 个范数与 σ·χ(128)" in page_text
    # the curve on the input's norms is that law's density, scaled to the bars
    fig = figures(at)[1]
    bars, curve = trace(fig, "hist_norm_input"), trace(fig, "law_norm_input")
    width = coords(bars, "width")[0]
    np.testing.assert_allclose(coords(curve, "y"), 1000 * width * stats.chi(n).pdf(coords(curve, "x")), rtol=1e-4)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_sample_the_test_rejects_is_said_to_be_rejected_by_chance(lang):
    """Random seed 9 at n = 16, N = 100 is one of the 1 % of samples a true chi law fails at the 1 % level."""
    at = page(lang, dim="16", samples="100", seed="9")
    assert errors(at) == []
    norms = torch.linalg.vector_norm(_clouds(topic.CloudSpec(16, 100, seed=9))["input"], dim=1).numpy()
    p = stats.kstest(norms, stats.chi(16).cdf).pvalue
    assert p < 0.01
    page_text = text(at)
    assert f"p = {p:.3f} < 0.01" in page_text
    if lang == "en":
        assert "the test rejects this law" in page_text and "a true law is rejected by chance" in page_text
    else:
        assert "检验拒绝这个分布" in page_text and "纯属偶然" in page_text
    table = next(tb for tb in tables(at) if "KS" in tb)
    assert (" rejected |" if lang == "en" else "| 拒绝 |") in table.splitlines()[2]  # the norms' row


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(
    "query, laws",
    [
        ({}, {"input": 128, "l2": 128, "rms": 128, "ln": 127}),
        ({"dist": "N(m,σ²)"}, {"ln": 127}),
        ({"dist": "σ·t₃"}, {}),
        ({"dim": "2", "samples": "30000"}, {"input": 2, "l2": 2, "rms": 2}),
    ],
    ids=["gaussian", "shifted", "heavy", "n2"],
)
def test_the_cosine_table_tests_each_clouds_cosines_against_its_own_law(lang, query, laws):
    at = page(lang, **query)
    assert errors(at) == []
    spec = topic.CloudSpec(int(query.get("dim", 128)), int(query.get("samples", 1000)))
    distribution = {"N(m,σ²)": "shifted", "σ·t₃": "heavy"}.get(query.get("dist"), "gaussian")
    spec = topic.CloudSpec(spec.n, spec.count, distribution, shift=3.0 if distribution == "shifted" else 0.0)
    clouds = _clouds(spec)
    table = next(tb for tb in tables(at) if "KS" in tb)
    rows = {
        line.split("|")[1].strip(): [c.strip() for c in line.strip("|").split("|")][1:]
        for line in table.splitlines()[2:]
    }
    assert len(rows) == 5
    page_text = text(at)
    names = {
        "en": {"input": "input x", "l2": "L2 normalization", "rms": "RMSNorm", "ln": "LayerNorm"},
        "zh": {"input": "输入 x", "l2": "L2 归一化", "rms": "RMSNorm", "ln": "LayerNorm"},
    }[lang]
    for cloud, y in clouds.items():
        row = rows[f"{names[cloud]}: cosines" if lang == "en" else f"{names[cloud]}：余弦"]
        cos = _cosines(y)
        assert row[2] == f"{cos.mean():.4f}, {cos.std():.4f}".replace("-", "−")  # the sample: mean, sd
        if cloud not in laws:
            assert row[0] == ("none applies" if lang == "en" else "不适用") and row[4] == "—"
            continue
        d = laws[cloud]
        a = (d - 1) / 2
        assert row[0].startswith(f"(1 + c)/2 ~ Beta({a:.4g}, {a:.4g})") and row[1] == f"0.0000, {1 / math.sqrt(d):.4f}"
        p = stats.kstest(cos[:20_000], stats.beta(a, a, loc=-1, scale=2).cdf).pvalue
        assert row[4] == f"{p:.3f}" and p >= 0.01 and row[5] == ("not rejected" if lang == "en" else "不拒绝")
    # the law of R^n in numbers: sd 1/√n, the central 99 % from the inverse regularized incomplete beta function
    n = spec.n
    a = (n - 1) / 2
    q = 2 * special.betaincinv(a, a, 0.995) - 1
    assert f"1/√{n} = {1 / math.sqrt(n):.4g}" in page_text and f"±{q:.4f}" in page_text
    if distribution == "shifted":
        mean = _cosines(clouds["input"]).mean()
        assert f"{mean:.3f}" in page_text and ("m = 3" in page_text)
        assert ("d = n − 1 = 127 again" if lang == "en" else "d = n − 1 = 127 的分布") in page_text
    if n == 2:
        assert ("every LayerNorm cosine is +1 or −1" if lang == "en" else "不是 +1 就是 −1") in page_text
        assert (
            "the first 20,000 of the 30,000 norms" if lang == "en" else "前 20,000 个范数（共 30,000 个）"
        ) in page_text
    if n == 128:
        assert ("nearly orthogonal" if lang == "en" else "几乎正交") in page_text
    heavy_words = ("follows no standard named law", "不服从任何有名字的标准分布")
    assert (heavy_words[lang == "zh"] in page_text) == (distribution == "heavy")
    assert ("law_norm_input" in [tr["meta"] for tr in figures(at)[1]["data"]]) == (
        distribution != "shifted" and distribution != "heavy"
    )
