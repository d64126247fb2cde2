"""The rules engine: legal moves, verdicts, and applying moves.

Three faces for every move (as in PokerKit):

* :func:`check` returns a :class:`~uno_web.core.reasons.Verdict` and never changes the state;
* :func:`legal_moves` lists every move a seat may make now — the one source of truth for
  legality: a move is legal exactly when it is in this list (a property test holds ``check`` to
  it), and the table's "playable" marks come from it;
* :func:`apply` checks first, then returns a *new* state, the events and the verdict; an illegal
  move raises :class:`IllegalMove` and leaves the state untouched. A move that
  :func:`legal_moves` listed for the state (the very object) needs no check: the list says it
  is legal.

:func:`step` is the fast path for simulations and AI rollouts: it mutates a state the caller
owns, skips the check and builds events only when asked.

Checks run in a fixed order: game over → bad seat → round over → wrong phase → not your turn →
the move itself.
"""

from __future__ import annotations

import random
import struct
from collections import Counter
from itertools import repeat, starmap
from functools import lru_cache, partial
from operator import is_, itemgetter
from types import SimpleNamespace
from typing import Any, Callable, Iterable, NamedTuple, Sequence

from .cards import (
    COLOR_OF, EFFECT_OF, IS_WILD, POINTS_OF, RANK_OF, Effect, card_name, cards_name,
    color_name, join_words,
)
from . import catch_window as window
from .events import (
    CardPlayed, CardReturned, CardsDrawn, ChallengeResolved, ColorChosen, DirectionReversed,
    Event, FirstCardTurned, GameWon, HandsRotated, HandsSwapped, PenaltyApplied, PileReshuffled,
    PlayerEliminated, RoundBlocked, RoundStarted, RoundWon, TurnPassed, TurnSkipped, UnoCalled,
)
from .moves import Move, MoveKind, shape_problem
from .reasons import LazyVerdict, Reason, Verdict, quote_value
from .rules import RuleSet
from .state import CompiledRules, GameState, Phase, compile_rules, deck_cards, deck_colors, seat_names

__all__ = [
    "IllegalMove", "Transition", "new_game", "check", "legal_moves", "apply", "apply_in_place",
    "step", "playable_cards", "can_play", "next_seat", "hand_points", "swap_target_needed",
    "penalty_card", "same_number_cards", "can_call_uno", "play_problem", "finish_forbidden",
    "seven_zero",
]

_ACTION_EFFECTS = frozenset(
    e for e in Effect if e != Effect.NUMBER
)
_RANK7 = 7
_RANK0 = 0
_WILD4 = Effect.WILD_DRAW_FOUR
_NUMBER = Effect.NUMBER
# Enum members as module names for the hot paths: on CPython 3.11 an Enum class attribute costs
# about 130 ns (EnumType has a __getattr__), a module name about 15 ns. Same values, same types.
(K_PLAY, K_DRAW, K_PASS, K_CHOOSE_COLOR, K_CALL_UNO, K_CATCH, K_CHALLENGE, K_ACCEPT,
 K_NEXT_ROUND) = MoveKind
PH_PLAY, PH_DRAWN, PH_CHOOSE_COLOR, PH_PENALTY, PH_ROUND_OVER, PH_GAME_OVER = Phase
assert K_NEXT_ROUND is MoveKind.NEXT_ROUND and PH_GAME_OVER is Phase.GAME_OVER
(EF_NUMBER, EF_SKIP, EF_REVERSE, EF_DRAW_TWO, EF_WILD, EF_WILD_DRAW_FOUR, EF_DRAW_FOUR,
 EF_SELF_DRAW_TWO) = Effect
_PLAY = K_PLAY  # a local name for the hot loop of legal_moves
_new_move = tuple.__new__  # Move(...) for the hot loops: tuple.__new__(Move, fields)
_NO_COLOR = (-1,)  # the colours a card that is not a wild is played with
_DRAW_EFFECTS = frozenset((EF_DRAW_TWO, EF_DRAW_FOUR, EF_WILD_DRAW_FOUR))
_CARD_SET = frozenset(c for c in range(len(COLOR_OF)) if COLOR_OF[c] >= 0)  # every card


