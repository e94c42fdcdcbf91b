"""Widgets, cached computations and tables of the precision page.

Every key is namespaced ``precision.<name>`` (pages share one session state)
and is its URL parameter. The sweep depends on the shape (n, offset, spread,
seed) only and is cached; moving max|x| recomputes the current vector alone.
"""

from __future__ import annotations

import math

import streamlit as st

from normviz import _xp, precision
from normviz.figures import precision as figs
from normviz.figures._json import typed_arrays as typed
from normviz.methods import METHODS
from normviz.ui.int_input import int_input
from normviz.ui.urlcheck import Choice, Range, warn_invalid_params
from normviz.ui.views import markdown_table

PAGE = "precision"


def key(name: str) -> str:
    """The page's widget key (and URL parameter) for ``name``: ``precision.<name>``."""
    return f"{PAGE}.{name}"


EXP_KEY, N_KEY, OFFSET_KEY, SPREAD_KEY, SEED_KEY, METHOD_KEY = (
    key(k) for k in ("max_abs", "n", "offset", "spread", "seed", "method"))
EXP_BOUNDS = tuple(math.log10(v) for v in precision.MAX_ABS_RANGE)  # (-2, 5)
DEFAULT_EXP = 2.48  # 302: past float16's square overflow, as in the seed's "one component at 300"
OFFSET_BOUNDS, SPREAD_BOUNDS = (-10.0, 10.0), (0.0, 10.0)
DEFAULT_N = 2048
SEED_MAX = 9999
PRESETS = {"100": 100.0, "255": 255.0, "257": 257.0, "1000": 1000.0, "65504": 65504.0, "10⁵": 1e5}
METHOD_LABELS = {k: METHODS[k].label for k in precision.KEYS}
SPECS = {EXP_KEY: Range(*EXP_BOUNDS, default=DEFAULT_EXP), OFFSET_KEY: Range(*OFFSET_BOUNDS, default=0.0),
         SPREAD_KEY: Range(*SPREAD_BOUNDS, default=1.0),
         METHOD_KEY: Choice(tuple(METHOD_LABELS.values()), default=METHOD_LABELS["rms"])}


def _set_exponent(value: float) -> None:
    st.session_state[EXP_KEY] = math.log10(value)


def controls(t) -> tuple[float, int, float, float, int]:
    """max|x| (log slider and presets), n, offset, spread, seed and the chart's method; all in the URL."""
    warn_invalid_params(t, SPECS)
    # value= only on the first run: a preset button sets the state later (never both at once)
    first = {} if EXP_KEY in st.session_state else {"value": DEFAULT_EXP}
    exponent = st.slider(t("prec.max_abs"), *EXP_BOUNDS, step=0.01, key=EXP_KEY, bind="query-params",
                         format="%.2f", help=t("prec.max_abs.help"), **first)
    max_abs = precision.max_abs_from_exponent(float(exponent))
    row = st.columns([1, 4], vertical_alignment="center")
    row[0].markdown(t("prec.max_abs.value", value=f"{max_abs:g}"))
    with row[1]:
        st.caption(t("prec.presets"))
        for col, (label, value) in zip(st.columns(len(PRESETS)), PRESETS.items()):
            col.button(label, key=key(f"preset.{int(value)}"), on_click=_set_exponent, args=(value,),
                       width="stretch")
    left, mid, right, last = st.columns([2, 3, 3, 2])
    n = int_input(t, t("prec.n"), key=N_KEY, low=2, high=precision.N_MAX, default=DEFAULT_N,
                  help=t("prec.n.help"), container=left)
    offset = mid.slider(t("prec.offset"), *OFFSET_BOUNDS, 0.0, 0.5, key=OFFSET_KEY, bind="query-params",
                        help=t("prec.offset.help"))
    spread = right.slider(t("prec.spread"), *SPREAD_BOUNDS, 1.0, 0.5, key=SPREAD_KEY, bind="query-params",
                          help=t("prec.spread.help"))
    seed = int_input(t, t("prec.seed"), key=SEED_KEY, low=0, high=SEED_MAX, default=0, help=t("prec.seed.help"),
                     container=last)
    return max_abs, n, float(offset), float(spread), seed


def method_control(t) -> str:
    label = st.segmented_control(t("prec.method"), list(METHOD_LABELS.values()), default=METHOD_LABELS["rms"],
                                 key=METHOD_KEY, bind="query-params", required=True)
    return next((k for k, lab in METHOD_LABELS.items() if lab == label), "rms")


def device(backend: _xp.Backend) -> str:
    """Where torch computes: the backend's device for torch, the CPU for numpy."""
    return backend.device if backend.name == "torch" else "cpu"


# --- cached computations (numpy results only) and the figure ---------------------------------------


@st.cache_data(max_entries=64, show_spinner=False)
def sweep(n: int, offset: float, spread: float, seed: int, dev: str) -> precision.Sweep:
    return precision.sweep(n, offset, spread, seed, device=dev)


