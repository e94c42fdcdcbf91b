"""normviz.figures.exercises: valid plotly, and the numbers they draw."""

import math

import numpy as np
import plotly.graph_objects as go
import pytest

from normviz import invariance
from normviz.figures import exercises as figs
from pagetest import coords, trace


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("projector", [False, True])
def test_every_figure_is_valid_plotly(lang, projector):
    for spec in (figs.params_figure(4096, lang=lang, projector=projector),
                 figs.fp16_figure(300.0, lang=lang, projector=projector), figs.fp16_figure(lang=lang),
                 figs.cost_figure(32768, 2048, 48, lang=lang, projector=projector),
                 figs.moved_figure((1, 2, 3), (7, 14, 21), invariance.moved_outputs((1, 2, 3), (7, 14, 21)),
                                   lang=lang, projector=projector)):
        go.Figure(spec)


def test_params_bars_give_2d_for_layer_norm_and_d_for_rms_norm():
    fig = figs.params_figure(4096, lang="en")
    total = coords(trace(fig, "weight"), "y") + coords(trace(fig, "bias"), "y")
    np.testing.assert_array_equal(total, (8192, 4096, 4096))


def test_fp16_figure_draws_the_largest_finite_value():
    fig = figs.fp16_figure(300.0, lang="en")
    assert coords(trace(fig, "fp16_max"), "y")[0] == 65504.0
    assert coords(trace(fig, "point"), "y")[0] == 90000.0


def test_cost_figure_reads_and_writes_half_of_the_traffic_each():
    fig = figs.cost_figure(32768, 2048, 48, lang="en")
    read, write, _ = coords(trace(fig, "cost"), "y")
    assert math.isclose(read + write, 12.884901888)


@pytest.mark.parametrize(("moved", "same"), [((101, 102, 103), ["LayerNorm"]), ((7, 14, 21), ["L2", "RMSNorm", "LayerNorm"]),
                                             ((-1, -2, -3), [])])  # fmt: skip
def test_moved_figure_draws_each_method_for_x_and_the_moved_x(moved, same):
    torch = pytest.importorskip("torch")
    F = torch.nn.functional
    x = (1.0, 2.0, 3.0)
    fig = figs.moved_figure(x, moved, invariance.moved_outputs(x, moved), lang="en")
    solid, hatched = trace(fig, "moved_x"), trace(fig, "moved_moved")
    label = "(" + ", ".join(f"{v:g}".replace("-", "−") for v in moved) + ")"
    assert solid["name"] == "x = (1, 2, 3)" and hatched["name"] == "moved: " + label
    assert fig["layout"]["title"]["subtitle"]["text"] == f"solid bars: x = (1, 2, 3); hatched bars: {label}"
    assert hatched["marker"]["pattern"] == {"shape": "/", "fgcolor": "white", "fillmode": "overlay"}
    methods, parts = solid["x"]
    assert methods == ["L2 normalization"] * 3 + ["RMSNorm"] * 3 + ["LayerNorm"] * 3 and parts == ["y₁", "y₂", "y₃"] * 3
    for which, v in ((solid, x), (hatched, moved)):
        t = torch.tensor(v, dtype=torch.float64)
        want = torch.cat([F.normalize(t, dim=0), F.rms_norm(t, (3,), eps=0.0), F.layer_norm(t, (3,), eps=0.0)])
        np.testing.assert_allclose(coords(which, "y"), want.numpy(), atol=1e-12)
    equal = [name for name, k in (("L2", 0), ("RMSNorm", 3), ("LayerNorm", 6))
             if np.allclose(coords(solid, "y")[k:k + 3], coords(hatched, "y")[k:k + 3], atol=1e-12)]
    assert equal == same
