"""Fast simulation: random playouts on plain values, for benchmarks, statistics and AI rollouts.

Every rule of the RuleSet is kept. The common moves of a round (a play that does not end
it, a draw, taking a draw card nobody may answer, a same-number turn, a stack) run in one
fused loop over local names, with no :class:`Move` objects, events or verdicts; what they may
play comes from the kernel's own predicates, tabled once per deck (``legality.match_table``
for matching, ``legality.follows_same_number``, the rules' ``answers`` table) or asked as they
are (``legality.play_problem`` for a wild under the rules that restrict wilds), and what hands
move under 7-0 from ``effects.seven_zero``. Every other move (a last card, a reshuffle, a +4
challenge, a deflected draw card, a colour to name, an open catch window) is the engine's own:
the policy's move built from its predicates and applied with :func:`uno_web.core.effects.step`.
``random_playout(..., fused=False)`` plays every move that way, and
``tests/core/test_fused_playout.py`` holds the fused loop to it after every move.

The loop is cut by how often each move comes: :func:`_fused_run` hands each move to the
engine or to :func:`_fused_moves`, the hot loop (a play, a Skip, a Reverse, a wild, a draw of
one card), which calls a helper for each rarer move (:func:`_draw_for`, :func:`_mode_card`,
:func:`_rarer_effect`, :func:`_draw_card_played`); a helper works on the state, which the hot
loop brings up to date before the call and reads back after it.

The random policy is the usual one for UNO benchmarks (RLCard's random agent): play a uniformly
random playable card (wilds name a random colour, 7s a random target), draw only when nothing
can be played, play a playable drawn card, take a pending penalty unless a random stack is
possible, call UNO on the second-to-last card. One exception keeps every playout finite: a
playable card drawn as the last of the draw pile is kept half the time, where the rules allow
keeping it. Always playing it can pass the same two cards back and forth for ever once nearly
every card is in a hand (a Jack under the playing-cards deck, reversing between two players
with a spent pile).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Callable, NamedTuple

from .cards import COLOR_OF, EFFECT_OF, IS_WILD, RANK_OF, Effect
from .effects import reverse_skips, seven_zero, step
from .piles import _draw_cards
from .engine import new_game
from .legality import (
    PH_DRAWN, PH_PENALTY, PH_PLAY, PH_ROUND_OVER, follows_same_number, holds_color, legal_moves,
    match_table, pass_problem, penalty_card, play_problem, same_number_cards, swap_target_needed,
    takes_penalty_by_drawing,
)
from .moves import Move, MoveKind
from .rules import RuleSet
from .state import CompiledRules, GameState, Phase, compile_rules, deck_cards

__all__ = ["random_playout", "play_random_game", "playable_now", "Policy", "CardPicker"]

Policy = Callable[[GameState, int, list[Move], random.Random], Move]
# chooses which of the playable cards a playout plays: (state, seat, playable, rng) -> card
CardPicker = Callable[[GameState, int, list[int], random.Random], int]

_PLAY = MoveKind.PLAY
_PASS = MoveKind.PASS
_DRAWK = MoveKind.DRAW
_ACCEPT = MoveKind.ACCEPT
_new_move = tuple.__new__
_NUMBER = int(Effect.NUMBER)
_SKIP = int(Effect.SKIP)
_REVERSE = int(Effect.REVERSE)
_WILD4 = int(Effect.WILD_DRAW_FOUR)
_SELF_DRAW_TWO = int(Effect.SELF_DRAW_TWO)


def _random_play(s: GameState, seat: int, card: int, rng: random.Random) -> Move:
    r = s.r
    color = r.colors[int(rng.random() * len(r.colors))] if IS_WILD[card] else -1
    target = -1
    hand = s.hands[seat]
    if r.seven_swap and swap_target_needed(r, card, len(hand)):
        others = [t for t in range(s.n) if t != seat and s.active[t]]
        target = others[int(rng.random() * len(others))]
    uno = r.uno_call and len(hand) == 2 and not s.called[seat]
    return _new_move(Move, (_PLAY, seat, card, color, target, uno))  # Move(...), without its defaults


def playable_now(s: GameState, seat: int) -> list[int]:
    """The cards of ``seat``'s hand it may play now in the play phase, with repeats.

    The engine's own predicates: its match table under plain matching, else ``play_problem``.
    """
    if s.owed:  # penalty_draw = one-by-one: the penalty cards first
        return []
    hand = s.hands[seat]
    if s.chain_rank >= 0 and not s.r.chain_any_card:  # play_same_number: only more of the
        return same_number_cards(s, hand)                 # number just played
    discard = s.discard
    # under plain matching (no house restriction) the engine's match table decides
    fits = (match_table(s.r.deck)[s.color * 32 + RANK_OF[discard[-1]]]
            if s.r.plain_matching and discard and s.color >= 0 else None)
    if s.phase != PH_PENALTY:
        if fits is not None:
            return [c for c in hand if c in fits]
        if s.r.plain_matching and not discard:
            return hand[:]
        return [c for c in hand if play_problem(s, seat, c, hand) is None]
    if s.r.top_card_answers:  # (draw_answers = top-card: the engine's predicate decides)
        return [c for c in hand if play_problem(s, seat, c, hand) is None]
    # only a card the answer table allows may answer at all
    ans = s.r.answers[EFFECT_OF[penalty_card(s)]]
    if fits is not None:
        return [c for c in hand if not ans[EFFECT_OF[c]] and c in fits]
    return [c for c in hand if not ans[EFFECT_OF[c]] and play_problem(s, seat, c, hand) is None]


@lru_cache(maxsize=64)
def _answerable(r: CompiledRules) -> dict[int, bool]:
    """For each draw effect: may any card answer it (a stack or a deflection; the engine's
    ``answers`` table)? Where none may, the random policy takes the cards."""
    return {eff: any(v == 0 for v in r.answers[eff]) for eff in r.responds}


@lru_cache(maxsize=None)
def _follow_table(deck: str) -> list[frozenset[int]]:
    """The engine's ``follows_same_number`` as a table: the cards of ``deck`` that may follow
    in a same-number turn on each rank."""
    cards = deck_cards(deck)
    probe = GameState(compile_rules(RuleSet(deck=deck)), 2)  # type: ignore[arg-type]
    table = []
    for rank in range(32):
        probe.chain_rank = rank
        table.append(frozenset(c for c in cards if follows_same_number(probe, c)))
    return table


# the fused loop's modes: plain play, a same-number turn, a draw card to answer
_PLAIN, _CHAIN, _ANSWER = range(3)
# what a play does in the fused loop, by card (``_card_kinds``)
_K_NEXT, _K_SKIP, _K_REVERSE, _K_DRAW, _K_SELF_DRAW, _K_CHAIN, _K_HANDS = range(7)
# how a run of written-out moves ends (``_fused_moves``; a card number >= 0: the engine plays
# that card, already chosen), and what the draw of ``_draw_for`` gave
_BUDGET, _ENGINES, _MOVED, _KEPT = -1, -2, -3, -4
_JOKERS = frozenset(c for c, eff in enumerate(EFFECT_OF) if eff == _SELF_DRAW_TWO)


@lru_cache(maxsize=64)
def _card_kinds(r: CompiledRules) -> list[int]:
    """For each card number, what playing it does under ``r`` in the fused loop: pass the turn
    on (numbers, and wilds that draw nothing), skip, reverse, make the next player draw
    (``r.amount``), make the player draw two (the Joker), start a same-number turn (a number
    under ``play_same_number``), or move hands (a 7 or a 0 under 7-0: ``effects.seven_zero``)."""
    kinds = [_K_NEXT] * len(EFFECT_OF)
    for card, eff in enumerate(EFFECT_OF):
        if eff < 0:
            continue
        if eff == _NUMBER and ((r.seven_swap and RANK_OF[card] == 7)
                               or (r.zero_rotate and RANK_OF[card] == 0)):
            kinds[card] = _K_HANDS
        elif eff == _NUMBER and r.play_same_number:
            kinds[card] = _K_CHAIN
        elif r.amount[eff]:
            kinds[card] = _K_DRAW
        elif eff == _SKIP:
            kinds[card] = _K_SKIP
        elif eff == _REVERSE:
            kinds[card] = _K_REVERSE
        elif eff == _SELF_DRAW_TWO:
            kinds[card] = _K_SELF_DRAW
    return kinds


class _Tables(NamedTuple):
    """What the fused loop reads of the rules, computed once per rule set (``_tables``)."""

    jump_in: bool
    uno_call: bool
    colors: tuple[int, ...]
    wilds_restricted: bool  # wilds are asked of play_problem (strict +4, wild_last_resort)
    to_match: bool
    engine_draws: bool  # draws until a match under rules that restrict plays: the engine's
    joker_pen: int
    challenge: bool
    plain: bool  # matching alone decides (the rules' plain_matching)
    same_number: bool  # play_same_number
    kinds: list[int]  # _card_kinds
    fits_at: list[frozenset[int]]  # legality.match_table: the cards that match colour and top
    follow_sets: list[frozenset[int]]  # _follow_table
    answers: list[list[int]]  # the rules' answer table, [penalty effect][effect]
    amount: list[int]  # cards a draw card makes draw, by effect
    responds: dict[int, bool]  # may the victim of a draw effect answer at all
    answerable: dict[int, bool]  # _answerable


@lru_cache(maxsize=64)
def _tables(r: CompiledRules) -> _Tables:
    wilds_restricted = r.plus4 == "strict" or r.wild_last_resort
    return _Tables(
        jump_in=r.jump_in, uno_call=r.uno_call, colors=tuple(r.colors),
        wilds_restricted=wilds_restricted, to_match=r.draw_to_match,
        engine_draws=r.draw_to_match and not r.plain_matching, joker_pen=r.joker_penalty,
        challenge=r.plus4 == "challenge", plain=r.plain_matching,
        same_number=r.play_same_number, kinds=_card_kinds(r),
        fits_at=match_table(r.deck), follow_sets=_follow_table(r.deck), answers=r.answers,
        amount=r.amount, responds=r.responds, answerable=_answerable(r),
    )


def _policy_move(s: GameState, rng: random.Random, pick: CardPicker | None) -> Move:
    """The random policy's move for the player on turn, from the engine's predicates: the
    move by move play (``fused=False``), and the fused loop's moves it leaves to the engine."""
    seat = s.turn
    phase = s.phase
    if s.owed:  # penalty_draw = one-by-one: the penalty cards, one per move
        return _new_move(Move, (_DRAWK, seat, -1, -1, -1, False))
    if phase == PH_PLAY:
        ok = playable_now(s, seat)
        if ok:
            card = ok[int(rng.random() * len(ok))] if pick is None else pick(s, seat, ok, rng)
            return _random_play(s, seat, card, rng)
        if s.chain_rank >= 0:  # play_same_number with no more of it: end the turn
            return _new_move(Move, (_PASS, seat, -1, -1, -1, False))
        return _new_move(Move, (_DRAWK, seat, -1, -1, -1, False))
    if phase == PH_DRAWN:
        hand = s.hands[seat]
        ok = [c for c in s.drawn if play_problem(s, seat, c, hand) is None]
        if ok and not s.draw and pass_problem(s, seat) is None and rng.random() < 0.5:
            ok = []  # the pile is spent: keep the card half the time (see the module's text)
        return _random_play(s, seat, ok[0], rng) if ok else _new_move(
            Move, (_PASS, seat, -1, -1, -1, False))
    if phase == PH_PENALTY:
        ok = playable_now(s, seat)
        if ok:  # answer the draw card with a random card that may (stack or deflect)
            return _random_play(s, seat, ok[int(rng.random() * len(ok))], rng)
        # (draw_takes_penalty: a draw takes it)
        return _new_move(Move, (_DRAWK if takes_penalty_by_drawing(s) else _ACCEPT,
                                seat, -1, -1, -1, False))
    # CHOOSE_COLOR
    return Move(MoveKind.CHOOSE_COLOR, seat, -1, s.r.colors[int(rng.random() * len(s.r.colors))])


