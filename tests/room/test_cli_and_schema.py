"""``python -m uno_web validate`` verifies a room log (exit 0, 1 with the fault, 2 unreadable),
alone or among other logs; ``docs/room.schema.json`` is the models' schema and a room log of a
real game fits it."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from uno_web.cli import main
from uno_web.room import RoomGuest, RoomHost
from uno_web.room.roomlog import RoomLog, is_room_log_head, room_json_schema

from .harness import Room, fake_bytes, play_people

ROOT = Path(__file__).resolve().parents[2]
ROOM = "cli-room"


@pytest.fixture(scope="module")
def room_log() -> dict[str, Any]:
    host = RoomHost(ROOM, seats=3, random_bytes=fake_bytes(61), bot_delay=0.0)
    room = Room(host, check=False)
    room.add("ada", RoomGuest(ROOM, "Ada", random_bytes=fake_bytes(62)))
    room.add("ben", RoomGuest(ROOM, "Ben", random_bytes=fake_bytes(63)))
    room.call(host.start(0))
    play_people(room, random.Random(6), until=lambda: host.revealed >= 2)
    data: dict[str, Any] = json.loads(host.room_log().model_dump_json(indent=1))
    return data


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["validate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_validate_verifies_a_room_log(tmp_path: Path, room_log: dict[str, Any],
                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "room.json"
    path.write_text(json.dumps(room_log, indent=1))
    assert is_room_log_head(path.read_bytes()[:256])
    code, out, _ = _run(capsys, str(path))
    report = json.loads(out)
    assert code == 0 and report["valid"] and report["code"] == "VERIFIED"
    assert report["rounds_checked"] == 2
    assert report["actions_checked"] == sum(len(r["actions"]) for r in room_log["rounds"])


def test_validate_names_the_fault_of_a_tampered_room_log(
        tmp_path: Path, room_log: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    bad = copy.deepcopy(room_log)
    bad["rounds"][1]["host_value"] = "00" * 32
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    code, out, _ = _run(capsys, str(path))
    report = json.loads(out)
    assert code == 1 and not report["valid"]
    assert report["failure"]["code"] == "V_COMMITMENT" and report["round"] == 2
    assert report["summary"].startswith("Invalid: the deal of round 2")
    # in Finnish
    code, out, _ = _run(capsys, "--lang", "fi", str(path))
    fi = json.loads(out)
    assert code == 1 and fi["message"].startswith("V_COMMITMENT: Kierros 2: isännän")
    assert fi["summary"] == f"Virheellinen: kierroksen 2 jako: {fi['message']}"
    # among other logs: one line each
    good = tmp_path / "good.json"
    good.write_text(json.dumps(room_log))
    code, out, _ = _run(capsys, str(good), str(path))
    lines = [json.loads(x) for x in out.splitlines()]
    assert code == 1
    assert [x.get("status") for x in lines[:2]] == ["valid", "invalid"]
    assert lines[-1]["summary"]["codes"] == {"V_COMMITMENT": 1}


@pytest.mark.skipif(sys.platform == "emscripten", reason="starts a process")
def test_validate_reads_a_room_log_from_standard_input(room_log: dict[str, Any]) -> None:
    done = subprocess.run([sys.executable, "-m", "uno_web", "validate", "-"],
                          input=json.dumps(room_log), capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["code"] == "VERIFIED"


@pytest.mark.parametrize("text", [
    '{"format": "uno-web-room-log", "version": 2}',
    '{"format": "uno-web-room-log", "version": 1, "room": "r!", "seats": [], "rounds": []}',
    '{"format": "uno-web-room-log", "version": 1, ',
])
def test_an_unreadable_room_log_exits_2(tmp_path: Path, text: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.json"
    path.write_text(text)
    code, out, err = _run(capsys, str(path))
    assert code == 2 and not out and "room log" in err and "Traceback" not in err


def test_a_game_log_is_still_a_game_log(tmp_path: Path, room_log: dict[str, Any],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    game = RoomLog.model_validate(room_log).game_log()
    path = tmp_path / "game.json"
    path.write_text(game.model_dump_json(indent=1))
    code, out, _ = _run(capsys, str(path))
    report = json.loads(out)
    assert code == 0 and report["valid"] and "code" not in report


def test_the_schema_on_disk_is_the_models(room_log: dict[str, Any]) -> None:
    on_disk = json.loads((ROOT / "docs/room.schema.json").read_text())
    assert on_disk == room_json_schema(), "run python -m uno_web.room schema -o docs/room.schema.json"
    assert {"GuestMessage", "HostMessage", "JoinMessage", "RevealMessage"} <= set(on_disk["$defs"])


def test_a_real_room_log_fits_the_schema_models(room_log: dict[str, Any]) -> None:
    """The schema's own models (pydantic, strict) accept a room log of a real game and refuse
    a wrong one, as the plain reader does."""
    from uno_web.core.schemas import pydantic_model

    model = pydantic_model(RoomLog)
    model.model_validate(room_log)
    bad = copy.deepcopy(room_log)
    bad["rounds"][0]["entropy"][0]["seat"] = "1"
    with pytest.raises(ValueError):
        model.model_validate(bad)
    with pytest.raises(ValueError):
        RoomLog.model_validate(bad)


def test_the_schema_command(capsys: pytest.CaptureFixture[str]) -> None:
    from uno_web.room.__main__ import main as room_main

    assert room_main(["schema"]) == 0
    assert json.loads(capsys.readouterr().out) == room_json_schema()




def test_every_message_of_a_game_fits_the_schema_models() -> None:
    """Each message a game sends, both ways, is accepted by the strict pydantic twin of its
    model (the models the JSON Schema is made from)."""
    from uno_web.core.schemas import pydantic_model
    from uno_web.room.protocol import GUEST_MODELS, HOST_MODELS

    by_type = {m.model_fields["type"].default: pydantic_model(m)
               for m in (*GUEST_MODELS, *HOST_MODELS)}
    host = RoomHost(ROOM, seats=3, random_bytes=fake_bytes(64), bot_delay=0.05)
    room = Room(host)
    room.add("ada", RoomGuest(ROOM, "Ada", random_bytes=fake_bytes(65)))
    room.add("sam", RoomGuest(ROOM, "Sam", as_role="spectator"))
    room.call(host.start(room.now))
    play_people(room, random.Random(4), until=lambda: host.revealed >= 1)
    texts = room.sent + [t for box in room.inbox.values() for t in box]
    kinds = set()
    for text in texts:
        msg = json.loads(text)
        by_type[msg["type"]].model_validate(msg)
        kinds.add(msg["type"])
    assert {"join", "move", "entropy", "welcome", "lobby", "commit", "dealt", "state",
            "reveal"} <= kinds
