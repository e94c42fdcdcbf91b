"""normviz.lesson: the steps as data, the worked numbers (seed examples, torch as oracle), the score, the small
scenes."""

import math

import numpy as np
import pytest
import torch
import torch.nn.functional as F

from normviz import beyond, cost, lesson
from normviz.i18n import CATALOG, LANGUAGES
from normviz.methods import METHODS


def test_the_lesson_has_at_least_14_steps_with_unique_keys_and_strings_in_both_languages():
    assert len(lesson.STEPS) >= 14
    assert len(set(lesson.KEYS)) == len(lesson.KEYS)
    for s in lesson.STEPS:
        for part in ("title", "text"):
            entry = CATALOG[f"lesson.step.{s.key}.{part}"]
            assert all(entry[lang].strip() for lang in LANGUAGES)


def test_the_story_runs_in_order_what_x_is_first_then_geometry_pre_post_norm_precision_eps_cost():
    order = lesson.KEYS
    for a, b in [
        ("form", "axes"),
        ("axes", "l2"),
        ("l2", "rms"),
        ("rms", "center"),
        ("center", "ln"),
        ("ln", "extreme"),
        ("extreme", "dof"),
        ("axes", "dof"),
        ("dof", "information"),
        ("information", "invariance"),
        ("invariance", "affine"),
        ("affine", "prepost"),
        ("prepost", "precision"),
        ("precision", "eps"),
        ("eps", "cost"),
    ]:
        assert order.index(a) < order.index(b), (a, b)
    assert order.index("eps") == order.index("precision") + 1  # ε follows precision directly
    assert order.index("axes") <= 2  # what x is (one token's D features), before any picture of x is explained


def test_step_numbers_are_one_based_and_checked():
    assert lesson.step(1) is lesson.STEPS[0]
    assert lesson.step(len(lesson.STEPS)) is lesson.STEPS[-1]
    for bad in (0, len(lesson.STEPS) + 1, -1):
        with pytest.raises(ValueError, match="number"):
            lesson.step(bad)


def test_a_step_refuses_an_unknown_kind_target_or_wrong_dimension():
    with pytest.raises(ValueError, match="kind"):
        lesson.Step("x", "movie")
    with pytest.raises(ValueError, match="target"):
        lesson.Step("x", "plane", x=(1.0, 2.0), target="bn")
    with pytest.raises(ValueError, match="components"):
        lesson.Step("x", "space", x=(1.0, 2.0))


def test_worked_layer_norm_of_2_4_6_matches_the_seed():
    w = lesson.worked("ln", (2, 4, 6))
    assert w.mean == 4 and math.isclose(w.var, 8 / 3)
    np.testing.assert_allclose(w.centered, (-2, 0, 2))
    np.testing.assert_allclose(w.output, (-1.2247, 0, 1.2247), atol=5e-5)
    lines = lesson.worked_latex(w)
    assert r"\left(-1.2247, 0, 1.2247\right)" in lines[-1]
    assert any("= 2.6667" in line for line in lines) and any("= 1.6330" in line for line in lines)


def test_worked_rms_norm_of_2_4_6_matches_the_seed():
    w = lesson.worked("rms", (2, 4, 6))
    assert math.isclose(w.denom, math.sqrt(56 / 3)) and f"{w.denom:.4f}" == "4.3205"
    np.testing.assert_allclose(w.output, (0.4629, 0.9258, 1.3887), atol=5e-5)
    assert r"\left(0.4629, 0.9258, 1.3887\right)" in lesson.worked_latex(w)[-1]


@pytest.mark.parametrize("x", [(2.0, 4.0, 6.0), (3.0, 4.0), (-1.5, 0.25, 7.0), (101.0, 102.0, 103.0)])
@pytest.mark.parametrize("eps", [0.0, 1e-5, 0.1])
def test_every_worked_number_agrees_with_torch(x, eps):
    n = len(x)
    xt = torch.tensor(x, dtype=torch.float64)
    g = torch.linspace(0.5, 2.0, n, dtype=torch.float64)
    b = torch.linspace(-1.0, 1.0, n, dtype=torch.float64)
    ln = lesson.worked("ln", x, eps=eps, gamma=g.numpy(), beta=b.numpy())
    assert math.isclose(ln.mean, xt.mean().item()) and math.isclose(ln.var, xt.var(unbiased=False).item())
    np.testing.assert_allclose(ln.output, F.layer_norm(xt, (n,), g, b, eps).numpy(), atol=1e-12)
    np.testing.assert_allclose(ln.centered / ln.denom * g.numpy() + b.numpy(), ln.output, atol=1e-12)
    rms = lesson.worked("rms", x, eps=eps, gamma=g.numpy())
    np.testing.assert_allclose(rms.output, F.rms_norm(xt, (n,), g, eps).numpy(), atol=1e-12)
    np.testing.assert_allclose(rms.x / rms.denom * g.numpy(), rms.output, atol=1e-12)
    l2 = lesson.worked("l2", x, eps=eps)
    np.testing.assert_allclose(l2.output, F.normalize(xt, dim=0, eps=eps).numpy(), atol=1e-12)
    assert math.isclose(l2.denom, max(torch.linalg.vector_norm(xt).item(), eps))


