"""Widgets, cached computations and tables of the degrees-of-freedom page."""

from __future__ import annotations

import time

import streamlit as st

from normviz import _xp, analysis
from normviz.figures import dof as figs
from normviz.geometry import DEFAULT_EPS
from normviz.norms import METHODS
from normviz.ui.int_input import int_input, preset_buttons
from normviz.ui.urlcheck import warn_invalid_params
from normviz.ui.views import markdown_table

DEFAULT_N = 896
# Real hidden sizes: BERT-base / GPT-2 small, Qwen2-0.5B, Llama 3.2 1B, Llama 2 7B, DeepSeek-V3.
PRESETS = {2: "n = 2", 3: "n = 3", 768: "768", 896: "896", 2048: "2048", 4096: "4096", 7168: "7168", 16384: "16384"}
MODEL_PRESETS = (768, 896, 2048, 4096, 7168)
SEED_MAX = 9999


def controls(t) -> tuple[int, int]:
    """n (2 … 16384, with preset buttons) and the seed of the random points; both in the URL."""
    warn_invalid_params(t, {"svd": ("true", "false")})
    st.caption(t("dof.presets"))
    preset_buttons("n", PRESETS, prefix="dof_preset_", helps={v: t(f"dof.preset.{v}") for v in MODEL_PRESETS})
    left, right = st.columns([3, 2])
    n = int_input(t, t("dof.n"), key="n", low=2, high=analysis.N_MAX, default=DEFAULT_N, help=t("dof.n.help"),
                  container=left)
    seed = int_input(t, t("dof.seed"), key="seed", low=0, high=SEED_MAX, default=0, help=t("dof.seed.help"),
                     container=right)
    return n, seed


@st.cache_data(max_entries=128, show_spinner=False)
def rank_checks(n: int, seed: int, backend: _xp.Backend, eps: float = 0.0) -> dict[str, analysis.RankCheck]:
    """analysis.rank_checks on the backend, cached (numpy results)."""
    return analysis.rank_checks(n, seed=seed, backend=backend, eps=eps)


@st.cache_data(max_entries=128, show_spinner=False)
def rank_check(method: str, n: int, seed: int, backend: _xp.Backend, eps: float) -> analysis.RankCheck:
    return analysis.rank_check(method, n, seed=seed, backend=backend, eps=eps)


@st.cache_data(max_entries=8, show_spinner=False)
def two_dim_cloud(seed: int, backend: _xp.Backend) -> analysis.Cloud:
    return analysis.direction_cloud(2, 200, seed, backend=backend, eps=0.0)


@st.cache_data(max_entries=128, show_spinner=False)
def spectrum_figure(checks, lang: str, projector: bool):
    return figs.spectrum_figure(checks, lang=lang, projector=projector).to_dict()


@st.cache_data(max_entries=128, show_spinner=False)
def fraction_figure(n: int, lang: str, projector: bool):
    return figs.fraction_figure(n, lang=lang, projector=projector).to_dict()


@st.cache_data(max_entries=16, show_spinner=False)
def two_dim_figure(cloud, lang: str, projector: bool):
    return figs.two_dim_figure(cloud, lang=lang, projector=projector).to_dict()


def _ranks(check: analysis.RankCheck) -> str:
    ranks = sorted(set(check.ranks))
    text = ", ".join(str(r) for r in ranks) if len(ranks) > 1 else str(ranks[0])
    return f"{text} {'✓' if check.ok else '✗'}"


def dof_table(t, n: int, checks: dict[str, analysis.RankCheck]) -> None:
    """Formula next to the computed rank, with what was fixed and the fraction kept."""
    header = [t("dof.col.state"), t("dof.col.fixed"), t("dof.col.formula"), t("dof.col.rank"), t("dof.col.fraction")]
    rows = []
    for r in analysis.dof_table(n):
        name = t("dof.row.input") if r.method == "input" else t(f"method.{r.method}")
        fixed = " + ".join(t(f"dof.lost.{k}") for k in r.lost) or t("dof.lost.none")
        formula = {"input": "n", "l2": "n − 1", "rms": "n − 1", "ln": "n − 2"}[r.method] + f" = {r.dof}"
        computed = t("dof.rank.input") if r.method == "input" else _ranks(checks[r.method])
        rows.append([name, fixed, formula, computed, f"{100.0 * r.fraction:.2f} %"])
    st.markdown(markdown_table(header, rows, "lllll"))
    route = next(iter(checks.values())).route
    st.caption(t(f"dof.route.{route}", n=n, points=len(next(iter(checks.values())).ranks),
                 dense=analysis.DENSE_SVD_MAX, tol=f"{next(iter(checks.values())).tol:.1e}"))


def dense_svd_toggle(t) -> bool:
    return st.toggle(t("dof.svd.toggle", limit=analysis.DENSE_SVD_LIMIT), key="svd", bind="query-params",
                     help=t("dof.svd.help"))


@st.cache_data(max_entries=32, show_spinner=False)
def dense_checks(n: int, seed: int, backend: _xp.Backend) -> dict[str, tuple[analysis.RankCheck, float]]:
    """A full SVD of each method's n × n Jacobian at the first random point, with its time in seconds."""
    out = {}
    for m in METHODS:
        start = time.perf_counter()
        check = analysis.rank_check(m, n, points=1, seed=seed, backend=backend, route="svd")
        out[m] = (check, time.perf_counter() - start)
    return out


def dense_table(t, n: int, seed: int, backend: _xp.Backend) -> None:
    """The rank by a full SVD, next to the formula, on request (it costs seconds for n near 1000)."""
    if n > analysis.DENSE_SVD_LIMIT:
        st.caption(t("dof.svd.too_large", n=n, limit=analysis.DENSE_SVD_LIMIT))
        return
    with st.spinner(t("dof.svd.running", n=n)):
        results = dense_checks(n, seed, backend)
    rows = [[t(f"method.{m}"), f"{check.expected}", _ranks(check), f"{seconds * 1e3:.0f} ms"]
            for m, (check, seconds) in results.items()]
    st.markdown(markdown_table([t("dof.col.method"), t("dof.col.formula"), t("dof.col.rank_svd"),
                                t("dof.col.time")], rows, "lrrr"))


def eps_table(t, n: int, seed: int, backend: _xp.Backend) -> None:
    """The same count with each method's default ε: the lost radial direction is squeezed, not removed."""
    rows = []
    point = analysis.sample_points(n, 1, seed)[0]
    for m in METHODS:
        eps = DEFAULT_EPS[m]
        check = rank_check(m, n, seed, backend, eps)
        factor = analysis.squeezed_factor(m, point, eps)
        rows.append([t(f"method.{m}"), f"{eps:g}", _ranks_plain(check), f"{factor:.2e}" if factor else "0"])
    st.markdown(markdown_table([t("dof.col.method"), "ε", t("dof.col.rank_eps"), t("dof.col.squeeze")], rows, "lrrr"))


def _ranks_plain(check: analysis.RankCheck) -> str:
    return ", ".join(str(r) for r in sorted(set(check.ranks)))
