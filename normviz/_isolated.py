"""One call of a normviz function in a fresh interpreter, with limits on its time and memory.

Reading an uploaded file means parsing bytes a stranger chose. Done in the server, a hostile file held the
interpreter lock (every session of the process waited) and memory the process kept. Here the parent writes
the call to a child's stdin and waits on its pipes, the lock released; the child (``python -m
normviz._isolated``: numpy and the target's module, never Streamlit) imports what it is told to, then limits
itself before it runs the call: CPU seconds (``RLIMIT_CPU``), wall-clock seconds (``ITIMER_REAL``: an
unhandled SIGALRM ends it, whatever it is doing) and address space (``RLIMIT_AS``, what it had plus a
budget). Its answer is a pickle that the parent loads with only the classes the caller allows, so a child
that a file had subverted could not run code in the parent either. The parent kills a child that is not done
after its wall-clock limit plus the time its imports may take.

A fresh interpreter per call, not a pool: nothing stays alive between calls (no process to reap, no memory
held), and a start (~0.3 s, torch's import excepted) is paid once per new file, which the page caches.
"""

from __future__ import annotations

import importlib
import io
import math
import os
import pickle
import resource
import signal
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]  # the folder holding the normviz package
SLOTS = threading.BoundedSemaphore(2)  # children at once per server process; others wait, the lock released
STARTUP_S = 60.0  # how long the child's own imports may take (torch's, cold, on a busy machine) before limits
TIME_SIGNALS = (signal.SIGXCPU, signal.SIGALRM, signal.SIGKILL)
MEMORY_SIGNALS = (signal.SIGABRT, signal.SIGSEGV, signal.SIGBUS)  # native code whose allocation failed
# What any answer may hold besides the caller's classes: plain containers and numpy arrays.
BASIC = frozenset(
    {
        ("builtins", "tuple"),
        ("builtins", "list"),
        ("builtins", "dict"),
        ("builtins", "set"),
        ("builtins", "frozenset"),
        ("builtins", "bytearray"),
        ("numpy", "ndarray"),
        ("numpy", "dtype"),
        ("numpy._core.multiarray", "_reconstruct"),
        ("numpy._core.multiarray", "scalar"),
        ("numpy._core.numeric", "_frombuffer"),
    }
)


class LimitExceeded(Exception):
    """The child ran out of time or memory: ``which`` is "time" or "memory"."""

    def __init__(self, which: str):
        super().__init__(f"the worker process ran out of {which}")
        self.which = which


class Failed(RuntimeError):
    """The child ended without an answer for another reason, or raised: the message says how."""


class _Answer(pickle.Unpickler):
    def __init__(self, data: bytes, allowed: frozenset[tuple[str, str]]):
        super().__init__(io.BytesIO(data))
        self.allowed = allowed | BASIC

    def find_class(self, module: str, name: str):
        if (module, name) not in self.allowed:
            raise Failed(f"the worker's answer holds {module}.{name}, which is not allowed")
        return super().find_class(module, name)


