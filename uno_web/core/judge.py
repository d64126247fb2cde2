"""The verdict on a move (``check``): each move kind decided by a function of its own, and the
words of the verdict's message parameters.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Callable

from .cards import EFFECT_OF, IS_WILD, RANK_OF
from . import catch_window as window
from .moves import Move, MoveKind, shape_problem
from .reasons import NOBODY, LazyVerdict, Reason, Verdict, quote_value
from .state import GameState
from .legality import (
    EF_REVERSE, EF_SELF_DRAW_TWO, EF_SKIP, EF_WILD, K_ACCEPT, K_CALL_UNO, K_CATCH, K_CHALLENGE,
    K_CHOOSE_COLOR, K_DRAW, K_NEXT_ROUND, K_PASS, K_PLAY, PH_CHOOSE_COLOR, PH_DRAWN, PH_GAME_OVER,
    PH_PENALTY, PH_PLAY, PH_ROUND_OVER, _NUMBER, _RANK0, _WILD4, _n_active, _next_seat,
    _require_state, _stack_toggle, accept_problem, challenge_problem, draw_problem,
    finish_forbidden, jump_card_problem, jump_window_problem, pass_problem, penalty_card,
    swap_target_needed, turn_play_problem, uno_problem,
)
from .effects import _execute, _next_active_after
from .piles import _RngOnly


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
    """A verdict with its facts: ``who`` is the mover's seat (None when ``move`` is not a move;
    ``who_value`` quotes a seat that is not a whole number), ``names`` the table's names, the
    rest raw facts (cards, counts, seats, the toggle). The words are written from them by
    :mod:`~uno_web.core.reasons` (English) and :mod:`uno_web.i18n` (other languages)."""
    base: dict[str, Any]
    if not isinstance(move, Move):
        base = {"who": None}
    elif isinstance(move.seat, int):
        base = {"who": int(move.seat)}
    else:
        base = {"who_value": quote_value(move.seat)}
    base.update(params)
    base["names"] = s.names
    return Verdict(code, tuple(base.items()))


def _seat_params(s: GameState, seat: int, key: str) -> dict[str, Any]:
    """A seat that cannot act or be targeted: the ``out`` wording when the player was
    eliminated (a seat of the table), else the number that was given."""
    if 0 <= seat < s.n:
        return {key: seat, "form": "out"}
    return {key: seat}


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
                and (s.phase == PH_PLAY or s.phase == PH_DRAWN and r.misplay_after_draw)
                and s.chain_rank < 0):
            return _v(Reason.P_MISPLAY, s, move, card=move.card,
                      count=r.misplay_penalty, why=_why(problem), broken=code.value,
                      next=move.seat if r.misplay_keeps_turn else _next_seat(s, move.seat),
                      rule="misplay_penalty = "
                      + str(r.misplay_penalty))
        return None
    if kind == K_CATCH:
        if code == Reason.E_NO_ONE_TO_CATCH and form == "self" and window.self_catchable(
            s, move.seat
        ):
            return _v(Reason.P_SELF_CATCH, s, move, count=r.uno_penalty,
                      rule="self_catch = true")
        if code == Reason.E_NO_ONE_TO_CATCH and r.false_catch_penalty and form not in (
            "self", "no_seat"
        ):
            return _v(Reason.P_FALSE_CATCH, s, move, target=move.target,
                      count=r.false_catch_penalty, why=_why(problem), broken=code.value,
                      rule="false_catch_penalty = " + str(r.false_catch_penalty))
        return None
    if kind == K_CALL_UNO:
        if code == Reason.E_UNO_NOT_ALLOWED and r.false_uno_penalty and form != "called":
            return _v(Reason.P_FALSE_UNO, s, move, count=r.false_uno_penalty,
                      why=_why(problem), broken=code.value, rule="false_uno_penalty = " + str(r.false_uno_penalty))
    return None


def _why(problem: Verdict) -> tuple[tuple[str, Any], ...]:
    """The facts of the refusal a penalty stands for (its ``why``; the table's names are the
    penalty's own)."""
    return tuple(kv for kv in problem.params if kv[0] != "names")


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
        return _v(Reason.E_GAME_OVER, s, move, winner=s.winner)
    if not (0 <= seat < s.n) or not s.active[seat]:
        return _v(Reason.E_BAD_SEAT, s, move, **_seat_params(s, seat, "seat"))
    if phase == PH_ROUND_OVER:
        if kind == K_NEXT_ROUND:
            return None
        return _v(Reason.E_ROUND_OVER, s, move, winner=s.round_winner)
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
            return _v(Reason.E_COLOR_NOT_ALLOWED, s, move, colors=s.r.colors)
        return None
    decide = _TURN_MOVE_REFUSAL.get(kind)
    if decide is None:  # pragma: no cover
        return _v(Reason.E_MALFORMED, s, move, form="kind", value=quote_value(move.kind),
                  last=str(len(MoveKind) - 1))
    return decide(s, move)


def _worded(s: GameState, move: Move, problem: tuple[Reason, dict[str, Any]] | None
            ) -> Verdict | None:
    """A decision of :mod:`~uno_web.core.legality` as the verdict on ``move`` (None: allowed);
    a pending penalty's refusal adds the facts of the penalty and its answers."""
    if problem is None:
        return None
    code, facts = problem
    if code is Reason.E_PENALTY_PENDING:
        return _v(code, s, move, **_problem_params(s, move, code))
    return _v(code, s, move, **facts)


# (each asks its decision, and words it only when refused: most moves checked are legal)
def _call_uno_refusal(s: GameState, move: Move) -> Verdict | None:
    problem = uno_problem(s, move.seat, s.hands[move.seat])
    return None if problem is None else _worded(s, move, problem)


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
        return _v(Reason.E_NO_ONE_TO_CATCH, s, move, target=t, count=len(s.hands[t]))
    return _v(Reason.E_NO_ONE_TO_CATCH, s, move, target=t, form=why)


def _jump_in_refusal(s: GameState, move: Move) -> Verdict | None:
    r = s.r
    hand = s.hands[move.seat]
    if move.kind != K_PLAY or not r.jump_in:
        return _v(Reason.E_NOT_TURN, s, move, turn=s.turn)
    if jump_window_problem(s) is not None:
        return _worded(s, move, jump_window_problem(s))
    bad = _card_shape_problem(s, move, hand)
    if bad is not None:
        return bad
    top = s.discard[-1]
    problem = jump_card_problem(s, move.card, hand)
    if problem is not None:
        return _worded(s, move, problem)
    refusal = _target_problem(s, move, hand) or _uno_flag_problem(s, move, hand)
    rule = finish_forbidden(r, top) if refusal is None and len(hand) == 1 else ""
    if rule:
        return _v(Reason.E_FINISH_REFUSED if r.finish_keeps_turn else Reason.P_FINISH, s, move,
                  card=top, form="wild" if rule == "no_wild_finish" else "draw",
                  rule=rule + " = true")
    return refusal


def _choose_color_refusal(s: GameState, move: Move) -> Verdict | None:
    return _v(Reason.E_NO_COLOR_TO_CHOOSE, s, move)  # (in the colour phase it is decided above)


def _play_refusal(s: GameState, move: Move) -> Verdict | None:
    seat = move.seat
    hand = s.hands[seat]
    bad = _card_shape_problem(s, move, hand)
    if bad is not None:
        return bad
    problem = turn_play_problem(s, seat, move.card, hand)
    if problem is not None:
        code, facts = problem
        if code in (Reason.E_SAME_NUMBER_ONLY, Reason.E_ONLY_DRAWN_CARD,
                    Reason.E_MUST_PLAY_DRAWN, Reason.E_PENALTY_DRAWS_LEFT):
            return _v(code, s, move, **facts)
        return _v(code, s, move, **_problem_params(s, move, code), **facts)
    # (the UNO flag is asked only when set: a call less for almost every play a log holds)
    return _target_problem(s, move, hand) or (
        _uno_flag_problem(s, move, hand) if move.uno else None)


def _draw_refusal(s: GameState, move: Move) -> Verdict | None:
    problem = draw_problem(s, move.seat)
    return None if problem is None else _worded(s, move, problem)


def _pass_refusal(s: GameState, move: Move) -> Verdict | None:
    problem = pass_problem(s, move.seat)
    return None if problem is None else _worded(s, move, problem)


def _challenge_refusal(s: GameState, move: Move) -> Verdict | None:
    problem = challenge_problem(s)
    return None if problem is None else _worded(s, move, problem)


def _accept_refusal(s: GameState, move: Move) -> Verdict | None:
    problem = accept_problem(s)
    return None if problem is None else _worded(s, move, problem)


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
        return _v(Reason.E_CARD_NOT_IN_DECK, s, move, card=card, deck=s.r.rules.deck)
    if card not in hand:
        return _v(Reason.E_CARD_NOT_OWNED, s, move, card=card)
    if IS_WILD[card]:
        if move.color == -1:
            return _v(Reason.E_WILD_COLOR_MISSING, s, move, card=card, colors=s.r.colors)
        if move.color not in s.r.colors:
            return _v(Reason.E_COLOR_NOT_ALLOWED, s, move, colors=s.r.colors)
    elif move.color != -1:
        return _v(Reason.E_COLOR_NOT_ALLOWED, s, move, card=card, form="not_wild")
    return None




def _target_problem(s: GameState, move: Move, hand: list[int]) -> Verdict | None:
    r = s.r
    card = move.card
    needs = swap_target_needed(r, card, len(hand))
    t = move.target
    if needs:
        if t == -1:
            return _v(Reason.E_SWAP_TARGET_MISSING, s, move, card=card)
        if t == move.seat:
            return _v(Reason.E_SWAP_TARGET_INVALID, s, move, form="self")
        if not (0 <= t < s.n) or not s.active[t]:
            return _v(Reason.E_SWAP_TARGET_INVALID, s, move, **_seat_params(s, t, "target"))
    elif t != -1:
        return _v(Reason.E_TARGET_NOT_ALLOWED, s, move, card=card)
    return None


def _uno_flag_problem(s: GameState, move: Move, hand: list[int]) -> Verdict | None:
    """A play may carry an UNO call only when it leaves exactly one card."""
    if not move.uno:
        return None
    if not s.r.uno_call:
        return _v(Reason.E_UNO_DISABLED, s, move)
    if s.called[move.seat] and not s.r.uno_repeat_call:
        return _v(Reason.E_UNO_NOT_ALLOWED, s, move, form="called")
    if len(hand) != 2:
        return _v(Reason.E_UNO_NOT_ALLOWED, s, move, form="leaves", count=len(hand) - 1)
    return None


def _problem_params(s: GameState, move: Move, code: Reason) -> dict[str, Any]:
    p: dict[str, Any] = {"card": move.card, "top": s.discard[-1] if s.discard else -1,
                         "color": s.color}
    if code in (Reason.E_PENALTY_PENDING, Reason.E_PENALTY_NOT_ANSWERED):
        options = ["take"]  # the answers open to the player (reasons.OPTION_WORDS)
        pen = EFFECT_OF[penalty_card(s)]
        if s.r.deflects(pen, EF_SKIP):
            options.insert(0, "skip")
        if s.r.deflects(pen, EF_REVERSE):
            options.insert(0, "reverse")
        if s.r.stack_allowed_any(pen):
            options.insert(0, "stack")
        if s.plus4_by >= 0 and s.r.plus4 == "challenge":
            options.insert(0, "challenge")
        p["pending"] = s.pending
        p["options"] = tuple(options)
    return p


def _accept_verdict(s: GameState, move: Move, after: GameState) -> Verdict:
    """The OK verdict for a legal ``move`` from ``s`` that led to ``after``: its code now, its
    words when first read (:class:`~uno_web.core.reasons.LazyVerdict`), from ``s`` and what
    they need of ``after``, read here."""
    kind = move.kind
    seat = move.seat
    stays = False
    if kind == K_PLAY:
        if seat != s.turn:
            code = _OK_JUMP_IN
        elif s.phase == PH_PENALTY:
            code = _OK_DEFLECT if s.r.amount[EFFECT_OF[move.card]] == 0 else _OK_STACK
        else:
            code = _OK_PLAY
    else:
        code = _ACCEPT_CODES[kind]
        if kind == K_DRAW:
            if s.phase == PH_PENALTY and not s.owed and not s.r.one_by_one:
                code = _OK_ACCEPT  # draw_takes_penalty, at once: the draw takes them all
            # draw_then_pass: whether the draw left the player nothing to play (the turn
            # waits for a pass)
            stays = after.phase == PH_DRAWN and s.r.draw_then_pass and not any(
                turn_play_problem(after, seat, c, after.hands[seat]) is None
                for c in after.hands[seat])
    # what the words read of the state after the move (the mover's hand size last)
    seen = (after.phase, after.turn, after.chain_rank, after.color, after.pending,
            len(after.hands[seat]) if 0 <= seat < after.n else 0, after.owed, stays)
    verdict: Verdict = LazyVerdict(_accept_params, code, s, move, seen)
    return verdict


def _accept_params(code: Reason, s: GameState, move: Move, seen: tuple[int, ...]
                   ) -> tuple[tuple[str, Any], ...]:
    return _accept_words(s, move, seen, code).params


# the codes as module names (an Enum class attribute is slow on CPython 3.11: legality's note)
_OK_PLAY, _OK_JUMP_IN, _OK_DEFLECT, _OK_STACK, _OK_ACCEPT = (
    Reason.OK_PLAY, Reason.OK_JUMP_IN, Reason.OK_DEFLECT, Reason.OK_STACK, Reason.OK_ACCEPT)
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
                            pending=seen[4], hand_size=seen[5], owed=seen[6], stays=seen[7])
    if kind in (K_PLAY, K_DRAW, K_PASS, K_ACCEPT):
        over = after.phase >= PH_ROUND_OVER
        nxt = NOBODY if over else after.turn
        if kind == K_PLAY:
            if over:
                form = "out"
            elif after.chain_rank >= 0:
                form = "more"
            elif code == Reason.OK_DEFLECT:
                form = "reverse" if EFFECT_OF[move.card] == EF_REVERSE else "skip"
            else:
                form = ""
            return _v(code, s, move, card=move.card, color=after.color, next=nxt, pending=after.pending or s.pending, form=form,
                      rule=_play_rule(s, move, code in (Reason.OK_STACK, Reason.OK_DEFLECT)))
        if kind == K_DRAW and s.phase == PH_PENALTY and not s.owed:  # draw_takes_penalty
            if after.owed:
                return _v(Reason.OK_DRAW, s, move, count=after.owed, form="owed",
                          rule="draw_takes_penalty = true")
            if s.r.one_by_one:
                return _v(Reason.OK_DRAW, s, move, count=1, next=nxt, form="owed_last",
                          rule="draw_takes_penalty = true")
            return _v(Reason.OK_ACCEPT, s, move, count=s.pending, next=nxt,
                      rule="draw_takes_penalty = true")
        if kind == K_DRAW and s.owed:  # penalty_draw = one-by-one: a penalty card
            if after.owed:
                return _v(Reason.OK_DRAW, s, move, count=after.owed, form="owed",
                          rule="penalty_draw = one-by-one")
            # (a penalty of a player not on turn, or one that keeps the turn: no turn missed)
            return _v(Reason.OK_DRAW, s, move, count=1, next=nxt,
                      form="owed_last" if s.owed_then < 0 else "owed_back",
                      rule="penalty_draw = one-by-one")
        if kind == K_DRAW:
            count = after.hand_size - len(s.hands[move.seat])
            if count == 0:
                form = "empty"
            elif after.phase != PH_DRAWN:
                # penalty_draw = one-by-one, drawing to match: the turn stays for another card
                form = "again" if after.turn == move.seat and after.phase == PH_PLAY else "none"
            elif after.stays:  # draw_then_pass: nothing to play, the player ends the turn
                form = "stays"
            else:
                form = "forced" if s.r.forced_play else ""
            rule = ("draw_then_pass = true" if form == "stays" else
                    "draw_to_match = true" if s.r.draw_to_match else "")
            return _v(Reason.OK_DRAW, s, move, count=count, next=nxt, form=form, rule=rule)
        if kind == K_PASS:
            return _v(Reason.OK_PASS, s, move, next=nxt, form="end" if s.chain_rank >= 0 else "")
        if after.owed:  # penalty_draw = one-by-one: the cards come one per move
            return _v(Reason.OK_ACCEPT, s, move, count=s.pending, form="owed",
                      rule="penalty_draw = one-by-one")
        return _v(Reason.OK_ACCEPT, s, move, count=s.pending, next=nxt)
    if kind == K_CHOOSE_COLOR:
        return _v(Reason.OK_COLOR, s, move, color=move.color)
    if kind == K_CALL_UNO:  # (uno_repeat_call: a call already made, made again)
        if s.called[move.seat]:
            return _v(Reason.OK_UNO, s, move, form="again", rule="uno_repeat_call = true")
        return _v(Reason.OK_UNO, s, move)
    if kind == K_CATCH:
        return _v(Reason.OK_CATCH, s, move, target=move.target, count=s.r.uno_penalty)
    if kind == K_CHALLENGE:
        if s.plus4_bluff:
            return _v(Reason.OK_CHALLENGE, s, move, target=s.plus4_by, count=s.pending)
        return _v(Reason.OK_CHALLENGE, s, move, target=s.plus4_by, count=s.pending + 2,
                  form="legal")
    dealer = _next_active_after(s, s.dealer)
    return _v(Reason.OK_NEXT_ROUND, s, move, round=s.round + 1,
              next=_next_active_after(s, dealer))
