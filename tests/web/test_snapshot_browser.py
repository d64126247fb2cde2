"""Boot from a memory snapshot of the ready interpreter (static/interpreter.mjs,
static/snapshot-worker.mjs, uno_web.web.boot.prepare_snapshot; docs/deployment.md, "Boot from a
memory snapshot").

The ``page`` fixture's context blocks service workers but keeps the Cache Storage, where the
snapshot lives, so a reload in the same context is a repeat visit; the guard fails a test on
any console error, page error, CSP violation or request to another origin, so a fallback that
alarms (an error in the console) fails too.  The offline case runs its own server and context
with the service worker allowed (tests/web/test_offline_sw_browser.py's Recorder).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from uno_web.site import assemble, serve

from conftest import READY_TIMEOUT_MS, REPO_ROOT, _wait_ready
from test_assemble import copy_source
from test_offline_sw_browser import Recorder, built, recorder_factory, start_plain, stop  # noqa: F401

pytestmark = pytest.mark.browser

POSITION = "index.html?hands=R3+G4%2CY7&top=Y2&bots=still"

BOOT = "() => [document.body.dataset.boot, document.body.dataset.snapshot, document.body.dataset.snapshotError || '']"
# make the snapshot now and wait for it (the page makes one by itself once ready and idle)
MAKE = "async () => await window.unoWebSnapshot.make()"
STORED = """async () => {
  const hit = await (await caches.open(window.unoWebSnapshot.cache)).match(window.unoWebSnapshot.entry);
  return hit ? [hit.headers.get('x-uno-key'), (await hit.arrayBuffer()).byteLength] : null;
}"""
# replace the stored snapshot's bytes (its key kept) by `how`: "garbage" or "cut" (the first half)
DAMAGE = """async how => {
  const cache = await caches.open(window.unoWebSnapshot.cache);
  const hit = await cache.match(window.unoWebSnapshot.entry);
  const bytes = new Uint8Array(await hit.arrayBuffer());
  const body = how === 'cut' ? bytes.slice(0, bytes.length >> 1) : new TextEncoder().encode('not a snapshot at all');
  const headers = {'x-uno-key': hit.headers.get('x-uno-key'), 'x-uno-sha256': hit.headers.get('x-uno-sha256')};
  await cache.put(window.unoWebSnapshot.entry, new Response(body, {headers}));
}"""


def boot(page: Any) -> list[str]:
    return list(page.evaluate(BOOT))


def first_visit(page: Any, url: str = POSITION) -> None:
    page.goto(url)
    _wait_ready(page)
    assert boot(page)[0] == "plain"
    assert page.evaluate(MAKE) is True, boot(page)
    assert boot(page)[1] == "made"


def play_a_card(page: Any) -> None:
    """The position's G4 on Y2 is refused by the validator: the table runs."""
    page.locator("[data-testid=hand] [data-card='G4']").first.click()
    page.wait_for_selector("[data-testid=validator-entry][data-code=E_NO_MATCH]", timeout=30_000)


def test_second_visit_boots_from_the_snapshot(page: Any) -> None:
    first_visit(page)
    page.reload()
    _wait_ready(page)
    assert boot(page)[:2] == ["snapshot", "loaded"]
    play_a_card(page)
    # a boot from the snapshot makes no new one
    page.wait_for_timeout(100)
    assert boot(page)[1] == "loaded"
