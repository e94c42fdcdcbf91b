"""``make serve``: N normviz replicas on loopback ports behind nginx, one browser per replica.

One Streamlit process runs every session's script under one interpreter lock, so
it uses about one core however many students connect. The fleet runs one
process per core and lets nginx (Debian's package) spread the browsers:

    python -m deploy.fleet                       # one replica per core, nginx on :8501
    python -m deploy.fleet --replicas 2 --port 8080

Each replica is ``streamlit run app.py`` on 127.0.0.1 (``deploy/replica.py``);
nginx's configuration is ``deploy/nginx/normviz.conf.template`` filled in here
and written, with nginx's pid, logs and temp files, under ``--workdir``.

The fleet supervises itself (``Fleet.tick``, once a second): a replica that exits is
started again (backoff 1, 2, 4 ... 30 s, at most ``RESTARTS_PER_MINUTE``), one that fails
its health check twice is taken out of nginx's rotation until it answers again, and one
still failing after ``STUCK_S`` is killed and started again; nginx is restarted if it exits.
Only Ctrl-C (or SIGTERM) stops nginx and every replica.
"""

from __future__ import annotations

import argparse
import collections
import logging
import os
import pwd
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):  # run as a file: the repository root on the path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from deploy.replica import ROOT, AppServer, ServerError, free_port, healthy  # noqa: E402

TEMPLATE = ROOT / "deploy" / "nginx" / "normviz.conf.template"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"  # /usr/sbin is not on every user's PATH
MIME_TYPES = "/etc/nginx/mime.types"
MAX_BODY = "20m"  # a little above .streamlit/config.toml's maxUploadSize (16 MB)
START_TIMEOUT_S = 120
# A plain request (page, static file, health) a replica has not begun to answer in this long goes to the
# next replica: a frozen one costs a new visitor this once (nginx then skips it for fail_timeout, and the
# supervisor takes it out); an alive one answers these in milliseconds, even under a class's load. As long
# as the supervisor's health check allows (HEALTH_TIMEOUT_S): at 2 s every such visitor waited a little over
# 2 s, and a freeze's first seconds sent 6 of 100 (one CI run) to the frozen replica, a p95 of 2.01 s.
PLAIN_TIMEOUT = "1s"
POLL_S = 1.0  # the supervisor's health check of every replica, each with HEALTH_TIMEOUT_S
HEALTH_TIMEOUT_S = 1.0
DOWN_AFTER = 2  # failed checks in a row: out of rotation
STUCK_S = 30.0  # failing its checks this long while running: killed and started again
RESTARTS_PER_MINUTE = 5  # per replica; beyond it the replica waits for the minute to pass
MAX_BACKOFF_S = 30.0
_LOG = logging.getLogger("normviz.fleet")
# An origin a page may be framed by: https://lms.example.edu, https://*.example.edu:8443, http://localhost:3000
_ORIGIN = re.compile(r"https?://(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:\d{1,5})?")


def frame_ancestors(origins: str) -> str:
    """CSP ``frame-ancestors``' source list: ``'self'`` and the space-separated ``origins`` (each
    ``scheme://host[:port]``, the host may start with ``*.``); ValueError naming the first that is not one."""
    for origin in origins.split():
        if not _ORIGIN.fullmatch(origin):
            raise ValueError(f"frame_ancestors: {origin!r} is not an origin such as https://lms.example.edu")
    return " ".join(["'self'", *origins.split()])


def nginx_config(
    *,
    listen: str,
    replica_ports: list[int],
    prefix: Path,
    user: str | None = None,
    down: frozenset[int] = frozenset(),
    frame_origins: str = "",
) -> str:
    """The template with this fleet's listen address, replicas (those in ``down`` marked so), runtime folder
    and the origins allowed to frame the app filled in."""
    servers = "\n".join(
        f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=10s{' down' if p in down else ''};"
        for p in replica_ports
    )
    values = {
        "@USER@": f"user {user};" if user else "",
        "@PREFIX@": str(prefix),
        "@MIME_TYPES@": MIME_TYPES,
        "@SERVERS@": servers,
        "@LISTEN@": listen,
        "@MAX_BODY@": MAX_BODY,
        "@PLAIN_TIMEOUT@": PLAIN_TIMEOUT,
        "@FRAME_ANCESTORS@": frame_ancestors(frame_origins),
    }
    text = TEMPLATE.read_text()
    for name, value in values.items():
        text = text.replace(name, value)
    return text


