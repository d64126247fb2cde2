"""Scenarios written from the rule texts, each one aimed at a rule a plausible one-line bug
would get wrong while every other test still passed.

Each expectation is read from a rule text, never from what the engine did: docs/rules.md (the
table of toggles), Mattel's official rules as excerpted in Appendix A of *The complexity of
UNO* (/work/shared/seeds/004_*), and the validator design article (seeds/000_*). The hands are
chosen so that the right rule and its nearest wrong reading disagree.
"""

from __future__ import annotations

import pytest

from uno_web.core import Phase, check, check_deck, legal_moves, parse_move
from uno_web.core.cards import COLOR_OF
from uno_web.core.engine import next_seat, play_problem
from uno_web.core.events import CardsDrawn, PenaltyApplied, PileReshuffled

from .scenario import C, code, play, position

STRICT = {"wild_draw_four": "strict"}


# --- Wild Draw Four: "a card that matches the colour", not "a card that could be played" ------
# docs/rules.md, wild_draw_four: "`strict`: the game refuses a Wild Draw Four while the player
# holds a card of the current colour". A card of another colour that matches the top card's
# number, or a Wild, can be played but is not of the current colour.

def test_strict_wild_draw_four_is_legal_beside_a_card_that_matches_only_the_number() -> None:
    s = position(hands=["B7 W+4", "G1 G2"], top="R7", overrides=STRICT)
    assert code(s, "P0:B7").startswith("OK")  # blue 7 is playable on red 7 ...
    assert code(s, "P0:W+4=B").startswith("OK")  # ... but it is not red
    assert parse_move("P0:W+4=B") in legal_moves(s, 0)


def test_strict_wild_draw_four_is_legal_beside_a_wild() -> None:
    s = position(hands=["W W+4", "G1 G2"], top="R7", overrides=STRICT)
    assert code(s, "P0:W+4=G").startswith("OK")
    assert parse_move("P0:W+4=G") in legal_moves(s, 0)


def test_strict_wild_draw_four_is_refused_beside_a_card_of_the_current_colour() -> None:
    s = position(hands=["R1 W+4", "G1 G2"], top="B7", color="R", overrides=STRICT)
    assert code(s, "P0:W+4=G") == "E_PLUS4_NOT_ALLOWED"
    assert all(m.card != C("W+4") for m in legal_moves(s, 0))


def test_a_challenged_wild_draw_four_is_a_bluff_only_beside_a_card_of_the_colour() -> None:
    # official rules: "If the challenged player is guilty [held a card matching the colour],
    # they must draw the 4 cards"; otherwise the challenger draws 6. Blue 7 matches the number
    # of the red 7 on the pile, not its colour: no bluff.
    s = position(hands=["B7 W+4 Y1", "G1 G2", "Y5 Y6"], top="R7")
    t, _ = play(s, "P0:W+4=G", "X1")
    assert len(t.hands[1]) == 2 + 6 and len(t.hands[0]) == 2
    u = position(hands=["R3 W+4 Y1", "G1 G2", "Y5 Y6"], top="B7", color="R")
    u2, _ = play(u, "P0:W+4=G", "X1")
    assert len(u2.hands[0]) == 2 + 4 and len(u2.hands[1]) == 2


# --- a catch closes the caught player's window --------------------------------------------
# official rules: a player who fails to call UNO and is caught "must draw two cards"; once
# caught, the missed call has been paid for. With uno_penalty 0 (docs/rules.md: "Cards drawn by
# a player caught not calling UNO", 0 allowed) or nothing left to draw, the caught player still
# holds one card, and nothing else would close the window.

def test_a_player_caught_with_no_penalty_cannot_be_caught_again() -> None:
    s = position(hands=["R1", "G1 G2", "B1 B2"], top="R9", turn=1, uncalled=[0],
                 overrides={"uno_penalty": 0})
    assert code(s, "C2>0") == "OK_CATCH"
    t, _ = play(s, "C2>0")
    assert len(t.hands[0]) == 1
    assert code(t, "C1>0") == "E_NO_ONE_TO_CATCH"
    assert code(t, "C2>0") == "E_NO_ONE_TO_CATCH"
    assert not any(m.kind.name == "CATCH" for seat in range(3) for m in legal_moves(t, seat))


def test_a_player_caught_when_no_card_is_left_to_draw_cannot_be_caught_again() -> None:
    s = position(hands=["R1", "G1 G2", "B1 B2"], top="R9", turn=1, uncalled=[0],
                 exact_deck=True)
    assert not s.draw and len(s.discard) == 1
    t, _ = play(s, "C2>0")
    assert len(t.hands[0]) == 1  # nothing to draw: still one card
    assert code(t, "C1>0") == "E_NO_ONE_TO_CATCH"
    assert not any(m.kind.name == "CATCH" for seat in range(3) for m in legal_moves(t, seat))


