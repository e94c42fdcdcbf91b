"""The real-model page in AppTest: it runs all-MiniLM-L6-v2 on the text, and every statement is the captured
states' number, in both languages; uploads get the same analysis, bad files one line in the page's language."""

import math

import numpy as np
import pytest
from safetensors.numpy import save as save_safetensors

from normviz import hidden, model
from normviz.format import decimals, percent, significant, subscript
from normviz.i18n import CATALOG
from normviz.ui.model import PRESETS  # the page's own examples, ranked with the calibration sentences
from tests.helpers.pages import errors, figures, run_page, text, url_params

K = "model."
FIRST = "The students dragged the vector and watched it land on the sphere."


@pytest.fixture(scope="module")
def first_run():
    return model.run(FIRST)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_model_runs_on_the_default_text_and_the_page_states_its_numbers(lang, first_run):
    at = run_page("model", lang=lang)
    assert errors(at) == []
    assert CATALOG["model.title"][lang] in at.title[0].value
    # share, gap, outliers, recurrence, γ and β, the picture; frozen σ: drift and slice; the Jacobian
    assert len(figures(at)) == 9
    page = text(at)
    assert " · ".join(first_run.tokens) in page
    shares = np.stack([hidden.token_stats(x).share_ones for x in first_run.inputs])
    means = shares.mean(axis=1)
    top = int(np.argmax(means))
    assert model.NORMS[top] in page and percent(float(means[top])) in page
    # the library against the model's own LayerNorm at the last norm
    check = hidden.library_check(first_run.inputs[-1], first_run.outputs[-1], first_run.gammas[-1],
                                 first_run.betas[-1], first_run.eps)  # fmt: skip
    assert significant(check.diff32, 2) in page and check.diff32 < 1e-5
    # the last norm's γ ≈ 0 coordinates, and that they are its input's outlier coordinates
    small = hidden.gamma_summary(first_run.gammas[-1]).small
    flagged = set(hidden.outliers(first_run.inputs[-1], 6.0).coordinates.tolist())
    assert small.size == 3 and set(small.tolist()) <= flagged
    for i in small:
        assert f"x{subscript(int(i))}" in page


def test_the_gap_statement_is_the_closed_form_of_the_share(first_run):
    page = text(run_page("model"))
    gaps = np.stack([hidden.ln_rms_gap(x, first_run.eps) for x in first_run.inputs])
    shares = np.stack([hidden.token_stats(x).share_ones for x in first_run.inputs])
    assert (
        f"the gap is {decimals(float(gaps.mean()), 4)} on average; the largest is {decimals(float(gaps.max()), 4)}"
        in page
    )
    error = float(np.max(np.abs(hidden.gap_from_share(shares) - gaps)))
    assert error < 1e-9 and f"by at most {significant(error, 2)}" in page


def test_the_norm_and_the_threshold_follow_the_controls(first_run):
    at = run_page("model", **{K + "norm": "layer3.output", K + "threshold": "4"})
    assert errors(at) == []
    page = text(at)
    found = hidden.outliers(first_run.inputs[model.NORMS.index("layer3.output")], 4.0)
    c = int(found.coordinates[0])
    assert "coordinates of layer3.output's inputs exceed 4 times" in page
    assert f"The one flagged in the most tokens is x{subscript(c)} ({int(found.counts[c])} of" in page
    flagged = found.mask.any(axis=1)
    assert f"by {decimals(float(np.mean(found.others_factor[flagged])), 4)} on average" in page
    assert {p.key for p in url_params(at)} >= {K + "norm", K + "threshold", K + "text"}


def test_a_chinese_text_says_which_pieces_became_unknown():
    run = model.run("归一化层很有趣 🤖")
    assert run.unknown  # the emoji at least
    page = text(run_page("model", lang="zh", **{K + "text": "归一化层很有趣 🤖"}))
    assert "变成了 [UNK]" in page
    assert f"{len(run.unknown)} 处" in page


