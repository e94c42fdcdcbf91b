"""What the app says about the document that Streamlit's markup cannot: its language, the language of text in
the other language, and which text describes which figure.

- ``<html lang>`` says the page's language, so a screen reader reads Chinese with a Chinese voice and a browser
  does not offer to translate "from English". Streamlit writes ``lang="en"`` on every page and never changes
  it (streamlit#15726, open).
- The language switch's options are each tagged with their own language ("English" on a Chinese page is read
  in English); the app's own text in the other language is tagged where it is written (``foreign``).
- A focus ring where Streamlit draws none (``assets/document.css``).
- A chart and its text description share a container (``chart.figure_box``); the description becomes the
  chart's accessible description (``aria-describedby``), the static chart a ``figure``.

One components.v2 component, ``normviz.document`` (``assets/document.js``, declared in ``pyproject.toml``; see
``normviz.ui.kit.component``), mounted on every run of the shell: after a language switch, a page change and a
rerun alike. Where Streamlit knows no such component (normviz not installed) the document stays Streamlit's
and one warning in the log names the fix.
"""

from __future__ import annotations

import html
import logging

from normviz.ui.kit import component
from normviz.ui.kit.chart import FIGURE_BOX

# BCP 47 tags: the app's Chinese is written in simplified characters, as used in mainland China.
LANG_TAGS = {"zh": "zh-CN", "en": "en"}

_NAME = "document"  # the component's name in pyproject.toml; its file is in assets/
_JS = "document.js"
_CSS = "document.css"  # the focus ring where Streamlit draws none: for the whole document (isolate_styles=False)
_HTML = "<span data-nv-document hidden></span>"
_LOG = logging.getLogger(__name__)


def declare(lang: str, switch: str, options: dict[str, str]) -> None:
    """Set ``<html lang>`` to ``lang``'s tag (``"zh"`` -> ``"zh-CN"``), tag the options ({shown name: language})
    of the language switch (the widget keyed ``switch``), and tie every figure box's description to its chart."""
    if lang not in LANG_TAGS:
        raise ValueError(f"lang must be one of {tuple(LANG_TAGS)}; got {lang!r}")
    if not all(v in LANG_TAGS for v in options.values()):
        raise ValueError(f"options must map names to languages of {tuple(LANG_TAGS)}; got {options!r}")
    mount, reason = component.register(_NAME, js=_JS, css=_CSS, html=_HTML, isolate_styles=False)
    if mount is None:
        component.warn_once(_LOG, "normviz.ui.kit.document: the document stays Streamlit's", reason)
        return
    data = {
        "lang": LANG_TAGS[lang],
        "switch": {"key": switch, "options": {name: LANG_TAGS[v] for name, v in options.items()}},
        "figureBox": FIGURE_BOX,
    }
    mount(key="_normviz.document", data=data)


def foreign(text: str, lang: str, page_lang: str) -> str:
    """``text`` as HTML, escaped, in a ``<span lang>`` when ``lang`` is not the page's (a paper's English title
    on a Chinese page); for ``st.markdown(..., unsafe_allow_html=True)`` with the app's own text only."""
    if lang not in LANG_TAGS or page_lang not in LANG_TAGS:
        raise ValueError(f"lang and page_lang must be among {tuple(LANG_TAGS)}; got {lang!r}, {page_lang!r}")
    escaped = html.escape(text, quote=False)  # text, never an attribute: quotes stay as they are
    return escaped if lang == page_lang else f'<span lang="{LANG_TAGS[lang]}">{escaped}</span>'
