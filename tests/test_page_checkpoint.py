"""The checkpoint page under AppTest, in zh and en: examples, the config switch, uploads, bad input."""

from __future__ import annotations

import functools
import os
import pickle
import time

import numpy as np
import pytest
from safetensors.numpy import save as save_safetensors

from normviz import checkpoint as ck
from normviz.checkpoint_examples import EXAMPLES
from normviz.ui import checkpoint as ui_ck
from tests.helpers.hostilecheckpoints import HOSTILE, costs, many_tensors, metadata_flood
from tests.helpers.pages import coords, errors, figures, run_page, tables, text, trace
from tests.helpers.qkcheckpoints import MODELS, qk_file

SOURCE, CONFIG, FILE, CONFIG_FILE = ui_ck.SOURCE_KEY, ui_ck.CONFIG_KEY, ui_ck.FILE_KEY, ui_ck.CONFIG_FILE_KEY


def upload_page(lang: str = "en"):
    at = run_page("checkpoint", lang=lang, **{SOURCE: "upload"})
    assert errors(at) == []
    return at


def warnings(at) -> list[str]:
    return [w.value for w in at.warning]


@pytest.mark.parametrize(
    "lang, verdict, word", [("en", "Verdict: RMSNorm", "share of the model"), ("zh", "结论：RMSNorm", "占模型参数")]
)
def test_default_is_the_llama_example_with_its_config(lang, verdict, word):
    at = run_page("checkpoint", lang=lang)
    assert errors(at) == [] and not at.warning
    assert at.subheader[0].value == verdict
    assert at.segmented_control(key=SOURCE).value == "llama" and at.toggle(key=CONFIG).value is True
    table = tables(at)[0]
    span = "hidden state (D)" if lang == "en" else "隐藏状态（D）"
    assert f"` model.layers.N.input_layernorm ` | 6 | 32 | {span} | 192 | RMSNorm |" in table
    assert word in [m.label for m in at.metric][2]
    assert at.metric[2].value == f"{100 * 416 / 90912:.3f} %"
    figs = figures(at)
    assert len(figs) == 2 and figs[1]["layout"]["barmode"] == "stack"


@pytest.mark.parametrize(
    "lang, undecided, hint",
    [("en", "RMSNorm or a bias-free LayerNorm", "rms_norm_eps"), ("zh", "无偏置的 LayerNorm", "rms_norm_eps")],
)
def test_without_the_config_the_page_says_it_cannot_tell(lang, undecided, hint):
    at = run_page("checkpoint", lang=lang)
    at.toggle(key=CONFIG).set_value(False).run()
    assert errors(at) == []
    assert undecided in at.subheader[0].value
    assert hint in text(at)
    assert at.query_params[CONFIG] in ("false", ["false"])
    assert tables(at)[0].count("RMSNorm") == 3  # the kind column: "... (cannot tell)"


def test_choosing_the_gpt2_example_changes_verdict_and_figures():
    at = run_page("checkpoint")
    before = figures(at)[0]
    at.segmented_control(key=SOURCE).set_value("gpt2").run()
    assert errors(at) == []
    assert at.subheader[0].value == "Verdict: LayerNorm with γ and β"
    assert "| ` h.N.ln_1 ` | 4 | 32 | hidden state (D) | 256 | LayerNorm (γ and β) |" in tables(at)[0]
    assert figures(at)[0] != before
    assert "no config.json" in text(at)


def test_link_opens_an_example_and_a_bad_link_value_is_named():
    at = run_page("checkpoint", lang="zh", **{SOURCE: "gpt2"})
    assert errors(at) == [] and "LayerNorm" in at.subheader[0].value
    at = run_page("checkpoint", lang="zh", **{SOURCE: "<script>", CONFIG: "maybe"})
    assert errors(at) == []
    assert at.segmented_control(key=SOURCE).value == "llama"
    message = " ".join(warnings(at))
    assert SOURCE in message and CONFIG in message and "`" in message


