"""normviz.ui.kit.collector: the server's garbage collector set up once, and cycles made later still freed."""

from __future__ import annotations

import subprocess
import sys

from tests.helpers.appserver import ROOT

# Run in a fresh interpreter: freezing is process-wide, and this test process must stay as it was.
_PROBE = """
import gc, weakref
from normviz.ui.kit import collector

class Node:
    pass

before = Node(); before.me = before; kept = weakref.ref(before); del before   # a cycle made before set_up
first, again = collector.set_up(), collector.set_up()
frozen = gc.get_freeze_count()
after = Node(); after.me = after; gone = weakref.ref(after); del after         # a cycle made after it
gc.collect()
print(first, again, gc.get_threshold() == collector.THRESHOLDS, frozen > 1000, kept() is None, gone() is None)
"""


def test_set_up_freezes_once_and_later_cycles_are_still_collected():
    run = subprocess.run([sys.executable, "-c", _PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    first, again, thresholds, frozen, before_freed, after_freed = run.stdout.split()
    assert (first, again) == ("True", "False")  # once per process
    assert thresholds == "True"
    assert frozen == "True"  # the imports' objects left the collector's scans
    assert before_freed == "True"  # garbage that existed at set_up was collected, not frozen for good
    assert after_freed == "True"  # and a cycle dropped later is still found
