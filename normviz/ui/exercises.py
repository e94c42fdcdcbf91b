"""Widgets and feedback of the exercises page.

The set comes from ``?seed=`` (``links``); each exercise's answer widget is
keyed by the seed (``exercises.<seed>.<k>.answer``), so a new set starts with
empty answers. Typed answers are echoed through ``literal``; a malformed one
gets a message in the page's language, never an exception.
"""

from __future__ import annotations

import random

import streamlit as st

from normviz import _xp, geometry, invariance, model, warp
from normviz import exercises as ex
from normviz.figures import exercises as figs
from normviz.figures import lesson as lesson_figs
from normviz.figures import projection as engine
from normviz.figures import warp as warp_figs
from normviz.format import decimals, decimals_vector
from normviz.i18n import CATALOG
from normviz.ui import dof as dof_ui
from normviz.ui.kit import links
from normviz.ui.kit.cache import cached
from normviz.ui.kit.figure import chart
from normviz.ui.kit.layout import page_link
from normviz.ui.kit.literal import literal
from normviz.ui.kit.shell import backend, projector
from normviz.ui.lesson import axes_table, eps_table
from normviz.ui.projection import figure as projection_figure

PAGE = "exercises"
DEFAULT_SEED = 2026
SEED_PARAM = links.number("seed", f"{PAGE}.seed", 0, ex.SEED_MAX, DEFAULT_SEED)


def current_seed(t) -> int:
    """?seed= (a bad value: one message naming the range, and the current seed)."""
    links.load(t, [SEED_PARAM])
    return int(st.session_state[SEED_PARAM.key])


def _new_set() -> None:
    old = int(st.session_state[SEED_PARAM.key])
    seed = random.SystemRandom().randrange(ex.SEED_MAX + 1)
    st.session_state[SEED_PARAM.key] = float(seed if seed != old else (seed + 1) % (ex.SEED_MAX + 1))


def seed_bar(t, seed: int) -> None:
    text, button = st.columns([4, 1], vertical_alignment="center")
    text.caption(t("exercises.seed", seed=seed))
    button.button(t("exercises.new"), key=f"{PAGE}.new", on_click=_new_set, icon=":material/refresh:", width="stretch")


@cached(64)
def problem_set(seed: int) -> list[ex.Problem]:
    return ex.make_set(seed)


def text_key(p: ex.Problem, part: str) -> str:
    """``exercise.<key>.<part>``, or ``….<part>.<variant>`` where the drawn variant has a text of its own
    (every question of a variant exercise has; some explanations are shared by the variants)."""
    key = f"exercise.{p.key}.{part}"
    variant = p.extra.get("what") or p.extra.get("which")
    return f"{key}.{variant}" if variant and f"{key}.{variant}" in CATALOG else key


def question(t, p: ex.Problem) -> str:
    return t(text_key(p, "q"), **p.values)


def explanation(t, p: ex.Problem) -> str:
    return t(text_key(p, "why"), **p.values)


def answer_text(t, p: ex.Problem) -> str:
    if p.answer_kind == "choice":
        return t("exercises.answer_choice", answer=t(f"exercises.choice.{p.answer}"))
    if p.tol == 0:  # an exact count: no tolerance to state
        return t("exercises.answer_choice", answer=f"{int(p.answer)}")
    if p.answer_kind == "vector":
        return t("exercises.answer_is", answer=decimals_vector(p.answer), tol=f"{p.tol:g}")
    value = float(p.answer)
    return t(
        "exercises.answer_is", answer=str(int(value)) if value == int(value) else decimals(value), tol=f"{p.tol:g}"
    )


def _answer_widget(t, p: ex.Problem, k: str):
    if p.answer_kind == "choice":
        return st.radio(
            t("exercises.choose"),
            p.choices,
            index=None,
            key=f"{k}.answer",
            format_func=lambda c: t(f"exercises.choice.{c}"),
        )
    hint = (
        t("exercises.answer.number")
        if p.answer_kind == "number"
        else t("exercises.answer.vector", n=len(p.answer), example=", ".join("0.5" for _ in p.answer))
    )
    return st.text_input(t("exercises.answer"), key=f"{k}.answer", placeholder=hint)


def _checked(k: str) -> None:
    st.session_state[f"{k}.checked"] = True


@cached(16)
def fold_figure(method: str, eps: float, x: tuple, t, proj: bool, backend_: _xp.Backend) -> dict:
    """The merge exercise's grid morphing through the method, the grid points in x's fibre ringed (the warp
    page's figure builder)."""
    grid = ex.MERGE_GRID
    morph = warp.grid_morph(2, method, eps=eps, backend=backend_, **grid)
    fold = warp.grid_fold(method, x, eps=eps, **grid)
    return warp_figs.morph_figure(morph, t, projector=proj, extent=grid["extent"], fold=fold)


