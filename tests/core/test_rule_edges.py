"""Edges of the rules that a mutation run of the core found no test holding.

Each expectation is read from a rule text (docs/rules.md, the official rules in the seed
documents, the event and field documentation of uno_web/core), never from the engine's output:
a blocked round's tie, the direction a last Reverse sends a penalty, what is left of a Wild
Draw Four once it is taken, the order of a reshuffled pile, the end of a game under elimination,
and the words and facts of refusals (docs/core.md, "Mutation testing", lists the mutants).
"""

from __future__ import annotations

import re

import pytest

from uno_web.core import (GameState, IllegalMove, Move, MoveKind, Phase, apply, can_play, check,
                          legal_moves, parse_move)
from uno_web.core.events import (CardPlayed, CardsDrawn, DirectionReversed, Event, GameWon, PenaltyApplied,
                                 PileReshuffled, PlayerEliminated, RoundBlocked, RoundStarted,
                                 RoundWon, TurnSkipped)
from uno_web.core.cards import COLOR_OF
from uno_web.core.observation import observe
from uno_web.core.reasons import CATALOGUE, Reason, Verdict

from .scenario import C, code, kinds, play, position


# --- a blocked round: "the lowest hand wins it (ties: the seat nearest in turn)" -----------
# docs/rules.md ("Blocked round"): nobody can play or draw, the round ends and the lowest hand
# wins; between equal hands the seat that would play soonest from the turn player.

def _blocked_round(hands: list[str], turn: int) -> tuple[GameState, list[Event]]:
    s = position(hands=hands, top="R9", turn=turn, exact_deck=True, stuck=len(hands) - 1)
    assert not s.draw and legal_moves(s, turn)[0].kind.name == "DRAW"
    return play(s, str(legal_moves(s, turn)[0]))


def test_a_blocked_round_is_won_by_the_lowest_hand() -> None:
    t, ev = _blocked_round(["G1 G2", "B1 B2", "Y1"], turn=2)  # 3, 3 and 1 point
    assert "round_blocked" in kinds(ev) and t.round_winner == 2


@pytest.mark.parametrize("turn, winner", [(2, 0), (0, 0), (1, 1)])
def test_a_blocked_round_between_equal_hands_goes_to_the_seat_nearest_in_turn(turn: int, winner: int) -> None:
    # seats 0 and 1 hold 3 points each, seat 2 holds 8; from seat 2 the next in turn is seat 0
    t, _ = _blocked_round(["G1 G2", "B1 B2", "Y8"], turn=turn)
    assert t.round_winner == winner


# --- a last Reverse that sends a Draw Two back (draw_on_last_card) -------------------------
# docs/rules.md, reverse_returns_draw_two: the direction changes and the penalty "now faces
# the next player the other way, the player who played the Draw Two"; draw_on_last_card: a last
# draw card still makes the next player draw. Three seats, so that "the other way" matters.

def test_going_out_on_a_reverse_sends_the_draw_two_back_to_who_played_it() -> None:
    s = position(hands=["G1 G2", "RR", "B1 B2"], top="R+2", turn=1, pending=2, phase="penalty",
                 last_player=0, overrides={"reverse_returns_draw_two": True,
                                           "draw_on_last_card": True})
    assert code(s, "P1:RR") == "OK_DEFLECT"
    t, ev = play(s, "P1:RR")
    assert t.phase >= Phase.ROUND_OVER and t.round_winner == 1
    assert any(isinstance(e, DirectionReversed) for e in ev)
    (penalty,) = [e for e in ev if isinstance(e, PenaltyApplied)]
    assert (penalty.seat, penalty.count, penalty.by) == (0, 2, 1)
    drawn = [e for e in ev if isinstance(e, CardsDrawn)]
    assert [(e.seat, len(e.cards), e.reason) for e in drawn] == [(0, 2, "penalty")]
    assert len(t.hands[0]) == 4 and len(t.hands[2]) == 2


# --- a Wild Draw Four once taken, and a penalty taken across a reshuffle --------------------

def test_a_taken_wild_draw_four_can_no_longer_be_challenged() -> None:
    s = position(hands=["R1 R2", "G1 G2 G3"], top="W+4", color="B", turn=1, pending=4,
                 phase="penalty", plus4_by=0)
    t, ev = play(s, "A1")
    assert [(e.seat, len(e.cards), e.reason) for e in ev if isinstance(e, CardsDrawn)] == [(1, 4, "penalty")]
    assert observe(t, 0).plus4_by == -1 and observe(t, 1).plus4_by == -1
    assert code(t, "X0") == "E_NO_CHALLENGE"


def test_a_penalty_taken_across_a_reshuffle_follows_the_recorded_pile_order() -> None:
    # the event's order is "the new draw pile, first card drawn first" (events.PileReshuffled)
    s = position(hands=["R1 R2", "G1 G2 G3"], top="R+2", discard="B5 Y6 G7", draw="Y9", turn=1,
                 pending=2, phase="penalty", exact_deck=True)
    order = [C("G7"), C("B5"), C("Y6")]
    tr = apply(s, parse_move("A1"), shuffles=[order])
    (shuffle,) = [e for e in tr.events if isinstance(e, PileReshuffled)]
    assert list(shuffle.order) == order and shuffle.shuffled
    (drawn,) = [e for e in tr.events if isinstance(e, CardsDrawn)]
    assert drawn.cards == (C("Y9"), C("G7")) and drawn.reason == "penalty"
    assert tr.state.draw[::-1] == [C("B5"), C("Y6")]  # drawn from the end of the list


