"""The axes page's math: which entries share statistics, checked against torch.nn.functional."""

from __future__ import annotations

import numpy as np
import pytest

from normviz import axes

torch = pytest.importorskip("torch")
F = torch.nn.functional

SHAPES = [(1, 1, 2), (1, 5, 7), (3, 4, 5), (8, 12, 16)]


def t64(x):
    return torch.from_numpy(np.ascontiguousarray(x, dtype=np.float64))


@pytest.mark.parametrize("b, s, d", SHAPES)
def test_layer_norm_is_per_token_as_torch(b, s, d):
    x = axes.sample(b, s, d, seed=3)
    want = F.layer_norm(t64(x), (d,), eps=axes.default_eps("ln")).numpy()
    np.testing.assert_allclose(axes.output("ln", x), want, atol=1e-12)
    want = F.rms_norm(t64(x), (d,), eps=axes.default_eps("rms")).numpy()
    np.testing.assert_allclose(axes.output("rms", x), want, atol=1e-12)


@pytest.mark.parametrize("b, s, d", [sh for sh in SHAPES if sh[0] * sh[1] > 1])
def test_batch_norm_is_torch_batch_norm_in_training_mode_on_the_transposed_tensor(b, s, d):
    x = axes.sample(b, s, d, seed=5)
    # torch's BatchNorm1d wants (N, C, L): features on axis 1
    want = F.batch_norm(t64(x).transpose(1, 2), None, None, training=True, eps=axes.BN_EPS).transpose(1, 2)
    np.testing.assert_allclose(axes.output("bn", x), want.numpy(), atol=1e-10)
    np.testing.assert_allclose(axes.batch_norm_train(x), want.numpy(), atol=1e-10)


def test_groups_are_tokens_for_ln_and_features_for_bn():
    g = axes.groups("ln", 3, 4, 5)
    assert g.shape == (3, 4, 5) and len(np.unique(g)) == 12
    assert np.all(g == g[..., :1])  # one label along D
    g = axes.groups("bn", 3, 4, 5)
    assert len(np.unique(g)) == 5
    assert np.all(g == g[:1, :1, :])  # one label along B and S
    np.testing.assert_array_equal(axes.groups("std", 2, 2, 3), axes.groups("bn", 2, 2, 3))
    with pytest.raises(ValueError, match="method"):
        axes.groups("gn", 1, 1, 2)


@pytest.mark.parametrize("method", axes.METHOD_KEYS)
def test_each_group_of_the_output_is_standardized_by_its_own_statistics(method):
    v = axes.view(method, 4, 6, 9, seed=11)
    for label in np.unique(v.labels):
        sel = v.labels == label
        assert np.ptp(v.group_mu[sel]) == 0 and np.ptp(v.group_scale[sel]) == 0
        x, y = v.x[sel], v.y[sel]
        if method == "rms":
            np.testing.assert_allclose(y, x / np.sqrt(np.mean(x * x) + v.eps), atol=1e-12)
            np.testing.assert_allclose(v.group_scale[sel][0], np.sqrt(np.mean(x * x)))
        else:
            np.testing.assert_allclose(v.group_mu[sel][0], x.mean())
            np.testing.assert_allclose(v.group_scale[sel][0], x.std())  # biased (ddof=0)
            np.testing.assert_allclose(y, (x - x.mean()) / np.sqrt(x.var() + v.eps), atol=1e-12)


def test_features_really_differ():
    mu, sigma = axes.feature_stats(axes.sample(8, 12, 16, seed=0))
    assert np.ptp(mu) > 2 and sigma.max() / sigma.min() > 2


def test_b1_s1_collapses_batch_norm_to_one_sample_and_zero_output():
    x = axes.sample(1, 1, 6, seed=2)
    mu, sigma = axes.feature_stats(x)
    np.testing.assert_array_equal(mu, x[0, 0])
    np.testing.assert_array_equal(sigma, 0)
    np.testing.assert_array_equal(axes.output("bn", x), 0)
    with pytest.raises(ValueError, match="more than 1 value per channel"):  # torch refuses to train here
        F.batch_norm(t64(x).transpose(1, 2), None, None, training=True)


