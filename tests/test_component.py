"""normviz.ui.kit.component: every browser component is one folder with its files in assets/, declared in
pyproject.toml and served from this checkout; no Python source carries JavaScript."""

from __future__ import annotations

import tomllib
from pathlib import Path

from normviz.ui.kit import component
from tests.helpers.pages import component_folders, errors, run_page

ROOT = Path(__file__).resolve().parents[1]
KIT = ROOT / "normviz" / "ui" / "kit"  # every component is a folder of the kit
# Written by JavaScript, never by Python: a Python string holding them is inline browser code.
JS_MARKS = ("export default function", "addEventListener(", "document.querySelector", "<script")


def test_every_component_folder_is_declared_and_packaged():
    folders = {component.full_name(p.parent.name): p for p in sorted(KIT.glob("*/assets"))}
    assert component_folders() == folders
    with open(ROOT / "pyproject.toml", "rb") as f:
        package_data = tomllib.load(f)["tool"]["setuptools"]["package-data"]
    for name, folder in folders.items():  # a wheel (not editable) must carry the files too
        patterns = package_data[f"normviz.ui.kit.{folder.parent.name}"]
        assert {p.name for p in folder.iterdir() if p.suffix in (".js", ".css")} <= {
            p.name for pattern in patterns for p in folder.parent.glob(pattern)
        }, name


def test_no_python_source_carries_javascript():
    sources = [*(ROOT / "normviz").rglob("*.py"), *(ROOT / "pages").glob("*.py"), ROOT / "app.py"]
    found = [(str(p.relative_to(ROOT)), m) for p in sources for m in JS_MARKS if m in p.read_text(encoding="utf-8")]
    assert found == [], "browser code belongs in a component's assets/ folder (normviz.ui.kit.component)"


# Before the code moved to assets/, the lesson keys' element was 1,436 bytes, the tools' 11,773.
BUDGET = {
    "normviz.lesson_keys": 300,
    "normviz.export": 1_500,
    "normviz.live": 20_000,
    "normviz.document": 300,
    "normviz.reconnect": 300,
}


def test_the_lessons_mounts_name_files_that_exist_and_stay_small():
    """The lesson mounts five components, the family page the sixth (its figures): each names its files in its
    own folder and inlines none (a figure's element carries the figure's data, counted apart)."""
    at = run_page("lesson", step="3")
    family = run_page("family")
    assert errors(at) == [] and errors(family) == []
    folders = component_folders()
    protos = {el.proto.component_name: el.proto for el in at.get("bidi_component")}
    protos.pop("normviz.figure", None)
    figures = [el.proto for el in family.get("bidi_component") if el.proto.component_name == "normviz.figure"]
    assert set(protos) == set(BUDGET) == set(folders) - {"normviz.figure"} and len(figures) == 3
    for fig in figures:
        assert (fig.js_content, fig.css_content, fig.js_source_path) == ("", "", "figure.js")
        assert (folders["normviz.figure"] / fig.js_source_path).is_file()
        assert (folders["normviz.figure"] / fig.css_source_path).is_file()
        assert len(fig.SerializeToString()) - len(fig.json.encode()) < 300
    for name, proto in protos.items():
        assert (proto.js_content, proto.css_content) == ("", ""), name
        assert (folders[name] / proto.js_source_path).is_file(), name
        assert not proto.css_source_path or (folders[name] / proto.css_source_path).is_file(), name
        assert len(proto.SerializeToString()) < BUDGET[name], name
    assert protos["normviz.lesson_keys"].js_source_path == "lesson_keys.js"


def test_a_definition_is_registered_once_per_process_and_a_failure_is_not_kept(monkeypatch):
    """Registering resolves and checks the asset paths: once per process, not for every figure of every run."""
    import streamlit as st

    calls = []

    def fake(name, **kwargs):
        calls.append(name)
        if len(calls) == 1:
            raise component.StreamlitAPIException("no asset_dir")
        return lambda **kw: None

    monkeypatch.setattr(st.components.v2, "component", fake)
    monkeypatch.setattr(component, "_mounts", {})
    mount, why = component.register("figure", js="figure.js")
    assert mount is None and "pip install --no-deps -e ." in why
    first = component.register("figure", js="figure.js")[0]
    assert first is not None and component.register("figure", js="figure.js")[0] is first
    assert calls == ["normviz.figure", "normviz.figure"]
    assert component.register("figure", js="other.js")[0] is not first and len(calls) == 3