def test_a_recorded_reshuffle_that_is_not_the_pile_is_refused_naming_the_reshuffle() -> None:
    s = position(hands=["R1 R2", "G1 G2 G3"], top="R+2", discard="B5 Y6 G7", draw="Y9", turn=1,
                 pending=2, phase="penalty", exact_deck=True)
    with pytest.raises(IllegalMove) as caught:
        apply(s, parse_move("A1"), shuffles=[[C("G7"), C("B5"), C("B5")]])
    verdict = caught.value.verdict
    assert verdict.code.value == "E_RESHUFFLE_NOT_PERMUTATION"
    assert verdict.facts()["what"] == "reshuffle" and "reshuffle" in verdict.detail


# --- elimination: the seats still in, and the end of the game ------------------------------
# docs/rules.md, scoring = elimination: a seat whose score passes the threshold leaves the
# game; the last seat in wins it (GameWon carries every score).

def test_an_elimination_counts_the_seats_still_in_and_the_last_one_wins_the_game() -> None:
    s = position(hands=["R1", "B9 B8 Y9", "G1"], top="R5", turn=0, scores=[0, 240, 0],
                 overrides={"scoring": "elimination", "elimination_threshold": 250})
    t, ev = play(s, "P0:R1")
    (gone,) = [e for e in ev if isinstance(e, PlayerEliminated)]
    assert gone.seat == 1 and t.active == [True, False, True]
    assert t.n_active == sum(t.active) == 2  # GameState.n_active: the seats still in
    assert t.phase == Phase.ROUND_OVER and not any(isinstance(e, GameWon) for e in ev)
    two = position(hands=["R1", "B9 B8 Y9"], top="R5", turn=0, scores=[0, 240],
                   overrides={"scoring": "elimination", "elimination_threshold": 250})
    u, ev2 = play(two, "P0:R1")
    won = [e for e in ev2 if isinstance(e, GameWon)]
    assert u.phase == Phase.GAME_OVER and len(won) == 1
    assert (won[0].seat, won[0].scores) == (0, tuple(u.scores)) and u.scores[1] > 250


def test_after_a_round_nothing_is_left_to_challenge_or_to_add() -> None:
    # going out on a Wild Draw Four: the round is over, no challenge and no same-number turn
    # remain (Observation: plus4_by -1 "none", chain_rank -1 "none")
    s = position(hands=["W+4", "G1 G2"], top="R5", turn=0,
                 overrides={"play_same_number": True, "draw_on_last_card": True})
    t, _ = play(s, "P0:W+4=B")
    assert t.phase >= Phase.ROUND_OVER
    for seat in (0, 1):
        o = observe(t, seat)
        assert o.plus4_by == -1 and o.chain_rank == -1


# --- the catch window under until-next-play, and a misplay's penalty ----------------------

def test_a_misplay_under_until_next_play_is_charged_and_closes_the_movers_window() -> None:
    # uno_catch_window = until-next-play: "any move of their own turn ends it"
    s = position(hands=["G5", "B1 B2", "Y1 Y2"], top="R9", turn=0, uncalled=[0],
                 overrides={"uno_catch_window": "until-next-play", "misplay_penalty": 1})
    assert code(s, "P0:G5") == "P_MISPLAY"
    t, _ = play(s, "P0:G5")
    assert len(t.hands[0]) == 2
    assert code(t, "C1>0") != "OK_CATCH"


def test_a_forbidden_last_card_penalty_does_not_let_the_turn_end_at_once() -> None:
    # misplay_may_pass lets a player end the turn after the *misplay* penalty only; after the
    # penalty of a forbidden last card (finish_keeps_turn) the turn goes on as at its start
    rules = {"no_wild_finish": True, "finish_keeps_turn": True, "misplay_keeps_turn": True,
             "misplay_may_pass": True, "misplay_penalty": 1, "may_draw_when_playable": True}
    s = position(hands=["W", "B1 B2"], top="R9", turn=0, overrides=rules)
    assert code(s, "P0:W=G") == "P_FINISH"
    t, _ = play(s, "P0:W=G")
    assert t.turn == 0 and len(t.hands[0]) == 2
    assert code(t, "K0") != "OK_PASS"
    assert all(m.kind.name != "PASS" for m in legal_moves(t, 0))


# --- stacking names the toggle that decided -------------------------------------------------

def test_a_wild_draw_four_on_a_wild_draw_four_names_its_own_toggle() -> None:
    base = dict(hands=["W+4 R1", "G1 G2"], top="W+4", color="B", turn=0, pending=4,
                phase="penalty")
    on = position(**base, overrides={"stack_draw_four_on_draw_four": True,
                                     "stack_draw_two_on_draw_four": False})
    assert check(on, parse_move("P0:W+4=G")).rule == "stack_draw_four_on_draw_four = true"
    off = position(**base, overrides={"stack_draw_four_on_draw_four": False,
                                      "stack_draw_two_on_draw_four": True})
    refused = check(off, parse_move("P0:W+4=G"))
    assert refused.code.value == "E_STACK_NOT_ALLOWED"
    assert refused.rule == "stack_draw_four_on_draw_four = false"


# --- the words and facts of refusals --------------------------------------------------------

def test_refusals_say_what_was_wrong_in_words_of_their_own() -> None:
    three = position(hands=["R1 R2 R3", "G1 G2 G3", "B1 B2 B3"], top="R9")
    assert check(three, parse_move("P0:R1!")).detail == \
        "You cannot call UNO with this play: it would leave 2 cards"
    called = position(hands=["R1 R2", "G1 G2 G3"], top="R9", called=[0],
                      overrides={"uno_call_with_two": True})
    assert check(called, parse_move("P0:R1!")).detail == "You have already called UNO"
    catch = position(hands=["R1", "G1 G2", "B1 B2"], top="R9", turn=1, uncalled=[0])
    assert check(catch, parse_move("C1>7")).detail == "There is no player at seat 7 to catch"
    assert check(catch, parse_move("C0>0")).detail == "You cannot catch yourself"


