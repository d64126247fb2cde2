"""The coach in the browser: how long a hint takes, from the click to the sentence on screen.

    .venv/bin/python bench/bench_hint.py              # 40 hints over 4-player games
    .venv/bin/python bench/bench_hint.py --hints 100
    .venv/bin/python bench/bench_hint.py --screenshots docs/screenshots

Each hint is asked on your turn in a dealt 4-player game (normal bots, instant speed): the
time is measured in the page from the click to ``[data-testid=hint-text][data-state=done]``
(the search's own time, ``data-hint-ms``, is printed too). The hint thinks within a Hard bot's
budget (150 ms of search), in slices between which the page stays responsive.

``--screenshots DIR`` writes the coach's pictures instead (desktop 1280×900, phone 390×844,
Finnish): the start screen, the colour picker, a hint, a round review and the statistics page.
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

HINT_JS = """async () => {
  const b = document.querySelector('[data-testid=hint]');
  if (!b || b.disabled) return null;
  const t0 = performance.now();
  b.click();
  for (;;) {
    const el = document.querySelector('[data-testid=hint-text][data-state=done]');
    if (el) return [performance.now() - t0, +(document.body.dataset.hintMs || 0)];
    if (performance.now() - t0 > 20000) return [-1, -1];
    await new Promise(r => setTimeout(r, 2));
  }
}"""


def _launch(pw: Any) -> Any:
    from uno_web.site.serve import launch_chromium

    return launch_chromium(pw)


def _boot(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)


def _deal(page: Any, players: int = 4, level: str = "normal") -> None:
    if page.evaluate("document.body.dataset.mode") != "start":
        page.click("[data-testid=new-game]")
    page.select_option("[data-testid=players]", str(players))
    for i in range(1, players):
        page.select_option(f"[data-testid=level-{i}]", level)
    page.check("[data-testid=preset-official]")
    page.click("[data-testid=start-game]")
    page.wait_for_selector("[data-testid=hand] [data-card]")


def _play_turn(page: Any) -> None:
    picker = page.locator("[data-testid=color-picker] [data-color]")
    if picker.count():
        picker.first.click()
        return
    mine = page.locator("[data-testid=hand] [data-playable=true]")
    if mine.count():
        mine.first.click()
        if picker.count():
            picker.first.click()
    elif page.locator("[data-testid=keep]").count():
        page.click("[data-testid=keep]")
    else:
        page.click("[data-testid=draw-pile]")


def _play_badly(page: Any) -> None:
    """A beginner's turn: draw while a card fits, then keep it (so the review has something
    to mark); play only when the drawn card must be played or nothing else is allowed."""
    if page.locator("[data-testid=keep]").count():
        page.click("[data-testid=keep]")
    elif page.locator("[data-testid=color-picker] [data-color]").count() or page.locator(
            "[data-testid=accept]").count():
        _play_turn(page)
    else:
        page.click("[data-testid=draw-pile]")


def bench(base: str, hints: int) -> None:
    from playwright.sync_api import sync_playwright

    wall: list[float] = []
    search: list[float] = []
    with sync_playwright() as pw:
        browser = _launch(pw)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        game = 0
        while len(wall) < hints:
            fix_deal(page, 500 + game)
            game += 1
            _boot(page, base + "index.html?speed=instant")
            _deal(page)
            for _ in range(300):
                wait_idle(page, timeout_ms=60_000)
                if page.evaluate("document.body.dataset.phase") in ("round-over", "game-over"):
                    break
                got = page.evaluate(HINT_JS)
                if got and got[0] >= 0:
                    wall.append(got[0])
                    search.append(got[1])
                    if len(wall) >= hints:
                        break
                _play_turn(page)
        browser.close()
    import platform

    xs = sorted(wall)

    def pct(p: float) -> float:
        return xs[min(len(xs) - 1, int(round(p * (len(xs) - 1))))]

    print(f"{platform.node()} · {platform.machine()} · {time.strftime('%Y-%m-%d')} · Chromium "
          f"(Pyodide), 4 players, {len(xs)} hints over {game} games")
    print(f"hint, click to sentence: median {statistics.median(xs):6.1f} ms  p90 {pct(0.9):6.1f} ms"
          f"  p99 {pct(0.99):6.1f} ms  max {xs[-1]:6.1f} ms")
    print(f"hint, the search itself (data-hint-ms): median {statistics.median(search):6.1f} ms"
          f"  max {max(search):6.1f} ms")


# ---------------------------------------------------------------------------------------------
# screenshots


#: statistics to show in the picture (a few games)
STATS_DEMO = ('{"format": "uno-web-stats", "games": 12, "wins": 7, "points": 3890, "streak": 2, '
              '"best_streak": 4, "by_level": {"easy": [5, 4], "normal": [4, 2], "hard": [3, 1]}, '
              '"by_preset": {"official": [9, 5], "house-party": [3, 2]}, "seen": []}')


def _shot(page: Any, out: Path, name: str) -> None:
    page.wait_for_function("!document.querySelector('#fx > *')", timeout=10_000)
    page.wait_for_timeout(200)
    page.screenshot(path=str(out / f"{name}.png"))
    print("wrote", name)


def screenshots(base: str, out: Path) -> None:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    names = "&names=You%2CAda%2CBen%2CCleo"
    skip_on_ada = ("index.html?hands=RS+G3+B4+Y6+W%2CR1%2CB5+B6+G7%2CY1+Y2+Y3&top=R2"
                   "&bots=still&coach=1&speed=instant" + names)
    picker = ("index.html?hands=W+R5+G1+B2+Y7%2CY3+Y4%2CR1+R2+G6%2CB7+B8+B9&top=B9&bots=still"
              "&speed=instant" + names)
    with sync_playwright() as pw:
        browser = _launch(pw)
        for label, size, lang in (("desktop", (1280, 900), "en"), ("phone", (390, 844), "en"),
                                  ("fi-desktop", (1280, 900), "fi")):
            page = browser.new_page(viewport={"width": size[0], "height": size[1]})
            q = f"&lang={lang}"
            _boot(page, base + "index.html?speed=instant" + q)
            _shot(page, out, f"coach-start-{label}")
            _boot(page, base + picker + q)
            page.click("[data-testid=hand] [data-card=W]")
            page.wait_for_selector("[data-testid=color-picker]")
            _shot(page, out, f"coach-color-picker-{label}")
            _boot(page, base + skip_on_ada + q)
            page.click("[data-testid=hint]")
            page.wait_for_selector("[data-testid=hint-text][data-state=done]", timeout=30_000)
            _shot(page, out, f"coach-hint-{label}")
            # a round that ends at once: keeping the Wild Draw Four while Ada holds one card
            blunder = ("index.html?hands=W%2B4+G9%2CR1&top=R9&bots=easy&coach=1&speed=instant"
                       "&names=You%2CAda" + q)
            _boot(page, base + blunder)
            page.click("[data-testid=hand] [data-card=G9]")
            for _ in range(40):
                wait_idle(page, timeout_ms=60_000)
                if page.evaluate("document.body.dataset.phase") in ("round-over", "game-over"):
                    break
                _play_turn(page)
            page.click("[data-testid=review]")
            page.wait_for_selector("[data-testid=review-panel][data-state=done]", timeout=120_000)
            page.evaluate("document.querySelector('[data-testid=review-panel]')"
                          ".scrollIntoView({block: 'center'})")
            _shot(page, out, f"coach-review-{label}")
            page.evaluate("localStorage.setItem('uno_web.stats.v1:/', JSON.stringify(" + STATS_DEMO + "))")
            _boot(page, base + "index.html?speed=instant" + q)
            page.click("[data-testid=stats-link]")
            page.wait_for_selector("[data-testid=stats-page]")
            _shot(page, out, f"coach-stats-{label}")
            page.close()
        browser.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hints", type=int, default=40, help="hints to time (default 40)")
    ap.add_argument("--screenshots", type=Path, help="write the coach's screenshots to this folder")
    args = ap.parse_args(argv)
    from uno_web.site import vendor
    from uno_web.site.serve import run_served

    if vendor.main([]) != 0:
        return 1
    if args.screenshots:
        return run_served(lambda url: screenshots(url, args.screenshots), ROOT)
    return run_served(lambda url: bench(url, args.hints), ROOT)


if __name__ == "__main__":
    raise SystemExit(main())
