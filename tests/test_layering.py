"""The import direction of DESIGN.md, enforced.

    pages -> ui -> figures -> geometry -> norms -> _xp

- streamlit only in normviz/ui/ (and app.py, pages/);
- plotly only in normviz/figures/ and normviz/ui/;
- torch never at module level inside normviz/ (only lazily, inside a
  function), never in app.py or pages/;
- a lower layer never imports a higher one;
- importing the library (``import normviz``, geometry, figures) pulls in none
  of torch / plotly / streamlit it does not need, checked in a fresh
  interpreter.

The file checks are static (ast), so they see imports in every branch,
including ``importlib.import_module("...")`` with a literal name.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "normviz"
DIRECTION = "DESIGN.md: pages -> ui -> figures -> geometry -> methods -> norms -> _xp"

# Rank of each layer; a module may import its own rank or lower.
RANKS = {
    "normviz._xp": 0,
    "normviz._cpu": 0,
    "normviz._isolated": 0,  # one call in a worker process (the checkpoint uploads): imports no normviz module
    "normviz.i18n": 0,
    "normviz.format": 0,  # numbers to text: every layer may use it
    # the norms' engines, below the public functions that choose between them
    "normviz._exact": 0.5,
    "normviz._torch_path": 0.75,
    "normviz._numpy_rows": 0.75,
    "normviz.norms": 1,
    "normviz.norms_family": 1,
    "normviz.methods": 1.5,
    "normviz.geometry": 2,
    # the math of one page, named like the page: above geometry, below figures
    "normviz.dof": 2.5,
    "normviz.highdim": 2.5,
    "normviz.information": 2.5,
    "normviz.invariance": 2.5,
    "normviz.figures": 3,
    "normviz.ui": 4,
    "normviz.cli": 2.75,  # the command line: prints what the topic math returns
}
# Every other module of the package's top level is the math of one topic (a page's, or a
# command's): above geometry, below figures.
RANKS |= {
    f"normviz.{p.stem}": 2.5
    for p in sorted((ROOT / "normviz").glob("*.py"))
    if not p.stem.startswith("_") and f"normviz.{p.stem}" not in RANKS
}


@dataclass(frozen=True)
class Import:
    file: Path
    line: int
    module: str  # fully qualified, relative imports resolved
    top_level: bool  # runs at import time (not inside a function body)
    source: str

    def where(self) -> str:
        return f"{self.file.relative_to(ROOT)}:{self.line}: `{self.source}`"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(path: Path) -> list[Import]:
    """Every import in ``path``, with relative names resolved against its package."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    lines = path.read_text(encoding="utf-8").splitlines()
    found: list[Import] = []

    def add(node: ast.AST, module: str, top: bool) -> None:
        src = lines[node.lineno - 1].strip() if node.lineno <= len(lines) else module
        found.append(Import(path, node.lineno, module, top, src))

    def resolve(node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        base = package.split(".") if package else []
        base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
        return ".".join(base + ([node.module] if node.module else []))

    def visit(node: ast.AST, top: bool) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            top = False
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:  # the TYPE_CHECKING body never runs
                visit(child, top)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(node, alias.name, top)
        elif isinstance(node, ast.ImportFrom):
            base = resolve(node)
            for alias in node.names:
                # `from normviz import geometry` imports the submodule normviz.geometry
                sub = f"{base}.{alias.name}" if base.startswith("normviz") else base
                add(node, sub if _is_module(sub) else base, top)
        elif (
            isinstance(node, ast.Call)
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and (
                (isinstance(node.func, ast.Name) and node.func.id in {"import_module", "__import__"})
                or (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
            )
        ):
            add(node, node.args[0].value, top)
        for child in ast.iter_child_nodes(node):
            visit(child, top)

    visit(tree, True)
    return found


def _is_module(dotted: str) -> bool:
    rel = ROOT / Path(*dotted.split("."))
    return rel.with_suffix(".py").is_file() or rel.is_dir()  # a package, maybe a namespace one


def _top(module: str) -> str:
    return module.partition(".")[0]


def _rank(module: str) -> int | None:
    for prefix, rank in RANKS.items():
        if module == prefix or module.startswith(prefix + "."):
            return rank
    return None


def _inside(path: Path, *dirs: str) -> bool:
    rel = path.relative_to(ROOT).as_posix()
    return any(rel.startswith(d.rstrip("/") + "/") for d in dirs)


def package_files() -> list[Path]:
    return sorted(p for p in PKG.rglob("*.py") if "__pycache__" not in p.parts)


def app_files() -> list[Path]:
    files = [ROOT / "app.py"] if (ROOT / "app.py").is_file() else []
    return files + sorted((ROOT / "pages").glob("*.py"))


def imports_of_package(
    files: list[Path], package: str, *, allowed_in: tuple[str, ...] = (), top_level_only: bool = False
) -> list[Import]:
    """The imports of ``package`` (or a submodule) in ``files``, less those in the folders ``allowed_in``."""
    return [
        imp
        for path in files
        if not _inside(path, *allowed_in)
        for imp in imports_of(path)
        if _top(imp.module) == package and (imp.top_level or not top_level_only)
    ]


def _report(violations: list[str], rule: str) -> str:
    return f"{len(violations)} import(s) break the layering ({rule}):\n  " + "\n  ".join(violations)


def test_package_exists():
    assert (PKG / "__init__.py").is_file(), "normviz/__init__.py is missing"


def test_streamlit_is_imported_only_by_normviz_ui():
    bad = [
        f"{imp.where()} -- streamlit belongs in normviz/ui/ only"
        for imp in imports_of_package(package_files(), "streamlit", allowed_in=("normviz/ui",))
    ]
    assert not bad, _report(bad, DIRECTION)


def test_plotly_is_imported_only_by_normviz_figures_and_ui():
    bad = [
        f"{imp.where()} -- plotly belongs in normviz/figures/ (and ui/) only; norms and geometry return plain data"
        for imp in imports_of_package(package_files(), "plotly", allowed_in=("normviz/figures", "normviz/ui"))
    ]
    assert not bad, _report(bad, DIRECTION)


def test_torch_is_never_imported_at_module_level_in_normviz():
    bad = [
        f"{imp.where()} -- import torch lazily, inside the function that needs it"
        for imp in imports_of_package(package_files(), "torch", top_level_only=True)
    ]
    assert not bad, _report(bad, "a CPU-only app must start without importing torch")


def test_app_and_pages_do_not_import_torch():
    bad = [
        f"{imp.where()} -- pages and app.py go through normviz, which picks the backend"
        for imp in imports_of_package(app_files(), "torch")
    ]
    assert not bad, _report(bad, "UI only: read widgets -> call normviz -> draw")


def test_lower_layers_do_not_import_higher_layers():
    bad = []
    for path in package_files():
        own = _rank(module_name(path))
        if own is None:
            continue
        for imp in imports_of(path):
            other = _rank(imp.module)
            if other is not None and other > own:
                bad.append(f"{imp.where()} -- {module_name(path)} must not depend on {imp.module}")
    assert not bad, _report(bad, DIRECTION)


# --- what an import really loads, in a fresh interpreter ---------------------

_PROBE = r"""
import importlib, json, sys, traceback
modules, forbidden, root = json.loads(sys.argv[1])
seen = {}

class Spy:
    # Record who asks for a forbidden package first; never load anything.
    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        if top in forbidden and top not in seen:
            seen[top] = [f"{f.filename[len(root) + 1:]}:{f.lineno}" for f in traceback.extract_stack()
                         if f.filename.startswith(root) and "site-packages" not in f.filename]
        return None

sys.meta_path.insert(0, Spy())
for m in modules:
    importlib.import_module(m)
print(json.dumps({top: seen.get(top, []) for top in forbidden if top in sys.modules}))
"""


def _leaks(modules: list[str], forbidden: list[str]) -> dict[str, list[str]]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    env.pop("NORMVIZ_BACKEND", None)
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps([modules, forbidden, str(ROOT)])],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 0, f"importing {modules} failed:\n{proc.stderr[-3000:]}"
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _modules(*, under: str | None = None, exclude: tuple[str, ...] = ()) -> list[str]:
    names = []
    for path in package_files():
        name = module_name(path)
        if name.endswith("__main__") or any(name == e or name.startswith(e + ".") for e in exclude):
            continue
        if under is None or name == under or name.startswith(under + "."):
            names.append(name)
    return names


def _explain(leaks: dict[str, list[str]]) -> str:
    return "\n".join(
        f"  {top} imported via " + (" -> ".join(chain) if chain else "(no normviz frame on the stack)")
        for top, chain in leaks.items()
    )


def test_import_normviz_loads_no_torch_plotly_or_streamlit():
    leaks = _leaks(["normviz"], ["torch", "plotly", "streamlit"])
    assert not leaks, "`import normviz` must stay light:\n" + _explain(leaks)


@pytest.mark.parametrize(
    ("group", "modules", "forbidden"),
    [
        pytest.param(
            "core", _modules(exclude=("normviz.figures", "normviz.ui")), ["torch", "plotly", "streamlit"], id="core"
        ),
        pytest.param("figures", _modules(under="normviz.figures"), ["torch", "streamlit"], id="figures"),
        pytest.param("ui", _modules(under="normviz.ui"), ["torch"], id="ui"),
    ],
)
def test_importing_a_layer_loads_only_what_it_may(group, modules, forbidden):
    if not modules:
        pytest.skip(f"no modules in the {group} layer yet")
    leaks = _leaks(modules, forbidden)
    assert not leaks, f"importing the {group} modules {modules} loads forbidden packages:\n" + _explain(leaks)


# --- the house rules of issue 18 ------------------------------------------------------------------------

TOPIC_MATH = [
    p
    for p in package_files()
    if p.parent == PKG
    and not p.stem.startswith("_")
    and p.stem
    not in {"__init__", "__main__", "cli", "format", "methods", "norms", "norms_family", "geometry", "sources"}
]
CLI_MODULES = ("normviz.cli", "normviz._cli", "normviz.__main__")
# Streamlit's public API: the package itself, its components and its test harness (tests only).
STREAMLIT_PUBLIC = (
    "streamlit",
    "streamlit.components.v1",
    "streamlit.components.v2",
    "streamlit.errors",
    "streamlit.column_config",
    "streamlit.testing.v1",
)


def test_topic_math_imports_no_streamlit_i18n_ui_or_cli():
    bad = [
        f"{imp.where()} -- topic math returns data; text and printing belong to i18n/ui/cli"
        for path in TOPIC_MATH
        for imp in imports_of(path)
        if _top(imp.module) == "streamlit"
        or imp.module.startswith(("normviz.i18n", "normviz.ui", "normviz.figures"))
        or imp.module in CLI_MODULES
    ]
    assert not bad, _report(bad, "topic math -> geometry -> methods -> norms")


def test_figures_never_import_ui():
    bad = [
        f"{imp.where()} -- figures turn data into plotly JSON; they know nothing of Streamlit's pieces"
        for path in package_files()
        if _inside(path, "normviz/figures")
        for imp in imports_of(path)
        if imp.module.startswith("normviz.ui")
    ]
    assert not bad, _report(bad, DIRECTION)


def test_figure_functions_take_the_translator_not_a_language_code():
    """One way for text into a figure: ``t`` (a ``normviz.i18n.Translator``, hashable, so cached callers key on it),
    ``t.lang`` where a figure needs the code itself; no public figure function takes ``lang``."""
    import importlib
    import inspect

    bad = []
    for path in sorted((PKG / "figures").glob("*.py")):
        module = importlib.import_module(module_name(path))
        for name, fn in vars(module).items():
            if name.startswith("_") or not inspect.isfunction(fn) or fn.__module__ != module.__name__:
                continue
            if "lang" in inspect.signature(fn).parameters:
                bad.append(f"{path.relative_to(ROOT)}: {name}{inspect.signature(fn)}")
    assert not bad, "figure functions that take `lang` instead of `t: Translator`:\n  " + "\n  ".join(bad)


def _owner(dotted: str) -> str | None:
    """The package a private name belongs to: normviz.figures for normviz.figures.typed, None if public."""
    parts = dotted.split(".")
    for i, part in enumerate(parts):
        if part.startswith("_") and not part.startswith("__"):
            return ".".join(parts[:i])
    return None


def _private_names(path: Path) -> list[tuple[int, str]]:
    """(line, dotted name) of every private module or name this file imports: `from a._b import c`, `from a import
    _c`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
    return found


def test_no_module_reads_a_private_name_of_another_package():
    bad = []
    for path in [*package_files(), *app_files()]:
        here = module_name(path)
        package = here if path.name == "__init__.py" else here.rpartition(".")[0]
        for line, dotted in _private_names(path):
            owner = _owner(dotted)
            if owner and owner.startswith("normviz") and not (package == owner or package.startswith(owner + ".")):
                bad.append(f"{path.relative_to(ROOT)}:{line}: {dotted} is private to {owner}")
    assert not bad, _report(bad, "a leading underscore means: only its own package uses it")


def test_no_code_reads_streamlits_private_modules():
    files = [*package_files(), *app_files(), *sorted((ROOT / "deploy").rglob("*.py"))]
    bad = [
        f"{imp.where()} -- only Streamlit's public API ({', '.join(STREAMLIT_PUBLIC[:-1])})"
        for path in files
        for imp in imports_of(path)
        if _top(imp.module) == "streamlit" and imp.module not in STREAMLIT_PUBLIC[:-1]
    ]
    bad += [
        f"{path.relative_to(ROOT)}: reads ScriptRunContext / PagesManager"
        for path in files
        if re.search(r"get_script_run_ctx|ScriptRunContext|PagesManager", path.read_text())
    ]
    assert not bad, _report(bad, "Streamlit's internals change between releases")


# The page modules of normviz/ui/ (one per page or pair of pages) and the two that compose others.
PAGE_MODULES = sorted(p for p in (ROOT / "normviz" / "ui").glob("*.py") if p.name != "__init__.py")
COMPOSERS = ("normviz.ui.lesson", "normviz.ui.exercises")


def _page_module(module: str) -> bool:
    return module in {module_name(p) for p in PAGE_MODULES}


def test_ui_holds_page_modules_and_the_kit_only():
    names = {module_name(p) for p in PAGE_MODULES}
    assert "normviz.ui.projection" in names and "normviz.ui.lesson" in names
    furniture = {
        "normviz.ui.shell",
        "normviz.ui.links",
        "normviz.ui.views",
        "normviz.ui.int_input",
        "normviz.ui.vector_text",
        "normviz.ui.controls",
        "normviz.ui.literal",
        "normviz.ui.component",
    }
    assert not names & furniture, "shared Streamlit pieces live in normviz/ui/kit/, one module each"
    assert not [p for p in (ROOT / "normviz" / "ui").iterdir() if p.is_dir() and p.name not in ("kit", "__pycache__")]


def test_a_page_module_imports_the_kit_never_another_page_module():
    bad = [
        f"{imp.where()} -- a page borrows from normviz.ui.kit, not from another page"
        for path in PAGE_MODULES
        if module_name(path) not in COMPOSERS
        for imp in imports_of(path)
        if imp.module.startswith("normviz.ui")
        and not imp.module.startswith("normviz.ui.kit")
        and imp.module != module_name(path)
    ]
    assert not bad, _report(bad, "pages -> ui page module -> ui.kit")


def test_the_kit_imports_no_page_module():
    bad = [
        f"{imp.where()} -- the kit is below the pages"
        for path in package_files()
        if _inside(path, "normviz/ui/kit")
        for imp in imports_of(path)
        if imp.module == "normviz.ui"
        or _page_module(imp.module)
        or (imp.module.startswith("normviz.ui.") and not imp.module.startswith("normviz.ui.kit"))
    ]
    assert not bad, _report(bad, "pages -> ui page module -> ui.kit")


def test_no_test_module_imports_another_test_module():
    """What tests share lives in tests/helpers/ (or a conftest's fixtures): a test module imports neither
    another test module nor a conftest."""
    tests = ROOT / "tests"
    bad = []
    for path in sorted(tests.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else []
            )
            for name in names:
                last = name.rpartition(".")[2]
                if last.startswith("test_") or last == "conftest":
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: imports {name}")
    assert not bad, _report(bad, "test modules share through tests/helpers/")
