"""高维 / Higher dimensions: sampled clouds for n = 4 (exactly, in the hyperplane) and any n up to 8192."""

import streamlit as st

from normviz import ui
from normviz.ui import highdim as hd

t = ui.translator()
st.title(t("highdim.title"))
parts = ui.page_parts(t)
parts.intro.markdown(t("highdim.intro"))


@ui.fragment
def clouds() -> None:
    """Every control but σ; σ and all it changes (everything below) in ``by_scale``, so a move of σ reruns
    that part only and re-sends neither these controls nor their columns."""
    controls, picture, text = ui.picture_first(t, "text-beside", (2, 3))
    with controls:
        scale_place, chosen = hd.controls(t)
    by_scale((scale_place, controls.container(), picture.container(), text.container()), chosen)


@ui.fragment
def by_scale(places: tuple, chosen) -> None:
    """σ's slider in its place among the controls, and the clouds, tables and charts of the settings."""
    scale_place, controls, picture, text = places
    settings = hd.with_scale(t, scale_place, chosen)
    spec, eps, methods = settings.spec, settings.eps, settings.methods
    backend, projector = ui.backend(), ui.projector()
    with picture if projector else controls:  # in sight, not folded away with the controls
        if settings.capped:
            st.info(hd.capped_message(t, settings), icon="ℹ️")
        if not methods:
            st.info(t("highdim.no_methods"), icon="ℹ️")
    with st.spinner(t("highdim.computing")):
        data = hd.page_data(spec, backend, eps, methods, t, projector)
    summary, view, charts = data.summary, data.view, data.charts

    with text:
        st.caption(hd.times_caption(t, summary))
        st.header(t("highdim.n4.header"))
        st.markdown(t("highdim.n4.text", count=hd.n4_spec(spec).count))
        st.markdown(hd.basis_table(t, view))
        for note in hd.n4_notes(t, view, eps):
            st.markdown(note)
    with picture:
        ui.chart(charts["n4"], key="highdim.n4")

    st.header(t("highdim.any.header", n=spec.n, count=spec.count))
    st.subheader(t("highdim.hist.header"))
    ui.chart(charts["distributions"], key="highdim.distributions")
    st.caption(t("highdim.hist.caption", eps=hd.eps_phrase(t, eps)))
    left, right = hd.columns([1, 1], gap="large")
    with left:
        st.markdown(hd.summary_table(t, summary))
    with right:
        st.subheader(t("highdim.conc.header"))
        ui.chart(charts["concentration"], key="highdim.concentration")
        st.caption(hd.concentration_caption(t, data.concentration, spec.distribution))

    st.subheader(t("highdim.laws.header"))
    st.markdown(hd.norm_law_text(t, summary))
    ui.chart(charts["cosines"], key="highdim.cosines")
    st.markdown(hd.cosine_text(t, summary))
    st.markdown(hd.fit_table(t, summary))
    st.caption(hd.fit_caption(t))

    st.subheader(t("highdim.sv.header"))
    ui.chart(charts["singular_values"], key="highdim.singular_values")
    st.caption(hd.singular_values_caption(t, summary))

    st.subheader(t("highdim.pca.header"))
    ui.chart(charts["pca"], key="highdim.pca")
    st.caption(t("highdim.pca.caption", points=hd.pca_points(spec)))

    st.markdown(t("highdim.caption"))


with parts.main:
    clouds()

ui.sources_section(t, "highdim")
