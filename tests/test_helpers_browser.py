"""The browser tests' polling helper, without a browser: a chart missing for a moment is waited for, one that
never comes fails, any other failed read fails at once."""

from __future__ import annotations

import pytest

from tests.helpers.browser import ChartMissing, wait_for


class _Clock:
    """A page whose wait_for_timeout counts the polls instead of sleeping."""

    def __init__(self):
        self.polls = 0

    def wait_for_timeout(self, ms):
        self.polls += 1


def _missing_then(values):
    """A read that fails like ``plotly_data`` on a chart not drawn yet, then returns ``values`` in turn."""
    seq = iter(values)

    def read(page):
        value = next(seq)
        if value is None:
            raise ChartMissing("expected a plotly chart #2, found 2 chart(s)")
        return value

    return read


def test_a_chart_missing_during_a_redraw_is_polled_again():
    page = _Clock()
    assert wait_for(page, _missing_then([1, None, None, 2, 3]), lambda v: v == 3, timeout_s=5) == 3
    assert page.polls == 4


def test_a_chart_that_never_comes_fails_at_the_timeout():
    page = _Clock()
    with pytest.raises(AssertionError, match="found 2 chart"):
        wait_for(page, _missing_then([None] * 10**6), lambda v: True, timeout_s=0.05)


def test_any_other_failed_read_fails_at_once():
    page = _Clock()

    def read(p):
        raise AssertionError("no trace 'x'")

    with pytest.raises(AssertionError, match="no trace"):
        wait_for(page, read, lambda v: True, timeout_s=30)
    assert page.polls == 0


def test_a_check_that_never_holds_returns_the_last_value():
    assert wait_for(_Clock(), lambda p: 7, lambda v: v == 8, timeout_s=0.05) == 7
