"""The measured loop of bench_pyodide.py, the same text on CPython and in Pyodide."""

import random
import time

from uno_web.core import RuleSet, new_game
from uno_web.core.simulate import random_playout


def measure(players: int, rounds: int) -> float:
    """Rounds per second (wall time: under Node.js the CPU time also counts V8's compiler and
    collector threads): ``random_playout`` on ``new_game``, official rules."""
    rules = RuleSet()
    rng = random.Random(1)
    for n in range(50):  # warm up
        random_playout(new_game(rules, players, n), rng)
    start = time.perf_counter()
    for n in range(rounds):
        random_playout(new_game(rules, players, n), rng)
    return rounds / (time.perf_counter() - start)
