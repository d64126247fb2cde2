"""Random puzzle generation with a difficulty rating derived from solver effort.

Hands are dealt from a deck with ``copies`` copies of every (colour, number)
pair (a real UNO deck has two of each 1-9), so repeated cards occur as in the
real game.  Everything is driven by ``random.Random(seed)``: the same seed and
parameters give the same puzzle on CPython and in Pyodide.

Difficulty (``rating``): a numeric ``score`` in 0..100 and a ``level``
(easy < 35 <= medium < 65 <= hard), computed from

* solitaire (solvable): the success rate of sensible random play
  (``random_success``: fraction of seeded playouts -- random first card, then
  a uniformly random legal card among those after which the remaining cards
  are still connected and one of them follows -- that play every card) and the effort of the plain exact
  search without the Euler shortcut (``plain_nodes`` per card), plus the mean
  number of legal choices along the solution (``branching``, reported only).
  score = 75 * (1 - random_success) + 25 * min(1, log10(plain_nodes / cards) / 2).
* solitaire (unsolvable, "prove it is impossible"): by the cheapest proof:
  disconnected 10, dead ends 25, bridge branches 45, only exhaustive search
  60 + 40 * min(1, log10(nodes) / 4).
* duel: the exact probability that a player 1 who picks uniformly random legal
  cards beats a perfect player 2 (``random_win``), and the number of positions
  that computation visits (``states``, the exhaustive effort):
  score = 75 * (1 - random_win) + 25 * min(1, log10(states) / 4).

Every generator and rating also comes in steps (``solitaire_steps``, ``duel_steps``,
``rate_solitaire_steps``, ``rate_duel_steps``): a generator that yields its progress (a
fraction in [0, 1]) after a bounded amount of work -- one search node, one playout, a few
hundred duel positions -- and returns the same result as the one-shot function, which simply
runs it to the end (:func:`~uno_web.puzzles.solitaire.run_steps`).  The browser runs the steps
in time slices so that the page stays responsive and the work can be cancelled.
"""

from __future__ import annotations

import math
import random
from typing import Any, Optional

from .duel import RULES, DuelResult, solve_duel
from .notation import Card, as_cards, format_card, format_cards
from .solitaire import (
    SearchLimitExceeded, SolitaireResult, Steps, run_steps, solve_solitaire_steps,
)

__all__ = [
    "LEVELS",
    "deal",
    "rate_solitaire",
    "rate_solitaire_steps",
    "rate_duel",
    "rate_duel_steps",
    "generate_solitaire",
    "generate_duel",
    "solitaire_steps",
    "duel_steps",
]

#: search budgets of the generators (part of what a seed means: changing them changes puzzles)
SOLVE_NODES = 500_000
RATE_NODES = 200_000
RATE_STATES = 300_000
#: duel rating: yield to the caller after this many new positions
STATES_PER_STEP = 200


