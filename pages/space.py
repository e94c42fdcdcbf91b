"""空间 / Space: the three norms as projections in three dimensions."""

import streamlit as st

from normviz import geometry, ui
from normviz.ui import space

t = ui.translator()
st.title(t("space.title"))
st.markdown(t("space.intro"))

controls, picture = st.columns([2, 3] if ui.projector() else [1, 2], gap="large")  # room for large type
with controls:
    scene = ui.projection_controls(t, n=3, default=space.DEFAULT_X, presets=space.PRESETS, bounds=space.BOUNDS)
proj = ui.projection(scene, ui.backend())
with picture:
    view = space.view_controls(t)
    ui.degenerate_messages(t, proj)
    if geometry.outside_view(scene.x, view.extent):
        st.info(t("space.outside", extent=view.label))
    ui.chart(space.space_figure_spec(scene, proj, t.lang, ui.projector(), view.extent, view.camera, view.surfaces),
             key="space_chart")
    st.caption(t(f"space.camera.{view.camera}"))
    ui.readouts(t, proj, scene.shown)
st.markdown(t("space.caption"))