class IllegalMove(Exception):
    """Raised by :func:`apply` for a move that is not legal; carries the verdict."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict.message)
        self.verdict = verdict


class Transition(NamedTuple):
    state: GameState
    events: list[Event]
    verdict: Verdict


_transition = partial(tuple.__new__, Transition)  # Transition(...) without NamedTuple's __new__


# ------------------------------------------------------------------------------------------
# setting up
# ------------------------------------------------------------------------------------------


def new_game(
    rules: RuleSet | None = None,
    players: "int | Sequence[str]" = 2,
    seed: int = 0,
    deck_order: Sequence[int] | None = None,
    events: list[Event] | None = None,
    dealer: int | None = None,
) -> GameState:
    """Deal the first round. ``deck_order`` (top card first) replaces the seeded shuffle;
    ``dealer`` is the seat that deals (by default the last seat, so that seat 0 starts).

    ``players`` is the number of players (2 to 10) or their names (texts of at most 40
    characters); ``seed`` a whole number; ``deck_order`` every card of the rules' deck once per
    copy, as card numbers; ``events`` a list the deal's events are appended to. Every argument
    is checked before anything is dealt: a value of the wrong type raises :class:`TypeError`, a
    bad value :class:`ValueError`; the message names the argument and quotes at most 40
    characters of the value.
    """
    if rules is None:
        rules = RuleSet()
    elif not isinstance(rules, RuleSet):
        raise TypeError(f"rules must be a RuleSet, not {quote_value(rules)}")
    names = _player_names(players)
    n = len(names)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be a whole number, not {quote_value(seed)}")
    if events is not None and not isinstance(events, list):
        raise TypeError(f"events must be a list (or None), not {quote_value(events)}")
    r = compile_rules(rules)
    if n * r.hand_size >= len(r.cards):
        raise ValueError(
            f"{n} players with {r.hand_size} cards each need more than the {len(r.cards)} cards "
            "of the deck"
        )
    if dealer is None:
        dealer = n - 1
    elif isinstance(dealer, bool) or not isinstance(dealer, int):
        raise TypeError(f"dealer must be a seat number, not {quote_value(dealer)}")
    elif not 0 <= dealer < n:
        raise ValueError(f"dealer {quote_value(dealer)} is not a seat of this {n}-player game "
                         f"(seats are 0 to {n - 1})")
    s = GameState(r, n)
    s.names = names
    s.seed = seed
    s.dealer = dealer
    if deck_order is not None:
        order = _checked_deck_order(r, deck_order)
    else:
        order = _shuffled(s, list(deck_cards(rules.deck)))
    _deal(s, order, events)
    return s


MAX_NAME_LENGTH = 40  # as a game log's seat name


def _player_names(players: object) -> tuple[str, ...]:
    """The seats' names from ``new_game``'s ``players``; raises TypeError/ValueError."""
    if isinstance(players, bool):
        raise TypeError(f"players must be a number of players or a list of names, not {players!r}")
    if isinstance(players, int):
        if not 2 <= players <= 10:
            raise ValueError(f"UNO is played by 2 to 10 players, not {quote_value(players)}")
        return seat_names(players)
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise TypeError(
            f"players must be a number of players or a list of names, not {quote_value(players)}")
    if not 2 <= len(players) <= 10:
        raise ValueError(f"UNO is played by 2 to 10 players, not {len(players)}")
    for i, name in enumerate(players):
        if not isinstance(name, str):
            raise TypeError(f"player {i}'s name must be text, not {quote_value(name)}")
        if len(name) > MAX_NAME_LENGTH:
            raise ValueError(f"player {i}'s name has more than {MAX_NAME_LENGTH} characters: "
                             f"{quote_value(name)}")
    return tuple(players)


def _checked_deck_order(r: CompiledRules, deck_order: object) -> list[int]:
    """``deck_order`` as a list when it holds exactly the deck's cards; raises TypeError or
    ValueError saying what is wrong."""
    if isinstance(deck_order, (str, bytes)) or not isinstance(deck_order, Sequence):
        raise TypeError(f"deck_order must be a list of cards, not {quote_value(deck_order)}")
    order = list(deck_order)
    for i, c in enumerate(order):
        if isinstance(c, bool) or not isinstance(c, int):
            raise TypeError(f"deck_order[{i}] must be a card (a whole number), not {quote_value(c)}")
    if len(order) != len(r.cards):
        raise ValueError(f"the deck order must hold the {len(r.cards)} cards of the deck, "
                         f"not {len(order)}")
    strangers = sorted({c for c in order if c not in r.deck_set})
    if strangers:
        raise ValueError(f"the deck order is not a permutation of the deck: "
                         f"{_some_cards(strangers)} {'is' if len(strangers) == 1 else 'are'} "
                         f"not in the {_deck_word(r)} deck")
    if sorted(order) != sorted(r.cards):
        want, got = Counter(r.cards), Counter(order)
        missing = sorted((want - got).elements())
        extra = sorted((got - want).elements())
        raise ValueError(f"the deck order is not a permutation of the deck: missing "
                         f"{_some_cards(missing)}; extra {_some_cards(extra)}")
    return order


def _deck_word(r: CompiledRules) -> str:
    return "playing-card" if r.rules.deck == "playing-cards" else "UNO"


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
    s.stuck = 0
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
    dealt = r.hand_size * m
    for j, seat in enumerate(order_seats):
        s.hands[seat] = order[j:dealt:m]
    draw = s.draw = order[:dealt - 1:-1] if dealt else order[::-1]
    s.turn = first
    s.phase = PH_PLAY
    s.color = -1
    if r.first_card == "lead-any":
        return
    while True:
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
        if not back:
            break
        s.discard.pop()
        draw.insert(0, card)
        if events is not None:
            events.append(CardReturned(card))
    # the official effects of a starting action card
    s.color = COLOR_OF[card]
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


# ------------------------------------------------------------------------------------------
# small helpers
# ------------------------------------------------------------------------------------------


def _require_state(s: object) -> None:
    if not isinstance(s, GameState):
        raise TypeError(f"expected a GameState, not {quote_value(s)}")


def _require_seat(s: GameState, seat: object, what: str) -> None:
    """A seat of the table, whole number from 0 to ``s.n - 1``; raises TypeError/ValueError."""
    if not isinstance(seat, int):
        raise TypeError(f"{what} must be a whole number, not {quote_value(seat)}")
    if not 0 <= seat < s.n:
        raise ValueError(f"{what} must be a seat of the table, 0 to {s.n - 1}, not "
                         f"{quote_value(seat)}")


def next_seat(s: GameState, seat: int, steps: int = 1) -> int:
    """The seat ``steps`` active seats after ``seat`` in the direction of play.

    ``seat`` is a seat of the table (0 to ``s.n - 1``) and ``steps`` a whole number from 0 to
    1000; anything else raises :class:`ValueError` (:class:`TypeError` for a value that is not
    a whole number)."""
    _require_state(s)
    _require_seat(s, seat, "seat")
    if not isinstance(steps, int):
        raise TypeError(f"steps must be a whole number, not {quote_value(steps)}")
    if not 0 <= steps <= 1000:
        raise ValueError(f"steps must be from 0 to 1000, not {quote_value(steps)}")
    if steps and not s.n_active:
        raise ValueError("no seat is still in the game")
    return _next_seat(s, seat, steps)


def _next_seat(s: GameState, seat: int, steps: int = 1) -> int:
    n = s.n
    d = s.direction
    act = s.active
    while steps:
        seat = (seat + d) % n
        if act[seat]:
            steps -= 1
    return seat


def hand_points(hand: Iterable[int]) -> int:
    """What the cards of ``hand`` count at the end of a round. Raises :class:`ValueError` for
    an item that is not a card (:class:`TypeError` when ``hand`` is not a collection)."""
    total = 0
    try:
        for c in hand:
            if c in _CARD_SET:
                total += POINTS_OF[c]
            else:
                raise ValueError(f"not a card: {quote_value(c)}")
    except TypeError:
        raise TypeError(f"a hand must be a collection of cards, not {quote_value(hand)}") from None
    return total


def _n_active(s: GameState) -> int:
    return s.n_active


def _matches(s: GameState, card: int) -> bool:
    """Colour/number/symbol matching only (no house-rule restrictions)."""
    if IS_WILD[card]:
        return True
    top = s.discard[-1] if s.discard else -1
    if top < 0:
        return True
    return COLOR_OF[card] == s.color or RANK_OF[card] == RANK_OF[top]


@lru_cache(maxsize=None)
def match_table(deck: str) -> list[frozenset[int]]:
    """:func:`_matches` as a table: the cards of ``deck`` that match a pile showing colour
    ``col`` with a card of rank ``rank`` on top, at index ``col * 32 + rank`` (a colour is
    named, so ``col >= 0``). Matching depends on nothing else, so the table is exact; the move
    lists and the fast playouts (simulate) read it."""
    cards = deck_cards(deck)
    table: list[frozenset[int]] = [frozenset()] * (32 * (max(COLOR_OF) + 1))
    probe = GameState(compile_rules(RuleSet(deck=deck)), 2)  # type: ignore[arg-type]
    for top in set(cards):
        for col in deck_colors(deck):
            probe.discard = [top]
            probe.color = col
            table[col * 32 + RANK_OF[top]] = frozenset(c for c in cards if _matches(probe, c))
    return table


def play_problem(s: GameState, seat: int, card: int, hand: list[int]) -> tuple[Reason, dict[str, Any]] | None:
    """Why ``seat`` may not play ``card`` from ``hand`` now, as a reason code and its message
    parameters, or None when it may: matching, the pending draw card and every house rule
    that restricts plays. The engine's own predicate, for callers that decide many plays fast
    (the playouts, the bots); it does not check the turn, the phase or that ``card`` is in the
    hand (the caller does)."""
    r = s.r
    pen = -1
    if s.phase == PH_PENALTY:
        pen = EFFECT_OF[penalty_card(s)]
        v = r.answers[pen][EFFECT_OF[card]]  # r.answer_verdict, tabled
        if v:
            if r.amount[EFFECT_OF[card]] == 0:
                return Reason.E_PENALTY_NOT_ANSWERED, {}
            if v == 2:
                return Reason.E_STACK_ORDER, {"rule": "escalating_stack = true"}
            return Reason.E_STACK_NOT_ALLOWED, {"rule": _stack_toggle(pen, EFFECT_OF[card]) + " = false"}
    if s.chain_rank >= 0:
        # play_same_number: more of the number just played, whatever is on top (a pile turned
        # over in the turn, when another player drew, may have brought up a new top card)
        if not follows_same_number(s, card):
            return Reason.E_SAME_NUMBER_ONLY, {"number": s.chain_rank, "card": card_name(card)}
    elif not _matches(s, card):
        return Reason.E_NO_MATCH, {}
    if IS_WILD[card]:
        if EFFECT_OF[card] == _WILD4 and r.plus4 == "strict" and s.color >= 0:
            col = s.color
            if any(COLOR_OF[c] == col for c in hand):
                return Reason.E_PLUS4_NOT_ALLOWED, {}
        if r.wild_last_resort:
            for c in hand:
                if not IS_WILD[c] and _matches(s, c) and (
                    s.phase != PH_PENALTY or r.answer_verdict(pen, EFFECT_OF[c]) == 0
                ):
                    return Reason.E_WILD_NOT_LAST_RESORT, {"alternative": card_name(c)}
    if r.no_action_last and len(hand) == 1 and EFFECT_OF[card] != _NUMBER:
        return Reason.E_ACTION_CARD_LAST, {}
    if len(hand) == 1:
        rule = finish_forbidden(r, card)
        if rule:
            return Reason.P_FINISH, {"form": "wild" if rule == "no_wild_finish" else "draw",
                                     "rule": rule + " = true"}
    return None


_play_problem = play_problem  # the name the engine's own callers use


def finish_forbidden(r: CompiledRules, card: int) -> str:
    """The toggle that forbids going out on ``card`` (``no_wild_finish``,
    ``no_draw_card_finish``), or "" when it may be the last card. The one place these two rules
    live: legality, verdicts and the fast playouts ask it (through :func:`play_problem`)."""
    if r.no_wild_finish and IS_WILD[card]:
        return "no_wild_finish"
    if r.no_draw_card_finish and EFFECT_OF[card] in _DRAW_EFFECTS:
        return "no_draw_card_finish"
    return ""




def penalty_card(s: GameState) -> int:
    """The draw card whose penalty is pending (in the penalty phase): the top card, or, when a
    Reverse or Skip sent the penalty on (``reverse_returns_*``, ``skip_passes_penalty``), the
    last draw card under them. -1 when no draw card is on the pile."""
    amount = s.r.amount
    discard = s.discard
    for i in range(len(discard) - 1, -1, -1):
        if amount[EFFECT_OF[discard[i]]]:
            return discard[i]
    return -1


def _stack_toggle(top_effect: int, effect: int) -> str:
    """The RuleSet toggle that governs stacking ``effect`` on ``top_effect``."""
    four = (EF_WILD_DRAW_FOUR, EF_DRAW_FOUR)
    if top_effect == EF_DRAW_TWO:
        return "stack_draw_four_on_draw_two" if effect in four else "stack_draw_two_on_draw_two"
    if top_effect in four:
        return "stack_draw_two_on_draw_four" if effect == EF_DRAW_TWO else "stack_draw_four_on_draw_four"
    return "escalating_stack"


def _play_rule(s: GameState, move: Move, stacked: bool) -> str:
    """The toggle behind an accepted play, when a house rule shaped it."""
    r = s.r
    card = move.card
    eff = EFFECT_OF[card]
    top = s.discard[-1] if s.discard else -1
    if move.seat != s.turn:
        return "jump_in = true"
    if stacked:
        pen = EFFECT_OF[penalty_card(s)]
        if r.amount[eff] == 0:  # a Reverse or Skip sent the penalty on
            return r.deflection_toggle(pen, eff) + " = true"
        return ("escalating_stack = true" if r.escalating_stack
                else _stack_toggle(pen, eff) + " = true")
    if swap_target_needed(r, card, len(s.hands[move.seat])):
        return "seven_swap = true"
    if r.zero_rotate and eff == _NUMBER and RANK_OF[card] == _RANK0 and len(s.hands[move.seat]) > 1:
        return "zero_rotate = true"
    if eff == EF_WILD and r.wild_draws_one:
        return "wild_draws_one = true"
    if eff == _WILD4:
        return f"wild_draw_four = {r.plus4}"
    if eff == EF_REVERSE and _n_active(s) == 2:
        return f"two_player_reverse = {r.rules.two_player_reverse}"
    if eff == EF_SELF_DRAW_TWO:
        return "deck = playing-cards"
    if s.phase == PH_DRAWN:
        return "official rules: drawing"
    return ""


def can_play(s: GameState, seat: int, card: int) -> bool:
    """Could ``seat`` legally play ``card`` from its hand now, turn and phase permitting?

    False for a seat that is not at the table and for a card that is not in the hand; a seat
    that is not a whole number raises :class:`TypeError`."""
    try:
        if not 0 <= seat < s.n:
            return False
        hand = s.hands[seat]
    except TypeError:
        raise TypeError(f"seat must be a whole number, not {quote_value(seat)}") from None
    return card in hand and _play_problem(s, seat, card, hand) is None


def playable_cards(s: GameState, seat: int) -> list[int]:
    """The distinct cards of ``seat``'s hand that :func:`legal_moves` lets it play now."""
    seen: list[int] = []
    for m in legal_moves(s, seat):
        if m.kind == K_PLAY and m.card not in seen:
            seen.append(m.card)
    return seen


