"""不变性 / Invariance: what a·x + c·1 does to each norm, and why both steps of LayerNorm matter."""

import streamlit as st

from normviz import analysis, ui
from normviz.ui import invariance as inv

t = ui.translator()
st.title(t("inv.title"))
st.markdown(t("inv.intro"))
backend = ui.backend()
projector = ui.projector()

x, a, c, eps = inv.controls(t)
tr = inv.transformed(x, a, c, eps, backend)
inv.case_message(t, tr, eps)
inv.outputs_table(t, tr)

st.subheader(t("inv.map.header"))
grid = inv.grid(x, eps, backend)
ui.chart(inv.distance_figure(grid, a, c, t.lang, projector), key="inv_distance")
st.markdown(t("inv.map.caption"))
inv.summary_table(t, grid)
st.caption(t("inv.map.eps_note"))

st.header(t("inv.cf.header"))
st.markdown(t("inv.cf.text"))
shift = inv.shift_input(t)
rows = inv.counterfactual(x, shift, eps, backend)
inv.counterfactual_table(t, rows)
ui.chart(inv.counterfactual_figure(rows, t.lang, projector), key="inv_counterfactual")
st.markdown(t("inv.cf.caption"))

st.header(t("inv.sigma.header"))
st.markdown(t("inv.sigma.text"))
x3 = x if len(x) == 3 else analysis.SEED_X
if len(x) != 3:
    st.caption(t("inv.sigma.seed_x"))
scale = inv.scale_control(t)
inv.scale_table(t, [inv.scale_demo(x3, 1.0, eps, backend), inv.scale_demo(x3, scale, eps, backend)])
ui.chart(inv.softmax_figure(x3, scale, eps, t.lang, projector, backend), key="inv_softmax")
st.markdown(t("inv.sigma.caption"))

st.header(t("inv.neg.header"))
st.markdown(t("inv.neg.text"))