def test_an_empty_text_gets_a_message_and_the_first_example():
    at = run_page("model")
    at.text_area(key=K + "text").input("   ").run()
    assert errors(at) == []
    assert any("The text box is empty" in w.value for w in at.warning)
    assert len(figures(at)) == 9


def _upload_statements(x: np.ndarray, digest: str) -> str:
    """Every statement of the page for uploaded states ``x``, through the functions the page calls."""
    from normviz.i18n import Translator
    from normviz.ui import model as md

    t = Translator("en")
    states = md.upload_view(digest, x, "uploaded states")
    table = md.per_norm(states.key)
    view = md.outlier_view(states.key, 0, 6.0, t, False)
    hyper, y, _ = md.picture_view(states.key, 0, t, False)
    md.heatmaps(states.key, 0, t, False)
    return "\n".join(
        [
            md.share_text(t, states, table, 0),
            md.token_table(t, states, table, 0),
            md.gap_text(t, states, table),
            md.outlier_text(t, states, 0, view),
            md.picture_text(t, hyper, y),
        ]
    )


def test_an_upload_gets_the_same_analysis_without_gamma():
    """The upload path below the widget (AppTest cannot drive a file uploader; Chromium does, in
    tests/browser/test_model.py): the isolated reader, the states, and the statements."""
    x = np.random.default_rng(0).standard_normal((12, 64)).astype(np.float32)
    x[:, 5] += 40.0  # one planted outlier coordinate in every token
    read = hidden.read_hidden_isolated(save_safetensors({"hidden_states": x}), "h.safetensors")
    said = _upload_statements(read, "planted")
    assert "Only x₅ of the uploaded states exceeds 6 times the root mean square in some row: in 12 of 12 rows" in said
    assert "Across all" not in said  # one set of states: no recurrence across norms
    assert "The uploaded states' share along 𝟏 is" in said and "Over the uploaded rows the gap is" in said


DEGENERATE = {
    "one zero row": lambda x: np.vstack([x, np.zeros((1, x.shape[1]))]),
    "constant rows": lambda x: np.ones_like(x) * np.arange(1, x.shape[0] + 1)[:, None],
    "all zeros": np.zeros_like,
    "D = 2": lambda x: x[:, :2],
    "D = 3": lambda x: x[:, :3],
    "one row": lambda x: x[:1],
    "two rows": lambda x: x[:2],
}


@pytest.mark.parametrize("name", list(DEGENERATE))
def test_degenerate_uploads_get_statements_not_tracebacks(name):
    x = DEGENERATE[name](np.random.default_rng(1).standard_normal((6, 16))).astype(np.float32)
    said = _upload_statements(x, f"degenerate {name}")
    assert "NaN" not in said and "100.000000" not in said
    if name == "all zeros":
        assert "every row is the zero vector" in said
    if name == "constant rows":
        assert "in every row all coordinates are equal" in said


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_upload_refusal_has_its_line_in_both_languages(lang):
    """Each code's line uses only the values its raise sites give (hidden.CODES' comments say which)."""
    import string

    given = {
        "too_large": {"size", "limit"}, "unsupported": {"dtype"}, "dtype": {"dtype"},
        "too_many_tensors": {"count", "limit"}, "ambiguous": {"count", "keys"}, "missing_key": {"key", "count", "keys"},
        "shape": {"shape"}, "empty_array": {"shape"}, "one_feature": {"shape"}, "not_finite": {"count", "total"},
        "time_limit": {"limit"}, "memory_limit": {"limit"},
    }  # fmt: skip
    for code in hidden.CODES:
        line = CATALOG[f"hidden.error.{code}"][lang]
        fields = {f for _, f, _, _ in string.Formatter().parse(line) if f}
        assert fields <= given.get(code, set()), (code, fields)
        assert line.strip() and "\n" not in line