def _jump_window_open(s: GameState) -> bool:
    return s.r.jump_in and s.jump_window and bool(s.discard) and not IS_WILD[s.discard[-1]]


# ------------------------------------------------------------------------------------------
# legal moves: the one source of truth
# ------------------------------------------------------------------------------------------


def legal_moves(s: GameState, seat: int) -> list[Move]:
    """Every move ``seat`` may make now. A move is legal iff it is in this list
    (``uno=True`` variants of plays are listed when the play leaves one card).

    A seat that is not at the table or is out of the game has no moves (an empty list); a seat
    that is not a whole number, or ``s`` that is not a :class:`GameState`, raises
    :class:`TypeError`.

    The state keeps the last list made for it (``s.listed``, the same ``Move`` objects), so
    that :func:`apply` given one of those objects carries it out without checking it again;
    any other value, even an equal move, is checked as usual. Reading the list does not change
    the game: ``snapshot`` and copies leave it out, and every change in place forgets it."""
    if s.__class__ is not GameState or seat.__class__ is not int:  # two cheap tests first
        _require_state(s)
        if not isinstance(seat, int):
            raise TypeError(f"seat must be a whole number, not {quote_value(seat)}")
    phase = s.phase
    if phase == PH_GAME_OVER or not (0 <= seat < s.n) or not s.active[seat]:
        return []
    out: list[Move]
    if phase == PH_ROUND_OVER:
        out = [_new_move(Move, (K_NEXT_ROUND, seat, -1, -1, -1, False))]
        s.listed = tuple(out)
        return out
    r = s.r
    out = []
    hand = s.hands[seat]
    if seat == s.turn:
        if phase == PH_CHOOSE_COLOR:
            out = [_new_move(Move, (K_CHOOSE_COLOR, seat, -1, c, -1, False)) for c in r.colors]
        elif phase == PH_PLAY and s.chain_rank >= 0:  # play_same_number
            _add_plays(s, seat, hand, same_number_cards(s, hand), out)
            out.append(_new_move(Move, (K_PASS, seat, -1, -1, -1, False)))
        elif phase == PH_PLAY:
            _add_plays(s, seat, hand, hand, out)
            if r.may_draw_when_playable or not out:
                out.append(_new_move(Move, (K_DRAW, seat, -1, -1, -1, False)))
        elif phase == PH_DRAWN:
            _add_plays(s, seat, hand, s.drawn, out)
            if not (r.forced_play and out):
                out.append(_new_move(Move, (K_PASS, seat, -1, -1, -1, False)))
        elif phase == PH_PENALTY:
            _add_plays(s, seat, hand, hand, out)
            if s.plus4_by >= 0 and r.plus4 == "challenge":
                out.append(_new_move(Move, (K_CHALLENGE, seat, -1, -1, -1, False)))
            out.append(_new_move(Move, (K_ACCEPT, seat, -1, -1, -1, False)))
    elif _jump_window_open(s) and s.discard[-1] in hand and phase != PH_CHOOSE_COLOR:
        top = s.discard[-1]
        if not (len(hand) == 1 and (
            (r.no_action_last and EFFECT_OF[top] != _NUMBER) or finish_forbidden(r, top)
        )):
            _add_play_variants(s, seat, hand, top, out)
    if r.uno_call:
        if not s.called[seat] and can_call_uno(s, seat, hand):
            out.append(_new_move(Move, (K_CALL_UNO, seat, -1, -1, -1, False)))
        if any(s.vuln):  # (window.any_open, inlined: every list of moves asks)
            for t in window.catchable(s, seat):
                out.append(_new_move(Move, (K_CATCH, seat, -1, -1, t, False)))
    # the very objects handed out, for apply (a tuple: the caller's list may be changed)
    s.listed = tuple(out)
    return out


def follows_same_number(s: GameState, card: int) -> bool:
    """Whether ``card`` may follow in a ``play_same_number`` turn: a number card of the number
    just played (any colour, whatever is on top). False outside such a turn. The one place this
    rule lives: legality, verdicts and the fast playouts ask it (or :func:`same_number_cards`)."""
    return RANK_OF[card] == s.chain_rank and EFFECT_OF[card] == _NUMBER and s.chain_rank >= 0


def same_number_cards(s: GameState, hand: list[int]) -> list[int]:
    """The cards of ``hand`` that may follow in a ``play_same_number`` turn
    (:func:`follows_same_number`). Empty outside such a turn."""
    if s.chain_rank < 0:
        return []
    return [c for c in hand if follows_same_number(s, c)]


def swap_target_needed(r: CompiledRules, card: int, hand_size: int) -> bool:
    """Whether playing ``card`` from a hand of ``hand_size`` cards must name a player to swap
    hands with: a 7 under ``seven_swap`` that is not the last card.  The one place this rule
    lives: legality, verdicts, the move lists and the fast playouts (simulate) all ask it."""
    return r.seven_swap and RANK_OF[card] == _RANK7 and EFFECT_OF[card] == _NUMBER and hand_size > 1


def can_call_uno(s: GameState, seat: int, hand: list[int]) -> bool:
    """Whether ``seat`` may call UNO now (the one place this rule lives: ``check`` and
    ``legal_moves`` both ask it). With one card, always; with two (``uno_call_with_two``), on
    your turn before the play that leaves one: in the play or drawn phase, or facing a draw card
    you can answer (stacking, issue 15)."""
    n_hand = len(hand)
    if n_hand == 1:
        return True
    if n_hand != 2 or seat != s.turn or not s.r.uno_call_with_two:
        return False
    if s.phase in (PH_PLAY, PH_DRAWN):
        return True
    return s.phase == PH_PENALTY and any(_play_problem(s, seat, c, hand) is None for c in hand)


