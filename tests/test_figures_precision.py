"""The precision figure is plain plotly JSON with one curve per dtype × path, NaN marked, finfo's threshold drawn."""

import math

import numpy as np
import pytest

from normviz import precision
from normviz.figures import precision as figs
from normviz.i18n import Translator
from tests.helpers.figures import assert_valid
from tests.helpers.pages import coords, trace

ZH = Translator("zh")

pytest.importorskip("torch")
SWEEP = precision.sweep(128, 0.0, 1.0, 0)


def build(key="rms", max_abs=302.0, lang="en", projector=False):
    cur = precision.current(128, max_abs, 0.0, 1.0, 0)
    return figs.sweep_figure(SWEEP, cur, key, Translator(lang), max_abs=max_abs, projector=projector)


@pytest.mark.parametrize("key", precision.KEYS)
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("projector", [False, True])
def test_the_sweep_figure_is_valid_plotly(key, lang, projector):
    assert_valid(build(key, lang=lang, projector=projector))


def test_the_builder_constructs_no_plotly_objects(no_plotly_objects):
    build()


@pytest.mark.parametrize("key", precision.KEYS)
def test_one_curve_per_dtype_and_path_with_the_sweeps_errors(key):
    fig = build(key)
    for dtype in precision.DTYPES:
        for path in precision.PATHS:
            tr = trace(fig, f"error_{dtype}_{path}")
            err = SWEEP.errors[(key, dtype, path)]
            np.testing.assert_allclose(coords(tr, "x"), SWEEP.max_abs)
            shown = coords(tr, "y")
            finite = np.isfinite(err)
            np.testing.assert_allclose(shown[finite], np.maximum(err[finite], figs.FLOOR))
            assert np.all(np.isnan(shown[~finite]))
    assert fig["layout"]["xaxis"]["type"] == "log" and fig["layout"]["yaxis"]["type"] == "log"


def test_float16_naive_jumps_to_1_past_the_threshold_and_nan_is_marked_past_65504():
    fig = build("rms")
    naive = coords(trace(fig, "error_float16_naive"), "y")
    past = SWEEP.max_abs > precision.limits("float16").square_overflow
    stored = SWEEP.max_abs > precision.limits("float16").max
    assert np.all(naive[~past] < 1e-2)
    assert np.allclose(naive[past & ~stored], 1.0) and np.all(np.isnan(naive[stored]))
    nan_x = coords(trace(fig, "nan"), "x")
    assert stored.any() and set(SWEEP.max_abs[stored]) <= set(nan_x)
    assert coords(trace(fig, "nan"), "y").min() > 1.0  # above every finite error


def test_the_overflow_line_and_roundoff_lines_come_from_finfo():
    fig = build()
    assert coords(trace(fig, "overflow"), "x")[0] == pytest.approx(math.sqrt(65504.0))
    assert coords(trace(fig, "roundoff_bfloat16"), "y")[0] == 2.0**-8
    assert coords(trace(fig, "roundoff_float16"), "y")[0] == 2.0**-11


def test_the_current_value_is_marked_with_its_errors():
    fig = build("ln", max_abs=1e5)
    cur = trace(fig, "current")
    assert np.all(coords(cur, "x") == 1e5)
    y = coords(cur, "y")
    assert y[0] == figs.NAN_LEVEL and y[1] == figs.NAN_LEVEL  # float16 naive and upcast: NaN
    assert np.all(y[2:] < 1e-1)


def test_the_sum_reduction_draws_where_its_float16_sum_overflows_and_mean_does_not():
    cur = precision.current(128, 302.0, 0.0, 1.0, 0, reduction="sum")
    sw = precision.sweep(128, 0.0, 1.0, 0, reduction="sum")
    fig = figs.sweep_figure(sw, cur, "rms", ZH, max_abs=302.0)
    assert_valid(fig)
    at = coords(trace(fig, "sum_overflow"), "x")[0]
    assert at == pytest.approx(sw.sum_overflow["rms"]) and at < precision.limits("float16").square_overflow
    naive = coords(trace(fig, "error_float16_naive"), "y")
    past = sw.max_abs > at * (sw.max_abs[1] / sw.max_abs[0])
    assert np.all(np.nan_to_num(naive[past], nan=figs.NAN_LEVEL) > 0.5)  # past the line: output 0 (or NaN)
    assert "sum_overflow" not in [t.get("meta") for t in build()["data"]]
