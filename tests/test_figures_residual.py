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


def test_three_log_panels_over_the_layers_with_every_variant(calm):
    fig = figs.comparison_figure(calm, EN)
    for panel in figs.PANELS:
        for arr in residual.ARRANGEMENTS:
            for norm in residual.ARRANGEMENT_NORMS[arr]:
                tr = trace(fig, f"{panel}_{arr}_{norm}")
                assert np.array_equal(coords(tr, "x"), np.arange(CALM.depth + 1))
    run = calm.runs[("pre", "ln")]
    assert np.allclose(coords(trace(fig, "grad_pre_ln"), "y"), run.grad_norm)
    assert all(fig["layout"][f"yaxis{s}"]["type"] == "log" for s in ("", "2", "3"))
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
    for panel, values in zip(figs.PANELS, (comp.no_norm.stream_norm, comp.no_norm.grad_norm, comp.no_norm.peak)):
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
    assert dashes == {"pre": "solid", "post": "dot", "peri": "dashdot", "ngpt": "longdash", "none": "dash"}
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
    for panel, values in zip(figs.PANELS, ("stream_norm", "grad_norm", "peak")):
        for key in (("peri", "ln"), ("peri", "rms"), ("ngpt", "rms")):
            tr = trace(en, f"{panel}_{key[0]}_{key[1]}")
            assert np.allclose(coords(tr, "y"), getattr(calm.runs[key], values))


def test_the_float16_markers_of_peri_and_ngpt_sit_on_their_first_layer_past_256():
    comp = residual.compare(residual.StackConfig(depth=6, width=32, scale=1000.0))
    fig = figs.comparison_figure(comp, EN)
    for suffix in ("peri_ln", "peri_rms", "ngpt_rms"):
        assert coords(trace(fig, f"square_{suffix}"), "x")[0] == 0  # the input itself
        assert not any(t["meta"] == f"overflow_{suffix}" for t in fig["data"])
