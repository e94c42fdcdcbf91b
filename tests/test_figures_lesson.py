"""The lesson's marks on the projection figure: the guess, and the truth only once revealed."""

import numpy as np
import plotly.graph_objects as go
import pytest

from normviz.figures._style import COLORS
from normviz.figures.lesson import prediction_traces
from normviz.i18n import Translator

T = Translator("en")


@pytest.mark.parametrize("dim", [2, 3])
def test_guess_and_truth_are_markers_at_their_points_in_their_colours(dim):
    guess, truth = np.arange(1.0, dim + 1), -np.arange(1.0, dim + 1)
    traces = prediction_traces(guess, truth, "rms", T, dim=dim)
    assert [tr["meta"] for tr in traces] == ["guess", "truth"]
    for tr, point in zip(traces, (guess, truth)):
        assert [tr[a][0] for a in "xyz"[:dim]] == list(point)
        assert tr["marker"]["color"] == COLORS[tr["meta"]]
    assert traces[1]["name"] == T("lesson.target.rms")
    go.Figure({"data": traces})  # valid plotly


def test_before_the_reveal_only_the_guess_is_drawn():
    assert [tr["meta"] for tr in prediction_traces((1.0, 2.0), None, "l2", T, dim=2)] == ["guess"]
    assert prediction_traces(None, None, "l2", T, dim=2) == []
