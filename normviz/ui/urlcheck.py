"""Tell the user, in one message per page, which values of a link could not be used.

Streamlit drops an invalid value of a bound widget silently (default shown,
parameter removed from the URL), so the raw values are checked here first,
with Streamlit 1.67's own rules (see ``tests/test_urlcheck.py``, which holds
them against real widgets):

- a number must parse with ``float`` (surrounding spaces allowed), be finite,
  lie within the widget's bounds and be given once;
- an option must be one of the options, with the same case (``3d`` is not
  ``3D``); a toggle's ``true``/``false`` in any case;
- a multi-select (pills) keeps the valid values it was given and falls back
  to its default when none is valid; a bare ``?show=`` means "none chosen".

The API
-------
``warn_invalid_params(t, specs)``
    Checks the link's values of the widgets in ``specs`` (parameter name ->
    ``Range``, ``Choice`` or the older ``(low, high)`` / tuple of options) and
    reports each bad one. Returns the bad names.
``report(t, *problems)``
    Reports ``Problem`` records found by hand (``int_input``, the language).
``one_message(t)``
    A context manager for app.py around ``page.run()``: it reserves the
    message's place at the top of the page and fills it once the page has
    run, so the message sits outside every ``st.fragment``.

Every problem reported during one script run ends up in ONE ``st.warning``
naming each parameter, the value given (shown literally, see
``normviz.ui.literal``), what is allowed and the value used instead.

Fragments. Inside ``one_message`` the checks only collect, and the main
script draws the warning after the page has run, outside every fragment. A
fragment rerun starts a new collection but finds nothing new (Streamlit has
removed the link's bad values from the URL by then), so the warning of the
full run stays on screen as it was: neither repeated nor cleared. (Checked in
Chromium with a fragment holding a bound slider and an ``int_input``.)
Without ``one_message`` the warning appears where the first problem is
reported and grows with each later one; that is enough for pages without
fragments, but a warning that a fragment wrote to is cleared at that
fragment's next rerun, so an app with fragments must use ``one_message``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

import streamlit as st

from normviz.format import shortest
from normviz.ui.literal import literal


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


Spec = Range | Choice | tuple


@dataclass(frozen=True)
class Problem:
    """A value of the link that cannot be used: parameter ``name``, the ``given`` text, its ``spec``.

    ``used`` overrides the value shown as used instead (default: what the spec says).
    """

    name: str
    given: tuple[str, ...]
    spec: Range | Choice
    used: str | tuple[str, ...] | None = None


_BOOL = ("true", "false")


def as_spec(spec: Spec) -> Range | Choice:
    """A ``Range`` or ``Choice`` from a spec in any accepted form.

    The older forms: ``(low, high)`` for a number; a tuple of strings for
    options (``("true", "false")``, a toggle, in any case).
    """
    if isinstance(spec, (Range, Choice)):
        return spec
    spec = tuple(spec)
    if spec and all(isinstance(s, str) for s in spec):
        return Choice(spec, case_sensitive=tuple(s.lower() for s in spec) != _BOOL)
    low, high = spec
    return Range(float(low), float(high))


def _values(raw: Mapping[str, Sequence[str]], key: str) -> list[str]:
    # A bare "?key=" means "absent" (or, for a multi-select, "none chosen").
    return [str(v) for v in (raw.get(key) or []) if str(v).strip()]


def _number(text: str) -> float:
    try:
        return float(text)
    except (ValueError, OverflowError):
        return math.nan


def _valid_option(value: str, spec: Choice) -> bool:
    if spec.case_sensitive:
        return value in spec.options
    return value.strip().lower() in {o.lower() for o in spec.options}


def _problem(key: str, values: list[str], spec: Range | Choice) -> Problem | None:
    if isinstance(spec, Choice):
        valid = [v for v in values if _valid_option(v, spec)]
        if len(valid) == len(values) and (spec.multi or len(values) == 1):
            return None
        used = tuple(valid) if spec.multi and valid else None
        return Problem(key, tuple(values), spec, used)
    number = _number(values[0]) if len(values) == 1 else math.nan
    ok = math.isfinite(number) and spec.low <= number <= spec.high and (not spec.integer or number == int(number))
    return None if ok else Problem(key, tuple(values), spec)


def find_problems(raw: Mapping[str, Sequence[str]], specs: Mapping[str, Spec]) -> list[Problem]:
    """The parameters in ``raw`` (key -> its values) that do not satisfy ``specs``, in ``specs`` order."""
    found = []
    for key, spec in specs.items():
        values = _values(raw, key)
        if values:
            problem = _problem(key, values, as_spec(spec))
            if problem is not None:
                found.append(problem)
    return found


def invalid_params(raw: Mapping[str, Sequence[str]], specs: Mapping[str, Spec]) -> list[str]:
    """Names of the parameters in ``raw`` (key -> its values) that do not satisfy ``specs``."""
    return [p.name for p in find_problems(raw, specs)]


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


# --- one message per script run ---------------------------------------------------------------------------


@dataclass
class _RunMessage:
    run: object  # identifies the script run (see _current)
    fragment_rerun: bool = False  # a rerun of fragments only: the rest of the page stays as it was
    t: object = None
    problems: dict[str, Problem] = field(default_factory=dict)
    slot: object = None  # the st.empty() the warning is drawn into
    deferred: bool = False  # inside one_message: collect now, draw at its end


_ATTR = "_normviz_link_message"
# Names in the warning that one_message drew outside the fragments in the last full run: still on screen
# during fragment reruns, so a fragment does not show them a second time.
_ON_SCREEN = "_normviz_link_message_names"


def _context():
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    return get_script_run_ctx(suppress_warning=True)


def _current() -> _RunMessage | None:
    """This script run's message; a new one when a new run (full or fragment) has started.

    Streamlit gives each run (``ScriptRunContext.reset``) a new ``cursors``
    dict; holding on to it makes the identity check exact.
    """
    ctx = _context()
    if ctx is None:  # no script run (a bare import)
        return None
    run = getattr(ctx, "cursors", None)
    box = getattr(ctx, _ATTR, None)
    if box is None or box.run is not run:
        box = _RunMessage(run=run, fragment_rerun=bool(getattr(ctx, "fragment_ids_this_run", None)))
        setattr(ctx, _ATTR, box)
    return box


def _draw(box: _RunMessage) -> None:
    if not box.problems:
        return
    if box.slot is None:
        box.slot = st.empty()
    box.slot.warning(message(box.t, list(box.problems.values())), icon="⚠️")


def report(t, *problems: Problem) -> None:
    """Add ``problems`` to this run's one warning (drawn now, or at the end of ``one_message``)."""
    box = _current()
    if box is None or not problems:
        return
    if box.fragment_rerun:
        problems = tuple(p for p in problems if p.name not in st.session_state.get(_ON_SCREEN, ()))
        if not problems:
            return
    for problem in problems:
        box.problems.setdefault(problem.name, problem)
    box.t = t
    if not box.deferred:
        _draw(box)


