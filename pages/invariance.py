"""不变性 / Invariance: what a·x + c·𝟏 does to each norm, and why both steps of LayerNorm matter.

x and ε concern the whole page; every other control sits in a fragment with what
it changes, so moving it reruns that section only.
"""

import streamlit as st

from normviz import invariance, ui
from normviz.ui import invariance as inv

t = ui.translator()
st.title(t("inv.title"))
parts = ui.page_parts(t, controls=True)
parts.intro.markdown(t("inv.intro"))
backend = ui.backend()
projector = ui.projector()

with parts.controls:
    x, eps = inv.page_controls(t)
with parts.main if projector else parts.controls:  # in sight, not folded away with the controls
    inv.x_message(t, x)


@ui.fragment
def scale_and_shift_section():
    controls, picture, text = ui.picture_first(t)
    with controls:
        a, c = inv.scale_and_shift(t)
    tr = inv.transformed(x, a, c, eps, backend)
    with text:
        inv.case_message(t, tr)
        inv.outputs_table(t, tr)
        st.subheader(t("inv.map.header"))
    maps = inv.distance_maps(x, eps, t, projector, backend)
    with picture:
        ui.chart(inv.with_markers(maps, a, c, t, projector), key="invariance.distance_chart")
    st.markdown(t("inv.map.caption"))
    inv.summary_table(t, maps)
    st.caption(t("inv.map.eps_note"))


@ui.fragment
def counterfactual_section():
    shift = inv.shift_input(t)
    rows, figure = inv.counterfactual_view(x, shift, eps, t, projector, backend)
    inv.counterfactual_table(t, rows)
    ui.chart(figure, key="invariance.counterfactual_chart")
    st.markdown(t("inv.cf.caption"))


@ui.fragment
def sigma_section():
    x3 = x if len(x) == 3 else invariance.SEED_X
    if len(x) != 3:
        st.caption(t("inv.sigma.seed_x"))
    scale = inv.scale_control(t)
    demos, figure = inv.sigma_view(x3, scale, eps, t, projector, backend)
    inv.scale_table(t, demos)
    ui.chart(figure, key="invariance.softmax_chart")
    st.markdown(t("inv.sigma.caption"))


with parts.main:
    scale_and_shift_section()

st.header(t("inv.cf.header"))
st.markdown(inv.counterfactual_text(t, backend))
counterfactual_section()

st.header(t("inv.sigma.header"))
st.markdown(t("inv.sigma.text"))
sigma_section()

st.header(t("inv.neg.header"))
st.markdown(t("inv.neg.text"))

ui.sources_section(t, "invariance")