@cached(16)
def ellipse_figure(gamma: tuple, t, proj: bool, backend_: _xp.Backend) -> dict:
    """The ellipse exercise's output set (the library's layer_norm with weight γ) and its semi-axes."""
    samples = warp.output_set(gamma, points=361, backend=backend_)
    return warp_figs.ellipsoid_figure(warp.output_ellipsoid(gamma), samples, t, projector=proj)


def feedback_figure(t, p: ex.Problem, k: str) -> None:
    """The figure that explains the answer: a topic page's builder where one fits, else a small one."""
    if p.figure is None:
        return
    kind, data = p.figure
    proj = projector()
    if kind in ("plane", "space"):
        x = tuple(float(v) for v in data["x"])
        scene = geometry.Scene(
            x=x, eps=0.0, gamma=(1.0,) * len(x), beta=(0.0,) * len(x), shown=frozenset({data["method"]})
        )
        reach = max(abs(v) for v in x)
        view = engine.View(extent=1.05 * next((v for v in (2.5, 5.0, 10.0, 25.0) if v >= reach), 25.0))
        spec = projection_figure(scene, backend(), kind, t, proj, view)
    elif kind == "dof":
        spec = dof_ui.fraction_figure(int(data["n"]), t, proj)
    elif kind == "moved":
        outputs = invariance.moved_outputs(data["x"], data["moved"], eps=0.0, backend=backend())
        spec = figs.moved_figure(data["x"], data["moved"], outputs, t, projector=proj, label=data["label"])
    elif kind == "paths":
        spec = figs.paths_figure(ex.path_runs(data["arrangement"], data["depth"]), t, projector=proj)
    elif kind == "growth":
        spec = figs.growth_figure(
            ex.growth_comparison(data["depth"], data["gain"]), data["arrangement"], t, projector=proj
        )
    elif kind == "params":
        spec = figs.params_figure(int(data["d"]), t, projector=proj)
    elif kind == "fp16":
        spec = figs.fp16_figure(data.get("v"), t, projector=proj)
    elif kind == "cost":
        spec = figs.cost_figure(data["tokens"], data["d"], data["calls"], t, projector=proj)
    elif kind == "fold":
        spec = fold_figure(data["method"], float(data["eps"]), tuple(data["x"]), t, proj, backend())
    elif kind == "ellipse":
        spec = ellipse_figure(tuple(data["gamma"]), t, proj, backend())
    elif kind == "model_share":
        spec = lesson_figs.model_share_figure(
            model.NORMS, data["shares"], data["gaps"], t, projector=proj, top=int(data["top"])
        )
    elif kind == "model_gap":
        spec = figs.gap_share_figure(
            data["shares"],
            data["gaps"],
            int(data["chosen"]),
            t,
            projector=proj,
            norm=data["norm"],
            tokens=data["tokens"],
        )
    elif kind == "axes":
        axes_table(t)
        return
    else:  # "eps"
        eps_table(t)
        return
    chart(spec, key=f"{k}.figure")


@links.fragment
def exercise_block(t, number: int, p: ex.Problem, seed: int) -> None:
    """One exercise: question, answer, Check; then the verdict, the explanation and its figure."""
    k = f"{PAGE}.{seed}.{number}"
    st.subheader(t("exercises.number", k=number))
    st.markdown(question(t, p))
    if p.key == "model_share":  # the real-model page runs the model on the question's sentence
        page_link(t, "model", t("exercises.model.link"), **{"model.text": p.extra["sentence"]})
    given = _answer_widget(t, p, k)
    st.button(t("exercises.check"), key=f"{k}.check", on_click=_checked, args=(k,))
    if not st.session_state.get(f"{k}.checked"):
        return
    verdict = ex.check(p, given)
    if p.answer_kind != "choice" and given:
        st.caption(t("exercises.you_typed", text=literal(given)))
    if verdict.status == "malformed":
        n = len(p.answer) if p.answer_kind == "vector" else 1
        st.warning(t(f"exercises.err.{verdict.reason}", n=n), icon="⚠️")
        return
    if verdict.status == "right":
        st.success(t.sentences([t("exercises.right"), answer_text(t, p)]), icon="✅")
    else:
        st.error(t.sentences([t("exercises.wrong"), answer_text(t, p)]), icon="❌")
    st.markdown(explanation(t, p))
    feedback_figure(t, p, k)
