// Copy link and PNG / SVG / GIF export: the sidebar component of every page (normviz.ui.kit.export).
//
// Python sends, on each run, only `data`: the labels in the page's language, `maxFrames` (the most
// frames a GIF gets) and `plotly`, the path of plotly.js among the app's static files, relative to
// Streamlit's component route ("../../app/static/plotly-7.1.0.min.js"). plotly.js is the page's one copy
// (normviz.live's load_plotly.js, which the figures use too), loaded here only if an export comes first.
//
// The figures on the page are plotly's own graph divs (`.js-plotly-plot`), less this file's scratch
// plot (the GIF's frames are drawn off screen) and the live chart's motion layer (drawn over its figure
// while x moves): no Streamlit markup is read.

import { loadPlotly } from "../normviz.live/load_plotly.js";

const SCRATCH = "nv-export-scratch";

function plots() {
  return [...document.querySelectorAll(".js-plotly-plot")]
    .filter((gd) => !gd.closest(`.nv-live-motion, .${SCRATCH}`) && gd.data);
}

function titleOf(gd, k) {
  const t = gd.layout && gd.layout.title;
  const text = (t && (t.text !== undefined ? t.text : t)) || "";
  return String(text).replace(/<[^>]+>/g, " ").trim() || `#${k + 1}`;
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

async function framesOf(P, gd, lines, limit) {
  const frames = (gd._transitionData && gd._transitionData._frames) || [];
  if (!frames.length) return [];
  const [width, height] = sizeOf(gd);
  const div = document.createElement("div");
  div.className = SCRATCH;
  div.style.cssText = `position:fixed;left:-20000px;top:0;width:${width}px;height:${height}px;`;
  document.body.appendChild(div);
  const every = Math.ceil(frames.length / limit);
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
    const frames = await framesOf(P, gd, captionLines(gd, k, state.labels), state.data.maxFrames);
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
  // A move reruns only its fragment: the address changes and this sidebar field is not drawn again. Keep
  // it showing what Copy would copy (the chain ends when Streamlit removes the component).
  const follow = () => {
    if (!root.isConnected) return;
    const href = linkHere();
    if (field.value !== href) field.value = href;
    setTimeout(follow, 400);
  };
  follow();
  root.dataset.ready = "true";
}
