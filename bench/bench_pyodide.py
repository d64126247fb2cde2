"""The fast path in Pyodide (Python 3.14, under Node.js) against CPython, in one run (a
benchmark that prints figures; issue 16 asks for at least 0.6x).

    .venv/bin/python bench/bench_pyodide.py [--reps 3] [--rounds 1500]

Both run the same loop (``bench/playout_kernel.py``: ``random_playout`` on ``new_game``,
official rules, wall time: Node's CPU time also counts V8's helper threads), interleaved,
in fresh processes: run it on a quiet machine; Pyodide is the vendored one of the
browser build (``static/vendor/pyodide``; build the site first). Node.js runs the same
WebAssembly engine (V8) as Chromium.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _cpython(players: int, rounds: int) -> float:
    code = ("import sys; sys.path.insert(0, 'bench'); from playout_kernel import measure; "
            f"print(measure({players}, {rounds}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    return float(out.stdout.strip())


def _pyodide(players: int, rounds: int) -> float:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("bench_pyodide: Node.js is needed (apt install nodejs)")
    out = subprocess.run([node, "bench/pyodide_playout.mjs", str(players), str(rounds)], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=1500)
    args = ap.parse_args()
    if not (ROOT / "static/vendor/pyodide/pyodide.mjs").exists():
        raise SystemExit("bench_pyodide: build the site first (make play, or python -m uno_web build)")
    res: dict[str, dict[int, list[float]]] = {"CPython": {2: [], 4: []}, "Pyodide": {2: [], 4: []}}
    for rep in range(args.reps):
        for players in (2, 4):
            runs = [("CPython", _cpython), ("Pyodide", _pyodide)]
            for name, fn in (runs if rep % 2 == 0 else runs[::-1]):
                res[name][players].append(fn(players, args.rounds))
    print(f"{platform.machine()}, {os.cpu_count()} cores, CPython {platform.python_version()}, "
          f"{time.strftime('%Y-%m-%d')}, load {os.getloadavg()[0]:.1f}; medians of {args.reps} "
          f"interleaved repetitions, wall time, {args.rounds} rounds")
    for name in res:
        cells = []
        for p in (2, 4):
            med = statistics.median(res[name][p])
            cells.append(f"{p}p {med:,.0f} rounds/s ({med / statistics.median(res['CPython'][p]):.2f}x)")
        print(f"{name:>8}  " + " | ".join(cells))


if __name__ == "__main__":
    main()
