"""Fast simulation: random playouts on plain values, for benchmarks, statistics and AI rollouts.

Every rule of the RuleSet is kept. The common moves of a round (a play that does not end
it, a draw, taking a draw card nobody may answer, a same-number turn, a stack) run in one
fused loop over local names, with no :class:`Move` objects, events or verdicts; what they may
play comes from the engine's own predicates, tabled once per deck (``engine._matches``,
``follows_same_number``, the rules' ``answers`` table) or asked as they are
(``play_problem`` for a wild under the rules that restrict wilds), and what hands move under
7-0 from the engine's ``seven_zero``. Every other move (a last card, a reshuffle, a +4
challenge, a deflected draw card, a colour to name, an open catch window) is the engine's own:
the policy's move built from its predicates and applied with :func:`uno_web.core.engine.step`.
``random_playout(..., fused=False)`` plays every move that way, and
``tests/core/test_fused_playout.py`` holds the fused loop to it after every move.

The random policy is the usual one for UNO benchmarks (RLCard's random agent): play a uniformly
random playable card (wilds name a random colour, 7s a random target), draw only when nothing
can be played, play a playable drawn card, take a pending penalty unless a random stack is
possible, call UNO on the second-to-last card.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Callable

from .cards import COLOR_OF, EFFECT_OF, IS_WILD, RANK_OF, Effect
from .engine import (
    PH_DRAWN, PH_PENALTY, PH_PLAY, PH_ROUND_OVER, _draw_cards, follows_same_number, legal_moves,
    match_table, new_game, penalty_card,
    play_problem, same_number_cards, seven_zero, step, swap_target_needed,
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


@lru_cache(maxsize=64)
def _card_kinds(r: CompiledRules) -> list[int]:
    """For each card number, what playing it does under ``r`` in the fused loop: pass the turn
    on (numbers, and wilds that draw nothing), skip, reverse, make the next player draw
    (``r.amount``), make the player draw two (the Joker), start a same-number turn (a number
    under ``play_same_number``), or move hands (a 7 or a 0 under 7-0: ``engine.seven_zero``)."""
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


def _policy_move(s: GameState, rng: random.Random, pick: CardPicker | None) -> Move:
    """The random policy's move for the player on turn, from the engine's predicates: the
    move by move play (``fused=False``), and the fused loop's moves it leaves to the engine."""
    seat = s.turn
    phase = s.phase
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
        return _random_play(s, seat, ok[0], rng) if ok else _new_move(
            Move, (_PASS, seat, -1, -1, -1, False))
    if phase == PH_PENALTY:
        ok = playable_now(s, seat)
        if ok:  # answer the draw card with a random card that may (stack or deflect)
            return _random_play(s, seat, ok[int(rng.random() * len(ok))], rng)
        return _new_move(Move, (_ACCEPT, seat, -1, -1, -1, False))
    # CHOOSE_COLOR
    return Move(MoveKind.CHOOSE_COLOR, seat, -1, s.r.colors[int(rng.random() * len(s.r.colors))])


