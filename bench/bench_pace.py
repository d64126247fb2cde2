"""The table's pace as a player feels it: the wait from your move to your next turn.

    .venv/bin/python bench/bench_pace.py                 # 3 rounds at the default speed
    .venv/bin/python bench/bench_pace.py --rounds 5 --speed normal --level hard

A 4-player game (you and three bots), dealt with *Quick game* at the default bot speed (no
``?speed=``) unless ``--speed`` says otherwise. For each of your moves the page measures the
time from the click to the moment the table waits for you again (your turn, the bots idle);
the median is the figure of docs/table.md ("Pace"). Each bot move still lands on the pile,
the callout says it and the log lists it.
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

from table_helpers import fix_deal, wait_idle  # noqa: E402

MOVE_JS = """async (sel) => {
  const el = document.querySelector(sel);
  if (!el) return null;
  const b = document.body.dataset;
  const v0 = b.version;
  const t0 = performance.now();
  el.click();
  for (;;) {
    await new Promise(r => setTimeout(r, 5));
    const idle = b.busy !== '1' && b.version !== v0
      && (b.turn === '0' || b.phase === 'round-over' || b.phase === 'game-over');
    if (idle) return [performance.now() - t0, b.phase, +b.version - +v0];
    if (performance.now() - t0 > 60000) return [-1, b.phase, 0];
  }
}"""


def _target(page: Any) -> str:
    if page.locator("[data-testid=color-picker] [data-color]").count():
        return "[data-testid=color-picker] [data-color]"
    if page.locator("[data-testid=hand] [data-playable=true]").count():
        return "[data-testid=hand] [data-playable=true]"
    if page.locator("[data-testid=keep]").count():
        return "[data-testid=keep]"
    return "[data-testid=draw-pile]"


def bench(base: str, rounds: int, speed: str, level: str) -> None:
    from playwright.sync_api import sync_playwright

    from uno_web.site.serve import launch_chromium

    waits: list[float] = []
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        for k in range(rounds):
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            fix_deal(page, 300 + k)
            page.goto(base + "index.html" + (f"?speed={speed}" if speed else ""))
            page.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
            page.select_option("[data-testid=players]", "4")  # to set the three levels
            for i in range(1, 4):
                page.select_option(f"[data-testid=level-{i}]", level)
            page.click("[data-testid=quick-game]")
            page.wait_for_selector("[data-testid=hand] [data-card]")
            for _ in range(300):
                wait_idle(page, timeout_ms=60_000)
                if page.evaluate("document.body.dataset.phase") in ("round-over", "game-over"):
                    break
                sel = _target(page)
                got = page.evaluate(MOVE_JS, sel)
                if got is None or got[0] < 0:
                    continue
                # a move that handed the turn on (the bots moved before you again)
                if got[2] > 1 and got[1] not in ("round-over", "game-over"):
                    waits.append(got[0] / 1000.0)
            logged = page.locator("[data-testid=log-lines] li").count()
            page.close()
            print(f"round {k + 1}: {logged} log lines")
        browser.close()
    import platform

    xs = sorted(waits)
    print(f"{platform.node()} · {platform.machine()} · {time.strftime('%Y-%m-%d')} · Chromium, "
          f"4 players ({level} bots), speed {speed or 'default'}")
    print(f"wait from your move to your next turn: n={len(xs)}  median {statistics.median(xs):.2f} s"
          f"  p90 {xs[int(0.9 * (len(xs) - 1))]:.2f} s  max {xs[-1]:.2f} s")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--speed", default="", help="a bot speed (default: the table's default)")
    ap.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    args = ap.parse_args(argv)
    from uno_web.site import vendor
    from uno_web.site.serve import run_served

    if vendor.main([]) != 0:
        return 1
    return run_served(lambda url: bench(url, args.rounds, args.speed, args.level), ROOT)


if __name__ == "__main__":
    raise SystemExit(main())
