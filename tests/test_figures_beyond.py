"""The beyond page's figures are plain plotly JSON: valid for plotly, built without go.Figure, drawing the
library's numbers (``normviz.beyond``) with every trace's role in ``meta``."""

import json
import math

import numpy as np
import plotly.graph_objects as go
import pytest
import torch
from scipy import special

from normviz import beyond
from normviz.figures import beyond as figs
from normviz.figures._style import COLORS
from normviz.figures.typed import typed_arrays
from normviz.format import decimals
from normviz.i18n import Translator
from normviz.methods import METHODS
from tests.helpers.pages import coords, trace

EN, ZH = Translator("en"), Translator("zh")
X2, X3 = (1.5, -0.5), (1.5, 0.5, -1.0)
Q = (1.0, 2.0, 0.5, -1.0)
KEYS = ((1.0, 0.0, 0.0, 1.0), (0.0, 1.0, 1.0, 0.0), (-1.0, -1.0, 0.0, 1.0))  # the largest |logit| is negative
SCALES = np.logspace(-1, 1, 9)
REST = np.linspace(-1.0, 1.0, 15) + 0.01  # no zero: RMSNorm's measured ratio is a 0/0 where a rest is 0
OUTLIER, INDEX = 50.0, 3
SHIFT = 0.6  # Derf's s in the pictures with Derf


@pytest.fixture(scope="module")
def data():
    cmp2, cmp3 = beyond.compare_dyt(X2), beyond.compare_dyt(X3)
    return {
        "cmp2": cmp2,
        "ray2": beyond.dyt_ray(X2),
        "cmp3": cmp3,
        "ray3": beyond.dyt_ray(X3),
        "sweep": beyond.qk_sweep(Q, KEYS, SCALES),
        "path": beyond.ngpt_path(),
        "plain": beyond.pre_norm_path(),
        "effect": beyond.outlier_effect(REST, OUTLIER, index=INDEX),
        "curve": beyond.outlier_curve(REST, np.concatenate([[0.0], np.logspace(-1, 3, 17)])),
        "derf2": beyond.derf_picture(X2, alpha=cmp2.alpha, shift=SHIFT, half_width=figs.dyt_extent(X2)),
        "derf3": beyond.derf_picture(X3, alpha=cmp3.alpha, shift=SHIFT, half_width=figs.dyt_extent(X3)),
        "curves": beyond.squash_curves(alpha=0.8, shift=SHIFT),
    }


def build(name: str, d: dict, t=EN, projector=False) -> dict:
    if name == "dyt2":
        return figs.dyt_figure(d["cmp2"], d["ray2"], t, projector=projector)
    if name == "dyt3":
        return figs.dyt_figure(d["cmp3"], d["ray3"], t, projector=projector)
    if name in ("dyt2_derf", "dyt3_derf"):
        n = name[3]
        return figs.dyt_figure(d[f"cmp{n}"], d[f"ray{n}"], t, projector=projector, derf=d[f"derf{n}"])
    if name == "squash":
        return figs.squash_figure(d["curves"], t, projector=projector)
    if name == "jacobian":
        return figs.jacobian_figure(d["cmp3"], t, projector=projector)
    if name == "qk":
        return figs.qk_figure(d["sweep"], t, projector=projector, current=2.0)
    if name == "sphere":
        return figs.sphere_figure(d["path"], d["plain"], t, projector=projector)
    if name == "norms":
        return figs.stream_norms_figure(d["path"], d["plain"], t, projector=projector)
    return figs.outlier_figure(d["effect"], d["curve"], t, projector=projector)


BUILDERS = ("dyt2", "dyt3", "dyt2_derf", "dyt3_derf", "squash", "jacobian", "qk", "sphere", "norms", "outlier")


def rows(tr: dict, dim: int) -> np.ndarray:
    return np.column_stack([coords(tr, a) for a in "xyz"[:dim]])


def finite(r: np.ndarray) -> np.ndarray:
    return r[np.all(np.isfinite(r), axis=1)]


def roles(fig: dict) -> list[str]:
    return [tr["meta"] for tr in fig["data"]]


# --- valid plotly, plain dicts, both languages, projector sizes -------------------------------------------


@pytest.mark.parametrize("name", BUILDERS)
@pytest.mark.parametrize("lang, projector", [("en", False), ("zh", True)])
def test_every_figure_is_valid_plotly_raw_and_packed_with_a_role_on_every_trace(data, name, lang, projector):
    fig = build(name, data, Translator(lang), projector)
    assert all(isinstance(tr.get("meta"), str) and tr["meta"] for tr in fig["data"])
    go.Figure(fig)
    packed = typed_arrays(fig, strict=True)
    go.Figure(packed)
    json.dumps(packed, allow_nan=False)  # strict JSON: what the browser parses


