"""Boot from a memory snapshot of the ready interpreter (static/interpreter.mjs,
static/snapshot-worker.mjs, uno_web.web.boot.prepare_snapshot; docs/deployment.md, "Boot from a
memory snapshot").

The ``page`` fixture's context blocks service workers but keeps the Cache Storage, where the
snapshot lives, so a reload in the same context is a repeat visit; the guard fails a test on
any console error, page error, CSP violation or request to another origin, so a fallback that
alarms (an error in the console) fails too.  The snapshot is made with
``window.unoWebSnapshot.make()`` (what the page does by itself once ready and idle), so that
each test knows when it exists.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

import pytest

from uno_web.site import assemble, precache, serve

from conftest import READY_TIMEOUT_MS, REPO_ROOT, _wait_ready
from table_helpers import wait_saved
from test_offline_sw_browser import Recorder, built, recorder_factory, stop  # noqa: F401

pytestmark = pytest.mark.browser

POSITION = "index.html?hands=R3+G4%2CY7&top=Y2&bots=still"
CORE = "**/static/vendor/pyscript/core.js"

STATE = "() => [document.body.dataset.boot, document.body.dataset.snapshotFound, document.body.dataset.snapshotError || '']"
MAKE = "async () => await window.unoWebSnapshot.make()"
# the page's performance marks of the boot (static/interpreter.mjs): [name, ms]
MARKS = ("() => performance.getEntriesByType('mark').filter(m => m.name.startsWith('uno:'))"
         ".map(m => [m.name.slice(4), m.startTime])")
STORED_KEY = """async () => {
  const hit = await (await caches.open(window.unoWebSnapshot.cache)).match(window.unoWebSnapshot.entry);
  return hit ? hit.headers.get('x-uno-key') : null;
}"""
# damage the stored snapshot: "garbage" (other bytes, the headers kept), "cut" (its first
# half, likewise), "other-pyodide" (the memory image of another Pyodide build: its build id
# changed, and the hash beside it made to match, so that only Pyodide can tell), "no-length"
# (the bytes intact, the header with the image's length lost)
DAMAGE = """async how => {
  const cache = await caches.open(window.unoWebSnapshot.cache);
  const hit = await cache.match(window.unoWebSnapshot.entry);
  let body = new Uint8Array(await hit.arrayBuffer());
  let digest = hit.headers.get('x-uno-sha256');
  if (how === 'garbage') body = new TextEncoder().encode('not a snapshot at all');
  if (how === 'cut') body = body.slice(0, body.length >> 1);
  if (how === 'other-pyodide') {
    const view = new DataView(body.buffer);
    const data = 12 + 8 * view.getUint32(8, true);  // the first extent: the image's start
    for (let i = 16; i < 48; i++) body[data + i] ^= 0x5a;  // Pyodide's header: its build id
    const hex = b => Array.from(new Uint8Array(b), x => x.toString(16).padStart(2, '0')).join('');
    digest = hex(await crypto.subtle.digest('SHA-256', body));
  }
  const headers = {'x-uno-key': hit.headers.get('x-uno-key'), 'x-uno-sha256': digest};
  if (how !== 'no-length') headers['x-uno-image-bytes'] = hit.headers.get('x-uno-image-bytes');
  await cache.put(window.unoWebSnapshot.entry, new Response(body, {headers}));
}"""


# whether the page itself requested Pyodide's WebAssembly (its resource timing)
WASM_REQUESTED = ("() => performance.getEntriesByType('resource')"
                  ".some(e => e.name.endsWith('/static/vendor/pyodide/pyodide.asm.wasm'))")


# a boot from the snapshot fetches the standard library once ready (static/interpreter.mjs):
# awaited before the test navigates on, or the reload aborts that request (which the guard,
# rightly, reports as a failed request)
SETTLE = "async () => window.unoWebSnapshot && window.unoWebSnapshot.stdlib ? await window.unoWebSnapshot.stdlib : null"


def ready(page: Any) -> None:
    """The page is ready, and a boot from the snapshot has written its standard library."""
    _wait_ready(page)
    page.evaluate(SETTLE)


def state(page: Any) -> list[str]:
    return list(page.evaluate(STATE))


def first_visit(page: Any, url: str = POSITION) -> None:
    page.goto(url)
    ready(page)
    assert state(page)[:2] == ["plain", "none"]
    assert page.evaluate(MAKE) is True, page.evaluate("document.body.dataset.snapshotError")
    assert page.evaluate("document.body.dataset.snapshot") == "made"


def play_a_card(page: Any) -> None:
    """The position's G4 on Y2 is refused by the validator: the table runs."""
    page.locator("[data-testid=hand] [data-card='G4']").first.click()
    page.wait_for_selector("[data-testid=validator-entry][data-code=E_NO_MATCH]", timeout=30_000)


