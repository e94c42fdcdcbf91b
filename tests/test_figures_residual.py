import math

import numpy as np
import plotly.graph_objects as go
import pytest

from normviz import residual
from normviz.figures import residual as figs
from normviz.i18n import Translator
from tests.helpers.pages import coords, trace

EN, ZH = Translator("en"), Translator("zh")

CALM = residual.StackConfig(depth=6, width=32)


@pytest.fixture(scope="module")
def calm():
    return residual.compare(CALM)


@pytest.mark.parametrize("lang, projector", [("en", False), ("zh", True)])
def test_comparison_figure_is_valid_plotly(calm, lang, projector):
    go.Figure(figs.comparison_figure(calm, Translator(lang), projector=projector))


def test_four_log_panels_over_the_layers_with_every_variant(calm):
    """Stream, update-to-stream ratio (layers 1 … depth: no update into the input), gradient, peak."""
    fig = figs.comparison_figure(calm, EN)
    assert figs.PANELS == ("stream", "update", "grad", "peak")
    for panel in figs.PANELS:
        for arr in residual.ARRANGEMENTS:
            for norm in residual.ARRANGEMENT_NORMS[arr]:
                tr = trace(fig, f"{panel}_{arr}_{norm}")
                start = 1 if panel == "update" else 0
                assert np.array_equal(coords(tr, "x"), np.arange(start, CALM.depth + 1))
    run = calm.runs[("pre", "ln")]
    assert np.allclose(coords(trace(fig, "grad_pre_ln"), "y"), run.grad_norm)
    assert all(fig["layout"][f"yaxis{s}"]["type"] == "log" for s in ("", "2", "3", "4"))
    assert coords(trace(fig, "root_width"), "y")[0] == pytest.approx(math.sqrt(CALM.width))
    assert coords(trace(fig, "fp16_max"), "y")[0] == 65504.0
    assert not any(t["meta"].startswith(("overflow_", "square_")) for t in fig["data"])  # nothing crosses


def test_the_markers_sit_on_the_first_layer_past_each_limit():
    comp = residual.compare(residual.StackConfig(depth=6, width=32, scale=1e4, gain=8.0))
    fig = figs.comparison_figure(comp, ZH)
    for (arr, norm), run in comp.runs.items():
        for kind, limit in (("square", comp.square_limit), ("overflow", comp.fp16_max)):
            first = run.first_above(limit)
            roles = [t for t in fig["data"] if t["meta"] == f"{kind}_{arr}_{norm}"]
            if first is None:
                assert not roles
            else:
                assert coords(roles[0], "x")[0] == first and coords(roles[0], "y")[0] > limit
                assert f"第 {first} 层" in roles[0]["name"]
    assert any(t["meta"] == "overflow_post_ln" for t in fig["data"])  # the sum inside layer 1 overflows


def test_the_stack_without_a_norm_is_drawn_black_and_dashed_with_only_the_65504_cross():
    comp = residual.compare(residual.StackConfig(depth=6, width=32, scale=1e5))
    fig = figs.comparison_figure(comp, EN)
    bare = comp.no_norm
    for panel, values in zip(figs.PANELS, (bare.stream_norm, bare.update_ratio[1:], bare.grad_norm, bare.peak)):
        tr = trace(fig, f"{panel}_none")
        assert np.allclose(coords(tr, "y"), values) and tr["line"] == {
            "color": "#000000",
            "dash": "dash",
            "width": tr["line"]["width"],
        }
    assert trace(fig, "stream_none")["name"] == "No norm" and trace(fig, "stream_none")["showlegend"]
    assert coords(trace(fig, "overflow_none"), "x")[0] == 0  # the input itself is past 65504
    assert not any(t["meta"] == "square_none" for t in fig["data"])  # no Norm squares anything
    calm = figs.comparison_figure(residual.compare(CALM), ZH)
    assert trace(calm, "stream_none")["name"] == "不归一化"
    assert np.allclose(coords(trace(calm, "stream_none"), "y"), residual.compare(CALM).no_norm.stream_norm)


