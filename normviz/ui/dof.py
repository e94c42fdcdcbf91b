"""Widgets, cached computations and tables of the degrees-of-freedom page.

Every key that holds state is this page's own (``dof.n``, ``dof.seed``,
``dof.svd``): pages share one session state, and the keys name the URL
parameters too (``PARAMS``, through ``links``).
"""

from __future__ import annotations

import streamlit as st

from normviz import _xp
from normviz import dof as topic
from normviz.figures import dof as figs
from normviz.figures.typed import typed_arrays as typed
from normviz.methods import METHODS
from normviz.ui.kit import links
from normviz.ui.kit.cache import cached
from normviz.ui.kit.numbers import int_input, preset_buttons
from normviz.ui.kit.tables import markdown_table

N_KEY, SEED_KEY, SVD_KEY = "dof.n", "dof.seed", "dof.svd"
DEFAULT_N = 896
# Real hidden sizes: BERT-base / GPT-2 small, Qwen2-0.5B, Llama 3.2 1B, Llama 2 7B, DeepSeek-V3.
PRESETS = {2: "n = 2", 3: "n = 3", 768: "768", 896: "896", 2048: "2048", 4096: "4096", 7168: "7168", 16384: "16384"}
MODEL_PRESETS = (768, 896, 2048, 4096, 7168)
SEED_MAX = 9999
FORMULAS = {"input": "n", **{k: "n − " + str(len(m.removes)) for k, m in METHODS.items()}}
PARAMS = (
    links.integer(N_KEY, N_KEY, 2, topic.N_MAX, DEFAULT_N),
    links.integer(SEED_KEY, SEED_KEY, 0, SEED_MAX, 0),
    links.flag(SVD_KEY, SVD_KEY),
)


def settings(t) -> tuple:
    """The page's link values (read first), n's preset buttons and the seed of the random points; returns
    (the place for n's entry, beside the seed; the seed). A preset sets n and reruns the whole section."""
    links.load(t, PARAMS)
    st.caption(t("dof.presets"))
    preset_buttons(N_KEY, PRESETS, prefix="dof.preset.", helps={v: t(f"dof.preset.{v}") for v in MODEL_PRESETS})
    left, right = st.columns([3, 2])
    seed = int_input(
        t, t("dof.seed"), key=SEED_KEY, low=0, high=SEED_MAX, default=0, help=t("dof.seed.help"), container=right
    )
    return left, seed


def n_input(t, place) -> int:
    """n, 2 … 16384, in ``place`` (``settings``)."""
    return int_input(
        t, t("dof.n"), key=N_KEY, low=2, high=topic.N_MAX, default=DEFAULT_N, help=t("dof.n.help"), container=place
    )


# --- cached computations (numpy results only) and figures (plotly JSON with typed arrays) ------------


# Cache keys: a Backend is hashed by its repr (Streamlit would pickle the dataclass, ~1 ms a call).


@cached(128)
def rank_checks(n: int, seed: int, backend: _xp.Backend) -> dict[str, topic.RankCheck]:
    return topic.rank_checks(n, seed=seed, backend=backend)


@cached(128)
def eps_rows(n: int, seed: int, backend: _xp.Backend) -> list[topic.EpsRow]:
    return topic.eps_rows(n, seed=seed, backend=backend)


@cached(32)
def dense_checks(n: int, seed: int, backend: _xp.Backend) -> dict[str, tuple[topic.RankCheck, float]]:
    return topic.dense_checks(n, seed=seed, backend=backend)


@cached(128)
def spectrum_figure(n: int, seed: int, backend: _xp.Backend, t, projector: bool) -> dict:
    return typed(figs.spectrum_figure(rank_checks(n, seed, backend), t, projector=projector))


@cached(128)
def fraction_figure(n: int, t, projector: bool) -> dict:
    return typed(figs.fraction_figure(n, t, projector=projector))


@cached(32)
def plane_figure(seed: int, backend: _xp.Backend, t, projector: bool) -> dict:
    cloud = topic.plane_cloud(seed=seed, backend=backend)
    return typed(figs.plane_figure(cloud, t, projector=projector))


# --- tables ------------------------------------------------------------------------------------------


def _ranks(check: topic.RankCheck, mark: bool = True) -> str:
    ranks = sorted(set(check.ranks))
    text = ", ".join(str(r) for r in ranks)
    return f"{text} {'✓' if check.ok else '✗'}" if mark else text


def dof_table(t, n: int, checks: dict[str, topic.RankCheck]) -> None:
    """Formula next to the computed rank, with what was fixed and the fraction kept; how it was counted."""
    header = [t("dof.col.state"), t("dof.col.fixed"), t("dof.col.formula"), t("dof.col.rank"), t("dof.col.fraction")]
    rows = []
    for r in topic.dof_table(n):
        name = t("dof.row.input") if r.method == "input" else t(f"method.{r.method}")
        fixed = " + ".join(t(f"dof.lost.{k}") for k in r.lost) or t("dof.lost.none")
        computed = t("dof.rank.input") if r.method == "input" else _ranks(checks[r.method])
        rows.append([name, fixed, f"{FORMULAS[r.method]} = {r.dof}", computed, f"{100.0 * r.fraction:.2f} %"])
    st.markdown(markdown_table(header, rows, "lllll"))
    first = next(iter(checks.values()))
    st.caption(
        t(
            f"dof.route.{first.route}",
            n=n,
            points=len(first.ranks),
            dense=topic.DENSE_SVD_MAX,
            tol=figs.tolerance_text(checks),
        )
    )


def dense_svd_toggle(t) -> bool:
    return st.toggle(t("dof.svd.toggle", limit=topic.DENSE_SVD_LIMIT), key=SVD_KEY, help=t("dof.svd.help"))


def dense_table(t, n: int, seed: int, backend: _xp.Backend) -> None:
    """The rank by a full SVD, next to the formula, on request."""
    if n > topic.DENSE_SVD_LIMIT:
        st.caption(t("dof.svd.too_large", n=n, limit=topic.DENSE_SVD_LIMIT))
        return
    with st.spinner(t("dof.svd.running", n=n)):
        results = dense_checks(n, seed, backend)
    rows = [
        [t(f"method.{k}"), f"{check.expected}", _ranks(check), f"{seconds * 1e3:.0f} ms"]
        for k, (check, seconds) in results.items()
    ]
    st.markdown(
        markdown_table(
            [t("dof.col.method"), t("dof.col.formula"), t("dof.col.rank_svd"), t("dof.col.time")], rows, "lrrr"
        )
    )


def eps_table(t, n: int, seed: int, backend: _xp.Backend) -> None:
    """The same count at each method's default ε: the radial direction is squeezed, not removed."""
    rows = [
        [
            t(f"method.{r.check.method}"),
            f"{r.check.eps:g}",
            _ranks(r.check, mark=False),
            f"{r.factor:.2e}" if r.factor else "0",
        ]
        for r in eps_rows(n, seed, backend)
    ]
    st.markdown(markdown_table([t("dof.col.method"), "ε", t("dof.col.rank_eps"), t("dof.col.squeeze")], rows, "lrrr"))
