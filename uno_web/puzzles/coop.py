"""Cooperative two-player UNO (Cooperative Uno-2), NP-complete (Theorem 3.1).

Model (Demaine et al., section 2.3): both hands open, player 1 leads any card,
the players alternate, every card must match the previous card.  A player who
cannot play any card skips the turn but stays in the game (assumption (f1)); a
player who *can* play must play (assumption (d): no voluntary skipping).  The
question: can the two players cooperate so that player 1's hand becomes empty
before player 2's?  (If player 2 plays their last card first, the attempt
fails; if neither player can play, the game is stuck and the attempt fails.)

Exact memoised depth-first search over states (hand 1, hand 2, last card,
player to move); identical cards are interchangeable, so hands are sorted
tuples and each distinct card is tried once.  Intended for small hands
(the problem is NP-complete; a ``max_nodes`` budget guards the browser).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from .notation import Card, as_cards, format_card, format_cards
from .solitaire import SearchLimitExceeded

__all__ = ["CoopResult", "solve_coop", "is_valid_coop_line", "coop_brute_force"]

Step = tuple[int, Optional[Card]]
MAX_COOP_CARDS = 100  # the search recurses once per play; keeps the depth safe in the browser  # (player, card) or (player, None) for a forced skip


@dataclass(frozen=True)
class CoopResult:
    """``solvable``: player 1 can be made to go out first.
    ``line``: the certificate, a list of (player, card) steps where card None
    means that player had no legal card and skipped.  ``nodes``: search nodes."""

    p1: list[Card]
    p2: list[Card]
    solvable: bool
    line: Optional[list[Step]]
    nodes: int
    explanation: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "puzzle": "coop",
            "p1": format_cards(self.p1),
            "p2": format_cards(self.p2),
            "solvable": self.solvable,
            "line": None if self.line is None else [
                {"player": p, "card": format_card(c) if c is not None else None, "skip": c is None}
                for p, c in self.line
            ],
            "nodes": self.nodes,
            "explanation": self.explanation,
        }


def _m(a: Card, b: Card) -> bool:
    return a[0] == b[0] or a[1] == b[1]


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    lst = list(hand)
    lst.remove(card)
    return tuple(lst)


def is_valid_coop_line(p1: Any, p2: Any, line: list[Step]) -> bool:
    """Certificate check: replay ``line`` under the model's rules and confirm
    that player 1 empties their hand first."""
    h = {1: list(as_cards(p1)), 2: list(as_cards(p2))}
    last: Optional[Card] = None
    player = 1
    for who, card in line:
        if who != player or not h[1] or not h[2]:
            return False
        legal = [c for c in h[player] if last is None or _m(last, c)]
        if card is None:
            if legal or last is None:
                return False  # skipping is only allowed without a legal card
        else:
            card = tuple(card)  # type: ignore[assignment]
            if card not in legal:
                return False
            h[player].remove(card)
            last = card
        player = 3 - player
    return not h[1] and bool(h[2])


def solve_coop(p1: Any, p2: Any, *, max_nodes: Optional[int] = 1_000_000) -> CoopResult:
    """Decide Cooperative Uno-2 for hands ``p1`` (leads) and ``p2``."""
    h1 = tuple(sorted(as_cards(p1)))
    h2 = tuple(sorted(as_cards(p2)))
    if not h1 or not h2:
        raise ValueError("both players need at least one card")
    if len(h1) + len(h2) > MAX_COOP_CARDS:
        raise ValueError(f"the cooperative solver is for small hands: at most {MAX_COOP_CARDS} cards in total")
    failed: set[tuple[tuple[Card, ...], tuple[Card, ...], Card, int]] = set()
    nodes = 0

    def hopeless(a: tuple[Card, ...], b: tuple[Card, ...], last: Card) -> bool:
        # every card of player 1 must be able to follow something still in play
        for i, c in enumerate(a):
            if _m(last, c):
                continue
            if not any(j != i and _m(c, d) for j, d in enumerate(a)) and not any(_m(c, d) for d in b):
                return True
        return False

    def go(a: tuple[Card, ...], b: tuple[Card, ...], last: Card, player: int, line: list[Step]) -> bool:
        # a = player 1's hand (non-empty), b = player 2's hand (non-empty)
        nonlocal nodes
        key = (a, b, last, player)
        if key in failed:
            return False
        nodes += 1
        if max_nodes is not None and nodes > max_nodes:
            raise SearchLimitExceeded(f"cooperative search exceeded {max_nodes} nodes")
        if hopeless(a, b, last):
            failed.add(key)
            return False
        hand = a if player == 1 else b
        legal = sorted({c for c in hand if _m(last, c)})
        if not legal:
            other = b if player == 1 else a
            if not any(_m(last, c) for c in other):
                failed.add(key)  # neither can play: stuck
                return False
            line.append((player, None))
            if go(a, b, last, 3 - player, line):
                return True
            line.pop()
            failed.add(key)
            return False
        for c in legal:
            line.append((player, c))
            if player == 1:
                rest = _without(a, c)
                if not rest or go(rest, b, c, 2, line):
                    return True
            else:
                rest = _without(b, c)
                if rest and go(a, rest, c, 1, line):
                    return True
            line.pop()
        failed.add(key)
        return False

    line: list[Step] = []
    for c in sorted(set(h1)):
        line.append((1, c))
        rest = _without(h1, c)
        if not rest or go(rest, h2, c, 2, line):
            return CoopResult(list(h1), list(h2), True, line, nodes,
                              "player 1 can go out first with this sequence of plays")
        line.pop()
    return CoopResult(list(h1), list(h2), False, None, nodes,
                      "no cooperative sequence lets player 1 go out before player 2 (exhaustive search)")


def coop_brute_force(p1: Any, p2: Any) -> bool:
    """Reference oracle: plain recursion over every legal play sequence, no
    memo and no pruning (tiny hands only)."""
    h1 = list(as_cards(p1))
    h2 = list(as_cards(p2))

    def go(a: list[Card], b: list[Card], last: Optional[Card], player: int, skipped: bool) -> bool:
        hand = a if player == 1 else b
        legal = [c for c in hand if last is None or _m(last, c)]
        if not legal:
            if skipped:
                return False
            return go(a, b, last, 3 - player, True)
        for c in legal:
            rest = list(hand)
            rest.remove(c)
            if player == 1:
                if not rest or go(rest, b, c, 2, False):
                    return True
            else:
                if rest and go(a, rest, c, 1, False):
                    return True
        return False

    if not h1 or not h2:
        raise ValueError("both players need at least one card")
    return go(h1, h2, None, 1, False)
