"""Every outside input answered clearly in the browser (issue 20): the links that crashed the
page, bad stored settings and bad address values give a notice and a ready page, never a
traceback or a frozen page (conftest's guard fails on any console error or Python error)."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest

pytestmark = pytest.mark.browser

TWO = "hands=" + quote("R7 G5 W,B1 B2 Y3") + "&top=R9"
PLUS4 = "hands=" + quote("R7 G5 W,B1 B2 Y3") + "&top=" + quote("W+4") + "&color=R&phase=penalty&pending=4"


@pytest.mark.parametrize("query, field", [
    (TWO + "&scores=5", "scores"),
    (TWO + "&scores=0", "scores"),
    (TWO + "&scores=-1", "scores"),
    (TWO + "&scores=" + "9" * 30, "scores"),
    (PLUS4 + "&plus4_by=7&plus4_bluff=1", "plus4_by"),
    (TWO + "&uncalled=5", "uncalled"),
    (TWO.replace("top=R9", "top=%20"), "top"),
])
def test_crash_links_give_a_notice_and_a_ready_page(page: Any, wait_ready: Any, query: str,
                                                     field: str) -> None:
    page.goto("index.html?" + query)
    wait_ready(page)
    notice = page.locator("[data-testid=notice]")
    assert notice.is_visible(), f"no notice for {query}"
    text = notice.inner_text()
    assert "cannot be shown" in text and field in text, text
    assert "Traceback" not in text and len(text) < 500
    assert page.evaluate("document.body.dataset.mode") == "start"  # a usable page
    assert page.locator("[data-testid=start-game]").is_enabled()


def test_a_crash_link_in_an_embed_says_why(page: Any, wait_ready: Any) -> None:
    page.goto("index.html?embed=1&start=click&" + TWO + "&scores=5")
    page.click("[data-testid=load-embed]")
    wait_ready(page)
    body = page.locator("body").inner_text()
    assert "scores" in body and "Traceback" not in body


def test_bad_stored_settings_are_said_not_dropped(page: Any, wait_ready: Any) -> None:
    page.goto("index.html")
    wait_ready(page)
    page.evaluate("localStorage.setItem('uno_web.settings.v1:/', JSON.stringify({players: true,"
                  " name: 'x'.repeat(1000), levels: [], preset: 'official', overrides: {}}))")
    page.reload()
    wait_ready(page)
    text = page.locator("[data-testid=notice]").inner_text()
    assert "settings could not be read" in text and "players" in text and len(text) < 500


def test_bad_address_values_are_said_with_a_short_excerpt(page: Any, wait_ready: Any) -> None:
    page.goto("index.html?speed=" + "w" * 20_000 + "&delay=soon")
    wait_ready(page)
    text = page.locator("[data-testid=notice]").inner_text()
    assert "speed=" in text and "delay=" in text and len(text) < 600
