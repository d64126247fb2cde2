"""Peak memory of ``python -m uno_web validate --workers N`` over a folder of large logs:
``python bench/bench_validate_memory.py``.

The folder holds ``--logs`` copies of the largest legal game (``record --players 4 --rules
'{"target_score": 1000000}' --seed 5 --max-actions 49450``), padded with JSON whitespace to
``--mb`` MB each, as the outside audit did (40 logs of 15.9 MB). Each run starts the real CLI in
a subprocess and samples, every 50 ms, the memory of the command and all its worker processes
together (their ``Pss`` from ``/proc``, Linux only); the figure is the highest sum seen.

``--root DIR`` runs the CLI of another checkout (e.g. an export of an older commit, for a
before/after on the same machine): ``git archive 86d6763 | tar -x -C /tmp/old``.

Options: ``--workers 1,8,16``, ``--logs 40``, ``--mb 15.9``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MB = 1024 * 1024


def _tree_rss(pid: int) -> int:
    """Memory of ``pid`` and every process below it: the sum of their proportional set sizes
    (``Pss``: a page shared by k processes, as the pages a forked worker shares with the
    command, counts 1/k in each), so that shared pages are not counted once per worker."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        todo += children.get(p, [])
        try:
            with open(f"/proc/{p}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Pss:"):
                        total += int(line.split()[1]) * 1024
                        break
        except OSError:
            pass
    return total


def _make_logs(folder: Path, count: int, mb: float) -> int:
    big = folder / "big.json"
    subprocess.run([sys.executable, "-m", "uno_web", "record", "--players", "4", "--rules",
                    '{"target_score": 1000000}', "--seed", "5", "--max-actions", "49450",
                    "-o", str(big)], cwd=ROOT, check=True, capture_output=True)
    text = json.dumps(json.loads(big.read_text()), indent=1)
    want = int(mb * MB)
    if len(text) < want:  # pad with whitespace inside the object: the same log, larger
        text = text[:-1] + " " * (want - len(text)) + "}"
    big.unlink()
    logs = folder / "logs"
    logs.mkdir()
    for i in range(count):
        (logs / f"log{i:03d}.json").write_text(text)
    return len(text)


def _run(root: Path, logs: Path, workers: int) -> tuple[int, float, str]:
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "uno_web", "validate", "--workers", str(workers),
                             str(logs)], cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(root)})
    peak = 0
    while proc.poll() is None:
        peak = max(peak, _tree_rss(proc.pid))
        time.sleep(0.05)
    out, err = proc.communicate()
    lines = out.decode().splitlines()
    summary = json.loads(lines[-1])["summary"] if lines else {}
    said = f"{summary.get('valid', 0)} valid" if summary else err.decode().strip()[:80]
    return peak, time.perf_counter() - t0, said


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--workers", default="1,8,16")
    p.add_argument("--logs", type=int, default=40)
    p.add_argument("--mb", type=float, default=15.9)
    p.add_argument("--root", default=str(ROOT), help="the checkout whose CLI runs")
    args = p.parse_args()
    root = Path(args.root).resolve()
    with tempfile.TemporaryDirectory() as tmp:
        size = _make_logs(Path(tmp), args.logs, args.mb)
        print(f"{args.logs} logs of {size / MB:.1f} MB; CLI of {root}; {os.cpu_count()} CPUs")
        print(f"{'workers':>7} {'peak MB':>8} {'seconds':>8}  result")
        for workers in (int(w) for w in args.workers.split(",")):
            peak, seconds, said = _run(root, Path(tmp) / "logs", workers)
            print(f"{workers:>7} {peak / MB:>8.0f} {seconds:>8.1f}  {said}", flush=True)


if __name__ == "__main__":
    main()