def _fused_run(s: GameState, rng: random.Random, budget: int, pick: CardPicker | None) -> int:
    """:func:`random_playout`'s fused loop: up to ``budget`` moves of the random policy, with
    the engine's executor written out for the common moves of the play phase: ``step`` and
    ``_play`` for a play that does not end the round, ``_draw_turn`` for a draw from a pile
    that holds the cards drawn, and taking a draw card that no card may answer (the policy
    never challenges). Legality is the engine's: colour and number matching from its
    predicate, tabled (:func:`~uno_web.core.engine.match_table`), and :func:`~uno_web.core.engine.play_problem`
    for a wild under the rules that restrict wilds (``wild_draw_four = "strict"``,
    ``wild_last_resort``). Every other move is the engine's: the policy's move from the
    engine's predicates (:func:`_policy_move`) through ``step``: a last card, a draw from an
    empty pile, a draw card the next player may answer, a 7 or a 0 under 7-0, a same-number
    turn, and any position the written-out moves do not start from (an open catch window, a
    drawn card, a colour to name, a blocked turn). Returns the number of moves made.

    The random policy always calls UNO, so no catch window opens in the written-out moves.
    The turn, colour, direction, last player and jump-in window live in local names and are
    written to ``s`` before ``pick`` or the engine is called and when the loop stops.
    ``tests/core/test_fused_playout.py`` holds the state after every move to the engine's own
    move by move play (``random_playout(..., fused=False)``), under every preset and random
    rule mixes."""
    s.listed = None  # the state changes in place: the moves listed for it no longer hold
    r = s.r
    called = s.called
    jump_in = r.jump_in
    amount_of = r.amount
    responds = r.responds
    uno_call = r.uno_call
    colors = r.colors
    ncol = len(colors)
    challenge = r.plus4 == "challenge"
    wilds_restricted = r.plus4 == "strict" or r.wild_last_resort
    to_match = r.draw_to_match
    # draws until a match under rules that restrict plays go through the engine
    engine_draws = to_match and not r.plain_matching
    joker_pen = r.joker_penalty
    answerable = _answerable(r)
    kinds = _card_kinds(r)
    rand = rng.random
    is_wild = IS_WILD
    color_of = COLOR_OF
    rank_of = RANK_OF
    effect_of = EFFECT_OF
    fits_at = match_table(r.deck)  # (sets: ``in`` is quicker than a bound method, in Pyodide most)
    active = s.active
    fwd, bwd = _rings(tuple(active))  # (nobody joins or leaves in a round)
    others_of = _others(tuple(active)) if r.seven_swap else ()
    same_number = r.play_same_number
    plain = r.plain_matching
    answers = r.answers
    follow_sets = _follow_table(r.deck)
    rev_steps = 2 if (r.reverse_skip_2p and s.n_active == 2) else 1
    moves = 0
    amount: int  # cards to draw
    engine_next = False  # the next move is the engine's
    engine_card = -1  # the engine plays this card, chosen in the loop
    while moves < budget:
        phase = s.phase
        if phase >= PH_ROUND_OVER:
            break
        # (any(s.vuln) is catch_window.any_open, written out: this test runs every turn)
        if (engine_next or phase != PH_PLAY or s.chain_rank >= 0 or s.drawn or s.pending
                or s.plus4_by >= 0 or s.stuck or s.color < 0 or not s.discard or any(s.vuln)):
            step(s, _policy_move(s, rng, pick))
            moves += 1
            engine_next = False
            continue
        hands = s.hands
        draw = s.draw
        discard = s.discard
        color = s.color
        turn = s.turn
        direction = s.direction
        nxt = fwd if direction == 1 else bwd
        last = s.last_player
        window = s.jump_window
        fits = fits_at[color * 32 + rank_of[discard[-1]]]
        mode: int = _PLAIN
        while moves < budget:
            hand = hands[turn]
            if mode:  # a same-number turn, or a draw card to answer: the engine's predicates
                s.color = color
                if mode == _CHAIN:
                    follows = follow_sets[s.chain_rank]
                    ok = [c for c in hand if c in follows]
                    if not ok:  # the move PASS ends the same-number turn
                        moves += 1
                        window = False
                        s.chain_rank = -1
                        mode = _PLAIN
                        turn = nxt[turn]
                        continue
                elif plain:  # _ANSWER: the answer table and matching (as playable_now)
                    ans = answers[effect_of[discard[-1]]]
                    ok = [c for c in hand if c in fits and not ans[effect_of[c]]]
                else:
                    ok = playable_now(s, turn)
                if mode == _ANSWER and not ok:  # ACCEPT (``_take_pending``): the cards, then on
                    moves += 1
                    window = False
                    amount = s.pending
                    s.pending = 0
                    s.plus4_by = -1
                    s.phase = PH_PLAY
                    _draw_cards(s, turn, amount, None, "penalty", None)
                    draw = s.draw  # a refill makes new piles (and maybe a new colour)
                    discard = s.discard
                    color = s.color
                    mode = _PLAIN
                    turn = nxt[turn]
                    fits = fits_at[color * 32 + rank_of[discard[-1]]]
                    continue
            else:
                ok = [c for c in hand if c in fits]
                if ok and wilds_restricted and any(is_wild[c] for c in ok):
                    s.color = color
                    ok = [c for c in ok if not is_wild[c] or play_problem(s, turn, c, hand) is None]
                if not ok:  # draw; a playable card drawn is played at once (the policy's choice)
                    if not draw or budget - moves < 2 or engine_draws:
                        engine_next = True
                        break
                    if to_match:  # draw until a card fits, from a pile that holds one
                        k = len(draw) - 1
                        while k >= 0 and draw[k] not in fits:
                            k -= 1
                        if k < 0 or (joker_pen and any(
                                effect_of[c] == _SELF_DRAW_TWO for c in draw[k:])):
                            engine_next = True  # the pile runs out first, or a Joker costs more
                            break
                        got = draw[k:]
                        del draw[k:]
                        got.reverse()
                        hand.extend(got)
                        c = got[-1]
                    else:
                        c = draw[-1]
                        if joker_pen and effect_of[c] == _SELF_DRAW_TWO:
                            engine_next = True  # a drawn Joker costs more cards
                            break
                        draw.pop()
                        hand.append(c)
                    called[turn] = False
                    window = False
                    moves += 1
                    if c in fits and not (wilds_restricted and is_wild[c] and _problem_at(
                            s, turn, c, hand, color)):
                        card = c
                        moves += 1
                    else:
                        turn = nxt[turn]
                        continue
            if ok:  # the policy's choice among the cards that may be played
                if len(hand) == 1:  # the last card: the engine's executor ends the round
                    engine_next = True
                    break
                if pick is None or mode == _ANSWER:  # (the policy answers at random)
                    card = ok[int(rand() * len(ok))]
                else:
                    s.turn = turn
                    s.color = color
                    s.direction = direction
                    s.last_player = last
                    s.jump_window = window
                    card = pick(s, turn, ok, rng)
                moves += 1
                if mode == _ANSWER and kinds[card] != _K_DRAW:  # a deflection: the engine's
                    engine_card = card
                    break
            kind = kinds[card]
            window = jump_in
            if is_wild[card]:
                if kind == _K_DRAW and effect_of[card] == _WILD4:
                    s.plus4_prev_color = color
                    s.plus4_bluff = any(color_of[c] == color for c in hand)
                color = colors[int(rand() * ncol)]
            else:
                color = color_of[card]
            hand.remove(card)
            discard.append(card)
            last = turn
            if len(hand) == 1:
                if uno_call:
                    called[turn] = True
            elif called[turn]:
                called[turn] = False
            if kind == _K_HANDS:  # 7-0: the engine moves the hands
                target = -1
                if swap_target_needed(r, card, len(hand) + 1):  # (as the hand was)
                    others = others_of[turn]  # as _random_play
                    target = others[int(rand() * len(others))]
                s.direction = direction
                seven_zero(s, turn, card, target)
                kind = _K_CHAIN if same_number else _K_NEXT
            if kind == _K_NEXT:
                turn = nxt[turn]
                fits = fits_at[color * 32 + rank_of[card]]
                continue
            if kind == _K_CHAIN:  # the turn stays while another of this number is in hand
                s.chain_rank = rank_of[card]  # (``engine.follows_same_number`` decides)
                if not follow_sets[rank_of[card]].isdisjoint(hands[turn]):
                    mode = _CHAIN
                    continue
                s.chain_rank = -1
                mode = _PLAIN
                turn = nxt[turn]
                fits = fits_at[color * 32 + rank_of[card]]
                continue
            if kind == _K_SKIP:
                turn = nxt[nxt[turn]]
            elif kind == _K_REVERSE:
                direction = -direction
                nxt = fwd if direction == 1 else bwd
                turn = nxt[nxt[turn]] if rev_steps == 2 else nxt[turn]
            elif kind == _K_DRAW:
                eff = effect_of[card]
                amount = amount_of[eff]
                if mode == _ANSWER:  # a stack adds up
                    amount += s.pending
                victim = nxt[turn]
                s.color = color
                if responds[eff]:  # the next player may answer
                    if answerable[eff] or moves >= budget:
                        s.pending = amount
                        s.phase = PH_PENALTY
                        s.plus4_by = turn if (challenge and eff == _WILD4) else -1
                        turn = victim  # (no catch window is open: the turn-end tick is moot)
                        mode = _ANSWER
                        fits = fits_at[color * 32 + rank_of[card]]
                        continue
                    # no card may answer it and the policy never challenges: the move ACCEPT
                    # (``_take_pending``: the cards, then the turn passes on)
                    moves += 1
                    window = False
                if mode:  # a stack that may not be answered: the cards are drawn now
                    s.pending = 0
                    s.plus4_by = -1
                    s.phase = PH_PLAY
                    mode = _PLAIN
                _draw_cards(s, victim, amount, None, "penalty", None)
                draw = s.draw  # a refill makes new piles (a turned-over pile a new colour)
                discard = s.discard
                color = s.color
                turn = nxt[victim]
            else:  # _K_SELF_DRAW
                s.color = color
                _draw_cards(s, turn, 2, None, "joker", None)
                draw = s.draw
                discard = s.discard
                color = s.color
                turn = nxt[turn]
            fits = fits_at[color * 32 + rank_of[discard[-1]]]
        s.turn = turn
        s.color = color
        s.direction = direction
        s.last_player = last
        s.jump_window = window
        if engine_card >= 0:  # the play chosen above (a move already counted)
            step(s, _random_play(s, turn, engine_card, rng))
            engine_card = -1
    return moves


