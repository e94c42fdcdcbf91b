"""The sources section: every page that cites a paper lists it, with its year, title and arXiv link, in both
languages; the facts are one record each."""

import html
import re

import pytest

from normviz.i18n import CATALOG, LANGUAGES
from normviz.sources import PAGE_SOURCES, SOURCES
from tests.helpers.pages import run_page, text

WIRED = (
    "overview",
    "highdim",
    "dof",
    "information",
    "invariance",
    "axes",
    "gradient",
    "family",
    "checkpoint",
    "residual",
    "plane",
    "space",
    "warp",
    "beyond",
    "model",
)


def test_every_source_has_its_reason_in_both_languages_and_an_arxiv_id():
    for key, s in SOURCES.items():
        assert s.key == key and re.fullmatch(r"\d{4}\.\d{5}", s.arxiv), key
        assert 2010 <= s.year <= 2026 and s.url == f"https://arxiv.org/abs/{s.arxiv}"
        for lang in LANGUAGES:
            assert CATALOG[f"sources.why.{key}"][lang].strip()
    assert {k for keys in PAGE_SOURCES.values() for k in keys} == set(SOURCES)  # every source is cited somewhere


def test_the_citations_are_the_papers_the_issue_names():
    cited = {(s.authors, s.year) for s in SOURCES.values()}
    assert cited == {
        ("Ba, Kiros & Hinton", 2016),
        ("Zhang & Sennrich", 2019),
        ("Xiong et al.", 2020),
        ("Ioffe & Szegedy", 2015),
        ("Riechers", 2024),
        ("Kim et al.", 2025),  # Peri-LN, the residual page's Peri-Norm (issue #22)
        ("Gemma Team", 2024),  # Gemma 2's input-and-output RMSNorm, the same arrangement in a released model
        ("Loshchilov et al.", 2024),  # nGPT, the residual page's normalized stream (issue #22)
        ("Zhu et al.", 2025),  # DyT (the beyond page)
        ("Henry et al.", 2020),  # QK-norm with L2
        ("Dehghani et al.", 2023),  # QK-norm with LayerNorm in ViT-22B
        ("Sun et al.", 2024),  # massive activations
        ("Qiu et al.", 2026),  # outlier-driven rescaling (residual sinks)
        ("Chen, Lu, Zhu, Sun & Liu", 2025),  # Derf (issue #29)
        ("Verma", 2026),  # removing LayerNorm helps as a regularizer, with little data
        ("Baroni et al.", 2025),  # LayerNorm frozen at inference
        ("Sun et al.", 2025),  # the curse of depth, LayerNorm Scaling
        ("Chen & Yao", 2026),  # gradient sinks
    }
    assert "xiong2020" in PAGE_SOURCES["residual"] and "ioffe2015" in PAGE_SOURCES["axes"]
    assert {"kim2025", "gemma2024", "loshchilov2024"} <= set(PAGE_SOURCES["residual"])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", WIRED)
def test_page_lists_its_sources(page, lang):
    out = text(run_page(page, lang=lang))
    assert CATALOG["sources.header"][lang] in out
    for key in PAGE_SOURCES[page]:
        s = SOURCES[key]
        assert f"({s.year})" in out and s.title in out and s.url in out, (page, key)
        assert CATALOG[f"sources.why.{key}"][lang][:20] in out
        # the English citation is tagged as English on a Chinese page (a screen reader switches voice)
        assert (f'<span lang="en">{html.escape(s.authors)} ({s.year})' in out) == (lang == "zh"), (page, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lessons_summary_lists_every_source(lang):
    from normviz import lesson

    out = text(run_page("lesson", lang=lang, step=str(lesson.KEYS.index("summary") + 1)))
    for key in PAGE_SOURCES["lesson"]:
        assert SOURCES[key].title in out
    first = text(run_page("lesson", lang=lang, step="1"))
    assert CATALOG["sources.header"][lang] not in first  # the other steps keep to their story