@dataclass
class Watch:
    """What the supervisor knows of one replica."""

    failures: int = 0  # failed health checks in a row
    in_rotation: bool = True
    failing_since: float | None = None
    restarts: collections.deque = field(default_factory=collections.deque)  # monotonic times, the last minute
    next_start: float = 0.0  # not before (the backoff)
    starting: Future | None = None


class Fleet:
    """nginx on ``127.0.0.1:port`` in front of ``replicas`` app processes on free loopback ports."""

    def __init__(self, replicas: int, port: int, workdir: Path, *, host: str = "127.0.0.1", frame_origins: str = ""):
        if replicas < 1:
            raise ValueError(f"replicas must be at least 1; got {replicas}")
        frame_ancestors(frame_origins)  # refused here, before anything starts
        self.port, self.workdir, self.host, self.frame_origins = port, Path(workdir), host, frame_origins
        self.base_url = f"http://127.0.0.1:{port}"
        self.ws_url = f"ws://127.0.0.1:{port}/_stcore/stream"
        self.replicas = [
            AppServer(ROOT / "app.py", free_port(), self.workdir / f"replica-{i}.log") for i in range(replicas)
        ]
        self.watches = [Watch() for _ in self.replicas]
        self.nginx: subprocess.Popen | None = None
        self._pool = ThreadPoolExecutor(2 * replicas)  # health checks and restarts, none waits on another

    @property
    def access_log(self) -> Path:
        return self.workdir / "access.log"

    @property
    def conf(self) -> Path:
        return self.workdir / "nginx.conf"

    def start(self, timeout: float = START_TIMEOUT_S) -> None:
        """Start the replicas (healthy on /_stcore/health), then nginx; raise ServerError with the logs."""
        if not os.access(NGINX, os.X_OK):
            raise ServerError("nginx is not installed (Debian: apt-get install nginx; `make serve` does it)")
        for sub in ("tmp/body", "tmp/proxy", "tmp/fastcgi", "tmp/uwsgi", "tmp/scgi"):
            (self.workdir / sub).mkdir(parents=True, exist_ok=True)
        try:
            with ThreadPoolExecutor(len(self.replicas)) as pool:  # they import torch at the same time
                list(pool.map(lambda r: r.start(timeout), self.replicas))
            self._write_conf()
            self._start_nginx()
            deadline = time.monotonic() + 20
            while not healthy(f"{self.base_url}/_stcore/health"):  # and through it, a replica
                if time.monotonic() > deadline:
                    raise ServerError(f"no replica answers through nginx:\n{self.access_log.read_text()[-2000:]}")
                time.sleep(0.2)
        except BaseException:
            self.stop()
            raise

    def _write_conf(self) -> None:
        """nginx.conf for the replicas in rotation (all of them when none is: nginx's own retries then)."""
        down = frozenset(r.port for r, w in zip(self.replicas, self.watches, strict=True) if not w.in_rotation)
        if len(down) == len(self.replicas):
            down = frozenset()
        # As root, nginx hands its workers to `user`: keep them this user, who owns workdir.
        user = pwd.getpwuid(os.getuid()).pw_name if os.getuid() == 0 else None
        text = nginx_config(
            listen=f"{self.host}:{self.port}",
            replica_ports=[r.port for r in self.replicas],
            prefix=self.workdir,
            user=user,
            down=down,
            frame_origins=self.frame_origins,
        )
        check_path = self.workdir / "nginx.conf.new"
        check_path.write_text(text)
        check = subprocess.run(
            [NGINX, "-t", "-p", str(self.workdir), "-c", str(check_path)], capture_output=True, text=True
        )
        if check.returncode != 0:
            raise ServerError(f"nginx rejected {check_path}:\n{check.stderr}")
        check_path.replace(self.conf)

    def _start_nginx(self) -> None:
        with open(self.workdir / "nginx.out", "ab") as out:
            self.nginx = subprocess.Popen(
                [NGINX, "-p", str(self.workdir), "-c", str(self.conf), "-g", "daemon off;"],
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + 20
        while not healthy(f"{self.base_url}/_fleet/health"):
            if self.nginx.poll() is not None or time.monotonic() > deadline:
                raise ServerError(f"nginx did not come up:\n{(self.workdir / 'error.log').read_text()[-2000:]}")
            time.sleep(0.2)

    def _reload_nginx(self) -> None:
        """The rotation changed: a new nginx.conf, and nginx's graceful reload (SIGHUP: new connections use it,
        the open websockets stay with the old workers until they close)."""
        self._write_conf()
        if self.nginx is not None and self.nginx.poll() is None:
            os.kill(self.nginx.pid, signal.SIGHUP)

    def tick(self, now: float | None = None) -> None:
        """One round of supervision: restart nginx or a replica that exited, check every replica's health
        (in parallel, each within HEALTH_TIMEOUT_S), change the rotation, kill and restart a stuck replica."""
        now = time.monotonic() if now is None else now
        if self.nginx is not None and self.nginx.poll() is not None:
            _LOG.warning("nginx exited with %s; starting it again", self.nginx.returncode)
            self._start_nginx()
        checks = {
            i: self._pool.submit(healthy, f"{r.base_url}/_stcore/health", HEALTH_TIMEOUT_S)
            for i, (r, w) in enumerate(zip(self.replicas, self.watches, strict=True))
            if r.alive() and w.starting is None
        }
        changed = False
        for i, (replica, watch) in enumerate(zip(self.replicas, self.watches, strict=True)):
            if watch.starting is not None:
                if not watch.starting.done():
                    continue
                error, watch.starting = watch.starting.exception(), None
                if error is not None:
                    _LOG.warning("replica :%d did not start: %s", replica.port, str(error).splitlines()[0])
                else:
                    _LOG.warning("replica :%d is running again", replica.port)
            if not replica.alive():
                if watch.in_rotation:
                    watch.in_rotation, changed = False, True
                    _LOG.warning(
                        "replica :%d exited with %s; out of rotation", replica.port, replica.process.returncode
                    )
                self._restart(i, now)
            elif i in checks and checks[i].result():
                watch.failures, watch.failing_since = 0, None
                if not watch.in_rotation:
                    watch.in_rotation, changed = True, True
                    _LOG.warning("replica :%d answers; back in rotation", replica.port)
            elif i in checks:
                watch.failures += 1
                watch.failing_since = watch.failing_since or now
                if watch.failures >= DOWN_AFTER and watch.in_rotation:
                    watch.in_rotation, changed = False, True
                    _LOG.warning("replica :%d failed %d health checks; out of rotation", replica.port, watch.failures)
                if now - watch.failing_since >= STUCK_S:
                    _LOG.warning("replica :%d stuck for %.0f s; killing it", replica.port, now - watch.failing_since)
                    replica.kill()
                    self._restart(i, now)
        if changed:
            self._reload_nginx()

    def _restart(self, i: int, now: float) -> None:
        """Start replica ``i`` again in the background, after its backoff and within RESTARTS_PER_MINUTE."""
        replica, watch = self.replicas[i], self.watches[i]
        while watch.restarts and now - watch.restarts[0] > 60:
            watch.restarts.popleft()
        if watch.starting is not None or now < watch.next_start:
            return
        if len(watch.restarts) >= RESTARTS_PER_MINUTE:
            watch.next_start = watch.restarts[0] + 60
            _LOG.warning("replica :%d restarted %d times in a minute; waiting", replica.port, len(watch.restarts))
            return
        watch.restarts.append(now)
        watch.failures, watch.failing_since = 0, None
        watch.next_start = now + min(MAX_BACKOFF_S, 2.0 ** (len(watch.restarts) - 1))
        _LOG.warning("replica :%d: starting it again (restart %d this minute)", replica.port, len(watch.restarts))
        watch.starting = self._pool.submit(replica.start)

    def supervise(self, stop: threading.Event) -> None:
        """``tick`` every POLL_S until ``stop`` is set; a failed round is logged, never ends the fleet."""
        while not stop.wait(POLL_S):
            try:
                self.tick()
            except Exception:  # noqa: BLE001 - the fleet outlives any one round's surprise
                _LOG.exception("a supervision round failed")

    def stop(self) -> None:
        """Wait for a restart in flight (it would start a replica after this), then stop nginx and every
        replica."""
        self._pool.shutdown(wait=True, cancel_futures=True)
        if self.nginx is not None and self.nginx.poll() is None:
            os.killpg(self.nginx.pid, signal.SIGQUIT)  # graceful: finish the requests in flight
            try:
                self.nginx.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.nginx.pid, signal.SIGKILL)
                self.nginx.wait(timeout=10)
        for replica in self.replicas:
            replica.stop()

    def upstream_ports(self, path: str = "/_stcore/stream") -> list[int]:
        """The replica port of each finished request to ``path``, from nginx's access log, in order."""
        ports = []
        if self.access_log.exists():
            for line in self.access_log.read_text().splitlines():
                if f" {path}" in line and "upstream=127.0.0.1:" in line:
                    ports.append(int(line.split("upstream=127.0.0.1:")[1].split()[0].rstrip(",")))
        return ports

    def replica_of(self, route: str) -> int:
        """The port of the replica that serves the browser whose ``normviz_route`` cookie is ``route`` now: a
        health request with that cookie, read back from the access log (a response never says)."""
        request = urllib.request.Request(
            f"{self.base_url}/_stcore/health", headers={"Cookie": f"normviz_route={route}"}
        )
        with urllib.request.urlopen(request, timeout=10) as r:
            r.read()
        for _ in range(50):  # nginx writes the line as the request ends
            for line in reversed(self.access_log.read_text().splitlines()):
                if f"route={route} " in line and "/_stcore/health" in line:
                    return int(line.split("upstream=")[1].split()[0].rstrip(",").split(", ")[-1].rsplit(":", 1)[1])
            time.sleep(0.1)
        raise ServerError(f"no access log line for route {route!r}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m deploy.fleet", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--replicas", type=int, default=os.cpu_count() or 1, help="app processes (default: one per core)"
    )
    parser.add_argument("--port", type=int, default=8501, help="nginx's port (default 8501)")
    parser.add_argument(
        "--host", default="127.0.0.1", help="nginx's address (default 127.0.0.1; 0.0.0.0 for a classroom network)"
    )
    parser.add_argument("--workdir", type=Path, help="nginx's config, pid, logs (default: a temporary folder)")
    parser.add_argument(
        "--frame-ancestors",
        default="",
        metavar="ORIGINS",
        help="origins besides this site's own that may frame the app, space-separated (a school's learning "
        "platform: 'https://lms.example.edu'); default: none",
    )
    args = parser.parse_args(argv)
    if args.replicas < 1:
        parser.error("--replicas takes 1 or more")
    try:
        frame_ancestors(args.frame_ancestors)
    except ValueError as exc:
        parser.error(str(exc).replace("frame_ancestors:", "--frame-ancestors:"))
    logging.basicConfig(level=logging.INFO, format="normviz: %(message)s", stream=sys.stderr)
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="normviz-fleet-"))
    fleet = Fleet(args.replicas, args.port, workdir, host=args.host, frame_origins=args.frame_ancestors)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        fleet.start()
        ports = ", ".join(str(r.port) for r in fleet.replicas)
        print(
            f"normviz: {len(fleet.replicas)} replicas (127.0.0.1: {ports}) behind nginx on "
            f"http://{args.host}:{args.port}  (logs: {workdir}; Ctrl-C stops all)",
            flush=True,
        )
        fleet.supervise(threading.Event())  # until Ctrl-C or SIGTERM
        return 0
    except ServerError as exc:
        print(f"normviz: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        fleet.stop()


if __name__ == "__main__":
    sys.exit(main())
