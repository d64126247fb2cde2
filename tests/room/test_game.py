"""A whole game between a host, two guests, a bot and a spectator, driven through the
protocol's text messages only; every message a guest or the spectator receives is checked to
show nothing of another seat's hand or of the draw order."""

from __future__ import annotations

import json
import random
import sys

import pytest

from uno_web.core import PRESETS, resolve_rules
from uno_web.core.cards import card_str
from uno_web.core.state import Phase
from uno_web.room import RoomGuest, RoomHost, describe, make_room_id, verify_room_log

from .harness import Leak, Room, check_message, fake_bytes, play_people

ROOM = "kitchen-table"


def _room(seed: int, **kw: object) -> Room:
    host = RoomHost(ROOM, seats=4, random_bytes=fake_bytes(seed), bot_delay=0.05,
                    absent_timeout=30, bot_maker=None, **kw)  # type: ignore[arg-type]
    room = Room(host)
    room.add("host-screen", RoomGuest(ROOM, "Hanna", random_bytes=fake_bytes(seed + 1)))
    room.add("ada", RoomGuest(ROOM, "Ada", random_bytes=fake_bytes(seed + 2)))
    room.add("ben", RoomGuest(ROOM, "Ben", random_bytes=fake_bytes(seed + 3)))
    room.add("sam", RoomGuest(ROOM, "Sam", as_role="spectator", random_bytes=fake_bytes(seed + 4)))
    room.call(host.set_seat(3, "bot", "easy"))
    return room


def test_a_whole_game_through_text_messages() -> None:
    room = _room(1, rules=resolve_rules("official").model_copy(update={"target_score": 200}))
    host = room.host
    assert [g.seat for g in room.guests.values()] == [0, 1, 2, None]
    room.call(host.start(room.now))
    assert host.phase == "playing"
    steps = play_people(room, random.Random(5))
    assert host.phase == "game_over", steps
    assert host.state is not None and host.state.phase == Phase.GAME_OVER
    rounds = host.state.round
    assert rounds >= 2, "the game should take several rounds (every round is re-dealt jointly)"
    # every guest and the spectator verified every round
    for peer, g in room.guests.items():
        assert sorted(g.verifications) == list(range(1, rounds + 1)), peer
        assert all(v.verified for v in g.verifications.values()), (peer, g.verifications)
        assert not g.problems, (peer, g.problems)
        # each person's value went into each round's deal
        if g.seat is not None:
            assert all(g.contributed[k] for k in range(1, rounds + 1)), peer
    # the bot played, and the people's moves were their own
    actions = [a for r in host.records for a in r["actions"]]
    assert {a["seat"] for a in actions} == {0, 1, 2, 3}
    # the whole room log verifies, and guests saw the scores of the end
    assert verify_room_log(host.room_log().model_dump_json()).verified
    # any guest can export the same room log
    assert room.guests["sam"].room_log() == room.guests["ada"].room_log() == host.room_log()
    assert make_room_id(fake_bytes(1)) != make_room_id(fake_bytes(2))
    assert all(RoomHost(make_room_id()).room for _ in range(20))
    assert room.guests["sam"].view is not None
    assert room.guests["sam"].view["winner"] == host.state.winner
    assert room.checked > 300


def test_the_checker_catches_a_leak() -> None:
    """The message checker used above fails on the leaks it looks for."""
    room = _room(2)
    room.call(room.host.start(room.now))
    s = room.host.state
    assert s is not None
    honest = room.messages("ada")[-1]
    assert honest["type"] == "state"
    check_message(honest, 1, s, "playing")
    leaky = json.loads(json.dumps(honest))
    leaky["view"]["hand"] = [card_str(c) for c in s.hands[2]]
    with pytest.raises(Leak):
        check_message(leaky, 1, s, "playing")
    leaky = json.loads(json.dumps(honest))
    leaky["view"]["others"] = [card_str(c) for c in s.hands[2]]
    with pytest.raises(Leak):
        check_message(leaky, 1, s, "playing")
    leaky = json.loads(json.dumps(honest))
    leaky["view"]["events"] = [{"event": "round_started", "deck": ["R1"]}]
    with pytest.raises(Leak):
        check_message(leaky, 1, s, "playing")
    leaky = json.loads(json.dumps(honest))
    leaky["view"]["pile"] = [card_str(c) for c in s.draw[::-1][:10]]
    with pytest.raises(Leak):
        check_message(leaky, 1, s, "playing")
    leaky = json.loads(json.dumps(honest))
    leaky["view"]["events"] = [{"event": "cards_drawn", "seat": 2, "cards": ["R1"]}]
    with pytest.raises(Leak):
        check_message(leaky, 1, s, "playing")
    with pytest.raises(Leak):
        check_message({"type": "reveal", "record": {"round": 1}}, 1, s, "playing")
    leaky = json.loads(json.dumps(honest))
    leaky["view"]["shown_hand"] = {"seat": 2, "cards": [card_str(c) for c in s.hands[2]]}
    with pytest.raises(Leak):
        check_message(leaky, 1, s, "playing")


