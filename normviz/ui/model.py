"""Widgets, cached computations and readouts of the real-model page (all-MiniLM-L6-v2's 13 LayerNorms).

Every widget key is ``model.<name>`` and names its URL parameter (``PARAMS``, through ``links``). A text runs
the model once per process (``model_run``, cached on the text); an upload is read in an isolated worker once
per file (its SHA-256). Everything the page says is computed by ``normviz.hidden`` on what the norms received.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass

import numpy as np
import streamlit as st

from normviz import hidden, model
from normviz.figures import model as figs
from normviz.figures.typed import typed_arrays as packed
from normviz.format import decimals, percent, shortest, significant, subscript
from normviz.norms import layer_norm
from normviz.ui.kit import links
from normviz.ui.kit.cache import cached
from normviz.ui.kit.controls import keyed_slider
from normviz.ui.kit.literal import literal
from normviz.ui.kit.tables import markdown_table

PAGE = "model"
SOURCES = ("text", "upload")
PRESETS = (
    "The students dragged the vector and watched it land on the sphere.",
    "Layer normalization subtracts the mean and divides by the standard deviation of every token.",
    "Paris is the capital of France, and Berlin is the capital of Germany.",
    "I did not like the movie at all, but the music was wonderful.",
)
MAX_CHARS = 2000
THRESHOLD_BOUNDS = (2.0, 20.0, 0.5)
LAST = model.NORMS[-1]
TABLE_ROWS = 64
TOKENS_LISTED = 40  # tokens listed in the chosen norm's table (all of them are in the figures)
LIMIT_MB = hidden.MAX_BYTES // 2**20
UPLOAD_EPS = 1e-5  # LayerNorm's default ε (torch's) for hidden states of unknown origin


def key(name: str) -> str:
    """The page's widget key (and URL parameter) for ``name``: ``model.<name>``."""
    return f"{PAGE}.{name}"


PARAMS = (
    links.choice(key("source"), key("source"), SOURCES, "text"),
    links.text(key("text"), key("text"), PRESETS[0]),
    links.choice(key("norm"), key("norm"), model.NORMS, LAST),
    links.number(key("threshold"), key("threshold"), *THRESHOLD_BOUNDS[:2], hidden.DEFAULT_THRESHOLD),
)


def check_link(t) -> None:
    """Read the page's link values before its widgets (one warning for the bad ones)."""
    links.load(t, PARAMS)


# --- what is analysed: the model on a text, or uploaded hidden states -------------------------------------


@dataclass(frozen=True, eq=False)
class States:
    """What the page analyses: per norm (one for an upload) the inputs x (S, D), the tokens' labels, and,
    for the model, the norms' outputs, γ, β and ε. Equal, and hashed, by ``key`` (the text, or the upload's
    SHA-256): the cached analyses take it as an argument."""

    key: tuple
    names: tuple[str, ...]
    tokens: tuple[str, ...]
    inputs: np.ndarray  # (L, S, D)
    outputs: np.ndarray | None  # (L, S, D): the model's own outputs
    gammas: np.ndarray | None  # (L, D)
    betas: np.ndarray | None
    eps: float
    run: model.ModelRun | None  # the model's run (tokens, [UNK], timing); None for an upload

    def __eq__(self, other) -> bool:
        return isinstance(other, States) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)


def source_controls(t) -> str:
    st.segmented_control(
        t("model.source"), list(SOURCES), key=key("source"), required=True, format_func=lambda s: t(f"model.source.{s}")
    )
    return str(st.session_state.get(key("source")) or "text")


def _use_preset() -> None:
    chosen = st.session_state.get(key("preset"))
    if chosen is not None:
        st.session_state[key("text")] = chosen


def text_controls(t) -> str:
    st.selectbox(
        t("model.preset"),
        PRESETS,
        index=None,
        key=key("preset"),
        placeholder=t("model.preset.placeholder"),
        on_change=_use_preset,
    )
    st.text_area(t("model.text"), key=key("text"), max_chars=MAX_CHARS, help=t("model.text.help"), height=90)
    return str(st.session_state.get(key("text")) or "")


