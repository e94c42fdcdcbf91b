"""The small figures of the exercises' feedback that no topic page draws: parameters, float16, traffic, a moved x,
the residual stack's gradient paths and its growth, and a real model's LN–RMS gap against the share along 𝟏.

Pure functions: data in, plotly JSON (dicts) out.
"""

from __future__ import annotations

import numpy as np

from normviz import hidden, residual
from normviz.exercises import GROWTH_BINS, norm_param_count, traffic
from normviz.figures._legend import legend_below
from normviz.figures._style import COLORS, base_layout, method_name, sizes
from normviz.figures.residual import ARRANGEMENT_DASH, variants
from normviz.format import shortest_vector, subscript
from normviz.i18n import Translator

PARAM_KINDS = ("ln", "ln_nobias", "rms")


def params_figure(d: int, t: Translator, *, projector: bool = False) -> dict:
    """Stacked bars: γ and β of LayerNorm, LayerNorm without bias and RMSNorm at hidden size d."""
    names = [t("exercises.fig.params.ln_nobias") if k == "ln_nobias" else method_name(k, t) for k in PARAM_KINDS]
    weight = np.array([float(d) for _ in PARAM_KINDS])
    bias = np.array([float(norm_param_count(k, d) - d) for k in PARAM_KINDS])
    data = [
        {
            "type": "bar",
            "x": names,
            "y": weight,
            "name": t("exercises.fig.params.weight"),
            "meta": "weight",
            "marker": {"color": COLORS["rms"]},
        },
        {
            "type": "bar",
            "x": names,
            "y": bias,
            "name": t("exercises.fig.params.bias"),
            "meta": "bias",
            "marker": {"color": COLORS["ln"]},
        },
    ]
    return {
        "data": data,
        "layout": base_layout(
            projector,
            barmode="stack",
            title={"text": t("exercises.fig.params.title", d=d)},
            yaxis={"title": {"text": t("exercises.fig.params.y")}},
            **legend_below(projector, plot_height=360 if projector else 280, entries=2),
        ),
    }


def fp16_figure(v: float | None, t: Translator, *, projector: bool = False) -> dict:
    """x² (computed in float32) against |x|, float16's largest finite value, and the exercise's x."""
    fmax = float(np.finfo(np.float16).max)
    xs = np.linspace(0.0, 400.0, 161)
    s = sizes(projector)
    data = [
        {
            "type": "scatter",
            "x": xs,
            "y": (xs.astype(np.float32) ** 2).astype(np.float64),
            "mode": "lines",
            "meta": "square",
            "name": t("exercises.fig.fp16.square"),
            "line": {"color": COLORS["input"], "width": s["line"]},
        },
        {
            "type": "scatter",
            "x": np.array([0.0, 400.0]),
            "y": np.array([fmax, fmax]),
            "mode": "lines",
            "meta": "fp16_max",
            "name": t("exercises.fig.fp16.max", max=f"{fmax:g}"),
            "line": {"color": COLORS["decomposition"], "width": s["thin"] * 2, "dash": "dash"},
        },
    ]
    if v is not None:
        data.append(
            {
                "type": "scatter",
                "x": np.array([min(float(v), 400.0)]),
                "y": np.array([min(float(v) ** 2, 160000.0)]),
                "mode": "markers",
                "meta": "point",
                "name": t("exercises.fig.fp16.point"),
                "marker": {"color": COLORS["rms"], "size": s["marker"] * 1.5},
            }
        )
    return {
        "data": data,
        "layout": base_layout(
            projector,
            title={"text": t("exercises.fig.fp16.title")},
            xaxis={"title": {"text": t("exercises.fig.fp16.x")}, "range": [0, 400]},
            yaxis={"title": {"text": t("exercises.fig.fp16.y")}, "range": [0, 160000]},
            **legend_below(projector, plot_height=360 if projector else 280, entries=len(data)),
        ),
    }


def cost_figure(tokens: int, d: int, calls: int, t: Translator, *, projector: bool = False) -> dict:
    """GB read, GB written and GFLOP of ``calls`` normalizations of a tokens×d bf16 activation."""
    c = traffic(tokens, d, calls)
    half = c.bytes_total / 2e9
    keys = ("read", "write", "flops")
    values = np.array([half, half, c.norm_flops / 1e9])
    names = [t(f"exercises.fig.cost.{k}") for k in keys]
    colors = [COLORS["rms"], COLORS["ln"], COLORS["reference"]]
    data = [
        {
            "type": "bar",
            "x": names,
            "y": values,
            "meta": "cost",
            "name": t("exercises.fig.cost.title"),
            "marker": {"color": colors},
            "text": [f"{v:.2f}" for v in values],
            "textposition": "auto",
            "showlegend": False,
        }
    ]
    return {
        "data": data,
        "layout": base_layout(
            projector,
            title={"text": t("exercises.fig.cost.title")},
            yaxis={"title": {"text": t("exercises.fig.cost.y")}},
            height=360 if projector else 300,
        ),
    }


