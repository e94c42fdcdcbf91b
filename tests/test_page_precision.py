"""The precision page in AppTest: both languages, the slider and presets change the results, bad links are told."""

import re

import pytest

from normviz.ui import precision as ui_prec
from tests.helpers.pages import coords, errors, figures, run_page, tables, text, trace

EXP, N, OFFSET, SPREAD, SEED, METHOD = (
    ui_prec.EXP_KEY,
    ui_prec.N_KEY,
    ui_prec.OFFSET_KEY,
    ui_prec.SPREAD_KEY,
    ui_prec.SEED_KEY,
    ui_prec.METHOD_KEY,
)
REDUCE, EPS, MODULE_DTYPE = ui_prec.REDUCE_KEY, ui_prec.EPS_KEY, ui_prec.MODULE_DTYPE_KEY

pytest.importorskip("torch")


def result_rows(at) -> str:
    return tables(at)[1]


def grad_rows(at) -> str:
    return tables(at)[2]


def row_map(table: str) -> dict[str, str]:
    """A dtype × path table's rows by dtype and path ("`float16`naive"; the reduction after "·" left out)."""
    lines = table.splitlines()[2:]
    return {r.split("|")[1].strip() + r.split("|")[2].split("·")[0].strip(): r for r in lines}


@pytest.mark.parametrize(
    "lang, title, zero, upcast", [("en", "Precision", "all 0", "upcast"), ("zh", "精度", "全为 0", "先升精度")]
)
def test_page_runs_in_both_languages_and_float16_naive_is_zero_at_302(lang, title, zero, upcast):
    at = run_page("precision", lang=lang)
    assert errors(at) == []
    assert title in at.title[0].value
    limits = tables(at)[0]
    assert "| `float16` | 65504 |" in limits and "255.937" in limits and "`torch.finfo`" in limits
    rows = result_rows(at)
    naive16 = [r for r in rows.splitlines() if r.startswith("| `float16` |")][0]
    assert zero in naive16 and "1.00e+00" in naive16
    assert upcast in rows
    assert any("255.94" in w.value for w in at.warning)
    fig = figures(at)[0]
    assert coords(trace(fig, "current"), "x")[0] == 302.0
    assert fig["layout"]["xaxis"]["type"] == "log"


def test_moving_max_abs_below_256_makes_every_output_finite():
    at = run_page("precision")
    at.slider(key=EXP).set_value(2.0).run()
    assert errors(at) == [] and not at.warning
    assert at.success and "all 0" not in result_rows(at) and "NaN" not in result_rows(at)
    assert coords(trace(figures(at)[0], "current"), "x")[0] == 100.0


def test_the_1e5_preset_overflows_the_stored_float16_and_gives_nan():
    at = run_page("precision", lang="zh")
    at.button(key="precision.preset.100000").click().run()
    assert errors(at) == []
    assert [w.value for w in at.warning if "65504" in w.value and "NaN" in w.value]
    assert not [w for w in at.warning if "没有溢出" in w.value]  # not "the upcast path does not overflow": NaN too
    assert len([w for w in at.warning if "inf / inf" in w.value]) == 2  # the output's warning, the gradient's
    assert "NaN/inf" in result_rows(at)
    assert "100000" in text(at)


def test_the_65504_preset_is_exactly_float16s_largest_number():
    """Stored finite in float16, so the upcast path works while every naive square overflows."""
    at = run_page("precision", lang="en")
    at.button(key="precision.preset.65504").click().run()
    assert errors(at) == [] and "**65504**" in text(at)
    rows = row_map(result_rows(at))
    assert "all 0" in rows["`float16`naive"] and "NaN" not in rows["`float16`upcast"]


@pytest.mark.parametrize("offset, spread", [("0", "0"), ("1", "0")])  # the zero vector, a constant one
def test_bfloat16_is_not_called_inexact_where_it_is_exact(offset, spread):
    at = run_page("precision", lang="en", **{OFFSET: offset, SPREAD: spread})
    assert errors(at) == [] and "(almost) exact" in text(at) and "it is not exact" not in text(at)
    assert "it is not exact" in text(run_page("precision", lang="en"))


def test_the_255_and_257_presets_sit_on_either_side_of_the_threshold():
    at = run_page("precision", **{OFFSET: "0", SPREAD: "1"})
    at.button(key="precision.preset.257").click().run()
    assert "all 0" in result_rows(at)
    at.button(key="precision.preset.255").click().run()
    rms_naive = [r for r in result_rows(at).splitlines() if r.startswith("| `float16` | naive")][0]
    assert rms_naive.split("|")[4].strip() == "finite"


