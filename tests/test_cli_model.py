"""``python -m normviz model TEXT``: the real model's per-norm table, one norm's per-token rows, JSON, errors.

Run in this process (the ``cli`` fixture, tests/conftest.py), so the model loads once for the file."""

from __future__ import annotations

import json

import numpy as np
import pytest

from normviz import model as m

TEXT = "Layer normalization keeps every hidden state on a sphere, whatever its scale."


@pytest.fixture(scope="module")
def run():
    return m.run(TEXT)


def direct(x: np.ndarray, gamma: np.ndarray, eps: float) -> dict:
    """One norm's row computed here, from its captured inputs x (S, D), with torch's own norms."""
    import torch

    x = x.astype(np.float64)
    d = x.shape[1]
    norm = np.sqrt((x * x).sum(axis=1))
    mu = x.mean(axis=1)
    t = torch.from_numpy(x)
    ln = torch.nn.functional.layer_norm(t, (d,), eps=eps).numpy()
    rms = torch.nn.functional.rms_norm(t, (d,), eps=eps).numpy()
    ratio = np.abs(x) / (norm / np.sqrt(d))[:, None]
    top = np.argsort(ratio.max(axis=0))[::-1][:3]
    return {
        "mean_norm": norm.mean(),
        "mean_abs_mean": np.abs(mu).mean(),
        "mean_share_ones": (mu**2 * d / norm**2).mean(),
        "mean_ln_rms_gap": (np.linalg.norm(ln - rms, axis=1) / np.linalg.norm(ln, axis=1)).mean(),
        "outliers": [int(i) for i in top],
        "ratios": [ratio.max(axis=0)[i] for i in top],
        "gamma_min": gamma.min(),
        "gamma_max": gamma.max(),
    }


def header_of(stdout: str, first: str) -> str:
    """The table's header line, the one that starts with ``first``."""
    return next(line for line in stdout.splitlines() if line.split()[:1] == [first])


def rows_of(stdout: str) -> dict[str, list[str]]:
    """The table's rows keyed by their first cell (a norm's number or a token's position)."""
    out = {}
    for line in stdout.splitlines():
        cells = line.split()
        if cells and cells[0].isdigit():
            out[cells[0]] = cells
    return out


def test_the_table_has_one_row_per_norm_with_the_direct_numbers(cli, run):
    proc = cli("model", TEXT)
    assert proc.returncode == 0 and proc.stderr == ""
    assert "tokens (" in proc.stdout and "forward pass" in proc.stdout
    header = header_of(proc.stdout, "#")
    # the column lists the 3 largest |x_i|/RMS whatever their size: named for that, not "outliers"
    assert "largest i:|x_i|/RMS" in header and "outlier" not in header
    assert header.index("LN-RMS gap") < header.index("largest i:|x_i|/RMS") < header.index("gamma min")
    rows = rows_of(proc.stdout)
    assert [rows[str(k + 1)][1] for k in range(13)] == list(m.NORMS)
    k = 5  # layer3.attention
    want = direct(run.inputs[k], run.gammas[k], run.eps)
    cells = rows[str(k + 1)]
    assert int(cells[2]) == len(run.tokens)
    got = [float(c) for c in cells[3:7]]
    assert got == pytest.approx(
        [want[key] for key in ("mean_norm", "mean_abs_mean", "mean_share_ones", "mean_ln_rms_gap")], rel=1e-3
    )
    outliers = [c.split(":") for c in cells[7:10]]
    assert [int(i) for i, _ in outliers] == want["outliers"]
    assert [float(r) for _, r in outliers] == pytest.approx(want["ratios"], abs=0.06)
    assert [float(c) for c in cells[10:12]] == pytest.approx([want["gamma_min"], want["gamma_max"]], rel=1e-3)


def test_norm_table_matches_the_direct_computation_exactly_enough(run):
    for k, row in enumerate(m.norm_table(run)):
        want = direct(run.inputs[k], run.gammas[k], run.eps)
        assert row["norm"] == m.NORMS[k] and row["index"] == k + 1 and row["tokens"] == len(run.tokens)
        for key in ("mean_norm", "mean_abs_mean", "mean_share_ones", "mean_ln_rms_gap", "gamma_min", "gamma_max"):
            assert row[key] == pytest.approx(want[key], rel=1e-6, abs=1e-9), (m.NORMS[k], key)
        assert [o["coordinate"] for o in row["outliers"]] == want["outliers"]
        assert [o["ratio"] for o in row["outliers"]] == pytest.approx(want["ratios"], rel=1e-9)


def test_json_parses_and_holds_the_same_numbers(cli, run):
    proc = cli("model", TEXT, "--json")
    assert proc.returncode == 0 and proc.stderr == ""
    out = json.loads(proc.stdout)
    assert out["tokens"] == list(run.tokens) and out["unknown"] == [] and out["truncated"] is False
    assert [r["norm"] for r in out["norms"]] == list(m.NORMS)
    assert out["norms"] == m.norm_table(run)  # floats travel exactly (repr)
    assert all(isinstance(out["norms"][0][key], float) for key in ("mean_norm", "mean_share_ones", "gamma_min"))


@pytest.mark.parametrize("layer", ["5", "layer2.output"])
def test_layer_shows_one_norms_per_token_rows(cli, run, layer):
    proc = cli("model", TEXT, "--layer", layer)
    assert proc.returncode == 0 and proc.stderr == ""
    assert "norm 5: layer2.output (encoder.layer.1.output.LayerNorm)" in proc.stdout
    header = header_of(proc.stdout, "pos")
    assert header.rstrip().endswith("largest i:|x_i|/RMS") and "outlier" not in header
    rows = rows_of(proc.stdout)
    assert len(rows) == len(run.tokens)
    x = run.inputs[4].astype(np.float64)
    for j, token in enumerate(run.tokens):
        cells = rows[str(j)]
        assert cells[1] == token
        mu = x[j].mean()
        assert [float(c) for c in cells[2:6]] == pytest.approx(
            [np.linalg.norm(x[j]), mu, x[j].std(), mu**2 * 384 / (x[j] @ x[j])], rel=1e-3
        )


def test_layer_with_json(cli, run):
    out = json.loads(cli("model", TEXT, "--layer", "13", "--json").stdout)
    assert out["norm"] == {"index": 13, "name": "layer6.output", "module": "encoder.layer.5.output.LayerNorm"}
    assert [r["token"] for r in out["rows"]] == list(run.tokens)
    assert out["rows"] == m.token_table(run, 13)


def test_unknown_and_truncated_are_said(cli):
    proc = cli("model", "龘 " + "word " * 20, "--max-tokens", "6")
    assert proc.returncode == 0
    assert "became [UNK]: 龘" in proc.stdout and "truncated to the first 6 tokens" in proc.stdout


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("model", TEXT, "--layer", "14"), "layer must be 1..13 or one of embeddings"),
        (("model", TEXT, "--layer", "layer0.output"), "layer must be 1..13"),
        (("model", "   "), "text must contain something besides white space"),
        (("model", TEXT, "--max-tokens", "2"), "max_tokens must be between 3"),
        (("model", TEXT, "--max-tokens", "many"), "argument --max-tokens"),
        (("model",), "the following arguments are required: text"),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(cli, args, says):
    proc = cli(*args)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("python -m normviz model: error:")
    assert says in proc.stderr


def test_missing_model_files_are_one_line_and_status_2(cli, tmp_path, monkeypatch):
    monkeypatch.setenv(m.ENV_DIR, str(tmp_path))
    proc = cli("model", TEXT)
    assert proc.returncode == 2 and "model file model.safetensors is missing" in proc.stderr