def test_upload_prompt_then_a_safetensors_upload_is_read_and_its_name_shown_literally():
    at = upload_page("en")
    assert "Upload a checkpoint" in at.info[0].value
    name = "[x](https://ev.il)*model*.pt"  # a safetensors file with a misleading extension and markdown in its name
    at.file_uploader(key=FILE).upload(name, EXAMPLES["gpt2"].model.read_bytes()).run()
    assert errors(at) == []
    line = next(m.value for m in at.markdown if m.value.startswith("File "))
    assert "` [x](https://ev.il)*model*.pt `" in line and "safetensors, 52 tensors" in line
    assert at.subheader[0].value == "Verdict: LayerNorm with γ and β"


def test_a_pytorch_state_dict_upload_in_bfloat16_is_read():
    import io

    import torch

    state = {
        f"model.layers.{i}.input_layernorm.weight": torch.full((8,), 1 + i / 10, dtype=torch.bfloat16) for i in range(3)
    }
    buf = io.BytesIO()
    torch.save(state, buf)
    at = upload_page("en")
    at.file_uploader(key=FILE).upload("pytorch_model.bin", buf.getvalue())
    at.file_uploader(key=CONFIG_FILE).upload("config.json", b'{"rms_norm_eps": 1e-6}').run()
    assert errors(at) == []
    assert "PyTorch state dict (zip format), 3 tensors" in text(at)
    assert at.subheader[0].value == "Verdict: RMSNorm" and "rms_norm_eps" in text(at)
    mean = torch.stack([w.float() for w in state.values()]).double().mean().item()  # bfloat16's 1.1 is 1.1015625
    assert (
        f"| ` model.layers.N.input_layernorm ` | 3 | 8 | hidden state (D) | 24 | RMSNorm | {mean:.4f} |"
        in tables(at)[0]
    )


def test_uploaded_config_decides_a_weight_only_checkpoint():
    at = upload_page("zh")
    at.file_uploader(key=FILE).upload("m.safetensors", EXAMPLES["llama"].model.read_bytes()).run()
    assert "无法区分" not in at.subheader[0].value and "判断不了" in at.subheader[0].value
    at.file_uploader(key=CONFIG_FILE).upload("config.json", b'{"model_type": "gemma2"}').run()
    assert errors(at) == []
    assert "1 + w" in at.subheader[0].value
    assert any("1 + w" in i.value for i in at.info)


@pytest.mark.parametrize("lang, words", [("en", "neither a safetensors file"), ("zh", "既不是 safetensors 文件")])
def test_a_wrong_file_gets_a_message_in_the_page_language(lang, words):
    at = upload_page(lang)
    at.file_uploader(key=FILE).upload("photo.png", b"\x89PNG\r\n\x1a\n" + bytes(64)).run()
    assert errors(at) == []
    assert len(warnings(at)) == 1 and words in warnings(at)[0] and "` photo.png `" in warnings(at)[0]
    assert not figures(at)


def test_a_bad_config_is_ignored_with_a_message_and_the_checkpoint_still_shown():
    at = upload_page("en")
    at.file_uploader(key=FILE).upload("m.safetensors", EXAMPLES["llama"].model.read_bytes())
    at.file_uploader(key=CONFIG_FILE).upload("config.json", b"[1, 2, 3]").run()
    assert errors(at) == []
    assert any("could not be read" in w for w in warnings(at))
    assert "cannot decide" in at.subheader[0].value and len(figures(at)) == 2


class MakesMarker:
    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def test_an_uploaded_pickle_with_code_is_refused_and_does_not_run(tmp_path):
    marker = tmp_path / "pwned"
    at = upload_page("zh")
    at.file_uploader(key=FILE).upload("evil.bin", pickle.dumps({"w": MakesMarker(marker)}, protocol=2)).run()
    assert errors(at) == []
    assert any("已拒绝" in w and "` evil.bin `" in w for w in warnings(at))
    assert not marker.exists()


