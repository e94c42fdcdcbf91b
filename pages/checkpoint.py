"""读检查点 / Reading a checkpoint: which normalization a model uses, judged from its saved weights."""

import streamlit as st

from normviz import ui
from normviz.ui import checkpoint

t = ui.translator()
st.title(t("checkpoint.title"))
parts = ui.page_parts(t)
parts.intro.markdown(t("checkpoint.intro"))


@ui.fragment
def reading() -> None:
    """The source and what was read from it: a new choice or upload reruns this part only."""
    controls, picture, text = ui.picture_first(t)
    with controls:
        result = checkpoint.controls(t)
    if result is None:
        return
    if result.error:
        with picture:  # in sight, not folded away with the controls
            checkpoint.error_message(t, result)
        return
    report, projector = result.report, ui.projector()
    with text:
        checkpoint.summary(t, result)
    if not report.groups:
        return
    with text:
        checkpoint.family_table(t, report)
        checkpoint.qk_notes(t, report)
        if "scale_only" in report.counts or "rmsnorm" in report.counts or "bias_free_layernorm" in report.counts:
            with st.expander(t("checkpoint.tell.header"), expanded="scale_only" in report.counts):
                st.markdown(t("checkpoint.tell.text"))
        if "gemma_rmsnorm" in report.counts:
            st.info(t("checkpoint.gemma.text"), icon="ℹ️")
        st.subheader(t("checkpoint.layers.header"))
    left, right = (picture.container(), picture.container()) if projector else picture.columns(2, gap="large")
    with left:
        ui.chart(checkpoint.layer_figure(report, t, projector), key="checkpoint.layers")
    with right:
        ui.chart(checkpoint.histogram_figure(report, t, projector), key="checkpoint.hist")
    st.caption(t("checkpoint.fig.caption"))
    checkpoint.drawn_caption(t, report)
    checkpoint.gamma_spread(t, report)
    st.markdown(t("checkpoint.share.text"))
    with st.expander(t("checkpoint.modules.header")):
        checkpoint.module_table(t, report)
    checkpoint.other_tensors(t, report)


with parts.main:
    reading()

ui.sources_section(t, "checkpoint")
