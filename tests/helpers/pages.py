"""Test helpers: run one page of the real app (app.py + st.navigation) headless, read its figures.

The trace readers (``points``, ``finite_points``) take a figure spec's trace
(a dict, as ``figures`` returns them) or a plotly trace object (as the
figure builders in ``normviz.figures`` return them).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]
# A cold torch import alone can exceed AppTest's 3 s default on a loaded 2-core machine.
TIMEOUT = 60


def run_page(page: str, *, lang: str = "en", **query: str) -> AppTest:
    """Run ``pages/<page>.py`` through app.py with the given URL query; return the AppTest."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.query_params["lang"] = lang
    for key, value in query.items():
        at.query_params[key] = value
    at.switch_page(f"pages/{page}.py")
    at.run()
    return at


def url_params(at: AppTest) -> tuple:
    """The URL parameters (``normviz.ui.kit.links.Param``) the page read in its last full run."""
    from normviz.ui.kit.links import PARAMS_KEY

    return tuple(at.session_state[PARAMS_KEY]) if PARAMS_KEY in at.session_state else ()


def texts(at: AppTest) -> list[tuple[str, str]]:
    """(kind, text) of every element whose text Streamlit renders."""
    found = []
    for kind in (
        "markdown",
        "caption",
        "warning",
        "info",
        "error",
        "success",
        "title",
        "header",
        "subheader",
        "toast",
        "exception",
    ):
        for element in getattr(at, kind):
            value = element.message if kind == "exception" else getattr(element, "value", None)
            found.append((kind, str(value)))
    return found


def errors(at: AppTest) -> list[str]:
    return [str(e.value) for e in at.exception] + [str(e.value) for e in at.error]


def figures(at: AppTest) -> list[dict]:
    """The plotly figure specs on the page: the figure component's (``ui.chart``, ``ui.lazy_chart``) and
    st.plotly_chart's in page order, then the live charts' (AppTest renders none of them)."""
    return list(charts(at).values()) + [payload["figure"] for payload in live_payloads(at)]


FIGURE_COMPONENT = "normviz.figure"


def charts(at: AppTest) -> dict[str, dict]:
    """The figures ``ui.chart`` and ``ui.lazy_chart`` draw (the figure component's, or st.plotly_chart's where the
    component is unavailable), by their key, in page order."""
    found = {}
    for element in _in_page_order(at._tree):
        if element.type == "plotly_chart":
            found[element.key] = json.loads(element.proto.spec)
        elif element.type == "bidi_component" and element.proto.component_name == FIGURE_COMPONENT:
            found[element.key] = json.loads(element.proto.json)["figure"]
    return found


def _in_page_order(node):
    """Every element under ``node``, depth first, in the order the page shows them."""
    children = getattr(node, "children", None)
    if children is None:
        yield node
        return
    for index in sorted(children):
        yield from _in_page_order(children[index])


def live_payloads(at: AppTest) -> list[dict]:
    """The data of the page's live charts (the sidebar's export tools, the lesson's key listener and the figure
    component are components too: left out)."""
    payloads = (json.loads(el.proto.json) for el in at.get("bidi_component") if el.proto.json)
    return [p for p in payloads if isinstance(p, dict) and "figure" in p and "scene" in p]


def trace(fig: dict, role: str) -> dict:
    """The trace whose ``meta`` names its role (names are translated, roles are not)."""
    matches = [t for t in fig["data"] if t.get("meta") == role]
    assert matches, f"no trace with meta {role!r}; have {[t.get('meta') for t in fig['data']]}"
    return matches[0]


def coords(tr: dict, axis: str) -> np.ndarray:
    """A trace's coordinate array, decoding plotly's typed-array form {dtype, bdata}."""
    value = tr[axis]
    if isinstance(value, dict) and "bdata" in value:
        import base64

        return np.frombuffer(base64.b64decode(value["bdata"]), dtype=np.dtype(value["dtype"])).astype(float)
    return np.asarray(value, dtype=float)


def role(fig, name: str):
    """The one trace of a plotly ``go.Figure`` whose ``meta`` is ``name``; fails unless there is exactly one."""
    matches = [t for t in fig.data if t.meta == name]
    assert len(matches) == 1, f"{name}: {[t.meta for t in fig.data]}"
    return matches[0]


def points(tr) -> np.ndarray:
    """A trace's points as rows: columns x, y and, for a 3D trace, z (NaN gaps kept)."""
    axes = [a for a in "xyz" if a in tr and tr[a] is not None]
    return np.column_stack([coords(tr, a) for a in axes])


def finite_points(tr) -> np.ndarray:
    """``points`` less the rows with a NaN (the gaps between arrows, unset outputs)."""
    pts = points(tr)
    return pts[np.all(np.isfinite(pts), axis=1)]


def arrow_tips(tr) -> np.ndarray:
    """The end of each arrow of an arrow trace (start, end, NaN gap, ... as ``arrows_xy`` draws them)."""
    return points(tr)[1::3]


def tables(at: AppTest) -> list[str]:
    """The markdown tables on the page, in order."""
    return [m.value for m in at.markdown if m.value.startswith("| ")]


def text(at: AppTest) -> str:
    """All markdown, titles, captions and alerts on the page, joined."""
    parts = [m.value for m in at.markdown] + [m.value for m in at.title] + [m.value for m in at.caption]
    parts += [m.value for m in at.warning] + [m.value for m in at.info] + [m.value for m in at.subheader]
    return "\n".join(parts)


def without_component(monkeypatch, name: str) -> None:
    """Streamlit knows no asset_dir for the component ``name`` ("normviz.export"), as where normviz is not
    installed; the other components stay, and normviz.ui.kit.component forgets what it has logged and
    registered."""
    from streamlit.components.v2.component_manager import BidiComponentManager

    from normviz.ui.kit import component

    known = BidiComponentManager.get_component_asset_root
    monkeypatch.setattr(BidiComponentManager, "get_component_asset_root",
                        lambda self, key: None if key == name else known(self, key))  # fmt: skip
    monkeypatch.setattr(component, "_said", set())
    monkeypatch.setattr(component, "_mounts", {})


def component_folders() -> dict[str, Path]:
    """Component name ("normviz.live") -> the asset folder Streamlit serves for it, as Streamlit's own scanner
    finds the installed normviz; fails unless that is this checkout."""
    from streamlit.components.v2.manifest_scanner import scan_component_manifests

    from normviz.ui.kit import component

    found = {manifest.name: (manifest, root) for manifest, root in scan_component_manifests()}
    assert component.PROJECT in found, "normviz is not installed: `make test` runs `pip install --no-deps -e .`"
    manifest, root = found[component.PROJECT]
    assert root == ROOT / "normviz", f"Streamlit reads normviz from {root}, not from this checkout"
    return {component.full_name(c.name): c.resolve_asset_root(root) for c in manifest.components}


def widget_keys(at) -> list[str]:
    """The keys of the page's own widgets (the sidebar's belong to the whole app)."""
    return [
        w.key
        for kind in ("text_input", "slider", "select_slider", "segmented_control", "number_input")
        for w in getattr(at.main, kind)
        if w.key is not None
    ]


def change_controls(at, changes) -> None:
    """Set each (widget kind, key, value) in turn, rerunning after each, as a user would."""
    for kind, key, value in changes:
        widget = getattr(at, kind)(key=key)
        (widget.input if kind == "text_input" else widget.set_value)(value).run()
        assert errors(at) == [], key
