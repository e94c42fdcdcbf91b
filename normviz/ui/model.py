"""Widgets, cached computations and readouts of the real-model page (all-MiniLM-L6-v2's 13 LayerNorms).

Every widget key is ``model.<name>`` and names its URL parameter (``PARAMS``, through ``links``). A text runs
the model once per process (``model_run``, cached on the text); an upload is read in an isolated worker once
per file (its SHA-256). Everything the page says is computed by ``normviz.hidden`` on what the norms received.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import threading
from dataclasses import dataclass

import numpy as np
import streamlit as st

from normviz import checkpoint, hidden, model
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
MAX_ROWS = 512  # an upload's rows analysed (the first ones): the model's own limit, and a bounded cost per move


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


@dataclass(frozen=True)
class States:
    """What the page analyses: per norm (one for an upload) the inputs x (S, D), the tokens' labels, and,
    for the model, the norms' outputs, γ, β and ε. ``key`` (the text, or the upload's SHA-256) is what the
    cached analyses take (``remember``, ``states_of``)."""

    key: tuple
    names: tuple[str, ...]
    tokens: tuple[str, ...]
    inputs: np.ndarray  # (L, S, D)
    outputs: np.ndarray | None  # (L, S, D): the model's own outputs
    gammas: np.ndarray | None  # (L, D)
    betas: np.ndarray | None
    eps: float
    run: model.ModelRun | None  # the model's run (tokens, [UNK], timing); None for an upload

    rows: int = 0  # an upload's rows in the file (more than analysed when past MAX_ROWS)


_STATES: dict[tuple, States] = {}  # the states the caches below refer to by key (most recent last)
_KEEP = 8  # a model's text: ≤ 5 MB; an upload: ≤ MAX_ROWS rows of the file's ≤ 16 MB
_STATES_LOCK = threading.Lock()


def remember(states: States) -> States:
    """Keep ``states`` where the cached analyses find it by its key (every run and fragment rerun calls this
    before them): the caches hold keys, not arrays, so an evicted text's or upload's arrays are freed."""
    with _STATES_LOCK:
        _STATES.pop(states.key, None)
        _STATES[states.key] = states
        while len(_STATES) > _KEEP:
            _STATES.pop(next(iter(_STATES)))
    return states


def states_of(key: tuple) -> States:
    """The states ``remember`` kept under ``key``; a text's are made again if many sessions pushed them out."""
    with _STATES_LOCK:
        found = _STATES.get(key)
    if found is None and key[0] == "text":
        found = text_view(key[1])
    if found is None:
        raise KeyError(f"no states under {key!r}: remember() them first")
    return found


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
    return States(("text", text), model.NORMS, run.tokens, run.inputs, run.outputs, run.gammas, run.betas,
                  float(run.eps), run)  # fmt: skip


@st.cache_resource(max_entries=8, show_spinner=False)
def read_upload(file_hash: str, filename: str, _data: bytes) -> tuple[np.ndarray | None, int, tuple | None]:
    """(the first ``MAX_ROWS`` rows, the file's row count, None), or (None, 0, (code, values)) for a refused
    file: read in an isolated worker once per file (keyed by its SHA-256). A refusal keeps its code and values
    only, not the exception (whose traceback would hold the upload's bytes)."""
    try:
        x = hidden.read_hidden_isolated(_data, filename)
    except hidden.HiddenError as err:
        return None, 0, (err.code, dict(err.values))
    rows = int(x.shape[0])
    x = np.ascontiguousarray(x[:MAX_ROWS])
    x.flags.writeable = False
    return x, rows, None


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
    x, rows, refused = read_upload(digest, upload.name, data)
    if refused is not None:
        code, values = refused
        values = {k: literal(v, limit=200) if isinstance(v, str) else v for k, v in values.items()}  # the file's text
        st.warning(t(f"hidden.error.{code}", **values), icon="⚠️")
        return None
    if rows > MAX_ROWS:
        st.info(t("model.upload.rows", shown=MAX_ROWS, rows=rows), icon="✂️")
    norm = checkpoint_norm(t, int(x.shape[1]))
    return upload_view(digest, x, t("model.upload.name"), rows, norm)