def test_worked_refuses_unknown_methods_and_empty_input():
    with pytest.raises(ValueError, match="method"):
        lesson.worked("bn", (1, 2))
    with pytest.raises(ValueError, match="x"):
        lesson.worked("ln", ())


def test_the_score_is_the_euclidean_distance_with_a_verdict():
    s = lesson.score((1.0, 1.0), (0.6, 0.8))
    assert math.isclose(s.distance, math.hypot(0.4, 0.2)) and s.verdict == "far"
    assert lesson.score((0.6, 0.8), (0.6, 0.8)).verdict == "exact"
    assert lesson.score((0.65, 0.8), (0.6, 0.8)).verdict == "close"
    with pytest.raises(ValueError, match="guess"):
        lesson.score((1.0,), (0.6, 0.8))


def test_truth_is_the_centred_vector_or_the_target_output():
    center = next(s for s in lesson.STEPS if s.target == "center")
    np.testing.assert_allclose(lesson.truth(center, (1, 2, 3)), (-1, 0, 1))
    extreme = lesson.STEPS[lesson.KEYS.index("extreme")]
    np.testing.assert_allclose(lesson.truth(extreme, (1, 3)), (-1, 1), atol=1e-12)
    with pytest.raises(ValueError, match="prediction"):
        lesson.truth(lesson.STEPS[lesson.KEYS.index("dof")], (1, 2))


def test_every_plane_or_space_step_builds_a_scene_with_its_shown_methods():
    for s in lesson.STEPS:
        if s.kind in ("plane", "space"):
            scene = s.scene()
            assert scene.n == len(s.x) and scene.shown == s.shown
            assert len(scene.gamma) == len(scene.beta) == scene.n


def test_axes_scene_layer_norm_averages_each_token_and_batch_norm_each_feature():
    a = lesson.axes_scene((2, 3, 4), 7)
    np.testing.assert_allclose(a.ln_out.mean(axis=-1), 0, atol=1e-12)
    np.testing.assert_allclose(a.bn_out.mean(axis=(0, 1)), 0, atol=1e-12)
    xt = torch.tensor(a.x)
    bn = F.batch_norm(xt.reshape(-1, 4), None, None, training=True, eps=1e-300).reshape(2, 3, 4)  # eps > 0 required
    np.testing.assert_allclose(a.bn_out, bn.numpy(), atol=1e-12)
    np.testing.assert_allclose(a.ln_out, F.layer_norm(xt, (4,), eps=0.0).numpy(), atol=1e-12)
    assert (a.ln_groups, a.bn_groups) == (6, 4)


def test_precision_scene_float16_overflows_and_float32_does_not():
    p = lesson.precision_scene((300.0, 300.0))
    mean16, sum16, f32 = p.rows["fp16_mean"], p.rows["fp16_sum"], p.rows["fp32"]
    assert np.all(np.isinf(mean16.squares)) and mean16.total is None and math.isinf(mean16.mean_square)
    assert math.isinf(sum16.total) and f32.total == 180000.0 and f32.mean_square == 90000.0
    assert p.fp16_max == 65504.0 and math.isclose(p.threshold, math.sqrt(65504))
    np.testing.assert_array_equal(mean16.y, (0.0, 0.0))
    np.testing.assert_array_equal(sum16.y, (0.0, 0.0))
    np.testing.assert_allclose(f32.y, (1.0, 1.0))


def _rms_of_each_row_by_hand(v):
    """What each row's computation gives, by torch directly: float16 mean, float16 sum / 2, float32 sum / 2."""
    x16 = torch.tensor([v, v], dtype=torch.float16)
    out = {}
    for key, xt, ms in (
        ("fp16_mean", x16, lambda s: s.mean(-1, keepdim=True)),
        ("fp16_sum", x16, lambda s: s.sum(-1, keepdim=True) / 2),
        ("fp32", x16.float(), lambda s: s.sum(-1, keepdim=True) / 2),
    ):
        out[key] = (xt / (ms(xt * xt) + 1e-6).sqrt()).float().numpy()
    return out