def test_a_jump_in_with_an_uno_call_that_leaves_two_cards_is_refused_for_the_call() -> None:
    # the call is wrong whatever the card: no_draw_card_finish only concerns a last card
    s = position(hands=["G1 G2", "R+2 B3 B4", "Y1 Y2"], top="R+2", turn=2, jump_window=True,
                 last_player=0, pending=2, phase="penalty",
                 overrides={"jump_in": True, "no_draw_card_finish": True})
    assert code(s, "P1:R+2!") == "E_UNO_NOT_ALLOWED"


@pytest.mark.parametrize("card, move, form, rule", [
    ("W", "P1:W=G", "wild", "no_wild_finish"),
    ("R+2", "P1:R+2", "draw", "no_draw_card_finish"),
])
def test_jumping_in_with_a_forbidden_last_card_is_charged_and_says_which_kind(
        card: str, move: str, form: str, rule: str) -> None:
    extra = {"pending": 2, "phase": "penalty"} if card == "R+2" else {"color": "R"}
    s = position(hands=["G1 G2", card, "Y1 Y2"], top=card, turn=2, jump_window=True,
                 last_player=0, **extra,
                 overrides={"jump_in": True, "jump_in_wild": True, rule: True})
    v = check(s, parse_move(move))
    assert v.code.value == "P_FINISH" and v.facts()["form"] == form
    assert f"may not go out on a {form} card" in v.detail
    assert v.rule == f"{rule} = true"


@pytest.mark.parametrize("hands, move", [
    (["R1 W", "G1 G2 G3"], "P0:W"),          # a wild with no colour
    (["R1 W", "G1 G2 G3"], "P0:JK"),         # a card the deck does not have
    (["R1 W", "G1 G2 G3"], "N0"),            # the next round while this one goes on
    (["R1 R2 R3", "G1 G2 G3"], "P0:R1!"),    # an UNO call that leaves two cards
    (["R1 W", "G1 G2 G3"], "P1:G1"),         # not your turn
    (["R1 W", "G1 G2 G3"], "P0:R1=G"),       # a colour named with a card that is not wild
    (["R1 W", "G1 G2 G3"], "X0"),            # no Wild Draw Four to challenge
    (["R7 W G3", "G1 G2 G3"], "P0:R7"),      # a 7 that swaps hands names nobody
])
def test_every_refusal_names_the_player_who_tried(hands: list[str], move: str) -> None:
    # Verdict.facts: the raw facts of a decision, from which any language is written; a
    # refusal is about somebody's move, and says whose
    v = check(position(hands=hands, top="R9", overrides={"seven_swap": True}), parse_move(move))
    assert not v.ok and v.facts()["who"] == parse_move(move).seat


def test_no_message_pairs_they_with_a_verb_for_one_person() -> None:
    # "{who:they} {who:takes}" would read "they takes" for a named player: after "they" the
    # verb is plural ("they take"), as after "you"
    names = ["Ada", "Bob", "Cy"]
    for reason, entry in CATALOGUE.items():
        for template in (entry.template, *entry.forms.values()):
            for m in re.finditer(r"\{(\w+):they\} \{(\w+):(\w+)\}", template):
                assert m.group(3) in ("you", "your"), (reason, template)
    v = Verdict(Reason.P_FINISH, (("who", 1), ("card", C("W")), ("names", names)))
    assert v.detail == "Bob may not go out on a wild card: they take the Wild back and draw 1 card"


def test_can_play_answers_for_a_card_in_the_hand() -> None:
    s = position(hands=["R1 G5 W", "G1 G2"], top="R9")
    assert can_play(s, 0, C("R1")) and can_play(s, 0, C("W"))
    assert not can_play(s, 0, C("G5")) and not can_play(s, 0, C("B1"))
    assert not can_play(s, 1, C("G1"))  # not seat 1's turn
    assert not can_play(s, 2, C("R1")) and not can_play(s, -1, C("R1"))  # no such seat


def test_nobody_jumps_in_while_penalty_cards_are_still_being_drawn() -> None:
    # penalty_draw = one-by-one: the cards come one per move, and nobody may jump in between
    s = position(hands=["R1 W", "R9 G2 G3", "B1 B2"], top="R9", owed=2, jump_window=True,
                 last_player=2, overrides={"penalty_draw": "one-by-one", "jump_in": True})
    v = check(s, parse_move("P1:R9"))
    assert v.code.value == "E_JUMP_IN_NOT_ALLOWED" and v.facts()["form"] == "owed"
    assert v.detail == "Bot 1 cannot jump in now: penalty cards are still being drawn"



# --- who takes what, and the words for it ---------------------------------------------------
# events.PenaltyApplied: the seat that drew and why; a stack is more than the one draw card

@pytest.mark.parametrize("top, discard, pending, reason", [
    ("G+2", "R+2", 4, "stack"),   # a Draw Two on a Draw Two: the whole stack
    ("W+4", "", 4, "draw"),       # one Wild Draw Four: its own four cards
    ("G+2", "", 2, "draw"),
])
def test_taking_draw_cards_says_whether_it_was_a_stack(top: str, discard: str, pending: int,
                                                       reason: str) -> None:
    s = position(hands=["R1 R2", "G1 G2 G3"], top=top, discard=discard, color="G", turn=1,
                 pending=pending, phase="penalty", overrides={"stack_draw_two_on_draw_two": True})
    t, ev = play(s, "A1")
    (taken,) = [e for e in ev if isinstance(e, PenaltyApplied)]
    assert (taken.seat, taken.count, taken.reason) == (1, pending, reason)
    assert len(t.hands[1]) == 3 + pending


def test_a_won_round_names_its_winner() -> None:
    s = position(hands=["R1", "G1 G2"], top="R5")
    _, ev = play(s, "P0:R1")
    (won,) = [e for e in ev if isinstance(e, RoundWon)]
    assert won.seat == 0 and won.round_points == (0, 3) and won.points == 3


# --- costly mistakes ------------------------------------------------------------------------

