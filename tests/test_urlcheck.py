"""normviz.ui.kit.urlcheck, normviz.ui.kit.links and normviz.ui.kit.literal: the link's values are checked as
Streamlit's bound widgets did, turned into widget values and back into an address, reported in one
message per run naming the range and the value used, and echoed literally."""

from __future__ import annotations

import re
import textwrap

import pytest
from streamlit.testing.v1 import AppTest

from normviz.i18n import LANGUAGES, Translator
from normviz.ui.kit import links
from normviz.ui.kit.literal import MAX_CHARS, literal
from normviz.ui.kit.urlcheck import Choice, Problem, Range, describe, find_problems, message
from tests.helpers.markup import live_markup, outside_code
from tests.helpers.pages import ROOT, TIMEOUT, errors, run_page

HOSTILE = [
    "1 [Login](//ev.il)z",
    "![](//ev.il/a.png)",
    "<img src=//ev.il/x onerror=alert(1)>",
    "<b>ev.il</b>",
    "` ``[x](//ev.il)``",
    "```ev.il``` `",
    "$$ev.il$$",
    "a\n\n[x](//ev.il)",
    "a\r\n- [x](//ev.il)",
    "http://ev.il www.ev.il me@ev.il",
    ":red[ev.il] :material/warning:",
    "\u202eli.ve\u202c",
    "   ",
    "",
]


# --- literal ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", HOSTILE)
def test_literal_is_one_code_span_holding_the_text(text):
    md = literal(text)
    assert "\n" not in md and "\r" not in md
    assert outside_code(md).strip() == "", md
    assert not live_markup(f"before {md} after")
    assert "ev.il" not in outside_code(f"x {md} y {literal(text)} z")


@pytest.mark.parametrize("text", ["a`b", "``", "x```y`", "`"])
def test_literal_fence_is_longer_than_any_backtick_run_inside(text):
    md = literal(text)
    fence = len(md) - len(md.lstrip("`"))
    assert fence > max(len(run) for run in re.findall("`+", text))
    assert md == f"{'`' * fence} {text} {'`' * fence}"


def test_literal_cuts_long_text_and_replaces_control_characters():
    assert len(literal("x" * 5000)) < MAX_CHARS + 10
    assert "…" in literal("x" * 5000)
    assert literal("a\tb\nc") == "` a b c `"
    assert "\u202e" not in literal("\u202eabc") and "\ufffd" in literal("\u202eabc")
    assert literal("") == "` \u2423 `"


# --- the checks mirror Streamlit's ------------------------------------------------------------------------

SPECS = {
    "x1": Range(-10.0, 10.0, default=3.0),
    "camera": Choice(("3D", "(1,1,1)"), default="3D"),
    "show": Choice(("L2", "RMSNorm", "LayerNorm"), default=("L2", "RMSNorm", "LayerNorm"), multi=True),
    "projector": Choice(("true", "false"), default="false", case_sensitive=False),
}

PROBE = textwrap.dedent("""
    import streamlit as st
    x = st.slider("x1", -10.0, 10.0, value=3.0, key="x1", bind="query-params")
    c = st.segmented_control("c", ["3D", "(1,1,1)"], default="3D", key="camera", bind="query-params", required=True)
    s = st.pills("s", ["L2", "RMSNorm", "LayerNorm"], selection_mode="multi",
                 default=["L2", "RMSNorm", "LayerNorm"], key="show", bind="query-params")
    p = st.toggle("p", key="projector", bind="query-params")
    st.write(repr({"x1": x, "camera": c, "show": tuple(s), "projector": p}))
""")

# (parameter, link values, what Streamlit keeps: None = it drops them all and shows the default)
CASES = [
    ("x1", ["5"], 5.0),
    ("x1", [" 3.5"], 3.5),
    ("x1", ["1_0"], 10.0),
    ("x1", ["4e0"], 4.0),
    ("x1", ["99"], None),
    ("x1", ["abc"], None),
    ("x1", ["nan"], None),
    ("x1", ["inf"], None),
    ("x1", ["0x5"], None),
    ("x1", ["1", "2"], None),
    ("x1", ["1 [Login](//ev.il)z"], None),
    ("camera", ["(1,1,1)"], "(1,1,1)"),
    ("camera", ["3d"], None),
    ("camera", ["xyz"], None),
    ("show", ["L2", "RMSNorm"], ("L2", "RMSNorm")),
    ("show", ["L2", "Foo"], ("L2",)),
    ("show", ["l2"], None),
    ("projector", ["True"], True),
    ("projector", ["true"], True),
    ("projector", ["1"], None),
]


