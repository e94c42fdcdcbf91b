"""ε: output norm against input norm, and the noise gain of LayerNorm, one curve per ε.

Data come from ``normviz.epsilon`` (computed with the library); the builders
only draw, as plotly JSON. Trace roles: ``eps_<i>`` (the fixed ε values, in
``EPS_SET`` order), ``user``, ``sqrt_n``, ``bound_<i>``, ``current``.
"""

from __future__ import annotations

import math

import numpy as np

from normviz import epsilon
from normviz.figures._legend import legend_below
from normviz.figures._style import COLORS, base_layout, method_name, sizes
from normviz.format import eps_text
from normviz.i18n import Translator

# a sequential scale (viridis stops), dark for ε = 0 to light for the largest ε
EPS_COLORS = ("#440154", "#3B528B", "#21918C", "#36A23A", "#A28E00")
USER_COLOR = COLORS["input"]


def _curve(x, y, *, meta: str, name: str, color: str, width: float, dash: str = "solid") -> dict:
    return {
        "type": "scatter",
        "x": x,
        "y": np.where(np.isfinite(y), y, np.nan),
        "mode": "lines",
        "meta": meta,
        "name": name,
        "line": {"color": color, "width": width, "dash": dash},
        "hovertemplate": "%{x:.3g} → %{y:.4g}<extra>" + name + "</extra>",
    }


def norm_figure(
    curves: dict[float, tuple[np.ndarray, np.ndarray]],
    user: tuple[float, np.ndarray, np.ndarray],
    t: Translator,
    *,
    key: str,
    n: int,
    projector: bool = False,
) -> dict:
    """‖y‖ against ‖x‖ on log axes for each ε of ``curves`` and the user's ε, with the √n line."""
    s = sizes(projector)
    first = next(iter(curves.values()))[0]
    root = math.sqrt(n)
    data = []
    for i, (eps, (r, norms)) in enumerate(curves.items()):
        data.append(
            _curve(r, norms, meta=f"eps_{i}", name=f"ε = {eps_text(eps)}", color=EPS_COLORS[i], width=s["thin"] * 1.4)
        )
    eps_u, r, norms = user
    data.append(
        _curve(
            r,
            norms,
            meta="user",
            name=t("epsp.fig.user", eps=eps_text(eps_u)),
            color=USER_COLOR,
            width=s["line"],
            dash="dot",
        )
    )
    # drawn last, so that the ε = 0 curve (exactly √n) does not hide it
    data.append(
        {
            "type": "scatter",
            "x": np.array([first[0], first[-1]]),
            "y": np.full(2, root),
            "mode": "lines",
            "meta": "sqrt_n",
            "name": t("epsp.fig.sqrt_n", n=n, value=f"{root:.2f}"),
            "line": {"color": COLORS["reference"], "width": s["thin"], "dash": "dash"},
            "hoverinfo": "name",
        }
    )
    lo, hi = (math.log10(v) for v in epsilon.NORM_RANGE)
    return {
        "data": data,
        "layout": base_layout(
            projector,
            title={"text": t("epsp.fig.norm.title", method=method_name(key, t), n=n), "x": 0.01, "xanchor": "left"},
            # a little room right of 10⁴, or plotly drops that tick label at the edge
            xaxis={
                "title": {"text": t("epsp.fig.norm.x")},
                "type": "log",
                "range": [lo - 0.05, hi + 0.3],
                "exponentformat": "power",
            },
            yaxis={
                "title": {"text": t("epsp.fig.norm.y")},
                "type": "log",
                "range": [lo - 0.5, math.log10(root) + 1.0],
                "exponentformat": "power",
            },
            **legend_below(
                projector, plot_height=420 if projector else 340, entries=len(data), columns=3, entry_width=14
            ),
        ),
    }


def gain_figure(
    curves: dict[float, tuple[np.ndarray, np.ndarray]],
    user: tuple[float, np.ndarray, np.ndarray],
    current: epsilon.Amplification,
    t: Translator,
    *,
    projector: bool = False,
) -> dict:
    """LayerNorm's noise gain against the noise δ (log-log), the bound 1/√ε dashed, the current δ marked."""
    s = sizes(projector)
    data = []
    items = [*((i, eps, d, g, EPS_COLORS[i]) for i, (eps, (d, g)) in enumerate(curves.items()))]
    for i, eps, d, g, color in items:
        data.append(_curve(d, g, meta=f"eps_{i}", name=f"ε = {eps_text(eps)}", color=color, width=s["thin"] * 1.4))
        if eps > 0.0:
            data.append(
                {
                    "type": "scatter",
                    "x": np.array([d[0], d[-1]]),
                    "y": np.full(2, 1.0 / math.sqrt(eps)),
                    "mode": "lines",
                    "meta": f"bound_{i}",
                    "showlegend": False,
                    "hoverinfo": "name",
                    "name": f"1/√ε = {1.0 / math.sqrt(eps):.3g}",
                    "line": {"color": color, "width": s["thin"] * 0.7, "dash": "dash"},
                }
            )
    eps_u, d, g = user
    data.append(
        _curve(
            d,
            g,
            meta="user",
            name=t("epsp.fig.user", eps=eps_text(eps_u)),
            color=USER_COLOR,
            width=s["line"],
            dash="dot",
        )
    )
    gain = current.gain if math.isfinite(current.gain) else np.nan
    data.append(
        {
            "type": "scatter",
            "x": np.array([current.noise]),
            "y": np.array([gain]),
            "mode": "markers",
            "meta": "current",
            "name": t("epsp.fig.gain.current", gain=f"{current.gain:.4g}"),
            "marker": {
                "color": USER_COLOR,
                "size": s["marker"] * 1.4,
                "symbol": "diamond",
                "line": {"color": "white", "width": 1},
            },
            "hovertemplate": "δ = %{x:.3g}: ×%{y:.4g}<extra></extra>",
        }
    )
    lo, hi = (math.log10(v) for v in epsilon.NOISE_RANGE)
    return {
        "data": data,
        "layout": base_layout(
            projector,
            title={"text": t("epsp.fig.gain.title"), "x": 0.01, "xanchor": "left"},
            xaxis={
                "title": {"text": t("epsp.fig.gain.x")},
                "type": "log",
                "range": [lo, hi],
                "exponentformat": "power",
            },
            yaxis={
                "title": {"text": t("epsp.fig.gain.y")},
                "type": "log",
                "range": [-0.5, 10.5],
                "exponentformat": "power",
            },
            **legend_below(projector, plot_height=420 if projector else 340, entries=7, columns=3, entry_width=14),
        ),
    }