def _add_plays(s: GameState, seat: int, hand: list[int], cards: list[int], out: list[Move]) -> None:
    r = s.r
    if r.plain_matching and s.phase != PH_PENALTY and s.chain_rank < 0:
        # the common case: colour, number/symbol or wild (the match table), no house restriction
        discard = s.discard
        col = s.color
        if discard and col >= 0:
            ok = sorted(match_table(r.deck)[col * 32 + RANK_OF[discard[-1]]].intersection(cards))
        elif discard:
            ok = sorted({c for c in cards if _matches(s, c)})
        else:
            ok = sorted(set(cards))
        if not r.seven_swap:  # _add_play_variants without a 7's targets, written out
            with_uno = r.uno_call and len(hand) == 2 and not s.called[seat]
            colors = r.colors
            add = out.append
            for c in ok:
                for col in colors if IS_WILD[c] else _NO_COLOR:
                    add(_new_move(Move, (_PLAY, seat, c, col, -1, False)))
                    if with_uno:
                        add(_new_move(Move, (_PLAY, seat, c, col, -1, True)))
            return
        for c in ok:
            _add_play_variants(s, seat, hand, c, out)
        return
    for card in sorted(set(cards)):
        if _play_problem(s, seat, card, hand) is None:
            _add_play_variants(s, seat, hand, card, out)


def _add_play_variants(s: GameState, seat: int, hand: list[int], card: int, out: list[Move]) -> None:
    r = s.r
    with_uno = r.uno_call and len(hand) == 2 and not s.called[seat]
    colors = r.colors if IS_WILD[card] else _NO_COLOR
    if r.seven_swap and swap_target_needed(r, card, len(hand)):
        targets: Sequence[int] = [t for t in range(s.n) if t != seat and s.active[t]]
    else:
        targets = (-1,)
    add = out.append
    for col in colors:
        for t in targets:  # Move(PLAY, ...), built without the defaults' overhead
            add(_new_move(Move, (_PLAY, seat, card, col, t, False)))
            if with_uno:
                add(_new_move(Move, (_PLAY, seat, card, col, t, True)))


# ------------------------------------------------------------------------------------------
# verdicts
# ------------------------------------------------------------------------------------------


def _v(code: Reason, s: GameState, move: object, **params: Any) -> Verdict:
    seat = getattr(move, "seat", None) if isinstance(move, Move) else None
    if isinstance(seat, int) and 0 <= seat < s.n:
        who = s.name(seat)
    elif seat is None and not isinstance(move, Move):
        who = "somebody"
    else:
        who = f"the player at seat {quote_value(seat)}"
    base: dict[str, Any] = {"who": who}
    base.update(params)
    return Verdict(code, tuple(base.items()))


def _colors_text(s: GameState) -> str:
    return join_words((color_name(c) for c in s.r.colors), "or")


def _cards(n: int) -> str:
    """``1 card``, ``4 cards``."""
    return f"{n} card{'' if n == 1 else 's'}"


def _some_cards(cards: Sequence[int], most: int = 6) -> str:
    """Cards named for a message, at most ``most`` of them: ``red 1, red 2 and 40 more``;
    a number that is not a card is quoted (``card 999``)."""
    names = [card_name(c) if c in _CARD_SET else f"card {quote_value(c)}" for c in cards[:most]]
    if len(cards) <= most:
        return join_words(names)
    return f"{', '.join(names)} and {len(cards) - most} more"


def _seat_params(s: GameState, seat: object, key: str) -> dict[str, Any]:
    """How a message names a seat that cannot act or be targeted: the player's name and the
    ``out`` wording when they were eliminated, else the number that was given."""
    if isinstance(seat, int) and 0 <= seat < s.n:
        return {key: s.name(seat), "form": "out"}
    return {key: quote_value(seat)}


def check(s: GameState, move: Move) -> Verdict:
    """The validator's verdict on ``move``; never changes ``s``.

    Any value gets a verdict, never an exception: a value that is not a well-formed
    :class:`Move` (see :func:`~uno_web.core.moves.shape_problem`) gets ``E_MALFORMED``. For a
    move whose fields are whole numbers, ``check(s, move).ok`` holds exactly when ``move`` is in
    ``legal_moves(s, move.seat)``. Raises :class:`TypeError` only when ``s`` is not a
    :class:`GameState`.
    """
    _require_state(s)
    problem = _reject(s, move)
    if problem is not None:
        return problem  # a refusal, or a move the house rules accept at a cost (``P_`` codes)
    after = s.copy()
    _execute(after, move, None, _RngOnly)
    return _accept_verdict(s, move, after)


_MISPLAYS = frozenset((Reason.E_NO_MATCH, Reason.E_PLUS4_NOT_ALLOWED, Reason.E_WILD_NOT_LAST_RESORT,
                       Reason.E_ACTION_CARD_LAST))


def _reject(s: GameState, move: Move) -> Verdict | None:
    """None for a legal move; else the refusal, or, when a house rule makes the move cost
    cards instead of refusing it (``misplay_penalty``, ``false_catch_penalty``,
    ``false_uno_penalty``, ``no_wild_finish``, ``no_draw_card_finish``), its ``P_`` verdict."""
    problem = _refusal(s, move)
    if problem is None or problem.code.penalized or problem.code == Reason.E_MALFORMED:
        return problem
    return _as_penalty(s, move, problem) or problem


def _as_penalty(s: GameState, move: Move, problem: Verdict) -> Verdict | None:
    """The ``P_`` verdict when the rules turn ``problem`` into a penalty, else None. The one
    place the three penalty-count rules decide."""
    r = s.r
    code = problem.code
    kind = move.kind
    form = dict(problem.params).get("form", "")
    if kind == K_PLAY:
        if (code in _MISPLAYS and r.misplay_penalty and move.seat == s.turn
                and s.phase == PH_PLAY and s.chain_rank < 0):
            return _v(Reason.P_MISPLAY, s, move, card=card_name(move.card),
                      count=_cards(r.misplay_penalty), why=problem.detail, broken=code.value,
                      next=s.name(_next_seat(s, move.seat)), rule="misplay_penalty = "
                      + str(r.misplay_penalty))
        return None
    if kind == K_CATCH:
        if code == Reason.E_NO_ONE_TO_CATCH and r.false_catch_penalty and form not in (
            "self", "no_seat"
        ):
            return _v(Reason.P_FALSE_CATCH, s, move, target=s.name(move.target),
                      count=_cards(r.false_catch_penalty), why=problem.detail,
                      rule="false_catch_penalty = " + str(r.false_catch_penalty))
        return None
    if kind == K_CALL_UNO:
        if code == Reason.E_UNO_NOT_ALLOWED and r.false_uno_penalty and form != "called":
            return _v(Reason.P_FALSE_UNO, s, move, count=_cards(r.false_uno_penalty),
                      why=problem.detail, rule="false_uno_penalty = " + str(r.false_uno_penalty))
    return None


def _refusal(s: GameState, move: Move) -> Verdict | None:
    """Why ``move`` is illegal, or None when it is legal: the checks every move shares (its
    shape, the game and the round, the seat), then the move kind's own decision."""
    shape = shape_problem(move)
    if shape is not None:
        return _v(Reason.E_MALFORMED, s, move, **shape)
    kind = move.kind if move.kind.__class__ is MoveKind else MoveKind(move.kind)
    phase = s.phase
    seat = move.seat
    if phase == PH_GAME_OVER:
        return _v(Reason.E_GAME_OVER, s, move, winner=s.name(s.winner))
    if not (0 <= seat < s.n) or not s.active[seat]:
        return _v(Reason.E_BAD_SEAT, s, move, **_seat_params(s, seat, "seat"))
    if phase == PH_ROUND_OVER:
        if kind == K_NEXT_ROUND:
            return None
        return _v(Reason.E_ROUND_OVER, s, move, winner=s.name(s.round_winner))
    if kind == K_NEXT_ROUND:
        return _v(Reason.E_ROUND_NOT_OVER, s, move)
    # moves anybody may make at any time
    if kind == K_CALL_UNO:
        return _call_uno_refusal(s, move)
    if kind == K_CATCH:
        return _catch_refusal(s, move)
    if seat != s.turn:  # playing out of turn: jump-in
        return _jump_in_refusal(s, move)
    # the turn player
    if phase == PH_CHOOSE_COLOR:
        if kind != K_CHOOSE_COLOR:
            return _v(Reason.E_CHOOSE_COLOR_FIRST, s, move)
        if move.color not in s.r.colors:
            return _v(Reason.E_COLOR_NOT_ALLOWED, s, move, colors=_colors_text(s))
        return None
    decide = _TURN_MOVE_REFUSAL.get(kind)
    if decide is None:  # pragma: no cover
        return _v(Reason.E_MALFORMED, s, move, detail=f"unknown move kind {quote_value(move.kind)}")
    return decide(s, move)


def _call_uno_refusal(s: GameState, move: Move) -> Verdict | None:
    seat = move.seat
    if not s.r.uno_call:
        return _v(Reason.E_UNO_DISABLED, s, move)
    hand = s.hands[seat]
    if s.called[seat]:
        return _v(Reason.E_UNO_NOT_ALLOWED, s, move, form="called")
    if can_call_uno(s, seat, hand):
        return None
    return _v(Reason.E_UNO_NOT_ALLOWED, s, move, count=_cards(len(hand)))