# --- Reverse with two players counts the players still in ----------------------------------
# docs/rules.md, two_player_reverse: "What a Reverse does when only two play. `skip`
# (official): it acts as a Skip, so the player who played it goes again." Three seats with one
# player eliminated (scoring = elimination) is a two-player game.

def _two_of_three_in() -> object:
    s = position(hands=["RR R1 R2", "G1 G2 G3", ""], top="R9",
                 overrides={"scoring": "elimination"})
    s.active[2] = False
    s.n_active = 2
    return s


def test_reverse_acts_as_skip_when_two_of_three_seats_are_still_in() -> None:
    s = _two_of_three_in()
    t, _ = play(s, "P0:RR")  # type: ignore[arg-type]
    assert t.turn == 0 and t.direction == -1


def test_reverse_with_three_players_in_passes_the_turn_the_other_way() -> None:
    s = position(hands=["RR R1 R2", "G1 G2 G3", "B1 B2 B3"], top="R9")
    t, _ = play(s, "P0:RR")
    assert t.turn == 2 and t.direction == -1


# --- the reshuffle keeps the TOP card of the discard pile ---------------------------------
# official rules: "If the draw pile runs out, reshuffle the discard pile (keeping the top card
# face up) to form a new draw pile"; docs/rules.md, reshuffle: "the discard pile minus its top
# card is shuffled into a new draw pile".

def test_the_reshuffle_leaves_the_top_card_on_the_discard_pile() -> None:
    s = position(hands=["G1 G2", "B1 B2"], discard="Y3 Y4 B5", top="R9", exact_deck=True)
    assert s.draw == []
    t, events = play(s, "D0")
    assert t.discard == [C("R9")] and COLOR_OF[t.discard[-1]] == t.color
    shuffle = next(e for e in events if isinstance(e, PileReshuffled))
    assert shuffle.top == (C("R9"),)
    assert sorted(t.draw + t.hands[0]) == sorted([C("Y3"), C("Y4"), C("B5"), C("G1"), C("G2")])


def test_turn_over_reshuffle_starts_from_the_bottom_card() -> None:
    # docs/rules.md, reshuffle `turn-over`: "the whole playing pile is turned face down without
    # shuffling and the top card of the new draw pile starts a new playing pile": the pile
    # turned over puts its oldest (bottom) card on top.
    s = position(hands=["G1 G2", "B1 B2"], discard="Y3 Y4 B5", top="R9", exact_deck=True,
                 overrides={"reshuffle": "turn-over"})
    t, _ = play(s, "D0")
    assert t.discard == [C("Y3")]


# --- check_deck: a duplicated card breaks the invariant ------------------------------------
# the validator design (seeds/000_*): "impossible deck compositions" are caught; the deck is
# 108 cards, "two each of 1-9 ...", so a third copy of a card is one too many.

def test_check_deck_reports_a_duplicated_card_even_when_nothing_is_missing() -> None:
    s = position(hands=["R1 G2", "B1 B2"], top="R9")
    assert check_deck(s).ok
    s.hands[0].append(C("R1"))  # a copy: nothing missing, one extra
    report = check_deck(s)
    assert not report.ok
    assert report.extra == (C("R1"),) and report.missing == ()
    assert report.total == 109 and report.expected == 108
    assert report.message == "109 of 108 cards found; duplicated red 1"


def test_check_deck_reports_a_card_swapped_for_a_copy_of_another() -> None:
    s = position(hands=["R1 G2", "B1 B2"], top="R9")
    s.hands[1][0] = C("G2")
    report = check_deck(s)
    assert not report.ok and report.extra == (C("G2"),) and report.missing == (C("B1"),)


def test_the_state_after_a_legal_move_keeps_the_deck() -> None:
    s = position(hands=["R1 G2", "B1 B2"], top="R9")
    t, _ = play(s, "P0:R1")
    assert check_deck(t).ok and t.phase == Phase.PLAY
    assert check(t, parse_move("P1:B2")).code.value == "E_NO_MATCH"


# --- a costly mistake is a turn move ------------------------------------------------------
# docs/rules.md, misplay_penalty: a card that does not fit "costs" that many cards and the turn
# ends; uno_catch_window `next-action`: a missed call may be caught "until the next player
# acts". A misplay is the next player acting. false_uno_penalty: "the caller draws that many
# cards" and nothing else happens.

