"""精度 / Precision: RMSNorm and LayerNorm in float16, bfloat16 and float32, naive and upcast, against float64."""

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
    """The vector's controls but max|x|, and the ε and reduction of the naive path; max|x| and every result
    (the gradients, the sweep and the module too) in ``by_max_abs``, so a move of max|x| reruns that part only."""
    controls, picture, text = ui.picture_first(t)
    with controls:
        st.subheader(t("prec.input.header"))
        st.caption(t("prec.input.text"))
        max_abs_place, vector = prec.controls(t)
        reduction, eps = prec.naive_controls(t)
    by_max_abs((max_abs_place, picture.container(), text.container()), vector, reduction, eps)


@ui.fragment
def by_max_abs(places: tuple, vector: tuple, reduction: str, eps) -> None:
    """max|x| in its place among the controls, and everything computed from the vector."""
    max_abs_place, picture, text = places
    max_abs = prec.max_abs_control(t, max_abs_place)
    n, offset, spread, seed = vector
    dev, projector = prec.device(ui.backend()), ui.projector()
    cur = prec.current(n, max_abs, offset, spread, seed, eps, reduction, dev)

    with text:
        st.subheader(t("prec.current.header"))
        prec.overflow_message(t, cur)
        prec.eps_message(t, cur)
        prec.results_table(t, cur)
        st.markdown(prec.bf16_text(t, cur))

    with picture:  # the chart's own control stays in sight, right above it
        method = prec.method_control(t)
        ui.chart(
            prec.sweep_figure(n, max_abs, offset, spread, seed, eps, reduction, dev, method, t, projector),
            key="precision.sweep",
        )
    st.caption(prec.sweep_caption(t, reduction))
    st.caption(prec.naive_note(t, cur, dev))

    st.subheader(t("prec.grad.header"))
    st.markdown(t("prec.grad.text"))
    prec.grad_message(t, cur)
    prec.grad_table(t, cur)

    st.subheader(t("prec.module.header"))
    st.markdown(t("prec.module.text"))
    dtype = prec.module_dtype_control(t)
    prec.module_panel(t, prec.panel(n, max_abs, offset, spread, seed, eps, dtype), n)


with parts.main:
    experiment()

st.subheader(t("prec.fix.header"))
st.markdown(t("prec.fix.text"))
