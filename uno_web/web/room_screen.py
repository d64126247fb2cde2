"""The room screen: an online room between browsers (``static/room.html``, docs/rooms-browser.md).

This module owns the screen's state and its intents; it touches no DOM and no transport.  The
page's JavaScript (``static/room.js``, thin) turns each thing that happens into one event
(:meth:`RoomScreen.dispatch`): a connection to another browser opened or closed, a text from
it, the clock, or a button of the screen; the answer says what to do: texts to send to peers,
what to keep in the browser's storage, and the screen's new HTML.

In the host's browser the screen holds the :class:`~uno_web.room.RoomHost` (the game) and its
own seat's :class:`~uno_web.room.RoomGuest`, joined through an in-page loopback (the peer
``"self"``): the host's own screen sees only its own seat, like every other guest.  In a
guest's browser it holds the guest only, and talks to the one peer that said it is the host.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from html import escape
from typing import Any, Callable, cast

from ..core import PRESET_TITLES, PRESETS, resolve_rules
from ..core.cards import CardError, parse_card
from ..core.events import Event
from ..core.reasons import Reason, Verdict
from ..room import RoomError, RoomGuest, RoomHost, describe, make_room_id
from ..room.protocol import ROOM_ID_RE
from ..i18n.ui import translate_html
from ..i18n.verdicts import shown
from .render import entries_html, log_html, rejection_html, render_card
from ..core.words import words_from_json
from ..i18n.phrases import said
from .session import ValidatorEntry, suggest_words
from .view import LogLine, card_view, describe_event

__all__ = ["RoomScreen", "TEXTS", "text", "storage_key", "SELF", "HOST_GONE_AFTER",
           "make_screen"]

SELF = "self"  # the host's own seat: a loopback peer inside the host's page
#: seconds without the host's connection before a guest is told, in plain words, that it is gone
HOST_GONE_AFTER = 20.0
MAX_NAME = 40
LEVELS = ("easy", "normal", "hard")

#: every text the room screen shows: key -> (English, Finnish).  tests/web/test_room_unit.py
#: fails on a key without both, and on English left in the Finnish screen.
TEXTS: dict[str, tuple[str, str]] = {
    "title": ("Play with friends online", "Pelaa ystävien kanssa verkossa"),
    "intro": ("Create a room, then send its link to your friends. Your browser holds the game; "
              "nothing goes through a server of ours.",
              "Luo huone ja lähetä sen linkki ystävillesi. Selaimesi pitää pelin; mikään ei kulje "
              "meidän palvelimemme kautta."),
    "your_name": ("Your name", "Nimesi"),
    "seats": ("Seats", "Paikat"),
    "rules": ("Rules", "Säännöt"),
    "absent": ("Seconds before a bot plays an absent seat",
               "Sekunnit, joiden jälkeen botti pelaa poissaolevan paikan"),
    "create": ("Create room", "Luo huone"),
    "length": ("Game length", "Pelin pituus"),
    "len_rules": ("As the rules say", "Kuten säännöissä"),
    "len_one": ("One round", "Yksi kierros"),
    "join_title": ("Join the room", "Liity huoneeseen"),
    "play": ("Take a seat", "Istu pöytään"),
    "watch": ("Watch", "Katso"),
    "connecting": ("Looking for the host…", "Etsitään isäntää…"),
    "joining": ("Joining…", "Liitytään…"),
    "link": ("Room link", "Huoneen linkki"),
    "qr": ("The room link as a QR code", "Huoneen linkki QR-koodina"),
    "lobby": ("Lobby", "Aula"),
    "seat": ("Seat {n}", "Paikka {n}"),
    "empty": ("empty", "tyhjä"),
    "bot": ("bot ({level})", "botti ({level})"),
    "away": ("away", "poissa"),
    "bot_plays": ("a bot plays for now", "botti pelaa toistaiseksi"),
    "you": ("you", "sinä"),
    "host": ("host", "isäntä"),
    "seat_kind": ("Seat {n}: who plays", "Paikka {n}: kuka pelaa"),
    "opt_empty": ("Empty (a bot at the start)", "Tyhjä (botti alussa)"),
    "opt_bot": ("Bot, {level}", "Botti, {level}"),
    "spectators": ("Allow spectators", "Salli katsojat"),
    "spectator_count": ("Spectators: {n}", "Katsojia: {n}"),
    "start": ("Start the game", "Aloita peli"),
    "waiting_start": ("Waiting for the host to start…", "Odotetaan, että isäntä aloittaa…"),
    "dealing": ("Dealing: waiting for everybody's random value…",
                "Jaetaan: odotetaan kaikkien satunnaisarvoa…"),
    "turn": ("Turn: {name}", "Vuorossa: {name}"),
    "your_turn": ("Your turn", "Sinun vuorosi"),
    "cards_left": ("{n} cards", "{n} korttia"),
    "top": ("Top card", "Päällimmäinen kortti"),
    "colour": ("Colour: {color}", "Väri: {color}"),
    "draw_pile": ("Draw pile: {n}", "Nostopakka: {n}"),
    "hand": ("Your hand", "Kätesi"),
    "spectating": ("You are watching.", "Katsot peliä."),
    "pick_colour": ("Pick a colour for the wild card", "Valitse villikortille väri"),
    "call_uno": ("Call UNO with my card", "Huuda UNO kortin kanssa"),
    "m_D": ("Draw a card", "Nosta kortti"),
    "m_K": ("Keep the card", "Pidä kortti"),
    "m_U": ("Call UNO", "Huuda UNO"),
    "m_C": ("Catch {name}", "Nappaa {name}"),
    "m_X": ("Challenge", "Haasta"),
    "m_A": ("Take the cards", "Ota kortit"),
    "m_N": ("Next round", "Seuraava kierros"),
    "m_O": ("Colour {color}", "Väri {color}"),
    "round_over": ("Round over: {name} won the round.", "Kierros ohi: {name} voitti kierroksen."),
    "game_over": ("Game over: {name} won.", "Peli ohi: {name} voitti."),
    "scores": ("Scores", "Pisteet"),
    "back": ("← Back to the table", "← Takaisin pöytään"),
    "export_log": ("Export the room log", "Vie huoneen loki tiedostoon"),
    "verified": ("Verified: every move legal, deck from our joint shuffle",
                 "Varmistettu: jokainen siirto sääntöjen mukainen, pakka yhteisestä sekoituksesta"),
    "fault": ("Verification failed in round {round}, move {index}: {code}. {words}",
              "Varmistus epäonnistui kierroksella {round}, siirto {index}: {code}. {words}"),
    "refused": ("Refused", "Hylätty"),
    "validator": ("Validator", "Tarkastaja"),
    "log": ("Game log", "Pelin loki"),
    "closed": ("The room is closed", "Huone on suljettu"),
    "host_lost": ("The host's connection was lost; waiting for it to come back…",
                  "Yhteys isäntään katkesi; odotetaan sen palaamista…"),
    "bad_relay": ("This room link names a relay that cannot be used: {detail}",
                  "Huoneen linkki nimeää välittäjän, jota ei voi käyttää: {detail}"),
    "problem": ("{detail}", "{detail}"),
    "host_refused": ("A browser said it was this room's host but could not prove it: {why}. "
                     "It was ignored; still looking for the host.",
                     "Selain väitti olevansa tämän huoneen isäntä mutta ei voinut todistaa sitä: "
                     "{why}. Sitä ei uskottu; isäntää etsitään yhä."),
    "why_wrong_key": ("its key is not the one named in your room link",
                      "sen avain ei ole huoneen linkissä nimetty"),
    "why_wrong_channel": ("its proof was made for another connection",
                          "sen todiste on tehty toiselle yhteydelle"),
    "why_bad_signature": ("its signature does not match its key",
                          "sen allekirjoitus ei täsmää sen avaimeen"),
    "why_malformed": ("its answer could not be read", "sen vastausta ei voitu lukea"),
    "no_pin": ("This room link does not name the host's key (pin=…), so nobody can be checked "
               "as the host. Ask the host for the room's link again.",
               "Tämä huoneen linkki ei nimeä isännän avainta (pin=…), joten ketään ei voi "
               "tarkistaa isännäksi. Pyydä isännältä huoneen linkki uudestaan."),
    "red": ("red", "punainen"), "yellow": ("yellow", "keltainen"), "green": ("green", "vihreä"),
    "blue": ("blue", "sininen"),
    "easy": ("easy", "helppo"), "normal": ("normal", "tavallinen"), "hard": ("hard", "vaikea"),
    "lang": ("Suomeksi", "In English"),
}
COLOURS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
#: the log lines a screen shows (the newest)
LOG_LINES = 60


class _Seen:
    """An event as the host sent it (already as this screen may see it), in the shape the
    table's :func:`~uno_web.web.view.describe_event` reads."""

    __slots__ = ("kind", "seat", "_facts")

    def __init__(self, facts: dict[str, Any]) -> None:
        self.kind = str(facts["event"])
        self.seat = facts.get("seat", -1)
        self._facts = facts

    def public(self) -> "_Seen":
        return self

    def to_dict(self) -> dict[str, Any]:
        return dict(self._facts)


