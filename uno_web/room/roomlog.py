"""The room log (``uno-web-room-log``): a game log whose rounds carry the host's commitment, its
revealed value and the guests' values; and its verification.

:func:`verify_room_log` checks, round by round in log order, that the revealed value matches the
commitment (and the commitment the verifier received before the deal, when it gives them), that
the deal is the joint shuffle, and then replays every action through the validator
(:func:`uno_web.core.gamelog.replay_steps`), checking that each reshuffle is the joint shuffle's.
It returns a :class:`Verification`: verified, or the first fault with its round, action index and
code. Nothing here needs pydantic; the JSON Schema does (``docs/room.schema.json``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import IO, Any, Literal, Mapping

from ..core.cards import parse_card
from ..core.fields import Declared, FieldProblem, declare, declared, load_json
from ..core.gamelog import (
    MAX_ACTIONS, MAX_DECK_CARDS, MAX_LOG_BYTES, MAX_ROUNDS, Action, Card, GameLog, LogError,
    ReplayFailure, RoundLog, RulesRef, Seat, place_words, replay_steps,
)
from ..core.reasons import Verdict
from ..core.rules import RulesError, resolve_rules
from ..core.state import Phase
from ..core.words import Words, english
from .commitment import commitment, deal_order, joint_order, joint_seed
from .protocol import HEX_VALUE_CHARS, RoomCode, check_hex, check_room_id, room_text

__all__ = ["ROOM_LOG_FORMAT", "EntropyValue", "RoundRecord", "RoomLog", "RoomLogError",
           "read_room_log", "Verification", "verify_room_log", "verify_round", "is_room_log",
           "json_params", "room_json_schema", "is_room_log_head", "room_log_report",
           "HEAD_BYTES"]

ROOM_LOG_FORMAT = "uno-web-room-log"


class RoomLogError(ValueError):
    """A room log that cannot be read (one short line)."""


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class EntropyValue(Declared):
    seat: int = declared(ge=0, le=9, description="The guest's seat.")
    value: str = declared(max_length=HEX_VALUE_CHARS, check=check_hex,
                          description="The guest's 32 random bytes, 64 lowercase hex digits.")


def _entropy_seats(values: list[EntropyValue]) -> list[EntropyValue]:
    seats = [v.seat for v in values]
    if len(set(seats)) != len(seats):
        raise ValueError(f"a seat gives one value a round, seats given: {seats}")
    return values


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class RoundRecord(Declared):
    """One round as the host reveals it at its end."""

    round: int = declared(ge=1, le=MAX_ROUNDS, description="The round's number, from 1.")
    commitment: str = declared(max_length=HEX_VALUE_CHARS, check=check_hex, description=(
        "SHA-256 commitment to the host's value, sent before the deal (docs/rooms.md)."))
    host_value: str = declared(max_length=HEX_VALUE_CHARS, check=check_hex,
                               description="The host's secret value, revealed at round end.")
    entropy: list[EntropyValue] = declared(
        default_factory=list, max_length=10, check=_entropy_seats,
        description="The guests' values the deck was shuffled with, any order (used by seat).")
    deck: list[Card] = declared(max_length=MAX_DECK_CARDS,
                                description="The order the round was dealt from, top first.")
    actions: list[Action] = declared(default_factory=list, max_length=MAX_ACTIONS,
                                     description="Every action of the round (as in a game log).")


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class RoomLog(Declared):
    """A room's game with the revealed values of its rounds (``docs/rooms.md``)."""

    format: Literal["uno-web-room-log"] = "uno-web-room-log"
    version: Literal[1] = 1
    room: str = declared(max_length=40, check=check_room_id, description="The room id.")
    rules: RulesRef = declared(default_factory=RulesRef)
    seats: list[Seat] = declared(min_length=2, max_length=10)
    rounds: list[RoundRecord] = declared(min_length=1, max_length=MAX_ROUNDS)

    def game_log(self) -> GameLog:
        """The same game as a plain game log (``uno-web-log``: replay, export, ``validate``)."""
        return GameLog(rules=self.rules, seats=self.seats,
                       rounds=[RoundLog(deck=r.deck, actions=r.actions) for r in self.rounds])


