"""Issue 20: a log is validated as a stream (header, then one action at a time), so the first
fault in reading order is the answer and nothing after it is read; and streaming gives the same
results as reading the whole document first (``validate_log(..., streaming=False)``) over the
log corpus (recorded games under every preset, tampered logs, hostile fields, every truncation
of a log). docs/gamelog.md "Reading order" says which answer wins when a log has two faults."""

from __future__ import annotations

import io
import json
import random
import tracemalloc
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uno_web.cli import main
from uno_web.core import Phase, RuleSet, legal_moves
from uno_web.core.gamelog import MAX_ACTIONS, MAX_LOG_BYTES, GameRecorder, LogError, validate_log
from uno_web.core.rules import PRESETS


def outcome(data: Any, streaming: bool) -> tuple[str, Any]:
    try:
        return "report", validate_log(data, streaming=streaming).model_dump()
    except LogError as exc:
        return "error", str(exc)


def recorded(preset: str = "official", players: int = 3, seed: int = 1, actions: int = 60,
             rules: RuleSet | None = None) -> str:
    rules = rules or PRESETS[preset]
    if players * rules.hand_size >= 54 and rules.deck != "uno":
        players = 3
    rec = GameRecorder(rules, players, seed, preset=preset)
    rng = random.Random(seed)
    for _ in range(actions):
        s = rec.state
        if s.phase == Phase.GAME_OVER:
            break
        seat = s.turn if s.phase != Phase.ROUND_OVER else s.active_seats()[0]
        moves = legal_moves(s, seat)
        plays = [m for m in moves if m.kind == 0]
        rec.apply(rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(moves))
    return rec.to_json()


