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
from typing import Any, NamedTuple

from .cards import ALL_CARDS, CardError, Color, card_str, color_code, parse_card, parse_color
from .reasons import Reason, Verdict, quote_value

__all__ = ["MoveKind", "Move", "MoveError", "parse_move", "shape_problem", "MAX_MOVE_LENGTH",
           "NO_COLOR", "UNKNOWN_COLOR"]

NO_COLOR = -1  # a move that names no colour (any card but a wild)
UNKNOWN_COLOR = -2  # a colour that is none of the colours (``P0:W=Q``): check() refuses it


_CARDS = frozenset(ALL_CARDS)
_NAMED_COLORS = frozenset(c for c in Color if c != Color.WILD)  # what parse_color reads


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
    kind: MoveKind
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
        """The move in notation; never raises. A move that has none (one that
        :func:`shape_problem` refuses, or whose seat, target, card or colour cannot be written)
        is written as its fields, ``Move(kind=..., ...)``, as ``str()`` does; use
        :meth:`notation_problem` to tell the two apart. A colour that is none of the colours
        (:data:`UNKNOWN_COLOR`) is written ``?`` and reads back."""
        problem = self.notation_problem()
        return self._describe() if problem else self._notation()

    def notation_problem(self) -> str:
        """Why the move has no notation ("" when it has one), as a sentence that quotes the
        move short."""
        try:
            self._check_notation()
        except MoveError as exc:
            return str(exc)
        return ""

    def _check_notation(self) -> None:
        problem = shape_problem(self)
        if problem is None:
            kind, seat, card, color, target, _uno = self
            detail = ""
            if not 0 <= seat <= 99:
                detail = f"seat {quote_value(seat)} has no notation"
            elif (target != -1 or kind == MoveKind.CATCH) and not 0 <= target <= 99:
                detail = f"target {quote_value(target)} has no notation"
            elif kind == MoveKind.PLAY and card not in _CARDS:
                detail = f"{quote_value(card)} is not a card"
            elif ((color != NO_COLOR or kind == MoveKind.CHOOSE_COLOR)
                  and color not in _NAMED_COLORS and color != UNKNOWN_COLOR):
                detail = f"{quote_value(color)} is not a colour a move can name"
            else:
                return
            problem = {"form": "", "detail": detail}
        raise MoveError(f"{self._describe()} has no notation: "
                        f"{Verdict(Reason.E_MALFORMED, tuple(problem.items())).detail}")

    def _notation(self) -> str:
        letter = _LETTER[MoveKind(self.kind)]
        text = f"{letter}{int(self.seat)}"
        if self.kind == MoveKind.PLAY:
            text += ":" + card_str(self.card)
            if self.color != NO_COLOR:
                text += "=" + _color_text(self.color)
            if self.target >= 0:
                text += f">{int(self.target)}"
            if self.uno:
                text += "!"
        elif self.kind == MoveKind.CHOOSE_COLOR:
            text += "=" + _color_text(self.color)
        elif self.kind == MoveKind.CATCH:
            text += f">{int(self.target)}"
        return text

    def __str__(self) -> str:
        """The notation; a move that has none (see :meth:`notation`) is written as its fields."""
        return self.notation()

    def __repr__(self) -> str:
        # as NamedTuple writes it, but a number too long for str() is described, not raised on
        parts = []
        for k, v in zip(self._fields, self):
            try:
                text = repr(v)
            except ValueError:
                text = quote_value(v)
            parts.append(f"{k}={text}")
        return f"Move({', '.join(parts)})"

    def _describe(self) -> str:
        fields = ", ".join(f"{k}={quote_value(v)}" for k, v in zip(self._fields, self))
        return f"Move({fields})"

    @property
    def is_play(self) -> bool:
        return self.kind == MoveKind.PLAY

    def without_uno(self) -> "Move":
        return self._replace(uno=False) if self.uno else self


def _color_text(color: int) -> str:
    return "?" if color == UNKNOWN_COLOR else color_code(color)


def _read_color(text: str) -> int:
    """A colour in a move: a colour letter or name, or :data:`UNKNOWN_COLOR` for anything else
    (so that ``check`` answers ``E_COLOR_NOT_ALLOWED`` instead of the parser refusing)."""
    try:
        return parse_color(text)
    except CardError:
        return UNKNOWN_COLOR


# what each kind of move uses besides its seat: (card, colour, target, UNO flag)
_USES: dict[int, tuple[bool, bool, bool, bool]] = {
    MoveKind.PLAY: (True, True, True, True),
    MoveKind.CHOOSE_COLOR: (False, True, False, False),
    MoveKind.CATCH: (False, False, True, False),
}
_UNUSED = (False, False, False, False)
_LAST_KIND = max(MoveKind)


