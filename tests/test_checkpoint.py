"""normviz.checkpoint: reading checkpoints safely, recognising and classifying norm parameters, the CLI."""

from __future__ import annotations

import io
import json
import os
import pickle
import time
import zipfile
from pathlib import Path

import numpy as np
import pytest
import torch
from safetensors.numpy import save as save_safetensors

from normviz import checkpoint as ck
from normviz import checkpoint_examples as ex
from tests.helpers.hostilecheckpoints import HOSTILE, costs, many_tensors, metadata_flood
from tests.helpers.qkcheckpoints import MODELS, qk_file

GPT2 = ex.EXAMPLES["gpt2"]
LLAMA = ex.EXAMPLES["llama"]


def torch_bytes(obj, *, legacy: bool = False) -> bytes:
    buf = io.BytesIO()
    torch.save(obj, buf, _use_new_zipfile_serialization=not legacy)
    return buf.getvalue()


def gpt2():
    return ck.read_state_dict(GPT2.model.read_bytes())


def llama():
    return ck.read_state_dict(LLAMA.model.read_bytes())


def llama_config():
    return ck.read_config(LLAMA.config_path.read_bytes())


def code_of(data: bytes, name: str = "") -> str:
    with pytest.raises(ck.CheckpointError) as info:
        ck.read_state_dict(data, name)
    assert "\n" not in str(info.value) and str(info.value)
    return info.value.code


# --- the bundled examples ----------------------------------------------------------------------------


def test_committed_example_files_are_what_the_writer_produces():
    files = ex.files()
    assert len(files) == 5
    for path, data in files.items():
        assert path.is_file(), f"{path} is missing: run python -m normviz.checkpoint_examples"
        assert path.read_bytes() == data, f"{path} differs from what normviz.checkpoint_examples writes"
        assert len(data) < 300_000


def test_gpt2_example_is_layernorm_with_gamma_and_beta_and_needs_no_config():
    report = ck.inspect(gpt2(), None)
    assert report.verdict == "layernorm"
    assert [f.name for f in report.families] == ["h.N.ln_1", "h.N.ln_2", "ln_f"]
    assert [len(f.groups) for f in report.families] == [4, 4, 1]
    assert {g.evidence for g in report.groups} == {"weight_and_bias"}
    assert [g.layer for g in report.families[0].groups] == [0, 1, 2, 3]
    assert report.families[2].groups[0].layer is None
    # 9 modules x (32 + 32); the share against every float in the file
    state = ex.gpt2_state()
    assert report.norm_params == 9 * 64
    assert report.total_params == sum(a.size for a in state.values()) == 61120
    assert report.share == pytest.approx(576 / 61120)
    assert report.other_1d == ()  # the Conv1D biases are linear biases, not norms
    assert not any("attn" in n or "mlp" in n for g in report.groups for n in g.names)


def test_gpt2_example_gamma_statistics_per_layer():
    report = ck.inspect(gpt2(), None)
    state = ex.gpt2_state()
    for g in report.groups:
        w = state[f"{g.module}.weight"].astype(np.float64)
        assert g.stat("mean") == pytest.approx(w.mean())
        assert g.stat("std") == pytest.approx(w.std())  # biased, across the D components
        assert (g.stat("min"), g.stat("max")) == (w.min(), w.max())
        assert g.stat("median") == np.median(w)
        assert [g.quantile(q) for q in (0.25, 0.5, 0.75, 0.9)] == [np.quantile(w, q) for q in (0.25, 0.5, 0.75, 0.9)]
        assert g.beta_mean == pytest.approx(state[f"{g.module}.bias"].mean())
    ln1 = [g.stat("mean") for g in report.families[0].groups]
    assert ln1 == sorted(ln1) and 0.8 < ln1[0] < 1.3  # near 1, drifting upward layer by layer


def test_a_statistic_numpy_has_but_the_table_does_not_name_is_refused():
    group = ck.inspect(gpt2(), None).groups[0]
    with pytest.raises(ValueError, match="name must be one of"):
        group.stat("var")


def test_llama_example_without_config_cannot_tell_rmsnorm_from_bias_free_layernorm():
    report = ck.inspect(llama(), None)
    assert report.verdict == "scale_only"
    assert {g.evidence for g in report.groups} == {"names_only"}
    assert [f.name for f in report.families] == [
        "model.layers.N.input_layernorm",
        "model.layers.N.post_attention_layernorm",
        "model.norm",
    ]
    assert report.norm_params == 13 * 32
    assert all(g.beta is None for g in report.groups)


def test_llama_example_with_its_config_is_rmsnorm():
    config = llama_config()
    assert config["model_type"] == "llama" and config["rms_norm_eps"] == 1e-5
    report = ck.inspect(llama(), config)
    assert report.verdict == "rmsnorm"
    assert {g.evidence for g in report.groups} == {"model_type"}
    assert report.config.family == "llama" and report.config.eps_key == "rms_norm_eps"


def test_llama_example_is_bfloat16_read_exactly_as_float32():
    state = llama()
    ref = ex.llama_state()
    for name, a in state.items():
        assert a.dtype == np.float32
        want = torch.from_numpy(ref[name]).to(torch.bfloat16).float().numpy()  # torch's rounding as the oracle
        np.testing.assert_array_equal(a, want)


def test_qwen3_example_has_qk_norms_of_head_dim_beside_hidden_state_norms():
    config = ck.read_config(ex.EXAMPLES["qwen3"].config_path.read_bytes())
    report = ck.inspect(ck.read_state_dict(ex.EXAMPLES["qwen3"].model.read_bytes()), config)
    assert report.verdict == "rmsnorm" and report.hidden == 32 and report.config.head_dim == 16
    spans = {f.name: (f.sizes, f.spans) for f in report.families}
    assert spans == {
        "model.layers.N.input_layernorm": ((32,), ("hidden",)),
        "model.layers.N.post_attention_layernorm": ((32,), ("hidden",)),
        "model.layers.N.self_attn.k_norm": ((16,), ("head",)),
        "model.layers.N.self_attn.q_norm": ((16,), ("head",)),
        "model.norm": ((32,), ("hidden",)),
    }
    heads = {g.module.rpartition(".")[2]: g.heads for g in report.qk_groups}
    assert heads == {"q_norm": 4, "k_norm": 2}  # q_proj (64, 32) and k_proj (32, 32) over head_dim 16
    assert report.norm_params == 4 * (32 + 32 + 16 + 16) + 32
    assert report.tied == () and "lm_head.weight" not in ck.read_state_dict(ex.EXAMPLES["qwen3"].model.read_bytes())


