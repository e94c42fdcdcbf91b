"""Put the installed plotly package's ``plotly.min.js`` into the component's asset folder.

The live chart loads plotly.js as a file that the browser fetches once per
page and caches, served by Streamlit from the component's ``asset_dir``
(``normviz/ui/kit/live/assets/``). The file is 4.6 MB and belongs to whichever
plotly version is installed, so it is copied at install time, never
committed (``.gitignore``)::

    python normviz/ui/kit/live/vendor.py      # `make run`, `make test` and the Dockerfile run this

Standard library only: it runs as a script, before anything is imported.
"""

from __future__ import annotations

import filecmp
import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path

ASSETS = Path(__file__).resolve().parent / "assets"
PLOTLY_JS = ASSETS / "plotly.min.js"


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
    """True when the asset folder holds the installed plotly's exact plotly.min.js."""
    try:
        return PLOTLY_JS.is_file() and filecmp.cmp(plotly_source(), PLOTLY_JS, shallow=False)
    except FileNotFoundError:
        return False


def sync() -> bool:
    """Copy plotly.min.js into the asset folder unless it is already there; True if it copied.

    The copy goes to a temporary file first and is renamed into place, so a
    server reading the asset never sees half a file.
    """
    if is_current():
        return False
    src = plotly_source()
    fd, tmp = tempfile.mkstemp(prefix=".plotly.", suffix=".tmp", dir=ASSETS)
    os.close(fd)
    try:
        shutil.copyfile(src, tmp)
        os.chmod(tmp, 0o644)
        os.replace(tmp, PLOTLY_JS)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return True


def main() -> int:
    try:
        copied = sync()
    except OSError as exc:
        print(f"vendor: cannot put plotly.min.js into {ASSETS}: {exc}", file=sys.stderr)
        return 1
    print(f"vendor: {'copied' if copied else 'up to date'}: {PLOTLY_JS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
