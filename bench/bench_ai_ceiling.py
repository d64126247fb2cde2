"""What hidden information is worth to Hard: duplicate-deal matches of Hard against Normal (or,
with ``--opponent mixbot2``, against the port of chausner/UnoAI's MixBot2 in ``bench/ports``)
in which Hard's determinizations are given more than a player may know (an experiment, not a
bot).

Not a test: it prints figures. Each seed is played twice with the seats swapped (duplicate
deals), one round per game, official rules. Modes:

* ``fair``: Hard as shipped (deals guesses from the observation and its memory);
* ``colours``: the opponent's guessed hand has the true colour of every card (numbers and
  symbols still guessed);
* ``kinds``: the opponent's guessed hand has the true kind of every card (a number, Skip,
  Reverse, Draw Two, Wild or Wild Draw Four; colours and numbers still guessed);
* ``hands``: the opponent's true hand (the draw pile's order still shuffled).

    .venv/bin/python bench/bench_ai_ceiling.py --pairs 300 --mode hands
    .venv/bin/python bench/bench_ai_ceiling.py --pairs 300 --options '{"iterations": 100}'
    .venv/bin/python bench/bench_ai_ceiling.py --pairs 300 --mode hands --opponent mixbot2 --options '{}'

The cheating modes reach the true state through a wrapper around the match driver's
``observe``: the bots themselves still receive only observations.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import uno_web.ai.hard as hard  # noqa: E402
import uno_web.ai.match as match  # noqa: E402
from uno_web.ai import make_bot  # noqa: E402
from uno_web.core import PRESETS  # noqa: E402
from uno_web.ai.rollout import greedy_move, round_value  # noqa: E402
from uno_web.ai.util import color_weights, dedupe_uno  # noqa: E402
from uno_web.core.cards import COLOR_OF, EFFECT_OF  # noqa: E402
from uno_web.core.engine import legal_moves, step  # noqa: E402
from uno_web.core.moves import MoveKind  # noqa: E402
from uno_web.core.observation import observe, sample_state  # noqa: E402
from uno_web.core.state import Phase  # noqa: E402

_TRUE: list[Any] = [None]


def _spy(s, seat):  # type: ignore[no-untyped-def]
    _TRUE[0] = s
    return observe(s, seat)


def _hands(self, obs, rng):  # type: ignore[no-untyped-def]
    s = _TRUE[0].copy()
    rng.shuffle(s.draw)
    return s


def _alike(key):  # type: ignore[no-untyped-def]
    """A determinization whose opponent hand has, card for card, an unseen card with the same
    ``key`` as the true one (the rest of the card guessed)."""

    def determinize(self, obs, rng):  # type: ignore[no-untyped-def]
        s = sample_state(obs, rng)
        opp = 1 - obs.seat
        pool = s.hands[opp] + s.draw
        rng.shuffle(pool)
        hand = []
        for c in _TRUE[0].hands[opp]:
            idx = next((i for i, x in enumerate(pool) if key(x) == key(c)), len(pool) - 1)
            hand.append(pool.pop(idx))
        s.hands[opp] = hand
        s.draw = pool
        return s

    return determinize


#: ``colours``: each card's true colour; ``kinds``: each card's true kind (a number, Skip,
#: Reverse, Draw Two, Wild or Wild Draw Four), its colour guessed
_MODES = {"colours": _alike(lambda c: COLOR_OF[c]), "kinds": _alike(lambda c: EFFECT_OF[c])}


_KEEP = {MoveKind.PLAY, MoveKind.DRAW, MoveKind.PASS, MoveKind.CHALLENGE, MoveKind.ACCEPT,
         MoveKind.CHOOSE_COLOR}
ISMCTS = {"c": 0.7, "depth": 6}


class _Node:
    __slots__ = ("seat", "n", "w", "avail", "kids")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who made the move into this node
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.kids: dict[Any, _Node] = {}


def _tree_moves(s, seat, wild_colors):  # type: ignore[no-untyped-def]
    """The turn moves of ``seat`` in the deal ``s``; a wild names the hand's best colours."""
    ms = dedupe_uno([m for m in legal_moves(s, seat) if m.kind in _KEEP])
    if len(ms) <= 1:
        return ms
    weights = color_weights(s.hands[seat], s.r.colors)  # how Hard's root ranks a wild's colours
    out, wilds = [], {}  # type: ignore[var-annotated]
    for m in ms:
        if m.kind == MoveKind.PLAY and m.color >= 0:
            wilds.setdefault((m.card, m.target, m.uno), []).append(m)
        else:
            out.append(m)
    for group in wilds.values():
        group.sort(key=lambda m: (-weights.get(m.color, 0.0), m.color))
        out += group[:wild_colors]
    return out


