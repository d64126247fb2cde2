"""The verdict on a move (``check``): each move kind decided by a function of its own, and the
words of the verdict's message parameters.
"""

from __future__ import annotations

from functools import partial
from types import SimpleNamespace
from typing import Any, Callable

from .cards import EFFECT_OF, IS_WILD, RANK_OF, card_name, cards_name, color_name, join_words
from . import catch_window as window
from .moves import Move, MoveKind, shape_problem
from .reasons import LazyVerdict, Reason, Verdict, quote_value
from .state import CompiledRules, GameState
from .legality import (
    EF_REVERSE, EF_SELF_DRAW_TWO, EF_SKIP, EF_WILD, K_ACCEPT, K_CALL_UNO, K_CATCH, K_CHALLENGE,
    K_CHOOSE_COLOR, K_DRAW, K_NEXT_ROUND, K_PASS, K_PLAY, PH_CHOOSE_COLOR, PH_DRAWN, PH_GAME_OVER,
    PH_PENALTY, PH_PLAY, PH_ROUND_OVER, _CARD_SET, _NUMBER, _RANK0, _WILD4, _n_active, _next_seat,
    _play_problem, _require_state, _stack_toggle, can_call_uno, finish_forbidden, penalty_card,
    same_number_cards, swap_target_needed,
)
from .effects import (
    _RngOnly, _execute, _next_active_after,
)


def _deck_word(r: CompiledRules) -> str:
    return "playing-card" if r.rules.deck == "playing-cards" else "UNO"


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
    move whose fields are whole numbers, an ``OK_`` verdict means ``move`` is in
    ``legal_moves(s, move.seat)`` and every move listed there gets one. ``check(s, move).ok``
    is true for ``P_`` verdicts too: a house rule (``misplay_penalty``, ``false_catch_penalty``,
    ``false_uno_penalty``, ``no_wild_finish``, ``no_draw_card_finish``) accepts the move at a
    cost (``Verdict.penalized``), and such a move is never in ``legal_moves``. Raises
    :class:`TypeError` only when ``s`` is not a :class:`GameState`.
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
                      next=s.name(move.seat if r.misplay_keeps_turn else _next_seat(s, move.seat)),
                      rule="misplay_penalty = "
                      + str(r.misplay_penalty))
        return None
    if kind == K_CATCH:
        if code == Reason.E_NO_ONE_TO_CATCH and form == "self" and window.self_catchable(
            s, move.seat
        ):
            return _v(Reason.P_SELF_CATCH, s, move, count=_cards(r.uno_penalty),
                      rule="self_catch = true")
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
        return _v(Reason.E_FINISH_REFUSED if r.finish_keeps_turn else Reason.P_FINISH, s, move, card=card_name(top), form="draw",
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
    if (s.chain_rank >= 0 and not s.r.chain_any_card
            and card not in same_number_cards(s, hand)):  # play_same_number
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
