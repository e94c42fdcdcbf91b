"""课程 / Lesson: the whole story in steps (normviz.lesson.STEPS), one live scene each; ?step=k in the URL."""

import streamlit as st

from normviz import lesson, ui
from normviz.ui import lesson as les

t = ui.translator()
projector = ui.projector()
if not projector:  # on a projector the step's own title heads the screen
    st.title(t("lesson.title"))
number = les.current_step(t)
step = lesson.step(number)
les.nav(t, number, where="top")
(st.subheader if projector else st.header)(t(f"lesson.step.{step.key}.title"))  # a projector: room for the picture
story = st.container()  # the step's sentences: before its scene, or under the picture on a projector
scene = st.container()
if projector:
    story, scene = scene, story
story.markdown(t(f"lesson.step.{step.key}.text"))
with scene:
    les.step_section(t, step)  # its controls rerun it alone; ?step= and the step's x follow in the URL
les.nav(t, number, where="bottom")
st.caption(t("lesson.keys"))
if step.key == "summary":
    ui.sources_section(t, "lesson")