def test_builders_never_construct_plotly_objects(data, no_plotly_objects):
    for name in BUILDERS:
        build(name, data)
    build("jacobian", {**data, "cmp3": beyond.compare_dyt((1.0, 1.0, 1.0))})


@pytest.mark.parametrize("name", BUILDERS)
def test_titles_and_names_are_translated_and_the_figures_deterministic(data, name):
    en, zh = build(name, data, EN), build(name, data, ZH)
    assert en["layout"]["title"]["text"] != zh["layout"]["title"]["text"]
    if name == "jacobian":  # its traces are named after the methods, the same in both languages
        assert en["layout"]["xaxis"]["title"]["text"] != zh["layout"]["xaxis"]["title"]["text"]
        assert en["data"][0]["hovertemplate"] != zh["data"][0]["hovertemplate"]
    else:
        assert any(a["name"] != b["name"] for a, b in zip(en["data"], zh["data"]))
    assert roles(en) == roles(zh)
    again = json.dumps(typed_arrays(build(name, data, EN), strict=True), sort_keys=True)
    assert json.dumps(typed_arrays(en, strict=True), sort_keys=True) == again


def _widths(fig: dict) -> list[float]:
    return [tr["line"]["width"] for tr in fig["data"] if isinstance((tr.get("line") or {}).get("width"), float | int)]


@pytest.mark.parametrize("name", BUILDERS)
def test_projector_mode_has_24_px_type_thicker_lines_and_fits_a_1080_px_screen(data, name):
    screen, proj = build(name, data), build(name, data, projector=True)
    assert proj["layout"]["font"]["size"] >= 24 > screen["layout"]["font"]["size"]
    assert all(a["font"]["size"] >= 24 for a in proj["layout"].get("annotations", []))
    if _widths(screen):
        assert max(_widths(proj)) >= 2 * max(_widths(screen)) - 1e-9
    margin = proj["layout"]["margin"]
    plot = proj["layout"]["height"] - margin["t"] - margin["b"]
    assert plot <= 560 and proj["layout"]["height"] <= 900
    if name not in ("norms", "jacobian"):  # a short legend, or none: below; a long one beside the plot
        assert proj["layout"]["legend"]["x"] > 1.0
    if "legend" in screen["layout"] and name != "jacobian":
        assert screen["layout"]["legend"]["y"] < 0  # a phone: the legend below keeps the plot's width


# --- DyT beside LayerNorm and RMSNorm ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "x, extent", [(X2, 2.0), (X3, 2.0), ((3.0, 3.0), 3.5), ((0.1, 0.2, 0.1), 2.0), ((5.0, 0), 5.5), ((5.1, 0), 6.0)]
)
def test_the_dyt_view_is_fixed_by_n_and_x(x, extent):
    assert figs.dyt_extent(x) == extent


def test_dyt_plane_draws_the_librarys_outputs_on_their_sets(data):
    cmp, ray = data["cmp2"], data["ray2"]
    fig = build("dyt2", data)
    expected = {"dyt_box", "rms_sphere", "ln_set", "ray", "dyt_ray", "arrow_input"}
    expected |= {f"{p}_{k}" for p in ("out", "link") for k in ("dyt", "ln", "rms")}
    assert expected <= set(roles(fig))
    for key in ("dyt", "ln", "rms"):
        np.testing.assert_array_equal(rows(trace(fig, f"out_{key}"), 2)[0], getattr(cmp, key))
        link = rows(trace(fig, f"link_{key}"), 2)
        np.testing.assert_array_equal(link, np.stack([cmp.x, getattr(cmp, key)]))
    box = finite(rows(trace(fig, "dyt_box"), 2))
    assert np.all(np.abs(box) == 1.0) and len(np.unique(box, axis=0)) == 4  # the corners of [−1, 1]²
    assert np.allclose(np.linalg.norm(rows(trace(fig, "rms_sphere"), 2), axis=1), math.sqrt(2))
    np.testing.assert_array_equal(rows(trace(fig, "ln_set"), 2), [[1.0, -1.0], [-1.0, 1.0]])
    np.testing.assert_array_equal(rows(trace(fig, "dyt_ray"), 2), ray.points)
    tip = finite(rows(trace(fig, "arrow_input"), 2))[-1]
    np.testing.assert_array_equal(tip, cmp.x)
    ray_line = rows(trace(fig, "ray"), 2)
    along, x = ray_line[1], cmp.x
    assert along[0] * x[1] - along[1] * x[0] == pytest.approx(0.0, abs=1e-12) and along @ x > 0  # through x
    assert trace(fig, "ray")["line"]["dash"] == "dot" and trace(fig, "ray")["line"]["color"] == COLORS["reference"]
    layout = fig["layout"]
    assert layout["xaxis"]["range"] == layout["yaxis"]["range"] == [-2.0, 2.0]
    assert layout["yaxis"]["scaleanchor"] == "x"
    assert "(%{x:.3f}, %{y:.3f})" in trace(fig, "out_dyt")["hovertemplate"]