def is_room_log(data: Any) -> bool:
    """Whether ``data`` (a parsed JSON value) says it is a room log."""
    return isinstance(data, dict) and data.get("format") == ROOM_LOG_FORMAT


def read_room_log(data: "str | bytes | bytearray | dict[str, Any] | IO[str] | IO[bytes] | RoomLog"
                  ) -> RoomLog:
    """A room log from JSON text, bytes, a file or parsed data; raises :class:`RoomLogError`."""
    if isinstance(data, RoomLog):
        return data
    if hasattr(data, "read"):
        data = data.read(MAX_LOG_BYTES + 1)
    if isinstance(data, (str, bytes, bytearray)):
        if len(data) > MAX_LOG_BYTES:
            raise RoomLogError(f"room log too large: more than {MAX_LOG_BYTES:,} characters")
        try:
            data = load_json(data)
        except (ValueError, RecursionError) as exc:
            raise RoomLogError(f"malformed room log: {exc}") from None
    if isinstance(data, dict):
        rounds = data.get("rounds")
        if isinstance(rounds, list):
            total = sum(len(r["actions"]) for r in rounds
                        if isinstance(r, dict) and isinstance(r.get("actions"), list))
            if total > MAX_ACTIONS:
                raise RoomLogError(f"malformed room log at rounds: {total:,} actions; a log "
                                   f"holds at most {MAX_ACTIONS:,}")
    try:
        log = RoomLog.model_validate(data)
    except FieldProblem as exc:
        where = f" at {exc.where}" if exc.loc else ""
        raise RoomLogError(f"malformed room log{where}: {exc.msg}") from None
    for i, r in enumerate(log.rounds):
        if r.round != i + 1:
            raise RoomLogError(f"malformed room log at rounds.{i}.round: round {i + 1} is "
                               f"numbered {r.round}")
    return log


def json_params(params: "tuple[tuple[str, Any], ...] | dict[str, Any]") -> dict[str, Any]:
    """A verdict's parameters as JSON values (text, numbers, flags, lists of them; anything
    else as text), for the messages that carry them."""
    from ..core.reasons import json_fact

    items = params.items() if isinstance(params, dict) else params
    out: dict[str, Any] = {}
    for k, v in items:  # a verdict's facts: seats, cards, lists of them (the table's names)
        out[str(k)] = json_fact(v)
    return out


@dataclass(frozen=True)
class Verification:
    """The answer of a verification: ``verified``, or the first fault.

    ``code`` is ``VERIFIED``, a room code (``V_...``, :class:`~uno_web.room.protocol.RoomCode`)
    or the validator's reason code of the first illegal action (``E_...``); ``round`` (from 1),
    ``action_index`` (within the round, from 0; -1 for the round's deal) and ``index`` (over
    the whole log, from 0, deals not counted) locate it; ``message`` is English and ``params``
    the facts to write it in another language (:func:`uno_web.room.describe`)."""

    verified: bool
    code: str
    message: str
    params: dict[str, Any] = field(default_factory=dict)
    round: int | None = None
    action_index: int | None = None
    index: int | None = None
    rounds_checked: int = 0
    actions_checked: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "verified": self.verified, "code": self.code, "message": self.message,
            "params": dict(self.params), "round": self.round, "action_index": self.action_index,
            "index": self.index, "rounds_checked": self.rounds_checked,
            "actions_checked": self.actions_checked,
        }


def _room_fault(code: RoomCode, rnd: int | None, j: int | None, index: int | None,
                rounds: int, actions: int, **params: Any) -> Verification:
    return Verification(False, code.value, f"{code.value}: {room_text(code, params)}", params,
                        rnd, j, index, rounds, actions)