def test_an_upload_with_a_checkpoint_shows_that_norms_gamma_and_beta():
    """Uploaded states with the checkpoint they came from: the γ and β of the chosen norm (D entries)."""
    from normviz import checkpoint
    from normviz.checkpoint_examples import EXAMPLES
    from normviz.i18n import Translator
    from normviz.ui import model as md

    report = checkpoint.inspect_file(EXAMPLES["gpt2"].model.read_bytes(), None, "gpt2.safetensors").report
    group = next(g for g in report.groups if g.module == "h.1.ln_2")
    x = np.random.default_rng(2).standard_normal((9, group.size)).astype(np.float32)
    states = md.upload_view(
        "with a checkpoint", x, "uploaded states", None, ("h.1.ln_2", group.gamma, group.beta, "ck")
    )
    assert states.names == ("h.1.ln_2",) and states.key == ("upload", "with a checkpoint", "ck", "h.1.ln_2")
    t = Translator("en")
    summary, last, _ = md.gamma_view(states.key, 0, t, False)
    said = md.gamma_text(t, states, 0, summary, last, [], 6.0)
    g = group.gamma
    assert f"h.1.ln_2's γ runs from {significant(float(g.min()), 4)} (x{subscript(int(g.argmin()))})" in said
    assert "the last LayerNorm" not in said


# --- LayerNorm frozen at inference (Baroni et al. 2025), computed here without normviz.hidden ----------------


def _s(x: np.ndarray, eps: float) -> np.ndarray:
    """Each token's s = sqrt(biased var + ε), straight from numpy."""
    x = x.astype(np.float64)
    return np.sqrt(((x - x.mean(axis=-1, keepdims=True)) ** 2).mean(axis=-1) + eps)


def _embed(hidden_states: np.ndarray) -> np.ndarray:
    v = hidden_states.astype(np.float64).mean(axis=0)
    return v / np.linalg.norm(v)


@pytest.fixture(scope="module")
def constants():
    """Per norm (all tokens, [CLS], the others): the mean s over the calibration sentences' tokens, from the
    ordinary model's captured inputs (test_model_frozen checks those against transformers')."""
    runs = [model.run(text) for text in model.CALIBRATION]
    eps = runs[0].eps
    every = np.concatenate([_s(r.inputs, eps) for r in runs], axis=1)  # (13, T)
    first = np.concatenate([np.arange(len(r.tokens)) == 0 for r in runs])
    return every.mean(axis=1), every[:, first].mean(axis=1), every[:, ~first].mean(axis=1), every.shape[1]


