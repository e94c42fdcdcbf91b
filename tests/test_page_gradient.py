import math

import numpy as np
import pytest

from normviz import gradient
from normviz.format import decimals, legible, percent
from tests.helpers.pages import arrow_tips, change_controls, errors, figures, points, run_page, tables, text, trace

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
    assert len(figures(at)) == 2  # the 3D backprop picture and the massive coordinate's curve
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


# --- one massive coordinate ----------------------------------------------------------------------------------

MASSIVE_TABLE = 4  # the fifth table: the singular values at m


def _torch_vjp(x, g, eps):
    """Jᵀg of torch's F.rms_norm at x, by autograd (float64): the page's numbers computed independently."""
    torch = pytest.importorskip("torch")
    xt = torch.tensor(np.array(x, dtype=np.float64), requires_grad=True)
    (torch.nn.functional.rms_norm(xt, xt.shape, eps=eps) @ torch.tensor(np.array(g))).backward()
    return xt.grad.numpy()


def _expected(n, m, eps):
    """The section's numbers from torch: ‖(Jᵀg)₋ₖ‖ at m and at 1, r, and numpy's SVD of the autograd Jacobian."""
    torch = pytest.importorskip("torch")
    rest, g = gradient.massive_example(n)
    x = np.concatenate([[m], rest])
    here = np.linalg.norm(_torch_vjp(x, g, eps)[1:])
    ref = np.linalg.norm(_torch_vjp(np.concatenate([[1.0], rest]), g, eps)[1:])
    op = lambda v: torch.nn.functional.rms_norm(v, v.shape, eps=eps)  # noqa: E731
    svd = np.linalg.svd(torch.autograd.functional.jacobian(op, torch.tensor(x)).numpy(), compute_uv=False)
    return {
        "here": here,
        "reference": ref,
        "share": here / ref,
        "r": math.sqrt(np.mean(x * x) + eps),
        "svd": svd,
        "asymptote": math.sqrt(n) * np.linalg.norm(g[1:]) / m,
    }


STATEMENTS = {
    "en": (
        "At m = {m} the other {count} coordinates receive ‖(Jᵀg)₋ₖ‖ = {here} of the upstream gradient g, "
        "against {ref} at m = 1: {share} of it.",
        "At m = {m} (n = {n}, ε = {eps}, γ = 1), r = √(‖x‖²/n + ε) = {r}. J's singular value is 1/r = {kept} on "
        "the {count} directions orthogonal to x",
    ),
    "zh": (
        "m = {m} 时，其余 {count} 个坐标从上游梯度 g 收到 ‖(Jᵀg)₋ₖ‖ = {here}，"
        "而 m = 1 时是 {ref}：现在是那时的 {share}。",
        "m = {m}（n = {n}，ε = {eps}，γ = 1）时 r = √(‖x‖²/n + ε) = {r}。J 在与 x 正交的 {count} 个方向上的奇异值是 "
        "1/r = {kept}",
    ),
}


def _assert_the_section_says(at, lang, n, m, eps, eps_text="0"):
    e = _expected(n, m, eps)
    page = text(at)
    values = dict(m=f"{m:g}", n=n, count=n - 1, eps=eps_text, r=decimals(e["r"], 4), kept=legible(e["svd"][0], 4))
    values.update(here=legible(e["here"], 4), ref=legible(e["reference"], 4), share=percent(e["share"], digits=3))
    for sentence in STATEMENTS[lang]:
        assert sentence.format(**values) in page, sentence
    assert decimals(e["here"] / e["asymptote"], 4) in page
    fig = figures(at)[1]
    assert np.allclose(points(trace(fig, "massive_current")), [[m, e["here"]]], rtol=1e-10)
    return e


@pytest.mark.parametrize(
    "lang, query, n, m",
    [("en", {}, 64, 100.0), ("zh", {}, 64, 100.0), ("en", {K + "n": "3", K + "m": "1000"}, 3, 1000.0)],
)
def test_the_massive_section_says_what_torch_autograd_computes(lang, query, n, m):
    """Defaults n = 64, m = 100, ε = 0: the others receive 7.97 % of what they receive at m = 1."""
    at = run_page("gradient", lang=lang, **query)
    assert errors(at) == [] and not at.warning
    e = _assert_the_section_says(at, lang, n, m, 0.0)
    if not query:
        assert percent(e["share"], digits=3) == "7.97 %"
    rows = tables(at)[MASSIVE_TABLE].splitlines()[2:]
    perp, along = ([c.strip() for c in row.split("|")[1:-1]] for row in rows)
    assert perp[1] == str(n - 1) and perp[3] == legible(1 / e["r"], 4) and along[3] == legible(0.0, 4)
    assert float(perp[4]) == pytest.approx(e["svd"][0], abs=1e-4)  # numpy's SVD of the autograd Jacobian
    assert float(perp[5].replace("−", "-")) < 1e-14 and float(along[5].replace("−", "-")) < 1e-14


