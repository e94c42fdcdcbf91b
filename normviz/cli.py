"""``python -m normviz``: every command's arguments, and its results as text. The topic modules compute;
this module prints.

    $ python -m normviz 1 2 3                     # a vector's statistics and its three normalizations
    $ python -m normviz --eps 0 -- -1 2           # negative numbers work with or without --
    $ python -m normviz inspect model.safetensors [--config config.json]
    $ python -m normviz cost --tokens 32768 --hidden 2048 --calls 48 --bytes 2 --bandwidth 2e12
    $ python -m normviz bench [--json]
    $ python -m normviz model "some text" [--layer K] [--json]

Bad arguments give a one-line error on stderr and exit status 2. A reader that closes the pipe early
(``| head -1``) ends the program quietly with status 141 (128 + SIGPIPE), as a shell tool killed by SIGPIPE
reports it. The text is English; its sentences come from the app's catalogue (``normviz.i18n``).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable
from dataclasses import fields

import numpy as np

from normviz import _xp
from normviz._exact import pow2_scale
from normviz.format import decimals, plain
from normviz.i18n import Translator
from normviz.methods import METHODS

EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE
EN = Translator("en")


class Parser(argparse.ArgumentParser):
    """argparse with a one-line error (``prog: error: message``, status 2), not usage + message."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message}\n")


def emit(text: str) -> int:
    """Print ``text``; 0, or 141 when the reader has closed the pipe (no traceback)."""
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader is gone: send what Python still flushes at exit to /dev/null.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    return 0


def table(header: list[str], rows: list[list[str]], *, right: Callable[[int], bool] = lambda j: False) -> str:
    """Columns two spaces apart, each as wide as its widest cell; column j right-aligned where ``right(j)``."""
    cells = [header, *rows]
    widths = [max(len(r[j]) for r in cells) for j in range(len(header))]
    return "\n".join(
        "  ".join(c.rjust(w) if right(j) else c.ljust(w) for j, (c, w) in enumerate(zip(r, widths))).rstrip()
        for r in cells
    )


# What each command does, in one line: its parser's description, and the list in ``--help``.
ABOUT = {
    "": "Show what L2, RMSNorm and LayerNorm do to a vector.",
    "inspect": "Which normalization a checkpoint uses: its norm parameters, their kind and γ.",
    "cost": "Bytes, time and FLOPs of the normalizations of one forward pass.",
    "bench": "Time copy, LayerNorm, RMSNorm and L2 against torch.nn.functional.",
    "model": "What the 13 LayerNorms of a real model (all-MiniLM-L6-v2) receive for a text.",
}


# --- python -m normviz NUMBER ... ----------------------------------------------------------------------------


