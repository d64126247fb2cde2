"""Card notation for the puzzle solvers.

A puzzle card is a plain tuple ``(colour, number)`` of small non-negative
ints, exactly the paper's model (Demaine et al., "The complexity of UNO":
a card is a pair (colour, number); card b can follow card a iff they have the
same colour or the same number).  Only number cards exist in the puzzles.

Text notation (case-insensitive, cards separated by spaces and/or commas):

* ``R7``, ``Y0``, ``G12``, ``B3`` -- colour letter + decimal number.  The four
  real UNO colours are ``R`` = 0, ``Y`` = 1, ``G`` = 2, ``B`` = 3.  Numbers may
  exceed 9 (generated instances with more numbers than a real deck).
* ``C4:7``, ``C5:0`` -- the generic form ``C<colour>:<number>`` for colour
  indices 4 and up (generated instances with more than four colours).  The
  generic form is accepted for every colour (``C0:7`` is ``R7``), but
  :func:`format_card` always prints colours 0-3 with their letter.

Limits: colour index 0..99, number 0..999 (larger values are rejected with a
ValueError; puzzles never need them and it keeps bad input cheap to refuse).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Union

Card = tuple[int, int]

COLOUR_LETTERS = "RYGB"
MAX_COLOUR = 99
MAX_NUMBER = 999

_LETTER_RE = re.compile(r"^([RYGB])([0-9]+)$", re.IGNORECASE)
_GENERIC_RE = re.compile(r"^C([0-9]+):([0-9]+)$", re.IGNORECASE)

#: one card as callers give it: a token ("R7") or a (colour, number) pair, as a tuple or, from
#: JSON, a list (checked at run time by :func:`as_cards`)
CardLike = Union[str, Card, list[int], tuple[int, ...]]

#: characters of an outside value quoted in a message at most (then "…"): a 100 kB token from
#: a link must not fill the page that explains why it was refused
QUOTE_LIMIT = 40


def quote(value: str, limit: int = QUOTE_LIMIT) -> str:
    """``value`` quoted for a message, cut to ``limit`` characters (then ``…``)."""
    return repr(value if len(value) <= limit else value[:limit] + "…")


def format_card(card: Card) -> str:
    """Return the text form of a card: ``(0, 7)`` -> ``"R7"``, ``(5, 2)`` -> ``"C5:2"``."""
    colour, number = _check_pair(card)
    if colour < len(COLOUR_LETTERS):
        return f"{COLOUR_LETTERS[colour]}{number}"
    return f"C{colour}:{number}"


def format_cards(cards: Iterable[Card]) -> str:
    """Space-separated text form of a sequence of cards."""
    return " ".join(format_card(c) for c in cards)


class CardNotationError(ValueError):
    """A card token that is no card: the message, and its facts for a page in another
    language: ``problem`` (``too_long``, ``expected``, ``colour_index``, ``number``), the token
    as the message quotes it, the value over its ``limit``, and (from :func:`parse_cards`) the
    token's ``index`` counted from 1 (0: a single token)."""

    def __init__(self, message: str, problem: str, token: str, value: int = 0, limit: int = 0,
                 index: int = 0) -> None:
        super().__init__(message)
        self.problem, self.token, self.value, self.limit, self.index = (
            problem, token, value, limit, index)


def parse_card(token: str) -> Card:
    """Parse one card token such as ``"R7"`` or ``"C4:12"``.

    Raises ValueError with a message naming the offending token.
    """
    if not isinstance(token, str):
        raise ValueError(f"card must be a string like 'R7', got {type(token).__name__}")
    tok = token.strip()
    if not tok:
        raise ValueError("empty card token")
    if len(tok) > 12:  # longer than any card (C99:999); keeps int() and messages cheap
        raise CardNotationError(
            f"bad card {quote(tok)}: too long for a card (e.g. 'R7', 'G12', 'C4:7')",
            "too_long", quote(tok))
    m = _LETTER_RE.match(tok)
    if m:
        colour = COLOUR_LETTERS.index(m.group(1).upper())
        number = int(m.group(2))
    else:
        m = _GENERIC_RE.match(tok)
        if not m:
            raise CardNotationError(
                f"bad card {quote(tok)}: expected a colour letter R/Y/G/B followed by a number "
                f"(e.g. 'R7', 'G12') or the generic form C<colour>:<number> (e.g. 'C4:7')",
                "expected", quote(tok))
        colour = int(m.group(1))
        number = int(m.group(2))
    if colour > MAX_COLOUR:
        raise CardNotationError(f"bad card {tok!r}: colour index {colour} > {MAX_COLOUR}",
                                "colour_index", repr(tok), colour, MAX_COLOUR)
    if number > MAX_NUMBER:
        raise CardNotationError(f"bad card {tok!r}: number {number} > {MAX_NUMBER}",
                                "number", repr(tok), number, MAX_NUMBER)
    return (colour, number)


def parse_cards(text: str) -> list[Card]:
    """Parse a list of cards, e.g. ``"R7 Y0, G12 C4:3"`` -> ``[(0, 7), (1, 0), (2, 12), (4, 3)]``.

    Separators are whitespace and commas.  An empty or blank string gives ``[]``.
    Raises ValueError (with the position of the bad token) on bad input.
    """
    if not isinstance(text, str):
        raise ValueError(f"cards must be given as a string, got {type(text).__name__}")
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    cards = []
    for i, tok in enumerate(tokens, 1):
        try:
            cards.append(parse_card(tok))
        except CardNotationError as exc:
            raise CardNotationError(f"card #{i}: {exc}", exc.problem, exc.token, exc.value,
                                    exc.limit, i) from None
        except ValueError as exc:
            raise ValueError(f"card #{i}: {exc}") from None
    return cards


def _check_pair(card: object) -> Card:
    if (
        not isinstance(card, (tuple, list))
        or len(card) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in card)
    ):
        raise ValueError(f"a card must be a (colour, number) pair of ints, got {card!r}")
    colour, number = card
    if not 0 <= colour <= MAX_COLOUR:
        raise ValueError(f"colour index must be in 0..{MAX_COLOUR}, got {colour}")
    if not 0 <= number <= MAX_NUMBER:
        raise ValueError(f"number must be in 0..{MAX_NUMBER}, got {number}")
    return (colour, number)


def as_cards(cards: Union[str, Iterable[CardLike]]) -> list[Card]:
    """Normalise solver input: a notation string, or an iterable of
    ``(colour, number)`` pairs and/or card strings.  Returns a list of tuples."""
    if isinstance(cards, str):
        return parse_cards(cards)
    out: list[Card] = []
    try:
        items = list(cards)
    except TypeError:
        raise ValueError(f"expected a card list or a string, got {type(cards).__name__}") from None
    for item in items:
        if isinstance(item, str):
            out.append(parse_card(item))
        else:
            out.append(_check_pair(item))
    return out


def matches(a: Card, b: Card) -> bool:
    """True iff card ``b`` may be played on card ``a`` (same colour or same number)."""
    return a[0] == b[0] or a[1] == b[1]
