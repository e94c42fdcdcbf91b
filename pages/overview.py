"""概览 / Overview: the three norms side by side, with worked examples."""

import streamlit as st

from normviz import geometry, ui
from normviz.format import decimals_vector
from normviz.methods import METHODS

DOF_DIMS = (2, 3, 768)  # the plane, the space, a real hidden size
EXAMPLES = [(3.0, 4.0), (6.0, 8.0), (4.0, 3.0), (1.0, 2.0, 3.0), (101.0, 102.0, 103.0)]

t = ui.translator()
st.title(t("overview.title"))
st.markdown(t("overview.intro"))

header = [
    t("overview.col.method"),
    t("overview.col.formula"),
    t("overview.col.target"),
    t("overview.col.removes"),
    t("overview.col.dof", dims=" / ".join(map(str, DOF_DIMS))),
    t("overview.col.invariant"),
]
rows = [
    [
        t(f"method.{m.key}"),
        f"`{m.formula}`",
        t(f"overview.target.{m.key}"),
        t("list.separator").join(t(f"overview.removes.{r}") for r in m.removes),
        " / ".join(str(m.dof(n)) for n in DOF_DIMS),
        t(f"overview.invariant.{m.key}"),
    ]
    for m in METHODS.values()
]
st.markdown(ui.markdown_table(header, rows))
st.caption(t("overview.variance"))
st.caption(t("overview.standardize"))

backend = ui.backend()
st.subheader(t("overview.examples", backend=backend.label))
projections = [ui.cached_projection(geometry.Scene(x=x, eps=0.0), backend) for x in EXAMPLES]
st.markdown(
    ui.markdown_table(
        [t("overview.col.input")] + [t(f"method.{m}") for m in METHODS],
        [[decimals_vector(p.x, 0)] + [decimals_vector(p.outputs[m], 3) for m in METHODS] for p in projections],
    )
)
st.caption(t("overview.examples.note"))

st.subheader(t("overview.pages"))
for section, pages in ui.TOPIC_SECTIONS:
    if pages:
        st.markdown(f"**{t(f'nav.section.{section}')}**")
    for name, icon in pages:
        st.page_link(f"pages/{name}.py", label=t(f"nav.{name}"), icon=icon)
        st.caption(t(f"overview.page.{name}"))

with st.expander(t("overview.access.header"), icon=":material/accessibility_new:"):
    for part in ("body", "exceptions", "report"):
        st.markdown(t(f"overview.access.{part}"))

ui.sources_section(t, "overview")
