"""Legality: whether a card may be played now and every move a seat may make (``legal_moves``).

The predicates the engine, its verdicts, the bots and the fast playouts share; no words.
Each move kind's rule is decided by one function here that returns ``(Reason, facts)`` for a
refusal or None (:func:`play_problem`, :func:`turn_play_problem`, :func:`draw_problem`,
:func:`pass_problem`, :func:`challenge_problem`, :func:`accept_problem`, :func:`uno_problem`,
:func:`jump_window_problem`, :func:`jump_card_problem`; catches:
:func:`~uno_web.core.catch_window.catch_problem`): ``check`` (judge) words the refusal and
:func:`legal_moves` lists the moves they allow, with tables (the match table, the drawn cards,
the deck's colours) as caches of the candidates.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, Sequence

from .cards import COLOR_OF, EFFECT_OF, IS_WILD, POINTS_OF, RANK_OF, Effect
from . import catch_window as window
from .moves import Move, MoveKind
from .reasons import Reason, quote_value
from .rules import RuleSet
from .state import CompiledRules, GameState, Phase, compile_rules, deck_cards, deck_colors

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

# the reason codes as module names (on CPython 3.11 an Enum class attribute costs about
# 60 ns, a module name a few: these are read while every list of moves is made)
E_ACTION_CARD_LAST = Reason.E_ACTION_CARD_LAST
E_ALREADY_DREW = Reason.E_ALREADY_DREW
E_FINISH_REFUSED = Reason.E_FINISH_REFUSED
E_JUMP_IN_NOT_ALLOWED = Reason.E_JUMP_IN_NOT_ALLOWED
E_JUMP_IN_NOT_IDENTICAL = Reason.E_JUMP_IN_NOT_IDENTICAL
E_MUST_PLAY = Reason.E_MUST_PLAY
E_MUST_PLAY_DRAWN = Reason.E_MUST_PLAY_DRAWN
E_NO_CHALLENGE = Reason.E_NO_CHALLENGE
E_NO_MATCH = Reason.E_NO_MATCH
E_NO_PENALTY = Reason.E_NO_PENALTY
E_ONLY_DRAWN_CARD = Reason.E_ONLY_DRAWN_CARD
E_PASS_NOT_ALLOWED = Reason.E_PASS_NOT_ALLOWED
E_PENALTY_DRAWS_LEFT = Reason.E_PENALTY_DRAWS_LEFT
E_PENALTY_NOT_ANSWERED = Reason.E_PENALTY_NOT_ANSWERED
E_PENALTY_PENDING = Reason.E_PENALTY_PENDING
E_PLUS4_NOT_ALLOWED = Reason.E_PLUS4_NOT_ALLOWED
E_SAME_NUMBER_ONLY = Reason.E_SAME_NUMBER_ONLY
E_STACK_NOT_ALLOWED = Reason.E_STACK_NOT_ALLOWED
E_STACK_ORDER = Reason.E_STACK_ORDER
E_UNO_DISABLED = Reason.E_UNO_DISABLED
E_UNO_NOT_ALLOWED = Reason.E_UNO_NOT_ALLOWED
E_WILD_NOT_LAST_RESORT = Reason.E_WILD_NOT_LAST_RESORT
P_FINISH = Reason.P_FINISH

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
    top_card = False
    if s.phase == PH_PENALTY:
        top_card = r.top_card_answers
        pen = EFFECT_OF[s.discard[-1] if top_card else penalty_card(s)]
        eff = EFFECT_OF[card]
        if top_card and eff == EF_SKIP and r.skip_passes_penalty:
            v = 0  # draw_answers = top-card: a Skip passes any pending penalty on
        elif top_card and r.amount[pen] == 0:
            return E_PENALTY_NOT_ANSWERED, {}  # after a Reverse or Skip: a Skip only
        else:
            v = r.answers[pen][eff]  # r.answer_verdict, tabled
        if v:
            if r.amount[EFFECT_OF[card]] == 0:
                return E_PENALTY_NOT_ANSWERED, {}
            if v == 2:
                return E_STACK_ORDER, {"rule": "escalating_stack = true"}
            return E_STACK_NOT_ALLOWED, {"rule": _stack_toggle(pen, EFFECT_OF[card]) + " = false"}
    if s.chain_rank >= 0 and not r.chain_any_card:
        # play_same_number: more of the number just played, whatever is on top (a pile turned
        # over in the turn, when another player drew, may have brought up a new top card)
        if not follows_same_number(s, card):
            return E_SAME_NUMBER_ONLY, {"number": s.chain_rank, "card": card}
    elif not top_card and not _matches(s, card):  # (top-card: the kind alone decides)
        return E_NO_MATCH, {}
    if IS_WILD[card]:
        if EFFECT_OF[card] == _WILD4 and r.plus4 == "strict" and holds_color(hand, s.color):
            return E_PLUS4_NOT_ALLOWED, {}
        if r.wild_last_resort:
            for c in hand:
                if not IS_WILD[c] and _matches(s, c) and (
                    s.phase != PH_PENALTY or r.answer_verdict(pen, EFFECT_OF[c]) == 0
                ):
                    return E_WILD_NOT_LAST_RESORT, {"alternative": c}
    if r.no_action_last and len(hand) == 1 and EFFECT_OF[card] != _NUMBER:
        return E_ACTION_CARD_LAST, {}
    if len(hand) == 1:
        rule = finish_forbidden(r, card)
        if rule:
            # finish_keeps_turn: the penalty is for your own turn only; facing a draw card
            # the play is simply refused
            code = (E_FINISH_REFUSED if r.finish_keeps_turn and s.phase == PH_PENALTY
                    else P_FINISH)
            return code, {"form": "wild" if rule == "no_wild_finish" else "draw",
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




def holds_color(hand: Iterable[int], color: int) -> bool:
    """Whether ``hand`` holds a card of ``color`` (a wild has no colour; -1, no colour named
    yet: never). The Wild Draw Four's rule, one place for it: under ``wild_draw_four =
    "strict"`` it may not be played from such a hand, and a challenge finds it a bluff when it
    was (``effects._play`` records that; the fast playouts ask it too). Holding a card of the
    colour in force, not holding a playable card."""
    return color >= 0 and any(COLOR_OF[c] == color for c in hand)


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


# ------------------------------------------------------------------------------------------
# the decision of each move kind: (reason, facts) for a refusal, None when allowed
# ------------------------------------------------------------------------------------------

_NO_FACTS: dict[str, Any] = {}  # (read only)


def turn_play_problem(s: GameState, seat: int, card: int, hand: list[int]
                      ) -> tuple[Reason, dict[str, Any]] | None:
    """The turn player's play of ``card`` from ``hand`` (a card it holds): in a
    ``play_same_number`` turn only that number, after drawing only a card just drawn, then
    :func:`play_problem`; none while penalty cards are owed (``penalty_draw = one-by-one``)."""
    if s.owed:
        return E_PENALTY_DRAWS_LEFT, {"count": s.owed}
    if s.chain_rank >= 0 and not s.r.chain_any_card and not follows_same_number(s, card):
        return E_SAME_NUMBER_ONLY, {"number": s.chain_rank, "card": card}
    if s.phase == PH_DRAWN and card not in s.drawn:
        if not s.r.draw_any_card:
            return E_ONLY_DRAWN_CARD, {"drawn": tuple(s.drawn)}
        forced = forced_drawn_card(s, seat, hand)
        if forced >= 0:
            return E_MUST_PLAY_DRAWN, {"drawn": forced}
    return play_problem(s, seat, card, hand)


def forced_drawn_card(s: GameState, seat: int, hand: list[int]) -> int:
    """``forced_play`` with ``forced_play_at_once``: the card just drawn that fits, which is
    the only card the turn player may play now (letsuno plays it for the player); -1 when
    there is none, or those rules are off, or the turn is not just after a draw."""
    r = s.r
    if s.phase != PH_DRAWN or not (r.forced_play and r.forced_play_at_once):
        return -1
    for c in s.drawn:
        if play_problem(s, seat, c, hand) is None:
            return c
    return -1


def draw_problem(s: GameState, seat: int, plays: list[Move] | None = None
                 ) -> tuple[Reason, dict[str, Any]] | None:
    """The turn player drawing a card. ``plays``: the plays :func:`legal_moves` found (a
    cache: without it the hand is searched for a card that may be played). Penalty cards
    still owed (``penalty_draw = one-by-one``) are drawn with it, one per move."""
    if s.owed:
        return None
    if s.chain_rank >= 0:  # play_same_number: more of that number, or end the turn
        return E_SAME_NUMBER_ONLY, {"number": s.chain_rank, "form": "other"}
    phase = s.phase
    if phase == PH_DRAWN:
        return E_ALREADY_DREW, _NO_FACTS
    if phase == PH_PENALTY:
        if takes_penalty_by_drawing(s):
            return None
        return E_PENALTY_PENDING, _NO_FACTS
    if s.r.may_draw_when_playable:
        return None
    if plays is not None:
        return (E_MUST_PLAY, {"alternative": plays[0][2]}) if plays else None
    hand = s.hands[seat]
    for c in hand:
        if play_problem(s, seat, c, hand) is None:
            return E_MUST_PLAY, {"alternative": c}
    return None


def pass_problem(s: GameState, seat: int, plays: list[Move] | None = None
                 ) -> tuple[Reason, dict[str, Any]] | None:
    """The turn player ending the turn: keeping the drawn card (``forced_play``: unless it
    can be played), ending a ``play_same_number`` turn, or (``misplay_may_pass``) after
    drawing a misplay penalty: the play phase with the penalty cards in ``s.drawn``.
    ``plays``: the plays :func:`legal_moves` found, as for :func:`draw_problem`."""
    phase = s.phase
    if s.owed:  # penalty_draw = one-by-one: the penalty cards first
        return E_PENALTY_DRAWS_LEFT, {"count": s.owed}
    if phase == PH_PENALTY:
        return E_PENALTY_PENDING, _NO_FACTS
    if s.chain_rank >= 0:
        return None  # play_same_number: ending the turn
    if phase != PH_DRAWN:
        if s.drawn and phase == PH_PLAY:  # (only misplay_may_pass leaves cards there)
            if s.r.may_draw_when_playable or _any_play(s, seat, plays):
                return None
            return E_PASS_NOT_ALLOWED, {"form": "must_draw"}
        return E_PASS_NOT_ALLOWED, _NO_FACTS
    if s.r.forced_play:
        if plays is not None:
            if s.r.draw_any_card:  # (the plays list the whole hand: the drawn cards decide)
                plays = [m for m in plays if m[0] == K_PLAY and m[2] in s.drawn]
            return (E_MUST_PLAY_DRAWN, {"drawn": plays[0][2]}) if plays else None
        hand = s.hands[seat]
        for c in s.drawn:
            if play_problem(s, seat, c, hand) is None:
                return E_MUST_PLAY_DRAWN, {"drawn": c}
    return None


def _any_play(s: GameState, seat: int, plays: list[Move] | None) -> bool:
    """Whether the turn player may play a card now (``plays``: the plays found, if known)."""
    if plays is not None:
        return any(m[0] == K_PLAY for m in plays)
    hand = s.hands[seat]
    return any(turn_play_problem(s, seat, c, hand) is None for c in hand)


def challenge_problem(s: GameState) -> tuple[Reason, dict[str, Any]] | None:
    """The turn player challenging a Wild Draw Four (``wild_draw_four = challenge``)."""
    if s.owed:  # penalty_draw = one-by-one: the penalty cards first
        return E_PENALTY_DRAWS_LEFT, {"count": s.owed}
    if s.phase != PH_PENALTY or s.plus4_by < 0 or s.r.plus4 != "challenge":
        return E_NO_CHALLENGE, _NO_FACTS
    return None


def accept_problem(s: GameState) -> tuple[Reason, dict[str, Any]] | None:
    """The turn player taking the pending draw penalty (``draw_takes_penalty``: a draw
    takes it, unless the Wild Draw Four may still be challenged)."""
    if s.owed:  # penalty_draw = one-by-one: the penalty cards first
        return E_PENALTY_DRAWS_LEFT, {"count": s.owed}
    if s.phase != PH_PENALTY:
        return E_NO_PENALTY, _NO_FACTS
    if takes_penalty_by_drawing(s):
        return E_NO_PENALTY, {"form": "draw", "pending": s.pending}
    return None


def takes_penalty_by_drawing(s: GameState) -> bool:
    """Whether the turn player facing a pending draw card takes it by drawing
    (``draw_takes_penalty``: the draw is its first card) rather than with the move ACCEPT:
    under that rule, unless a Wild Draw Four may still be challenged. The one place this rule
    lives: legality, the executor and the policies ask it."""
    return (s.r.draw_takes_penalty and s.phase == PH_PENALTY and not s.owed
            and challenge_problem(s) is not None)


def uno_problem(s: GameState, seat: int, hand: list[int]) -> tuple[Reason, dict[str, Any]] | None:
    """``seat`` calling UNO (any time: :func:`can_call_uno` says when it may)."""
    if not s.r.uno_call:
        return E_UNO_DISABLED, _NO_FACTS
    if s.owed and seat == s.turn and s.owed_then >= 0:
        # penalty_draw = one-by-one: paying a penalty that is not a draw card's (letsuno's
        # handleCallUno refuses the player paying one: isPayingUnoPenalty)
        return E_UNO_NOT_ALLOWED, {"form": "owed"}
    if can_call_uno(s, seat, hand):
        if s.called[seat] and not s.r.uno_repeat_call:
            return E_UNO_NOT_ALLOWED, {"form": "called"}
        return None
    if s.called[seat]:
        return E_UNO_NOT_ALLOWED, {"form": "called"}
    if len(hand) == 2 and seat == s.turn and s.r.uno_call_with_two and s.r.uno_call_needs_fit \
            and s.phase in (PH_PLAY, PH_DRAWN):
        return E_UNO_NOT_ALLOWED, {"form": "no_fit", "count": 2}
    return E_UNO_NOT_ALLOWED, {"count": len(hand)}


_JUMP_NOT_NOW = (E_JUMP_IN_NOT_ALLOWED, _NO_FACTS)


def jump_window_problem(s: GameState) -> tuple[Reason, dict[str, Any]] | None:
    """Whether a jump-in (``jump_in``) may happen now at all: right after a card was played
    (``jump_in_window = while-on-top``: while the card played is on top, no colour is still to
    be chosen and no draw card's penalty waits for an answer); never while penalty cards are
    owed (``penalty_draw = one-by-one``)."""
    if not s.jump_window or not s.discard:
        return _JUMP_NOT_NOW
    if s.owed:
        return E_JUMP_IN_NOT_ALLOWED, {"form": "owed"}
    phase = s.phase
    if phase == PH_CHOOSE_COLOR:
        return (E_JUMP_IN_NOT_ALLOWED, {"form": "color"}) if s.r.jump_on_top \
            else _JUMP_NOT_NOW
    if phase == PH_PENALTY and s.r.jump_on_top:
        return E_JUMP_IN_NOT_ALLOWED, {"form": "pending"}
    return None


def jump_card_problem(s: GameState, card: int, hand: list[int]
                      ) -> tuple[Reason, dict[str, Any]] | None:
    """Jumping in with ``card``: a card identical to the top card, which is not a wild card
    (``jump_in_wild``: a wild card too, on its twin), and (``no_action_card_last``) not an
    action card as the last card. (Going out on it under ``no_wild_finish`` /
    ``no_draw_card_finish`` is :func:`finish_forbidden`'s.)"""
    top = s.discard[-1]
    if card != top or (IS_WILD[top] and not s.r.jump_in_wild):
        return E_JUMP_IN_NOT_IDENTICAL, {"card": card, "top": top,
                                                "form": "wild" if IS_WILD[top] else ""}
    if s.r.no_action_last and len(hand) == 1 and EFFECT_OF[top] != _NUMBER:
        return E_ACTION_CARD_LAST, {"card": card}
    return None


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
    # the candidates of each phase (a cache: the cards that can pass, the deck's colours), each
    # move kind allowed by its decision function above
    if seat == s.turn:
        if phase == PH_CHOOSE_COLOR:
            out = [_new_move(Move, (K_CHOOSE_COLOR, seat, -1, c, -1, False)) for c in r.colors]
        elif s.owed:  # penalty_draw = one-by-one: draw the penalty cards, one per move
            out = [_new_move(Move, (K_DRAW, seat, -1, -1, -1, False))]  # (draw_problem)
        elif phase == PH_PLAY:
            # play_same_number: only that number (turn_play_problem), or end the turn
            # (same_number_turn = any-card: any card that fits)
            _add_plays(s, seat, hand, hand if s.chain_rank < 0 or r.chain_any_card
                       else same_number_cards(s, hand), out)
            if draw_problem(s, seat, out) is None:
                # (misplay_may_pass: the penalty just drawn also lets the turn end)
                if s.drawn and pass_problem(s, seat, out) is None:
                    out.append(_new_move(Move, (K_PASS, seat, -1, -1, -1, False)))
                out.append(_new_move(Move, (K_DRAW, seat, -1, -1, -1, False)))
            elif pass_problem(s, seat, out) is None:
                out.append(_new_move(Move, (K_PASS, seat, -1, -1, -1, False)))
        elif phase == PH_DRAWN:
            # (turn_play_problem: a card just drawn; after_draw_play = any-card: any card)
            _add_plays(s, seat, hand, hand if r.draw_any_card and forced_drawn_card(
                s, seat, hand) < 0 else s.drawn, out)
            if pass_problem(s, seat, out) is None:
                out.append(_new_move(Move, (K_PASS, seat, -1, -1, -1, False)))
        elif phase == PH_PENALTY:
            _add_plays(s, seat, hand, hand, out)
            if challenge_problem(s) is None:
                out.append(_new_move(Move, (K_CHALLENGE, seat, -1, -1, -1, False)))
            # accept_problem (draw_takes_penalty: draw_problem, a draw takes it)
            out.append(_new_move(Move, (K_DRAW if takes_penalty_by_drawing(s) else K_ACCEPT,
                                        seat, -1, -1, -1, False)))
    elif r.jump_in and jump_window_problem(s) is None and s.discard[-1] in hand:
        top = s.discard[-1]
        if jump_card_problem(s, top, hand) is None and not (
            len(hand) == 1 and finish_forbidden(r, top)
        ):
            _add_play_variants(s, seat, hand, top, out)
    if r.uno_call:
        if len(hand) <= 2 and uno_problem(s, seat, hand) is None:  # (UNO needs 1 or 2 cards)
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
    your turn before the play that leaves one: in the play or drawn phase (``uno_call_needs_fit``:
    only while one of the two cards matches the pile), or facing a draw card you can answer."""
    n_hand = len(hand)
    if n_hand == 1:
        return True
    if n_hand != 2 or seat != s.turn or not s.r.uno_call_with_two:
        return False
    if s.phase in (PH_PLAY, PH_DRAWN):
        return not s.r.uno_call_needs_fit or _matches(s, hand[0]) or _matches(s, hand[1])
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
        if not r.seven_swap:  # _add_play_variants without a 7's targets: from the table
            table = _play_moves(r.colors, seat, r.uno_call and len(hand) == 2 and (
                not s.called[seat] or r.uno_repeat_call))
            for c in ok:
                out += table[c]
            return
        for c in ok:
            _add_play_variants(s, seat, hand, c, out)
        return
    for card in sorted(set(cards)):
        if turn_play_problem(s, seat, card, hand) is None:
            _add_play_variants(s, seat, hand, card, out)


@lru_cache(maxsize=None)
def _play_moves(colors: tuple[int, ...], seat: int, with_uno: bool) -> list[tuple[Move, ...]]:
    """``seat``'s plays of each card (indexed by card) with no target: one per colour a wild
    may be given, each followed by its UNO-call twin when ``with_uno``. A cache of Move
    objects for :func:`legal_moves` (a move is a tuple; the same object in many lists is
    harmless: ``apply`` asks only whether it is in the list made for that state)."""
    table: list[tuple[Move, ...]] = [()] * len(COLOR_OF)
    for card in _CARD_SET:
        table[card] = tuple(_new_move(Move, (_PLAY, seat, card, col, -1, uno))
                            for col in (colors if IS_WILD[card] else _NO_COLOR)
                            for uno in ((False, True) if with_uno else (False,)))
    return table


def _add_play_variants(s: GameState, seat: int, hand: list[int], card: int, out: list[Move]) -> None:
    r = s.r
    with_uno = r.uno_call and len(hand) == 2 and (not s.called[seat] or r.uno_repeat_call)
    if not (r.seven_swap and swap_target_needed(r, card, len(hand))):
        out += _play_moves(r.colors, seat, with_uno)[card]
        return
    colors = r.colors if IS_WILD[card] else _NO_COLOR
    targets: Sequence[int] = [t for t in range(s.n) if t != seat and s.active[t]]
    add = out.append
    for col in colors:
        for t in targets:  # Move(PLAY, ...), built without the defaults' overhead
            add(_new_move(Move, (_PLAY, seat, card, col, t, False)))
            if with_uno:
                add(_new_move(Move, (_PLAY, seat, card, col, t, True)))
