"""The URL holds the scene: the app's one way to keep state in the address.

A page declares its parameters (``Param``: the name in the URL, the widget's
session key, what it may hold) and reads them before its widgets are made::

    PARAMS = (links.number("invariance.a", "invariance.a", -3, 3, 2.0), ...)
    links.load(t, PARAMS)                      # before the widgets
    a = keyed_slider(st, label, -3.0, 3.0, step=0.05, key="invariance.a")   # no value=, no bind= (controls.py)

app.py runs every page inside ``page_state()``; each fragment is a ``links.fragment``.

* ``load`` seeds each widget's session state (its last value this session, or
  its default) and, when the address is one the app did not write (a first
  visit, a pasted link, Back or Forward), takes the values from the URL: a good
  one goes into the widget's state, a bad one is reported (``report``) and the
  widget keeps its value. Back and Forward land on addresses this session
  wrote: those are restored exactly (a parameter left out means its default).
* At the end of a run (``page_state``'s end, or a fragment's rerun) the whole
  scene goes into the URL with one ``st.query_params.from_dict``: one message
  to the browser, which makes it one history entry (or, during Back and
  Forward, replaces the entry). A parameter at its default is left out, so an
  untouched page has a bare address and a visit adds no history entry.
* Every problem of one run is shown in ONE warning at the top of the page, in
  the page's language, the link's text shown literally (``urlcheck.message``).
  A fragment's rerun finds the address it wrote itself: nothing to check, so
  that warning is neither repeated nor cleared.

Only Streamlit's public API is used: ``st.session_state``, ``st.query_params``,
``st.context``, ``st.empty``, ``st.fragment``, ``st.rerun``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace

import streamlit as st
from streamlit.errors import StreamlitAPIException

from normviz.ui.kit.turns import script_turn
from normviz.ui.kit.urlcheck import Choice, Problem, Range, Text, given_values, matching_option, message, problem

_WRITTEN = "_links.written"  # (page, query) the app wrote last
_SEEN = "_links.seen"  # (page, query) -> None, every address this session wrote, oldest first
_KEPT = "_links.kept"  # widget key -> its last value: a page the student comes back to shows it again
PARAMS_KEY = "_links.params"  # the parameters the last full run loaded (a fragment's rerun writes them)
SEEN_MAX = 2000
_BOOL = ("true", "false")

Query = dict[str, tuple[str, ...]]


@dataclass(frozen=True)
class Param:
    """One URL parameter: ``name`` in the URL, ``key`` in session state, ``spec`` what the URL may hold.

    A choice's ``spec.options`` are its texts in the URL; ``values`` the widget's options, one per text
    (empty: the same). The spec's default is the widget's value on a first visit.
    """

    name: str
    key: str
    spec: Range | Choice | Text
    values: tuple = ()
    always: bool = False  # written even at its default (the copy button's script looks for it)

    def option(self, text: str):
        """The widget's option for the URL text ``text`` (one of ``spec.options``)."""
        return self.values[self.spec.options.index(text)] if self.values else text

    def text(self, option) -> str:
        """The URL text of the widget's option ``option`` (the default's for a value it does not know)."""
        if not self.values:
            return str(option)
        return self.spec.options[self.values.index(option)] if option in self.values else self.spec.default

    @property
    def default(self):
        spec = self.spec
        if isinstance(spec, Text):
            return spec.default
        if isinstance(spec, Range):
            return int(spec.default) if spec.integer else float(spec.default)
        if spec.multi:
            return [self.option(o) for o in spec.default]
        return self.option(spec.default)

    def value(self, given: Sequence[str]):
        """The widget value for the link's (valid, non-empty) ``given`` values."""
        spec = self.spec
        if isinstance(spec, Text):
            return given[0]
        if isinstance(spec, Range):
            number = float(given[0])
            return int(number) if spec.integer else number
        picked = {matching_option(v, spec) for v in given}
        if spec.multi:
            return [self.option(o) for o in spec.options if o in picked]
        return self.option(matching_option(given[0], spec))

    def url(self, value) -> tuple[str, ...]:
        """The URL values for a widget value (several for a multi-select; ``("",)``: none chosen)."""
        spec = self.spec
        if value is None:
            value = self.default
        if isinstance(spec, Text):
            return (str(value),)
        if isinstance(spec, Range):
            return (str(int(value)),) if spec.integer else (f"{float(value):.12g}",)
        if spec.multi:
            return tuple(self.text(v) for v in value) if value else ("",)
        return (self.text(value),)

    def used(self, value):
        """How the message shows ``value`` as the value used instead."""
        if isinstance(self.spec, Range):
            return float(value)
        texts = self.url(value)
        return tuple(t for t in texts if t) if isinstance(self.spec, Choice) and self.spec.multi else texts[0]


def number(
    name: str, key: str, low: float, high: float, default: float, *, integer: bool = False, always: bool = False
) -> Param:
    """A number in [low, high] (``integer``: a whole number, the widget's value an int; ``always``: in the
    URL even at its default)."""
    cast = int if integer else float
    return Param(name, key, Range(cast(low), cast(high), default=cast(default), integer=integer), always=always)


