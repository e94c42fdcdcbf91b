"""The app in Streamlit: one module per page (or pair of pages) here, the shared pieces in ``kit``."""

from normviz.ui.kit.chart import cached_projection
from normviz.ui.kit.collector import set_up as set_up_collector
from normviz.ui.kit.figure import chart, lazy_chart
from normviz.ui.kit.layout import page_link, page_parts, picture_first, place, sources_section
from normviz.ui.kit.links import fragment, page_state, rerun_only
from normviz.ui.kit.literal import literal
from normviz.ui.kit.live import animated_chart
from normviz.ui.kit.shell import (
    TOPIC_PAGES,
    TOPIC_SECTIONS,
    Translator,
    backend,
    load_sidebar,
    projector,
    sidebar,
    translator,
)
from normviz.ui.kit.tables import degenerate_messages, markdown_table, outputs_table, readouts, stats_table
from normviz.ui.projection import PLANE_PAGE, SPACE_PAGE, projection_section

__all__ = [
    "page_link",
    "TOPIC_PAGES",
    "TOPIC_SECTIONS",
    "Translator",
    "animated_chart",
    "backend",
    "chart",
    "degenerate_messages",
    "markdown_table",
    "outputs_table",
    "page_parts",
    "picture_first",
    "place",
    "cached_projection",
    "literal",
    "fragment",
    "lazy_chart",
    "rerun_only",
    "page_state",
    "set_up_collector",
    "PLANE_PAGE",
    "SPACE_PAGE",
    "projection_section",
    "readouts",
    "projector",
    "load_sidebar",
    "sidebar",
    "sources_section",
    "stats_table",
    "translator",
]
