"""The warp page in AppTest: every statement it shows is the library's number, in both languages."""

import numpy as np
import pytest

from normviz import warp
from normviz.format import decimals, decimals_vector
from tests.helpers.pages import errors, figures, run_page, tables, text, url_params

K = "warp."


@pytest.mark.parametrize("lang, title", [("en", "How norms bend space"), ("zh", "空间的弯折")])
def test_page_runs_in_both_languages_with_the_worked_example(lang, title):
    at = run_page("warp", lang=lang)
    assert errors(at) == []
    assert title in at.title[0].value
    page = text(at)
    # the default scene: LayerNorm, ε = 0, the 7 × 7 grid on [−3, 3]², p = (1.5, 0.5)
    image = warp.grid_image(2, "ln", eps=0.0)
    folded = warp.grid_fold("ln", (1.5, 0.5), eps=0.0)
    assert (image.points - image.undefined, image.distinct, image.undefined) == (42, 2, 7)
    assert (len(folded.vertices), len(folded.lines)) == (21, 12)
    y = decimals_vector(folded.fold.output, 3)
    phrases = {
        "en": (
            "LayerNorm sends 42 grid points to 2 distinct points.",
            "Grid points with no output at ε = 0 (0/0): 7.",
            f"Of the grid's 49 points, 21 lie in the fold, all sent to {y}; 12 of the grid's 14 lines pass through",
        ),
        "zh": (
            "LayerNorm 把网格上的 42 个点送到 2 个不同的点。",
            "没有输出（0/0）的网格点：7 个。",
            f"有 21 个落在折叠里，全部被送到 {y}",
        ),
    }[lang]
    for phrase in phrases:
        assert phrase in page, phrase
    assert len(figures(at)) == 3


def test_the_stretch_statement_is_the_jacobian_of_the_picked_point():
    point = (0.75, 0.75, -0.75)
    query = {K + "method": "RMSNorm", K + "dim": "3D", **{K + f"p{i}": str(v) for i, v in enumerate(point, 1)}}
    at = run_page("warp", **query)
    assert errors(at) == []
    local = warp.local_stretch("rms", point, eps=0.0, radius=0.25)
    page = text(at)
    assert ", ".join(decimals(v, 4) for v in local.stretch) in page
    assert local.flat == 1  # RMSNorm at ε = 0 forgets the length only: one flat direction, along x
    fold = warp.grid_fold("rms", point, eps=0.0, count=5, points=21)
    assert len(fold.vertices) == 2  # (1.5, 1.5, −1.5) and (3, 3, −3) on x's ray
    assert "2 lie in the fold" in page
    assert any(p.key == "warp.dim" for p in url_params(at))


def test_eps_changes_the_fold_from_a_half_plane_to_a_line():
    at = run_page("warp", **{K + "eps": "0.1"})
    assert errors(at) == []
    page = text(at)
    assert "x + c·𝟏" in page
    assert f"{len(warp.grid_fold('ln', (1.5, 0.5), eps=0.1).vertices)} lie in the fold" in page


def test_the_ellipsoid_table_and_checks_come_from_the_library():
    at = run_page("warp", **{K + "g1": "2", K + "g2": "1", K + "g3": "0.5"})
    assert errors(at) == []
    ell = warp.output_ellipsoid((2.0, 1.0, 0.5))
    table = next(tb for tb in tables(at) if "semi-axis" in tb)
    for length in ell.lengths:
        assert decimals(length, 4) in table
    page = text(at)
    assert "100 %" in page  # at ε = 0 every random input lands on the surface


def test_one_zero_gamma_moves_the_ellipse_into_a_coordinate_plane_and_two_flatten_it():
    at = run_page("warp", **{K + "g1": "0"})
    assert errors(at) == []
    ell = warp.output_ellipsoid((0.0, 1.0, 0.5))
    assert np.all(ell.nonzero) and abs(abs(ell.normal[0]) - 1) < 1e-12  # both axes kept, in the plane y₁ = 0
    notes = [i.value for i in at.info]
    assert any(
        "γ₁ = 0" in n and "moves into that coordinate plane" in n and "keeps all 2 of its axes" in n for n in notes
    )
    at = run_page("warp", **{K + "g1": "0", K + "g2": "0"})
    assert errors(at) == []
    flat = warp.output_ellipsoid((0.0, 0.0, 0.5))
    assert int(np.sum(flat.nonzero)) == 1  # a segment on the y₃ axis
    notes = [i.value for i in at.info]
    assert any("γ₁, γ₂ = 0" in n and "flattens: 1 of its 2 axes" in n for n in notes), notes
    page = text(at)
    assert "they fill it rather than lie on its surface" in page and "satisfy the ellipsoid's equation" not in page


def test_the_gamma_sections_default_eps_is_layer_norms_own():
    at = run_page("warp", **{K + "geps": "1e-12/1e-6/1e-5"})
    assert errors(at) == []
    share = warp.surface_fraction(np.random.default_rng(0).standard_normal((2000, 3)), eps=1e-5)
    assert share < 1.0
    assert f"{100 * share:.2f} % land within 1 % of the surface" in text(at) and "at ε = 1e-05" in text(at)


def test_the_stretch_says_where_the_map_is_undefined_or_not_smooth():
    page = text(run_page("warp", **{K + "p1": "1", K + "p2": "1"}))
    assert "the map is not defined at x = (1.00, 1.00)" in page and "NaN" not in page
    page = text(run_page("warp", **{K + "p1": "0.25", K + "p2": "0", K + "r": "0.25"}))
    local = warp.local_stretch("ln", (0.25, 0.0), eps=0.0, radius=0.25)
    assert not local.smooth and "reaches the constant vectors" in page and "shrinks like r²" not in page
    page = text(run_page("warp", **{K + "method": "RMSNorm", K + "eps": "0.1"}))
    assert "shrinks like r²" in page  # RMSNorm with ε > 0 is smooth everywhere


def test_four_dimensions_draw_three_axes():
    at = run_page("warp", **{K + "n": "4"})
    assert errors(at) == []
    table = next(tb for tb in tables(at) if "semi-axis" in tb)
    assert len([line for line in table.splitlines() if line.startswith("| ") and line[2].isdigit()]) == 3


def test_bad_link_values_get_one_message_and_a_valid_scene():
    at = run_page("warp", **{K + "p1": "banana", K + "g2": "99", K + "method": "<b>x</b>"})
    assert errors(at) == []
    warnings = [w.value for w in at.warning]
    assert len(warnings) == 1 and "warp.p1" in warnings[0] and "warp.g2" in warnings[0]
    assert len(figures(at)) == 3


def test_a_fold_with_no_grid_point_says_so_instead_of_counting_zero():
    at = run_page("warp", **{K + "method": "L2", K + "eps": "0.1", K + "dim": "3D", K + "p3": "-1"})
    assert errors(at) == []
    fold = warp.grid_fold("l2", (1.5, 0.5, -1.0), eps=0.1, count=5, points=21)
    assert len(fold.vertices) == 0 and fold.fold.kind == "ray_beyond"
    page = text(at)
    assert "None of the grid's 125 points lies in this fold" in page and "0 lie in the fold" not in page


def test_chinese_statements_follow_each_other_without_a_space():
    """The fold's and the stretch's sentences are joined the Chinese way (Translator.sentences), no "。 "."""
    page = text(run_page("warp", lang="zh"))
    assert "。 " not in page and "个点。" in page
