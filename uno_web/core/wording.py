"""The English words of a verdict's facts: a seat's name, a card's, a colour's, a number of
cards, and an outside value quoted short.

A :class:`~uno_web.core.reasons.Verdict` carries facts (seat and card numbers, counts, the
toggle); :func:`uno_web.core.reasons.english_params` writes its message's words with these, and
:mod:`uno_web.i18n.verdicts` writes another language's from the same facts.
"""

from __future__ import annotations

from typing import Any, Callable

from .cards import CardError, card_name, color_name, join_words

__all__ = [
    "QUOTE_LIMIT", "quote_value", "PERSON_KEYS", "CARD_KEYS", "COUNT_KEYS", "OPTION_WORDS",
    "MOVE_KIND_WORDS", "FIELD_THINGS", "NOBODY", "seat_name", "card_words", "color_words",
    "count_words", "drawn_it", "reshuffle_words", "deck_words", "deck_order_words",
    "some_cards", "json_fact", "number_card", "number_card_of",
]

QUOTE_LIMIT = 40  # characters of an outside value a message quotes at most


def quote_value(value: object, limit: int = QUOTE_LIMIT) -> str:
    """An outside value as a message quotes it: short, and never the whole of a huge value.

    Text is quoted (``'R7'``) and cut after ``limit`` characters with an ellipsis; whole numbers
    are written out unless they are huge (``a number of 5000 digits``); ``None``, ``True`` and
    small floats are written as Python writes them; anything else is named by its type
    (``a list``). Never raises.
    """
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        if -10**15 < value < 10**15:
            return str(int(value))
        digits = int(abs(value).bit_length() * 0.30103) + 1
        return f"a number of about {digits} digits"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        cut = value if len(value) <= limit else value[:limit] + "\u2026"
        return repr(cut)
    name = type(value).__name__
    return f"{'an' if name[:1] in 'aeiouAEIOU' else 'a'} {name}"


#: params that name a seat (an int: the table's ``names`` say who it is)
PERSON_KEYS = frozenset({"who", "target", "turn", "winner", "next", "seat"})
#: params that are a card (an int) or several (``drawn``: a list of cards)
CARD_KEYS = frozenset({"card", "top", "alternative", "drawn"})
#: params that are a number of cards ("1 card", "4 cards")
COUNT_KEYS = frozenset({"count"})
#: the answers a player facing a draw penalty has (``options``), in the order a message lists them
OPTION_WORDS: dict[str, str] = {
    "challenge": "challenge the Wild Draw Four",
    "stack": "stack a draw card",
    "reverse": "send them back with a Reverse",
    "skip": "pass them on with a Skip",
    "take": "take them",
}
#: what each kind of move is called (E_MALFORMED's ``what``: a MoveKind number)
MOVE_KIND_WORDS: tuple[str, ...] = (
    "a play", "a draw", "keeping the drawn card", "a colour choice", "an UNO call", "a catch",
    "a challenge", "taking a penalty", "dealing the next round",
)
#: what a field of a move holds (E_MALFORMED's ``field`` of the ``unused`` form)
FIELD_THINGS: dict[str, str] = {"card": "card", "color": "colour", "target": "player",
                                "uno": "UNO call"}
NOBODY = -1  # ``next`` when nobody is next: the round is over


def seat_name(key: str, value: Any, names: "tuple[str, ...] | list[str]") -> str:
    """A seat fact in English: the seat's name, or the number that was given when there is no
    such seat (``who``: "the player at seat 7"); a text is a name given as it is."""
    if value is None:
        return "somebody"
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return str(names[value])
    if key == "next" and value == NOBODY:
        return "nobody, the round is over"
    if key == "who":
        return f"the player at seat {quote_value(value)}"
    return quote_value(value)


_NUMBER_CARD_COLORS = "RYGB"  # a puzzle's number card: colour letter, number ("G12")


def number_card(color: int, number: int) -> str:
    """A puzzle's number card as a fact: its notation (``G12``), since a puzzle's numbers go
    beyond a deck's 9 and so have no card number of the deck."""
    return f"{_NUMBER_CARD_COLORS[color]}{number}"


