"""轴 / Axes: which numbers of a B × S × D tensor share one μ and σ, per method.

Every section depends on the same controls, so they and everything they drive sit
in one fragment: a move reruns this part of the page only.
"""

import streamlit as st

from normviz import ui
from normviz.ui import axes

t = ui.translator()
st.title(t("axes.title"))
parts = ui.page_parts(t)
parts.intro.markdown(t("axes.intro"))


@ui.fragment
def tensor() -> None:
    controls, picture, text = ui.picture_first(t)
    with controls:
        scene = axes.controls(t)
    projector = ui.projector()
    v = axes.view(scene)
    with text:
        st.markdown(axes.how_text(t, scene, v))
    with picture if projector else text:  # in sight, not folded away with the controls
        axes.collapse_message(t, scene)
    with picture:
        ui.chart(axes.tensor_figure(scene, t, projector), key="axes.tensor")
        st.caption(t("axes.fig.caption"))

    st.subheader(t("axes.stats.header"))
    axes.statistics_section(t, scene, v)

    st.header(t("axes.batch.header"))
    st.markdown(t("axes.batch.text"))
    ui.chart(axes.sweep_figure(scene.s, scene.d, scene.seed, scene.b, t, projector), key="axes.sweep")
    st.markdown(axes.batch_text(t, scene, axes.sweep(scene.s, scene.d, scene.seed)))

    st.header(t("axes.eval.header"))
    st.markdown(axes.eval_text(t, scene))
    te = axes.train_eval(scene.b, scene.s, scene.d, scene.seed)
    axes.running_table(t, scene, te)
    axes.modes_table(t, scene, te)
    st.markdown(t("axes.eval.after"))

    st.header(t("axes.pad.header"))
    axes.padding_section(t, scene)


with parts.main:
    tensor()

st.header(t("axes.std.header"))
st.markdown(t("axes.std.text"))

ui.sources_section(t, "axes")
