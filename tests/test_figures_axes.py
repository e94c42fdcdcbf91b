"""The axes page's figures: valid plotly, groups outlined where the method groups, μ and σ per group."""

from __future__ import annotations

import json

import numpy as np
import plotly.graph_objects as go
import pytest

from normviz import axes
from normviz.figures import axes as figs
from normviz.figures.typed import typed_arrays
from normviz.i18n import Translator

EN, ZH = Translator("en"), Translator("zh")

CASES = [
    ("ln", 3, 6, 8, False),
    ("rms", 2, 4, 5, True),
    ("bn", 8, 12, 16, True),
    ("std", 4, 5, 3, True),
    ("bn", 1, 1, 2, False),
]


def by_meta(fig: dict, meta: str) -> dict:
    found = [tr for tr in fig["data"] if tr.get("meta") == meta]
    assert len(found) == 1, meta
    return found[0]


@pytest.mark.parametrize("method, b, s, d, pad", CASES)
@pytest.mark.parametrize("lang, projector", [("en", False), ("zh", True)])
def test_tensor_figure_is_valid_plotly_and_small(method, b, s, d, pad, lang, projector):
    v = axes.view(method, b, s, d, seed=1, pad=pad)
    spec = figs.tensor_figure(v, Translator(lang), projector=projector)
    go.Figure(spec)
    assert len(json.dumps(typed_arrays(spec, strict=True))) < 300_000


@pytest.mark.parametrize("method", ["ln", "rms"])
def test_per_token_methods_outline_one_row_per_token(method):
    v = axes.view(method, 3, 4, 5, seed=2)
    spec = figs.tensor_figure(v, EN)
    rects = spec["layout"]["shapes"]
    assert len(rects) == 3 * 4
    assert all(r["x0"] == 0.5 and r["x1"] == 5.5 and r["y1"] - r["y0"] == 1 for r in rects)
    mu = by_meta(spec, "mu_1")["z"]  # batch element 2: the μ column is constant along each row
    assert np.all(mu == mu[:, :1]) and np.ptp(mu[:, 0]) > 0
    np.testing.assert_allclose(mu[:, 0], v.x[1].mean(axis=1), rtol=1e-6, atol=1e-7)
    scale = by_meta(spec, "scale_1")["z"][:, 0]
    want = np.sqrt((v.x[1] ** 2).mean(axis=1)) if method == "rms" else v.x[1].std(axis=1)
    np.testing.assert_allclose(scale, want, rtol=1e-6)


def test_batch_norm_outlines_columns_and_its_mu_is_the_same_in_every_batch_element():
    v = axes.view("bn", 3, 4, 5, seed=2)
    spec = figs.tensor_figure(v, EN)
    rects = spec["layout"]["shapes"]
    assert len(rects) == 3 * 5 and all(r["x1"] - r["x0"] == 1 and r["y0"] == 0.5 and r["y1"] == 4.5 for r in rects)
    mus = [by_meta(spec, f"mu_{i}")["z"] for i in range(3)]
    assert np.all(mus[0] == mus[0][:1]) and np.ptp(mus[0][0]) > 0  # constant down a column, differs across
    np.testing.assert_array_equal(mus[0], mus[2])
    np.testing.assert_allclose(mus[0][0], v.x.reshape(-1, 5).mean(axis=0), rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(by_meta(spec, "y_2")["z"], axes.output("bn", v.x)[2], rtol=1e-6, atol=1e-7)


def test_x_and_mu_share_a_colour_axis_and_padding_is_drawn_apart():
    v = axes.view("ln", 4, 10, 5, seed=1, pad=True)
    spec = figs.tensor_figure(v, EN)
    assert by_meta(spec, "x_0")["coloraxis"] == by_meta(spec, "mu_0")["coloraxis"] == "coloraxis"
    assert by_meta(spec, "y_0")["coloraxis"] != "coloraxis"
    padded = [i for i in range(4) if not v.real[i].all()]
    assert padded
    for i in padded:
        z = by_meta(spec, f"pad_x_{i}")["z"]
        np.testing.assert_array_equal(np.isfinite(z[:, 0]), ~v.real[i])
    assert by_meta(spec, "pad_key")["marker"]["color"] == figs.PAD_COLOR
    assert not [tr for tr in spec["data"] if tr.get("meta") == "pad_x_0"]  # the first sequence is full


def test_standardization_draws_the_table_of_real_tokens():
    v = axes.view("std", 3, 6, 4, seed=3, pad=True)
    spec = figs.tensor_figure(v, ZH)
    z = by_meta(spec, "x_0")["z"]
    assert z.shape == (int(v.real.sum()), 4)
    np.testing.assert_allclose(z, v.x[v.real], rtol=1e-6)  # drawn as float32
    assert len(spec["layout"]["shapes"]) == 4


def test_batch_figure_is_flat_for_layer_norm_and_marks_the_current_size():
    sweep = axes.batch_sweep(3, 6, seed=0)
    spec = figs.batch_figure(sweep, 4, EN)
    go.Figure(spec)
    ln, bn = by_meta(spec, "sweep_ln")["y"], by_meta(spec, "sweep_bn")["y"]
    assert np.ptp(ln) == 0 and np.ptp(bn) > 0
    assert list(by_meta(spec, "current")["x"]) == [4, 4]


def test_a_single_token_still_gets_a_readable_plot_and_colour_ranges():
    v = axes.view("bn", 1, 1, 4, seed=0)
    spec = figs.tensor_figure(v, EN)
    layout = spec["layout"]
    assert layout["height"] - layout["margin"]["t"] - layout["margin"]["b"] >= figs.MIN_PLOT_PX
    assert layout["coloraxis2"]["cmax"] == 1.0 and layout["coloraxis3"]["cmax"] == 1.0  # σ_d = 0 and y = 0
