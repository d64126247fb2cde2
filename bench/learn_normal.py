"""Learn a correction to Normal's score from played-out positions (issue 17: Normal at least
55% against MixBot2). A script that prints figures, not a test.

    .venv/bin/python bench/learn_normal.py collect --games 700 --k 6 --seed 4000000 --out /tmp/r1.pkl
    .venv/bin/python bench/learn_normal.py collect --learned --games 700 --k 6 --seed 4200000 --out /tmp/r2.pkl
    .venv/bin/python bench/learn_normal.py fit /tmp/r1.pkl /tmp/r2.pkl --out uno_web/ai/learned_weights.py
    .venv/bin/python bench/learn_normal.py validate --deals 8000 --seed 6000000 --json FILE

(``--learned``: Normal plays and continues with the correction as it is in the tree, the next
round of an approximate policy iteration; the saved file records those weights.) A deal
takes about 2 s of one core at k 6.

**collect** plays Normal against MixBot2 (two players, official rules, single rounds, both
seatings of each deal). At each of Normal's turn decisions with more than one distinct option
(the plays, a wild with the two colours Normal rates best, drawing, keeping a drawn card), every
option is played out ``--k`` times from the *true* position to the end of the round, Normal
and MixBot2 continuing from copies of themselves (their memories included). The draw pile,
which neither player can see, is shuffled anew for each continuation; the k-th continuation of
every option uses the same shuffle and the same bot generators (common random numbers), so the
options are compared on equal luck. What is saved per decision: Normal's observation, a copy
of its memory, the options and how many of their continuations it won.

The opponent's hand in these continuations is its true hand, so the outcomes are samples of
what an option is worth *given what the table shows*, averaged over the real distribution of
hidden cards: a regression on features computed from the observation alone (``fit``) learns
the expected value an option has for a player who cannot see those cards. No hidden card
reaches the learned model.

**fit** computes features of each option from the observation and the memory
(:func:`uno_web.ai.learned.features`, the one definition the bot uses too) and fits weights by
least squares on the differences within each decision (each option's win share minus the
decision's mean, against its features minus their mean), ridge-regularised; Normal's own score
is one of the features, so the weights are a correction of Normal. It writes the weights as a
Python module of plain numbers (``uno_web/ai/learned.py``'s ``WEIGHTS``), so the browser's
Pyodide reads them with the rest of the package.

**validate** plays Normal with the learned correction and Normal without it against MixBot2
on the same fresh deals and prints both win rates and their paired difference (per deal, with a
95% interval).
"""

from __future__ import annotations

import argparse
import copy
import json
import pickle
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import uno_web.ai.match as match  # noqa: E402
from ports.unoai_mixbot2 import MixBot2  # noqa: E402
from uno_web.ai import learned as model  # noqa: E402
from uno_web.ai.learned_weights import WEIGHTS as LEARNED_WEIGHTS  # noqa: E402
from uno_web.ai.normal import NormalBot, ScoreContext  # noqa: E402
from uno_web.core import PRESETS, legal_moves  # noqa: E402
from uno_web.core.engine import step  # noqa: E402
from uno_web.core.moves import Move, MoveKind  # noqa: E402
from uno_web.core.observation import Observation, observe  # noqa: E402
from uno_web.core.state import GameState, Phase  # noqa: E402

RULES = PRESETS["official"]


def play_on(s: GameState, bots: list[Any], seat: int, rng_seed: int) -> bool:
    """Play the round in ``s`` to its end with ``bots``; did ``seat`` win it?"""
    rngs = [random.Random(rng_seed * 2 + i) for i in range(2)]
    order = random.Random(rng_seed)
    s, _ = match.run_reactions(s, bots, order, rngs)
    n = 0
    while s.phase < Phase.ROUND_OVER and n < 2000:
        t = s.turn
        moves = legal_moves(s, t)
        step(s, bots[t].choose(observe(s, t), moves, rngs[t]))
        n += 1
        s, k = match.run_reactions(s, bots, order, rngs)
    return s.round_winner == seat


