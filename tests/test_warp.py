"""The warp page's arguments, checked numerically: the morph, the fold, the local stretch, γ's ellipsoid.

Oracles: torch.nn.functional (the norms) and torch.autograd (the Jacobian) in float64, the same_output
computation (every output computed) for the fold, numpy's SVD of diag(γ)·B for the ellipsoid, and the worked
numbers the page quotes (LayerNorm folds 21 of the 7 × 7 grid's 49 vertices and 12 of its 14 lines).
"""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from normviz import warp
from normviz.geometry import zero_mean_basis
from normviz.gradient import autograd_jacobian
from normviz.methods import METHODS
from tests.helpers.backends import BACKENDS, NUMPY, F, torch  # noqa: F401  (torch skips the module when absent)

KEYS = list(METHODS)
FAST = settings(deadline=None, max_examples=40)


def torch_op(key: str, x: np.ndarray, eps: float) -> np.ndarray:
    """torch.nn.functional's op over the last axis, float64 on the CPU."""
    t = torch.tensor(np.asarray(x, dtype=np.float64))
    n = t.shape[-1]
    y = {
        "l2": lambda: F.normalize(t, p=2.0, dim=-1, eps=eps),
        "rms": lambda: F.rms_norm(t, (n,), eps=eps),
        "ln": lambda: F.layer_norm(t, (n,), eps=eps),
    }[key]()
    return y.numpy()


def on_diagonal(p: np.ndarray) -> np.ndarray:
    """Rows whose components are all equal (LayerNorm's 0/0 at ε = 0)."""
    return np.all(p == p[..., :1], axis=-1)


# --- the morph ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("eps", [0.0, 0.1])
@pytest.mark.parametrize("n", [2, 3])
@pytest.mark.parametrize("key", KEYS)
def test_morph_starts_at_the_grid_to_the_bit_and_ends_at_the_library_output(key, n, eps, backend):
    m = warp.grid_morph(n, key, eps=eps, count=5, points=21, frames=11, backend=backend)
    lines = 2 * 5 if n == 2 else 3 * 5 * 5
    assert m.inputs.shape == m.image.shape == (lines, 21, n)
    np.testing.assert_array_equal(m.inputs, warp.grid_lines(n, extent=3.0, count=5, points=21))
    np.testing.assert_array_equal(m.at(0), m.inputs)  # even where the image is NaN (0·NaN is NaN)
    library = METHODS[key](backend.asarray(m.inputs), eps=eps)
    if backend is NUMPY:  # the same bits (apply's power-of-two scaling at ε = 0 is exact)
        np.testing.assert_array_equal(m.at(1), library)  # NaN where the library has NaN
    else:
        np.testing.assert_allclose(m.at(1), library.numpy(), rtol=1e-14, atol=1e-15)
    assert m.frames.shape == (11, lines, 21, n)
    np.testing.assert_array_equal(m.frames[0], m.inputs)
    np.testing.assert_array_equal(m.frames[-1], m.image)
    np.testing.assert_array_equal(m.ts, np.linspace(0, 1, 11))
    assert m.n == n and m.eps == eps and m.key == key


@pytest.mark.parametrize("eps", [0.0, 1e-5, 0.1, 1.0])
@pytest.mark.parametrize("n", [2, 3])
@pytest.mark.parametrize("key", KEYS)
def test_morph_end_matches_torch_functional_in_float64(key, n, eps):
    m = warp.grid_morph(n, key, eps=eps, count=7, points=41, frames=2)
    want = torch_op(key, m.inputs, eps)
    got = m.at(1)
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)
    if eps == 0.0:  # 0/0: the origin for every method, and the whole diagonal for LayerNorm
        undefined = on_diagonal(m.inputs) if key == "ln" else np.all(m.inputs == 0, axis=-1)
        np.testing.assert_array_equal(np.isnan(got).any(axis=-1), undefined)
        assert undefined.any()
    else:
        assert np.isfinite(got).all()


def test_morph_midway_is_the_average_and_eps_none_is_the_methods_default():
    m = warp.grid_morph(2, "rms", eps=None, count=3, points=5, frames=3)
    assert m.eps == METHODS["rms"].default_eps
    np.testing.assert_array_equal(m.frames[1], 0.5 * m.inputs + 0.5 * m.image)
    np.testing.assert_array_equal(m.image, METHODS["rms"](m.inputs, eps=METHODS["rms"].default_eps))


@pytest.mark.parametrize("t", [-0.1, 1.0000001, -1e-300, math.nan, math.inf, "half", None])
def test_morph_rejects_t_outside_0_1_naming_t(t):
    m = warp.grid_morph(2, "l2", count=3, points=5, frames=2)
    with pytest.raises((ValueError, TypeError), match=r"^t must"):
        m.at(t)