def test_second_visit_boots_from_the_snapshot(page: Any) -> None:
    first_visit(page)
    page.reload()
    ready(page)
    assert state(page) == ["snapshot", "loaded", ""]
    assert page.evaluate("document.body.dataset.snapshot") is None  # a boot from it makes none
    # the pipeline ran as built: read from <head>, Pyodide's wasm ready (through the wrapped
    # module factory) no earlier than the lookup, the image complete before the restore
    at = dict(page.evaluate(MARKS))
    steps = ["lookup", "snapshot-found", "snapshot-hashed", "wasm-ready", "pyodide-loaded", "asked", "handed"]
    assert all(step in at for step in steps), at
    assert at["lookup"] <= at["wasm-ready"] and at["snapshot-hashed"] <= at["pyodide-loaded"] <= at["handed"], at
    assert at["asked"] <= at["handed"], at
    # read from <head> by early.js, and let go once taken (no snapshot buffer kept for the
    # page's life)
    assert page.evaluate("document.body.dataset.snapshotRead") == "head"
    assert page.evaluate("window.unoWebSnapshotRead") is None
    # workers blocked: no worker's cache to compile Pyodide's WebAssembly from early, so the
    # page requested it (static/early.js, "The WebAssembly from the cache" in docs/deployment.md)
    assert page.evaluate("document.body.dataset.wasm") == "uncached"
    assert page.evaluate(WASM_REQUESTED)
    play_a_card(page)
    # the interpreter's random generator was seeded afresh: not the worker's frozen state
    draws = set()
    for _ in range(2):
        page.reload()
        ready(page)
        assert state(page)[0] == "snapshot"
        draws.add(page.evaluate("document.body.dataset.randomProbe"))
    assert len(draws) == 2, draws


def test_a_snapshot_boot_writes_the_standard_library_after_ready(page: Any) -> None:
    """A boot from the snapshot starts Pyodide with an empty standard-library zip
    (static/stdlib-later.zip) and writes the real one once the page is ready: the first visit
    fetches python_stdlib.zip while it boots, the repeat visit only after ready."""
    stdlib = "static/bundle/python_stdlib.zip"
    first_visit(page)
    assert page.evaluate("document.body.dataset.stdlib") is None  # a plain boot: Pyodide's own
    page.reload()
    ready(page)
    assert state(page)[0] == "snapshot"
    done = page.evaluate("async () => await window.unoWebSnapshot.stdlib")
    assert done == {"state": "written", "bytes": (REPO_ROOT / stdlib).stat().st_size}, done
    assert page.evaluate("document.body.dataset.stdlib") == "written"
    # when each zip was asked for (resource timing, ms from the navigation) against ready
    asked = page.evaluate("""() => Object.fromEntries(performance.getEntriesByType('resource')
        .filter(e => /(stdlib-later|python_stdlib)[.]zip$/.test(e.name))
        .map(e => [e.name.split('/').pop(), e.startTime]))""")
    ready_ms = float(page.get_attribute("body", "data-ready-ms") or "nan")
    assert set(asked) == {"stdlib-later.zip", "python_stdlib.zip"}, asked
    # (data-ready-ms is rounded to the millisecond)
    assert asked["stdlib-later.zip"] < ready_ms - 1 < asked["python_stdlib.zip"], (asked, ready_ms)
    play_a_card(page)


PYSCRIPT_CHUNK = "**/static/vendor/pyscript/core-*.js"
PYSCRIPT_INIT = '"__init__.py":"from polyscript import'
# how many of the pycs written after the restore match the sources PyScript wrote beside them
MATCHING = "() => window.unoWebSnapshot.precompiledMatching()"


