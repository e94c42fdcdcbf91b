"""normviz.ui.kit.figure: every figure goes to the browser as the figure component's data, under an element id that
a new figure does not change (so the browser redraws it in place); the family page's p-balls are lazy; without the
component (not installed) or the app's plotly.js the figures are Streamlit's plotly charts."""

from __future__ import annotations

import json
from types import SimpleNamespace

from normviz.ui.kit import figure
from tests.helpers.pages import FIGURE_COMPONENT, charts, errors, figures, run_page

P_ROLES = {"p_octahedron", "p_sphere", "p_cube", "p_simplex", "p_out_l1", "p_out_softmax"}


def _components(at) -> dict:
    return {el.key: el for el in at.get("bidi_component") if el.proto.component_name == FIGURE_COMPONENT}


def test_the_family_pages_figures_are_the_components_and_only_the_p_balls_are_lazy():
    at = run_page("family")
    assert errors(at) == [] and not at.get("plotly_chart")
    elements = _components(at)
    assert list(elements) == ["family.space_chart", "family.p_chart", "family.column_chart"]
    data = {key: json.loads(el.proto.json) for key, el in elements.items()}
    assert [d["lazy"] for d in data.values()] == [False, True, False]
    p = data["family.p_chart"]
    assert P_ROLES <= {tr.get("meta") for tr in p["figure"]["data"]}
    assert p["height"] == p["figure"]["layout"].get("height", figure.DEFAULT_HEIGHT)
    assert p["config"]["displaylogo"] is False and p["plotly"].endswith(".min.js")
    space, p_balls, columns = figures(at)  # in page order: the 3D members, the p-balls, the columns' histograms
    assert p_balls == p["figure"] and "sphere_unit" in {tr.get("meta") for tr in space["data"]}


def test_a_new_figure_keeps_its_elements_id_so_the_browser_redraws_it_in_place():
    """Streamlit 1.67's st.plotly_chart hashes the figure into its element's id: a new figure is a new element,
    which the browser mounts afresh (the chart's box empty for ~0.1 s). The component's id is its key's."""
    at = run_page("information")
    key = "information.similarity_chart"
    before_id, before = _components(at)[key].proto.id, charts(at)[key]
    at.slider(key="information.spread").set_value(1.5).run()
    assert errors(at) == []
    after_id, after = _components(at)[key].proto.id, charts(at)[key]
    assert after != before and after_id == before_id


def test_without_the_component_the_figures_are_streamlits_plotly_charts(monkeypatch):
    unavailable = SimpleNamespace(register=lambda *a, **k: (None, "not installed"), warn_once=lambda *a: None)
    monkeypatch.setattr(figure, "component", unavailable)
    at = run_page("family")
    assert errors(at) == [] and _components(at) == {}
    specs = [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]
    assert len(specs) == 3 and P_ROLES <= {tr.get("meta") for tr in specs[1]["data"]}


def test_without_the_apps_plotly_js_the_figures_are_streamlits_plotly_charts(monkeypatch, tmp_path):
    monkeypatch.setattr(figure.vendor, "PLOTLY_JS", tmp_path / "plotly-missing.min.js")
    at = run_page("family")
    assert errors(at) == [] and _components(at) == {}
    assert len(at.get("plotly_chart")) == 3
