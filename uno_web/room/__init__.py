"""Online rooms: the protocol between a host's browser and its guests, as plain Python.

Transport-agnostic and pure (texts in, texts out; time and randomness passed in), for CPython
and the browser alike (the standard library and :mod:`uno_web.core`; no pydantic). Any other
online table can speak it: the messages, the commitment scheme and the room log are documented
in ``docs/rooms.md`` and ``docs/room.schema.json``.

The host::

    host = RoomHost("kitchen-table", seats=4)          # the host's own screen joins as a guest
    out = host.connected(peer, now)                     # a connection opened
    out = host.handle(peer, text, now)                  # a message from it
    out = host.tick(now)                                # time passes: bots, timeouts, queues
    out = host.start(now)                               # the host's own controls
    for recipient, text in out: transport.send(recipient, text)

A guest::

    me = RoomGuest("kitchen-table", "Ada")
    transport.send(host, me.join())
    update = me.receive(text)                           # every text from the host
    for reply in update.replies: transport.send(host, reply)
    me.view, me.verifications[round], me.refusals ...   # what the screen shows
    transport.send(host, me.move("P1:R7"))

Verification at round end happens in :meth:`RoomGuest.receive`; the same check for a whole room
log is :func:`verify_room_log` (``python -m uno_web validate room-log.json``).
"""

from __future__ import annotations

from typing import Any, Callable

from .commitment import apply_joint, commitment, deal_order, joint_order, joint_seed, shuffle_seed
from .guest import GuestUpdate, RoomGuest
from .host import BURST, MAX_SPECTATORS, QUEUE_LIMIT, RATE, Outgoing, RoomError, RoomHost
from .protocol import (
    MAX_GUEST_MESSAGE_CHARS, MAX_HOST_MESSAGE_CHARS, PROTOCOL, VERSION, ProtocolError, RoomCode,
    read_guest_message, read_host_message, room_text,
)
from .roomlog import (
    ROOM_LOG_FORMAT, RoomLog, RoomLogError, RoundRecord, Verification, is_room_log,
    read_room_log, verify_room_log, verify_round,
)
from .view import table_view, visible_events

__all__ = [
    "RoomHost", "RoomGuest", "GuestUpdate", "RoomError", "Outgoing", "ProtocolError", "RoomCode",
    "Verification", "RoomLog", "RoundRecord", "RoomLogError", "read_room_log", "verify_room_log",
    "verify_round", "is_room_log", "describe", "make_room_id", "room_text", "read_guest_message",
    "read_host_message", "commitment", "joint_seed", "shuffle_seed", "joint_order", "deal_order",
    "apply_joint", "table_view", "visible_events", "PROTOCOL", "VERSION", "ROOM_LOG_FORMAT",
    "MAX_GUEST_MESSAGE_CHARS", "MAX_HOST_MESSAGE_CHARS", "QUEUE_LIMIT", "RATE", "BURST",
    "MAX_SPECTATORS",
]


def make_room_id(random_bytes: "Callable[[int], bytes] | None" = None) -> str:
    """A new room id: 12 letters and digits (60 random bits), for a room link."""
    import base64
    import os

    raw = (random_bytes or os.urandom)(8)
    return base64.b32encode(raw).decode("ascii").rstrip("=").lower()[:12]


def describe(code: str, params: dict[str, Any], lang: str = "en") -> str:
    """The words of a refusal, notice or verification in ``lang`` ("en" or "fi") from its
    ``code`` and ``params``, without the code: the room's own codes from
    :data:`~uno_web.room.protocol.ROOM_TEXTS`, the validator's (``E_...``, ``OK_...``) through
    :func:`uno_web.i18n.verdicts.verdict_detail` (an unknown code is given back as it is)."""
    try:
        room_code = RoomCode(code)
    except ValueError:
        room_code = None
    if room_code is not None:
        return room_text(room_code, params, lang)
    from ..core.reasons import Reason, Verdict
    from ..i18n.verdicts import verdict_detail

    try:
        reason = Reason(code)
    except ValueError:
        return str(code)
    return verdict_detail(Verdict(reason, tuple(params.items())), lang)
