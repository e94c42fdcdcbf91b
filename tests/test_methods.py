"""normviz.methods: each record's facts checked against its own function."""

from __future__ import annotations

import inspect
import math

import numpy as np
import pytest

from normviz.methods import KEYS, METHODS, method

torch = pytest.importorskip("torch")

RECORDS = list(METHODS.values())
ids = [m.key for m in RECORDS]


@pytest.mark.parametrize("m", RECORDS, ids=ids)
def test_default_eps_is_the_functions_own(m):
    assert m.default_eps == inspect.signature(m.fn).parameters["eps"].default
    assert m.eps_or_default(None) == m.default_eps
    assert m.eps_or_default(0) == 0.0


@pytest.mark.parametrize("n", [2, 3, 7, 64])
@pytest.mark.parametrize("m", RECORDS, ids=ids)
def test_radius_is_the_norm_of_every_output(m, n):
    x = np.random.default_rng(n).normal(1.0, 2.0, (5, n))
    y = m(x, eps=0)
    np.testing.assert_allclose(np.linalg.norm(y, axis=-1), m.radius(n), rtol=1e-12)
    assert m.radius(n) == (1.0 if m.key == "l2" else math.sqrt(n))


@pytest.mark.parametrize("n", [2, 3, 6])
@pytest.mark.parametrize("m", RECORDS, ids=ids)
def test_dof_is_the_rank_of_the_jacobian(m, n):
    """What a method removes (length; length and offset) is what its Jacobian loses."""
    x = torch.tensor(np.random.default_rng(n).normal(0.5, 2.0, n))
    jac = torch.autograd.functional.jacobian(lambda v: m(v, eps=0), x)
    assert np.linalg.matrix_rank(jac.numpy(), tol=1e-9) == m.dof(n) == n - len(m.removes)


@pytest.mark.parametrize("m", RECORDS, ids=ids)
def test_calling_a_method_is_calling_its_function(m):
    rng = np.random.default_rng(1)
    x = rng.normal(size=(4, 4))  # square: axis=0 takes the same weight
    weight, bias = rng.uniform(0.5, 1.5, 4), rng.normal(size=4)
    np.testing.assert_array_equal(m(x), m.fn(x, eps=m.default_eps))
    kwargs = {"weight": weight} if m.has_weight else {}
    if m.has_bias:
        kwargs["bias"] = bias
    np.testing.assert_array_equal(m(x, eps=0.1, weight=weight, bias=bias, axis=0), m.fn(x, eps=0.1, axis=0, **kwargs))


@pytest.mark.parametrize("m", RECORDS, ids=ids)
def test_reference_is_torchs_own_op_at_the_methods_eps(m):
    F = torch.nn.functional
    x = torch.tensor(np.random.default_rng(2).normal(0.5, 2.0, (4, 6)))
    x[0] *= 0.01  # a short row, so that L2's eps = 0.5 counts too
    direct = {
        "l2": lambda e: F.normalize(x, p=2.0, dim=-1, eps=e),
        "rms": lambda e: F.rms_norm(x, (6,), eps=e),
        "ln": lambda e: F.layer_norm(x, (6,), eps=e),
    }[m.key]
    torch.testing.assert_close(m.reference()(x), direct(m.default_eps), rtol=0, atol=0)
    torch.testing.assert_close(m.reference(eps=0.5)(x), direct(0.5), rtol=0, atol=0)
    assert not torch.equal(direct(0.5), direct(0.0))  # the eps above is seen
    np.testing.assert_allclose(m(x.numpy(), eps=0.5), m.reference(eps=0.5)(x).numpy(), rtol=1e-12, atol=1e-12)


def test_method_by_key_and_unknown_keys():
    assert [method(k) for k in KEYS] == RECORDS
    with pytest.raises(ValueError, match=r"method must be one of \('l2', 'rms', 'ln'\); got 'bn'"):
        method("bn")


def test_the_package_exports_the_records():
    import normviz as nv

    assert nv.METHODS is METHODS and tuple(nv.METHODS) == KEYS == ("l2", "rms", "ln")


def test_one_distinct_colour_and_dash_per_method():
    assert len({m.color for m in RECORDS}) == len({m.dash for m in RECORDS}) == len(RECORDS)
    assert all(len(m.color) == 7 and m.color.startswith("#") for m in RECORDS)
