// normviz.live: the live-drag chart, a st.components.v2 component.
//
// Python (normviz/ui/live) sends data = {figure, scene, height}: a plotly
// figure dict and the scene of scene.js. This module draws the figure with
// plotly.js (loaded once per page from the app's static files, cached and
// compiled by the browser), lets the student move x, calls the scene hook
// redraw(gd, scene, x) at most once per animation frame while x moves, and on
// release calls setStateValue("release", {x, id}) once: one rerun per release.
//
//   plane: drag the tip of x (pointer events; a drag starts only near the
//          tip, elsewhere plotly's own zoom/pan works; an x outside the view
//          is grabbed at the arrow on the view's edge and comes to the pointer),
//          or focus the chart and nudge x with the arrow keys (Shift: 10 steps).
//   space: the component's own x₁..x₃ sliders, live while dragging.
//   figure: nothing to move (normviz/ui/kit/live animated_chart): a figure whose frames play in the browser,
//          with the buttons and keys below; the live region says the frame shown (labels.announce.frame).
//
// The animation's Play and Pause are HTML buttons, laid where plotly drew its SVG ones (which Tab never
// reaches; Python takes them out of the figure: normviz/ui/kit/live html_animation_controls). The focused
// chart takes keys as well: Page Up / Page Down step a frame (a presenter's clicker), Home / End go to the
// start and the end, Space plays or pauses (in space and figure mode ← / → step too). Under
// prefers-reduced-motion Play goes from stage to stage without the frames between (a figure: to its last frame
// at once), and nothing plays by itself. After each move, a polite live region
// says the new x and the outputs in the page's language (Python's labels.announce).
//
// While x moves on the plane, the moving traces are drawn on a motion layer:
// a second, small plotly graph laid exactly over the figure (same size,
// margins and axis ranges; no axes, legend or events of its own), with the
// figure's own copies hidden. Plotly.restyle on the page's figure replots
// all of it (defaults and calc for every trace, axes, legend, animation
// controls): 25-40 ms a frame (median) on this 2-core machine, against 9-11
// ms on the layer (tests/browser/test_live_chart.py prints both). The next render (Python's figure at the released x) removes it. In
// space the moving traces are drawn in an SVG over the WebGL scene, projected through the scene's camera, and
// the scene's own copies leave its draw list (overlay.js): a frame does not draw the 3D scene, which costs
// 100-200 ms in software WebGL. Where the figure has no WebGL scene the hook restyles the figure itself.
//
// Never insert text as HTML here: labels come from Python and are set with
// textContent only. The component runs in the app page (isolate_styles=False,
// so plotly's document-level CSS applies and `.js-plotly-plot` is findable).

import { loadPlotly } from "./load_plotly.js";
import { SpaceOverlay } from "./overlay.js";
import { moving, outputs, redraw } from "./scene.js";

const GRAB_PX = { mouse: 18, pen: 18, touch: 30 }; // how near the tip a drag may start
const KEY_SETTLE_MS = 300; // keyboard changes are sent once the keys have rested this long
const MAX_TIMINGS = 2000;
const MOTION_TIMEOUT_MS = 5000; // after a release, how long Python's new figure may take before the motion layer goes
const ANNOUNCE_MS = 400; // the live region speaks at most this often

const reducedMotion = () => Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);

function decimalsOf(step) {
  for (let d = 0; d <= 12; d++) if (Math.abs(Number(step.toFixed(d)) - step) <= 1e-12 * Math.max(1, step)) return d;
  return 12;
}

const SUBSCRIPTS = ["₁", "₂", "₃"];

// Plotly.animate's promise rejects (with no reason) when a newer animation interrupts it, as a quick
// run of PageDown or a Play during a step does: that is the intended outcome, not an error.
const interrupted = () => {};

