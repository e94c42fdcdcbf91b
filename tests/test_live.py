"""normviz.ui.kit.live without a browser: installation, payload, AppTest behaviour, fallback.

The browser side (drag, keys, the JavaScript math) is tests/browser/test_live_chart.py.
"""

from __future__ import annotations

import importlib.metadata
import json
import logging
import math
import os
import re
import tomllib
from pathlib import Path

import numpy as np
import plotly.graph_objects as go
import pytest
from streamlit.testing.v1 import AppTest

from normviz.ui.kit import live
from normviz.ui.kit.live import vendor
from normviz.ui.kit.live.payload import check_scene, figure_payload
from tests.helpers.pages import coords

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "tests" / "browser" / "apps" / "live_app.py"
ASSETS = ROOT / "normviz" / "ui" / "kit" / "live" / "assets"  # the component's asset_dir
SCENE = {"mode": "plane", "x": [3.0, 4.0], "eps": {"l2": 1e-12, "rms": 1e-6, "ln": 1e-5}, "gamma": None,
         "beta": None, "shown": ["l2", "rms", "ln"], "bounds": [-5, 5], "step": 0.01,
         "labels": {"chart": "x"}}  # fmt: skip
NOT_INSTALLED = "normviz is not installed in this environment: `make test` runs `pip install --no-deps -e .`"


def run_app(**query) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def texts(at: AppTest) -> dict[str, str]:
    return dict(t.value.split("=", 1) for t in at.text)


def mounted(at: AppTest):
    """The component elements AppTest saw: their protos (AppTest has no element class for them)."""
    return [el.proto for el in at.get("bidi_component")]


# --- installation: how Streamlit finds the component --------------------------------------------


def test_the_manifest_of_the_installed_package_declares_the_asset_dir():
    from streamlit.components.v2.manifest_scanner import scan_component_manifests

    found = {manifest.name: (manifest, root) for manifest, root in scan_component_manifests()}
    assert "normviz" in found, NOT_INSTALLED
    manifest, package_root = found["normviz"]
    (live_component,) = [c for c in manifest.components if c.name == "live"]  # tests/test_component.py: all
    assert live_component.asset_dir == "ui/kit/live/assets"
    assert live_component.resolve_asset_root(package_root) == ASSETS
    assert package_root == ROOT / "normviz", "the installed normviz is not this checkout (editable install?)"


def test_vendor_copies_plotly_js_once_named_by_its_version_and_dated_long_ago(tmp_path, monkeypatch):
    static = tmp_path / "static"
    name = f"plotly-{importlib.metadata.version('plotly')}.min.js"
    monkeypatch.setattr(vendor, "STATIC", static)
    monkeypatch.setattr(vendor, "PLOTLY_JS", static / name)
    static.mkdir()
    (static / "plotly-0.1.min.js").write_text("an older version's copy")
    assert not vendor.is_current()
    assert vendor.sync() is True
    assert vendor.is_current() and vendor.sync() is False
    assert (static / name).read_bytes() == vendor.plotly_source().read_bytes()
    assert [p.name for p in static.iterdir()] == [name]  # no temporary file, no other version left
    assert (static / name).stat().st_mtime == vendor.LAST_MODIFIED == 946_684_800  # 2000-01-01 UTC
    os.utime(static / name)  # touched (copied by hand, say): its Last-Modified would be today
    assert not vendor.is_current() and vendor.sync() is True


def test_the_asset_folder_and_the_static_file_are_ready():
    assert vendor.is_current(), f"{vendor.PLOTLY_JS} is missing or stale: run python normviz/ui/kit/live/vendor.py"
    for name in ("live.js", "live.css", "normmath.js", "scene.js"):
        assert (ASSETS / name).is_file(), name


