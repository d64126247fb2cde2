"""Every toggle of the RuleSet: the rule and its rejection codes."""

import pytest

from uno_web.core import Phase, check, legal_moves, parse_move
from uno_web.core.events import HandsRotated, HandsSwapped, PenaltyApplied

from .scenario import code, play, position

STACK_ALL = {"stack_draw_two_on_draw_two": True, "stack_draw_four_on_draw_four": True,
             "stack_draw_two_on_draw_four": True, "stack_draw_four_on_draw_two": True}


# --- stacking ------------------------------------------------------------------------------

def test_draw_two_on_draw_two_sums_and_falls_on_the_first_who_cannot_stack():
    s = position(hands=["R+2 R1", "G+2 G1", "B5 B6"], top="R9",
                 overrides={"stack_draw_two_on_draw_two": True})
    s, _ = play(s, "P0:R+2")
    assert s.phase == Phase.PENALTY and s.turn == 1 and s.pending == 2
    v = check(s, parse_move("P1:G+2"))
    assert v.code.value == "OK_STACK"
    s, _ = play(s, "P1:G+2")
    assert s.turn == 2 and s.pending == 4
    assert code(s, "D2") == "E_PENALTY_PENDING"
    assert code(s, "P2:B5") == "E_PENALTY_NOT_ANSWERED"  # a card that does not stack on it
    s, ev = play(s, "A2")
    assert len(s.hands[2]) == 6 and s.turn == 0 and s.pending == 0


def test_stacking_off_by_default_applies_at_once():
    s = position(hands=["R+2 R1", "G+2 G1", "B5 B6"], top="R9")
    s, _ = play(s, "P0:R+2")
    assert s.phase == Phase.PLAY and s.turn == 2 and len(s.hands[1]) == 4


def test_four_on_four_names_a_colour():
    s = position(hands=["W+4 R1", "W+4 G1", "B5 B6"], top="R9",
                 overrides={"stack_draw_four_on_draw_four": True, "wild_draw_four": "anytime"})
    s, _ = play(s, "P0:W+4=G")
    assert code(s, "P1:W+4") == "E_WILD_COLOR_MISSING"
    s, _ = play(s, "P1:W+4=B")
    assert s.pending == 8 and s.color == 3 and s.turn == 2


@pytest.mark.parametrize("toggle, first, answer, ok", [
    ("stack_draw_two_on_draw_four", "W+4=G", "G+2", True),
    ("stack_draw_two_on_draw_four", "W+4=G", "B+2", False),  # a Draw Two of the named colour
    ("stack_draw_four_on_draw_two", "R+2", "W+4=B", True),
    (None, "R+2", "W+4=B", False),
])
def test_mixed_stacking(toggle, first, answer, ok):
    rules = {"wild_draw_four": "anytime", "stack_draw_two_on_draw_two": True,
             "stack_draw_four_on_draw_four": True}
    if toggle:
        rules[toggle] = True
    s = position(hands=["W+4 R+2 R1", "G+2 B+2 W+4 G1", "B5 B6"], top="R9", overrides=rules)
    s, _ = play(s, "P0:" + first)
    c = code(s, "P1:" + answer)
    assert (c == "OK_STACK") == ok
    if not ok:
        assert c in ("E_STACK_NOT_ALLOWED", "E_NO_MATCH")


def test_escalating_stack_order():
    rules = {"escalating_stack": True, "wild_draws_one": True, "wild_draw_four": "anytime"}
    s = position(hands=["R+2 R1", "W W+4 G+2 G1", "B+2 W B5", "Y1 Y2"], top="R9", overrides=rules)
    s, _ = play(s, "P0:R+2", "P1:W=B")
    assert s.pending == 3 and s.turn == 2
    assert code(s, "P2:B+2") == "E_STACK_ORDER"  # a Draw Two may not follow a wild card
    s, _ = play(s, "P2:W=Y")
    assert s.pending == 4
    s, _ = play(s, "A3")
    assert len(s.hands[3]) == 6
    s2 = position(hands=["W+4 R1", "W G1", "B5 B6"], top="R9", overrides=rules)
    s2, _ = play(s2, "P0:W+4=G")
    assert code(s2, "P1:W=B") == "E_STACK_ORDER"  # a Wild may not follow a Wild Draw Four


def test_wild_draws_one_and_last_resort():
    rules = {"wild_draws_one": True, "wild_last_resort": True}
    s = position(hands=["W R1 G2", "B5 B6"], top="R9", overrides=rules)
    v = check(s, parse_move("P0:W=G"))
    assert v.code.value == "E_WILD_NOT_LAST_RESORT"
    assert v.detail == "You can still play a red 1, so a Wild may not be played yet"
    s = position(hands=["W G2 Y1", "B5 B6"], top="R9", overrides=rules)
    s, ev = play(s, "P0:W=G")
    assert PenaltyApplied(1, 1, "wild", 0) in ev and len(s.hands[1]) == 3 and s.turn == 0


