"""Time and peak memory of reading hostile game logs (issue 20): ``python bench/bench_log_limits.py``.

Each log is written to a temporary file first; a fresh interpreter then reads its bytes and
calls ``validate_log`` on them (what ``python -m uno_web validate`` does), and reports the CPU
time of that call, the peak resident memory of the whole process (``VmHWM``: the interpreter,
the log's bytes, parsing, checking) and the answer. The budget (docs/gamelog.md "Limits"): a log
of up to 50 MB is answered within 10 s of CPU and 1 GB of memory, or refused early with a short
message. The last row is the costliest log the limits let through: a legal game at the action
limit, replayed whole.

The illegal-first rows (issue 20: 1.7 million actions, 49 MB, the first out of turn) read one
file three ways in the same run: as a stream from the open file (what ``validate FILE`` does),
whole-document first (``streaming=False``: stopped by the size limit), and whole with the size
limit lifted (the reader of the issue's report; it needs about 1.4 GB, ``--no-unlimited``
skips it). The other rows read the file's bytes and stream them.

Options: ``--sizes 12,50`` (MB), ``--only NAME`` (one kind of log, or ``illegal first
action``), ``--no-legal``, ``--no-unlimited``.
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


mode = sys.argv[2] if len(sys.argv) > 2 else "bytes"
if mode == "whole, no size limit":  # the reader of issue 20's report: whole, unbounded
    from uno_web.core import gamelog
    gamelog.MAX_LOG_BYTES = gamelog.MAX_ACTIONS = 1 << 30
source = open(sys.argv[1], "rb")
data = source.read() if mode == "bytes" else source
before = peak_kb()
t0 = time.process_time()
try:
    report = validate_log(data, streaming=mode in ("bytes", "stream"))
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


def illegal_first(actions: int = 1_700_000) -> str:
    """A log of ``actions`` actions whose first is out of turn (issue 20: 1.7 million, 49 MB),
    one action a line as the recorder writes them."""
    from uno_web.core.gamelog import GameRecorder

    rec = GameRecorder(players=2, seed=1)
    deck = json.dumps(rec.rounds[0]["deck"])
    first = json.dumps({"kind": "draw", "seat": 1 - rec.state.turn})
    body = ",\n".join([first] + ['{"kind": "draw", "seat": 0}'] * (actions - 1))
    return _shell(f'[{{"deck": {deck}, "actions": [\n{body}\n]}}]')


# How the illegal-first log is read: as the CLI reads a file (a stream), the whole document
# first (stopped by the size limit), and the whole document with no size limit (the reader of
# issue 20's report). The same file, the same run.
READERS = ("stream", "whole", "whole, no size limit")


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


def measure(path: Path, mode: str = "bytes") -> dict[str, object]:
    proc = subprocess.run([sys.executable, "-c", CHILD, str(path), mode], capture_output=True,
                          text=True, cwd=ROOT)
    if proc.returncode != 0:
        return {"cpu": float("nan"), "peak_kb": 0, "before_kb": 0,
                "answer": "CRASH: " + proc.stderr.strip().splitlines()[-1][:200]}
    result: dict[str, object] = json.loads(proc.stdout)
    return result


# ------------------------------------------------------------------------------------------
# --speed: validation in actions per second against RLCard's core steps per second (issue 16)
# ------------------------------------------------------------------------------------------


def _gamelog_at(rev: str) -> object:
    """``uno_web.core.gamelog`` as it was at git revision ``rev`` (beside today's core)."""
    import importlib.util

    source = subprocess.run(["git", "show", f"{rev}:uno_web/core/gamelog.py"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout
    path = Path(tempfile.mkdtemp()) / "gamelog_before.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("uno_web.core._gamelog_before", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def speed(rev: str, seconds: float, reps: int) -> int:
    """Actions/s of validating recorded whole games (bench_core's logs) from their JSON text
    (what ``validate FILE`` does) and from parsed ``GameLog`` objects (bench_core's
    measure), by the gamelog of ``rev`` and by today's, beside RLCard's ``UnoGame`` steps/s:
    interleaved repetitions in one run, medians, ratios."""
    import statistics

    sys.path.insert(0, str(ROOT / "bench"))
    import bench_core  # type: ignore[import-not-found]

    from uno_web.core import gamelog as now

    before = _gamelog_at(rev)
    games = {n: bench_core.recorded_logs(n, 6) for n in (2, 4)}
    texts = {n: [g.model_dump_json(indent=1) for g in logs] for n, logs in games.items()}
    parsed = {"before": {n: [before.parse_log(t) for t in ts] for n, ts in texts.items()},  # type: ignore[attr-defined]
              "now": {n: [now.parse_log(t) for t in ts] for n, ts in texts.items()}}

    def validating(module: object, items: dict[int, list[object]]):  # type: ignore[no-untyped-def]
        def run(n: int, sec: float, seed: int) -> tuple[int, int, float]:
            done = actions = 0
            t0 = time.perf_counter()
            while time.perf_counter() - t0 < sec:
                report = module.validate_log(items[n][done % len(items[n])])  # type: ignore[attr-defined]
                assert report.valid
                actions += report.actions_checked
                done += 1
            return done, actions, time.perf_counter() - t0
        return run

    contenders = {
        "rlcard": bench_core.rlcard_rounds,
        "before, text": validating(before, texts), "now, text": validating(now, texts),
        "before, GameLog": validating(before, parsed["before"]),
        "now, GameLog": validating(now, parsed["now"]),
    }
    rates: dict[tuple[str, int], list[float]] = {}
    for name, fn in contenders.items():  # warm-up
        fn(2, 0.2, 0)
    names = list(contenders)
    for rep in range(reps):
        order = names[rep % len(names):] + names[:rep % len(names)]
        for n in (2, 4):
            for name in order:
                _, steps, dt = contenders[name](n, seconds, 1_000_003 * rep + 17)
                rates.setdefault((name, n), []).append(steps / dt)
    print(f"validation vs RLCard core, {reps} interleaved repetitions of {seconds} s, medians; "
          f"'before' is gamelog.py at {rev}")
    for n in (2, 4):
        anchor = statistics.median(rates[("rlcard", n)])
        for name in names:
            med = statistics.median(rates[(name, n)])
            print(f"  {n}p {name:16} {med:10,.0f} steps/s   {med / anchor:5.2f}x RLCard")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="12,50", help="log sizes in MB, comma-separated")
    p.add_argument("--only", help="one kind of log (a name from the table)")
    p.add_argument("--no-legal", action="store_true", help="skip the legal log at the limit")
    p.add_argument("--no-unlimited", action="store_true",
                   help="skip reading the illegal-first log whole with no size limit (~1.4 GB)")
    p.add_argument("--speed", metavar="REV", nargs="?", const="443cc87",
                   help="instead: validation actions/s vs RLCard's steps/s, today's gamelog "
                        "and the one at git revision REV (default 443cc87, before streaming)")
    p.add_argument("--seconds", type=float, default=1.0, help="--speed: seconds per sample")
    p.add_argument("--reps", type=int, default=5, help="--speed: interleaved repetitions")
    args = p.parse_args(argv)
    import datetime
    import platform

    print(f"{platform.node()}, {platform.processor() or platform.machine()}, "
          f"{__import__('os').cpu_count()} cores, CPython {platform.python_version()}, "
          f"{datetime.date.today()}")
    if args.speed:
        return speed(args.speed, args.seconds, args.reps)
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
        if not args.only or args.only == "illegal first action":
            path = Path(tmp) / "illegal.json"
            path.write_text(illegal_first(), encoding="utf-8")
            mb = path.stat().st_size / MB
            for reader in READERS:
                if reader == "whole, no size limit" and args.no_unlimited:
                    continue
                rows.append((f"illegal first, {reader}", mb, measure(path, reader)))
                print(_row(*rows[-1]), flush=True)
        if not args.no_legal and not args.only:
            path = Path(tmp) / "legal.json"
            t0 = time.perf_counter()
            path.write_text(legal_log(), encoding="utf-8")
            print(f"(the legal log took {time.perf_counter() - t0:.0f} s to play and write)",
                  file=sys.stderr)
            rows.append(("legal game at the action limit", path.stat().st_size / MB, measure(path)))
            print(_row(*rows[-1]), flush=True)
    within = [r for r in rows if "no size limit" not in r[0]]  # the old reader is not bound
    worst_cpu = max(float(r[2]["cpu"]) for r in within)  # type: ignore[arg-type]
    worst_mem = max(int(r[2]["peak_kb"]) for r in within) / 1024  # type: ignore[call-overload]
    print(f"\nworst: {worst_cpu:.2f} s CPU, {worst_mem:.0f} MB peak (budget: 10 s, 1024 MB)")
    return 0 if worst_cpu <= 10 and worst_mem <= 1024 else 1


def _row(name: str, mb: float, r: dict[str, object]) -> str:
    answer = str(r["answer"])
    answer = answer if len(answer) <= 90 else answer[:89] + "…"
    return (f"{name:32} {mb:6.1f} MB  {float(r['cpu']):6.2f} s CPU  "  # type: ignore[arg-type]
            f"{int(r['peak_kb']) / 1024:6.0f} MB peak  {answer}")  # type: ignore[call-overload]


if __name__ == "__main__":
    sys.exit(main())
