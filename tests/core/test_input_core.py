"""Issue 20: every outside value that reaches the core is answered clearly.

``parse_move`` raises only :class:`MoveError`; ``check`` gives a verdict for any value and agrees
with ``legal_moves``; ``apply`` raises only ``IllegalMove`` for a move; ``legal_moves``,
``observe``, ``new_game``, ``next_seat``, ``hand_points`` raise only ``TypeError``/``ValueError``
with a short message. The first tests are the failures a tester found; the Hypothesis tests
look for more.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from uno_web.core import (
    PRESETS, GameState, IllegalMove, Move, MoveError, MoveKind, Phase, Reason, RuleSet, apply,
    check, deck_cards, hand_points, legal_moves, new_game, next_seat, observe, parse_move,
)
from uno_web.core.cards import ALL_CARDS
from uno_web.core.engine import can_play, step
from uno_web.core.moves import MAX_MOVE_LENGTH, shape_problem
from uno_web.core.reasons import QUOTE_LIMIT, quote_value

from .scenario import play, position

# a message quotes at most QUOTE_LIMIT characters of a value, plus the quotes and the ellipsis
LONG = "x" * 5000

# ------------------------------------------------------------------------------------------
# the tester's findings, one test each (each failed before the fix)
# ------------------------------------------------------------------------------------------


def test_parse_move_of_a_huge_number_is_a_move_error_not_an_int_conversion_error():
    with pytest.raises(MoveError) as exc:
        parse_move("D" + "9" * 5000)
    assert len(str(exc.value)) < 200


@pytest.mark.parametrize("text", ["P\u0663:R7", "D\u0661", "C\uff11>0", "P0:R7>\u0663", "O\u0660=R"])
def test_parse_move_reads_ascii_digits_only(text):
    with pytest.raises(MoveError):
        parse_move(text)


def test_parse_move_refuses_long_text_and_quotes_only_an_excerpt():
    with pytest.raises(MoveError) as exc:
        parse_move("P0:" + LONG)
    assert len(str(exc.value)) < 200 and "\u2026" in str(exc.value)
    with pytest.raises(MoveError):
        parse_move("D0" + " " * 10 + "0" * MAX_MOVE_LENGTH)


def _penalty_state() -> GameState:
    s = position(hands=["R+2 R1", "B5 B6"], top="R9", overrides={"stack_draw_two_on_draw_two": True})
    s, _ = play(s, "P0:R+2")
    assert s.phase == Phase.PENALTY
    return s


def test_check_of_a_draw_with_card_none_in_a_penalty_phase_is_a_verdict():
    s = _penalty_state()
    for move in (Move(MoveKind.DRAW, 1, None), Move(MoveKind.PASS, 1, -1, None),
                 Move(MoveKind.ACCEPT, 1, -1, -1, None), Move(MoveKind.PLAY, 1, None)):
        v = check(s, move)
        assert v.code == Reason.E_MALFORMED and "None" in v.detail


def test_check_refuses_junk_in_fields_a_move_does_not_use():
    s = position(hands=["R1 R2", "B5 B6"], top="R9")
    assert check(s, Move(MoveKind.DRAW, 0)).ok
    cases = [
        Move(MoveKind.DRAW, 0, -1, -1, -2),
        Move(MoveKind.DRAW, 0, 5),
        Move(MoveKind.DRAW, 0, -1, 2),
        Move(MoveKind.DRAW, 0, -1, -1, -1, True),
        Move(MoveKind.CALL_UNO, 0, -1, -1, 1),
        Move(MoveKind.CATCH, 0, 3, -1, 1),
    ]
    for move in cases:
        v = check(s, move)
        assert v.code == Reason.E_MALFORMED, (move, v)
        assert move not in legal_moves(s, 0)
        assert v.detail.startswith(("A ", "An ")) and "must be" in v.detail
    detail = check(s, cases[0]).detail
    assert detail == "A draw takes no player: the move's target must be -1, not -2"


def test_a_play_with_a_negative_colour_or_target_other_than_minus_one_is_refused():
    s = position(hands=["R1 R2", "B5 B6"], top="R9")
    assert check(s, Move.play(0, parse_move("P0:R1").card)).ok
    r1 = parse_move("P0:R1").card
    assert check(s, Move.play(0, r1, -2)).code == Reason.E_COLOR_NOT_ALLOWED
    assert check(s, Move.play(0, r1, -1, -7)).code == Reason.E_TARGET_NOT_ALLOWED
    w = position(hands=["W R2", "B5 B6"], top="R9")
    wild = parse_move("P0:W=R").card
    assert check(w, Move.play(0, wild, -2)).code == Reason.E_COLOR_NOT_ALLOWED
    assert check(w, Move.play(0, wild, -1)).code == Reason.E_WILD_COLOR_MISSING
    seven = position(hands=["R7 R2", "B5 B6"], top="R9", overrides={"seven_zero": True})
    r7 = parse_move("P0:R7>1").card
    assert check(seven, Move.play(0, r7, -1, -2)).code == Reason.E_SWAP_TARGET_INVALID
    assert check(seven, Move.play(0, r7, -1, -1)).code == Reason.E_SWAP_TARGET_MISSING


def test_new_game_with_cards_not_in_the_deck_is_a_value_error_that_says_so():
    with pytest.raises(ValueError) as exc:
        new_game(deck_order=[999] * 108)
    assert "card 999 is not in the UNO deck" in str(exc.value)
    with pytest.raises(ValueError, match="108 cards"):
        new_game(deck_order=[0] * 5)
    with pytest.raises(TypeError, match="deck_order"):
        new_game(deck_order=["R7"] * 108)


def test_observe_refuses_a_seat_out_of_range():
    s = new_game(seed=1)
    for seat in (-1, -2, 2, 10**30):
        with pytest.raises(ValueError, match="seat"):
            observe(s, seat)
    with pytest.raises(TypeError, match="seat"):
        observe(s, "0")  # type: ignore[arg-type]
    assert observe(s, 1).hand == tuple(s.hands[1])


def test_can_play_for_a_seat_not_at_the_table_is_false_not_the_last_seat():
    s = position(hands=["R1 R2", "B5 R6"], top="R9", turn=1)
    assert can_play(s, 1, parse_move("P1:R6").card)
    assert not can_play(s, -1, parse_move("P1:R6").card)


def test_next_seat_refuses_negative_steps_instead_of_looping_for_ever():
    s = new_game(seed=1)
    with pytest.raises(ValueError, match="steps"):
        next_seat(s, 0, -1)
    with pytest.raises(ValueError, match="seat"):
        next_seat(s, -1)
    assert next_seat(s, 0) == 1 and next_seat(s, 1, 0) == 1


def test_hand_points_refuses_what_is_not_a_card():
    with pytest.raises(ValueError, match="not a card: -1"):
        hand_points([-1])  # used to count the last entry of the points table
    assert hand_points([parse_move("P0:R7").card]) == 7


def test_new_game_refuses_silent_conversions():
    with pytest.raises(TypeError, match="seed"):
        new_game(seed="5")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seed"):
        new_game(seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="players"):
        new_game(players="ab")  # a text is not a list of names
    with pytest.raises(TypeError, match="name"):
        new_game(players=[1, 2])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="40 characters"):
        new_game(players=[LONG, "b"])
    with pytest.raises(TypeError, match="RuleSet"):
        new_game(rules="official")  # type: ignore[arg-type]


def test_apply_refuses_shuffles_that_are_not_pile_orders():
    s = position(hands=["R1 R2", "B5 B6"], top="R9")
    with pytest.raises(TypeError, match="shuffles"):
        apply(s, parse_move("D0"), shuffles=5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="pile order"):
        apply(s, parse_move("D0"), shuffles=[["R7"]])  # type: ignore[list-item]
    empty = position(hands=["R1 R2", "B5 B6"], top="R9")
    empty.discard = empty.draw[::-1] + empty.discard
    empty.draw = []
    with pytest.raises(IllegalMove) as exc:
        apply(empty, parse_move("D0"), shuffles=[[999] * 100])
    assert exc.value.verdict.code == Reason.E_RESHUFFLE_NOT_PERMUTATION
    assert "card 999" in exc.value.verdict.message


def test_str_of_any_move_never_raises_and_notation_reads_back():
    assert str(Move(99, 0)) == "Move(kind=99, seat=0, card=-1, color=-1, target=-1, uno=False)"
    assert "about 5001 digits" in str(Move(0, 10**5000, 5))
    # a move with no notation is written as its fields by notation() too, which never raises
    bad = Move(MoveKind.DRAW, 0, -1, -1, -2)  # "D0" would read back as another move
    assert bad.notation() == str(bad) and bad.notation().startswith("Move(kind=")
    assert "target" in bad.notation_problem()
    no_color = Move(MoveKind.CHOOSE_COLOR, 0)  # no colour to write
    assert no_color.notation().startswith("Move(kind=") and no_color.notation_problem()
    assert parse_move("O0=R").notation_problem() == ""
    for text in ("P0:W=G>1!", "O3=B", "C1>2", "N0", "P9:queen of diamonds=diamonds>9!"):
        move = parse_move(text)
        assert parse_move(move.notation()) == move


def test_quote_value_is_short():
    assert quote_value(LONG) == repr("x" * QUOTE_LIMIT + "\u2026")
    assert quote_value(10**5000) == "a number of about 5001 digits"
    assert quote_value(None) == "None" and quote_value([1]) == "a list" and quote_value(3) == "3"


# ------------------------------------------------------------------------------------------
# Hypothesis: arbitrary values
# ------------------------------------------------------------------------------------------

_RULES = [
    PRESETS["official"],
    PRESETS["house-party"],
    PRESETS["playing-cards"],
    RuleSet(seven_swap=True, zero_rotate=True, jump_in=True, stack_draw_two_on_draw_two=True,
            stack_draw_four_on_draw_four=True, uno_catch_window="next-turn-end"),
    RuleSet(wild_draw_four="strict", wild_last_resort=True, no_action_card_last=True,
            forced_play=True, may_draw_when_playable=False, escalating_stack=True,
            wild_draws_one=True, first_card="lead-any"),
]


@lru_cache(maxsize=1)
def _states() -> tuple[GameState, ...]:
    """States from random games under varied rules: every phase, turns of every seat."""
    out: list[GameState] = []
    for i, rules in enumerate(_RULES):
        for seed in range(3):
            players = 2 + (seed + i) % 3
            s = new_game(rules, players, seed)
            rng = random.Random(seed)
            for k in range(300):
                if k % 7 == 0 or s.phase in (Phase.PENALTY, Phase.DRAWN, Phase.CHOOSE_COLOR):
                    out.append(s.copy())
                if s.phase == Phase.GAME_OVER:
                    break
                movers = [t for t in range(s.n) if legal_moves(s, t)]
                seat = s.turn if s.turn in movers else movers[0]
                moves = [m for t in movers for m in legal_moves(s, t)]
                mine = [m for m in moves if m.seat == seat]
                step(s, rng.choice(mine if rng.random() < 0.8 else moves))
    assert {st_.phase for st_ in out} >= {Phase.PLAY, Phase.DRAWN, Phase.PENALTY, Phase.ROUND_OVER}
    return tuple(out)


JUNK = st.one_of(
    st.none(), st.floats(allow_nan=True), st.text(max_size=6), st.just(LONG),
    st.lists(st.integers(), max_size=2), st.just(10**5000), st.just(-(10**5000)),
    st.integers(), st.binary(max_size=3), st.just(object()),
)
SMALL = st.one_of(st.just(-1), st.integers(-3, 12))
CARD = st.one_of(st.sampled_from(ALL_CARDS), st.integers(-3, 300))


def _field(good, empty=-1):  # type: ignore[no-untyped-def]
    return st.one_of(st.just(empty), good, good, JUNK, st.booleans())


SEAT = st.one_of(st.integers(0, 3), SMALL)
ANY_MOVE = st.one_of(
    # every field arbitrary
    st.builds(Move, _field(st.one_of(st.sampled_from(MoveKind), st.integers(-2, 10))),
              _field(SMALL), _field(CARD), _field(SMALL), _field(SMALL),
              st.one_of(st.booleans(), st.integers(-1, 2), JUNK)),
    # as the constructors build them, with values in and out of range
    st.builds(Move, st.sampled_from(MoveKind), SEAT),
    st.builds(Move.play, SEAT, CARD, SMALL, SMALL, st.booleans()),
    st.builds(Move.choose_color, SEAT, SMALL),
    st.builds(Move.catch, SEAT, SMALL),
)


@st.composite
def state_and_move(draw):  # type: ignore[no-untyped-def]
    states = _states()
    s = draw(st.sampled_from(states))
    legal = [m for t in range(s.n) for m in legal_moves(s, t)]
    if legal and draw(st.booleans()):
        # a legal move with one field changed: the interesting border
        base = draw(st.sampled_from(legal))
        i = draw(st.integers(0, 5))
        value = draw(st.one_of(SMALL, CARD, JUNK, st.booleans()))
        move = Move(*(value if j == i else f for j, f in enumerate(base)))
    else:
        move = draw(ANY_MOVE)
    return s, move


def _plain(move: Move) -> bool:
    """Every field a whole number (bools are ints): Python's tuple equality is exact then."""
    return all(isinstance(f, int) for f in move)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state_and_move())