def test_dyt_space_draws_the_cube_the_sqrt3_sphere_and_layernorms_circle(data):
    cmp = data["cmp3"]
    fig = build("dyt3", data)
    assert {"dyt_box", "rms_sphere", "ln_set", "ray", "dyt_ray", "arrow_input", "arrow_input_head"} <= set(roles(fig))
    box = rows(trace(fig, "dyt_box"), 3)
    edges = np.split(box, np.flatnonzero(np.isnan(box[:, 0])) + 1)
    edges = [e[np.isfinite(e[:, 0])] for e in edges if np.isfinite(e).any()]
    assert len(edges) == 12 and all(np.count_nonzero(e[0] != e[1]) == 1 for e in edges)  # the cube's edges
    assert np.all(np.abs(finite(box)) == 1.0)
    sphere = trace(fig, "rms_sphere")
    assert sphere["type"] == "mesh3d"
    assert np.allclose(np.linalg.norm(rows(sphere, 3), axis=1), math.sqrt(3), atol=1e-6)  # float32 mesh
    circle = rows(trace(fig, "ln_set"), 3)
    assert np.allclose(circle.sum(axis=1), 0.0) and np.allclose(np.linalg.norm(circle, axis=1), math.sqrt(3))
    for key in ("dyt", "ln", "rms"):
        np.testing.assert_array_equal(rows(trace(fig, f"out_{key}"), 3)[0], getattr(cmp, key))
    np.testing.assert_array_equal(rows(trace(fig, "dyt_ray"), 3), data["ray3"].points)
    scene = fig["layout"]["scene"]
    assert all(scene[f"{a}axis"]["range"] == [-2.0, 2.0] for a in "xyz")
    assert scene["aspectmode"] == "cube" and scene["camera"]["projection"]["type"] == "perspective"


def test_dyts_curve_runs_from_the_origin_towards_the_corner_inside_the_box(data):
    fig = build("dyt2", data)
    curve = rows(trace(fig, "dyt_ray"), 2)
    np.testing.assert_array_equal(curve[0], [0.0, 0.0])
    assert np.all(np.abs(curve) < 1.0)
    assert np.array_equal(np.sign(curve[-1]), np.sign(data["cmp2"].x))


def test_dyt_and_the_norms_differ_by_marker_and_dash_not_only_colour(data):
    for name in ("dyt2", "dyt3"):
        fig = build(name, data)
        symbols = {trace(fig, f"out_{k}")["marker"]["symbol"] for k in ("dyt", "ln", "rms")}
        dashes = {trace(fig, f"link_{k}")["line"]["dash"] for k in ("dyt", "ln", "rms")}
        assert len(symbols) == 3 and len(dashes) == 3
        assert trace(fig, "out_dyt")["marker"]["color"] == COLORS["dyt"]
    others = {v.upper() for k, v in COLORS.items() if k != "dyt"} | {m.color.upper() for m in METHODS.values()}
    assert COLORS["dyt"].upper() not in others


def test_dyt_title_names_both_eps_when_the_norms_use_their_own_defaults():
    cmp = beyond.compare_dyt(X2, eps=None)
    fig = figs.dyt_figure(cmp, beyond.dyt_ray(X2), EN)
    assert "1e-5 (LayerNorm), 1e-6 (RMSNorm)" in fig["layout"]["title"]["text"]
    assert (
        "ε = 0"
        in build("dyt2", {"cmp2": beyond.compare_dyt(X2), "ray2": beyond.dyt_ray(X2)})["layout"]["title"]["text"]
    )


def test_dyt_figure_refuses_what_it_cannot_draw():
    x = (1.0, 2.0, 3.0, 4.0)
    with pytest.raises(ValueError, match="2 or 3"):
        figs.dyt_figure(beyond.compare_dyt(x), beyond.dyt_ray(x), EN)


# --- Derf beside DyT ------------------------------------------------------------------------------------------


def _edges(fig: dict, role: str, dim: int) -> np.ndarray:
    r = rows(trace(fig, role), dim)
    return r[np.all(np.isfinite(r), axis=1)]


