"""不变性 / Invariance: what a·x + c·𝟏 does to each norm, and why both steps of LayerNorm matter.

x and ε drive the whole page below the title, so they and all they change sit in one fragment (a move
reruns the page's body, not the sidebar); every other control sits in a nested fragment with what it
changes, so moving it reruns that section only.
"""

import streamlit as st

from normviz import invariance, ui
from normviz.ui import invariance as inv

t = ui.translator()
st.title(t("inv.title"))


@ui.fragment
def by_x() -> None:
    """x and ε, and the three sections they drive, each a fragment of its own."""
    parts = ui.page_parts(t, controls=True)
    parts.intro.markdown(t("inv.intro"))
    with parts.controls:
        x, eps = inv.page_controls(t)
    with parts.main if ui.projector() else parts.controls:  # in sight, not folded away with the controls
        inv.x_message(t, x)

    with parts.main:
        scale_and_shift_section(x, eps)

    st.header(t("inv.cf.header"))
    st.markdown(inv.counterfactual_text(t, ui.backend()))
    counterfactual_section(x, eps)

    st.header(t("inv.sigma.header"))
    st.markdown(t("inv.sigma.text"))
    sigma_section(x, eps)


@ui.fragment
def scale_and_shift_section(x: tuple, eps) -> None:
    backend, projector = ui.backend(), ui.projector()
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
def counterfactual_section(x: tuple, eps) -> None:
    shift = inv.shift_input(t)
    rows, figure = inv.counterfactual_view(x, shift, eps, t, ui.projector(), ui.backend())
    inv.counterfactual_table(t, rows)
    ui.chart(figure, key="invariance.counterfactual_chart")
    st.markdown(t("inv.cf.caption"))


@ui.fragment
def sigma_section(x: tuple, eps) -> None:
    x3 = x if len(x) == 3 else invariance.SEED_X
    if len(x) != 3:
        st.caption(t("inv.sigma.seed_x"))
    scale = inv.scale_control(t)
    demos, figure = inv.sigma_view(x3, scale, eps, t, ui.projector(), ui.backend())
    inv.scale_table(t, demos)
    ui.chart(figure, key="invariance.softmax_chart")
    st.markdown(t("inv.sigma.caption"))


by_x()

st.header(t("inv.neg.header"))
st.markdown(t("inv.neg.text"))

ui.sources_section(t, "invariance")