@pytest.mark.skipif(sys.platform == "emscripten", reason="starts a process")
def test_the_room_needs_no_pydantic() -> None:
    """The browser's table loads no pydantic: a whole room runs without it."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from uno_web.room import RoomHost, RoomGuest\n"
        "h = RoomHost('abcd', seats=2, bot_delay=0)\n"
        "g = RoomGuest('abcd', 'Ada')\n"
        "h.connected('a', 0)\n"
        "out = h.handle('a', g.join(), 0) + h.start(0)\n"
        "for _, t in out:\n"
        "    for r in g.receive(t).replies: h.handle('a', r, 0)\n"
        "assert h.phase == 'playing', h.phase\n"
        "assert 'pydantic' not in sys.modules, 'pydantic was imported'\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


def test_words_in_english_and_finnish() -> None:
    from uno_web.room.protocol import ROOM_TEXTS, RoomCode

    for code in RoomCode:
        en, fi = ROOM_TEXTS[code]
        assert en and fi and en != fi, code
        # the same placeholders in both
        import re

        assert set(re.findall(r"\{(\w+)\}", en)) == set(re.findall(r"\{(\w+)\}", fi)), code
    assert describe("R_SEAT_TAKEN", {"seat": 2}, "fi") == "Paikka 2 ei ole vapaa."
    assert describe("R_SEAT_TAKEN", {"seat": 2}, "en") == "Seat 2 is not free."
    # the validator's codes through uno_web.i18n, from the facts a refusal carries
    from uno_web.core.reasons import Reason, Verdict
    from uno_web.i18n.verdicts import verdict_detail

    from uno_web.core.cards import parse_card

    # the facts as a room's refusal carries them: seats, card and colour numbers
    facts = {"who": 1, "names": ["You", "Ada"], "card": parse_card("G3"), "color": 0,
             "top": parse_card("R9")}
    fi = describe("E_NO_MATCH", facts, "fi")
    assert fi == verdict_detail(Verdict(Reason.E_NO_MATCH, tuple(facts.items())), "fi")
    assert describe("E_NO_MATCH", facts, "en") == (
        "Green 3 matches neither the current colour (red) nor the top card (red 9)")
    assert fi == "Vihreä 3 ei sovi nykyiseen väriin (punainen) eikä päällimmäiseen korttiin " \
        "(punainen 9)"
    assert describe("NOT_A_CODE", {}, "fi") == "NOT_A_CODE"

def test_the_challenger_alone_sees_the_challenged_hand() -> None:
    """The official rule: after a challenge of a Wild Draw Four the challenger sees the hand."""
    for seed in range(20):
        room = _room(100 + seed)
        host = room.host
        room.call(host.start(room.now))

        def challenge_due() -> bool:
            s = host.state
            return (s is not None and host.phase == "playing" and s.plus4_by >= 0
                    and host.slots[s.turn].kind == "person")

        play_people(room, random.Random(seed), until=challenge_due, max_steps=3000)
        if challenge_due():
            break
    else:
        raise AssertionError("no Wild Draw Four to challenge in 20 games")
    s = host.state
    assert s is not None
    challenger = next(p for p, g in room.guests.items() if g.seat == s.turn)
    hand = [card_str(c) for c in s.hands[s.plus4_by]]
    g = room.guests[challenger]
    room.send(challenger, g.move(f"X{s.turn}"))
    assert g.view is not None and g.view["shown_hand"] == {"seat": s.plus4_by, "cards": hand}
    for peer, other in room.guests.items():
        if peer != challenger:
            assert other.view is not None and other.view["shown_hand"] is None, peer


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_plays_and_verifies(preset: str) -> None:
    """Each preset's house rules (stacking, jump-in, 7-0, elimination, playing cards turned
    over) through the room: every message checked, every round verified."""
    rules = resolve_rules(preset)
    if rules.scoring == "target":
        rules = rules.model_copy(update={"target_score": 150})
    elif rules.scoring == "elimination":
        rules = rules.model_copy(update={"elimination_threshold": 60})
    host = RoomHost(ROOM, seats=4, random_bytes=fake_bytes(7), bot_delay=0.05, rules=rules,
                    preset=preset)
    room = Room(host)
    room.add("hanna", RoomGuest(ROOM, "Hanna", random_bytes=fake_bytes(8)))
    room.add("ada", RoomGuest(ROOM, "Ada", random_bytes=fake_bytes(9)))
    room.add("sam", RoomGuest(ROOM, "Sam", as_role="spectator"))
    room.call(host.set_seat(2, "bot", "easy"))
    room.call(host.start(room.now))
    play_people(room, random.Random(len(preset)), max_steps=30_000)
    assert host.phase == "game_over"
    assert host.rules_ref().preset == preset
    for peer, g in room.guests.items():
        assert g.verifications and all(v.verified for v in g.verifications.values()), peer
        codes = {r.code for r in g.refusals}
        # the only refusals of moves taken from one's own view are lost races
        assert codes <= {"E_NO_ONE_TO_CATCH", "E_UNO_NOT_ALLOWED", "E_NOT_TURN",
                         "E_JUMP_IN_NOT_ALLOWED"}, (peer, codes)