def test_gamma_spread_of_the_llama_example_is_far_from_1():
    report = ck.inspect(llama(), llama_config())
    spread = ck.gamma_spread(report)
    state = llama()
    gammas = {name.removesuffix(".weight"): a.astype(np.float64) for name, a in state.items() if a.ndim == 1}
    everything = np.concatenate(list(gammas.values()))
    assert (spread.low, spread.high) == (everything.min(), everything.max())
    medians = {k: np.median(v) for k, v in gammas.items()}
    assert spread.median_low == (min(medians.values()), "model.layers.0.input_layernorm")
    assert spread.median_high == (max(medians.values()), "model.norm")
    assert spread.median_low[0] < 0.6 and spread.median_high[0] > 1.8  # not "near 1"
    assert spread.near_one == pytest.approx(np.mean(np.abs(everything - 1) <= 0.1))
    assert spread.near_one < 0.5
    layer0, final = report.groups[0], report.groups[-1]
    assert round(layer0.stat("mean"), 2) == 0.58 and round(final.stat("mean"), 2) == 1.86  # the figures
    assert ck.gamma_spread(ck.inspect({"fc.weight": np.ones((2, 2), np.float32)})) is None


def test_torch_initialises_gamma_at_1():
    """What the help text says of a fresh model: PyTorch's LayerNorm and RMSNorm start with γ = 1."""
    for module in (torch.nn.LayerNorm(8), torch.nn.RMSNorm(8)):
        assert torch.equal(module.weight.detach(), torch.ones(8))


def test_quantiles_are_numpys():
    g = ck.inspect(gpt2(), None).groups[0]
    w = ex.gpt2_state()["h.0.ln_1.weight"].astype(np.float64)
    assert [g.quantile(q) for q in (0.25, 0.5, 0.75)] == [np.quantile(w, q) for q in (0.25, 0.5, 0.75)]
    assert g.stat("median") == np.median(w)


# --- QK-norm: γ of length head_dim (Qwen3, Gemma 3) or of the whole projection (OLMo 2) ----------------------


@pytest.mark.parametrize("name", list(MODELS))
@pytest.mark.parametrize("with_config", [True, False])
def test_qk_norms_are_classified_by_what_their_gamma_spans(name, with_config):
    m = MODELS[name]
    report = ck.inspect(ck.read_state_dict(qk_file(name)), m["config"] if with_config else None)
    assert report.hidden == m["d"]
    qk = {g.target: g for g in report.qk_groups if g.layer == 0}
    assert set(qk) == {"q", "k"} and len(report.qk_groups) == 6
    for target, span, heads in (("q", m["qk"][0], m["heads"]), ("k", m["qk"][1], m["kv_heads"])):
        g = qk[target]
        if heads == 1 and not with_config:  # one key head: that head is the whole projection, and without
            span = "projection"  # head_dim the page calls it so (the same numbers either way)
        assert g.span == span and g.module == f"model.layers.0.self_attn.{target}_norm"
        assert g.size == (m["head_dim"] if span == "head" else heads * m["head_dim"])
        assert g.heads == (heads if span == "head" or with_config else None)  # a projection's heads need head_dim
    others = [g for g in report.groups if g.target is None]
    assert {g.span for g in others} == {"hidden"} and {g.size for g in others} == {m["d"]}
    # counts: 3 layers of two hidden-state norms and q/k, plus the final norm; all weight-only
    assert len(report.groups) == 3 * 4 + 1
    assert report.norm_params == 3 * (2 * m["d"] + qk["q"].size + qk["k"].size) + m["d"]
    if with_config:
        kind = "gemma_rmsnorm" if name == "gemma3" else "rmsnorm"
        assert report.counts == {kind: 13} and {g.evidence for g in report.groups} == {"model_type"}
    else:
        assert report.counts == {"scale_only": 13}


def test_olmo2_query_norm_is_as_long_as_the_hidden_state_but_spans_the_projection():
    report = ck.inspect(ck.read_state_dict(qk_file("olmo2")), MODELS["olmo2"]["config"])
    q = next(g for g in report.qk_groups if g.target == "q")
    assert q.size == report.hidden == 64 and q.span == "projection" and q.heads == 4


def test_a_qk_norm_without_its_projection_is_placed_by_the_config_or_its_length():
    state = {
        "model.layers.0.input_layernorm.weight": np.ones(64, np.float32),
        "model.layers.0.self_attn.q_norm.weight": np.ones(16, np.float32),
        "model.layers.0.self_attn.k_norm.weight": np.ones(64, np.float32),
    }
    head = ck.inspect(state, {"hidden_size": 64, "num_attention_heads": 4})  # head_dim 64 / 4 = 16
    assert [(g.target, g.span) for g in head.qk_groups] == [("k", "projection"), ("q", "head")]
    alone = ck.inspect(state, None)
    assert [(g.target, g.span) for g in alone.qk_groups] == [("k", "projection"), ("q", "other")]


@pytest.mark.parametrize("name, target", [
    ("q_norm", "q"), ("k_norm", "k"), ("q_layernorm", "q"), ("k_layernorm", "k"), ("query_norm", "q"),
    ("key_layer_norm", "k"), ("qnorm", "q"), ("norm", None), ("input_layernorm", None), ("kv_norm", None),
])  # fmt: skip
def test_qk_norm_names(name, target):
    state = {f"layers.0.attn.{name}.weight": np.ones(8, np.float32)}
    (g,) = ck.inspect(state, None).groups
    assert g.target == target


