"""The real-model page's figures are plain plotly JSON: valid for plotly, built without go.Figure, drawing exactly the
arrays they are given (synthetic here, seeded), with every trace's role in ``meta``."""

import json
import math

import numpy as np
import plotly.graph_objects as go
import pytest

from normviz.figures import model as figs
from normviz.figures.typed import typed_arrays
from normviz.i18n import Translator
from tests.helpers.pages import coords, trace

EN, ZH = Translator("en"), Translator("zh")
NORMS = ["embeddings"] + [f"layer{i}.{part}" for i in range(1, 7) for part in ("attention", "output")]
# "the" twice (a categorical axis would merge them), a token plotly would read as HTML, a word piece
TOKENS = ["[CLS]", "the", "cat", "<b>", "the", "##s", "[SEP]"]
S, L, D = len(TOKENS), len(NORMS), 48
THRESHOLD = 6.0
RADIUS = math.sqrt(384)
MIN_AT, MAX_AT = 11, 40  # γ's smallest (≈ 0, far left of the rest) and largest coordinates
BUILDERS = ("share", "gap", "outlier", "recurrence", "gamma", "hyperplane", "drift", "slice", "jacobian")
SLICE_TOKENS = ["students", "<i>"]  # the second one plotly would read as HTML


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(20)
    share = rng.uniform(0.0, 0.3, (L, S))
    share[2, 3] = np.nan
    ratio = np.abs(rng.normal(0.0, 1.0, (S, D)))
    ratio[:, 17] = 30.0 + rng.uniform(0.0, 5.0, S)  # a massive coordinate in every token
    ratio[2, 5] = 9.0  # one token's outlier
    gamma = rng.normal(1.0, 0.05, D)
    gamma[MIN_AT], gamma[MAX_AT] = 0.002, 1.4
    before = rng.normal(0.0, 30.0, (S, 3))
    after = before / np.linalg.norm(before, axis=1, keepdims=True) * rng.uniform(5.0, RADIUS, (S, 1))
    cos = np.linspace(1.0, 0.8, L)
    centred = np.abs(rng.normal(0.0, 3.0, (L, S))) + 0.5
    centred[:, 0] = np.geomspace(2.0, 200.0, L)  # [CLS]: a massive coordinate
    slice_inputs = np.array([[0.3, 12.0, 0.0], [-0.8, 5.0, 40.0]])  # (𝟏/√D, e₁, e₂) coordinates
    slice_s = np.array([0.6, 2.1])
    slice_c = np.array([0.9, 0.9])
    slice_centred = slice_inputs * np.array([0.0, 1.0, 1.0])
    return {
        "cos": cos,
        "min_cos": cos - 0.1,
        "rel": np.geomspace(0.05, 0.7, L),
        "centred": centred,
        "jacobian": 1.0 / (centred / math.sqrt(D - 1) + rng.uniform(0.0, 1.0, (L, S))),
        "top": np.zeros(L, dtype=int),
        "slice_inputs": slice_inputs,
        "slice_ln": slice_centred / slice_s[:, None],
        "slice_frozen": slice_centred / slice_c[:, None],
        "share": share,
        "gap": rng.uniform(0.0, 0.05, (L, S)),
        "ratio": ratio,
        "counts": rng.integers(0, S + 1, (L, 4)),
        "coords": [17, 5, 30, 2],
        "gamma": gamma,
        "beta": rng.normal(0.0, 0.05, D),
        "before": before,
        "after": after,
    }


def build(name: str, d: dict, t=EN, projector=False, **extra) -> dict:
    if name in ("share", "gap"):
        return figs.layer_token_heatmap(d[name], NORMS, TOKENS, t, kind=name, projector=projector, **extra)
    if name == "outlier":
        return figs.outlier_figure(d["ratio"], THRESHOLD, TOKENS, t, projector=projector, **extra)
    if name == "recurrence":
        return figs.recurrence_figure(d["counts"], d["coords"], NORMS, t, tokens=S, projector=projector)
    if name == "gamma":
        return figs.gamma_figure(d["gamma"], d["beta"], t, projector=projector, norm="layer6.output")
    if name == "drift":
        return figs.drift_figure(d["cos"], d["min_cos"], d["rel"], NORMS, t, projector=projector,
                                 frozen=extra.get("frozen", L))  # fmt: skip
    if name == "slice":
        return figs.frozen_slice_figure(d["slice_inputs"], d["slice_ln"], d["slice_frozen"], SLICE_TOKENS, RADIUS, t,
                                        projector=projector, norm="layer6.output")  # fmt: skip
    if name == "jacobian":
        return figs.jacobian_figure(d["centred"], d["jacobian"], d["top"], NORMS, TOKENS, 384, t, projector=projector)
    return figs.hyperplane_figure(d["before"], d["after"], TOKENS, RADIUS, t, projector=projector, **extra)


