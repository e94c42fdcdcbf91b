"""normviz.ui.kit.shell: a page run alone (Streamlit's pages/-folder mode) hands over to app.py's shell.

AppTest starts every run in that mode, as a fresh server does for its first visit (``/plane``): the
page script runs without app.py. ``ensure_shell`` (a page's ``ui.translator()``) then calls the
public ``st.navigation`` and reruns, so the page is drawn inside the shell: the sidebar's language,
projector and backend, and the page's link values read and written through ``links.page_state``.
"""

from __future__ import annotations

import json

import pytest

from normviz.ui.kit import document
from tests.helpers.pages import errors, run_page


def test_a_deep_link_is_drawn_inside_the_shell_with_its_link_values():
    at = run_page("plane", lang="zh", x1="-1", projector="true")
    assert errors(at) == []
    assert {w.key for w in at.sidebar if getattr(w, "key", None)} >= {"lang", "projector", "backend"}
    assert at.session_state["lang"] == "zh" and at.session_state["projector"] is True
    assert at.slider(key="plane.x1").value == -1.0
    assert at.query_params.get("x1") == "-1" and at.query_params.get("lang") == "zh"  # written by page_state


def test_a_language_left_unset_by_a_run_cut_short_falls_back_to_the_link_not_an_error():
    """A rerun that interrupts the last one before the sidebar's widgets ran can leave ``lang`` None in
    session state (seen under load through the fleet: every later run of the session raised)."""
    at = run_page("overview", lang="zh")
    at.session_state["lang"] = None
    at.run()
    assert errors(at) == []
    assert at.session_state["lang"] == "zh"
    assert at.segmented_control(key="lang").value == "zh"


def test_a_language_a_fragment_kept_as_none_is_not_seeded_again():
    """Under load through the fleet: a fragment's save ran while ``lang`` was None, so the kept value was None;
    the next full run deleted the None and seeded it again from what was kept, and raised."""
    at = run_page("overview", lang="zh")
    at.session_state["_links.kept"] = {**at.session_state["_links.kept"], "lang": None}
    at.session_state["lang"] = None
    at.run()
    assert errors(at) == []
    assert at.session_state["lang"] in ("zh", "en")
    at.run()
    assert errors(at) == [] and at.session_state["_links.kept"]["lang"] in ("zh", "en")


def test_walking_from_the_overview_to_a_page_in_one_session_keeps_a_language():
    """app.py first, then the plane in the same session, no ``?lang=`` (what ../shared/tools/moved_rerun.py
    does): the second run found ``lang`` None and, before ``links`` treated that None as no value, raised on
    every run, so that tool timed an error page."""
    from streamlit.testing.v1 import AppTest

    from tests.helpers.pages import ROOT

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    at.switch_page("pages/plane.py")
    at.run()
    at.slider(key="plane.x1").set_value(1.5)
    at.run()
    assert errors(at) == [] and not at.exception
    assert at.session_state["lang"] in ("zh", "en")
    assert at.slider(key="plane.x1").value == 1.5


def _document(at) -> dict:
    (proto,) = [el.proto for el in at.get("bidi_component") if el.proto.component_name == "normviz.document"]
    return json.loads(proto.json)


def _document_language(at) -> str:
    return _document(at)["lang"]


def test_every_run_declares_the_documents_language_and_a_switch_changes_it():
    """``<html lang>`` (normviz.ui.kit.document): the page's language on the first run, the other one
    after the sidebar's switch (tests/browser/test_smoke.py reads the attribute in Chromium)."""
    at = run_page("plane", lang="zh")
    assert _document_language(at) == "zh-CN"
    at.sidebar.button_group(key="lang").set_value("en").run()
    assert errors(at) == [] and _document_language(at) == "en"


def test_every_language_of_the_app_has_a_document_tag_and_only_those_do():
    from normviz.i18n import LANGUAGES

    assert set(document.LANG_TAGS) == set(LANGUAGES)
    assert all(tag.split("-")[0] == lang for lang, tag in document.LANG_TAGS.items())
    with pytest.raises(ValueError, match="lang must be one of"):
        document.declare("fr", "lang", {})
    with pytest.raises(ValueError, match="options must map"):
        document.declare("en", "lang", {"Français": "fr"})


def test_the_language_switch_names_each_option_in_its_own_language():
    """The switch's options are tagged with their own language: "English" on a Chinese page is read in English."""
    at = run_page("plane", lang="zh")
    switch = _document(at)["switch"]
    assert switch["key"] == "lang" and at.sidebar.button_group(key="lang").value == "zh"
    assert switch["options"] == {"中文": "zh-CN", "English": "en"}


def test_text_in_the_other_language_is_tagged_and_escaped():
    assert document.foreign("Layer Normalization", "en", "en") == "Layer Normalization"
    tagged = '<span lang="en">Ba, Kiros &amp; Hinton &lt;i&gt;</span>'
    assert document.foreign("Ba, Kiros & Hinton <i>", "en", "zh") == tagged
    assert document.foreign("层归一化", "zh", "en") == '<span lang="zh-CN">层归一化</span>'
    with pytest.raises(ValueError, match="lang and page_lang"):
        document.foreign("x", "fr", "en")
