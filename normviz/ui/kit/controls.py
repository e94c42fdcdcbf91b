"""Widgets several pages share: a keyed slider, ε on a log scale and the methods shown."""

from __future__ import annotations

import streamlit as st

from normviz.format import eps_text
from normviz.methods import METHODS
from normviz.ui.kit import links


def keyed_slider(container, label: str, *args, key: str, **kwargs):
    """``container.slider(label, *args, key=key, **kwargs)`` for a slider whose state is in the session
    (``links.load`` puts it there), with that state as its ``value``.

    Without a ``value`` Streamlit presents the whole session state to learn whether the slider is a range
    (``SessionState.filtered_state``): ~0.3 ms per slider per run on a page alone, more as a session opens
    more pages. With the key in the session its state wins anyway, and ``value`` is not part of a keyed
    slider's identity, so nothing else changes.
    """
    value = st.session_state[key] if key in st.session_state else None
    return container.slider(label, *args, value=value, key=key, **kwargs)


EPS_CHOICES = ("default", "0", "1e-12", "1e-9", "1e-6", "1e-5", "1e-4", "1e-3", "0.01", "0.1", "1", "10")


# "each method's own default", without words: the label is the option's text in the URL too, so it
# reads the same in every language: "1e-12/1e-6/1e-5" (L2/RMSNorm/LayerNorm).
DEFAULTS_LABEL = "/".join(eps_text(m.default_eps) for m in METHODS.values())


def eps_label(choice: str) -> str:
    """An ε option as the widget shows it (and the URL holds it)."""
    return DEFAULTS_LABEL if choice == "default" else choice


EPS_LABELS = tuple(eps_label(c) for c in EPS_CHOICES)  # what a link may hold for ε
METHOD_LABELS = {m.key: m.label for m in METHODS.values()}


def eps_param(key: str, default: str = "default", *, name: str | None = None, words: bool = False) -> links.Param:
    """ε as a URL parameter (``name``, default: the key) with its options ``EPS_CHOICES``.

    In the URL an option is its label (``EPS_LABELS``: "default" as the defaults themselves, the same in
    every language), as the pages have always written it; ``words``: the option's own name
    ("default"), as the plane and the space write it.
    """
    texts = None if words else EPS_LABELS
    return links.choice(name or key, key, EPS_CHOICES, default, texts=texts)


def eps_control(t, *, key: str, help: str | None = None, words: bool = False, on_change=None) -> float | None:
    """ε on a log scale, with 0 and "each method's default" (None); its state comes from ``eps_param``.

    "default" is shown as the defaults themselves (``DEFAULTS_LABEL``); ``words``: said in words. A page
    where only ε = 0 is exact starts at "0" (``eps_param``'s default) and says why in ``help``.
    """
    fmt = (lambda c: t("eps.default") if c == "default" else c) if words else eps_label
    choice = st.select_slider(
        t("eps.label"), EPS_CHOICES, key=key, help=help or t("eps.help"), format_func=fmt, on_change=on_change
    )
    return eps_value(choice)


def eps_value(choice: str) -> float | None:
    """The ε of an ``eps_control`` option: None for "default" (each method's own)."""
    return None if choice == "default" else float(choice)