def integer(name: str, key: str, low: int, high: int, default: int) -> Param:
    return number(name, key, low, high, default, integer=True)


def choice(name: str, key: str, options: Sequence, default, *, texts: Sequence[str] | None = None) -> Param:
    """One of ``options``; ``texts``: each option's text in the URL (default: the option itself)."""
    options = tuple(options)
    if texts is None:
        return Param(name, key, Choice(tuple(str(o) for o in options), default=str(default)))
    texts = tuple(texts)
    return Param(name, key, Choice(texts, default=texts[options.index(default)]), options)


def choices(name: str, key: str, options: Sequence[str], default: Sequence[str]) -> Param:
    """A multi-select: the URL repeats the name once per chosen option (``?show=L2&show=RMSNorm``)."""
    return Param(name, key, Choice(tuple(options), default=tuple(default), multi=True))


def flag(name: str, key: str, default: bool = False) -> Param:
    """A toggle: ``true`` or ``false`` in the URL, in any case."""
    spec = Choice(_BOOL, default="true" if default else "false", case_sensitive=False)
    return Param(name, key, spec, (True, False))


def text(name: str, key: str, default: str) -> Param:
    """Any text (a typed vector): its widget says what is wrong with it."""
    return Param(name, key, Text(default))


# --- the URL and the widgets' values: pure ---------------------------------------------------------------


def resolve(
    params: Sequence[Param], url: Mapping[str, Sequence[str]], current: Mapping[str, object], *, exact: bool
) -> tuple[dict[str, object], list[Problem]]:
    """What the address ``url`` (name -> its values) sets: widget key -> value, and the problems found.

    ``current``: each widget's value now (key -> value), kept where the link's value cannot be used.
    ``exact``: the address is one the app wrote, so a parameter left out is at its default; otherwise
    (a pasted or edited link) a parameter left out keeps its current value.
    """
    updates: dict[str, object] = {}
    problems: list[Problem] = []
    for p in params:
        kept = p.default if exact else current.get(p.key, p.default)
        given = given_values(url, p.name)
        if not given:
            if p.name in url and isinstance(p.spec, Choice) and p.spec.multi:
                updates[p.key] = []  # ?show= : none chosen
            elif exact:
                updates[p.key] = kept
            continue
        found = problem(p.name, given, p.spec)
        if found is None:
            updates[p.key] = p.value(given)
        elif found.used:  # a multi-select keeps the valid values it was given
            updates[p.key] = p.value(found.used)
            problems.append(found)
        else:
            updates[p.key] = kept
            problems.append(replace(found, used=p.used(kept)))
    return updates, problems


def query(params: Sequence[Param], values: Mapping[str, object]) -> Query:
    """The URL of a scene (widget key -> value): every parameter not at its default (and the ``always`` ones)."""
    out: Query = {}
    for p in params:
        texts = p.url(values.get(p.key, p.default))
        if p.always or texts != p.url(p.default):
            out[p.name] = texts
    return out


def shows(params: Sequence[Param], url: Mapping[str, Sequence[str]], values: Mapping[str, object]) -> bool:
    """Whether the address ``url`` says exactly the scene ``values`` (a link spelling out a default, say):
    then it stays as it is, and opening it adds no history entry."""
    if not set(url) <= {p.name for p in params} or any(p.always and p.name not in url for p in params):
        return False
    updates, problems = resolve(params, url, values, exact=True)
    return not problems and all(updates[p.key] == values.get(p.key, p.default) for p in params)


# --- in a script run -------------------------------------------------------------------------------------


@dataclass
class _Run:
    """One full run inside ``page_state``: the parameters loaded, the problems found, where the warning goes."""

    t: object = None
    params: dict[str, Param] = field(default_factory=dict)
    problems: dict[str, Problem] = field(default_factory=dict)
    slot: object = None


_RUN: ContextVar[_Run | None] = ContextVar("normviz_links_run", default=None)


def in_page_state() -> bool:
    """Whether this script run is a full run inside ``page_state`` (not a fragment's rerun, not a page alone)."""
    return _RUN.get() is not None


def _page() -> str:
    """The page's address without the query ("" where there is no browser, as in AppTest)."""
    try:
        return st.context.url or ""
    except Exception:  # no script run context
        return ""


def _address() -> tuple[str, Query]:
    return _page(), {k: tuple(st.query_params.get_all(k)) for k in st.query_params}


def _seen_key(address: tuple[str, Query]) -> tuple[str, frozenset]:
    return address[0], frozenset(address[1].items())


def _copy(value):
    return list(value) if isinstance(value, list) else value


_MISSING = object()


def _held(p: Param, value, last):
    """``value``, or ``last`` where it holds none: missing, or None where None is not one of the widget's values
    (a run cut short before the widget ran can leave that under load, and a fragment's save then kept it)."""
    return last if value is None and None not in p.values else value


