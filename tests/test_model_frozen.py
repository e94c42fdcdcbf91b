"""normviz.model with LayerNorm frozen at inference (Baroni et al. 2025): the calibration constants against a
direct numpy computation on transformers' own hidden states, and the frozen forward pass against transformers'
BertModel whose LayerNorms are replaced by the frozen formula; the sentence embedding against the model card's
mean pooling."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from normviz import model as m
from tests.helpers.reference_bert import reference_bert

TEXTS = (
    "The students dragged the vector and watched it land on the sphere.",
    "Paris is the capital of France, and Berlin is the capital of Germany.",
    "Hello!",
)


@pytest.fixture(scope="module")
def loaded():
    return m.load()


@pytest.fixture(scope="module")
def bert(loaded):
    return reference_bert(loaded.folder)


@pytest.fixture(scope="module")
def calibration(loaded):
    return m.calibrate()


def bert_inputs(bert, ids: np.ndarray) -> list[np.ndarray]:
    """The 13 LayerNorms' inputs in transformers' BertModel, (S, D) float64 each, caught by its own hooks."""
    seen = {}
    handles = [
        bert.get_submodule(m.MODULES[name]).register_forward_pre_hook(
            lambda mod, args, name=name: seen.__setitem__(name, args[0][0].double().numpy())
        )
        for name in m.NORMS
    ]
    try:
        with torch.no_grad():
            bert(input_ids=torch.from_numpy(ids.copy())[None])
    finally:
        for h in handles:
            h.remove()
    return [seen[name] for name in m.NORMS]


def bert_frozen(bert, ids: np.ndarray, frozen) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    """transformers' BertModel with every frozen nn.LayerNorm's forward replaced (monkeypatched on the instance)
    by γ ⊙ (x − mean(x))/c + β, c = c_first at position 0 and c_rest elsewhere: (last hidden state (S, D), the
    model card's embedding (mean pooling with the attention mask, then F.normalize), the 7 hidden states)."""
    patched = []
    for k, name in enumerate(m.NORMS):
        if frozen[k] is None:
            continue
        module = bert.get_submodule(m.MODULES[name])
        first, rest = frozen[k]

        def forward(x, module=module, first=first, rest=rest):
            c = torch.full((x.shape[-2], 1), rest, dtype=x.dtype)
            c[0] = first
            return (x - x.mean(dim=-1, keepdim=True)) / c * module.weight + module.bias

        module.forward = forward
        patched.append(module)
    try:
        with torch.no_grad():
            ids_t = torch.from_numpy(ids.copy())[None]
            mask = torch.ones_like(ids_t)
            out = bert(input_ids=ids_t, attention_mask=mask, output_hidden_states=True)
    finally:
        for module in patched:
            del module.forward  # back to the class's forward
    last = out.last_hidden_state
    pooled = (last * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)
    embedding = torch.nn.functional.normalize(pooled, p=2, dim=1)[0]
    return last[0].numpy(), embedding.double().numpy(), [h[0].numpy() for h in out.hidden_states]


# --- the calibration -------------------------------------------------------------------------------------------


def test_the_calibration_sentences_are_short_varied_and_the_apps_own():
    assert 8 <= len(m.CALIBRATION) <= 16 and len(set(m.CALIBRATION)) == len(m.CALIBRATION)
    assert all(isinstance(s, str) and 20 <= len(s) <= 80 for s in m.CALIBRATION)


def test_sigma_is_the_mean_over_calibration_tokens_of_each_tokens_s_in_the_unfrozen_model(bert, calibration):
    """Direct: transformers' own LayerNorm inputs on each calibration sentence, s = sqrt(mean((x − x̄)²) + ε) per
    token in float64, averaged over every token, over the [CLS] tokens, and over the rest."""
    per_norm: list[list[np.ndarray]] = [[] for _ in m.NORMS]
    firsts: list[np.ndarray] = []
    for text in m.CALIBRATION:
        ids = m.run(text).ids
        for k, x in enumerate(bert_inputs(bert, ids)):
            per_norm[k].append(np.sqrt(((x - x.mean(axis=1, keepdims=True)) ** 2).mean(axis=1) + 1e-12))
        firsts.append(np.arange(len(ids)) == 0)
    first = np.concatenate(firsts)
    s = np.stack([np.concatenate(rows) for rows in per_norm])
    assert calibration.tokens == first.size and np.array_equal(calibration.first, first)
    np.testing.assert_allclose(calibration.s, s, rtol=2e-6)
    np.testing.assert_allclose(calibration.sigma, s.mean(axis=1), rtol=2e-6)
    np.testing.assert_allclose(calibration.sigma_first, s[:, first].mean(axis=1), rtol=2e-6)
    np.testing.assert_allclose(calibration.sigma_rest, s[:, ~first].mean(axis=1), rtol=2e-6)
    assert m.calibrate() is calibration  # once per process


def test_cls_is_the_token_whose_s_stands_apart_in_the_early_output_norms(calibration):
    """Why [CLS] may get its own constant: at layer1..4.output its s is 4–14 times the other tokens' mean."""
    for name in ("layer1.output", "layer2.output", "layer3.output", "layer4.output"):
        k = m.NORMS.index(name)
        assert calibration.sigma_first[k] > 4 * calibration.sigma_rest[k]


def test_constants_freeze_the_first_norms_with_the_chosen_mode(calibration):
    one = calibration.constants("one", 13)
    cls = calibration.constants("cls", 5)
    assert all(first == rest for first, rest in one)
    assert [c is None for c in cls] == [False] * 5 + [True] * 8
    assert cls[2] == (float(calibration.sigma_first[2]), float(calibration.sigma_rest[2]))
    assert one[2] == (float(calibration.sigma[2]),) * 2
    assert calibration.constants("cls", 0) == (None,) * 13
    with pytest.raises(ValueError, match="mode must be one of"):
        calibration.constants("bos")
    with pytest.raises(ValueError, match="upto must be an int from 0 to 13"):
        calibration.constants("one", 14)


# --- the frozen forward pass against transformers --------------------------------------------------------------


@pytest.mark.parametrize("mode, upto", [("cls", 13), ("one", 13), ("cls", 3), ("one", 1)])
@pytest.mark.parametrize("text", TEXTS)
def test_the_frozen_run_matches_transformers_with_its_layernorms_replaced(bert, calibration, text, mode, upto):
    frozen = calibration.constants(mode, upto)
    ours = m.run(text, frozen=frozen)
    assert ours.frozen == frozen
    last, embedding, states = bert_frozen(bert, ours.ids, frozen)
    scale = max(1.0, float(np.abs(last).max()))
    assert np.abs(ours.hidden - last).max() / scale <= 1e-5
    for i, h in enumerate(states):  # the embeddings' norm, then each layer's output
        assert np.abs(ours.outputs[2 * i] - h).max() / max(1.0, float(np.abs(h).max())) <= 1e-5
    np.testing.assert_allclose(ours.embedding, embedding, atol=1e-6)
    # the frozen norms' captured outputs are the frozen formula of their captured inputs
    x = ours.inputs.astype(np.float64)
    for k in range(upto):
        c = np.full((x.shape[1], 1), frozen[k][1])
        c[0] = frozen[k][0]
        y = (x[k] - x[k].mean(axis=1, keepdims=True)) / c * ours.gammas[k] + ours.betas[k]
        assert np.abs(y - ours.outputs[k]).max() <= 1e-4 * max(1.0, float(np.abs(y).max()))


def test_an_unfrozen_norm_is_the_trained_one_and_frozen_none_is_the_ordinary_run(calibration):
    plain = m.run(TEXTS[0])
    again = m.run(TEXTS[0], frozen=(None,) * 13)
    np.testing.assert_array_equal(plain.outputs, again.outputs)
    part = m.run(TEXTS[0], frozen=calibration.constants("cls", 3))
    np.testing.assert_array_equal(part.inputs[0], plain.inputs[0])  # the first frozen norm's input is the same
    assert not np.array_equal(part.outputs[0], plain.outputs[0])  # its output is not
    assert np.array_equal(part.gammas, plain.gammas)  # the norms themselves are untouched by the hooks
    np.testing.assert_array_equal(m.run(TEXTS[0]).outputs, plain.outputs)  # and the hooks are gone afterwards
    assert plain.frozen is None


def test_the_sentence_embedding_is_the_model_cards_mean_pooling_and_l2(bert):
    for text in TEXTS:
        run = m.run(text)
        _, embedding, _ = bert_frozen(bert, run.ids, (None,) * 13)
        np.testing.assert_allclose(run.embedding, embedding, atol=1e-6)
        assert abs(np.linalg.norm(run.embedding) - 1) < 1e-12


def test_freezing_every_norm_without_fine_tuning_moves_the_embedding(calibration):
    """No fine-tuning here: the frozen model is not the same function. One constant per norm is far worse than a
    separate one for [CLS] (whose s is several times the others' at layer1..4.output)."""
    plain = m.run(TEXTS[0]).embedding
    cls = m.run(TEXTS[0], frozen=calibration.constants("cls")).embedding
    one = m.run(TEXTS[0], frozen=calibration.constants("one")).embedding
    assert 0.5 < plain @ cls < 0.99
    assert plain @ one < plain @ cls - 0.3


@pytest.mark.parametrize(
    ("frozen", "error", "match"),
    [
        ("abc", TypeError, "frozen must be None or a sequence of 13 entries; got str"),
        (3.0, TypeError, "frozen must be None or a sequence of 13 entries; got float"),
        ((1.0,) * 12, ValueError, r"frozen must have one entry per norm \(13\); got 12"),
        ((1.0,) * 12 + ((1.0, 2.0, 3.0),), ValueError, r"frozen\[12\] must be None, a number or a pair"),
        ((0.0,) + (None,) * 12, ValueError, r"frozen\[0\] must hold positive constants"),
        ((None, float("nan")) + (None,) * 11, ValueError, r"frozen\[1\] must be a finite real number"),
        ((None, "1") + (None,) * 11, TypeError, r"frozen\[1\] must be a real number"),
        ((None, (1.0, True)) + (None,) * 11, TypeError, r"frozen\[1\] must be a real number"),
    ],
)
def test_a_malformed_frozen_is_named(frozen, error, match):
    with pytest.raises(error, match=match):
        m.run("hi", frozen=frozen)


def test_sentence_embedding_refuses_what_is_not_a_matrix():
    with pytest.raises(ValueError, match=r"hidden must be a matrix \(S, D\)"):
        m.sentence_embedding(np.ones(4))
