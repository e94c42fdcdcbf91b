import re
import string

import pytest

from normviz.i18n import CATALOG, LANGUAGES, translate


def test_every_key_has_both_languages_and_no_empty_text():
    for key, texts in CATALOG.items():
        assert set(texts) == set(LANGUAGES), key
        for lang in LANGUAGES:
            assert texts[lang].strip(), f"{key} is empty in {lang}"


def test_placeholders_match_between_languages():
    fields = lambda s: {f for _, f, _, _ in string.Formatter().parse(s) if f}  # noqa: E731
    for key, texts in CATALOG.items():
        assert fields(texts["zh"]) == fields(texts["en"]), key


def test_english_texts_have_no_chinese_and_chinese_texts_are_chinese():
    han = re.compile(r"[\u4e00-\u9fff]")
    for key, texts in CATALOG.items():
        assert not han.search(texts["en"]), f"{key}: Chinese characters in the English text"
    # Proper names (RMSNorm, LayerNorm) are the same in both; everything else is translated.
    assert sum(bool(han.search(t["zh"])) for t in CATALOG.values()) > 0.9 * len(CATALOG)


def test_translate_fills_values():
    assert translate("en", "url.invalid", names="`x1`").startswith("The link's parameter(s) `x1`")
    assert "`x1`" in translate("zh", "url.invalid", names="`x1`")


def test_unknown_key_is_an_error():
    with pytest.raises(KeyError):
        translate("en", "no.such.key")
