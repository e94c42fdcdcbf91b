"""The cost calculator: a common tutorial's worked figures, hand-computed cases, the roofline, the CLI."""

from __future__ import annotations

import math
import re

import pytest

from normviz import cost
from normviz.cli import cost_inputs, cost_parser
from normviz.cost import Inputs, compute, steps

SEED = Inputs()  # 32 768 tokens x 2048, 24 layers x 2 norms, 2 bytes, 2 TB/s, 1.3e9 parameters


def test_defaults_are_the_tutorial_case():
    assert (SEED.tokens, SEED.hidden, SEED.calls, SEED.bytes_per_value, SEED.bandwidth) == (32768, 2048, 48, 2, 2e12)
    assert SEED.params == 1.3e9 and SEED.flops_per_element == 5


def test_the_tutorials_figures():
    c = compute(SEED)
    assert c.elements_per_call == 32768 * 2048 == 67_108_864  # "about 6.7e7"
    assert c.bytes_per_call == 67_108_864 * 2 * 2
    assert c.bytes_total == 48 * 67_108_864 * 4 == 12_884_901_888  # "about 12.9 GB" (the tutorial: 13 GB)
    assert c.time_bandwidth == pytest.approx(6.442e-3, rel=1e-3)  # "about 6.4 ms" (the tutorial: 6.5 ms)
    assert c.norm_flops == 5 * 67_108_864 * 48  # the tutorial's 1.6e10
    assert c.norm_flops == pytest.approx(1.6e10, rel=0.01)


def test_flop_share_counts_tokens_not_elements():
    c = compute(SEED)
    assert c.matmul_flops == pytest.approx(2 * 1.3e9 * 32768) == pytest.approx(8.52e13, rel=1e-3)
    assert c.flop_share == pytest.approx(c.norm_flops / (c.norm_flops + c.matmul_flops))
    assert 1.5e-4 < c.flop_share < 2.5e-4  # about 2e-4
    # the common slip: 2 x P x (T x D) = 1.7e17 and a share of about 1e-7, a factor D smaller
    assert c.slip_matmul_flops == pytest.approx(1.745e17, rel=1e-3)
    assert 5e-8 < c.slip_flop_share < 1.5e-7
    assert c.slip_matmul_flops / c.matmul_flops == pytest.approx(SEED.hidden)


def test_a_small_case_by_hand():
    c = compute(
        tokens=10,
        hidden=4,
        layers=3,
        norms_per_layer=1,
        bytes_per_value=4,
        bandwidth=1000.0,
        params=100.0,
        peak_flops=1e4,
        flops_per_element=5,
    )
    assert c.elements_per_call == 40
    assert c.bytes_per_call == 320  # 40 x 4 bytes x (read + write)
    assert c.bytes_total == 960 and c.time_bandwidth == pytest.approx(0.96)
    assert c.norm_flops_per_call == 200 and c.norm_flops == 600
    assert c.matmul_flops == 2000 and c.flop_share == pytest.approx(600 / 2600)
    assert c.slip_matmul_flops == 8000 and c.slip_flop_share == pytest.approx(0.075)
    assert c.intensity == pytest.approx(5 / 8) and c.balance == pytest.approx(10)
    assert c.time_compute == pytest.approx(0.06) and c.norm_time == pytest.approx(0.96)
    assert c.matmul_bytes == 400 and c.matmul_time == pytest.approx(0.4)  # max(2000/1e4, 400/1000)
    assert c.time_share == pytest.approx(0.96 / 1.36)


def test_norms_are_bandwidth_bound_and_their_time_share_exceeds_their_flop_share_in_training():
    c = compute(SEED)
    assert c.intensity == 1.25 and c.balance == 500 and c.bandwidth_bound
    assert not c.matmul_bandwidth_bound  # 2T/b = 32768 FLOP/B: compute-bound
    assert c.time_compute < c.time_bandwidth / 100
    assert c.time_share == pytest.approx(6.442e-3 / (6.442e-3 + 0.0852), rel=1e-3)
    assert c.time_share > 300 * c.flop_share


