"""Browser test harness: the real site, served from 127.0.0.1, driven by headless Debian Chromium.

Session fixtures
    ``site_url``  builds ``static/vendor`` if needed, serves the repo root on a free port of
                  127.0.0.1 in a thread, yields ``http://127.0.0.1:PORT/``.
    ``browser``   Python Playwright with Debian's ``/usr/bin/chromium`` (``UNO_WEB_CHROMIUM``
                  overrides), headless, a fresh temporary profile (Playwright's ``launch``).
Per test
    ``page``      a Page in a fresh context whose ``base_url`` is the server.  It records every
                  request; any request to another origin is aborted and FAILS the test, and so
                  does any console error, uncaught page error, or PyScript error box
                  (``.py-error``: Python tracebacks and stderr) seen during the test.
    ``guard``     the :class:`PageGuard` of ``page`` (requests, console, helpers).
    ``wait_ready`` a function: ``wait_ready(page)`` waits for ``body[data-ready="1"]`` (Pyodide
                  can take 10-60 s here) and fails at once, with the traceback, if PyScript
                  shows an error instead.

Mark browser tests with ``@pytest.mark.browser`` (``pytestmark = pytest.mark.browser``).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from uno_web.site import serve

REPO_ROOT = Path(__file__).resolve().parents[2]

READY_TIMEOUT_MS = 120_000
CHROMIUM_ARGS = list(serve.CHROMIUM_ARGS)
# URL schemes that never touch the network.
LOCAL_SCHEMES = frozenset({"data", "blob", "about", "chrome-error"})

_GUARD_KEY = pytest.StashKey["PageGuard"]()


def chromium_path() -> str:
    for candidate in (os.environ.get("UNO_WEB_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).is_file():
            return candidate
    pytest.fail(
        "Debian chromium is not installed (looked at $UNO_WEB_CHROMIUM, /usr/bin/chromium, PATH): "
        "run `apt-get install -y chromium` (the Makefile's `browser` target does it)",
        pytrace=False,
    )


# ---------------------------------------------------------------------------------------------
# session fixtures


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    from uno_web.site import serve, vendor

    rc = vendor.main([])
    if rc != 0:
        pytest.fail(f"`python -m uno_web build` failed (exit {rc}); see its output above", pytrace=False)
    server, url = serve.start_in_thread("127.0.0.1", 0, REPO_ROOT, quiet=True)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright (the [dev] extra)")
    with sync_api.sync_playwright() as pw:
        yield pw


class _BrowserHolder:
    """One Chromium per worker, launched again after a crash so that one crashed renderer
    (or browser) costs one test, not every browser test after it on that worker."""

    def __init__(self, playwright: Any) -> None:
        self.playwright = playwright
        self.current: Any = None
        self.suspect = False  # a page crashed: start the next test on a new browser

    def get(self) -> Any:
        if self.current is not None and (self.suspect or not self.current.is_connected()):
            self.close()
        if self.current is None:
            self.current = self.playwright.chromium.launch(
                executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
            self.suspect = False
        return self.current

    def close(self) -> None:
        browser, self.current = self.current, None
        if browser is not None:
            try:
                browser.close()
            except Exception:  # already gone with its crash: nothing to close
                pass


_HOLDER: _BrowserHolder | None = None


@pytest.fixture(scope="session")
def browser_holder(playwright_instance: Any) -> Iterator[_BrowserHolder]:
    global _HOLDER
    _HOLDER = _BrowserHolder(playwright_instance)
    try:
        yield _HOLDER
    finally:
        _HOLDER.close()
        _HOLDER = None


@pytest.fixture
def browser(browser_holder: _BrowserHolder) -> Any:
    return browser_holder.get()


CRASH_MARKS = ("Target crashed", "Page crashed", "Browser has been closed", "Target page, context or browser has been closed")


def crash_diagnostics() -> str:
    """What the machine looked like when Chromium crashed: memory, shared memory, disk, processes."""
    lines = []
    try:
        meminfo = dict(line.split(":", 1) for line in Path("/proc/meminfo").read_text().splitlines())
        lines.append("memory: " + ", ".join(f"{k} {meminfo[k].strip()}" for k in
                                           ("MemTotal", "MemAvailable", "Committed_AS") if k in meminfo))
    except OSError as exc:
        lines.append(f"memory: unreadable ({exc})")
    for where in ("/dev/shm", "/tmp"):
        try:
            usage = shutil.disk_usage(where)
            lines.append(f"{where}: {usage.free // 2**20} MiB free of {usage.total // 2**20} MiB")
        except OSError as exc:
            lines.append(f"{where}: unreadable ({exc})")
    try:
        procs = [d for d in os.listdir("/proc") if d.isdigit()]
        chromium = 0
        for pid in procs:
            try:
                chromium += "chromium" in Path(f"/proc/{pid}/comm").read_text()
            except OSError:
                pass
        lines.append(f"processes: {len(procs)}, chromium: {chromium}")
    except OSError as exc:
        lines.append(f"processes: unreadable ({exc})")
    return "\n".join(lines)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A browser test that failed on a crash: record the machine's state beside the failure and
    start the worker's next browser test (or this test's one rerun) on a new Chromium."""
    report = yield
    if report.failed and any(mark in str(report.longrepr) for mark in CRASH_MARKS):
        report.sections.append(("chromium crash", crash_diagnostics()))
        if _HOLDER is not None:
            _HOLDER.suspect = True
    return report


