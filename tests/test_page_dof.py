import re

import numpy as np
import pytest

from normviz import dof as topic
from normviz.ui import dof as ui_dof
from tests.helpers.pages import coords, errors, figures, run_page, tables, text, trace
from tests.helpers.strings import BARE_ONE, page_strings

N, SEED, SVD = ui_dof.N_KEY, ui_dof.SEED_KEY, ui_dof.SVD_KEY


# the vector 𝟏 = (1, ..., 1) written as a plain digit: "x + 1001", "x + 100·1", "along 1", "沿 1", "1 方向"
@pytest.mark.parametrize("lang, title, word", [("en", "Degrees of freedom", "length"), ("zh", "自由度", "长度")])
def test_page_runs_in_both_languages_and_shows_formula_next_to_computed_rank(lang, title, word):
    at = run_page("dof", lang=lang)
    assert errors(at) == []
    assert title in at.title[0].value
    rows = tables(at)[0]
    assert "n − 1 = 895 | 895 ✓" in rows and "n − 2 = 894 | 894 ✓" in rows  # Qwen2's 896 by default
    assert word in rows and "99.78 %" in rows
    figs = figures(at)
    assert len(figs) == 3
    assert figs[0]["layout"]["yaxis"]["type"] == "log"


def test_changing_n_recomputes_the_rank_and_the_figures():
    at = run_page("dof")
    at.number_input(key=N).set_value(5).run()
    assert errors(at) == []
    assert "n − 2 = 3 | 3 ✓" in tables(at)[0]
    assert at.query_params[N] in ("5", ["5"])
    cur = trace(figures(at)[1], "current")
    assert coords(cur, "x")[0] == 5


def test_preset_n_2_shows_the_extreme():
    at = run_page("dof", lang="zh")
    at.button(key="dof.preset.2").click().run()
    assert at.number_input(key=N).value == 2
    assert "n − 2 = 0 | 0 ✓" in tables(at)[0]
    assert any("秩为 0" in i.value for i in at.info)


def test_link_reproduces_n_and_seed():
    at = run_page("dof", **{N: "4096", SEED: "7"})
    assert errors(at) == [] and not at.warning
    assert (at.number_input(key=N).value, at.number_input(key=SEED).value) == (4096, 7)
    assert "4095 ✓" in tables(at)[0] and "4094 ✓" in tables(at)[0]
    assert "structure" in text(at)  # above the dense-SVD limit the page says how it counted


def test_the_full_svd_on_request_agrees_with_the_formula():
    at = run_page("dof", **{N: "100", SVD: "true"})
    assert errors(at) == [] and not at.warning
    svd = [m.value for m in at.markdown if "rank by full SVD" in m.value][0]
    assert "| LayerNorm | 98 | 98 ✓ |" in svd and "| RMSNorm | 99 | 99 ✓ |" in svd
    at = run_page("dof", **{N: str(topic.DENSE_SVD_LIMIT + 1), SVD: "true"})
    assert "too large for a full SVD" in text(at)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("n", ["2", "3", "64", "896", "16384"])
def test_the_caption_states_the_tolerance_the_chart_draws(lang, n):
    """One value, printed once by one function, in the caption and the legend."""
    at = run_page("dof", lang=lang, **{N: n})
    legend = trace(figures(at)[0], "tolerance")
    shown = re.search(r"\d\.\de-\d+", legend["name"]).group(0)
    caption = [c.value for c in at.caption if ("tolerance" if lang == "en" else "容差") in c.value][0]
    assert re.findall(r"\d\.\de-\d+", caption) == [shown]
    checks = topic.rank_checks(int(n))
    assert float(shown) == pytest.approx(checks["ln"].tol, rel=0.05)
    assert coords(legend, "y")[0] == checks["ln"].tol == checks["l2"].tol


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_eps_table_and_text_say_the_radial_direction_is_squeezed(lang):
    at = run_page("dof", lang=lang, **{N: "10"})
    eps_table = tables(at)[-1]
    assert "| RMSNorm | 1e-06 | 10 |" in eps_table and "| LayerNorm | 1e-05 | 9 |" in eps_table
    # LayerNorm's factor is eps / (biased variance + eps), RMSNorm's eps / (mean square + eps)
    x = topic.sample_points(10, 1, 0)[0]
    assert f"{1e-5 / (np.var(x) + 1e-5):.2e}" in eps_table
    assert f"{1e-6 / (np.mean(x * x) + 1e-6):.2e}" in eps_table
    page = text(at)
    assert "ε/(σ² + ε)" in page and "ε/(mean(x²) + ε)" in page and "σ² = (1/n) Σ (xᵢ − μ)²" in page


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_vector_one_is_written_as_a_vector(lang):
    """dof.affine.text said "x + 1001" for x + 100·𝟏."""
    at = run_page("dof", lang=lang, **{N: "2"})
    page = text(at)
    assert "x + 100·𝟏" in page and "1001" not in page
    assert not BARE_ONE.search(page), BARE_ONE.search(page)


def test_no_string_of_the_page_writes_the_vector_one_as_a_digit():
    strings = page_strings("dof.")
    assert len(strings) > 60
    bad = {key: BARE_ONE.search(s).group(0) for key, s in strings.items() if BARE_ONE.search(s)}
    assert not bad


@pytest.mark.parametrize("bad", ["nan", "1e309", "-inf", "abc", "1" * 10_000, "3.5", "99999", "1"])
def test_hostile_url_values_give_the_default_scene_and_a_warning(bad):
    at = run_page("dof", lang="zh", **{N: bad, SEED: bad})
    assert errors(at) == []
    assert at.number_input(key=N).value == 896
    assert at.number_input(key=SEED).value == (1 if bad == "1" else 0)  # seed = 1 is a valid seed
    assert any(re.search(rf"` ?{re.escape(N)} ?`", w.value) for w in at.warning)
    assert "895 ✓" in tables(at)[0]


def test_other_pages_links_and_state_do_not_leak_in():
    """Another page's n, seed or svd (same short names as before) change nothing here."""
    at = run_page("dof", n="5", seed="7", svd="true")
    assert errors(at) == [] and at.number_input(key=N).value == 896
    at = run_page("information", lang="en", dim="3D")
    at.switch_page("pages/dof.py")
    at.run()
    assert errors(at) == [] and at.number_input(key=N).value == 896


def test_every_control_changes_and_a_preset_sets_n():
    at = run_page("dof", lang="en")
    at.number_input(key=N).set_value(37).run()
    at.number_input(key=SEED).set_value(12).run()
    at.toggle(key=SVD).set_value(True).run()
    at.button(key="dof.preset.3").click().run()
    assert errors(at) == [] and at.number_input(key=N).value == 3


def test_warm_rerun_is_fast():
    import time

    at = run_page("dof")
    at.run()
    start = time.perf_counter()
    at.run()
    assert time.perf_counter() - start < 2.0