def _catch_refusal(s: GameState, move: Move) -> Verdict | None:
    t = move.target
    if not s.r.uno_call:
        return _v(Reason.E_UNO_DISABLED, s, move)
    why = window.catch_problem(s, move.seat, t)
    if not why:
        return None
    if why == "self":
        return _v(Reason.E_NO_ONE_TO_CATCH, s, move, form="self")
    if why == "no_seat":
        return _v(Reason.E_NO_ONE_TO_CATCH, s, move,
                  **{"form": "no_seat", **_seat_params(s, t, "target")})
    if why == "count":
        return _v(Reason.E_NO_ONE_TO_CATCH, s, move, target=s.name(t),
                  count=_cards(len(s.hands[t])))
    return _v(Reason.E_NO_ONE_TO_CATCH, s, move, target=s.name(t), form=why)


def _jump_in_refusal(s: GameState, move: Move) -> Verdict | None:
    r = s.r
    hand = s.hands[move.seat]
    if move.kind != K_PLAY or not r.jump_in:
        return _v(Reason.E_NOT_TURN, s, move, turn=s.name(s.turn))
    if s.phase == PH_CHOOSE_COLOR or not s.jump_window or not s.discard:
        return _v(Reason.E_JUMP_IN_NOT_ALLOWED, s, move)
    bad = _card_shape_problem(s, move, hand)
    if bad is not None:
        return bad
    top = s.discard[-1]
    if move.card != top or IS_WILD[top]:
        return _v(Reason.E_JUMP_IN_NOT_IDENTICAL, s, move, card=card_name(move.card),
                  top=card_name(top), form="wild" if IS_WILD[top] else "")
    if r.no_action_last and len(hand) == 1 and EFFECT_OF[top] != _NUMBER:
        return _v(Reason.E_ACTION_CARD_LAST, s, move, card=card_name(move.card))
    refusal = _target_problem(s, move, hand) or _uno_flag_problem(s, move, hand)
    if refusal is None and len(hand) == 1 and finish_forbidden(r, top):
        return _v(Reason.P_FINISH, s, move, card=card_name(top), form="draw",
                  rule=finish_forbidden(r, top) + " = true")
    return refusal


def _choose_color_refusal(s: GameState, move: Move) -> Verdict | None:
    return _v(Reason.E_NO_COLOR_TO_CHOOSE, s, move)  # (in the colour phase it is decided above)


def _play_refusal(s: GameState, move: Move) -> Verdict | None:
    seat = move.seat
    hand = s.hands[seat]
    bad = _card_shape_problem(s, move, hand)
    if bad is not None:
        return bad
    card = move.card
    if s.chain_rank >= 0 and card not in same_number_cards(s, hand):  # play_same_number
        return _v(Reason.E_SAME_NUMBER_ONLY, s, move, number=s.chain_rank, card=card_name(card))
    if s.phase == PH_DRAWN and card not in s.drawn:
        return _v(Reason.E_ONLY_DRAWN_CARD, s, move, drawn=cards_name(s.drawn),
                  that="that card" if len(s.drawn) == 1 else "one of those cards")
    problem = _play_problem(s, seat, card, hand)
    if problem is not None:
        code, extra = problem
        return _v(code, s, move, **_problem_params(s, move, code), **extra)
    return _target_problem(s, move, hand) or _uno_flag_problem(s, move, hand)


def _draw_refusal(s: GameState, move: Move) -> Verdict | None:
    seat = move.seat
    phase = s.phase
    if s.chain_rank >= 0:  # play_same_number: more of that number, or end the turn
        return _v(Reason.E_SAME_NUMBER_ONLY, s, move, number=s.chain_rank, form="other")
    if phase == PH_DRAWN:
        return _v(Reason.E_ALREADY_DREW, s, move)
    if phase == PH_PENALTY:
        return _v(Reason.E_PENALTY_PENDING, s, move, **_problem_params(s, move, Reason.E_PENALTY_PENDING))
    if not s.r.may_draw_when_playable:
        hand = s.hands[seat]
        for c in hand:
            if _play_problem(s, seat, c, hand) is None:
                return _v(Reason.E_MUST_PLAY, s, move, alternative=card_name(c))
    return None


def _pass_refusal(s: GameState, move: Move) -> Verdict | None:
    phase = s.phase
    if phase == PH_PENALTY:
        return _v(Reason.E_PENALTY_PENDING, s, move, **_problem_params(s, move, Reason.E_PENALTY_PENDING))
    if s.chain_rank >= 0:
        return None  # play_same_number: ending the turn
    if phase != PH_DRAWN:
        return _v(Reason.E_PASS_NOT_ALLOWED, s, move)
    if s.r.forced_play:
        hand = s.hands[move.seat]
        for c in s.drawn:
            if _play_problem(s, move.seat, c, hand) is None:
                return _v(Reason.E_MUST_PLAY_DRAWN, s, move, drawn=card_name(c))
    return None


def _challenge_refusal(s: GameState, move: Move) -> Verdict | None:
    if s.phase != PH_PENALTY or s.plus4_by < 0 or s.r.plus4 != "challenge":
        return _v(Reason.E_NO_CHALLENGE, s, move)
    return None


def _accept_refusal(s: GameState, move: Move) -> Verdict | None:
    if s.phase != PH_PENALTY:
        return _v(Reason.E_NO_PENALTY, s, move)
    return None


# the decision of each move kind the turn player makes (outside the colour phase)
_TURN_MOVE_REFUSAL: dict[MoveKind, Callable[[GameState, Move], Verdict | None]] = {
    K_CHOOSE_COLOR: _choose_color_refusal,
    K_PLAY: _play_refusal,
    K_DRAW: _draw_refusal,
    K_PASS: _pass_refusal,
    K_CHALLENGE: _challenge_refusal,
    K_ACCEPT: _accept_refusal,
}


def _card_shape_problem(s: GameState, move: Move, hand: list[int]) -> Verdict | None:
    card = move.card
    if card not in s.r.deck_set:
        text = card_name(card) if card in _CARD_SET else f"card {quote_value(card)}"
        return _v(Reason.E_CARD_NOT_IN_DECK, s, move, card=text, deck=_deck_word(s.r))
    if card not in hand:
        return _v(Reason.E_CARD_NOT_OWNED, s, move, card=card_name(card))
    if IS_WILD[card]:
        if move.color == -1:
            return _v(Reason.E_WILD_COLOR_MISSING, s, move, card=card_name(card), colors=_colors_text(s))
        if move.color not in s.r.colors:
            return _v(Reason.E_COLOR_NOT_ALLOWED, s, move, colors=_colors_text(s))
    elif move.color != -1:
        return _v(Reason.E_COLOR_NOT_ALLOWED, s, move, card=card_name(card), form="not_wild")
    return None




def _target_problem(s: GameState, move: Move, hand: list[int]) -> Verdict | None:
    r = s.r
    card = move.card
    needs = swap_target_needed(r, card, len(hand))
    t = move.target
    if needs:
        if t == -1:
            return _v(Reason.E_SWAP_TARGET_MISSING, s, move, card=card_name(card))
        if t == move.seat:
            return _v(Reason.E_SWAP_TARGET_INVALID, s, move, form="self")
        if not (0 <= t < s.n) or not s.active[t]:
            return _v(Reason.E_SWAP_TARGET_INVALID, s, move, **_seat_params(s, t, "target"))
    elif t != -1:
        return _v(Reason.E_TARGET_NOT_ALLOWED, s, move, card=card_name(card))
    return None


def _uno_flag_problem(s: GameState, move: Move, hand: list[int]) -> Verdict | None:
    """A play may carry an UNO call only when it leaves exactly one card."""
    if not move.uno:
        return None
    if not s.r.uno_call:
        return _v(Reason.E_UNO_DISABLED, s, move)
    if s.called[move.seat]:
        return _v(Reason.E_UNO_NOT_ALLOWED, s, move, form="called")
    if len(hand) != 2:
        return _v(Reason.E_UNO_NOT_ALLOWED, s, move, form="leaves", count=_cards(len(hand) - 1))
    return None