@st.cache_resource(max_entries=4, show_spinner=False)
def read_checkpoint(file_hash: str, filename: str, _data: bytes) -> tuple[tuple, tuple | None]:
    """The norm groups of an uploaded checkpoint that have a γ, as (module, γ, β or None) — read by the checkpoint
    page's isolated reader once per file — or ((), (code, values)) for a refused file."""
    try:
        report = checkpoint.inspect_file_isolated(_data, None, filename).report
    except checkpoint.CheckpointError as err:
        return (), (err.code, dict(err.values))
    groups = tuple((g.module, g.gamma, g.beta) for g in report.groups if g.gamma is not None and g.gamma.ndim == 1)
    return groups, None


def checkpoint_norm(t, d: int) -> tuple[str, np.ndarray, np.ndarray | None, str] | None:
    """An optional checkpoint beside uploaded states, and the norm (of D = ``d`` γ's) whose γ and β the page then
    shows: (module, γ, β, the checkpoint's SHA-256), or None."""
    upload = st.file_uploader(
        t("model.upload.checkpoint"), key=key("checkpoint"), max_upload_size=LIMIT_MB,
        help=t("model.upload.checkpoint.help", limit=LIMIT_MB),
    )  # fmt: skip
    if upload is None:
        return None
    data = upload.getvalue()
    digest = hashlib.sha256(data).hexdigest()
    groups, refused = read_checkpoint(digest, upload.name, data)
    if refused is not None:
        code, values = refused  # the checkpoint page's own refusal lines, with every value they may quote
        limit = values.get("limit", checkpoint.MAX_BYTES)
        line = t(
            f"checkpoint.error.{code}",
            name=literal(upload.name),
            size=values.get("size", ""),
            limit=f"{limit:g}" if isinstance(limit, float) else limit,
            count=values.get("count", 0),
            mb=LIMIT_MB,
            dtype=literal(values.get("dtype", "?")),
        )
        st.warning(line, icon="⚠️")
        return None
    fitting = [g for g in groups if g[1].size == d]
    if not fitting:
        st.warning(t("model.upload.checkpoint.none", d=d, count=len(groups)), icon="⚠️")
        return None
    modules = [g[0] for g in fitting]
    chosen = st.selectbox(t("model.upload.checkpoint.norm"), modules, key=key("checkpoint_norm"))
    module, gamma, beta = fitting[modules.index(chosen) if chosen in modules else 0]
    return module, gamma, beta, digest


def upload_view(digest: str, x: np.ndarray, name: str, rows: int | None = None, norm=None) -> States:
    """An upload's states, keyed by its SHA-256 (the analyses' caches hit on the key, not on the array); with a
    checkpoint's norm (``checkpoint_norm``), its γ and β (β = 0 where the norm has none) and its name."""
    tokens = tuple(str(i) for i in range(x.shape[0]))
    if norm is None:
        return remember(States(("upload", digest), (name,), tokens, x[None], None, None, None, UPLOAD_EPS, None,
                               rows or int(x.shape[0])))  # fmt: skip
    module, gamma, beta, ck_digest = norm
    beta = np.zeros_like(gamma) if beta is None else beta
    return remember(States(("upload", digest, ck_digest, module), (module,), tokens, x[None], None, gamma[None],
                           beta[None], UPLOAD_EPS, None, rows or int(x.shape[0])))  # fmt: skip


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


# --- the analyses, cached per (states' key, choice) --------------------------------------------------------


@cached(8)
def per_norm(key: tuple) -> hidden.LayerTable:
    """Every norm's token statistics and LN-vs-RMS gaps (``hidden.per_layer``): (L, S) arrays."""
    states = states_of(key)
    return hidden.per_layer(states.inputs, states.eps)