def test_each_arrangement_has_its_own_line_style_and_names_in_both_languages(calm):
    """Peri-Norm dash-dotted, nGPT long-dashed beside Pre (solid), Post (dotted) and no norm (dashed): the dash
    tells the arrangement, the colour and marker the norm (not colour alone); one legend entry per variant."""
    en, zh = figs.comparison_figure(calm, EN), figs.comparison_figure(calm, ZH)
    dashes = {arr: trace(en, f"stream_{arr}_rms")["line"]["dash"] for arr in residual.ARRANGEMENTS}
    dashes[residual.NO_NORM] = trace(en, "stream_none")["line"]["dash"]
    assert dashes == {
        "pre": "solid",
        "post": "dot",
        "peri": "dashdot",
        "ngpt": "longdash",
        "lns": "longdashdot",
        "none": "dash",
    }
    assert len(set(dashes.values())) == len(dashes)  # one dash per arrangement
    assert trace(en, "stream_peri_ln")["line"]["color"] == trace(en, "stream_pre_ln")["line"]["color"]
    assert trace(en, "stream_peri_ln")["line"]["color"] != trace(en, "stream_peri_rms")["line"]["color"]
    assert trace(en, "stream_ngpt_rms")["marker"]["symbol"] == trace(en, "stream_pre_rms")["marker"]["symbol"]
    assert not any(t["meta"] == "stream_ngpt_ln" for t in en["data"])  # nGPT runs with RMSNorm only
    for fig, peri, ngpt in (
        (en, "Peri-Norm · RMSNorm", "nGPT · RMSNorm"),
        (zh, "Peri-Norm · RMSNorm", "nGPT · RMSNorm"),
    ):
        assert trace(fig, "stream_peri_rms")["name"] == peri and trace(fig, "stream_ngpt_rms")["name"] == ngpt
        assert trace(fig, "stream_peri_rms")["showlegend"] and not trace(fig, "grad_peri_rms")["showlegend"]
    assert trace(zh, "stream_peri_ln")["name"] == "Peri-Norm · LayerNorm"
    for panel, values in zip(figs.PANELS, ("stream_norm", "update_ratio", "grad_norm", "peak")):
        for key in (("peri", "ln"), ("peri", "rms"), ("ngpt", "rms")):
            tr = trace(en, f"{panel}_{key[0]}_{key[1]}")
            want = getattr(calm.runs[key], values)
            assert np.allclose(coords(tr, "y"), want[1:] if panel == "update" else want)


def test_the_float16_markers_of_peri_and_ngpt_sit_on_their_first_layer_past_256():
    comp = residual.compare(residual.StackConfig(depth=6, width=32, scale=1000.0))
    fig = figs.comparison_figure(comp, EN)
    for suffix in ("peri_ln", "peri_rms", "ngpt_rms"):
        assert coords(trace(fig, f"square_{suffix}"), "x")[0] == 0  # the input itself
        assert not any(t["meta"] == f"overflow_{suffix}" for t in fig["data"])


# --- LayerNorm scaling and the update-to-stream panel (issue #29) ------------------------------------------


