"""Fixtures for the Chromium tests: a real ``streamlit run`` and a real browser.

- ``app_server`` (session): starts ``python -m streamlit run app.py`` on
  127.0.0.1 and a free port, waits for ``/_stcore/health``, stops the whole
  process group at the end. ``NORMVIZ_APP=/path/to/app.py`` points it at
  another script (used to develop this harness).
- ``base_url`` (session): ``http://127.0.0.1:<port>``.
- ``browser`` (session): Debian's ``/usr/bin/chromium`` through Playwright
  (``NORMVIZ_CHROMIUM`` overrides the path). Never ``playwright install``.
- ``page`` (function): a tab at 1400x1000 on about:blank; uncaught JS
  exceptions are recorded for ``assert_no_error``. One tab per worker serves
  every test (a new tab costs about twice a page load in Chromium's CPU, and
  only a reused tab keeps V8's compiled code): each test gets it back on
  about:blank, at the default size and timeout, without the listeners and
  routes the last test added; a test that fails gets a new tab next time.
- ``other_page`` (function): the same, in a second context: another browser
  as far as the app can tell (no cookies, storage or session shared), for a
  copied address opened elsewhere.
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
from tests.helpers.browser import page_errors_reset, watch_page_errors

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


VIEWPORT = {"width": 1400, "height": 1000}
DEFAULT_TIMEOUT_MS = 60_000  # a loaded 2-core machine
HISTORY_ROOM = 30  # a reused tab with more history entries than this is replaced (Chromium's limit: 50)


class ReusedTab:
    """One browser context with one tab, handed to test after test (``page``, ``other_page``)."""

    def __init__(self, browser):
        self.browser, self.context, self.tab = browser, None, None

    def take(self, permissions: tuple[str, ...] = ()):
        # Chromium keeps at most 50 history entries: a test that counts them (one action, one entry) needs room
        if self.tab is not None and not self.tab.is_closed() and self.tab.evaluate("history.length") > HISTORY_ROOM:
            self.close()
        if self.tab is None or self.tab.is_closed():
            self.close()
            self.context = self.browser.new_context(viewport=VIEWPORT)
            self.tab = self.context.new_page()
            watch_page_errors(self.tab)
            _track_listeners(self.tab)
        if permissions:
            self.context.grant_permissions(list(permissions))
        tab = self.tab
        tab.set_default_timeout(DEFAULT_TIMEOUT_MS)
        if tab.viewport_size != VIEWPORT:
            tab.set_viewport_size(VIEWPORT)
        return tab

    def give_back(self, failed: bool) -> None:
        """Undo what a test added; a failed test's tab (a dialog, a held mouse button, ...) is not reused."""
        tab = self.tab
        if tab is None or tab.is_closed():
            return
        if failed:
            self.close()
            return
        for event, handler in tab._normviz_listeners:
            tab.remove_listener(event, handler)
        tab._normviz_listeners.clear()
        tab.unroute_all(behavior="ignoreErrors")
        self.context.clear_permissions()
        # leave the app: its session ends now, not while the next test runs
        tab.goto("about:blank")
        page_errors_reset(tab)

    def close(self) -> None:
        if self.context is not None:
            try:
                self.context.close()
            except Exception:  # a browser already gone: nothing left to close
                pass
        self.context = self.tab = None


def _track_listeners(tab) -> None:
    """Record the listeners tests add with ``tab.on`` (watch_page_errors' own stay), so give_back can remove them."""
    tab._normviz_listeners = []
    on = tab.on

    def tracked_on(event, handler):
        tab._normviz_listeners.append((event, handler))
        return on(event, handler)

    tab.on = tracked_on


@pytest.fixture(scope="session")
def _tabs(browser):
    tabs = {"page": ReusedTab(browser), "other_page": ReusedTab(browser)}
    yield tabs
    for tab in tabs.values():
        tab.close()


def _lend(request, tabs, name: str):
    permissions = tuple(getattr(request.node.get_closest_marker("permissions"), "args", ()))
    tab = tabs[name].take(permissions)
    yield tab
    report = getattr(request.node, "rep_call", None)
    tabs[name].give_back(failed=report is None or report.failed)


@pytest.fixture
def page(request, _tabs):
    yield from _lend(request, _tabs, "page")


@pytest.fixture
def other_page(request, _tabs):
    yield from _lend(request, _tabs, "other_page")