def load(t, params: Sequence[Param]) -> None:
    """Seed the widgets of ``params``; take the URL's values when the address is new to the app.

    Call it before the widgets are made. Bad values are reported (``report``): one message per run.
    """
    run = _RUN.get()
    if run is not None:
        run.t = t
        run.params.update((p.name, p) for p in params)
    kept = st.session_state.get(_KEPT, {})
    for p in params:
        if _held(p, st.session_state.get(p.key, _MISSING), _MISSING) is _MISSING:  # no value yet, or a None
            st.session_state[p.key] = _copy(_held(p, kept.get(p.key), p.default))
    here, written = _address(), st.session_state.get(_WRITTEN)
    if here == written:
        return
    # Back and Forward on this page land on an address this session wrote; a pasted link, a first
    # visit or a page reached through the navigation (its address is bare) keep what they leave out
    exact = written is not None and here[0] == written[0] and _seen_key(here) in st.session_state.get(_SEEN, {})
    updates, problems = resolve(params, here[1], {p.key: st.session_state[p.key] for p in params}, exact=exact)
    for key, value in updates.items():
        st.session_state[key] = value
    report(t, *problems)


def save(params: Sequence[Param]) -> None:
    """Write the scene of ``params`` to the URL in one message: one history entry (none when nothing changed)."""
    kept = dict(st.session_state.get(_KEPT, {}))
    # a widget of a run cut short by the next interaction may have no value; its last one stands in
    values = {p.key: _held(p, st.session_state.get(p.key), kept.get(p.key, p.default)) for p in params}
    kept.update((k, _copy(v)) for k, v in values.items())
    st.session_state[_KEPT] = kept
    want = query(params, values)
    address = here = _address()
    if want != here[1] and not shows(params, here[1], values):
        st.query_params.from_dict({k: list(v) for k, v in want.items()})
        address = (here[0], want)
    st.session_state[_WRITTEN] = address
    seen = st.session_state.setdefault(_SEEN, {})
    seen.pop(_seen_key(address), None)
    seen[_seen_key(address)] = None
    while len(seen) > SEEN_MAX:
        seen.pop(next(iter(seen)))


def report(t, *problems: Problem) -> None:
    """Add ``problems`` to this run's one warning (outside ``page_state``: a warning here and now)."""
    if not problems:
        return
    run = _RUN.get()
    if run is None:
        st.warning(message(t, problems), icon="⚠️")
        return
    run.t = t
    for found in problems:
        run.problems.setdefault(found.name, found)


@contextmanager
def page_state(t=None) -> Iterator[None]:
    """The frame of every full run, for app.py::

        with ui.page_state():
            page = st.navigation([...], made with ui.load_sidebar())
            ui.sidebar()
            page.run()

    The warning's place is reserved where this is entered (above the page, outside every fragment);
    at the end the run's problems fill it and the scene of every parameter loaded goes into the URL.
    On an exception (``st.rerun`` included) neither happens: the next run does it.
    """
    run = _Run(t=t, slot=st.empty())
    token = _RUN.set(run)
    try:
        with script_turn():  # one of a few sessions at a time (turns.py)
            yield
    finally:
        _RUN.reset(token)
    if run.problems:
        run.slot.warning(message(run.t, list(run.problems.values())), icon="⚠️")
    params = tuple(run.params.values())
    st.session_state[PARAMS_KEY] = params
    save(params)


def fragment(func=None, **options):
    """``st.fragment`` whose own reruns write the scene to the URL, as a full run does at its end.

    Use it for every fragment (``@links.fragment``): a control inside one changes the address too.
    ``key="page.name"`` lets a widget outside it rerun it alone (``rerun_only``).
    """
    if func is None:
        return functools.partial(fragment, **options)

    @functools.wraps(func)
    def body(*args, **kwargs):
        with script_turn():  # within a full run's turn already, or its own
            result = func(*args, **kwargs)
        if not in_page_state():  # a fragment's rerun: the main script, page_state with it, did not run
            save(st.session_state.get(PARAMS_KEY, ()))
        return result

    return st.fragment(body, **options)


def rerun_only(*fragment_keys: str):
    """A widget's ``on_change``: rerun only the fragments ``@fragment(key=...)`` named, not the page or the
    widget's own fragment, so the widget and everything else around it is not drawn and sent again. Those
    fragments read the widget's value from the session state.

    Where one of them has not run in this session yet (Streamlit knows no such key), the widget's own rerun
    happens instead, which draws them too. Name top-level fragments: a fragment nested in a keyed one that
    writes outside its own body leaves its old elements behind when the outer one reruns (Streamlit 1.67).
    """
    if not fragment_keys:
        raise ValueError("rerun_only needs at least one fragment key")
    scope = fragment_keys[0] if len(fragment_keys) == 1 else list(fragment_keys)

    def rerun() -> None:
        try:
            st.rerun(scope)
        except StreamlitAPIException:  # no such fragment yet; a successful call raises RerunException
            pass

    return rerun
