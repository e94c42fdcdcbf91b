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

plotly.js is the one the live chart serves (``/_stcore/bidi-components/normviz.live/plotly.min.js``),
loaded only when an export is asked for and ``window.Plotly`` is not there yet.
"""

from __future__ import annotations

import base64
import binascii
import io
from collections.abc import Mapping
from typing import Any

import streamlit as st

from normviz.i18n import Translator

MAX_FRAMES = 64
MAX_FRAME_BYTES = 4_000_000
GIF_KEY = "_normviz.export.gif"  # session state: (file name, GIF bytes) or an error key
PLOTLY_URL = "/_stcore/bidi-components/normviz.live/plotly.min.js"
_PNG = "data:image/png;base64,"

_HTML = '<div class="nv-tools" role="group"></div>'

_CSS = """
.nv-tools { display: flex; flex-direction: column; gap: .4rem; font-family: var(--st-font, sans-serif);
  font-size: var(--st-base-font-size, 1rem); color: var(--st-text-color, inherit); }
.nv-tools .row { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
.nv-tools button, .nv-tools select { font: inherit; padding: .25rem .6rem; border-radius: .5rem;
  border: 1px solid rgba(49, 51, 63, .3); background: var(--st-background-color, #fff); color: inherit; cursor: pointer; }
.nv-tools select { max-width: 100%; }
.nv-tools input { font: inherit; font-size: .8em; width: 100%; box-sizing: border-box; }
.nv-tools output { font-size: .85em; min-height: 1.2em; }
"""

_JS = r"""
const FRAME_LIMIT = %(max_frames)d;

function plots() {
  return [...document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot')]
    .filter((gd) => !gd.closest(".nv-live-motion") && gd.data);
}

function titleOf(gd, k) {
  const t = gd.layout && gd.layout.title;
  const text = (t && (t.text !== undefined ? t.text : t)) || "";
  return String(text).replace(/<[^>]+>/g, " ").trim() || `#${k + 1}`;
}

function loadPlotly(url) {
  if (window.Plotly) return Promise.resolve(window.Plotly);
  return new Promise((resolve, reject) => {
    const tag = document.createElement("script");
    tag.src = url;
    tag.onload = () => (window.Plotly ? resolve(window.Plotly) : reject(new Error("no Plotly")));
    tag.onerror = () => reject(new Error(`cannot load ${url}`));
    document.head.appendChild(tag);
  });
}

function params(labels) {
  const q = new URLSearchParams(window.location.search);
  const pairs = [...q.entries()].map(([k, v]) => `${k}=${v}`);
  return `${labels.params}: ${pairs.length ? pairs.join(" · ") : labels.defaults}`;
}

function captionLines(gd, k, labels) {
  return [`${titleOf(gd, k)} — normviz/${pageSlug()}`, params(labels)];
}

function sizeOf(gd) {
  const fl = gd._fullLayout || {};
  return [Math.round(fl.width || gd.clientWidth || 700), Math.round(fl.height || gd.clientHeight || 500)];
}

function figureOf(gd) {
  const [width, height] = sizeOf(gd);
  // a still image: no Play button or step slider
  return { data: gd.data, layout: { ...gd.layout, width, height, updatemenus: [], sliders: [] } };
}

const FONT = '"Noto Sans CJK SC", "Noto Sans", sans-serif';

function wrap(ctx, text, width) {
  const out = [];
  let line = "";
  for (const ch of text.split(/(\s+)/)) {
    if (line && ctx.measureText(line + ch).width > width) {
      out.push(line.trim());
      line = "";
    }
    line += ch;
  }
  if (line.trim()) out.push(line.trim());
  return out;
}

async function captionedPng(pngUrl, lines, scale) {
  const img = new Image();
  img.src = pngUrl;
  await img.decode();
  const size = Math.round(14 * scale);
  const canvas = document.createElement("canvas");
  const ctx = canvas.getContext("2d");
  ctx.font = `${size}px ${FONT}`;
  const wrapped = lines.flatMap((l) => wrap(ctx, l, img.width - 2 * size));
  canvas.width = img.width;
  canvas.height = img.height + Math.round((wrapped.length + 0.8) * size * 1.4);
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0);
  ctx.fillStyle = "#333333";
  ctx.font = `${size}px ${FONT}`;
  ctx.textBaseline = "top";
  wrapped.forEach((l, i) => ctx.fillText(l, size, img.height + Math.round((i + 0.3) * size * 1.4)));
  return canvas.toDataURL("image/png");
}

function captionedSvg(svgUrl, lines, width, height) {
  const comma = svgUrl.indexOf(",");
  const head = svgUrl.slice(0, comma);
  const body = svgUrl.slice(comma + 1);
  const text = head.includes("base64") ? atob(body) : decodeURIComponent(body);
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const svg = doc.documentElement;
  const NS = "http://www.w3.org/2000/svg";
  const size = 14;
  const total = height + Math.round((lines.length + 0.8) * size * 1.4);
  svg.setAttribute("height", String(total));
  svg.setAttribute("viewBox", `0 0 ${width} ${total}`);
  const bg = doc.createElementNS(NS, "rect");
  Object.entries({ x: 0, y: height, width, height: total - height, fill: "#ffffff" })
    .forEach(([k, v]) => bg.setAttribute(k, String(v)));
  svg.appendChild(bg);
  lines.forEach((l, i) => {
    const t = doc.createElementNS(NS, "text");
    t.setAttribute("x", String(size));
    t.setAttribute("y", String(height + Math.round((i + 1) * size * 1.4)));
    t.setAttribute("font-size", String(size));
    t.setAttribute("font-family", FONT);
    t.setAttribute("fill", "#333333");
    t.setAttribute("class", "nv-caption");
    t.textContent = l;
    svg.appendChild(t);
  });
  return new XMLSerializer().serializeToString(doc);
}

/** This page's address; with a live chart, its animation's current frame as ?step= too. */
function linkHere() {
  const url = new URL(window.location.href);
  const root = document.querySelector(".nv-live");
  const live = root && root.__normvizLive;
  if (live && live.ready && url.searchParams.has("step")) url.searchParams.set("step", String(live.frameIndex || 0));
  return url.href;
}

function download(href, name) {
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

function slug(text) {
  return text.normalize("NFKD").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "figure";
}

function pageSlug() {
  return slug(window.location.pathname.replace(/^\//, "")) || "overview";
}

async function framesOf(P, gd, lines) {
  const frames = (gd._transitionData && gd._transitionData._frames) || [];
  if (!frames.length) return [];
  const [width, height] = sizeOf(gd);
  const div = document.createElement("div");
  div.style.cssText = `position:fixed;left:-20000px;top:0;width:${width}px;height:${height}px;`;
  document.body.appendChild(div);
  const every = Math.ceil(frames.length / FRAME_LIMIT);
  const out = [];
  try {
    const layout = { ...gd.layout, width, height, sliders: [], updatemenus: [] };
    await P.newPlot(div, gd.data, layout, { staticPlot: true });
    await P.addFrames(div, frames.map((f) => ({ name: f.name, data: f.data, traces: f.traces, layout: f.layout })));
    for (let k = 0; k < frames.length; k += every) {
      await P.animate(div, [frames[k].name], { mode: "immediate", frame: { duration: 0, redraw: true }, transition: { duration: 0 } });
      const png = await P.toImage(div, { format: "png", width, height, scale: 1 });
      out.push(await captionedPng(png, lines, 1));
    }
  } finally {
    P.purge(div);
    div.remove();
  }
  return out;
}

function button(text, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.addEventListener("click", onClick);
  return b;
}

export default function (component) {
  const { parentElement, data, setStateValue } = component;
  const labels = data.labels;
  const root = parentElement.querySelector(".nv-tools");
  root.setAttribute("aria-label", labels.group);
  const state = (root.__nv ||= {});
  state.labels = labels;
  state.data = data;
  if (state.built) {
    state.render();
    return;
  }
  state.built = true;
  const status = document.createElement("output");
  status.setAttribute("aria-live", "polite");
  const field = document.createElement("input");
  field.readOnly = true;
  field.className = "nv-link";
  const say = (text) => { status.textContent = text; };

  const copy = button("", async () => {
    const href = linkHere();
    field.value = href;
    field.setAttribute("aria-label", state.labels.link);
    try {
      await navigator.clipboard.writeText(href);
      say(state.labels.copied);
    } catch (err) {
      field.focus();
      field.select();
      say(state.labels.manual);
    }
  });
  copy.className = "nv-copy";

  const pick = document.createElement("select");
  pick.className = "nv-figure";
  const refresh = () => {
    const gds = plots();
    const old = pick.value;
    pick.replaceChildren(...gds.map((gd, k) => {
      const o = document.createElement("option");
      o.value = String(k);
      o.textContent = `${k + 1}. ${titleOf(gd, k)}`.slice(0, 60);
      return o;
    }));
    if (old && Number(old) < gds.length) pick.value = old;
    return gds;
  };
  pick.addEventListener("focus", refresh);
  pick.addEventListener("pointerdown", refresh);

  const chosen = () => {
    const gds = refresh();
    const k = Number(pick.value || 0);
    if (!gds[k]) throw new Error(state.labels.none);
    return [gds[k], k];
  };
  const run = (work) => async () => {
    try {
      say(state.labels.working);
      await work();
    } catch (err) {
      say(`${state.labels.failed}: ${(err && err.message) || err}`);
      console.error("normviz export:", err);
    }
  };
  const png = button("PNG", run(async () => {
    const [gd, k] = chosen();
    const P = await loadPlotly(state.data.plotly);
    const [width, height] = sizeOf(gd);
    const url = await P.toImage(figureOf(gd), { format: "png", width, height, scale: 2 });
    download(await captionedPng(url, captionLines(gd, k, state.labels), 2), `normviz-${pageSlug()}-${k + 1}.png`);
    say(state.labels.done);
  }));
  const svg = button("SVG", run(async () => {
    const [gd, k] = chosen();
    const P = await loadPlotly(state.data.plotly);
    const [width, height] = sizeOf(gd);
    const url = await P.toImage(figureOf(gd), { format: "svg", width, height });
    const text = captionedSvg(url, captionLines(gd, k, state.labels), width, height);
    const href = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
    download(href, `normviz-${pageSlug()}-${k + 1}.svg`);
    setTimeout(() => URL.revokeObjectURL(href), 10000);
    say(state.labels.done);
  }));
  const gif = button("GIF", run(async () => {
    const [gd, k] = chosen();
    const P = await loadPlotly(state.data.plotly);
    const frames = await framesOf(P, gd, captionLines(gd, k, state.labels));
    if (!frames.length) throw new Error(state.labels.noframes);
    setStateValue("gif", { frames, name: `normviz-${pageSlug()}-${k + 1}.gif`, id: `${Date.now()}` });
    say(state.labels.gifready);
  }));
  png.className = "nv-png";
  svg.className = "nv-svg";
  gif.className = "nv-gif";

  const row1 = document.createElement("div");
  row1.className = "row";
  row1.append(copy);
  const row2 = document.createElement("div");
  row2.className = "row";
  row2.append(pick, png, svg, gif);
  const exportLabel = document.createElement("span");
  root.append(row1, field, exportLabel, row2, status);
  state.render = () => {
    const l = state.labels;
    copy.textContent = l.copy;
    exportLabel.textContent = l.export;
    pick.setAttribute("aria-label", l.figure);
    png.title = svg.title = l.image;
    gif.title = l.gif;
    field.value = linkHere();
    field.setAttribute("aria-label", l.link);
  };
  state.render();
  refresh();
  root.dataset.ready = "true";
}
""" % {"max_frames": MAX_FRAMES}


def _component():
    return st.components.v2.component("normviz_tools", html=_HTML, css=_CSS, js=_JS)


def _labels(t: Translator) -> dict[str, str]:
    keys = ("group", "copy", "copied", "manual", "link", "export", "figure", "image", "gif", "working", "done",
            "failed", "none", "noframes", "gifready", "params", "defaults")
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
            raw = base64.b64decode(url[len(_PNG):], validate=True)
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
    st.caption(t("access.tools.header"))
    _component()(key=key, data={"labels": _labels(t), "plotly": PLOTLY_URL}, on_gif_change=lambda: _on_gif(key))
    if st.session_state.pop(f"{GIF_KEY}.failed", False):
        st.warning(t("access.tools.giffailed"))
    made = st.session_state.get(GIF_KEY)
    if made:
        name, data = made
        st.download_button(t("access.tools.gifdownload"), data, file_name=name, mime="image/gif",
                           key="_normviz.tools.gif", icon=":material/movie:", on_click="ignore")

