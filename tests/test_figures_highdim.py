"""Figures beyond three dimensions: the exact n = 4 view, histograms, singular values, PCA, concentration.

Every builder returns plotly JSON (dicts); the tests read roles and values, and load each one with
``go.Figure`` to prove it valid.
"""

import inspect
import math

import numpy as np
import plotly.graph_objects as go
import pytest

from normviz import highdim as hd
from normviz.figures import highdim as figs
from normviz.figures._style import COLORS
from normviz.format import significant
from normviz.i18n import Translator
from normviz.methods import KEYS, METHODS
from tests.helpers.pages import coords, points, trace

EN, ZH = Translator("en"), Translator("zh")


def metas(fig: dict) -> list[str]:
    return [t["meta"] for t in fig["data"]]


@pytest.fixture(scope="module")
def summary():
    return hd.summarize(hd.CloudSpec(16, 200, "shifted", shift=2.0), eps=0.0)


@pytest.fixture(scope="module")
def view():
    return hd.hyperplane_view(hd.CloudSpec(4, 300, "heavy"), eps=0.0)


SCENES = [
    hd.CloudSpec(16, 200, "shifted", shift=2.0),
    hd.CloudSpec(2, 10),  # the smallest n
    hd.CloudSpec(300, 20, "heavy", scale=3.0),  # fewer vectors than dimensions
    hd.CloudSpec(8, 1),  # one vector: no spread, no principal axes
    hd.CloudSpec(600, 700, seed=3),  # both sides above SPECTRUM_MAX: a subset
]


def every_figure(spec: hd.CloudSpec, eps, methods, lang: str, projector: bool) -> list[dict]:
    t, kw = Translator(lang), dict(projector=projector)
    s = hd.summarize(spec, eps=eps, methods=methods)
    spec4 = hd.CloudSpec(4, min(spec.count, 300), spec.distribution, spec.shift, spec.scale, spec.seed)
    conc = hd.concentration(spec.distribution, shift=spec.shift, scale=spec.scale, dims=(2, 16, 256), count=40)
    return [
        figs.hyperplane_figure(hd.hyperplane_view(spec4, eps=eps, methods=methods), t, **kw),
        figs.distributions_figure(s, t, **kw),
        figs.singular_values_figure(s, t, **kw),
        figs.pca_figure(s, t, **kw),
        figs.concentration_figure(conc, t, n=spec.n, **kw),
        figs.cosines_figure(s, t, **kw),
    ]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("projector", [False, True])
@pytest.mark.parametrize("scene", range(len(SCENES)))
def test_every_figure_is_plain_json_that_plotly_accepts(scene, lang, projector):
    methods = KEYS if scene != 3 else ("ln",)
    eps = None if scene == 2 else 0.0
    for spec in every_figure(SCENES[scene], eps, methods, lang, projector):
        assert type(spec) is dict and set(spec) == {"data", "layout"}
        assert all(type(tr) is dict and tr.get("meta") for tr in spec["data"])
        assert isinstance(spec["layout"]["template"], dict)  # plotly.js knows no template names
        fig = go.Figure(spec)  # raises on any invalid property
        assert len(fig.data) == len(spec["data"])


def test_no_methods_selected_still_gives_valid_figures():
    for spec in every_figure(hd.CloudSpec(8, 50), 0.0, (), "en", False):
        go.Figure(spec)


def test_builders_never_construct_plotly_objects():
    source = inspect.getsource(figs)
    assert "graph_objects" not in source and "make_subplots" not in source


def test_n4_layer_norm_points_lie_on_the_radius_2_sphere(view):
    fig = figs.hyperplane_figure(view, EN)
    pts = points(trace(fig, "points_ln"))
    assert len(pts) == 300 and pts.dtype == np.float64
    np.testing.assert_allclose(np.linalg.norm(pts, axis=1), 2.0, atol=1e-9)
    sphere = trace(fig, "sphere_2")
    r = np.sqrt(sphere["x"] ** 2.0 + sphere["y"] ** 2.0 + sphere["z"] ** 2.0)
    np.testing.assert_allclose(r, 2.0, rtol=1e-6)


def test_n4_view_labels_projections_as_projections(view):
    en, zh = figs.hyperplane_figure(view, EN), figs.hyperplane_figure(view, ZH)
    assert "(exact, not a projection)" in trace(en, "points_ln")["name"]
    for cloud in ("rms", "l2", "input"):
        assert "projection" in trace(en, f"points_{cloud}")["name"]
        assert "投影" in trace(zh, f"points_{cloud}")["name"]
    scene = en["layout"]["scene"]
    assert "e₁" in scene["xaxis"]["title"]["text"]
    assert scene["xaxis"]["range"] == [-figs.N4_RANGE, figs.N4_RANGE]
    assert np.all(np.linalg.norm(points(trace(en, "points_rms")), axis=1) <= 2.0 + 1e-6)  # inside the ball
    assert "ε = 0" in trace(en, "sphere_2")["name"]


