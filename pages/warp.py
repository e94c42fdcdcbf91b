"""空间的弯折 / How norms bend space: a whole grid through L2, RMSNorm or LayerNorm, what each folds together,
how it stretches near a point, and the ellipsoid that LayerNorm's gain γ makes.

Each section is a fragment with its controls: a move reruns that section alone. The morph plays in the
browser (plotly frames); Python hears only the settings.
"""

import streamlit as st

from normviz import ui
from normviz.ui import warp as wp

t = ui.translator()
st.title(t("warp.title"))
wp.check_link(t)
parts = ui.page_parts(t)
parts.intro.markdown(t("warp.intro"))
projector = ui.projector()


@ui.fragment
def morph_section() -> None:
    controls, picture, text = ui.picture_first(t)
    with controls:
        wp.morph_controls(t)
    n, key, eps = wp.dimension(), wp.chosen_method(), wp.chosen_eps()
    folded, local, image, figure = wp.morph_view(
        n,
        key,
        eps,
        wp.picked_point(),
        bool(st.session_state[wp.key("fold")]),
        bool(st.session_state[wp.key("stretch")]),
        float(st.session_state[wp.key("r")]),
        t,
        projector,
        ui.backend(),
    )
    with picture:
        ui.animated_chart(figure, key="warp.morph_chart", description=t("warp.morph.description"))
    with text:
        st.markdown(t("warp.morph.text"))  # here, not above: a projector shows the picture first
        st.markdown(wp.image_text(t, image, n))
        st.markdown(wp.fold_text(t, folded))
        st.markdown(wp.stretch_text(t, local))


@ui.fragment
def gamma_section() -> None:
    controls, picture, text = ui.picture_first(t)
    with controls:
        wp.gamma_controls(t)
    eps = wp.gamma_eps()
    gamma = wp.chosen_gamma()
    ell, checks, figure = wp.ellipsoid_view(gamma, eps, t, projector, ui.backend())
    share, fraction_figure = wp.fraction_view(len(gamma), eps, t, projector)
    with picture:
        ui.chart(figure, key="warp.ellipsoid_chart", description=t("warp.ellipsoid.description"))
    with text:
        st.markdown(wp.axes_table(t, ell))
        st.markdown(wp.checks_text(t, ell, checks))
        zero = wp.zero_gamma_text(t, ell)
        if zero:
            st.info(zero, icon="ℹ️")
    st.markdown(wp.fraction_text(t, eps, share, checks))
    ui.chart(fraction_figure, key="warp.fraction_chart")


with parts.main:
    st.header(t("warp.morph.header"))
    morph_section()

st.header(t("warp.gamma.header"))
st.markdown(t("warp.gamma.text"))
st.markdown(wp.formula())
gamma_section()
st.markdown(t("warp.gamma.reading"))

ui.sources_section(t, "warp")
