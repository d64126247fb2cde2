"""What hidden information is worth to Hard: duplicate-deal matches of Hard against Normal in
which Hard's determinizations are given more than a player may know (an experiment, not a bot).

Not a test: it prints figures. Each seed is played twice with the seats swapped (duplicate
deals), one round per game, official rules. Modes:

* ``fair``: Hard as shipped (deals guesses from the observation and its memory);
* ``colours``: the opponent's guessed hand has the true colour of every card (numbers and
  symbols still guessed);
* ``hands``: the opponent's true hand (the draw pile's order still shuffled).

    .venv/bin/python bench/bench_ai_ceiling.py --pairs 300 --mode hands
    .venv/bin/python bench/bench_ai_ceiling.py --pairs 300 --options '{"iterations": 100}'

The cheating modes reach the true state through a wrapper around the match driver's
``observe``: the bots themselves still receive only observations.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import uno_web.ai.hard as hard  # noqa: E402
import uno_web.ai.match as match  # noqa: E402
from uno_web.ai import make_bot  # noqa: E402
from uno_web.core import PRESETS  # noqa: E402
from uno_web.core.cards import COLOR_OF  # noqa: E402
from uno_web.core.observation import observe, sample_state  # noqa: E402

_TRUE: list[Any] = [None]


def _spy(s, seat):  # type: ignore[no-untyped-def]
    _TRUE[0] = s
    return observe(s, seat)


def _hands(self, obs, rng):  # type: ignore[no-untyped-def]
    s = _TRUE[0].copy()
    rng.shuffle(s.draw)
    return s


def _colours(self, obs, rng):  # type: ignore[no-untyped-def]
    s = sample_state(obs, rng)
    opp = 1 - obs.seat
    pool = s.hands[opp] + s.draw
    rng.shuffle(pool)
    hand = []
    for c in _TRUE[0].hands[opp]:
        idx = next((i for i, x in enumerate(pool) if COLOR_OF[x] == COLOR_OF[c]), len(pool) - 1)
        hand.append(pool.pop(idx))
    s.hands[opp] = hand
    s.draw = pool
    return s


def _pair(task: tuple[int, dict[str, Any], str]) -> tuple[float, float]:
    seed, options, mode = task
    if mode != "fair":
        match.observe = _spy  # type: ignore[assignment]
        hard.HardBot._determinize = _hands if mode == "hands" else _colours  # type: ignore[method-assign]
    out = []
    for hard_seat in (0, 1):
        bots = [make_bot("normal"), make_bot("normal")]
        bots[hard_seat] = make_bot("hard", **options)
        res = match.play_game(PRESETS["official"], bots, seed, rounds=1)
        out.append(1.0 if res.winner == hard_seat else 0.0)
    return out[0], out[1]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--pairs", type=int, default=300, help="seeds, each played with both seatings")
    p.add_argument("--mode", choices=("fair", "colours", "hands"), default="fair")
    p.add_argument("--options", default='{"iterations": 100}', help="Hard's options (JSON)")
    p.add_argument("--seed", type=int, default=77_000)
    p.add_argument("--workers", type=int, default=2)
    args = p.parse_args(argv)
    options = json.loads(args.options)
    tasks = [(args.seed + i, options, args.mode) for i in range(args.pairs)]
    with Pool(args.workers) as pool:
        pairs = pool.map(_pair, tasks, chunksize=4)
    means = [(a + b) / 2 for a, b in pairs]
    m = sum(means) / len(means)
    se = math.sqrt(sum((x - m) ** 2 for x in means) / max(1, len(means) - 1) / len(means))
    print(f"Hard {json.dumps(options)} vs Normal, mode {args.mode}: {100 * m:.1f}% "
          f"± {196 * se:.1f} (95%, {2 * len(pairs)} games on {len(pairs)} duplicate deals)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
