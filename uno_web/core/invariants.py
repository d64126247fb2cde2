"""Deck invariants: hands, draw pile and discard pile together hold exactly the deck."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import card_str
from .state import GameState

if TYPE_CHECKING:
    from .reasons import Verdict

__all__ = ["Cards", "DeckReport", "cards_of", "check_deck", "deck_verdict", "same_cards",
           "same_cards_as"]


@dataclass(frozen=True)
class DeckReport:
    """Whether the cards in play are exactly one deck: what is missing or extra."""

    ok: bool
    total: int  # cards found
    expected: int  # cards in the deck
    missing: tuple[int, ...]  # deck cards not found anywhere
    extra: tuple[int, ...]  # cards found more often than the deck has them

    @property
    def message(self) -> str:
        if self.ok:
            return f"{self.total} cards accounted for"
        parts = [f"{self.total} of {self.expected} cards found"]
        if self.missing:
            parts.append("missing " + " ".join(card_str(c) for c in self.missing))
        if self.extra:
            parts.append("duplicated " + " ".join(card_str(c) for c in self.extra))
        return "; ".join(parts)


def check_deck(s: GameState) -> DeckReport:
    """Compare the multiset of every card in play with the game's deck (the rules' deck, or
    the exact cards a position names)."""
    found = Counter(s.all_cards())
    want = Counter(s.deck)
    missing = tuple(sorted((want - found).elements()))
    extra = tuple(sorted((found - want).elements()))
    total = sum(found.values())
    return DeckReport(not missing and not extra, total, len(s.deck), missing, extra)


Cards = tuple[list[int], list[int], list[list[int]]]  # draw pile, discard pile, hands


_copy = list.copy


def cards_of(s: GameState) -> Cards:
    """A copy of where ``s``'s cards are (draw pile, discard pile, hands), for
    :func:`same_cards_as` after ``s`` is changed in place."""
    return s.draw[:], s.discard[:], list(map(_copy, s.hands))


def same_cards(old: GameState, new: GameState) -> bool:
    """Whether ``new`` holds exactly the cards of ``old`` (as multisets): the deck invariant
    after one move, when ``old`` held the deck. See :func:`same_cards_as`."""
    return same_cards_as((old.draw, old.discard, old.hands), new)


def same_cards_as(old: Cards, new: GameState) -> bool:
    """Whether ``new`` holds exactly the cards ``old`` held (:func:`cards_of`, before a move),
    as multisets. Exact, and cheap for a move that only takes cards off the top of the draw
    pile, puts cards on the discard pile and changes hands: the cards that left the draw pile
    and the hands that changed must be the cards of those hands after and the new discards.
    Anything else (a reshuffle, a new round) compares every card."""
    od, ox, old_hands = old
    nd, nx = new.draw, new.discard
    if len(nd) <= len(od) and len(ox) <= len(nx):
        before = _past(od, nd)  # what left the draw pile, its other cards unchanged
        after = _past(nx, ox) if before is not None else None  # what joined the discard pile
        if before is not None and after is not None:
            for h, g in zip(old_hands, new.hands):
                if h != g:
                    before += h
                    after += g
            before.sort()
            after.sort()
            return before == after
    before = od + ox
    for h in old_hands:
        before += h
    return sorted(before) == sorted(new.all_cards())


def _past(longer: list[int], start: list[int]) -> list[int] | None:
    """The cards of ``longer`` past ``start`` when ``longer`` begins with ``start``, else None."""
    n = len(start)
    if n == len(longer):
        return [] if longer == start else None
    return longer[n:] if longer[:n] == start else None


def deck_verdict(s: GameState) -> "Verdict":
    """The deck invariant as a validator verdict (E_DECK_INVARIANT when broken)."""
    from .reasons import Reason, Verdict

    report = check_deck(s)
    return Verdict(Reason.OK_DECK if report.ok else Reason.E_DECK_INVARIANT,
                   (("detail", report.message),))
