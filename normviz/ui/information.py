"""Widgets, cached computations and tables of the information page.

Every widget key is namespaced ``information.<name>`` (pages share one session
state) and names its URL parameter (``PARAMS``, through ``links``). Figures are cached as packed plotly JSON
dicts, keyed by the widgets' values, so a rerun that changes nothing rebuilds
nothing, and a moved control rebuilds only its own figure.
"""

from __future__ import annotations

import math

import numpy as np
import streamlit as st

from normviz import _xp, information
from normviz.figures import information as figs
from normviz.figures.typed import typed_arrays as packed
from normviz.format import legible, legible_vector, shortest_vector
from normviz.methods import METHODS
from normviz.ui.kit import links
from normviz.ui.kit.cache import cached
from normviz.ui.kit.controls import keyed_slider
from normviz.ui.kit.numbers import int_input
from normviz.ui.kit.tables import markdown_table
from normviz.ui.kit.vector_field import vector_field, vector_param

PAGE = "information"
DIMS = ("2D", "3D")
CLOUD_COUNT = {2: 240, 3: 300}
SPREAD_BOUNDS = (0.0, 5.0)
MAX_N = 256


def key(name: str) -> str:
    """The page's widget key (and URL parameter) for ``name``: ``information.<name>``."""
    return f"{PAGE}.{name}"


# (key of a, default a, key of b, default b) for each editable pair: the seeds' two pairs
PAIRS = tuple((key(f"p{k}a"), a, key(f"p{k}b"), b) for k, (a, b) in enumerate(information.SEED_PAIRS, start=1))
PARAMS = (
    *(vector_param(k, v) for ka, da, kb, db in PAIRS for k, v in ((ka, da), (kb, db))),
    links.choice(key("dim"), key("dim"), DIMS, "2D"),
    links.integer(key("cseed"), key("cseed"), 0, 9999, 0),
    links.integer(key("bn"), key("bn"), 2, 64, 8),
    links.integer(key("bsize"), key("bsize"), 2, 8, 6),
    links.number(key("spread"), key("spread"), *SPREAD_BOUNDS, 2.0),
    links.integer(key("bseed"), key("bseed"), 0, 9999, 0),
)


def check_link(t) -> None:
    """Read the page's link values before its widgets (one warning for the bad ones)."""
    links.load(t, PARAMS)


# ---------------------------------------------------------------------------
# Numbers as text: never 0.000 for 1e-300


def num_or_undefined(t, value: float, digits: int = 4) -> str:
    """``num``, or the page's word for "undefined" where the value is NaN (0/0)."""
    return t("info.undefined") if math.isnan(value) else legible(value, digits)


# ---------------------------------------------------------------------------
# Pairs


@cached(4)
def seed_comparisons(backend: _xp.Backend) -> list[information.PairComparison]:
    return [information.compare_pair(a, b, eps=0.0, backend=backend) for a, b in information.SEED_PAIRS]


def pairs_text(t, backend: _xp.Backend) -> str:
    """The pairs' introduction, with every point it names computed by the library (ε = 0)."""
    (a1, b1), (a2, b2) = information.SEED_PAIRS
    same, apart = seed_comparisons(backend)
    return t(
        "info.pairs.text",
        a1=shortest_vector(a1),
        b1=shortest_vector(b1),
        a2=shortest_vector(a2),
        b2=shortest_vector(b2),
        **{m: legible_vector(same.outputs[m][0]) for m in METHODS},
        **{f"{m}_a": legible_vector(apart.outputs[m][0]) for m in METHODS},
        **{f"{m}_b": legible_vector(apart.outputs[m][1]) for m in METHODS},
    )


def pair_inputs(t) -> list[tuple[tuple[float, ...], tuple[float, ...]] | None]:
    """Two editable pairs (a, b), side by side; None for a pair whose lengths differ."""
    pairs = []
    for col, (ka, da, kb, db) in zip(st.columns(len(PAIRS), gap="large"), PAIRS):
        with col:
            k = len(pairs) + 1
            a = vector_field(t, key=ka, label=t("info.pair.a", k=k), default=da, min_n=2, max_n=MAX_N)
            b = vector_field(t, key=kb, label=t("info.pair.b", k=k), default=db, min_n=2, max_n=MAX_N)
            if len(a) != len(b):
                st.warning(t("info.pair.mismatch", na=len(a), nb=len(b)), icon="⚠️")
                pairs.append(None)
            else:
                pairs.append((a, b))
    return pairs


@cached(128)
def pairs_view(
    pairs: tuple, t, projector: bool, backend: _xp.Backend
) -> tuple[list[information.PairComparison | None], dict | None]:
    """Each pair's comparison (None for a pair left out), and the packed figure of the two-dimensional ones
    (None if there are none)."""
    comparisons = [information.compare_pair(*pair, eps=0.0, backend=backend) if pair else None for pair in pairs]
    drawn = [(k, cmp) for k, cmp in enumerate(comparisons, start=1) if cmp is not None and cmp.a.size == 2]
    figure = (
        packed(figs.pairs_figure([cmp for _, cmp in drawn], t, projector=projector, numbers=[k for k, _ in drawn]))
        if drawn
        else None
    )
    return comparisons, figure