@pytest.mark.parametrize("v", [100.0, 180.0, 181.0, 200.0, 255.0, 256.0, 300.0, 1000.0])
def test_each_precision_row_is_one_computation(v):
    """Issue 24 §1.2: Σx², the mean and the output of one row come from the same computation, so Σx² = ∞
    never sits next to a finite output; torch's float16 sum is inf from x₁ = x₂ = 181 on, its mean from 256."""
    p = lesson.precision_scene((v, v))
    expected = _rms_of_each_row_by_hand(v)
    for key, row in p.rows.items():
        np.testing.assert_allclose(row.y, expected[key], rtol=1e-3)
        reduced = row.mean_square if row.total is None else row.total
        assert math.isinf(reduced) == bool(np.all(row.y == 0.0)), key  # inf reduction <=> output 0
    assert math.isinf(p.rows["fp16_sum"].total) == (v >= 181.0)
    assert math.isinf(p.rows["fp16_mean"].mean_square) == (v >= 256.0)
    assert p.sum_threshold == pytest.approx(math.sqrt(65504 / 2)) and 180.0 < p.sum_threshold < 181.0
    assert math.isinf(p.rows["fp32"].total) is False
    np.testing.assert_allclose(p.rows["fp32"].y, F.rms_norm(torch.tensor([v, v]).half().float(), (2,), eps=1e-6))


def test_eps_rows_show_amplified_noise_flattening_and_nan():
    rows = lesson.eps_rows((5.0, 5.001, 4.999), (0.0, 1e-5))
    near0, near5, zero0, zero5 = rows
    assert math.isclose(near0.norm, math.sqrt(3), rel_tol=1e-6)
    assert near5.norm < 0.5 * near0.norm
    assert np.all(np.isnan(zero0.output)) and np.all(zero5.output == 0)


def test_cost_step_is_the_cost_pages_calculation_of_the_seed_case():
    params = lesson.STEPS[lesson.KEYS.index("cost")].param
    c = cost.compute(**params)
    assert c.calls == 48 and c.inputs.hidden == 2048
    assert c.bytes_total == 32768 * 2048 * 2 * 2 * 48  # T × D × b × (read + write) × calls
    assert f"{c.bytes_total / 1e9:.1f}" == "12.9" and f"{1e3 * c.time_bandwidth:.1f}" == "6.4"
    # the arithmetic at the cost page's assumed peak: a hundredth of the bandwidth time
    assert (
        c.time_compute == pytest.approx(c.norm_flops / c.inputs.peak_flops) and c.time_compute < c.time_bandwidth / 50
    )
    with pytest.raises(ValueError, match="tokens"):
        cost.compute(**(params | {"tokens": 0}))
    with pytest.raises(ValueError, match="bandwidth"):
        cost.compute(**(params | {"bandwidth": 0}))


def test_form_table_covers_every_method():
    assert set(lesson.FORM) == set(METHODS)


def _tuple(v, digits: int) -> str:
    return "(" + ", ".join("0" if round(c, digits) == 0 else f"{c:.{digits}f}".replace("-", "−") for c in v) + ")"


def test_the_numbers_the_step_texts_quote_are_torchs_in_both_languages():
    def text(key):
        return [CATALOG[f"lesson.step.{key}.text"][lang] for lang in LANGUAGES]

    t = lambda v: torch.tensor(v, dtype=torch.float64)  # noqa: E731
    inv = lesson.STEPS[lesson.KEYS.index("invariance")]
    moved = [v + inv.param["shift"] for v in inv.x]
    assert all(_tuple(F.rms_norm(t(moved), (3,), eps=0.0).tolist(), 2) in s for s in text("invariance"))
    assert all(_tuple(F.layer_norm(t(moved), (3,), eps=0.0).tolist(), 2) in s for s in text("invariance"))
    affine = lesson.STEPS[lesson.KEYS.index("affine")]
    g, b = (", ".join(f"{v:g}".replace("-", "−") for v in p) for p in (affine.gamma, affine.beta))
    assert all(f"γ = ({g})" in s and f"β = ({b})" in s for s in text("affine"))
    assert all("(1, 3)" in s for s in text("extreme"))  # the x whose output the student predicts
    v = lesson.STEPS[lesson.KEYS.index("precision")].param["x"][0]
    assert torch.isinf(torch.tensor(v, dtype=torch.float16) ** 2)
    assert all(f"{v:g}² = {v * v:g}" in s and "65504" in s for s in text("precision"))


