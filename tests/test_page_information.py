import numpy as np
import pytest

from tests.helpers.pages import (
    arrow_tips,
    change_controls,
    coords,
    errors,
    figures,
    run_page,
    tables,
    text,
    trace,
    widget_keys,
)

K = "information."  # every widget key (and URL parameter) of the page is namespaced


@pytest.mark.parametrize("lang, merged, apart", [("en", "merged", "apart"), ("zh", "合并为一点", "仍然分开")])
def test_page_runs_in_both_languages_with_the_seed_pairs(lang, merged, apart):
    at = run_page("information", lang=lang)
    assert errors(at) == []
    first, second = tables(at)[:2]
    assert "(0.600, 0.800) | (0.600, 0.800)" in first and merged in first and apart not in first
    assert "(0.849, 1.131) | (0.849, 1.131)" in first and "(−1.000, 1.000) | (−1.000, 1.000)" in first
    assert "(0.600, 0.800) | (0.800, 0.600)" in second and apart in second
    figs = figures(at)
    assert len(figs) == 3
    np.testing.assert_allclose(arrow_tips(trace(figs[0], "outputs_l2_2")), [[0.6, 0.8], [0.8, 0.6]])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_pairs_text_names_each_methods_own_merged_point(lang):
    intro = text(run_page("information", lang=lang))
    assert "(0.600, 0.800)" in intro and "(0.849, 1.131)" in intro and "(−1.000, 1.000)" in intro
    assert "(1.000, −1.000)" in intro  # (4, 3) under LayerNorm: apart from (3, 4)
    assert ("same point (0.6, 0.8)" not in intro) and ("同一个点 (0.6, 0.8)" not in intro)


def test_editing_a_pair_with_full_width_commas_and_spaces():
    at = run_page("information")
    at.text_input(key=K + "p2b").input("6，8").run()  # full-width comma: now (3, 4) and (6, 8) again
    assert errors(at) == [] and not at.warning
    assert "(0.600, 0.800) | (0.600, 0.800)" in tables(at)[1] and "merged" in tables(at)[1]
    at.text_input(key=K + "p2a").input("(1; 2  3)").run()
    at.text_input(key=K + "p2b").input("2 4 6").run()
    assert errors(at) == [] and not at.warning
    assert "merged" in tables(at)[1]
    fig = figures(at)[0]
    assert len([t for t in fig["data"] if t.get("meta", "").startswith("inputs_")]) == 1  # only 2D pairs drawn
    assert fig["layout"]["annotations"][0]["text"] == "Pair 1: inputs a, b"  # pair 1 is the 2D one left


def test_a_tiny_vector_is_shown_as_such_and_merges_with_its_multiple():
    at = run_page("information", **{K + "p1a": "1e-300, 1e-300", K + "p1b": "1, 1"})
    assert errors(at) == []
    page = text(at)
    assert "a = (1e-300, 1e-300)" in page and "0.000, 0.000" not in page
    first = tables(at)[0]
    assert "(1.000e-300, 1.000e-300)" in first  # the input row
    assert "∞" not in first and "NaN |" not in first.split("LayerNorm")[0]
    for row in first.splitlines()[3:5]:  # L2, RMSNorm
        assert row.endswith("| merged |"), row
    assert "(0.707, 0.707) | (0.707, 0.707)" in first and "(1.000, 1.000) | (1.000, 1.000)" in first
    assert first.splitlines()[-1].endswith("| undefined | undefined (an output is 0/0) |")  # LayerNorm of c·𝟏
    np.testing.assert_allclose(arrow_tips(trace(figures(at)[0], "outputs_l2_1")), [[0.5**0.5] * 2] * 2)


@pytest.mark.parametrize("lang, word", [("en", "undefined"), ("zh", "无定义")])
def test_a_zero_vector_has_undefined_distances_and_verdicts_never_nan(lang, word):
    at = run_page("information", lang=lang, **{K + "p1a": "0, 0"})
    assert errors(at) == []
    first = tables(at)[0]
    for row in first.splitlines()[3:]:
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[3] == word and cells[4].startswith(word), row
    assert "NaN" not in text(at).split("|")[-1]  # the angles caption says "undefined" too
    assert "apart" not in first and "仍然分开" not in first


def test_bad_text_keeps_the_users_text_and_the_last_valid_vector():
    at = run_page("information", lang="zh")
    at.text_input(key=K + "p1b").input("9, 12").run()
    at.text_input(key=K + "p1b").input("9, abc").run()
    assert errors(at) == []
    assert at.text_input(key=K + "p1b").value == "9, abc"
    assert any("abc" in w.value and "(9, 12)" in w.value for w in at.warning)
    assert "(9.000, 12.000)" in tables(at)[0]


def test_pairs_of_different_lengths_are_reported():
    at = run_page("information")
    at.text_input(key=K + "p1b").input("1, 2, 3").run()
    assert errors(at) == []
    assert any("3" in w.value and "same length" in w.value for w in at.warning)


def test_3d_cloud_and_a_larger_batch():
    at = run_page("information", **{K + "dim": "3D", K + "bn": "16", K + "bsize": "4"})
    assert errors(at) == [] and not at.warning
    cloud, sim = figures(at)[1:]
    assert "scene" in cloud["layout"]
    assert len(coords(trace(cloud, "cloud_l2"), "z")) == 300
    z = trace(sim, "sim_corr")["z"]
    assert z["shape"].replace(" ", "") == "4,4"
    assert "3D" in str(at.segmented_control(key=K + "dim").value)


def test_moving_the_spread_slider_changes_the_similarity_maps():
    at = run_page("information")
    before = trace(figures(at)[2], "sim_cos_in")
    at.slider(key=K + "spread").set_value(0.0).run()
    after = trace(figures(at)[2], "sim_cos_in")
    assert errors(at) == [] and before != after
    identity = tables(at)[-1]
    assert "cos(LN x, LN y) = corr(x, y)" in identity and "e-16" in identity


@pytest.mark.parametrize(
    "key, bad",
    [
        ("p1a", "abc"),
        ("p1a", "nan, 1"),
        ("p1a", "1" * 10_000),
        ("dim", "4D"),
        ("spread", "nan"),
        ("spread", "1e309"),
        ("bn", "1e309"),
        ("cseed", "-1"),
    ],
)
def test_hostile_url_values_give_the_default_scene_and_a_warning(key, bad):
    at = run_page("information", lang="zh", **{K + key: bad})
    assert errors(at) == []
    assert at.warning
    assert "(0.600, 0.800) | (0.600, 0.800)" in tables(at)[0]
    assert "合并为一点" in text(at)


def test_every_widget_key_is_namespaced_by_the_page():
    keys = widget_keys(run_page("information"))
    assert len(keys) == 10 and all(k.startswith(K) for k in keys), keys


def test_every_control_changes_without_an_error():
    at = run_page("information", lang="en")
    change_controls(
        at,
        [
            ("text_input", K + "p1a", "1, 2"),
            ("text_input", K + "p2b", "5, 6"),
            ("segmented_control", K + "dim", "3D"),
            ("number_input", K + "cseed", 3),
            ("number_input", K + "bn", 5),
            ("number_input", K + "bsize", 3),
            ("number_input", K + "bseed", 2),
            ("slider", K + "spread", 1.5),
        ],
    )
