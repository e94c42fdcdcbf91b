"""The exercises page (AppTest): seeded sets, right / wrong / malformed answers in zh and en, the new-set button."""

import numpy as np
import pytest

from normviz import exercises as ex
from tests.helpers.pages import charts, errors, run_page

SEED = "123"


def blocks(at, seed=SEED):
    """(problem, answer widget) for each exercise of the set."""
    problems = ex.make_set(int(seed))
    inputs, radios = iter(at.text_input), iter(at.radio)
    return [(p, next(radios) if p.answer_kind == "choice" else next(inputs)) for p in problems]


def check(at, number, seed=SEED):
    next(b for b in at.button if b.key == f"exercises.{seed}.{number}.check").click()
    at.run()


def answer_of(p):
    if p.answer_kind == "vector":
        return ", ".join(f"{v:.4f}" for v in p.answer)
    return f"{float(p.answer):.4f}"


def seed_of(at):
    value = at.query_params.get("seed", "2026")  # the default set's seed is left out of the link
    return value[0] if isinstance(value, list) else value


@pytest.mark.parametrize("lang, right, title", [("en", "Right!", "Exercises"), ("zh", "正确！", "练习")])
def test_every_right_answer_is_accepted_with_an_explanation_and_figure(lang, right, title):
    at = run_page("exercises", lang=lang, seed=SEED)
    assert errors(at) == [] and at.title[0].value == title
    pairs = blocks(at)
    assert len(pairs) == len(ex.BANK) >= 12
    for p, widget in pairs:
        (widget.set_value(p.answer) if p.answer_kind == "choice" else widget.input(answer_of(p)))
    at.run()
    for k in range(1, len(pairs) + 1):
        next(b for b in at.button if b.key == f"exercises.{SEED}.{k}.check").click()
    at.run()
    assert errors(at) == []
    assert len(at.success) == len(pairs) and all(s.value.startswith(right) for s in at.success)
    assert "±0)" not in "\n".join(s.value for s in at.success)  # an exact count states no tolerance
    shown = "\n".join(m.value for m in at.markdown)
    by_key = {p.key: p for p, _ in pairs}
    assert f"‖x‖₂ = {by_key['l2_pair'].values['length']}" in shown  # the explanations carry their own numbers
    assert f"= {by_key['traffic'].values['gb']} GB" in shown
    assert len(charts(at)) >= 10  # the explanations' figures (two explanations are tables)


@pytest.mark.parametrize("lang, wrong", [("en", "Not quite."), ("zh", "还不对。")])
def test_a_wrong_answer_shows_the_right_one(lang, wrong):
    at = run_page("exercises", lang=lang, seed=SEED)
    p, widget = blocks(at)[0]  # LayerNorm of (2, 4, 6)
    widget.input("1, 2, 3").run()
    check(at, 1)
    assert at.error and at.error[0].value.startswith(wrong) and "(−1.2247, 0.0000, 1.2247)" in at.error[0].value


@pytest.mark.parametrize(
    "typed, en, zh",
    [
        ("", "empty", "空"),
        ("abc", "not a number", "不是数"),
        ("1,5", "write decimals with a point", "小数请用小数点"),
        ("１，２", "Wrong number of components: 3", "需要 3 个数"),
    ],
)
def test_malformed_vectors_get_a_friendly_message_in_the_page_language(typed, en, zh):
    for lang, want in (("en", en), ("zh", zh)):
        at = run_page("exercises", lang=lang, seed=SEED)
        blocks(at)[0][1].input(typed).run()
        check(at, 1)
        assert errors(at) == []
        assert len(at.warning) == 1 and want in at.warning[0].value, at.warning[0].value


def test_fullwidth_digits_are_accepted_and_echoed_literally():
    at = run_page("exercises", seed=SEED)
    pairs = blocks(at)
    k, (p, widget) = next((k, bw) for k, bw in enumerate(pairs, start=1) if bw[0].key == "params")
    typed = "".join(chr(ord(c) + 0xFEE0) for c in str(int(p.answer)))  # full-width digits
    widget.input(typed).run()
    check(at, k)
    assert any(s.value.startswith("Right!") for s in at.success)
    assert any(typed in c.value and "`" in c.value for c in at.caption)


def test_typed_markdown_is_shown_literally():
    at = run_page("exercises", seed=SEED)
    blocks(at)[0][1].input("[x](//ev.il)").run()
    check(at, 1)
    echo = next(c.value for c in at.caption if "ev.il" in c.value)
    assert "`" in echo and "[x](//ev.il)" in echo
    assert "not a number" in at.warning[0].value