def test_no_action_card_last():
    s = position(hands=["RS", "B5 B6"], top="R9", overrides={"no_action_card_last": True})
    assert code(s, "P0:RS") == "E_ACTION_CARD_LAST"
    assert [m.kind for m in legal_moves(s, 0) if m.kind in (0, 1)] == [1]  # only drawing


def test_two_player_reverse_toggle_listed_in_docs():
    from uno_web.core import RuleSet

    assert "two_player_reverse" in RuleSet.model_fields


# --- jump-in ---------------------------------------------------------------------------------

def test_jump_in_with_an_identical_card_right_after_it_was_played():
    s = position(hands=["R5 R1", "B5 B6", "R5 Y1", "Y5 Y6"], top="R9", overrides={"jump_in": True})
    s, _ = play(s, "P0:R5")
    assert check(s, parse_move("P2:R5")).code.value == "OK_JUMP_IN"
    s, _ = play(s, "P2:R5")
    assert s.turn == 3  # play continues from the jumper


def test_jump_in_refusals():
    s = position(hands=["R5 R1", "B5 B6", "R5 G5 Y1", "Y5 Y6"], top="R9", draw="R8",
                 overrides={"jump_in": True})
    assert code(s, "P2:R5") == "E_JUMP_IN_NOT_ALLOWED"  # no card was just played
    s, _ = play(s, "P0:R5")
    assert code(s, "P2:G5") == "E_JUMP_IN_NOT_IDENTICAL"
    s, _ = play(s, "D1")  # the next player acted: the window is closed
    assert code(s, "P2:R5") == "E_JUMP_IN_NOT_ALLOWED"
    off = position(hands=["R5 R1", "B5 B6", "R5 Y1"], top="R9")
    off, _ = play(off, "P0:R5")
    assert code(off, "P2:R5") == "E_NOT_TURN"


# --- 7-0 -------------------------------------------------------------------------------------

def test_seven_swaps_hands_with_a_chosen_player():
    s = position(hands=["R7 R1 R2", "B5 B6", "Y5 Y6 Y7 Y8"], top="R9", overrides={"seven_zero": True})
    assert code(s, "P0:R7") == "E_SWAP_TARGET_MISSING"
    assert code(s, "P0:R7>0") == "E_SWAP_TARGET_INVALID"
    assert code(s, "P0:R7>7") == "E_SWAP_TARGET_INVALID"
    assert code(s, "P0:R1>2") == "E_TARGET_NOT_ALLOWED"
    s, ev = play(s, "P0:R7>2")
    assert HandsSwapped(0, 2) in ev
    assert [len(h) for h in s.hands] == [4, 2, 2]


def test_zero_rotates_every_hand_in_the_direction_of_play():
    s = position(hands=["R0 R1 R2", "B5", "Y5 Y6 Y7 Y8"], top="R9", overrides={"seven_zero": True})
    before = [list(h) for h in s.hands]
    s, ev = play(s, "P0:R0")
    assert HandsRotated(1) in ev
    assert s.hands[1] == before[0][1:] and s.hands[2] == before[1] and s.hands[0] == before[2]
    assert sum(len(h) for h in s.hands) == 7


# --- drawing variants ------------------------------------------------------------------------

def test_draw_to_match_keeps_drawing_until_playable():
    s = position(hands=["B1 G2", "B5 B6"], top="R9", draw="Y1 Y2 R3 Y4",
                 overrides={"draw_to_match": True})
    s, _ = play(s, "D0")
    assert len(s.hands[0]) == 5 and s.phase == Phase.DRAWN


def test_forced_play_of_a_playable_drawn_card():
    s = position(hands=["B1 G2", "B5 B6"], top="R9", draw="R3", overrides={"forced_play": True})
    s, _ = play(s, "D0")
    assert code(s, "K0") == "E_MUST_PLAY_DRAWN"


def test_may_not_draw_with_a_playable_card_when_the_toggle_is_off():
    s = position(hands=["R1 G2", "B5 B6"], top="R9", overrides={"may_draw_when_playable": False})
    assert code(s, "D0") == "E_MUST_PLAY"


def test_plus4_anytime_has_no_challenge():
    s = position(hands=["W+4 R1", "B5 B6"], top="R9", preset="duo-uno-subset")
    s, _ = play(s, "P0:W+4=G")
    assert len(s.hands[1]) == 6 and code(s, "X1") in ("E_NOT_TURN", "E_NO_CHALLENGE")


def test_uno_penalty_size():
    s = position(hands=["R1 R2", "B5 B6", "Y5 Y6"], top="R9", overrides={"uno_penalty": 4})
    s, _ = play(s, "P0:R1", "C1>0")
    assert len(s.hands[0]) == 5


# --- the playing-card deck -------------------------------------------------------------------

def test_playing_cards_joker_makes_its_player_draw_two_and_counts_as_a_spade():
    s = position(preset="playing-cards", hands=["JK 3H 4H", "5D 6D"], top="9S", draw="2C 3C")
    s, ev = play(s, "P0:JK")
    assert PenaltyApplied(0, 2, "joker", 0) in ev and len(s.hands[0]) == 4 and s.color == 8


