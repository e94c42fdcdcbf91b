import numpy as np
import pytest

from pagetest import arrow_tips, coords, errors, figures, run_page, tables, text, trace


@pytest.mark.parametrize("lang, merged, apart", [("en", "merged", "apart"), ("zh", "合并为一点", "仍然分开")])
def test_page_runs_in_both_languages_with_the_seed_pairs(lang, merged, apart):
    at = run_page("information", lang=lang)
    assert errors(at) == []
    first, second = tables(at)[:2]
    assert "(0.600, 0.800) | (0.600, 0.800)" in first and merged in first and apart not in first
    assert "(0.600, 0.800) | (0.800, 0.600)" in second and apart in second
    figs = figures(at)
    assert len(figs) == 3
    np.testing.assert_allclose(arrow_tips(trace(figs[0], "outputs_l2_2")), [[0.6, 0.8], [0.8, 0.6]])


def test_editing_a_pair_with_full_width_commas_and_spaces():
    at = run_page("information")
    at.text_input(key="p2b").input("6，8").run()  # full-width comma: now (3, 4) and (6, 8) again
    assert errors(at) == [] and not at.warning
    assert "(0.600, 0.800) | (0.600, 0.800)" in tables(at)[1] and "merged" in tables(at)[1]
    at.text_input(key="p2a").input("(1; 2  3)").run()
    at.text_input(key="p2b").input("2 4 6").run()
    assert errors(at) == [] and not at.warning
    assert "merged" in tables(at)[1]
    fig = figures(at)[0]
    assert len([t for t in fig["data"] if t.get("meta", "").startswith("inputs_")]) == 1  # only 2D pairs drawn
    assert fig["layout"]["annotations"][0]["text"] == "Pair 1: inputs a, b"  # pair 1 is the 2D one left


def test_bad_text_keeps_the_users_text_and_the_last_valid_vector():
    at = run_page("information", lang="zh")
    at.text_input(key="p1b").input("9, 12").run()
    at.text_input(key="p1b").input("9, abc").run()
    assert errors(at) == []
    assert at.text_input(key="p1b").value == "9, abc"
    assert any("abc" in w.value and "(9, 12)" in w.value for w in at.warning)
    assert "(9.000, 12.000)" in tables(at)[0]


def test_pairs_of_different_lengths_are_reported():
    at = run_page("information")
    at.text_input(key="p1b").input("1, 2, 3").run()
    assert errors(at) == []
    assert any("3" in w.value and "same length" in w.value for w in at.warning)


def test_3d_cloud_and_a_larger_batch():
    at = run_page("information", dim="3D", bn="16", bsize="4")
    assert errors(at) == [] and not at.warning
    cloud, sim = figures(at)[1:]
    assert "scene" in cloud["layout"]
    assert len(coords(trace(cloud, "cloud_l2"), "z")) == 300
    z = trace(sim, "sim_corr")["z"]
    assert len(z["shape"] if isinstance(z, dict) and "shape" in z else z) in (4, 2)
    assert "3D" in str(at.segmented_control(key="dim").value)


def test_moving_the_spread_slider_changes_the_similarity_maps():
    at = run_page("information")
    before = trace(figures(at)[2], "sim_cos_in")
    at.slider(key="spread").set_value(0.0).run()
    after = trace(figures(at)[2], "sim_cos_in")
    assert errors(at) == [] and before != after
    identity = tables(at)[-1]
    assert "cos(LN x, LN y) = corr(x, y)" in identity and "e-16" in identity


@pytest.mark.parametrize("key, bad", [("p1a", "abc"), ("p1a", "nan, 1"), ("p1a", "1" * 10_000), ("dim", "4D"),
                                      ("spread", "nan"), ("spread", "1e309"), ("bn", "1e309"), ("cseed", "-1")])
def test_hostile_url_values_give_the_default_scene_and_a_warning(key, bad):
    at = run_page("information", lang="zh", **{key: bad})
    assert errors(at) == []
    assert at.warning
    assert "(0.600, 0.800) | (0.600, 0.800)" in tables(at)[0]
    assert "合并为一点" in text(at)
