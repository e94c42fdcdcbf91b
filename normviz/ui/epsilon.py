"""Widgets, cached computations and tables of the ε page.

Keys are namespaced ``epsilon.<name>`` (pages share one session state) and name
the URL parameters (``PARAMS``, through ``links``). The curves of the fixed ε values depend on the method and
n only and are cached; the user's ε adds one curve.
"""

from __future__ import annotations

import math

import numpy as np
import streamlit as st

from normviz import _xp, epsilon
from normviz.figures import epsilon as figs
from normviz.figures.typed import typed_arrays as typed
from normviz.format import eps_text, significant
from normviz.methods import METHODS
from normviz.ui.kit import links
from normviz.ui.kit.cache import cached
from normviz.ui.kit.controls import keyed_slider
from normviz.ui.kit.tables import markdown_table

PAGE = "epsilon"


def key(name: str) -> str:
    """The page's widget key (and URL parameter) for ``name``: ``epsilon.<name>``."""
    return f"{PAGE}.{name}"


METHOD_KEY, N_KEY, EPS_KEY, NOISE_KEY, C_KEY = (key(k) for k in ("method", "n", "eps", "noise", "c"))
METHOD_LABELS = {k: METHODS[k].label for k in epsilon.KEYS}
N_CHOICES = ("8", "64", "512", "2048", "8192")
EPS_BOUNDS, NOISE_BOUNDS, C_BOUNDS = (-12.0, 0.0), (-10.0, 0.0), (-100.0, 100.0)
SMALL_NORM = 1e-2  # the "small token" of the flattening table
DEFAULT_N, DEFAULT_EPS, DEFAULT_NOISE, DEFAULT_C = "2048", -2.0, -6.0, 1.0
PARAMS = (
    links.choice(METHOD_KEY, METHOD_KEY, tuple(METHOD_LABELS.values()), METHOD_LABELS["ln"]),
    links.choice(N_KEY, N_KEY, N_CHOICES, DEFAULT_N),
    links.number(EPS_KEY, EPS_KEY, *EPS_BOUNDS, DEFAULT_EPS),
    links.number(NOISE_KEY, NOISE_KEY, *NOISE_BOUNDS, DEFAULT_NOISE),
    links.number(C_KEY, C_KEY, *C_BOUNDS, DEFAULT_C),
)


def eps_from_exponent(exponent: float) -> float:
    return float(f"{10.0**exponent:.3g}")


def decade_slider(t, container, name: str, bounds, key: str, on_change) -> None:
    """A slider of log₁₀ of a small number (ε, δ) in half-decades, labelled ``epsp.<name>`` with its help;
    ``eps_from_exponent`` turns its value into the number."""
    label, help_text = t(f"epsp.{name}"), t(f"epsp.{name}.help")
    keyed_slider(container, label, *bounds, step=0.5, key=key, format="%.1f", help=help_text, on_change=on_change)


def norm_controls(t, *, on_change=None):
    """The method, n and the user's ε (log slider); the page's link values are read first (all in the URL).
    Returns the place under ε's slider for its value (``eps_readout``)."""
    links.load(t, PARAMS)
    left, mid, right = st.columns([2, 3, 4])
    left.segmented_control(
        t("epsp.method"), list(METHOD_LABELS.values()), key=METHOD_KEY, required=True, on_change=on_change
    )
    mid.select_slider(t("epsp.n"), N_CHOICES, key=N_KEY, help=t("epsp.n.help"), on_change=on_change)
    decade_slider(t, right, "user", EPS_BOUNDS, EPS_KEY, on_change)
    return right.container()


def norm_settings() -> tuple[str, int, float]:
    """The method, n and ε as ``norm_controls`` left them in the session state."""
    label = st.session_state[METHOD_KEY]
    method = next((k for k, lab in METHOD_LABELS.items() if lab == label), "ln")
    return method, int(st.session_state[N_KEY]), eps_from_exponent(float(st.session_state[EPS_KEY]))


def eps_readout(t, eps: float) -> None:
    """The user's ε under its slider."""
    st.markdown(t("epsp.user.value", eps=eps_text(eps)))


def noise_controls(t, *, on_change=None):
    """δ and c. Returns the place under them for their values (``noise_readout``)."""
    left, right = st.columns(2)
    decade_slider(t, left, "noise", NOISE_BOUNDS, NOISE_KEY, on_change)
    keyed_slider(right, t("epsp.c"), *C_BOUNDS, step=0.5, key=C_KEY, help=t("epsp.c.help"), on_change=on_change)
    return st.container()


def noise_settings() -> tuple[float, float]:
    """δ and c as ``noise_controls`` left them in the session state."""
    return eps_from_exponent(float(st.session_state[NOISE_KEY])), float(st.session_state[C_KEY])


def noise_readout(t, noise: float, c: float, n: int) -> None:
    """δ, c and n under the δ and c sliders."""
    st.markdown(t("epsp.noise.value", noise=eps_text(noise), c=f"{c:g}", n=n))


# --- cached computations (numpy only) and figures ---------------------------------------------------


@cached(64)
def norm_curve(method: str, n: int, eps: float, backend: _xp.Backend) -> tuple[np.ndarray, np.ndarray]:
    return epsilon.output_norms(method, n, eps, backend=backend)


@cached(128)
def norm_figure(method: str, n: int, eps: float, t, projector: bool, backend: _xp.Backend) -> dict:
    curves = {e: norm_curve(method, n, e, backend) for e in epsilon.EPS_SET}
    return typed(
        figs.norm_figure(curves, (eps, *norm_curve(method, n, eps, backend)), t, key=method, n=n, projector=projector)
    )


