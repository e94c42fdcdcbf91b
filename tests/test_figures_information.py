"""The information figures are plain plotly JSON: valid for plotly, built without go.Figure, right numbers."""

import math

import numpy as np
import plotly.graph_objects as go
import pytest
from plotly.colors import get_colorscale
from plotly.subplots import make_subplots

from normviz import information
from normviz.figures._legend import subplot_grid
from normviz.figures._style import COLORS
from normviz.figures.information import cloud_figure, nice_extent, pairs_figure, similarity_figure
from normviz.figures.typed import typed_arrays as packed
from normviz.i18n import Translator
from tests.helpers.figures import assert_valid
from tests.helpers.pages import arrow_tips, coords, points, trace

EN, ZH = Translator("en"), Translator("zh")

PAIRS = {
    "seed": [((3, 4), (6, 8)), ((3, 4), (4, 3))],
    "zero": [((0, 0), (3, 4))],
    "tiny": [((1e-300, 1e-300), (1, 1)), ((5e-324, 0), (0, 5e-324))],
    "huge": [((1e6, -1e6), (2.5e5, 1e6))],
    "constant": [((2, 2), (-1, -1))],
}


def build_pairs(name, lang="en", projector=False):
    pairs = [information.compare_pair(a, b) for a, b in PAIRS[name]]
    return pairs_figure(pairs, Translator(lang), projector=projector)


def scenes():
    for lang in ("en", "zh"):
        for projector in (False, True):
            for name in PAIRS:
                yield pytest.param(
                    lambda n=name, la=lang, p=projector: build_pairs(n, la, p), id=f"pairs-{name}-{lang}-{projector}"
                )
            for dim in (2, 3):
                yield pytest.param(
                    lambda d=dim, la=lang, p=projector: cloud_figure(
                        information.direction_cloud(d, 60, seed=1), Translator(la), projector=p
                    ),
                    id=f"cloud{dim}-{lang}-{projector}",
                )
            for n, size, spread in ((2, 2, 0.0), (8, 6, 2.0), (64, 8, 5.0)):
                yield pytest.param(
                    lambda a=(n, size, spread), la=lang, p=projector: similarity_figure(
                        information.similarity(information.similarity_batch(*a)), Translator(la), projector=p
                    ),
                    id=f"similarity{n}x{size}-{lang}-{projector}",
                )
    yield pytest.param(
        lambda: similarity_figure(information.similarity(np.array([[1.0, 1.0, 1.0], [1.0, 2.0, 4.0]])), EN),
        id="similarity-constant-row",
    )


@pytest.mark.parametrize("build", list(scenes()))
def test_every_figure_is_valid_plotly_json_raw_and_packed(build):
    assert_valid(build())


def test_builders_never_construct_plotly_objects(no_plotly_objects):
    with pytest.raises(AssertionError):
        go.Scatter()  # the guard works
    build_pairs("seed")
    cloud_figure(information.direction_cloud(3, 30), ZH, projector=True)
    similarity_figure(information.similarity(information.similarity_batch()), EN)


@pytest.mark.parametrize(
    ("rows", "cols", "kw"),
    [
        (2, 2, dict(horizontal_spacing=0.1, vertical_spacing=0.14)),
        (2, 3, dict(horizontal_spacing=0.05, vertical_spacing=0.14)),
        (1, 3, dict(horizontal_spacing=0.06, shared_yaxes=True)),
        (1, 2, dict(column_widths=[0.45, 0.55], horizontal_spacing=0.1)),
        (2, 1, dict()),
    ],
)
def test_subplot_grid_matches_make_subplots(rows, cols, kw):
    titles = [f"t{k}" for k in range(rows * cols)]
    layout, cells = subplot_grid(rows, cols, projector=False, titles=titles, **kw)
    want = make_subplots(rows=rows, cols=cols, subplot_titles=titles, **kw).to_dict()["layout"]
    for cell in cells:
        for axis in (cell.xaxis, cell.yaxis):
            np.testing.assert_allclose(layout[axis]["domain"], want[axis]["domain"])
            assert layout[axis]["anchor"] == want[axis]["anchor"]
            assert layout[axis].get("matches") == want[axis].get("matches")
    got = [(a["text"], a["x"], a["y"]) for a in layout["annotations"]]
    assert [g[0] for g in got] == [a["text"] for a in want["annotations"]]
    np.testing.assert_allclose([g[1:] for g in got], [(a["x"], a["y"]) for a in want["annotations"]])
    assert all(a["font"]["size"] == 14 for a in layout["annotations"])  # the figures' type size, not 16 px


