"""Widgets several pages share: ε on a log scale and the methods shown."""

from __future__ import annotations

import streamlit as st

from normviz.format import eps_text
from normviz.methods import METHODS

EPS_CHOICES = ("default", "0", "1e-12", "1e-9", "1e-6", "1e-5", "1e-4", "1e-3", "0.01", "0.1", "1", "10")


# "each method's own default", without words: a URL-bound widget writes its label into the link,
# so the label must read the same in every language: "1e-12/1e-6/1e-5" (L2/RMSNorm/LayerNorm).
DEFAULTS_LABEL = "/".join(eps_text(m.default_eps) for m in METHODS.values())


def eps_label(choice: str) -> str:
    """An ε option as a bound widget shows it (and writes it into the link)."""
    return DEFAULTS_LABEL if choice == "default" else choice


EPS_LABELS = tuple(eps_label(c) for c in EPS_CHOICES)  # what a link may hold for a bound ε
METHOD_LABELS = {m.key: m.label for m in METHODS.values()}



def eps_control(t, *, key: str, default: str = "default", help: str | None = None,
                bind: bool = True) -> float | None:
    """ε on a log scale, with 0 and "each method's default" (None); ``default`` is one of ``EPS_CHOICES``.

    ``bind``: kept in the URL as ``?<key>=`` by Streamlit, which writes an option's *label* there, so
    "default" shows as the defaults themselves (``DEFAULTS_LABEL``, the same in every language);
    unbound (the URL kept by ``links``), it is said in words. A page where only ε = 0 is exact
    starts at "0" and says why in ``help``.
    """
    if bind:
        kw = {"bind": "query-params", "format_func": eps_label}
    else:
        kw = {"format_func": lambda c: t("eps.default") if c == "default" else c}
    if key not in st.session_state:
        kw["value"] = default
    choice = st.select_slider(t("eps.label"), EPS_CHOICES, key=key, help=help or t("eps.help"), **kw)
    return None if choice == "default" else float(choice)
