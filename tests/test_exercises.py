"""normviz.exercises: every answer against an independent computation, seeds, checking typed answers."""

import math
import random

import numpy as np
import pytest
import torch
import torch.nn.functional as F

from normviz import exercises as ex
from normviz.i18n import CATALOG, LANGUAGES

SEEDS = (0, 1, 123, 2026, 999_999)


def by_key(problems):
    return {p.key: p for p in problems}


def test_the_bank_has_at_least_12_exercises_with_unique_keys_and_strings():
    keys = [e.key for e in ex.BANK]
    assert len(keys) >= 12 and len(set(keys)) == len(keys)
    for p in ex.make_set(5):
        variant = p.extra.get("what") or p.extra.get("which")
        for k in (f"exercise.{p.key}.q" + (f".{variant}" if variant else ""), f"exercise.{p.key}.why",
                  *(f"exercises.choice.{c}" for c in p.choices)):
            assert all(CATALOG[k][lang].strip() for lang in LANGUAGES), k
        assert p.answer_kind in ex.ANSWER_KINDS
        if p.answer_kind == "choice":
            assert p.answer in p.choices


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seed_reproduces_its_set_and_different_seeds_differ(seed):
    assert ex.make_set(seed) == ex.make_set(seed)
    sets = {tuple(str(p.values) for p in ex.make_set(s)) for s in SEEDS}
    assert len(sets) > 1


def test_bad_seeds_are_refused():
    for bad in (-1, ex.SEED_MAX + 1, 1.5):
        with pytest.raises(ValueError, match="seed"):
            ex.make_set(bad)


def test_the_seed_examples_layer_norm_and_rms_norm_of_2_4_6():
    p = by_key(ex.make_set(0))
    np.testing.assert_allclose(p["ln_246"].answer, (-1.2247, 0, 1.2247), atol=5e-5)
    np.testing.assert_allclose(p["rms_246"].answer, (0.4629, 0.9258, 1.3887), atol=5e-5)


def test_norm_param_count_for_d_4096():
    assert ex.norm_param_count("ln", 4096) == 8192
    assert ex.norm_param_count("rms", 4096) == 4096
    assert ex.norm_param_count("ln_nobias", 4096) == 4096
    with pytest.raises(ValueError, match="kind"):
        ex.norm_param_count("bn", 8)
    with pytest.raises(ValueError, match="d"):
        ex.norm_param_count("ln", 0)


def _torch_answer(p):
    """The answer of ``p`` computed independently of normviz (torch, numpy, the stated facts)."""
    v = p.values
    if p.key in ("ln_246", "ln_2d", "rms_246", "l2_pair"):
        x = torch.tensor([float(c) for c in v["x"].strip("()").replace("−", "-").split(",")], dtype=torch.float64)
        n = x.numel()
        if p.key.startswith("ln"):
            return tuple(F.layer_norm(x, (n,), eps=0.0).tolist())
        if p.key == "rms_246":
            return tuple(F.rms_norm(x, (n,), eps=0.0).tolist())
        return tuple(F.normalize(x, dim=0).tolist())
    if p.key == "params":
        layer = torch.nn.LayerNorm(v["d"]) if v["method"] == "LayerNorm" else torch.nn.RMSNorm(v["d"])
        return float(sum(t.numel() for t in layer.parameters()))
    if p.key == "dof":
        n = v["n"]
        return float(n - 2 if v["method"] == "LayerNorm" else n - 1)
    if p.key == "invariant":
        x = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)
        y = x + 100 if p.extra["what"] == "shift" else 7 * x
        # the feedback's figure and its sentence show this very pair
        assert p.figure == ("moved", {"x": tuple(x.tolist()), "moved": tuple(y.tolist())})
        assert (v["x"], v["moved"]) == ("(1, 2, 3)", "(101, 102, 103)" if p.extra["what"] == "shift" else "(7, 14, 21)")
        same = [torch.allclose(f(x), f(y)) for f in (lambda t: F.normalize(t, dim=0),
                                                      lambda t: F.rms_norm(t, (3,), eps=0.0),
                                                      lambda t: F.layer_norm(t, (3,), eps=0.0))]
        return {(False, False, True): "ln_only", (True, True, True): "all", (False, True, True): "rms_ln"}[tuple(same)]
    if p.key == "fp16_threshold":
        return math.sqrt(torch.finfo(torch.float16).max)
    if p.key == "fp16_overflow":
        return "yes" if torch.isinf(torch.tensor(float(v["v"]), dtype=torch.float16) ** 2) else "no"
    if p.key == "rms_length":
        x = torch.randn(v["n"], dtype=torch.float64)
        return torch.linalg.vector_norm(F.rms_norm(x, (v["n"],), eps=0.0)).item()
    if p.key == "axis":
        x = torch.randn(2, 3, 4, dtype=torch.float64)
        if p.extra["which"] == "ln":
            ok = torch.allclose(F.layer_norm(x, (4,)).mean(-1), torch.zeros(2, 3, dtype=torch.float64), atol=1e-9)
            return "last" if ok else None
        bn = F.batch_norm(x.reshape(-1, 4), None, None, training=True).reshape(2, 3, 4)
        return "batch_seq" if torch.allclose(bn.mean((0, 1)), torch.zeros(4, dtype=torch.float64), atol=1e-9) else None
    if p.key == "checkpoint":
        rms = {k: t.shape for k, t in torch.nn.RMSNorm(v["d"]).state_dict().items()}
        ln_nobias = {k: t.shape for k, t in torch.nn.LayerNorm(v["d"], bias=False).state_dict().items()}
        return "either" if rms == ln_nobias else "rms"
    if p.key == "zero":
        out = F.layer_norm(torch.zeros(v["n"], dtype=torch.float64), (v["n"],), eps=0.0)
        return "nan" if torch.isnan(out).all() else "zero"
    if p.key == "traffic":
        return v["tokens"] * v["d"] * 2 * 2 * v["calls"] / 1e9
    raise AssertionError(f"no independent computation for {p.key}")