@pytest.mark.parametrize("n", [2, 3])
def test_derf_is_drawn_beside_dyt_with_its_ray_and_both_images_of_the_drawn_box(data, n):
    cmp, pic = data[f"cmp{n}"], data[f"derf{n}"]
    fig = build(f"dyt{n}_derf", data)
    have = set(roles(fig))
    assert {"derf_ray", "image_dyt", "image_derf", "link_derf", "out_derf"} <= have
    assert {"dyt_box", "rms_sphere", "ln_set", "dyt_ray", "out_dyt", "out_ln", "out_rms"} <= have
    x = np.asarray(cmp.x)
    a, s = cmp.alpha, SHIFT
    want = torch.erf(a * torch.as_tensor(x) + s).numpy()  # the direct formula, not the library
    np.testing.assert_allclose(rows(trace(fig, "out_derf"), n)[0], want, rtol=1e-15)
    np.testing.assert_array_equal(rows(trace(fig, "link_derf"), n), np.stack([x, pic.derf]))
    ray = rows(trace(fig, "derf_ray"), n)
    t = np.linspace(0.0, 3.0, ray.shape[0])
    np.testing.assert_allclose(ray, torch.erf(a * torch.as_tensor(t[:, None] * x[None, :]) + s).numpy(), rtol=1e-14)
    np.testing.assert_allclose(ray[0], math.erf(s), rtol=1e-15)  # Derf(0·x) = erf(s)·𝟏: off the origin
    e = figs.dyt_extent(x)
    for key, (lo, hi) in (
        ("dyt", (-math.tanh(a * e), math.tanh(a * e))),
        ("derf", (math.erf(s - a * e), math.erf(s + a * e))),
    ):
        corners = np.unique(_edges(fig, f"image_{key}", n), axis=0)
        assert len(corners) == 2**n
        np.testing.assert_allclose(np.sort(np.unique(corners)), [lo, hi], rtol=1e-14)
        assert trace(fig, f"image_{key}")["line"]["color"] == COLORS[key]
        assert f"[{decimals(lo, 3)}, {decimals(hi, 3)}]" in trace(fig, f"image_{key}")["name"]
    derf_box = np.unique(_edges(fig, "image_derf", n))
    assert derf_box.sum() > 0.1  # s > 0 moved Derf's box towards +𝟏: no longer centred
    assert np.unique(_edges(fig, "image_dyt", n)).sum() == 0.0
    box = _edges(fig, "dyt_box", n)
    assert np.all(np.abs(box) == 1.0)  # still (−1, 1)ⁿ: both curves' image of all of ℝⁿ
    assert trace(fig, "dyt_box")["line"]["color"] == COLORS["reference"]
    assert "Derf" in trace(fig, "dyt_box")["name"] and f"s = {SHIFT:g}" in fig["layout"]["title"]["text"]


def test_without_derf_the_dyt_picture_is_as_before(data):
    fig = build("dyt2", data)
    assert not {"derf_ray", "image_dyt", "image_derf", "out_derf"} & set(roles(fig))
    assert trace(fig, "dyt_box")["line"]["color"] == COLORS["dyt"]


def test_the_four_outputs_differ_by_marker_and_dash_and_derf_by_colour(data):
    for name in ("dyt2_derf", "dyt3_derf"):
        fig = build(name, data)
        keys = ("dyt", "derf", "ln", "rms")
        assert len({trace(fig, f"out_{k}")["marker"]["symbol"] for k in keys}) == 4
        assert len({trace(fig, f"link_{k}")["line"]["dash"] for k in keys}) == 4
        assert trace(fig, "out_derf")["marker"]["color"] == COLORS["derf"]
    others = {v.upper() for k, v in COLORS.items() if k != "derf"} | {m.color.upper() for m in METHODS.values()}
    assert COLORS["derf"].upper() not in others


def test_derf_must_be_drawn_for_the_same_x_alpha_and_box(data):
    other = beyond.derf_picture(X2, alpha=1.0, shift=0.0, half_width=figs.dyt_extent(X2))
    with pytest.raises(ValueError, match="same x, α and drawn box"):
        figs.dyt_figure(data["cmp2"], data["ray2"], EN, derf=other)
    wrong_box = beyond.derf_picture(X2, alpha=0.5, half_width=7.0)
    with pytest.raises(ValueError, match="same x, α and drawn box"):
        figs.dyt_figure(data["cmp2"], data["ray2"], EN, derf=wrong_box)


