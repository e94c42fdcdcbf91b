"""normviz.exercises: every answer against an independent computation, seeds, checking typed answers."""

import math
import random

import numpy as np
import pytest
import torch
import torch.nn.functional as F

from normviz import exercises as ex
from normviz import residual, warp
from normviz.i18n import CATALOG, LANGUAGES
from normviz.ui.exercises import text_key

SEEDS = (0, 1, 123, 2026, 999_999)


def by_key(problems):
    return {p.key: p for p in problems}


def test_the_bank_has_at_least_12_exercises_with_unique_keys_and_strings():
    keys = [e.key for e in ex.BANK]
    assert len(keys) >= 12 and len(set(keys)) == len(keys)
    for p in ex.make_set(5):
        variant = p.extra.get("what") or p.extra.get("which")
        assert text_key(p, "q") == f"exercise.{p.key}.q" + (f".{variant}" if variant else "")
        for k in (text_key(p, "q"), text_key(p, "why"), *(f"exercises.choice.{c}" for c in p.choices)):
            assert all(CATALOG[k][lang].strip() for lang in LANGUAGES), k
        assert p.answer_kind in ex.ANSWER_KINDS
        if p.answer_kind == "choice":
            assert p.answer in p.choices


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seed_reproduces_its_set_and_different_seeds_differ(seed):
    assert ex.make_set(seed) == ex.make_set(seed)
    sets = {tuple(str(p.values) for p in ex.make_set(s)) for s in SEEDS}
    assert len(sets) > 1


def test_bad_seeds_are_refused():
    for bad in (-1, ex.SEED_MAX + 1, 1.5):
        with pytest.raises(ValueError, match="seed"):
            ex.make_set(bad)


def test_the_seed_examples_layer_norm_and_rms_norm_of_2_4_6():
    p = by_key(ex.make_set(0))
    np.testing.assert_allclose(p["ln_246"].answer, (-1.2247, 0, 1.2247), atol=5e-5)
    np.testing.assert_allclose(p["rms_246"].answer, (0.4629, 0.9258, 1.3887), atol=5e-5)


def test_norm_param_count_for_d_4096():
    assert ex.norm_param_count("ln", 4096) == 8192
    assert ex.norm_param_count("rms", 4096) == 4096
    assert ex.norm_param_count("ln_nobias", 4096) == 4096
    with pytest.raises(ValueError, match="kind"):
        ex.norm_param_count("bn", 8)
    with pytest.raises(ValueError, match="d"):
        ex.norm_param_count("ln", 0)


def _torch_answer(p):
    """The answer of ``p`` computed independently of normviz (torch, numpy, the stated facts)."""
    v = p.values
    if p.key in ("ln_246", "ln_2d", "rms_246", "l2_pair"):
        x = torch.tensor([float(c) for c in v["x"].strip("()").replace("−", "-").split(",")], dtype=torch.float64)
        n = x.numel()
        if p.key.startswith("ln"):
            return tuple(F.layer_norm(x, (n,), eps=0.0).tolist())
        if p.key == "rms_246":
            return tuple(F.rms_norm(x, (n,), eps=0.0).tolist())
        return tuple(F.normalize(x, dim=0).tolist())
    if p.key == "params":
        layer = torch.nn.LayerNorm(v["d"]) if v["method"] == "LayerNorm" else torch.nn.RMSNorm(v["d"])
        return float(sum(t.numel() for t in layer.parameters()))
    if p.key == "dof":
        n = v["n"]
        return float(n - 2 if v["method"] == "LayerNorm" else n - 1)
    if p.key == "invariant":
        x = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)
        y = x + 100 if p.extra["what"] == "shift" else 7 * x
        # the feedback's figure and its sentence show this very pair
        move = "x + 100·𝟏" if p.extra["what"] == "shift" else "7·x"
        assert p.figure == ("moved", {"x": tuple(x.tolist()), "moved": tuple(y.tolist()), "label": move})
        assert v["move"] == move
        assert (v["x"], v["moved"]) == ("(1, 2, 3)", "(101, 102, 103)" if p.extra["what"] == "shift" else "(7, 14, 21)")
        same = [
            torch.allclose(f(x), f(y))
            for f in (
                lambda t: F.normalize(t, dim=0),
                lambda t: F.rms_norm(t, (3,), eps=0.0),
                lambda t: F.layer_norm(t, (3,), eps=0.0),
            )
        ]
        return {(False, False, True): "ln_only", (True, True, True): "all", (False, True, True): "rms_ln"}[tuple(same)]
    if p.key == "fp16_threshold":
        return math.sqrt(torch.finfo(torch.float16).max)
    if p.key == "fp16_overflow":
        return "yes" if torch.isinf(torch.tensor(float(v["v"]), dtype=torch.float16) ** 2) else "no"
    if p.key == "rms_length":
        x = torch.randn(v["n"], dtype=torch.float64)
        return torch.linalg.vector_norm(F.rms_norm(x, (v["n"],), eps=0.0)).item()
    if p.key == "axis":
        x = torch.randn(2, 3, 4, dtype=torch.float64)
        if p.extra["which"] == "ln":
            ok = torch.allclose(F.layer_norm(x, (4,)).mean(-1), torch.zeros(2, 3, dtype=torch.float64), atol=1e-9)
            return "last" if ok else None
        bn = F.batch_norm(x.reshape(-1, 4), None, None, training=True).reshape(2, 3, 4)
        return "batch_seq" if torch.allclose(bn.mean((0, 1)), torch.zeros(4, dtype=torch.float64), atol=1e-9) else None
    if p.key == "checkpoint":
        rms = {k: t.shape for k, t in torch.nn.RMSNorm(v["d"]).state_dict().items()}
        ln_nobias = {k: t.shape for k, t in torch.nn.LayerNorm(v["d"], bias=False).state_dict().items()}
        return "either" if rms == ln_nobias else "rms"
    if p.key == "zero":
        out = F.layer_norm(torch.zeros(v["n"], dtype=torch.float64), (v["n"],), eps=0.0)
        return "nan" if torch.isnan(out).all() else "zero"
    if p.key == "traffic":
        return v["tokens"] * v["d"] * 2 * 2 * v["calls"] / 1e9
    if p.key == "grad_path":
        return _torch_grad_path(p.extra["what"], v["depth"])
    if p.key == "stack_growth":
        growth = _torch_growth(p.extra["what"], v["depth"], float(v["gain"]))
        assert float(v["growth"]) == pytest.approx(growth, rel=5e-3)  # shown to 3 digits, float32 vs 64
        return "below_2" if growth < 2 else "two_to_ten" if growth <= 10 else "above_10"
    if p.key == "merge":
        return _torch_merge_count(p)
    if p.key == "ellipse_axes":
        return _svd_semi_axes(_parse(v["gamma"]))
    if p.key == "qk_bound":
        return _torch_qk(p)
    if p.key == "outlier":
        return _torch_outlier(p)
    if p.key in ("model_share", "model_gap"):
        return _torch_model(p)
    if p.key == "derf":
        return _torch_derf(p)
    if p.key == "frozen":
        return _torch_frozen(p)
    raise AssertionError(f"no independent computation for {p.key}")


