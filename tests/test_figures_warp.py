"""The warp figures are plain plotly JSON: valid for plotly, built without go.Figure, drawing the library's numbers."""

import json
import math

import numpy as np
import plotly.graph_objects as go
import pytest

from normviz import warp
from normviz.figures.typed import typed_arrays as packed
from normviz.figures.warp import (
    ellipsoid_figure,
    fibre_segment,
    frame_points,
    grid_points,
    half_plane,
    morph_figure,
    surface_fraction_figure,
)
from normviz.format import decimals
from normviz.i18n import Translator
from normviz.ui.kit.live import html_animation_controls
from tests.helpers.pages import coords, trace

EN, ZH = Translator("en"), Translator("zh")
EXTENT = 3.0
LIGHT_3D = dict(count=5, points=21)  # the page's 3D grid
X = {2: (1.5, 0.5), 3: (1.5, 0.5, -1.0)}


def build_morph(n=2, key="ln", eps=0.0, t=EN, projector=False, fold=True, stretch=True, grid=None, x=None):
    grid = grid if grid is not None else ({} if n == 2 else LIGHT_3D)
    x = X[n] if x is None else x
    m = warp.grid_morph(n, key, eps=eps, extent=EXTENT, **grid)
    gf = warp.grid_fold(key, x, eps=eps, extent=EXTENT, **grid) if fold else None
    ls = warp.local_stretch(key, x, eps=eps, radius=0.25) if stretch else None
    return m, gf, ls, morph_figure(m, t, projector=projector, extent=EXTENT, fold=gf, stretch=ls)


def build_ellipsoid(gamma=(2.0, 1.0, 0.5), beta=None, eps=0.0, t=EN, projector=False, with_cloud=True):
    ell = warp.output_ellipsoid(gamma, beta, eps=eps)
    samples = warp.output_set(gamma, beta, eps=eps, points=721 if len(gamma) == 3 else 144)
    cloud = None
    if with_cloud:
        x = np.random.default_rng(0).standard_normal((50, len(gamma)))
        cloud = warp.warp(x, "ln", eps=eps) * np.asarray(gamma) + (0.0 if beta is None else np.asarray(beta))
    return ell, samples, cloud, ellipsoid_figure(ell, samples, t, projector=projector, cloud=cloud)


def build_fraction(t=EN, projector=False, current=0.01):
    eps = np.logspace(-4, 1, 11)
    x = np.random.default_rng(0).standard_normal((500, 3))
    fractions = [warp.surface_fraction(x, eps=e) for e in eps]
    return eps, fractions, surface_fraction_figure(eps, fractions, t, projector=projector, current_eps=current)


def points(tr: dict, dim: int) -> np.ndarray:
    """A trace's coordinates as rows (NaN where the trace has a gap)."""
    return np.column_stack([np.asarray(coords_or_list(tr, a), dtype=float) for a in "xyz"[:dim]])


def coords_or_list(tr: dict, axis: str):
    value = tr[axis]
    if isinstance(value, list):
        return [np.nan if v is None else v for v in value]
    return coords(tr, axis)


def finite(rows: np.ndarray) -> np.ndarray:
    return rows[np.all(np.isfinite(rows), axis=1)]


def valid(spec: dict) -> None:
    """Loadable by plotly, raw and packed (as the page sends it), every trace with its role."""
    assert all(tr.get("meta") for tr in spec["data"])
    go.Figure(spec)
    go.Figure(packed(spec))


def morph_cases():
    k = 0
    for n in (2, 3):
        for key in ("l2", "rms", "ln"):
            for eps in (0.0, None):
                k += 1
                yield pytest.param(n, key, eps, ("en", "zh")[k % 2], k % 3 == 0, id=f"{n}d-{key}-{eps}-{k}")


@pytest.mark.parametrize("n, key, eps, lang, projector", list(morph_cases()))
def test_every_morph_figure_is_valid_plotly(n, key, eps, lang, projector):
    *_, fig = build_morph(n, key, eps, Translator(lang), projector)
    valid(fig)