@contextmanager
def one_message(t=None) -> Iterator[None]:
    """Collect the problems reported inside the block; show them in one warning placed where this is entered.

    For app.py (``t``: the translator; None: the one the last report used)::

        with ui.one_message():
            t = ui.sidebar()
            st.navigation([...]).run()

    On an exception (``st.rerun`` included) nothing is drawn: the next run checks again.
    """
    box = _current()
    if box is None:
        yield
        return
    box.deferred, box.slot = True, st.empty()
    yield
    box.deferred, box.t = False, t or box.t
    _draw(box)
    st.session_state[_ON_SCREEN] = frozenset(box.problems)


def link_values(keys) -> dict[str, list[str]]:
    """The link's values of ``keys`` (key -> all its values); empty without a script run."""
    try:
        return {k: st.query_params.get_all(k) for k in keys if k in st.query_params}
    except Exception:  # no script run context (e.g. imported in a bare script)
        return {}


def warn_invalid_params(t, specs: Mapping[str, Spec]) -> list[str]:
    """Report each link value that the widgets of ``specs`` would drop; return the bad names.

    Call it before the widgets are created (Streamlit removes a dropped value
    from the URL as soon as its widget exists).
    """
    problems = find_problems(link_values(specs), specs)
    report(t, *problems)
    return [p.name for p in problems]