def test_subplot_grid_of_scenes_matches_make_subplots():
    layout, cells = subplot_grid(2, 2, projector=True, vertical_spacing=0.06, horizontal_spacing=0.08, scene=True)
    spec = {"type": "scene"}
    want = make_subplots(
        rows=2, cols=2, specs=[[spec, spec], [spec, spec]], vertical_spacing=0.06, horizontal_spacing=0.08
    ).to_dict()["layout"]
    for cell in cells:
        assert cell.refs == {"scene": cell.scene_key}
        np.testing.assert_allclose(layout[cell.scene_key]["domain"]["x"], want[cell.scene_key]["domain"]["x"])
        np.testing.assert_allclose(layout[cell.scene_key]["domain"]["y"], want[cell.scene_key]["domain"]["y"])


def test_packed_arrays_decode_to_the_same_numbers_and_keep_ranges_plain():
    spec = build_pairs("seed")
    small = packed(spec)
    for raw, pack in zip(spec["data"], small["data"]):
        for axis in ("x", "y"):
            np.testing.assert_array_equal(coords(pack, axis), np.asarray(raw[axis], float))
    assert small["layout"]["xaxis"]["range"] == [-10.0, 10.0]
    assert isinstance(small["layout"]["template"], dict)  # plotly.js knows no template names


@pytest.mark.parametrize(
    "arr",
    [
        np.arange(3),
        np.array([2**40]),
        np.array([True, False]),
        np.float16([1.5, 2]),
        np.array([1.0, np.nan], dtype=">f8"),
        np.float32([0.1]),
        np.uint64([7]),
    ],
)
def test_packed_keeps_every_value_in_a_dtype_plotly_js_reads(arr):
    spec = packed({"x": arr})["x"]
    assert spec["dtype"] in {"f4", "f8", "i1", "i2", "i4", "u1", "u2", "u4"}
    np.testing.assert_array_equal(coords({"x": spec}, "x"), arr.astype(float))


def test_pairs_figure_arrows_end_at_the_computed_outputs():
    fig = build_pairs("seed")
    np.testing.assert_allclose(arrow_tips(trace(fig, "inputs_1")), [[3, 4], [6, 8]])
    np.testing.assert_allclose(arrow_tips(trace(fig, "outputs_l2_1")), [[0.6, 0.8], [0.6, 0.8]])  # merged
    np.testing.assert_allclose(arrow_tips(trace(fig, "outputs_rms_1")), [[0.6, 0.8]] * 2 * np.array(math.sqrt(2)))
    np.testing.assert_allclose(arrow_tips(trace(fig, "outputs_l2_2")), [[0.6, 0.8], [0.8, 0.6]])  # apart
    np.testing.assert_allclose(arrow_tips(trace(fig, "outputs_ln_1")), [[-1, 1], [-1, 1]])
    assert trace(fig, "outputs_rms_2")["line"]["color"] == COLORS["rms"]
    assert trace(fig, "outputs_rms_2")["line"]["dash"] == "dash"
    assert trace(fig, "outputs_l2_1")["xaxis"] == "x3"  # the outputs row
    assert fig["layout"]["xaxis"]["range"] == [-10, 10]  # inputs of pair 1 fit, fixed in Python
    assert fig["layout"]["xaxis3"]["range"] == [-1.7, 1.7]  # outputs row
    np.testing.assert_allclose(np.linalg.norm(points(trace(fig, "circle_rms_1")), axis=1), math.sqrt(2))


def test_pairs_figure_draws_tiny_inputs_as_directions_and_leaves_out_undefined_arrows():
    fig = build_pairs("tiny")
    np.testing.assert_allclose(arrow_tips(trace(fig, "outputs_l2_1")), [[math.sqrt(0.5)] * 2] * 2)
    assert arrow_tips(trace(fig, "outputs_ln_1")).size == 0  # LayerNorm of (1e-300, 1e-300) is 0/0: nothing drawn
    zero = build_pairs("zero")
    np.testing.assert_allclose(arrow_tips(trace(zero, "outputs_l2_1")), [[0.6, 0.8]])  # only b's output


