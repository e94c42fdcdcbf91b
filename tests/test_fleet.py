"""``make serve`` for real: nginx (Debian's) in front of 3 supervised replicas on loopback.

The load harness runs through nginx without errors and the replicas share its sessions; killing one
replica ends only its sessions (they reconnect, with their URL state, onto a live one), no page load
fails, and the supervisor starts it again; a frozen replica costs a new visitor at most a couple of
seconds, is taken out of rotation and comes back when it answers; responses carry the headers a school's
network expects and no internal address.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from websockets.exceptions import ConnectionClosed

from benchmarks import load
from deploy.fleet import NGINX, PLAIN_TIMEOUT, frame_ancestors, nginx_config
from tests.helpers.appserver import ROOT, run_harness
from tests.helpers.fleet import supervised_fleet

LOAD = [
    "--sessions",
    "8",
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


LMS = "https://lms.example.edu"


@pytest.fixture(scope="module")
def fleet(tmp_path_factory):
    """Three replicas behind nginx, supervised as `make serve` does."""
    with supervised_fleet(3, tmp_path_factory.mktemp("fleet"), frame_origins=LMS) as f:
        yield f


def _get(url: str, route: str, timeout: float = 30) -> tuple[int, dict[str, str]]:
    request = urllib.request.Request(url, headers={"Cookie": f"normviz_route={route}"})
    with urllib.request.urlopen(request, timeout=timeout) as r:
        r.read()
        return r.status, dict(r.headers)


def _visit(fleet) -> tuple[float, str | None]:
    """A new visitor (a fresh route cookie): the page and its host config, as a browser's first requests;
    (seconds it took, the error or None)."""
    route, start, error = uuid.uuid4().hex, time.monotonic(), None
    try:
        for path in ("/plane?x1=5&x2=-2", "/_stcore/host-config"):
            status, _ = _get(fleet.base_url + path, route)
            if status != 200:
                error = f"{path}: {status}"
    except OSError as exc:
        error = repr(exc)
    return time.monotonic() - start, error


def _page_loads(fleet, seconds: float, every: float = 0.2) -> list[tuple[float, str | None]]:
    """A new visitor every ``every`` seconds for ``seconds``, each on its own (a slow one delays no other, as
    in a class): what each ``_visit`` took."""
    with ThreadPoolExecutor(32) as pool:
        visits, end = [], time.monotonic() + seconds
        while time.monotonic() < end:
            visits.append(pool.submit(_visit, fleet))
            time.sleep(every)
        return [v.result() for v in visits]


def _all_in_rotation(fleet, timeout: float, replaced: int | None = None) -> float:
    """Seconds until every replica is running, healthy and in rotation again (and the process whose pid is
    ``replaced`` is another one)."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if (
            all(w.in_rotation and w.starting is None for w in fleet.watches)
            and all(r.alive() for r in fleet.replicas)
            and replaced not in {r.process.pid for r in fleet.replicas}
        ):
            return time.monotonic() - start
        time.sleep(0.1)
    raise AssertionError(f"the fleet did not recover within {timeout} s: {fleet.watches}")