class Live {
  constructor(parent) {
    this.parent = parent;
    this.root = document.createElement("div");
    this.root.className = "nv-live";
    this.box = document.createElement("div");
    this.box.className = "nv-live-plot";
    this.gd = document.createElement("div");
    this.gd.className = "nv-live-gd";
    this.controls = document.createElement("div");
    this.controls.className = "nv-live-sliders";
    this.toolbar = document.createElement("div");
    this.toolbar.className = "nv-live-anim";
    this.toolbar.setAttribute("role", "group");
    this.status = document.createElement("div");
    this.status.className = "nv-live-status";
    this.status.setAttribute("role", "status"); // polite: read when the reader is idle
    this.box.appendChild(this.gd);
    this.root.append(this.box, this.toolbar, this.controls, this.status); // Tab: the chart, then its buttons
    parent.appendChild(this.root);

    this.scene = null;
    this.x = null;
    this.ready = false;
    this.generation = 0;
    this.latest = null; // the newest data not yet drawn
    this.drawing = Promise.resolve();
    this.drag = null; // {pointerId, offset: [dx, dy]} while the tip is held
    this.framePending = 0;
    this.settle = 0; // keyboard/slider-key timer before a send
    this.sliding = false; // a space slider is held
    this.sliders = [];
    this.stats = { frames: 0, timings: [], sent: 0, renders: 0 };
    this.root.__normvizLive = this; // for tests and debugging

    this.listen(this.box, "pointerdown", (e) => this.onPointerDown(e), true);
    this.listen(this.box, "pointermove", (e) => this.onPointerMove(e), true);
    this.listen(this.box, "pointerup", (e) => this.onPointerUp(e), true);
    this.listen(this.box, "pointercancel", (e) => this.onPointerUp(e), true);
    this.listen(this.box, "lostpointercapture", (e) => this.onPointerUp(e), true);
    this.listen(this.box, "pointerleave", () => this.root.classList.remove("nv-near"));
    // While the tip is held, plotly must not see a press (its zoom box / pan).
    for (const type of ["mousedown", "touchstart"]) {
      this.listen(this.box, type, (e) => this.drag && e.stopPropagation(), true);
    }
    this.listen(this.box, "keydown", (e) => this.onKeyDown(e));
    this.listen(this.box, "keyup", (e) => this.onKeyUp(e));
    this.listen(this.box, "blur", () => this.settle && this.flushSettle());
  }

  listen(target, type, handler, capture = false) {
    target.addEventListener(type, handler, capture);
    (this.unlisten ||= []).push(() => target.removeEventListener(type, handler, capture));
  }

  get busy() {
    return Boolean(this.drag || this.sliding || this.settle);
  }

  // -- data from Python --------------------------------------------------

  update(data) {
    this.latest = data;
    if (this.busy) return; // drawn after the release (or dropped if the release reruns)
    this.drawing = this.drawing.then(() => this.render()).catch((err) => this.fail(err));
  }

  async render() {
    const data = this.latest;
    if (!data || this.destroyed) return;
    const Plotly = await loadPlotly(data.assets && data.assets.plotly);
    if (data !== this.latest || this.destroyed || this.busy) return;
    this.latest = null;
    const { figure, scene, height } = data;
    this.scene = scene;
    this.x = scene.x ? scene.x.slice() : null; // a "figure" has no x
    this.sent = null;
    this.decimals = scene.step ? decimalsOf(scene.step) : 0;
    this.setupControls();
    const layout = { ...(figure.layout || {}) };
    if (layout.uirevision === undefined) layout.uirevision = "normviz-live"; // keep a rotated camera, a zoom
    layout.height = height || layout.height || 500;
    if (!layout.font || !layout.font.family) {
      layout.font = { ...(layout.font || {}), family: getComputedStyle(this.root).fontFamily };
    }
    const config = { displaylogo: false, responsive: true, ...(figure.config || {}) };
    if (this.motion && this.motion.overlay) this.motion.overlay.restore(); // plotly updates the scene's copies in place
    await Plotly.react(this.gd, { data: figure.data || [], layout, frames: figure.frames || [], config });
    this.frameIndex = 0; // a new figure shows its first frame
    this.setPlaying(false);
    if (!this.followsFrames) { // Play and the step slider move the frame too: keys step on from there
      this.followsFrames = true;
      this.gd.on("plotly_animatingframe", (e) => {
        const frames = this.gd._transitionData._frames;
        const k = frames.findIndex((f) => f.name === e.name);
        if (k >= 0) {
          this.frameIndex = k;
          this.root.dataset.frame = String(k);
        }
        if (!this.playing) this.announceFrame(); // a step by key or by the figure's slider; a Play says its end
        this.syncToolbar();
      });
    }
    if (!this.stats.renders && scene.frame > 0) this.stepAnimation(scene.frame); // a copied link's step
    this.setupToolbar();
    if (scene.autoplay && !reducedMotion()) this.play(); // e.g. the lesson's reveal: the projection plays once
    this.endMotion(); // the figure now shows the released x itself
    this.ready = true;
    this.stats.renders += 1;
    this.root.dataset.ready = "true";
    this.root.dataset.renders = String(this.stats.renders);
    this.showX();
  }

