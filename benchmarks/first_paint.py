"""First paint: how long a student waits for a page in Chromium (prints tables; asserts nothing).

Starts the app on a free loopback port (deploy/replica.py) and Debian's Chromium (headless, no GPU), then

1. cold: the time from starting the process to its health answering, and from then to the first figure of
   ``--cold`` (default precision, which imports torch for its float16 run, as a fresh replica's first visitor
   of it would wait);
2. warm, in each language: from the overview, a click on each page's sidebar link, and the time until that
   page's first figure is drawn (a plotly chart, the live chart too, whose traces are not the last page's),
   or, for a page without one, until its title is the new page's. Each page is visited once before it is
   timed (the server's imports and default figures, the browser's code), as a class's second student meets
   it; ``--rounds`` clicks per page, the median printed.

    .venv/bin/python benchmarks/first_paint.py                     # every page, en and zh
    .venv/bin/python benchmarks/first_paint.py --pages plane space --rounds 5

What it measures is the whole wait: the click's message, the server's script run, the transfer and the
browser drawing (software WebGL for the 3D scenes, as on a laptop without a GPU driver).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from deploy.replica import AppServer, free_port  # noqa: E402
from tests.helpers.browser import nav_paths, open_page, wait_for_app_run  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]
MAIN = '[data-testid="stMain"]'
TIMEOUT_MS = 60_000
OVERVIEW = {"overview": ""}  # the default page's link is "/"

# Before a click: remember what is drawn now. After it: a drawn chart whose traces are new, or a new title.
_MARK_JS = """(main) => {
  const root = document.querySelector(main);
  window.__nvOldData = [...root.querySelectorAll('.js-plotly-plot')].map((el) => el.data);
  const h = root.querySelector('h1');
  window.__nvOldTitle = h ? h.textContent : '';
}"""
_NEW_FIGURE_JS = """(main) => [...document.querySelector(main).querySelectorAll('.js-plotly-plot')].some(
  (el) => el.data && el._fullLayout && !window.__nvOldData.includes(el.data))"""
_NEW_TITLE_JS = """(main) => {
  const h = document.querySelector(main).querySelector('h1');
  return !!h && h.textContent !== window.__nvOldTitle;
}"""


def has_figure(page) -> bool:
    return page.locator(f"{MAIN} .js-plotly-plot").count() > 0


def click_and_wait(page, path: str, figure: bool) -> float:
    """Seconds from the click on ``path``'s sidebar link to its first figure (or its new title); no click (0 s)
    when that page is shown already."""
    if urlparse(page.url).path.strip("/") == path:
        return 0.0
    page.evaluate(_MARK_JS, MAIN)
    link = page.locator(f'[data-testid="stSidebarNavLink"][href$="/{path}"]').first
    if not path:
        link = page.locator('[data-testid="stSidebarNavLink"]').first
    start = time.perf_counter()
    link.click()
    page.wait_for_function(_NEW_FIGURE_JS if figure else _NEW_TITLE_JS, arg=MAIN, polling="raf", timeout=TIMEOUT_MS)
    took = time.perf_counter() - start
    wait_for_app_run(page, timeout_ms=TIMEOUT_MS)  # the rest of the run, before the next click
    return took


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", nargs="+", help="url paths to time (default: every page of the navigation)")
    parser.add_argument("--langs", nargs="+", default=["en", "zh"], choices=["en", "zh"])
    parser.add_argument("--rounds", type=int, default=3, help="timed clicks per page and language (default 3)")
    parser.add_argument("--cold", default="precision", help="the page opened first after the start (default precision)")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="normviz-paint-") as tmp, sync_playwright() as pw:
        server = AppServer(ROOT / "app.py", free_port(), Path(tmp) / "server.log")
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            start = time.perf_counter()
            server.start()
            healthy = time.perf_counter() - start
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            start = time.perf_counter()
            page.goto(f"{server.base_url}/{args.cold}?lang=en", wait_until="domcontentloaded")
            page.wait_for_function(
                "(m) => [...document.querySelectorAll(m + ' .js-plotly-plot')].some((el) => el.data && el._fullLayout)",
                arg=MAIN,
                polling="raf",
                timeout=120_000,
            )
            cold = time.perf_counter() - start
            print(
                f"cold start: process start to healthy {healthy:.2f} s; then /{args.cold}'s first figure {cold:.2f} s"
            )

            rows: dict[str, dict[str, float]] = {}
            for lang in args.langs:
                open_page(page, server.base_url, "", lang=lang, timeout_ms=TIMEOUT_MS)
                # the overview ("") is timed from the plane, every other page from the overview; nav_paths
                # unfolds the navigation's "View more", without which the later pages' links cannot be clicked
                shown = nav_paths(page)
                paths = [OVERVIEW.get(p, p) for p in args.pages] if args.pages else shown
                figures = {}
                for path in paths:  # the visit before the timed ones
                    click_and_wait(page, "plane" if path == "" else "", figure=False)
                    click_and_wait(page, path, figure=False)
                    figures[path] = has_figure(page)
                for path in paths:
                    times = []
                    for _ in range(args.rounds):
                        click_and_wait(page, "plane" if path == "" else "", figure=False)
                        times.append(click_and_wait(page, path, figures[path]))
                    name = path or "overview"
                    rows.setdefault(name, {})[lang] = statistics.median(times)
                    rows[name]["figure"] = figures[path]
            print(f"\nwarm: click on the sidebar link -> first figure drawn (median of {args.rounds}), seconds")
            print(f"{'page':<14}" + "".join(f"{lang:>8}" for lang in args.langs) + "  waits for")
            for path, row in rows.items():
                cells = "".join(f"{row.get(lang, float('nan')):>8.2f}" for lang in args.langs)
                print(f"{path:<14}{cells}  {'its first figure' if row['figure'] else 'its title (no figure)'}")
            worst = max(((v, p, lang) for p, row in rows.items() for lang, v in row.items() if lang != "figure"))
            print(f"worst: {worst[1]} ({worst[2]}) {worst[0]:.2f} s")
        finally:
            browser.close()
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
