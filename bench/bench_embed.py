"""Embeds in headless Chromium: how light the placeholder is and how long Python takes.

    .venv/bin/python bench/bench_embed.py                 # figures
    .venv/bin/python bench/bench_embed.py --runs 3
    .venv/bin/python bench/bench_embed.py --screenshots docs/screenshots

Figures (a script that prints, not a test):

* one embed (a tutorial lesson, ``index.html?embed=1&lesson=…``): time from navigation to the
  placeholder (first contentful paint), the requests and bytes until then; time from the start
  (it is visible) to interactive (``body[data-ready="1"]``), and the bytes Python needed;
* the tutorial page (``static/tutorial.html``, 1280x700 viewport, scrolled to the top, where no
  embed is visible yet): requests and bytes before any embed is visible, then the same for the
  first embed once scrolled into view.

Bytes are response bodies as received (``request.sizes()``, no compression: the development
server sends none).  ``--screenshots DIR`` writes the PNGs of docs/embedding.md and the puzzle
screenshots of docs/table.md instead.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "web"))

from table_helpers import is_python_request, try_move  # noqa: E402

READY = "() => document.body && document.body.dataset.ready === '1'"


def _launch(pw: Any) -> Any:
    from uno_web.site.serve import launch_chromium

    return launch_chromium(pw)


class Traffic:
    """Every finished request of a page (all its frames) with its body size."""

    def __init__(self, page: Any) -> None:
        self.rows: list[tuple[str, str, int]] = []  # (frame name, url, bytes)
        page.on("requestfinished", self._done)

    def _done(self, req: Any) -> None:
        try:
            size = int(req.sizes().get("responseBodySize", 0))
        except Exception:  # the page went away meanwhile
            size = 0
        self.rows.append((req.frame.name, req.url, size))

    def mark(self) -> int:
        return len(self.rows)

    def since(self, start: int = 0) -> tuple[int, int, int, int]:
        """(requests, bytes, Python requests, Python bytes) since ``mark()``."""
        rows = self.rows[start:]
        py = [r for r in rows if is_python_request(r[1])]
        return len(rows), sum(r[2] for r in rows), len(py), sum(r[2] for r in py)


def _mb(n: int) -> str:
    return f"{n / 1e6:.2f} MB" if n >= 100_000 else f"{n / 1e3:.1f} kB"


def one_embed(browser: Any, base: str) -> dict[str, float]:
    from uno_web.puzzles.lessons import LESSONS, lesson_query

    ctx = browser.new_context(viewport={"width": 760, "height": 700})
    page = ctx.new_page()
    traffic = Traffic(page)
    url = base + "index.html?start=click&" + lesson_query(LESSONS[0])
    t0 = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("[data-testid=load-embed]", state="visible")
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)
    fcp = page.evaluate(
        "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null")
    n0, b0, p0, _ = traffic.since()
    mark = traffic.mark()
    t1 = time.perf_counter()
    page.click("[data-testid=load-embed]")
    page.wait_for_function(READY, timeout=120_000)
    t_ready = time.perf_counter() - t1
    page.wait_for_load_state("networkidle")
    n1, b1, p1, pb1 = traffic.since(mark)
    ctx.close()
    del t0
    return {"fcp_ms": float(fcp or 0), "req0": n0, "bytes0": b0, "py0": p0,
            "ready_s": t_ready, "req1": n1, "bytes1": b1, "py1": p1, "pybytes1": pb1}


def tutorial(browser: Any, base: str) -> dict[str, float]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 700})
    page = ctx.new_page()
    traffic = Traffic(page)
    page.goto(base + "static/tutorial.html")
    page.wait_for_load_state("load")
    page.wait_for_timeout(1000)
    visible = page.evaluate("""() => [...document.querySelectorAll('iframe')].filter(f => {
        const r = f.getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0; }).length""")
    n0, b0, p0, _ = traffic.since()
    frames0 = len([f for f in page.frames if f.name.startswith("lesson-")])
    mark = traffic.mark()
    t1 = time.perf_counter()
    page.locator("iframe[data-lesson]").first.scroll_into_view_if_needed()
    frame = page.frame(name=page.locator("iframe[data-lesson]").first.get_attribute("name"))
    frame.wait_for_function(READY, timeout=120_000)
    t_ready = time.perf_counter() - t1
    page.wait_for_timeout(500)
    n1, b1, p1, pb1 = traffic.since(mark)
    # the second embed: the same files again, from the browser's cache (revalidated)
    mark = traffic.mark()
    t2 = time.perf_counter()
    second = page.locator("iframe[data-lesson]").nth(1)
    second.scroll_into_view_if_needed()
    page.frame(name=second.get_attribute("name")).wait_for_function(READY, timeout=120_000)
    t_ready2 = time.perf_counter() - t2
    page.wait_for_timeout(500)
    n2, b2, _, _ = traffic.since(mark)
    ctx.close()
    return {"visible0": visible, "req0": n0, "bytes0": b0, "py0": p0, "frames0": frames0,
            "ready_s": t_ready, "req1": n1, "bytes1": b1, "py1": p1, "pybytes1": pb1,
            "ready2_s": t_ready2, "req2": n2, "bytes2": b2}


def bench(base: str, runs: int) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = _launch(pw)
        one = [one_embed(browser, base) for _ in range(runs)]
        tut = [tutorial(browser, base) for _ in range(runs)]
        browser.close()

    def med(rows: list[dict[str, float]], key: str) -> float:
        return statistics.median(r[key] for r in rows)

    print(f"one embed (lesson wild-draw-four, start=click), {runs} run(s), medians:")
    print(f"  placeholder painted (first contentful paint)  {med(one, 'fcp_ms'):7.0f} ms")
    print(f"  before the start: {med(one, 'req0'):.0f} requests, {_mb(int(med(one, 'bytes0')))},"
          f" {med(one, 'py0'):.0f} for Python")
    print(f"  start -> interactive                          {med(one, 'ready_s'):7.2f} s")
    print(f"  for that: {med(one, 'req1'):.0f} requests, {_mb(int(med(one, 'bytes1')))} "
          f"({med(one, 'py1'):.0f} requests / {_mb(int(med(one, 'pybytes1')))} PyScript,"
          " Pyodide, wheels, config, modules)")
    print("tutorial page (1280x700, top of the page):")
    print(f"  embeds visible at load: {med(tut, 'visible0'):.0f}; iframe documents loaded: "
          f"{med(tut, 'frames0'):.0f} of 5 (loading=lazy)")
    print(f"  before any embed is visible: {med(tut, 'req0'):.0f} requests, "
          f"{_mb(int(med(tut, 'bytes0')))}, {med(tut, 'py0'):.0f} for Python")
    print(f"  first embed scrolled into view -> interactive {med(tut, 'ready_s'):7.2f} s, "
          f"{med(tut, 'req1'):.0f} requests, {_mb(int(med(tut, 'bytes1')))}")
    print(f"  second embed scrolled into view -> interactive {med(tut, 'ready2_s'):6.2f} s, "
          f"{med(tut, 'req2'):.0f} requests, {_mb(int(med(tut, 'bytes2')))} of bodies received")


# ------------------------------------------------------------------------------------------
# screenshots for docs/embedding.md and docs/table.md


def screenshots(base: str, out: Path) -> None:
    from playwright.sync_api import sync_playwright

    from uno_web.puzzles.lessons import LESSONS, lesson_query

    out.mkdir(parents=True, exist_ok=True)
    lesson = LESSONS[0]
    with sync_playwright() as pw:
        browser = _launch(pw)

        # an embed, as an iframe of 760 and of 360 px would show it
        for name, width in (("embed-desktop", 760), ("embed-phone", 360)):
            page = browser.new_page(viewport={"width": width, "height": 620})
            page.goto(base + "index.html?start=click&" + lesson_query(lesson))
            page.wait_for_selector("[data-testid=load-embed]")
            if name == "embed-desktop":
                page.screenshot(path=str(out / "embed-placeholder.png"))
                print("wrote embed-placeholder")
            page.click("[data-testid=load-embed]")
            page.wait_for_function(READY, timeout=120_000)
            try_move(page, lesson.tries[0][0])  # the refused Wild Draw Four
            page.evaluate("window.scrollTo(0, 0)")
            page.wait_for_timeout(400)
            page.screenshot(path=str(out / f"{name}.png"))
            print("wrote", name)
            page.close()

        # the tutorial page with its first three embeds loaded
        for name, width in (("tutorial-desktop", 1100), ("tutorial-phone", 390)):
            page = browser.new_page(viewport={"width": width, "height": 800})
            page.goto(base + "static/tutorial.html")
            for les in LESSONS[:3]:
                loc = page.locator(f"iframe[name='lesson-{les.slug}']")
                loc.scroll_into_view_if_needed()
                page.frame(name=f"lesson-{les.slug}").wait_for_function(READY, timeout=120_000)
            page.wait_for_timeout(800)
            page.evaluate("window.scrollTo(0, 0)")
            # from the top to the end of the third lesson (the rest is two placeholders)
            bottom = page.evaluate(
                "document.querySelectorAll('iframe[data-lesson]')[2].getBoundingClientRect()"
                ".bottom + scrollY + 24")
            page.screenshot(path=str(out / f"{name}.png"), full_page=True,
                            clip={"x": 0, "y": 0, "width": width, "height": bottom})
            print("wrote", name)
            page.close()

        # the puzzles: Solitaire (a refused card and the solver's answer) and the Duel
        for name, width, height in (("desktop", 1280, 860), ("phone", 360, 1100)):
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(base + "index.html?mode=solitaire&cards=R1 R3 G3 G5 B5 B7 Y7 Y1 R9 G9")
            page.wait_for_function(READY, timeout=120_000)
            for code in ("R1", "R3", "G3"):
                page.locator(f"[data-testid=hand] [data-card='{code}']").first.click()
            page.locator("[data-testid=hand] [data-card='B7']").first.click()  # refused
            page.click("[data-testid=puzzle-check]")
            page.wait_for_selector("[data-testid=solver-answer][data-solvable]")
            page.evaluate("window.scrollTo(0, 0)")
            page.wait_for_timeout(300)
            page.screenshot(path=str(out / f"solitaire-{name}.png"))
            print("wrote", f"solitaire-{name}")
            page.goto(base + "index.html?mode=duel&p1=Y6 G6 G7 G8 B9&p2=R5 R6 G1 G3 B9"
                      "&speed=fast")
            page.wait_for_function(READY, timeout=120_000)
            page.locator("[data-testid=hand] [data-card='Y6']").first.click()
            page.wait_for_function("() => document.body.dataset.turn === '1'")
            page.evaluate("window.scrollTo(0, 0)")
            page.wait_for_timeout(300)
            page.screenshot(path=str(out / f"duel-{name}.png"))
            print("wrote", f"duel-{name}")
            if name == "desktop":
                page.click("[data-testid=share]")
                page.wait_for_selector("[data-testid=share-dialog]")
                page.screenshot(path=str(out / "share-desktop.png"))
                print("wrote share-desktop")
            page.close()
        browser.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=1, help="runs of each measurement (default 1)")
    ap.add_argument("--screenshots", type=Path, help="write the docs screenshots to this folder")
    args = ap.parse_args(argv)
    from uno_web.site.serve import run_served

    if args.screenshots:
        return run_served(lambda url: screenshots(url, args.screenshots), ROOT)
    return run_served(lambda url: bench(url, args.runs), ROOT)


if __name__ == "__main__":
    raise SystemExit(main())