def test_the_reading_function_handles_every_refusal():
    """What the uploader hands over, read without the widget (sizes the uploader itself would stop)."""
    big = ui_ck.read(b"\0" * (ck.MAX_BYTES + 1), "big.safetensors")
    assert big.error == "too_large" and dict(big.values)["limit"] == ck.MAX_BYTES
    assert ui_ck.read(b"", "e.pt").error == "empty"
    cut = EXAMPLES["gpt2"].model.read_bytes()[:5000]
    assert ui_ck.read(cut, "cut.safetensors").error == "truncated"
    ok = ui_ck.read(save_safetensors({"ln.weight": np.ones(3, np.float32)}), "a.safetensors", b"{}", "c.json")
    assert ok.error is None and ok.report.groups[0].evidence == "config_silent"


def test_a_model_without_norms_says_so():
    at = upload_page("en")
    at.file_uploader(key=FILE).upload("mlp.safetensors", save_safetensors({"fc.weight": np.ones((3, 3), np.float32)}))
    at.run()
    assert errors(at) == []
    assert at.subheader[0].value == "Verdict: no normalization parameters found"
    assert "names this page does not recognise" in text(at) and not figures(at)


def test_every_control_changed_then_other_pages_open():
    at = run_page("checkpoint", lang="en")
    at.toggle(key=CONFIG).set_value(False).run()
    at.segmented_control(key=SOURCE).set_value("gpt2").run()
    at.segmented_control(key=SOURCE).set_value("upload").run()
    assert errors(at) == []
    for page in ("dof", "plane", "checkpoint"):
        at.switch_page(f"pages/{page}.py")
        at.run()
        assert errors(at) == [], page


def test_every_code_kind_and_evidence_has_both_languages():
    from normviz.i18n import CATALOG

    keys = [f"checkpoint.error.{c}" for c in ck.CODES] + [f"checkpoint.kind.{k}" for k in ck.KINDS]
    keys += [f"checkpoint.verdict.{k}" for k in (*ck.KINDS, "mixed", "none")]
    keys += [f"checkpoint.format.{f}" for f in ck.FORMATS] + [f"checkpoint.source.{s}" for s in ui_ck.SOURCES]
    keys += [f"checkpoint.evidence.{e}" for e in ck.EVIDENCE]
    missing = [k for k in keys if set(CATALOG.get(k, {})) != {"zh", "en"}]
    assert not missing


def row(table: str, first: str) -> list[str]:
    line = next(line for line in table.splitlines() if line.startswith(f"| {first} |"))
    return [c.strip() for c in line.strip("|").split("|")]


@pytest.mark.parametrize(
    "lang, words",
    [
        ("en", ("each head (head_dim)", "head_dim = 16", "4 heads' query")),
        ("zh", ("每个注意力头（head_dim）", "head_dim = 16", "4 个头的查询")),
    ],
)
def test_the_qwen3_example_shows_qk_norms_of_head_dim(lang, words):
    at = run_page("checkpoint", lang=lang, **{SOURCE: "qwen3"})
    assert errors(at) == [] and not at.warning
    assert "RMSNorm" in at.subheader[0].value
    table = tables(at)[0]
    q = row(table, "` model.layers.N.self_attn.q_norm `")
    report = ui_ck.read_example("qwen3", True).report
    q_groups = [g for g in report.groups if g.module.endswith("q_norm")]
    assert q[1:5] == ["4", "16", words[0], "64"]  # modules, length, spans, params
    gammas = np.concatenate([g.gamma for g in q_groups])
    assert q[6:8] == [f"{gammas.mean():.4f}", f"{np.median(gammas):.4f}"]
    assert row(table, "` model.layers.N.input_layernorm `")[2] == "32"
    note = next(i.value for i in at.info)
    assert words[1] in note and words[2] in note and ("D = 32" in note)


