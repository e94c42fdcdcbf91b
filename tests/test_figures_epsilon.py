"""The ε figures are plain plotly JSON: one curve per ε, the user's ε, √n, the bounds 1/√ε."""

import math

import numpy as np
import pytest

from normviz import epsilon
from normviz.figures import epsilon as figs
from normviz.i18n import Translator
from tests.helpers.figures import assert_valid
from tests.helpers.pages import coords, trace

N = 64


def norm_fig(key="ln", user=1e-2, lang="en", projector=False):
    curves = {e: epsilon.output_norms(key, N, e) for e in epsilon.EPS_SET}
    return figs.norm_figure(
        curves, (user, *epsilon.output_norms(key, N, user)), Translator(lang), key=key, n=N, projector=projector
    )


def gain_fig(user=1e-2, noise=1e-6, lang="en", projector=False):
    curves = {e: epsilon.gain_curve(e, n=N) for e in epsilon.EPS_SET}
    return figs.gain_figure(
        curves,
        (user, *epsilon.gain_curve(user, n=N)),
        epsilon.amplification(user, noise, n=N),
        Translator(lang),
        projector=projector,
    )


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("projector", [False, True])
def test_both_figures_are_valid_plotly(lang, projector):
    assert_valid(norm_fig(lang=lang, projector=projector))
    assert_valid(gain_fig(lang=lang, projector=projector))


def test_the_builders_construct_no_plotly_objects(no_plotly_objects):
    norm_fig()
    gain_fig()


@pytest.mark.parametrize("key", epsilon.KEYS)
def test_norm_curves_follow_the_closed_form_and_sqrt_n_is_drawn(key):
    fig = norm_fig(key, user=3e-4)
    for i, eps in enumerate(epsilon.EPS_SET):
        tr = trace(fig, f"eps_{i}")
        np.testing.assert_allclose(coords(tr, "y"), epsilon.closed_form(N, coords(tr, "x"), eps), rtol=1e-12)
    user = trace(fig, "user")
    np.testing.assert_allclose(coords(user, "y"), epsilon.closed_form(N, coords(user, "x"), 3e-4), rtol=1e-12)
    assert "0.0003" in user["name"]
    assert np.all(coords(trace(fig, "sqrt_n"), "y") == math.sqrt(N))
    assert fig["layout"]["xaxis"]["type"] == "log" and fig["layout"]["yaxis"]["type"] == "log"


def test_gain_curves_have_their_bounds_and_the_current_delta_is_marked():
    fig = gain_fig(user=1e-8, noise=1e-7)
    for i, eps in enumerate(epsilon.EPS_SET):
        gains = coords(trace(fig, f"eps_{i}"), "y")
        if eps > 0:
            assert coords(trace(fig, f"bound_{i}"), "y")[0] == pytest.approx(1 / math.sqrt(eps))
            assert gains.max() <= 1 / math.sqrt(eps) * (1 + 1e-9)
        else:
            assert not [t for t in fig["data"] if t["meta"] == f"bound_{i}"]
    cur = trace(fig, "current")
    assert coords(cur, "x")[0] == 1e-7 and coords(cur, "y")[0] == pytest.approx(1e4, rel=1e-3)
