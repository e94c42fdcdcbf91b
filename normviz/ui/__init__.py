"""Shared Streamlit pieces; the only package code that imports streamlit."""

from normviz.ui.projection import PLANE_PAGE, SPACE_PAGE, projection_section
from normviz.ui.shell import TOPIC_PAGES, TOPIC_SECTIONS, Translator, backend, projector, sidebar, translator
from normviz.ui.literal import literal
from normviz.ui.links import fragment, page_state
from normviz.ui.views import (
    chart,
    degenerate_messages,
    markdown_table,
    outputs_table,
    page_parts,
    picture_first,
    cached_projection,
    readouts,
    sources_section,
    stats_table,
)

__all__ = [
    "TOPIC_PAGES", "TOPIC_SECTIONS", "Translator", "backend", "chart", "degenerate_messages", "markdown_table",
    "outputs_table", "page_parts", "picture_first", "cached_projection", "literal", "fragment", "page_state", "PLANE_PAGE", "SPACE_PAGE", "projection_section", "readouts", "projector", "sidebar", "sources_section", "stats_table",
    "translator",
]
