"""The room protocol's messages: their envelope, their models, their limits and the codes of
the room's own refusals (with their English and Finnish words).

Every message is one JSON object with the envelope ``protocol`` (``"uno-web-room"``), ``v``
(1), ``type``, ``room`` (the room id), ``role`` and ``seat`` (the sender's), and ``seq`` (the
sender's own counter, 1, 2, 3, ... on one connection). The bodies are in ``docs/rooms.md``.

Messages from peers are outside input: :func:`read_guest_message` reads one strictly (the size
first, then JSON with :func:`~uno_web.core.fields.load_json`, then the declared model of its
``type``, with JSON's own types) and raises :class:`ProtocolError` with a :class:`RoomCode` and
one short line; nothing else escapes it. No pydantic: the models are the core's declared
dataclasses (:mod:`uno_web.core.fields`), so the browser reads messages without it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, Literal, Union

from ..core.fields import Declared, FieldProblem, Tagged, declare, declared, excerpt, load_json
from ..core.gamelog import MAX_NAME_CHARS, RulesRef, Seat
from ..core.moves import MAX_MOVE_LENGTH

__all__ = [
    "PROTOCOL", "VERSION", "MAX_GUEST_MESSAGE_CHARS", "MAX_HOST_MESSAGE_CHARS", "MAX_SEQ",
    "ROOM_ID_RE", "HEX_VALUE_CHARS", "RoomCode", "ROOM_TEXTS", "ProtocolError", "room_text",
    "JoinMessage", "MoveMessage", "EntropyMessage", "SyncMessage", "LeaveMessage",
    "GuestMessage", "read_guest_message", "read_host_message", "encode", "is_hex_value",
    "SeatInfo", "WelcomeMessage", "LobbyMessage", "CommitMessage", "DealtMessage",
    "StateMessage", "RefusedMessage", "NoticeMessage", "RevealMessage", "ClosedMessage",
    "HostMessage", "ROLES", "GUEST_MODELS", "HOST_MODELS",
]

PROTOCOL: Literal["uno-web-room"] = "uno-web-room"
VERSION: Literal[1] = 1

MAX_GUEST_MESSAGE_CHARS = 4096
"""The longest message a guest may send (a join with a 40-character name is about 200): a
longer one is refused before it is parsed."""
MAX_HOST_MESSAGE_CHARS = 4 * 1024 * 1024
"""The longest message a guest reads from the host (a round's reveal with its whole log is
tens of kilobytes; a round of thousands of actions stays below this)."""
MAX_SEQ = 2**53
"""Sequence numbers stay below JavaScript's largest exact whole number."""
ROOM_ID_RE = re.compile(r"[A-Za-z0-9_-]{4,40}")
HEX_VALUE_CHARS = 64
"""A random value or a commitment: 32 bytes written as 64 lowercase hex digits."""
_HEX_RE = re.compile(r"[0-9a-f]{64}")
MAX_TOKEN_CHARS = 64
ROLES = ("host", "player", "spectator", "visitor")