def test_a_false_catch_leaves_the_turn_players_draw_as_it_was() -> None:
    # without draw_lapses (letsuno's rule) a catch does not undo the turn player's draw: they
    # may still keep the drawn card
    s = position(hands=["R5 G1", "B1 B2", "Y1 Y2 Y3"], top="R9", phase="drawn", drawn="R5",
                 overrides={"false_catch_penalty": 2})
    assert code(s, "C1>2") == "P_FALSE_CATCH"
    t, _ = play(s, "C1>2")
    assert t.phase == Phase.DRAWN and len(t.hands[1]) == 4
    assert code(t, "K0") == "OK_PASS"
    lapsing = position(hands=["R5 G1", "B1 B2", "Y1 Y2 Y3"], top="R9", phase="drawn",
                       drawn="R5", overrides={"false_catch_penalty": 2, "draw_lapses": True})
    u, _ = play(lapsing, "C1>2")
    assert u.phase == Phase.PLAY and code(u, "K0") != "OK_PASS"


def test_a_misplay_that_keeps_the_turn_leaves_nothing_drawn_to_keep() -> None:
    s = position(hands=["G5 B7", "B1 B2"], top="R9",
                 overrides={"misplay_penalty": 1, "misplay_keeps_turn": True})
    t, _ = play(s, "P0:G5")
    assert t.turn == 0 and t.phase == Phase.PLAY and len(t.hands[0]) == 3
    assert observe(t, 0).drawn == ()


def test_a_misplay_penalty_across_a_reshuffle_follows_the_recorded_order() -> None:
    s = position(hands=["G5 B7", "B1 B2"], top="R9", discard="Y1 Y2", draw="", exact_deck=True,
                 overrides={"misplay_penalty": 1})
    order = [C("Y2"), C("Y1")]
    tr = apply(s, parse_move("P0:G5"), shuffles=[order])
    assert tr.verdict.code.value == "P_MISPLAY"
    assert [e.cards for e in tr.events if isinstance(e, CardsDrawn)] == [(C("Y2"),)]


def test_a_forbidden_last_card_facing_a_draw_card_takes_it_across_a_reshuffle() -> None:
    # no_draw_card_finish without finish_keeps_turn: the card goes back, one card is drawn,
    # and the pending Draw Two is taken too (docs/rules.md, finish_keeps_turn = false)
    s = position(hands=["G1 G2", "R+2", "B1 B2"], top="R+2", discard="Y1 Y2 Y3", draw="Y4",
                 turn=1, pending=2, phase="penalty", exact_deck=True,
                 overrides={"no_draw_card_finish": True, "stack_draw_two_on_draw_two": True})
    order = [C("Y3"), C("Y1"), C("Y2")]
    tr = apply(s, parse_move("P1:R+2"), shuffles=[order])
    assert tr.verdict.code.value == "P_FINISH"
    got = [c for e in tr.events if isinstance(e, CardsDrawn) for c in e.cards]
    assert got == [C("Y4"), C("Y3"), C("Y1")] and len(tr.state.hands[1]) == 4


# --- seats out of the game ------------------------------------------------------------------

def test_the_next_deal_passes_over_a_seat_out_of_the_game() -> None:
    # the deal moves to the next seat still in (docs/rules.md, scoring = elimination)
    s = position(hands=["R1", "B9 B8 Y9", "G1 G2"], top="R5", scores=[0, 240, 0], dealer=0,
                 overrides={"scoring": "elimination", "elimination_threshold": 250})
    t, _ = play(s, "P0:R1")
    assert t.active == [True, False, True]
    u, ev = play(t, "N0")
    (started,) = [e for e in ev if isinstance(e, RoundStarted)]
    assert u.dealer == 2 and started.dealer == 2 and started.seats == (0, 2)


# --- turning the pile over (reshuffle = turn-over) ------------------------------------------

def test_a_pile_turned_over_is_drawn_in_the_order_its_event_gives() -> None:
    # the playing pile is turned face down unshuffled: its oldest card starts the new pile and
    # the next oldest is drawn first (events.PileReshuffled: "first card drawn first")
    s = position(hands=["R1 R2", "G1 G2 G3"], top="R9", discard="B5 Y6 G7", draw="",
                 exact_deck=True, overrides={"reshuffle": "turn-over"})
    t, ev = play(s, "D0")
    (turned,) = [e for e in ev if isinstance(e, PileReshuffled)]
    assert turned.order == (C("Y6"), C("G7"), C("R9")) and turned.top == (C("B5"),)
    assert not turned.shuffled
    assert [e.cards for e in ev if isinstance(e, CardsDrawn)] == [(C("Y6"),)]
    assert t.discard == [C("B5")]


# --- turn order with a seat out, and the count of passes that blocks a round ----------------

def test_a_skip_passes_over_a_seat_out_of_the_game() -> None:
    # seat 2 is out (elimination): seat 0's Skip skips seat 1, the next seat still in is 3
    s = position(hands=["RS G1", "B1 B2", "", "Y1 Y2"], top="R9", out=[2], scores=[0, 0, 300, 0],
                 overrides={"scoring": "elimination", "elimination_threshold": 250})
    t, _ = play(s, "P0:RS")
    assert t.turn == 3


def test_a_play_or_a_card_drawn_starts_the_count_of_passes_that_blocks_a_round_again() -> None:
    # docs/rules.md, "Blocked round": it ends when every seat still in has passed in a row with
    # nothing to draw (Position.stuck counts them); a card played or drawn starts it again
    s = position(hands=["G1 G2", "B1 B2", "Y3 R4"], top="R9", turn=2, exact_deck=True, stuck=2)
    t, ev = play(s, "P2:R4")
    assert "round_blocked" not in kinds(ev) and t.stuck == 0
    d = position(hands=["G1 G2", "B1 B2", "Y3 G4"], top="R9", discard="B7", turn=2,
                 exact_deck=True, stuck=1)
    u, ev2 = play(d, "D2")  # the pile is refilled from the discard pile: a card is drawn
    assert [e.cards for e in ev2 if isinstance(e, CardsDrawn)] == [(C("B7"),)]
    assert u.stuck == 0


