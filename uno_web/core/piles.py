"""The cards' order and the piles: the seeded shuffle, the pile orders a log gives
(``_Shuffles``), the deal of a round with its first card, drawing from the draw pile and
refilling it when it runs out. ``effects`` (what a move does) draws through these.
"""

from __future__ import annotations

import random
import struct
from collections import Counter
from itertools import repeat, starmap
from functools import lru_cache
from operator import itemgetter
from typing import Any, Sequence

from .cards import COLOR_OF, EFFECT_OF, IS_WILD
from . import catch_window as window
from .catch_window import close_seat as _close_seat
from .events import (
    CardReturned, CardsDrawn, DirectionReversed, Event, FirstCardTurned, PenaltyApplied,
    PileReshuffled, RoundStarted, TurnSkipped,
)
from .reasons import Reason, quote_value
from .state import GameState
from .legality import (
    EF_DRAW_FOUR, EF_DRAW_TWO, EF_REVERSE, EF_SELF_DRAW_TWO, EF_SKIP, EF_WILD, EF_WILD_DRAW_FOUR,
    PH_CHOOSE_COLOR, PH_PLAY, _NUMBER, _next_seat,
)


def _shuffled(s: GameState, cards: list[int]) -> list[int]:
    """A uniformly random order from the game's seed and the number of shuffles so far.

    The order is defined by :func:`shuffled_by_keys`: one ``random()`` key per card from
    ``random.Random(seed)``, in the cards' order, and the cards sorted by their keys (ties,
    with probability ~0, in the cards' order). This computes the very same order with no call
    per card (:func:`_shuffled_in_bulk`); the two agree card for card
    (``tests/core/test_shuffle.py``), so every seeded deal stays what it was."""
    seed = s.seed * 1_000_003 + s.shuffle_count
    s.shuffle_count += 1
    if 2 <= len(cards) <= 256:
        return _shuffled_in_bulk(seed, cards)
    return shuffled_by_keys(seed, cards)


def shuffled_by_keys(seed: int, cards: Sequence[int]) -> list[int]:
    """The definition of the seeded shuffle: ``cards`` sorted by one ``random()`` key each,
    drawn in the cards' order from ``random.Random(seed)`` (a stable sort: equal keys keep the
    cards' order). Sorting by random keys is a uniform shuffle."""
    rnd = random.Random(seed).random
    keys = list(starmap(rnd, repeat((), len(cards))))
    if len(cards) < 2:  # (itemgetter of one index gives the item, not a tuple)
        return list(cards)
    return list(itemgetter(*sorted(range(len(cards)), key=keys.__getitem__))(cards))


@lru_cache(maxsize=None)
def _bulk_tables(n: int) -> tuple[int, int, int, struct.Struct, bytes]:
    """For :func:`_shuffled_in_bulk` of ``n`` cards: the masks of the two parts of each 64-bit
    slot, the cards' indexes, one a slot, the slots' layout as ``n`` little-endian doubles, and
    the zeros that make ``n`` card codes a 256-byte translation table."""
    high = low = indexes = 0
    for i in range(n):
        high |= ((1 << 27) - 1) << (64 * i + 35)  # bits 35-61: a >> 5
        low |= ((1 << 26) - 1) << (64 * i + 9)  # bits 9-34: b >> 6
        indexes |= i << (64 * i)  # bits 0-7: the card's index
    return high, low, indexes, struct.Struct(f"<{n}d"), bytes(256 - n)


def _shuffled_in_bulk(seed: int, cards: Sequence[int]) -> list[int]:
    """:func:`shuffled_by_keys` for 2 to 256 cards, without a call per card (in Pyodide a call
    from C into C, as ``starmap`` calling ``random()`` and a sort calling its key function,
    goes through a WebAssembly trampoline: this runs in about 0.8 of the time there, and in the
    same time on CPython).

    ``random()`` makes its key from two 32-bit outputs ``a`` and ``b`` of the Mersenne Twister
    as ``((a >> 5) * 2**26 + (b >> 6)) / 2**53``; ``getrandbits(64 * n)`` returns the same
    ``2 * n`` outputs, the ``j``-th in bits ``32 j`` to ``32 j + 31``. For card ``i`` (outputs
    ``2 i`` and ``2 i + 1``, bits ``64 i`` on) a few whole-number operations on that one number
    place the 53 bits of its key above its index in its own 64-bit slot: ``a >> 5`` in bits
    35–61, ``b >> 6`` in bits 9–34, ``i`` below. A slot read as a double (sign 0, exponent
    below all ones) orders as its bits do, so sorting the doubles sorts the cards by key, and
    equal keys by index, as the stable sort does; the low byte of each sorted slot is then the
    index of the next card, and the cards are picked by translating those bytes (card codes
    below 256, as UNO's are) or by ``itemgetter`` (the playing-card deck's codes go higher)."""
    n = len(cards)
    high, low, indexes, slots, pad = _bulk_tables(n)
    x = random.Random(seed).getrandbits(64 * n)
    keys = sorted(slots.unpack(((x << 30) & high | (x >> 29) & low | indexes).to_bytes(8 * n, "little")))
    order = slots.pack(*keys)[::8]
    try:
        return list(order.translate(bytes(cards) + pad))
    except ValueError:  # a card code of 256 or more
        return list(itemgetter(*order)(cards))


