"""Boot time of the page vs. bare Pyodide pages, cold and on a repeat visit, in headless Chromium.

Not a test: it prints figures (docs/deployment.md, "Boot time").  In ONE run, interleaved
(each round takes the series in a rotated order, so none is always first or last):

- cold runs of three pages, each in a fresh browser context (empty HTTP cache, no storage, no
  service worker): ``index.html`` (the game), ``static/bare.html`` (the same vendored PyScript +
  Pyodide with pydantic loaded and imported, no uno_web) and ``static/bare-nopkg.html`` (the
  same, no package at all);
- repeat visits of ``index.html``, each a new navigation from ``about:blank`` in a context
  that visited the site before: with the memory snapshot (static/interpreter.mjs; the first
  visit made it) and the service worker controlling the page (every file from its cache); with
  the snapshot and workers blocked (the HTTP cache is kept, and every file is revalidated: the
  server sends ``Cache-Control: no-cache``); and with the service worker but no snapshot (it is
  deleted after every visit: the boot of before the snapshot).  Every visit checks how the page
  booted (``body[data-boot]``), so a snapshot that silently failed cannot pass for one;
- embeds on a repeat visit (the context with the snapshot and the worker): a page with one
  embed and a page with five (``embed.html?embed=1&…``, the address the embed code names, or
  ``index.html?embed=1&…`` for a build without embed.html; all on screen), time until the LAST
  embed is ready, from the host page's navigation; and, for a build with embed.html, five
  embeds at the old address ``index.html?embed=1&…`` (which its worker answers with embed.html).

Every page is served from one snapshot: the site as deployed (``python -m uno_web.site.assemble``
into a temporary ``www/uno/``, the sub-path of a GitHub Pages project site), with the two
baseline pages copied into its ``static/`` (and the vendored ``python_stdlib.zip`` they load:
the page itself loads the build's copy with bytecode, ``static/bundle/python_stdlib.zip``), by ``python -m uno_web serve``'s server (which
rebuilds nothing for a tree that is not the checkout: an edit made meanwhile cannot land in the
middle of the figures).

Every figure is the page's own ``performance.now()`` when Python set ``body[data-ready="1"]``
(``data-ready-ms``; 0 = the navigation's start); ``--detail`` adds the wall clock seen from
here and where the time goes (Pyodide loaded, own code, …).  The verdict lines compare the
medians with the targets (a verdict needs at least 5 runs; the issue asks for 7):

- first visit: ``index.html`` cold at most 0.70x the bare Pyodide page with no package (the
  ratio against the bare + pydantic page is printed beside it);
- repeat visit (snapshot, service worker): at most 500 ms, and at most 0.2x the bare page
  with no package, cold, in the same run;
- five embeds on a repeat visit: all ready within 1.2x one embed.

With ``--baseline REF`` (a git commit, e.g. ``main``), the same run also serves the site as
REF had it (its static files, its worker and its modules' zip, over this build's vendored files)
and measures it in the same rounds, interleaved: its repeat visit and its embeds, marked
``[REF]``; a change is judged against that, not against a figure of another hour.

    .venv/bin/python bench/bench_boot.py --runs 7     # the issue's figures
    .venv/bin/python bench/bench_boot.py --runs 9 --detail
    .venv/bin/python bench/bench_boot.py --runs 7 --baseline main
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from uno_web.site import assemble, serve, vendor  # noqa: E402

OURS, BARE, NOPKG = "index.html", "static/bare.html", "static/bare-nopkg.html"
VENDORED_STDLIB = "static/vendor/pyodide/python_stdlib.zip"
COLD = {"cold index.html": OURS, "cold bare.html (pydantic)": BARE, "cold bare-nopkg.html": NOPKG}
REPEAT_SW = "repeat, snapshot + worker"
REPEAT_HTTP = "repeat, snapshot, HTTP cache"
REPEAT_PLAIN = "repeat, worker, no snapshot"
REPEAT_FLOOR = "repeat, no table (floor)"
EMBED1, EMBED5 = "repeat, 1 embed", "repeat, 5 embeds (last)"
EMBED5_OLD = "repeat, 5 embeds, index.html"  # the old address, on a build with embed.html
EMBED_DOC = "embed.html"  # the embed document (uno_web/site/prerender.py), where the build has it
#: the targets: first visit at most FIRST_VISIT x the bare page with no package, cold; a repeat
#: visit at most REPEAT_MS and REPEAT_VS_BARE x that page; five embeds at most EMBEDS x one
FIRST_VISIT, REPEAT_MS, REPEAT_VS_BARE, EMBEDS = 0.70, 500.0, 0.2, 1.2
MIN_RUNS_FOR_VERDICT = 5
#: the lessons shown by the embed pages (written into the served site as __embeds<N>.html)
EMBED_QUERY = "embed=1&bots=still&hands=R3+G7+B5%2CY1+Y2+Y3&names=You%2CBot&top=R9"
#: the last embed's ready time, from the host page's navigation (ms), or null while one is not ready
EMBEDS_READY = """() => {
  const frames = [...document.querySelectorAll('iframe')];
  if (!frames.length || document.readyState === 'loading') return null;  // not parsed yet
  const at = frames.map(f => {
    const b = f.contentDocument && f.contentDocument.body;
    if (!b || b.dataset.ready !== '1') return null;
    return f.contentWindow.performance.timeOrigin + Number(b.dataset.readyMs) - performance.timeOrigin;
  });
  return at.some(x => x === null) ? null : Math.max(...at);
}"""
#: the floor of a repeat visit, written into the served site: the page's own start (static/early.js:
#: PyScript, and Pyodide from the memory snapshot through static/interpreter.mjs, with the
#: WebAssembly from the worker's cache) and a Python that only says it is ready: no table, no
#: style sheets, no start screen.  What a repeat visit takes beyond it is the table's own.
FLOOR_PAGE = "__floor.html"
FLOOR_HTML = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title>
<link rel="icon" href="data:,"><script src="./static/early.js"></script></head><body>
<script type="py" config='{"name": "floor", "interpreter": "./static/interpreter.mjs", "packages_cache": "passthrough"}'>
import js
js.document.body.dataset.readyMs = str(round(js.performance.now()))
js.document.body.dataset.ready = "1"
</script></body></html>"""
MAKE_SNAPSHOT = "async () => await window.unoWebSnapshot.make()"
DROP_SNAPSHOT = "async () => { await window.unoWebSnapshot.drop(); return true; }"
SITE_DIR = "uno"  # the assembled site's sub-path, as on GitHub Pages (USER.github.io/REPO/)
BASE_DIR = "base"  # --baseline: the site as another commit had it
READY = 'body[data-ready="1"]'
MARKS = ("window.__marks = [];"
         "addEventListener('py:progress', e => window.__marks.push([String(e.detail), performance.now()]));")