def verify_room_log(
    data: "str | bytes | bytearray | dict[str, Any] | IO[str] | IO[bytes] | RoomLog",
    *,
    commitments: "dict[int, str] | None" = None,
    own_seat: int | None = None,
    own_values: "dict[int, str] | None" = None,
) -> Verification:
    """Verify a room log: for every round, in order, its commitment, its joint deal, then every
    action through the validator and every reshuffle against the joint shuffle; every round
    must be over. The first fault is the answer.

    ``commitments`` (round -> hex) are the commitments the verifier received before each deal:
    a log that shows another is refused (``V_COMMITMENT_CHANGED``). ``own_seat`` and
    ``own_values`` (round -> hex) are the verifier's seat and the values the host said it
    used: a round whose log does not hold that value for that seat is refused
    (``V_VALUE_MISSING``). Never raises for bad input: an unreadable log is the fault
    ``V_MALFORMED_LOG``."""
    try:
        log = read_room_log(data)
        rules = resolve_rules(log.rules.preset, log.rules.overrides)
    except (RoomLogError, RulesError) as exc:
        return _room_fault(RoomCode.V_MALFORMED_LOG, None, None, None, 0, 0, detail=str(exc)[:200])
    steps = replay_steps(log.game_log())
    index = 0
    done = 0
    for rnd in log.rounds:
        k = rnd.round
        host_value = bytes.fromhex(rnd.host_value)
        if commitment(log.room, k, host_value) != rnd.commitment:
            return _room_fault(RoomCode.V_COMMITMENT, k, -1, index, done, index, round=k)
        if commitments and k in commitments and commitments[k] != rnd.commitment:
            return _room_fault(RoomCode.V_COMMITMENT_CHANGED, k, -1, index, done, index, round=k)
        if own_seat is not None and own_values and k in own_values:
            if not any(v.seat == own_seat and v.value == own_values[k] for v in rnd.entropy):
                return _room_fault(RoomCode.V_VALUE_MISSING, k, -1, index, done, index, round=k)
        joint = joint_seed(log.room, k, host_value,
                           [(v.seat, bytes.fromhex(v.value)) for v in rnd.entropy])
        if [parse_card(c) for c in rnd.deck] != deal_order(joint, rules.deck):
            return _room_fault(RoomCode.V_DECK_NOT_JOINT, k, -1, index, done, index, round=k)
        try:
            step = next(steps)  # the deal
        except (ReplayFailure, LogError) as exc:
            return _replay_fault(exc, k, -1, index, done)
        shuffles = 0
        for j, action in enumerate(rnd.actions):
            try:
                step = next(steps)
            except (ReplayFailure, LogError) as exc:
                return _replay_fault(exc, k, j, index, done)
            for pile in action.reshuffles:
                shuffles += 1
                order = [parse_card(c) for c in pile]
                if order != joint_order(joint, shuffles, order):
                    return _room_fault(RoomCode.V_RESHUFFLE_NOT_JOINT, k, j, index, done, index,
                                       round=k, number=index + 1)
            index += 1
        if step.state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
            return _room_fault(RoomCode.V_ROUND_NOT_OVER, k, len(rnd.actions), index, done, index,
                               round=k)
        done += 1
    return Verification(True, RoomCode.VERIFIED.value,
                        room_text(RoomCode.VERIFIED, {"rounds": done, "actions": index}),
                        {"rounds": done, "actions": index}, None, None, None, done, index)


def _replay_fault(exc: "ReplayFailure | LogError", rnd: int, j: int, index: int, done: int
                  ) -> Verification:
    if isinstance(exc, LogError):
        return _room_fault(RoomCode.V_MALFORMED_LOG, rnd, j, index, done, index,
                           detail=str(exc)[:200])
    v: Verdict = exc.verdict
    return Verification(False, v.code.value, v.message, json_params(v.params), rnd, j, index,
                        done, index)