class Collector(NormalBot):
    """Normal, which at each turn decision plays every option on from the true position."""

    def __init__(self, k: int, out: list[dict[str, Any]], table: dict[str, Any],
                 learned: bool = False) -> None:
        super().__init__(learned=learned)
        self.k = k
        self.out = out
        self.table = table  # "state": the true position; "bots": the bots at the table

    def decide(self, obs: Observation, moves: Any, rng: random.Random) -> Move:
        self.memory.update(obs)
        move = self.best_move(obs, moves)
        opts = (model.options(ScoreContext(obs), list(moves))
                if obs.phase in (Phase.PLAY, Phase.DRAWN) else [])
        if len(opts) >= 2 and any(m.kind == MoveKind.PLAY for m in opts):
            s0: GameState = self.table["state"]
            seat = obs.seat
            me = NormalBot(learned=self.learned)  # the continuations: this Normal, its memory
            me.memory = copy.deepcopy(self.memory)
            me.memory.note_move(obs, move)
            opponent = self.table["bots"][1 - seat]
            wins = [0] * len(opts)
            shuffle = random.Random(hash((s0.seed, len(s0.discard), len(s0.draw), seat)))
            for k in range(self.k):
                order = list(s0.draw)
                shuffle.shuffle(order)
                for i, m in enumerate(opts):
                    s = s0.copy()
                    s.draw = list(order)
                    step(s, m)
                    players: list[Any] = [None, None]
                    players[seat] = copy.deepcopy(me)
                    players[1 - seat] = copy.deepcopy(opponent)
                    wins[i] += play_on(s, players, seat, 1000 * k + 7)
            self.out.append({"obs": obs, "memory": copy.deepcopy(self.memory), "options": opts,
                             "wins": wins, "k": self.k, "chosen": opts.index(move) if move in opts else -1})
        self.memory.note_move(obs, move)
        return move


def collect(games: int, seed: int, k: int, learned: bool = False) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    table: dict[str, Any] = {}
    real_observe = match.observe

    def spy(s: GameState, seat: int) -> Observation:
        table["state"] = s
        return real_observe(s, seat)

    match.observe = spy  # type: ignore[attr-defined]
    try:
        for g in range(games):
            for seat in (0, 1):
                bots: list[Any] = [None, None]
                bots[seat] = Collector(k, out, table, learned)
                bots[1 - seat] = MixBot2()
                table["bots"] = bots
                match.play_game(RULES, bots, seed + g, rounds=1)
    finally:
        match.observe = real_observe  # type: ignore[attr-defined]
    return out


def design(rows: list[dict[str, Any]]) -> tuple[list[Any], list[Any], list[int]]:
    """Per decision: the options' feature matrix, their win shares, Normal's choice."""
    import numpy as np

    bot = NormalBot()
    xs, ys, chosen = [], [], []
    for r in rows:
        obs = r["obs"]
        bot.memory = r["memory"]
        ctx = ScoreContext(obs)
        hold = obs.phase != Phase.DRAWN
        x = [bot.option_features(ctx, m, hold) for m in r["options"]]
        xs.append(np.array(x))
        ys.append(np.array(r["wins"], dtype=float) / r["k"])
        chosen.append(r["chosen"])
    return xs, ys, chosen


def fit_weights(xs: list[Any], ys: list[Any], ridge: float) -> Any:
    import numpy as np
    X = np.vstack([x - x.mean(axis=0) for x in xs])
    Y = np.concatenate([y - y.mean() for y in ys])
    A = X.T @ X + ridge * np.eye(X.shape[1])
    return np.linalg.solve(A, X.T @ Y)


def report(xs: list[Any], ys: list[Any], chosen: list[int], theta: Any) -> dict[str, float]:
    """Mean win share of the option each policy picks, over the decisions given."""
    import numpy as np
    got = normal = best = mean = 0.0
    n = changed = 0
    for x, y, c in zip(xs, ys, chosen):
        if c < 0:
            continue
        i = int(np.argmax(x @ theta))
        got += y[i]
        normal += y[c]
        best += y.max()
        mean += y.mean()
        changed += i != c
        n += 1
    return {"decisions": n, "learned": got / n, "normal": normal / n, "hindsight": best / n,
            "uniform": mean / n, "changed": changed / n}


def play_deals(options: dict[str, Any], seed: int, deals: int) -> list[int]:
    """Normal with ``options`` against MixBot2 on ``deals`` deals from ``seed``, both
    seatings: the games won on each deal (0, 1 or 2)."""
    from uno_web.ai import make_bot
    won = []
    for d in range(deals):
        w = 0
        for seat in (0, 1):
            bots: list[Any] = [MixBot2(), MixBot2()]
            bots[seat] = make_bot("normal", **options)
            w += match.play_game(RULES, bots, seed + d, rounds=1).winner == seat
        won.append(w)
    return won


