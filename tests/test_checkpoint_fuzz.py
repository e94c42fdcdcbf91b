"""Hostile uploads at volume: random, truncated and corrupted files never escape as anything but CheckpointError.

The checkpoint page reads an upload with ``normviz.checkpoint.read_state_dict``
(by content, not by name) and a config with ``read_config``; hypothesis feeds
them random bytes, every prefix-length class of the bundled examples, byte
flips inside them, and the right bytes under the wrong file name.
"""

from __future__ import annotations

import functools
import io
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from normviz import checkpoint, checkpoint_examples

EXAMPLES = int(os.environ.get("NORMVIZ_FUZZ_EXAMPLES", "5")) * 20
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
NAMES = st.sampled_from(
    (
        "model.safetensors",
        "pytorch_model.bin",
        "model.pt",
        "x.json",
        "photo.png",
        "",
        "a" * 300,
        "模型.safetensors",
        "<b>x</b>.bin",
    )
)


@functools.cache
def bundled() -> list[bytes]:
    """The bundled safetensors files, and the GPT-2-like one saved by torch.save (zip) and as a legacy pickle."""
    import torch

    files = sorted(p for p in checkpoint_examples.DATA.rglob("*") if p.is_file() and p.suffix != ".json")
    assert files, "no bundled example checkpoints"
    state = {k: torch.from_numpy(v.copy()) for k, v in checkpoint_examples.gpt2_state().items()}
    saved = []
    for legacy in (False, True):
        buf = io.BytesIO()
        torch.save(state, buf, _use_new_zipfile_serialization=not legacy)
        saved.append(buf.getvalue())
    return [p.read_bytes() for p in files] + saved


def read(data: bytes, name: str):
    try:
        return checkpoint.read_state_dict(data, name)
    except checkpoint.CheckpointError as exc:
        assert exc.code and str(exc) and "\n" not in str(exc)
        return None


@FUZZ
@given(data=st.binary(max_size=4096), name=NAMES)
def test_random_bytes_are_refused_cleanly(data, name):
    read(data, name)


@FUZZ
@given(which=st.integers(0, 11), cut=st.floats(0, 1, exclude_max=True), name=NAMES)
def test_truncated_examples_are_refused_cleanly(which, cut, name):
    files = bundled()
    data = files[which % len(files)]
    assert read(data[: int(cut * len(data))], name) is None


@FUZZ
@given(
    which=st.integers(0, 11),
    where=st.lists(st.floats(0, 1, exclude_max=True), min_size=1, max_size=8),
    byte=st.integers(0, 255),
    name=NAMES,
)
def test_corrupted_examples_never_raise_anything_else(which, where, byte, name):
    files = bundled()
    data = bytearray(files[which % len(files)])
    for w in where:
        data[int(w * len(data))] = byte
    state = read(bytes(data), name)
    if state is not None:  # a flip inside tensor data still parses: then it is a real state dict
        assert all(hasattr(v, "shape") for v in state.values())


@FUZZ
@given(which=st.integers(0, 11), name=NAMES)
def test_the_content_decides_not_the_file_name(which, name):
    files = bundled()
    data = files[which % len(files)]
    assert read(data, name) is not None


def test_more_than_the_cap_is_refused_before_parsing():
    try:
        checkpoint.read_state_dict(b"\0" * (checkpoint.MAX_BYTES + 1), "model.safetensors")
    except checkpoint.CheckpointError as exc:
        assert exc.code == "too_large"
    else:
        raise AssertionError("an upload above MAX_BYTES was read")


@FUZZ
@given(text=st.one_of(st.text(max_size=200), st.binary(max_size=200).map(lambda b: b.decode("latin-1"))))
def test_configs_are_refused_cleanly(text):
    try:
        config = checkpoint.read_config(text.encode("utf-8", "surrogatepass"))
    except checkpoint.CheckpointError as exc:
        assert exc.code
    else:
        assert isinstance(config, dict)
