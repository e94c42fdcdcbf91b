"""Widgets, cached computations and tables of the axes page.

Every widget key is namespaced ``axes.<name>`` (pages share one session state)
and names its URL parameter (``PARAMS``, through ``links``). The method's option
labels are the same in both languages: they are its texts in the link.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import streamlit as st

from normviz import axes
from normviz.figures import axes as figs
from normviz.figures.typed import typed_arrays as packed
from normviz.format import decimals, legible, legible_vector
from normviz.ui.kit import links
from normviz.ui.kit.cache import cached
from normviz.ui.kit.controls import keyed_slider
from normviz.ui.kit.numbers import int_input
from normviz.ui.kit.tables import markdown_table

PAGE = "axes"
# option label (in the URL, the same in both languages) -> method key
METHOD_OPTIONS = {"LayerNorm": "ln", "RMSNorm": "rms", "BatchNorm": "bn", "z-score": "std"}
DEFAULTS = {"b": 3, "s": 6, "d": 8}
BOUNDS = {"b": (1, axes.B_MAX), "s": (1, axes.S_MAX), "d": (axes.D_MIN, axes.D_MAX)}
SEED_MAX = 9999
SHOWN = 6  # vector components shown in the tables


def key(name: str) -> str:
    """The page's widget key (and URL parameter) for ``name``: ``axes.<name>``."""
    return f"{PAGE}.{name}"


PARAMS = (
    links.choice(key("method"), key("method"), tuple(METHOD_OPTIONS), "LayerNorm"),
    *(links.integer(key(n), key(n), *BOUNDS[n], DEFAULTS[n]) for n in ("b", "s", "d")),
    links.integer(key("seed"), key("seed"), 0, SEED_MAX, 0),
    links.flag(key("pad"), key("pad")),
)


@dataclass(frozen=True)
class Scene:
    method: str  # "ln" | "rms" | "bn" | "std"
    b: int
    s: int
    d: int
    seed: int
    pad: bool


def controls(t, *, on_change=None) -> None:
    """Method, B, S, D, seed and padding, all kept in the URL (read first: one warning for bad link values);
    ``current_scene`` reads them. ``on_change`` is every control's but the seed's (a typed seed out of range
    is explained in its own rerun)."""
    links.load(t, PARAMS)
    st.segmented_control(
        t("axes.method"),
        tuple(METHOD_OPTIONS),
        key=key("method"),
        required=True,
        help=t("axes.method.help"),
        on_change=on_change,
    )
    for col, name in zip(st.columns(3), ("b", "s", "d")):
        low, high = BOUNDS[name]
        keyed_slider(
            col, t(f"axes.{name}"), low, high, step=1, key=key(name), help=t(f"axes.{name}.help"), on_change=on_change
        )
    left, right = st.columns([1, 2])
    int_input(
        t, t("axes.seed"), key=key("seed"), low=0, high=SEED_MAX, default=0, help=t("axes.seed.help"), container=left
    )
    with right:
        st.toggle(t("axes.pad"), key=key("pad"), help=t("axes.pad.help"), on_change=on_change)


def current_scene() -> Scene:
    """The scene as the controls left it in the session state (for a fragment's rerun of its own)."""
    state = st.session_state
    b, s, d = (int(state[key(name)]) for name in ("b", "s", "d"))
    method = METHOD_OPTIONS.get(state[key("method")], "ln")
    return Scene(method, b, s, d, int(state[key("seed")]), bool(state[key("pad")]))


# --- cached computations (numpy only) and figures (packed plotly JSON) ------------------------------


# The tensor is at most 8 × 12 × 16: computing it (~1 ms) costs less than a cache lookup that copies it.
def view(scene: Scene) -> axes.View:
    return axes.view(scene.method, scene.b, scene.s, scene.d, scene.seed, pad=scene.pad)


@cached(256)
def tensor_figure(scene: Scene, t, projector: bool) -> dict:
    return packed(figs.tensor_figure(view(scene), t, projector=projector))


@cached(256)
def sweep(s: int, d: int, seed: int) -> axes.BatchSweep:
    return axes.batch_sweep(s, d, seed)


@cached(256)
def sweep_figure(s: int, d: int, seed: int, b: int, t, projector: bool) -> dict:
    return packed(figs.batch_figure(sweep(s, d, seed), b, t, projector=projector))


def train_eval(b: int, s: int, d: int, seed: int) -> axes.TrainEval:
    return axes.train_eval(b, s, d, seed)  # the running statistics are cached in normviz.axes


def padding_effect(b: int, s: int, d: int, seed: int) -> axes.PaddingEffect:
    return axes.padding_effect(b, s, d, seed)


# --- text and tables ------------------------------------------------------------------------------------


def how_text(t, scene: Scene, v: axes.View) -> str:
    """What the chosen method groups, with the group count and ε of the current tensor."""
    n = int(v.real.sum()) if scene.method == "std" else scene.b * scene.s
    return t(
        f"axes.how.{scene.method}", d=scene.d, groups=scene.b * scene.s, n=n, eps=f"{v.eps:g}".replace("e-0", "e-")
    )