@cached(16)
def heatmaps(key: tuple, chosen: int, t, projector: bool) -> tuple[dict, dict]:
    states, table = states_of(key), per_norm(key)
    names, tokens = list(states.names), list(states.tokens)
    share = figs.layer_token_heatmap(table.share_ones, names, tokens, t, kind="share", projector=projector,
                                     chosen=chosen)  # fmt: skip
    gap = figs.layer_token_heatmap(table.gap, names, tokens, t, kind="gap", projector=projector, chosen=chosen)
    return packed(share), packed(gap)


@cached(16)
def outlier_view(key: tuple, chosen: int, threshold: float, t, projector: bool):
    """The chosen norm's outliers, their recurrence over every norm, and the two packed figures. The cached
    outliers drop their (S, D) ratio and mask once the figure is drawn (an upload's would fill the cache)."""
    states = states_of(key)
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
    strongest = found.strongest
    flagged_tokens = found.flagged_tokens
    last = hidden.outliers(states.inputs[-1], threshold).coordinates  # the last norm's, for the γ ≈ 0 sentence
    found = dataclasses.replace(found, ratio=None, mask=None, pairs=None)
    return found, strongest, flagged_tokens, again, last, figure, recurrence


@cached(16)
def picture_view(key: tuple, chosen: int, t, projector: bool):
    """The chosen norm's inputs and their LayerNorm (γ = 1, β = 0, ε = 0) in 3D directions ⟂ 𝟏 (rows whose
    LayerNorm is 0/0 at ε = 0, all coordinates equal, are left out of the outputs)."""
    states = states_of(key)
    x = states.inputs[chosen].astype(np.float64)
    y = np.asarray(layer_norm(x, eps=0.0))
    view = hidden.hyperplane_view(x, y)
    figure = figs.hyperplane_figure(
        view.before3, view.after3, list(states.tokens), math.sqrt(x.shape[1]), t, projector=projector,
        variance=float(np.sum(view.explained)),
    )  # fmt: skip
    return view, y, packed(figure)


@cached(16)
def gamma_view(key: tuple, chosen: int, t, projector: bool):
    states = states_of(key)
    g, b = states.gammas[chosen], states.betas[chosen]
    summary = hidden.gamma_summary(g, b)
    last = hidden.gamma_summary(states.gammas[-1], states.betas[-1])
    figure = packed(figs.gamma_figure(g, b, t, projector=projector, norm=states.names[chosen]))
    return summary, last, figure


# --- the statements -----------------------------------------------------------------------------------------


def text_view(text: str) -> States:
    """The model's states on ``text`` (``text_states``), where the cached analyses find them."""
    return remember(text_states(text))


def tokens_text(t, run: model.ModelRun) -> str:
    """The tokens the text became (the first ``TOKENS_LISTED``), what became [UNK], whether it was cut, and a
    warning when nothing but [CLS] and [SEP] is left."""
    more = len(run.tokens) - TOKENS_LISTED
    parts = [
        t(
            "model.tokens",
            count=len(run.tokens),
            tokens=literal(" · ".join(run.tokens[:TOKENS_LISTED]), limit=600),
            more=t("model.more", count=more) if more > 0 else t("model.end"),
        )
    ]
    if run.unknown:
        parts.append(
            t(
                "model.unknown.one" if len(run.unknown) == 1 else "model.unknown",
                count=len(run.unknown),
                pieces=literal(" ".join(run.unknown), limit=200),
            )
        )
    if run.truncated:
        parts.append(t("model.truncated", limit=model.DEFAULT_MAX_TOKENS))
    if len(run.tokens) <= 2:
        parts.append(t("model.only_special"))
    return t.sentences(parts)


def _one(states: States) -> bool:
    """One set of states (an upload), not the model's 13 norms."""
    return len(states.names) == 1


