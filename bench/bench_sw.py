"""Repeat-visit boot time with the service worker vs. without, in headless Chromium.

Not a test: it prints figures.  For each mode one browser context visits ``index.html`` once
(with the worker: until it is active and controls the page), then reloads it ``--runs`` times
and reads ``body[data-ready-ms]`` (the page's ``performance.now()`` when Python was ready).
Without the worker the reloads revalidate every file with the server (``Cache-Control:
no-cache``, 304s from the HTTP cache); with it every file comes from the worker's cache.

    .venv/bin/python bench/bench_sw.py --runs 5
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from uno_web.site import serve  # noqa: E402

CONTROLLED = "async () => { const r = await navigator.serviceWorker.ready; return !!navigator.serviceWorker.controller; }"


def repeat_visits(browser, base: str, with_sw: bool, runs: int) -> list[float]:  # type: ignore[no-untyped-def]
    context = browser.new_context(base_url=base, service_workers="allow" if with_sw else "block")
    page = context.new_page()
    ready = 'body[data-ready="1"]'
    try:
        page.goto("index.html")
        page.wait_for_selector(ready, state="attached", timeout=180_000)
        if with_sw and not page.evaluate(CONTROLLED):
            page.reload()
            page.wait_for_selector(ready, state="attached", timeout=180_000)
        out = []
        for _ in range(runs):
            page.reload()
            page.wait_for_selector(ready, state="attached", timeout=180_000)
            if with_sw:
                assert page.evaluate("!!navigator.serviceWorker.controller")
            out.append(float(page.get_attribute("body", "data-ready-ms") or "nan"))
        return out
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--chromium", default=serve.CHROMIUM)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    def run(base: str) -> None:
        with sync_playwright() as pw:
            browser = serve.launch_chromium(pw, args.chromium)
            try:
                for with_sw in (False, True, False, True):
                    ms = repeat_visits(browser, base, with_sw, args.runs)
                    print(f"{'with' if with_sw else 'without':>7} service worker: repeat-visit ready "
                          f"median {statistics.median(ms):.0f} ms  (runs: {', '.join(f'{m:.0f}' for m in ms)})",
                          flush=True)
            finally:
                browser.close()

    return serve.run_served(run)


if __name__ == "__main__":
    sys.exit(main())