def _constant(steps: "Steps[Any]", value: float) -> "Steps[Any]":
    """Run ``steps``, yielding ``value`` in place of each of its progress values."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value
        yield value


def _scaled(steps: "Steps[Any]", lo: float, hi: float) -> "Steps[Any]":
    """Run ``steps`` (progress in [0, 1]), yielding its progress mapped onto [lo, hi]."""
    while True:
        try:
            p = next(steps)
        except StopIteration as stop:
            return stop.value
        yield lo + (hi - lo) * min(1.0, max(0.0, float(p)))

LEVELS = ("easy", "medium", "hard")


def _level(score: float) -> str:
    if score < 35:
        return "easy"
    if score < 65:
        return "medium"
    return "hard"


def _check_params(colors: int, numbers: int, copies: int, needed: int) -> None:
    for name, v in (("colors", colors), ("numbers", numbers), ("copies", copies)):
        if not isinstance(v, int) or isinstance(v, bool) or v < 1:
            raise ValueError(f"{name} must be a positive integer, got {v!r}")
    if colors > 100 or numbers > 1000:
        raise ValueError("at most 100 colours and 1000 numbers")
    if needed > colors * numbers * copies:
        raise ValueError(
            f"cannot deal {needed} cards from a deck of {colors} colours x {numbers} numbers x {copies} copies "
            f"= {colors * numbers * copies} cards"
        )


def deal(rng: random.Random, n: int, colors: int = 4, numbers: int = 10, copies: int = 2) -> list[Card]:
    """Deal ``n`` cards without replacement from a deck holding ``copies`` of each pair."""
    _check_params(colors, numbers, copies, n)
    deck = [(c, k) for c in range(colors) for k in range(numbers) for _ in range(copies)]
    return sorted(rng.sample(deck, n))


# ---------------------------------------------------------------------------
# Ratings
# ---------------------------------------------------------------------------


def _connected_after(hand: list[Card], last: Card) -> bool:
    """Cheap look-ahead of a sensible player: the cards left in ``hand`` share
    colours/numbers in one connected group and at least one follows ``last``.

    (The colour-number graph with the cards as edges is connected: grow the set of
    colours reached from the first card through the numbers they share.)"""
    if not hand:
        return True
    lc, ln = last
    follows = False
    colours_of: dict[int, int] = {}  # number -> bit mask of the colours it has
    for c, k in hand:
        colours_of[k] = colours_of.get(k, 0) | (1 << c)
        if c == lc or k == ln:
            follows = True
    if not follows:
        return False
    masks = list(colours_of.values())
    every = 0
    for m in masks:
        every |= m
    reached = colours_of[hand[0][1]]
    grown = True
    while grown and reached != every:
        grown = False
        for m in masks:
            if m & reached and m | reached != reached:
                reached |= m
                grown = True
    return reached == every


def _random_playouts(cards: list[Card], playouts: int, rng: random.Random) -> float:
    """Success rate of a 'sensible random' player: random first card, then a
    uniformly random legal card among those that keep the rest connected and
    playable (falls back on any legal card)."""
    return run_steps(_random_playouts_steps(cards, playouts, rng))


def _random_playouts_steps(cards: list[Card], playouts: int, rng: random.Random) -> "Steps[float]":
    """:func:`_random_playouts` in steps: yields the fraction done after every playout."""
    if len(cards) <= 1:
        return 1.0
    ok = 0
    for done in range(playouts):
        hand = list(cards)
        last = hand.pop(rng.randrange(len(hand)))
        while hand:
            legal = [i for i, c in enumerate(hand) if c[0] == last[0] or c[1] == last[1]]
            if not legal:
                break
            # sample a legal card, rejecting unsafe ones (same distribution as
            # choosing uniformly among the safe cards, but cheaper)
            pick = -1
            cands = list(legal)
            while cands:
                j = cands.pop(rng.randrange(len(cands)))
                if _connected_after(hand[:j] + hand[j + 1:], hand[j]):
                    pick = j
                    break
            if pick == -1:
                pick = rng.choice(legal)
            last = hand.pop(pick)
        if not hand:
            ok += 1
        yield (done + 1) / playouts
    return ok / playouts


def rate_solitaire(cards: Any, *, playouts: int = 100, seed: int = 0, max_nodes: int = RATE_NODES) -> dict[str, Any]:
    """Difficulty rating of a solitaire puzzle (see module docstring)."""
    return run_steps(rate_solitaire_steps(cards, playouts=playouts, seed=seed, max_nodes=max_nodes))


def rate_solitaire_steps(cards: Any, *, playouts: int = 100, seed: int = 0, max_nodes: int = RATE_NODES,
                         solved: Optional[SolitaireResult] = None) -> "Steps[dict[str, Any]]":
    """:func:`rate_solitaire` in steps (progress in [0, 1]).  ``solved``: the result of
    ``solve_solitaire(cards)`` when the caller has it already (with a budget of at least
    ``max_nodes``), so that the search is not run twice; the rating is the same."""
    if solved is not None and solved.cards == as_cards(cards):
        if solved.nodes > max_nodes:  # what solving again with this budget would do
            raise SearchLimitExceeded(f"solitaire search exceeded {max_nodes} nodes")
        res = solved
    else:
        res = yield from _constant(solve_solitaire_steps(cards, max_nodes=max_nodes), 0.0)
    cards = res.cards
    n = max(1, len(cards))
    if not res.solvable:
        if res.reason == "disconnected":
            score = 10.0
        elif res.reason == "dead_ends":
            score = 25.0
        elif res.reason == "bridge_branches":
            score = 45.0
        else:
            score = 60.0 + 40.0 * min(1.0, math.log10(max(1, res.nodes)) / 4)
        return {
            "score": round(score, 1), "level": _level(score), "solvable": False,
            "proof": res.reason, "nodes": res.nodes,
        }
    try:
        plain_res = yield from _constant(
            solve_solitaire_steps(cards, max_nodes=max_nodes, use_shortcuts=False), 0.0)
        plain = plain_res.nodes
        capped = False
    except SearchLimitExceeded:
        plain = max_nodes
        capped = True
    p = yield from _random_playouts_steps(cards, playouts, random.Random(seed))
    seq = res.sequence or []
    # mean number of distinct legal cards at each step of the solution
    hand = list(cards)
    choices = []
    last: Optional[Card] = None
    for c in seq:
        choices.append(len({d for d in hand if last is None or d[0] == last[0] or d[1] == last[1]}))
        hand.remove(c)
        last = c
    branching = sum(choices) / len(choices) if choices else 0.0
    effort = min(1.0, max(0.0, math.log10(max(1.0, plain / n)) / 2))
    score = 75.0 * (1.0 - p) + 25.0 * effort
    return {
        "score": round(score, 1), "level": _level(score), "solvable": True,
        "random_success": round(p, 4), "plain_nodes": plain, "plain_nodes_capped": capped,
        "nodes": res.nodes, "branching": round(branching, 2),
    }


Hand = tuple[Card, ...]
Position = tuple[Hand, Hand, Optional[Card], int]  # player 1's hand, player 2's, top, to move


def _random_vs_perfect(h1: Hand, h2: Hand, rule: str, max_states: int) -> tuple[float, int]:
    """Exact probability that a uniformly random player 1 beats a perfect player 2."""
    return run_steps(_random_vs_perfect_steps(h1, h2, rule, max_states))


def _random_vs_perfect_steps(h1: Hand, h2: Hand, rule: str,
                             max_states: int) -> "Steps[tuple[float, int]]":
    """:func:`_random_vs_perfect` in steps: a depth-first walk on an explicit stack (the same
    positions in the same order as the plain recursion) that yields ``states / max_states``
    after every :data:`STATES_PER_STEP` new positions."""
    memo: dict[Position, float] = {}
    # a frame: [key, a, b, player, hand, legal moves, index of the next move, values so far]
    stack: list[list[Any]] = []

    def visit(a: Hand, b: Hand, last: Optional[Card], player: int) -> Optional[float]:
        """The value of a position when it is known at once, else open it (a frame) and None."""
        key = (a, b, last, player)
        v = memo.get(key)
        if v is not None:
            return v
        if len(memo) >= max_states:
            raise SearchLimitExceeded(f"duel rating exceeded {max_states} states")
        hand = a if player == 1 else b
        legal = sorted({c for c in hand if last is None or c[0] == last[0] or c[1] == last[1]})
        if not legal:
            v = 0.0 if player == 1 else 1.0
            memo[key] = v
            return v
        stack.append([key, a, b, player, hand, legal, 0, []])
        return None

    root = visit(h1, h2, None, 1)
    if root is not None:
        return root, len(memo)
    next_yield = STATES_PER_STEP
    while True:
        frame = stack[-1]
        key, a, b, player, hand, legal, i, vals = frame
        if i < len(legal):
            frame[6] = i + 1
            c = legal[i]
            rest = list(hand)
            rest.remove(c)
            rest_t = tuple(rest)
            if rule == "uno" and not rest:
                vals.append(1.0 if player == 1 else 0.0)
            else:
                v = visit(rest_t, b, c, 2) if player == 1 else visit(a, rest_t, c, 1)
                if v is not None:
                    vals.append(v)
            continue
        v = sum(vals) / len(vals) if player == 1 else min(vals)
        memo[key] = v
        stack.pop()
        if not stack:
            return v, len(memo)
        stack[-1][7].append(v)
        if len(memo) >= next_yield:
            next_yield = len(memo) + STATES_PER_STEP
            yield len(memo) / max_states


def rate_duel(p1: Any, p2: Any, *, rule: str = "geography", max_states: int = RATE_STATES) -> dict[str, Any]:
    """Difficulty rating of a duel puzzle ("win as player 1"), see module docstring."""
    return run_steps(rate_duel_steps(p1, p2, rule=rule, max_states=max_states))


def rate_duel_steps(p1: Any, p2: Any, *, rule: str = "geography", max_states: int = RATE_STATES,
                    solved: Optional[DuelResult] = None) -> "Steps[dict[str, Any]]":
    """:func:`rate_duel` in steps (progress in [0, 1]).  ``solved``: ``solve_duel(p1, p2,
    rule=rule)`` when the caller has it already (it is not run twice)."""
    res = solved if solved is not None else solve_duel(p1, p2, rule=rule)
    h1, h2 = tuple(res.p1), tuple(res.p2)
    try:
        p, states = yield from _random_vs_perfect_steps(h1, h2, rule, max_states)
        capped = False
    except SearchLimitExceeded:
        # fall back on the share of winning leads
        p = len(res.winning_leads) / max(1, len(res.lead_outcomes)) / 2
        states, capped = max_states, True
    effort = min(1.0, math.log10(max(1, states)) / 4)
    score = 75.0 * (1.0 - p) + 25.0 * effort
    return {
        "score": round(score, 1), "level": _level(score), "winner": res.winner,
        "random_win": round(p, 4), "states": states, "states_capped": capped,
        "winning_leads": len(res.winning_leads), "leads": len(res.lead_outcomes),
    }


# ---------------------------------------------------------------------------
# Generators
# ---------------------------------------------------------------------------


def _check_choice(name: str, value: Any, allowed: tuple[Any, ...]) -> None:
    if value is not None and value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(map(str, allowed))} or None, got {value!r}")


_TARGETS = {"easy": 17.5, "medium": 50.0, "hard": 82.5}


def generate_solitaire(
    n_cards: int = 20,
    *,
    seed: Optional[int] = None,
    colors: int = 4,
    numbers: int = 10,
    copies: int = 2,
    solvable: Optional[bool] = None,
    difficulty: Optional[str] = None,
    max_tries: int = 200,
) -> dict[str, Any]:
    """A random solitaire puzzle.

    ``solvable``: True/False to insist on a yes/no instance, None for any.
    ``difficulty``: "easy"/"medium"/"hard" to insist on a level (best effort:
    after ``max_tries`` deals the closest one is returned with
    ``"difficulty_matched": false``).  Raises ValueError when no deal with the
    requested answer is found in ``max_tries`` attempts.
    """
    return run_steps(solitaire_steps(
        n_cards, seed=seed, colors=colors, numbers=numbers, copies=copies, solvable=solvable,
        difficulty=difficulty, max_tries=max_tries))


def solitaire_steps(
    n_cards: int = 20,
    *,
    seed: Optional[int] = None,
    colors: int = 4,
    numbers: int = 10,
    copies: int = 2,
    solvable: Optional[bool] = None,
    difficulty: Optional[str] = None,
    max_tries: int = 200,
) -> "Steps[dict[str, Any]]":
    """:func:`generate_solitaire` in steps: checks the parameters at once (ValueError), then
    returns a generator that yields the fraction of the ``max_tries`` deals looked at (a
    deal in progress counts in part) and returns the puzzle of :func:`generate_solitaire`."""
    if not isinstance(n_cards, int) or isinstance(n_cards, bool) or n_cards < 1:
        raise ValueError(f"n_cards must be a positive integer, got {n_cards!r}")
    _check_params(colors, numbers, copies, n_cards)
    _check_choice("difficulty", difficulty, LEVELS)
    _check_choice("solvable", solvable, (True, False))
    return _solitaire_steps(n_cards, seed, colors, numbers, copies, solvable, difficulty,
                            max(1, max_tries))


def _solitaire_steps(n_cards: int, seed: Optional[int], colors: int, numbers: int, copies: int,
                     solvable: Optional[bool], difficulty: Optional[str],
                     tries: int) -> "Steps[dict[str, Any]]":
    rng = random.Random(seed)
    best: Optional[tuple[float, dict[str, Any]]] = None
    for attempt in range(1, tries + 1):
        done = (attempt - 1) / tries
        yield done
        cards = deal(rng, n_cards, colors, numbers, copies)
        res = yield from _constant(solve_solitaire_steps(cards, max_nodes=SOLVE_NODES), done)
        if solvable is not None and res.solvable != solvable:
            continue
        rating = yield from _scaled(
            rate_solitaire_steps(cards, seed=rng.randrange(2**31), solved=res), done,
            attempt / tries)
        puzzle = {
            "kind": "solitaire",
            "seed": seed,
            "attempt": attempt,
            "params": {"cards": n_cards, "colors": colors, "numbers": numbers, "copies": copies},
            "cards": format_cards(cards),
            "solvable": res.solvable,
            "solution": format_cards(res.sequence) if res.sequence is not None else None,
            "reason": res.reason,
            "explanation": res.explanation,
            "rating": rating,
        }
        if difficulty is None or rating["level"] == difficulty:
            puzzle["difficulty_matched"] = True
            return puzzle
        dist = abs(rating["score"] - _TARGETS[difficulty])
        if best is None or dist < best[0]:
            best = (dist, puzzle)
    if best is None:
        raise ValueError(
            f"no {'solvable' if solvable else 'unsolvable'} deal of {n_cards} cards found in {tries} tries; "
            f"try other sizes/colours/numbers"
        )
    best[1]["difficulty_matched"] = False
    return best[1]


def generate_duel(
    hand_size: int = 5,
    *,
    p2_size: Optional[int] = None,
    seed: Optional[int] = None,
    colors: int = 4,
    numbers: int = 10,
    copies: int = 2,
    rule: str = "geography",
    p1_wins: Optional[bool] = None,
    difficulty: Optional[str] = None,
    max_tries: int = 200,
) -> dict[str, Any]:
    """A random duel (uncooperative Uno-2) puzzle; ``p1_wins=True`` keeps only
    deals that player 1 wins with perfect play.  ``difficulty`` as in
    :func:`generate_solitaire`."""
    return run_steps(duel_steps(
        hand_size, p2_size=p2_size, seed=seed, colors=colors, numbers=numbers, copies=copies,
        rule=rule, p1_wins=p1_wins, difficulty=difficulty, max_tries=max_tries))


def duel_steps(
    hand_size: int = 5,
    *,
    p2_size: Optional[int] = None,
    seed: Optional[int] = None,
    colors: int = 4,
    numbers: int = 10,
    copies: int = 2,
    rule: str = "geography",
    p1_wins: Optional[bool] = None,
    difficulty: Optional[str] = None,
    max_tries: int = 200,
) -> "Steps[dict[str, Any]]":
    """:func:`generate_duel` in steps (as :func:`solitaire_steps`).  Solving one deal
    (``solve_duel``) is a single step: the caller keeps the hands small enough for that."""
    if rule not in RULES:
        raise ValueError(f"unknown duel rule {rule!r}; expected one of {', '.join(RULES)}")
    p2_size = hand_size if p2_size is None else p2_size
    for name, v in (("hand_size", hand_size), ("p2_size", p2_size)):
        if not isinstance(v, int) or isinstance(v, bool) or v < 1:
            raise ValueError(f"{name} must be a positive integer, got {v!r}")
    _check_params(colors, numbers, copies, hand_size + p2_size)
    _check_choice("difficulty", difficulty, LEVELS)
    _check_choice("p1_wins", p1_wins, (True, False))
    return _duel_steps(hand_size, p2_size, seed, colors, numbers, copies, rule, p1_wins,
                       difficulty, max(1, max_tries))


def _duel_steps(hand_size: int, p2_size: int, seed: Optional[int], colors: int, numbers: int,
                copies: int, rule: str, p1_wins: Optional[bool], difficulty: Optional[str],
                tries: int) -> "Steps[dict[str, Any]]":
    rng = random.Random(seed)
    best: Optional[tuple[float, dict[str, Any]]] = None
    for attempt in range(1, tries + 1):
        done = (attempt - 1) / tries
        yield done
        cards = deal(rng, hand_size + p2_size, colors, numbers, copies)
        rng.shuffle(cards)
        h1, h2 = sorted(cards[:hand_size]), sorted(cards[hand_size:])
        res = solve_duel(h1, h2, rule=rule)
        if p1_wins is not None and (res.winner == 1) != p1_wins:
            continue
        yield done
        rating = yield from _scaled(rate_duel_steps(h1, h2, rule=rule, solved=res), done,
                                    attempt / tries)
        puzzle = {
            "kind": "duel",
            "seed": seed,
            "attempt": attempt,
            "rule": rule,
            "params": {"hand_size": hand_size, "p2_size": p2_size, "colors": colors, "numbers": numbers,
                       "copies": copies},
            "p1": format_cards(h1),
            "p2": format_cards(h2),
            "winner": res.winner,
            "winning_leads": format_cards(res.winning_leads),
            "line": [{"player": p, "card": format_card(c)} for p, c in res.line],
            "end": res.end,
            "rating": rating,
        }
        if difficulty is None or rating["level"] == difficulty:
            puzzle["difficulty_matched"] = True
            return puzzle
        dist = abs(rating["score"] - _TARGETS[difficulty])
        if best is None or dist < best[0]:
            best = (dist, puzzle)
    if best is None:
        raise ValueError(
            f"no duel that player {'1' if p1_wins else '2'} wins found in {tries} tries; try other sizes"
        )
    best[1]["difficulty_matched"] = False
    return best[1]
