"""Rerun latency under concurrent sessions, runner.postScriptGC = true vs false.

Streamlit's default ``runner.postScriptGC = true`` calls ``gc.collect(2)``
after every script run. With torch, plotly and numpy imported that full
collection walks a large heap while holding the GIL, so with many users every
rerun waits for everybody else's collections. ``.streamlit/config.toml`` turns
it off; this script shows why.

How: a real ``streamlit run`` on 127.0.0.1 (free port) serves a tiny app that
imports torch + plotly + normviz, normalizes a small batch and draws a figure.
N sessions talk to it the way the browser does (Streamlit's protobuf
messages over its websocket, no browser: 30 Chromium pages would compete with
the server for this machine's cores and measure the browser, not the
server). Each session asks for a rerun, waits for ``script_finished``, thinks
for 0-100 ms and repeats; the time from request to ``script_finished`` is the
rerun latency a user sees, before rendering.

    .venv/bin/python benchmarks/bench_sessions.py [--sessions 30] [--reruns 5]

Prints a table; asserts nothing. Bounded: every phase has a deadline, the
whole run takes well under 3 minutes.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

APP = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, {root!r})

    import numpy as np
    import plotly.graph_objects as go
    import streamlit as st
    import torch

    import normviz as nv

    st.session_state["runs"] = st.session_state.get("runs", 0) + 1
    x = torch.randn(64, 256, generator=torch.Generator().manual_seed(0))
    y = nv.layer_norm(x, eps=1e-5).numpy()
    st.write(f"run {{st.session_state['runs']}}: std {{float(y.std()):.4f}}")
    st.plotly_chart(go.Figure(go.Scatter(y=np.ascontiguousarray(y[0]), name="row 0")))
    """
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(app: Path, post_script_gc: bool, log: Path) -> tuple[subprocess.Popen, int]:
    port = free_port()
    cmd = [
        sys.executable, "-m", "streamlit", "run", str(app),
        "--server.address", "127.0.0.1", "--server.port", str(port),
        "--server.headless", "true", "--server.fileWatcherType", "none",
        "--browser.gatherUsageStats", "false",
        "--runner.postScriptGC", "true" if post_script_gc else "false",
    ]  # fmt: skip
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=app.parent, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"streamlit exited with {proc.returncode}:\n{log.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as r:
                if r.status == 200:
                    return proc, port
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.2)
    stop_server(proc)
    raise RuntimeError(f"streamlit not healthy after 60 s:\n{log.read_text()[-2000:]}")


