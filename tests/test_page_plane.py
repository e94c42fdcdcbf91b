import numpy as np
import pytest

from tests.helpers.pages import arrow_tips, errors, figures, run_page, text, trace


def ln_tip(at):
    return arrow_tips(trace(figures(at)[0], "arrow_ln"))[0]


@pytest.mark.parametrize("lang, title", [("en", "Plane"), ("zh", "平面")])
def test_page_runs_in_both_languages(lang, title):
    at = run_page("plane", lang=lang)
    assert errors(at) == []
    assert title in at.title[0].value
    fig = figures(at)[0]
    assert fig["layout"]["xaxis"]["title"]["text"] == ("x₁ (dimension 1)" if lang == "en" else "x₁（第 1 维）")
    assert "(0.6000, 0.8000)" in text(at)  # L2 of the default (3, 4)


def test_moving_a_slider_changes_readouts_and_figure():
    at = run_page("plane")
    before = text(at)
    at.slider(key="plane.x1").set_value(-1.0).run()
    assert errors(at) == []
    after = text(at)
    assert before != after
    assert "(−1.0000, 4.0000)" in after
    assert at.number_input(key="plane.x1.exact").value == -1.0  # exact entry follows the slider
    np.testing.assert_allclose(ln_tip(at), [-1.0, 1.0], atol=1e-5)


def test_exact_entry_moves_the_slider():
    at = run_page("plane")
    at.number_input(key="plane.x2.exact").set_value(-2.5).run()
    assert at.slider(key="plane.x2").value == -2.5
    assert "(3.0000, −2.5000)" in text(at)


def test_preset_button_sets_both_components():
    at = run_page("plane")
    at.button(key="plane.preset1").click().run()  # (6, 8)
    assert (at.slider(key="plane.x1").value, at.slider(key="plane.x2").value) == (6.0, 8.0)
    assert "(0.6000, 0.8000)" in text(at)  # same direction as (3, 4): same L2 output


def test_url_reproduces_the_scene():
    at = run_page("plane", x1="-1", x2="2", eps="0", g1="2", b2="0.5", view="5")
    assert errors(at) == [] and not at.warning
    assert (at.slider(key="plane.x1").value, at.slider(key="plane.x2").value) == (-1.0, 2.0)
    fig = figures(at)[0]
    assert fig["layout"]["xaxis"]["range"] == [-5.25, 5.25]
    np.testing.assert_allclose(ln_tip(at), [-2.0, 1.5], atol=1e-5)  # gamma*(-1, 1) + beta


@pytest.mark.parametrize("bad", ["nan", "1e309", "abc", "1" * 10_000, "-inf", ""])
def test_hostile_url_values_give_the_default_scene_and_a_warning(bad):
    at = run_page("plane", lang="zh", x1=bad)
    assert errors(at) == []
    assert at.slider(key="plane.x1").value == 3.0
    if bad:  # an empty value is simply absent
        assert any("x1" in w.value and "不是有效值" in w.value for w in at.warning)


def test_hostile_option_values_are_reported():
    at = run_page("plane", eps="lots", show="everything", view="7", lang="en")
    assert errors(at) == []
    warning = " ".join(w.value for w in at.warning)
    for name in ("eps", "show", "view"):
        assert name in warning


def test_zero_vector_at_eps_zero_is_nan_with_a_message():
    at = run_page("plane", x1="0", x2="0", eps="0")
    assert errors(at) == []
    assert "NaN" in text(at)
    assert any("zero vector" in m.value for m in at.info)
    assert any("NaN" in w.value for w in at.warning)


def test_constant_vector_says_sigma_is_zero():
    at = run_page("plane", x1="2", x2="2")
    assert any("σ = 0" in m.value for m in at.info)
    assert "(0.0000, 0.0000)" in text(at)  # LayerNorm with eps > 0 gives 0


def test_method_toggle_hides_arrows_and_rows():
    at = run_page("plane")
    at.pills(key="plane.show").set_value(["LayerNorm"]).run()
    metas = [t.get("meta") for t in figures(at)[0]["data"]]
    assert "arrow_ln" in metas and "arrow_l2" not in metas
    assert "L2 normalization" not in text(at).split("| method |")[-1]


def test_sidebar_shows_the_backend_in_use():
    at = run_page("plane")
    assert any("numpy (CPU)" in c.value for c in at.sidebar.caption)


def test_projector_mode_enlarges_the_figure():
    normal = figures(run_page("plane"))[0]["layout"]["font"]["size"]
    big = figures(run_page("plane", projector="true"))[0]["layout"]["font"]["size"]
    assert big > normal


def test_an_exact_value_outside_the_range_is_clamped_and_explained_in_chinese():
    at = run_page("plane", lang="zh")
    at.number_input(key="plane.x1.exact").set_value(25.0).run()
    assert errors(at) == []
    assert at.slider(key="plane.x1").value == 10.0  # the slider follows the clamped value
    note = " ".join(w.value for w in at.warning)
    assert "25" in note and "10" in note and "outside" not in note.lower()
