"""Widgets, cached reading and tables of the checkpoint page.

The source (an example or an upload) and the example's config switch are
this page's keys (``checkpoint.source``, ``checkpoint.config``) and kept in
the URL through ``links`` (the source by its id, in any language); uploads
cannot be. An upload is read in a worker process with limits on its time and
memory (``checkpoint.inspect_file_isolated``: a hostile file neither holds this
server's interpreter lock nor leaves memory behind), once per file content
(cached on its SHA-256); every file name shown goes through ``literal``.
However many norm modules a file holds, the page draws a bounded part of them:
the tables show ``ROWS`` rows at a time with a pager, the figures the first and
last layers (``figures.checkpoint.drawn``), the lists their first names.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass

import numpy as np
import streamlit as st

from normviz import checkpoint as ck
from normviz.checkpoint_examples import EXAMPLES
from normviz.figures import checkpoint as figs
from normviz.format import decimals
from normviz.ui.kit import links
from normviz.ui.kit.cache import cached
from normviz.ui.kit.literal import literal
from normviz.ui.kit.tables import markdown_table

SOURCE_KEY, CONFIG_KEY = "checkpoint.source", "checkpoint.config"
FILE_KEY, CONFIG_FILE_KEY = "checkpoint.file", "checkpoint.config_file"
SOURCES = ("gpt2", "llama", "qwen3", "upload")
LIMIT_MB = ck.MAX_BYTES // 2**20
ROWS = 50  # rows of a table page
NAMES = 8  # family names listed in one line before "and k more"
# The URL names are the keys; the source is written as its id (gpt2, llama, upload), not its translated label.
PARAMS = (links.choice(SOURCE_KEY, SOURCE_KEY, SOURCES, "llama"), links.flag(CONFIG_KEY, CONFIG_KEY, default=True))


@dataclass(frozen=True)
class Reading:
    """A file read (``report``) or refused (``error`` code and its values); a config that failed is ``config_error``."""

    filename: str
    fmt: str = ""
    report: ck.Report | None = None
    error: str | None = None
    values: tuple[tuple[str, object], ...] = ()
    config_name: str = ""
    config_error: bool = False


def read(
    data: bytes, filename: str, config: bytes | None = None, config_name: str = "", *, isolated: bool = True
) -> Reading:
    """Read a checkpoint (and optionally its config) from bytes: a Reading, never an exception for bad files.

    ``isolated`` (the default, for uploads): in a worker process with limits; the examples, which ship with
    the app, are read here."""
    inspect_file = ck.inspect_file_isolated if isolated else ck.inspect_file
    try:
        found = inspect_file(data, config, filename)
    except ck.CheckpointError as exc:
        return Reading(filename, error=exc.code, values=tuple(exc.values.items()))
    return Reading(filename, found.fmt, found.report, config_name=config_name, config_error=found.config_error)


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()  # hashlib lets other threads run while it hashes a large buffer


@st.cache_resource(max_entries=16, show_spinner=False)
def read_upload(
    file_hash: str, filename: str, config_hash: str | None, config_name: str, _data: bytes, _config: bytes | None
) -> Reading:
    """``read``, cached on the contents' SHA-256 (the same file uploaded again, by any session, is not read
    again): the bytes themselves are not hashed by Streamlit. A resource, not data: a Reading is frozen, and
    a report of thousands of modules is not copied on every rerun."""
    return read(_data, filename, _config, config_name)


@cached(8)
def read_example(key: str, use_config: bool) -> Reading:
    example = EXAMPLES[key]
    data = example.model.read_bytes()
    config = example.config_path.read_bytes() if use_config and example.config_path else None
    return read(data, f"{example.folder}/{example.model.name}", config, "config.json" if config else "", isolated=False)


def controls(t) -> Reading | None:
    """The source chooser, the example's config switch or the uploaders -> what was read (None: nothing yet)."""
    links.load(t, PARAMS)
    source = st.segmented_control(
        t("checkpoint.source"),
        SOURCES,
        key=SOURCE_KEY,
        required=True,
        help=t("checkpoint.source.help"),
        format_func=lambda s: t(f"checkpoint.source.{s}"),
    )
    if source == "upload":
        left, right = st.columns([3, 2])
        upload = left.file_uploader(
            t("checkpoint.upload"),
            key=FILE_KEY,
            max_upload_size=LIMIT_MB,
            help=t("checkpoint.upload.help", limit=LIMIT_MB),
        )
        config = right.file_uploader(
            t("checkpoint.upload_config"), type=["json"], key=CONFIG_FILE_KEY, max_upload_size=1
        )
        if upload is None:
            st.info(t("checkpoint.upload.prompt"), icon="📂")
            return None
        data, config_data = upload.getvalue(), config.getvalue() if config else None
        with st.spinner(t("checkpoint.reading")):  # a PyTorch file's worker imports torch: seconds
            return read_upload(
                digest(data),
                upload.name,
                digest(config_data) if config_data is not None else None,
                config.name if config else "",
                data,
                config_data,
            )
    if EXAMPLES[source].config:
        use_config = st.toggle(t("checkpoint.use_config"), key=CONFIG_KEY, help=t("checkpoint.use_config.help"))
    else:
        st.caption(t("checkpoint.no_config_example"))
        use_config = False
    return read_example(source, use_config)


