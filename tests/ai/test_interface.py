"""The bot interface: make_bot, choose/react/think, errors."""

from __future__ import annotations

import random

import pytest

from uno_web.ai import LEVELS, Bot, BotError, EasyBot, HardBot, NormalBot, drive, make_bot
from uno_web.core import PRESETS, MoveKind, legal_moves, new_game, observe

from .helpers import make_obs, moves_for


def test_levels_and_classes() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    assert isinstance(make_bot("easy"), EasyBot)
    assert isinstance(make_bot("Normal"), NormalBot)
    assert isinstance(make_bot(" HARD ", budget_ms=20), HardBot)
    for lv in LEVELS:
        assert isinstance(make_bot(lv), Bot) and make_bot(lv).level == lv


@pytest.mark.parametrize("level", ["expert", "", "random", 3])
def test_unknown_level_is_a_clear_value_error(level: object) -> None:
    with pytest.raises(ValueError, match="easy, normal, hard"):
        make_bot(level)  # type: ignore[arg-type]


@pytest.mark.parametrize("level,opts,word", [
    ("easy", {"speed": 3}, "speed"),
    ("easy", {"forget_uno": 2}, "forget_uno"),
    ("normal", {"weights": {"nope": 1}}, "nope"),
    ("normal", {"honesty": 0}, "honesty"),
    ("hard", {"iterations": 0}, "iterations"),
    ("hard", {"budget_ms": -5}, "budget_ms"),
    ("hard", {"playout": "smart"}, "playout"),
    ("hard", {"colour": 1}, "colour"),
])
def test_bad_options_are_value_errors(level: str, opts: dict, word: str) -> None:
    with pytest.raises(ValueError, match=word):
        make_bot(level, **opts)


@pytest.mark.parametrize("level", LEVELS)
def test_choose_returns_one_of_the_moves_and_empty_moves_raise(level: str) -> None:
    s = new_game(PRESETS["official"], 3, 9)
    bot = make_bot(level, iterations=4) if level == "hard" else make_bot(level)
    moves = legal_moves(s, s.turn)
    assert bot.choose(observe(s, s.turn), moves, random.Random(0)) in moves
    with pytest.raises(BotError):
        bot.choose(observe(s, s.turn), [], random.Random(0))


def test_hard_progress_under_a_work_limit_never_goes_back() -> None:
    """When the work limit, not the clock, ends the search (a fast machine), the progress
    Hard reports is the work done; the fractions it yields between candidates and after each
    deal must tell the same story, so a progress bar never moves back."""
    obs = make_obs("R1 R5 B5 G7 Y5 W", "R3", counts=[6, 6])
    bot = make_bot("hard", budget_ms=10_000, slice_ms=0.001, work=3000)  # a slice per candidate
    gen = bot.think(obs, moves_for(obs), random.Random(0))
    fractions = []
    while True:
        try:
            fractions.append(next(gen))
        except StopIteration:
            break
    assert len(fractions) > 20
    assert fractions == sorted(fractions)
    assert fractions[-1] > 0.5  # the work done, not the sliver of the 10 s budget


@pytest.mark.parametrize("level", LEVELS)
def test_think_protocol(level: str) -> None:
    """think() is a generator of progress fractions whose return value is the move."""
    obs = make_obs("R1 R5 B5 G7 Y5 W", "R3", counts=[6, 6])
    moves = moves_for(obs)
    bot = make_bot(level, budget_ms=60, slice_ms=2) if level == "hard" else make_bot(level)
    gen = bot.think(obs, moves, random.Random(0))
    fractions = []
    while True:
        try:
            fractions.append(next(gen))
        except StopIteration as stop:
            move = stop.value
            break
    assert move in moves
    assert all(0.0 <= f <= 1.0 for f in fractions)
    assert fractions == sorted(fractions)
    if level == "hard":
        assert len(fractions) > 1  # time-sliced: control came back several times
    again = make_bot(level, iterations=3) if level == "hard" else make_bot(level)
    assert drive(again.think(obs, moves, random.Random(0))) in moves


def test_react_returns_none_or_a_given_move() -> None:
    s = new_game(PRESETS["official"], 2, 3)
    other = 1 - s.turn
    for lv in LEVELS:
        assert make_bot(lv).react(observe(s, other), legal_moves(s, other), random.Random(0)) is None
    obs = make_obs("R5 B7 G2", "R3", counts=[1], catchable=(1,), turn=1)
    moves = moves_for(obs)
    assert moves[0].kind == MoveKind.CATCH
    for lv in ("normal", "hard"):
        assert make_bot(lv).react(obs, moves, random.Random(0)) == moves[0]


def test_cli_record_uses_the_bots(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from uno_web.cli import main

    out = tmp_path / "g.json"
    assert main(["record", "--bots", "normal,easy", "--rounds", "1", "-o", str(out)]) == 0
    assert out.exists()
