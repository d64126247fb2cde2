"""Playout policies against each other on real deals: which policy is stronger, and how
often two policies pick the same card. A script, not a test.

    .venv/bin/python bench/bench_ai_playouts.py greedy attack --deals 5000
    .venv/bin/python bench/bench_ai_playouts.py greedy normal --deals 1000 --tune '{"noise": 0}'
    .venv/bin/python bench/bench_ai_playouts.py --fidelity mixbot2 --deals 300

The second form plays a policy as an observation-only bot (it reads its own hand and the public
table from a state dealt by ``sample_state``) against a bot level or a port (normal, easy,
mixbot2, rlcard-v1), seeds from 960000; ``--tune`` overrides ``rollout.TUNE``. The third
plays Normal against the named bot for ``--deals`` rounds and counts how often each policy
picks the bot's own card at its decisions with a choice (how well it models that bot).

The policies (``uno_web.ai.rollout``) read only their own hand and the public table (hand
sizes, pile, direction), so playing them on the true state is fair. Duplicate deals: each deal
twice with the seats swapped; one round a game; 95% Wilson intervals.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ports.rlcard_rule_v1 import RLCardRuleV1  # noqa: E402
from ports.unoai_mixbot2 import MixBot2  # noqa: E402
from uno_web.ai import make_bot, rollout  # noqa: E402
from uno_web.ai.base import Bot  # noqa: E402
from uno_web.ai.match import play_game  # noqa: E402
from uno_web.ai.rollout import attack_move, greedy_move  # noqa: E402
from uno_web.core.moves import MoveKind  # noqa: E402
from uno_web.core.observation import Observation, sample_state  # noqa: E402
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


class PolicyBot(Bot):
    """A playout policy as a bot: it acts on a state dealt from its observation (the policies
    read only their own hand and the public table)."""

    level = "policy"

    def __init__(self, policy: Pol) -> None:
        super().__init__()
        self.policy = policy

    def decide(self, obs: Observation, moves: "list[Move]", rng: random.Random) -> Move:  # type: ignore[override]
        move = self.policy(sample_state(obs, rng), rng)
        if move in moves:
            return move
        return next(m for m in moves if (m.kind, m.card, m.color) == (move.kind, move.card, move.color))

    def react(self, obs: Observation, moves: "list[Move]", rng: random.Random) -> "Move | None":  # type: ignore[override]
        return next((m for m in moves if m.kind in (MoveKind.CALL_UNO, MoveKind.CATCH)), None)


def make_opponent(name: str) -> Bot:
    if name == "mixbot2":
        return MixBot2()
    if name == "rlcard-v1":
        return RLCardRuleV1()
    return make_bot(name)


def versus_bot(policy: str, opponent: str, deals: int) -> None:
    rules = resolve_rules("official")
    wins = games = 0
    for d in range(deals):
        for seat in (0, 1):
            bots = [make_opponent(opponent) for _ in range(2)]
            bots[seat] = PolicyBot(POLICIES[policy])
            res = play_game(rules, bots, 960_000 + d, rounds=1)
            games += 1
            wins += res.winner == seat
    lo, hi = wilson(wins, games)
    print(f"{policy} {json.dumps(rollout.TUNE)} vs {opponent} ({games} games, seeds from 960000): "
          f"{wins / games:.1%} [{lo:.1%}, {hi:.1%}]")


def fidelity(opponent: str, deals: int) -> None:
    agree = {name: 0 for name in ("greedy", "attack")}
    asked = 0
    target = make_opponent(opponent)
    decide = target.decide

    def watched(obs: Observation, moves: "list[Move]", rng: random.Random) -> Move:
        nonlocal asked
        move = decide(obs, moves, rng)
        if obs.phase == Phase.PLAY and len({(m.kind, m.card) for m in moves}) > 1:
            s = sample_state(obs, random.Random(1))
            asked += 1
            for name in agree:
                guess = POLICIES[name](s, random.Random(2))
                agree[name] += (guess.kind, guess.card) == (move.kind, move.card)
        return move

    rules = resolve_rules("official")
    for d in range(deals):
        target = make_opponent(opponent)
        decide = target.decide
        target.decide = watched  # type: ignore[method-assign]
        play_game(rules, [make_bot("normal"), target], 960_000 + d, rounds=1)
    for name, k in agree.items():
        print(f"{name} picks {opponent}'s card (or its draw) at {k} of {asked} decisions with a "
              f"choice: {k / max(1, asked):.1%}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("a", nargs="?", choices=list(POLICIES))
    p.add_argument("b", nargs="?", help="a policy, or a bot to play the policy against")
    p.add_argument("--fidelity", metavar="BOT", help="how often each policy picks BOT's card")
    p.add_argument("--tune", default="{}", help="JSON overrides of rollout.TUNE")
    p.add_argument("--deals", type=int, default=2000)
    p.add_argument("--seed", type=int, default=5_000_000)
    p.add_argument("--preset", default="official", choices=list(PRESETS))
    args = p.parse_args(argv)
    rollout.TUNE.update(json.loads(args.tune))
    if args.fidelity:
        fidelity(args.fidelity, args.deals)
        return 0
    if not args.a or not args.b:
        p.error("name a policy and a policy or bot (or --fidelity BOT)")
    if args.b not in POLICIES:
        versus_bot(args.a, args.b, args.deals)
        return 0
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
