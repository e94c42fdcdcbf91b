// The scene hook of the live chart: what moves when x moves.
//
//   redraw(gd, scene, x)
//     gd     a plotly graph div, already drawn, holding the moving traces
//            (gd.data, each with the `meta` role the figure engine gave it).
//            On the plane it is live.js's motion layer, a small graph laid over
//            the figure that holds only the traces moving(scene) names; in
//            space, only where the figure has no WebGL scene to lay the
//            overlay over, the figure itself (overlay.js draws the space from
//            movingData(scene, x), the same data). window.Plotly is loaded.
//     scene  the scene dict Python passed to live_chart (mode, x, eps, gamma,
//            beta, shown, bounds, step, labels, anything else the page adds).
//     x      the live input vector: a plain array of 2 (plane) or 3 (space)
//            numbers, already clamped to scene.bounds and on the step grid.
//
// live.js calls it at most once per animation frame while x moves, and times
// it. It must restyle only the traces that move (one Plotly.restyle call) and
// never rebuild the figure. moving(scene) names the traces (by meta) that the
// motion layer copies; Python may list them as scene.moving.
//
// The traces follow the figure engine (normviz/figures/projection.py) exactly:
// an arrow is [start, end, NaN] per arrow (NaN gaps), its 3D head a cone trace
// "<role>_head" whose tip is the arrow's end; the ray runs from the origin
// through x to the box of half-width scene.extent; the decomposition is
// 0 -> mu*1 -> x; the animation's points ("moving_<m>") sit at x, where the
// animation starts; "x_offscreen" is an arrow at the edge of the box (from 0.82 of
// the ray's end to its end) that points to an x lying outside the box, else empty.
// Python names the roles in scene.moving.

import { METHODS } from "./normmath.js";

const MOVING = ["ray", "decomposition", "arrow_input", "arrow_l2", "arrow_rms", "arrow_ln"];

/** The meta roles of the traces that follow x: scene.moving when Python names them, else the arrows. */
export function moving(scene) {
  return Array.isArray(scene.moving) ? scene.moving : MOVING;
}
const byData = new WeakMap(); // gd.data -> {meta: trace index}

/** Index of each trace by its meta role; recomputed when plotly replaces gd.data. */
export function traceIndex(gd) {
  let index = byData.get(gd.data);
  if (!index) {
    index = {};
    gd.data.forEach((trace, i) => {
      if (typeof trace.meta === "string" && !(trace.meta in index)) index[trace.meta] = i;
    });
    byData.set(gd.data, index);
  }
  return index;
}

/** {l2, rms, ln} outputs of x for the methods in scene.shown, with the scene's eps, gamma and beta. */
export function outputs(scene, x) {
  const eps = scene.eps || {};
  const out = {};
  for (const key of scene.shown || Object.keys(METHODS)) {
    if (!(key in METHODS)) continue;
    out[key] = METHODS[key](x, eps[key], scene.gamma, scene.beta);
  }
  return out;
}

const finite = (v) => v.every(Number.isFinite);

/** The segments (pairs [start, end]) each moving role draws for x. */
export function segments(scene, x) {
  const n = x.length;
  const zero = new Array(n).fill(0);
  const mu = x.reduce((a, b) => a + b, 0) / n;
  const meanPart = new Array(n).fill(mu);
  const top = Math.max(...x.map(Math.abs));
  const extent = scene.extent || 10;
  const out = outputs(scene, x);
  const seg = {
    arrow_input: [[zero, x]],
    decomposition: [[zero, meanPart], [meanPart, x]],
    ray: top > 0 && Number.isFinite(top) ? [[zero, x.map((v) => (v * extent) / top)]] : [],
    x_offscreen: top > extent && Number.isFinite(top) ? [[x.map((v) => (0.82 * v * extent) / top), x.map((v) => (v * extent) / top)]] : [],
  };
  for (const key of Object.keys(out)) {
    seg[`arrow_${key}`] = finite(out[key]) ? [[zero, out[key]]] : [];
    seg[`moving_${key}`] = [[zero, x]];
  }
  return { seg, out };
}

function polyline(pairs, n, gaps) {
  const cols = Array.from({ length: n }, () => []);
  for (const [a, b] of pairs) {
    for (let i = 0; i < n; i++) cols[i].push(a[i], b[i], ...(gaps ? [NaN] : []));
  }
  return cols;
}

function cone(pairs, extent) {
  const cols = { x: [], y: [], z: [], u: [], v: [], w: [] };
  for (const [a, b] of pairs) {
    const d = b.map((v, i) => v - a[i]);
    const len = Math.hypot(...d);
    if (!(len > 0)) continue;
    const head = Math.min(0.07 * extent, 0.35 * len) / len;
    ["x", "y", "z"].forEach((k, i) => cols[k].push(b[i]));
    ["u", "v", "w"].forEach((k, i) => cols[k].push(d[i] * head));
  }
  return cols;
}

/** What each moving role draws for x, as the figure's traces hold it: {x, y[, z]} columns for a line (an
 *  arrow's NaN gaps included), {x, y, z, u, v, w} for a 3D head (a cone trace); and the outputs. Roles that
 *  x does not move are left out. live.js's space overlay draws the same data (overlay.js). */
export function movingData(scene, x) {
  const n = x.length;
  const axes = n === 3 ? ["x", "y", "z"] : ["x", "y"];
  const { seg, out } = segments(scene, x);
  const data = {};
  for (const role of moving(scene)) {
    const head = role.endsWith("_head");
    const base = head ? role.slice(0, -5) : role;
    const pairs = seg[base];
    if (pairs === undefined) continue;
    if (head) {
      data[role] = cone(pairs, scene.extent || 10);
      continue;
    }
    // arrows carry NaN gaps between arrows (as the engine draws them); the ray and the animation's points do not
    const gaps = base.startsWith("arrow_") || base === "decomposition" || base === "x_offscreen";
    const cols = polyline(pairs, n, gaps);
    data[role] = Object.fromEntries(axes.map((a, k) => [a, cols[k]]));
  }
  return { data, out };
}

export function redraw(gd, scene, x) {
  const index = traceIndex(gd);
  const n = x.length;
  const axes = n === 3 ? ["x", "y", "z"] : ["x", "y"];
  const { data, out } = movingData(scene, x);
  const lines = Object.fromEntries(axes.map((a) => [a, []]));
  const lineTraces = [];
  const heads = { x: [], y: [], z: [], u: [], v: [], w: [] };
  const headTraces = [];
  for (const [role, cols] of Object.entries(data)) {
    const i = index[role];
    if (i === undefined) continue;
    if (role.endsWith("_head")) {
      for (const k of Object.keys(heads)) heads[k].push(cols[k]);
      headTraces.push(i);
    } else {
      axes.forEach((a) => lines[a].push(cols[a]));
      lineTraces.push(i);
    }
  }
  if (lineTraces.length) window.Plotly.restyle(gd, lines, lineTraces);
  if (headTraces.length) window.Plotly.restyle(gd, heads, headTraces);
  return out;
}
