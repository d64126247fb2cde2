"""Deck invariants: hands, draw pile and discard pile together hold exactly the deck."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .state import GameState

if TYPE_CHECKING:
    from .reasons import Verdict

__all__ = ["CardTracker", "Cards", "DeckReport", "cards_of", "check_deck", "deck_verdict",
           "same_cards", "same_cards_as"]


@dataclass(frozen=True)
class DeckReport:
    """Whether the cards in play are exactly one deck: what is missing or extra."""

    ok: bool
    total: int  # cards found
    expected: int  # cards in the deck
    missing: tuple[int, ...]  # deck cards not found anywhere
    extra: tuple[int, ...]  # cards found more often than the deck has them

    @property
    def facts(self) -> tuple[tuple[str, object], ...]:
        """The verdict's params: what was found, no words (:func:`deck_verdict` words them)."""
        return (("found", self.total), ("expected", self.expected),
                ("missing", self.missing), ("extra", self.extra))

    @property
    def verdict(self) -> "Verdict":
        """The report as a validator verdict (OK_DECK, or E_DECK_INVARIANT when broken)."""
        from .reasons import Reason, Verdict

        return Verdict(Reason.OK_DECK if self.ok else Reason.E_DECK_INVARIANT, self.facts)

    @property
    def message(self) -> str:
        """The report in English (``108 cards accounted for``), written from :attr:`facts`;
        :mod:`uno_web.i18n.verdicts` writes it in another language from the same facts."""
        return self.verdict.detail


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
    return CardTracker(old).check(new)


def same_cards_as(old: Cards, new: GameState) -> bool:
    """Whether ``new`` holds exactly the cards ``old`` held (:func:`cards_of`, before a move),
    as multisets (:meth:`CardTracker.check`, on copies of ``old``)."""
    return CardTracker.of(*old).check(new)


class CardTracker:
    """Copies of where a state's cards were at the last check, kept up to date move by move:
    the deck invariant for a state changed in place, action after action (the log validator),
    without copying every pile before each action as :func:`cards_of` does.

    :meth:`check` is :func:`same_cards_as` against the kept copies: exact, and cheap for a move
    that only takes cards off the top of the draw pile, puts cards on the discard pile and
    changes hands (the copies follow by the cards that moved); anything else compares every
    card and copies the piles afresh."""

    __slots__ = ("draw", "discard", "hands")

    def __init__(self, s: GameState) -> None:
        self._take(s.draw, s.discard, s.hands)

    @classmethod
    def of(cls, draw: list[int], discard: list[int], hands: list[list[int]]) -> "CardTracker":
        """A tracker of these piles (copied)."""
        t = cls.__new__(cls)
        t._take(draw, discard, hands)
        return t

    def _take(self, draw: list[int], discard: list[int], hands: list[list[int]]) -> None:
        self.draw = draw[:]
        self.discard = discard[:]
        self.hands = list(map(_copy, hands))

    def check(self, s: GameState) -> bool:
        """Whether ``s`` holds exactly the cards it held at the last check (as multisets);
        the copies then stand for ``s``. After False the tracker is spent."""
        od, ox, oh = self.draw, self.discard, self.hands
        nd, nx, nh = s.draw, s.discard, s.hands
        k = len(nd)
        j = len(ox)
        if k <= len(od) and j <= len(nx) and len(nh) == len(oh):
            gone = od[k:]  # what left the draw pile, when its other cards are unchanged
            if gone:
                del od[k:]
            if od == nd:
                added = nx[j:]  # what joined the discard pile, when the rest is unchanged
                ox += added
                if ox == nx:
                    i = 0
                    for h, g in zip(oh, nh):
                        if h != g:
                            gone += h
                            added += g
                            oh[i] = g[:]
                        i += 1
                    gone.sort()
                    added.sort()
                    return gone == added
                del ox[j:]
            od += gone
        before = od + ox
        for h in oh:
            before += h
        if sorted(before) != sorted(s.all_cards()):
            return False
        self._take(nd, nx, nh)
        return True


def deck_verdict(s: GameState) -> "Verdict":
    """The deck invariant as a validator verdict (E_DECK_INVARIANT when broken)."""
    return check_deck(s).verdict
