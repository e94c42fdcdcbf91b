import json
import math
import time

import numpy as np
import pytest

from tests.helpers.pages import arrow_tips, coords, errors, figures, live_payloads, run_page, text, trace


def tip(at, role):
    return arrow_tips(trace(figures(at)[0], role))[0]


@pytest.mark.parametrize("lang, title", [("en", "Space"), ("zh", "空间")])
def test_page_runs_in_both_languages(lang, title):
    at = run_page("space", lang=lang)
    assert errors(at) == []
    assert title in at.title[0].value
    fig = figures(at)[0]
    assert fig["layout"]["scene"]["zaxis"]["title"]["text"] == ("x₃ (dimension 3)" if lang == "en" else "x₃（第 3 维）")
    assert "(−1.2247, 0.0000, 1.2247)" in text(at)  # LayerNorm of the default (1, 2, 3)
    # the default view fits the spheres (half-width 1.2·√3): (1, 2, 3) lies outside, an arrow labelled x
    # points to it; no message box on the default scene (the label says it)
    assert fig["layout"]["scene"]["xaxis"]["range"] == pytest.approx([-1.2 * math.sqrt(3), 1.2 * math.sqrt(3)])
    assert len(at.info) == 0
    edge = trace(fig, "x_offscreen")
    assert len(arrow_tips(edge)) == 1 and "text" in edge["mode"] and list(edge["text"])[:1] == ["x"]


def test_a_chosen_narrow_view_says_x_is_outside():
    at = run_page("space", view="2.5", x1=5)
    assert errors(at) == []
    assert len(at.info) == 1 and "arrow" in at.info[0].value


def test_moving_a_slider_changes_readouts_and_figure():
    at = run_page("space")
    before = tip(at, "arrow_input")
    at.slider(key="space.x3").set_value(-2.0).run()
    assert errors(at) == []
    np.testing.assert_allclose(tip(at, "arrow_input"), [1.0, 2.0, -2.0])
    assert not np.allclose(before, tip(at, "arrow_input"))
    assert "(1.0000, 2.0000, −2.0000)" in text(at)
    assert at.number_input(key="space.x3.exact").value == -2.0


def test_preset_101_102_103_gives_the_same_layer_norm_and_a_flat_rms_norm():
    at = run_page("space", lang="en")
    at.button(key="space.preset1").click().run()
    assert [at.slider(key=f"space.x{i}").value for i in (1, 2, 3)] == [101.0, 102.0, 103.0]
    page = text(at)
    assert "(−1.2247, 0.0000, 1.2247)" in page  # LayerNorm ignores the offset 100·1
    assert "(0.9902, 1.0000, 1.0098)" in page  # RMSNorm: nearly constant
    assert not at.info  # the fitted view: the arrow at the edge, labelled x, says it
    ray = trace(figures(at)[0], "ray")
    extent = 1.2 * math.sqrt(3)  # the default view fits the spheres
    assert max(abs(coords(ray, c)[1]) for c in "xyz") == pytest.approx(extent)  # clipped to the view box
    edge = arrow_tips(trace(figures(at)[0], "x_offscreen"))[0]
    np.testing.assert_allclose(edge, np.array([101.0, 102.0, 103.0]) * extent / 103.0, rtol=1e-6)


def test_wide_view_shows_far_points_without_a_note():
    at = run_page("space", x1="101", x2="102", x3="103", view="125")
    assert errors(at) == [] and not at.info and not at.warning
    assert figures(at)[0]["layout"]["scene"]["xaxis"]["range"] == [-131.25, 131.25]


def test_camera_preset_changes_the_view_but_not_the_ranges():
    at = run_page("space")
    before = figures(at)[0]["layout"]["scene"]
    at.segmented_control(key="space.camera").set_value("along").run()
    after = figures(at)[0]["layout"]["scene"]
    eye = after["camera"]["eye"]
    assert eye["x"] == pytest.approx(eye["y"]) == pytest.approx(eye["z"])
    assert before["camera"] != after["camera"]
    assert before["xaxis"]["range"] == after["xaxis"]["range"]
    assert any("plane x₁ + x₂ + x₃ = 0 faces you" in c.value for c in at.caption)