class RoomCode(str, Enum):
    """Why the room refused or dropped something, or what the verification found.

    Refusals of a move by the rules keep the core's codes (:class:`~uno_web.core.reasons.Reason`);
    these are the room's own. ``R_`` codes answer a message; ``V_`` codes are the verification's
    faults (``VERIFIED`` when there is none)."""

    R_TOO_LARGE = "R_TOO_LARGE"
    R_MALFORMED = "R_MALFORMED"
    R_WRONG_PROTOCOL = "R_WRONG_PROTOCOL"
    R_WRONG_ROOM = "R_WRONG_ROOM"
    R_REPLAYED = "R_REPLAYED"
    R_OUT_OF_ORDER = "R_OUT_OF_ORDER"
    R_FLOOD = "R_FLOOD"
    R_NOT_JOINED = "R_NOT_JOINED"
    R_ALREADY_JOINED = "R_ALREADY_JOINED"
    R_WRONG_SENDER = "R_WRONG_SENDER"
    R_BAD_TOKEN = "R_BAD_TOKEN"
    R_BAD_NAME = "R_BAD_NAME"
    R_ROOM_FULL = "R_ROOM_FULL"
    R_SEAT_TAKEN = "R_SEAT_TAKEN"
    R_SPECTATORS_REFUSED = "R_SPECTATORS_REFUSED"
    R_STARTED = "R_STARTED"
    R_SPECTATOR_MOVE = "R_SPECTATOR_MOVE"
    R_NOT_YOUR_SEAT = "R_NOT_YOUR_SEAT"
    R_NOT_PLAYING = "R_NOT_PLAYING"
    R_DEALING = "R_DEALING"
    R_NO_ENTROPY_WANTED = "R_NO_ENTROPY_WANTED"
    R_ENTROPY_TWICE = "R_ENTROPY_TWICE"
    R_HOST_GONE = "R_HOST_GONE"
    R_HOST_CLOSED = "R_HOST_CLOSED"
    R_REMOVED = "R_REMOVED"
    R_REPLACED = "R_REPLACED"
    R_SEAT_BOT = "R_SEAT_BOT"
    R_SEAT_BACK = "R_SEAT_BACK"
    VERIFIED = "VERIFIED"
    V_MALFORMED_LOG = "V_MALFORMED_LOG"
    V_COMMITMENT = "V_COMMITMENT"
    V_COMMITMENT_CHANGED = "V_COMMITMENT_CHANGED"
    V_DECK_NOT_JOINT = "V_DECK_NOT_JOINT"
    V_RESHUFFLE_NOT_JOINT = "V_RESHUFFLE_NOT_JOINT"
    V_VALUE_MISSING = "V_VALUE_MISSING"
    V_ROUND_NOT_OVER = "V_ROUND_NOT_OVER"
    V_RECORD_CHANGED = "V_RECORD_CHANGED"


