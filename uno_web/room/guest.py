"""A guest's side of a room: the messages it sends, and what it makes of the host's.

:class:`RoomGuest` numbers its messages, answers the host's commitment with a random value of
its own, keeps the first commitment of each round, checks the host's message numbers (a
replayed or reordered message is refused, never acted on), keeps its view, and verifies each
round when the host reveals it. Pure like the host: texts in, texts out.
"""

from __future__ import annotations

import json
import os
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable

from ..core.fields import load_json
from ..core.gamelog import Seat
from ..core.reasons import Reason
from .protocol import (
    PROTOCOL, VERSION, ClosedMessage, CommitMessage, DealtMessage, EntropyMessage, JoinMessage,
    LeaveMessage, LobbyMessage, MoveMessage, NoticeMessage, ProtocolError, RefusedMessage,
    RevealMessage, RoomCode, StateMessage, SyncMessage, WelcomeMessage, encode,
    ROOM_ID_RE, is_hex_value, read_host_message, room_text,
)
from .roomlog import RoomLog, RoundRecord, Verification, verify_round

__all__ = ["RoomGuest", "GuestUpdate", "KEPT_VERDICTS", "KEPT_EVENTS"]

#: how many of the validator's verdicts and of the game's events a guest keeps for its screen
KEPT_VERDICTS = 60
KEPT_EVENTS = 200


def _fault(code: RoomCode, **params: Any) -> Verification:
    return Verification(False, code.value, f"{code.value}: {room_text(code, params)}", params,
                        params.get("round"))


def _hex_of(value: object) -> str:
    if not is_hex_value(value):
        raise ValueError("a value is 64 lowercase hex digits")
    return str(value)


@dataclass
class GuestUpdate:
    """What one message from the host did: ``kind`` is its type (``"problem"`` when it was
    refused: ``problem`` says why), ``message`` the message read, ``replies`` the texts to send
    back to the host, ``verification`` the answer when it revealed a round."""

    kind: str
    message: Any = None
    replies: list[str] = field(default_factory=list)
    verification: Verification | None = None
    problem: ProtocolError | None = None