@pytest.fixture(scope="module")
def kept_by_streamlit():
    """What real bound widgets make of each case's link values."""
    results = {}
    for name, values, _ in CASES:
        at = AppTest.from_string(PROBE, default_timeout=TIMEOUT)
        at.query_params[name] = values if len(values) > 1 else values[0]
        at.run()
        results[(name, tuple(values))] = eval(at.markdown[0].value)[name]  # noqa: S307 - our own repr
    return results


@pytest.mark.parametrize("name, values, kept", CASES, ids=[f"{n}={'&'.join(v)}" for n, v, _ in CASES])
def test_a_value_is_reported_exactly_when_streamlit_does_not_keep_it(name, values, kept, kept_by_streamlit):
    default = {"x1": 3.0, "camera": "3D", "show": ("L2", "RMSNorm", "LayerNorm"), "projector": False}[name]
    assert kept_by_streamlit[(name, tuple(values))] == (default if kept is None else kept)
    problems = find_problems({name: values}, SPECS)
    assert bool(problems) == (kept is None or kept != _parsed(name, values)), problems
    if name == "show" and problems:  # a multi-select keeps its valid values
        assert (problems[0].used or default) == (default if kept is None else kept)


def _parsed(name, values):
    if name == "x1":
        return float(values[0])
    if name == "show":
        return tuple(values)
    if name == "projector":
        return values[0].lower() == "true"
    return values[0]


def test_a_bare_parameter_is_not_a_problem_and_a_toggle_takes_any_case():
    assert find_problems({"x1": [""], "camera": ["  "], "projector": ["TRUE"]}, SPECS) == []
    assert [p.name for p in find_problems({"x1": ["5"], "camera": ["x"], "projector": ["yes"]}, SPECS)] == [
        "camera",
        "projector",
    ]


def test_every_page_keeps_its_url_through_links_and_nothing_reads_streamlits_internals():
    """One system: no widget bound with bind="query-params", every fragment a links.fragment (its rerun
    writes the address), no ScriptRunContext or PagesManager."""
    found = []
    for path in sorted([ROOT / "app.py", *ROOT.glob("pages/*.py"), *ROOT.glob("normviz/**/*.py")]):
        text = path.read_text(encoding="utf-8")
        for bad in (
            "query-params",
            "@st.fragment",
            "get_script_run_ctx",
            "ScriptRunContext",
            "PagesManager",
            "streamlit.runtime",
            "uses_pages_directory",
        ):
            if bad in text:
                found.append(f"{path.relative_to(ROOT)}: {bad}")
    assert found == []


# --- links: the link's values become widget values, and the scene an address ---------------------------

N = links.integer("n", "page.n", 2, 16384, 128)
X = links.number("x1", "page.x1", -10.0, 10.0, 3.0)
EPS = links.choice("eps", "page.eps", ("default", "0", "1e-5"), "default", texts=("1e-6/1e-5", "0", "1e-5"))
SHOW = links.choices("show", "page.show", ("L2", "RMSNorm", "LayerNorm"), ("L2", "RMSNorm", "LayerNorm"))
PAD = links.flag("pad", "page.pad")
TEXT = links.text("v", "page.v", "1, 2, 3")
PARAMS = (N, X, EPS, SHOW, PAD, TEXT)
CURRENT = {"page.n": 512, "page.x1": -1.5, "page.eps": "0", "page.show": ["L2"], "page.pad": True, "page.v": "4, 5"}


@pytest.mark.parametrize(
    "raw, want",
    [
        ("896", 896),
        ("2", 2),
        ("16384", 16384),
        ("1e3", 1000),
        (" 7 ", 7),
        ("3.5", None),
        ("1e309", None),
        ("nan", None),
        ("-inf", None),
        ("abc", None),
        ("1", None),
        ("99999", None),
        ("7" * 100, None),
        ("0x10", None),
    ],
)
def test_an_integer_link_value_is_a_whole_number_within_the_bounds(raw, want):
    updates, problems = links.resolve([N], {"n": [raw]}, {"page.n": 512}, exact=False)
    assert updates["page.n"] == (512 if want is None else want) and type(updates["page.n"]) is int
    assert [p.name for p in problems] == ([] if want is not None else ["n"])
    if problems:  # the message names the value kept
        assert "` 512 `" in describe(Translator("en"), problems[0])


