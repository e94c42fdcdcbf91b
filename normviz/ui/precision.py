"""Widgets, cached computations and tables of the precision page.

Every key is namespaced ``precision.<name>`` (pages share one session state)
and names its URL parameter (``PARAMS``, through ``links``). The sweep depends on the shape (n, offset, spread,
seed) only and is cached; moving max|x| recomputes the current vector alone.
"""

from __future__ import annotations

import math

import streamlit as st

from normviz import _xp, precision
from normviz.figures import precision as figs
from normviz.figures.typed import typed_arrays as typed
from normviz.format import decimals, scientific
from normviz.methods import METHODS
from normviz.ui.kit import links
from normviz.ui.kit.cache import cached
from normviz.ui.kit.controls import keyed_slider
from normviz.ui.kit.numbers import int_input
from normviz.ui.kit.tables import markdown_table

PAGE = "precision"


def key(name: str) -> str:
    """The page's widget key (and URL parameter) for ``name``: ``precision.<name>``."""
    return f"{PAGE}.{name}"


EXP_KEY, N_KEY, OFFSET_KEY, SPREAD_KEY, SEED_KEY, METHOD_KEY = (
    key(k) for k in ("max_abs", "n", "offset", "spread", "seed", "method")
)
REDUCE_KEY, EPS_KEY, MODULE_DTYPE_KEY = key("reduce"), key("eps"), key("module_dtype")
EXP_BOUNDS = tuple(math.log10(v) for v in precision.MAX_ABS_RANGE)  # (-2, 5)
DEFAULT_EXP = 2.48  # 302: past float16's square overflow, as in the seed's "one component at 300"
OFFSET_BOUNDS, SPREAD_BOUNDS = (-10.0, 10.0), (0.0, 10.0)
DEFAULT_N = 2048
SEED_MAX = 9999
PRESETS = {"100": 100.0, "255": 255.0, "257": 257.0, "1000": 1000.0, "65504": 65504.0, "10⁵": 1e5}
METHOD_LABELS = {k: METHODS[k].label for k in precision.KEYS}
# ε raised from each method's default up to 10³. An option's label is its text in the URL too, so "default"
# is shown as the defaults themselves, the same in both languages: "1e-6/1e-5" (RMSNorm/LayerNorm).
EPS_CHOICES = ("default", "1e-3", "0.1", "1", "10", "100", "1e3")
EPS_DEFAULTS = "/".join(f"{METHODS[k].default_eps:.0e}".replace("e-0", "e-") for k in precision.KEYS)


def eps_label(choice: str) -> str:
    return EPS_DEFAULTS if choice == "default" else choice


MODULE_DTYPE_DEFAULT = "float16"
PARAMS = (
    links.number(EXP_KEY, EXP_KEY, *EXP_BOUNDS, DEFAULT_EXP),
    links.integer(N_KEY, N_KEY, 2, precision.N_MAX, DEFAULT_N),
    links.number(OFFSET_KEY, OFFSET_KEY, *OFFSET_BOUNDS, 0.0),
    links.number(SPREAD_KEY, SPREAD_KEY, *SPREAD_BOUNDS, 1.0),
    links.integer(SEED_KEY, SEED_KEY, 0, SEED_MAX, 0),
    links.choice(METHOD_KEY, METHOD_KEY, tuple(METHOD_LABELS.values()), METHOD_LABELS["rms"]),
    links.choice(REDUCE_KEY, REDUCE_KEY, precision.REDUCTIONS, "mean"),
    # in the URL an ε is its label, "default" the defaults themselves (as ever)
    links.choice(EPS_KEY, EPS_KEY, EPS_CHOICES, "default", texts=[eps_label(c) for c in EPS_CHOICES]),
    links.choice(MODULE_DTYPE_KEY, MODULE_DTYPE_KEY, precision.DTYPES, MODULE_DTYPE_DEFAULT),
)


def _set_exponent(value: float) -> None:
    st.session_state[EXP_KEY] = math.log10(value)


