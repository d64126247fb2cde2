"""People come and go: a rejoin by token gets the same seat and hand, an absent person's seat is
played by a bot after the timeout (and not before), the host's reload resumes the room, and the
host leaving is said in plain words."""

from __future__ import annotations

import json
import random

from uno_web.core.cards import card_str
from uno_web.room import RoomGuest, RoomHost

from .harness import Room, fake_bytes, play_people

ROOM = "presence-room"
TIMEOUT = 20.0


def _started(seed: int = 11, seats: int = 3) -> Room:
    host = RoomHost(ROOM, seats=seats, random_bytes=fake_bytes(seed), bot_delay=0.05,
                    absent_timeout=TIMEOUT)
    room = Room(host)
    room.add("hanna", RoomGuest(ROOM, "Hanna", random_bytes=fake_bytes(seed + 1)))
    room.add("ada", RoomGuest(ROOM, "Ada", random_bytes=fake_bytes(seed + 2)))
    room.call(host.start(room.now))
    assert [s.kind for s in host.slots] == ["person", "person", "bot"][:seats]
    return room


def _turn_of(room: Room, seat: int, seed: int = 1) -> None:
    host = room.host
    play_people(room, random.Random(seed), until=lambda: host.state is not None
                and host.state.turn == seat and host.phase == "playing")
    assert host.state is not None and host.state.turn == seat


def test_rejoin_by_token_gets_the_same_seat_and_hand() -> None:
    room = _started()
    host = room.host
    _turn_of(room, 0)
    ada = room.guests["ada"]
    token, hand = ada.token, ada.view["hand"] if ada.view else None
    assert token and hand
    room.drop("ada")
    assert host.seat_infos()[1].present is False
    again = RoomGuest(ROOM, "Ada on her phone", token=token)
    room.add("ada-phone", again)
    assert again.seat == 1 and again.role == "player"
    assert again.view is not None and again.view["hand"] == hand
    assert host.state is not None and hand == [card_str(c) for c in host.state.hands[1]]
    assert host.slots[1].name == "Ada"  # the seat keeps its name
    # the game goes on with her new connection
    play_people(room, random.Random(3), until=lambda: host.phase != "playing")
    assert host.phase in ("round_over", "game_over")
    assert again.verifications[1].verified


def test_a_second_connection_with_the_token_replaces_the_first() -> None:
    room = _started(13)
    old = room.guests["ada"]
    again = RoomGuest(ROOM, "Ada", token=old.token)
    room.add("ada-2", again)
    assert again.seat == 1 and "ada" not in room.host.peers
    assert old.closed is not None and old.closed.code == "R_REPLACED"
    before = room.host.state.snapshot() if room.host.state else None
    room.send("ada", old.move("D1"))  # the old connection is a stranger now
    assert room.messages("ada")[-1]["type"] == "refused"
    assert room.messages("ada")[-1]["code"] in ("R_OUT_OF_ORDER", "R_WRONG_SENDER")
    assert room.host.state is not None and room.host.state.snapshot() == before


def test_an_absent_seat_is_played_by_a_bot_after_the_timeout_and_given_back() -> None:
    room = _started(17)
    host = room.host
    _turn_of(room, 1)
    room.drop("ada")
    before = (host.state.snapshot() if host.state else None, len(host.records[-1]["actions"]))
    for _ in range(int(TIMEOUT / 0.5) - 2):  # within the timeout the seat waits for her
        room.tick(0.5)
    assert host.state is not None
    assert (host.state.snapshot(), len(host.records[-1]["actions"])) == before
    assert not host.slots[1].standin
    room.tick(2.0)  # past the timeout: a bot plays her seat
    assert host.slots[1].standin
    notices = [m for m in room.messages("hanna") if m["type"] == "notice"]
    assert notices and notices[-1]["code"] == "R_SEAT_BOT" and notices[-1]["params"]["seat"] == 1
    for _ in range(3):
        room.tick(0.1)
    played = [a for a in host.records[-1]["actions"][before[1]:] if a["seat"] == 1]
    assert played, "the stand-in bot did not play seat 1"
    # she comes back: her seat is hers again, the bot stops
    back = RoomGuest(ROOM, "Ada", token=_token(room, "ada"))
    room.add("ada-back", back)
    assert back.seat == 1 and not host.slots[1].standin
    assert any(m["type"] == "notice" and m["code"] == "R_SEAT_BACK"
               for m in room.messages("hanna"))
    _turn_of(room, 1, seed=4)
    n = len(host.records[-1]["actions"])
    for _ in range(10):
        room.tick(0.5)
    assert host.state is not None and host.state.turn == 1
    assert len(host.records[-1]["actions"]) == n, "a bot played a seat whose person is back"