def test_config_facts_read_hidden_size_and_head_dim():
    facts = ck.config_facts({"hidden_size": 1024, "num_attention_heads": 16, "head_dim": 128})  # Qwen3-0.6B
    assert (facts.hidden_size, facts.head_dim) == (1024, 128)
    assert ck.config_facts({"hidden_size": 4096, "num_attention_heads": 32}).head_dim == 128  # default hidden / heads
    assert ck.config_facts({"n_embd": 768, "n_head": 12}).head_dim == 64  # GPT-2's names
    assert ck.config_facts({"hidden_size": True, "num_attention_heads": 0}).hidden_size is None
    nested = ck.config_facts({"text_config": {"hidden_size": 2560, "num_attention_heads": 8, "head_dim": 256}})
    assert (nested.hidden_size, nested.head_dim) == (2560, 256)  # Gemma 3 4B's text model


def test_hidden_size_is_the_configs_when_a_norm_has_it_else_the_commonest_length():
    state = {f"h.{i}.ln_1.weight": np.ones(8, np.float32) for i in range(3)} | {"vis.ln.weight": np.ones(5, np.float32)}
    assert ck.inspect(state, None).hidden == 8
    assert ck.inspect(state, {"hidden_size": 5}).hidden == 5  # a model with a vision tower: the config says which
    assert ck.inspect(state, {"hidden_size": 7}).hidden == 8  # a config that fits no norm is not believed
    assert [g.span for g in ck.inspect(state, None).groups] == ["hidden"] * 3 + ["other"]
    assert ck.inspect({}, {"hidden_size": 7}).hidden == 7


# --- what a weight-only norm is, by config -----------------------------------------------------------


def weight_only(config):
    state = {
        "model.layers.0.input_layernorm.weight": np.full(8, 0.1, np.float32),
        "model.layers.0.mlp.up_proj.weight": np.zeros((16, 8), np.float32),
    }
    return ck.inspect(state, config)


@pytest.mark.parametrize(
    "config, kind, evidence",
    [
        (None, "scale_only", "names_only"),
        ({}, "scale_only", "config_silent"),
        ({"rms_norm_eps": 1e-6}, "rmsnorm", "rms_eps"),
        ({"layer_norm_eps": 1e-5}, "scale_only", "other_eps"),  # a name is not proof (T5: layer_norm_epsilon, RMSNorm)
        ({"layer_norm_epsilon": 1e-6, "model_type": "t5"}, "rmsnorm", "model_type"),
        ({"model_type": "cohere", "layer_norm_eps": 1e-5}, "bias_free_layernorm", "model_type"),
        ({"architectures": ["Qwen2ForCausalLM"]}, "rmsnorm", "model_type"),
        ({"architectures": ["DeepseekV3ForCausalLM"]}, "rmsnorm", "model_type"),
        ({"model_type": "gemma2"}, "gemma_rmsnorm", "model_type"),
        (
            {"model_type": "gemma3", "text_config": {"model_type": "gemma3_text", "rms_norm_eps": 1e-6}},
            "gemma_rmsnorm",
            "model_type",
        ),
        ({"model_type": "gemma3n"}, "rmsnorm", "model_type"),  # Gemma 3n scales by w itself, not 1 + w
        ({"model_type": "some_new_model", "rms_norm_eps": 1e-6}, "rmsnorm", "rms_eps"),
    ],
)
def test_weight_only_norm_is_decided_by_the_config_or_declared_undecidable(config, kind, evidence):
    report = weight_only(config)
    assert [(g.kind, g.evidence) for g in report.groups] == [(kind, evidence)]
    assert kind in ck.KINDS and evidence in ck.EVIDENCE


def test_gemma_effective_scale_is_one_plus_the_stored_weight():
    stored = np.array([-0.05, 0.0, 0.02, 0.1], np.float32)
    report = ck.inspect({"model.norm.weight": stored}, {"model_type": "gemma"})
    g = report.groups[0]
    assert g.kind == "gemma_rmsnorm"
    np.testing.assert_allclose(g.gamma, 1 + stored.astype(np.float64))
    assert g.stat("mean") == pytest.approx(1 + stored.astype(np.float64).mean())
    plain = ck.inspect({"model.norm.weight": stored}, {"model_type": "llama"}).groups[0]
    np.testing.assert_allclose(plain.gamma, stored)


def test_config_facts_read_eps_from_nested_text_config():
    facts = ck.config_facts({"model_type": "x", "text_config": {"rms_norm_eps": 1e-6}})
    assert (facts.eps_key, facts.eps, facts.family) == ("rms_norm_eps", 1e-6, None)
    assert ck.config_facts(None) is None
    with pytest.raises(TypeError, match="config"):
        ck.config_facts([1, 2])


# --- recognising norms by name and shape -------------------------------------------------------------


def test_a_model_without_norms_has_none_and_a_zero_share():
    state = {
        "fc1.weight": np.ones((4, 3), np.float32),
        "fc1.bias": np.ones(4, np.float32),
        "head.weight": np.ones((2, 4), np.float32),
    }
    report = ck.inspect(state, None)
    assert report.groups == () and report.verdict == "none" and report.share == 0.0
    assert report.total_params == 12 + 4 + 8
    assert report.other_1d == ()  # fc1.bias is a linear bias
    assert ck.inspect({}, None).verdict == "none"


@pytest.mark.parametrize(
    "name",
    [
        "h.0.ln_1",
        "transformer.ln_f",
        "encoder.layer.3.attention.output.LayerNorm",
        "decoder.final_layer_norm",
        "encoder.block.0.layer.1.layer_norm",
        "layers.2.attention_norm",
        "layers.2.ffn_norm",
        "blocks.1.norm1",
        "visual.ln_post",
        "model.layers.7.self_attn.q_norm",
        "model.embed_layernorm",
        "backbone.norm_f",
        "layers.0.mixer.norm",
        "model.layers.0.pre_feedforward_layernorm",
        "gpt_neox.layers.0.input_layernorm",
        "bert.embeddings.LayerNorm",
        "model.decoder.layernorm_embedding",
        "h.0.attn_ln",
    ],
)
def test_norm_names_are_recognised(name):
    state = {f"{name}.weight": np.ones(6, np.float32), f"{name}.bias": np.zeros(6, np.float32)}
    report = ck.inspect(state, None)
    assert [g.module for g in report.groups] == [name]
    assert report.groups[0].kind == "layernorm"


