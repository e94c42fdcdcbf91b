"""normviz: the geometry of normalization layers (streamlit run app.py)."""

import streamlit as st

from normviz import ui

st.set_page_config(page_title="normviz", page_icon="◎", layout="wide")
t = ui.sidebar()
st.navigation([
    st.Page("pages/plane.py", title=t("nav.plane"), icon="⭕", url_path="plane", default=True),
]).run()
