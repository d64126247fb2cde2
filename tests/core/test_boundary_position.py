"""Issue 20, positions: every outside value is refused with a PositionError that names the field
and quotes at most a short excerpt; nothing else escapes ``build_state`` or
``position_from_query``. The first tests are the failures a tester found (each failed before
the fix); the Hypothesis tests look for more.
"""

from __future__ import annotations

from urllib.parse import quote, urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from uno_web.core import RuleSet, apply, check_deck, legal_moves
from uno_web.core.position import (
    MAX_QUERY_CHARS, Position, PositionError, build_state, position_from_query, position_to_query,
)

BASE = {"hands": ["R1 G2", "B1 B2"], "top": "R9"}
SHORT = 240  # a message that names a field and quotes an excerpt is well under this


def refused(data: dict | str) -> str:
    with pytest.raises(PositionError) as exc:
        if isinstance(data, str):
            build_state(position_from_query(data))
        else:
            build_state(data)
    text = str(exc.value)
    assert len(text) < SHORT, text
    return text


# --- the tester's findings ------------------------------------------------------------------


@pytest.mark.parametrize("top", [" ", "  \t", ",", "R9 G5"])
def test_a_top_that_is_not_one_card_is_a_position_error(top: str) -> None:
    assert refused({**BASE, "top": top}).startswith("top: write exactly one card")


def test_an_empty_top_still_means_no_top_card() -> None:
    s = build_state({**BASE, "top": "", "overrides": {"first_card": "lead-any"}})
    assert s.discard == []


@pytest.mark.parametrize("scores", [[1], [1, 2, 3], []])
def test_scores_need_one_number_per_seat(scores: list[int]) -> None:
    assert refused({**BASE, "scores": scores}).startswith("scores: ")


@pytest.mark.parametrize("scores, fragment", [
    ([-1, 0], "scores.0: Input should be greater than or equal to 0"),
    ([0, 10**30], "scores.1: Input should be less than or equal to 10000000"),
    ([0, True], "scores.1: Input should be a valid integer"),
])
def test_scores_are_whole_numbers_from_0_to_a_bound(scores: list[object], fragment: str) -> None:
    assert refused({**BASE, "scores": scores}).startswith(fragment)


def test_a_30_digit_score_in_a_link_is_refused_short() -> None:
    text = refused("hands=R1,B1&top=R9&scores=0," + "9" * 30)
    assert text.startswith("scores must be whole numbers separated by commas, not '999")
    assert "…" in refused("hands=R1,B1&top=R9&scores=0," + "9" * 5000)


def test_plus4_by_and_uncalled_must_name_a_seat() -> None:
    assert refused({**BASE, "plus4_by": 7}).startswith("plus4_by: 7 is not a seat")
    assert refused({**BASE, "uncalled": [5]}).startswith("uncalled: 5 is not a seat")
    assert refused({**BASE, "uncalled": [0, 2]}).startswith("uncalled: 2 is not a seat")
    assert refused("hands=R1,B1&top=R9&plus4_by=2").startswith("plus4_by: 2 is not a seat")


def test_a_challenge_position_that_loads_can_be_challenged() -> None:
    s = build_state({"hands": ["R1 G5 B7", "Y3 Y4 R8"], "top": "W+4", "color": "B",
                     "phase": "penalty", "pending": 4, "plus4_by": 1, "plus4_bluff": True})
    moves = legal_moves(s, 0)
    assert any(m.kind.name == "CHALLENGE" for m in moves)
    for m in moves:
        apply(s, m)


@pytest.mark.parametrize("field", ["hands", "names", "top", "discard", "draw", "color", "goal",
                                   "preset"])
def test_long_values_are_quoted_as_an_excerpt(field: str) -> None:
    long = "R7" + "x" * 100_000
    data = {**BASE, field: [long, "B1"] if field in ("hands", "names") else long}
    text = refused(data)
    assert field in text and "x" * 60 not in text, text


def test_a_long_card_word_is_quoted_as_an_excerpt() -> None:
    text = refused({**BASE, "hands": ["R1 " + "Q" * 500, "B1"]})
    assert text.startswith("hands: hand 0: unknown card") and "…" in text


@pytest.mark.parametrize("query", [
    "hands=R1,B1&top=R9&turn=" + "9" * 5000,
    "hands=R1,B1&top=R9&seed=" + "1" * 30,
    "hands=R1,B1&top=R9&rule.hand_size=" + "7" * 5000,
    "hands=R1,B1&top=R9&rule." + "n" * 5000 + "=1",
    "hands=R1,B1&top=R9&rule.jump_in=" + "y" * 5000,
    "hands=R1,B1&top=R9&rule.deck=" + "d" * 5000,
    "hands=R1,B1&top=R9&direction=\u0661",
    "hands=" + ",".join(["R1"] * 11) + "&top=R9",
    "hands=R1,B1&top=R9&uncalled=" + ",".join(["0"] * 11),
])
def test_bad_link_values_are_refused_short(query: str) -> None:
    refused(query)


