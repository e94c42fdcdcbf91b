"""The axes page in AppTest: zh and en, method / B / padding change the output, bad links get one message."""

from __future__ import annotations

import re

import numpy as np
import pytest

from normviz.ui import axes as ui_axes
from tests.helpers.pages import coords, errors, figures, run_page, tables, text, trace

K = ui_axes.key


def z(fig: dict, meta: str) -> np.ndarray:
    value = trace(fig, meta)["z"]
    if isinstance(value, dict):
        import base64

        shape = tuple(int(n) for n in value["shape"].split(","))
        return np.frombuffer(base64.b64decode(value["bdata"]), dtype=np.dtype(value["dtype"])).reshape(shape)
    return np.asarray(value, dtype=float)


@pytest.mark.parametrize("lang, title, word", [("en", "Axes", "biased variance"), ("zh", "轴", "有偏")])
def test_page_runs_in_both_languages_with_the_seed_size_and_the_statistics(lang, title, word):
    at = run_page("axes", lang=lang)
    assert errors(at) == [] and not at.warning
    assert title in at.title[0].value
    page = text(at)
    assert "8 × 2048 × 7168" in page and word in page
    assert ("16,384" if lang == "en" else "16 384") in page
    figs = figures(at)
    assert len(figs) == 2
    assert len(figs[0]["layout"]["shapes"]) == 3 * 6  # LayerNorm: one outline per token by default
    mu_table, sigma_table, feature_table = tables(at)[:3]
    assert "s\u00a0=\u00a06" in mu_table and "s\u00a0=\u00a06" in sigma_table and "d = 8" in feature_table
    # the per-token tables print μ_{b,s} and σ_{b,s} of the drawn tensor, two decimals, sign-correct zeros
    from normviz import axes

    x = axes.sample(3, 6, 8, 0)
    mu, sigma = x.mean(-1), x.std(-1)  # numpy's std divides by D: the biased σ LayerNorm uses
    assert f"{mu[0, 0]:.2f}".replace("-", "−") in mu_table and f"{sigma[2, 5]:.2f}" in sigma_table
    assert "e-0" not in mu_table and "−0.00" not in mu_table


def test_changing_the_method_regroups_and_changes_the_output():
    at = run_page("axes")
    before = z(figures(at)[0], "y_0")
    at.segmented_control(key=K("method")).set_value("BatchNorm").run()
    assert errors(at) == []
    fig = figures(at)[0]
    assert len(fig["layout"]["shapes"]) == 3 * 8  # one outline per feature in each batch element
    assert not np.allclose(z(fig, "y_0"), before)
    assert "BatchNorm (training)" in fig["layout"]["title"]["text"]


def test_batch_size_changes_batch_norm_but_not_layer_norm():
    at = run_page("axes", **{K("method"): "BatchNorm"})
    bn3 = z(figures(at)[0], "y_0")
    at.slider(key=K("b")).set_value(1).run()
    assert errors(at) == []
    fig = figures(at)[0]
    assert not np.allclose(z(fig, "y_0"), bn3)
    assert [tr["meta"] for tr in fig["data"] if str(tr.get("meta", "")).startswith("y_")] == ["y_0"]
    assert any("B = 1" in i.value for i in at.info)
    assert list(coords(trace(figures(at)[1], "current"), "x")) == [1, 1]
    at.segmented_control(key=K("method")).set_value("LayerNorm").run()
    ln1 = z(figures(at)[0], "y_0")
    at.slider(key=K("b")).set_value(5).run()
    np.testing.assert_array_equal(z(figures(at)[0], "y_0"), ln1)  # the first sequence's tokens: same output
    assert "LayerNorm 0, RMSNorm 0, BatchNorm" in text(at)


def test_b1_s1_warns_that_batch_norm_collapses_and_train_alone_is_zero():
    at = run_page("axes", lang="zh", **{K("b"): "1", K("s"): "1", K("method"): "BatchNorm"})
    assert errors(at) == []
    assert any("σ_d = 0" in w.value for w in at.warning)
    np.testing.assert_array_equal(z(figures(at)[0], "y_0"), 0)
    assert any("(0.000, 0.000" in tb for tb in tables(at))


def test_padding_toggle_draws_padding_and_shows_that_layer_norm_ignores_it():
    at = run_page("axes", **{K("b"): "4", K("s"): "10"})
    assert "Switch on" in text(at)
    at.toggle(key=K("pad")).set_value(True).run()
    assert errors(at) == []
    fig = figures(at)[0]
    assert any(str(tr.get("meta", "")).startswith("pad_x_") for tr in fig["data"])
    page = text(at)
    assert "Real lengths of the sequences: 10," in page
    assert re.search(r"LayerNorm (0|≈ 0 \(\de-1\d\)), BatchNorm \d", page)  # 0 up to float64 rounding
    assert "| pad |" in tables(at)[0]  # a padding position in the μ_{b,s} table
    assert any("padding included" in tb for tb in tables(at))
    assert "hold no padding" in page


def test_a_link_reproduces_the_scene_and_the_seed_changes_the_numbers():
    at = run_page("axes", **{K("method"): "z-score", K("b"): "2", K("s"): "3", K("d"): "4", K("seed"): "7"})
    assert errors(at) == [] and not at.warning
    fig = figures(at)[0]
    assert z(fig, "x_0").shape == (6, 4)
    at.number_input(key=K("seed")).set_value(8).run()
    assert not np.array_equal(z(figures(at)[0], "x_0"), z(fig, "x_0"))


@pytest.mark.parametrize("lang, word", [("en", "from 1 to 8"), ("zh", "1 到 8")])
def test_bad_link_values_get_one_message_and_a_valid_scene(lang, word):
    at = run_page(
        "axes",
        lang=lang,
        **{K("b"): "99", K("s"): "nan", K("method"): "GroupNorm", K("pad"): "maybe", K("seed"): "1e309"},
    )
    assert errors(at) == []
    assert len(at.warning) == 1
    msg = at.warning[0].value
    for name in ("axes.b", "axes.s", "axes.method", "axes.pad", "axes.seed"):
        assert name in msg
    assert word in msg and "GroupNorm" in msg
    assert len(figures(at)[0]["layout"]["shapes"]) == 3 * 6  # the defaults: LayerNorm, 3 × 6 × 8


def test_a_keyed_rerun_can_show_the_message_the_full_run_did_not(real_rerun_only):
    """B = 1 under BatchNorm, reached by a control's keyed rerun (``ui.rerun_only``) after a full run with no
    message: the message's place takes it (a place left unwritten in the full run would raise)."""
    at = run_page("axes", **{"axes.method": "BatchNorm"})
    assert errors(at) == [] and not at.info
    at.slider(key="axes.b").set_value(1).run()
    assert errors(at) == []
    assert any("B = 1" in i.value or "b = 1" in i.value.lower() for i in at.info), [i.value for i in at.info]
