"""One vocabulary: every user-visible string of both catalogues, and the strings the figures and ui
modules write themselves, say the same thing the same way.

- The all-ones vector is 𝟏 (U+1D7CF), never a bare digit: "x − μ·𝟏", "along 𝟏", "x + 100·𝟏".
- The source articles are never "seed" / "种子": on the same pages 种子 is the random seed, which is
  always named as one (随机种子, 题组种子; "random seed", "set seed", "seeded").
- Chinese names a token 词元 (the English word may follow once, in brackets, as a gloss), a z-score
  z 分数, and does not mix 检查点 with "checkpoint" in one text.
- English calls the method "L2 normalization", not the verb "L2 normalize".
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from normviz.i18n import CATALOG, LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")

# A "1" standing for the vector: times a scalar (μ·1, c·1, 100·1), the direction of a line or a shift
# (along 1, along −1, 沿 1, 方向 1, 对角线 1), the definition 1 = (1, …, 1), and a vector plus a bare
# number (x + 100: the shift c·𝟏 written as a scalar).
ONES_AS_DIGIT = re.compile(
    r"[·⋅]\s*1(?![\d/⁰¹²³⁴⁵⁶⁷⁸⁹]|[.,]\d)"
    r"|\balong\s+[−-]?1\b(?![.,]\d)"
    r"|(?:沿|方向|对角线)\s*[−-]?1(?![\d)）]|[.,]\d)|(?<![\d.])1\s?方向"
    r"|(?<![\w(,])1\s*=\s*\(1\b"
    r"|\b[xy]\s*[+−-]\s*\d+(?![\d.,]|\s*[·×⋅]|[a-zA-Zα-ω])"
)
SEED_ZH = re.compile(r"种子")
SEED_ZH_OK = re.compile(r"(随机|题组)种子")
SEED_EN = re.compile(r"\bseed(?!ed)", re.I)
SEED_EN_OK = re.compile(
    r"\b(random|set|same|another|a different|different)\s+seed\b|\bseeds?\b(?=[^.]*\b(random|draw))", re.I
)
TOKEN_IN_ZH = re.compile(r"token", re.I)
TOKEN_GLOSS = re.compile(r"词元（tokens?）", re.I)
Z_SCORE_ZH = re.compile(r"z[- ]?score|标准分数|z-分数|z分数", re.I)
L2_VERB = re.compile(r"\bL2[ -]normaliz(e|es|ing)\b")


def _visible(text: str) -> str:
    """The text a user reads: placeholders ({name}) removed, code spans (`...`) kept."""
    return PLACEHOLDER.sub("", text)


def _catalog_texts():
    return [(key, lang, _visible(texts[lang])) for key, texts in CATALOG.items() for lang in LANGUAGES]


def _literal_texts():
    """String constants of the modules that draw or lay out what the user sees (not docstrings)."""
    out = []
    files = [
        *(ROOT / "normviz" / "figures").rglob("*.py"),
        *(ROOT / "normviz" / "ui").rglob("*.py"),
        *(ROOT / "pages").glob("*.py"),
        ROOT / "normviz" / "methods.py",
    ]
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                out.append((f"{path.relative_to(ROOT)}:{node.lineno}", _visible(node.value)))
    return out


def ones_written_as_digit(text: str) -> list[str]:
    return [text[max(0, m.start() - 12) : m.end() + 12] for m in ONES_AS_DIGIT.finditer(text)]


def source_called_seed(text: str, lang: str) -> list[str]:
    if lang == "zh":
        bad = [m for m in SEED_ZH.finditer(text) if not SEED_ZH_OK.match(text, max(0, m.start() - 2))]
    else:
        bad = [m for m in SEED_EN.finditer(text) if not SEED_EN_OK.search(text[max(0, m.start() - 20) : m.end() + 60])]
    return [text[max(0, m.start() - 12) : m.end() + 12] for m in bad]


def test_the_checks_catch_what_they_are_for():
    # the mistakes this module exists to catch, and their corrections
    for wrong in (
        "x − μ·1",
        "along 1 = (1, 1)",
        "沿 1 的分量",
        "x + 100 ",
        "LN(a·x + c·1)",
        "along −1",
        "对角线 1 = (1, 1, 1)",
        "x + 1001 ",
    ):
        assert ones_written_as_digit(wrong), wrong
    for right in (
        "x − μ·𝟏",
        "along 𝟏 = (1, 1)",
        "沿 𝟏 的分量",
        "x + 100·𝟏",
        "n − 1",
        "2⁻¹",
        "0.5·10",
        "x₁ + x₂ = 0",
        "(1, 1, 1)",
        "γ = 1",
        "x + 1.5x",
    ):
        assert not ones_written_as_digit(right), right
    assert source_called_seed("种子文章的例子", "zh") and source_called_seed("种子里的 10⁻⁷", "zh")
    assert not source_called_seed("随机种子", "zh") and not source_called_seed("题组种子 7", "zh")
    assert source_called_seed("the seed's share (mistaken)", "en") and source_called_seed("training (seed 003)", "en")
    assert not source_called_seed("Random seed", "en") and not source_called_seed("a seeded generator", "en")
    assert TOKEN_IN_ZH.search("每个 token 的维数") and not TOKEN_IN_ZH.search(TOKEN_GLOSS.sub("", "词元（token）"))
    assert L2_VERB.search("L2 normalize") and not L2_VERB.search("L2 normalization")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_catalogue_string_writes_the_all_ones_vector_as_a_digit(lang):
    bad = {key: ones_written_as_digit(text) for key, lg, text in _catalog_texts() if lg == lang}
    assert not {k: v for k, v in bad.items() if v}


def test_no_figure_or_ui_string_writes_the_all_ones_vector_as_a_digit():
    bad = [(where, hit) for where, text in _literal_texts() for hit in ones_written_as_digit(text)]
    assert not bad


def test_latex_writes_the_all_ones_vector_bold():
    from normviz import lesson

    for method in ("ln",):
        lines = lesson.worked_latex(lesson.worked(method, (1.0, 2.0, 3.0)))
        assert any(r"\mu\mathbf{1}" in line for line in lines)
        assert not any(re.search(r"\\mu\s*1\b|\\mu\\cdot\s*1\b", line) for line in lines)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_source_articles_are_never_called_the_seed(lang):
    bad = {key: source_called_seed(text, lg) for key, lg, text in _catalog_texts() if lg == lang}
    assert not {k: v for k, v in bad.items() if v}


def test_chinese_says_ci_yuan_for_token():
    bad = [
        key for key, lang, text in _catalog_texts() if lang == "zh" and TOKEN_IN_ZH.search(TOKEN_GLOSS.sub("", text))
    ]
    assert not bad


def test_chinese_names_the_z_score_one_way_and_does_not_mix_checkpoint_words():
    z = [key for key, lang, text in _catalog_texts() if lang == "zh" and Z_SCORE_ZH.search(text)]
    assert not z
    mixed = [
        key
        for key, lang, text in _catalog_texts()
        if lang == "zh"
        and "检查点" in text
        and re.search(r"checkpoint", text, re.I)
        and not re.search(r"\.(safetensors|pt|bin)|/checkpoint", text)
    ]
    assert not mixed


def test_english_says_l2_normalization():
    bad = [key for key, lang, text in _catalog_texts() if lang == "en" and L2_VERB.search(text)]
    assert not bad
