import json
import math

import numpy as np
import plotly.graph_objects as go
import pytest

from normviz import geometry as geo
from normviz.figures._style import COLORS
from normviz.figures.projection import PLANE, View, projection_figure
from normviz.figures.projection import STEPS as ANIMATION_STEPS
from normviz.i18n import Translator
from tests.helpers.pages import finite_points, role


def build(lang="en", projector=False, extent=10.5, **scene_kw):
    scene = geo.Scene(**{"x": (3.0, 4.0), **scene_kw})
    return plane_figure(scene, geo.project(scene), lang=lang, projector=projector, extent=extent)


def plane_figure(scene, proj, *, lang, projector=False, extent=10.5):
    """The engine's dict, loaded by go.Figure: this proves it valid plotly and gives attribute access."""
    return go.Figure(
        projection_figure(scene, proj, Translator(lang), kit=PLANE, projector=projector, view=View(extent))
    )


def test_ln_points_lie_on_the_zero_mean_line_and_the_sqrt2_circle():
    pts = finite_points(role(build(), "ln_points"))
    assert len(pts) == 2
    np.testing.assert_allclose(pts.sum(axis=1), 0.0)
    np.testing.assert_allclose(np.linalg.norm(pts, axis=1), math.sqrt(2))


def test_reference_circles_have_radius_one_and_sqrt2():
    fig = build()
    np.testing.assert_allclose(np.linalg.norm(finite_points(role(fig, "circle_unit")), axis=1), 1.0)
    np.testing.assert_allclose(np.linalg.norm(finite_points(role(fig, "circle_sqrt_n")), axis=1), math.sqrt(2))
    line = finite_points(role(fig, "zero_mean_line"))
    np.testing.assert_allclose(line.sum(axis=1), 0.0)


def test_arrows_start_at_the_origin_and_end_at_the_outputs():
    scene = geo.Scene(x=(3.0, 4.0), eps=0.0)
    proj = geo.project(scene)
    fig = plane_figure(scene, proj, lang="en")
    for method in ("l2", "rms", "ln"):
        pts = finite_points(role(fig, f"arrow_{method}"))
        np.testing.assert_allclose(pts[0], [0.0, 0.0])
        np.testing.assert_allclose(pts[-1], proj.outputs[method])
    np.testing.assert_allclose(finite_points(role(fig, "arrow_l2"))[-1], [0.6, 0.8])
    np.testing.assert_allclose(finite_points(role(fig, "arrow_input"))[-1], [3.0, 4.0])


def test_decomposition_goes_from_origin_to_mu1_then_to_x():
    pts = finite_points(role(build(), "decomposition"))
    np.testing.assert_allclose(pts, [[0, 0], [3.5, 3.5], [3.5, 3.5], [3.0, 4.0]])


def test_ray_passes_through_x():
    ray = finite_points(role(build(), "ray"))
    direction = ray[1] / np.linalg.norm(ray[1])
    np.testing.assert_allclose(direction, [0.6, 0.8])


def test_one_colour_per_method():
    fig = build()
    for method in ("l2", "rms", "ln"):
        assert role(fig, f"arrow_{method}").line.color == COLORS[method]
    assert role(fig, "arrow_input").line.color == COLORS["input"]
    assert len({COLORS[m] for m in ("input", "l2", "rms", "ln")}) == 4


def test_axes_are_fixed_equal_aspect_and_titled_in_the_language():
    en, zh = build(lang="en", extent=5.0), build(lang="zh", extent=5.0)
    assert list(en.layout.xaxis.range) == [-5.0, 5.0] == list(en.layout.yaxis.range)
    assert en.layout.yaxis.scaleanchor == "x" and en.layout.yaxis.scaleratio == 1
    assert "dimension 1" in en.layout.xaxis.title.text
    assert "第 1 维" in zh.layout.xaxis.title.text
    assert role(zh, "ln_points").name != role(en, "ln_points").name
    assert en.layout.showlegend is not False


def test_axis_range_does_not_depend_on_x():
    a, b = build(x=(3.0, 4.0)), build(x=(-1.0, 2.0))
    assert list(a.layout.xaxis.range) == list(b.layout.xaxis.range)


def test_toggles_remove_method_arrows():
    fig = build(shown=frozenset({"ln"}))
    metas = [t.meta for t in fig.data]
    assert "arrow_ln" in metas and "arrow_l2" not in metas and "arrow_rms" not in metas


