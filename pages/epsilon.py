"""ε / Epsilon: flattening, noise amplification, 0/0, and ε vanishing in float16, computed with the library."""

import streamlit as st

from normviz import ui
from normviz.ui import epsilon as eps_ui

t = ui.translator()
st.title(t("epsp.title"))
parts = ui.page_parts(t)
parts.intro.markdown(t("epsp.intro"))
backend = ui.backend()
projector = ui.projector()

parts.text.header(t("epsp.flat.header"))


@ui.fragment
def flattening() -> None:
    """Method, n and the user's ε drive the norm curves, the tables below them and the amplification section."""
    controls, picture, _ = ui.picture_first(t)
    with controls:
        method, n, eps = eps_ui.norm_controls(t)
    with picture:
        ui.chart(eps_ui.norm_figure(method, n, eps, t, projector, backend), key="epsilon.norms")
    st.caption(t("epsp.fig.norm.caption"))
    st.markdown(eps_ui.flat_text(t, method, n))
    eps_ui.flattening_table(t, method, n, eps, backend)

    st.header(t("epsp.amp.header"))
    st.markdown(t("epsp.amp.text"))
    amplification(n, eps)


@ui.fragment
def amplification(n: int, eps: float) -> None:
    """δ and c drive the gain table and curves below them only: a move of either reruns this part."""
    noise, c = eps_ui.noise_controls(t, n)
    eps_ui.gain_table(t, eps_ui.amplifications(eps, noise, c, n, backend))
    ui.chart(eps_ui.gain_figure(eps, noise, c, n, t, projector, backend), key="epsilon.gain")
    st.caption(t("epsp.fig.gain.caption"))


with parts.main:
    flattening()

st.header(t("epsp.zero.header"))
st.markdown(t("epsp.zero.text"))
eps_ui.zero_table(t, backend)

st.header(t("epsp.half.header"))
eps_ui.half_view(t)
st.markdown(t("epsp.half.text"))
