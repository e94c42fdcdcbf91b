// normviz.document (normviz/ui/kit/document): what the app says about the document that Streamlit's markup
// cannot. Python sends data = {lang, switch: {key, options: {name: tag}}, figureBox} on every run; Streamlit
// calls this function again for each new value, so a language switch, a page change and a rerun all leave it
// right. Attributes only: no element is added to, moved in or removed from Streamlit's markup, and no text is
// parsed as HTML.
const TAG = /^[a-z]{2}(-[A-Z]{2})?$/;
let data = null;
let observer = null;
let pending = 0;
let serial = 0;

/** The language switch's options, each in its own language ("English" is read in English on a Chinese page). */
function tagSwitch(root) {
  const { key, options } = data.switch || {};
  if (!key || !options) return;
  for (const button of root.querySelectorAll(`[class~="st-key-${CSS.escape(key)}"] button`)) {
    const tag = options[button.textContent.trim()];
    if (tag && TAG.test(tag) && button.lang !== tag) button.lang = tag;
  }
}

/** Each figure box's description (the expander's text) becomes its chart's accessible description: the live
 * chart's focusable box, or the figure component's plot (Streamlit's plotly element without it), each a figure
 * named by the plot's title. */
function linkFigures(root) {
  if (!data.figureBox) return;
  for (const box of root.querySelectorAll(`[class*="st-key-${CSS.escape(data.figureBox)}"]`)) {
    const text = box.querySelector('[data-testid="stExpander"] [data-testid="stText"]');
    const chart = box.querySelector(".nv-live-plot") || box.querySelector('[data-testid="stPlotlyChart"], .nv-figure-plot');
    if (!text || !chart) continue;
    if (!text.id) text.id = `nv-description-${++serial}`;
    if (chart.getAttribute("aria-describedby") !== text.id) chart.setAttribute("aria-describedby", text.id);
    if (chart.matches('[data-testid="stPlotlyChart"], .nv-figure-plot')) {
      if (chart.getAttribute("role") !== "figure") chart.setAttribute("role", "figure");
      const title = chart.querySelector(".gtitle");
      if (title && title.textContent.trim()) {
        if (!title.id) title.id = `nv-figure-title-${++serial}`;
        if (chart.getAttribute("aria-labelledby") !== title.id) chart.setAttribute("aria-labelledby", title.id);
      }
    }
  }
}

function apply() {
  pending = 0;
  if (!data) return;
  if (TAG.test(data.lang || "") && document.documentElement.lang !== data.lang) document.documentElement.lang = data.lang;
  tagSwitch(document);
  linkFigures(document);
  document.documentElement.dataset.nvDocument = "on"; // tests wait for it
}

function schedule() {
  if (!pending) pending = requestAnimationFrame(apply);
}

export default function (component) {
  data = component.data || null;
  apply();
  if (!observer) { // charts and expanders render after this component: look again when the page changes
    observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
  }
}
