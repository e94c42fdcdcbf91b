"""One student, one session, every page: change every control, then open every other page.

Pages share one session state, so a widget key used on two pages with
different meanings (a "3D" choice on one, a number on the other; a slider of
±120 on one and ±10 on the other) breaks the second page, sometimes for the
rest of the session. This test walks the app as a curious user would: in ONE
AppTest session it opens each page, sets every control in the main area
(sliders, select sliders, selects, segmented controls and pills, toggles,
checkboxes, number and text inputs) to a non-default value, reruns, and then
opens every other page. Any exception or error element is collected with the
pair of pages it happened on; the test fails listing all of them.
"""

from __future__ import annotations

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

from normviz.ui import TOPIC_PAGES
from normviz.format import field_text
from normviz.ui.vector_text import VectorTextError, parse_vector
from pagetest import ROOT, TIMEOUT, errors, run_page

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
        except VectorTextError:
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


@pytest.fixture
def error_details():
    """Real exception messages in AppTest: config.toml hides them from browsers ("none")."""
    before = st_config.get_option("client.showErrorDetails")
    st_config.set_option("client.showErrorDetails", "full")
    yield
    st_config.set_option("client.showErrorDetails", before)


def _short(messages: list[str]) -> str:
    return "; ".join(m.strip().splitlines()[0][:240] if m.strip() else "(empty)" for m in messages)


@pytest.mark.timeout(1500)
def test_change_every_control_then_open_every_other_page_in_one_session(error_details):
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.query_params["lang"] = "en"
    failures = []
    for page in PAGES:
        if errs := _switch(at, page):
            failures.append(f"open {page}: {_short(errs)}")
            continue
        changed = [c for c in (change(w) for w in main_widgets(at)) if c]
        at.run()
        if errs := errors(at):
            failures.append(f"{page} after changing {changed}: {_short(errs)}")
        for other in PAGES:
            if other != page and (errs := _switch(at, other)):
                failures.append(f"{page} (changed {len(changed)} controls) -> {other}: {_short(errs)}")
    assert not failures, f"{len(failures)} page pair(s) fail in one session:\n" + "\n".join(failures)


@pytest.mark.parametrize("page", ["plane", "space", "dof", "highdim", "information", "invariance"])
def test_changing_controls_logs_no_widget_state_warning(page, caplog, monkeypatch):
    """Streamlit logs 'created with a default value but also had its value set via the Session State API'
    (with a stack trace, once per process) when a widget gets both; none of ours may."""
    from streamlit.elements.lib import policies

    monkeypatch.setattr(policies, "_shown_default_value_warning", False)
    at = run_page(page)
    for widget in main_widgets(at):
        if change(widget) is not None:
            at.run()
    assert not [r for r in caplog.records if "Session State API" in r.getMessage()]
