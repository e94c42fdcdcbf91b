"""ε / Epsilon: flattening, noise amplification, 0/0, and ε vanishing in float16, computed with the library.

The controls are drawn once; two keyed fragments draw what they change (``ui.rerun_only``): the flattening
(method, n, ε) and the amplification (δ and c, with n and ε).
"""

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
FLATTENING, AMPLIFICATION = "epsilon.flattening", "epsilon.amplification"


@ui.fragment(key=FLATTENING)
def flattening(eps_place, picture) -> None:
    """The method, n and the user's ε: ε's value under its slider, the norm curves, the text and the table."""
    method, n, eps = eps_ui.norm_settings()
    with eps_place:
        eps_ui.eps_readout(t, eps)
    with picture:
        ui.chart(eps_ui.norm_figure(method, n, eps, t, projector, backend), key="epsilon.norms")
    st.caption(t("epsp.fig.norm.caption"))
    st.markdown(eps_ui.flat_text(t, method, n))
    eps_ui.flattening_table(t, method, n, eps, backend)


@ui.fragment(key=AMPLIFICATION)
def amplification(noise_place) -> None:
    """δ and c, with n and ε: their values under the sliders, the gain table and the curves."""
    _, n, eps = eps_ui.norm_settings()
    noise, c = eps_ui.noise_settings()
    with noise_place:
        eps_ui.noise_readout(t, noise, c, n)
    eps_ui.gain_table(t, eps_ui.amplifications(eps, noise, c, n, backend))
    ui.chart(eps_ui.gain_figure(eps, noise, c, n, t, projector, backend), key="epsilon.gain")
    st.caption(t("epsp.fig.gain.caption"))


with parts.main:
    controls, picture, _ = ui.picture_first(t)
    with controls:
        eps_place = eps_ui.norm_controls(t, on_change=ui.rerun_only(FLATTENING, AMPLIFICATION))
    flattening(eps_place, picture)

    st.header(t("epsp.amp.header"))
    st.markdown(t("epsp.amp.text"))
    noise_place = eps_ui.noise_controls(t, on_change=ui.rerun_only(AMPLIFICATION))
    amplification(noise_place)

st.header(t("epsp.zero.header"))
st.markdown(t("epsp.zero.text"))
eps_ui.zero_table(t, backend)

st.header(t("epsp.half.header"))
eps_ui.half_view(t)
st.markdown(t("epsp.half.text"))
