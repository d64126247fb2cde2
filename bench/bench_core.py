"""Core speed figures (a benchmark that prints numbers; not a test).

    .venv/bin/python bench/bench_core.py [--seconds 3]

Random play is the usual benchmark policy (RLCard's random agent): a uniformly random playable
card, drawing only when nothing can be played. A "game" here is one round played to its end (the
unit RLCard and most UNO simulators count); whole games to 500 points are reported too.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from uno_web.core import Phase, RuleSet, apply, legal_moves, new_game  # noqa: E402
from uno_web.core.gamelog import GameRecorder, parse_log, validate_log  # noqa: E402
from uno_web.core.simulate import play_random_game, random_playout  # noqa: E402

ROUND = RuleSet(scoring="single-round")


def rounds_for(players: int, seconds: float, seed0: int = 0) -> tuple[int, int, float]:
    n = moves = 0
    t0 = time.perf_counter()
    seed = seed0
    while time.perf_counter() - t0 < seconds:
        for _ in range(50):
            s = new_game(ROUND, players, seed)
            moves += random_playout(s, random.Random(seed))
            seed += 1
            n += 1
    return n, moves, time.perf_counter() - t0


def _worker(args: tuple[int, float, int]) -> tuple[int, int, float]:
    return rounds_for(*args)


def parallel_rounds(players: int, seconds: float, workers: int) -> float:
    with mp.Pool(workers) as pool:
        t0 = time.perf_counter()
        res = pool.map(_worker, [(players, seconds, 10_000_000 * i) for i in range(workers)])
        dt = time.perf_counter() - t0
    return sum(r[0] for r in res) / dt


def safe_api_moves(seconds: float) -> float:
    moves = 0
    t0 = time.perf_counter()
    seed = 0
    while time.perf_counter() - t0 < seconds:
        s = new_game(ROUND, 2, seed)
        rng = random.Random(seed)
        while s.phase < Phase.ROUND_OVER:
            ms = legal_moves(s, s.turn)
            plays = [m for m in ms if m.kind == 0]
            s = apply(s, rng.choice(plays) if plays else ms[-1]).state
            moves += 1
        seed += 1
    return moves / (time.perf_counter() - t0)


def validation_rate(seconds: float) -> float:
    logs = []
    for seed in range(20):
        rec = GameRecorder(RuleSet(), 4, seed)
        rng = random.Random(seed)
        while rec.state.phase != Phase.GAME_OVER:
            s = rec.state
            seat = s.turn if s.phase != Phase.ROUND_OVER else s.active_seats()[0]
            ms = legal_moves(s, seat)
            plays = [m for m in ms if m.kind == 0]
            rec.apply(rng.choice(plays) if plays else ms[-1])
        logs.append(parse_log(rec.to_json()))
    actions = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for log in logs:
            actions += validate_log(log).actions_checked
    return actions / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    a = ap.parse_args()
    print(f"uno_web core benchmark (Python {sys.version.split()[0]}, {os.cpu_count()} cores)")
    for players in (2, 4):
        n, moves, dt = rounds_for(players, a.seconds)
        print(f"  random play, {players} players, 1 process : {n / dt:8.0f} games/s "
              f"({moves / n:.1f} moves/game, {moves / dt:,.0f} moves/s)")
        if a.workers > 1:
            rate = parallel_rounds(players, a.seconds, a.workers)
            print(f"  random play, {players} players, {a.workers} processes: {rate:8.0f} games/s")
    t0 = time.perf_counter()
    g = 0
    while time.perf_counter() - t0 < a.seconds:
        play_random_game(RuleSet(), 2, g)
        g += 1
    print(f"  whole games to 500 points, 2 players      : {g / (time.perf_counter() - t0):8.1f} games/s")
    print(f"  safe API (legal_moves + apply), 2 players : {safe_api_moves(a.seconds):8.0f} moves/s")
    print(f"  game-log validation (4 players, official) : {validation_rate(a.seconds):8.0f} actions/s")


if __name__ == "__main__":
    main()
