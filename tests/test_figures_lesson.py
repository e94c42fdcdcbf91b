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


NAMES = ("embeddings", *(f"layer{i}.{p}" for i in range(1, 7) for p in ("attention", "output")))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("projector", [False, True])
def test_the_real_model_chart_is_valid_plotly_with_the_shares_as_bars_and_the_gaps_on_the_right_axis(lang, projector):
    from normviz.figures.lesson import model_share_figure

    t = Translator(lang)
    shares = np.linspace(1e-4, 2e-3, 13)
    gaps = np.sqrt(shares)
    spec = model_share_figure(NAMES, shares, gaps, t, projector=projector, top=12)
    go.Figure(spec)  # valid plotly
    bars, diamonds = spec["data"]
    assert (bars["meta"], bars["type"], diamonds["meta"], diamonds["yaxis"]) == (
        "model_share",
        "bar",
        "model_gap",
        "y2",
    )
    assert list(bars["x"]) == list(NAMES) == list(diamonds["x"])
    np.testing.assert_allclose(bars["y"], 100 * shares)
    np.testing.assert_allclose(diamonds["y"], 100 * gaps)
    assert bars["marker"]["opacity"][12] == 1.0 > bars["marker"]["opacity"][0]  # the largest share stands out
    layout = spec["layout"]
    assert layout["yaxis2"]["overlaying"] == "y" and layout["yaxis2"]["side"] == "right"
    assert all(layout[a]["title"]["text"] for a in ("yaxis", "yaxis2")) and layout["title"]["text"]
    assert bars["name"] == t("lesson.model.fig.share") and diamonds["name"] == t("lesson.model.fig.gap")


def test_the_real_model_chart_refuses_a_share_or_gap_per_token_instead_of_per_norm():
    from normviz.figures.lesson import model_share_figure

    with pytest.raises(ValueError, match="one number per norm"):
        model_share_figure(NAMES, np.zeros((13, 4)), np.zeros(13), T)