def token_table(t, values: np.ndarray, real: np.ndarray, name: str) -> None:
    """One per-token statistic: a row per sequence, a column per position; padding positions are named."""
    header = [name] + [f"s\u00a0=\u00a0{s + 1}" for s in range(values.shape[1])]  # no-break spaces: one line
    pad = t("axes.stats.pad_cell")
    rows = [
        [f"b\u00a0=\u00a0{b + 1}"] + [decimals(v, 2) if ok else pad for v, ok in zip(values[b], real[b])]
        for b in range(values.shape[0])
    ]
    st.markdown(markdown_table(header, rows, "l" + "r" * values.shape[1]))


def feature_table(t, rows: list[tuple[str, np.ndarray]]) -> None:
    """Per-feature statistics: a row per feature, a column per statistic."""
    d = rows[0][1].size
    header = [t("axes.col.feature")] + [t(label) for label, _ in rows]
    body = [[f"d = {k + 1}"] + [legible(float(v[k]), 3) for _, v in rows] for k in range(d)]
    st.markdown(markdown_table(header, body, "l" + "r" * len(rows)))


def statistics_section(t, scene: Scene, v: axes.View) -> None:
    """Per-token μ, σ and per-feature μ_d, σ_d of the tensor as drawn (padding included)."""
    mu, sigma, _ = axes.token_stats(v.x)
    mu_d, sigma_d = axes.feature_stats(v.x)
    st.caption(t("axes.stats.tokens"))
    token_table(t, mu, v.real, "$\\mu_{b,s}$")
    token_table(t, sigma, v.real, "$\\sigma_{b,s}$")
    st.caption(t("axes.stats.features"))
    feature_table(t, [("axes.row.mu_d", mu_d), ("axes.row.sigma_d", sigma_d)])
    if scene.pad:
        st.caption(t("axes.stats.pad_note"))


def spread_text(value: float) -> str:
    """A difference of outputs of size ~1: exact 0, rounding (a few float64 ulps: "≈ 0 (2e-16)"), or its value."""
    if value == 0:
        return "0"
    return f"≈ 0 ({value:.0e})" if value < 1e-12 else f"{value:.3g}"


def batch_text(t, scene: Scene, sw: axes.BatchSweep) -> str:
    return t(
        "axes.batch.spread",
        d=scene.d,
        ln=spread_text(sw.spread("ln")),
        rms=spread_text(sw.spread("rms")),
        bn=spread_text(sw.spread("bn")),
    )


def collapse_message(t, scene: Scene) -> None:
    if scene.b == 1 and scene.s == 1:
        st.warning(t("axes.collapse.one"), icon="⚠️")
    elif scene.b == 1:
        st.info(t("axes.collapse.b1", s=scene.s), icon="ℹ️")


def eval_text(t, scene: Scene) -> str:
    return t(
        "axes.eval.text", k=axes.TRAIN_BATCHES, tb=axes.TRAIN_B, s=scene.s, share=f"{100 * axes.warmup_share():.0f}"
    )


def running_table(t, scene: Scene, te: axes.TrainEval) -> None:
    """Per feature: the current batch's μ_d and biased σ²_d next to the running mean and variance."""
    mu_d, sigma_d = axes.feature_stats(axes.sample(scene.b, scene.s, scene.d, scene.seed))
    header = [
        t("axes.col.feature"),
        t("axes.col.batch_mu"),
        t("axes.col.batch_var"),
        t("axes.col.running_mean"),
        t("axes.col.running_var"),
    ]
    rows = [
        [
            f"d = {k + 1}",
            legible(mu_d[k]),
            legible(sigma_d[k] ** 2),
            legible(te.running_mean[k]),
            legible(te.running_var[k]),
        ]
        for k in range(scene.d)
    ]
    st.markdown(markdown_table(header, rows, "lrrrr"))
    if scene.pad:
        st.caption(t("axes.eval.no_pad"))


def modes_table(t, scene: Scene, te: axes.TrainEval) -> None:
    """Token (1, 1): its input and its output in training mode (in the batch, alone), eval mode and LayerNorm."""
    rows = [
        (t("axes.mode.input"), te.token),
        (t("axes.mode.train_batch", b=scene.b, s=scene.s), te.train_batch),
        (t("axes.mode.train_alone"), te.train_alone),
        (t("axes.mode.eval"), te.eval_out),
        (t("axes.mode.ln"), te.ln_out),
    ]
    st.markdown(
        markdown_table(
            [t("axes.col.mode"), t("axes.col.values")],
            [[name, legible_vector(v, 3, limit=SHOWN)] for name, v in rows],
            "ll",
        )
    )


def padding_section(t, scene: Scene) -> None:
    if not scene.pad:
        st.caption(t("axes.pad.off"))
        return
    eff = padding_effect(scene.b, scene.s, scene.d, scene.seed)
    st.markdown(t("axes.pad.text", lens=", ".join(str(int(n)) for n in eff.lens), s=scene.s))
    feature_table(
        t,
        [
            ("axes.row.mu_real", eff.mu_real),
            ("axes.row.mu_pad", eff.mu_pad),
            ("axes.row.sigma_real", eff.sigma_real),
            ("axes.row.sigma_pad", eff.sigma_pad),
        ],
    )
    st.markdown(t("axes.pad.change", ln=spread_text(eff.ln_change), bn=spread_text(eff.bn_change)))
    if scene.method == "std":
        st.caption(t("axes.pad.std_note"))