# --- the Joker of the playing-card deck ----------------------------------------------------
# docs/rules.md: "a Joker counts as a spade and makes whoever plays it draw 2"

def test_whoever_plays_a_joker_draws_two_and_the_next_player_goes_on() -> None:
    s = position(preset="playing-cards", hands=["JK 5H 6S", "2C 3C", "4D 7D"], top="9S",
                 draw="8C 9C 10C", overrides={"drawn_joker_penalty": 0})
    t, ev = play(s, "P0:JK")
    (played,) = [e for e in ev if isinstance(e, CardPlayed)]
    assert played.card == C("JK") and played.seat == 0
    assert [(e.seat, e.reason) for e in ev if isinstance(e, CardsDrawn)] == [(0, "joker")]
    assert len(t.hands[0]) == 4 and t.turn == 1


def test_a_joker_drawn_across_a_reshuffle_follows_the_recorded_order() -> None:
    s = position(preset="playing-cards", hands=["JK 5H 6S", "2C 3C", "4D 7D"], top="9S",
                 discard="8C 9C 10C", draw="", exact_deck=True,
                 overrides={"drawn_joker_penalty": 0, "reshuffle": "shuffle"})
    order = [C("10C"), C("8C"), C("9S"), C("9C")]
    tr = apply(s, parse_move("P0:JK"), shuffles=[order])
    assert [c for e in tr.events if isinstance(e, CardsDrawn) for c in e.cards] == order[:2]


def test_a_last_draw_card_across_a_reshuffle_follows_the_recorded_order() -> None:
    # draw_on_last_card: the next player draws the last Draw Two's cards, from a reshuffle
    s = position(hands=["R+2", "G1 G2"], top="R9", discard="Y1 Y2 Y3", draw="", exact_deck=True,
                 overrides={"draw_on_last_card": True})
    order = [C("Y2"), C("Y3"), C("R9"), C("Y1")]
    tr = apply(s, parse_move("P0:R+2"), shuffles=[order])
    assert [(e.seat, e.cards) for e in tr.events if isinstance(e, CardsDrawn)] == \
        [(1, (C("Y2"), C("Y3")))]


# --- more words and facts of refusals ------------------------------------------------------

def test_a_move_of_no_kind_is_refused_saying_which_kinds_there_are() -> None:
    s = position(hands=["R1 G2", "B1 B2"], top="R9")
    v = check(s, Move(99, 0, -1, -1, -1, False))  # type: ignore[arg-type]
    assert v.code.value == "E_MALFORMED" and v.facts()["who"] == 0
    assert v.detail == "There is no kind of move numbered 99 (kinds are numbered 0 to 8)"
    shape = check(s, Move(MoveKind.PLAY, 0, -1, "red", -1, False))  # type: ignore[arg-type]
    assert shape.code.value == "E_MALFORMED" and shape.facts()["who"] == 0


def test_a_colour_the_deck_does_not_have_is_refused_when_choosing_one() -> None:
    s = position(hands=["R1 G2", "B1 B2"], phase="choose-color", top="W")
    v = check(s, Move(MoveKind.CHOOSE_COLOR, 0, -1, 9, -1, False))
    assert v.code.value == "E_COLOR_NOT_ALLOWED" and v.facts()["who"] == 0
    assert v.detail.startswith("That colour is not in this deck")


def test_a_same_number_turn_on_a_zero_lists_only_zeros() -> None:
    s = position(hands=["R0 G0 B5", "B1 B2"], top="Y0", same_number=0,
                 overrides={"play_same_number": True})
    assert sorted(str(m) for m in legal_moves(s, 0)) == ["K0", "P0:G0", "P0:R0"]
    v = check(s, parse_move("P0:B5"))
    assert v.facts()["card"] == C("B5") and v.facts()["number"] == 0
    assert v.detail == "A blue 5 is not a 0: you may only add another 0 or end the turn"


def test_calling_uno_a_second_time_is_refused_as_already_called() -> None:
    s = position(hands=["R1", "B1 B2"], top="R9", called=[0])
    v = check(s, parse_move("U0"))
    assert v.code.value == "E_UNO_NOT_ALLOWED" and v.facts()["form"] == "called"
    assert v.detail == "You have already called UNO"


def test_a_seat_that_is_not_a_number_is_named_in_the_error() -> None:
    s = position(hands=["R1", "B1 B2"], top="R9")
    with pytest.raises(TypeError, match="not 'x'"):
        legal_moves(s, "x")  # type: ignore[arg-type]


# --- penalty cards taken by a draw, and owed cards drawn one by one -------------------------
# docs/rules.md: draw_takes_penalty ("a draw takes a pending draw card, its first card"),
# penalty_draw = one-by-one ("one card per move ... the turn passes on once they are drawn")

def test_a_draw_that_takes_a_draw_card_at_once_follows_a_recorded_reshuffle() -> None:
    s = position(hands=["R1 R2", "G1 G2 G3"], top="R+2", discard="Y1 Y2 Y3", draw="Y4", turn=1,
                 pending=2, phase="penalty", exact_deck=True, overrides={"draw_takes_penalty": True})
    assert code(s, "A1") == "E_NO_PENALTY"
    assert check(s, parse_move("A1")).detail == \
        "Bot 1 takes the 2 cards by drawing: the first draw takes them"
    tr = apply(s, parse_move("D1"), shuffles=[[C("Y3"), C("Y1"), C("Y2")]])
    assert tr.verdict.code.value == "OK_ACCEPT"
    assert [(e.seat, e.cards) for e in tr.events if isinstance(e, CardsDrawn)] == \
        [(1, (C("Y4"), C("Y3")))]
    assert [e.seat for e in tr.events if isinstance(e, TurnSkipped)] == [1]
    assert tr.state.turn == 0


