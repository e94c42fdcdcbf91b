"""The GIF assembled from the browser's PNG frames, and the sidebar's link-and-export tools on every page."""

import base64
import io
import json

import pytest
from PIL import Image, ImageDraw
from pagetest import errors, figures, run_page

from normviz.ui import TOPIC_PAGES
from normviz.ui.export import MAX_FRAMES, gif_from_frames


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


@pytest.mark.parametrize("bad", [[], "x", [1], ["data:image/jpeg;base64,AAAA"], ["data:image/png;base64,!!"],
                                 ["data:image/png;base64," + base64.b64encode(b"not a png").decode()],
                                 [None] * (MAX_FRAMES + 1)])
def test_bad_frames_are_a_value_error(bad):
    with pytest.raises(ValueError):
        gif_from_frames(bad)


def tools_payload(at) -> dict:
    payloads = [json.loads(el.proto.json) for el in at.get("bidi_component") if el.proto.json]
    return next(p for p in payloads if isinstance(p, dict) and "labels" in p and "plotly" in p)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_page_has_the_tools_in_its_language(lang):
    for page in ("overview", *(name for name, _ in TOPIC_PAGES)):
        at = run_page(page, lang=lang)
        assert errors(at) == [], page
        labels = tools_payload(at)["labels"]
        assert labels["copy"] == ("Copy link" if lang == "en" else "复制链接"), page


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
