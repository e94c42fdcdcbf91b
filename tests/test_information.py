"""The information page's arguments, checked numerically: merges, angles, the cloud, tiny inputs.

Oracles: torch.nn.functional (norms, cosine similarity), numpy's corrcoef for
Pearson correlation, math.hypot for lengths, and the seeds' worked numbers.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from normviz import _xp, information
from normviz.methods import METHODS

torch = pytest.importorskip("torch")
F = torch.nn.functional

NUMPY = _xp.Backend("numpy")
TORCH = _xp.Backend("torch", "cpu")
BACKENDS = [pytest.param(NUMPY, id="numpy"), pytest.param(TORCH, id="torch")]


# --- lengths and angles without underflow ------------------------------------------


@pytest.mark.parametrize(
    "v", [(3.0, 4.0), (1e-300, 1e-300), (5e-324, 0.0), (1e300, 1e300), (1e-200, 3.0), (0.0, 0.0), (-2.5, 1e-10, 7.0)]
)
def test_norm_matches_hypot_from_subnormal_to_huge(v):
    assert information.norm(v) == pytest.approx(math.hypot(*v), rel=1e-15, abs=0.0)


def test_norm_along_an_axis_and_non_finite_values():
    rows = np.array([[3.0, 4.0], [1e-300, 0.0], [np.inf, 1.0], [np.nan, 1.0]])
    got = information.norm(rows, axis=1)
    np.testing.assert_array_equal(got[:2], [5.0, 1e-300])
    assert got[2] == math.inf and math.isnan(got[3])


def test_cosine_of_tiny_vectors_is_their_angle_and_zero_has_none():
    assert information.cosine((1e-300, 1e-300), (1.0, 1.0)) == pytest.approx(1.0, abs=1e-15)
    assert information.cosine((1e-300, 0.0), (0.0, 1e-300)) == 0.0
    assert math.isnan(information.cosine((0.0, 0.0), (1.0, 2.0)))
    assert math.isnan(information.pearson([1, 1, 1], [1, 2, 3]))
    assert math.isnan(information.pearson([0.1, 0.1, 0.1], [1, 2, 3]))  # constant, even if its mean rounds


@pytest.mark.parametrize("key", list(METHODS))
def test_apply_at_eps_0_is_the_library_to_the_bit_and_survives_tiny_inputs(key):
    x = np.array([[3.0, 4.0, -1.5], [0.1, 0.2, 0.7], [1e-3, 5.0, 2e4]])
    np.testing.assert_array_equal(information.apply(key, x, eps=0.0), METHODS[key](x, eps=0.0))
    tiny = information.apply(key, x * 1e-300, eps=0.0)
    np.testing.assert_allclose(tiny, METHODS[key](x, eps=0.0), rtol=1e-14)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("key", list(METHODS))
def test_apply_matches_torch(key, backend):
    x = np.array([[3.0, 4.0, -1.5, 0.0], [1e-3, 5.0, 2e4, -7.0]])
    t = torch.tensor(x)
    eps = METHODS[key].default_eps
    want = {
        "l2": lambda: F.normalize(t, dim=-1, eps=eps),
        "rms": lambda: F.rms_norm(t, (4,), eps=eps),
        "ln": lambda: F.layer_norm(t, (4,), eps=eps),
    }[key]().numpy()
    np.testing.assert_allclose(information.apply(key, x, backend=backend), want, rtol=1e-12, atol=1e-15)


# --- pairs ---------------------------------------------------------------------------


def test_3_4_and_6_8_merge_under_every_method_at_its_own_point_while_3_4_and_4_3_stay_apart():
    same = information.compare_pair((3, 4), (6, 8))
    want = {"l2": [0.6, 0.8], "rms": [0.6 * math.sqrt(2), 0.8 * math.sqrt(2)], "ln": [-1.0, 1.0]}
    for key, point in want.items():
        np.testing.assert_allclose(same.outputs[key][0], point, atol=1e-15)
        np.testing.assert_allclose(same.outputs[key][1], point, atol=1e-15)
        assert same.verdict(key) == "merged"
    np.testing.assert_allclose(np.round(same.outputs["rms"][0], 3), [0.849, 1.131])
    assert same.input_distance == pytest.approx(5.0)
    apart = information.compare_pair((3, 4), (4, 3))
    np.testing.assert_allclose(apart.outputs["l2"][1], [0.8, 0.6], atol=1e-15)
    assert [apart.verdict(k) for k in METHODS] == ["apart"] * 3
    assert apart.cos_in == pytest.approx(0.96) and apart.corr_in == pytest.approx(-1.0)
    assert apart.cos_out["l2"] == pytest.approx(0.96) and apart.cos_out["ln"] == pytest.approx(-1.0)


def test_a_tiny_vector_is_a_direction_not_infinity_and_merges_with_its_multiples():
    cmp = information.compare_pair((1e-300, 1e-300), (1.0, 1.0))
    np.testing.assert_allclose(cmp.outputs["l2"][0], [math.sqrt(0.5)] * 2, rtol=1e-15)
    np.testing.assert_allclose(cmp.outputs["rms"][0], [1.0, 1.0], rtol=1e-15)
    assert cmp.verdict("l2") == "merged" and cmp.verdict("rms") == "merged"
    assert cmp.verdict("ln") == "undefined"  # a constant vector: 0/0 at ε = 0, never "apart"
    assert cmp.cos_in == pytest.approx(1.0)
    assert cmp.input_distance == pytest.approx(math.sqrt(2.0))


def test_a_zero_vector_makes_every_verdict_undefined_not_apart():
    cmp = information.compare_pair((0.0, 0.0), (3.0, 4.0))
    assert {information.compare_pair((0.0, 0.0), (3.0, 4.0)).verdict(k) for k in METHODS} == {"undefined"}
    assert math.isnan(cmp.cos_in) and cmp.input_distance == 5.0
    with_eps = information.compare_pair((0.0, 0.0), (3.0, 4.0), eps=None)  # ε > 0: f(0) = 0, defined
    assert with_eps.verdict("l2") == "apart"


def test_compare_pair_rejects_pairs_of_different_lengths():
    with pytest.raises(ValueError, match="same length"):
        information.compare_pair((1, 2), (1, 2, 3))


def test_cos_ln_equals_corr_for_a_worked_pair():
    x, y = np.array([1.0, 2.0, 4.0]), np.array([10.0, 9.0, 14.0])
    ln = information.compare_pair(x, y, eps=0.0)
    assert ln.cos_out["ln"] == pytest.approx(np.corrcoef(x, y)[0, 1], abs=1e-14)
    assert ln.cos_in != pytest.approx(ln.corr_in, abs=0.05)


# --- the cloud -----------------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dim", [2, 3])
def test_direction_cloud_keeps_colours_and_drops_lengths(dim, backend):
    cloud = information.direction_cloud(dim, 200, seed=4, backend=backend)
    lengths = np.linalg.norm(cloud.inputs, axis=1)
    assert lengths.min() < 0.5 and lengths.max() > 2.0
    np.testing.assert_allclose(np.linalg.norm(cloud.outputs["l2"], axis=1), 1.0, atol=1e-12)
    np.testing.assert_allclose(np.linalg.norm(cloud.outputs["rms"], axis=1), math.sqrt(dim), atol=1e-12)
    for key in ("l2", "rms"):
        assert np.max(information.angle_moved(cloud.hue, information.direction_angle(cloud.outputs[key]))) < 1e-12
    ln = cloud.outputs["ln"]
    np.testing.assert_allclose(ln.sum(axis=1), 0.0, atol=1e-12)
    if dim == 2:
        assert len(np.unique(np.round(ln, 9), axis=0)) == 2
    else:  # the angle around 1 survives LayerNorm in 3D
        assert np.max(information.angle_moved(cloud.hue, information.direction_angle(ln))) < 1e-12


# --- cosine similarity and correlation ------------------------------------------------


def test_pearson_matrix_matches_numpy_corrcoef():
    rows = information.similarity_batch(12, 7, 3.0, seed=2)
    np.testing.assert_allclose(information.pearson_matrix(rows), np.corrcoef(rows), atol=1e-14)
    np.testing.assert_allclose(information.pearson_matrix(rows * 1e-300), np.corrcoef(rows), atol=1e-14)


@pytest.mark.parametrize("backend", BACKENDS)
def test_cosine_matrix_matches_torch_cosine_similarity(backend):
    rows = information.similarity_batch(5, 4, 1.0, seed=1)
    t = torch.tensor(rows)
    want = F.cosine_similarity(t[:, None, :], t[None, :, :], dim=-1).numpy()
    np.testing.assert_allclose(information.cosine_matrix(rows, backend=backend), want, atol=1e-14)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("eps", [0.0, None, 0.1])
@pytest.mark.parametrize(("n", "size", "spread", "seed"), [(2, 3, 0.0, 0), (8, 6, 2.0, 0), (64, 8, 5.0, 3)])
def test_l2_and_rms_keep_cosines_and_layernorm_turns_them_into_pearson(n, size, spread, seed, eps, backend):
    rows = information.similarity_batch(n, size, spread, seed)
    sim = information.similarity(rows, eps=eps, backend=backend)
    np.testing.assert_allclose(sim.cos_out["l2"], sim.cos_in, atol=1e-13)
    np.testing.assert_allclose(sim.cos_out["rms"], sim.cos_in, atol=1e-13)
    np.testing.assert_allclose(sim.cos_out["ln"], np.corrcoef(rows), atol=1e-13)
    assert max(sim.errors.values()) < 1e-13


def test_layernorm_changes_cosines_when_rows_are_shifted():
    sim = information.similarity(information.similarity_batch(8, 6, 2.0, 0))
    assert sim.ln_cos_change > 0.5


@pytest.mark.gpu
def test_identities_on_cuda():
    cuda = _xp.Backend("torch", "cuda")
    sim = information.similarity(information.similarity_batch(64, 8, 3.0, 1), backend=cuda)
    assert max(sim.errors.values()) < 1e-12
    cmp = information.compare_pair((1e-300, 1e-300), (1.0, 1.0), backend=cuda)
    assert cmp.verdict("l2") == "merged"
