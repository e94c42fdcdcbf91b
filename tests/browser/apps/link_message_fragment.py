"""A small app for tests/browser/test_safety.py: link problems inside and outside a ``links.fragment``.

Run with ``?a=7&lang2=fr&n=99&b=z``: four bad values, one read by the main script, three inside the
fragment (a slider, a choice and an ``int_input``), all in the one warning of ``links.page_state``.
The test moves the slider (a fragment's rerun) and checks that the one warning neither disappears
nor repeats, and that the fragment's rerun writes the address.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository root: normviz is not installed

import streamlit as st  # noqa: E402

from normviz.i18n import Translator  # noqa: E402
from normviz.ui.kit import links  # noqa: E402
from normviz.ui.kit.numbers import int_input  # noqa: E402

t = Translator("en")
GROUP = (
    links.number("a", "a", 0.0, 1.0, 0.5),
    links.choice("lang2", "lang2", ("zh", "en"), "en"),
    links.integer("n", "n", 2, 10, 4),
)


@links.fragment
def group():
    links.load(t, GROUP)
    a = st.slider("a", 0.0, 1.0, key="a")
    n = int_input(t, "n", key="n", low=2, high=10, default=4)
    st.write(f"a = {a:.2f}, n = {n}")


with links.page_state(t):
    st.title("fragment")
    links.load(t, [links.choice("b", "b", ("x", "y"), "x")])
    group()
    st.write("end")
