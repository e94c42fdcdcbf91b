"""What normalization costs in a transformer: bytes moved, time at a given bandwidth, FLOPs.

    $ python -m normviz cost --tokens 32768 --hidden 2048 --calls 48 --bytes 2 --bandwidth 2e12

A normalization reads each activation once and writes it once, and does a few
floating-point operations per element; a matrix multiply does 2 FLOPs per
parameter per token. Every quantity is computed from the inputs step by step
(``steps``), so the arithmetic can be followed line by line:

    elements per call   = T × D
    bytes per call      = T × D × b × 2           (read + write)
    bytes in total      = bytes per call × calls
    time at bandwidth   = bytes in total / B
    FLOPs of the norms  = T × D × f × calls       (f FLOPs per element, default 5)
    FLOPs of matmuls    = 2 × P × T               (P parameters)

The defaults are a common tutorial's training micro-batch (a 1.3·10⁹-parameter
model, 24 layers × 2 norms, D = 2048, 32 768 tokens, 2-byte values, 2 TB/s):
6.7·10⁷ elements per call, 12.9 GB, 6.4 ms. Its matmul count, 2 × P × (T × D),
multiplies by the element count instead of the token count; ``slip_matmul_flops``
reproduces that slip so the two figures can be shown side by side.

Storage (``storage``): one activation tensor of T × D values takes T × D × b
bytes; the default 32 768 × 2048 in 16 bits is 2²⁷ B = 128 MiB, and kept in
float32 instead 256 MiB, twice as much. Reducing in float32 inside the norm
costs none of it (the conversions happen in registers); storing in float32 does.

Time shares use a roofline: an operation takes max(FLOPs / peak, bytes / B),
the matmuls reading their P weights once (their activations, the KV cache and
attention's own FLOPs not counted). The peak FLOP/s is an assumption (default
10¹⁵). The norms' time share over their FLOP share is the ratio of the two
arithmetic intensities while both sides are bandwidth-bound, (2T / b) / (f / 2b)
= 4T / f (0.8 for one token), and peak / B over f / 2b once the matmuls are
compute-bound: ``scenarios`` puts training and decoding side by side.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from normviz.format import plain

__all__ = ["Inputs", "Cost", "Step", "Storage", "SCENARIOS", "compute", "scenarios", "steps", "storage"]

# The norm's FLOPs per element: sum, square-and-add, subtract, divide, affine (a common tutorial's count).
FLOPS_PER_ELEMENT = 5


@dataclass(frozen=True)
class Inputs:
    """One forward pass over ``tokens`` tokens (T = batch × sequence) of width ``hidden`` (D)."""

    tokens: int = 32_768
    hidden: int = 2_048
    layers: int = 24
    norms_per_layer: int = 2
    bytes_per_value: float = 2.0  # 4 fp32, 2 fp16/bf16, 1 fp8
    bandwidth: float = 2e12  # bytes per second
    params: float = 1.3e9  # parameters of the matrix multiplies
    peak_flops: float = 1e15  # FLOP/s: an assumption (dense 16-bit on a current accelerator)
    flops_per_element: float = FLOPS_PER_ELEMENT

    def __post_init__(self) -> None:
        for name in ("tokens", "hidden", "layers", "norms_per_layer"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a whole number >= 1; got {value!r}")
        for name, low_ok in (("bytes_per_value", False), ("bandwidth", False), ("params", True),
                             ("peak_flops", False), ("flops_per_element", True)):  # fmt: skip
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError(f"{name} must be a real number; got {type(value).__name__}")
            if not math.isfinite(value) or value < 0 or (value == 0 and not low_ok):
                raise ValueError(f"{name} must be finite and {'>= 0' if low_ok else '> 0'}; got {value!r}")

    @property
    def calls(self) -> int:
        """Normalization calls in one forward pass: layers × norms per layer."""
        return self.layers * self.norms_per_layer


@dataclass(frozen=True)
class Cost:
    """Every intermediate figure of the calculation (units: elements, bytes, seconds, FLOP)."""

    inputs: Inputs
    elements_per_call: int
    bytes_per_call: float
    calls: int
    bytes_total: float
    time_bandwidth: float  # s, all calls, at the memory bandwidth
    norm_flops_per_call: float
    norm_flops: float
    matmul_flops: float
    flop_share: float  # norm FLOPs / (norm + matmul FLOPs)
    slip_matmul_flops: float  # 2 × P × (T × D): the common slip
    slip_flop_share: float  # norm FLOPs / slip_matmul_flops, as the slip divides
    intensity: float  # the norm's FLOP per byte moved
    balance: float  # the machine's FLOP per byte: peak / bandwidth
    time_compute: float  # s, the norms' FLOPs at peak
    norm_time: float  # s, roofline: max(compute, bandwidth)
    matmul_bytes: float  # the weights, read once
    matmul_intensity: float
    matmul_time: float  # s, roofline
    time_share: float  # norm time / (norm + matmul time)
    byte_share: float  # norm bytes / (norm bytes + weight bytes)

    @property
    def share_ratio(self) -> float:
        """How many times the norms' share of time exceeds their share of FLOPs."""
        return self.time_share / self.flop_share if self.flop_share else math.nan

    @property
    def bandwidth_bound(self) -> bool:
        return self.intensity < self.balance

    @property
    def matmul_bandwidth_bound(self) -> bool:
        return self.matmul_intensity < self.balance