def roles(fig: dict) -> list[str]:
    return [tr["meta"] for tr in fig["data"]]


def rows3(tr: dict) -> np.ndarray:
    return np.column_stack([coords(tr, a) for a in "xyz"])


EXPECTED_ROLES = {
    "share": {"heatmap_share"},
    "gap": {"heatmap_gap"},
    "outlier": {"max_ratio", "threshold", "flagged", "top_coords"},
    "recurrence": {"recurrence"},
    "gamma": {"gamma_hist", "beta_hist", "gamma_min", "gamma_max", "gamma_one", "beta_zero"},
    "hyperplane": {"before", "after", "moves", "sphere"},
    "drift": {"cosine", "cosine_min", "relative"},
    "slice": {"plane", "circle", "centring", "rays", "inputs", "ln", "frozen"},
    "jacobian": {"bound", "tokens", "top"},
}


# --- valid plotly, plain dicts, both languages, projector sizes -------------------------------------------


@pytest.mark.parametrize("name", BUILDERS)
@pytest.mark.parametrize("lang, projector", [("en", False), ("zh", True)])
def test_every_figure_is_valid_plotly_raw_and_packed_with_every_role(data, name, lang, projector):
    fig = build(name, data, Translator(lang), projector)
    assert all(isinstance(tr.get("meta"), str) and tr["meta"] for tr in fig["data"])
    assert EXPECTED_ROLES[name] <= set(roles(fig))
    go.Figure(fig)
    packed = typed_arrays(fig, strict=True)
    go.Figure(packed)
    json.dumps(packed, allow_nan=False)  # strict JSON: what the browser parses


def test_builders_never_construct_plotly_objects(data, no_plotly_objects):
    for name in BUILDERS:
        build(name, data)
    build("share", data, chosen=0)


@pytest.mark.parametrize("name", BUILDERS)
def test_titles_are_translated_and_the_figures_deterministic(data, name):
    en, zh = build(name, data, EN), build(name, data, ZH)
    assert en["layout"]["title"]["text"] != zh["layout"]["title"]["text"]
    assert roles(en) == roles(zh)
    again = json.dumps(typed_arrays(build(name, data, EN), strict=True), sort_keys=True)
    assert json.dumps(typed_arrays(en, strict=True), sort_keys=True) == again


def _widths(fig: dict) -> list[float]:
    return [tr["line"]["width"] for tr in fig["data"] if isinstance((tr.get("line") or {}).get("width"), float | int)]


def _plot_height(fig: dict) -> int:
    margin = fig["layout"]["margin"]
    return fig["layout"]["height"] - margin["t"] - margin["b"]


@pytest.mark.parametrize("name", BUILDERS)
def test_projector_mode_has_24_px_type_thicker_lines_and_fits_a_1080_px_screen(data, name):
    screen, proj = build(name, data), build(name, data, projector=True)
    assert proj["layout"]["font"]["size"] >= 24 > screen["layout"]["font"]["size"]
    assert all(a["font"]["size"] >= 24 for a in proj["layout"].get("annotations", []))
    font = proj["layout"]["font"]["size"]
    axes = [v for k, v in proj["layout"].items() if k.startswith(("xaxis", "yaxis"))]
    axes += [proj["layout"]["scene"][f"{a}axis"] for a in "xyz"] if "scene" in proj["layout"] else []
    assert all(axis.get("tickfont", {}).get("size", font) >= 24 for axis in axes)  # unset: the layout's
    if _widths(screen):
        assert max(_widths(proj)) >= 2 * max(_widths(screen)) - 1e-9
    for fig in (screen, proj):
        assert _plot_height(fig) <= 560 and fig["layout"]["height"] <= 900
    if screen["layout"].get("showlegend") is not False:
        assert screen["layout"]["legend"]["y"] < 0  # a phone: the legend below keeps the plot's width
        assert proj["layout"]["legend"]["x"] > 1.0  # a projector: beside, it costs no height
    bar = (screen["layout"].get("coloraxis") or {}).get("colorbar")
    if bar:
        assert bar["orientation"] == "h" and bar["y"] < 0  # under the plot, not eating a phone's width


