"""The beyond page in AppTest: every statement it shows is the library's number, in both languages."""

import math

import numpy as np
import pytest

from normviz import beyond, residual
from normviz.format import decimals, decimals_vector, significant
from tests.helpers.pages import change_controls, errors, figures, run_page, tables, text, url_params

K = "beyond."
CHARTS = 7  # DyT's space, the Jacobians, QK, the sphere, the lengths, Peri-Norm's stack, the outlier


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
    own = {5.0: decimals(math.tanh(2.5), 4), 1000.0: "1", 0.0: "0.0000"}[s]  # tanh(500) is 1 in float64
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
