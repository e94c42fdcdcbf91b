"""The test suite's app server: ``deploy/replica.py`` (one replica of the fleet), re-exported; and
``run_harness``, for a script that starts servers of its own (``benchmarks/load.py``); ``CheckedAppServer``
fails the test whose server does not start."""

from __future__ import annotations

import signal
import subprocess

import pytest

from deploy.replica import ONE_BLAS_THREAD, ROOT, AppServer, ServerError, free_port, healthy

__all__ = [
    "ONE_BLAS_THREAD",
    "ROOT",
    "AppServer",
    "CheckedAppServer",
    "ServerError",
    "free_port",
    "healthy",
    "run_harness",
]


def run_harness(cmd: list[str], *, timeout: float, **kwargs) -> subprocess.CompletedProcess:
    """``subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)`` for a script whose servers run in
    sessions of their own: on a timeout, or when the test is interrupted (pytest-timeout), the script gets
    SIGINT first, so its ``finally`` stops its servers, and SIGKILL only if it is still there 20 s later
    (a plain SIGKILL, as ``subprocess.run`` sends, leaves them running)."""
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs) as proc:
        try:
            out, err = proc.communicate(timeout=timeout)
        except BaseException:
            proc.send_signal(signal.SIGINT)
            try:
                proc.communicate(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.communicate()
            raise
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err)


SERVER_START_TIMEOUT_S = 90


class CheckedAppServer(AppServer):
    """The app server in a test: a failed start fails the test with the log's tail."""

    def start(self) -> None:
        try:
            super().start(timeout=SERVER_START_TIMEOUT_S)
        except ServerError as exc:
            pytest.fail(str(exc))