def test_markers_are_doubled_on_a_projector(data):
    screen, proj = build("outlier", data), build("outlier", data, projector=True)
    for role in ("max_ratio", "flagged"):
        assert trace(proj, role)["marker"]["size"] == pytest.approx(2 * trace(screen, role)["marker"]["size"])


# --- layers × tokens -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["share", "gap"])
def test_the_heat_map_draws_the_values_with_norms_as_rows_and_tokens_as_columns(data, kind):
    fig = build(kind, data)
    tr = trace(fig, f"heatmap_{kind}")
    np.testing.assert_array_equal(tr["z"], data[kind])  # NaN where NaN
    assert list(tr["x"]) == list(range(S)) and list(tr["y"]) == list(range(L))
    assert tr["text"][0][3] == "&lt;b&gt;" and tr["text"][5][1] == "the"  # the token in every cell's hover
    assert tr["customdata"][5] == [[NORMS[5], j] for j in range(S)]  # the norm and the token's place
    assert all(f in tr["hovertemplate"] for f in ("%{text}", "%{customdata[0]}", "%{customdata[1]}"))
    layout = fig["layout"]
    assert list(layout["yaxis"]["ticktext"]) == NORMS
    assert layout["yaxis"]["range"] == [L - 0.5, -0.5]  # the first norm at the top
    axis = layout["coloraxis"]
    top = np.nanmax(data[kind])
    assert axis["cmin"] == 0.0 and top <= axis["cmax"] <= 1.25 * top
    assert axis["colorscale"][0][1] != axis["colorscale"][-1][1]


def test_duplicate_tokens_keep_their_own_columns_and_odd_tokens_are_escaped(data):
    fig = build("share", data)
    ticks = fig["layout"]["xaxis"]
    assert list(ticks["tickvals"]) == list(range(S))
    assert list(ticks["ticktext"]) == ["[CLS]", "the", "cat", "&lt;b&gt;", "the", "##s", "[SEP]"]


def test_a_nan_cell_stays_blank_and_leaves_the_colour_scale_alone(data):
    fig = build("share", data)
    tr = trace(fig, "heatmap_share")
    assert np.isnan(tr["z"][2, 3]) and tr["hoverongaps"] is False
    assert math.isfinite(fig["layout"]["coloraxis"]["cmax"])
    packed = typed_arrays(fig, strict=True)
    assert "NaN" not in json.dumps(packed)  # the NaN travels inside the typed array


def test_the_two_kinds_name_their_own_quantity(data):
    share, gap = build("share", data), build("gap", data)
    bar = lambda fig: fig["layout"]["coloraxis"]["colorbar"]["title"]["text"]  # noqa: E731
    assert "𝟏" in bar(share) and "RMS(x)" in bar(gap)
    assert trace(share, "heatmap_share")["hovertemplate"] != trace(gap, "heatmap_gap")["hovertemplate"]
    assert share["layout"]["coloraxis"]["cmax"] <= 1.0  # a share never needs more
    with pytest.raises(ValueError, match="kind"):
        figs.layer_token_heatmap(data["share"], NORMS, TOKENS, EN, kind="mean")


def test_the_chosen_norm_is_outlined_and_written_in_bold(data):
    fig = build("share", data, chosen=4)
    outline = trace(fig, "chosen")
    xs, ys = coords(outline, "x"), coords(outline, "y")
    assert (xs.min(), xs.max()) == (-0.5, S - 0.5) and (ys.min(), ys.max()) == (3.5, 4.5)
    assert trace(fig, "chosen_halo")["line"]["width"] > outline["line"]["width"]  # shows on dark cells too
    assert fig["layout"]["yaxis"]["ticktext"][4] == "<b>layer2.output</b>"
    assert "chosen" not in roles(build("share", data))


