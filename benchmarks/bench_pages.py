"""Rerun time and figure size of every page, unchanged and moved (prints a table; asserts nothing).

Each page runs through app.py under Streamlit's AppTest. "script" is the time
Streamlit spends executing app.py + the page in its script thread (what a
server spends per rerun, before sending); "trip" adds AppTest's own polling
overhead. Medians over --repeats reruns, after a first (cold) run:

- unchanged: the same widget values again, which mostly measures the caches;
- moved: each rerun moves the page's first slider (else its first number
  input) to a fresh random value, one this run has not sent the page before,
  as a student's drag does; the same control benchmarks/load.py moves.
  A page without such a control shows "-".

    .venv/bin/python benchmarks/bench_pages.py [--repeats 15] [PAGE ...]
"""

from __future__ import annotations

import argparse
import logging
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from streamlit.runtime.scriptrunner import script_runner
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: benchmarks/ is sys.path[0]
    sys.path.insert(0, str(ROOT))

from benchmarks.load import Control, FreshValues, choose_controls  # noqa: E402

_script_times: list[float] = []
_exec = script_runner.exec_func_with_error_handling


def _timed_exec(func, ctx):
    start = time.perf_counter()
    try:
        return _exec(func, ctx)
    finally:
        _script_times.append(time.perf_counter() - start)


script_runner.exec_func_with_error_handling = _timed_exec
# AppTest reads widget values from outside a script thread and Streamlit warns each time (a filter,
# not a level: Streamlit resets its loggers' levels). Keep the table readable.
logging.getLogger("streamlit.runtime.scriptrunner_utils.script_run_context").addFilter(
    lambda record: "missing ScriptRunContext" not in record.getMessage()
)


class PageError(Exception):
    """The page showed an exception."""


@dataclass
class Row:
    cold: float  # s, script
    same_script: float  # s, medians
    same_trip: float
    moved_script: float | None
    moved_trip: float | None
    control: str
    size: int  # bytes of figure JSON after the last rerun


def first_control(at: AppTest) -> Control | None:
    """The page's first enabled slider, else its first number input (main area, not the sidebar)."""
    found = [Control.from_element(w.type, w.proto, "") for w in (*at.main.slider, *at.main.number_input)]
    chain = choose_controls([c for c in found if c is not None])
    return chain[0] if chain else None


def timed_run(at: AppTest) -> tuple[float, float]:
    """(script s, round trip s) of one rerun."""
    _script_times.clear()
    start = time.perf_counter()
    at.run()
    trip = time.perf_counter() - start
    if at.exception:
        raise PageError(at.exception[0].value)
    return sum(_script_times), trip


def measure(page: str, repeats: int, lang: str = "en") -> Row:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["lang"] = lang
    at.switch_page(f"pages/{page}.py")
    cold, _ = timed_run(at)
    same = [timed_run(at) for _ in range(repeats)]
    control, moved = first_control(at), []
    fresh, rng = FreshValues(), random.Random(0)
    for _ in range(repeats if control else 0):
        # found by key too: a keyed widget whose bounds a move changed is the same control under a new id, and
        # the next value is drawn within its bounds now
        key = control.key
        widget = next(
            (w for w in (*at.main.slider, *at.main.number_input) if w.id == control.id or (w.key and w.key == key)),
            None,
        )
        if widget is None:  # the move took the control away
            break
        control = Control.from_element(widget.type, widget.proto, "") or control
        values, _, ok = fresh.move(page, [control], rng)
        if not ok:  # every value of the control has been sent once
            break
        widget.set_value(values[control.id])
        moved.append(timed_run(at))
    # what a rerun sends of its figures: the figure component's and the live chart's data (figure, scene), and
    # st.plotly_chart's specs where the component is unavailable
    size = sum(len(c.proto.spec.encode()) for c in at.get("plotly_chart"))
    size += sum(len(c.proto.json.encode()) for c in at.get("bidi_component"))
    return Row(
        cold,
        median(same, 0),
        median(same, 1),
        median(moved, 0),
        median(moved, 1),
        control.key if control else "-",
        size,
    )


def median(runs: list[tuple[float, float]], column: int) -> float | None:
    return statistics.median(r[column] for r in runs) if runs else None


def ms(seconds: float | None, width: int) -> str:
    return f"{'-':>{width}}" if seconds is None else f"{seconds * 1e3:>{width - 3}.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15, help="reruns of each kind per page (default 15)")
    parser.add_argument("pages", nargs="*", help="page names (default: every file in pages/)")
    args = parser.parse_args()
    pages = args.pages or sorted(p.stem for p in (ROOT / "pages").glob("*.py"))
    print(f"{'':<12}{'cold':>10}{'---- unchanged ----':>24}{'------ moved ------':>24}{'figure':>12}")
    print(f"{'page':<12}{'script':>10}{'script':>12}{'trip':>12}{'script':>12}{'trip':>12}{'JSON':>12}  moved control")
    for page in pages:
        try:
            r = measure(page, args.repeats)
        except PageError as exc:
            print(f"{page:<12}  raised: {exc}")
            continue
        print(
            f"{page:<12}{ms(r.cold, 10)}{ms(r.same_script, 12)}{ms(r.same_trip, 12)}{ms(r.moved_script, 12)}"
            f"{ms(r.moved_trip, 12)}{r.size / 1024:>8.1f} KiB  {r.control}"
        )
        sys.stdout.flush()


if __name__ == "__main__":
    main()