def test_each_kind_of_value_reads_from_and_writes_to_the_link():
    url = {
        "n": ["64"],
        "x1": ["-2.25"],
        "eps": ["1e-6/1e-5"],
        "show": ["LayerNorm", "L2"],
        "pad": ["TRUE"],
        "v": ["7, 8"],
    }
    updates, problems = links.resolve(PARAMS, url, CURRENT, exact=False)
    assert problems == []
    assert updates == {
        "page.n": 64,
        "page.x1": -2.25,
        "page.eps": "default",
        "page.show": ["L2", "LayerNorm"],
        "page.pad": True,
        "page.v": "7, 8",
    }
    assert links.query(PARAMS, updates) == {
        "n": ("64",),
        "x1": ("-2.25",),
        "show": ("L2", "LayerNorm"),
        "pad": ("true",),
        "v": ("7, 8",),
    }  # ε at its default: left out
    assert links.query(PARAMS, {**updates, "page.show": []})["show"] == ("",)  # none chosen
    assert links.query(PARAMS, {p.key: p.default for p in PARAMS}) == {}  # an untouched page: a bare address
    assert X.url(0.1 + 0.2) == ("0.3",) and X.url(119.1234) == ("119.1234",) and N.url(1234567) == ("1234567",)


def test_a_parameter_left_out_keeps_its_value_unless_the_app_wrote_the_address():
    """A pasted link sets what it names; Back to an address the app wrote restores that scene exactly."""
    kept, _ = links.resolve(PARAMS, {"n": ["64"]}, CURRENT, exact=False)
    assert kept == {"page.n": 64}
    exact, _ = links.resolve(PARAMS, {"n": ["64"]}, CURRENT, exact=True)
    assert exact == {**{p.key: p.default for p in PARAMS}, "page.n": 64}
    bad, problems = links.resolve(PARAMS, {"x1": ["99"], "show": ["L2", "Foo"]}, CURRENT, exact=False)
    assert bad == {"page.x1": -1.5, "page.show": ["L2"]} and [p.name for p in problems] == ["x1", "show"]
    bad, _ = links.resolve(PARAMS, {"x1": ["99"]}, CURRENT, exact=True)
    assert bad["page.x1"] == 3.0


def test_an_always_parameter_is_written_at_its_default_too():
    """The plane's animation step: the copy button's script sets the frame where the address names a step."""
    step = links.number("step", "page.step", 0, 93, 0, always=True)
    assert links.query([N, step], {"page.n": 128, "page.step": 0}) == {"step": ("0",)}
    assert not links.shows([N, step], {}, {"page.n": 128, "page.step": 0})
    assert links.shows([N, step], {"step": ["0"]}, {"page.n": 128, "page.step": 0})


def test_an_address_that_says_the_scene_is_left_as_it_is():
    scene = {**{p.key: p.default for p in PARAMS}, "page.n": 64}
    assert links.shows(PARAMS, {"n": ["64"], "x1": ["3"], "pad": ["false"]}, scene)  # defaults spelled out
    assert not links.shows(PARAMS, {"n": ["64"], "utm": ["x"]}, scene)  # a name of no parameter: rewritten
    assert not links.shows(PARAMS, {"n": ["65"]}, scene)


# --- the message --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_message_names_each_parameter_its_range_and_the_value_used(lang):
    t = Translator(lang)
    problems = [
        Problem("dim", ("16384",), Range(2, 8192, default=128, integer=True)),
        Problem("camera", ("3d",), Choice(("3D", "(1,1,1)"), default="3D")),
        Problem("x1", ("abc",), Range(-10.0, 10.0)),
    ]
    text = message(t, problems)
    assert text.count("\n- ") == 3
    assert "`dim`" in text.replace(" ", "") and "`16384`" in text.replace(" ", "")
    assert "8192" in text and "`128`" in text.replace(" ", "")
    assert "`3D`" in text.replace(" ", "") and "`(1,1,1)`" in text.replace(" ", "")
    assert "−10" in text
    assert t("url.used.default") in describe(t, problems[2])
    assert not live_markup(text)


