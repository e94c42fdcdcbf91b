"""The document's language: ``<html lang>`` says the page's language, so a screen reader reads Chinese with a
Chinese voice and a browser does not offer to translate "from English".

Streamlit writes ``<html lang="en">`` on every page and never changes it (streamlit#15726, open). This
components.v2 component, ``normviz.document_language`` (``assets/document_language.js``, declared in
``pyproject.toml``; see ``normviz.ui.kit.component``), sets the attribute on every run of the shell: after a
language switch, a page change and a rerun alike. Where Streamlit knows no such component (normviz not
installed) the attribute stays Streamlit's and one warning in the log names the fix.
"""

from __future__ import annotations

import logging

from normviz.ui.kit import component

# BCP 47 tags: the app's Chinese is written in simplified characters, as used in mainland China.
LANG_TAGS = {"zh": "zh-CN", "en": "en"}

_NAME = "document_language"  # the component's name in pyproject.toml; its file is in assets/
_JS = "document_language.js"
_HTML = "<span data-nv-document-language hidden></span>"
_LOG = logging.getLogger(__name__)


def declare(lang: str) -> None:
    """Set ``<html lang>`` to ``lang``'s tag (``"zh"`` -> ``"zh-CN"``)."""
    if lang not in LANG_TAGS:
        raise ValueError(f"lang must be one of {tuple(LANG_TAGS)}; got {lang!r}")
    mount, reason = component.register(_NAME, js=_JS, html=_HTML)
    if mount is None:
        component.warn_once(_LOG, "normviz.ui.kit.document_language: <html lang> stays Streamlit's", reason)
        return
    mount(key="_normviz.document_language", data={"lang": LANG_TAGS[lang]})