def test_plotly_js_is_where_streamlit_serves_the_apps_static_files_and_the_path_resolves_there():
    """Streamlit serves ``static/`` beside the main script at ``<base>/app/static/`` when the config says so; the
    JavaScript resolves ``"../" + PLOTLY`` against its module's address under the component route."""
    from urllib.parse import urljoin

    from streamlit import file_util

    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert config["server"]["enableStaticServing"] is True
    assert Path(file_util.get_app_static_dir(str(ROOT / "app.py"))) == vendor.STATIC == ROOT / "static"
    module = "http://127.0.0.1:8501/base/_stcore/bidi-components/normviz.live/live.js"
    assert urljoin(module, "../" + live.PLOTLY) == f"http://127.0.0.1:8501/base/app/static/{vendor.PLOTLY_JS.name}"


# --- what AppTest does with the component ------------------------------------------------------


def test_apptest_mounts_the_component_and_live_chart_returns_none():
    """AppTest runs no JavaScript: the mount is an element without a class, and the value is None."""
    at = run_app()
    assert texts(at)["released"] == "None" and texts(at)["runs"] == "1"
    (proto,) = mounted(at)
    assert proto.component_name == "normviz.live"
    # Files, not inline code: the mount message carries only their asset-relative paths.
    assert (proto.js_source_path, proto.js_content) == ("live.js", "")
    assert (proto.css_source_path, proto.css_content) == ("live.css", "")
    assert len(proto.SerializeToString()) < 20_000
    data = json.loads(proto.json)
    assert data["scene"]["mode"] == "plane" and data["scene"]["x"] == [3.0, 4.0]
    assert data["scene"]["labels"]["chart"].startswith("Vector x <b>")  # text: the JS never parses it as HTML
    trace = next(t for t in data["figure"]["data"] if t.get("meta") == "arrow_input")
    assert coords(trace, "x").tolist() == [0.0, 3.0] and coords(trace, "y").tolist() == [0.0, 4.0]
    assert data["assets"]["plotly"] == live.PLOTLY == f"../../app/static/{vendor.PLOTLY_JS.name}"
    assert not at.get("plotly_chart")


def test_apptest_space_mode():
    at = run_app(mode="space")
    (proto,) = mounted(at)
    data = json.loads(proto.json)
    assert data["scene"]["mode"] == "space" and len(data["scene"]["x"]) == 3
    assert texts(at)["released"] == "None"


# --- the fallback --------------------------------------------------------------------------------


def test_without_plotly_js_it_draws_a_static_chart_and_says_why(monkeypatch, caplog, tmp_path):
    monkeypatch.setattr(vendor, "PLOTLY_JS", tmp_path / "plotly-7.1.0.min.js")
    live._warned.clear()
    with caplog.at_level(logging.WARNING, logger="normviz.ui.kit.live"):
        at = run_app()
    assert not mounted(at) and len(at.get("plotly_chart")) == 1
    assert texts(at)["released"] == "None"
    said = [r.getMessage() for r in caplog.records]
    assert any("plotly-7.1.0.min.js is missing" in m and "vendor.py" in m for m in said), said


def test_without_the_installed_manifest_it_draws_a_static_chart(monkeypatch, caplog):
    from streamlit.components.v2.component_manager import BidiComponentManager

    monkeypatch.setattr(BidiComponentManager, "get_component_asset_root", lambda self, name: None)
    monkeypatch.setattr(live.component, "_mounts", {})  # as in a process where normviz is not installed
    live._warned.clear()
    with caplog.at_level(logging.WARNING, logger="normviz.ui.kit.live"):
        at = run_app()
    assert not mounted(at) and len(at.get("plotly_chart")) == 1
    assert any("pip install --no-deps -e ." in r.getMessage() for r in caplog.records)


# --- payload and scene -----------------------------------------------------------------------------


def test_figure_payload_is_json_with_typed_arrays_and_no_nan():
    x = np.array([0.0, np.nan, 2.0])
    spec = {"data": [{"type": "scatter", "x": x, "y": np.array([1, 2, 3]), "meta": "a",
                      "customdata": [float("nan"), np.float32(1.5)]}],
            "layout": {"xaxis": {"range": np.array([-1.0, 1.0])}, "title": {"text": "t"}}}  # fmt: skip
    out = figure_payload(spec)
    text = json.dumps(out, allow_nan=False)  # what Streamlit sends must be valid JSON
    trace = json.loads(text)["data"][0]
    assert trace["x"]["dtype"] == "f8" and np.array_equal(coords(trace, "x"), x, equal_nan=True)
    assert coords(trace, "y").tolist() == [1, 2, 3]
    assert trace["customdata"] == [None, 1.5]
    assert out["layout"]["xaxis"]["range"] == [-1.0, 1.0]
    assert spec["data"][0]["x"] is x  # the input is untouched
    go.Figure(out)  # plotly accepts it


