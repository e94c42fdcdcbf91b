"""Widgets, tables and the live benchmark of the cost page.

Every key that holds state is this page's own (``cost.tokens``, ``cost.dtype``,
...): pages share one session state, and the keys name the URL parameters
too (``URL_PARAMS``, through ``links``). The benchmark's result is kept in
``st.session_state`` under ``cost.bench.result`` (one per backend), not in the URL.
"""

from __future__ import annotations

import math
from dataclasses import replace

import streamlit as st

from normviz import _xp, bench, norms
from normviz import cost as topic
from normviz.figures import cost as figs
from normviz.figures.typed import typed_arrays as typed
from normviz.format import percent, si
from normviz.ui.kit import links
from normviz.ui.kit.numbers import int_input, preset_buttons
from normviz.ui.kit.tables import markdown_table

TOKENS, HIDDEN, LAYERS, PER_LAYER = "cost.tokens", "cost.hidden", "cost.layers", "cost.per_layer"
DTYPE, BANDWIDTH, PARAMS, PEAK = "cost.dtype", "cost.bandwidth", "cost.params", "cost.peak"
RESULT, REQUESTED = "cost.bench.result", "cost.bench.requested"
DEFAULTS = topic.Inputs()
DTYPES = {"fp32": 4, "bf16": 2, "fp16": 2, "fp8": 1}
# Choices as text (they go into URLs): TB/s, billions of parameters, TFLOP/s.
BANDWIDTHS = ("0.05", "0.1", "0.5", "1", "2", "3.35", "4.8", "8")
PARAM_CHOICES = ("0.125", "0.5", "1.3", "3", "7", "13", "70", "405")
PEAKS = ("1", "10", "100", "312", "500", "1000", "2000")
TOKENS_MAX = 10_000_000
URL_PARAMS = (
    links.integer(TOKENS, TOKENS, 1, TOKENS_MAX, DEFAULTS.tokens),
    links.integer(HIDDEN, HIDDEN, 1, 65_536, DEFAULTS.hidden),
    links.integer(LAYERS, LAYERS, 1, 1_024, DEFAULTS.layers),
    links.integer(PER_LAYER, PER_LAYER, 1, 16, DEFAULTS.norms_per_layer),
    links.choice(DTYPE, DTYPE, tuple(DTYPES), "bf16"),
    links.choice(BANDWIDTH, BANDWIDTH, BANDWIDTHS, "2"),
    links.choice(PARAMS, PARAMS, PARAM_CHOICES, "1.3"),
    links.choice(PEAK, PEAK, PEAKS, "1000"),
)
# The page's benchmark: small shapes only (well under a second on numpy), float32.
PAGE_SHAPES = ((64, 896), (64, 7168), (1024, 2048))
PAGE_REPEATS = 7


def controls(t) -> topic.Inputs:
    """The calculator's inputs (all in the URL, read first); presets for the two scenarios set the token count."""
    links.load(t, URL_PARAMS)
    st.caption(t("cost.presets"))
    preset_buttons(TOKENS, {tokens: t(f"cost.preset.{key}") for key, tokens in topic.SCENARIOS}, prefix="cost.preset.")
    a, b, c, d = st.columns(4)
    tokens = int_input(
        t,
        t("cost.tokens"),
        key=TOKENS,
        low=1,
        high=TOKENS_MAX,
        default=DEFAULTS.tokens,
        help=t("cost.tokens.help"),
        container=a,
    )
    hidden = int_input(t, t("cost.hidden"), key=HIDDEN, low=1, high=65_536, default=DEFAULTS.hidden, container=b)
    layers = int_input(t, t("cost.layers"), key=LAYERS, low=1, high=1_024, default=DEFAULTS.layers, container=c)
    per_layer = int_input(
        t,
        t("cost.per_layer"),
        key=PER_LAYER,
        low=1,
        high=16,
        default=DEFAULTS.norms_per_layer,
        help=t("cost.per_layer.help"),
        container=d,
    )
    a, b, c, d = st.columns(4)
    dtype = a.selectbox(t("cost.dtype"), tuple(DTYPES), key=DTYPE, format_func=lambda k: f"{k} (b = {DTYPES[k]})")
    bandwidth = b.select_slider(t("cost.bandwidth"), BANDWIDTHS, key=BANDWIDTH)
    params = c.select_slider(t("cost.params"), PARAM_CHOICES, key=PARAMS)
    peak = d.select_slider(t("cost.peak"), PEAKS, key=PEAK, help=t("cost.peak.help"))
    return topic.Inputs(
        tokens=tokens,
        hidden=hidden,
        layers=layers,
        norms_per_layer=per_layer,
        bytes_per_value=DTYPES[dtype],
        bandwidth=float(bandwidth) * 1e12,
        params=float(params) * 1e9,
        peak_flops=float(peak) * 1e12,
    )


