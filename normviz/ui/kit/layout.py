"""Where things go on a page: the projector's picture-first order of a page and of a section, and the
Sources section at a page's end."""

from __future__ import annotations

from typing import NamedTuple

import streamlit as st

from normviz.sources import PAGE_SOURCES, SOURCES
from normviz.ui.kit.document import foreign
from normviz.ui.kit.shell import projector

# --- picture first: the page layout of projector mode ------------------------------------------------
#
# On a projector the page's main figure comes right after the title: its controls fold into an
# expander above it and the text that leads up to it moves below it (the page's introduction into
# an "About this page" expander). Elsewhere the pages keep their reading order. Two helpers, one
# for the page's top level and one inside a section's fragment (a fragment draws its own widgets).


class PageParts(NamedTuple):
    """The top-level containers of a page, in the order the page writes them."""

    intro: object  # the introduction (and any text before the main section)
    controls: object | None  # controls that concern the whole page (None when the page has none)
    text: object  # explanations that lead up to the main section
    main: object  # the section (fragment) with the page's main figure


def page_parts(t, *, controls: bool = False) -> PageParts:
    """Containers for the title's followers. Normal order: intro, controls, text, main. Projector
    order: the controls folded into one expander, the main section, then the intro in an "About this
    page" expander and the text (a plain container: it may hold expanders, which cannot nest)."""
    if projector():
        # named apart from the main section's own "Controls" expander right below it
        box = st.expander(t("access.controls.page"), icon=":material/tune:") if controls else None
        main = st.container()
        intro = st.expander(t("access.about"), icon=":material/info:")
        return PageParts(intro, box, st.container(), main)
    intro = st.container()
    box = st.container() if controls else None
    text = st.container()
    return PageParts(intro, box, text, st.container())


def picture_first(t, layout: str = "stack", widths=(1, 2)) -> tuple:
    """(controls, picture, text) containers of one section, created inside its fragment.

    Projector: the controls folded into one expander, the picture, then the text. Otherwise the
    page's reading order, by ``layout``: "stack" (controls, text, picture), "controls-beside"
    (controls in a column of ``widths`` beside the picture, text below both) or "text-beside"
    (controls, then the text in a column beside the picture)."""
    if projector():
        return st.expander(t("access.controls"), icon=":material/tune:"), st.container(), st.container()
    if layout == "controls-beside":
        controls, picture = st.columns(list(widths), gap="large")
        return controls, picture, st.container()
    controls = st.container()
    if layout == "text-beside":
        text, picture = st.columns(list(widths), gap="large")
        return controls, picture, text
    text = st.container()
    return controls, st.container(), text


def place(container=None):
    """A place kept on the page for a keyed fragment (``links.fragment(key=...)``) to fill when what it shows
    may be absent (a message for some values only): ``with place.container(): ...`` there on every run, or
    one element, ``place.markdown(...)``.

    Streamlit raises when a fragment writes to a container made outside it that the last full run left
    unwritten. A plain ``st.container()`` is the place for what the fragment draws on every run (one delta
    fewer per run); this one is an ``st.empty`` in ``container`` (default: here), whose every fill is a
    write, even of nothing, and replaces the last."""
    return (container or st).empty()


def page_link(t, page: str, label: str, **params) -> None:
    """A link to another page of the app that opens it with ``params`` in its URL, in the same language."""
    st.page_link(
        f"pages/{page}.py", label=label, icon=":material/arrow_forward:", query_params={"lang": t.lang, **params}
    )


def sources_section(t, page: str) -> None:
    """The papers behind the page's statements (``normviz.sources.PAGE_SOURCES``), each with what it is cited for."""
    keys = PAGE_SOURCES.get(page, ())
    if not keys:
        return
    st.subheader(t("sources.header"))
    # the citation is English, tagged so on a Chinese page; what it is cited for is in the page's language
    st.markdown(
        "\n".join(
            f"- {foreign(f'{s.authors} ({s.year}), *{s.title}*, {s.venue}', 'en', t.lang)}, "
            f"[arXiv:{s.arxiv}]({s.url}): {t(f'sources.why.{s.key}')}"
            for s in (SOURCES[k] for k in keys)
        ),
        unsafe_allow_html=True,  # the app's own text, escaped by foreign(): only its <span lang> is markup
    )
