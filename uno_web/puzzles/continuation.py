"""Solitaire UNO from a given top card: can the remaining cards all still be played?

The table's Solitaire mode asks this after every card ("Is it still solvable from here?"): the
cards left in the hand must form a playing order whose *first* card matches the card on top of
the pile.  That is the search of :mod:`uno_web.puzzles.solitaire` with the first card fixed, so
this module runs the same solver (its pruning, memo and Euler shortcut per node) from that card
instead of trying every start.

It uses the solver's internal ``_Solver`` class; ``tests/web/test_puzzle_unit.py`` checks it
against brute force so that a change there cannot go unnoticed.  (If the solver grows a public
``first=`` option, this module becomes a one-liner.)
"""

from __future__ import annotations

from typing import Any, Optional

from .notation import Card, as_cards, format_card
from .solitaire import SolitaireResult, Steps, _Solver, run_steps

__all__ = ["solve_solitaire_from", "solve_solitaire_from_steps", "brute_force_from"]


def solve_solitaire_from(cards: Any, last: Any, *, max_nodes: Optional[int] = 200_000) -> SolitaireResult:
    """Can every card of ``cards`` be played, starting on top of ``last``?

    ``sequence`` (when solvable) is an order of ``cards`` only (``last`` is not repeated).
    Raises :class:`~uno_web.puzzles.solitaire.SearchLimitExceeded` beyond ``max_nodes``.
    """
    return run_steps(solve_solitaire_from_steps(cards, last, max_nodes=max_nodes))


def solve_solitaire_from_steps(cards: Any, last: Any, *,
                               max_nodes: Optional[int] = 200_000) -> "Steps[SolitaireResult]":
    """:func:`solve_solitaire_from` in steps: yields the search nodes so far after every node,
    returns the result (see :func:`~uno_web.puzzles.solitaire.solve_solitaire_steps`)."""
    rest = as_cards(cards)
    top: Card = as_cards([last])[0] if not isinstance(last, str) else as_cards(last)[0]
    if not rest:
        return SolitaireResult(True, [], "trivial", "no cards left: the hand is played out",
                               cards=[])
    if not any(c[0] == top[0] or c[1] == top[1] for c in rest):
        return SolitaireResult(
            False, None, "stuck",
            f"no card left matches {format_card(top)} (neither its colour nor its number)",
            cards=rest, facts={"code": format_card(top)})
    solver = _Solver(rest + [top], max_nodes=max_nodes)
    c, n = (top[1], top[0]) if solver.transposed else top
    t = solver.colours.index(c) * solver.N + solver.numbers.index(n)
    solver.counts[t] -= 1
    path = [t]
    found = yield from solver.extend_steps(t, path)
    if found:
        seq = [solver.card_of(x) for x in path[1:]]
        how = ("found by search" if solver.nodes > 1 else
               "the remaining cards form an Euler trail from the top card")
        return SolitaireResult(True, seq, "search" if solver.nodes > 1 else "euler",
                               f"yes: a playing order exists ({how})", nodes=solver.nodes,
                               memo_size=len(solver.failed), cards=rest)
    return SolitaireResult(
        False, None, "search",
        f"no order of the {len(rest)} cards left can start on {format_card(top)} "
        "(exhaustive search with pruning)",
        nodes=solver.nodes, memo_size=len(solver.failed), cards=rest,
        facts={"n": len(rest), "code": format_card(top)})


def brute_force_from(cards: Any, last: Any) -> Optional[list[Card]]:
    """Reference oracle for tests (at most ~8 cards): every order, first card matching ``last``."""
    import itertools

    rest = sorted(as_cards(cards))
    top = as_cards([last])[0] if not isinstance(last, str) else as_cards(last)[0]
    seen: set[tuple[Card, ...]] = set()
    for perm in itertools.permutations(rest):
        if perm in seen:
            continue
        seen.add(perm)
        chain = (top,) + perm
        if all(a[0] == b[0] or a[1] == b[1] for a, b in zip(chain, chain[1:])):
            return list(perm)
    return None if rest else []