@cached(4)
def text_states(text: str) -> States:
    """The model on ``text`` (a few MB of captured states: few entries)."""
    run = model.run(text)
    return States(
        ("text", text), model.NORMS, run.tokens, run.inputs, run.outputs, run.gammas, run.betas, float(run.eps), run
    )


@st.cache_resource(max_entries=8, show_spinner=False)
def read_upload(file_hash: str, filename: str, _data: bytes) -> np.ndarray | hidden.HiddenError:
    """The uploaded hidden states, read in an isolated worker once per file (keyed by its SHA-256)."""
    try:
        x = hidden.read_hidden_isolated(_data, filename)
    except hidden.HiddenError as err:
        return err
    x.flags.writeable = False
    return x


def upload_states(t) -> States | None:
    """The upload widget; None (with a message) until a readable file is there."""
    upload = st.file_uploader(
        t("model.upload"), key=key("file"), max_upload_size=LIMIT_MB, help=t("model.upload.help", limit=LIMIT_MB)
    )
    if upload is None:
        st.info(t("model.upload.prompt"), icon="📂")
        return None
    data = upload.getvalue()
    digest = hashlib.sha256(data).hexdigest()
    x = read_upload(digest, upload.name, data)
    if isinstance(x, hidden.HiddenError):
        values = {k: literal(v, limit=200) if isinstance(v, str) else v for k, v in x.values.items()}  # the file's text
        st.warning(t(f"hidden.error.{x.code}", **values), icon="⚠️")
        return None
    return upload_view(digest, x, t("model.upload.name"))


def upload_view(digest: str, x: np.ndarray, name: str) -> States:
    """An upload's states, keyed by its SHA-256 (the analyses' caches hit on the key, not on the array)."""
    return States(("upload", digest), (name,), tuple(str(i) for i in range(x.shape[0])), x[None], None, None, None,
                  UPLOAD_EPS, None)  # fmt: skip


def chosen_norm(states: States) -> int:
    name = st.session_state.get(key("norm"))
    return states.names.index(name) if name in states.names else len(states.names) - 1


def norm_controls(t, states: States) -> int:
    """The norm to look at (the model's 13) and the outlier threshold; returns the norm's index."""
    left, right = st.columns([3, 2])
    if len(states.names) > 1:
        left.select_slider(t("model.norm"), list(states.names), key=key("norm"), help=t("model.norm.help"))
    keyed_slider(
        right,
        t("model.threshold"),
        *THRESHOLD_BOUNDS[:2],
        step=THRESHOLD_BOUNDS[2],
        key=key("threshold"),
        help=t("model.threshold.help"),
    )
    return chosen_norm(states)


def chosen_threshold() -> float:
    return round(float(st.session_state[key("threshold")]), 10)


# --- the analyses, cached per (states, choice) ------------------------------------------------------------


@cached(8)
def per_norm(states: States) -> dict:
    """Every norm's token statistics and LN-vs-RMS gaps (``hidden.per_layer``): (L, S) arrays."""
    table = hidden.per_layer(states.inputs, states.eps)
    return {"share": table.share_ones, "norm": table.norm, "mean": table.mean, "std": table.std, "gap": table.gap}


@cached(16)
def heatmaps(states: States, chosen: int, t, projector: bool) -> tuple[dict, dict]:
    table = per_norm(states)
    names, tokens = list(states.names), list(states.tokens)
    share = figs.layer_token_heatmap(table["share"], names, tokens, t, kind="share", projector=projector, chosen=chosen)
    gap = figs.layer_token_heatmap(table["gap"], names, tokens, t, kind="gap", projector=projector, chosen=chosen)
    return packed(share), packed(gap)


@cached(16)
def outlier_view(states: States, chosen: int, threshold: float, t, projector: bool):
    """The chosen norm's outliers, their recurrence over every norm, and the two packed figures."""
    found = hidden.outliers(states.inputs[chosen], threshold, eps=0.0)
    again = hidden.recurrence_across(list(states.inputs), threshold)
    shown = list(again.coordinates[:12])
    figure = packed(figs.outlier_figure(found.ratio, threshold, list(states.tokens), t, projector=projector))
    counts = again.per_layer[:, shown] if shown else np.zeros((len(states.names), 0), dtype=int)
    recurrence = packed(
        figs.recurrence_figure(
            counts, [int(c) for c in shown], list(states.names), t, tokens=len(states.tokens), projector=projector
        )
    )
    return found, again, figure, recurrence


