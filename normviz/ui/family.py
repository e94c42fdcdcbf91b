"""Widgets, cached computations and tables of the Family page.

Every widget key is namespaced ``family.<name>`` (pages share one session state)
and names its URL parameter (``PARAMS``, read by ``check_link`` through ``links``);
the typed vectors say in place what is wrong with their text.
"""

from __future__ import annotations

import streamlit as st

from normviz import _xp, family
from normviz.figures import family as figs
from normviz.figures.typed import typed_arrays as packed
from normviz.format import decimals, legible, legible_vector, percent, scientific, shortest, shortest_vector
from normviz.ui.kit import links
from normviz.ui.kit.cache import cached
from normviz.ui.kit.controls import keyed_slider
from normviz.ui.kit.numbers import int_input
from normviz.ui.kit.tables import markdown_table
from normviz.ui.kit.vector_field import vector_field, vector_param

PAGE = "family"
MAX_ABS = 10.0
N_BOUNDS = (10, 2000)
AFFINE_BOUNDS = (-3.0, 3.0)
SEED_MAX = 9999
D_MAX = 10**7


def key(name: str) -> str:
    """The page's widget key (and URL parameter) for ``name``: ``family.<name>``."""
    return f"{PAGE}.{name}"


PARAMS = (
    vector_param(key("x"), family.DEFAULT_X),
    vector_param(key("pixels"), family.SEED_PIXELS),
    links.integer(key("n"), key("n"), *N_BOUNDS, 200),
    links.integer(key("seed"), key("seed"), 0, SEED_MAX, 0),
    *(
        links.number(key(name), key(name), *AFFINE_BOUNDS, default)
        for name, default in zip(("xhat", "gamma", "beta"), family.SEED_AFFINE)
    ),
    links.integer(key("d"), key("d"), 1, D_MAX, family.SEED_D),
)


def check_link(t) -> None:
    """Read the page's link values before its widgets (one warning for the bad ones)."""
    links.load(t, PARAMS)


def mark(ok: bool) -> str:
    return "✓" if ok else "✗"


# ---------------------------------------------------------------------------
# One formula: the table and the 3D picture


def x_input(t) -> tuple[float, ...]:
    return vector_field(
        t,
        key=key("x"),
        label=t("family.x"),
        default=family.DEFAULT_X,
        min_n=3,
        max_n=3,
        max_abs=MAX_ABS,
        help=t("family.x.help"),
    )


@cached(128)
def rows(x, backend: _xp.Backend) -> tuple[family.Row, ...]:
    return family.family_rows(x, backend=backend)


def family_table(t, table: tuple[family.Row, ...]) -> None:
    """Each member as x̂ = (x − c)/s: c, s, its output for x and a ✓/✗ per constraint."""
    header = [
        t("family.col.method"),
        t("family.col.c"),
        t("family.col.s"),
        t("family.col.output"),
        *(t(f"family.col.{c}") for c in family.CONSTRAINTS),
    ]
    body = [
        [
            t(f"method.{r.key}"),
            t(f"family.c.{r.key}"),
            t(f"family.s.{r.key}"),
            legible_vector(r.output),
            *(mark(r.checks[c]) for c in family.CONSTRAINTS),
        ]
        for r in table
    ]
    st.markdown(markdown_table(header, body, "llll" + "c" * len(family.CONSTRAINTS)))
    others = ", ".join(shortest_vector(s) for s in family.OTHER_SAMPLES)
    st.caption(t("family.table.caption", others=others))


def x_message(t, x) -> None:
    """Say which outputs are 0/0 for the zero vector and a constant x."""
    if all(c == 0.0 for c in x):
        st.info(t("family.zero"), icon="ℹ️")
    elif len(set(x)) == 1:
        st.info(t("family.constant"), icon="ℹ️")


@cached(128)
def space_figure(x, t, projector: bool, backend: _xp.Backend) -> dict:
    """The 3D picture, drawn from the table's outputs (cached), not computed again."""
    out = {r.key: r.output for r in rows(x, backend) if r.key in family.DRAWN}
    return packed(figs.space_figure(x, out, t, projector=projector))


@cached(128)
def p_rows(x, backend: _xp.Backend) -> tuple[family.PRow, ...]:
    return family.p_rows(x, backend=backend)