def _token(room: Room, peer: str) -> str:
    for m in room.messages(peer):
        if m["type"] == "welcome" and m["token"]:
            return str(m["token"])
    raise AssertionError("no token")


def test_the_hosts_reload_resumes_the_room() -> None:
    room = _started(19)
    host = room.host
    _turn_of(room, 1)
    hands = {p: g.view["hand"] for p, g in room.guests.items() if g.view}
    saved = host.save()
    assert host.host_value.hex() in saved  # the save is the host's own: it holds the secret
    resumed = RoomHost.resume(saved, room.now, random_bytes=fake_bytes(99))
    assert resumed.state is not None and host.state is not None
    assert resumed.state.snapshot() == host.state.snapshot()
    assert resumed.records == host.records and resumed.phase == host.phase
    # the guests' connections are new; they take their seats back with their tokens
    room.host = resumed
    old = dict(room.guests)
    for peer, g in old.items():
        room.guests.pop(peer)
        room.guests[peer + "-2"] = g
        room.inbox.setdefault(peer + "-2", [])
        room.call(resumed.connected(peer + "-2", room.now))
        room.send(peer + "-2", g.reconnect())
        assert g.view is not None and g.view["hand"] == hands[peer]
    play_people(room, random.Random(8), until=lambda: resumed.phase != "playing")
    assert resumed.phase in ("round_over", "game_over")
    for g in room.guests.values():
        v = g.verifications[1]
        assert v.verified, v


def test_the_host_leaving_is_said_in_plain_words() -> None:
    room = _started(23)
    room.call(room.host.close())
    for g in room.guests.values():
        assert g.closed is not None and g.closed.code == "R_HOST_CLOSED"
        assert g.closed.message == "The host closed the room."
    lost = RoomGuest(ROOM, "Ada")
    words = lost.host_gone()
    assert words.code == "R_HOST_GONE" and "cannot go on" in words.message
    assert room.host.handle("ada", "{}", room.now) == []  # a closed room answers nothing


def test_a_late_random_value_is_left_out_and_said_so() -> None:
    host = RoomHost(ROOM, seats=3, random_bytes=fake_bytes(29), entropy_timeout=5.0)
    room = Room(host)
    room.add("hanna", RoomGuest(ROOM, "Hanna", random_bytes=fake_bytes(30)))
    slow = RoomGuest(ROOM, "Ada", random_bytes=fake_bytes(31), auto_entropy=False)
    room.add("ada", slow)
    room.call(host.start(room.now))
    assert host.phase == "dealing" and host.wanted == [0, 1] and sorted(host.given) == [0]
    for _ in range(40):  # 4 s: still waiting for Ada's value
        room.tick(0.1)
    assert host.phase == "dealing"
    room.tick(1.5)
    assert host.phase == "playing"
    assert slow.contributed[1] is False and room.guests["hanna"].contributed[1] is True
    room.send("ada", slow.entropy(1))  # too late
    assert room.messages("ada")[-1]["code"] == "R_NO_ENTROPY_WANTED"
    assert [e["seat"] for e in host.records[0]["entropy"]] == [0]
    play_people(room, random.Random(2), until=lambda: host.phase != "playing")
    assert slow.verifications[1].verified  # its value was not claimed: nothing to miss


def test_a_guest_keeps_what_it_needs_across_a_reload() -> None:
    room = _started(37)
    host = room.host
    _turn_of(room, 1)
    ada = room.guests["ada"]
    saved = ada.save()
    assert ada.token and ada.token in saved and ada.values[1] in saved
    room.drop("ada")
    again = RoomGuest.restore(saved, random_bytes=fake_bytes(38))
    room.guests["ada-2"] = again
    room.inbox["ada-2"] = []
    room.call(host.connected("ada-2", room.now))
    room.send("ada-2", again.reconnect())
    assert again.seat == 1 and again.view is not None
    assert again.view["hand"] == [card_str(c) for c in host.state.hands[1]]  # type: ignore[union-attr]
    play_people(room, random.Random(5), until=lambda: host.phase != "playing")
    v = again.verifications[1]
    assert v.verified, v
    for bad in ("", "{}", "[]", saved.replace('"values":{', '"values":{"2":"zz",'),
                saved.replace('"room":"presence-room"', '"room":"a b"')):
        try:
            RoomGuest.restore(bad)
        except ValueError as exc:
            assert "save" in str(exc)
        else:
            raise AssertionError(f"restored {bad[:30]!r}")


