"""The real-model page in AppTest: it runs all-MiniLM-L6-v2 on the text, and every statement is the captured
states' number, in both languages; uploads get the same analysis, bad files one line in the page's language."""

import numpy as np
import pytest
from safetensors.numpy import save as save_safetensors

from normviz import hidden, model
from normviz.format import decimals, percent, significant, subscript
from normviz.i18n import CATALOG
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
    assert len(figures(at)) == 6  # share, gap, outliers, recurrence, γ and β, the picture
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
    assert len(figures(at)) == 6


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