@pytest.mark.parametrize("name, words", [
    ("qwen3", ("each of the 8 heads' query normalized on its own; γ has head_dim = 16",
               "each of the 4 heads' key normalized on its own")),
    ("gemma3", ("each of the 4 heads' query normalized on its own; γ has head_dim = 32",
                "a single key head, normalized on its own; γ has head_dim = 32")),
    ("olmo2", ("the whole query projection normalized at once; γ has 64 components (4 heads × head_dim 16)",
               "the whole key projection normalized at once; γ has 64 components")),
    ("olmo2_gqa", ("the whole query projection normalized at once; γ has 64 components",
                   "the whole key projection normalized at once; γ has 32 components (2 heads × head_dim 16)")),
])  # fmt: skip
def test_uploaded_qk_norm_models_are_explained(name, words):
    import json

    at = upload_page("en")
    at.file_uploader(key=FILE).upload(f"{name}.safetensors", qk_file(name))
    at.file_uploader(key=CONFIG_FILE).upload("config.json", json.dumps(MODELS[name]["config"]).encode()).run()
    assert errors(at) == [] and not at.warning
    note = next(i.value for i in at.info if "QK-norm" in i.value)
    assert f"D = {MODELS[name]['d']}" in note
    for w in words:
        assert w in note, (w, note)
    kind = "RMSNorm, scale 1 + w" if name == "gemma3" else "RMSNorm"
    q = row(tables(at)[0], "` model.layers.N.self_attn.q_norm `")
    assert q[5] == kind and q[1] == "3"
    assert len(figures(at)) == 2


def test_qk_norms_without_a_config_are_still_placed_by_their_projection():
    at = upload_page("zh")
    at.file_uploader(key=FILE).upload("qwen3.safetensors", qk_file("qwen3")).run()
    assert errors(at) == []
    note = next(i.value for i in at.info if "QK-norm" in i.value)
    assert "8 个头的查询各自归一化" in note and "head_dim = 16" in note
    assert "判断不了" in at.subheader[0].value  # weight only, no config: RMSNorm or bias-free LayerNorm


def test_gamma_spread_sentence_is_computed_from_the_file():
    at = run_page("checkpoint")
    spread = ck.gamma_spread(ui_ck.read_example("llama", True).report)
    line = next(m.value for m in at.markdown if m.value.startswith("In this file γ runs from"))
    assert f"from {spread.low:.3f} to {spread.high:.3f}" in line
    assert f"{spread.median_low[0]:.3f} (` model.layers.0.input_layernorm `)" in line
    assert f"{spread.median_high[0]:.3f} (` model.norm `)" in line and f"{100 * spread.near_one:.1f} %" in line
    help_text = at.segmented_control(key=SOURCE).help
    assert "near 1" in help_text and "far from 1" in help_text and "γ near 1," not in help_text
    box = trace(figures(at)[0], "layers:model.norm")
    assert coords(box, "median")[0] == pytest.approx(spread.median_high[0])


def test_the_intro_no_longer_says_every_gamma_is_d_long():
    for lang, words in (("en", ("head_dim long", "n_heads × head_dim")), ("zh", ("head_dim", "头数 × head_dim"))):
        intro = text(run_page("checkpoint", lang=lang))
        assert all(w in intro for w in words)
        assert "each as long as the hidden size D" not in intro


def test_warm_rerun_is_fast():
    import time

    at = run_page("checkpoint")
    at.run()
    start = time.perf_counter()
    at.run()
    assert time.perf_counter() - start < 2.0


# --- bounded work (issue #23): a hostile upload is answered in seconds, a large one drawn in part ----------

REFUSALS = {
    ("110000_tensors", "en"): "declares 110 000 tensors, more than the 20 000 this page reads",
    ("110000_tensors", "zh"): "声明了 110,000 个张量，超过本页读取的上限 20,000 个",
    ("huge_tensor", "en"): "neither a safetensors file nor a readable PyTorch checkpoint",
    ("huge_header", "en"): "is cut off",
    ("deep_json", "en"): "neither a safetensors file nor a readable PyTorch checkpoint",
}


