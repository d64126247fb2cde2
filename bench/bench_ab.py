"""The fast path of two revisions side by side, in one run (a benchmark that prints figures).

    .venv/bin/python bench/bench_ab.py 07d8383^            # that revision against the work tree
    .venv/bin/python bench/bench_ab.py 07d8383^ HEAD --reps 5

Each revision is checked out in a temporary ``git worktree``; every repetition runs each
revision once, in a fresh interpreter, in alternating order, and measures the CPU time of
``simulate.random_playout`` on ``new_game`` (official rules, the same seeds, so both play the
same games when the rules did not change: the moves per round say so). CPU time rather than
wall time, so that other jobs on the machine disturb the figures less. The table gives medians
and the ratio to the first revision.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CODE = r"""
import random, sys, time
from uno_web.core import RuleSet, new_game
from uno_web.core.simulate import random_playout
players, rounds = int(sys.argv[1]), int(sys.argv[2])
rules = RuleSet()
rng = random.Random(1)
moves = 0
t = time.process_time()
for n in range(rounds):
    moves += random_playout(new_game(rules, players, n), rng)
dt = time.process_time() - t
print(rounds / dt, moves / rounds)
"""

# the safe API: legal_moves + apply (a checked copy, events, a verdict), bench_core's policy
SAFE = r"""
import random, sys, time
sys.path.insert(0, "bench")
from bench_core import ROUND, safe_move
from uno_web.core import Phase, apply, new_game
players, rounds = int(sys.argv[1]), int(sys.argv[2]) // 10
moves = 0
t = time.process_time()
for seed in range(rounds):
    s = new_game(ROUND, players, seed)
    rng = random.Random(seed)
    while s.phase < Phase.ROUND_OVER:
        s = apply(s, safe_move(s, rng)).state
        moves += 1
dt = time.process_time() - t
print(rounds / dt, moves / rounds)
"""

# validation: validate_log of recorded whole games (made before the clock starts)
VALIDATE = r"""
import sys, time
sys.path.insert(0, "bench")
from bench_core import recorded_logs
from uno_web.core.gamelog import validate_log
players, rounds = int(sys.argv[1]), int(sys.argv[2])
logs = recorded_logs(players, 6)
actions = 0
t = time.process_time()
for i in range(max(1, rounds // 100)):
    for log in logs:
        report = validate_log(log)
        assert report.valid
        actions += report.actions_checked
dt = time.process_time() - t
print(actions / dt, actions / len(logs) / max(1, rounds // 100))
"""

CODES = {"fast": CODE, "safe": SAFE, "validate": VALIDATE}


def _measure(tree: Path, players: int, rounds: int, code: str = CODE) -> tuple[float, float]:
    out = subprocess.run([sys.executable, "-c", code, str(players), str(rounds)], cwd=tree,
                         capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(tree)})
    speed, per_round = out.stdout.split()
    return float(speed), float(per_round)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("base", help="the revision to compare with (a commit, tag or branch)")
    ap.add_argument("other", nargs="?", default=None, help="another revision (default: the work tree)")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=1500)
    ap.add_argument("--what", choices=sorted(CODES), default="fast",
                    help="fast: random_playout rounds/s; safe: legal_moves + apply rounds/s "
                         "(a tenth of --rounds); validate: validate_log actions/s")
    ap.add_argument("--archive", action="store_true",
                    help="take each revision with git archive instead of a git worktree (leaves "
                         "the repository's list of worktrees alone)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        trees: dict[str, Path] = {}
        for rev in (args.base, args.other):
            if rev is None:
                trees["work tree"] = ROOT
                continue
            path = Path(tmp) / f"rev{len(trees)}"
            if args.archive:
                path.mkdir()
                tar = subprocess.run(["git", "archive", rev], cwd=ROOT, check=True,
                                     capture_output=True).stdout
                subprocess.run(["tar", "-x", "-C", str(path)], input=tar, check=True)
            else:
                subprocess.run(["git", "worktree", "add", "-q", "--detach", str(path), rev],
                               cwd=ROOT, check=True)
            trees[rev] = path
        try:
            res: dict[str, dict[int, list[float]]] = {k: {2: [], 4: []} for k in trees}
            per_round: dict[str, dict[int, float]] = {k: {} for k in trees}
            for rep in range(args.reps):
                order = list(trees) if rep % 2 == 0 else list(trees)[::-1]
                for players in (2, 4):
                    for k in order:
                        speed, mpr = _measure(trees[k], players, args.rounds, CODES[args.what])
                        res[k][players].append(speed)
                        per_round[k][players] = mpr
        finally:
            for k, path in trees.items():
                if path != ROOT and not args.archive:
                    subprocess.run(["git", "worktree", "remove", "--force", str(path)], cwd=ROOT)
    print(f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{time.strftime('%Y-%m-%d')}, load {os.getloadavg()[0]:.1f}; medians of {args.reps} "
          f"interleaved repetitions, CPU time, {args.rounds} rounds each")
    base = list(trees)[0]
    for k in trees:
        cells = []
        for p in (2, 4):
            med = statistics.median(res[k][p])
            ratio = med / statistics.median(res[base][p])
            unit, per = (("actions/s", "actions/log") if args.what == "validate"
                         else ("rounds/s", "moves/round"))
            cells.append(f"{p}p {med:,.0f} {unit} ({ratio:.2f}x, {per_round[k][p]:.1f} {per})")
        print(f"{k:>12}  " + " | ".join(cells))


if __name__ == "__main__":
    main()
