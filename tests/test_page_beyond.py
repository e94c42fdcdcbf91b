"""The beyond page in AppTest: every statement it shows is the library's number, in both languages."""

import math

import numpy as np
import pytest
import torch

from normviz import beyond, residual
from normviz.figures import beyond as figs
from normviz.format import decimals, decimals_vector, scientific, significant
from tests.helpers.pages import change_controls, coords, errors, figures, run_page, tables, text, url_params

K = "beyond."
# DyT's and Derf's space, the Jacobians, tanh and erf, QK, the sphere, the lengths, Peri-Norm's stack, the outlier
CHARTS = 8


def rest(dim: int) -> np.ndarray:
    """The page's ordinary coordinates, drawn here as the page's docstring says: a fixed generator, seed 0."""
    return np.random.default_rng(0).standard_normal(dim - 1)


@pytest.mark.parametrize("lang, title", [("en", "Beyond the classic three"), ("zh", "经典之后")])
def test_page_runs_in_both_languages_with_every_section(lang, title):
    at = run_page("beyond", lang=lang)
    assert errors(at) == []
    assert title in at.title[0].value
    assert len(figures(at)) == CHARTS
    page = text(at)
    # DyT on the default x = (2, 0.5), α = 0.5
    cmp = beyond.compare_dyt((2.0, 0.5), alpha=0.5, eps=0.0)
    assert decimals_vector(cmp.dyt, 4) in page and decimals_vector(cmp.ln, 4) in page
    assert decimals(cmp.cosine, 4) in page and decimals(cmp.distance_ln, 4) in page
    # where they part: the offset's limit is √2 at ε = 0
    limit = {"en": f"tends to {decimals(math.sqrt(2.0), 4)} as the offset grows", "zh": "趋于 1.4142（ε = 0 时为 √2）"}
    assert limit[lang] in page
    # QK-norm's cap for d = 64, γ = 1
    assert "√64·1.00² = 8.000" in page
    # the outlier: D = 64, s = 100
    factor = decimals(beyond.rms_outlier_factor(rest(64), 100.0), 4)
    assert {"en": f"1/√(1 + s²/‖r‖²) = {factor}", "zh": f"1/√(1 + s²/‖r‖²) = {factor}"}[lang] in page
    # the sources
    for name in ("Zhu et al.", "Henry et al.", "Dehghani et al.", "Sun et al.", "Qiu et al.", "Loshchilov et al."):
        assert name in page


def test_the_dyt_statements_follow_x_and_alpha():
    x, alpha = (1.5, -0.5, 2.5), 1.25
    query = {K + "dim": "3D", K + "alpha": str(alpha), **{K + f"x{i}": str(v) for i, v in enumerate(x, 1)}}
    at = run_page("beyond", **query)
    assert errors(at) == []
    page = text(at)
    cmp = beyond.compare_dyt(x, alpha=alpha, eps=0.0)
    assert decimals_vector(cmp.dyt, 4) in page and decimals(cmp.norm_dyt, 4) in page
    assert decimals(alpha * cmp.norm_x, 4) in page
    # the Jacobians: nudging one input moved no other DyT output; LayerNorm mixes all six pairs, forgets 𝟏 and x
    assert "for 6 of the 6 pairs i ≠ j, yᵢ did not change in a single bit" in page
    assert decimals_vector(np.diag(cmp.jacobian_dyt), 4) in page
    assert np.linalg.matrix_rank(cmp.jacobian_ln, tol=1e-9) == 1
    assert "6 of its 6 off-diagonal entries are nonzero" in page and "its rank is 1 of 3" in page
    assert "as large as an output can get" not in page
    parts = beyond.where_they_part(x, alpha=alpha, eps=0.0, offset=100.0, outlier=1000.0)
    table = next(tb for tb in tables(at) if "limit" in tb)
    for p in parts:
        assert decimals(p.distance, 4) in table
    assert decimals(parts[2].limit, 4) in table