def test_the_axes_scene_is_the_axes_pages_tensor():
    from normviz import axes

    np.testing.assert_array_equal(lesson.axes_scene((2, 3, 4), 7).x, axes.view("ln", 2, 3, 4, 7).x)


@pytest.mark.parametrize("key", [s.key for s in lesson.STEPS if s.target])
def test_a_predict_steps_text_does_not_give_away_its_answer(key):
    """The text before the reveal states the rule, never the output it asks for (at any precision shown)."""
    s = lesson.STEPS[lesson.KEYS.index(key)]
    true = lesson.truth(s, s.x)
    quoted = {_tuple(true, d) for d in range(5)} | {_tuple(true, d).strip("()") for d in range(1, 5)}
    for lang in LANGUAGES:
        text = CATALOG[f"lesson.step.{key}.text"][lang]
        assert not [q for q in quoted if q in text], (lang, text)


def test_gamma_and_beta_cannot_give_an_input_its_length_or_mean_back():
    """The same γ, β for every input: x and a·x + c·𝟏 leave LayerNorm (then γ, β) identical, x and a·x leave
    RMSNorm (then γ) identical, for random γ, β (ε = 0): numpy, torch through normviz, and torch's own."""
    import normviz as nv

    rng = np.random.default_rng(24)
    for _ in range(20):
        n = int(rng.integers(2, 9))
        x, g, b = rng.normal(size=n), rng.normal(scale=2.0, size=n), rng.normal(scale=2.0, size=n)
        a, c = float(rng.uniform(0.1, 50)), float(rng.uniform(-200, 200))
        for to in (np.asarray, lambda v: torch.tensor(v, dtype=torch.float64)):
            ln = lambda v, to=to, g=g, b=b: np.asarray(nv.layer_norm(to(v), weight=to(g), bias=to(b), eps=0.0))  # noqa: E731
            rms = lambda v, to=to, g=g: np.asarray(nv.rms_norm(to(v), weight=to(g), eps=0.0))  # noqa: E731
            np.testing.assert_allclose(ln(a * x + c), ln(x), rtol=0, atol=1e-9)
            np.testing.assert_allclose(rms(a * x), rms(x), rtol=0, atol=1e-9)
            assert not np.allclose(rms(x + 100.0), rms(x), atol=1e-3)  # RMSNorm does see a shift
        xt = torch.tensor(x)
        torch.testing.assert_close(
            F.layer_norm(a * xt + c, (n,), torch.tensor(g), torch.tensor(b), eps=0.0),
            F.layer_norm(xt, (n,), torch.tensor(g), torch.tensor(b), eps=0.0),
            rtol=0,
            atol=1e-9,
        )


def test_the_affine_steps_rows_are_the_pair_its_text_names_and_get_one_output():
    s = lesson.STEPS[lesson.KEYS.index("affine")]
    a, c = s.param["scale"], s.param["shift"]
    assert s.eps == 0.0
    for lang in LANGUAGES:
        assert f"{a:g}·x + {c:g}·𝟏" in CATALOG["lesson.step.affine.text"][lang]
    for x in (s.x, (-7.5, 2.25), (0.1, 0.3)):
        x_row, scaled, moved = lesson.affine_rows(s, x)
        np.testing.assert_allclose(moved.x, a * np.asarray(x) + c)
        np.testing.assert_allclose(scaled.x, a * np.asarray(x))
        np.testing.assert_allclose(moved.ln, x_row.ln, atol=1e-12)  # LayerNorm, then γ and β: one output
        np.testing.assert_allclose(scaled.ln, x_row.ln, atol=1e-12)
        np.testing.assert_allclose(scaled.rms, x_row.rms, atol=1e-12)  # RMSNorm, then γ: x and a·x alike
        assert not np.allclose(moved.rms, x_row.rms)
        want = F.layer_norm(
            torch.tensor(x, dtype=torch.float64),
            (2,),
            torch.tensor(s.gamma, dtype=torch.float64),
            torch.tensor(s.beta, dtype=torch.float64),
            eps=0.0,
        )
        np.testing.assert_allclose(x_row.ln, want.numpy(), atol=1e-12)


