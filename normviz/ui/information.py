"""Widgets, cached computations and tables of the information page."""

from __future__ import annotations

import numpy as np
import streamlit as st

from normviz import _xp, analysis
from normviz.figures import information as figs
from normviz.norms import METHODS
from normviz.ui.int_input import int_input
from normviz.ui.urlcheck import warn_invalid_params
from normviz.ui.vector_text import vector_text
from normviz.ui.views import fmt, markdown_table

PAIRS = (("p1a", (3.0, 4.0), "p1b", (6.0, 8.0)), ("p2a", (3.0, 4.0), "p2b", (4.0, 3.0)))
DIMS = ("2D", "3D")
CLOUD_COUNT = {2: 240, 3: 300}
SPECS = {"dim": DIMS, "spread": (0.0, 5.0)}
MAX_N = 256


def pair_inputs(t) -> list[tuple[tuple[float, ...], tuple[float, ...]] | None]:
    """Two editable pairs (a, b), side by side; None for a pair whose lengths differ."""
    warn_invalid_params(t, SPECS)
    pairs = []
    for col, (ka, da, kb, db) in zip(st.columns(len(PAIRS), gap="large"), PAIRS):
        with col:
            k = len(pairs) + 1
            a = vector_text(t, key=ka, label=t("info.pair.a", k=k), default=da, min_n=2, max_n=MAX_N)
            b = vector_text(t, key=kb, label=t("info.pair.b", k=k), default=db, min_n=2, max_n=MAX_N)
            if len(a) != len(b):
                st.warning(t("info.pair.mismatch", na=len(a), nb=len(b)), icon="⚠️")
                pairs.append(None)
            else:
                pairs.append((a, b))
    return pairs


@st.cache_data(max_entries=256, show_spinner=False)
def compare(a: tuple[float, ...], b: tuple[float, ...], backend: _xp.Backend) -> analysis.PairComparison:
    return analysis.compare_pair(a, b, eps=0.0, backend=backend)


@st.cache_data(max_entries=64, show_spinner=False)
def pairs_figure(numbered, lang: str, projector: bool):
    """The two-dimensional pairs among ``numbered`` = ((k, comparison or None), ...)."""
    drawn = [(k, c) for k, c in numbered if c is not None and c.a.size == 2]
    return figs.pairs_figure([c for _, c in drawn], lang=lang, projector=projector,
                             numbers=[k for k, _ in drawn]).to_dict()


def drawable(comparisons) -> bool:
    """True if at least one pair is two-dimensional (the figure draws only those)."""
    return any(c is not None and c.a.size == 2 for c in comparisons)


def short_vector(v, digits: int = 3) -> str:
    """(a, b, c) for short vectors, (a, b, …, z) with n for long ones."""
    v = np.asarray(v, dtype=np.float64)
    parts = [fmt(float(c), digits) for c in v]
    if len(parts) > 6:
        parts = parts[:3] + ["…"] + parts[-2:]
    return "(" + ", ".join(parts) + ")"


def pair_table(t, k: int, cmp: analysis.PairComparison) -> None:
    """Each method's two outputs, their distance, and whether they merged; then the angles."""
    st.subheader(t("info.pair.header", k=k, a=short_vector(cmp.a, 0 if _whole(cmp.a) else 3),
                   b=short_vector(cmp.b, 0 if _whole(cmp.b) else 3)))
    header = [t("info.col.method"), "f(a)", "f(b)", t("info.col.distance"), t("info.col.verdict")]
    rows = [[t("method.input"), short_vector(cmp.a), short_vector(cmp.b), fmt(cmp.input_distance),
             t("info.verdict.input")]]
    for m in METHODS:
        ya, yb = cmp.outputs[m]
        verdict = t("info.verdict.merged") if cmp.merged(m) else t("info.verdict.apart")
        rows.append([t(f"method.{m}"), short_vector(ya), short_vector(yb), fmt(cmp.distances[m]), verdict])
    st.markdown(markdown_table(header, rows, "lllrl"))
    st.caption(t("info.pair.angles", cos=fmt(cmp.cos_in), corr=fmt(cmp.corr_in), l2=fmt(cmp.cos_out["l2"]),
                 rms=fmt(cmp.cos_out["rms"]), ln=fmt(cmp.cos_out["ln"])))