def test_a_bad_save_is_refused_with_a_reason() -> None:
    import pytest

    from uno_web.room import RoomError

    room = _started(41)
    _turn_of(room, 2)
    saved = room.host.save()
    tampered = json.loads(saved)
    tampered["records"][0]["actions"][0] = {"kind": "challenge", "seat": 0}
    for bad, words in [
        ("", "cannot be read"), ("{}", "cannot be read"),
        (saved.replace('"kind":"bot"', '"kind":"dragon"'), "cannot be read"),
        (saved.replace('"phase":"playing"', '"phase":"lobby"'), "disagree"),
        (json.dumps(tampered), "does not replay"),
    ]:
        with pytest.raises(RoomError) as info:
            RoomHost.resume(bad, 0.0)
        assert words in str(info.value), (bad[:40], str(info.value))


def test_a_spectator_who_comes_late_verifies_every_round() -> None:
    room = _started(43)
    host = room.host
    play_people(room, random.Random(9), until=lambda: host.revealed >= 2)
    late = RoomGuest(ROOM, "Lea", as_role="spectator")
    room.add("lea", late)
    assert sorted(late.verifications) == [1, 2]
    assert all(v.verified for v in late.verifications.values())
    # the host sending a revealed round again with another record is caught
    record = json.loads(json.dumps(host.records[0]))
    record["host_value"] = "00" * 32
    fake = {"protocol": "uno-web-room", "v": 1, "room": ROOM, "role": "host", "seat": None,
            "seq": late.host_seq + 1, "type": "reveal", "record": record}
    update = late.receive(json.dumps(fake))
    assert update.verification is not None
    assert (update.verification.code, update.verification.round) == ("V_RECORD_CHANGED", 1)
    # sync: the same rounds again, the same answers
    before = len(room.inbox["lea"])
    room.send("lea", late.sync())
    kinds = [m["type"] for m in room.messages("lea")[before:]]
    assert kinds.count("reveal") == 2 and late.verifications[1].verified


def test_every_lobby_follows_the_start_and_the_seats() -> None:
    """Each guest's lobby says what the host's does: seats set, the start (the empty seats
    now bots', before the deal is done), a spectator gone, a person away and back."""
    host = RoomHost(ROOM, seats=4, random_bytes=fake_bytes(31), entropy_timeout=30.0)
    room = Room(host)
    hanna = RoomGuest(ROOM, "Hanna", random_bytes=fake_bytes(32), auto_entropy=False)
    ada = RoomGuest(ROOM, "Ada", random_bytes=fake_bytes(33), auto_entropy=False)
    dee = RoomGuest(ROOM, "Dee", as_role="spectator", random_bytes=fake_bytes(34))
    room.add("hanna", hanna)
    room.add("ada", ada)
    room.add("dee", dee)

    def kinds(g: RoomGuest) -> list[str]:
        assert g.lobby is not None
        return [s.kind for s in g.lobby.seats]

    room.call(host.set_seat(2, "bot", "hard"))
    assert kinds(ada) == kinds(dee) == ["person", "person", "bot", "empty"]
    assert ada.lobby is not None and ada.lobby.spectators == 1
    room.call(host.start(room.now))
    assert host.phase == "dealing"  # the values are not in yet: no view, no deal
    for g in (hanna, ada, dee):
        assert g.view is None and g.lobby is not None and g.lobby.started
        assert kinds(g) == ["person", "person", "bot", "bot"]
        assert [s.name for s in g.lobby.seats][3] == "Bot 4"
    room.drop("dee")
    assert hanna.lobby is not None and hanna.lobby.spectators == 0
    room.drop("ada")
    assert hanna.lobby is not None and hanna.lobby.seats[1].present is False
