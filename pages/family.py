"""家族 / Family: the normalizations as x̂ = (x − c)/s and as x / ‖x‖_p, checked on x and drawn in 3D; data vs model
(a normal and a skewed column standardized); parameters.

Each section's controls sit in a fragment with what they change, so moving one reruns that section only.
"""

import streamlit as st

from normviz import ui
from normviz.ui import family as fam

t = ui.translator()
st.title(t("family.title"))
parts = ui.page_parts(t)
parts.intro.markdown(t("family.intro"))
backend = ui.backend()
projector = ui.projector()
with parts.main if projector else parts.intro:  # one message for bad link values, in sight
    fam.check_link(t)


@ui.fragment
def formula_section():
    controls, picture, text = ui.picture_first(t)
    with controls:
        x = fam.x_input(t)
    with picture if projector else text:  # in sight, not folded away with the controls
        fam.x_message(t, x)
    with text:
        fam.family_table(t, fam.rows(x, backend))
        st.subheader(t("family.space.header"))
    with picture:
        ui.chart(fam.space_figure(x, t, projector, backend), key="family.space_chart")
    st.caption(t("family.space.caption"))
    st.subheader(t("family.p.header"))
    st.markdown(t("family.p.text"))
    fam.p_table(t, fam.p_rows(x, backend))
    ui.lazy_chart(fam.p_figure(x, t, projector, backend), key="family.p_chart")  # a second 3D scene
    st.caption(t("family.p.caption"))


@ui.fragment
def pixels_section():
    fam.pixel_table(t, fam.pixel_input(t), backend)


@ui.fragment
def column_section():
    n, seed = fam.column_controls(t)
    fam.column_tables(t, fam.columns(n, seed, backend))
    ui.chart(fam.column_figure(n, seed, t, projector, backend), key="family.column_chart")
    st.caption(t("family.column.fig.caption"))


@ui.fragment
def affine_section():
    fam.affine_result(t, *fam.affine_controls(t))


@ui.fragment
def params_section():
    fam.params_table(t, fam.d_input(t))


with parts.main:
    formula_section()

st.header(t("family.data.header"))
st.markdown(t("family.data.text"))
st.subheader(t("family.pixels.header"))
st.markdown(t("family.pixels.text"))
pixels_section()
st.subheader(t("family.column.header"))
st.markdown(fam.column_text(t))
st.markdown(fam.law_text(t))
column_section()
st.subheader(t("family.affine.header"))
st.markdown(fam.affine_text(t))
affine_section()

st.header(t("family.params.header"))
st.markdown(t("family.params.text"))
st.markdown(fam.exercise_text(t))
params_section()
st.caption(t("family.params.checkpoint"))

ui.sources_section(t, "family")
