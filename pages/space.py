"""空间 / Space: the three norms as projections in three dimensions."""

import streamlit as st

from normviz import ui

t = ui.translator()
st.title(t("space.title"))
parts = ui.page_parts(t)
parts.intro.markdown(t("space.intro"))
with parts.main:
    ui.projection_section(t, ui.SPACE_PAGE)
st.markdown(t("space.caption"))

ui.sources_section(t, "space")