def test_decoding_one_token_both_sides_wait_for_memory():
    c = compute(tokens=1)
    assert c.bandwidth_bound and c.matmul_bandwidth_bound
    assert c.matmul_time == pytest.approx(1.3e9 * 2 / 2e12)
    # in this roofline model the two shares are then of the same order
    assert 0.5 < c.time_share / c.flop_share < 2


def test_decoding_a_batch_opens_the_gap_between_time_and_flop_share():
    """Both sides bandwidth-bound: time share = byte share, about 4T / f times the FLOP share."""
    for tokens in (1, 8, 64):  # while the shares are small (about 1 % at 64)
        c = compute(tokens=tokens)
        assert c.matmul_bandwidth_bound
        assert c.time_share == pytest.approx(c.byte_share)
        assert c.byte_share == pytest.approx(48 * tokens * 2048 * 4 / (48 * tokens * 2048 * 4 + 2.6e9))
        assert c.share_ratio == pytest.approx(4 * tokens / 5, rel=0.02)
    assert compute(tokens=1).share_ratio == pytest.approx(0.8, rel=1e-3)


def test_scenarios_change_only_the_token_count():
    base = Inputs(hidden=4096, layers=32, params=7e9, bytes_per_value=4)
    cases = dict(cost.scenarios(base))
    assert list(cases) == [key for key, _ in cost.SCENARIOS] == ["training", "decode", "decode_batch"]
    assert [c.inputs.tokens for c in cases.values()] == [32768, 1, 64]
    for c in cases.values():
        assert (c.inputs.hidden, c.inputs.layers, c.inputs.params, c.inputs.bytes_per_value) == (4096, 32, 7e9, 4)
    seed = dict(cost.scenarios())
    assert seed["training"] == compute(SEED)
    # training: the matmuls are compute-bound and the time share is hundreds of times the FLOP share
    assert not seed["training"].matmul_bandwidth_bound and seed["training"].share_ratio > 300
    assert seed["decode"].share_ratio < 1 < 40 < seed["decode_batch"].share_ratio


def test_a_machine_slower_at_arithmetic_makes_the_norm_compute_bound():
    c = compute(peak_flops=1e12, bandwidth=8e12)  # balance 0.125 FLOP/B < 1.25
    assert not c.bandwidth_bound and c.norm_time == c.time_compute > c.time_bandwidth


@pytest.mark.parametrize(
    "inputs",
    [
        SEED,
        Inputs(tokens=1),
        Inputs(tokens=7, hidden=3, layers=5, norms_per_layer=3, bytes_per_value=4, bandwidth=3e11),
    ],
)
def test_every_step_shows_numbers_that_give_its_value(inputs):
    """A student who types the 'numbers' column into a calculator gets the 'value' column."""
    for s in steps(compute(inputs)):
        expr = s.numbers.replace("×", "*")
        value = eval(expr, {"__builtins__": {}, "max": max})  # noqa: S307 -- our own digits and operators
        assert value == pytest.approx(s.value, rel=2e-3), (s.key, s.numbers, s.value)
        assert re.fullmatch(r"[\d.e+\-×/() ,max]+", s.numbers), s.numbers


def test_steps_are_in_the_order_of_the_arithmetic():
    keys = [s.key for s in steps(compute(SEED))]
    assert keys[:5] == ["elements", "bytes_call", "calls", "bytes_total", "time"]
    assert keys.index("flops_matmul") < keys.index("flop_share") < keys.index("slip_matmul")
    assert keys[-3:] == ["byte_share", "time_share", "share_ratio"]


@pytest.mark.parametrize(
    ("field", "value", "error"),
    [("tokens", 0, ValueError), ("hidden", 2.5, ValueError), ("layers", True, ValueError),
     ("bandwidth", 0.0, ValueError), ("bandwidth", math.inf, ValueError), ("bytes_per_value", -2, ValueError),
     ("peak_flops", math.nan, ValueError), ("params", "1e9", TypeError)],
)  # fmt: skip
def test_bad_inputs_name_the_argument(field, value, error):
    with pytest.raises(error, match=field):
        Inputs(**{field: value})


