"""Degrees-of-freedom figures: plotly JSON (dicts), checked on roles and values, valid for plotly."""

import inspect
import json
import math

import numpy as np
import plotly.graph_objects as go
import pytest

from normviz import dof
from normviz.figures import dof as figs
from normviz.figures.dof import FLOOR, fraction_figure, plane_figure, spectrum_figure
from normviz.i18n import Translator
from normviz.methods import METHODS
from tests.helpers.pages import coords, points, trace

EN, ZH = Translator("en"), Translator("zh")

SCENES = [(n, seed) for n in (2, 3, 64, 65, 896, 16384) for seed in (0, 7)]


def all_figures(n: int, seed: int, lang: str, projector: bool) -> list[dict]:
    return [
        spectrum_figure(dof.rank_checks(n, seed=seed), Translator(lang), projector=projector),
        fraction_figure(n, Translator(lang), projector=projector),
        plane_figure(dof.plane_cloud(seed=seed), Translator(lang), projector=projector),
    ]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("projector", [False, True])
@pytest.mark.parametrize("n, seed", SCENES[::3] + [(2, 7), (16384, 7)])
def test_every_figure_is_plain_json_that_plotly_accepts(n, seed, lang, projector):
    for spec in all_figures(n, seed, lang, projector):
        assert type(spec) is dict and set(spec) == {"data", "layout"}
        assert all(type(tr) is dict and tr.get("meta") for tr in spec["data"])
        assert isinstance(spec["layout"]["template"], dict)  # plotly.js knows no template names
        fig = go.Figure(spec)  # raises on any invalid property
        assert len(fig.data) == len(spec["data"])
        assert fig.layout.xaxis.title.text and fig.layout.yaxis.title.text


def test_builders_never_construct_plotly_objects():
    source = inspect.getsource(figs)
    assert "graph_objects" not in source and "make_subplots" not in source


@pytest.mark.parametrize("n", [2, 896])
def test_spectrum_shows_the_lost_singular_values_below_the_tolerance(n):
    checks = dof.rank_checks(n)
    fig = spectrum_figure(checks, EN)
    tol = coords(trace(fig, "tolerance"), "y")[0]
    assert tol == checks["ln"].tol == checks["l2"].tol
    for m in METHODS:
        y = coords(trace(fig, f"spectrum_{m}"), "y")
        assert np.count_nonzero(y < tol) == min(len(METHODS[m].removes), n), m
        assert np.all(y >= FLOOR)  # exact zeros are drawn on the floor of the log axis
        assert trace(fig, f"spectrum_{m}")["line"]["color"] == METHODS[m].color
    assert fig["layout"]["yaxis"]["type"] == "log"
    assert fig["layout"]["yaxis"]["range"] == [-18.5, 1]


@pytest.mark.parametrize("n, seed", SCENES)
def test_the_legend_states_the_tolerance_every_count_used(n, seed):
    """Caption and legend print the same value: the one tolerance of the checks."""
    checks = dof.rank_checks(n, seed=seed)
    fig = spectrum_figure(checks, EN)
    text = figs.tolerance_text(checks)
    assert text in trace(fig, "tolerance")["name"]
    assert float(text) == pytest.approx(checks["ln"].tol, rel=0.05)
    with pytest.raises(ValueError, match="different tolerances"):
        figs.tolerance_text({"a": checks["l2"], "b": dof.rank_check("ln", n + 1 if n < dof.N_MAX else n - 1)})


@pytest.mark.parametrize("lang, word", [("en", "tolerance"), ("zh", "容差")])
def test_spectrum_is_labelled_in_the_language(lang, word):
    fig = spectrum_figure(dof.rank_checks(5), Translator(lang))
    assert word in trace(fig, "tolerance")["name"]
    assert fig["layout"]["xaxis"]["title"]["text"] and fig["layout"]["yaxis"]["title"]["text"]


def test_fraction_curve_and_current_point():
    fig = fraction_figure(896, EN)
    ln = trace(fig, "fraction_ln")
    assert coords(ln, "x")[0] == 2 and coords(ln, "y")[0] == 0.0 and coords(ln, "x")[-1] == dof.N_MAX
    cur = trace(fig, "current")
    np.testing.assert_allclose(coords(cur, "x"), 896)
    np.testing.assert_allclose(coords(cur, "y"), [100 * 895 / 896, 100 * 895 / 896, 100 * 894 / 896])
    assert cur["marker"]["color"] == [METHODS[m].color for m in ("l2", "rms", "ln")]
    assert fig["layout"]["xaxis"]["type"] == "log" and fig["layout"]["yaxis"]["range"] == [-3, 103]


def test_n2_figure_puts_layernorm_on_two_points_and_counts_the_inputs():
    cloud = dof.plane_cloud(200, seed=0)
    fig = plane_figure(cloud, EN)
    ln = trace(fig, "outputs_ln")
    pts = points(ln)
    assert len(pts) == 2
    np.testing.assert_allclose(np.abs(pts), 1.0, atol=1e-9)
    np.testing.assert_allclose(pts.sum(axis=1), 0.0, atol=1e-9)
    assert sum(ln["customdata"]) == 200
    assert "2 distinct" in ln["name"]
    rms = points(trace(fig, "outputs_rms"))
    np.testing.assert_allclose(np.hypot(rms[:, 0], rms[:, 1]), math.sqrt(2))
    circle = points(trace(fig, "circle_sqrt_n"))
    np.testing.assert_allclose(np.hypot(circle[:, 0], circle[:, 1]), METHODS["rms"].radius(2))
    assert [a["text"] for a in fig["layout"]["annotations"]] == [f"{k} inputs" for k in ln["customdata"]]


def test_projector_mode_uses_larger_type_and_the_figures_stay_small():
    checks = dof.rank_checks(896)
    big = spectrum_figure(checks, ZH, projector=True)
    small = spectrum_figure(checks, ZH)
    assert big["layout"]["font"]["size"] > small["layout"]["font"]["size"]
    for spec in (small, fraction_figure(16384, EN), plane_figure(dof.plane_cloud(), EN)):
        text = go.Figure(spec).to_json()
        assert len(text) < 60_000
        json.loads(text)