def _fused_run(s: GameState, rng: random.Random, budget: int, pick: CardPicker | None) -> int:
    """:func:`random_playout`'s fused loop: up to ``budget`` moves of the random policy. The
    common moves of the play phase run written out (:func:`_fused_moves`); every other move is
    the engine's: the policy's move from the engine's predicates (:func:`_policy_move`)
    through ``step``: a last card, a draw from an empty pile, a draw card the next player may
    deflect, and any position the written-out moves do not start from.
    Returns the number of moves made.

    ``tests/core/test_fused_playout.py`` holds the state after every move to the engine's own
    move by move play (``random_playout(..., fused=False)``), under every preset and random
    rule mixes."""
    s.listed = None  # the state changes in place: the moves listed for it no longer hold
    loop = _loop_constants(s)
    moves = 0
    engine_next = False  # the next move is the engine's
    while moves < budget:
        phase = s.phase
        if phase >= PH_ROUND_OVER:
            break
        # where the written-out moves may not start: anything but a plain play-phase turn with
        # a colour and a top card, nothing pending or drawn, no catch window open (``any(s.vuln)``
        # is ``catch_window.any_open``, written out: this test runs at each entry)
        if (engine_next or phase != PH_PLAY or s.chain_rank >= 0 or s.drawn or s.pending
                or s.plus4_by >= 0 or s.stuck or s.color < 0 or not s.discard or any(s.vuln)):
            step(s, _policy_move(s, rng, pick))
            moves += 1
            engine_next = False
            continue
        moves, handoff = _fused_moves(s, rng, budget, pick, moves, loop)
        if handoff >= 0:  # a deflection, chosen (a move already counted): the engine plays it
            step(s, _random_play(s, s.turn, handoff, rng))
        engine_next = handoff == _ENGINES
    return moves


