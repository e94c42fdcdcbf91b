"""The 3D space figure: surfaces, LayerNorm's circle, arrows, camera presets, animation frames."""

import json
import math
from collections import Counter

import numpy as np
import plotly.graph_objects as go
import pytest

from normviz import geometry as geo
from normviz.figures._style import COLORS
from normviz.figures.projection import CAMERAS, SPACE, View, projection_figure, surface
from normviz.figures.projection import STEPS as ANIMATION_STEPS
from normviz.i18n import Translator
from tests.helpers.pages import finite_points, role


def build(
    lang="en", projector=False, extent=5.25, camera_preset="oblique", surfaces=("unit", "sqrt3", "plane"), **scene_kw
):
    scene = geo.Scene(**{"x": (1.0, 2.0, 3.0), **scene_kw})
    return space_figure(
        scene,
        geo.project(scene),
        lang=lang,
        projector=projector,
        extent=extent,
        camera_preset=camera_preset,
        surfaces=surfaces,
    )


def space_figure(
    scene, proj, *, lang, projector=False, extent=5.25, camera_preset="oblique", surfaces=("unit", "sqrt3", "plane")
):
    """The engine's dict, loaded by go.Figure: this proves it valid plotly and gives attribute access."""
    view = View(extent, camera=camera_preset, surfaces=tuple(surfaces))
    return go.Figure(projection_figure(scene, proj, Translator(lang), kit=SPACE, projector=projector, view=view))


def test_layer_norm_circle_lies_on_the_plane_and_the_sqrt3_sphere():
    pts = finite_points(role(build(), "ln_circle"))
    assert len(pts) > 100
    assert np.max(np.abs(pts.sum(axis=1))) < 1e-9
    assert np.max(np.abs(np.linalg.norm(pts, axis=1) - math.sqrt(3))) < 1e-9


def test_spheres_have_radius_one_and_sqrt3_and_the_plane_patch_has_zero_sum():
    fig = build()
    for meta, radius in (("sphere_unit", 1.0), ("sphere_sqrt_n", math.sqrt(3))):
        tr = role(fig, meta)
        r = np.sqrt(np.asarray(tr.x, float) ** 2 + np.asarray(tr.y, float) ** 2 + np.asarray(tr.z, float) ** 2)
        np.testing.assert_allclose(r, radius, rtol=1e-6)  # float32 mesh: display precision
        assert 0 < tr.opacity < 0.5  # translucent
    plane = role(fig, "zero_mean_plane")
    np.testing.assert_allclose(np.asarray(plane.x) + np.asarray(plane.y) + np.asarray(plane.z), 0.0)
    assert plane.opacity < 0.5


def test_arrows_start_at_the_origin_and_end_at_the_computed_outputs():
    scene = geo.Scene(x=(1.0, 2.0, 3.0), eps=0.0)
    proj = geo.project(scene)
    fig = space_figure(scene, proj, lang="en")
    for method in ("l2", "rms", "ln"):
        pts = finite_points(role(fig, f"arrow_{method}"))
        np.testing.assert_allclose(pts[0], 0.0)
        np.testing.assert_allclose(pts[-1], proj.outputs[method])
        head = role(fig, f"arrow_{method}_head")  # the cone's tip is the arrow's end
        np.testing.assert_allclose([head.x[0], head.y[0], head.z[0]], proj.outputs[method])
        assert head.anchor == "tip"
    np.testing.assert_allclose(finite_points(role(fig, "arrow_ln"))[-1], [-math.sqrt(1.5), 0.0, math.sqrt(1.5)])
    np.testing.assert_allclose(finite_points(role(fig, "arrow_input"))[-1], [1.0, 2.0, 3.0])


def test_decomposition_goes_from_origin_to_mu1_then_to_x():
    pts = finite_points(role(build(), "decomposition"))
    np.testing.assert_allclose(pts, [[0, 0, 0], [2, 2, 2], [2, 2, 2], [1, 2, 3]])


