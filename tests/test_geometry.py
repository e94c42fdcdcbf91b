import math

import numpy as np
import pytest
import torch
import torch.nn.functional as F

from normviz import geometry as geo
from normviz._xp import Backend


def test_vector_stats_of_the_seed_example():
    s = geo.vector_stats([1.0, 2.0, 3.0])
    assert (s.n, s.mean) == (3, 2.0)
    assert s.std == pytest.approx(math.sqrt(2 / 3))  # biased: divide by n
    assert s.rms == pytest.approx(2.160, abs=1e-3)
    assert s.norm == pytest.approx(math.sqrt(14))


def test_decomposition_is_orthogonal_and_sums_to_x():
    x = np.array([3.0, 4.0])
    mean_part, centered = geo.decompose(x)
    np.testing.assert_allclose(mean_part + centered, x)
    assert mean_part @ centered == pytest.approx(0.0)
    np.testing.assert_allclose(mean_part, [3.5, 3.5])


@pytest.mark.parametrize("backend", [Backend("numpy"), Backend("torch", "cpu")], ids=lambda b: b.name)
def test_project_matches_torch_functional(backend):
    scene = geo.Scene(x=(3.0, 4.0), gamma=(2.0, 0.5), beta=(0.25, -1.0))
    proj = geo.project(scene, backend)
    x = torch.tensor([3.0, 4.0], dtype=torch.float64)
    g, b = torch.tensor([2.0, 0.5], dtype=torch.float64), torch.tensor([0.25, -1.0], dtype=torch.float64)
    np.testing.assert_allclose(proj.outputs["l2"], F.normalize(x, dim=0).numpy())
    np.testing.assert_allclose(proj.outputs["rms"], F.rms_norm(x, (2,), g, eps=1e-6).numpy())
    np.testing.assert_allclose(proj.outputs["ln"], F.layer_norm(x, (2,), g, b, eps=1e-5).numpy())
    np.testing.assert_allclose(proj.normalized["ln"], F.layer_norm(x, (2,), eps=1e-5).numpy())
    assert proj.backend == backend.label


def test_project_at_eps_zero_gives_the_worked_numbers():
    proj = geo.project(geo.Scene(x=(3.0, 4.0), eps=0.0))
    np.testing.assert_allclose(proj.outputs["l2"], [0.6, 0.8])
    np.testing.assert_allclose(proj.outputs["ln"], [-1.0, 1.0])
    assert proj.norm_of("rms") == pytest.approx(math.sqrt(2))


@pytest.mark.parametrize("method", ["l2", "rms", "ln"])
def test_projection_path_runs_through_the_stage_corners(method):
    scene = geo.Scene(x=(3.0, 4.0), gamma=(2.0, 1.0), beta=(0.0, 1.0))
    proj = geo.project(scene)
    steps = 10
    path = geo.projection_path(proj, method, steps)
    assert path.shape == (3 * steps + 1, 2)
    np.testing.assert_allclose(path[0], proj.x)
    after_center = proj.centered if method == "ln" else proj.x
    np.testing.assert_allclose(path[steps], after_center)
    np.testing.assert_allclose(path[2 * steps], proj.normalized[method])
    np.testing.assert_allclose(path[-1], proj.outputs[method])


def test_scale_stage_stays_on_the_ray():
    proj = geo.project(geo.Scene(x=(3.0, 4.0)))
    for method in ("l2", "rms", "ln"):
        path = geo.projection_path(proj, method, 10)[10:21]
        direction = path[0] / np.linalg.norm(path[0])
        cross = path[:, 0] * direction[1] - path[:, 1] * direction[0]
        np.testing.assert_allclose(cross, 0.0, atol=1e-12)


def test_layer_norm_points_lie_on_the_line_and_the_sqrt2_circle():
    pts = geo.layer_norm_points_2d()
    np.testing.assert_allclose(pts.sum(axis=1), 0.0)
    np.testing.assert_allclose(np.linalg.norm(pts, axis=1), math.sqrt(2))


def test_degenerate_cases():
    assert geo.degenerate_cases(geo.project(geo.Scene(x=(0.0, 0.0)))) == ["zero"]
    assert geo.degenerate_cases(geo.project(geo.Scene(x=(0.0, 0.0), eps=0.0))) == ["zero", "nan"]
    assert geo.degenerate_cases(geo.project(geo.Scene(x=(2.0, 2.0)))) == ["constant"]
    assert geo.degenerate_cases(geo.project(geo.Scene(x=(2.0, 2.0), eps=0.0))) == ["constant", "nan"]
    assert geo.degenerate_cases(geo.project(geo.Scene(x=(3.0, 4.0), eps=0.0))) == []


def test_ray_of_zero_vector_is_empty_not_an_error():
    assert np.isnan(geo.ray([0.0, 0.0], 10.0)).all()
