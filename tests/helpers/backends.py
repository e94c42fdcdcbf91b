"""The two backends the library's checks run on: numpy, and torch on the CPU (torch's module skips when absent)."""

from __future__ import annotations

import numpy as np
import pytest

from normviz import _xp

torch = pytest.importorskip("torch")
F = torch.nn.functional

NUMPY = _xp.Backend("numpy")
TORCH = _xp.Backend("torch", "cpu")
BACKENDS = [pytest.param(NUMPY, id="numpy"), pytest.param(TORCH, id="torch")]


def on(backend: str, data, dtype: str = "float64"):
    """numpy data as a ``backend`` ("numpy", or "torch" on the CPU) array of ``dtype``."""
    data = np.asarray(data)
    if backend == "numpy":
        return data.astype(dtype)
    return torch.from_numpy(data).to(dtype=getattr(torch, dtype))


def f64(a) -> np.ndarray:
    """An array of either backend as float64 numpy."""
    return np.asarray(_xp.to_numpy(a), dtype=np.float64)


# The grid the elementwise squashing functions (dyt, derf) are checked on against torch.
ELEMENTWISE_COMBOS = [
    ("numpy", "float64"), ("numpy", "float32"), ("numpy", "float16"),
    ("torch", "float64"), ("torch", "float32"), ("torch", "float16"), ("torch", "bfloat16"),
]  # fmt: skip
ELEMENTWISE_TOL = {"float64": 1e-12, "float32": 2e-6, "float16": 1e-3, "bfloat16": 8e-3}
ELEMENTWISE_SHAPES = [(1, 2), (7, 3), (3, 5, 64), (2, 4096)]
ELEMENTWISE_PARAMS = [(), ("weight",), ("weight", "bias"), ("bias",)]
