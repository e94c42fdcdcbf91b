"""Hostile links: at volume on the pure checker (``normviz.ui.kit.links.resolve``), once per page in AppTest.

Every page's URL parameters are recorded once (one AppTest run per page). Then:

- hypothesis feeds each page's parameters random and hostile query strings (NaN, ±inf, 1e309,
  huge and negative numbers, non-numbers, markup, very long strings, fullwidth digits and other
  Unicode, repeated values; names the page's own, unknown and very long), as a pasted link and
  as an address the app wrote (Back), and checks what ``links.resolve`` makes of them: every
  widget value valid for its widget (inside its bounds, one of its options), every value no
  parameter accepts reported by its parameter's name, the message in the page's language with
  the hostile text only inside code spans, and the address the app then writes saying that
  same scene again;
- one hostile link per page runs through the real page (AppTest): no exception, the title
  drawn, every slider and number input inside its bounds, ONE link warning naming each bad
  parameter, every message in the page's language, the hostile text nowhere outside code spans.

The examples are derandomized, so CI sees the same ones every run: 100 a page (1,700 links in all);
set NORMVIZ_FUZZ_EXAMPLES (say 1000) to go deeper locally.
"""

from __future__ import annotations

import math
import os
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from normviz.i18n import LANGUAGES, Translator, translate
from normviz.ui import TOPIC_PAGES
from normviz.ui.kit import links
from normviz.ui.kit.urlcheck import Range, Text, message
from tests.helpers.markup import live_markup, outside_code
from tests.helpers.pages import run_page, texts, url_params

PAGES = ("overview", *(name for name, _ in TOPIC_PAGES))
EXAMPLES = int(os.environ.get("NORMVIZ_FUZZ_EXAMPLES", "100"))
MARKER = "ev.il"
NUMBERS = (
    "nan",
    "NaN",
    "-nan",
    "inf",
    "-inf",
    "Infinity",
    "1e309",
    "-1e309",
    "1e308",
    "4.9e-324",
    "99999999999999999999999",
    "-99999999999",
    "-1",
    "0",
    "-0",
    "1.5",
    "0x10",
    "1_000",
    " 7 ",
    "",
    "１２",
    "３．５",
    "٣",
    "五",
    "3,4",
    "3，4",
    "[1, 2]",
    "1e",
    "--1",
    "+-3",
    "1/0",
)
TEXTS = (
    "<script>alert('ev.il')</script>",
    "**ev.il**",
    "[x](//ev.il)",
    "<b>ev.il</b>",
    "$ev.il$",
    "ev.il" * 800,
    "\u202eev.il",
    "😀ev.il",
    "null",
    "true",
    "None",
    "%00",
    "\x00ev.il",
)
# no number and no option of any page is one of these ("true" is a toggle's)
INVALID = {
    "nan",
    "NaN",
    "-nan",
    "inf",
    "-inf",
    "Infinity",
    "1e309",
    "-1e309",
    "五",
    "1e",
    "--1",
    "+-3",
    "1/0",
    *TEXTS,
} - {"true"}
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def params_by_page() -> dict[str, tuple[links.Param, ...]]:
    """Each page's URL parameters, the shell's included, as its first run read them."""
    found = {page: url_params(run_page(page)) for page in PAGES}
    assert all(found.values()), [page for page, params in found.items() if not params]
    return found


def valid(param: links.Param, value) -> bool:
    """Whether ``value`` is one the parameter's widget can hold."""
    spec = param.spec
    if isinstance(spec, Text):
        return isinstance(value, str)
    if isinstance(spec, Range):
        kind = int if spec.integer else float
        return type(value) is kind and math.isfinite(value) and spec.low <= value <= spec.high
    options = param.values or spec.options
    if spec.multi:
        return isinstance(value, list) and len(set(value)) == len(value) and all(v in options for v in value)
    return value in options


def same(a, b) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return math.isclose(a, b, rel_tol=1e-11, abs_tol=1e-300)
    return a == b


