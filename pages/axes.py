"""轴 / Axes: which numbers of a B × S × D tensor share one μ and σ, per method.

The page draws its controls, headings and fixed text once; the keyed fragment ``tensor`` draws what the
controls change (the tensor, its statistics, the batch sweep, train and eval, padding) into places kept
for it, and each control but the seed reruns that fragment alone (``ui.rerun_only``).
"""

from typing import NamedTuple

import streamlit as st

from normviz import ui
from normviz.ui import axes

TENSOR = "axes.tensor"


class Places(NamedTuple):
    how: object
    message: object
    picture: object
    stats: object
    batch: object
    evaluation: object
    padding: object


t = ui.translator()
st.title(t("axes.title"))
parts = ui.page_parts(t)
parts.intro.markdown(t("axes.intro"))
projector = ui.projector()

with parts.main:
    controls, picture, text = ui.picture_first(t)
    with controls:
        axes.controls(t, on_change=ui.rerun_only(TENSOR))
    how = ui.place(text)
    message = ui.place(picture if projector else text)  # in sight, not folded away with the controls
    tensor_picture = picture.container()
    picture.caption(t("axes.fig.caption"))

    st.subheader(t("axes.stats.header"))
    stats = st.container()

    st.header(t("axes.batch.header"))
    st.markdown(t("axes.batch.text"))
    batch = st.container()

    st.header(t("axes.eval.header"))
    evaluation = st.container()
    st.markdown(t("axes.eval.after"))

    st.header(t("axes.pad.header"))
    padding = st.container()


@ui.fragment(key=TENSOR)
def tensor(places: Places) -> None:
    """Everything the controls change, each in its place (containers it writes to on every run; ``ui.place``
    where the content may be absent)."""
    scene = axes.current_scene()
    v = axes.view(scene)
    places.how.markdown(axes.how_text(t, scene, v))
    with places.message.container():
        axes.collapse_message(t, scene)
    with places.picture:
        ui.chart(axes.tensor_figure(scene, t, projector), key="axes.tensor")
    with places.stats:
        axes.statistics_section(t, scene, v)
    with places.batch:
        ui.chart(axes.sweep_figure(scene.s, scene.d, scene.seed, scene.b, t, projector), key="axes.sweep")
        st.markdown(axes.batch_text(t, scene, axes.sweep(scene.s, scene.d, scene.seed)))
    with places.evaluation:
        st.markdown(axes.eval_text(t, scene))
        te = axes.train_eval(scene.b, scene.s, scene.d, scene.seed)
        axes.running_table(t, scene, te)
        axes.modes_table(t, scene, te)
    with places.padding:
        axes.padding_section(t, scene)


tensor(Places(how, message, tensor_picture, stats, batch, evaluation, padding))

st.header(t("axes.std.header"))
st.markdown(t("axes.std.text"))

ui.sources_section(t, "axes")
