"""The measured loop of bench_pyodide.py, the same text on CPython and in Pyodide."""

import random
import time

from uno_web.core import RuleSet, new_game
from uno_web.core.simulate import random_playout

WARM_UP = 1000  # rounds played before the clock starts, on every interpreter


def measure(players: int, rounds: int, warm_up: int = WARM_UP) -> float:
    """Rounds per second (wall time: under Node.js the CPU time also counts V8's compiler and
    collector threads): ``random_playout`` on ``new_game``, official rules.

    ``warm_up`` rounds go first, unmeasured: V8 compiles WebAssembly in tiers, and the hot code
    of the interpreter reaches its optimising tier in the background while the first few hundred
    rounds run, at about 0.8–0.85 of the later speed. CPython needs no warm-up and gets the same.
    The measured rounds are dealt from the seeds after the warm-up's, so no deal is measured
    twice."""
    rules = RuleSet()
    rng = random.Random(1)
    for n in range(warm_up):
        random_playout(new_game(rules, players, n), rng)
    start = time.perf_counter()
    for n in range(warm_up, warm_up + rounds):
        random_playout(new_game(rules, players, n), rng)
    return rounds / (time.perf_counter() - start)
