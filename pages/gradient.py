"""梯度 / Gradients: the Jacobian of each norm, its null space, and what backprop keeps of a gradient.

The page draws its controls, headings and fixed text once; two keyed fragments draw what the controls
change into places kept for them: ``by_x`` the Jacobian tables (x and ε), ``backprop`` the 3D picture
and its table (g and the method, and x and ε with ``by_x``). A control reruns its fragment alone
(``ui.rerun_only``), so a move re-sends the numbers it changes, not the sliders and the prose around them.
"""

from typing import NamedTuple

import streamlit as st

from normviz import ui
from normviz.ui import gradient as grad

BY_X, BACKPROP = "gradient.by_x", "gradient.backprop"


class Places(NamedTuple):
    message: object  # a method whose Jacobian is undefined at x
    jacobian: object
    null: object  # the null-space and eigenvalue tables
    figure: object
    backprop: object  # the table under the picture


t = ui.translator()
st.title(t("grad.title"))
parts = ui.page_parts(t, controls=True)
parts.intro.markdown(t("grad.intro"))
projector = ui.projector()
with parts.controls:
    grad.page_controls(t, on_change=ui.rerun_only(BY_X))
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
with parts.main:
    controls, picture, _ = ui.picture_first(t)
    with controls:
        grad.g_controls(t, on_change=ui.rerun_only(BACKPROP))
    figure = picture.container()
    backprop_table = st.container()
    st.markdown(t("grad.bp.caption"))


@ui.fragment(key=BY_X)
def by_x(places: Places) -> None:
    """The Jacobian tables at the current x and ε, then the backprop section at them."""
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
    backprop(places, x, eps)


@ui.fragment(key=BACKPROP)
def backprop(places: Places, x: tuple, eps) -> None:
    """The 3D picture of what backprop keeps of g, at x and ε, and its table."""
    g, method = grad.g_and_method()
    bp, fig = grad.backprop_view(x, g, eps, method, t, projector, ui.backend())
    with places.figure:
        ui.chart(fig, key="gradient.backprop_chart")
    with places.backprop:
        grad.backprop_table(t, bp)


by_x(Places(message, jacobian, null, figure, backprop_table))

ui.sources_section(t, "gradient")
