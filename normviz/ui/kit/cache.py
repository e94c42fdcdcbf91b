"""The pages' cache: ``@cached(max_entries)`` memoizes a pure function of hashable arguments for every
session of this process.

It does ``st.cache_data``'s job for less than that costs. Streamlit hashes each argument through its own
hasher (a frozen dataclass through pickle: ~1 ms) and pickles the value in and out, so under load a hit on
the plane's figure cost 0.97 ms against 0.69 ms to build it afresh, and its hashing was ~10 % of the
server's samples during a move. Here the key is Python's own hash of the arguments (frozen dataclasses,
tuples, strings, numbers; an unhashable argument is a ``TypeError`` naming the function), and a hit
returns the stored value itself: callers treat it as read-only (the figure builders return new dicts,
``typed_arrays`` and the live chart's payload copy as they convert, and a figure ``typed_arrays`` packed
already is only read; ``tests/test_cache.py`` holds the plane's figure to that). ``st.cache_resource`` stays
where an argument must not be a key (an upload's bytes, keyed by their SHA-256: ``ui.checkpoint.read_upload``).

All caches together hold at most ``BUDGET_BYTES`` (each entry's ``footprint``): past it the entries used
least recently, in any cache, go first. Counts alone let a class's fresh values fill every cache to its
count: after one minute of 100 sessions moving every page the caches held 197 MiB (85 MiB in precision's
``current``, 182 results of 0.47 MiB), and a server's memory per session grew with the lesson's length.
"""

from __future__ import annotations

import dataclasses
import functools
import sys
import threading
from collections import OrderedDict

import numpy as np

BUDGET_BYTES = 32 << 20  # every cache of the process together; a fleet holds one per replica

_LOCK = threading.Lock()  # the stores and the budget's books
_USED: OrderedDict = OrderedDict()  # (store, key) -> footprint, least recently used first
_STORES: dict[int, OrderedDict] = {}
_TOTAL = [0]
_ATOMS = frozenset({str, bytes, int, float, bool, complex, type(None)})  # nothing inside to follow


def footprint(value, _seen: set | None = None) -> int:
    """About how many bytes ``value`` holds: numpy buffers, text and bytes, and the containers and
    dataclasses around them (each container counted once; text and numbers each time they appear).

    Runs at every cache miss: a figure's hundreds of keys and coordinates are summed in C (``map``), not
    one Python call each (the plane's figure: 0.63 -> 0.47 ms)."""
    if type(value) in _ATOMS:
        return sys.getsizeof(value)
    seen = set() if _seen is None else _seen
    if id(value) in seen:
        return 0
    seen.add(id(value))
    if isinstance(value, np.ndarray):
        return value.nbytes + 112
    if isinstance(value, dict):
        size = sys.getsizeof(value) + sum(map(sys.getsizeof, value))  # keys: text, numbers, tuples
        if _ATOMS.issuperset(map(type, value.values())):
            return size + sum(map(sys.getsizeof, value.values()))
        return size + sum(footprint(v, seen) for v in value.values())
    if isinstance(value, (list, tuple, set, frozenset)):
        if _ATOMS.issuperset(map(type, value)):
            return sys.getsizeof(value) + sum(map(sys.getsizeof, value))
        return sys.getsizeof(value) + sum(footprint(v, seen) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return sys.getsizeof(value) + sum(footprint(getattr(value, f.name), seen) for f in dataclasses.fields(value))
    return sys.getsizeof(value)


def _forget(store_id: int, key) -> None:
    """Drop one entry from its store and the books (the lock held)."""
    _STORES[store_id].pop(key, None)
    _TOTAL[0] -= _USED.pop((store_id, key), 0)


def cached(max_entries: int):
    """Memoize ``func(*args, **kwargs)`` on its arguments, the ``max_entries`` most recently used kept
    (fewer where the caches together pass ``BUDGET_BYTES``)."""
    if not (isinstance(max_entries, int) and max_entries > 0):
        raise ValueError(f"max_entries must be a positive int; got {max_entries!r}")

    def decorate(func):
        store: OrderedDict = OrderedDict()
        store_id = id(store)
        _STORES[store_id] = store
        name = f"{func.__module__}.{func.__qualname__}"

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
            try:
                with _LOCK:
                    value = store[key]
                    store.move_to_end(key)
                    _USED.move_to_end((store_id, key))
                    return value
            except KeyError:
                pass
            except TypeError as err:
                raise TypeError(f"{name}: cached arguments must be hashable ({err})") from None
            value = func(*args, **kwargs)  # outside the lock: two sessions may both compute a new key once
            size = footprint(value)
            with _LOCK:
                _forget(store_id, key)
                store[key] = value
                _USED[(store_id, key)] = size
                _TOTAL[0] += size
                while len(store) > max_entries:
                    _forget(store_id, next(iter(store)))
                while _TOTAL[0] > BUDGET_BYTES and len(_USED) > 1:  # the newest stays: its run reads it again
                    _forget(*next(iter(_USED)))
            return value

        def clear() -> None:
            with _LOCK:
                for old in list(store):
                    _forget(store_id, old)

        wrapper.clear = clear
        return wrapper

    return decorate


def held_bytes() -> int:
    """The footprint of every cached value in the process."""
    return _TOTAL[0]
