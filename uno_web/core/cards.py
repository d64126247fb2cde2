"""Cards: small ints with lookup tables, and a notation that round-trips.

A card is an ``int`` ``colour * 32 + rank`` so that hot loops (simulations, AI rollouts) work on
plain values. Everything a rule needs to know about a card is a table lookup
(``COLOR_OF[card]``, ``RANK_OF[card]``, ``POINTS_OF[card]`` ...).

Two decks share the encoding without overlapping:

* the UNO deck: colours red, yellow, green, blue (0-3) and black (4) for wilds;
  ranks 0-9, Skip, Reverse, Draw Two, Wild, Wild Draw Four.  Notation ``R7``, ``GS``, ``BR``,
  ``Y+2``, ``W``, ``W+4``.
* the playing-card deck of the ``playing-cards`` preset: suits hearts, diamonds, clubs,
  spades (colours 5-8); ranks 2-10 and Jack (reverses), Queen (skips), King (next draws 2),
  Ace (next draws 4) and the Joker (a spade that makes whoever plays it draw 2).
  Notation rank then suit: ``7H``, ``10S``, ``JD``, ``QC``, ``KH``, ``AS``, and ``JK`` for a Joker.

Notation is for where a person types a card (moves, logs, links). Everything shown to a player
names cards in words with :func:`card_name` ("red 7", "red Skip", "blue Draw Two", "Wild",
"Wild Draw Four", "queen of spades", "Joker") and lists with :func:`cards_name`.
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import Any, Iterable

__all__ = [
    "Color",
    "Rank",
    "Effect",
    "CardError",
    "make_card",
    "parse_card",
    "parse_cards",
    "card_str",
    "cards_str",
    "card_name",
    "cards_name",
    "join_words",
    "color_code",
    "color_name",
    "parse_color",
    "COLOR_OF",
    "RANK_OF",
    "EFFECT_OF",
    "POINTS_OF",
    "IS_WILD",
    "UNO_COLORS",
    "SUIT_COLORS",
    "ALL_CARDS",
]


class CardError(ValueError):
    """A card or colour string that cannot be read. ``words``: the same reason as a phrase's
    key and facts (:class:`~uno_web.core.words.Words`) for a page in another language, where
    the raise site has them (None: only the English message)."""

    def __init__(self, message: str, words: Any = None) -> None:
        super().__init__(message)
        self.words = words


class Color(IntEnum):
    RED = 0
    YELLOW = 1
    GREEN = 2
    BLUE = 3
    WILD = 4  # black: the colour printed on Wild cards
    HEARTS = 5
    DIAMONDS = 6
    CLUBS = 7
    SPADES = 8


class Rank(IntEnum):
    # 0-10 are numbers (UNO uses 0-9, playing cards 2-10)
    SKIP = 11
    REVERSE = 12
    DRAW_TWO = 13
    WILD = 14
    WILD_DRAW_FOUR = 15
    JACK = 16
    QUEEN = 17
    KING = 18
    ACE = 19
    JOKER = 20


class Effect(IntEnum):
    """What playing a card does, independent of its printed name."""

    NUMBER = 0
    SKIP = 1
    REVERSE = 2
    DRAW_TWO = 3  # next player draws 2 and misses the turn
    WILD = 4
    WILD_DRAW_FOUR = 5
    DRAW_FOUR = 6  # a coloured card: next player draws 4 (the playing-card Ace)
    SELF_DRAW_TWO = 7  # the player who plays it draws 2 (the Joker)


UNO_COLORS: tuple[int, ...] = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)
SUIT_COLORS: tuple[int, ...] = (Color.HEARTS, Color.DIAMONDS, Color.CLUBS, Color.SPADES)

_COLOR_CODE = {0: "R", 1: "Y", 2: "G", 3: "B", 4: "W", 5: "H", 6: "D", 7: "C", 8: "S"}
_COLOR_NAME = {
    0: "red", 1: "yellow", 2: "green", 3: "blue", 4: "wild",
    5: "hearts", 6: "diamonds", 7: "clubs", 8: "spades",
}
_RANK_EFFECT = {
    Rank.SKIP: Effect.SKIP, Rank.REVERSE: Effect.REVERSE, Rank.DRAW_TWO: Effect.DRAW_TWO,
    Rank.WILD: Effect.WILD, Rank.WILD_DRAW_FOUR: Effect.WILD_DRAW_FOUR,
    Rank.JACK: Effect.REVERSE, Rank.QUEEN: Effect.SKIP, Rank.KING: Effect.DRAW_TWO,
    Rank.ACE: Effect.DRAW_FOUR, Rank.JOKER: Effect.SELF_DRAW_TWO,
}
_UNO_SYMBOL = {Rank.SKIP: "S", Rank.REVERSE: "R", Rank.DRAW_TWO: "+2"}
_FACE_SYMBOL = {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"}
# the names printed on the cards: UNO's action cards are capitalised ("red Skip", "Wild Draw
# Four"), playing cards read as in everyday speech ("queen of spades")
_RANK_NAME = {
    Rank.SKIP: "Skip", Rank.REVERSE: "Reverse", Rank.DRAW_TWO: "Draw Two", Rank.WILD: "Wild",
    Rank.WILD_DRAW_FOUR: "Wild Draw Four", Rank.JACK: "jack", Rank.QUEEN: "queen",
    Rank.KING: "king", Rank.ACE: "ace", Rank.JOKER: "Joker",
}


def make_card(color: int, rank: int) -> int:
    return color * 32 + rank


def _is_valid(color: int, rank: int) -> bool:
    if color in UNO_COLORS:
        return 0 <= rank <= 9 or rank in (Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO)
    if color == Color.WILD:
        return rank in (Rank.WILD, Rank.WILD_DRAW_FOUR)
    if color in SUIT_COLORS:
        return 2 <= rank <= 10 or rank in (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE) or (
            rank == Rank.JOKER and color == Color.SPADES
        )
    return False


_TABLE_SIZE = 9 * 32
ALL_CARDS: tuple[int, ...] = tuple(
    make_card(c, r) for c in range(9) for r in range(32) if _is_valid(c, r)
)
COLOR_OF: list[int] = [-1] * _TABLE_SIZE
RANK_OF: list[int] = [-1] * _TABLE_SIZE
EFFECT_OF: list[int] = [-1] * _TABLE_SIZE
POINTS_OF: list[int] = [0] * _TABLE_SIZE
IS_WILD: list[bool] = [False] * _TABLE_SIZE
_STR: dict[int, str] = {}
_NAME: dict[int, str] = {}


def _points(color: int, rank: int) -> int:
    if rank <= 10:
        return rank
    if rank in (Rank.WILD, Rank.WILD_DRAW_FOUR, Rank.JOKER):
        return 50
    return 20


for _c in ALL_CARDS:
    _col, _rk = divmod(_c, 32)
    COLOR_OF[_c] = _col
    RANK_OF[_c] = _rk
    EFFECT_OF[_c] = _RANK_EFFECT.get(Rank(_rk), Effect.NUMBER) if _rk > 10 else Effect.NUMBER
    POINTS_OF[_c] = _points(_col, _rk)
    IS_WILD[_c] = _col == Color.WILD
    if _col == Color.WILD:
        _STR[_c] = "W" if _rk == Rank.WILD else "W+4"
    elif _col in UNO_COLORS:
        _STR[_c] = _COLOR_CODE[_col] + (str(_rk) if _rk <= 9 else _UNO_SYMBOL[Rank(_rk)])
    elif _rk == Rank.JOKER:
        _STR[_c] = "JK"
    else:
        _STR[_c] = (str(_rk) if _rk <= 10 else _FACE_SYMBOL[Rank(_rk)]) + _COLOR_CODE[_col]
    if _col == Color.WILD:
        _NAME[_c] = _RANK_NAME[Rank(_rk)]
    elif _col in UNO_COLORS:
        _NAME[_c] = f"{_COLOR_NAME[_col]} {_rk if _rk <= 9 else _RANK_NAME[Rank(_rk)]}"
    elif _rk == Rank.JOKER:
        _NAME[_c] = _RANK_NAME[Rank.JOKER]
    else:
        _NAME[_c] = f"{_rk if _rk <= 10 else _RANK_NAME[Rank(_rk)]} of {_COLOR_NAME[_col]}"

_PARSE: dict[str, int] = {s.upper(): c for c, s in _STR.items()}
_PARSE.update({n.upper(): c for c, n in _NAME.items()})

# Long forms people write: "red 7", "blue skip", "green draw 2", "wild draw 4", "wild +4",
# "seven of hearts", "queen of spades", "10 of diamonds", "+4", "joker".
_ALIASES = {
    "WILD+4": "W+4", "W4": "W+4", "+4": "W+4", "WD4": "W+4", "WILD DRAW 4": "W+4",
    "WILD FOUR": "W+4", "WILDFOUR": "W+4", "WILD DRAWFOUR": "W+4", "WILD": "W", "JOKER": "JK",
}
_WORD_RANK = {
    "SKIP": "S", "REVERSE": "R", "SWITCH": "R", "SWAP": "R", "DRAW TWO": "+2", "DRAW 2": "+2",
    "+2": "+2", "D2": "+2", "PLUS TWO": "+2", "DRAW": "+2",
    "ZERO": "0", "ONE": "1", "TWO": "2", "THREE": "3", "FOUR": "4", "FIVE": "5", "SIX": "6",
    "SEVEN": "7", "EIGHT": "8", "NINE": "9", "TEN": "10",
    "JACK": "J", "QUEEN": "Q", "KING": "K", "ACE": "A",
}
_WORD_COLOR = {"RED": "R", "YELLOW": "Y", "GREEN": "G", "BLUE": "B"}
_WORD_SUIT = {
    "HEARTS": "H", "HEART": "H", "DIAMONDS": "D", "DIAMOND": "D",
    "CLUBS": "C", "CLUB": "C", "SPADES": "S", "SPADE": "S",
}


def parse_card(text: str) -> int:
    """Read one card in short (``R7``, ``W+4``, ``QS``) or long form (``red 7``).

    Raises :class:`CardError` with a message saying what was expected.
    """
    if not isinstance(text, str):
        raise CardError(f"a card must be written as text, got {type(text).__name__}")
    key = " ".join(text.strip().upper().replace("-", " ").replace("_", " ").split())
    if not key:
        raise CardError("empty card: write a card like R7, GS, BR, Y+2, W or W+4")
    if key in _PARSE:
        return _PARSE[key]
    key = _ALIASES.get(key, key)
    if key in _PARSE:
        return _PARSE[key]
    m = re.fullmatch(r"(RED|YELLOW|GREEN|BLUE)\s+(.+)", key)
    if m:
        rank = _WORD_RANK.get(m.group(2), m.group(2))
        short = _WORD_COLOR[m.group(1)] + rank
        if short in _PARSE:
            return _PARSE[short]
    m = re.fullmatch(r"(.+?)\s+OF\s+(HEARTS?|DIAMONDS?|CLUBS?|SPADES?)", key)
    if m:
        rank = _WORD_RANK.get(m.group(1), m.group(1))
        short = rank + _WORD_SUIT[m.group(2)]
        if short in _PARSE:
            return _PARSE[short]
    m = re.fullmatch(r"WILD\s*(DRAW)?\s*(\+?4|FOUR)", key)
    if m:
        return _PARSE["W+4"]
    from .words import Words, english  # (words reads the cards: imported on use)

    words = Words.of("card.unknown", notation=_short(text))
    raise CardError(english(words), words)


def parse_cards(text: str) -> list[int]:
    """Read several cards: short forms separated by spaces or commas; long forms separated by
    commas (``"R7 W+4 G+2"``, ``"red 7, wild draw four"``)."""
    if not isinstance(text, str):
        raise CardError(f"cards must be written as text, got {type(text).__name__}")
    out: list[int] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        try:
            out.append(parse_card(part))
        except CardError:
            out.extend(parse_card(p) for p in part.split())
    return out


def card_str(card: int) -> str:
    """The short notation of a card (``R7``, ``W+4``, ``QS``); ``parse_card`` reads it back."""
    try:
        return _STR[card]
    except (KeyError, TypeError):
        raise CardError(f"not a card: {_short(card)}") from None


def cards_str(cards: "list[int] | tuple[int, ...]") -> str:
    return " ".join(_STR[c] for c in cards)


def card_name(card: int) -> str:
    """A card's name for people, as every message on screen writes it: ``red 7``,
    ``red Skip``, ``blue Draw Two``, ``Wild``, ``Wild Draw Four``, ``queen of spades``,
    ``10 of hearts``, ``Joker``. ``parse_card`` reads it back."""
    try:
        return _NAME[card]
    except (KeyError, TypeError):
        raise CardError(f"not a card: {_short(card)}") from None


def join_words(words: "Iterable[str]", conjunction: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c`` (``conjunction="or"``: ``a, b or c``)."""
    items = list(words)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def cards_name(cards: "Iterable[int]", conjunction: str = "and") -> str:
    """Several cards named for people: ``red 7, blue Skip and Wild``."""
    return join_words((card_name(c) for c in cards), conjunction)