@pytest.mark.parametrize(
    "name",
    [
        "h.0.attn.c_attn",
        "h.0.mlp.c_proj",
        "layers.0.linear",
        "classifier",
        "norm_proj_weight_norm",
        "encoder.conv.weight_norm",
        "unet.group_norm",
        "h.0.attn.normal",
    ],
)
def test_other_one_dimensional_tensors_are_not_norms(name):
    state = {f"{name}.weight": np.ones(6, np.float32), f"{name}.bias": np.zeros(6, np.float32)}
    assert ck.inspect(state, None).groups == ()


def test_linear_biases_next_to_matrices_are_not_reported_as_unrecognised_1d_tensors():
    state = {
        "h.0.attn.c_attn.weight": np.ones((4, 12), np.float32),
        "h.0.attn.c_attn.bias": np.zeros(12, np.float32),
        "h.0.ln_1.weight": np.ones(4, np.float32),
        "h.0.ln_1.bias": np.zeros(4, np.float32),
        "h.0.rel.scale_vector": np.ones(4, np.float32),
    }
    report = ck.inspect(state, None)
    assert [g.module for g in report.groups] == ["h.0.ln_1"]
    assert report.other_1d == ("h.0.rel.scale_vector",)


def test_two_dimensional_norm_weight_is_not_a_norm():
    assert ck.inspect({"model.norm.weight": np.ones((4, 4), np.float32)}, None).groups == ()
    # a weight and bias of different lengths are not one norm's γ and β
    assert ck.inspect({"ln.weight": np.ones(4, np.float32), "ln.bias": np.ones(5, np.float32)}, None).groups == ()


def test_gamma_beta_names_of_old_tensorflow_ports():
    state = {
        "bert.encoder.layer.0.output.LayerNorm.gamma": np.ones(4, np.float32),
        "bert.encoder.layer.0.output.LayerNorm.beta": np.zeros(4, np.float32),
    }
    g = ck.inspect(state, None).groups[0]
    assert g.kind == "layernorm" and g.layer == 0 and g.family == "bert.encoder.layer.N.output.LayerNorm"


def test_mixed_kinds_and_batchnorm():
    state = {
        "h.0.ln_1.weight": np.ones(4, np.float32),
        "h.0.ln_1.bias": np.zeros(4, np.float32),
        "h.0.attn.q_norm.weight": np.ones(2, np.float32),
        "stem.bn1.weight": np.ones(3, np.float32),
        "stem.bn1.bias": np.zeros(3, np.float32),
        "stem.bn1.running_mean": np.zeros(3, np.float32),
        "stem.bn1.running_var": np.ones(3, np.float32),
        "stem.bn1.num_batches_tracked": np.array(7),
    }
    report = ck.inspect(state, None)
    assert report.verdict == "mixed"
    assert report.counts == {"layernorm": 1, "scale_only": 1, "batchnorm": 1}
    bn = next(g for g in report.groups if g.kind == "batchnorm")
    assert bn.count == 6  # γ and β; running statistics are not learned
    assert report.norm_params == 8 + 2 + 6


def test_layers_sort_numerically_and_families_group_them():
    state = {f"h.{i}.ln_1.weight": np.full(3, 1 + i / 100, np.float32) for i in (10, 2, 1, 0)}
    report = ck.inspect(state, None)
    assert [g.layer for g in report.groups] == [0, 1, 2, 10]
    assert len(report.families) == 1 and report.families[0].name == "h.N.ln_1"


def test_tied_weights_are_counted_once():
    emb = np.ones((10, 4), np.float32)
    state = {"wte.weight": emb, "lm_head.weight": emb, "ln_f.weight": np.ones(4, np.float32)}
    report = ck.inspect(state, None)
    assert report.total_params == 44 and report.tied == (("lm_head.weight", "wte.weight"),)
    # the same through a torch file: the two names share one storage
    w = torch.ones(10, 4)
    read = ck.read_state_dict(torch_bytes({"wte.weight": w, "lm_head.weight": w, "ln_f.weight": torch.ones(4)}))
    assert read["wte.weight"] is read["lm_head.weight"]
    assert ck.inspect(read, None).total_params == 44


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16, torch.float32, torch.float64])
def test_torch_dtypes_are_read_and_their_statistics_match_torch(dtype):
    gamma = (1 + 0.1 * torch.randn(16, generator=torch.Generator().manual_seed(0))).to(dtype)
    state = ck.read_state_dict(
        torch_bytes(
            {
                "model.layers.0.input_layernorm.weight": gamma,
                "model.layers.0.mlp.up_proj.weight": torch.zeros(8, 16, dtype=dtype),
            }
        )
    )
    arr = state["model.layers.0.input_layernorm.weight"]
    assert arr.dtype == (np.float32 if dtype == torch.bfloat16 else torch.empty(0, dtype=dtype).numpy().dtype)
    g = ck.inspect(state, None).groups[0]
    ref = gamma.double()
    assert g.stat("mean") == pytest.approx(ref.mean().item(), rel=1e-12)
    assert g.stat("std") == pytest.approx(ref.std(unbiased=False).item(), rel=1e-12)


def test_float16_safetensors_keep_their_dtype():
    data = save_safetensors({"ln_f.weight": np.ones(4, np.float16), "ln_f.bias": np.zeros(4, np.float16)})
    state = ck.read_state_dict(data)
    assert state["ln_f.weight"].dtype == np.float16
    assert ck.inspect(state, None).groups[0].dtype == "float16"


def test_gamma_histogram_counts_every_component_once():
    report = ck.inspect(gpt2(), None)
    edges, counts = ck.gamma_histogram(report, bins=20)
    assert len(edges) == 21 and set(counts) == {"h.N.ln_1", "h.N.ln_2", "ln_f"}
    assert sum(int(c.sum()) for c in counts.values()) == 9 * 32
    assert edges[0] == min(g.stat("min") for g in report.groups)


# --- reading: formats by content, bad files ------------------------------------------------------------


