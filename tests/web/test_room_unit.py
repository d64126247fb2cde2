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


def table_refusal(state: Any, move: str, lang: str) -> tuple[str, str]:
    """The table's refusal note and validator entry for ``move`` at ``state``, written as the
    table writes them (its Session records the verdict and ``suggest``s what to do instead),
    from the host's game: not from any message of the room."""
    from uno_web.core.engine import check
    from uno_web.core.moves import parse_move
    from uno_web.i18n.ui import translate_html
    from uno_web.i18n.verdicts import shown
    from uno_web.web.render import entry_html, rejection_html
    from uno_web.web.session import ValidatorEntry, suggest

    m = parse_move(move)
    v = check(state, m)
    assert not v.ok
    entry = ValidatorEntry(seq=1, seat=m.seat, who=state.name(m.seat), move=move, code=v.code.value,
                           ok=False, message=shown(v), explanation=v.explanation, rule=v.rule,
                           hint=suggest(state, m.seat), round=state.round)
    note, panel = rejection_html(entry, ""), entry_html(entry)
    if lang == "fi":
        note, panel = translate_html(note, "fi"), translate_html(panel, "fi")
    return note, panel


def words_of(html: str, testid: str) -> str:
    """The visible words of the first element with ``data-testid=testid`` (its own tag's
    text up to its end)."""
    start = html.index(f'data-testid="{testid}"')
    start = html.rindex("<", 0, start)
    tag = re.match(r"<(\w+)", html[start:]).group(1)  # type: ignore[union-attr]
    depth, pos = 0, start
    for m in re.finditer(rf"<(/?){tag}\b[^>]*>", html[start:]):
        depth += -1 if m.group(1) else 1
        if depth == 0:
            pos = start + m.end()
            break
    return " ".join(visible(html[start:pos]).split())


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_a_refused_move_is_shown_as_the_table_shows_it_and_changes_nothing(lang: str) -> None:
    from uno_web.i18n import ui, verdicts

    w = Wire(seats=2, lang=lang)
    bea = w.add("B", lang=lang)
    w.act("B", "join", {"name": "Bea", "as_role": "player"})
    w.act("H", "start", {})
    w.t += 30
    w.pump("H", w.host.dispatch("tick", {}, w.t))
    idle = bea if w.host.me.view["turn"] != bea.me.seat else w.host
    peer = "B" if idle is bea else "H"
    before = w.host.game_digest()
    card = next(c for c in idle.me.view["hand"] if not c.startswith("W"))
    move = f"P{idle.me.seat}:{card}"
    note, panel = table_refusal(w.host.host.state, move, lang)
    w.act(peer, "card", {"value": card})
    verdicts._SHOWN.clear()  # a guest's page is another browser: it words the facts it was sent
    ui._tr_fi_cached.cache_clear()
    html = idle.render()
    assert w.host.game_digest() == before
    # the table's refusal note, in the status line's place: the same sentence, what to do
    # instead and the code; the table's validator entry: the explanation and the rule too
    assert 'data-testid="rejection" data-code="E_NOT_TURN"' in html
    assert words_of(html, "rejection") == words_of(note, "rejection")
    assert words_of(html, "validator-entry") == words_of(panel, "validator-entry")
    assert "Wait" in words_of(note, "rejection") or "Odota" in words_of(note, "rejection")
    assert 'data-testid="room-refusal"' not in html  # not a second, room-made line
    # the others' screens show the refusal nowhere (it went to the sender only)
    other = w.host if idle is bea else bea
    assert 'data-testid="rejection"' not in other.render()
    # the next move (anyone's) takes the note away, as at the table; the entry stays
    turn = w.host.me.view["turn"]
    mover, mover_peer = (bea, "B") if turn == bea.me.seat else (w.host, "H")
    w.act(mover_peer, "move", {"value": sorted(mover.me.view["legal"])[0]})
    html = idle.render()
    assert 'data-testid="rejection"' not in html and 'data-code="E_NOT_TURN"' in html