class _Loop(NamedTuple):
    """What the hot loop reads besides the state, made once a playout (a round's seats do
    not change) and unpacked into local names at each entry in one step."""

    t: _Tables
    jump_in: bool
    uno_call: bool
    colors: tuple[int, ...]
    wilds_restricted: bool
    kinds: list[int]
    fits_at: list[frozenset[int]]
    follow_sets: list[frozenset[int]]
    one_draw: bool  # a draw of one card from the pile (no drawing to match)
    engine_drawn: frozenset[int]  # cards the engine draws: a Joker that costs more cards
    ring: dict[int, list[int]]  # _turn_order
    after_reverse: dict[int, list[int]]
    others_of: tuple[tuple[int, ...], ...]  # _others, under seven_swap
    is_wild: list[bool]
    color_of: list[int]
    rank_of: list[int]
    effect_of: list[int]


def _loop_constants(s: GameState) -> _Loop:
    """The loop's constants of this round: made once for each rule set and set of seats still
    in (a playout per round would otherwise build the same tuple again)."""
    return _loop_of(s.r, tuple(s.active), reverse_skips(s))  # (nobody joins or leaves in a round)


@lru_cache(maxsize=256)
def _loop_of(r: CompiledRules, active: tuple[bool, ...], reverse_skip: bool) -> _Loop:
    t = _tables(r)
    ring, after_reverse = _turn_order(active, reverse_skip)
    return _Loop(
        t, t.jump_in, t.uno_call, t.colors, t.wilds_restricted, t.kinds, t.fits_at,
        t.follow_sets, not t.to_match, _JOKERS if t.joker_pen else frozenset(), ring,
        after_reverse, _others(active) if r.seven_swap else (), IS_WILD, COLOR_OF, RANK_OF,
        EFFECT_OF)