def test_an_output_frozen_at_the_circles_turn_is_said_instead_of_mixing_everything():
    at = run_page("beyond", **{K + "dim": "3D", K + "x1": "1", K + "x2": "0", K + "x3": "0"})
    assert errors(at) == []
    page = text(at)
    assert "2 of its 6 off-diagonal entries are nonzero" in page
    assert (
        f"Here y₁ = {decimals(math.sqrt(2.0), 4)}, that is ±√(n − 1) = ±1.4142, as large as an output can get" in page
    )


def test_the_page_says_when_layernorm_is_not_defined():
    at = run_page("beyond", **{K + "x1": "1", K + "x2": "1"})
    assert errors(at) == []
    page = text(at)
    assert "0/0, not defined" in page and "x is a multiple of 𝟏" in page
    assert "those two rows have no gap" in page
    at = run_page("beyond", **{K + "x1": "0", K + "x2": "0"})
    assert errors(at) == [] and "x = 0: DyT gives 0" in text(at)


def test_the_qk_statements_are_the_sweeps_numbers():
    at = run_page("beyond", **{K + "d": "16", K + "gamma": "1.5", K + "scale": "20", K + "qknorm": "LayerNorm"})
    assert errors(at) == []
    page = text(at)
    rng = np.random.default_rng(0)
    q, keys = rng.standard_normal(16), rng.standard_normal((4, 16))
    g = np.full(16, 1.5)
    here = beyond.qk_sweep(q, keys, (1.0, 20.0), norm="ln", gamma_q=g, gamma_k=g, eps=0.0)
    plain = np.max(np.abs(here.logits_plain), axis=1)
    normed = np.max(np.abs(here.logits_normed), axis=1)
    assert math.isclose(here.bound, 4 * 1.5**2)
    assert f"√16·1.50² = {decimals(here.bound, 3)}" in page
    assert math.isclose(plain[1], 400 * plain[0], rel_tol=1e-12)  # s² = 400
    assert (
        f"reach |ℓ| = {significant(float(plain[1]), 4)}, their size at s = 1, {significant(float(plain[0]), 4)}" in page
    )
    assert decimals(float(normed[1]), 3) in page and normed[1] <= here.bound
    assert significant(float(here.entropy_plain[1]), 3) in page
    assert here.others_plain[1] < 0.01
    assert f"all but {significant(float(here.others_plain[1]), 2)} of the weight to one key" in page


def test_a_small_scale_does_not_claim_the_softmax_collapsed():
    page = text(run_page("beyond", **{K + "scale": "0.1"}))
    rng = np.random.default_rng(0)
    q, keys = rng.standard_normal(64), rng.standard_normal((4, 64))
    here = beyond.qk_sweep(q, keys, (1.0, 0.1), norm="rms", eps=0.0)
    assert here.others_plain[1] > 0.5
    assert f"the softmax gives its top key {decimals(float(np.max(here.probs_plain[1])), 4)} of the weight" in page
    assert "all but" not in page


def test_the_ngpt_statements_follow_the_sliders():
    at = run_page("beyond", **{K + "ngpt_alpha": "0.5", K + "layers": "12", K + "pre_gain": "2"})
    assert errors(at) == []
    page = text(at)
    path = beyond.ngpt_path((0.0, 0.0, 1.0), alpha=0.5, steps=12, seed=0)
    plain = beyond.pre_norm_path((0.0, 0.0, 1.0), gain=2.0, steps=12, seed=0)
    assert f"With L = 12, every ‖hₗ‖ equals 1 within {significant(float(np.max(np.abs(path.norms - 1))), 2)}" in page
    assert f"turns h by {decimals(math.degrees(float(np.mean(path.angles))), 1)}° on average" in page
    assert f"ends at ‖h_L‖ = {decimals(float(plain.norms[-1]), 3)}" in page
    assert f"whose square root is {decimals(math.sqrt(1 + 12 * 4.0), 3)} (g = 2.00)" in page  # √(‖h₀‖² + L·g²)


def test_the_peri_statement_reads_the_residual_pages_stack():
    page = text(run_page("beyond"))
    tops = beyond.stack_tops(residual.compare(residual.StackConfig()), "rms")
    for value in (tops.pre_top, tops.peri_top, tops.peri_estimate, tops.ngpt_top, tops.root_width):
        assert decimals(value, 2) in page


