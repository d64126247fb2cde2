"""What a legal move does (``step``): turn order, draws and penalties, the UNO call and the catch,
costly mistakes, the end of a round. The cards' order, the deal and the piles themselves
(shuffles, drawing, refilling) are :mod:`uno_web.core.piles`'.
"""

from __future__ import annotations

from typing import Iterable

from .cards import COLOR_OF, EFFECT_OF, IS_WILD, RANK_OF
from . import catch_window as window
from .catch_window import close_seat as _close_seat, on_turn_move as _on_turn_move
from .events import (
    CardPlayed, ChallengeResolved, ColorChosen, DirectionReversed, Event, GameWon, HandsRotated,
    HandsSwapped, PenaltyApplied, PlayerEliminated, RoundBlocked, RoundWon, TurnPassed,
    TurnSkipped, UnoCalled,
)
from .moves import Move
from .reasons import Reason
from .state import GameState
from .legality import (
    EF_DRAW_TWO, EF_REVERSE, EF_SELF_DRAW_TWO, EF_SKIP, EF_WILD,
    K_ACCEPT, K_CALL_UNO, K_CATCH, K_CHALLENGE, K_CHOOSE_COLOR, K_DRAW, K_NEXT_ROUND, K_PASS,
    K_PLAY, PH_CHOOSE_COLOR, PH_DRAWN, PH_GAME_OVER, PH_PENALTY, PH_PLAY, PH_ROUND_OVER,
    _NUMBER, _RANK0, _RANK7, _WILD4, _n_active, _next_seat, _play_problem, follows_same_number,
    forced_drawn_card, hand_points, holds_color, penalty_card,
)
from .piles import _RngOnly, _Shuffles, _deal, _draw_cards


# ------------------------------------------------------------------------------------------
# applying
# ------------------------------------------------------------------------------------------


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
        _close_seat(s, seat)
        if r.draw_lapses:
            lapse_draw(s)
        if ev is not None:
            ev.append(UnoCalled(seat))
        return
    if kind == K_CATCH:
        t = move.target
        _close_seat(s, t)  # caught once: paid for, even when nothing is drawn
        if r.draw_lapses:
            lapse_draw(s)
        if ev is not None:
            ev.append(PenaltyApplied(t, r.uno_penalty, "uno", seat))
        if r.one_by_one:  # penalty_draw = one-by-one: drawn one per move, now or when due
            charge(s, t, r.uno_penalty)
            return
        _draw_cards(s, t, r.uno_penalty, ev, "uno", src)
        return
    if kind == K_NEXT_ROUND:
        _next_round(s, ev, src)
        return
    # a turn move closes the windows (as _close_windows); with none open there is nothing to
    # close (the hot path skips the call)
    if any(s.vuln):
        _on_turn_move(s, seat)
    if not r.jump_on_top:  # (jump_in_window = while-on-top: open while the card is on top)
        s.jump_window = False
    if kind == K_PLAY:
        _play(s, move, ev, src)
    elif kind == K_DRAW:
        if s.owed:
            draw_owed(s, seat, ev, src)
        elif s.phase == PH_PENALTY:  # draw_takes_penalty: the draw takes the pending card
            _take_by_drawing(s, seat, ev, src)
        else:
            _draw_turn(s, seat, ev, src)
    elif kind == K_PASS:
        s.drawn = []
        s.chain_rank = -1
        s.phase = PH_PLAY
        if ev is not None:
            ev.append(TurnPassed(seat))
        _advance(s, 1)
    elif kind == K_ACCEPT:
        if r.one_by_one:  # penalty_draw = one-by-one: the cards come one per move
            _owe(s, seat, s.pending, _taken(s), -1, ev)
            s.plus4_by = -1
            return
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
            if r.one_by_one:  # penalty_draw = one-by-one: the bluffer draws them one by one,
                charge(s, bluffer, amount)  # then the challenger takes an ordinary turn
            else:
                _draw_cards(s, bluffer, amount, ev, "challenge", src)
            # the challenger now takes an ordinary turn
        elif r.one_by_one:  # penalty_draw = one-by-one: the challenger draws them one by one
            _owe(s, seat, amount + 2, "challenge", bluffer, ev)
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
    if s.owed_later and not s.owed:  # penalty_draw = one-by-one: a held penalty now falls due
        start_held(s)


