"""Checks over the app's strings: the vector 𝟏 written as a bare digit, a page's strings in both languages."""

from __future__ import annotations

import re

from normviz.i18n import CATALOG

BARE_ONE = re.compile(r"(?<!e)\+ ?\d+·?1\b|·1(?![\d./])|\balong 1\b|\bto 1\b(?![.\d])|\bY·1|沿 ?1(?![\d.])|1 ?方向")


def page_strings(prefix: str) -> dict[str, str]:
    return {
        f"{key} [{lang}]": text
        for key, texts in CATALOG.items()
        if key.startswith(prefix) or key.endswith(f".{prefix.rstrip('.')}")
        for lang, text in texts.items()
    }
