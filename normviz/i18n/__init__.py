"""The zh and en strings of the app: one key per text, and the translator.

Each topic module holds ``STRINGS = {key: {"zh": ..., "en": ...}}``; this
package merges them into ``CATALOG`` and refuses a key defined twice.
``Translator("zh")`` is what figure builders and ui functions receive:
``t("key", **values)`` and ``t.lang``. No Streamlit here.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module

LANGUAGES = ("zh", "en")
_MODULES = (  # one module per topic
    "common",
    "access",
    "overview",
    "projection",
    "plane",
    "space",
    "highdim",
    "vector_field",
    "dof",
    "information",
    "invariance",
    "warp",
    "beyond",
    "model",
    "axes",
    "family",
    "checkpoint",
    "precision",
    "epsilon",
    "gradient",
    "residual",
    "cost",
    "lesson",
    "exercises",
    "sources",
)


def _merge() -> dict[str, dict[str, str]]:
    catalog: dict[str, dict[str, str]] = {}
    for name in _MODULES:
        for key, texts in import_module(f"normviz.i18n.{name}").STRINGS.items():
            if key in catalog:
                raise KeyError(f"i18n key {key!r} is defined twice (again in {name}.py)")
            catalog[key] = texts
    return catalog


CATALOG = _merge()


def translate(lang: str, key: str, /, **values) -> str:
    """The text for ``key`` in ``lang``, with ``str.format`` ``values`` filled in."""
    text = CATALOG[key][lang]
    return text.format(**values) if values else text


@dataclass(frozen=True)
class Translator:
    """``t("key", **values)``: the text for ``key`` in ``lang`` ("zh" or "en"), values filled in.

    Frozen and hashable, so cached functions can take it as an argument.
    """

    lang: str

    def __post_init__(self) -> None:
        if self.lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {LANGUAGES}; got {self.lang!r}")

    def __call__(self, key: str, /, **values) -> str:
        return translate(self.lang, key, **values)

    def sentences(self, parts) -> str:
        """Sentences one after another: a space between English ones, none between Chinese ones."""
        return ("" if self.lang == "zh" else " ").join(p for p in parts if p)
