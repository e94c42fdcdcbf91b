"""Test helper: what of a markdown text Streamlit would render as markup (outside code spans).

``outside_code(md)`` returns the text that is NOT inside a CommonMark code
span. User text must only ever appear inside one (``normviz.ui.kit.literal``);
``live_markup(md)`` lists the markup found outside: links, images, raw HTML,
autolinks, math. The scanner follows CommonMark's rules for code spans (a
backtick run opens, the next run of the same length closes, a backslash
escapes a backtick outside a span) and, to be strict, lets no span cross a
line break, which ``literal`` never produces.
"""

from __future__ import annotations

import re

_PUNCT = set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")

LIVE = {
    "link": re.compile(r"\]\s*\("),
    "reference link": re.compile(r"\]\s*\["),
    "image": re.compile(r"!\["),
    "html": re.compile(r"<\s*[A-Za-z!/?]"),
    "autolink": re.compile(r"https?:|www\.|//", re.IGNORECASE),
    "math": re.compile(r"\$"),
}


def _outside_line(line: str) -> str:
    out, i, n = [], 0, len(line)
    while i < n:
        c = line[i]
        if c == "\\" and i + 1 < n and line[i + 1] in _PUNCT:
            out.append(line[i : i + 2])
            i += 2
            continue
        if c == "`":
            j = i
            while j < n and line[j] == "`":
                j += 1
            run = j - i
            closing = re.compile(rf"(?<!`)`{{{run}}}(?!`)")
            m = closing.search(line, j)
            if m is None:  # no closing run: the backticks are literal text
                out.append(line[i:j])
                i = j
                continue
            i = m.end()  # skip the code span
            out.append(" ")
            continue
        out.append(c)
        i += 1
    return "".join(out)


def outside_code(md: str) -> str:
    """The parts of ``md`` outside code spans (each span replaced by a space)."""
    return "\n".join(_outside_line(line) for line in str(md).split("\n"))


def live_markup(md: str) -> list[str]:
    """The kinds of markup (link, image, html, autolink, math) that ``md`` has outside code spans."""
    rest = outside_code(md)
    return [kind for kind, pattern in LIVE.items() if pattern.search(rest)]