def test_histograms_have_one_panel_per_cloud_and_count_every_sample(summary):
    fig = figs.distributions_figure(summary, EN)
    for cloud in hd.CLOUDS:
        for kind in ("norm", "mean"):
            assert coords(trace(fig, f"hist_{kind}_{cloud}"), "y").sum() == 200
        assert trace(fig, f"hist_norm_{cloud}")["marker"]["color"] == COLORS[cloud]
    # the LayerNorm norms are one spike at sqrt(16) = 4
    ln = trace(fig, "hist_norm_ln")
    y = coords(ln, "y")
    assert np.count_nonzero(y) == 1
    assert coords(ln, "x")[np.argmax(y)] == pytest.approx(4.0, abs=1e-2)
    titles = " ".join(a["text"] for a in fig["layout"]["annotations"])
    assert "target 4" in titles and "√n·(component RMS)" in titles
    # the dashed targets: the input's expected norm and each method's radius, on its own panel
    targets = [shape["x0"] for shape in fig["layout"]["shapes"]]
    assert targets == [hd.expected_norm(summary.spec)] + [METHODS[k].radius(16) for k in KEYS]
    assert [shape["xref"] for shape in fig["layout"]["shapes"]] == ["x", "x2", "x3", "x4"]
    assert trace(fig, "hist_norm_ln")["xaxis"] == "x4" and trace(fig, "hist_mean_ln")["xaxis"] == "x8"


def test_singular_values_show_layer_norms_zero_along_1(summary):
    fig = figs.singular_values_figure(summary, EN)
    zero = trace(fig, "sv_zero_ln")
    assert list(coords(zero, "x")) == [16.0]  # the last of 16
    assert "along 𝟏" in zero["name"]
    assert fig["layout"]["yaxis"]["type"] == "log"
    assert "sv_zero_rms" not in metas(fig)
    assert len(coords(trace(fig, "sv_rms"), "x")) == 16
    floor = fig["layout"]["shapes"][0]["y0"]
    assert fig["layout"]["annotations"][0]["y"] == pytest.approx(math.log10(floor))  # log axis: log10 of the value


def test_singular_values_with_fewer_vectors_than_dimensions_have_no_zero():
    s = hd.summarize(hd.CloudSpec(64, 20), eps=0.0)
    fig = figs.singular_values_figure(s, EN)
    assert len(coords(trace(fig, "sv_ln"), "x")) == 20
    assert not any(m.startswith("sv_zero") for m in metas(fig))
    assert "shapes" not in fig["layout"]


def test_pca_view_is_titled_as_a_projection_with_the_variance_shares(summary):
    fig = figs.pca_figure(summary, EN)
    title = fig["layout"]["title"]["text"]
    assert "Projection" in title and "16 → 2" in title
    for cloud in hd.CLOUDS:
        assert len(coords(trace(fig, f"pca_{cloud}"), "x")) == 200
    share = 100 * summary.pca["ln"].explained[0]
    assert f"PC1 ({share:.1f}%)" in fig["layout"]["xaxis4"]["title"]["text"]
    assert fig["layout"]["yaxis4"]["scaleanchor"] == "x4"  # equal scales per panel


def test_concentration_figure_marks_current_n_and_the_spread_law():
    conc = hd.concentration("gaussian", dims=(4, 64, 1024), count=100)
    fig = figs.concentration_figure(conc, EN, n=64)
    np.testing.assert_allclose(coords(trace(fig, "conc_theory"), "y"), 1 / np.sqrt(2 * np.array([4, 64, 1024])))
    np.testing.assert_allclose(coords(trace(fig, "conc_outputs"), "y"), 1.0)
    assert coords(trace(fig, "conc_median"), "x").tolist() == [4, 64, 1024]
    assert fig["layout"]["xaxis2"]["type"] == "log" and fig["layout"]["xaxis"]["matches"] == "x2"
    assert any("n = 64" in a["text"] for a in fig["layout"]["annotations"])
    assert [s["x0"] for s in fig["layout"]["shapes"]] == [64, 64]
    heavy = figs.concentration_figure(hd.concentration("heavy", dims=(4, 64), count=50), ZH, n=4)
    assert "conc_theory" not in metas(heavy)  # t with 3 dof: no 1/sqrt(n) rate


def test_concentration_target_and_law_follow_the_shift():
    conc = hd.concentration("shifted", shift=3.0, scale=1.0, dims=(4, 64), count=50)
    fig = figs.concentration_figure(conc, EN, n=4)
    np.testing.assert_allclose(coords(trace(fig, "conc_target"), "y"), math.sqrt(10))  # √(m² + σ²)
    c = hd.spread_constant("shifted", shift=3.0, scale=1.0)
    np.testing.assert_allclose(coords(trace(fig, "conc_theory"), "y"), c / np.sqrt([4, 64]))
    assert significant(c) in trace(fig, "conc_theory")["name"] and c != pytest.approx(1 / math.sqrt(2))


