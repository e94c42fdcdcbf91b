"""真实模型 / Inside a real model: what all-MiniLM-L6-v2's 13 LayerNorms receive on the user's text (or on
uploaded hidden states), and what they do with it.

The text reruns the page (one forward pass, cached per text); the norm and the threshold rerun the analysis
fragment alone.
"""

import streamlit as st

from normviz import model, ui
from normviz.ui import model as md
from normviz.ui.kit.literal import literal

t = ui.translator()
st.title(t("model.title"))
md.check_link(t)
parts = ui.page_parts(t, controls=True)
parts.intro.markdown(t("model.intro"))
projector = ui.projector()

with parts.controls:
    source = md.source_controls(t)
    if source == "upload":
        states = md.upload_states(t)
    else:
        text = md.text_controls(t)
        if not text.strip():
            st.warning(t("model.text.empty", preset=md.PRESETS[0]), icon="✏️")
            text = md.PRESETS[0]
        try:
            states = md.text_view(text)
        except model.ModelFileError as err:
            st.error(t("model.missing", reason=literal(str(err), limit=300)), icon="⚠️")
            states = None
        if states is not None:
            st.markdown(md.tokens_text(t, states.run))


@ui.fragment
def analysis(states: md.States) -> None:
    md.remember(states)  # where the cached analyses find it (a fragment rerun comes without the page's run)
    controls, picture, text = ui.picture_first(t)
    with controls:
        chosen = md.norm_controls(t, states)
    threshold = md.chosen_threshold()
    table = md.per_norm(states.key)
    share, gap = md.heatmaps(states.key, chosen, t, projector)
    with picture:
        st.subheader(t("model.share.header"))
        ui.chart(share, key="model.share_chart", description=t("model.share.description"))
    with text:
        st.markdown(t("model.share.text"))
        st.markdown(md.share_text(t, states, table, chosen))
        with st.expander(t("model.table", norm=states.names[chosen])):
            st.markdown(md.token_table(t, states, table, chosen))

    st.subheader(t("model.gap.header"))
    st.markdown(t("model.gap.text"))
    ui.chart(gap, key="model.gap_chart", description=t("model.gap.description"))
    st.markdown(md.gap_text(t, states, table))

    st.subheader(t("model.out.header"))
    st.markdown(t("model.out.text"))
    view = md.outlier_view(states.key, chosen, threshold, t, projector)
    *_, last_flagged, outliers, recurrence = view
    ui.chart(outliers, key="model.outlier_chart", description=t("model.out.description"))
    st.markdown(md.outlier_text(t, states, chosen, view))
    if len(states.names) > 1:
        ui.chart(recurrence, key="model.recurrence_chart", description=t("model.recur.description"))

    if states.gammas is not None:
        st.subheader(t("model.gamma.header"))
        summary, last, gammas = md.gamma_view(states.key, chosen, t, projector)
        ui.chart(gammas, key="model.gamma_chart", description=t("model.gamma.description"))
        st.markdown(md.gamma_text(t, states, chosen, summary, last, last_flagged, threshold))

    st.subheader(t("model.picture.header"))
    st.markdown(t("model.picture.text"))
    hyper, y, figure = md.picture_view(states.key, chosen, t, projector)
    ui.chart(figure, key="model.picture_chart", description=t("model.picture.description"))
    st.markdown(md.picture_text(t, hyper, y))

    if states.outputs is not None:
        st.subheader(t("model.check.header"))
        st.markdown(md.check_text(t, states, chosen))


with parts.main:
    if states is not None:
        analysis(states)

ui.sources_section(t, "model")