# English and Finnish, with {placeholders} filled from the refusal's params
ROOM_TEXTS: dict[RoomCode, tuple[str, str]] = {
    RoomCode.R_TOO_LARGE: (
        "The message is too large: {size} characters, at most {limit}.",
        "Viesti on liian suuri: {size} merkkiä, enintään {limit}."),
    RoomCode.R_MALFORMED: (
        "The message is not a message of this room: {detail}",
        "Viesti ei ole tämän huoneen viesti: {detail}"),
    RoomCode.R_WRONG_PROTOCOL: (
        "The message speaks another protocol or version: {detail}",
        "Viesti on toista protokollaa tai versiota: {detail}"),
    RoomCode.R_WRONG_ROOM: (
        "The message is for another room ({room}).",
        "Viesti on toiselle huoneelle ({room})."),
    RoomCode.R_REPLAYED: (
        "The message was already received (number {seq}; the last was {last}).",
        "Viesti on jo vastaanotettu (numero {seq}; edellinen oli {last})."),
    RoomCode.R_OUT_OF_ORDER: (
        "The message came out of order (number {seq}; expected {expected}).",
        "Viesti tuli väärässä järjestyksessä (numero {seq}; odotettiin {expected})."),
    RoomCode.R_FLOOD: (
        "Too many messages: {dropped} were dropped. At most {limit} wait at a time.",
        "Liikaa viestejä: {dropped} hylättiin. Kerrallaan voi odottaa enintään {limit}."),
    RoomCode.R_NOT_JOINED: (
        "Join the room first.",
        "Liity ensin huoneeseen."),
    RoomCode.R_ALREADY_JOINED: (
        "You are already in the room.",
        "Olet jo huoneessa."),
    RoomCode.R_WRONG_SENDER: (
        "The message says it is from {claimed}, but this connection is {actual}.",
        "Viesti sanoo olevansa lähettäjältä {claimed}, mutta tämä yhteys on {actual}."),
    RoomCode.R_BAD_TOKEN: (
        "This seat token is not known in this room.",
        "Tätä paikkatunnusta ei tunneta tässä huoneessa."),
    RoomCode.R_BAD_NAME: (
        "Choose another name: {name} is a word the table uses to speak to each player.",
        "Valitse toinen nimi: {name} on sana, jolla pöytä puhuttelee kutakin pelaajaa."),
    RoomCode.R_ROOM_FULL: (
        "Every seat is taken.",
        "Kaikki paikat ovat varattuja."),
    RoomCode.R_SEAT_TAKEN: (
        "Seat {seat} is not free.",
        "Paikka {seat} ei ole vapaa."),
    RoomCode.R_SPECTATORS_REFUSED: (
        "The host does not allow spectators in this room.",
        "Isäntä ei salli katsojia tässä huoneessa."),
    RoomCode.R_STARTED: (
        "The game has started: new players can only watch.",
        "Peli on alkanut: uudet pelaajat voivat vain katsoa."),
    RoomCode.R_SPECTATOR_MOVE: (
        "Spectators watch: they make no moves.",
        "Katsojat vain katsovat: he eivät tee siirtoja."),
    RoomCode.R_NOT_YOUR_SEAT: (
        "The move {move} is for seat {seat}; yours is seat {yours}.",
        "Siirto {move} on paikalle {seat}; sinun paikkasi on {yours}."),
    RoomCode.R_NOT_PLAYING: (
        "The game is not being played now.",
        "Peliä ei pelata nyt."),
    RoomCode.R_DEALING: (
        "The next round is being dealt: wait for the cards.",
        "Seuraavaa kierrosta jaetaan: odota kortteja."),
    RoomCode.R_NO_ENTROPY_WANTED: (
        "No random value is wanted now (round {round}).",
        "Satunnaisarvoa ei nyt tarvita (kierros {round})."),
    RoomCode.R_ENTROPY_TWICE: (
        "Your random value for round {round} was already received.",
        "Satunnaisarvosi kierrokselle {round} on jo vastaanotettu."),
    RoomCode.R_HOST_GONE: (
        "The host has left the room. The game cannot go on without the host.",
        "Isäntä on poistunut huoneesta. Peli ei voi jatkua ilman isäntää."),
    RoomCode.R_HOST_CLOSED: (
        "The host closed the room.",
        "Isäntä sulki huoneen."),
    RoomCode.R_REMOVED: (
        "The host no longer allows spectators: you were let out of the room.",
        "Isäntä ei enää salli katsojia: sinut ohjattiin ulos huoneesta."),
    RoomCode.R_REPLACED: (
        "Your seat was taken back from another window or device.",
        "Paikkasi otettiin takaisin toisesta ikkunasta tai laitteesta."),
    RoomCode.R_SEAT_BOT: (
        "{name} has been away for {seconds} seconds: a bot plays seat {seat} until they return.",
        "{name} on ollut poissa {seconds} sekuntia: botti pelaa paikkaa {seat}, kunnes hän "
        "palaa."),
    RoomCode.R_SEAT_BACK: (
        "{name} is back at seat {seat}.",
        "{name} on palannut paikalle {seat}."),
    RoomCode.VERIFIED: (
        "Verified: every move legal, deck from our joint shuffle ({rounds} rounds, {actions} "
        "actions).",
        "Tarkistettu: jokainen siirto sallittu, pakka yhteisestä sekoituksesta ({rounds} "
        "kierrosta, {actions} siirtoa)."),
    RoomCode.V_MALFORMED_LOG: (
        "The revealed log cannot be read: {detail}",
        "Paljastettua lokia ei voi lukea: {detail}"),
    RoomCode.V_COMMITMENT: (
        "Round {round}: the host's revealed value does not match its commitment.",
        "Kierros {round}: isännän paljastama arvo ei vastaa sen sitoumusta."),
    RoomCode.V_COMMITMENT_CHANGED: (
        "Round {round}: the commitment in the log is not the one the host sent before the deal.",
        "Kierros {round}: lokin sitoumus ei ole se, jonka isäntä lähetti ennen jakoa."),
    RoomCode.V_DECK_NOT_JOINT: (
        "Round {round}: the deck was not dealt from the joint shuffle.",
        "Kierros {round}: pakkaa ei jaettu yhteisestä sekoituksesta."),
    RoomCode.V_RESHUFFLE_NOT_JOINT: (
        "Round {round}, action {number}: the reshuffled draw pile is not the joint shuffle's.",
        "Kierros {round}, siirto {number}: uudelleen sekoitettu nostopakka ei ole yhteisen "
        "sekoituksen."),
    RoomCode.V_VALUE_MISSING: (
        "Round {round}: your random value was not used for the deck as the host said it was.",
        "Kierros {round}: satunnaisarvoasi ei käytetty pakan sekoitukseen, vaikka isäntä "
        "ilmoitti niin."),
    RoomCode.V_RECORD_CHANGED: (
        "Round {round} was revealed before with another record.",
        "Kierros {round} paljastettiin aiemmin toisin tiedoin."),
    RoomCode.V_ROUND_NOT_OVER: (
        "Round {round} is revealed before it is over.",
        "Kierros {round} paljastettiin ennen kuin se päättyi."),
}