def controls(t) -> tuple:
    """The example values of max|x| and n, offset, spread and seed (the page's link values read first),
    around two places kept for max|x| -> ((its slider's place, its value's place), (n, offset, spread,
    seed)). ``max_abs_control`` draws max|x| there, in a nested fragment with everything it changes; the
    buttons stay out of it (a click reruns this fragment, and so that one)."""
    links.load(t, PARAMS)
    place = st.container()
    row = st.columns([1, 4], vertical_alignment="center")
    value_place = row[0].container()
    with row[1]:
        st.caption(t("prec.presets"))
        for col, (label, value) in zip(st.columns(len(PRESETS)), PRESETS.items()):
            col.button(label, key=key(f"preset.{int(value)}"), on_click=_set_exponent, args=(value,), width="stretch")
    left, mid, right, last = st.columns([2, 3, 3, 2])
    n = int_input(
        t, t("prec.n"), key=N_KEY, low=2, high=precision.N_MAX, default=DEFAULT_N, help=t("prec.n.help"), container=left
    )
    offset = keyed_slider(mid, t("prec.offset"), *OFFSET_BOUNDS, step=0.5, key=OFFSET_KEY, help=t("prec.offset.help"))
    spread = keyed_slider(right, t("prec.spread"), *SPREAD_BOUNDS, step=0.5, key=SPREAD_KEY, help=t("prec.spread.help"))
    seed = int_input(
        t, t("prec.seed"), key=SEED_KEY, low=0, high=SEED_MAX, default=0, help=t("prec.seed.help"), container=last
    )
    return (place, value_place), (n, float(offset), float(spread), seed)


def max_abs_control(t, places: tuple) -> float:
    """max|x|: its log slider and its value, in the places ``controls`` kept."""
    place, value_place = places
    with place:
        exponent = keyed_slider(
            st, t("prec.max_abs"), *EXP_BOUNDS, step=0.01, key=EXP_KEY, format="%.2f", help=t("prec.max_abs.help")
        )
    max_abs = precision.max_abs_from_exponent(float(exponent))
    value_place.markdown(t("prec.max_abs.value", value=f"{max_abs:g}"))
    return max_abs


def naive_controls(t) -> tuple[str, float | None]:
    """The naive path's reduction (mean or sum) and ε (None: each method's default); both in the URL."""
    left, right = st.columns([2, 3])
    reduction = left.segmented_control(
        t("prec.reduce"), precision.REDUCTIONS, key=REDUCE_KEY, required=True, help=t("prec.reduce.help")
    )
    choice = right.select_slider(
        t("prec.eps"), EPS_CHOICES, key=EPS_KEY, format_func=eps_label, help=t("prec.eps.help")
    )
    return reduction or "mean", None if choice == "default" else float(choice)


def method_control(t) -> str:
    label = st.segmented_control(t("prec.method"), list(METHOD_LABELS.values()), key=METHOD_KEY, required=True)
    return next((k for k, lab in METHOD_LABELS.items() if lab == label), "rms")


def device(backend: _xp.Backend) -> str:
    """Where torch computes: the backend's device for torch, the CPU for numpy."""
    return backend.device if backend.name == "torch" else "cpu"


# --- cached computations (numpy results only) and the figure ---------------------------------------


@cached(64)
def sweep(
    n: int, offset: float, spread: float, seed: int, eps: float | None, reduction: str, dev: str
) -> precision.Sweep:
    return precision.sweep(n, offset, spread, seed, eps=eps, reduction=reduction, device=dev)


@cached(256)
def current(
    n: int, max_abs: float, offset: float, spread: float, seed: int, eps: float | None, reduction: str, dev: str
) -> precision.Current:
    return precision.current(n, max_abs, offset, spread, seed, eps=eps, reduction=reduction, device=dev)


@cached(256)
def sweep_figure(
    n: int,
    max_abs: float,
    offset: float,
    spread: float,
    seed: int,
    eps: float | None,
    reduction: str,
    dev: str,
    method: str,
    t,
    projector: bool,
) -> dict:
    return typed(
        figs.sweep_figure(
            sweep(n, offset, spread, seed, eps, reduction, dev),
            current(n, max_abs, offset, spread, seed, eps, reduction, dev),
            method,
            t,
            max_abs=max_abs,
            projector=projector,
        )
    )


@cached(128)
def panel(
    n: int, max_abs: float, offset: float, spread: float, seed: int, eps: float | None, dtype: str
) -> precision.Panel:
    return precision.panel(n, max_abs, offset, spread, seed, dtype, eps=eps)


@cached(2)
def limits_table() -> list[precision.DtypeLimits]:
    return precision.limits_table()


# --- tables and messages ---------------------------------------------------------------------------


