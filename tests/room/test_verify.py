"""Round verification: a game's revealed rounds verify, and a tampered value, deck, reshuffle or
action is found at its round and action index with the right code, both by
``verify_room_log`` and by a guest that receives the tampered reveal."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from uno_web.core import check
from uno_web.core.cards import card_str
from uno_web.core.gamelog import move_from_action, parse_log, replay
from uno_web.room import RoomGuest, RoomHost, commitment, verify_room_log
from uno_web.room.roomlog import RoundRecord

from .harness import Room, fake_bytes, play_people

ROOM = "verify-room"


def _game(seed: int) -> Room:
    host = RoomHost(ROOM, seats=4, random_bytes=fake_bytes(seed), bot_delay=0.0)
    room = Room(host, check=False)
    for i, name in enumerate(["Hanna", "Ada", "Ben"]):
        room.add(name, RoomGuest(ROOM, name, random_bytes=fake_bytes(seed * 10 + i)))
    room.call(host.start(0))
    play_people(room, random.Random(seed))
    assert host.phase == "game_over"
    return room


@pytest.fixture(scope="module")
def game() -> Room:
    return _game(1)  # three rounds; round 1 reshuffles the draw pile at its 143rd action


@pytest.fixture()
def log(game: Room) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(game.host.room_log().model_dump_json())
    return data


def _offset(log: dict[str, Any], rnd: int) -> int:
    """Actions before round ``rnd`` (1-based) over the whole log."""
    return sum(len(r["actions"]) for r in log["rounds"][:rnd - 1])


def test_an_honest_game_verifies(game: Room, log: dict[str, Any]) -> None:
    v = verify_room_log(json.dumps(log))
    assert v.verified and v.code == "VERIFIED"
    rounds = len(log["rounds"])
    assert rounds >= 3 and v.rounds_checked == rounds
    assert v.actions_checked == sum(len(r["actions"]) for r in log["rounds"])
    assert any(a["reshuffles"] for r in log["rounds"] for a in r["actions"])
    for g in game.guests.values():
        assert [x.verified for x in g.verifications.values()] == [True] * rounds


def test_a_tampered_value_is_a_commitment_fault(log: dict[str, Any]) -> None:
    bad = copy.deepcopy(log)
    value = bytearray.fromhex(bad["rounds"][1]["host_value"])
    value[0] ^= 1
    bad["rounds"][1]["host_value"] = value.hex()
    v = verify_room_log(bad)
    assert (v.verified, v.code, v.round, v.action_index, v.index) == (
        False, "V_COMMITMENT", 2, -1, _offset(log, 2))
    assert v.rounds_checked == 1


def test_a_value_that_matches_a_new_commitment_is_still_caught(log: dict[str, Any]) -> None:
    """A host that changes its value and the commitment in the log together is caught by the
    commitment each guest received before the deal."""
    bad = copy.deepcopy(log)
    new = bytes(32)
    bad["rounds"][0]["host_value"] = new.hex()
    bad["rounds"][0]["commitment"] = commitment(ROOM, 1, new)
    received = {r["round"]: r["commitment"] for r in log["rounds"]}
    v = verify_room_log(bad, commitments=received)
    assert (v.code, v.round, v.action_index) == ("V_COMMITMENT_CHANGED", 1, -1)
    assert verify_room_log(bad).code == "V_DECK_NOT_JOINT"  # without them: not the joint deck


def test_a_tampered_guest_value_or_deck_is_not_the_joint_deck(log: dict[str, Any]) -> None:
    bad = copy.deepcopy(log)
    bad["rounds"][2]["entropy"][0]["value"] = "ab" * 32
    v = verify_room_log(bad)
    assert (v.code, v.round, v.action_index, v.index) == ("V_DECK_NOT_JOINT", 3, -1,
                                                          _offset(log, 3))
    bad = copy.deepcopy(log)
    deck = bad["rounds"][0]["deck"]
    i = next(i for i in range(1, len(deck)) if deck[i] != deck[0])
    deck[0], deck[i] = deck[i], deck[0]
    assert verify_room_log(bad).code == "V_DECK_NOT_JOINT"


def test_a_guest_whose_value_was_left_out(log: dict[str, Any]) -> None:
    seat = log["rounds"][0]["entropy"][1]["seat"]
    mine = {1: log["rounds"][0]["entropy"][1]["value"]}
    assert verify_room_log(log, own_seat=seat, own_values=mine).verified
    v = verify_room_log(log, own_seat=seat, own_values={1: "cd" * 32})
    assert (v.code, v.round) == ("V_VALUE_MISSING", 1)


def _state_before(log: dict[str, Any], rnd: int, j: int) -> Any:
    game = parse_log(json.dumps({k: log[k] for k in ("rules", "seats")} | {
        "format": "uno-web-log", "version": 1,
        "rounds": [{"deck": r["deck"], "actions": r["actions"]} for r in log["rounds"]]}))
    states, _ = replay(game, stop_at=_offset(log, rnd) + (rnd - 1) + j)
    return states[-1]


@pytest.mark.parametrize("rnd, j", [(1, 5), (2, 0), (3, 17)])
def test_a_tampered_action_is_found_at_its_index_with_its_code(log: dict[str, Any], rnd: int,
                                                                j: int) -> None:
    bad = copy.deepcopy(log)
    action = bad["rounds"][rnd - 1]["actions"][j]
    state = _state_before(log, rnd, j)
    assert state.round == rnd
    # the seat plays a card it does not hold
    stranger = next(c for c in state.r.cards if c not in state.hands[action["seat"]])
    bad["rounds"][rnd - 1]["actions"][j] = {"kind": "play", "seat": action["seat"],
                                            "card": card_str(stranger)}
    expected = check(state, move_from_action(
        RoundRecord.model_validate(bad["rounds"][rnd - 1]).actions[j]))
    assert not expected.ok
    v = verify_room_log(bad)
    assert (v.verified, v.code, v.round, v.action_index, v.index) == (
        False, expected.code.value, rnd, j, _offset(log, rnd) + j)
    assert v.message == expected.message


def test_a_tampered_reshuffle_is_found_at_its_action(log: dict[str, Any]) -> None:
    bad = copy.deepcopy(log)
    rnd, j = next((r["round"], j) for r in bad["rounds"] for j, a in enumerate(r["actions"])
                  if a["reshuffles"])
    order = bad["rounds"][rnd - 1]["actions"][j]["reshuffles"][0]
    k = next(k for k in range(1, len(order)) if order[k] != order[0])
    order[0], order[k] = order[k], order[0]  # still the same cards: the engine accepts it
    v = verify_room_log(bad)
    assert (v.code, v.round, v.action_index, v.index) == (
        "V_RESHUFFLE_NOT_JOINT", rnd, j, _offset(log, rnd) + j)


def test_a_round_revealed_before_its_end(log: dict[str, Any]) -> None:
    bad = copy.deepcopy(log)
    bad["rounds"] = bad["rounds"][:1]
    bad["rounds"][0]["actions"].pop()
    v = verify_room_log(bad)
    assert (v.code, v.round) == ("V_ROUND_NOT_OVER", 1)


@pytest.mark.parametrize("text", [
    "", "[]", "{", '{"format": "uno-web-room-log"}', "x" * 100,
    '{"format": "uno-web-room-log", "version": 1, "room": "a b", "seats": [], "rounds": []}',
])
def test_an_unreadable_log_is_a_fault_never_an_exception(text: str) -> None:
    v = verify_room_log(text)
    assert not v.verified and v.code == "V_MALFORMED_LOG" and v.message


def test_a_guest_that_receives_a_tampered_reveal_says_where() -> None:
    """Through the messages: the host's reveals are tampered on the way to Ada (round 1's
    value) and to Ben (an action of round 2); each browser finds its fault, Cid's verifies."""
    host = RoomHost(ROOM, seats=3, random_bytes=fake_bytes(31), bot_delay=0.0)
    room = Room(host, check=False)
    for i, name in enumerate(("ada", "ben", "cid")):
        room.add(name, RoomGuest(ROOM, name.title(), random_bytes=fake_bytes(32 + i)))
    j = 3  # the action of round 2 tampered on its way to Ben

    def tamper(recipient: str, msg: dict[str, Any]) -> dict[str, Any]:
        if msg["type"] != "reveal":
            return msg
        record = msg["record"]
        if recipient == "ada" and record["round"] == 1:
            value = bytearray.fromhex(record["host_value"])
            value[5] ^= 0x80
            record["host_value"] = value.hex()
        if recipient == "ben" and record["round"] == 2:
            seat = record["actions"][j]["seat"]
            record["actions"][j] = {"kind": "play", "seat": seat, "card": "W+4", "color": "R"}
        return msg

    room.tamper = tamper
    room.call(host.start(0))
    play_people(room, random.Random(3), until=lambda: host.state is not None
                and host.state.round >= 2 and host.phase != "playing")
    assert len(host.records) == 2 and host.revealed == 2
    ada, ben, cid = (room.guests[p] for p in ("ada", "ben", "cid"))
    assert cid.verifications[1].verified and cid.verifications[2].verified
    v = ada.verifications[1]
    assert (v.verified, v.code, v.round, v.action_index) == (False, "V_COMMITMENT", 1, -1)
    assert ben.verifications[1].verified
    log = json.loads(host.room_log().model_dump_json())
    seat = log["rounds"][1]["actions"][j]["seat"]
    expected = check(_state_before(log, 2, j), move_from_action(
        RoundRecord.model_validate(log["rounds"][1] | {"actions": [
            {"kind": "play", "seat": seat, "card": "W+4", "color": "R"}]}).actions[0]))
    v = ben.verifications[2]
    assert not expected.ok
    assert (v.verified, v.code, v.round, v.action_index, v.index) == (
        False, expected.code.value, 2, j, len(log["rounds"][0]["actions"]) + j)
