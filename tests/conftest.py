"""Generic test setup shared by every test directory."""

from __future__ import annotations

import functools
import os

import pytest

try:  # hypothesis is a dev dependency; keep collection working without it
    from hypothesis import settings
except ImportError:  # pragma: no cover
    settings = None

if settings is not None:
    # No per-example deadline: the first call into torch (lazy import, kernel
    # warm-up) can take seconds on a loaded 2-core CI machine.
    settings.register_profile("normviz", deadline=None, print_blob=True)
    settings.register_profile("ci", parent=settings.get_profile("normviz"), derandomize=True)
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "normviz"))


@functools.cache
def _cuda_available() -> bool:
    try:
        import torch
    except ImportError:
        return False
    return bool(torch.cuda.is_available())


def pytest_collection_modifyitems(config, items):
    gpu_items = [item for item in items if item.get_closest_marker("gpu")]
    if gpu_items and not _cuda_available():
        skip = pytest.mark.skip(reason="needs a CUDA device (torch.cuda.is_available() is False)")
        for item in gpu_items:
            item.add_marker(skip)