def test_the_method_switch_and_the_shape_change_the_figure():
    at = run_page("precision")
    before = coords(trace(figures(at)[0], "error_bfloat16_upcast"), "y")
    at.segmented_control(key=METHOD).set_value("LayerNorm").run()
    fig = figures(at)[0]
    assert "LayerNorm" in fig["layout"]["title"]["text"]
    at.number_input(key=SEED).set_value(3).run()
    at.slider(key=OFFSET).set_value(5.0).run()
    after = coords(trace(figures(at)[0], "error_bfloat16_upcast"), "y")
    assert errors(at) == [] and not (before == after).all()


def test_a_link_reproduces_the_scene():
    at = run_page("precision", **{EXP: "3", N: "64", OFFSET: "2", SPREAD: "0.5", SEED: "7", METHOD: "LayerNorm"})
    assert errors(at) == [] and not [w for w in at.warning if "precision." in w.value]
    assert at.slider(key=EXP).value == 3.0 and at.number_input(key=N).value == 64
    assert "1000" in text(at) and "LayerNorm" in figures(at)[0]["layout"]["title"]["text"]


@pytest.mark.parametrize("bad", ["nan", "1e309", "abc", "99999", "-99999"])
def test_hostile_url_values_give_the_default_scene_and_one_message(bad):
    at = run_page("precision", lang="zh", **{EXP: bad, N: bad, OFFSET: bad, METHOD: bad})
    assert errors(at) == []
    assert at.slider(key=EXP).value == pytest.approx(ui_prec.DEFAULT_EXP)
    assert at.number_input(key=N).value == ui_prec.DEFAULT_N
    warning = [w.value for w in at.warning if re.search(rf"` ?{re.escape(EXP)} ?`", w.value)]
    assert len(warning) == 1 and N in warning[0] and OFFSET in warning[0] and METHOD in warning[0]
    assert "2.48" in warning[0] and "RMSNorm" in warning[0]  # the values used instead


def test_the_zero_vector_gives_zeros_in_float64():
    at = run_page("precision", lang="en")
    at.slider(key=EXP).set_value(5.0).run()
    at.slider(key=SPREAD).set_value(0.0).run()
    at.slider(key=OFFSET).set_value(0.0).run()  # the zero vector
    assert errors(at) == []
    assert "| `float64` | float64 reference | 0 | all 0 | 0 | all 0 |" in result_rows(at)


# --- the reduction switch, ε, the gradient and the module panel (issue 24) ---------------------------------


def test_the_sum_switch_makes_float16_naive_fail_far_below_256_with_its_own_numbers():
    """At max|x| = 100 and n = 2048 no square overflows; the hand-written sum does (RMS > √(65504 / 2048))."""
    at = run_page("precision", lang="en", **{EXP: "2"})
    assert "all 0" not in row_map(result_rows(at))["`float16`naive"]
    assert "sum_overflow" not in [t.get("meta") for t in figures(at)[0]["data"]]
    at.segmented_control(key=REDUCE).set_value("sum").run()
    assert errors(at) == []
    rows = row_map(result_rows(at))
    assert "all 0" in rows["`float16`naive"] and "`sum(-1) / D`" in rows["`float16`naive"]
    assert "all 0" not in rows["`float16`upcast"] and "all 0" not in rows["`bfloat16`naive"]
    (warning,) = [w.value for w in at.warning if "RMSNorm: no square overflows" in w.value]
    assert "5.66" in warning and "D = 2048" in warning  # √(65504 / 2048), from the page's n
    assert "all 0" in row_map(grad_rows(at))["`float16`naive"]
    assert coords(trace(figures(at)[0], "sum_overflow"), "x")[0] < 100.0
    assert "5.66" in text(at) and "65520" in text(at)  # the naive note: both reductions, the measured rounding


def test_the_sum_threshold_follows_the_pages_n():
    at = run_page("precision", lang="zh", **{EXP: "2", N: "64", REDUCE: "sum"})
    assert errors(at) == []
    assert f"{(65504 / 64) ** 0.5:.3g}" in text(at)  # 32: only now below max|x| = 100
    assert "D = 64" in text(at)


def test_raising_eps_to_1e3_does_not_rescue_the_overflow():
    at = run_page("precision", lang="en")
    at.select_slider(key=EPS).set_value("1e3").run()
    assert errors(at) == []
    assert "all 0" in row_map(result_rows(at))["`float16`naive"]
    assert "all 0" not in row_map(result_rows(at))["`float16`upcast"]
    (info,) = [i.value for i in at.info if "inf + ε" in i.value]
    assert "1000" in info and "RMSNorm / LayerNorm" in info
    assert "ε = 1000" in text(at)  # the error caption names the ε every path used
    at.slider(key=EXP).set_value(2.0).run()  # no overflow: no rescue to speak of, only what ε changes
    assert not [i for i in at.info if "inf + ε" in i.value] and "like with like" in text(at)