def _fused_moves(
    s: GameState, rng: random.Random, budget: int, pick: CardPicker | None, moves: int,
    loop: _Loop,
) -> tuple[int, int]:
    """The written-out moves, from a plain play-phase turn, until one is the engine's: ``step`` and ``_play`` for a play that does not end the round, ``_draw_turn`` for
    a draw from a pile that holds the cards drawn, taking a draw card that no card may answer
    (the policy never challenges). Legality is the engine's: colour and number matching from
    its predicate, tabled (:func:`~uno_web.core.legality.match_table`), and
    :func:`~uno_web.core.legality.play_problem` for a wild under the rules that restrict wilds.
    Returns the moves made so far and how the run ended: ``_BUDGET``, ``_ENGINES`` (the next
    move is the engine's), or a card the engine plays (a deflection, already chosen).

    The random policy always calls UNO, so no catch window opens here. The turn, colour,
    direction, last player and jump-in window live in local names (the hot loop) and are
    written to ``s`` before ``pick`` or the engine is called and when the run ends; the rarer
    moves (a draw to match, a draw card and its answer, 7-0, a Joker) are helpers that work on
    ``s``."""
    (t, jump_in, uno_call, colors, wilds_restricted, kinds, fits_at, follow_sets, one_draw,
     engine_drawn, ring, after_reverse, others_of, is_wild, color_of, rank_of, effect_of) = loop
    ncol = len(colors)
    rand = rng.random
    hands = s.hands
    draw = s.draw
    discard = s.discard
    called = s.called
    color = s.color
    turn = s.turn
    direction = s.direction
    nxt = ring[direction]
    last = s.last_player
    window = s.jump_window
    fits = fits_at[color * 32 + rank_of[discard[-1]]]
    mode = _PLAIN
    handoff = _BUDGET
    while moves < budget:
        hand = hands[turn]
        if mode:  # a draw card to answer, or a same-number turn after 7-0
            s.color = color
            card = _mode_card(s, t, rng, pick, hand, turn, mode, fits, direction, last, window)
            if card == _ENGINES:
                handoff = card
                break
            moves += 1
            if card == _MOVED:  # a PASS that ends the same-number turn, or an ACCEPT
                window = False
                mode = _PLAIN
                turn = nxt[turn]
                draw = s.draw  # (an ACCEPT may refill the piles, and name a colour)
                discard = s.discard
                color = s.color
                fits = fits_at[color * 32 + rank_of[discard[-1]]]
                continue
            if mode == _ANSWER and kinds[card] != _K_DRAW:  # a deflection: the engine's
                handoff = card
                break
        else:
            ok = [c for c in hand if c in fits]
            if ok and wilds_restricted:
                s.color = color
                ok = _allowed_wilds(s, turn, ok, hand)
            if ok:  # the policy's choice among the cards that may be played
                if len(hand) == 1:  # the last card: the engine's executor ends the round
                    handoff = _ENGINES
                    break
                if pick is None:
                    card = ok[int(rand() * len(ok))]
                else:
                    card = _picked(s, pick, rng, turn, ok, color, direction, last, window)
                moves += 1
            else:  # draw; a playable card drawn is played at once (the policy's choice)
                # (the pile's last card goes through the engine: the policy may keep it)
                if one_draw and len(draw) > 1 and budget - moves > 1 and draw[-1] not in engine_drawn:
                    # one card from the pile (``effects._draw_turn``, written out)
                    card = draw.pop()
                    hand.append(card)
                    if card not in fits or (wilds_restricted and _wild_refused(
                            s, turn, card, hand, color)):
                        card = _KEPT
                else:
                    card = _draw_for(s, t, fits, hand, budget - moves)
                if card == _ENGINES:
                    handoff = card
                    break
                called[turn] = False
                window = False
                moves += 1
                if card == _KEPT:
                    turn = nxt[turn]
                    continue
                moves += 1
        # the card is played (``effects._play``)
        kind = kinds[card]
        window = jump_in
        if is_wild[card]:
            if effect_of[card] == _WILD4:
                _wild_draw_four(s, hand, color)
            color = colors[int(rand() * ncol)]
        else:
            color = color_of[card]
        hand.remove(card)
        discard.append(card)
        last = turn
        if len(hand) != 1:  # no call stands with more cards
            called[turn] = False
        elif uno_call:  # the policy calls UNO with the play that leaves one card
            called[turn] = True
        if kind == _K_NEXT:
            turn = nxt[turn]
            fits = fits_at[color * 32 + rank_of[card]]
            continue
        if kind == _K_CHAIN:  # play_same_number: the turn stays while another of this number
            # is in hand, and only those may follow (``legality.follows_same_number``, tabled):
            # the plain choice above, from these cards instead of the matching ones
            mode = _PLAIN
            fits = follow_sets[rank_of[card]]
            if fits.isdisjoint(hand):
                s.chain_rank = -1
                turn = nxt[turn]
                fits = fits_at[color * 32 + rank_of[card]]
            else:
                s.chain_rank = rank_of[card]
            continue
        if kind == _K_SKIP:
            turn = nxt[nxt[turn]]
        elif kind == _K_REVERSE:
            direction = -direction
            nxt = ring[direction]
            turn = after_reverse[direction][turn]
        else:  # a draw card, 7-0, a Joker: on ``s``
            s.color = color
            s.direction = direction
            if kind == _K_DRAW:
                turn, mode, moves, window = _draw_card_played(
                    s, t, card, turn, mode, moves, budget, nxt, window)
            else:
                turn, mode = _rarer_effect(s, t, rng, card, kind, turn, nxt, others_of)
            draw = s.draw  # (drawing may refill the piles, and name a colour)
            discard = s.discard
            color = s.color
        fits = fits_at[color * 32 + rank_of[discard[-1]]]
    s.turn = turn
    s.color = color
    s.direction = direction
    s.last_player = last
    s.jump_window = window
    return moves, handoff


