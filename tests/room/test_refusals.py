"""A guest's illegal or impossible message is refused to that guest with its code and words, and
the host's game is exactly as it was."""

from __future__ import annotations

import json
import random

from uno_web.core import check, parse_move
from uno_web.core.cards import ALL_CARDS, card_str
from uno_web.i18n.verdicts import verdict_detail
from uno_web.room import RoomGuest, RoomHost, describe

from .harness import Room, fake_bytes, play_people

ROOM = "refusals-room"


def _started(seed: int = 3) -> Room:
    host = RoomHost(ROOM, seats=3, random_bytes=fake_bytes(seed), bot_delay=0.05)
    room = Room(host)
    room.add("hanna", RoomGuest(ROOM, "Hanna", random_bytes=fake_bytes(seed + 1)))
    room.add("ada", RoomGuest(ROOM, "Ada", random_bytes=fake_bytes(seed + 2)))
    room.add("sam", RoomGuest(ROOM, "Sam", as_role="spectator"))
    room.call(host.start(room.now))
    return room


def _frozen(room: Room) -> tuple[object, ...]:
    host = room.host
    assert host.state is not None
    return (host.state.snapshot(), json.dumps(host.records), host.phase)


def _last(room: Room, peer: str) -> dict[str, object]:
    return room.messages(peer)[-1]


def test_an_illegal_move_is_refused_with_its_code_and_nothing_changes() -> None:
    room = _started()
    host = room.host
    play_people(room, random.Random(1), until=lambda: host.state is not None
                and host.state.turn == 1 and host.phase == "playing")
    s = host.state
    assert s is not None and s.turn == 1
    ada = room.guests["ada"]
    stranger = next(c for c in ALL_CARDS if c not in s.hands[1])
    text = f"P1:{card_str(stranger)}"
    before = _frozen(room)
    seen = {p: len(room.inbox[p]) for p in room.guests}
    room.send("ada", ada.move(text))
    assert _frozen(room) == before
    # only Ada hears of it: one refusal, for her message, with the validator's code and facts
    assert {p: len(room.inbox[p]) - seen[p] for p in room.guests} == {"hanna": 0, "ada": 1, "sam": 0}
    refused = _last(room, "ada")
    verdict = check(s, parse_move(text))
    assert refused["type"] == "refused" and refused["refers_to"] == ada.seq
    assert refused["code"] == verdict.code.value == "E_CARD_NOT_OWNED"
    assert refused["message"] == verdict.message and refused["move"] == text
    # the facts write it in Finnish as the table does
    assert describe(refused["code"], refused["params"], "fi") == verdict_detail(verdict, "fi")
    assert describe(refused["code"], refused["params"], "en") == verdict.detail
    assert ada.refusals[-1].code == "E_CARD_NOT_OWNED"


def test_not_your_turn_and_unreadable_moves() -> None:
    room = _started(5)
    host = room.host
    play_people(room, random.Random(2), until=lambda: host.state is not None
                and host.state.turn == 0 and host.phase == "playing")
    ada = room.guests["ada"]
    before = _frozen(room)
    room.send("ada", ada.move("D1"))
    assert _last(room, "ada")["code"] == "E_NOT_TURN"
    room.send("ada", ada.move("Z9"))
    unread = _last(room, "ada")
    assert unread["code"] == "E_MALFORMED"
    assert unread["params"] == {"form": "notation", "value": "'Z9'"}  # facts, no English
    room.send("ada", ada.move("D0"))  # another seat's move
    refused = _last(room, "ada")
    assert refused["code"] == "R_NOT_YOUR_SEAT" and refused["params"] == {
        "move": "D0", "seat": 0, "yours": 1}
    assert describe("R_NOT_YOUR_SEAT", refused["params"], "fi") == (
        "Siirto D0 on paikalle 0; sinun paikkasi on 1.")
    sam = room.guests["sam"]
    room.send("sam", sam.move("D0"))
    assert _last(room, "sam")["code"] == "R_SPECTATOR_MOVE"
    room.send("ada", ada.entropy(1))  # nobody asked for it
    assert _last(room, "ada")["code"] == "R_NO_ENTROPY_WANTED"
    assert _frozen(room) == before


def test_lobby_refusals() -> None:
    host = RoomHost(ROOM, seats=2, random_bytes=fake_bytes(9), allow_spectators=False)
    room = Room(host)
    room.add("a", RoomGuest(ROOM, "Ada"))
    room.add("b", RoomGuest(ROOM, "Ben", want=0))
    assert _last(room, "b")["code"] == "R_SEAT_TAKEN"
    room.add("c", RoomGuest(ROOM, "Cid"))
    assert room.guests["c"].seat == 1
    room.add("d", RoomGuest(ROOM, "Dan"))
    assert _last(room, "d")["code"] == "R_ROOM_FULL"
    room.add("s", RoomGuest(ROOM, "Sam", as_role="spectator"))
    assert _last(room, "s")["code"] == "R_SPECTATORS_REFUSED"
    room.add("x", RoomGuest(ROOM, "Xan", token="0" * 32))
    assert _last(room, "x")["code"] == "R_BAD_TOKEN"
    a = room.guests["a"]
    room.send("a", a.join())
    assert _last(room, "a")["code"] == "R_ALREADY_JOINED"
    room.call(host.set_allow_spectators(True))
    room.call(host.start(room.now))
    room.add("late", RoomGuest(ROOM, "Lea"))
    assert _last(room, "late")["code"] == "R_STARTED"
    room.add("s2", RoomGuest(ROOM, "Sue", as_role="spectator"))
    assert room.guests["s2"].role == "spectator"
    # the host changes its mind: the spectator is let out, in words
    room.call(host.set_allow_spectators(False))
    closed = room.guests["s2"].closed
    assert closed is not None and closed.code == "R_REMOVED"
    assert "s2" not in host.peers


