"""Number entries that speak the page's language: bounded fields, integers, preset buttons.

Streamlit's own number input with ``min_value``/``max_value`` answers a value
typed outside them with an English error ("Number is outside the allowed
range…") on every page, Chinese included. So ``number_field`` creates it
without bounds, clamps a typed value in its change callback and says under the
field, in the user's language, what was typed, the allowed range and the value
used. A link's value reaches the field through ``links`` (``links.integer``),
which checks it first.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import streamlit as st

from normviz.format import shortest

_NOTE = "_normviz_clamped_{key}"


def clamp(value, low, high):
    """``value`` limited to [low, high] (None and NaN give None)."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    return min(max(value, low), high)


def _clamp_state(key: str, low, high, fallback, then: Callable | None, args: tuple) -> None:
    """The field's change callback: clamp the typed value, note what happened, then run ``then``."""
    typed = st.session_state.get(key)
    used = clamp(typed, low, high)
    if used is None:
        used = fallback
    if used != typed:
        st.session_state[key] = used
        st.session_state[_NOTE.format(key=key)] = (typed, used)
    if then is not None:
        then(*args)


def clamped_message(t, label: str, typed, used, low, high) -> str:
    """ "<field>: <typed> is outside <low> to <high>; <used> is used." in the user's language."""
    return t(
        "input.clamped",
        field=label,
        given=shortest(typed) if typed is not None else "—",
        low=shortest(low),
        high=shortest(high),
        used=shortest(used),
    )


def number_field(
    t,
    label: str,
    *,
    key: str,
    low,
    high,
    step,
    fallback=None,
    format: str | None = None,
    help: str | None = None,
    container=None,
    on_change: Callable | None = None,
    args: tuple = (),
    label_visibility: str = "visible",
):
    """``st.number_input`` under ``key`` for a value in [low, high], without Streamlit's English range error.

    Set ``st.session_state[key]`` (an int for an integer field, a float
    otherwise) before the first call. A typed value outside [low, high] is
    clamped and explained under the field; ``fallback`` (default ``low``)
    replaces an empty entry. ``on_change(*args)`` runs after the clamp.
    Returns the field's value.
    """
    where = container or st
    fallback = low if fallback is None else fallback
    value = where.number_input(
        label,
        step=step,
        format=format,
        key=key,
        help=help,
        on_change=_clamp_state,
        args=(key, low, high, fallback, on_change, args),
        label_visibility=label_visibility,
    )
    note = st.session_state.pop(_NOTE.format(key=key), None)
    if note is not None:
        where.warning(clamped_message(t, label, note[0], note[1], low, high), icon="✂️")
    return value


def _set_state(key: str, value: int) -> None:
    st.session_state[key] = value


def preset_buttons(
    key: str, presets: Mapping[int, str], *, prefix: str, helps: Mapping[int, str] | None = None
) -> None:
    """A row of buttons, one per preset value (labelled ``presets[value]``), that set the entry ``key``.

    The value is set in a click callback, so the ``int_input`` under ``key`` shows it on the rerun.
    Button keys are ``{prefix}{value}``; ``helps`` gives a tooltip per value.
    """
    helps = helps or {}
    for col, (value, label) in zip(st.columns(len(presets)), presets.items()):
        col.button(
            label,
            key=f"{prefix}{value}",
            on_click=_set_state,
            args=(key, value),
            width="stretch",
            help=helps.get(value),
        )


def int_input(
    t, label: str, *, key: str, low: int, high: int, default: int, help: str | None = None, container=None
) -> int:
    """A number input for an integer in [low, high] under ``key`` (seeded by ``links.integer``)."""
    st.session_state.setdefault(key, default)
    return int(
        number_field(t, label, key=key, low=low, high=high, step=1, fallback=default, help=help, container=container)
    )