def test_a_costly_misplay_ends_the_turn_and_closes_the_catch_window() -> None:
    s = position(hands=["R1 R2", "B5 B6 B7", "Y5 Y6 Y7"], top="R9",
                 overrides={"misplay_penalty": 1})
    t, _ = play(s, "P0:R1")  # one card left, no call
    assert code(t, "C2>0") == "OK_CATCH"
    assert code(t, "P1:B5") == "P_MISPLAY"
    u, events = play(t, "P1:B5")
    assert code(u, "C2>0") == "E_NO_ONE_TO_CATCH"
    assert len(u.hands[1]) == 4 and C("B5") in u.hands[1] and u.turn == 2
    assert [e for e in events if isinstance(e, PenaltyApplied)] == [
        PenaltyApplied(1, 1, "misplay", 1)]
    drawn = [e for e in events if isinstance(e, CardsDrawn)]
    assert [(e.seat, len(e.cards), e.reason) for e in drawn] == [(1, 1, "misplay")]


def test_a_groundless_uno_call_costs_cards_and_nothing_else() -> None:
    s = position(hands=["R1 R2 R3", "B5 B6 B7", "Y5 Y6 Y7"], top="R9",
                 overrides={"false_uno_penalty": 2})
    assert code(s, "U1") == "P_FALSE_UNO"
    t, events = play(s, "U1")
    assert len(t.hands[1]) == 5 and t.turn == 0 and not t.called[1]
    assert [e for e in events if isinstance(e, PenaltyApplied)] == [
        PenaltyApplied(1, 2, "false_uno", 1)]
    drawn = [e for e in events if isinstance(e, CardsDrawn)]
    assert [(e.seat, len(e.cards), e.reason) for e in drawn] == [(1, 2, "false_uno")]


def test_next_seat_counts_only_the_players_still_in() -> None:
    s = _two_of_three_in()
    assert next_seat(s, 0) == 1 and next_seat(s, 1) == 0  # type: ignore[arg-type]
    assert next_seat(s, 0, 2) == 0  # type: ignore[arg-type]
    t = position(hands=["R1", "B5", "Y5", "G5"], top="R9", direction=-1)
    assert [next_seat(t, i) for i in range(4)] == [3, 0, 1, 2]


# --- 7-0: every hand moves, in the direction of play, among the players still in -----------
# docs/rules.md, seven_swap: "Playing a 7 swaps hands with a chosen player (the 7 names them)";
# zero_rotate: "Playing a 0 passes every hand to the next player in the direction of play".
# Any seat may be named, seat 0 included; the hands that moved carry no UNO call with them.

def test_a_seven_swaps_with_seat_zero_too() -> None:
    s = position(hands=["B5 B6 B9", "R7 R1", "Y5 Y6 Y7 Y8"], top="R9", turn=1,
                 overrides={"seven_swap": True})
    t, _ = play(s, "P1:R7>0")
    assert sorted(t.hands[1]) == sorted([C("B5"), C("B6"), C("B9")])
    assert t.hands[0] == [C("R1")]


def test_a_zero_passes_the_hands_the_other_way_when_play_goes_the_other_way() -> None:
    s = position(hands=["R0 R1 R2", "B5 B6", "Y5 Y6 Y7 Y8"], top="R9", direction=-1,
                 overrides={"zero_rotate": True})
    t, _ = play(s, "P0:R0")
    # direction -1: seat 0's next player is seat 2, so seat 0's hand goes to seat 2
    assert sorted(t.hands[2]) == sorted([C("R1"), C("R2")])
    assert sorted(t.hands[1]) == sorted([C("Y5"), C("Y6"), C("Y7"), C("Y8")])
    assert sorted(t.hands[0]) == sorted([C("B5"), C("B6")])


def test_a_zero_passes_the_hands_only_among_the_players_still_in() -> None:
    s = position(hands=["R0 R1 R2", "B5 B6", "", "Y5 Y6 Y7 Y8"], top="R9",
                 overrides={"zero_rotate": True, "scoring": "elimination"})
    s.active[2] = False
    s.n_active = 3
    t, _ = play(s, "P0:R0")
    assert t.hands[2] == []  # the seat that is out gets nothing and gives nothing
    assert sorted(t.hands[1]) == sorted([C("R1"), C("R2")])
    assert sorted(t.hands[3]) == sorted([C("B5"), C("B6")])
    assert sorted(t.hands[0]) == sorted([C("Y5"), C("Y6"), C("Y7"), C("Y8")])
    u = position(hands=["R0 R1 R2", "B5 B6", "", "Y5 Y6 Y7 Y8"], top="R9", direction=-1,
                 overrides={"zero_rotate": True, "scoring": "elimination"})
    u.active[2] = False
    u.n_active = 3
    v, _ = play(u, "P0:R0")  # the other way: 0 -> 3 -> 1 -> 0
    assert v.hands[2] == []
    assert sorted(v.hands[3]) == sorted([C("R1"), C("R2")])
    assert sorted(v.hands[1]) == sorted([C("Y5"), C("Y6"), C("Y7"), C("Y8")])
    assert sorted(v.hands[0]) == sorted([C("B5"), C("B6")])


