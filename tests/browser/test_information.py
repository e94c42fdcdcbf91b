"""The information page in a real Chromium: renders, a typed pair redraws, 3D cloud."""

from __future__ import annotations

import pytest

from tests.browser.helpers import (
    PLOT,
    assert_no_error,
    by_meta,
    enter_text,
    open_page,
    plotly_data,
    plotly_layout,
    wait_for_traces,
)

CHARTS = 3


@pytest.mark.parametrize("lang", ["en"])  # zh: the 3D test (and test_smoke)
def test_information_renders_the_seed_pairs(page, base_url, lang):
    open_page(page, base_url, "information", lang=lang, charts=CHARTS)
    assert_no_error(page)
    assert page.locator(PLOT).count() == 3
    l2 = by_meta(plotly_data(page, 0), "outputs_l2_1")
    assert l2["x"][1] == pytest.approx(0.6) and l2["x"][4] == pytest.approx(0.6)  # (3,4) and (6,8) merge


def test_typing_a_pair_with_a_full_width_comma_redraws_it(page, base_url):
    open_page(page, base_url, "information", lang="en", charts=CHARTS)
    field = page.get_by_role("textbox", name="Pair 1: b")
    enter_text(page, field, "4，3")
    wait_for_traces(page, 0, lambda tr: abs(by_meta(tr, "outputs_l2_1")["x"][4] - 0.8) < 1e-9)
    assert "p1b=" in page.url
    enter_text(page, field, "4, x")
    assert page.get_by_text("Could not read").count() >= 1
    assert field.input_value() == "4, x"  # the user's text stays
    assert_no_error(page)


def test_the_3d_cloud(page, base_url):
    open_page(page, base_url, "information", lang="zh", dim="3D", charts=CHARTS)
    assert_no_error(page)
    assert "scene" in plotly_layout(page, 1)