@st.cache_data(max_entries=256, show_spinner=False)
def current(n: int, max_abs: float, offset: float, spread: float, seed: int, dev: str) -> precision.Current:
    return precision.current(n, max_abs, offset, spread, seed, device=dev)


@st.cache_data(max_entries=256, show_spinner=False)
def sweep_figure(n: int, max_abs: float, offset: float, spread: float, seed: int, dev: str, method: str,
                 lang: str, projector: bool) -> dict:
    return typed(figs.sweep_figure(sweep(n, offset, spread, seed, dev), current(n, max_abs, offset, spread, seed, dev),
                                   method, max_abs=max_abs, lang=lang, projector=projector))


@st.cache_data(max_entries=2, show_spinner=False)
def limits_table() -> list[precision.DtypeLimits]:
    return precision.limits_table()


# --- tables and messages ---------------------------------------------------------------------------


def limits_view(t) -> None:
    """max, tiny, eps, significant bits and √max of each dtype, from finfo."""
    rows = [[f"`{r.name}`", f"{r.max:.6g}", f"{r.tiny:.4g}", f"{r.eps:.4g}", str(r.bits), f"{r.square_overflow:.6g}",
             f"`{r.source}`"] for r in limits_table()]
    header = [t("prec.col.dtype"), t("prec.col.max"), t("prec.col.tiny"), t("prec.col.eps"), t("prec.col.bits"),
              t("prec.col.square"), t("prec.col.source")]
    st.markdown(markdown_table(header, rows, "lrrrrrl"))
    lim = {r.name: r for r in limits_table()}
    st.caption(t("prec.limits.caption", bf16=f"{lim['bfloat16'].unit_roundoff:.4g}",
                 fp16=f"{lim['float16'].unit_roundoff:.4g}", max=f"{lim['float16'].max:g}",
                 sq=f"{lim['float16'].square_overflow:.2f}"))


def _error(value: float) -> str:
    return "NaN" if math.isnan(value) else "0" if value == 0.0 else f"{value:.2e}"


def _outcome(t, r: precision.PathResult) -> str:
    return t(f"prec.outcome.{r.outcome}", count=r.nonfinite)


def results_table(t, cur: precision.Current) -> None:
    """Every dtype × path: the error against float64 and what the output is, for both methods."""
    names = [METHODS[k].label for k in precision.KEYS]
    header = [t("prec.col.dtype"), t("prec.col.path")]
    for name in names:
        header += [t("prec.col.error", method=name), t("prec.col.outcome", method=name)]
    reference = [precision.PathResult(k, "float64", "reference", cur.reference[k], 0.0) for k in precision.KEYS]
    rows = [["`float64`", t("prec.path.reference")] + [c for r in reference for c in ("0", _outcome(t, r))]]
    for d in precision.DTYPES:
        for p in precision.PATHS:
            row = [f"`{d}`", t(f"prec.path.{p}")]
            for k in precision.KEYS:
                r = cur.result(k, d, p)
                row += [_error(r.error), _outcome(t, r)]
            rows.append(row)
    st.markdown(markdown_table(header, rows, "llrlrl"))
    st.caption(t("prec.error.caption", rms=f"{METHODS['rms'].default_eps:g}", ln=f"{METHODS['ln'].default_eps:g}"))


def overflow_message(t, cur: precision.Current) -> None:
    """What overflowed in float16 for this vector: the stored x, its squares, or nothing."""
    lim = precision.limits("float16")
    sq = f"{lim.square_overflow:.2f}"
    if cur.stored_inf["float16"]:  # x itself is inf: no reduction can help, the squares are beside the point
        st.warning(t("prec.msg.stored", count=cur.stored_inf["float16"], max=f"{lim.max:g}"), icon="⚠️")
        return
    overflowed = [k for k in precision.KEYS if cur.square_inf[(k, "float16")]]
    for k in overflowed:
        st.warning(t(f"prec.msg.square.{k}", count=cur.square_inf[(k, "float16")], sq=sq), icon="⚠️")
    if not overflowed:
        st.success(t("prec.msg.fine", sq=sq), icon="✅")


def sweep_caption(t) -> str:
    lim = precision.limits("float16")  # every number of the caption from finfo
    return t("prec.fig.caption", per_decade=precision.PER_DECADE, max=f"{lim.max:g}", sq=f"{lim.square_overflow:.0f}",
             bits=lim.bits, tiny=f"{lim.tiny:.1e}")


def bf16_text(t, cur: precision.Current) -> str:
    lim = precision.limits("bfloat16")
    err = cur.result("rms", "bfloat16", "upcast").error
    exact = err < lim.unit_roundoff / 16  # the zero vector, a constant one: nothing to round (NaN is not < )
    return t("prec.bf16.exact" if exact else "prec.bf16", bits=lim.bits, u=f"{lim.unit_roundoff:.4g}",
             err=_error(err),
             f32=_error(cur.result("rms", "float32", "upcast").error))
