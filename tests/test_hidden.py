"""normviz.hidden: per-token statistics, LayerNorm vs RMSNorm, outliers, γ, the 3D view, and reading uploads."""

from __future__ import annotations

import dataclasses
import io
import math
import os
import pickle
import time
import warnings
from pathlib import Path

import mpmath
import numpy as np
import pytest
import torch
import torch.nn.functional as F
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from safetensors.numpy import save as save_safetensors

from normviz import checkpoint as ck
from normviz import hidden as hd
from normviz.beyond import rms_outlier_factor
from normviz.norms import layer_norm, rms_norm
from tests.helpers.hostilecheckpoints import (
    claims_a_huge_tensor,
    npy_header_only,
    safetensors_bytes,
    shared_dict_bomb,
)

RNG = np.random.default_rng(20)


def states(s: int = 12, d: int = 32, offset: float = 0.0, seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal((s, d)) + offset


def closed_form_gap(c):
    """√(2(1 − √(1 − c))), written as the brief derives it (no rewriting against cancellation)."""
    return np.sqrt(2.0 * (1.0 - np.sqrt(1.0 - np.asarray(c))))


def torch_ln(x, eps, weight=None, bias=None):
    t = torch.as_tensor(x)
    w = None if weight is None else torch.as_tensor(weight)
    b = None if bias is None else torch.as_tensor(bias)
    return F.layer_norm(t, (t.shape[-1],), w, b, eps)


def torch_rms(x, eps):
    t = torch.as_tensor(x)
    return t / torch.sqrt(t.pow(2).mean(-1, keepdim=True) + eps)  # written out: RMSNorm's definition


finite_rows = hnp.arrays(
    np.float64,
    st.tuples(st.integers(1, 6), st.integers(2, 12)),
    elements=st.floats(-1e3, 1e3, allow_nan=False, allow_infinity=False),
)


# --- token statistics ---------------------------------------------------------------------------------------


def test_token_stats_are_the_norm_mean_biased_std_and_share_along_ones():
    x = states(offset=0.7)
    s = hd.token_stats(x)
    d = x.shape[1]
    np.testing.assert_allclose(s.norm, np.linalg.norm(x, axis=1), rtol=1e-13)
    np.testing.assert_allclose(s.mean, x.mean(axis=1), rtol=1e-13)
    np.testing.assert_allclose(s.std, x.std(axis=1), rtol=1e-13)  # biased: numpy's default ddof=0
    np.testing.assert_allclose(s.share_ones, x.mean(axis=1) ** 2 * d / np.sum(x * x, axis=1), rtol=1e-12)
    cos = x @ np.ones(d) / (np.linalg.norm(x, axis=1) * math.sqrt(d))
    np.testing.assert_allclose(s.share_ones, cos**2, rtol=1e-12)  # the squared cosine with 𝟏
    np.testing.assert_allclose(s.rms**2, s.std**2 + s.mean**2, rtol=1e-12)
    assert s.d == d


def test_share_along_ones_is_0_for_zero_mean_1_for_constant_and_nan_for_the_zero_vector():
    x = np.array([[1.0, -1.0, 2.0, -2.0], [3.0, 3.0, 3.0, 3.0], [0.0, 0.0, 0.0, 0.0]])
    s = hd.token_stats(x)
    assert s.share_ones[0] == 0.0 and s.share_ones[1] == 1.0 and math.isnan(s.share_ones[2])
    assert (s.norm[2], s.mean[2], s.std[2]) == (0.0, 0.0, 0.0)


def test_token_stats_neither_overflow_nor_underflow():
    x = states(4, 16, offset=0.5)
    ref = hd.token_stats(x)
    for scale in (1e-200, 1e200):
        s = hd.token_stats(x * scale)
        np.testing.assert_allclose(s.norm / scale, ref.norm, rtol=1e-12)
        np.testing.assert_allclose(s.std / scale, ref.std, rtol=1e-12)
        np.testing.assert_allclose(s.share_ones, ref.share_ones, rtol=1e-12)


@settings(max_examples=60, deadline=None)
@given(finite_rows, st.floats(0.01, 100.0), st.floats(-50.0, 50.0))
def test_share_along_ones_lies_in_0_1_and_ignores_positive_scale(x, a, shift):
    s = hd.token_stats(x)
    ok = s.norm > 0
    assert np.all((s.share_ones[ok] >= 0) & (s.share_ones[ok] <= 1))
    scaled = hd.token_stats(a * x)
    tiny = np.finfo(np.float64).tiny  # below it a·x loses digits (subnormals) or underflows to 0: not a scaling
    kept = ok & np.all((x == 0) | ((np.abs(x) >= tiny) & (np.abs(a * x) >= tiny)), axis=1)
    np.testing.assert_allclose(scaled.share_ones[kept], s.share_ones[kept], rtol=1e-9, atol=1e-12)
    # a shift along 𝟏 leaves σ alone
    np.testing.assert_allclose(hd.token_stats(x + shift).std, s.std, rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize(
    "bad, error, words",
    [
        (np.ones(4), ValueError, "matrix"),
        (np.ones((2, 1)), ValueError, "D >= 2"),
        (np.ones((0, 3)), ValueError, "S >= 1"),
        (np.array([[1.0, np.nan]]), ValueError, "finite"),
        (np.ones((2, 2), dtype=complex), TypeError, "complex"),
        ("1, 2", TypeError, "real numbers"),
    ],
)
def test_bad_states_are_refused_naming_the_argument(bad, error, words):
    with pytest.raises(error, match=words) as info:
        hd.token_stats(bad)
    assert str(info.value).startswith("x ")


# --- LayerNorm against RMSNorm ------------------------------------------------------------------------------


@pytest.mark.parametrize("offset", [0.0, 0.1, 1.0, 5.0, -3.0])
def test_the_gap_at_eps_0_is_the_closed_form_of_the_share_along_ones(offset):
    x = states(20, 48, offset=offset, seed=3)
    gap = hd.ln_rms_gap(x, 0.0)
    c = hd.token_stats(x).share_ones
    np.testing.assert_allclose(gap, closed_form_gap(c), rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(gap, hd.gap_from_share(c), rtol=1e-12, atol=1e-15)
    # and the same gap from torch's LayerNorm and an RMSNorm written out
    ln, rms = torch_ln(x, 0.0), torch_rms(x, 0.0)
    ref = (torch.linalg.vector_norm(ln - rms, dim=-1) / torch.linalg.vector_norm(ln, dim=-1)).numpy()
    np.testing.assert_allclose(gap, ref, rtol=1e-10, atol=1e-13)


def test_ln_vs_rms_on_a_constructed_input_with_a_known_mean():
    """x = μ𝟏 + σz with z of mean 0 and RMS 1: c = μ²/(σ² + μ²) exactly, so the gap is known in closed form."""
    d, mu, sigma = 64, 0.5, 1.0
    z = np.random.default_rng(7).standard_normal(d)
    z = (z - z.mean()) / z.std()
    x = (mu + sigma * z)[None, :]
    c = mu**2 / (sigma**2 + mu**2)  # 0.2
    stats = hd.token_stats(x)
    assert stats.mean[0] == pytest.approx(mu, abs=1e-14) and stats.std[0] == pytest.approx(sigma, rel=1e-14)
    assert stats.share_ones[0] == pytest.approx(c, rel=1e-13)
    want = math.sqrt(2 * (1 - math.sqrt(1 - c)))  # 0.3249...
    assert hd.ln_rms_gap(x, 0.0)[0] == pytest.approx(want, rel=1e-12)
    # by hand: LN(x) = z, RMS(x) = x / √(σ² + μ²)
    by_hand = np.linalg.norm(z - x[0] / math.sqrt(sigma**2 + mu**2)) / np.linalg.norm(z)
    assert by_hand == pytest.approx(want, rel=1e-12)
    # a zero-mean input: LN and RMS agree
    assert hd.ln_rms_gap(z[None, :], 0.0)[0] == pytest.approx(0.0, abs=1e-14)


@pytest.mark.parametrize("eps", [1e-12, 1e-5, 0.1, 3.0])
def test_the_gap_with_eps_matches_torch_and_its_closed_form(eps):
    x = states(10, 24, offset=0.4, seed=5) * np.linspace(0.05, 3.0, 10)[:, None]
    gap = hd.ln_rms_gap(x, eps)
    ln, rms = torch_ln(x, eps), torch_rms(x, eps)
    ref = (torch.linalg.vector_norm(ln - rms, dim=-1) / torch.linalg.vector_norm(ln, dim=-1)).numpy()
    np.testing.assert_allclose(gap, ref, rtol=1e-10, atol=1e-13)
    s = hd.token_stats(x)
    var, r2 = s.std**2, s.rms**2
    q, sd = np.sqrt(r2 + eps), np.sqrt(var + eps)
    np.testing.assert_allclose(gap, np.sqrt(1 + r2 * sd**2 / (var * q**2) - 2 * sd / q), rtol=1e-7, atol=1e-9)


@settings(max_examples=80, deadline=None)
@given(st.floats(0.0, 1.0))
def test_gap_from_share_is_the_closed_form_between_sqrt_c_and_sqrt_2(c):
    g = float(hd.gap_from_share(c))
    digits = 40 + (int(-math.log10(c)) if c > 0 else 0)  # enough that 1 − √(1 − c) keeps 40 of them
    with mpmath.workdps(digits):  # the brief's form, its cancellation for small c drowned in digits
        want = float(mpmath.sqrt(2 * (1 - mpmath.sqrt(1 - mpmath.mpf(c)))))
    assert g == pytest.approx(want, rel=1e-14, abs=1e-300)
    assert math.sqrt(c) - 1e-15 <= g <= math.sqrt(2) + 1e-15  # gap² = c + c²/4 + …: at least c


def test_the_gap_is_nan_where_layernorm_is_undefined_or_zero_and_eps_is_checked():
    x = np.array([[2.0, 2.0, 2.0], [1.0, 2.0, 4.0]])
    assert math.isnan(hd.ln_rms_gap(x, 0.0)[0]) and math.isnan(hd.ln_rms_gap(x, 1e-5)[0])
    assert np.isfinite(hd.ln_rms_gap(x, 0.0)[1])
    with pytest.raises(ValueError, match="eps"):
        hd.ln_rms_gap(x, -1.0)
    with pytest.raises(TypeError, match="eps"):
        hd.ln_rms_gap(x, "0")
    with pytest.raises(ValueError, match="c must"):
        hd.gap_from_share(1.5)


def test_gap_from_share_passes_nan_through_and_quotes_a_value_outside_0_1():
    x = np.array([[0.0, 0.0, 0.0], [1.0, 2.0, 4.0], [3.0, 3.0, 3.0]])
    share = hd.token_stats(x).share_ones  # NaN for the zero token
    gap = hd.gap_from_share(share)
    assert math.isnan(gap[0]) and gap[2] == pytest.approx(math.sqrt(2), rel=1e-15)
    assert gap[1] == pytest.approx(hd.ln_rms_gap(x, 0.0)[1], rel=1e-12)
    assert math.isnan(float(hd.gap_from_share(math.nan)))
    # rounding just outside [0, 1] is 0 or 1 ...
    assert float(hd.gap_from_share(1 + 2**-52)) == float(hd.gap_from_share(1.0)) == pytest.approx(math.sqrt(2))
    assert float(hd.gap_from_share(-1e-17)) == 0.0
    assert float(hd.gap_from_share(np.float32(1) + np.spacing(np.float32(1)))) == pytest.approx(math.sqrt(2))
    # ... anything beyond it is refused, quoting it
    for bad, words in [
        (1.5, "got 1.5"),
        (-0.1, "got -0.1"),
        (1 + 1e-9, "got 1.000000001"),
        (math.inf, "got inf"),
        (np.array([0.2, np.nan, -0.25, 2.0]), r"got -0.25 \(2 of its 4 values\)"),
    ]:
        with pytest.raises(ValueError, match=r"c must lie in \[0, 1\] \(or be NaN\); " + words):
            hd.gap_from_share(bad)


@pytest.mark.parametrize("eps", [0.0, 1e-12, 1e-5])
def test_per_layer_gives_nan_for_zero_and_constant_tokens_and_numbers_elsewhere(eps):
    d = 16
    normal = states(3, d, offset=0.3, seed=21)
    x = np.vstack([normal[:1], np.zeros(d), np.full(d, 0.1), normal[1:2], np.full(d, -7.3), normal[2:]])
    undefined_share, undefined_gap = [1], [1, 2, 4]  # the zero token; and every constant one for the gap
    defined = [0, 3, 5]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no RuntimeWarning either
        table = hd.per_layer([x, 2 * x], eps)
        stats, gap = hd.token_stats(x), hd.ln_rms_gap(x, eps)
        empty = hd.per_layer(np.zeros((1, 4, d)), eps)  # a layer of zero tokens: nothing defined
    assert table.share_ones.shape == table.gap.shape == (2, 6)
    assert np.isnan(table.share_ones[:, undefined_share]).all() and np.isnan(table.gap[:, undefined_gap]).all()
    assert table.share_ones[:, [2, 4]].tolist() == [[1.0, 1.0], [1.0, 1.0]]  # a constant token lies along 𝟏
    assert [a[:, 1].tolist() for a in (table.norm, table.mean, table.std)] == [[0.0, 0.0]] * 3
    assert (table.std[:, [2, 4]] == 0).all() and np.isfinite(table.norm).all()
    # the normal tokens: the same numbers as without the degenerate ones
    alone = hd.per_layer([normal], eps)
    np.testing.assert_allclose(table.share_ones[0, defined], alone.share_ones[0], rtol=1e-12)
    np.testing.assert_allclose(table.gap[0, defined], alone.gap[0], rtol=1e-12)
    assert np.isfinite(table.gap[:, defined]).all() and np.isfinite(table.share_ones[:, defined]).all()
    np.testing.assert_array_equal(table.gap[0], gap)
    np.testing.assert_array_equal(table.share_ones[0], stats.share_ones)
    np.testing.assert_allclose(table.mean_gap, hd.per_layer([normal, 2 * normal], eps).gap.mean(axis=1), rtol=1e-12)
    np.testing.assert_allclose(table.mean_share[0], np.mean(table.share_ones[0, [0, 2, 3, 4, 5]]), rtol=1e-12)
    assert np.isnan(empty.mean_share).all() and np.isnan(empty.mean_gap).all()


# --- outliers ------------------------------------------------------------------------------------------------


def planted(s=40, d=384, coordinate=123, factor=50.0, seed=11):
    x = np.random.default_rng(seed).standard_normal((s, d))
    rest = np.delete(x, coordinate, axis=1)
    x[:, coordinate] = factor * np.sqrt(np.mean(rest**2, axis=1)) * np.where(np.arange(s) % 2, 1, -1)
    return x


def test_a_planted_coordinate_50_times_the_rest_is_found_in_every_token_and_first():
    x = planted()
    found = hd.outliers(x, hd.DEFAULT_THRESHOLD)
    assert found.top == 123 and found.coordinates[0] == 123
    assert found.counts[123] == x.shape[0] and found.mask[:, 123].all()
    assert {(t, 123) for t in range(x.shape[0])} <= {tuple(p) for p in found.pairs}
    # the ratio of the plant: 50 / √((D − 1 + 2500)/D)
    np.testing.assert_allclose(found.ratio[:, 123], 50 / np.sqrt((383 + 2500) / 384), rtol=1e-12)
    # Gaussian coordinates pass 6 with probability 2e-9: nothing else here
    assert list(found.coordinates) == [123]


def test_ratios_square_to_d_and_bound_how_many_can_pass():
    x = states(30, 50, seed=2) ** 3  # heavy tails
    found = hd.outliers(x, 2.0)
    np.testing.assert_allclose(np.sum(found.ratio**2, axis=1), 50, rtol=1e-12)
    np.testing.assert_allclose(found.ratio, np.abs(x) / np.sqrt(np.mean(x * x, axis=1, keepdims=True)), rtol=1e-12)
    assert np.all(found.per_token < 50 / 2.0**2)
    assert not hd.outliers(x, math.sqrt(50)).mask.any()  # √D: no coordinate can pass


def test_coordinates_are_sorted_by_recurrence_then_by_largest_ratio():
    x = states(10, 200, seed=4)
    x[:, 5] = 40.0  # every token
    x[:4, 7] = 60.0  # four tokens, larger
    x[:4, 9] = 50.0  # four tokens, smaller
    found = hd.outliers(x, 6.0)
    assert list(found.coordinates[:3]) == [5, 7, 9]
    assert found.counts[[5, 7, 9]].tolist() == [10, 4, 4]


@pytest.mark.parametrize("eps", [0.0, 1e-3, 10.0])
def test_the_others_factor_is_what_rmsnorm_does_to_them(eps):
    x = planted(12, 96, coordinate=3, factor=30.0)
    x[::3, 40] = -25.0 * np.sqrt(np.mean(x[::3] ** 2, axis=1))  # a second outlier in some tokens
    found = hd.outliers(x, 6.0, eps=eps)
    assert found.mask[::3, 40].all()
    without = np.where(found.mask, 0.0, x)
    y, y0 = rms_norm(x, eps=eps), rms_norm(without, eps=eps)
    others = ~found.mask
    ratio = np.where(others, y / np.where(others, y0, 1.0), np.nan)
    np.testing.assert_allclose(np.nanmax(ratio, axis=1), found.others_factor, rtol=1e-12)
    np.testing.assert_allclose(np.nanmin(ratio, axis=1), found.others_factor, rtol=1e-12)
    # torch's F.rms_norm gives the same factor
    t = torch.as_tensor(x)
    yt = F.rms_norm(t, (96,), eps=eps).numpy()
    y0t = F.rms_norm(torch.as_tensor(without), (96,), eps=eps).numpy()
    np.testing.assert_allclose(yt[:, 0] / y0t[:, 0], found.others_factor, rtol=1e-12)  # coordinate 0: never flagged
    flagged = np.sum(np.where(found.mask, x * x, 0.0), axis=1)
    np.testing.assert_allclose(found.dominant_share, flagged / np.sum(x * x, axis=1), rtol=1e-12)
    if eps == 0:
        np.testing.assert_allclose(found.others_factor, np.sqrt(1 - found.dominant_share), rtol=1e-12)


def test_one_outlier_gives_beyonds_rms_outlier_factor():
    x = planted(3, 64, coordinate=0, factor=20.0)
    found = hd.outliers(x, 6.0, eps=1e-4)
    for t in range(3):
        assert found.others_factor[t] == pytest.approx(rms_outlier_factor(x[t, 1:], x[t, 0], eps=1e-4), rel=1e-12)


def test_a_token_without_outliers_or_without_length():
    x = np.vstack([np.zeros(8), np.ones(8)])
    found = hd.outliers(x, 2.0)
    assert np.isnan(found.ratio[0]).all() and not found.mask.any()
    assert found.others_factor.tolist() == [1.0, 1.0]
    assert math.isnan(found.dominant_share[0]) and found.dominant_share[1] == 0.0
    assert found.top is None and found.coordinates.size == 0 and found.pairs.shape == (0, 2)
    with pytest.raises(ValueError, match="threshold"):
        hd.outliers(x, 0.0)
    with pytest.raises(TypeError, match="threshold"):
        hd.outliers(x, None)


def plant(x: np.ndarray, token: int, coordinate: int, factor: float) -> None:
    """x[token, coordinate] = factor · RMS of the token's other coordinates, in place."""
    rest = np.delete(x[token], coordinate)
    x[token, coordinate] = factor * np.sqrt(np.mean(rest**2))


def test_flagged_tokens_strongest_and_the_mean_factor_on_a_planted_case():
    x = states(8, 1024, seed=22)
    for t in (1, 3, 5):
        plant(x, t, 17, 30.0)  # ratio ≈ 21.9
    plant(x, 3, 40, -40.0)  # token 3 has two (17 at ≈ 13.7); this one ≈ 25, the strongest of all
    x[6] = 0.0  # a zero token: no ratio, ignored by strongest
    found = hd.outliers(x, 6.0)
    ratio = np.abs(x) / np.sqrt(np.mean(x * x, axis=1, keepdims=True) + (x == 0).all(axis=1, keepdims=True))
    assert found.flagged_tokens[17] == 3 and found.flagged_tokens[40] == 1
    assert found.flagged_tokens.sum() == 4 and np.array_equal(found.flagged_tokens, found.mask.sum(axis=0))
    token, coordinate, r = found.strongest
    assert (token, coordinate) == (3, 40) and r == pytest.approx(ratio[3, 40], rel=1e-12)
    assert r == pytest.approx(np.max(ratio), rel=1e-12) and isinstance(token, int) and isinstance(r, float)
    factors = [math.sqrt(1 - np.sum(x[t, found.mask[t]] ** 2) / np.sum(x[t] ** 2)) for t in (1, 3, 5)]
    assert found.mean_factor_flagged == pytest.approx(np.mean(factors), rel=1e-12)
    assert found.mean_factor_flagged < np.mean(found.others_factor)  # the unflagged tokens' 1s left out
    # after the page drops the (S, D) arrays, the summaries remain
    light = dataclasses.replace(found, ratio=None, mask=None, pairs=None)
    assert light.flagged_tokens[17] == 3 and light.strongest == found.strongest
    assert light.mean_factor_flagged == found.mean_factor_flagged
    # nothing flagged: NaN; nothing defined: no strongest
    quiet = hd.outliers(states(4, 64, seed=23), 6.0)
    assert math.isnan(quiet.mean_factor_flagged) and quiet.strongest is not None
    zero = hd.outliers(np.zeros((3, 5)), 2.0)
    assert zero.strongest is None and math.isnan(zero.mean_factor_flagged) and zero.flagged_tokens.tolist() == [0] * 5


def test_recurrence_counts_distinct_token_positions_and_the_mean_factor_where_flagged():
    layers = [states(6, 256, seed=30 + i) for i in range(3)]
    for layer, tokens in zip(layers, [(0, 1), (1, 2), (4,)]):
        for t in tokens:
            plant(layer, t, 5, 30.0)
    plant(layers[2], 4, 9, 25.0)  # token 4 of layer 2 has two
    rec = hd.recurrence_across(layers, 6.0)
    assert rec.counts[5] == 5 and rec.layers_hit[5] == 3 and rec.tokens_hit[5] == 4  # positions 0, 1, 2, 4
    assert rec.counts[9] == 1 and rec.tokens_hit[9] == 1 and rec.tokens_hit.shape == (256,)
    assert rec.tokens_hit.sum() == 5 and list(rec.coordinates) == [5, 9]
    factors = []
    for layer in layers:
        found = hd.outliers(layer, 6.0)
        for t in np.flatnonzero(found.mask.any(axis=1)):
            factors.append(math.sqrt(1 - np.sum(layer[t, found.mask[t]] ** 2) / np.sum(layer[t] ** 2)))
    assert len(factors) == 5 and rec.mean_factor_flagged == pytest.approx(np.mean(factors), rel=1e-12)
    none = hd.recurrence_across([states(3, 64, seed=40)], 6.0)
    assert math.isnan(none.mean_factor_flagged) and none.tokens_hit.tolist() == [0] * 64


def test_recurrence_across_layers_counts_layer_token_pairs():
    layers = [planted(s, 384, coordinate=123, seed=s) for s in (5, 8, 3)]
    layers[1][:, 7] = 100.0  # only in layer 1
    rec = hd.recurrence_across(layers, 6.0)
    assert rec.counts[123] == 16 == rec.pairs and rec.layers_hit[123] == 3
    assert rec.counts[7] == 8 and rec.layers_hit[7] == 1
    assert list(rec.coordinates[:2]) == [123, 7]
    assert rec.per_layer.shape == (3, 384) and rec.per_layer[:, 123].tolist() == [5, 8, 3]
    assert rec.tokens_hit is None  # the layers' S differ: their positions are not the same tokens
    assert rec.mean_factor_flagged == pytest.approx(
        np.mean(np.concatenate([hd.outliers(a, 6.0).others_factor for a in layers])), rel=1e-12
    )  # every token is flagged here
    with pytest.raises(ValueError, match="same D"):
        hd.recurrence_across([states(2, 8), states(2, 9)])
    with pytest.raises(ValueError, match="at least one"):
        hd.recurrence_across([])
    with pytest.raises(ValueError, match=r"layers\[1\]"):
        hd.recurrence_across([states(2, 8), np.ones(8)])


# --- γ and β -------------------------------------------------------------------------------------------------


def test_gamma_summary_reads_numpys_statistics_and_finds_a_gamma_near_0():
    g = 1.0 + 0.1 * np.random.default_rng(1).standard_normal(384)
    g[300], g[17] = 0.001, -0.02  # |γ| far below 5 % of the median
    b = np.linspace(-0.3, 0.2, 384)
    s = hd.gamma_summary(g, b)
    assert (s.min, s.argmin, s.max, s.argmax) == (g.min(), 17, g.max(), int(g.argmax()))
    assert s.mean == pytest.approx(g.mean())
    assert s.quantiles == tuple(np.quantile(g, [0.05, 0.25, 0.5, 0.75, 0.95]))
    assert s.small.tolist() == [300, 17] and s.small_below == pytest.approx(0.05 * np.median(np.abs(g)))
    assert (s.beta_min, s.beta_max) == (-0.3, 0.2) and s.d == 384
    none = hd.gamma_summary(np.ones(4))
    assert none.beta_min is None and none.beta_max is None and none.small.size == 0
    with pytest.raises(ValueError, match="beta"):
        hd.gamma_summary(np.ones(4), np.zeros(3))
    with pytest.raises(ValueError, match="gamma"):
        hd.gamma_summary(np.ones((2, 2)))


def test_gamma_reach_bounds_every_layernorm_output_and_is_reached():
    d = 7
    g = np.array([1.0, 0.5, 2.0, 0.0, -1.5, 1.0, 0.01])
    b = np.arange(d) * 0.1
    reach = hd.gamma_summary(g, b).reach
    x = np.vstack([states(200, d, offset=0.3, seed=9), np.eye(d)])
    y = layer_norm(x, weight=g, bias=b, eps=0.0)
    assert np.all(np.abs(y - b) <= reach + 1e-12)
    np.testing.assert_allclose(np.abs(y[200:] - b).diagonal(), reach, rtol=1e-12)  # x = eᵢ reaches it
    np.testing.assert_allclose(reach, np.abs(g) * math.sqrt(d - 1), rtol=0)
    y_neg = layer_norm(-np.eye(d), weight=g, bias=b, eps=0.0)  # and x = −eᵢ from the other side
    np.testing.assert_allclose((y_neg - b).diagonal(), -g * math.sqrt(d - 1), rtol=1e-12)
    # the tightest bound: no output, of any input, goes beyond it (random directions, ε > 0 shrinks further)
    many = layer_norm(states(2000, d, seed=10) ** 3, weight=g, bias=b, eps=0.0)
    assert np.all(np.abs(many - b) <= reach * (1 + 1e-12))
    assert np.all(np.abs(layer_norm(x, weight=g, bias=b, eps=0.1) - b) <= reach + 1e-12)


# --- the library on a model's numbers -------------------------------------------------------------------------


def test_library_check_against_torch_layernorm_in_float32():
    x = (states(16, 384, offset=0.2, seed=6) * 3).astype(np.float32)
    g = (1 + 0.1 * RNG.standard_normal(384)).astype(np.float32)
    b = (0.1 * RNG.standard_normal(384)).astype(np.float32)
    out = torch_ln(x, 1e-12, g, b).numpy()  # what a float32 model's LayerNorm hands on
    check = hd.library_check(x, out, g, b, eps=1e-12)
    assert check.ulp == float(np.spacing(np.float32(check.scale)))
    assert check.diff32_ulps == check.diff32 / check.ulp
    assert check.diff32_ulps <= 8 and check.diff64 <= 8 * check.ulp, check
    assert check.eps == 1e-12
    bad = out.copy()
    bad[3, 5] += 1e-3
    wrong = hd.library_check(x, bad, g, b, eps=1e-12)
    assert wrong.diff32 == pytest.approx(1e-3, rel=1e-2) and wrong.diff64 == pytest.approx(1e-3, rel=1e-2)
    with pytest.raises(ValueError, match="outputs"):
        hd.library_check(x, out[:3], g, b, eps=1e-12)
    with pytest.raises(ValueError, match="beta"):
        hd.library_check(x, out, g, b[:3], eps=1e-12)


@pytest.mark.parametrize("scale", [3.0, 1.0, 0.75, 1.999, 2.0, 1e-3, 220.5, 0.0])
def test_the_ulp_is_float32s_spacing_at_the_outputs_size(scale):
    check = hd.LibraryCheck(diff32=2.5e-7, diff64=1e-8, scale=scale, eps=1e-12)
    assert check.ulp == float(np.spacing(np.float32(scale)))
    assert check.ulp == float(np.nextafter(np.float32(scale), np.float32(np.inf)) - np.float32(scale))
    if scale > 0:  # 2^(⌊log₂ scale⌋ − 23): at most scale · 2⁻²³, more than half of it
        assert check.ulp == 2.0 ** (math.floor(math.log2(scale)) - 23)
        assert scale * 2.0**-24 < check.ulp <= scale * 2.0**-23
    assert check.diff32_ulps == 2.5e-7 / check.ulp
    assert hd.LibraryCheck(2.5e-7, 0.0, 3.0, 0.0).diff32_ulps == pytest.approx(1.048576)  # 2.5e-7 / 2⁻²²


# --- the 3D view ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("shape", [(40, 16), (6, 384), (1, 10), (2, 10), (3, 8), (50, 2), (50, 3), (50, 4)])
def test_the_view_basis_is_orthonormal_and_orthogonal_to_ones(shape):
    x = states(*shape, offset=1.5, seed=8)
    y = layer_norm(x, eps=0.0)
    view = hd.hyperplane_view(x, y)
    k = min(3, shape[1] - 1)
    assert view.basis.shape == (k, shape[1]) and view.before.shape == view.after.shape == (shape[0], k)
    np.testing.assert_allclose(view.basis @ view.basis.T, np.eye(k), atol=1e-12)
    np.testing.assert_allclose(view.basis @ np.ones(shape[1]), 0.0, atol=1e-12)
    np.testing.assert_allclose(view.before, x @ view.basis.T, rtol=1e-12)
    assert 0 <= view.explained.sum() <= 1 + 1e-12


def test_the_view_directions_are_the_principal_axes_of_the_centred_inputs():
    x = states(60, 20, offset=2.0, seed=12) * np.linspace(0.2, 4.0, 20)  # distinct variances
    view = hd.hyperplane_view(x, layer_norm(x, eps=0.0))
    y = x - x.mean(axis=0)
    y = y - y.mean(axis=1, keepdims=True)
    _, sv, vt = np.linalg.svd(y, full_matrices=False)
    np.testing.assert_allclose(view.explained, sv[:3] ** 2 / np.sum(sv**2), rtol=1e-9)
    np.testing.assert_allclose(view.basis.T @ view.basis, vt[:3].T @ vt[:3], atol=1e-9)  # the same subspace
    wide = states(5, 300, offset=1.0, seed=13)  # S < D: the Gram matrix of the tokens
    wide_view = hd.hyperplane_view(wide, wide)
    w = wide - wide.mean(axis=0)
    w = w - w.mean(axis=1, keepdims=True)
    _, sw, vw = np.linalg.svd(w, full_matrices=False)
    np.testing.assert_allclose(wide_view.basis.T @ wide_view.basis, vw[:3].T @ vw[:3], atol=1e-9)


def test_large_inputs_take_randomized_axes_that_match_the_exact_ones(monkeypatch):
    rng = np.random.default_rng(16)
    signal = rng.standard_normal((80, 3)) @ np.diag([30.0, 20.0, 10.0]) @ rng.standard_normal((3, 60))
    x = signal + 0.5 * rng.standard_normal((80, 60)) + 2.0
    exact = hd.hyperplane_view(x, x)
    monkeypatch.setattr(hd, "EXACT_PCA_MAX", 8)  # as for an upload of thousands of tokens and features
    fast = hd.hyperplane_view(x, x)
    np.testing.assert_allclose(fast.basis.T @ fast.basis, exact.basis.T @ exact.basis, atol=1e-9)
    np.testing.assert_allclose(fast.explained, exact.explained, rtol=1e-9)
    np.testing.assert_allclose(fast.basis @ np.ones(60), 0.0, atol=1e-12)


def test_layernorm_outputs_are_on_the_sphere_in_d_dimensions_and_a_shadow_in_three():
    x = states(30, 64, offset=-1.0, seed=14)
    view = hd.hyperplane_view(x, layer_norm(x, eps=0.0))
    np.testing.assert_allclose(view.after_norm, 8.0, rtol=1e-12)  # √64
    assert np.all(np.linalg.norm(view.after, axis=1) <= 8.0 + 1e-12)
    four = states(30, 4, offset=3.0, seed=15)  # D = 4: three directions span the whole hyperplane
    view4 = hd.hyperplane_view(four, layer_norm(four, eps=0.0))
    np.testing.assert_allclose(np.linalg.norm(view4.after, axis=1), 2.0, rtol=1e-12)
    with pytest.raises(ValueError, match="after"):
        hd.hyperplane_view(x, x[:3])


def test_undefined_outputs_stay_nan_rows_and_the_rest_is_unchanged():
    x = states(12, 10, offset=0.5, seed=17)
    x[[2, 7]] = [[1.5] * 10, [0.0] * 10]  # constant tokens: LayerNorm at ε = 0 is 0/0 there
    y = layer_norm(x, eps=0.0)
    assert np.isnan(y[[2, 7]]).all() and np.isfinite(np.delete(y, [2, 7], axis=0)).all()
    view = hd.hyperplane_view(x, y)
    assert np.isnan(view.after[[2, 7]]).all() and np.isnan(view.after_norm[[2, 7]]).all()
    ok = np.setdiff1d(np.arange(12), [2, 7])
    np.testing.assert_allclose(view.after[ok], y[ok] @ view.basis.T, rtol=1e-12)
    np.testing.assert_allclose(view.after_norm[ok], math.sqrt(10), rtol=1e-12)
    assert np.isfinite(view.before).all() and np.isfinite(view.before_norm).all()
    filled = hd.hyperplane_view(x, np.where(np.isnan(y), 0.0, y))  # the basis comes from the inputs alone
    np.testing.assert_array_equal(filled.basis, view.basis)
    partial = y.copy()
    partial[4, 3] = np.nan  # one NaN makes the row undefined
    assert np.isnan(hd.hyperplane_view(x, partial).after[4]).all()
    with pytest.raises(ValueError, match="before must hold finite"):
        hd.hyperplane_view(y, y)
    with pytest.raises(ValueError, match="after must hold finite numbers or NaN"):
        hd.hyperplane_view(x, np.where(np.isnan(y), np.inf, y))


@pytest.mark.parametrize("d", [2, 3, 4, 9])
def test_before3_and_after3_pad_the_view_to_three_columns(d):
    x = states(6, d, offset=1.0, seed=18)
    x[1] = 2.0  # a constant token: an undefined output
    view = hd.hyperplane_view(x, layer_norm(x, eps=0.0))
    k = min(3, d - 1)
    assert view.before.shape == (6, k) and view.before3.shape == view.after3.shape == (6, 3)
    np.testing.assert_array_equal(view.before3[:, :k], view.before)
    assert (view.before3[:, k:] == 0).all() and np.isfinite(view.before3).all()
    assert np.isnan(view.after3[1]).all()  # all three, the appended zeros included
    rows = [0, 2, 3, 4, 5]
    np.testing.assert_array_equal(view.after3[rows, :k], view.after[rows])
    assert (view.after3[rows, k:] == 0).all()
    # the same thing as a function, for any k
    np.testing.assert_array_equal(hd.padded(view.before, 5)[:, :k], view.before)
    assert hd.padded(view.before, 5).shape == (6, 5)
    with pytest.raises(ValueError, match="coordinates must be a matrix"):
        hd.padded(np.ones((2, 4)))
    with pytest.raises(TypeError, match="k must be an int"):
        hd.padded(view.before, True)
    with pytest.raises(ValueError, match="k must be at least 1"):
        hd.padded(view.before, 0)


# --- reading files ------------------------------------------------------------------------------------------------


def npy_bytes(arr, **kwargs) -> bytes:
    buf = io.BytesIO()
    np.save(buf, arr, **kwargs)
    return buf.getvalue()


def torch_bytes(obj, *, legacy: bool = False) -> bytes:
    buf = io.BytesIO()
    torch.save(obj, buf, _use_new_zipfile_serialization=not legacy)
    return buf.getvalue()


def code_of(data: bytes, **kwargs) -> str:
    with pytest.raises(hd.HiddenError) as info:
        hd.read_hidden(data, "upload.bin", **kwargs)
    assert "\n" not in str(info.value) and str(info.value)
    assert info.value.code in hd.CODES
    return info.value.code


X = states(6, 8, offset=0.5).astype(np.float32)


@pytest.mark.parametrize(
    "data",
    [
        npy_bytes(X),
        npy_bytes(X.reshape(2, 3, 8)),
        npy_bytes(np.asfortranarray(X)),
        npy_bytes(X.astype(">f4")),
        save_safetensors({"hidden_states": X}),
        save_safetensors({"x": X.reshape(3, 2, 8)}),
        torch_bytes(torch.from_numpy(X)),
        torch_bytes({"hidden_states": torch.from_numpy(X), "attention_mask": torch.ones(6)}),
        torch_bytes({"layers.3.hidden_states": torch.from_numpy(X.reshape(1, 6, 8))}, legacy=True),
    ],
    ids=[
        "npy",
        "npy-3d",
        "npy-fortran",
        "npy-big-endian",
        "safetensors",
        "safetensors-3d",
        "torch",
        "torch-named",
        "torch-legacy",
    ],
)
def test_every_format_gives_the_same_n_by_d_array(data):
    got = hd.read_hidden(data, "h")
    assert got.dtype == np.float32 and got.shape == (6, 8) and got.flags.c_contiguous and got.flags.writeable
    np.testing.assert_array_equal(got, X)


def test_float16_stays_float16_and_bfloat16_arrives_as_float32_exactly():
    assert hd.read_hidden(npy_bytes(X.astype(np.float16))).dtype == np.float16
    bf = torch.from_numpy(X).to(torch.bfloat16)
    got = hd.read_hidden(torch_bytes({"h": bf}))
    np.testing.assert_array_equal(got, bf.float().numpy())


def test_a_key_picks_one_tensor_of_several():
    data = save_safetensors({"a": X, "b": 2 * X})
    np.testing.assert_array_equal(hd.read_hidden(data, key="b"), 2 * X)
    with pytest.raises(hd.HiddenError) as info:
        hd.read_hidden(data, key="c")
    assert info.value.code == "missing_key" and info.value.values == {"key": "c", "count": 2, "keys": "'a', 'b'"}


def test_several_tensors_without_a_clear_choice_are_refused_naming_them():
    data = save_safetensors({f"layer{i}": X for i in range(12)})
    with pytest.raises(hd.HiddenError) as info:
        hd.read_hidden(data)
    assert info.value.code == "ambiguous" and info.value.values["count"] == 12
    assert "'layer0'" in info.value.values["keys"] and "4 more" in info.value.values["keys"]
    two_named = save_safetensors({"a.hidden_states": X, "b.hidden_states": X})
    assert code_of(two_named) == "ambiguous"


@pytest.mark.parametrize(
    "arr, code",
    [
        (np.ones(8, np.float32), "shape"),
        (np.ones((2, 2, 2, 4), np.float32), "shape"),
        (np.float32(1.0), "shape"),
        (np.ones((0, 8), np.float32), "empty_array"),
        (np.ones((4, 0), np.float32), "empty_array"),
        (np.ones((5, 1), np.float32), "one_feature"),
        (np.ones((2, 4), np.complex64), "dtype"),
        (np.ones((2, 4), np.int32), "dtype"),
        (np.ones((2, 4), np.bool_), "dtype"),
        (np.ones((2, 4), np.longdouble), "dtype"),
        (np.zeros((2,), dtype=[("a", "<f4"), ("b", "<f4")]), "dtype"),
    ],
)
def test_arrays_that_are_not_hidden_states_are_refused(arr, code):
    assert code_of(npy_bytes(arr)) == code


def test_nan_and_inf_are_refused_with_their_count():
    for bad in (np.nan, np.inf, -np.inf):
        arr = X.copy()
        arr[1, 2] = arr[4, 4] = bad
        with pytest.raises(hd.HiddenError) as info:
            hd.read_hidden(save_safetensors({"h": arr}))
        assert info.value.code == "not_finite" and info.value.values == {"count": 2, "total": 48}


def test_complex_and_integer_torch_tensors_are_a_dtype_refusal():
    assert code_of(torch_bytes({"h": torch.ones(2, 4, dtype=torch.complex64)})) == "dtype"
    assert code_of(torch_bytes({"h": torch.ones(2, 4, dtype=torch.int64)})) == "dtype"
    assert code_of(torch_bytes({"h": torch.ones(2, 4).to_sparse()})) in ("unsupported", "pickle_refused")


class MakesMarker:
    """Unpickling this would run ``os.system("touch <marker>")``."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def test_a_npy_of_python_objects_is_a_pickle_and_is_refused_unread(tmp_path):
    marker = tmp_path / "pwned"
    evil = np.array([MakesMarker(marker), 1.0], dtype=object)
    data = npy_bytes(evil, allow_pickle=True)
    assert code_of(data) == "pickle_refused" and not marker.exists()
    assert code_of(npy_bytes(np.array([[1.0, "a"]], dtype=object), allow_pickle=True)) == "pickle_refused"
    # a bare pickle passed off as a .npy is read as what it is: refused by weights_only
    assert code_of(pickle.dumps(MakesMarker(marker), protocol=2)) == "pickle_refused" and not marker.exists()
    legacy = torch_bytes({"h": torch.ones(2, 4), "payload": MakesMarker(marker)}, legacy=True)
    assert code_of(legacy) == "pickle_refused" and not marker.exists()


def test_a_npy_header_lying_about_its_size_is_refused_before_anything_is_allocated():
    start = time.perf_counter()
    assert code_of(npy_header_only((10**12, 384), data=b"\0" * 64)) == "truncated"  # 1.5 PB announced
    assert code_of(npy_header_only((2, 4), data=b"\0" * 64)) == "not_a_tensor_file"  # 32 bytes announced
    assert code_of(npy_header_only((2, 4))[:20]) == "truncated"
    assert code_of(b"\x93NUMPY\x01\x00\xff\x00{'descr': <f4}") in ("not_a_tensor_file", "truncated")
    assert time.perf_counter() - start < 1


def test_a_safetensors_header_lying_about_sizes_is_refused():
    assert code_of(claims_a_huge_tensor()) == "not_a_tensor_file"
    short = safetensors_bytes({"h": {"dtype": "F32", "shape": [64, 8], "data_offsets": [0, 32]}}, bytes(32))
    assert code_of(short) == "not_a_tensor_file"
    beyond = safetensors_bytes({"h": {"dtype": "F32", "shape": [2, 4], "data_offsets": [0, 32]}}, bytes(16))
    assert code_of(beyond) == "truncated"


def test_every_truncation_of_each_format_is_a_hidden_error():
    files = [npy_bytes(X), save_safetensors({"h": X}), torch_bytes({"h": torch.from_numpy(X)})]
    for full in files:
        cuts = sorted({*range(0, 24), *np.linspace(24, len(full) - 1, 24).astype(int)})
        codes = {code_of(full[:cut]) for cut in cuts}
        assert codes <= {"empty", "truncated", "not_a_tensor_file", "pickle_refused"}, codes


def test_files_that_are_not_hidden_states_get_a_code():
    assert code_of(b"") == "empty"
    assert code_of(b"hello, world") == "not_a_tensor_file"
    assert code_of(torch_bytes({"epoch": 3})) == "no_tensor"
    with pytest.raises(TypeError, match="data must be bytes"):
        hd.read_hidden("hidden.npy")


def test_a_file_above_16_mb_is_refused_by_its_size_alone():
    big = npy_header_only((17 * 2**20 // 4,), data=bytes(17 * 2**20))
    with pytest.raises(hd.HiddenError) as info:
        hd.read_hidden(big, "big.npy")
    assert info.value.code == "too_large"
    assert info.value.values == {"size": len(big), "limit": ck.MAX_BYTES} and ck.MAX_BYTES == 16 * 2**20
    with pytest.raises(hd.HiddenError) as info:  # no worker is started for it
        hd.read_hidden_isolated(big, "big.npy", time_limit_s=0.0)
    assert info.value.code == "too_large"


def test_error_codes_are_fixed_and_messages_one_line():
    with pytest.raises(ValueError, match="code"):
        hd.HiddenError("oops", "message")
    assert issubclass(hd.HiddenError, ValueError)
    err = hd.HiddenError("empty", "the file\nevil\r\nname is empty")
    assert str(err) == "the file evil name is empty"


# --- the worker process ---------------------------------------------------------------------------------------


def test_the_worker_reads_what_this_process_reads():
    data = npy_bytes(X.reshape(3, 2, 8))
    np.testing.assert_array_equal(hd.read_hidden_isolated(data, "h.npy"), hd.read_hidden(data))
    with pytest.raises(hd.HiddenError) as info:
        hd.read_hidden_isolated(save_safetensors({"a": X, "b": X}), "two.safetensors")
    assert info.value.code == "ambiguous" and info.value.values["count"] == 2


def test_a_shared_dict_bomb_is_walked_once_per_dict():
    """A legacy torch file of a few hundred bytes whose dicts share one child: 10¹⁵ names for one tensor.
    torch.load(weights_only=True) accepts it; each dict is walked once, so it reads in milliseconds (it ran
    for ever in the calling process before checkpoint._tensors kept track of the dicts it had seen)."""
    data = shared_dict_bomb()
    assert len(data) < 4096
    start = time.perf_counter()
    assert hd.read_hidden(data, "bomb.pt").shape == (2, 4)
    assert list(ck.read_state_dict(data, "bomb.pt")) == [".".join(["k0"] * 15 + ["hidden_states"])]
    assert time.perf_counter() - start < 5


def test_a_slow_file_is_stopped_by_the_workers_time_limit():
    state = {f"t{i}": torch.ones(1, 2) for i in range(15_000)}  # legal, and slower to read than 0.05 CPU s
    buf = io.BytesIO()
    torch.save(state, buf)
    start = time.perf_counter()
    with pytest.raises(hd.HiddenError) as info:
        hd.read_hidden_isolated(buf.getvalue(), "many.pt", time_limit_s=0.05)
    assert info.value.code == "time_limit" and info.value.values == {"limit": 0.05}
    assert time.perf_counter() - start < 30


def test_a_worker_out_of_memory_is_a_memory_limit_refusal():
    data = npy_bytes(np.ones((2000, 1000), np.float32))  # 8 MB: a copy or two more than 4 MiB
    with pytest.raises(hd.HiddenError) as info:
        hd.read_hidden_isolated(data, memory_limit=4 * 2**20)
    assert info.value.code == "memory_limit" and info.value.values == {"limit": 4}


# --- LayerNorm with σ frozen (Baroni et al. 2025) ----------------------------------------------------------


def test_frozen_layer_norm_is_the_formula_with_a_constant_divisor():
    x, g, b = states(5, 16, offset=3.0), RNG.standard_normal(16), RNG.standard_normal(16)
    direct = (x - x.mean(axis=1, keepdims=True)) / 0.7 * g + b
    np.testing.assert_allclose(hd.frozen_layer_norm(x, 0.7, gamma=g, beta=b), direct, rtol=1e-13, atol=1e-13)
    per_row = np.linspace(0.5, 2.0, 5)
    np.testing.assert_allclose(
        hd.frozen_layer_norm(x, per_row), (x - x.mean(axis=1, keepdims=True)) / per_row[:, None], rtol=1e-13
    )
    # c = each row's own s gives LayerNorm back
    s = np.sqrt(x.var(axis=1) + 1e-5)
    np.testing.assert_allclose(hd.frozen_layer_norm(x, s), layer_norm(x, eps=1e-5), atol=1e-12)


@settings(max_examples=40, deadline=None)
@given(
    hnp.arrays(np.float64, (3, 6), elements=st.floats(-50, 50)),
    st.floats(0.1, 10),
    st.floats(0.1, 5),
    st.floats(-20, 20),
)
def test_frozen_layer_norm_is_affine_keeps_length_and_removes_the_mean(x, c, a, shift):
    """Affine: f(a·x + shift·𝟏) = a·f(x) (the shift is removed, the scale kept, unlike LayerNorm); ⟂ 𝟏 and
    ‖f(x)‖ = ‖x − μ𝟏‖/c at γ = 1, β = 0."""
    y = hd.frozen_layer_norm(x, c)
    np.testing.assert_allclose(hd.frozen_layer_norm(a * x + shift, c), a * y, atol=1e-9 * (1 + np.abs(x).max()))
    np.testing.assert_allclose(y.sum(axis=1), 0, atol=1e-9 * (1 + np.abs(x).max()))
    centred = x - x.mean(axis=1, keepdims=True)
    np.testing.assert_allclose(np.linalg.norm(y, axis=1), np.linalg.norm(centred, axis=1) / c, rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize(
    ("c", "error", "match"),
    [(0.0, ValueError, "c must be positive"), (-1.0, ValueError, "c must be positive"),
     (np.ones(3), ValueError, r"c must be a number or one number per row \(5\)"),
     (math.nan, ValueError, "c must hold finite numbers"), ("1", TypeError, "c must be real numbers")],
)  # fmt: skip
def test_frozen_layer_norm_refuses_a_bad_divisor(c, error, match):
    with pytest.raises(error, match=match):
        hd.frozen_layer_norm(states(5, 4), c)


def test_drift_is_the_per_token_cosine_and_relative_error():
    a = np.stack([states(6, 10, seed=1), states(6, 10, seed=2)])
    b = a + 0.3 * np.stack([states(6, 10, seed=3), states(6, 10, seed=4)])
    d = hd.drift(a, b)
    for k in range(2):
        for j in range(6):
            u, v = a[k, j], b[k, j]
            assert d.cosine[k, j] == pytest.approx(u @ v / np.linalg.norm(u) / np.linalg.norm(v), rel=1e-12)
            assert d.relative[k, j] == pytest.approx(np.linalg.norm(v - u) / np.linalg.norm(u), rel=1e-12)
        assert d.layer_relative[k] == pytest.approx(np.linalg.norm(b[k] - a[k]) / np.linalg.norm(a[k]), rel=1e-12)
    np.testing.assert_allclose(d.layer_cosine, d.cosine.mean(axis=1))
    np.testing.assert_allclose(d.layer_min_cosine, d.cosine.min(axis=1))
    same = hd.drift(a[0], a[0])
    np.testing.assert_allclose(same.cosine, 1.0)
    np.testing.assert_allclose(same.layer_relative, 0.0)
    with pytest.raises(ValueError, match="original and changed must have one shape"):
        hd.drift(a, b[:, :3])


def test_neighbours_rank_by_cosine_and_say_whether_the_order_survives():
    q = np.array([1.0, 0.0, 0.0])
    cands = np.array([[0.0, 1.0, 0.0], [1.0, 0.1, 0.0], [1.0, 1.0, 0.0], [-1.0, 0.0, 0.0]])
    same = hd.neighbours(q, cands, 2 * q, 3 * cands)  # scaled embeddings: the same cosines
    assert same.order_original.tolist() == [1, 2, 0, 3] and same.same_order and same.same_nearest
    assert same.moved == 0
    swapped = cands[[0, 2, 1, 3]]  # candidates 1 and 2 trade places in the changed model
    changed = hd.neighbours(q, cands, q, swapped)
    assert changed.order_changed.tolist() == [2, 1, 0, 3] and not changed.same_order and not changed.same_nearest
    assert changed.moved == 2 and changed.rank_changed().tolist() == [2, 1, 0, 3]
    assert changed.kept(2) == 0 and changed.kept(3) == 1 and changed.kept(9) == 2 and same.kept(3) == 3
    np.testing.assert_allclose(changed.changed, swapped @ q / np.linalg.norm(swapped, axis=1))
    with pytest.raises(ValueError, match="candidates must be"):
        hd.neighbours(q, cands[:, :2], q, cands)


def test_the_frozen_view_holds_both_tokens_exactly_with_ln_on_the_circle_and_frozen_at_its_own_length():
    x = states(2, 50, offset=2.0, seed=7)
    x[1, 3] += 25.0  # a token with a large coordinate: a larger s
    c = np.array([0.9, 1.1])
    view = hd.frozen_view(x, c, 1e-5)
    np.testing.assert_allclose(view.basis @ view.basis.T, np.eye(3), atol=1e-12)
    np.testing.assert_allclose(view.basis[0], np.full(50, 1 / math.sqrt(50)))
    np.testing.assert_allclose(view.basis[1:].sum(axis=1), 0, atol=1e-12)
    assert view.residual < 1e-12 * np.abs(x).max()
    np.testing.assert_allclose(view.inputs @ view.basis, x, atol=1e-12 * np.abs(x).max())  # nothing projected away
    centred = x - x.mean(axis=1, keepdims=True)
    s = np.sqrt(centred.var(axis=1) + 1e-5)
    np.testing.assert_allclose(view.s, s)
    np.testing.assert_allclose(view.ln @ view.basis, layer_norm(x, eps=1e-5), atol=1e-12)
    np.testing.assert_allclose(view.frozen @ view.basis, hd.frozen_layer_norm(x, c), atol=1e-12)
    np.testing.assert_allclose(view.ln[:, 0], 0, atol=1e-12)
    np.testing.assert_allclose(view.frozen[:, 0], 0, atol=1e-12)
    np.testing.assert_allclose(np.linalg.norm(view.ln, axis=1), math.sqrt(50) * centred.std(axis=1) / s)
    np.testing.assert_allclose(np.linalg.norm(view.frozen, axis=1) / np.linalg.norm(view.ln, axis=1), s / c)
    np.testing.assert_allclose(view.ratio, s / c)


def test_the_frozen_view_of_parallel_tokens_completes_the_basis():
    x = np.vstack([np.arange(6.0), 2 * np.arange(6.0) + 5])
    view = hd.frozen_view(x, 1.0, 0.0)
    np.testing.assert_allclose(view.basis @ view.basis.T, np.eye(3), atol=1e-12)
    assert view.residual < 1e-12 * 20
    with pytest.raises(ValueError, match="x must hold two tokens of D >= 3 features"):
        hd.frozen_view(x[:, :2], 1.0, 0.0)


# --- LayerNorm's Jacobian and the largest coordinates (Chen & Yao 2026) ----------------------------------


@pytest.mark.parametrize("eps", [0.0, 1e-5, 0.3])
def test_the_jacobian_is_torchs_autograd_of_layer_norm(eps):
    x = states(4, 9, offset=1.5, seed=3)
    g = RNG.standard_normal(9)
    ours = hd.ln_jacobian(x, eps, g)
    for i in range(4):
        ref = torch.autograd.functional.jacobian(
            lambda v: F.layer_norm(v, (9,), torch.tensor(g), torch.tensor(RNG.standard_normal(9)), eps),
            torch.tensor(x[i]),
        )
        np.testing.assert_allclose(ours[i], ref.numpy(), rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("eps", [0.0, 1e-5, 0.3])
def test_the_closed_form_singular_values_are_the_svds(eps):
    x = states(5, 11, offset=-2.0, seed=4)
    x[2, 4] += 40.0
    closed = hd.ln_jacobian_singular_values(x, eps)
    svd = np.linalg.svd(hd.ln_jacobian(x, eps), compute_uv=False)
    np.testing.assert_allclose(closed, svd, rtol=1e-10, atol=1e-12)
    s = np.sqrt(x.var(axis=1) + eps)
    np.testing.assert_allclose(svd[:, 0], 1 / s, rtol=1e-12)  # the spectral norm is 1/s (D >= 3)
    np.testing.assert_allclose(np.sort(svd, axis=1)[:, 1], eps / s**3, rtol=1e-9, atol=1e-15)


@settings(max_examples=60, deadline=None)
@given(hnp.arrays(np.float64, (2, 7), elements=st.floats(-1e3, 1e3)), st.floats(0.0, 1.0))  # subnormals included
def test_one_large_centred_coordinate_bounds_the_jacobian_norm(x, eps):
    """1/s ≤ √(D − 1)/max|xᵢ − μ|: σ² ≥ (xᵢ − μ)²/(D − 1), equality when the other coordinates are equal."""
    found = hd.massive(x[None], eps)
    ok = np.isfinite(found.jacobian) & np.isfinite(found.bound)
    assert np.all(found.jacobian[ok] <= found.bound[ok] * (1 + 1e-9))
    spike = np.zeros(7)
    spike[2] = 10.0  # every other coordinate equal: the bound is reached at ε = 0
    tight = hd.massive(spike[None, None], 0.0)
    assert tight.jacobian[0, 0] == pytest.approx(tight.bound[0, 0], rel=1e-12)


def test_massive_finds_the_largest_coordinate_and_the_jacobian_norm_there():
    layers = np.stack([states(6, 20, seed=5), states(6, 20, seed=6), states(6, 20, seed=8)])
    layers[0, 4, 7] = -90.0  # the largest |x_i| of norm 0: token 4, coordinate 7
    layers[1, 1, 2] = 12.0
    layers[2, 2, 5] = 8.0  # norm 2: token 2 holds the largest |x_i| ...
    layers[2, 3] = 3.0 * (-1.0) ** np.arange(20)  # ... but token 3 (all |x_i| = 3) has the larger σ
    gammas = RNG.uniform(0.5, 2.0, (3, 20))
    found = hd.massive(layers, 1e-5, gammas)
    assert found.token.tolist() == [4, 1, 2] and found.coordinate.tolist() == [7, 2, 5]
    assert found.value.tolist() == [-90.0, 12.0, 8.0]
    s = np.sqrt(layers.var(axis=2) + 1e-5)
    np.testing.assert_allclose(found.s, s)
    np.testing.assert_allclose(found.jacobian, 1 / s)
    np.testing.assert_allclose(found.top_jacobian, 1 / s[[0, 1, 2], [4, 1, 2]])
    np.testing.assert_allclose(found.median_jacobian, np.median(1 / s, axis=1))
    assert found.smallest.tolist() == [bool(np.argmax(s[k]) == j) for k, j in ((0, 4), (1, 1), (2, 2))]
    assert found.smallest.tolist() == [True, True, False]
    assert 1 / s[2, 2] < np.median(1 / s[2])  # below the median, yet not the smallest
    for k, j in ((0, 4), (1, 1)):  # the γ'd spectral norm against torch's autograd Jacobian and its 2-norm
        jac = torch.autograd.functional.jacobian(
            lambda v, k=k: F.layer_norm(v, (20,), torch.tensor(gammas[k]), None, 1e-5), torch.tensor(layers[k, j])
        )
        assert found.gamma_norm[k] == pytest.approx(float(torch.linalg.matrix_norm(jac, ord=2)), rel=1e-9)
    assert hd.massive(layers, 1e-5).gamma_norm is None
    with pytest.raises(ValueError, match=r"layers must have shape \(L, S, D\)"):
        hd.massive(layers[0], 1e-5)
    with pytest.raises(ValueError, match=r"gammas must have shape \(3, 20\)"):
        hd.massive(layers, 1e-5, gammas[:1])
