"""The host of a room: seats, peers, the game through the core, the shuffle nobody chooses.

:class:`RoomHost` is pure: the transport hands it each peer's text with :meth:`RoomHost.handle`
and the time with :meth:`RoomHost.tick`; both return the messages to send, ``(peer, text)``
pairs. It reads no clock, opens no connection and draws its randomness from the
``random_bytes`` function it is given.
"""

from __future__ import annotations

import os
import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Literal, Protocol, Sequence

from ..core.cards import card_str
from ..core.engine import apply, check, legal_moves, new_game
from ..core.events import Event
from ..core.fields import Declared, declare, declared
from ..core.gamelog import (
    MAX_NAME_CHARS, MAX_ROUNDS, GameLog, LogError, ReplayFailure, RoundLog, RulesRef, Seat,
    action_from_move, replay_steps,
)
from ..core.moves import Move, MoveError, MoveKind, parse_move
from ..core.observation import Observation, observe
from ..core.reasons import Reason, Verdict, quote_value
from ..core.rules import PRESETS, RuleSet, resolve_rules
from ..core.state import GameState, Phase
from ..core.words import Words, english, words_json
from .commitment import VALUE_BYTES, apply_joint, commitment, deal_order, joint_seed
from .protocol import (
    MAX_GUEST_MESSAGE_CHARS, PROTOCOL, VERSION, ClosedMessage, CommitMessage, DealtMessage,
    EntropyMessage, JoinMessage, LeaveMessage, LobbyMessage, MoveMessage, NoticeMessage,
    ProtocolError, RefusedMessage, RevealMessage, RoomCode, SeatInfo, StateMessage, SyncMessage,
    WelcomeMessage, encode, read_guest_message, room_text, ROOM_ID_RE,
)
from .roomlog import EntropyValue, RoomLog, RoundRecord, json_params
from .protocol import check_hex as _hex_check
from .protocol import check_room_id as _room_id_check
from .view import table_view, verdict_facts

__all__ = ["RoomHost", "RoomBot", "RoomError", "Outgoing", "QUEUE_LIMIT", "RATE", "BURST", "MAX_SPECTATORS",
           "SAVE_FORMAT", "RoomSave", "SavedSeat", "SavedDealing"]

Outgoing = tuple[str, str]
"""A message to send: (the peer it goes to, its JSON text)."""

QUEUE_LIMIT = 64
"""Messages one peer may have waiting; more are dropped (``R_FLOOD``, said once)."""
RATE = 20.0
"""Messages a second one peer's queue is worked through at (after a burst of :data:`BURST`)."""
BURST = 40.0
MAX_SPECTATORS = 50
MAX_PEERS = 100
"""Connections at once (seats, spectators and visitors not joined yet); more are closed."""
LOG_LIMIT = 200
MAX_BOT_MOVES_PER_TICK = 500
SAVE_FORMAT = "uno-web-room-save"
RESERVED_NAMES = frozenset({"you", "sinä", "sina"})
"""Names a player may not take: the validator's words speak to the reader as "You"."""


SlotKind = Literal["person", "bot", "empty"]
RoomPhase = Literal["lobby", "dealing", "playing", "round_over", "game_over", "closed"]


def _ms(seconds: float) -> int:
    return max(0, min(10**9, round(seconds * 1000)))


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class SavedSeat(Declared):
    kind: Literal["person", "bot", "empty"]
    name: str = declared("", max_length=MAX_NAME_CHARS)
    level: str | None = declared(None, max_length=MAX_NAME_CHARS)
    token: str | None = declared(None, max_length=64)
    standin: bool = False


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class SavedDealing(Declared):
    host_value: str = declared(max_length=64, check=_hex_check)
    commitment: str = declared(max_length=64, check=_hex_check)
    wanted: list[int] = declared(default_factory=list, max_length=10)
    given: list[EntropyValue] = declared(default_factory=list, max_length=10)


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class RoomSave(Declared):
    """What :meth:`RoomHost.save` writes (the host's own storage; read back strictly)."""

    format: Literal["uno-web-room-save"] = "uno-web-room-save"
    version: Literal[1] = 1
    room: str = declared(max_length=40, check=_room_id_check)
    rules: RulesRef
    seats: list[SavedSeat] = declared(min_length=2, max_length=10)
    allow_spectators: bool = True
    absent_timeout_ms: int = declared(60_000, ge=0, le=10**9)
    entropy_timeout_ms: int = declared(10_000, ge=0, le=10**9)
    bot_delay_ms: int = declared(600, ge=0, le=10**9)
    standin_level: str = declared("normal", max_length=MAX_NAME_CHARS)
    phase: RoomPhase = "lobby"
    revealed: int = declared(0, ge=0, le=MAX_ROUNDS)
    records: list[RoundRecord] = declared(default_factory=list, max_length=MAX_ROUNDS)
    dealing: SavedDealing | None = None


