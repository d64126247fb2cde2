"""Strength benchmark of the bots (a script that prints figures, not a timed test).

    .venv/bin/python bench/bench_ai.py                    # the full run (long: Hard thinks 150 ms)
    .venv/bin/python bench/bench_ai.py --games 400 --hard-games 100 --hard-other-games 50   # quick

Every "game" here is ONE ROUND under the official rules (the round winner wins), seeded, with
the seats rotating from game to game so every bot starts equally often; the ``-500`` line
plays whole official games (first to 500 points) instead. Figures are win rates
with 95% Wilson intervals:

* 2 players: Normal vs Easy (target >= 70%), Hard vs Normal (target >= 60%), Hard vs Easy;
* 4 players: each level against three Easy bots (baseline 25%);
* decisions per second per level on this interpreter (turn decisions, thinking time only).

Anchors from the literature: a published heuristic bot wins 68.8% of 2-player games against a
random player; RLCard's rule agent about 55%. Those bots themselves, ported from their source,
play ours in ``bench/bench_ai_ports.py`` (duplicate deals; see docs/ai.md).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from uno_web.ai.tournament import run_tournament  # noqa: E402
from uno_web.bulk import LocalExecutor, progress_bar  # noqa: E402
from uno_web.core import PRESETS  # noqa: E402


def decision_times(games: int, budget_ms: float, seed: int) -> None:
    """Hard's decision times, one process (no other worker competing for the core): the wall
    time of every turn decision and the thinking time the search itself counted."""
    from uno_web.ai import make_bot
    from uno_web.ai.match import play_game

    wall: list[float] = []
    inner: list[float] = []
    for g in range(games):
        hard = make_bot("hard", budget_ms=budget_ms)
        plain = hard.choose

        def timed(obs, moves, rng, _plain=plain, _hard=hard):  # type: ignore[no-untyped-def]
            t0 = time.perf_counter()
            move = _plain(obs, moves, rng)
            wall.append(time.perf_counter() - t0)
            inner.append(_hard.last_stats.get("seconds", 0.0))
            return move

        hard.choose = timed  # type: ignore[method-assign]
        bots = [hard, make_bot("normal")] if g % 2 == 0 else [make_bot("normal"), hard]
        play_game(PRESETS["official"], bots, seed + g, rounds=1)
    searched = sorted(w for w, i in zip(wall, inner) if i > 0)
    if not searched:
        print("no searched decisions")
        return

    def pct(xs: list[float], q: float) -> float:
        return 1000 * xs[min(len(xs) - 1, int(q * len(xs)))]

    print(f"Hard's searched decisions ({len(searched)} in {games} rounds vs Normal, one process, "
          f"budget {budget_ms:.0f} ms), wall ms: median {pct(searched, 0.5):.0f}, "
          f"p99 {pct(searched, 0.99):.0f}, max {1000 * searched[-1]:.0f}; "
          f"over 200 ms: {sum(w > 0.2 for w in searched)}; "
          f"thinking time counted by the search, max {1000 * max(inner):.0f} ms")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=2000, help="games for Easy/Normal matches")
    p.add_argument("--hard-games", type=int, default=2000, help="games of Hard vs Normal")
    p.add_argument("--hard-other-games", type=int, default=600,
                   help="games of Hard's other matches (vs Easy, vs three Easy)")
    p.add_argument("--hard-ms", type=float, default=150.0, help="Hard's time per decision")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=10_000)
    p.add_argument("--only", default="", help="comma-separated match names to run (default all; \"timing\" for the decision times)")
    p.add_argument("--json", help="also write the results to this JSON file")
    p.add_argument("--timing-games", type=int, default=40,
                   help="rounds for Hard's decision-time distribution (one process); 0 skips it")
    args = p.parse_args(argv)
    rules = PRESETS["official"]
    hard = {"budget_ms": args.hard_ms}
    matches = [
        ("normal-vs-easy", ["normal", "easy"], args.games, "target >= 70%"),
        ("normal-vs-easy-500", ["normal", "easy"], args.games, "whole games to 500 points"),
        ("hard-vs-normal", ["hard", "normal"], args.hard_games, "target >= 60%"),
        ("hard-vs-easy", ["hard", "easy"], args.hard_other_games, ""),
        ("easy-vs-easy", ["easy", "easy"], args.games, "sanity: 50%"),
        ("easy-vs-3-easy", ["easy", "easy", "easy", "easy"], args.games, "baseline 25%"),
        ("normal-vs-3-easy", ["normal", "easy", "easy", "easy"], args.games, "baseline 25%"),
        ("hard-vs-3-easy", ["hard", "easy", "easy", "easy"], args.hard_other_games, "baseline 25%"),
    ]
    only = {x.strip() for x in args.only.split(",") if x.strip()}
    results = {}
    print(f"official rules, one round per game, seats rotate; Hard budget {args.hard_ms:.0f} ms; "
          f"{args.workers} worker process(es)")
    print(f"{'match':<18} {'games':>6} {'win rate':>9} {'95% CI':>17}  {'dec/s':>7}  note")
    dps: dict[str, list[tuple[int, float]]] = {}
    for name, seats, games, note in matches:
        if only and name not in only:
            continue
        rounds = 0 if name.endswith("-500") else 1
        with LocalExecutor(args.workers) as pool, \
                progress_bar(games, "games", sys.stderr, desc=name) as bar:
            summary = run_tournament(rules, seats, games, seed=args.seed, rounds=rounds,
                                     executor=pool if args.workers > 1 else None,
                                     options={"hard": hard}, progress=bar)
        e = summary["entries"][0]
        lo, hi = e["ci95"]
        d = e["decisions_per_second"] or 0.0
        print(f"{name:<18} {games:>6} {e['win_rate']:>8.1%} "
              f"{'[' + format(lo, '.1%') + ', ' + format(hi, '.1%') + ']':>17}  {d:>7.0f}  {note}",
              flush=True)
        results[name] = summary
        for ent in summary["entries"]:
            if ent.get("searched_decisions"):
                print(f"{'':<18} hard searched {ent['searched_decisions']} of {ent['decisions']} "
                      f"decisions, {ent['mean_iterations']:.0f} determinizations each on average, "
                      f"longest decision {ent['max_decision_ms']:.0f} ms")
        for ent in summary["entries"]:
            if ent["decisions"]:
                secs = ent["decisions"] / ent["decisions_per_second"] if ent["decisions_per_second"] else 0.0
                dps.setdefault(ent["level"], []).append((ent["decisions"], secs))
    print("decisions per second (turn decisions, CPython "
          f"{sys.version_info.major}.{sys.version_info.minor}):")
    for level, rows in dps.items():
        n = sum(r[0] for r in rows)
        s = sum(r[1] for r in rows)
        print(f"  {level:<7} {n / s if s else float('nan'):>10.1f}  ({n} decisions, "
              f"{1000 * s / n if n else 0:.2f} ms each)")
    if args.timing_games and (not only or "timing" in only):
        decision_times(args.timing_games, args.hard_ms, args.seed)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
