"""embed.html, the document an embed loads (uno_web/site/prerender.py writes it from index.html
without the start screen): it boots, the embeds of a page share one Python, it speaks Finnish,
it works offline, and the old embed address (``index.html?embed=1&…``) keeps working: the
service worker answers it with embed.html (docs/embedding.md).
"""

from __future__ import annotations

from typing import Any

import pytest


from conftest import READY_TIMEOUT_MS, _wait_ready
from table_helpers import author_page, is_python_request
from test_offline_sw_browser import built, recorder_factory  # noqa: F401
from test_snapshot_browser import offline_after_a_snapshot, play_a_card

pytestmark = pytest.mark.browser

POSITION = "bots=still&hands=R3+G4%2CY7&top=Y2"


def test_embed_html_embeds_share_one_python_and_speak_finnish(page: Any) -> None:
    seen: list[tuple[str, str]] = []
    page.on("request", lambda r: seen.append((r.frame.name, r.url)))
    page.set_viewport_size({"width": 1500, "height": 700})
    names = ["e0", "e1", "e2"]
    author_page(page, {name: f"../embed.html?embed=1&lang=fi&{POSITION}&goal=Embed+{i}"
                        for i, name in enumerate(names)})
    frames = []
    for name in names:
        frame = page.locator(f"iframe[name={name}]").element_handle().content_frame()
        assert frame is not None
        frame.wait_for_function("document.body && document.body.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)
        frames.append(frame)
    for frame in frames:
        # the light document: no start screen, presets or Finnish template in it
        assert frame.evaluate("document.documentElement.dataset.page") == "embed"
        assert frame.evaluate("!!document.getElementById('preset-values')") is False
        assert frame.evaluate("document.body.dataset.embed") == "1"
        # Finnish: the page's fixed text and the table Python drew
        assert frame.evaluate("document.documentElement.lang") == "fi"
        assert frame.inner_text("#validator-title") == "Tarkastaja"
        # its "open" link is the full page, index.html, not embed.html
        href = frame.get_attribute("[data-testid=open-link]", "href") or ""
        assert "/index.html?" in href and "embed=" not in href and "lang=fi" in href, href
    # one Python for the page: one embed loaded it, the others joined it
    loaders = [name for name in names if any(f == name and is_python_request(u) for f, u in seen)]
    assert len(loaders) == 1, loaders
    for name, frame in zip(names, frames):
        if name != loaders[0]:
            assert frame.evaluate("document.body.dataset.pyShared") == "1"
            assert frame.evaluate("document.body.dataset.shared") == "1"
    # the table works in a guest and says so in Finnish
    guest = frames[names.index(next(n for n in names if n != loaders[0]))]
    guest.click("[data-testid=hand] [data-card='G4']")
    guest.wait_for_selector("[data-testid=rejection][data-code=E_NO_MATCH]", timeout=30_000)
    assert "Vihreä 4" in guest.inner_text("[data-testid=rejection]")


def test_embed_html_placeholder_in_finnish_before_python(page: Any) -> None:
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url))
    page.goto(f"embed.html?embed=1&start=click&lang=fi&{POSITION}")
    page.wait_for_function("() => document.body.dataset.pyWait === 'click'")
    assert page.inner_text("[data-testid=load-embed]") == "Lataa interaktiivinen tilanne"
    assert page.locator("[data-testid=placeholder-preview] .ph-card").count() == 3  # top + 2
    assert not [u for u in seen if is_python_request(u)]
    page.click("[data-testid=load-embed]")
    _wait_ready(page)
    assert page.evaluate("document.body.dataset.pyStart") == "click"
    play_a_card(page)


def test_embed_html_without_embed_opens_the_full_page(browser: Any, site_url: str) -> None:
    """embed.html is no full page: an address of it without embed=1 goes to index.html."""
    context = browser.new_context(base_url=site_url, service_workers="block")
    try:
        page = context.new_page()
        page.goto(f"embed.html?{POSITION}")
        page.wait_for_url("**/index.html?" + POSITION.split("&")[0] + "*", timeout=30_000)
        _wait_ready(page)
        assert page.evaluate("document.documentElement.dataset.page") is None
        assert page.evaluate("document.body.dataset.embed") is None
        play_a_card(page)
    finally:
        context.close()


def test_embeds_old_and_new_address_offline_from_the_worker(built: None, recorder_factory: Any) -> None:  # noqa: F811
    """Once the worker holds the site, embed.html and the old address index.html?embed=1 both
    open offline; the worker answers the old address with embed.html; both boot from the
    memory snapshot the full page made."""
    rec = offline_after_a_snapshot(recorder_factory, f"index.html?{POSITION}")
    for address in (f"embed.html?embed=1&{POSITION}", f"index.html?embed=1&{POSITION}"):
        response = rec.page.goto(address)
        assert response is not None and response.ok and response.from_service_worker, address
        _wait_ready(rec.page)
        assert rec.page.evaluate("document.documentElement.dataset.page") == "embed", address
        assert rec.page.evaluate("document.body.dataset.embed") == "1", address
        assert rec.page.evaluate("document.body.dataset.boot") == "snapshot", address
        play_a_card(rec.page)
    # the full page is still the full page
    rec.page.goto(f"index.html?{POSITION}")
    _wait_ready(rec.page)
    assert rec.page.evaluate("document.documentElement.dataset.page") is None
    assert rec.refused == [], f"requests reached the network while offline: {rec.refused}"
    assert rec.foreign == [] and rec.errors == [], (rec.foreign, rec.errors)