def test_playing_cards_drawing_a_joker_costs_two_more():
    s = position(preset="playing-cards", hands=["3H 4H", "5D 6D"], top="9S", draw="JK 2C 3C")
    s, _ = play(s, "D0")
    assert len(s.hands[0]) == 5


def test_playing_cards_ace_king_queen_jack():
    s = position(preset="playing-cards", hands=["AS 3H", "5D 6D", "7C 8C"], top="9S")
    s, _ = play(s, "P0:AS")
    assert len(s.hands[1]) == 6 and s.turn == 2
    s = position(preset="playing-cards", hands=["KS 3H", "5D 6D", "7C 8C"], top="9S")
    s, _ = play(s, "P0:KS")
    assert len(s.hands[1]) == 4 and s.turn == 2
    s = position(preset="playing-cards", hands=["QS 3H", "5D 6D", "7C 8C"], top="9S")
    s, _ = play(s, "P0:QS")
    assert s.turn == 2
    s = position(preset="playing-cards", hands=["JS 3H", "5D 6D", "7C 8C"], top="9S")
    s, _ = play(s, "P0:JS")
    assert s.turn == 2 and s.direction == -1


def test_playing_cards_pile_turned_over_without_shuffling():
    s = position(preset="playing-cards", hands=["3H 4H", "5D 6D"], discard="2C 7C 8C", top="9S")
    order = [c for c in s.discard]
    s.discard = s.draw[::-1] + s.discard  # the whole draw pile has been played
    s.draw = []
    played = list(s.discard)
    s, ev = play(s, "D0")
    flipped = [e for e in ev if e.kind == "pile_reshuffled"][0]
    assert not flipped.shuffled
    # the oldest card played starts the new pile, the next oldest is drawn first
    assert s.discard == [played[0]] and s.hands[0][-1] == played[1]
    assert order  # the position kept its discard pile


def test_playing_cards_first_player_leads_any_card():
    s = position(preset="playing-cards", hands=["3H 4H", "5D 6D"], top=None)
    assert code(s, "P0:3H") == "OK_PLAY"


def test_verdicts_cite_the_toggle_that_decided_them():
    s = position(hands=["R+2 R1", "W+4 G1", "B5 B6"], top="R9",
                 overrides={"stack_draw_two_on_draw_two": True})
    s, _ = play(s, "P0:R+2")
    assert check(s, parse_move("P1:W+4=G")).rule == "stack_draw_four_on_draw_two = false"
    s = position(hands=["R+2 R1", "G+2 G1", "B5 B6"], top="R9",
                 overrides={"stack_draw_two_on_draw_two": True})
    s, _ = play(s, "P0:R+2")
    assert check(s, parse_move("P1:G+2")).rule == "stack_draw_two_on_draw_two = true"
    s = position(hands=["R7 R1 R2", "B5 B6"], top="R9", overrides={"seven_zero": True})
    assert check(s, parse_move("P0:R7>1")).rule == "seven_swap = true"
    s = position(hands=["R1 R2", "B5 B6"], top="R9")
    assert check(s, parse_move("P0:R1")).rule == "official rules: matching"
    s = position(hands=["W+4 R1", "B5 B6"], top="R9", overrides={"wild_draw_four": "strict"})
    assert check(s, parse_move("P0:W+4=G")).rule == "wild_draw_four = strict"


# --- 7 and 0 as two toggles (issue 15) ------------------------------------------------------

def test_seven_swap_alone_swaps_and_zero_does_nothing() -> None:
    s = position(hands=["R7 R0 R2", "B5 B6", "Y5 Y6 Y7"], top="R9", overrides={"seven_swap": True})
    assert code(s, "P0:R7") == "E_SWAP_TARGET_MISSING"
    t, _ = play(s, "P0:R7>2")
    assert sorted(t.hands[0]) == sorted(s.hands[2]) and len(t.hands[2]) == 2
    u = position(hands=["R0 R1 R2", "B5 B6", "Y5 Y6 Y7"], top="R9", overrides={"seven_swap": True})
    u2, _ = play(u, "P0:R0")
    assert len(u2.hands[0]) == 2 and len(u2.hands[1]) == 2  # no rotation without zero_rotate


def test_zero_rotate_alone_passes_hands_and_a_seven_names_nobody() -> None:
    s = position(hands=["R0 R1 R2", "B5 B6", "Y5 Y6 Y7 Y8"], top="R9", overrides={"zero_rotate": True})
    assert check(s, parse_move("P0:R0")).rule == "zero_rotate = true"  # the verdict names the rule
    t, _ = play(s, "P0:R0")
    assert [len(h) for h in t.hands] == [4, 2, 2]  # every hand moved on one seat
    v = position(hands=["R7 R1", "B5 B6"], top="R9", overrides={"zero_rotate": True})
    assert code(v, "P0:R7>1") == "E_TARGET_NOT_ALLOWED"
    assert check(v, parse_move("P0:R7")).ok


def test_the_former_joint_toggle_turns_on_both() -> None:
    from uno_web.core import resolve_rules

    r = resolve_rules("official", {"seven_zero": True})
    assert r.seven_swap and r.zero_rotate
    assert resolve_rules("house-party").seven_swap and resolve_rules("house-party").zero_rotate
