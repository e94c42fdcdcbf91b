"""Copy link and export, on every page: one small browser component in the sidebar.

* **Copy link**: ``window.location.href`` (the URL holds the whole scene, the language and
  the projector flag: ``links``; with a live chart, ``step`` set to its animation's frame on
  screen) to the clipboard, and shown in a read-only field for
  copying by hand where the clipboard is refused.
* **PNG / SVG** of any figure on the page, with a caption under it (the figure's title,
  "normviz" and the scene's parameters, in the page's language): drawn in the browser by
  plotly.js's own ``Plotly.toImage`` from the figure on the page; nothing leaves the machine.
* **GIF** of a figure's animation (the projection): the browser draws each frame as a PNG
  (with its caption) and sends them once; Pillow assembles the GIF here and a download
  button offers it. Only on demand: no cost per move.

The JavaScript and CSS are ``assets/export.js`` and ``assets/export.css``, the component
``normviz.export`` declared in ``pyproject.toml`` (see ``normviz.ui.kit.component``): a run sends only the
labels and two settings, never the code. plotly.js is the live chart's (one of the app's static files,
``normviz.ui.kit.live.PLOTLY``), loaded only when an export is asked for and ``window.Plotly`` is not
there yet. Where Streamlit knows no such component (normviz not installed), the tools are left out
and one warning in the log names the fix.
"""

from __future__ import annotations

import base64
import binascii
import io
import logging
from collections.abc import Mapping
from typing import Any

import streamlit as st

from normviz.i18n import Translator
from normviz.ui.kit import component
from normviz.ui.kit.live import PLOTLY

MAX_FRAMES = 64
MAX_FRAME_BYTES = 4_000_000
GIF_KEY = "_normviz.export.gif"  # session state: (file name, GIF bytes) or an error key
_PNG = "data:image/png;base64,"

_HTML = '<div class="nv-tools" role="group"></div>'
_NAME = "export"  # the component's name in pyproject.toml; its files are in assets/
_JS = "export.js"
_CSS = "export.css"

_LOG = logging.getLogger(__name__)


def _labels(t: Translator) -> dict[str, str]:
    keys = (
        "group",
        "copy",
        "copied",
        "manual",
        "link",
        "export",
        "figure",
        "image",
        "gif",
        "working",
        "done",
        "failed",
        "none",
        "noframes",
        "gifready",
        "params",
        "defaults",
    )
    return {k: t(f"access.tools.{k}") for k in keys}


def gif_from_frames(frames: Any, *, duration_ms: int = 120) -> bytes:
    """A looping GIF from PNG data URLs (the browser's frames): checked, decoded, assembled by Pillow.

    Raises ValueError when ``frames`` is not a list of 1..MAX_FRAMES PNG data URLs that decode.
    """
    from PIL import Image, UnidentifiedImageError

    if not isinstance(frames, list) or not 1 <= len(frames) <= MAX_FRAMES:
        raise ValueError(f"frames must be a list of 1 to {MAX_FRAMES} PNG data URLs")
    images = []
    for k, url in enumerate(frames):
        if not isinstance(url, str) or not url.startswith(_PNG) or len(url) > MAX_FRAME_BYTES * 4 // 3 + 64:
            raise ValueError(f"frames[{k}] is not a PNG data URL of at most {MAX_FRAME_BYTES} bytes")
        try:
            raw = base64.b64decode(url[len(_PNG) :], validate=True)
            with Image.open(io.BytesIO(raw)) as img:
                if img.format != "PNG":
                    raise ValueError(f"frames[{k}] is not a PNG")
                images.append(img.convert("RGB"))
        except (binascii.Error, UnidentifiedImageError, OSError) as exc:
            raise ValueError(f"frames[{k}] does not decode as a PNG: {exc}") from None
    size = images[0].size
    images = [im if im.size == size else im.resize(size) for im in images]
    palette = images[-1].quantize(colors=255, method=Image.Quantize.MEDIANCUT)  # the last frame has every colour
    frames_p = [im.quantize(palette=palette, dither=Image.Dither.NONE) for im in images]
    out = io.BytesIO()
    durations = [duration_ms] * len(frames_p)
    durations[-1] = duration_ms * 10  # rest on the result before the loop starts again
    frames_p[0].save(out, format="GIF", save_all=True, append_images=frames_p[1:], duration=durations, loop=0)
    return out.getvalue()


def _on_gif(key: str) -> None:
    """The browser sent frames: assemble the GIF now (a widget callback, before the rerun)."""
    value = st.session_state.get(key)
    sent = value.get("gif") if isinstance(value, Mapping) else None
    if not isinstance(sent, Mapping):
        return
    name = sent.get("name") if isinstance(sent.get("name"), str) else "normviz.gif"
    name = "".join(c for c in name if c.isalnum() or c in "-_.")[:80] or "normviz.gif"
    try:
        st.session_state[GIF_KEY] = (name, gif_from_frames(sent.get("frames")))
    except ValueError:
        st.session_state[GIF_KEY] = None
        st.session_state[f"{GIF_KEY}.failed"] = True


def tools(t: Translator) -> None:
    """Copy link, PNG / SVG / GIF export (the sidebar's part of every page)."""
    key = "_normviz.tools"
    mount, reason = component.register(_NAME, js=_JS, css=_CSS, html=_HTML)
    if mount is None:
        component.warn_once(_LOG, "normviz.ui.kit.export: no copy-link and export tools", reason)
        return
    st.caption(t("access.tools.header"))
    data = {"labels": _labels(t), "plotly": PLOTLY, "maxFrames": MAX_FRAMES}
    mount(key=key, data=data, on_gif_change=lambda: _on_gif(key))
    if st.session_state.pop(f"{GIF_KEY}.failed", False):
        st.warning(t("access.tools.giffailed"))
    made = st.session_state.get(GIF_KEY)
    if made:
        name, data = made
        st.download_button(
            t("access.tools.gifdownload"),
            data,
            file_name=name,
            mime="image/gif",
            key="_normviz.tools.gif",
            icon=":material/movie:",
            on_click="ignore",
        )
