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
from ..core.rules import RuleSet
from .util import hands_change_owners, makes_draw, reads_draws, top_after

__all__ = ["Memory", "Lack", "Note"]


class Lack(NamedTuple):
    color: int
    rank: int
    size: int  # the player's card count when noted
    how: str = "drew"  # "drew": drew and kept the card; "wild": answered the colour with a wild


class Note(NamedTuple):
    """A belief about part of a player's hand, for dealing guesses (Hard's determinizations).

    The ``k`` cards the player has held longest satisfy it: ``kind="lack"`` -- none of
    ``color``, none of ``rank`` (when >= 0) and, if ``no_wild``, no wild (the player drew rather
    than play); ``kind="favour"`` -- ``color`` is the colour they hold most of (they named it
    for a wild). ``k`` only shrinks: each card the player may have played since counts as one
    of the old ones gone, so the note stays true of the cards still held from then.
    ``trust`` is the share of deals that should respect it.
    """

    kind: str
    color: int
    rank: int
    k: int
    no_wild: bool
    trust: float


#: how far the notes are trusted (share of deals that respect them)
TRUST_DREW = 1.0
TRUST_WILD_LACK = 0.5
TRUST_FAVOUR = 0.6


class _Seen(NamedTuple):
    round: int
    discard_len: int
    top: int
    color: int
    counts: tuple[int, ...]


_TURN_KEEPERS = (Effect.SKIP, Effect.REVERSE, Effect.DRAW_TWO, Effect.WILD_DRAW_FOUR,
                 Effect.DRAW_FOUR, Effect.SELF_DRAW_TWO)


def forced_draw_after(rules: "RuleSet", top: int) -> bool:
    """Does the card ``top`` make a player draw whatever it holds (a draw card, a wild under
    ``wild_draws_one``, a Joker that makes its own player draw)? Asked of the core."""
    return makes_draw(rules, top) or EFFECT_OF[top] == Effect.SELF_DRAW_TWO


def rules_block_notes(obs: Observation, prev_top: int) -> bool:
    """True when the rules or the card on top make a draw say little about the hand."""
    return bool(not reads_draws(obs.rules) or forced_draw_after(obs.rules, prev_top) or obs.pending)


class Memory:
    """Per-seat notes, valid for one game (one bot instance plays one seat)."""

    def __init__(self, wild_notes: bool = True) -> None:
        self.wild_notes = wild_notes
        self.lacks: dict[int, Lack] = {}
        #: per seat, the notes for dealing guesses (oldest first; see :class:`Note`)
        self.notes: dict[int, list[Note]] = {}
        self._seen: _Seen | None = None
        self._round = -1

    def update(self, obs: Observation) -> None:
        """Read a new observation (call at every decision, turn or out of turn)."""
        if obs.round != self._round:
            self.lacks.clear()
            self.notes.clear()
            self._seen = None
            self._round = obs.round
        rules = obs.rules
        if hands_change_owners(rules):  # colour notes mean little
            self.lacks.clear()
            self.notes.clear()
            self._seen = None
            return
        self._update_notes(obs)
        # expire notes of players who drew since
        for seat, lack in list(self.lacks.items()):
            if obs.hand_counts[seat] > lack.size:
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
            and reads_draws(rules)
            and not forced_draw_after(rules, top)
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

    def _update_notes(self, obs: Observation) -> None:
        """Age the notes by what was played since the last observation and add new ones."""
        prev = self._seen
        if prev is None or prev.round != obs.round:
            self.notes.clear()
            return
        played = len(obs.discard) - prev.discard_len  # cards played by the others since
        if played < 0:  # the pile was turned over: the count of plays is lost
            self.notes.clear()
            return
        for seat, notes in list(self.notes.items()):
            # each card this player may have played since was perhaps one of the old ones
            gone = max(played, prev.counts[seat] - obs.hand_counts[seat])
            kept = [n._replace(k=n.k - gone) for n in notes if n.k - gone > 0]
            if kept:
                self.notes[seat] = kept
            else:
                del self.notes[seat]
        top = obs.top
        if top < 0 or prev.top < 0 or prev.color < 0 or rules_block_notes(obs, prev.top):
            return
        prank = RANK_OF[prev.top] if not IS_WILD[prev.top] else -1
        # players far from going out often save a wild rather than play it
        def no_wild(seat: int) -> bool:
            others = [c for i, c in enumerate(prev.counts) if i != seat and obs.active[i]]
            return not others or min(others) < 6

        if played == 0:
            for seat in range(obs.n):
                if seat == obs.seat or not obs.active[seat]:
                    continue
                if obs.hand_counts[seat] == prev.counts[seat] + 1:  # drew one, kept it
                    self._add(seat, Note("lack", prev.color, prank, prev.counts[seat],
                                         no_wild(seat), TRUST_DREW))
            return
        seat = obs.last_player
        if played != 1 or seat == obs.seat or not (0 <= seat < obs.n) or obs.discard[-2] != prev.top:
            return
        effect = EFFECT_OF[top]
        if obs.hand_counts[seat] == prev.counts[seat] and (
            effect not in _TURN_KEEPERS or sum(obs.active) > 2
        ):
            # one card played, the count unchanged: drew one and played it (nothing before)
            self._add(seat, Note("lack", prev.color, prank, prev.counts[seat], no_wild(seat),
                                 TRUST_DREW))
        elif obs.hand_counts[seat] == prev.counts[seat] - 1 and IS_WILD[top] and self.wild_notes:
            # answered the colour with a wild from the hand: probably could not follow it
            self._add(seat, Note("lack", prev.color, -1, obs.hand_counts[seat], False,
                                 TRUST_WILD_LACK))
        if IS_WILD[top] and obs.color >= 0 and obs.hand_counts[seat] > 0:
            self._add(seat, Note("favour", obs.color, -1, obs.hand_counts[seat], False,
                                 TRUST_FAVOUR))

    def _add(self, seat: int, note: Note) -> None:
        notes = self.notes.setdefault(seat, [])
        if note.kind == "favour":  # only the latest colour choice speaks for the hand
            notes[:] = [n for n in notes if n.kind != "favour"]
        notes.append(note)

    def note_move(self, obs: Observation, move: "Move | None") -> None:
        """Remember the table as it is right after this player's own ``move``."""
        seen = self._seen
        if seen is None or move is None:
            return
        played = top_after(move)
        if played is not None:
            card, color = played
            self._seen = seen._replace(discard_len=seen.discard_len + 1, top=card, color=color)
        elif move.kind == MoveKind.CHOOSE_COLOR:
            self._seen = seen._replace(color=move.color)

    def lacks_color(self, seat: int, color: int) -> bool:
        lack = self.lacks.get(seat)
        return lack is not None and lack.color == color
