"""Tell the user when a link's query parameters were not valid.

Streamlit drops an invalid value of a bound widget silently (default shown,
parameter removed), so the raw values are checked here first, with the same
rules: a number must parse, be finite and lie within the widget's bounds; an
option must be one of the options.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import streamlit as st

# A spec is (low, high) for a number or a tuple of allowed strings.

def invalid_params(raw: Mapping[str, list[str]], specs: Mapping[str, object]) -> list[str]:
    """Names of the parameters in ``raw`` (key -> its values) that do not satisfy ``specs``."""
    bad = []
    for key, spec in specs.items():
        # A bare "?key=" means "absent" (or, for a multi-select, "none chosen").
        values = [v for v in (raw.get(key) or []) if str(v).strip()]
        if not values:
            continue
        value = str(values[-1]).strip()
        if spec and all(isinstance(s, str) for s in spec):
            ok = all(str(v).strip().lower() in {s.lower() for s in spec} for v in values)
        else:
            low, high = spec
            try:
                number = float(value)
            except ValueError:
                number = math.nan
            ok = len(value) <= 64 and math.isfinite(number) and low <= number <= high
        if not ok:
            bad.append(key)
    return bad


def warn_invalid_params(t, specs: Mapping[str, object]) -> list[str]:
    """Show one warning naming the invalid parameters; return their names."""
    try:
        raw = {k: st.query_params.get_all(k) for k in specs if k in st.query_params}
    except Exception:  # no script run context (e.g. imported in a bare script)
        return []
    bad = invalid_params(raw, specs)
    if bad:
        shown = ", ".join(f"`{name}`" for name in bad)
        st.warning(t("url.invalid", names=shown), icon="⚠️")
    return bad