def test_a_huge_link_is_refused_before_it_is_read() -> None:
    assert refused("hands=R1,B1&top=R9&goal=" + "g" * MAX_QUERY_CHARS).startswith(
        "the link is too long")


def test_a_rule_override_that_is_not_a_value_of_the_field() -> None:
    assert refused({**BASE, "overrides": {"hand_size": "7"}}).startswith(
        "bad rule override: hand_size: Input should be a valid integer")
    assert refused({**BASE, "overrides": [1, 2]}).startswith(
        "overrides: Input should be an object")


def test_not_a_position_at_all() -> None:
    assert refused([1, 2]).startswith("position: Input should be an object")  # type: ignore[arg-type]
    with pytest.raises(PositionError):
        position_from_query(None)  # type: ignore[arg-type]


# --- Hypothesis: only PositionError escapes -------------------------------------------------

RULE_KEYS = [f"rule.{name}" for name in RuleSet.model_fields]
KEYS = ["preset", "hands", "names", "top", "color", "turn", "direction", "discard", "draw",
        "pending", "phase", "plus4_by", "plus4_bluff", "uncalled", "scores", "seed", "goal",
        "exact_deck", "jump_window", "dealer", "deal", "round", "drawn", "plus4_color",
        "uncalled_fresh", "called", "same_number", "last_player", "out", "stuck", "shuffles"]
CARDS = ["R1", "G5", "B7", "Y+2", "W", "W+4", "RS", "GR", "QS", "7H", "JK", "X9", "red 7", ""]
NUMBERS = ["0", "1", "2", "-1", "9", "10", "60", "61", "1e3", "0x1", " 3", "\u0663",
           "9" * 25, "", "true"]


def _value_for(key: str) -> st.SearchStrategy[str]:
    cards = st.lists(st.sampled_from(CARDS), max_size=6).map(" ".join)
    if key in ("hands", "names"):
        return st.lists(cards, min_size=0, max_size=11).map(",".join)
    if key in ("top", "discard", "draw", "deal", "drawn"):
        return cards
    if key in ("exact_deck", "jump_window", "plus4_bluff"):
        return st.sampled_from(["1", "0", "true", "yes", ""])
    if key in ("turn", "direction", "pending", "plus4_by", "seed", "dealer", "round",
               "same_number", "last_player", "stuck", "shuffles"):
        return st.sampled_from(NUMBERS)
    if key in ("uncalled", "scores", "uncalled_fresh", "called", "out"):
        return st.lists(st.sampled_from(NUMBERS), max_size=11).map(",".join)
    if key == "phase":
        return st.sampled_from(["play", "penalty", "choose-color", "drawn", ""])
    if key in ("color", "plus4_color"):
        return st.sampled_from(["R", "G", "B", "Y", "S", "H", "W", "", "purple"])
    if key.startswith("rule."):
        return st.sampled_from(["true", "false", "1", "0", "7", "-3", "uno", "playing-cards",
                                "lead-any", "maybe", "", "99999999999"])
    return st.text(max_size=30)


PAIRS = st.lists(
    st.sampled_from(KEYS + RULE_KEYS + ["rule.nope", "embed", "bots"]).flatmap(
        lambda k: st.tuples(st.just(k), _value_for(k))),
    max_size=12,
)


def _build(query: str) -> None:
    try:
        s = build_state(position_from_query(query))
    except PositionError as exc:
        assert len(str(exc)) < SHORT, str(exc)
        return
    # a position that loads is a state the engine can play from
    assert check_deck(s).ok
    for seat in range(s.n):
        for m in legal_moves(s, seat)[:6]:
            apply(s, m)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.just("hands"), _value_for("hands")), min_size=1, max_size=1), PAIRS)
def test_link_queries_raise_only_position_errors(hands: list[tuple[str, str]],
                                                  pairs: list[tuple[str, str]]) -> None:
    _build(urlencode(hands + pairs))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_any_text_as_a_link_raises_only_position_errors(text: str) -> None:
    for query in (text, "hands=R1,B1&" + text, quote(text, safe="=&,")):
        _build(query)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from(KEYS + ["overrides", "x"]),
                       st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70),
                                 st.text(max_size=10), st.lists(st.integers(-3, 12), max_size=4),
                                 st.lists(st.sampled_from(CARDS), max_size=4),
                                 st.dictionaries(st.text(max_size=5), st.integers(), max_size=3)),
                       max_size=8))
def test_any_object_as_a_position_raises_only_position_errors(data: dict) -> None:
    try:
        s = build_state({**BASE, **data})
    except PositionError as exc:
        assert len(str(exc)) < SHORT, str(exc)
        return
    assert check_deck(s).ok


def test_query_round_trip_keeps_every_field() -> None:
    pos = Position(hands=["R1 G2", "B1 B2", "Y7"], names=["A", "B", "C"], top="W", color="G",
                   turn=2, direction=-1, pending=0, plus4_by=None, uncalled=[2],
                   scores=[10, 0, 250], seed=5, goal="Win")
    assert position_from_query(position_to_query(pos)) == pos
