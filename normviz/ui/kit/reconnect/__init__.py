"""After a lost connection, one full run: a page whose replica died goes on working on the next.

Behind ``make serve``'s nginx, a browser whose replica dies reconnects to another replica, which holds no
session for it: that session has never run the script, so it knows none of the page's fragments and drops
their reruns ("The fragment with id ... does not exist anymore"). The page looked right and a slider in a
fragment (the plane's x) did nothing. Streamlit asks for a run on reconnect only when one was interrupted
(streamlit#9083, #11890). This component watches the app's connection state and, when it comes back after
a loss, asks for a full run, with the browser's widget values: the new session runs the whole page as it
was, URL state included, and its fragments work again.

A components.v2 component, ``normviz.reconnect`` (``assets/reconnect.js``, declared in ``pyproject.toml``;
see ``normviz.ui.kit.component``), mounted by the shell on every run, outside any fragment (so its trigger
reruns the app, not a fragment). ``<html data-nv-reconnect>`` says it listens (tests wait for it) and counts
the runs it asked for.
"""

from __future__ import annotations

import logging

from normviz.ui.kit import component

_NAME = "reconnect"  # the component's name in pyproject.toml; its file is in assets/
_JS = "reconnect.js"
_HTML = "<span data-nv-reconnect hidden></span>"
_LOG = logging.getLogger(__name__)


def rerun_after_reconnect() -> bool:
    """Mount the watcher; True in the run that a reconnection asked for."""
    mount, reason = component.register(_NAME, js=_JS, html=_HTML)
    if mount is None:
        component.warn_once(_LOG, "normviz.ui.kit.reconnect: a reconnected page may need a reload", reason)
        return False
    return mount(key="_normviz.reconnect", on_reconnected_change=lambda: None).reconnected is not None