class RoomError(ValueError):
    """A host-side call that cannot be done now (the host's own screen asked for it)."""




@dataclass
class _Slot:
    kind: SlotKind = "empty"
    name: str = ""
    level: str | None = None  # a bot's level
    token: str | None = None
    peer: str | None = None
    absent_since: float | None = None
    standin: bool = False  # a bot plays this person's seat until they return


@dataclass
class _Peer:
    id: str
    role: str = "visitor"  # "visitor", "player", "spectator"
    seat: int | None = None
    last_seq: int = 0
    out_seq: int = 0
    queue: deque[str] = field(default_factory=deque)
    tokens: float = BURST
    refilled: float = 0.0
    dropped: int = 0
    flood_said: bool = False
    name: str = ""


class RoomBot(Protocol):
    """What the room asks of a bot (:class:`uno_web.ai.Bot` is one): it sees its seat's
    observation and legal moves only, and returns one of those moves."""

    def choose(self, obs: Observation, moves: Sequence[Move], rng: random.Random) -> Move: ...

    def react(self, obs: Observation, moves: Sequence[Move], rng: random.Random
              ) -> Move | None: ...


class _Bots:
    """Bots made on first use, one per (seat, level)."""

    def __init__(self, maker: Callable[[str], RoomBot] | None) -> None:
        self.maker = maker
        self.bots: dict[tuple[int, str], RoomBot] = {}

    def get(self, seat: int, level: str) -> RoomBot:
        key = (seat, level)
        if key not in self.bots:
            if self.maker is None:
                from ..ai import make_bot

                self.bots[key] = make_bot(level)
            else:
                self.bots[key] = self.maker(level)
        return self.bots[key]


