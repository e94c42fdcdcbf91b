"""``python -m normviz``: ``main(argv)`` run in this process (the ``cli`` fixture, tests/conftest.py), and
two real subprocesses for what only a process shows: its exit status, a closed pipe."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]


def environment() -> dict[str, str]:
    """This checkout on the path, no $NORMVIZ_BACKEND."""
    env = {k: v for k, v in os.environ.items() if k != "NORMVIZ_BACKEND"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def table(stdout: str) -> dict[str, list[float]]:
    """Rows of the output keyed by their first cell: 'mean', 'RMS', '1', 'norm', ..."""
    rows = {}
    for line in stdout.splitlines():
        label, _, rest = line.partition("  ")
        try:
            rows[label.strip()] = [float(v) for v in rest.split()]
        except ValueError:
            pass  # headings
    return rows


def column(rows, name_index: int, n: int) -> list[float]:
    """Column `name_index` (0 = x, 1 = L2, 2 = RMSNorm, 3 = LayerNorm) for components 1..n."""
    return [rows[str(i + 1)][name_index] for i in range(n)]


@pytest.fixture
def ok(cli):
    """``ok("3", "4")``: the rows of a run that must succeed quietly (status 0, nothing on stderr)."""

    def run(*args: str) -> dict[str, list[float]]:
        proc = cli(*args)
        assert proc.returncode == 0, proc.stderr
        assert proc.stderr == ""
        return table(proc.stdout)

    return run


def test_three_four_statistics_and_outputs(ok):
    rows = ok("3", "4")
    assert rows["n"] == [2] and rows["mean"] == [3.5] and rows["std (biased)"] == [0.5]
    assert rows["RMS"] == pytest.approx([math.sqrt(12.5)], rel=1e-5)
    assert rows["L2 norm"] == [5]
    assert column(rows, 0, 2) == [3, 4]
    assert column(rows, 1, 2) == pytest.approx([0.6, 0.8])
    assert column(rows, 2, 2) == pytest.approx([0.848528, 1.13137], rel=1e-5)
    assert column(rows, 3, 2) == pytest.approx([-1, 1], abs=1e-4)
    # norms of x, L2, RMSNorm, LayerNorm; then eps of L2, RMSNorm, LayerNorm
    assert rows["norm"] == pytest.approx([5, 1, math.sqrt(2), math.sqrt(2)], rel=1e-4)
    assert rows["eps"] == [1e-12, 1e-6, 1e-5]


def test_seed_numbers_one_two_three(ok):
    rows = ok("1", "2", "3")
    assert column(rows, 2, 3) == pytest.approx([0.463, 0.926, 1.389], abs=5e-4)
    assert column(rows, 3, 3) == pytest.approx([-1.225, 0, 1.225], abs=5e-4)
    assert rows["std (biased)"] == pytest.approx([math.sqrt(2 / 3)], rel=1e-5)


@pytest.mark.parametrize("args", [("-1", "2"), ("--", "-1", "2"), ("-1e0", "2"), ("--eps", "1e-5", "--", "-1", "2")])
def test_negative_numbers_with_and_without_double_dash(args, ok):
    rows = ok(*args)
    assert column(rows, 0, 2) == [-1, 2]
    assert rows["mean"] == [0.5]
    assert column(rows, 1, 2) == pytest.approx([-1 / math.sqrt(5), 2 / math.sqrt(5)], rel=1e-5)


def test_negative_exponents_are_numbers(ok):
    rows = ok("-1e3", "-2e-3", "2")
    assert column(rows, 0, 3) == [-1000, -0.002, 2]


def test_eps_applies_to_all_three(ok):
    rows = ok("--eps", "0.5", "-1e-3", "1e-3")
    assert rows["eps"] == [0.5, 0.5, 0.5]
    assert column(rows, 1, 2) == pytest.approx([-0.002, 0.002])  # x / max(||x||, 0.5)


def test_zero_vector_without_eps_shows_nan(ok):
    rows = ok("--eps", "0", "0", "0")
    assert all(math.isnan(v) for v in rows["1"][1:] + rows["2"][1:])


def test_torch_backend_gives_the_same_numbers(cli):
    pytest.importorskip("torch")
    proc = cli("--backend", "torch", "101", "102", "103")
    assert proc.returncode == 0, proc.stderr
    assert "computed with torch" in proc.stdout
    rows = table(proc.stdout)
    assert column(rows, 2, 3) == pytest.approx([0.990, 1.000, 1.010], abs=5e-4)
    assert column(rows, 3, 3) == pytest.approx([-1.225, 0, 1.225], abs=5e-4)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        ((), "required"),
        (("abc",), "invalid float value: 'abc'"),
        (("1", "two"), "invalid float value: 'two'"),
        (("--eps", "-1", "3"), "eps must be finite and >= 0"),
        (("--eps", "-1e-3", "3"), "eps must be finite and >= 0"),
        (("--eps", "nan", "3"), "eps must be finite and >= 0"),
        (("--eps", "abc", "3"), "argument --eps"),
        (("--eps", "1e400", "3"), "eps must be finite and >= 0"),
        # components follow eps's rules, and the app's vector field's words
        (("1e400", "1"), "1e400 is not a finite number (no NaN or ∞)"),
        (("1", "-1e999"), "-1e999 is not a finite number"),
        (("nan", "1"), "nan is not a finite number"),
        (("inf",), "inf is not a finite number"),
        (("--", "-inf", "2"), "-inf is not a finite number"),
        (("--backend", "jax", "3"), "argument --backend"),
        (("--frobnicate", "3"), "unrecognized arguments"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, tuple) else None,
)
def test_bad_arguments_give_one_line_and_status_2(args, says, cli):
    proc = cli(*args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("python -m normviz: error:")
    assert says in proc.stderr


def test_tiny_vector_statistics_and_outputs_do_not_underflow(ok):
    """The app's a = (1e-300, 1e-300): sqrt(sum(x**2)) would give 0; scaled norms do not."""
    rows = ok("--eps", "0", "1e-300", "1e-300")
    assert rows["L2 norm"] == pytest.approx([math.sqrt(2) * 1e-300], rel=1e-5)
    assert rows["RMS"] == pytest.approx([1e-300], rel=1e-5)
    assert column(rows, 1, 2) == pytest.approx([math.sqrt(0.5)] * 2, rel=1e-5)
    assert column(rows, 2, 2) == [1, 1]
    assert math.isnan(rows["1"][3])  # LayerNorm of a constant vector at eps = 0: 0/0


