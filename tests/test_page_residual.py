import math

import numpy as np
import pytest

from tests.helpers.pages import coords, errors, figures, run_page, tables, text, trace

K = "residual."


@pytest.mark.parametrize(
    "lang, title, models",
    [("en", "Pre-Norm and Post-Norm", "BERT are Post-Norm"), ("zh", "Pre-Norm 与 Post-Norm", "BERT 用 Post-Norm")],
)
def test_page_runs_in_both_languages_with_every_variant_and_the_citation(lang, title, models):
    at = run_page("residual", lang=lang)
    assert errors(at) == [] and not at.warning
    assert title in at.title[0].value
    page = text(at)
    assert models in page and "Xiong" in page and "2002.04745" in page and "GPT-2" in page and "LLaMA" in page
    summary = tables(at)[0]
    assert summary.count("Pre-Norm · ") == 2 and summary.count("Post-Norm · ") == 2
    assert summary.count("Peri-Norm · ") == 2 and summary.count("nGPT · ") == 1 and summary.count("LNS · ") == 2
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
    assert ("These 10 float16 runs" if lang == "en" else "这 10 次 float16 运行") in text(at)  # counted, not written


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
    assert list(pills.value) == ["pre", "post", "peri", "ngpt", "lns", "none"]  # every arrangement by default
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


# --- LayerNorm scaling (Sun et al. 2025; issue #29) ------------------------------------------------------

LNS_NUMBERS = {
    # the LNS reading's measured numbers, read back from the page: (start, Pre top, Pre ×, LNS top, LNS ×),
    # (Pre added, LNS added), (Pre update, LNS update) in per cent
    "en": (
        r"goes from (\S+) at the input to (\S+) at the top with Pre-Norm \(×(\S+)\) and to (\S+) with LNS \(×(\S+)\)",
        r"What the layers added, ‖h\S+ − h₀‖²/D, is (\S+) with Pre-Norm and (\S+) with LNS",
        r"update is (\S+) % of the stream it is added to with Pre-Norm .* and (\S+) % with LNS",
    ),
    "zh": (
        r"从输入处的 (\S+)，到顶层 Pre-Norm 是 (\S+)（×(\S+)），LNS 是 (\S+)（×(\S+)）",
        r"各层加上去的部分 ‖h\S+ − h₀‖²/D，Pre-Norm 是 (\S+)，LNS 是 (\S+)；",
        r"更新占它所加到的残差流的 (\S+) %（Pre-Norm；.*），LNS 是 (\S+) %",
    ),
}


def _numpy_pre_and_lns(depth: int = 24, width: int = 128, seed: int = 0) -> dict:
    """The page's RMSNorm stack written out in numpy (float64, the stack's own float32 draws widened): for Pre-Norm
    and LNS the mean over tokens of ‖hₗ‖²/D at the input and the top, of ‖h_L − h₀‖²/D, and the top update ratio."""
    from scipy import special

    from normviz import residual
    from normviz.methods import method

    z, _, weights = residual._draws(seed, width, residual.TOKENS, "float32")
    eps, h0 = method("rms").default_eps, z.astype(np.float64)
    out = {"start": float((h0**2).sum(axis=-1).mean() / width)}
    for arrangement in ("pre", "lns"):
        h = h0
        for ell in range(1, depth + 1):
            before = h
            u = (
                h
                / np.sqrt((h * h).mean(axis=-1, keepdims=True) + eps)
                / (math.sqrt(ell) if arrangement == "lns" else 1)
            )
            a = u @ weights[ell - 1, 0].astype(np.float64).T
            h = h + (a * special.ndtr(a)) @ weights[ell - 1, 1].astype(np.float64).T
        out[arrangement] = {
            "top": float((h**2).sum(axis=-1).mean() / width),
            "added": float(((h - h0) ** 2).sum(axis=-1).mean() / width),
            "update": float((np.linalg.norm(h - before, axis=-1) / np.linalg.norm(before, axis=-1)).mean()),
        }
    return out


@pytest.mark.parametrize(
    "lang, claim, verdict",
    [
        (
            "en",
            "They report better pre-training perplexity than Pre-Norm at every size from 130M to 7B parameters",
            "closer to the identity",
        ),
        ("zh", "从 130M 到 7B 参数的模型，预训练的困惑度都比 Pre-Norm 好", "更接近恒等映射"),
    ],
)
def test_lns_is_cited_with_the_papers_claim_and_its_growth_read_with_numbers_a_numpy_loop_gives(lang, claim, verdict):
    import re

    at = run_page("residual", lang=lang)
    assert errors(at) == [] and not at.warning
    page = text(at)
    for cited in ("2502.05795", "Sun", "Liu", "NeurIPS 2025", "The Curse of Depth", claim, "1/√ℓ", verdict):
        assert cited in page, cited
    want = _numpy_pre_and_lns()
    growth, added, update = (re.search(pattern, page) for pattern in LNS_NUMBERS[lang])
    start, pre_top, pre_factor, lns_top, lns_factor = (float(v) for v in growth.groups())
    assert start == pytest.approx(want["start"], abs=1e-3)
    assert pre_top == pytest.approx(want["pre"]["top"], rel=1e-3) and lns_top == pytest.approx(
        want["lns"]["top"], rel=1e-3
    )
    assert pre_factor == pytest.approx(want["pre"]["top"] / want["start"], abs=0.01)
    assert lns_factor == pytest.approx(want["lns"]["top"] / want["start"], abs=0.01)
    assert [float(v) for v in added.groups()] == pytest.approx([want["pre"]["added"], want["lns"]["added"]], rel=1e-3)
    pre_update, lns_update = (float(v) / 100 for v in update.groups())
    assert pre_update == pytest.approx(want["pre"]["update"], abs=0.005)
    assert lns_update == pytest.approx(want["lns"]["update"], rel=2e-3)
    assert lns_update < pre_update
    # the expectations and the doubling, as the library computes them (tested against quadrature and Monte Carlo)
    from normviz import residual
    from normviz.format import legible

    g = residual.depth_growth(residual.compare(residual.StackConfig()), "rms")
    for number in (g.expected["pre"], g.expected["lns"]):
        assert legible(number, 3) in page
    assert "24 × 0.4252 = 10.205" in page
    for arr in ("pre", "lns"):
        assert f"×{legible(g.doubling(arr), 2)}" in page and f"×{legible(g.doubling(arr, expected=True), 2)}" in page
    latex = "\n".join(m.value for m in at.markdown if m.value.startswith("$$"))
    assert r"\sqrt{\ell}" in latex and r"\ln L" in latex
    fig = figures(at)[0]
    for role in ("stream_lns_rms", "update_lns_rms", "grad_lns_ln", "peak_lns_ln"):
        assert trace(fig, role)["line"]["dash"] == "longdashdot"
    np.testing.assert_allclose(
        coords(trace(fig, "update_lns_rms"), "y")[-1], want["lns"]["update"], rtol=1e-4
    )  # the figure's top point is the sentence's number


