"""The beyond page in a real Chromium: on a projector in both languages; a QK-norm control reruns its own section
alone (the DyT and outlier sections are not re-sent) and its statement and URL follow; the residual link opens
the residual page with Pre, Peri and nGPT shown."""

from __future__ import annotations

import math
import re

import numpy as np

from normviz import beyond
from normviz.format import decimals
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
    wait_for_charts,
)
from tests.helpers.browser import record_frames as record_received
from tests.helpers.projector import assert_fits_a_projector, open_on_a_projector

CHARTS = 8  # DyT's space, the Jacobians, QK, the sphere, the lengths, Peri-Norm's stack, the outlier


def test_beyond_fits_a_projector_and_a_qk_control_reruns_its_section_alone(page, base_url):
    received = record_received(page)
    open_on_a_projector(page, base_url, "beyond", lang="zh", charts=CHARTS)
    assert_fits_a_projector(page, "beyond", lang="zh")
    switch_language(page, "en")
    assert_fits_a_projector(page, "beyond", lang="en")
    assert page.locator(PLOT).count() == CHARTS

    # the first chart is DyT's: its output marker is the library's DyT((2, 0.5)) at α = 0.5
    cmp = beyond.compare_dyt((2.0, 0.5), alpha=0.5, eps=0.0)
    out = by_meta(plotly_data(page, 0), "out_dyt")
    assert np.allclose([out["x"][0], out["y"][0]], cmp.dyt, atol=1e-12)

    # LayerNorm for QK-norm: the statement follows (the cap √64 = 8 stays), the URL says it, and only the QK
    # section is re-sent (a fragment rerun)
    received.clear()
    page.get_by_text("Controls", exact=True).nth(1).click()  # projector mode folds each section's controls
    group = page.locator(f'{MAIN} [data-testid="stButtonGroup"]').filter(has_text="LayerNorm")
    group.locator("button").filter(has_text=re.compile("^LayerNorm$")).first.click()
    wait_for_app_run(page)
    rng = np.random.default_rng(0)
    q, keys = rng.standard_normal(64), rng.standard_normal((4, 64))
    here = beyond.qk_sweep(q, keys, (1.0, 10.0), norm="ln", eps=0.0)
    normed = decimals(float(np.max(np.abs(here.logits_normed[1]))), 3)
    wait_for(page, main_text, lambda text: f"With QK-norm the largest |ℓ| is {normed}" in text)
    assert "beyond.qknorm=LayerNorm" in page.url
    sent = b"".join(received)
    assert b"max_normed" in sent and b"out_dyt" not in sent and b"coords_rms" not in sent
    assert_no_error(page)


def test_the_residual_link_opens_the_stack_with_pre_peri_and_ngpt(page, base_url):
    open_on_a_projector(page, base_url, "beyond", lang="en", charts=CHARTS)
    page.get_by_role("link", name=re.compile("Open this stack on the Pre- vs Post-Norm page")).click()
    page.wait_for_url(re.compile(r"/residual\?"))
    wait_for_charts(page, 1)
    assert_no_error(page)
    shown = {m for m in re.findall(r"residual\.shown=(\w+)", page.url)}
    assert shown == {"pre", "peri", "ngpt"}
    metas = {t.get("meta") for t in plotly_data(page, 0)}
    assert "stream_peri_rms" in metas and "stream_pre_rms" in metas and "stream_post_rms" not in metas
    assert math.isfinite(by_meta(plotly_data(page, 0), "stream_ngpt_rms")["y"][-1])