def test_a_snapshot_boot_takes_pyscripts_package_precompiled(page: Any) -> None:
    """The snapshot carries PyScript's Python package compiled (boot.precompile, from the files
    PyScript wrote in the page that made it): a boot from it writes the pycs and Python takes
    them; a PyScript whose file differs gets that one compiled from its source, as before."""
    first_visit(page)
    page.reload()
    ready(page)
    assert state(page)[0] == "snapshot"
    written = int(page.evaluate("document.body.dataset.pyscriptPycs"))
    assert written >= 10, written  # __init__, context, display, events, ffi, web, …
    assert page.evaluate(MATCHING) == written

    def changed(route: Any) -> None:  # PyScript's __init__.py with one more line
        body = route.fetch().text()
        assert PYSCRIPT_INIT in body
        route.fulfill(body=body.replace(PYSCRIPT_INIT, '"__init__.py":"# changed\\nfrom polyscript import', 1),
                      content_type="text/javascript")

    page.route(PYSCRIPT_CHUNK, changed)
    page.reload()
    ready(page)
    assert state(page)[0] == "snapshot"
    assert page.evaluate(MATCHING) == written - 1
    play_a_card(page)


def test_a_room_page_boots_from_the_snapshot_and_keeps_it(page: Any) -> None:
    """The online room's page (static/room.html: Pyodide without PyScript) boots from the
    snapshot the table made and leaves it stored (it used to find no key there, take the
    snapshot for a damaged one and delete it, so the next table visit booted the slow way)."""
    first_visit(page)
    key = page.evaluate(STORED_KEY)
    assert key
    page.goto("static/room.html")
    page.wait_for_selector("[data-testid=room-title]", timeout=READY_TIMEOUT_MS)
    page.wait_for_selector("body[data-boot]", state="attached")
    assert state(page)[:2] == ["snapshot", "loaded"], state(page)
    page.wait_for_selector("body[data-stdlib='written']", state="attached")
    assert page.evaluate(STORED_KEY) == key
    assert page.evaluate("document.body.dataset.snapshot") is None  # and made none
    page.goto(POSITION)
    ready(page)
    assert state(page) == ["snapshot", "loaded", ""]


def test_snapshot_boot_keeps_finnish_and_a_deal_pressed_before_ready(page: Any) -> None:
    first_visit(page, "index.html")
    held: list[Any] = []
    page.route(CORE, lambda route: held.append(route))
    page.goto("index.html?lang=fi&speed=instant", wait_until="domcontentloaded")
    page.wait_for_selector("[data-testid=start-screen]")
    assert page.evaluate("document.body.dataset.ready") is None
    assert page.inner_text("[data-testid=start-game]") == "Jaa kortit"  # Finnish at first paint
    page.click("[data-testid=start-game]")
    assert held, "PyScript was requested at once"
    held[0].continue_()
    ready(page)
    assert state(page)[0] == "snapshot"
    page.wait_for_selector("[data-testid=hand] [data-card]")  # the pressed Deal dealt
    assert page.evaluate("document.documentElement.lang") == "fi"


def test_a_changed_build_discards_the_old_snapshot(browser: Any, tmp_path: Path) -> None:
    """A deploy that changes the modules' zip (what a changed module does): the old snapshot is
    deleted unused, the page boots the ordinary way and makes one for the new build."""
    out = assemble.assemble(tmp_path / "www").out
    server, origin = serve.start_in_thread("127.0.0.1", 0, out, quiet=True)
    context = browser.new_context(base_url=origin, service_workers="block")
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        first_visit(page)
        old_key = page.evaluate(STORED_KEY)
        bundle = out / "static" / "bundle" / "uno_web.zip"
        with zipfile.ZipFile(bundle, "a") as z:  # the next build's modules
            z.writestr("uno_web/_next_build.py", "CHANGED = True\n")
        page.reload()
        ready(page)
        assert state(page)[:2] == ["plain", "stale"]
        assert page.evaluate(STORED_KEY) != old_key  # deleted (or already made again, for the new build)
        play_a_card(page)
        assert page.evaluate(MAKE) is True
        new_key = page.evaluate(STORED_KEY)
        assert new_key and new_key != old_key
        page.reload()
        ready(page)
        assert state(page) == ["snapshot", "loaded", ""]
        assert errors == [], errors
    finally:
        context.close()
        server.shutdown()
        server.server_close()