@lru_cache(maxsize=None)
def _rings(active: tuple[bool, ...]) -> tuple[list[int], list[int]]:
    """The next active seat after each seat, one way round and the other."""
    n = len(active)
    return tuple(  # type: ignore[return-value]
        [next(j for j in ((i + d * k) % n for k in range(1, n + 1)) if active[j]) for i in range(n)]
        for d in (1, -1))


@lru_cache(maxsize=None)
def _others(active: tuple[bool, ...]) -> tuple[tuple[int, ...], ...]:
    """For each seat, the other seats still in the game, in seat order (a 7's possible
    targets, as ``_random_play`` lists them)."""
    return tuple(tuple(i for i in range(len(active)) if i != t and active[i])
                 for t in range(len(active)))


def _problem_at(s: GameState, seat: int, card: int, hand: list[int], color: int) -> bool:
    """Does the engine's predicate refuse ``card`` with the pile's colour ``color``?"""
    s.color = color
    return play_problem(s, seat, card, hand) is not None


def _fused_plays(r: CompiledRules) -> bool:
    """Whether the fused loop plays these rules: not ``draw_answers = top-card`` (its answers
    to a draw card follow the pending card) nor ``same_number_turn = any-card`` (its
    same-number turn takes only that number); such rules play move by move through ``step``."""
    return not (r.top_card_answers or r.chain_any_card)


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


def play_random_game(
    rules: RuleSet, players: int, seed: int, rounds: bool = True, policy: Policy | None = None,
    fused: bool = True,
) -> GameState:
    """A whole game (every round until the game is over) with the random policy or ``policy``
    (``fused`` as in :func:`random_playout`)."""
    s = new_game(rules, players, seed)
    rng = random.Random(seed)
    while s.phase != Phase.GAME_OVER:
        if s.phase == PH_ROUND_OVER:
            if not rounds:
                break
            step(s, Move(MoveKind.NEXT_ROUND, 0))
            continue
        if policy is None:
            random_playout(s, rng, fused=fused)
        else:
            seat = s.turn
            step(s, policy(s, seat, legal_moves(s, seat), rng))
    return s
