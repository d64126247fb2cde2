"""A script of the site's own that fails to load (Chromium aborts about one script request in a
thousand that the service worker serves on a repeat visit: docs/deployment.md) makes the page
reload itself once, and a script that keeps failing does not make it reload again and again."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser


def _context(browser: Any, site_url: str, fail: int) -> tuple[Any, list[str]]:
    """A context whose first ``fail`` requests for static/page.js are aborted."""
    context = browser.new_context(base_url=site_url, service_workers="block")
    seen: list[str] = []

    def route(r: Any) -> None:
        seen.append(r.request.url)
        if len(seen) <= fail:
            r.abort("aborted")
        else:
            r.continue_()

    context.route("**/static/page.js", route)
    return context, seen


def test_a_page_whose_script_was_aborted_reloads_once_and_gets_ready(
        browser: Any, site_url: str, wait_ready: Any) -> None:
    context, seen = _context(browser, site_url, fail=1)
    try:
        page = context.new_page()
        page.goto("index.html?hands=R1+G2|B1+B2&top=R9&delay=5000")
        wait_ready(page)
        assert len(seen) == 2  # aborted, then loaded after the reload
        assert page.evaluate("performance.getEntriesByType('navigation')[0].type") == "reload"
    finally:
        context.close()


def test_a_script_that_keeps_failing_reloads_the_page_only_once(browser: Any, site_url: str) -> None:
    context, seen = _context(browser, site_url, fail=100)
    try:
        page = context.new_page()
        page.goto("embed.html?embed=1&hands=R1+G2|B1+B2&top=R9")
        page.wait_for_function("performance.getEntriesByType('navigation')[0].type === 'reload'",
                               timeout=30_000, polling=100)
        page.wait_for_load_state("load")
        count = len(seen)
        page.wait_for_function("document.readyState === 'complete'", timeout=10_000)
        assert count == 2 and len(seen) == 2  # the first load and one reload, no more
    finally:
        context.close()
