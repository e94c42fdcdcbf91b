"""normviz.figures.exercises: valid plotly, and the numbers they draw."""

import math

import numpy as np
import plotly.graph_objects as go
import pytest

from normviz import exercises as ex
from normviz import invariance, residual
from normviz.figures import exercises as figs
from normviz.figures._style import method_name
from normviz.i18n import Translator
from tests.helpers.pages import coords, trace

EN, ZH = Translator("en"), Translator("zh")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("projector", [False, True])
def test_every_figure_is_valid_plotly(lang, projector):
    for spec in (
        figs.params_figure(4096, Translator(lang), projector=projector),
        figs.fp16_figure(300.0, Translator(lang), projector=projector),
        figs.fp16_figure(None, Translator(lang)),
        figs.cost_figure(32768, 2048, 48, Translator(lang), projector=projector),
        figs.moved_figure(
            (1, 2, 3),
            (7, 14, 21),
            invariance.moved_outputs((1, 2, 3), (7, 14, 21)),
            Translator(lang),
            projector=projector,
            label="7·x",
        ),
        figs.paths_figure(ex.path_runs("post", 12), Translator(lang), projector=projector),
        figs.growth_figure(ex.growth_comparison(24, 1.0), "none", Translator(lang), projector=projector),
    ):
        go.Figure(spec)


def test_params_bars_give_2d_for_layer_norm_and_d_for_rms_norm():
    fig = figs.params_figure(4096, EN)
    total = coords(trace(fig, "weight"), "y") + coords(trace(fig, "bias"), "y")
    np.testing.assert_array_equal(total, (8192, 4096, 4096))


def test_fp16_figure_draws_the_largest_finite_value():
    fig = figs.fp16_figure(300.0, EN)
    assert coords(trace(fig, "fp16_max"), "y")[0] == 65504.0
    assert coords(trace(fig, "point"), "y")[0] == 90000.0


def test_cost_figure_reads_and_writes_half_of_the_traffic_each():
    fig = figs.cost_figure(32768, 2048, 48, EN)
    read, write, _ = coords(trace(fig, "cost"), "y")
    assert math.isclose(read + write, 12.884901888)


@pytest.mark.parametrize(("moved", "same"), [
    ((101, 102, 103), ["LayerNorm"]), ((7, 14, 21), ["L2", "RMSNorm", "LayerNorm"]), ((-1, -2, -3), []),
])  # fmt: skip
def test_moved_figure_draws_each_method_for_x_and_the_moved_x(moved, same):
    torch = pytest.importorskip("torch")
    F = torch.nn.functional
    x = (1.0, 2.0, 3.0)
    fig = figs.moved_figure(x, moved, invariance.moved_outputs(x, moved), EN)
    solid, hatched = trace(fig, "moved_x"), trace(fig, "moved_moved")
    label = "(" + ", ".join(f"{v:g}".replace("-", "−") for v in moved) + ")"
    assert solid["name"] == "x = (1, 2, 3)" and hatched["name"] == "moved: " + label
    assert fig["layout"]["title"]["subtitle"]["text"] == f"solid bars: x = (1, 2, 3); hatched bars: {label}"
    assert hatched["marker"]["pattern"] == {"shape": "/", "fgcolor": "white", "fillmode": "overlay"}
    methods, parts = solid["x"]
    assert methods == [method_name(k, EN) for k in ("l2", "rms", "ln") for _ in range(3)]
    assert parts == ["y₁", "y₂", "y₃"] * 3
    for which, v in ((solid, x), (hatched, moved)):
        t = torch.tensor(v, dtype=torch.float64)
        want = torch.cat([F.normalize(t, dim=0), F.rms_norm(t, (3,), eps=0.0), F.layer_norm(t, (3,), eps=0.0)])
        np.testing.assert_allclose(coords(which, "y"), want.numpy(), atol=1e-12)
    equal = [
        name
        for name, k in (("L2", 0), ("RMSNorm", 3), ("LayerNorm", 6))
        if np.allclose(coords(solid, "y")[k : k + 3], coords(hatched, "y")[k : k + 3], atol=1e-12)
    ]
    assert equal == same