@pytest.mark.parametrize("seed", SEEDS)
def test_every_answer_agrees_with_an_independent_computation(seed):
    torch.manual_seed(seed)
    for p in ex.make_set(seed):
        want = _torch_answer(p)
        if p.answer_kind == "choice":
            assert p.answer == want, p.key
        elif p.answer_kind == "vector":
            np.testing.assert_allclose(p.answer, want, atol=1e-9, err_msg=p.key)
        else:
            assert math.isclose(float(p.answer), float(want), rel_tol=1e-9, abs_tol=1e-9), p.key
        assert ex.check(p, p.answer if p.answer_kind == "choice" else _typed(p)).status == "right", p.key


def _typed(p):
    if p.answer_kind == "vector":
        return ", ".join(f"{v:.4f}" for v in p.answer)
    return f"{float(p.answer):.4f}"


def test_fp16_threshold_is_about_256():
    p = by_key(ex.make_set(1))["fp16_threshold"]
    assert math.isclose(p.answer, math.sqrt(65504)) and ex.check(p, "256").status == "right"
    assert ex.check(p, "257").status == "wrong"


def _problem(kind, answer, tol=0.01, choices=()):
    return ex.Problem("t", kind, {}, answer, tol, choices)


@pytest.mark.parametrize("text, status, reason", [
    ("12", "right", ""), ("１２", "right", ""), (" 12.0 ", "right", ""), ("1.2e1", "right", ""),
    ("13", "wrong", ""), ("", "malformed", "empty"), ("   ", "malformed", "empty"), (None, "malformed", "empty"),
    ("twelve", "malformed", "not_number"), ("1,5", "malformed", "decimal_comma"), ("１，５", "malformed", "decimal_comma"),
    ("1 2", "malformed", "one_number"), ("nan", "malformed", "not_finite"), ("inf", "malformed", "not_finite"),
    ("[12]", "right", ""), ("−12", "wrong", ""), ("∞", "malformed", "not_finite"),
    ("8,192", "malformed", "thousands_comma"), ("１，０２４", "malformed", "thousands_comma"),
    ("1,5000", "malformed", "decimal_comma"),
])
def test_numbers_are_read_with_nfkc_and_malformed_ones_get_a_reason(text, status, reason):
    v = ex.check(_problem("number", 12.0), text)
    assert (v.status, v.reason) == (status, reason)


@pytest.mark.parametrize("text, status, reason", [
    ("1, 2", "right", ""), ("１，２", "right", ""), ("(1；2)", "right", ""), ("1 2", "right", ""), ("1、2", "right", ""),
    ("（１，２）", "right", ""), ("1, 2.5", "wrong", ""), ("1", "malformed", "count"), ("1, 2, 3", "malformed", "count"),
    ("1,2,3", "malformed", "count_comma"), ("1,5", "wrong", ""),
    ("1, x", "malformed", "not_number"), ("", "malformed", "empty"), ("()", "malformed", "empty"),
])
def test_vectors_accept_chinese_commas_and_fullwidth_digits(text, status, reason):
    v = ex.check(_problem("vector", (1.0, 2.0)), text)
    assert (v.status, v.reason) == (status, reason)


def test_choices_need_a_known_choice():
    p = _problem("choice", "yes", choices=("yes", "no"))
    assert ex.check(p, "yes").status == "right" and ex.check(p, "no").status == "wrong"
    assert ex.check(p, None).reason == "no_choice" and ex.check(p, "maybe").reason == "unknown_choice"


def test_tolerance_is_absolute_per_component():
    p = _problem("vector", (1.0, 2.0), tol=0.005)
    assert ex.check(p, "1.004, 2.004").status == "right"
    assert ex.check(p, "1.006, 2").status == "wrong"
    assert math.isclose(ex.check(p, "1.006, 2").error, 0.006)


def test_checking_never_raises_on_random_text():
    rng = random.Random(0)
    alphabet = "0123456789.,;-+eE ()（）１２３，、：abc∞√"
    for _ in range(500):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        for p in (_problem("number", 1.0), _problem("vector", (1.0, 2.0, 3.0))):
            assert ex.check(p, text).status in ex.STATUSES


def test_vectors_in_questions_use_the_typeset_minus_sign():
    shown = [p.values["x"] for seed in range(40) for p in ex.make_set(seed) if "x" in p.values]
    assert any("−" in x for x in shown) and not any("-" in x for x in shown)
