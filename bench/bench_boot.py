"""Boot time of the page vs. a bare Pyodide + pydantic page, in headless Chromium on this machine.

Not a test: it prints figures.  For each page it opens a fresh browser context (empty HTTP
cache, no IndexedDB) and measures from navigation to ``body[data-ready="1"]``:

- ``page ms``: the page's own ``performance.now()`` when Python set the marker (``data-ready-ms``;
  0 = navigation start);
- ``wall ms``: wall clock around ``page.goto`` + the wait, as seen from this script;
- ``pyodide ms``: when PyScript reported "Loaded Pyodide" (interpreter + packages + [files] up);
- ``own code ms``: page ms - pyodide ms, the page's own Python until the marker.

With ``--detail`` it also prints, per page: when PyScript started loading Pyodide (``start``,
after its config is read), the ``[files]`` step (``files``: fetching and unpacking
static/bundle/uno_web.zip), and from the table's ``data-boot-ms`` the import of the controller
and its modules (``import``) and building the first screen (``start()``), plus ``warm``: the
modules the first screen did not need, imported right after ready (``data-warm-ms``).

``static/bare.html`` loads the same vendored PyScript, Pyodide and pydantic with the same config
and sets the same marker, but no uno_web; the difference is our overhead.

    .venv/bin/python bench/bench_boot.py            # one cold run of each page
    .venv/bin/python bench/bench_boot.py --runs 5   # medians of 5 runs, alternating pages
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from uno_web.site import serve, vendor  # noqa: E402

PAGES = {"uno_web (index.html)": "index.html", "bare (static/bare.html)": "static/bare.html"}


def measure(browser, base: str, path: str, timeout_ms: int) -> tuple[float, float, float, dict[str, float]]:  # type: ignore[no-untyped-def]
    context = browser.new_context(base_url=base)
    foreign: list[str] = []

    def route(r):  # type: ignore[no-untyped-def]
        if r.request.url.startswith(base) or r.request.url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            foreign.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.add_init_script(
        "window.__marks = [];"
        "addEventListener('py:progress', e => window.__marks.push([String(e.detail), performance.now()]));"
    )
    try:
        t0 = time.perf_counter()
        page.goto(path, wait_until="commit")
        page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=timeout_ms)
        wall = (time.perf_counter() - t0) * 1000
        page_ms = float(page.get_attribute("body", "data-ready-ms") or "nan")
        marks = dict(page.evaluate("window.__marks"))
        detail = {"start": marks.get("Loading Pyodide", float("nan")),
                  "files": marks.get("Loaded files", float("nan")) - marks.get("Loading files", float("nan"))}
        boot = page.get_attribute("body", "data-boot-ms")
        if boot:  # the table (index.html): import=…;start=…, then the warm-up after ready
            detail.update({f"py {k}": float(v) for k, v in (kv.split("=") for kv in boot.split(";"))})
            page.wait_for_selector('body[data-warm="1"]', state="attached", timeout=timeout_ms)
            detail["warm"] = float(page.get_attribute("body", "data-warm-ms") or "nan")
    finally:
        context.close()
    if foreign:
        raise SystemExit(f"{path} made requests off the origin: {foreign}")
    return page_ms, wall, float(marks.get("Loaded Pyodide", float("nan"))), detail


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs per page (medians reported)")
    parser.add_argument("--chromium", default="/usr/bin/chromium", help="browser executable")
    parser.add_argument("--timeout", type=float, default=180, help="seconds to wait for ready")
    parser.add_argument("--detail", action="store_true", help="also print where the time goes (medians)")
    args = parser.parse_args(argv)

    if vendor.main([]) != 0:
        return 1
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("error: pip install playwright (the [dev] extra)", file=sys.stderr)
        return 1
    if not Path(args.chromium).is_file():
        print(f"error: no browser at {args.chromium} (apt-get install -y chromium)", file=sys.stderr)
        return 1

    server, base = serve.start_in_thread("127.0.0.1", 0, REPO_ROOT, quiet=True)
    results: dict[str, list[tuple[float, float, float, dict[str, float]]]] = {name: [] for name in PAGES}
    try:
        with sync_playwright() as pw:
            browser = serve.launch_chromium(pw, args.chromium)
            try:
                # warm-up: first Chromium start and OS file cache, not counted
                measure(browser, base, "static/bare.html", int(args.timeout * 1000))
                for i in range(args.runs):
                    order = list(PAGES.items()) if i % 2 == 0 else list(reversed(PAGES.items()))
                    for name, path in order:
                        results[name].append(measure(browser, base, path, int(args.timeout * 1000)))
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()

    print(f"boot to ready, headless Chromium, {args.runs} cold run(s) per page (median), server {base}")
    print(f"{'page':<26}{'page ms':>10}{'wall ms':>10}{'pyodide ms':>12}{'own code ms':>13}")
    med: dict[str, tuple[float, float]] = {}
    for name, runs in results.items():
        med[name] = (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs))
        interp = statistics.median(r[2] for r in runs)
        own = statistics.median(r[0] - r[2] for r in runs)
        print(f"{name:<26}{med[name][0]:>10.0f}{med[name][1]:>10.0f}{interp:>12.0f}{own:>13.0f}")
    (ours_p, ours_w), (bare_p, bare_w) = med["uno_web (index.html)"], med["bare (static/bare.html)"]
    print(f"{'overhead':<26}{ours_p - bare_p:>+10.0f}{ours_w - bare_w:>+10.0f}")
    print(f"{'overhead %':<26}{100 * (ours_p / bare_p - 1):>+9.1f}%{100 * (ours_w / bare_w - 1):>+9.1f}%")
    if args.detail:
        print("detail (medians, ms):")
        for name, runs in results.items():
            keys = sorted({k for r in runs for k in r[3]}, key=lambda k: list(runs[0][3]).index(k) if k in runs[0][3] else 99)
            parts = [f"{k} {statistics.median(r[3][k] for r in runs if k in r[3]):.0f}" for k in keys]
            print(f"  {name:<24}" + ", ".join(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
