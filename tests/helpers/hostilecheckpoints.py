"""Test helpers: the hostile files of issue #23, made here (none is committed), and the two yardsticks of what
a file may cost the server: its memory (``rss_mib``) and the interpreter lock (``LockWatch``).

The issue's probe pinned a replica with a valid 12.6 MB safetensors file of 110 000 one-element tensors named
``model.layers.N.input_layernorm.weight``; its other files claim a tensor of 10¹⁵ elements, a header 2⁶³
bytes long, and JSON nested 100 000 deep. ``metadata_flood`` is one that no limit on what a file declares
stops: a valid file of one tensor whose costly part is its header's metadata.
"""

from __future__ import annotations

import contextlib
import gc
import json
import struct
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np


def safetensors_bytes(header: dict | bytes, data: bytes = b"") -> bytes:
    """A safetensors file: the header's length (8 bytes, little-endian), the header, the data."""
    raw = header if isinstance(header, bytes) else json.dumps(header, separators=(",", ":")).encode()
    return struct.pack("<Q", len(raw)) + raw + data


def many_tensors(count: int = 110_000) -> bytes:
    """``count`` one-element float32 tensors (1.0) named ``model.layers.<i>.input_layernorm.weight``: 12.6 MB at
    110 000, the issue's file."""
    header = {
        f"model.layers.{i}.input_layernorm.weight": {"dtype": "F32", "shape": [1], "data_offsets": [4 * i, 4 * i + 4]}
        for i in range(count)
    }
    return safetensors_bytes(header, np.ones(count, "<f4").tobytes())


def claims_a_huge_tensor() -> bytes:
    """A header whose one tensor claims 10¹⁵ elements (4 PB of float32) over the 4 bytes the file has."""
    return safetensors_bytes(
        {"model.norm.weight": {"dtype": "F32", "shape": [10**15], "data_offsets": [0, 4]}}, b"\0\0\x80\x3f"
    )


def claims_a_huge_header() -> bytes:
    """A header length of 2⁶³ bytes in front of a short header."""
    return struct.pack("<Q", 2**63) + b'{"model.norm.weight": {}}'


def deep_nesting(depth: int = 100_000) -> bytes:
    """A header of JSON arrays nested ``depth`` deep (Python's parser stops at about 1000)."""
    return safetensors_bytes(b'{"a":' + b"[" * depth + b"]" * depth + b"}")


def metadata_flood(entries: int = 1_200_000) -> bytes:
    """A valid file (12.6 MB) of one γ (``model.norm.weight``, 1.0) whose header's ``__metadata__`` holds
    ``entries`` short strings: it declares one tensor, and parsing its header in this process held the
    interpreter lock 0.6 s and kept 49 MiB at 700 000 entries."""
    header = {
        "__metadata__": {f"{i:x}": "" for i in range(entries)},
        "model.norm.weight": {"dtype": "F32", "shape": [1], "data_offsets": [0, 4]},
    }
    return safetensors_bytes(header, np.ones(1, "<f4").tobytes())


# name -> (the file's maker, the refusal's code)
HOSTILE = {
    "110000_tensors": (many_tensors, "too_many_tensors"),
    "huge_tensor": (claims_a_huge_tensor, "not_a_checkpoint"),
    "huge_header": (claims_a_huge_header, "truncated"),
    "deep_json": (deep_nesting, "not_a_checkpoint"),
}


def rss_mib() -> float:
    """This process's resident memory, MiB (/proc/self/statm)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 2**20


@dataclass
class LockWatch:
    """A thread that does a server's small piece of Python work over and over (``step_s`` of it, then a
    millisecond's sleep) while the ``with`` body runs; ``longest`` is the longest time from the end of one piece
    to the end of the next, waiting for the interpreter lock included. Alone that is ``step_s`` and a
    millisecond; beside a thread that computes in Python about twice ``step_s`` (the lock changes hands every
    5 ms); beside one that holds the lock in a long C call (the JSON parse of a 12 MB header: 0.6 s), as long as
    that call. It is what another session's move waits.

    On a busy machine the operating system also makes the thread wait, for reasons not this process's: ``held``
    is the longest wait counted only while this process's other threads were running (their CPU time in the
    wait, ``process_time`` less this thread's own), what the lock cost and no more. A C call that holds the lock
    runs all along, so ``held`` is as long as the call; a process descheduled for 0.2 s runs nothing, so it
    adds nothing."""

    step_s: float = 0.005
    longest: float = 0.0
    held: float = 0.0
    pieces: int = 0

    def _run(self) -> None:
        last, last_others = time.perf_counter(), time.process_time() - time.thread_time()
        while not self._stop.is_set():
            start = time.perf_counter()
            while time.perf_counter() - start < self.step_s:
                sum(range(200))
            time.sleep(0.001)  # the lock goes to another thread, and must be had back
            now, others = time.perf_counter(), time.process_time() - time.thread_time()
            self.longest = max(self.longest, now - last)
            self.held = max(self.held, min(now - last, others - last_others))
            self.pieces += 1
            last, last_others = now, others

    def __enter__(self) -> LockWatch:
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="lock-watch", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()


@dataclass
class Cost:
    """What a piece of work cost this process (``costs``)."""

    seconds: float = 0.0
    memory_mib: float = 0.0  # resident memory kept, after a collection
    lock_s: float = 0.0  # the longest another thread waited for the lock (``LockWatch.held``)


@contextlib.contextmanager
def costs() -> Iterator[Cost]:
    """The ``with`` body's cost: its seconds, the resident memory this process keeps after it, and the longest
    wait of a thread doing small pieces of Python work beside it (another session's moves)."""
    cost = Cost()
    gc.collect()
    before = rss_mib()
    with LockWatch() as watch:
        start = time.perf_counter()
        try:
            yield cost
        finally:
            cost.seconds = time.perf_counter() - start
    gc.collect()
    cost.memory_mib, cost.lock_s = rss_mib() - before, watch.held


def modules_after_inspecting(data: bytes) -> list[str]:
    """For a worker (``normviz._isolated.call``): inspect ``data`` there, say which modules that loaded."""
    import sys

    from normviz import checkpoint

    checkpoint.inspect_file(data)
    return sorted(sys.modules)


def children() -> list[int]:
    """The processes whose parent is this one, zombies included (/proc)."""
    import os

    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == os.getpid():
                found.append(int(entry))
    return found


def shared_dict_bomb(branching: int = 10, depth: int = 15, *, legacy: bool = True) -> bytes:
    """A torch file (legacy pickle by default) of a few hundred bytes: ``depth`` levels of dicts, each level's
    ``branching`` keys all pointing to the one dict below (pickle's memo stores it once), a tensor at the
    bottom. ``torch.load(weights_only=True)`` accepts it (only dicts and a tensor); walking it by name meets
    ``branching ** depth`` paths to that one tensor (10¹⁵ by default): a billion-laughs for CPU time."""
    import io

    import torch

    node: dict = {"hidden_states": torch.ones(2, 4)}
    for _ in range(depth):
        node = {f"k{i}": node for i in range(branching)}
    buf = io.BytesIO()
    torch.save(node, buf, _use_new_zipfile_serialization=not legacy)
    return buf.getvalue()


def npy_header_only(shape: tuple[int, ...], dtype: str = "<f4", data: bytes = b"") -> bytes:
    """A .npy (format 1.0) whose header declares ``shape`` and ``dtype``, followed by ``data`` (however long)."""
    import io

    buf = io.BytesIO()
    np.lib.format.write_array_header_1_0(buf, {"descr": dtype, "fortran_order": False, "shape": tuple(shape)})
    return buf.getvalue() + data