def test_check_gives_a_verdict_for_any_move_and_agrees_with_legal_moves(sm):
    s, move = sm
    snap = s.snapshot()
    v = check(s, move)  # never raises
    text = v.message  # every verdict can be read...
    assert len(text) < 400, text  # ...and never quotes a huge value
    v.to_dict()
    if _plain(move):
        seat = move.seat
        legal = legal_moves(s, seat)
        assert v.ok == (move in legal), (s, move, v)
    else:
        assert v.code == Reason.E_MALFORMED, (move, v)
    assert (shape_problem(move) is None) or v.code == Reason.E_MALFORMED
    assert s.snapshot() == snap


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state_and_move())
def test_apply_raises_only_illegal_move_and_never_changes_the_state(sm):
    s, move = sm
    snap = s.snapshot()
    try:
        t = apply(s, move)
    except IllegalMove as exc:
        assert not check(s, move).ok and exc.verdict == check(s, move)
    else:
        assert t.verdict.ok and check(s, move).ok
    assert s.snapshot() == snap


@settings(max_examples=300, deadline=None)
@given(seat=st.one_of(st.integers(), JUNK, st.booleans()), i=st.integers(0, 10**6))
def test_legal_moves_and_observe_of_any_seat(seat, i):
    states = _states()
    s = states[i % len(states)]
    try:
        moves = legal_moves(s, seat)
    except TypeError as exc:
        assert not isinstance(seat, int) and len(str(exc)) < 200
    else:
        assert isinstance(seat, int)
        assert moves == [] or 0 <= seat < s.n
    try:
        obs = observe(s, seat)
    except (TypeError, ValueError) as exc:
        assert not (isinstance(seat, int) and 0 <= seat < s.n) and len(str(exc)) < 200
    else:
        assert obs.hand == tuple(s.hands[seat])


