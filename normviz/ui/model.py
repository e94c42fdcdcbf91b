"""Widgets, cached computations and readouts of the real-model page (all-MiniLM-L6-v2's 13 LayerNorms).

Every widget key is ``model.<name>`` and names its URL parameter (``PARAMS``, through ``links``). A text runs
the model once per process (``model_run``, cached on the text); an upload is read in an isolated worker once
per file (its SHA-256). Everything the page says is computed by ``normviz.hidden`` on what the norms received.

The model's text also gets LayerNorm with σ frozen (Baroni et al. 2025: ``model.calibrate``'s constants, one more
forward pass per text and setting, ``frozen_run``; the app's own sentences ranked by cosine, ``neighbour_view``)
and the largest coordinates with LayerNorm's Jacobian norm 1/s (Chen & Yao 2026, ``massive_view``).
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
from normviz.format import decimals, eps_text, percent, shortest, significant, subscript
from normviz.norms import layer_norm
from normviz.ui.kit import links
from normviz.ui.kit.cache import cached
from normviz.ui.kit.controls import keyed_slider
from normviz.ui.kit.literal import literal
from normviz.ui.kit.tables import display_equations, markdown_table

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
CANDIDATES = (*model.CALIBRATION, *PRESETS)  # the app's own sentences, ranked by cosine to the user's text
NEIGHBOURS_LISTED = 5
TOP_PLACES = 3  # the neighbour statement says how many of the first places keep their sentence
COSINE_MARK = 0.99  # the drift statement names the first norm whose mean cosine falls below this
BOUND_SHARE = 0.9  # 1/s this close to its bound √(D − 1)/max|xᵢ − μ|: "one coordinate makes almost all of σ"


def key(name: str) -> str:
    """The page's widget key (and URL parameter) for ``name``: ``model.<name>``."""
    return f"{PAGE}.{name}"