def test_owed_penalty_cards_are_drawn_one_per_move_and_then_the_turn_passes() -> None:
    s = position(hands=["R1 R2", "G1 G2 G3"], top="W+4", color="B", turn=1, pending=4,
                 phase="penalty", plus4_by=0, overrides={"penalty_draw": "one-by-one"})
    t, ev = play(s, "A1")
    assert [(e.seat, e.count, e.reason) for e in ev if isinstance(e, PenaltyApplied)] == \
        [(1, 4, "draw")]
    assert t.owed == 4 and observe(t, 0).plus4_by == -1
    for move in ("X1", "K1"):
        v = check(t, parse_move(move))
        assert v.code.value == "E_PENALTY_DRAWS_LEFT" and v.facts()["count"] == 4
        assert v.detail == "Bot 1 must first draw the 4 cards still owed"
    u, ev2 = play(t, "D1", "D1", "D1")
    assert u.owed == 1 and u.turn == 1 and not any(isinstance(e, TurnSkipped) for e in ev2)
    w, ev3 = play(u, "D1")
    assert [e.seat for e in ev3 if isinstance(e, TurnSkipped)] == [1] and w.turn == 0
    assert len(w.hands[1]) == 7


def test_a_draw_that_takes_a_draw_card_one_by_one_leaves_nothing_to_challenge() -> None:
    s = position(hands=["R1 R2", "G1 G2 G3"], top="R+2", turn=1, pending=2, phase="penalty",
                 overrides={"penalty_draw": "one-by-one", "draw_takes_penalty": True})
    t, ev = play(s, "D1")
    assert [(e.seat, e.count) for e in ev if isinstance(e, PenaltyApplied)] == [(1, 2)]
    assert t.owed == 1 and observe(t, 1).plus4_by == -1 and len(t.hands[1]) == 4


def test_others_may_call_uno_while_a_penalty_that_is_not_a_draw_cards_is_paid() -> None:
    # only the player paying such a penalty may not call meanwhile (letsuno's
    # isPayingUnoPenalty); the others may
    s = position(hands=["R1", "G1 G2 G3", "B1"], top="R9", turn=1, uncalled=[0],
                 overrides={"penalty_draw": "one-by-one", "uno_penalty": 2})
    t, _ = play(s, "C1>0")  # seat 0 was caught: seat 0 draws two, one per move
    assert t.owed == 2 and t.turn == 0 and t.owed_then >= 0
    assert code(t, "U0") == "E_UNO_NOT_ALLOWED"
    assert code(t, "U2") == "OK_UNO"


def test_under_forced_play_at_once_a_drawn_red_zero_is_the_only_card() -> None:
    # forced_play_at_once: the drawn card that fits is the only move (card number 0 included)
    s = position(hands=["R0 R5 G1", "B1 B2"], top="R9", phase="drawn", drawn="R0",
                 overrides={"forced_play": True, "forced_play_at_once": True,
                            "after_draw_play": "any-card"})
    v = check(s, parse_move("P0:R5"))
    assert v.code.value == "E_MUST_PLAY_DRAWN" and v.facts()["drawn"] == C("R0")
    assert [str(m) for m in legal_moves(s, 0) if m.kind == MoveKind.PLAY] == ["P0:R0"]


# --- the end of a round and a blocked round's event ----------------------------------------

def test_a_blocked_round_is_not_a_repeated_position_and_a_draw_says_so() -> None:
    _, ev = _blocked_round(["G1 G2", "B1 B2", "Y1"], turn=2)
    (blocked,) = [e for e in ev if isinstance(e, RoundBlocked)]
    assert not blocked.repeated
    s = position(hands=["G1 G2", "B1 B2"], top="R9", draw="Y5 Y6")
    _, ev2 = play(s, "D0")
    assert [(e.seat, e.reason) for e in ev2 if isinstance(e, CardsDrawn)] == [(0, "draw")]


def test_a_misplay_penalty_starts_the_count_of_passes_again() -> None:
    s = position(hands=["G5 B7", "B1 B2", "Y1 Y2"], top="R9", discard="Y7", exact_deck=True,
                 stuck=1, overrides={"misplay_penalty": 1})
    t, _ = play(s, "P0:G5")
    assert len(t.hands[0]) == 3 and t.stuck == 0


def test_after_a_round_no_jump_in_window_is_open() -> None:
    s = position(hands=["R1", "G1 G2"], top="R5", overrides={"jump_in": True,
                                                             "jump_in_window": "while-on-top"})
    t, _ = play(s, "P0:R1")
    assert t.phase >= Phase.ROUND_OVER and not observe(t, 1).jump_window
    assert code(t, "P1:G1") == "E_ROUND_OVER"
    assert check(t, parse_move("P1:G1")).facts()["winner"] == 0


def test_a_pile_turned_over_takes_the_colour_of_its_new_first_card_and_closes_jump_ins() -> None:
    s = position(hands=["R1 R2", "G1 G2 G3"], top="R9", discard="B5 Y6 G7", draw="",
                 exact_deck=True, jump_window=True, last_player=1,
                 overrides={"reshuffle": "turn-over", "jump_in": True,
                            "jump_in_window": "while-on-top"})
    t, _ = play(s, "D0")
    assert t.color == COLOR_OF[C("B5")] and not t.jump_window
    w = position(hands=["R1 R2", "G1 G2 G3"], top="R9", discard="W Y6 G7", draw="",
                 exact_deck=True, overrides={"reshuffle": "turn-over"})
    u, _ = play(w, "D0")
    assert u.discard == [C("W")] and u.color == COLOR_OF[C("R9")]  # a wild names no colour


# --- more refusals that name their mover and their facts -----------------------------------

