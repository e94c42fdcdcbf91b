"""Precision: the error of each dtype × path against float64, over the range of max|x|.

Data come from ``normviz.precision`` (a ``Sweep`` and the ``Current`` vector);
the builder only draws, as plotly JSON (dicts with numpy arrays). Traces carry
``meta`` roles: ``error_<dtype>_<path>``, ``nan``, ``current``,
``roundoff_<dtype>``, ``overflow`` and, when the naive path reduces with
``sum(-1) / D``, ``sum_overflow`` (where its float16 Σ of squares passes max).
"""

from __future__ import annotations

import math

import numpy as np

from normviz import precision
from normviz.figures._legend import legend_below
from normviz.figures._style import COLORS, base_layout, method_name, sizes
from normviz.i18n import Translator

# Okabe–Ito colours the methods do not use: vermillion, reddish purple, sky blue
DTYPE_COLORS = {"float16": "#D55E00", "bfloat16": "#C972A3", "float32": "#1C96DA"}
PATH_DASH = {"naive": "dot", "upcast": "solid"}
PATH_SYMBOL = {"naive": "circle-open", "upcast": "circle"}
FLOOR = 1e-9  # errors below (exact zeros included) are drawn here
NAN_LEVEL = 10.0  # a NaN output is marked at this height, above every finite error
Y_RANGE = [-9.3, 1.4]


def _floor(err: np.ndarray) -> np.ndarray:
    return np.where(np.isfinite(err), np.maximum(err, FLOOR), np.nan)


def sweep_figure(
    sw: precision.Sweep, cur: precision.Current, key: str, t: Translator, *, max_abs: float, projector: bool = False
) -> dict:
    """Error against float64 (log) over max|x| (log): one curve per dtype × path, NaN marked on top."""
    s = sizes(projector)
    data = []
    for dtype in precision.DTYPES:
        lim = precision.limits(dtype)
        data.append(
            {
                "type": "scatter",
                "x": np.array([sw.max_abs[0], sw.max_abs[-1]]),
                "y": np.full(2, lim.unit_roundoff),
                "mode": "lines",
                "meta": f"roundoff_{dtype}",
                "showlegend": False,
                "hoverinfo": "name",
                "name": t("prec.fig.roundoff", dtype=dtype, bits=lim.bits),
                "line": {"color": DTYPE_COLORS[dtype], "width": s["thin"] * 0.7, "dash": "dash"},
            }
        )
    for dtype in precision.DTYPES:
        for path in precision.PATHS:
            err = sw.errors[(key, dtype, path)]
            name = t("prec.fig.trace", dtype=dtype, path=t(f"prec.path.{path}"))
            data.append(
                {
                    "type": "scatter",
                    "x": sw.max_abs,
                    "y": _floor(err),
                    "mode": "lines+markers",
                    "meta": f"error_{dtype}_{path}",
                    "name": name,
                    "customdata": err,
                    "line": {
                        "color": DTYPE_COLORS[dtype],
                        "width": s["line"] if path == "upcast" else s["thin"],
                        "dash": PATH_DASH[path],
                    },
                    "marker": {"color": DTYPE_COLORS[dtype], "size": s["marker"] * 0.45, "symbol": PATH_SYMBOL[path]},
                    "hovertemplate": "max|x| = %{x:.3g}: %{customdata:.2e}<extra>" + name + "</extra>",
                }
            )
    nan_x, nan_c, nan_t = [], [], []
    for dtype in precision.DTYPES:
        for path in precision.PATHS:
            bad = ~np.isfinite(sw.errors[(key, dtype, path)])
            nan_x.append(sw.max_abs[bad])
            nan_c += [DTYPE_COLORS[dtype]] * int(bad.sum())
            nan_t += [f"{dtype} {t(f'prec.path.{path}')}"] * int(bad.sum())
    data.append(
        {
            "type": "scatter",
            "x": np.concatenate(nan_x),
            "y": np.full(len(nan_c), NAN_LEVEL),
            "mode": "markers",
            "meta": "nan",
            "name": t("prec.fig.nan"),
            "text": nan_t,
            "marker": {"color": nan_c, "size": s["marker"], "symbol": "x-thin", "line": {"width": 2, "color": nan_c}},
            "hovertemplate": "max|x| = %{x:.3g}: NaN<extra>%{text}</extra>",
        }
    )
    threshold = precision.limits("float16").square_overflow
    data.append(
        {
            "type": "scatter",
            "x": np.full(2, threshold),
            "y": np.array([FLOOR, NAN_LEVEL]),
            "mode": "lines",
            "meta": "overflow",
            "name": t("prec.fig.overflow", value=f"{threshold:.2f}"),
            "line": {"color": DTYPE_COLORS["float16"], "width": s["thin"], "dash": "dashdot"},
            "hoverinfo": "name",
        }
    )
    if cur.reduction == "sum" and math.isfinite(sw.sum_overflow[key]):
        at = sw.sum_overflow[key]
        data.append(
            {
                "type": "scatter",
                "x": np.full(2, at),
                "y": np.array([FLOOR, NAN_LEVEL]),
                "mode": "lines",
                "meta": "sum_overflow",
                "hoverinfo": "name",
                "name": t("prec.fig.sum_overflow", max=f"{precision.limits('float16').max:g}", value=f"{at:.3g}"),
                "line": {"color": DTYPE_COLORS["float16"], "width": s["thin"], "dash": "longdash"},
            }
        )
    errs = np.array([cur.result(key, d, p).error for d in precision.DTYPES for p in precision.PATHS])
    data.append(
        {
            "type": "scatter",
            "x": np.full(errs.size, float(max_abs)),
            "y": np.where(np.isfinite(errs), np.maximum(np.nan_to_num(errs), FLOOR), NAN_LEVEL),
            "mode": "markers",
            "meta": "current",
            "name": t("prec.fig.current", value=f"{max_abs:.4g}"),
            "marker": {
                "color": [DTYPE_COLORS[d] for d in precision.DTYPES for _ in precision.PATHS],
                "size": s["marker"] * 1.3,
                "symbol": "diamond",
                "line": {"color": COLORS["input"], "width": 1},
            },
            "customdata": errs,
            "hovertemplate": "%{customdata:.2e}<extra></extra>",
        }
    )
    lo, hi = (math.log10(v) for v in precision.MAX_ABS_RANGE)
    return {
        "data": data,
        "layout": base_layout(
            projector,
            title={"text": t("prec.fig.title", method=method_name(key, t)), "x": 0.01, "xanchor": "left"},
            xaxis={
                "title": {"text": t("prec.fig.x")},
                "type": "log",
                "range": [lo - 0.1, hi + 0.1],
                "exponentformat": "power",
            },
            yaxis={"title": {"text": t("prec.fig.y")}, "type": "log", "range": Y_RANGE, "exponentformat": "power"},
            **legend_below(
                projector, plot_height=400 if projector else 360, entries=8 + (cur.reduction == "sum"), columns=2
            ),
        ),
    }
