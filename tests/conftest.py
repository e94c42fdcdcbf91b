"""Generic test setup shared by every test directory: hypothesis profiles, GPU skips, the ``cli`` fixture, and
the process guard (no process a test starts outlives the run; no test hangs it)."""

from __future__ import annotations

import functools
import os
import warnings
from dataclasses import dataclass

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


# --- `python -m normviz ...` in this process -----------------------------------------------------------


@dataclass(frozen=True)
class CliRun:
    """What ``python -m normviz ARGS`` gave: the exit status and the text of stdout and stderr."""

    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def cli(capsys, monkeypatch):
    """``cli("3", "4")`` runs ``normviz.__main__.main(argv)`` here, as ``python -m normviz 3 4`` would run.

    No ``$NORMVIZ_BACKEND`` (the default backend). Status 2 comes from argparse's ``SystemExit``; a warning
    raised during the run is written to stderr as a fresh interpreter would print it (its default filters,
    plus pytest.ini's: a DeprecationWarning from normviz is an error). ``tests/test_cli.py`` keeps real
    subprocesses for what only a process shows: its exit status and a closed pipe.
    """
    from normviz.__main__ import main

    monkeypatch.delenv("NORMVIZ_BACKEND", raising=False)

    def run(*args: str) -> CliRun:
        capsys.readouterr()
        with warnings.catch_warnings(record=True) as caught:
            warnings.resetwarnings()
            for quiet in (DeprecationWarning, PendingDeprecationWarning, ImportWarning, ResourceWarning):
                warnings.filterwarnings("ignore", category=quiet)
            for strict in (DeprecationWarning, FutureWarning):
                warnings.filterwarnings("error", category=strict, module="normviz")
            try:
                status = main(list(args))
            except SystemExit as exc:
                status = exc.code
        out, err = capsys.readouterr()
        err += "".join(warnings.formatwarning(w.message, w.category, w.filename, w.lineno) for w in caught)
        return CliRun(0 if status is None else int(status), out, err)

    return run


# --- processes: none a test starts outlives the run, no hung test hangs it (tests/helpers/processguard.py) ----------


def pytest_configure(config):
    from tests.helpers.processguard import ProcessGuard

    config.pluginmanager.register(ProcessGuard(config), "normviz-process-guard")


# --- figures: built as dicts, never as plotly objects ------------------------------------------------------


@pytest.fixture
def no_plotly_objects(monkeypatch):
    """Make building any plotly object (figure, trace, layout) fail."""
    import plotly.basedatatypes

    from normviz.figures._style import base_layout

    base_layout(False)  # the template is read once per process, not per figure

    def refuse(self, *args, **kwargs):
        raise AssertionError(f"built a plotly object: {type(self).__name__}")

    monkeypatch.setattr(plotly.basedatatypes.BasePlotlyType, "__init__", refuse)
    monkeypatch.setattr(plotly.basedatatypes.BaseFigure, "__init__", refuse)


# --- AppTest and keyed fragment reruns -----------------------------------------------------------------

_real_rerun_only = None


@pytest.fixture(autouse=True)
def whole_runs_in_apptest(monkeypatch):
    """``ui.rerun_only`` gives no callback here, so a page's widget reruns as it would without one.

    A keyed rerun shows AppTest the fragment alone: AppTest keeps no page between runs (each ``run()``
    builds its element tree from that run's messages), so the controls and text around the fragment would
    vanish from the test's view. The keyed reruns themselves are tested on their own
    (``tests/test_urlcheck.py``, ``real_rerun_only``) and in Chromium (``tests/browser``).
    """
    global _real_rerun_only
    import normviz.ui as ui
    from normviz.ui.kit import links

    _real_rerun_only = _real_rerun_only or links.rerun_only
    monkeypatch.setattr(links, "rerun_only", lambda *fragment_keys: None)
    monkeypatch.setattr(ui, "rerun_only", lambda *fragment_keys: None)


@pytest.fixture
def real_rerun_only(monkeypatch):
    """The real ``ui.rerun_only`` in this test (see ``whole_runs_in_apptest``)."""
    import normviz.ui as ui
    from normviz.ui.kit import links

    monkeypatch.setattr(links, "rerun_only", _real_rerun_only)
    monkeypatch.setattr(ui, "rerun_only", _real_rerun_only)