def test_layer_norm_of_a_token_is_the_same_at_every_batch_size_and_batch_norm_is_not():
    sweep = axes.batch_sweep(s=3, d=8, seed=4)
    assert sweep.spread("ln") == 0 and sweep.spread("rms") == 0
    assert sweep.spread("bn") > 0.1
    np.testing.assert_array_equal(sweep.bn[0], axes.output("bn", axes.sample(1, 3, 8, seed=4))[0, 0])


def test_running_statistics_match_torch_and_eval_uses_them():
    s, d, seed = 4, 6, 9
    rm, rv = torch.zeros(d, dtype=torch.float64), torch.ones(d, dtype=torch.float64)
    for k in range(axes.TRAIN_BATCHES):
        xb = t64(axes.sample(axes.TRAIN_B, s, d, seed, batch=1 + k)).transpose(1, 2)
        F.batch_norm(xb, rm, rv, training=True, momentum=axes.MOMENTUM, eps=axes.BN_EPS)
    mean, var, history = axes.running_stats(s, d, seed)
    np.testing.assert_allclose(mean, rm.numpy(), atol=1e-12)
    np.testing.assert_allclose(var, rv.numpy(), atol=1e-12)
    assert history.shape == (axes.TRAIN_BATCHES + 1, d) and np.all(history[0] == 0)
    te = axes.train_eval(1, s, d, seed)
    want = F.batch_norm(t64(te.token[None, :]), rm, rv, training=False, eps=axes.BN_EPS)
    np.testing.assert_allclose(te.eval_out, want.numpy()[0], atol=1e-12)
    np.testing.assert_array_equal(te.train_alone, 0)  # a batch of one token: x − μ = 0
    assert np.min(np.abs(te.eval_out)) > 0  # eval mode still gives that token a real output


def test_padding_moves_batch_norm_statistics_but_not_layer_norm_of_real_tokens():
    b, s, d, seed = 4, 10, 5, 1
    effect = axes.padding_effect(b, s, d, seed)
    assert effect.lens[0] == s and np.all((1 <= effect.lens) & (effect.lens <= s))
    assert effect.lens.sum() < b * s  # this seed pads something
    assert effect.ln_change == 0
    assert effect.bn_change > 1e-3
    assert np.max(np.abs(effect.mu_pad - effect.mu_real)) > 1e-3
    x = axes.padded(axes.sample(b, s, d, seed), effect.lens)
    real = axes.mask(effect.lens, s)
    np.testing.assert_allclose(effect.mu_real, x[real].mean(axis=0))
    np.testing.assert_allclose(effect.sigma_pad, x.reshape(-1, d).std(axis=0))
    # LayerNorm of each real token, against torch on that token alone
    want = F.layer_norm(t64(x[real]), (d,), eps=axes.default_eps("ln")).numpy()
    np.testing.assert_allclose(axes.output("ln", x)[real], want, atol=1e-12)


def test_standardization_of_the_table_is_batch_norm_of_the_tokens():
    v = axes.view("std", 3, 5, 4, seed=8, pad=True)
    real = v.real
    rows = v.x[real]  # samples × features
    np.testing.assert_allclose(
        v.y[real], (rows - rows.mean(0)) / np.sqrt(rows.var(0) + axes.default_eps("std")), atol=1e-12
    )
    assert np.all(np.isnan(v.y[~real]))


def test_smaller_batches_keep_the_same_tokens():
    big, small = axes.sample(8, 12, 5, seed=2), axes.sample(3, 4, 5, seed=2)
    np.testing.assert_array_equal(big[:3, :4], small)


@pytest.mark.parametrize(
    "kw, match",
    [
        (dict(b=0, s=1, d=2), "b must"),
        (dict(b=1, s=13, d=2), "s must"),
        (dict(b=1, s=1, d=1), "d must"),
        (dict(b=1.5, s=1, d=2), "b must be an int"),
    ],
)
def test_bad_shapes_name_the_argument(kw, match):
    with pytest.raises((ValueError, TypeError), match=match):
        axes.sample(seed=0, **kw)


def test_warmup_share_is_how_far_a_running_mean_gets_towards_a_constant_batch_mean():
    mean = 0.0
    for _ in range(axes.TRAIN_BATCHES):
        mean = (1 - axes.MOMENTUM) * mean + axes.MOMENTUM * 1.0
    assert axes.warmup_share() == pytest.approx(mean, rel=1e-12)