@pytest.mark.parametrize("name, lang", list(REFUSALS))
def test_a_hostile_upload_is_answered_in_seconds_and_leaves_the_server_as_it_was(name, lang):
    """The issue's files through the page: one warning in the page's language within 5 s, the process's
    memory back within 50 MiB, and another thread's small pieces of Python work (another session's moves)
    never waiting 200 ms. At commit 7bfdac1 the 110 000-tensor file was read and its whole table drawn: on a
    real server (tests/browser/test_checkpoint.py) the verdict came after 9.6 s, the server was busy 67 s and
    kept 214 MiB, and another session's moves waited up to 2.1 s."""
    at = upload_page(lang)
    data = HOSTILE[name][0]()
    with costs() as cost:
        at.file_uploader(key=FILE).upload(f"{name}-{lang}.safetensors", data).run()
    assert errors(at) == []
    assert len(warnings(at)) == 1 and REFUSALS[name, lang] in warnings(at)[0], warnings(at)
    assert f"` {name}-{lang}.safetensors `" in warnings(at)[0] and "\n" not in warnings(at)[0]
    assert not figures(at) and not tables(at)
    assert cost.seconds <= 5 and cost.memory_mib < 50 and cost.lock_s < 0.2, cost


def test_an_upload_whose_header_is_costly_to_parse_is_read_without_stalling_the_server():
    """A valid file of one γ behind 1.2 million metadata strings: no declared limit refuses it, and the page
    reads it (its verdict and figures) in seconds while the process keeps its lock and memory."""
    at = upload_page("en")
    data = metadata_flood()
    with costs() as cost:
        at.file_uploader(key=FILE).upload("metadata.safetensors", data).run()
    assert errors(at) == [] and not at.warning
    assert "Verdict:" in text(at) and len(figures(at)) == 2 and "model.norm" in tables(at)[1]
    # no declared limit stops it: the worker's own limit bounds its time (about 2 s of one core alone; 5.4 s
    # of wall-clock time once, beside an image build on the 2 cores). Read in this process the file made another
    # thread wait 0.8 s; through the worker it waits < 0.1 s alone and 0.21 s once on a loaded clean-clone run,
    # so the bound is half the in-process wait
    assert cost.seconds <= 2 * ck.TIME_LIMIT_S and cost.memory_mib < 50 and cost.lock_s < 0.4, cost


@pytest.mark.parametrize(
    "limit, lang, words",
    [
        ({"time_limit_s": 0.01}, "en", "took more than 0.01 s and was stopped"),
        ({"memory_limit": 16 * 2**20}, "zh", "需要超过 16 MiB 内存，已被停止"),
    ],
)
def test_a_file_that_hits_a_limit_gets_a_message_and_the_session_goes_on(monkeypatch, limit, lang, words):
    monkeypatch.setattr(ck, "inspect_file_isolated", functools.partial(ck.inspect_file_isolated, **limit))
    at = upload_page(lang)
    at.file_uploader(key=FILE).upload(f"slow-{lang}.safetensors", many_tensors(110_000)).run()
    assert errors(at) == []
    assert len(warnings(at)) == 1 and words in warnings(at)[0]
    at.segmented_control(key=SOURCE).set_value("gpt2").run()
    assert errors(at) == [] and not at.warning and len(figures(at)) == 2


def layers_file(layers: int) -> bytes:
    """A decoder of ``layers`` layers, two norms each (γ of 4), and a final norm."""
    state = {}
    for i in range(layers):
        state[f"model.layers.{i}.input_layernorm.weight"] = np.full(4, 1 + i / layers, np.float32)
        state[f"model.layers.{i}.post_attention_layernorm.weight"] = np.full(4, 2 - i / layers, np.float32)
    state["model.norm.weight"] = np.ones(4, np.float32)
    return save_safetensors(state)