def test_2d_images_at_eps_0_are_the_circles_and_layer_norms_two_points():
    inputs = warp.grid_lines(2, extent=3.0, count=7, points=41)
    ok = ~np.all(inputs == 0, axis=-1)
    l2 = warp.warp(inputs, "l2", eps=0.0)
    rms = warp.warp(inputs, "rms", eps=0.0)
    np.testing.assert_allclose(np.linalg.norm(l2[ok], axis=-1), 1.0, rtol=1e-14)
    np.testing.assert_allclose(np.linalg.norm(rms[ok], axis=-1), math.sqrt(2), rtol=1e-14)
    ln = warp.warp(inputs, "ln", eps=0.0)
    diagonal = inputs[..., 0] == inputs[..., 1]
    np.testing.assert_array_equal(np.isnan(ln).any(axis=-1), diagonal)  # NaN only on x₁ = x₂
    above, below = inputs[..., 0] > inputs[..., 1], inputs[..., 0] < inputs[..., 1]
    assert above.sum() == below.sum() > 200
    np.testing.assert_allclose(ln[above], np.broadcast_to([1.0, -1.0], ln[above].shape), rtol=0, atol=1e-14)
    np.testing.assert_allclose(ln[below], np.broadcast_to([-1.0, 1.0], ln[below].shape), rtol=0, atol=1e-14)


def test_3d_layer_norm_image_is_the_circle_sum_0_radius_sqrt_3():
    inputs = warp.grid_lines(3, extent=3.0, count=7, points=41)
    ln = warp.warp(inputs, "ln", eps=0.0)
    ok = ~on_diagonal(inputs)
    np.testing.assert_array_equal(np.isnan(ln).any(axis=-1), ~ok)
    np.testing.assert_allclose(ln[ok].sum(axis=-1), 0.0, atol=1e-13)
    np.testing.assert_allclose(np.linalg.norm(ln[ok], axis=-1), math.sqrt(3), rtol=1e-14)


@pytest.mark.parametrize("eps", [1e-5, 0.1, 1.0])
@pytest.mark.parametrize("n", [2, 3])
def test_layer_norm_image_with_eps_is_strictly_inside_the_sphere(n, eps):
    inputs = warp.grid_lines(n, extent=3.0, count=7, points=41)
    lengths = np.linalg.norm(warp.warp(inputs, "ln", eps=eps), axis=-1)
    assert np.isfinite(lengths).all()
    assert lengths.max() < math.sqrt(n)
    assert np.all(lengths[on_diagonal(inputs)] == 0.0)  # a constant input goes to 0


def test_grid_image_counts_layer_norms_two_points_and_the_undefined_diagonal():
    img = warp.grid_image(2, "ln", eps=0.0, extent=3.0, count=7)
    assert (img.points, img.undefined, img.distinct) == (49, 7, 2)
    assert img.smallest == pytest.approx(math.sqrt(2), rel=1e-15) and img.largest == pytest.approx(math.sqrt(2))
    rms = warp.grid_image(2, "rms", eps=0.0, extent=3.0, count=7)
    directions = {math.atan2(b, a) for a in range(-3, 4) for b in range(-3, 4) if (a, b) != (0, 0)}
    assert (rms.undefined, rms.distinct) == (1, len({round(d, 9) for d in directions}))


# --- the fold: computed from the formula vs every output computed ------------------------------------------

POINTS_2D = [(1.5, 0.5), (1.0, 2.0), (0.5, 1.0), (1.0, 0.0), (0.5, 0.5), (-2.0, 1.0), (0.0, 0.0), (1.0, 1.0)]
POINTS_3D = [(1.0, 2.0, 3.0), (1.0, 0.0, -1.0), (0.5, 1.0, 1.5), (0.0, 0.0, 0.0), (2.0, 2.0, 2.0), (-1.0, 0.0, 0.0)]


def lines_through(lines: np.ndarray, vertices: np.ndarray) -> tuple[int, ...]:
    """Indices of the lines (segments) passing through at least one vertex: distance 0 to the segment."""
    out = []
    for i, line in enumerate(lines):
        a, b = line[0], line[-1]
        d = (b - a) / np.linalg.norm(b - a)
        s = (vertices - a) @ d
        off = np.linalg.norm(vertices - a - s[:, None] * d, axis=1)
        if np.any((off < 1e-12) & (s >= -1e-12) & (s <= np.linalg.norm(b - a) + 1e-12)):
            out.append(i)
    return tuple(out)