def _in_thread(coroutine, timeout: float):
    """In a thread of its own: a Playwright test that ran before in this worker may hold an event loop here;
    bounded, so that the thread (which the pool's exit waits for) ends even when the test is interrupted."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(coroutine, timeout)).result()


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
    # the long timeout is the websocket's alone; a plain request waits PLAIN_TIMEOUT, then the next replica
    stream = conf.split("location = /_stcore/stream {")[1].split("}")[0]
    plain = conf.split("location / {")[1].split("}")[0]
    assert "proxy_read_timeout 86400s;" in stream
    assert f"proxy_read_timeout {PLAIN_TIMEOUT};" in plain and "timeout" in plain.split("proxy_next_upstream ")[1]
    assert "X-Normviz-Replica" not in conf and "add_header" not in stream + plain  # they would drop the server's
    assert "frame-ancestors 'self'\"" in conf and "nosniff" in conf and "Referrer-Policy" in conf
    for sub in ("tmp/body", "tmp/proxy", "tmp/fastcgi", "tmp/uwsgi", "tmp/scgi"):
        (tmp_path / sub).mkdir(parents=True)
    (tmp_path / "nginx.conf").write_text(conf)
    check = subprocess.run(
        [NGINX, "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")], capture_output=True, text=True
    )
    assert check.returncode == 0, check.stderr


def test_a_replica_out_of_rotation_is_marked_down_and_the_origins_are_checked(tmp_path):
    conf = nginx_config(
        listen="127.0.0.1:8080", replica_ports=[9001, 9002], prefix=tmp_path, down=frozenset({9002}),
        frame_origins=f"{LMS} https://*.school.example:8443",
    )  # fmt: skip
    assert "server 127.0.0.1:9001 max_fails=1 fail_timeout=10s;" in conf
    assert "server 127.0.0.1:9002 max_fails=1 fail_timeout=10s down;" in conf
    assert f"frame-ancestors 'self' {LMS} https://*.school.example:8443\"" in conf
    for bad in ("'none'", "https://a.example; script-src *", "javascript:alert(1)", 'https://a.example"'):
        with pytest.raises(ValueError, match="frame_ancestors"):
            frame_ancestors(bad)


def test_responses_carry_the_security_headers_and_no_internal_address(fleet):
    for path in ("/", "/plane", "/_stcore/health", "/_fleet/health"):
        status, headers = _get(fleet.base_url + path, "headers")
        assert status == 200, path
        assert headers["X-Content-Type-Options"] == "nosniff", path
        assert headers["Referrer-Policy"] == "strict-origin-when-cross-origin", path
        assert headers["Content-Security-Policy"] == f"frame-ancestors 'self' {LMS}", path
        assert not [v for v in headers.values() if "127.0.0.1" in v], (path, headers)
    assert fleet.replica_of("headers") in {r.port for r in fleet.replicas}  # the access log has it


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
    served = set(fleet.upstream_ports())  # 8 random routes on 3 replicas: all on one has odds of 1 in 2000
    assert len(served) >= 2 and served <= {r.port for r in fleet.replicas}, (served, fleet.access_log.read_text())


async def _sessions_by_replica(fleet, stats, query: str) -> dict[int, list[load.Session]]:
    """Plane sessions at ``query``, with their own route cookies, opened until each replica holds one."""
    by_replica: dict[int, list[load.Session]] = {}
    for i in range(60):
        if len(by_replica) == len(fleet.replicas):
            break
        route = f"student-{i}"
        port = await asyncio.to_thread(fleet.replica_of, route)
        if port in by_replica:
            continue
        session = load.Session(fleet.ws_url, "plane", "en", stats, route=route)
        session.query = query
        await session.connect(60)
        await session.load(60)
        by_replica[port] = [session]
    assert len(by_replica) == len(fleet.replicas), by_replica.keys()
    return by_replica


async def _move(session: load.Session, k: int) -> float:
    slider = session.controls[0]
    value = slider.value_at((k * 7 + 3) % slider.grid)
    return await session.move({c.id: (value if c is slider else c.value) for c in session.controls}, 60)


def _x(session: load.Session) -> tuple[float, float]:
    """The plane's vector as the session's number fields hold it (x1, x2)."""
    values = {c.key: c.value for c in session.controls}
    return values["plane.x1"], values["plane.x2"]


QUERY = "lang=en&x1=5&x2=-2"


def test_a_killed_replica_is_replaced_and_only_its_sessions_move(fleet):
    """kill -9 a replica while new visitors load pages for 30 s: none fails, the supervisor has it back in
    rotation within 10 s, its sessions reconnect with their URL state, the others go on untouched."""
    stats = load.Stats()
    victim = fleet.replicas[0]

    async def scenario():
        by_replica = await _sessions_by_replica(fleet, stats, QUERY)
        loads = asyncio.create_task(asyncio.to_thread(_page_loads, fleet, 30))
        await asyncio.sleep(3)
        killed, pid = time.monotonic(), victim.process.pid
        os.killpg(pid, signal.SIGKILL)
        await asyncio.to_thread(_all_in_rotation, fleet, 60, pid)
        back = time.monotonic() - killed
        (lost,) = by_replica.pop(victim.port)
        with pytest.raises(ConnectionClosed):  # nginx closes the browser's socket when its replica dies
            async with asyncio.timeout(30):
                while True:  # messages still queued from the page load come first
                    await lost.ws.recv()
        for k, (session,) in enumerate(by_replica.values()):  # untouched: same socket, moves still work
            await _move(session, k)
        # the browser reconnects with its cookie and its URL: the page comes back as it was
        reborn = load.Session(fleet.ws_url, "plane", "en", stats, route=lost.route)
        reborn.query = QUERY
        await reborn.connect(60)
        await reborn.load(60)
        assert _x(reborn) == (5, -2), _x(reborn)
        await _move(reborn, 1)
        for session in (reborn, *(s for (s,) in by_replica.values())):
            await session.close()
        return await loads, back

    loads, back = _in_thread(scenario(), 300)
    failed = [e for _, e in loads if e]
    print(f"\nkill -9: {len(loads)} page loads, {len(failed)} failed, back in rotation after {back:.1f} s")
    assert not failed, failed[:5]
    assert back <= 10, back
    assert stats.errors == 0, stats.samples


def test_a_frozen_replica_costs_new_visitors_little_and_comes_back(fleet):
    """SIGSTOP a replica for 20 s: new page loads keep a p95 of 2 s or less, the supervisor takes it out of
    rotation and back after SIGCONT, and a session open on it goes on where it was."""
    stats = load.Stats()
    frozen = fleet.replicas[1]
    watch = fleet.watches[1]

    async def scenario():
        by_replica = await _sessions_by_replica(fleet, stats, QUERY)
        out = False
        os.killpg(frozen.process.pid, signal.SIGSTOP)
        try:
            loads = asyncio.create_task(asyncio.to_thread(_page_loads, fleet, 20))
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:
                out = out or not watch.in_rotation
                await asyncio.sleep(0.2)
        finally:
            os.killpg(frozen.process.pid, signal.SIGCONT)
        loads = await loads
        back = await asyncio.to_thread(_all_in_rotation, fleet, 30)
        for k, (session,) in enumerate(by_replica.values()):  # the frozen one's too: same socket, same page
            assert _x(session) == (5, -2)
            await _move(session, k)
            await session.close()
        return out, loads, back

    out, loads, back = _in_thread(scenario(), 300)
    seconds = sorted(t for t, _ in loads)
    p95 = seconds[int(0.95 * (len(seconds) - 1))]
    failed = [e for _, e in loads if e]
    print(
        f"\nSIGSTOP 20 s: {len(loads)} page loads, {len(failed)} failed, p95 {p95:.2f} s, "
        f"max {seconds[-1]:.2f} s; back in rotation {back:.1f} s after SIGCONT"
    )
    assert out, "the frozen replica stayed in rotation"
    assert not failed, failed[:5]
    assert p95 <= 2.0, seconds
    assert seconds[-1] <= 6.0, seconds  # no one waits on the frozen one: PLAIN_TIMEOUT, then the next replica
    assert frozen.alive()  # frozen for less than STUCK_S: not restarted
    assert stats.errors == 0, stats.samples