def test_check_scene_makes_plain_json_and_names_bad_fields():
    scene = check_scene({**SCENE, "x": np.array([3, 4]), "gamma": np.array([1.0, 2.0])})
    assert scene["x"] == [3.0, 4.0] and scene["gamma"] == [1.0, 2.0] and scene["bounds"] == [-5.0, 5.0]
    json.dumps(scene, allow_nan=False)
    bad = [({"mode": "line"}, "mode"), ({"x": [1.0, 2.0, 3.0]}, "'x'"), ({"x": [1.0, math.nan]}, "'x'"),
           ({"bounds": [1, 1]}, "bounds"), ({"step": 0}, "step"), ({"eps": {"l2": -1}}, "eps"),
           ({"shown": ["l2", "max"]}, "shown"), ({"mode": "space"}, "'x'"), ({"beta": [1.0]}, "'beta'")]  # fmt: skip
    for change, field in bad:
        with pytest.raises(ValueError, match=field):
            check_scene({**SCENE, **change})


@pytest.mark.parametrize(
    ("state", "expected"),
    [
        ({"release": {"x": [1.234, -2.0], "id": "a"}}, (1.23, -2.0)),
        ({"release": {"x": [9.0, -7.5], "id": "b"}}, (5.0, -5.0)),  # clamped to the bounds
        ({"release": {"x": [1.0], "id": "c"}}, None),
        ({"release": {"x": [1.0, None], "id": "d"}}, None),
        ({"release": {"x": [True, 1.0], "id": "e"}}, None),
        ({"release": "junk"}, None),
        ({}, None),
    ],
)
def test_a_released_value_is_checked_like_any_input(state, expected):
    assert live._read_release(state, check_scene(SCENE)) == expected


def test_the_figures_play_and_pause_become_html_buttons_in_their_place():
    """plotly's updatemenus are SVG that Tab never reaches: the live chart draws them as HTML buttons."""
    from normviz import geometry
    from normviz.figures import projection as engine
    from normviz.i18n import Translator

    t = Translator("en")
    scene = geometry.Scene(x=(3.0, 4.0))
    view = engine.View(extent=engine.fit_extent(scene))
    spec = engine.projection_figure(scene, geometry.project(scene), t, kit=engine.PLANE, view=view)
    (menu,) = spec["layout"]["updatemenus"]
    play, pause = menu["buttons"]
    bare, animation = live.html_animation_controls(spec)
    assert "updatemenus" not in bare["layout"] and "updatemenus" in spec["layout"]  # the figure itself is untouched
    assert animation == {
        "play": t("anim.play"),
        "pause": t("anim.pause"),
        "options": play["args"][1],
        "x": menu["x"],
        "pad": menu["pad"]["t"],
    }
    assert animation["options"]["frame"]["duration"] == engine.SPEEDS["normal"] * 1000 / engine.STEPS
    assert bare["layout"]["sliders"] == spec["layout"]["sliders"]  # the step slider stays where it is
    assert bare["frames"] is spec["frames"] and bare["data"] is spec["data"]
    # a figure without that pair keeps its menus
    other = {"data": [], "layout": {"updatemenus": [{"buttons": [{"method": "restyle", "label": "a"}] * 2}]}}
    assert live.html_animation_controls(other) == (other, None)
    assert live.html_animation_controls({"data": [], "layout": {}}) == ({"data": [], "layout": {}}, None)


# --- an animated figure: scene mode "figure" (ui.animated_chart) -----------------------------------------

ANIMATED_APP = ROOT / "tests" / "browser" / "apps" / "animated_app.py"