def test_more_refusals_name_the_mover_and_say_what_was_wrong() -> None:
    wild = position(hands=["W R1", "G1 G2 G3"], top="R9")
    bad_colour = check(wild, Move(MoveKind.PLAY, 0, C("W"), 9, -1, False))
    assert bad_colour.code.value == "E_COLOR_NOT_ALLOWED" and bad_colour.facts()["who"] == 0
    no_uno = position(hands=["R1", "G1 G2", "B1 B2"], top="R9", turn=1,
                      overrides={"uno_call": False})
    v = check(no_uno, parse_move("C2>0"))
    assert v.code.value == "E_UNO_DISABLED" and v.facts()["who"] == 2
    seven = position(hands=["R7 G3 B4", "G1 G2 G3", ""], top="R9", out=[2],
                     scores=[0, 0, 300], overrides={"seven_swap": True, "scoring": "elimination",
                                                    "elimination_threshold": 250})
    for move, form in (("P0:R7>0", "self"), ("P0:R7>2", None), ("P0:R7>7", None)):
        v = check(seven, parse_move(move))
        assert v.code.value == "E_SWAP_TARGET_INVALID" and v.facts()["who"] == 0, move
        if form:
            assert v.facts()["form"] == form
        else:
            assert v.facts()["target"] == int(move[-1]), move


def test_a_wild_jumped_in_with_an_uno_call_that_leaves_two_cards_is_refused_for_the_call() -> None:
    s = position(hands=["G1 G2", "W Y1 Y2", "B1 B2"], top="W", color="R", turn=2,
                 jump_window=True, last_player=0,
                 overrides={"jump_in": True, "jump_in_wild": True, "no_wild_finish": True})
    assert code(s, "P1:W=G!") == "E_UNO_NOT_ALLOWED"


# --- the events of a catch and of a challenge ----------------------------------------------
# events.PenaltyApplied: who drew, how many, why, and the seat that caused it

def test_a_catch_charges_the_caught_player_across_a_recorded_reshuffle() -> None:
    s = position(hands=["R1", "G1 G2", "B1 B2"], top="R9", discard="Y1 Y2 Y3", draw="", turn=1,
                 uncalled=[0], exact_deck=True)
    tr = apply(s, parse_move("C2>0"), shuffles=[[C("Y3"), C("Y1"), C("Y2")]])
    (penalty,) = [e for e in tr.events if isinstance(e, PenaltyApplied)]
    assert (penalty.seat, penalty.count, penalty.reason, penalty.by) == (0, 2, "uno", 2)
    assert [(e.seat, e.cards, e.reason) for e in tr.events if isinstance(e, CardsDrawn)] == \
        [(0, (C("Y3"), C("Y1")), "uno")]


@pytest.mark.parametrize("one_by_one", [False, True])
def test_a_challenge_charges_the_bluffer_or_the_challenger_and_says_who_caused_it(
        one_by_one: bool) -> None:
    rules = {"penalty_draw": "one-by-one"} if one_by_one else {}
    bluff = position(hands=["R3 W+4 Y1", "G1 G2", "Y5 Y6"], top="B7", color="R", overrides=rules)
    _, ev = play(bluff, "P0:W+4=G", "X1")
    assert [(e.seat, e.count, e.reason, e.by) for e in ev if isinstance(e, PenaltyApplied)] == \
        [(0, 4, "challenge", 1)]
    honest = position(hands=["B3 W+4 Y1", "G1 G2", "Y5 Y6"], top="B7", color="R",
                      overrides=rules)
    t, ev2 = play(honest, "P0:W+4=G", "X1")
    assert [(e.seat, e.count, e.reason, e.by) for e in ev2 if isinstance(e, PenaltyApplied)] == \
        [(1, 6, "challenge", 0)]
    if not one_by_one:
        assert [(e.seat, len(e.cards), e.reason) for e in ev2 if isinstance(e, CardsDrawn)] == \
            [(1, 6, "challenge")]
        assert [(e.seat, e.reason) for e in ev if isinstance(e, CardsDrawn)] == [(0, "challenge")]
    else:
        assert t.owed == 6


def test_after_a_challenge_the_next_draw_card_makes_its_own_penalty() -> None:
    s = position(hands=["B3 W+4 Y1", "G1 G2", "G+2 Y6"], top="B7", color="R")
    t, _ = play(s, "P0:W+4=G", "X1")  # not a bluff: seat 1 draws 6, seat 2 is on turn
    assert t.pending == 0 and t.turn == 2
    u, _ = play(t, "P2:G+2")  # official: seat 0 draws two at once and misses the turn
    assert u.pending == 0 and len(u.hands[0]) == 4 and u.turn == 1


def test_accepting_owed_cards_names_no_one_as_their_cause() -> None:
    s = position(hands=["R1 R2", "G1 G2 G3"], top="R+2", turn=1, pending=2, phase="penalty",
                 overrides={"penalty_draw": "one-by-one"})
    _, ev = play(s, "A1")
    assert [(e.seat, e.count, e.by) for e in ev if isinstance(e, PenaltyApplied)] == [(1, 2, -1)]


def test_the_words_of_a_refused_draw_and_of_a_forbidden_last_card() -> None:
    s = position(hands=["R1 R2 B3", "G1 G2 G3"], top="R9", draw="Y5",
                 overrides={"may_draw_when_playable": False})
    v = check(s, parse_move("D0"))
    assert v.code.value == "E_MUST_PLAY" and v.facts()["alternative"] == C("R1")
    assert v.detail == "You can play a red 1, so drawing is not allowed"
    w = position(hands=["W", "G1 G2 G3"], top="R9", overrides={"no_wild_finish": True})
    f = check(w, parse_move("P0:W=G"))
    assert f.code.value == "P_FINISH" and f.facts()["form"] == "wild"
    assert f.detail == "You may not go out on a wild card: you take the Wild back and draw 1 card"


