// The space's motion layer: while x moves, the traces that follow it are drawn in an SVG laid over plotly's
// WebGL scene, and the scene's own copies are taken out of its draw list (gl-plot3d's remove/add). A frame
// sets a few SVG attributes; the WebGL scene (spheres, plane, circle, axes) is not drawn again. A restyle of
// the figure replots every 3D trace and draws the whole scene once per restyled group: 100-200 ms a frame in
// software WebGL (tests/browser/test_live_chart.py prints both).
//
// The projection is plotly's own, the one its hover labels and 3D annotations use: a point in data
// coordinates, scaled by the scene's dataScale, through gl-plot3d's cameraParams (model, view, projection;
// the view is updated on every camera tick) to clip coordinates c; on the scene's container (w x h px) it
// lies at ((1 + c0/c3) w/2, (1 - c1/c3) h/2). The scene clips every trace to the axes' box; so does this.
// The overlay follows a turned camera or a resize on the next animation frame (it compares the matrices).
//
// What is drawn and how comes from the figure's own traces (plotly's full data, after defaults): colours,
// widths, dashes, marker symbols and sizes, opacity, text. Nothing here chooses a colour. The layer is
// aria-hidden: the chart's name, its keys and the live region say what it shows.
//
// Text from Python (a trace's `text`) is set with textContent only.

import { movingData } from "./scene.js";

const SVG_NS = "http://www.w3.org/2000/svg";

// gl-line3d's dash patterns as plotly's gl3d passes them: the fractions of a period where the line turns off
// and on again, and periods per unit of the scaled scene (dataScale: the axes' box is about one unit wide).
const GL_DASHES = {
  solid: [[], 0], dot: [[0.5, 1], 200], dash: [[0.5, 1], 50], longdash: [[0.5, 1], 10],
  dashdot: [[0.5, 0.625, 0.875, 1], 50], longdashdot: [[0.5, 0.7, 0.8, 1], 10],
}; // prettier-ignore
const CONE_RADIUS = 0.25; // gl-cone3d: a cone's base radius per unit of its length
const CONE_SIDES = 12; // the base circle's samples for the drawn outline
// gl-scatter3d draws a marker as a font glyph (plotly: circle "●", square "■", diamond "◆", cross "+", x "❌")
// marker.size pixels high; the glyph's ink is this share of it (measured against the scene's own drawing).
const GLYPH_INK = { circle: 0.8, square: 0.7, diamond: 1.0, cross: 0.8, x: 0.8 };

function el(name, attrs = {}) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

const fmt = (v) => (Math.round(v * 100) / 100).toString();

/** a · b for column-major 4 x 4 matrices (gl-matrix's layout, as gl-plot3d keeps them). */
function multiply(a, b) {
  const out = new Array(16).fill(0);
  for (let col = 0; col < 4; col++) {
    for (let row = 0; row < 4; row++) {
      let s = 0;
      for (let k = 0; k < 4; k++) s += a[4 * k + row] * b[4 * col + k];
      out[4 * col + row] = s;
    }
  }
  return out;
}

/** The part of segment a-b inside the box [lo, hi] (per axis), as [a', b'], or null (Liang-Barsky). */
function clip(a, b, lo, hi) {
  let t0 = 0;
  let t1 = 1;
  for (let i = 0; i < a.length; i++) {
    const d = b[i] - a[i];
    for (const [p, q] of [[-d, a[i] - lo[i]], [d, hi[i] - a[i]]]) {
      if (p === 0) {
        if (q < 0) return null;
      } else {
        const r = q / p;
        if (p < 0) t0 = Math.max(t0, r);
        else t1 = Math.min(t1, r);
      }
    }
  }
  if (t0 > t1) return null;
  const at = (t) => a.map((v, i) => v + t * (b[i] - v));
  return [at(t0), at(t1)];
}

const inside = (p, lo, hi) => p.every((v, i) => v >= lo[i] - 1e-9 * (hi[i] - lo[i]) && v <= hi[i] + 1e-9 * (hi[i] - lo[i]));

/** The convex hull of 2D points, counter-clockwise (Andrew's monotone chain). */
function hull(points) {
  const pts = points.slice().sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list) => {
    const out = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2], out[out.length - 1], p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(pts), ...half(pts.reverse())];
}