def test_prepost_reads_the_residual_stacks_stream_lengths():
    from normviz import residual

    comp = residual.compare(residual.StackConfig(depth=6, width=32))
    p = lesson.prepost(comp)
    pre, post = comp.runs[("pre", "ln")], comp.runs[("post", "ln")]
    assert (p.depth, p.width) == (6, 32) and p.start == pre.stream_norm[0] == post.stream_norm[0]
    assert p.pre_top == pre.stream_norm[6] and p.post_top == post.stream_norm[6]
    assert p.post_top == pytest.approx(math.sqrt(32), rel=1e-3)  # every Post-Norm layer ends in a Norm
    assert p.pre_top > 1.2 * p.start  # Pre-Norm's stream grows: nothing normalizes it


def test_the_warp_step_follows_the_layernorm_steps_and_precedes_the_closing():
    order = lesson.KEYS
    assert order.index("extreme") + 1 == order.index("warp") < order.index("summary")
    s = lesson.STEPS[order.index("warp")]
    assert s.kind == "warp" and s.eps == 0.0 and s.param["method"] == "ln"


def test_the_warp_steps_grid_lands_on_two_points_by_a_direct_computation():
    """Every integer point of [−3, 3]² through torch's layer_norm at ε = 0: those with x₁ > x₂ on (1, −1), those
    with x₁ < x₂ on (−1, 1), the diagonal 0/0; lesson.grid_landing says the same, with the same counts."""
    s = lesson.STEPS[lesson.KEYS.index("warp")]
    values = np.linspace(-s.param["extent"], s.param["extent"], s.param["count"])
    grid = torch.tensor([(a, b) for a in values for b in values], dtype=torch.float64)
    out = F.layer_norm(grid, (2,), eps=0.0)
    below, above = grid[:, 0] > grid[:, 1], grid[:, 0] < grid[:, 1]
    landing = lesson.grid_landing(s)
    assert landing.total == len(grid) and landing.undefined == int(torch.isnan(out).any(dim=1).sum())
    assert landing.undefined == int((grid[:, 0] == grid[:, 1]).sum())
    want = {"below": (int(below.sum()), out[below]), "above": (int(above.sum()), out[above])}
    assert [g.side for g in landing.groups] == ["below", "above"]
    for g in landing.groups:
        count, outputs = want[g.side]
        assert g.count == count
        torch.testing.assert_close(outputs, torch.tensor(g.output).expand_as(outputs), rtol=0, atol=1e-12)
    assert (landing.groups[0].count, landing.groups[1].count, landing.undefined) == (21, 21, 7)  # the seed's picture


def test_the_warp_step_has_its_texts_in_both_languages_and_its_statement_says_eps_0():
    for lang in LANGUAGES:
        for key in ("lesson.warp.landing", "lesson.warp.distinct", "lesson.step.warp.title", "lesson.step.warp.text"):
            assert CATALOG[key][lang].strip()
        assert "ε = 0" in CATALOG["lesson.warp.landing"][lang] and "ε = 0" in CATALOG["lesson.step.warp.text"][lang]


def test_the_optional_closing_step_follows_the_cost_step_and_precedes_the_summary():
    order = lesson.KEYS
    assert order.index("cost") + 2 == order.index("beyond") == order.index("summary") - 1
    assert lesson.STEPS[order.index("beyond")].kind == "beyond"
    assert CATALOG["lesson.step.beyond.title"]["en"].startswith("Optional")
    assert CATALOG["lesson.step.beyond.title"]["zh"].startswith("选读")
    for key in (
        "lesson.beyond.dyt",
        "lesson.beyond.derf",
        "lesson.beyond.qk",
        "lesson.beyond.outlier",
        "lesson.beyond.residual",
    ):
        for lang in LANGUAGES:
            assert CATALOG[key][lang].strip()
    for lang in LANGUAGES:  # each claim says where it holds
        assert "ε = 0" in CATALOG["lesson.beyond.qk"][lang] and "ε = 0" in CATALOG["lesson.beyond.outlier"][lang]
        assert "RMSNorm" in CATALOG["lesson.beyond.qk"][lang] and "RMSNorm" in CATALOG["lesson.beyond.outlier"][lang]
    assert "at initialization" in CATALOG["lesson.beyond.residual"]["en"]
    assert "初始化时" in CATALOG["lesson.beyond.residual"]["zh"]


