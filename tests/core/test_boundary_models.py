"""The declared models (uno_web.core.fields): pydantic's API and messages without pydantic."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uno_web.core import PRESETS, RuleSet, RulesError, resolve_rules
from uno_web.core.fields import FieldProblem, excerpt
from uno_web.core.gamelog import GameLog, GameRecorder, LogError, PlayAction, Seat, parse_log
from uno_web.core.position import Position
from uno_web.core.state import compile_rules


def test_rule_fields_keep_their_declarations() -> None:
    spec = RuleSet.model_fields["hand_size"]
    assert (spec.title, spec.default, spec.ge, spec.le) == ("Cards dealt", 7, 1, 30)
    assert [type(m).__name__ for m in spec.metadata] == ["Ge", "Le"]  # what the table reads
    assert RuleSet.model_fields["jump_in"].annotation is bool
    assert RuleSet.model_fields["deck"].description.startswith("Which cards are played with.")


def test_rule_sets_are_frozen_hashable_values() -> None:
    a = RuleSet(jump_in=True)
    assert a == PRESETS["official"].model_copy(update={"jump_in": True}) and hash(a) == hash(
        RuleSet(jump_in=True))
    assert compile_rules(a) is compile_rules(RuleSet(jump_in=True))
    with pytest.raises(AttributeError):
        a.jump_in = False  # type: ignore[misc]
    assert a.changed_fields() == {"jump_in": True}
    assert RuleSet.model_validate(a.model_dump()) == a


@pytest.mark.parametrize("kw, message", [
    ({"hand_size": 0}, "hand_size: Input should be greater than or equal to 1, got 0"),
    ({"hand_size": True}, "hand_size: Input should be a valid integer, got True"),
    ({"hand_size": "7"}, "hand_size: Input should be a valid integer, got '7'"),
    ({"jump_in": 1}, "jump_in: Input should be a valid boolean, got 1"),
    ({"deck": "tarot"}, "deck: Input should be 'uno' or 'playing-cards', got 'tarot'"),
    ({"nope": 1}, "nope: Extra inputs are not permitted"),
])
def test_a_rule_set_refuses_bad_fields_in_pydantics_words(kw: dict, message: str) -> None:
    with pytest.raises(FieldProblem) as exc:
        RuleSet(**kw)
    assert str(exc.value) == message and isinstance(exc.value, ValueError)


@pytest.mark.parametrize("overrides, fragment", [
    ([1, 2], "rule overrides must be an object"),
    ("jump_in", "rule overrides must be an object"),
    ({"hand_size": 0}, "bad rule override: hand_size: Input should be greater than or equal to 1"),
    ({1: 2}, "bad rule override: 1: Extra inputs are not permitted"),
    ({f"k{i}": 0 for i in range(5)}, "(and 2 more unknown rules)"),
    ({f"k{i}": 0 for i in range(100_000)}, "100,000 overrides given"),
])
def test_resolve_rules_raises_rules_error_only(overrides: object, fragment: str) -> None:
    with pytest.raises(RulesError) as exc:
        resolve_rules("official", overrides)  # type: ignore[arg-type]
    assert fragment in str(exc.value) and len(str(exc.value)) < 300


def test_an_unknown_preset_is_quoted_short() -> None:
    with pytest.raises(RulesError) as exc:
        resolve_rules("x" * 10_000)
    # the quoted value is short; the list of the known presets follows it in full
    quoted, known = str(exc.value).split("; known: ")
    assert len(quoted) < 100 and "…" in quoted and known == ", ".join(PRESETS)
    with pytest.raises(RulesError):
        resolve_rules(["official"])  # type: ignore[arg-type]


def test_excerpt_is_short_and_cheap() -> None:
    assert excerpt("abc") == "'abc'"
    assert len(excerpt("x" * 10**6)) <= 40
    assert len(excerpt(list(range(10**6)))) <= 40
    assert len(excerpt(10**4000)) <= 40


def test_the_recorders_json_is_the_logs_json() -> None:
    rec = GameRecorder(players=3, seed=4, seats=[Seat(name="Zoë ✓"), Seat(name="B", kind="ai",
                                                                             level="easy"),
                                                 Seat(name="C", kind="remote")])
    from uno_web.core import Phase, legal_moves

    import random

    rng = random.Random(0)
    while rec.state.phase != Phase.GAME_OVER and len(rec.history) < 600:
        s = rec.state
        seat = s.turn if s.phase != Phase.ROUND_OVER else s.active_seats()[0]
        rec.apply(rng.choice(legal_moves(s, seat)))
    assert len(rec.rounds) > 1
    text = rec.to_json()
    assert text == rec.log().model_dump_json(indent=1)
    assert "Zoë ✓" in text
    assert parse_log(text) == rec.log()
    assert json.loads(parse_log(text).model_dump_json()) == json.loads(text)


def test_a_fresh_recorders_json() -> None:
    rec = GameRecorder(players=2, seed=1)
    assert rec.to_json() == rec.log().model_dump_json(indent=1)
    assert '"actions": []' in rec.to_json()


def test_an_action_dumps_without_its_defaults() -> None:
    a = PlayAction(seat=1, card="red 7")
    assert a.card == "R7" and a.model_dump(exclude_defaults=True) == {"seat": 1, "card": "R7"}


def test_positions_compare_and_copy_like_models() -> None:
    p = Position(hands=["R1", "B2"], top="R9")
    q = p.model_copy(update={"turn": 1})
    assert q.turn == 1 and p.turn == 0 and q != p
    with pytest.raises(FieldProblem, match="turn: Input should be less than or equal to 9"):
        p.model_copy(update={"turn": 10})
    with pytest.raises(FieldProblem, match="hands: Field required"):
        Position()  # type: ignore[call-arg]


def test_the_schema_comes_from_the_same_declarations() -> None:
    schema = GameLog.model_json_schema()
    seat = schema["$defs"]["PlayAction"]["properties"]["seat"]
    assert (seat["minimum"], seat["maximum"], seat["description"]) == (
        0, 9, "The seat that acts (0-based).")
    assert schema["$defs"]["RulesRef"]["properties"]["overrides"]["maxProperties"] == 64
    assert set(schema["properties"]["rounds"]) >= {"minItems", "maxItems"}
    rules = RuleSet.model_json_schema()
    assert rules["properties"]["seven_swap"]["title"] == "7 swaps hands"
    assert rules["additionalProperties"] is False


# --- the schema says what the checks accept --------------------------------------------------

FIELD_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 12), st.integers(-2**65, 2**65), st.floats(-2, 2),
    st.sampled_from(["R7", "red 7", "W", "X9", "G", "purple", "play", "draw", "catch", "ai", "",
                     "x" * 41, "official", "nope"]),
    st.lists(st.sampled_from(["R7", "W", "X9", 3]), max_size=3),
    st.lists(st.lists(st.sampled_from(["R7", "B1"]), max_size=2), max_size=2),
    st.dictionaries(st.sampled_from(["jump_in", "kind", "seat"]), st.integers(0, 2), max_size=2),
)
PATHS = [
    ("seed",), ("version",), ("format",), ("x",), ("rules", "preset"), ("rules", "overrides"),
    ("rules", "x"), ("seats",), ("seats", 0, "name"), ("seats", 0, "kind"), ("seats", 1, "level"),
    ("rounds", 0, "deck"), ("rounds", 0, "deck", 0), ("rounds", 0, "actions"),
    ("rounds", 0, "actions", 0, "seat"), ("rounds", 0, "actions", 0, "kind"),
    ("rounds", 0, "actions", 0, "card"), ("rounds", 0, "actions", 0, "color"),
    ("rounds", 0, "actions", 0, "target"), ("rounds", 0, "actions", 0, "uno"),
    ("rounds", 0, "actions", 0, "reshuffles"), ("rounds", 0, "actions", 0, "x"),
]


def _sample_log() -> dict:
    rec = GameRecorder(players=2, seed=2)
    from uno_web.core import legal_moves

    s = rec.state
    plays = [m for m in legal_moves(s, s.turn) if m.kind == 0]
    rec.apply(plays[0] if plays else legal_moves(s, s.turn)[0])
    return json.loads(rec.to_json())


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(PATHS), FIELD_VALUES)
def test_the_schema_and_the_checks_agree(path: tuple, value: object) -> None:
    """pydantic, strict, on the model built from the declarations, accepts every log the checks
    accept. The checks refuse more in two ways: they read each card and colour, which the schema
    can only call a string, and they take ``"version": 1`` only as the number 1 (pydantic lets
    ``true`` and ``1.0`` through a ``Literal[1]``, since they equal 1)."""
    from uno_web.core.schemas import pydantic_model

    data = _sample_log()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    text = json.dumps(data)
    try:
        parse_log(text)
        ours = ""
    except LogError as exc:
        ours = str(exc)
    try:
        pydantic_model(GameLog).model_validate_json(text)
        theirs = True
    except ValueError:
        theirs = False
    if not ours:
        assert theirs, f"the schema refuses a log the checks accept: {path} = {value!r}"
    elif theirs:
        said = ours.split(": ", 1)[1]  # what is wrong, after where
        assert ("card" in said or "colour" in said
                or (path == ("version",) and value == 1)), ours