def _vector_parser() -> Parser:
    commands = [name for name in ABOUT if name]
    width = max(map(len, commands))
    p = Parser(
        prog="python -m normviz",
        usage="%(prog)s [-h] [--eps EPS] [--backend {numpy,torch}] NUMBER [NUMBER ...]\n"
        f"       %(prog)s {{{','.join(commands)}}} ...",
        description=ABOUT[""],
        epilog="commands (python -m normviz COMMAND --help for its options):\n"
        + "\n".join(f"  {name.ljust(width)}  {ABOUT[name]}" for name in commands),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("x", nargs="+", type=_component, metavar="NUMBER", help="the vector's components (finite)")
    p.add_argument("--eps", type=float, help="epsilon for all three (default: each one's own default)")
    p.add_argument(
        "--backend",
        choices=_xp.BACKENDS,
        help="array library (default: $NORMVIZ_BACKEND, else numpy on CPU / torch on GPU)",
    )
    return p


def _is_number(arg: str) -> bool:
    try:
        float(arg)
    except ValueError:
        return False
    return True


def _component(text: str) -> float:
    """A finite float, as the app's vector field takes it: 1e400 (inf), inf and NaN are refused."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid float value: {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(EN("vtext.err.not_finite", token=text.strip()))
    return value


def _protect_negatives(argv: list[str]) -> list[str]:
    """argparse reads '-1e3' or '-inf' as an option; a leading space keeps it a value."""
    return [f" {a}" if a.startswith("-") and _is_number(a) else a for a in argv]


def _norm(a) -> float:
    """||a||_2 scaled as hypot does (no underflow at 1e-300, no overflow at 1e300); NaN stays."""
    return math.nan if np.isnan(a).any() else math.hypot(*a)


def vector_report(values: list[float], *, eps: float | None = None, backend: str | None = None) -> str:
    """The text ``python -m normviz`` prints; raises ValueError/TypeError on bad input."""
    be = _xp.resolve_backend(backend)
    x = be.asarray(values, "float64")
    outputs = {m.label: _xp.to_numpy(m(x, eps=eps)) for m in METHODS.values()}
    used_eps = [m.eps_or_default(eps) for m in METHODS.values()]

    v = np.asarray(values, dtype=np.float64)
    with np.errstate(all="ignore"):  # NaN/inf in, NaN/inf out
        # mean and std of v * 2**k, scaled back: (1e308, 1e308) has mean 1e308 and std 0, not inf
        vs, k, _ = pow2_scale(np, v, (0,))
        mean_s, k = vs.mean(), int(k[0])
        root_n = math.sqrt(v.size)
        stats = [
            ("n", str(v.size)),
            ("mean", plain(np.ldexp(mean_s, -k))),
            ("std (biased)", plain(np.ldexp(_norm(vs - mean_s) / root_n, -k))),
            ("RMS", plain(_norm(v) / root_n)),
            ("L2 norm", plain(_norm(v))),
        ]
        norms = {name: _norm(y) for name, y in outputs.items()}

    rows = [[str(i + 1), plain(xi), *(plain(y[i]) for y in outputs.values())] for i, xi in enumerate(v)]
    rows.append(["norm", stats[-1][1], *(plain(nrm) for nrm in norms.values())])
    rows.append(["eps", "", *(plain(e) for e in used_eps)])
    after_first = lambda j: j > 0  # noqa: E731
    return "\n".join(
        [
            f"computed with {be.label}",
            "",
            table(["statistic", "value"], [list(s) for s in stats], right=after_first),
            "",
            table(["i", "x", *outputs], rows, right=after_first),
        ]
    )


def vector_main(argv: list[str]) -> int:
    parser = _vector_parser()
    args = parser.parse_args(_protect_negatives(argv))
    try:
        text = vector_report(args.x, eps=args.eps, backend=args.backend)
    except (TypeError, ValueError) as exc:  # e.g. a negative eps, a bad $NORMVIZ_BACKEND
        parser.error(str(exc))
    return emit(text)


# --- python -m normviz inspect ---------------------------------------------------------------------------


def _g(value: float) -> str:
    return decimals(value, 4, nan="", minus="-")


def _gamma_stats(g: np.ndarray) -> list[str]:
    """mean, median and (biased) std of a family's γ components."""
    if not g.size:
        return ["", "", ""]
    return [_g(float(np.mean(g))), _g(float(np.median(g))), _g(float(np.std(g)))]


def checkpoint_report(report, *, filename: str = "", fmt: str = "") -> str:
    """A ``checkpoint.Report`` as ``python -m normviz inspect`` prints it."""
    from normviz import checkpoint as ck

    en = EN
    lines = []
    if filename:
        lines.append(
            f"file: {filename} ({en(f'checkpoint.format.{fmt}')}, {report.tensors} "
            f"tensor{'' if report.tensors == 1 else 's'})"
        )
    c = report.config
    if c is not None:
        said = [
            f"{k} {v}"
            for k, v in (("model_type", c.model_type), ("architecture", c.architecture), (c.eps_key, c.eps))
            if k and v is not None
        ]
        lines.append("config: " + (", ".join(said) or "nothing about the norms"))
    lines.append(
        f"parameters: {report.total_params} floating-point numbers (tied tensors once); in norms: "
        f"{report.norm_params} ({100 * report.share:.3f} %)"
    )
    lines.append(f"verdict: {en(f'checkpoint.verdict.{report.verdict}')}")
    if report.hidden is not None:
        lines.append(f"hidden size D: {report.hidden}")
    if report.families:
        rows = [
            [
                f.name,
                str(len(f.groups)),
                "/".join(map(str, f.sizes)),
                str(f.count),
                " / ".join(en(f"checkpoint.span.{k}") for k in f.spans),
                " / ".join(en(f"checkpoint.kind.{k}") for k in f.kinds),
                *_gamma_stats(f.gammas()),
            ]
            for f in report.families
        ]
        lines += [
            "",
            table(
                [
                    "norm",
                    "modules",
                    "length",
                    "params",
                    "normalizes",
                    "kind",
                    "gamma mean",
                    "gamma median",
                    "gamma std",
                ],
                rows,
            ),
        ]
        lines += [
            "",
            table(
                [
                    "module",
                    "layer",
                    "kind",
                    "gamma mean",
                    "gamma std",
                    "gamma min",
                    "gamma q25",
                    "gamma median",
                    "gamma q75",
                    "gamma max",
                    "beta mean",
                ],
                [
                    [
                        g.module,
                        "" if g.layer is None else str(g.layer),
                        en(f"checkpoint.kind.{g.kind}"),
                        _g(g.stat("mean")),
                        _g(g.stat("std")),
                        _g(g.stat("min")),
                        _g(g.quantile(0.25)),
                        _g(g.stat("median")),
                        _g(g.quantile(0.75)),
                        _g(g.stat("max")),
                        _g(g.beta_mean),
                    ]
                    for g in report.groups
                ],
            ),
        ]
        lines += [""] + [
            f"{', '.join(names)}: {en(f'checkpoint.evidence.{evidence}', **ck.evidence_values(c))}"
            for evidence, names in ck.evidence_of(report).items()
        ]
    return "\n".join(lines)


def _read_file(path: str, limit: int) -> bytes:
    with open(path, "rb") as fh:
        return fh.read(limit + 1)


def inspect_main(argv: list[str]) -> int:
    """``python -m normviz inspect FILE [--config config.json]``: print the report; one-line errors, status 2."""
    from normviz import checkpoint as ck

    parser = Parser(
        prog="python -m normviz inspect",
        description=ABOUT["inspect"],
    )
    parser.add_argument("file", help="a .safetensors file or a PyTorch state dict (.pt / .bin)")
    parser.add_argument("--config", help="the model's config.json")
    args = parser.parse_args(argv)
    config = None
    for path, limit in ((args.file, ck.MAX_BYTES), (args.config, ck.MAX_CONFIG_BYTES)):
        if path is None:
            continue
        try:
            data = _read_file(path, limit)
            if path is args.config:
                config = ck.read_config(data)
            else:
                state, fmt = ck.read_state_dict(data), ck.detect_format(data)
        except OSError as exc:
            parser.error(f"{path}: {exc.strerror or exc}")
        except ck.CheckpointError as exc:
            parser.error(f"{path}: {exc}")
    return emit(checkpoint_report(ck.inspect(state, config), filename=args.file, fmt=fmt))


# --- python -m normviz cost ---------------------------------------------------------------------------------


def _positive_int(text: str) -> int:
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"not a number: {text!r}") from None
    if not math.isfinite(value) or value != int(value) or value < 1:
        raise ValueError(f"not a whole number >= 1: {text!r}")
    return int(value)


