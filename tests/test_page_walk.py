"""Pages share one session state: a widget key or a state key used by two pages with different meanings (a
"3D" choice on one, a number on the other; a slider of ±120 on one and ±10 on the other) breaks the second
page, sometimes for the rest of the session.

Each page runs once in a fresh session, as it opens and with every control in the main area (sliders, select
sliders, selects, segmented controls and pills, toggles, checkboxes, number and text inputs) set to another
value: no error, and the keys it leaves (its widgets' and its session state's) are its own, namespaced by the
page and on no other page. Then one session walks the app as a curious user would: every page opened and
every control changed, in turn, then every page opened again.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pytest
from streamlit import config as st_config
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import (
    ButtonGroup,
    Checkbox,
    NumberInput,
    Selectbox,
    SelectSlider,
    Slider,
    TextInput,
    Toggle,
    Widget,
)

from normviz.format import field_text
from normviz.ui import TOPIC_PAGES
from normviz.ui.kit.vector_field import VectorFieldError, parse_vector
from tests.helpers.pages import ROOT, TIMEOUT, errors, run_page

PAGES = ("overview", *(name for name, _ in TOPIC_PAGES))


def main_widgets(at: AppTest) -> list[Widget]:
    found = []

    def walk(node):
        if isinstance(node, Widget):
            found.append(node)
        children = getattr(node, "children", None)
        for child in children.values() if isinstance(children, dict) else ():
            walk(child)

    walk(at.main)
    return found


def _other(options, current):
    others = [o for o in options if o != current]
    return others[-1] if others else current


def _labels(widget) -> list[str]:
    """The labels of the widget's current value(s), as its format_func shows them (what a browser sends)."""
    value = widget.value
    values = value if isinstance(value, (list, tuple)) else [value]
    return [str(widget.format_func(v)) for v in values if v is not None]


def _send_labels(widget, labels: list[str]) -> None:
    """Make ``widget`` send ``labels`` on the next run, as a browser does (it sends what it shows).

    AppTest's ``set_value`` takes the option *values*, but a widget with a ``format_func`` lists only
    its labels; the server maps the labels back to the values itself.
    """
    cls = type(widget)

    def state(self):
        ws = cls._widget_state.fget(self)
        ws.string_array_value.data[:] = labels  # both button groups and select sliders send labels
        return ws

    widget.__class__ = type(f"Labelled{cls.__name__}", (cls,), {"_widget_state": property(state)})


def change(widget: Widget) -> str | None:
    """Give ``widget`` a value other than its current one; a line saying what, or None if it has no other."""
    if getattr(widget, "disabled", False):  # a browser user cannot change it either
        return None
    if isinstance(widget, Slider):
        value = widget.value
        if isinstance(value, (tuple, list)):
            return None
        target = widget.max if value != widget.max else widget.min
        widget.set_value(target)
    elif isinstance(widget, SelectSlider):
        if isinstance(widget.value, (tuple, list)):
            return None
        target = _other(widget.options, _labels(widget)[0])
        _send_labels(widget, [target])
    elif isinstance(widget, ButtonGroup):
        shown = _labels(widget)
        if isinstance(widget.value, list):  # multi-select: drop the last chosen (or choose one)
            target = shown[:-1] if shown else widget.options[:1]
        else:
            target = [_other(widget.options, shown[0] if shown else None)]
        _send_labels(widget, target)
    elif isinstance(widget, (Toggle, Checkbox)):
        target = not widget.value
        widget.set_value(target)
    elif isinstance(widget, Selectbox):
        target = _other(widget.options, widget.value)
        widget.set_value(target)
    elif isinstance(widget, NumberInput):
        step = widget.step or 1
        target = widget.value + step
        if widget.max is not None and target > widget.max:
            target = widget.value - step
        widget.set_value(target)
    elif isinstance(widget, TextInput):
        try:
            values = parse_vector(widget.value or "")
        except VectorFieldError:
            return None
        target = field_text(tuple(v + 1 for v in values))
        widget.set_value(target)
    else:
        return None
    return f"{widget.key}={target!r}"


def _switch(at: AppTest, page: str) -> list[str]:
    at.switch_page(f"pages/{page}.py")
    at.run()
    return errors(at)


def _short(messages: list[str]) -> str:
    return "; ".join(m.strip().splitlines()[0][:240] if m.strip() else "(empty)" for m in messages)


@pytest.fixture(scope="module")
def error_details():
    """Real exception messages in AppTest: config.toml hides them from browsers ("none")."""
    before = st_config.get_option("client.showErrorDetails")
    st_config.set_option("client.showErrorDetails", "full")
    yield
    st_config.set_option("client.showErrorDetails", before)


