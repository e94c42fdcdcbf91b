"""The URL holds the scene: short names, checked values, one history entry per action.

A page declares its parameters (``Param``: the URL name, the widget's session
key, how to read and write the value). Each run:

* ``load(params)`` before the widgets are made: when the URL differs from what
  the app last wrote (a first visit, an edited link, Back or Forward), the URL
  is the source: each value is parsed and checked, a good one goes into the
  widget's session state, a bad one is reported (name, allowed range, value
  used) and the widget keeps its current value;
* ``save(params)`` after them: the whole scene is written back with one
  ``st.query_params.from_dict``: one ``page_info_changed`` message, which the
  browser turns into one history entry (or replaces the entry during Back).

Widgets here are not ``bind="query-params"``: a bound widget rewrites the URL
in place (no history entry) and several bound widgets changed by one click
(a preset) wrote intermediate scenes into the history.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import streamlit as st
from streamlit.errors import StreamlitAPIException

_WRITTEN = "_links.written"  # the query dict the app wrote last
MAX_CHARS = 64


@dataclass(frozen=True)
class Param:
    """One URL parameter: ``name`` in the URL, ``key`` in session state."""

    name: str
    key: str
    parse: Callable[[str], object]  # raises ValueError for a bad value
    format: Callable[[object], str]
    allowed: str  # the allowed range or values, for the message
    default: object


def number(name: str, key: str, low: float, high: float, default: float) -> Param:
    def parse(text: str) -> float:
        value = float(text)
        if not (math.isfinite(value) and low <= value <= high):
            raise ValueError(text)
        return value

    return Param(name, key, parse, lambda v: f"{float(v):g}", f"[{low:g}, {high:g}]", float(default))


def choice(name: str, key: str, options: Sequence[str], default: str) -> Param:
    def parse(text: str) -> str:
        for option in options:
            if text.lower() == option.lower():
                return option
        raise ValueError(text)

    return Param(name, key, parse, str, " | ".join(options), default)


def choices(name: str, key: str, options: Sequence[str], default: Sequence[str]) -> Param:
    """A multi-select: comma-separated options in the URL ("" means none)."""

    def parse(text: str) -> list[str]:
        picked = [choice(name, key, options, "").parse(part.strip()) for part in text.split(",") if part.strip()]
        return [o for o in options if o in picked]

    return Param(name, key, parse, lambda v: ",".join(v), ", ".join(options), list(default))


def flag(name: str, key: str, default: bool = False) -> Param:
    def parse(text: str) -> bool:
        if text.lower() in ("true", "1"):
            return True
        if text.lower() in ("false", "0"):
            return False
        raise ValueError(text)

    return Param(name, key, parse, lambda v: "true" if v else "false", "true | false", bool(default))


@dataclass(frozen=True)
class Problem:
    name: str
    value: str  # what the link said (shown literally)
    allowed: str
    used: str


def _current() -> dict[str, str]:
    return {k: st.query_params[k] for k in st.query_params}


def load(params: Sequence[Param]) -> list[Problem]:
    """Seed the widgets of ``params`` from the URL when the URL is new to the app; return the bad values.

    A parameter missing from the URL keeps its widget's value (its default on a first visit).
    """
    for p in params:
        st.session_state.setdefault(p.key, p.default)
    url = _current()
    if url == st.session_state.get(_WRITTEN):
        return []
    problems = []
    for p in params:
        if p.name not in url:
            continue
        raw = url[p.name]
        try:
            if len(raw) > MAX_CHARS:
                raise ValueError(raw)
            st.session_state[p.key] = p.parse(raw.strip())
        except ValueError:
            problems.append(Problem(p.name, raw, p.allowed, p.format(st.session_state[p.key])))
    return problems


def save(params: Sequence[Param], *, keep: Sequence[str] = ()) -> None:
    """Write the scene (every param, plus the names in ``keep`` as they are) to the URL in one message."""
    url = _current()
    want = {name: url[name] for name in keep if name in url}
    want.update({p.name: p.format(st.session_state[p.key]) for p in params})
    if want == url:
        st.session_state[_WRITTEN] = want
        return
    try:
        st.query_params.from_dict(want)
    except StreamlitAPIException:  # a widget bound to the URL still owns a parameter: leave it alone
        changed = {k: v for k, v in want.items() if url.get(k) != v}
        if changed:
            st.query_params.update(changed)
    st.session_state[_WRITTEN] = _current()


def write(param: Param) -> None:
    """Put one widget's value into the URL now (an on_change callback: one message)."""
    value = param.format(st.session_state[param.key])
    if st.query_params.get(param.name) != value:
        st.query_params[param.name] = value


def report(t, problems: Sequence[Problem]) -> None:
    """One message naming every bad link value, its allowed values and the value used instead."""
    if problems:
        from normviz.ui.views import literal

        items = "\n".join(t("links.item", name=literal(p.name), value=literal(p.value), allowed=literal(p.allowed),
                             used=literal(p.used)) for p in problems)
        st.warning(t("links.invalid") + "\n\n" + items, icon="⚠️")
