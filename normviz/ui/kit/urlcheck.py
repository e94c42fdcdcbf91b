"""The link's values, checked: which ones cannot be used, and the one message that says so.

Pure functions (no Streamlit): ``normviz.ui.kit.links`` calls them on every URL the
app did not write itself, and ``tests/test_page_fuzz.py`` feeds them hostile
links at volume. The rules are the ones Streamlit 1.67 applied to a widget
bound to the URL (``tests/test_urlcheck.py`` holds them against real bound
widgets), so every link that worked when the widgets were bound still works:

- a number must parse with ``float`` (surrounding spaces allowed), be finite,
  lie within its bounds (``integer``: a whole number) and be given once;
- an option must be one of the options, with the same case (``3d`` is not
  ``3D``); a toggle's ``true``/``false`` in any case;
- a multi-select keeps the valid values it was given and falls back to its
  default when none is valid; a bare ``?show=`` means "none chosen";
- a text (a typed vector) is any text: its widget checks it and says what is
  wrong in place.

``message(t, problems)`` is the one warning's markdown: each parameter named,
the value given (shown literally, see ``normviz.ui.kit.literal``), what is allowed
and the value used instead.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from normviz.format import shortest
from normviz.ui.kit.literal import literal


@dataclass(frozen=True)
class Range:
    """A number in [low, high] (``integer``: a whole number); ``default`` is the value used instead."""

    low: float
    high: float
    default: float | None = None
    integer: bool = False


@dataclass(frozen=True)
class Choice:
    """One of ``options`` (``multi``: any number of them, as with ``st.pills(selection_mode="multi")``)."""

    options: tuple[str, ...]
    default: str | tuple[str, ...] | None = None
    multi: bool = False
    case_sensitive: bool = True


@dataclass(frozen=True)
class Text:
    """Any text (its widget checks what it means); ``default`` as typed."""

    default: str = ""


Spec = Range | Choice | Text


@dataclass(frozen=True)
class Problem:
    """A value of the link that cannot be used: parameter ``name``, the ``given`` text, its ``spec``.

    ``used`` overrides the value shown as used instead (default: what the spec says).
    """

    name: str
    given: tuple[str, ...]
    spec: Range | Choice
    used: str | tuple[str, ...] | None = None


def given_values(raw: Mapping[str, Sequence[str]], key: str) -> list[str]:
    """The link's values of ``key``; a bare ``?key=`` means "absent" (or, for a multi-select, "none chosen")."""
    return [str(v) for v in (raw.get(key) or []) if str(v).strip()]


def number(text: str) -> float:
    """``float(text)``, NaN where that fails."""
    try:
        return float(text)
    except (ValueError, OverflowError):
        return math.nan


def matching_option(value: str, spec: Choice) -> str | None:
    """The option ``value`` names (in any case where case does not matter), or None."""
    if spec.case_sensitive:
        return value if value in spec.options else None
    return next((o for o in spec.options if o.lower() == value.strip().lower()), None)


def problem(key: str, values: Sequence[str], spec: Spec) -> Problem | None:
    """Why the non-empty ``values`` of ``key`` cannot be used as they are (None: they can)."""
    values = list(values)
    if isinstance(spec, Text):
        return None  # the text's own widget says what is wrong with it
    if isinstance(spec, Choice):
        valid = [v for v in values if matching_option(v, spec) is not None]
        if len(valid) == len(values) and (spec.multi or len(values) == 1):
            return None
        used = tuple(valid) if spec.multi and valid else None
        return Problem(key, tuple(values), spec, used)
    value = number(values[0]) if len(values) == 1 else math.nan
    ok = math.isfinite(value) and spec.low <= value <= spec.high and (not spec.integer or value == int(value))
    return None if ok else Problem(key, tuple(values), spec)


def find_problems(raw: Mapping[str, Sequence[str]], specs: Mapping[str, Spec]) -> list[Problem]:
    """The parameters in ``raw`` (key -> its values) that do not satisfy ``specs``, in ``specs`` order."""
    found = []
    for key, spec in specs.items():
        values = given_values(raw, key)
        if values:
            found_one = problem(key, values, spec)
            if found_one is not None:
                found.append(found_one)
    return found


# --- the message ------------------------------------------------------------------------------------------


def _shown(value: str | tuple[str, ...] | float, t) -> str:
    """A value as the message shows it: literal (a code span), several joined."""
    if isinstance(value, tuple):
        return t("list.separator").join(literal(v) for v in value) if value else t("url.used.none")
    if isinstance(value, float | int):
        return literal(shortest(value))
    return literal(value)


def describe(t, problem: Problem) -> str:
    """One line naming the parameter, the value given, what is allowed and the value used instead."""
    spec = problem.spec
    used = problem.used if problem.used is not None else spec.default
    values = dict(
        name=literal(problem.name),
        given=t("list.separator").join(literal(v, limit=40) for v in problem.given),
        used=t("url.used.default") if used is None else _shown(used, t),
    )
    if isinstance(spec, Range):
        key = "url.bad.integer" if spec.integer else "url.bad.number"
        return t(key, low=shortest(spec.low), high=shortest(spec.high), **values)
    options = t("list.separator").join(literal(o) for o in spec.options)
    case = t("url.case") if spec.case_sensitive else ""
    return t("url.bad.multi" if spec.multi else "url.bad.choice", options=options, case=case, **values)


def message(t, problems: Sequence[Problem]) -> str:
    """The markdown of the one warning: a heading line and one item per problem."""
    return t("url.bad.header") + "\n\n" + "\n".join(f"- {describe(t, p)}" for p in problems)