def text(key: str, lang: str, **params: object) -> str:
    """The words of ``key`` in ``lang`` ("en" or "fi"), its ``{placeholders}`` filled."""
    en, fi = TEXTS[key]
    return (fi if lang == "fi" else en).format(**params)


def storage_key(kind: str, scope: str, room: str) -> str:
    """The browser-storage key of a room's save (``kind``: ``host`` or ``guest``), kept apart
    per site path (two copies of the site on one origin) and per room."""
    return f"uno_web.room.{kind}.v1:{scope}:{room}"


def _hint(verdict: dict[str, Any]) -> str:
    """A refusal's "what you could do instead": written from its facts (so a Finnish page
    words it from them); facts this page cannot read leave the host's English."""
    words = verdict.get("hint_words")
    if words:
        try:
            return said(words_from_json(words))[:1000]
        except ValueError:  # facts from another browser are outside input
            pass
    return str(verdict.get("hint") or "")[:1000]


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def _button(action: str, words: str, testid: str, value: str = "", cls: str = "btn") -> str:
    return (f'<button type="button" class="{cls}" data-action="{_e(action)}" '
            f'data-value="{_e(value)}" data-testid="{_e(testid)}">{_e(words)}</button>')


@dataclass
class Effects:
    """What one event asks of the page."""

    send: list[tuple[str, str]] = field(default_factory=list)
    store: dict[str, str | None] = field(default_factory=dict)
    html: str | None = None
    room: str | None = None  # the page should (now) connect to this room
    role: str | None = None  # "host" or "guest": how the page should connect
    download: tuple[str, str] | None = None  # (file name, text): the page offers it as a file

    def to_json(self) -> str:
        return json.dumps({"send": self.send, "store": self.store, "html": self.html,
                           "room": self.room, "role": self.role, "download": self.download},
                          separators=(",", ":"))