def _frozen_claims(text: str, mode: str, upto: int, constants) -> dict:
    """What the frozen section must say about ``text``: the drift at the last norm, the first norm below 0.99,
    the embedding's cosine and the neighbours' order, each computed directly."""
    every, cls, rest, _ = constants
    first, others = (every, every) if mode == "one" else (cls, rest)
    frozen = tuple((float(first[k]), float(others[k])) if k < upto else None for k in range(13))
    plain, cold = model.run(text), model.run(text, frozen=frozen)
    a, b = plain.outputs.astype(np.float64), cold.outputs.astype(np.float64)
    cos = (a * b).sum(axis=2) / np.linalg.norm(a, axis=2) / np.linalg.norm(b, axis=2)  # (13, S)
    rel = np.linalg.norm((b - a).reshape(13, -1), axis=1) / np.linalg.norm(a.reshape(13, -1), axis=1)
    below = [k for k in range(13) if cos[k].mean() < 0.99]
    candidates = [c for c in (*model.CALIBRATION, *PRESETS) if c != text]
    before = np.array([_embed(model.run(c).hidden) @ _embed(plain.hidden) for c in candidates])
    after = np.array([_embed(model.run(c, frozen=frozen).hidden) @ _embed(cold.hidden) for c in candidates])
    order_before, order_after = np.argsort(-before, kind="stable"), np.argsort(-after, kind="stable")
    return {
        "cos": decimals(float(cos[-1].mean()), 4),
        "low": decimals(float(cos[-1].min()), 4),
        "rel": significant(float(rel[-1]), 3),
        "below": model.NORMS[below[0]] if below else None,
        "embedding": decimals(float(_embed(plain.hidden) @ _embed(cold.hidden)), 4),
        "n": len(candidates),
        "moved": int(np.count_nonzero(order_before != order_after)),
        "kept": int(np.count_nonzero(order_before[:3] == order_after[:3])),
        "nearest": candidates[int(order_before[0])].rstrip("."),
        "nearest_now": candidates[int(order_after[0])].rstrip("."),
        "constants": frozen,
        "plain": plain,
    }


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_frozen_section_states_the_constants_the_drift_and_the_neighbours(lang, constants):
    at = run_page("model", lang=lang)
    assert errors(at) == []
    page = text(at)
    every, cls, rest, tokens = constants
    apart = cls / rest
    k = int(np.argmax(apart))
    for number in (
        significant(float(every.min()), 3),
        significant(float(every.max()), 3),
        significant(float(cls[k]), 3),
        significant(float(rest[k]), 3),
        decimals(float(apart[k]), 1),
    ):
        assert number in page  # fmt: skip
    assert model.NORMS[k] == "layer1.output" and model.NORMS[int(np.argmax(every))] in page
    claims = _frozen_claims(FIRST, "cls", 13, constants)
    for key in ("cos", "low", "rel", "embedding"):
        assert claims[key] in page
    if lang == "en":
        assert f"{len(model.CALIBRATION)} short sentences shipped with the app" in page and f"{tokens} tokens" in page
        assert (
            f"With the first 13 of the 13 LayerNorms frozen ([CLS] with its own σ), the output of the last one, "
            f"layer6.output, has a mean cosine of {claims['cos']} to the ordinary run's (the lowest token: "
            f"{claims['low']}), and ‖Y_frozen − Y‖_F/‖Y‖_F = {claims['rel']}" in page
        )
        assert f"The mean cosine first falls below 0.99 at {claims['below']}." in page
        assert f"has cosine {claims['embedding']} to the ordinary model's" in page
        if claims["moved"]:
            assert f"{claims['moved']} of the {claims['n']} take another rank" in page
            assert f"The same sentence stands in {claims['kept']} of the first 3 places." in page
        else:
            assert f"the other {claims['n']} sentences of the app" in page and "keep exactly the same order" in page
        if claims["nearest"] == claims["nearest_now"]:
            assert f"The nearest is still “{claims['nearest']}”." in page
        else:
            assert f"The nearest was “{claims['nearest']}” and is now “{claims['nearest_now']}”." in page
    else:
        assert f"{len(model.CALIBRATION)} 个短句" in page and f"共 {tokens} 个词元" in page
        assert f"平均余弦第一次低于 0.99 是在 {claims['below']}" in page
        assert f"{claims['n']} 个中有 {claims['moved']} 个换了名次" in page or "顺序完全不变" in page
        assert f"前 3 名中有 {claims['kept']} 名的句子不变" in page or "顺序完全不变" in page
    # the default text's paraphrase among the calibration sentences stays its nearest neighbour
    assert claims["nearest"] == claims["nearest_now"] == model.CALIBRATION[12].rstrip(".")


def test_the_slice_names_the_tokens_of_smallest_and_largest_s_over_c(constants):
    page = text(run_page("model"))
    _, cls, rest, _ = constants
    run = model.run(FIRST)
    s = _s(run.inputs[-1], run.eps)
    c = np.full(s.size, rest[-1])
    c[0] = cls[-1]
    ratio = s / c
    a, b = int(np.argmin(ratio)), int(np.argmax(ratio))
    assert f"has s/c = {decimals(float(ratio[a]), 3)} and" in page
    assert f"has s/c = {decimals(float(ratio[b]), 3)}." in page
    root = decimals(math.sqrt(384), 3)
    assert f"LayerNorm puts both on the circle, at length {root} (√D = {root})" in page
    x = run.inputs[-1].astype(np.float64)
    lengths = np.linalg.norm(x - x.mean(axis=1, keepdims=True), axis=1) / c
    assert f"the lengths {decimals(float(lengths[a]), 2)} and {decimals(float(lengths[b]), 2)}" in page