def _allowed_wilds(s: GameState, seat: int, ok: list[int], hand: list[int]) -> list[int]:
    """``ok`` (the cards that match) less the wilds the engine's predicate refuses, under the
    rules that restrict wilds (``s.color`` is the pile's colour)."""
    if not any(IS_WILD[c] for c in ok):
        return ok
    return [c for c in ok if not IS_WILD[c] or play_problem(s, seat, c, hand) is None]


def _picked(s: GameState, pick: CardPicker, rng: random.Random, turn: int, ok: list[int],
            color: int, direction: int, last: int, window: bool) -> int:
    """``pick``'s card among ``ok``, on ``s`` brought up to date first (the picker reads it)."""
    s.turn = turn
    s.color = color
    s.direction = direction
    s.last_player = last
    s.jump_window = window
    return pick(s, turn, ok, rng)


def _draw_for(s: GameState, t: _Tables, fits: frozenset[int], hand: list[int], room: int) -> int:
    """A draw the hot loop does not write out (it draws one card from a pile that holds it):
    under ``draw_to_match``, drawn here until a card fits from a pile that holds one
    (``effects._draw_turn``); returns that card, which the policy plays at once (it matches,
    and these rules restrict no wild: restricting rules draw through the engine). ``_ENGINES``
    (nothing drawn) where the engine draws: an empty pile, a budget with no room for a draw
    and its play, a Joker under its penalty, drawing to match under rules that restrict plays
    or from a pile with no card that matches, a draw that takes the pile's last card."""
    draw = s.draw
    if not t.to_match or not draw or room < 2 or t.engine_draws:
        return _ENGINES
    k = len(draw) - 1
    while k >= 0 and draw[k] not in fits:
        k -= 1
    if k <= 0 or (t.joker_pen and any(EFFECT_OF[c] == _SELF_DRAW_TWO for c in draw[k:])):
        return _ENGINES
    got = draw[k:]
    del draw[k:]
    got.reverse()
    hand.extend(got)
    return got[-1]