def test_a_modules_zip_that_does_not_load_keeps_the_snapshot(browser: Any, site_url: str) -> None:
    """A visit whose modules' zip does not load (a server error, offline without the worker)
    cannot compute this build's key: it says nothing about the snapshot, which is kept, not
    deleted as a damaged one would be; the next visit boots from it."""
    context = browser.new_context(base_url=site_url, service_workers="block")
    context.add_init_script("window.unoWebSnapshotAuto = false;")
    try:
        page = context.new_page()
        first_visit(page)
        key = page.evaluate(STORED_KEY)
        assert key
        page.route("**/static/bundle/uno_web.zip", lambda route: route.fulfill(status=503, body="busy"))
        page.reload()
        page.wait_for_selector("body[data-snapshot-found]", state="attached", timeout=READY_TIMEOUT_MS)
        assert page.evaluate("document.body.dataset.snapshotFound") == "unkeyed"
        assert "HTTP 503" in page.evaluate("document.body.dataset.snapshotError")
        assert page.evaluate(STORED_KEY) == key
        page.unroute("**/static/bundle/uno_web.zip")
        page.reload()
        ready(page)
        assert state(page) == ["snapshot", "loaded", ""]
        play_a_card(page)
    finally:
        context.close()


@pytest.mark.parametrize("how", ["garbage", "cut", "other-pyodide", "no-length"])
def test_a_damaged_snapshot_falls_back_to_the_ordinary_boot(page: Any, how: str) -> None:
    first_visit(page)
    page.evaluate(DAMAGE, how)
    page.reload()
    ready(page)
    boot, found, error = state(page)
    assert (boot, found) == ("plain", "dropped"), error
    # caught by the hash stored beside it, or (its hash made to match) by Pyodide itself
    want = {"other-pyodide": "build id", "no-length": "length is missing"}.get(how, "do not match their hash")
    assert want in error, error
    # quietly: no console error (the guard), no notice, the game plays
    assert not page.query_selector(".py-error")
    play_a_card(page)
    # the damaged one is gone; the next one made boots
    assert page.evaluate(MAKE) is True
    page.reload()
    ready(page)
    assert state(page)[:2] == ["snapshot", "loaded"]


WASM = "static/vendor/pyodide/pyodide.asm.wasm"
# the worker's cached WebAssembly replaced by another that compiles (the smallest valid module,
# 8 bytes): what a page script or a damaged disk can leave there
REPLACE_WASM = """async ([cache, name]) => {
  await (await caches.open(cache)).put(name, new Response(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]),
                                                         {headers: {'content-type': 'application/wasm'}}));
}"""
STORED_WASM_SHA256 = """async () => {
  const hit = await (await caches.open(window.unoWebSnapshot.cache)).match(window.unoWebSnapshot.entry);
  return hit ? hit.headers.get('x-uno-wasm-sha256') : null;
}"""


def test_a_snapshot_boot_compiles_the_cached_webassembly_only_if_it_is_the_builds(
        built: None, recorder_factory: Any) -> None:  # noqa: F811
    """A boot from the snapshot takes Pyodide's WebAssembly straight from the worker's cache,
    compiled from <head> (static/early.js), and never requests it; a cached copy that is not
    the one the snapshot was made with is not run, even one that compiles: the page requests
    the file through the worker as before, which fetches it again, and the next boot takes the
    mended copy early again."""
    server, origin = serve.start_in_thread("127.0.0.1", 0, REPO_ROOT, quiet=True)
    try:
        rec = with_a_snapshot(recorder_factory, origin, POSITION)
        data = precache.read(REPO_ROOT)
        cache, want = f"uno_web-{data['version']}", data["sha256"][WASM]  # type: ignore[index]
        # the snapshot names the build's WebAssembly (the worker's checked copy)
        assert rec.page.evaluate(STORED_WASM_SHA256) == want
        rec.page.reload()
        ready(rec.page)
        assert state(rec.page) == ["snapshot", "loaded", ""]
        assert rec.page.evaluate("document.body.dataset.wasm") == "early"
        assert not rec.page.evaluate(WASM_REQUESTED)
        at = dict(rec.page.evaluate(MARKS))
        assert at["wasm-compiled"] <= at["wasm-ready"], at
        play_a_card(rec.page)
        rec.page.evaluate(REPLACE_WASM, [cache, WASM])
        rec.page.reload()
        ready(rec.page)
        assert state(rec.page) == ["snapshot", "loaded", ""]
        assert rec.page.evaluate("document.body.dataset.wasm") == "mismatch"
        assert rec.page.evaluate(WASM_REQUESTED)  # through the worker, which checked and mended it
        assert not rec.page.query_selector(".py-error")
        play_a_card(rec.page)
        rec.page.reload()
        ready(rec.page)
        assert rec.page.evaluate("document.body.dataset.wasm") == "early"
        play_a_card(rec.page)
        assert rec.foreign == [] and rec.errors == [], (rec.foreign, rec.errors)
    finally:
        stop(server)


