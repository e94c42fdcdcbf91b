"""Widgets several pages share: ε on a log scale and the methods shown."""

from __future__ import annotations

import streamlit as st

from normviz.methods import METHODS

EPS_CHOICES = ("default", "0", "1e-12", "1e-9", "1e-6", "1e-5", "1e-4", "1e-3", "0.01", "0.1", "1", "10")
METHOD_LABELS = {m.key: m.label for m in METHODS.values()}
SHARED_SPECS = {"eps": EPS_CHOICES, "show": tuple(METHOD_LABELS.values())}


def eps_control(t, *, key: str = "eps", default: str = "default", help_key: str = "eps.help",
                bind: bool = True) -> float | None:
    """ε on a log scale, with 0 and "each method's default" (None); ``default`` is one of ``EPS_CHOICES``.

    ``bind``: kept in the URL as ``?<key>=`` by Streamlit, which writes an option's label there, so
    the labels stay the codes; unbound (the URL kept by ``links``), "default" is shown translated.
    A page where only ε = 0 is exact starts at "0" and says why in its ``help_key``.
    """
    kw = {"bind": "query-params"} if bind else {"format_func": lambda c: t("eps.default") if c == "default" else c}
    if key not in st.session_state:
        kw["value"] = default
    choice = st.select_slider(t("eps.label"), EPS_CHOICES, key=key, help=t(help_key), **kw)
    return None if choice == "default" else float(choice)


def method_toggles(t) -> frozenset[str]:
    """Which methods to draw. The labels are the methods' names, the same in both
    languages, because a bound widget writes its labels into the URL."""
    chosen = st.pills(t("show.header"), list(METHOD_LABELS.values()), selection_mode="multi",
                      default=list(METHOD_LABELS.values()), key="show", bind="query-params")
    return frozenset(m for m, label in METHOD_LABELS.items() if label in (chosen or ()))
