"""``python -m normviz 3 4``: a vector's statistics and its L2, RMSNorm and LayerNorm.

    $ python -m normviz 1 2 3
    $ python -m normviz --eps 0 -- -1 2      # negative numbers work with or without --
    $ python -m normviz --backend torch 101 102 103

Subcommands (``COMMANDS``) live with their topic and share ``normviz._cli``:

    $ python -m normviz inspect model.safetensors [--config config.json]
    $ python -m normviz cost --tokens 32768 --hidden 2048 --calls 48 --bytes 2 --bandwidth 2e12
    $ python -m normviz bench [--json]

Bad arguments give a one-line error on stderr and exit status 2. A reader that
closes the pipe early (``| head -1``) ends the program quietly with status 141
(128 + SIGPIPE), as a shell tool killed by SIGPIPE reports it.
"""

from __future__ import annotations

import importlib
import math
import sys

import numpy as np

from normviz import _xp
from normviz._cli import Parser, emit
from normviz.format import plain
from normviz.methods import METHODS

# python -m normviz NAME ...: the module whose main(argv) -> int runs it
COMMANDS = {
    "inspect": "normviz.checkpoint",
    "cost": "normviz.cost",
    "bench": "normviz.bench",
}


def _parser() -> Parser:
    p = Parser(
        prog="python -m normviz",
        description="Show what L2, RMSNorm and LayerNorm do to a vector.",
    )
    p.add_argument("x", nargs="+", type=float, metavar="NUMBER", help="the vector's components")
    p.add_argument(
        "--eps", type=float, help="epsilon for all three (default: each one's own default)"
    )
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


def _protect_negatives(argv: list[str]) -> list[str]:
    """argparse reads '-1e3' or '-inf' as an option; a leading space keeps it a value."""
    return [f" {a}" if a.startswith("-") and _is_number(a) else a for a in argv]


def _norm(a) -> float:
    """||a||_2 scaled as hypot does (no underflow at 1e-300, no overflow at 1e300); NaN stays."""
    return math.nan if np.isnan(a).any() else math.hypot(*a)


def _table(header: list[str], rows: list[list[str]]) -> str:
    """First column left-aligned, the others right-aligned, two spaces apart."""
    cells = [header, *rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    lines = [
        "  ".join([r[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(r[1:], widths[1:])])
        for r in cells
    ]
    return "\n".join(line.rstrip() for line in lines)


def report(values: list[float], *, eps: float | None = None, backend: str | None = None) -> str:
    """The text ``python -m normviz`` prints; raises ValueError/TypeError on bad input."""
    be = _xp.resolve_backend(backend)
    x = be.asarray(values, "float64")
    outputs = {m.label: _xp.to_numpy(m(x, eps=eps)) for m in METHODS.values()}
    used_eps = [m.eps_or_default(eps) for m in METHODS.values()]

    v = np.asarray(values, dtype=np.float64)
    with np.errstate(all="ignore"):  # NaN/inf in, NaN/inf out
        mean = v.mean()
        root_n = math.sqrt(v.size)
        stats = [
            ("n", str(v.size)),
            ("mean", plain(mean)),
            ("std (biased)", plain(_norm(v - mean) / root_n)),
            ("RMS", plain(_norm(v) / root_n)),
            ("L2 norm", plain(_norm(v))),
        ]
        norms = {name: _norm(y) for name, y in outputs.items()}

    rows = [[str(i + 1), plain(xi), *(plain(y[i]) for y in outputs.values())] for i, xi in enumerate(v)]
    rows.append(["norm", stats[-1][1], *(plain(nrm) for nrm in norms.values())])
    rows.append(["eps", "", *(plain(e) for e in used_eps)])
    return "\n".join(
        [
            f"computed with {be.label}",
            "",
            _table(["statistic", "value"], [list(s) for s in stats]),
            "",
            _table(["i", "x", *outputs], rows),
        ]
    )


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in COMMANDS:
        return importlib.import_module(COMMANDS[argv[0]]).main(argv[1:])
    parser = _parser()
    args = parser.parse_args(_protect_negatives(argv))
    try:
        text = report(args.x, eps=args.eps, backend=args.backend)
    except (TypeError, ValueError) as exc:  # e.g. a negative eps, a bad $NORMVIZ_BACKEND
        parser.error(str(exc))
    return emit(text)


if __name__ == "__main__":
    sys.exit(main())