USER_MARKS = ("performance.getEntriesByType('mark').filter(m => /^(uno|pyo):/.test(m.name))"
              ".map(m => [m.name.replace('uno:', ''), m.startTime])")
CONTROLLED = "async () => { await navigator.serviceWorker.ready; return !!navigator.serviceWorker.controller; }"


@dataclass
class Run:
    page_ms: float
    wall_ms: float
    detail: dict[str, float] = field(default_factory=dict)


def _read(page: Any, timeout_ms: int, t0: float, detail: bool) -> Run:
    page.wait_for_selector(READY, state="attached", timeout=timeout_ms)
    wall = (time.perf_counter() - t0) * 1000
    run = Run(float(page.get_attribute("body", "data-ready-ms") or "nan"), wall)
    if detail:
        marks = dict(page.evaluate("window.__marks || []"))
        nan = float("nan")
        run.detail = {"pyodide started": marks.get("Loading Pyodide", nan),
                      "pyodide loaded": marks.get("Loaded Pyodide", nan),
                      "own code": run.page_ms - marks.get("Loaded Pyodide", nan),
                      "interpreter": marks.get("Loaded interpreter", nan) - marks.get("Loading interpreter", nan)}
        # the page's own marks (static/interpreter.mjs, uno_web/web/boot.py): "@name" = its time
        for name, at in page.evaluate(USER_MARKS):
            run.detail["@" + name] = at
        boot = page.get_attribute("body", "data-boot-ms")
        if boot:  # the table: bundle=…;import=…;start=…
            run.detail.update({f"py {k}": float(v) for k, v in (kv.split("=") for kv in boot.split(";"))})
        if page.get_attribute("body", "data-pydantic-at-ready") is not None:
            run.detail["pydantic at ready"] = float(page.get_attribute("body", "data-pydantic-at-ready") == "1")
    return run


