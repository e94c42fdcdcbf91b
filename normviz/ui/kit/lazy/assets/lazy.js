// normviz.lazy (normviz/ui/kit/lazy): one plotly figure, drawn when its box comes into view or when the browser
// is next idle, whichever is first, so that the page's first figures are drawn before it. Python sends data = {figure: {data, layout}, config, height, plotly} on every run: plotly is the
// path of the app's plotly.js relative to Streamlit's component route, resolved against this module's address.
// A new figure replaces a drawn one at once (Plotly.react); one not drawn yet waits as before. A figure that could
// not be drawn (plotly.js did not load) is tried again with the next run's data, not in a loop.

const IDLE_TIMEOUT_MS = 2000; // the latest the figure waits for an idle moment
const NO_IDLE_MS = 1000; // where the browser has no requestIdleCallback (Safari): after the first figures
const CHARTS = new WeakMap(); // parentElement -> Chart

/** window.Plotly: plotly.js is a UMD bundle, which as a module defines the global. */
async function plotly(path) {
  if (!window.Plotly) await import(new URL(`../${path}`, import.meta.url).href);
  return window.Plotly;
}

class Chart {
  constructor(parent) {
    this.gd = document.createElement("div");
    this.gd.className = "nv-lazy-plot";
    this.gd.setAttribute("role", "figure");
    parent.appendChild(this.gd);
    this.drawn = false;
    this.generation = 0;
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
    if (this.drawn || this.failed) this.draw(true);
  }

  async draw(again = false) {
    if ((this.drawn && !again) || this.gone || !this.data) return;
    this.drawn = true;
    this.failed = false;
    this.observer.disconnect();
    const { figure, config } = this.data;
    try {
      const P = await plotly(this.data.plotly);
      // responsive: the plot follows its column's width, as Streamlit's plotly element does
      if (!this.gone) await P.react(this.gd, figure.data || [], figure.layout || {}, { ...config, responsive: true });
    } catch (err) {
      if (this.gone) return;
      [this.drawn, this.failed] = [false, true];
      console.error("normviz.lazy: the figure could not be drawn", err);
    }
  }

  destroy() {
    this.gone = true;
    this.observer.disconnect();
    (window.cancelIdleCallback || clearTimeout)(this.idle);
    if (window.Plotly && this.drawn) window.Plotly.purge(this.gd);
    this.gd.remove();
  }
}

export default function (component) {
  const { parentElement, data } = component;
  let chart = CHARTS.get(parentElement);
  if (!chart) {
    chart = new Chart(parentElement);
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