@pytest.mark.parametrize(
    "lang, same", [("en", "With one layer LNS is Pre-Norm"), ("zh", "只有一层时 LNS 就是 Pre-Norm")]
)
def test_the_lns_reading_follows_the_depth_and_the_gain(lang, same):
    from normviz import residual
    from normviz.format import legible

    at = run_page("residual", lang=lang)
    at.slider(key=K + "depth").set_value(6).run()
    assert errors(at) == []
    g = residual.depth_growth(residual.compare(residual.StackConfig(depth=6)), "rms")
    page = text(at)
    assert ("From layer 3 to layer 6" if lang == "en" else "从第 3 层到第 6 层") in page
    for number in (g.top["pre"], g.top["lns"], g.added["pre"], g.added["lns"], g.expected["lns"]):
        assert legible(number, 3) in page, number
    assert same not in page
    at.select_slider(key=K + "gain").set_value("4").run()
    assert errors(at) == []
    g = residual.depth_growth(residual.compare(residual.StackConfig(depth=6, gain=4.0)), "rms")
    page = text(at)
    assert f"6 × {legible(16 * 0.42522148, 4)} = {legible(g.expected['pre'], 3)}" in page
    assert legible(g.top["lns"], 3) in page
    at.slider(key=K + "depth").set_value(1).run()
    assert errors(at) == []
    page = text(at)
    assert same in page and ("From layer" not in page and "从第 0 层" not in page)
    g = residual.depth_growth(residual.compare(residual.StackConfig(depth=1, gain=4.0)), "rms")
    assert g.top["pre"] == g.top["lns"] and g.update_top["pre"] == g.update_top["lns"]


def test_the_update_reading_says_pre_norms_ratio_falls_like_one_over_the_stream():
    """res.update.reading: log(update ratio) against log ‖hₗ₋₁‖ has slope about −1 for Pre-Norm (the default stack
    and two others, both norms): every update has about the same size."""
    from normviz import residual

    at = run_page("residual")
    assert "falls about like 1/‖hₗ₋₁‖" in text(at)
    for config in (
        residual.StackConfig(),
        residual.StackConfig(depth=48, width=32, seed=2),
        residual.StackConfig(gain=4.0),
    ):
        comp = residual.compare(config)
        for norm in residual.NORMS:
            run = comp.runs[("pre", norm)]
            slope = np.polyfit(np.log(run.stream_norm[:-1]), np.log(run.update_ratio[1:]), 1)[0]
            assert -1.2 < slope < -0.85, (config, norm, slope)


@pytest.mark.parametrize("lang, bad", [("en", "each value must be one of"), ("zh", "每个值都只能取自")])
def test_a_link_with_lns_draws_it_round_trips_and_a_bad_arrangement_gets_one_message(lang, bad):
    linked = run_page("residual", lang=lang, **{K + "shown": "lns"})
    assert errors(linked) == [] and not linked.warning
    assert list(linked.pills(key=K + "shown").value) == ["lns"]
    roles = {t["meta"] for t in figures(linked)[0]["data"]}
    assert {"stream_lns_ln", "update_lns_rms"} <= roles and not any(
        r.startswith(("stream_pre", "stream_peri")) for r in roles
    )
    at = run_page("residual", lang=lang)
    at.pills(key=K + "shown").set_value(["pre", "lns"]).run()
    assert errors(at) == []
    written = at.query_params[K + "shown"]
    assert list(written) == ["pre", "lns"]
    again = run_page("residual", lang=lang, **{K + "shown": list(written)})
    assert errors(again) == [] and not again.warning
    assert {t["meta"] for t in figures(again)[0]["data"]} == {t["meta"] for t in figures(at)[0]["data"]}
    wrong = run_page("residual", lang=lang, **{K + "shown": ["lns", "<b>lnx</b>"]})
    assert errors(wrong) == [] and len(wrong.warning) == 1
    message = wrong.warning[0].value
    assert "residual.shown" in message and "` <b>lnx</b> `" in message and bad in message and "` lns `" in message
    assert list(wrong.pills(key=K + "shown").value) == ["lns"]  # the valid value kept
