"""The GIF assembled from the browser's PNG frames, and the sidebar's link-and-export tools on every page."""

import base64
import io
import json

import pytest
from PIL import Image, ImageDraw
from pagetest import errors, run_page

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
    payloads = [json.loads(el.proto.json) for el in at.get("bidi_component")]
    return next(p for p in payloads if isinstance(p, dict) and "labels" in p and "plotly" in p)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_page_has_the_tools_in_its_language(lang):
    for page in ("overview", *(name for name, _ in TOPIC_PAGES)):
        at = run_page(page, lang=lang)
        assert errors(at) == [], page
        labels = tools_payload(at)["labels"]
        assert labels["copy"] == ("Copy link" if lang == "en" else "复制链接"), page