def test_a_choice_not_made_asks_to_choose():
    at = run_page("exercises", lang="zh", seed=SEED)
    k = next(k for k, (p, _) in enumerate(blocks(at), start=1) if p.answer_kind == "choice")
    check(at, k)
    assert at.warning and "请先选一个选项" in at.warning[0].value


def test_the_same_seed_gives_the_same_questions_and_new_set_changes_the_seed():
    a, b = run_page("exercises", seed="77"), run_page("exercises", seed="77")
    assert [m.value for m in a.markdown] == [m.value for m in b.markdown]
    next(x for x in a.button if x.key == "exercises.new").click()
    a.run()
    assert errors(a) == [] and seed_of(a) != "77"
    assert any(f"seed {seed_of(a)}" in c.value for c in a.caption)


@pytest.mark.parametrize("bad", ["-1", "abc", "1e9"])
def test_a_bad_seed_in_the_link_gives_one_message(bad):
    at = run_page("exercises", seed=bad)
    assert errors(at) == [] and len(at.warning) == 1 and "seed" in at.warning[0].value


@pytest.mark.parametrize("lang, want", [("en", "thousands separator"), ("zh", "千位分隔符")])
def test_a_count_typed_with_a_thousands_comma_is_asked_about_not_called_a_decimal(lang, want):
    at = run_page("exercises", lang=lang, seed=SEED)
    k, (p, widget) = next((k, bw) for k, bw in enumerate(blocks(at), start=1) if bw[0].key == "params")
    widget.input("8,192").run()
    check(at, k)
    assert errors(at) == [] and len(at.warning) == 1 and want in at.warning[0].value


@pytest.mark.parametrize("seed, lang", [("25", "en"), ("25", "zh"), ("28", "en"), ("28", "zh")])
def test_the_invariance_and_the_stack_exercises_show_their_own_variant(seed, lang):
    """Seed 25: exercise 7 asks about 7·x, the path exercise about Post-Norm, the growth one about no norm at
    gain 1; seed 28: x + 100·𝟏, Pre-Norm, no norm at gain 0.1. Each feedback figure and explanation is its own.
    (The stack exercises draw after the warp and the /beyond ones, so their seeds moved from 3 and 2 when the
    warp ones arrived, to 35 and 20 when qk_bound and outlier did, and to 25 and 28 when derf and frozen did.)"""

    from normviz import residual
    from tests.helpers.pages import coords, trace

    at = run_page("exercises", lang=lang, seed=seed)
    pairs = blocks(at, seed)
    wanted = {"invariant", "grad_path", "stack_growth"}
    numbers = [k for k, (p, _) in enumerate(pairs, start=1) if p.key in wanted]
    for k in numbers:
        p, widget = pairs[k - 1]
        widget.set_value(p.answer)
    at.run()
    for k in numbers:
        next(b for b in at.button if b.key == f"exercises.{seed}.{k}.check").click()
    at.run()
    assert errors(at) == [] and len(at.success) == 3
    moved, paths, growth = charts(at).values()
    by_key = {p.key: p for p, _ in pairs}
    shown = "\n".join(m.value for m in at.markdown)
    inv = by_key["invariant"]
    label = {"scale": "7·x = (7, 14, 21)", "shift": "x + 100·𝟏 = (101, 102, 103)"}[inv.extra["what"]]
    other = {"scale": "(101, 102, 103)", "shift": "(7, 14, 21)"}[inv.extra["what"]]
    assert trace(moved, "moved_moved")["name"] == label and label in shown and other not in shown
    assert inv.extra["what"] == ("scale" if seed == "25" else "shift")
    path = by_key["grad_path"]
    skip = coords(trace(paths, "path_skip"), "y")
    assert bool(np.all(skip == skip[-1])) is (path.extra["what"] == "pre")
    assert f"{path.values['skip']}" in shown and path.values["top"] in shown
    stack = by_key["stack_growth"]
    assert stack.extra["what"] == residual.NO_NORM
    y = coords(trace(growth, "growth_none"), "y")
    assert f"{y[-1]:.3g}" == stack.values["growth"] and stack.values["growth"] in shown
    assert path.extra["what"] == ("post" if seed == "25" else "pre")
    assert bool(y[-1] > 10) is (seed == "25")


