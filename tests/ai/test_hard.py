"""The Hard bot's search: fixed-iteration determinism, time slicing, sensible choices."""

from __future__ import annotations

import random
import time

from uno_web.ai import make_bot
from uno_web.core import Color, MoveKind, parse_card
from uno_web.core.state import Phase

from .helpers import make_obs, moves_for


def test_fixed_iterations_are_deterministic_for_a_seed() -> None:
    obs = make_obs("R1 R5 B5 G7 Y5 W GS", "R3", counts=[5, 7])
    moves = moves_for(obs)
    picks = {make_bot("hard", iterations=12).choose(obs, moves, random.Random(3)) for _ in range(3)}
    assert len(picks) == 1 and picks.pop() in moves


def test_time_budget_is_kept_and_think_yields_often() -> None:
    obs = make_obs("R1 R5 B5 G7 Y5 W GS B+2", "R3", counts=[5, 7])
    moves = moves_for(obs)
    bot = make_bot("hard", budget_ms=80, slice_ms=3)
    gen = bot.think(obs, moves, random.Random(0))
    yields = 0
    longest = 0.0
    t0 = time.perf_counter()
    while True:
        a = time.perf_counter()
        try:
            next(gen)
        except StopIteration as stop:
            move = stop.value
            break
        longest = max(longest, time.perf_counter() - a)
        yields += 1
    total = time.perf_counter() - t0
    assert move in moves
    assert yields >= 5
    assert longest < 0.05  # slices stay short (generous bound for a loaded machine)
    assert total < 1.0
    assert bot.last_stats["iterations"] >= 8


def test_the_budget_is_a_hard_limit() -> None:
    """min_iterations never stretches a timed search past its budget (it only guards the
    early stop and pruning), and an unfinished determinization is dropped, so every candidate
    was evaluated on the same deals."""
    obs = make_obs("R1 R5 B5 G7 Y5 W GS B+2", "R3", counts=[5, 7])
    moves = moves_for(obs)
    bot = make_bot("hard", budget_ms=30, min_iterations=100_000, prune_every=100_000)
    bot.choose(obs, moves, random.Random(0))
    assert bot.last_stats["seconds"] < 0.15  # 30 ms plus at most one playout, loaded machine
    n = bot.last_stats["iterations"]
    assert 1 <= n < 100_000


def test_time_between_slices_does_not_count() -> None:
    """The budget is thinking time: pauses between slices (the browser drawing) are free."""
    obs = make_obs("R1 R5 B5 G7 Y5 W GS B+2", "R3", counts=[5, 7])
    moves = moves_for(obs)
    bot = make_bot("hard", budget_ms=40, slice_ms=2)
    gen = bot.think(obs, moves, random.Random(0))
    t0 = time.perf_counter()
    while True:
        try:
            next(gen)
        except StopIteration:
            break
        time.sleep(0.01)
    assert time.perf_counter() - t0 > 0.06
    assert bot.last_stats["seconds"] < 0.2


def test_goes_out_with_a_skip_chain() -> None:
    obs = make_obs("R5 RS", "R1", counts=[5])
    move = make_bot("hard", iterations=30).choose(obs, moves_for(obs), random.Random(0))
    assert move.card == parse_card("RS")


def test_plays_the_last_card_and_calls_uno() -> None:
    obs = make_obs("G5 B5", "G1", counts=[5])
    move = make_bot("hard", iterations=20).choose(obs, moves_for(obs), random.Random(0))
    assert move.kind == MoveKind.PLAY and move.uno


def test_challenges_an_obvious_bluff() -> None:
    obs = make_obs("G1 G2 B3", "W+4", color=Color.BLUE, counts=[12], phase=Phase.PENALTY,
                   pending=4, plus4_by=1, plus4_prev_color=Color.RED, discard="R4")
    move = make_bot("hard", iterations=60).choose(obs, moves_for(obs), random.Random(0))
    assert move.kind == MoveKind.CHALLENGE


def test_stops_an_opponent_with_one_card() -> None:
    # the opponent holds one card: a Draw Two (plus the turn back) beats a number
    obs = make_obs("Y+2 Y5 B7 B9 G3 G4", "Y1", counts=[1])
    move = make_bot("hard", iterations=150).choose(obs, moves_for(obs), random.Random(0))
    assert move.card == parse_card("Y+2")
