"""normviz.ui.kit.lesson_keys without a browser: what the lesson does when the key listener cannot be mounted.

The keys themselves are pressed in a real Chromium: tests/browser/test_lesson.py."""

from __future__ import annotations

import logging

from normviz import lesson
from normviz.i18n import translate
from normviz.ui.kit import lesson_keys
from tests.helpers.pages import errors, run_page, without_component


def test_without_the_installed_manifest_the_buttons_still_step_and_the_log_says_why_once(monkeypatch, caplog):
    without_component(monkeypatch, "normviz.lesson_keys")
    with caplog.at_level(logging.WARNING, logger=lesson_keys.__name__):
        at = run_page("lesson", step="3")
        assert errors(at) == []
        assert "normviz.lesson_keys" not in [el.proto.component_name for el in at.get("bidi_component")]
        at.button(key="lesson.next.top").click().run()
    assert errors(at) == []
    assert at.header[0].value == translate("en", f"lesson.step.{lesson.step(4).key}.title")
    said = [r.getMessage() for r in caplog.records if r.name == lesson_keys.__name__]
    assert len(said) == 1 and "pip install --no-deps -e ." in said[0], said
