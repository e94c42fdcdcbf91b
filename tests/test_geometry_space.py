"""The 3D surfaces of normviz.geometry: basis of the hyperplane, spheres, plane patch, circle, lines."""

import math

import numpy as np
import pytest

from normviz import geometry as geo


@pytest.mark.parametrize("n", [2, 3, 4, 16, 100])
def test_zero_mean_basis_is_orthonormal_and_orthogonal_to_ones(n):
    basis = geo.zero_mean_basis(n)
    assert basis.shape == (n - 1, n)
    np.testing.assert_allclose(basis @ basis.T, np.eye(n - 1), atol=1e-12)
    np.testing.assert_allclose(basis @ np.ones(n), 0.0, atol=1e-12)


def test_zero_mean_basis_in_3d_is_the_helmert_pair():
    np.testing.assert_allclose(
        geo.zero_mean_basis(3),
        [[1 / math.sqrt(2), -1 / math.sqrt(2), 0], [1 / math.sqrt(6), 1 / math.sqrt(6), -2 / math.sqrt(6)]],
    )


def test_zero_mean_basis_keeps_the_length_of_zero_mean_vectors():
    y = np.array([3.0, -1.0, -4.0, 2.0])  # mean 0
    coords = geo.zero_mean_basis(4) @ y
    assert coords.shape == (3,)
    assert np.linalg.norm(coords) == pytest.approx(np.linalg.norm(y), abs=1e-12)
    np.testing.assert_allclose(coords @ geo.zero_mean_basis(4), y, atol=1e-12)  # and it reconstructs y


def test_zero_mean_basis_rejects_n_below_two():
    with pytest.raises(ValueError, match="n must be at least 2"):
        geo.zero_mean_basis(1)


def test_layer_norm_circle_lies_on_the_plane_and_the_sqrt3_sphere():
    circle = geo.layer_norm_circle_3d(points=361)
    assert circle.shape == (361, 3)
    assert np.max(np.abs(circle.sum(axis=1))) < 1e-9
    assert np.max(np.abs(np.linalg.norm(circle, axis=1) - math.sqrt(3))) < 1e-9
    np.testing.assert_allclose(circle[0], circle[-1], atol=1e-12)  # closed


def test_layer_norm_circle_passes_through_layer_norm_of_1_2_3():
    target = np.array([-1.0, 0.0, 1.0]) * math.sqrt(1.5)  # LN(1, 2, 3) at eps = 0
    circle = geo.layer_norm_circle_3d(points=3601)
    assert np.min(np.linalg.norm(circle - target, axis=1)) < 5e-3


@pytest.mark.parametrize("radius", [1.0, math.sqrt(3)])
def test_sphere_mesh_points_have_the_radius(radius):
    mesh = geo.sphere_mesh(radius, rows=9, cols=13)
    assert mesh.shape == (3, 9, 13)
    np.testing.assert_allclose(np.linalg.norm(mesh, axis=0), radius)
    np.testing.assert_allclose(mesh[:, :, 0], mesh[:, :, -1], atol=1e-12)  # closes around


def test_affine_mesh_turns_the_sphere_into_the_ellipsoid():
    gamma, beta = np.array([2.0, 1.0, 0.5]), np.array([1.0, 0.0, -1.0])
    mesh = geo.affine_mesh(geo.sphere_mesh(math.sqrt(3)), gamma, beta)
    p = mesh.reshape(3, -1).T
    np.testing.assert_allclose(np.sum(((p - beta) / gamma) ** 2, axis=1), 3.0)


def test_plane_patch_is_the_hexagon_of_the_plane_inside_the_cube():
    vertices, triangles = geo.zero_mean_plane_patch(5.0)
    assert vertices.shape == (6, 3) and triangles.shape == (4, 3)
    np.testing.assert_allclose(vertices.sum(axis=1), 0.0)
    assert np.max(np.abs(vertices)) == 5.0
    sides = np.linalg.norm(np.diff(np.vstack([vertices, vertices[:1]]), axis=0), axis=1)
    np.testing.assert_allclose(sides, 5.0 * math.sqrt(2))  # regular hexagon, corners in order
    assert set(triangles.ravel()) == set(range(6))


def test_ones_line_is_the_diagonal_of_the_box():
    np.testing.assert_allclose(geo.ones_line(2.0), [[-2, -2, -2], [2, 2, 2]])


def test_ray_in_box_ends_on_the_box_and_points_at_x():
    ray = geo.ray_in_box([101.0, 102.0, 103.0], 5.0)
    np.testing.assert_allclose(ray[0], 0.0)
    assert np.max(np.abs(ray[1])) == pytest.approx(5.0)
    np.testing.assert_allclose(
        ray[1] / np.linalg.norm(ray[1]), np.array([101, 102, 103]) / np.linalg.norm([101, 102, 103])
    )
    assert np.all(np.isnan(geo.ray_in_box([0.0, 0.0, 0.0], 5.0)))
