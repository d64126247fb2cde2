"""Online rooms between browsers (static/room.html, docs/rooms-browser.md): several Chromium
contexts of one browser play through a WebTorrent relay on 127.0.0.1 (uno_web/site/relay.py)."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import CHROMIUM_ARGS, chromium_path
from uno_web.site import relay as relay_mod

pytestmark = pytest.mark.browser

ROOM_ARGS = [*CHROMIUM_ARGS, "--allow-loopback-in-peer-connection",
             "--disable-features=WebRtcHideLocalIpsWithMdns"]
READY_MS = 120_000
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def relay_url() -> Iterator[str]:
    port = relay_mod.free_port()
    proc: subprocess.Popen[str] = relay_mod.start(port)
    try:
        yield f"ws://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def room_browser(playwright_instance: Any) -> Iterator[Any]:
    browser = playwright_instance.chromium.launch(executable_path=chromium_path(), headless=True,
                                                  args=ROOM_ARGS)
    try:
        yield browser
    finally:
        browser.close()


def wait_until(page: Any, expression: str, timeout_ms: int = 30_000) -> Any:
    """Poll ``expression`` until it is truthy: the room page has no 'unsafe-eval', which
    Playwright's wait_for_function needs (evaluate goes through the debugger protocol)."""
    waited = 0
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        if waited >= timeout_ms:
            raise AssertionError(f"not true after {timeout_ms} ms: {expression}")
        page.wait_for_timeout(100)
        waited += 100


class Screens:
    """The pages of one test: each a fresh context (its own storage), errors recorded."""

    def __init__(self, browser: Any, site_url: str, relay: str) -> None:
        self.browser, self.site_url, self.relay = browser, site_url, relay
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def open(self, query: str = "", *, viewport: dict[str, int] | None = None,
             context: Any = None) -> Any:
        if context is None:
            context = self.browser.new_context(base_url=self.site_url, viewport=viewport,
                                               service_workers="block")
            self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))
        page.on("console", lambda m: self.errors.append(f"console: {m.text}")
                if m.type == "error" else None)
        sep = "&" if query else ""
        page.goto(f"static/room.html?{query}{sep}relay={self.relay}")
        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_MS)
        return page

    def close(self) -> None:
        for c in self.contexts:
            try:
                c.close()
            except Exception:  # already closed by the test
                pass


@pytest.fixture
def screens(room_browser: Any, site_url: str, relay_url: str) -> Iterator[Screens]:
    s = Screens(room_browser, site_url, relay_url)
    try:
        yield s
    finally:
        s.close()
    assert not s.errors, s.errors


def create_room(host: Any, name: str = "Ada", seats: int = 4, absent: int = 60) -> str:
    host.fill("[data-testid=room-name]", name)
    host.select_option("[data-testid=room-seats]", str(seats))
    host.fill("[data-testid=room-absent]", str(absent))
    host.click("[data-testid=room-create-btn]")
    host.wait_for_selector("[data-testid=room-lobby]")
    room = host.evaluate("window.unoRoom.room")
    assert isinstance(room, str) and len(room) == 12
    return room


def join(page: Any, name: str, watch: bool = False) -> None:
    page.wait_for_selector("[data-testid=room-join]")
    page.fill("[data-testid=room-name]", name)
    wait_until(page, "!document.querySelector('[data-testid=room-status]') || "
                     "document.querySelector('[data-testid=room-status]').textContent === ''")
    page.click("[data-testid=room-watch]" if watch else "[data-testid=room-play]")
    page.wait_for_selector("[data-testid=room-lobby]", timeout=30_000)


def test_host_and_guest_connect_over_loopback_only(screens: Screens) -> None:
    host = screens.open()
    room = create_room(host, seats=2)
    guest = screens.open(f"room={room}")
    join(guest, "Bea")
    host.wait_for_selector("[data-testid=room-seat-1]:has-text('Bea')")
    pairs = guest.evaluate("window.unoRoom.pairs()")
    assert pairs, "the guest has no connection"
    for p in pairs:
        assert p["local"] == "127.0.0.1" and p["remote"] == "127.0.0.1", p
    assert host.evaluate("document.querySelector('[data-testid=room-qr] svg') !== null")