def test_wrong_shapes_and_rows_are_refused(data):
    with pytest.raises(ValueError, match="shape"):
        figs.layer_token_heatmap(data["share"][:, :3], NORMS, TOKENS, EN, kind="share")
    with pytest.raises(ValueError, match="chosen"):
        figs.layer_token_heatmap(data["share"], NORMS, TOKENS, EN, kind="share", chosen=L)


def test_a_long_text_thins_its_labels_but_every_cell_keeps_its_token():
    tokens = [f"w{i}" for i in range(128)]
    fig = figs.layer_token_heatmap(np.full((L, 128), 0.1), NORMS, tokens, EN, kind="gap")
    ticks = fig["layout"]["xaxis"]
    assert 20 <= len(ticks["tickvals"]) <= 40 and ticks["tickangle"] == -90
    assert list(ticks["ticktext"]) == [tokens[i] for i in ticks["tickvals"]]
    assert trace(fig, "heatmap_gap")["text"][0] == tokens
    long = figs.layer_token_heatmap(np.zeros((L, 1)), NORMS, ["x" * 40], EN, kind="gap")
    assert long["layout"]["xaxis"]["ticktext"][0].endswith("…")
    assert len(long["layout"]["xaxis"]["ticktext"][0]) == figs.TOKEN_CHARS
    assert long["layout"]["coloraxis"]["cmax"] == 1.0  # all zero: still a scale


# --- outlier coordinates -------------------------------------------------------------------------------------


def test_the_upper_panel_draws_each_coordinates_largest_ratio_and_flags_those_above_the_threshold(data):
    ratio = data["ratio"]
    fig = build("outlier", data)
    largest = ratio.max(axis=0)
    np.testing.assert_array_equal(coords(trace(fig, "max_ratio"), "x"), np.arange(D))
    np.testing.assert_array_equal(coords(trace(fig, "max_ratio"), "y"), largest)
    flagged = trace(fig, "flagged")
    np.testing.assert_array_equal(coords(flagged, "x"), np.flatnonzero(largest > THRESHOLD))
    np.testing.assert_array_equal(coords(flagged, "y"), largest[largest > THRESHOLD])
    assert list(flagged["text"]) == ["5", "17"]  # labelled with their index
    threshold = trace(fig, "threshold")
    assert np.all(coords(threshold, "y") == THRESHOLD) and threshold["line"]["dash"] == "dash"
    assert flagged["marker"]["symbol"] != trace(fig, "max_ratio")["marker"]["symbol"]


def test_the_lower_panel_shows_the_top_coordinates_by_largest_ratio_token_by_token(data):
    ratio = data["ratio"]
    fig = build("outlier", data, top=4)
    top = np.argsort(-ratio.max(axis=0), kind="stable")[:4]
    assert top[0] == 17 and top[1] == 5
    heat = trace(fig, "top_coords")
    np.testing.assert_array_equal(heat["z"], ratio[:, top])
    assert heat["customdata"][2] == [[int(c), 2] for c in top]  # the coordinate and the token's place
    assert [row[0] for row in heat["text"]] == ["[CLS]", "the", "cat", "&lt;b&gt;", "the", "##s", "[SEP]"]
    axis = fig["layout"]["xaxis2"]
    assert list(axis["ticktext"]) == [f"x<sub>{i}</sub>" for i in top] and list(axis["tickvals"]) == [0, 1, 2, 3]
    assert fig["layout"]["yaxis2"]["range"] == [S - 0.5, -0.5]


def test_the_upper_axis_turns_logarithmic_only_past_two_decades(data):
    ratio = data["ratio"].copy()
    spread = ratio.max(axis=0)
    assert math.log10(spread.max() / spread.min()) < 2
    assert build("outlier", data)["layout"]["yaxis"].get("type") != "log"
    ratio[:, 0] = 1e-3  # now four decades
    fig = figs.outlier_figure(ratio, THRESHOLD, TOKENS, EN)
    assert fig["layout"]["yaxis"]["type"] == "log"
    lo, hi = fig["layout"]["yaxis"]["range"]
    assert lo <= -3 and hi >= math.log10(ratio.max())


