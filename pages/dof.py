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
    """The seed, n's presets and the n = 2 picture (the seed's alone); n and all it drives in ``by_n``, so a
    move of n reruns that part only and re-sends neither the presets nor the n = 2 picture."""
    controls, picture, text = ui.picture_first(t)
    with controls:
        n_place, seed = dof.settings(t)
    places = (n_place, text.container(), picture.container())

    st.subheader(t("dof.n2.header"))
    st.markdown(t("dof.n2.text"))
    ui.chart(dof.plane_figure(seed, ui.backend(), t, ui.projector()), key="dof.n2")

    st.subheader(t("dof.affine.header"))
    st.markdown(t("dof.affine.text"))
    by_n(places, st.expander(t("dof.eps.header")), seed)


@ui.fragment
def by_n(places: tuple, eps_place, seed: int) -> None:
    """n's entry, the table and the two charts it drives, and the ε table, in the places ``counts`` left."""
    n_place, text, picture = places
    n = dof.n_input(t, n_place)
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

    with eps_place:
        st.markdown(t("dof.eps.text"))
        dof.eps_table(t, n, seed, backend)


with parts.main:
    counts()

ui.sources_section(t, "dof")