def test_no_methods_selected_shows_only_the_inputs():
    s = hd.summarize(hd.CloudSpec(8, 50), eps=0.0, methods=())
    assert s.clouds == ("input",)
    fig = figs.distributions_figure(s, EN)
    assert metas(fig) == ["hist_norm_input", "hist_mean_input", "law_norm_input"]
    assert math.isclose(s.norms["input"].counts.sum(), 50)
    assert metas(figs.cosines_figure(s, EN)) == ["hist_cos_input", "law_cos_input"]


# --- the exact laws on the histograms ----------------------------------------------------------------------


def _chi_pdf(r, n: int, sigma: float) -> np.ndarray:
    """σ·χ(n)'s density written out (math.lgamma, not scipy)."""
    u = np.asarray(r, dtype=np.float64) / sigma
    return np.exp((n - 1) * np.log(u) - u * u / 2 - (n / 2 - 1) * math.log(2.0) - math.lgamma(n / 2)) / sigma


def _cosine_pdf(c, d: int) -> np.ndarray:
    """The cosine of two uniform directions in R^d: Γ(d/2)/(√π·Γ((d − 1)/2))·(1 − c²)^((d − 3)/2)."""
    c = np.asarray(c, dtype=np.float64)
    return np.exp(math.lgamma(d / 2) - math.lgamma((d - 1) / 2)) / math.sqrt(math.pi) * (1 - c * c) ** ((d - 3) / 2)


def _width(tr: dict) -> float:
    return float(coords(tr, "width")[0])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_input_norms_carry_the_chi_density_scaled_to_their_counts(lang):
    s = hd.summarize(hd.CloudSpec(64, 500, scale=2.0, seed=1), eps=0.0)
    fig = figs.distributions_figure(s, Translator(lang))
    bars, curve = trace(fig, "hist_norm_input"), trace(fig, "law_norm_input")
    fit = s.norm_fit["input"]  # float64; the figure sends it as float32
    np.testing.assert_allclose(fit.curve_y, 500 * _width(bars) * _chi_pdf(fit.curve_x, 64, 2.0), rtol=1e-9)
    x = coords(curve, "x")
    np.testing.assert_allclose(x, fit.curve_x, rtol=1e-7)
    np.testing.assert_allclose(coords(curve, "y"), fit.curve_y, rtol=1e-7)
    assert (curve["xaxis"], curve["yaxis"]) == (bars["xaxis"], bars["yaxis"])
    assert x[0] == pytest.approx(coords(bars, "x")[0] - _width(bars) / 2)  # over the histogram's window
    assert [m for m in metas(fig) if m.startswith("law_")] == ["law_norm_input"]  # the outputs' norms are fixed
    assert "χ(64)" in curve["name"] and ("counts" in curve["name"] if lang == "en" else "个数" in curve["name"])
    for spec in (hd.CloudSpec(64, 500, "shifted", shift=1.0), hd.CloudSpec(64, 500, "heavy")):
        no_law = figs.distributions_figure(hd.summarize(spec, eps=0.0), EN)
        assert not [m for m in metas(no_law) if m.startswith("law_")]  # no density where none applies


@pytest.mark.parametrize(
    "spec, dims",
    [
        (hd.CloudSpec(16, 400, seed=2), {"input": 16, "l2": 16, "rms": 16, "ln": 15}),
        (hd.CloudSpec(16, 400, "shifted", shift=2.0, seed=2), {"ln": 15}),
        (hd.CloudSpec(16, 400, "heavy", seed=2), {}),
        (hd.CloudSpec(2, 400, seed=2), {"input": 2, "l2": 2, "rms": 2}),
    ],
    ids=["gaussian", "shifted", "heavy", "n2"],
)
def test_the_cosine_panels_carry_their_exact_law_only_where_it_applies(spec, dims):
    s = hd.summarize(spec, eps=0.0)
    fig = figs.cosines_figure(s, EN)
    assert [m for m in metas(fig) if m.startswith("hist_cos_")] == [f"hist_cos_{c}" for c in hd.CLOUDS]
    assert {m.removeprefix("law_cos_") for m in metas(fig) if m.startswith("law_")} == set(dims)
    for cloud in hd.CLOUDS:
        bars = trace(fig, f"hist_cos_{cloud}")
        assert coords(bars, "y").sum() == 200 and bars["marker"]["color"] == COLORS[cloud]
        if cloud in dims:
            curve, fit = trace(fig, f"law_cos_{cloud}"), s.cosine_fit[cloud]
            inside = np.abs(fit.curve_x) < 1  # the law of R² is infinite at ±1
            expected = 200 * _width(bars) * _cosine_pdf(fit.curve_x[inside], dims[cloud])
            np.testing.assert_allclose(fit.curve_y[inside], expected, rtol=1e-9)
            np.testing.assert_allclose(coords(curve, "y"), fit.curve_y, rtol=1e-7)  # float32 on the wire
            assert curve["xaxis"] == bars["xaxis"] and f"d = {dims[cloud]}" in curve["name"]
    titles = [a["text"] for a in fig["layout"]["annotations"]]
    assert sum("no exact law drawn" in title for title in titles) == 4 - len(dims)
    assert all(f"exact law, d = {d}" in " ".join(titles) for d in dims.values())
