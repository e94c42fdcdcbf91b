"""An open browser session through ``make serve``'s fleet outlives its replica: killed, the page reconnects
(to a live replica, then as the supervisor restarts the dead one) with its URL state; frozen for a few seconds,
the same page goes on where it was. The fleet's own tests (tests/test_fleet.py) count page loads and times."""

from __future__ import annotations

import os
import signal
import time
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.helpers.browser import (
    CONNECTED,
    assert_no_error,
    count_whole_runs,
    difference,
    expect_rerun,
    open_page,
    settled_scene,
    wait_for,
)
from tests.helpers.fleet import supervised_fleet

TIMEOUT_MS = 120_000


@pytest.fixture(scope="module")
def fleet(tmp_path_factory):
    with supervised_fleet(2, tmp_path_factory.mktemp("fleet")) as f:
        yield f


def _replica_of_page(page, fleet):
    (route,) = [c["value"] for c in page.context.cookies(fleet.base_url) if c["name"] == "normviz_route"]
    port = fleet.replica_of(route)
    return next(r for r in fleet.replicas if r.port == port)


def _x(page) -> tuple[float, float]:
    query = parse_qs(urlsplit(page.url).query)
    return float(query.get("x1", ["nan"])[0]), float(query.get("x2", ["nan"])[0])


def _move_x1(page) -> tuple[float, float]:
    """One step of x₁ by the keyboard (the plane's controls are in a fragment); x as the address says after."""
    was = _x(page)[0]
    slider = page.locator('.st-key-plane-x1 input[type="range"]')
    slider.focus()
    with expect_rerun(page, timeout_ms=TIMEOUT_MS):
        slider.press("ArrowRight")
    return wait_for(page, _x, lambda x: x[0] > was, timeout_s=30)


def test_an_open_page_survives_its_replica_killed_and_frozen(page, fleet):
    open_page(page, fleet.base_url, "plane", lang="en", x1="5", x2="-2", wait_for_plot=True, timeout_ms=TIMEOUT_MS)
    before = settled_scene(page, timeout_ms=TIMEOUT_MS)
    assert "5.00" in before["widgets"]["st-key-plane-x1"], before["widgets"]

    whole_runs = count_whole_runs(page)  # on the socket the reconnection opens
    victim = _replica_of_page(page, fleet)
    os.killpg(victim.process.pid, signal.SIGKILL)
    page.wait_for_selector(CONNECTED, state="detached", timeout=30_000)  # the page notices
    page.wait_for_selector(CONNECTED, state="attached", timeout=TIMEOUT_MS)  # and reconnects
    # the whole run the reconnection asks for has finished (a key pressed before it reaches a session that
    # knows none of the page's fragments: a loaded CI machine once pressed it in that gap)
    assert wait_for(page, lambda _: whole_runs[0], lambda n: n >= 1, timeout_s=60) >= 1
    assert not difference(settled_scene(page, before, timeout_ms=TIMEOUT_MS, timeout_s=60), before)
    # the new session (another replica's) ran the page whole, so its fragments answer: before
    # normviz.ui.kit.reconnect the slider moved on screen and nothing ran
    x1, x2 = _move_x1(page)
    assert 5 < x1 < 5.1 and x2 == -2, (x1, x2)
    assert page.evaluate("document.documentElement.dataset.nvReconnect") == "1"
    assert_no_error(page, context="after kill -9")

    frozen = _replica_of_page(page, fleet)
    os.killpg(frozen.process.pid, signal.SIGSTOP)
    try:
        time.sleep(6)
    finally:
        os.killpg(frozen.process.pid, signal.SIGCONT)
    x1_then = x1
    x1, x2 = _move_x1(page)  # the same session moves on from where it was
    assert x1_then < x1 < 5.1 and x2 == -2, (x1, x2)
    assert_no_error(page, context="after SIGSTOP")