# --- showing a reading -------------------------------------------------------------------------------


def _int(value: int, lang: str) -> str:
    return f"{value:,}".replace(",", " " if lang == "en" else ",")


def error_message(t, reading: Reading) -> None:
    """The refusal in the page's language, the file name shown literally (a warning: the page itself is fine)."""
    values = dict(reading.values)
    limit = values.get("limit", ck.MAX_BYTES)  # bytes, tensors, seconds or MiB, as the code says
    if reading.error == "too_many_tensors":
        limit = _int(limit, t.lang)
    elif isinstance(limit, float):
        limit = f"{limit:g}"
    st.warning(
        t(
            f"checkpoint.error.{reading.error}",
            name=literal(reading.filename),
            size=values.get("size", ""),
            limit=limit,
            count=_int(values.get("count", 0), t.lang),
            mb=LIMIT_MB,
            dtype=literal(values.get("dtype", "?")),
        ),
        icon="⚠️",
    )


def _names(t, names: list[str]) -> str:
    """The first ``NAMES`` names, literally, and how many more there are."""
    shown = t("list.separator").join(literal(n) for n in names[:NAMES])
    return shown if len(names) <= NAMES else t("checkpoint.more", names=shown, count=_int(len(names) - NAMES, t.lang))


def pager(t, key: str, total: int) -> slice:
    """Which ``ROWS`` rows of ``total`` to show: all of them, or the page chosen under ``key``."""
    pages = math.ceil(total / ROWS)
    if pages <= 1:
        return slice(0, total)
    if st.session_state.get(key, 0) not in range(pages):  # a smaller file than the last one: back to the first
        st.session_state[key] = 0
    page = st.selectbox(
        t("checkpoint.table.page"),
        range(pages),
        key=key,
        format_func=lambda k: t(
            "checkpoint.table.rows",
            first=_int(k * ROWS + 1, t.lang),
            last=_int(min(total, (k + 1) * ROWS), t.lang),
            total=_int(total, t.lang),
        ),
    )
    return slice(page * ROWS, (page + 1) * ROWS)


def _config_facts(t, facts: ck.ConfigFacts) -> str:
    said = [
        f"{k} = {literal(v)}"
        for k, v in (
            ("model_type", facts.model_type),
            ("architectures", facts.architecture),
            (facts.eps_key, facts.eps),
        )
        if k and v is not None
    ]
    return ", ".join(said) or t("checkpoint.config_line.none")


def summary(t, reading: Reading) -> None:
    """File and config lines, the verdict with its reasons, the counts."""
    report = reading.report
    st.markdown(
        t(
            "checkpoint.file_line",
            name=literal(reading.filename),
            format=t(f"checkpoint.format.{reading.fmt}"),
            tensors=report.tensors,
        )
    )
    if reading.config_error:
        st.warning(t("checkpoint.error.bad_config", name=literal(reading.config_name)), icon="⚠️")
    elif report.config is not None:
        st.markdown(
            t("checkpoint.config_line", name=literal(reading.config_name), facts=_config_facts(t, report.config))
        )
    st.subheader(t("checkpoint.verdict.header", verdict=t(f"checkpoint.verdict.{report.verdict}")))
    if not report.groups:
        st.markdown(t("checkpoint.none.text"))
    else:
        values = ck.evidence_values(report.config)
        for evidence, names in ck.evidence_of(report).items():
            text = t(f"checkpoint.evidence.{evidence}", **{k: literal(v) for k, v in values.items()})
            st.markdown("- " + t("checkpoint.evidence.line", names=_names(t, names), text=text))
    cols = st.columns(3)
    cols[0].metric(t("checkpoint.metric.modules"), len(report.groups))
    cols[1].metric(t("checkpoint.metric.params"), _int(report.norm_params, t.lang))
    cols[2].metric(t("checkpoint.metric.share"), f"{100 * report.share:.3f} %", help=t("checkpoint.metric.share.help"))
    if report.tied:
        st.caption(t("checkpoint.tied", count=len(report.tied)))


def family_table(t, report: ck.Report) -> None:
    """One row per place in the layers: its modules, γ's length and what it spans, the kind, γ's distribution."""
    header = [
        t("checkpoint.col.norm"),
        t("checkpoint.col.modules"),
        t("checkpoint.col.length"),
        t("checkpoint.col.span"),
        t("checkpoint.col.params"),
        t("checkpoint.col.kind"),
        t("checkpoint.col.gamma_mean"),
        t("checkpoint.col.gamma_median"),
        t("checkpoint.col.gamma_middle"),
        t("checkpoint.col.beta_mean"),
    ]
    rows = []
    for fam in report.families[pager(t, "checkpoint.family_page", len(report.families))]:
        g = fam.gammas()
        g = g[np.isfinite(g)]
        betas = [b.beta for b in fam.groups if b.beta is not None]
        middle = (
            f"{decimals(float(np.quantile(g, 0.05)), nan='–')} … {decimals(float(np.quantile(g, 0.95)), nan='–')}"
            if g.size
            else "–"
        )
        rows.append(
            [
                literal(fam.name),
                str(len(fam.groups)),
                " / ".join(map(str, fam.sizes)),
                " / ".join(t(f"checkpoint.span.{k}") for k in fam.spans),
                _int(fam.count, t.lang),
                " / ".join(t(f"checkpoint.kind.{k}") for k in fam.kinds),
                decimals(float(np.mean(g)) if g.size else math.nan, nan="–"),
                decimals(float(np.median(g)) if g.size else math.nan, nan="–"),
                middle,
                decimals(float(np.mean(np.concatenate(betas))) if betas else math.nan, nan="–"),
            ]
        )
    st.markdown(markdown_table(header, rows, "lrrlrlrrlr"))


