"""The ε page in AppTest: both languages, the user's ε and δ change the tables and figures, bad links are told."""

import math
import re

import pytest

from normviz import epsilon
from normviz.ui import epsilon as ui_eps
from tests.helpers.pages import coords, errors, figures, run_page, tables, text, trace

METHOD, N, EPS, NOISE, C = ui_eps.METHOD_KEY, ui_eps.N_KEY, ui_eps.EPS_KEY, ui_eps.NOISE_KEY, ui_eps.C_KEY

pytest.importorskip("torch")


@pytest.mark.parametrize("lang, title, gain", [("en", "ε", "measured gain"), ("zh", "ε", "测得的增益")])
def test_page_runs_in_both_languages_with_every_effect_computed(lang, title, gain):
    at = run_page("epsilon", lang=lang)
    assert errors(at) == [] and not at.warning
    assert title in at.title[0].value
    flat, gains, zero, half = tables(at)
    assert "| 0.001 | 0.3162 | 0.699 % |" in flat  # ‖x‖ = 0.01 at ε = 1e-3: 0.01/√ε, far below √2048
    assert gain in gains and "| 1e-8 | 9999.5 |" in gains  # δ = 1e-6: ×10⁴ up to 0.005 %
    assert "(NaN, NaN, NaN, NaN)" in zero and "(0, 0, 0, 0)" in zero
    assert "| 10⁻¹² | 0 |" in half and "| 10⁻⁵ | 1.001e-05 |" in half
    assert "`np.float16(1e-12) == 0` → **True**" in text(at)
    norm_fig, gain_fig = figures(at)
    assert len([t for t in norm_fig["data"] if t["meta"].startswith("eps_")]) == len(epsilon.EPS_SET)
    assert coords(trace(norm_fig, "sqrt_n"), "y")[0] == pytest.approx(math.sqrt(2048))
    assert gain_fig["layout"]["yaxis"]["type"] == "log"


def test_the_users_eps_changes_its_curve_and_the_tables():
    at = run_page("epsilon")
    at.slider(key=EPS).set_value(-8.0).run()
    assert errors(at) == []
    user = trace(figures(at)[0], "user")
    r = coords(user, "x")
    assert coords(user, "y") == pytest.approx(epsilon.closed_form(2048, r, 1e-8), rel=1e-12)
    assert "1e-8" in user["name"]
    assert "| 1e-8 | 9999.5 |" in tables(at)[1].splitlines()[-1]  # the user's row, last


def test_noise_and_method_and_n_change_what_is_shown():
    at = run_page("epsilon", lang="zh")
    at.slider(key=NOISE).set_value(-2.0).run()
    cur = trace(figures(at)[1], "current")
    assert coords(cur, "x")[0] == pytest.approx(0.01)
    assert coords(cur, "y")[0] == pytest.approx(1 / math.sqrt(1e-4 + 1e-2), rel=1e-6)
    at.segmented_control(key=METHOD).set_value("RMSNorm").run()
    assert "RMSNorm" in figures(at)[0]["layout"]["title"]["text"]
    at.select_slider(key=N).set_value("64").run()
    assert errors(at) == []
    assert coords(trace(figures(at)[0], "sqrt_n"), "y")[0] == pytest.approx(8.0)


def test_a_link_reproduces_the_scene():
    at = run_page("epsilon", **{METHOD: "RMSNorm", N: "512", EPS: "-5", NOISE: "-3", C: "20"})
    assert errors(at) == [] and not at.warning
    assert "RMSNorm" in figures(at)[0]["layout"]["title"]["text"]
    assert "1e-5" in trace(figures(at)[0], "user")["name"]
    assert "c = **20**" in text(at) and "n = 512" in text(at)


@pytest.mark.parametrize("bad", ["nan", "1e309", "abc", "99999", "-99999"])
def test_hostile_url_values_give_the_default_scene_and_one_message(bad):
    at = run_page("epsilon", lang="zh", **{METHOD: bad, N: bad, EPS: bad, NOISE: bad, C: bad})
    assert errors(at) == []
    assert at.slider(key=EPS).value == ui_eps.DEFAULT_EPS and at.select_slider(key=N).value == ui_eps.DEFAULT_N
    warning = [w.value for w in at.warning if re.search(rf"` ?{re.escape(EPS)} ?`", w.value)]
    assert len(warning) == 1 and all(k in warning[0] for k in (METHOD, N, NOISE, C))


def test_eps_zero_with_the_smallest_noise_and_the_largest_offset_gives_no_error():
    at = run_page("epsilon", lang="en")
    at.slider(key=EPS).set_value(0.0).run()
    at.slider(key=NOISE).set_value(-10.0).run()
    at.slider(key=C).set_value(100.0).run()
    assert errors(at) == []


def test_each_control_reruns_its_keyed_fragments(real_rerun_only):
    """n reruns both sections' keyed fragments (``ui.rerun_only``), c only the amplification: each shows
    its values under its sliders. (AppTest shows only what reran; ``at.run()`` brings the page back.)"""
    at = run_page("epsilon")
    assert errors(at) == [] and len(figures(at)) == 2
    at.select_slider(key="epsilon.n").set_value("64").run()
    shown = [m.value for m in at.markdown]
    assert errors(at) == [] and len(figures(at)) == 2 and any("n = 64" in v for v in shown), shown
    at.run().slider(key="epsilon.c").set_value(2.5).run()
    shown = [m.value for m in at.markdown]
    assert errors(at) == [] and len(figures(at)) == 1 and any("c = **2.5**, n = 64" in v for v in shown), shown
