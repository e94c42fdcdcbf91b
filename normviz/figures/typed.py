"""Figure dicts ready for the browser: numpy arrays become plotly.js typed arrays (public: ui sends every figure
through it).

``go.Figure.to_dict()`` does this conversion; our builders return plain dicts,
so ``ui.chart`` (and the cached figure wrappers) call ``typed_arrays`` once per
figure before sending it.
"""

from __future__ import annotations

import base64
import math

import numpy as np

_PLAIN_KEYS = frozenset({"range", "domain"})  # info arrays: plotly.js reads no typed array there


def _plain(value, strict: bool = False):
    value = value.tolist() if isinstance(value, np.ndarray) else value
    return _typed(value, True) if strict else value


_TYPED = frozenset({"f4", "f8", "i1", "i2", "i4", "u1", "u2", "u4"})  # the typed arrays plotly.js reads


def _typed_dtype(arr: np.ndarray) -> np.dtype:
    """A little-endian dtype plotly.js reads that holds ``arr`` exactly (float64 when none of its own does)."""
    if arr.dtype.kind == "b":
        return np.dtype("<u1")
    dtype = arr.dtype.newbyteorder("<")
    if dtype.str[1:] in _TYPED:
        return dtype
    limits = np.iinfo(np.int32)
    if arr.dtype.kind in "iu" and limits.min <= arr.min() and arr.max() <= limits.max:
        return np.dtype("<i4")
    return np.dtype("<f8")


class Typed(dict):
    """A figure dict that ``typed_arrays`` returned (``strict`` or not): given to it again, it comes back as it
    is, not walked again. A cached figure is packed once, and ``ui.chart`` packs what it draws every run."""

    strict = False


def typed_arrays(value, *, strict: bool = True):
    """``value`` (a figure dict) with every numeric numpy array as a plotly.js typed array.

    A typed array is ``{"dtype": "f8", "bdata": <base64>}`` (plus ``"shape"``
    for a matrix): about a third of the decimal text, and encoded without
    walking the numbers. NaN and ±inf travel unchanged (as gaps). Other arrays
    (strings, and ``range``/``domain`` pairs, which plotly.js wants as plain
    lists) become lists; numpy scalars become Python numbers.

    ``strict`` (the default: the app's figures reach the browser as a component's data): also strict JSON in the
    same pass: a NaN or ±inf left outside a typed array becomes None (a gap to plotly.js), since ``JSON.parse``
    rejects the bare ``NaN`` that ``json.dumps`` writes. ``strict=False`` leaves them as floats, for an encoder
    that writes them (plotly's own; the app's figures no longer need it).

    A dict comes back as a ``Typed`` (read-only, as every cached value)."""
    if isinstance(value, Typed) and (value.strict or not strict):
        return value
    if not isinstance(value, dict):
        return _typed(value, strict)
    packed = Typed(_typed(value, strict))
    packed.strict = strict
    return packed


def _typed(value, strict: bool):
    if isinstance(value, dict):
        return {k: _typed(v, strict) if k not in _PLAIN_KEYS else _plain(v, strict) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_typed(v, strict) for v in value]
    if isinstance(value, np.ndarray):
        if value.dtype.kind in "fiub" and value.size and value.ndim in (1, 2):
            arr = np.ascontiguousarray(value.astype(_typed_dtype(value), copy=False))
            spec = {"dtype": arr.dtype.str[1:], "bdata": base64.b64encode(arr.tobytes()).decode("ascii")}
            if arr.ndim == 2:
                spec["shape"] = f"{arr.shape[0]}, {arr.shape[1]}"
            return spec
        return _typed(value.tolist(), strict) if strict else value.tolist()
    if isinstance(value, np.generic):
        value = value.item()
    if strict and isinstance(value, float) and not math.isfinite(value):
        return None
    return value