def test_the_curves_are_tanh_and_erf_with_their_tangents_and_saturation_points(data):
    c = data["curves"]
    fig = build("squash", data)
    assert roles(fig) == [
        "bounds", "curve_dyt", "curve_derf", "tangent_dyt", "tangent_derf", "sat_dyt", "sat_derf", "centre_derf"
    ]  # fmt: skip
    x = coords(trace(fig, "curve_dyt"), "x")
    np.testing.assert_allclose(coords(trace(fig, "curve_dyt"), "y"), np.tanh(0.8 * x), rtol=1e-15, atol=1e-300)
    want = torch.erf(0.8 * torch.as_tensor(x) + SHIFT).numpy()
    np.testing.assert_allclose(coords(trace(fig, "curve_derf"), "y"), want, rtol=1e-14)
    # tangents through (0, f(0)) with slope f'(0): α for tanh, (2α/√π)·e^(−s²) for erf
    for key, value0, slope in (
        ("dyt", 0.0, 0.8),
        ("derf", math.erf(SHIFT), 2 * 0.8 / math.sqrt(math.pi) * math.exp(-(SHIFT**2))),
    ):
        tx, ty = coords(trace(fig, f"tangent_{key}"), "x"), coords(trace(fig, f"tangent_{key}"), "y")
        assert (ty[1] - ty[0]) / (tx[1] - tx[0]) == pytest.approx(slope, rel=1e-12)
        assert ty[0] - slope * tx[0] == pytest.approx(value0, abs=1e-12)
        assert decimals(slope, 3) in trace(fig, f"tangent_{key}")["name"]
    # the saturation points: ∓0.99 of the bound, on the curves
    for key, fn in (("dyt", lambda u: np.tanh(0.8 * u)), ("derf", lambda u: special.erf(0.8 * u + SHIFT))):
        sx, sy = coords(trace(fig, f"sat_{key}"), "x"), coords(trace(fig, f"sat_{key}"), "y")
        np.testing.assert_array_equal(sy, [-0.99, 0.99])
        np.testing.assert_allclose(fn(sx), sy, rtol=1e-13)
        assert np.all(np.abs(sx) < x[-1])  # inside the plot
    assert coords(trace(fig, "centre_derf"), "x")[0] == pytest.approx(-SHIFT / 0.8)
    assert set(coords(trace(fig, "bounds"), "y")[np.isfinite(coords(trace(fig, "bounds"), "y"))]) == {-1.0, 1.0}
    assert fig["layout"]["xaxis"]["range"] == [-c.reach, c.reach]
    looks = {(trace(fig, r)["line"]["dash"]) for r in ("curve_dyt", "curve_derf", "tangent_dyt", "tangent_derf")}
    assert len(looks) == 4  # four lines, four dashes


def test_the_derf_figures_stay_light(data):
    for name in ("dyt2_derf", "dyt3_derf", "squash"):
        size = len(json.dumps(typed_arrays(build(name, data), strict=True)))
        assert size < {"dyt2_derf": 40_000, "dyt3_derf": 120_000, "squash": 20_000}[name], (name, size)


# --- the Jacobians -------------------------------------------------------------------------------------------


def test_the_jacobians_are_the_librarys_on_one_scale_symmetric_about_zero(data):
    cmp = data["cmp3"]
    fig = build("jacobian", data)
    assert roles(fig) == ["jac_dyt", "jac_ln", "jac_rms"]
    mats = (cmp.jacobian_dyt, cmp.jacobian_ln, cmp.jacobian_rms)
    for tr, m in zip(fig["data"], mats):
        assert tr["type"] == "heatmap" and tr["coloraxis"] == "coloraxis"
        np.testing.assert_array_equal(tr["z"], m)
        assert tr["text"] == [[decimals(v, 3) for v in row] for row in m]
        assert list(tr["x"]) == list(tr["y"]) == [1, 2, 3]
    top = max(float(np.max(np.abs(m))) for m in mats)
    axis = fig["layout"]["coloraxis"]
    assert axis["cmin"] == -top and axis["cmax"] == top and axis["cmid"] == 0.0
    assert axis["colorscale"][0][1] != axis["colorscale"][-1][1]  # diverging: two ends
    for suffix in ("", "2", "3"):
        assert fig["layout"][f"yaxis{suffix}"]["autorange"] == "reversed"  # row 1 at the top
        assert list(fig["layout"][f"xaxis{suffix}"]["tickvals"]) == [1, 2, 3]
    dyt = fig["data"][0]["z"]
    assert np.count_nonzero(dyt - np.diag(np.diag(dyt))) == 0  # DyT's is diagonal
    titles = [a["text"] for a in fig["layout"]["annotations"]]
    assert titles == ["DyT", "LayerNorm", "RMSNorm"]


