"""Events: past-tense frozen records of what a move did.

They drive the log panel, animations and golden tests. ``to_dict`` gives a JSON-ready form with
cards in notation. Events that reveal a hidden card say so in :attr:`Event.private_to`: the
browser and the bots' observations show a drawn card only to the player who drew it.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

from .cards import card_str, color_name

__all__ = [
    "Event", "RoundStarted", "FirstCardTurned", "CardPlayed", "CardsDrawn", "TurnSkipped",
    "DirectionReversed", "ColorChosen", "PileReshuffled", "UnoCalled", "PenaltyApplied",
    "ChallengeResolved", "HandsSwapped", "HandsRotated", "TurnPassed", "RoundWon",
    "PlayerEliminated", "GameWon", "RoundBlocked", "CardReturned",
]


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event; ``kind`` names it in ``to_dict`` and the logs."""

    kind: ClassVar[str] = "event"
    _card_fields: ClassVar[tuple[str, ...]] = ()
    _color_fields: ClassVar[tuple[str, ...]] = ()

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"event": self.kind}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name in self._card_fields:
                v = [card_str(c) for c in v] if isinstance(v, tuple) else card_str(v)
            elif f.name in self._color_fields:
                v = color_name(v) if v >= 0 else None
            elif isinstance(v, tuple):
                v = list(v)
            d[f.name] = v
        return d

    def public(self) -> "Event":
        """The event as every player may see it."""
        return self


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A round was dealt (``deck``: the order dealt from, hidden from players)."""

    kind: ClassVar[str] = "round_started"
    _card_fields: ClassVar[tuple[str, ...]] = ("deck",)
    round: int
    dealer: int
    seats: tuple[int, ...]
    deck: tuple[int, ...] = ()  # the order dealt from, top first (hidden from players)

    def public(self) -> "Event":
        return RoundStarted(self.round, self.dealer, self.seats)


@dataclass(frozen=True, slots=True)
class FirstCardTurned(Event):
    """The first card of the discard pile was turned up."""

    kind: ClassVar[str] = "first_card_turned"
    _card_fields: ClassVar[tuple[str, ...]] = ("card",)
    card: int


@dataclass(frozen=True, slots=True)
class CardReturned(Event):
    """A starting card that the rules send back under the draw pile."""

    kind: ClassVar[str] = "card_returned"
    _card_fields: ClassVar[tuple[str, ...]] = ("card",)
    card: int


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A seat played a card (``color``: the colour it set; ``jump_in``: out of turn)."""

    kind: ClassVar[str] = "card_played"
    _card_fields: ClassVar[tuple[str, ...]] = ("card",)
    _color_fields: ClassVar[tuple[str, ...]] = ("color",)
    seat: int
    card: int
    color: int  # the current colour after the play
    jump_in: bool = False


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """A seat drew cards (``reason`` says why: a draw, a penalty, a draw card ...)."""

    kind: ClassVar[str] = "cards_drawn"
    _card_fields: ClassVar[tuple[str, ...]] = ("cards",)
    seat: int
    cards: tuple[int, ...]
    reason: str  # "draw", "penalty", "uno", "challenge", "joker"

    @property
    def count(self) -> int:
        return len(self.cards)

    def to_dict(self) -> dict[str, Any]:
        d = Event.to_dict(self)
        d["count"] = len(self.cards)
        return d

    def public(self) -> "Event":
        return _HiddenDraw(self.seat, len(self.cards), self.reason)


@dataclass(frozen=True, slots=True)
class _HiddenDraw(Event):
    """A draw as the other players see it: how many cards, not which."""

    kind: ClassVar[str] = "cards_drawn"
    seat: int
    count: int
    reason: str


@dataclass(frozen=True, slots=True)
class TurnSkipped(Event):
    """A seat lost its turn."""

    kind: ClassVar[str] = "turn_skipped"
    seat: int


@dataclass(frozen=True, slots=True)
class DirectionReversed(Event):
    """The direction of play changed."""

    kind: ClassVar[str] = "direction_reversed"
    direction: int


@dataclass(frozen=True, slots=True)
class ColorChosen(Event):
    """A seat named the colour of a wild card."""

    kind: ClassVar[str] = "color_chosen"
    _color_fields: ClassVar[tuple[str, ...]] = ("color",)
    seat: int
    color: int


