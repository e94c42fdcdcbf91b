"""The ε page's claims, computed with the library and held to the closed form and to torch.

‖y‖ = √n·r/√(r² + nε); the noise gain 1/√(δ² + ε) ≤ 1/√ε; 0/0 = NaN at ε = 0; ε vanishing in float16.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from normviz import epsilon
from tests.helpers.backends import BACKENDS, F, torch  # numpy and torch (CPU); torch skips the module when absent


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("key", epsilon.KEYS)
@pytest.mark.parametrize("eps", [*epsilon.EPS_SET, 3.16e-4, 1e-12])
@pytest.mark.parametrize("n", [8, 2048])
def test_output_norms_computed_by_the_library_match_the_closed_form(key, eps, n, backend):
    r, norms = epsilon.output_norms(key, n, eps, backend=backend)
    assert r[0] == pytest.approx(1e-8) and r[-1] == pytest.approx(1e4) and r.size == epsilon.CURVE_POINTS
    np.testing.assert_allclose(norms, epsilon.closed_form(n, r, eps), rtol=1e-12)


@pytest.mark.parametrize(
    "key, fn",
    [("rms", lambda x, n, e: F.rms_norm(x, (n,), eps=e)), ("ln", lambda x, n, e: F.layer_norm(x, (n,), eps=e))],
)
def test_output_norms_agree_with_torch(key, fn):
    n, eps = 64, 1e-5
    r, norms = epsilon.output_norms(key, n, eps)
    rows = torch.as_tensor(r[:, None] * epsilon.direction(n)[None, :])
    np.testing.assert_allclose(norms, torch.linalg.vector_norm(fn(rows, n, eps), dim=-1).numpy(), rtol=1e-10)


def test_the_direction_has_mean_zero_and_unit_length():
    u = epsilon.direction(2048, 3)
    assert abs(u.mean()) < 1e-17 and np.linalg.norm(u) == pytest.approx(1.0, rel=1e-15)
    z = epsilon.standard_noise(2048, 3)
    assert np.std(z) == pytest.approx(1.0, rel=1e-14)


@pytest.mark.parametrize("key", epsilon.KEYS)
def test_a_large_eps_flattens_small_vectors_and_eps_0_does_not(key):
    n = 2048
    root = math.sqrt(n)
    _, (small, token) = epsilon.output_norms(key, n, 1e-3, r=np.array([1e-2, root]))
    assert small < 0.01 * root  # ‖y‖ ≈ ‖x‖/√ε = 0.316 ≪ √n = 45.25
    assert small == pytest.approx(1e-2 / math.sqrt(1e-3), rel=1e-3)
    assert token == pytest.approx(root, rel=1e-3)  # an ordinary vector barely moves
    _, zero_eps = epsilon.output_norms(key, n, 0.0, r=np.array([1e-8, 1e-2, 1e4]))
    np.testing.assert_allclose(zero_eps, root, rtol=1e-12)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_too_small_eps_amplifies_the_noise_of_a_near_constant_vector_by_up_to_one_over_sqrt_eps(backend):
    """The tutorial's case: ε = 1e-8 lets LayerNorm blow the noise of c·𝟏 + δ·z up by 10⁴."""
    a = epsilon.amplification(1e-8, 1e-7, c=1.0, backend=backend)
    assert a.bound == pytest.approx(1e4)
    assert a.gain == pytest.approx(1.0 / math.sqrt(1e-14 + 1e-8), rel=1e-9)
    assert 0.99 * a.bound < a.gain <= a.bound


@pytest.mark.parametrize("eps", [1e-8, 1e-6, 1e-5, 1e-3])
def test_the_measured_gain_follows_one_over_sqrt_of_delta_squared_plus_eps(eps):
    noises, gains = epsilon.gain_curve(eps)
    np.testing.assert_allclose(gains, 1.0 / np.sqrt(noises**2 + eps), rtol=1e-6)
    assert np.all(gains <= 1.0 / math.sqrt(eps) * (1 + 1e-12))


def test_at_eps_0_the_gain_is_one_over_delta_and_zero_noise_is_nan():
    noises, gains = epsilon.gain_curve(0.0)
    np.testing.assert_allclose(gains, 1.0 / noises, rtol=1e-5)
    assert math.isnan(epsilon.amplification(0.0, 0.0).gain)


def test_the_gain_does_not_depend_on_the_constant():
    a, b = (epsilon.amplification(1e-6, 1e-4, c=c).gain for c in (1.0, 50.0))
    assert a == pytest.approx(b, rel=1e-6)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("key", epsilon.KEYS)
def test_the_zero_vector_at_eps_0_gives_nan_and_any_eps_gives_zero(key, backend):
    assert epsilon.zero_vector(key, 0.0, backend=backend).nan
    assert np.all(np.isnan(epsilon.zero_vector(key, 0.0, backend=backend).y))
    case = epsilon.zero_vector(key, 1e-12, backend=backend)
    assert not case.nan and np.all(case.y == 0.0)


def test_torch_agrees_that_the_zero_vector_is_nan_at_eps_0():
    zeros = torch.zeros(4, dtype=torch.float64)
    assert torch.all(torch.isnan(F.layer_norm(zeros, (4,), eps=0.0)))
    assert torch.all(torch.isnan(F.rms_norm(zeros, (4,), eps=0.0)))


def test_float16_of_1e_minus_12_is_zero():
    assert np.float16(1e-12) == 0
    assert epsilon.float16_vanishes(1e-12) and not epsilon.float16_vanishes(1e-5)


def test_eps_in_float16_and_bfloat16():
    table = {r.eps: r for r in epsilon.rounded_table()}
    assert table[1e-12].vanishes("float16") and table[1e-8].vanishes("float16")
    assert not table[1e-12].vanishes("bfloat16")  # float32's exponent range
    assert table[1e-5].stored["float16"] == float(np.float16(1e-5))  # torch and numpy round alike
    assert table[1e-6].stored["float16"] == float(np.float16(1e-6))
    assert abs(table[1e-6].stored["float16"] / 1e-6 - 1) > 1e-3  # a subnormal: few bits left
    for value in (1e-5, 1e-6):
        assert table[value].swallowed("float16") and table[value].swallowed("bfloat16")
        assert not table[value].swallowed("float32")
    assert not table[1e-3].swallowed("float16") and table[1e-3].swallowed("bfloat16")  # 2⁻¹⁰ vs 2⁻⁷


@pytest.mark.parametrize("bad, match", [(("l2", 8, 0.0), "key"), (("rms", 1, 0.0), "n"), (("rms", 9000, 0.0), "n")])
def test_bad_arguments_raise_value_error(bad, match):
    with pytest.raises(ValueError, match=match):
        epsilon.output_norms(*bad)


def test_negative_noise_is_refused():
    with pytest.raises(ValueError, match="noise"):
        epsilon.amplification(1e-5, -1.0)