@pytest.mark.parametrize("count", [7, 13])
@pytest.mark.parametrize("eps", [0.0, 0.1, 1.0])
@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("x", POINTS_2D + POINTS_3D)
def test_grid_fold_is_exactly_the_grid_points_with_xs_output(x, key, eps, count):
    n = len(x)
    g = warp.grid_fold(key, x, eps=eps, extent=3.0, count=count)
    verts = warp.grid_vertices(n, extent=3.0, count=count)
    same = warp.same_output(key, x, verts, eps=eps)
    assert {tuple(v) for v in g.vertices} == {tuple(v) for v in verts[same]}
    np.testing.assert_array_equal(g.fold.contains(verts), same)
    lines = warp.grid_lines(n, extent=3.0, count=count)
    assert g.lines == lines_through(lines, verts[same])
    assert (g.total_vertices, g.total_lines) == (count**n, n * count ** (n - 1))
    kind = g.fold.kind
    if kind == "undefined":
        assert len(g.vertices) == 0 and not np.all(np.isfinite(g.fold.output))
    elif kind == "point":
        assert len(g.vertices) <= 1 and all(np.array_equal(v, x) for v in g.vertices)
    np.testing.assert_array_equal(g.fold.output, METHODS[key](np.asarray(x, dtype=float), eps=eps))


@pytest.mark.parametrize(
    ("key", "eps", "x", "kind"),
    [
        ("l2", 0.0, (1.0, 2.0), "ray"),
        ("rms", 0.0, (1.0, 2.0, 3.0), "ray"),
        ("ln", 0.0, (1.5, 0.5), "half_plane"),
        ("ln", 0.0, (1.0, 0.0, -1.0), "half_plane"),
        ("ln", 0.1, (1.5, 0.5), "line"),
        ("ln", 1.0, (2.0, 2.0, 2.0), "line"),  # a constant x at ε > 0: output 0, the fibre is the diagonal
        ("rms", 0.1, (1.0, 2.0), "point"),
        ("rms", 1.0, (0.0, 0.0), "point"),
        ("l2", 0.1, (1.0, 2.0), "ray_beyond"),
        ("l2", 1.0, (1.0, 0.0), "ray_beyond"),  # ‖x‖ = ε exactly: on the boundary, still beyond
        ("l2", 1.0, (0.5, 0.5), "point"),  # inside the ball of radius ε: x / ε, one-to-one
        ("l2", 0.0, (0.0, 0.0), "undefined"),
        ("rms", 0.0, (0.0, 0.0, 0.0), "undefined"),
        ("ln", 0.0, (1.0, 1.0), "undefined"),
        ("ln", 0.0, (-2.0, -2.0, -2.0), "undefined"),
    ],
)
def test_fold_kind_is_the_documented_one(key, eps, x, kind):
    assert warp.fold(key, x, eps=eps).kind == kind


def test_worked_example_layer_norm_folds_21_of_49_vertices_and_12_of_14_lines():
    g = warp.grid_fold("ln", (1.5, 0.5), eps=0.0, extent=3.0, count=7)
    assert (len(g.vertices), g.total_vertices, len(g.lines), g.total_lines) == (21, 49, 12, 14)
    assert np.all(g.vertices[:, 0] > g.vertices[:, 1])  # the half-plane below the diagonal
    np.testing.assert_array_equal(g.fold.output, [1.0, -1.0])


def test_lines_through_vertices_that_are_not_sample_points_count():
    """With 41 points a line's samples skip ±1 and ±2; LN at ε = 1 folds (x + c·𝟏): 6 vertices on 12 lines."""
    g = warp.grid_fold("ln", (1.5, 0.5), eps=1.0, extent=3.0, count=7, points=41)
    assert sorted(map(tuple, g.vertices)) == [(-2, -3), (-1, -2), (0, -1), (1, 0), (2, 1), (3, 2)]
    assert g.lines == (0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13)


@pytest.mark.parametrize(
    ("key", "eps", "x"),
    [("l2", 0.0, (3.0, -4.0)), ("rms", 0.0, (1.0, 2.0, -0.5)), ("ln", 0.0, (1.5, 0.5)), ("ln", 0.0, (1.0, 2.0, 4.0))],
)
def test_cone_folds_hold_at_any_scale_as_same_output_does(key, eps, x):
    """A ray or half-plane is a cone: tiny and huge multiples of x are in it, as computing their outputs says."""
    x = np.asarray(x)
    pts = np.array([s * x for s in (2.0**-1000, 1e-200, 1e-12, 1e-10, 3.0, 1e200)] + [-x, 0 * x, x[::-1] * 1e-11])
    want = warp.same_output(key, x, pts, eps=eps)
    np.testing.assert_array_equal(want, [True] * 6 + [False] * 3)
    np.testing.assert_array_equal(warp.fold(key, x, eps=eps).contains(pts), want)
    np.testing.assert_array_equal(warp.fold(key, 1e-300 * x, eps=eps).contains(pts), want)


def test_fold_contains_agrees_with_same_output_on_a_random_cloud_and_its_rays():
    rng = np.random.default_rng(7)
    cases = [("l2", 0.0, 2), ("l2", 0.5, 3), ("rms", 0.0, 3), ("ln", 0.0, 2), ("ln", 0.0, 3), ("ln", 0.3, 3)]
    for key, eps, n in cases:
        x = rng.normal(size=n)
        f = warp.fold(key, x, eps=eps)
        cloud = rng.normal(size=(200, n))
        members = np.concatenate([2.0 ** rng.integers(-8, 8, (50, 1)) * x, x + rng.integers(-8, 8, (50, 1)) / 4])
        pts = np.concatenate([cloud, members])
        np.testing.assert_array_equal(f.contains(pts), warp.same_output(key, x, pts, eps=eps), err_msg=key)