def test_many_flagged_coordinates_write_only_the_largest_indices_and_nan_tokens_are_left_out(data):
    ratio = data["ratio"].copy()
    ratio[0] = np.nan  # a token with no numbers
    fig = figs.outlier_figure(ratio, 0.5, TOKENS, EN)
    largest = np.nanmax(ratio, axis=0)
    np.testing.assert_array_equal(coords(trace(fig, "max_ratio"), "y"), largest)
    flagged = trace(fig, "flagged")
    assert len(flagged["text"]) == int((largest > 0.5).sum()) > figs.FLAG_LABELS
    assert sum(bool(text) for text in flagged["text"]) == figs.FLAG_LABELS
    assert "17" in flagged["text"]
    go.Figure(typed_arrays(fig, strict=True))


# --- recurrence ----------------------------------------------------------------------------------------------


def test_recurrence_writes_each_count_in_its_cell_on_a_scale_from_0_to_the_tokens(data):
    fig = build("recurrence", data)
    heat = trace(fig, "recurrence")
    np.testing.assert_array_equal(heat["z"], data["counts"])
    assert heat["texttemplate"] == "%{z}"
    assert list(fig["layout"]["xaxis"]["ticktext"]) == [f"x<sub>{c}</sub>" for c in data["coords"]]
    assert list(fig["layout"]["yaxis"]["ticktext"]) == NORMS
    axis = fig["layout"]["coloraxis"]
    assert (axis["cmin"], axis["cmax"]) == (0, S)
    count = int(data["counts"][3, 1])
    assert (
        heat["text"][3][1] == f"layer2.attention, coordinate x<sub>5</sub>: above the threshold in {count} of 7 tokens"
    )


def test_recurrence_without_flagged_coordinates_says_so_and_bad_counts_are_refused(data):
    fig = figs.recurrence_figure(np.zeros((L, 0), int), [], NORMS, ZH, tokens=S)
    assert fig["layout"]["annotations"][0]["text"] == ZH("model.fig.rec.none")
    go.Figure(fig)
    with pytest.raises(ValueError, match="from 0 to"):
        figs.recurrence_figure(np.full((L, 1), S + 1), [3], NORMS, EN, tokens=S)


# --- γ and β -------------------------------------------------------------------------------------------------


def test_the_histograms_count_gamma_and_beta_with_references_at_one_and_zero(data):
    fig = build("gamma", data)
    np.testing.assert_array_equal(coords(trace(fig, "gamma_hist"), "x"), data["gamma"])
    np.testing.assert_array_equal(coords(trace(fig, "beta_hist"), "x"), data["beta"])
    assert trace(fig, "gamma_hist")["xaxis"] == "x" and trace(fig, "beta_hist")["xaxis"] == "x2"  # side by side
    one, zero = trace(fig, "gamma_one"), trace(fig, "beta_zero")
    assert np.all(coords(one, "x") == 1.0) and one["xaxis"] == "x" and one["line"]["dash"] == "dot"
    assert np.all(coords(zero, "x") == 0.0) and zero["xaxis"] == "x2" and zero["line"]["dash"] == "dot"
    bins = trace(fig, "gamma_hist")["xbins"]
    assert bins["start"] <= data["gamma"].min() and data["gamma"].max() < bins["end"]


def test_gammas_smallest_and_largest_are_marked_and_written_even_far_from_the_rest(data):
    gamma = data["gamma"]
    fig = build("gamma", data)
    lo, hi = fig["layout"]["xaxis"]["range"]
    top = fig["layout"]["yaxis"]["range"][1]
    for role, at in (("gamma_min", MIN_AT), ("gamma_max", MAX_AT)):
        mark = trace(fig, role)
        assert np.all(coords(mark, "x") == gamma[at]) and lo < gamma[at] < hi  # inside the view, not on its edge
        assert list(coords(mark, "y")) == [0.0, top]  # the panel's full height
    assert trace(fig, "gamma_min")["line"]["dash"] != trace(fig, "gamma_max")["line"]["dash"]
    notes = [a["text"] for a in fig["layout"]["annotations"]]
    assert f"min γ<sub>{MIN_AT}</sub> = 0.002" in notes and f"max γ<sub>{MAX_AT}</sub> = 1.4" in notes
    rest = np.delete(gamma, MIN_AT)
    assert gamma[MIN_AT] < rest.min() - 10 * rest.std()  # the case the view must keep: far left of the bulk


