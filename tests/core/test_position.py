import pytest

from uno_web.core import check_deck, new_game, RuleSet
from uno_web.core.position import (
    Position, PositionError, build_state, position_from_query, position_from_state, position_to_query,
)


def test_a_position_builds_a_state_that_holds_the_whole_deck():
    s = build_state(Position(hands=["R7 G5 W", "B1 B2"], top="R9", turn=1, direction=-1))
    assert check_deck(s).ok and s.turn == 1 and s.direction == -1 and s.color == 0


def test_query_round_trip():
    pos = Position(preset="house-party", overrides={"uno_penalty": 4, "jump_in": False},
                   hands=["R7 G5 W+4", "B1 B2", "Y+2"], top="W", color="G", turn=2, direction=-1,
                   goal="Play your Wild Draw Four legally", names=["You", "Ana", "Bo"])
    q = position_to_query(pos)
    assert "W%2B4" in q and "rule.uno_penalty=4" in q
    assert position_from_query("?" + q) == pos


def test_state_round_trip_through_a_position():
    s = new_game(RuleSet(), 3, 11)
    pos = position_from_state(s)
    t = build_state(pos)
    assert t.hands == s.hands and t.discard == s.discard and t.draw == s.draw
    assert t.color == s.color and t.turn == s.turn


@pytest.mark.parametrize("query, fragment", [
    ("top=R9", "no hands"),
    ("hands=R7 X9,B1&top=R9", "hand 0"),
    ("hands=R7,B1&top=R9&rule.nope=1", "unknown rule"),
    ("hands=R7,B1&top=R9&rule.jump_in=maybe", "true or false"),
    ("hands=R7,B1&top=R9&turn=x", "turn"),
])
def test_bad_links_get_clear_errors(query, fragment):
    with pytest.raises(PositionError) as exc:
        build_state(position_from_query(query))
    assert fragment in str(exc.value)


@pytest.mark.parametrize("kw, fragment", [
    ({"hands": ["R0 R0", "B1"], "top": "R9"}, "more copies"),
    ({"hands": ["R1", "B1"], "top": "W"}, "colour"),
    ({"hands": ["R1", "B1"], "top": "R9", "turn": 5}, "turn"),
    ({"hands": ["R1", "B1"]}, "top card"),
    ({"hands": ["R1", "B1"], "top": "R9", "color": "S"}, "colour of this deck"),
])
def test_impossible_positions_are_refused(kw, fragment):
    with pytest.raises(PositionError) as exc:
        build_state(kw)
    assert fragment in str(exc.value)


def test_errors_carry_no_pydantic_prefix():
    with pytest.raises(PositionError) as exc:
        build_state({"hands": ["R7 X9", "B1"], "top": "R9"})
    assert "Value error" not in str(exc.value) and str(exc.value).startswith("hands: hand 0: unknown card")