@cached(16)
def picture_view(states: States, chosen: int, t, projector: bool):
    """The chosen norm's inputs and their LayerNorm (γ = 1, β = 0, ε = 0) in 3D directions ⟂ 𝟏."""
    x = states.inputs[chosen].astype(np.float64)
    y = np.asarray(layer_norm(x, eps=0.0))
    view = hidden.hyperplane_view(x, y)
    d = x.shape[1]
    figure = figs.hyperplane_figure(
        view.before, view.after, list(states.tokens), math.sqrt(d), t, projector=projector,
        variance=float(np.sum(view.explained)),
    )  # fmt: skip
    return view, y, packed(figure)


@cached(16)
def gamma_view(states: States, chosen: int, t, projector: bool):
    g, b = states.gammas[chosen], states.betas[chosen]
    summary = hidden.gamma_summary(g, b)
    last = hidden.gamma_summary(states.gammas[-1], states.betas[-1])
    figure = packed(figs.gamma_figure(g, b, t, projector=projector, norm=states.names[chosen]))
    return summary, last, figure


# --- the statements -----------------------------------------------------------------------------------------


def tokens_text(t, run: model.ModelRun) -> str:
    """The tokens the text became (the first ``TOKENS_LISTED``), what became [UNK], and whether it was cut."""
    more = len(run.tokens) - TOKENS_LISTED
    parts = [
        t(
            "model.tokens",
            count=len(run.tokens),
            tokens=literal(" · ".join(run.tokens[:TOKENS_LISTED]), limit=600),
            more=t("model.more", count=more) if more > 0 else "",
        )
    ]
    if run.unknown:
        parts.append(t("model.unknown", count=len(run.unknown), pieces=literal(" ".join(run.unknown), limit=200)))
    if run.truncated:
        parts.append(t("model.truncated", limit=model.DEFAULT_MAX_TOKENS))
    return t.sentences(parts)


def share_text(t, states: States, table: dict, chosen: int) -> str:
    share = table["share"]
    means = np.nanmean(share, axis=1)
    top = int(np.nanargmax(means))
    j = int(np.nanargmax(share[top]))
    return t(
        "model.share.reading",
        top=states.names[top],
        top_mean=percent(float(means[top])),
        token=literal(states.tokens[j]),
        token_share=percent(float(share[top, j])),
        low=states.names[int(np.nanargmin(means))],
        low_mean=percent(float(np.nanmin(means))),
        chosen=states.names[chosen],
        chosen_mean=percent(float(means[chosen])),
    )


def token_table(t, states: States, table: dict, chosen: int) -> str:
    rows = [
        [
            str(j),
            literal(states.tokens[j]).replace("|", "\\|"),  # a pipe would split the table's cell
            decimals(float(table["norm"][chosen, j]), 2),
            decimals(float(table["mean"][chosen, j]), 3),
            decimals(float(table["std"][chosen, j]), 3),
            percent(float(table["share"][chosen, j])),
            decimals(float(table["gap"][chosen, j]), 4),
        ]
        for j in range(min(len(states.tokens), TABLE_ROWS))
    ]
    header = [t(f"model.col.{c}") for c in ("pos", "token", "norm", "mean", "std", "share", "gap")]
    return markdown_table(header, rows, "rlrrrrr")


def gap_text(t, states: States, table: dict) -> str:
    gap, share = table["gap"], table["share"]
    flat = int(np.nanargmax(gap))
    layer, token = divmod(flat, gap.shape[1])
    formula = hidden.gap_from_share(share)
    return t(
        "model.gap.reading",
        mean=decimals(float(np.nanmean(gap)), 4),
        top=decimals(float(gap[layer, token]), 4),
        norm=states.names[layer],
        token=literal(states.tokens[token]),
        share=percent(float(share[layer, token])),
        error=significant(float(np.nanmax(np.abs(formula - gap))), 2),
        eps=shortest(states.eps),
    )