def _mode_card(
    s: GameState, t: _Tables, rng: random.Random, pick: CardPicker | None, hand: list[int],
    turn: int, mode: int, fits: frozenset[int], direction: int, last: int, window: bool,
) -> int:
    """The move of the player on turn facing a draw card, or in a same-number turn that a 7 or
    a 0 started under 7-0 (``_rarer_effect``; the hot loop plays any other same-number turn as
    a plain choice): the card it plays (which may be a deflection, the engine's), ``_MOVED``
    when it made the move PASS (no more of the number) or ACCEPT (no card may answer),
    ``_ENGINES`` for its last card."""
    if mode == _CHAIN:
        follows = t.follow_sets[s.chain_rank]
        ok = [c for c in hand if c in follows]
        if not ok:  # the move PASS ends the same-number turn
            s.chain_rank = -1
            return _MOVED
    else:
        if t.plain:  # the answer table and matching (as playable_now)
            ans = t.answers[EFFECT_OF[s.discard[-1]]]
            ok = [c for c in hand if c in fits and not ans[EFFECT_OF[c]]]
        else:
            ok = playable_now(s, turn)
        if not ok:
            _accept(s, turn)
            return _MOVED
    if len(hand) == 1:
        return _ENGINES
    if pick is None or mode == _ANSWER:  # (the policy answers at random)
        return ok[int(rng.random() * len(ok))]
    return _picked(s, pick, rng, turn, ok, s.color, direction, last, window)