/** An SVG path for plotly's 3D marker ``symbol`` of diameter ``size`` at (x, y). */
function symbolPath(symbol, x, y, size) {
  const kind = symbol.replace(/-open$/, "");
  const r = (size * (GLYPH_INK[kind] || 0.8)) / 2;
  if (kind === "square") return `M${fmt(x - r)},${fmt(y - r)}h${fmt(2 * r)}v${fmt(2 * r)}h${fmt(-2 * r)}Z`;
  if (kind === "diamond") return `M${fmt(x)},${fmt(y - r)}l${fmt(r)},${fmt(r)}l${fmt(-r)},${fmt(r)}l${fmt(-r)},${fmt(-r)}Z`;
  if (kind === "cross") return `M${fmt(x - r)},${fmt(y)}h${fmt(2 * r)}M${fmt(x)},${fmt(y - r)}v${fmt(2 * r)}`;
  if (kind === "x") return `M${fmt(x - r)},${fmt(y - r)}l${fmt(2 * r)},${fmt(2 * r)}M${fmt(x - r)},${fmt(y + r)}l${fmt(2 * r)},${fmt(-2 * r)}`;
  return `M${fmt(x - r)},${fmt(y)}a${fmt(r)},${fmt(r)} 0 1,0 ${fmt(2 * r)},0a${fmt(r)},${fmt(r)} 0 1,0 ${fmt(-2 * r)},0Z`;
}

const at = (v, k, fallback) => (Array.isArray(v) || ArrayBuffer.isView(v) ? v[k] : v === undefined ? fallback : v);

/** One moving trace: its SVG group and how to draw its data. */
class Item {
  constructor(svg, trace, pixelRatio) {
    this.pixelRatio = pixelRatio;
    this.role = trace.meta;
    this.trace = trace;
    this.cone = trace.type === "cone";
    this.group = el("g", { "data-meta": trace.meta, opacity: trace.opacity ?? 1 });
    svg.appendChild(this.group);
    this.paths = []; // one per drawn segment (a dash pattern is scaled per segment)
    if (this.cone) {
      const scale = trace.colorscale || [];
      this.shape = el("path", { "data-kind": "head", fill: (scale[scale.length - 1] || [])[1] || "#000", stroke: "none" });
      this.group.appendChild(this.shape);
      return;
    }
    const mode = trace.mode || "lines";
    this.lines = mode.includes("lines");
    this.markers = mode.includes("markers") ? el("path", { "data-kind": "markers" }) : null;
    this.text = mode.includes("text") ? el("g") : null;
    if (this.markers) {
      const m = trace.marker || {};
      const open = String(m.symbol || "circle").endsWith("-open");
      const line = m.line || {};
      this.markers.setAttribute("fill", open ? "none" : String(at(m.color, 0, "#000")));
      this.markers.setAttribute("stroke", open ? String(at(m.color, 0, "#000")) : String(line.color || "none"));
      this.markers.setAttribute("stroke-width", String(open ? Math.max(line.width || 0, 1.5) : line.width || 0));
      this.group.appendChild(this.markers);
    }
    if (this.text) this.group.appendChild(this.text);
  }

  path(k) {
    while (this.paths.length <= k) {
      const line = this.trace.line || {};
      const width = (line.width || 2) / this.pixelRatio; // gl-line3d's width is in the canvas's own pixels
      const p = el("path", { "data-kind": "line", fill: "none", stroke: line.color || "#000", "stroke-width": fmt(width) });
      this.group.insertBefore(p, this.markers || this.text || null);
      this.paths.push(p);
    }
    return this.paths[k];
  }
}

export class SpaceOverlay {
  /** An overlay for the figure in ``gd`` showing the roles ``roles`` (scene.js moving()), the scene's copies
   *  taken out of its draw list; null when the figure has no WebGL scene to lay it over. */
  static open(box, gd, roles) {
    const fl = gd._fullLayout;
    const scene = fl && fl.scene && fl.scene._scene;
    const glplot = scene && scene.glplot;
    if (!glplot || !glplot.cameraParams || !scene.container || !Array.isArray(glplot.objects)) return null;
    const wanted = new Set(roles);
    const traces = [];
    for (const full of gd._fullData || []) {
      const input = gd.data[full.index] || {};
      if (!wanted.has(full.meta)) continue;
      if (full.visible === true) traces.push(full);
      // empty now (plotly then sets visible: false and skips the defaults), drawn once x moves: as Python wrote it
      else if (full.visible === false && (input.visible ?? true) === true) traces.push({ ...input, uid: full.uid });
    }
    if (!traces.length) return null;
    // Translucent traces first: the scene draws them after the opaque ones, behind any opaque line at the same depth.
    traces.sort((a, b) => ((a.opacity ?? 1) < 1 ? 0 : 1) - ((b.opacity ?? 1) < 1 ? 0 : 1));
    return new SpaceOverlay(box, gd, scene, traces);
  }