def test_multi_select_message_lists_the_values_kept():
    t = Translator("en")
    [problem] = find_problems({"show": ["L2", "Foo"]}, SPECS)
    line = describe(t, problem)
    assert line.endswith("using ` L2 `.")


@pytest.mark.parametrize("given", HOSTILE[:-2])
def test_message_shows_hostile_values_only_inside_code_spans(given):
    t = Translator("en")
    text = message(t, find_problems({"x1": [given], "camera": [given], "show": [given]}, SPECS))
    assert "ev.il" not in outside_code(text)
    assert not live_markup(text)


# --- in the app: one warning per run ----------------------------------------------------------------------


def test_shell_and_page_problems_share_one_warning_in_the_page_language():
    at = run_page("highdim", lang="zh", backend="gpu", **{"highdim.dim": "16384", "highdim.dist": "bogus"})
    assert errors(at) == []
    assert len(at.warning) == 1
    body = at.warning[0].value
    for name in ("backend", "highdim.dist", "highdim.dim"):
        assert f"` {name} `" in body
    assert "8192" in body and "` 128 `" in body
    assert "链接" in body and "must" not in body


def test_a_clean_link_shows_no_warning_and_the_warning_goes_after_a_rerun():
    assert len(run_page("plane").warning) == 0
    at = run_page("plane", x1="99")
    assert len(at.warning) == 1 and "` 99 `" in at.warning[0].value
    assert at.query_params.get("x1") is None  # the address now says the scene shown: x1 at its default
    at.run()  # the address is the app's own: nothing to repeat
    assert len(at.warning) == 0


ONE_MESSAGE_APP = textwrap.dedent("""
    import streamlit as st
    from normviz.i18n import Translator
    from normviz.ui.kit import links
    from normviz.ui.kit.urlcheck import Problem, Range

    t = Translator("en")
    late = "late" in st.query_params
    st.title("top")
    with links.page_state(t):
        st.write("page body")
        links.load(t, [links.number("a", "a", 0, 1, 0.5)])
        st.write("more body")
        links.load(t, [links.integer("n", "n", 2, 9, 4)])
        st.write(f"a = {st.session_state['a']}, n = {st.session_state['n']}")
    if late:
        links.report(t, Problem("late", ("x",), Range(0, 1)))
""")


def test_page_state_puts_all_problems_in_one_warning_above_the_page_and_writes_the_scene():
    at = AppTest.from_string(ONE_MESSAGE_APP, default_timeout=TIMEOUT)
    at.query_params.update(a="7", n="0")
    at.run()
    assert errors(at) == []
    assert len(at.warning) == 1
    body = at.warning[0].value
    assert "` a `" in body and "` n `" in body and "` 4 `" in body and "` 0.5 `" in body
    shown = [(type(e).__name__, getattr(e, "value", None)) for e in at.main]
    assert shown.index(("Warning", body)) < shown.index(("Markdown", "page body"))
    assert at.markdown[-1].value == "a = 0.5, n = 4"
    assert at.query_params == {}  # the scene, both at their defaults: a bare address
    at.query_params["n"] = "5"
    at.run()  # an edited link: read, no warning
    assert len(at.warning) == 0 and at.markdown[-1].value == "a = 0.5, n = 5" and at.query_params == {"n": "5"}
    at.run()  # the app's own address: nothing to repeat, nothing changes
    assert len(at.warning) == 0 and at.markdown[-1].value == "a = 0.5, n = 5"


def test_a_problem_reported_outside_page_state_is_shown_where_it_is_reported():
    at = AppTest.from_string(ONE_MESSAGE_APP, default_timeout=TIMEOUT)
    at.query_params["late"] = "1"
    at.run()
    assert errors(at) == [] and len(at.warning) == 1 and "` late `" in at.warning[0].value


# --- typed numbers: clamped and explained in the user's language -----------------------------------------

INT_APP = textwrap.dedent("""
    import streamlit as st
    from normviz.i18n import Translator
    from normviz.ui.kit import links
    from normviz.ui.kit.numbers import int_input

    t = Translator(st.query_params.get("lang", "en"))
    with links.page_state(t):
        links.load(t, [links.choice("lang", "lang", ("zh", "en"), "en"), links.integer("n", "n", 2, 8192, 128)])
        n = int_input(t, "n", key="n", low=2, high=8192, default=128)
    st.write(f"n = {n}")
""")