@pytest.mark.parametrize("dim, s", [(8, 5.0), (4096, 1000.0), (512, 0.0)], ids=["D8", "D4096", "s0"])
def test_the_outlier_statements_are_the_formulas_and_the_librarys_outputs(dim, s):
    at = run_page("beyond", **{K + "D": str(dim), K + "outlier": f"{s:g}"})
    assert errors(at) == []
    page = text(at)
    r = rest(dim)
    effect = beyond.outlier_effect(r, s, eps=0.0)
    assert f"1/√(1 + s²/‖r‖²) = {decimals(1 / math.sqrt(1 + s * s / float(r @ r)), 4)}" in page  # f(s) written out
    assert f"their spread is multiplied by {decimals(effect.ln_factor, 4)}" in page
    assert f"shift by b(s) = {decimals(effect.ln_shift, 4)}" in page
    assert f"−1/√(D − 1) = {decimals(-1 / math.sqrt(dim - 1), 4)}" in page
    assert f"it tends to √D = {decimals(math.sqrt(dim), 3)}" in page
    # tanh(500) is 1 in float64, 1 − 2/(e¹⁰⁰⁰ + 1) = 1 − 1.0152e−434 in fact
    own = {5.0: decimals(math.tanh(2.5), 4), 1000.0: "1 − 1.02e−434", 0.0: "0.0000"}[s]
    assert f"the outlier's is tanh(α·s) = {own}, at most 1" in page
    curve = beyond.outlier_curve(r, (0.0, *np.logspace(-1, 4, 41), s))
    assert f"Over the whole sweep of {curve.scales.size} values of s from 0 to 10000" in page


def test_moving_a_control_changes_what_the_page_says():
    at = run_page("beyond")
    before = text(at)
    change_controls(at, [("slider", K + "alpha", 2.0), ("select_slider", K + "outlier", "1000")])
    after = text(at)
    cmp = beyond.compare_dyt((2.0, 0.5), alpha=2.0, eps=0.0)
    assert decimals_vector(cmp.dyt, 4) in after and decimals_vector(cmp.dyt, 4) not in before
    factor = decimals(beyond.rms_outlier_factor(rest(64), 1000.0), 4)
    assert factor in after and factor not in before
    assert {p.key for p in url_params(at)} >= {K + "alpha", K + "outlier", K + "d", K + "layers"}


def test_bad_link_values_get_one_message_and_a_valid_scene():
    at = run_page("beyond", **{K + "alpha": "banana", K + "D": "7", K + "scale": "<b>x</b>", K + "layers": "99"})
    assert errors(at) == []
    warnings = [w.value for w in at.warning]
    assert len(warnings) == 1
    for name in ("alpha", "D", "scale", "layers"):
        assert K + name in warnings[0]
    assert "<b>" not in "".join(m.value for m in at.markdown)
    assert len(figures(at)) == CHARTS


def test_the_links_open_the_checkpoint_reader_and_the_residual_page():
    at = run_page("beyond", lang="zh")
    links = {link.proto.page: link for link in at.get("page_link")}
    assert any("checkpoint" in page for page in links) and any("residual" in page for page in links)


# --- Derf beside DyT -----------------------------------------------------------------------------------------


def inverse(f, q: float, lo: float = -50.0, hi: float = 50.0) -> float:
    """The u with f(u) = q for an increasing f, by bisection (independent of scipy's erfinv and math.atanh)."""
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if f(mid) < q else (lo, mid)
    return (lo + hi) / 2