class RoomHost:
    """A room hosted in one browser (or any program): the one authority that applies moves.

    The host's own screen joins its room like any guest (a peer of its own, usually through an
    in-page loopback); the host's powers are the methods below (:meth:`set_seat`,
    :meth:`set_rules`, :meth:`set_allow_spectators`, :meth:`start`, :meth:`next_round`,
    :meth:`close`). Every method that changes something returns the messages to send.

    ``seats``: 2 to 10; ``absent_timeout``: seconds a person may be away before a bot of
    ``standin_level`` plays their seat; ``entropy_timeout``: seconds the deal waits for the
    guests' random values; ``bot_delay``: seconds between a move and a bot's answer (people's
    out-of-turn moves that arrive first win); ``random_bytes(n)``: the host's randomness (its
    secret values, seat tokens, the bots' generator); ``bot_maker(level)``: a bot with
    ``choose`` and ``react`` (default: :func:`uno_web.ai.make_bot`).
    """

    def __init__(
        self,
        room: str,
        *,
        seats: int = 4,
        rules: RuleSet | None = None,
        preset: str = "official",
        allow_spectators: bool = True,
        absent_timeout: float = 60.0,
        entropy_timeout: float = 10.0,
        bot_delay: float = 0.6,
        standin_level: str = "normal",
        random_bytes: Callable[[int], bytes] = os.urandom,
        bot_maker: Callable[[str], RoomBot] | None = None,
    ) -> None:
        if not isinstance(room, str) or ROOM_ID_RE.fullmatch(room) is None:
            raise RoomError("a room id is 4 to 40 letters, digits, '-' or '_'")
        if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= 10:
            raise RoomError("a room has 2 to 10 seats")
        self.room = room
        self.slots = [_Slot() for _ in range(seats)]
        self.preset = preset if preset in PRESETS else "official"
        self.rules = rules if rules is not None else resolve_rules(self.preset)
        _check_deal(self.rules, seats)
        if bot_maker is None:
            _check_level(standin_level)
        self.allow_spectators = allow_spectators
        self.absent_timeout = float(absent_timeout)
        self.entropy_timeout = float(entropy_timeout)
        self.bot_delay = float(bot_delay)
        self.standin_level = standin_level
        self.random_bytes = random_bytes
        self.rng = random.Random(int.from_bytes(random_bytes(16), "big"))
        self.bots = _Bots(bot_maker)
        self.peers: dict[str, _Peer] = {}
        self.now = 0.0
        self.phase: RoomPhase = "lobby"
        self.state: GameState | None = None
        self.records: list[dict[str, Any]] = []  # every round's record; the last may be secret
        self.revealed = 0  # rounds whose record was revealed
        self.joint = b""
        self.reshuffles = 0
        self.host_value = b""
        self.wanted: list[int] = []
        self.given: dict[int, bytes] = {}
        self.deadline = 0.0
        self.bot_due = 0.0
        self._commitment = ""
        # what the room refused or dropped, for the host's screen (the latest only)
        self.log: deque[str] = deque(maxlen=LOG_LIMIT)
        #: ``hinter(state, seat)``: what a player whose move was refused could do instead, in
        #: words (the table's ``uno_web.web.session.suggest_words``: facts, sent with their
        #: English; a plain text is sent as it is); None sends no hint
        self.hinter: Callable[[GameState, int], "str | Words"] | None = None

    # ------------------------------------------------------------------------------------
    # the host's own controls
    # ------------------------------------------------------------------------------------

    def set_seat(self, seat: int, kind: str, level: str = "normal") -> list[Outgoing]:
        """Make ``seat`` a bot of ``level`` or empty (before the start; a person's seat is
        theirs: they take it by joining)."""
        self._require_lobby()
        slot = self._slot(seat)
        if slot.kind == "person":
            raise RoomError(f"seat {seat} is taken by {slot.name}")
        if kind == "bot":
            if self.bots.maker is None:
                _check_level(level)
            self.slots[seat] = _Slot(kind="bot", name=f"Bot {seat + 1}", level=level)
        elif kind == "empty":
            self.slots[seat] = _Slot()
        else:
            raise RoomError("a seat the host sets is a bot or empty")
        return self._lobby_all()

    def set_rules(self, rules: RuleSet, preset: str = "official") -> list[Outgoing]:
        """The rules of the game (before the start)."""
        self._require_lobby()
        if not isinstance(rules, RuleSet):
            raise RoomError("rules must be a RuleSet")
        _check_deal(rules, len(self.slots))
        self.rules = rules
        self.preset = preset if preset in PRESETS else "official"
        return self._lobby_all()

    def set_allow_spectators(self, allow: bool) -> list[Outgoing]:
        """Allow or refuse spectators; refusing lets out those watching now."""
        self.allow_spectators = bool(allow)
        out: list[Outgoing] = []
        if not allow:
            for p in list(self.peers.values()):
                if p.role == "spectator":
                    out += self._send(p, ClosedMessage, code=RoomCode.R_REMOVED.value,
                                      message=room_text(RoomCode.R_REMOVED, {}))
                    del self.peers[p.id]
        return out + self._lobby_all()

    def start(self, now: float) -> list[Outgoing]:
        """Start the game: empty seats get bots, then round 1's commitment goes out."""
        self._require_lobby()
        self._at(now)
        if not any(s.kind == "person" for s in self.slots):
            raise RoomError("nobody has taken a seat yet")
        for i, s in enumerate(self.slots):
            if s.kind == "empty":
                self.slots[i] = _Slot(kind="bot", name=f"Bot {i + 1}", level="normal")
        out = self._begin_round(self.now)
        # every screen's lobby: the empty seats are bots' now, and the game has started
        return out + self._lobby_all()

    def next_round(self, now: float) -> list[Outgoing]:
        """Deal the next round (as a seated person's ``N`` move does)."""
        self._at(now)
        if self.phase != "round_over":
            raise RoomError("the round is not over")
        return self._begin_round(self.now)

    def close(self) -> list[Outgoing]:
        """The host leaves for good: every peer is told so."""
        out: list[Outgoing] = []
        for p in list(self.peers.values()):
            out += self._send(p, ClosedMessage, code=RoomCode.R_HOST_CLOSED.value,
                              message=room_text(RoomCode.R_HOST_CLOSED, {}))
        self.phase = "closed"
        return out

    # ------------------------------------------------------------------------------------
    # the transport's calls
    # ------------------------------------------------------------------------------------

    def connected(self, peer: str, now: float | None = None) -> list[Outgoing]:
        """A new connection ``peer`` (it joins with a message)."""
        self._at(now)
        if peer in self.peers:
            return []
        return self._new_peer(peer)[1]

    def _new_peer(self, peer: str) -> tuple[_Peer | None, list[Outgoing]]:
        p = _Peer(peer, refilled=self.now)
        if len(self.peers) >= MAX_PEERS:
            return None, self._send(p, ClosedMessage, code=RoomCode.R_ROOM_FULL.value,
                                    message=room_text(RoomCode.R_ROOM_FULL, {}))
        self.peers[peer] = p
        return p, []

    def disconnected(self, peer: str, now: float | None = None) -> list[Outgoing]:
        """``peer``'s connection is gone: its seat waits ``absent_timeout`` for it."""
        self._at(now)
        p = self.peers.pop(peer, None)
        if p is not None and p.role == "spectator":
            return self._lobby_all()  # one spectator fewer, on every screen
        if p is None or p.seat is None:
            return []
        slot = self.slots[p.seat]
        if slot.peer == peer:
            slot.peer = None
            slot.absent_since = self.now
        if self.phase == "dealing" and p.seat in self.wanted and p.seat not in self.given:
            self.wanted.remove(p.seat)
            return self._lobby_all() + self._deal_if_ready()
        return self._lobby_all()

    def handle(self, peer: str, text: object, now: float | None = None) -> list[Outgoing]:
        """A message from ``peer`` (any text: it is outside input). It waits in the peer's
        queue, worked through at :data:`RATE` a second after a burst of :data:`BURST`; a full
        queue drops it. Returns the messages to send."""
        self._at(now)
        if self.phase == "closed":
            return []
        p = self.peers.get(peer)
        if p is None:
            p, out = self._new_peer(peer)
            if p is None:
                return out
        self._refill(p)
        if isinstance(text, str) and len(text) > MAX_GUEST_MESSAGE_CHARS:
            # refused before it is queued: the queue holds only messages of bounded size
            if p.tokens < 1:
                p.dropped += 1
                return []
            p.tokens -= 1
            return self._refuse(p, RoomCode.R_TOO_LARGE, None, size=len(text),
                                limit=MAX_GUEST_MESSAGE_CHARS)
        if len(p.queue) >= QUEUE_LIMIT:
            p.dropped += 1
            if p.flood_said:
                return []
            p.flood_said = True
            self.log.append(f"{peer}: flood, messages dropped")
            return self._refuse(p, RoomCode.R_FLOOD, None, dropped=p.dropped, limit=QUEUE_LIMIT)
        p.queue.append(text if isinstance(text, str) else "")
        return self._work(p)

    def tick(self, now: float) -> list[Outgoing]:
        """Time passes: queues are worked through, the deal stops waiting for late values,
        absent people's seats go to bots, bots move when their time comes."""
        self._at(now)
        out: list[Outgoing] = []
        for p in list(self.peers.values()):
            self._refill(p)
            out += self._work(p)
        if self.phase == "closed":
            return out
        out += self._absences()
        if self.phase == "dealing" and self.now >= self.deadline:
            out += self._deal()
        out += self._bots_move()
        return out

    # ------------------------------------------------------------------------------------
    # what the host knows, for its own screen and tests
    # ------------------------------------------------------------------------------------

    def seat_infos(self) -> list[SeatInfo]:
        return [SeatInfo(seat=i, kind=s.kind, name=s.name, level=s.level,
                         present=s.kind == "person" and s.peer is not None, bot_plays=s.standin)
                for i, s in enumerate(self.slots)]

    def rules_ref(self) -> RulesRef:
        base = resolve_rules(self.preset)
        overrides = {k: v for k, v in self.rules.model_dump().items() if getattr(base, k) != v}
        return RulesRef(preset=self.preset, overrides=overrides)

    def log_seats(self) -> list[Seat]:
        return [Seat(name=s.name, kind="ai", level=s.level) if s.kind == "bot"
                else Seat(name=s.name, kind="remote") for s in self.slots]

    def room_log(self) -> RoomLog:
        """The revealed rounds as a room log (``python -m uno_web validate`` checks it)."""
        if not self.revealed:
            raise RoomError("no round has been revealed yet")
        return RoomLog(room=self.room, rules=self.rules_ref(), seats=self.log_seats(),
                       rounds=[RoundRecord.model_validate(r) for r in self.records[:self.revealed]])

    # ------------------------------------------------------------------------------------
    # messages in
    # ------------------------------------------------------------------------------------

    def _at(self, now: float | None) -> None:
        if now is not None and now > self.now:
            self.now = float(now)

    def _refill(self, p: _Peer) -> None:
        if self.now > p.refilled:
            p.tokens = min(BURST, p.tokens + (self.now - p.refilled) * RATE)
            p.refilled = self.now

    def _work(self, p: _Peer) -> list[Outgoing]:
        out: list[Outgoing] = []
        while p.queue and p.tokens >= 1 and p.id in self.peers:
            p.tokens -= 1
            text = p.queue.popleft()
            out += self._process(p, text)
        if not p.queue:
            p.flood_said = False
        return out

    def _process(self, p: _Peer, text: str) -> list[Outgoing]:
        try:
            m = read_guest_message(text, self.room)
        except ProtocolError as exc:
            self.log.append(f"{p.id}: {exc}")
            return self._refuse(p, exc.code, None, **exc.params)
        if m.seq <= p.last_seq:
            return self._refuse(p, RoomCode.R_REPLAYED, m.seq, seq=m.seq, last=p.last_seq)
        if m.seq != p.last_seq + 1:
            return self._refuse(p, RoomCode.R_OUT_OF_ORDER, m.seq, seq=m.seq,
                                expected=p.last_seq + 1)
        p.last_seq = m.seq
        if m.role != p.role or m.seat != p.seat:
            return self._refuse(p, RoomCode.R_WRONG_SENDER, m.seq,
                                claimed=_who(m.role, m.seat), actual=_who(p.role, p.seat))
        if isinstance(m, JoinMessage):
            return self._join(p, m)
        if p.role == "visitor":
            if isinstance(m, LeaveMessage):
                return []
            return self._refuse(p, RoomCode.R_NOT_JOINED, m.seq)
        if isinstance(m, MoveMessage):
            return self._move(p, m)
        if isinstance(m, EntropyMessage):
            return self._entropy(p, m)
        if isinstance(m, SyncMessage):
            return self._lobby_to(p) + self._catch_up(p) + self._view_to(p, [], None)
        assert isinstance(m, LeaveMessage)
        return self.disconnected(p.id)

    def _join(self, p: _Peer, m: JoinMessage) -> list[Outgoing]:
        if p.role != "visitor":
            return self._refuse(p, RoomCode.R_ALREADY_JOINED, m.seq)
        if m.token is not None:
            seat = next((i for i, s in enumerate(self.slots)
                         if s.kind == "person" and s.token == m.token), None)
            if seat is None:
                return self._refuse(p, RoomCode.R_BAD_TOKEN, m.seq)
            slot = self.slots[seat]
            out: list[Outgoing] = []
            if slot.peer is not None and slot.peer in self.peers and slot.peer != p.id:
                # the same person from a new connection: the old one is let go, and told
                old = self.peers[slot.peer]
                out += self._send(old, ClosedMessage, code=RoomCode.R_REPLACED.value,
                                  message=room_text(RoomCode.R_REPLACED, {}))
                del self.peers[old.id]
            out += self._seat_peer(p, seat, slot.token or "")
            slot.absent_since = None
            if slot.standin:
                slot.standin = False
                out += self._notice_all(RoomCode.R_SEAT_BACK, name=slot.name, seat=seat)
            return out + self._lobby_all() + self._catch_up(p) + self._view_to(p, [], None)
        if m.as_role == "spectator":
            if not self.allow_spectators:
                return self._refuse(p, RoomCode.R_SPECTATORS_REFUSED, m.seq)
            if sum(q.role == "spectator" for q in self.peers.values()) >= MAX_SPECTATORS:
                return self._refuse(p, RoomCode.R_ROOM_FULL, m.seq)
            p.role = "spectator"
            p.name = m.name
            out = self._send(p, WelcomeMessage, you_role="spectator", you_seat=None, token=None)
            return out + self._lobby_all() + self._catch_up(p) + self._view_to(p, [], None)
        if self.phase != "lobby":
            return self._refuse(p, RoomCode.R_STARTED, m.seq)
        if m.name.strip().lower() in RESERVED_NAMES or not m.name.strip():
            # the verdicts address "You" in the second person ("You played ...")
            return self._refuse(p, RoomCode.R_BAD_NAME, m.seq, name=repr(m.name[:40]))
        if m.want is not None:
            if m.want >= len(self.slots) or self.slots[m.want].kind != "empty":
                return self._refuse(p, RoomCode.R_SEAT_TAKEN, m.seq, seat=m.want)
            seat = m.want
        else:
            free = [i for i, s in enumerate(self.slots) if s.kind == "empty"]
            if not free:
                return self._refuse(p, RoomCode.R_ROOM_FULL, m.seq)
            seat = free[0]
        token = self.random_bytes(16).hex()
        self.slots[seat] = _Slot(kind="person", name=m.name, token=token)
        return self._seat_peer(p, seat, token) + self._lobby_all()

    def _seat_peer(self, p: _Peer, seat: int, token: str) -> list[Outgoing]:
        slot = self.slots[seat]
        slot.peer = p.id
        p.role = "player"
        p.seat = seat
        p.name = slot.name
        return self._send(p, WelcomeMessage, you_role="player", you_seat=seat, token=token)

    def _move(self, p: _Peer, m: MoveMessage) -> list[Outgoing]:
        if p.role != "player" or p.seat is None:
            return self._refuse(p, RoomCode.R_SPECTATOR_MOVE, m.seq)
        try:
            move = parse_move(m.move)
        except MoveError:
            v = Verdict(Reason.E_MALFORMED, (("form", "notation"), ("value", quote_value(m.move))))
            return self._refuse_verdict(p, m.seq, v, m.move)
        if move.seat != p.seat:
            return self._refuse(p, RoomCode.R_NOT_YOUR_SEAT, m.seq, move=m.move, seat=move.seat,
                                yours=p.seat)
        if move.kind == MoveKind.NEXT_ROUND and self.phase == "round_over":
            return self._begin_round(self.now)
        if self.phase == "dealing":
            return self._refuse(p, RoomCode.R_DEALING, m.seq)
        if self.phase != "playing" or self.state is None:
            return self._refuse(p, RoomCode.R_NOT_PLAYING, m.seq)
        verdict = check(self.state, move)
        if not verdict.ok:
            return self._refuse_verdict(p, m.seq, verdict, m.move)
        return self._apply(move)

    def _entropy(self, p: _Peer, m: EntropyMessage) -> list[Outgoing]:
        if self.phase != "dealing" or m.round != len(self.records) + 1 or p.seat not in self.wanted:
            return self._refuse(p, RoomCode.R_NO_ENTROPY_WANTED, m.seq, round=m.round)
        assert p.seat is not None
        if p.seat in self.given:
            return self._refuse(p, RoomCode.R_ENTROPY_TWICE, m.seq, round=m.round)
        self.given[p.seat] = bytes.fromhex(m.value)
        return self._deal_if_ready()

    # ------------------------------------------------------------------------------------
    # the game
    # ------------------------------------------------------------------------------------

    def _begin_round(self, now: float) -> list[Outgoing]:
        k = len(self.records) + 1
        self.phase = "dealing"
        self.host_value = self.random_bytes(VALUE_BYTES)
        self.given = {}
        self.wanted = [i for i, s in enumerate(self.slots)
                       if s.kind == "person" and s.peer is not None and not s.standin]
        self.deadline = now + self.entropy_timeout
        c = commitment(self.room, k, self.host_value)
        self._commitment = c
        out: list[Outgoing] = []
        for p in self._joined():
            out += self._send(p, CommitMessage, round=k, commitment=c, wanted=list(self.wanted))
        return out + self._deal_if_ready()

    def _deal_if_ready(self) -> list[Outgoing]:
        if self.phase == "dealing" and all(s in self.given for s in self.wanted):
            return self._deal()
        return []

    def _deal(self) -> list[Outgoing]:
        k = len(self.records) + 1
        given = sorted(self.given.items())
        self.joint = joint_seed(self.room, k, self.host_value, given)
        order = deal_order(self.joint, self.rules.deck)
        events: list[Event] = []
        if self.state is None:
            names = [s.name for s in self.slots]
            self.state = new_game(self.rules, names, 0, deck_order=order, events=events)
        else:
            t = apply(self.state, Move.next_round(self.state.active_seats()[0]), shuffles=[order])
            self.state, events = t.state, list(t.events)
        self.reshuffles = 0
        self.records.append({
            "round": k, "commitment": self._commitment, "host_value": self.host_value.hex(),
            "entropy": [{"seat": seat, "value": value.hex()} for seat, value in given],
            "deck": [card_str(c) for c in order], "actions": [],
        })
        self.phase = "playing"
        self.bot_due = self.now + self.bot_delay
        out: list[Outgoing] = []
        for p in self._joined():
            out += self._send(p, DealtMessage, round=k, contributors=[seat for seat, _ in given])
        return out + self._views_all(events, None)

    def _apply(self, move: Move) -> list[Outgoing]:
        assert self.state is not None
        shown: dict[int, dict[str, Any]] = {}
        if move.kind == MoveKind.CHALLENGE and self.state.plus4_by >= 0:
            # the official rule: the challenged player shows their hand to the challenger
            target = self.state.plus4_by
            shown[move.seat] = {"seat": target,
                                "cards": [card_str(c) for c in self.state.hands[target]]}
        t, orders = apply_joint(self.state, move, self.joint, self.reshuffles)
        self.reshuffles += len(orders)
        self.state = t.state
        action = action_from_move(move, [[card_str(c) for c in o] for o in orders])
        self.records[-1]["actions"].append(action.model_dump())
        self.bot_due = self.now + self.bot_delay
        out = self._views_all(t.events, verdict_facts(t.verdict, move), shown)
        if self.state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            self.phase = "game_over" if self.state.phase == Phase.GAME_OVER else "round_over"
            self.revealed = len(self.records)
            for p in self._joined():
                out += self._send(p, RevealMessage, record=dict(self.records[-1]))
        return out

    def _controller(self, seat: int) -> str | None:
        """The bot level that plays ``seat`` now, or None (a person plays it)."""
        s = self.slots[seat]
        if s.kind == "bot":
            return s.level or "normal"
        if s.kind == "person" and s.standin:
            return self.standin_level
        return None

    def _bots_move(self) -> list[Outgoing]:
        out: list[Outgoing] = []
        for _ in range(MAX_BOT_MOVES_PER_TICK):
            if self.phase != "playing" or self.state is None or self.now < self.bot_due:
                break
            move = self._bot_move(self.state)
            if move is None:
                break
            out += self._apply(move)
            if self.bot_delay > 0:
                break
        return out

    def _bot_move(self, s: GameState) -> Move | None:
        if s.phase not in (Phase.PLAY, Phase.DRAWN, Phase.CHOOSE_COLOR, Phase.PENALTY):
            return None
        # out-of-turn chances first (catches, UNO calls, jump-ins), in seat order
        for seat in range(s.n):
            level = self._controller(seat)
            if level is None or seat == s.turn:
                continue
            moves = legal_moves(s, seat)
            if moves:
                m = self.bots.get(seat, level).react(observe(s, seat), moves, self.rng)
                if m is not None:
                    return m
        level = self._controller(s.turn)
        if level is None:
            return None
        moves = legal_moves(s, s.turn)
        if not moves:
            return None
        return self.bots.get(s.turn, level).choose(observe(s, s.turn), moves, self.rng)

    def _absences(self) -> list[Outgoing]:
        out: list[Outgoing] = []
        if self.phase == "lobby":
            return out
        for i, s in enumerate(self.slots):
            if (s.kind == "person" and s.peer is None and not s.standin
                    and s.absent_since is not None
                    and self.now - s.absent_since >= self.absent_timeout):
                s.standin = True
                out += self._notice_all(RoomCode.R_SEAT_BOT, name=s.name, seat=i,
                                        seconds=int(self.absent_timeout))
                out += self._lobby_all()
                self.bot_due = min(self.bot_due, self.now)
        return out

    # ------------------------------------------------------------------------------------
    # messages out
    # ------------------------------------------------------------------------------------

    def _joined(self) -> list[_Peer]:
        return [p for p in self.peers.values() if p.role != "visitor"]

    def _send(self, p: _Peer, model: type, **body: Any) -> list[Outgoing]:
        p.out_seq += 1
        m = model(protocol=PROTOCOL, v=VERSION, room=self.room, role="host", seat=None,
                  seq=p.out_seq, **body)
        return [(p.id, encode(m))]

    def _refuse(self, p: _Peer, code: RoomCode, refers: int | None, **params: Any
                ) -> list[Outgoing]:
        facts = json_params(params)
        return self._send(p, RefusedMessage, refers_to=refers, code=code.value,
                          message=f"{code.value}: {room_text(code, facts)}", params=facts)

    def _refuse_verdict(self, p: _Peer, seq: int, verdict: Verdict, move: str) -> list[Outgoing]:
        facts = verdict_facts(verdict)
        hint, hint_words = "", {}
        if self.hinter is not None and self.state is not None and p.seat is not None:
            said = self.hinter(self.state, p.seat)
            if isinstance(said, Words):
                hint, hint_words = english(said), words_json(said)
            else:
                hint = said
        return self._send(p, RefusedMessage, refers_to=seq, code=facts["code"],
                          message=facts["message"][:1000], params=facts["params"],
                          move=move[:40], hint=hint[:1000], hint_words=hint_words)

    def _notice_all(self, code: RoomCode, **params: Any) -> list[Outgoing]:
        facts = json_params(params)
        out: list[Outgoing] = []
        for p in self._joined():
            out += self._send(p, NoticeMessage, code=code.value,
                              message=room_text(code, facts), params=facts)
        return out

    def _lobby_to(self, p: _Peer) -> list[Outgoing]:
        return self._send(p, LobbyMessage, seats=self.seat_infos(), rules=self.rules_ref(),
                          spectators=sum(q.role == "spectator" for q in self.peers.values()),
                          allow_spectators=self.allow_spectators, started=self.phase != "lobby",
                          absent_timeout=int(min(self.absent_timeout, 86_400)))

    def _catch_up(self, p: _Peer) -> list[Outgoing]:
        """For a peer that comes (back) in: the rounds revealed so far (a guest checks them
        against what it has, or verifies them) and the commitment of a deal under way."""
        out: list[Outgoing] = []
        for record in self.records[:self.revealed]:
            out += self._send(p, RevealMessage, record=dict(record))
        if self.phase == "dealing":
            out += self._send(p, CommitMessage, round=len(self.records) + 1,
                              commitment=self._commitment, wanted=list(self.wanted))
        return out

    def _lobby_all(self) -> list[Outgoing]:
        out: list[Outgoing] = []
        for p in self._joined():
            out += self._lobby_to(p)
        return out

    def _view_to(self, p: _Peer, events: Iterable[Event], last: dict[str, Any] | None,
                 shown: dict[int, dict[str, Any]] | None = None) -> list[Outgoing]:
        if self.state is None or self.phase == "dealing" and not self.records:
            return []
        seat = p.seat if p.role == "player" else None
        view = table_view(self.state, seat, list(events), last)
        view["room_phase"] = self.phase
        view["shown_hand"] = (shown or {}).get(seat) if seat is not None else None
        return self._send(p, StateMessage, view=view)

    def _views_all(self, events: Iterable[Event], last: dict[str, Any] | None,
                   shown: dict[int, dict[str, Any]] | None = None) -> list[Outgoing]:
        events = list(events)
        out: list[Outgoing] = []
        for p in self._joined():
            out += self._view_to(p, events, last, shown)
        return out

    # ------------------------------------------------------------------------------------
    # save and resume
    # ------------------------------------------------------------------------------------

    def save(self) -> str:
        """The room as JSON text, for the host's own storage: it holds the seat tokens, the
        current round's secret value and deck (keep it where only the host reads it)."""
        dealing = None
        if self.phase == "dealing":
            dealing = SavedDealing(
                host_value=self.host_value.hex(), commitment=self._commitment,
                wanted=list(self.wanted),
                given=[EntropyValue(seat=k, value=v.hex()) for k, v in sorted(self.given.items())])
        save = RoomSave(
            room=self.room, rules=self.rules_ref(),
            seats=[SavedSeat(kind=s.kind, name=s.name, level=s.level, token=s.token,
                             standin=s.standin) for s in self.slots],
            allow_spectators=self.allow_spectators,
            absent_timeout_ms=_ms(self.absent_timeout),
            entropy_timeout_ms=_ms(self.entropy_timeout),
            bot_delay_ms=_ms(self.bot_delay), standin_level=self.standin_level, phase=self.phase,
            revealed=self.revealed, records=[RoundRecord.model_validate(r) for r in self.records],
            dealing=dealing)
        return save.model_dump_json()

    @classmethod
    def resume(cls, text: str, now: float, *, random_bytes: Callable[[int], bytes] = os.urandom,
               bot_maker: Callable[[str], RoomBot] | None = None) -> "RoomHost":
        """The room :meth:`save` wrote, replayed through the validator to where it was; every
        person is away until they join again with their token. Raises :class:`RoomError`
        for a save that cannot be read or does not replay (the message says why)."""
        from ..core.fields import load_json

        try:
            save = RoomSave.model_validate(load_json(text))
            rules = resolve_rules(save.rules.preset, save.rules.overrides)
            host = cls(save.room, seats=len(save.seats), rules=rules, preset=save.rules.preset,
                       allow_spectators=save.allow_spectators,
                       absent_timeout=save.absent_timeout_ms / 1000,
                       entropy_timeout=save.entropy_timeout_ms / 1000,
                       bot_delay=save.bot_delay_ms / 1000, standin_level=save.standin_level,
                       random_bytes=random_bytes, bot_maker=bot_maker)
        except (ValueError, RecursionError) as exc:  # FieldProblem, RulesError, JSON
            raise RoomError(f"the room's save cannot be read: {str(exc)[:160]}") from None
        host.now = now
        if bot_maker is None:
            try:
                for seat in save.seats:
                    if seat.kind == "bot":
                        _check_level(seat.level or "")
            except RoomError as exc:
                raise RoomError(f"the room's save cannot be read: {exc}") from None
        for i, seat in enumerate(save.seats):
            host.slots[i] = _Slot(kind=seat.kind, name=seat.name, level=seat.level,
                                  token=seat.token, standin=seat.standin,
                                  absent_since=now if seat.kind == "person" else None)
        host.phase = save.phase
        host.records = [r.model_dump() for r in save.records]
        host.revealed = save.revealed
        playing = save.phase in ("playing", "round_over", "game_over")
        if (save.revealed > len(save.records)
                or (save.phase == "dealing") != (save.dealing is not None)
                or playing != bool(save.records) and save.phase != "dealing"
                or save.phase == "lobby" and save.records):
            raise RoomError("the room's save cannot be read: its rounds and phase disagree")
        if host.records:
            log = GameLog(rules=save.rules, seats=host.log_seats(),
                          rounds=[RoundLog(deck=r.deck, actions=r.actions) for r in save.records])
            try:
                for step in replay_steps(log):
                    host.state = step.state
            except (ReplayFailure, LogError) as exc:
                raise RoomError(f"the room's save does not replay: {str(exc)[:160]}") from None
            last = save.records[-1]
            host.host_value = bytes.fromhex(last.host_value)
            host.joint = joint_seed(host.room, last.round, host.host_value,
                                    [(e.seat, bytes.fromhex(e.value)) for e in last.entropy])
            host.reshuffles = sum(len(a.reshuffles) for a in last.actions)
            host._commitment = last.commitment
        if save.dealing is not None:
            host.host_value = bytes.fromhex(save.dealing.host_value)
            host._commitment = save.dealing.commitment
            host.given = {e.seat: bytes.fromhex(e.value) for e in save.dealing.given}
            # those who gave their values are waited for no more; the others are away
            host.wanted = [seat for seat in save.dealing.wanted if seat in host.given]
            host.deadline = now + host.entropy_timeout
        host.bot_due = now + host.bot_delay
        return host

    # ------------------------------------------------------------------------------------

    def _slot(self, seat: int) -> _Slot:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.slots):
            raise RoomError(f"no seat {seat!r} in this room")
        return self.slots[seat]

    def _require_lobby(self) -> None:
        if self.phase != "lobby":
            raise RoomError("the game has started")


def _check_level(level: str) -> None:
    from ..ai import LEVELS

    if level not in LEVELS:
        raise RoomError(f"a bot level is one of {', '.join(LEVELS)}, not {level[:40]!r}")


def _check_deal(rules: RuleSet, seats: int) -> None:
    from ..core.state import deck_cards

    cards = len(deck_cards(rules.deck))
    if seats * rules.hand_size >= cards:
        raise RoomError(f"{seats} seats with {rules.hand_size} cards each need more than the "
                        f"{cards} cards of the deck")


def _who(role: str, seat: int | None) -> str:
    return f"{role} at seat {seat}" if seat is not None else role