def test_the_closing_steps_numbers_are_a_direct_torch_computation():
    """DyT is tanh(0.5·x) (the paper's α₀), LayerNorm torch's at ε = 0; the QK logits are torch dot products of the
    same seeded draws, plain and through torch's rms_norm at ε = 0; the outlier factor is the ratio of torch's
    RMSNorm outputs with the outlier and with 0 in its place."""
    s = lesson.STEPS[lesson.KEYS.index("beyond")]
    p = s.param
    b = lesson.beyond_scene(s)
    x = torch.tensor(p["x"], dtype=torch.float64)
    assert b.alpha == 0.5
    dyt, ln = torch.tanh(0.5 * x), F.layer_norm(x, (3,), eps=0.0)
    np.testing.assert_allclose(b.dyt, dyt.numpy(), rtol=1e-12)
    np.testing.assert_allclose(b.ln, ln.numpy(), atol=1e-12)
    assert b.distance == pytest.approx(float(torch.linalg.vector_norm(dyt - ln) / math.sqrt(3)), rel=1e-12)
    moved = x + p["offset"]
    dyt_c, ln_c = torch.tanh(0.5 * moved), F.layer_norm(moved, (3,), eps=0.0)
    np.testing.assert_allclose(b.offset_dyt, dyt_c.numpy(), rtol=1e-12)
    np.testing.assert_allclose(b.offset_ln, ln.numpy(), atol=1e-9)  # LayerNorm removes the offset
    np.testing.assert_allclose(ln_c.numpy(), ln.numpy(), atol=1e-9)
    assert b.offset_distance == pytest.approx(float(torch.linalg.vector_norm(dyt_c - ln_c) / math.sqrt(3)), rel=1e-12)
    assert b.offset_limit == pytest.approx(math.sqrt(2), rel=1e-12) and b.offset_distance > 1.4  # saturated
    derf = torch.erf(0.5 * x)  # Derf at the paper's α₀ = 0.5, s₀ = 0
    np.testing.assert_allclose(b.derf, derf.numpy(), rtol=1e-15)
    assert b.derf_distance == pytest.approx(float(torch.linalg.vector_norm(derf - ln) / math.sqrt(3)), rel=1e-12)
    assert b.dyt_curve.steepest == 0.5 and b.derf_curve.steepest == pytest.approx(1 / math.sqrt(math.pi), rel=1e-15)
    q = torch.tensor(0.99, dtype=torch.float64)
    assert b.dyt_curve.saturation[1] == pytest.approx(float(torch.atanh(q) / 0.5), rel=1e-12)
    assert b.derf_curve.saturation[1] == pytest.approx(float(torch.special.erfinv(q) / 0.5), rel=1e-12)
    assert float(torch.erf(0.5 * torch.tensor(b.derf_curve.saturation[1], dtype=torch.float64))) == pytest.approx(
        0.99, rel=1e-12
    )
    assert (b.vit.layer_norm, b.vit.dyt, b.vit.derf) == (82.3, 82.5, 82.8)  # as Chen et al. report them
    c = float(torch.std(x, unbiased=False))  # σ frozen at x's own σ (ε = 0): LN_c(2x) = 2·LN(x) ≠ LN(2x) = LN(x)
    assert b.frozen_c == pytest.approx(c, rel=1e-14)
    np.testing.assert_allclose(b.frozen_double, ((2 * x - (2 * x).mean()) / c).numpy(), rtol=1e-14)
    np.testing.assert_allclose(b.frozen_double, 2 * ln.numpy(), atol=1e-12)
    np.testing.assert_allclose(b.ln_double, F.layer_norm(2 * x, (3,), eps=0.0).numpy(), atol=1e-12)

    d, m, scale = p["head_dim"], p["keys"], p["qk_scale"]
    rng = np.random.default_rng(p["seed"])
    q, k = torch.from_numpy(rng.standard_normal(d)), torch.from_numpy(rng.standard_normal((m, d)))
    assert b.head_dim == d == 128 and b.bound == pytest.approx(math.sqrt(128), rel=1e-12)
    for i, sc in enumerate((1.0, scale)):
        plain = (sc * k) @ (sc * q) / math.sqrt(d)
        normed = F.rms_norm(sc * k, (d,), eps=0.0) @ F.rms_norm(sc * q, (d,), eps=0.0) / math.sqrt(d)
        logp = torch.log_softmax(plain, dim=0)
        assert b.plain_max[i] == pytest.approx(float(plain.abs().max()), rel=1e-12)
        assert b.normed_max[i] == pytest.approx(float(normed.abs().max()), rel=1e-12)
        assert b.plain_entropy[i] == pytest.approx(float(-(logp.exp() * logp).sum()), rel=1e-6, abs=1e-12)
        assert b.normed_max[i] <= math.sqrt(d)
    assert b.plain_max[1] == pytest.approx(scale**2 * b.plain_max[0], rel=1e-12)
    assert b.normed_max[1] == pytest.approx(b.normed_max[0], rel=1e-12) and b.plain_entropy[1] < 0.01

    n, big = p["outlier_dim"], p["outlier"]
    with_s = torch.ones(n, dtype=torch.float64)
    with_s[0] = big
    without = torch.ones(n, dtype=torch.float64)
    without[0] = 0.0
    ratio = F.rms_norm(with_s, (n,), eps=0.0)[1:] / F.rms_norm(without, (n,), eps=0.0)[1:]
    assert b.rms_factor == pytest.approx(float(ratio[0]), rel=1e-12) and torch.allclose(ratio, ratio[0])
    assert b.rms_factor == pytest.approx(math.sqrt((n - 1) / (n - 1 + big**2)), rel=1e-12)
    assert b.dyt_other == pytest.approx(math.tanh(0.5), rel=1e-12)