def _ismcts_search(self, obs, moves, rng, spent=0.0):  # type: ignore[no-untyped-def]
    cands = self.candidates(obs, moves)
    if len(cands) == 1:
        return cands[0]
    c, max_depth = ISMCTS["c"], ISMCTS["depth"]
    root = _Node(-1)
    t0 = time.perf_counter()
    n = 0
    while True:
        s = self._determinize(obs, rng)
        prng = random.Random(int(rng.random() * (1 << 30)))
        node, path, depth, ms = root, [], 0, cands
        while s.phase < Phase.ROUND_OVER and depth < max_depth:
            if ms is None:
                ms = _tree_moves(s, s.turn, self.wild_colors)
            if len(ms) <= 1:
                step(s, ms[0] if ms else greedy_move(s, prng))
                ms = None
                continue
            untried, best, bv = [], None, -1.0
            for m in ms:
                ch = node.kids.get(m)
                if ch is None:
                    untried.append(m)
                    continue
                ch.avail += 1
                v = ch.w / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n)
                if v > bv:
                    best, bv = m, v
            seat = s.turn
            if untried:
                m = untried[int(rng.random() * len(untried))]
                node.kids[m] = ch = _Node(seat)
                ch.avail = 1
                step(s, m)
                path.append(ch)
                break
            node = node.kids[best]
            step(s, best)
            path.append(node)
            depth += 1
            ms = None
        if s.phase < Phase.ROUND_OVER:
            s.seed = int(prng.random() * (1 << 30))
            self.playout(s, prng, self.playout_moves)
        for ch in path:
            ch.n += 1
            ch.w += round_value(s, ch.seat, 0.0)
        n += 1
        if self.iterations is not None and n >= self.iterations:
            break
        if self.iterations is None and spent + time.perf_counter() - t0 >= self.budget:
            break
    self.searches += 1
    self.total_iterations += n
    return max(cands, key=lambda m: root.kids[m].n if m in root.kids else -1)
    yield  # a generator, like the flat search (never reached)


def _normal_playout(s, rng, max_moves):  # type: ignore[no-untyped-def]
    """A playout in which every seat plays Normal (with its learned correction where it
    applies), each from its own observations since the playout began: what a far stronger,
    far slower playout policy would be worth (``--playout normal``; about 50 times the time
    of a greedy playout move)."""
    bots: dict[int, Any] = {}
    moves = 0
    while s.phase < Phase.ROUND_OVER and moves < max_moves:
        seat = s.turn
        bot = bots.get(seat)
        if bot is None:
            bot = bots[seat] = make_bot("normal")
        step(s, bot.choose(observe(s, seat), legal_moves(s, seat), rng))
        moves += 1
    return moves


def _opponent(name: str) -> Any:
    if name == "mixbot2":
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from ports.unoai_mixbot2 import MixBot2

        return MixBot2()
    return make_bot(name)


def _pair(task: tuple[int, dict[str, Any], str, str, str, str]) -> tuple[float, float]:
    seed, options, mode, search, opponent, playout = task
    if search == "ismcts":
        hard.HardBot._search = _ismcts_search  # type: ignore[method-assign]
    if mode != "fair":
        match.observe = _spy  # type: ignore[assignment]
        hard.HardBot._determinize = _hands if mode == "hands" else _MODES[mode]  # type: ignore[method-assign]
    out = []
    for hard_seat in (0, 1):
        bots = [_opponent(opponent), _opponent(opponent)]
        bots[hard_seat] = make_bot("hard", **options)
        if playout == "normal":
            bots[hard_seat].playout = _normal_playout  # type: ignore[attr-defined]
        res = match.play_game(PRESETS["official"], bots, seed, rounds=1)
        out.append(1.0 if res.winner == hard_seat else 0.0)
    return out[0], out[1]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--pairs", type=int, default=300, help="seeds, each played with both seatings")
    p.add_argument("--mode", choices=("fair", "colours", "kinds", "hands"), default="fair")
    p.add_argument("--options", default='{"iterations": 100}', help="Hard's options (JSON)")
    p.add_argument("--seed", type=int, default=77_000)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--opponent", choices=("normal", "mixbot2"), default="normal",
                   help="Hard's opponent: Normal, or the MixBot2 port of bench/ports")
    p.add_argument("--search", choices=("flat", "ismcts"), default="flat",
                   help="Hard's search: flat (as shipped) or ISMCTS (the experiment above)")
    p.add_argument("--playout", choices=("greedy", "normal"), default="greedy",
                   help="Hard's playout policy: greedy (as shipped) or Normal at every seat")
    p.add_argument("--ismcts-c", type=float, default=ISMCTS["c"], help="UCB1 exploration constant")
    p.add_argument("--ismcts-depth", type=int, default=ISMCTS["depth"], help="tree levels walked per iteration")
    args = p.parse_args(argv)
    options = json.loads(args.options)
    ISMCTS.update(c=args.ismcts_c, depth=args.ismcts_depth)
    tasks = [(args.seed + i, options, args.mode, args.search, args.opponent, args.playout)
             for i in range(args.pairs)]
    with Pool(args.workers) as pool:
        pairs = pool.map(_pair, tasks, chunksize=4)
    means = [(a + b) / 2 for a, b in pairs]
    m = sum(means) / len(means)
    se = math.sqrt(sum((x - m) ** 2 for x in means) / max(1, len(means) - 1) / len(means))
    what = f"search ismcts {ISMCTS}, " if args.search == "ismcts" else ""
    what += "Normal playouts, " if args.playout == "normal" else ""
    versus = "MixBot2" if args.opponent == "mixbot2" else "Normal"
    print(f"Hard {json.dumps(options)} vs {versus}, {what}mode {args.mode}: {100 * m:.1f}% "
          f"± {196 * se:.1f} (95%, {2 * len(pairs)} games on {len(pairs)} duplicate deals)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