@settings(max_examples=300, deadline=None)
@given(
    rules=st.one_of(st.none(), st.sampled_from(sorted(PRESETS)).map(PRESETS.__getitem__), JUNK),
    players=st.one_of(st.integers(-2, 12), st.lists(st.one_of(st.text(max_size=45), JUNK), max_size=12), JUNK),
    seed=st.one_of(st.integers(), JUNK),
    deck_order=st.one_of(st.none(), st.lists(CARD, max_size=120), JUNK,
                         st.permutations(deck_cards("uno")).map(list)),
    events=st.one_of(st.none(), st.just([]), JUNK),
)
def test_new_game_raises_only_type_or_value_errors(rules, players, seed, deck_order, events):
    try:
        s = new_game(rules, players, seed, deck_order, events)
    except (TypeError, ValueError) as exc:
        assert len(str(exc)) < 400, str(exc)
    else:
        assert isinstance(s, GameState) and 2 <= s.n <= 10


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=50), st.from_regex(r"[PDKOUCXAN][0-9]{1,3}(:[A-Za-z0-9+ ]{1,6})?(=[A-Za-z]{1,3})?(>[0-9]{1,3})?!?", fullmatch=True), JUNK))
def test_parse_move_raises_only_move_error_and_reads_back(text):
    try:
        move = parse_move(text)
    except MoveError as exc:
        assert len(str(exc)) < 400
    else:
        assert shape_problem(move) is None
        assert parse_move(move.notation()) == move


