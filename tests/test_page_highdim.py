import re
import time

import numpy as np
import pytest

from pagetest import coords, errors, figures, points, run_page, text, trace


def chart(at, key):
    """The figure of the chart whose key is ``key`` (charts are found by their element id)."""
    for fig, el in zip(figures(at), at.get("plotly_chart")):
        if key in el.proto.id:
            return fig
    raise AssertionError(f"no chart {key!r}")


def n4_points(at):
    return points(trace(figures(at)[0], "points_ln"))


@pytest.mark.parametrize("lang, title", [("en", "Higher dimensions"), ("zh", "高维")])
def test_page_runs_in_both_languages(lang, title):
    at = run_page("highdim", lang=lang, dim="16", samples="200")
    assert errors(at) == []
    assert title in at.title[0].value
    assert len(figures(at)) == 5
    pts = n4_points(at)
    assert len(pts) == 200
    np.testing.assert_allclose(np.linalg.norm(pts, axis=1), 2.0, atol=1e-9)  # exact, radius 2
    assert ("projection" if lang == "en" else "投影") in trace(figures(at)[0], "points_rms")["name"]
    assert ("numpy (CPU)" in " ".join(c.value for c in at.caption))  # compute times quoted with the backend


def test_changing_n_changes_the_histograms_and_header():
    at = run_page("highdim", dim="16", samples="200")
    at.number_input(key="dim").set_value(64).run()
    assert errors(at) == []
    assert any("n = 64" in h.value for h in at.header)
    hist = trace(figures(at)[1], "hist_norm_ln")
    assert coords(hist, "x")[np.argmax(coords(hist, "y"))] == pytest.approx(8.0, abs=0.01)  # sqrt(64)
    assert at.query_params["dim"] == ["64"] or at.query_params["dim"] == "64"


def test_preset_8192_caps_the_sample_count_with_a_message():
    at = run_page("highdim", lang="en", samples="1000")
    at.button(key="n_preset_8192").click().run()
    assert errors(at) == []
    assert at.number_input(key="dim").value == 8192
    assert any("uses N = 122" in m.value for m in at.info)
    assert any("n = 8192, N = 122" in h.value for h in at.header)
    sv = trace(figures(at)[3], "sv_ln")
    assert len(coords(sv, "x")) == 122  # fewer vectors than dimensions: min(N, n) singular values


def test_layer_norm_singular_value_along_1_is_zero_when_n_le_count():
    at = run_page("highdim", lang="en", dim="16", samples="200")
    fig = figures(at)[3]
    assert [t.get("meta") for t in fig["data"] if t.get("meta", "").startswith("sv_zero")] == ["sv_zero_ln"]
    assert "Y·1 = 0" in text(at)


def test_distribution_and_shift_change_rms_but_not_layer_norm():
    at = run_page("highdim", lang="en", dim="16", samples="200")
    ln_before = trace(figures(at)[1], "hist_mean_ln")
    at.segmented_control(key="dist").set_value("N(m,σ²)").run()
    at.slider(key="m").set_value(5.0).run()
    assert errors(at) == []
    rms_mean = trace(figures(at)[1], "hist_mean_rms")
    assert coords(rms_mean, "x").min() > 0.5  # the offset survives RMSNorm
    ln_after = trace(figures(at)[1], "hist_mean_ln")
    assert abs(coords(ln_after, "x")[np.argmax(coords(ln_after, "y"))]) < 1e-3  # LayerNorm's means stay 0
    assert coords(ln_before, "y").sum() == coords(ln_after, "y").sum() == 200


def test_method_toggle_drops_clouds():
    at = run_page("highdim", dim="16", samples="100")
    at.pills(key="show").set_value(["LayerNorm"]).run()
    metas = [t.get("meta") for t in figures(at)[1]["data"]]
    assert "hist_norm_ln" in metas and "hist_norm_rms" not in metas and "hist_norm_input" in metas


def test_url_reproduces_the_cloud():
    a = run_page("highdim", dim="32", samples="150", dist="σ·t₃", sigma="2", cloud_seed="7")
    b = run_page("highdim", dim="32", samples="150", dist="σ·t₃", sigma="2", cloud_seed="7")
    assert errors(a) == [] and not a.warning
    np.testing.assert_array_equal(coords(trace(figures(a)[4], "pca_input"), "x"),
                                  coords(trace(figures(b)[4], "pca_input"), "x"))
    assert at_value(a, "cloud_seed") == 7


def at_value(at, key):
    return at.number_input(key=key).value


@pytest.mark.parametrize("bad", ["1e309", "nan", "abc", "3.5", "1", "9000", "1" * 10_000])
def test_hostile_n_gives_the_default_and_a_warning(bad):
    at = run_page("highdim", lang="zh", dim=bad, samples="100")
    assert errors(at) == []
    assert at_value(at, "dim") == 128
    assert any(re.search(r"` ?dim ?`", w.value) and "不是有效值" in w.value for w in at.warning)


def test_hostile_options_are_reported():
    at = run_page("highdim", lang="en", dim="8", samples="100", dist="cauchy", m="nan", sigma="0", eps="big",
                  cloud_seed="-1")
    assert errors(at) == []
    warning = " ".join(w.value for w in at.warning)
    for name in ("dist", "m", "sigma", "eps", "cloud_seed"):
        assert name in warning
    assert at.segmented_control(key="dist").value == "N(0,σ²)"


def test_coming_from_the_dof_page_keeps_this_pages_defaults():
    at = run_page("dof", lang="en", n="300", seed="5")
    at.switch_page("pages/highdim.py")
    at.run()
    assert errors(at) == []
    assert (at_value(at, "dim"), at_value(at, "samples"), at_value(at, "cloud_seed")) == (128, 1000, 0)


def test_warm_rerun_is_fast():
    at = run_page("highdim", dim="64", samples="500")
    at.run()
    start = time.perf_counter()
    at.run()
    assert time.perf_counter() - start < 1.5  # cached; typically tens of ms
    assert errors(at) == []