@pytest.mark.parametrize("lang, bad, right", [("en", "not a number", "Right!"), ("zh", "不是数", "正确！")])
def test_the_warp_exercises_take_a_malformed_answer_with_a_message_and_explain_a_right_one(lang, bad, right):
    """The merge count and the ellipse's semi-axes: "abc" gets the page's message, the answer (to 2 decimals for
    the axes) is right, and each explanation carries its own computed numbers."""
    at = run_page("exercises", lang=lang, seed=SEED)
    pairs = blocks(at)
    numbers = {p.key: k for k, (p, _) in enumerate(pairs, start=1) if p.key in ("merge", "ellipse_axes")}
    for k in numbers.values():
        pairs[k - 1][1].input("abc")
    at.run()
    for k in numbers.values():
        check(at, k)
    assert errors(at) == [] and len(at.warning) == 2 and all(bad in w.value for w in at.warning)
    pairs = blocks(at)  # the widgets of the latest run
    merge, axes = (pairs[numbers[key] - 1] for key in ("merge", "ellipse_axes"))
    merge[1].input(f"{int(merge[0].answer)}")
    axes[1].input(", ".join(f"{v:.2f}" for v in axes[0].answer))
    at.run()
    for k in numbers.values():
        check(at, k)
    assert errors(at) == [] and not at.warning
    assert len(at.success) == 2 and all(s.value.startswith(right) for s in at.success)
    shown = "\n".join(m.value for m in at.markdown)
    assert axes[0].values["lengths"] in shown and axes[0].values["lam"] in shown
    assert merge[0].values["output"] in shown


def test_the_warp_exercises_feedback_draws_the_fibre_and_the_ellipse():
    """After a right answer: the merge exercise's grid morph rings exactly the grid points that merge (by
    normviz.warp.same_output on every vertex), and the ellipse exercise draws its figure."""

    from normviz import warp
    from normviz.methods import METHODS
    from tests.helpers.pages import coords, trace

    at = run_page("exercises", seed=SEED)
    pairs = blocks(at)
    numbers = {p.key: k for k, (p, _) in enumerate(pairs, start=1) if p.key in ("merge", "ellipse_axes")}
    for k in numbers.values():
        p, widget = pairs[k - 1]
        widget.input(answer_of(p))
    at.run()
    for k in numbers.values():
        check(at, k)
    assert errors(at) == [] and len(at.success) == 2
    fold = charts(at)[f"exercises.{SEED}.{numbers['merge']}.figure"]
    merge = pairs[numbers["merge"] - 1][0]
    assert fold.get("frames") and merge.figure == ("fold", merge.figure[1])
    ringed = trace(fold, "fold_vertices")
    got = {(round(a), round(b)) for a, b in zip(coords(ringed, "x"), coords(ringed, "y"))}
    key = {m.label: k for k, m in METHODS.items()}[merge.values["method"]]
    grid = warp.grid_vertices(2, extent=3.0, count=7)
    want = {
        tuple(int(c) for c in v)
        for v in grid[warp.same_output(key, merge.figure[1]["x"], grid, eps=float(merge.values["eps"]))]
    }
    assert got == want and len(got) == merge.answer
    ellipse = charts(at)[f"exercises.{SEED}.{numbers['ellipse_axes']}.figure"]
    assert ellipse["data"]


BEYOND = ("qk_bound", "outlier")


@pytest.mark.parametrize(
    "seed, lang, variants",
    [
        ("123", "en", ("gamma", "ln")),
        ("2", "zh", ("ones", "dyt")),
        ("0", "en", ("plain", "rms")),
        ("5", "zh", ("normed", "rms")),
    ],
)
def test_the_beyond_exercises_take_a_malformed_answer_with_a_message_and_explain_a_right_one(seed, lang, variants):
    """QK-norm's bound (or a logit's scale factor) and the outlier's effect: "abc" gets the page's message, the
    answer as a reader would round it (2 decimals for the bound, 3 significant digits for the outlier) is right,
    and each explanation carries its own numbers; the four seeds draw all seven variants."""
    bad, right = {"en": ("not a number", "Right!"), "zh": ("不是数", "正确！")}[lang]
    at = run_page("exercises", lang=lang, seed=seed)
    pairs = blocks(at, seed)
    numbers = {p.key: k for k, (p, _) in enumerate(pairs, start=1) if p.key in BEYOND}
    assert tuple(pairs[numbers[key] - 1][0].extra["what"] for key in BEYOND) == variants
    for k in numbers.values():
        pairs[k - 1][1].input("abc")
    at.run()
    for k in numbers.values():
        check(at, k, seed)
    assert errors(at) == [] and len(at.warning) == 2 and all(bad in w.value for w in at.warning)
    pairs = blocks(at, seed)
    qk, outlier = (pairs[numbers[key] - 1] for key in BEYOND)
    qk[1].input(f"{qk[0].answer:.2f}" if qk[0].extra["what"] in ("ones", "gamma") else f"{qk[0].answer:g}")
    outlier[1].input(f"{outlier[0].answer:.3g}")
    at.run()
    for k in numbers.values():
        check(at, k, seed)
    assert errors(at) == [] and not at.warning
    assert len(at.success) == 2 and all(s.value.startswith(right) for s in at.success)
    shown = "\n".join(m.value for m in at.markdown)
    assert qk[0].values.get("bound", qk[0].values.get("after")) in shown
    assert outlier[0].values["x"] in shown
    assert outlier[0].values[{"rms": "f", "dyt": "sat", "ln": "limit"}[variants[1]]] in shown