@pytest.mark.parametrize(
    "gamma, beta",
    [
        ((2.0, 1.0, 0.5), (0.5, 0.0, -0.5)),
        ((1.0, 0.0, 2.0), None),
        ((2.0, 0.0, 0.0), None),
        ((2.0, 1.0, 0.5, 1.5), None),
    ],
)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_ellipsoid_and_fraction_figure_is_valid_plotly(gamma, beta, lang):
    *_, fig = build_ellipsoid(gamma, beta, t=Translator(lang), projector=lang == "zh")
    valid(fig)
    *_, fraction = build_fraction(Translator(lang), projector=lang == "zh")
    valid(fraction)


def test_builders_never_construct_plotly_objects(no_plotly_objects):
    build_morph(2)
    build_morph(3, "rms", eps=None)
    build_ellipsoid((2.0, 1.0, 0.5, 1.5))
    build_fraction()


# --- the morph ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n, key", [(2, "l2"), (2, "ln"), (3, "rms"), (3, "ln")])
def test_frames_run_from_the_inputs_to_the_image_with_gaps_where_it_is_undefined(n, key):
    m, _, _, fig = build_morph(n, key)
    frames = fig["frames"]
    assert len(frames) == len(m.ts) and [f["name"] for f in frames] == [f"t{k}" for k in range(len(m.ts))]
    grid_index = [tr["meta"] for tr in fig["data"]].index("grid")
    assert all(f["traces"] == [grid_index, grid_index + 1] for f in frames)
    assert fig["data"][grid_index + 1]["meta"] == "grid_points"
    keep = frame_points(m)
    tol = 1e-6  # the frames are float32
    gap = np.full((m.inputs.shape[0], 1, n), np.nan)
    for k, want in ((0, m.inputs), (-1, m.image)):
        lines = np.concatenate([want[:, keep], gap], axis=1).reshape(-1, n)
        got = points(frames[k]["data"][0], n)
        np.testing.assert_array_equal(np.isnan(got), np.isnan(lines))  # NaN (0/0) stays a gap
        np.testing.assert_allclose(got, lines, atol=tol)
    verts = grid_points(m)
    np.testing.assert_allclose(points(frames[0]["data"][1], n), verts, atol=tol)
    image = warp.warp(verts, key, eps=0.0)
    got = points(frames[-1]["data"][1], n)
    np.testing.assert_array_equal(np.isnan(got), np.isnan(image))
    np.testing.assert_allclose(got, image, atol=tol)
    # the figure starts as frame 0
    assert fig["data"][grid_index]["x"] is frames[0]["data"][0]["x"]


def test_undefined_outputs_exist_at_eps_zero_and_become_gaps():
    m, _, _, fig = build_morph(2, "ln")
    last = points(fig["frames"][-1]["data"][0], 2)
    assert np.isnan(last).any(axis=1).sum() > m.inputs.shape[0]  # the diagonal x₁ = x₂ too, not only the gaps
    assert fig["frames"][-1]["data"][0]["x"].dtype == np.float32  # NaN travels in the typed array: a gap


def test_the_grid_points_are_the_lattice_and_coloured_by_the_inputs_angle_throughout():
    for n, grid in ((2, dict(count=7, points=41)), (3, LIGHT_3D)):
        m, _, _, fig = build_morph(n, "ln", grid=grid)  # LayerNorm turns the angle: the input's colour is kept
        verts = grid_points(m)
        np.testing.assert_array_equal(verts, warp.grid_vertices(n, extent=EXTENT, count=grid["count"]))
        marker = trace(fig, "grid_points")["marker"]
        np.testing.assert_allclose(np.asarray(marker["color"], float), warp.input_angle(verts), rtol=1e-6)
        assert (marker["cmin"], marker["cmax"]) == (-math.pi, math.pi) and marker["showscale"] is False
        assert isinstance(marker["colorscale"], list) and marker["colorscale"][0][1] == marker["colorscale"][-1][1]
        assert all("marker" not in d for f in fig["frames"] for d in f["data"])  # colours are never replaced


