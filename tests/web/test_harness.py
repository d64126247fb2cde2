"""The page guard of conftest.py really catches what it promises to (foreign requests, errors).

Each test provokes a problem on a page served (through a Playwright route) at the site's own
origin, checks the guard saw it, then clears the guard so the test itself passes.  The foreign
URL uses the reserved `.invalid` TLD and is aborted by the route before any lookup.
"""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser


def _serve(page: Any, site_url: str, name: str, html: str) -> None:
    page.route(f"{site_url}{name}", lambda r: r.fulfill(status=200, content_type="text/html", body=html))
    page.goto(name)


def _clear(guard: Any) -> None:
    guard.page.goto("about:blank")
    for lst in (guard.foreign, guard.console_errors, guard.page_errors, guard.failed, guard.aborted):
        lst.clear()
    assert guard.problems() == []


def test_guard_catches_foreign_requests_and_js_errors(page: Any, guard: Any, site_url: str) -> None:
    _serve(page, site_url, "__harness_js__.html", """<!doctype html><html><head><link rel="icon" href="data:,">
        <script src="http://cdn.example.invalid/lib.js"></script></head>
        <body><script>console.error("boom"); setTimeout(() => { throw new Error("uncaught") });</script>
        </body></html>""")
    page.wait_for_timeout(500)
    problems = "\n".join(guard.problems())
    assert "cdn.example.invalid" in problems
    assert "console error: boom" in problems
    assert "page error:" in problems and "uncaught" in problems
    _clear(guard)


def test_guard_catches_python_tracebacks(page: Any, guard: Any, site_url: str) -> None:
    _serve(page, site_url, "__harness_py__.html", """<!doctype html><html><head><link rel="icon" href="data:,">
        <script type="module" src="./static/vendor/pyscript/core.js"></script></head><body>
        <script type="py" config='{"interpreter": "./static/vendor/pyodide/pyodide.mjs"}'>
raise ValueError("harness-check")
        </script></body></html>""")
    page.wait_for_selector(".py-error", state="attached", timeout=120_000)
    assert any("ValueError: harness-check" in t for t in guard.py_errors())
    _clear(guard)


def test_guard_lets_a_removed_frame_go_but_not_a_failed_load(page: Any, guard: Any,
                                                             site_url: str) -> None:
    """A load cancelled because the page removed its frame is not a fault; a load that fails
    in a frame still there is."""
    held: list[Any] = []
    page.route(f"{site_url}__slow__.html", lambda r: held.append(r))  # never answered
    page.route(f"{site_url}__broken__.html", lambda r: r.abort("failed"))
    _serve(page, site_url, "__harness_frames__.html", """<!doctype html><html><head>
        <link rel="icon" href="data:,"></head><body></body></html>""")
    page.evaluate("""() => { const f = document.createElement('iframe');
        f.src = '__slow__.html'; f.id = 'slow'; document.body.append(f); }""")
    page.wait_for_function("() => true")
    page.wait_for_timeout(300)
    assert held, "the slow frame's load should be waiting"
    page.evaluate("() => document.getElementById('slow').remove()")
    for _ in range(100):  # until the cancelled load is reported (a positive marker)
        if any("__slow__" in u for u in guard.cancelled()):
            break
        page.wait_for_timeout(50)
    assert any("__slow__" in u for u in guard.cancelled())
    assert guard.problems() == []
    page.evaluate("""() => { const f = document.createElement('iframe');
        f.src = '__broken__.html'; document.body.append(f); }""")
    page.wait_for_timeout(500)
    assert any("__broken__" in p for p in guard.problems())
    _clear(guard)


def test_a_crashed_page_is_reported_and_the_next_test_gets_a_new_browser(
        guard: Any, browser_holder: Any) -> None:
    """A renderer crash is the test's failure (with the machine's state beside it), and it does
    not take the worker's later browser tests with it: the holder launches a new Chromium."""
    from tests.web.conftest import crash_diagnostics

    first = browser_holder.get()
    assert guard.page.context.browser is first
    with pytest.raises(Exception, match="crash"):
        guard.page.goto("chrome://crash")
    for _ in range(100):  # the crash event arrives with the driver's next message
        if guard.crashed:
            break
        first.new_context().close()
    assert guard.crashed and browser_holder.suspect  # the guard's own crash listener
    assert guard.problems() == ["the page's renderer crashed (Target crashed)"]
    second = browser_holder.get()
    assert second is not first and second.is_connected() and not browser_holder.suspect
    fresh = second.new_context().new_page()
    fresh.goto("about:blank")
    assert fresh.evaluate("1 + 1") == 2
    report = crash_diagnostics()
    assert "memory: MemTotal" in report and "/dev/shm:" in report and "chromium:" in report
    guard.crashed = False  # the crash was this test's own doing