# --- the step table ---------------------------------------------------------------------------------


def step_table(t, cost: topic.Cost) -> None:
    header = [t("cost.col.step"), t("cost.col.formula"), t("cost.col.numbers"), t("cost.col.value")]
    rows = [[t(f"cost.step.{s.key}"), s.formula, s.numbers, si(s.value, s.unit)] for s in topic.steps(cost)]
    st.markdown(markdown_table(header, rows, "lllr"))


def slip_text(t, cost: topic.Cost) -> str:
    return t(
        "cost.slip.text",
        right=si(cost.matmul_flops, "FLOP"),
        share=percent(cost.flop_share, fraction=True),
        wrong=si(cost.slip_matmul_flops, "FLOP"),
        d=cost.inputs.hidden,
        slip_share=percent(cost.slip_flop_share, fraction=True),
    )


def _times(value: float) -> str:
    return f"{value:.3g}" if math.isfinite(value) else "—"


def bound_text(t, cost: topic.Cost) -> str:
    if not cost.bandwidth_bound:  # a machine slower at arithmetic than at moving bytes (peak / B < f / 2b)
        return t(
            "cost.bound.norm_compute",
            intensity=f"{cost.intensity:.3g}",
            balance=f"{cost.balance:.3g}",
            compute=si(cost.time_compute, "s"),
            bandwidth=si(cost.time_bandwidth, "s"),
            flop_share=percent(cost.flop_share),
            time_share=percent(cost.time_share),
        )
    text = t(
        "cost.bound.text",
        intensity=f"{cost.intensity:.3g}",
        balance=f"{cost.balance:.3g}",
        compute=si(cost.time_compute, "s"),
        bandwidth=si(cost.time_bandwidth, "s"),
        flop_share=percent(cost.flop_share),
        time_share=percent(cost.time_share),
        ratio=_times(cost.share_ratio),
    )
    key = "cost.bound.matmul_memory" if cost.matmul_bandwidth_bound else "cost.bound.matmul_compute"
    return (
        text
        + "\n\n"
        + t(
            key,
            mi=f"{cost.matmul_intensity:.3g}",
            byte_share=percent(cost.byte_share),
            ratio=_times(cost.share_ratio),
            cap=_times(cost.balance / cost.intensity) if cost.intensity else "—",
        )
    )


def scenario_table(t, inputs: topic.Inputs) -> None:
    """Training and decoding with the page's other inputs: the shares of FLOPs, bytes and time side by side."""
    header = [
        t("cost.scen.col.case"),
        "T",
        t("cost.scen.col.matmul"),
        t("cost.scen.col.flop"),
        t("cost.scen.col.bytes"),
        t("cost.scen.col.time"),
        t("cost.scen.col.ratio"),
    ]
    rows = [
        [
            t(f"cost.scen.{key}"),
            f"{c.inputs.tokens:,}",
            t("cost.scen.bandwidth" if c.matmul_bandwidth_bound else "cost.scen.compute"),
            percent(c.flop_share),
            percent(c.byte_share),
            percent(c.time_share),
            _times(c.share_ratio),
        ]
        for key, c in topic.scenarios(inputs)
    ]
    st.markdown(markdown_table(header, rows, "lrlrrrr"))


def _by_size() -> dict[int, str]:
    """The page's dtypes grouped by bytes per value: {4: "fp32", 2: "bf16 / fp16", 1: "fp8"}."""
    groups: dict[int, list[str]] = {}
    for name, b in DTYPES.items():
        groups.setdefault(b, []).append(name)
    return {b: " / ".join(names) for b, names in groups.items()}


