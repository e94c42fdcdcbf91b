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

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass

import streamlit as st
from streamlit.errors import StreamlitAPIException

from normviz.ui import urlcheck
from normviz.ui.urlcheck import Choice, Range

_WRITTEN = "_links.written"  # the query the app wrote last: name -> tuple of values


@dataclass(frozen=True)
class Param:
    """One URL parameter: ``name`` in the URL, ``key`` in session state, ``spec`` what it may hold.

    The spec's default is the widget's value on a first visit.
    """

    name: str
    key: str
    spec: Range | Choice

    def value(self, given: Sequence[str], problem: urlcheck.Problem | None):
        """The widget value for the link's ``given`` values (after urlcheck found ``problem`` or none)."""
        spec = self.spec
        if isinstance(spec, Range):
            return float(given[0])
        match = {o.lower() if not spec.case_sensitive else o: o for o in spec.options}
        picked = [match[v.strip().lower() if not spec.case_sensitive else v] for v in
                  (problem.used if problem is not None else given)]
        if spec.multi:
            return [o for o in spec.options if o in picked]
        return picked[0] == "true" if spec.options == _BOOL else picked[0]

    def url(self, value) -> tuple[str, ...]:
        """The URL values for a widget value (several for a multi-select)."""
        if isinstance(self.spec, Range):
            return (f"{float(value):g}",)
        if isinstance(self.spec, Choice) and self.spec.multi:
            return tuple(value) if value else ("",)  # a bare ?name= means "none chosen"
        if isinstance(value, bool):
            return ("true" if value else "false",)
        return (str(value),)

    @property
    def default(self):
        d = self.spec.default
        if isinstance(self.spec, Choice) and self.spec.multi:
            return list(d)
        if isinstance(self.spec, Choice) and self.spec.options == _BOOL:
            return d == "true"
        return d


_BOOL = ("true", "false")


def number(name: str, key: str, low: float, high: float, default: float) -> Param:
    return Param(name, key, Range(float(low), float(high), default=float(default)))


def choice(name: str, key: str, options: Sequence[str], default: str) -> Param:
    return Param(name, key, Choice(tuple(options), default=default))


def choices(name: str, key: str, options: Sequence[str], default: Sequence[str]) -> Param:
    """A multi-select: the URL repeats the name once per chosen option (``?show=L2&show=RMSNorm``)."""
    return Param(name, key, Choice(tuple(options), default=tuple(default), multi=True))


def flag(name: str, key: str, default: bool = False) -> Param:
    return Param(name, key, Choice(_BOOL, default="true" if default else "false", case_sensitive=False))


def _current() -> dict[str, tuple[str, ...]]:
    return {k: tuple(st.query_params.get_all(k)) for k in st.query_params}


def load(t, params: Sequence[Param]) -> None:
    """Seed the widgets of ``params`` from the URL when the URL is new to the app; report bad values.

    A parameter missing from the URL keeps its widget's value (its default on a first visit); a bad
    one is reported (``urlcheck``: one message per page) and the widget keeps its value too.
    """
    for p in params:
        st.session_state.setdefault(p.key, p.default)
    url = _current()
    if url == st.session_state.get(_WRITTEN):
        return
    for p in params:
        given = [v for v in url.get(p.name, ()) if v.strip()]
        if not given:
            if p.name in url and isinstance(p.spec, Choice) and p.spec.multi:
                st.session_state[p.key] = []  # ?show= : none chosen
            continue
        problem = urlcheck.find_problems({p.name: given}, {p.name: p.spec})
        problem = problem[0] if problem else None
        if problem is not None:
            used = p.url(st.session_state[p.key])
            urlcheck.report(t, problem if problem.used else urlcheck.Problem(p.name, tuple(given), p.spec, used))
            if not problem.used:
                continue
        st.session_state[p.key] = p.value(given, problem)


def save(params: Sequence[Param]) -> None:
    """Write the whole scene to the URL in one message: one history entry (none when nothing changed)."""
    url = _current()
    # .get: a widget outside this fragment (the sidebar's language) may have no value in a fragment rerun
    # whose full run was cut short by the next interaction; its default then stands in
    want = {p.name: p.url(st.session_state.get(p.key, p.default)) for p in params}
    if want == url:
        st.session_state[_WRITTEN] = want
        return
    try:
        st.query_params.from_dict({k: list(v) for k, v in want.items()})
    except StreamlitAPIException:  # a widget bound to the URL owns some parameter: leave that one alone
        for k, v in want.items():
            if url.get(k) != v:
                with contextlib.suppress(StreamlitAPIException):
                    st.query_params[k] = list(v)
    st.session_state[_WRITTEN] = _current()


def write(param: Param) -> None:
    """Put one widget's value into the URL now (an on_change callback: one message)."""
    value = list(param.url(st.session_state[param.key]))
    if tuple(st.query_params.get_all(param.name)) != tuple(value):
        st.query_params[param.name] = value
