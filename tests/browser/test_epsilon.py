"""The ε page in a real Chromium: renders every effect, the user's ε slider redraws its curve."""

from __future__ import annotations

from tests.helpers.browser import (
    PLOT,
    assert_no_error,
    by_meta,
    main_text,
    open_page,
    plotly_layout,
    press_keys,
    switch_language,
    wait_for_traces,
)

CHARTS = 2


def test_epsilon_renders_nan_and_the_amplification_then_the_users_eps_redraws_its_curve(page, base_url):
    """One load: the Chinese page; switched to English, the user's ε slider redraws its curve."""
    open_page(page, base_url, "epsilon", lang="zh", charts=CHARTS)
    assert_no_error(page)
    assert page.locator(PLOT).count() == CHARTS
    main = main_text(page)
    assert "测得的增益" in main and "9999.5" in main and "NaN" in main and "True" in main
    assert plotly_layout(page, 0)["xaxis"]["type"] == "log"

    switch_language(page, "en")
    wait_for_traces(page, 0, lambda tr: "0.01" in by_meta(tr, "user")["name"])
    slider = page.locator('[data-testid="stSlider"]').filter(has_text="Your ε").get_by_role("slider")
    press_keys(page, slider, "Home")  # 10⁻¹²
    wait_for_traces(page, 0, lambda tr: "1e-12" in by_meta(tr, "user")["name"])
    assert "epsilon.eps=-12" in page.url
    assert_no_error(page)
