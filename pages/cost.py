"""代价 / Cost: bytes, time and FLOP share of normalization, worked step by step; a live bandwidth benchmark."""

import streamlit as st

from normviz import cost as topic
from normviz import ui
from normviz.ui import cost

t = ui.translator()
st.title(t("cost.title"))
st.markdown(t("cost.intro"))


@ui.fragment
def calculator() -> None:
    """The inputs drive the step table, the explanations and the side-by-side cases: a move reruns this part only."""
    st.subheader(t("cost.inputs.header"))
    result = topic.compute(cost.controls(t))
    st.subheader(t("cost.steps.header"))
    cost.step_table(t, result)
    st.caption(t("cost.symbols", f=topic.FLOPS_PER_ELEMENT))
    st.subheader(t("cost.slip.header"))
    st.markdown(cost.slip_text(t, result))
    st.subheader(t("cost.bound.header"))
    st.markdown(cost.bound_text(t, result))
    st.subheader(t("cost.scen.header"))
    st.markdown(t("cost.scen.intro"))
    cost.scenario_table(t, result.inputs)
    st.markdown(t("cost.scen.summary"))
    st.subheader(t("cost.storage.header"))
    cost.storage_table(t, result.inputs)
    st.markdown(cost.storage_text(t, result.inputs))


@ui.fragment
def benchmark() -> None:
    """A button starts the small benchmark; its result stays for the session."""
    st.subheader(t("cost.bench.header"))
    st.markdown(t("cost.bench.intro"))
    backend = ui.backend()
    if cost.requested():  # the button below was clicked: measure before drawing it again
        cost.run_benchmark(t, backend)
    run = cost.stored(backend)
    label = t("cost.bench.rerun") if run else t("cost.bench.run", backend=backend.label)
    cost.start_button(label, primary=run is None)
    if run is None:
        st.info(t("cost.bench.none"), icon="⏱️")
        return
    ui.chart(cost.bench_figure(run, t, ui.projector()), key="cost.bench.chart")
    st.caption(t("cost.fig.caption"))
    cost.bench_table(t, run)


calculator()
benchmark()
