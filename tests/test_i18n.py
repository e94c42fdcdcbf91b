import dataclasses
import re
import string

import numpy as np
import pytest

import normviz as nv
from normviz.i18n import CATALOG, LANGUAGES, Translator, translate
from normviz.methods import METHODS


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
    en = translate("en", "url.bad.number", name="`x1`", given="`99`", low="−10", high="10", used="`3`")
    assert en == "`x1` = `99`: must be a number from −10 to 10; using `3`."
    assert "`x1`" in translate("zh", "url.bad.number", name="`x1`", given="`99`", low="−10", high="10", used="`3`")


def test_unknown_key_is_an_error():
    with pytest.raises(KeyError):
        translate("en", "no.such.key")


# --- the translator ------------------------------------------------------------------------------------------


def test_translator_is_a_frozen_hashable_callable_with_its_language():
    t = Translator("zh")
    assert t.lang == "zh" and t("method.ln") == "LayerNorm"
    assert t("vtext.parsed", n=3) == translate("zh", "vtext.parsed", n=3)
    assert hash(t) == hash(Translator("zh")) and t == Translator("zh")
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.lang = "en"  # frozen
    with pytest.raises(ValueError, match="lang"):
        Translator("fr")


def test_i18n_does_not_import_streamlit():
    import ast
    from pathlib import Path

    for path in Path(translate.__code__.co_filename).parent.glob("*.py"):
        names = {a.name for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.ImportFrom) and n.module}
        assert not any(name.split(".")[0] in {"streamlit", "plotly"} for name in names), path


# --- statements checked against the math (issue 8) ----------------------------------------------------------


def _both(key):
    return [CATALOG[key][lang] for lang in LANGUAGES]


def _fmt(v, digits=3):
    return f"{v:.{digits}f}".replace("-", "−")


def test_plane_caption_says_layernorm_turns_x_and_its_numbers_are_the_librarys():
    x = np.array([3.0, 4.0])
    ln0 = nv.layer_norm(x, eps=0.0)
    ln1 = nv.layer_norm(x, eps=1.0)
    before, after = (round(float(np.degrees(np.arctan2(v[1], v[0])))) for v in (x, ln0))
    assert (before, after) == (53, 135)
    for text in _both("plane.caption"):
        assert "x − μ·𝟏" in text
        assert f"({_fmt(ln0[0], 0)}, {_fmt(ln0[1], 0)})" in text and "53°" in text and "135°" in text
        assert f"({_fmt(ln1[0])}, {_fmt(ln1[1])})" in text  # ε = 1: on the segment between the two points
    assert "not that of x" in CATALOG["plane.caption"]["en"]
    assert "doesn't change direction" not in CATALOG["plane.caption"]["en"]


def test_affine_texts_say_gamma_beta_are_fixed_not_each_inputs_own_scale():
    for key in ("plane.caption", "affine.note"):
        en, zh = CATALOG[key]["en"], CATALOG[key]["zh"]
        assert "fixed" in en and "own length or mean" in en, key
        assert "固定" in zh and "长度或均值" in zh, key
    assert "learn the removed scale and offset back" not in CATALOG["plane.caption"]["en"]


@pytest.mark.parametrize("key", ["overview.variance", "plane.caption", "space.caption"])
def test_variance_is_stated_as_the_biased_one(key):
    en, zh = _both_en_zh(key)
    assert "biased variance" in en and "有偏方差" in zh
    assert "n − 1" in en and "n − 1" in zh


def _both_en_zh(key):
    return CATALOG[key]["en"], CATALOG[key]["zh"]


def test_unbiased_radius_quoted_in_the_texts_is_the_librarys():
    # With 1/(n-1) the LayerNorm output would have norm sqrt(n - 1): in 2D 1, in 3D sqrt(2).
    for n, shown in ((2, "radius 1"), (3, "radius √2")):
        x = np.arange(1.0, n + 1)
        y = (x - x.mean()) / x.std(ddof=1)
        assert np.isclose(np.linalg.norm(y), np.sqrt(n - 1))
        assert shown in CATALOG["plane.caption" if n == 2 else "space.caption"]["en"]
    assert "√(n − 1)" in CATALOG["overview.variance"]["en"]


# Every text that claims a radius √n (√2, √3), two points, or an invariance also says it holds at ε = 0,
# itself or in the column header it sits under. Keys of the pages whose ε control starts at "default".
RADIUS_CLAIM = re.compile(r"√n|√2|√3|2√n|invarian|不变性")
QUALIFIED_BY_HEADER = {
    "overview.target.rms": "overview.col.target",
    "overview.target.ln": "overview.col.target",
    "overview.target.l2": "overview.col.target",
    "overview.invariant.l2": "overview.col.invariant",
    "overview.invariant.rms": "overview.col.invariant",
    "overview.invariant.ln": "overview.col.invariant",
}


