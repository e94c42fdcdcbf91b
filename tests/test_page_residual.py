import numpy as np
import pytest

from tests.helpers.pages import coords, errors, figures, run_page, tables, text, trace

K = "residual."


@pytest.mark.parametrize(
    "lang, title, models",
    [("en", "Pre-Norm and Post-Norm", "BERT are Post-Norm"), ("zh", "Pre-Norm 与 Post-Norm", "BERT 用 Post-Norm")],
)
def test_page_runs_in_both_languages_with_four_variants_and_the_citation(lang, title, models):
    at = run_page("residual", lang=lang)
    assert errors(at) == [] and not at.warning
    assert title in at.title[0].value
    page = text(at)
    assert models in page and "Xiong" in page and "2002.04745" in page and "GPT-2" in page and "LLaMA" in page
    summary = tables(at)[0]
    assert summary.count("Pre-Norm · ") == 2 and summary.count("Post-Norm · ") == 2
    assert summary.count("Peri-Norm · ") == 2 and summary.count("nGPT · ") == 1
    fig = figures(at)[0]
    assert np.array_equal(coords(trace(fig, "stream_post_ln"), "x"), np.arange(25))  # depth 24 by default
    assert np.allclose(coords(trace(fig, "stream_post_rms"), "y")[1:], np.sqrt(128), rtol=1e-4)


def test_depth_and_gain_change_the_stack_and_the_markers():
    at = run_page("residual")
    at.slider(key=K + "depth").set_value(6).run()
    assert errors(at) == []
    fig = figures(at)[0]
    assert np.array_equal(coords(trace(fig, "grad_pre_ln"), "x"), np.arange(7))
    assert not any(t["meta"].startswith("square_") for t in fig["data"])
    at.select_slider(key=K + "scale").set_value("1000").run()
    fig = figures(at)[0]
    assert errors(at) == []
    assert coords(trace(fig, "square_pre_rms"), "x")[0] == 0  # the input itself is past 256
    assert "| 0 |" in tables(at)[0]


def test_the_seed_changes_the_numbers():
    before = tables(run_page("residual", **{K + "depth": "4", K + "width": "32"}))[0]
    after = tables(run_page("residual", **{K + "depth": "4", K + "width": "32", K + "seed": "7"}))[0]
    assert before != after


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_bad_link_values_get_one_message(lang):
    at = run_page("residual", lang=lang, **{K + "depth": "99", K + "width": "100", K + "seed": "-3"})
    assert errors(at) == []
    assert len(at.warning) == 1
    for name in ("residual.depth", "residual.width", "residual.seed"):
        assert name in at.warning[0].value


def test_without_torch_the_page_says_why_it_cannot_compute(monkeypatch):
    from normviz import _xp

    monkeypatch.setattr(_xp, "torch_installed", lambda: False)
    at = run_page("residual", lang="zh")
    assert errors(at) == [] and figures(at) == []
    assert any("torch" in i.value for i in at.info)


def _row(table: str, start: str) -> list[str]:
    line = next(line for line in table.splitlines() if line.startswith(f"| {start} |"))
    return [c.strip() for c in line.strip("|").split("|")]


@pytest.mark.parametrize(
    "lang, bare, pre", [("en", "No norm", "Pre-Norm · RMSNorm"), ("zh", "不归一化", "Pre-Norm · RMSNorm")]
)
def test_the_stack_without_a_norm_is_drawn_and_tabled_and_a_small_gain_tames_it(lang, bare, pre):
    from normviz import residual

    at = run_page("residual", lang=lang)
    fig = figures(at)[0]
    comp = residual.compare(residual.StackConfig())
    assert np.allclose(coords(trace(fig, "stream_none"), "y"), comp.no_norm.stream_norm)
    assert trace(fig, "stream_none")["name"] == bare
    row = _row(tables(at)[0], bare)
    assert float(row[2]) / float(row[1]) > 50 and row[6] == "—"  # grows a hundredfold; no Norm squares anything
    at.select_slider(key=K + "gain").set_value("0.1").run()
    assert errors(at) == []
    fig = figures(at)[0]
    stream = coords(trace(fig, "stream_none"), "y")
    assert stream[-1] / stream[0] < 1.2  # small initialization
    row = _row(tables(at)[0], bare)
    assert float(row[2]) / float(row[1]) < 1.2
    assert _row(tables(at)[0], pre)[0] == pre
    linked = run_page("residual", lang=lang, **{K + "gain": "0.1"})  # a link reproduces the small initialization
    assert errors(linked) == [] and not linked.warning and tables(linked)[0] == tables(at)[0]


