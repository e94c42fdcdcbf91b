"""The pages' cache (normviz.ui.kit.cache): memoized on the arguments, LRU, shared values that the pages
leave as they found them, and the only cache the pages use."""

import copy
import re
import threading
from pathlib import Path

import pytest

from normviz import _xp, geometry
from normviz.figures import projection as engine
from normviz.i18n import Translator
from normviz.ui import projection
from normviz.ui.kit import cache
from normviz.ui.kit.cache import cached, footprint
from tests.helpers.pages import errors, run_page


def counted(max_entries=3):
    calls = []

    @cached(max_entries)
    def square(x, *, plus=0):
        calls.append((x, plus))
        return {"value": x * x + plus}

    return square, calls


def test_a_hit_returns_the_stored_value_without_calling_again():
    square, calls = counted()
    first = square(3)
    assert square(3) is first and calls == [(3, 0)]
    assert square(3, plus=1) == {"value": 10} and square(3, plus=1) is square(3, plus=1)
    assert calls == [(3, 0), (3, 1)]


def test_the_least_recently_used_entry_goes_first():
    square, calls = counted(max_entries=2)
    square(1), square(2), square(1), square(3)  # 2 is the least recently used when 3 arrives
    calls.clear()
    square(1), square(3)
    assert calls == []
    square(2)
    assert calls == [(2, 0)]


def test_an_unhashable_argument_is_a_type_error_naming_the_function():
    square, _ = counted()
    with pytest.raises(TypeError, match=r"counted\.<locals>\.square: cached arguments must be hashable"):
        square([1, 2])


@pytest.mark.parametrize("bad", [0, -1, 2.5, None])
def test_max_entries_must_be_a_positive_int(bad):
    with pytest.raises(ValueError, match="max_entries"):
        cached(bad)


def test_footprint_counts_buffers_text_and_what_holds_them_once():
    import dataclasses

    import numpy as np

    @dataclasses.dataclass(frozen=True)
    class Result:
        y: np.ndarray
        label: str

    big = np.zeros(100_000)  # 800 000 bytes
    assert 800_000 < footprint(big) < 801_000
    assert 1_000_000 < footprint("x" * 1_000_000) < 1_001_000
    one = footprint(Result(big, "y"))
    assert 800_000 < one < 802_000
    assert footprint({"a": Result(big, "y"), "b": [big, big]}) < one + 2_000  # the same buffer once
    assert footprint({"a": big, "b": np.ones(100_000)}) > 1_600_000


def test_footprint_counts_a_figures_coordinates_and_text_inside_its_lists_and_dicts():
    import sys

    coordinates = [float(i) + 0.5 for i in range(10_000)]  # 10 000 float objects of 24 bytes, and the list
    figure = {"data": [{"x": coordinates, "text": [f"point {i}" for i in range(1_000)]}], "layout": {"title": "t"}}
    floats = 10_000 * sys.getsizeof(0.5) + sys.getsizeof(coordinates)
    text = sum(sys.getsizeof(f"point {i}") for i in range(1_000))
    assert floats + text < footprint(figure) < floats + text + 20_000
    assert footprint({"deep": [[1.5, 2.5], ("a", None, True)]}) > 2 * sys.getsizeof(1.5) + sys.getsizeof("a")


def test_past_the_budget_the_least_recently_used_entry_of_any_cache_goes(monkeypatch):
    import numpy as np

    monkeypatch.setattr(cache, "BUDGET_BYTES", 3_500_000)  # three entries of 1 MB
    calls = []

    def counting(name):
        @cached(100)
        def make(i):
            calls.append((name, i))
            return np.zeros(125_000)  # 1 000 000 bytes

        return make

    first, second = counting("first"), counting("second")
    first(1), second(1), first(2), first(1), second(2)  # 4 MB: second(1), the least recently used, goes
    calls.clear()
    first(1), first(2), second(2)
    assert calls == []
    second(1)
    assert calls == [("second", 1)]


def test_an_entry_larger_than_the_budget_stays_until_the_next_one(monkeypatch):
    import numpy as np

    monkeypatch.setattr(cache, "BUDGET_BYTES", 100_000)
    calls = []

    @cached(10)
    def make(i):
        calls.append(i)
        return np.zeros(50_000)  # 400 000 bytes

    a = make(1)
    assert make(1) is a and calls == [1]  # the run that made it reads it again
    make(2)
    make(1)
    assert calls == [1, 2, 1]


def test_clear_gives_its_bytes_back():
    import numpy as np

    @cached(10)
    def make(i):
        return np.zeros(125_000)

    make(1), make(2)
    held = cache.held_bytes()
    make.clear()
    assert 2_000_000 <= held - cache.held_bytes() < 2_001_000


def test_threads_share_one_store():
    square, calls = counted()
    square(7)
    threads = [threading.Thread(target=square, args=(7,)) for _ in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert calls == [(7, 0)]


def test_the_plane_leaves_its_cached_figure_as_it_found_it():
    """A hit is the stored object itself: a page that changed it would change every later session's figure."""
    scene = geometry.Scene(x=(3.0, 4.0), eps=None, gamma=(1.0, 1.0), beta=(0.0, 0.0), shown=frozenset(geometry.METHODS))
    t = Translator("en")
    extent = engine.fit_extent(scene)
    view = engine.View(extent=extent, camera="oblique", surfaces=engine.SURFACES, speed="normal")
    stored = projection.figure(scene, _xp.resolve_backend("numpy"), "plane", t, False, view)
    before = copy.deepcopy(stored)
    for _ in range(2):
        at = run_page("plane", lang="en", backend="numpy")
        assert errors(at) == []
    assert projection.figure(scene, _xp.resolve_backend("numpy"), "plane", t, False, view) is stored
    assert repr(stored) == repr(before)


def test_the_pages_cache_only_through_kit_cache():
    """One home: st.cache_data hashes through pickle and copies each hit (see normviz.ui.kit.cache)."""
    root = Path(__file__).resolve().parents[1]
    users = [
        str(p.relative_to(root))
        for p in sorted([*(root / "normviz").rglob("*.py"), *(root / "pages").glob("*.py"), root / "app.py"])
        if re.search(r"st\.cache_data\b|@cache_data\b", p.read_text(encoding="utf-8")) and p.name != "cache.py"
    ]
    assert users == []