@pytest.mark.parametrize("lang, typed, used", [("en", 99999, 8192), ("zh", 1, 2), ("zh", -5, 2)])
def test_a_typed_value_outside_the_range_is_clamped_and_explained(lang, typed, used):
    at = AppTest.from_string(INT_APP, default_timeout=TIMEOUT)
    at.query_params["lang"] = lang
    at.run()
    field = at.number_input(key="n")
    assert not field.proto.has_min and not field.proto.has_max  # no bound for Streamlit to enforce in English
    field.set_value(typed).run()
    assert errors(at) == []
    assert at.markdown[-1].value == f"n = {used}"
    [note] = at.warning
    assert "8192" in note.value and str(used) in note.value
    assert ("超出" in note.value) == (lang == "zh")
    assert "outside the allowed range" not in note.value or lang == "en"
    at.run()  # said once
    assert len(at.warning) == 0 and at.markdown[-1].value == f"n = {used}"


def test_int_input_link_value_goes_into_the_one_message():
    at = AppTest.from_string(INT_APP, default_timeout=TIMEOUT)
    at.query_params["n"] = "1e309"
    at.run()
    assert errors(at) == []
    assert len(at.warning) == 1 and "` 1e309 `" in at.warning[0].value and "8192" in at.warning[0].value
    assert at.markdown[-1].value == "n = 128"
    at.number_input(key="n").set_value(300).run()
    assert at.query_params["n"] == "300" and len(at.warning) == 0


FLOAT_APP = textwrap.dedent("""
    import streamlit as st
    from normviz.i18n import Translator
    from normviz.ui.kit.numbers import number_field

    def copy(src, dst):
        st.session_state[dst] = st.session_state[src]

    t = Translator("zh")
    st.session_state.setdefault("x1", 3.0)
    st.session_state.setdefault("x1_exact", 3.0)
    number_field(t, "x₁ 精确值", key="x1_exact", low=-10.0, high=10.0, step=0.01, format="%.4f",
                 on_change=copy, args=("x1_exact", "x1"))
    st.write(f"x1 = {st.session_state['x1']}")
""")


def test_a_float_field_clamps_before_its_own_callback_runs():
    """For the exact-value fields next to the sliders: the slider gets the clamped value, never 123."""
    at = AppTest.from_string(FLOAT_APP, default_timeout=TIMEOUT)
    at.run()
    at.number_input(key="x1_exact").set_value(123.0).run()
    assert errors(at) == []
    assert at.markdown[-1].value == "x1 = 10.0"
    [note] = at.warning
    assert "x₁ 精确值" in note.value and "−10" in note.value and "123" in note.value and "超出" in note.value


KEYED_APP = """
import streamlit as st
from normviz.ui.kit import links

st.session_state["whole_runs"] = st.session_state.get("whole_runs", 0) + 1
st.slider("x", 0, 10, 1, key="x", on_change=links.rerun_only(TARGET))
st.markdown("page text")


@links.fragment(key="demo.results")
def results():
    st.session_state["fragment_runs"] = st.session_state.get("fragment_runs", 0) + 1
    st.markdown(f"x is {st.session_state['x']}")


results()
"""


@pytest.mark.parametrize("target", ["demo.results", "no.such.fragment"])
def test_rerun_only_reruns_the_keyed_fragment_alone_or_else_the_page(real_rerun_only, target):
    with pytest.raises(ValueError, match="fragment key"):
        links.rerun_only()
    at = AppTest.from_string(KEYED_APP.replace("TARGET", repr(target)), default_timeout=TIMEOUT).run()
    assert (at.session_state["whole_runs"], at.session_state["fragment_runs"]) == (1, 1)
    at.slider(key="x").set_value(7).run()
    assert errors(at) == [] and "x is 7" in [m.value for m in at.markdown]
    if target == "demo.results":  # the fragment alone: AppTest then shows no page around it
        assert (at.session_state["whole_runs"], at.session_state["fragment_runs"]) == (1, 2)
        assert "page text" not in [m.value for m in at.markdown]
    else:  # no fragment has that key: the slider's own rerun, the whole page, as without a callback
        assert (at.session_state["whole_runs"], at.session_state["fragment_runs"]) == (2, 2)
        assert "page text" in [m.value for m in at.markdown]
