"""normviz.figures.checkpoint: the per-layer γ chart and the γ histogram, as data."""

from __future__ import annotations

import json

import numpy as np
import plotly.graph_objects as go
import pytest

from normviz import checkpoint as ck
from normviz import checkpoint_examples as ex
from normviz.checkpoint_examples import EXAMPLES
from normviz.figures import checkpoint as figs
from normviz.figures.typed import typed_arrays
from normviz.i18n import Translator
from normviz.methods import METHODS
from tests.helpers.pages import coords, trace

EN, ZH = Translator("en"), Translator("zh")


def report(key: str, config: bool = False) -> ck.Report:
    ex = EXAMPLES[key]
    state = ck.read_state_dict(ex.model.read_bytes())
    return ck.inspect(state, ck.read_config(ex.config_path.read_bytes()) if config else None)


REPORTS = {
    "gpt2": report("gpt2"),
    "llama": report("llama"),
    "llama+config": report("llama", True),
    "qwen3+config": report("qwen3", True),
}


@pytest.mark.parametrize("name", list(REPORTS))
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("projector", [False, True])
def test_figures_are_valid_plotly_and_small(name, lang, projector):
    for builder in (figs.layer_figure, figs.histogram_figure):
        spec = builder(REPORTS[name], Translator(lang), projector=projector)
        go.Figure(spec)
        assert len(json.dumps(typed_arrays(spec, strict=True))) < 300_000


def test_layer_figure_draws_each_modules_distribution_as_a_box():
    rep = REPORTS["gpt2"]
    fig = figs.layer_figure(rep, EN)
    boxes = [t for t in fig["data"] if t["type"] == "box"]
    assert [t["meta"] for t in boxes] == ["layers:h.N.ln_1", "layers:h.N.ln_2", "layers:ln_f"]
    ln1 = trace(fig, "layers:h.N.ln_1")
    groups = rep.families[0].groups
    state = ex.gpt2_state()
    w = [state[f"{g.module}.weight"].astype(np.float64) for g in groups]  # the file's own numbers
    for key, q in (("lowerfence", 0.0), ("q1", 0.25), ("median", 0.5), ("q3", 0.75), ("upperfence", 1.0)):
        np.testing.assert_allclose(coords(ln1, key), [np.quantile(v, q) for v in w])
    np.testing.assert_allclose(coords(ln1, "mean"), [v.mean() for v in w])
    np.testing.assert_allclose(coords(trace(fig, "median:h.N.ln_1"), "y"), [np.median(v) for v in w])
    np.testing.assert_allclose(np.round(coords(ln1, "x")), [0, 1, 2, 3])
    # families at one layer side by side, not on top of each other
    assert np.all(coords(trace(fig, "layers:h.N.ln_2"), "x") > coords(ln1, "x"))
    # the final norm sits after the last layer, under the tick "final"
    final = trace(fig, "layers:ln_f")
    assert round(coords(final, "x")[0]) == 4
    assert fig["layout"]["xaxis"]["ticktext"][-1] == "final"
    assert "末尾" in figs.layer_figure(rep, ZH)["layout"]["xaxis"]["ticktext"]
    assert list(coords(trace(fig, "gamma_one"), "y")) == [1.0, 1.0]


def test_the_llama_examples_gamma_is_far_from_1_in_layer_0_and_the_final_norm():
    """The help text says the examples' γ is far from 1 in places: layer 0 near 0.58, the final norm near 1.86."""
    fig = figs.layer_figure(REPORTS["llama+config"], EN)
    first = trace(fig, "layers:model.layers.N.input_layernorm")
    final = trace(fig, "layers:model.norm")
    assert coords(first, "mean")[0] == pytest.approx(0.576, abs=1e-3) and coords(first, "upperfence")[0] < 0.9
    assert coords(final, "mean")[0] == pytest.approx(1.857, abs=1e-3) and coords(final, "lowerfence")[0] > 1.4


def test_colour_is_the_kind_of_norm():
    ln = figs.layer_figure(REPORTS["gpt2"], EN)["data"][0]
    rms = figs.layer_figure(REPORTS["llama+config"], EN)["data"][0]
    unknown = figs.layer_figure(REPORTS["llama"], EN)["data"][0]
    assert ln["fillcolor"].startswith("rgba(")  # see-through, so the median line shows
    assert ln["line"]["color"] == METHODS["ln"].color
    assert rms["line"]["color"] == METHODS["rms"].color
    assert unknown["line"]["color"] not in (METHODS["ln"].color, METHODS["rms"].color)


def test_histogram_counts_every_gamma_and_marks_one():
    rep = REPORTS["llama+config"]
    fig = figs.histogram_figure(rep, EN, bins=25)
    bars = [t for t in fig["data"] if t["type"] == "bar"]
    assert len(bars) == 3 and sum(coords(b, "y").sum() for b in bars) == 13 * 32
    widths = np.asarray(bars[0]["width"])
    np.testing.assert_allclose(np.diff(coords(bars[0], "x")), widths[:-1])
    one = trace(fig, "gamma_one")
    assert list(coords(one, "x")) == [1.0, 1.0]
    assert fig["layout"]["barmode"] == "stack"


