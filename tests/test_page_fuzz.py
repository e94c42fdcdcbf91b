"""Hostile links at volume: hypothesis feeds every page random and hostile query strings.

Values: NaN, ±inf, 1e309, huge and negative numbers, non-numbers, markup,
very long strings, fullwidth digits and other Unicode; keys: the page's own
(so its checks are reached), unknown ones and very long ones. For each run:

- no exception and no traceback;
- every message is in the page's language (a zh page speaks Chinese, an en
  page does not; Streamlit's own English range errors would fail here);
- the scene is valid: the title is drawn, and every slider and number input
  holds a value inside its own bounds (the default, or the clamped value);
- the hostile text shows only inside code spans (``normviz.ui.literal``);
- a value no parameter accepts (NaN, ±inf, 1e309, words, markup), given to one of
  the page's own URL parameters, gets a message that names the parameter.

The examples are derandomized, so CI sees the same ones every run; set
NORMVIZ_FUZZ_EXAMPLES to go deeper locally.
"""

from __future__ import annotations

import math
import os
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from markup import outside_code
from normviz.ui import TOPIC_PAGES
from pagetest import errors, run_page
from test_page_safety import texts, widget_keys

PAGES = ("overview", *(name for name, _ in TOPIC_PAGES))
EXAMPLES = int(os.environ.get("NORMVIZ_FUZZ_EXAMPLES", "5"))
MARKER = "ev.il"
NUMBERS = ("nan", "NaN", "-nan", "inf", "-inf", "Infinity", "1e309", "-1e309", "1e308", "4.9e-324",
           "99999999999999999999999", "-99999999999", "-1", "0", "-0", "1.5", "0x10", "1_000", " 7 ",
           "", "１２", "３．５", "٣", "五", "3,4", "3，4", "[1, 2]", "1e", "--1", "+-3", "1/0")
TEXTS = ("<script>alert('ev.il')</script>", "**ev.il**", "[x](//ev.il)", "<b>ev.il</b>", "$ev.il$",
         "ev.il" * 800, "\u202eev.il", "😀ev.il", "null", "true", "None", "%00", "\x00ev.il")
SHELL = ("projector", "backend", "step", "seed")
# no parameter of any page accepts these
INVALID = {"nan", "NaN", "-nan", "inf", "-inf", "Infinity", "1e309", "-1e309", "五", "1e", "--1", "+-3", "1/0", *TEXTS}
CJK = re.compile(r"[\u4e00-\u9fff]")


def page_keys(page: str) -> tuple[list[str], set[str]]:
    """Keys to try (widget keys, URL names, the shell's), and the page's URL names."""
    at = run_page(page, lang="en")
    assert not errors(at), errors(at)
    # a page that writes its whole scene into the URL (plane, space) names it there; the
    # others bind each widget to the URL under its own key
    written = set(at.query_params) - {"lang"}
    url_names = written or (widget_keys(at._tree) - {"lang"})
    return sorted(url_names | widget_keys(at._tree) | set(SHELL)), url_names


def hostile_queries(keys: list[str]):
    key = st.one_of(st.sampled_from(keys), st.sampled_from(keys).map(lambda k: k + k), st.text(min_size=1, max_size=20),
                    st.just("k" * 3000))
    value = st.one_of(st.sampled_from(NUMBERS), st.sampled_from(TEXTS), st.floats().map(repr),
                      st.integers(-(10**30), 10**30).map(str), st.text(max_size=30))
    return st.dictionaries(key.filter(lambda k: k != "lang"), value, max_size=6)


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
def test_hostile_links_give_a_valid_scene_and_a_message_in_the_pages_language(page):
    keys, url_names = page_keys(page)

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(query=hostile_queries(keys), lang=st.sampled_from(("zh", "en")))
    def check(query, lang):
        at = run_page(page, lang=lang, **query)
        assert not at.exception, [e.message for e in at.exception]
        shown = texts(at)
        assert not any("Traceback" in text for _, text in shown)
        assert at.title, "the page drew no title"
        for kind, text in shown:
            if kind in ("warning", "error", "info") and text.strip():
                plain = outside_code(text)
                assert bool(CJK.search(plain)) == (lang == "zh"), (kind, text[:300])
            assert MARKER not in outside_code(text), (kind, text[:300])
        for widget in [*at.slider, *at.number_input]:
            assert in_bounds(widget), (widget.key, widget.value)
        messages = " ".join(text for kind, text in shown if kind in ("warning", "error"))
        for key, value in query.items():
            if key in url_names and value in INVALID:
                assert key in messages, (key, value, messages[:500])

    check()
