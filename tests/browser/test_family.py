"""The Family page in a real Chromium: renders in zh with projector type, editing x moves the 3D outputs and the
x / ‖x‖_p outputs; the columns' histograms are drawn; projector mode's layout in both languages."""

from __future__ import annotations

from tests.helpers.browser import (
    PLOT,
    assert_no_error,
    by_meta,
    enter_text,
    main_text,
    plotly_data,
    plotly_layout,
    switch_language,
    wait_for_traces,
)
from tests.helpers.projector import assert_fits_a_projector, open_on_a_projector

CHARTS = 3  # the members in 3D, x / ‖x‖_p, the columns' histograms
# the lazy p-balls' plot (normviz.ui.kit.figure) once drawn, named and described as every figure is
LAZY_PLOT_JS = """() => {
  const el = document.querySelector('.st-key-nv-figure-box-family-p_chart .nv-figure-plot');
  const described = el && document.getElementById(el.getAttribute('aria-describedby') || '');
  return el && described && el.classList.contains('js-plotly-plot')
    ? {role: el.getAttribute('role'), described: described.textContent} : null;
}"""


def test_family_renders_in_projector_mode_and_editing_x_moves_the_outputs_and_the_url(page, base_url):
    """One load, in Chinese with projector type, its layout checked (tests/helpers/projector.py); switched to
    English, the layout again, then an edited x moves the outputs."""
    open_on_a_projector(page, base_url, "family", lang="zh", charts=CHARTS)
    assert_fits_a_projector(page, "family", lang="zh")
    assert page.locator(PLOT).count() == CHARTS
    main = main_text(page)
    assert "(−1.225, 0.000, 1.225)" in main and "99.73 %" in main and "8,192" in main
    traces = plotly_data(page, 0)
    for role in ("sphere_unit", "sphere_sqrt3", "ln_circle", "simplex", "cube", "minmax_loop"):
        by_meta(traces, role)
    assert "维" in plotly_layout(page, 0)["scene"]["xaxis"]["title"]["text"]
    assert plotly_layout(page, 0)["font"]["size"] >= 20
    for role in ("p_octahedron", "p_sphere", "p_cube", "p_simplex", "p_out_l1", "p_out_softmax"):
        by_meta(plotly_data(page, 1), role)
    lazy = page.wait_for_function(LAZY_PLOT_JS, timeout=20_000).json_value()  # the second 3D scene, drawn lazily
    assert lazy["role"] == "figure"
    assert "L1" in lazy["described"] or "L₁" in lazy["described"], lazy
    hist = plotly_data(page, 2)
    assert by_meta(hist, "hist_incomes_before")["y"] == by_meta(hist, "hist_incomes_after")["y"]
    assert "偏度" in main and "erf(k/√2)" in main

    assert by_meta(traces, "out_minmax")["x"] == [0.0]  # (1, 2, 3) -> (0, 0.5, 1)
    switch_language(page, "en")
    assert_fits_a_projector(page, "family", lang="en")
    page.get_by_text("Controls", exact=True).first.click()  # projector mode folds the controls above the picture
    field = page.get_by_role("textbox", name="input x (3 components)")
    enter_text(page, field, "4, -1, 0.5")
    traces = wait_for_traces(page, 0, lambda tr: by_meta(tr, "out_minmax")["x"] == [1.0])
    assert by_meta(traces, "out_minmax")["y"] == [0.0]
    p = wait_for_traces(page, 1, lambda tr: by_meta(tr, "p_out_linf")["x"] == [1.0])  # x / max|x| = x / 4
    assert by_meta(p, "p_out_linf")["y"] == [-0.25] and by_meta(p, "p_out_linf")["z"] == [0.125]
    assert "family.x=" in page.url
    assert "(1.000, 0.000, 0.300)" in main_text(page)
    assert_no_error(page)
