"""Warm rerun time and figure size of every page (prints a table; asserts nothing).

Each page runs through app.py under Streamlit's AppTest. "script" is the time
Streamlit spends executing app.py + the page in its script thread (what a
server spends per rerun, before sending); "round trip" adds AppTest's own
polling overhead. Warm = after a first (cold) run has filled the caches.

    .venv/bin/python benchmarks/bench_pages.py [--repeats 15]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from streamlit.runtime.scriptrunner import script_runner
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[1]
_script_times: list[float] = []
_exec = script_runner.exec_func_with_error_handling


def _timed_exec(func, ctx):
    start = time.perf_counter()
    try:
        return _exec(func, ctx)
    finally:
        _script_times.append(time.perf_counter() - start)


script_runner.exec_func_with_error_handling = _timed_exec


def measure(page: str, repeats: int, lang: str = "en") -> tuple[float, float, float, int]:
    """(cold script s, warm script median s, warm round-trip median s, figure bytes)."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["lang"] = lang
    at.switch_page(f"pages/{page}.py")
    _script_times.clear()
    at.run()
    cold = sum(_script_times)
    if at.exception:
        raise SystemExit(f"{page}: {at.exception[0].value}")
    round_trips, scripts = [], []
    for _ in range(repeats):
        _script_times.clear()
        start = time.perf_counter()
        at.run()
        round_trips.append(time.perf_counter() - start)
        scripts.append(sum(_script_times))
    charts = at.get("plotly_chart")
    size = sum(len(c.proto.spec.encode()) for c in charts)
    return cold, statistics.median(scripts), statistics.median(round_trips), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("pages", nargs="*", help="page names (default: every file in pages/)")
    args = parser.parse_args()
    pages = args.pages or sorted(p.stem for p in (ROOT / "pages").glob("*.py"))
    print(f"{'page':<14}{'cold script':>12}{'warm script':>13}{'warm round trip':>17}{'figure JSON':>13}")
    for page in pages:
        cold, script, trip, size = measure(page, args.repeats)
        print(f"{page:<14}{cold * 1e3:>9.0f} ms{script * 1e3:>10.1f} ms{trip * 1e3:>14.1f} ms{size / 1024:>9.1f} KiB")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