def test_ray_and_ones_line_stay_in_the_view_box():
    fig = build(x=(101.0, 102.0, 103.0), extent=5.25)
    ray = finite_points(role(fig, "ray"))
    assert np.max(np.abs(ray)) == pytest.approx(5.25)
    np.testing.assert_allclose(np.cross(ray[1], [101.0, 102.0, 103.0]), 0.0, atol=1e-9)  # along x
    np.testing.assert_allclose(finite_points(role(fig, "ones_line")), [[-5.25] * 3, [5.25] * 3])


def test_surfaces_can_be_switched_off():
    metas = [t.meta for t in build(surfaces=("plane",)).data]
    assert "zero_mean_plane" in metas and "sphere_unit" not in metas and "sphere_sqrt_n" not in metas
    assert "ln_circle" in metas  # the circle stays: it is what LayerNorm can reach


def test_one_colour_per_method_and_translated_names():
    en, zh = build(lang="en"), build(lang="zh")
    for method in ("l2", "rms", "ln"):
        assert role(en, f"arrow_{method}").line.color == COLORS[method]
    assert role(en, "arrow_input").line.color == COLORS["input"]
    assert role(en, "ln_circle").name != role(zh, "ln_circle").name
    assert "dimension 3" in en.layout.scene.zaxis.title.text
    assert "第 3 维" in zh.layout.scene.zaxis.title.text


def test_axis_ranges_and_camera_do_not_depend_on_x():
    a, b = build(x=(1.0, 2.0, 3.0)), build(x=(-4.0, 0.5, 2.0), gamma=(2.0, 1.0, 1.0))
    for axis in ("xaxis", "yaxis", "zaxis"):
        assert list(a.layout.scene[axis].range) == [-5.25, 5.25] == list(b.layout.scene[axis].range)
    assert a.layout.scene.aspectmode == "cube"
    assert a.layout.scene.camera == b.layout.scene.camera
    assert a.layout.scene.uirevision == b.layout.scene.uirevision


def test_camera_presets_look_along_1_and_edge_on():
    along = build(camera_preset="along").layout.scene.camera.eye
    eye = np.array([along.x, along.y, along.z])
    np.testing.assert_allclose(eye / np.linalg.norm(eye), np.ones(3) / math.sqrt(3))  # the plane face-on
    edge = build(camera_preset="edge").layout.scene.camera
    eye = np.array([edge.eye.x, edge.eye.y, edge.eye.z])
    assert abs(eye.sum()) < 1e-12  # the eye lies in the plane: the plane is seen as a line
    up = np.array([edge.up.x, edge.up.y, edge.up.z])
    np.testing.assert_allclose(np.cross(up, np.ones(3)), 0.0)  # 1 points up
    oblique = build().layout.scene
    assert oblique.uirevision != build(camera_preset="edge").layout.scene.uirevision  # a preset resets the view
    assert set(CAMERAS) == {"oblique", "along", "edge"}


def test_animation_moves_ln_along_minus_1_into_the_plane_then_radially_to_the_circle():
    scene = geo.Scene(x=(1.0, 2.0, 3.0), eps=0.0)
    fig = space_figure(scene, geo.project(scene), lang="en")
    assert len(fig.frames) == 2 * ANIMATION_STEPS + 1
    index = [t.meta for t in fig.data].index("moving_ln")
    tips = np.array([[f.data[list(f.traces).index(index)][c][-1] for c in "xyz"] for f in fig.frames])
    np.testing.assert_allclose(tips[0], [1, 2, 3])
    steps = np.diff(tips[: ANIMATION_STEPS + 1], axis=0)
    np.testing.assert_allclose(steps, np.repeat(steps[:, :1], 3, axis=1))  # along -1
    np.testing.assert_allclose(tips[ANIMATION_STEPS], [-1, 0, 1], atol=1e-12)  # in the plane: x - mu*1
    second = tips[ANIMATION_STEPS:]
    # frames carry 9 significant digits (display only)
    np.testing.assert_allclose(second.sum(axis=1), 0.0, atol=1e-7)  # stays in the plane
    np.testing.assert_allclose(np.cross(second, [-1, 0, 1]), 0.0, atol=1e-7)  # radially
    np.testing.assert_allclose(tips[-1], [-math.sqrt(1.5), 0, math.sqrt(1.5)])
    rms = [t.meta for t in fig.data].index("moving_rms")
    rtips = np.array([[f.data[list(f.traces).index(rms)][c][-1] for c in "xyz"] for f in fig.frames])
    np.testing.assert_allclose(np.cross(rtips, [1, 2, 3]), 0.0, atol=1e-7)  # RMSNorm slides along the ray


