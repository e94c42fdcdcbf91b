"""The pages' cache: ``@cached(max_entries)`` memoizes a pure function of hashable arguments for every
session of this process.

It does ``st.cache_data``'s job for less than that costs. Streamlit hashes each argument through its own
hasher (a frozen dataclass through pickle: ~1 ms) and pickles the value in and out, so under load a hit on
the plane's figure cost 0.97 ms against 0.69 ms to build it afresh, and its hashing was ~10 % of the
server's samples during a move. Here the key is Python's own hash of the arguments (frozen dataclasses,
tuples, strings, numbers; an unhashable argument is a ``TypeError`` naming the function), and a hit
returns the stored value itself: callers treat it as read-only (the figure builders return new dicts,
and ``typed_arrays`` and the live chart's payload copy as they convert; ``tests/test_cache.py`` holds the
plane's figure to that). ``st.cache_resource`` stays where an argument must not be a key (an upload's
bytes, keyed by their SHA-256: ``ui.checkpoint.read_upload``).
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict


def cached(max_entries: int):
    """Memoize ``func(*args, **kwargs)`` on its arguments, the ``max_entries`` most recently used kept."""
    if not (isinstance(max_entries, int) and max_entries > 0):
        raise ValueError(f"max_entries must be a positive int; got {max_entries!r}")

    def decorate(func):
        store: OrderedDict = OrderedDict()
        lock = threading.Lock()
        name = f"{func.__module__}.{func.__qualname__}"

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
            try:
                with lock:
                    value = store[key]
                    store.move_to_end(key)
                    return value
            except KeyError:
                pass
            except TypeError as err:
                raise TypeError(f"{name}: cached arguments must be hashable ({err})") from None
            value = func(*args, **kwargs)  # outside the lock: two sessions may both compute a new key once
            with lock:
                store[key] = value
                while len(store) > max_entries:
                    store.popitem(last=False)
            return value

        wrapper.clear = store.clear
        return wrapper

    return decorate