def validate(options: dict[str, Any], deals: int, seed: int, workers: int, chunk: int = 250) -> dict[str, Any]:
    """Normal with ``options`` and Normal without the learned correction on the same deals;
    paired difference."""
    import math

    from uno_web.ai.stats import wilson
    starts = list(range(seed, seed + deals, chunk))
    with ProcessPoolExecutor(workers) as pool:
        runs = {name: [pool.submit(play_deals, opts, s0, min(chunk, seed + deals - s0)) for s0 in starts]
                for name, opts in (("plain", {"learned": False}), ("with", options))}
        res = {name: [w for j in jobs for w in j.result()] for name, jobs in runs.items()}
    games = 2 * deals
    out: dict[str, Any] = {"options": options, "first_seed": seed, "deals": deals, "games": games}
    for name, won in res.items():
        k = sum(won)
        out[name] = {"wins": k, "rate": k / games, "ci95": list(wilson(k, games))}
    diffs = [a - b for a, b in zip(res["with"], res["plain"])]
    mean = sum(diffs) / deals
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (deals - 1)) if deals > 1 else 0.0
    half = 1.96 * sd / math.sqrt(deals)
    out["paired_points"] = [50 * (mean - half), 50 * mean, 50 * (mean + half)]
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--games", type=int, default=100, help="deals (each played with both seatings)")
    c.add_argument("--seed", type=int, default=4_000_000)
    c.add_argument("--k", type=int, default=16)
    c.add_argument("--chunk", type=int, default=20, help="deals per saved chunk")
    c.add_argument("--out", required=True)
    c.add_argument("--learned", action="store_true",
                   help="Normal plays (and continues) with the learned correction")
    ft = sub.add_parser("fit")
    ft.add_argument("data", nargs="+")
    ft.add_argument("--ridge", type=float, default=1.0)
    ft.add_argument("--holdout", type=float, default=0.25, help="share of decisions held out")
    ft.add_argument("--out", default=None, help="write the weights module here")
    v = sub.add_parser("validate")
    v.add_argument("--options", default='{"learned": true}', help="JSON: Normal's options")
    v.add_argument("--deals", type=int, default=8000)
    v.add_argument("--seed", type=int, default=5_000_000)
    v.add_argument("--workers", type=int, default=2)
    v.add_argument("--json", default=None, help="append the result as one JSON line")
    args = p.parse_args(argv)
    if args.cmd == "validate":
        t0 = time.time()
        r = validate(json.loads(args.options), args.deals, args.seed, args.workers)
        r["seconds"] = round(time.time() - t0)
        r["date"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        import subprocess
        r["commit"] = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                                     text=True, cwd=Path(__file__).resolve().parents[1]).stdout.strip()
        import hashlib
        r["weights_sha256"] = hashlib.sha256(
            json.dumps(sorted(LEARNED_WEIGHTS.items())).encode()).hexdigest()[:16]
        for name in ("plain", "with"):
            x = r[name]
            print(f"{name:>6}: {x['wins']}/{r['games']} = {x['rate']:.1%} "
                  f"[{x['ci95'][0]:.1%}, {x['ci95'][1]:.1%}]")
        lo, mid, hi = r["paired_points"]
        print(f"paired difference {mid:+.2f} points [{lo:+.2f}, {hi:+.2f}] on the same deals")
        if args.json:
            with open(args.json, "a") as fh:
                fh.write(json.dumps(r) + "\n")
        return 0
    if args.cmd == "fit":
        data: list[dict[str, Any]] = []
        sources = []
        for path in args.data:
            with open(path, "rb") as fh:
                saved = pickle.load(fh)
            data += saved["rows"]
            policy = "with a learned correction" if saved.get("learned") else "plain"
            sources.append(f"deals {saved['seed']}-{saved['seed'] + saved['games'] - 1} "
                           f"(Normal {policy}, k {saved['k']}): {len(saved['rows'])}")
        xs, ys, chosen = design(data)
        cut = int(len(xs) * (1 - args.holdout))
        theta = fit_weights(xs[:cut], ys[:cut], args.ridge)
        print(f"{len(data)} decisions; fitted on {cut}")
        print("train", json.dumps(report(xs[:cut], ys[:cut], chosen[:cut], theta)))
        print("held out", json.dumps(report(xs[cut:], ys[cut:], chosen[cut:], theta)))
        for name, t in sorted(zip(model.FEATURES, theta), key=lambda t: -abs(t[1])):
            print(f"  {name:>16} {t:+.4f}")
        if args.out:
            full = fit_weights(xs, ys, args.ridge)
            Path(args.out).write_text(
                '"""Weights of :mod:`uno_web.ai.learned`, written by ``bench/learn_normal.py fit``.\n'
                "Do not edit by hand: fit again (docs/ai.md).\n\n"
                f"Fitted on {len(data)} decisions (ridge {args.ridge}), from\n"
                + "".join(f"* {src}\n" for src in sources) + '"""\n\n'
                "WEIGHTS: dict[str, float] = {\n"
                + "".join(f"    {n!r}: {float(t):.6f},\n" for n, t in zip(model.FEATURES, full))
                + "}\n")
        return 0
    if args.cmd == "collect":
        t0 = time.time()
        rows: list[dict[str, Any]] = []
        for start in range(0, args.games, args.chunk):
            n = min(args.chunk, args.games - start)
            rows += collect(n, args.seed + start, args.k, args.learned)
            with open(args.out, "wb") as fo:
                pickle.dump({"seed": args.seed, "games": start + n, "k": args.k, "rows": rows,
                             "learned": args.learned,
                             "weights": dict(LEARNED_WEIGHTS) if args.learned else None}, fo)
            print(f"{start + n}/{args.games} deals, {len(rows)} decisions, "
                  f"{time.time() - t0:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