_execute = step  # the executor under the name the engine's own callers use


def _taken(s: GameState, amount: int = -1) -> str:
    """What a player who takes the pending draw cards takes: ``stack`` when more than the one
    draw card under them was played (a stack), else ``draw``."""
    amount = s.pending if amount < 0 else amount
    return "stack" if amount > s.r.amount[EFFECT_OF[penalty_card(s)]] else "draw"


def _take_pending(s: GameState, seat: int, ev: list[Event] | None, src: _Shuffles) -> None:
    """The turn player takes the pending draw cards and misses the turn (the move ACCEPT, and
    a costly mistake made facing a draw card)."""
    amount = s.pending
    s.pending = 0
    s.plus4_by = -1
    if ev is not None:
        ev.append(PenaltyApplied(seat, amount, _taken(s, amount)))
    _draw_cards(s, seat, amount, ev, "penalty", src)
    if ev is not None:
        ev.append(TurnSkipped(seat))


def _take_by_drawing(s: GameState, seat: int, ev: list[Event] | None, src: _Shuffles) -> None:
    """``draw_takes_penalty``: the turn player's draw takes the pending draw card; under
    ``penalty_draw = one-by-one`` it is the first of its cards, else all of them."""
    if s.r.one_by_one:
        _owe(s, seat, s.pending, _taken(s), -1, ev)
        s.plus4_by = -1
        if s.owed:
            draw_owed(s, seat, ev, src)
        return
    _take_pending(s, seat, ev, src)
    s.phase = PH_PLAY
    _advance(s, 1)


def lapse_draw(s: GameState) -> None:
    """``draw_lapses``: an UNO call or a catch, by anybody, makes the turn player's draw lapse
    (letsuno counts a draw only while it is the last move at the table): after a draw, or
    after drawing a misplay penalty, the turn is as before the draw: no pass, a card that
    fits or another draw. A play-same-number turn, a colour to choose or a pending draw card
    is left as it is."""
    if s.phase == PH_DRAWN:
        if forced_drawn_card(s, s.turn, s.hands[s.turn]) >= 0:
            return  # forced_play_at_once: the card is as good as played already
        s.phase = PH_PLAY
        s.drawn = []
    elif s.phase == PH_PLAY and s.drawn:  # (misplay_may_pass: the penalty cards just drawn)
        s.drawn = []


def _close_windows(s: GameState, seat: int) -> None:
    """A turn move closes the catch window of earlier plays (official: "before the next player
    acts") and the jump-in window (under ``jump_in_window = while-on-top`` it stays open while
    the card is on top)."""
    _on_turn_move(s, seat)
    if not s.r.jump_on_top:
        s.jump_window = False


def _execute_penalty(s: GameState, move: Move, code: Reason, ev: list[Event] | None,
                     src: _Shuffles) -> None:
    """Apply a move the house rules accept at a cost (a ``P_`` verdict): the card stays in the
    hand and the player draws the penalty. A misplay or a forbidden last card also ends the
    turn (facing a pending draw card, the player takes it too); a false catch or a groundless
    UNO call changes nothing else. (``penalty_draw = one-by-one``: a penalty held until then
    may fall due after it.)"""
    _charge_penalty(s, move, code, ev, src)
    if s.owed_later and not s.owed:
        start_held(s)


