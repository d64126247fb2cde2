"""Benchmark of the puzzle solvers: prints solve times and search nodes.

    .venv/bin/python bench/bench_puzzles.py [--hands 200] [--seed 0] [--quick]

Solitaire: random hands of 20, 30, 40 and 60 cards dealt from a 4-colour x
10-number deck holding two copies of each card (repetition as in a real deck);
then hard families that random deals almost never produce: sparse deals
(12-16 cards on 4 x 10, many NO answers) and the "hub gadget" NO instances
(2-edge-connected, no polynomial shortcut applies, decided by search).
Duels: random deals of 5, 7 and 10 cards each, both end-of-game rules.
A script that prints figures, not a timed test.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import statistics
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from uno_web.puzzles.duel import solve_duel  # noqa: E402
from uno_web.puzzles.solitaire import solve_solitaire  # noqa: E402


def deck(colours: int = 4, numbers: int = 10, copies: int = 2) -> list[tuple[int, int]]:
    return [(c, n) for c in range(colours) for n in range(numbers) for _ in range(copies)]


def hub_gadget(hub_edges, plen: int, n_hubs: int) -> list[tuple[int, int]]:
    cards = []
    col, num = n_hubs, 0
    for i, j in hub_edges:
        verts = [("c", i)]
        for k in range(plen - 1):
            if k % 2 == 0:
                verts.append(("n", num))
                num += 1
            else:
                verts.append(("c", col))
                col += 1
        verts.append(("c", j))
        for a, b in zip(verts, verts[1:]):
            cards.append((a[1] if a[0] == "c" else b[1], a[1] if a[0] == "n" else b[1]))
    return cards


def row(label: str, times: list[float], nodes: list[int], extra: str = "") -> None:
    times = sorted(times)
    print(
        f"{label:<34} n={len(times):<4} median {statistics.median(times) * 1000:8.2f} ms"
        f"   worst {times[-1] * 1000:8.2f} ms   nodes median {int(statistics.median(nodes)):>6}"
        f" worst {max(nodes):>7}   {extra}"
    )


def bench_solitaire(hands: int, rng: random.Random) -> None:
    print("== Solitaire UNO (Uno-1), 4 colours x 10 numbers, 2 copies ==")
    d = deck()
    for n in (20, 30, 40, 60):
        times, nodes, answers = [], [], Counter()
        for _ in range(hands):
            cards = rng.sample(d, n)
            t = time.perf_counter()
            r = solve_solitaire(cards)
            times.append(time.perf_counter() - t)
            nodes.append(r.nodes)
            answers[f"{'yes' if r.solvable else 'no'}:{r.reason}"] += 1
        row(f"random {n} cards", times, nodes, dict(answers).__repr__())
    for n in (12, 16):
        times, nodes, answers = [], [], Counter()
        for _ in range(hands):
            cards = [(rng.randrange(4), rng.randrange(10)) for _ in range(n)]
            t = time.perf_counter()
            r = solve_solitaire(cards)
            times.append(time.perf_counter() - t)
            nodes.append(r.nodes)
            answers[f"{'yes' if r.solvable else 'no'}:{r.reason}"] += 1
        row(f"sparse {n} cards (near misses)", times, nodes, dict(answers).__repr__())
    print("-- hard NO family: hub gadgets (every hub edge -> path of 4 cards) --")
    k4 = list(itertools.combinations(range(4), 2))
    k33 = [(i, j) for i in range(3) for j in range(3, 6)]
    petersen = [(i, (i + 1) % 5) for i in range(5)] + [(i, i + 5) for i in range(5)] + \
               [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
    for name, he, nh in (("K4", k4, 4), ("K3,3", k33, 6), ("Petersen", petersen, 10)):
        for plen in (4, 6):
            cards = hub_gadget(he, plen, nh)
            t = time.perf_counter()
            r = solve_solitaire(cards)
            dt = time.perf_counter() - t
            row(f"{name} gadget, {len(cards)} cards", [dt], [r.nodes],
                f"{'yes' if r.solvable else 'no'}:{r.reason}")


def bench_duels(hands: int, rng: random.Random) -> None:
    print("== Uncooperative Uno-2 duels, 4 x 10 deck, 2 copies ==")
    d = deck()
    for k in (5, 7, 10):
        for rule in ("geography", "uno"):
            times, nodes, winners, methods = [], [], Counter(), Counter()
            for _ in range(hands):
                cards = rng.sample(d, 2 * k)
                t = time.perf_counter()
                r = solve_duel(cards[:k], cards[k:], rule=rule)
                times.append(time.perf_counter() - t)
                nodes.append(r.nodes)
                winners[f"P{r.winner}"] += 1
                methods[r.method] += 1
            row(f"{k} v {k} cards, rule={rule}", times, nodes, f"{dict(winners)} {dict(methods)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=200, help="random instances per row (default 200)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--quick", action="store_true", help="20 instances per row")
    args = ap.parse_args(argv)
    hands = 20 if args.quick else args.hands
    print(f"Python {sys.version.split()[0]}, {hands} instances per row, seed {args.seed}")
    rng = random.Random(args.seed)
    bench_solitaire(hands, rng)
    bench_duels(hands, rng)
    return 0


if __name__ == "__main__":
    sys.exit(main())