@pytest.mark.parametrize(
    "lang, naive_zero, silent",
    [("en", "tokens with gradient 0", "fails silently"), ("zh", "梯度为 0 的词元", "悄无声息")],
)
def test_the_float16_table_shows_the_silent_zero_and_the_nan_where_the_scale_says(lang, naive_zero, silent):
    at = run_page("residual", lang=lang)
    assert silent in text(at)
    table = tables(at)[1]
    assert naive_zero in table
    for variant in ("Pre-Norm · RMSNorm", "Post-Norm · RMSNorm"):
        f32, naive, zero_out, zero_grad, upcast = _row(table, variant)[1:]
        assert float(naive) == pytest.approx(float(f32), rel=0.01) and zero_out == zero_grad == "0 / 8"
    at.select_slider(key=K + "scale").set_value("1000").run()
    assert errors(at) == []
    table = tables(at)[1]
    f32, naive, zero_out, zero_grad, upcast = _row(table, "Pre-Norm · RMSNorm")[1:]
    assert (
        float(naive) == 0.0
        and zero_out == zero_grad == "8 / 8"
        and float(upcast) == pytest.approx(float(f32), rel=0.02)
    )
    f32, naive, zero_out, zero_grad, upcast = _row(table, "Post-Norm · RMSNorm")[1:]
    assert naive == "NaN" and zero_out == "8 / 8" and float(upcast) == pytest.approx(float(f32), rel=0.02)


@pytest.mark.parametrize(
    "lang, sandwich, estimate",
    [("en", "Gemma 2's “sandwich”", "where the formula estimates"), ("zh", "Gemma 2（Gemma Team", "按这个式子估计是")],
)
def test_peri_norm_and_ngpt_are_cited_drawn_tabled_and_read_with_the_computed_numbers(lang, sandwich, estimate):
    from normviz import residual
    from normviz.format import legible

    at = run_page("residual", lang=lang)
    assert errors(at) == [] and not at.warning
    page = text(at)
    for cited in ("2502.02732", "2408.00118", "2410.01131", "Kim", "Loshchilov", sandwich):
        assert cited in page, cited
    comp = residual.compare(residual.StackConfig())
    peri, ngpt = comp.runs[("peri", "rms")], comp.runs[("ngpt", "rms")]
    for number in (peri.stream_norm[24], comp.peri_estimate("rms"), peri.grad_norm[0], ngpt.grad_norm[0]):
        assert legible(number, 3) in page
    assert f"{estimate} {legible(comp.peri_estimate('rms'), 3)}" in page
    fig = figures(at)[0]
    assert np.allclose(coords(trace(fig, "stream_peri_rms"), "y"), peri.stream_norm)
    assert np.allclose(coords(trace(fig, "grad_ngpt_rms"), "y"), ngpt.grad_norm)
    assert trace(fig, "stream_ngpt_rms")["line"]["dash"] == "longdash"
    row = _row(tables(at)[0], "nGPT · RMSNorm")
    assert float(row[2]) == pytest.approx(np.sqrt(128), rel=1e-3)  # ‖h_L‖ on the √D sphere
    assert float(row[4]) == pytest.approx(ngpt.grad_norm[24], rel=1e-3)
    f16 = tables(at)[1]
    for variant in ("Peri-Norm · RMSNorm", "nGPT · RMSNorm"):
        f32, naive, zero_out, zero_grad, upcast = _row(f16, variant)[1:]
        assert float(naive) == pytest.approx(float(f32), rel=0.01) and zero_out == "0 / 8"
    at.select_slider(key=K + "scale").set_value("1000").run()
    assert errors(at) == []
    f16 = tables(at)[1]
    for variant in ("Peri-Norm · RMSNorm", "nGPT · RMSNorm"):
        f32, naive, zero_out, zero_grad, upcast = _row(f16, variant)[1:]
        assert naive == "NaN" and zero_out == "8 / 8" and float(upcast) == pytest.approx(float(f32), rel=0.02)
    assert ("These 8 float16 runs" if lang == "en" else "这 8 次 float16 运行") in text(at)  # counted, not written


def test_the_gain_hardly_moves_peri_norms_stream_and_the_text_follows():
    at = run_page("residual")
    top = float(_row(tables(at)[0], "Peri-Norm · RMSNorm")[2])
    at.select_slider(key=K + "gain").set_value("32").run()
    assert errors(at) == []
    assert float(_row(tables(at)[0], "Peri-Norm · RMSNorm")[2]) == pytest.approx(top, rel=0.01)
    assert float(_row(tables(at)[0], "Pre-Norm · RMSNorm")[2]) > 10 * top


@pytest.mark.parametrize("lang, peri", [("en", "Peri-Norm"), ("zh", "Peri-Norm")])
def test_the_pills_choose_the_arrangements_drawn_and_a_link_reproduces_them(lang, peri):
    at = run_page("residual", lang=lang)
    pills = at.pills(key=K + "shown")
    assert list(pills.value) == ["pre", "post", "peri", "ngpt", "none"]  # every arrangement by default
    summary = tables(at)[0]
    pills.set_value(["peri", "ngpt"]).run()
    assert errors(at) == []
    roles = {t["meta"] for t in figures(at)[0]["data"]}
    assert {"stream_peri_ln", "stream_peri_rms", "grad_ngpt_rms", "peak_ngpt_rms"} <= roles
    assert not any(r.startswith(("stream_pre", "stream_post", "stream_none")) for r in roles)
    assert tables(at)[0] == summary  # the tables keep every variant
    linked = run_page("residual", lang=lang, **{K + "shown": "ngpt"})
    assert errors(linked) == [] and not linked.warning
    roles = {t["meta"] for t in figures(linked)[0]["data"]}
    assert "stream_ngpt_rms" in roles and not any(r.startswith("stream_peri") for r in roles)
    assert peri in text(linked)  # its row and its reading stay
