"""The GIF assembled from the browser's PNG frames, and the sidebar's link-and-export tools on every page.

The tools' JavaScript runs in tests/browser/test_links.py."""

import base64
import io
import json
import logging

import pytest
from PIL import Image, ImageDraw

from normviz.i18n import translate
from normviz.ui import TOPIC_PAGES
from normviz.ui.kit import export as export_ui
from normviz.ui.kit import live
from normviz.ui.kit.export import MAX_FRAMES, gif_from_frames
from normviz.ui.kit.live import vendor
from tests.helpers.pages import errors, figures, run_page, without_component


def png_url(k: int, size=(120, 80)) -> str:
    img = Image.new("RGB", size, "white")
    ImageDraw.Draw(img).ellipse((10 + 8 * k, 10, 40 + 8 * k, 40), fill=(0, 114, 178))
    out = io.BytesIO()
    img.save(out, format="PNG")
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode()


def test_gif_has_every_frame_distinct_and_loops():
    data = gif_from_frames([png_url(k) for k in range(6)])
    with Image.open(io.BytesIO(data)) as gif:
        assert gif.format == "GIF" and gif.n_frames == 6 and gif.info.get("loop") == 0
        frames = []
        for k in range(gif.n_frames):
            gif.seek(k)
            frames.append(gif.convert("RGB").tobytes())
    assert len(set(frames)) == 6


@pytest.mark.parametrize(
    "bad",
    [
        [],
        "x",
        [1],
        ["data:image/jpeg;base64,AAAA"],
        ["data:image/png;base64,!!"],
        ["data:image/png;base64," + base64.b64encode(b"not a png").decode()],
        [None] * (MAX_FRAMES + 1),
    ],
)
def test_bad_frames_are_a_value_error(bad):
    with pytest.raises(ValueError):
        gif_from_frames(bad)


def tools_proto(at):
    (proto,) = [el.proto for el in at.get("bidi_component") if el.proto.component_name == "normviz.export"]
    return proto


def tools_payload(at) -> dict:
    return json.loads(tools_proto(at).json)


# Before the code moved to assets/, the tools' element was 11,773 bytes (10,227 of JavaScript, 679 of CSS).
TOOLS_BYTES = 1_500


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_page_has_the_tools_in_its_language_and_no_component_carries_code(lang):
    """Each mount names its files (export.js, live.js, lesson_keys.js), never inlines them: a run's message
    stays small."""
    for page in ("overview", *(name for name, _ in TOPIC_PAGES)):
        at = run_page(page, lang=lang)
        assert errors(at) == [], page
        labels = tools_payload(at)["labels"]
        assert labels["copy"] == ("Copy link" if lang == "en" else "复制链接"), page
        assert translate(lang, "access.tools.header") in [c.value for c in at.sidebar.caption], page
        for proto in (el.proto for el in at.get("bidi_component")):
            assert proto.js_source_path.endswith(".js") and proto.js_content == "", (page, proto.component_name)
            assert proto.css_content == "", (page, proto.component_name)
        proto = tools_proto(at)
        assert (proto.js_source_path, proto.css_source_path) == ("export.js", "export.css")
        assert len(proto.SerializeToString()) < TOOLS_BYTES, page


def test_the_tools_load_the_live_charts_plotly_js_and_get_the_frame_limit():
    """``plotly`` is the live chart's path to the app's static plotly.js, which export.js resolves as live.js does."""
    data = tools_payload(run_page("overview"))
    assert data["maxFrames"] == MAX_FRAMES
    assert data["plotly"] == live.PLOTLY == f"../../app/static/{vendor.PLOTLY_JS.name}"
    assert vendor.PLOTLY_JS.is_file()


def test_without_the_installed_manifest_the_page_has_no_tools_and_says_why_once(monkeypatch, caplog):
    without_component(monkeypatch, "normviz.export")
    with caplog.at_level(logging.WARNING, logger=export_ui.__name__):
        at = run_page("plane")
        at.run()
    assert errors(at) == [] and figures(at)
    names = [el.proto.component_name for el in at.get("bidi_component")]
    assert names == ["normviz.live", "normviz.document", "normviz.reconnect"]  # all the shell mounts but the tools
    assert translate("en", "access.tools.header") not in [c.value for c in at.sidebar.caption]
    said = [r.getMessage() for r in caplog.records if r.name == export_ui.__name__]
    assert len(said) == 1 and "pip install --no-deps -e ." in said[0], said


@pytest.mark.parametrize("page, lang", [("plane", "en"), ("space", "zh")])
def test_projector_mode_puts_the_picture_first(page, lang):
    from normviz.i18n import Translator

    t = Translator(lang)
    at = run_page(page, lang=lang, projector="true")
    assert errors(at) == []
    controls = [e for e in at.expander if e.label == t("access.controls")]
    assert len(controls) == 1
    assert controls[0].slider(key=f"{page}.x1") is not None  # the scene's inputs fold into it
    fig = json.loads(json.dumps(next(iter(figures(at)))))
    assert fig["layout"]["font"]["size"] >= 24
    assert fig["layout"]["height"] <= 1000  # with the title, Play and the step slider: one 1080 px screen
    lines = [tr["line"]["width"] for tr in fig["data"] if tr.get("meta") == "arrow_input"]
    screen = json.loads(json.dumps(next(iter(figures(run_page(page, lang=lang))))))
    assert lines[0] >= 2 * [tr["line"]["width"] for tr in screen["data"] if tr.get("meta") == "arrow_input"][0]
