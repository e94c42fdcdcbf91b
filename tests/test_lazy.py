"""normviz.ui.kit.lazy: the family page's p-balls go to the browser as the lazy chart's figure, and without the
component (not installed) as Streamlit's plotly chart."""

from __future__ import annotations

import json
from types import SimpleNamespace

from normviz.ui.kit import lazy
from tests.helpers.pages import errors, figures, run_page

P_ROLES = {"p_octahedron", "p_sphere", "p_cube", "p_simplex", "p_out_l1", "p_out_softmax"}


def _lazy_elements(at) -> list:
    return [el for el in at.get("bidi_component") if el.proto.component_name == "normviz.lazy"]


def test_the_p_balls_are_the_lazy_charts_figure_in_its_place_on_the_page():
    at = run_page("family")
    assert errors(at) == []
    (element,) = _lazy_elements(at)
    data = json.loads(element.proto.json)
    assert P_ROLES <= {tr.get("meta") for tr in data["figure"]["data"]}
    assert data["height"] == data["figure"]["layout"].get("height", lazy.DEFAULT_HEIGHT)
    assert data["config"]["displaylogo"] is False and data["plotly"].endswith(".min.js")
    space, p, columns = figures(at)  # in page order: the 3D members, the p-balls, the columns' histograms
    assert p == data["figure"] and "sphere_unit" in {tr.get("meta") for tr in space["data"]}


def test_without_the_component_the_p_balls_are_streamlits_plotly_chart(monkeypatch):
    unavailable = SimpleNamespace(register=lambda *a, **k: (None, "not installed"), warn_once=lambda *a: None)
    monkeypatch.setattr(lazy, "component", unavailable)
    at = run_page("family")
    assert errors(at) == [] and _lazy_elements(at) == []
    specs = [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]
    assert len(specs) == 3 and P_ROLES <= {tr.get("meta") for tr in specs[1]["data"]}


def test_without_the_apps_plotly_js_the_p_balls_are_streamlits_plotly_chart(monkeypatch, tmp_path):
    monkeypatch.setattr(lazy.vendor, "PLOTLY_JS", tmp_path / "plotly-missing.min.js")
    at = run_page("family")
    assert errors(at) == [] and _lazy_elements(at) == []
    assert len(at.get("plotly_chart")) == 3