def run_animated(**query) -> AppTest:
    at = AppTest.from_file(str(ANIMATED_APP), default_timeout=60)
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_a_figure_scene_has_nothing_to_drag_and_names_what_does_not_belong():
    scene = check_scene({"mode": "figure", "labels": {"chart": "c", "announce": {"frame": "{frame}"}}, "frame": 2})
    assert scene == {"mode": "figure", "labels": {"chart": "c", "announce": {"frame": "{frame}"}}, "frame": 2}
    assert check_scene({"mode": "figure"})["labels"] == {}
    json.dumps(scene, allow_nan=False)
    for field, value in [("x", [3.0, 4.0]), ("bounds", [-5, 5]), ("step", 0.01), ("eps", {"l2": 0.0}),
                         ("gamma", [1.0, 1.0]), ("shown", ["l2"])]:  # fmt: skip
        with pytest.raises(ValueError, match=f"'{field}'.*mode 'figure'"):
            check_scene({"mode": "figure", field: value})
    for frame in (-1, 1.5, True, "2"):
        with pytest.raises(ValueError, match="frame"):
            check_scene({"mode": "figure", "frame": frame})
    with pytest.raises(TypeError, match="labels"):
        check_scene({"mode": "figure", "labels": "a chart"})
    # a release sent to a figure (a forged message: its JavaScript sends none) is no value
    assert live._read_release({"release": {"x": [1.0, 2.0], "id": "a"}}, scene) is None


def test_animated_chart_is_the_live_component_in_figure_mode_with_html_play_and_pause():
    from normviz.i18n import Translator

    t = Translator("en")
    at = run_animated()
    (proto,) = mounted(at)
    assert proto.component_name == "normviz.live" and not at.get("plotly_chart")
    data = json.loads(proto.json)
    scene, figure = data["scene"], data["figure"]
    assert scene["mode"] == "figure" and "x" not in scene and "bounds" not in scene
    assert scene["labels"] == {
        "chart": t("access.anim.chart", title="A grid warped by L2"),  # the title as text, its tags gone
        "anim": {"group": t("access.anim.group")},
        "announce": {"frame": t("access.anim.frame")},  # the template: the browser fills it in
    }
    assert {"{index}", "{count}", "{frame}"} <= set(re.findall(r"\{\w+\}", scene["labels"]["announce"]["frame"]))
    # Play and Pause leave the figure for HTML buttons; the slider and the frames stay
    assert "updatemenus" not in figure["layout"] and len(figure["layout"]["sliders"][0]["steps"]) == 11
    assert (scene["animation"]["play"], scene["animation"]["pause"]) == ("▶ Play", "⏸ Pause")
    assert [f["name"] for f in figure["frames"]] == [f"f{k}" for k in range(11)]
    assert [c.value for c in at.caption] == [t("access.anim.keys")]
    assert at.expander[0].label == t("access.describe.header")
    assert [x.value for x in at.text] == ["A 5 by 5 grid of inputs moving onto the unit circle.", "runs=1"]


def test_animated_chart_speaks_chinese_on_a_chinese_page():
    from normviz.i18n import Translator

    t = Translator("zh")
    data = json.loads(mounted(run_animated(lang="zh"))[0].json)
    assert data["scene"]["labels"]["chart"] == t("access.anim.chart", title="A grid warped by L2")
    frame = data["scene"]["labels"]["announce"]["frame"]
    assert frame == t("access.anim.frame") != Translator("en")("access.anim.frame")


def test_without_plotly_js_the_animated_figure_is_streamlits_plotly_chart_with_plotlys_own_controls(
    monkeypatch, tmp_path
):
    monkeypatch.setattr(vendor, "PLOTLY_JS", tmp_path / "plotly-7.1.0.min.js")
    live._warned.clear()
    at = run_animated()
    assert not mounted(at)
    (chart,) = at.get("plotly_chart")
    spec = json.loads(chart.proto.spec)
    assert spec["layout"]["updatemenus"][0]["buttons"][0]["label"] == "▶ Play" and len(spec["frames"]) == 11
    assert not at.caption  # the keys are the component's: no hint without it