class RoomGuest:
    """One browser's side of a room (a player, a spectator, or the host's own screen).

    Send :meth:`join` first (with ``token`` to take one's seat back), then :meth:`move`,
    :meth:`sync` or :meth:`leave`; give each text from the host to :meth:`receive` and send
    its ``replies``. What the guest knows is in its attributes: ``seat``, ``token`` (keep it
    to come back), ``lobby``, ``view`` (the last ``state`` view), ``commitments``,
    ``verifications`` (round -> :class:`~uno_web.room.roomlog.Verification`), ``refusals``,
    ``notices``, ``closed``; for a screen like the table's: ``verdicts`` (the validator's
    verdict of every move seen, oldest first: each view's ``last``, and this guest's own moves
    the rules refused, with ``ok`` and ``round``) and ``events`` (``(round, event)``, what this
    guest may see of each move, oldest first), the latest :data:`KEPT_VERDICTS` and
    :data:`KEPT_EVENTS`."""

    def __init__(self, room: str, name: str, *, as_role: str = "player", want: int | None = None,
                 token: str | None = None, random_bytes: Callable[[int], bytes] = os.urandom,
                 auto_entropy: bool = True) -> None:
        if not isinstance(room, str) or ROOM_ID_RE.fullmatch(room) is None:
            raise ValueError("a room id is 4 to 40 letters, digits, '-' or '_'")
        self.room = room
        self.name = name
        self.as_role = as_role
        self.want = want
        self.token = token
        self.random_bytes = random_bytes
        self.auto_entropy = auto_entropy
        self.role = "visitor"
        self.seat: int | None = None
        self.seq = 0
        self.host_seq = 0
        self.lobby: LobbyMessage | None = None
        self.view: dict[str, Any] | None = None
        self.commitments: dict[int, str] = {}
        self.values: dict[int, str] = {}  # round -> the value this guest sent
        self.contributed: dict[int, bool] = {}
        self.records: list[dict[str, Any]] = []
        self.verifications: dict[int, Verification] = {}
        self.refusals: list[RefusedMessage] = []
        self.notices: list[NoticeMessage] = []
        self.problems: list[ProtocolError] = []
        self.closed: ClosedMessage | None = None
        self.verdicts: deque[dict[str, Any]] = deque(maxlen=KEPT_VERDICTS)
        self.events: deque[tuple[int, dict[str, Any]]] = deque(maxlen=KEPT_EVENTS)

    # messages out -------------------------------------------------------------------------
    def _out(self, model: type, **body: Any) -> str:
        self.seq += 1
        return encode(model(protocol=PROTOCOL, v=VERSION, room=self.room, role=self.role,
                            seat=self.seat, seq=self.seq, **body))

    def join(self) -> str:
        """The first message: take a seat (or one's own seat back with the token), or watch."""
        return self._out(JoinMessage, name=self.name, as_role=self.as_role, want=self.want,
                         token=self.token)

    def reconnect(self) -> str:
        """The join of a new connection (after a reload, a dropped connection or the host's
        reload): message numbers start again, the seat is taken back with the token, and what
        this guest knows of the rounds (commitments, its values, the revealed records) is
        kept for their verification."""
        self.role = "visitor"
        self.seat = None
        self.seq = 0
        self.host_seq = 0
        self.closed = None
        return self.join()

    def move(self, notation: str) -> str:
        """A move in notation, e.g. ``P1:R7``."""
        return self._out(MoveMessage, move=notation)

    def sync(self) -> str:
        return self._out(SyncMessage)

    def leave(self) -> str:
        return self._out(LeaveMessage)

    def entropy(self, round_number: int) -> str:
        """This guest's random value for ``round_number`` (sent by :meth:`receive` itself when
        ``auto_entropy``)."""
        value = self.random_bytes(32).hex()
        self.values[round_number] = value
        return self._out(EntropyMessage, round=round_number, value=value)

    def host_gone(self) -> ClosedMessage:
        """The transport lost the host for good: the room is closed, in plain words."""
        self.closed = ClosedMessage(protocol=PROTOCOL, v=VERSION, room=self.room, role="host",
                                    seat=None, seq=self.host_seq + 1,
                                    code=RoomCode.R_HOST_GONE.value,
                                    message=room_text(RoomCode.R_HOST_GONE, {}))
        return self.closed

    # what the browser keeps --------------------------------------------------------------
    def save(self) -> str:
        """What this guest must keep across a reload of its page (its own storage): the seat
        token, and what it knows to verify the rounds (the commitments it received, its own
        values, whether they were used, the revealed records)."""
        return json.dumps({
            "format": "uno-web-room-guest", "version": 1, "room": self.room, "name": self.name,
            "as_role": self.as_role, "token": self.token,
            "commitments": {str(k): v for k, v in self.commitments.items()},
            "values": {str(k): v for k, v in self.values.items()},
            "contributed": {str(k): v for k, v in self.contributed.items()},
            "records": self.records,
        }, separators=(",", ":"))

    @classmethod
    def restore(cls, text: str, *, random_bytes: Callable[[int], bytes] = os.urandom
                ) -> "RoomGuest":
        """The guest :meth:`save` wrote, ready to :meth:`reconnect`; raises ``ValueError``
        with one line for anything else."""
        try:
            d = load_json(text)
            if not isinstance(d, dict) or d.get("format") != "uno-web-room-guest":
                raise ValueError("not a room guest's save")
            g = cls(d["room"], d["name"], as_role=d["as_role"], token=d["token"],
                    random_bytes=random_bytes)
            g.commitments = {int(k): _hex_of(v) for k, v in dict(d["commitments"]).items()}
            g.values = {int(k): _hex_of(v) for k, v in dict(d["values"]).items()}
            g.contributed = {int(k): bool(v) for k, v in dict(d["contributed"]).items()}
            records = d["records"]
            if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
                raise ValueError("records must be a list of objects")
            g.records = records
        except (KeyError, TypeError, ValueError, RecursionError) as exc:
            raise ValueError(f"the room guest's save cannot be read: {str(exc)[:120]}") from None
        return g

    def room_log(self) -> RoomLog:
        """The rounds revealed to this guest as a room log, to export (``python -m uno_web
        validate`` verifies it). Raises ``ValueError`` before the first reveal."""
        if self.lobby is None or not self.records:
            raise ValueError("no round has been revealed yet")
        return RoomLog(room=self.room, rules=self.lobby.rules, seats=self._seats(),
                       rounds=[RoundRecord.model_validate(r) for r in self.records])

    def _seats(self) -> list[Seat]:
        assert self.lobby is not None
        return [Seat(name=s.name, kind="ai" if s.kind == "bot" else "remote", level=s.level)
                for s in self.lobby.seats]

    # messages in --------------------------------------------------------------------------
    def receive(self, text: object) -> GuestUpdate:
        """Read one message from the host (outside input: refused with a reason, never
        raised)."""
        try:
            m = read_host_message(text, self.room)
        except ProtocolError as exc:
            return self._problem(exc)
        if m.role != "host":
            return self._problem(ProtocolError(RoomCode.R_WRONG_SENDER, claimed=m.role,
                                               actual="host"))
        if m.seq <= self.host_seq:
            return self._problem(ProtocolError(RoomCode.R_REPLAYED, seq=m.seq, last=self.host_seq))
        if m.seq != self.host_seq + 1:
            return self._problem(ProtocolError(RoomCode.R_OUT_OF_ORDER, seq=m.seq,
                                               expected=self.host_seq + 1))
        self.host_seq = m.seq
        update = GuestUpdate(m.type, m)
        if isinstance(m, WelcomeMessage):
            self.role = m.you_role
            self.seat = m.you_seat
            if m.token:
                self.token = m.token
        elif isinstance(m, LobbyMessage):
            self.lobby = m
        elif isinstance(m, CommitMessage):
            self.commitments.setdefault(m.round, m.commitment)
            if (self.auto_entropy and self.seat is not None and self.seat in m.wanted
                    and m.round not in self.values):
                update.replies.append(self.entropy(m.round))
        elif isinstance(m, DealtMessage):
            self.contributed[m.round] = self.seat is not None and self.seat in m.contributors
        elif isinstance(m, StateMessage):
            self.view = m.view
            self._remember(m.view)
        elif isinstance(m, RefusedMessage):
            self.refusals.append(m)
            if m.code in Reason.__members__:  # the validator's: a move the rules refused
                rnd = self.view.get("round") if self.view else None
                self.verdicts.append({"code": m.code, "message": m.message, "params": m.params,
                                      "move": m.move or "", "seat": self.seat, "ok": False,
                                      "hint": m.hint, "hint_words": m.hint_words,
                                      "round": rnd if isinstance(rnd, int) else 0})
        elif isinstance(m, NoticeMessage):
            self.notices.append(m)
        elif isinstance(m, RevealMessage):
            update.verification = self._verify(m.record)
        elif isinstance(m, ClosedMessage):
            self.closed = m
        return update

    def _remember(self, view: dict[str, Any]) -> None:
        """The move a view reports: its verdict and its events, kept for the screen."""
        rnd = view.get("round")
        rnd = rnd if isinstance(rnd, int) and not isinstance(rnd, bool) else 0
        last = view.get("last")
        if isinstance(last, dict) and isinstance(last.get("code"), str):
            self.verdicts.append({**last, "ok": True, "round": rnd})
        events = view.get("events")
        for e in events if isinstance(events, list) else ():
            if isinstance(e, dict) and isinstance(e.get("event"), str):
                self.events.append((rnd, e))

    def _problem(self, exc: ProtocolError) -> GuestUpdate:
        self.problems.append(exc)
        return GuestUpdate("problem", problem=exc)

    def _verify(self, record: dict[str, Any]) -> Verification:
        k = record.get("round")
        if isinstance(k, int) and not isinstance(k, bool) and 1 <= k <= len(self.records):
            # a round revealed before (the host sends them again to a guest that comes back):
            # it must be the very record this guest has
            if self.records[k - 1] == record and k in self.verifications:
                return self.verifications[k]
            if self.records[k - 1] != record:
                return _fault(RoomCode.V_RECORD_CHANGED, round=k)
        elif k != len(self.records) + 1:
            return _fault(RoomCode.V_MALFORMED_LOG, detail=f"round {k!r} revealed out of turn")
        else:
            self.records.append(record)
        if self.lobby is None:
            return _fault(RoomCode.V_MALFORMED_LOG, detail="no lobby received yet")
        seats = self._seats()
        own = {r: v for r, v in self.values.items() if self.contributed.get(r)}
        result = verify_round(self.records[:k], room=self.room, rules=self.lobby.rules, seats=seats,
                              commitments=self.commitments, own_seat=self.seat, own_values=own)
        self.verifications[k] = result
        return result
