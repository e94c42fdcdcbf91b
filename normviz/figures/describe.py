"""Text descriptions of figures, for screen readers and for anyone who cannot see the picture.

Two sources, no Streamlit:

* ``describe_projection(scene, proj, t, extent=...)``: the plane / space scene from the
  same data the figure is drawn from: the targets, x, and where each shown output lies;
* ``describe_figure(spec, t)``: any figure dict, from its JSON: title, axis titles, the
  named traces with their point counts, the number of animation frames.
"""

from __future__ import annotations

import re

import numpy as np

from normviz import geometry as geo
from normviz.format import significant, significant_vector
from normviz.i18n import Translator
from normviz.methods import KEYS


def describe_projection(scene: geo.Scene, proj: geo.Projection, t: Translator, *, extent: float) -> str:
    """What the projection figure shows: the view, the targets, x and every shown method's output."""
    kind = "plane" if scene.n == 2 else "space"
    parts = [
        t(f"access.describe.{kind}", low=significant(-extent), high=significant(extent)),
        t("access.describe.input", x=significant_vector(proj.x), norm=significant(proj.stats.norm)),
    ]
    if geo.outside_view(proj.x, extent):
        parts.append(t("access.describe.input_outside"))
    if scene.has_affine:
        parts.append(
            t("access.describe.affine", gamma=significant_vector(scene.gamma), beta=significant_vector(scene.beta))
        )
    for m in KEYS:
        if m not in scene.shown:
            continue
        y = proj.outputs[m]
        if np.all(np.isfinite(y)):
            parts.append(
                t(
                    "access.describe.output",
                    method=t(f"method.{m}"),
                    y=significant_vector(y),
                    norm=significant(proj.norm_of(m)),
                )
            )
        else:
            parts.append(t("access.describe.output_nan", method=t(f"method.{m}")))
    return t.sentences(parts)


def plain_text(title) -> str:
    """A plotly title (a string or {"text": ...}) as plain text, without HTML tags."""
    if isinstance(title, dict):
        title = title.get("text")
    if not isinstance(title, str):
        return ""
    return re.sub(r"<[^>]+>", " ", title).strip()


def _points(trace: dict) -> int:
    for axis in ("x", "y", "z", "values", "r"):
        values = trace.get(axis)
        if isinstance(values, list) and values and isinstance(values[0], list):  # multicategory: one label per level
            return len(values[-1])
        if values is not None and not isinstance(values, (str, dict)):
            return int(np.size(values))
    return 0


def describe_figure(spec: dict, t: Translator) -> str:
    """A generic description of a plotly figure dict: title, axes, named traces, frames."""
    layout = spec.get("layout") or {}
    title = plain_text(layout.get("title"))
    subtitle = plain_text(layout["title"].get("subtitle")) if isinstance(layout.get("title"), dict) else ""
    if title and subtitle:
        title = f"{title}（{subtitle}）" if t.lang == "zh" else f"{title} ({subtitle})"
    parts = [t("access.describe.title", title=title) if title else t("access.describe.untitled")]
    scene = layout.get("scene")
    if isinstance(scene, dict) and scene.get("xaxis"):
        names = [plain_text((scene.get(f"{a}axis") or {}).get("title")) or a for a in "xyz"]
        parts.append(t("access.describe.axes3d", x=names[0], y=names[1], z=names[2]))
    elif layout.get("xaxis") or layout.get("yaxis"):
        x = plain_text((layout.get("xaxis") or {}).get("title")) or "x"
        y = plain_text((layout.get("yaxis") or {}).get("title")) or "y"
        parts.append(t("access.describe.axes2d", x=x, y=y))
    seen: dict[str, int] = {}
    for trace in spec.get("data") or []:
        name = plain_text(trace.get("name")) or t("access.describe.unnamed")
        seen[name] = seen.get(name, 0) + _points(trace)
    listed = t("list.separator").join(t("access.describe.points", name=n, count=c) for n, c in seen.items())
    parts.append(
        t("access.describe.traces", count=len(spec.get("data") or []), names=listed or t("access.describe.none"))
    )
    if spec.get("frames"):
        parts.append(t("access.describe.frames", count=len(spec["frames"])))
    return t.sentences(parts)