def color_code(color: int) -> str:
    return _COLOR_CODE[color]


def color_name(color: int) -> str:
    return _COLOR_NAME[color]


_COLOR_PARSE = {v: k for k, v in _COLOR_CODE.items()}
_COLOR_PARSE.update({v.upper(): k for k, v in _COLOR_NAME.items()})
_COLOR_PARSE.update({"HEART": 5, "DIAMOND": 6, "CLUB": 7, "SPADE": 8})


def _short(value: object) -> str:
    """A quoted excerpt of an outside value for a message: at most 40 characters."""
    from .fields import excerpt  # fields reads cards: imported here, not at the top

    return excerpt(value)


def parse_color(text: "str | int") -> int:
    """Read a colour: ``R``/``red``/0 ... ``S``/``spades``/8. Raises :class:`CardError`."""
    if isinstance(text, int) and not isinstance(text, bool):
        if text in _COLOR_CODE and text != Color.WILD:
            return text
        raise CardError(f"unknown colour {_short(text)}")
    if not isinstance(text, str):
        raise CardError(f"a colour must be text like R, Y, G, B, got {type(text).__name__}")
    key = text.strip().upper()
    col = _COLOR_PARSE.get(key)
    if col is None or col == Color.WILD:
        raise CardError(f"unknown colour {_short(text)}: use R, Y, G or B (or H, D, C, S for suits)")
    return col