def test_affine_draws_rms_reach_as_the_ellipse_and_ln_reach_as_two_points():
    fig = build(gamma=(2.0, 0.5), beta=(1.0, -1.0))
    rms = finite_points(role(fig, "ellipse_rms"))
    # x^2/(2*gamma1^2) + y^2/(2*gamma2^2) = 1 on the ellipse gamma * (sqrt2 circle): RMSNorm's colour
    np.testing.assert_allclose(rms[:, 0] ** 2 / 8 + rms[:, 1] ** 2 / 0.5, 1.0, rtol=1e-6)  # float32 curve
    assert role(fig, "ellipse_rms").line.color == COLORS["rms"]
    # LayerNorm reaches only gamma * (+-(1, -1)) + beta, never the rest of an ellipse
    np.testing.assert_allclose(finite_points(role(fig, "ln_points_affine")), [[3.0, -1.5], [-1.0, -0.5]])
    assert "ellipse_ln" not in [t.meta for t in fig.data]
    assert "ellipse_rms" not in [t.meta for t in build().data]


def test_ln_reach_at_positive_eps_is_the_segment_between_the_two_points():
    scene = geo.Scene(x=(3.0, 4.0), eps=1.0)
    proj = geo.project(scene)
    fig = plane_figure(scene, proj, lang="en")
    segment = finite_points(role(fig, "ln_inner_reach"))
    np.testing.assert_allclose(segment, [[1.0, -1.0], [-1.0, 1.0]])
    np.testing.assert_allclose(proj.outputs["ln"], [-1 / math.sqrt(5), 1 / math.sqrt(5)])  # (3,4) at eps = 1
    assert "ln_inner_reach" not in [
        t.meta for t in plane_figure(geo.Scene(x=(3.0, 4.0), eps=0.0), proj, lang="en").data
    ]


def test_animation_frames_move_ln_onto_the_line_then_the_circle():
    scene = geo.Scene(x=(3.0, 4.0), eps=0.0)
    fig = plane_figure(scene, geo.project(scene), lang="en")
    assert len(fig.frames) == 2 * ANIMATION_STEPS + 1  # no affine stage without gamma/beta
    ln_index = [t.meta for t in fig.data].index("moving_ln")
    tips = []
    for frame in fig.frames:
        trace = frame.data[list(frame.traces).index(ln_index)]
        tips.append([trace.x[-1], trace.y[-1]])
    tips = np.array(tips)
    np.testing.assert_allclose(tips[0], [3.0, 4.0])
    np.testing.assert_allclose(tips[ANIMATION_STEPS].sum(), 0.0, atol=1e-12)  # on x1 + x2 = 0
    np.testing.assert_allclose(tips[-1], [-1.0, 1.0])
    # step 1 moves along -1: both coordinates drop by the same amount
    steps = np.diff(tips[: ANIMATION_STEPS + 1], axis=0)
    np.testing.assert_allclose(steps[:, 0], steps[:, 1])


def test_play_button_and_step_slider_animate_in_the_browser():
    fig = build(lang="zh")
    buttons = fig.layout.updatemenus[0].buttons
    assert [b.method for b in buttons] == ["animate", "animate"]
    assert "播放" in buttons[0].label
    steps = fig.layout.sliders[0].steps  # one named step per stage: x, ① centre, ② scale
    assert [s.args[0][0] for s in steps] == [f"f{k}" for k in range(0, len(fig.frames), ANIMATION_STEPS)]
    assert all(s.label for s in steps)


def test_affine_adds_a_third_animation_stage():
    assert len(build(gamma=(2.0, 1.0)).frames) == 3 * ANIMATION_STEPS + 1


def test_projector_mode_uses_larger_type_and_thicker_lines():
    screen, room = build(projector=False), build(projector=True)
    assert room.layout.font.size > screen.layout.font.size
    assert role(room, "arrow_ln").line.width > role(screen, "arrow_ln").line.width


def test_zero_vector_at_eps_zero_draws_no_nan_arrows():
    scene = geo.Scene(x=(0.0, 0.0), eps=0.0)
    fig = plane_figure(scene, geo.project(scene), lang="en")
    assert len(role(fig, "arrow_ln").x) == 0
    json.loads(fig.to_json())  # serialisable


def test_default_figure_is_small():
    size = len(build().to_json())
    assert size < 150_000, size