def test_the_grid_is_one_thin_grey_trace_whatever_the_lattice():
    m, _, _, fig = build_morph(3, "ln", grid={})  # the full 147-line lattice
    grids = [tr for tr in fig["data"] if tr["meta"] == "grid"]
    assert len(grids) == 1 and grids[0]["line"]["width"] <= 1.5
    assert m.inputs.shape[0] == 147
    rows = points(grids[0], 3)
    assert np.isnan(rows).all(axis=1).sum() == 147  # one gap after each line


def test_slider_and_play_pause_are_the_accessible_pair():
    m, _, _, fig = build_morph(2, "l2")
    layout = fig["layout"]
    steps = layout["sliders"][0]["steps"]
    assert [s["args"][0] for s in steps] == [[f"t{k}"] for k in range(len(m.ts))]
    assert all(s["method"] == "animate" for s in steps)
    assert steps[10]["label"] == "t = 0.5" and steps[0]["label"] == "t = 0" and steps[-1]["label"] == "t = 1"
    bare, controls = html_animation_controls(packed(fig))
    assert controls is not None and controls["play"] == EN("anim.play") and controls["pause"] == EN("anim.pause")
    assert "updatemenus" not in bare["layout"]
    _, zh = html_animation_controls(build_morph(3, "ln", t=ZH)[3])
    assert zh is not None and zh["play"] == ZH("anim.play")


def test_axes_are_equal_and_show_the_grid_and_its_image():
    for key in ("l2", "rms", "ln"):
        m, _, _, fig = build_morph(2, key)
        x, y = fig["layout"]["xaxis"], fig["layout"]["yaxis"]
        assert x["range"] == y["range"] and y["scaleanchor"] == "x"
        assert x["range"][1] >= EXTENT * 1.05 - 1e-12 and x["range"][0] == -x["range"][1]
    _, _, _, small = build_morph(3, "rms", grid=dict(count=3, points=5))
    with_small = morph_figure(warp.grid_morph(3, "rms", extent=1.0, count=3, points=5), EN, projector=False, extent=1.0)
    assert with_small["layout"]["scene"]["xaxis"]["range"][1] >= math.sqrt(3) * 1.05 - 1e-9  # the image shows
    assert with_small["layout"]["scene"]["aspectmode"] == "cube"
    titles = [small["layout"]["scene"][f"{a}axis"]["title"]["text"] for a in "xyz"]
    assert titles == [EN("axis.x1"), EN("axis.x2"), EN("axis.x3")]


def test_the_target_sets_at_eps_zero_are_drawn_dotted():
    for n, key, radius in ((2, "l2", 1.0), (2, "rms", math.sqrt(2)), (3, "l2", 1.0), (3, "rms", math.sqrt(3))):
        *_, fig = build_morph(n, key, fold=False, stretch=False)
        target = trace(fig, "target")
        assert target["line"]["dash"] == "dot"
        np.testing.assert_allclose(np.linalg.norm(finite(points(target, n)), axis=1), radius, rtol=1e-6)
    *_, ln2 = build_morph(2, "ln", fold=False, stretch=False)
    np.testing.assert_allclose(points(trace(ln2, "target"), 2), [[1, -1], [-1, 1]])
    assert np.allclose(points(trace(ln2, "zero_mean"), 2).sum(axis=1), 0)
    *_, ln3 = build_morph(3, "ln", fold=False, stretch=False)
    circle = points(trace(ln3, "target"), 3)
    np.testing.assert_allclose(circle.sum(axis=1), 0, atol=1e-6)
    np.testing.assert_allclose(np.linalg.norm(circle, axis=1), math.sqrt(3), rtol=1e-6)
    plane = trace(ln3, "zero_mean")
    assert plane["type"] == "mesh3d" and np.allclose(coords(plane, "x") + coords(plane, "y") + coords(plane, "z"), 0)


