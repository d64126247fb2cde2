"""How long a move takes to reach the other screens of an online room (a benchmark that prints
figures; not a test): Chromium pages on this machine, a relay on 127.0.0.1.

    .venv/bin/python bench/bench_room_browser.py              # 1 game: host, 2 guests, a bot
    .venv/bin/python bench/bench_room_browser.py --games 3

Each game is one round (the "one round" game length) played through the screens as people
would (tests/web/test_room_browser.py's STEP).  For every move a person makes (a click in the
host's page or a guest's), the delay is from the click to the moment each *other* remote guest's
page has drawn the view that move produced (the room screen's HTML put in the page, before the
browser paints it); a move counts its slowest screen.  The target is 150 ms (the median).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.web.test_room_browser import READY_MS, ROOM_ARGS, STEP, round_over  # noqa: E402
from tests.web.conftest import chromium_path  # noqa: E402
from uno_web.site import relay, serve, vendor  # noqa: E402


def open_page(browser: Any, url: str, query: str, relay_url: str) -> Any:
    page = browser.new_context(base_url=url, service_workers="block").new_page()
    page.goto(f"static/room.html?{query}relay={relay_url}")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_MS)
    return page


def join(page: Any, name: str) -> None:
    page.wait_for_selector("[data-testid=room-join]")
    page.fill("[data-testid=room-name]", name)
    deadline = time.monotonic() + 60
    while not page.evaluate("window.unoRoom.hostPeer"):
        if time.monotonic() > deadline:
            raise SystemExit(f"{name} found no host")
        page.wait_for_timeout(100)
    page.click("[data-testid=room-play]")
    page.wait_for_selector("[data-testid=room-lobby]")


def one_game(browser: Any, url: str, relay_url: str) -> list[float]:
    host = open_page(browser, url, "", relay_url)
    host.fill("[data-testid=room-name]", "Ada")
    host.select_option("[data-testid=room-seats]", "4")
    host.select_option("[data-testid=room-length]", "one")
    host.click("[data-testid=room-create-btn]")
    host.wait_for_selector("[data-testid=room-lobby]")
    room = host.evaluate("window.unoRoom.room")
    while not host.evaluate("window.unoRoom.pin"):  # the host's key: its pin goes in the link
        host.wait_for_timeout(50)
    pin = host.evaluate("window.unoRoom.pin")
    guests = []
    for name in ("Bea", "Cid"):
        g = open_page(browser, url, f"room={room}&pin={pin}&", relay_url)
        join(g, name)
        guests.append(g)
    host.wait_for_selector("[data-testid=room-seat-2]:has-text('Cid')")
    host.click("[data-testid=room-start]")
    pages = [host, *guests]
    while not all(round_over(p) for p in pages):
        if not any(p.evaluate(STEP) for p in pages):
            host.wait_for_timeout(30)
    seats = {id(p): int(p.get_attribute("[data-testid=room-table]", "data-you")) for p in pages}
    shown = {id(g): [(e["t"], json.loads(e["text"])["view"]) for e in g.evaluate("window.unoRoom.shown")]
             for g in guests}
    delays = []
    for p in pages:
        seat = seats[id(p)]
        for click in p.evaluate("window.unoRoom.moves"):
            if click["event"] == "card" and str(click["value"]).startswith("W"):
                continue  # a wild waits for its colour: the colour's click sends it
            worst = 0.0
            for g in guests:
                if g is p:
                    continue
                after = [t for t, v in shown[id(g)] if t >= click["t"] and (v.get("last") or {}).get("seat") == seat]
                if not after:
                    break
                worst = max(worst, after[0] - click["t"])
            else:
                delays.append(worst)
    for p in pages:
        p.context.close()
    return delays


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1)
    args = ap.parse_args(argv)
    if vendor.main([]) != 0:
        return 1
    port = relay.free_port()
    proc = relay.start(port)
    server, url = serve.start_in_thread("127.0.0.1", 0, ROOT, quiet=True)
    delays: list[float] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=ROOM_ARGS)
            for _ in range(args.games):
                delays += one_game(browser, url, f"ws://127.0.0.1:{port}")
            browser.close()
    finally:
        server.shutdown()
        proc.terminate()
        proc.wait()
    delays.sort()
    print(f"machine: {platform.machine()}, {platform.python_version()}, {time.strftime('%Y-%m-%d')}")
    print(f"moves by people: {len(delays)} in {args.games} game(s)")
    if delays:
        p95 = delays[min(len(delays) - 1, int(0.95 * len(delays)))]
        print(f"click -> every other guest's screen: median {statistics.median(delays):.0f} ms, "
              f"95th percentile {p95:.0f} ms, max {delays[-1]:.0f} ms (target: median <= 150 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
