"""Widgets, cached computations and tables of the gradient page.

Every widget key is namespaced ``gradient.<name>`` (pages share one session
state) and names its URL parameter (``PARAMS``, through ``links``). x and ε concern the whole page; g and
the method shown in 3D concern the backprop section (a fragment). The
Jacobians, torch's autograd ones included, are cached as numpy by (x, ε).
"""

from __future__ import annotations

import math

import numpy as np
import streamlit as st

from normviz import _xp, gradient
from normviz.figures import gradient as figs
from normviz.figures.typed import typed_arrays as packed
from normviz.format import legible, legible_vector
from normviz.methods import METHODS
from normviz.ui.kit import links
from normviz.ui.kit.cache import cached
from normviz.ui.kit.controls import METHOD_LABELS, eps_control, eps_param, eps_value, keyed_slider
from normviz.ui.kit.tables import markdown_table

PAGE = "gradient"
X_BOUNDS = (-5.0, 5.0)
G_BOUNDS = (-3.0, 3.0)
STEP = 0.1


def key(name: str) -> str:
    """The page's widget key (and URL parameter) for ``name``: ``gradient.<name>``."""
    return f"{PAGE}.{name}"


PARAMS = (
    *(links.number(key(f"x{i + 1}"), key(f"x{i + 1}"), *X_BOUNDS, v) for i, v in enumerate(gradient.SEED_X)),
    *(links.number(key(f"g{i + 1}"), key(f"g{i + 1}"), *G_BOUNDS, v) for i, v in enumerate(gradient.DEFAULT_G)),
    eps_param(key("eps"), "0"),
    links.choice(key("method"), key("method"), tuple(METHOD_LABELS.values()), METHODS["ln"].label),
)


def _vector_sliders(t, name: str, bounds, help_key: str, on_change) -> None:
    for i, col in enumerate(st.columns(3)):
        label = f"{name}{'₁₂₃'[i]}"
        keyed_slider(col, label, *bounds, step=STEP, key=key(f"{name}{i + 1}"), help=t(help_key), on_change=on_change)


def page_controls(t, *, on_change=None) -> None:
    """x (three sliders) and ε, read by ``x_and_eps``; the page's link values are read first (one warning for
    the bad ones)."""
    links.load(t, PARAMS)
    _vector_sliders(t, "x", X_BOUNDS, "grad.x.help", on_change)
    eps_control(t, key=key("eps"), help=t("grad.eps.help"), on_change=on_change)


def x_and_eps() -> tuple[tuple[float, ...], float | None]:
    """x and ε as ``page_controls`` left them in the session state (for a fragment's rerun of its own)."""
    return tuple(float(st.session_state[key(f"x{i + 1}")]) for i in range(3)), eps_value(st.session_state[key("eps")])


METHOD_BY_LABEL = {v: k for k, v in METHOD_LABELS.items()}


def g_controls(t, *, on_change=None) -> None:
    """The incoming gradient g and the method drawn in 3D, read by ``g_and_method``."""
    _vector_sliders(t, "g", G_BOUNDS, "grad.g.help", on_change)
    labels = tuple(METHOD_BY_LABEL)
    st.segmented_control(t("grad.method"), labels, key=key("method"), required=True, on_change=on_change)


def g_and_method() -> tuple[tuple[float, ...], str]:
    """g and the method as ``g_controls`` left them in the session state."""
    g = tuple(float(st.session_state[key(f"g{i + 1}")]) for i in range(3))
    return g, METHOD_BY_LABEL.get(st.session_state[key("method")], "ln")


@cached(256)
def checks(x: tuple, eps, backend: _xp.Backend) -> dict[str, gradient.JacobianCheck]:
    """The analytic and autograd Jacobians of the three methods at x (numpy only)."""
    return gradient.jacobian_checks(x, eps=eps, backend=backend)


@cached(256)
def backprop_view(
    x: tuple, g: tuple, eps, method: str, t, projector: bool, backend: _xp.Backend
) -> tuple[gradient.Backprop, dict]:
    bp = gradient.backprop(method, x, g, eps=eps, backend=backend)
    return bp, packed(figs.backprop_figure(bp, t, projector=projector))


def undefined_message(t, x, found: dict[str, gradient.JacobianCheck]) -> None:
    """Name the methods whose Jacobian is undefined at x (0/0)."""
    bad = [METHODS[k].label for k, c in found.items() if not np.all(np.isfinite(c.analytic))]
    if bad:
        st.info(t("grad.undefined", methods=", ".join(bad)), icon="ℹ️")


