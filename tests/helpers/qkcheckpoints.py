"""Test helpers: small synthetic safetensors files laid out like models with a QK-norm (q_norm / k_norm).

Shapes as Hugging Face transformers builds them: modeling_qwen3 and modeling_gemma3 give
each attention a ``Qwen3RMSNorm(head_dim)`` / ``Gemma3RMSNorm(dim=head_dim)`` for the queries
and the keys (one γ per head, shared by the heads); modeling_olmo2 gives
``Olmo2RMSNorm(num_attention_heads * head_dim)`` for the queries and
``Olmo2RMSNorm(num_key_value_heads * head_dim)`` for the keys (the whole projection). The
parameter names are the same in all three: ``model.layers.N.self_attn.q_norm.weight``
and ``k_norm.weight``, next to ``q_proj`` / ``k_proj`` weights of torch's (out, in) shape.
"""

from __future__ import annotations

import numpy as np
from safetensors.numpy import save as save_safetensors


def attention_layer(
    prefix: str, *, d: int, heads: int, kv_heads: int, head_dim: int, qk: tuple[int, int], rng
) -> dict[str, np.ndarray]:
    """The tensors of one decoder layer as Hugging Face names them: q/k/v/o projections (torch's (out, in)),
    q_norm and k_norm of the given lengths, and the hidden-state norms."""
    w = lambda *shape: (0.02 * rng.standard_normal(shape)).astype(np.float32)  # noqa: E731
    return {
        f"{prefix}.self_attn.q_proj.weight": w(heads * head_dim, d),
        f"{prefix}.self_attn.k_proj.weight": w(kv_heads * head_dim, d),
        f"{prefix}.self_attn.v_proj.weight": w(kv_heads * head_dim, d),
        f"{prefix}.self_attn.o_proj.weight": w(d, heads * head_dim),
        f"{prefix}.self_attn.q_norm.weight": (1 + 0.1 * rng.standard_normal(qk[0])).astype(np.float32),
        f"{prefix}.self_attn.k_norm.weight": (1 + 0.1 * rng.standard_normal(qk[1])).astype(np.float32),
        f"{prefix}.input_layernorm.weight": np.ones(d, np.float32),
        f"{prefix}.post_attention_layernorm.weight": np.ones(d, np.float32),
    }


# Shapes as transformers builds them (modeling_qwen3 / modeling_gemma3: Qwen3RMSNorm(head_dim) and
# Gemma3RMSNorm(dim=head_dim); modeling_olmo2: Olmo2RMSNorm(num_attention_heads * head_dim) for q and
# (num_key_value_heads * head_dim) for k), scaled down: Qwen3-0.6B has d 1024, 16 heads, 8 kv heads, head_dim 128.
MODELS = {
    "qwen3": dict(
        d=64,
        heads=8,
        kv_heads=4,
        head_dim=16,
        qk=("head", "head"),
        config={
            "model_type": "qwen3",
            "hidden_size": 64,
            "num_attention_heads": 8,
            "num_key_value_heads": 4,
            "head_dim": 16,
            "rms_norm_eps": 1e-6,
        },
    ),
    "gemma3": dict(
        d=48,
        heads=4,
        kv_heads=1,
        head_dim=32,
        qk=("head", "head"),
        config={
            "model_type": "gemma3",
            "text_config": {
                "model_type": "gemma3_text",
                "hidden_size": 48,
                "num_attention_heads": 4,
                "head_dim": 32,
                "rms_norm_eps": 1e-6,
            },
        },
    ),
    "olmo2": dict(
        d=64,
        heads=4,
        kv_heads=4,
        head_dim=16,
        qk=("projection", "projection"),
        config={
            "model_type": "olmo2",
            "hidden_size": 64,
            "num_attention_heads": 4,
            "num_key_value_heads": 4,
            "rms_norm_eps": 1e-6,
        },
    ),
    "olmo2_gqa": dict(
        d=64,
        heads=4,
        kv_heads=2,
        head_dim=16,
        qk=("projection", "projection"),
        config={"model_type": "olmo2", "hidden_size": 64, "num_attention_heads": 4, "num_key_value_heads": 2},
    ),
}


def qk_file(name: str, layers: int = 3) -> bytes:
    m = MODELS[name]
    rng = np.random.default_rng(11)
    lengths = tuple(
        m["head_dim"] if span == "head" else n * m["head_dim"] for span, n in zip(m["qk"], (m["heads"], m["kv_heads"]))
    )
    state = {
        "model.embed_tokens.weight": np.zeros((10, m["d"]), np.float32),
        "model.norm.weight": np.ones(m["d"], np.float32),
    }
    for i in range(layers):
        state |= attention_layer(
            f"model.layers.{i}",
            d=m["d"],
            heads=m["heads"],
            kv_heads=m["kv_heads"],
            head_dim=m["head_dim"],
            qk=lengths,
            rng=rng,
        )
    return save_safetensors(state)