def test_zero_params_is_allowed_and_gives_share_one():
    c = compute(params=0.0)
    assert c.flop_share == 1.0 and c.matmul_time == 0.0


# --- python -m normviz cost ---------------------------------------------------------------------------


def values(stdout: str) -> dict[str, float]:
    """The 'value' column keyed by the step's label."""
    from normviz.i18n import Translator

    t = Translator("en")
    out = {}
    for s in steps(compute(SEED)):
        label = t(f"cost.step.{s.key}")
        line = next(line for line in stdout.splitlines() if line.startswith(label + " "))
        cells = line[len(label) :].split("  ")
        numbers = [c.strip() for c in cells if c.strip()]
        out[s.key] = float(numbers[-2] if numbers[-1] in {"B", "s", "FLOP", "FLOP/B"} else numbers[-1])
    return out


def test_cli_prints_the_tutorial_table(cli):
    proc = cli("cost", "--tokens", "32768", "--hidden", "2048", "--calls", "48", "--bytes", "2", "--bandwidth", "2e12")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    v = values(proc.stdout)
    assert v["elements"] == 67108864
    assert v["bytes_total"] == pytest.approx(1.288e10)
    assert v["time"] == pytest.approx(6.442e-3)
    assert v["flop_share"] == pytest.approx(1.89e-4, rel=0.01)
    assert v["slip_share"] == pytest.approx(9.231e-8, rel=1e-3)
    assert "assumption" in proc.stdout


def test_cli_defaults_match_the_library(cli):
    proc = cli("cost")
    assert proc.returncode == 0, proc.stderr
    assert values(proc.stdout)["time_share"] == pytest.approx(compute(SEED).time_share, rel=1e-3)


@pytest.mark.parametrize(
    "args", [("--tokens", "0"), ("--hidden", "2.5"), ("--bytes", "x"), ("--bandwidth", "0"), ("--calls", "inf"),
             ("--peak-flops", "nan"), ("--nope",)],
)  # fmt: skip
def test_cli_bad_arguments_give_one_line_and_status_2(args, cli):
    proc = cli("cost", *args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("python -m normviz cost: error:")


def test_calls_option_stands_for_layers_of_one_norm():
    args = cost_parser().parse_args(["--calls", "48"])
    i = cost_inputs(args)
    assert (i.layers, i.norms_per_layer, i.calls) == (48, 1, 48)


# --- storage (issue 24 §3.3) --------------------------------------------------------------------------------


def test_the_worked_case_is_128_mib_in_16_bits_and_256_mib_in_float32():
    """32 768 tokens × 2048 features × 2 B = 2²⁷ B = 128 MiB (≈ 1.34·10⁸ B); float32 doubles it."""
    s = cost.storage(SEED)
    assert (s.tokens, s.hidden, s.bytes_per_value) == (32768, 2048, 2)
    assert s.bytes == 134_217_728 == 2**27 and s.bytes == pytest.approx(1.34e8, rel=2e-3)
    assert s.mib == 128.0 and s.float32_mib == 256.0 and s.ratio == 2.0
    assert s.bytes == compute(SEED).bytes_per_call / 2  # one read of the norm's input: half the call's traffic


@pytest.mark.parametrize("tokens, hidden, b", [(1, 2048, 2), (4096, 4096, 1), (10_000_000, 65_536, 4), (7, 3, 2)])
def test_storage_is_tokens_times_hidden_times_bytes(tokens, hidden, b):
    s = cost.storage(Inputs(tokens=tokens, hidden=hidden, bytes_per_value=b))
    assert s.bytes == tokens * hidden * b and s.mib == tokens * hidden * b / 1024 / 1024
    assert s.float32_bytes == tokens * hidden * 4 and s.ratio == 4 / b