def test_gemma_effective_scale_is_what_is_drawn():
    state = {f"model.layers.{i}.input_layernorm.weight": np.full(4, 0.01 * i, np.float32) for i in range(3)}
    rep = ck.inspect(state, {"model_type": "gemma"})
    fig = figs.layer_figure(rep, EN)
    box = trace(fig, "layers:model.layers.N.input_layernorm")
    np.testing.assert_allclose(coords(box, "median"), [1.0, 1.01, 1.02], rtol=1e-6)
    np.testing.assert_allclose(
        coords(trace(fig, "median:model.layers.N.input_layernorm"), "y"), [1.0, 1.01, 1.02], rtol=1e-6
    )


def test_a_report_without_norms_gives_empty_but_valid_figures():
    rep = ck.inspect({"fc.weight": np.ones((2, 2), np.float32)}, None)
    for builder in (figs.layer_figure, figs.histogram_figure):
        spec = builder(rep, EN)
        go.Figure(spec)
        assert [t["meta"] for t in spec["data"]] == ["gamma_one"]


def test_qk_norm_boxes_summarise_head_dim_components():
    rep = REPORTS["qwen3+config"]
    fig = figs.layer_figure(rep, EN)
    q = trace(fig, "layers:model.layers.N.self_attn.q_norm")
    state = ex.qwen3_state()
    w = [torch_bf16(state[f"model.layers.{i}.self_attn.q_norm.weight"]) for i in range(4)]
    assert all(v.size == ex.QWEN3["head_dim"] for v in w)
    np.testing.assert_allclose(coords(q, "median"), [np.median(v) for v in w])
    hist = figs.histogram_figure(rep, EN)
    assert sum(coords(b, "y").sum() for b in hist["data"] if b["type"] == "bar") == rep.norm_params


def torch_bf16(a):
    import torch

    return torch.from_numpy(a).to(torch.bfloat16).double().numpy()


def layers_report(layers: int, families: int = 1) -> ck.Report:
    state = {
        f"model.layers.{i}.norm_{chr(97 + f)}.weight": np.full(3, 1 + i / layers + f, np.float32)
        for i in range(layers)
        for f in range(families)
    }
    return ck.inspect(state | {"model.norm.weight": np.ones(3, np.float32)})


def test_up_to_twice_edge_layers_are_all_drawn_at_their_numbers():
    fig = figs.layer_figure(layers_report(2 * figs.EDGE_LAYERS), EN)
    np.testing.assert_allclose(np.round(coords(trace(fig, "layers:model.layers.N.norm_a"), "x")), range(32))
    assert "…" not in fig["layout"]["xaxis"]["ticktext"] and figs.drawn(layers_report(32)).gap is False


@pytest.mark.parametrize("projector", [False, True])
def test_a_deep_file_draws_its_first_and_last_layers_with_a_gap_between(projector):
    rep = layers_report(20_000 // 2, families=2)  # as many modules as the tensor limit allows
    fig = figs.layer_figure(rep, ZH, projector=projector)
    go.Figure(fig)
    assert len(json.dumps(typed_arrays(fig, strict=True))) < 300_000
    edge = figs.EDGE_LAYERS
    a = trace(fig, "layers:model.layers.N.norm_a")
    assert list(np.round(coords(a, "x"))) == [*range(edge), *range(edge + 1, 2 * edge + 1)]
    np.testing.assert_allclose(coords(a, "median")[[0, -1]], [1.0, 1 + 9_999 / 10_000], rtol=1e-6)
    assert round(coords(trace(fig, "layers:model.norm"), "x")[0]) == 2 * edge + 1
    axis = fig["layout"]["xaxis"]
    labels = dict(zip(axis["tickvals"], axis["ticktext"], strict=True))
    assert labels[0] == "0" and labels[edge] == "…" and labels[2 * edge] == "9999" and labels[2 * edge + 1] == "末尾"
    shown = figs.drawn(rep)
    assert shown.gap and shown.all_layers == 10_000 and len(shown.layers) == 2 * edge


def test_families_beyond_the_first_are_left_out_of_the_boxes_and_pooled_in_the_histogram():
    rep = ck.inspect(
        {f"tower_{chr(97 + i // 26)}{chr(97 + i % 26)}.norm.weight": np.ones(2, np.float32) for i in range(40)}
    )
    boxes = [t for t in figs.layer_figure(rep, EN)["data"] if t["type"] == "box"]
    assert len(boxes) == figs.MAX_FAMILIES and boxes[0]["meta"] == "layers:tower_aa.norm"
    hist = figs.histogram_figure(rep, EN)
    go.Figure(hist)
    bars = [t for t in hist["data"] if t["type"] == "bar"]
    assert [b["meta"] for b in bars][-1] == "hist_rest" and len(bars) == figs.MAX_FAMILIES + 1
    assert bars[-1]["name"] == "the other 28 families"
    assert sum(coords(b, "y").sum() for b in bars) == 80
    edges, counts = ck.gamma_histogram(rep, top=3)
    assert list(counts) == ["tower_aa.norm", "tower_ab.norm", "tower_ac.norm", None] and counts[None].sum() == 74