def _charge_penalty(s: GameState, move: Move, code: Reason, ev: list[Event] | None,
                    src: _Shuffles) -> None:
    r = s.r
    seat = move.seat
    if code == Reason.P_FALSE_CATCH:
        count, why = r.false_catch_penalty, "false_catch"
    elif code == Reason.P_FALSE_UNO:
        count, why = r.false_uno_penalty, "false_uno"
    elif code == Reason.P_MISPLAY:
        count, why = r.misplay_penalty, "misplay"
    elif code == Reason.P_SELF_CATCH:  # the UNO penalty, as any catch: the window closes
        _close_seat(s, seat)
        count, why = r.uno_penalty, "uno"
    else:  # P_FINISH
        count, why = 1, "finish"
    if ev is not None:
        ev.append(PenaltyApplied(seat, count, why, seat))
    if code in (Reason.P_FALSE_CATCH, Reason.P_FALSE_UNO, Reason.P_SELF_CATCH) or seat != s.turn:
        if r.draw_lapses and code in (Reason.P_FALSE_CATCH, Reason.P_FALSE_UNO,
                                      Reason.P_SELF_CATCH):
            lapse_draw(s)
        if r.one_by_one and code != Reason.P_FINISH:  # one per move, now or when due
            charge(s, seat, count)
            return
        _draw_cards(s, seat, count, ev, why, src)
        return
    # a turn move (a misplay, or a last card that may not go out): it closes the windows as
    # any turn move does, costs the cards and ends the turn
    _close_windows(s, seat)
    if r.one_by_one and code == Reason.P_MISPLAY:  # penalty_draw = one-by-one: per move
        s.stuck = 0
        s.phase = PH_PLAY
        # misplay_keeps_turn: the turn stays (misplay_may_pass: the cards join ``drawn`` as
        # they come, see draw_owed), else it passes on after the last card
        s.drawn = s.drawn if r.misplay_keeps_turn and r.misplay_may_pass else []
        charge(s, seat, count, seat if r.misplay_keeps_turn else -1)
        return
    got = _draw_cards(s, seat, count, ev, why, src)
    s.stuck = 0
    if r.misplay_keeps_turn if code == Reason.P_MISPLAY else r.finish_keeps_turn:
        # the player goes on as at the start of a turn (a finish penalty is only charged
        # outside a pending draw card under finish_keeps_turn: legality refuses it there);
        # misplay_may_pass: the penalty cards join ``drawn``, and the turn may end (in the
        # play phase ``drawn`` holds nothing else; misplay_after_draw: after a draw it holds
        # the cards drawn, which the penalty cards join)
        s.phase = PH_PLAY
        if r.misplay_may_pass:
            s.drawn = s.drawn + got if code == Reason.P_MISPLAY else s.drawn
        else:
            s.drawn = []
        return
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
    # a fresh Wild Draw Four's challenge window (draw_answers = top-card: a Reverse or Skip
    # played in it makes the next victim draw at once)
    in_challenge = was_penalty and s.plus4_by >= 0
    eff = EFFECT_OF[card]
    if eff == _WILD4:
        s.plus4_prev_color = prev_color
        s.plus4_bluff = holds_color(hand, prev_color)
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
    if left == 1 or s.called[seat]:  # (otherwise there is no call to make or forget)
        _uno_after_play(s, move, left, ev)
    amount = r.amount[eff]
    if eff != _WILD4 or (was_penalty and r.top_card_answers):  # (top-card: a stacked one
        s.plus4_by = -1                                          # cannot be challenged)
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
        if r.responds[eff] or (was_penalty and r.top_card_answers):  # (a stack goes on)
            s.phase = PH_PENALTY
            s.turn = victim
            if r.window_turn_end:
                _advance_tick(s)
            return
        _penalty_now(s, seat, victim, eff, ev, src)
        return
    if was_penalty:  # a Reverse or a Skip sent the pending penalty on (house rules)
        if eff == EF_REVERSE:
            s.direction = -s.direction
            if ev is not None:
                ev.append(DirectionReversed(s.direction))
        if in_challenge and r.top_card_answers:  # the player it is sent to draws at once
            _penalty_now(s, seat, _next_seat(s, seat), _WILD4, ev, src)
            return
        s.phase = PH_PENALTY
        s.turn = _next_seat(s, seat)
        if r.window_turn_end:
            _advance_tick(s)
        return
    _plain_effect(s, seat, card, eff, ev, src, not jump or r.jump_in_same_number)


