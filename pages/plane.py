"""平面 / Plane: the three norms as projections in two dimensions."""

import streamlit as st

from normviz import ui

t = ui.translator()
st.title(t("plane.title"))
parts = ui.page_parts(t)
parts.intro.markdown(t("plane.intro"))
with parts.main:
    ui.projection_section(t, ui.PLANE_PAGE)
st.markdown(t("plane.caption"))

ui.sources_section(t, "plane")
