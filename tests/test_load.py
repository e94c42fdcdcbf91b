"""benchmarks/load.py: a short smoke run against a real server, and its fresh-value picker."""

from __future__ import annotations

import random
import re
import sys

from benchmarks import load
from tests.helpers.appserver import ROOT, run_harness

# A page with sliders, one with number inputs only, one with no numeric control (plain reruns), and one whose
# first slider drives the whole page below its title.
SMOKE = [
    "--sessions",
    "4",
    "--duration",
    "5",
    "--interval",
    "1",
    "--timeout",
    "30",
    "--pages",
    "plane",
    "dof",
    "overview",
    "gradient",
]


def summary_rows(report: str) -> list[dict[str, str]]:
    """The curve table at the end of load.py's report, one dict per row."""
    lines = report.splitlines()
    header = lines.index(load.summary_header())
    names = [name for name, _ in load.SUMMARY_COLUMNS]
    rows = [dict(zip(names, line.split(), strict=True)) for line in lines[header + 1 :] if line.strip()]
    assert rows, report
    return rows


def test_four_sessions_move_controls_without_errors():
    run = run_harness([sys.executable, str(ROOT / "benchmarks" / "load.py"), *SMOKE], cwd=ROOT, timeout=150)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "warm-up:" not in run.stderr, run.stderr
    (row,) = summary_rows(run.stdout)
    assert row["sessions"] == "4"
    assert row["errors"] == "0", run.stdout
    assert int(row["min/sess"]) >= 1, run.stdout  # every session moved something and saw it finish
    assert int(row["moves"]) >= 3
    assert 0 < float(row["p50 ms"]) <= float(row["p95 ms"]) <= float(row["max ms"])
    assert float(row["reruns/s"]) > 0
    float(row["MiB/sess"])  # the server's RSS was read
    assert re.search(r"\bx1 then \S*x2\b", run.stdout) and re.search(
        r"\bn then \S*seed\b", run.stdout
    )  # what moved, per page: the plane's x₁ (its settings above it in the messages, below it on the page)
    # a move of x reruns the plane's moving fragment only: x's controls, the chart, the readouts (34 messages),
    # not the settings' fragment around it too (52)
    (plane,) = re.findall(r"^\s+plane\s+\d+\s+\d+\s+\d+\s+\d+\s+([\d.]+)", run.stdout, flags=re.MULTILINE)
    assert float(plane) <= 40, run.stdout
    # gradient's x drives the page's body, a fragment: a move re-sends it (44 messages), not the sidebar (55)
    (gradient,) = re.findall(r"^\s+gradient\s+\d+\s+\d+\s+\d+\s+\d+\s+([\d.]+)", run.stdout, flags=re.MULTILINE)
    assert float(gradient) <= 48, run.stdout


def control(key: str, lo: float, hi: float, step: float) -> load.Control:
    return load.Control(f"$$ID-0-{key}", key, "slider", lo, hi, step, False, (), lo, "")


def test_moves_never_repeat_a_combination_and_use_the_second_control_when_the_first_runs_out():
    first, second = control("a", 0, 1, 0.25), control("b", 0, 10, 1)  # 5 and 11 values
    fresh, rng, seen, depths = load.FreshValues(), random.Random(0), set(), []
    for _ in range(30):
        values, depth, ok = fresh.move("page", [first, second], rng)
        assert ok
        assert values[first.id] != first.value  # the first control always moves
        combo = (values[first.id], values[second.id])
        assert combo not in seen
        seen.add(combo)
        depths.append(depth)
        first.value, second.value = combo
    assert depths[0] == 1 and 2 in depths


def test_a_page_without_controls_gets_a_plain_rerun():
    assert load.FreshValues().move("overview", [], random.Random(0)) == ({}, 0, True)


def test_the_first_control_is_the_first_slider_and_a_mirror_is_not_the_second():
    number = load.Control("$$ID-0-n", "n", "number_input", 2, 64, 1, True, (), 8, "")
    x1, mirror = (
        control("x1", -10, 10, 0.01),
        load.Control("$$ID-0-x1_exact", "x1_exact", "number_input", -10, 10, 0.01, False, (), 3, ""),
    )
    assert [c.key for c in load.choose_controls([number, x1, mirror])] == ["x1"]
    assert [c.key for c in load.choose_controls([number, x1, mirror, number])] == ["x1", "n"]
    assert [c.key for c in load.choose_controls([number])] == ["n"]