def compute(inputs: Inputs | None = None, /, **values) -> Cost:
    """The cost of the normalizations of one forward pass; ``values`` override ``Inputs`` fields."""
    i = Inputs(**values) if inputs is None else inputs
    if inputs is not None and values:
        raise TypeError("give either an Inputs or keyword values, not both")
    elements = i.tokens * i.hidden
    bytes_per_call = elements * i.bytes_per_value * 2
    bytes_total = bytes_per_call * i.calls
    time_bandwidth = bytes_total / i.bandwidth
    flops_call = elements * i.flops_per_element
    norm_flops = flops_call * i.calls
    matmul_flops = 2 * i.params * i.tokens
    slip_matmul = 2 * i.params * elements
    time_compute = norm_flops / i.peak_flops
    norm_time = max(time_compute, time_bandwidth)
    matmul_bytes = i.params * i.bytes_per_value
    matmul_time = max(matmul_flops / i.peak_flops, matmul_bytes / i.bandwidth)
    return Cost(
        inputs=i,
        elements_per_call=elements,
        bytes_per_call=bytes_per_call,
        calls=i.calls,
        bytes_total=bytes_total,
        time_bandwidth=time_bandwidth,
        norm_flops_per_call=flops_call,
        norm_flops=norm_flops,
        matmul_flops=matmul_flops,
        flop_share=_share(norm_flops, matmul_flops),
        slip_matmul_flops=slip_matmul,
        slip_flop_share=norm_flops / slip_matmul if slip_matmul else math.nan,
        intensity=i.flops_per_element / (2 * i.bytes_per_value),
        balance=i.peak_flops / i.bandwidth,
        time_compute=time_compute,
        norm_time=norm_time,
        matmul_bytes=matmul_bytes,
        matmul_intensity=matmul_flops / matmul_bytes if matmul_bytes else math.inf,
        matmul_time=matmul_time,
        time_share=_share(norm_time, matmul_time),
        byte_share=_share(bytes_total, matmul_bytes),
    )


MIB = 2**20
FLOAT32_BYTES = 4


@dataclass(frozen=True)
class Storage:
    """One activation tensor of T × D values in b bytes a value, against the same tensor kept in float32."""

    tokens: int
    hidden: int
    bytes_per_value: float

    @property
    def values(self) -> int:
        return self.tokens * self.hidden

    @property
    def bytes(self) -> float:
        """T × D × b."""
        return self.values * self.bytes_per_value

    @property
    def mib(self) -> float:
        return self.bytes / MIB

    @property
    def float32_bytes(self) -> float:
        return self.values * FLOAT32_BYTES

    @property
    def float32_mib(self) -> float:
        return self.float32_bytes / MIB

    @property
    def ratio(self) -> float:
        """How many times the memory grows when the tensor is kept in float32 instead: 4 / b (2 for 16 bits)."""
        return FLOAT32_BYTES / self.bytes_per_value


def storage(inputs: Inputs | None = None, /) -> Storage:
    """The memory of one activation tensor (the input of one normalization call) for ``inputs``' shape and dtype."""
    i = Inputs() if inputs is None else inputs
    return Storage(i.tokens, i.hidden, i.bytes_per_value)


# The page's side-by-side cases: (key, tokens). The tutorial's training micro-batch, one
# sequence decoding one token, and a batch of 64 sequences decoding one token each.
SCENARIOS = (("training", 32_768), ("decode", 1), ("decode_batch", 64))


