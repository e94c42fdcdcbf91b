"""Fixtures for the Chromium tests: a real ``streamlit run`` and a real browser.

- ``app_server`` (session): starts ``python -m streamlit run app.py`` on
  127.0.0.1 and a free port, waits for ``/_stcore/health``, stops the whole
  process group at the end. ``NORMVIZ_APP=/path/to/app.py`` points it at
  another script (used to develop this harness).
- ``base_url`` (session): ``http://127.0.0.1:<port>``.
- ``browser`` (session): Debian's ``/usr/bin/chromium`` through Playwright
  (``NORMVIZ_CHROMIUM`` overrides the path). Never ``playwright install``.
- ``page`` (function): a fresh context (1400x1000) and page; uncaught JS
  exceptions are recorded for ``assert_no_error``.
- Screenshots: a failing test leaves one of each Playwright page it used (``page``
  or a module's own context, e.g. the phone's) in ``artifacts/browser/``; with
  ``NORMVIZ_SCREENSHOTS=1`` every test does (to compare pages before and after a
  change).

Every test in this directory gets the ``browser`` marker; they all skip with a
reason when Chromium or the app is missing.
"""

from __future__ import annotations

import os
import re
import warnings
from pathlib import Path

import pytest

from tests.helpers import appserver
from tests.helpers.appserver import CheckedAppServer
from tests.helpers.browser import watch_page_errors

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("NORMVIZ_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
ARTIFACTS = ROOT / "artifacts" / "browser"
HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"rep_{report.when}", report)
    if report.when == "call" and (report.failed or os.environ.get("NORMVIZ_SCREENSHOTS") == "1"):
        _screenshots(item)  # before the teardown closes the pages
    return report


def _screenshots(item) -> None:
    """Each Playwright page the test used (``page``, or a module's own, as the phone's), saved as a PNG."""
    from playwright.sync_api import Page

    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", item.nodeid)[-150:]
    for fixture, value in getattr(item, "funcargs", {}).items():
        if isinstance(value, Page) and not value.is_closed():
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            suffix = "" if fixture == "page" else f"-{fixture}"
            try:
                value.screenshot(path=str(ARTIFACTS / f"{name}{suffix}.png"), full_page=True)
            except Exception:  # a screenshot must never hide the real failure
                pass


@pytest.fixture(scope="session")
def app_server(tmp_path_factory) -> CheckedAppServer:
    app = Path(os.environ.get("NORMVIZ_APP", ROOT / "app.py")).resolve()
    if not app.is_file():
        pytest.skip(f"no Streamlit app at {app} (set NORMVIZ_APP to test another script)")
    server = CheckedAppServer(app, appserver.free_port(), tmp_path_factory.mktemp("streamlit") / "server.log")
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture(autouse=True)
def _app_server_running(request):
    """Restart a server that died between tests; name the cause if it dies under one."""
    if "app_server" not in request.fixturenames:
        yield
        return
    server: CheckedAppServer = request.getfixturevalue("app_server")
    if not server.alive():
        warnings.warn(f"{server.death_note()}; restarted it on the same port", stacklevel=1)
        server.start()
    yield
    if not server.alive():
        pytest.fail(f"{server.death_note()} during this test:\n{server.log_text()[-4000:]}", pytrace=False)


@pytest.fixture(scope="session")
def base_url(app_server: CheckedAppServer) -> str:
    return app_server.base_url


@pytest.fixture(scope="session")
def browser():
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(f"Chromium not found at {CHROMIUM} (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()
    finally:
        pw.stop()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(30_000)
    watch_page_errors(page)
    yield page
    context.close()
