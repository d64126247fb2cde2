"""House rules that make a mistake cost cards instead of refusing it (issue 15): a misplayed
card, going out on a wild or a draw card, a false catch and a groundless UNO call. Each is a
``P_`` verdict: accepted at a cost, never in ``legal_moves``, and the toggle is named."""

from __future__ import annotations

import pytest

from uno_web.core import Phase, apply, check, legal_moves, parse_move
from uno_web.core.events import PenaltyApplied
from uno_web.core.moves import MoveKind

from .scenario import code, play, position


def verdict(s, move):
    return check(s, parse_move(move))


# --- a misplayed card -------------------------------------------------------------------------

def test_a_misplay_is_refused_by_default():
    s = position(hands=["R5 B1 B2", "G1 G2", "Y5 Y6"], top="B9")
    assert code(s, "P0:R5") == "E_NO_MATCH"


@pytest.mark.parametrize("count", [1, 3])
def test_a_misplay_costs_the_penalty_and_ends_the_turn(count):
    s = position(hands=["R5 B1 B2", "G1 G2", "Y5 Y6"], top="B9",
                 overrides={"misplay_penalty": count})
    v = verdict(s, "P0:R5")
    assert v.ok and v.penalized and v.code.value == "P_MISPLAY"
    assert v.rule == f"misplay_penalty = {count}"
    assert "matches neither" in v.detail and "take the red 5 back" in v.detail
    assert parse_move("P0:R5") not in legal_moves(s, 0)  # legal moves never cost cards
    before = list(s.hands[0])
    s2, ev = play(s, "P0:R5")
    assert s2.discard[-1] == s.discard[-1]  # the card went back to the hand
    assert len(s2.hands[0]) == len(before) + count and all(c in s2.hands[0] for c in before)
    assert s2.turn == 1 and s2.phase == Phase.PLAY
    assert [e.reason for e in ev if isinstance(e, PenaltyApplied)] == ["misplay"]
    assert s.hands[0] == before  # apply never changes its input


def test_a_strict_wild_draw_four_is_a_misplay_too():
    s = position(hands=["W+4 B1 R2", "G1 G2", "Y5 Y6"], top="B9",
                 overrides={"misplay_penalty": 2, "wild_draw_four": "strict"})
    assert code(s, "P0:W+4=R") == "P_MISPLAY"
    assert code(s, "P0:W+4") == "E_WILD_COLOR_MISSING"  # a move without its colour stays refused


def test_misplays_cost_only_on_a_normal_turn():
    rules = {"misplay_penalty": 1}
    # out of turn: refused, not penalized
    s = position(hands=["R5 B1 B2", "G1 G2", "Y5 Y6"], top="B9", overrides=rules)
    assert code(s, "P1:G1") == "E_NOT_TURN"
    # after drawing: only the drawn card may be played
    s = position(hands=["R5 B1", "G1 G2", "Y5 Y6"], top="B9", draw="B3", overrides=rules)
    s, _ = play(s, "D0")
    assert s.phase == Phase.DRAWN and code(s, "P0:R5") == "E_ONLY_DRAWN_CARD"
    # facing a draw card: a card that does not answer it is refused
    s = position(hands=["R+2 R1 R3", "G5 G6", "Y5 Y6"], top="R9",
                 overrides={**rules, "stack_draw_two_on_draw_two": True})
    s, _ = play(s, "P0:R+2")
    assert s.phase == Phase.PENALTY and code(s, "P1:G5") in ("E_PENALTY_NOT_ANSWERED", "E_NO_MATCH")
    # a card not in the hand is refused
    s = position(hands=["R5 B1 B2", "G1 G2", "Y5 Y6"], top="B9", overrides=rules)
    assert code(s, "P0:G7") == "E_CARD_NOT_OWNED"


# --- going out on a wild or a draw card ----------------------------------------------------

@pytest.mark.parametrize("rule, card, form", [
    ("no_wild_finish", "W=R", "wild"), ("no_wild_finish", "W+4=R", "wild"),
    ("no_draw_card_finish", "B+2", "draw"), ("no_draw_card_finish", "W+4=R", "draw"),
])
def test_going_out_on_a_forbidden_last_card_costs_one_card(rule, card, form):
    s = position(hands=[card.split("=")[0], "G1 G2", "Y5 Y6"], top="B9",
                 overrides={rule: True, "uno_call": False})
    v = verdict(s, f"P0:{card}")
    assert v.code.value == "P_FINISH" and v.penalized and v.rule == f"{rule} = true"
    assert ("wild card" if form == "wild" else "draw card") in v.detail
    assert not [m for m in legal_moves(s, 0) if m.kind == MoveKind.PLAY]
    assert parse_move("D0") in legal_moves(s, 0)
    s2, _ = play(s, f"P0:{card}")
    assert len(s2.hands[0]) == 2 and s2.turn == 1 and s2.phase == Phase.PLAY
    assert s2.round_winner == -1 or s2.phase < Phase.ROUND_OVER


def test_the_rules_are_off_by_default_and_only_touch_the_last_card():
    s = position(hands=["W", "G1 G2", "Y5 Y6"], top="B9", overrides={"uno_call": False})
    assert code(s, "P0:W=R") == "OK_PLAY"
    s = position(hands=["W B1", "G1 G2", "Y5 Y6"], top="B9", overrides={"no_wild_finish": True})
    assert code(s, "P0:W=R") == "OK_PLAY"
    s = position(hands=["B+2", "G1 G2", "Y5 Y6"], top="B9",
                 overrides={"no_wild_finish": True, "uno_call": False})
    assert code(s, "P0:B+2") == "OK_PLAY"  # a Draw Two is not a wild


