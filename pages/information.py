"""信息 / Information: the length is dropped, the direction (and its angles) survive.

Each section is a fragment: moving one of its controls reruns that section only.
"""

import streamlit as st

from normviz import ui
from normviz.ui import information as info

t = ui.translator()
st.title(t("info.title"))
parts = ui.page_parts(t)
parts.intro.markdown(t("info.intro"))
backend = ui.backend()
projector = ui.projector()
with parts.main if projector else parts.intro:  # one message for bad link values, in sight
    info.check_link(t)

parts.text.header(t("info.pairs.header"))
parts.text.markdown(info.pairs_text(t, backend))


@ui.fragment
def pairs_section():
    controls, picture, _ = ui.picture_first(t)
    with controls:
        inputs = tuple(info.pair_inputs(t))
    comparisons, figure = info.pairs_view(inputs, t, projector, backend)
    with picture:
        if figure is not None:
            ui.chart(figure, key="information.pairs_chart")
        elif any(comparisons):
            st.info(t("info.pairs.no_picture"), icon="ℹ️")
    for k, cmp in enumerate(comparisons, start=1):
        if cmp is not None:
            info.pair_table(t, k, cmp)
    st.markdown(t("info.pairs.caption"))


@ui.fragment
def cloud_section():
    dim, seed = info.cloud_controls(t)
    figure, facts = info.cloud_view(dim, seed, t, projector, backend)
    ui.chart(figure, key="information.cloud_chart")
    info.cloud_table(t, dim, facts)
    st.caption(t(f"info.cloud.caption{dim}"))


@ui.fragment
def similarity_section():
    n, size, spread, seed = info.batch_controls(t)
    figure, deviations = info.similarity_view(n, size, spread, seed, t, projector, backend)
    ui.chart(figure, key="information.similarity_chart")
    info.identity_table(t, deviations)
    st.markdown(t("info.sim.caption"))


with parts.main:
    pairs_section()

st.header(t("info.cloud.header"))
st.markdown(t("info.cloud.text"))
cloud_section()

st.header(t("info.sim.header"))
st.markdown(t("info.sim.text"))
similarity_section()

ui.sources_section(t, "information")