  fail(err) {
    this.root.dataset.error = String((err && err.message) || err);
    console.error("normviz.live:", err);
  }

  setupControls() {
    const { mode, labels = {} } = this.scene;
    this.root.dataset.mode = mode;
    this.box.dataset.mode = mode;
    if (mode === "plane") {
      this.box.tabIndex = 0;
      this.box.setAttribute("role", "application"); // the arrow keys move x, not the screen reader's cursor
      this.box.setAttribute("aria-label", labels.chart || "x: drag its tip, or use the arrow keys");
      this.controls.replaceChildren();
      this.sliders = [];
      return;
    }
    if (mode === "figure") { // nothing to move: the focused plot's keys step the frames
      this.box.tabIndex = 0;
      this.box.setAttribute("role", "application"); // the arrow keys step frames, not the screen reader's cursor
      this.box.setAttribute("aria-label", labels.chart || "Animated figure");
      this.controls.replaceChildren();
      this.sliders = [];
      return;
    }
    this.box.tabIndex = 0; // focusable: Page Up / Page Down and ← / → step the animation
    this.box.removeAttribute("role");
    this.box.setAttribute("aria-label", labels.chart || "x");
    const [lo, hi] = this.scene.bounds;
    const names = this.x.map((_, i) => (labels.x && labels.x[i]) || `x${SUBSCRIPTS[i] || i + 1}`);
    if (this.sliders.length !== this.x.length) {
      this.controls.replaceChildren();
      this.sliders = this.x.map((_, i) => this.makeSlider(i));
    }
    this.sliders.forEach(({ input, label, output }, i) => {
      label.textContent = names[i];
      input.setAttribute("aria-label", names[i]);
      input.min = String(lo);
      input.max = String(hi);
      input.step = String(this.scene.step);
      input.value = String(this.x[i]);
      output.textContent = this.x[i].toFixed(this.decimals);
    });
  }

