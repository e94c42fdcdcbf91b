// normviz.document_language: <html lang> follows the page's language (normviz/ui/kit/document_language).
// Python sends data = {lang: "zh-CN" | "en"} on every run; Streamlit calls this function again for each new
// value, so a language switch, a page change and a rerun all leave the document's language right.
export default function (component) {
  const lang = component.data && component.data.lang;
  if (typeof lang === "string" && /^[a-z]{2}(-[A-Z]{2})?$/.test(lang)) document.documentElement.lang = lang;
}
