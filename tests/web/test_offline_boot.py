"""The page boots Pyodide 314 + pydantic 2.14.3 + uno_web from this origin only.

Every test here runs under the ``page`` guard of conftest.py: a request to any other origin, a
console error, an uncaught page error or a PyScript error box fails the test.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from uno_web.site import bundle, vendor

pytestmark = pytest.mark.browser

PAGES = Path(__file__).parent / "pages"
PYDANTIC_VERSION = next(w.version for w in vendor.WHEELS if w.name == "pydantic")


def _fetched(guard: Any, suffix: str) -> list[str]:
    return [u for u in guard.requests if u.split("?", 1)[0].endswith(suffix)]


def test_index_boots_offline_with_pydantic(page: Any, guard: Any, site_url: str, wait_ready: Any) -> None:
    page.goto("index.html")
    wait_ready(page)

    body = page.locator("body")
    assert body.get_attribute("data-pydantic-at-ready") == "0"  # the table needs no pydantic
    assert (body.get_attribute("data-python") or "").startswith("3.14.")
    assert body.get_attribute("data-uno-web")
    assert page.locator("#boot-status").inner_text() == "Python ready"

    # it really went through the vendored files, all from our own origin
    assert guard.requests, "no request recorded"
    assert all(guard.is_local(u) for u in guard.requests), guard.requests
    assert not guard.foreign
    for suffix in ("/static/vendor/pyscript/core.js", "/static/vendor/pyodide/pyodide.mjs",
                   "/static/vendor/pyodide/pyodide.asm.wasm", "/static/bundle/uno_web.zip",
                   "/static/interpreter.mjs", "/static/bundle/python_stdlib.zip"):
        assert _fetched(guard, suffix), f"{suffix} was never requested"
    # the build's standard library, with bytecode for every module imported by ready
    assert not _fetched(guard, "/static/vendor/pyodide/python_stdlib.zip")
    from_source = body.get_attribute("data-stdlib-from-source")
    assert from_source == "", (
        f"standard-library modules compiled from source at boot: {from_source} (add them to "
        "uno_web/site/stdlib.py BOOT_MODULES)")
    assert not _fetched(guard, f"/static/vendor/pyodide/pydantic-{PYDANTIC_VERSION}-py3-none-any.whl")
    wasm = _fetched(guard, ".wasm")[0]
    assert guard.content_types[wasm] == "application/wasm"
    # the modules come in one zip (uno_web/site/bundle.py), not one request per module
    assert not _fetched(guard, ".py"), [u for u in guard.requests if u.split("?", 1)[0].endswith(".py")]


def test_loading_screen_shows_before_python(page: Any, wait_ready: Any) -> None:
    # a link to something Python must build shows the loading screen (a plain visit shows the
    # start screen at once: tests/web/test_boot_browser.py)
    # what the page showed when its HTML was parsed, recorded by the page itself (a cached
    # boot can be ready before the test's first look)
    page.add_init_script(
        "document.addEventListener('DOMContentLoaded', () => { const s = document.getElementById"
        "('boot-status'); window.__boot = {text: s ? s.textContent : '', ready: "
        "document.body.dataset.ready || null, progress: !!document.querySelector("
        "'[data-testid=boot-progress]')}; });")
    page.goto("index.html?mode=puzzles", wait_until="domcontentloaded")
    status = page.locator("#boot-status")
    first = page.evaluate("window.__boot")
    assert first["ready"] is None and first["progress"], first
    assert "Loading" in first["text"], first
    wait_ready(page)
    assert status.inner_text() == "Python ready"
    # the plain-HTML loading screen was painted long before Python was up
    fcp = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null")
    ready_ms = float(page.get_attribute("body", "data-ready-ms") or "0")
    assert fcp is not None and fcp < ready_ms, (fcp, ready_ms)


def test_every_shipped_module_imports_in_pyodide(page: Any, site_url: str, wait_ready: Any) -> None:
    # Served at the site root: PyScript resolves `interpreter` against the page URL.
    html = (PAGES / "import_all.html").read_text(encoding="utf-8")
    page.route(f"{site_url}__import_all__.html",
               lambda r: r.fulfill(status=200, content_type="text/html; charset=utf-8", body=html))
    page.goto("__import_all__.html")
    wait_ready(page)
    modules = json.loads(page.evaluate("document.body.dataset.modules"))
    errors = json.loads(page.evaluate("document.body.dataset.importErrors"))
    assert "uno_web" in modules and "uno_web.web.boot" in modules, modules
    assert not any(m.startswith(("uno_web.site", "uno_web.__main__")) for m in modules), modules
    assert not errors, "modules failing to import in Pyodide:\n" + "\n".join(
        f"--- {name}\n{tb}" for name, tb in errors.items())
    no_pyc = json.loads(page.evaluate("document.body.dataset.noPyc"))
    assert not no_pyc, f"modules whose bytecode Pyodide did not use: {no_pyc}"


def test_index_imports_uno_web_from_the_zip(page: Any, wait_ready: Any) -> None:
    # index.html imports the bundle with zipimport (uno_web/site/bundle.py), from the pycs:
    # nothing unpacked, no source compiled; the zip was fetched while Pyodide loaded
    page.goto("index.html")
    wait_ready(page)
    body = page.locator("body")
    code_from = body.get_attribute("data-code-from") or ""
    assert code_from == bundle.MOUNT + "/uno_web/web/controller.pyc", code_from
    assert (body.get_attribute("data-boot-ms") or "").startswith("bundle="), body.get_attribute("data-boot-ms")
    fetched_at = page.evaluate("""() => performance.getEntriesByType("resource")
        .filter(e => e.name.endsWith("/static/bundle/uno_web.zip")).map(e => e.startTime)""")
    wasm_at = page.evaluate("""() => performance.getEntriesByType("resource")
        .filter(e => e.name.endsWith("/pyodide.asm.wasm")).map(e => e.responseEnd)""")
    assert len(fetched_at) == 1 and len(wasm_at) == 1, (fetched_at, wasm_at)
    assert fetched_at[0] < wasm_at[0], "the bundle was fetched only after Pyodide's wasm"


def test_bare_baseline_page_boots(page: Any, wait_ready: Any) -> None:
    page.goto("static/bare.html")
    wait_ready(page)
    assert page.locator("body").get_attribute("data-pydantic") == PYDANTIC_VERSION