  constructor(box, gd, scene, traces) {
    this.box = box;
    this.gd = gd;
    this.scene = scene;
    this.svg = el("svg", { class: "nv-live-overlay", "aria-hidden": "true", focusable: "false" });
    this.items = traces.map((t) => new Item(this.svg, t, scene.glplot.pixelRatio || 1));
    box.appendChild(this.svg);
    // The scene's own copies: each trace's WebGL objects (lines, markers, text, cone mesh), out of the draw list.
    this.hidden = [];
    const objects = scene.glplot.objects;
    for (const t of traces) {
      const owner = scene.traces && scene.traces[t.uid];
      if (!owner) continue; // an empty trace (x_offscreen while x is inside) has none
      for (const value of Object.values(owner)) {
        if (value && typeof value === "object" && objects.includes(value)) this.hidden.push({ owner, object: value });
      }
    }
    for (const { object } of this.hidden) scene.glplot.remove(object);
    this.signature = null;
    this.data = null;
    this.place();
    this.watch = requestAnimationFrame(() => this.follow());
  }

  /** Size and place the SVG on the scene's container; cache the box and the axes' ranges. */
  place() {
    const c = this.scene.container.getBoundingClientRect();
    const b = this.box.getBoundingClientRect();
    this.width = c.width;
    this.height = c.height;
    Object.assign(this.svg.style, { left: `${c.left - b.left}px`, top: `${c.top - b.top}px` });
    this.svg.setAttribute("width", String(c.width));
    this.svg.setAttribute("height", String(c.height));
    this.svg.setAttribute("viewBox", `0 0 ${c.width} ${c.height}`);
    const sl = this.gd._fullLayout.scene;
    const ranges = ["xaxis", "yaxis", "zaxis"].map((a) => sl[a].range.map(Number));
    this.lo = ranges.map((r) => Math.min(...r));
    this.hi = ranges.map((r) => Math.max(...r));
  }

  /** The camera and canvas as numbers: a change means the picture moved under the overlay. */
  currentSignature() {
    const { model, view, projection } = this.scene.glplot.cameraParams;
    const canvas = this.scene.glplot.canvas || {};
    return [...model, ...view, ...projection, ...this.scene.dataScale, canvas.width, canvas.height].join(",");
  }

  follow() {
    if (!this.svg) return;
    this.watch = requestAnimationFrame(() => this.follow());
    const canvas = this.scene.glplot.canvas || {};
    if (canvas.width !== this.canvasWidth || canvas.height !== this.canvasHeight) {
      this.canvasWidth = canvas.width;
      this.canvasHeight = canvas.height;
      this.place();
    }
    if (this.data && this.currentSignature() !== this.signature) this.paint();
  }

  /** Draw the moving traces for x (one frame); returns the outputs, as scene.js redraw does. */
  draw(scene, x) {
    const { data, out } = movingData(scene, x);
    this.data = data;
    this.paint();
    return out;
  }

