"""Show user text (a URL value, a typed vector) literally inside Streamlit markdown.

Streamlit renders the body of ``st.markdown``, ``st.warning``, ``st.info``,
``st.caption`` and toasts as GitHub markdown: ``[x](//ev.il)`` becomes a live
link, ``![](//ev.il/a.png)`` loads an image by itself, ``www.ev.il`` is
linked automatically, ``$…$`` is typeset. Every echo of user input goes
through ``literal`` instead, which returns a markdown *code span* holding the
text: inside a code span markdown, HTML, autolinks, math and Streamlit's
``:color[…]`` directives are shown as typed. The only ways out of a code span
are a run of backticks as long as its fence (the fence is made longer than
any run in the text) and a blank line, which ends the paragraph (line breaks
and other control characters are replaced). Long text is cut, so a link
cannot flood the page.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["literal", "MAX_CHARS"]

MAX_CHARS = 60
ELLIPSIS = "…"
# Control characters (line breaks, tabs, NUL, ...) and the Unicode formatting
# characters that reorder or hide text (bidi overrides, zero-width joiners).
_INVISIBLE = {"Cc", "Cf", "Zl", "Zp"}
_BACKTICKS = re.compile(r"`+")


def _visible(char: str) -> str:
    if char in "\t\n\r\v\f":
        return " "
    if unicodedata.category(char) in _INVISIBLE:
        return "\ufffd"  # shown as �, so the reader sees that something was there
    return char


def literal(text: object, *, limit: int = MAX_CHARS) -> str:
    """Markdown that shows ``str(text)`` exactly as typed, as a code span.

    At most ``limit`` characters are kept (then "…"); line breaks and tabs
    become spaces, other control and formatting characters become "�".
    Not for HTML: Streamlit escapes HTML in markdown unless told otherwise,
    and normviz never tells it otherwise for user text.
    """
    shown = "".join(_visible(c) for c in str(text))
    if len(shown) > limit:
        shown = shown[: max(limit - 1, 0)] + ELLIPSIS
    if not shown.strip():
        # A code span of only spaces shows nothing; say what there was.
        shown = "\u2423" * max(len(shown), 1)  # ␣ per space ("" shows as one ␣)
    longest = max((len(run) for run in _BACKTICKS.findall(shown)), default=0)
    fence = "`" * (longest + 1)
    # One space inside each end: CommonMark strips exactly one from each side, so a
    # text that starts or ends with a backtick cannot merge with the fence.
    return f"{fence} {shown} {fence}"
