"""精度 / Precision: RMSNorm and LayerNorm in float16, bfloat16 and float32, naive and upcast, against float64."""

from typing import NamedTuple

import streamlit as st

from normviz import ui
from normviz.ui import precision as prec

t = ui.translator()
st.title(t("prec.title"))
parts = ui.page_parts(t)
parts.intro.markdown(t("prec.intro"))

with parts.text:
    st.subheader(t("prec.limits.header"))
    prec.limits_view(t)


@ui.fragment
def experiment() -> None:
    """The vector's controls but max|x|, the naive path's ε and reduction, the chart's method, the module's
    dtype and every heading and fixed text; max|x| and every result in ``by_max_abs``, in the places kept
    here, so a move of max|x| reruns (and re-sends) those alone."""
    controls, picture, text = ui.picture_first(t)
    with controls:
        st.subheader(t("prec.input.header"))
        st.caption(t("prec.input.text"))
        max_abs_places, vector = prec.controls(t)
        reduction, eps = prec.naive_controls(t)
    with text:
        st.subheader(t("prec.current.header"))
        current = st.container()
    with picture:  # the chart's own control stays in sight, right above it
        method = prec.method_control(t)
        sweep = st.container()
    st.caption(prec.sweep_caption(t, reduction))
    notes = st.container()
    st.subheader(t("prec.grad.header"))
    st.markdown(t("prec.grad.text"))
    grad = st.container()
    st.subheader(t("prec.module.header"))
    st.markdown(t("prec.module.text"))
    dtype = prec.module_dtype_control(t)
    module = st.container()
    places = Places(max_abs_places, current, sweep, notes, grad, module)
    by_max_abs(places, vector, reduction, eps, method, dtype)


class Places(NamedTuple):
    max_abs: tuple  # its slider's and its value's (prec.controls)
    current: object
    sweep: object
    notes: object
    grad: object
    module: object


@ui.fragment
def by_max_abs(places: Places, vector: tuple, reduction: str, eps, method: str, dtype: str) -> None:
    """max|x| among the controls, and everything computed from the vector, each in its place."""
    max_abs = prec.max_abs_control(t, places.max_abs)
    n, offset, spread, seed = vector
    dev, projector = prec.device(ui.backend()), ui.projector()
    cur = prec.current(n, max_abs, offset, spread, seed, eps, reduction, dev)

    with places.current:
        prec.overflow_message(t, cur)
        prec.eps_message(t, cur)
        prec.results_table(t, cur)
        st.markdown(prec.bf16_text(t, cur))
    with places.sweep:
        ui.chart(
            prec.sweep_figure(n, max_abs, offset, spread, seed, eps, reduction, dev, method, t, projector),
            key="precision.sweep",
        )
    places.notes.caption(prec.naive_note(t, cur, dev))
    with places.grad:
        prec.grad_message(t, cur)
        prec.grad_table(t, cur)
    with places.module:
        prec.module_panel(t, prec.panel(n, max_abs, offset, spread, seed, eps, dtype), n)


with parts.main:
    experiment()

st.subheader(t("prec.fix.header"))
st.markdown(t("prec.fix.text"))
