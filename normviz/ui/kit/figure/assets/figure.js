// normviz.figure (normviz/ui/kit/figure): one plotly figure, drawn with the app's plotly.js and redrawn in place
// (Plotly.react) when Python sends a new one, so a move never empties the chart's box. Python sends, on every run,
// data = {figure: {data, layout}, config, height, plotly, lazy}: plotly is the path of the app's plotly.js relative
// to Streamlit's component route, resolved against this module's address; lazy (a second 3D scene lower on a page)
// draws the figure when its box comes into view or when the browser is next idle, whichever is first, so that the
// page's first figures are drawn before it. A figure that could not be drawn (plotly.js did not load) is tried again
// with the next run's data, not in a loop.

const IDLE_TIMEOUT_MS = 2000; // the latest a lazy figure waits for an idle moment
const NO_IDLE_MS = 1000; // where the browser has no requestIdleCallback (Safari): after the first figures
const CHARTS = new WeakMap(); // parentElement -> Chart

/** window.Plotly: plotly.js is a UMD bundle, which as a module defines the global. */
async function plotly(path) {
  if (!window.Plotly) await import(new URL(`../${path}`, import.meta.url).href);
  return window.Plotly;
}

class Chart {
  constructor(parent, lazy) {
    this.gd = document.createElement("div");
    this.gd.className = "nv-figure-plot";
    this.gd.setAttribute("role", "figure");
    parent.appendChild(this.gd);
    this.drawn = false;
    this.generation = 0;
    this.width = 0;
    // A figure drawn while its box was folded away (an expander, a tab) has plotly's default width; plotly's own
    // responsive mode follows the window only, so the box's width is followed here.
    this.resizer = new ResizeObserver(() => this.fit());
    this.resizer.observe(this.gd);
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
    this.gd.style.minHeight = `${Number(data.height) || 450}px`;
    if (this.drawn || this.failed || !data.lazy) this.draw(true);
  }

  async draw(again = false) {
    if ((this.drawn && !again) || this.gone || !this.data) return;
    this.drawn = true;
    this.failed = false;
    if (this.observer) this.observer.disconnect();
    const { figure, config } = this.data;
    try {
      const P = await plotly(this.data.plotly);
      // responsive: the plot follows the window's width, as Streamlit's plotly element does
      if (!this.gone) await P.react(this.gd, figure.data || [], figure.layout || {}, { ...config, responsive: true });
      this.width = this.gd.clientWidth;
    } catch (err) {
      if (this.gone) return;
      [this.drawn, this.failed] = [false, true];
      console.error("normviz.figure: the figure could not be drawn", err);
    }
  }

  fit() {
    const width = this.gd.clientWidth;
    if (!this.drawn || this.gone || !width || width === this.width || !this.gd._fullLayout) return;
    this.width = width;
    window.Plotly.Plots.resize(this.gd);
  }

  destroy() {
    this.gone = true;
    if (this.observer) this.observer.disconnect();
    this.resizer.disconnect();
    if (this.idle !== undefined) (window.cancelIdleCallback || clearTimeout)(this.idle);
    if (window.Plotly && this.drawn) window.Plotly.purge(this.gd);
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
