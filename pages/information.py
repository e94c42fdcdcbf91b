"""信息 / Information: the length is dropped, the direction (and its angles) survive."""

import streamlit as st

from normviz import ui
from normviz.ui import information as info

t = ui.translator()
st.title(t("info.title"))
st.markdown(t("info.intro"))
backend = ui.backend()
projector = ui.projector()

st.header(t("info.pairs.header"))
st.markdown(t("info.pairs.text"))
pairs = info.pair_inputs(t)
comparisons = [info.compare(*pair, backend) if pair else None for pair in pairs]
if info.drawable(comparisons):
    ui.chart(info.pairs_figure(tuple(enumerate(comparisons, start=1)), t.lang, projector), key="info_pairs")
elif any(comparisons):
    st.info(t("info.pairs.no_picture"), icon="ℹ️")
for k, cmp in enumerate(comparisons, start=1):
    if cmp is not None:
        info.pair_table(t, k, cmp)
st.markdown(t("info.pairs.caption"))

st.header(t("info.cloud.header"))
st.markdown(t("info.cloud.text"))
dim, seed = info.cloud_controls(t)
cloud = info.cloud(dim, seed, backend)
ui.chart(info.cloud_figure(cloud, t.lang, projector), key="info_cloud")
info.cloud_facts(t, cloud)
st.caption(t(f"info.cloud.caption{dim}"))

st.header(t("info.sim.header"))
st.markdown(t("info.sim.text"))
n, size, spread, bseed = info.batch_controls(t)
sim = info.similarity(n, size, spread, bseed, backend)
ui.chart(info.similarity_figure(sim, t.lang, projector), key="info_similarity")
info.identity_table(t, sim, info.similarity(n, size, spread, bseed, backend, None))
st.markdown(t("info.sim.caption"))
