"""Time and peak memory of reading hostile game logs (issue 20): ``python bench/bench_log_limits.py``.

Each log is written to a temporary file first; a fresh interpreter then reads its bytes and
calls ``validate_log`` on them (what ``python -m uno_web validate`` does), and reports the CPU
time of that call, the peak resident memory of the whole process (``VmHWM``: the interpreter,
the log's bytes, parsing, checking) and the answer. The budget (docs/gamelog.md "Limits"): a log
of up to 50 MB is answered within 10 s of CPU and 1 GB of memory, or refused early with a short
message. The last row is the costliest log the limits let through: a legal game at the action
limit, replayed whole.

Options: ``--sizes 12,50`` (MB), ``--only NAME`` (one kind of log), ``--no-legal``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MB = 1024 * 1024

CHILD = r"""
import json, resource, sys, time
from uno_web.core.gamelog import LogError, validate_log


def peak_kb():
    # VmHWM: this process's own peak (ru_maxrss on Linux keeps the parent's peak at fork)
    try:
        for line in open("/proc/self/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


data = open(sys.argv[1], "rb").read()
before = peak_kb()
t0 = time.process_time()
try:
    report = validate_log(data)
    answer = report.summary
except LogError as exc:
    answer = "LogError: " + str(exc)
cpu = time.process_time() - t0
peak = peak_kb()
print(json.dumps({"cpu": cpu, "peak_kb": peak, "before_kb": before, "answer": answer}))
"""


def _shell(rounds_json: str, overrides: str = "{}", name: str = "Ana") -> str:
    return ('{"format": "uno-web-log", "version": 1, "rules": {"preset": "official", '
            f'"overrides": {overrides}}}, "seats": [{{"name": {json.dumps(name)}}}, '
            f'{{"name": "Ben"}}], "seed": 1, "rounds": {rounds_json}}}')


def _repeat(item: str, size: int) -> str:
    """``item, item, …`` of about ``size`` characters."""
    return ", ".join([item] * max(1, size // (len(item) + 2)))


def unknown_rules(size: int) -> str:
    keys = ", ".join(f'"k{i}": 0' for i in range(size // 14))  # 860,000 keys ~ 12 MB
    return _shell('[{"deck": [], "actions": []}]', "{" + keys + "}")


def many_actions(size: int) -> str:
    return _shell('[{"deck": [], "actions": [' + _repeat('{"kind": "draw", "seat": 0}', size) + "]}]")


def empty_objects(size: int) -> str:
    return _shell('[{"deck": [], "actions": [' + _repeat("{}", size) + "]}]")


def long_deck(size: int) -> str:
    return _shell('[{"deck": [' + _repeat('"R1"', size) + '], "actions": []}]')


def many_rounds(size: int) -> str:
    return _shell("[" + _repeat('{"deck": []}', size) + "]")


def deep_nesting(size: int) -> str:
    return "[" * size


def long_name(size: int) -> str:
    return _shell('[{"deck": [], "actions": []}]', name="n" * size)


def huge_number(size: int) -> str:
    return '{"seed": ' + "9" * size + "}"


CASES: dict[str, Callable[[int], str]] = {
    "unknown rule keys": unknown_rules,
    "minimal actions": many_actions,
    "empty objects as actions": empty_objects,
    "one deck of many cards": long_deck,
    "many rounds": many_rounds,
    "deep nesting": deep_nesting,
    "one long seat name": long_name,
    "one huge number": huge_number,
}


def legal_log() -> str:
    """The longest legal game the limits let through: replayed whole, action by action."""
    import random

    from uno_web.core import Phase, RuleSet, legal_moves
    from uno_web.core.gamelog import MAX_ACTIONS, GameRecorder

    rec = GameRecorder(RuleSet(target_score=1_000_000), 4, 1)
    rng = random.Random(1)
    n = 0
    while n < MAX_ACTIONS - 200 and rec.state.phase != Phase.GAME_OVER:
        s = rec.state
        seat = s.turn if s.phase != Phase.ROUND_OVER else s.active_seats()[0]
        moves = legal_moves(s, seat)
        plays = [m for m in moves if m.kind == 0]
        rec.apply(rng.choice(plays) if plays and rng.random() < 0.8 else moves[-1])
        n += 1
    return rec.to_json()


def measure(path: Path) -> dict[str, object]:
    proc = subprocess.run([sys.executable, "-c", CHILD, str(path)], capture_output=True,
                          text=True, cwd=ROOT)
    if proc.returncode != 0:
        return {"cpu": float("nan"), "peak_kb": 0, "before_kb": 0,
                "answer": "CRASH: " + proc.stderr.strip().splitlines()[-1][:200]}
    result: dict[str, object] = json.loads(proc.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="12,50", help="log sizes in MB, comma-separated")
    p.add_argument("--only", help="one kind of log (a name from the table)")
    p.add_argument("--no-legal", action="store_true", help="skip the legal log at the limit")
    args = p.parse_args(argv)
    sizes = [float(x) for x in args.sizes.split(",")]
    rows: list[tuple[str, float, dict[str, object]]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, make in CASES.items():
            if args.only and args.only != name:
                continue
            for mb in sizes:
                path = Path(tmp) / "log.json"
                path.write_text(make(int(mb * MB)), encoding="utf-8")
                actual = path.stat().st_size / MB
                rows.append((name, actual, measure(path)))
                print(_row(*rows[-1]), flush=True)
        if not args.no_legal and not args.only:
            path = Path(tmp) / "legal.json"
            t0 = time.perf_counter()
            path.write_text(legal_log(), encoding="utf-8")
            print(f"(the legal log took {time.perf_counter() - t0:.0f} s to play and write)",
                  file=sys.stderr)
            rows.append(("legal game at the action limit", path.stat().st_size / MB, measure(path)))
            print(_row(*rows[-1]), flush=True)
    worst_cpu = max(float(r[2]["cpu"]) for r in rows)  # type: ignore[arg-type]
    worst_mem = max(int(r[2]["peak_kb"]) for r in rows) / 1024  # type: ignore[call-overload]
    print(f"\nworst: {worst_cpu:.2f} s CPU, {worst_mem:.0f} MB peak (budget: 10 s, 1024 MB)")
    return 0 if worst_cpu <= 10 and worst_mem <= 1024 else 1


def _row(name: str, mb: float, r: dict[str, object]) -> str:
    answer = str(r["answer"])
    answer = answer if len(answer) <= 90 else answer[:89] + "…"
    return (f"{name:32} {mb:6.1f} MB  {float(r['cpu']):6.2f} s CPU  "  # type: ignore[arg-type]
            f"{int(r['peak_kb']) / 1024:6.0f} MB peak  {answer}")  # type: ignore[call-overload]


if __name__ == "__main__":
    sys.exit(main())
