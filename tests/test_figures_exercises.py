"""normviz.figures.exercises: valid plotly, and the numbers they draw."""

import math

import numpy as np
import plotly.graph_objects as go
import pytest

from normviz.figures import exercises as figs
from pagetest import coords, trace


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("projector", [False, True])
def test_every_figure_is_valid_plotly(lang, projector):
    for spec in (figs.params_figure(4096, lang=lang, projector=projector),
                 figs.fp16_figure(300.0, lang=lang, projector=projector), figs.fp16_figure(lang=lang),
                 figs.cost_figure(32768, 2048, 48, lang=lang, projector=projector)):
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
