import base64
import json
import math

import numpy as np

from normviz.figures.typed import Typed, typed_arrays


def _decode(spec: dict) -> np.ndarray:
    return np.frombuffer(base64.b64decode(spec["bdata"]), dtype="<" + spec["dtype"])


def test_numeric_arrays_become_typed_arrays_and_range_stays_a_list():
    figure = {
        "data": [{"x": np.array([0.5, np.nan, 2.0]), "y": np.arange(3), "text": np.array(["a", "b", "c"])}],
        "layout": {"xaxis": {"range": np.array([0.0, 1.0])}},
    }
    out = typed_arrays(figure)
    trace = out["data"][0]
    np.testing.assert_array_equal(_decode(trace["x"]), [0.5, np.nan, 2.0])
    np.testing.assert_array_equal(_decode(trace["y"]), [0, 1, 2])
    assert trace["text"] == ["a", "b", "c"]
    assert out["layout"]["xaxis"]["range"] == [0.0, 1.0]
    assert isinstance(figure["data"][0]["x"], np.ndarray)  # the input is not modified


def test_a_packed_figure_comes_back_as_it_is_unless_strict_json_is_asked_of_a_loose_one():
    figure = {"data": [{"x": np.array([1.0, 2.0]), "y": [1.0, math.nan]}], "layout": {}}
    loose = typed_arrays(figure, strict=False)
    assert isinstance(loose, Typed) and typed_arrays(loose, strict=False) is loose
    strict = typed_arrays(loose, strict=True)
    assert strict is not loose and strict["data"][0]["y"] == [1.0, None]
    assert typed_arrays(strict, strict=False) is strict and typed_arrays(strict) is strict  # ui.chart's pass
    json.loads(json.dumps(strict, allow_nan=False))  # strict JSON
    assert typed_arrays(strict) == typed_arrays(figure)