def test_a_named_move_labels_the_hatched_bars_and_the_subtitle():
    fig = figs.moved_figure(
        (1, 2, 3), (101, 102, 103), invariance.moved_outputs((1, 2, 3), (101, 102, 103)), ZH, label="x + 100·𝟏"
    )
    assert trace(fig, "moved_moved")["name"] == "x + 100·𝟏 = (101, 102, 103)"
    assert fig["layout"]["title"]["subtitle"]["text"] == "实心柱：x = (1, 2, 3)；斜线柱：x + 100·𝟏 = (101, 102, 103)"


@pytest.mark.parametrize("arrangement", residual.CLASSIC)
def test_paths_figure_draws_the_gradient_along_each_path(arrangement):
    runs = ex.path_runs(arrangement, 12)
    fig = figs.paths_figure(runs, EN)
    for path, run in runs.items():
        tr = trace(fig, f"path_{path}")
        assert np.array_equal(coords(tr, "x"), np.arange(13)) and np.allclose(coords(tr, "y"), run.grad_norm)
    skip = coords(trace(fig, "path_skip"), "y")
    assert bool(np.all(skip == skip[-1])) is (arrangement == "pre")  # flat: g arrives unchanged
    assert fig["layout"]["yaxis"]["type"] == "log" and fig["layout"]["title"]["text"].startswith(
        "Pre-Norm" if arrangement == "pre" else "Post-Norm"
    )


def test_growth_figure_draws_each_stack_relative_to_its_input_with_the_choices_bounds():
    comp = ex.growth_comparison(24, 1.0)
    fig = figs.growth_figure(comp, "none", EN)
    for role, run in (
        ("growth_none", comp.no_norm),
        ("growth_pre_rms", comp.runs[("pre", "rms")]),
        ("growth_post_rms", comp.runs[("post", "rms")]),
    ):
        y = coords(trace(fig, role), "y")
        assert y[0] == 1.0 and y[-1] == pytest.approx(run.growth)
    assert not any(t["meta"].endswith("_ln") for t in fig["data"])
    assert not any("peri" in t["meta"] or "ngpt" in t["meta"] for t in fig["data"])  # the exercise's three stacks
    assert trace(fig, "growth_none")["line"]["width"] > trace(fig, "growth_pre_rms")["line"]["width"]
    assert [coords(trace(fig, f"growth_bound_{b:g}"), "y")[0] for b in ex.GROWTH_BINS] == [2.0, 10.0]
    top = fig["layout"]["yaxis"]["range"][1]
    assert 10**top > comp.no_norm.growth  # the exponential curve fits


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("projector", [False, True])
def test_the_gap_figure_puts_the_tokens_on_the_eps_0_curve_and_rings_the_chosen_one(lang, projector):
    """The curve is √(2(1 − √(1 − c))) written out; the points are the given shares and gaps, in %."""
    shares = np.array([1e-4, 4e-4, 2.5e-3, 1e-3])
    gaps = np.sqrt(2 * (1 - np.sqrt(1 - shares)))
    spec = figs.gap_share_figure(
        shares, gaps, 2, Translator(lang), projector=projector, norm="layer2.attention", tokens=("a", "b", "c", "d")
    )
    go.Figure(spec)  # valid plotly
    curve = trace(spec, "gap_curve")
    c = coords(curve, "x") / 100
    np.testing.assert_allclose(coords(curve, "y") / 100, np.sqrt(2 * (1 - np.sqrt(1 - c))), rtol=1e-9)
    assert c[0] == 0 and c[-1] == pytest.approx(1.1 * shares.max())
    np.testing.assert_allclose(coords(trace(spec, "gap_tokens"), "x"), 100 * shares)
    np.testing.assert_allclose(coords(trace(spec, "gap_tokens"), "y"), 100 * gaps)
    chosen = trace(spec, "gap_chosen")
    assert (coords(chosen, "x")[0], coords(chosen, "y")[0]) == (100 * shares[2], 100 * gaps[2])
    assert chosen["text"] == ["c"] and "layer2.attention" in trace(spec, "gap_tokens")["name"]
    assert spec["layout"]["xaxis"]["title"]["text"] and spec["layout"]["yaxis"]["title"]["text"]


def test_the_gap_figure_refuses_a_chosen_token_it_does_not_have():
    with pytest.raises(ValueError, match="chosen"):
        figs.gap_share_figure([1e-3, 2e-3], [0.03, 0.04], 2, EN)