def test_hands_that_move_carry_no_uno_call_and_no_open_window() -> None:
    # seat 1 holds one card and called UNO; seat 2 holds one card and did not call. After a 0
    # every hand has moved: the call belonged to the player, not to the cards, and nobody
    # has just played down to one card without calling
    s = position(hands=["R0 R1 R2", "B5", "Y5"], top="R9", uncalled=[2],
                 overrides={"zero_rotate": True})
    s.called[1] = True
    assert code(s, "C0>2") == "OK_CATCH"
    t, _ = play(s, "P0:R0")
    assert not any(t.called)
    assert code(t, "C1>2") == "E_NO_ONE_TO_CATCH" and code(t, "C0>1") == "E_NO_ONE_TO_CATCH"
    u = position(hands=["R7 R1 R2", "B5", "Y5 Y6"], top="R9", turn=0,
                 overrides={"seven_swap": True})
    u.called[1] = True
    v, _ = play(u, "P0:R7>1")
    assert v.hands[0] == [C("B5")] and not v.called[0] and not v.called[1]


def test_next_seat_takes_steps_from_0_to_1000_and_names_a_bad_argument() -> None:
    s = position(hands=["R1", "B5", "Y5"], top="R9")
    assert next_seat(s, 1, 0) == 1 and next_seat(s, 0, 1000) == 1000 % 3
    for bad, kind, words in ((1001, ValueError, "steps must be from 0 to 1000, not 1001"),
                             (-1, ValueError, "steps must be from 0 to 1000, not -1"),
                             ("2", TypeError, "steps must be a whole number, not '2'")):
        with pytest.raises(kind) as err:
            next_seat(s, 0, bad)  # type: ignore[arg-type]
        assert str(err.value) == words
    with pytest.raises(ValueError) as err:
        next_seat(s, 5, 1)
    assert str(err.value) == "seat must be a seat of the table, 0 to 2, not 5"
    s.active[:] = [False] * 3
    s.n_active = 0
    with pytest.raises(ValueError) as err:
        next_seat(s, 0, 1)
    assert str(err.value) == "no seat is still in the game"


def test_a_draw_four_applied_at_once_is_recorded_as_a_draw_four() -> None:
    # wild_draw_four `anytime`: no challenge, so the next player draws 4 and is skipped at once
    s = position(hands=["W+4 R1", "G1 G2", "B5 B6"], top="R9",
                 overrides={"wild_draw_four": "anytime"})
    t, events = play(s, "P0:W+4=G")
    assert [e for e in events if isinstance(e, PenaltyApplied)] == [
        PenaltyApplied(1, 4, "draw_four", 0)]
    assert len(t.hands[1]) == 6 and t.turn == 2


def test_a_costly_misplay_closes_the_jump_in_window() -> None:
    # docs/rules.md, jump_in: the very same card may be played out of turn "right after it was
    # played and before the next player acts"; a misplay is the next player acting
    s = position(hands=["R5 R1", "B6 B7 B8", "G1 G2", "R5 Y5 Y6"], top="R9",
                 overrides={"jump_in": True, "misplay_penalty": 1})
    t, _ = play(s, "P0:R5")
    assert code(t, "P3:R5").startswith("OK")
    u, _ = play(t, "P1:B6")  # blue 6 on red 5: a misplay that costs a card
    assert u.turn == 2 and code(u, "P3:R5") == "E_JUMP_IN_NOT_ALLOWED"


def test_a_same_number_turn_works_for_zero_too() -> None:
    # docs/rules.md, play_same_number: after a number card the player may play more cards of
    # that number; 0 is a number like the others
    s = position(hands=["R0 B0 R5 G7", "Y1 Y2"], top="R9", overrides={"play_same_number": True})
    t, _ = play(s, "P0:R0")
    assert t.turn == 0
    assert code(t, "P0:R5") == "E_SAME_NUMBER_ONLY"  # red, but not a 0
    assert code(t, "P0:B0").startswith("OK")
    # the predicate the playouts and bots ask says the same
    problem = play_problem(t, 0, C("R5"), t.hands[0])
    assert problem is not None and problem[0].value == "E_SAME_NUMBER_ONLY"
    assert problem[1]["number"] == 0
    assert play_problem(t, 0, C("B0"), t.hands[0]) is None


def test_a_refused_stack_order_names_its_rule() -> None:
    # docs/rules.md, escalating_stack: "a Draw Two may not follow a wild card"
    rules = {"escalating_stack": True, "wild_draws_one": True, "wild_draw_four": "anytime"}
    s = position(hands=["R+2 R1", "W W+4 G+2 G1", "B+2 W B5", "Y1 Y2"], top="R9", overrides=rules)
    t, _ = play(s, "P0:R+2", "P1:W=B")
    v = check(t, parse_move("P2:B+2"))
    assert v.code.value == "E_STACK_ORDER" and v.rule == "escalating_stack = true"