def test_a_wild_jumped_in_that_is_not_the_last_card_is_a_plain_jump_in() -> None:
    # no_wild_finish concerns only the last card: a Wild jumped in with more cards left is fine
    s = position(hands=["G1 G2", "W Y1", "B1 B2"], top="W", color="R", turn=2,
                 jump_window=True, last_player=0,
                 overrides={"jump_in": True, "jump_in_wild": True, "no_wild_finish": True})
    assert code(s, "P1:W=G") == "OK_JUMP_IN"


def test_catching_yourself_is_refused_with_the_facts_of_that_refusal() -> None:
    s = position(hands=["R1", "G1 G2", "B1 B2"], top="R9", turn=1, uncalled=[0])
    v = check(s, parse_move("C0>0"))
    assert v.code.value == "E_NO_ONE_TO_CATCH"
    assert {k: f for k, f in v.facts().items() if k != "names"} == {"who": 0, "form": "self"}


def test_a_wild_draw_four_is_a_last_resort_facing_a_draw_card_too() -> None:
    # wild_last_resort: a wild only when no other card may be played; facing a Draw Two, a
    # Draw Two that may be stacked on it is such a card
    s = position(hands=["W+4 G+2", "G1 G2"], top="R+2", pending=2, phase="penalty",
                 overrides={"wild_last_resort": True, "stack_draw_two_on_draw_two": True,
                            "stack_draw_four_on_draw_two": True})
    v = check(s, parse_move("P0:W+4=B"))
    assert v.code.value == "E_WILD_NOT_LAST_RESORT" and v.facts()["alternative"] == C("G+2")
    assert code(s, "P0:G+2") == "OK_STACK"
    alone = position(hands=["W+4 G5", "G1 G2"], top="R+2", pending=2, phase="penalty",
                     overrides={"wild_last_resort": True, "stack_draw_two_on_draw_two": True,
                                "stack_draw_four_on_draw_two": True})
    assert code(alone, "P0:W+4=B") == "OK_STACK"  # a green 5 does not answer a Draw Two


# --- the survivors of the sixth session's legality sample (docs/core.md) -------------------

def test_a_wild_with_a_colour_the_deck_lacks_names_the_colours_to_choose() -> None:
    s = position(hands=["W R1", "G1 G2 G3"], top="R9")
    v = check(s, Move(MoveKind.PLAY, 0, C("W"), 9, -1, False))
    assert v.code.value == "E_COLOR_NOT_ALLOWED"
    assert v.detail == "That colour is not in this deck: choose red, yellow, green or blue"


def test_a_draw_card_jumped_in_as_the_last_card_names_that_card() -> None:
    # no_draw_card_finish: nobody goes out on a draw card, a jump-in included
    s = position(hands=["G1 G2", "R+2", "B1 B2"], top="R+2", turn=2, jump_window=True,
                 last_player=0, overrides={"jump_in": True, "no_draw_card_finish": True})
    v = check(s, parse_move("P1:R+2"))
    assert v.code.value == "P_FINISH" and v.facts()["card"] == C("R+2")
    assert v.detail == ("Bot 1 may not go out on a draw card: they take the red Draw Two back "
                        "and draw 1 card")


def test_a_seat_outside_the_table_or_a_game_that_is_over_has_no_moves() -> None:
    s = position(hands=["R1 G2", "B1 B2", "Y1"], top="R9", uncalled=[2])
    assert legal_moves(s, 0) and legal_moves(s, 1)  # a catch, at least
    for seat in (-1, -3, 3, 99):
        assert legal_moves(s, seat) == []
    over, _ = play(position(hands=["R1", "B1 B2"], top="R9",
                            overrides={"target_score": 1}), "P0:R1")
    assert over.phase == Phase.GAME_OVER
    assert legal_moves(over, 0) == [] and legal_moves(over, 1) == []


def test_can_play_says_what_was_wrong_with_a_seat_that_is_not_a_number() -> None:
    s = position(hands=["R1 G2", "B1 B2"], top="R9")
    with pytest.raises(TypeError, match=r"^seat must be a whole number, not 'x'$"):
        can_play(s, "x", C("R1"))  # type: ignore[arg-type]


def test_a_player_caught_by_seat_0_may_not_call_uno_while_paying() -> None:
    # letsuno's isPayingUnoPenalty: seat 1, caught by seat 0 (on turn), draws two one per move
    # and the turn then goes back to seat 0 (a seat numbered 0); meanwhile no UNO call
    s = position(hands=["R1 G2 G3", "G1", "Y5 Y6"], top="R9", uncalled=[1],
                 overrides={"penalty_draw": "one-by-one", "uno_penalty": 2})
    t, _ = play(s, "C0>1")
    assert t.owed == 2 and t.turn == 1 and t.owed_then == 0
    v = check(t, parse_move("U1"))
    assert v.code.value == "E_UNO_NOT_ALLOWED" and v.facts()["form"] == "owed"
    assert v.detail == "Bot 1 cannot call UNO while drawing penalty cards"


def test_a_second_uno_call_is_refused_in_words() -> None:
    s = position(hands=["R1", "G1 G2", "B1 B2"], top="R9", turn=1)
    t, _ = play(s, "U0")
    v = check(t, parse_move("U0"))  # one card: UNO could be called, but it was
    assert v.code.value == "E_UNO_NOT_ALLOWED" and v.facts()["form"] == "called"
    assert v.detail == "You have already called UNO"
    # a call that stands (made with two cards) and no second one, even where none could be
    # made: two cards, not on turn
    two = position(hands=["R1 R2", "G1 G2", "B1 B2"], top="R9", turn=1, called=[0],
                   overrides={"uno_call_with_two": True})
    w = check(two, parse_move("U0"))
    assert w.code.value == "E_UNO_NOT_ALLOWED" and w.facts()["form"] == "called"
    assert w.detail == "You have already called UNO"