class RoomScreen:
    """One browser's room screen: the host's or a guest's (:meth:`dispatch` is the one door)."""

    def __init__(self, room: str | None, *, lang: str = "en", scope: str = "/",
                 stored: dict[str, str] | None = None, now: float = 0.0,
                 relay_error: str = "", random_bytes: Callable[[int], bytes] = os.urandom
                 ) -> None:
        self.lang = "fi" if lang == "fi" else "en"
        self.scope = scope
        self.random_bytes = random_bytes
        self.room = room if room and ROOM_ID_RE.fullmatch(room) else None
        self.host: RoomHost | None = None
        self.me: RoomGuest | None = None
        self.host_peer: str | None = None
        self.host_lost_at: float | None = None
        self.joined = False
        self.picking: str | None = None  # a wild card waiting for its colour
        self.call_uno = False
        self.problem = relay_error and text("bad_relay", self.lang, detail=relay_error)
        self.now = now
        stored = stored or {}
        if self.room is not None:
            host_save = stored.get(storage_key("host", scope, self.room))
            guest_save = stored.get(storage_key("guest", scope, self.room))
            if host_save:
                self._resume_host(host_save, guest_save, now)
            elif guest_save:
                try:
                    self.me = RoomGuest.restore(guest_save, random_bytes=random_bytes)
                except ValueError as exc:
                    self.problem = str(exc)

    # ------------------------------------------------------------------------------------
    # the one door

    @property
    def is_host(self) -> bool:
        return self.host is not None

    def dispatch(self, event: str, data: dict[str, Any], now: float) -> Effects:
        """Do what ``event`` (with ``data``) means at time ``now`` (seconds); outside input is
        refused with words on the screen, never raised."""
        self.now = now
        fx = Effects()
        handler = getattr(self, f"_on_{event}", None) if event.isidentifier() else None
        if handler is None:
            self.problem = f"unknown event {event[:40]!r}"
        else:
            try:
                handler(fx, data, now)
                if event == "tick" and not fx.send:
                    fx.html = self.render()
                    return fx
            except (RoomError, ValueError, TypeError, KeyError) as exc:
                self.problem = str(exc)[:200]
        self._keep(fx)
        fx.html = self.render()
        return fx

    def dispatch_json(self, event: str, data: str, now: float) -> str:
        try:
            parsed = json.loads(data) if data else {}
        except ValueError:
            parsed = None
        if not isinstance(parsed, dict):
            parsed = {}
        return self.dispatch(event, parsed, now).to_json()

    # ------------------------------------------------------------------------------------
    # the host

    def _resume_host(self, host_save: str, guest_save: str | None, now: float) -> None:
        try:
            self.host = RoomHost.resume(host_save, now, random_bytes=self.random_bytes)
            self.host.hinter = suggest_words
            self.me = (RoomGuest.restore(guest_save, random_bytes=self.random_bytes)
                       if guest_save else None)
        except (RoomError, ValueError) as exc:
            self.host = None
            self.problem = str(exc)[:200]
            return
        if self.me is not None:
            fx = Effects()
            self._route(fx, self.host.connected(SELF, now))
            self._to_host(fx, self.me.reconnect())
            self.joined = True

    def start_effects(self) -> Effects:
        """What the page does once it has loaded this screen: connect to the room, if any."""
        fx = Effects(room=self.room, role="host" if self.is_host else "guest")
        if self.room is None:
            fx.role = None
        fx.html = self.render()
        return fx

    def _on_create(self, fx: Effects, data: dict[str, Any], now: float) -> None:
        if self.host is not None or self.me is not None:
            raise ValueError("this page already has a room")
        name = str(data.get("name", "")).strip()[:MAX_NAME]
        seats = int(data.get("seats", 4))
        preset = str(data.get("preset", "official"))
        if preset not in PRESETS:
            raise ValueError(f"unknown rules {preset[:40]!r}")
        absent = float(data.get("absent", 60))
        if not 1 <= absent <= 3600:
            raise ValueError("the time before a bot plays an absent seat is 1 to 3600 seconds")
        overrides = {"scoring": "single-round"} if data.get("length") == "one" else None
        room = make_room_id(self.random_bytes)
        host = RoomHost(room, seats=seats, preset=preset, rules=resolve_rules(preset, overrides),
                        absent_timeout=absent, random_bytes=self.random_bytes)
        host.hinter = suggest_words  # a refused guest reads what it could do, as at the table
        me = RoomGuest(room, name or "Host", random_bytes=self.random_bytes)
        self.room, self.host, self.me = room, host, me
        self.problem = ""
        self._route(fx, host.connected(SELF, now))
        self._to_host(fx, me.join())
        self.joined = True
        fx.room, fx.role = room, "host"

    def _route(self, fx: Effects, out: list[tuple[str, str]]) -> None:
        """The host's outgoing texts: to the host's own seat through the loopback, the rest to
        the transport."""
        pending = list(out)
        while pending:
            peer, message = pending.pop(0)
            if peer != SELF:
                fx.send.append((peer, message))
                continue
            assert self.me is not None and self.host is not None
            update = self.me.receive(message)
            for reply in update.replies:
                pending += self.host.handle(SELF, reply, self.now)

    def _to_host(self, fx: Effects, message: str) -> None:
        if self.host is not None:
            self._route(fx, self.host.handle(SELF, message, self.now))
        elif self.host_peer is not None:
            fx.send.append((self.host_peer, message))

    # ------------------------------------------------------------------------------------
    # the transport

    def _on_peer_join(self, fx: Effects, data: dict[str, Any], now: float) -> None:
        if self.host is not None:
            self._route(fx, self.host.connected(str(data["peer"]), now))

    def _on_peer_leave(self, fx: Effects, data: dict[str, Any], now: float) -> None:
        peer = str(data["peer"])
        if self.host is not None:
            self._route(fx, self.host.disconnected(peer, now))
        elif peer == self.host_peer:
            self.host_peer = None
            self.host_lost_at = now

    def _on_host_announce(self, fx: Effects, data: dict[str, Any], now: float) -> None:
        """A peer says it is the room's host (the host's page says so to each new peer)."""
        if self.host is not None or self.host_peer is not None:
            return
        self.host_peer = str(data["peer"])
        if self.problem in self._host_problems():
            self.problem = ""
        self.host_lost_at = None
        if self.me is not None and self.me.closed is None:
            fx.send.append((self.host_peer, self.me.reconnect()))
            self.joined = True

    def _host_problems(self) -> set[str]:
        words = {self.t("no_pin")}
        for key in TEXTS:
            if key.startswith("why_"):
                words.add(self.t("host_refused", why=self.t(key)))
        return words

    def _on_host_refused(self, fx: Effects, data: dict[str, Any], now: float) -> None:
        """A peer said it was the host and could not prove it (the page checked its key
        against the link's pin): said in plain words; the page goes on looking."""
        reason = str(data.get("reason", ""))
        if reason == "no_pin":
            self.problem = self.t("no_pin")
            return
        key = f"why_{reason}" if f"why_{reason}" in TEXTS else "why_malformed"
        self.problem = self.t("host_refused", why=self.t(key))

    def _on_message(self, fx: Effects, data: dict[str, Any], now: float) -> None:
        peer, message = str(data["peer"]), data.get("text")
        if self.host is not None:
            self._route(fx, self.host.handle(peer, message, now))
            return
        if peer != self.host_peer or self.me is None:
            return  # only the host speaks to a guest
        update = self.me.receive(message)
        for reply in update.replies:
            fx.send.append((peer, reply))

    def _on_tick(self, fx: Effects, data: dict[str, Any], now: float) -> None:
        if self.host is not None:
            self._route(fx, self.host.tick(now))
        elif (self.me is not None and self.host_lost_at is not None and self.me.closed is None
              and now - self.host_lost_at >= HOST_GONE_AFTER):
            self.me.host_gone()

    # ------------------------------------------------------------------------------------
    # the screen's buttons

    def _on_join(self, fx: Effects, data: dict[str, Any], now: float) -> None:
        if self.room is None or self.host is not None:
            raise ValueError("no room to join")
        name = str(data.get("name", "")).strip()[:MAX_NAME]
        as_role = "spectator" if data.get("as_role") == "spectator" else "player"
        self.me = RoomGuest(self.room, name, as_role=as_role, random_bytes=self.random_bytes)
        self.problem = ""
        if self.host_peer is not None:
            fx.send.append((self.host_peer, self.me.join()))
            self.joined = True

    def _on_seat(self, fx: Effects, data: dict[str, Any], now: float) -> None:
        if self.host is None:
            raise ValueError("only the host sets the seats")
        kind, _, level = str(data.get("value", "")).partition(":")
        self._route(fx, self.host.set_seat(int(data["seat"]), kind, level or "normal"))

    def _on_spectators(self, fx: Effects, data: dict[str, Any], now: float) -> None:
        if self.host is None:
            raise ValueError("only the host allows spectators")
        self._route(fx, self.host.set_allow_spectators(bool(data.get("value"))))

    def _on_start(self, fx: Effects, data: dict[str, Any], now: float) -> None:
        if self.host is None:
            raise ValueError("only the host starts the game")
        self._route(fx, self.host.start(now))

    def _on_move(self, fx: Effects, data: dict[str, Any], now: float) -> None:
        if self.me is None:
            raise ValueError("join the room first")
        self.picking = None
        self._to_host(fx, self.me.move(str(data.get("value", ""))[:40]))

    def _on_card(self, fx: Effects, data: dict[str, Any], now: float) -> None:
        """A card of the hand: played at once, or (a wild) after its colour is picked."""
        if self.me is None or self.me.seat is None:
            raise ValueError("only a seated player plays cards")
        card = str(data.get("value", ""))[:8]
        try:
            wild = parse_card(card) >= 0 and card.startswith("W")
        except CardError:
            wild = False
        if wild and "=" not in card:
            self.picking = card
            return
        move = f"P{self.me.seat}:{card}"
        if self.call_uno:
            move += "!"
            self.call_uno = False
        self.picking = None
        self._to_host(fx, self.me.move(move))

    def _on_colour(self, fx: Effects, data: dict[str, Any], now: float) -> None:
        if self.picking is None:
            return
        card, self.picking = self.picking, None
        self._on_card(fx, {"value": f"{card}={str(data.get('value', ''))[:1]}"}, now)

    def _on_uno_toggle(self, fx: Effects, data: dict[str, Any], now: float) -> None:
        self.call_uno = not self.call_uno

    # ------------------------------------------------------------------------------------
    # storage

    def game_digest(self) -> str:
        """The host's game as one hash (hands, piles, turn, phase), for the tests' "the host's
        state is unchanged"; empty in a guest's browser, which has no game."""
        if self.host is None or self.host.state is None:
            return ""
        import hashlib

        st = self.host.state
        facts = repr((st.hands, st.discard, st.draw, st.turn, st.phase, st.direction))
        return hashlib.sha256(facts.encode()).hexdigest()

    def _keep(self, fx: Effects) -> None:
        if self.room is None:
            return
        if self.host is not None:
            fx.store[storage_key("host", self.scope, self.room)] = self.host.save()
        if self.me is not None and self.joined:
            fx.store[storage_key("guest", self.scope, self.room)] = self.me.save()

    # ------------------------------------------------------------------------------------
    # the screen

    def t(self, key: str, **params: object) -> str:
        return text(key, self.lang, **params)

    def card_html(self, code: str, **kw: Any) -> str:
        """A card drawn by the table's own renderer, its spoken name in the screen's language."""
        button = bool(kw.pop("button", False))
        testid = str(kw.pop("testid", ""))
        html = render_card(card_view(parse_card(code), **kw), button=button, testid=testid)
        return translate_html(html, self.lang) if self.lang != "en" else html

    def render(self) -> str:
        back = "../?lang=fi" if self.lang == "fi" else "../"
        parts = [f'<p class="room-back"><a href="{back}" data-testid="room-back">'
                 f'{_e(self.t("back"))}</a></p>'
                 f'<h1 data-testid="room-title">{_e(self.t("title"))}</h1>']
        if self.problem:
            parts.append(f'<p class="room-problem" role="alert" data-testid="room-problem">'
                         f'{_e(self.problem)}</p>')
        if self.room is None:
            parts.append(self._render_create())
            return "".join(parts)
        me = self.me
        if me is not None and me.closed is not None:
            words = describe(me.closed.code, {}, self.lang)
            parts.append(f'<section class="room-closed" role="alert" data-testid="room-closed" '
                         f'data-code="{_e(me.closed.code)}"><h2>{_e(self.t("closed"))}</h2>'
                         f'<p>{_e(words)}</p></section>')
            return "".join(parts)
        if self.host is not None:
            parts.append(self._render_link())
        if me is None or not self.joined:
            parts.append(self._render_join())
            return "".join(parts)
        if self.host is None and self.host_peer is None:
            key = "host_lost" if self.host_lost_at is not None else "connecting"
            parts.append(f'<p class="room-status" data-testid="room-status">{_e(self.t(key))}</p>')
        parts.append(self._render_lobby())
        parts.append(self._render_verifications())
        parts.append(self._render_refusal())
        parts.append(self._render_notice())
        parts.append(self._render_game())
        return "".join(parts)

    def _render_create(self) -> str:
        options = "".join(f'<option value="{_e(p)}">{_e(PRESET_TITLES.get(p, p))}</option>'
                          for p in PRESETS)
        seats = "".join(f'<option value="{n}"{" selected" if n == 4 else ""}>{n}</option>'
                        for n in range(2, 11))
        return (f'<section class="room-create" data-testid="room-create"><p>{_e(self.t("intro"))}</p>'
                f'<label>{_e(self.t("your_name"))} <input data-field="name" maxlength="{MAX_NAME}" '
                f'data-testid="room-name" autocomplete="nickname"></label>'
                f'<label>{_e(self.t("seats"))} <select data-field="seats" data-testid="room-seats">'
                f'{seats}</select></label>'
                f'<label>{_e(self.t("rules"))} <select data-field="preset" data-testid="room-preset">'
                f'{options}</select></label>'
                f'<label>{_e(self.t("length"))} <select data-field="length" data-testid="room-length">'
                f'<option value="rules">{_e(self.t("len_rules"))}</option>'
                f'<option value="one">{_e(self.t("len_one"))}</option></select></label>'
                f'<label>{_e(self.t("absent"))} <input data-field="absent" type="number" min="1" '
                f'max="3600" value="60" data-testid="room-absent"></label>'
                f'{_button("create", self.t("create"), "room-create-btn")}</section>')

    def _render_link(self) -> str:
        return (f'<section class="room-link"><h2>{_e(self.t("link"))}</h2>'
                f'<p><a data-testid="room-link" data-room-link="1" href="?room={_e(self.room)}">'
                f'?room={_e(self.room)}</a></p>'
                f'<div class="room-qr" data-testid="room-qr" role="img" '
                f'aria-label="{_e(self.t("qr"))}"></div></section>')

    def _render_join(self) -> str:
        status = self.t("connecting") if self.host_peer is None else ""
        return (f'<section class="room-join" data-testid="room-join"><h2>{_e(self.t("join_title"))}</h2>'
                f'<label>{_e(self.t("your_name"))} <input data-field="name" maxlength="{MAX_NAME}" '
                f'data-testid="room-name" autocomplete="nickname"></label>'
                f'{_button("join", self.t("play"), "room-play", "player")}'
                f'{_button("join", self.t("watch"), "room-watch", "spectator")}'
                f'<p class="room-status" data-testid="room-status">{_e(status)}</p></section>')

    def _render_lobby(self) -> str:
        me = self.me
        lobby = me.lobby if me is not None else None
        if lobby is None:
            return f'<p class="room-status" data-testid="room-status">{_e(self.t("joining"))}</p>'
        started = lobby.started or (me is not None and me.view is not None)
        rows = []
        for s in lobby.seats:
            if s.kind == "empty":
                who = self.t("empty")
            elif s.kind == "bot":
                who = f'{s.name} — {self.t("bot", level=self.t(s.level) if s.level in LEVELS else s.level)}'
            else:
                who = s.name
                if me is not None and me.seat == s.seat:
                    who += f' ({self.t("you")})'
                if not s.present:
                    who += f' — {self.t("away")}'
                if s.bot_plays:
                    who += f' — {self.t("bot_plays")}'
            control = ""
            if (self.host is not None and not started and s.kind != "person"):
                current = "empty" if s.kind == "empty" else f"bot:{s.level}"
                opts = [("empty", self.t("opt_empty"))] + [
                    (f"bot:{lv}", self.t("opt_bot", level=self.t(lv))) for lv in LEVELS]
                control = (f'<select data-action="seat" data-seat="{s.seat}" '
                           f'data-testid="room-seat-kind-{s.seat}" '
                           f'aria-label="{_e(self.t("seat_kind", n=s.seat + 1))}">' + "".join(
                               f'<option value="{v}"{" selected" if v == current else ""}>{_e(w)}</option>'
                               for v, w in opts) + "</select>")
            rows.append(f'<li data-testid="room-seat-{s.seat}" data-kind="{s.kind}">'
                        f'{_e(self.t("seat", n=s.seat + 1))}: {_e(who)} {control}</li>')
        extra = f'<p>{_e(self.t("spectator_count", n=lobby.spectators))}</p>'
        if self.host is not None and not started:
            checked = " checked" if lobby.allow_spectators else ""
            extra += (f'<label><input type="checkbox" data-action="spectators" '
                      f'data-testid="room-allow-spectators"{checked}> {_e(self.t("spectators"))}</label>'
                      f'{_button("start", self.t("start"), "room-start")}')
        elif not started:
            extra += f'<p class="room-status">{_e(self.t("waiting_start"))}</p>'
        rules = PRESET_TITLES.get(lobby.rules.preset, lobby.rules.preset)
        if me is not None and me.view is not None:
            # in the game: its own list of players says who plays each seat now; the room's
            # rules and spectators on one line
            return (f'<section class="room-lobby in-game" data-testid="room-lobby" '
                    f'data-started="1"><p>{_e(self.t("rules"))}: {_e(rules)} · '
                    f'{_e(self.t("spectator_count", n=lobby.spectators))}</p></section>')
        return (f'<section class="room-lobby" data-testid="room-lobby" '
                f'data-started="{"1" if started else "0"}"><h2>{_e(self.t("lobby"))}</h2>'
                f'<p>{_e(self.t("rules"))}: {_e(rules)}</p>'
                f'{"<ol class=room-seats>" + "".join(rows) + "</ol>" if rows else ""}'
                f'{extra}</section>')

    def _render_verifications(self) -> str:
        me = self.me
        if me is None or not me.verifications:
            return ""
        out = []
        for rnd in sorted(me.verifications):
            v = me.verifications[rnd]
            if v.verified:
                words = self.t("verified")
            else:
                index = v.action_index if v.action_index is not None else "-"
                words = self.t("fault", round=v.round if v.round is not None else rnd,
                               index=index, code=v.code, words=describe(v.code, v.params, self.lang))
            out.append(f'<p class="room-verify {"ok" if v.verified else "fault"}" role="status" '
                       f'data-testid="room-verify" data-round="{rnd}" '
                       f'data-verified="{"1" if v.verified else "0"}" data-code="{_e(v.code)}" '
                       f'data-index="{_e(v.action_index if v.action_index is not None else "")}">'
                       f'{_e(words)}</p>')
        if me.records:  # a revealed round: the log that python -m uno_web validate checks
            out.append(f'<p><button type="button" class="btn" data-action="export_log" '
                       f'data-testid="room-export">{_e(self.t("export_log"))}</button></p>')
        return "".join(out)

    def _on_export_log(self, fx: Effects, data: dict[str, Any], now: float) -> None:
        """The rounds revealed so far as a room log file (every value revealed in it, so
        ``python -m uno_web validate`` verifies it as this page did)."""
        if self.me is None:
            raise ValueError("no room log: this page has not joined a room")
        log = self.me.room_log()  # ValueError before the first reveal
        fx.download = (f"uno-room-{self.me.room}.json", log.model_dump_json(indent=1))

    def _render_refusal(self) -> str:
        me = self.me
        if me is None or not me.refusals:
            return ""
        r = me.refusals[-1]
        if r.code in Reason.__members__:
            return ""  # the validator's: shown as the table shows it (_render_game)
        words = describe(r.code, dict(r.params), self.lang)
        return (f'<p class="room-refusal" role="alert" data-testid="room-refusal" '
                f'data-code="{_e(r.code)}"><span class="tag">{_e(r.code)}</span> '
                f'{_e(self.t("refused"))}: {_e(words)}</p>')

    def _render_notice(self) -> str:
        me = self.me
        if me is None or not me.notices:
            return ""
        n = me.notices[-1]
        return (f'<p class="room-notice" role="status" data-testid="room-notice" '
                f'data-code="{_e(n.code)}">{_e(describe(n.code, dict(n.params), self.lang))}</p>')

    def _render_game(self) -> str:
        me = self.me
        v = me.view if me is not None else None
        if me is None or v is None:
            return ""
        names = list(v.get("names") or [])
        counts = list(v.get("hand_counts") or [])
        turn = v.get("turn")
        seats = []
        infos = {s.seat: s for s in me.lobby.seats} if me.lobby is not None else {}
        for i, name in enumerate(names):
            mark = ' aria-current="true" class="on-turn"' if i == turn else ""
            n = counts[i] if i < len(counts) else 0
            who = str(name)
            info = infos.get(i)  # who plays the seat now, as the host's last lobby says
            if info is not None and info.kind == "person":
                if me.seat == i:
                    who += f' ({self.t("you")})'
                if not info.present:
                    who += f' — {self.t("away")}'
                if info.bot_plays:
                    who += f' — {self.t("bot_plays")}'
            seats.append(f'<li{mark} data-testid="room-player-{i}" data-count="{n}">{_e(who)}: '
                         f'{_e(self.t("cards_left", n=n))}</li>')
        top = v.get("top")
        centre = ""
        if isinstance(top, str):
            try:
                centre = self.card_html(top, label_state=False, testid="room-top")
            except CardError:
                centre = _e(top)
        colour = v.get("color")
        colour_words = self.t(COLOURS[colour]) if colour in COLOURS else ""
        phase = v.get("room_phase") or ""
        if phase == "dealing":
            status = self.t("dealing")
        elif v.get("winner") is not None and 0 <= v["winner"] < len(names):
            status = self.t("game_over", name=names[v["winner"]])
        elif v.get("round_winner") is not None and 0 <= v["round_winner"] < len(names):
            status = self.t("round_over", name=names[v["round_winner"]])
        elif turn == me.seat and me.seat is not None:
            status = self.t("your_turn")
        elif isinstance(turn, int) and 0 <= turn < len(names):
            status = self.t("turn", name=names[turn])
        else:
            status = ""
        entries = self.entries()
        latest = entries[0] if entries else None
        if (latest is not None and not latest.ok and me.seat is not None
                and latest.seat == me.seat and self.picking is None):
            # your move refused: the table's note, in the status line's place
            slot = self.table_html(rejection_html(latest, status))
        else:
            slot = (f'<p class="room-status" data-testid="room-turn" aria-live="polite">'
                    f'{_e(status)}</p>')
        parts = ['<div class="room-play">',
                 f'<section class="room-table" data-testid="room-table" '
                 f'data-round="{_e(v.get("round", ""))}" data-turn="{_e(turn)}" '
                 f'data-you="{_e("" if me.seat is None else me.seat)}">',
                 slot,
                 f'<ol class="room-players">{"".join(seats)}</ol>',
                 f'<div class="room-centre"><span>{_e(self.t("top"))}</span> {centre} '
                 f'<span data-testid="room-colour">{_e(self.t("colour", color=colour_words))}</span> '
                 f'<span>{_e(self.t("draw_pile", n=v.get("draw_count", 0)))}</span></div>']
        if me.seat is None:
            parts.append(f'<p>{_e(self.t("spectating"))}</p>')
        else:
            parts.append(self._render_hand(v))
        parts.append("</section>")
        parts.append(self._render_side(entries))
        parts.append("</div>")
        return "".join(parts)

    def _render_side(self, entries: list[ValidatorEntry]) -> str:
        """The table's validator panel and game log, from what this screen was sent."""
        you = self.me.seat if self.me is not None and self.me.seat is not None else -1
        panel = ""
        if entries:
            panel = (f'<section class="panel validator-panel room-validator" '
                     f'data-testid="room-validator"><h2>{_e(self.t("validator"))}</h2>'
                     f'{self.table_html(entries_html(entries))}</section>')
        lines = self.log_lines()
        log = ""
        if lines:
            log = (f'<section class="panel room-log" data-testid="room-log">'
                   f'<h2>{_e(self.t("log"))}</h2>{self.table_html(log_html(lines, you))}</section>')
        return f'<div class="room-side">{panel}{log}</div>' if panel or log else ""

    def entries(self) -> list[ValidatorEntry]:
        """The validator's verdicts this screen has seen, newest first, as the table's entries
        (a refusal's explanation and rule from the catalogue, as the table writes them)."""
        me = self.me
        if me is None:
            return []
        names = list((me.view or {}).get("names") or [])
        out: list[ValidatorEntry] = []
        for i, d in enumerate(me.verdicts):
            code = d.get("code")
            if not isinstance(code, str) or code not in Reason.__members__:
                continue
            params = d.get("params")
            verdict = Verdict(Reason[code], tuple(params.items()) if isinstance(params, dict) else ())
            seat = d.get("seat")
            seat = seat if isinstance(seat, int) and not isinstance(seat, bool) else -1
            rnd = d.get("round")
            message = str(d.get("message") or code)
            if verdict.params:
                try:  # written from the facts, so a Finnish page words it from them too
                    message = shown(verdict)
                except Exception:  # noqa: BLE001 - facts from another browser are outside input
                    pass  # facts this page cannot word: the host's English stays
            out.append(ValidatorEntry(
                seq=i + 1, seat=seat, who=str(names[seat]) if 0 <= seat < len(names) else "",
                move=str(d.get("move") or "")[:40], code=code, ok=bool(d.get("ok")),
                message=message[:1000], explanation=verdict.explanation,
                rule=str(d.get("rule") or verdict.rule)[:200], hint=_hint(d),
                round=rnd if isinstance(rnd, int) else 0))
        out.reverse()
        return out

    def log_lines(self) -> list[LogLine]:
        """The game log as the table writes it (newest first), from the events this screen was
        sent; an event it cannot read is left out."""
        me = self.me
        if me is None:
            return []
        names = list((me.view or {}).get("names") or [])
        you = me.seat if me.seat is not None else -1
        out: list[LogLine] = []
        events = list(me.events)[-LOG_LINES:]
        for i, (_rnd, facts) in enumerate(events):
            try:
                seen = _Seen(facts)
                words = describe_event(cast(Event, seen), names, you)
            except (KeyError, TypeError, ValueError, IndexError, AttributeError, CardError):
                continue
            seat = seen.seat if isinstance(seen.seat, int) else -1
            out.append(LogLine(i, seen.kind, words, seat))
        out.reverse()
        return out

    def table_html(self, html: str) -> str:
        """A piece the table renders (in English), in this screen's language."""
        return translate_html(html, self.lang) if self.lang != "en" else html

    def _render_hand(self, v: dict[str, Any]) -> str:
        legal = set(v.get("legal") or [])
        seat = self.me.seat if self.me is not None else None
        cards = []
        for index, code in enumerate(v.get("hand") or []):
            try:
                parse_card(code)
            except CardError:
                continue
            playable = any(m.startswith(f"P{seat}:{code}") for m in legal)
            cards.append(self.card_html(code, playable=playable, index=index, button=True,
                                        testid=f"room-card-{index}"))
        moves = []
        for m in sorted(legal):
            letter = m[:1]
            if letter == "P":
                continue
            if letter == "C" and ">" in m:
                target = int(m.split(">", 1)[1]) if m.split(">", 1)[1].isdigit() else -1
                names = v.get("names") or []
                name = names[target] if 0 <= target < len(names) else "?"
                words = self.t("m_C", name=name)
            elif letter == "O" and "=" in m:
                words = self.t("m_O", color=self.t(COLOURS.get(m[-1], "red")))
            elif f"m_{letter}" in TEXTS:
                words = self.t(f"m_{letter}")
            else:
                continue
            moves.append(_button("move", words, f"room-move-{letter}", m))
        if any(m.endswith("!") for m in legal):
            on = " on" if self.call_uno else ""
            moves.append(_button("uno_toggle", self.t("call_uno"), "room-uno-toggle",
                                 cls=f"btn{on}"))
        picker = ""
        if self.picking is not None:
            picker = (f'<div class="room-picker" role="group" data-testid="room-picker" '
                      f'aria-label="{_e(self.t("pick_colour"))}">' + "".join(
                          _button("colour", self.t(word), f"room-colour-{c}", c)
                          for c, word in COLOURS.items()) + "</div>")
        return (f'<h2>{_e(self.t("hand"))}</h2><div class="room-hand" data-testid="room-hand">'
                f'{"".join(cards)}</div>{picker}<div class="room-moves">{"".join(moves)}</div>')


def make_screen(config: str) -> RoomScreen:
    """The page's screen from its start-up facts as JSON: ``room``, ``lang``, ``scope``,
    ``stored`` (the two saves of this room, if any), ``now``, ``relay_error``."""
    try:
        c = json.loads(config)
    except ValueError:
        c = {}
    if not isinstance(c, dict):
        c = {}
    raw = c.get("stored")
    stored: dict[Any, Any] = raw if isinstance(raw, dict) else {}
    return RoomScreen(c.get("room") if isinstance(c.get("room"), str) else None,
                      lang=str(c.get("lang", "en")), scope=str(c.get("scope", "/")),
                      stored={str(k): str(v) for k, v in stored.items() if isinstance(v, str)},
                      now=float(c.get("now", 0.0)), relay_error=str(c.get("relay_error", ""))[:200])
