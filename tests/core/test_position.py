import pytest

from uno_web.core import Phase, RuleSet, check_deck, new_game, parse_card
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


# --- the position API for any situation (issue 15) ------------------------------------------

def test_an_exact_short_draw_pile_shows_a_reshuffle():
    from uno_web.core import apply, check_deck, parse_move
    from uno_web.core.events import PileReshuffled

    pos = Position(hands=["R1 B2", "G3 Y4"], discard="R5 R6", top="R7", draw="B9",
                   exact_deck=True)
    s = build_state(pos)
    assert [c for c in s.draw] == [parse_card("B9")] and len(s.deck) == 8
    assert check_deck(s).ok and check_deck(s).expected == 8
    # draw the last card, then the next draw reshuffles the discard pile under the top card
    t = apply(s, parse_move("D0"))
    s2 = t.state
    if s2.phase == Phase.DRAWN:
        s2 = apply(s2, parse_move("K0")).state
    t = apply(s2, parse_move("D1"))
    assert any(isinstance(e, PileReshuffled) for e in t.events)
    assert check_deck(t.state).ok
    # the position reads back with its exact deck, through a link too
    back = position_from_state(s)
    assert back.exact_deck and back.draw == "B9"
    assert build_state(position_from_query(position_to_query(back))).deck == s.deck
    # without exact_deck the rest of the deck fills the pile
    assert len(build_state(Position(hands=["R1 B2", "G3 Y4"], top="R7")).draw) == 108 - 5


def test_an_open_jump_in_window():
    from uno_web.core import check, parse_move

    base = dict(hands=["R1 B2", "G3 Y4", "R7 Y5"], top="R7", turn=1,
                overrides={"jump_in": True})
    closed = build_state(Position(**base))
    assert check(closed, parse_move("P2:R7")).code.value == "E_JUMP_IN_NOT_ALLOWED"
    open_ = build_state(Position(**base, jump_window=True))
    assert check(open_, parse_move("P2:R7")).code.value == "OK_JUMP_IN"
    assert position_from_state(open_).jump_window
    with pytest.raises(PositionError, match="jump_in"):
        build_state(Position(hands=["R1", "G3"], top="R7", jump_window=True))
    # the engine opens the window after a wild too, where a jump-in is refused as not
    # identical (a wild cannot be jumped on), not as out of time: a position says the same
    wild = build_state(Position(hands=["R1 W", "G3 W"], top="W", color="R", turn=1,
                                jump_window=True, overrides={"jump_in": True}))
    assert check(wild, parse_move("P0:W=R")).code.value == "E_JUMP_IN_NOT_IDENTICAL"
    with pytest.raises(PositionError, match="top card to match"):
        build_state(Position(hands=["R1", "G3"], jump_window=True,
                             overrides={"jump_in": True, "first_card": "lead-any"}))


def test_an_undealt_round_with_a_dealer_and_a_deck_order():
    from uno_web.core import new_game
    from uno_web.core.cards import card_str
    from uno_web.core.state import deck_cards

    order = list(deck_cards("uno"))
    order.remove(parse_card("R5"))
    order.insert(21, parse_card("R5"))  # the first card turned up after 3 x 7 dealt
    text = " ".join(card_str(c) for c in order)
    s = build_state(Position(hands=["", "", ""], deal=text, dealer=1, scores=[10, 20, 30],
                             round=3))
    assert s.dealer == 1 and s.turn == 2  # the seat after the dealer starts
    assert s.scores == [10, 20, 30] and s.round == 3
    assert s.discard[-1] == order[21]  # 3 x 7 cards dealt, then the first card
    same = new_game(players=["You", "Bot 1", "Bot 2"], deck_order=order, dealer=1)
    assert same.hands == s.hands and same.discard == s.discard
    with pytest.raises(PositionError, match="empty hands"):
        build_state(Position(hands=["R1", ""], deal=text))
    with pytest.raises(PositionError, match="deal"):
        build_state(Position(hands=["", ""], deal="R1 R2"))
    with pytest.raises(PositionError, match="dealer"):
        build_state(Position(hands=["", ""], deal=text, dealer=5))


def test_new_game_takes_a_dealer():
    from uno_web.core import new_game

    s = new_game(players=4, seed=3, dealer=1)
    assert s.dealer == 1 and (s.turn in (2, 1, 3))  # seat 2 unless the first card moves it
    with pytest.raises(ValueError, match="dealer"):
        new_game(players=2, dealer=2)
    with pytest.raises(TypeError, match="dealer"):
        new_game(players=2, dealer="0")  # type: ignore[arg-type]