def _stream_tops(config, norm_out: bool) -> tuple[float, float]:
    """Pre-Norm (norm_out False) or Peri-Norm (True) with torch's RMSNorm at the library's default ε, written out:
    the same draws as the residual page's stack (numpy PCG64 from the seed: z, R, the weights), the mean over
    tokens of ‖h₀‖ and of ‖h_L‖."""
    rng = np.random.default_rng(config.seed)
    d = config.width
    z = rng.standard_normal((config.tokens, d), dtype=np.float32)
    rng.standard_normal((config.tokens, d), dtype=np.float32)  # R: drawn, unused here
    w = rng.standard_normal((48, 2, d, d), dtype=np.float32) * np.float32(1 / math.sqrt(d))
    eps = METHODS["rms"].default_eps
    h = torch.from_numpy(z) * config.scale
    start = float(h.double().norm(dim=-1).mean())
    for layer in range(config.depth):
        w1, w2 = torch.from_numpy(w[layer, 0]), torch.from_numpy(w[layer, 1])
        out = config.gain * (F.gelu(F.rms_norm(h, (d,), eps=eps) @ w1.T) @ w2.T)
        h = h + (F.rms_norm(out, (d,), eps=eps) if norm_out else out)
    return start, float(h.double().norm(dim=-1).mean())


def test_the_closing_steps_stream_lengths_are_a_direct_computation_of_the_residual_pages_default_stack():
    from normviz import residual

    config = residual.StackConfig()
    assert (config.depth, config.width, config.seed, config.scale, config.gain) == (24, 128, 0, 1.0, 1.0)
    r = beyond.stack_tops(residual.compare(config))
    start, pre = _stream_tops(config, norm_out=False)
    _, peri = _stream_tops(config, norm_out=True)
    assert (r.depth, r.width, r.norm) == (24, 128, "rms")
    assert r.start == pytest.approx(start, rel=1e-6)
    assert r.pre_top == pytest.approx(pre, rel=1e-4) and r.peri_top == pytest.approx(peri, rel=1e-4)
    assert r.peri_estimate == pytest.approx(math.sqrt(start**2 + 24 * 128), rel=1e-6)
    assert r.root_width == math.sqrt(128) and r.ngpt_top == pytest.approx(math.sqrt(128), rel=1e-4)
    assert r.peri_top > r.pre_top > r.start  # what the sentence says: both grow, Peri-Norm by about √D per layer
    assert abs(r.peri_top / r.peri_estimate - 1) < 0.06


# --- the optional real-model step (normviz.model: all-MiniLM-L6-v2 on one sentence) ----------------------------


def test_the_lesson_has_20_steps_and_the_real_model_step_sits_between_cost_and_beyond():
    order = lesson.KEYS
    assert len(lesson.STEPS) == 20  # 19 before the real-model step
    assert order[-4:] == ("cost", "model", "beyond", "summary")
    s = lesson.STEPS[order.index("model")]
    assert s.kind == "model" and s.param["sentence"] == lesson.MODEL_SENTENCE
    assert (
        CATALOG["lesson.step.model.title"]["en"].startswith("Optional")
        and "real model" in (CATALOG["lesson.step.model.title"]["en"])
    )
    assert (
        CATALOG["lesson.step.model.title"]["zh"].startswith("选读")
        and "真实模型" in (CATALOG["lesson.step.model.title"]["zh"])
    )


def test_the_real_model_steps_sentence_is_the_model_pages_first_example():
    from normviz.ui.model import PRESETS

    assert lesson.MODEL_SENTENCE == PRESETS[0]  # the step's link opens the page on the same run


