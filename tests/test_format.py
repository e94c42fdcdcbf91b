"""normviz.format: every number, vector and ε as text, one function per job."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from normviz import format as fmt

NAN, INF = float("nan"), float("inf")


def test_decimals_fixed_digits_typeset_minus_named_specials_and_no_negative_zero():
    assert fmt.decimals(3.14159) == "3.1416" and fmt.decimals(-0.5) == "−0.5000"
    assert fmt.decimals(2.0, 0) == "2" and fmt.decimals(-1.23456, 2) == "−1.23"
    assert fmt.decimals(-0.00001, 2) == "0.00" and fmt.decimals(-0.0) == "0.0000"  # not −0.00
    assert (fmt.decimals(NAN), fmt.decimals(INF), fmt.decimals(-INF), fmt.decimals(None)) == ("NaN", "∞", "−∞", "NaN")
    assert fmt.decimals(NAN, nan="–") == "–" and fmt.decimals(-2.5, 1, minus="-") == "-2.5"
    assert fmt.decimals_vector(np.array([3.0, -4.0]), 1) == "(3.0, −4.0)"
    assert fmt.decimals_vector(range(10), 0, limit=6) == "(0, 1, 2, …, 8, 9)"


def test_legible_never_hides_a_value_behind_zero_decimals():
    assert fmt.legible(0.6) == "0.600" and fmt.legible(1e-300) == "1.000e-300" and fmt.legible(2e7) == "2.000e+07"
    assert fmt.legible(-1e-300) == "−1.000e-300" and fmt.legible(0.0) == "0.000" and fmt.legible(NAN) == "NaN"
    assert fmt.legible_vector([1e-300, 3, 0.25]) == "(1.000e-300, 3.000, 0.250)"
    assert fmt.legible_vector(range(8), 0) == "(0, 1, 2, …, 6, 7)"  # six at most by default


def test_significant_and_scientific():
    assert [fmt.significant(v) for v in (0.6, -1.2247449, 3.0, 3.1623e-7)] == ["0.6", "−1.225", "3", "3.162e-07"]
    assert fmt.significant(-0.0) == "0" and fmt.significant(INF) == "∞"
    assert fmt.significant_vector([0.6, -0.8]) == "(0.6, −0.8)"
    assert fmt.scientific(1.234e-9) == "1.23e−09" and fmt.scientific(-2.5e-7) == "−2.50e−07"
    assert fmt.scientific(-400) == "−4.00e+02" and fmt.scientific(0) == "0"
    assert fmt.scientific(NAN) == "NaN"


def test_shortest_is_what_a_user_types():
    assert [fmt.shortest(v) for v in (3.0, -0.25, 1e-300, -0.0, 123456789.0)] == [
        "3",
        "−0.25",
        "1e-300",
        "0",
        "123456789",
    ]
    assert (
        fmt.shortest_vector((8.0, -6.0)) == "(8, −6)"
        and fmt.shortest_vector([1, 2, 3, 4, 5, 6, 7], limit=6) == "(1, 2, 3, …, 6, 7)"
    )


@given(st.lists(st.floats(allow_nan=False, allow_infinity=False, width=64), min_size=1, max_size=8))
def test_field_text_round_trips_every_float(values):
    text = fmt.field_text(values)
    assert [float(p) for p in text.split(", ")] == [float(v) for v in values]
    assert "−" not in text  # an editable field keeps ASCII


def test_plain_is_ascii_for_formulas_and_the_command_line():
    assert fmt.plain(-0.5) == "-0.5" and fmt.plain(1.2884901888e10) == "1.28849e+10" and fmt.plain(-0.0) == "0"
    assert (
        fmt.plain(67108864, 4, whole_below=1e9) == "67108864" and fmt.plain(1.288e10, 4, whole_below=1e9) == "1.288e+10"
    )
    assert fmt.plain(0.006442, 4, whole_below=1e9) == "0.006442"


def test_eps_text_names_eps_as_the_controls_do():
    assert [fmt.eps_text(e) for e in (0.0, 1e-5, 1e-6, 1e-8, 0.001, 3.1623e-7, 1e-12)] == [
        "0",
        "1e-5",
        "1e-6",
        "1e-8",
        "0.001",
        "3.16e-7",
        "1e-12",
    ]


def test_si_and_percent():
    assert fmt.si(12_884_901_888, "B") == "12.9 GB" and fmt.si(6.442e-3, "s") == "6.44 ms"
    assert fmt.si(8.52e13, "FLOP") == "85.2 TFLOP" and fmt.si(48, "") == "48" and fmt.si(NAN, "B") == "—"
    assert fmt.percent(1.9e-4) == "0.019 %" and fmt.percent(9.2e-8) == "9.2e-08" and fmt.percent(INF) == "—"
    assert fmt.percent(1.9e-4, fraction=True) == "0.019 % (0.00019)"
    assert fmt.percent(1.0) == "100 %" and fmt.percent(0.47) == "47 %" and fmt.percent(0.0994) == "9.9 %"
    assert fmt.percent(0.9996) == "99.96 %" and fmt.percent(0.99951) == "99.95 %" and fmt.percent(0.123) == "12 %"


def test_tex_forms():
    assert [fmt.tex_number(v) for v in (4.0, -2.0, 2.666666, 1e-9, -0.00001)] == ["4", "-2", "2.6667", "0", "0"]
    assert (
        fmt.tex_number(NAN) == r"\mathrm{NaN}"
        and fmt.tex_number(INF) == r"\infty"
        and fmt.tex_number(-INF) == r"-\infty"
    )
    assert fmt.tex_eps(1e-5) == "10^{-5}" and fmt.tex_eps(2e-6) == r"2 \times 10^{-6}" and fmt.tex_eps(0.0) == "0"
    assert fmt.tex_vector([1, 2.5]) == r"\left(1, 2.5000\right)"
    assert fmt.tex_vector(range(10)) == r"\left(0, 1, 2, 3, 4, 5, \ldots, 9\right)"


@pytest.mark.parametrize("name", ["decimals", "legible", "significant", "scientific", "shortest"])
def test_every_page_form_names_nan_and_infinity(name):
    f = getattr(fmt, name)
    assert f(NAN) == "NaN" and f(INF) == "∞" and f(-INF) == "−∞"
    assert not math.isnan(float(f(1.5).replace("−", "-")))


def test_format_is_the_only_home_of_number_formatting():
    """No module outside format.py defines its own formatter under the old names."""
    import ast
    from pathlib import Path

    root = Path(fmt.__file__).resolve().parent
    old = {
        "fmt",
        "fmt_vector",
        "num",
        "vec",
        "typed_vec",
        "fixed",
        "tex_num",
        "tex_vec",
        "tex_eps",
        "format_vector",
        "human",
        "_pct",
        "_both",
        "_sci",
        "_gap",
        "_num",
        "_fmt",
        "_short",
        "eps_text",
    }
    found = []
    for path in root.rglob("*.py"):
        if path.name == "format.py":
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:  # module-level functions
            if isinstance(node, ast.FunctionDef) and node.name in old:
                found.append(f"{path.relative_to(root)}:{node.name}")
    assert found == [], found


@pytest.mark.parametrize(
    ("log10_value", "want"),
    [(-433.99345, "1.02e−434"), (math.log10(4.64e-16), "4.64e−16"), (2.0, "1.00e+02"), (-0.0000001, "1.00e+00")],
)
def test_scientific_log10_reads_like_scientific_beyond_float64s_range(log10_value, want):
    got = fmt.scientific_log10(log10_value, 2)
    assert got == want
    if -300 < log10_value < 300:
        assert got == fmt.scientific(10.0**log10_value, 2)


def test_scientific_log10_carries_a_mantissa_that_rounds_up_to_ten():
    assert fmt.scientific_log10(math.log10(9.999e-5), 2) == "1.00e−04"
    with pytest.raises(ValueError, match="log10_value"):
        fmt.scientific_log10(float("inf"))


def test_percent_with_places_quotes_shares_side_by_side():
    assert fmt.percent(0.682689492, places=2) == "68.27 %" and fmt.percent(0.9545, places=2) == "95.45 %"
    assert fmt.percent(0.5, places=0) == "50 %" and fmt.percent(float("nan"), places=2) == "—"
