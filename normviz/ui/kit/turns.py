"""Script runs take turns: at most ``SLOTS`` sessions run the app's code at once, the others wait in line.

Streamlit runs each session's script on its own thread, and all of them share one interpreter lock. Under
a class's load (one process, 200 sessions, a move every 2 s each, every page) a hundred threads were
runnable at once: each held the lock for its 5 ms switch interval and handed it on, every run stretched
over all the others, and the switching and the caches refilled for each thread cost CPU that did no
user's math. With two slots a run finishes before most others start (benchmarks/load.py, interleaved,
no line -> two slots): one process past its capacity (200 sessions) spent 19.1/20.4 -> 16.3/15.6 ms of
CPU per move and served 59.3/59.7 -> 72.0/76.5 reruns per second; the median wait fell (3.2 -> 2.3-2.4 s)
and the slowest twentieth rose (3.8-3.9 -> 4.4-4.8 s): past capacity a line is first come, first served
while shared time kept everyone equally late. Through the fleet of two at 200 sessions, p95
1411/2120/1456/826 -> 1174/417/385/747 ms. Two, not one (15.1 ms per move there): a long run (a large
upload's analysis) then holds one slot while the other keeps serving the class.

The line is first come, first served: a released slot is handed to the thread waiting longest
(``threading.Semaphore`` lets a newcomer take a freed slot before them: at 200 sessions its slowest move
took 10.3 s, this line's 7.7 and 7.9 s, one run each). A run nested in
another on the same thread (a fragment drawn by the page's full run) is inside its turn already.
``NORMVIZ_SCRIPT_SLOTS`` overrides ``SLOTS`` for a process (0: no line, every run at once, as Streamlit
does), for benchmarks.
"""

from __future__ import annotations

import os
import threading
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager

SLOTS = 2


class Line:
    """``slots`` turns at a time, handed out in the order they were asked for."""

    def __init__(self, slots: int):
        if not (isinstance(slots, int) and slots > 0):
            raise ValueError(f"slots must be a positive int; got {slots!r}")
        self._lock = threading.Lock()
        self._free = slots
        self._waiting: deque[threading.Lock] = deque()
        self._inside = threading.local()

    def _acquire(self) -> None:
        with self._lock:
            if self._free and not self._waiting:
                self._free -= 1
                return
            baton = threading.Lock()
            baton.acquire()
            self._waiting.append(baton)
        baton.acquire()  # released by _release, which hands this thread its slot

    def _release(self) -> None:
        with self._lock:
            if self._waiting:
                self._waiting.popleft().release()  # the slot passes on: it is never free in between
            else:
                self._free += 1

    @contextmanager
    def turn(self) -> Iterator[None]:
        """Wait for a slot, run the body, give the slot on (also when the body raises, as ``st.rerun`` does)."""
        if getattr(self._inside, "held", False):
            yield
            return
        self._acquire()
        self._inside.held = True
        try:
            yield
        finally:
            self._inside.held = False
            self._release()

    @property
    def waiting(self) -> int:
        return len(self._waiting)


def _slots_from_env() -> int:
    text = os.environ.get("NORMVIZ_SCRIPT_SLOTS", "")
    try:
        return int(text) if text.strip() else SLOTS
    except ValueError:
        raise ValueError(f"NORMVIZ_SCRIPT_SLOTS must be an integer; got {text!r}") from None


_SLOTS = _slots_from_env()
_LINE = Line(_SLOTS) if _SLOTS > 0 else None


@contextmanager
def script_turn() -> Iterator[None]:
    """The process's line: the body of every script run and fragment rerun goes through it."""
    if _LINE is None:
        yield
        return
    with _LINE.turn():
        yield
