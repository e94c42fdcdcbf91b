"""Colour is never the only cue (WCAG 1.4.1): in every figure of every page, two traces drawn in different
methods' colours differ by something else too: the line's dash, the marker's symbol, the bar's pattern, the
trace's kind or mode, or (grouped bars) their place in the group."""

from __future__ import annotations

import pytest

from normviz.methods import METHODS
from normviz.ui.kit.shell import TOPIC_PAGES
from tests.helpers.pages import figures, run_page

METHOD_OF_COLOUR = {m.color.lower(): key for key, m in METHODS.items()}
PAGES = ("overview", *(name for name, _ in TOPIC_PAGES))


def colour(trace: dict) -> str | None:
    line, marker = trace.get("line") or {}, trace.get("marker") or {}
    c = line.get("color") or marker.get("color")
    return c.lower() if isinstance(c, str) else None


def look(trace: dict) -> tuple:
    """Everything but the colour that tells a trace from another."""
    mode = trace.get("mode") or ""
    line, marker = trace.get("line") or {}, trace.get("marker") or {}
    return (
        trace.get("type", "scatter"),
        mode,
        line.get("dash", "solid") if "lines" in mode else None,
        marker.get("symbol", "circle") if "markers" in mode else None,
        (marker.get("pattern") or {}).get("shape", "") if trace.get("type") == "bar" else None,
        trace.get("fill"),
    )


def colour_only(fig: dict) -> list[tuple]:
    """Looks shared by traces of different methods' colours (grouped bars stand side by side: left out)."""
    grouped = (fig.get("layout") or {}).get("barmode") == "group"
    seen: dict[tuple, set[str]] = {}
    for trace in fig.get("data", []):
        method = METHOD_OF_COLOUR.get(colour(trace) or "")
        if method is None or trace.get("visible") is False or (grouped and trace.get("type") == "bar"):
            continue
        seen.setdefault(look(trace), set()).add(method)
    return [(style, sorted(methods)) for style, methods in seen.items() if len(methods) > 1]


@pytest.mark.parametrize("page", PAGES)
def test_the_methods_differ_by_more_than_colour(page):
    specs = figures(run_page(page, lang="en"))
    for i, fig in enumerate(specs):
        assert colour_only(fig) == [], (page, i, (fig.get("layout") or {}).get("title"))
