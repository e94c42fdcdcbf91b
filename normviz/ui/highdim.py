"""Widgets, cached computations and readouts of the higher-dimensions page.

Every key that holds state is this page's own (``highdim.dim``, ``highdim.eps``,
...): pages share one session state, and the keys name the URL parameters
too (``PARAMS``, read through ``links`` before the widgets). Option labels are
the same in both languages.

The caches keep what a control leaves alone: the standard draws do not depend
on m or σ, the input cloud's statistics not on ε, each output cloud's only on
its own method, and the concentration draws on nothing but the distribution's family.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np
import streamlit as st

from normviz import _xp
from normviz import highdim as hd
from normviz.figures import highdim as figs
from normviz.figures.typed import typed_arrays as typed
from normviz.format import decimals, decimals_vector, eps_text, percent, scientific, significant
from normviz.methods import KEYS, METHODS
from normviz.ui.kit import links
from normviz.ui.kit.cache import cached
from normviz.ui.kit.controls import eps_control, eps_param, keyed_slider
from normviz.ui.kit.numbers import int_input, preset_buttons
from normviz.ui.kit.shell import projector
from normviz.ui.kit.tables import markdown_table

PAGE = "highdim"
N_KEY, COUNT_KEY, SEED_KEY = f"{PAGE}.dim", f"{PAGE}.samples", f"{PAGE}.seed"
DIST_KEY, SHIFT_KEY, SCALE_KEY = f"{PAGE}.dist", f"{PAGE}.m", f"{PAGE}.sigma"
EPS_KEY, SHOW_KEY = f"{PAGE}.eps", f"{PAGE}.show"
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
CENTRAL = 0.99  # the share of a cosine law whose interval the page quotes
ORTHOGONAL = 0.25  # "nearly orthogonal" is said where that interval lies within ±ORTHOGONAL
CONCENTRATION_SEED = 0  # the concentration figure shows a law, not this cloud: its sample does not follow the seed
PARAMS = (
    links.integer(N_KEY, N_KEY, hd.MIN_DIM, hd.MAX_DIM, DEFAULT_N),
    links.integer(COUNT_KEY, COUNT_KEY, *COUNT_BOUNDS, DEFAULT_COUNT),
    links.integer(SEED_KEY, SEED_KEY, 0, SEED_MAX, 0),
    links.choice(DIST_KEY, DIST_KEY, tuple(DIST_LABELS.values()), DIST_LABELS["gaussian"]),
    links.number(SHIFT_KEY, SHIFT_KEY, *SHIFT_BOUNDS, DEFAULT_SHIFT),
    links.number(SCALE_KEY, SCALE_KEY, *SCALE_BOUNDS, 1.0),
    links.choices(SHOW_KEY, SHOW_KEY, [m.label for m in METHODS.values()], [m.label for m in METHODS.values()]),
    eps_param(EPS_KEY, "0"),  # ε = 0 by default: only there do the outputs lie exactly on their spheres
)


@dataclass(frozen=True)
class Settings:
    """What the widgets ask for: the cloud (N already capped), ε, the methods, and the N asked for."""

    spec: hd.CloudSpec
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


@dataclass(frozen=True)
class Chosen:
    """What the widgets other than σ ask for (``controls``); ``with_scale`` adds σ and makes the Settings."""

    n: int
    count: int
    distribution: str
    shift: float
    seed: int
    eps: float | None
    methods: tuple[str, ...]


def controls(t) -> tuple:
    """Every widget of the page but σ (their link values read first) -> (σ's place, Chosen).

    σ is drawn in its place by ``with_scale``, in a nested fragment with everything it changes: a move of σ
    reruns that part only, not these widgets."""
    links.load(t, PARAMS)
    top = columns([2, 3, 2], vertical_alignment="bottom")
    with top[0]:
        n = int_input(
            t, t("highdim.n"), key=N_KEY, low=hd.MIN_DIM, high=hd.MAX_DIM, default=DEFAULT_N, help=t("highdim.n.help")
        )
    with top[1]:
        st.caption(t("highdim.n.presets"))
        preset_buttons(N_KEY, {value: str(value) for value in N_PRESETS}, prefix=f"{PAGE}.preset.")
    with top[2]:
        count = int_input(
            t,
            t("highdim.count"),
            key=COUNT_KEY,
            low=COUNT_BOUNDS[0],
            high=COUNT_BOUNDS[1],
            default=DEFAULT_COUNT,
            help=t("highdim.count.help", limit=hd.MAX_ELEMENTS),
        )
    row = columns([3, 2, 2, 2], vertical_alignment="bottom")
    with row[0]:
        label = st.segmented_control(
            t("highdim.dist"), list(DIST_LABELS.values()), key=DIST_KEY, required=True, help=t("highdim.dist.help")
        )
    distribution = next((d for d, lab in DIST_LABELS.items() if lab == label), "gaussian")
    with row[1]:
        shift = keyed_slider(
            st, t("highdim.shift"), *SHIFT_BOUNDS, step=0.1, key=SHIFT_KEY, disabled=distribution != "shifted"
        )
    scale_place = row[2].container()
    with row[3]:
        seed = int_input(
            t, t("highdim.seed"), key=SEED_KEY, low=0, high=SEED_MAX, default=0, help=t("highdim.seed.help")
        )
    row = columns([3, 4], vertical_alignment="bottom")
    with row[0]:
        labels = [m.label for m in METHODS.values()]
        chosen = st.pills(t("show.header"), labels, selection_mode="multi", key=SHOW_KEY)
    methods = tuple(k for k, m in METHODS.items() if m.label in (chosen or ()))
    with row[1]:
        eps = eps_control(t, key=EPS_KEY, help=t("highdim.eps.help"))
    shift = float(shift) if distribution == "shifted" else 0.0
    return scale_place, Chosen(n, int(count), distribution, shift, int(seed), eps, methods)


def with_scale(t, place, chosen: Chosen) -> Settings:
    """σ's slider in ``place`` (``controls``), and the Settings of the whole page."""
    with place:
        scale = keyed_slider(
            st, t("highdim.scale"), *SCALE_BOUNDS, step=0.1, key=SCALE_KEY, help=t("highdim.scale.help")
        )
    spec = hd.CloudSpec(
        chosen.n,
        hd.capped_count(chosen.n, chosen.count),
        chosen.distribution,
        chosen.shift,
        float(scale),
        chosen.seed,
    )
    return Settings(spec, chosen.count, chosen.eps, chosen.methods)


# --- cached computations (numpy results only) --------------------------------------------------------


@cached(4)
def standard_cloud(n: int, count: int, family: str, seed: int) -> tuple[np.ndarray, float]:
    """The standard draws of a cloud (up to 4 MB; few kept) and the ms they took.

    A shared array, made read-only (``normviz.ui.kit.cache``: every session gets the same object);
    ``hd.sample`` only reads it.
    """
    start = time.perf_counter()
    z = hd.standard_cloud(n, count, family, seed)
    z.flags.writeable = False
    return z, (time.perf_counter() - start) * 1e3


@cached(96)
def cloud_stats(spec: hd.CloudSpec, backend: _xp.Backend, eps: float | None, key: str) -> hd.CloudStats:
    """One cloud's statistics, with its norms and pair cosines tested against their exact laws (``hd.laws``)."""
    z, _ = standard_cloud(spec.n, spec.count, spec.family, spec.seed)
    return hd.cloud_stats(hd.sample(spec, z), key, backend=backend, eps=eps, **hd.laws(spec, key))


def summary(spec: hd.CloudSpec, backend: _xp.Backend, eps: float | None, methods: tuple[str, ...]) -> hd.CloudSummary:
    """The input cloud (whatever ε) and each method's, from the caches."""
    stats = {"input": cloud_stats(spec, backend, None, "input")}
    stats.update({k: cloud_stats(spec, backend, eps, k) for k in KEYS if k in methods})
    sample_ms = standard_cloud(spec.n, spec.count, spec.family, spec.seed)[1]
    return hd.CloudSummary(spec, backend.label, eps, stats, sample_ms)


def n4_spec(spec: hd.CloudSpec) -> hd.CloudSpec:
    """The n = 4 cloud drawn in the hyperplane view: same distribution and seed, at most N4_POINTS vectors."""
    return hd.CloudSpec(4, min(spec.count, N4_POINTS), spec.distribution, spec.shift, spec.scale, spec.seed)


@cached(32)
def n4_figure(
    spec4: hd.CloudSpec, backend: _xp.Backend, eps: float | None, methods: tuple[str, ...], t, projector: bool
) -> tuple[hd.HyperplaneView, dict]:
    """The n = 4 view of ``spec4`` (see ``n4_spec``) and its figure."""
    view = hd.hyperplane_view(spec4, backend, eps=eps, methods=methods, points=N4_POINTS)
    return view, typed(figs.hyperplane_figure(view, t, projector=projector))


@cached(2)
def norm_draws(family: str) -> hd.NormDraws:
    """The concentration figure's draws: one fixed sample per family (t₃: about 0.1 s, once per process)."""
    return hd.norm_draws(family, CONCENTRATION_SEED)


@cached(32)
def concentration_figure(
    distribution: str, shift: float, scale: float, n: int, t, projector: bool
) -> tuple[hd.Concentration, dict]:
    draws = norm_draws("t" if distribution == "heavy" else "normal")
    conc = hd.concentration(distribution, shift=shift, scale=scale, seed=CONCENTRATION_SEED, draws=draws)
    return conc, typed(figs.concentration_figure(conc, t, n=n, projector=projector))


@dataclass(frozen=True)
class PageData:
    """Everything the page draws for one setting: the numbers and the figures (plotly JSON)."""

    summary: hd.CloudSummary
    view: hd.HyperplaneView
    concentration: hd.Concentration
    charts: dict[str, dict]


@cached(32)
def page_data(
    spec: hd.CloudSpec, backend: _xp.Backend, eps: float | None, methods: tuple[str, ...], t, projector: bool
) -> PageData:
    """One cache entry per setting; on a miss, the parts come from their own caches (see the module doc)."""
    data, kw = summary(spec, backend, eps, methods), dict(projector=projector)
    view, n4 = n4_figure(n4_spec(spec), backend, eps, methods, t, projector)
    conc, conc_chart = concentration_figure(spec.distribution, spec.offset, spec.scale, spec.n, t, projector)
    charts = {
        "n4": n4,
        "distributions": typed(figs.distributions_figure(data, t, **kw)),
        "concentration": conc_chart,
        "cosines": typed(figs.cosines_figure(data, t, **kw)),
        "singular_values": typed(figs.singular_values_figure(data, t, **kw)),
        "pca": typed(figs.pca_figure(data, t, **kw)),
    }
    return PageData(data, view, conc, charts)


# --- readouts --------------------------------------------------------------------------------------------


def _ms(value: float) -> str:
    return f"{value:.1f}" if value < 100 else f"{value:.0f}"


def capped_message(t, settings: Settings) -> str:
    spec = settings.spec
    return t(
        "highdim.capped",
        asked=spec.n * settings.requested_count,
        used=spec.count,
        elements=spec.elements,
        limit=hd.MAX_ELEMENTS,
    )


def pca_points(spec: hd.CloudSpec) -> int:
    return min(spec.spectrum_rows, hd.PLOT_POINTS)


def times_caption(t, summary: hd.CloudSummary) -> str:
    times = summary.times_ms
    methods = t("list.separator").join(f"{t(f'method.{k}')} {_ms(times[k])} ms" for k in KEYS if k in times)
    return t(
        "highdim.times",
        backend=summary.backend,
        sample=_ms(times["sample"]),
        transfer=_ms(times["transfer"]),
        methods=methods or "—",
        statistics=_ms(times["statistics"]),
    )


def basis_table(t, view: hd.HyperplaneView) -> str:
    rows = [[f"e{'₁₂₃'[i]}", decimals_vector(view.basis[i], 4)] for i in range(view.basis.shape[0])]
    return markdown_table([t("highdim.n4.basis"), t("highdim.n4.in_r4")], rows)


def eps_phrase(t, eps: float | None) -> str:
    return t("highdim.eps.default") if eps is None else eps_text(eps)


def n4_notes(t, view: hd.HyperplaneView, eps: float | None) -> list[str]:
    notes = []
    if "ln" in view.lost:
        notes.append(
            t(
                "highdim.n4.exact",
                radius=scientific(view.radius_error),
                lost=scientific(view.lost["ln"]),
                eps=eps_phrase(t, eps),
            )
        )
    if "rms" in view.lost or "l2" in view.lost:
        notes.append(
            t(
                "highdim.n4.projection",
                rms=decimals(view.lost.get("rms", float("nan")), 3),
                l2=decimals(view.lost.get("l2", float("nan")), 3),
            )
        )
    return notes


def summary_table(t, summary: hd.CloudSummary) -> str:
    header = [
        t("highdim.table.cloud"),
        t("highdim.table.norm"),
        t("highdim.table.norm_spread"),
        t("highdim.table.mean"),
        t("highdim.table.mean_spread"),
        t("highdim.table.along"),
    ]
    rows = []
    for cloud in summary.clouds:
        norm, mean = summary.norms[cloud], summary.means[cloud]
        rows.append(
            [
                t(f"method.{cloud}"),
                decimals(norm.mean),
                scientific(norm.spread),
                scientific(mean.mean),
                scientific(mean.spread),
                scientific(summary.along_ones[cloud]),
            ]
        )
    return markdown_table(header, rows, "lrrrrr")


def singular_values_caption(t, summary: hd.CloudSummary) -> str:
    spec = summary.spec
    rows = spec.spectrum_rows
    if rows >= spec.n:
        floor = hd.rounding_floor(summary.singular_values.get("ln", summary.singular_values["input"]))
        return t("highdim.sv.caption.full", floor=scientific(floor))
    key = "highdim.sv.caption.few" if rows == spec.count else "highdim.sv.caption.subset"
    return t(
        key, count=rows, n=spec.n, limit=hd.SPECTRUM_MAX, along=scientific(summary.along_ones.get("ln", float("nan")))
    )


def concentration_caption(t, conc: hd.Concentration, distribution: str) -> str:
    """The caption under the concentration figure, with the same numbers as its traces."""
    text = t(
        f"highdim.conc.caption.{distribution}",
        count=conc.count,
        rms=significant(conc.target),
        c=significant(conc.theory) if conc.theory is not None else "",
    )
    return t.sentences([text, t("highdim.conc.caption.iid")])


# --- the exact laws (chi, Beta) and the goodness-of-fit tests -----------------------------------------


def _value(kind: str, value: float) -> str:
    """A norm with four significant digits (11.29); a cosine with four decimals (0.0036, never 3.6e-05)."""
    return significant(value) if kind == "chi" else decimals(value, 4)


def _p(p: float) -> str:
    """A p-value: three decimals (0.712), or scientific below 0.001 (3.1e−05)."""
    return decimals(p, 3) if p >= 1e-3 else scientific(p, 1)


def _tested(t, fit: hd.Fit, what: str) -> str:
    """ "the 1000 norms", or "the first 20,000 of the 200,000 cosines" where the test takes a part."""
    if fit.tested < fit.count:
        return t("highdim.fit.first", tested=fit.tested, count=fit.count, what=t(f"highdim.fit.what.{what}"))
    return t("highdim.fit.all", count=fit.count, what=t(f"highdim.fit.what.{what}"))


def verdict(t, fit: hd.Fit, what: str, law: str) -> str:
    """The Kolmogorov–Smirnov test's result in words, at the page's α; the wording follows the p-value."""
    values = dict(
        sample=_tested(t, fit, what),
        law=law,
        d=decimals(fit.statistic, 4),
        p=_p(fit.pvalue),
        alpha=decimals(hd.ALPHA, 2),
        level=percent(hd.ALPHA, digits=3),
    )
    key = "highdim.fit.rejected" if fit.rejected() else "highdim.fit.kept"
    return t(key, **values)


def law_name(t, law: hd.Law) -> str:
    """σ·χ(128) (σ = 1), or Beta(63.5, 63.5) for (1 + c)/2 with d = 128."""
    if law.kind == "chi":
        return t("highdim.law.name.chi", n=law.dim, sigma=significant(law.scale))
    return t("highdim.law.name.cosine", a=significant(law.shape), d=law.dim)


def norm_law_text(t, summary: hd.CloudSummary) -> str:
    """What the exact law of the input norms says (chi), in numbers, and the test of the page's sample;
    for the other distributions, why no curve is drawn."""
    spec, fit = summary.spec, summary.norm_fit["input"]
    if fit is None:
        if spec.distribution == "heavy":
            return t("highdim.law.norm.heavy")
        lam = spec.n * spec.offset**2 / spec.scale**2
        return t("highdim.law.norm.shifted", m=significant(spec.offset), lam=significant(lam))
    n, sigma = fit.law.dim, fit.law.scale
    law = law_name(t, fit.law)
    text = t(
        "highdim.law.norm.chi",
        n=n,
        sigma=significant(sigma),
        mean=significant(fit.mean),
        approx=significant(sigma * math.sqrt(n - 0.5)),
        sd=significant(fit.std),
        limit=significant(sigma / math.sqrt(2.0)),
        relative=percent(fit.std / fit.mean, digits=3),
        count=fit.count,
        sample_mean=significant(fit.sample_mean),
        sample_sd=significant(fit.sample_std),
    )
    return t.sentences([text, verdict(t, fit, "norms", law)])


def cosine_text(t, summary: hd.CloudSummary) -> str:
    """The cosine law of uniform directions in R^n in numbers (mean 0, sd 1/√n, the central 99 %), and which
    clouds it applies to for this distribution (``hd.cosine_dim``), and why not for the others."""
    spec = summary.spec
    law = hd.Law("cosine", spec.n)
    pairs = spec.count // 2
    q = law.central(CENTRAL)[1]
    parts = [
        t(
            "highdim.law.cos.text",
            pairs=pairs,
            n=spec.n,
            a=significant(law.shape),
            sd=significant(law.dist.std()),
            q=decimals(q, 4),
            central=percent(CENTRAL, digits=3),
        )
    ]
    if q < ORTHOGONAL:
        parts.append(t("highdim.law.cos.orthogonal", n=spec.n))
    if spec.offset == 0.0 and spec.family == "normal":
        parts.append(t("highdim.law.cos.gaussian", n=spec.n))
        if "ln" in summary.stats and spec.n >= 3:
            parts.append(t("highdim.law.cos.ln", d=spec.n - 1))
    elif spec.distribution == "shifted":
        mean = summary.cosines["input"].mean
        parts.append(t("highdim.law.cos.shifted", m=significant(spec.offset), mean=decimals(mean, 3)))
        if "ln" in summary.stats and spec.n >= 3:
            parts.append(t("highdim.law.cos.shifted_ln", d=spec.n - 1))
    else:
        parts.append(t("highdim.law.cos.heavy"))
    if spec.n == 2 and "ln" in summary.stats:
        parts.append(t("highdim.law.cos.n2"))
    parts.append(t("highdim.law.cos.table"))
    return t.sentences(parts)


def fit_rows(summary: hd.CloudSummary) -> list[tuple[str, str, hd.Fit | None]]:
    """(what, cloud, fit) for the input's norms and every cloud's cosines, in the page's order."""
    rows = [("norms", "input", summary.norm_fit["input"])]
    rows += [("cosines", c, summary.cosine_fit[c]) for c in summary.clouds]
    return rows


def fit_table(t, summary: hd.CloudSummary) -> str:
    """Every sample of the page against its exact law: the law's mean and sd, the sample's, and the
    Kolmogorov–Smirnov test (D, p, verdict at α); a dash where no law applies."""
    header = [
        t("highdim.fit.col.sample"),
        t("highdim.fit.col.law"),
        t("highdim.fit.col.law_stats"),
        t("highdim.fit.col.sample_stats"),
        t("highdim.fit.col.d"),
        t("highdim.fit.col.p"),
        t("highdim.fit.col.verdict", level=percent(hd.ALPHA, digits=3)),
    ]
    body = []
    for what, cloud, fit in fit_rows(summary):
        label = t(f"highdim.fit.row.{what}", cloud=t(f"method.{cloud}"))
        if fit is None:
            hist = summary.norms[cloud] if what == "norms" else summary.cosines[cloud]
            kind = "chi" if what == "norms" else "cosine"
            sample = f"{_value(kind, hist.mean)}, {_value(kind, hist.std)}"
            body.append([label, t("highdim.fit.none"), "—", sample, "—", "—", "—"])
            continue
        kind = fit.law.kind
        body.append(
            [
                label,
                law_name(t, fit.law),
                f"{_value(kind, fit.mean)}, {_value(kind, fit.std)}",
                f"{_value(kind, fit.sample_mean)}, {_value(kind, fit.sample_std)}",
                decimals(fit.statistic, 4),
                _p(fit.pvalue),
                t("highdim.fit.no" if fit.rejected() else "highdim.fit.yes"),
            ]
        )
    return markdown_table(header, body, "llllrrl")


def fit_caption(t) -> str:
    return t("highdim.fit.caption", level=percent(hd.ALPHA, digits=3), alpha=decimals(hd.ALPHA, 2), limit=hd.FIT_MAX)