def test_gamma_figure_refuses_mismatched_vectors():
    with pytest.raises(ValueError, match="one length"):
        figs.gamma_figure(np.ones(4), np.zeros(3), EN, norm="embeddings")


# --- the hyperplane picture ----------------------------------------------------------------------------------


def test_the_picture_draws_the_inputs_outputs_their_moves_and_the_sqrt_d_sphere(data):
    before, after = data["before"], data["after"]
    fig = build("hyperplane", data)
    np.testing.assert_array_equal(rows3(trace(fig, "before")), before)
    np.testing.assert_array_equal(rows3(trace(fig, "after")), after)
    moves = rows3(trace(fig, "moves")).reshape(S, 3, 3)
    np.testing.assert_array_equal(moves[:, 0], before)
    np.testing.assert_array_equal(moves[:, 1], after)
    assert np.isnan(moves[:, 2]).all()  # a gap after each move: one trace, S lines
    sphere = trace(fig, "sphere")
    assert np.allclose(np.linalg.norm(rows3(sphere), axis=1), RADIUS, rtol=1e-6)  # float32 mesh
    assert trace(fig, "before")["marker"]["symbol"] != trace(fig, "after")["marker"]["symbol"]
    assert trace(fig, "before")["marker"]["color"] != trace(fig, "after")["marker"]["color"]
    assert list(trace(fig, "after")["text"]) == ["[CLS]", "the", "cat", "&lt;b&gt;", "the", "##s", "[SEP]"]
    assert "%{text}" in trace(fig, "before")["hovertemplate"]


def test_the_view_is_fixed_cube_covering_long_inputs_and_the_sphere(data):
    fig = build("hyperplane", data)
    scene = fig["layout"]["scene"]
    assert scene["aspectmode"] == "cube"
    extent = scene["xaxis"]["range"][1]
    assert all(scene[f"{a}axis"]["range"] == [-extent, extent] for a in "xyz")
    assert extent >= 1.1 * np.abs(data["before"]).max() and extent >= 1.15 * RADIUS
    short = figs.hyperplane_extent(np.full((2, 3), 0.01), np.full((2, 3), 0.02), RADIUS)
    assert 1.15 * RADIUS <= short <= 1.5 * RADIUS  # short inputs: the sphere sets the view
    assert figs.hyperplane_extent(np.full((1, 3), 1234.0), np.zeros((1, 3)), RADIUS) == 1500.0


def test_the_strings_say_the_outputs_lie_inside_the_spheres_shadow_not_on_it(data):
    for t in (EN, ZH):
        fig = build("hyperplane", data, t)
        after, sphere = trace(fig, "after")["name"], trace(fig, "sphere")["name"]
        assert ("inside" in after and "shadow" in after) if t is EN else ("影子之内" in after)
        assert "19.6" in sphere and " on " not in after
    with_share = build("hyperplane", data, variance=0.4213)
    assert "42 %" in with_share["layout"]["title"]["text"]
    assert "42 %" not in build("hyperplane", data)["layout"]["title"]["text"]


def test_the_picture_refuses_mismatched_shapes(data):
    with pytest.raises(ValueError, match="shape"):
        figs.hyperplane_figure(data["before"], data["after"][:-1], TOKENS, RADIUS, EN)


# --- LayerNorm frozen at inference, and the Jacobian -------------------------------------------------------


