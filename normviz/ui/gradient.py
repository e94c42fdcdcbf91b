"""Widgets, cached computations and tables of the gradient page.

Every widget key is namespaced ``gradient.<name>`` (pages share one session
state) and names its URL parameter (``PARAMS``, through ``links``). x and ε concern the whole page; g and
the method shown in 3D concern the backprop section (a fragment); m and n the massive-coordinate section
(a fragment of its own, which reads ε). The Jacobians, torch's autograd ones included, are cached as numpy
by (x, ε); the massive-coordinate section by (n, m, ε).
"""

from __future__ import annotations

import math

import numpy as np
import streamlit as st

from normviz import _xp, gradient
from normviz.figures import gradient as figs
from normviz.figures.typed import typed_arrays as packed
from normviz.format import decimals, eps_text, legible, legible_vector, percent, scientific, shortest
from normviz.methods import METHODS
from normviz.ui.kit import links
from normviz.ui.kit.cache import cached
from normviz.ui.kit.controls import METHOD_LABELS, eps_control, eps_param, eps_value, keyed_slider
from normviz.ui.kit.tables import display_equations, markdown_table

PAGE = "gradient"
X_BOUNDS = (-5.0, 5.0)
G_BOUNDS = (-3.0, 3.0)
STEP = 0.1


def key(name: str) -> str:
    """The page's widget key (and URL parameter) for ``name``: ``gradient.<name>``."""
    return f"{PAGE}.{name}"


# the massive coordinate m (in units of the others' RMS) on a 1-2-5 scale, and the dimension n
MASSIVE_MS = ("1", "2", "5", "10", "20", "50", "100", "200", "500", "1000", "2000", "5000", "10000")
MASSIVE_NS = ("3", "64", "512", "4096")
CHECK_MAX_N = 64  # the page checks the singular values against autograd + SVD up to this n (512: ~0.1 s)

PARAMS = (
    *(links.number(key(f"x{i + 1}"), key(f"x{i + 1}"), *X_BOUNDS, v) for i, v in enumerate(gradient.SEED_X)),
    *(links.number(key(f"g{i + 1}"), key(f"g{i + 1}"), *G_BOUNDS, v) for i, v in enumerate(gradient.DEFAULT_G)),
    eps_param(key("eps"), "0"),
    links.choice(key("method"), key("method"), tuple(METHOD_LABELS.values()), METHODS["ln"].label),
    links.choice(key("m"), key("m"), MASSIVE_MS, "100"),
    links.choice(key("n"), key("n"), MASSIVE_NS, "64"),
)


def _vector_sliders(t, name: str, bounds, help_key: str, on_change) -> None:
    for i, col in enumerate(st.columns(3)):
        label = f"{name}{'₁₂₃'[i]}"
        keyed_slider(col, label, *bounds, step=STEP, key=key(f"{name}{i + 1}"), help=t(help_key), on_change=on_change)


def page_controls(t, *, on_change=None, eps_on_change=None) -> None:
    """x (three sliders) and ε, read by ``x_and_eps``; the page's link values are read first (one warning for
    the bad ones). ``eps_on_change`` (default ``on_change``): ε's, which more sections read than x."""
    links.load(t, PARAMS)
    _vector_sliders(t, "x", X_BOUNDS, "grad.x.help", on_change)
    eps_control(t, key=key("eps"), help=t("grad.eps.help"), on_change=eps_on_change or on_change)


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


# --- one massive coordinate ---------------------------------------------------------------------------------


def massive_controls(t) -> None:
    """The massive coordinate m (a 1-2-5 scale) and the dimension n, read by ``massive_choice``."""
    left, right = st.columns([3, 1])
    left.select_slider(t("grad.mass.m"), MASSIVE_MS, key=key("m"), help=t("grad.mass.m.help"))
    right.segmented_control(t("grad.mass.n"), list(MASSIVE_NS), key=key("n"), required=True, help=t("grad.mass.n.help"))


def massive_choice() -> tuple[int, float]:
    """n and m as ``massive_controls`` left them in the session state."""
    return int(st.session_state[key("n")]), float(st.session_state[key("m")])


def massive_eps(eps: float | None) -> float:
    """The page's ε for RMSNorm: its own default where the page says "default"."""
    return METHODS["rms"].eps_or_default(eps)