def _problem_params(s: GameState, move: Move, code: Reason) -> dict[str, Any]:
    top = s.discard[-1] if s.discard else -1
    p: dict[str, Any] = {
        "card": card_name(move.card) if move.card >= 0 else "no card",
        "top": card_name(top) if top >= 0 else "no card",
        "color": color_name(s.color) if s.color >= 0 else "none yet",
    }
    if code in (Reason.E_PENALTY_PENDING, Reason.E_PENALTY_NOT_ANSWERED):
        options = ["take them"]
        pen = EFFECT_OF[penalty_card(s)]
        if s.r.deflects(pen, EF_SKIP):
            options.insert(0, "pass them on with a Skip")
        if s.r.deflects(pen, EF_REVERSE):
            options.insert(0, "send them back with a Reverse")
        if s.r.stack_allowed_any(pen):
            options.insert(0, "stack a draw card")
        if s.plus4_by >= 0 and s.r.plus4 == "challenge":
            options.insert(0, "challenge the Wild Draw Four")
        p["pending"] = s.pending
        p["options"] = join_words(options, "or")
    return p


def _accept_verdict(s: GameState, move: Move, after: GameState) -> Verdict:
    """The OK verdict for a legal ``move`` from ``s`` that led to ``after``: its code now, its
    words when first read (:class:`~uno_web.core.reasons.LazyVerdict`), from ``s`` and what
    they need of ``after``, read here."""
    kind = move.kind
    if kind == K_PLAY:
        code = Reason.OK_PLAY
        if move.seat != s.turn:
            code = Reason.OK_JUMP_IN
        elif s.phase == PH_PENALTY:
            code = Reason.OK_DEFLECT if s.r.amount[EFFECT_OF[move.card]] == 0 else Reason.OK_STACK
    else:
        code = _ACCEPT_CODES[kind]
    # what the words read of the state after the move (the mover's hand size last)
    seat = move.seat
    seen = (after.phase, after.turn, after.chain_rank, after.color, after.pending,
            len(after.hands[seat]) if 0 <= seat < after.n else 0)
    return LazyVerdict(code, partial(_accept_params, s, move, seen, code))


def _accept_params(s: GameState, move: Move, seen: tuple[int, ...], code: Reason
                   ) -> tuple[tuple[str, Any], ...]:
    return _accept_words(s, move, seen, code).params


_ACCEPT_CODES = {
    K_DRAW: Reason.OK_DRAW, K_PASS: Reason.OK_PASS, K_ACCEPT: Reason.OK_ACCEPT,
    K_CHOOSE_COLOR: Reason.OK_COLOR, K_CALL_UNO: Reason.OK_UNO,
    K_CATCH: Reason.OK_CATCH, K_CHALLENGE: Reason.OK_CHALLENGE,
    K_NEXT_ROUND: Reason.OK_NEXT_ROUND,
}


def _accept_words(s: GameState, move: Move, seen: tuple[int, ...], code: Reason) -> Verdict:
    """The accepted move's verdict with its words (see :func:`_accept_verdict`)."""
    kind = move.kind
    after = SimpleNamespace(phase=seen[0], turn=seen[1], chain_rank=seen[2], color=seen[3],
                            pending=seen[4], hand_size=seen[5])
    if kind in (K_PLAY, K_DRAW, K_PASS, K_ACCEPT):
        over = after.phase >= PH_ROUND_OVER
        nxt = "nobody, the round is over" if over else s.name(after.turn)
        if kind == K_PLAY:
            if over:
                form = "out"
            elif after.chain_rank >= 0:
                form = "more"
            elif code == Reason.OK_DEFLECT:
                form = "reverse" if EFFECT_OF[move.card] == EF_REVERSE else "skip"
            else:
                form = ""
            return _v(code, s, move, card=card_name(move.card),
                      color=color_name(after.color) if after.color >= 0 else "none",
                      next=nxt, pending=after.pending or s.pending, form=form,
                      rule=_play_rule(s, move, code in (Reason.OK_STACK, Reason.OK_DEFLECT)))
        if kind == K_DRAW:
            count = after.hand_size - len(s.hands[move.seat])
            if count == 0:
                form = "empty"
            elif after.phase != PH_DRAWN:
                form = "none"
            else:
                form = "forced" if s.r.forced_play else ""
            it = "it" if count == 1 else ("any of them" if form == "none" else "a card just drawn")
            rule = "draw_to_match = true" if s.r.draw_to_match else ""
            return _v(Reason.OK_DRAW, s, move, count=_cards(count), it=it, next=nxt, form=form,
                      rule=rule)
        if kind == K_PASS:
            return _v(Reason.OK_PASS, s, move, next=nxt, form="end" if s.chain_rank >= 0 else "")
        return _v(Reason.OK_ACCEPT, s, move, count=_cards(s.pending), next=nxt)
    if kind == K_CHOOSE_COLOR:
        return _v(Reason.OK_COLOR, s, move, color=color_name(move.color))
    if kind == K_CALL_UNO:
        return _v(Reason.OK_UNO, s, move)
    if kind == K_CATCH:
        return _v(Reason.OK_CATCH, s, move, target=s.name(move.target),
                  count=_cards(s.r.uno_penalty))
    if kind == K_CHALLENGE:
        if s.plus4_bluff:
            return _v(Reason.OK_CHALLENGE, s, move, target=s.name(s.plus4_by),
                      count=_cards(s.pending))
        return _v(Reason.OK_CHALLENGE, s, move, target=s.name(s.plus4_by),
                  count=_cards(s.pending + 2), form="legal")
    dealer = _next_active_after(s, s.dealer)
    return _v(Reason.OK_NEXT_ROUND, s, move, round=s.round + 1,
              next=s.name(_next_active_after(s, dealer)))


# ------------------------------------------------------------------------------------------
# applying
# ------------------------------------------------------------------------------------------


class _NeedShuffle(Exception):
    def __init__(self, code: Reason, detail: str = "") -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


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
            parts = []
            if missing:
                parts.append("missing " + _some_cards(sorted(missing.elements())))
            if extra:
                parts.append("extra " + _some_cards(sorted(extra.elements())))
            where = "" if what == "reshuffle" else f" ({what})"
            raise _NeedShuffle(Reason.E_RESHUFFLE_NOT_PERMUTATION, "; ".join(parts) + where)
        return order


_RngOnly = _Shuffles(None)
_NoShuffles = _Shuffles([])  # a log's action that carries no pile order (stays empty: shared)


def _source(shuffles: Sequence[Sequence[int]] | None) -> _Shuffles:
    if shuffles is None:
        return _RngOnly
    if shuffles.__class__ is list and not shuffles:
        return _NoShuffles
    return _Shuffles(shuffles)


def apply(
    s: GameState, move: Move, shuffles: Sequence[Sequence[int]] | None = None
) -> Transition:
    """Check ``move``, then return the new state, the events and the verdict.

    ``shuffles`` (for replaying logs) gives the orders of reshuffled draw piles and of the next
    round's deck, top card first, in the order they are needed; without it the seeded RNG
    shuffles. Raises :class:`IllegalMove` (also for a pile order that is not a permutation of
    the cards to shuffle); ``s`` is never changed. Raises :class:`TypeError` when ``s`` is not
    a :class:`GameState` or ``shuffles`` is not a list of lists of whole numbers.
    """
    if shuffles is None and s.__class__ is GameState:
        listed = s.listed
        if listed is not None and any(map(is_, listed, repeat(move))):
            # one of the very moves legal_moves listed for this state: legal, as listed
            new = s.copy()
            events: list[Event] = []
            step(new, move, events)
            return _transition((new, events, _accept_verdict(s, move, new)))
    source, problem = _admit(s, move, shuffles)
    new = s.copy()
    events = []
    _carry_out(s, new, move, problem, events, source)
    if problem is not None:  # accepted at a cost (house rules)
        return _transition((new, events, problem))
    return _transition((new, events, _accept_verdict(s, move, new)))


def apply_in_place(
    s: GameState, move: Move, shuffles: Sequence[Sequence[int]] | None = None
) -> Verdict | None:
    """:func:`apply` for a caller that owns ``s`` and only needs to know that the move is legal
    (a log's validator, bulk replays): the same checks, then the move is carried out on ``s``
    itself, with no copy, no events and no verdict words.

    Returns None for a legal move, or the ``P_`` verdict of a move the house rules accept at a
    cost. Raises :class:`IllegalMove` like :func:`apply`: for a move the rules refuse ``s`` is
    unchanged, but for a pile order that is missing, not a permutation or not needed the
    fault shows only while the move is carried out, and ``s`` is left part-way: drop it (or
    use :func:`apply`, which never changes ``s``)."""
    source, problem = _admit(s, move, shuffles)
    _carry_out(s, s, move, problem, None, source)
    return problem


def _admit(s: GameState, move: Move, shuffles: Sequence[Sequence[int]] | None
           ) -> tuple[_Shuffles, Verdict | None]:
    """The checks :func:`apply` and :func:`apply_in_place` make before the move: the pile
    orders' source and the move's ``P_`` verdict (None: legal); raises :class:`IllegalMove`
    for a refusal."""
    if s.__class__ is not GameState:
        _require_state(s)
    source = _source(shuffles)
    problem = _reject(s, move)
    if problem is not None and not problem.code.penalized:
        raise IllegalMove(problem)
    return source, problem