# --- the Jacobian as local stretching -------------------------------------------------------------------------

STRETCH_CASES = [
    ("l2", (3.0, 4.0)),
    ("rms", (1.0, -2.0)),
    ("ln", (2.0, 0.5)),
    ("l2", (1.0, 2.0, -2.0)),
    ("rms", (1.0, 2.0, 3.0)),
    ("ln", (1.0, 2.0, 4.0)),
]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("eps", [0.0, 0.1])
@pytest.mark.parametrize(("key", "x"), STRETCH_CASES)
def test_local_stretch_matches_the_jacobian_and_autograd(key, x, eps, backend):
    s = warp.local_stretch(key, x, eps=eps, radius=0.1, points=37, backend=backend)
    jac = autograd_jacobian(key, x, eps=eps)
    np.testing.assert_allclose(s.jacobian, jac, atol=1e-12)
    np.testing.assert_array_equal(s.linear_image, s.output + s.radius * s.directions @ s.jacobian.T)
    np.testing.assert_allclose(s.stretch, np.linalg.svd(jac, compute_uv=False), atol=1e-9)
    np.testing.assert_allclose(np.linalg.norm(s.directions, axis=1), 1.0, rtol=1e-15)
    np.testing.assert_allclose(s.output, torch_op(key, np.asarray(x), eps), rtol=1e-12)
    np.testing.assert_allclose(s.true_image, torch_op(key, np.asarray(x) + 0.1 * s.directions, eps), rtol=1e-12)
    np.testing.assert_allclose(s.axes.T @ s.axes, np.eye(len(x)), atol=1e-12)  # orthonormal output directions


@pytest.mark.parametrize(
    ("key", "x", "eps"),
    # LayerNorm in 2D at ε = 0 is constant near x, its error 0 at every radius: see the next test
    [(k, x, e) for k, x in STRETCH_CASES for e in (0.0, 0.1) if not (k == "ln" and len(x) == 2 and e == 0.0)],
)
def test_linearisation_error_is_second_order_in_the_radius(key, x, eps):
    errs = [warp.local_stretch(key, x, eps=eps, radius=r).linearisation_error for r in (0.04, 0.02, 0.01)]
    for big, small in zip(errs, errs[1:]):
        assert 3.0 < big / small < 5.0, errs  # halving r quarters the error


@pytest.mark.parametrize("eps", [0.0, 0.1])
def test_layer_norm_in_2d_is_locally_constant_at_eps_0_only(eps):
    s = warp.local_stretch("ln", (2.0, 0.5), eps=eps)
    if eps == 0.0:
        np.testing.assert_allclose(s.jacobian, 0.0, atol=1e-15)
        assert s.flat == 2 and s.linearisation_error < 1e-14
    else:
        assert s.flat == 1  # only 𝟏 is lost: x keeps a little length through ε


@pytest.mark.parametrize("scale", [1.0, 1e-6, 1e9])
def test_flat_directions_are_x_for_rms_and_x_and_ones_for_layer_norm_in_3d(scale):
    x = scale * np.array([1.0, 2.0, 4.0])
    rms = warp.local_stretch("rms", x, eps=0.0)
    ln = warp.local_stretch("ln", x, eps=0.0)
    l2 = warp.local_stretch("l2", x[:2], eps=0.0)
    assert (rms.flat, ln.flat, l2.flat) == (1, 2, 1)  # the same at any scale: J's size is 1/s
    unit = x / np.linalg.norm(x)
    ones = np.ones(3) / math.sqrt(3)
    big = rms.stretch[0]
    assert np.linalg.norm(rms.jacobian @ unit) < 1e-12 * big
    assert np.linalg.norm(ln.jacobian @ unit) < 1e-12 * big and np.linalg.norm(ln.jacobian @ ones) < 1e-12 * big
    assert warp.local_stretch("rms", x, eps=0.1).flat == (1 if scale == 1e9 else 0)  # ε ≪ mean(x²): x lost again


@pytest.mark.parametrize(("key", "x"), [("ln", (1.0, 1.0)), ("l2", (0.0, 0.0, 0.0)), ("rms", (0.0, 0.0))])
def test_local_stretch_where_f_is_undefined_is_nan_not_an_error(key, x):
    s = warp.local_stretch(key, x, eps=0.0)
    assert np.isnan(s.stretch).all() and np.isnan(s.axes).all() and np.isnan(s.output).all()
    assert s.flat == 0 and math.isnan(s.linearisation_error)


