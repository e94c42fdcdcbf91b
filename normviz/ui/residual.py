"""Widgets, cached computations and tables of the residual (Pre-, Post-, Peri-Norm, nGPT, LNS, no norm) page.

Every widget key is namespaced ``residual.<name>`` and names its URL
parameter (``PARAMS``, through ``links``). The stack runs in torch on the app's backend (its device for
torch, the CPU for numpy); its per-layer numbers are cached as numpy by the
controls' values.
"""

from __future__ import annotations

import time

import streamlit as st

from normviz import _xp, residual
from normviz.figures import residual as figs
from normviz.figures.typed import typed_arrays as packed
from normviz.format import legible, percent, shortest, subscript
from normviz.methods import METHODS
from normviz.ui.kit import links
from normviz.ui.kit.cache import cached
from normviz.ui.kit.controls import keyed_slider
from normviz.ui.kit.numbers import int_input
from normviz.ui.kit.tables import display_equations, markdown_table

PAGE = "residual"
WIDTHS = ("16", "32", "64", "128", "256", "512")
SCALES = ("0.01", "0.1", "1", "10", "100", "1000", "10000", "100000")
GAINS = ("0.05", "0.1", "0.25", "0.5", "1", "2", "4", "8", "16", "32")  # 0.1: residual.SMALL_GAIN
SEED_MAX = 9999
# the hand-written float16 line is RMSNorm's (LLaMA-style code); LayerNorm's behaves alike (tests/test_residual.py)
FLOAT16_NORMS = ("rms",)
SHOWN = (*residual.ARRANGEMENTS, residual.NO_NORM)  # the arrangements the figure can draw (all by default)
CLASSIC_SHOWN = (*residual.CLASSIC, residual.NO_NORM)  # what the lesson's Pre/Post step draws (its story)


def torch_available() -> bool:
    """The stack runs in torch (autograd); without it the page explains instead of drawing."""
    return _xp.torch_installed()


def key(name: str) -> str:
    """The page's widget key (and URL parameter) for ``name``: ``residual.<name>``."""
    return f"{PAGE}.{name}"


PARAMS = (
    links.integer(key("depth"), key("depth"), 1, residual.DEPTH_MAX, 24),
    links.choice(key("width"), key("width"), WIDTHS, "128"),
    links.choice(key("scale"), key("scale"), SCALES, "1"),
    links.choice(key("gain"), key("gain"), GAINS, "1"),
    links.integer(key("seed"), key("seed"), 0, SEED_MAX, 0),
    links.choices(key("shown"), key("shown"), SHOWN, SHOWN),
)


def controls(t) -> residual.StackConfig:
    """Depth, width, seed, input scale and block gain; all in the URL (read first)."""
    links.load(t, PARAMS)
    left, right = st.columns(2)
    depth = keyed_slider(
        left, t("res.depth"), 1, residual.DEPTH_MAX, step=1, key=key("depth"), help=t("res.depth.help")
    )
    width = right.select_slider(t("res.width"), WIDTHS, key=key("width"), help=t("res.width.help"))
    left, middle, right = st.columns(3)
    scale = left.select_slider(t("res.scale"), SCALES, key=key("scale"), help=t("res.scale.help"))
    gain = middle.select_slider(t("res.gain"), GAINS, key=key("gain"), help=t("res.gain.help"))
    seed = int_input(
        t, t("res.seed"), key=key("seed"), low=0, high=SEED_MAX, default=0, help=t("res.seed.help"), container=right
    )
    return residual.StackConfig(
        depth=int(depth), width=int(width), seed=int(seed), scale=float(scale), gain=float(gain)
    )


def shown(t) -> tuple[str, ...]:
    """Which arrangements the figure draws (pills, in the URL; the tables keep every variant)."""
    chosen = st.pills(
        t("res.shown"),
        SHOWN,
        selection_mode="multi",
        key=key("shown"),
        format_func=lambda a: t(f"res.fig.arr.{a}"),
        help=t("res.shown.help"),
    )
    return tuple(a for a in SHOWN if a in (chosen or ()))


@cached(64)
def comparison(config: residual.StackConfig, backend: _xp.Backend) -> tuple[residual.Comparison, float]:
    """Every variant's per-layer numbers (numpy) and the seconds they took."""
    start = time.perf_counter()
    comp = residual.compare(config, backend=backend)
    return comp, time.perf_counter() - start


@cached(64)
def float16_runs(config: residual.StackConfig, backend: _xp.Backend) -> tuple[dict, float]:
    """Every arrangement with RMSNorm, every Norm on a float16 input, hand-written and upcast; the seconds."""
    start = time.perf_counter()
    runs = residual.float16_runs(config, norms=FLOAT16_NORMS, backend=backend)
    return runs, time.perf_counter() - start


@cached(64)
def figure(
    config: residual.StackConfig, backend: _xp.Backend, t, projector: bool, shown: tuple[str, ...] = SHOWN
) -> dict:
    """The comparison figure, drawing the arrangements in ``shown`` (the lesson's step: ``CLASSIC_SHOWN``)."""
    return packed(figs.comparison_figure(comparison(config, backend)[0], t, projector=projector, shown=shown))


def _layer(t, value: int | None) -> str:
    return t("res.none") if value is None else str(value)


def _variant(t, run: residual.StackRun) -> str:
    name = t(f"res.fig.arr.{run.arrangement}")
    return name if run.norm is None else f"{name} · {METHODS[run.norm].label}"