def cost_parser() -> Parser:
    from normviz.cost import FLOPS_PER_ELEMENT, Inputs

    d = Inputs()
    p = Parser(prog="python -m normviz cost", description=ABOUT["cost"])
    p.add_argument("--tokens", default=str(d.tokens), help=f"T = batch x sequence (default {d.tokens})")
    p.add_argument("--hidden", default=str(d.hidden), help=f"D, the hidden size (default {d.hidden})")
    p.add_argument("--layers", default=str(d.layers), help=f"L (default {d.layers})")
    p.add_argument("--norms-per-layer", default=str(d.norms_per_layer), help="k (default 2)")
    p.add_argument("--calls", help="normalization calls in all (instead of --layers and --norms-per-layer)")
    p.add_argument("--bytes", type=float, default=d.bytes_per_value, help="bytes per value b (default 2)")
    p.add_argument("--bandwidth", type=float, default=d.bandwidth, help="memory bandwidth B in bytes/s (default 2e12)")
    p.add_argument("--params", type=float, default=d.params, help="parameters P of the matmuls (default 1.3e9)")
    p.add_argument("--peak-flops", type=float, default=d.peak_flops, help="peak FLOP/s, an assumption (default 1e15)")
    p.add_argument(
        "--flops-per-element",
        type=float,
        default=d.flops_per_element,
        help=f"the norm's FLOPs per element f (default {FLOPS_PER_ELEMENT})",
    )
    return p


