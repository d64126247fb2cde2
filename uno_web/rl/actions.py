# uno_web: cli-only
"""The fixed action space: every distinct move a seat can make, numbered.

An action is a :class:`~uno_web.core.moves.Move` without its seat: the kind (one per
:class:`~uno_web.core.moves.MoveKind`) and the fields that kind uses (card, colour, target,
UNO flag). Targets are *relative*: ``+k`` is the player ``k`` seats after the acting one in seat
order, so one policy serves every seat. For a deck and a number of players the space is

* ``PLAY`` of every distinct card of the deck; a wild once per colour it can name; a number 7
  once without a target and once per other seat (the 7-0 rule's swap); each of those with and
  without the UNO call (``P0:R5!``);
* ``DRAW``, ``PASS`` (keep the drawn card; in a reaction window: let it go, see
  :mod:`uno_web.rl.aec`), ``CHOOSE_COLOR`` of each colour, ``CALL_UNO``, ``CATCH`` of each other
  seat, ``CHALLENGE``, ``ACCEPT``, ``NEXT_ROUND``.

The space depends on the deck and the number of players only, not on the other rules: an agent
keeps its action numbers across rule variants, and a move a rule forbids is simply never in the
mask. Every move :func:`~uno_web.core.engine.legal_moves` can list has an action (tests/rl holds
the table to ``legal_moves`` over random games of every preset and 2 to 10 players).
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.cards import EFFECT_OF, IS_WILD, RANK_OF, Effect, card_str, color_code
from ..core.moves import Move, MoveKind
from ..core.state import deck_cards, deck_colors

__all__ = ["Action", "ActionTable"]


class Action(NamedTuple):
    """A move without its seat; ``target`` is relative (``k`` seats after the mover, -1 none)."""

    kind: int
    card: int = -1
    color: int = -1
    target: int = -1
    uno: bool = False

    def name(self) -> str:
        """The move's notation without the seat, relative targets as ``>+k``: ``P:W+4=B``,
        ``P:R7>+1!``, ``D``, ``C>+2``."""
        letter = "PDKOUCXAN"[self.kind]
        text = letter
        if self.kind == MoveKind.PLAY:
            text += ":" + card_str(self.card)
            if self.color >= 0:
                text += "=" + color_code(self.color)
            if self.target >= 0:
                text += f">+{self.target}"
            if self.uno:
                text += "!"
        elif self.kind == MoveKind.CHOOSE_COLOR:
            text += "=" + color_code(self.color)
        elif self.kind == MoveKind.CATCH:
            text += f">+{self.target}"
        return text


def _plays(deck: str, players: int) -> list[Action]:
    colors = deck_colors(deck)
    out = []
    for card in sorted(set(deck_cards(deck))):
        names = colors if IS_WILD[card] else (-1,)
        swaps: tuple[int, ...] = (-1,)
        if RANK_OF[card] == 7 and EFFECT_OF[card] == Effect.NUMBER:  # the 7-0 rule's 7
            swaps = (-1, *range(1, players))
        for color in names:
            for target in swaps:
                for uno in (False, True):
                    out.append(Action(MoveKind.PLAY, card, color, target, uno))
    return out


class ActionTable:
    """The numbered actions of a deck and a number of players, and the moves they stand for.

    ``moves[seat][i]`` is action ``i`` as seat ``seat``'s :class:`Move`; ``index[seat][move]``
    the action of a move (a dict, so the mask of ``legal_moves`` is a few lookups)."""

    def __init__(self, deck: str, players: int) -> None:
        if not 2 <= players <= 10:
            raise ValueError(f"UNO is played by 2 to 10 players, not {players!r}")
        self.deck = deck
        self.players = players
        colors = deck_colors(deck)
        others = range(1, players)
        actions: list[Action] = []
        for kind in MoveKind:  # every kind of move the engine knows, in its order
            if kind == MoveKind.PLAY:
                actions += _plays(deck, players)
            elif kind == MoveKind.CHOOSE_COLOR:
                actions += [Action(kind, color=c) for c in colors]
            elif kind == MoveKind.CATCH:
                actions += [Action(kind, target=k) for k in others]
            else:  # DRAW, PASS, CALL_UNO, CHALLENGE, ACCEPT, NEXT_ROUND: the seat alone
                actions.append(Action(kind))
        self.actions: tuple[Action, ...] = tuple(actions)
        self.size = len(actions)
        self.pass_action = actions.index(Action(MoveKind.PASS))
        self.moves: list[tuple[Move, ...]] = [
            tuple(self._move(seat, a) for a in actions) for seat in range(players)
        ]
        self.index: list[dict[Move, int]] = [
            {m: i for i, m in enumerate(ms)} for ms in self.moves
        ]

    def _move(self, seat: int, a: Action) -> Move:
        target = (seat + a.target) % self.players if a.target > 0 else -1
        return Move(MoveKind(a.kind), seat, a.card, a.color, target, a.uno)

    def action_of(self, move: Move) -> int:
        """The action number of ``move`` (its seat's view); KeyError for a move outside the
        space, which :func:`legal_moves` never lists."""
        return self.index[move.seat][move]

    def name(self, action: int) -> str:
        return self.actions[action].name()

    def __len__(self) -> int:
        return self.size

    def __repr__(self) -> str:
        return f"<ActionTable deck={self.deck} players={self.players} actions={self.size}>"
