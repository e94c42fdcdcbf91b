"""The server process's cyclic garbage collector, set up once, at the first script run.

Python's collector scans every tracked object of a generation when it runs. A server holds some
400 000 of them after a class has visited every page (Streamlit's, plotly's and numpy's modules, the
sessions, the figure caches): each full (generation 2) collection paused every session for about
110 ms, and collecting took about a fifth of the server's CPU under load (20 sessions, every page).
Two changes:

* ``gc.freeze()`` at the first run moves what exists then (about 100 000 objects, nearly all from the
  imports, which live as long as the process) out of the collector's sight. Only what exists at that
  moment is exempt: a cycle in it that later becomes garbage stays (at most the first visitor's
  session, once), and everything made afterwards is collected as before.
* A young generation of 10 000 allocations (Python's default is 700) and a middle one collected
  every 50 young collections (default 10): cycles are looked for less often, in larger sweeps.

Measured with the same load: the collector's time 1063 -> 380 ms, full collections 7 -> 2. Seven
rounds of 20 sessions on fresh servers, every page, without and with this (the order alternated): the
slowest move 286 -> 205 ms and p95 70 -> 60 ms (means), for about 6 % more server CPU per move
(24.9 -> 26.3 ms), the price of the larger young generation. The pauses are what a class notices.
"""

from __future__ import annotations

import gc
import threading

THRESHOLDS = (10_000, 50, 10)  # gc.set_threshold(young, middle, old)

_done = False
_lock = threading.Lock()


def set_up() -> bool:
    """Freeze what exists now and set ``THRESHOLDS``, once per process; True in the call that did it."""
    global _done
    if _done:
        return False
    with _lock:
        if _done:
            return False
        gc.collect()  # what is garbage already is freed, not frozen
        gc.freeze()
        gc.set_threshold(*THRESHOLDS)
        _done = True
    return True
