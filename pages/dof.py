"""自由度 / Degrees of freedom: n, n − 1, n − 2, counted by formula and by the Jacobian's rank."""

import streamlit as st

from normviz import ui
from normviz.ui import dof

t = ui.translator()
st.title(t("dof.title"))
parts = ui.page_parts(t)
parts.intro.markdown(t("dof.intro"))


@ui.fragment
def counts() -> None:
    """n and the seed drive every table and chart below: a move reruns this part only."""
    controls, picture, text = ui.picture_first(t)
    with controls:
        n, seed = dof.controls(t)
    backend, projector = ui.backend(), ui.projector()
    checks = dof.rank_checks(n, seed, backend)

    with text:
        st.subheader(t("dof.table.header", n=n))
        dof.dof_table(t, n, checks)
        if dof.dense_svd_toggle(t):
            dof.dense_table(t, n, seed, backend)
        st.markdown(t("dof.lost.explain"))
        if n == 2:
            st.info(t("dof.n2.now"), icon="ℹ️")

    # Side by side on a screen; one below the other in projector mode, where the type is large.
    left, right = (picture.container(), picture.container()) if projector else picture.columns(2, gap="large")
    with left:
        ui.chart(dof.spectrum_figure(n, seed, backend, t, projector), key="dof.spectrum")
        st.caption(t("dof.fig.spectrum.caption"))
    with right:
        ui.chart(dof.fraction_figure(n, t, projector), key="dof.fraction")
        st.caption(t("dof.fig.fraction.caption"))

    st.subheader(t("dof.n2.header"))
    st.markdown(t("dof.n2.text"))
    ui.chart(dof.plane_figure(seed, backend, t, projector), key="dof.n2")

    st.subheader(t("dof.affine.header"))
    st.markdown(t("dof.affine.text"))
    with st.expander(t("dof.eps.header")):
        st.markdown(t("dof.eps.text"))
        dof.eps_table(t, n, seed, backend)


with parts.main:
    counts()

ui.sources_section(t, "dof")