def derf_numbers(x, alpha: float, s: float, rms: float) -> dict[str, str]:
    """Everything the Derf statements quote, computed here from math.erf, math.tanh and torch, not the library."""
    e = figs.dyt_extent(x)
    u_erf, u_tanh = inverse(math.erf, 0.99), inverse(math.tanh, 0.99)
    lo, hi = math.erf(s - alpha * e), math.erf(s + alpha * e)
    return {
        "derf": decimals_vector(torch.erf(alpha * torch.tensor(x, dtype=torch.float64) + s).numpy(), 4),
        "dyt_box": f"[{decimals(-math.tanh(alpha * e), 3)}, {decimals(math.tanh(alpha * e), 3)}]",
        "derf_box": f"[{decimals(lo, 3)}, {decimals(hi, 3)}]",
        "centre": f"{decimals((lo + hi) / 2, 3)}·𝟏",
        "slope0": decimals(2 * alpha / math.sqrt(math.pi) * math.exp(-s * s), 4),
        "steepest": decimals(2 * alpha / math.sqrt(math.pi), 4),
        "ratio": decimals(2 / math.sqrt(math.pi), 4),
        "sat_dyt": decimals(u_tanh / alpha, 3),
        "sat_lo": decimals((-u_erf - s) / alpha, 3),
        "sat_hi": decimals((u_erf - s) / alpha, 3),
        "window_dyt": decimals(2 * u_tanh / alpha, 3),
        "window_derf": decimals(2 * u_erf / alpha, 3),
        "window_ratio": decimals(u_tanh / u_erf, 4),
        "gain": decimals(1 / rms, 4),
        "a_dyt": decimals(1 / rms, 4),
        "a_derf": decimals(math.sqrt(math.pi) / (2 * rms), 4),
        "r_dyt": decimals(1 / alpha, 4),
        "r_derf": decimals(math.sqrt(math.pi) / (2 * alpha), 4),
        "start": decimals(math.erf(s), 3),
        "alpha": f"{alpha:g}",
    }


SAY = {
    "en": {
        "slope": "Derf's is (2α/√π)·e^(−s²) = {slope0}",
        "steepest0": "with s = 0 that is its steepest slope, 2α/√π, which is 2/√π = {ratio} times DyT's",
        "steepest": "less than its steepest slope 2α/√π = {steepest} (2/√π = {ratio} times DyT's)",
        "sat": "DyT reaches ±0.99 at x = ±artanh(0.99)/α = ±{sat_dyt}, Derf at x = (±erfinv(0.99) − s)/α, "
        "that is at {sat_lo} and {sat_hi}",
        "window": "is {window_dyt} wide for DyT and {window_derf} for Derf: DyT's is artanh(0.99)/erfinv(0.99) = "
        "{window_ratio} times Derf's",
        "box": "goes to {dyt_box}{p} under DyT, centred at 0, and to {derf_box}{p} under Derf, centred at {centre}",
        "moved": "moved it off centre",
        "centred": "With s = 0 both boxes are centred at 0",
        "match": "by 1/σ = {gain} (central differences on the library's LayerNorm: {gain})",
        "alphas": "equals 1/σ for α = 1/r = {a_dyt} (DyT) and for α = √π/(2r) = {a_derf} (Derf, s = 0); "
        "measured: {gain} and {gain}",
        "back": "the current α = {alpha} matches inputs of RMS 1/α = {r_dyt} under DyT and √π/(2α) = {r_derf} "
        "under Derf",
        "start": "Derf(0) = erf(s)·𝟏 has {start} in every coordinate",
    },
    "zh": {
        "slope": "Derf 的斜率是 (2α/√π)·e^(−s²) = {slope0}",
        "steepest0": "s = 0 时这就是它最大的斜率 2α/√π，是 DyT 的 2/√π = {ratio} 倍",
        "steepest": "小于它最大的斜率 2α/√π = {steepest}（DyT 的 2/√π = {ratio} 倍）",
        "sat": "DyT 在 x = ±artanh(0.99)/α = ±{sat_dyt} 处达到 ±0.99，Derf 在 x = (±erfinv(0.99) − s)/α 处，"
        "即 {sat_lo} 和 {sat_hi}",
        "window": "DyT 宽 {window_dyt}，Derf 宽 {window_derf}：无论 α 取多少，DyT 的窗口都是 Derf 的 "
        "artanh(0.99)/erfinv(0.99) = {window_ratio} 倍",
        "box": "在 DyT 下变成 {dyt_box}{p}，以 0 为中心；在 Derf 下变成 {derf_box}{p}，中心在 {centre}",
        "moved": "把它移离了中心",
        "centred": "s = 0 时两个方盒都以 0 为中心",
        "match": "乘以 1/σ = {gain}（对库里的 LayerNorm 做中心差分测得 {gain}）",
        "alphas": "DyT 在 α = 1/r = {a_dyt} 时、Derf（s = 0）在 α = √π/(2r) = {a_derf} 时，这个斜率等于 1/σ"
        "（测得 {gain} 和 {gain}）",
        "back": "当前的 α = {alpha} 对 DyT 来说对应 RMS 为 1/α = {r_dyt} 的输入，对 Derf 来说对应 √π/(2α) = {r_derf}",
        "start": "Derf(0) = erf(s)·𝟏，每个坐标是 {start}",
    },
}