def test_surfaces_toggle_removes_spheres():
    at = run_page("space")
    at.pills(key="space.surf").set_value(["plane"]).run()
    metas = [t.get("meta") for t in figures(at)[0]["data"]]
    assert "zero_mean_plane" in metas and "sphere_unit" not in metas and "sphere_sqrt_n" not in metas


def test_url_reproduces_the_scene_with_affine():
    at = run_page("space", x1="3", x2="-1", x3="0.5", eps="0", g1="2", b3="0.5", camera="edge")
    assert errors(at) == [] and not at.warning
    assert at.segmented_control(key="space.camera").value == "edge"
    metas = [t.get("meta") for t in figures(at)[0]["data"]]
    # RMSNorm can reach the whole ellipsoid gamma ⊙ sphere; LayerNorm only the image of its circle
    assert "ellipsoid_rms" in metas and "ln_circle_affine" in metas and "ellipsoid_ln" not in metas
    mu_free = np.array([3.0, -1.0, 0.5]) - 2.5 / 3
    ln = mu_free / math.sqrt(np.mean(mu_free**2)) * [2.0, 1.0, 1.0] + [0.0, 0.0, 0.5]
    np.testing.assert_allclose(tip(at, "arrow_ln"), ln, atol=1e-9)


@pytest.mark.parametrize("bad", ["nan", "1e309", "abc", "1" * 10_000, "-inf", "500"])
def test_hostile_url_values_give_the_default_scene_and_a_warning(bad):
    at = run_page("space", lang="zh", x2=bad)
    assert errors(at) == []
    assert at.slider(key="space.x2").value == 2.0
    assert any("x2" in w.value and "不是有效值" in w.value for w in at.warning)


def test_hostile_view_options_are_reported_in_the_users_language():
    at = run_page("space", lang="en", view="7", camera="sideways", surf="cube")
    assert errors(at) == []
    warning = " ".join(w.value for w in at.warning)
    for name in ("view", "camera", "surf"):
        assert name in warning
    assert "were not valid" in warning
    assert figures(at)[0]["layout"]["scene"]["xaxis"]["range"] == pytest.approx(
        [-1.2 * math.sqrt(3), 1.2 * math.sqrt(3)]
    )


def test_zero_vector_at_eps_zero_says_nan():
    at = run_page("space", x1="0", x2="0", x3="0", eps="0")
    assert errors(at) == []
    assert any("zero vector" in m.value for m in at.info)
    assert any("NaN" in w.value for w in at.warning)


def test_default_scene_is_small_and_a_warm_rerun_is_fast():
    at = run_page("space")
    spec = json.dumps(live_payloads(at)[0])  # the live chart's payload: figure and scene
    assert len(spec.encode()) <= 60_000  # per move (issue 7)
    at.run()
    start = time.perf_counter()
    at.run()
    elapsed = time.perf_counter() - start
    assert errors(at) == []
    assert elapsed < 1.0  # generous for a loaded CI machine; typically ~20 ms (see benchmarks/bench_pages.py)


def test_the_keys_under_the_chart_name_the_camera_only_where_there_is_one():
    """The space page has the camera's options, and its keys say how to reach them; the lesson's 3D steps have
    none, and their keys do not mention them."""
    from normviz import lesson
    from normviz.i18n import Translator

    t = Translator("en")
    space = run_page("space", lang="en")
    assert space.button_group(key="space.camera").value == "oblique"
    assert f"{t('proj.keys.space')} {t('proj.keys.camera')}" in [c.value for c in space.caption]
    step = run_page("lesson", lang="en", step=str(lesson.KEYS.index("rms3d") + 1))
    captions = [c.value for c in step.caption]
    assert t("proj.keys.space") in captions and not any(t("proj.keys.camera") in c for c in captions)
    assert "space.camera" not in {w.key for w in step.button_group}