def storage_table(t, inputs: topic.Inputs) -> None:
    """One activation tensor, T × D × b, at each size of value the page offers (the chosen one marked)."""
    header = [t("cost.storage.col.dtype"), t("cost.col.numbers"), t("cost.storage.col.bytes"), "MiB"]
    rows = []
    for b, names in _by_size().items():
        s = topic.storage(replace(inputs, bytes_per_value=b))
        label = t("cost.storage.chosen", dtype=names) if b == inputs.bytes_per_value else names
        rows.append([label, f"{inputs.tokens} × {inputs.hidden} × {b}", f"{s.bytes:,.0f}", _mib(s.mib)])
    st.markdown(markdown_table(header, rows, "llrr"))


def _mib(value: float) -> str:
    """MiB as written: 128, 0.003906, 2,500,000 (no exponent for large values)."""
    return f"{value:,.0f}" if value >= 1000 else f"{value:.4g}"


def storage_text(t, inputs: topic.Inputs) -> str:
    s = topic.storage(inputs)
    if s.ratio == 1:  # float32 already: say what 16 bits would save instead
        return t(
            "cost.storage.text32", mib=_mib(s.mib), mib16=_mib(topic.storage(replace(inputs, bytes_per_value=2)).mib)
        )
    return t(
        "cost.storage.text",
        b=f"{inputs.bytes_per_value:g}",
        mib=_mib(s.mib),
        mib32=_mib(s.float32_mib),
        ratio=f"{s.ratio:g}",
    )


# --- the live benchmark -----------------------------------------------------------------------------


def bench_figure(run: bench.Run, t, projector: bool) -> dict:
    """The benchmark's figure (built on each run: a run's ``versions`` dict is not hashable, and it is small)."""
    return typed(figs.bench_figure(run, t, projector=projector))


def _request() -> None:
    st.session_state[REQUESTED] = True


def start_button(label: str, *, primary: bool) -> None:
    """The start button; its callback leaves a request that ``requested`` reads on the next run."""
    st.button(label, key="cost.bench.start", type="primary" if primary else "secondary", on_click=_request)


def requested() -> bool:
    """True once per click of the start button (a flag set in its callback: no rerun in between can lose it)."""
    return bool(st.session_state.pop(REQUESTED, False))


def run_benchmark(t, backend: _xp.Backend) -> bench.Run:
    """Time the page's small shapes (PAGE_SHAPES) on ``backend`` with a progress bar; keep it in the session."""
    shapes = PAGE_SHAPES
    bar = st.progress(0.0, text=t("cost.bench.progress", op=bench.LABELS["copy"], shape=figs.shape_label(shapes[0])))

    def progress(done: int, total: int, shape: tuple, dtype: str) -> None:
        nxt = shapes[min(done, len(shapes) - 1)]
        bar.progress(
            done / total,
            text=t("cost.bench.progress", op="copy · LayerNorm · RMSNorm · L2", shape=figs.shape_label(nxt)),
        )

    result = bench.run(
        backend=backend,
        shapes=shapes,
        dtypes=("float32",),
        ops=("copy", *bench.NORM_OPS),
        repeats=PAGE_REPEATS,
        warmup=2,
        with_torch=False,
        progress=progress,
    )
    bar.empty()
    st.session_state.setdefault(RESULT, {})[backend.label] = result
    return result


def stored(backend: _xp.Backend) -> bench.Run | None:
    return st.session_state.get(RESULT, {}).get(backend.label)


def bench_table(t, run: bench.Run) -> None:
    header = [t("cost.col.shape"), t("cost.col.op"), t("cost.col.time"), t("cost.col.gbs"), t("cost.col.vs_copy")]
    rows = []
    for r in run.results:
        name = t("cost.op.copy") if r.op == "copy" else bench.LABELS[r.op]
        ratio = "" if r.vs_copy is None else f"{r.vs_copy:.2f}"
        rows.append([figs.shape_label(r.shape), name, si(r.seconds, "s"), f"{r.gbs:.2f}", ratio])
    st.markdown(markdown_table(header, rows, "llrrr"))
    load = "—" if run.load_average is None else " ".join(f"{v:.2f}" for v in run.load_average)
    st.caption(t("cost.bench.done", backend=run.backend, dtype="float32", repeats=run.repeats, load=load))
    threads = run.versions.get("numpy_threads")
    if run.backend == _xp.Backend("numpy").label and threads:
        if threads == 1:
            st.caption(t("cost.bench.threads.one"))
        else:
            st.caption(t("cost.bench.threads.many", threads=threads, mib=norms.THREADED_MIN_BYTES // 2**20))
