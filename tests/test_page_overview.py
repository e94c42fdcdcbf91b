import pytest

from normviz.methods import METHODS
from tests.helpers.pages import errors, run_page, tables, text


@pytest.mark.parametrize("lang, title", [("en", "Normalization is a projection"), ("zh", "归一化就是投影")])
def test_overview_runs_in_both_languages(lang, title):
    at = run_page("overview", lang=lang)
    assert errors(at) == []
    assert at.title[0].value == title


def test_worked_examples_are_computed_by_the_library():
    page = text(run_page("overview"))
    # (3, 4) -> L2 (0.6, 0.8); (1, 2, 3) -> RMS (0.463, 0.926, 1.389); LN of (1,2,3) and (101,102,103)
    assert "| (3, 4) | (0.600, 0.800) | (0.849, 1.131) | (−1.000, 1.000) |" in page
    assert "| (1, 2, 3) | (0.267, 0.535, 0.802) | (0.463, 0.926, 1.389) | (−1.225, 0.000, 1.225) |" in page
    assert "| (101, 102, 103) | (0.572, 0.577, 0.583) | (0.990, 1.000, 1.010) | (−1.225, 0.000, 1.225) |" in page


def test_overview_names_the_backend_and_the_degrees_of_freedom():
    page = text(run_page("overview", backend="torch"))
    assert "computed with torch (cpu)" in page
    assert "| LayerNorm |" in page and "| 0 / 1 / 766 |" in page and "| 1 / 2 / 767 |" in page


def test_overview_table_comes_from_the_method_records():
    """Formula, what is removed and the degrees of freedom of each row are the Method record's."""
    table = tables(run_page("overview"))[0].splitlines()
    assert "n = 2 / 3 / 768" in table[0]
    for m, row in zip(METHODS.values(), table[2:], strict=True):
        assert f"`{m.formula}`" in row
        assert " / ".join(str(m.dof(n)) for n in (2, 3, 768)) in row
        assert ("common offset" in row) == ("offset" in m.removes)


def test_overview_states_the_biased_variance_and_that_standardizing_is_not_normalizing_the_distribution():
    page = text(run_page("overview", lang="en"))
    assert "σ² = (1/n)·Σ(xᵢ − μ)² the biased variance" in page and "√(n − 1)" in page
    assert "do not make the components follow a standard normal distribution" in page


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_overview_carries_the_accessibility_statement(lang):
    """What conforms and how it is tested, Streamlit's exceptions with the upstream issue, how to report."""
    from normviz.i18n import Translator

    t = Translator(lang)
    at = run_page("overview", lang=lang)
    (box,) = [e for e in at.expander if e.label == t("overview.access.header")]
    said = " ".join(m.value for m in box.markdown)
    assert "WCAG 2.2 AA" in said and "axe-core 4.12.1" in said and "streamlit#15726" in said
    assert said == " ".join(t(f"overview.access.{p}") for p in ("body", "exceptions", "report"))
