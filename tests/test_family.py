"""normviz.family: the members' outputs and checks, the 3D sets, the seeds' data examples, parameter counts.

Parameter counts are checked against torch's own modules; the normal fractions against
scipy-free closed forms (erf) and the seed's 99.7 %.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from normviz import _xp, family
from normviz.methods import METHODS

torch = pytest.importorskip("torch")
BACKENDS = [_xp.Backend("numpy"), _xp.Backend("torch", "cpu")]


def passed(row: family.Row) -> set[str]:
    return {c for c, ok in row.checks.items() if ok}


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.name)
def test_each_member_satisfies_its_own_constraint_on_the_seed_x(backend):
    rows = {r.key: r for r in family.family_rows((1.0, 2.0, 3.0), backend=backend)}
    assert set(rows) == set(family.KEYS)
    assert passed(rows["l2"]) == {"unit_norm", "unit_range"}  # (0.267, 0.535, 0.802): positive and below 1
    assert passed(rows["rms"]) == {"mean_square"}
    assert passed(rows["ln"]) == passed(rows["bfln"]) == {"standard", "mean_square"}  # var 1, mean 0 => ms 1
    assert passed(rows["bn"]) == passed(rows["std"]) == {"standard", "mean_square"}
    assert passed(rows["minmax"]) == {"unit_range"}
    assert passed(rows["softmax"]) == {"simplex", "unit_range"}
    np.testing.assert_allclose(rows["rms"].output, [0.463, 0.926, 1.389], atol=5e-4)
    np.testing.assert_allclose(rows["ln"].output, [-1.2247, 0.0, 1.2247], atol=1e-4)
    np.testing.assert_allclose(rows["minmax"].output, [0.0, 0.5, 1.0])


def test_per_feature_members_normalize_the_columns_of_the_batch_with_x_first():
    x = (4.0, -1.0, 0.5)
    batch = family.batch_with(x)
    np.testing.assert_array_equal(batch[0], x)
    rows = {r.key: r for r in family.family_rows(x)}
    z = (batch - batch.mean(axis=0)) / batch.std(axis=0)
    np.testing.assert_allclose(rows["bn"].output, z[0], rtol=1e-12)
    np.testing.assert_allclose(rows["std"].output, z[0], rtol=1e-12)


def test_negative_components_break_the_unit_range_of_l2():
    rows = {r.key: r for r in family.family_rows((-1.0, 2.0, 2.0))}
    assert passed(rows["l2"]) == {"unit_norm"}


def test_a_constant_x_fails_layer_norm_checks_with_nan_and_min_max_gives_zero():
    rows = {r.key: r for r in family.family_rows((2.0, 2.0, 2.0))}
    assert np.all(np.isnan(rows["ln"].output)) and not any(rows["ln"].checks.values())
    np.testing.assert_array_equal(rows["minmax"].output, 0.0)
    assert passed(rows["softmax"]) == {"simplex", "unit_range"}  # (1/3, 1/3, 1/3)


@pytest.mark.parametrize("y, axis, expected", [
    ([0.2, 0.3, 0.5], -1, {"simplex", "unit_range"}),
    ([0.0, 0.5, 0.5], -1, {"unit_range"}),  # sums to 1 but not > 0
    ([-1.0, 1.0], -1, {"standard", "mean_square", }),
    ([0.6, 0.8], -1, {"unit_norm", "unit_range"}),
    ([[1.0, 1.0], [-1.0, -1.0]], 0, {"standard", "mean_square"}),
    ([np.nan, 1.0], -1, set()),
])  # fmt: skip
def test_check_names_the_constraints_that_hold(y, axis, expected):
    assert {c for c, ok in family.check(np.array(y), axis=axis).items() if ok} == expected


def test_members_reuse_the_method_records():
    for key, m in METHODS.items():
        assert family.MEMBERS[key].color == m.color and family.MEMBERS[key].formula == m.formula
    colors = [m.color for m in family.MEMBERS.values() if m.color]
    assert len(colors) == len(set(colors))  # one colour per method, on every page
    assert all(family.MEMBERS[key].color for key in family.DRAWN)


def test_x_must_have_three_components():
    with pytest.raises(ValueError, match="3 components"):
        family.batch_with((1.0, 2.0))
    with pytest.raises(ValueError, match="3 components"):
        family.outputs_3d((1.0, 2.0, 3.0, 4.0))


# --- the sets of the 3D picture -------------------------------------------------------------------


def test_simplex_corners_sum_to_one():
    np.testing.assert_array_equal(family.simplex_vertices().sum(axis=1), 1.0)


def test_cube_has_twelve_unit_edges_between_corners():
    edges = family.cube_edges()
    assert edges.shape == (12, 2, 3)
    np.testing.assert_array_equal(np.abs(edges[:, 1] - edges[:, 0]).sum(axis=1), 1.0)
    assert np.isin(edges, (0.0, 1.0)).all()


def test_min_max_loop_holds_every_min_max_output_of_a_3_vector():
    loop = family.min_max_loop()
    np.testing.assert_array_equal(loop[0], loop[-1])
    np.testing.assert_array_equal(loop.min(axis=1), 0.0)
    np.testing.assert_array_equal(loop.max(axis=1), 1.0)
    rng = np.random.default_rng(3)
    for x in rng.normal(size=(50, 3)):
        y = family.outputs_3d(x)["minmax"]
        # on one of the loop's segments: y lies between two consecutive corners
        on = [np.isclose(np.linalg.norm(y - a) + np.linalg.norm(b - y), 1.0) for a, b in zip(loop[:-1], loop[1:])]
        assert any(on), y


@pytest.mark.parametrize("x", [(1.0, 2.0, 3.0), (4.0, -1.0, 0.5), (-9.0, 0.1, 10.0)])
def test_outputs_3d_lie_on_their_sets(x):
    out = family.outputs_3d(x)
    assert np.isclose(np.linalg.norm(out["l2"]), 1.0)
    assert np.isclose(np.linalg.norm(out["rms"]), math.sqrt(3.0))
    assert np.isclose(np.linalg.norm(out["ln"]), math.sqrt(3.0)) and np.isclose(out["ln"].sum(), 0.0)
    assert np.isclose(out["softmax"].sum(), 1.0) and np.all(out["softmax"] > 0)


# --- data vs model ------------------------------------------------------------------------------


def test_seed_pixels_divide_by_255_and_agree_with_min_max():
    px = family.pixels()
    np.testing.assert_allclose(px.divided, [0.0, 64 / 255, 128 / 255, 1.0])
    assert px.same


def test_pixels_without_0_and_255_differ_from_x_over_255():
    px = family.pixels((10.0, 100.0, 200.0))
    assert not px.same
    np.testing.assert_allclose(px.min_max, [0.0, 90 / 190, 1.0])


def test_normal_fractions_are_the_68_95_99_7_rule():
    assert [round(100 * family.normal_fraction(k), 2) for k in (1, 2, 3)] == [68.27, 95.45, 99.73]


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.name)
def test_standardized_column_has_mean_0_variance_1(backend):
    col = family.column(500, 1, backend=backend)
    assert abs(col.z_mean) < 1e-12 and abs(col.z_var - 1.0) < 1e-12
    assert abs(col.mean - 170.0) < 2.0 and abs(col.std - 10.0) < 1.5
    assert col.within[1] < col.within[2] <= col.within[3]
    assert abs(col.within[3] - col.normal[3]) < 0.02
    np.testing.assert_allclose(col.z, (col.values - col.values.mean()) / col.values.std(), atol=1e-12)


def test_column_seed_changes_the_sample_and_n_is_checked():
    assert not np.array_equal(family.column(50, 0).values, family.column(50, 1).values)
    with pytest.raises(ValueError, match="n must be"):
        family.column(1)


def test_the_seed_affine_example_gives_zero():
    assert family.affine(*family.SEED_AFFINE) == 0.0  # 2 · 0.5 − 1
    assert family.affine(1.5, -2.0, 0.25) == -2.75


# --- parameter counts against torch's modules ---------------------------------------------------


def torch_counts(module) -> tuple[int, int]:
    params = sum(p.numel() for p in module.parameters())
    buffers = sum(b.numel() for b in module.buffers())
    return params, buffers


@pytest.mark.parametrize("d", [1, 3, 768, 4096])
def test_param_counts_match_torch_modules(d):
    nn = torch.nn
    counts = family.param_counts(d)
    modules = {"ln": nn.LayerNorm(d), "bfln": nn.LayerNorm(d, bias=False), "rms": nn.RMSNorm(d),
               "bn": nn.BatchNorm1d(d)}
    for key, module in modules.items():
        c = counts[key]
        assert torch_counts(module) == (c.parameters, c.running + c.counter), key


def test_the_seed_exercise_4096():
    counts = family.param_counts(family.SEED_D)
    assert (counts["ln"].parameters, counts["rms"].parameters) == (8192, 4096)
    assert counts["bn"].parameters == 8192 and counts["bn"].running == 8192


@pytest.mark.parametrize("d", [0, -3, 2.5, True, "8"])
def test_param_counts_need_a_positive_integer(d):
    with pytest.raises(ValueError, match="d must be"):
        family.param_counts(d)