def _carry_out(s: GameState, new: GameState, move: Move, problem: Verdict | None,
               events: list[Event] | None, source: _Shuffles) -> None:
    """Execute the accepted ``move`` on ``new`` (``s``'s copy, or ``s`` itself): the penalty of
    a ``P_`` verdict (``problem``), else the move. A pile order fault raises
    :class:`IllegalMove`, in words read from ``s``."""
    try:
        if problem is not None:
            _execute_penalty(new, move, problem.code, events, source)
        else:
            _execute(new, move, events, source)
    except _NeedShuffle as exc:
        raise IllegalMove(_v(exc.code, s, move, detail=exc.detail)) from None
    if source.orders:
        raise IllegalMove(_v(Reason.E_RESHUFFLE_UNEXPECTED, s, move))


def step(s: GameState, move: Move, ev: list[Event] | None = None, src: _Shuffles = _RngOnly) -> None:
    """Fast path: apply a move known to be legal, in place, with the seeded RNG (``ev``: a
    list the events are appended to).

    Nothing is checked: a move that is not in :func:`legal_moves` may raise anything or leave
    ``s`` inconsistent. Moves from outside (a person, a file, a bot under test) go through
    :func:`apply`, or :func:`check` first. (The engine's own executor: ``apply`` calls it after
    the checks, with the shuffles of a log as ``src``.)"""
    s.listed = None  # the state changes: the moves listed for it no longer hold
    kind = move.kind
    seat = move.seat
    r = s.r
    if kind == K_CALL_UNO:
        s.called[seat] = True
        window.close_for(s, (seat,))
        if ev is not None:
            ev.append(UnoCalled(seat))
        return
    if kind == K_CATCH:
        t = move.target
        window.close_for(s, (t,))  # caught once: paid for, even when nothing is drawn
        if ev is not None:
            ev.append(PenaltyApplied(t, r.uno_penalty, "uno", seat))
        _draw_cards(s, t, r.uno_penalty, ev, "uno", src)
        return
    if kind == K_NEXT_ROUND:
        _next_round(s, ev, src)
        return
    # a turn move closes the windows (as _close_windows)
    window.on_turn_move(s, seat)
    s.jump_window = False
    if kind == K_PLAY:
        _play(s, move, ev, src)
    elif kind == K_DRAW:
        _draw_turn(s, seat, ev, src)
    elif kind == K_PASS:
        s.drawn = []
        s.chain_rank = -1
        s.phase = PH_PLAY
        if ev is not None:
            ev.append(TurnPassed(seat))
        _advance(s, 1)
    elif kind == K_ACCEPT:
        _take_pending(s, seat, ev, src)
        s.phase = PH_PLAY
        _advance(s, 1)
    elif kind == K_CHALLENGE:
        bluffer = s.plus4_by
        amount = s.pending
        s.pending = 0
        s.plus4_by = -1
        s.phase = PH_PLAY
        if ev is not None:
            ev.append(ChallengeResolved(seat, bluffer, s.plus4_bluff))
        if s.plus4_bluff:
            if ev is not None:
                ev.append(PenaltyApplied(bluffer, amount, "challenge", seat))
            _draw_cards(s, bluffer, amount, ev, "challenge", src)
            # the challenger now takes an ordinary turn
        else:
            if ev is not None:
                ev.append(PenaltyApplied(seat, amount + 2, "challenge", bluffer))
            _draw_cards(s, seat, amount + 2, ev, "challenge", src)
            if ev is not None:
                ev.append(TurnSkipped(seat))
            _advance(s, 1)
    elif kind == K_CHOOSE_COLOR:
        s.color = move.color
        s.phase = PH_PLAY
        if ev is not None:
            ev.append(ColorChosen(seat, move.color))


_execute = step  # the executor under the name the engine's own callers use


def _take_pending(s: GameState, seat: int, ev: list[Event] | None, src: _Shuffles) -> None:
    """The turn player takes the pending draw cards and misses the turn (the move ACCEPT, and
    a costly mistake made facing a draw card)."""
    amount = s.pending
    s.pending = 0
    s.plus4_by = -1
    if ev is not None:
        ev.append(PenaltyApplied(seat, amount, "stack" if amount > 4 else "draw"))
    _draw_cards(s, seat, amount, ev, "penalty", src)
    if ev is not None:
        ev.append(TurnSkipped(seat))


def _close_windows(s: GameState, seat: int) -> None:
    """A turn move closes the catch window of earlier plays (official: "before the next player
    acts") and the jump-in window."""
    window.on_turn_move(s, seat)
    s.jump_window = False


def _execute_penalty(s: GameState, move: Move, code: Reason, ev: list[Event] | None,
                     src: _Shuffles) -> None:
    """Apply a move the house rules accept at a cost (a ``P_`` verdict): the card stays in the
    hand and the player draws the penalty. A misplay or a forbidden last card also ends the
    turn (facing a pending draw card, the player takes it too); a false catch or a groundless
    UNO call changes nothing else."""
    r = s.r
    seat = move.seat
    if code == Reason.P_FALSE_CATCH:
        count, why = r.false_catch_penalty, "false_catch"
    elif code == Reason.P_FALSE_UNO:
        count, why = r.false_uno_penalty, "false_uno"
    elif code == Reason.P_MISPLAY:
        count, why = r.misplay_penalty, "misplay"
    else:  # P_FINISH
        count, why = 1, "finish"
    if ev is not None:
        ev.append(PenaltyApplied(seat, count, why, seat))
    if code in (Reason.P_FALSE_CATCH, Reason.P_FALSE_UNO) or seat != s.turn:
        _draw_cards(s, seat, count, ev, why, src)
        return
    # a turn move (a misplay, or a last card that may not go out): it closes the windows as
    # any turn move does, costs the cards and ends the turn
    _close_windows(s, seat)
    _draw_cards(s, seat, count, ev, why, src)
    s.stuck = 0
    if s.phase == PH_PENALTY:  # the pending draw card is taken too
        _take_pending(s, seat, ev, src)
    s.phase = PH_PLAY
    s.drawn = []
    _advance(s, 1)


def _advance(s: GameState, steps: int) -> None:
    if s.n_active == s.n:  # nobody eliminated: plain modular arithmetic
        s.turn = (s.turn + s.direction * steps) % s.n
    else:
        s.turn = _next_seat(s, s.turn, steps)
    if s.r.window_turn_end:
        _advance_tick(s)


def _play(s: GameState, move: Move, ev: list[Event] | None, src: _Shuffles) -> None:
    r = s.r
    seat = move.seat
    card = move.card
    hand = s.hands[seat]
    jump = seat != s.turn
    prev_color = s.color
    was_penalty = s.phase == PH_PENALTY
    eff = EFFECT_OF[card]
    if eff == _WILD4:
        s.plus4_prev_color = prev_color
        s.plus4_bluff = prev_color >= 0 and any(COLOR_OF[c] == prev_color for c in hand)
    hand.remove(card)
    s.discard.append(card)
    s.color = move.color if IS_WILD[card] else COLOR_OF[card]
    s.turn = seat
    s.chain_rank = -1
    s.drawn = []
    s.phase = PH_PLAY
    s.stuck = 0
    s.last_player = seat
    s.jump_window = r.jump_in
    if ev is not None:
        ev.append(CardPlayed(seat, card, s.color, jump))
    left = len(hand)
    _uno_after_play(s, move, left, ev)
    amount = r.amount[eff]
    if eff != _WILD4:
        s.plus4_by = -1
    else:
        s.plus4_by = seat if r.plus4 == "challenge" else -1
    if left == 0:
        _went_out(s, seat, eff, amount + (s.pending if was_penalty else 0), ev, src)
        return
    if r.seven_zero:
        seven_zero(s, seat, card, move.target, ev)
    if amount:
        victim = _next_seat(s, seat)
        s.pending = amount + (s.pending if was_penalty else 0)
        if r.responds[eff]:
            s.phase = PH_PENALTY
            s.turn = victim
            if r.window_turn_end:
                _advance_tick(s)
            return
        total = s.pending
        s.pending = 0
        if ev is not None:
            ev.append(PenaltyApplied(victim, total, _penalty_reason(eff), seat))
        _draw_cards(s, victim, total, ev, "penalty", src)
        if ev is not None:
            ev.append(TurnSkipped(victim))
        _advance(s, 2)
        return
    if was_penalty:  # a Reverse or a Skip sent the pending penalty on (house rules)
        if eff == EF_REVERSE:
            s.direction = -s.direction
            if ev is not None:
                ev.append(DirectionReversed(s.direction))
        s.phase = PH_PENALTY
        s.turn = _next_seat(s, seat)
        if r.window_turn_end:
            _advance_tick(s)
        return
    _plain_effect(s, seat, card, eff, ev, src)


