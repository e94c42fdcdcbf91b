"""Every number, vector and ε turned into text: for the pages, for LaTeX, for the command line.

The one place where a float becomes a string. Pages and figures write a typeset minus sign (−) and
name NaN and ∞; the command line writes ASCII; LaTeX writes LaTeX. Which function for which job:

=====================  ==============================  =========================================
function               example                         used for
=====================  ==============================  =========================================
``decimals``           3.1416, −0.5000, NaN, ∞         tables and readouts: fixed decimals
``legible``            0.600, 1.000e-300               where fixed decimals could hide a value
``significant``        0.6, −1.225, 3.16e-07           figure labels and descriptions
``scientific``         1.23e-09, 0                     errors and tiny gaps
``shortest``           3, −0.25, 1e-300                what the user typed, a link's value
``plain``              67108864, 1.288e+10             formulas with their numbers, the CLI
``eps_text``           0, 1e-5, 3.16e-7                ε as the controls and figures name it
``si``                 12.9 GB, 6.44 ms, 85.2 TFLOP    quantities with a unit
``percent``            0.019 %, 9.2e-08                shares
``field_text``         1, 2, 3                         a vector put back into a text field
``subscript``          ₁₂                              component labels: x₁₂
``tex_number`` ...     \\infty, 10^{-5}                 the worked computation in LaTeX
=====================  ==============================  =========================================

The ``*_vector`` forms write ``(a, b, c)``; with ``limit`` a long vector reads ``(a, b, c, …, y, z)``.
"""

from __future__ import annotations

import math

import numpy as np

MINUS = "−"  # U+2212, the typeset minus sign


def _sign(text: str, minus: str = MINUS) -> str:
    """The leading '-' of a formatted number as ``minus`` (an exponent keeps its ASCII '-')."""
    return minus + text[1:] if text.startswith("-") else text


def _special(value: float, nan: str = "NaN") -> str | None:
    if math.isnan(value):
        return nan
    if math.isinf(value):
        return "∞" if value > 0 else MINUS + "∞"
    return None


def _vector(parts: list[str], limit: int | None) -> str:
    if limit is not None and len(parts) > limit:
        parts = parts[:3] + ["…"] + parts[-2:]
    return "(" + ", ".join(parts) + ")"


def _floats(v) -> list[float]:
    return [float(c) for c in np.asarray(v, dtype=np.float64).ravel()]


def decimals(value, digits: int = 4, *, nan: str = "NaN", minus: str = MINUS) -> str:
    """``value`` with ``digits`` decimals: 3.1416, −0.5000; a value that rounds to zero reads 0.0000, not −0.0000."""
    if value is None:
        return nan
    value = float(value)
    special = _special(value, nan)
    if special is not None:
        return special
    if round(value, digits) == 0:
        value = 0.0
    return _sign(f"{value:.{digits}f}", minus)


def decimals_vector(v, digits: int = 4, *, limit: int | None = None) -> str:
    return _vector([decimals(c, digits) for c in _floats(v)], limit)


def legible(value, digits: int = 3) -> str:
    """``decimals``, or scientific notation where fixed decimals would hide the value: 1e-300 reads
    1.000e-300 (not 0.000), 2e7 reads 2.000e+07."""
    value = float(value)
    if math.isfinite(value) and value != 0.0 and (abs(value) < 0.5 * 10.0**-digits or abs(value) >= 1e7):
        return _sign(f"{value:.{digits}e}")
    return decimals(value, digits)


def legible_vector(v, digits: int = 3, *, limit: int | None = 6) -> str:
    return _vector([legible(c, digits) for c in _floats(v)], limit)


def significant(value, digits: int = 4) -> str:
    """``digits`` significant digits, a true minus sign: 0.6, −1.225, 3, 3.162e-07."""
    value = float(value)
    special = _special(value)
    return special if special is not None else _sign(f"{value + 0.0:.{digits}g}")


def significant_vector(v, digits: int = 4, *, limit: int | None = None) -> str:
    return _vector([significant(c, digits) for c in _floats(v)], limit)


def scientific(value, digits: int = 2) -> str:
    """Mantissa with ``digits`` decimals and an exponent: 1.23e−09, −4.00e+02; exactly 0 reads 0.

    The exponent's minus is U+2212 too: a browser may break a line at a hyphen, never inside "e−09"."""
    value = float(value)
    special = _special(value)
    if special is not None:
        return special
    return "0" if value == 0 else f"{value:.{digits}e}".replace("-", MINUS)


def scientific_log10(log10_value, digits: int = 2) -> str:
    """``scientific`` of 10**log10_value, for a number beyond float64's range (1 − tanh(500) = 10**−434.0...):
    scientific_log10(-433.7, 2) reads 2.00e−434."""
    log10_value = float(log10_value)
    if not math.isfinite(log10_value):
        raise ValueError(f"log10_value must be finite; got {log10_value!r}")
    exponent = math.floor(log10_value)
    mantissa = round(10.0 ** (log10_value - exponent), digits)
    if mantissa >= 10.0:  # 9.996 rounded to 2 decimals
        mantissa, exponent = mantissa / 10.0, exponent + 1
    return f"{mantissa:.{digits}f}e{'+' if exponent >= 0 else MINUS}{abs(exponent):02d}"


