"""The higher-dimensions page in a real Chromium: renders, reacts to a slider and to a new n."""

from __future__ import annotations

import math
import time

import pytest

from tests.browser.helpers import assert_no_error, expect_rerun, open_page, plotly_data

MAIN = '[data-testid="stMain"]'


def by_meta(traces, role):
    matches = [t for t in traces if t.get("meta") == role]
    assert matches, f"no trace {role!r} in {[t.get('meta') for t in traces]}"
    return matches[0]


def wait_for(page, read, done, timeout_s=30.0):
    deadline = time.monotonic() + timeout_s
    while True:
        value = read(page)
        if done(value) or time.monotonic() > deadline:
            return value
        page.wait_for_timeout(100)


def wait_for_charts(page, count=5, timeout_ms=60_000):
    page.wait_for_function(
        "(n) => { const els = document.querySelectorAll('.js-plotly-plot');"
        " return els.length >= n && Array.from(els).every((el) => el.data && el._fullLayout); }",
        arg=count, timeout=timeout_ms)


def input_norm_bins(page):
    return by_meta(plotly_data(page, 1), "hist_norm_input")["x"]


@pytest.mark.parametrize("lang", ["zh"])  # en: the tests below and the smoke test
def test_highdim_renders_every_chart(page, base_url, lang):
    open_page(page, base_url, "highdim", lang=lang, dim="32", samples="300", wait_for_plot=True)
    wait_for_charts(page)
    assert_no_error(page)
    ln = by_meta(plotly_data(page, 0), "points_ln")
    radii = [math.sqrt(x * x + y * y + z * z) for x, y, z in zip(ln["x"], ln["y"], ln["z"])]
    assert len(radii) == 300 and max(abs(r - 2.0) for r in radii) < 1e-9  # exact, on the radius-2 sphere
    text = page.locator(MAIN).inner_text()
    assert ("projection" if lang == "en" else "投影") in text


def test_moving_the_scale_slider_changes_the_input_norms(page, base_url):
    open_page(page, base_url, "highdim", lang="en", dim="32", samples="300", wait_for_plot=True)
    wait_for_charts(page)
    before = input_norm_bins(page)
    slider = page.locator(f'{MAIN} [data-testid="stSlider"]').filter(has_text="Scale σ").get_by_role("slider")
    slider.focus()
    with expect_rerun(page):
        slider.press("End")
    after = wait_for(page, input_norm_bins, lambda bins: bins[-1] > before[-1] * 5)
    assert after[-1] > before[-1] * 5  # sigma 1 -> 10 stretches the norms tenfold
    assert "sigma=" in page.url
    assert_no_error(page)


def test_typing_a_new_n_recomputes(page, base_url):
    open_page(page, base_url, "highdim", lang="en", dim="32", samples="300", wait_for_plot=True)
    wait_for_charts(page)
    box = page.locator(f'{MAIN} [data-testid="stNumberInput"]').filter(has_text="Dimension n").locator("input")
    with expect_rerun(page):
        box.fill("896")
        box.press("Enter")
    wait_for_charts(page)
    header = wait_for(page, lambda p: p.locator(MAIN).inner_text(), lambda s: "n = 896" in s)
    assert "n = 896, N = 300" in header
    assert "dim=896" in page.url
    assert_no_error(page)