def test_the_game_log_is_the_tables_from_what_each_screen_may_see() -> None:
    from uno_web.web.view import describe_event

    w = Wire(seats=3)
    bea = w.add("B")
    w.act("B", "join", {"name": "Bea", "as_role": "player"})
    spec = w.add("S")
    w.act("S", "join", {"name": "Dee", "as_role": "spectator"})
    w.act("H", "start", {})
    for screen in (w.host, bea, spec):
        assert screen.me is not None and screen.me.events[0][1]["event"] == "round_started"
        assert screen.log_lines()[-1].text.startswith("Round 1: ")
    w.play_round()
    for screen in (w.host, bea, spec):
        lines = screen.log_lines()  # the newest first, as at the table
        assert lines and lines[0].kind in ("round_won", "game_won")
        assert any(line.kind == "round_won" for line in lines)
        html = screen.render()
        assert 'data-testid="log-lines"' in html and 'data-testid="room-validator"' in html
        assert html.count('data-testid="validator-entry"') >= 3
    # a draw is told with its cards to the one who drew, counted to everybody else
    drew = [x.index for x in bea.log_lines() if x.kind == "cards_drawn" and x.seat == bea.me.seat]
    for line in bea.log_lines():
        if line.kind == "cards_drawn" and line.seat == bea.me.seat:
            assert line.text.startswith("You drew") and ": " in line.text, line.text
    for line in spec.log_lines():
        if line.kind == "cards_drawn":
            assert ": " not in line.text, line.text
    assert drew or not any(x.kind == "cards_drawn" for x in spec.log_lines()
                           if x.seat == bea.me.seat)


def test_an_event_a_screen_cannot_read_is_left_out_of_the_log() -> None:
    w = Wire(seats=2)
    bea = w.add("B")
    w.act("B", "join", {"name": "Bea", "as_role": "player"})
    w.act("H", "start", {})
    assert bea.me is not None
    bea.me.events.append((1, {"event": "card_played", "seat": 0}))  # no card: unreadable
    bea.me.events.append((1, {"event": "uno_called", "seat": 0}))
    lines = bea.log_lines()
    assert lines[0].text == "Ada called UNO!" and all(x.kind != "card_played" or "played" in x.text
                                                      for x in lines)
    assert "room-log" in bea.render()


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


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_a_host_that_cannot_prove_its_key_is_refused_in_plain_words(lang: str) -> None:
    w = Wire(seats=2)
    bea = RoomScreen(w.room, lang=lang)
    html = bea.dispatch("host_refused", {"peer": "F", "reason": "wrong_key"}, 0.0).html or ""
    words = {"en": "could not prove it: its key is not the one named in your room link",
             "fi": "ei voinut todistaa sitä: sen avain ei ole huoneen linkissä nimetty"}[lang]
    assert words in visible(html) and 'data-testid="room-problem"' in html
    assert bea.host_peer is None
    if lang == "fi":
        assert not english_left(html), english_left(html)
    html = bea.dispatch("host_refused", {"peer": "F", "reason": "<b>?"}, 0.0).html or ""
    assert text("why_malformed", lang) in visible(html)  # an unknown reason: said, not shown
    html = bea.dispatch("host_refused", {"peer": "F", "reason": "no_pin"}, 0.0).html or ""
    assert text("no_pin", lang) in visible(html)
    # the real host, once proved (the page checks it), is believed and the words go
    html = bea.dispatch("host_announce", {"peer": "H"}, 0.0).html or ""
    assert bea.host_peer == "H" and 'data-testid="room-problem"' not in html


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


def test_every_screen_follows_the_start_and_who_plays_each_seat() -> None:
    w = Wire(seats=3)
    bea = w.add("B")
    w.act("B", "join", {"name": "Bea", "as_role": "player"})
    spec = w.add("S")
    w.act("S", "join", {"name": "Dee", "as_role": "spectator"})
    assert 'data-testid="room-seat-2" data-kind="empty"' in bea.render()
    assert "Waiting for the host to start" in bea.render()
    w.act("H", "start", {})
    for s in (bea, spec):
        html = s.render()
        assert 'data-started="1"' in html and "Waiting for the host to start" not in html
        assert s.me is not None and s.me.lobby is not None
        assert [x.kind for x in s.me.lobby.seats] == ["person", "person", "bot"]
        assert "Bot 3" in visible(html)
    # Bea's connection goes: every screen's list of players says she is away, then that a bot
    # plays her seat (after the host's 5 s), then that she is back
    w.pump("H", w.host.dispatch("peer_leave", {"peer": "B"}, w.t))
    assert "Bea — away" in visible(spec.render()) and "Bea — away" in visible(w.host.render())
    w.t += 6
    w.pump("H", w.host.dispatch("tick", {}, w.t))
    assert "Bea — away — a bot plays for now" in visible(spec.render())
    again = RoomScreen(w.room, stored={storage_key("guest", "/", w.room): bea.me.save()})
    w.guests["B2"] = again
    w.pump("B2", again.dispatch("host_announce", {"peer": "H"}, w.t))
    w.pump("H", w.host.dispatch("peer_join", {"peer": "B2"}, w.t))
    html = visible(spec.render())
    assert "Bea:" in html and "Bea — away" not in html
    assert "Bea (you)" in visible(again.render())