def with_a_snapshot(recorder_factory: Any, origin: str, address: str) -> Recorder:
    """A context whose worker holds the site served at ``origin`` and whose page at ``address``
    has made its memory snapshot."""
    rec: Recorder = recorder_factory(origin)
    rec.page.goto(address)
    _wait_ready(rec.page)
    rec.controlled()
    # this context has no fixture's init script: the page makes the snapshot by itself, once
    # ready and idle
    rec.page.wait_for_function("document.body.dataset.snapshot === 'made'", timeout=READY_TIMEOUT_MS, polling=200)
    return rec


def offline_after_a_snapshot(recorder_factory: Any, address: str) -> Recorder:
    """A context whose worker holds the site and whose page at ``address`` has made its memory
    snapshot, then taken offline (the server stopped too)."""
    server, origin = serve.start_in_thread("127.0.0.1", 0, REPO_ROOT, quiet=True)
    try:
        rec = with_a_snapshot(recorder_factory, origin, address)
    finally:
        stop(server)
    rec.offline = True
    rec.context.set_offline(True)
    return rec


def test_offline_reload_boots_from_the_snapshot(built: None, recorder_factory: Any) -> None:  # noqa: F811
    rec = offline_after_a_snapshot(recorder_factory, POSITION)
    rec.page.reload()
    _wait_ready(rec.page)
    assert state(rec.page)[:2] == ["snapshot", "loaded"]
    assert rec.page.evaluate(SETTLE)["state"] == "written"  # the standard library from the worker's cache
    play_a_card(rec.page)
    assert rec.refused == [], f"requests reached the network while offline: {rec.refused}"
    assert rec.foreign == [] and rec.errors == [], (rec.foreign, rec.errors)


# the stored snapshot's memory image, searched for `needles` (UTF-8 and UTF-16): which are in it
SEARCH = """async needles => {
  const hit = await (await caches.open(window.unoWebSnapshot.cache)).match(window.unoWebSnapshot.entry);
  const image = window.unoWebSnapshot.unpack(new Uint8Array(await hit.arrayBuffer()));
  const text = new TextDecoder('latin1').decode(image);
  const utf16 = s => Array.from(s, c => c + '\\u0000').join('');
  return needles.filter(n => text.includes(n) || text.includes(utf16(n)));
}"""


def test_the_snapshot_holds_no_game_state(page: Any) -> None:
    """A game is dealt (a name no module contains, a hand), then the snapshot is made: the
    name, the hand and the seed are nowhere in its memory; the modules' own text is."""
    name = "Quillon Zebedee"
    page.goto("index.html?speed=instant")
    ready(page)
    page.evaluate("async () => await window.unoWebSnapshot.drop()")
    page.fill("[data-testid=player-name]", name)
    page.click("[data-testid=start-game]")
    page.wait_for_selector("[data-testid=hand] [data-card]")
    hand = page.eval_on_selector_all("[data-testid=hand] [data-card]", "els => els.map(e => e.dataset.card)")
    wait_saved(page)  # (sealed asynchronously: on a busy machine it comes after the hand)
    save = page.evaluate("localStorage.getItem('uno_web.table.v1:/')")
    assert save and len(hand) >= 7  # 7 dealt, more if the first card or a bot made you draw
    assert page.evaluate(MAKE) is True
    hand_text = " ".join(hand)  # as the log and the callout write it
    found = page.evaluate(SEARCH, [name, hand_text, save[:64], "Opponents (AI level)", "uno_web.web.render"])
    # the control: the modules' text is found, so the search reads the real image
    assert "Opponents (AI level)" in found and "uno_web.web.render" in found, found
    assert name not in found and hand_text not in found and save[:64] not in found, found