# --- the fold -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n, key, eps", [(2, "ln", 0.0), (3, "ln", 0.0), (2, "rms", 0.0), (3, "l2", 0.0)])
def test_the_ringed_grid_points_are_the_folds_vertices(n, key, eps):
    _, gf, _, fig = build_morph(n, key, eps, x=(1.0, 0.5) if n == 2 else (1.5, 0.0, -1.5))
    assert len(gf.vertices) > 0
    np.testing.assert_array_equal(points(trace(fig, "fold_vertices"), n), gf.vertices)
    assert trace(fig, "fold_vertices")["marker"]["symbol"] == "circle-open"
    np.testing.assert_array_equal(points(trace(fig, "fold_x"), n), [gf.fold.x])
    np.testing.assert_allclose(points(trace(fig, "fold_output"), n), [gf.fold.output])


def test_the_fibre_is_drawn_as_its_kind_says():
    half = 3.15
    # ray: from the origin through x to the view's edge, every point of it in the fibre
    _, gf, _, fig = build_morph(2, "rms", 0.0)
    assert gf.fold.kind == "ray"
    seg = points(trace(fig, "fold_fibre"), 2)
    np.testing.assert_allclose(seg[0], 0.0)
    assert gf.fold.contains(seg[1:]).all() and np.isclose(np.max(np.abs(seg[1])), fig["layout"]["xaxis"]["range"][1])
    # ray beyond ε: L2 with ε > 0 starts at radius ε
    f = warp.fold("l2", (1.5, 0.5, -1.0), eps=0.5)
    assert f.kind == "ray_beyond"
    seg = fibre_segment(f, half)
    assert np.isclose(np.linalg.norm(seg[0]), 0.5) and f.contains(seg).all()
    # line: x + c·𝟏 across the view
    f = warp.fold("ln", (1.5, 0.5, -1.0), eps=1e-5)
    assert f.kind == "line"
    seg = fibre_segment(f, half)
    assert f.contains(seg).all() and np.isclose(np.max(np.abs(seg)), half)
    # half-plane: the side of x₁ = x₂ that x is on (2D), a patch of {a·x + c·𝟏} in the cube (3D)
    _, _, _, fig = build_morph(2, "ln", 0.0)
    region = trace(fig, "fold_fibre")
    assert region["fill"] == "toself"
    corners = points(region, 2)
    assert np.all(corners[:, 0] - corners[:, 1] >= -1e-12) and np.all(np.abs(corners) <= 3.15 * 1.0001 + 1e-9)
    patch = half_plane(X[3], half)
    assert np.all(np.abs(patch) <= half + 1e-9) and len(patch) >= 3
    centred = patch - patch.mean(axis=1, keepdims=True)
    x = np.asarray(X[3]) - np.mean(X[3])
    np.testing.assert_allclose(centred - np.outer(centred @ x / (x @ x), x), 0, atol=1e-9)  # centred: along x
    assert np.all(centred @ x >= -1e-9)
    _, _, _, fig3 = build_morph(3, "ln", 0.0)
    assert trace(fig3, "fold_fibre")["type"] == "mesh3d"


def test_a_point_or_undefined_fibre_draws_only_x():
    _, gf, _, fig = build_morph(2, "rms", eps=1e-6)
    assert gf.fold.kind == "point"
    roles = {tr["meta"] for tr in fig["data"]}
    assert "fold_fibre" not in roles and {"fold_x", "fold_output"} <= roles
    _, gf, _, fig = build_morph(2, "ln", x=(1.0, 1.0))
    assert gf.fold.kind == "undefined"
    roles = {tr["meta"] for tr in fig["data"]}
    assert "fold_x" in roles and not roles & {"fold_fibre", "fold_output", "fold_vertices"}


