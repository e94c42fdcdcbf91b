"""The lesson page (AppTest): every step runs in zh and en, navigation by buttons and URL, predict-and-score,
the worked computation's numbers."""

import math

import numpy as np
import pytest

from normviz import lesson
from tests.helpers.pages import charts, coords, errors, figures, live_payloads, run_page, tables, text, trace

TOTAL = len(lesson.STEPS)


def step_of(at) -> str:
    value = at.query_params.get("step", "1")  # step 1, the default, is left out of the link
    return value[0] if isinstance(value, list) else value


def button(at, key):
    return next(b for b in at.button if b.key == key)


@pytest.mark.parametrize("number", range(1, TOTAL + 1))
def test_every_step_runs_in_both_languages(number):
    for lang in ("en", "zh"):
        at = run_page("lesson", lang=lang, step=str(number))
        assert errors(at) == [], (number, lang)
        key = lesson.step(number).key
        from normviz.i18n import translate

        assert at.header[0].value == translate(lang, f"lesson.step.{key}.title")
        assert (f"Step {number} of {TOTAL}" if lang == "en" else f"第 {number} / {TOTAL} 步") in str(
            [p.proto.text for p in at.get("progress")]
        )


def title(key: str, lang: str = "en") -> str:
    from normviz.i18n import translate

    return translate(lang, f"lesson.step.{key}.title")