def shortest(value) -> str:
    """The shortest general form, as a user types it: 3 (not 3.0), −0.25, 1e-300; −0 reads 0."""
    value = float(value) + 0.0
    special = _special(value)
    if special is not None:
        return special
    text = str(int(value)) if value == int(value) and abs(value) < 1e15 else f"{value:g}"
    return _sign(text)


def shortest_vector(v, *, limit: int | None = None) -> str:
    """(8, −6), (1e-300, 3, 0.25): a vector as the app writes it in any language."""
    return _vector([shortest(c) for c in _floats(v)], limit)


def plain(value, digits: int = 6, *, whole_below: float = 0.0) -> str:
    """ASCII, ``digits`` significant digits: 1.28849e+10, -0.5; a whole number below ``whole_below``
    in full (67108864). For formulas with their numbers and the command line."""
    value = float(value) + 0.0
    if whole_below and value.is_integer() and abs(value) < whole_below:
        return str(int(value))
    return format(value, f".{digits}g")


def eps_text(eps: float) -> str:
    """ε as the controls and figures name it: 0, 1e-5, 3.16e-7 (three significant digits, no leading zero
    in the exponent)."""
    return "0" if eps == 0.0 else f"{float(eps):.3g}".replace("e-0", "e-").replace("e+0", "e+")


_PREFIXES = ((1e18, "E"), (1e15, "P"), (1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k"))


def si(value: float, unit: str) -> str:
    """A quantity in its unit with an SI prefix: 12.9 GB, 6.44 ms, 85.2 TFLOP; a bare number ("" unit)
    with thousands separators, a share below 1 also as a percentage; — where it is not finite."""
    if not math.isfinite(value):
        return "—"
    if unit == "":
        if value < 1 and value != 0:
            return f"{value:.3g} ({100 * value:.3g} %)"
        return f"{value:,.0f}" if float(value).is_integer() else f"{value:.3g}"
    if unit == "s":
        for scale, prefix in ((1, ""), (1e-3, "m"), (1e-6, "µ"), (1e-9, "n")):
            if value >= scale or scale == 1e-9:
                return f"{value / scale:.3g} {prefix}s"
    if unit == "FLOP/B":
        return f"{value:.3g} {unit}"
    for scale, prefix in _PREFIXES:
        if value >= scale:
            return f"{value / scale:.3g} {prefix}{unit}"
    return f"{value:.3g} {unit}"


def percent(value: float, *, fraction: bool = False, digits: int = 2, places: int | None = None) -> str:
    """A share as a percentage, 0.019 %; below 10⁻⁵ as the fraction itself (9.2e-08), the way such tiny
    shares are usually quoted; ``fraction``: both, 0.019 % (0.00019); ``digits``: significant digits below
    10 % (0.226 % with 3); ``places``: that many decimals instead, for shares quoted side by side (68.27 %,
    95.45 %). — where it is not finite."""
    if not math.isfinite(value):
        return "—"
    if places is not None:
        return f"{decimals(100 * value, places)} %"
    share = _share(100 * value, digits)
    if fraction:
        return f"{share} % ({value:.2g})"
    return f"{share} %" if value >= 1e-5 or value == 0 else f"{value:.2g}"


def _share(pct: float, digits: int = 2) -> str:
    """A percentage's digits: ``digits`` significant ones below 10 %, whole numbers from 10 % (100 %, never
    1e+02 %), and as many decimals as it takes for a share below 100 % not to read 100 (99.95)."""
    if pct < 9.95:
        return f"{pct:.{digits}g}"
    digits = 0
    while pct < 100 and float(f"{pct:.{digits}f}") >= 100 and digits < 12:
        digits += 1
    return f"{pct:.{digits}f}"


def field_text(values) -> str:
    """ "1, 2, 3": a vector as a text field holds it, each number in its shortest round-trip form (ASCII)."""
    return ", ".join(f"{v:g}" if float(v) == float(f"{v:g}") else repr(float(v)) for v in values)


def subscript(k: int) -> str:
    """A whole number k >= 0 in subscript digits, for component labels: x₁₂."""
    return "".join("₀₁₂₃₄₅₆₇₈₉"[int(d)] for d in str(k))


# --- LaTeX --------------------------------------------------------------------------------------------------


def tex_number(value: float, digits: int = 4) -> str:
    """Whole numbers as they are, others to ``digits`` decimals; \\mathrm{NaN}, \\infty."""
    value = float(value)
    if math.isnan(value):
        return r"\mathrm{NaN}"
    if math.isinf(value):
        return r"\infty" if value > 0 else r"-\infty"
    if value == int(value) and abs(value) < 1e9:
        return str(int(value))
    text = f"{value:.{digits}f}"
    return "0" if float(text) == 0 else text


def tex_eps(eps: float) -> str:
    """ε in LaTeX: 0, 0.1, or m·10^{k} for small values (1e-05 -> 10^{-5})."""
    if eps == 0 or eps >= 1e-3:
        return tex_number(eps)
    mant, exp = f"{eps:.0e}".split("e")
    return (rf"{mant} \times " if mant != "1" else "") + rf"10^{{{int(exp)}}}"


def tex_vector(v, digits: int = 4, limit: int = 8) -> str:
    parts = [tex_number(c, digits) for c in _floats(v)]
    if len(parts) > limit:
        parts = parts[: limit - 2] + [r"\ldots", parts[-1]]
    return r"\left(" + ", ".join(parts) + r"\right)"
