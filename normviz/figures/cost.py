"""The cost page's chart: bandwidth reached by copy, LayerNorm, RMSNorm and L2, per shape.

Data come from ``normviz.bench.run`` (a ``Run``); this builder only draws, as
plotly JSON (dicts with numpy arrays, never ``go.Figure``). One bar trace per
operation (``meta``: ``bench_copy``, ``bench_ln``, ...), grouped by shape.
"""

from __future__ import annotations

import numpy as np

from normviz.bench import NORM_OPS, Run
from normviz.figures._legend import legend_below
from normviz.figures._style import COLORS, base_layout, method_name
from normviz.i18n import Translator

# bench op -> method key of normviz.methods (colours and names)
METHOD_OF = {"layer_norm": "ln", "rms_norm": "rms", "l2": "l2"}
PLOT_HEIGHT = 360


def shape_label(shape: tuple[int, ...]) -> str:
    return " × ".join(str(v) for v in shape)


def bench_figure(run: Run, t: Translator, *, projector: bool = False) -> dict:
    """Grouped bars of GB/s (read + written), the copy first in grey; hover gives time and ratio to copy."""
    shapes = list(dict.fromkeys(r.shape for r in run.results))
    labels = np.array([shape_label(sh) for sh in shapes], dtype=object)
    data = []
    for op in ("copy", *NORM_OPS):
        rows = {r.shape: r for r in run.results if r.op == op}
        if not rows:
            continue
        gbs = np.array([rows[sh].gbs if sh in rows else np.nan for sh in shapes])
        ms = np.array([rows[sh].seconds * 1e3 if sh in rows else np.nan for sh in shapes])
        ratio = np.array([rows[sh].vs_copy if sh in rows and rows[sh].vs_copy is not None else 1.0 for sh in shapes])
        if op == "copy":
            name, color = t("cost.op.copy"), COLORS["reference"]
        else:
            name, color = method_name(METHOD_OF[op], t), COLORS[METHOD_OF[op]]
        data.append({
            "type": "bar", "x": labels, "y": gbs, "name": name, "meta": f"bench_{METHOD_OF.get(op, op)}",
            "marker": {"color": color}, "customdata": np.stack([ms, ratio], axis=1),
            "hovertemplate": "%{y:.2f} GB/s · %{customdata[0]:.3f} ms · ×%{customdata[1]:.2f}<extra>"
            + name + "</extra>",
        })  # fmt: skip
    return {
        "data": data,
        "layout": base_layout(
            projector,
            title={"text": t("cost.fig.title"), "x": 0.01, "xanchor": "left"},
            barmode="group",
            xaxis={"title": {"text": t("cost.fig.x")}, "type": "category"},
            yaxis={"title": {"text": t("cost.fig.y")}, "rangemode": "tozero"},
            **legend_below(
                projector,
                plot_height=PLOT_HEIGHT + (120 if projector else 0),
                entries=len(data),
                columns=4,
                entry_width=10,
            ),
        ),
    }
