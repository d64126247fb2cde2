"""The fast path in Pyodide (Python 3.14, under Node.js) against CPython, in one run (a
benchmark that prints figures; issue 16 asks for at least 0.6x).

    .venv/bin/python bench/bench_pyodide.py [--reps 3] [--rounds 1500]
    .venv/bin/python bench/bench_pyodide.py --pieces [--reps 3]

``--browser`` runs the Pyodide side in headless Chromium (Debian's ``chromium``, the site's
served build) instead of Node.js: the browser is where the site runs, and its V8 is newer
than Node's.

Every interpreter plays 1,000 unmeasured rounds before the clock starts (the kernel's
``WARM_UP``): V8, in Node.js and in Chromium alike, compiles WebAssembly in tiers in the
background, and the first few hundred rounds run on the quick, slower tier (about 0.8–0.85 of
the later speed). ``--warm-up N`` changes it (0: measure from the first round, as the
Node.js runs did before 2026-11-24 22:50 UTC, when they warmed up for 50 rounds only).

``--pieces`` times what the fast path is made of (``bench/pyodide_pieces.py``: dealing, a
playout, the move lists, the library calls a deal makes, and plain Python calls, attribute
reads and comprehensions) on both and prints each piece's ratio, to tell the interpreter's
share of the gap from the engine's.

Both run the same loop (``bench/playout_kernel.py``: ``random_playout`` on ``new_game``,
official rules, wall time: Node's CPU time also counts V8's helper threads), interleaved,
in fresh processes: run it on a quiet machine; Pyodide is the vendored one of the
browser build (``static/vendor/pyodide``; build the site first). Node.js runs the same
WebAssembly engine (V8) as Chromium.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]


def _cpython(players: int, rounds: int, warm_up: int) -> float:
    code = ("import sys; sys.path.insert(0, 'bench'); from playout_kernel import measure; "
            f"print(measure({players}, {rounds}, {warm_up}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    return float(out.stdout.strip())


def _node(argv: list[str]) -> str:
    """What the kernel printed in Pyodide under Node.js (a fresh process)."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("bench_pyodide: Node.js is needed (apt install nodejs)")
    return subprocess.run([node, "bench/pyodide_playout.mjs", *argv], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout


_BROWSER_PAGE = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
</head><body><script type="module">
import { loadPyodide } from "./static/vendor/pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("./static/vendor/pyodide/", location.href).href });
const out = [];
py.setStdout({ batched: (line) => out.push(line) });
await py.loadPackage("pydantic");
py.globals.set("argv", JSON.parse(document.body.dataset.argv));
await py.runPythonAsync(`
import sys, js
# the site's modules, as the table imports them (one zip on sys.path)
data = await (await js.fetch("./static/bundle/uno_web.zip")).arrayBuffer()
with open("/home/pyodide/uno_web.zip", "wb") as f:
    f.write(js.Uint8Array.new(data).to_bytes())
sys.path.insert(0, "/home/pyodide/uno_web.zip")
name = "pyodide_pieces" if argv[0] == "pieces" else "playout_kernel"
exec(await (await js.fetch(f"./bench/{name}.py")).text())
if argv[0] == "pieces":
    pieces(float(argv[1]))
else:
    print(measure(int(argv[0]), int(argv[1]), int(argv[2])))
`);
document.body.dataset.result = out.join("\\n");
</script></body></html>"""


class _Browser:
    """A served site and one headless Chromium for the run; ``run(argv)`` opens a fresh page
    (a fresh Pyodide) and gives what the kernel printed."""

    def __enter__(self) -> "_Browser":
        from contextlib import ExitStack

        from playwright.sync_api import sync_playwright

        sys.path.insert(0, str(ROOT))
        from uno_web.site import serve

        self._stack = ExitStack()
        self.base = self._stack.enter_context(serve.serving())
        pw = self._stack.enter_context(sync_playwright())
        self.browser = serve.launch_chromium(pw, shutil.which("chromium") or "/usr/bin/chromium")
        self._stack.callback(self.browser.close)
        return self

    def __exit__(self, *exc: object) -> None:
        self._stack.close()

    def run(self, argv: list[str]) -> str:
        page = self.browser.new_page(base_url=self.base)
        try:
            html = _BROWSER_PAGE.replace("<body>", f"<body data-argv='{json.dumps(argv)}'>", 1)
            page.route(f"{self.base}__bench_pyodide__.html",
                       lambda r: r.fulfill(status=200, content_type="text/html", body=html))
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto("__bench_pyodide__.html")
            page.wait_for_selector("body[data-result]", state="attached", timeout=900_000)
            if errors:
                raise SystemExit("bench_pyodide: the page failed: " + "; ".join(errors))
            return page.get_attribute("body", "data-result") or ""
        finally:
            page.close()


def _pieces_cpython(scale: float) -> str:
    code = f"import sys; sys.path.insert(0, 'bench'); from pyodide_pieces import pieces; pieces({scale})"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout


def _parse_pieces(text: str) -> dict[str, float]:
    out = {}
    for line in text.splitlines():
        label, sep, value = line.rpartition("\t")
        if sep:
            out[label] = float(value)
    return out


def pieces(reps: int, scale: float, pyodide: "Callable[[list[str]], str]") -> None:
    """The ``--pieces`` table: medians of ``reps`` interleaved runs on each."""
    res: dict[str, dict[str, list[float]]] = {"CPython": {}, "Pyodide": {}}
    runs = [("CPython", _pieces_cpython),
            ("Pyodide", lambda scale: pyodide(["pieces", str(scale)]))]
    for rep in range(reps):
        for name, fn in (runs if rep % 2 == 0 else runs[::-1]):
            for label, us in _parse_pieces(fn(scale)).items():
                res[name].setdefault(label, []).append(us)
    print(f"{platform.machine()}, {os.cpu_count()} cores, CPython {platform.python_version()}, "
          f"{time.strftime('%Y-%m-%d %H:%M %Z')}, load {os.getloadavg()[0]:.1f}; medians of "
          f"{reps} interleaved repetitions, wall time")
    print(f"{'piece':<28} {'CPython µs':>11} {'Pyodide µs':>11}  Pyodide speed")
    for label, times in res["CPython"].items():
        cp, py = statistics.median(times), statistics.median(res["Pyodide"][label])
        print(f"{label:<28} {cp:>11.2f} {py:>11.2f}  {cp / py:.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=1500)
    ap.add_argument("--warm-up", type=int, default=None,
                    help="unmeasured rounds first (default: the kernel's WARM_UP, 1,000)")
    ap.add_argument("--browser", action="store_true",
                    help="run Pyodide in headless Chromium rather than Node.js")
    ap.add_argument("--pieces", action="store_true", help="time the fast path's pieces instead")
    ap.add_argument("--scale", type=float, default=1.0, help="--pieces: repetitions multiplier")
    args = ap.parse_args()
    if not (ROOT / "static/vendor/pyodide/pyodide.mjs").exists():
        raise SystemExit("bench_pyodide: build the site first (make play, or python -m uno_web build)")
    with contextlib.ExitStack() as stack:
        pyodide = _node
        where = "Node.js " + subprocess.run([shutil.which("node") or "node", "--version"],
                                            capture_output=True, text=True).stdout.strip()
        if args.browser:
            browser = stack.enter_context(_Browser())
            pyodide, where = browser.run, "headless Chromium " + browser.browser.version
        print(f"Pyodide in {where}")
        if args.pieces:
            pieces(args.reps, args.scale, pyodide)
            return
        sys.path.insert(0, str(ROOT / "bench"))
        from playout_kernel import WARM_UP

        warm = WARM_UP if args.warm_up is None else args.warm_up
        res: dict[str, dict[int, list[float]]] = {"CPython": {2: [], 4: []}, "Pyodide": {2: [], 4: []}}
        for rep in range(args.reps):
            for players in (2, 4):
                runs = [("CPython", _cpython),
                        ("Pyodide", lambda p, n, w: float(
                            pyodide([str(p), str(n), str(w)]).strip().splitlines()[-1]))]
                for name, fn in (runs if rep % 2 == 0 else runs[::-1]):
                    res[name][players].append(fn(players, args.rounds, warm))
    print(f"{platform.machine()}, {os.cpu_count()} cores, CPython {platform.python_version()}, "
          f"{time.strftime('%Y-%m-%d %H:%M %Z')}, load {os.getloadavg()[0]:.1f}; medians of {args.reps} "
          f"interleaved repetitions, wall time, {args.rounds} rounds after {warm} unmeasured")
    for name in res:
        cells = []
        for p in (2, 4):
            med = statistics.median(res[name][p])
            cells.append(f"{p}p {med:,.0f} rounds/s ({med / statistics.median(res['CPython'][p]):.2f}x)")
        print(f"{name:>8}  " + " | ".join(cells))


if __name__ == "__main__":
    main()