def test_format_is_told_by_content_not_by_the_file_name():
    st_bytes = GPT2.model.read_bytes()
    zip_bytes = torch_bytes({"ln_f.weight": torch.ones(3)})
    legacy = torch_bytes({"ln_f.weight": torch.ones(3)}, legacy=True)
    assert ck.detect_format(st_bytes) == "safetensors"
    assert ck.detect_format(zip_bytes) == "torch_zip"
    assert ck.detect_format(legacy) == "torch_legacy"
    assert set(ck.read_state_dict(st_bytes, "weights.pt")) == set(gpt2())
    for data in (zip_bytes, legacy):
        np.testing.assert_array_equal(ck.read_state_dict(data, "model.safetensors")["ln_f.weight"], np.ones(3))


def test_training_checkpoint_wrappers_are_unwrapped():
    data = torch_bytes({"epoch": 3, "state_dict": {"ln_f.weight": torch.ones(3)}, "optimizer": {"lr": 0.1}})
    assert list(ck.read_state_dict(data)) == ["ln_f.weight"]
    nested = torch_bytes({"encoder": {"ln": {"weight": torch.ones(2)}}})
    assert list(ck.read_state_dict(nested)) == ["encoder.ln.weight"]


@pytest.mark.parametrize(
    "data, code",
    [
        (b"", "empty"),
        (b"hello, world", "not_a_checkpoint"),
        (b"\x89PNG\r\n\x1a\n" + bytes(100), "not_a_checkpoint"),
        (b'{"a": 1}', "not_a_checkpoint"),
        (b"\x10\x00\x00\x00\x00\x00\x00\x00{not json at all}", "not_a_checkpoint"),
        (b"\xff\x00\x00\x00\x00\x00\x00\x00{", "truncated"),
    ],
)
def test_bad_bytes_get_a_code(data, code):
    assert code_of(data) == code


def test_messages_stay_on_one_line_whatever_the_file_name():
    with pytest.raises(ck.CheckpointError) as info:
        ck.read_state_dict(b"", "evil\nname\r\n.pt")
    assert "\n" not in str(info.value) and "evil name .pt" in str(info.value)


def test_a_file_above_the_cap_is_refused_before_it_is_parsed():
    with pytest.raises(ck.CheckpointError) as info:
        ck.read_state_dict(b"\0" * (ck.MAX_BYTES + 1), "big.bin")
    assert info.value.code == "too_large"
    assert info.value.values == {"size": ck.MAX_BYTES + 1, "limit": ck.MAX_BYTES}


def test_read_state_dict_wants_bytes():
    with pytest.raises(TypeError, match="data must be bytes"):
        ck.read_state_dict("model.safetensors")
    assert ck.read_state_dict(bytearray(GPT2.model.read_bytes())).keys() == gpt2().keys()


@pytest.mark.parametrize("which", ["safetensors", "torch_zip", "torch_legacy"])
def test_every_truncation_gives_a_checkpoint_error_never_another_exception(which):
    full = {
        "safetensors": GPT2.model.read_bytes(),
        "torch_zip": torch_bytes({"h.0.ln_1.weight": torch.ones(64), "w": torch.ones(8, 8)}),
        "torch_legacy": torch_bytes({"h.0.ln_1.weight": torch.ones(64), "w": torch.ones(8, 8)}, legacy=True),
    }[which]
    cuts = sorted({*range(0, 40), *np.linspace(40, len(full) - 1, 40).astype(int)})
    codes = {code_of(full[:cut]) for cut in cuts}
    assert codes <= {"empty", "truncated", "not_a_checkpoint", "pickle_refused"}
    assert "truncated" in codes


def test_zip_without_pickle_or_with_compression_is_refused_before_torch():
    plain = io.BytesIO()
    with zipfile.ZipFile(plain, "w") as z:
        z.writestr("readme.txt", "hi")
    assert code_of(plain.getvalue()) == "not_a_checkpoint"
    deflated = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(torch_bytes({"w": torch.ones(4)}))) as src,
        zipfile.ZipFile(deflated, "w", compression=zipfile.ZIP_DEFLATED) as dst,
    ):
        for info in src.infolist():
            dst.writestr(info.filename, src.read(info))
    assert code_of(deflated.getvalue()) == "not_a_checkpoint"


def test_a_file_without_tensors_is_not_a_checkpoint():
    assert code_of(torch_bytes({"epoch": 3})) == "not_a_checkpoint"
    assert code_of(torch_bytes([1, 2, 3])) == "not_a_checkpoint"


def test_unsupported_tensors_are_named():
    data = torch_bytes({"w": torch.ones(2, 2).to_sparse()})
    assert code_of(data) in ("unsupported", "pickle_refused")
    with pytest.raises(ck.CheckpointError) as info:
        ck.read_state_dict(torch_bytes({"w": torch.ones(2, dtype=torch.complex64)}))
    assert info.value.code == "unsupported" and info.value.values["dtype"] == "complex64"


def test_checkpoint_error_codes_are_fixed():
    with pytest.raises(ValueError, match="code"):
        ck.CheckpointError("oops", "message")
    assert issubclass(ck.CheckpointError, ValueError)


# --- safety: a pickle that carries code is refused and its code does not run ---------------------------