def share_text(t, states: States, table: hidden.LayerTable, chosen: int) -> str:
    """Where the share along 𝟏 is largest and smallest (norms, or tokens of an upload), ignoring undefined rows."""
    share = table.share_ones
    if not np.any(np.isfinite(share)):
        return t("model.share.none")
    means = table.mean_share
    if _one(states):
        row = share[0]
        return t(
            "model.share.reading.one",
            mean=percent(float(means[0])),
            top=percent(float(np.nanmax(row))),
            token=literal(states.tokens[int(np.nanargmax(row))]),
            low=percent(float(np.nanmin(row))),
        )
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


def token_table(t, states: States, table: hidden.LayerTable, chosen: int) -> str:
    rows = [
        [
            str(j),
            literal(states.tokens[j]).replace("|", "\\|"),  # a pipe would split the table's cell
            decimals(float(table.norm[chosen, j]), 2),
            decimals(float(table.mean[chosen, j]), 3),
            decimals(float(table.std[chosen, j]), 3),
            percent(float(table.share_ones[chosen, j])),  # — for a zero row (0/0)
            decimals(float(table.gap[chosen, j]), 4, nan="—"),  # 0/0: every coordinate equal
        ]
        for j in range(min(len(states.tokens), TABLE_ROWS))
    ]
    header = [t(f"model.col.{c}") for c in ("pos", "token", "norm", "mean", "std", "share", "gap")]
    return markdown_table(header, rows, "rlrrrrr")


def gap_text(t, states: States, table: hidden.LayerTable) -> str:
    """The mean and largest ‖LN − RMS‖/‖LN‖, and how close the closed form in the share comes (defined rows)."""
    gap, share = table.gap, table.share_ones
    if not np.any(np.isfinite(gap)):
        return t("model.gap.none")
    flat = int(np.nanargmax(gap))
    layer, token = divmod(flat, gap.shape[1])
    formula = hidden.gap_from_share(share)
    values = dict(
        mean=decimals(float(np.nanmean(gap)), 4),
        top=decimals(float(gap[layer, token]), 4),
        norm=states.names[layer],
        token=literal(states.tokens[token]),
        share=percent(float(share[layer, token])),
        error=significant(float(np.nanmax(np.abs(formula - gap))), 2),
        eps=shortest(states.eps),
    )
    return t("model.gap.reading.one" if _one(states) else "model.gap.reading", **values)


def outlier_text(t, states: States, chosen: int, view) -> str:
    """The chosen norm's flagged coordinates: the one flagged in the most tokens, the strongest single ratio,
    what RMSNorm's denominator does to the rest; and, for the model, whether they recur across tokens and norms."""
    found, strongest, flagged_tokens, again = view[:4]
    s = len(states.tokens)
    where = "" if _one(states) else states.names[chosen]
    if not np.any(np.isfinite(found.max_ratio)):  # every row 0: RMS(x) = 0, no ratio
        return t("model.share.none")
    if not found.coordinates.size:
        return t(
            "model.out.none.one" if _one(states) else "model.out.none",
            norm=where,
            threshold=shortest(found.threshold),
            largest=decimals(float(np.nanmax(found.max_ratio)), 2),
        )
    c = int(found.coordinates[0])
    token, coord, ratio = strongest
    parts = [
        t(
            ("model.out.found" if found.coordinates.size > 1 else "model.out.found.single")
            + (".one" if _one(states) else ""),
            norm=where,
            count=int(found.coordinates.size),
            threshold=shortest(found.threshold),
            coord=f"x{subscript(c)}",
            tokens=int(flagged_tokens[c]),
            total=s,
            strong=f"x{subscript(int(coord))}",
            ratio=decimals(float(ratio), 1),
            token=literal(states.tokens[int(token)]),
            factor=decimals(float(found.mean_factor_flagged), 4),
            lowest=decimals(float(np.nanmin(found.others_factor)), 4),
        )
    ]
    if not _one(states) and again.coordinates.size:
        r = int(again.coordinates[0])
        hit = int(again.tokens_hit[r])
        parts.append(
            t(
                "model.out.recur" if hit > 1 else "model.out.recur.token",
                coord=f"x{subscript(r)}",
                pairs=int(again.counts[r]),
                total=int(again.pairs),
                norms_hit=int(again.layers_hit[r]),
                norms=len(states.names),
                tokens=hit,
            )
        )
    return t.sentences(parts)


