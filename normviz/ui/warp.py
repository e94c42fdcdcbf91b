"""Widgets, cached computations and readouts of the warp page (how a norm bends space).

Every widget key is ``warp.<name>`` and names its URL parameter (``PARAMS``, through ``links``). The morph's
and the ellipsoid's figures are cached packed, keyed by everything they show.
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from normviz import _xp, warp
from normviz.figures import warp as figs
from normviz.figures.typed import typed_arrays as packed
from normviz.format import decimals, decimals_vector, percent, significant, subscript
from normviz.methods import METHODS
from normviz.norms import layer_norm
from normviz.ui.kit import links
from normviz.ui.kit.cache import cached
from normviz.ui.kit.controls import eps_control, eps_param, keyed_slider
from normviz.ui.kit.tables import display_equations, markdown_table

PAGE = "warp"
DIMS = ("2D", "3D")
METHOD_LABELS = {m.key: m.label for m in METHODS.values()}
EXTENT = 3.0
GRID = {2: {"count": 7, "points": 41}, 3: {"count": 5, "points": 21}}  # 3D: fewer lines, a light payload
FRAMES = 21
POINT_BOUNDS = (-3.0, 3.0, 0.25)
DEFAULT_POINT = (1.5, 0.5, -1.0)
RADIUS_BOUNDS = (0.05, 1.0, 0.05)
GAMMA_BOUNDS = (-2.0, 3.0, 0.1)
DEFAULT_GAMMA = (2.0, 1.0, 0.5, 1.5)
NS = ("3", "4")
CLOUD_SIZE, CLOUD_SEED, CLOUD_SHOWN = 2000, 0, 200
FRACTION_EPS = tuple(float(f"{v:.6g}") for v in np.logspace(-4, 1, 21))
ELLIPSE_POINTS = {3: 721, 4: 144}


def key(name: str) -> str:
    """The page's widget key (and URL parameter) for ``name``: ``warp.<name>``."""
    return f"{PAGE}.{name}"


MORPH_PARAMS = (
    links.choice(key("dim"), key("dim"), DIMS, "2D"),
    links.choice(key("method"), key("method"), tuple(METHOD_LABELS.values()), METHOD_LABELS["ln"]),
    eps_param(key("eps"), "0"),
    *(links.number(key(f"p{i}"), key(f"p{i}"), *POINT_BOUNDS[:2], DEFAULT_POINT[i - 1]) for i in (1, 2, 3)),
    links.flag(key("fold"), key("fold"), True),
    links.flag(key("stretch"), key("stretch"), True),
    links.number(key("r"), key("r"), *RADIUS_BOUNDS[:2], 0.25),
)
GAMMA_PARAMS = (
    links.choice(key("n"), key("n"), NS, "3"),
    *(links.number(key(f"g{i}"), key(f"g{i}"), *GAMMA_BOUNDS[:2], DEFAULT_GAMMA[i - 1]) for i in (1, 2, 3, 4)),
    eps_param(key("geps"), "0"),
)
PARAMS = MORPH_PARAMS + GAMMA_PARAMS


def check_link(t) -> None:
    """Read the page's link values before its widgets (one warning for the bad ones)."""
    links.load(t, PARAMS)


# --- the morph ------------------------------------------------------------------------------------------


def morph_controls(t) -> None:
    """Dimension, method, ε, the picked point and what to draw at it; their values stay in the session."""
    left, middle, right = st.columns([1, 2, 3])
    left.segmented_control(t("warp.dim"), list(DIMS), key=key("dim"), required=True)
    middle.segmented_control(t("warp.method"), list(METHOD_LABELS.values()), key=key("method"), required=True)
    with right:
        eps_control(t, key=key("eps"), help=t("warp.eps.help"))
    _component_sliders(t, "p", "warp.point", "warp.point.help", dimension(), 3, POINT_BOUNDS)
    a, b, c = st.columns(3)
    a.toggle(t("warp.show.fold"), key=key("fold"))
    b.toggle(t("warp.show.stretch"), key=key("stretch"))
    keyed_slider(
        c, t("warp.radius"), *RADIUS_BOUNDS[:2], step=RADIUS_BOUNDS[2], key=key("r"), help=t("warp.radius.help")
    )


def _component_sliders(t, name: str, label: str, help_key: str, count: int, slots: int, bounds, **kwargs) -> None:
    """One slider per component (``warp.<name>1`` …) in a row of ``slots`` columns, the first ``count`` used."""
    for i, col in zip(range(1, count + 1), st.columns(slots)):
        low, high, step = bounds
        keyed_slider(
            col, t(label, i=subscript(i)), low, high, step=step, key=key(f"{name}{i}"), help=t(help_key), **kwargs
        )