def test_huge_vector_statistics_do_not_overflow(ok):
    """(1e308, 1e308) printed mean = inf, std = inf and LayerNorm NaN: the statistics are scaled first."""
    rows = ok("1e308", "1e308")
    assert rows["mean"] == [1e308] and rows["std (biased)"] == [0]
    assert column(rows, 3, 2) == [0, 0]  # a constant vector centres to 0 (eps > 0)
    rows = ok("--", "1.7e308", "-1.7e308", "1e308")
    assert rows["mean"] == pytest.approx([1e308 / 3], rel=1e-5)
    assert rows["std (biased)"] == pytest.approx([np.std([1.7, -1.7, 1.0]) * 1e308], rel=1e-5)


def test_help_lists_every_command_with_one_line(cli):
    from normviz.cli import ABOUT, COMMANDS

    proc = cli("--help")
    assert proc.returncode == 0 and proc.stderr == ""
    assert set(ABOUT) - {""} == set(COMMANDS)  # a new command gets its line
    lines = proc.stdout.splitlines()
    for name in COMMANDS:
        assert [line.split() for line in lines if line.split()[:1] == [name]] == [[name, *ABOUT[name].split()]]
        assert ABOUT[name] in " ".join(cli(name, "--help").stdout.split())  # the same line heads its own help
    assert ABOUT[""] in proc.stdout


# --- real processes: what `python -m normviz` returns to the shell -----------------------------------------


def test_the_command_prints_what_main_prints_and_exits_0(cli):
    """The module runs ``main`` and hands its status to the shell (``sys.exit(main())``)."""
    proc = subprocess.run(
        [sys.executable, "-m", "normviz", "3", "4"],
        capture_output=True,
        text=True,
        env=environment(),
        cwd=ROOT,
        timeout=120,
    )
    assert (proc.returncode, proc.stderr) == (0, "")
    assert proc.stdout == cli("3", "4").stdout
    assert table(proc.stdout)["L2 norm"] == [5]


def test_closed_pipe_exits_quietly_with_status_141():
    """`python -m normviz $(seq 1 10000) | head -1`: no traceback, status 128 + SIGPIPE.

    The output (~500 KB) outgrows the pipe's buffer, so the write meets the closed pipe.
    """
    args = [str(i) for i in range(1, 10_001)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "normviz", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment(), cwd=ROOT,
    )  # fmt: skip
    try:
        first = proc.stdout.readline()
        proc.stdout.close()
        stderr = proc.stderr.read()
        proc.stderr.close()
        assert proc.wait(timeout=120) == 141, stderr.decode()
    finally:  # a failed or timed-out test leaves no process behind
        proc.kill()
        proc.wait()
    assert first.startswith(b"computed with")
    assert stderr == b""
