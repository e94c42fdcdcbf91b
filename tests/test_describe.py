"""Text descriptions of figures: the projection scene from its data, any figure from its JSON."""

import math

import numpy as np
import pytest

from normviz import geometry as geo
from normviz.figures.describe import describe_figure, describe_projection
from normviz.figures.dof import fraction_figure
from normviz.figures.projection import PLANE, SPACE, View, fit_extent, projection_figure
from normviz.i18n import Translator
from tests.helpers.pages import charts, run_page


def scene(x, **kw):
    n = len(x)
    return geo.Scene(
        x=tuple(map(float, x)),
        eps=kw.get("eps", 0.0),
        gamma=kw.get("gamma", (1.0,) * n),
        beta=kw.get("beta", (0.0,) * n),
        shown=frozenset(kw.get("shown", ("l2", "rms", "ln"))),
    )


def test_plane_description_names_every_output_with_its_coordinates():
    s = scene((3, 4))
    text = describe_projection(s, geo.project(s), Translator("en"), extent=10.0)
    assert "Input x = (3, 4), length ‖x‖₂ = 5." in text
    assert "L2 normalization output (0.6, 0.8), length 1." in text
    # RMSNorm: x / sqrt((9 + 16) / 2) = (3, 4) / 3.5355
    assert f"RMSNorm output ({3 / math.sqrt(12.5):.4g}, {4 / math.sqrt(12.5):.4g}), length 1.414." in text
    assert "LayerNorm output (−1, 1), length 1.414." in text  # (3, 4) - 3.5 = (-0.5, 0.5), sigma 0.5
    assert "outside" not in text  # inside the ±10 view


def test_description_follows_the_shown_methods_the_view_and_nan():
    s = scene((2, 2), shown=("ln",))
    text = describe_projection(s, geo.project(s), Translator("en"), extent=1.5)
    assert "L2 normalization output" not in text and "RMSNorm output" not in text
    assert "LayerNorm output is NaN" in text  # sigma = 0 at eps = 0
    assert "outside the view" in text


def test_space_description_in_chinese_with_gamma_and_beta():
    s = scene((1, 2, 3), gamma=(2.0, 1.0, 1.0), beta=(0.0, 0.0, 0.5))
    text = describe_projection(s, geo.project(s), Translator("zh"), extent=fit_extent(s))
    assert "三维空间" in text and "输入 x = (1, 2, 3)" in text
    assert "γ = (2, 1, 1)，β = (0, 0, 0.5)" in text
    ln = (np.array([1.0, 2.0, 3.0]) - 2.0) / math.sqrt(2 / 3) * [2, 1, 1] + [0, 0, 0.5]
    assert "LayerNorm 的输出 (" + ", ".join(f"{v:.4g}".replace("-", "−") for v in ln) + ")" in text


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_generic_description_reads_title_axes_traces_and_frames(lang):
    t = Translator(lang)
    s = scene((1, 2, 3))
    spec = projection_figure(s, geo.project(s), t, kit=SPACE, view=View(5.0))
    text = describe_figure(spec, t)
    assert t("axis.x3") in text and t("method.ln") in text
    assert str(len(spec["frames"])) in text
    plane = projection_figure(scene((3, 4)), geo.project(scene((3, 4))), t, kit=PLANE, view=View(5.0))
    assert t("axis.x2") in describe_figure(plane, t)


def test_generic_description_of_another_page_and_of_an_empty_figure():
    t = Translator("en")
    assert describe_figure({"data": [], "layout": {}}, t) == "Figure (untitled). 0 traces: none."
    spec = fraction_figure(8, t)
    text = describe_figure(spec, t)
    assert text.startswith("Figure") and f"{len(spec['data'])} traces" in text


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_figure_of_a_plain_chart_page_has_a_description(lang):
    at = run_page("dof", lang=lang)
    header = Translator(lang)("access.describe.header")
    described = [e for e in at.expander if e.label == header]
    assert len(described) == len(charts(at)) >= 1


@pytest.mark.parametrize("lang, header", [("en", "Figure description"), ("zh", "图的文字描述")])
def test_every_figure_on_the_plane_page_has_a_description(lang, header):
    at = run_page("plane", lang=lang, x1="0.6", x2="0.8")
    described = [e for e in at.expander if e.label == header]
    assert len(described) == 1
    text = described[0].text[0].value
    assert ("(0.6, 0.8)" in text) and ("L2" in text)


@pytest.mark.parametrize(("lang", "want"), [
    ("en", "Figure: The three methods' outputs (ε = 0) (solid bars: x = (1, 2, 3); hatched bars: (7, 14, 21))."),
    ("zh", "图：三种方法的输出（ε = 0）（实心柱：x = (1, 2, 3)；斜线柱：(7, 14, 21)）。"),
])  # fmt: skip
def test_generic_description_reads_a_subtitle_and_counts_multicategory_bars_once(lang, want):
    from normviz import invariance
    from normviz.figures import exercises as ex_figs

    fig = ex_figs.moved_figure(
        (1, 2, 3), (7, 14, 21), invariance.moved_outputs((1, 2, 3), (7, 14, 21)), Translator(lang)
    )
    text = describe_figure(fig, Translator(lang))
    assert text.startswith(want)
    assert text.count("9 points" if lang == "en" else "9 个点") == 2
