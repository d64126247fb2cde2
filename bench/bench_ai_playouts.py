"""Playout policies against each other on real deals: which policy is stronger, and how
often two policies pick the same card. A script, not a test.

    .venv/bin/python bench/bench_ai_playouts.py greedy attack --deals 5000

The policies (``uno_web.ai.rollout``) read only their own hand and the public table (hand
sizes, pile, direction), so playing them on the true state is fair. Duplicate deals: each deal
twice with the seats swapped; one round a game; 95% Wilson intervals.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from uno_web.ai.rollout import attack_move, greedy_move  # noqa: E402
from uno_web.ai.stats import wilson  # noqa: E402
from uno_web.core import PRESETS, new_game, step  # noqa: E402
from uno_web.core.moves import Move  # noqa: E402
from uno_web.core.rules import resolve_rules  # noqa: E402
from uno_web.core.state import GameState, Phase  # noqa: E402

Pol = Callable[[GameState, random.Random], Move]
POLICIES: dict[str, Pol] = {
    "greedy": greedy_move,
    "basic": lambda s, rng: greedy_move(s, rng, False),
    "attack": attack_move,
}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("a", choices=list(POLICIES))
    p.add_argument("b", choices=list(POLICIES))
    p.add_argument("--deals", type=int, default=2000)
    p.add_argument("--seed", type=int, default=5_000_000)
    p.add_argument("--preset", default="official", choices=list(PRESETS))
    args = p.parse_args(argv)
    rules = resolve_rules(args.preset)
    pa, pb = POLICIES[args.a], POLICIES[args.b]
    wins = games = 0
    t0 = time.perf_counter()
    for d in range(args.deals):
        for seat in (0, 1):
            s = new_game(rules, 2, args.seed + d)
            rng = random.Random(args.seed * 7 + d)
            moves = 0
            while s.phase < Phase.ROUND_OVER and moves < 3000:
                pol = pa if s.turn == seat else pb
                step(s, pol(s, rng))
                moves += 1
            games += 1
            wins += s.round_winner == seat
    lo, hi = wilson(wins, games)
    print(f"{args.a} vs {args.b} ({args.preset}, {games} games): {wins / games:.1%} "
          f"[{lo:.1%}, {hi:.1%}]; {time.perf_counter() - t0:.0f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
