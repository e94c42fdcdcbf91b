import numpy as np
import pytest

from tests.helpers.pages import change_controls, coords, errors, figures, run_page, tables, text, trace, widget_keys

K = "invariance."  # every widget key (and URL parameter) of the page is namespaced


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


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_counterfactual_text_gives_computed_numbers_and_sigma_is_the_biased_one(lang):
    page = text(run_page("invariance", lang=lang))
    for shown in (
        "(101, 102, 103)",
        "2.16",
        "102.0",
        "(0.463, 0.926, 1.389)",
        "(0.990, 1.000, 1.010)",
        "1 : 1.01 : 1.02",
        "(−1.225, 0.000, 1.225)",
        "(1/n) Σ (xᵢ − μ)²",
        "ε = 0",
    ):
        assert shown in page, shown


def test_sliders_move_the_marker_and_a_negative_a_flips_the_sign():
    at = run_page("invariance")
    at.slider(key=K + "a").set_value(-1.0).run()
    assert errors(at) == []
    assert "(1.225, 0.000, −1.225)" in tables(at)[0]
    assert any("−LN(x)" in w.value for w in at.warning)
    cur = trace(figures(at)[0], "current_ln")
    assert coords(cur, "x")[0] == -1.0
    at.slider(key=K + "c").set_value(-7.5).run()
    assert coords(trace(figures(at)[0], "current_ln"), "y")[0] == -7.5


def test_a_zero_gives_an_undefined_distance_at_eps_0_and_zero_with_eps():
    at = run_page("invariance", **{K + "a": "0"})
    outputs = tables(at)[0]
    assert "(NaN, NaN, NaN)" in outputs and outputs.splitlines()[-1].endswith("| undefined (0/0) |")
    assert any("NaN" in w.value for w in at.warning)
    at.select_slider(key=K + "eps").set_value("1e-5").run()
    assert errors(at) == []
    assert "(0.000, 0.000, 0.000)" in tables(at)[0]


def test_a_tiny_x_is_not_the_zero_vector_and_every_number_is_finite():
    at = run_page("invariance", **{K + "x": "1e-300, 2e-300, 3e-300", K + "c": "0"})
    assert errors(at) == []
    assert not any("x is the zero vector" in i.value for i in at.info)
    outputs = tables(at)[0]
    assert "(1.000e-300, 2.000e-300, 3.000e-300)" in outputs
    assert "∞" not in outputs and "NaN" not in outputs and "undefined" not in outputs
    assert "(−1.225, 0.000, 1.225) | (−1.225, 0.000, 1.225)" in outputs  # LN(2x) = LN(x), computed
    assert "(0.267, 0.535, 0.802) | (0.267, 0.535, 0.802)" in outputs  # L2 of (1, 2, 3)
    maps = figures(at)[0]
    for key in ("l2", "rms"):
        z = coords(trace(maps, f"distance_{key}"), "z")
        assert np.isnan(z).sum() == 1  # only (a, c) = (0, 0): the zero vector


def test_a_tiny_x_next_to_a_shift_is_explained_not_called_zero():
    at = run_page("invariance", **{K + "x": "1e-300, 2e-300, 3e-300"})  # c = 3: a·x + c·𝟏 rounds to c·𝟏
    assert errors(at) == []
    assert any("rounds to the constant vector" in i.value for i in at.info)
    assert any("Blank cells" in c.value for c in at.caption)
    assert tables(at)[0].splitlines()[-1].endswith("| undefined (0/0) |")


def test_editing_x_and_the_scale():
    at = run_page("invariance")
    at.text_input(key=K + "x").input("1 2 3 4").run()
    assert errors(at) == []
    assert "(1.000, 2.000, 3.000, 4.000)" in tables(at)[0]
    assert "(1, 2, 3)" in text(at)  # the softmax part falls back to the seed's x, and says so
    at.select_slider(key=K + "scale").set_value("1").run()
    assert "(0.0159, 0.1173, 0.8668)" in tables(at)[3]


def test_shift_input_changes_the_counterfactual():
    at = run_page("invariance", **{K + "shift": "1000"})
    assert errors(at) == [] and not at.warning
    assert "(1001, 1002, 1003)" in tables(at)[2]


@pytest.mark.parametrize(
    "key, bad",
    [
        ("a", "nan"),
        ("c", "1e309"),
        ("x", "abc"),
        ("x", "1,inf"),
        ("eps", "bogus"),
        ("scale", "7"),
        ("shift", "-inf"),
        ("x", "1" * 10_000),
    ],
)
def test_hostile_url_values_give_the_default_scene_and_a_warning(key, bad):
    at = run_page("invariance", lang="zh", **{K + key: bad})
    assert errors(at) == []
    assert at.warning
    assert "(1.000, 2.000, 3.000) | (5.000, 7.000, 9.000)" in tables(at)[0]


def test_a_constant_x_is_explained():
    at = run_page("invariance", **{K + "x": "2, 2, 2"})
    assert errors(at) == []
    assert any("σ = 0" in i.value for i in at.info)


def test_every_widget_key_is_namespaced_by_the_page():
    keys = widget_keys(run_page("invariance"))
    assert len(keys) == 6 and all(k.startswith(K) for k in keys), keys


def test_every_control_changes_without_an_error():
    at = run_page("invariance", lang="zh")
    change_controls(
        at,
        [
            ("text_input", K + "x", "1, 5, 2"),
            ("slider", K + "a", -2.0),
            ("slider", K + "c", 4.5),
            ("select_slider", K + "eps", "1e-3"),
            ("number_input", K + "shift", 7.0),
            ("select_slider", K + "scale", "10"),
        ],
    )


def test_every_control_reruns_its_keyed_fragment_without_an_error(real_rerun_only):
    """Each control's keyed rerun (``ui.rerun_only``) after a full run: a flipping a (a message the full run
    did not show), ε, the shift and the scale; each shows its own numbers. (AppTest shows the fragment alone
    after a keyed rerun: a whole run, ``at.run()``, brings the page back for the next control.)"""
    at = run_page("invariance")
    assert errors(at) == [] and not at.warning
    at.slider(key=K + "a").set_value(-1.0).run()
    assert errors(at) == [] and at.warning, "a < 0 flips every output"
    assert len(figures(at)) == 1 and len(tables(at)) == 2  # a·x + c·𝟏's outputs and summary
    at.run().select_slider(key=K + "eps").set_value("1").run()
    assert errors(at) == [] and len(figures(at)) == 3  # every section
    at.run().number_input(key=K + "shift").set_value(7.0).run()
    assert errors(at) == [] and len(figures(at)) == 1 and "7" in tables(at)[0]
    at.run().select_slider(key=K + "scale").set_value("10").run()
    assert errors(at) == [] and len(figures(at)) == 1 and len(tables(at)) == 1
