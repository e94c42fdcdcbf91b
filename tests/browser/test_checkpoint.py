"""The checkpoint page in a real Chromium: an example renders, an uploaded file is read and tabled."""

from __future__ import annotations

import pickle

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
    wait_for_charts,
)

UPLOADER = '[data-testid="stFileUploader"]'


def checkpoint_input(page, label: str):
    """The file input of the uploader labelled ``label`` (the page has two: the checkpoint and its config)."""
    return page.locator(UPLOADER).filter(has_text=label).locator('input[type="file"]')


def test_example_renders_with_verdict_table_and_figures(page, base_url):
    open_page(page, base_url, "checkpoint", lang="zh", charts=2)
    assert_no_error(page)
    text = main_text(page)
    assert "结论：RMSNorm" in text and "model.layers.N.input_layernorm" in text
    assert by_meta(plotly_data(page, 0), "layers:model.norm")


def test_a_refused_upload_is_a_message_and_an_uploaded_file_shows_its_table(page, base_url, tmp_path):
    """One load: in Chinese a pickle that runs code is refused with a message; switched to English, a real
    checkpoint (safetensors under another extension) gets its verdict and table, its name shown literally."""
    open_page(page, base_url, "checkpoint", lang="zh", **{"checkpoint.source": "upload"})
    evil = tmp_path / "evil.pt"
    evil.write_bytes(pickle.dumps({"x": print}, protocol=2))
    checkpoint_input(page, "检查点文件").set_input_files(str(evil))
    wait_for(page, main_text, lambda t: "已拒绝" in t)
    assert_no_error(page)

    switch_language(page, "en")
    model = tmp_path / "my gpt2 <b>.bin"  # safetensors content under another extension
    model.write_bytes(EXAMPLES["gpt2"].model.read_bytes())
    checkpoint_input(page, "Checkpoint file").set_input_files(str(model))
    wait_for(page, main_text, lambda t: "Verdict: LayerNorm with γ and β" in t)
    wait_for_charts(page, 2)
    table = page.locator(f"{MAIN} table").first.inner_text()
    assert "h.N.ln_1" in table and "LayerNorm (γ and β)" in table
    assert "my gpt2 <b>.bin" in main_text(page)  # the name literally, its "<b>" not turned into markup
    assert_no_error(page)