def p_table(t, table: tuple[family.PRow, ...]) -> None:
    """x / ‖x‖_p for p = 1, 2, ∞ and softmax as the L1 normalization of exp(x − max x): what is divided, its norm, y."""
    header = [
        t("family.p.col.method"),
        t("family.p.col.divided"),
        t("family.p.col.norm"),
        t("family.p.col.output"),
        t("family.p.col.check"),
    ]
    body = [
        [
            t(f"family.p.{r.key}"),
            legible_vector(r.divided),
            legible(r.norm),
            legible_vector(r.output),
            legible(r.output_norm),
        ]
        for r in table
    ]
    st.markdown(markdown_table(header, body, "llrlr"))


@cached(128)
def p_figure(x, t, projector: bool, backend: _xp.Backend) -> dict:
    """The p-balls (drawn by the lazy chart), packed as strict JSON once, not on every run."""
    return packed(figs.p_figure(p_rows(x, backend), t, projector=projector))


# ---------------------------------------------------------------------------
# Data vs model


def pixel_input(t) -> tuple[float, ...]:
    return vector_field(
        t,
        key=key("pixels"),
        label=t("family.pixels"),
        default=family.SEED_PIXELS,
        min_n=1,
        max_n=16,
        max_abs=family.PIXEL_MAX,
    )


def pixel_table(t, values, backend: _xp.Backend) -> None:
    """Pixel values, x / 255 and min-max side by side, and whether they agree."""
    px = family.pixels(values, backend=backend)
    body = [[f"{v:g}", legible(a), legible(b)] for v, a, b in zip(px.values, px.divided, px.min_max)]
    st.markdown(
        markdown_table(
            [t("family.pixels.col.value"), t("family.pixels.col.divided"), t("family.pixels.col.minmax")], body, "rrr"
        )
    )
    if px.same:
        st.caption(t("family.pixels.same"))
    else:
        st.caption(t("family.pixels.differ", low=f"{px.values.min():g}", high=f"{px.values.max():g}"))


def column_text(t) -> str:
    p = {f"p{k}": percent(family.normal_fraction(k), places=2) for k in family.KS}
    return t("family.column.text", **p)


def column_controls(t) -> tuple[int, int]:
    left, right = st.columns(2)
    n = keyed_slider(left, t("family.column.n"), *N_BOUNDS, step=10, key=key("n"))
    seed = int_input(t, t("family.column.seed"), key=key("seed"), low=0, high=SEED_MAX, default=0, container=right)
    return int(n), seed


@cached(64)
def columns(n: int, seed: int, backend: _xp.Backend) -> dict[str, family.Column]:
    """Both columns (heights, incomes) drawn with n and seed, standardized."""
    return {kind: family.column(n, seed, kind=kind, backend=backend) for kind in family.COLUMNS}


def column_tables(t, cols: dict[str, family.Column]) -> None:
    """Mean, σ and skewness (biased g₁ and bias-corrected G₁) before and after standardizing, what that shows;
    the share within ±k against the incomes' own law and the normal law."""
    kinds = [k for k in family.COLUMNS if k in cols]
    q = [t("family.column.col.quantity")] + [
        t("family.column.col.side", column=t(f"family.column.{k}"), side=t(f"family.column.col.{side}"))
        for k in kinds
        for side in ("before", "after")
    ]
    body = [
        # float64 leaves ~1e-17 as the mean after: it reads 0.000
        [
            t("family.column.row.mean"),
            *(v for k in kinds for v in (legible(cols[k].mean), decimals(cols[k].z_mean, 3))),
        ],
        [
            t("family.column.row.std"),
            *(v for k in kinds for v in (legible(cols[k].std), legible(cols[k].z_var ** 0.5))),
        ],
        [t("family.column.row.skew"), *(v for k in kinds for v in (legible(cols[k].skew), legible(cols[k].z_skew)))],
        [
            t("family.column.row.skew_unbiased"),
            *(v for k in kinds for v in (legible(cols[k].skew_unbiased), legible(cols[k].z_skew_unbiased))),
        ],
        [t("family.column.row.largest"), *(v for k in kinds for v in ("—", legible(cols[k].largest)))],
    ]
    st.markdown(markdown_table(q, body, "l" + "r" * 2 * len(kinds)))
    st.markdown(skew_text(t, cols))
    st.caption(t("family.column.shares"))
    first = cols[kinds[0]]
    skewed = [k for k in kinds if k == "incomes"]
    body = [
        [
            f"−{k} ≤ z ≤ {k}",
            *(f"{100.0 * cols[c].within[k]:.1f} %" for c in kinds),
            *(percent(cols[c].law.within[k], places=2) for c in skewed),
            percent(first.normal[k], places=2),
        ]
        for k in family.KS
    ]
    st.markdown(
        markdown_table(
            [
                t("family.column.col.k"),
                *(t(f"family.column.{c}") for c in kinds),
                *(t(f"family.column.col.law.{c}") for c in skewed),
                t("family.column.col.normal"),
            ],
            body,
            "l" + "r" * (len(kinds) + len(skewed) + 1),
        )
    )


