import numpy as np
import pytest

from tests.helpers.pages import arrow_tips, errors, figures, run_page, tables, text, trace

K = "gradient."  # every widget key (and URL parameter) of the page is namespaced
RMS_ROW_1 = "(0.4298, −0.0661, −0.0992)"  # J of RMSNorm at (1, 2, 3), ε = 0: (I − y yᵀ/3)/s, first row


@pytest.mark.parametrize("lang, title, kept", [("en", "Gradients", "kept, = 1/s"), ("zh", "梯度", "保留，= 1/s")])
def test_page_runs_in_both_languages_with_formula_and_autograd_side_by_side(lang, title, kept):
    at = run_page("gradient", lang=lang)
    assert errors(at) == [] and not at.warning
    assert title in at.title[0].value
    jac, null, eigen, bp = tables(at)[:4]
    assert f"| RMSNorm | 1 | {RMS_ROW_1} | {RMS_ROW_1} |" in jac
    diffs = [float(row.split("|")[-2]) for row in jac.splitlines()[2:] if row.split("|")[1].strip()]
    assert len(diffs) == 3 and max(diffs) < 1e-10
    assert kept in eigen and "| LayerNorm |" in eigen
    assert len(figures(at)) == 1
    assert "(0.1667, −0.3333, 0.1667)" in bp  # LayerNorm keeps g − mean − radial part of g = e₁


def test_moving_x_recomputes_the_jacobians():
    at = run_page("gradient")
    at.slider(key=K + "x3").set_value(-1.0).run()
    assert errors(at) == []
    moved = tables(at)[0]
    assert RMS_ROW_1 not in moved
    assert tables(run_page("gradient", **{K + "x3": "-1"}))[0] == moved  # a link reproduces the scene


def test_g_and_the_method_change_the_figure():
    at = run_page("gradient")
    assert np.allclose(arrow_tips(trace(figures(at)[0], "arrow_g"))[0], [1.0, 0.0, 0.0])
    at.slider(key=K + "g2").set_value(2.0).run()
    fig = figures(at)[0]
    assert np.allclose(arrow_tips(trace(fig, "arrow_g"))[0], [1.0, 2.0, 0.0])
    assert any(t.get("meta") == "null_plane" for t in fig["data"])
    at.button_group(key=K + "method").set_value("L2").run()
    fig = figures(at)[0]
    assert errors(at) == [] and not any(t.get("meta") == "null_plane" for t in fig["data"])
    assert "L2" in fig["layout"]["title"]["text"]


def test_eps_makes_the_radial_eigenvalue_nonzero_and_says_so():
    at = run_page("gradient", lang="zh", **{K + "eps": "1"})
    assert errors(at) == []
    eigen = tables(at)[2]
    rms = [row for row in eigen.splitlines() if row.startswith("| RMSNorm")][0]
    assert rms.split("|")[3].strip() == "0"  # no eigenvalue is 0 any more
    ln = [row for row in eigen.splitlines() if row.startswith("| LayerNorm")][0]
    assert ln.split("|")[3].strip() == "1"  # 𝟏 stays in the null space
    assert "ε > 0" in text(at)


def test_a_constant_x_says_layernorm_is_undefined():
    at = run_page("gradient", **{K + "x1": "2", K + "x2": "2", K + "x3": "2"})
    assert errors(at) == []
    assert any("LayerNorm" in i.value and "undefined" in i.value for i in at.info)
    ln_row = [r for r in tables(at)[0].splitlines() if r.startswith("| LayerNorm")][0]
    assert "undefined (NaN on both sides)" in ln_row and "not checked" not in tables(at)[0]
    kept = [r for r in tables(at)[3].splitlines() if r.startswith("| what is left")][0]
    assert "(NaN, NaN, NaN)" in kept and "undefined at this x" in kept and "orthogonal" not in kept


def test_a_keyed_rerun_can_show_the_message_the_full_run_did_not(real_rerun_only):
    """x made constant by the sliders' keyed reruns (``ui.rerun_only``) after a full run with no message:
    its place takes it (a place left unwritten in the full run would raise), and g's rerun keeps it."""
    at = run_page("gradient", **{K + "x1": "2", K + "x2": "2", K + "x3": "2.1"})
    assert errors(at) == [] and not at.info
    at.slider(key=K + "x3").set_value(2.0).run()
    assert errors(at) == [] and any("LayerNorm" in i.value and "undefined" in i.value for i in at.info)
    at.run()  # a whole run: the page again, the message with it
    at.slider(key=K + "g2").set_value(1.0).run()  # the backprop fragment alone
    assert errors(at) == [] and "(NaN, NaN, NaN)" in tables(at)[0]


@pytest.mark.parametrize(
    "lang, radial, radial_ln",
    [("en", "(radial: along x)", "(radial: along x − μ𝟏)"), ("zh", "(径向：沿 x)", "(径向：沿 x − μ𝟏)")],
)
def test_each_method_names_its_own_radial_direction(lang, radial, radial_ln):
    at = run_page("gradient", lang=lang)
    rows = {r.split("|")[1].strip(): r for r in tables(at)[2].splitlines()[2:]}
    assert radial in rows["L2"] and radial in rows["RMSNorm"] and "μ" not in rows["L2"] + rows["RMSNorm"]
    assert radial_ln in rows["LayerNorm"] and radial not in rows["LayerNorm"]
    assert "x − μ𝟏" in tables(at)[3]  # the backprop table shows LayerNorm by default


@pytest.mark.parametrize("lang, word", [("en", "gradient.x1"), ("zh", "gradient.x1")])
def test_bad_link_values_get_one_message(lang, word):
    at = run_page("gradient", lang=lang, **{K + "x1": "99", K + "eps": "huge"})
    assert errors(at) == []
    assert len(at.warning) == 1 and word in at.warning[0].value and "gradient.eps" in at.warning[0].value


def test_without_torch_the_autograd_column_says_not_checked(monkeypatch):
    from normviz import _xp

    monkeypatch.setattr(_xp, "torch_installed", lambda: False)
    at = run_page("gradient", **{K + "x1": "0.7"})  # an x no other test caches
    assert errors(at) == []
    jac = tables(at)[0]
    assert "not checked" in jac and "(NaN, NaN, NaN)" in jac
    assert any("torch is not installed" in c.value for c in at.caption)