def test_a_forbidden_last_card_facing_a_draw_card_also_takes_it():
    s = position(hands=["R+2 R1 R3", "B+2", "Y5 Y6"], top="R9",
                 overrides={"no_draw_card_finish": True, "stack_draw_two_on_draw_two": True,
                            "uno_call": False})
    s, _ = play(s, "P0:R+2")
    assert code(s, "P1:B+2") == "P_FINISH"
    s, ev = play(s, "P1:B+2")
    assert len(s.hands[1]) == 1 + 1 + 2 and s.turn == 2 and s.pending == 0
    assert [e.reason for e in ev if isinstance(e, PenaltyApplied)] == ["finish", "draw"]


def test_a_forbidden_last_card_as_a_jump_in_costs_one_card():
    s = position(hands=["B+2 R1 R3", "G1 G2", "Y5 Y6", "B+2"], top="B9",
                 overrides={"no_draw_card_finish": True, "jump_in": True, "uno_call": False})
    s, _ = play(s, "P0:B+2")
    assert s.turn == 2
    assert code(s, "P3:B+2") == "P_FINISH"
    assert parse_move("P3:B+2") not in legal_moves(s, 3)
    s2, _ = play(s, "P3:B+2")
    assert len(s2.hands[3]) == 2 and s2.turn == 2  # the turn order is untouched


# --- a false catch and a groundless UNO call ----------------------------------------------

def test_a_false_catch_costs_the_catcher():
    s = position(hands=["R5 B1 B2", "G1", "Y5 Y6"], top="B9", uncalled=[])
    assert code(s, "C0>1") == "E_NO_ONE_TO_CATCH"
    s = position(hands=["R5 B1 B2", "G1", "Y5 Y6"], top="B9", overrides={"false_catch_penalty": 2})
    v = verdict(s, "C0>1")
    assert v.code.value == "P_FALSE_CATCH" and v.rule == "false_catch_penalty = 2"
    assert "false catch" in v.detail
    s2, ev = play(s, "C0>1")
    assert len(s2.hands[0]) == 5 and len(s2.hands[1]) == 1 and s2.turn == s.turn
    assert [e.reason for e in ev if isinstance(e, PenaltyApplied)] == ["false_catch"]
    # catching yourself or a seat that is not at the table stays refused
    assert code(s, "C0>0") == "E_NO_ONE_TO_CATCH" and code(s, "C0>7") == "E_NO_ONE_TO_CATCH"


def test_a_groundless_uno_call_costs_the_caller():
    s = position(hands=["R5 B1 B2", "G1 G2", "Y5 Y6"], top="B9")
    assert code(s, "U0") == "E_UNO_NOT_ALLOWED"
    s = position(hands=["R5 B1 B2", "G1 G2", "Y5 Y6"], top="B9", overrides={"false_uno_penalty": 1})
    assert code(s, "U0") == "P_FALSE_UNO" and code(s, "U1") == "P_FALSE_UNO"
    s2, _ = play(s, "U1")
    assert len(s2.hands[1]) == 3 and s2.turn == 0 and not s2.called[1]
    # strict timing: two cards on your turn is a groundless call too
    s = position(hands=["R5 B1", "G1 G2", "Y5 Y6"], top="B9",
                 overrides={"false_uno_penalty": 2, "uno_call_with_two": False})
    assert code(s, "U0") == "P_FALSE_UNO"
    s = position(hands=["R5 B1", "G1 G2", "Y5 Y6"], top="B9", overrides={"false_uno_penalty": 2})
    assert code(s, "U0") == "OK_UNO"


def test_penalized_moves_replay_from_a_log():
    from uno_web.core import RuleSet
    from uno_web.core.gamelog import GameRecorder, validate_log

    rules = RuleSet(false_catch_penalty=1, false_uno_penalty=1)
    rec = GameRecorder(rules, 3, 5)
    seat = rec.state.turn
    before = [len(h) for h in rec.state.hands]
    # a groundless call and a false catch, then a legal move: the log replays all three
    rec.apply(parse_move(f"U{(seat + 1) % 3}"))
    rec.apply(parse_move(f"C{seat}>{(seat + 2) % 3}"))
    rec.apply(legal_moves(rec.state, rec.state.turn)[0])
    assert len(rec.state.hands[(seat + 1) % 3]) == before[(seat + 1) % 3] + 1
    report = validate_log(rec.to_json())
    assert report.valid, report.failure
    assert report.actions_checked == 3


def test_an_accepted_verdict_words_itself_when_read_and_equals_checks():
    """apply's verdict (a LazyVerdict: its words made when first read) equals check's, and
    copies and pickles as the plain verdict it is."""
    import copy
    import pickle

    from uno_web.core.reasons import LazyVerdict, Verdict

    s = position(hands=["R5 B1 B2", "G1 G2", "Y5 Y6"], top="R9")
    t = apply(s, parse_move("P0:R5"))
    assert isinstance(t.verdict, LazyVerdict)
    assert t.verdict == check(s, parse_move("P0:R5"))
    assert t.verdict.message == "OK_PLAY: You played red 5; colour red; next: Bot 1"
    for other in (pickle.loads(pickle.dumps(t.verdict)), copy.deepcopy(t.verdict)):
        assert type(other) is Verdict and other == t.verdict and hash(other) == hash(t.verdict)
