// plotly.js, loaded once per page for every normviz component that draws (normviz.live, normviz.figure,
// normviz.export). The others import this file by its address beside their own ("../normviz.live/load_plotly.js":
// Streamlit serves every component's folder under one route), so the page holds one module and one load.

let plotlyLoading = null;

function runScript(src) {
  return new Promise((resolve, reject) => {
    const tag = document.createElement("script");
    tag.src = src;
    tag.async = true;
    tag.dataset.normvizPlotly = src;
    tag.addEventListener("load", () => resolve());
    tag.addEventListener("error", () => {
      tag.remove();
      reject(new Error(`cannot load ${src}`));
    });
    document.head.appendChild(tag);
  });
}

/** window.Plotly, loading plotly.js once per page from ``path`` (the app's static file, relative to Streamlit's
 * component route). That route sends Last-Modified, so the browser takes the file, and V8 its compiled code,
 * from its cache on later page loads (normviz/ui/kit/live/vendor.py). A load that failed is tried again on the
 * next call (a script tag, not an import(): a browser keeps a failed module import for the page's life). */
export function loadPlotly(path) {
  if (window.Plotly) return Promise.resolve(window.Plotly);
  if (!plotlyLoading) {
    const url = new URL(`../${path}`, import.meta.url).href;
    plotlyLoading = runScript(url)
      .then(() => {
        if (!window.Plotly) throw new Error(`${url} did not define Plotly`);
        return window.Plotly;
      })
      .catch((err) => {
        plotlyLoading = null;
        throw err;
      });
  }
  return plotlyLoading;
}