def _guard(context: Any, origin: str) -> list[str]:
    """Record (passively: a route would disable the HTTP cache) requests that leave the origin."""
    foreign: list[str] = []
    context.on("request", lambda r: None if r.url.startswith((origin, "data:", "blob:", "about:"))
               else foreign.append(r.url))
    return foreign


def cold(browser: Any, base: str, path: str, timeout_ms: int, detail: bool) -> Run:
    """A first visit: fresh context, empty HTTP cache, no storage, workers blocked."""
    context = browser.new_context(base_url=base, service_workers="block")
    foreign = _guard(context, base.rstrip("/"))
    try:
        page = context.new_page()
        if detail:
            page.add_init_script(MARKS)
        t0 = time.perf_counter()
        page.goto(path, wait_until="commit")
        run = _read(page, timeout_ms, t0, detail)
    finally:
        context.close()
    if foreign:
        raise SystemExit(f"{path} made requests off the origin: {foreign}")
    return run


class Repeat:
    """A browser profile that has visited the site once (with its worker controlling the page,
    or with workers blocked; with the memory snapshot made, or none); each :meth:`visit` is a
    new navigation from about:blank."""

    def __init__(self, browser: Any, base: str, url: str, with_sw: bool, timeout_ms: int, detail: bool,
                 snapshot: bool = True) -> None:
        self.url, self.with_sw, self.timeout_ms, self.detail = url, with_sw, timeout_ms, detail
        self.snapshot = snapshot
        self.context = browser.new_context(base_url=base, service_workers="allow" if with_sw else "block",
                                           viewport={"width": 1200, "height": 1400})
        self.foreign = _guard(self.context, base.rstrip("/"))
        self.page = self.context.new_page()
        if detail:
            self.page.add_init_script(MARKS)
        self.page.goto(url)
        self.page.wait_for_selector(READY, state="attached", timeout=timeout_ms)
        if with_sw:
            for _ in range(3):  # the worker installs (fills its cache) once the page is ready
                if self.page.evaluate(CONTROLLED):
                    break
                self.page.reload()
                self.page.wait_for_selector(READY, state="attached", timeout=timeout_ms)
            else:
                raise SystemExit("the service worker never controlled the page")
        if snapshot and not self.page.evaluate(MAKE_SNAPSHOT):
            raise SystemExit("the memory snapshot was not made: " + str(self.page.get_attribute("body", "data-snapshot-error")))
        if not snapshot:
            self.page.evaluate(DROP_SNAPSHOT)
        self.page.goto("about:blank")

    def visit(self, url: str = "") -> Run:
        """A visit of the page (or of ``url``, a page of the same site that boots the same way)."""
        t0 = time.perf_counter()
        self.page.goto(url or self.url, wait_until="commit")
        run = _read(self.page, self.timeout_ms, t0, self.detail)
        controlled = self.page.evaluate("!!navigator.serviceWorker && !!navigator.serviceWorker.controller")
        if controlled != self.with_sw:
            raise SystemExit(f"repeat visit: expected the worker {'in' if self.with_sw else 'out of'} control")
        booted = self.page.get_attribute("body", "data-boot")
        if booted != ("snapshot" if self.snapshot else "plain"):
            raise SystemExit(f"repeat visit booted {booted!r} (snapshot: "
                             f"{self.page.get_attribute('body', 'data-snapshot')}, "
                             f"{self.page.get_attribute('body', 'data-snapshot-error')})")
        if not self.snapshot:  # before the plain boot makes one (it waits for an idle moment)
            self.page.evaluate(DROP_SNAPSHOT)
        self.page.goto("about:blank")  # let the page and its Python go until the next visit
        if self.foreign:
            raise SystemExit(f"requests off the origin: {self.foreign}")
        return run

    def embeds(self, n: int, page: str = "") -> Run:
        """The page with ``n`` embeds (every one on screen): the last one's ready time."""
        t0 = time.perf_counter()
        self.page.goto(page or f"__embeds{n}.html", wait_until="commit")
        try:
            self.page.wait_for_function(EMBEDS_READY, timeout=self.timeout_ms, polling=50)
        except Exception:
            states = [f.evaluate("JSON.stringify(document.body ? document.body.dataset : null)")
                      for f in self.page.frames if f != self.page.main_frame]
            urls = [f.url for f in self.page.frames if f != self.page.main_frame]
            raise SystemExit(f"{n} embeds: not all ready after {self.timeout_ms} ms: {states} ({urls})") from None
        run = Run(float(self.page.evaluate(EMBEDS_READY)), (time.perf_counter() - t0) * 1000)
        booted = {f.evaluate("document.body.dataset.boot || 'shared'") for f in self.page.frames
                  if f != self.page.main_frame}
        if booted != ({"snapshot"} if n == 1 else {"snapshot", "shared"}):
            raise SystemExit(f"embeds booted {booted}")
        self.page.goto("about:blank")
        return run

    def close(self) -> None:
        self.context.close()