def _accept(s: GameState, seat: int) -> None:
    """The move ACCEPT (``effects._take_pending``): the cards; the caller passes the turn on."""
    amount = s.pending
    s.pending = 0
    s.plus4_by = -1
    s.phase = PH_PLAY
    _draw_cards(s, seat, amount, None, "penalty", None)


def _rarer_effect(
    s: GameState, t: _Tables, rng: random.Random, card: int, kind: int, turn: int,
    nxt: list[int], others_of: tuple[tuple[int, ...], ...],
) -> tuple[int, int]:
    """What a 7 or a 0 under 7-0, or a Joker, just played by ``turn`` does (``s.color`` and
    ``s.direction`` are up to date): the seat on turn and the mode after it."""
    if kind == _K_SELF_DRAW:
        _draw_cards(s, turn, 2, None, "joker", None)
        return nxt[turn], _PLAIN
    # 7-0: the engine moves the hands
    target = -1
    if swap_target_needed(s.r, card, len(s.hands[turn]) + 1):  # (as the hand was)
        others = others_of[turn]  # as _random_play
        target = others[int(rng.random() * len(others))]
    seven_zero(s, turn, card, target)
    if not t.same_number:
        return nxt[turn], _PLAIN
    # the turn stays while another of this number is in hand (as the hot loop)
    if t.follow_sets[RANK_OF[card]].isdisjoint(s.hands[turn]):
        s.chain_rank = -1
        return nxt[turn], _PLAIN
    s.chain_rank = RANK_OF[card]
    return turn, _CHAIN


def _draw_card_played(
    s: GameState, t: _Tables, card: int, turn: int, mode: int, moves: int, budget: int,
    nxt: list[int], window: bool,
) -> tuple[int, int, int, bool]:
    """A draw card played: the next player may answer it (a draw card to
    answer: mode ``_ANSWER``), or draws now; a stack adds up."""
    eff = EFFECT_OF[card]
    amount = t.amount[eff]
    if mode == _ANSWER:  # a stack adds up
        amount += s.pending
    victim = nxt[turn]
    if t.responds[eff]:  # the next player may answer
        if t.answerable[eff] or moves >= budget:
            s.pending = amount
            s.phase = PH_PENALTY
            s.plus4_by = turn if (t.challenge and eff == _WILD4) else -1
            return victim, _ANSWER, moves, window  # (no catch window is open: no turn-end tick)
        # no card may answer it and the policy never challenges: the move ACCEPT
        # (``_take_pending``: the cards, then the turn passes on)
        moves += 1
        window = False
    if mode:  # a stack that may not be answered: the cards are drawn now
        s.pending = 0
        s.plus4_by = -1
        s.phase = PH_PLAY
    _draw_cards(s, victim, amount, None, "penalty", None)
    return nxt[victim], _PLAIN, moves, window


# the next seat after each seat, by direction (1, -1); and where a Reverse played at each seat
# passes the turn, by the direction it sets
_Rings = tuple[dict[int, list[int]], dict[int, list[int]]]


@lru_cache(maxsize=None)
def _turn_order(active: tuple[bool, ...], reverse_skips: bool) -> _Rings:
    """The turn order of a round (nobody joins or leaves in one): the next active seat after
    each seat, one way round and the other; and the seat a Reverse played at each seat passes
    the turn to: the next one, or the one after it where a Reverse acts as a Skip."""
    n = len(active)
    ring = {d: [next(j for j in ((i + d * k) % n for k in range(1, n + 1)) if active[j])
                for i in range(n)] for d in (1, -1)}
    if not reverse_skips:
        return ring, ring
    return ring, {d: [nxt[nxt[i]] for i in range(n)] for d, nxt in ring.items()}


