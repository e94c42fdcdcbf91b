"""normviz: the geometry of normalization layers (streamlit run app.py)."""

import streamlit as st

from normviz import ui

st.set_page_config(page_title="normviz", page_icon="◎", layout="wide")
t = ui.sidebar()
st.navigation([
    st.Page("pages/overview.py", title=t("nav.overview"), icon=":material/explore:", default=True),
    st.Page("pages/plane.py", title=t("nav.plane"), icon=":material/radio_button_unchecked:", url_path="plane"),
    st.Page("pages/space.py", title=t("nav.space"), icon=":material/view_in_ar:", url_path="space"),
    st.Page("pages/highdim.py", title=t("nav.highdim"), icon=":material/stacked_line_chart:", url_path="highdim"),
    st.Page("pages/dof.py", title=t("nav.dof"), icon=":material/tune:", url_path="dof"),
    st.Page("pages/information.py", title=t("nav.information"), icon=":material/scatter_plot:", url_path="information"),
    st.Page("pages/invariance.py", title=t("nav.invariance"), icon=":material/balance:", url_path="invariance"),
]).run()
