"""Put the installed plotly package's ``plotly.min.js`` where Streamlit serves the app's static files.

The live chart and the export tools load plotly.js from ``static/plotly-<version>.min.js`` beside
``app.py``, which Streamlit serves at ``<base>/app/static/`` (``server.enableStaticServing`` in
``.streamlit/config.toml``). That route, unlike the component route, sends a ``Last-Modified``
validator, so the browser keeps the file in its HTTP cache between page loads and, from the second
load on, also keeps V8's compiled code for it: the 4.6 MB script costs a cache read instead of a
compile (about 1.7 s of CPU per page load on the 2-core test machine, 0.1-0.2 s cached).

The version is in the file name, so a name never changes its content; the copy's modification time
is set far in the past (``LAST_MODIFIED``) so the browser's heuristic freshness (a tenth of the
file's age, HTTP caching RFC 9111 §4.2.2) lasts years and a page load makes no request for it.
The file belongs to whichever plotly is installed, so it is copied at install time, never
committed (``.gitignore``)::

    python normviz/ui/kit/live/vendor.py      # `make run`, `make test` and the Dockerfile run this

Standard library only: it runs as a script, before anything is imported.
"""

from __future__ import annotations

import filecmp
import importlib.metadata
import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]  # the folder of app.py
STATIC = ROOT / "static"  # Streamlit's app static folder: <folder of the main script>/static
ROUTE = "app/static"  # where Streamlit serves STATIC, under the server's base path
LAST_MODIFIED = 946_684_800  # 2000-01-01T00:00:00Z (seconds): see the module docstring


def plotly_version() -> str:
    """The installed plotly's version ("7.1.0"), from its metadata (plotly itself is not imported);
    "missing" without one (then ``sync`` says what to install)."""
    try:
        return importlib.metadata.version("plotly")
    except importlib.metadata.PackageNotFoundError:
        return "missing"


PLOTLY_JS = STATIC / f"plotly-{plotly_version()}.min.js"


def missing() -> str | None:
    """Why a component that draws with the app's plotly.js (the live chart, the figure component) cannot, or None."""
    if PLOTLY_JS.is_file():
        return None
    return (
        f"{PLOTLY_JS} is missing: run `make run` / `make test`, or "
        "`python normviz/ui/kit/live/vendor.py`, which copies it from the installed plotly package"
    )


def plotly_source() -> Path:
    """``plotly/package_data/plotly.min.js`` of the plotly package this interpreter imports."""
    spec = importlib.util.find_spec("plotly")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("the plotly package is not installed (pip install -r requirements.txt)")
    path = Path(next(iter(spec.submodule_search_locations))) / "package_data" / "plotly.min.js"
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing from the installed plotly package")
    return path


def is_current() -> bool:
    """True when the static folder holds the installed plotly's exact plotly.min.js, dated LAST_MODIFIED."""
    try:
        return (
            PLOTLY_JS.is_file()
            and int(PLOTLY_JS.stat().st_mtime) == LAST_MODIFIED
            and filecmp.cmp(plotly_source(), PLOTLY_JS, shallow=False)
        )
    except FileNotFoundError:
        return False


def sync() -> bool:
    """Copy plotly.min.js into the static folder unless it is already there; True if it copied.

    The copy goes to a temporary file first and is renamed into place, so a server reading it never
    sees half a file. Other versions' copies are removed.
    """
    if is_current():
        return False
    src = plotly_source()
    STATIC.mkdir(exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".plotly.", suffix=".tmp", dir=STATIC)
    os.close(fd)
    try:
        shutil.copyfile(src, tmp)
        os.chmod(tmp, 0o644)
        os.utime(tmp, (LAST_MODIFIED, LAST_MODIFIED))
        os.replace(tmp, PLOTLY_JS)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    for old in STATIC.glob("plotly-*.min.js"):
        if old != PLOTLY_JS:
            old.unlink()
    return True


def main() -> int:
    try:
        copied = sync()
    except OSError as exc:
        print(f"vendor: cannot put plotly.min.js into {STATIC}: {exc}", file=sys.stderr)
        return 1
    print(f"vendor: {'copied' if copied else 'up to date'}: {PLOTLY_JS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