class MakesMarker:
    """Unpickling this would run ``os.system("touch <marker>")``."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def malicious_files(marker: Path) -> dict[str, bytes]:
    evil = MakesMarker(marker)
    return {
        "plain pickle": pickle.dumps(evil, protocol=2),
        "pickle protocol 5": pickle.dumps({"w": evil}, protocol=5),
        "torch zip": torch_bytes({"ln_f.weight": torch.ones(2), "payload": evil}),
        "torch legacy": torch_bytes({"ln_f.weight": torch.ones(2), "payload": evil}, legacy=True),
    }


def test_the_marker_pickle_really_runs_code_when_unpickled_unsafely(tmp_path):
    """The control: without weights_only the same bytes do create the marker."""
    marker = tmp_path / "control"
    pickle.loads(malicious_files(marker)["plain pickle"])
    assert marker.exists()


@pytest.mark.parametrize("kind", ["plain pickle", "pickle protocol 5", "torch zip", "torch legacy"])
def test_pickle_carrying_code_is_refused_and_the_code_does_not_run(tmp_path, kind):
    marker = tmp_path / "pwned"
    data = malicious_files(marker)[kind]
    assert code_of(data, "evil.pt") == "pickle_refused"
    assert not marker.exists()


def test_refusal_holds_when_the_environment_asks_torch_to_load_everything(tmp_path, monkeypatch):
    """torch.load obeys TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD (read on every call) unless weights_only=True is passed
    explicitly."""
    marker = tmp_path / "pwned"
    monkeypatch.setenv("TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD", "1")
    with pytest.raises(ck.CheckpointError) as info:
        ck.read_state_dict(malicious_files(marker)["torch zip"])
    assert info.value.code == "pickle_refused"
    assert not marker.exists()


# --- config.json -----------------------------------------------------------------------------------------


def test_read_config_accepts_a_json_object_with_or_without_bom():
    assert ck.read_config(b'{"model_type": "llama"}') == {"model_type": "llama"}
    assert ck.read_config('\ufeff{"a": 1}'.encode()) == {"a": 1}


@pytest.mark.parametrize(
    "data, code",
    [
        (b"", "empty"),
        (b"[1, 2]", "bad_config"),
        (b"\xff\xfe{", "bad_config"),
        (b"{'a': 1}", "bad_config"),
        (b"[" * 100_000, "bad_config"),
        (b"1" * 5000, "bad_config"),
        (b" " * (ck.MAX_CONFIG_BYTES + 1), "too_large"),
    ],
)
def test_read_config_refuses_other_files(data, code):
    with pytest.raises(ck.CheckpointError) as info:
        ck.read_config(data)
    assert info.value.code == code


# --- the command line ------------------------------------------------------------------------------------


@pytest.fixture
def inspect_cli(cli):
    """``python -m normviz inspect ARGS``, run in this process (the ``cli`` fixture)."""
    return lambda *args: cli("inspect", *args)


def test_cli_prints_the_gpt2_table(inspect_cli):
    proc = inspect_cli(str(GPT2.model))
    assert proc.returncode == 0 and proc.stderr == ""
    out = proc.stdout
    assert "verdict: LayerNorm with γ and β" in out
    assert "in norms: 576 (0.942 %)" in out
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line.startswith(("h.N.", "ln_f "))}
    assert rows["h.N.ln_1"][1:4] == ["4", "32", "256"]  # modules, length, params
    assert "hidden size D: 32" in out and "hidden state (D)" in " ".join(rows["h.N.ln_1"])
    w = ex.gpt2_state()["h.0.ln_1.weight"].astype(np.float64)
    module = next(line.split() for line in out.splitlines() if line.startswith("h.0.ln_1 "))
    assert module[-5:-2] == [f"{np.quantile(w, q):.4f}" for q in (0.25, 0.5, 0.75)]  # q25, median, q75


def test_cli_with_and_without_the_config(inspect_cli):
    with_config = inspect_cli(str(LLAMA.model), "--config", str(LLAMA.config_path))
    assert with_config.returncode == 0
    assert "verdict: RMSNorm" in with_config.stdout and "rms_norm_eps 1e-05" in with_config.stdout
    without = inspect_cli(str(LLAMA.model))
    assert "verdict: γ only: RMSNorm or a bias-free LayerNorm" in without.stdout
    assert "rms_norm_eps or layer_norm_eps" in without.stdout  # what would decide it


@pytest.mark.parametrize(
    "content, words",
    [
        (b"", "is empty"),
        (b"not a model", "neither a safetensors file nor"),
        (b'\x40\x00\x00\x00\x00\x00\x00\x00{"a"', "announces"),
    ],
)
def test_cli_bad_file_is_one_line_and_status_2(tmp_path, content, words, inspect_cli):
    bad = tmp_path / "bad.bin"
    bad.write_bytes(content)
    proc = inspect_cli(str(bad))
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr
    assert words in proc.stderr and "bad.bin" in proc.stderr


def test_cli_missing_file_and_bad_config(tmp_path, inspect_cli):
    proc = inspect_cli(str(tmp_path / "nope.safetensors"))
    assert proc.returncode == 2 and "No such file" in proc.stderr and "Traceback" not in proc.stderr
    cfg = tmp_path / "config.json"
    cfg.write_text("[1, 2]")
    proc = inspect_cli(str(GPT2.model), "--config", str(cfg))
    assert proc.returncode == 2 and "config.json" in proc.stderr and len(proc.stderr.splitlines()) == 1


@pytest.mark.parametrize("kind", ["torch legacy", "pickle protocol 5"])
def test_cli_refuses_a_malicious_pickle_without_running_it(tmp_path, kind, inspect_cli):
    marker = tmp_path / "pwned"
    evil = tmp_path / "evil.pt"
    evil.write_bytes(malicious_files(marker)[kind])
    proc = inspect_cli(str(evil))
    assert proc.returncode == 2 and "refused" in proc.stderr
    assert len(proc.stderr.splitlines()) == 1  # no torch warning about the pickle protocol either
    assert not marker.exists()


def test_cli_reads_at_most_the_cap(tmp_path, inspect_cli):
    big = tmp_path / "big.safetensors"
    with open(big, "wb") as fh:
        fh.truncate(ck.MAX_BYTES + 10)
    proc = inspect_cli(str(big))
    assert proc.returncode == 2 and "more than the limit" in proc.stderr


def test_cli_says_what_a_qk_norm_spans(tmp_path, inspect_cli):
    model = tmp_path / "qwen3.safetensors"
    model.write_bytes(qk_file("qwen3"))
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps(MODELS["qwen3"]["config"]))
    proc = inspect_cli(str(model), "--config", str(cfg))
    assert proc.returncode == 0, proc.stderr
    rows = {line.split()[0]: line for line in proc.stdout.splitlines() if line.startswith("model.")}
    assert rows["model.layers.N.self_attn.q_norm"].split()[1:4] == ["3", "16", "48"]
    assert "each head (head_dim)" in rows["model.layers.N.self_attn.q_norm"]
    assert "hidden state (D)" in rows["model.layers.N.input_layernorm"]
    assert "hidden size D: 64" in proc.stdout


def test_example_config_is_valid_json_with_the_documented_fields():
    config = json.loads(LLAMA.config_path.read_text())
    assert config["model_type"] == "llama" and config["hidden_size"] == 32 and config["num_hidden_layers"] == 6


def test_random_corruptions_give_a_checkpoint_error_or_a_report_never_another_exception():
    """Seeded byte flips in the safetensors header and in both torch formats."""
    import random

    rng = random.Random(7)
    st_bytes = LLAMA.model.read_bytes()
    header_end = 8 + int.from_bytes(st_bytes[:8], "little")
    bases = [
        (st_bytes, header_end),
        (torch_bytes({"a.ln.weight": torch.ones(8), "w": torch.ones(4, 4)}), 400),
        (torch_bytes({"a.ln.weight": torch.ones(8)}, legacy=True), 400),
    ]
    outcomes = set()
    for _ in range(300):
        base, span = rng.choice(bases)
        data = bytearray(base)
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(min(span, len(data)))] = rng.randrange(256)
        try:
            ck.inspect(ck.read_state_dict(bytes(data)), None)
            outcomes.add("read")
        except ck.CheckpointError as exc:
            outcomes.add(exc.code)
    assert outcomes <= {"read", *ck.CODES} and len(outcomes) >= 3


# --- bounded work: a file's cost is bounded by what it declares, and paid in a worker (issue #23) ------------


def test_a_file_declaring_more_tensors_than_the_limit_is_refused_before_any_tensor_is_built(monkeypatch):
    """The issue's file: 12.6 MB, under the cap, 110 000 one-element tensors."""
    data = many_tensors(110_000)
    assert len(data) < ck.MAX_BYTES

    def no_tensors(*args, **kwargs):
        raise AssertionError("tensors were built")

    monkeypatch.setattr("safetensors.deserialize", no_tensors)
    start = time.perf_counter()
    with pytest.raises(ck.CheckpointError) as info:
        ck.read_state_dict(data, "many.safetensors")
    assert time.perf_counter() - start < 3
    assert info.value.code == "too_many_tensors"
    assert info.value.values == {"count": 110_000, "limit": ck.MAX_TENSORS}
    assert str(info.value) == f"the file declares 110000 tensors, more than the limit of {ck.MAX_TENSORS}"


