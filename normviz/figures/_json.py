"""Figure dicts ready for the browser: numpy arrays become plotly.js typed arrays.

``go.Figure.to_dict()`` does this conversion; our builders return plain dicts,
so the app calls ``typed_arrays`` once per figure before sending it. A typed
array is base64 of the raw bytes (``{"dtype": "f8", "bdata": ..., "shape": ...}``):
several times smaller than a list of decimal numbers and much faster to encode.
"""

from __future__ import annotations

import base64

import numpy as np

# numpy dtype -> plotly.js typed-array dtype (int64 has none: it is narrowed to int32)
_DTYPES = {"float64": "f8", "float32": "f4", "int32": "i4", "uint32": "u4", "int16": "i2", "uint16": "u2",
           "int8": "i1", "uint8": "u1"}
# Keys plotly.js reads as plain lists even when they hold numbers (plotly's own list).
_PLAIN_KEYS = frozenset({"geojson", "layer", "layers", "range"})


def typed_arrays(obj):
    """A copy of ``obj`` with every non-empty numeric numpy array replaced by its typed-array spec.

    Containers are copied, leaves are shared; the input is never modified (cached static
    traces stay as they were).
    """
    if isinstance(obj, dict):
        return {k: v if k in _PLAIN_KEYS else typed_arrays(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [typed_arrays(v) for v in obj]
    if isinstance(obj, np.ndarray):
        return _typed(obj)
    return obj


def _typed(a: np.ndarray):
    if a.dtype == np.int64 and a.size and np.abs(a).max() < 2**31:
        a = a.astype(np.int32)
    elif a.dtype == np.bool_:
        a = a.astype(np.uint8)
    code = _DTYPES.get(a.dtype.name)
    if code is None or a.size == 0:
        return a.tolist()
    spec = {"dtype": code, "bdata": base64.b64encode(np.ascontiguousarray(a).tobytes()).decode("ascii")}
    if a.ndim > 1:
        spec["shape"] = ", ".join(map(str, a.shape))
    return spec