@cached(64)
def massive_view(n: int, m: float, eps: float, t, projector: bool) -> tuple[gradient.MassiveGradient, object, dict]:
    """The example in n dimensions with x₁ = m: the backward pass, the singular values of torch's autograd
    Jacobian by SVD (None above ``CHECK_MAX_N`` or without torch) and the packed figure."""
    rest, g = gradient.massive_example(n)
    mg = gradient.massive_gradient(rest, g, m, eps=eps)
    svd = None
    if n <= CHECK_MAX_N:
        svd = gradient.rms_autograd_singular_values(gradient.massive_x(rest, m), eps=eps)
    return mg, svd, packed(figs.massive_figure(mg, t, projector=projector))


def massive_explanation(t) -> None:
    """The paper's argument (as theirs), the example and its conditions, the derivation and its formulas: one
    element (fewer to send on a projector, where the section's fragment draws it)."""
    parts = (
        t("grad.mass.paper"),
        t("grad.mass.text", default=eps_text(METHODS["rms"].default_eps)),
        t("grad.mass.derivation"),
        display_equations(gradient.MASSIVE_TEX),
    )
    st.markdown("\n\n".join(parts))


def _svd_cells(formula: np.ndarray, svd) -> tuple[str, str]:
    """The autograd singular values of one group (the largest shown) and the largest |difference| to the formula."""
    if svd is None:
        return "—", "—"
    return legible(float(np.max(svd)), 4), scientific(float(np.max(np.abs(svd - formula))), 1)


def spectrum_table(t, mg: gradient.MassiveGradient, svd) -> str:
    """J's singular values at m: the n − 1 on the directions orthogonal to x and the one along x, by formula
    and, where run, by SVD of the autograd Jacobian."""
    sp = mg.spectrum
    values = sp.values()
    perp, along = values[:-1], values[-1:]
    svd_perp, svd_along = (None, None) if svd is None else (svd[:-1], svd[-1:])
    rows = [
        [t("grad.mass.dir.perp"), str(mg.n - 1), "1/r", legible(sp.kept, 4), *_svd_cells(perp, svd_perp)],
        [t("grad.mass.dir.along"), "1", "(1/r)·ε/r²", legible(sp.radial, 4), *_svd_cells(along, svd_along)],
    ]
    header = [t(f"grad.mass.col.{c}") for c in ("direction", "count", "formula", "value", "svd", "diff")]
    return markdown_table(header, rows, "lrllrr")


def massive_text(t, mg: gradient.MassiveGradient, svd) -> str:
    """The section's computed statements, each with its conditions (n, m, ε, γ = 1)."""
    sp, ref = mg.spectrum, mg.reference_spectrum
    common = {"m": shortest(mg.m), "n": mg.n, "eps": eps_text(mg.eps), "others": mg.n - 1}
    spectrum = t(
        "grad.mass.spectrum",
        **common,
        r=decimals(sp.r, 4),
        kept=legible(sp.kept, 4),
        radial=legible(sp.radial, 4),
        kept1=decimals(ref.kept, 4),
        factor=percent(mg.kept_share, digits=3),
    )
    others = t(
        "grad.mass.others",
        **common,
        here=legible(mg.here, 4),
        reference=legible(mg.reference, 4),
        share=percent(mg.share, digits=3),
    )
    asymptote = t(
        "grad.mass.asymptote",
        asym=legible(float(mg.asymptote(mg.m)), 4),
        ratio=decimals(mg.to_asymptote, 4),
        limit=decimals(mg.limit, 4),
    )
    bound = t(
        "grad.mass.bound",
        whole=legible(mg.whole, 4),
        over_r=legible(mg.g_over_r, 4),
        bound=legible(mg.bound, 4),
    )
    knee = t("grad.mass.knee", root=decimals(mg.root_n, 2))
    if svd is None:
        check = (
            t("grad.mass.check_skipped", limit=CHECK_MAX_N, n=mg.n) if mg.n > CHECK_MAX_N else t("grad.mass.no_torch")
        )
    else:
        check = t("grad.mass.check", diff=scientific(float(np.max(np.abs(svd - sp.values()))), 1))
    return "\n\n".join((t.sentences([spectrum, check]), t.sentences([others, asymptote]), t.sentences([bound, knee])))
