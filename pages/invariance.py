"""不变性 / Invariance: what a·x + c·𝟏 does to each norm, and why both steps of LayerNorm matter.

The page draws its controls, headings and fixed text once; each section's numbers and picture are a keyed
fragment in its place. A section's control reruns that fragment alone, ε all three (``ui.rerun_only``);
x's text reruns the page (a bad entry is explained under the field).
"""

import streamlit as st

from normviz import invariance, ui
from normviz.ui import invariance as inv

SCALE_SHIFT, SHIFT, SIGMA = (f"invariance.{name}" for name in ("scale_shift", "shift", "sigma"))

t = ui.translator()
st.title(t("inv.title"))
parts = ui.page_parts(t, controls=True)
parts.intro.markdown(t("inv.intro"))
projector = ui.projector()
with parts.controls:
    inv.page_controls(t, on_eps_change=ui.rerun_only(SCALE_SHIFT, SHIFT, SIGMA))
with parts.main if projector else parts.controls:  # in sight, not folded away with the controls
    inv.x_message(t, inv.x_and_eps()[0])


@ui.fragment(key=SCALE_SHIFT)
def scale_and_shift_section() -> None:
    x, eps = inv.x_and_eps()
    backend = ui.backend()
    a, c = inv.a_and_c()
    tr = inv.transformed(x, a, c, eps, backend)
    picture, text = st.container(), st.container()
    if not projector:  # the page's reading order; a projector shows the picture first
        picture, text = text, picture
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


@ui.fragment(key=SHIFT)
def counterfactual_section() -> None:
    x, eps = inv.x_and_eps()
    rows, figure = inv.counterfactual_view(x, inv.current_shift(), eps, t, projector, ui.backend())
    inv.counterfactual_table(t, rows)
    ui.chart(figure, key="invariance.counterfactual_chart")


@ui.fragment(key=SIGMA)
def sigma_section() -> None:
    x, eps = inv.x_and_eps()
    x3 = x if len(x) == 3 else invariance.SEED_X
    if len(x) != 3:
        st.caption(t("inv.sigma.seed_x"))
    demos, figure = inv.sigma_view(x3, inv.current_scale(), eps, t, projector, ui.backend())
    inv.scale_table(t, demos)
    ui.chart(figure, key="invariance.softmax_chart")


with parts.main:
    with ui.picture_first(t)[0]:  # the section's controls; its picture and text are the fragment's
        inv.scale_and_shift(t, on_change=ui.rerun_only(SCALE_SHIFT))
    scale_and_shift_section()

st.header(t("inv.cf.header"))
st.markdown(inv.counterfactual_text(t, ui.backend()))
inv.shift_input(t, on_change=ui.rerun_only(SHIFT))
counterfactual_section()
st.markdown(t("inv.cf.caption"))

st.header(t("inv.sigma.header"))
st.markdown(t("inv.sigma.text"))
inv.scale_control(t, on_change=ui.rerun_only(SIGMA))
sigma_section()
st.markdown(t("inv.sigma.caption"))

st.header(t("inv.neg.header"))
st.markdown(t("inv.neg.text"))

ui.sources_section(t, "invariance")
