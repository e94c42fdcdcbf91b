"""normviz: the geometry of normalization layers (streamlit run app.py)."""

import streamlit as st

from normviz import ui

ui.set_up_collector()  # once per process: the imports' objects frozen out of the collector's scans
st.set_page_config(page_title="normviz", page_icon="◎", layout="wide")
with ui.page_state():  # every bad link value of this run in one warning at the top; the scene into the URL
    t = ui.load_sidebar()  # the language from the URL, for the navigation's names
    # the navigation before the sidebar's widgets: see load_sidebar (the overview's first language click)
    page = st.navigation(
        {
            t("nav.section.start"): [
                st.Page("pages/overview.py", title=t("nav.overview"), icon=":material/explore:", default=True)
            ],
            **{
                t(f"nav.section.{section}"): [
                    st.Page(f"pages/{name}.py", title=t(f"nav.{name}"), icon=icon, url_path=name)
                    for name, icon in pages
                ]
                for section, pages in ui.TOPIC_SECTIONS
                if pages
            },
        }
    )
    ui.sidebar()
    page.run()
