// The lesson's key listener (normviz.ui.kit.lesson_keys): ← / PageUp go back, → / PageDown go on.
// Listens on the app's document. A key that something else handled (the live chart nudging x or
// stepping its animation calls preventDefault), a key typed into a field, on a slider, a tab list or
// inside the live chart, and any key with a modifier are left alone.
export default function (component) {
  const { setTriggerValue } = component;
  const steps = { ArrowLeft: "prev", PageUp: "prev", ArrowRight: "next", PageDown: "next" };
  const busy = "input, textarea, select, [contenteditable=true], [role=slider], [role=tab], [role=radio], "
    + "[role=spinbutton], [role=combobox], [role=listbox], .nv-live";
  let seq = 0;
  const onKey = (e) => {
    const dir = steps[e.key];
    if (!dir || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const path = e.composedPath ? e.composedPath() : [e.target];
    if (path.some((el) => el instanceof Element && el.matches(busy))) return;
    e.preventDefault();
    seq += 1; // a fresh value each press: the same key twice is two steps
    setTriggerValue("step", `${dir}:${seq}`);
  };
  if (window.__normvizLessonKeys) document.removeEventListener("keydown", window.__normvizLessonKeys);
  window.__normvizLessonKeys = onKey;
  document.addEventListener("keydown", onKey);
  document.documentElement.dataset.nvLessonKeys = "on"; // listening (tests wait for it)
  return () => {
    document.removeEventListener("keydown", onKey);
    if (window.__normvizLessonKeys === onKey) {
      window.__normvizLessonKeys = null;
      delete document.documentElement.dataset.nvLessonKeys;
    }
  };
}