def dimension() -> int:
    return 3 if st.session_state.get(key("dim")) == "3D" else 2


def chosen_method() -> str:
    label = st.session_state.get(key("method"))
    return next((k for k, lab in METHOD_LABELS.items() if lab == label), "ln")


def chosen_eps(name: str = "eps") -> float | None:
    choice = st.session_state.get(key(name), "0")
    return None if choice == "default" else float(choice)


def picked_point() -> tuple[float, ...]:
    return tuple(float(st.session_state[key(f"p{i}")]) for i in range(1, dimension() + 1))


@cached(64)
def morph_view(
    n: int,
    method_key: str,
    eps: float | None,
    point: tuple,
    fold: bool,
    stretch: bool,
    radius: float,
    t,
    projector: bool,
    backend: _xp.Backend,
) -> tuple[warp.GridFold, warp.LocalStretch, warp.GridImage, dict]:
    """The grid's fold at the point, the local stretch there, the grid's image and the packed morph figure."""
    grid = GRID[n]
    m = warp.grid_morph(n, method_key, eps=eps, extent=EXTENT, frames=FRAMES, backend=backend, **grid)
    folded = warp.grid_fold(method_key, point, eps=eps, extent=EXTENT, **grid)
    local = warp.local_stretch(method_key, point, eps=eps, radius=radius, backend=backend)
    image = warp.grid_image(n, method_key, eps=eps, extent=EXTENT, count=grid["count"], backend=backend)
    figure = figs.morph_figure(
        m, t, projector=projector, extent=EXTENT, fold=folded if fold else None, stretch=local if stretch else None
    )
    return folded, local, image, packed(figure)  # the animated chart's payload as it is


def image_text(t, image: warp.GridImage, n: int) -> str:
    """Where the grid points go, computed: distinct outputs, undefined ones, the lengths against the sphere."""
    name = METHOD_LABELS[image.key]
    parts = [t("warp.image.count", method=name, points=image.points - image.undefined, distinct=image.distinct)]
    if image.undefined:
        parts.append(t("warp.image.undefined", count=image.undefined))
    if np.isfinite(image.largest):
        parts.append(
            t(
                "warp.image.lengths",
                smallest=decimals(image.smallest, 4),
                largest=decimals(image.largest, 4),
                radius=decimals(image.radius, 4),
            )
        )
    return t.sentences(parts)


def fold_text(t, folded: warp.GridFold) -> str:
    """The fibre of the picked point in words, and how much of the grid lies in it."""
    f = folded.fold
    x = decimals_vector(f.x, 2)
    if f.kind == "undefined":
        return t("warp.fold.undefined", x=x)
    kind = t(f"warp.fold.kind.{f.kind}", x=x, eps=significant(f.eps, 3))
    if f.kind == "point":
        return kind
    if not len(folded.vertices):  # x off the grid, and no grid point on its fold
        return t.sentences([kind, t("warp.fold.none", total=folded.total_vertices, y=decimals_vector(f.output, 3))])
    return t.sentences(
        [
            kind,
            t(
                "warp.fold.count",
                vertices=len(folded.vertices),
                total=folded.total_vertices,
                lines=len(folded.lines),
                total_lines=folded.total_lines,
                y=decimals_vector(f.output, 3),
            ),
        ]
    )


def stretch_text(t, local: warp.LocalStretch) -> str:
    """The Jacobian's singular values, the flattened directions and how far the linearisation is off; where the
    small circle reaches a point where f is not smooth, that is said instead of the r² law."""
    if not np.all(np.isfinite(local.stretch)):
        return t("warp.stretch.undefined", x=decimals_vector(local.x, 2))
    text = t(
        "warp.stretch.text",
        s=", ".join(decimals(v, 4) for v in local.stretch),
        flat=local.flat,
        r=decimals(local.radius, 2),
    )
    error = significant(local.linearisation_error, 2)
    if local.smooth:
        return t.sentences([text, t("warp.stretch.smooth", error=error)])
    rough = "kink" if local.key == "l2" and local.eps > 0 else "line" if local.key == "ln" else "origin"
    return t.sentences([text, t("warp.stretch.rough", where=t(f"warp.stretch.where.{rough}"), error=error)])


# --- γ makes an ellipsoid -----------------------------------------------------------------------------


def formula() -> str:
    """LayerNorm with a gain and its ellipsoid's semi-axes (``warp.ELLIPSOID_TEX``), as display equations."""
    return display_equations(warp.ELLIPSOID_TEX)


def gamma_controls(t) -> None:
    left, right = st.columns([1, 3])
    left.segmented_control(t("warp.n"), list(NS), key=key("n"), required=True)
    with right:
        eps_control(t, key=key("geps"), help=t("warp.geps.help"))
    _component_sliders(t, "g", "warp.gamma", "warp.gamma.help", gamma_n(), 4, GAMMA_BOUNDS, format="%.1f")


