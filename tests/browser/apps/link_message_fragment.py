"""A small app for tests/browser/test_safety.py: link problems inside and outside an st.fragment.

Run with ``?a=7&lang2=fr&n=99``: three bad values, one checked by the main
script, two inside the fragment (a bound slider and an ``int_input``), all in
one ``one_message``. The test moves the slider (a fragment rerun) and checks
that the one warning neither disappears nor repeats.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository root: normviz is not installed

import streamlit as st  # noqa: E402

from normviz.i18n import Translator  # noqa: E402
from normviz.ui.int_input import int_input  # noqa: E402
from normviz.ui.urlcheck import Range, one_message, warn_invalid_params  # noqa: E402

t = Translator("en")


@st.fragment
def group():
    warn_invalid_params(t, {"a": Range(0.0, 1.0, default=0.5), "lang2": ("zh", "en")})
    a = st.slider("a", 0.0, 1.0, 0.5, key="a", bind="query-params")
    n = int_input(t, "n", key="n", low=2, high=10, default=4)
    st.write(f"a = {a:.2f}, n = {n}")


with one_message(t):
    st.title("fragment")
    warn_invalid_params(t, {"b": ("x", "y")})
    group()
    st.write("end")
