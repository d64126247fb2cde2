"""The room screen's state and intents without a browser (uno_web/web/room_screen.py)."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest

from uno_web.web.room_screen import SELF, TEXTS, Effects, RoomScreen, make_screen, storage_key, text


class Wire:
    """A host screen and guest screens joined by an instant, in-order transport."""

    def __init__(self, lang: str = "en", seats: int = 3) -> None:
        self.t = 0.0
        self.host = RoomScreen(None, lang=lang)
        fx = self.host.dispatch("create", {"name": "Ada", "seats": seats, "length": "one", "absent": 5}, self.t)
        assert fx.room and fx.role == "host"
        self.room = fx.room
        self.guests: dict[str, RoomScreen] = {}
        self.store: dict[str, str | None] = dict(fx.store)

    def add(self, peer: str, lang: str = "en") -> RoomScreen:
        g = RoomScreen(self.room, lang=lang)
        self.guests[peer] = g
        self.pump(peer, g.dispatch("host_announce", {"peer": "H"}, self.t))
        self.pump("H", self.host.dispatch("peer_join", {"peer": peer}, self.t))
        return g

    def pump(self, source: str, fx: Effects) -> None:
        queue = [(source, peer, m) for peer, m in fx.send]
        while queue:
            src, dst, message = queue.pop(0)
            if src == "H":
                out = self.guests[dst].dispatch("message", {"peer": "H", "text": message}, self.t)
                queue += [(dst, p, m) for p, m in out.send]
            else:
                out = self.host.dispatch("message", {"peer": src, "text": message}, self.t)
                queue += [("H", p, m) for p, m in out.send]

    def act(self, peer: str, event: str, data: dict[str, Any]) -> None:
        screen = self.host if peer == "H" else self.guests[peer]
        self.pump(peer, screen.dispatch(event, data, self.t))

    def play_round(self) -> None:
        screens = {"H": self.host, **self.guests}
        for _ in range(3000):
            self.t += 0.7
            self.pump("H", self.host.dispatch("tick", {}, self.t))
            for peer, s in screens.items():
                v = s.me.view if s.me else None
                if v and v.get("legal") and s.me.seat is not None and v.get("turn") == s.me.seat:
                    self.act(peer, "move", {"value": sorted(v["legal"])[0]})
            if all(s.me.verifications for s in screens.values()):
                return
        raise AssertionError("the round did not end")


def test_every_text_has_english_and_finnish() -> None:
    for key, (en, fi) in TEXTS.items():
        assert en.strip() and fi.strip(), key
        assert re.findall(r"\{(\w+)\}", en) == re.findall(r"\{(\w+)\}", fi), key
    assert text("seat", "fi", n=3) == "Paikka 3"


def visible(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html))


def english_left(html: str) -> list[str]:
    """English texts of the catalogue found on a Finnish screen (the same in both excepted)."""
    shown = visible(html)
    out = []
    for key, (en, fi) in TEXTS.items():
        if en == fi or "{" in en or len(en) < 4:
            continue
        if en in shown:
            out.append(en)
    return out


def test_a_round_on_finnish_screens_shows_no_english_of_the_room() -> None:
    w = Wire(lang="fi")
    bea = w.add("B", lang="fi")
    assert not english_left(bea.render()) and not english_left(w.host.render())
    w.act("B", "join", {"name": "Bea", "as_role": "player"})
    w.act("H", "start", {})
    assert not english_left(bea.render())
    w.play_round()
    for s in (w.host, bea):
        html = s.render()
        assert "Varmistettu: jokainen siirto sääntöjen mukainen" in visible(html)
        assert not english_left(html), english_left(html)
    assert not english_left(RoomScreen(None, lang="fi").render())
    assert english_left(RoomScreen(None, lang="en").render())  # the check finds English


def test_a_round_verified_and_the_saves_kept() -> None:
    w = Wire()
    bea = w.add("B")
    w.act("B", "join", {"name": "Bea", "as_role": "player"})
    spec = w.add("S")
    w.act("S", "join", {"name": "Dee", "as_role": "spectator"})
    w.act("H", "start", {})
    assert "Bot 3" in bea.render()  # the empty seat is a bot's
    w.play_round()
    for s in (w.host, bea, spec):
        assert 'data-testid="room-verify"' in s.render() and 'data-verified="1"' in s.render()
    assert 'data-testid="room-hand"' not in spec.render()
    fx = w.host.dispatch("tick", {}, w.t)
    assert fx.html is not None
    # the host's page keeps its room and its own seat's guest, under the site path and room
    fx = w.host.dispatch("spectators", {"value": True}, w.t)
    assert set(fx.store) == {storage_key("host", "/", w.room), storage_key("guest", "/", w.room)}


def test_a_refused_move_shows_its_code_and_changes_nothing() -> None:
    w = Wire(seats=2)
    bea = w.add("B")
    w.act("B", "join", {"name": "Bea", "as_role": "player"})
    w.act("H", "start", {})
    w.t += 30
    w.pump("H", w.host.dispatch("tick", {}, w.t))
    idle = bea if w.host.me.view["turn"] != bea.me.seat else w.host
    peer = "B" if idle is bea else "H"
    before = w.host.game_digest()
    card = next(c for c in idle.me.view["hand"] if not c.startswith("W"))
    w.act(peer, "card", {"value": card})
    html = idle.render()
    assert 'data-testid="room-refusal" data-code="E_NOT_TURN"' in html
    assert w.host.game_digest() == before


def test_a_wild_asks_for_its_colour_first() -> None:
    w = Wire(seats=2)
    w.add("B")
    w.act("B", "join", {"name": "Bea", "as_role": "player"})
    w.act("H", "start", {})
    w.host.me.seat = w.host.me.seat  # the host's own seat plays through the loopback
    w.host.dispatch("card", {"value": "W"}, w.t)
    assert w.host.picking == "W" and 'data-testid="room-picker"' in w.host.render()
    w.host.dispatch("colour", {"value": "B"}, w.t)
    assert w.host.picking is None


@pytest.mark.parametrize("event,data", [
    ("nonsense", {}), ("__init__", {}), ("message", {}), ("seat", {"seat": "x"}),
    ("create", {"seats": 99}), ("create", {"preset": "nope"}), ("join", {}),
    ("card", {"value": "ZZ"}), ("move", {"value": "P0:R7"}),
])
def test_bad_events_are_refused_in_words_never_raised(event: str, data: dict[str, Any]) -> None:
    s = RoomScreen(None)
    fx = s.dispatch(event, data, 0.0)
    assert fx.html is not None and 'data-testid="room-problem"' in fx.html


def test_a_guest_is_told_when_the_host_is_gone_for_good() -> None:
    w = Wire(seats=2)
    bea = w.add("B")
    w.act("B", "join", {"name": "Bea", "as_role": "player"})
    bea.dispatch("peer_leave", {"peer": "H"}, 100.0)
    assert "waiting for it to come back" in bea.render()
    bea.dispatch("tick", {}, 125.0)
    assert 'data-code="R_HOST_GONE"' in bea.render()


def test_a_guest_that_reloads_takes_its_seat_back() -> None:
    w = Wire(seats=2)
    bea = w.add("B")
    w.act("B", "join", {"name": "Bea", "as_role": "player"})
    w.act("H", "start", {})
    hand = list(bea.me.view["hand"])
    saved = bea.dispatch("sync", {}, w.t).store  # unknown intent: refused, the save still kept
    key = storage_key("guest", "/", w.room)
    again = make_screen(__import__("json").dumps({"room": w.room, "stored": {key: saved[key]}}))
    w.guests["B2"] = again
    w.pump("H", w.host.dispatch("peer_leave", {"peer": "B"}, w.t))
    w.pump("B2", again.dispatch("host_announce", {"peer": "H"}, w.t))
    assert again.me.view is not None and again.me.view["hand"] == hand


def test_the_host_screen_is_never_a_peer_of_the_transport() -> None:
    w = Wire(seats=2)
    fx = w.host.dispatch("start", {}, w.t)
    assert all(peer != SELF for peer, _ in fx.send)


def test_the_start_screen_links_to_the_room_page_in_the_players_language() -> None:
    """Online rooms live on their own page; the start screen opens it, in Finnish for a Finnish
    table (the room page reads lang= itself)."""
    from pathlib import Path

    from uno_web.i18n.ui import translate_html
    from uno_web.web import render
    from uno_web.web.session import TableSettings
    from uno_web.web.view import start_view

    sv = start_view(TableSettings(players=3, levels=["easy", "hard"]))
    en = render.render_start(sv, "en")["start"]
    link = re.search(r'<a class="btn" href="([^"]+)" data-testid="start-online">([^<]+)</a>', en)
    assert link and link.group(1) == "static/room.html" and link.group(2) == "Play online with friends"
    assert (Path(__file__).parents[2] / link.group(1)).is_file()
    fi = translate_html(render.render_start(sv, "fi")["start"], "fi")
    link = re.search(r'href="([^"]+)" data-testid="start-online">([^<]+)</a>', fi)
    assert link and link.group(1) == "static/room.html?lang=fi"
    assert link.group(2) == "Pelaa kavereiden kanssa verkossa"


def test_each_screen_exports_the_revealed_rounds_as_a_room_log_the_command_line_verifies(
        tmp_path: Any) -> None:
    import json
    import subprocess
    import sys

    from uno_web.room import verify_room_log

    w = Wire()
    bea = w.add("B")
    w.act("B", "join", {"name": "Bea", "as_role": "player"})
    fx = bea.dispatch("export_log", {}, w.t)  # nothing revealed yet: said, not raised
    assert fx.download is None and "no round has been revealed" in fx.html
    assert 'data-testid="room-export"' not in bea.render()
    w.act("H", "start", {})
    w.play_round()
    assert 'data-testid="room-export"' in bea.render()
    fx = bea.dispatch("export_log", {}, w.t)
    assert fx.download is not None
    name, text = fx.download
    assert name == f"uno-room-{w.room}.json" and json.loads(fx.to_json())["download"] == [name, text]
    assert verify_room_log(text).verified
    path = tmp_path / name
    path.write_text(text)
    run = subprocess.run([sys.executable, "-m", "uno_web", "validate", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert json.loads(run.stdout)["valid"] is True
    tampered = json.loads(text)
    tampered["rounds"][0]["host_value"] = "00" * 32
    path.write_text(json.dumps(tampered))
    run = subprocess.run([sys.executable, "-m", "uno_web", "validate", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1 and json.loads(run.stdout)["valid"] is False
