"""What a bot remembers between its own decisions: who could not follow a colour.

Only observations are used. At each of its decisions the bot notes the public table (the top
card, the colour, everybody's card count). If at its next decision no card has been played on
top of that table and some player holds exactly one card more, that player drew a card and
kept it: they held no card of that colour nor of that number/symbol (and no wild), as both bots
and casual players play a card when they can. The note lasts until that player's card count
grows again (a new card may bring the colour back) or the round ends.

Likewise a player who answered the colour with a wild (exactly one card played since the
last note, a wild, by that player) probably held none of that colour: players keep their wilds
while they can follow colour (a weaker note, ``how="wild"``).

It is a heuristic: players may draw or play wilds when they could follow, so it is used to
prefer colours, never as certainty.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.cards import COLOR_OF, EFFECT_OF, IS_WILD, RANK_OF, Effect
from ..core.moves import Move, MoveKind
from ..core.observation import Observation

__all__ = ["Memory", "Lack"]


class Lack(NamedTuple):
    color: int
    rank: int
    count: int  # the player's card count when noted
    how: str = "drew"  # "drew": drew and kept the card; "wild": answered the colour with a wild


class _Seen(NamedTuple):
    round: int
    discard_len: int
    top: int
    color: int
    counts: tuple[int, ...]


class Memory:
    """Per-seat notes, valid for one game (one bot instance plays one seat)."""

    def __init__(self, wild_notes: bool = True) -> None:
        self.wild_notes = wild_notes
        self.lacks: dict[int, Lack] = {}
        self._seen: _Seen | None = None
        self._round = -1

    def update(self, obs: Observation) -> None:
        """Read a new observation (call at every decision, turn or out of turn)."""
        if obs.round != self._round:
            self.lacks.clear()
            self._seen = None
            self._round = obs.round
        rules = obs.rules
        if rules.seven_zero:  # hands change owners: colour notes mean little
            self.lacks.clear()
            self._seen = None
            return
        # expire notes of players who drew since
        for seat, lack in list(self.lacks.items()):
            if obs.hand_counts[seat] > lack.count:
                del self.lacks[seat]
        prev = self._seen
        top = obs.top
        if (
            prev is not None
            and prev.round == obs.round
            and prev.discard_len == len(obs.discard)
            and prev.top == top
            and prev.color == obs.color
            and top >= 0
            and prev.color >= 0
            and not rules.draw_to_match
            and not (rules.wild_draws_one and EFFECT_OF[top] == Effect.WILD)
            and EFFECT_OF[top] not in (Effect.DRAW_TWO, Effect.WILD_DRAW_FOUR, Effect.DRAW_FOUR,
                                       Effect.SELF_DRAW_TWO)
        ):
            for seat in range(obs.n):
                if seat == obs.seat or not obs.active[seat]:
                    continue
                if obs.hand_counts[seat] == prev.counts[seat] + 1:
                    rank = RANK_OF[top] if COLOR_OF[top] != 4 else -1
                    self.lacks[seat] = Lack(prev.color, rank, obs.hand_counts[seat])
        elif (
            prev is not None
            and self.wild_notes
            and prev.round == obs.round
            and len(obs.discard) == prev.discard_len + 1
            and top >= 0
            and IS_WILD[top]
            and prev.top >= 0
            and prev.color >= 0
            and obs.discard[-2] == prev.top
            and 0 <= obs.last_player != obs.seat
        ):
            # a wild answered the colour: players who can follow colour usually do
            seat = obs.last_player
            rank = RANK_OF[prev.top] if not IS_WILD[prev.top] else -1
            self.lacks[seat] = Lack(prev.color, rank, obs.hand_counts[seat], "wild")
        self._seen = _Seen(obs.round, len(obs.discard), top, obs.color, obs.hand_counts)

    def note_move(self, obs: Observation, move: "Move | None") -> None:
        """Remember the table as it is right after this player's own ``move``."""
        seen = self._seen
        if seen is None or move is None:
            return
        if move.kind == MoveKind.PLAY:
            card = move.card
            color = move.color if IS_WILD[card] else COLOR_OF[card]
            self._seen = seen._replace(discard_len=seen.discard_len + 1, top=card, color=color)
        elif move.kind == MoveKind.CHOOSE_COLOR:
            self._seen = seen._replace(color=move.color)

    def lacks_color(self, seat: int, color: int) -> bool:
        lack = self.lacks.get(seat)
        return lack is not None and lack.color == color
