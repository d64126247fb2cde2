"""A script of the site's own that fails to load (Chromium aborts about one script request in a
thousand that the service worker serves on a repeat visit: docs/deployment.md) makes the page
reload itself once, and a script that keeps failing does not make it reload again and again.
A start that stalls with no error (a script request that never ends) does the same, through
static/page.js's watchdog, and so do the embeds that share its Python."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from table_helpers import author_page

pytestmark = pytest.mark.browser


@contextmanager
def _failing(browser: Any, site_url: str, how: str, times: int) -> Iterator[tuple[Any, list[str]]]:
    """A page (and the requests made for the failing script) in a context whose first
    ``times`` requests for a script of the page fail: ``abort`` aborts static/page.js (an error
    the page sees); ``hold`` leaves PyScript's core.js unanswered (no error either: the stall a
    service worker's aborted request was seen to leave), with the page's stall watchdog at 4 s
    instead of 30 (and on, although no worker serves the page)."""
    context = browser.new_context(base_url=site_url, service_workers="block")
    seen: list[str] = []
    held: list[Any] = []

    def route(r: Any) -> None:
        seen.append(r.request.url)
        if len(seen) > times:
            r.continue_()
        elif how == "abort":
            r.abort("aborted")
        else:
            held.append(r)  # left open: the script neither loads nor fails

    if how == "hold":
        context.add_init_script("window.unoWebStallMs = 4000;")
    context.route("**/static/page.js" if how == "abort" else "**/static/vendor/pyscript/core.js", route)
    try:
        yield context.new_page(), seen
    finally:
        context.close()


EMBED = "embed.html?embed=1&hands=R1+G2|B1+B2&top=R9"
PAGE = "index.html?hands=R1+G2|B1+B2&top=R9&delay=5000"
RELOADED = "performance.getEntriesByType('navigation')[0].type"


@pytest.mark.parametrize("how, address", [("abort", PAGE), ("hold", EMBED), ("hold", PAGE)])
def test_a_page_whose_start_failed_reloads_once_and_gets_ready(
        browser: Any, site_url: str, wait_ready: Any, how: str, address: str) -> None:
    with _failing(browser, site_url, how, times=1) as (page, seen):
        page.goto(address)
        wait_ready(page)
        assert len(seen) == 2  # aborted or stalled, then loaded after the reload
        assert page.evaluate(RELOADED) == "reload"


def test_a_script_that_keeps_failing_reloads_the_page_only_once(browser: Any, site_url: str) -> None:
    with _failing(browser, site_url, "abort", times=100) as (page, seen):
        page.goto(EMBED)
        page.wait_for_function(f"{RELOADED} === 'reload'", timeout=30_000, polling=100)
        page.wait_for_load_state("load")
        count = len(seen)
        page.wait_for_function("document.readyState === 'complete'", timeout=10_000)
        assert count == 2 and len(seen) == 2  # the first load and one reload, no more


def test_a_start_that_keeps_stalling_reloads_only_once_and_says_where(browser: Any, site_url: str) -> None:
    with _failing(browser, site_url, "hold", times=100) as (page, seen):
        page.goto(EMBED)
        # the reloaded page stalls too; its watchdog then marks the stall and leaves it there
        page.wait_for_selector("body[data-stalled]", state="attached", timeout=30_000)
        assert page.evaluate(RELOADED) == "reload"
        assert page.get_attribute("body", "data-stalled") == "start"  # no stage ever came
        assert len(seen) == 2  # the first load and one reload, no more
        assert page.get_attribute("body", "data-ready") is None


def test_embeds_sharing_a_stalled_start_reload_and_get_ready(browser: Any, site_url: str) -> None:
    """The first embed's start stalls; the second, sharing its Python, waits on it: both
    reload (the guest sees no stage forwarded either) and both get ready."""
    with _failing(browser, site_url, "hold", times=1) as (page, seen):
        names = ("e0", "e1")
        author_page(page, {name: f"../{EMBED}&goal={name}" for name in names})
        frames = [page.locator(f"iframe[name={name}]").element_handle().content_frame()
                  for name in names]
        for frame in frames:
            assert frame is not None
            frame.wait_for_function("document.body && document.body.dataset.ready === '1'",
                                    timeout=120_000)
            assert frame.evaluate(RELOADED) == "reload"
        assert len(seen) == 2  # one stalled request, then one Python for both
        shared = sorted(f.evaluate("document.body.dataset.shared || ''") for f in frames if f)
        assert shared == ["", "1"]  # one hosts, the other joins it


def test_a_hidden_page_is_not_reloaded_until_it_shows(browser: Any, site_url: str, wait_ready: Any) -> None:
    """A page in a background tab may be held back by the browser: its stalled start is
    reloaded only once it shows (document.hidden, played by the test)."""
    with _failing(browser, site_url, "hold", times=1) as (page, seen):
        page.add_init_script("window.__hidden = true; Object.defineProperty(document, 'hidden', "
                             "{configurable: true, get: () => window.__hidden});")
        page.goto(PAGE, wait_until="domcontentloaded")  # (no load event while core.js waits)
        page.wait_for_timeout(9_000)  # two of the watchdog's 4 s looks, both while hidden
        assert page.evaluate(RELOADED) == "navigate" and len(seen) == 1
        assert page.get_attribute("body", "data-stalled") is None
        page.evaluate("window.__hidden = false")
        page.wait_for_function(f"{RELOADED} === 'reload'", timeout=30_000, polling=100)
        wait_ready(page)
        assert len(seen) == 2
