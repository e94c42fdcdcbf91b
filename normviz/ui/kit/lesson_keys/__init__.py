"""The lesson's key listener: ← / PageUp go back a step, → / PageDown go on (a presenter's clicker).

A components.v2 component, ``normviz.lesson_keys`` (``assets/lesson_keys.js``, declared in
``pyproject.toml``; see ``normviz.ui.kit.component``). It listens on the app's document and leaves alone
a key that something else handled (the live chart nudging x or stepping its animation), a key typed
into a field, on a slider, a tab list or inside the live chart, and any key with a modifier. While it
listens, ``<html>`` carries ``data-nv-lesson-keys="on"``. Where Streamlit knows no such component
(normviz not installed), there are no keys and one warning in the log names the fix; the lesson's
buttons still step.
"""

from __future__ import annotations

import logging

from normviz.ui.kit import component

_NAME = "lesson_keys"  # the component's name in pyproject.toml; its file is in assets/
_JS = "lesson_keys.js"
_HTML = "<span data-nv-lesson-keys></span>"
_LOG = logging.getLogger(__name__)


def pressed(key: str) -> str | None:
    """ "prev" or "next" in the run that a key press caused, else None."""
    mount, reason = component.register(_NAME, js=_JS, html=_HTML)
    if mount is None:
        component.warn_once(_LOG, "normviz.ui.kit.lesson_keys: no lesson keys", reason)
        return None
    step = str(mount(key=key, on_step_change=lambda: None).step or "").partition(":")[0]
    return step if step in ("prev", "next") else None
