"""Shared look of every figure: one colour per method, fonts, arrows.

Colours come from the Okabe–Ito palette (safe for the common colour-vision
deficiencies) and mean the same method on every page. Its light hues (orange,
sky blue, reddish purple) are darkened, hue kept, to 3:1 against white and the
3D scene's #F7F7F7 (WCAG 1.4.11, non-text contrast; tests/test_palette.py).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from normviz.i18n import Translator
from normviz.methods import METHODS

COLORS = {
    "input": "#000000",  # black
    **{m.key: m.color for m in METHODS.values()},  # orange, blue, bluish green
    "decomposition": "#C972A3",  # reddish purple
    "reference": "#7F7F7F",  # grey: spheres, planes, rays
    "guess": "#000000",  # the lesson: a student's prediction (×)
    "truth": "#C972A3",  # and the true output (○), shown after the reveal
    # the family's other members (family and axes pages)
    "bn": "#C972A3",  # reddish purple
    # Paul Tol's wine: Okabe-Ito's eight are taken, and it stays apart from them for colour-blind eyes
    "std": "#882255",
    "minmax": "#1C96DA",  # sky blue
    "softmax": "#D55E00",  # vermillion
    # Dynamic Tanh (the beyond page): Paul Tol's indigo, far from LayerNorm's bluish green and RMSNorm's blue
    # under every colour-vision deficiency (a green, Tol's #117733, sat next to LayerNorm's even for normal vision)
    "dyt": "#332288",
    # Dynamic erf (the beyond page, beside DyT): Paul Tol's rose, warm where DyT's indigo is cold, so the two
    # squashing curves stay apart under every colour-vision deficiency; 3.4:1 on the 3D scene's grey
    "derf": "#CC6677",
}
DASHES = {m.key: m.dash for m in METHODS.values()}


def method_name(method: str, t: Translator) -> str:
    """The translated name of a method key, or of "input"."""
    return t(f"method.{method}")


def sizes(projector: bool) -> dict[str, float]:
    """Font, line and marker sizes for screen or projector.

    On a projector the type is at least 24 px and every line, marker and arrowhead
    twice the screen's: read from the back of a room.
    """
    if projector:
        return {"font": 24, "line": 6, "thin": 3, "marker": 18, "head": 28}
    return {"font": 14, "line": 3, "thin": 1.5, "marker": 9, "head": 14}


# The parts of plotly's "plotly_white" template these figures use.
_TEMPLATE_KEYS = (
    "font",
    "paper_bgcolor",
    "plot_bgcolor",
    "hoverlabel",
    "xaxis",
    "yaxis",
    "scene",
    "title",
    "autotypenumbers",
)


@cache
def _template() -> dict:
    """plotly_white by value: go.Figure resolves a template *name*; plotly.js alone ignores it."""
    import plotly.io as pio

    full = pio.templates["plotly_white"].layout.to_plotly_json()
    return {"layout": {k: full[k] for k in _TEMPLATE_KEYS if k in full}}


def base_layout(projector: bool, **extra) -> dict:
    """The layout every figure starts from: the template by value, type sizes, a constant uirevision."""
    s = sizes(projector)
    layout = dict(
        template=_template(),
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


@cache
def _colorscale(name: str) -> tuple:
    from plotly.colors import get_colorscale

    return tuple((float(stop), color) for stop, color in get_colorscale(name))


def colorscale(name: str) -> list[list]:
    """A plotly.py colour scale by name, as the explicit [[stop, colour], ...] list a dict must carry.

    ``go.Figure`` expands a name; plotly.js knows only a few names ("Phase" is
    not among them) and reads some the other way round ("RdBu" starts blue).
    """
    return [list(step) for step in _colorscale(name)]