def test_a_constant_x_leaves_layernorms_jacobian_empty_cells_marked_with_a_dash():
    cmp = beyond.compare_dyt((1.0, 1.0, 1.0))
    fig = figs.jacobian_figure(cmp, ZH)
    ln = trace(fig, "jac_ln")
    assert np.all(np.isnan(ln["z"])) and all(cell == "—" for row in ln["text"] for cell in row)
    rms = trace(fig, "jac_rms")
    assert np.all(np.isfinite(rms["z"]))
    top = float(np.max(np.abs(np.concatenate([cmp.jacobian_dyt.ravel(), cmp.jacobian_rms.ravel()]))))
    assert fig["layout"]["coloraxis"]["cmax"] == top  # NaN left out of the scale
    packed = typed_arrays(fig, strict=True)
    go.Figure(packed)


def test_the_layernorm_jacobian_in_the_plane_is_zero_and_the_scale_still_symmetric():
    fig = figs.jacobian_figure(beyond.compare_dyt(X2), EN)
    np.testing.assert_array_equal(trace(fig, "jac_ln")["z"], np.zeros((2, 2)))
    axis = fig["layout"]["coloraxis"]
    assert axis["cmin"] == -axis["cmax"] > -math.inf


# --- QK-norm -------------------------------------------------------------------------------------------------


def test_qk_panels_draw_the_sweeps_numbers(data):
    sweep = data["sweep"]
    fig = build("qk", data)
    np.testing.assert_array_equal(coords(trace(fig, "max_plain"), "x"), sweep.scales)
    np.testing.assert_array_equal(coords(trace(fig, "max_plain"), "y"), np.max(np.abs(sweep.logits_plain), axis=1))
    np.testing.assert_array_equal(coords(trace(fig, "max_normed"), "y"), np.max(np.abs(sweep.logits_normed), axis=1))
    bound = trace(fig, "bound")
    assert np.all(coords(bound, "y") == sweep.bound) and decimals(sweep.bound, 3) in bound["name"]
    assert "√d·max|γ_q γ_k|" in bound["name"] and bound["line"]["dash"] == "dash"
    m = sweep.logits_plain.shape[1]
    for j in range(m):
        np.testing.assert_array_equal(coords(trace(fig, f"p_plain_{j}"), "y"), sweep.probs_plain[:, j])
        np.testing.assert_array_equal(coords(trace(fig, f"p_normed_{j}"), "y"), sweep.probs_normed[:, j])
        assert trace(fig, f"p_plain_{j}")["line"]["dash"] != trace(fig, f"p_normed_{j}")["line"]["dash"]
        assert trace(fig, f"p_plain_{j}")["line"]["color"] == trace(fig, f"p_normed_{j}")["line"]["color"]
    assert len({trace(fig, f"p_normed_{j}")["marker"]["symbol"] for j in range(m)}) == m  # not colour alone
    np.testing.assert_array_equal(coords(trace(fig, "entropy_plain"), "y"), sweep.entropy_plain)
    np.testing.assert_array_equal(coords(trace(fig, "entropy_normed"), "y"), sweep.entropy_normed)
    assert np.all(coords(trace(fig, "entropy_max"), "y") == math.log(m))
    assert trace(fig, "entropy_max")["line"]["dash"] == "dot"
    layout = fig["layout"]
    assert all(layout[f"xaxis{s}"]["type"] == "log" for s in ("", "2", "3"))
    assert layout["yaxis"]["type"] == "log" and layout["xaxis2"]["matches"] == layout["xaxis3"]["matches"] == "x"


def test_qk_legend_lists_each_key_once_and_plain_and_normed_once(data):
    fig = build("qk", data)
    shown = [tr["meta"] for tr in fig["data"] if tr.get("showlegend", True)]
    assert shown.count("max_plain") == 1 and "entropy_plain" not in shown
    m = data["sweep"].logits_plain.shape[1]
    assert sum(r.startswith("p_") for r in shown) == m


def test_plain_and_normed_differ_by_dash_and_by_marker_and_colour(data):
    fig = build("qk", data)
    for panel in ("max", "entropy"):
        plain, normed = trace(fig, f"{panel}_plain"), trace(fig, f"{panel}_normed")
        assert plain["line"]["dash"] != normed["line"]["dash"]
        assert plain["marker"]["symbol"] != normed["marker"]["symbol"]
        assert plain["line"]["color"] != normed["line"]["color"] == METHODS["rms"].color


def test_the_current_scale_is_a_vertical_line_in_every_panel_and_absent_without_one(data):
    fig = build("qk", data)
    current = [tr for tr in fig["data"] if tr["meta"] == "current"]
    assert len(current) == 3 and {tr.get("xaxis") for tr in current} == {"x", "x2", "x3"}
    assert all(np.all(coords(tr, "x") == 2.0) for tr in current)
    assert sum(tr["showlegend"] for tr in current) == 1
    for tr, k in zip(current, ("", "2", "3")):  # from the bottom of its panel to the top
        lo, hi = fig["layout"][f"yaxis{k}"]["range"]
        if k == "":
            lo, hi = 10.0**lo, 10.0**hi
        assert coords(tr, "y") == pytest.approx([lo, hi])
    none = figs.qk_figure(data["sweep"], EN)
    assert "current" not in roles(none)