def _deal(s: GameState, order: list[int], events: list[Event] | None) -> None:
    """Deal a round from ``order`` (top card first) and turn up the first card."""
    r = s.r
    n = s.n
    s.round += 1
    s.hands = [[] for _ in range(n)]
    s.discard = []
    s.direction = 1
    s.pending = 0
    s.drawn = []
    s.chain_rank = -1
    s.plus4_by = -1
    s.plus4_bluff = False
    s.plus4_prev_color = -1
    s.called = [False] * n
    window.close_all(s)
    s.jump_window = False
    s.owed = 0
    s.owed_then = -1
    s.owed_later = ()
    s.stuck = 0
    s.spent = ()
    s.round_winner = -1
    s.last_player = -1
    s.round_points = [0] * n
    seats = [seat for seat in range(n) if s.active[seat]]
    if events is not None:
        events.append(RoundStarted(s.round, s.dealer, tuple(seats), tuple(order)))
    first = _next_seat(s, s.dealer)
    order_seats = []
    seat = first
    for _ in range(len(seats)):
        order_seats.append(seat)
        seat = _next_seat(s, seat)
    # one card at a time round the table from ``first``, top of the deck first: the j-th seat
    # in dealing order gets cards j, j + m, j + 2m, ... of the order (m seats)
    m = len(order_seats)
    # a position's exact deck may hold too few cards for a full deal: then each seat gets an
    # equal share, and one card is left to turn over (docs/rules.md, "A small deck")
    dealt = min(r.hand_size, max(len(order) - 1, 0) // m) * m
    for j, seat in enumerate(order_seats):
        s.hands[seat] = order[j:dealt:m]
    draw = s.draw = order[:dealt - 1:-1] if dealt else order[::-1]
    s.turn = first
    s.phase = PH_PLAY
    s.color = -1
    if r.first_card == "lead-any" or not draw:
        return
    tries = len(draw)
    for k in range(tries):  # (a pile of nothing but cards to return: the last one stays)
        card = draw.pop()
        s.discard.append(card)
        if events is not None:
            events.append(FirstCardTurned(card))
        eff = EFFECT_OF[card]
        back = (
            (r.first_card == "official" and eff == EF_WILD_DRAW_FOUR)
            or (r.first_card == "redraw-wild" and IS_WILD[card])
            or (r.first_card == "redraw-until-number" and eff != _NUMBER)
        )
        if not back or k == tries - 1:
            break
        s.discard.pop()
        draw.insert(0, card)
        if events is not None:
            events.append(CardReturned(card))
    # the official effects of a starting action card
    s.color = COLOR_OF[card]
    # jump_in_window = while-on-top: the card turned up may be jumped in on like a card played
    s.jump_window = r.jump_on_top
    if eff == EF_WILD:
        s.color = -1
        s.phase = PH_CHOOSE_COLOR
    elif eff in (EF_DRAW_TWO, EF_DRAW_FOUR):
        amount = r.draw_amount(eff)
        _draw_cards(s, first, amount, events, "penalty", None)
        if events is not None:
            events.append(PenaltyApplied(first, amount, "first_card"))
            events.append(TurnSkipped(first))
        s.turn = _next_seat(s, first)
    elif eff == EF_SKIP:
        if events is not None:
            events.append(TurnSkipped(first))
        s.turn = _next_seat(s, first)
    elif eff == EF_REVERSE:
        s.direction = -1
        if events is not None:
            events.append(DirectionReversed(-1))
        s.turn = s.dealer




class _NeedShuffle(Exception):
    """A pile order a log gives is missing or wrong: ``code`` and the facts of the verdict
    (``missing``/``extra`` cards, ``what`` pile), worded by ``reasons``."""

    def __init__(self, code: Reason, **facts: Any) -> None:
        super().__init__(code.value)
        self.code = code
        self.facts = facts


_INT_ONLY = frozenset((int,))


class _Shuffles:
    """Where new pile orders come from: the seeded RNG, or orders given by a log."""

    def __init__(self, orders: Sequence[Sequence[int]] | None) -> None:
        self.orders: list[list[int]] | None
        if orders is None:
            self.orders = None
            return
        if orders.__class__ is list and not orders:  # a log's action with no reshuffle: cheap
            self.orders = []
            return
        if isinstance(orders, (str, bytes)) or not isinstance(orders, Sequence):
            raise TypeError(f"shuffles must be a list of pile orders, not {quote_value(orders)}")
        self.orders = []
        for o in orders:
            if isinstance(o, (str, bytes)) or not isinstance(o, Sequence):
                raise TypeError(f"a pile order must be a list of cards, not {quote_value(o)}")
            order = list(o)
            if not set(map(type, order)) <= _INT_ONLY:  # (plain ints, the usual case, at once)
                for c in order:
                    if not isinstance(c, int):
                        raise TypeError(f"a pile order holds cards (whole numbers), not {quote_value(c)}")
            self.orders.append(order)

    def take(self, s: GameState, cards: list[int], what: str) -> list[int]:
        if self.orders is None:
            return _shuffled(s, cards)
        if not self.orders:
            raise _NeedShuffle(Reason.E_RESHUFFLE_MISSING)
        order = self.orders.pop(0)
        if sorted(order) != sorted(cards):
            missing = Counter(cards) - Counter(order)
            extra = Counter(order) - Counter(cards)
            raise _NeedShuffle(Reason.E_RESHUFFLE_NOT_PERMUTATION,
                               missing=tuple(sorted(missing.elements())),
                               extra=tuple(sorted(extra.elements())), what=what)
        return order


_RngOnly = _Shuffles(None)
_NoShuffles = _Shuffles([])  # a log's action that carries no pile order (stays empty: shared)


def _source(shuffles: Sequence[Sequence[int]] | None) -> _Shuffles:
    if shuffles is None:
        return _RngOnly
    if shuffles.__class__ is list and not shuffles:
        return _NoShuffles
    return _Shuffles(shuffles)


def _draw_cards(
    s: GameState, seat: int, count: int, ev: list[Event] | None, reason: str, src: _Shuffles | None
) -> list[int]:
    """Move up to ``count`` cards from the draw pile to ``seat``'s hand, refilling the pile as
    the rules say; drawn Jokers cost extra cards. Returns the cards drawn."""
    r = s.r
    hand = s.hands[seat]
    draw = s.draw
    joker_pen = r.joker_penalty
    if not joker_pen and 0 < count <= len(draw):  # the pile holds them all: one slice
        got = draw[:-count - 1:-1]  # the top ``count`` cards, top first (as drawn one by one)
        del draw[-count:]
        hand += got
        count = 0
    else:
        got = []
    while count > 0:
        if not draw:
            if not _refill(s, ev, src or _RngOnly):
                break
            draw = s.draw
        c = draw.pop()
        hand.append(c)
        got.append(c)
        count -= 1
        if joker_pen and EFFECT_OF[c] == EF_SELF_DRAW_TWO:
            count += joker_pen
    if got:
        if len(hand) >= 2:
            s.called[seat] = False
            if s.vuln[seat]:
                _close_seat(s, seat)
        if ev is not None:
            ev.append(CardsDrawn(seat, tuple(got), reason))
    return got


def _refill(s: GameState, ev: list[Event] | None, src: _Shuffles) -> bool:
    """Make a new draw pile when it runs out. False when there is nothing to refill with."""
    r = s.r
    discard = s.discard
    if r.turn_over:
        if not discard:
            return False
        # the playing pile is turned face down without shuffling: its bottom (oldest) card is
        # now the top of the draw pile, and that card starts a new playing pile
        s.draw = discard[::-1]
        s.discard = [s.draw.pop()]
        starter = s.discard[-1]
        if r.jump_on_top:  # a card nobody played is on top now
            s.jump_window = False
        if not IS_WILD[starter]:
            s.color = COLOR_OF[starter]
        if ev is not None:
            ev.append(PileReshuffled(tuple(s.draw[::-1]), (starter,), False))
        return bool(s.draw)
    if len(discard) <= 1:
        return False
    cards = discard[:-1]
    order = src.take(s, cards, "reshuffle")
    s.draw = order[::-1]
    s.discard = [discard[-1]]
    if ev is not None:
        ev.append(PileReshuffled(tuple(order), (discard[-1],), True))
    return True