def _diff(t, c: gradient.JacobianCheck) -> str:
    if c.autograd is None:
        return t("grad.no_check")
    if not np.all(np.isfinite(c.analytic)):  # 0/0 at ε = 0: torch's autograd gives NaN there too
        return t("grad.undefined_cell")
    value = c.difference
    return "0" if value == 0.0 else f"{value:.1e}"


def _kind(key: str, kind: str) -> str:
    """The string key suffix of a removed direction: LayerNorm's radial one is x − μ𝟏, not x."""
    return f"{kind}_ln" if key == "ln" and kind == "radial" else kind


def jacobian_table(t, found: dict[str, gradient.JacobianCheck]) -> None:
    """Each method's J row by row: from the formula, from torch.autograd, and the largest difference."""
    rows = []
    for k, c in found.items():
        auto = c.autograd if c.autograd is not None else np.full_like(c.analytic, math.nan)
        for i in range(c.analytic.shape[0]):
            rows.append(
                [
                    METHODS[k].label if i == 0 else "",
                    f"{i + 1}",
                    legible_vector(c.analytic[i], 4),
                    legible_vector(auto[i], 4),
                    _diff(t, c) if i == 0 else "",
                ]
            )
    header = [
        t("grad.col.method"),
        t("grad.col.row"),
        t("grad.col.analytic"),
        t("grad.col.autograd"),
        t("grad.col.diff"),
    ]
    st.markdown(markdown_table(header, rows, "lrllr"))
    if any(c.autograd is None for c in found.values()):
        st.caption(t("grad.no_torch"))


def null_table(t, found: dict[str, gradient.JacobianCheck]) -> None:
    """‖J x̂‖ and ‖J 𝟏̂‖ for each method: which directions J sends to 0."""
    rows = [
        [
            METHODS[k].label,
            legible(c.null_residual["radial"], 3),
            legible(c.null_residual["ones"], 3),
            legible(1.0 / c.scale, 4) if c.scale > 0 else "—",
        ]
        for k, c in found.items()
    ]
    st.markdown(markdown_table([t("grad.col.method"), "‖J x̂‖", "‖J 𝟏̂‖", "1/s"], rows, "lrrr"))


def eigen_table(t, found: dict[str, gradient.JacobianCheck]) -> None:
    """The eigenvalues of each J (ascending), each named: removed direction (x or 𝟏) or kept (1/s)."""
    rows = []
    for k, c in found.items():
        if not c.eigen:
            rows.append([METHODS[k].label, "—", "—", "—"])
            continue
        parts = [f"{legible(e.value, 4)} ({t(f'grad.eig.{_kind(k, e.kind)}')})" for e in c.eigen]
        zeros = sum(e.zero for e in c.eigen)
        rows.append([METHODS[k].label, "; ".join(parts), str(zeros), legible(c.asymmetry, 2)])
    header = [t("grad.col.method"), t("grad.col.eigen"), t("grad.col.zeros"), "max \\|J − Jᵀ\\|"]
    st.markdown(markdown_table(header, rows, "llrr"))


def backprop_table(t, bp: gradient.Backprop) -> None:
    """g, its removed components, the rest, and what the layer passes back (Jᵀg and s·Jᵀg)."""
    rows = [["g", legible_vector(bp.g, 4), t("grad.bp.g")]]
    rows += [
        [
            t(f"grad.bp.removed_{_kind(bp.key, name)}"),
            legible_vector(comp, 4),
            f"g·u = {legible(float(bp.g @ bp.directions[name]), 4)}",
        ]
        for name, comp in bp.removed.items()
    ]
    notes = [
        t("grad.bp.kept_note"),
        t("grad.bp.jtg_note", s=legible(bp.scale, 4)),
        t("grad.bp.leak", leak=legible(float(np.linalg.norm(bp.leak)), 2)),
    ]
    values = [bp.kept, bp.jtg, bp.scale * bp.jtg]
    rows += [
        [name, legible_vector(v, 4), note if np.all(np.isfinite(v)) else t("grad.bp.undefined")]
        for name, v, note in zip((t("grad.bp.kept"), "Jᵀg", "s·Jᵀg"), values, notes)
    ]
    st.markdown(markdown_table([t("grad.col.quantity"), t("grad.col.vector"), t("grad.col.note")], rows, "lll"))