def verify_round(
    records: "list[RoundRecord] | list[dict[str, Any]]",
    *,
    room: str,
    rules: RulesRef,
    seats: list[Seat],
    commitments: "dict[int, str] | None" = None,
    own_seat: int | None = None,
    own_values: "dict[int, str] | None" = None,
) -> Verification:
    """Verify the rounds revealed so far (``records``, round 1 first: a round is replayed from
    the state the rounds before it left), as a guest does at each round's end. The same checks
    as :func:`verify_room_log`; an unreadable record is ``V_MALFORMED_LOG``."""
    data = {"format": ROOM_LOG_FORMAT, "version": 1, "room": room, "rules": rules.model_dump(),
            "seats": [s.model_dump() for s in seats],
            "rounds": [r.model_dump() if isinstance(r, RoundRecord) else r for r in records]}
    return verify_room_log(data, commitments=commitments, own_seat=own_seat, own_values=own_values)



def room_json_schema() -> dict[str, Any]:
    """The JSON Schema of the room log, with every message's schema in its ``$defs``
    (``GuestMessage``, ``HostMessage`` and each message by name); imports pydantic (the
    schema layer), on first use. ``docs/room.schema.json`` is this."""
    from .protocol import GUEST_MODELS, HOST_MODELS

    schema = RoomLog.model_json_schema()
    defs: dict[str, Any] = schema.setdefault("$defs", {})
    for group, models in (("GuestMessage", GUEST_MODELS), ("HostMessage", HOST_MODELS)):
        refs = []
        for model in models:
            one = model.model_json_schema()
            for name, sub in one.pop("$defs", {}).items():
                if defs.setdefault(name, sub) != sub:  # pragma: no cover - a naming clash
                    raise ValueError(f"two different schemas named {name}")
            defs[model.__name__] = one
            refs.append({"$ref": f"#/$defs/{model.__name__}"})
        defs[group] = {
            "oneOf": refs,
            "discriminator": {"propertyName": "type", "mapping": {
                m.model_fields["type"].default: f"#/$defs/{m.__name__}" for m in models}},
        }
    schema["description"] = (
        "A room log (uno-web-room-log): a game log whose rounds carry the host's commitment, "
        "its revealed value and the guests' values (docs/rooms.md). $defs also holds every "
        "message of the room protocol: GuestMessage, HostMessage.")
    return schema


_HEAD = re.compile(rb'\A(?:\xef\xbb\xbf)?\s*\{\s*"format"\s*:\s*"uno-web-room-log"')
HEAD_BYTES = 256
"""How much of a file :func:`is_room_log_head` needs to tell a room log (as written, with its
``format`` first) from a game log."""


def is_room_log_head(head: bytes) -> bool:
    """Whether a document starting with ``head`` is a room log: its first key is ``format``
    and says ``uno-web-room-log`` (how :meth:`RoomLog.model_dump_json` writes it)."""
    return _HEAD.match(head) is not None


def room_log_report(data: "str | bytes | bytearray | IO[str] | IO[bytes]") -> dict[str, Any]:
    """What ``python -m uno_web validate`` prints for a room log: ``valid`` (verified), the
    :class:`Verification`'s fields and a ``summary`` line. Raises :class:`RoomLogError` when
    the log cannot be read (the command exits 2)."""
    log = read_room_log(data)
    try:
        resolve_rules(log.rules.preset, log.rules.overrides)
    except RulesError as exc:
        raise RoomLogError(f"malformed room log at rules: {exc}") from None
    v = verify_room_log(log)
    failure = None if v.verified else {
        "code": v.code, "round": v.round, "action_index": v.action_index, "index": v.index,
        "action_number": None if v.action_index == -1 or v.index is None else v.index + 1,
        "message": v.message}
    report = {"format": ROOM_LOG_FORMAT, "valid": v.verified, **v.to_dict(), "failure": failure}
    report["summary"] = english(room_summary_words(report, v.message))
    return report


def room_summary_words(report: Mapping[str, Any], message: str) -> Words:
    """A room log report's summary line as facts: ``message`` (the verification's words, in
    the language wanted) as it is, or the failing place with it."""
    f = report.get("failure")
    if f is None:
        return Words.of("room.verified", text=message)
    return Words.of("room.invalid", place=place_words(f.get("action_number"), f["round"]),
                    text=message)