def skew_text(t, cols: dict[str, family.Column]) -> str:
    """Skewness before and after standardizing, in numbers: the same to rounding (an affine map with a > 0),
    both estimators; and the skewness of the law the incomes are drawn from."""
    diff = max(abs(a - b) for c in cols.values() for a, b in ((c.skew, c.z_skew), (c.skew_unbiased, c.z_skew_unbiased)))
    inc = cols.get("incomes")
    parts = [t("family.column.skew.affine")]
    if inc is not None:
        parts.append(
            t(
                "family.column.skew.numbers",
                before=legible(inc.skew, 4),
                after=legible(inc.z_skew, 4),
                g_before=legible(inc.skew_unbiased, 4),
                g_after=legible(inc.z_skew_unbiased, 4),
            )
        )
    parts.append(
        t("family.column.skew.exact") if diff == 0 else t("family.column.skew.rounding", diff=scientific(diff))
    )
    if inc is not None:
        parts.append(t("family.column.skew.law", law=legible(inc.law.skew, 4), s=shortest(family.INCOME_LOG_SD)))
    return t.sentences(parts)


def law_text(t) -> str:
    """The incomes' own law (log-normal): its mean and sd, and the share of its mass within mean ± k·sd against
    a normal law's, all from scipy.stats."""
    law = family.law_facts("incomes")
    return t(
        "family.column.law.text",
        median=shortest(family.INCOME_MEDIAN),
        s=shortest(family.INCOME_LOG_SD),
        mean=decimals(law.mean, 2),
        sd=decimals(law.std, 2),
        **{f"l{k}": percent(law.within[k], places=2) for k in family.KS},
        **{f"p{k}": percent(family.normal_fraction(k), places=2) for k in family.KS},
    )


@cached(64)
def column_figure(n: int, seed: int, t, projector: bool, backend: _xp.Backend) -> dict:
    return packed(figs.column_figure(columns(n, seed, backend), t, projector=projector))


def short(value: float) -> str:
    """Two decimals without trailing zeros: 0.5, 2, −1."""
    text = legible(value, 2)
    return text.rstrip("0").rstrip(".") if "." in text and "e" not in text else text


def _affine_values(xhat: float, gamma: float, beta: float) -> dict[str, str]:
    return {
        "xhat": short(xhat),
        "gamma": short(gamma),
        "beta": short(beta),
        "sign": "−" if beta < 0 else "+",
        "beta_abs": short(abs(beta)),
        "y": short(family.affine(xhat, gamma, beta)),
    }


def affine_text(t) -> str:
    """The seed's example, 2 × 0.5 − 1 = 0, computed."""
    return t("family.affine.text", **_affine_values(*family.SEED_AFFINE))


def affine_controls(t) -> tuple[float, float, float]:
    cols = st.columns(3)
    return tuple(
        float(keyed_slider(c, t(f"family.affine.{name}"), *AFFINE_BOUNDS, step=0.1, key=key(name)))
        for c, name in zip(cols, ("xhat", "gamma", "beta"))
    )


def affine_result(t, xhat: float, gamma: float, beta: float) -> None:
    st.markdown(t("family.affine.result", **_affine_values(xhat, gamma, beta)))


# ---------------------------------------------------------------------------
# Parameter counts


def d_input(t) -> int:
    return int_input(
        t, t("family.params.d"), key=key("d"), low=1, high=D_MAX, default=family.SEED_D, help=t("family.params.d.help")
    )


def params_table(t, d: int) -> None:
    counts = family.param_counts(d)
    body = [
        [t(f"method.{k}"), f"{c.weight:,}", f"{c.bias:,}", f"**{c.parameters:,}**", f"{c.running:,}"]
        for k, c in counts.items()
    ]
    st.markdown(
        markdown_table(
            [
                t("family.params.col.layer"),
                t("family.params.col.weight"),
                t("family.params.col.bias"),
                t("family.params.col.total"),
                t("family.params.col.running"),
            ],
            body,
            "lrrrr",
        )
    )
    st.caption(t("family.params.counter"))


def exercise_text(t) -> str:
    counts = family.param_counts(family.SEED_D)
    return t("family.params.exercise", d=family.SEED_D, ln=counts["ln"].parameters, rms=counts["rms"].parameters)
