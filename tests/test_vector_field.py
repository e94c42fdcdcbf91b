import pytest

from normviz.format import field_text
from normviz.i18n import LANGUAGES, translate
from normviz.ui.kit.vector_field import VectorFieldError, parse_vector


@pytest.mark.parametrize(
    "text, want",
    [
        ("1, 2, 3", (1.0, 2.0, 3.0)),
        ("1 2 3", (1.0, 2.0, 3.0)),
        ("1;2;3", (1.0, 2.0, 3.0)),
        ("1，2，3", (1.0, 2.0, 3.0)),  # full-width comma
        ("1；2、3", (1.0, 2.0, 3.0)),
        ("(1, 2, 3)", (1.0, 2.0, 3.0)),
        ("[ -1.5e2 ,\t0.25 ]", (-150.0, 0.25)),
        ("−1, +2", (-1.0, 2.0)),  # Unicode minus
        ("（3，4）", (3.0, 4.0)),
        ("-0, 1", (0.0, 1.0)),
    ],
)
def test_parse_vector_accepts_the_usual_separators(text, want):
    assert parse_vector(text) == want


@pytest.mark.parametrize(
    "text, code",
    [
        ("", "empty"),
        ("  ", "empty"),
        ("()", "empty"),
        ("1, abc", "not_number"),
        ("1, nan", "not_finite"),
        ("inf", "not_finite"),
        ("1e309", "not_finite"),
        ("1e7", "too_big"),
        ("1" * 5000, "too_long"),
        ("5", "count"),
        (",".join(["1"] * 300), "count"),
    ],
)
def test_parse_vector_rejects_bad_text_with_a_reason(text, code):
    with pytest.raises(VectorFieldError) as err:
        parse_vector(text, min_n=2, max_n=256)
    assert err.value.code == code
    for lang in LANGUAGES:  # every reason has a message in both languages
        assert translate(lang, f"vtext.err.{code}", **err.value.params)


def test_format_round_trips():
    for v in [(3.0, 4.0), (0.1, -2.5, 1e-7), (101.0, 102.0, 103.0)]:
        assert parse_vector(field_text(v)) == v
    assert field_text((1.0, 2.0, 3.0)) == "1, 2, 3"


@pytest.mark.parametrize(
    "text", ["1, [x](//ev.il)", "1 ![](//ev.il/a.png)", "1 <b>ev.il</b>", "1 `` `[x](//ev.il)", "1 $$ev.il$$"]
)
def test_a_bad_token_is_echoed_literally(text):
    from normviz.i18n import Translator
    from normviz.ui.kit.vector_field import reason
    from tests.helpers.markup import live_markup, outside_code

    with pytest.raises(VectorFieldError) as err:
        parse_vector(text)
    for lang in LANGUAGES:
        shown = reason(Translator(lang), err.value)
        assert "ev.il" not in outside_code(shown) and not live_markup(shown)
