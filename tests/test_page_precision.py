"""The precision page in AppTest: both languages, the slider and presets change the results, bad links are told."""

import re

import pytest

from normviz.ui import precision as ui_prec
from pagetest import coords, errors, figures, run_page, tables, text, trace
from test_page_dof import open_every_other_page

EXP, N, OFFSET, SPREAD, SEED, METHOD = (ui_prec.EXP_KEY, ui_prec.N_KEY, ui_prec.OFFSET_KEY, ui_prec.SPREAD_KEY,
                                        ui_prec.SEED_KEY, ui_prec.METHOD_KEY)

pytest.importorskip("torch")


def result_rows(at) -> str:
    return tables(at)[1]


@pytest.mark.parametrize("lang, title, zero, upcast", [("en", "Precision", "all 0", "upcast"),
                                                       ("zh", "精度", "全为 0", "先升精度")])
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
    assert len(at.warning) == 1  # not also "the upcast path does not overflow": here it gives NaN too
    assert "NaN/inf" in result_rows(at)
    assert "100000" in text(at)


def test_the_65504_preset_is_exactly_float16s_largest_number():
    """Stored finite in float16, so the upcast path works while every naive square overflows."""
    at = run_page("precision", lang="en")
    at.button(key="precision.preset.65504").click().run()
    assert errors(at) == [] and "**65504**" in text(at)
    rows = {r.split("|")[1].strip() + r.split("|")[2].strip(): r for r in result_rows(at).splitlines()[2:]}
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


def test_every_control_changed_then_every_other_page_opens():
    at = run_page("precision", lang="en")
    at.slider(key=EXP).set_value(5.0).run()
    at.slider(key=SPREAD).set_value(0.0).run()
    at.slider(key=OFFSET).set_value(0.0).run()  # the zero vector
    assert errors(at) == []
    assert "| `float64` | float64 reference | 0 | all 0 | 0 | all 0 |" in result_rows(at)
    open_every_other_page(at, "precision")