def test_qk_with_layernorm_takes_layernorms_look():
    sweep = beyond.qk_sweep(Q, KEYS, SCALES, norm="ln")
    fig = figs.qk_figure(sweep, ZH)
    normed = trace(fig, "max_normed")
    assert normed["line"]["color"] == METHODS["ln"].color and normed["marker"]["symbol"] == METHODS["ln"].symbol
    assert "LayerNorm" in normed["name"]


# --- nGPT on the sphere --------------------------------------------------------------------------------------


def test_ngpt_stays_on_the_unit_sphere_and_the_pre_norm_stream_leaves_it(data):
    path, plain = data["path"], data["plain"]
    fig = build("sphere", data)
    assert {"unit_sphere", "ngpt_arcs", "ngpt_points", "targets", "pre_points", "start"} <= set(roles(fig))
    pts = rows(trace(fig, "ngpt_points"), 3)
    np.testing.assert_array_equal(pts, path.points)
    assert np.allclose(np.linalg.norm(pts, axis=1), 1.0)
    arcs = finite(rows(trace(fig, "ngpt_arcs"), 3))
    assert len(arcs) == path.arcs.shape[0] * path.arcs.shape[1]
    assert np.allclose(np.linalg.norm(arcs, axis=1), 1.0)
    assert np.isnan(rows(trace(fig, "ngpt_arcs"), 3)[path.arcs.shape[1]]).all()  # a gap between steps
    np.testing.assert_array_equal(rows(trace(fig, "targets"), 3), path.targets)
    assert trace(fig, "targets")["marker"]["symbol"].endswith("-open")
    pre = rows(trace(fig, "pre_points"), 3)
    np.testing.assert_array_equal(pre, plain.points)
    assert np.max(np.linalg.norm(pre, axis=1)) > 1.5  # it leaves the sphere
    np.testing.assert_array_equal(rows(trace(fig, "start"), 3)[0], path.points[0])
    assert list(trace(fig, "ngpt_points")["customdata"]) == list(range(len(path.points)))
    assert "step %{customdata}" in trace(fig, "ngpt_points")["hovertemplate"]
    assert np.allclose(np.linalg.norm(rows(trace(fig, "unit_sphere"), 3), axis=1), 1.0, atol=1e-6)
    reach = max(1.2, 1.1 * float(np.max(plain.norms)))
    for a in "xyz":
        lo, hi = fig["layout"]["scene"][f"{a}axis"]["range"]
        assert lo == -hi and reach <= hi < reach + 0.1 + 1e-9
    assert trace(fig, "pre_points")["line"]["dash"] != trace(fig, "ngpt_arcs")["line"]["dash"]


def test_a_short_stream_keeps_the_view_at_least_1_2():
    plain = beyond.pre_norm_path(gain=0.01, steps=2)
    fig = figs.sphere_figure(beyond.ngpt_path(steps=2), plain, EN)
    assert fig["layout"]["scene"]["xaxis"]["range"] == pytest.approx([-1.2, 1.2])


def test_stream_norms_are_the_librarys_with_the_average_growth(data):
    path, plain = data["path"], data["plain"]
    fig = build("norms", data)
    assert roles(fig) == ["norm_ngpt", "norm_pre", "norm_expected"]
    assert np.allclose(coords(trace(fig, "norm_ngpt"), "y"), 1.0)
    np.testing.assert_array_equal(coords(trace(fig, "norm_ngpt"), "x"), np.arange(len(path.points)))
    np.testing.assert_array_equal(coords(trace(fig, "norm_pre"), "y"), plain.norms)
    expected = trace(fig, "norm_expected")
    steps, y = coords(expected, "x"), coords(expected, "y")
    assert np.allclose(y, np.sqrt(plain.norms[0] ** 2 + steps * plain.gain**2))
    assert steps[0] == 0 and steps[-1] == len(plain.points) - 1 and expected["line"]["dash"] == "dot"
    looks = {(tr["line"]["dash"], tr.get("marker", {}).get("symbol")) for tr in fig["data"]}
    assert len(looks) == 3


# --- one outlier ---------------------------------------------------------------------------------------------