def cost_inputs(args):
    """``cost.Inputs`` from parsed arguments; ``--calls C`` stands for C layers of one norm each."""
    from normviz.cost import Inputs

    layers, per_layer = _positive_int(args.layers), _positive_int(args.norms_per_layer)
    if args.calls is not None:
        layers, per_layer = _positive_int(args.calls), 1
    return Inputs(
        tokens=_positive_int(args.tokens),
        hidden=_positive_int(args.hidden),
        layers=layers,
        norms_per_layer=per_layer,
        bytes_per_value=args.bytes,
        bandwidth=args.bandwidth,
        params=args.params,
        peak_flops=args.peak_flops,
        flops_per_element=args.flops_per_element,
    )


def _cost_number(value: float) -> str:
    return plain(value, 4, whole_below=1e9)


def cost_report(cost) -> str:
    """A ``cost.Cost`` as the step table ``python -m normviz cost`` prints."""
    from normviz.cost import steps

    header = ["step", "formula", "numbers", "value", "unit"]
    rows = [[EN(f"cost.step.{s.key}"), s.formula, s.numbers, _cost_number(s.value), s.unit] for s in steps(cost)]
    i = cost.inputs
    given = ", ".join(f"{f.name}={_cost_number(getattr(i, f.name))}" for f in fields(i))
    return "\n".join(
        [
            f"inputs: {given}",
            "",
            table(header, rows, right=lambda j: j == 3),
            "",
            EN("cost.cli.peak_note", peak=_cost_number(i.peak_flops)),
        ]
    )


def cost_main(argv: list[str]) -> int:
    from normviz.cost import compute

    parser = cost_parser()
    args = parser.parse_args(argv)
    try:
        cost = compute(cost_inputs(args))
    except (TypeError, ValueError) as exc:
        parser.error(str(exc))
    return emit(cost_report(cost))


# --- python -m normviz bench ---------------------------------------------------------------------------------


def _ratio(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}"


def bench_table(result) -> str:
    """A ``bench.Run`` as a text table: one line per shape, dtype and op."""
    from normviz.bench import LABELS

    header = ["shape", "dtype", "op", "ms", "GB/s", "vs copy", "F ms", "vs F"]
    lines = [
        [
            "×".join(map(str, r.shape)),
            r.dtype,
            LABELS[r.op],
            f"{r.seconds * 1e3:.3f}",
            f"{r.gbs:.2f}",
            _ratio(r.vs_copy),
            "" if r.torch_seconds is None else f"{r.torch_seconds * 1e3:.3f}",
            _ratio(r.vs_torch),
        ]
        for r in result.results
    ]
    load = "unknown" if result.load_average is None else " ".join(f"{v:.2f}" for v in result.load_average)
    versions = ", ".join(f"{k} {v}" for k, v in result.versions.items())
    reps = "21 rounds (7 at 64 MB and more)" if not result.repeats else f"{result.repeats} rounds"
    head = [
        f"{result.backend}; {versions}",
        f"median of {reps} after {result.warmup} warm-up, interleaved; load average {load}",
        "GB/s = (bytes read + written) / time; vs copy: over 'copy' (a new output, like a norm's);"
        " vs F: over torch.nn.functional on the same data (F ms; for copy: a torch copy)",
        "",
    ]
    return "\n".join([*head, table(header, lines, right=lambda j: j >= 3)])