def test_pairs_figure_titles_name_the_pairs_it_draws():
    fig = pairs_figure([information.compare_pair((3, 4), (4, 3))], ZH, numbers=[2])
    assert [a["text"] for a in fig["layout"]["annotations"]] == ["第 2 组：输入 a、b", "第 2 组：归一化之后"]
    assert trace(fig, "circle_l2_1")["name"] == "半径 1 的圆"


def test_nice_extent():
    assert nice_extent([3, 4]) == 5
    assert nice_extent([6, 8]) == 10
    assert nice_extent([0.1]) == 2
    assert nice_extent([np.nan, 120]) == 200


@pytest.mark.parametrize("dim", [2, 3])
def test_cloud_figure_colours_every_point_by_its_inputs_direction(dim):
    cloud = information.direction_cloud(dim, 120, seed=1)
    fig = cloud_figure(cloud, ZH)
    for panel in ("input", "l2", "rms", "ln"):
        tr = trace(fig, f"cloud_{panel}")
        np.testing.assert_allclose(tr["marker"]["color"], cloud.hue)
        assert tr["marker"]["coloraxis"] == "coloraxis"
    l2 = points(trace(fig, "cloud_l2"))
    np.testing.assert_allclose(np.linalg.norm(l2, axis=1), 1.0, atol=1e-12)
    assert fig["layout"]["coloraxis"]["cmin"] == 0 and fig["layout"]["coloraxis"]["cmax"] == pytest.approx(2 * math.pi)
    assert fig["layout"]["coloraxis"]["colorscale"] == [list(s) for s in get_colorscale("Phase")]  # no name in a dict
    target = points(trace(fig, "target_ln"))
    np.testing.assert_allclose(target.sum(axis=1), 0.0, atol=1e-12)
    np.testing.assert_allclose(np.linalg.norm(target, axis=1), math.sqrt(dim))
    if dim == 3:
        assert fig["layout"]["scene"]["xaxis"]["range"] == [-3, 3]
        assert trace(fig, "cloud_ln")["scene"] == "scene4"
    else:
        assert fig["layout"]["yaxis4"]["scaleanchor"] == "x4"


def test_similarity_figure_has_six_maps_on_one_scale_and_the_identity_is_visible():
    sim = information.similarity(information.similarity_batch(8, 6, 2.0, 0))
    fig = similarity_figure(sim, EN)
    z = {tr["meta"]: np.asarray(tr["z"], float) for tr in fig["data"]}
    assert len(z) == 6
    np.testing.assert_allclose(z["sim_cos_l2"], z["sim_cos_in"], atol=1e-13)
    np.testing.assert_allclose(z["sim_cos_rms"], z["sim_cos_in"], atol=1e-13)
    np.testing.assert_allclose(z["sim_cos_ln"], z["sim_corr"], atol=1e-13)
    np.testing.assert_allclose(z["sim_ln_minus_cos"], z["sim_cos_ln"] - z["sim_cos_in"])
    assert (fig["layout"]["coloraxis"]["cmin"], fig["layout"]["coloraxis"]["cmax"]) == (-1, 1)
    # the scale itself, red at -1 as plotly.py draws RdBu (plotly.js alone knows RdBu the other way round)
    assert fig["layout"]["coloraxis"]["colorscale"] == [list(s) for s in get_colorscale("RdBu")]
    assert "Pearson" in trace(fig, "sim_corr")["name"]
    assert "-0.00" not in "".join(sum(trace(fig, "sim_ln_minus_cos")["text"], []))
    assert fig["layout"]["yaxis5"]["scaleanchor"] == "x5" and fig["layout"]["yaxis5"]["autorange"] == "reversed"


def test_figures_stay_small():
    import plotly.io as pio

    assert len(pio.to_json(packed(cloud_figure(information.direction_cloud(3, 300), EN)))) < 120_000
    sim = information.similarity(information.similarity_batch(64, 8, 2.0, 0))
    assert len(pio.to_json(packed(similarity_figure(sim, EN)))) < 40_000
