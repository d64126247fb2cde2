"""What the fast path is made of, timed piece by piece: the ``--pieces`` table of
bench_pyodide.py, the same text on CPython and in Pyodide. Each line is ``label<TAB>µs``.

The pieces: the engine's own calls (dealing, a playout, the move lists, a state copy), the
library calls dealing is made of (seeding a Mersenne Twister, drawing 108 sort keys, sorting
them; the engine's shuffle, in bulk, beside its definition by keys), and plain interpreter
work (Python function calls, attribute reads, list comprehensions), to tell which part of the
gap is the interpreter's and which is ours.
"""

import random
import time

from uno_web.core import RuleSet, new_game
from uno_web.core.engine import _shuffled_in_bulk, legal_moves, shuffled_by_keys
from uno_web.core.state import deck_cards
from uno_web.core.simulate import playable_now, random_playout


def _time(label, fn, n):
    fn()
    start = time.perf_counter()
    for _ in range(n):
        fn()
    print(f"{label}\t{(time.perf_counter() - start) / n * 1e6:.3f}")


def _calls():
    def f(a, b):
        return a
    for i in range(1000):
        f(i, i)


def pieces(scale=1.0):
    """Print each piece's time in microseconds a call (``scale`` multiplies the repetitions)."""
    def n(k):
        return max(1, int(k * scale))

    rules = RuleSet()
    states = [new_game(rules, 2, seed) for seed in range(100)]
    rng = random.Random(1)
    s0 = states[0]
    keys = random.Random(5)
    sample = [1, 2, 3, 4, 5, 6, 7]

    def playouts():
        for s in states:
            random_playout(s.copy(), rng)

    def attrs():
        for _ in range(1000):
            s0.turn, s0.phase, s0.r.colors

    def comps():
        for _ in range(1000):
            [c for c in sample if c > 3]

    _time("new_game (a 2-player deal)", lambda: new_game(rules, 2, 7), n(3000))
    _time("100 playouts (on copies)", playouts, n(20))
    _time("100 state copies", lambda: [s.copy() for s in states], n(100))
    _time("playable_now", lambda: playable_now(s0, s0.turn), n(50000))
    _time("legal_moves", lambda: legal_moves(s0, s0.turn), n(50000))
    _time("random.Random(seed)", lambda: random.Random(12345), n(20000))
    _time("108 sort keys", lambda: [keys.random() for _ in range(108)], n(5000))
    _time("sorting 108 keys", lambda: sorted(keys.random() for _ in range(108)), n(5000))
    deck = list(deck_cards("uno"))
    _time("shuffle 108 cards (engine)", lambda: _shuffled_in_bulk(12345, deck), n(5000))
    _time("shuffle 108 by keys (definition)", lambda: shuffled_by_keys(12345, deck), n(5000))
    _time("1,000 Python calls", _calls, n(2000))
    _time("1,000 x 3 attribute reads", attrs, n(2000))
    _time("1,000 list comprehensions", comps, n(500))