def moved_figure(x, moved, outputs: dict, t: Translator, *, projector: bool = False, label: str | None = None) -> dict:
    """Each method's output components for x (solid) and for the moved x (hatched), side by side.

    ``outputs``: method key -> (y(x), y(moved)), as ``invariance.moved_outputs`` gives. The bars
    take their method's colour, so the subtitle, not a legend, says which is which. ``label`` names
    the move ("7·x", "x + 100·𝟏"): the subtitle and the hatched bars then read "7·x = (7, 14, 21)".
    """
    moved_text = f"{label} = {shortest_vector(moved)}" if label else shortest_vector(moved)
    keys = list(outputs)
    n = len(x)
    # two-level categories: the method under its components y₁ … yₙ
    cats = [
        [method_name(k, t) for k in keys for _ in range(n)],
        [f"y{subscript(i + 1)}" for _ in keys for i in range(n)],
    ]
    colors = [COLORS[k] for k in keys for _ in range(n)]
    data = []
    for which, (role, vector, pattern) in enumerate((("moved_x", x, ""), ("moved_moved", moved, "/"))):
        name = (
            moved_text
            if which and label
            else t(f"exercises.fig.moved.{'x' if which == 0 else 'moved'}", v=shortest_vector(vector))
        )
        y = np.concatenate([np.asarray(outputs[k][which], dtype=np.float64) for k in keys])
        data.append(
            {
                "type": "bar",
                "x": cats,
                "y": y,
                "meta": role,
                "name": name,
                "showlegend": False,
                "marker": {
                    "color": colors,
                    "line": {"color": colors, "width": 1},
                    "pattern": {"shape": pattern, "fgcolor": "white", "fillmode": "overlay"},
                },
                "hovertemplate": "%{x}: %{y:.4f}<extra>" + name + "</extra>",
            }
        )
    subtitle = t("exercises.fig.moved.subtitle", x=shortest_vector(x), moved=moved_text)
    return {
        "data": data,
        "layout": base_layout(
            projector,
            barmode="group",
            xaxis={"type": "multicategory", "title": {"text": t("exercises.fig.moved.x_axis")}},
            title={"text": t("exercises.fig.moved.title"), "subtitle": {"text": subtitle}},
            yaxis={"title": {"text": t("exercises.fig.moved.y")}, "zeroline": True},
            height=460 if projector else 360,
            margin={"l": 10, "r": 10, "t": 120 if projector else 80, "b": 10},
        ),
    }


PATH_STYLE = {"all": ("input", "solid"), "skip": ("rms", "dash"), "branch": ("decomposition", "dot")}


def _layer_lines(
    traces: list[dict], depth: int, t: Translator, *, projector: bool, title: str, y: str, extra: dict | None = None
) -> dict:
    """One log panel over the layers 0 … depth, the legend below."""
    return {
        "data": traces,
        "layout": base_layout(
            projector,
            title={"text": title},
            xaxis={"title": {"text": t("res.fig.layer")}, "range": [0, depth]},
            yaxis={"title": {"text": y}, "type": "log", "exponentformat": "power", **(extra or {})},
            **legend_below(projector, plot_height=360 if projector else 280, entries=len(traces)),
        ),
    }


def _line(layers, values, *, role: str, name: str, color: str, dash: str, width: float) -> dict:
    return {
        "type": "scatter",
        "mode": "lines",
        "x": layers,
        "y": np.asarray(values, dtype=np.float64),
        "meta": role,
        "name": name,
        "line": {"color": color, "dash": dash, "width": width},
        "hovertemplate": "%{x}: %{y:.4g}<extra>" + name + "</extra>",
    }


def paths_figure(runs: dict[str, residual.StackRun], t: Translator, *, projector: bool = False) -> dict:
    """‖∂L/∂hₗ‖ per layer when the gradient flows everywhere, along the skip connections only, or
    through the sublayers only (``runs``: path -> run, as ``exercises.path_runs`` gives)."""
    s = sizes(projector)
    first = next(iter(runs.values()))
    depth = len(first.grad_norm) - 1
    layers = np.arange(depth + 1, dtype=np.float64)
    traces = [
        _line(
            layers,
            run.grad_norm,
            role=f"path_{path}",
            name=t(f"exercises.fig.paths.{path}"),
            color=COLORS[PATH_STYLE[path][0]],
            dash=PATH_STYLE[path][1],
            width=s["line"],
        )
        for path, run in runs.items()
    ]
    title = t("exercises.fig.paths.title", arrangement=t(f"res.fig.arr.{first.arrangement}"))
    return _layer_lines(traces, depth, t, projector=projector, title=title, y=t("res.fig.grad.y"))


