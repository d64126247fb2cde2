"""Bad input from peers: malformed, oversized, replayed, out-of-order, impossible and flooding
messages are refused with a reason, never change the game, never raise, and the game goes on
for the others."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from uno_web.room import BURST, QUEUE_LIMIT, RoomGuest, RoomHost
from uno_web.room.protocol import MAX_GUEST_MESSAGE_CHARS

from .harness import Room, fake_bytes, play_people

ROOM = "fuzz-room"

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                 max_size=4),
    max_leaves=12,
)


def _started(seed: int) -> Room:
    """A room where Hanna (seat 0, a person) is on turn, so that nothing Mallory (seat 1) sends
    may change the game: she has sent her join and her random value (messages 1 and 2)."""
    for k in range(seed, seed + 100, 7):
        host = RoomHost(ROOM, seats=3, random_bytes=fake_bytes(k), bot_delay=0.05,
                        absent_timeout=2.0)
        room = Room(host)
        room.add("hanna", RoomGuest(ROOM, "Hanna", random_bytes=fake_bytes(k + 1)))
        room.add("mallory", RoomGuest(ROOM, "Mallory", random_bytes=fake_bytes(k + 2)))
        room.add("sam", RoomGuest(ROOM, "Sam", as_role="spectator"))
        room.call(host.start(room.now))
        assert host.phase == "playing" and host.state is not None
        if host.state.turn == 0:
            assert room.guests["mallory"].seq == 2
            return room
    raise AssertionError("no deal with seat 0 on turn")


def _envelope(seq: int, **body: Any) -> dict[str, Any]:
    return {"protocol": "uno-web-room", "v": 1, "room": ROOM, "role": "player", "seat": 1,
            "seq": seq, **body}


@st.composite
def junk(draw: st.DrawFn) -> list[Any]:
    """A list of bad messages from the player at seat 1 (whose move it is not)."""
    out: list[Any] = []
    seq = 2  # the join and the random value were messages 1 and 2
    for _ in range(draw(st.integers(1, 25))):
        kind = draw(st.sampled_from(["text", "json", "field", "oversize", "replay", "ahead",
                                     "move", "object", "wrongroom"]))
        if kind == "text":
            out.append(draw(st.text(max_size=200)))
        elif kind == "json":
            out.append(json.dumps(draw(json_values)))
        elif kind == "object":
            out.append(draw(st.sampled_from([None, 7, b"{}", ["x"], {"type": "move"}])))
        elif kind == "field":
            msg = _envelope(seq + 1, type="move", move="D1")
            key = draw(st.sampled_from(sorted(msg) + ["extra"]))
            msg[key] = draw(json_values.filter(lambda v: v != msg.get(key)))
            if key == "move" and isinstance(msg[key], str):
                msg[key] = msg[key] + "#"  # never a move that reads
            out.append(json.dumps(msg))
        elif kind == "oversize":
            size = draw(st.integers(MAX_GUEST_MESSAGE_CHARS + 1, 3 * MAX_GUEST_MESSAGE_CHARS))
            out.append(json.dumps(_envelope(seq + 1, type="move", move="D1",
                                            pad="x" * size)))
        elif kind == "replay":
            out.append(json.dumps(_envelope(draw(st.integers(1, seq)), type="sync")))
        elif kind == "ahead":
            out.append(json.dumps(_envelope(seq + draw(st.integers(2, 10**6)), type="sync")))
        elif kind == "wrongroom":
            out.append(json.dumps(_envelope(seq + 1, type="sync") | {"room": "other-room"}))
        else:  # a well-formed message the game refuses: not this seat's move, or not now
            seq += 1
            move = draw(st.sampled_from(["D1", "K1", "X1", "A1", "N1", "O1=R", "P1:R7", "C1>0",
                                         "D0", "P0:G5", "U1", "P1:W+4=B"]))
            out.append(json.dumps(_envelope(seq, type="move", move=move)))
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(bad=junk(), seed=st.integers(0, 3))
def test_bad_messages_change_nothing_and_the_game_goes_on(bad: list[Any], seed: int) -> None:
    room = _started(40 + seed)
    host = room.host
    assert host.state is not None
    before = (host.state.snapshot(), json.dumps(host.records), host.phase)
    answered = len(room.inbox["mallory"])
    for text in bad:
        room.now += 0.05
        room.call(host.handle("mallory", text, room.now))
    room.tick(0.1)
    assert (host.state.snapshot(), json.dumps(host.records), host.phase) == before
    replies = [json.loads(t) for t in room.inbox["mallory"][answered:]]
    assert len(replies) <= len(bad)
    assert all(m["type"] == "refused" and m["code"] and m["message"] for m in replies), replies
    assert not any(len(p.queue) > QUEUE_LIMIT for p in host.peers.values())
    # the game goes on: Mallory's browser is gone, a bot takes her seat, the round ends
    room.drop("mallory")
    play_people(room, random.Random(seed), until=lambda: host.phase != "playing")
    assert host.phase in ("round_over", "game_over")
    assert room.guests["hanna"].verifications[1].verified
    assert room.guests["sam"].verifications[1].verified


@settings(max_examples=80, deadline=None)
@given(text=st.one_of(st.text(max_size=300), json_values.map(json.dumps),
                      st.sampled_from([None, 3, b"x", "{" * 100 + "}" * 100, "[" * 5000])))
def test_a_guest_refuses_bad_host_messages_without_raising(text: Any) -> None:
    g = RoomGuest(ROOM, "Ada")
    update = g.receive(text)
    assert update.kind == "problem" and update.problem is not None and str(update.problem)
    assert g.view is None and g.host_seq == 0 and not update.replies


def test_a_flood_from_one_peer_does_not_stop_the_others() -> None:
    room = _started(50)
    host = room.host
    assert host.state is not None
    before = host.state.snapshot()
    answered = len(room.inbox["mallory"])
    now = room.now
    flood = [json.dumps(_envelope(3 + i, type="sync")) for i in range(5000)]
    for text in flood:  # all at one instant
        room.call(host.handle("mallory", text, now))
    replies = [json.loads(t) for t in room.inbox["mallory"][answered:]]
    # the burst was served (each sync answered with the lobby and her view), the rest queued
    # up to the limit and dropped beyond it, said once
    floods = [m for m in replies if m["type"] == "refused" and m["code"] == "R_FLOOD"]
    assert len(floods) == 1
    assert len(replies) <= 2 * BURST + 1
    peer = host.peers["mallory"]
    served = peer.last_seq - 2
    assert 0 < served <= BURST
    assert len(peer.queue) == QUEUE_LIMIT and peer.dropped == 5000 - served - QUEUE_LIMIT
    # Hanna's move at the same instant is played at once
    hanna = room.guests["hanna"]
    assert hanna.view is not None and hanna.view["turn"] == 0
    seen = len(room.inbox["hanna"])
    room.call(host.handle("hanna", hanna.move(hanna.view["legal"][0]), now))
    assert host.state.snapshot() != before
    assert any(json.loads(t)["type"] == "state" for t in room.inbox["hanna"][seen:])
    # time passes: Mallory's queue is worked through at the rate, and the round goes on
    for _ in range(40):
        room.tick(0.1)
    assert len(host.peers["mallory"].queue) == 0 and not host.peers["mallory"].flood_said
    play_people(room, random.Random(1), until=lambda: host.phase != "playing")
    assert host.phase in ("round_over", "game_over")
    assert room.guests["hanna"].verifications[1].verified


def test_connections_past_the_limit_are_closed() -> None:
    from uno_web.room.host import MAX_PEERS

    host = RoomHost(ROOM, seats=2, random_bytes=fake_bytes(70))
    for i in range(MAX_PEERS):
        assert host.connected(f"p{i}", 0.0) == []
    out = host.connected("one-too-many", 0.0) + host.handle("another", "{}", 0.0)
    assert [json.loads(t)["code"] for _, t in out] == ["R_ROOM_FULL", "R_ROOM_FULL"]
    assert len(host.peers) == MAX_PEERS
    host.disconnected("p0", 0.0)
    assert host.connected("now-there-is-room", 0.0) == [] and "now-there-is-room" in host.peers


@settings(max_examples=60, deadline=None)
@given(bad=st.lists(st.one_of(st.text(max_size=200), json_values.map(json.dumps),
                              st.builds(lambda seq, kind, extra: json.dumps(
                                  {"protocol": "uno-web-room", "v": 1, "room": ROOM,
                                   "role": "visitor", "seat": None, "seq": seq, "type": kind,
                                   **extra}),
                                  st.integers(-3, 5),
                                  st.sampled_from(["join", "move", "entropy", "sync", "leave",
                                                   "welcome", "reveal"]),
                                  st.dictionaries(st.sampled_from(
                                      ["name", "as_role", "want", "token", "move", "round",
                                       "value"]), json_values, max_size=3))),
                    max_size=30))
def test_junk_in_the_lobby_takes_no_seat(bad: list[str]) -> None:
    host = RoomHost(ROOM, seats=2, random_bytes=fake_bytes(80))
    host.connected("v", 0.0)
    for i, text in enumerate(bad):
        for _, reply in host.handle("v", text, i * 0.1):
            assert json.loads(reply)["type"] in ("refused", "welcome", "lobby")
    taken = [s for s in host.slots if s.kind != "empty"]
    # a seat is taken only by a join that reads: a name, and nothing the join does not have
    for slot in taken:
        assert slot.kind == "person" and 1 <= len(slot.name) <= 40
    assert host.phase == "lobby" and host.state is None
