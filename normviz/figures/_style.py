"""Shared look of every figure: one colour per method, fonts, arrows, the staged animation.

Colours come from the Okabe–Ito palette (safe for the common colour-vision
deficiencies) and mean the same method on every page.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import numpy as np
import plotly.graph_objects as go

from normviz.geometry import STAGES
from normviz.i18n import translate

COLORS = {
    "input": "#000000",  # black
    "l2": "#E69F00",  # orange
    "rms": "#0072B2",  # blue
    "ln": "#009E73",  # bluish green
    "decomposition": "#CC79A7",  # reddish purple
    "reference": "#7F7F7F",  # grey: spheres, planes, rays
}
DASHES = {"l2": "dot", "rms": "dash", "ln": "solid"}
ANIMATION_STEPS = 10  # frames per stage of the projection animation


def method_name(method: str, lang: str) -> str:
    return translate(lang, f"method.{method}" if method != "input" else "method.input")


def subscript(k: int) -> str:
    """A whole number k >= 0 in subscript digits, for component labels (x₁₂)."""
    return "".join("₀₁₂₃₄₅₆₇₈₉"[int(d)] for d in str(k))


def sizes(projector: bool) -> dict[str, float]:
    """Font, line and marker sizes for screen or projector."""
    if projector:
        return {"font": 22, "line": 5, "thin": 3, "marker": 16, "head": 22}
    return {"font": 14, "line": 3, "thin": 1.5, "marker": 9, "head": 14}


def base_layout(lang: str, projector: bool, **extra) -> dict:
    s = sizes(projector)
    layout = dict(
        template="plotly_white",
        font=dict(size=s["font"]),
        legend=dict(itemsizing="constant", bgcolor="rgba(255,255,255,0.8)"),
        margin=dict(l=10, r=10, t=40, b=10),
        hovermode="closest",
        # Reruns send a new figure; a constant uirevision keeps legend toggles.
        uirevision="normviz",
    )
    layout.update(extra)
    return layout


def finite_arrows(starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Arrows' starts and ends as float64 rows, shape (k, dim), less those with a non-finite coordinate."""
    starts = np.atleast_2d(np.asarray(starts, dtype=np.float64))
    ends = np.atleast_2d(np.asarray(ends, dtype=np.float64))
    keep = np.all(np.isfinite(starts), axis=1) & np.all(np.isfinite(ends), axis=1)
    return starts[keep], ends[keep]


def arrows_xy(starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, ...]:
    """Coordinates of several arrows in one trace: start, end, NaN gap, ...

    Returns one array per dimension; non-finite arrows are left out.
    """
    starts, ends = finite_arrows(starts, ends)
    gap = np.full_like(starts, np.nan)
    pts = np.stack([starts, ends, gap], axis=1).reshape(-1, starts.shape[1])
    return tuple(pts[:, i] for i in range(pts.shape[1]))


def arrow_marker(color: str, count: int, projector: bool) -> dict:
    """Arrowheads at each arrow's end (every third point), none elsewhere."""
    s = sizes(projector)
    size = np.tile([0.0, s["head"], 0.0], count)
    return dict(symbol="arrow", angleref="previous", size=size, color=color, line=dict(width=0))


def animation_controls(lang: str, frame_names: list[str], labels: list[str], *, projector: bool = False,
                       duration: int = 60) -> dict:
    """updatemenus (play/pause) and a step slider for ``frame_names``; runs in the browser.

    The slider sits below the plot area, padded in pixels past the x-axis title.
    """
    play = dict(
        label=translate(lang, "anim.play"),
        method="animate",
        args=[None, dict(frame=dict(duration=duration, redraw=True), fromcurrent=True,
                         transition=dict(duration=0), mode="immediate")],
    )
    pause = dict(
        label=translate(lang, "anim.pause"),
        method="animate",
        args=[[None], dict(frame=dict(duration=0, redraw=False), mode="immediate",
                           transition=dict(duration=0))],
    )
    steps = [
        dict(method="animate", label=label,
             args=[[name], dict(mode="immediate", frame=dict(duration=0, redraw=True),
                                transition=dict(duration=0))])
        for name, label in zip(frame_names, labels)
    ]
    return dict(
        updatemenus=[dict(type="buttons", direction="left", showactive=False, buttons=[play, pause],
                          x=1.0, y=1.0, xanchor="right", yanchor="bottom", pad=dict(t=0, r=0, b=6))],
        sliders=[dict(active=0, steps=steps, x=0.0, y=0.0, len=1.0, xanchor="left", yanchor="top",
                      pad=dict(t=4.2 * sizes(projector)["font"], b=0), ticklen=3,
                      currentvalue=dict(visible=False))],
    )


def stage_title(lang: str, title_prefix: str, stage: str = "start") -> dict:
    """The figure title naming an animation stage: ``{title_prefix}.{stage}`` from the catalog, at the left."""
    return dict(text=translate(lang, f"{title_prefix}.{stage}"), x=0.01, xanchor="left")


def stage_frames(
    has_affine: bool,
    *,
    lang: str,
    title_prefix: str,
    frame_data: Callable[[int], list],
    trace_indices: Iterable[int],
    steps: int = ANIMATION_STEPS,
) -> tuple[list[go.Frame], list[str], list[str]]:
    """The frames of the projection animation: a start frame, then ``steps`` per stage.

    The stages are ``geometry.STAGES`` (the affine one only when ``has_affine``),
    as in ``geometry.projection_path(..., steps)``. Frame k is named ``f{k}``,
    replaces the traces ``trace_indices`` with ``frame_data(k)`` and titles the
    figure with its stage (``stage_title``). Returns the frames, their names and
    the step slider's labels: the number of stages done at each stage's end,
    blank between (for ``animation_controls``).
    """
    stages = STAGES if has_affine else STAGES[:2]
    indices = list(trace_indices)
    frames, names, labels = [], [], []
    for k in range(steps * len(stages) + 1):
        stage = STAGES[(k - 1) // steps] if k else "start"
        name = f"f{k}"
        frames.append(go.Frame(name=name, data=frame_data(k), traces=indices,
                               layout=dict(title=stage_title(lang, title_prefix, stage))))
        names.append(name)
        labels.append(str(k // steps) if k % steps == 0 else "")
    return frames, names, labels


def add_stage_animation(fig: go.Figure, moving: Callable[[int], list], *, has_affine: bool, lang: str,
                        projector: bool, title_prefix: str) -> dict:
    """Add ``moving(0)`` to ``fig`` as its last traces and ``stage_frames`` that redraw them as ``moving(k)``.

    Returns the play/pause and step slider layout (``animation_controls``) for the caller to place.
    """
    first = len(fig.data)
    start = moving(0)
    fig.add_traces(start)
    frames, names, labels = stage_frames(has_affine, lang=lang, title_prefix=title_prefix, frame_data=moving,
                                         trace_indices=range(first, first + len(start)))
    fig.frames = frames
    return animation_controls(lang, names, labels, projector=projector)