def test_lns_is_drawn_in_every_panel_with_its_numbers_its_dash_and_open_markers(calm):
    """LNS: long dash-dot (no other arrangement's), its norm's colour, its norm's marker open (Pre-Norm's is
    filled); the four panels carry its runs' numbers; named "LNS · <norm>" in both languages."""
    en, zh = figs.comparison_figure(calm, EN), figs.comparison_figure(calm, ZH)
    for norm in residual.NORMS:
        run = calm.runs[("lns", norm)]
        for panel, want in zip(
            figs.PANELS, (run.stream_norm, run.update_ratio[1:], run.grad_norm, run.peak), strict=True
        ):
            tr = trace(en, f"{panel}_lns_{norm}")
            np.testing.assert_allclose(coords(tr, "y"), want, rtol=1e-12)
            pre = trace(en, f"{panel}_pre_{norm}")
            assert tr["line"]["dash"] == "longdashdot" and tr["line"]["color"] == pre["line"]["color"]
            assert tr["marker"]["symbol"] == pre["marker"]["symbol"] + "-open"
        for fig in (en, zh):
            assert trace(fig, f"stream_lns_{norm}")["name"] == f"LNS · {'LayerNorm' if norm == 'ln' else 'RMSNorm'}"
            assert trace(fig, f"stream_lns_{norm}")["showlegend"] and not trace(fig, f"update_lns_{norm}")["showlegend"]
    others = {trace(en, f"stream_{a}_rms")["line"]["dash"] for a in residual.ARRANGEMENTS if a != "lns"}
    assert "longdashdot" not in others | {trace(en, "stream_none")["line"]["dash"]}
    assert not any(
        t["marker"]["symbol"].endswith("-open")
        for t in en["data"]
        if "lns" not in t["meta"] and "marker" in t and t["meta"].startswith(figs.PANELS)
    )


def test_the_update_panel_is_the_stream_change_over_the_stream(calm):
    """update_<v> = ‖hₗ − hₗ₋₁‖ / ‖hₗ₋₁‖ as the run records it; Pre-Norm's times the stream it meets is about the
    size of one update (√(g²·D·c(1)), within a factor 2 on this small stack)."""
    fig = figs.comparison_figure(calm, EN)
    for (arr, norm), run in calm.runs.items():
        y = coords(trace(fig, f"update_{arr}_{norm}"), "y")
        assert y.shape == (CALM.depth,) and np.all(y > 0)
        np.testing.assert_array_equal(y, run.update_ratio[1:])
    size = coords(trace(fig, "update_pre_rms"), "y") * calm.runs[("pre", "rms")].stream_norm[:-1]
    one = math.sqrt(CALM.width * float(residual.gelu_mean_square(1.0)))
    assert np.all((size > one / 2) & (size < 2 * one))
    assert "‖hₗ − hₗ₋₁‖" in fig["layout"]["yaxis2"]["title"]["text"]


@pytest.mark.parametrize("projector, grid", [(False, (4, 1)), (True, (2, 2))])
def test_one_column_on_a_screen_two_by_two_on_a_projector_within_its_old_height(calm, projector, grid):
    """A projector's figure keeps the height the three panels had (its first screen): 2 × 2; a screen's one column.
    The bottom row names the x axis; every panel's title in the figure's type size."""
    fig = figs.comparison_figure(calm, EN, projector=projector)
    layout = fig["layout"]
    rows, cols = grid
    xs = {tuple(layout[f"xaxis{s}"]["domain"]) for s in ("", "2", "3", "4")}
    ys = {tuple(layout[f"yaxis{s}"]["domain"]) for s in ("", "2", "3", "4")}
    assert (len(ys), len(xs)) == (rows, cols)
    titled = [s for s in ("", "2", "3", "4") if "title" in layout[f"xaxis{s}"]]
    assert titled == (["3", "4"] if projector else ["4"])
    assert [a["text"] for a in layout["annotations"]][:4] == [EN(f"res.fig.{p}.title") for p in figs.PANELS]
    if projector:
        assert layout["height"] <= 850  # 680 px of plot, as with three panels: the first figure fits 1080 px
        assert layout["legend"]["x"] > 1  # beside the panels


def test_the_shown_arrangements_include_lns_alone(calm):
    fig = figs.comparison_figure(calm, ZH, shown=("lns",))
    roles = {t["meta"] for t in fig["data"]}
    assert {f"{p}_lns_{n}" for p in figs.PANELS for n in residual.NORMS} <= roles
    assert not any(
        r.startswith(("stream_pre", "stream_post", "stream_peri", "stream_ngpt", "stream_none")) for r in roles
    )