def test_a_file_of_thousands_of_layers_draws_its_first_and_last_layers_and_pages_its_table():
    from normviz.figures import checkpoint as figs

    at = upload_page("en")
    start = time.perf_counter()
    at.file_uploader(key=FILE).upload("deep.safetensors", layers_file(3_000)).run()
    assert time.perf_counter() - start < 10
    assert errors(at) == []
    layers, hist = figures(at)
    box = trace(layers, "layers:model.layers.N.input_layernorm")
    assert len(coords(box, "x")) == 2 * figs.EDGE_LAYERS  # of 3 000
    ticks = layers["layout"]["xaxis"]["ticktext"]
    assert ticks[0] == "0" and "…" in ticks and ticks[-1] == "final" and "2999" in ticks
    assert sum(coords(b, "y").sum() for b in hist["data"] if b["type"] == "bar") == 6_001 * 4  # every γ counted
    assert "This file has 3 000 layers: the figures draw the first 16 and the last 16" in text(at)
    families, modules = tables(at)
    assert families.count("\n") == 2 + 2  # header, rule, the two families of the layers and the final norm
    assert modules.count("\n") == 2 + ui_ck.ROWS - 1  # header, rule and one page of rows
    assert "| ` model.layers.24.post_attention_layernorm ` | 24 |" in modules.splitlines()[-1]
    pager = at.selectbox(key="checkpoint.module_page")
    assert pager.label == "Rows shown" and len(pager.options) == 121
    assert pager.options[0] == "rows 1–50 of 6 001" and pager.options[-1] == "rows 6 001–6 001 of 6 001"
    start = time.perf_counter()
    pager.select_index(len(pager.options) - 1).run()
    assert time.perf_counter() - start < 2  # a new page reruns the reading, the file cached: 0.2 s
    assert tables(at)[1].splitlines()[2:] == [
        "| ` model.norm ` |  | float32 | 4 | 1.0000 | 0.0000 | 1.0000 … 1.0000 | 1.0000 · 1.0000 · 1.0000 | – |"
    ]


def test_a_file_of_hundreds_of_families_lists_and_draws_a_bounded_part():
    from normviz.figures import checkpoint as figs

    letters = lambda i: "".join(chr(97 + int(d)) for d in np.base_repr(i, 10))  # noqa: E731
    state = {f"tower_{letters(i)}.norm.weight": np.full(2, 1 + i / 300, np.float32) for i in range(300)}
    at = upload_page("zh")
    at.file_uploader(key=FILE).upload("wide.safetensors", save_safetensors(state)).run()
    assert errors(at) == []
    layers, hist = figures(at)
    assert len([t for t in layers["data"] if t["type"] == "box"]) == figs.MAX_FAMILIES
    metas = [t["meta"] for t in hist["data"]]
    assert len(metas) == figs.MAX_FAMILIES + 2 and metas[-2:] == ["hist_rest", "gamma_one"]
    assert hist["data"][-2]["name"] == "其余 288 组"
    assert sum(coords(b, "y").sum() for b in hist["data"] if b["type"] == "bar") == 600
    families = tables(at)[0]
    assert families.count("\n") == 2 + ui_ck.ROWS - 1
    evidence = next(m.value for m in at.markdown if m.value.startswith("- ` tower_"))
    assert evidence.count("` tower_") == ui_ck.NAMES and "等（另有 292 个）" in evidence
    assert "它的 300 组归一化里，图中单独画出前 12 组" in text(at)
    at.selectbox(key="checkpoint.family_page").select_index(5).run()
    assert errors(at) == [] and tables(at)[0].count("\n") == 2 + 50 - 1  # rows 251–300


@pytest.mark.parametrize(
    "lang, words", [("en", "- 2 more QK-norms: see the table above."), ("zh", "- 还有 2 组 QK-norm，见上表。")]
)
def test_more_qk_norm_families_than_the_list_shows_are_counted(lang, words):
    """Ten QK-norm families (five towers, q and k each): the note lists ``NAMES`` of them and counts the rest."""
    state = {
        f"tower_{c}.layers.{i}.self_attn.{qk}_norm.weight": np.ones(4, np.float32)
        for c in "abcde"
        for qk in "qk"
        for i in range(2)
    }
    at = upload_page(lang)
    at.file_uploader(key=FILE).upload("towers.safetensors", save_safetensors(state)).run()
    assert errors(at) == []
    (note,) = [i.value for i in at.info if "QK" in i.value]
    shown = 10 - ui_ck.NAMES
    assert words.replace("2", str(shown)) in note.splitlines()
    assert len(note.splitlines()) == 1 + ui_ck.NAMES + 1  # the intro, NAMES families, the count
