"""经典之后 / Beyond the classic three: Dynamic Tanh and Dynamic erf, QK-norm, nGPT's sphere, Peri-Norm, and one
massive activation against RMSNorm, LayerNorm and DyT.

Each section is a fragment with its controls: a move reruns that section alone.
"""

import streamlit as st

from normviz import beyond, ui
from normviz.ui import beyond as by

t = ui.translator()
st.title(t("beyond.title"))
by.check_link(t)
parts = ui.page_parts(t)
parts.intro.markdown(t("beyond.intro"))
projector = ui.projector()


def explanation(name: str, tex) -> None:
    """A section's explanation and formulas: before its controls, or after its picture on a projector."""
    st.markdown(t(f"beyond.{name}.text"))
    st.markdown(by.formula(tex))


@ui.fragment
def dyt_section() -> None:
    controls, picture, text = ui.picture_first(t)
    with controls:
        by.dyt_controls(t)
    view = by.dyt_view(by.chosen_x(), by.chosen_alpha(), by.chosen_shift(), t, projector, ui.backend())
    with picture:
        ui.chart(view.space, key="beyond.dyt_chart", description=t("beyond.dyt.description"))
    with text:
        if projector:  # after the picture; elsewhere the explanation leads up to the controls
            explanation("dyt", beyond.DYT_TEX)
            explanation("derf", beyond.DERF_TEX)
        st.markdown(by.dyt_text(t, view.cmp))
        st.markdown(by.derf_text(t, view.derf))
    st.subheader(t("beyond.jac.header"))
    ui.chart(view.jacobians, key="beyond.jacobian_chart", description=t("beyond.jac.description"))
    st.markdown(by.jacobian_text(t, view.cmp))
    st.subheader(t("beyond.part.header"))
    st.markdown(by.parting_table(t, view.parts))
    st.markdown(by.parting_text(t, view.parts))
    st.subheader(t("beyond.derf.header"))
    ui.chart(view.curves_figure, key="beyond.squash_chart", description=t("beyond.squash.description"))
    st.markdown(by.squash_text(t, view.curves))
    st.subheader(t("beyond.derf.match.header"))
    by.match_controls(t)
    st.markdown(by.match_text(t, by.match_view(by.chosen_rms(), ui.backend()), by.chosen_alpha()))


@ui.fragment
def qk_section() -> None:
    controls, picture, text = ui.picture_first(t)
    with controls:
        by.qk_controls(t)
    d, norm, gain, scale = by.qk_choice()
    sweep, here, figure = by.qk_view(d, norm, gain, scale, t, projector, ui.backend())
    with picture:
        ui.chart(figure, key="beyond.qk_chart", description=t("beyond.qk.description"))
    with text:
        if projector:
            explanation("qk", beyond.QK_TEX)
        st.markdown(by.qk_text(t, sweep, here, d, gain))


@ui.fragment
def ngpt_section() -> None:
    controls, picture, text = ui.picture_first(t)
    with controls:
        by.ngpt_controls(t)
    path, plain, sphere, lengths = by.ngpt_view(*by.ngpt_choice(), t, projector)
    with picture:
        ui.chart(sphere, key="beyond.sphere_chart", description=t("beyond.ngpt.description"))
    with text:
        if projector:
            explanation("ngpt", beyond.NGPT_TEX)
        st.markdown(by.ngpt_text(t, path, plain))
    ui.chart(lengths, key="beyond.lengths_chart")


@ui.fragment
def outlier_section() -> None:
    controls, picture, text = ui.picture_first(t)
    with controls:
        by.outlier_controls(t)
    effect, quiet, curve, figure = by.outlier_view(*by.outlier_choice(), t, projector, ui.backend())
    with picture:
        ui.chart(figure, key="beyond.outlier_chart", description=t("beyond.out.description"))
    with text:
        if projector:
            explanation("out", beyond.OUTLIER_TEX)
        st.markdown(by.outlier_text(t, effect, quiet, curve))


with parts.main:
    st.header(t("beyond.dyt.header"))
    if not projector:
        explanation("dyt", beyond.DYT_TEX)
        explanation("derf", beyond.DERF_TEX)
    dyt_section()
    st.subheader(t("beyond.derf.reported.header"))
    st.markdown(by.reported_table(t))
    st.markdown(by.reported_text(t))
    st.markdown(by.regime_text(t))

st.header(t("beyond.qk.header"))
if not projector:
    explanation("qk", beyond.QK_TEX)
qk_section()
ui.page_link(t, "checkpoint", t("beyond.qk.checkpoint"), **{"checkpoint.source": "qwen3"})

st.header(t("beyond.ngpt.header"))
if not projector:
    explanation("ngpt", beyond.NGPT_TEX)
ngpt_section()

st.header(t("beyond.peri.header"))
st.markdown(t("beyond.peri.text"))
st.markdown(by.formula(beyond.PERI_TEX))
if by.torch_available():
    tops, peri_figure = by.peri_view(t, projector, ui.backend())
    ui.chart(peri_figure, key="beyond.peri_chart", description=t("beyond.peri.description"))
    st.markdown(by.peri_text(t, tops))
else:
    st.info(t("beyond.peri.no_torch"), icon="ℹ️")
ui.page_link(t, "residual", t("beyond.peri.link"), **{"residual.shown": list(by.PERI_SHOWN)})

st.header(t("beyond.out.header"))
if not projector:
    explanation("out", beyond.OUTLIER_TEX)
outlier_section()
ui.page_link(t, "model", t("beyond.out.model_link"))

ui.sources_section(t, "beyond")
