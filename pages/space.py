"""空间 / Space: the three norms as projections in three dimensions."""

import streamlit as st

from normviz import ui

t = ui.translator()
st.title(t("space.title"))
st.markdown(t("space.intro"))
ui.projection_section(t, ui.SPACE_PAGE)
st.markdown(t("space.caption"))