def test_moving_m_and_n_changes_the_section_and_the_link_reproduces_it():
    at = run_page("gradient")
    before = text(at)
    change_controls(at, [("select_slider", K + "m", "2000"), ("button_group", K + "n", "512")])
    e = _assert_the_section_says(at, "en", 512, 2000.0, 0.0)
    assert legible(e["here"], 4) not in before
    assert at.query_params[K + "m"] in ("2000", ["2000"]) and at.query_params[K + "n"] in ("512", ["512"])
    assert "only up to n = 64" in text(at)  # no autograd SVD on the page above n = 64: it says so
    linked = run_page("gradient", **{K + "m": "2000", K + "n": "512"})
    assert tables(linked)[MASSIVE_TABLE] == tables(at)[MASSIVE_TABLE]
    assert figures(linked)[1] == figures(at)[1]
    section = lambda a: text(a)[text(a).index("At m = 2000") :]  # noqa: E731
    assert section(linked) == section(at)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_pages_eps_reaches_the_section_and_the_radial_singular_value(lang):
    at = run_page("gradient", lang=lang, **{K + "eps": "1", K + "m": "10"})
    assert errors(at) == []
    e = _assert_the_section_says(at, lang, 64, 10.0, 1.0, eps_text="1")
    along = [c.strip() for c in tables(at)[MASSIVE_TABLE].splitlines()[3].split("|")[1:-1]]
    assert along[3] == legible(1.0 / e["r"] ** 3, 4)  # (1/r)·ε/r², ε = 1
    assert float(along[4].replace("−", "-")) == pytest.approx(e["svd"][-1], rel=1e-3)


def test_a_keyed_eps_rerun_redraws_the_massive_section(real_rerun_only):
    """ε's own rerun (``ui.rerun_only``) includes the massive section, which reads ε; x's does not need it."""
    at = run_page("gradient")
    at.select_slider(key=K + "eps").set_value("1").run()
    assert errors(at) == [] and "(n = 64, ε = 1, γ = 1)" in text(at)


@pytest.mark.parametrize("lang, using", [("en", "using"), ("zh", "现用")])
def test_bad_massive_link_values_get_one_message_and_the_default_scene(lang, using):
    at = run_page("gradient", lang=lang, **{K + "m": "<b>1e9</b>", K + "n": "7"})
    assert errors(at) == []
    assert len(at.warning) == 1
    warning = at.warning[0].value
    assert K + "m" in warning and K + "n" in warning and "1e9" in warning
    assert f"{using} ` 100 `" in warning and f"{using} ` 64 `" in warning  # the values used instead
    assert "<b>" not in "".join(m.value for m in at.markdown)
    _assert_the_section_says(at, lang, 64, 100.0, 0.0)


def test_without_torch_the_section_says_its_values_come_from_the_formula(monkeypatch):
    from normviz import _xp

    monkeypatch.setattr(_xp, "torch_installed", lambda: False)
    at = run_page("gradient", **{K + "m": "5"})  # an m no other test caches
    assert errors(at) == []
    assert "the values come from the formula" in text(at)
    perp = [c.strip() for c in tables(at)[MASSIVE_TABLE].splitlines()[2].split("|")[1:-1]]
    assert perp[4] == perp[5] == "—"


def test_in_projector_mode_the_massive_section_keeps_its_explanation_after_the_picture():
    at = run_page("gradient", lang="zh", projector="true")
    assert errors(at) == []
    fig = figures(at)[1]
    assert fig["layout"]["font"]["size"] == 24 and fig["layout"]["height"] <= 1080
    assert "推导" in text(at) and "Chen 与 Yao（2026）" in text(at)


def test_the_default_eps_choice_gives_rmsnorm_its_own():
    from normviz.methods import METHODS
    from normviz.ui.kit.controls import DEFAULTS_LABEL

    at = run_page("gradient", **{K + "eps": DEFAULTS_LABEL, K + "n": "3"})
    assert errors(at) == [] and not at.warning
    assert METHODS["rms"].default_eps == 1e-6
    _assert_the_section_says(at, "en", 3, 100.0, 1e-6, eps_text="1e-6")
    assert "RMSNorm's: 1e-6" in text(at)