# --- the stretch ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("n, key", [(2, "rms"), (2, "ln"), (3, "l2"), (3, "ln")])
def test_the_dashed_curve_is_the_linearised_image_and_the_solid_one_the_true_image(n, key):
    *_, ls, fig = build_morph(n, key, eps=None)
    linear, true = trace(fig, "stretch_linear"), trace(fig, "stretch_true")
    assert linear["line"]["dash"] == "dash" and true["line"]["dash"] == "solid"
    np.testing.assert_allclose(finite(points(linear, n)), ls.linear_image, rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(finite(points(true, n)), ls.true_image, rtol=1e-6, atol=1e-6)
    small = finite(points(trace(fig, "stretch_input"), n))
    np.testing.assert_allclose(np.linalg.norm(small - ls.x, axis=1), ls.radius, rtol=1e-5)
    if n == 3:  # the sphere as latitude rings, a gap after each
        assert np.isnan(points(linear, 3)).all(axis=1).sum() > 3


# --- the ellipsoid --------------------------------------------------------------------------------------


def _segments(tr: dict) -> np.ndarray:
    rows = points(tr, 3)
    return rows[np.all(np.isfinite(rows), axis=1)].reshape(-1, 2, 3)


@pytest.mark.parametrize(
    "gamma", [(2.0, 1.0, 0.5), (1.0, 0.0, 2.0), (2.0, 0.0, 0.0), (2.0, 1.0, 0.5, 1.5), (1.0, 1.0, 1.0, 1.0)]
)
def test_the_axes_segments_have_the_ellipsoids_lengths_and_are_labelled(gamma):
    ell, samples, _, fig = build_ellipsoid(gamma, beta=(0.5,) + (0.0,) * (len(gamma) - 1))
    seg = _segments(trace(fig, "ell_axes"))
    np.testing.assert_allclose(np.linalg.norm(seg[:, 1] - seg[:, 0], axis=1) / 2, ell.lengths, atol=1e-12)
    centre = ell.beta if ell.n == 3 else np.zeros(3)
    np.testing.assert_allclose(seg.mean(axis=1), np.tile(centre, (len(seg), 1)), atol=1e-12)
    assert trace(fig, "ell_axis_labels")["text"] == [decimals(v, 2) for v in ell.lengths]
    np.testing.assert_allclose(points(trace(fig, "ell_beta"), 3), [centre])


def test_n3_outputs_close_their_curve_in_the_plane_through_beta():
    ell, samples, cloud, fig = build_ellipsoid((2.0, 1.0, 0.5), beta=(0.5, 0.0, -0.5))
    curve = points(trace(fig, "ell_outputs"), 3)
    np.testing.assert_allclose(curve[:-1], samples)
    np.testing.assert_allclose(curve[-1], curve[0])
    plane = points(trace(fig, "ell_plane"), 3)
    np.testing.assert_allclose((plane - ell.beta) @ ell.normal, 0.0, atol=1e-12)
    np.testing.assert_allclose(points(trace(fig, "ell_cloud"), 3), cloud)
    # γ₂ = γ₃ = 0: an axis of length 0, and still a plane (any orthonormal pair ⟂ the normal)
    ell0, *_, fig0 = build_ellipsoid((2.0, 0.0, 0.0))
    assert ell0.lengths[-1] < 1e-12
    patch = points(trace(fig0, "ell_plane"), 3)
    np.testing.assert_allclose(patch @ ell0.normal, 0.0, atol=1e-12)
    assert np.linalg.matrix_rank(patch - patch[0], tol=1e-9) == 2


def test_n4_is_drawn_in_the_axes_coordinates_and_says_so():
    ell, samples, cloud, fig = build_ellipsoid((2.0, 1.0, 0.5, 1.5))
    np.testing.assert_allclose(points(trace(fig, "ell_outputs"), 3), ell.coordinates(samples))
    np.testing.assert_allclose(points(trace(fig, "ell_cloud"), 3), ell.coordinates(cloud))
    seg = _segments(trace(fig, "ell_axes"))
    np.testing.assert_allclose(np.abs(seg[:, 1]), np.diag(ell.lengths), atol=1e-12)  # along the coordinate axes
    titles = [fig["layout"]["scene"][f"{a}axis"]["title"]["text"] for a in "xyz"]
    assert titles == [EN("warp.fig.ell.coord", sub=s, k=k) for k, s in ((1, "₁"), (2, "₂"), (3, "₃"))]


# --- the surface fraction -------------------------------------------------------------------------------


def test_the_fraction_is_drawn_against_log_eps_with_the_current_eps_marked():
    eps, fractions, fig = build_fraction(current=0.01)
    curve = trace(fig, "fraction")
    np.testing.assert_allclose(coords(curve, "x"), eps)
    np.testing.assert_allclose(coords(curve, "y"), fractions)
    assert fig["layout"]["xaxis"]["type"] == "log"
    current = trace(fig, "current")
    assert np.all(coords(current, "x") == 0.01)
    want = np.interp(-2.0, np.log10(eps), fractions)
    assert np.isclose(coords(current, "y")[-1], want)
    *_, none = build_fraction(current=0.0)  # ε = 0 has no place on a log axis: nothing marked
    assert [tr["meta"] for tr in none["data"]] == ["fraction"]
    zero = surface_fraction_figure([0.0, 1e-3, 1e-1], [1.0, 0.9, 0.1], EN, projector=False)
    np.testing.assert_allclose(coords(trace(zero, "fraction"), "x"), [1e-3, 1e-1])


# --- both languages, projector, payload -----------------------------------------------------------------


def _all_figures(t, projector=False):
    return [
        build_morph(2, "ln", t=t, projector=projector)[3],
        build_morph(3, "l2", eps=None, t=t, projector=projector)[3],
        build_ellipsoid((2.0, 1.0, 0.5), t=t, projector=projector)[3],
        build_ellipsoid((2.0, 1.0, 0.5, 1.5), t=t, projector=projector)[3],
        build_fraction(t, projector=projector)[2],
    ]


def test_both_languages_name_every_trace_and_title():
    for en, zh in zip(_all_figures(EN), _all_figures(ZH)):
        for a, b in zip(en["data"], zh["data"]):
            assert a["meta"] == b["meta"] and a["name"] and b["name"]
            assert "warp.fig" not in a["name"] + b["name"]
        own = [(a["name"], b["name"]) for a, b in zip(en["data"], zh["data"]) if a["meta"] not in ("fold_output",)]
        assert sum(a != b for a, b in own) >= len(own) - 1  # translated (proper names aside)
        assert en["layout"]["title"]["text"] != zh["layout"]["title"]["text"]


def test_projector_mode_uses_larger_type_lines_and_markers():
    for screen, big in zip(_all_figures(EN), _all_figures(EN, projector=True)):
        assert big["layout"]["font"]["size"] > screen["layout"]["font"]["size"]
        for a, b in zip(screen["data"], big["data"]):
            if "line" in a and isinstance(a["line"].get("width"), (int, float)) and a["line"]["width"] > 0:
                assert b["line"]["width"] > a["line"]["width"], a["meta"]
            if isinstance((a.get("marker") or {}).get("size"), (int, float)):
                assert b["marker"]["size"] > a["marker"]["size"], a["meta"]


def test_morph_payloads_stay_small():
    *_, big = build_morph(3, "l2", grid={})  # 147 lines × 41 points × 21 frames
    assert len(json.dumps(packed(big, strict=True))) < 1_000_000  # what the page sends
    *_, page = build_morph(3, "ln")
    assert len(json.dumps(packed(page, strict=True))) < 700_000
    *_, plane = build_morph(2, "rms")
    assert len(json.dumps(packed(plane, strict=True))) < 250_000