def test_the_drift_figure_draws_the_given_values_per_norm_and_marks_the_last_frozen_norm(data):
    fig = build("drift", data, frozen=5)
    np.testing.assert_array_equal(coords(trace(fig, "cosine"), "y"), data["cos"])
    np.testing.assert_array_equal(coords(trace(fig, "cosine_min"), "y"), data["min_cos"])
    np.testing.assert_array_equal(coords(trace(fig, "relative"), "y"), data["rel"])
    assert list(coords(trace(fig, "cosine"), "x")) == list(range(L))
    edges = [tr for tr in fig["data"] if tr["meta"] == "frozen_edge"]
    assert len(edges) == 2 and all(set(coords(tr, "x")) == {4.5} for tr in edges)  # after norm 5, both panels
    assert [tr.get("showlegend", True) for tr in edges] == [True, False]
    assert "frozen_edge" not in roles(build("drift", data))  # every norm frozen: no edge
    assert list(fig["layout"]["xaxis2"]["ticktext"]) == NORMS
    assert fig["layout"]["yaxis2"].get("type") != "log"  # 0.05..0.7: one decade
    wide = dict(data, rel=np.geomspace(0.01, 200.0, L))
    log = build("drift", wide, frozen=5)
    assert log["layout"]["yaxis2"]["type"] == "log"
    edge = [tr for tr in log["data"] if tr["meta"] == "frozen_edge"][1]
    lo, hi = log["layout"]["yaxis2"]["range"]
    np.testing.assert_allclose(coords(edge, "y"), [10**lo, 10**hi])  # a log axis' range is in decades
    with pytest.raises(ValueError, match="frozen must be from 0 to 13"):
        build("drift", data, frozen=14)


def test_the_slice_lays_the_plane_flat_with_the_circle_and_the_outputs_on_their_rays(data):
    fig = build("slice", data)
    scene = lambda a: a[:, [1, 2, 0]]  # noqa: E731  (𝟏/√D, e₁, e₂) -> (x, y, z): 𝟏 up
    for role, key in (("inputs", "slice_inputs"), ("ln", "slice_ln"), ("frozen", "slice_frozen")):
        np.testing.assert_allclose(rows3(trace(fig, role)), scene(data[key]))
    circle = rows3(trace(fig, "circle"))
    np.testing.assert_allclose(np.linalg.norm(circle, axis=1), RADIUS)
    np.testing.assert_allclose(circle[:, 2], 0)
    np.testing.assert_array_equal(coords(trace(fig, "plane"), "z"), np.zeros(4))
    rays = rows3(trace(fig, "rays"))
    for j in range(2):  # each ray from 0 through both outputs of its token (the same direction)
        tip = rays[3 * j + 1]
        assert np.allclose(rays[3 * j], 0)
        for key in ("slice_ln", "slice_frozen"):
            point = scene(data[key])[j]
            assert np.linalg.norm(np.cross(tip, point)) < 1e-9 * np.linalg.norm(tip) * np.linalg.norm(point)
            assert np.linalg.norm(point) <= np.linalg.norm(tip) + 1e-9
    drops = rows3(trace(fig, "centring"))
    np.testing.assert_allclose(drops[1::3][:, 2], 0)  # each input dropped along 𝟏 onto the plane
    assert trace(fig, "inputs")["text"] == ["students", "&lt;i&gt;"]  # escaped
    extent = fig["layout"]["scene"]["xaxis"]["range"][1]
    assert extent >= max(np.abs(data["slice_frozen"]).max(), np.abs(data["slice_inputs"]).max(), RADIUS)


def test_the_jacobian_figure_draws_every_norm_and_token_the_top_ones_and_the_bound(data):
    fig = build("jacobian", data)
    np.testing.assert_array_equal(coords(trace(fig, "tokens"), "x"), data["centred"].ravel())
    np.testing.assert_array_equal(coords(trace(fig, "tokens"), "y"), data["jacobian"].ravel())
    np.testing.assert_array_equal(coords(trace(fig, "top"), "x"), data["centred"][:, 0])
    bound = trace(fig, "bound")
    np.testing.assert_allclose(coords(bound, "x") * coords(bound, "y"), math.sqrt(383))
    assert trace(fig, "tokens")["customdata"][3] == [NORMS[0], "&lt;b&gt;"]
    assert fig["layout"]["xaxis"]["type"] == fig["layout"]["yaxis"]["type"] == "log"
    with pytest.raises(ValueError, match="centred_max and jacobian"):
        figs.jacobian_figure(data["centred"][:, :2], data["jacobian"], data["top"], NORMS, TOKENS, 384, EN)
