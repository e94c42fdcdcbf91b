"""``make serve`` for real: nginx (Debian's) in front of 2 replicas on loopback.

The load harness runs through nginx without errors and both replicas serve
sessions; killing one replica ends its sessions (they reconnect, onto the
other), while the other replica's sessions go on untouched.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
from websockets.exceptions import ConnectionClosed

from benchmarks import load
from deploy.fleet import NGINX, Fleet, nginx_config
from tests.helpers.appserver import ROOT, free_port, run_harness

LOAD = [
    "--sessions",
    "6",
    "--duration",
    "6",
    "--interval",
    "1",
    "--timeout",
    "60",
    "--pages",
    "plane",
    "dof",
    "overview",
]


@pytest.fixture(scope="module")
def fleet(tmp_path_factory):
    f = Fleet(2, free_port(), tmp_path_factory.mktemp("fleet"))
    try:
        f.start()
        yield f
    finally:
        f.stop()


def test_the_nginx_config_passes_websockets_and_sticks_by_cookie(tmp_path):
    conf = nginx_config(listen="127.0.0.1:8080", replica_ports=[9001, 9002], prefix=tmp_path)
    assert "server 127.0.0.1:9001" in conf and "server 127.0.0.1:9002" in conf
    assert "hash $route_key consistent;" in conf
    assert re.search(r"proxy_set_header Upgrade \$http_upgrade;", conf)
    assert (
        re.search(r"proxy_read_timeout (\d+)s;", conf)
        and int(re.search(r"proxy_read_timeout (\d+)s;", conf)[1]) >= 3600
    )
    assert "@" not in conf.replace("$request_id", "")  # every placeholder filled
    for sub in ("tmp/body", "tmp/proxy", "tmp/fastcgi", "tmp/uwsgi", "tmp/scgi"):
        (tmp_path / sub).mkdir(parents=True)
    (tmp_path / "nginx.conf").write_text(conf)
    check = subprocess.run(
        [NGINX, "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")], capture_output=True, text=True
    )
    assert check.returncode == 0, check.stderr


def test_the_load_harness_runs_through_nginx_and_both_replicas_serve(fleet):
    run = run_harness(
        [sys.executable, str(ROOT / "benchmarks" / "load.py"), "--url", fleet.base_url, *LOAD], cwd=ROOT, timeout=240
    )
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    header = lines.index(load.summary_header())
    row = dict(zip([n for n, _ in load.SUMMARY_COLUMNS], lines[header + 1].split(), strict=True))
    logs = "".join(f"\n--- replica {r.port} log (tail)\n{r.log_text()[-3000:]}" for r in fleet.replicas)
    assert row["errors"] == "0", run.stdout + logs
    assert int(row["moves"]) >= 6, run.stdout + logs
    served = set(fleet.upstream_ports())
    assert served == {r.port for r in fleet.replicas}, (served, fleet.access_log.read_text()[-2000:])


async def _sessions_on_both(fleet, stats) -> dict[str, list[load.Session]]:
    """Sessions with their own route cookies, opened until each replica holds at least two."""
    by_replica: dict[str, list[load.Session]] = {}
    for i in range(40):
        if len(by_replica) == 2 and all(len(s) >= 2 for s in by_replica.values()):
            break
        session = load.Session(fleet.ws_url, "plane", "en", stats, route=f"student-{i}")
        await session.connect(60)
        await session.load(60)
        by_replica.setdefault(session.replica, []).append(session)
    assert len(by_replica) == 2 and all(len(s) >= 2 for s in by_replica.values()), by_replica.keys()
    return by_replica


async def _move(session: load.Session, k: int) -> float:
    slider = session.controls[0]
    value = slider.value_at((k * 7 + 3) % slider.grid)
    return await session.move({c.id: (value if c is slider else c.value) for c in session.controls}, 60)


def test_killing_a_replica_moves_only_its_sessions(fleet):
    async def scenario():
        stats = load.Stats()
        by_replica = await _sessions_on_both(fleet, stats)
        victim_port = fleet.replicas[0].port
        victim = by_replica.pop(f"127.0.0.1:{victim_port}")
        (survivors,) = by_replica.values()

        os.killpg(fleet.replicas[0].process.pid, signal.SIGKILL)
        for session in victim:  # nginx closes the browser's socket when its replica dies
            with pytest.raises(ConnectionClosed):
                async with asyncio.timeout(30):
                    while True:  # messages still queued from the page load come first
                        await session.ws.recv()
        for k, session in enumerate(survivors):  # untouched: same socket, moves still work
            await _move(session, k)
        for session in victim:  # the browser reconnects with its cookie: a live replica takes it
            reborn = load.Session(fleet.ws_url, "plane", "en", stats, route=session.route)
            await reborn.connect(60)
            # $upstream_addr lists every replica tried: the dead one (refused), then the live one
            assert reborn.replica.split(", ")[-1] == f"127.0.0.1:{fleet.replicas[1].port}", reborn.replica
            await reborn.load(60)
            await _move(reborn, 1)
            await reborn.close()
        for session in survivors:
            await session.close()
        assert stats.errors == 0, stats.samples

    # in a thread of its own: a Playwright test that ran before in this worker may hold an event loop here;
    # bounded, so that the thread (which the pool's exit waits for) ends even when the test is interrupted
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, asyncio.wait_for(scenario(), 240)).result()