class CountingReader(io.RawIOBase):
    """A binary file that counts the bytes handed out."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def readable(self) -> bool:
        return True

    def readinto(self, b: Any) -> int:
        out = self.data[self.at: self.at + len(b)]
        b[: len(out)] = out
        self.at += len(out)
        return len(out)


def huge_illegal_first(actions: int, tail: bytes = b"") -> bytes:
    """A log whose first action is out of turn, followed by ``actions`` draws and ``tail``."""
    data = json.loads(recorded(actions=2))
    first = data["rounds"][0]["actions"][0]
    first["seat"] = (first["seat"] + 1) % 3
    head = json.dumps({**data, "rounds": []})[:-3]  # ... "rounds": [
    rnd = json.dumps({"deck": data["rounds"][0]["deck"]})[:-1] + ', "actions": [\n'
    body = ",\n".join([json.dumps(first)] + ['{"kind": "draw", "seat": 0}'] * actions)
    return (head + "[" + rnd + body).encode() + tail + b"\n]}]}\n"


# --- the first fault in reading order, and nothing read after it ----------------------------


def test_an_illegal_first_action_is_reported_without_reading_the_rest() -> None:
    data = huge_illegal_first(1_700_000)
    assert len(data) > 2 * MAX_LOG_BYTES  # 49 MB: the whole-document reader refuses it unread
    reader = CountingReader(data)
    report = validate_log(io.BufferedReader(reader))
    assert not report.valid and report.failure is not None
    assert report.failure["code"] == "E_NOT_TURN" and report.failure["action_number"] == 1
    assert reader.at < 300_000  # a chunk or two of the 50 MB
    with pytest.raises(LogError, match="log too large"):
        validate_log(data, streaming=False)


def test_illegal_early_and_malformed_later_is_invalid_not_unreadable() -> None:
    """Two faults: the illegal first action comes first in reading order, so the log is
    invalid (exit 1); the malformed JSON after it is never read. Reading the whole document
    first answers "unreadable" instead: that is the answer the stream must not give."""
    data = huge_illegal_first(100_000, tail=b', {"kind": "draw", "seat": 0 ]]] not JSON')
    report = validate_log(data)
    assert report.failure is not None and report.failure["code"] == "E_NOT_TURN"
    with pytest.raises(LogError, match="invalid JSON"):
        validate_log(data, streaming=False)


def test_a_short_actions_array_is_decoded_whole_and_answers_as_item_by_item(monkeypatch: Any) -> None:
    """An actions array already in the buffer is decoded in one call (``whole_array``); one
    with a fault anywhere is read item by item, so an illegal action before a malformed one
    in the same short array is still the answer."""
    from uno_web.core.jsonstream import JsonStream

    got: list[bool] = []
    real = JsonStream.whole_array

    def spy(self: JsonStream) -> Any:
        value = real(self)
        got.append(value is not None)
        return value

    monkeypatch.setattr(JsonStream, "whole_array", spy)
    text = recorded(actions=40)
    assert outcome(text, True) == outcome(text, False) and outcome(text, True)[1]["valid"]
    assert got and all(got)  # every round's actions decoded whole
    data = huge_illegal_first(5, tail=b', {"kind": "draw", "seat": NaN}')
    assert len(data) < 10_000
    got.clear()
    report = validate_log(data)
    assert got == [False]  # the fault made the one-call decode give way
    assert report.failure is not None and report.failure["code"] == "E_NOT_TURN"
    with pytest.raises(LogError, match="NaN"):
        validate_log(data, streaming=False)


def test_the_cli_gives_exit_1_for_the_huge_illegal_log_from_a_file_and_stdin(tmp_path: Any, capsys: Any) -> None:
    path = tmp_path / "huge.json"
    path.write_bytes(huge_illegal_first(600_000))
    assert main(["validate", str(path)]) == 1
    assert json.loads(capsys.readouterr().out)["failure"]["code"] == "E_NOT_TURN"


@pytest.mark.parametrize("cut", [10, 1000, 5000])
def test_a_valid_log_cut_short_is_unreadable_where_it_ends(cut: int) -> None:
    text = recorded(actions=40)
    with pytest.raises(LogError, match="invalid JSON"):
        validate_log(text[:-cut])


def test_a_fault_past_the_size_limit_is_too_large_and_one_before_it_is_answered() -> None:
    data = huge_illegal_first(700_000)
    assert len(data) > MAX_LOG_BYTES
    assert validate_log(data).failure is not None  # answered before the limit
    legal = json.loads(recorded(actions=3))
    padded = json.dumps(legal).replace('"rounds"', " " * MAX_LOG_BYTES + '"rounds"', 1)
    with pytest.raises(LogError, match="log too large: more than 16,777,216 characters"):
        validate_log(padded)
    with pytest.raises(LogError, match="log too large: more than 16,777,216 bytes"):
        validate_log(padded.encode())


def test_the_action_limit_is_counted_as_the_actions_are_read(monkeypatch: Any) -> None:
    from uno_web.core import gamelog

    text = recorded(actions=12)
    monkeypatch.setattr(gamelog, "MAX_ACTIONS", 5)
    with pytest.raises(LogError, match=r"at rounds.0.actions.5: more than 5 actions; a log holds at most 5"):
        validate_log(text)
    bad = json.loads(text)
    bad["rounds"][0]["actions"][1]["seat"] = 9  # an illegal action before the limit is the answer
    assert validate_log(json.dumps(bad)).failure is not None


def test_memory_stays_bounded_for_a_long_valid_log() -> None:
    """Streaming holds a chunk and one action, not the document's values: its peak is a small
    part of what the whole-document reader needs for the same long legal log."""
    text = recorded(players=4, seed=2, actions=6_000, rules=RuleSet(target_score=10**6)).encode()
    peaks = {}
    for streaming in (True, False):
        tracemalloc.start()
        report = validate_log(text, streaming=streaming)
        peaks[streaming] = tracemalloc.get_traced_memory()[1] - len(text)
        tracemalloc.stop()
        assert report.valid
    assert peaks[True] * 4 < peaks[False], peaks


# --- the same results as the whole-document reader --------------------------------------------


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_recorded_and_tampered_logs_give_the_same_results(preset: str) -> None:
    for seed in range(3):
        text = recorded(preset, players=2 + seed * 2, seed=seed, actions=150)
        data = json.loads(text)
        variants: list[Any] = [text, text.encode(), io.BytesIO(text.encode()),
                               json.dumps(data, separators=(",", ":")), "\n\n  " + text + "\n"]
        acts = data["rounds"][0]["actions"]
        for i in range(0, len(acts), 7):
            bad = json.loads(text)
            bad["rounds"][0]["actions"][i]["seat"] = (acts[i]["seat"] + 1) % 2
            variants.append(json.dumps(bad))
        bad = json.loads(text)
        bad["rounds"][0]["deck"][5] = bad["rounds"][0]["deck"][6]
        variants.append(json.dumps(bad))
        for v in variants:
            if isinstance(v, io.BytesIO):
                a = outcome(v, True)
                v.seek(0)
                assert a == outcome(v, False)
            else:
                assert outcome(v, True) == outcome(v, False)


def test_every_truncation_of_a_log_gives_the_same_message() -> None:
    text = recorded(actions=12)
    for cut in range(len(text)):
        for data in ((text[:cut],) if cut % 5 else (text[:cut], text[:cut].encode())):
            assert outcome(data, True) == outcome(data, False), cut


FIELD_FAULTS: list[tuple[tuple[Any, ...], Any]] = [
    (("rounds", 0, "actions", 0, "seat"), True), (("seed",), "7"), (("seed",), 7.0),
    (("version",), True), (("rounds", 0, "actions", 0, "uno"), 1),
    (("rounds", 0, "actions", 0, "card"), 7), (("seats", 0, "name"), None),
    (("rules", "overrides"), []), (("rounds", 0, "deck"), "R1 R2"),
    (("seats", 0, "name"), "n" * 100_000), (("rules", "preset"), "p" * 100_000),
    (("rounds", 0, "deck", 0), "R" * 100_000), (("rounds", 0, "actions", 0, "card"), "W" * 1000),
    (("rounds", 0, "actions", 0, "color"), "G" * 1000), (("rounds", 0, "actions", 0, "kind"), "k"),
    (("rounds", 0, "actions", 0, "reshuffles"), [["R1"] * 1000]),
    (("rounds", 0, "actions", 0, "reshuffles"), [[]] * 1000),
    (("rounds", 0, "actions", 0, "x" * 1000), 1), (("rounds", 0, "x"), 1), (("x",), 1),
    (("rules", "overrides"), {"hand_size": True}), (("rules", "overrides"), {"k": 0}),
    (("rounds", 0, "actions", 1), 7), (("rounds", 0, "actions"), {}), (("rounds", 0), []),
    (("rounds",), []), (("rounds",), {}), (("seats",), [{"name": "a"}]), (("format",), "x"),
    (("rounds", 0, "actions", 0, "card"), "red 7"), (("rounds", 0, "actions", 0, "seat"), 10),
    (("rounds", 0, "actions", 0, "target"), -1), (("rounds", 0, "actions", 0, "color"), "red"),
]


@pytest.mark.parametrize("path, value", FIELD_FAULTS)
def test_a_fault_in_a_field_gives_the_same_message(path: tuple[Any, ...], value: Any) -> None:
    data = json.loads(recorded(actions=5))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    text = json.dumps(data)
    assert outcome(text, True) == outcome(text, False)


@pytest.mark.parametrize("order", [
    ["rounds", "format", "version", "rules", "seats", "seed"],  # rounds first: read whole
    ["seats", "rules", "rounds", "seed", "version", "format"],  # streamed, the rest after
    ["seats", "rounds"],  # no rules: the default rules could still come later
    ["format", "rules", "seed"], ["rules", "seats", "seed"],  # a required field missing
])
def test_any_key_order_gives_the_same_results(order: list[str]) -> None:
    data = json.loads(recorded(actions=30))
    data["rounds"][0] = {"actions": data["rounds"][0]["actions"], "deck": data["rounds"][0]["deck"]}
    text = json.dumps({k: data[k] for k in order})
    assert outcome(text, True) == outcome(text, False)
    if "rules" not in order:
        assert outcome(text, True)[0] == "report"


@pytest.mark.parametrize("text", [
    "", "   ", "[]", "null", "7", '"log"', "[" * 200_000, '{"seed": NaN}',
    '{"seed": 1' + "0" * 5000 + "}", "{not json", "{}", "\ufeff{}",
    '{"seats": [{"name": "a"}, {"name": "b"}], "rules": {}, "rounds": [7]}',
])
def test_text_that_is_not_a_log_gives_the_same_message(text: str) -> None:
    assert outcome(text, True) == outcome(text, False)
    assert outcome(text.encode("utf-8"), True) == outcome(text.encode("utf-8"), False)


SEATS = '{"seats": [{"name": "a"}, {"name": "b"}], "rules": {}, '


JSON_OWN = object()  # the expected message is the interpreter's json module's own (it differs
# between Python versions: 3.11 'Expecting property name…', 3.14 'Illegal trailing comma…')


def _json_message(text: str) -> str:
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        return exc.msg
    raise AssertionError(f"{text!r} is valid JSON")


@pytest.mark.parametrize("text, first, later", [
    ('{"seats": [],}', "seats: List should have at least 2 items", JSON_OWN),
    (SEATS + '"rounds": []} x', "rounds: List should have at least 1 item", "Extra data"),
    (SEATS + '"rounds": [{"deck": []} {}]}', "E_DECK_ORDER", "Expecting ',' delimiter"),
    ("{" * 70, "Expecting property name enclosed in double quotes", "nested too deeply"),
    ('{"x": ' + "[" * 70, "at x: Extra inputs are not permitted", "nested too deeply"),
])
def test_of_two_faults_the_first_in_reading_order_is_the_answer(text: str, first: str, later: Any) -> None:
    """The whole-document reader answers the JSON fault, found before anything is checked;
    the stream answers the fault it meets first."""
    if later is JSON_OWN:
        later = _json_message(text)
    kind, value = outcome(text, True)
    assert first in (value if kind == "error" else value["failure"]["message"])
    assert later in outcome(text, False)[1]


@pytest.mark.parametrize("data", [
    b"\xef\xbb\xbf" + recorded(actions=5).encode(), recorded(actions=5).encode("utf-16"),
    recorded(actions=5).encode("utf-32-le"), b'{"seats": "\xff"}', b"\xff{",
])
def test_encodings_give_the_same_results(data: bytes) -> None:
    assert outcome(data, True) == outcome(data, False)


def test_a_byte_that_is_not_utf8_after_an_illegal_action_is_not_read() -> None:
    data = huge_illegal_first(1000, tail=b', "\xff"')
    assert validate_log(data).failure is not None
    with pytest.raises(LogError, match="not UTF-8"):
        validate_log(data, streaming=False)


def test_a_duplicate_key_is_refused() -> None:
    text = recorded(actions=3)
    doubled = text.replace('"seed"', '"seats": [], "seed"', 1)
    with pytest.raises(LogError, match="at seats: Duplicate key"):
        validate_log(doubled)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(list('{}[],:"0123456789 abRW\n\\x')))
def test_one_changed_character_never_contradicts_the_whole_reader(at: int, char: str) -> None:
    """A stream answers the first fault in reading order: when it says valid the whole reader
    agrees; when it says invalid the whole reader says the same or, having met a later fault
    before replaying, unreadable; when it says unreadable so does the whole reader."""
    text = recorded(actions=12)
    i = at % len(text)
    changed = text[:i] + char + text[i + 1:]
    kind, value = outcome(changed, True)
    whole = outcome(changed, False)
    if kind == "report" and value["valid"]:
        assert whole == (kind, value)
    elif kind == "report":
        assert whole == (kind, value) or whole[0] == "error"
    else:
        assert whole[0] == "error"