def summary_table(t, comp: residual.Comparison) -> None:
    """Per variant: stream norm and gradient norm at the input and the top, the peak, the first overflows."""
    depth = comp.config.depth
    rows = []
    for run in (*comp.runs.values(), *([comp.no_norm] if comp.no_norm is not None else [])):
        square = run.first_above(comp.square_limit) if run.norm else None
        rows.append(
            [
                _variant(t, run),
                legible(run.stream_norm[0], 3),
                legible(run.stream_norm[depth], 3),
                legible(run.grad_norm[0], 3),
                legible(run.grad_norm[depth], 3),
                legible(float(run.peak.max()), 3),
                "—" if run.norm is None else _layer(t, square),
                _layer(t, run.first_above(comp.fp16_max)),
            ]
        )
    header = [
        t("res.col.variant"),
        "‖h₀‖",
        f"‖h{subscript(depth)}‖",
        "‖∂L/∂h₀‖",
        f"‖∂L/∂h{subscript(depth)}‖",
        t("res.col.peak"),
        t("res.col.square", limit=f"{comp.square_limit:.0f}"),
        t("res.col.overflow", limit=f"{comp.fp16_max:g}"),
    ]
    st.markdown(markdown_table(header, rows, "lrrrrrrr"))


def timing_caption(t, comp: residual.Comparison, seconds: float) -> None:
    count = len(comp.runs) + (comp.no_norm is not None)
    st.caption(t("res.timing", device=comp.device, seconds=f"{seconds:.2f}", tokens=comp.config.tokens, count=count))


def newer_reading(t, comp: residual.Comparison) -> None:
    """What Peri-Norm and nGPT do to this stack, with its numbers (RMSNorm runs)."""
    depth = comp.config.depth
    peri, ngpt = comp.runs[("peri", "rms")], comp.runs[("ngpt", "rms")]
    sub = subscript(depth)
    st.markdown(
        t(
            "res.peri.reading",
            sub=sub,
            top=legible(peri.stream_norm[depth], 3),
            estimate=legible(comp.peri_estimate("rms"), 3),
            pre=legible(comp.runs[("pre", "rms")].stream_norm[depth], 3),
            grad0=legible(peri.grad_norm[0], 3),
            grad_top=legible(peri.grad_norm[depth], 3),
        )
    )
    st.markdown(
        t("res.ngpt.reading", sub=sub, grad0=legible(ngpt.grad_norm[0], 3), grad_top=legible(ngpt.grad_norm[depth], 3))
    )


def float16_table(t, comp: residual.Comparison, runs: dict) -> None:
    """Per Norm variant: ‖∂L/∂h₀‖ in float32, with the hand-written float16 Norm (and how many tokens it
    cut off: output 0, gradient 0) and with the upcast one."""
    tokens = comp.config.tokens
    rows = []
    for (arr, norm), run in comp.runs.items():
        if (arr, norm, "naive") not in runs:
            continue
        naive, upcast = runs[(arr, norm, "naive")], runs[(arr, norm, "upcast")]
        rows.append(
            [
                _variant(t, run),
                legible(run.input_gradient, 3),
                legible(naive.input_gradient, 3),
                f"{naive.zero_outputs} / {tokens}",
                f"{naive.zero_gradients} / {tokens}",
                legible(upcast.input_gradient, 3),
            ]
        )
    header = [
        t("res.col.variant"),
        t("res.f16.col.float32"),
        t("res.f16.col.naive"),
        t("res.f16.col.zero_out"),
        t("res.f16.col.zero_grad"),
        t("res.f16.col.upcast"),
    ]
    st.markdown(markdown_table(header, rows, "lrrrrr"))


def lns_formula() -> str:
    """Pre-Norm and LNS, and what their layers add in expectation (``residual.LNS_TEX``), as display equations."""
    return display_equations(residual.LNS_TEX)


def lns_text(t, comp: residual.Comparison, norm: str = "rms") -> str:
    """What Pre-Norm and LNS do to this stack (``residual.depth_growth``): the stream's mean square at the input
    and the top, what the layers added against its expectation, the doubling from layer ⌊L/2⌋, the top update."""
    g, config = residual.depth_growth(comp, norm), comp.config
    sub = subscript(g.depth)
    parts = [
        t(
            "res.lns.reading",
            d=config.width,
            depth=g.depth,
            gain=shortest(config.gain),
            scale=shortest(config.scale),
            seed=config.seed,
            sub=sub,
            start=legible(g.start, 3),
            pre_top=legible(g.top["pre"], 3),
            lns_top=legible(g.top["lns"], 3),
            pre_factor=legible(g.factor("pre"), 2),
            lns_factor=legible(g.factor("lns"), 2),
            pre_added=legible(g.added["pre"], 3),
            lns_added=legible(g.added["lns"], 3),
            per_layer=legible(g.per_layer, 4),
            pre_expected=legible(g.expected["pre"], 3),
            lns_expected=legible(g.expected["lns"], 3),
        )
    ]
    if g.half:
        parts.append(
            t(
                "res.lns.doubling",
                half=g.half,
                depth=g.depth,
                **{
                    f"{arr}{tail}": legible(g.doubling(arr, expected=bool(tail)), 2)
                    for arr in residual.GROWTH_ARRANGEMENTS
                    for tail in ("", "_expected")
                },
            )
        )
    pre, lns = g.update_top["pre"], g.update_top["lns"]
    verdict = "same" if lns == pre else "closer" if lns < pre else "further"
    parts.append(
        t(
            f"res.lns.update.{verdict}",
            depth=g.depth,
            sub=sub,
            sub1=subscript(g.depth - 1),
            pre=percent(pre, digits=3),
            lns=percent(lns, digits=3),
        )
    )
    return t.sentences(parts)


def lns_reading(t, comp: residual.Comparison) -> None:
    st.markdown(lns_formula())
    st.markdown(lns_text(t, comp))
