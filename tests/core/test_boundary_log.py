"""Issue 20, game logs: strict JSON types, bounded cost, short messages, one error type.

``parse_log`` and ``validate_log`` raise only :class:`LogError` for input they refuse (the CLI
maps it to exit 2); a message is one short line quoting at most an excerpt. The limits are in
docs/gamelog.md ("Limits"); bench/bench_log_limits.py measures the time and memory of hostile
logs (no timing here).
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uno_web.cli import main
from uno_web.core.fields import MAX_JSON_DEPTH, load_json
from uno_web.core.gamelog import (
    MAX_ACTIONS, MAX_LOG_BYTES, MAX_ROUNDS, GameRecorder, LogError, parse_log, validate_log,
)

SHORT = 300


def good() -> dict[str, Any]:
    rec = GameRecorder(players=2, seed=1)
    for _ in range(3):
        s = rec.state
        from uno_web.core import legal_moves

        rec.apply(legal_moves(s, s.turn)[0])
    data: dict[str, Any] = json.loads(rec.to_json())
    return data


def refused(data: Any) -> str:
    with pytest.raises(LogError) as exc:
        parse_log(data)
    text = str(exc.value)
    assert len(text) < SHORT and "\n" not in text, text[:500]
    return text


# --- strict JSON types ------------------------------------------------------------------------


@pytest.mark.parametrize("path, value, fragment", [
    (("rounds", 0, "actions", 0, "seat"), True, "rounds.0.actions.0.seat: Input should be a valid integer, got True"),
    (("seed",), "7", "seed: Input should be a valid integer, got '7'"),
    (("seed",), 7.0, "seed: Input should be a valid integer, got 7.0"),
    (("version",), True, "version: Input should be 1, got True"),
    (("rounds", 0, "actions", 0, "uno"), 1, "rounds.0.actions.0.uno: Input should be a valid boolean"),
    (("rounds", 0, "actions", 0, "card"), 7, "rounds.0.actions.0.card: Input should be a valid string"),
    (("seats", 0, "name"), None, "seats.0.name: Input should be a valid string"),
    (("rules", "overrides"), [], "rules.overrides: Input should be an object"),
    (("rounds", 0, "deck"), "R1 R2", "rounds.0.deck: Input should be a valid list"),
])
def test_log_fields_take_json_types_strictly(path: tuple, value: Any, fragment: str) -> None:
    data = good()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    assert refused(json.dumps(data)) == f"malformed log at {fragment}" or fragment in refused(data)


def test_a_bool_override_is_not_a_number_when_replayed() -> None:
    data = good()
    data["rules"]["overrides"] = {"hand_size": True}
    with pytest.raises(LogError, match="hand_size: Input should be a valid integer, got True"):
        validate_log(json.dumps(data))


# --- bounded cost, short messages ---------------------------------------------------------


def test_860000_unknown_rule_keys_are_refused_with_a_short_message() -> None:
    data = good()
    data["rules"]["overrides"] = {f"k{i}": 0 for i in range(860_000)}  # 12 MB of JSON
    text = refused(json.dumps(data))
    assert text == ("malformed log at rules.overrides: Object should have at most 64 keys, "
                    "not 860,000")
    with pytest.raises(LogError) as exc:
        validate_log(data)
    assert len(str(exc.value)) < SHORT


def test_a_few_unknown_rule_keys_are_named_short() -> None:
    data = good()
    data["rules"]["overrides"] = {"x" * 10_000 + str(i): 1 for i in range(10)}
    with pytest.raises(LogError) as exc:
        validate_log(data)
    assert len(str(exc.value)) < SHORT and "(and 7 more unknown rules)" in str(exc.value)


def test_text_past_the_size_limit_is_refused_unparsed() -> None:
    assert refused(" " * (MAX_LOG_BYTES + 1)).startswith("log too large")
    assert refused(b"[" * (MAX_LOG_BYTES + 1)).startswith("log too large")
    stream = io.BytesIO(b" " * (MAX_LOG_BYTES + 10))
    assert refused(stream).startswith("log too large")
    assert stream.tell() == MAX_LOG_BYTES + 1  # read no further than the limit


def test_a_readable_stream_is_a_log() -> None:
    text = json.dumps(good())
    assert parse_log(io.StringIO(text)) == parse_log(text)
    assert validate_log(io.BytesIO(text.encode())).valid


def test_too_many_actions_are_refused_before_any_is_read() -> None:
    data = good()
    action = {"kind": "no such kind"}  # never read: the count comes first
    data["rounds"] = [{"deck": [], "actions": [action] * (MAX_ACTIONS // 2 + 1)}] * 2
    assert refused(data) == (f"malformed log at rounds: {MAX_ACTIONS + 2:,} actions; a log "
                             f"holds at most {MAX_ACTIONS:,}")
    data["rounds"] = [{"deck": []}] * (MAX_ROUNDS + 1)
    assert "rounds" in refused(data)


@pytest.mark.parametrize("text, fragment", [
    ("[" * 200_000, "nested too deeply"),
    ('{"seed": 1' + "0" * 5000 + "}", "too many digits"),
    ('{"seed": NaN}', "NaN is not a JSON number"),
    ('{"seed": Infinity}', "Infinity is not a JSON number"),
    (b'{"format": "\xff"}', "not UTF-8"),
    ("{not json", "invalid JSON"),
    ("", "invalid JSON"),
])
def test_text_that_is_not_json(text: str | bytes, fragment: str) -> None:
    assert fragment in refused(text)


@pytest.mark.parametrize("path, value", [
    (("seats", 0, "name"), "n" * 10_000_000),
    (("seats", 0, "level"), "l" * 100_000),
    (("rules", "preset"), "p" * 100_000),
    (("rounds", 0, "deck", 0), "R" * 100_000),
    (("rounds", 0, "actions", 0, "card"), "W" * 100_000),
    (("rounds", 0, "actions", 0, "color"), "G" * 100_000),
    (("rounds", 0, "actions", 0, "kind"), "k" * 100_000),
    (("rounds", 0, "actions", 0, "reshuffles"), [["R1"] * 10_000]),
    (("rounds", 0, "actions", 0, "reshuffles"), [[]] * 10_000),
    (("rounds", 0, "deck"), ["R1"] * 100_000),
    (("rounds", 0, "actions", 0, "x" * 100_000), 1),
])
def test_long_values_are_refused_with_an_excerpt(path: tuple, value: Any) -> None:
    data = good()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    text = refused(json.dumps(data))
    assert "x" * 50 not in text and "R" * 50 not in text


def test_an_illegal_action_is_a_report_not_an_error() -> None:
    data = good()
    first = data["rounds"][0]["actions"][0]
    first["seat"] = 1 - first["seat"]
    report = validate_log(json.dumps(data))
    assert not report.valid and report.failure is not None
    assert report.failure["index"] == 0 and report.failure["code"] == "E_NOT_TURN"


def test_the_cli_exits_2_with_one_short_line(tmp_path: Any, capsys: Any) -> None:
    log = tmp_path / "hostile.json"
    data = good()
    data["rules"]["overrides"] = {f"k{i}": 0 for i in range(100_000)}
    log.write_text(json.dumps(data))
    assert main(["validate", str(log)]) == 2
    err = capsys.readouterr().err
    assert len(err) < SHORT and "at most 64 keys" in json.loads(err)["error"]


# --- Hypothesis: only LogError escapes ------------------------------------------------------

JSONISH = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False),
              st.text(max_size=8), st.sampled_from(["play", "draw", "R7", "W", "official"])),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.sampled_from(
                                ["kind", "seat", "card", "color", "target", "uno", "reshuffles",
                                 "deck", "actions", "rounds", "seats", "name", "rules", "preset",
                                 "overrides", "seed", "format", "version", "x"]), inner,
                                max_size=5)),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["format", "version", "rules", "seats", "seed", "rounds",
                                        "x"]), JSONISH, max_size=6))
def test_any_json_object_raises_only_log_errors(data: dict[str, Any]) -> None:
    for value in (data, {**good(), **data}):
        try:
            report = validate_log(json.dumps(value))
        except LogError as exc:
            assert len(str(exc)) < SHORT
        else:
            assert report.valid or report.failure is not None


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2), st.integers(0, 6), st.sampled_from(["seat", "kind", "card", "color",
                                                              "target", "uno", "reshuffles"]),
       JSONISH)
def test_any_action_field_raises_only_log_errors(rnd: int, i: int, key: str, value: Any) -> None:
    data = good()
    actions = data["rounds"][0]["actions"]
    actions[min(i, len(actions) - 1)][key] = value
    try:
        validate_log(json.dumps(data))
    except LogError as exc:
        assert len(str(exc)) < SHORT


# --- nesting: under Pyodide a deep document overflows the JavaScript stack (a fatal error) ----

@pytest.mark.parametrize("text", [
    "[" * 200_000, "[" * 200_000 + "]" * 200_000, "[1," * 10_000 + "1" + "]" * 10_000,
    '{"a":' * 10_000 + "1" + "}" * 10_000, "[[]," * 100_000 + "]" * 100_000,
    "[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1),
])
def test_deep_nesting_is_refused_before_parsing(text: str) -> None:
    with pytest.raises(ValueError, match="nested too deeply"):
        load_json(text)
    assert "nested too deeply" in refused(text)


def nested(depth: int) -> st.SearchStrategy[Any]:
    leaf = st.one_of(st.integers(), st.text(alphabet='[]{}"\\ab', max_size=6), st.none())
    if depth == 0:
        return leaf
    inner = nested(depth - 1)
    return st.one_of(leaf, st.lists(inner, max_size=3),
                     st.dictionaries(st.text(alphabet='[]{}"a', max_size=3), inner, max_size=3))


@settings(max_examples=200, deadline=None)
@given(nested(6), st.integers(0, MAX_JSON_DEPTH - 8))
def test_shallow_json_reads_as_json_does(value: Any, wrap: int) -> None:
    text = "[" * wrap + json.dumps(value) + "]" * wrap
    assert load_json(text) == json.loads(text)
    assert load_json(text.encode()) == json.loads(text)