def _shape(text: str) -> tuple[int, int]:
    try:
        rows, cols = (int(v) for v in text.lower().replace("×", "x").split("x"))
    except ValueError:
        raise ValueError(f"a shape is ROWSxCOLS, e.g. 4096x896; got {text!r}") from None
    if rows < 1 or cols < 1:
        raise ValueError(f"a shape needs rows and cols >= 1; got {text!r}")
    return rows, cols


def _bench_parser() -> Parser:
    from normviz.bench import SHAPES

    p = Parser(prog="python -m normviz bench", description=ABOUT["bench"])
    p.add_argument("--json", action="store_true", help="print JSON instead of the table")
    p.add_argument(
        "--quick",
        action="store_true",
        help="3 rounds after 1 warm-up, float32 only unless --dtypes (a rough, fast look)",
    )
    p.add_argument(
        "--backend",
        choices=_xp.BACKENDS,
        help="array library (default: $NORMVIZ_BACKEND, else numpy on CPU / torch on GPU)",
    )
    p.add_argument(
        "--shapes",
        nargs="+",
        metavar="ROWSxCOLS",
        help="shapes (default: " + " ".join(f"{r}x{c}" for r, c in SHAPES) + ")",
    )
    p.add_argument("--dtypes", nargs="+", metavar="DTYPE", help="float32, float16, bfloat16 (torch only)")
    p.add_argument("--repeats", type=int, help="timed rounds per candidate")
    p.add_argument("--no-torch", action="store_true", help="leave out torch.nn.functional")
    return p


def bench_main(argv: list[str]) -> int:
    from normviz.bench import SHAPES, run

    parser = _bench_parser()
    args = parser.parse_args(argv)
    try:
        shapes = tuple(_shape(s) for s in args.shapes) if args.shapes else SHAPES
        repeats = args.repeats if args.repeats is not None else (3 if args.quick else None)
        dtypes = args.dtypes or (("float32",) if args.quick else None)
        result = run(
            backend=args.backend,
            shapes=shapes,
            dtypes=dtypes,
            repeats=repeats,
            warmup=1 if args.quick else 2,
            with_torch=False if args.no_torch else None,
        )
    except (TypeError, ValueError) as exc:
        parser.error(str(exc))
    return emit(result.to_json() if args.json else bench_table(result))


# --- python -m normviz model ---------------------------------------------------------------------------------


LARGEST = "largest i:|x_i|/RMS"  # the column of the TOP coordinates by |x_i| / RMS(x): no threshold applied


def _largest(items: list[dict]) -> str:
    return " ".join(f"{o['coordinate']}:{o['ratio']:.1f}" for o in items)


def _model_head(run, loaded) -> list[str]:
    from normviz import model as m

    lines = [
        f"{m.NAME} ({m.PACKAGE}): 13 LayerNorms (Post-LN), D = {run.inputs.shape[-1]}, eps = {plain(run.eps)}; "
        f"loaded in {loaded.load_seconds:.2f} s (SHA-256 checked), forward pass {run.seconds * 1e3:.1f} ms",
        f"tokens ({len(run.tokens)}): {' '.join(run.tokens)}",
    ]
    if run.unknown:
        lines.append(f"became [UNK]: {' '.join(run.unknown)}")
    if run.truncated:
        lines.append(f"truncated to the first {len(run.tokens)} tokens")
    return lines