def embeds_page(n: int, doc: str = OURS) -> str:
    frames = "".join(f'<iframe src="{doc}?{EMBED_QUERY}&amp;goal=Embed+{i}" title="embed {i}" '
                     f'width="560" height="420"></iframe>' for i in range(n))
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{n} embeds</title></head>"
            f"<body style='margin:0'>{frames}</body></html>")


def baseline_site(ref: str, current: Path, out: Path, tmp: Path) -> str:
    """The assembled site ``current`` as commit ``ref`` had it, written to ``out``: REF's files
    of the site (index.html, static/, the worker) over a copy of ``current``, REF's modules'
    zip (compiled from REF's uno_web), and a precache list for that; the short commit."""
    from uno_web.site import bundle, precache

    def git(*args: str) -> bytes:
        return subprocess.run(["git", *args], cwd=REPO_ROOT, capture_output=True, check=True).stdout

    short = git("rev-parse", "--short", ref).decode().strip()
    tree = tmp / f"baseline-{short}"
    tree.mkdir()
    has_embed_doc = bool(git("ls-tree", "--name-only", ref, EMBED_DOC).strip())
    paths = ["uno_web", "index.html", "static", *([EMBED_DOC] if has_embed_doc else [])]
    with subprocess.Popen(["git", "archive", ref, *paths], cwd=REPO_ROOT,
                          stdout=subprocess.PIPE) as archive:
        subprocess.run(["tar", "-x", "-C", str(tree)], stdin=archive.stdout, check=True)
    shutil.copytree(current, out)
    (out / precache.OUT_NAME).unlink()
    for path in tree.rglob("*"):
        rel = path.relative_to(tree).as_posix()
        target = out / ("sw.js" if rel == precache.SW_SOURCE else rel)
        if path.is_file() and target.is_file():
            shutil.copyfile(path, target)
    if not has_embed_doc:  # REF's embeds load index.html
        (out / EMBED_DOC).unlink(missing_ok=True)
        for n in (1, 5):
            (out / f"__embeds{n}.html").write_text(embeds_page(n), encoding="utf-8")
    bundle.build(out / "static" / "bundle" / "uno_web.zip", root=tree)
    (out / precache.OUT_NAME).write_text(precache.render(out), encoding="utf-8")
    return short


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} cores ({model}), {platform.system()} {platform.release()}"


def commit() -> str:
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=REPO_ROOT, capture_output=True, text=True).stdout.strip()

    head = git("rev-parse", "--short", "HEAD") or "unknown"
    dirty = git("status", "--porcelain", "--untracked-files=no")
    return head + (" + uncommitted changes" if dirty else "")


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def stats(xs: list[float]) -> tuple[float, float, float]:
    return statistics.median(xs), min(xs), max(xs)