def limits_view(t) -> None:
    """max, tiny, eps, significant bits and √max of each dtype, from finfo."""
    rows = [
        [
            f"`{r.name}`",
            f"{r.max:.6g}",
            f"{r.tiny:.4g}",
            f"{r.eps:.4g}",
            str(r.bits),
            f"{r.square_overflow:.6g}",
            f"`{r.source}`",
        ]
        for r in limits_table()
    ]
    header = [
        t("prec.col.dtype"),
        t("prec.col.max"),
        t("prec.col.tiny"),
        t("prec.col.eps"),
        t("prec.col.bits"),
        t("prec.col.square"),
        t("prec.col.source"),
    ]
    st.markdown(markdown_table(header, rows, "lrrrrrl"))
    lim = {r.name: r for r in limits_table()}
    st.caption(
        t(
            "prec.limits.caption",
            bf16=f"{lim['bfloat16'].unit_roundoff:.4g}",
            fp16=f"{lim['float16'].unit_roundoff:.4g}",
            max=f"{lim['float16'].max:g}",
            sq=f"{lim['float16'].square_overflow:.2f}",
        )
    )


def _error(value: float) -> str:
    return "NaN" if math.isnan(value) else "0" if value == 0.0 else f"{value:.2e}"


def _outcome(t, r: precision.PathResult) -> str:
    return t(f"prec.outcome.{r.outcome}", count=r.nonfinite)


def path_label(t, path: str, reduction: str) -> str:
    """ "naive" with its reduction ("naive · sum(-1) / D"); "upcast" as it is (it always reduces in float32)."""
    label = t(f"prec.path.{path}")
    return f"{label} · `{REDUCTION_CODE[reduction]}`" if path == "naive" else label


REDUCTION_CODE = {"mean": "mean(-1)", "sum": "sum(-1) / D"}


def _path_table(
    t, cur: precision.Current, results, reference, col_value: str, value, col_outcome: str = "prec.col.outcome"
) -> str:
    """dtype × path rows, per method a value column (``value(r)``), the error against float64 and the outcome."""
    names = [METHODS[k].label for k in precision.KEYS]
    header = [t("prec.col.dtype"), t("prec.col.path")]
    for name in names:
        header += ([t(col_value, method=name)] if value else []) + [
            t("prec.col.error", method=name),
            t(col_outcome, method=name),
        ]
    ref = [precision.PathResult(k, "float64", "reference", reference[k], 0.0) for k in precision.KEYS]
    rows = [
        ["`float64`", t("prec.path.reference")]
        + [c for r in ref for c in ([value(r)] if value else []) + ["0", _outcome(t, r)]]
    ]
    for d in precision.DTYPES:
        for p in precision.PATHS:
            row = [f"`{d}`", path_label(t, p, cur.reduction)]
            for k in precision.KEYS:
                r = results[(k, d, p)]
                row += ([value(r)] if value else []) + [_error(r.error), _outcome(t, r)]
            rows.append(row)
    return markdown_table(header, rows, "ll" + ("rrl" if value else "rl") * len(names))


def results_table(t, cur: precision.Current) -> None:
    """Every dtype × path: the error against float64 and what the output is, for both methods."""
    st.markdown(_path_table(t, cur, cur.results, cur.reference, "", None))
    st.caption(t("prec.error.caption", rms=_eps(cur, "rms"), ln=_eps(cur, "ln")))


def _eps(cur: precision.Current, key: str) -> str:
    return f"{cur.eps_of(key):g}".replace("e-0", "e-")  # 1e-06 -> 1e-6