def test_next_and_back_move_through_every_step_and_the_url_follows_each():
    """?step= is the step on screen after every Next and every Back, and that address opens the same step."""
    at = run_page("lesson")
    assert at.header[0].value == title("form") and button(at, "lesson.prev.top").disabled
    for k in range(2, TOTAL + 1):
        button(at, f"lesson.next.{'top' if k % 2 else 'bottom'}").click().run()
        assert errors(at) == [] and step_of(at) == str(k) and at.header[0].value == title(lesson.step(k).key), k
    assert button(at, "lesson.next.top").disabled
    for k in range(TOTAL - 1, 0, -1):
        button(at, "lesson.prev.top").click().run()
        assert errors(at) == [] and step_of(at) == str(k) and at.header[0].value == title(lesson.step(k).key), k
    for k in (2, TOTAL // 2, TOTAL):  # a copied address lands on the same step
        assert run_page("lesson", step=str(k)).header[0].value == title(lesson.step(k).key)


def test_a_link_to_the_2d_extreme_step_opens_it():
    k = str(lesson.KEYS.index("extreme") + 1)
    at = run_page("lesson", lang="zh", step=k)
    assert errors(at) == [] and at.header[0].value.startswith("二维的极端情形")
    assert step_of(at) == k


@pytest.mark.parametrize("bad", ["0", "99", "seven", "2.5"])
def test_a_bad_step_in_the_link_gives_one_message_and_step_1(bad):
    at = run_page("lesson", step=bad)
    assert errors(at) == []
    assert at.header[0].value.startswith("One formula")
    assert len(at.warning) == 1 and "step" in at.warning[0].value


def _guess_and_reveal(at, step_key, guess):
    for i, g in enumerate(guess, start=1):
        at.number_input(key=f"lesson.{step_key}.guess{i}").set_value(g)
    at.run()
    assert not any(f.get("layout") and any(t.get("meta") == "truth" for t in f["data"]) for f in figures(at))
    button(at, f"lesson.{step_key}.reveal").click().run()
    assert errors(at) == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_predict_then_reveal_scores_the_distance_to_the_true_output(lang):
    at = run_page("lesson", lang=lang, step=str(lesson.KEYS.index("l2") + 1))
    fig = figures(at)[0]
    assert not any(t.get("meta") == "arrow_l2" for t in fig["data"])  # hidden before the reveal
    _guess_and_reveal(at, "l2", (0.5, 0.9))
    want = math.hypot(0.5 - 0.6, 0.9 - 0.8)
    shown = (at.success.values if at.success else []) + [i.value for i in at.info]
    message = " ".join(str(v) for v in shown)
    assert f"{want:.4f}" in message, message
    fig = figures(at)[0]
    assert any(t.get("meta") == "arrow_l2" for t in fig["data"])
    np.testing.assert_allclose([coords(trace(fig, "guess"), a)[0] for a in "xy"], (0.5, 0.9))
    np.testing.assert_allclose([coords(trace(fig, "truth"), a)[0] for a in "xy"], (0.6, 0.8))


def test_the_reveal_plays_the_projection_once():
    at = run_page("lesson", step=str(lesson.KEYS.index("l2") + 1))
    assert [p["scene"]["autoplay"] for p in live_payloads(at)] == [False]
    _guess_and_reveal(at, "l2", (0.5, 0.9))
    assert [p["scene"]["autoplay"] for p in live_payloads(at)] == [True]  # the run the click causes
    at.number_input(key="lesson.l2.guess1").set_value(0.6).run()
    assert [p["scene"]["autoplay"] for p in live_payloads(at)] == [False]  # not again on every change


def test_a_far_guess_is_called_far_and_guess_again_hides_the_answer():
    k = lesson.KEYS.index("ln") + 1
    at = run_page("lesson", step=str(k))
    _guess_and_reveal(at, "ln", (3.0, 3.0, 3.0))
    assert any("Far off" in i.value for i in at.info)
    button(at, "lesson.ln.hide").click().run()
    assert not any(m.value.startswith("$$") for m in at.markdown)  # no worked computation
    assert not any(t.get("meta") == "truth" for t in figures(at)[0]["data"])


def test_the_worked_computation_is_one_element_per_method_with_every_line():
    at = run_page("lesson", step=str(lesson.KEYS.index("ln") + 1))
    _guess_and_reveal(at, "ln", (-1.2, 0.0, 1.2))
    blocks = [m.value for m in at.markdown if m.value.startswith("$$")]
    assert len(blocks) == 3 and not at.latex  # one element per method's tab: a move re-sends 3, not ~19
    x = tuple(s.value for s in at.slider if s.key.startswith("lesson.ln.x"))
    for m in ("ln", "rms", "l2"):
        lines = lesson.worked_latex(lesson.worked(m, x))
        (block,) = [b for b in blocks if lines[1] in b]
        assert block == "\n\n".join(f"$$\n{line}\n$$" for line in lines), m  # a display equation per line


def test_the_worked_computation_shows_the_seed_numbers_for_2_4_6():
    at = run_page("lesson", step=str(lesson.KEYS.index("ln") + 1))
    _guess_and_reveal(at, "ln", (-1.2, 0.0, 1.2))
    latex = "\n".join(m.value for m in at.markdown if m.value.startswith("$$"))
    for shown in (
        r"\left(-1.2247, 0, 1.2247\right)",
        "2.6667",
        "1.6330",
        r"\left(-2, 0, 2\right)",
        r"\left(0.4629, 0.9258, 1.3887\right)",
        "4.3205",
        "7.4833",
    ):
        assert shown in latex, shown
    assert any("Spot on" in s.value or "Close" in s.value for s in at.success)


def test_moving_x_changes_the_scene_and_reset_restores_it():
    k = lesson.KEYS.index("form") + 1
    at = run_page("lesson", step=str(k))
    before = figures(at)[0]
    at.slider(key="lesson.form.x1").set_value(-2.0).run()
    after = figures(at)[0]
    assert coords(trace(after, "arrow_input"), "x")[1] == -2.0 != coords(trace(before, "arrow_input"), "x")[1]
    assert "(−2.0000, 4.0000)" in "\n".join(tables(at))
    button(at, "lesson.form.reset").click().run()
    assert at.slider(key="lesson.form.x1").value == 3.0


def test_the_small_scenes_show_their_computed_numbers():
    def page(key: str) -> str:
        at = run_page("lesson", step=str(lesson.KEYS.index(key) + 1))
        return "\n".join([text(at), *tables(at)])

    cost = page("cost")
    assert "12.9 GB" in cost and "6.4 ms" in cost
    assert "16 GFLOP" in cost and "0.02 ms" in cost and "1000 TFLOP/s" in cost  # compute time at the assumed peak
    precision = page("precision")
    assert "∞" in precision and "180000.0" in precision and "65504" in precision and "255.94" in precision
    assert "(torch.finfo)" in precision  # where the limit comes from
    eps = page("eps")
    assert "NaN" in eps and "1.7321" in eps
    assert "(B, S, D) = (2, 3, 4)" in page("axes")


@pytest.mark.parametrize(
    "lang, mean_label, sum_label",
    [("en", "float16 throughout, mean(-1)", "sum(-1) / D"), ("zh", "全程 float16，mean(-1)", "sum(-1) / D")],
)
def test_precision_step_rows_each_show_one_computation(lang, mean_label, sum_label):
    """At x₁ = x₂ = 200 every square fits float16 but their float16 sum does not: the sum row shows Σx² = ∞
    beside the output 0, the mean row a finite mean beside the output (1, 1)."""
    at = run_page("lesson", lang=lang, step=str(lesson.KEYS.index("precision") + 1), v="200")
    assert errors(at) == []
    (table,) = [tb for tb in tables(at) if "Σx²" in tb]
    rows = {r.split("|")[1].strip(): [c.strip() for c in r.split("|")[2:-1]] for r in table.splitlines()[2:]}
    mean_row = rows[mean_label]
    sum_row = next(cells for label, cells in rows.items() if sum_label in label and "float16" in label)
    assert mean_row == ["(40000.0, 40000.0)", "—", "40000.0", "(1.0000, 1.0000)"]
    assert sum_row == ["(40000.0, 40000.0)", "∞", "∞", "(0.0000, 0.0000)"]
    assert f"{math.sqrt(65504 / 2):.2f}" in text(at)  # where the float16 sum of two equal squares overflows


def test_cost_step_control_changes_the_numbers():
    at = run_page("lesson", step=str(lesson.KEYS.index("cost") + 1))
    at.select_slider(key="lesson.cost.d").set_value(4096).run()
    assert "25.8 GB" in text(at) and "12.9 ms" in text(at)


def test_every_widget_key_of_a_step_is_namespaced():
    at = run_page("lesson", step="6")
    keys = [w.key for kind in ("slider", "number_input", "select_slider") for w in getattr(at.main, kind)]
    assert keys and all(k.startswith("lesson.") for k in keys), keys


def test_a_link_holds_the_steps_x_and_moving_it_updates_the_link():
    at = run_page("lesson", step=str(lesson.KEYS.index("rms") + 1), x1="1", x2="-2")
    assert errors(at) == []
    assert (at.slider(key="lesson.rms.x1").value, at.slider(key="lesson.rms.x2").value) == (1.0, -2.0)
    at.slider(key="lesson.rms.x1").set_value(2.5).run()
    value = at.query_params["x1"]
    assert (value[0] if isinstance(value, list) else value) == "2.5"
    button(at, "lesson.next.top").click().run()  # the next step starts from its own x
    assert errors(at) == [] and at.slider(key="lesson.rms3d.x1").value == 2.0
    assert [at.slider(key=f"lesson.rms3d.x{i}").value for i in (1, 2, 3)] == [2.0, 4.0, 6.0]
    assert not {"x1", "x2", "x3"} & set(at.query_params)  # the step's own x: its link leaves x out


def test_a_bad_x_in_the_link_is_reported_and_the_steps_x_is_used():
    at = run_page("lesson", step=str(lesson.KEYS.index("l2") + 1), x1="99")
    assert errors(at) == [] and len(at.warning) == 1 and "x1" in at.warning[0].value
    assert at.slider(key="lesson.l2.x1").value == 3.0


@pytest.mark.parametrize(
    ("kind", "name", "value", "widget"),
    [
        ("dof", "n", "64", 64),
        ("shift", "shift", "-37", -37.0),
        ("precision", "v", "257", 257.0),
        ("cost", "d", "4096", "4096"),
        ("residual", "depth", "12", 12),
    ],
)
def test_a_link_carries_each_steps_own_control(kind, name, value, widget):
    (st_,) = [s for s in lesson.STEPS if s.kind == kind]
    number = lesson.KEYS.index(st_.key) + 1
    at = run_page("lesson", step=str(number), **{name: value})
    assert errors(at) == [] and not at.warning
    (control,) = [w for w in [*at.slider, *at.select_slider] if w.key == f"lesson.{st_.key}.{name}"]
    assert control.value == widget
    at = run_page("lesson", step=str(number))  # and moving it writes the link
    control = next(w for w in [*at.slider, *at.select_slider] if w.key == f"lesson.{st_.key}.{name}")
    control.set_value(widget).run()
    assert at.query_params[name] in (value, [value])


def test_a_bad_link_value_for_a_steps_control_gets_a_message():
    (st_,) = [s for s in lesson.STEPS if s.kind == "dof"]
    at = run_page("lesson", step=str(lesson.KEYS.index(st_.key) + 1), n="1e9")
    assert errors(at) == []
    assert any("n" in w.value for w in at.warning)
    assert next(w for w in at.slider if w.key == f"lesson.{st_.key}.n").value == st_.param["n"]


def test_the_axes_step_draws_the_tables_tensor_and_outlines_the_chosen_methods_groups():
    k = str(lesson.KEYS.index("axes") + 1)
    at = run_page("lesson", step=k)
    assert errors(at) == [] and len(figures(at)) == 1
    ln = figures(at)[0]
    a = lesson.axes_scene((2, 3, 4), 7)
    assert f"{a.x[0, 0, 0]:.2f}".replace("-", "−") in "\n".join(tables(at))  # the table shows the figure's tensor
    at.button_group(key="lesson.axes.method").set_value("bn").run()
    assert errors(at) == [] and figures(at)[0] != ln and at.query_params["method"] in ("bn", ["bn"])
    assert figures(run_page("lesson", step=k, method="bn"))[0] == figures(at)[0]  # the link opens that figure


def test_the_eps_step_draws_the_eps_pages_chart_at_the_chosen_eps():
    k = str(lesson.KEYS.index("eps") + 1)
    at = run_page("lesson", step=k)
    assert errors(at) == [] and len(figures(at)) == 1 and "1.41e-03" in text(at)
    before = figures(at)[0]
    at.slider(key="lesson.eps.log_eps").set_value(-2.0).run()
    assert errors(at) == [] and figures(at)[0] != before and at.query_params["log_eps"] in ("-2", ["-2"])
    assert figures(run_page("lesson", step=k, log_eps="-2"))[0] == figures(at)[0]


@pytest.mark.parametrize("projector, in_column", [("true", False), ("false", True)])
def test_in_projector_mode_the_live_chart_takes_the_full_width(projector, in_column):
    at = run_page("lesson", step=str(lesson.KEYS.index("ln") + 1), projector=projector)
    assert errors(at) == [] and len(live_payloads(at)) == 1

    def charts_in(block):
        return [el for el in block.get("bidi_component") if el.proto.json and '"figure"' in el.proto.json]

    assert any(charts_in(col) for col in at.columns) == in_column


# --- predict, then reveal: the chart hides the answer; each animation names its own stages ------------

X_ONLY = {"arrow_input", "arrow_input_head", "x_offscreen", "x_offscreen_head", "guess"}  # x and the guess


def live(at) -> dict:
    (payload,) = live_payloads(at)
    return payload


@pytest.mark.parametrize("key", [s.key for s in lesson.STEPS if s.target])
def test_before_the_reveal_the_chart_and_the_live_scene_hold_x_and_the_guess_only(key):
    at = run_page("lesson", step=str(lesson.KEYS.index(key) + 1))
    payload = live(at)
    fig, scene = payload["figure"], payload["scene"]
    roles = {tr.get("meta") for tr in fig["data"]}
    assert {"arrow_input", "guess"} <= roles <= X_ONLY, roles  # no circle, sphere, line, plane, point, ray
    assert not fig.get("frames") and not fig["layout"].get("sliders") and not fig["layout"].get("updatemenus")
    assert set(scene["moving"]) <= X_ONLY and scene["shown"] == []  # nothing else drawn in the browser
    np.testing.assert_allclose(
        finite_points_of(trace(fig, "arrow_input"))[-1], lesson.step(lesson.KEYS.index(key) + 1).x
    )
    button(at, f"lesson.{key}.reveal").click().run()
    payload = live(at)
    roles = {tr.get("meta") for tr in payload["figure"]["data"]}
    assert {"ray", "truth", *(f"arrow_{m}" for m in lesson.step(lesson.KEYS.index(key) + 1).shown)} <= roles
    assert payload["figure"]["frames"] and "ray" in payload["scene"]["moving"]


def finite_points_of(tr: dict) -> np.ndarray:
    pts = np.column_stack([coords(tr, a) for a in "xyz" if a in tr])
    return pts[np.all(np.isfinite(pts), axis=1)]


def _stage_of(label: str, lang: str) -> tuple[str, int]:
    """The stage a step-slider label names, and its place (①, ②, ③ -> 1, 2, 3)."""
    from normviz.figures.projection import CIRCLED
    from normviz.geometry import STAGES
    from normviz.i18n import translate

    names = {translate(lang, f"proj.step.{s}", n=n): (s, j) for s in STAGES for j, n in enumerate(CIRCLED, 1)}
    assert label in names, label
    return names[label]


@pytest.mark.parametrize("key", [s.key for s in lesson.STEPS if s.kind in ("plane", "space")])
def test_each_steps_animation_names_the_stages_its_points_go_through(key):
    """The step slider names the stages the shown methods go through, numbered in order: "centre" only with
    LayerNorm (its point moves along 𝟏 onto x − μ·𝟏, no other point moves), "scale" (each point moves along
    its own ray onto its normalized output), "γ, β" only with γ, β (onto the final output)."""
    from normviz.figures.projection import STEPS

    s = lesson.STEPS[lesson.KEYS.index(key)]
    at = run_page("lesson", lang="zh", step=str(lesson.KEYS.index(key) + 1))
    if s.target:
        button(at, f"lesson.{key}.reveal").click().run()
    fig = live(at)["figure"]
    labels = [step["label"] for step in fig["layout"]["sliders"][0]["steps"]]
    assert labels[0] == "x" and len(fig["frames"]) == STEPS * (len(labels) - 1) + 1
    stages = [_stage_of(label, "zh") for label in labels[1:]]
    assert [j for _, j in stages] == list(range(1, len(stages) + 1))  # numbered in this animation's order
    metas = {i: fig["data"][i]["meta"][len("moving_") :] for i in fig["frames"][0]["traces"]}
    tips = {
        m: np.array(
            [[coords(f["data"][list(f["traces"]).index(i)], a)[-1] for a in "xyz"[: len(s.x)]] for f in fig["frames"]]
        )
        for i, m in metas.items()
    }
    assert set(tips) == set(s.shown)
    x = np.asarray(s.x)
    for j, (stage, _) in enumerate(stages):
        a, b = STEPS * j, STEPS * (j + 1)
        moved = {m: p[b] - p[a] for m, p in tips.items() if np.linalg.norm(p[b] - p[a]) > 1e-9}
        for m, p in tips.items():
            w = lesson.worked(m, x, eps=s.eps, gamma=s.gamma, beta=s.beta)
            if stage == "center":
                np.testing.assert_allclose(p[b], w.centered if m == "ln" else x, atol=1e-6)
            elif stage == "scale":
                np.testing.assert_allclose(p[b], w.normalized, atol=1e-6)
                assert np.linalg.matrix_rank(np.stack([p[a], p[b]]), tol=1e-6) == 1, (key, m)  # along its ray
            else:
                np.testing.assert_allclose(p[b], w.output, atol=1e-6)
        if stage == "center":
            assert set(moved) == {"ln"} and np.ptp(moved["ln"]) < 1e-9  # along 𝟏: the mean removed
    assert ("center" in [st for st, _ in stages]) == ("ln" in s.shown)
    assert ("affine" in [st for st, _ in stages]) == bool(s.gamma or s.beta)
    for f in fig["frames"][1:]:  # the title names the same numbered stage as the slider
        k = int(f["name"][1:])
        stage, place = stages[(k - 1) // STEPS]
        from normviz.i18n import translate

        assert f["layout"]["title"]["text"] == translate(
            "zh", f"{'plane' if s.kind == 'plane' else 'space'}.stage.{stage}", k=place
        )


def _row_cells(table: str) -> list[list[str]]:
    return [[c.strip() for c in line.strip("|").split("|")] for line in table.splitlines()[2:]]


@pytest.mark.parametrize("x1", [None, -6.5])
def test_the_affine_steps_table_shows_one_layernorm_output_for_x_and_its_scaled_shifted_copy(x1):
    import normviz as nv

    s = lesson.STEPS[lesson.KEYS.index("affine")]
    at = run_page("lesson", step=str(lesson.KEYS.index("affine") + 1))
    if x1 is not None:
        at.slider(key="lesson.affine.x1").set_value(x1).run()
    x = np.array([at.slider(key="lesson.affine.x1").value, at.slider(key="lesson.affine.x2").value])
    (table,) = [tb for tb in tables(at) if "γ and β" in tb.splitlines()[0]]
    (x_row, scaled, moved) = _row_cells(table)
    assert x_row[1] == scaled[1] == moved[1]  # LayerNorm, then the same γ, β: one output for all three
    assert x_row[2] == scaled[2] != moved[2]  # RMSNorm sees the shift, not the scale
    want = nv.layer_norm(
        s.param["scale"] * x + s.param["shift"], weight=np.array(s.gamma), bias=np.array(s.beta), eps=0.0
    )
    assert moved[1] == "(" + ", ".join(f"{v:.4f}".replace("-", "−") for v in want) + ")"
    assert moved[0].endswith("(" + ", ".join(f"{v:.2f}".replace("-", "−") for v in 2 * x + 100) + ")")


def test_the_pre_post_norm_step_draws_the_residual_stack_and_quotes_its_stream_lengths():
    from normviz import residual

    k = str(lesson.KEYS.index("prepost") + 1)
    at = run_page("lesson", step=k)
    assert errors(at) == [] and len(figures(at)) == 1
    before = figures(at)[0]
    at.slider(key="lesson.prepost.depth").set_value(6).run()
    assert errors(at) == [] and figures(at)[0] != before and at.query_params["depth"] in ("6", ["6"])
    roles = {t["meta"] for t in figures(at)[0]["data"]}  # the step's story: Pre, Post and no norm (not Peri, nGPT)
    assert {"stream_pre_ln", "stream_post_rms", "stream_none"} <= roles and not any(
        "peri" in r or "ngpt" in r for r in roles
    )
    comp = residual.compare(residual.StackConfig(depth=6, width=128))
    pre, post = comp.runs[("pre", "ln")], comp.runs[("post", "ln")]
    shown = text(at)
    for v in (pre.stream_norm[0], pre.stream_norm[6], post.stream_norm[6], comp.root_width):
        assert f"{v:.2f}" in shown, v
    assert post.stream_norm[6] == pytest.approx(comp.root_width, rel=1e-3) and post.stream_norm[6] < pre.stream_norm[6]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_warp_step_plays_the_grid_into_two_points_and_states_its_computed_landing(lang):
    """The warp page's morph (frames from t = 0 to 1, keyed lesson.warp.chart), and the statement's numbers are
    those of a direct computation: torch's layer_norm at ε = 0 on every integer point of [−3, 3]²."""
    import torch
    import torch.nn.functional as F

    from normviz.format import decimals_vector

    at = run_page("lesson", lang=lang, step=str(lesson.KEYS.index("warp") + 1))
    assert errors(at) == []
    (fig,) = figures(at)
    assert len(fig["frames"]) >= 2 and {"grid", "grid_points"} <= {t.get("meta") for t in fig["data"]}
    assert not charts(at)  # the animated chart draws it: HTML Play/Pause and the keys
    grid = torch.tensor([(a, b) for a in range(-3, 4) for b in range(-3, 4)], dtype=torch.float64)
    out = F.layer_norm(grid, (2,), eps=0.0)
    below, above, diagonal = grid[:, 0] > grid[:, 1], grid[:, 0] < grid[:, 1], grid[:, 0] == grid[:, 1]
    last = fig["frames"][-1]["data"][1]  # the grid's points at t = 1: each on its own output
    ends = np.column_stack([coords(last, a) for a in "xy"])
    np.testing.assert_allclose(ends[below.numpy()], out[below].numpy(), atol=1e-3)  # frames are rounded
    np.testing.assert_allclose(ends[above.numpy()], out[above].numpy(), atol=1e-3)
    assert np.isnan(ends[diagonal.numpy()]).all()  # 0/0: a gap
    shown = text(at)
    for count, outputs in ((int(below.sum()), out[below]), (int(above.sum()), out[above])):
        assert torch.allclose(outputs, outputs[0].expand_as(outputs))
        assert f"{count}" in shown and decimals_vector(outputs[0].numpy(), 2) in shown
    assert f"{len(grid)}" in shown and f"{int(diagonal.sum())}" in shown and torch.isnan(out[diagonal]).all()
    expected = (
        f"all {int(below.sum())} below the diagonal (x₁ > x₂) land on {decimals_vector(out[below][0].numpy(), 2)}"
        if lang == "en"
        else f"对角线下方（x₁ > x₂）的 {int(below.sum())} 个全部落在 {decimals_vector(out[below][0].numpy(), 2)}"
    )
    assert expected in shown


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_optional_closing_step_states_its_computed_numbers_and_draws_pre_peri_and_ngpt(lang):
    """The closing step's sentences carry numbers of a direct computation (torch; the stack's from
    ``residual.compare`` at the residual page's default, itself held to a written-out torch stack in
    tests/test_lesson.py), and its figure is the residual page's with Pre, Peri and nGPT only."""
    import torch
    import torch.nn.functional as F

    from normviz import residual
    from normviz.format import decimals, decimals_vector
    from normviz.i18n import translate

    number = lesson.KEYS.index("beyond") + 1
    at = run_page("lesson", lang=lang, step=str(number))
    assert errors(at) == [] and at.header[0].value == translate(lang, "lesson.step.beyond.title")
    shown = text(at)
    p = lesson.step(number).param
    x = torch.tensor(p["x"], dtype=torch.float64)
    moved = x + p["offset"]
    dyt, ln, dyt_c = torch.tanh(0.5 * x), F.layer_norm(x, (3,), eps=0.0), torch.tanh(0.5 * moved)
    gap_c = torch.linalg.vector_norm(dyt_c - F.layer_norm(moved, (3,), eps=0.0)) / math.sqrt(3)
    for want in (
        decimals_vector(dyt.numpy(), 3),
        decimals_vector(ln.numpy(), 3),
        decimals(float(torch.linalg.vector_norm(dyt - ln) / math.sqrt(3)), 3),
        decimals_vector(dyt_c.numpy(), 3),
        decimals(float(gap_c), 4),
        f"{math.sqrt(128):.2f}",  # the QK bound for d = 128, γ = 1
        f"{math.sqrt(127 / (127 + p['outlier'] ** 2)):.4f}",  # RMSNorm's factor on the others
        f"{math.tanh(0.5):.4f}",
        decimals_vector(torch.erf(0.5 * x).numpy(), 3),  # Derf at α₀ = 0.5, s₀ = 0
        decimals(float(torch.linalg.vector_norm(torch.erf(0.5 * x) - ln) / math.sqrt(3)), 3),
        f"{1 / math.sqrt(math.pi):.3f}",  # Derf's slope at 0, 2α/√π
        f"{float(torch.special.erfinv(torch.tensor(0.99, dtype=torch.float64))) / 0.5:.2f}",
        f"{math.atanh(0.99) / 0.5:.2f}",
        "82.8",
        decimals_vector((2 * ln).numpy(), 3),  # σ frozen at σ(x): LN_c(2x) = 2·LN(x)
        decimals(float(torch.std(x, unbiased=False)), 4),
    ):
        assert want in shown, want
    # the real model frozen (no fine-tuning): the embedding's cosine, from three runs of the library's model
    from normviz import model as nv_model

    calibration = nv_model.calibrate()
    plain = nv_model.run(lesson.MODEL_SENTENCE).embedding
    for mode in ("cls", "one"):
        frozen = nv_model.run(lesson.MODEL_SENTENCE, frozen=calibration.constants(mode)).embedding
        cos = float(torch.nn.functional.cosine_similarity(torch.from_numpy(plain), torch.from_numpy(frozen), dim=0))
        assert decimals(cos, 3) in shown, (mode, cos)
    rng = np.random.default_rng(p["seed"])
    q, k = torch.from_numpy(rng.standard_normal(p["head_dim"])), torch.from_numpy(rng.standard_normal((p["keys"], 128)))
    s = p["qk_scale"]
    plain = [float(((c * k) @ (c * q)).abs().max() / math.sqrt(128)) for c in (1.0, s)]
    normed = float((F.rms_norm(k, (128,), eps=0.0) @ F.rms_norm(q, (128,), eps=0.0)).abs().max() / math.sqrt(128))
    for want in (*plain, normed):
        assert f"{want:.2f}" in shown, want
    comp = residual.compare(residual.StackConfig())
    for v in (
        comp.runs[("pre", "rms")].stream_norm[24],
        comp.runs[("peri", "rms")].stream_norm[24],
        comp.runs[("ngpt", "rms")].stream_norm[24],
        math.sqrt(comp.runs[("peri", "rms")].stream_norm[0] ** 2 + 24 * 128),
    ):
        assert f"{v:.2f}" in shown, v
    (fig,) = figures(at)
    roles = {t["meta"] for t in fig["data"]}
    assert {"stream_pre_rms", "stream_peri_rms", "stream_ngpt_rms"} <= roles
    assert not any("post" in r or r.endswith("_none") for r in roles)
    assert ("optional" if lang == "en" else "选读") in shown  # the title says so too (the header)


def test_without_torch_the_closing_step_keeps_its_numpy_sentences_and_says_why_the_stack_is_missing(monkeypatch):
    from normviz import _xp
    from normviz.i18n import translate

    monkeypatch.setattr(_xp, "torch_installed", lambda: False)
    at = run_page("lesson", step=str(lesson.KEYS.index("beyond") + 1))
    assert errors(at) == [] and figures(at) == []
    assert any(i.value == translate("en", "lesson.prepost.no_torch") for i in at.info)
    shown = text(at)
    assert f"{math.sqrt(128):.2f}" in shown and f"{math.tanh(0.5):.4f}" in shown and "Peri-Norm and nGPT**" not in shown


def _torch_share_and_gap(sentence: str):
    """The captured LayerNorm inputs of ``sentence`` (``normviz.model.run``), and from them in torch, per norm
    and token: the share μ²·D/‖x‖² and ‖LN(x) − RMS(x)‖/‖LN(x)‖ with torch's layer_norm and rms_norm at the
    model's ε (γ = 1, β = 0). (tests/test_lesson.py also writes both norms out against these functions.)"""
    import torch
    import torch.nn.functional as F

    from normviz import model

    run = model.run(sentence)
    x = torch.from_numpy(np.array(run.inputs)).double()  # (13, S, D)
    d = x.shape[-1]
    share = (x.mean(-1) ** 2 * d / (x * x).sum(-1)).numpy()
    ln, rms = F.layer_norm(x, (d,), eps=run.eps), F.rms_norm(x, (d,), eps=run.eps)
    gap = (torch.linalg.vector_norm(ln - rms, dim=-1) / torch.linalg.vector_norm(ln, dim=-1)).numpy()
    return run, share, gap


# --- the optional real-model step --------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_real_model_step_states_torchs_numbers_draws_them_and_links_the_model_page(lang):
    """The sentences carry the numbers of torch on the captured inputs (``_torch_share_and_gap``: the share
    μ²·D/‖x‖², torch's layer_norm and rms_norm at the model's ε); the chart's bars and diamonds are the same
    means; the γ ≈ 0 coordinates are said with the outlier sentence; the link opens the model page on the
    step's sentence."""
    from normviz.format import decimals, percent
    from normviz.i18n import translate

    number = lesson.KEYS.index("model") + 1
    at = run_page("lesson", lang=lang, step=str(number))
    assert errors(at) == [] and at.header[0].value == translate(lang, "lesson.step.model.title")
    run, share, gap = _torch_share_and_gap(lesson.MODEL_SENTENCE)
    names = ("embeddings", *(f"layer{i}.{p}" for i in range(1, 7) for p in ("attention", "output")))
    means, gaps = share.mean(axis=1), gap.mean(axis=1)
    top, low = int(np.argmax(means)), int(np.argmin(means))
    shown = text(at)
    for want in (
        lesson.MODEL_SENTENCE,
        f"{len(run.tokens)}",
        names[top],
        percent(float(means[top])),
        names[low],
        percent(float(means[low])),
        percent(float(share.max())),
        decimals(float(gaps[top]), 4),
        decimals(float(gaps[low]), 4),
        decimals(float(gap.max()), 4),  # the largest for a single token
        "x₂₂₃, x₁₂₇, x₃₁₉",
        "√(2(1 − √(1 − c)))",
    ):
        assert want in shown, want
    (fig,) = figures(at)
    np.testing.assert_allclose(coords(trace(fig, "model_share"), "y"), 100 * means, rtol=1e-9)
    np.testing.assert_allclose(coords(trace(fig, "model_gap"), "y"), 100 * gaps, rtol=1e-9)
    assert list(trace(fig, "model_share")["x"]) == list(names)
    (link,) = at.get("page_link")
    assert link.proto.page == "model" and link.proto.label == translate(lang, "lesson.model.link")
    assert "model.text=The+students+dragged" in link.proto.query_string and f"lang={lang}" in link.proto.query_string


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_without_the_models_files_the_real_model_step_shows_one_line_and_the_lesson_goes_on(
    monkeypatch, tmp_path, lang
):
    from normviz import model
    from normviz.i18n import translate

    monkeypatch.setenv(model.ENV_DIR, str(tmp_path))  # an empty folder: model.verify finds no file
    number = lesson.KEYS.index("model") + 1
    at = run_page("lesson", lang=lang, step=str(number))
    assert errors(at) == [] and figures(at) == [] and not at.get("page_link")
    assert [i.value for i in at.info] == [translate(lang, "lesson.model.missing", install=model.INSTALL)]
    button(at, "lesson.next.top").click().run()  # on to the next step, as ever
    assert errors(at) == [] and at.header[0].value == translate(lang, "lesson.step.beyond.title")


def test_without_torch_the_real_model_step_says_so(monkeypatch):
    from normviz import _xp
    from normviz.i18n import translate

    monkeypatch.setattr(_xp, "torch_installed", lambda: False)
    at = run_page("lesson", step=str(lesson.KEYS.index("model") + 1))
    assert errors(at) == [] and figures(at) == []
    assert [i.value for i in at.info] == [translate("en", "lesson.model.no_torch")]