def test_a_name_the_table_speaks_with_is_refused() -> None:
    host = RoomHost(ROOM, seats=2, random_bytes=fake_bytes(10))
    room = Room(host)
    room.add("y", RoomGuest(ROOM, "You"))
    refused = _last(room, "y")
    assert refused["code"] == "R_BAD_NAME"
    assert describe("R_BAD_NAME", refused["params"], "fi").startswith("Valitse toinen nimi")
    room.add("z", RoomGuest(ROOM, "   "))
    assert _last(room, "z")["code"] == "R_BAD_NAME"
    assert [s.kind for s in host.slots] == ["empty", "empty"]


def test_the_hosts_own_mistakes_are_refused_with_a_reason() -> None:
    import pytest

    from uno_web.core import resolve_rules
    from uno_web.room import RoomError

    with pytest.raises(RoomError, match="room id"):
        RoomHost("a b", seats=2)
    with pytest.raises(RoomError, match="2 to 10"):
        RoomHost(ROOM, seats=11)
    with pytest.raises(RoomError, match="cards of the deck"):
        RoomHost(ROOM, seats=10, rules=resolve_rules("playing-cards"))
    host = RoomHost(ROOM, seats=10)
    with pytest.raises(RoomError, match="cards of the deck"):
        host.set_rules(resolve_rules("playing-cards"))
    with pytest.raises(RoomError, match="bot level"):
        host.set_seat(1, "bot", "grandmaster")
    with pytest.raises(RoomError, match="nobody"):
        host.start(0.0)
    with pytest.raises(RoomError, match="not over"):
        host.next_round(0.0)
    with pytest.raises(RoomError, match="no seat"):
        host.set_seat(10, "bot")
    assert host.phase == "lobby" and all(s.kind == "empty" for s in host.slots)


def test_a_refused_move_carries_what_the_sender_could_do_instead() -> None:
    """``hinter`` (the table's ``suggest`` in the browser) writes the refusal's ``hint`` from
    the game as it was; without one the hint is empty. Either way the game is unchanged, and
    the guest keeps the refusal among the verdicts it has seen."""
    room = _started(5)
    host = room.host
    play_people(room, random.Random(2), until=lambda: host.state is not None
                and host.state.turn == 0 and host.phase == "playing")
    ada = room.guests["ada"]
    s = host.state
    assert s is not None and ada.view is not None
    card = ada.view["hand"][0]
    room.send("ada", ada.move(f"P1:{card}"))  # not Ada's turn
    plain = _last(room, "ada")
    assert plain["type"] == "refused" and plain["code"] == "E_NOT_TURN" and plain["hint"] == ""
    asked: list[tuple[int, int]] = []

    def hinter(state: object, seat: int) -> str:
        asked.append((id(state), seat))
        return f"Wait for seat {getattr(state, 'turn')}."

    host.hinter = hinter
    before = _frozen(room)
    room.send("ada", ada.move(f"P1:{card}"))
    refused = _last(room, "ada")
    assert refused["hint"] == "Wait for seat 0." and asked == [(id(host.state), 1)]
    assert _frozen(room) == before
    kept = ada.verdicts[-1]
    assert kept["ok"] is False and kept["code"] == "E_NOT_TURN" and kept["hint"] == "Wait for seat 0."
    assert kept["seat"] == 1 and kept["move"] == f"P1:{card}"
    # a room's own refusal is not a verdict of the rules: not kept among them
    n = len(ada.verdicts)
    room.send("ada", ada.move(f"P0:{card}"))
    assert _last(room, "ada")["code"] == "R_NOT_YOUR_SEAT" and len(ada.verdicts) == n


def test_a_refused_guest_reads_the_hint_in_finnish_from_its_facts() -> None:
    """The table's hint is sent with its facts (a phrase key, cards, names, counts): a guest's
    Finnish screen writes it from them, never from the host's English."""
    from uno_web.i18n.ui import tr
    from uno_web.web.room_screen import _hint
    from uno_web.web.session import suggest_words

    room = _started(5)
    host = room.host
    host.hinter = suggest_words
    play_people(room, random.Random(2), until=lambda: host.state is not None
                and host.state.turn == 0 and host.phase == "playing")
    ada = room.guests["ada"]
    assert ada.view is not None
    room.send("ada", ada.move(f"P1:{ada.view['hand'][0]}"))  # not Ada's turn
    refused = _last(room, "ada")
    words = refused["hint_words"]
    assert isinstance(words, dict) and str(words["key"]).startswith("could")
    kept = ada.verdicts[-1]
    assert kept["hint_words"] == words and kept["hint"] == refused["hint"]
    fi = tr(_hint(kept), "fi")
    assert fi != refused["hint"] and fi.startswith(("Nyt on", "Odota", "Voisit"))
    # facts that do not read as a phrase leave the host's English, never an error
    assert _hint({"hint": "Wait.", "hint_words": {"key": "nope", "params": {}}}) == "Wait."