def scenarios(inputs: Inputs | None = None) -> list[tuple[str, Cost]]:
    """``compute`` for each of SCENARIOS: ``inputs`` (default ``Inputs()``) with only the token count changed."""
    base = Inputs() if inputs is None else inputs
    return [(key, compute(replace(base, tokens=tokens))) for key, tokens in SCENARIOS]


def _share(part: float, other: float) -> float:
    return part / (part + other) if part + other else math.nan


@dataclass(frozen=True)
class Step:
    """One line of the worked calculation: ``key`` names it (i18n ``cost.step.<key>``)."""

    key: str
    formula: str  # in symbols: "T × D"
    numbers: str  # the same with the inputs put in: "32768 × 2048"
    value: float
    unit: str  # "", "B", "s", "FLOP", "FLOP/B"


def _plain(value: float) -> str:
    return plain(value, 4, whole_below=1e9)


def steps(cost: Cost) -> list[Step]:
    """The calculation in order, each step with its formula and the numbers put in."""
    i, c = cost.inputs, cost
    T, D, b, B = _plain(i.tokens), _plain(i.hidden), _plain(i.bytes_per_value), _plain(i.bandwidth)
    P, F, f = _plain(i.params), _plain(i.peak_flops), _plain(i.flops_per_element)
    return [
        Step("elements", "T × D", f"{T} × {D}", c.elements_per_call, ""),
        Step("bytes_call", "T × D × b × 2", f"{_plain(c.elements_per_call)} × {b} × 2", c.bytes_per_call, "B"),
        Step("calls", "L × k", f"{_plain(i.layers)} × {_plain(i.norms_per_layer)}", c.calls, ""),
        Step(
            "bytes_total", "bytes/call × calls", f"{_plain(c.bytes_per_call)} × {_plain(c.calls)}", c.bytes_total, "B"
        ),
        Step("time", "bytes / B", f"{_plain(c.bytes_total)} / {B}", c.time_bandwidth, "s"),
        Step("flops_call", "T × D × f", f"{_plain(c.elements_per_call)} × {f}", c.norm_flops_per_call, "FLOP"),
        Step(
            "flops_norm",
            "FLOPs/call × calls",
            f"{_plain(c.norm_flops_per_call)} × {_plain(c.calls)}",
            c.norm_flops,
            "FLOP",
        ),
        Step("flops_matmul", "2 × P × T", f"2 × {P} × {T}", c.matmul_flops, "FLOP"),
        Step(
            "flop_share",
            "norm / (norm + matmul)",
            f"{_plain(c.norm_flops)} / ({_plain(c.norm_flops)} + {_plain(c.matmul_flops)})",
            c.flop_share,
            "",
        ),
        Step("slip_matmul", "2 × P × (T × D)", f"2 × {P} × {_plain(c.elements_per_call)}", c.slip_matmul_flops, "FLOP"),
        Step(
            "slip_share",
            "norm / slipped matmul",
            f"{_plain(c.norm_flops)} / {_plain(c.slip_matmul_flops)}",
            c.slip_flop_share,
            "",
        ),
        Step("intensity", "f / (b × 2)", f"{f} / ({b} × 2)", c.intensity, "FLOP/B"),
        Step("balance", "peak / B", f"{F} / {B}", c.balance, "FLOP/B"),
        Step("time_compute", "FLOPs / peak", f"{_plain(c.norm_flops)} / {F}", c.time_compute, "s"),
        Step(
            "norm_time",
            "max(compute, bandwidth)",
            f"max({_plain(c.time_compute)}, {_plain(c.time_bandwidth)})",
            c.norm_time,
            "s",
        ),
        Step(
            "matmul_time",
            "max(2PT / peak, P × b / B)",
            f"max({_plain(c.matmul_flops)} / {F}, {_plain(c.matmul_bytes)} / {B})",
            c.matmul_time,
            "s",
        ),
        Step(
            "byte_share",
            "norm bytes / (norm bytes + P × b)",
            f"{_plain(c.bytes_total)} / ({_plain(c.bytes_total)} + {_plain(c.matmul_bytes)})",
            c.byte_share,
            "",
        ),
        Step(
            "time_share",
            "norm time / (norm + matmul time)",
            f"{_plain(c.norm_time)} / ({_plain(c.norm_time)} + {_plain(c.matmul_time)})",
            c.time_share,
            "",
        ),
        Step(
            "share_ratio",
            "time share / FLOP share",
            f"{_plain(c.time_share)} / {_plain(c.flop_share)}",
            c.share_ratio,
            "",
        ),
    ]
