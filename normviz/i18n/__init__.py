"""The zh and en strings of the app: one key per text.

Each topic module holds ``STRINGS = {key: {"zh": ..., "en": ...}}``; this
package merges them into ``CATALOG`` and refuses a key defined twice.
"""

from __future__ import annotations

from importlib import import_module

LANGUAGES = ("zh", "en")
_MODULES = ("common", "overview", "projection", "plane", "space", "highdim", "vector_text", "dof", "information", "invariance")  # one module per topic


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