@lru_cache(maxsize=None)
def _others(active: tuple[bool, ...]) -> tuple[tuple[int, ...], ...]:
    """For each seat, the other seats still in the game, in seat order (a 7's possible
    targets, as ``_random_play`` lists them)."""
    return tuple(tuple(i for i in range(len(active)) if i != t and active[i])
                 for t in range(len(active)))


def _wild_refused(s: GameState, seat: int, card: int, hand: list[int], color: int) -> bool:
    """Is ``card`` a wild that the engine's predicate refuses with the pile's colour ``color``
    (the rules that restrict wilds)?"""
    if not IS_WILD[card]:
        return False
    s.color = color
    return play_problem(s, seat, card, hand) is not None


def _wild_draw_four(s: GameState, hand: list[int], color: int) -> None:
    """A Wild Draw Four is played from ``hand`` on colour ``color``: the colour before it, and
    whether it was a bluff (a card of that colour held), for a challenge (as ``_play``)."""
    s.plus4_prev_color = color
    s.plus4_bluff = holds_color(hand, color)


def _fused_plays(r: CompiledRules) -> bool:
    """Whether the fused loop plays these rules: not ``draw_answers = top-card`` (its answers
    to a draw card follow the pending card), ``same_number_turn = any-card`` (its
    same-number turn takes only that number), ``jump_in_window = while-on-top`` (its
    jump-in window closes at the next move), ``penalty_draw = one-by-one`` (it draws
    penalty cards in the move that makes them due), ``draw_takes_penalty`` (it takes a
    draw card with ACCEPT) nor ``draw_then_pass`` (its turn ends with a draw that finds
    nothing to play); such rules play move by move through ``step``."""
    return not (r.top_card_answers or r.chain_any_card or r.jump_on_top or r.one_by_one
                or r.draw_takes_penalty or r.draw_then_pass)


def random_playout(
    s: GameState, rng: random.Random, max_moves: int = 100_000, pick: CardPicker | None = None,
    fused: bool = True,
) -> int:
    """Play the current round of ``s`` to its end in place.

    The policy is the random one described above; ``pick`` replaces the choice of which
    playable card to play (AI rollouts pass a greedier picker). Returns the number of moves
    made. ``s`` must be owned by the caller (copy it first).

    The common moves run in one fused loop (:func:`_fused_run`); ``fused=False`` plays every
    move through the engine's ``step`` instead. Both give the same game, move for move, from
    the same ``rng``.
    """
    if fused and not _fused_plays(s.r):
        fused = False  # rules the fused loop does not write out: every move through step
    if fused:
        return _fused_run(s, rng, max_moves, pick)
    moves = 0
    while s.phase < PH_ROUND_OVER and moves < max_moves:
        step(s, _policy_move(s, rng, pick))
        moves += 1
    return moves


class PlayoutStalled(RuntimeError):
    """A round of :func:`play_random_game` went on past its move limit."""


def play_random_game(
    rules: RuleSet, players: int, seed: int, rounds: bool = True, policy: Policy | None = None,
    fused: bool = True, max_round_moves: int = 1_000_000,
) -> GameState:
    """A whole game (every round until the game is over) with the random policy or ``policy``
    (``fused`` as in :func:`random_playout`). A round still on after ``max_round_moves``
    moves raises :class:`PlayoutStalled` (the rules end every round, and the random policy
    breaks the loops its own choices could make; a ``policy`` may not)."""
    s = new_game(rules, players, seed)
    rng = random.Random(seed)
    in_round = 0  # moves made in this round
    while s.phase != Phase.GAME_OVER:
        if s.phase == PH_ROUND_OVER:
            if not rounds:
                break
            step(s, Move(MoveKind.NEXT_ROUND, 0))
            in_round = 0
            continue
        if in_round >= max_round_moves:
            raise PlayoutStalled(
                f"round {s.round} of the game with seed {seed} did not end in {in_round} moves")
        if policy is None:
            in_round += random_playout(s, rng, max_moves=max_round_moves - in_round, fused=fused)
        else:
            seat = s.turn
            step(s, policy(s, seat, legal_moves(s, seat), rng))
            in_round += 1
    return s
