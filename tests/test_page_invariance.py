import pytest

from pagetest import coords, errors, figures, run_page, tables, text, trace


@pytest.mark.parametrize("lang, title", [("en", "Invariances"), ("zh", "不变性")])
def test_page_runs_in_both_languages_with_the_seed_numbers(lang, title):
    at = run_page("invariance", lang=lang)
    assert errors(at) == []
    assert title in at.title[0].value
    outputs, summary, counterfactual, softmax = tables(at)[:4]
    assert "(−1.225, 0.000, 1.225) | (−1.225, 0.000, 1.225)" in outputs  # LN(2x + 3) = LN(x)
    assert "(0.463, 0.926, 1.389)" in counterfactual and "(0.990, 1.000, 1.010)" in counterfactual
    assert "1 : 2 : 3" in counterfactual and "1 : 1.01 : 1.02" in counterfactual and "102.003" in counterfactual
    assert "(−2000.000, 0.000, 2000.000) | (0.0000, 0.0000, 1.0000)" in softmax
    assert len(figures(at)) == 3


def test_sliders_move_the_marker_and_a_negative_a_flips_the_sign():
    at = run_page("invariance")
    at.slider(key="a").set_value(-1.0).run()
    assert errors(at) == []
    assert "(1.225, 0.000, −1.225)" in tables(at)[0]
    assert any("−LN(x)" in w.value for w in at.warning)
    cur = trace(figures(at)[0], "current_ln")
    assert coords(cur, "x")[0] == -1.0
    at.slider(key="c").set_value(-7.5).run()
    assert coords(trace(figures(at)[0], "current_ln"), "y")[0] == -7.5


def test_a_zero_gives_nan_at_eps_0_and_zero_with_eps():
    at = run_page("invariance", a="0")
    assert "(NaN, NaN, NaN)" in tables(at)[0]
    assert any("NaN" in w.value for w in at.warning)
    at.select_slider(key="eps").set_value("1e-5").run()
    assert errors(at) == []
    assert "(0.000, 0.000, 0.000)" in tables(at)[0]


def test_editing_x_and_the_scale():
    at = run_page("invariance")
    at.text_input(key="x").input("1 2 3 4").run()
    assert errors(at) == []
    assert "(1.000, 2.000, 3.000, 4.000)" in tables(at)[0]
    assert "(1, 2, 3)" in text(at)  # the softmax part falls back to the seed's x, and says so
    at.select_slider(key="scale").set_value("1").run()
    assert "(0.0159, 0.1173, 0.8668)" in tables(at)[3]


def test_shift_input_changes_the_counterfactual():
    at = run_page("invariance", shift="1000")
    assert errors(at) == [] and not at.warning
    assert "(1001, 1002, 1003)" in tables(at)[2]


@pytest.mark.parametrize("key, bad", [("a", "nan"), ("c", "1e309"), ("x", "abc"), ("x", "1,inf"), ("eps", "bogus"),
                                      ("scale", "7"), ("shift", "-inf"), ("x", "1" * 10_000)])
def test_hostile_url_values_give_the_default_scene_and_a_warning(key, bad):
    at = run_page("invariance", lang="zh", **{key: bad})
    assert errors(at) == []
    assert at.warning
    assert "(1.000, 2.000, 3.000) | (5.000, 7.000, 9.000)" in tables(at)[0]


def test_a_constant_x_is_explained():
    at = run_page("invariance", x="2, 2, 2")
    assert errors(at) == []
    assert any("σ = 0" in i.value for i in at.info)
