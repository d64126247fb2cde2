"""The online room's screenshots for the docs, drawn from the current page and styling:
Chromium pages on this machine, a relay on 127.0.0.1 (no outside address).

    .venv/bin/python bench/room_screenshots.py                   # writes docs/screenshots/room-*.png
    .venv/bin/python bench/room_screenshots.py --out /tmp/shots

``room-lobby-desktop.png``: the host's lobby (the link, its QR code, the seats) with one guest
seated.  ``room-guest-desktop.png``: that guest mid-round, just after the rules refused a card
of theirs: the table's refusal note in the status line's place, the validator panel and the
game log beside the table.  ``room-guest-phone.png``: the same screen on a phone.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.web.conftest import chromium_path  # noqa: E402
from tests.web.test_room_browser import READY_MS, ROOM_ARGS, STEP, round_over  # noqa: E402
from uno_web.site import relay, serve, vendor  # noqa: E402

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def open_page(browser: Any, url: str, query: str, relay_url: str) -> Any:
    page = browser.new_context(base_url=url, service_workers="block", viewport=DESKTOP).new_page()
    page.goto(f"static/room.html?{query}relay={relay_url}")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_MS)
    return page


def wait_for(page: Any, expression: str, seconds: float = 60) -> Any:
    for _ in range(int(seconds * 10)):
        value = page.evaluate(expression)
        if value:
            return value
        page.wait_for_timeout(100)
    raise SystemExit(f"not true after {seconds} s: {expression}")


#: on the guest's turn, a card of the hand the rules refuse (not a wild: those always fit)
MISPLAY = """() => {
  const m = document.getElementById('room-main');
  const table = m.querySelector('[data-testid=room-table]');
  if (!table || table.dataset.turn !== table.dataset.you) return '';
  const card = m.querySelector('[data-testid=room-hand] button[data-playable=false]:not([data-card^=W])');
  if (!card) return '';
  card.click();
  return card.dataset.card;
}"""


def shoot(browser: Any, url: str, relay_url: str, out: Path) -> None:
    host = open_page(browser, url, "", relay_url)
    host.fill("[data-testid=room-name]", "Ada")
    host.select_option("[data-testid=room-seats]", "4")
    host.click("[data-testid=room-create-btn]")
    host.wait_for_selector("[data-testid=room-lobby]")
    room = host.evaluate("window.unoRoom.room")
    pin = wait_for(host, "window.unoRoom.pin")
    bea = open_page(browser, url, f"room={room}&pin={pin}&", relay_url)
    bea.fill("[data-testid=room-name]", "Bea")
    wait_for(bea, "window.unoRoom.hostPeer")
    bea.click("[data-testid=room-play]")
    host.wait_for_selector("[data-testid=room-seat-1]:has-text('Bea')")
    host.select_option("[data-testid=room-seat-kind-2]", "bot:easy")
    host.wait_for_selector(".room-qr svg")
    host.evaluate("window.scrollTo(0, 0)")
    host.screenshot(path=str(out / "room-lobby-desktop.png"))
    print("wrote", out / "room-lobby-desktop.png")

    host.click("[data-testid=room-start]")
    bea.wait_for_selector("[data-testid=room-hand] button", timeout=60_000)
    played = 0
    for _ in range(3000):  # a few moves first (a log to read), then Bea's misplay on her turn
        if played >= 6 and bea.evaluate(MISPLAY):
            break
        moved = [p.evaluate(STEP) for p in (host, bea)]
        played += sum(1 for m in moved if m)
        if round_over(bea):
            raise SystemExit("the round ended before Bea had a card to misplay: run it again")
        host.wait_for_timeout(150 if not any(moved) else 400)
    else:
        raise SystemExit("Bea never had a card to misplay")
    bea.wait_for_selector("[data-testid=rejection]")
    bea.wait_for_timeout(600)  # the note's shake is over
    bea.evaluate("window.scrollTo(0, 0)")
    bea.screenshot(path=str(out / "room-guest-desktop.png"))
    print("wrote", out / "room-guest-desktop.png")
    bea.set_viewport_size(PHONE)
    bea.wait_for_timeout(300)
    bea.evaluate("document.querySelector('[data-testid=room-table]').scrollIntoView()")
    bea.screenshot(path=str(out / "room-guest-phone.png"))
    print("wrote", out / "room-guest-phone.png")
    for p in (host, bea):
        p.context.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    if vendor.main([]) != 0:
        return 1
    port = relay.free_port()
    proc = relay.start(port)
    server, url = serve.start_in_thread("127.0.0.1", 0, ROOT, quiet=True)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), headless=True,
                                         args=ROOM_ARGS)
            shoot(browser, url, f"ws://127.0.0.1:{port}", args.out)
            browser.close()
    finally:
        server.shutdown()
        proc.terminate()
        proc.wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
