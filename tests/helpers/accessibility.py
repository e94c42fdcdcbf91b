"""An axe-core audit of the page a browser test has open (WCAG 2.0, 2.1 and 2.2, levels A and AA).

axe-core 4.12.1 comes vendored inside the pinned `axe-playwright-python` (requirements-dev.txt), as data: the
script is read from the package and injected into the page; nothing is fetched at run time.

A violation's node is the app's own when it lies in the page's content or the sidebar's content
(`OWN`): the text, widgets and figures normviz writes. The rest is Streamlit's frame (its navigation,
header, toolbar), which the app does not patch. The text of a disabled widget (the highdim page's offset while
the cloud is not shifted) is an inactive component, which WCAG 1.4.3 exempts from contrast: not failed on.
Streamlit's frame findings are logged to artifacts/accessibility/frame.txt, never failed on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa")
FAILING = frozenset({"serious", "critical"})
OWN = '[data-testid="stMain"], [data-testid="stSidebarUserContent"]'
FRAME_LOG = Path(__file__).resolve().parents[2] / "artifacts" / "accessibility" / "frame.txt"

_RUN_JS = """async ([tags, own]) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => {
      const el = document.querySelector(n.target[0]);
      const widget = el && el.closest('[data-testid="stElementContainer"]');
      const inactive = v.id === 'color-contrast' && !!widget
        && !!widget.querySelector('[disabled], [aria-disabled="true"]');
      return {target: n.target.join(' '), own: !!(el && el.closest(own)) && !inactive, inactive,
              summary: n.failureSummary,
              html: n.html.slice(0, 160)};
    }),
  }));
}"""


def _axe_script() -> str:
    from axe_playwright_python.base import AXE_SCRIPT

    return AXE_SCRIPT


def audit(page) -> list[dict[str, Any]]:
    """axe's violations on ``page`` (its main frame), each with its nodes marked own or frame."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(_axe_script())
    return page.evaluate(_RUN_JS, [list(TAGS), OWN])


def own_failures(violations: list[dict[str, Any]]) -> list[str]:
    """One line per serious or critical node of the app's own markup."""
    return [
        f"{v['id']} ({v['impact']}): {n['target']}: {n['summary']} — {n['html']}"
        for v in violations
        if v["impact"] in FAILING
        for n in v["nodes"]
        if n["own"]
    ]


def assert_accessible(page, context: str) -> list[dict[str, Any]]:
    """No serious or critical axe violation in the app's own markup; Streamlit's frame findings are logged."""
    violations = audit(page)
    frame = [
        {"id": v["id"], "impact": v["impact"], "targets": targets}
        for v in violations
        if (targets := [n["target"] for n in v["nodes"] if not n["own"] and not n["inactive"]])
    ]
    if frame:
        FRAME_LOG.parent.mkdir(parents=True, exist_ok=True)
        with FRAME_LOG.open("a", encoding="utf-8") as log:
            log.write(json.dumps({"page": context, "frame": frame}, ensure_ascii=False) + "\n")
    failures = own_failures(violations)
    assert not failures, f"{context}: {len(failures)} serious or critical axe finding(s):\n" + "\n".join(failures)
    return violations


def relative_luminance(color: str) -> float:
    """WCAG 2.2's relative luminance of "#RRGGBB": 0.2126 R + 0.7152 G + 0.0722 B of the linearised sRGB."""
    channels = [int(color[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """(L1 + 0.05) / (L2 + 0.05), L1 the lighter: 1 to 21."""
    high, low = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# Text that an element hides (overflow hidden or clip, with more content than room), in the app's content and
# the sidebar; the figures (plotly draws its own text) and KaTeX's screen-reader copy and display box are
# left out. TOLERANCE_PX: sub-glyph overflows of a few pixels (an expander's frame) cut no text.
TOLERANCE_PX = 4
_CUT_JS = """(tolerance) => {
  const out = [];
  for (const el of document.querySelectorAll('[data-testid="stMain"] *, [data-testid="stSidebar"] *')) {
    if (el.closest('.js-plotly-plot, svg, .katex-mathml, .katex-display')) continue;
    const s = getComputedStyle(el);
    const hides = (v) => v === 'hidden' || v === 'clip';
    const cut = (hides(s.overflowX) && el.scrollWidth > el.clientWidth + tolerance)
      || (hides(s.overflowY) && el.scrollHeight > el.clientHeight + tolerance);
    const text = (el.innerText || '').trim();
    if (cut && text && el.clientWidth > 0) {
      out.push(`${el.tagName}.${String(el.className).split(' ')[0]}: "${text.slice(0, 40)}"`
        + ` (${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight})`);
    }
  }
  return out;
}"""


def cut_off_text(page) -> list[str]:
    """Elements of the app's content and the sidebar whose text is cut off (see ``_CUT_JS``), one line each."""
    return page.evaluate(_CUT_JS, TOLERANCE_PX)
