"""The cost page in a real Chromium: the step table renders, an input changes it, the benchmark draws its chart."""

from __future__ import annotations

from tests.helpers.browser import (
    PLOT,
    assert_no_error,
    enter_text,
    main_text,
    open_page,
    plotly_data,
    switch_language,
    wait_for,
    wait_for_charts,
)


def test_cost_renders_the_tutorial_case_in_both_languages_then_tokens_and_the_benchmark(page, base_url):
    """One load: the tutorial's case in Chinese, then in English after the language switch; the token count
    changes the table and the link, and the benchmark, once asked for, draws its bars."""
    open_page(page, base_url, "cost", lang="zh")
    for lang, word in (("zh", "每次调用的元素数"), ("en", "elements per call")):
        if lang == "en":
            switch_language(page, "en")
        assert_no_error(page)
        text = main_text(page)
        assert word in text and "12.9 GB" in text and "6.44 ms" in text
        assert page.locator(PLOT).count() == 0  # the benchmark waits for its button

    field = page.get_by_role("spinbutton", name="Tokens T (batch × sequence)")
    enter_text(page, field, "1024")
    assert "1024 × 2048" in wait_for(page, main_text, lambda text: "1024 × 2048" in text)
    assert "cost.tokens=1024" in page.url
    field.blur()
    page.wait_for_timeout(300)
    page.get_by_role("button", name="Run the benchmark (numpy (CPU))").click()
    wait_for_charts(page, 1, timeout_ms=60_000)
    metas = [tr.get("meta") for tr in plotly_data(page, 0)]
    assert metas == ["bench_copy", "bench_ln", "bench_rms", "bench_l2"]
    assert all(v > 0 for tr in plotly_data(page, 0) for v in tr["y"])
    assert "vs copy" in main_text(page)
    assert_no_error(page)
