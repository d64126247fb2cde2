"""Playing bots against each other: the driver the tournament and the tests use.

After every move (the turn player's or a reaction) each seat that is not on turn and has
legal moves (a catch, an UNO call, a jump-in) is offered them through ``Bot.react``, in a random
order; a reaction is applied at once and the offers start again, until nobody reacts. A round
that is over is dealt again with NEXT_ROUND (made by the first active seat).

Blind by construction: the deck is shuffled by the core from the game seed, which no bot is
handed. Each bot gets its own generator, seeded from a SHA-256 digest of the game seed, its
seat and a purpose label (:mod:`uno_web.ai.seeds`), never from the shuffle stream; the order
reactions are offered in comes from a third, driver-only generator. Same seed, same game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from ..core.engine import apply, legal_moves, new_game, step
from ..core.moves import Move, MoveKind
from ..core.observation import observe
from ..core.rules import RuleSet
from ..core.state import GameState, Phase
from .base import Bot
from .seeds import bot_rng, driver_rng

__all__ = ["GameResult", "IllegalBotMove", "play_game", "run_reactions", "next_reaction"]


class IllegalBotMove(AssertionError):
    """A bot returned a move that was not in its list of legal moves."""


@dataclass
class GameResult:
    seed: int
    winner: int  # the game winner, or the leader when stopped after some rounds; -1 none
    scores: list[int]
    rounds: int
    round_wins: list[int]
    round_points: list[int] = field(default_factory=list)  # points won in rounds (target scoring)
    moves: int = 0
    decisions: list[int] = field(default_factory=list)  # turn decisions per seat
    think_seconds: list[float] = field(default_factory=list)  # time spent choosing per seat
    think_max: list[float] = field(default_factory=list)  # the longest single decision per seat
    finished: bool = True  # False when the action limit stopped the game


def _check(bot: Bot, move: Move | None, moves: Sequence[Move], seat: int) -> Move:
    if move is None or move not in moves:
        raise IllegalBotMove(
            f"{bot!r} at seat {seat} returned {move!s}, not one of {[str(m) for m in moves]}"
        )
    return move


def next_reaction(
    s: GameState, bots: "Mapping[int, Bot] | Sequence[Bot]", order: random.Random,
    rng_of: Callable[[int], random.Random],
) -> tuple[int, Move] | None:
    """The first out-of-turn move (a catch, an UNO call, a jump-in) that a bot not on turn
    takes now, or None. The bots at the table (``bots``: every seat's bot, or a mapping of the
    bots' seats) are offered their legal moves through ``Bot.react`` in an order shuffled by
    ``order``; ``rng_of(seat)`` is that bot's generator. The one rule of reactions: matches,
    tournaments and the table (``Session.plan_ai``) all ask it. Raises :class:`IllegalBotMove`
    for a move outside ``legal_moves``."""
    if s.phase >= Phase.ROUND_OVER:
        return None
    table: Mapping[int, Bot] = bots if isinstance(bots, Mapping) else dict(enumerate(bots))
    seats = [t for t in table if t != s.turn and s.active[t]]
    order.shuffle(seats)
    for seat in seats:
        moves = legal_moves(s, seat)
        if not moves:
            continue
        move = table[seat].react(observe(s, seat), moves, rng_of(seat))
        if move is None:
            continue
        return seat, _check(table[seat], move, moves, seat)
    return None


def run_reactions(
    s: GameState, bots: Sequence[Bot], rng: random.Random, rngs: Sequence[random.Random],
    safe: bool = False, limit: int = 64, on_move: "Callable[[GameState, Move], None] | None" = None,
) -> tuple[GameState, int]:
    """Offer out-of-turn moves (:func:`next_reaction`) until nobody takes one.

    Returns the state (a new object when ``safe``) and the number of reactions made.
    """
    made = 0
    for _ in range(limit):
        found = next_reaction(s, bots, rng, rngs.__getitem__)
        if found is None:
            break
        move = found[1]
        if safe:
            s = apply(s, move).state
        else:
            step(s, move)
        if on_move is not None:
            on_move(s, move)
        made += 1
    return s, made


def play_game(
    rules: RuleSet,
    bots: Sequence[Bot],
    seed: int,
    rounds: int = 0,
    max_moves: int = 20_000,
    safe: bool = False,
    reactions: bool = True,
    on_move: "Callable[[GameState, Move], None] | None" = None,
    timer: "Callable[[], float] | None" = None,
) -> GameResult:
    """Play one seeded game with ``bots[i]`` at seat ``i``.

    ``rounds`` > 0 stops after that many rounds (the winner is then the leader: most points,
    or fewest points against with elimination scoring; the first such seat on ties); 0 plays
    until the game is over. ``safe`` applies every move with :func:`apply` (checked, copied)
    instead of the fast in-place :func:`step`. ``max_moves`` bounds each game. ``on_move(state,
    move)`` is called after every move, the deals of new rounds (NEXT_ROUND) included; it is the
    referee's view (the whole state) and is never handed to a bot.
    """
    n = len(bots)
    s = new_game(rules, n, seed)
    rng = driver_rng(seed, "reaction order")
    rngs = [bot_rng(seed, i) for i in range(n)]
    round_wins = [0] * n
    round_points = [0] * n
    decisions = [0] * n
    spent = [0.0] * n
    longest = [0.0] * n
    moves_made = 0
    finished = True
    while True:
        if s.phase == Phase.GAME_OVER or s.phase == Phase.ROUND_OVER:
            if s.round_winner >= 0:
                round_wins[s.round_winner] += 1
                if rules.scoring != "elimination":
                    round_points[s.round_winner] += sum(
                        p for i, p in enumerate(s.round_points) if i != s.round_winner
                    )
            if s.phase == Phase.GAME_OVER or (rounds and s.round >= rounds):
                break
            seat = s.active_seats()[0]
            move = Move(MoveKind.NEXT_ROUND, seat)
            s = apply(s, move).state if safe else _step(s, move)
            if on_move is not None:
                on_move(s, move)
            continue
        if moves_made >= max_moves:
            finished = False
            break
        seat = s.turn
        moves = legal_moves(s, seat)
        t0 = timer() if timer else 0.0
        move = bots[seat].choose(observe(s, seat), moves, rngs[seat])
        if timer:
            took = timer() - t0
            spent[seat] += took
            if took > longest[seat]:
                longest[seat] = took
        _check(bots[seat], move, moves, seat)
        decisions[seat] += 1
        if safe:
            s = apply(s, move).state
        else:
            step(s, move)
        moves_made += 1
        if on_move is not None:
            on_move(s, move)
        if reactions:
            s, k = run_reactions(s, bots, rng, rngs, safe=safe, on_move=on_move)
            moves_made += k
    if not finished:
        winner = -1
    elif rounds == 1:
        winner = s.round_winner
    elif s.phase == Phase.GAME_OVER:
        winner = s.winner
    elif not finished:
        winner = -1
    elif rules.scoring == "elimination":
        alive = [i for i in range(n) if s.active[i]]
        winner = min(alive, key=lambda i: (s.scores[i], i))
    else:
        winner = max(range(n), key=lambda i: (s.scores[i], -i))
    return GameResult(
        seed=seed, winner=winner, scores=list(s.scores), rounds=s.round, round_wins=round_wins,
        round_points=round_points, moves=moves_made, decisions=decisions, think_seconds=spent,
        think_max=longest,
        finished=finished,
    )


def _step(s: GameState, move: Move) -> GameState:
    step(s, move)
    return s