def room_text(code: RoomCode, params: dict[str, Any], lang: str = "en") -> str:
    """The words of a room code in ``lang`` (``"en"`` or ``"fi"``), filled from ``params``
    (a missing placeholder is written ``?``)."""
    en, fi = ROOM_TEXTS[code]
    template = fi if lang == "fi" else en

    class _Filled(dict):  # type: ignore[type-arg]
        def __missing__(self, key: str) -> str:
            return "?"

    return template.format_map(_Filled({k: v for k, v in params.items()}))


class ProtocolError(ValueError):
    """A message refused before it reaches the game: ``code`` (a :class:`RoomCode`), ``params``
    (the facts its words are made from) and ``str()``, one English line."""

    def __init__(self, code: RoomCode, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(room_text(code, params))


def is_hex_value(text: object) -> bool:
    """Whether ``text`` is 32 bytes written as 64 lowercase hex digits."""
    return isinstance(text, str) and _HEX_RE.fullmatch(text) is not None


def check_hex(value: str) -> str:
    """``value`` if it is a 32-byte value in hex (a field check), else ValueError."""
    if not is_hex_value(value):
        raise ValueError(f"a value is 64 lowercase hex digits (32 bytes), got {excerpt(value)}")
    return value


def check_room_id(value: str) -> str:
    """``value`` if it is a room id (a field check), else ValueError."""
    if ROOM_ID_RE.fullmatch(value) is None:
        raise ValueError("a room id is 4 to 40 letters, digits, '-' or '_', got "
                         f"{excerpt(value)}")
    return value


# ------------------------------------------------------------------------------------------
# guest -> host
# ------------------------------------------------------------------------------------------


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class _Envelope(Declared):
    protocol: Literal["uno-web-room"] = declared(description="Always \"uno-web-room\".")
    v: Literal[1] = declared(description="The protocol version.")
    room: str = declared(max_length=40, check=check_room_id, description="The room id.")
    role: Literal["host", "player", "spectator", "visitor"] = declared(
        description="The sender's role: a visitor has not joined yet.")
    seat: int | None = declared(None, ge=0, le=9, description="The sender's seat (players).")
    seq: int = declared(ge=1, le=MAX_SEQ, description=(
        "The sender's message number on this connection: 1, then one more each message."))


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class JoinMessage(_Envelope):
    """Take a seat (``role`` "player"; ``want`` a seat number or none), take one's seat back
    (``token``), or watch (``role`` "spectator")."""

    type: Literal["join"] = "join"
    name: str = declared(max_length=MAX_NAME_CHARS, min_length=1, description="The name shown.")
    as_role: Literal["player", "spectator"] = declared("player", description="Play or watch.")
    want: int | None = declared(None, ge=0, le=9, description="The seat wished for.")
    token: str | None = declared(None, max_length=MAX_TOKEN_CHARS,
                                 description="The seat token given at the first join.")


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class MoveMessage(_Envelope):
    """A move in the core's notation (``P1:R7``, ``D1``, ``C1>3`` ...)."""

    type: Literal["move"] = "move"
    move: str = declared(max_length=MAX_MOVE_LENGTH, description="The move in notation.")


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class EntropyMessage(_Envelope):
    """The guest's random value for the deal of ``round``."""

    type: Literal["entropy"] = "entropy"
    round: int = declared(ge=1, le=1000)
    value: str = declared(max_length=HEX_VALUE_CHARS, check=check_hex,
                          description="32 random bytes as 64 lowercase hex digits.")


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class SyncMessage(_Envelope):
    """Ask for the lobby and one's view again (after a reload)."""

    type: Literal["sync"] = "sync"


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class LeaveMessage(_Envelope):
    """Leave the room (a player's seat waits for them, then a bot takes it)."""

    type: Literal["leave"] = "leave"


GuestMessage = Annotated[
    Union[JoinMessage, MoveMessage, EntropyMessage, SyncMessage, LeaveMessage], Tagged("type")]


# ------------------------------------------------------------------------------------------
# host -> guest
# ------------------------------------------------------------------------------------------


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class SeatInfo(Declared):
    """A seat as everybody sees it (never its token)."""

    seat: int = declared(ge=0, le=9)
    kind: Literal["person", "bot", "empty"]
    name: str = declared("", max_length=MAX_NAME_CHARS)
    level: str | None = declared(None, max_length=MAX_NAME_CHARS)
    present: bool = declared(False, description="A person whose browser is connected now.")
    bot_plays: bool = declared(False, description="A bot plays this person's seat for now.")


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class WelcomeMessage(_Envelope):
    """The answer to a join: the seat (or spectator) and, for a player, the seat token to keep
    for coming back."""

    type: Literal["welcome"] = "welcome"
    you_role: Literal["player", "spectator"]
    you_seat: int | None = declared(None, ge=0, le=9)
    token: str | None = declared(None, max_length=MAX_TOKEN_CHARS)


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class LobbyMessage(_Envelope):
    """The room as everybody sees it: the seats, the rules, spectators, whether it started."""

    type: Literal["lobby"] = "lobby"
    seats: list[SeatInfo] = declared(min_length=2, max_length=10)
    rules: RulesRef
    spectators: int = declared(0, ge=0, le=10_000)
    allow_spectators: bool = True
    started: bool = False
    absent_timeout: int = declared(60, ge=0, le=86_400)


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class CommitMessage(_Envelope):
    """Before the deal of ``round``: the host's commitment to its secret value."""

    type: Literal["commit"] = "commit"
    round: int = declared(ge=1, le=1000)
    commitment: str = declared(max_length=HEX_VALUE_CHARS, check=check_hex)
    wanted: list[int] = declared(default_factory=list, max_length=10,
                                 description="The seats whose random values are awaited.")


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class DealtMessage(_Envelope):
    """``round`` was dealt from the host's value and the values of ``contributors``."""

    type: Literal["dealt"] = "dealt"
    round: int = declared(ge=1, le=1000)
    contributors: list[int] = declared(default_factory=list, max_length=10)


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class StateMessage(_Envelope):
    """What the recipient may see now (``view``: docs/rooms.md "The view")."""

    type: Literal["state"] = "state"
    view: dict[str, Any] = declared(max_length=64)


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class RefusedMessage(_Envelope):
    """The recipient's message ``refers_to`` (its ``seq``) was refused: ``code`` (a room code
    or the core's reason code), ``message`` in English, ``params`` the facts to write it in
    another language, ``hint`` what the sender could do instead (a refused move)."""

    type: Literal["refused"] = "refused"
    refers_to: int | None = declared(None, ge=0, le=MAX_SEQ)
    code: str = declared(max_length=64)
    message: str = declared(max_length=1000)
    params: dict[str, Any] = declared(default_factory=dict, max_length=32)
    move: str | None = declared(None, max_length=MAX_MOVE_LENGTH)
    #: for a move the rules refused: what the sender could do instead, in English (the table's
    #: sentence), and the same as facts (``uno_web.core.words.words_json``: a phrase's key and
    #: its cards, names and counts) from which a screen in another language writes it
    hint: str = declared("", max_length=1000)
    hint_words: dict[str, Any] = declared(default_factory=dict, max_length=2)


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class NoticeMessage(_Envelope):
    """Something the room says to everybody (a seat taken by a bot, a person back)."""

    type: Literal["notice"] = "notice"
    code: str = declared(max_length=64)
    message: str = declared(max_length=1000)
    params: dict[str, Any] = declared(default_factory=dict, max_length=32)


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class RevealMessage(_Envelope):
    """At the end of a round: the round's record with the host's value (docs/rooms.md)."""

    type: Literal["reveal"] = "reveal"
    record: dict[str, Any] = declared(max_length=16)


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class ClosedMessage(_Envelope):
    """The room is closed for the recipient (``code``: why)."""

    type: Literal["closed"] = "closed"
    code: str = declared(max_length=64)
    message: str = declared(max_length=1000)


HostMessage = Annotated[
    Union[WelcomeMessage, LobbyMessage, CommitMessage, DealtMessage, StateMessage,
          RefusedMessage, NoticeMessage, RevealMessage, ClosedMessage], Tagged("type")]

GUEST_MODELS: tuple[type[Declared], ...] = (
    JoinMessage, MoveMessage, EntropyMessage, SyncMessage, LeaveMessage)
HOST_MODELS: tuple[type[Declared], ...] = (
    WelcomeMessage, LobbyMessage, CommitMessage, DealtMessage, StateMessage, RefusedMessage,
    NoticeMessage, RevealMessage, ClosedMessage)
_GUEST_TYPES: dict[str, Any] = {m.model_fields["type"].default: m for m in GUEST_MODELS}
_HOST_TYPES: dict[str, Any] = {m.model_fields["type"].default: m for m in HOST_MODELS}


def _read(text: object, limit: int, types: dict[str, Any], room: str) -> Any:
    if not isinstance(text, str):
        raise ProtocolError(RoomCode.R_MALFORMED,
                            detail=f"a message is JSON text, not {excerpt(text)}")
    if len(text) > limit:
        raise ProtocolError(RoomCode.R_TOO_LARGE, size=len(text), limit=limit)
    try:
        data = load_json(text)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError(RoomCode.R_MALFORMED, detail=str(exc)[:120]) from None
    if not isinstance(data, dict):
        raise ProtocolError(RoomCode.R_MALFORMED,
                            detail=f"a message is a JSON object, not {excerpt(data)}")
    version = data.get("v")
    if data.get("protocol") != PROTOCOL or type(version) is not int or version != VERSION:
        raise ProtocolError(RoomCode.R_WRONG_PROTOCOL, detail=(
            f"protocol {excerpt(data.get('protocol'))} version {excerpt(data.get('v'))}; "
            f"this room speaks {PROTOCOL!r} version {VERSION}"))
    kind = data.get("type")
    model = types.get(kind) if isinstance(kind, str) else None
    if model is None:
        raise ProtocolError(RoomCode.R_MALFORMED, detail=(
            f"unknown type {excerpt(kind)}; one of {', '.join(sorted(types))}"))
    try:
        message: _Envelope = model.model_validate(data)
    except FieldProblem as exc:
        raise ProtocolError(RoomCode.R_MALFORMED, detail=f"{kind}: {str(exc)[:160]}") from None
    if message.room != room:
        raise ProtocolError(RoomCode.R_WRONG_ROOM, room=excerpt(message.room))
    return message


def read_guest_message(text: object, room: str) -> Any:
    """A guest's message for room ``room`` as its model (:data:`GuestMessage`); raises
    :class:`ProtocolError` for anything else (too large, not JSON, not an object, another
    protocol or version, an unknown type, a field of the wrong type or past its limit, another
    room). The sequence number is the host's to judge (it knows the connection)."""
    return _read(text, MAX_GUEST_MESSAGE_CHARS, _GUEST_TYPES, room)


def read_host_message(text: object, room: str) -> Any:
    """A host's message for room ``room`` as its model (:data:`HostMessage`); raises
    :class:`ProtocolError` like :func:`read_guest_message` (the limit is
    :data:`MAX_HOST_MESSAGE_CHARS`)."""
    return _read(text, MAX_HOST_MESSAGE_CHARS, _HOST_TYPES, room)


def encode(message: Declared) -> str:
    """A message as the compact JSON text that travels."""
    return json.dumps(message.model_dump(), ensure_ascii=False, separators=(",", ":"))