@cached(64)
def gain_curve(eps: float, c: float, n: int, backend: _xp.Backend) -> tuple[np.ndarray, np.ndarray]:
    return epsilon.gain_curve(eps, c=c, n=n, backend=backend)


@cached(128)
def amplifications(eps: float, noise: float, c: float, n: int, backend: _xp.Backend) -> list[epsilon.Amplification]:
    """The measured gain at each ε of ``EPS_SET`` and the user's ε, for this δ and c."""
    return [epsilon.amplification(e, noise, c=c, n=n, backend=backend) for e in (*epsilon.EPS_SET, eps)]


@cached(128)
def gain_figure(eps: float, noise: float, c: float, n: int, t, projector: bool, backend: _xp.Backend) -> dict:
    curves = {e: gain_curve(e, c, n, backend) for e in epsilon.EPS_SET}
    current = amplifications(eps, noise, c, n, backend)[-1]
    return typed(figs.gain_figure(curves, (eps, *gain_curve(eps, c, n, backend)), current, t, projector=projector))


@cached(4)
def zero_cases(backend: _xp.Backend) -> list[epsilon.ZeroCase]:
    return [epsilon.zero_vector(k, e, backend=backend) for k in epsilon.KEYS for e in (0.0, METHODS[k].default_eps)]


@cached(2)
def rounded_table() -> list[epsilon.Rounded]:
    return epsilon.rounded_table()


# --- tables ------------------------------------------------------------------------------------------


_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def _power_text(value: float) -> str:
    """A power of ten as 10⁻¹² (no hyphen, so a narrow table column does not break it); others as eps_text."""
    exponent = round(math.log10(value)) if value > 0.0 else None
    if exponent is not None and value == float(f"1e{exponent}"):
        return "10" + str(exponent).translate(_SUPERSCRIPT)
    return eps_text(value)


def flat_text(t, method: str, n: int) -> str:
    """The flattening paragraph with the radius √n every non-zero input reaches at ε = 0."""
    return t("epsp.flat.text", root=f"{METHODS[method].radius(n):.2f}")


@cached(128)
def flattened(method: str, n: int, eps: float, backend: _xp.Backend) -> tuple[tuple[float, float, float], ...]:
    """(ε, ‖y‖ of a vector of norm ``SMALL_NORM``, ‖y‖ of one of norm √n) for each ε of ``EPS_SET`` and ``eps``:
    cached: moving δ or c reruns the fragment that shows them."""
    root = math.sqrt(n)
    rows = []
    for e in (*epsilon.EPS_SET, eps):
        _, (small, token) = epsilon.output_norms(method, n, e, r=np.array([SMALL_NORM, root]), backend=backend)
        rows.append((e, float(small), float(token)))
    return tuple(rows)


def flattening_table(t, method: str, n: int, eps: float, backend: _xp.Backend) -> None:
    """For each ε: ‖y‖ of a small vector and its share of √n, ‖y‖ of an ordinary vector, and the knee."""
    root = math.sqrt(n)
    rows = []
    for e, small, token in flattened(method, n, eps, backend):
        rows.append(
            [
                eps_text(e),
                significant(small),
                f"{100.0 * small / root:.3g} %",
                significant(token),
                significant(math.sqrt(n * e)),
            ]
        )
    header = [
        t("epsp.col.eps"),
        t("epsp.col.small", r=f"{SMALL_NORM:g}"),
        t("epsp.col.ratio"),
        t("epsp.col.token"),
        t("epsp.col.knee"),
    ]
    st.markdown(markdown_table(header, rows, "lrrrr"))


def gain_table(t, amps: list[epsilon.Amplification]) -> None:
    rows = [
        [
            eps_text(a.eps),
            significant(a.gain, 6) if math.isfinite(a.gain) else t("epsp.undefined"),
            significant(a.predicted, 6),
            significant(a.bound),
            significant(a.output_std),
        ]
        for a in amps
    ]
    header = [
        t("epsp.col.eps"),
        t("epsp.col.gain"),
        t("epsp.col.predicted"),
        t("epsp.col.bound"),
        t("epsp.col.out_std"),
    ]
    st.markdown(markdown_table(header, rows, "lrrrr"))


def zero_table(t, backend: _xp.Backend) -> None:
    cases = zero_cases(backend)
    rows = [[METHODS[z.key].label, eps_text(z.eps), "(" + ", ".join(significant(v) for v in z.y) + ")"] for z in cases]
    st.markdown(
        markdown_table([t("epsp.col.method"), t("epsp.col.eps"), t("epsp.col.output", n=cases[0].y.size)], rows, "lrl")
    )


def half_view(t) -> None:
    """``np.float16(1e-12) == 0`` computed now, and ε stored in / added to 1 in each dtype."""
    st.markdown(t("epsp.half.live", value=epsilon.float16_vanishes(1e-12)))
    table = rounded_table()
    dtypes = epsilon.ROUND_DTYPES
    header = [t("epsp.col.value")] + [t("epsp.col.stored", dtype=d) for d in dtypes]
    header += [t("epsp.col.one_plus", dtype=d) for d in dtypes]
    rows = [
        [_power_text(r.eps)] + [significant(r.stored[d]) for d in dtypes] + [significant(r.one_plus[d]) for d in dtypes]
        for r in table
    ]
    st.markdown(markdown_table(header, rows, "l" + "r" * 2 * len(dtypes)))
    st.caption(t("epsp.half.caption"))