MODEL = ("model_share", "model_gap")


@pytest.mark.parametrize("seed, lang", [("123", "en"), ("123", "zh"), ("7", "en"), ("7", "zh")])
def test_the_model_exercises_take_a_wrong_and_a_malformed_answer_then_explain_a_right_one(seed, lang):
    """The share question (a choice among the 13 LayerNorms) links the real-model page on its sentence; a wrong
    norm is called wrong, "abc" for the gap gets the page's message; the right answers (the gap to 3 significant
    digits, from the formula on the shown share) are right, their explanations carry their numbers, and the
    feedback draws the means per norm and the token on the ε = 0 curve."""

    from normviz.i18n import translate
    from tests.helpers.pages import coords, trace

    bad, right, wrong = {"en": ("not a number", "Right!", "Not quite."), "zh": ("不是数", "正确！", "还不对。")}[lang]
    at = run_page("exercises", lang=lang, seed=seed)
    pairs = blocks(at, seed)
    numbers = {p.key: k for k, (p, _) in enumerate(pairs, start=1) if p.key in MODEL}
    assert list(numbers) == list(MODEL) and numbers["model_gap"] == len(pairs) == len(ex.BANK)
    share, gap = (pairs[numbers[key] - 1][0] for key in MODEL)
    links = [link.proto for link in at.get("page_link")]
    assert [(link.page, link.label) for link in links] == [("model", translate(lang, "exercises.model.link"))]
    assert "model.text=" + share.extra["sentence"].split()[0] in links[0].query_string
    pairs[numbers["model_share"] - 1][1].set_value(next(c for c in share.choices if c != share.answer))
    pairs[numbers["model_gap"] - 1][1].input("abc")
    at.run()
    for k in numbers.values():
        check(at, k, seed)
    assert not at.exception and len(at.warning) == 1 and bad in at.warning[0].value
    (verdict,) = [e.value for e in at.error]  # the wrong norm: the verdict names the right one
    assert verdict.startswith(wrong) and translate(lang, f"exercises.choice.{share.answer}") in verdict
    pairs = blocks(at, seed)
    pairs[numbers["model_share"] - 1][1].set_value(share.answer)
    formula = float(ex.hidden.gap_from_share(float(gap.values["c"])))
    pairs[numbers["model_gap"] - 1][1].input(f"{formula:.3g}")
    at.run()
    for k in numbers.values():
        check(at, k, seed)
    assert errors(at) == [] and not at.warning
    assert len(at.success) == 2 and all(s.value.startswith(right) for s in at.success)
    shown = "\n".join(m.value for m in at.markdown)
    for value in (share.values["top_mean"], share.values["second_mean"], gap.values["answer"], gap.values["c"]):
        assert value in shown, value
    means = charts(at)[f"exercises.{seed}.{numbers['model_share']}.figure"]
    np.testing.assert_allclose(coords(trace(means, "model_share"), "y"), 100 * np.array(share.figure[1]["shares"]))
    curve = charts(at)[f"exercises.{seed}.{numbers['model_gap']}.figure"]
    chosen = trace(curve, "gap_chosen")
    assert coords(chosen, "y")[0] == pytest.approx(100 * gap.answer)


def test_a_wrong_norm_is_called_wrong_and_the_answer_named():
    from normviz.i18n import translate

    at = run_page("exercises", seed=SEED)
    pairs = blocks(at)
    k = next(k for k, (p, _) in enumerate(pairs, start=1) if p.key == "model_share")
    p, widget = pairs[k - 1]
    widget.set_value(next(c for c in p.choices if c != p.answer)).run()
    check(at, k)
    assert not at.exception
    (verdict,) = [e.value for e in at.error]  # st.error carries the verdict
    assert verdict.startswith("Not quite.") and translate("en", f"exercises.choice.{p.answer}") in verdict
    assert len(p.choices) == 13 and len(at.radio[-1].options) == 13  # the 13 LayerNorms, in order


def test_without_the_models_files_the_set_has_22_exercises_and_no_link(monkeypatch, tmp_path):
    from normviz import model

    monkeypatch.setenv(model.ENV_DIR, str(tmp_path))  # an empty folder: model.verify finds no file
    seed = "31337"  # a seed no other test draws: the page's cache of sets holds none for it
    at = run_page("exercises", seed=seed)
    assert errors(at) == [] and not at.get("page_link")
    pairs = blocks(at, seed)
    assert len(pairs) == 22 and not {p.key for p, _ in pairs} & set(MODEL)
    assert len([b for b in at.button if b.key.endswith(".check")]) == 22
