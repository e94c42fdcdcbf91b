"""normviz._xp: backend resolution, dtypes and the way back to numpy."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from normviz import _xp

torch = pytest.importorskip("torch")
xs = pytest.importorskip("array_api_strict")

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def fresh(monkeypatch):
    """resolve_backend with an empty cache and no $NORMVIZ_BACKEND; cache cleared after too."""
    monkeypatch.delenv("NORMVIZ_BACKEND", raising=False)
    _xp.resolve_backend.cache_clear()
    yield _xp.resolve_backend
    _xp.resolve_backend.cache_clear()


TORCH_HERE = _xp.Backend("torch", "cuda" if torch.cuda.is_available() else "cpu")


@pytest.mark.parametrize(
    ("value", "expected"),
    [("numpy", _xp.Backend("numpy")), ("torch", TORCH_HERE), (" Torch ", TORCH_HERE),
     ("NUMPY", _xp.Backend("numpy"))],
)  # fmt: skip
def test_environment_variable_chooses_the_backend(fresh, monkeypatch, value, expected):
    monkeypatch.setenv("NORMVIZ_BACKEND", value)
    assert fresh() == expected


def test_explicit_request_beats_the_environment(fresh, monkeypatch):
    monkeypatch.setenv("NORMVIZ_BACKEND", "torch")
    assert fresh("numpy") == _xp.Backend("numpy")


@pytest.mark.parametrize("value", ["jax", "cupy", "numpy,torch"])
def test_invalid_backend_is_a_value_error(fresh, monkeypatch, value):
    monkeypatch.setenv("NORMVIZ_BACKEND", value)
    with pytest.raises(ValueError, match=r"backend must be one of"):
        fresh()
    with pytest.raises(ValueError, match=r"backend must be one of"):
        fresh(value)


@pytest.mark.parametrize("value", [None, "", "auto"])
def test_auto_is_numpy_without_a_gpu_and_torch_cuda_with_one(fresh, monkeypatch, value):
    if value is not None:
        monkeypatch.setenv("NORMVIZ_BACKEND", value)
    expected = _xp.Backend("torch", "cuda") if torch.cuda.is_available() else _xp.Backend("numpy")
    assert fresh() == expected


def test_auto_without_gpu_hint_is_numpy(fresh, monkeypatch):
    monkeypatch.setattr(_xp, "_gpu_hint", lambda: False)
    assert fresh() == _xp.Backend("numpy")


def test_torch_requested_without_torch_falls_back_to_numpy(fresh, monkeypatch):
    monkeypatch.setattr(_xp, "torch_installed", lambda: False)
    assert fresh("torch") == _xp.Backend("numpy")


@pytest.mark.skipif(_xp._gpu_hint(), reason="this machine has a GPU device node")
def test_auto_on_a_cpu_machine_never_imports_torch():
    code = (
        "import sys, normviz, normviz._xp as x; b = x.resolve_backend(); "
        "normviz.layer_norm([1.0, 2.0]); print(b.name, 'torch' in sys.modules)"
    )
    env = {k: v for k, v in os.environ.items() if k != "NORMVIZ_BACKEND"}
    env["PYTHONPATH"] = str(ROOT)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert out.stdout.split() == ["numpy", "False"], out.stderr


def test_backend_labels():
    assert _xp.Backend("numpy").label == "numpy (CPU)"
    assert _xp.Backend("torch", "cuda").label == "torch (cuda)"


@pytest.mark.parametrize("dtype", ["float64", "float32", "float16"])
@pytest.mark.parametrize("backend", [_xp.Backend("numpy"), _xp.Backend("torch", "cpu")])
def test_backend_asarray_round_trip(backend, dtype):
    data = np.array([[3.0, -4.0, 0.5], [1e3, 0.0, -2.25]])  # exact in every dtype
    arr = backend.asarray(data, dtype)
    if backend.name == "numpy":
        assert isinstance(arr, np.ndarray) and arr.dtype == np.dtype(dtype)
    else:
        assert isinstance(arr, torch.Tensor) and arr.dtype == getattr(torch, dtype)
        assert arr.device.type == "cpu"
    back = _xp.to_numpy(arr)
    assert isinstance(back, np.ndarray) and back.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(back, data)


def test_backend_asarray_accepts_lists():
    arr = _xp.Backend("torch", "cpu").asarray([1, 2, 3])
    assert arr.dtype == torch.float64 and arr.tolist() == [1.0, 2.0, 3.0]


def test_to_numpy_of_bfloat16_goes_through_float32():
    t = torch.tensor([1.0, 1.0078125, -3.5, 65280.0], dtype=torch.bfloat16)  # bf16-exact
    out = _xp.to_numpy(t)
    assert out.dtype == np.float32
    np.testing.assert_array_equal(out, [1.0, 1.0078125, -3.5, 65280.0])
    assert _xp.to_numpy(torch.tensor([1.0 + 2**-9], dtype=torch.bfloat16))[0] == 1.0  # 8 significant bits


def test_to_numpy_detaches_and_passes_numpy_through():
    t = torch.ones(3, requires_grad=True) * 2
    np.testing.assert_array_equal(_xp.to_numpy(t), [2.0, 2.0, 2.0])
    a = np.arange(3.0)
    assert _xp.to_numpy(a) is a
    np.testing.assert_array_equal(_xp.to_numpy(xs.asarray([1.0, 2.0])), [1.0, 2.0])


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda: np.zeros(2, np.float16), np.float32),
        (lambda: np.zeros(2, np.float32), np.float32),
        (lambda: np.zeros(2, np.float64), np.float64),
        (lambda: np.zeros(2, ">f8"), np.float64),  # byte order does not change precision
        (lambda: np.zeros(2, ">f4"), np.float32),
        (lambda: np.zeros(2, ">i2"), np.float64),
        (lambda: np.zeros(2, np.int32), np.float64),
        (lambda: np.zeros(2, np.uint8), np.float64),
        (lambda: torch.zeros(2, dtype=torch.bfloat16), torch.float32),
        (lambda: torch.zeros(2, dtype=torch.float16), torch.float32),
        (lambda: torch.zeros(2, dtype=torch.float64), torch.float64),
        (lambda: torch.zeros(2, dtype=torch.int64), torch.float32),
        (lambda: xs.zeros(2, dtype=xs.int64), xs.float64),
        (lambda: xs.zeros(2, dtype=xs.float32), xs.float32),
    ],
)
def test_compute_dtype_is_at_least_float32(make, expected):
    x = make()
    assert _xp.compute_dtype(_xp.namespace(x), x.dtype) == expected


def test_result_dtype_keeps_floats_and_promotes_integers():
    xp = _xp.namespace(np.zeros(1))
    assert _xp.result_dtype(xp, np.dtype(np.float16)) == np.float16
    assert _xp.result_dtype(xp, np.dtype(np.int8)) == np.float64


def test_as_array_names_the_argument():
    with pytest.raises(TypeError, match=r"^weight must be numeric"):
        _xp.as_array([[1.0], [1.0, 2.0]], "weight")
    assert isinstance(_xp.as_array(np.float32(2.0)), np.ndarray)
    assert isinstance(_xp.as_array([1, 2]), np.ndarray)
    t = torch.ones(2)
    assert _xp.as_array(t) is t


def test_as_array_refuses_masked_arrays_by_name():
    masked = np.ma.masked_array([1.0, 2.0], mask=[False, True])
    with pytest.raises(TypeError, match=r"^bias must not be a masked array \(numpy\.ma\)"):
        _xp.as_array(masked, "bias")
    plain = np.ma.getdata(masked)
    assert _xp.as_array(plain) is plain


def test_result_dtype_keeps_byte_order():
    xp = _xp.namespace(np.zeros(1))
    assert _xp.result_dtype(xp, np.dtype(">f8")) == np.dtype(">f8")


@pytest.mark.parametrize("bad", [np.array([True]), np.array(["a"]), torch.tensor([True]), torch.tensor([1j])], ids=str)
def test_check_real_rejects_bool_strings_and_complex(bad):
    with pytest.raises(TypeError, match=r"^bias must be real numbers"):
        _xp.check_real(bad, _xp.namespace(bad), "bias")


def test_is_torch_and_is_numpy():
    assert _xp.is_torch(torch.ones(1)) and not _xp.is_torch(np.ones(1))
    assert _xp.is_numpy(np.ones(1)) and not _xp.is_numpy(torch.ones(1))
    assert _xp.torch_installed()
