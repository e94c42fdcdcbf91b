"""normviz.figures.checkpoint: the per-layer γ chart and the γ histogram, as data."""

from __future__ import annotations

import json

import numpy as np
import plotly.graph_objects as go
import pytest

from normviz import checkpoint as ck
from normviz.checkpoint_examples import EXAMPLES
from normviz.figures import checkpoint as figs
from normviz.figures._json import typed_arrays
from normviz.methods import METHODS
from pagetest import coords, trace


def report(key: str, config: bool = False) -> ck.Report:
    ex = EXAMPLES[key]
    state = ck.read_state_dict(ex.model.read_bytes())
    return ck.inspect(state, ck.read_config(ex.config_path.read_bytes()) if config else None)


REPORTS = {"gpt2": report("gpt2"), "llama": report("llama"), "llama+config": report("llama", True)}


@pytest.mark.parametrize("name", list(REPORTS))
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("projector", [False, True])
def test_figures_are_valid_plotly_and_small(name, lang, projector):
    for builder in (figs.layer_figure, figs.histogram_figure):
        spec = builder(REPORTS[name], lang=lang, projector=projector)
        go.Figure(spec)
        assert len(json.dumps(typed_arrays(spec, strict=True))) < 300_000


def test_layer_figure_draws_each_modules_mean_and_spread():
    rep = REPORTS["gpt2"]
    fig = figs.layer_figure(rep, lang="en")
    assert [t["meta"] for t in fig["data"]] == ["layers:h.N.ln_1", "layers:h.N.ln_2", "layers:ln_f"]
    ln1 = trace(fig, "layers:h.N.ln_1")
    groups = rep.families[0].groups
    np.testing.assert_allclose(coords(ln1, "y"), [g.stat("mean") for g in groups])
    np.testing.assert_allclose(ln1["error_y"]["array"], [g.stat("std") for g in groups])
    np.testing.assert_allclose(np.round(coords(ln1, "x")), [0, 1, 2, 3])
    # the final norm sits after the last layer, under the tick "final"
    final = trace(fig, "layers:ln_f")
    assert round(coords(final, "x")[0]) == 4
    assert fig["layout"]["xaxis"]["ticktext"][-1] == "final"
    assert "末尾" in figs.layer_figure(rep, lang="zh")["layout"]["xaxis"]["ticktext"]


def test_colour_is_the_kind_of_norm():
    ln = figs.layer_figure(REPORTS["gpt2"], lang="en")["data"][0]
    rms = figs.layer_figure(REPORTS["llama+config"], lang="en")["data"][0]
    unknown = figs.layer_figure(REPORTS["llama"], lang="en")["data"][0]
    assert ln["line"]["color"] == METHODS["ln"].color
    assert rms["line"]["color"] == METHODS["rms"].color
    assert unknown["line"]["color"] not in (METHODS["ln"].color, METHODS["rms"].color)


def test_histogram_counts_every_gamma_and_marks_one():
    rep = REPORTS["llama+config"]
    fig = figs.histogram_figure(rep, lang="en", bins=25)
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
    y = coords(figs.layer_figure(rep, lang="en")["data"][0], "y")
    np.testing.assert_allclose(y, [1.0, 1.01, 1.02], rtol=1e-6)


def test_a_report_without_norms_gives_empty_but_valid_figures():
    rep = ck.inspect({"fc.weight": np.ones((2, 2), np.float32)}, None)
    for builder in (figs.layer_figure, figs.histogram_figure):
        spec = builder(rep, lang="en")
        go.Figure(spec)
    assert [t["meta"] for t in figs.histogram_figure(rep, lang="en")["data"]] == ["gamma_one"]
