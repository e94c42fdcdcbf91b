"""梯度 / Gradients: the Jacobian of each norm, its null space, what backprop keeps of a gradient, and the
gradient that one massive coordinate swallows.

The page draws its controls, headings and fixed text once. Three keyed fragments draw what the controls
change: ``by_x`` the Jacobian tables (x and ε), into places kept for them among the text; ``backprop`` the
3D picture and its table (g and the method, and x and ε too), in its own body; ``massive`` RMSNorm with one
massive coordinate (m and n, and ε). A control reruns only the fragments that depend on it
(``ui.rerun_only``), so a move re-sends the numbers it changes, not the sliders and the prose around them.
"""

from typing import NamedTuple

import streamlit as st

from normviz import ui
from normviz.ui import gradient as grad

BY_X, BACKPROP, MASSIVE = "gradient.by_x", "gradient.backprop", "gradient.massive"


class Places(NamedTuple):
    message: object  # a method whose Jacobian is undefined at x
    jacobian: object
    null: object  # the null-space and eigenvalue tables


t = ui.translator()
st.title(t("grad.title"))
parts = ui.page_parts(t, controls=True)
parts.intro.markdown(t("grad.intro"))
projector = ui.projector()
with parts.controls:
    grad.page_controls(t, on_change=ui.rerun_only(BY_X, BACKPROP), eps_on_change=ui.rerun_only(BY_X, BACKPROP, MASSIVE))
message = ui.place(parts.main if projector else parts.text)  # in sight, not folded away with the controls
with parts.text:
    st.header(t("grad.jac.header"))
    st.markdown(t("grad.jac.text"))
    jacobian = st.container()
    st.header(t("grad.null.header"))
    st.markdown(t("grad.null.text"))
    null = st.container()
    st.markdown(t("grad.eig.text"))
    st.caption(t("grad.eps.note"))
    st.header(t("grad.bp.header"))
    st.markdown(t("grad.bp.text"))


@ui.fragment(key=BY_X)
def by_x(places: Places) -> None:
    """The Jacobian tables at the current x and ε, each in its place."""
    x, eps = grad.x_and_eps()
    with st.spinner(t("grad.spinner")):
        found = grad.checks(x, eps, ui.backend())
    with places.message.container():
        grad.undefined_message(t, x, found)
    with places.jacobian:
        grad.jacobian_table(t, found)
    with places.null:
        grad.null_table(t, found)
        grad.eigen_table(t, found)


@ui.fragment(key=BACKPROP)
def backprop() -> None:
    """The 3D picture of what backprop keeps of g at the current x and ε, and its table."""
    x, eps = grad.x_and_eps()
    g, method = grad.g_and_method()
    bp, fig = grad.backprop_view(x, g, eps, method, t, projector, ui.backend())
    ui.chart(fig, key="gradient.backprop_chart")
    grad.backprop_table(t, bp)


@ui.fragment(key=MASSIVE)
def massive() -> None:
    """RMSNorm at x with one massive coordinate m: J's singular values and what reaches the other coordinates."""
    controls, picture, text = ui.picture_first(t)
    with controls:
        grad.massive_controls(t)
    n, m = grad.massive_choice()
    mg, svd, figure = grad.massive_view(n, m, grad.massive_eps(grad.x_and_eps()[1]), t, projector)
    with picture:
        ui.chart(figure, key="gradient.massive_chart", description=t("grad.mass.description"))
    with text:
        if projector:  # after the picture; elsewhere the explanation leads up to the controls
            grad.massive_explanation(t)
        st.markdown(grad.spectrum_table(t, mg, svd))
        st.markdown(grad.massive_text(t, mg, svd))


by_x(Places(message, jacobian, null))
with parts.main:
    with ui.picture_first(t)[0]:  # the section's controls; its picture and table are the fragment's
        grad.g_controls(t, on_change=ui.rerun_only(BACKPROP))
    backprop()
    st.markdown(t("grad.bp.caption"))
    st.header(t("grad.mass.header"))
    if not projector:
        grad.massive_explanation(t)
    massive()

ui.sources_section(t, "gradient")
