"""Moves: small immutable values with a text notation that round-trips.

``Move`` is a ``NamedTuple`` (cheap to build in AI rollouts). ``str(move)`` gives the notation
and :func:`parse_move` reads it back::

    P0:R7        seat 0 plays red 7
    P0:R7!       ... and calls UNO with it
    P1:W+4=B     seat 1 plays Wild Draw Four naming blue
    P2:G7>0      seat 2 plays green 7 and swaps hands with seat 0 (7-0 rule)
    D0           seat 0 draws
    K0           seat 0 keeps the drawn card (passes)
    O0=R         seat 0 names the colour for a starting Wild
    U3           seat 3 calls UNO
    C1>3         seat 1 catches seat 3 who did not call UNO
    X2           seat 2 challenges a Wild Draw Four
    A2           seat 2 accepts the pending penalty (draws it)
    N0           deal the next round (any seat may ask)
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import NamedTuple

from .cards import CardError, card_str, color_code, parse_card, parse_color

__all__ = ["MoveKind", "Move", "MoveError", "parse_move"]


class MoveError(ValueError):
    """Move text that cannot be read."""


class MoveKind(IntEnum):
    PLAY = 0
    DRAW = 1
    PASS = 2
    CHOOSE_COLOR = 3
    CALL_UNO = 4
    CATCH = 5
    CHALLENGE = 6
    ACCEPT = 7
    NEXT_ROUND = 8


_LETTER = {
    MoveKind.PLAY: "P", MoveKind.DRAW: "D", MoveKind.PASS: "K", MoveKind.CHOOSE_COLOR: "O",
    MoveKind.CALL_UNO: "U", MoveKind.CATCH: "C", MoveKind.CHALLENGE: "X",
    MoveKind.ACCEPT: "A", MoveKind.NEXT_ROUND: "N",
}
_KIND = {v: k for k, v in _LETTER.items()}


class Move(NamedTuple):
    kind: int
    seat: int
    card: int = -1  # PLAY
    color: int = -1  # PLAY of a wild, CHOOSE_COLOR
    target: int = -1  # PLAY of a 7 under 7-0, CATCH
    uno: bool = False  # PLAY: call UNO with this card

    # constructors -------------------------------------------------------------------------
    @staticmethod
    def play(seat: int, card: int, color: int = -1, target: int = -1, uno: bool = False) -> "Move":
        return Move(MoveKind.PLAY, seat, card, color, target, uno)

    @staticmethod
    def draw(seat: int) -> "Move":
        return Move(MoveKind.DRAW, seat)

    @staticmethod
    def pass_(seat: int) -> "Move":
        return Move(MoveKind.PASS, seat)

    @staticmethod
    def choose_color(seat: int, color: int) -> "Move":
        return Move(MoveKind.CHOOSE_COLOR, seat, -1, color)

    @staticmethod
    def call_uno(seat: int) -> "Move":
        return Move(MoveKind.CALL_UNO, seat)

    @staticmethod
    def catch(seat: int, target: int) -> "Move":
        return Move(MoveKind.CATCH, seat, -1, -1, target)

    @staticmethod
    def challenge(seat: int) -> "Move":
        return Move(MoveKind.CHALLENGE, seat)

    @staticmethod
    def accept(seat: int) -> "Move":
        return Move(MoveKind.ACCEPT, seat)

    @staticmethod
    def next_round(seat: int = 0) -> "Move":
        return Move(MoveKind.NEXT_ROUND, seat)

    # notation -----------------------------------------------------------------------------
    def notation(self) -> str:
        letter = _LETTER[MoveKind(self.kind)]
        text = f"{letter}{self.seat}"
        if self.kind == MoveKind.PLAY:
            text += ":" + card_str(self.card)
            if self.color >= 0:
                text += "=" + color_code(self.color)
            if self.target >= 0:
                text += f">{self.target}"
            if self.uno:
                text += "!"
        elif self.kind == MoveKind.CHOOSE_COLOR:
            text += "=" + color_code(self.color)
        elif self.kind == MoveKind.CATCH:
            text += f">{self.target}"
        return text

    def __str__(self) -> str:
        return self.notation()

    @property
    def is_play(self) -> bool:
        return self.kind == MoveKind.PLAY

    def without_uno(self) -> "Move":
        return self._replace(uno=False) if self.uno else self


_PLAY_RE = re.compile(r"P(\d+):([^=>!]+)(?:=([A-Za-z]+))?(?:>(\d+))?(!)?")


def parse_move(text: str) -> Move:
    """Read a move written in the notation above. Raises :class:`MoveError`."""
    if not isinstance(text, str):
        raise MoveError(f"a move must be text, got {type(text).__name__}")
    s = text.strip()
    if not s:
        raise MoveError("empty move")
    head = s[0].upper()
    kind = _KIND.get(head)
    if kind is None:
        raise MoveError(
            f"unknown move {text!r}: it starts with one of P (play), D (draw), K (keep), "
            "O (choose colour), U (UNO), C (catch), X (challenge), A (accept), N (next round)"
        )
    try:
        if kind == MoveKind.PLAY:
            m = _PLAY_RE.fullmatch("P" + s[1:])
            if not m:
                raise MoveError(f"bad play {text!r}: write it like P0:R7, P1:W+4=B, P2:G7>0")
            return Move.play(
                int(m.group(1)),
                parse_card(m.group(2)),
                parse_color(m.group(3)) if m.group(3) else -1,
                int(m.group(4)) if m.group(4) else -1,
                bool(m.group(5)),
            )
        if kind == MoveKind.CHOOSE_COLOR:
            m = re.fullmatch(r"(\d+)=([A-Za-z]+)", s[1:])
            if not m:
                raise MoveError(f"bad colour choice {text!r}: write it like O0=R")
            return Move.choose_color(int(m.group(1)), parse_color(m.group(2)))
        if kind == MoveKind.CATCH:
            m = re.fullmatch(r"(\d+)>(\d+)", s[1:])
            if not m:
                raise MoveError(f"bad catch {text!r}: write it like C1>3")
            return Move.catch(int(m.group(1)), int(m.group(2)))
        m = re.fullmatch(r"(\d+)", s[1:])
        if not m:
            raise MoveError(f"bad move {text!r}: write it like {head}0")
        return Move(kind, int(m.group(1)))
    except CardError as exc:
        raise MoveError(str(exc)) from None
