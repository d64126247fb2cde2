"""The UNO catch window has one owner (uno_web/core/catch_window.py): the engine, check,
legal_moves, the observation and the fast playouts all go through it, and nothing else in the
core changes the per-seat window (GameState.vuln)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from uno_web.core import check, legal_moves, observe, parse_move
from uno_web.core import catch_window as window

from .scenario import code, play, position

CORE = Path(__file__).resolve().parents[2] / "uno_web" / "core"

# the state declares and copies the field; a position sets it from its "uncalled" seats
_MAY_WRITE = {"catch_window.py", "state.py", "position.py"}


def test_only_the_catch_window_module_writes_the_window() -> None:
    writes = re.compile(r"\.vuln(\[[^\]]*\])?\s*(=|-=|\+=)(?!=)")
    found = [f"{p.name}:{i}" for p in sorted(CORE.glob("*.py")) if p.name not in _MAY_WRITE
             for i, line in enumerate(p.read_text().splitlines(), 1) if writes.search(line)]
    assert found == [], f"the catch window is changed outside catch_window.py: {found}"


def test_the_checker_would_see_a_write() -> None:
    writes = re.compile(r"\.vuln(\[[^\]]*\])?\s*(=|-=|\+=)(?!=)")
    assert writes.search("    s.vuln[t] = 0") and writes.search("s.vuln = [0] * n")
    assert not writes.search("if s.vuln[t] == 0:")


@pytest.mark.parametrize("when, closes_at_next_action, closes_at_own_play", [
    ("next-action", True, True),
    ("until-next-play", False, True),
    ("next-turn-end", False, True),
])
def test_the_window_opens_on_a_play_without_a_call_and_closes_as_the_toggle_says(
        when, closes_at_next_action, closes_at_own_play) -> None:
    # docs/rules.md, uno_catch_window: `next-action` (official) "until the next player acts";
    # `next-turn-end` "until the next player's turn is over"; `until-next-play` "as long as the
    # player still holds one card and has not played again"
    s = position(hands=["R1 R2", "B5 B6 B7", "Y5 Y6 Y7"], top="R9",
                 overrides={"uno_catch_window": when})
    t, _ = play(s, "P0:R1")
    assert window.catchable(t) == (0,) and observe(t, 2).catchable == (0,)
    assert parse_move("C2>0") in legal_moves(t, 2)
    assert window.catch_problem(t, 0, 0) == "self"
    u, _ = play(t, "D1")  # the next player acts (draws)
    assert (window.catchable(u) == ()) == closes_at_next_action
    assert check(u, parse_move("C2>0")).ok != closes_at_next_action


def test_a_call_closes_the_window_and_a_catch_costs_the_caught_player() -> None:
    s = position(hands=["R1 R2", "B5 B6 B7", "Y5 Y6 Y7"], top="R9")
    t, _ = play(s, "P0:R1")
    called, _ = play(t, "U0")
    assert window.catchable(called) == ()
    assert window.catch_problem(called, 2, 0) == "called"
    caught, _ = play(t, "C2>0")
    assert len(caught.hands[0]) == 3 and window.catchable(caught) == ()
    assert window.catch_problem(caught, 2, 0) == "count"


def test_a_window_closed_by_time_is_said_to_be_over() -> None:
    # the moment has passed (docs/rules.md, uno_catch_window `next-action`): the verdict says
    # so, not that the player called or holds more cards
    s = position(hands=["R1 R2", "B5 B6 B7", "Y5 Y6 Y7"], top="R9")
    t, _ = play(s, "P0:R1", "D1")
    v = check(t, parse_move("C2>0"))
    assert v.code.value == "E_NO_ONE_TO_CATCH" and "any more" in v.message


def test_a_catch_of_a_seat_past_the_table_is_refused_with_a_reason() -> None:
    s = position(hands=["R1", "B5 B6 B7", "Y5 Y6 Y7"], top="R9", turn=1, uncalled=[0])
    assert window.catch_problem(s, 1, 3) == "no_seat" and window.catch_problem(s, 1, -1) == "no_seat"
    assert code(s, "C1>3") == "E_NO_ONE_TO_CATCH"


def test_a_one_card_deal_opens_no_window() -> None:
    # nobody has played down to one card: a hand dealt with one card may not be caught
    from uno_web.core import RuleSet, new_game

    s = new_game(RuleSet(hand_size=1, first_card="lead-any"), 3, 7)
    assert all(len(h) == 1 for h in s.hands)
    assert window.catchable(s) == () and not window.any_open(s)
    assert not any(m.kind.name == "CATCH" for seat in range(3) for m in legal_moves(s, seat))