  makeSlider(i) {
    const id = `nv-live-${Math.random().toString(36).slice(2)}-${i}`;
    const label = document.createElement("label");
    label.htmlFor = id;
    const input = document.createElement("input");
    input.type = "range";
    input.id = id;
    input.dataset.index = String(i);
    const output = document.createElement("output");
    output.htmlFor = id;
    this.controls.append(label, input, output);
    let byKey = false;
    this.listen(input, "pointerdown", () => {
      byKey = false;
      this.sliding = true;
    });
    for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) {
      // A press that changes nothing fires no "change": the slider is free again all the same.
      this.listen(input, type, () => {
        this.sliding = false;
      });
    }
    this.listen(input, "keydown", () => {
      byKey = true;
    });
    this.listen(input, "input", () => {
      if (!this.ready) return;
      this.x[i] = this.snap(Number(input.value));
      this.beginMotion();
      this.scheduleFrame();
    });
    this.listen(input, "change", () => {
      this.sliding = false;
      if (byKey) this.settleThenSend();
      else this.release();
    });
    return { input, label, output };
  }

  // -- geometry of the plane ---------------------------------------------

  axes() {
    const fl = this.gd._fullLayout;
    return fl && fl.xaxis && fl.yaxis && fl.xaxis.p2l ? [fl.xaxis, fl.yaxis] : null;
  }

  /** Data coordinates of a pointer event on the plane. */
  toData(e) {
    const [xa, ya] = this.axes();
    const r = this.gd.getBoundingClientRect();
    return [xa.p2l(e.clientX - r.left - xa._offset), ya.p2l(e.clientY - r.top - ya._offset)];
  }

  /** Where x is grabbed: its tip, or, for an x outside the view, the edge where the ray towards it leaves
   *  the view (the figure's arrow "x_offscreen" points there). */
  handle() {
    const extent = this.scene.extent;
    const top = Math.max(...this.x.map(Math.abs));
    if (!(extent > 0) || !(top > extent)) return { point: this.x, outside: false };
    return { point: this.x.map((v) => (v * extent) / top), outside: true };
  }

  /** Distance in pixels from the pointer to the handle of x. */
  tipDistance(e) {
    const [xa, ya] = this.axes();
    const r = this.gd.getBoundingClientRect();
    const { point } = this.handle();
    const tx = r.left + xa._offset + xa.l2p(point[0]);
    const ty = r.top + ya._offset + ya.l2p(point[1]);
    return Math.hypot(e.clientX - tx, e.clientY - ty);
  }

  snap(v) {
    const [lo, hi] = this.scene.bounds;
    const step = this.scene.step;
    const grid = Math.round(v / step) * step;
    return Number(Math.min(hi, Math.max(lo, grid)).toFixed(this.decimals));
  }

  planeReady() {
    return this.ready && this.scene.mode === "plane" && this.axes() !== null;
  }

  // -- pointer: drag the tip ---------------------------------------------

  onPointerDown(e) {
    if (!this.planeReady() || this.drag || e.button !== 0) return;
    if (this.tipDistance(e) > (GRAB_PX[e.pointerType] || GRAB_PX.mouse)) return;
    e.preventDefault(); // no compatibility mousedown: plotly starts no zoom box
    e.stopPropagation();
    const [px, py] = this.toData(e);
    // Grabbed at the edge (x lies outside the view): x comes to the pointer, into the view.
    const offset = this.handle().outside ? [0, 0] : [px - this.x[0], py - this.x[1]];
    this.drag = { pointerId: e.pointerId, offset };
    this.box.setPointerCapture(e.pointerId);
    this.box.focus({ preventScroll: true });
    this.beginMotion();
    this.root.classList.add("nv-dragging");
    this.root.dataset.dragging = "true";
  }

  onPointerMove(e) {
    if (!this.planeReady()) return;
    if (!this.drag) {
      this.root.classList.toggle("nv-near", this.tipDistance(e) <= (GRAB_PX[e.pointerType] || GRAB_PX.mouse));
      return;
    }
    if (e.pointerId !== this.drag.pointerId) return;
    e.stopPropagation();
    const [px, py] = this.toData(e);
    const next = [this.snap(px - this.drag.offset[0]), this.snap(py - this.drag.offset[1])];
    if (next[0] === this.x[0] && next[1] === this.x[1]) return;
    this.x = next;
    this.scheduleFrame();
  }

  onPointerUp(e) {
    if (!this.drag || e.pointerId !== this.drag.pointerId) return;
    this.drag = null;
    if (this.box.hasPointerCapture(e.pointerId)) this.box.releasePointerCapture(e.pointerId);
    this.root.classList.remove("nv-dragging");
    delete this.root.dataset.dragging;
    this.release();
  }

  // -- keyboard: nudge x ---------------------------------------------------

  onKeyDown(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    // A presenter's clicker sends Page Up / Page Down: they step the projection animation. In space and in
    // a figure the arrow keys on the chart step it too (on the plane they nudge x).
    const arrows = this.scene && (this.scene.mode === "space" || this.scene.mode === "figure");
    const steps = { PageDown: 1, PageUp: -1, ...(arrows ? { ArrowRight: 1, ArrowLeft: -1 } : {}) };
    if (e.target === this.box && this.frames().length) {
      const last = this.frames().length - 1;
      const jump = { Home: -last, End: last }[e.key];
      if (e.key in steps || jump !== undefined || e.key === " ") {
        e.preventDefault();
        if (e.key === " ") this.togglePlay();
        else this.stepAnimation(jump !== undefined ? jump : steps[e.key]);
        return;
      }
    }
    if (!this.planeReady() || e.target !== this.box) return;
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowDown: [1, -1], ArrowUp: [1, 1] };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault(); // no page scroll
    const [i, sign] = move;
    this.beginMotion();
    const step = this.scene.step * (e.shiftKey ? 10 : 1);
    this.x = this.x.slice();
    this.x[i] = this.snap(this.x[i] + sign * step);
    this.scheduleFrame();
    clearTimeout(this.settle);
    this.settle = setTimeout(() => this.flushSettle(), KEY_SETTLE_MS * 4); // a key held past this is a release too
  }

  // -- keyboard: step the projection animation -----------------------------

  frames() {
    const gd = this.gd;
    return (gd && gd._transitionData && gd._transitionData._frames) || [];
  }

  /** The frames that end a stage, as indices: the step slider's named steps (start, ①, ②, ③). */
  stageMarks() {
    const slider = ((this.gd.layout && this.gd.layout.sliders) || [])[0];
    const names = this.frames().map((f) => f.name);
    const marks = ((slider && slider.steps) || []).map((s) => names.indexOf(s.args && s.args[0] && s.args[0][0]));
    return marks.filter((k) => k >= 0);
  }

  /** Play from the frame on screen, every frame; under reduced motion from stage to stage, none between (a
   * "figure", whose frames are no stages: its last frame at once). */
  play() {
    const animation = this.scene && this.scene.animation;
    const frames = this.frames();
    if (!animation || !frames.length) return;
    this.root.dataset.autoplayed = String((Number(this.root.dataset.autoplayed) || 0) + 1);
    let from = this.frameIndex || 0;
    if (from >= frames.length - 1) from = 0; // at the end, Play starts over
    const options = animation.options || {};
    const frameMs = (options.frame && options.frame.duration) || 100;
    let names = frames.slice(from).map((f) => f.name);
    let duration = frameMs;
    if (reducedMotion() && this.scene.mode === "figure") {
      names = [frames[frames.length - 1].name];
      duration = 0;
    } else if (reducedMotion()) { // a stage's end each time a stage's frames would have played
      const marks = this.stageMarks();
      duration = frameMs * (marks.length > 1 ? marks[1] - marks[0] : 1);
      names = marks.filter((k) => k > from).map((k) => frames[k].name);
    }
    if (!names.length) return;
    const run = this.setPlaying(true);
    const done = () => { // a newer Play or step took over: not done
      if (this.playRun !== run) return;
      this.setPlaying(false);
      this.announceFrame();
    };
    window.Plotly.animate(this.gd, names, {
      mode: "immediate", frame: { duration, redraw: true }, transition: { duration: 0 },
    }).then(done, () => done()); // prettier-ignore
  }

  /** Playing or not: the flag, data-playing (for tests) and Play's aria-pressed; returns this run's number. */
  setPlaying(on) {
    this.playRun = (this.playRun || 0) + 1;
    this.playing = on;
    if (on) this.root.dataset.playing = "true";
    else delete this.root.dataset.playing;
    this.syncToolbar();
    return this.playRun;
  }

  pause() {
    if (!this.frames().length) return;
    window.Plotly.animate(this.gd, [null], {
      mode: "immediate", frame: { duration: 0, redraw: false }, transition: { duration: 0 },
    }).catch(interrupted); // prettier-ignore
    this.setPlaying(false);
    this.announceFrame();
  }

  togglePlay() {
    if (this.playing) this.pause();
    else this.play();
  }

  /** Show the frame ``delta`` steps from the current one (the figure's plotly frames, in the browser). */
  stepAnimation(delta) {
    const frames = this.frames();
    if (!frames.length) return;
    this.showFrame(Math.min(Math.max((this.frameIndex || 0) + delta, 0), frames.length - 1));
  }

  showFrame(index) {
    const frames = this.frames();
    this.setPlaying(false);
    this.frameIndex = index;
    this.root.dataset.frame = String(index);
    window.Plotly.animate(this.gd, [frames[index].name], {
      mode: "immediate", frame: { duration: 0, redraw: true }, transition: { duration: 0 },
    }).catch(interrupted); // prettier-ignore
    this.syncToolbar();
  }

  // -- the animation's buttons ------------------------------------------------

  setupToolbar() {
    const animation = this.scene.animation;
    if (!animation || !this.frames().length) {
      this.toolbar.replaceChildren();
      this.buttons = null;
      return;
    }
    if (!this.buttons) {
      const make = (name, onClick) => {
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.action = name;
        this.listen(b, "click", onClick);
        return b;
      };
      this.buttons = { play: make("play", () => this.play()), pause: make("pause", () => this.pause()) };
      this.toolbar.replaceChildren(this.buttons.play, this.buttons.pause);
      this.gd.on("plotly_afterplot", () => this.placeToolbar()); // a resize moves the plot area
    }
    const labels = (this.scene.labels && this.scene.labels.anim) || {};
    this.toolbar.setAttribute("aria-label", labels.group || "Animation");
    this.placeToolbar();
    this.syncToolbar();
  }

  /** Where plotly drew its buttons: ``x`` of the plot area's width from its left, ``pad`` px below it. */
  placeToolbar() {
    const animation = this.scene && this.scene.animation;
    const fl = this.gd._fullLayout;
    if (!animation || !fl || !fl._size) return;
    const { l, t, w, h } = fl._size;
    const font = (fl.font && fl.font.size) || 12;
    this.toolbar.style.fontSize = `${font}px`;
    this.toolbar.style.top = `${t + h + animation.pad}px`;
    // HTML text is wider than plotly's: on the step slider's row, the buttons end where the slider begins
    const slider = (this.gd.layout.sliders || [])[0];
    const sameRow = slider && ((slider.pad && slider.pad.t) || 0) < animation.pad + 2 * font;
    const end = sameRow ? l + (slider.x || 0) * w - 4 : Infinity;
    this.labelButtons(false);
    if (this.toolbar.offsetWidth > end) this.labelButtons(true); // a narrow screen: the symbols, named in full
    this.toolbar.style.left = `${Math.max(0, Math.min(l + animation.x * w, end - this.toolbar.offsetWidth))}px`;
  }

  /** The buttons' text: "▶ Play", or with ``short`` only "▶" (the whole label stays their accessible name). */
  labelButtons(short) {
    const animation = this.scene.animation;
    for (const [name, label] of [["play", animation.play], ["pause", animation.pause]]) {
      const b = this.buttons[name];
      b.textContent = short ? label.split(" ")[0] : label;
      if (short) b.setAttribute("aria-label", label);
      else b.removeAttribute("aria-label");
    }
  }

  syncToolbar() {
    if (!this.buttons) return;
    this.buttons.play.setAttribute("aria-pressed", String(Boolean(this.playing)));
  }

  // -- keyboard: settle ------------------------------------------------------

  onKeyUp(e) {
    if (this.settle && e.key.startsWith("Arrow")) this.settleThenSend();
  }

  settleThenSend() {
    clearTimeout(this.settle);
    this.settle = setTimeout(() => this.flushSettle(), KEY_SETTLE_MS);
  }

  flushSettle() {
    clearTimeout(this.settle);
    this.settle = 0;
    this.release();
  }

  // -- the motion layer (plane) and the overlay (space) ---------------------

  beginMotion() {
    if (this.motion || this.restyleFigure) return; // restyleFigure: tests compare
    if (this.scene.mode === "space") {
      const overlay = SpaceOverlay.open(this.box, this.gd, moving(this.scene));
      if (!overlay) return; // no WebGL scene: the hook restyles the figure
      this.motion = { overlay, timer: 0 };
      this.root.dataset.motion = "true";
      return;
    }
    if (this.scene.mode !== "plane") return;
    const roles = new Set(moving(this.scene));
    const indices = [];
    this.gd.data.forEach((trace, i) => roles.has(trace.meta) && indices.push(i));
    const fl = this.gd._fullLayout;
    if (!indices.length || !fl || !fl._size) return;
    const layer = document.createElement("div");
    layer.className = "nv-live-motion";
    this.box.appendChild(layer);
    const motion = { layer, indices, gd: null, hidden: [], timer: 0 };
    this.motion = motion;
    const axis = (a) => ({ type: a.type, range: a.range.slice(), domain: a.domain.slice(), visible: false, fixedrange: true });
    const { l, r, t, b } = fl._size;
    const layout = {
      width: fl.width, height: fl.height, margin: { l, r, t, b, pad: 0, autoexpand: false },
      xaxis: axis(fl.xaxis), yaxis: axis(fl.yaxis), showlegend: false, hovermode: false, dragmode: false,
      paper_bgcolor: "rgba(0,0,0,0)", plot_bgcolor: "rgba(0,0,0,0)",
      template: this.gd.layout.template, font: this.gd.layout.font,
    }; // prettier-ignore
    const data = indices.map((i) => ({ ...this.gd.data[i], showlegend: false, hoverinfo: "skip" }));
    window.Plotly.newPlot(layer, data, layout, { staticPlot: true, displayModeBar: false })
      .then(() => {
        if (this.motion !== motion) return window.Plotly.purge(layer);
        motion.hidden = this.traceGroups(indices);
        for (const el of motion.hidden) el.style.visibility = "hidden";
        motion.gd = layer;
        this.root.dataset.motion = "true";
        this.scheduleFrame();
      })
      .catch((err) => {
        this.fail(err);
        this.endMotion();
      });
  }

  /** The figure's SVG groups of the traces ``indices`` (plotly binds each to its calcdata). */
  traceGroups(indices) {
    return [...this.gd.querySelectorAll(".scatterlayer .trace")].filter((el) => {
      const cd = el.__data__;
      return cd && cd[0] && cd[0].trace && indices.includes(cd[0].trace.index);
    });
  }

  endMotion() {
    const motion = this.motion;
    if (!motion) return;
    this.motion = null;
    clearTimeout(motion.timer);
    if (motion.overlay) {
      motion.overlay.close();
    } else {
      for (const el of motion.hidden) el.style.visibility = "";
      if (motion.gd) window.Plotly.purge(motion.layer);
      motion.layer.remove();
    }
    delete this.root.dataset.motion;
  }

  // -- frames and release --------------------------------------------------

  scheduleFrame() {
    if (this.framePending) return;
    this.framePending = requestAnimationFrame(() => this.frame());
  }

  frame() {
    this.framePending = 0;
    if (!this.ready || this.destroyed) return;
    const motion = this.motion;
    if (motion && !motion.gd && !motion.overlay) return; // the layer is being drawn; it schedules a frame when ready
    const t0 = performance.now();
    if (motion && motion.overlay) motion.overlay.draw(this.scene, this.x);
    else redraw(motion ? motion.gd : this.gd, this.scene, this.x);
    const dt = performance.now() - t0;
    const s = this.stats;
    s.frames += 1;
    if (s.timings.length < MAX_TIMINGS) s.timings.push(dt);
    this.root.dataset.frames = String(s.frames);
    this.showX();
  }

  showX() {
    if (!this.x) return;
    this.root.dataset.x = this.x.join(",");
    this.sliders.forEach(({ input, output }, i) => {
      if (document.activeElement !== input || !this.sliding) input.value = String(this.x[i]);
      output.textContent = this.x[i].toFixed(this.decimals);
    });
  }

  /** Send x to Python once, unless it is what Python already shows or what was just sent. */
  release() {
    if (this.framePending) {
      cancelAnimationFrame(this.framePending);
      this.frame(); // the last position is drawn before anything else
    }
    const x = this.x;
    const same = (a, b) => a && b && a.length === b.length && a.every((v, i) => v === b[i]);
    if (!x || same(x, this.scene.x) || same(x, this.sent)) {
      if (same(x, this.scene.x)) this.endMotion(); // the figure under the layer shows this x already
      if (this.latest) this.update(this.latest);
      return;
    }
    if (this.motion) {
      clearTimeout(this.motion.timer);
      this.motion.timer = setTimeout(() => this.endMotion(), MOTION_TIMEOUT_MS);
    }
    this.sent = x.slice();
    this.announce(this.sent);
    this.latest = null; // the rerun this release causes brings newer data
    this.stats.sent += 1;
    this.root.dataset.sent = String(this.stats.sent);
    const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    this.setStateValue("release", { x: this.sent, id });
  }

  // -- the live region ------------------------------------------------------

  /** Say x and the shown outputs (labels.announce: {x: "… {x} …", outputs: "… {outputs} …"}), at most every
   * ANNOUNCE_MS. A chart that shows no method (the lesson before the reveal) says x only. */
  announce(x) {
    const say = (this.scene.labels || {}).announce;
    if (!say || !say.x) return;
    const vector = (v) => `(${v.map((c) => (Number.isFinite(c) ? c.toFixed(3) : "NaN")).join(", ")})`;
    const names = this.scene.labels.methods || {};
    const outs = Object.entries(outputs(this.scene, x)).map(([m, y]) => `${names[m] || m} ${vector(y)}`);
    let text = say.x.replace("{x}", vector(x));
    if (outs.length && say.outputs) text += ` ${say.outputs.replace("{outputs}", outs.join("; "))}`;
    this.say(text);
  }

  /** Say the frame on screen (labels.announce.frame: "… {index} … {count} … {frame} …"), by the figure's slider
   * step's label for it, else the frame's name. Only where Python sent that template (animated_chart). */
  announceFrame() {
    const say = this.scene && this.scene.labels && this.scene.labels.announce;
    const frames = this.frames();
    if (!say || !say.frame || !frames.length) return;
    const k = Math.min(Math.max(this.frameIndex || 0, 0), frames.length - 1);
    const name = frames[k].name;
    const slider = ((this.gd.layout && this.gd.layout.sliders) || [])[0];
    const step = ((slider && slider.steps) || []).find((s) => s.args && s.args[0] && s.args[0][0] === name);
    const label = String(step && step.label != null && step.label !== "" ? step.label : name);
    // functions as replacements: a label's "$&" stays text
    this.say(say.frame.replace("{index}", () => String(k + 1)).replace("{count}", () => String(frames.length))
      .replace("{frame}", () => label)); // prettier-ignore
  }

  /** Put ``text`` in the polite live region, at most every ANNOUNCE_MS (the newest text wins). */
  say(text) {
    clearTimeout(this.announcing);
    const wait = Math.max(0, (this.announced || 0) + ANNOUNCE_MS - performance.now());
    this.announcing = setTimeout(() => {
      this.announced = performance.now();
      this.status.textContent = text;
    }, wait);
  }

  destroy() {
    clearTimeout(this.announcing);
    this.endMotion();
    this.destroyed = true;
    cancelAnimationFrame(this.framePending);
    clearTimeout(this.settle);
    (this.unlisten || []).forEach((off) => off());
    if (window.Plotly && this.ready) window.Plotly.purge(this.gd);
    this.root.remove();
  }
}

const LIVE = new WeakMap(); // parentElement -> Live

export default function mountLive(component) {
  const { parentElement, data, setStateValue } = component;
  let live = LIVE.get(parentElement);
  if (!live || live.destroyed) {
    live = new Live(parentElement);
    LIVE.set(parentElement, live);
  }
  live.setStateValue = setStateValue;
  const generation = ++live.generation;
  live.update(data);
  // Streamlit calls this function again for every new `data` and keeps only
  // the last cleanup; a stale cleanup (an older call's) must not tear down.
  return () => {
    if (live.generation === generation) {
      live.destroy();
      LIVE.delete(parentElement);
    }
  };
}
