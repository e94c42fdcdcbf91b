"""练习 / Exercises: a seeded set of auto-checked exercises (normviz.exercises.BANK); ?seed= in the URL."""

import streamlit as st

from normviz import ui
from normviz.ui import exercises as exs

t = ui.translator()
st.title(t("exercises.title"))
st.markdown(t("exercises.intro"))
seed = exs.current_seed(t)
exs.seed_bar(t, seed)
for number, problem in enumerate(exs.problem_set(seed), start=1):
    exs.exercise_block(t, number, problem, seed)