def _plain_effect(s: GameState, seat: int, card: int, eff: int, ev: list[Event] | None,
                  src: _Shuffles, chain: bool = True) -> None:
    """What a card that makes nobody draw does once played (``seat`` keeps cards): who moves
    next. ``chain``: a number may start a same-number turn (not after a jump-in under
    ``jump_in_same_number = false``)."""
    r = s.r
    if eff == EF_SKIP:
        if ev is not None:
            ev.append(TurnSkipped(_next_seat(s, seat)))
        _advance(s, 2)
    elif eff == EF_REVERSE:
        s.direction = -s.direction
        if ev is not None:
            ev.append(DirectionReversed(s.direction))
        if reverse_skips(s):
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
        if r.play_same_number and eff == _NUMBER and chain:
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
            if move.uno and ev is not None:  # (uno_repeat_call: a repeated call too)
                ev.append(UnoCalled(seat))
            s.called[seat] = True
        else:
            window.open_for(s, seat)
    elif left != 1:
        s.called[seat] = False


def _penalty_now(s: GameState, seat: int, victim: int, eff: int, ev: list[Event] | None,
                 src: _Shuffles) -> None:
    """``victim`` draws the pending penalty (of a card of effect ``eff`` played by ``seat``)
    at once and loses the turn: no one may answer it."""
    total = s.pending
    s.pending = 0
    if s.r.one_by_one:  # penalty_draw = one-by-one: the victim's turn, to draw them
        s.turn = victim
        _owe(s, victim, total, _penalty_reason(eff), seat, ev)
        return
    if ev is not None:
        ev.append(PenaltyApplied(victim, total, _penalty_reason(eff), seat))
    _draw_cards(s, victim, total, ev, "penalty", src)
    if ev is not None:
        ev.append(TurnSkipped(victim))
    _advance(s, 2)


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


def reverse_skips(s: GameState) -> bool:
    """Whether a Reverse also skips the next player: under ``two_player_reverse = "skip"``
    with two players still in the round (the players still in, not the seats). The one place
    this rule lives: the executor and the fast playouts (simulate) ask it."""
    return _n_active(s) == 2 and s.r.reverse_skip_2p


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
        _close_seat(s, i)


def _repeated(s: GameState) -> bool:
    """A draw from an empty pile: whether the round has been in this very position (hands,
    piles, turn, direction, colour) at two draws from an empty pile before. Such a round can
    only go round in a circle: under ``forced_play`` the last cards out of the hands pass back
    and forth for ever (docs/rules.md, "Repeated position")."""
    key = (s.turn, s.direction, s.color, tuple(s.discard), tuple(map(tuple, s.hands)))
    seen = s.spent
    if seen.count(key) >= 2:
        return True
    s.spent = seen + (key,)
    return False


def _blocked(s: GameState, ev: list[Event] | None, repeated: bool) -> None:
    """The round ends with nobody out: the lowest hand wins it (ties: the seat nearest in turn)."""
    if ev is not None:
        ev.append(RoundBlocked(repeated))
    pts = [hand_points(h) if s.active[i] else 1 << 30 for i, h in enumerate(s.hands)]
    winner = min(range(s.n), key=lambda i: (pts[i], (i - s.turn) % s.n))
    _end_round(s, winner, ev)


def _owe(s: GameState, seat: int, count: int, why: str, by: int, ev: list[Event] | None
         ) -> None:
    """``penalty_draw = one-by-one``: ``seat``, on turn, owes ``count`` penalty cards (for
    ``why``, charged by ``by``, -1 for nobody); it draws them one per move
    (:func:`draw_owed`) and then misses the turn."""
    if ev is not None:
        ev.append(PenaltyApplied(seat, count, why, by))
    s.pending = 0
    s.phase = PH_PLAY
    s.owed = count
    s.owed_then = -1
    if not count:
        _skip_after_owed(s, seat, ev)


