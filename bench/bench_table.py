"""Table responsiveness in headless Chromium: time from a click on a card to the rendered page.

    .venv/bin/python bench/bench_table.py                 # figures (median / p90 / max, ms)
    .venv/bin/python bench/bench_table.py --runs 40
    .venv/bin/python bench/bench_table.py --screenshots docs/screenshots

Figures (a script that prints, not a test):

* ``handler``: ``element.click()`` in the page until the Python handler returned: the intent,
  the validator, ``view`` + ``render`` and the DOM writes of the changed regions (PyScript
  calls the handler synchronously inside the click);
* ``frame``: the same plus the next animation frame (style, layout, paint scheduled);
* ``save``: of that, writing the game (log + settings) to localStorage (inside the handler).

for an illegal click (the validator's rejection is rendered), a legal play (the card leaves the
hand, the pile and the colour change; the bots then move), and a draw, with the animations on
(bot speed "normal": your card flies to the pile, the callout pops).  Aim: median < 50 ms.

Then, per bot speed (instant, fast, normal, slow), how long one 4-player round takes (you and
three Easy bots, single-round scoring; "you" play the first playable card at once), in seconds
per round and per move (``--round-runs`` rounds each; ``--no-rounds`` skips it).

``--screenshots DIR`` writes the PNGs of docs/table.md instead (start, mid-game with the
callout, a validator rejection, round end with every hand shown, the colour picker, a Wild Draw
Four to challenge and the hand shown after the challenge; desktop 1280x860 and phone 390x844,
the visible part of the page).
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

from table_helpers import (  # noqa: E402
    fix_deal,
    find_seed, plain_playable, unplayable, wait_idle, you_start,
)

CLICK_JS = """async (sel) => {
  const el = document.querySelector(sel);
  if (!el) return null;
  const t0 = performance.now();
  el.click();
  const t1 = performance.now();
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  const t2 = performance.now();
  return [t1 - t0, t2 - t0, +(document.body.dataset.saveMs || 0)];
}"""


def _launch(pw: Any) -> Any:
    from uno_web.site.serve import launch_chromium

    return launch_chromium(pw)


def _boot(page: Any, url: str) -> float:
    t0 = time.perf_counter()
    page.goto(url)
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
    return time.perf_counter() - t0


def _start(page: Any, players: int = 2, levels: tuple[str, ...] = ("easy",),
           scoring: str | None = "single-round", preset: str = "official") -> None:
    page.select_option("[data-testid=players]", str(players))
    for i, level in enumerate(levels, start=1):
        page.select_option(f"[data-testid=level-{i}]", level)
    page.check(f"[data-testid=preset-{preset}]")
    if scoring:
        page.click("details.toggles > summary")
        page.select_option("[data-testid=rule-scoring]", scoring)
    page.click("[data-testid=start-game]")
    page.wait_for_selector("[data-testid=hand] [data-card]")


def _stats(name: str, rows: list[list[float]]) -> None:
    if not rows:
        print(f"{name:14s} (no samples)")
        return
    for i, label in enumerate(("handler", "frame")):
        xs = sorted(r[i] for r in rows)
        p90 = xs[min(len(xs) - 1, int(len(xs) * 0.9))]
        print(f"{name:14s} {label:8s} n={len(xs):3d}  median {statistics.median(xs):6.1f} ms"
              f"  p90 {p90:6.1f} ms  max {xs[-1]:6.1f} ms")


def bench(base: str, runs: int) -> None:
    from playwright.sync_api import sync_playwright

    illegal: list[list[float]] = []
    plays: list[list[float]] = []
    draws: list[list[float]] = []
    saves: list[float] = []
    with sync_playwright() as pw:
        browser = _launch(pw)
        page = browser.new_page(viewport={"width": 1280, "height": 860})
        fix_deal(page, 1)
        boot = _boot(page, base + "index.html?speed=normal")
        print(f"boot to ready: {boot:.1f} s")
        games = 0
        while len(plays) < runs and games < 50:
            games += 1
            page.evaluate("localStorage.clear()")
            page.click("[data-testid=new-game]")
            _start(page)
            for _ in range(200):
                wait_idle(page)
                if page.evaluate("document.body.dataset.phase") in ("round-over", "game-over"):
                    break
                bad = page.locator("[data-testid=hand] [data-playable=false]")
                if bad.count() and len(illegal) < runs:
                    r = page.evaluate(CLICK_JS, "[data-testid=hand] [data-playable=false]")
                    if r:
                        illegal.append(r)
                if page.locator("[data-testid=color-picker]").count():
                    page.click("[data-testid=color-picker] [data-color]")
                    continue
                sel = "[data-testid=hand] [data-playable=true]"
                if page.locator(sel).count():
                    r = page.evaluate(CLICK_JS, sel)
                    if r and not page.locator("[data-testid=color-picker]").count():
                        plays.append(r)
                        saves.append(r[2])
                    if page.locator("[data-testid=color-picker]").count():
                        page.click("[data-testid=color-picker] [data-color]")
                elif page.locator("[data-testid=keep]").count():
                    page.click("[data-testid=keep]")
                else:
                    r = page.evaluate(CLICK_JS, "[data-testid=draw-pile]")
                    if r:
                        draws.append(r)
                        saves.append(r[2])
                if len(plays) >= runs:
                    break
        browser.close()
    print(f"games: {games}")
    _stats("illegal click", illegal)
    _stats("legal play", plays)
    _stats("draw", draws)
    if saves:
        print(f"{'save':14s} localStorage  median {statistics.median(saves):6.1f} ms"
              f"  max {max(saves):6.1f} ms (part of the handler)")


# ------------------------------------------------------------------------------------------
# screenshots for docs/table.md


def _shot(page: Any, out: Path, name: str, phone_too: bool = True) -> None:
    # let flights and bursts land: a picture shows the table at rest
    page.wait_for_function("!document.querySelector('#fx > *')", timeout=10_000)
    page.set_viewport_size({"width": 1280, "height": 860})
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(250)
    page.screenshot(path=str(out / f"{name}-desktop.png"))
    if phone_too:
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(250)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(out / f"{name}-phone.png"))
        page.set_viewport_size({"width": 1280, "height": 860})
    print("wrote", name)


def round_times(base: str, runs: int) -> None:
    """Seconds per 4-player round at each bot speed (the table's pace as a player feels it)."""
    from playwright.sync_api import sync_playwright

    from uno_web.web.session import SPEED_NAMES

    with sync_playwright() as pw:
        browser = _launch(pw)
        page = browser.new_page(viewport={"width": 1280, "height": 860})
        for speed in SPEED_NAMES:
            times: list[float] = []
            moves: list[int] = []
            for k in range(runs):
                fix_deal(page, 100 + k)
                _boot(page, base + f"index.html?speed={speed}")
                if page.evaluate("document.body.dataset.mode") != "start":
                    page.click("[data-testid=new-game]")  # the last round was saved: a new one
                _start(page, players=4, levels=("easy", "easy", "easy"))
                t0 = time.perf_counter()
                for _ in range(600):
                    wait_idle(page, timeout_ms=120_000)
                    if page.evaluate("document.body.dataset.phase") in ("round-over", "game-over"):
                        break
                    _play_turn(page)
                times.append(time.perf_counter() - t0)
                moves.append(int(page.evaluate("document.body.dataset.version")))
            per_move = sum(times) / max(1, sum(moves))
            print(f"4-player round at {speed:8s} n={runs}  median {statistics.median(times):6.1f} s"
                  f"  ({statistics.median(moves):.0f} moves, {per_move * 1000:5.0f} ms per move)")
        browser.close()


def _play_turn(page: Any) -> None:
    if page.locator("[data-testid=color-picker] [data-color]").count():
        page.locator("[data-testid=color-picker] [data-color]").first.click()
        return
    mine = page.locator("[data-testid=hand] [data-playable=true]")
    if mine.count():
        mine.first.click()
        if page.locator("[data-testid=color-picker] [data-color]").count():
            page.locator("[data-testid=color-picker] [data-color]").first.click()
    elif page.locator("[data-testid=keep]").count():
        page.click("[data-testid=keep]")
    else:
        page.click("[data-testid=draw-pile]")


def screenshots(base: str, out: Path) -> None:
    from playwright.sync_api import sync_playwright

    from uno_web.web.session import TableSettings

    out.mkdir(parents=True, exist_ok=True)
    st = TableSettings(players=4, levels=["easy", "normal", "hard"])
    seed = find_seed(lambda s: you_start(s) and bool(unplayable(s)) and bool(plain_playable(s)),
                     st)
    with sync_playwright() as pw:
        browser = _launch(pw)
        page = browser.new_page(viewport={"width": 1280, "height": 860})
        fix_deal(page, seed)
        _boot(page, base + "index.html?speed=instant")
        _shot(page, out, "start")
        _start(page, players=4, levels=("easy", "normal", "hard"), scoring=None)
        # a few turns in: mid-game, then a validator rejection
        for _ in range(4):
            wait_idle(page)
            _play_turn(page)
        wait_idle(page)
        for _ in range(40):  # a turn with cards you can play and cards you cannot
            if (page.locator("[data-testid=hand] [data-playable=false]").count()
                    and page.locator("[data-testid=hand] [data-playable=true]").count()
                    and page.evaluate("document.body.dataset.phase") == "play"):
                break
            _play_turn(page)
            wait_idle(page)
        _shot(page, out, "midgame")
        page.locator("[data-testid=hand] [data-playable=false]").first.click()
        _shot(page, out, "rejection")
        # play on (bots fast) until the round ends
        for _ in range(400):
            wait_idle(page, timeout_ms=60_000)
            if page.evaluate("document.body.dataset.phase") in ("round-over", "game-over"):
                break
            _play_turn(page)
        _shot(page, out, "round-end")
        # the colour picker and a Wild Draw Four to challenge, from positions
        names = "&names=You%2CAda%2CBen%2CCleo"
        _boot(page, base + "index.html?hands=W+R5+G1+B2+Y7%2CY3+Y4%2CR1+R2+G6%2CB7+B8+B9"
                           "&top=B9&bots=still&speed=instant" + names)
        page.click("[data-testid=hand] [data-card=W]")
        page.wait_for_selector("[data-testid=color-picker]")
        _shot(page, out, "color-picker")
        _boot(page, base + "index.html?hands=R1+G5+B7+Y2%2CY3+Y4+R8%2CR1+G2%2CB3+B4&top=W%2B4"
                           "&color=B&phase=penalty&pending=4&plus4_by=1&plus4_bluff=1"
                           "&bots=still&speed=instant" + names)
        _shot(page, out, "challenge")
        page.click("[data-testid=challenge]")
        page.wait_for_selector("[data-testid=challenge-reveal]")
        _shot(page, out, "challenge-reveal")
        browser.close()


def friends_screenshots(base: str, out: Path) -> None:
    """Play with friends on this device: the setup, the privacy screen (with a catch button),
    and a person's own screen (docs/table.md)."""
    from playwright.sync_api import sync_playwright

    from table_helpers import FRIENDS_SETTLED

    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = _launch(pw)
        page = browser.new_page(viewport={"width": 1280, "height": 860})
        fix_deal(page, 21)
        _boot(page, base + "index.html?speed=instant")
        page.click("[data-testid=start-friends]")
        page.select_option("[data-testid=friends-players]", "4")
        page.fill("[data-testid=friends-name-0]", "Ann")
        page.fill("[data-testid=friends-name-1]", "Ben")
        page.select_option("[data-testid=friends-kind-2]", "normal")
        page.select_option("[data-testid=friends-kind-3]", "person")
        page.fill("[data-testid=friends-name-3]", "Cleo")
        page.wait_for_selector("[data-testid=friends-bot-2]")
        _shot(page, out, "friends-setup")
        page.click("[data-testid=friends-start]")
        page.wait_for_function(FRIENDS_SETTLED, polling=20)
        _shot(page, out, "friends-privacy")
        for _ in range(60):  # a few turns in, on a person's own screen
            page.wait_for_function(FRIENDS_SETTLED, polling=20)
            data = page.evaluate("({...document.body.dataset})")
            if data["ppDue"]:
                page.click("[data-testid=pp-ready]")
                continue
            if int(data["version"]) >= 5:
                break
            _play_turn(page)
        page.wait_for_function(FRIENDS_SETTLED, polling=20)
        _shot(page, out, "friends-turn")
        browser.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=25, help="legal plays to time (default 25)")
    ap.add_argument("--round-runs", type=int, default=3, help="rounds per bot speed (default 3)")
    ap.add_argument("--no-rounds", action="store_true", help="skip the round times")
    ap.add_argument("--screenshots", type=Path, help="write the docs screenshots to this folder")
    ap.add_argument("--friends-screenshots", type=Path,
                    help="write only the pass-and-play screenshots to this folder")
    args = ap.parse_args(argv)
    from uno_web.site.serve import run_served

    if args.friends_screenshots:
        return run_served(lambda url: friends_screenshots(url, args.friends_screenshots), ROOT)

    if args.screenshots:
        return run_served(lambda url: screenshots(url, args.screenshots), ROOT)

    def both(url: str) -> None:
        import platform

        print(f"{platform.node()} · {platform.machine()} · {time.strftime('%Y-%m-%d')}")
        bench(url, args.runs)
        if not args.no_rounds:
            round_times(url, args.round_runs)

    return run_served(both, ROOT)


if __name__ == "__main__":
    raise SystemExit(main())

