"""A real ``streamlit run app.py`` on 127.0.0.1 and a free port, in its own process group.

One replica of the fleet (``deploy/fleet.py``, ``make serve``), and the server
of the Chromium tests (``tests/browser/conftest.py``, through
``tests/helpers/appserver.py``) and the load harness (``benchmarks/load.py``)::

    server = AppServer(ROOT / "app.py", free_port(), log_path)
    server.start()            # raises ServerError with the log's tail
    ...                       # server.base_url, server.ws_url, server.process.pid
    server.stop()             # SIGTERM to the whole group, SIGKILL after 10 s

The server starts in the repository root so ``.streamlit/config.toml``
applies, and only listens on the loopback interface.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

# As `make run` and the Dockerfile serve the app: one process uses about one core (one interpreter
# lock for all its sessions), so BLAS threads only fight each other and the sessions (measured on the
# higher-dimensions page: a 1000 x 128 Gram matrix took 47 ms threaded against 0.6 ms on one thread).
ONE_BLAS_THREAD = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
# Two malloc arenas, not glibc's 8 per core: Streamlit starts a thread per script run, and each arena a
# thread lands in keeps what it freed. One process, 100 sessions moving every page for 30 s: memory per
# session 4.47/4.26 -> 2.86/2.92 MiB (interleaved), server CPU per move no higher (15.9/17.7 -> 14.5/15.3 ms).
FEW_MALLOC_ARENAS = {"MALLOC_ARENA_MAX": "2"}
SERVE_ENV = {**ONE_BLAS_THREAD, **FEW_MALLOC_ARENAS}  # the Makefile's SERVE_ENV and the Dockerfile's ENV too
ROOT = Path(__file__).resolve().parents[1]
START_TIMEOUT_S = 90


class ServerError(RuntimeError):
    """The server exited or did not become healthy; the message ends with its log."""


class AppServer:
    """``python -m streamlit run <app>`` on 127.0.0.1:<port>, in its own process group."""

    def __init__(self, app: Path, port: int, log: Path, *, options: tuple[str, ...] = ()):
        self.app, self.port, self.log, self.options = app, port, log, options
        self.base_url = f"http://127.0.0.1:{port}"
        self.ws_url = f"ws://127.0.0.1:{port}/_stcore/stream"
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = START_TIMEOUT_S) -> None:
        env = dict(os.environ, STREAMLIT_BROWSER_GATHER_USAGE_STATS="false", PYTHONUNBUFFERED="1", **SERVE_ENV)
        cmd = [
            sys.executable, "-m", "streamlit", "run", str(self.app),
            "--server.address", "127.0.0.1",
            "--server.port", str(self.port),
            "--server.headless", "true",
            *self.options,
        ]  # fmt: skip
        with open(self.log, "ab") as out:
            # From the repo root so .streamlit/config.toml applies; a session of
            # its own so stop() reaches every child.
            self.process = subprocess.Popen(
                cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        deadline = time.monotonic() + timeout
        while not healthy(f"{self.base_url}/_stcore/health"):
            if not self.alive():
                raise ServerError(f"streamlit exited with {self.process.returncode}:\n{self.log_text()[-4000:]}")
            if time.monotonic() > deadline:
                self.stop()
                raise ServerError(f"streamlit not healthy after {timeout:.0f}s:\n{self.log_text()[-4000:]}")
            time.sleep(0.25)

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self) -> None:
        proc = self.process
        if proc is None or proc.poll() is not None:
            return
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)

    def kill(self) -> None:
        """SIGKILL to the whole group, and reap it: for a replica that no longer answers (frozen, stuck)."""
        proc = self.process
        if proc is None or proc.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)

    def log_text(self) -> str:
        try:
            return self.log.read_text(errors="replace")
        except OSError:
            return ""

    def death_note(self) -> str:
        code = self.process.returncode if self.process else None
        note = f"the streamlit server exited with {code}"
        if code == 0 and "Stopping..." in self.log_text():
            note += " after a SIGTERM/SIGINT from outside this test run (e.g. a `pkill -f streamlit`)"
        return note


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def healthy(url: str, timeout: float = 2.0) -> bool:
    """``url`` answers 200 within ``timeout`` seconds."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status == 200
    except (urllib.error.URLError, OSError):
        return False
