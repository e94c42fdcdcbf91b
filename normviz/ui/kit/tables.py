"""Tables and messages of numbers: a markdown table, and a projection's statistics, outputs and
degenerate cases."""

from __future__ import annotations

import numpy as np
import streamlit as st

from normviz import geometry
from normviz.format import decimals, decimals_vector
from normviz.methods import KEYS as METHODS


def display_equations(lines) -> str:
    """LaTeX lines as one markdown of display equations (``$$ … $$`` each, as ``st.latex`` draws one): each
    line its own block, so a line too wide for a phone scrolls alone, not the whole derivation; one element,
    not one per line."""
    return "\n\n".join(f"$$\n{line}\n$$" for line in lines)


def markdown_table(header: list[str], rows: list[list[str]], align: str | None = None) -> str:
    """A GitHub-style markdown table; ``align`` is one of l/r per column."""
    align = align or "l" * len(header)
    rule = "|" + "|".join("---:" if a == "r" else "---" for a in align) + "|"
    lines = ["| " + " | ".join(header) + " |", rule]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def stats_table(t, proj: geometry.Projection) -> None:
    s = proj.stats
    rows = [["‖x‖₂", decimals(s.norm)], ["μ", decimals(s.mean)], ["σ", decimals(s.std)], ["RMS", decimals(s.rms)]]
    st.markdown(markdown_table([t("readout.quantity"), t("readout.value")], rows, "lr"))


def outputs_table(t, proj: geometry.Projection, shown) -> None:
    rows = [[t("method.input"), decimals_vector(proj.x), decimals(proj.stats.norm)]]
    rows += [
        [t(f"method.{m}"), decimals_vector(proj.outputs[m]), decimals(proj.norm_of(m))] for m in METHODS if m in shown
    ]
    st.markdown(markdown_table([t("readout.method"), t("readout.output"), t("readout.norm")], rows, "llr"))


def readouts(t, proj: geometry.Projection, shown) -> None:
    """The statistics of x and each shown method's output with its norm, side by side."""
    left, right = st.columns(2)
    with left:
        st.subheader(t("readout.stats"))
        stats_table(t, proj)
    with right:
        st.subheader(t("readout.outputs"))
        outputs_table(t, proj, shown)


def degenerate_messages(t, proj: geometry.Projection) -> None:
    """Say plainly when the input is the zero vector, constant, or an output is NaN."""
    for case in geometry.degenerate_cases(proj):
        if case == "nan":
            methods = t("list.separator").join(
                t(f"method.{m}") for m in METHODS if not np.all(np.isfinite(proj.outputs[m]))
            )
            st.warning(t("msg.nan", methods=methods), icon="⚠️")
        else:
            st.info(t(f"msg.{case}"), icon="ℹ️")
