"""The bundled example checkpoints: small, invented, laid out like real ones, written by this module.

    $ python -m normviz.checkpoint_examples        # rewrites normviz/data/checkpoints/

- ``gpt2_like/model.safetensors``: GPT-2's names (``h.N.ln_1``, ``h.N.ln_2``,
  ``ln_f`` with weight and bias, Conv1D attention and MLP weights, token and
  position embeddings), float32, hidden size 32 (GPT-2 small: 768), 4 layers.
  No config: the names and the biases say LayerNorm by themselves.
- ``llama_like/model.safetensors`` + ``config.json``: LLaMA's names
  (``model.layers.N.input_layernorm`` / ``post_attention_layernorm`` and
  ``model.norm``, weight only), bfloat16, hidden size 32 (Llama 2 7B: 4096),
  intermediate size 86 (11008), 6 layers, ``rms_norm_eps`` and ``model_type``
  llama in the config.
- ``qwen3_like/model.safetensors`` + ``config.json``: Qwen3's names, with its
  QK-norm (``model.layers.N.self_attn.q_norm`` / ``k_norm``, weight only,
  length head_dim) beside the hidden-state norms; bfloat16, hidden size 32,
  4 query heads and 2 key/value heads of head_dim 16 (Qwen3-0.6B: 1024, 16
  and 8 of 128: there too heads × head_dim is not the hidden size), 4 layers,
  tied embeddings (no ``lm_head`` tensor), ``model_type`` qwen3 in the config.

The numbers are drawn from a seeded generator: each norm's γ around a mean
that drifts from layer to layer (far from 1 in places: 0.55 to 1.8 in the
LLaMA-like file), a wider spread in deeper layers and a few large channels,
β near 0; the other weights are N(0, 0.02²) as GPT-2 initialises them. They
are not trained values. Nothing is downloaded. The files are byte-for-byte
reproducible (a test rewrites them and compares).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

DATA = Path(__file__).resolve().parent / "data" / "checkpoints"


@dataclass(frozen=True)
class Example:
    key: str
    folder: str
    config: bool  # ships a config.json

    @property
    def model(self) -> Path:
        return DATA / self.folder / "model.safetensors"

    @property
    def config_path(self) -> Path | None:
        return DATA / self.folder / "config.json" if self.config else None


EXAMPLES = {
    e.key: e
    for e in (
        Example("gpt2", "gpt2_like", False),
        Example("llama", "llama_like", True),
        Example("qwen3", "qwen3_like", True),
    )
}

GPT2 = dict(hidden=32, layers=4, vocab=256, positions=64)
LLAMA = dict(hidden=32, intermediate=86, layers=6, vocab=256, eps=1e-5)
QWEN3 = dict(hidden=32, intermediate=64, layers=4, heads=4, kv_heads=2, head_dim=16, vocab=256, eps=1e-6)


def _gamma(rng, size: int, mean: float, spread: float) -> np.ndarray:
    """γ of one norm: mean ± spread, and two channels far above the rest (as trained models show)."""
    g = mean + spread * rng.standard_normal(size)
    g[rng.choice(size, 2, replace=False)] *= 1.6
    return g


def _small_weights(rng):
    """A maker of N(0, 0.02²) weights of any shape, as GPT-2 initialises its linear layers."""

    def w(*shape):
        return 0.02 * rng.standard_normal(shape)

    return w


def gpt2_state(seed: int = 2019) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    d, n, v, p = GPT2["hidden"], GPT2["layers"], GPT2["vocab"], GPT2["positions"]
    w = _small_weights(rng)

    state = {"wte.weight": w(v, d), "wpe.weight": w(p, d)}
    for i in range(n):
        h = f"h.{i}."
        state[h + "ln_1.weight"] = _gamma(rng, d, 0.95 + 0.06 * i, 0.04 + 0.01 * i)
        state[h + "ln_1.bias"] = 0.02 * rng.standard_normal(d)
        state[h + "attn.c_attn.weight"], state[h + "attn.c_attn.bias"] = w(d, 3 * d), w(3 * d)
        state[h + "attn.c_proj.weight"], state[h + "attn.c_proj.bias"] = w(d, d), w(d)
        state[h + "ln_2.weight"] = _gamma(rng, d, 1.05 + 0.04 * i, 0.05 + 0.01 * i)
        state[h + "ln_2.bias"] = 0.03 * rng.standard_normal(d)
        state[h + "mlp.c_fc.weight"], state[h + "mlp.c_fc.bias"] = w(d, 4 * d), w(4 * d)
        state[h + "mlp.c_proj.weight"], state[h + "mlp.c_proj.bias"] = w(4 * d, d), w(d)
    state["ln_f.weight"] = _gamma(rng, d, 1.3, 0.1)
    state["ln_f.bias"] = 0.05 * rng.standard_normal(d)
    return {k: a.astype(np.float32) for k, a in state.items()}


def llama_state(seed: int = 2023) -> dict[str, np.ndarray]:
    """float32 values; ``llama_bytes`` stores them as bfloat16."""
    rng = np.random.default_rng(seed)
    d, f, n, v = LLAMA["hidden"], LLAMA["intermediate"], LLAMA["layers"], LLAMA["vocab"]
    w = _small_weights(rng)

    state = {"model.embed_tokens.weight": w(v, d)}
    for i in range(n):
        layer = f"model.layers.{i}."
        state[layer + "input_layernorm.weight"] = _gamma(rng, d, 0.55 + 0.09 * i, 0.05 + 0.015 * i)
        for proj in ("q", "k", "v", "o"):
            state[layer + f"self_attn.{proj}_proj.weight"] = w(d, d)
        state[layer + "post_attention_layernorm.weight"] = _gamma(rng, d, 0.8 + 0.06 * i, 0.04 + 0.01 * i)
        state[layer + "mlp.gate_proj.weight"], state[layer + "mlp.up_proj.weight"] = w(f, d), w(f, d)
        state[layer + "mlp.down_proj.weight"] = w(d, f)
    state["model.norm.weight"] = _gamma(rng, d, 1.8, 0.15)
    state["lm_head.weight"] = w(v, d)
    return {k: a.astype(np.float32) for k, a in state.items()}


def qwen3_state(seed: int = 2025) -> dict[str, np.ndarray]:
    """float32 values; ``qwen3_bytes`` stores them as bfloat16. The embedding is tied to the output layer."""
    rng = np.random.default_rng(seed)
    d, f, n, v = QWEN3["hidden"], QWEN3["intermediate"], QWEN3["layers"], QWEN3["vocab"]
    q, kv = QWEN3["heads"] * QWEN3["head_dim"], QWEN3["kv_heads"] * QWEN3["head_dim"]
    w = _small_weights(rng)

    state = {"model.embed_tokens.weight": w(v, d)}
    for i in range(n):
        layer = f"model.layers.{i}."
        state[layer + "input_layernorm.weight"] = _gamma(rng, d, 0.7 + 0.12 * i, 0.05 + 0.015 * i)
        state[layer + "self_attn.q_proj.weight"], state[layer + "self_attn.k_proj.weight"] = w(q, d), w(kv, d)
        state[layer + "self_attn.v_proj.weight"], state[layer + "self_attn.o_proj.weight"] = w(kv, d), w(d, q)
        state[layer + "self_attn.q_norm.weight"] = _gamma(rng, QWEN3["head_dim"], 1.3 + 0.2 * i, 0.1)
        state[layer + "self_attn.k_norm.weight"] = _gamma(rng, QWEN3["head_dim"], 0.6 + 0.1 * i, 0.08)
        state[layer + "post_attention_layernorm.weight"] = _gamma(rng, d, 0.9 + 0.05 * i, 0.04 + 0.01 * i)
        state[layer + "mlp.gate_proj.weight"], state[layer + "mlp.up_proj.weight"] = w(f, d), w(f, d)
        state[layer + "mlp.down_proj.weight"] = w(d, f)
    state["model.norm.weight"] = _gamma(rng, d, 1.5, 0.12)
    return {k: a.astype(np.float32) for k, a in state.items()}


def qwen3_config() -> dict:
    return {
        "architectures": ["Qwen3ForCausalLM"],
        "model_type": "qwen3",
        "hidden_act": "silu",
        "hidden_size": QWEN3["hidden"],
        "intermediate_size": QWEN3["intermediate"],
        "num_hidden_layers": QWEN3["layers"],
        "num_attention_heads": QWEN3["heads"],
        "num_key_value_heads": QWEN3["kv_heads"],
        "head_dim": QWEN3["head_dim"],
        "max_position_embeddings": 128,
        "rms_norm_eps": QWEN3["eps"],
        "tie_word_embeddings": True,
        "torch_dtype": "bfloat16",
        "vocab_size": QWEN3["vocab"],
    }


def llama_config() -> dict:
    return {
        "architectures": ["LlamaForCausalLM"],
        "model_type": "llama",
        "hidden_act": "silu",
        "hidden_size": LLAMA["hidden"],
        "intermediate_size": LLAMA["intermediate"],
        "num_hidden_layers": LLAMA["layers"],
        "num_attention_heads": 4,
        "num_key_value_heads": 4,
        "max_position_embeddings": 128,
        "rms_norm_eps": LLAMA["eps"],
        "tie_word_embeddings": False,
        "torch_dtype": "bfloat16",
        "vocab_size": LLAMA["vocab"],
    }


def to_bfloat16_bits(a: np.ndarray) -> np.ndarray:
    """float32 -> the 16 bits of bfloat16, rounded to nearest, ties to even."""
    u = np.ascontiguousarray(a, dtype=np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype("<u2")


def _safetensors(arrays: dict[str, np.ndarray], dtype: str) -> bytes:
    from safetensors import TensorSpec, serialize

    specs = {
        k: TensorSpec(dtype=dtype, shape=a.shape, data_ptr=a.ctypes.data, data_len=a.nbytes) for k, a in arrays.items()
    }
    return bytes(serialize(specs, metadata={"format": "pt"}))


def gpt2_bytes() -> bytes:
    return _safetensors({k: np.ascontiguousarray(a, dtype="<f4") for k, a in gpt2_state().items()}, "float32")


def llama_bytes() -> bytes:
    return _safetensors({k: to_bfloat16_bits(a) for k, a in llama_state().items()}, "bfloat16")


def qwen3_bytes() -> bytes:
    return _safetensors({k: to_bfloat16_bits(a) for k, a in qwen3_state().items()}, "bfloat16")


def _json_bytes(config: dict) -> bytes:
    return (json.dumps(config, indent=2, sort_keys=True) + "\n").encode()


def config_bytes() -> bytes:
    return _json_bytes(llama_config())


def files() -> dict[Path, bytes]:
    """Every bundled file and the bytes it must hold."""
    return {
        EXAMPLES["gpt2"].model: gpt2_bytes(),
        EXAMPLES["llama"].model: llama_bytes(),
        EXAMPLES["llama"].config_path: config_bytes(),
        EXAMPLES["qwen3"].model: qwen3_bytes(),
        EXAMPLES["qwen3"].config_path: _json_bytes(qwen3_config()),
    }


def write() -> list[Path]:
    written = []
    for path, data in files().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written.append(path)
    return written


if __name__ == "__main__":
    for written_path in write():
        print(f"{written_path} ({written_path.stat().st_size} bytes)")
    sys.exit(0)
