"""Fast simulation: random playouts on plain values, for benchmarks, statistics and AI rollouts.

The playout applies moves with the engine's own executor (:func:`uno_web.core.engine.step`'s
internals) and decides legality with the engine's own predicate, so every rule of the RuleSet is
kept; it only skips building the full list of :class:`Move` objects and the verdicts.

The random policy is the usual one for UNO benchmarks (RLCard's random agent): play a uniformly
random playable card (wilds name a random colour, 7s a random target), draw only when nothing
can be played, play a playable drawn card, take a pending penalty unless a random stack is
possible, call UNO on the second-to-last card.
"""

from __future__ import annotations

import random
from typing import Callable

from .cards import COLOR_OF, IS_WILD, RANK_OF
from .engine import (
    PH_DRAWN, PH_PENALTY, PH_PLAY, PH_ROUND_OVER, legal_moves, new_game, play_problem,
    same_number_cards, step, swap_target_needed,
)
from .moves import Move, MoveKind
from .rules import RuleSet
from .state import GameState, Phase

__all__ = ["random_playout", "play_random_game", "playable_now", "Policy", "CardPicker"]

Policy = Callable[[GameState, int, list[Move], random.Random], Move]
# chooses which of the playable cards a playout plays: (state, seat, playable, rng) -> card
CardPicker = Callable[[GameState, int, list[int], random.Random], int]

_PLAY = MoveKind.PLAY
_PASS = MoveKind.PASS
_DRAWK = MoveKind.DRAW
_ACCEPT = MoveKind.ACCEPT
_new_move = tuple.__new__


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

    The engine's own predicate; plain colour/number matching is inlined for speed.
    """
    hand = s.hands[seat]
    if s.chain_rank >= 0:  # play_same_number: only more of the number just played
        return same_number_cards(s, hand)
    if s.r.plain_matching and s.phase != PH_PENALTY:
        discard = s.discard
        if not discard:
            return hand[:]
        col = s.color
        trank = RANK_OF[discard[-1]]
        return [c for c in hand if IS_WILD[c] or COLOR_OF[c] == col or RANK_OF[c] == trank]
    return [c for c in hand if play_problem(s, seat, c, hand) is None]


def random_playout(
    s: GameState, rng: random.Random, max_moves: int = 100_000, pick: CardPicker | None = None
) -> int:
    """Play the current round of ``s`` to its end in place.

    The policy is the random one described above; ``pick`` replaces the choice of which
    playable card to play (AI rollouts pass a greedier picker). Returns the number of moves
    made. ``s`` must be owned by the caller (copy it first).
    """
    r = s.r
    moves = 0
    execute = step
    rand = rng.random
    while s.phase < PH_ROUND_OVER and moves < max_moves:
        seat = s.turn
        phase = s.phase
        if phase == PH_PLAY:
            ok = playable_now(s, seat)
            if ok:
                card = ok[int(rand() * len(ok))] if pick is None else pick(s, seat, ok, rng)
                move = _random_play(s, seat, card, rng)
            elif s.chain_rank >= 0:  # play_same_number with no more of it: end the turn
                move = _new_move(Move, (_PASS, seat, -1, -1, -1, False))
            else:
                move = _new_move(Move, (_DRAWK, seat, -1, -1, -1, False))
        elif phase == PH_DRAWN:
            hand = s.hands[seat]
            ok = [c for c in s.drawn if play_problem(s, seat, c, hand) is None]
            move = _random_play(s, seat, ok[0], rng) if ok else _new_move(
                Move, (_PASS, seat, -1, -1, -1, False))
        elif phase == PH_PENALTY:
            hand = s.hands[seat]
            ok = [c for c in hand if play_problem(s, seat, c, hand) is None]
            if ok:  # answer the draw card with a random card that may (stack or deflect)
                move = _random_play(s, seat, ok[int(rand() * len(ok))], rng)
            else:
                move = _new_move(Move, (_ACCEPT, seat, -1, -1, -1, False))
        else:  # CHOOSE_COLOR
            move = Move(MoveKind.CHOOSE_COLOR, seat, -1, r.colors[int(rng.random() * len(r.colors))])
        execute(s, move)
        moves += 1
    return moves


def play_random_game(
    rules: RuleSet, players: int, seed: int, rounds: bool = True, policy: Policy | None = None
) -> GameState:
    """A whole game (every round until the game is over) with the random policy or ``policy``."""
    s = new_game(rules, players, seed)
    rng = random.Random(seed)
    while s.phase != Phase.GAME_OVER:
        if s.phase == PH_ROUND_OVER:
            if not rounds:
                break
            step(s, Move(MoveKind.NEXT_ROUND, 0))
            continue
        if policy is None:
            random_playout(s, rng)
        else:
            seat = s.turn
            step(s, policy(s, seat, legal_moves(s, seat), rng))
    return s