def test_the_gradient_table_shows_the_silent_zero_and_where_nan_appears():
    at = run_page("precision", lang="en")
    grads = row_map(grad_rows(at))
    cells = [c.strip() for c in grads["`float16`naive"].split("|")[3:-1]]
    assert cells[:3] == ["0", "1.00e+00", "all 0"] and cells[3:6] == ["0", "1.00e+00", "all 0"]
    assert "NaN" not in grads["`float16`naive"] and "finite" in grads["`float16`upcast"]
    (silent,) = [w.value for w in at.warning if "silent failure" in w.value]
    assert "exactly 0 in all 2048" in silent and "NaN appears only once x itself is inf" in silent
    at.segmented_control(key=REDUCE).set_value("sum").run()
    (silent,) = [w.value for w in at.warning if "silent failure" in w.value]
    assert "LayerNorm's Σxᵢ passes 65504" in silent
    at.button(key="precision.preset.100000").click().run()
    assert "NaN" in row_map(grad_rows(at))["`float16`naive"]
    assert [w for w in at.warning if "Here NaN appears" in w.value and "2048 of the 2048" in w.value]
    at.segmented_control(key=REDUCE).set_value("mean").run()
    at.button(key="precision.preset.100").click().run()
    assert [s for s in at.success if "finite, non-zero gradient" in s.value]


def test_the_module_panel_runs_each_line_and_checks_it_against_torch():
    at = run_page("precision", lang="en")
    ref, gemma, gamma = tables(at)[3:6]
    lines = ref.splitlines()[2:]
    assert "`ms = h.pow(2).mean(-1, keepdim=True)`" in lines[2] and "(B, S, 1) = (1, 1, 1)" in lines[2]
    assert "`float32`" in lines[2] and "(B, S, D) = (1, 1, 2048)" in lines[1] and "`float16`" in lines[-1]
    assert "`1 + w.float()`" not in gemma and "(1 + w.float())" in gemma
    assert "max |out − normviz.rms_norm(x)| = 0" in text(at) and "torch.nn.RMSNorm(D)(x)| = 0" in text(at)
    bug = [r for r in gamma.splitlines() if "bug" in r][0]
    assert "`float32` (4 B)" in bug
    assert "order of magnitude" in text(at)
    at.segmented_control(key=MODULE_DTYPE).set_value("bfloat16").run()
    assert errors(at) == []
    assert "`bfloat16`" in tables(at)[3].splitlines()[-1] and "Check (bfloat16)" in text(at)


def test_the_new_controls_come_from_a_link_and_bad_values_are_told():
    at = run_page("precision", lang="en", **{REDUCE: "sum", EPS: "1e3", MODULE_DTYPE: "float32"})
    assert errors(at) == [] and not [w for w in at.warning if "precision." in w.value]
    assert at.segmented_control(key=REDUCE).value == "sum" and at.select_slider(key=EPS).value == "1e3"
    assert at.segmented_control(key=MODULE_DTYPE).value == "float32"
    bad = run_page("precision", lang="zh", **{REDUCE: "median", EPS: "1e9", MODULE_DTYPE: "float8"})
    (warning,) = [w.value for w in bad.warning if REDUCE in w.value]
    assert EPS in warning and MODULE_DTYPE in warning
    assert bad.segmented_control(key=REDUCE).value == "mean" and bad.select_slider(key=EPS).value == "default"


def test_layernorms_overflowing_sum_mean_is_told_as_the_nan_it_gives():
    """Constant x = 40 over 2048 components: Σxᵢ = 81920; with sum(-1) / D, μ is inf and LayerNorm NaN."""
    at = run_page("precision", lang="en", **{EXP: "1.6", OFFSET: "10", SPREAD: "0", REDUCE: "sum"})
    assert errors(at) == []
    assert [w for w in at.warning if "μ is inf" in w.value]  # the output's message
    (nan,) = [w.value for w in at.warning if "though x holds no inf" in w.value]
    assert "2048 of 2048" in nan
    ln_naive = [c.strip() for c in row_map(grad_rows(at))["`float16`naive"].split("|")[1:-1]]
    assert ln_naive[-1] == "2048 NaN/inf" and ln_naive[4] == "all 0"  # LayerNorm NaN, RMSNorm silent zeros
