"""First-card rules and round/game scoring."""

import pytest

from uno_web.core import Phase, RuleSet, apply, card_str, deck_cards, new_game, parse_card, parse_move
from uno_web.core.events import CardReturned, GameWon, PlayerEliminated, RoundWon

from .scenario import code, play, position


def deck_with_top(first: str, then: str = "R5", players: int = 2, hand_size: int = 7):
    """A deck order whose first turned card is ``first`` (then ``then``)."""
    cards = list(deck_cards("uno"))
    f, t = parse_card(first), parse_card(then)
    cards.remove(f)
    cards.remove(t)
    dealt = cards[: players * hand_size]
    rest = cards[players * hand_size:]
    return dealt + [f, t] + rest


def test_first_card_wild_draw_four_goes_back_and_another_is_turned():
    ev = []
    s = new_game(RuleSet(), 2, 0, deck_order=deck_with_top("W+4", "R5"), events=ev)
    assert card_str(s.top) == "R5" and s.turn == 0
    assert card_str(s.draw[0]) == "W+4"  # returned to the bottom of the draw pile
    assert any(isinstance(e, CardReturned) for e in ev)


def test_first_card_wild_lets_the_first_player_choose():
    s = new_game(RuleSet(), 3, 0, deck_order=deck_with_top("W", players=3))
    assert s.phase == Phase.CHOOSE_COLOR and s.turn == 0
    assert code(s, "P0:" + card_str(s.hands[0][0])) == "E_CHOOSE_COLOR_FIRST"
    assert code(s, "P1:" + card_str(s.hands[1][0])) == "E_NOT_TURN"
    s, _ = play(s, "O0=B")
    assert s.color == 3 and s.phase == Phase.PLAY and s.turn == 0
    assert code(s, "O0=R") == "E_NO_COLOR_TO_CHOOSE"


def test_first_card_draw_two():
    s = new_game(RuleSet(), 3, 0, deck_order=deck_with_top("G+2", players=3))
    assert len(s.hands[0]) == 9 and s.turn == 1


def test_first_card_skip():
    s = new_game(RuleSet(), 3, 0, deck_order=deck_with_top("GS", players=3))
    assert s.turn == 1 and len(s.hands[0]) == 7


def test_first_card_reverse_dealer_starts_and_play_goes_the_other_way():
    s = new_game(RuleSet(), 4, 0, deck_order=deck_with_top("GR", players=4))
    assert s.dealer == 3 and s.turn == 3 and s.direction == -1


def test_first_card_redraw_until_number():
    order = deck_with_top("GS", "W")
    # put a number card after the two action cards
    order.remove(parse_card("B3"))
    order.insert(16, parse_card("B3"))
    s = new_game(RuleSet(first_card="redraw-until-number"), 2, 0, deck_order=order)
    assert card_str(s.top) == "B3" and s.phase == Phase.PLAY


def test_first_card_redraw_wild_keeps_action_effects():
    s = new_game(RuleSet(first_card="redraw-wild"), 3, 0, deck_order=deck_with_top("W", "GS", players=3))
    assert card_str(s.top) == "GS" and s.turn == 1


def test_first_card_lead_any():
    s = new_game(RuleSet(first_card="lead-any"), 2, 0)
    assert s.discard == [] and s.color == -1
    card = card_str(s.hands[0][0])
    assert code(s, f"P0:{card}" + ("=R" if card.startswith("W") else "")) == "OK_PLAY"


def test_round_scoring_counts_the_last_draw_card_and_card_values():
    s = position(hands=["R+2", "R5 B7 GS W", "W+4 Y9"], top="R9", draw="Y1 B2")
    s, ev = play(s, "P0:R+2")
    won = [e for e in ev if isinstance(e, RoundWon)][0]
    # the next player draws the two cards (Y1, B2) before points are counted
    assert won.points == (5 + 7 + 20 + 50 + 1 + 2) + (50 + 9)
    assert s.scores[0] == won.points and s.phase == Phase.ROUND_OVER


def test_game_to_500_ends_when_a_player_reaches_the_target():
    s = position(hands=["R1", "W+4 W+4 W W", "W+4 W+4 W W"], top="R9", scores=[100, 0, 0])
    s, ev = play(s, "P0:R1")
    assert s.phase == Phase.GAME_OVER and s.winner == 0 and s.scores[0] == 500
    assert GameWon(0, (500, 0, 0)) in ev
    assert code(s, "N0") == "E_GAME_OVER"


def test_next_round_rotates_the_dealer_and_deals_again():
    s = position(hands=["R1", "B5 B6", "Y5 Y6"], top="R9")
    s, _ = play(s, "P0:R1")
    assert code(s, "D1") == "E_ROUND_OVER"
    dealer = s.dealer
    t = apply(s, parse_move("N1"))
    assert t.state.round == 2 and t.state.dealer == (dealer + 1) % 3
    assert all(len(h) == 7 for h in t.state.hands)
    assert t.verdict.code.value == "OK_NEXT_ROUND"


def test_elimination_scoring_counts_against_and_eliminates_past_the_threshold():
    rules = {"scoring": "elimination", "elimination_threshold": 250}
    s = position(hands=["R1", "W+4 W+4 W W RS", "B5"], top="R9", overrides=rules, scores=[0, 40, 0])
    s, ev = play(s, "P0:R1")
    assert s.scores == [0, 40 + 220, 5]
    assert PlayerEliminated(1, 260) in ev
    assert s.active == [True, False, True] and s.phase == Phase.ROUND_OVER
    s, _ = play(s, "N0")
    assert s.hands[1] == [] and all(len(s.hands[i]) == 7 for i in (0, 2))


def test_elimination_last_player_standing_wins():
    rules = {"scoring": "elimination", "elimination_threshold": 250}
    s = position(hands=["R1", "W+4 W+4 W W RS"], top="R9", overrides=rules, scores=[0, 40])
    s, ev = play(s, "P0:R1")
    assert s.phase == Phase.GAME_OVER and s.winner == 0


@pytest.mark.parametrize("players", [2, 3, 10])
def test_new_game_deals_hand_size_cards(players):
    s = new_game(RuleSet(), players, 5)
    assert all(len(h) == 7 for h in s.hands)


def test_new_game_refuses_bad_player_counts_and_deck_orders():
    with pytest.raises(ValueError):
        new_game(RuleSet(), 1)
    with pytest.raises(ValueError):
        new_game(RuleSet(), 11)
    with pytest.raises(ValueError):
        new_game(RuleSet(), 2, deck_order=list(deck_cards("uno"))[:-1])
