"""The cost page in AppTest, zh and en: the step table follows the inputs, bad links get a message, the benchmark
runs."""

from __future__ import annotations

import pytest

from normviz.ui import cost as cost_ui
from tests.helpers.pages import charts, errors, run_page


def table(at) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("| "))


def markdown(at) -> str:
    return "\n".join(m.value for m in at.markdown)


@pytest.mark.parametrize(("lang", "word"), [("zh", "每次调用的元素数"), ("en", "elements per call")])
def test_tutorial_case_by_default(lang, word):
    at = run_page("cost", lang=lang)
    assert not errors(at)
    text = table(at)
    assert word in text
    assert "32768 × 2048" in text and "67,108,864" in text  # elements per call
    assert "12.9 GB" in text and "6.44 ms" in text  # bytes in one forward pass, time at 2 TB/s
    assert "85.2 TFLOP" in text and "174 PFLOP" in text  # matmul FLOPs: right (2PT) and the slip's (2PTD)
    assert "0.000189" in text and "9.23e-08" in text


def test_inputs_change_the_table():
    at = run_page("cost", lang="en")
    before = table(at)
    at.number_input(key=cost_ui.TOKENS).set_value(1024).run()
    assert not errors(at)
    after = table(at)
    assert after != before and "1024 × 2048" in after
    at.selectbox(key=cost_ui.DTYPE).set_value("fp32").run()
    assert "1024 × 2048 × 4" not in table(at)  # that is elements x bytes: the elements come first
    assert "2097152 × 4 × 2" in table(at)


def test_decode_preset_tells_that_the_matmuls_are_bandwidth_bound_too():
    at = run_page("cost", lang="en")
    assert "compute-bound" in markdown(at)
    at.button(key="cost.preset.1").click().run()
    assert not errors(at)
    assert at.number_input(key=cost_ui.TOKENS).value == 1
    assert "bandwidth-bound too" in markdown(at)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("zh", ("训练 micro-batch", "解码，batch 64", "带宽")),
        ("en", ("training micro-batch", "decoding, batch 64", "bandwidth")),
    ],
)
def test_training_and_decoding_side_by_side(lang, words):
    at = run_page("cost", lang=lang)
    text = markdown(at)
    for word in words:
        assert word in text
    scen = next(m.value for m in at.markdown if m.value.startswith("| ") and "32,768" in m.value)
    lines = scen.splitlines()[2:]
    assert len(lines) == 3
    assert "| 0.019 % | " in lines[0] and "| 372 |" in lines[0]  # training: time share 372 x the FLOP share
    assert "| 0.8 |" in lines[1] and "| 50.7 |" in lines[2]  # decoding: batch 1, batch 64
    # the rows follow the other inputs: 4-byte values double the norms' bytes and the weights' alike
    at.selectbox(key=cost_ui.DTYPE).set_value("fp32").run()
    assert next(m.value for m in at.markdown if m.value.startswith("| ") and "32,768" in m.value) != scen


def test_batch_preset_and_a_slow_machine_are_explained():
    at = run_page("cost", lang="en")
    at.button(key="cost.preset.64").click().run()
    assert not errors(at) and at.number_input(key=cost_ui.TOKENS).value == 64
    assert "50.7 times" in markdown(at)
    slow = run_page("cost", lang="zh", **{"cost.peak": "1", "cost.bandwidth": "8"})
    assert not errors(slow) and "连归一化都在等算术" in markdown(slow)


def test_link_values_are_used_and_a_bad_one_named():
    at = run_page("cost", lang="zh", **{"cost.tokens": "4096", "cost.bandwidth": "8"})
    assert not errors(at) and "4096 × 2048" in table(at)
    assert "/ 8e+12" in table(at)
    bad = run_page("cost", lang="en", **{"cost.dtype": "fp64"})
    assert not errors(bad)
    warnings = [w.value for w in bad.warning]
    assert len(warnings) == 1 and "cost.dtype" in warnings[0] and "fp64" in warnings[0]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_benchmark_button_runs_and_shows_the_chart(lang, monkeypatch):
    monkeypatch.setattr(cost_ui, "PAGE_SHAPES", ((2, 8), (4, 16)))
    monkeypatch.setattr(cost_ui, "PAGE_REPEATS", 2)
    at = run_page("cost", lang=lang)
    assert not charts(at) and at.info
    at.button(key="cost.bench.start").click().run()
    assert not errors(at)
    (fig,) = charts(at).values()
    assert [t["meta"] for t in fig["data"]] == ["bench_copy", "bench_ln", "bench_rms", "bench_l2"]
    assert "2 × 8" in markdown(at) and "4 × 16" in markdown(at)
    assert at.button(key="cost.bench.start").label == ("重新测量" if lang == "zh" else "Measure again")
    # kept for the session: another rerun shows it without measuring again
    at.number_input(key=cost_ui.HIDDEN).set_value(512).run()
    assert len(charts(at)) == 1


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("threads", ["1", "2"])
def test_benchmark_says_how_many_threads_numpy_used(lang, threads, monkeypatch):
    monkeypatch.setenv("OMP_NUM_THREADS", threads)
    monkeypatch.setenv("NORMVIZ_BACKEND", "numpy")
    monkeypatch.setattr(cost_ui, "PAGE_SHAPES", ((2, 8),))
    monkeypatch.setattr(cost_ui, "PAGE_REPEATS", 1)
    at = run_page("cost", lang=lang)
    at.button(key="cost.bench.start").click().run()
    assert not errors(at)
    captions = "\n".join(c.value for c in at.caption)
    if threads == "1":
        assert ("一个 CPU 线程" if lang == "zh" else "numpy used one CPU thread") in captions
        assert "MiB" not in captions
    else:
        assert ("按行分成 2 份" if lang == "zh" else "cut into 2 row parts computed on 2 CPU threads") in captions
        assert "8 MiB" in captions


def storage(at) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("| ") and "MiB" in m.value)


@pytest.mark.parametrize("lang, chosen", [("en", "(chosen)"), ("zh", "（当前选择）")])
def test_storage_doubles_from_128_to_256_mib_in_float32_for_the_users_shape(lang, chosen):
    at = run_page("cost", lang=lang)
    rows = {r.split("|")[1].strip(): r for r in storage(at).splitlines()[2:]}
    assert (
        "| 268,435,456 | 256 |" in rows["fp32"]
        and "| 134,217,728 | 128 |" in rows[f"**bf16 / fp16** {chosen}" if lang == "en" else f"**bf16 / fp16**{chosen}"]
    )
    assert "128 MiB" in markdown(at) and "256 MiB" in markdown(at)
    at.number_input(key=cost_ui.HIDDEN).set_value(4096).run()
    assert not errors(at) and "256 MiB" in markdown(at) and "512 MiB" in markdown(at)
    assert "32768 × 4096 × 2" in storage(at)
    at.selectbox(key=cost_ui.DTYPE).set_value("fp32").run()
    assert "512 MiB" in markdown(at) and "256 MiB" in markdown(at)  # already float32: 16 bits would halve it
    at.selectbox(key=cost_ui.DTYPE).set_value("fp8").run()
    assert "128 MiB" in markdown(at) and "512 MiB" in markdown(at) and " 4 " in markdown(at)