def gamma_n() -> int:
    return 4 if st.session_state.get(key("n")) == "4" else 3


def gamma_eps() -> float:
    """The γ section's ε: "default" is LayerNorm's own (the section is about LayerNorm alone)."""
    return METHODS["ln"].eps_or_default(chosen_eps("geps"))


def chosen_gamma() -> tuple[float, ...]:
    return tuple(round(float(st.session_state[key(f"g{i}")]), 10) for i in range(1, gamma_n() + 1))


@cached(8)
def cloud(n: int) -> np.ndarray:
    """The random inputs (standard normal, a fixed seed) whose outputs the ellipsoid's section counts."""
    x = np.random.default_rng(CLOUD_SEED).standard_normal((CLOUD_SIZE, n))
    x.flags.writeable = False
    return x


@cached(64)
def ellipsoid_view(
    gamma: tuple, eps: float, t, projector: bool, backend: _xp.Backend
) -> tuple[warp.OutputEllipsoid, dict, dict]:
    """The ellipsoid (eigen-decomposition), its checks against the sampled set ("check", and "inside": the
    largest Σ(cₖ/aₖ)² of the unit directions' outputs at ε) and its packed figure."""
    n = len(gamma)
    ell = warp.output_ellipsoid(gamma, eps=eps)
    samples = warp.output_set(gamma, eps=eps, points=ELLIPSE_POINTS[n], backend=backend)
    check = warp.ellipsoid_check(ell, warp.output_set(gamma, eps=0.0, points=ELLIPSE_POINTS[n], backend=backend))
    outputs = _xp.to_numpy(layer_norm(cloud(n)[:CLOUD_SHOWN], weight=np.asarray(gamma), eps=eps))
    checks = {"check": check, "inside": float(np.max(ell.level(samples)))}
    return ell, checks, packed(figs.ellipsoid_figure(ell, samples, t, projector=projector, cloud=outputs))


@cached(8)
def fraction_curve(n: int) -> tuple[float, ...]:
    """The cloud's share within 1 % of the surface at each of ``FRACTION_EPS``: the same for every γ (and β)."""
    return tuple(warp.surface_fraction(cloud(n), eps=e) for e in FRACTION_EPS)


@cached(32)
def fraction_view(n: int, eps: float, t, projector: bool) -> tuple[float, dict]:
    """The share at ``eps`` and the packed figure of the curve with it marked (a γ move reuses both)."""
    share = warp.surface_fraction(cloud(n), eps=eps)
    figure = figs.surface_fraction_figure(
        FRACTION_EPS, fraction_curve(n), t, projector=projector, current_eps=eps or None, current_share=share
    )
    return share, packed(figure)


def axes_table(t, ell: warp.OutputEllipsoid) -> str:
    rows = [
        [str(k), decimals(length, 4), decimals_vector(ell.directions[:, k - 1], 3)]
        for k, length in enumerate(ell.lengths, start=1)
    ]
    return markdown_table([t("warp.axes.k"), t("warp.axes.length"), t("warp.axes.direction")], rows, "rrl")


def checks_text(t, ell: warp.OutputEllipsoid, checks: dict) -> str:
    check: warp.EllipsoidCheck = checks["check"]
    if check.surface:
        return t(
            "warp.checks",
            samples=check.samples,
            level=significant(check.level_error, 2),
            plane=significant(check.plane_error, 2),
            reach=significant(check.reach_error, 2),
            normal=decimals_vector(ell.normal, 3),
        )
    return t(
        "warp.checks.filled",
        samples=check.samples,
        level=significant(check.level_error, 2),
        reach=significant(check.reach_error, 2),
    )


def fraction_text(t, eps: float, share: float, checks: dict) -> str:
    return t(
        "warp.fraction",
        count=CLOUD_SIZE,
        share=percent(share),
        eps=significant(eps, 3),
        inside=decimals(checks["inside"], 4),
    )


def zero_gamma_text(t, ell: warp.OutputEllipsoid) -> str | None:
    """What γᵢ = 0 does, computed: the coordinates pinned to βᵢ and the axes of nonzero length left."""
    zeros = [i for i, g in enumerate(ell.gamma, start=1) if g == 0.0]
    if not zeros:
        return None
    nonzero = int(np.sum(ell.nonzero))
    return t(
        "warp.zero_gamma.one" if nonzero == ell.n - 1 else "warp.zero_gamma.flat",
        which=", ".join(f"γ{subscript(i)}" for i in zeros),
        coords=", ".join(f"y{subscript(i)}" for i in zeros),
        nonzero=nonzero,
        dim=ell.n - 1,
    )