def test_unit_directions_are_unit_and_cover_circle_and_sphere():
    d2 = warp.unit_directions(2, points=73)
    d3 = warp.unit_directions(3, points=73)
    assert d2.shape == (73, 2) and d3.shape[1] == 3
    np.testing.assert_allclose(np.linalg.norm(d2, axis=1), 1.0, rtol=1e-15)
    np.testing.assert_allclose(np.linalg.norm(d3, axis=1), 1.0, rtol=1e-15)
    np.testing.assert_allclose(d2.min(axis=0), -1.0, rtol=1e-12)  # the whole circle
    np.testing.assert_allclose(d2.max(axis=0), 1.0, rtol=1e-12)
    np.testing.assert_allclose([d3[:, 2].min(), d3[:, 2].max()], [-1.0, 1.0], rtol=1e-12)  # both poles
    assert np.abs(d3[:, :2]).max() > 0.99  # and near the equator


# --- γ makes an ellipsoid --------------------------------------------------------------------------------------

FULL_RANK = [  # γ for which the output set is a whole (N − 1)-ellipsoid (at most one zero)
    (1.0, 1.0, 1.0),
    (0.5, 1.0, 2.0),
    (-1.5, 0.3, 2.0),
    (0.0, 1.0, 2.0),
    (1.0, 0.0, -0.7),
    (1.0, 2.0, 3.0, 4.0),
    (0.0, 1.0, 2.0, 0.5),
    (2.0, 2.0, 1.0, 1.0),
]
BETA = {3: (0.5, -1.0, 2.0), 4: (1.0, 0.0, -2.0, 0.25)}


def ellipsoid(gamma, **kw):
    return warp.output_ellipsoid(gamma, BETA[len(gamma)], **kw)


def outputs(gamma, **kw):
    return warp.output_set(gamma, BETA[len(gamma)], **kw)


@pytest.mark.parametrize("gamma", FULL_RANK)
def test_every_output_lies_on_the_ellipsoid_in_its_subspace(gamma):
    e, y = ellipsoid(gamma), outputs(gamma, points=721)
    n = len(gamma)
    assert e.lengths.shape == (n - 1,) and e.directions.shape == (n, n - 1) and e.n == n
    np.testing.assert_allclose(e.level(y), 1.0, atol=1e-9)
    np.testing.assert_allclose((y - e.beta) @ e.normal, 0.0, atol=1e-12)
    np.testing.assert_allclose(e.directions.T @ e.directions, np.eye(n - 1), atol=1e-12)
    assert np.linalg.norm(e.normal) == pytest.approx(1.0) and np.abs(e.directions.T @ e.normal).max() < 1e-12
    assert np.all(np.diff(e.lengths) <= 0)  # longest first


