"""An editable vector of any length, typed as text ("1, 2, 3") and kept in the URL (``vector_param``).

Commas, spaces, semicolons, the full-width comma "，", "；" and "、" all separate
components; surrounding brackets and a Unicode minus "−" are accepted. On bad
input the user's text stays in the box, a message in the user's language says
what is wrong, and the last valid vector (or the default) is used. The
text is echoed through ``literal``, never as markdown.
"""

from __future__ import annotations

import math
import re

import streamlit as st

from normviz.format import field_text
from normviz.ui.kit import links
from normviz.ui.kit.literal import literal

SEPARATORS = re.compile(r"[\s,;，；、]+")
BRACKETS = "()[]{}（）【】"
MAX_CHARS = 4000
TOKEN_CHARS = 200  # a bad token kept for the message (``literal`` shows at most 20 of it)


class VectorFieldError(ValueError):
    """Why a text is not a vector: ``code`` names an i18n key ``vtext.err.<code>``."""

    def __init__(self, code: str, **params):
        super().__init__(f"{code}: {params}")
        self.code = code
        self.params = params


def parse_vector(text: str, *, min_n: int = 1, max_n: int = 256, max_abs: float = 1e6) -> tuple[float, ...]:
    """The numbers in ``text``; raises ``VectorFieldError`` (empty, too_long, not_number,
    not_finite, too_big, count)."""
    if text is None or not str(text).strip():
        raise VectorFieldError("empty")
    text = str(text)
    if len(text) > MAX_CHARS:
        raise VectorFieldError("too_long", limit=MAX_CHARS)
    cleaned = text.strip().strip(BRACKETS).replace("−", "-").replace("＋", "+").replace("－", "-")
    tokens = [tok for tok in SEPARATORS.split(cleaned) if tok]
    if not tokens:
        raise VectorFieldError("empty")
    values = []
    for tok in tokens:
        try:
            value = float(tok)
        except ValueError:
            raise VectorFieldError("not_number", token=tok[:TOKEN_CHARS]) from None
        if not math.isfinite(value):
            raise VectorFieldError("not_finite", token=tok[:TOKEN_CHARS])
        if abs(value) > max_abs:
            raise VectorFieldError("too_big", token=tok[:TOKEN_CHARS], limit=f"{max_abs:g}")
        values.append(value + 0.0)  # -0.0 -> 0.0
    if not min_n <= len(values) <= max_n:
        raise VectorFieldError("count", got=len(values), min=min_n, max=max_n)
    return tuple(values)


def reason(t, err: VectorFieldError) -> str:
    """Why the text is not a vector, in the user's language; a quoted token is shown literally."""
    params = dict(err.params)
    if "token" in params:
        params["token"] = literal(params["token"], limit=20)
    return t(f"vtext.err.{err.code}", **params)


def vector_param(key: str, default: tuple[float, ...]) -> links.Param:
    """The vector's URL parameter: ``?<key>=1, 2, 3`` (any text: ``vector_field`` checks it)."""
    return links.text(key, key, field_text(default))


def vector_field(
    t,
    *,
    key: str,
    label: str,
    default: tuple[float, ...],
    min_n: int = 1,
    max_n: int = 256,
    max_abs: float = 1e6,
    help: str | None = None,
    show_parsed: bool = False,
) -> tuple[float, ...]:
    """A text box for a vector under ``key`` (in the URL through ``vector_param``); returns the vector.

    Invalid text (also from a link) keeps the user's text, shows a warning in
    the user's language and returns the last valid vector of this session, or
    ``default``.
    """
    last_key = _last_valid(key)
    st.session_state.setdefault(key, field_text(default))
    text = st.text_input(label, key=key, help=help or t("vtext.help", min=min_n, max=max_n), placeholder="1, 2, 3")
    try:
        values = parse_vector(text, min_n=min_n, max_n=max_n, max_abs=max_abs)
    except VectorFieldError as err:
        kept = st.session_state.get(last_key, tuple(default))
        st.warning(
            t(
                "vtext.invalid",
                text=literal(text or "", limit=40),
                reason=reason(t, err),
                kept=f"({field_text(kept)})" if len(kept) <= 8 else f"(n = {len(kept)})",
            ),
            icon="⚠️",
        )
        return tuple(kept)
    st.session_state[last_key] = values
    if show_parsed:
        st.caption(t("vtext.parsed", n=len(values)))
    return values


def _last_valid(key: str) -> str:
    return f"_{key}_last_valid"


def current_vector(key: str, default: tuple[float, ...]) -> tuple[float, ...]:
    """What ``vector_field(key=key, ...)`` last returned in this session (its last valid vector, or
    ``default``): for a fragment that reruns without the field."""
    return tuple(st.session_state.get(_last_valid(key), default))
