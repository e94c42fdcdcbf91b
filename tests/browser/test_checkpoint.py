"""The checkpoint page in a real Chromium: an example renders, an uploaded file is read and tabled, a hostile one
refused in seconds while the server goes on answering."""

from __future__ import annotations

import contextlib
import pickle
import threading
import time
import urllib.request
from collections.abc import Iterator

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
from tests.helpers.hostilecheckpoints import many_tensors

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


def server_rss_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS")) / 1024


@contextlib.contextmanager
def health_latencies(base_url: str) -> Iterator[list[float]]:
    """Seconds each ``/_stcore/health`` request took, asked one after another (20 ms apart) while the body
    runs: the server's event loop answers it only when it has the interpreter lock, as another session's move."""
    took: list[float] = []
    stop = threading.Event()

    def poll() -> None:
        while not stop.is_set():
            start = time.perf_counter()
            with urllib.request.urlopen(f"{base_url}/_stcore/health", timeout=30) as response:
                response.read()
            took.append(time.perf_counter() - start)
            stop.wait(0.02)

    thread = threading.Thread(target=poll, name="health-poll", daemon=True)
    thread.start()
    try:
        yield took
    finally:
        stop.set()
        thread.join(40)


def test_the_110000_tensor_upload_is_refused_in_seconds_and_the_server_keeps_answering(
    page, base_url, app_server, tmp_path
):
    """Issue #23's file (12.6 MB, 110 000 one-element tensors) uploaded to a real server: the refusal within
    5 s, the server's memory back within 50 MiB, and the server answering other requests in under 200 ms all
    the while. Before (commit 7bfdac1, measured with a session moving the plane every 0.3 s): the verdict after
    9.6 s, the server busy 67 s, its memory from 167 MiB to 557 and 381 after, the moves up to 2.1 s; now 1.0 s,
    1.6 s, 166 to 202 and 178 (the upload itself, which Streamlit keeps), 64 ms."""
    open_page(page, base_url, "checkpoint", lang="en", **{"checkpoint.source": "upload"})
    path = tmp_path / "many.safetensors"
    path.write_bytes(many_tensors(110_000))
    before = server_rss_mib(app_server.process.pid)
    with health_latencies(base_url) as took:
        start = time.perf_counter()
        checkpoint_input(page, "Checkpoint file").set_input_files(str(path))
        shown = wait_for(page, main_text, lambda t: "declares 110 000 tensors" in t, timeout_s=30)
        elapsed = time.perf_counter() - start
        wait_for_app_run(page)
    assert "declares 110 000 tensors, more than the 20 000 this page reads" in shown
    assert elapsed <= 5, elapsed
    assert_no_error(page)
    assert server_rss_mib(app_server.process.pid) - before < 50
    assert len(took) >= 5 and max(took) < 0.2, sorted(took)[-5:]
