// The scene hook of the live chart: what moves when x moves.
//
//   redraw(gd, scene, x)
//     gd     a plotly graph div, already drawn, holding the moving traces
//            (gd.data, each with the `meta` role the figure engine gave it).
//            On the plane it is live.js's motion layer, a small graph laid over
//            the figure that holds only the traces moving(scene) names; in
//            space it is the figure itself. window.Plotly is loaded.
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
// This minimal version moves the traces whose meta is "arrow_input" (to x)
// and "arrow_l2" / "arrow_rms" / "arrow_ln" (to the method's output, for the
// methods in scene.shown) as straight segments from the origin.

import { METHODS } from "./normmath.js";

const MOVING = ["arrow_input", "arrow_l2", "arrow_rms", "arrow_ln"];

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

export function redraw(gd, scene, x) {
  const index = traceIndex(gd);
  const ends = { arrow_input: x };
  const out = outputs(scene, x);
  for (const key of Object.keys(out)) ends[`arrow_${key}`] = out[key];
  const space = scene.mode === "space";
  const update = space ? { x: [], y: [], z: [] } : { x: [], y: [] };
  const traces = [];
  for (const role of moving(scene)) {
    const i = index[role];
    const end = ends[role];
    if (i === undefined || end === undefined) continue;
    traces.push(i);
    update.x.push([0, end[0]]);
    update.y.push([0, end[1]]);
    if (space) update.z.push([0, end[2]]);
  }
  if (traces.length) window.Plotly.restyle(gd, update, traces);
  return out;
}