def outlier_text(t, states: States, chosen: int, found: hidden.Outliers, again: hidden.Recurrence) -> str:
    s = len(states.tokens)
    if not found.coordinates.size:
        first = t("model.out.none", norm=states.names[chosen], threshold=shortest(found.threshold),
                  largest=decimals(float(np.nanmax(found.max_ratio)), 2))  # fmt: skip
    else:
        c = int(found.coordinates[0])
        first = t(
            "model.out.found",
            norm=states.names[chosen],
            count=int(found.coordinates.size),
            threshold=shortest(found.threshold),
            coord=f"x{subscript(c)}",
            tokens=int(found.counts[c]),
            total=s,
            ratio=decimals(float(found.max_ratio[c]), 1),
            factor=decimals(float(np.nanmean(found.others_factor)), 4),
            lowest=decimals(float(np.nanmin(found.others_factor)), 4),
        )
    if len(states.names) == 1 or not again.coordinates.size:
        return first
    c = int(again.coordinates[0])
    return t.sentences(
        [
            first,
            t(
                "model.out.recur",
                coord=f"x{subscript(c)}",
                pairs=int(again.counts[c]),
                total=int(again.pairs),
                layers=int(again.layers_hit[c]),
                norms=len(states.names),
            ),
        ]
    )


def _coords(indices) -> str:
    return ", ".join(f"x{subscript(int(i))}" for i in indices)


def gamma_text(
    t, states: States, chosen: int, summary: hidden.GammaSummary, last: hidden.GammaSummary, threshold: float
) -> str:
    """The chosen norm's γ and β ranges; the last norm's near-zero γ, and which of them are outlier coordinates."""
    parts = [
        t(
            "model.gamma.reading",
            norm=states.names[chosen],
            low=significant(summary.min, 4),
            low_at=f"x{subscript(summary.argmin)}",
            high=significant(summary.max, 4),
            high_at=f"x{subscript(summary.argmax)}",
            median=decimals(summary.quantiles[2], 3),
            beta_low=decimals(summary.beta_min, 3),
            beta_high=decimals(summary.beta_max, 3),
        )
    ]
    if last.small.size:
        d = states.inputs.shape[-1]
        parts.append(
            t(
                "model.gamma.small",
                norm=LAST,
                count=int(last.small.size),
                below=significant(last.small_below, 2),
                coords=", ".join(f"x{subscript(int(i))} ({significant(float(last.gamma[i]), 2)})" for i in last.small),
                axis=significant(math.sqrt(d) * float(np.max(np.abs(last.gamma[last.small]))), 2),
            )
        )
        flagged = set(hidden.outliers(states.inputs[-1], threshold).coordinates.tolist())
        both = [int(i) for i in last.small if int(i) in flagged]
        if both:
            parts.append(t("model.gamma.outlier", coords=_coords(both), threshold=shortest(threshold)))
    return t.sentences(parts)


def picture_text(t, view: hidden.HiddenView, y: np.ndarray) -> str:
    d = y.shape[1]
    return t(
        "model.picture.reading",
        share=percent(float(np.sum(view.explained))),
        low=decimals(float(np.min(view.before_norm)), 2),
        high=decimals(float(np.max(view.before_norm)), 2),
        root=decimals(math.sqrt(d), 4),
        off=significant(float(np.max(np.abs(view.after_norm - math.sqrt(d)))), 2),
        sum=significant(float(np.max(np.abs(np.sum(y, axis=1)))), 2),
        d=d,
    )


def check_text(t, states: States, chosen: int) -> str:
    check = hidden.library_check(
        states.inputs[chosen], states.outputs[chosen], states.gammas[chosen], states.betas[chosen], states.eps
    )
    run = states.run
    return t(
        "model.check.reading",
        norm=states.names[chosen],
        diff32=significant(check.diff32, 2),
        diff64=significant(check.diff64, 2),
        spacing=significant(check.scale * 2.0**-23, 2),
        eps=shortest(states.eps),
        load=decimals(model.load().load_seconds, 2),
        seconds=decimals(run.seconds * 1000.0, 1),
        tokens=len(run.tokens),
    )