def shape_problem(move: object) -> dict[str, Any] | None:
    """What makes ``move`` malformed whatever the state of the game, or None.

    A well-formed move is a :class:`Move` whose kind is a :class:`MoveKind` number, whose seat,
    card, colour and target are whole numbers (``int``; ``bool`` counts, as in Python), whose
    ``uno`` flag is ``True`` or ``False`` (or 1 or 0), and whose fields that its kind does not
    use are left empty: ``card``, ``color`` and ``target`` at -1 and ``uno`` false. The answer
    is the parameters of an :attr:`~uno_web.core.reasons.Reason.E_MALFORMED` verdict
    (``form`` picks its wording); values are quoted short (:func:`quote_value`).
    """
    if move.__class__ is Move:  # the common case first: a move built by the engine or parse_move
        kind, seat, card, color, target, uno = move
        if (kind.__class__ is MoveKind and seat.__class__ is int and card.__class__ is int
                and color.__class__ is int and target.__class__ is int and uno.__class__ is bool):
            if kind == 0:  # MoveKind.PLAY (an Enum attribute is slow to read on CPython 3.11)
                return None
            uses = _USES.get(kind, _UNUSED)
            if ((uses[0] or card == -1) and (uses[1] or color == -1) and (uses[2] or target == -1)
                    and (uses[3] or not uno)):
                return None
    if not isinstance(move, Move):
        return {"form": "not_move", "value": quote_value(move)}
    kind, seat, card, color, target, uno = move
    for field, value in (("kind", kind), ("seat", seat), ("card", card), ("color", color),
                         ("target", target)):
        if not isinstance(value, int):
            return {"form": "type", "field": field, "value": quote_value(value)}
    if not isinstance(uno, int) or not (uno == 0 or uno == 1):
        return {"form": "uno", "value": quote_value(uno)}
    if not 0 <= kind <= _LAST_KIND:
        return {"form": "kind", "value": quote_value(kind), "last": str(int(_LAST_KIND))}
    if kind == MoveKind.PLAY:
        return None
    uses = _USES.get(kind, _UNUSED)
    for used, field, value, empty in (
        (uses[0], "card", card, -1),
        (uses[1], "color", color, -1),
        (uses[2], "target", target, -1),
        (uses[3], "uno", uno, False),
    ):
        if not used and value != empty:
            return {"form": "unused", "what": int(kind), "field": field,
                    "empty": repr(empty), "value": quote_value(value)}
    return None


MAX_MOVE_LENGTH = 40  # the longest move, ``P9:queen of diamonds=diamonds>9!``, has 32
_SEAT = r"([0-9]{1,2})"  # ASCII digits only: seats are 0 to 9, a number never has 3 digits
_PLAY_RE = re.compile(_SEAT + r":([^=>!]+)(?:=([A-Za-z]+|\?))?(?:>" + _SEAT + r")?(!)?")
_COLOR_RE = re.compile(_SEAT + r"=([A-Za-z]+|\?)")
_CATCH_RE = re.compile(_SEAT + ">" + _SEAT)
_SEAT_RE = re.compile(_SEAT)


def parse_move(text: str) -> Move:
    """Read a move written in the notation above. Raises :class:`MoveError` (and nothing else)
    for anything that is not a move: text only, at most 40 characters, ASCII letters and digits,
    seat numbers of one or two digits. The message quotes at most 40 characters of the text."""
    if not isinstance(text, str):
        raise MoveError(f"a move must be text, not {quote_value(text)}")
    s = text.strip()
    if not s:
        raise MoveError("empty move: write a move like P0:R7, D0 or K0")
    if len(s) > MAX_MOVE_LENGTH:
        raise MoveError(
            f"a move has at most {MAX_MOVE_LENGTH} characters, this one has {len(s)}: "
            f"{quote_value(s)}"
        )
    if not s.isascii() or not s.isprintable():
        raise MoveError(
            f"a move is written in plain letters, digits and the signs : = > ! + only: "
            f"{quote_value(s)}"
        )
    quoted = quote_value(s)
    head = s[0].upper()
    kind = _KIND.get(head)
    if kind is None:
        raise MoveError(
            f"unknown move {quoted}: it starts with one of P (play), D (draw), K (keep), "
            "O (choose colour), U (UNO), C (catch), X (challenge), A (accept), N (next round)"
        )
    rest = s[1:]
    try:
        if kind == MoveKind.PLAY:
            m = _PLAY_RE.fullmatch(rest)
            if not m:
                raise MoveError(f"bad play {quoted}: write it like P0:R7, P1:W+4=B, P2:G7>0")
            return Move.play(
                int(m.group(1)),
                parse_card(m.group(2)),
                _read_color(m.group(3)) if m.group(3) else NO_COLOR,
                int(m.group(4)) if m.group(4) else -1,
                bool(m.group(5)),
            )
        if kind == MoveKind.CHOOSE_COLOR:
            m = _COLOR_RE.fullmatch(rest)
            if not m:
                raise MoveError(f"bad colour choice {quoted}: write it like O0=R")
            return Move.choose_color(int(m.group(1)), _read_color(m.group(2)))
        if kind == MoveKind.CATCH:
            m = _CATCH_RE.fullmatch(rest)
            if not m:
                raise MoveError(f"bad catch {quoted}: write it like C1>3")
            return Move.catch(int(m.group(1)), int(m.group(2)))
        m = _SEAT_RE.fullmatch(rest)
        if not m:
            raise MoveError(f"bad move {quoted}: write it like {head}0")
        return Move(kind, int(m.group(1)))
    except CardError as exc:
        raise MoveError(str(exc)) from None
