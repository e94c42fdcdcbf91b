// normviz.figure (normviz/ui/kit/figure): one plotly figure, drawn with the app's plotly.js and redrawn in place
// (Plotly.react) when Python sends a new one, so a move never empties the chart's box. Python sends, on every run,
// data = {figure: {data, layout, frames}, config, height, plotly, lazy}: plotly is the path of the app's plotly.js
// relative to Streamlit's component route (loaded once per page by normviz.live's load_plotly.js); lazy (a second
// 3D scene lower on a page) draws the figure when its box comes into view or when the browser is next idle,
// whichever is first, so that the page's first figures are drawn before it. Draws are queued, and each draws the
// newest figure: figures that came while plotly.js loaded or a 3D scene drew are skipped, not drawn in turn. A
// figure that could not be drawn (plotly.js did not load) is tried again with the next run's data, not in a loop.

import { loadPlotly } from "../normviz.live/load_plotly.js";

// four corners, drawn in plotly's modebar icon box
const FULLSCREEN_ICON = { width: 24, height: 24, path: "M3 3h7v2H5v5H3zm11 0h7v7h-2V5h-5zM3 14h2v5h5v2H3zm16 0h2v7h-7v-2h5z" };
const IDLE_TIMEOUT_MS = 2000; // the latest a lazy figure waits for an idle moment
const NO_IDLE_MS = 1000; // where the browser has no requestIdleCallback (Safari): after the first figures
const CHARTS = new WeakMap(); // parentElement -> Chart

class Chart {
  constructor(parent, lazy) {
    this.gd = document.createElement("div");
    this.gd.className = "nv-figure-plot";
    this.gd.setAttribute("role", "figure");
    parent.appendChild(this.gd);
    this.wanted = false; // drawn, or to be drawn: every new figure is drawn from then on
    this.drawing = Promise.resolve();
    this.generation = 0;
    this.width = 0;
    // A figure drawn while its box was folded away (an expander, a tab) has plotly's default width; plotly's own
    // responsive mode follows the window only, so the box's width is followed here.
    this.resizer = new ResizeObserver(() => this.fit());
    this.resizer.observe(this.gd);
    // full screen (the modebar's button): the plot takes the screen's height, and its own back after Esc
    this.onFullscreen = () => {
      if (this.shown && (document.fullscreenElement === this.gd || this.full)) this.redraw();
    };
    document.addEventListener("fullscreenchange", this.onFullscreen);
    this.fullscreen = {
      name: "nv-fullscreen",
      icon: FULLSCREEN_ICON,
      click: () => (this.full ? document.exitFullscreen() : this.gd.requestFullscreen()).catch(() => {}),
    };
    if (!lazy) return;
    this.observer = new IntersectionObserver((seen) => seen.some((e) => e.isIntersecting) && this.draw(), {
      rootMargin: "100% 0px",
    });
    this.observer.observe(this.gd);
    const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, NO_IDLE_MS));
    this.idle = idle(() => this.draw(), { timeout: IDLE_TIMEOUT_MS });
  }

  update(data) {
    this.data = data;
    this.gd.style.minHeight = `${Number(data.height)}px`;
    if (this.wanted || !data.lazy) this.draw();
  }

  draw() {
    if (this.gone || !this.data) return;
    this.wanted = true;
    if (this.observer) this.observer.disconnect();
    this.drawing = this.drawing.then(() => this.render());
  }

  /** Draw the figure on screen again (full screen entered or left). */
  redraw() {
    this.shown = null;
    this.draw();
  }

  async render() {
    const data = this.data;
    if (this.gone || data === this.shown) return; // a newer figure was drawn by an earlier turn
    try {
      const P = await loadPlotly(data.plotly);
      if (this.gone || data !== this.data) return; // a newer figure came meanwhile: its own turn draws it
      const { figure, config } = data;
      const wasFull = this.full;
      this.full = document.fullscreenElement === this.gd;
      const layout = this.full ? { ...figure.layout, height: window.innerHeight } : figure.layout || {};
      // one button object for the plot's life: plotly replots from scratch when its config changes
      this.fullscreen.title = (data.labels && data.labels.fullscreen) || "Full screen";
      // responsive: the plot follows the window's width, as Streamlit's plotly element does
      await P.react(this.gd, {
        data: figure.data || [],
        layout,
        frames: figure.frames || [],
        config: { ...config, responsive: true, modeBarButtonsToAdd: [this.fullscreen] },
      });
      if (this.full !== Boolean(wasFull)) await P.Plots.resize(this.gd); // the screen's width, or the column's again
      this.shown = data;
      this.width = this.gd.clientWidth;
    } catch (err) {
      if (!this.gone) console.error("normviz.figure: the figure could not be drawn", err);
    }
  }

  fit() {
    const width = this.gd.clientWidth;
    if (this.gone || !width || width === this.width || !this.gd._fullLayout || !window.Plotly) return;
    this.width = width;
    window.Plotly.Plots.resize(this.gd).catch(() => {}); // rejects for a plot hidden meanwhile: the next fit draws
  }

  destroy() {
    this.gone = true;
    document.removeEventListener("fullscreenchange", this.onFullscreen);
    if (this.observer) this.observer.disconnect();
    this.resizer.disconnect();
    if (this.idle !== undefined) (window.cancelIdleCallback || clearTimeout)(this.idle);
    if (window.Plotly && this.gd._fullLayout) window.Plotly.purge(this.gd);
    this.gd.remove();
  }
}

export default function (component) {
  const { parentElement, data } = component;
  let chart = CHARTS.get(parentElement);
  if (!chart) {
    chart = new Chart(parentElement, Boolean(data && data.lazy));
    CHARTS.set(parentElement, chart);
  }
  chart.update(data);
  const generation = ++chart.generation;
  // Streamlit calls this function again for every new `data`; only the newest call's cleanup tears down
  return () => {
    if (chart.generation !== generation) return;
    chart.destroy();
    CHARTS.delete(parentElement);
  };
}