def charge(s: GameState, seat: int, count: int, then: int | None = None) -> None:
    """``penalty_draw = one-by-one``: a penalty of ``count`` cards that is not a draw card's
    (a missed UNO call caught, a misplay, a false catch or call, a bluff caught by a
    challenge) falls on ``seat``: it is on turn to draw them, one per move, and then the turn
    goes to ``then`` (None: whoever is on turn now; -1: on from ``seat``), whatever else waits
    (a pending draw card, a turn of one number) waiting meanwhile. Made while other penalty
    cards are being drawn, a colour is to be chosen or a Wild Draw Four may be challenged, it
    is held until then (:func:`start_held`)."""
    if count <= 0:
        return
    if s.owed or _holds(s):
        s.owed_later = s.owed_later + ((seat, count),)
        return
    s.owed_then = s.turn if then is None else then
    s.turn = seat
    s.owed = count


def _holds(s: GameState) -> bool:
    """Whether a penalty made now waits (see :func:`charge`): a colour to choose, or a Wild
    Draw Four's challenge window."""
    return s.phase == PH_CHOOSE_COLOR or (
        s.phase == PH_PENALTY and s.plus4_by >= 0 and s.r.plus4 == "challenge")


def start_held(s: GameState) -> None:
    """The first penalty held by :func:`charge` falls due, if nothing holds it any more: its
    player draws its cards, and the turn then comes back to the player on turn now."""
    if s.owed or _holds(s) or s.phase >= PH_ROUND_OVER:
        return
    (seat, count), s.owed_later = s.owed_later[0], s.owed_later[1:]
    charge(s, seat, count)


def draw_owed(s: GameState, seat: int, ev: list[Event] | None, src: _Shuffles = _RngOnly
              ) -> None:
    """The turn player draws one of the penalty cards it owes (``penalty_draw =
    one-by-one``); after the last, or when the piles have none left (letsuno settles the rest
    with that draw), the turn passes on (or goes where the penalty says: :func:`charge`),
    and a held penalty may fall due."""
    got = _draw_cards(s, seat, 1, ev, "penalty", src)
    then = s.owed_then
    if then == seat and s.phase == PH_PLAY and s.r.misplay_may_pass and got:
        # a penalty drawn on your own turn is a draw of yours: the turn may end after it
        s.drawn = s.drawn + got
    s.owed = s.owed - 1 if got else 0
    if s.owed:
        return
    s.owed_then = -1
    if then >= 0:
        s.turn = then
    else:
        _skip_after_owed(s, seat, ev)
    if s.owed_later:
        start_held(s)


def _skip_after_owed(s: GameState, seat: int, ev: list[Event] | None) -> None:
    s.stuck = 0
    if ev is not None:
        ev.append(TurnSkipped(seat))
    _advance(s, 1)


def _draw_turn(s: GameState, seat: int, ev: list[Event] | None, src: _Shuffles) -> None:
    r = s.r
    if not s.draw and _repeated(s):
        _blocked(s, ev, True)
        return
    hand = s.hands[seat]
    before = len(hand)
    drawn: list[int] = []
    while True:
        got = _draw_cards(s, seat, 1, ev, "draw", src)
        if not got:
            break
        drawn.extend(got)
        if not r.draw_to_match or r.one_by_one or any(
                _play_problem(s, seat, c, hand) is None for c in got):
            break
    s.called[seat] = False if len(hand) >= 2 else s.called[seat]
    # (after_draw_play = any-card: the turn waits for the player while any card fits)
    playable = [c for c in (hand if r.draw_any_card else drawn)
                if _play_problem(s, seat, c, hand) is None]
    if playable and drawn:
        s.drawn = drawn
        s.phase = PH_DRAWN
        s.stuck = 0
        return
    if drawn and r.draw_to_match and r.one_by_one:
        s.stuck = 0  # penalty_draw = one-by-one: the turn stays, to draw the next card
        return
    if drawn and r.draw_then_pass:  # the turn stays until the player ends it (pass)
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
        _blocked(s, ev, False)
        return
    _advance(s, 1)


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
