"""The plane and the space pages: one control-and-figure section, drawn by one engine.

``projection_section(t, PLANE_PAGE | SPACE_PAGE)`` is an ``st.fragment``: a
control reruns this section only. Widget keys are namespaced by page
(``plane.x1``); the URL keeps short names (``?x1=3``) through ``links``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import streamlit as st

from normviz import _xp, geometry
from normviz.figures import projection as engine
from normviz.figures.describe import describe_projection
from normviz.figures.typed import typed_arrays
from normviz.methods import METHODS
from normviz.ui.kit import links
from normviz.ui.kit.cache import cached
from normviz.ui.kit.chart import cached_projection
from normviz.ui.kit.controls import eps_control, eps_param, keyed_slider
from normviz.ui.kit.layout import picture_first
from normviz.ui.kit.live import live_chart
from normviz.ui.kit.numbers import number_field
from normviz.ui.kit.shell import backend, projector
from normviz.ui.kit.tables import degenerate_messages, readouts

SUBSCRIPTS = "₁₂₃₄₅₆₇₈₉"
STEP = 0.01  # of x's sliders, and of the live chart's drag
AFFINE_BOUNDS = (-3.0, 3.0)
SPEEDS = tuple(engine.SPEEDS)
MAX_FRAME = engine.STEPS * len(geometry.STAGES)  # the last frame of the longest animation (with γ, β)
CAMERA_LABELS = {"oblique": "3D", "along": "(1,1,1)", "edge": "(1,-1,0)"}
SURFACE_LABELS = {"unit": "‖y‖=1", "sqrt3": "‖y‖=√3", "plane": "Σy=0"}


@dataclass(frozen=True)
class ProjectionPage:
    """What differs between the plane and the space pages."""

    name: str  # key prefix and i18n prefix
    kit: object  # engine.PLANE | engine.SPACE
    default: tuple[float, ...]
    presets: tuple[tuple[float, ...], ...]
    bounds: tuple[float, float]
    views: tuple[str, ...]  # half-widths of the axes on offer; "fit" frames the spheres and the outputs
    default_view: str

    @property
    def n(self) -> int:
        return len(self.default)

    def key(self, name: str) -> str:
        return f"{self.name}.{name}"


PLANE_PAGE = ProjectionPage(
    "plane",
    engine.PLANE,
    (3.0, 4.0),
    ((3, 4), (6, 8), (4, 3), (-1, 2), (0.2, 0.1), (0, 0)),
    (-10.0, 10.0),
    ("fit", "10", "5", "2.5"),
    "fit",
)
SPACE_PAGE = ProjectionPage(
    "space",
    engine.SPACE,
    (1.0, 2.0, 3.0),
    ((1, 2, 3), (101, 102, 103), (2, 4, 6), (1, 1, 1), (0, 0, 0), (3, -1, 0.5)),
    (-120.0, 120.0),
    ("fit", "2.5", "5", "10", "125"),
    "fit",
)


def page_params(page: ProjectionPage) -> list[links.Param]:
    """The URL parameters of a projection page: x, shown methods, ε, γ, β, the view, the animation speed."""
    k, n = page.key, page.n
    low, high = page.bounds
    params = [links.number(f"x{i + 1}", k(f"x{i + 1}"), low, high, page.default[i]) for i in range(n)]
    params += [
        links.choices("show", k("show"), [m.label for m in METHODS.values()], [m.label for m in METHODS.values()]),
        eps_param(k("eps"), name="eps", words=True),
        *(links.number(f"g{i + 1}", k(f"g{i + 1}"), *AFFINE_BOUNDS, 1.0) for i in range(n)),
        *(links.number(f"b{i + 1}", k(f"b{i + 1}"), *AFFINE_BOUNDS, 0.0) for i in range(n)),
        links.choice("view", k("view"), page.views, page.default_view),
        links.choice("speed", k("speed"), SPEEDS, "normal"),
        # the animation's frame: the copy-link button writes the one on screen (where the address names
        # a step: so it always does); the chart opens there
        links.number("step", k("step"), 0, MAX_FRAME, 0, always=True),
    ]
    if page.kit is engine.SPACE:
        params += [
            links.choice("camera", k("camera"), tuple(CAMERA_LABELS), "oblique"),
            links.choices("surf", k("surf"), engine.SURFACES, engine.SURFACES),
        ]
    return params


# --- widgets ------------------------------------------------------------------------------------------


def _set(pairs) -> None:
    for key, value in pairs:
        st.session_state[key] = value


def x_keys(page: ProjectionPage) -> list[str]:
    return [page.key(f"x{i + 1}") for i in range(page.n)]


def vector_presets(t, page: ProjectionPage) -> None:
    """The example vectors, one button each: a click sets every component (slider and exact field)."""
    keys = x_keys(page)
    st.caption(t("vector.presets"))
    with st.container(horizontal=True, gap="small"):  # buttons as wide as their labels, wrapping
        for j, values in enumerate(page.presets):
            pairs = [(key, float(v)) for key, v in zip(keys, values)]
            pairs += [(f"{key}.exact", float(v)) for key, v in zip(keys, values)]
            st.button(
                "(" + ", ".join(f"{v:g}" for v in values) + ")",
                key=page.key(f"preset{j}"),
                on_click=_set,
                args=(pairs,),
                width="content",
            )


def vector_input(t, page: ProjectionPage) -> tuple[float, ...]:
    """Per component a slider and an exact field that move together."""
    keys = x_keys(page)
    low, high = page.bounds
    out = []
    for i, key in enumerate(keys):
        name = f"x{SUBSCRIPTS[i]}"
        st.session_state[f"{key}.exact"] = st.session_state[key]
        slide, exact = st.columns([3, 2], vertical_alignment="bottom")
        value = keyed_slider(
            slide,
            name,
            low,
            high,
            step=STEP,
            key=key,
            on_change=lambda k=key: _set([(f"{k}.exact", st.session_state[k])]),
        )
        # Clamped and explained in the page's language (Streamlit's own range error is English only).
        number_field(
            t,
            t("vector.exact", name=name),
            key=f"{key}.exact",
            low=low,
            high=high,
            step=STEP,
            fallback=st.session_state[key],
            format="%.4f",
            container=exact,
            on_change=lambda k=key: _set([(k, st.session_state[f"{k}.exact"])]),
        )
        out.append(float(value))
    return tuple(out)


def method_toggles(t, page: ProjectionPage) -> frozenset[str]:
    labels = [m.label for m in METHODS.values()]
    chosen = st.pills(t("show.header"), labels, selection_mode="multi", key=page.key("show"))
    return frozenset(m.key for m in METHODS.values() if m.label in (chosen or ()))


def affine_controls(t, page: ProjectionPage) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """γ and β, one slider per dimension, inside an expander (a plain section in projector mode, where
    all controls are in one expander already and expanders do not nest)."""
    low, high = AFFINE_BOUNDS
    box = st.container() if projector() else st.expander(t("affine.header"))
    if projector():
        box.markdown(f"**{t('affine.header')}**")
    with box:
        st.caption(t("affine.note"))
        cols = st.columns(2)
        gamma = tuple(
            keyed_slider(cols[0], f"γ{SUBSCRIPTS[i]}", low, high, step=0.05, key=page.key(f"g{i + 1}"))
            for i in range(page.n)
        )
        beta = tuple(
            keyed_slider(cols[1], f"β{SUBSCRIPTS[i]}", low, high, step=0.05, key=page.key(f"b{i + 1}"))
            for i in range(page.n)
        )
    return gamma, beta


class ViewChoice(NamedTuple):
    """The view as chosen (the half-width becomes an extent once x is known: "fit" frames the scene)."""

    zoom: str
    camera: str
    surfaces: tuple[str, ...]
    speed: str

    def view(self, scene: geometry.Scene) -> engine.View:
        extent = engine.fit_extent(scene) if self.zoom == "fit" else float(self.zoom) * 1.05
        return engine.View(extent=extent, camera=self.camera, surfaces=self.surfaces, speed=self.speed)


def view_controls(t, page: ProjectionPage) -> ViewChoice:
    """The view's half-width (fitted to the scene by default), the animation speed and, in 3D,
    the camera and the surfaces."""
    k = page.key
    space = page.kit is engine.SPACE
    if projector() or not space:  # large type, or two controls: one per row
        cols = [st.container()] * 4
    else:  # two rows of two: four segmented controls side by side clip their options
        cols = [*st.columns(2, vertical_alignment="bottom"), *st.columns(2, vertical_alignment="bottom")]
    with cols[0]:
        zoom = st.segmented_control(
            t("zoom.label"),
            page.views,
            key=k("view"),
            required=True,
            help=t("zoom.help"),
            format_func=lambda v: t("zoom.fit") if v == "fit" else v,
        )
    with cols[1]:
        speed = st.segmented_control(
            t("proj.speed.label"),
            SPEEDS,
            key=k("speed"),
            required=True,
            format_func=lambda s: t(f"proj.speed.{s}"),
            help=t("proj.speed.help"),
        )
    camera, surfaces = "oblique", engine.SURFACES
    if space:
        with cols[2]:
            camera = st.segmented_control(
                t("space.camera.label"),
                tuple(CAMERA_LABELS),
                key=k("camera"),
                required=True,
                format_func=CAMERA_LABELS.get,
                help=t("space.camera.help"),
            )
        with cols[3]:
            chosen = st.pills(
                t("space.surfaces.label"),
                engine.SURFACES,
                selection_mode="multi",
                key=k("surf"),
                format_func=SURFACE_LABELS.get,
                help=t("space.surfaces.help"),
            )
            surfaces = tuple(s for s in engine.SURFACES if s in (chosen or ()))
    return ViewChoice(zoom or page.default_view, camera or "oblique", surfaces, speed or "normal")


# --- picture first on a phone -------------------------------------------------------------------------
#
# Below Streamlit's columns breakpoint (640 px: there st.columns stack, first column on top) the picture's
# column goes first, as projector mode puts it; the chart itself goes before the view controls above it.
# The server never learns the viewport's width, so CSS decides: `order` in a media query, on the column
# that holds the keyed picture container (and on the keyed chart container within it). Wider screens keep
# the columns as they are. One picture per page: the keys are fixed.
PICTURE_KEY = "nv-picture"
FIGURE_KEY = "nv-figure"
NARROW = "(max-width: 640px)"  # Streamlit's theme.breakpoints.columns
_NARROW_CSS = f"""<style>
@media {NARROW} {{
  [data-testid="stColumn"]:has(.st-key-{PICTURE_KEY}) {{ order: -1; }}
  .st-key-{FIGURE_KEY}, [data-testid="stLayoutWrapper"]:has(> .st-key-{FIGURE_KEY}) {{ order: -1; }}
}}
</style>"""


def picture_first_on_phones(column):
    """A container in ``column`` (one of st.columns) that a narrow screen shows above the other columns."""
    st.html(_NARROW_CSS)
    return column.container(key=PICTURE_KEY)


# --- the section --------------------------------------------------------------------------------------


@cached(256)
def figure(
    scene: geometry.Scene,
    backend: _xp.Backend,
    kit_name: str,
    t,
    projector_mode: bool,
    view: engine.View,
    guides: bool = True,
) -> dict:
    """The projection figure (engine.projection_figure) of ``scene`` projected on ``backend``, cached on
    everything it shows; packed for the live chart (strict JSON with typed arrays) once, not every run."""
    kit = engine.PLANE if kit_name == "plane" else engine.SPACE
    proj = cached_projection(scene, backend)
    spec = engine.projection_figure(scene, proj, t, kit=kit, projector=projector_mode, view=view, guides=guides)
    return typed_arrays(spec)


def live_scene(
    t, page: ProjectionPage, scene: geometry.Scene, view: engine.View, *, guides: bool = True, frame: int | None = None
) -> dict:
    """What the browser needs to move x itself: x, ε per method, γ, β, the bounds and the moving roles
    (without ``guides``: x's arrows only, as in the figure). ``frame``: where the chart opens (default:
    the page's ``step`` from a copied link)."""
    return {
        "mode": page.name,
        "x": list(scene.x),
        "eps": {m: scene.eps_for(m) for m in METHODS},
        "gamma": list(scene.gamma),
        "beta": list(scene.beta),
        "shown": [m for m in METHODS if m in scene.shown] if guides else [],
        "bounds": list(page.bounds),
        "step": STEP,
        "extent": view.extent,
        "moving": engine.moving_roles(scene.shown, page.n, guides=guides),
        "labels": {
            "chart": t(f"proj.live.{page.name}"),
            "x": [f"x{SUBSCRIPTS[i]}" for i in range(page.n)],
            "anim": {"group": t("anim.group")},
            "methods": {key: m.label for key, m in METHODS.items()},
            "announce": {"x": t("proj.live.announce.x"), "outputs": t("proj.live.announce.outputs")},
        },
        "frame": round(st.session_state.get(page.key("step"), 0)) if frame is None else frame,
    }


def _released(page: ProjectionPage, x: tuple[float, ...]) -> None:
    """The browser released x: the sliders and exact fields take it before the rerun."""
    _set([pair for i, v in enumerate(x) for pair in ((page.key(f"x{i + 1}"), v), (page.key(f"x{i + 1}.exact"), v))])


class Settings(NamedTuple):
    """What the settings fragment hands the moving one: the norms shown, ε, γ, β and the view chosen."""

    shown: frozenset[str]
    eps: float | None
    gamma: tuple[float, ...]
    beta: tuple[float, ...]
    view: ViewChoice


@links.fragment
def projection_section(t, page: ProjectionPage) -> None:
    """Controls on the left, the picture and the readouts on the right; the URL follows the scene.

    Two fragments: this one draws the settings a student changes now and then (the example vectors, the
    norms shown, ε, γ, β, the view) and leaves a place for x's controls and one for the figure, which
    ``moving_part`` fills; a move of x reruns only that (half the widgets, a quarter of the messages)."""
    links.load(t, page_params(page))
    # picture first on a projector: the controls fold into one expander above the full-width figure
    controls, picture, _ = picture_first(t, "controls-beside", (1, 2))
    if not projector():
        picture = picture_first_on_phones(picture)
    with controls:
        vector_presets(t, page)  # here, not in moving_part: a move of x does not re-send the buttons
        x_place = st.container()
        shown = method_toggles(t, page)
        eps = eps_control(t, key=page.key("eps"), words=True)
        gamma, beta = affine_controls(t, page)
    with controls if projector() else picture:
        view = view_controls(t, page)
    with picture:
        figure_place = st.container(key=FIGURE_KEY)  # on a phone above the view controls
        readout_place = st.container()
    moving_part(t, page, (x_place, figure_place, readout_place), Settings(shown, eps, gamma, beta, view))


@links.fragment
def moving_part(t, page: ProjectionPage, places: tuple, settings: Settings) -> None:
    """x's controls, the figure and the readouts, in the places the settings fragment left for them."""
    x_place, figure_place, readout_place = places
    with x_place:
        x = vector_input(t, page)
    scene = geometry.Scene(x=x, eps=settings.eps, gamma=settings.gamma, beta=settings.beta, shown=settings.shown)
    proj = cached_projection(scene, backend())
    view = settings.view.view(scene)
    with figure_place:
        degenerate_messages(t, proj)
        # the fitted view frames the outputs and marks x by the labelled arrow at its edge; a chosen
        # narrower view says so in words
        if settings.view.zoom != "fit" and geometry.outside_view(scene.x, view.extent):
            st.info(t(f"{page.name}.outside", extent=f"{view.extent:.3g}"))
        live_chart(
            figure(scene, backend(), page.name, t, projector(), view),
            key=page.key("live"),
            scene=live_scene(t, page, scene, view),
            on_release=lambda x: _released(page, x),
            description=describe_projection(scene, proj, t, extent=view.extent),
            keys=t(f"proj.keys.{page.name}") + (f" {t('proj.keys.camera')}" if page.kit is engine.SPACE else ""),
        )
        if page.kit is engine.SPACE:
            st.caption(t(f"space.camera.{view.camera}"))
    with readout_place:
        readouts(t, proj, scene.shown)