PARAMS = (
    links.choice(key("source"), key("source"), SOURCES, "text"),
    links.text(key("text"), key("text"), PRESETS[0]),
    links.choice(key("norm"), key("norm"), model.NORMS, LAST),
    links.number(key("threshold"), key("threshold"), *THRESHOLD_BOUNDS[:2], hidden.DEFAULT_THRESHOLD),
    links.choice(key("freeze"), key("freeze"), model.FREEZE_MODES, "cls"),
    links.integer(key("frozen"), key("frozen"), 1, len(model.NORMS), len(model.NORMS)),
    links.choice(key("slice"), key("slice"), model.NORMS, LAST),
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


# --- LayerNorm frozen at inference (Baroni et al. 2025) -----------------------------------------------------

FROZEN_EQUATIONS = display_equations(hidden.FROZEN_TEX)
JACOBIAN_EQUATIONS = display_equations(hidden.JACOBIAN_TEX)


def freeze_controls(t) -> tuple[str, int]:
    """How the constants are chosen (``model.FREEZE_MODES``) and how many norms, from the first, are frozen."""
    left, right = st.columns([2, 3])
    left.segmented_control(
        t("model.freeze.mode"), list(model.FREEZE_MODES), key=key("freeze"), required=True,
        format_func=lambda m: t(f"model.freeze.mode.{m}"), help=t("model.freeze.mode.help"),
    )  # fmt: skip
    keyed_slider(
        right, t("model.freeze.upto"), 1, len(model.NORMS), step=1, key=key("frozen"), help=t("model.freeze.upto.help")
    )
    mode = st.session_state.get(key("freeze"))
    return (mode if mode in model.FREEZE_MODES else "cls"), int(st.session_state[key("frozen")])


def slice_control(t) -> int:
    """The norm whose input the 3D slice shows; returns its index."""
    st.select_slider(t("model.freeze.slice"), list(model.NORMS), key=key("slice"), help=t("model.freeze.slice.help"))
    name = st.session_state.get(key("slice"))
    return model.NORMS.index(name) if name in model.NORMS else len(model.NORMS) - 1


def calibration() -> model.Calibration:
    """The constants' estimate on ``model.CALIBRATION`` (once per process: ``model.calibrate``)."""
    return model.calibrate()


@dataclass(frozen=True)
class Frozen:
    """The user's text through the model with the first ``upto`` norms frozen (``mode``), against the ordinary run."""

    mode: str
    upto: int
    drift: hidden.Drift
    embedding: np.ndarray  # (D,) the frozen model's sentence embedding
    cosine: float  # its cosine to the ordinary model's embedding


@cached(16)
def frozen_run(text: str, mode: str, upto: int) -> Frozen:
    """One more forward pass of ``text`` (the frozen one); only its drift and embedding are kept."""
    original = text_states(text)
    run = model.run(text, frozen=calibration().constants(mode, upto))
    drift = hidden.drift(original.outputs, run.outputs)
    return Frozen(mode, upto, drift, run.embedding, float(original.run.embedding @ run.embedding))


@cached(16)
def drift_chart(text: str, mode: str, upto: int, t, projector: bool) -> dict:
    d = frozen_run(text, mode, upto).drift
    figure = figs.drift_figure(
        d.layer_cosine, d.layer_min_cosine, d.layer_relative, list(model.NORMS), t, frozen=upto, projector=projector
    )
    return packed(figure)


@cached(8)
def candidate_embeddings(mode: str | None, upto: int) -> np.ndarray:
    """(len(CANDIDATES), D) the candidates' embeddings, by the ordinary model (``mode`` None) or a frozen one: one
    forward pass each, once per process and setting."""
    frozen = None if mode is None else calibration().constants(mode, upto)
    out = np.stack([model.run(text, frozen=frozen).embedding for text in CANDIDATES])
    out.flags.writeable = False
    return out


@cached(16)
def neighbour_view(text: str, mode: str, upto: int) -> tuple[hidden.Neighbours, tuple[int, ...]]:
    """The candidates other than ``text`` itself ranked by cosine to it, ordinary and frozen; and their indices
    into ``CANDIDATES``."""
    keep = tuple(i for i, sentence in enumerate(CANDIDATES) if sentence != text)
    rows = list(keep)
    found = hidden.neighbours(
        text_states(text).run.embedding,
        candidate_embeddings(None, 0)[rows],
        frozen_run(text, mode, upto).embedding,
        candidate_embeddings(mode, upto)[rows],
    )
    return found, keep


@cached(16)
def slice_view(text: str, mode: str, chosen: int, t, projector: bool):
    """The two tokens of the chosen norm's (ordinary) input whose s/c is smallest and largest, in their exact 3D
    slice (``hidden.frozen_view``), with the constants of ``mode`` at that norm; (view, (a, b), figure)."""
    states = text_states(text)
    x = states.inputs[chosen].astype(np.float64)
    first, rest = calibration().constants(mode)[chosen]
    c = np.full(x.shape[0], rest)
    c[0] = first
    s = np.sqrt(x.var(axis=1) + states.eps)
    ratio = s / c
    a, b = int(np.argmin(ratio)), int(np.argmax(ratio))
    if a == b:
        a, b = 0, min(1, x.shape[0] - 1)
    view = hidden.frozen_view(x[[a, b]], c[[a, b]], states.eps)
    figure = figs.frozen_slice_figure(
        view.inputs, view.ln, view.frozen, [states.tokens[a], states.tokens[b]], math.sqrt(x.shape[1]), t,
        projector=projector, norm=model.NORMS[chosen],
    )  # fmt: skip
    return view, (a, b), packed(figure)


def _mode_name(t, mode: str) -> str:
    return t(f"model.freeze.mode.{mode}")


def calibration_text(t, calib: model.Calibration) -> str:
    """Where the constants come from, their range, and how far [CLS] stands apart."""
    names = model.NORMS
    low, high = int(np.argmin(calib.sigma)), int(np.argmax(calib.sigma))
    apart = calib.sigma_first / calib.sigma_rest
    k = int(np.argmax(apart))
    return t(
        "model.freeze.calibration",
        n=len(calib.sentences),
        d=calib.embeddings.shape[1],
        eps=eps_text(model.load().eps),
        tokens=calib.tokens,
        low=significant(float(calib.sigma[low]), 3),
        low_norm=names[low],
        high=significant(float(calib.sigma[high]), 3),
        high_norm=names[high],
        cls_norm=names[k],
        cls=significant(float(calib.sigma_first[k]), 3),
        rest=significant(float(calib.sigma_rest[k]), 3),
        times=decimals(float(apart[k]), 1),
    )


def calibration_table(t, calib: model.Calibration) -> str:
    """Every norm's constants and the spread of s over the calibration tokens; then the sentences."""
    rows = [
        [
            name,
            significant(float(calib.sigma[k]), 4),
            significant(float(calib.sigma_first[k]), 4),
            significant(float(calib.sigma_rest[k]), 4),
            significant(float(calib.s[k].min()), 3),
            significant(float(calib.s[k].max()), 3),
        ]
        for k, name in enumerate(model.NORMS)
    ]
    header = [t(f"model.freeze.col.{c}") for c in ("norm", "all", "cls", "rest", "min", "max")]
    sentences = "\n".join(f"{i + 1}. {text}" for i, text in enumerate(calib.sentences))
    return markdown_table(header, rows, "lrrrrr") + "\n\n" + t("model.freeze.sentences") + "\n\n" + sentences


def drift_text(t, frozen: Frozen) -> str:
    """How far the last norm's output and the sentence embedding moved, and where the cosine first fell."""
    d = frozen.drift
    cos = d.layer_cosine
    below = np.flatnonzero(cos < COSINE_MARK)
    parts = [
        t(
            "model.freeze.drift",
            k=frozen.upto,
            n=len(model.NORMS),
            mode=_mode_name(t, frozen.mode),
            last=LAST,
            cos=decimals(float(cos[-1]), 4),
            low=decimals(float(d.layer_min_cosine[-1]), 4),
            rel=significant(float(d.layer_relative[-1]), 3),
        ),
        t("model.freeze.below", norm=model.NORMS[int(below[0])], mark=shortest(COSINE_MARK))
        if below.size
        else t("model.freeze.above", mark=shortest(COSINE_MARK)),
        t("model.freeze.embedding", cos=decimals(frozen.cosine, 4)),
    ]
    return t.sentences(parts)


def neighbour_text(t, found: hidden.Neighbours, keep: tuple[int, ...]) -> str:
    n = len(keep)
    first, then = keep[int(found.order_original[0])], keep[int(found.order_changed[0])]
    parts = [
        t("model.freeze.same_order", n=n) if found.same_order else t("model.freeze.new_order", n=n, moved=found.moved),
        "" if found.same_order else t("model.freeze.top", k=min(TOP_PLACES, n), kept=found.kept(TOP_PLACES)),
        t("model.freeze.same_nearest", sentence=CANDIDATES[first].rstrip("."))
        if found.same_nearest
        else t("model.freeze.new_nearest", sentence=CANDIDATES[first].rstrip("."), now=CANDIDATES[then].rstrip(".")),
    ]
    return t.sentences(parts)


def neighbour_table(t, found: hidden.Neighbours, keep: tuple[int, ...]) -> str:
    """The first ``NEIGHBOURS_LISTED`` of both rankings side by side (the app's own sentences)."""
    rows = []
    for r in range(min(NEIGHBOURS_LISTED, len(keep))):
        i, j = int(found.order_original[r]), int(found.order_changed[r])
        rows.append(
            [
                str(r + 1),
                CANDIDATES[keep[i]],
                decimals(float(found.original[i]), 3),
                CANDIDATES[keep[j]],
                decimals(float(found.changed[j]), 3),
            ]
        )
    header = [t(f"model.freeze.col.{c}") for c in ("rank", "original", "cos", "frozen", "cos")]
    return markdown_table(header, rows, "rlrlr")


def slice_text(t, view: hidden.FrozenView, pair: tuple[int, int], tokens, chosen: int) -> str:
    """The two tokens' s/c, LayerNorm's common length √D·σ/s and the frozen map's own lengths."""
    d = view.basis.shape[1]
    ln_len = np.linalg.norm(view.ln, axis=1)
    fr_len = np.linalg.norm(view.frozen, axis=1)
    a, b = pair
    return t(
        "model.freeze.slice.reading",
        norm=model.NORMS[chosen],
        a=literal(tokens[a]),
        b=literal(tokens[b]),
        ra=decimals(float(view.ratio[0]), 3),
        rb=decimals(float(view.ratio[1]), 3),
        root=decimals(math.sqrt(d), 3),
        ln=decimals(float(np.max(ln_len)), 3),
        fa=decimals(float(fr_len[0]), 2),
        fb=decimals(float(fr_len[1]), 2),
    )


# --- the largest coordinates and LayerNorm's Jacobian (Chen & Yao 2026) -------------------------------------


@cached(8)
def massive_view(key: tuple, t, projector: bool):
    """Every norm's largest |xᵢ|, 1/s of every token, the top token's ‖diag(γ)J‖₂ (13 eigenvalue problems of
    D × D, once per text) and the figure."""
    states = states_of(key)
    found = hidden.massive(states.inputs, states.eps, states.gammas)
    figure = figs.jacobian_figure(
        found.centred_max, found.jacobian, found.token, list(states.names), list(states.tokens),
        int(states.inputs.shape[2]), t, projector=projector,
    )  # fmt: skip
    return found, packed(figure)


def massive_text(t, states: States, found: hidden.Massive) -> str:
    """At how many norms the token with the largest coordinate has the smallest 1/s, and the strongest case."""
    hit = np.flatnonzero(found.smallest)
    times = found.median_jacobian / found.top_jacobian
    parts = []
    if hit.size:
        k = int(hit[np.argmax(times[hit])])
        parts.append(
            t(
                "model.jac.count" if hit.size > 1 else "model.jac.count.one",
                count=int(hit.size),
                n=len(states.names),
                tokens=len(states.tokens),
                norms=", ".join(states.names[int(i)] for i in hit),
            )
        )
    else:
        k = int(np.argmax(times))
        parts.append(t("model.jac.none", n=len(states.names), tokens=len(states.tokens)))
    share = float(found.top_jacobian[k] / found.bound[k, int(found.token[k])])
    parts.append(
        t(
            "model.jac.case" if share >= BOUND_SHARE else "model.jac.case.spread",
            bound=significant(float(found.bound[k, int(found.token[k])]), 3),
            share=percent(share),
            norm=states.names[k],
            token=literal(states.tokens[int(found.token[k])]),
            coord=f"x{subscript(int(found.coordinate[k]))}",
            value=decimals(float(found.value[k]), 1),
            s=significant(float(found.top_s[k]), 3),
            jac=significant(float(found.top_jacobian[k]), 3),
            times=decimals(float(times[k]), 1),
            median=significant(float(found.median_jacobian[k]), 3),
        )
    )
    if found.gamma_norm is not None:
        parts.append(t("model.jac.gamma", norm=states.names[k], value=significant(float(found.gamma_norm[k]), 3)))
    return t.sentences(parts)


def massive_table(t, states: States, found: hidden.Massive) -> str:
    rows = [
        [
            name,
            literal(states.tokens[int(found.token[k])]).replace("|", "\\|"),
            f"x{subscript(int(found.coordinate[k]))}",
            decimals(float(found.value[k]), 2),
            significant(float(found.top_s[k]), 4),
            significant(float(found.top_jacobian[k]), 4),
            significant(float(found.median_jacobian[k]), 4),
            "—" if found.gamma_norm is None else significant(float(found.gamma_norm[k]), 4),
            t("model.jac.yes") if found.smallest[k] else t("model.jac.no"),
        ]
        for k, name in enumerate(states.names)
    ]
    header = [
        t(f"model.jac.col.{c}").replace("|", "\\|")  # |xᵢ| in a header would split its cell
        for c in ("norm", "token", "coord", "value", "s", "jac", "median", "gamma", "min")
    ]
    return markdown_table(header, rows, "lllrrrrrl")
