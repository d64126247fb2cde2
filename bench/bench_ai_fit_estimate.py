"""Fit the horizon evaluator of Hard's playouts (``uno_web.ai.rollout.estimate``) on greedy
self-play, and compare feature sets by their log-likelihood on held-out rounds. A script that
prints figures (and the fitted weights), not a test.

    .venv/bin/python bench/bench_ai_fit_estimate.py --rounds 3000

Two players, official rules: rounds of the greedy policy against itself; every few moves the
position is recorded from the view of the player on turn with the round's winner. The model is
a logistic regression on the difference of the two players' features (the softmax of
``estimate`` with two players); fitted by Newton's method in plain Python.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from uno_web.ai.rollout import greedy_move  # noqa: E402
from uno_web.core import new_game, step  # noqa: E402
from uno_web.core.cards import COLOR_OF, EFFECT_OF, IS_WILD, RANK_OF, Effect  # noqa: E402
from uno_web.core.rules import resolve_rules  # noqa: E402
from uno_web.core.state import GameState, Phase  # noqa: E402

_ACTION = (Effect.SKIP, Effect.REVERSE, Effect.DRAW_TWO)


def features(s: GameState, seat: int) -> list[float]:
    """log hand size, wilds, on turn, cards matching the pile, colours held, action cards."""
    h = s.hands[seat]
    top = s.discard[-1] if s.discard else -1
    col = s.color
    match = sum(1 for c in h if IS_WILD[c] or COLOR_OF[c] == col or (top >= 0 and RANK_OF[c] == RANK_OF[top]))
    colours = len({COLOR_OF[c] for c in h if not IS_WILD[c]})
    wilds = sum(1 for c in h if IS_WILD[c])
    actions = sum(1 for c in h if EFFECT_OF[c] in _ACTION)
    return [math.log(max(1, len(h))), float(wilds), 1.0 if s.turn == seat else 0.0,
            float(match > 0), float(colours), float(actions)]


NAMES = ["log_cards", "wilds", "turn", "can_match", "colours", "actions"]


def sample(rounds: int, seed: int, every: int) -> list[tuple[list[float], int]]:
    rules = resolve_rules("official")
    out = []
    for g in range(rounds):
        s = new_game(rules, 2, seed + g)
        rng = random.Random(seed + g)
        rows = []
        k = 0
        while s.phase < Phase.ROUND_OVER and k < 3000:
            if s.phase == Phase.PLAY and k % every == 0:
                me = s.turn
                a, b = features(s, me), features(s, 1 - me)
                rows.append(([x - y for x, y in zip(a, b)], me))
            step(s, greedy_move(s, rng))
            k += 1
        if s.phase >= Phase.ROUND_OVER:
            out += [(x, 1 if s.round_winner == me else 0) for x, me in rows]
    return out


def fit(data: list[tuple[list[float], int]], cols: list[int], iters: int = 12) -> list[float]:
    w = [0.0] * len(cols)
    for _ in range(iters):
        g = [0.0] * len(cols)
        hmat = [[0.0] * len(cols) for _ in cols]
        for x, y in data:
            z = sum(w[i] * x[c] for i, c in enumerate(cols))
            p = 1.0 / (1.0 + math.exp(-z))
            for i, c in enumerate(cols):
                g[i] += (y - p) * x[c]
                for j, d in enumerate(cols):
                    hmat[i][j] += p * (1 - p) * x[c] * x[d]
        step_ = solve(hmat, g)
        w = [wi + si for wi, si in zip(w, step_)]
    return w


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for i in range(n):
        m[i][i] += 1e-6
        piv = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[piv] = m[piv], m[i]
        for r in range(n):
            if r != i and m[i][i]:
                f = m[r][i] / m[i][i]
                m[r] = [x - f * y for x, y in zip(m[r], m[i])]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def loglik(data: list[tuple[list[float], int]], cols: list[int], w: list[float]) -> float:
    total = 0.0
    for x, y in data:
        z = sum(w[i] * x[c] for i, c in enumerate(cols))
        p = min(1 - 1e-9, max(1e-9, 1.0 / (1.0 + math.exp(-z))))
        total += math.log(p if y else 1 - p)
    return total / len(data)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rounds", type=int, default=3000)
    p.add_argument("--every", type=int, default=3, help="record every N-th move")
    args = p.parse_args(argv)
    train = sample(args.rounds, 7_000_000, args.every)
    test = sample(max(1, args.rounds // 2), 8_000_000, args.every)
    print(f"{len(train)} training positions, {len(test)} held out")
    for cols in ([0, 1, 2], [0, 1, 2, 3], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4, 5]):
        w = fit(train, cols)
        print(f"  {'+'.join(NAMES[c] for c in cols):<45} held-out log-likelihood "
              f"{loglik(test, cols, w):.4f}  weights "
              + ", ".join(f"{NAMES[c]} {wi:+.3f}" for c, wi in zip(cols, w)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