def _my_keys():
    import normviz.i18n.common as common
    import normviz.i18n.overview as overview
    import normviz.i18n.plane as plane
    import normviz.i18n.space as space

    return [k for m in (common, overview, plane, space) for k in m.STRINGS]


@pytest.mark.parametrize("key", [k for k in _my_keys() if RADIUS_CLAIM.search(CATALOG[k]["en"] + CATALOG[k]["zh"])])
def test_radius_and_invariance_claims_carry_the_eps_zero_qualifier(key):
    where = QUALIFIED_BY_HEADER.get(key, key)
    for lang in LANGUAGES:
        assert "ε = 0" in CATALOG[where][lang], f"{key} ({lang}) claims a radius or invariance without ε = 0"


def test_layernorm_two_points_label_says_eps_zero_and_the_segment():
    en, zh = _both_en_zh("plane.trace.ln_points")
    assert "ε = 0" in en and "ε > 0" in en and "segment" in en
    assert "ε = 0" in zh and "ε > 0" in zh and "线段" in zh


def test_reach_labels_give_rmsnorm_the_ellipse_and_layernorm_only_its_points_or_circle():
    for key in ("plane.trace.rms_ellipse", "space.trace.rms_ellipsoid"):
        assert CATALOG[key]["en"].startswith("RMSNorm's reach") and CATALOG[key]["zh"].startswith("RMSNorm")
    for key in ("plane.trace.ln_points_affine", "space.trace.ln_circle_affine"):
        assert CATALOG[key]["en"].startswith("LayerNorm's reach") and CATALOG[key]["zh"].startswith("LayerNorm")


def test_eps_help_quotes_the_library_defaults_and_torchs_rmsnorm_default_rightly():
    for lang in LANGUAGES:
        text = CATALOG["eps.help"][lang]
        for m in METHODS.values():
            assert f"{m.label} {m.default_eps:g}".replace("e-0", "e-") in text, (lang, m.key)
        assert "torch.finfo(dtype).eps" in text and "LLaMA" in text
    assert "own default" not in CATALOG["eps.help"]["en"]


def test_eps_help_gives_llama_2_and_3_the_rms_norm_eps_of_the_bundled_llama_like_config():
    import json

    from normviz.checkpoint_examples import EXAMPLES

    eps = json.loads(EXAMPLES["llama"].config_path.read_text())["rms_norm_eps"]
    quoted = f"rms_norm_eps = {eps:g}".replace("e-0", "e-")  # 1e-05 -> 1e-5
    assert eps == 1e-5 != METHODS["rms"].default_eps  # normviz keeps the first LLaMA's 1e-6
    for lang in LANGUAGES:
        text = CATALOG["eps.help"][lang]
        assert quoted in text and "Llama 2" in text and "Llama 3" in text, lang
        assert f"RMSNorm {METHODS['rms'].default_eps:g}".replace("e-0", "e-") in text


def test_space_caption_examples_are_the_librarys():
    x = np.array([1.0, 2.0, 3.0])
    rms = METHODS["rms"]
    en = CATALOG["space.caption"]["en"]
    assert "({}, {}, {})".format(*(f"{v:.2f}" for v in rms(x, eps=0.0))) in en
    assert "({}, {}, {})".format(*(f"{v:.2f}" for v in rms(x + 100, eps=0.0))) in en
    ln = METHODS["ln"]
    assert np.array_equal(ln(x), ln(x + 100))  # a shift changes nothing, at any ε ("coincide exactly")
    assert np.array_equal(ln(x, eps=1.0), ln(x + 100, eps=1.0))
    for m in METHODS.values():  # (2, 4, 6): equal at ε = 0, within 1e-5 at the default ε
        assert np.allclose(m(x, eps=0.0), m(2 * x, eps=0.0), rtol=0, atol=1e-12)
        assert np.max(np.abs(m(x) - m(2 * x))) < 1e-5
    assert "less than 1e-5" in en


def test_standardization_is_not_called_a_standard_normal_distribution():
    for key, texts in CATALOG.items():
        en, zh = texts["en"], texts["zh"]
        if "standard normal" in en:
            assert "not make" in en or "not a" in en, key
        if "标准正态" in zh:
            assert "不会" in zh or "不是" in zh, key
    assert "standard normal" in CATALOG["overview.standardize"]["en"]


def test_overview_says_only_the_direction_carries_information():
    en, zh = _both_en_zh("overview.intro")
    assert "only a direction is left to carry information" in en and "x − μ·𝟏" in en
    assert "只剩方向" in zh and "x − μ·𝟏" in zh


def test_sentences_follow_each_other_without_a_space_in_chinese_and_with_one_in_english():
    assert Translator("zh").sentences(["甲是 1。", "", "乙是 2。"]) == "甲是 1。乙是 2。"
    assert Translator("en").sentences(["A is 1.", "", "B is 2."]) == "A is 1. B is 2."
