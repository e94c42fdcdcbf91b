"""The cost page's bar chart, from a hand-made benchmark run: one trace per op, the copy first, real GB/s."""

from __future__ import annotations

import plotly.graph_objects as go
import pytest

from normviz.bench import Result, Run
from normviz.figures._style import COLORS, method_name
from normviz.figures.cost import bench_figure
from normviz.i18n import Translator
from normviz.methods import METHODS

EN = Translator("en")

SHAPES = ((64, 896), (1024, 2048))
SECONDS = {"copy": 1e-4, "layer_norm": 4e-4, "rms_norm": 2e-4, "l2": 2.5e-4}


def fake_run() -> Run:
    results = []
    for shape in SHAPES:
        nbytes = 2 * shape[0] * shape[1] * 4
        for op, s in SECONDS.items():
            vs = None if op == "copy" else SECONDS["copy"] / s
            results.append(Result(op, shape, "float32", s, nbytes, vs, None, None))
    return Run("numpy (CPU)", tuple(results), 7, 2, (0.5, 0.5, 0.5), {"numpy": "2"})


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("projector", [False, True])
def test_bench_figure_is_valid_plotly(lang, projector):
    go.Figure(bench_figure(fake_run(), Translator(lang), projector=projector))


def test_one_bar_trace_per_op_copy_first_in_grey_norms_in_method_colours():
    fig = bench_figure(fake_run(), EN)
    assert [t["meta"] for t in fig["data"]] == ["bench_copy", "bench_ln", "bench_rms", "bench_l2"]
    assert fig["data"][0]["marker"]["color"] == COLORS["reference"]
    for tr, key in zip(fig["data"][1:], ("ln", "rms", "l2")):
        assert tr["marker"]["color"] == METHODS[key].color and tr["name"] == method_name(key, EN)
    assert fig["layout"]["barmode"] == "group"


def test_bars_are_bytes_read_plus_written_over_time():
    fig = bench_figure(fake_run(), EN)
    ln = fig["data"][1]
    assert list(ln["x"]) == ["64 × 896", "1024 × 2048"]
    want = [2 * r * c * 4 / SECONDS["layer_norm"] / 1e9 for r, c in SHAPES]
    assert list(ln["y"]) == pytest.approx(want)
    assert list(ln["customdata"][:, 1]) == pytest.approx([0.25, 0.25])  # x copy


def test_titles_follow_the_language():
    zh, en = (bench_figure(fake_run(), Translator(lang)) for lang in ("zh", "en"))
    assert zh["layout"]["title"]["text"] != en["layout"]["title"]["text"]
    assert zh["data"][0]["name"] == "复制" and en["data"][0]["name"] == "copy"