@dataclass(frozen=True, slots=True)
class PileReshuffled(Event):
    """The discard pile (all but ``top``) became the new draw pile, in ``order``."""

    kind: ClassVar[str] = "pile_reshuffled"
    _card_fields: ClassVar[tuple[str, ...]] = ("order", "top")
    order: tuple[int, ...]  # the new draw pile, first card drawn first
    top: tuple[int, ...]  # the discard pile left after it (its top card, or a new starter)
    shuffled: bool = True

    def public(self) -> "Event":
        return _HiddenReshuffle(len(self.order), self.top, self.shuffled)


@dataclass(frozen=True, slots=True)
class _HiddenReshuffle(Event):
    """A reshuffle as the players see it: how many cards, not their order."""

    kind: ClassVar[str] = "pile_reshuffled"
    _card_fields: ClassVar[tuple[str, ...]] = ("top",)
    count: int
    top: tuple[int, ...]
    shuffled: bool


@dataclass(frozen=True, slots=True)
class UnoCalled(Event):
    """A seat called UNO."""

    kind: ClassVar[str] = "uno_called"
    seat: int


@dataclass(frozen=True, slots=True)
class PenaltyApplied(Event):
    """A seat drew penalty cards (``by``: the seat that caused them, -1 for none)."""

    kind: ClassVar[str] = "penalty_applied"
    seat: int
    count: int
    reason: str  # "draw_two", "draw_four", "stack", "uno", "challenge", "wild"
    by: int = -1


@dataclass(frozen=True, slots=True)
class ChallengeResolved(Event):
    """A Wild Draw Four challenge was decided (``bluff``: the card was illegal)."""

    kind: ClassVar[str] = "challenge_resolved"
    challenger: int
    challenged: int
    bluff: bool


@dataclass(frozen=True, slots=True)
class HandsSwapped(Event):
    """7-0 rule: a seat swapped hands with ``target``."""

    kind: ClassVar[str] = "hands_swapped"
    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class HandsRotated(Event):
    """7-0 rule: every hand moved one seat in ``direction``."""

    kind: ClassVar[str] = "hands_rotated"
    direction: int


@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    """A seat ended its turn without playing."""

    kind: ClassVar[str] = "turn_passed"
    seat: int


@dataclass(frozen=True, slots=True)
class RoundWon(Event):
    """A seat went out and won the round."""

    kind: ClassVar[str] = "round_won"
    seat: int
    points: int  # what the round scored (target: for the winner; elimination: total against)
    round_points: tuple[int, ...]  # points left in each seat's hand


@dataclass(frozen=True, slots=True)
class RoundBlocked(Event):
    """Nobody can play or draw, or (``repeated``) a draw from an empty pile found the round in
    a position it had twice before at such a draw: the round ends, the lowest hand wins it."""

    kind: ClassVar[str] = "round_blocked"
    repeated: bool = False


@dataclass(frozen=True, slots=True)
class PlayerEliminated(Event):
    """A seat left the game (elimination scoring)."""

    kind: ClassVar[str] = "player_eliminated"
    seat: int
    score: int


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """The game is over."""

    kind: ClassVar[str] = "game_won"
    seat: int
    scores: tuple[int, ...]


def _quick_init(cls: type) -> None:
    """Give a frozen, slotted event class an ``__init__`` that fills its slots through their
    descriptors: the dataclass's own goes through ``object.__setattr__`` once a field (about
    0.7 µs for a CardPlayed against 0.4 µs; the engine makes one or two events a move). Same
    parameters, defaults and values; the instances stay frozen (``tests/core/test_events.py``
    holds every class to the dataclass's own ``__init__``)."""
    fs = fields(cls)
    ns: dict[str, Any] = {}
    params = []
    body = []
    for i, f in enumerate(fs):
        ns[f"_set{i}"] = getattr(cls, f.name).__set__
        if f.default is not MISSING:
            ns[f"_default{i}"] = f.default
            params.append(f"{f.name}=_default{i}")
        else:
            params.append(f.name)
        body.append(f"    _set{i}(self, {f.name})\n")
    src = f"def __init__(self, {', '.join(params)}):\n" + ("".join(body) or "    pass\n")
    exec(src, ns)  # noqa: S102 - generated from the field names, as dataclasses does
    init = ns["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    setattr(cls, "__init__", init)


#: the dataclass's own ``__init__`` of each event class, for the tests
DATACLASS_INITS: dict[type, Any] = {}
for _cls in [c for c in list(globals().values()) if isinstance(c, type) and issubclass(c, Event)]:
    DATACLASS_INITS[_cls] = vars(_cls)["__init__"]
    _quick_init(_cls)
del _cls