def test_the_freeze_controls_and_the_slice_follow_the_url(constants):
    at = run_page("model", **{K + "freeze": "one", K + "frozen": "5", K + "slice": "layer1.output"})
    assert errors(at) == []
    page = text(at)
    claims = _frozen_claims(FIRST, "one", 5, constants)
    assert (
        f"With the first 5 of the 13 LayerNorms frozen (One σ per LayerNorm), the output of the last one, "
        f"layer6.output, has a mean cosine of {claims['cos']}" in page
    )
    assert claims["embedding"] in page and "At layer1.output, " in page
    drift = next(f for f in figures(at) if any(tr.get("meta") == "frozen_edge" for tr in f["data"]))
    assert "The first 5 of 13 LayerNorms frozen" in drift["layout"]["title"]["text"]
    assert {p.key for p in url_params(at)} >= {K + "freeze", K + "frozen", K + "slice"}


# --- the largest coordinates and LayerNorm's Jacobian (Chen & Yao 2026) --------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_jacobian_section_counts_the_norms_where_the_largest_coordinate_has_the_smallest_norm(lang, first_run):
    import torch

    page = text(run_page("model", lang=lang))
    x = first_run.inputs.astype(np.float64)
    s = _s(x, first_run.eps)  # (13, S)
    top = [int(np.argmax(np.abs(x[k]).max(axis=1))) for k in range(13)]
    hit = [k for k in range(13) if np.argmax(s[k]) == top[k]]
    assert len(hit) >= 5  # [CLS]'s x₉₉ at the embeddings and layer1..4.output
    times = [np.median(1 / s[k]) * s[k, top[k]] for k in range(13)]
    k = max(hit, key=lambda i: times[i])
    i = int(np.argmax(np.abs(x[k, top[k]])))
    names = ", ".join(model.NORMS[j] for j in hit)
    if lang == "en":
        assert f"At {len(hit)} of the 13 LayerNorms the token holding the input's largest |xᵢ| also has the" in page
        assert f"of all {len(first_run.tokens)} tokens: {names}." in page
        assert f"The largest gap is at {model.NORMS[k]}:" in page
    else:
        assert f"在 13 个 LayerNorm 中的 {len(hit)} 个上" in page and names in page
    assert f"x{subscript(i)} = {decimals(float(x[k, top[k], i]), 1)}" in page
    assert f"s = {significant(float(s[k, top[k]]), 3)}" in page and f"1/s = {significant(1 / s[k, top[k]], 3)}" in page
    assert decimals(float(times[k]), 1) in page
    bound = math.sqrt(383) / np.abs(x[k, top[k]] - x[k, top[k]].mean()).max()
    assert significant(float(bound), 3) in page and percent(float(1 / s[k, top[k]] / bound)) in page
    jac = torch.autograd.functional.jacobian(
        lambda v: torch.nn.functional.layer_norm(
            v, (384,), torch.from_numpy(first_run.gammas[k].astype(np.float64)), None, first_run.eps
        ),
        torch.from_numpy(x[k, top[k]]),
    )
    assert significant(float(torch.linalg.matrix_norm(jac, ord=2)), 3) in page


def test_the_upload_source_shows_neither_the_frozen_nor_the_jacobian_section():
    at = run_page("model", **{K + "source": "upload"})
    assert errors(at) == []
    headers = [h.value for h in at.subheader]
    assert CATALOG["model.freeze.header"]["en"] not in headers and CATALOG["model.jac.header"]["en"] not in headers


def test_without_the_model_files_the_page_says_so_and_draws_no_section(monkeypatch, tmp_path):
    monkeypatch.setenv(model.ENV_DIR, str(tmp_path))  # an empty folder: every file missing
    at = run_page("model", **{K + "text": "A sentence no other test runs, so nothing is cached for it."})
    assert [e.value for e in at.exception] == []
    assert any("The model's files are missing" in e.value for e in at.error)
    assert figures(at) == [] and CATALOG["model.freeze.header"]["en"] not in [h.value for h in at.subheader]
