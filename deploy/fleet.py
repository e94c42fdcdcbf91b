"""``make serve``: N normviz replicas on loopback ports behind nginx, one browser per replica.

One Streamlit process runs every session's script under one interpreter lock, so
it uses about one core however many students connect. The fleet runs one
process per core and lets nginx (Debian's package) spread the browsers:

    python -m deploy.fleet                       # one replica per core, nginx on :8501
    python -m deploy.fleet --replicas 2 --port 8080

Each replica is ``streamlit run app.py`` on 127.0.0.1 (``deploy/replica.py``);
nginx's configuration is ``deploy/nginx/normviz.conf.template`` filled in here
and written, with nginx's pid, logs and temp files, under ``--workdir``. Ctrl-C
(or SIGTERM) stops nginx and every replica.
"""

from __future__ import annotations

import argparse
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

if __package__ in (None, ""):  # run as a file: the repository root on the path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from deploy.replica import ROOT, AppServer, ServerError, free_port, healthy  # noqa: E402

TEMPLATE = ROOT / "deploy" / "nginx" / "normviz.conf.template"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"  # /usr/sbin is not on every user's PATH
MIME_TYPES = "/etc/nginx/mime.types"
MAX_BODY = "20m"  # a little above .streamlit/config.toml's maxUploadSize (16 MB)
START_TIMEOUT_S = 120


def nginx_config(*, listen: str, replica_ports: list[int], prefix: Path, user: str | None = None) -> str:
    """The template with this fleet's listen address, replicas and runtime folder filled in."""
    servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=10s;" for p in replica_ports)
    values = {
        "@USER@": f"user {user};" if user else "",
        "@PREFIX@": str(prefix),
        "@MIME_TYPES@": MIME_TYPES,
        "@SERVERS@": servers,
        "@LISTEN@": listen,
        "@MAX_BODY@": MAX_BODY,
    }
    text = TEMPLATE.read_text()
    for name, value in values.items():
        text = text.replace(name, value)
    return text


class Fleet:
    """nginx on ``127.0.0.1:port`` in front of ``replicas`` app processes on free loopback ports."""

    def __init__(self, replicas: int, port: int, workdir: Path, *, host: str = "127.0.0.1"):
        if replicas < 1:
            raise ValueError(f"replicas must be at least 1; got {replicas}")
        self.port, self.workdir, self.host = port, Path(workdir), host
        self.base_url = f"http://127.0.0.1:{port}"
        self.ws_url = f"ws://127.0.0.1:{port}/_stcore/stream"
        self.replicas = [
            AppServer(ROOT / "app.py", free_port(), self.workdir / f"replica-{i}.log") for i in range(replicas)
        ]
        self.nginx: subprocess.Popen | None = None

    @property
    def access_log(self) -> Path:
        return self.workdir / "access.log"

    def start(self, timeout: float = START_TIMEOUT_S) -> None:
        """Start the replicas (healthy on /_stcore/health), then nginx; raise ServerError with the logs."""
        if not os.access(NGINX, os.X_OK):
            raise ServerError("nginx is not installed (Debian: apt-get install nginx; `make serve` does it)")
        for sub in ("tmp/body", "tmp/proxy", "tmp/fastcgi", "tmp/uwsgi", "tmp/scgi"):
            (self.workdir / sub).mkdir(parents=True, exist_ok=True)
        try:
            with ThreadPoolExecutor(len(self.replicas)) as pool:  # they import torch at the same time
                list(pool.map(lambda r: r.start(timeout), self.replicas))
            # As root, nginx hands its workers to `user`: keep them this user, who owns workdir.
            user = pwd.getpwuid(os.getuid()).pw_name if os.getuid() == 0 else None
            conf = self.workdir / "nginx.conf"
            conf.write_text(
                nginx_config(
                    listen=f"{self.host}:{self.port}",
                    replica_ports=[r.port for r in self.replicas],
                    prefix=self.workdir,
                    user=user,
                )
            )
            check = subprocess.run(
                [NGINX, "-t", "-p", str(self.workdir), "-c", str(conf)], capture_output=True, text=True
            )
            if check.returncode != 0:
                raise ServerError(f"nginx rejected {conf}:\n{check.stderr}")
            with open(self.workdir / "nginx.out", "ab") as out:
                self.nginx = subprocess.Popen(
                    [NGINX, "-p", str(self.workdir), "-c", str(conf), "-g", "daemon off;"],
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            deadline = time.monotonic() + 20
            while not healthy(f"{self.base_url}/_fleet/health") or not healthy(f"{self.base_url}/_stcore/health"):
                if self.nginx.poll() is not None or time.monotonic() > deadline:
                    raise ServerError(f"nginx did not come up:\n{(self.workdir / 'error.log').read_text()[-2000:]}")
                time.sleep(0.2)
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
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
    args = parser.parse_args(argv)
    if args.replicas < 1:
        parser.error("--replicas takes 1 or more")
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="normviz-fleet-"))
    fleet = Fleet(args.replicas, args.port, workdir, host=args.host)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        fleet.start()
        ports = ", ".join(str(r.port) for r in fleet.replicas)
        print(
            f"normviz: {len(fleet.replicas)} replicas (127.0.0.1: {ports}) behind nginx on "
            f"http://{args.host}:{args.port}  (logs: {workdir}; Ctrl-C stops all)",
            flush=True,
        )
        while all(r.alive() for r in fleet.replicas) and fleet.nginx.poll() is None:
            time.sleep(1)
        print("normviz: a replica or nginx exited; stopping the fleet", file=sys.stderr)
        return 1
    except ServerError as exc:
        print(f"normviz: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        fleet.stop()


if __name__ == "__main__":
    sys.exit(main())