def test_the_tensor_limit_is_far_above_real_checkpoints_and_a_file_at_it_is_read():
    examples = max(len(ck.read_state_dict(e.model.read_bytes())) for e in ex.EXAMPLES.values())
    assert ck.MAX_TENSORS >= 10_000 >= 10 * 723  # Llama 3 70B: 723 tensors
    assert ck.MAX_TENSORS > 100 * examples
    start = time.perf_counter()
    found = ck.inspect_file(many_tensors(ck.MAX_TENSORS))
    assert time.perf_counter() - start < 5  # 3.0 s before (inspect 2.6 s of it), 1.4 s now
    assert found.fmt == "safetensors" and len(found.report.groups) == ck.MAX_TENSORS
    assert found.report.groups[-1].layer == ck.MAX_TENSORS - 1 and len(found.report.families) == 1


def test_torch_files_are_held_to_the_tensor_limit(monkeypatch):
    monkeypatch.setattr(ck, "MAX_TENSORS", 5)
    state = {f"h.{i}.ln_1.weight": torch.ones(2) for i in range(6)}
    for data in (torch_bytes(state), torch_bytes(state, legacy=True)):
        with pytest.raises(ck.CheckpointError) as info:
            ck.read_state_dict(data)
        assert info.value.code == "too_many_tensors" and info.value.values == {"count": 6, "limit": 5}
    # a zip's storages are counted before torch.load sees the file
    monkeypatch.setattr(torch, "load", lambda *a, **k: pytest.fail("torch.load ran"))
    assert code_of(torch_bytes(state)) == "too_many_tensors"
    monkeypatch.undo()
    monkeypatch.setattr(ck, "MAX_TENSORS", 5)
    one = torch.ones(12)  # six views of one storage: one zip entry, six tensors counted as unpickled
    assert code_of(torch_bytes({f"h.{i}.ln_1.weight": one[2 * i : 2 * i + 2] for i in range(6)})) == "too_many_tensors"


def families_state(count: int) -> dict[str, np.ndarray]:
    """``count`` norm modules without a layer number: each its own family (the worst case for the tables)."""
    letters = lambda i: "".join(chr(97 + int(d)) for d in np.base_repr(i, 10))  # noqa: E731
    return {f"block_{letters(i)}.norm.weight": np.full(2, 1 + i / count, np.float32) for i in range(count)}


def test_inspection_of_as_many_families_as_the_limit_allows_takes_a_second():
    """The evidence list was quadratic in the families (a list scanned for each module), the spread one
    np.median call per module: inspect, evidence_of and gamma_spread took 0.6 + 2.5 + 0.5 s for 20 000
    families at commit 7bfdac1, now 0.5 + 0.01 + 0.05 s (one run each, on a shared 2-core machine)."""
    state = families_state(ck.MAX_TENSORS)
    start = time.perf_counter()
    report = ck.inspect(state)
    evidence = ck.evidence_of(report)
    spread = ck.gamma_spread(report)
    assert time.perf_counter() - start < 2.5
    assert len(report.families) == ck.MAX_TENSORS and len(evidence["names_only"]) == ck.MAX_TENSORS
    top = max(report.groups, key=lambda g: g.gamma[0])  # 1 + i / count, i the largest
    assert spread.median_high == (top.gamma[0], top.module) and top.module == "block_bjjjj.norm"


