"""Widgets, cached computations and readouts of the higher-dimensions page.

The integers (n, N, seed) go through ``int_input`` (bound to the URL by hand,
because Streamlit's bound integer input crashes on ``?dim=1e309``); the other
widgets are bound with ``bind="query-params"`` and checked first by
``warn_invalid_params``. Option labels are the same in both languages.

The integer keys are this page's own (``dim``, ``samples``, ``cloud_seed``): an
``int_input`` whose key another page also uses (``n``, ``seed`` on the degrees
of freedom page) comes back at its minimum after a page switch in one session.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import streamlit as st

from normviz import _xp, sampling
from normviz.figures import highdim as figs
from normviz.norms import METHODS
from normviz.ui.controls import EPS_CHOICES, SHARED_SPECS, eps_control, method_toggles
from normviz.ui.int_input import int_input, preset_buttons
from normviz.ui.shell import projector
from normviz.ui.urlcheck import warn_invalid_params
from normviz.ui.views import fmt, fmt_vector, markdown_table

N_KEY, COUNT_KEY, SEED_KEY = "dim", "samples", "cloud_seed"  # this page's own keys (see above)
N_PRESETS = (4, 16, 768, 896, 4096, 8192)
DEFAULT_N = 128
COUNT_BOUNDS = (10, 200_000)
DEFAULT_COUNT = 1000
SEED_MAX = 1_000_000
DIST_LABELS = {"gaussian": "N(0,σ²)", "shifted": "N(m,σ²)", "heavy": "σ·t₃"}
SHIFT_BOUNDS = (-10.0, 10.0)
DEFAULT_SHIFT = 3.0
SCALE_BOUNDS = (0.1, 10.0)
N4_POINTS = 1000
CONCENTRATION_COUNT = 256
SPECS = {
    "dist": tuple(DIST_LABELS.values()),
    "m": SHIFT_BOUNDS,
    "sigma": SCALE_BOUNDS,
    "eps": EPS_CHOICES,
    "show": SHARED_SPECS["show"],
}


@dataclass(frozen=True)
class Settings:
    """What the widgets ask for: the cloud (N already capped), ε, the methods, and the N asked for."""

    spec: sampling.CloudSpec
    requested_count: int
    eps: float | None
    methods: tuple[str, ...]

    @property
    def capped(self) -> bool:
        return self.spec.count < self.requested_count


def columns(spec, **kwargs) -> list:
    """``st.columns(spec)`` on a screen; in projector mode (large type) the parts stack instead."""
    if projector():
        return [st.container() for _ in spec]
    return st.columns(spec, **kwargs)


def controls(t) -> Settings:
    """All widgets of the page (URL-bound) -> Settings."""
    warn_invalid_params(t, SPECS)
    top = columns([2, 3, 2], vertical_alignment="bottom")
    with top[0]:
        n = int_input(t, t("highdim.n"), key=N_KEY, low=sampling.MIN_DIM, high=sampling.MAX_DIM, default=DEFAULT_N,
                      help=t("highdim.n.help"))
    with top[1]:
        st.caption(t("highdim.n.presets"))
        preset_buttons(N_KEY, {value: str(value) for value in N_PRESETS}, prefix="n_preset_")
    with top[2]:
        count = int_input(t, t("highdim.count"), key=COUNT_KEY, low=COUNT_BOUNDS[0], high=COUNT_BOUNDS[1],
                          default=DEFAULT_COUNT, help=t("highdim.count.help"))
    row = columns([3, 2, 2, 2], vertical_alignment="bottom")
    with row[0]:
        label = st.segmented_control(t("highdim.dist"), list(DIST_LABELS.values()), default=DIST_LABELS["gaussian"],
                                     key="dist", bind="query-params", required=True, help=t("highdim.dist.help"))
    distribution = next((d for d, lab in DIST_LABELS.items() if lab == label), "gaussian")
    with row[1]:
        shift = st.slider(t("highdim.shift"), *SHIFT_BOUNDS, value=DEFAULT_SHIFT, step=0.1, key="m",
                          bind="query-params", disabled=distribution != "shifted")
    with row[2]:
        scale = st.slider(t("highdim.scale"), *SCALE_BOUNDS, value=1.0, step=0.1, key="sigma", bind="query-params")
    with row[3]:
        seed = int_input(t, t("highdim.seed"), key=SEED_KEY, low=0, high=SEED_MAX, default=0, help=t("highdim.seed.help"))
    row = columns([3, 4], vertical_alignment="bottom")
    with row[0]:
        shown = method_toggles(t)
    methods = tuple(m for m in METHODS if m in shown)
    with row[1]:
        eps = eps_control(t, default="0", help_key="highdim.eps.help")
    used = sampling.capped_count(n, count)
    spec = sampling.CloudSpec(n, used, distribution, float(shift), float(scale), int(seed))
    return Settings(spec, int(count), eps, methods)


# --- cached computations (numpy results only) --------------------------------------------------------


@st.cache_data(max_entries=24, show_spinner=False)
def cloud_summary(spec: sampling.CloudSpec, backend: _xp.Backend, eps: float | None,
                  methods: tuple[str, ...]) -> sampling.CloudSummary:
    return sampling.summarize(spec, backend, eps=eps, methods=methods)


def n4_spec(spec: sampling.CloudSpec) -> sampling.CloudSpec:
    """The n = 4 cloud drawn in the hyperplane view: same distribution and seed, at most N4_POINTS vectors."""
    return sampling.CloudSpec(4, min(spec.count, N4_POINTS), spec.distribution, spec.shift, spec.scale, spec.seed)


@st.cache_data(max_entries=24, show_spinner=False)
def hyperplane_view(spec: sampling.CloudSpec, backend: _xp.Backend, eps: float | None,
                    methods: tuple[str, ...]) -> sampling.HyperplaneView:
    return sampling.hyperplane_view(spec, backend, eps=eps, methods=methods, points=N4_POINTS)


@st.cache_data(max_entries=24, show_spinner=False)
def concentration(distribution: str, shift: float, scale: float, seed: int) -> sampling.Concentration:
    return sampling.concentration(distribution, shift=shift, scale=scale, seed=seed, count=CONCENTRATION_COUNT)


@st.cache_data(max_entries=48, show_spinner=False)
def figure_specs(spec: sampling.CloudSpec, backend: _xp.Backend, eps: float | None, methods: tuple[str, ...],
                 lang: str, projector: bool) -> dict[str, dict]:
    """Every figure of the page as validated dicts (see ``ui.chart``), cached."""
    summary = cloud_summary(spec, backend, eps, methods)
    view = hyperplane_view(n4_spec(spec), backend, eps, methods)
    conc = concentration(spec.distribution, spec.offset, spec.scale, spec.seed)
    kw = dict(lang=lang, projector=projector)
    return {
        "n4": figs.hyperplane_figure(view, **kw).to_dict(),
        "distributions": figs.distributions_figure(summary, **kw).to_dict(),
        "concentration": figs.concentration_figure(conc, n=spec.n, **kw).to_dict(),
        "singular_values": figs.singular_values_figure(summary, **kw).to_dict(),
        "pca": figs.pca_figure(summary, **kw).to_dict(),
    }


# --- readouts --------------------------------------------------------------------------------------------


def _ms(value: float) -> str:
    return f"{value:.1f}" if value < 100 else f"{value:.0f}"


def capped_message(t, settings: Settings) -> str:
    spec = settings.spec
    return t("highdim.capped", asked=spec.n * settings.requested_count, used=spec.count, elements=spec.elements)


def pca_points(spec: sampling.CloudSpec) -> int:
    return min(spec.count, sampling.PLOT_POINTS)


def times_caption(t, summary: sampling.CloudSummary) -> str:
    methods = ", ".join(f"{t(f'method.{m}')} {_ms(summary.times_ms[m])} ms" for m in METHODS if m in summary.times_ms)
    return t("highdim.times", backend=summary.backend, sample=_ms(summary.times_ms["sample"]),
             transfer=_ms(summary.times_ms["transfer"]), methods=methods or "—",
             statistics=_ms(summary.times_ms["statistics"]))


def _sci(value: float) -> str:
    return "NaN" if not np.isfinite(value) else f"{value:.2e}".replace("-", "−")


def basis_table(t, view: sampling.HyperplaneView) -> str:
    rows = [[f"e{'₁₂₃'[i]}", fmt_vector(view.basis[i], 4)] for i in range(view.basis.shape[0])]
    return markdown_table([t("highdim.n4.basis"), t("highdim.n4.in_r4")], rows)


def n4_notes(t, view: sampling.HyperplaneView, eps: float | None) -> list[str]:
    notes = []
    if "ln" in view.lost:
        notes.append(t("highdim.n4.exact", radius=_sci(view.radius_error), lost=_sci(view.lost["ln"]),
                       eps="default" if eps is None else f"{eps:g}"))
    if "rms" in view.lost or "l2" in view.lost:
        notes.append(t("highdim.n4.projection", rms=fmt(view.lost.get("rms", float("nan")), 3),
                       l2=fmt(view.lost.get("l2", float("nan")), 3)))
    return notes


def summary_table(t, summary: sampling.CloudSummary) -> str:
    header = [t("highdim.table.cloud"), t("highdim.table.norm"), t("highdim.table.norm_spread"),
              t("highdim.table.mean"), t("highdim.table.mean_spread"), t("highdim.table.along")]
    rows = []
    for cloud in summary.clouds:
        norm, mean = summary.norms[cloud], summary.means[cloud]
        rows.append([t(f"method.{cloud}"), fmt(norm.mean), _sci(norm.spread), _sci(mean.mean), _sci(mean.spread),
                     _sci(summary.along_ones[cloud])])
    return markdown_table(header, rows, "lrrrrr")


def singular_values_caption(t, summary: sampling.CloudSummary) -> str:
    spec = summary.spec
    if spec.count >= spec.n:
        floor = sampling.rounding_floor(summary.singular_values.get("ln", summary.singular_values["input"]))
        return t("highdim.sv.caption.full", floor=_sci(floor))
    return t("highdim.sv.caption.few", count=spec.count, n=spec.n,
             along=_sci(summary.along_ones.get("ln", float("nan"))))
