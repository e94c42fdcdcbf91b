"""残差 / Pre-Norm vs Post-Norm (Peri-Norm, nGPT, LNS, no norm): a toy deep residual stack at initialization,
layer by layer.

The controls, the figure they change and the float16 table sit in one fragment.
"""

import streamlit as st

from normviz import ui
from normviz.ui import residual as res

t = ui.translator()
st.title(t("res.title"))
parts = ui.page_parts(t)
parts.intro.markdown(t("res.intro"))
parts.intro.markdown(t("res.models"))
parts.intro.markdown(t("res.newer"))
parts.intro.markdown(t("res.lns"))
backend = ui.backend()
projector = ui.projector()


@ui.fragment
def stack_section():
    controls, picture, _ = ui.picture_first(t)
    with controls:
        config = res.controls(t)
        shown = res.shown(t)
    with st.spinner(t("res.spinner")):
        comp, seconds = res.comparison(config, backend)
        figure = res.figure(config, backend, t, projector, shown)
        runs16, seconds16 = res.float16_runs(config, backend)
    with picture:
        ui.chart(figure, key="residual.chart")
    res.summary_table(t, comp)
    res.timing_caption(t, comp, seconds)
    st.markdown(t("res.reading"))
    st.markdown(t("res.update.reading"))
    st.markdown(t("res.none.reading"))
    res.newer_reading(t, comp)
    res.lns_reading(t, comp)
    st.header(t("res.fp16.header"))
    st.markdown(t("res.fp16.text"))
    st.markdown(t("res.f16.intro"))
    res.float16_table(t, comp, runs16)
    st.markdown(t("res.f16.newer"))
    st.caption(t("res.f16.timing", seconds=f"{seconds16:.2f}", count=len(runs16)))


parts.text.header(t("res.stack.header"))
parts.text.markdown(t("res.block"))
with parts.main:
    if res.torch_available():
        stack_section()
    else:
        st.info(t("res.no_torch"), icon="ℹ️")
        st.header(t("res.fp16.header"))
        st.markdown(t("res.fp16.text"))

ui.sources_section(t, "residual")
