"""The warp page in a real Chromium: on a projector in both languages, the morph plays in the browser (no rerun)
and ends on the library's image, and a method change reruns the morph's fragment alone."""

from __future__ import annotations

import math
import re

from normviz import warp
from tests.helpers.browser import (
    MAIN,
    PLOT,
    assert_no_error,
    by_meta,
    main_text,
    plotly_data,
    switch_language,
    wait_for,
    wait_for_app_run,
    wait_for_traces,
)
from tests.helpers.browser import record_frames as record_received
from tests.helpers.projector import assert_fits_a_projector, open_on_a_projector

CHARTS = 3  # the morph, the ellipsoid, the share near the surface


def _finite_points(trace: dict) -> list[tuple[float, float]]:
    return [(x, y) for x, y in zip(trace["x"], trace["y"]) if x is not None and math.isfinite(x) and math.isfinite(y)]


def test_warp_plays_the_morph_in_the_browser_and_a_method_change_reruns_its_fragment(page, base_url):
    received = record_received(page)
    plotly_js: list[str] = []  # the live chart's morph and the figure component's two figures share one load
    page.on("request", lambda r: plotly_js.append(r.url) if "/app/static/plotly-" in r.url else None)
    open_on_a_projector(page, base_url, "warp", lang="zh", charts=CHARTS)
    assert len(plotly_js) == 1, plotly_js
    assert_fits_a_projector(page, "warp", lang="zh")
    switch_language(page, "en")
    assert_fits_a_projector(page, "warp", lang="en")
    assert page.locator(PLOT).count() == CHARTS

    # t = 0: the grid itself; Play runs every frame in the browser and ends on LayerNorm's image at ε = 0
    start = _finite_points(by_meta(plotly_data(page, 0), "grid_points"))
    assert sorted(start) == sorted(map(tuple, warp.grid_vertices(2, extent=3.0, count=7).tolist()))
    received.clear()
    page.get_by_role("button", name=re.compile("Play")).first.click()
    end = wait_for_traces(
        page,
        0,
        lambda tr: all(
            abs(abs(x) - 1) < 1e-6 and abs(x + y) < 1e-6 for x, y in _finite_points(by_meta(tr, "grid_points"))
        ),
    )
    landed = _finite_points(by_meta(end, "grid_points"))
    image = warp.grid_image(2, "ln", eps=0.0)
    assert len(landed) == image.points - image.undefined == 42  # the 7 on the diagonal have no output (0/0)
    assert len({(round(x, 6), round(y, 6)) for x, y in landed}) == image.distinct == 2
    assert received == []  # the frames played without the server

    # RMSNorm: the fold of (1.5, 0.5) becomes its ray, a fragment rerun that re-sends neither γ section nor page
    page.get_by_text("Controls", exact=True).first.click()  # projector mode folds them above the picture
    page.locator(f'{MAIN} [data-testid="stButtonGroup"] button').filter(has_text=re.compile("^RMSNorm$")).first.click()
    wait_for_app_run(page)
    fold = warp.grid_fold("rms", (1.5, 0.5), eps=0.0)
    wait_for(page, main_text, lambda text: f"{len(fold.vertices)} lie in the fold" in text)
    assert "warp.method=RMSNorm" in page.url
    sent = b"".join(received)
    assert b"grid_points" in sent and b"ell_plane" not in sent and b"fraction" not in sent
    assert_no_error(page)
