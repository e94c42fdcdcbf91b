"""The real-model page in a real Chromium: the model's heat maps in Chinese, a norm change reruns the analysis
fragment alone, and uploads: a hostile file is one line in the page's language, hidden states with a planted
outlier coordinate are analysed like the model's."""

from __future__ import annotations

import io
import pickle

import numpy as np

from normviz import hidden, model
from normviz.checkpoint_examples import EXAMPLES
from tests.helpers.browser import (
    MAIN,
    assert_no_error,
    by_meta,
    main_text,
    open_page,
    plotly_data,
    switch_language,
    wait_for,
    wait_for_app_run,
    wait_for_charts,
)
from tests.helpers.browser import record_frames as record_received

UPLOADER = '[data-testid="stFileUploader"] input[type="file"]'
FIRST = "The students dragged the vector and watched it land on the sphere."


def test_the_model_page_draws_the_real_states_and_a_norm_change_reruns_the_analysis_alone(page, base_url):
    received = record_received(page)
    open_page(page, base_url, "model", lang="zh", charts=9)
    assert_no_error(page)
    run = model.run(FIRST)
    share = by_meta(plotly_data(page, 0), "heatmap_share")
    expected = np.stack([hidden.token_stats(x).share_ones for x in run.inputs])
    np.testing.assert_allclose(np.asarray(share["z"], dtype=float), expected, rtol=1e-6)
    assert "变成了 15 个词元" in main_text(page)

    received.clear()
    slider = page.locator('[data-testid="stSlider"]').filter(has_text="看哪一个 LayerNorm").get_by_role("slider")
    slider.press("Home")  # the embeddings' LayerNorm
    wait_for(page, main_text, lambda t: "embeddings 的 γ 从" in t)
    assert "model.norm=embeddings" in page.url
    sent = b"".join(received)
    assert b"heatmap_share" in sent and "真实模型里的归一化".encode() not in sent  # the fragment, not the page
    assert_no_error(page)


def test_uploads_are_analysed_and_a_hostile_file_is_one_line(page, base_url, tmp_path):
    open_page(page, base_url, "model", lang="zh", **{"model.source": "upload"})
    evil = tmp_path / "evil.pt"
    evil.write_bytes(pickle.dumps({"x": print}, protocol=2))
    page.locator(UPLOADER).set_input_files(str(evil))
    wait_for(page, main_text, lambda t: "出于安全不读取" in t)
    assert_no_error(page)

    switch_language(page, "en")
    x = np.random.default_rng(0).standard_normal((12, 64)).astype(np.float32)
    x[:, 5] += 40.0  # one planted outlier coordinate in every token
    buf = io.BytesIO()
    np.save(buf, x)
    path = tmp_path / "states <b>.npy"
    path.write_bytes(buf.getvalue())
    page.locator(UPLOADER).set_input_files(str(path))
    wait_for(page, main_text, lambda t: "Only x₅ of the uploaded states exceeds 6 times" in t)
    wait_for_charts(page, 4)  # share, gap, outliers, the picture: no γ, no recurrence across norms
    wait_for_app_run(page)
    assert "The learned γ and β" not in main_text(page)
    assert page.locator(f"{MAIN} .js-plotly-plot").count() == 4
    assert_no_error(page)

    # the checkpoint the states "came from" (the bundled GPT-2-style example, D = 32): its γ and β appear
    x32 = np.random.default_rng(3).standard_normal((8, 32)).astype(np.float32)
    buf = io.BytesIO()
    np.save(buf, x32)
    narrow = tmp_path / "states32.npy"  # another name: choosing the same path again fires no change
    narrow.write_bytes(buf.getvalue())
    page.locator(UPLOADER).first.set_input_files(str(narrow))
    wait_for(page, main_text, lambda t: "in 12 of 12 rows" not in t)  # the 8 new rows analysed
    wait_for_app_run(page)
    page.locator(UPLOADER).nth(1).set_input_files(str(EXAMPLES["gpt2"].model))
    wait_for(page, main_text, lambda t: "h.0.ln_1's γ runs from" in t)
    wait_for_charts(page, 5)
    assert_no_error(page)