def test_affine_draws_the_ellipsoids_and_a_third_stage():
    gamma, beta = (2.0, 1.0, 0.5), (0.5, 0.0, -0.5)
    fig = build(gamma=gamma, beta=beta)
    assert len(fig.frames) == 3 * ANIMATION_STEPS + 1
    ell = role(fig, "ellipsoid_rms")  # RMSNorm's reach: gamma ⊙ sphere (RMSNorm has no beta)
    p = np.column_stack(
        [np.asarray(ell.x, float).ravel(), np.asarray(ell.y, float).ravel(), np.asarray(ell.z, float).ravel()]
    )
    np.testing.assert_allclose(np.sum((p / gamma) ** 2, axis=1), 3.0, rtol=1e-5)
    ellipse = finite_points(role(fig, "ln_circle_affine"))  # LayerNorm's reach: its circle, mapped
    back = (ellipse - beta) / gamma
    assert np.max(np.abs(back.sum(axis=1))) < 1e-6  # float32 display curve
    np.testing.assert_allclose(np.linalg.norm(back, axis=1), math.sqrt(3), rtol=1e-6)
    assert "ellipsoid_ln" not in [t.meta for t in fig.data]  # LayerNorm cannot land on the ellipsoid


def test_nan_outputs_draw_no_arrow():
    fig = build(x=(0.0, 0.0, 0.0), eps=0.0)
    assert len(finite_points(role(fig, "arrow_ln"))) == 0
    assert len(role(fig, "arrow_ln_head").x) == 0


def test_play_button_step_slider_and_projector_sizes():
    fig = build(lang="zh")
    assert [b.method for b in fig.layout.updatemenus[0].buttons] == ["animate", "animate"]
    assert "播放" in fig.layout.updatemenus[0].buttons[0].label
    steps = fig.layout.sliders[0].steps  # one named step per stage: x, ① centre, ② scale
    assert [s.args[0][0] for s in steps] == [f"f{k}" for k in range(0, len(fig.frames), ANIMATION_STEPS)]
    assert all(s.label for s in steps)
    # bottom left, beside the slider: the 3D modebar (top right, on hover) must not cover them
    assert fig.layout.updatemenus[0].x == 0.0 and fig.layout.updatemenus[0].y == 0.0
    assert fig.layout.sliders[0].x >= 0.25
    big = build(projector=True)
    assert big.layout.font.size > fig.layout.font.size
    assert role(big, "arrow_ln").line.width > role(fig, "arrow_ln").line.width


def test_default_scene_figure_is_at_most_300_kb():
    size = len(build().to_json())
    assert size <= 300_000, size
    assert len(json.loads(build().to_json())["data"]) <= 25  # few traces


def test_rejects_a_vector_that_is_not_3d():
    scene = geo.Scene(x=(1.0, 2.0))
    with pytest.raises(ValueError, match="3 components"):
        space_figure(scene, geo.project(scene), lang="en")


def test_3d_ticks_are_few_round_and_clear_of_the_corners():
    for extent in (1.2 * math.sqrt(3), 2.625, 5.25, 10.5, 131.25):
        fig = build(extent=extent)
        ticks = list(fig.layout.scene.xaxis.tickvals)
        assert 3 <= len(ticks) <= 5 and ticks == sorted(ticks) and 0.0 in ticks
        assert max(abs(v) for v in ticks) <= 0.85 * extent
        assert ticks == [-v for v in reversed(ticks)]


