"""The gradient page in a real Chromium: renders the Jacobians and the 3D picture, g moves the arrows."""

from __future__ import annotations

import pytest

from tests.helpers import browser as h
from tests.helpers.projector import assert_fits_a_projector, open_on_a_projector

CHARTS = 2  # the Jacobians in 3D, the gradient the others receive against m


def test_gradient_renders_the_formula_next_to_autograd_then_g_moves_its_arrow_and_the_projection(page, base_url):
    """One load: the Chinese page in projector mode (its layout: tests/helpers/projector.py); switched to English,
    the layout again, then g (in the folded controls) moves its arrow and LayerNorm's Jᵀg."""
    open_on_a_projector(page, base_url, "gradient", lang="zh", charts=CHARTS)
    assert_fits_a_projector(page, "gradient", lang="zh")
    assert page.locator(h.PLOT).count() == CHARTS
    main = h.main_text(page)
    assert "雅可比矩阵" in main and main.count("(0.4298, −0.0661, −0.0992)") == 2  # RMSNorm's row 1, both columns
    assert h.plotly_layout(page, 0)["font"]["size"] >= 20

    h.switch_language(page, "en")
    assert_fits_a_projector(page, "gradient", lang="en")
    page.get_by_text("Controls", exact=True).first.click()  # projector mode folds them above the picture
    assert h.wait_for_tip(page, "arrow_g", lambda p: True) == pytest.approx((1.0, 0.0, 0.0))
    slider = page.locator('[data-testid="stSlider"]').filter(has_text="g₂").get_by_role("slider")
    h.press_keys(page, slider, "End")  # g₂ = 3
    assert h.wait_for_tip(page, "arrow_g", lambda p: p[1] == 3.0) == pytest.approx((1.0, 3.0, 0.0))
    # LayerNorm at x = (1, 2, 3): Jᵀg sums to 0 (the component along 𝟏 is gone)
    jtg = h.wait_for_tip(page, "arrow_jtg", lambda p: abs(p[1]) > 0)
    assert sum(jtg) == pytest.approx(0.0, abs=1e-9)
    assert "gradient.g2=3" in page.url
    assert h.by_meta(page.locator(h.PLOT).first.evaluate("el => el.data.map(t => ({meta: t.meta}))"), "null_plane")

    # x reruns both keyed fragments (the tables and the picture), twice: they replace what they drew, never add
    # to it (a fragment nested in one that writes outside its body left its old chart behind: 1, 2, 3 charts)
    page.get_by_text("Controls of the whole page", exact=True).first.click()
    x1 = page.locator('[data-testid="stSlider"]').filter(has_text="x₁").get_by_role("slider")
    before = h.main_text(page)
    h.press_keys(page, x1, "ArrowRight")
    h.press_keys(page, x1, "ArrowRight")
    assert "gradient.x1=1.2" in page.url and h.main_text(page) != before
    assert page.locator(h.PLOT).count() == CHARTS and h.main_text(page).count("J (analytic)") == 1
    assert h.wait_for_tip(page, "arrow_g", lambda p: p[1] == 3.0) == pytest.approx((1.0, 3.0, 0.0))  # g kept
    h.assert_no_error(page)