def _whole(v) -> bool:
    return bool(np.all(np.asarray(v) == np.round(v)))


def cloud_controls(t) -> tuple[int, int]:
    left, right = st.columns([2, 1])
    dim = left.segmented_control(t("info.cloud.dim"), DIMS, default="2D", key="dim", bind="query-params",
                                 required=True)
    seed = int_input(t, t("info.cloud.seed"), key="cseed", low=0, high=9999, default=0, container=right)
    return (3 if dim == "3D" else 2), seed


@st.cache_data(max_entries=32, show_spinner=False)
def cloud(dim: int, seed: int, backend: _xp.Backend) -> analysis.Cloud:
    return analysis.direction_cloud(dim, CLOUD_COUNT[dim], seed, eps=0.0, backend=backend)


@st.cache_data(max_entries=32, show_spinner=False)
def cloud_figure(data: analysis.Cloud, lang: str, projector: bool):
    return figs.cloud_figure(data, lang=lang, projector=projector).to_dict()


def cloud_facts(t, data: analysis.Cloud) -> None:
    """How far each output's colour angle moved, and the spread of the output lengths."""
    rows = []
    for m in METHODS:
        out = data.outputs[m]
        lengths = np.linalg.norm(out, axis=1)
        moved = np.abs(np.angle(np.exp(1j * (analysis.direction_angle(out) - data.hue))))
        rows.append([t(f"method.{m}"), f"{np.min(lengths):.4f} … {np.max(lengths):.4f}", f"{np.max(moved):.2e}"])
    lengths = np.linalg.norm(data.inputs, axis=1)
    rows.insert(0, [t("method.input"), f"{np.min(lengths):.4f} … {np.max(lengths):.4f}", "—"])
    st.markdown(markdown_table([t("info.col.method"), t("info.col.lengths"), t(f"info.col.angle_moved{data.dim}")],
                               rows, "lrr"))


def batch_controls(t) -> tuple[int, int, float, int]:
    c1, c2, c3, c4 = st.columns(4)
    n = int_input(t, t("info.batch.n"), key="bn", low=2, high=64, default=8, container=c1)
    size = int_input(t, t("info.batch.size"), key="bsize", low=2, high=8, default=6, container=c2)
    spread = c3.slider(t("info.batch.spread"), 0.0, 5.0, 2.0, 0.1, key="spread", bind="query-params",
                       help=t("info.batch.spread.help"))
    seed = int_input(t, t("info.batch.seed"), key="bseed", low=0, high=9999, default=0, container=c4)
    return n, size, float(spread), seed


@st.cache_data(max_entries=64, show_spinner=False)
def similarity(n: int, size: int, spread: float, seed: int, backend: _xp.Backend,
               eps: float | None = 0.0) -> analysis.Similarity:
    return analysis.similarity(analysis.similarity_batch(n, size, spread, seed), eps=eps, backend=backend)


@st.cache_data(max_entries=64, show_spinner=False)
def similarity_figure(sim: analysis.Similarity, lang: str, projector: bool):
    return figs.similarity_figure(sim, lang=lang, projector=projector).to_dict()


def identity_table(t, at_zero: analysis.Similarity, at_default: analysis.Similarity) -> None:
    """max |difference| of each identity at ε = 0 and at each method's default ε."""
    rows = []
    for m, key in (("l2", "info.id.l2"), ("rms", "info.id.rms"), ("ln", "info.id.ln")):
        rows.append([t(key), f"{at_zero.errors[m]:.1e}", f"{at_default.errors[m]:.1e}"])
    rows.append([t("info.id.ln_cos"), f"{at_zero.ln_cos_change:.3f}", f"{at_default.ln_cos_change:.3f}"])
    st.markdown(markdown_table([t("info.col.identity"), t("info.col.eps0"), t("info.col.eps_default")], rows, "lrr"))
