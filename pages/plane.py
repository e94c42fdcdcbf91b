"""平面 / Plane: the three norms as projections in two dimensions."""

import streamlit as st

from normviz import geometry, ui

t = ui.translator()
st.title(t("plane.title"))
st.markdown(t("plane.intro"))

controls, picture = st.columns([1, 2], gap="large")
with controls:
    scene = ui.projection_controls(
        t, n=2, default=(3.0, 4.0), presets=[(3, 4), (6, 8), (4, 3), (-1, 2), (0.2, 0.1), (0, 0)]
    )
    extent = ui.zoom_control(t)
proj = ui.projection(scene, ui.backend())
with picture:
    ui.degenerate_messages(t, proj)
    if geometry.outside_view(scene.x, extent):
        st.info(t("plane.outside"))
    ui.chart(ui.plane_figure_spec(scene, proj, t.lang, ui.projector(), extent), key="plane_chart")
    ui.readouts(t, proj, scene.shown)
st.markdown(t("plane.caption"))
