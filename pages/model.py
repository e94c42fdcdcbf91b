"""真实模型 / Inside a real model: what all-MiniLM-L6-v2's 13 LayerNorms receive on the user's text (or on
uploaded hidden states), and what they do with it.

The text reruns the page (one forward pass, cached per text); the norm and the threshold rerun the analysis
fragment alone, the frozen-σ controls their own section alone. The model's text (not an upload) also gets the
frozen-σ section (Baroni et al. 2025) and the largest coordinates with LayerNorm's Jacobian (Chen & Yao 2026).
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


@ui.fragment
def frozen(states: md.States) -> None:
    st.subheader(t("model.freeze.header"))
    st.markdown(t("model.freeze.text"))
    st.markdown(md.FROZEN_EQUATIONS)
    mode, upto = md.freeze_controls(t)
    calibration = md.calibration()
    st.markdown(md.calibration_text(t, calibration))
    with st.expander(t("model.freeze.table")):
        st.markdown(md.calibration_table(t, calibration))
    text = states.run.text
    ui.chart(md.drift_chart(text, mode, upto, t, projector), key="model.drift_chart",
             description=t("model.freeze.drift.description"))  # fmt: skip
    st.markdown(md.drift_text(t, md.frozen_run(text, mode, upto)))
    near, keep = md.neighbour_view(text, mode, upto)
    st.markdown(md.neighbour_text(t, near, keep))
    st.markdown(md.neighbour_table(t, near, keep))
    st.markdown(t("model.freeze.slice.text"))
    chosen = md.slice_control(t)
    view, pair, figure = md.slice_view(text, mode, chosen, t, projector)
    ui.chart(figure, key="model.slice_chart", description=t("model.freeze.slice.description"))
    st.markdown(md.slice_text(t, view, pair, states.tokens, chosen))


def jacobian(states: md.States) -> None:
    st.subheader(t("model.jac.header"))
    st.markdown(t("model.jac.text"))
    st.markdown(md.JACOBIAN_EQUATIONS)
    found, figure = md.massive_view(states.key, t, projector)
    ui.chart(figure, key="model.jacobian_chart", description=t("model.jac.description"))
    st.markdown(md.massive_text(t, states, found))
    with st.expander(t("model.jac.table")):
        st.markdown(md.massive_table(t, states, found))


with parts.main:
    if states is not None:
        analysis(states)
        if states.run is not None:  # the model's own text (an upload has no model to freeze)
            frozen(states)
            jacobian(states)

ui.sources_section(t, "model")