def said(lang: str, key: str, numbers: dict, power: str = "²") -> str:
    return SAY[lang][key].format(p=power, **numbers)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_derf_statements_on_the_default_page(lang):
    """x = (2, 0.5), α = 0.5, s = 0, r = 2: every number computed here, none read from the library."""
    page = text(run_page("beyond", lang=lang))
    n = derf_numbers((2.0, 0.5), 0.5, 0.0, 2.0)
    assert n["derf"] in page and n["derf_box"] == "[−0.923, 0.923]" and n["a_derf"] == "0.4431"
    for key in ("slope", "steepest0", "sat", "window", "box", "centred", "match", "alphas", "back"):
        assert said(lang, key, n) in page, key
    assert said(lang, "moved", n) not in page and said(lang, "steepest", n) not in page


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_derf_statements_follow_alpha_shift_and_rms_from_a_link(lang):
    x, alpha, s, rms = (1.5, -0.5, 2.5), 0.625, -0.7, 0.25  # α off the slider's 0.05 grid: quoted as given
    query = {K + "dim": "3D", K + "alpha": str(alpha), K + "shift": str(s), K + "rms": str(rms)}
    query |= {K + f"x{i}": str(v) for i, v in enumerate(x, 1)}
    at = run_page("beyond", lang=lang, **query)
    assert errors(at) == []
    page = text(at)
    n = derf_numbers(x, alpha, s, rms)
    assert n["derf"] in page
    for key in ("slope", "steepest", "sat", "window", "box", "moved", "start", "match", "alphas", "back"):
        assert said(lang, key, n, "³") in page, key
    assert said(lang, "centred", n) not in page
    spec = figures(at)[0]
    derf = next(tr for tr in spec["data"] if tr["meta"] == "out_derf")
    got = [coords(derf, a)[0] for a in "xyz"]
    np.testing.assert_allclose(got, [math.erf(alpha * v + s) for v in x], rtol=1e-15)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_moving_the_shift_and_the_rms_changes_the_statements_and_the_url(lang):
    at = run_page("beyond", lang=lang)
    before = text(at)
    change_controls(at, [("slider", K + "shift", 1.0), ("select_slider", K + "rms", "0.5")])
    after = text(at)
    n = derf_numbers((2.0, 0.5), 0.5, 1.0, 0.5)
    for key in ("slope", "sat", "box", "moved", "alphas"):
        assert said(lang, key, n) in after and said(lang, key, n) not in before, key
    assert said(lang, "moved", n) in after
    assert {p.key for p in url_params(at)} >= {K + "shift", K + "rms"}
    assert at.query_params[K + "shift"] == "1" and at.query_params[K + "rms"] == "0.5"
    squash = figures(at)[2]  # DyT's space, the Jacobians, then the two curves
    assert "s = 1" in squash["layout"]["title"]["text"]