def overflow_message(t, cur: precision.Current) -> None:
    """What overflowed in float16 for this vector: the stored x, its squares, their sum, or nothing."""
    lim = precision.limits("float16")
    sq, mx = f"{lim.square_overflow:.2f}", f"{lim.max:g}"
    if cur.stored_inf["float16"]:  # x itself is inf: no reduction can help, the squares are beside the point
        st.warning(t("prec.msg.stored", count=cur.stored_inf["float16"], max=mx), icon="⚠️")
        return
    told = False
    for k in precision.KEYS:
        if k == "ln" and cur.mean_inf["float16"]:  # μ itself is inf: every centred value is −inf or NaN
            st.warning(t("prec.msg.centre", max=mx), icon="⚠️")
        elif cur.square_inf[(k, "float16")]:
            st.warning(
                t(
                    f"prec.msg.square.{k}",
                    count=cur.square_inf[(k, "float16")],
                    sq=sq,
                    reduction=REDUCTION_CODE[cur.reduction],
                ),
                icon="⚠️",
            )
        elif cur.reduced_inf[(k, "float16")]:  # only the sum's total can overflow without a square
            st.warning(
                t(
                    f"prec.msg.sum.{k}",
                    max=mx,
                    n=cur.n,
                    thr=f"{precision.sum_overflow_rms(cur.n):.3g}",
                    rms=f"{cur.rms:.3g}",
                    std=f"{cur.std:.3g}",
                ),
                icon="⚠️",
            )
        else:
            continue
        told = True
    if not told:
        st.success(
            t(
                "prec.msg.fine" if cur.reduction == "mean" else "prec.msg.fine.sum",
                sq=sq,
                max=mx,
                thr=f"{precision.sum_overflow_rms(cur.n):.3g}",
                n=cur.n,
            ),
            icon="✅",
        )


def eps_message(t, cur: precision.Current) -> None:
    """With a raised ε: it did not rescue a naive float16 overflow (inf + ε = inf), or what it does change."""
    if cur.eps is None:
        return
    broken = [k for k in precision.KEYS if cur.result(k, "float16", "naive").outcome != "ok"]
    if broken:
        st.info(t("prec.msg.eps", eps=f"{cur.eps:g}", methods=" / ".join(METHODS[k].label for k in broken)), icon="ℹ️")
    else:
        st.caption(t("prec.eps.note", eps=f"{cur.eps:g}"))


def sweep_caption(t, reduction: str = "mean") -> str:
    lim = precision.limits("float16")  # every number of the caption from finfo
    text = t(
        "prec.fig.caption",
        per_decade=precision.PER_DECADE,
        max=f"{lim.max:g}",
        sq=f"{lim.square_overflow:.0f}",
        bits=lim.bits,
        tiny=f"{lim.tiny:.1e}",
    )
    return t.sentences([text, t("prec.fig.caption.sum", max=f"{lim.max:g}") if reduction == "sum" else ""])


def naive_note(t, cur: precision.Current, device: str) -> str:
    lim = precision.limits("float16")
    return t(
        "prec.naive.note",
        device=device,
        sq=f"{lim.square_overflow:.2f}",
        max=f"{lim.max:g}",
        n=cur.n,
        inf=f"{lim.rounds_to_inf:g}",
        thr=f"{precision.sum_overflow_rms(cur.n):.3g}",
    )


def bf16_text(t, cur: precision.Current) -> str:
    lim = precision.limits("bfloat16")
    err = cur.result("rms", "bfloat16", "upcast").error
    exact = err < lim.unit_roundoff / 16  # the zero vector, a constant one: nothing to round (NaN is not < )
    return t(
        "prec.bf16.exact" if exact else "prec.bf16",
        bits=lim.bits,
        u=f"{lim.unit_roundoff:.4g}",
        err=_error(err),
        f32=_error(cur.result("rms", "float32", "upcast").error),
    )


# --- the gradient reaching the layer below -----------------------------------------------------------------


def _norm(value: float) -> str:
    return "NaN" if math.isnan(value) else "0" if value == 0.0 else f"{value:.3g}"


def grad_table(t, cur: precision.Current) -> None:
    """∂L/∂x of every dtype × path: its norm, its error against float64 and whether it is 0, finite or NaN."""
    st.markdown(
        _path_table(
            t, cur, cur.grads, cur.grad_reference, "prec.col.grad", lambda r: _norm(r.norm), "prec.col.grad_outcome"
        )
    )


def grad_message(t, cur: precision.Current) -> None:
    """What this vector's float16 gradients say: silent zeros, NaN from an inf x (or an inf μ), or nothing wrong."""
    lim = precision.limits("float16")
    naive = {k: cur.grad(k, "float16", "naive") for k in precision.KEYS}
    up = cur.grad("rms", "float16", "upcast")
    if cur.stored_inf["float16"]:
        bad = cur.grad("rms", "float16", "naive")
        st.warning(
            t("prec.grad.nan", count=bad.nonfinite, n=cur.n, up_count=up.nonfinite, max=f"{lim.max:g}"), icon="⚠️"
        )
        return
    zero = [k for k, r in naive.items() if r.outcome == "zero"]
    if zero:
        when = t("prec.grad.nan_when" if cur.reduction == "mean" else "prec.grad.nan_when.sum", max=f"{lim.max:g}")
        silent = t(
            "prec.grad.silent",
            methods=" / ".join(METHODS[k].label for k in zero),
            n=cur.n,
            up=_norm(up.norm),
            err=_error(up.error),
        )
        st.warning(t.sentences([silent, when]), icon="⚠️")
    if cur.mean_inf["float16"] and naive["ln"].outcome == "nan":
        st.warning(t("prec.grad.mean_nan", max=f"{lim.max:g}", count=naive["ln"].nonfinite, n=cur.n), icon="⚠️")
    elif not zero and all(r.outcome == "ok" for r in cur.grads.values()):
        st.success(t("prec.grad.fine"), icon="✅")