def test_outlier_factors_are_the_curves_on_a_log_axis_without_s_zero(data):
    curve, effect = data["curve"], data["effect"]
    fig = build("outlier", data)
    pos = curve.scales > 0
    assert not pos[0] and pos[1:].all()
    for role, values in (
        ("factor_rms", curve.rms_factor),
        ("measured_rms", curve.rms_measured),
        ("factor_ln", curve.ln_factor),
        ("measured_ln", curve.ln_measured),
    ):
        tr = trace(fig, role)
        np.testing.assert_array_equal(coords(tr, "x"), curve.scales[pos])
        np.testing.assert_array_equal(coords(tr, "y"), values[pos])
    assert np.all(coords(trace(fig, "factor_dyt"), "y") == 1.0)
    assert fig["layout"]["xaxis"]["type"] == "log"
    current = trace(fig, "current")
    assert np.all(coords(current, "x") == effect.s)
    factor_looks = {trace(fig, f"factor_{k}")["line"]["dash"] for k in ("rms", "ln", "dyt")}
    assert len(factor_looks) == 3


def test_the_outputs_panel_keeps_the_others_readable_and_writes_the_outliers_values(data):
    effect = data["effect"]
    fig = build("outlier", data)
    shown = 16
    for key in ("rms", "ln", "dyt"):
        tr = trace(fig, f"coords_{key}")
        y = coords(tr, "y")
        assert np.isnan(y[INDEX])  # the outlier is drawn apart
        mask = np.arange(shown) != INDEX
        np.testing.assert_array_equal(y[mask], getattr(effect, key)[:shown][mask])
        assert np.allclose(np.round(coords(tr, "x")), np.arange(1, shown + 1))
    lo, hi = fig["layout"]["yaxis2"]["range"]
    assert hi < effect.rms[INDEX] and hi < effect.ln[INDEX]  # huge values do not squash the others
    others = np.concatenate([getattr(effect, k)[:shown][np.arange(shown) != INDEX] for k in ("rms", "ln", "dyt")])
    assert lo <= others.min() and others.max() <= hi
    mark = trace(fig, "outlier_mark")
    y = coords(mark, "y")
    assert np.all((lo < y) & (y < hi))
    assert mark["marker"]["symbol"][:2] == ["triangle-up", "triangle-up"]  # RMSNorm and LayerNorm: off the scale
    assert coords(mark, "y")[2] == pytest.approx(effect.dyt[INDEX])  # DyT's saturates at 1: on the scale
    for key, text in zip(("rms", "ln", "dyt"), mark["text"]):
        assert decimals(getattr(effect, key)[INDEX], 3) in text
    note = [a["text"] for a in fig["layout"]["annotations"] if "outputs:" in a["text"]]
    assert len(note) == 1 and decimals(effect.rms[INDEX], 3) in note[0] and decimals(effect.ln[INDEX], 3) in note[0]


def test_an_outlier_beyond_the_shown_coordinates_is_not_marked(data):
    effect = beyond.outlier_effect(REST, OUTLIER, index=12)
    fig = figs.outlier_figure(effect, data["curve"], EN, shown=8)
    assert "outlier_mark" not in roles(fig)
    assert len(coords(trace(fig, "coords_rms"), "y")) == 8
    assert not np.isnan(coords(trace(fig, "coords_rms"), "y")).any()


def test_a_non_positive_outlier_has_no_place_on_the_log_axis(data):
    effect = beyond.outlier_effect(REST, -3.0, index=0)
    fig = figs.outlier_figure(effect, data["curve"], ZH)
    assert "current" not in roles(fig) and "outlier_mark" in roles(fig)
    go.Figure(fig)


MEANINGFUL = {m.color.lower(): key for key, m in METHODS.items()} | {COLORS[k].lower(): k for k in ("dyt", "derf")}


def _look(tr: dict) -> tuple:
    """Everything but the colour that tells a trace from another (as tests/test_colour_cues.py reads it)."""
    mode, line, marker = tr.get("mode") or "", tr.get("line") or {}, tr.get("marker") or {}
    return (
        tr.get("type", "scatter"),
        mode,
        line.get("dash", "solid") if "lines" in mode else None,
        marker.get("symbol", "circle") if "markers" in mode else None,
    )


@pytest.mark.parametrize("name", BUILDERS)
def test_no_two_of_dyt_and_the_methods_differ_by_colour_alone(data, name):
    fig = build(name, data)
    seen: dict[tuple, set[str]] = {}
    for tr in fig["data"]:
        colour = (tr.get("line") or {}).get("color") or (tr.get("marker") or {}).get("color")
        if isinstance(colour, str) and colour.lower() in MEANINGFUL:
            seen.setdefault(_look(tr), set()).add(MEANINGFUL[colour.lower()])
    assert not {look: keys for look, keys in seen.items() if len(keys) > 1}
