"""ui/kit/controls.py: the ε slider speaks the page's language, or none (a bound widget's label goes into the link)."""

import re

import pytest

from normviz.methods import METHODS
from normviz.ui.kit.controls import DEFAULTS_LABEL, EPS_CHOICES, EPS_LABELS
from tests.helpers.pages import run_page


def test_the_bound_default_label_is_the_defaults_themselves():
    assert DEFAULTS_LABEL == "1e-12/1e-6/1e-5"
    assert [float(v) for v in DEFAULTS_LABEL.split("/")] == [m.default_eps for m in METHODS.values()]
    assert EPS_LABELS[1:] == EPS_CHOICES[1:] and len(set(EPS_LABELS)) == len(EPS_LABELS)


@pytest.mark.parametrize(
    "page, key",
    [("plane", "plane.eps"), ("space", "space.eps"), ("highdim", "highdim.eps"), ("invariance", "invariance.eps")],
)
def test_no_english_word_on_the_chinese_eps_slider(page, key):
    at = run_page(page, lang="zh")
    options = at.select_slider(key=key).options
    assert not [o for o in options if re.search(r"[A-Za-z]{2,}", o)], options
