// normviz.reconnect (normviz/ui/kit/reconnect): when the app's connection comes back after a loss, ask for
// one full run (the session on the other end may be new, on another replica, and know none of the page's
// fragments). Watches Streamlit's connection state on the app's root element; one observer per document.
const APP = '[data-testid="stApp"]';
const STATE = "data-test-connection-state";
let trigger = null;
let lost = false;
let asked = 0;

function check(app) {
  const state = app.getAttribute(STATE);
  if (state && state !== "CONNECTED") {
    lost = true;
  } else if (state === "CONNECTED" && lost && trigger) {
    lost = false;
    asked += 1;
    document.documentElement.dataset.nvReconnect = String(asked);
    setTimeout(() => trigger("reconnected", asked), 0); // after Streamlit's own handling of the new socket
  }
}

export default function (component) {
  trigger = component.setTriggerValue;
  if (window.__normvizReconnect) return;
  const app = document.querySelector(APP);
  if (!app) return;
  window.__normvizReconnect = new MutationObserver(() => check(app));
  window.__normvizReconnect.observe(app, { attributes: true, attributeFilter: [STATE] });
  if (!document.documentElement.dataset.nvReconnect) document.documentElement.dataset.nvReconnect = "0";
}