def growth_figure(comp: residual.Comparison, arrangement: str, t: Translator, *, projector: bool = False) -> dict:
    """‖hₗ‖ / ‖h₀‖ per layer for every variant of the stack (the exercise's ``arrangement`` drawn thicker),
    with the choices' bounds 2× and 10× as grey lines."""
    s = sizes(projector)
    depth = comp.config.depth
    layers = np.arange(depth + 1, dtype=np.float64)
    traces = []
    for suffix, run, name, color in variants(comp, t):
        if run.norm not in (None, "rms") or run.arrangement not in (*residual.CLASSIC, residual.NO_NORM):
            continue  # LayerNorm's curves lie on RMSNorm's; Peri-Norm and nGPT (the residual page shows them all)
        mine = run.arrangement == arrangement
        traces.append(
            _line(
                layers,
                run.stream_norm / run.stream_norm[0],
                role=f"growth_{suffix}",
                name=name,
                color=color,
                dash=ARRANGEMENT_DASH[run.arrangement],
                width=s["line"] * (1.8 if mine else 1.0),
            )
        )
    for bound in GROWTH_BINS:
        traces.append(
            {
                "type": "scatter",
                "mode": "lines",
                "x": np.array([0.0, float(depth)]),
                "y": np.full(2, bound),
                "meta": f"growth_bound_{bound:g}",
                "hoverinfo": "skip",
                "name": t("exercises.fig.growth.bound", bound=f"{bound:g}"),
                "line": {"color": COLORS["reference"], "dash": "dot", "width": s["thin"]},
            }
        )
    top = max(float(np.max(trace["y"])) for trace in traces)
    title = t("exercises.fig.growth.title", depth=depth, gain=f"{comp.config.gain:g}")
    return _layer_lines(
        traces,
        depth,
        t,
        projector=projector,
        title=title,
        y=t("exercises.fig.growth.y"),
        extra={"range": [-0.05, float(np.log10(max(top, 20.0))) + 0.1]},
    )


GAP_CURVE_POINTS = 201


def gap_share_figure(
    shares, gaps, chosen: int, t: Translator, *, projector: bool = False, norm: str = "", tokens=None
) -> dict:
    """‖LN(x) − RMS(x)‖/‖LN(x)‖ against the share c of ‖x‖² along 𝟏, in %: the ε = 0 curve √(2(1 − √(1 − c)))
    (``hidden.gap_from_share``) from 0 to a little past the largest share, every token of one norm (``shares``,
    ``gaps``: one number per token) as a point, and the token ``chosen`` (its index) ringed. ``tokens`` name the
    points in the hover.

    Roles (``meta``): ``gap_curve``, ``gap_tokens``, ``gap_chosen``; their x and y are shares and gaps times 100.
    """
    c = np.asarray(shares, dtype=np.float64)
    g = np.asarray(gaps, dtype=np.float64)
    if c.ndim != 1 or c.shape != g.shape or not 0 <= chosen < c.size:
        raise ValueError(
            f"shares and gaps must be one number per token and chosen one of them; got {c.shape}, {g.shape}"
        )
    s = sizes(projector)
    top = min(1.0, 1.1 * float(np.max(c)))
    curve_c = np.linspace(0.0, top, GAP_CURVE_POINTS)
    names = [t("exercises.fig.gap.curve"), t("exercises.fig.gap.tokens", norm=norm), t("exercises.fig.gap.chosen")]
    labels = [str(k) for k in range(c.size)] if tokens is None else [str(tok) for tok in tokens]
    data = [
        {
            "type": "scatter",
            "mode": "lines",
            "x": 100.0 * curve_c,
            "y": 100.0 * hidden.gap_from_share(curve_c),
            "meta": "gap_curve",
            "name": names[0],
            "line": {"color": COLORS["reference"], "width": s["line"]},
            "hoverinfo": "skip",
        },
        {
            "type": "scatter",
            "mode": "markers",
            "x": 100.0 * c,
            "y": 100.0 * g,
            "text": labels,
            "meta": "gap_tokens",
            "name": names[1],
            "marker": {"color": COLORS["rms"], "size": s["marker"]},
            "hovertemplate": "%{text}: c = %{x:.3g} %, %{y:.3g} %<extra></extra>",
        },
        {
            "type": "scatter",
            "mode": "markers",
            "x": np.array([100.0 * c[chosen]]),
            "y": np.array([100.0 * g[chosen]]),
            "text": [labels[chosen]],
            "meta": "gap_chosen",
            "name": names[2],
            "marker": {
                "color": "rgba(0,0,0,0)",
                "size": s["marker"] * 2.2,
                "symbol": "circle-open",
                "line": {"color": COLORS["decomposition"], "width": s["thin"] * 2},
            },
            "hovertemplate": "%{text}: c = %{x:.3g} %, %{y:.3g} %<extra></extra>",
        },
    ]
    return {
        "data": data,
        "layout": base_layout(
            projector,
            title={"text": t("exercises.fig.gap.title")},
            xaxis={"title": {"text": t("exercises.fig.gap.x")}, "rangemode": "tozero"},
            yaxis={"title": {"text": t("exercises.fig.gap.y")}, "rangemode": "tozero"},
            **legend_below(projector, plot_height=360 if projector else 280, entries=len(data)),
        ),
    }