def model_report(run, loaded, *, layer=None) -> str:
    """A ``model.ModelRun`` as ``python -m normviz model`` prints it: one row per norm, or per token of ``layer``.

    x is the norm's captured input; share on 1 = mu^2 D / ||x||^2; LN-RMS gap = ||LN(x) - RMS(x)|| / ||LN(x)||
    (gamma = 1, beta = 0, the model's eps); largest i:|x_i|/RMS: the 3 coordinates i (0-based) with the
    largest |x_i| / RMS(x) (per norm: its max over the tokens), whatever their size; no outlier threshold.
    """
    from normviz import model as m

    lines = _model_head(run, loaded)
    if layer is None:
        header = ["#", "norm", "tokens", "mean ||x||", "mean |mu|", "share on 1", "LN-RMS gap"]
        header += [LARGEST, "gamma min", "gamma max"]
        rows = [
            [
                str(r["index"]),
                r["norm"],
                str(r["tokens"]),
                plain(r["mean_norm"], 4),
                plain(r["mean_abs_mean"], 4),
                plain(r["mean_share_ones"], 4),
                plain(r["mean_ln_rms_gap"], 4),
                _largest(r["outliers"]),
                plain(r["gamma_min"], 4),
                plain(r["gamma_max"], 4),
            ]
            for r in m.norm_table(run)
        ]
        right = lambda j: j in (0, 2, 3, 4, 5, 6, 8, 9)  # noqa: E731
    else:
        k = m.norm_index(layer)
        lines.append(f"norm {k + 1}: {m.NORMS[k]} ({m.MODULES[m.NORMS[k]]}), its input x per token")
        header = ["pos", "token", "||x||", "mu", "sigma", "share on 1", "LN-RMS gap", LARGEST]
        rows = [
            [
                str(r["position"]),
                r["token"],
                plain(r["norm"], 4),
                plain(r["mean"], 4),
                plain(r["std"], 4),
                plain(r["share_ones"], 4),
                plain(r["ln_rms_gap"], 4),
                _largest(r["outliers"]),
            ]
            for r in m.token_table(run, k + 1)
        ]
        right = lambda j: j in (0, 2, 3, 4, 5, 6)  # noqa: E731
    return "\n".join([*lines, "", table(header, rows, right=right)])


def model_json(run, loaded, *, layer=None) -> str:
    """The same as ``model_report``, as JSON: numbers as numbers (coordinates and counts as integers)."""
    import json

    from normviz import model as m

    out = {
        "model": m.NAME,
        "package": m.PACKAGE,
        "text": run.text,
        "tokens": list(run.tokens),
        "unknown": list(run.unknown),
        "truncated": run.truncated,
        "eps": run.eps,
        "load_seconds": loaded.load_seconds,
        "forward_seconds": run.seconds,
    }
    if layer is None:
        out["norms"] = m.norm_table(run)
    else:
        k = m.norm_index(layer)
        out["norm"] = {"index": k + 1, "name": m.NORMS[k], "module": m.MODULES[m.NORMS[k]]}
        out["rows"] = m.token_table(run, k + 1)
    return json.dumps(out, ensure_ascii=False, indent=2)


def model_main(argv: list[str]) -> int:
    """``python -m normviz model TEXT [--layer K] [--json] [--max-tokens N]``; one-line errors, status 2."""
    from normviz import model as m

    parser = Parser(prog="python -m normviz model", description=ABOUT["model"])
    parser.add_argument("text", help="the text (English; the model is uncased)")
    parser.add_argument(
        "--layer",
        help=f"one norm's per-token rows: 1..{len(m.NORMS)} or a name ({m.NORMS[0]}, {m.NORMS[1]}, ..., {m.NORMS[-1]})",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of the table")
    parser.add_argument(
        "--max-tokens",
        type=int,
        default=m.DEFAULT_MAX_TOKENS,
        help=f"cut longer texts (with [CLS] and [SEP]; default {m.DEFAULT_MAX_TOKENS}, at most {m.MAX_POSITIONS})",
    )
    args = parser.parse_args(argv)
    try:
        if args.layer is not None:
            m.norm_index(args.layer)  # before the model runs
        run = m.run(args.text, max_tokens=args.max_tokens)
        loaded = m.load()
    except (TypeError, ValueError) as exc:  # ModelFileError is a ValueError
        parser.error(str(exc))
    report = model_json if args.json else model_report
    return emit(report(run, loaded, layer=args.layer))


# --- dispatch -----------------------------------------------------------------------------------------------

COMMANDS = {"inspect": inspect_main, "cost": cost_main, "bench": bench_main, "model": model_main}


def main(argv: list[str] | None = None) -> int:
    """``python -m normviz [inspect | cost | bench | model] ...``; a bare list of numbers is the vector report."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] in COMMANDS:
        return COMMANDS[argv[0]](argv[1:])
    return vector_main(argv)
