"""A figure dict as the page sends it: valid plotly JSON, raw and packed, every trace with its role."""

from __future__ import annotations

import plotly.graph_objects as go

from normviz.figures.typed import typed_arrays as packed


def plotly_py_names(value, path="") -> list[str]:
    """Where ``value`` names a template or colour scale: plotly.py expands names, plotly.js does not."""
    if isinstance(value, dict):
        return [
            hit
            for k, v in value.items()
            for hit in (
                [f"{path}/{k}"]
                if k in ("template", "colorscale") and isinstance(v, str)
                else plotly_py_names(v, f"{path}/{k}")
            )
        ]
    if isinstance(value, list):
        return [hit for i, v in enumerate(value) for hit in plotly_py_names(v, f"{path}[{i}]")]
    return []


def assert_valid(spec) -> None:
    """A figure dict as the page sends it: data and layout, roles on every trace, loadable raw and packed."""
    assert set(spec) == {"data", "layout"} and isinstance(spec["data"], list)
    assert all(isinstance(tr, dict) and tr.get("meta") for tr in spec["data"])
    assert plotly_py_names(spec) == []
    go.Figure(spec)
    go.Figure(packed(spec))