@settings(max_examples=500, deadline=None)
@given(ANY_MOVE)
def test_any_move_can_be_written_and_its_notation_reads_back(move):
    text = str(move)  # never raises
    assert len(text) < 400
    notation = move.notation()  # never raises either
    problem = move.notation_problem()
    if problem:
        assert notation == text and notation.startswith("Move(") and len(problem) < 600
    else:
        assert parse_move(notation) == move


def test_the_deck_order_of_a_real_deck_is_accepted():
    order = list(deck_cards("uno"))
    s = new_game(deck_order=order)
    assert sorted(s.all_cards()) == order


def test_legal_moves_and_check_refuse_what_is_not_a_state():
    for junk in (None, "state", 3):
        with pytest.raises(TypeError, match="GameState"):
            legal_moves(junk, 0)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="GameState"):
            check(junk, Move.draw(0))  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="GameState"):
            observe(junk, 0)  # type: ignore[arg-type]


def test_a_verdict_with_a_huge_number_can_still_be_read():
    from uno_web.core.reasons import Verdict

    assert Verdict(Reason.E_MALFORMED, (("detail", 10**5000),)).detail == "A number of about 5001 digits"


@settings(max_examples=300, deadline=None)
@given(seat=st.one_of(SMALL, JUNK, st.booleans()), card=st.one_of(CARD, JUNK),
       steps=st.one_of(st.integers(-3, 2000), JUNK), i=st.integers(0, 10**6),
       hand=st.one_of(st.lists(st.one_of(CARD, JUNK), max_size=4), JUNK))
