"""The app shell's shared state: language, projector mode, backend (sidebar widgets)."""

from __future__ import annotations

import streamlit as st

from normviz import _xp
from normviz.i18n import LANGUAGES, Translator
from normviz.ui.kit import document, export, links, reconnect

LANG_NAMES = {"zh": "中文", "en": "English"}
BACKEND_CHOICES = ("auto", "numpy", "torch")
# The topic pages after the overview, by section, in navigation order: name (url path,
# pages/<name>.py, strings nav.<name> and overview.page.<name>) and icon. Sections are
# named by nav.section.<section>; an empty one is not shown.
TOPIC_SECTIONS = (
    (
        "geometry",
        (
            ("plane", ":material/radio_button_unchecked:"),
            ("space", ":material/view_in_ar:"),
            ("highdim", ":material/stacked_line_chart:"),
            ("dof", ":material/tune:"),
            ("information", ":material/scatter_plot:"),
            ("invariance", ":material/balance:"),
            ("warp", ":material/waves:"),
        ),
    ),
    (
        "family",
        (
            ("axes", ":material/grid_on:"),
            ("family", ":material/hub:"),
            ("checkpoint", ":material/folder_open:"),
            ("model", ":material/memory:"),
            ("beyond", ":material/auto_awesome:"),
        ),
    ),
    (
        "numerics",
        (
            ("precision", ":material/decimal_increase:"),
            ("epsilon", ":material/exposure_neg_1:"),
            ("gradient", ":material/south:"),
            ("residual", ":material/layers:"),
            ("cost", ":material/speed:"),
        ),
    ),
    (
        "classroom",
        (
            ("lesson", ":material/school:"),
            ("exercises", ":material/quiz:"),
        ),
    ),
)
TOPIC_PAGES = tuple(page for _, pages in TOPIC_SECTIONS for page in pages)


def browser_language() -> str:
    """zh when the browser's locale is Chinese, else en."""
    try:
        locale = st.context.locale or ""
    except Exception:  # no browser context (bare script run)
        locale = ""
    return "zh" if locale.lower().startswith("zh") else "en"


def ensure_shell() -> None:
    """Hand a deep link on a fresh server over to app.py's ``st.navigation``.

    Because a ``pages/`` folder exists, Streamlit 1.67 runs ``pages/x.py`` alone
    (its older multipage mode) when the first visit of a new server process is
    ``/x``, skipping app.py's sidebar; the mode ends with the first call of
    ``st.navigation`` ("Streamlit ignores the pages/ directory" once it is used).
    So a page that finds itself run without the shell (no ``links.page_state``
    around it; called from a page's first line, never from a fragment) calls
    ``st.navigation`` with the app's pages, hidden, and reruns: the rerun runs
    app.py and lands on the same page (a page's id is its url path). AppTest
    starts every run in that mode, so there it happens on every run.
    """
    if links.in_page_state():
        return
    st.navigation(
        [
            st.Page("pages/overview.py", default=True),
            *(st.Page(f"pages/{name}.py", url_path=name) for name, _ in TOPIC_PAGES),
        ],
        position="hidden",
    )
    st.rerun()


def translator() -> Translator:
    """The page's translator: a page's first line (``t = ui.translator()``) makes sure the shell runs."""
    ensure_shell()
    return current_translator()


def current_translator() -> Translator:
    """The translator of the language chosen in the sidebar (inside a fragment too)."""
    lang = st.session_state.get("lang")
    return Translator(lang if lang in LANGUAGES else browser_language())


def projector() -> bool:
    return bool(st.session_state.get("projector", False))


def backend() -> _xp.Backend:
    """The backend chosen in the sidebar (auto: torch on CUDA when present, else numpy)."""
    choice = st.session_state.get("backend", "auto")
    return _xp.resolve_backend(None if choice == "auto" else choice)


def sidebar_params() -> tuple[links.Param, ...]:
    """The shell's part of every page's URL (?lang=zh&projector=true&backend=numpy); the language's
    default is the browser's."""
    return (
        links.choice("lang", "lang", LANGUAGES, browser_language()),
        links.flag("projector", "projector"),
        links.choice("backend", "backend", BACKEND_CHOICES, "auto"),
    )


def load_sidebar() -> Translator:
    """Seed the sidebar's language, projector mode and backend from the URL; returns the translator.

    Call it before ``st.navigation`` and ``sidebar()`` after it: a widget made before the navigation of a
    run of "/" is registered under the entry script's page hash, and the first click's rerun, under the
    overview's, reads as a page change that resets it (the language switch's first click was lost).
    A bad link value is reported in the page's one message (``links``), in the link's language.
    """
    params = sidebar_params()
    # a language that a rerun cut short left None (seen under load) is seeded by links.load, as on a first visit
    links.load(Translator(st.session_state.get("lang") or browser_language()), params[:1])  # the language first:
    links.load(Translator(st.session_state["lang"]), params[1:])  # the message speaks the link's
    return current_translator()


def sidebar() -> Translator:
    """Language, projector mode and backend, each kept in the URL (seeded by ``load_sidebar``); returns the
    translator."""
    with st.sidebar:
        st.segmented_control("语言 · Language", LANGUAGES, format_func=LANG_NAMES.get, key="lang", required=True)
        t = current_translator()
        st.toggle(t("sidebar.projector"), key="projector")
        choice = st.selectbox(t("sidebar.backend"), BACKEND_CHOICES, key="backend", help=t("sidebar.backend.auto"))
        used = backend()
        if choice == "torch" and used.name != "torch":
            st.caption(t("sidebar.backend.fallback"))
        st.caption(t("sidebar.backend.in_use", label=used.label))
        export.tools(t)
        # <html lang> (Streamlit's own says "en" on every page), the switch's options, the figures' descriptions
        document.declare(t.lang, "lang", {name: lang for lang, name in LANG_NAMES.items()})
        reconnect.rerun_after_reconnect()  # a page reconnected onto another replica runs whole once
    if projector():
        st.html(_PROJECTOR_CSS)
    return t


# Larger type and controls for a room: 24 px base type scales Streamlit's rem-based sizes; the sidebar
# widens so that every page's name fits; the main block uses the whole width (picture first).
_PROJECTOR_CSS = """
<style>
html { font-size: 24px; }
[data-testid="stMarkdownContainer"] p, [data-testid="stMarkdownContainer"] li,
[data-testid="stCaptionContainer"], [data-testid="stTable"] td, [data-testid="stTable"] th,
[data-testid="stSidebarNav"] a span, [data-testid="stWidgetLabel"] p {
  font-size: 1rem;
}
section[data-testid="stSidebar"] { width: 19rem !important; min-width: 19rem !important; }
[data-testid="stSidebarNav"] a span { white-space: normal; overflow: visible; text-overflow: clip; }
[data-testid="stMainBlockContainer"] { max-width: 100%; padding: 1rem 1.5rem; }
[data-testid="stMain"] h1 { font-size: 2.2rem; padding: 0.25rem 0 0.5rem; }
[data-testid="stSlider"] [role="slider"] { width: 1.4rem; height: 1.4rem; }
</style>
"""
