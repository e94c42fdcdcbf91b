"""Widgets and cached figure of the 3D space page: view size, camera preset, surfaces.

Option labels are the same in both languages (a bound widget writes its label
into the URL); the help texts explain them in the user's language.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from normviz import geometry
from normviz.figures.space import SURFACES, space_figure
from normviz.ui.shell import projector
from normviz.ui.urlcheck import warn_invalid_params

BOUNDS = (-120.0, 120.0)  # wide enough for the preset (101, 102, 103)
PRESETS = [(1, 2, 3), (101, 102, 103), (2, 4, 6), (1, 1, 1), (0, 0, 0), (3, -1, 0.5)]
DEFAULT_X = (1.0, 2.0, 3.0)
VIEW_CHOICES = ("2.5", "5", "10", "125")
DEFAULT_VIEW = "5"
CAMERA_LABELS = {"oblique": "3D", "along": "(1,1,1)", "edge": "(1,-1,0)"}
SURFACE_LABELS = {"unit": "‖y‖=1", "sqrt3": "‖y‖=√3", "plane": "Σy=0"}
SPECS = {
    "view": VIEW_CHOICES,
    "camera": tuple(CAMERA_LABELS.values()),
    "surf": tuple(SURFACE_LABELS.values()),
}


@dataclass(frozen=True)
class View:
    """What the view controls ask for: the axes' half-width, the camera preset, the surfaces."""

    label: str  # the chosen half-width as shown ("5")
    camera: str
    surfaces: tuple[str, ...]

    @property
    def extent(self) -> float:
        """The axis range's half-width: the chosen value plus 5 % so a point on the edge stays inside."""
        return float(self.label) * 1.05


def view_controls(t) -> View:
    """The view size, camera preset and surfaces shown, each bound to the URL."""
    warn_invalid_params(t, SPECS)
    if projector():  # large type: one control per row
        left = middle = right = st.container()
    else:
        left, middle, right = st.columns([3, 3, 3], vertical_alignment="bottom")
    with left:
        view = st.segmented_control(t("space.view.label"), VIEW_CHOICES, default=DEFAULT_VIEW, key="view",
                                    bind="query-params", required=True, help=t("space.view.help"))
    with middle:
        cam_label = st.segmented_control(t("space.camera.label"), list(CAMERA_LABELS.values()),
                                         default=CAMERA_LABELS["oblique"], key="camera", bind="query-params",
                                         required=True, help=t("space.camera.help"))
    with right:
        chosen = st.pills(t("space.surfaces.label"), list(SURFACE_LABELS.values()), selection_mode="multi",
                          default=list(SURFACE_LABELS.values()), key="surf", bind="query-params",
                          help=t("space.surfaces.help"))
    preset = next((name for name, label in CAMERA_LABELS.items() if label == cam_label), "oblique")
    surfaces = tuple(name for name in SURFACES if SURFACE_LABELS[name] in (chosen or ()))
    return View(view or DEFAULT_VIEW, preset, surfaces)


@st.cache_data(max_entries=128, show_spinner=False)
def space_figure_spec(scene: geometry.Scene, proj: geometry.Projection, lang: str, projector: bool,
                      extent: float, camera: str, surfaces: tuple[str, ...]) -> dict:
    """The space figure as a validated dict (see ``ui.chart``), cached."""
    return space_figure(scene, proj, lang=lang, projector=projector, extent=extent, camera_preset=camera,
                        surfaces=surfaces).to_dict()