def number_card_of(value: str) -> tuple[int, int] | None:
    """The colour and number of a :func:`number_card` fact; None for any other text."""
    color = _NUMBER_CARD_COLORS.find(value[:1]) if value else -1
    digits = value[1:]
    if color < 0 or not digits.isdigit() or not digits.isascii() or len(digits) > 3:
        return None
    return color, int(digits)


def card_words(value: Any) -> str:
    """A card fact in English: ``red 7``; -1 is "no card", a number that is not a card
    "card 999", a list of cards ``red 7, blue Skip and Wild``, a puzzle's number card
    (:func:`number_card`, ``G12``) ``green 12``."""
    if isinstance(value, str):
        pair = number_card_of(value)
        return value if pair is None else f"{color_name(pair[0])} {pair[1]}"
    if isinstance(value, (list, tuple)):
        return join_words(card_words(c) for c in value)
    if value == -1:
        return "no card"
    try:
        return card_name(value)
    except CardError:  # a number that is no card is quoted
        return f"card {quote_value(value)}"


def color_words(value: Any, refused: bool) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        return join_words((color_words(c, refused) for c in value), "or")
    if value == -1:
        return "none yet" if refused else "none"
    try:
        return color_name(value)
    except (KeyError, IndexError, TypeError):  # not a colour: quoted
        return quote_value(value)


def count_words(value: Any) -> str:
    """``1 card``, ``4 cards`` (a text is kept as it is)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{quote_value(value)} card{'' if value == 1 else 's'}"
    return str(value)


def drawn_it(count: Any, form: str) -> str:
    """What OK_DRAW calls the cards drawn: "it", "any of them", "a card just drawn"."""
    if count == 1:
        return "it"
    return "any of them" if form == "none" else "a card just drawn"


def reshuffle_words(missing: Any, extra: Any, what: str) -> str:
    """What is wrong with a pile order a log gives: ``missing red 1; extra blue 2 (deal)``."""
    parts = missing_and_extra(missing, extra, "missing ", "extra ", some_cards)
    return "; ".join(parts) + ("" if what in ("", "reshuffle") else f" ({what})")


def deck_words(found: Any, expected: Any, missing: Any, extra: Any) -> str:
    """What the deck invariant found (``check_deck``'s facts): ``107 of 108 cards found;
    missing red 7`` (or ``108 cards accounted for`` when nothing is wrong)."""
    if not missing and not extra and found == expected:
        return f"{quote_value(found)} cards accounted for"
    return "; ".join([f"{quote_value(found)} of {quote_value(expected)} cards found",
                      *missing_and_extra(missing, extra, "missing ", "duplicated ", some_cards)])


def deck_order_words(rnd: Any, missing: Any, extra: Any) -> str:
    """What is wrong with a round's deck in a log: ``round 2 deck: missing red 7; not in the
    deck or too many blue 3``."""
    parts = missing_and_extra(missing, extra, "missing ", "not in the deck or too many ",
                              some_cards)
    return f"round {quote_value(rnd)} deck: " + "; ".join(parts)


def missing_and_extra(missing: Any, extra: Any, missing_word: str, extra_word: str,
                      name: Callable[[list[Any]], str]) -> list[str]:
    """The parts of a message about cards missing and cards in excess, each led by its word
    (in the message's language) and its cards named by ``name``; none for an empty list."""
    parts = []
    if missing:
        parts.append(missing_word + name(list(missing)))
    if extra:
        parts.append(extra_word + name(list(extra)))
    return parts


def some_cards(cards: list[Any], most: int = 6) -> str:
    """Cards named for a message, at most ``most`` of them: ``red 1, red 2 and 40 more``."""
    names = [card_words(c) for c in cards[:most]]
    if len(cards) <= most:
        return join_words(names)
    return f"{', '.join(names)} and {len(cards) - most} more"


def json_fact(value: Any) -> Any:
    """A fact as a JSON value: tuples as lists (nested too); text, numbers, flags and None as
    they are; anything else as text."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [json_fact(v) for v in value]
    return str(value)
