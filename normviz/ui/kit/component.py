"""normviz's browser components: every piece of JavaScript the app runs is a file, served by Streamlit.

One component is one folder, ``normviz/ui/<name>/``: its Python in ``__init__.py``, its JavaScript
and CSS in ``assets/``, declared in ``pyproject.toml`` (``[[tool.streamlit.component.components]]``
with that ``asset_dir``). Streamlit reads the declaration from the installed package (``pip install
--no-deps -e .``, as ``make`` does) and serves the folder's files at its component route,
``<route>/normviz.<name>/<file>``, where the browser caches them: a rerun's message names the file,
it does not carry the code.

``app_static`` is the one place that knows the route of the app's static files: a component's
JavaScript that needs one (plotly.js, for the figures, the live chart and the export) gets its path from Python
and resolves ``"../" + path`` against its own ``import.meta.url``. No route is
written anywhere else.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import streamlit as st
from streamlit.errors import StreamlitAPIException

PROJECT = "normviz"  # [project] name in pyproject.toml: the first half of every component's name

_said: set[tuple[str, str]] = set()  # (logger, reason) already logged by this process
_mounts: dict[tuple, Callable] = {}  # a registered definition's mount function, by its arguments


def full_name(name: str) -> str:
    """``"live"`` -> ``"normviz.live"``: the name Streamlit knows the component by."""
    return f"{PROJECT}.{name}"


def app_static(file: str) -> str:
    """A file of the app's ``static/`` folder (Streamlit's ``<base>/app/static/``), as a path that a component's
    JavaScript resolves, after a ``"../"``, against its own ``import.meta.url``:
    ``"../../app/static/plotly-7.1.0.min.js"`` (the component route is
    ``<base>/_stcore/bidi-components/``)."""
    return f"../../app/static/{file}"


def register(
    name: str, *, js: str, css: str | None = None, html: str | None = None, isolate_styles: bool = True
) -> tuple[Callable | None, str | None]:
    """(the mount function, None), or (None, why the component is unavailable).

    ``js`` and ``css`` are file names in the component's ``assets/`` folder. Call it inside the script run.
    A definition is registered once per process: registering resolves and checks the asset paths (0.3 ms, every
    figure of every run), and the mount function registers it again on a runtime that lacks it (AppTest makes
    one per test).
    """
    definition = (name, js, css, html, isolate_styles)
    mount = _mounts.get(definition)
    if mount is not None:
        return mount, None
    try:
        mount = st.components.v2.component(full_name(name), js=js, css=css, html=html, isolate_styles=isolate_styles)
    except StreamlitAPIException as exc:
        return None, (
            f"Streamlit knows no asset_dir for {full_name(name)!r} ({exc}); install normviz into this "
            "environment (`pip install --no-deps -e .`, as `make` does) so that Streamlit finds its pyproject.toml"
        )
    _mounts[definition] = mount
    return mount, None


def warn_once(logger: logging.Logger, what: str, reason: str) -> None:
    """Log ``what: reason`` once per process and logger: a missing component is said once, not per rerun."""
    if (logger.name, reason) not in _said:
        _said.add((logger.name, reason))
        logger.warning("%s: %s", what, reason)