def hostile_queries(names: list[str]):
    name = st.one_of(
        st.sampled_from(names),
        st.sampled_from(names).map(lambda k: k + k),
        st.text(min_size=1, max_size=20),
        st.just("k" * 3000),
    )
    value = st.one_of(
        st.sampled_from(NUMBERS),
        st.sampled_from(TEXTS),
        st.floats().map(repr),
        st.integers(-(10**30), 10**30).map(str),
        st.text(max_size=30),
    )
    return st.dictionaries(name, st.lists(value, min_size=1, max_size=3), max_size=8)


@pytest.mark.parametrize("page", PAGES)
def test_hostile_links_give_valid_widget_values_and_a_literal_message_naming_each_bad_value(page, params_by_page):
    params = params_by_page[page]
    names = [p.name for p in params]
    by_name = {p.name: p for p in params}
    defaults = {p.key: p.default for p in params}

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(url=hostile_queries(names), lang=st.sampled_from(LANGUAGES), exact=st.booleans())
    def check(url, lang, exact):
        updates, problems = links.resolve(params, url, defaults, exact=exact)
        for p in params:
            if p.key in updates:
                assert valid(p, updates[p.key]), (p.name, url.get(p.name), updates[p.key])
        named = [p.name for p in problems]
        assert len(named) == len(set(named))  # one line per parameter
        for key, values in url.items():
            if key in by_name and not isinstance(by_name[key].spec, Text) and any(v in INVALID for v in values):
                assert key in named, (key, values, named)
        if problems:
            text = message(Translator(lang), problems)
            plain = outside_code(text)
            assert bool(CJK.search(plain)) == (lang == "zh"), text[:300]
            assert MARKER not in plain and not live_markup(text), text[:300]
        scene = {**defaults, **updates}
        again, none = links.resolve(params, links.query(params, scene), defaults, exact=True)
        assert none == [] and all(same(again[k], v) for k, v in scene.items()), (scene, again)

    check()


HOSTILE = (
    "1 [Login](//ev.il)z",
    "<img src=//ev.il/x onerror=alert(1)>",
    "$$ev.il$$ :red[ev.il]",
    "1e309 ev.il",
    "**ev.il**\n\n- [x](//ev.il)",
)


def in_bounds(widget) -> bool:
    proto = widget.proto
    lo, hi = getattr(proto, "min", None), getattr(proto, "max", None)
    values = widget.value if isinstance(widget.value, (tuple, list)) else [widget.value]
    for v in values:
        if not isinstance(v, (int, float)) or isinstance(v, bool):
            continue
        if not math.isfinite(v):
            return False
        if lo is not None and hi is not None and (proto.has_min if hasattr(proto, "has_min") else True):
            if lo < hi and not lo <= v <= hi:
                return False
    return True


@pytest.mark.parametrize("page", PAGES)
def test_a_hostile_link_gets_one_message_in_the_pages_language_shown_literally(page, params_by_page):
    lang = LANGUAGES[PAGES.index(page) % len(LANGUAGES)]
    params = [p for p in params_by_page[page] if p.name != "lang"]
    query = {p.name: HOSTILE[i % len(HOSTILE)] for i, p in enumerate(params)}
    at = run_page(page, lang=lang, **query)
    assert not at.exception, [e.message for e in at.exception]
    shown = texts(at)
    assert at.title, "the page drew no title"
    for kind, text in shown:
        assert "Traceback" not in text, (kind, text[:300])
        if kind in ("warning", "error", "info") and text.strip():
            assert bool(CJK.search(outside_code(text))) == (lang == "zh"), (kind, text[:300])
        assert MARKER not in outside_code(text), (kind, text[:300])
    for widget in [*at.slider, *at.number_input]:
        assert in_bounds(widget), (widget.key, widget.value)
    header = translate(lang, "url.bad.header")
    [warning] = [text for kind, text in shown if kind == "warning" and text.startswith(header)]
    for p in params:
        if not isinstance(p.spec, Text):
            assert f"` {p.name} `" in warning, (p.name, warning[:500])
