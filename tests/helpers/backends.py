"""The two backends the library's checks run on: numpy, and torch on the CPU (torch's module skips when absent)."""

from __future__ import annotations

import pytest

from normviz import _xp

torch = pytest.importorskip("torch")
F = torch.nn.functional

NUMPY = _xp.Backend("numpy")
TORCH = _xp.Backend("torch", "cpu")
BACKENDS = [pytest.param(NUMPY, id="numpy"), pytest.param(TORCH, id="torch")]