def stop_server(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


class Session:
    """One browser tab's worth of protocol: ask for a rerun, wait until it finished."""

    def __init__(self, port: int):
        self.url = f"ws://127.0.0.1:{port}/_stcore/stream"
        self.ws = None

    async def __aenter__(self) -> Session:
        from websockets.asyncio.client import connect

        self.ws = await connect(self.url, subprotocols=["streamlit"], max_size=None, open_timeout=30)
        return self

    async def __aexit__(self, *exc) -> None:
        await self.ws.close()

    async def rerun(self, timeout: float) -> float:
        from streamlit.proto.BackMsg_pb2 import BackMsg
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        msg = BackMsg()
        msg.rerun_script.query_string = ""
        msg.rerun_script.widget_states.SetInParent()
        t0 = time.perf_counter()
        await self.ws.send(msg.SerializeToString())
        deadline = t0 + timeout
        while True:
            raw = await asyncio.wait_for(self.ws.recv(), max(0.01, deadline - time.perf_counter()))
            fwd = ForwardMsg()
            fwd.ParseFromString(raw)
            if fwd.WhichOneof("type") == "script_finished":
                status = fwd.script_finished
                if status == ForwardMsg.FINISHED_SUCCESSFULLY:
                    return time.perf_counter() - t0
                if status != ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                    raise RuntimeError(f"script finished with status {status}")


async def drive(port: int, sessions: int, reruns: int, budget_s: float) -> tuple[list[float], float, int]:
    """Open ``sessions`` sessions, let each rerun ``reruns`` times; latencies in s."""
    latencies: list[float] = []
    failures = 0
    deadline = time.perf_counter() + budget_s
    rng = random.Random(0)

    async def user(i: int) -> None:
        nonlocal failures
        await asyncio.sleep(rng.uniform(0, 0.5))  # users do not arrive in lockstep
        async with Session(port) as s:
            await s.rerun(timeout=60)  # the page load
            for _ in range(reruns):
                left = deadline - time.perf_counter()
                if left <= 0:
                    return
                try:
                    latencies.append(await s.rerun(timeout=left))
                except TimeoutError:
                    failures += 1
                    return
                await asyncio.sleep(rng.uniform(0, 0.1))

    t0 = time.perf_counter()
    results = await asyncio.gather(*(user(i) for i in range(sessions)), return_exceptions=True)
    failures += sum(isinstance(r, BaseException) for r in results)
    for r in results:
        if isinstance(r, BaseException):
            print(f"  a session failed: {type(r).__name__}: {r}", file=sys.stderr)
    return latencies, time.perf_counter() - t0, failures


def measure(app: Path, post_script_gc: bool, sessions: int, reruns: int, budget_s: float, tmp: Path) -> dict:
    log = tmp / f"server-gc-{post_script_gc}.log"
    proc, port = start_server(app, post_script_gc, log)
    try:
        # Warm up: the first run pays for importing torch; not what we measure.
        asyncio.run(drive(port, 1, 1, 90))
        lat, wall, failures = asyncio.run(drive(port, sessions, reruns, budget_s))
        exited = proc.poll()
    finally:
        stop_server(proc)
    if failures:
        state = "running" if exited is None else f"exited with {exited}"
        print(
            f"  {failures} session(s) failed; server was {state}; its log ends:\n"
            + log.read_text(errors="replace")[-1500:],
            file=sys.stderr,
        )
    lat.sort()
    q = (lambda p: lat[min(len(lat) - 1, int(p * len(lat)))]) if lat else (lambda p: float("nan"))
    return {
        "gc": post_script_gc,
        "n": len(lat),
        "median": statistics.median(lat) if lat else float("nan"),
        "p90": q(0.9),
        "max": lat[-1] if lat else float("nan"),
        "rate": len(lat) / wall if wall else float("nan"),
        "failures": failures,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=30, help="concurrent sessions (default 30)")
    parser.add_argument("--reruns", type=int, default=5, help="reruns per session (default 5)")
    parser.add_argument("--budget", type=float, default=45, help="seconds per setting, at most (default 45)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="normviz-bench-") as tmp_name:
        tmp = Path(tmp_name)
        app = tmp / "bench_app.py"
        app.write_text(APP.format(root=str(ROOT)))
        print(
            f"rerun latency, {args.sessions} concurrent sessions x {args.reruns} reruns, "
            f"app imports torch+plotly+normviz; {os.cpu_count()} CPU(s), streamlit on 127.0.0.1"
        )
        rows = [measure(app, gc, args.sessions, args.reruns, args.budget, tmp) for gc in (True, False)]

    print()
    print(
        f"{'runner.postScriptGC':<20} {'reruns':>6} {'median s':>9} {'p90 s':>8} {'max s':>8} "
        f"{'reruns/s':>9} {'failed':>6}"
    )
    for r in rows:
        print(
            f"{str(r['gc']).lower():<20} {r['n']:>6} {r['median']:>9.3f} {r['p90']:>8.3f} "
            f"{r['max']:>8.3f} {r['rate']:>9.1f} {r['failures']:>6}"
        )
    on, off = rows
    if off["median"] > 0:
        print(f"\nmedian rerun with postScriptGC=true is {on['median'] / off['median']:.1f}x the one without")


if __name__ == "__main__":
    main()