@pytest.mark.parametrize("gamma", FULL_RANK + [(0.0, 0.0, 1.0), (0.0, 3.0, 0.0, 1.0)])
def test_lengths_are_sqrt_n_times_the_singular_values_of_diag_gamma_b(gamma):
    n = len(gamma)
    b = zero_mean_basis(n).T
    want = math.sqrt(n) * np.linalg.svd(np.diag(gamma) @ b, compute_uv=False)
    np.testing.assert_allclose(ellipsoid(gamma).lengths, want, rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("gamma", [(1.0, 2.0, 3.0), (-1.5, 0.3, 2.0), (0.5, 1.0, 2.0, 4.0)])
def test_without_zero_gains_the_normal_is_one_over_gamma(gamma):
    g = np.asarray(gamma)
    want = (1 / g) / np.linalg.norm(1 / g)
    np.testing.assert_allclose(np.abs(ellipsoid(gamma).normal), np.abs(want), atol=1e-12)


@pytest.mark.parametrize("gamma", [(0.5, 1.0, 2.0), (0.0, 1.0, 2.0), (-1.5, 0.3, 2.0), (0.0, 0.0, 1.0)])
def test_the_largest_coordinate_over_a_dense_sample_is_the_semi_axis_in_3d(gamma):
    e, y = ellipsoid(gamma), outputs(gamma, points=4001)
    np.testing.assert_allclose(np.abs(e.coordinates(y)).max(axis=0), e.lengths, atol=1e-6)


@pytest.mark.parametrize("gamma", [(1.0, 2.0, 3.0, 4.0), (0.0, 1.0, 2.0, 0.5), (0.0, 3.0, 0.0, 1.0)])
def test_each_semi_axis_is_reached_and_never_exceeded_in_4d(gamma):
    """N = 4: the net is too coarse for 1e-6, so the preimage of each axis end goes through the library too."""
    e, y = ellipsoid(gamma), outputs(gamma, points=400)
    top = np.abs(e.coordinates(y)).max(axis=0)
    assert np.all(top <= e.lengths * (1 + 1e-12) + 1e-12)
    np.testing.assert_allclose(top, e.lengths, rtol=2e-2)
    # the end of axis k is β + length·direction: LayerNorm of the input Bv with diag(γ)·B·v ∝ direction
    m = np.asarray(gamma)[:, None] * zero_mean_basis(4).T
    _, sigma, vt = np.linalg.svd(m, full_matrices=False)
    for k in np.flatnonzero(sigma > 1e-12):
        end = METHODS["ln"](zero_mean_basis(4).T @ vt[k], eps=0.0, weight=np.asarray(gamma), bias=e.beta)
        c = e.coordinates(end)[0]
        assert abs(c[k]) == pytest.approx(e.lengths[k], rel=1e-12)
        np.testing.assert_allclose(np.delete(c, k), 0.0, atol=1e-12)


@pytest.mark.parametrize("n", [3, 4])
def test_unit_gain_gives_the_sphere_of_radius_sqrt_n(n):
    e = warp.output_ellipsoid(np.ones(n))
    np.testing.assert_allclose(e.lengths, math.sqrt(n), rtol=1e-14)
    np.testing.assert_array_equal(e.beta, np.zeros(n))
    y = warp.output_set(np.ones(n), points=200)
    np.testing.assert_allclose(np.linalg.norm(y, axis=1), math.sqrt(n), rtol=1e-14)


@pytest.mark.parametrize("eps", [1e-3, 0.1, 1.0])
@pytest.mark.parametrize("gamma", [(0.5, 1.0, 2.0), (1.0, 2.0, 3.0, 4.0), (0.0, 1.0, 2.0)])
def test_with_eps_every_output_is_inside_at_level_1_over_1_plus_n_eps(gamma, eps):
    """The inputs are unit zero-mean vectors (σ² = 1/N): ‖z‖² = N / (1 + N·ε), so level = 1 / (1 + N·ε) < 1."""
    n = len(gamma)
    e, y = ellipsoid(gamma, eps=eps), outputs(gamma, eps=eps, points=300)
    lv = e.level(y)
    assert np.all(lv < 1.0)
    np.testing.assert_allclose(lv, 1.0 / (1.0 + n * eps), rtol=1e-12)


@pytest.mark.parametrize("i", [0, 1, 2])
def test_one_zero_gain_in_3d_keeps_an_ellipse_in_the_plane_y_i_equal_beta_i(i):
    gamma = np.array([0.7, -1.3, 2.0])
    gamma[i] = 0.0
    e, y = ellipsoid(tuple(gamma)), outputs(tuple(gamma), points=721)
    assert np.all(e.lengths > 0.1)
    np.testing.assert_allclose(np.abs(e.normal), np.eye(3)[i], atol=1e-15)
    np.testing.assert_array_equal(y[:, i], BETA[3][i])
    np.testing.assert_allclose(e.level(y), 1.0, atol=1e-9)


@pytest.mark.parametrize(("gamma", "nonzero"), [((0.0, 0.0, 1.5), 1), ((0.0, 3.0, 0.0, 1.0), 2), ((2.0, 0, 0, 0), 1)])
def test_zero_gains_flatten_the_ellipsoid_to_a_filled_one_of_fewer_axes(gamma, nonzero):
    """Two zeros in N = 3: a segment; the outputs fill it (level ≤ 1, reaching 1), and the zero axes are 0."""
    e, y = ellipsoid(gamma), outputs(gamma, points=721)
    assert np.sum(e.lengths > 0) == nonzero  # exactly 0, not rounding (~1e-8 from an eigen-solve of MᵀM)
    np.testing.assert_array_equal(e.lengths[nonzero:], 0.0)
    lv = e.level(y)
    assert lv.max() == pytest.approx(1.0, abs=1e-4) and np.all(lv <= 1.0 + 1e-9)
    np.testing.assert_allclose((y - e.beta) @ e.normal, 0.0, atol=1e-12)
    zero = np.asarray(gamma) == 0.0
    np.testing.assert_array_equal(y[:, zero], np.broadcast_to(np.asarray(BETA[len(gamma)])[zero], y[:, zero].shape))


def test_a_tiny_gain_gives_an_accurate_short_axis():
    gamma = (1e-7, 1.0, 2.0)
    want = math.sqrt(3) * np.linalg.svd(np.diag(gamma) @ zero_mean_basis(3).T, compute_uv=False)
    e = warp.output_ellipsoid(gamma)
    np.testing.assert_allclose(e.lengths, want, rtol=1e-12)
    g = (1e-7, 1e-7, 1.0)  # the short axis ~1e-7 needs an SVD, not an eigen-solve of MᵀM
    want = math.sqrt(3) * np.linalg.svd(np.diag(g) @ zero_mean_basis(3).T, compute_uv=False)
    np.testing.assert_allclose(warp.output_ellipsoid(g).lengths, want, rtol=1e-9)


# --- how much of a cloud lands near the surface ----------------------------------------------------------------


def direct_fraction(cloud: np.ndarray, eps: float, tol: float = 0.01) -> float:
    mu = cloud.mean(axis=1, keepdims=True)
    var = ((cloud - mu) ** 2).mean(axis=1, keepdims=True)  # biased
    z = (cloud - mu) / np.sqrt(var + eps)
    return float(np.mean(np.linalg.norm(z, axis=1) / math.sqrt(cloud.shape[1]) >= 1 - tol))


@pytest.mark.parametrize("n", [3, 4])
def test_surface_fraction_is_one_at_eps_0_falls_with_eps_and_matches_the_formula(n):
    cloud = np.random.default_rng(3).normal(scale=0.5, size=(2000, n))
    assert warp.surface_fraction(cloud, eps=0.0) == 1.0
    epss = [0.0, 1e-4, 1e-3, 1e-2, 0.1, 1.0]
    fractions = [warp.surface_fraction(cloud, eps=e) for e in epss]
    assert all(a >= b for a, b in zip(fractions, fractions[1:])) and fractions[0] > fractions[3] > fractions[-1]
    assert fractions[-1] == 0.0
    assert 0.0 < fractions[3] < 1.0  # the interesting middle is really computed
    for e, f in zip(epss, fractions):
        assert f == direct_fraction(cloud, e), e
    assert warp.surface_fraction(cloud, eps=0.01, tol=0.2) == direct_fraction(cloud, 0.01, tol=0.2)


# --- properties ------------------------------------------------------------------------------------------------

coords = st.floats(-1e3, 1e3, allow_nan=False).map(lambda v: 0.0 if abs(v) < 1e-30 else v)
vectors = st.integers(2, 3).flatmap(lambda n: arrays(np.float64, n, elements=coords))
dyadic_t = st.integers(0, 64).map(lambda k: k / 64)


@FAST
@given(x=vectors, y=vectors, s=dyadic_t, u=dyadic_t, lam=dyadic_t)
def test_morph_is_affine_in_t(x, y, s, u, lam):
    assume(len(x) == len(y))
    t = lam * s + (1 - lam) * u
    lhs = warp.morph(x, y, t)
    rhs = lam * warp.morph(x, y, s) + (1 - lam) * warp.morph(x, y, u)
    np.testing.assert_allclose(lhs, rhs, rtol=1e-12, atol=1e-12 * (1 + np.abs(x).max() + np.abs(y).max()))
    np.testing.assert_allclose(warp.morph(x, y, t), x + t * (y - x), rtol=1e-12, atol=1e-9)


@FAST
@given(x=vectors, key=st.sampled_from(KEYS), eps=st.sampled_from([0.0, 1e-5, 0.1, 1.0]))
def test_fold_contains_x_itself_wherever_f_is_defined(x, key, eps):
    f = warp.fold(key, x, eps=eps)
    assume(f.kind != "undefined")
    assert f.contains(x).item()
    assert warp.same_output(key, x, x, eps=eps).item()


@FAST
@given(x=vectors, key=st.sampled_from(KEYS), k=st.integers(-60, 60))
def test_positive_power_of_two_multiples_are_in_ray_and_half_plane_folds(x, key, k):
    f = warp.fold(key, x, eps=0.0)
    assume(f.kind in ("ray", "half_plane"))
    assert f.contains(np.ldexp(x, k)).item()
    assert warp.same_output(key, x, np.ldexp(x, k), eps=0.0).item()
    assert not f.contains(-x).item()


@FAST
@given(x=vectors, c=st.integers(-256, 256).map(lambda k: k / 16), eps=st.sampled_from([1e-5, 0.1, 1.0]))
def test_layer_norm_with_eps_folds_every_shift_along_ones(x, c, eps):
    f = warp.fold("ln", x, eps=eps)
    assert f.kind == "line"
    assert f.contains(x + c).item()
    assert warp.same_output("ln", x, x + c, eps=eps).item()
    if np.ptp(x) > 1e-3:
        assert not f.contains(2 * x + c).item()  # a rescaled x is not in the fold with ε > 0


# --- the error contract ----------------------------------------------------------------------------------------

BAD = [
    (lambda: warp.grid_lines(4, extent=3.0, count=7), "n"),
    (lambda: warp.grid_lines(True, extent=3.0, count=7), "n"),
    (lambda: warp.grid_vertices(1, extent=3.0, count=7), "n"),
    (lambda: warp.grid_morph(2.0, "ln"), "n"),
    (lambda: warp.unit_directions(5), "n"),
    (lambda: warp.grid_lines(2, extent=0.0, count=7), "extent"),
    (lambda: warp.grid_lines(2, extent=-1.0, count=7), "extent"),
    (lambda: warp.grid_lines(2, extent=math.nan, count=7), "extent"),
    (lambda: warp.grid_lines(2, extent=math.inf, count=7), "extent"),
    (lambda: warp.grid_lines(2, extent="wide", count=7), "extent"),
    (lambda: warp.grid_lines(2, extent=None, count=7), "extent"),
    (lambda: warp.grid_values(3.0, 1), "count"),
    (lambda: warp.grid_values(3.0, 2.5), "count"),
    (lambda: warp.grid_morph(2, "ln", count=0), "count"),
    (lambda: warp.grid_lines(2, extent=3.0, count=7, points=1), "points"),
    (lambda: warp.grid_morph(2, "ln", frames=1), "frames"),
    (lambda: warp.grid_morph(2, "softmax"), "method"),
    (lambda: warp.fold("ln", "abc"), "x"),
    (lambda: warp.fold("ln", [1.0, "a"]), "x"),
    (lambda: warp.fold("ln", [1j, 2.0]), "x"),
    (lambda: warp.fold("ln", [1.0, math.nan]), "x"),
    (lambda: warp.fold("ln", [[1.0, 2.0]]), "x"),
    (lambda: warp.grid_fold("l2", "abc"), "x"),
    (lambda: warp.same_output("l2", "abc", [[1.0, 2.0]]), "x"),
    (lambda: warp.local_stretch("rms", ["a", "b"]), "x"),
    (lambda: warp.local_stretch("rms", (1.0, 2.0), radius=0.0), "radius"),
    (lambda: warp.local_stretch("rms", (1.0, 2.0), radius=math.nan), "radius"),
    (lambda: warp.local_stretch("rms", (1.0, 2.0, 3.0, 4.0)), "n"),
    (lambda: warp.output_ellipsoid((1.0, 2.0, 3.0), (0.0, 1.0)), "beta"),
    (lambda: warp.output_ellipsoid((1.0, 2.0, 3.0), (0.0, 1.0, math.nan)), "beta"),
    (lambda: warp.output_ellipsoid((1.0, math.nan, 3.0)), "gamma"),
    (lambda: warp.output_ellipsoid((1.0, 2.0)), "gamma"),
    (lambda: warp.output_ellipsoid("gain"), "gamma"),
    (lambda: warp.output_ellipsoid((1.0, 2.0, 3.0), eps=-1.0), "eps"),
    (lambda: warp.output_set((1.0, math.nan, 3.0)), "gamma"),
    (lambda: warp.output_set((1.0, 2.0)), "gamma"),
    (lambda: warp.output_set((1.0, 2.0, 3.0), (0.0, 1.0)), "beta"),
    (lambda: warp.output_set((1.0, 2.0, 3.0), points=0), "points"),
    (lambda: warp.morph((1.0, 2.0), (3.0, 4.0), 2.0), "t"),
    (lambda: warp.warp([1.0], "l2"), "points"),
]


@pytest.mark.parametrize(("call", "name"), BAD, ids=[f"{i}-{name}" for i, (_, name) in enumerate(BAD)])
def test_bad_arguments_get_an_error_naming_them(call, name):
    with pytest.raises((ValueError, TypeError)) as info:
        call()
    assert re.search(rf"\b{name}\b", str(info.value)), str(info.value)


def test_rough_distance_is_the_distance_to_where_the_map_is_not_smooth():
    assert warp.rough_distance("l2", (3.0, 4.0), 0.0) == 5.0  # the origin
    assert warp.rough_distance("rms", (3.0, 4.0), 0.0) == 5.0
    assert warp.rough_distance("ln", (1.0, 3.0), 0.0) == pytest.approx(math.sqrt(2))  # to (2, 2) on t·𝟏
    assert warp.rough_distance("l2", (3.0, 4.0), 2.0) == 3.0  # the kink ‖x‖ = ε
    assert math.isinf(warp.rough_distance("rms", (3.0, 4.0), 0.1))
    assert math.isinf(warp.rough_distance("ln", (1.0, 1.0, 1.0), 1e-5))
    # smooth ⇔ the ball of radius r misses that set; then the r² law holds (ratio ≈ 4 per halving)
    near = warp.local_stretch("ln", (0.25, 0.0), eps=0.0, radius=0.25)
    far = warp.local_stretch("ln", (2.0, -1.0), eps=0.0, radius=0.25)
    assert not near.smooth and far.smooth


def test_ellipsoid_check_on_a_surface_and_on_a_flattened_set():
    ell = warp.output_ellipsoid((2.0, 1.0, 0.5))
    check = warp.ellipsoid_check(ell, warp.output_set((2.0, 1.0, 0.5), points=2001))
    assert check.surface and check.level_error < 1e-12 and check.plane_error < 1e-12 and check.reach_error < 1e-5
    flat = warp.output_ellipsoid((0.0, 0.0, 0.5))
    check = warp.ellipsoid_check(flat, warp.output_set((0.0, 0.0, 0.5), points=2001))
    assert not check.surface and math.isnan(check.plane_error) and check.level_error < 1e-12
    assert int(np.sum(flat.nonzero)) == 1 and check.reach_error < 1e-5