def call(
    target: str,
    *args,
    wall_s: float,
    cpu_s: float,
    memory_bytes: int,
    preload: tuple[str, ...] = (),
    allowed: frozenset[tuple[str, str]] = frozenset(),
    **kwargs,
):
    """``module:function(*args, **kwargs)`` run in a child process; its return value.

    The child imports ``module`` and ``preload`` first, then gets ``cpu_s`` CPU seconds, ``wall_s`` seconds and
    ``memory_bytes`` of address space beyond what those imports took. Raises ``LimitExceeded`` when it runs
    out of time or memory (a ``MemoryError`` in it, or an allocation failure in native code), ``Failed`` when it
    raised anything else or ended otherwise. Arguments must be picklable; the answer may hold only plain
    containers, numbers, strings, numpy arrays and the ``(module, name)`` classes in ``allowed``.
    """
    request = pickle.dumps((target, args, kwargs, tuple(preload), wall_s, cpu_s, memory_bytes), protocol=5)
    threads = dict.fromkeys(("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"), "1")
    with SLOTS:
        child = subprocess.Popen(
            [sys.executable, "-m", "normviz._isolated"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,  # -m finds this normviz first
            env={**os.environ, **threads},
        )
        try:
            out, err = child.communicate(request, timeout=STARTUP_S + wall_s)
        except subprocess.TimeoutExpired:
            raise LimitExceeded("time") from None
        finally:
            if child.poll() is None:
                child.kill()
                child.communicate()
    del request
    if child.returncode < 0:
        if -child.returncode in TIME_SIGNALS:
            raise LimitExceeded("time")
        if -child.returncode in MEMORY_SIGNALS:
            raise LimitExceeded("memory")
    if child.returncode != 0 or not out:
        tail = err.decode(errors="replace").strip().splitlines()[-1:] or ["no output"]
        raise Failed(f"the worker process ended with status {child.returncode}: {tail[0][:300]}")
    status, value = _Answer(out, allowed).load()
    if status == "memory":
        raise LimitExceeded("memory")
    if status != "ok":
        raise Failed(value)
    return value


def read_file(
    target: str,
    *args,
    error: type,
    unreadable: str,
    time_limit_s: float,
    memory_limit: int,
    preload: tuple[str, ...] = (),
    allowed: frozenset[tuple[str, str]] = frozenset(),
):
    """``call`` for a reader of files from strangers (the checkpoint and hidden-state uploads): ``target``
    returns its answer, or ``(code, message, values)`` for a refusal, which is raised here as
    ``error(code, message, **values)``. Running out of time or memory is ``error`` "time_limit" (limit in s)
    or "memory_limit" (limit in MiB); a worker that fails otherwise is ``error(unreadable, ...)``."""
    try:
        outcome = call(
            target, *args, wall_s=2 * time_limit_s, cpu_s=time_limit_s, memory_bytes=memory_limit,
            preload=preload, allowed=allowed,
        )  # fmt: skip
    except LimitExceeded as exc:
        if exc.which == "time":
            raise error(
                "time_limit", f"reading the file took more than {time_limit_s:g} s; it was stopped", limit=time_limit_s
            ) from None
        mib = memory_limit // 2**20
        raise error(
            "memory_limit", f"reading the file needed more than {mib} MiB of memory; it was stopped", limit=mib
        ) from None
    except Failed as exc:
        raise error(unreadable, f"the file could not be read ({exc})") from None
    if isinstance(outcome, tuple):
        code, message, values = outcome
        raise error(code, message, **values)
    return outcome


def _lower(which: int, soft: int, hard: int) -> None:
    """Set a limit no higher than the one this process was given (a container's, say)."""
    given = resource.getrlimit(which)[1]
    if given != resource.RLIM_INFINITY:
        soft, hard = min(soft, given), min(hard, given)
    resource.setrlimit(which, (soft, hard))


def _limit(wall_s: float, cpu_s: float, memory_bytes: int) -> None:
    """From now on: ``cpu_s`` more CPU seconds, ``wall_s`` seconds, ``memory_bytes`` more address space."""
    for sig in (signal.SIGXCPU, signal.SIGALRM):  # an ignored signal stays ignored through exec: not these
        signal.signal(sig, signal.SIG_DFL)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu = math.ceil(usage.ru_utime + usage.ru_stime + cpu_s)  # whole seconds: SIGXCPU at the soft limit
    _lower(resource.RLIMIT_CPU, cpu, cpu + 1)  # SIGKILL at the hard one
    with open("/proc/self/statm") as f:
        mapped = int(f.read().split()[0]) * resource.getpagesize()
    _lower(resource.RLIMIT_AS, mapped + memory_bytes, mapped + memory_bytes)
    signal.setitimer(signal.ITIMER_REAL, wall_s)  # SIGALRM has no handler here: the kernel ends the process


def _main() -> None:
    answer = sys.stdout.buffer
    sys.stdout = sys.stderr  # whatever the call prints stays out of the answer
    target, args, kwargs, preload, wall_s, cpu_s, memory_bytes = pickle.load(sys.stdin.buffer)
    module, _, name = target.partition(":")
    function = getattr(importlib.import_module(module), name)
    for extra in preload:
        importlib.import_module(extra)
    _limit(wall_s, cpu_s, memory_bytes)
    try:
        result = ("ok", function(*args, **kwargs))
        del args, kwargs
        payload = pickle.dumps(result, protocol=5)
    except MemoryError:
        payload = pickle.dumps(("memory", None))
    except Exception as exc:  # the parent hears what it was
        payload = pickle.dumps(("error", f"{type(exc).__name__}: {exc}"[:1000]))
    answer.write(payload)
    answer.flush()


if __name__ == "__main__":
    _main()