def test_the_small_helpers_raise_only_type_or_value_errors(seat, card, steps, i, hand):
    states = _states()
    s = states[i % len(states)]
    try:
        assert can_play(s, seat, card) in (True, False)
    except TypeError as exc:
        assert not isinstance(seat, int) and len(str(exc)) < 200
    try:
        assert 0 <= next_seat(s, seat, steps) < s.n
    except (TypeError, ValueError) as exc:
        assert len(str(exc)) < 200
    try:
        assert hand_points(hand) >= 0
    except (TypeError, ValueError) as exc:
        assert len(str(exc)) < 200


def test_a_colour_that_is_none_gets_a_verdict_not_an_exception():
    from uno_web.core.moves import UNKNOWN_COLOR

    s = position(hands=["W R1 R2", "B5 B6"], top="R9")
    for text in ("P0:W=Q", "P0:W=purple", "P0:W=?"):
        move = parse_move(text)
        assert move.color == UNKNOWN_COLOR
        assert move.notation() == "P0:W=?" and parse_move(move.notation()) == move
        v = check(s, move)
        assert v.code == Reason.E_COLOR_NOT_ALLOWED and "choose red" in v.detail.lower()
    assert check(s, parse_move("P0:R1=Q")).code == Reason.E_COLOR_NOT_ALLOWED  # not a wild
    start = position(hands=["R1 R2", "B5 B6"], top="W", phase="choose-color")
    assert check(start, parse_move("O0=Q")).code == Reason.E_COLOR_NOT_ALLOWED