def _coords(indices) -> str:
    return ", ".join(f"x{subscript(int(i))}" for i in indices)


def gamma_text(
    t,
    states: States,
    chosen: int,
    summary: hidden.GammaSummary,
    last: hidden.GammaSummary,
    flagged_last,
    threshold: float,
) -> str:
    """The chosen norm's γ and β ranges; the last norm's near-zero γ (with their β), and which of them are its
    input's outlier coordinates (``flagged_last``)."""
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
        parts.append(
            t(
                "model.gamma.small.one" if last.small.size == 1 else "model.gamma.small",
                where=states.names[-1] if _one(states) else t("model.gamma.where.last", norm=LAST),
                count=int(last.small.size),
                below=significant(last.small_below, 2),
                coords=", ".join(
                    f"x{subscript(int(i))} (γ = {significant(float(last.gamma[i]), 2)}, "
                    f"β = {significant(float(last.beta[i]), 2)})"
                    for i in last.small
                ),
                reach=significant(float(np.max(last.reach[last.small])), 2),
            )
        )
        flagged = {int(c) for c in flagged_last}
        both = [int(i) for i in last.small if int(i) in flagged]
        if both:
            parts.append(
                t(
                    "model.gamma.outlier.one" if len(both) == 1 else "model.gamma.outlier",
                    coords=_coords(both),
                    threshold=shortest(threshold),
                )
            )
    return t.sentences(parts)


def picture_text(t, view: hidden.HiddenView, y: np.ndarray) -> str:
    """The share of the spread the three directions carry, ‖x‖'s range, and ‖y‖ = √D, Σy = 0 in D dimensions
    (over the rows whose LayerNorm is defined)."""
    d, s = y.shape[1], y.shape[0]
    defined = np.all(np.isfinite(y), axis=1)
    if s < 2 or not np.any(defined):
        return t("model.picture.none")
    spread = float(np.sum(view.explained))
    return t.sentences(
        [
            t(
                "model.picture.reading",
                share=t("model.picture.all") if s <= 4 else percent(round(min(spread, 1.0), 4)),
                low=decimals(float(np.min(view.before_norm)), 2),
                high=decimals(float(np.max(view.before_norm)), 2),
                root=decimals(math.sqrt(d), 4),
                off=significant(float(np.max(np.abs(view.after_norm[defined] - math.sqrt(d)))), 2),
                sum=significant(float(np.max(np.abs(np.sum(y[defined], axis=1)))), 2),
                d=d,
            ),
            t("model.picture.undefined", count=int(np.sum(~defined))) if not np.all(defined) else "",
        ]
    )


def check_text(t, states: States, chosen: int) -> str:
    """normviz's layer_norm against the model's own outputs, in float32 units in the last place; the times."""
    check = hidden.library_check(
        states.inputs[chosen], states.outputs[chosen], states.gammas[chosen], states.betas[chosen], states.eps
    )
    run = states.run
    return t(
        "model.check.reading",
        norm=states.names[chosen],
        diff32=significant(check.diff32, 2),
        ulps=decimals(check.diff32_ulps, 1),
        diff64=significant(check.diff64, 2),
        ulp=significant(check.ulp, 2),
        eps=shortest(states.eps),
        load=decimals(model.load().load_seconds, 2),
        seconds=decimals(run.seconds * 1000.0, 1),
        tokens=len(run.tokens),
    )
