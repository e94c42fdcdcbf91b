"""The app shell's shared state: language, projector mode, backend (sidebar widgets)."""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from normviz import _xp
from normviz.i18n import LANGUAGES, translate
from normviz.ui.urlcheck import warn_invalid_params

LANG_NAMES = {"zh": "中文", "en": "English"}
BACKEND_CHOICES = ("auto", "numpy", "torch")


@dataclass(frozen=True)
class Translator:
    """``t("key", **values)`` in the current language; ``t.lang`` is "zh" or "en"."""

    lang: str

    def __call__(self, key: str, /, **values) -> str:
        return translate(self.lang, key, **values)


def browser_language() -> str:
    """zh when the browser's locale is Chinese, else en."""
    try:
        locale = st.context.locale or ""
    except Exception:  # no browser context (bare script run)
        locale = ""
    return "zh" if locale.lower().startswith("zh") else "en"


def translator() -> Translator:
    lang = st.session_state.get("lang")
    return Translator(lang if lang in LANGUAGES else browser_language())


def projector() -> bool:
    return bool(st.session_state.get("projector", False))


def backend() -> _xp.Backend:
    """The backend chosen in the sidebar (auto: torch on CUDA when present, else numpy)."""
    choice = st.session_state.get("backend", "auto")
    return _xp.resolve_backend(None if choice == "auto" else choice)


def sidebar() -> Translator:
    """Language, projector mode and backend, each bound to the URL; returns the translator."""
    default_lang = browser_language()
    t = Translator(st.session_state.get("lang", default_lang))
    warn_invalid_params(t, {"lang": LANGUAGES, "backend": BACKEND_CHOICES, "projector": ("true", "false")})
    with st.sidebar:
        lang = st.segmented_control(
            translate(default_lang, "sidebar.language"), LANGUAGES, default=default_lang,
            format_func=LANG_NAMES.get, key="lang", bind="query-params", required=True,
        )
        t = Translator(lang or default_lang)
        st.toggle(t("sidebar.projector"), key="projector", bind="query-params")
        choice = st.selectbox(
            t("sidebar.backend"), BACKEND_CHOICES, key="backend", bind="query-params",
            format_func=lambda c: t("sidebar.backend.auto") if c == "auto" else c,
        )
        used = backend()
        if choice == "torch" and used.name != "torch":
            st.caption(t("sidebar.backend.fallback"))
        st.caption(t("sidebar.backend.in_use", label=used.label))
    if projector():
        st.html(_PROJECTOR_CSS)
    return t


# Larger type and controls for a room: scales Streamlit's rem-based sizes.
_PROJECTOR_CSS = """
<style>
html { font-size: 21px; }
[data-testid="stMarkdownContainer"] p, [data-testid="stMarkdownContainer"] li,
[data-testid="stCaptionContainer"], [data-testid="stTable"] td, [data-testid="stTable"] th {
  font-size: 1.15rem;
}
[data-testid="stSlider"] [role="slider"] { width: 1.4rem; height: 1.4rem; }
</style>
"""