def pair_table(t, k: int, cmp: information.PairComparison) -> None:
    """Each method's two outputs, their distance, and whether they merged; then the angles."""
    st.subheader(t("info.pair.header", k=k, a=shortest_vector(cmp.a), b=shortest_vector(cmp.b)))
    header = [t("info.col.method"), "f(a)", "f(b)", t("info.col.distance"), t("info.col.verdict")]
    rows = [
        [
            t("method.input"),
            legible_vector(cmp.a),
            legible_vector(cmp.b),
            legible(cmp.input_distance, 4),
            t("info.verdict.input"),
        ]
    ]
    for m in METHODS:
        ya, yb = cmp.outputs[m]
        rows.append(
            [
                t(f"method.{m}"),
                legible_vector(ya),
                legible_vector(yb),
                num_or_undefined(t, cmp.distances[m]),
                t(f"info.verdict.{cmp.verdict(m)}"),
            ]
        )
    st.markdown(markdown_table(header, rows, "lllrl"))
    st.caption(
        t(
            "info.pair.angles",
            cos=num_or_undefined(t, cmp.cos_in),
            corr=num_or_undefined(t, cmp.corr_in),
            **{m: num_or_undefined(t, cmp.cos_out[m]) for m in METHODS},
        )
    )


# ---------------------------------------------------------------------------
# The cloud


def cloud_controls(t) -> tuple[int, int]:
    left, right = st.columns([2, 1])
    dim = left.segmented_control(t("info.cloud.dim"), DIMS, key=key("dim"), required=True)
    seed = int_input(t, t("info.cloud.seed"), key=key("cseed"), low=0, high=9999, default=0, container=right)
    return (3 if dim == "3D" else 2), seed


@cached(32)
def cloud_view(
    dim: int, seed: int, t, projector: bool, backend: _xp.Backend
) -> tuple[dict, dict[str, tuple[float, float, float]]]:
    """The packed cloud figure and its facts (``cloud_facts``)."""
    data = information.direction_cloud(dim, CLOUD_COUNT[dim], seed, eps=0.0, backend=backend)
    return packed(figs.cloud_figure(data, t, projector=projector)), cloud_facts(data)


def cloud_facts(data: information.Cloud) -> dict[str, tuple[float, float, float]]:
    """(shortest, longest, largest change of the colour angle) of the inputs and of each method's outputs."""
    facts = {"input": (*_extremes(information.norm(data.inputs, axis=1)), math.nan)}
    for m in METHODS:
        out = data.outputs[m]
        moved = information.angle_moved(data.hue, information.direction_angle(out))
        facts[m] = (*_extremes(information.norm(out, axis=1)), float(np.max(moved)))
    return facts


def _extremes(v: np.ndarray) -> tuple[float, float]:
    return float(np.min(v)), float(np.max(v))


def cloud_table(t, dim: int, facts: dict[str, tuple[float, float, float]]) -> None:
    rows = [
        [t(f"method.{m}"), f"{lo:.4f} … {hi:.4f}", "—" if math.isnan(moved) else f"{moved:.2e}"]
        for m, (lo, hi, moved) in facts.items()
    ]
    st.markdown(
        markdown_table([t("info.col.method"), t("info.col.lengths"), t(f"info.col.angle_moved{dim}")], rows, "lrr")
    )


# ---------------------------------------------------------------------------
# Cosine similarity and correlation


def batch_controls(t) -> tuple[int, int, float, int]:
    c1, c2, c3, c4 = st.columns(4)
    n = int_input(t, t("info.batch.n"), key=key("bn"), low=2, high=64, default=8, container=c1)
    size = int_input(t, t("info.batch.size"), key=key("bsize"), low=2, high=8, default=6, container=c2)
    spread = keyed_slider(
        c3, t("info.batch.spread"), *SPREAD_BOUNDS, step=0.1, key=key("spread"), help=t("info.batch.spread.help")
    )
    seed = int_input(t, t("info.batch.seed"), key=key("bseed"), low=0, high=9999, default=0, container=c4)
    return n, size, float(spread), seed


@cached(64)
def similarity_view(
    n: int, size: int, spread: float, seed: int, t, projector: bool, backend: _xp.Backend
) -> tuple[dict, list[tuple[dict[str, float], float]]]:
    """The packed heat maps (ε = 0), and (errors, ln_cos_change) of the batch at ε = 0 and at the default ε."""
    rows = information.similarity_batch(n, size, spread, seed)
    at = [information.similarity(rows, eps=eps, backend=backend) for eps in (0.0, None)]
    return (
        packed(figs.similarity_figure(at[0], t, projector=projector)),
        [(sim.errors, sim.ln_cos_change) for sim in at],
    )


def identity_table(t, deviations: list[tuple[dict[str, float], float]]) -> None:
    """max |difference| of each identity at ε = 0 and at each method's default ε (``similarity_view``)."""
    (zero, zero_ln), (default, default_ln) = deviations
    rows = [[t(f"info.id.{m}"), f"{zero[m]:.1e}", f"{default[m]:.1e}"] for m in METHODS]
    rows.append([t("info.id.ln_cos"), f"{zero_ln:.3f}", f"{default_ln:.3f}"])
    st.markdown(markdown_table([t("info.col.identity"), t("info.col.eps0"), t("info.col.eps_default")], rows, "lrr"))