def test_a_box_wide_against_one_over_alpha_says_the_shift_does_not_show():
    """x₁ = 6: the drawn box is [−7, 7]; α = 3: erf(1 ± 21) rounds to ±1, so the image box is centred at 0."""
    at = run_page("beyond", **{K + "x1": "6", K + "alpha": "3", K + "shift": "1"})
    page = text(at)
    assert "to [−1.000, 1.000]² under Derf, centred at 0.000·𝟏" in page
    assert "both of its ends saturate" in page and "moved it off centre" not in page
    assert f"Derf(0) = erf(s)·𝟏 has {decimals(math.erf(1.0), 3)} in every coordinate, not 0" in page


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_papers_numbers_are_quoted_as_theirs_and_cited(lang):
    at = run_page("beyond", lang=lang)
    page = text(at)
    table = next(tb for tb in tables(at) if "DiT-L/4" in tb)
    for cell in ("82.3 %", "82.5 %", "82.8 %", "45.91", "45.66", "43.94", "−1.97"):  # Chen et al.'s own numbers
        assert cell in table
    words = {
        "en": (
            "The table gives the numbers Chen et al. (2025) report, not numbers computed here",
            "Derf beats LayerNorm by 0.5 points of top-1 accuracy and changes the FID by −1.97; against DyT, 0.3 "
            "points and −1.72",
            "zero-centred, bounded, steep near 0 and monotone",
            "Verma (2026) studies DyT (not Derf): in GPT-2-family models of 64M–3.78B parameters trained on "
            "1M–118M tokens",
            "lowers the validation loss by 27.3 % at 64M parameters on 1M tokens but raises it by 18.8 % at 64M "
            "parameters on 118M tokens",
            "the loss is 1.7 % higher at 3.78B parameters), while the 118M-token penalty reaches 27.9 %",
            "49 % of DyT's activations saturate at 1M tokens, 23 % at 118M",
            "fewer than 1.84 training tokens per parameter",
            "These are that paper's numbers and conclusions, not the app's.",
        ),
        "zh": (
            "上表是 Chen 等（2025）报告的数字，不是本应用算出来的",
            "Derf 比 LayerNorm 的 top-1 高 0.5 个百分点、FID 变化 −1.97；比 DyT 分别是 0.3 个百分点和 −1.72",
            "必须以 0 为中心、有界、在 0 附近够陡、单调",
            "Verma（2026）研究的是 DyT（不是 Derf）：在 64M–3.78B 参数、用 1M–118M 个词元（token）训练",
            "DyT 在 64M 参数、1M 个词元时让验证损失降低 27.3 %，在 64M 参数、118M 个词元时却让它升高 18.8 %",
            "3.78B 参数时升高 1.7 %），而 118M 个词元时的损失增幅达到 27.9 %",
            "1M 个词元时 DyT 有 49 % 的激活饱和，118M 个词元时是 23 %",
            "每个参数的训练词元数少于 1.84",
            "这些是该文的数字和结论，不是本应用的",
        ),
    }[lang]
    for phrase in words:
        assert phrase in page, phrase
    for title in ("Stronger Normalization-Free Transformers", "When Does Removing LayerNorm Help?"):
        assert title in page  # the sources section lists both papers


def test_bad_shift_and_rms_links_are_named_in_the_one_warning():
    at = run_page("beyond", lang="zh", **{K + "shift": "9", K + "rms": "3"})
    assert errors(at) == []
    warnings = [w.value for w in at.warning]
    assert len(warnings) == 1 and K + "shift" in warnings[0] and K + "rms" in warnings[0]
    page = text(at)
    assert said("zh", "centred", derf_numbers((2.0, 0.5), 0.5, 0.0, 2.0)) in page  # the defaults, s = 0 and r = 2
    assert "1/σ = 0.5000" in page


def test_a_curve_that_rounds_to_one_is_shown_with_its_exact_gap():
    at = run_page("beyond", lang="en", **{"beyond.alpha": "3", "beyond.x1": "6", "beyond.shift": "0.5"})
    shown = text(at)
    gap_dyt = 2 / (math.exp(2 * 18.0) + 1)
    gap_derf = math.erfc(18.5)
    assert f"largest |DyT(x)ᵢ| is 1 − {scientific(gap_dyt, 2)}" in shown  # tanh(18) and erf(18.5) are 1 in float64
    assert f"largest |Derf(x)ᵢ| is 1 − {scientific(gap_derf, 2)}" in shown
