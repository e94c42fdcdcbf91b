"""An integer entry kept in the URL by hand (``?n=896``).

Streamlit 1.67's ``st.number_input`` for integers with ``bind="query-params"``
crashes on a link value such as ``n=1e309`` or ``n=inf`` (``int(inf)`` raises
``OverflowError`` in its deserializer) and silently truncates ``n=3.5`` to 3.
So the link is read and checked here: a value that is not a whole number
within the bounds gives the default and a warning in the user's language;
afterwards the widget's value is written back to the URL on every change
(the default is left out, as Streamlit does for bound widgets).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import streamlit as st


def parse_int(raw, low: int, high: int) -> int | None:
    """The integer in ``raw`` if it is a whole number within [low, high], else None."""
    text = str(raw).strip()
    if not text or len(text) > 32:
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    if not math.isfinite(value) or value != int(value) or not low <= value <= high:
        return None
    return int(value)


def _sync_url(key: str, value: int, default: int) -> None:
    want = None if value == default else str(value)
    if st.query_params.get(key) != want:
        if want is None:
            del st.query_params[key]
        else:
            st.query_params[key] = want


def _set_state(key: str, value: int) -> None:
    st.session_state[key] = value


def preset_buttons(key: str, presets: Mapping[int, str], *, prefix: str,
                   helps: Mapping[int, str] | None = None) -> None:
    """A row of buttons, one per preset value (labelled ``presets[value]``), that set the entry ``key``.

    The value is set in a click callback, so the ``int_input`` under ``key`` shows it on the rerun.
    Button keys are ``{prefix}{value}``; ``helps`` gives a tooltip per value.
    """
    helps = helps or {}
    for col, (value, label) in zip(st.columns(len(presets)), presets.items()):
        col.button(label, key=f"{prefix}{value}", on_click=_set_state, args=(key, value), width="stretch",
                   help=helps.get(value))


def int_input(t, label: str, *, key: str, low: int, high: int, default: int, help: str | None = None,
              container=None) -> int:
    """A number input for an integer in [low, high], seeded from ``?key=`` on the first run."""
    where = container or st
    if key not in st.session_state:
        value = default
        raw = st.query_params.get(key)
        if raw is not None:
            parsed = parse_int(raw, low, high)
            if parsed is None:
                st.warning(t("url.invalid", names=f"`{key}`"), icon="⚠️")
            else:
                value = parsed
        st.session_state[key] = value
    value = int(where.number_input(label, min_value=low, max_value=high, step=1, key=key, help=help))
    _sync_url(key, value, default)
    return value