def test_default_fitted_view_frames_the_circles_and_points_to_an_x_outside():
    from normviz.figures.projection import fit_extent

    scene = geo.Scene(x=(3.0, 4.0), eps=0.0, gamma=(1.0, 1.0), beta=(0.0, 0.0), shown=frozenset({"l2", "rms", "ln"}))
    e = fit_extent(scene)
    assert e == pytest.approx(1.2 * math.sqrt(2))  # the √2 circle fills most of the view, not a ±10 box
    fig = plane_figure(scene, geo.project(scene), lang="en", extent=e)
    assert list(fig.layout.xaxis.range) == pytest.approx([-e, e])
    edge = next(tr for tr in fig.data if tr.meta == "x_offscreen")
    assert edge.showlegend is False
    # from 0.82 of the way to the edge of the box to the edge, along the ray towards (3, 4)
    np.testing.assert_allclose([edge.x[1], edge.y[1]], [0.75 * e, e])
    np.testing.assert_allclose([edge.x[0], edge.y[0]], [0.82 * 0.75 * e, 0.82 * e])
    # labelled "x" at its tail, beside the shaft that runs up and right (below, to the right of it), not clipped
    assert "text" in edge.mode and list(edge.text) == ["x", "", ""]
    assert edge.textposition == "bottom right" and edge.cliponaxis is False
    inside = plane_figure(scene, geo.project(scene), lang="en", extent=10.5)
    assert len(next(tr for tr in inside.data if tr.meta == "x_offscreen").x) == 0


def test_without_guides_the_plane_draws_x_alone_on_the_same_axes():
    """A prediction before its reveal: no circle, line, point, ray, decomposition or animation shows the answer."""
    scene = geo.Scene(x=(3.0, 4.0), eps=0.0, shown=frozenset({"rms"}))
    proj = geo.project(scene)
    full = go.Figure(projection_figure(scene, proj, Translator("en"), kit=PLANE, view=View(5.25)))
    bare = go.Figure(projection_figure(scene, proj, Translator("en"), kit=PLANE, view=View(5.25), guides=False))
    assert {t.meta for t in bare.data} == {"arrow_input", "x_offscreen"}
    assert not bare.frames and not bare.layout.sliders and not bare.layout.updatemenus
    np.testing.assert_allclose(finite_points(role(bare, "arrow_input"))[-1], [3.0, 4.0])
    assert bare.layout.xaxis.range == full.layout.xaxis.range and bare.layout.yaxis.range == full.layout.yaxis.range
    assert {"circle_sqrt_n", "circle_unit", "zero_mean_line", "ln_points", "ray", "decomposition"} <= {
        t.meta for t in full.data
    }


@pytest.mark.parametrize(
    ("shown", "affine", "stages"),
    [
        ({"l2"}, False, ["scale"]),
        ({"rms"}, False, ["scale"]),
        ({"l2", "rms"}, True, ["scale", "affine"]),
        ({"l2"}, True, ["scale"]),
        ({"ln"}, False, ["center", "scale"]),
        ({"l2", "rms", "ln"}, True, ["center", "scale", "affine"]),
        (set(), False, []),
    ],
)
def test_the_animation_has_only_the_stages_the_shown_methods_go_through(shown, affine, stages):
    """L2 and RMSNorm: one radial rescaling (no mean to remove); LayerNorm adds the centring; γ, β a third
    stage only for a method that has them. The slider numbers the stages in this animation's order."""
    from normviz.figures.projection import CIRCLED
    from normviz.figures.projection import stages as stages_of

    kw = dict(gamma=(2.0, 0.5), beta=(0.5, -1.0)) if affine else {}
    scene = geo.Scene(x=(3.0, 4.0), eps=0.0, shown=frozenset(shown), **kw)
    fig = plane_figure(scene, geo.project(scene), lang="en")
    assert list(stages_of(scene)) == stages
    assert len(fig.frames) == (ANIMATION_STEPS * len(stages) + 1 if stages else 0)
    t = Translator("en")
    labels = [s.label for s in fig.layout.sliders[0].steps] if stages else []
    assert labels == (
        [t("proj.step.start")] + [t(f"proj.step.{s}", n=CIRCLED[j]) for j, s in enumerate(stages)] if stages else []
    )
    if stages:  # every frame's points end where the method puts x
        proj = geo.project(scene)
        for i, m in enumerate(m for m in ("l2", "rms", "ln") if m in shown):
            last = fig.frames[-1].data[i]
            np.testing.assert_allclose([last.x[-1], last.y[-1]], proj.outputs[m], atol=1e-8)
