"""A supervised fleet for a test: ``make serve``'s nginx and replicas, with Fleet.supervise in a thread."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path

from deploy.fleet import Fleet
from tests.helpers.appserver import free_port


@contextlib.contextmanager
def supervised_fleet(replicas: int, workdir: Path, **options) -> Iterator[Fleet]:
    """``replicas`` app processes behind nginx, supervised; everything stopped on the way out, failed or not."""
    fleet = Fleet(replicas, free_port(), workdir, **options)
    stop = threading.Event()
    supervisor = threading.Thread(target=fleet.supervise, args=(stop,), daemon=True)
    try:
        fleet.start()
        supervisor.start()
        yield fleet
    finally:
        stop.set()
        if supervisor.is_alive():
            supervisor.join(timeout=30)
        fleet.stop()