def _torch_derf(p) -> float:
    """Derf's slope at 0 (autograd through torch.erf), its 99 % point (torch's erfinv), or the α whose slope 2α/√π
    at 0 is LayerNorm's gain 1/r (ε = 0)."""
    v, what = p.values, p.extra["what"]
    if what == "match":
        return 1 / float(v["r"]) * math.sqrt(math.pi) / 2
    a = float(v["alpha"])
    if what == "saturation":
        return float(torch.special.erfinv(torch.tensor(0.99, dtype=torch.float64))) / a
    z = torch.zeros((), dtype=torch.float64, requires_grad=True)
    return float(torch.autograd.grad(torch.erf(a * z), z)[0])


def _torch_frozen(p) -> tuple[float, ...]:
    """(x' − mean(x')·𝟏)/c for x' = k·x or x + b·𝟏, written out in torch."""
    v = p.values
    x = torch.tensor(_parse(v["x"]), dtype=torch.float64)
    moved = float(v["k"]) * x if p.extra["what"] == "scaled" else x + float(_parse(f"({v['b']})")[0])
    return tuple(((moved - moved.mean()) / float(v["c"])).tolist())


def _gains(p):
    """γ_q and γ_k of a qk_bound problem as tensors of length d (the two shown entries, alternating)."""
    d = p.values["d"]
    if p.extra["what"] == "ones":
        return torch.ones(d, dtype=torch.float64), torch.ones(d, dtype=torch.float64)
    pair = [_parse(p.values[g].replace(", …", ""))[:2] for g in ("gq", "gk")]
    return tuple(torch.tensor(g * (d // 2), dtype=torch.float64) for g in pair)


def _torch_qk(p):
    """The bound as the direct formula √d·max|γ_q,ᵢ γ_k,ᵢ|; the scale factors from torch's logits (F.rms_norm)."""
    v, what = p.values, p.extra["what"]
    if what in ("ones", "gamma"):
        gq, gk = (g.numpy() for g in _gains(p))
        return math.sqrt(v["d"]) * float(np.max(np.abs(gq * gk)))
    q, k = (torch.tensor(_parse(v[n]), dtype=torch.float64) for n in ("q", "k"))
    s = float(v["s"])

    def logit(a, b):
        if what == "normed":
            a, b = F.rms_norm(a, (4,), eps=0.0), F.rms_norm(b, (4,), eps=0.0)
        return float(a @ b) / 2.0  # √d = 2

    assert v["before"] == (ex.shortest(logit(q, k)) if what == "plain" else ex.decimals(logit(q, k), 4))
    return logit(s * q, s * k) / logit(q, k)


def _outlier_x(p):
    x = torch.tensor(_parse(p.values["x"]), dtype=torch.float64)
    index = int("".join(str("₀₁₂₃₄₅₆₇₈₉".index(c)) for c in p.values["sub"])) - 1
    assert x[index] == float(p.values["s"]) and x.numel() == p.values["D"]
    return x, index


def _torch_outlier(p):
    """RMSNorm and DyT in torch with the outlier at s and at 0 (one factor for all the others); LayerNorm's limit
    as the formula −1/√(D − 1)."""
    x, index = _outlier_x(p)
    quiet = x.clone()
    quiet[index] = 0.0
    others = torch.arange(x.numel()) != index
    what = p.extra["what"]
    if what == "ln":
        return -1.0 / math.sqrt(p.values["D"] - 1)
    if what == "rms":
        f = lambda t: F.rms_norm(t, t.shape, eps=0.0)  # noqa: E731
    else:
        f = lambda t: torch.tanh(float(p.values["alpha"]) * t)  # noqa: E731
    ratios = f(x)[others] / f(quiet)[others]
    assert torch.allclose(ratios, ratios[0].expand_as(ratios), rtol=1e-12, atol=0)
    return float(ratios[0])


def _torch_share_and_gap(sentence: str):
    """The captured LayerNorm inputs of ``sentence`` (``normviz.model.run``), and from them in torch, per norm
    and token: the share μ²·D/‖x‖² and ‖LN(x) − RMS(x)‖/‖LN(x)‖ with torch's layer_norm and rms_norm at the
    model's ε (γ = 1, β = 0). (tests/test_lesson.py also writes both norms out against these functions.)"""
    import torch
    import torch.nn.functional as F

    from normviz import model

    run = model.run(sentence)
    x = torch.from_numpy(np.array(run.inputs)).double()  # (13, S, D)
    d = x.shape[-1]
    share = (x.mean(-1) ** 2 * d / (x * x).sum(-1)).numpy()
    ln, rms = F.layer_norm(x, (d,), eps=run.eps), F.rms_norm(x, (d,), eps=run.eps)
    gap = (torch.linalg.vector_norm(ln - rms, dim=-1) / torch.linalg.vector_norm(ln, dim=-1)).numpy()
    return run, share, gap


def _torch_model(p):
    """The model exercises' answers from torch on the captured LayerNorm inputs of the question's sentence: the
    norm of the largest mean share μ²·D/‖x‖², or one token's ‖LN(x) − RMS(x)‖/‖LN(x)‖ (torch's layer_norm and
    rms_norm at the model's ε, γ = 1, β = 0), whose share the question gives to 6 significant digits."""
    run, share, gap = _torch_share_and_gap(p.extra["sentence"])
    assert p.extra["sentence"] in ex.MODEL_SENTENCES and p.values["sentence"] == p.extra["sentence"]
    names = ex.model.NORMS
    if p.key == "model_share":
        means = share.mean(axis=1)
        assert p.choices == names and p.values["count"] == len(run.tokens)
        assert p.values["top_mean"] == f"{ex.significant(100 * means.max(), 3)} %"
        return names[int(np.argmax(means))]
    k, j = names.index(p.values["norm"]), p.values["position"]
    assert run.tokens[j] == p.values["token"] and 0 < j < len(run.tokens) - 1  # a word piece, not [CLS] or [SEP]
    assert p.values["c"] == ex.significant(share[k, j], 6) and share[k, j] >= ex.MODEL_MIN_SHARE
    return float(gap[k, j])


def _parse(text):
    """A vector as the questions show it, "(1, −2)", back to floats."""
    return tuple(float(c) for c in text.strip("()").replace("−", "-").split(","))


TORCH_METHOD = {
    "L2": lambda x, eps: F.normalize(x, dim=-1, eps=eps),
    "RMSNorm": lambda x, eps: F.rms_norm(x, x.shape[-1:], eps=eps),
    "LayerNorm": lambda x, eps: F.layer_norm(x, x.shape[-1:], eps=eps),
}


def _torch_merge(p):
    """Brute force in torch: every integer point of [−3, 3]² whose output equals x's (NaN outputs never do)."""
    v = p.values
    f = TORCH_METHOD[v["method"]]
    eps = float(v["eps"])
    grid = torch.tensor([(a, b) for a in range(-3, 4) for b in range(-3, 4)], dtype=torch.float64)
    x = torch.tensor(_parse(v["x"]), dtype=torch.float64)
    out, target = f(grid, eps), f(x, eps)
    close = (out - target).norm(dim=-1) <= 1e-9 * (1 + target.norm())
    return grid[close & torch.isfinite(out).all(dim=-1)].numpy()


def _torch_merge_count(p):
    return float(len(_torch_merge(p)))


def _svd_semi_axes(gamma):
    """√N times the singular values of diag(γ)·B, B an orthonormal basis of Σzᵢ = 0 (from the SVD of 𝟏ᵀ)."""
    n = len(gamma)
    basis = np.linalg.svd(np.ones((1, n)))[2][1:].T  # (N, N − 1): the null space of 𝟏ᵀ
    return tuple(math.sqrt(n) * np.linalg.svd(np.diag(gamma) @ basis, compute_uv=False))


@pytest.mark.parametrize("seed", SEEDS)
def test_every_answer_agrees_with_an_independent_computation(seed):
    torch.manual_seed(seed)
    for p in ex.make_set(seed):
        want = _torch_answer(p)
        if p.answer_kind == "choice":
            assert p.answer == want, p.key
        elif p.answer_kind == "vector":
            np.testing.assert_allclose(p.answer, want, atol=1e-9, err_msg=p.key)
        else:
            assert math.isclose(float(p.answer), float(want), rel_tol=1e-9, abs_tol=1e-9), p.key
        assert ex.check(p, p.answer if p.answer_kind == "choice" else _typed(p)).status == "right", p.key


def _stack(depth, gain=1.0):
    """The residual page's stack at its defaults (width 128, seed 0), the weights it draws."""
    config = residual.StackConfig(depth=depth, gain=gain)
    h0, weights, r = residual.parameters(config)  # float32 draws, as the page's; worked in float64 here
    return config, h0.double(), [(w1.double(), w2.double()) for w1, w2 in weights], r.double()


def _rms(h):
    return F.rms_norm(h, h.shape[-1:], eps=1e-6)


def _torch_grad_path(arrangement, depth):
    """Which path hands ∂L/∂h_L to h₀ unchanged, written out in torch (blocks detached, or the skips)."""
    config, h0, weights, r = _stack(depth)
    arrived = {}
    for path in ("skip", "branch"):
        h = h0.clone().requires_grad_(True)
        streams = [h]
        for w1, w2 in weights:
            f = lambda u, w1=w1, w2=w2: config.gain * (F.gelu(u @ w1.T) @ w2.T)  # noqa: E731
            skip = h.detach() if path == "branch" else h
            branch = f(_rms(h) if arrangement == "pre" else h)
            branch = branch.detach() if path == "skip" else branch
            h = skip + branch if arrangement == "pre" else _rms(skip + branch)
            h.retain_grad()
            streams.append(h)
        ((_rms(h) if arrangement == "pre" else h) * r).sum().backward()
        arrived[path] = torch.equal(streams[0].grad, streams[-1].grad)
    return next((p for p in ("skip", "branch") if arrived[p]), "neither")


def _torch_growth(arrangement, depth, gain):
    """‖h_L‖ / ‖h₀‖ (means over tokens) of the stack with no norm or with Pre-Norm RMSNorm, written out in torch."""
    config, h0, weights, _ = _stack(depth, gain)
    h = h0
    for w1, w2 in weights:
        h = h + gain * (F.gelu((h if arrangement == "none" else _rms(h)) @ w1.T) @ w2.T)
    return (h.norm(dim=-1).mean() / h0.norm(dim=-1).mean()).item()


def _typed(p):
    if p.answer_kind == "vector":
        return ", ".join(f"{v:.4f}" for v in p.answer)
    return f"{float(p.answer):.4f}"


def test_fp16_threshold_is_about_256():
    p = by_key(ex.make_set(1))["fp16_threshold"]
    assert math.isclose(p.answer, math.sqrt(65504)) and ex.check(p, "256").status == "right"
    assert ex.check(p, "257").status == "wrong"


def _problem(kind, answer, tol=0.01, choices=()):
    return ex.Problem("t", kind, {}, answer, tol, choices)


@pytest.mark.parametrize(
    "text, status, reason",
    [
        ("12", "right", ""),
        ("１２", "right", ""),
        (" 12.0 ", "right", ""),
        ("1.2e1", "right", ""),
        ("13", "wrong", ""),
        ("", "malformed", "empty"),
        ("   ", "malformed", "empty"),
        (None, "malformed", "empty"),
        ("twelve", "malformed", "not_number"),
        ("1,5", "malformed", "decimal_comma"),
        ("１，５", "malformed", "decimal_comma"),
        ("1 2", "malformed", "one_number"),
        ("nan", "malformed", "not_finite"),
        ("inf", "malformed", "not_finite"),
        ("[12]", "right", ""),
        ("−12", "wrong", ""),
        ("∞", "malformed", "not_finite"),
        ("8,192", "malformed", "thousands_comma"),
        ("１，０２４", "malformed", "thousands_comma"),
        ("1,5000", "malformed", "decimal_comma"),
    ],
)
def test_numbers_are_read_with_nfkc_and_malformed_ones_get_a_reason(text, status, reason):
    v = ex.check(_problem("number", 12.0), text)
    assert (v.status, v.reason) == (status, reason)


@pytest.mark.parametrize(
    "text, status, reason",
    [
        ("1, 2", "right", ""),
        ("１，２", "right", ""),
        ("(1；2)", "right", ""),
        ("1 2", "right", ""),
        ("1、2", "right", ""),
        ("（１，２）", "right", ""),
        ("1, 2.5", "wrong", ""),
        ("1", "malformed", "count"),
        ("1, 2, 3", "malformed", "count"),
        ("1,2,3", "malformed", "count_comma"),
        ("1,5", "wrong", ""),
        ("1, x", "malformed", "not_number"),
        ("", "malformed", "empty"),
        ("()", "malformed", "empty"),
    ],
)
def test_vectors_accept_chinese_commas_and_fullwidth_digits(text, status, reason):
    v = ex.check(_problem("vector", (1.0, 2.0)), text)
    assert (v.status, v.reason) == (status, reason)


def test_choices_need_a_known_choice():
    p = _problem("choice", "yes", choices=("yes", "no"))
    assert ex.check(p, "yes").status == "right" and ex.check(p, "no").status == "wrong"
    assert ex.check(p, None).reason == "no_choice" and ex.check(p, "maybe").reason == "unknown_choice"


def test_tolerance_is_absolute_per_component():
    p = _problem("vector", (1.0, 2.0), tol=0.005)
    assert ex.check(p, "1.004, 2.004").status == "right"
    assert ex.check(p, "1.006, 2").status == "wrong"
    assert math.isclose(ex.check(p, "1.006, 2").error, 0.006)


def test_checking_never_raises_on_random_text():
    rng = random.Random(0)
    alphabet = "0123456789.,;-+eE ()（）１２３，、：abc∞√"
    for _ in range(500):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        for p in (_problem("number", 1.0), _problem("vector", (1.0, 2.0, 3.0))):
            assert ex.check(p, text).status in ex.STATUSES


def test_vectors_in_questions_use_the_typeset_minus_sign():
    shown = [p.values["x"] for seed in range(40) for p in ex.make_set(seed) if "x" in p.values]
    assert any("−" in x for x in shown) and not any("-" in x for x in shown)


SEEDS_WIDE = range(40)


def test_the_invariance_exercise_draws_both_variants_and_each_figure_shows_its_own_pair():
    """Exercise 7 on many seeds: the scale variant's figure is x against 7·x, the shift variant's x against
    x + 100·𝟏 (built as the page builds it), hatched bars = each method of the moved vector (torch)."""
    from normviz import invariance
    from normviz.figures import exercises as figs
    from normviz.i18n import Translator
    from tests.helpers.pages import coords, trace

    drawn = set()
    for seed in SEEDS_WIDE:
        p = ex.make_set(seed)[6]
        assert p.key == "invariant"
        what = p.extra["what"]
        drawn.add(what)
        kind, data = p.figure
        assert kind == "moved"
        x = torch.tensor(data["x"], dtype=torch.float64)
        moved = x + 100 if what == "shift" else 7 * x
        assert data["moved"] == tuple(moved.tolist())
        fig = figs.moved_figure(
            data["x"],
            data["moved"],
            invariance.moved_outputs(data["x"], data["moved"]),
            Translator("en"),
            label=data["label"],
        )
        want = torch.cat(
            [F.normalize(moved, dim=0), F.rms_norm(moved, (3,), eps=0.0), F.layer_norm(moved, (3,), eps=0.0)]
        )
        np.testing.assert_allclose(coords(trace(fig, "moved_moved"), "y"), want.numpy(), atol=1e-12)
        label = "x + 100·𝟏 = (101, 102, 103)" if what == "shift" else "7·x = (7, 14, 21)"
        assert trace(fig, "moved_moved")["name"] == label
        assert fig["layout"]["title"]["subtitle"]["text"] == f"solid bars: x = (1, 2, 3); hatched bars: {label}"
        for lang in LANGUAGES:
            why = CATALOG[text_key(p, "why")][lang].format(**p.values)
            other = "(7, 14, 21)" if what == "shift" else "(101, 102, 103)"
            assert label in why and other not in why
    assert drawn == {"shift", "scale"}


def test_the_stack_exercises_draw_every_variant_and_their_explanations_hold():
    """grad_path: Pre-Norm's skip path arrives unchanged while the whole network's gradient at h₀ is larger,
    Post-Norm's skip path does not arrive unchanged; stack_growth: no norm at gain 1 passes 10× within 24
    layers, a small gain keeps 48 layers below 2×, Pre-Norm's ‖hₗ‖² grows about linearly (not exponentially)."""
    seen = {
        (p.key, p.extra["what"], p.values.get("gain"), p.values["depth"], p.answer)
        for seed in SEEDS_WIDE
        for p in ex.make_set(seed)
        if p.key in ("grad_path", "stack_growth")
    }
    assert {(k, w) for k, w, *_ in seen} == {
        ("grad_path", "pre"),
        ("grad_path", "post"),
        ("stack_growth", "none"),
        ("stack_growth", "pre"),
    }
    assert {a for k, *_, a in seen if k == "stack_growth"} == {"below_2", "two_to_ten", "above_10"}
    for depth in (12, 24):
        pre, post = ex.path_runs("pre", depth), ex.path_runs("post", depth)
        assert pre["skip"].unchanged and pre["all"].input_gradient > pre["all"].grad_norm[-1]
        assert not post["skip"].unchanged and post["skip"].input_gradient != post["all"].grad_norm[-1]
    assert ex.growth_comparison(24, 1.0).no_norm.growth > 10
    assert ex.growth_comparison(48, residual.SMALL_GAIN).no_norm.growth < 2
    for depth, gain in ((24, 1.0), (48, 1.0)):
        pre = ex.growth_comparison(depth, gain).runs[("pre", "rms")]
        layers = np.arange(depth + 1)
        assert np.corrcoef(layers, pre.stream_norm**2)[0, 1] ** 2 > 0.99
        assert np.corrcoef(layers, pre.stream_norm**2)[0, 1] > np.corrcoef(layers, np.log(pre.stream_norm))[0, 1]
    for growth, choice in ((1.99, "below_2"), (2.0, "two_to_ten"), (10.0, "two_to_ten"), (10.01, "above_10")):
        assert ex.growth_choice(growth) == choice
    margins = [
        abs(np.log(ex.growth_comparison(d, g).no_norm.growth / b))
        for d in (24, 48)
        for g in (1.0, residual.SMALL_GAIN)
        for b in ex.GROWTH_BINS
    ]
    assert min(margins) > np.log(1.5)  # no drawn answer sits near a bound


def test_without_torch_the_stack_exercises_are_left_out_and_the_rest_is_the_same(monkeypatch):
    from normviz import _xp

    full = ex.make_set(7)
    monkeypatch.setattr(_xp, "torch_installed", lambda: False)
    reduced = ex.make_set(7)
    assert [p.key for p in reduced] == [e.key for e in ex.BANK if not e.needs_torch]
    assert reduced == full[: len(reduced)]


def test_the_set_has_24_exercises_22_without_the_models_files_and_20_without_torch(monkeypatch, tmp_path):
    """The two model exercises come last and need torch and the model: without its files the set is the first
    22 of the full one, without torch the first 20 (the stack exercises need autograd)."""
    from normviz import _xp, model

    keys = [e.key for e in ex.BANK]
    assert len(keys) == 24 and keys[-6:] == ["derf", "frozen", "grad_path", "stack_growth", "model_share", "model_gap"]
    assert [e.key for e in ex.BANK if e.needs_model] == ["model_share", "model_gap"]
    assert all(e.needs_torch for e in ex.BANK if e.needs_model)
    full = ex.make_set(11)
    assert [p.key for p in full] == keys and ex.model_available()
    monkeypatch.setenv(model.ENV_DIR, str(tmp_path))  # an empty folder: model.verify finds no file
    assert not ex.model_available()
    without_model = ex.make_set(11)
    assert len(without_model) == 22 and without_model == full[:22]
    monkeypatch.setattr(_xp, "torch_installed", lambda: False)
    assert ex.make_set(11) == full[:20]


def _drawn(key, seeds=range(200)):
    return [p for seed in seeds for p in ex.make_set(seed) if p.key == key]


def test_the_merge_exercise_draws_every_variant_and_its_count_is_the_fibre_on_every_vertex():
    """The answer is normviz.warp.grid_fold's count; normviz.warp.same_output (every output computed) on all 49
    vertices and a torch brute force find the very same points, which the explanation lists."""
    from normviz import warp

    verts = warp.grid_vertices(2, extent=3.0, count=7)
    seen = set()
    for p in _drawn("merge"):
        what, v = p.extra["what"], p.values
        key = {m.label: k for k, m in ex.METHODS.items()}[v["method"]]
        eps, x = float(v["eps"]), _parse(v["x"])
        seen.add((what, key, eps))
        same = verts[warp.same_output(key, x, verts, eps=eps)]
        brute = _torch_merge(p)
        assert {tuple(r) for r in same} == {tuple(r) for r in brute}, (what, x)
        assert p.answer == len(same) == v["count"] and ex.merge_count(key, x, eps) == len(same)
        if what != "half_plane":
            assert v["points"] == ", ".join(ex.shortest_vector(r) for r in brute)
        if eps > 0:  # ε matters: at ε = 0 the same x gives another answer
            assert len(verts[warp.same_output(key, x, verts, eps=0.0)]) != p.answer
    assert {w for w, *_ in seen} == set(ex.MERGE_VARIANTS)
    assert {(k, e) for _, k, e in seen} == {m for ms in ex.MERGE_VARIANTS.values() for m in ms}


def test_the_merge_exercises_facts_hold_ln_at_eps_0_makes_the_plane_two_points():
    """21 grid points below the diagonal share one output, 21 above the other, the 7 on it are 0/0 (torch)."""
    p = next(p for p in _drawn("merge") if p.extra["what"] == "half_plane")
    assert (p.answer, p.values["undefined"], p.values["total"]) == (21.0, 7, 49)
    grid = torch.tensor([(a, b) for a in range(-3, 4) for b in range(-3, 4)], dtype=torch.float64)
    out = F.layer_norm(grid, (2,), eps=0.0)
    below = grid[:, 0] > grid[:, 1]
    assert torch.allclose(out[below], torch.tensor([1.0, -1.0], dtype=torch.float64))
    assert torch.isnan(out[grid[:, 0] == grid[:, 1]]).all() and int(below.sum()) == 21
    x = _parse(p.values["x"])
    assert p.values["side"] == ("x₁ > x₂" if x[0] > x[1] else "x₁ < x₂")


def test_the_ellipse_exercise_matches_the_svd_and_a_zero_gain_keeps_two_axes():
    from normviz import warp

    seen = set()
    for p in _drawn("ellipse_axes", range(60)):
        gamma = _parse(p.values["gamma"])
        seen.add(p.extra["what"])
        np.testing.assert_allclose(p.answer, _svd_semi_axes(gamma), atol=1e-12)
        assert p.answer[0] >= p.answer[1] > 0.1 and len(set(gamma)) > 1
        assert (0.0 in gamma) is (p.extra["what"] == "zero") and gamma.count(0.0) <= 1
        if p.extra["what"] == "zero":
            k = gamma.index(0.0)
            assert p.values["sub"] == "₁₂₃"[k] and p.values["k"] == k + 1
            # the outputs (the library's layer_norm) lie in the plane y_k = β_k = 0, on the ellipse
            cloud = warp.output_set(gamma, points=90)
            assert np.all(cloud[:, k] == 0.0)
            np.testing.assert_allclose(warp.output_ellipsoid(gamma).level(cloud), 1.0, atol=1e-9)
        typed = ", ".join(f"{a:.2f}" for a in p.answer)
        assert ex.check(p, typed).status == "right"
    assert seen == {"full", "zero"}
    two_zeros = warp.output_ellipsoid((0.0, 0.0, 2.0))  # the explanation's "only with two γᵢ = 0": a segment
    assert two_zeros.lengths[1] < 1e-9 < two_zeros.lengths[0]


@pytest.mark.parametrize("key", ["merge", "ellipse_axes"])
def test_the_warp_exercises_have_every_variants_text_in_both_languages(key):
    for p in _drawn(key, range(120)):
        for part in ("q", "why"):
            for lang in LANGUAGES:
                text = CATALOG[text_key(p, part)][lang].format(**p.values)
                assert text.strip() and "{" not in text.replace("{a·x", ""), (text_key(p, part), lang)
                if part == "why" and key == "merge" and p.extra["what"] != "half_plane":
                    assert p.values["points"] in text
                if part == "why" and key == "ellipse_axes":
                    assert p.values["lengths"] in text and "√(N·λ)" in text


@pytest.mark.parametrize(
    "key, typed, status, reason",
    [
        ("merge", "abc", "malformed", "not_number"),
        ("merge", "", "malformed", "empty"),
        ("merge", "1 2", "malformed", "one_number"),
        ("merge", "2,5", "malformed", "decimal_comma"),
        ("ellipse_axes", "3.46", "malformed", "count"),
        ("ellipse_axes", "x, y", "malformed", "not_number"),
        ("ellipse_axes", "1,2,3", "malformed", "count_comma"),
    ],
)
def test_a_malformed_answer_to_a_warp_exercise_gets_a_reason_not_an_exception(key, typed, status, reason):
    p = _drawn(key, range(3))[0]
    v = ex.check(p, typed)
    assert (v.status, v.reason) == (status, reason)


def test_merge_never_picks_an_x_whose_fold_at_eps_0_is_undefined():
    """0 and the constant vectors have no output at ε = 0: the explanation's comparison with ε = 0 (and the claim
    that a scaling changes LayerNorm's output) would not hold for them."""
    for what, choices in ex.MERGE_VARIANTS.items():
        for key, eps in choices:
            for x in ex.merge_candidates(what, key, eps):
                assert warp.fold(key, x, eps=0.0).kind != "undefined", (what, key, eps, x)
                assert x[0] != x[1] or key != "ln", (what, key, eps, x)


# --- the /beyond exercises: QK-norm's bound and one massive activation (issue #22) ----------------------------

BEYOND_VARIANTS = {
    "qk_bound": {"ones", "gamma", "plain", "normed"},
    "outlier": {"rms", "dyt", "ln"},
    "derf": {"slope", "saturation", "match"},
    "frozen": {"scaled", "shifted"},
}


@pytest.mark.parametrize("key", sorted(BEYOND_VARIANTS))
def test_the_beyond_exercises_draw_every_variant_with_its_text_in_both_languages(key):
    seen = set()
    for p in _drawn(key, range(120)):
        what = p.extra["what"]
        seen.add(what)
        assert text_key(p, "q") == f"exercise.{key}.q.{what}" and text_key(p, "why") == f"exercise.{key}.why.{what}"
        for part in ("q", "why"):
            for lang in LANGUAGES:
                text = CATALOG[text_key(p, part)][lang].format(**p.values)
                assert text.strip() and "{" not in text and "}" not in text, (text_key(p, part), lang)
                if key == "outlier" and part == "q":
                    assert p.values["x"] in text and f"x{p.values['sub']} = {p.values['s']}" in text
        why = {lang: CATALOG[text_key(p, "why")][lang].format(**p.values) for lang in LANGUAGES}
        shown = {  # the explanation carries the number it explains
            "ones": p.values.get("bound"),
            "gamma": p.values.get("bound"),
            "plain": p.values.get("after"),
            "normed": p.values.get("after"),
            "rms": p.values.get("f"),
            "dyt": p.values.get("sat"),
            "ln": p.values.get("limit"),
            "slope": p.values.get("answer"),
            "saturation": p.values.get("answer"),
            "match": p.values.get("answer"),
            "scaled": p.values.get("y"),
            "shifted": p.values.get("y"),
        }[what]
        assert all(shown in text for text in why.values()), (key, what)
        if key in ("qk_bound", "outlier") and what != "plain":  # each with a norm (or DyT, which has none) states ε
            assert all("ε" in text for text in why.values()), (key, what)
    assert seen == BEYOND_VARIANTS[key]


def test_the_qk_bound_is_reached_by_one_axis_and_never_exceeded():
    """Torch: q = k along the axis of the largest |γ_q,ᵢ γ_k,ᵢ| gives |ℓ| = the answer; random q, k at any scale
    stay below it; scaling q and k leaves the normed logits as they are at ε = 0 and moves |ℓ| towards them
    from below at ε > 0."""
    gen = torch.Generator().manual_seed(0)
    for p in _drawn("qk_bound", range(60)):
        if p.extra["what"] not in ("ones", "gamma"):
            continue
        d = p.values["d"]
        gq, gk = _gains(p)
        j = int(torch.argmax((gq * gk).abs()))
        e = torch.zeros(d, dtype=torch.float64)
        e[j] = 3.0
        top = F.rms_norm(e, (d,), weight=gq, eps=0.0) @ F.rms_norm(-e, (d,), weight=gk, eps=0.0) / math.sqrt(d)
        assert math.isclose(abs(float(top)), p.answer, rel_tol=1e-12)
        for scale in (1e-3, 1.0, 1e3):
            q, k = scale * torch.randn(2, 500, d, dtype=torch.float64, generator=gen)
            logits = (F.rms_norm(q, (d,), weight=gq, eps=0.0) * F.rms_norm(k, (d,), weight=gk, eps=0.0)).sum(-1)
            assert float((logits / math.sqrt(d)).abs().max()) <= p.answer * (1 + 1e-12)
    q, k = torch.randn(2, 16, dtype=torch.float64, generator=gen)
    normed = [
        [float(F.rms_norm(s * q, (16,), eps=eps) @ F.rms_norm(s * k, (16,), eps=eps)) for s in (0.01, 1.0, 100.0)]
        for eps in (0.0, 1e-2)
    ]
    assert max(normed[0]) - min(normed[0]) < 1e-12
    assert abs(normed[1][0]) < abs(normed[1][1]) < abs(normed[1][2]) < abs(normed[0][0])


def test_the_outlier_exercises_facts_hold_in_torch():
    """RMSNorm's factor is √(‖r‖²/(‖r‖² + s²)) (numpy); LayerNorm's others close in on −1/√(D − 1) and the
    outlier on √(D − 1) as s grows, at ε = 0 and at a fixed ε > 0, and the shown range at s is torch's."""
    for p in _drawn("outlier", range(80)):
        x, index = _outlier_x(p)
        others = torch.arange(x.numel()) != index
        r = x[others].numpy()
        s = float(p.values["s"])
        if p.extra["what"] == "rms":
            assert math.isclose(p.answer, math.sqrt(r @ r / (r @ r + s * s)), rel_tol=1e-12)
            assert p.values["rr"] == ex.shortest(r @ r)
        if p.extra["what"] == "ln":
            y = F.layer_norm(x, x.shape, eps=0.0)[others]
            assert (p.values["lo"], p.values["hi"]) == (ex.decimals(y.min(), 3), ex.decimals(y.max(), 3))
            d = x.numel()
            for eps in (0.0, 1e-5):
                far = x.clone()
                far[index] = 1e6
                out = F.layer_norm(far, far.shape, eps=eps)
                np.testing.assert_allclose(out[others], -1 / math.sqrt(d - 1), atol=1e-4)
                assert math.isclose(float(out[index]), math.sqrt(d - 1), rel_tol=1e-4)
            wider = x.clone()
            wider[index] = 10 * s
            spread = [float(F.layer_norm(t, t.shape, eps=0.0)[others].std()) for t in (x, wider)]
            assert spread[1] < spread[0]  # the range "keeps narrowing as s grows"
        if p.extra["what"] == "dyt":
            assert p.answer == 1.0 and p.values["alpha"] == "0.5"
            assert math.isclose(float(p.values["sat"]), math.tanh(0.5 * s), abs_tol=5e-7)


@pytest.mark.parametrize(
    "key, typed, reason",
    [
        ("qk_bound", "abc", "not_number"),
        ("qk_bound", "", "empty"),
        ("qk_bound", "11,31", "decimal_comma"),
        ("qk_bound", "√128", "not_number"),
        ("outlier", "1 2", "one_number"),
        ("outlier", "0,0599", "decimal_comma"),
        ("outlier", "−1/√3", "not_number"),
        ("outlier", "nan", "not_finite"),
    ],
)
def test_a_malformed_answer_to_a_beyond_exercise_gets_a_reason_not_an_exception(key, typed, reason):
    for p in _drawn(key, range(12)):
        v = ex.check(p, typed)
        assert (v.status, v.reason) == ("malformed", reason)


def test_the_outlier_answers_are_checked_to_3_significant_digits():
    for p in _drawn("outlier", range(80)):
        assert ex.check(p, f"{p.answer:.3g}").status == "right"
        assert ex.check(p, f"{p.answer + 3 * p.tol:.6g}").status == "wrong"
        assert p.tol == 0.5 * 10 ** (math.floor(math.log10(abs(p.answer))) - 2)
    for p in _drawn("qk_bound", range(40)):
        typed = f"{p.answer:.2f}" if p.extra["what"] in ("ones", "gamma") else f"{p.answer:g}"
        assert ex.check(p, typed).status == "right" and ex.check(p, f"{p.answer + 0.1:.2f}").status == "wrong"


# --- the real model's numbers (normviz.model, issue 20 §5) -----------------------------------------------------


def test_the_model_exercises_draw_every_sentence_and_both_answers_of_the_share_question():
    drawn = {key: _drawn(key, range(120)) for key in ("model_share", "model_gap")}
    for key, problems in drawn.items():
        assert {p.extra["sentence"] for p in problems} == set(ex.MODEL_SENTENCES), key
    assert len({(p.values["norm"], p.values["position"], p.extra["sentence"]) for p in drawn["model_gap"]}) > 50
    assert {p.answer for p in drawn["model_share"]} == {"layer1.output", "layer2.attention"}


def test_the_model_sentences_are_the_real_model_pages_examples():
    from normviz.ui.model import PRESETS

    assert ex.MODEL_SENTENCES == PRESETS  # a student picks the question's sentence there


def test_the_gap_from_the_shown_share_rounded_to_3_digits_is_right_for_every_token_the_exercise_can_ask():
    """Every (sentence, norm, token) the gap exercise may draw: the ε = 0 formula on the share as the question
    shows it (6 significant digits), rounded to 3 significant digits, passes the check; so does the answer to 4
    decimals; one unit in the third digit off does not. And the explanation's averaging claim holds: every share
    is below 5/9 (where √(2(1 − √(1 − c))) is concave), so the mean gap is below the gap of the mean share."""
    asked = 0
    for sentence in ex.MODEL_SENTENCES:
        m = ex.model_numbers(sentence)
        assert m.shares.max() < 5 / 9
        for k in range(len(ex.model.NORMS)):
            assert m.mean_gap[k] < float(ex.hidden.gap_from_share(m.mean_share[k]))
            for j in range(1, len(m.tokens) - 1):
                if m.shares[k, j] < ex.MODEL_MIN_SHARE:
                    continue
                asked += 1
                answer = float(m.gaps[k, j])
                p = ex.Problem("model_gap", "number", {}, answer, ex.sig3_tolerance(answer))
                formula = float(ex.hidden.gap_from_share(float(ex.significant(m.shares[k, j], 6))))
                assert ex.check(p, f"{formula:.3g}").status == "right", (sentence, k, j)
                assert ex.check(p, f"{answer:.4f}").status == "right"
                assert ex.check(p, f"{answer + 2 * p.tol:.3g}").status == "wrong"
    assert asked > 400  # 546 with the four sentences


def test_the_model_gap_explanation_carries_its_numbers_in_both_languages():
    for p in _drawn("model_gap", range(40)):
        v = p.values
        assert float(v["answer"]) == pytest.approx(p.answer, rel=1e-3)
        assert float(v["formula"]) == pytest.approx(float(ex.hidden.gap_from_share(float(v["c"]))), rel=1e-3)
        assert float(v["gap_of_mean"]) > float(v["mean_gap"])  # what "Careful with averages" says
        for part in ("q", "why"):
            for lang in LANGUAGES:
                text = CATALOG[text_key(p, part)][lang].format(**v)
                assert "{" not in text and v["norm"] in text, (part, lang)
                if part == "why":
                    for shown in (v["c"], v["formula"], v["answer"], v["mean_gap"], v["gap_of_mean"], "5/9", "ε"):
                        assert shown in text, (shown, lang)
                else:
                    assert v["c"] in text and f"“{v['token']}”" in text and f"“{v['sentence']}”" in text
    for p in _drawn("model_share", range(20)):
        for lang in LANGUAGES:
            why = CATALOG[text_key(p, "why")][lang].format(**p.values)
            assert all(p.values[k] in why for k in ("top", "top_mean", "second_mean", "low", "max", "top_gap"))


@pytest.mark.parametrize(
    "typed, reason",
    [("abc", "not_number"), ("", "empty"), ("0,0381", "decimal_comma"), ("3.81 %", "one_number"), ("√c", "not_number")],
)
def test_a_malformed_answer_to_the_model_gap_exercise_gets_a_reason_not_an_exception(typed, reason):
    for p in _drawn("model_gap", range(6)):
        assert (ex.check(p, typed).status, ex.check(p, typed).reason) == ("malformed", reason)


# --- issue #29: Derf's curve and LayerNorm with σ frozen --------------------------------------------------------


def test_the_derf_exercises_answers_are_torchs():
    """The slope at 0 by autograd through torch.erf, the 99 % point by torch's erfinv (and erf of it is 0.99), the
    matched α by autograd's directional derivative of torch's LayerNorm (ε = 0) on a zero-mean input of RMS r
    along a direction orthogonal to 𝟏 and x, equated with Derf's slope 2α/√π."""
    gen = torch.Generator().manual_seed(0)
    for p in _drawn("derf", range(60)):
        what, answer = p.extra["what"], p.answer
        assert p.values["answer"] == ex.significant(answer, 3) and p.tol == ex.sig3_tolerance(answer)
        if what in ("slope", "saturation"):
            a = float(p.values["alpha"])
            if what == "slope":
                z = torch.zeros((), dtype=torch.float64, requires_grad=True)
                (slope,) = torch.autograd.grad(torch.erf(a * z), z)
                assert answer == pytest.approx(float(slope), rel=1e-14)
            else:
                q = torch.tensor(0.99, dtype=torch.float64)
                assert answer == pytest.approx(float(torch.special.erfinv(q)) / a, rel=1e-12)
                assert float(torch.erf(a * torch.tensor(answer, dtype=torch.float64))) == pytest.approx(0.99, rel=1e-13)
            continue
        r, n = float(p.values["r"]), 64
        x = torch.randn(n, dtype=torch.float64, generator=gen)
        x = (x - x.mean()) * r / (x - x.mean()).pow(2).mean().sqrt()
        v = torch.randn(n, dtype=torch.float64, generator=gen)
        for u in (torch.ones(n, dtype=torch.float64), x):  # v ⟂ 𝟏 and x
            v = v - (v @ u) / (u @ u) * u
        v = v / v.norm()
        _, jv = torch.autograd.functional.jvp(lambda t, n=n: F.layer_norm(t, (n,), eps=0.0), x, v)
        assert float(jv.norm()) == pytest.approx(1 / r, rel=1e-12)
        assert 2 * answer / math.sqrt(math.pi) == pytest.approx(float(jv.norm()), rel=1e-12)


def test_the_frozen_exercises_answers_are_the_formula_and_differ_from_layernorm():
    """(x − μ𝟏)/c written out; LN_c(k·x) = k·LN_c(x) and LN_c(x + b𝟏) = LN_c(x); torch's LayerNorm (ε = 0)
    of the changed input is the shown "ln", which differs from the answer unless c happens to be its σ."""
    for p in _drawn("frozen", range(60)):
        x = torch.tensor(
            [float(v.replace("−", "-")) for v in p.values["x"].strip("()").split(", ")], dtype=torch.float64
        )
        c = float(p.values["c"])
        base = (x - x.mean()) / c
        if p.extra["what"] == "scaled":
            k = float(p.values["k"])
            moved, want = k * x, k * base
        else:
            moved, want = x + _parse(f"({p.values['b']})")[0], base
        np.testing.assert_allclose(p.answer, ((moved - moved.mean()) / c).numpy(), rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(p.answer, want.numpy(), rtol=1e-12, atol=1e-12)
        ln = F.layer_norm(moved, (3,), eps=0.0)
        assert p.values["ln"] == ex.decimals_vector(ln.numpy(), 4)
        assert p.values["sigma"] == ex.decimals(float(moved.std(unbiased=False)), 4)
        assert p.values["y"] == ex.decimals_vector(np.asarray(p.answer), 4)
        if not math.isclose(float(moved.std(unbiased=False)), c):
            assert not np.allclose(p.answer, ln.numpy(), atol=p.tol)