# --- the reference module, line by line ------------------------------------------------------------------


def module_dtype_control(t) -> str:
    dtype = st.segmented_control(t("prec.module.dtype"), precision.DTYPES, key=MODULE_DTYPE_KEY, required=True)
    return dtype or MODULE_DTYPE_DEFAULT


def _shape(line: precision.Line, n: int) -> str:
    """(1, 1, 2048) as (B, S, D) = (1, 1, 2048); (1, 1, 1) as (B, S, 1); (2048,) as (D,)."""
    symbols = {1: ("D",), 3: ("B", "S", "D" if line.shape[-1] == n and n > 1 else "1")}[len(line.shape)]
    return f"({', '.join(symbols)}{',' if len(symbols) == 1 else ''}) = {tuple(line.shape)}"


def _values(line: precision.Line) -> str:
    """A (B, S, 1) line's one value to 6 digits; a vector's first components and "…"."""
    if line.shape[-1] == 1:
        return f"{float(line.values[0]):.6g}".replace("-", "−")
    more = ", …" if line.shape[-1] > precision.SHOWN else ""
    return "(" + ", ".join(decimals(float(v), 4) for v in line.values) + more + ")"


def module_table(t, run: precision.ModuleRun, n: int) -> None:
    header = [
        t("prec.module.col.line"),
        t("prec.module.col.shape"),
        t("prec.module.col.dtype"),
        t("prec.module.col.value"),
    ]
    rows = [[f"`{line.code}`", _shape(line, n), f"`{line.dtype}`", _values(line)] for line in run.lines]
    st.markdown(markdown_table(header, rows, "lllr"))


def module_panel(t, p: precision.Panel, n: int) -> None:
    """The reference module and Gemma's side by side, their checks, and what γ's dtype does."""
    left, right = st.columns(2, gap="large")
    with left:
        st.markdown(t("prec.module.reference"))
        module_table(t, p.reference, n)
        st.caption(
            t(
                "prec.module.check",
                dtype=p.reference.dtype,
                lib=scientific(p.reference.vs_normviz),
                torch=scientific(p.reference.vs_torch),
            )
        )
    with right:
        st.markdown(t("prec.module.gemma"))
        module_table(t, p.gemma, n)
        same = float(abs(p.gemma.out - p.reference.out).max())
        st.caption(t("prec.module.gemma.check", gap=scientific(same), torch=scientific(p.gemma.vs_torch)))
    st.markdown(t("prec.gamma.header", spread=f"{precision.GAMMA_SPREAD:g}"))
    g = p.gamma
    header = [
        t("prec.gamma.col.variant"),
        t("prec.gamma.col.code"),
        t("prec.gamma.col.dtype"),
        t("prec.gamma.col.error"),
    ]
    rows = [
        [t(f"prec.gamma.{v.key}"), f"`{v.code}`", f"`{v.dtype}` ({v.bytes} B)", _error(v.error)] for v in g.variants
    ]
    st.markdown(markdown_table(header, rows, "lllr"))
    bug, model, f32 = g.variant("bf16_gamma"), g.variant("model"), g.variant("float32")
    gem = g.variant("gemma_offset")
    u = precision.limits("bfloat16").unit_roundoff
    st.markdown(
        t(
            "prec.gamma.text",
            gerr=f"{g.gamma_error:.2e}",
            u=f"{u:.2e}",
            bytes=bug.bytes,
            xbytes=model.bytes,
            bug=_error(bug.error),
            model=_error(model.error),
            f32=_error(f32.error),
            lost=gem.lost,
            n=n,
            gemma=_error(gem.error),
        )
    )
