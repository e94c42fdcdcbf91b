"""课程 / Lesson: the whole story in steps (normviz.lesson.STEPS), one live scene each; ?step=k in the URL."""

import streamlit as st

from normviz import lesson, ui
from normviz.ui import lesson as les

t = ui.translator()
st.title(t("lesson.title"))
number = les.current_step(t)
step = lesson.step(number)
les.nav(t, number, where="top")
st.header(t(f"lesson.step.{step.key}.title"))
st.markdown(t(f"lesson.step.{step.key}.text"))
les.step_section(t, step)  # also writes ?step= and the step's x to the URL
les.nav(t, number, where="bottom")
st.caption(t("lesson.keys"))