class _Records(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record):
        self.messages.append(record.getMessage())


@dataclass(frozen=True)
class Footprint:
    """What one page, alone in a fresh session, leaves behind: before and after every control changed once."""

    keys: frozenset[str]  # its widgets' keys and the session state it writes, the shell's left out
    errors: tuple[str, ...]  # "open: ..." / "after changing [...]: ..."
    state_api_warnings: tuple[str, ...]  # Streamlit's "default value ... Session State API" warnings


def _shell_keys(at: AppTest) -> set[str]:
    """The sidebar's widgets (language, projector, backend: the whole app's, on every page)."""
    keys = set()

    def walk(node):
        if isinstance(node, Widget) and node.key:
            keys.add(node.key)
        children = getattr(node, "children", None)
        for child in children.values() if isinstance(children, dict) else ():
            walk(child)

    walk(at.sidebar)
    return keys


def owner(key: str) -> str | None:
    """The page whose namespace holds ``key`` (``plane.x1``, ``_information.p1a_last_valid``), or None."""
    head = key.lstrip("_").split(".", 1)[0]
    return head if head in PAGES and "." in key else None


def _footprint(page: str) -> Footprint:
    from streamlit.elements.lib import policies

    shown, policies._shown_default_value_warning = policies._shown_default_value_warning, False  # once a process
    records = _Records()
    policies._LOGGER.addHandler(records)  # on the logger itself: Streamlit creates its loggers with propagate=False
    try:
        at = run_page(page)
        found, problems = set(), []
        if errs := errors(at):
            problems.append(f"open: {_short(errs)}")
        shell = _shell_keys(at)
        found |= {w.key for w in main_widgets(at) if w.key} | set(at.session_state.keys())
        changed = [c for c in (change(w) for w in main_widgets(at)) if c]
        at.run()
        if errs := errors(at):
            problems.append(f"after changing {changed}: {_short(errs)}")
        found |= {w.key for w in main_widgets(at) if w.key} | set(at.session_state.keys())
    finally:
        policies._LOGGER.removeHandler(records)
        policies._shown_default_value_warning = shown
    warned = tuple(m.splitlines()[0] for m in records.messages if "Session State API" in m)
    return Footprint(frozenset(found - shell), tuple(problems), warned)


@pytest.fixture(scope="module")
def footprints(error_details) -> dict[str, Footprint]:
    """Each page once in a fresh session (two runs: as it opens, and with every control changed)."""
    return {page: _footprint(page) for page in PAGES}


@pytest.mark.parametrize("page", PAGES)
def test_every_control_changes_without_an_error_or_a_session_state_warning(page, footprints):
    """Every control set to another value, one rerun: no exception, no error, and no 'created with a default
    value but also had its value set via the Session State API' (a widget given both)."""
    fp = footprints[page]
    assert not fp.errors, fp.errors
    assert not fp.state_api_warnings, fp.state_api_warnings


@pytest.mark.parametrize("page", PAGES)
def test_no_other_page_shares_a_widget_key_or_state_of_this_page(page, footprints):
    """Pages share one session state: a key on two pages carries one page's value into the other (a "3D"
    choice read as a number crashed a page once). Keys in another page's namespace, and keys of this page's
    widgets or state that another page also has, fail; the shell's own state (``_``-prefixed, no page's
    namespace: the URL and export bookkeeping) is shared by design."""
    mine = footprints[page].keys
    foreign = sorted(k for k in mine if owner(k) not in (None, page))
    shared = {
        other: sorted(k for k in mine & fp.keys if not (k.startswith("_") and owner(k) is None))
        for other, fp in footprints.items()
        if other != page
    }
    shared = {other: keys for other, keys in shared.items() if keys}
    assert not foreign, f"{page} uses keys of another page's namespace: {foreign}"
    assert not shared, f"{page} shares keys with other pages: {shared}"


@pytest.mark.timeout(900)
def test_one_session_changes_every_page_then_opens_every_page_again(error_details):
    """One student, one session: each page in turn opened and every control changed, then every page opened
    again, each now after every other page has been changed (state one page leaves must not break another)."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.query_params["lang"] = "en"
    failures, done = [], []
    for page in PAGES:
        if errs := _switch(at, page):
            failures.append(f"open {page} after changing {done}: {_short(errs)}")
            continue
        changed = [c for c in (change(w) for w in main_widgets(at)) if c]
        at.run()
        if errs := errors(at):
            failures.append(f"{page} after changing {changed}: {_short(errs)}")
        done.append(page)
    for page in PAGES:
        if errs := _switch(at, page):
            failures.append(f"reopen {page} after changing every page: {_short(errs)}")
    assert not failures, f"{len(failures)} failure(s) in one session:\n" + "\n".join(failures)
