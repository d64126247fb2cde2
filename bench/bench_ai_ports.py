"""Our bots against published UNO bots ported from their source (``bench/ports/``): duplicate
deals, single rounds, 95% Wilson intervals. A script, not a test.

    .venv/bin/python bench/bench_ai_ports.py normal mixbot2 --deals 1000
    .venv/bin/python bench/bench_ai_ports.py mixbot2 unoai-random --deals 5000 --preset duo-uno-subset
    .venv/bin/python bench/bench_ai_ports.py hard mixbot2 --deals 300 --hard-iterations 60
    .venv/bin/python bench/bench_ai_ports.py normal mixbot2 --players 4 --deals 500

Two players: every deal (a game seed) is played twice with the seats swapped, so each bot
gets each hand once ("duplicate deals"); a game is one round, won by the player who goes out.
With more players, the first bot plays against copies of the second, at every seat in turn on
the same deal. Bots: easy, normal, hard (our levels), rlcard-v1 (RLCard's UNORuleAgentV1),
rlcard-random (RLCard's RandomAgent with RLCard's legal actions), mixbot2 (chausner/UnoAI's
MixBot2, win-rate settings), unoai-random (UnoAI's RandomBot).

The authors' own rules, to check a port against its published figure:
  UnoAI:  --preset duo-uno-subset  (Wild Draw Four any time, unchallenged; no UNO call;
          a two-player Reverse skips)
  RLCard: --preset duo-uno-subset --rules '{"two_player_reverse": "none"}' (and the agents
          restrict the Wild Draw Four to the last resort, as RLCard's legal actions do)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ports.rlcard_rule_v1 import RLCardRandom, RLCardRuleV1  # noqa: E402
from ports.unoai_mixbot2 import MixBot2, UnoAIRandom  # noqa: E402
from uno_web.ai import make_bot  # noqa: E402
from uno_web.ai.match import play_game  # noqa: E402
from uno_web.ai.stats import wilson  # noqa: E402
from uno_web.core import PRESETS  # noqa: E402
from uno_web.core.rules import resolve_rules  # noqa: E402

PORTS = {"rlcard-v1": RLCardRuleV1, "rlcard-random": RLCardRandom, "mixbot2": MixBot2, "unoai-random": UnoAIRandom}


OPTIONS: dict[str, dict[str, Any]] = {}  # extra options per level (--options)


def make(name: str, hard: dict[str, Any]) -> Any:
    if name in PORTS:
        return PORTS[name]()
    return make_bot(name, **{**OPTIONS.get(name, {}), **(hard if name == "hard" else {})})


def run(a: str, b: str, deals: int, seed: int, players: int, preset: str,
        hard: dict[str, Any], progress: bool = True,
        overrides: "dict[str, Any] | None" = None) -> dict[str, Any]:
    rules = resolve_rules(preset, overrides or {})
    wins = games = unfinished = 0
    t0 = time.perf_counter()
    think = [0.0, 0]
    longest = 0.0
    for d in range(deals):
        for seat in range(players if players > 2 else 2):
            bots = [make(b, hard) for _ in range(players)]
            bots[seat] = make(a, hard)
            res = play_game(rules, bots, seed + d, rounds=1, timer=time.perf_counter)
            games += 1
            if not res.finished:
                unfinished += 1
            wins += res.winner == seat
            think[0] += res.think_seconds[seat]
            think[1] += res.decisions[seat]
            longest = max(longest, res.think_max[seat])
        if progress and (d + 1) % 25 == 0:
            el = time.perf_counter() - t0
            print(f"\r{a} vs {b}: {d + 1}/{deals} deals, {wins / games:.1%}, {el:.0f}s",
                  end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    lo, hi = wilson(wins, games)
    return {
        "bot": a, "opponent": b, "players": players, "preset": preset, "rules": rules.changed_fields(), "deals": deals,
        "first_seed": seed, "games": games, "wins": wins, "win_rate": wins / games,
        "ci95": [lo, hi], "baseline": 1 / players, "unfinished": unfinished,
        "mean_decision_ms": 1000 * think[0] / think[1] if think[1] else 0.0,
        "max_decision_ms": 1000 * longest, "hard": hard if "hard" in (a, b) else None,
        "options": {k: v for k, v in OPTIONS.items() if k in (a, b)},
        "seconds": time.perf_counter() - t0,
        "commit": _commit(), "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }


def _commit() -> str:
    import subprocess
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, cwd=Path(__file__).resolve().parent, check=False)
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "uno_web/ai", "uno_web/core"],
                               capture_output=True, text=True,
                               cwd=Path(__file__).resolve().parent.parent, check=False)
        return out.stdout.strip() + ("+changes" if dirty.stdout.strip() else "")
    except OSError:
        return "unknown"


def pool(path: str) -> list[dict[str, Any]]:
    """The runs saved in ``path`` (JSON lines) pooled per match (bot, opponent, players, rules,
    Hard's options); refuses runs of one match whose deals overlap."""
    groups: dict[str, list[dict[str, Any]]] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                key = json.dumps([r["bot"], r["opponent"], r["players"], r["preset"],
                                  r.get("rules", {}), r.get("hard"), r.get("options", {})],
                                 sort_keys=True)
                groups.setdefault(key, []).append(r)
    out = []
    for runs in groups.values():
        spans = sorted((r["first_seed"], r["deals"]) for r in runs)
        for (a, n), (b, _) in zip(spans, spans[1:]):
            if b < a + n:
                raise SystemExit(f"overlapping deals in {path}: {runs[0]['bot']} vs "
                                 f"{runs[0]['opponent']} from seeds {a} and {b}")
        wins = sum(r["wins"] for r in runs)
        games = sum(r["games"] for r in runs)
        lo, hi = wilson(wins, games)
        out.append({**{k: runs[0][k] for k in ("bot", "opponent", "players", "preset", "baseline")},
                    "rules": runs[0].get("rules", {}), "hard": runs[0].get("hard"),
                    "options": runs[0].get("options", {}),
                    "runs": len(runs), "deals": sum(r["deals"] for r in runs), "games": games,
                    "wins": wins, "win_rate": wins / games, "ci95": [lo, hi],
                    "max_decision_ms": max(r["max_decision_ms"] for r in runs)})
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("bot", nargs="?")
    p.add_argument("opponent", nargs="?")
    p.add_argument("--pool", metavar="FILE", help="print the saved runs of FILE pooled per match")
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--seed", type=int, default=900_000)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--preset", default="official", choices=list(PRESETS))
    p.add_argument("--rules", default="{}", help="JSON object of RuleSet overrides")
    p.add_argument("--options", default="{}",
                   help='JSON object of options per level, e.g. \'{"normal": {"save_wilds": 4}}\'')
    p.add_argument("--hard-ms", type=float, default=None)
    p.add_argument("--hard-iterations", type=int, default=None)
    p.add_argument("--hard-work", type=int, default=None,
                   help="Hard's work limit (playout moves a search); with it the time budget is "
                        "lifted (--hard-ms 1e9 unless given), so the figure does not depend on "
                        "the machine's load")
    p.add_argument("--json", help="append the result as one JSON line to this file")
    args = p.parse_args(argv)
    if args.pool:
        for r in pool(args.pool):
            lo, hi = r["ci95"]
            print(f"{r['bot']:>9} vs {r['opponent']:<13} {r['players']}p {r['preset']:<15} "
                  f"{json.dumps(r['rules']) if r['rules'] else '':<40} "
                  f"{'hard ' + json.dumps(r['hard']) if r['hard'] else '':<22} "
                  f"{json.dumps(r['options']) if r['options'] else ''} {r['games']:>6} games "
                  f"{r['win_rate']:6.1%} [{lo:.1%}, {hi:.1%}] ({r['runs']} runs)")
        return 0
    if not args.bot or not args.opponent:
        p.error("name the two bots (or --pool FILE)")
    OPTIONS.update(json.loads(args.options))
    hard: dict[str, Any] = {}
    if args.hard_ms is not None:
        hard["budget_ms"] = args.hard_ms
    if args.hard_iterations is not None:
        hard["iterations"] = args.hard_iterations
    if args.hard_work is not None:
        hard["work"] = args.hard_work
        hard.setdefault("budget_ms", 1e9)
    r = run(args.bot, args.opponent, args.deals, args.seed, args.players, args.preset, hard,
            overrides=json.loads(args.rules))
    lo, hi = r["ci95"]
    print(f"{r['bot']} vs {r['opponent']} ({r['players']} players, {r['preset']} {r['rules']}, "
          f"{r['games']} games on {r['deals']} deals from seed {r['first_seed']}): "
          f"{r['win_rate']:.1%} [{lo:.1%}, {hi:.1%}] (baseline {r['baseline']:.0%}); "
          f"{r['mean_decision_ms']:.2f} ms/decision, longest {r['max_decision_ms']:.0f} ms; "
          f"{r['unfinished']} unfinished; {r['seconds']:.0f}s")
    if args.json:
        with open(args.json, "a", encoding="utf-8") as f:
            f.write(json.dumps(r) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
