import re
import pytest

from pagetest import coords, errors, figures, run_page, tables, text, trace


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
    at.number_input(key="n").set_value(5).run()
    assert errors(at) == []
    assert "n − 2 = 3 | 3 ✓" in tables(at)[0]
    assert at.query_params["n"] == "5"
    cur = trace(figures(at)[1], "current")
    assert coords(cur, "x")[0] == 5


def test_preset_n_2_shows_the_extreme():
    at = run_page("dof", lang="zh")
    at.button(key="dof_preset_2").click().run()
    assert at.number_input(key="n").value == 2
    assert "n − 2 = 0 | 0 ✓" in tables(at)[0]
    assert any("秩为 0" in i.value for i in at.info)


def test_link_reproduces_n_and_seed():
    at = run_page("dof", n="4096", seed="7")
    assert errors(at) == [] and not at.warning
    assert (at.number_input(key="n").value, at.number_input(key="seed").value) == (4096, 7)
    assert "4095 ✓" in tables(at)[0] and "4094 ✓" in tables(at)[0]
    assert "structure" in text(at)  # above the dense-SVD limit the page says how it counted


def test_the_full_svd_on_request_agrees_with_the_formula():
    at = run_page("dof", n="100", svd="true")
    assert errors(at) == [] and not at.warning
    svd = [m.value for m in at.markdown if "rank by full SVD" in m.value][0]
    assert "| LayerNorm | 98 | 98 ✓ |" in svd and "| RMSNorm | 99 | 99 ✓ |" in svd
    at = run_page("dof", n="4096", svd="true")
    assert "too large for a full SVD" in text(at)


def test_eps_table_says_the_radial_direction_is_squeezed():
    at = run_page("dof", n="10")
    eps_table = [m.value for m in at.markdown if m.value.startswith("| ")][-1]
    assert "| RMSNorm | 1e-06 | 10 |" in eps_table and "| LayerNorm | 1e-05 | 9 |" in eps_table


@pytest.mark.parametrize("bad", ["nan", "1e309", "-inf", "abc", "1" * 10_000, "3.5", "99999", "1"])
def test_hostile_url_values_give_the_default_scene_and_a_warning(bad):
    at = run_page("dof", lang="zh", n=bad, seed=bad)
    assert errors(at) == []
    assert at.number_input(key="n").value == 896
    assert at.number_input(key="seed").value == (1 if bad == "1" else 0)  # seed = 1 is a valid seed
    assert any(re.search(r"` ?n ?`", w.value) for w in at.warning)
    assert "895 ✓" in tables(at)[0]


def test_warm_rerun_is_fast():
    import time

    at = run_page("dof")
    at.run()
    start = time.perf_counter()
    at.run()
    assert time.perf_counter() - start < 2.0
