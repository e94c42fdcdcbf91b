"""Shared Streamlit pieces; the only package code that imports streamlit."""

from normviz.ui.controls import projection_controls, vector_input, zoom_control
from normviz.ui.shell import TOPIC_PAGES, Translator, backend, projector, sidebar, translator
from normviz.ui.urlcheck import warn_invalid_params
from normviz.ui.views import (
    chart,
    degenerate_messages,
    fmt,
    fmt_vector,
    markdown_table,
    outputs_table,
    plane_figure_spec,
    projection,
    readouts,
    stats_table,
)

__all__ = [
    "TOPIC_PAGES", "Translator", "backend", "chart", "degenerate_messages", "fmt", "fmt_vector", "markdown_table",
    "outputs_table", "plane_figure_spec", "projection", "projection_controls", "readouts", "projector", "sidebar", "stats_table",
    "translator", "vector_input", "warn_invalid_params", "zoom_control",
]