  /** Pixel position on the scene's container of data point p, or null behind the eye. */
  projector() {
    const cam = this.scene.glplot.cameraParams;
    const s = this.scene.dataScale;
    const scale = [s[0], 0, 0, 0, 0, s[1], 0, 0, 0, 0, s[2], 0, 0, 0, 0, 1];
    const m = multiply(cam.projection, multiply(cam.view, multiply(cam.model, scale)));
    const w = this.width;
    const h = this.height;
    return (p) => {
      const c0 = m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12];
      const c1 = m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13];
      const c3 = m[3] * p[0] + m[7] * p[1] + m[11] * p[2] + m[15];
      if (!(c3 > 0)) return null;
      return [(0.5 + (0.5 * c0) / c3) * w, (0.5 - (0.5 * c1) / c3) * h];
    };
  }

  paint() {
    this.signature = this.currentSignature();
    const project = this.projector();
    for (const item of this.items) {
      const d = this.data[item.role];
      if (!d) continue; // not moved by x: as the figure drew it
      if (item.cone) this.paintCone(item, d, project);
      else this.paintLine(item, d, project);
    }
  }

  paintLine(item, d, project) {
    const n = d.x.length;
    const points = Array.from({ length: n }, (_, k) => [d.x[k], d.y[k], d.z[k]]);
    const finite = (p) => p.every(Number.isFinite);
    let used = 0;
    if (item.lines) {
      const trace = item.trace;
      const [pattern, periods] = GL_DASHES[(trace.line && trace.line.dash) || "solid"] || GL_DASHES.solid;
      for (let k = 0; k + 1 < n; k++) {
        if (!finite(points[k]) || !finite(points[k + 1])) continue; // a gap (connectgaps is false)
        const seg = clip(points[k], points[k + 1], this.lo, this.hi);
        const a = seg && project(seg[0]);
        const b = seg && project(seg[1]);
        if (!a || !b) continue;
        const path = item.path(used++);
        path.setAttribute("d", `M${fmt(a[0])},${fmt(a[1])}L${fmt(b[0])},${fmt(b[1])}`);
        if (pattern.length) path.setAttribute("stroke-dasharray", this.dashes(pattern, periods, seg, a, b));
      }
    }
    for (let k = used; k < item.paths.length; k++) item.paths[k].setAttribute("d", "");
    if (item.markers) {
      const m = item.trace.marker || {};
      let path = "";
      points.forEach((p, k) => {
        const size = Number(at(m.size, k, 6));
        const q = size > 0 && finite(p) && inside(p, this.lo, this.hi) && project(p);
        if (q) path += symbolPath(String(at(m.symbol, k, "circle")), q[0], q[1], size);
      });
      item.markers.setAttribute("d", path);
    }
    if (item.text) this.paintText(item, points, project);
  }

  /** stroke-dasharray in pixels for a dashed segment: the scene's pattern, its period measured in the scaled
   *  scene and brought to the screen at this segment's mean scale. */
  dashes(pattern, periods, seg, a, b) {
    const s = this.scene.dataScale;
    const scaled = Math.hypot(...seg[1].map((v, i) => (v - seg[0][i]) * s[i]));
    const pixels = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const period = scaled > 0 ? pixels / scaled / periods : 0;
    if (!(period > 0)) return "none";
    return pattern.map((f, i) => fmt((f - (i ? pattern[i - 1] : 0)) * period)).join(" ");
  }

  paintText(item, points, project) {
    const trace = item.trace;
    const font = trace.textfont || {};
    const size = Number(at(font.size, 0, 12));
    const position = String(at(trace.textposition, 0, "middle center"));
    const dx = position.includes("left") ? -1 : position.includes("right") ? 1 : 0;
    const dy = position.includes("top") ? -1 : position.includes("bottom") ? 1 : 0;
    const nodes = [];
    points.forEach((p, k) => {
      const label = at(trace.text, k, "");
      const q = label && p.every(Number.isFinite) && inside(p, this.lo, this.hi) && project(p);
      if (!q) return;
      const t = el("text", {
        x: fmt(q[0] + dx * 0.6 * size), y: fmt(q[1] + dy * 0.6 * size), "font-size": size,
        "text-anchor": dx < 0 ? "end" : dx > 0 ? "start" : "middle",
        "dominant-baseline": dy < 0 ? "auto" : dy > 0 ? "hanging" : "central",
        fill: String(at(font.color, k, "#000")),
      }); // prettier-ignore
      if (font.family) t.setAttribute("font-family", String(font.family));
      t.textContent = String(label);
      nodes.push(t);
    });
    item.text.replaceChildren(...nodes);
  }

  /** A cone head: tip at its position, base circle a length |(u, v, w)| behind it (gl-cone3d, anchor "tip"),
   *  drawn as the outline of the projected tip and base circle. */
  paintCone(item, d, project) {
    let path = "";
    for (let k = 0; k < d.x.length; k++) {
      const tip = [d.x[k], d.y[k], d.z[k]];
      const vec = [d.u[k], d.v[k], d.w[k]];
      const len = Math.hypot(...vec);
      if (!(len > 0) || !tip.every(Number.isFinite) || !inside(tip, this.lo, this.hi)) continue;
      const axis = vec.map((c) => c / len);
      const helper = Math.abs(axis[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
      const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
      const u = cross(axis, helper);
      const un = Math.hypot(...u);
      const e1 = u.map((c) => c / un);
      const e2 = cross(axis, e1);
      const r = CONE_RADIUS * len;
      const outline = [project(tip)];
      for (let j = 0; j < CONE_SIDES; j++) {
        const t = (2 * Math.PI * j) / CONE_SIDES;
        outline.push(project(tip.map((c, i) => c - vec[i] + r * (Math.cos(t) * e1[i] + Math.sin(t) * e2[i]))));
      }
      if (outline.some((q) => !q)) continue;
      const shape = hull(outline);
      path += `M${shape.map((q) => `${fmt(q[0])},${fmt(q[1])}`).join("L")}Z`;
    }
    item.shape.setAttribute("d", path);
  }

  /** Give the scene its own copies back (before plotly draws a new figure: plotly updates them in place). */
  restore() {
    const hidden = this.hidden;
    this.hidden = [];
    const glplot = this.scene.glplot;
    for (const { owner, object } of hidden) {
      const current = this.scene.traces && Object.values(this.scene.traces).includes(owner);
      if (current && Object.values(owner).includes(object) && !glplot.objects.includes(object)) glplot.add(object);
    }
  }

  close() {
    cancelAnimationFrame(this.watch);
    this.restore();
    if (this.svg) this.svg.remove();
    this.svg = null;
  }
}
