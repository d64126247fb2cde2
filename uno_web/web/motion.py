"""What moves on the table after a move, as plain data (no DOM): the controller plays it.

:func:`motions` reads the events of the moves applied since a version and says, in order,
which card flies from which seat to the pile (``play``), how many cards fly from the pile to a
seat (``draw``), and which short effects pop up at a seat (``burst``: "UNO!", "Caught!",
"Skipped", "Reversed", "Bluff!").  Seat -1 is the middle of the table.  What a seat may see is
kept: a draw is a count, never the cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Sequence

from ..core.cards import card_str
from ..core.events import Event

__all__ = ["Motion", "motions", "motions_of", "MAX_FLIGHTS", "SOUNDS"]

#: more cards than this drawn at once fly as this many (the count is still shown)
MAX_FLIGHTS = 6

#: the sound of each motion kind / burst (made in the page with Web Audio, never a file)
SOUNDS = {"play": "play", "draw": "draw", "UNO!": "uno", "Caught!": "catch", "Bluff!": "catch",
          "Skipped": "skip", "Reversed": "skip"}


@dataclass(frozen=True)
class Motion:
    kind: Literal["play", "draw", "burst"]
    seat: int  # who plays, draws or is meant (-1: the middle of the table)
    card: str = ""  # play: the card's notation (the page draws its face)
    count: int = 0  # draw: how many cards
    text: str = ""  # burst: the words shown

    @property
    def sound(self) -> str:
        return SOUNDS.get(self.text if self.kind == "burst" else self.kind, "")


def motions_of(events: Sequence[Event]) -> list[Motion]:
    """The motions of one move's events."""
    out: list[Motion] = []
    for ev in events:
        k = ev.kind
        seat = int(getattr(ev, "seat", -1))
        if k == "card_played":
            out.append(Motion("play", seat, card=card_str(int(getattr(ev, "card")))))
        elif k == "cards_drawn":
            n = len(getattr(ev, "cards", ())) or int(getattr(ev, "count", 0))
            if n:
                out.append(Motion("draw", seat, count=n))
        elif k == "uno_called":
            out.append(Motion("burst", seat, text="UNO!"))
        elif k == "penalty_applied" and getattr(ev, "reason", "") == "uno":
            out.append(Motion("burst", seat, text="Caught!"))
        elif k == "turn_skipped":
            out.append(Motion("burst", seat, text="Skipped"))
        elif k == "direction_reversed":
            out.append(Motion("burst", -1, text="Reversed"))
        elif k == "challenge_resolved":
            bluffer = int(getattr(ev, "challenged"))
            out.append(Motion("burst", bluffer, text="Bluff!" if getattr(ev, "bluff") else "Legal"))
    return out


def motions(history: Sequence[tuple[object, Sequence[Event]]], since: int) -> list[Motion]:
    """Every motion of the moves ``history[since:]`` (a recorder's ``(move, events)`` list)."""
    out: list[Motion] = []
    for _move, events in history[max(0, since):]:
        out.extend(motions_of(events))
    return out