def test_fitted_view_and_the_arrow_towards_an_x_outside_it():
    from normviz.figures.projection import fit_extent, offscreen_tip

    far = geo.Scene(x=(1.0, 2.0, 3.0), eps=0.0, gamma=(1.0,) * 3, beta=(0.0,) * 3, shown=frozenset({"l2"}))
    assert fit_extent(far) == pytest.approx(1.2 * math.sqrt(3))
    affine = geo.Scene(x=(1.0, 2.0, 3.0), eps=0.0, gamma=(2.0, 1.0, 1.0), beta=(0.0, 0.0, -0.5), shown=frozenset())
    assert fit_extent(affine) == pytest.approx(1.2 * (2 * math.sqrt(3) + 0.5))  # every reachable output inside
    e = fit_extent(far)
    np.testing.assert_allclose(offscreen_tip(far.x, e), np.array([1.0, 2.0, 3.0]) * e / 3.0)
    assert offscreen_tip((0.1, 0.2, 0.3), e) is None
    fig = space_figure(far, geo.project(far), lang="en", extent=e)
    roles = [tr.meta for tr in fig.data]
    assert "x_offscreen" in roles and "x_offscreen_head" in roles
    head = fig.data[roles.index("x_offscreen_head")]
    np.testing.assert_allclose([head.x[0], head.y[0], head.z[0]], offscreen_tip(far.x, e))


def test_without_guides_the_space_draws_x_alone():
    """A prediction before its reveal: no sphere, plane, circle, line through 𝟏, ray or decomposition."""
    scene = geo.Scene(x=(2.0, 4.0, 6.0), eps=0.0, shown=frozenset({"ln"}))
    proj = geo.project(scene)
    bare = go.Figure(projection_figure(scene, proj, Translator("zh"), kit=SPACE, view=View(5.25), guides=False))
    assert {t.meta for t in bare.data} == {"arrow_input", "arrow_input_head", "x_offscreen", "x_offscreen_head"}
    assert not bare.frames and not bare.layout.sliders
    np.testing.assert_allclose(finite_points(role(bare, "arrow_input"))[-1], [2.0, 4.0, 6.0])
    from normviz.figures.projection import moving_roles

    assert set(moving_roles({"ln"}, 3, guides=False)) == {t.meta for t in bare.data}  # what the browser moves


@pytest.mark.parametrize("rows, cols", [(15, 25), (19, 31), (4, 5)])
def test_a_sphere_is_a_closed_mesh_facing_outward(rows, cols):
    """engine.surface draws geometry.sphere_mesh's grid as triangles: every grid point once (each pole once,
    the seam joined), every edge between exactly two triangles, each triangle's normal pointing outward."""
    trace = surface(geo.sphere_mesh(2.0, rows=rows, cols=cols), role="s", name="s", color="#000000", opacity=0.2)
    assert trace["type"] == "mesh3d"
    points = np.stack([trace["x"], trace["y"], trace["z"]], axis=1).astype(np.float64)
    faces = np.stack([trace["i"], trace["j"], trace["k"]], axis=1)
    assert len(points) == (rows - 2) * (cols - 1) + 2
    np.testing.assert_allclose(np.linalg.norm(points, axis=1), 2.0, rtol=1e-6)
    edges = Counter(tuple(sorted(e)) for f in faces.tolist() for e in ((f[0], f[1]), (f[1], f[2]), (f[2], f[0])))
    assert set(edges.values()) == {2}
    assert len(points) - len(edges) + len(faces) == 2  # Euler: a sphere, no hole and no handle
    a, b, c = (points[faces[:, m]] for m in range(3))
    normals = np.cross(b - a, c - a)
    assert (np.linalg.norm(normals, axis=1) > 0).all()  # no triangle of zero area at the poles
    assert (np.einsum("ij,ij->i", normals, a + b + c) > 0).all()