def test_gamma_spread_medians_are_numpys_with_ties_and_non_finite_values():
    rng = np.random.default_rng(3)
    state = {f"h.{i}.ln_1.weight": rng.standard_normal(int(rng.integers(1, 7))).astype(np.float32) for i in range(60)}
    state["h.7.ln_1.weight"][0] = np.nan
    state["h.8.ln_1.weight"][:] = np.inf  # no finite γ: left out
    state["a.ln.weight"] = state["z.ln.weight"] = np.full(3, -9.0, np.float32)  # a tie at the lowest median
    report = ck.inspect(state)
    spread = ck.gamma_spread(report)
    medians = [
        (float(np.median(g.gamma[np.isfinite(g.gamma)])), g.module) for g in report.groups if np.isfinite(g.gamma).any()
    ]
    assert spread.median_low == min(medians) == (-9.0, "a.ln")
    assert spread.median_high == max(medians)


def test_a_name_part_of_superscript_digits_is_not_a_layer_number():
    """'²'.isdigit() is True but int('²') fails: this name used to crash inspect with a bare ValueError."""
    report = ck.inspect({"h.².ln_1.weight": np.ones(2, np.float32), "h.3.ln_1.weight": np.ones(2, np.float32)})
    assert [(g.module, g.layer) for g in report.groups] == [("h.3.ln_1", 3), ("h.².ln_1", None)]


def test_inspect_file_reads_detects_and_inspects_in_one_go():
    found = ck.inspect_file(LLAMA.model.read_bytes(), LLAMA.config_path.read_bytes(), "llama.safetensors")
    assert found.fmt == "safetensors" and found.report.verdict == "rmsnorm" and not found.config_error
    assert ck.inspect_file(LLAMA.model.read_bytes(), b"[1]").config_error
    with pytest.raises(ck.CheckpointError) as info:
        ck.inspect_file(b"", filename="e.pt")
    assert info.value.code == "empty"


def same_reading(a: ck.Inspection, b: ck.Inspection) -> None:
    assert (a.fmt, a.config_error, a.report.tensors, a.report.total_params) == (
        b.fmt,
        b.config_error,
        b.report.tensors,
        b.report.total_params,
    )
    assert (a.report.config, a.report.tied, a.report.verdict) == (b.report.config, b.report.tied, b.report.verdict)
    for g, h in zip(a.report.groups, b.report.groups, strict=True):
        assert (g.module, g.kind, g.span, g.heads, g.dtype) == (h.module, h.kind, h.span, h.heads, h.dtype)
        np.testing.assert_array_equal(g.gamma, h.gamma)
        np.testing.assert_array_equal(g.beta, h.beta)


@pytest.mark.parametrize("which", ["gpt2", "llama+config", "qwen3+config", "torch bf16", "bad config"])
def test_the_worker_reads_what_this_process_reads(which):
    data, config = {
        "gpt2": (GPT2.model.read_bytes(), None),
        "llama+config": (LLAMA.model.read_bytes(), LLAMA.config_path.read_bytes()),
        "qwen3+config": (ex.EXAMPLES["qwen3"].model.read_bytes(), ex.EXAMPLES["qwen3"].config_path.read_bytes()),
        "torch bf16": (torch_bytes({"model.norm.weight": torch.full((4,), 1.1, dtype=torch.bfloat16)}), None),
        "bad config": (GPT2.model.read_bytes(), b"\xff"),
    }[which]
    same_reading(ck.inspect_file_isolated(data, config), ck.inspect_file(data, config))
    same_reading(pickle.loads(pickle.dumps(ck.inspect_file(data, config))), ck.inspect_file(data, config))


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_file_costs_the_caller_seconds_no_memory_and_no_interpreter_lock(name):
    """Read in a worker: the answer in at most 5 s, this process's memory back within 50 MiB, and another
    thread's small pieces of work (another session's moves) never wait 200 ms. Read and inspected here
    at commit 7bfdac1, the 110 000-tensor file took 9.1 s, kept 192 MiB and held the lock 0.53 s at a stretch;
    now 0.9 s, 0 MiB and 14 ms (the other three files were already cheap there: they stay checked here)."""
    make, code = HOSTILE[name]
    data = make()
    with costs() as cost, pytest.raises(ck.CheckpointError) as info:
        ck.inspect_file_isolated(data, filename=f"{name}.safetensors")
    assert info.value.code == code and "\n" not in str(info.value)
    assert cost.seconds <= 5 and cost.memory_mib < 50 and cost.lock_s < 0.2, cost


def test_a_file_no_declared_limit_stops_is_paid_for_by_the_worker_not_this_process():
    """One tensor and 1.2 million metadata strings in the header: read in this process it held the lock 0.6 s
    and kept 49 MiB (at 700 000 strings); in the worker the caller sees neither."""
    data = metadata_flood()
    assert len(data) < ck.MAX_BYTES
    with costs() as cost:
        found = ck.inspect_file_isolated(data, filename="metadata.safetensors")
    assert found.report.verdict == "scale_only" and [g.module for g in found.report.groups] == ["model.norm"]
    # no declared limit stops it: the worker's own limit bounds its time (about 2 s of one core alone; 5.4 s
    # of wall-clock time once, beside an image build on the 2 cores). Read in this process the file made another
    # thread wait 0.8 s; through the worker it waits < 0.1 s alone and 0.21 s once on a loaded clean-clone run,
    # so the bound is half the in-process wait
    assert cost.seconds <= 2 * ck.TIME_LIMIT_S and cost.memory_mib < 50 and cost.lock_s < 0.4, cost


def test_a_worker_out_of_time_or_memory_is_a_checkpoint_error_and_nothing_else():
    data = many_tensors(110_000)  # a JSON header of 12 MB: a third of a second and a hundred MB to parse
    with pytest.raises(ck.CheckpointError) as info:
        ck.inspect_file_isolated(data, time_limit_s=0.01)
    assert info.value.code == "time_limit" and info.value.values == {"limit": 0.01}
    assert str(info.value) == "reading the file took more than 0.01 s; it was stopped"
    with pytest.raises(ck.CheckpointError) as info:
        ck.inspect_file_isolated(data, memory_limit=16 * 2**20)
    assert info.value.code == "memory_limit" and info.value.values == {"limit": 16}
    with pytest.raises(ck.CheckpointError) as info:  # what the size alone refuses needs no worker
        ck.inspect_file_isolated(b"\0" * (ck.MAX_BYTES + 1), time_limit_s=0.0)
    assert info.value.code == "too_large"