def _plain_effect(s: GameState, seat: int, card: int, eff: int, ev: list[Event] | None,
                  src: _Shuffles) -> None:
    """What a card that makes nobody draw does once played (``seat`` keeps cards): who moves
    next."""
    r = s.r
    if eff == EF_SKIP:
        if ev is not None:
            ev.append(TurnSkipped(_next_seat(s, seat)))
        _advance(s, 2)
    elif eff == EF_REVERSE:
        s.direction = -s.direction
        if ev is not None:
            ev.append(DirectionReversed(s.direction))
        if _n_active(s) == 2 and r.reverse_skip_2p:
            if ev is not None:
                ev.append(TurnSkipped(_next_seat(s, seat)))
            _advance(s, 2)
        else:
            _advance(s, 1)
    elif eff == EF_SELF_DRAW_TWO:
        if ev is not None:
            ev.append(PenaltyApplied(seat, 2, "joker", seat))
        _draw_cards(s, seat, 2, ev, "joker", src)
        _advance(s, 1)
    else:
        if r.play_same_number and eff == _NUMBER:
            s.chain_rank = RANK_OF[card]  # the turn stays if another of this number is in hand:
            if any(follows_same_number(s, c) for c in s.hands[seat]):  # play it, or end the turn
                return
            s.chain_rank = -1
        _advance(s, 1)


def _uno_after_play(s: GameState, move: Move, left: int, ev: list[Event] | None) -> None:
    """The UNO call of a play that leaves ``left`` cards: called with the play (or before),
    or the catch window opens."""
    seat = move.seat
    if left == 1 and s.r.uno_call:
        if move.uno or s.called[seat]:
            if move.uno and not s.called[seat] and ev is not None:
                ev.append(UnoCalled(seat))
            s.called[seat] = True
        else:
            window.open_for(s, seat)
    elif left != 1:
        s.called[seat] = False


def _went_out(s: GameState, seat: int, eff: int, total: int, ev: list[Event] | None,
              src: _Shuffles) -> None:
    """``seat`` played its last card (of effect ``eff``; ``total`` cards of penalty with it):
    a last draw card still makes the next player draw (``draw_on_last_card``), then the round
    ends."""
    s.pending = 0
    if total and s.r.draw_on_last_card:
        if not s.r.amount[eff] and eff == EF_REVERSE:  # a Reverse sends the penalty back
            s.direction = -s.direction
            if ev is not None:
                ev.append(DirectionReversed(s.direction))
        victim = _next_seat(s, seat)
        if ev is not None:
            ev.append(PenaltyApplied(victim, total, _penalty_reason(EFFECT_OF[penalty_card(s)]), seat))
        _draw_cards(s, victim, total, ev, "penalty", src)
    _end_round(s, seat, ev)


def seven_zero(s: GameState, seat: int, card: int, target: int, ev: list[Event] | None = None) -> None:
    """What a 7 or a 0 just played by ``seat`` does to the hands under 7-0 (the toggles
    ``seven_swap`` and ``zero_rotate``): a 7 swaps hands with ``target`` (when it names one),
    a 0 passes every hand on in the direction of play; the calls of the hands that moved are
    reset. Any other card changes nothing. The one place these rules act: the executor and the
    fused playout (simulate) both call it."""
    r = s.r
    if EFFECT_OF[card] != _NUMBER:
        return
    rank = RANK_OF[card]
    if r.seven_swap and rank == _RANK7 and target >= 0:
        s.hands[seat], s.hands[target] = s.hands[target], s.hands[seat]
        _reset_calls(s, (seat, target))
        if ev is not None:
            ev.append(HandsSwapped(seat, target))
    elif r.zero_rotate and rank == _RANK0:
        hands = s.hands
        if s.n_active == s.n:  # everyone in (the lists change in place: callers hold them)
            # each hand passes to the next seat in the direction of play
            hands[:] = hands[-1:] + hands[:-1] if s.direction == 1 else hands[1:] + hands[:1]
            s.called[:] = [False] * s.n
            window.close_for(s, range(s.n))
        else:
            seats = [i for i in range(s.n) if s.active[i]]
            moving = [hands[i] for i in seats]
            k = len(seats)
            d = 1 if s.direction == 1 else -1
            for j in range(k):
                hands[seats[(j + d) % k]] = moving[j]
            _reset_calls(s, seats)
        if ev is not None:
            ev.append(HandsRotated(s.direction))


_advance_tick = window.on_turn_end


def _penalty_reason(eff: int) -> str:
    if eff == EF_DRAW_TWO:
        return "draw_two"
    if eff == EF_WILD:
        return "wild"
    return "draw_four"


def _reset_calls(s: GameState, seats: Iterable[int]) -> None:
    for i in seats:
        s.called[i] = False
        window.close_for(s, (i,))


def _draw_turn(s: GameState, seat: int, ev: list[Event] | None, src: _Shuffles) -> None:
    r = s.r
    hand = s.hands[seat]
    before = len(hand)
    drawn: list[int] = []
    while True:
        got = _draw_cards(s, seat, 1, ev, "draw", src)
        if not got:
            break
        drawn.extend(got)
        if not r.draw_to_match or any(_play_problem(s, seat, c, hand) is None for c in got):
            break
    s.called[seat] = False if len(hand) >= 2 else s.called[seat]
    playable = [c for c in drawn if _play_problem(s, seat, c, hand) is None]
    if playable:
        s.drawn = drawn
        s.phase = PH_DRAWN
        s.stuck = 0
        return
    if len(hand) == before:
        s.stuck += 1
    else:
        s.stuck = 0
    if ev is not None:
        ev.append(TurnPassed(seat))
    if s.stuck >= _n_active(s):
        if ev is not None:
            ev.append(RoundBlocked())
        pts = [hand_points(h) if s.active[i] else 1 << 30 for i, h in enumerate(s.hands)]
        winner = min(range(s.n), key=lambda i: (pts[i], (i - s.turn) % s.n))
        _end_round(s, winner, ev)
        return
    _advance(s, 1)


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
            window.close_for(s, (seat,))
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


def _end_round(s: GameState, winner: int, ev: list[Event] | None) -> None:
    r = s.r
    n = s.n
    # the scores and the seats still in change here only, and copies share these lists with
    # the state they were made from (GameState.copy): new lists, not changes in place
    s.scores = s.scores[:]
    s.active = s.active[:]
    pts = [hand_points(h) for h in s.hands]
    s.round_points = pts
    s.round_winner = winner
    s.pending = 0
    s.drawn = []
    s.chain_rank = -1
    s.plus4_by = -1
    s.jump_window = False
    window.close_all(s)
    factor = 2 if r.double_score else 1
    if r.scoring == "elimination":
        gained = factor * sum(pts[i] for i in range(n) if i != winner and s.active[i])
        for i in range(n):
            if s.active[i] and i != winner:
                s.scores[i] += factor * pts[i]
        if ev is not None:
            ev.append(RoundWon(winner, gained, tuple(pts)))
        for i in range(n):
            if s.active[i] and s.scores[i] > r.elimination_threshold:
                s.active[i] = False
                s.n_active -= 1
                if ev is not None:
                    ev.append(PlayerEliminated(i, s.scores[i]))
        alive = [i for i in range(n) if s.active[i]]
        if len(alive) <= 1:
            s.winner = alive[0] if alive else winner
            s.phase = PH_GAME_OVER
            if ev is not None:
                ev.append(GameWon(s.winner, tuple(s.scores)))
            return
        s.phase = PH_ROUND_OVER
        return
    gained = factor * sum(pts[i] for i in range(n) if i != winner)
    s.scores[winner] += gained
    if ev is not None:
        ev.append(RoundWon(winner, gained, tuple(pts)))
    if r.scoring == "single-round" or s.scores[winner] >= r.target_score:
        s.winner = winner
        s.phase = PH_GAME_OVER
        if ev is not None:
            ev.append(GameWon(winner, tuple(s.scores)))
        return
    s.phase = PH_ROUND_OVER


def _next_round(s: GameState, ev: list[Event] | None, src: _Shuffles) -> None:
    s.dealer = _next_active_after(s, s.dealer)
    cards = sorted(s.all_cards())
    order = src.take(s, cards, "new round deal")
    _deal(s, order, ev)


def _next_active_after(s: GameState, seat: int) -> int:
    n = s.n
    for k in range(1, n + 1):
        if s.active[(seat + k) % n]:
            return (seat + k) % n
    return seat  # pragma: no cover