def _captured_by_torch(sentence: str):
    """The captured LayerNorm inputs of ``sentence`` (``normviz.model.run``, hooks), and from them, in torch, per
    norm and token: the share μ²·D/‖x‖², and ‖LN(x) − RMS(x)‖/‖LN(x)‖ with torch's layer_norm and rms_norm at the
    model's ε (γ = 1, β = 0), each also written out and checked against the torch function."""
    from normviz import model

    run = model.run(sentence)
    x = torch.from_numpy(np.array(run.inputs)).double()  # (13, S, D)
    d = x.shape[-1]
    mu = x.mean(-1, keepdim=True)
    share = (mu[..., 0] ** 2 * d / (x * x).sum(-1)).numpy()
    ln = F.layer_norm(x, (d,), eps=run.eps)
    rms = F.rms_norm(x, (d,), eps=run.eps)
    var = ((x - mu) ** 2).mean(-1, keepdim=True)  # biased
    torch.testing.assert_close(ln, (x - mu) / torch.sqrt(var + run.eps), rtol=1e-12, atol=1e-12)
    torch.testing.assert_close(rms, x / torch.sqrt((x * x).mean(-1, keepdim=True) + run.eps), rtol=1e-12, atol=1e-12)
    gap = (torch.linalg.vector_norm(ln - rms, dim=-1) / torch.linalg.vector_norm(ln, dim=-1)).numpy()
    return run, share, gap


def test_the_real_model_steps_numbers_are_torchs_on_the_captured_inputs():
    """Shares and gaps against torch on the inputs the hooks captured; the closed form against torch's gaps; the
    last norm's γ ≈ 0 coordinates and its input's outlier coordinates counted in torch."""
    s = lesson.STEPS[lesson.KEYS.index("model")]
    m = lesson.model_scene(s)
    run, share, gap = _captured_by_torch(s.param["sentence"])
    assert (
        m.tokens == run.tokens
        and len(m.tokens) == 15
        and m.names == tuple(["embeddings", *(f"layer{i}.{p}" for i in range(1, 7) for p in ("attention", "output"))])
    )
    np.testing.assert_allclose(m.shares, share, rtol=1e-9, atol=1e-15)
    np.testing.assert_allclose(m.gaps, gap, rtol=1e-9, atol=1e-15)
    means, mean_gaps = share.mean(axis=1), gap.mean(axis=1)
    assert (m.top, m.low) == (int(np.argmax(means)), int(np.argmin(means)))
    np.testing.assert_allclose(m.mean_gap, mean_gaps, rtol=1e-9)
    closed = np.sqrt(2 * (1 - np.sqrt(1 - share)))  # the ε = 0 formula, written out
    assert m.formula_error < 1e-9 and float(np.max(np.abs(closed - gap))) < 1e-9  # ε = 10⁻¹² next to σ² ~ 0.5
    # what the step's sentences claim: shares below 1 % everywhere (the centring removes almost nothing), gaps of
    # a few per cent; the seed sentence's own numbers (issue 20: 0.01–0.5 % and 0.7–5 %)
    assert share.max() < 0.01 and 0.005 < mean_gaps.min() < mean_gaps.max() < 0.06
    assert (m.names[m.top], m.names[m.low]) == ("layer2.attention", "layer5.output")
    gamma = torch.from_numpy(np.array(run.gammas[-1])).double()
    small = torch.nonzero(gamma.abs() < 0.05 * gamma.abs().median()).flatten().tolist()
    last = torch.from_numpy(np.array(run.inputs[-1])).double()
    ratio = last.abs() / torch.sqrt((last * last).mean(-1, keepdim=True))
    flagged = set(torch.nonzero((ratio > s.param["threshold"]).any(0)).flatten().tolist())
    assert set(m.small_gamma) == set(small) == {127, 223, 319}
    assert set(m.outliers) == flagged and set(m.both) == set(small) & flagged == set(small)
    assert m.both_ratio == pytest.approx(float(ratio[:, list(m.both)].max()), rel=1e-9)


def test_without_the_models_files_the_real_model_scene_raises_model_file_error(monkeypatch, tmp_path):
    from normviz import model

    monkeypatch.setenv(model.ENV_DIR, str(tmp_path))  # an empty folder: every file missing
    with pytest.raises(model.ModelFileError, match="missing"):
        lesson.model_scene(lesson.STEPS[lesson.KEYS.index("model")])
