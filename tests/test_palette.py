"""Every colour that carries meaning in a figure (a method's vector, point and circle, the other family members,
the ε and dtype series, the gradient's parts) has 3:1 against the figure's background: white in 2D, #F7F7F7
in a 3D scene (WCAG 2.2, 1.4.11 non-text contrast). And the theme's text colours pass 4.5:1 (1.4.3): body
text, captions (Streamlit draws them at 60 % opacity of the text colour) and the selected option of a
segmented control (the primary colour on a 10 % tint of itself)."""

from __future__ import annotations

import tomllib

import pytest

from normviz.figures import epsilon, family, gradient, precision
from normviz.figures._style import COLORS
from normviz.methods import METHODS
from tests.helpers.accessibility import contrast_ratio
from tests.helpers.appserver import ROOT

BACKGROUNDS = ("#FFFFFF", "#F7F7F7")  # plotly_white's plot, the 3D scene's walls
SIDEBAR = "#F1F0EE"  # Streamlit's light sidebar while the backgrounds keep their defaults

MEANINGFUL = {
    **{f"COLORS[{k}]": v for k, v in COLORS.items()},
    **{f"method {m.key}": m.color for m in METHODS.values()},
    **{f"epsilon {i}": c for i, c in enumerate(epsilon.EPS_COLORS)},
    **{f"family {k}": v for k, v in family.P_COLOR.items()},
    **{f"precision {k}": v for k, v in precision.DTYPE_COLORS.items()},
    "gradient g": gradient.GRADIENT_COLOR,
    "gradient kept": gradient.KEPT_COLOR,
}


def _mix(color: str, background: str, alpha: float) -> str:
    fg = [int(color[i : i + 2], 16) for i in (1, 3, 5)]
    bg = [int(background[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(alpha * f + (1 - alpha) * b):02X}" for f, b in zip(fg, bg, strict=True))


def test_the_contrast_formula_on_wcag_reference_pairs():
    assert contrast_ratio("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert contrast_ratio("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)  # just under 4.5
    assert contrast_ratio("#828180", "#FFFFFF") == pytest.approx(3.89, abs=0.01)  # Streamlit's default caption


@pytest.mark.parametrize("name", sorted(MEANINGFUL))
def test_every_meaningful_figure_colour_has_3_to_1_against_its_background(name):
    for background in BACKGROUNDS:
        ratio = contrast_ratio(MEANINGFUL[name], background)
        assert ratio >= 3.0, f"{name} {MEANINGFUL[name]} on {background}: {ratio:.2f}:1"


def test_the_themes_text_colours_pass_4_5_to_1():
    theme = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())["theme"]
    text, primary = theme["textColor"], theme["primaryColor"]
    for background in ("#FFFFFF", SIDEBAR):
        assert contrast_ratio(text, background) >= 4.5
        caption = _mix(text, background, 0.6)
        assert contrast_ratio(caption, background) >= 4.5, (caption, background)
        assert contrast_ratio(primary, background) >= 4.5
    tint = _mix(primary, "#FFFFFF", 0.1)
    assert contrast_ratio(primary, tint) >= 4.5, (primary, tint)