# ---------------------------------------------------------------------------------------------
# per-test page with its guard


@dataclass
class PageGuard:
    origin: str
    requests: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    content_types: dict[str, str] = field(default_factory=dict)
    console: list[str] = field(default_factory=list)
    page: Any = None
    in_flight: set[Any] = field(default_factory=set)
    aborted: list[Any] = field(default_factory=list)  # requests the browser cancelled
    crashed: bool = False  # the page's renderer crashed (Chromium's "crash" event)

    def is_local(self, url: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme in LOCAL_SCHEMES:
            return True
        return f"{parts.scheme}://{parts.netloc}" == self.origin

    def py_errors(self) -> list[str]:
        if self.page is None or self.page.is_closed():
            return []
        try:
            texts: list[str] = self.page.eval_on_selector_all(".py-error", "els => els.map(e => e.textContent)")
        except Exception:  # page navigated away or crashed: nothing more to read
            return []
        return texts

    def csp_violations(self) -> list[str]:
        """securitypolicyviolation events of the page (CSP_PROBE), in every frame it has."""
        if self.page is None or self.page.is_closed():
            return []
        out: list[str] = []
        for frame in self.page.frames:
            # a lazy iframe that has not loaded has no document: evaluating in it never returns
            if frame.is_detached() or not frame.url.startswith(self.origin):
                continue
            try:
                out += frame.evaluate("() => window.__cspViolations || []")
            except Exception:  # a frame navigating or gone
                continue
        return out

    def problems(self) -> list[str]:
        out: list[str] = []
        if self.crashed:  # nothing more can be read from the page
            return ["the page's renderer crashed (Target crashed)"]
        out += [f"Content-Security-Policy violation: {v}" for v in self.csp_violations()]
        out += [f"request left the origin {self.origin}: {u}" for u in self.foreign]
        out += [f"console error: {m}" for m in self.console_errors]
        out += [f"page error: {m}" for m in self.page_errors]
        out += [f"request failed: {m}" for m in self.failed]
        out += [f"request failed: {req.url} ({req.failure})" for req in self.aborted
                if not _frame_gone(req)]
        out += [f"Python error shown in the page:\n{t}" for t in self.py_errors()]
        return out

    def on_crash(self, _page: Any) -> None:
        """The page's renderer crashed: so is this test, and the worker's next browser test
        starts on a new Chromium."""
        self.crashed = True
        if _HOLDER is not None:
            _HOLDER.suspect = True

    def on_failed(self, req: Any) -> None:
        """A local request that failed is a fault of the page, except a load that the browser
        cancelled because the page removed the frame it was for (nobody was waiting for it).
        The frame is told removed only after its load is told failed, so a cancelled load is
        judged when the page is checked (:meth:`problems`)."""
        if not self.is_local(req.url):
            return
        failure = req.failure or ""
        if "ERR_ABORTED" in failure:
            self.aborted.append(req)
            return
        self.failed.append(f"{req.url} ({failure})")

    def cancelled(self) -> list[str]:
        """The loads cancelled because their frame was removed from the page."""
        return [req.url for req in self.aborted if _frame_gone(req)]

    def settle(self, quiet_ms: int = 500, timeout_ms: int = 120_000) -> None:
        """Wait until no request of the page (any frame) has been in flight for quiet_ms: lazy
        frames near the screen load on their own, and leaving the page would abort them."""
        quiet = waited = 0
        while quiet < quiet_ms:
            if waited > timeout_ms:
                raise AssertionError(f"requests still in flight: {[r.url for r in self.in_flight]}")
            self.page.wait_for_timeout(100)
            waited += 100
            quiet = quiet + 100 if not self.in_flight else 0

    def assert_clean(self) -> None:
        problems = self.problems()
        if problems:
            raise AssertionError("the page was not clean:\n- " + "\n- ".join(problems))


def _frame_gone(req: Any) -> bool:
    """Whether the frame ``req`` was made for has been removed from its page."""
    try:
        return bool(req.frame.is_detached())
    except Exception:  # a request with no frame (a worker's), or its page closed
        return False


#: every page and frame records its Content-Security-Policy violations (index.html and the
#: tutorial carry a strict policy, uno_web/site/csp.py); a test whose page had one fails.
#: And no page makes a memory snapshot by itself (static/interpreter.mjs): a second Pyodide in
#: a worker of every test would slow the suite; tests/web/test_snapshot_browser.py calls make().
CSP_PROBE = """
window.unoWebSnapshotAuto = false;
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__cspViolations.push(e.violatedDirective + " blocked " + (e.blockedURI || "inline") +
    " at " + e.sourceFile + ":" + e.lineNumber + " " + (e.sample || ""));
});
"""


@pytest.fixture
def guard(browser: Any, site_url: str, request: pytest.FixtureRequest) -> Iterator[PageGuard]:
    origin = site_url.rstrip("/")
    g = PageGuard(origin=origin)
    context = browser.new_context(base_url=site_url, service_workers="block")

    def route(r: Any) -> None:
        url = r.request.url
        if g.is_local(url):
            r.continue_()
        else:
            g.foreign.append(url)
            r.abort("blockedbyclient")

    context.route("**/*", route)
    context.add_init_script(CSP_PROBE)
    page = context.new_page()
    g.page = page
    page.on("request", lambda req: (g.requests.append(req.url), g.in_flight.add(req)))
    page.on("requestfinished", lambda req: g.in_flight.discard(req))
    page.on("requestfailed", lambda req: g.in_flight.discard(req))
    page.on("response", lambda resp: g.content_types.__setitem__(resp.url, resp.headers.get("content-type", "")))
    page.on("requestfailed", g.on_failed)
    page.on("pageerror", lambda exc: g.page_errors.append(str(exc)))

    def on_console(msg: Any) -> None:
        g.console.append(f"{msg.type}: {msg.text}")
        if msg.type == "error":
            g.console_errors.append(msg.text)

    page.on("console", on_console)

    page.on("crash", g.on_crash)
    request.node.stash[_GUARD_KEY] = g
    try:
        yield g
    finally:
        try:
            context.close()
        except Exception:  # the browser crashed with the page: the holder launches a new one
            if _HOLDER is not None and _HOLDER.current is context.browser:
                _HOLDER.suspect = True


@pytest.fixture
def page(guard: PageGuard) -> Any:
    return guard.page


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """After a passing test body, fail the test itself if its page was not clean."""
    result = yield
    g = item.stash.get(_GUARD_KEY, None)
    if g is not None:
        g.assert_clean()
    return result


# ---------------------------------------------------------------------------------------------
# helpers


def _wait_ready(page: Any, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Wait for ``body[data-ready="1"]``; fail fast with the traceback if PyScript shows an error."""
    page.wait_for_function(
        "() => document.body && (document.body.dataset.ready === '1' || !!document.querySelector('.py-error'))",
        timeout=timeout_ms,
        polling=100,
    )
    if page.evaluate("document.body.dataset.ready") != "1":
        errors = page.eval_on_selector_all(".py-error", "els => els.map(e => e.textContent)")
        pytest.fail("Python failed to start:\n" + "\n".join(errors), pytrace=False)


@pytest.fixture
def wait_ready() -> Any:
    """The ready helper as a fixture: ``wait_ready(page, timeout_ms=120_000)``."""
    return _wait_ready
