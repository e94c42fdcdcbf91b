"""梯度 / Gradients: the Jacobian of each norm, its null space, and what backprop keeps of a gradient.

x and ε drive the whole page below the title, so they and all they change sit in one fragment (a move
reruns the page's body, not the sidebar); g and the method drawn in 3D sit in a nested one with the
figure they change.
"""

import streamlit as st

from normviz import ui
from normviz.ui import gradient as grad

t = ui.translator()
st.title(t("grad.title"))


@ui.fragment
def by_x() -> None:
    """x, ε, the Jacobian tables they drive, and the backprop section (``backprop_section``) at that x and ε."""
    parts = ui.page_parts(t, controls=True)
    parts.intro.markdown(t("grad.intro"))
    backend, projector = ui.backend(), ui.projector()
    with parts.controls:
        x, eps = grad.page_controls(t)
    with st.spinner(t("grad.spinner")):
        found = grad.checks(x, eps, backend)
    with parts.main if projector else parts.text:  # in sight, not folded away with the controls
        grad.undefined_message(t, x, found)

    with parts.text:
        st.header(t("grad.jac.header"))
        st.markdown(t("grad.jac.text"))
        grad.jacobian_table(t, found)

        st.header(t("grad.null.header"))
        st.markdown(t("grad.null.text"))
        grad.null_table(t, found)
        grad.eigen_table(t, found)
        st.markdown(t("grad.eig.text"))
        st.caption(t("grad.eps.note"))

        st.header(t("grad.bp.header"))
        st.markdown(t("grad.bp.text"))
    with parts.main:
        backprop_section(x, eps)


@ui.fragment
def backprop_section(x: tuple, eps) -> None:
    """g and the method: the 3D picture of what backprop keeps of g, and its table."""
    backend, projector = ui.backend(), ui.projector()
    controls, picture, _ = ui.picture_first(t)
    with controls:
        g, method = grad.g_controls(t)
    bp, figure = grad.backprop_view(x, g, eps, method, t, projector, backend)
    with picture:
        ui.chart(figure, key="gradient.backprop_chart")
    grad.backprop_table(t, bp)
    st.markdown(t("grad.bp.caption"))


by_x()

ui.sources_section(t, "gradient")