def qk_notes(t, report: ck.Report) -> None:
    """What each QK-norm family spans (one head, or the whole projection), with its length and heads."""
    if not report.qk_groups:
        return
    lines = [t("checkpoint.qk.intro", d=report.hidden if report.hidden is not None else "?")]
    head_dim = report.config.head_dim if report.config is not None else None
    qk = [fam for fam in report.families if fam.groups[0].target is not None]
    for fam in qk[:NAMES]:
        g = fam.groups[0]
        known = "_unknown" if g.heads is None else "_one" if g.heads == 1 and g.span == "head" else ""
        key = f"checkpoint.qk.{g.span}{known}" if g.span in ("head", "projection") else "checkpoint.qk.other"
        lines.append(
            "- "
            + t(
                key,
                name=literal(fam.name),
                which=t(f"checkpoint.qk.{g.target}"),
                size=g.size,
                heads=g.heads,
                head_dim=head_dim if head_dim else g.size // (g.heads or 1),
            )
        )
    if len(qk) > NAMES:
        lines.append("- " + t("checkpoint.qk.more", count=_int(len(qk) - NAMES, t.lang)))
    st.info("\n".join(lines), icon="ℹ️")


def gamma_spread(t, report: ck.Report) -> None:
    """Where the file's γ lie, computed: extremes, lowest and highest module median, the share near 1."""
    spread = ck.gamma_spread(report)
    if spread is None:
        return
    st.markdown(
        t(
            "checkpoint.gamma.spread",
            low=decimals(spread.low, 3, nan="–"),
            high=decimals(spread.high, 3, nan="–"),
            med_low=decimals(spread.median_low[0], 3, nan="–"),
            med_low_module=literal(spread.median_low[1]),
            med_high=decimals(spread.median_high[0], 3, nan="–"),
            med_high_module=literal(spread.median_high[1]),
            near=f"{100 * spread.near_one:.1f} %",
        )
    )


def module_table(t, report: ck.Report) -> None:
    header = [
        t("checkpoint.col.module"),
        t("checkpoint.col.layer"),
        t("checkpoint.col.dtype"),
        t("checkpoint.col.length"),
        t("checkpoint.col.gamma_mean"),
        t("checkpoint.col.gamma_std"),
        t("checkpoint.col.gamma_range"),
        t("checkpoint.col.gamma_quartiles"),
        t("checkpoint.col.beta_mean"),
    ]
    rows = [
        [
            literal(g.module),
            "" if g.layer is None else str(g.layer),
            g.dtype,
            str(g.size),
            decimals(g.stat("mean"), nan="–"),
            decimals(g.stat("std"), nan="–"),
            f"{decimals(g.stat('min'), nan='–')} … {decimals(g.stat('max'), nan='–')}",
            " · ".join(decimals(g.quantile(q), nan="–") for q in (0.25, 0.5, 0.75)),
            decimals(g.beta_mean, nan="–"),
        ]
        for g in report.groups[pager(t, "checkpoint.module_page", len(report.groups))]
    ]
    st.markdown(markdown_table(header, rows, "lrlrrrllr"))


def other_tensors(t, report: ck.Report) -> None:
    if not report.other_1d:
        return
    with st.expander(t("checkpoint.other.header", count=len(report.other_1d))):
        st.markdown(t("checkpoint.other.text"))
        st.markdown("\n".join(f"- {literal(n)}" for n in report.other_1d[:200]))


def layer_figure(report: ck.Report, t, projector: bool) -> dict:
    return figs.layer_figure(report, t, projector=projector)


def drawn_caption(t, report: ck.Report) -> None:
    """What the figures leave out of a large file, said under them (nothing for a file they draw whole)."""
    shown = figs.drawn(report)
    parts = []
    if shown.gap:
        parts.append(t("checkpoint.fig.bounded.layers", edge=figs.EDGE_LAYERS, layers=_int(shown.all_layers, t.lang)))
    if shown.families < shown.all_families:
        parts.append(
            t("checkpoint.fig.bounded.families", shown=shown.families, families=_int(shown.all_families, t.lang))
        )
    if parts:
        st.caption(t.sentences(parts))


def histogram_figure(report: ck.Report, t, projector: bool) -> dict:
    return figs.histogram_figure(report, t, projector=projector)
