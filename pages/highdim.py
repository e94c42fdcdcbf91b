"""高维 / Higher dimensions: sampled clouds for n = 4 (exactly, in the hyperplane) and any n up to 8192."""

import streamlit as st

from normviz import ui
from normviz.ui import highdim as hd

t = ui.translator()
st.title(t("highdim.title"))
st.markdown(t("highdim.intro"))

settings = hd.controls(t)
spec, backend = settings.spec, ui.backend()
if settings.capped:
    st.info(hd.capped_message(t, settings), icon="ℹ️")
if not settings.methods:
    st.info(t("highdim.no_methods"), icon="ℹ️")
with st.spinner(t("highdim.computing")):
    summary = hd.cloud_summary(spec, backend, settings.eps, settings.methods)
    view = hd.hyperplane_view(hd.n4_spec(spec), backend, settings.eps, settings.methods)
    specs = hd.figure_specs(spec, backend, settings.eps, settings.methods, t.lang, ui.projector())
st.caption(hd.times_caption(t, summary))

st.header(t("highdim.n4.header"))
text, picture = hd.columns([2, 3], gap="large")
with text:
    st.markdown(t("highdim.n4.text", count=hd.n4_spec(spec).count))
    st.markdown(hd.basis_table(t, view))
    for note in hd.n4_notes(t, view, settings.eps):
        st.markdown(note)
with picture:
    ui.chart(specs["n4"], key="highdim_n4")

st.header(t("highdim.any.header", n=spec.n, count=spec.count))
st.subheader(t("highdim.hist.header"))
ui.chart(specs["distributions"], key="highdim_distributions")
st.caption(t("highdim.hist.caption"))
left, right = hd.columns([1, 1], gap="large")
with left:
    st.markdown(hd.summary_table(t, summary))
with right:
    st.subheader(t("highdim.conc.header"))
    ui.chart(specs["concentration"], key="highdim_concentration")
    st.caption(t("highdim.conc.caption", count=hd.CONCENTRATION_COUNT))

st.subheader(t("highdim.sv.header"))
ui.chart(specs["singular_values"], key="highdim_singular_values")
st.caption(hd.singular_values_caption(t, summary))

st.subheader(t("highdim.pca.header"))
ui.chart(specs["pca"], key="highdim_pca")
st.caption(t("highdim.pca.caption", points=hd.pca_points(spec)))

st.markdown(t("highdim.caption"))