def report(results: dict[str, list[Run]], runs: int, detail: bool) -> None:
    print(f"{'series':<28}{'median':>8}{'min':>8}{'max':>8}   runs (ms: body[data-ready-ms])")
    for name, rs in results.items():
        med, lo, hi = stats([r.page_ms for r in rs])
        print(f"{name:<28}{med:>8.0f}{lo:>8.0f}{hi:>8.0f}   {', '.join(f'{r.page_ms:.0f}' for r in rs)}")
    if detail:
        print("wall clock from this script (median ms):  " + ", ".join(
            f"{name} {statistics.median(r.wall_ms for r in rs):.0f}" for name, rs in results.items()))
        print("where the time goes (medians, ms):")
        nan = float("nan")
        for name, rs in results.items():
            keys = list(dict.fromkeys(k for r in rs for k, v in r.detail.items() if v == v))  # not NaN
            parts = [f"{k} {statistics.median(r.detail[k] for r in rs if r.detail.get(k, nan) == r.detail.get(k, nan)):.0f}"
                     for k in keys]
            print(f"  {name:<26}" + ", ".join(parts))
    def med(name: str) -> float:
        return statistics.median(r.page_ms for r in results[name])

    def verdict(ok: bool) -> str:
        if runs < MIN_RUNS_FOR_VERDICT:
            return f"no verdict: fewer than {MIN_RUNS_FOR_VERDICT} runs"
        return "MET" if ok else "NOT MET"

    names = {path: name for name, path in COLD.items()}
    ours, bare, nopkg = med(names[OURS]), med(names[BARE]), med(names[NOPKG])
    repeat, plain = med(REPEAT_SW), med(REPEAT_PLAIN)
    one, five = med(EMBED1), med(EMBED5)
    print("targets (medians):")
    print(f"  first visit: index.html / bare-nopkg.html, cold: {ours:.0f} / {nopkg:.0f} ms = {ours / nopkg:.2f}x "
          f"(target <= {FIRST_VISIT}x): {verdict(ours <= FIRST_VISIT * nopkg)}; "
          f"vs bare.html (pydantic) {ours / bare:.2f}x")
    print(f"  repeat visit (snapshot + worker): {repeat:.0f} ms (target <= {REPEAT_MS:.0f} ms): "
          f"{verdict(repeat <= REPEAT_MS)}; {repeat / nopkg:.2f}x bare-nopkg.html cold "
          f"(target <= {REPEAT_VS_BARE}x): {verdict(repeat <= REPEAT_VS_BARE * nopkg)}")
    floor = med(REPEAT_FLOOR)
    print(f"  the floor of a repeat visit (PyScript and Pyodide from the snapshot, no table): {floor:.0f} ms = "
          f"{floor / nopkg:.2f}x bare-nopkg.html cold; the table's own share of a repeat visit {repeat - floor:.0f} ms")
    print(f"  five embeds on a repeat visit: {five:.0f} ms vs one {one:.0f} ms = {five / one:.2f}x "
          f"(target <= {EMBEDS}x): {verdict(five <= EMBEDS * one)}")
    if results.get(EMBED5_OLD):
        old_five = med(EMBED5_OLD)
        print(f"  five embeds at the old address (index.html?embed=1): {old_five:.0f} ms = {old_five / one:.2f}x one embed")
    olds = [name for name in results if name.endswith("]")]
    if olds:
        ref = olds[0].rsplit("[", 1)[1].rstrip("]")
        o_repeat, o_one, o_five = (statistics.median(r.page_ms for r in results[name]) for name in olds)
        print(f"against {ref} in the same rounds: repeat visit {repeat:.0f} vs {o_repeat:.0f} ms "
              f"({repeat / o_repeat:.2f}x); one embed {one:.0f} vs {o_one:.0f} ms; five embeds {five:.0f} vs "
              f"{o_five:.0f} ms ({five / one:.2f}x one embed vs {o_five / o_one:.2f}x)")
    print(f"repeat visit: {repeat:.0f} ms from the snapshot, {plain:.0f} ms without it "
          f"({repeat / plain:.2f}x), {med(REPEAT_HTTP):.0f} ms from the snapshot without the worker; "
          f"first visit {ours:.0f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="rounds: cold runs of each page and repeat "
                        f"visits of each kind (medians reported; a verdict needs >= {MIN_RUNS_FOR_VERDICT})")
    parser.add_argument("--chromium", default=serve.CHROMIUM, help="browser executable")
    parser.add_argument("--timeout", type=float, default=180, help="seconds to wait for ready")
    parser.add_argument("--detail", action="store_true", help="also print the wall clock and where the time goes")
    parser.add_argument("--baseline", metavar="REF", help="also measure the site as git commit REF had it, "
                        "in the same rounds (its repeat visit and embeds)")
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
    timeout_ms = int(args.timeout * 1000)
    started = dt.datetime.now(dt.timezone.utc)
    load_before = load()

    with tempfile.TemporaryDirectory(prefix="uno-bench-") as tmp:
        site = assemble.assemble(Path(tmp) / SITE_DIR)
        measured = commit()
        # the baselines load the vendored Pyodide as the npm package has it, standard library
        # included (sources only); the page loads the build's copy (uno_web/site/stdlib.py)
        for path in (BARE, NOPKG, VENDORED_STDLIB):
            shutil.copyfile(REPO_ROOT / path, site.out / path)
        embed_doc = EMBED_DOC if (site.out / EMBED_DOC).is_file() else OURS
        for n in (1, 5):
            (site.out / f"__embeds{n}.html").write_text(embeds_page(n, embed_doc), encoding="utf-8")
        (site.out / FLOOR_PAGE).write_text(FLOOR_HTML, encoding="utf-8")
        old_address = embed_doc != OURS
        if old_address:
            (site.out / "__embeds5-old.html").write_text(embeds_page(5, OURS), encoding="utf-8")
        old_names: list[str] = []
        if args.baseline:
            short = baseline_site(args.baseline, site.out, Path(tmp) / BASE_DIR, Path(tmp))
            old_names = [f"{name} [{short}]" for name in (REPEAT_SW, EMBED1, EMBED5)]
        server, origin = serve.start_in_thread("127.0.0.1", 0, Path(tmp), quiet=True)
        base = f"{origin}{SITE_DIR}/"
        results: dict[str, list[Run]] = {name: [] for name in (
            *COLD, REPEAT_SW, REPEAT_FLOOR, REPEAT_HTTP, REPEAT_PLAIN, EMBED1, EMBED5,
            *([EMBED5_OLD] if old_address else []), *old_names)}
        try:
            with sync_playwright() as pw:
                browser = serve.launch_chromium(pw, args.chromium)
                version = browser.version
                repeats: list[Repeat] = []
                try:
                    # warm-up, not counted: Chromium's first start, the OS file cache
                    for path in (BARE, OURS):
                        cold(browser, base, path, timeout_ms, False)
                    repeats = [Repeat(browser, base, "./", True, timeout_ms, args.detail),
                               Repeat(browser, base, "./", False, timeout_ms, args.detail),
                               Repeat(browser, base, "./", True, timeout_ms, args.detail, snapshot=False)]
                    series: list[tuple[str, Callable[[], Run]]] = [
                        *((name, (lambda p=path: cold(browser, base, p, timeout_ms, args.detail)))
                          for name, path in COLD.items()),
                        (REPEAT_SW, repeats[0].visit),
                        (REPEAT_FLOOR, lambda: repeats[0].visit(FLOOR_PAGE)),
                        (REPEAT_HTTP, repeats[1].visit),
                        (REPEAT_PLAIN, repeats[2].visit),
                        (EMBED1, lambda: repeats[0].embeds(1)),
                        (EMBED5, lambda: repeats[0].embeds(5)),
                    ]
                    if old_address:
                        series.append((EMBED5_OLD, lambda: repeats[0].embeds(5, "__embeds5-old.html")))
                    if old_names:
                        old = Repeat(browser, f"{origin}{BASE_DIR}/", "./", True, timeout_ms, args.detail)
                        repeats.append(old)
                        series += [(old_names[0], old.visit), (old_names[1], lambda: old.embeds(1)),
                                   (old_names[2], lambda: old.embeds(5))]
                    for i in range(args.runs):
                        k = i % len(series)
                        for name, measure in series[k:] + series[:k]:
                            results[name].append(measure())
                        print(f"round {i + 1}/{args.runs} done (load {load()})", file=sys.stderr, flush=True)
                finally:
                    for r in repeats:
                        r.close()
                    browser.close()
        finally:
            server.shutdown()
            server.server_close()

    print(f"boot to ready: {args.runs} interleaved rounds; {started:%Y-%m-%d %H:%M} UTC; commit {measured}")
    print(f"machine: {machine()}; headless Chromium {version}; files from 127.0.0.1 "
          f"(Cache-Control: no-cache); load average (1, 5, 15 min) {load_before} before, {load()} after")
    print(f"served: {site.summary()}, with static/bare*.html added, at {base}")
    report(results, args.runs, args.detail)
    return 0


if __name__ == "__main__":
    sys.exit(main())
