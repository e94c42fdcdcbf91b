"""Widgets that define a scene: vector sliders with exact entry, presets, ε, γ/β, toggles.

Every widget has a key and is bound to the URL, so a link reproduces the scene.
"""

from __future__ import annotations

import streamlit as st

from normviz.geometry import Scene
from normviz.ui.urlcheck import warn_invalid_params

SUBSCRIPTS = "₁₂₃₄₅₆₇₈₉"
EPS_CHOICES = ("default", "0", "1e-12", "1e-9", "1e-6", "1e-5", "1e-4", "1e-3", "0.01", "0.1", "1", "10")
AFFINE_BOUNDS = (-3.0, 3.0)


def vector_specs(prefix: str, n: int, bounds: tuple[float, float]) -> dict:
    return {f"{prefix}{i + 1}": bounds for i in range(n)}


def affine_specs(n: int) -> dict:
    return {**vector_specs("g", n, AFFINE_BOUNDS), **vector_specs("b", n, AFFINE_BOUNDS)}


ZOOM_CHOICES = ("10", "5", "2.5")
METHOD_LABELS = {"l2": "L2", "rms": "RMSNorm", "ln": "LayerNorm"}
SHARED_SPECS = {"eps": EPS_CHOICES, "show": tuple(METHOD_LABELS.values()), "zoom": ZOOM_CHOICES}


def _copy_state(src: str, dst: str) -> None:
    st.session_state[dst] = st.session_state[src]


def _apply_preset(keys: list[str], values: tuple[float, ...]) -> None:
    for key, value in zip(keys, values):
        st.session_state[key] = float(value)
        st.session_state[f"{key}_exact"] = float(value)


def _preset_label(values) -> str:
    return "(" + ", ".join(f"{v:g}" for v in values) + ")"


def vector_input(t, *, prefix: str, default: tuple[float, ...], presets: list[tuple[float, ...]],
                 bounds: tuple[float, float] = (-10.0, 10.0), step: float = 0.01) -> tuple[float, ...]:
    """A slider plus an exact number field per component, and preset buttons.

    The sliders carry the URL binding (``?x1=3&x2=4``); the number fields
    mirror them, so typing an exact value moves the slider and the link.
    """
    keys = [f"{prefix}{i + 1}" for i in range(len(default))]
    st.caption(t("vector.presets"))
    with st.container(horizontal=True, gap="small"):  # buttons as wide as their labels, wrapping
        for i, values in enumerate(presets):
            st.button(_preset_label(values), key=f"{prefix}_preset_{i}", on_click=_apply_preset,
                      args=(keys, values), width="content")
    out = []
    low, high = bounds
    for i, key in enumerate(keys):
        name = f"{prefix}{SUBSCRIPTS[i]}"
        slide, exact = st.columns([3, 2], vertical_alignment="bottom")
        value = slide.slider(name, low, high, value=float(default[i]), step=step, key=key,
                             bind="query-params", on_change=_copy_state, args=(key, f"{key}_exact"))
        if st.session_state.get(f"{key}_exact") != value:
            st.session_state[f"{key}_exact"] = value
        exact.number_input(t("vector.exact", name=name), low, high, step=step, format="%.4f",
                           key=f"{key}_exact", on_change=_copy_state, args=(f"{key}_exact", key))
        out.append(float(value))
    return tuple(out)


def eps_control(t, *, default: str = "default", help_key: str = "eps.help") -> float | None:
    """ε on a log scale, with 0 and "each method's default" (None); ``default`` is one of ``EPS_CHOICES``.

    Bound to ``?eps=``. A page where only ε = 0 is exact starts at "0" and says why in its ``help_key``.
    """
    choice = st.select_slider(t("eps.label"), EPS_CHOICES, value=default, key="eps", bind="query-params",
                              help=t(help_key))
    return None if choice == "default" else float(choice)


def affine_controls(t, n: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """γ and β, one slider per dimension, inside an expander."""
    low, high = AFFINE_BOUNDS
    with st.expander(t("affine.header")):
        st.caption(t("affine.note"))
        cols = st.columns(2)
        gamma = tuple(
            cols[0].slider(f"γ{SUBSCRIPTS[i]}", low, high, 1.0, 0.05, key=f"g{i + 1}", bind="query-params")
            for i in range(n)
        )
        beta = tuple(
            cols[1].slider(f"β{SUBSCRIPTS[i]}", low, high, 0.0, 0.05, key=f"b{i + 1}", bind="query-params")
            for i in range(n)
        )
    return gamma, beta


def method_toggles(t) -> frozenset[str]:
    """Which methods to draw. The labels are the methods' names, the same in both
    languages, because a bound widget writes its labels into the URL."""
    chosen = st.pills(t("show.header"), list(METHOD_LABELS.values()), selection_mode="multi",
                      default=list(METHOD_LABELS.values()), key="show", bind="query-params")
    return frozenset(m for m, label in METHOD_LABELS.items() if label in (chosen or ()))


def zoom_control(t) -> float:
    """The half-width of the view: fixed, so the axes never jump while x moves."""
    choice = st.segmented_control(t("zoom.label"), ZOOM_CHOICES, default="10", key="zoom", bind="query-params",
                                  required=True, help=t("zoom.help"))
    return float(choice or "10") * 1.05


def projection_controls(t, *, n: int, default: tuple[float, ...], presets: list[tuple[float, ...]],
                        bounds: tuple[float, float] = (-10.0, 10.0)) -> Scene:
    """All the widgets of a projection page (plane, space) -> the Scene they define."""
    warn_invalid_params(t, {**vector_specs("x", n, bounds), **affine_specs(n), **SHARED_SPECS})
    x = vector_input(t, prefix="x", default=default, presets=presets, bounds=bounds)
    shown = method_toggles(t)
    eps = eps_control(t)
    gamma, beta = affine_controls(t, n)
    return Scene(x=x, eps=eps, gamma=gamma, beta=beta, shown=shown)
