"""Game logs: the JSON format an online table writes, and the validator that replays it.

A log holds the format version, the rules (preset + overrides), the seats, and for every round
the full starting deck order (top card first, so no RNG is needed to replay) and every action in
order. An action that made the draw pile run out carries the new order of each reshuffle in
``reshuffles``. The JSON Schema is in ``docs/gamelog.schema.json`` (``python -m uno_web schema``).

:func:`parse_log` reads a log strictly (JSON's own types, the limits below, the first problem
stops it) and raises :class:`LogError` for anything it refuses; :func:`validate_log` replays a
log, checks every action and the deck invariant after each one, and returns a
:class:`ValidationReport`. :class:`GameRecorder` wraps a game and writes its log.

The models are frozen dataclasses (:mod:`uno_web.core.fields`): recording, saving and reading a
log never import pydantic; the JSON Schema does (:func:`log_json_schema`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import IO, Annotated, Any, Literal, Union

from .cards import CardError, card_str, color_code, parse_card, parse_color
from .engine import IllegalMove, apply, new_game
from .events import Event, PileReshuffled, RoundStarted
from .fields import (
    MAX_CARD_CHARS, Declared, FieldProblem, MaxLen, Normalised, Tagged, declare, declared,
    load_json, read_card,
)
from .invariants import check_deck
from .moves import Move, MoveKind
from .reasons import Reason
from .rules import MAX_RULE_OVERRIDES, PRESETS, RuleSet, RulesError, resolve_rules
from .state import GameState, Phase, validate_deck_order

__all__ = [
    "LOG_FORMAT", "LOG_VERSION", "GameLog", "RoundLog", "Action", "RulesRef", "Seat",
    "LogError", "ValidationReport", "validate_log", "parse_log", "GameRecorder", "action_place",
    "action_from_move", "move_from_action", "log_json_schema", "replay", "MAX_LOG_BYTES",
    "MAX_ROUNDS", "MAX_ACTIONS", "MAX_DECK_CARDS", "MAX_RESHUFFLES", "MAX_NAME_CHARS",
]

LOG_FORMAT = "uno-web-log"
LOG_VERSION = 1

# The limits of a log (docs/gamelog.md "Limits"): a real game is far below every one of them,
# and a log past one is refused before it costs more than reading it.
MAX_LOG_BYTES = 16 * 1024 * 1024
"""The largest log text read (bytes, or characters for text): longer is refused unparsed."""
MAX_ROUNDS = 1_000
MAX_ACTIONS = 50_000
"""Actions over the whole log; counted before any action is read."""
MAX_DECK_CARDS = 108
"""Cards in one deck order or reshuffle order (the UNO deck; playing cards have 54)."""
MAX_RESHUFFLES = 16
"""Reshuffles one action may cause."""
MAX_NAME_CHARS = 40
"""Seat names, AI levels and preset names."""


class LogError(ValueError):
    """A log that cannot be read: not JSON, the wrong shape or types, unknown cards or rules, or
    past a limit. The message is one short line (``malformed log at rounds.0.actions.3.seat:
    …``) that quotes at most an excerpt of the input; ``python -m uno_web validate`` exits 2."""


def _card(v: str) -> str:
    return card_str(read_card(v))


def _color(v: str) -> str:
    return color_code(parse_color(v))


Card = Annotated[str, MaxLen(MAX_CARD_CHARS), Normalised(_card)]
"""A card in notation (normalised: ``"red 7"`` is read as ``R7``)."""
Order = Annotated[list[Card], MaxLen(MAX_DECK_CARDS)]
Color = Annotated[str, MaxLen(MAX_NAME_CHARS), Normalised(_color)]


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class _ActionBase(Declared):
    seat: int = declared(ge=0, le=9, description="The seat that acts (0-based).")
    reshuffles: list[Order] = declared(
        default_factory=list, max_length=MAX_RESHUFFLES,
        description="New draw-pile orders (top first) of reshuffles this action caused, in order.",
    )


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class PlayAction(_ActionBase):
    kind: Literal["play"] = "play"
    card: Card = declared(description="The card in notation, e.g. R7, W+4, QS.")
    color: Color | None = declared(None, description="The colour a wild card names (R, Y, G, B).")
    target: int | None = declared(None, ge=0, le=9, description="7-0 rule: the seat to swap with.")
    uno: bool = declared(False, description="UNO called with this play.")


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class DrawAction(_ActionBase):
    kind: Literal["draw"] = "draw"


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class PassAction(_ActionBase):
    kind: Literal["pass"] = "pass"


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class ChooseColorAction(_ActionBase):
    kind: Literal["choose_color"] = "choose_color"
    color: Color


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class CallUnoAction(_ActionBase):
    kind: Literal["call_uno"] = "call_uno"


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class CatchAction(_ActionBase):
    kind: Literal["catch"] = "catch"
    target: int = declared(ge=0, le=9)


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class ChallengeAction(_ActionBase):
    kind: Literal["challenge"] = "challenge"


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class AcceptAction(_ActionBase):
    kind: Literal["accept"] = "accept"


AnyAction = Union[
    PlayAction, DrawAction, PassAction, ChooseColorAction, CallUnoAction, CatchAction,
    ChallengeAction, AcceptAction,
]
Action = Annotated[AnyAction, Tagged("kind")]
"""One action: the model its ``kind`` names."""


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class RulesRef(Declared):
    preset: str = declared("official", max_length=MAX_NAME_CHARS,
                           description="A preset name (see docs/rules.md).")
    overrides: dict[str, Any] = declared(
        default_factory=dict, max_length=MAX_RULE_OVERRIDES,
        description="RuleSet fields that differ from the preset.",
    )


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class Seat(Declared):
    name: str = declared(max_length=MAX_NAME_CHARS)
    kind: Literal["human", "ai", "remote"] = "human"
    level: str | None = declared(None, max_length=MAX_NAME_CHARS,
                                 description="AI level for ai seats.")


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class RoundLog(Declared):
    deck: list[Card] = declared(max_length=MAX_DECK_CARDS,
                                description="The deck order this round was dealt from, top first.")
    actions: list[Action] = declared(default_factory=list, max_length=MAX_ACTIONS)


def _total_actions(rounds: list[RoundLog]) -> list[RoundLog]:
    total = sum(len(r.actions) for r in rounds)
    if total > MAX_ACTIONS:
        raise ValueError(_too_many_actions(total))
    return rounds


def _too_many_actions(total: int) -> str:
    return f"{total:,} actions; a log holds at most {MAX_ACTIONS:,}"


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class GameLog(Declared):
    format: Literal["uno-web-log"] = "uno-web-log"
    version: Literal[1] = 1
    rules: RulesRef = declared(default_factory=RulesRef)
    seats: list[Seat] = declared(min_length=2, max_length=10)
    seed: int | None = declared(None, ge=-(2**63), le=2**63 - 1,
                                description="Informational: the seed the table used.")
    rounds: list[RoundLog] = declared(min_length=1, max_length=MAX_ROUNDS, check=_total_actions)


def log_json_schema() -> dict[str, Any]:
    """The log's JSON Schema (imports pydantic, on first use)."""
    return GameLog.model_json_schema()


def parse_log(data: "str | bytes | bytearray | dict[str, Any] | IO[str] | IO[bytes]") -> GameLog:
    """Read a log from JSON text, bytes, a file opened for reading, or a dict; raises
    :class:`LogError` with one short line.

    The cost is bounded: text past :data:`MAX_LOG_BYTES` is refused before it is parsed (a file
    is read no further), the actions are counted before any is read, and the first problem
    stops the check (nothing collects a list of every problem)."""
    if hasattr(data, "read"):
        data = data.read(MAX_LOG_BYTES + 1)
    if isinstance(data, (str, bytes, bytearray)):
        if len(data) > MAX_LOG_BYTES:
            unit = "characters" if isinstance(data, str) else "bytes"
            raise LogError(f"log too large: more than {MAX_LOG_BYTES:,} {unit} "
                           f"({MAX_LOG_BYTES // 2**20} MB)")
        data = _json(data)
    _count_actions(data)
    try:
        return GameLog.model_validate(data)
    except FieldProblem as exc:
        where = f" at {exc.where}" if exc.loc else ""
        raise LogError(f"malformed log{where}: {exc.msg}") from None


def _json(text: "str | bytes | bytearray") -> Any:
    try:
        return load_json(text)
    except ValueError as exc:
        raise LogError(f"malformed log: {exc}") from None


def _count_actions(data: Any) -> None:
    """Refuse a log with too many rounds or actions before any of them is read."""
    if not isinstance(data, dict):
        return
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        return
    if len(rounds) > MAX_ROUNDS:
        raise LogError(f"malformed log at rounds: {len(rounds):,} rounds; a log holds at most "
                       f"{MAX_ROUNDS:,}")
    total = sum(len(r["actions"]) for r in rounds
                if isinstance(r, dict) and isinstance(r.get("actions"), list))
    if total > MAX_ACTIONS:
        raise LogError(f"malformed log at rounds: {_too_many_actions(total)}")


# ------------------------------------------------------------------------------------------
# moves <-> actions
# ------------------------------------------------------------------------------------------


def move_from_action(a: Any) -> Move:
    seat = a.seat
    if a.kind == "play":
        return Move.play(
            seat, parse_card(a.card), parse_color(a.color) if a.color else -1,
            a.target if a.target is not None else -1, a.uno,
        )
    if a.kind == "choose_color":
        return Move.choose_color(seat, parse_color(a.color))
    if a.kind == "catch":
        return Move.catch(seat, a.target)
    kinds = {
        "draw": MoveKind.DRAW, "pass": MoveKind.PASS, "call_uno": MoveKind.CALL_UNO,
        "challenge": MoveKind.CHALLENGE, "accept": MoveKind.ACCEPT,
    }
    return Move(kinds[a.kind], seat)


def action_from_move(m: Move, reshuffles: "list[list[str]] | None" = None) -> Any:
    extra: dict[str, Any] = {"seat": m.seat, "reshuffles": reshuffles or []}
    k = m.kind
    if k == MoveKind.PLAY:
        return PlayAction(
            card=card_str(m.card), color=color_code(m.color) if m.color >= 0 else None,
            target=m.target if m.target >= 0 else None, uno=m.uno, **extra,
        )
    if k == MoveKind.CHOOSE_COLOR:
        return ChooseColorAction(color=color_code(m.color), **extra)
    if k == MoveKind.CATCH:
        return CatchAction(target=m.target, **extra)
    cls = {
        MoveKind.DRAW: DrawAction, MoveKind.PASS: PassAction, MoveKind.CALL_UNO: CallUnoAction,
        MoveKind.CHALLENGE: ChallengeAction, MoveKind.ACCEPT: AcceptAction,
    }[MoveKind(k)]
    return cls(**extra)


# ------------------------------------------------------------------------------------------
# validation
# ------------------------------------------------------------------------------------------


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class ValidationReport(Declared):
    """What ``python -m uno_web validate`` prints. ``failure`` (when invalid) locates the first
    problem twice: for programs ``index`` (0-based over the whole log) and ``action_index``
    (0-based within its round, -1 for a round's deal); for people ``action_number`` (1-based
    over the whole log, the number the browser replay shows) and ``round`` (1-based), and
    ``where`` says it in words. ``summary`` is one line for a person."""

    valid: bool
    actions_checked: int
    rounds_checked: int
    failure: dict[str, Any] | None = None
    scores: list[int] = declared(default_factory=list)
    winner: int | None = None
    finished: bool = False
    phase: str = ""
    summary: str = ""

    def to_json(self) -> str:
        return json.dumps(self.model_dump(), indent=2)


def action_place(number: int | None, rnd: int) -> str:
    """Where an action is, for people: ``action 7 (counted from 1 over the whole log) in round
    2``; ``number`` None is the round's deal. Actions are counted over all rounds of the log
    and the deals are not actions."""
    if number is None:
        return f"the deal of round {rnd}"
    return f"action {number} (counted from 1 over the whole log) in round {rnd}"


def _failure(index: int, rnd: int, j: int, code: Reason, message: str, action: Any = None) -> dict[str, Any]:
    number = index + 1 if j >= 0 else None
    d: dict[str, Any] = {
        "index": index, "action_number": number, "round": rnd, "action_index": j,
        "where": action_place(number, rnd), "code": code.value, "message": message,
    }
    if action is not None:
        d["action"] = action.model_dump(exclude_defaults=True)
    return d


def _summary(report: ValidationReport, names: list[str]) -> str:
    if report.failure is not None:
        f = report.failure
        return f"Invalid: {f['where']} is refused. {f['message']}"
    rounds = f"{report.rounds_checked} round{'' if report.rounds_checked == 1 else 's'}"
    text = f"Valid: {report.actions_checked} actions in {rounds}"
    if report.finished and report.winner is not None:
        return f"{text}; {names[report.winner]} won the game."
    return f"{text}; the game is not finished."


def replay(log: GameLog, stop_at: int | None = None) -> tuple[list[GameState], list[list[Event]]]:
    """States after each action (index 0: the first deal). Raises IllegalMove/LogError."""
    rules = _rules_of(log)
    states: list[GameState] = []
    events: list[list[Event]] = []
    for _s, ev, _a in _walk(log, rules):
        states.append(_s)
        events.append(ev)
        if stop_at is not None and len(states) > stop_at:
            break
    return states, events


def _rules_of(log: GameLog) -> RuleSet:
    try:
        return resolve_rules(log.rules.preset, log.rules.overrides)
    except RulesError as exc:
        raise LogError(str(exc)) from None


def _walk(log: GameLog, rules: RuleSet):  # type: ignore[no-untyped-def]
    names = [seat.name for seat in log.seats]
    first = [parse_card(c) for c in log.rounds[0].deck]
    problem = validate_deck_order(rules, first)
    if problem:
        raise _LogFailure(0, 1, -1, Reason.E_DECK_ORDER, _coded(Reason.E_DECK_ORDER,
                                                                  f"round 1 deck: {problem}"))
    ev0: list[Event] = []
    try:
        s = new_game(rules, names, log.seed or 0, deck_order=first, events=ev0)
    except ValueError as exc:
        raise LogError(str(exc)) from None
    yield s, ev0, None
    index = 0
    for rnd_i, rnd in enumerate(log.rounds):
        if rnd_i > 0:
            if s.phase != Phase.ROUND_OVER:
                raise _LogFailure(index, rnd_i + 1, -1, Reason.E_ROUND_NOT_OVER, _coded(
                    Reason.E_ROUND_NOT_OVER, f"round {rnd_i + 1} starts but round {rnd_i} is not over"))
            order = [parse_card(c) for c in rnd.deck]
            problem = validate_deck_order(rules, order)
            if problem:
                raise _LogFailure(index, rnd_i + 1, -1, Reason.E_DECK_ORDER, _coded(
                    Reason.E_DECK_ORDER, f"round {rnd_i + 1} deck: {problem}"))
            t = apply(s, Move(MoveKind.NEXT_ROUND, s.active_seats()[0]), shuffles=[order])
            s = t.state
            yield s, t.events, None
        for j, a in enumerate(rnd.actions):
            move = move_from_action(a)
            shuffles = [[parse_card(c) for c in o] for o in a.reshuffles]
            try:
                t = apply(s, move, shuffles=shuffles)
            except IllegalMove as exc:
                raise _LogFailure(index, rnd_i + 1, j, exc.verdict.code, exc.verdict.message, a) from None
            s = t.state
            report = check_deck(s)
            if not report.ok:  # pragma: no cover - the engine keeps the deck; a guard for bugs
                raise _LogFailure(index, rnd_i + 1, j, Reason.E_DECK_INVARIANT,
                                  _coded(Reason.E_DECK_INVARIANT, report.message), a)
            index += 1
            yield s, t.events, a


def _coded(code: Reason, text: str) -> str:
    """A message in the verdicts' form, ``CODE: Sentence``."""
    return f"{code.value}: {text[:1].upper()}{text[1:]}"


class _LogFailure(Exception):
    def __init__(self, index: int, rnd: int, j: int, code: Reason, message: str, action: Any = None) -> None:
        super().__init__(message)
        self.failure = _failure(index, rnd, j, code, message, action)


def validate_log(
    data: "str | bytes | bytearray | dict[str, Any] | IO[str] | IO[bytes] | GameLog",
) -> ValidationReport:
    """Replay a log and check every action. Raises :class:`LogError` for unreadable input."""
    log = data if isinstance(data, GameLog) else parse_log(data)
    rules = _rules_of(log)
    names = [seat.name for seat in log.seats]
    checked = 0
    s: GameState | None = None
    rounds = 0
    try:
        for s, _ev, a in _walk(log, rules):
            if a is not None:
                checked += 1
            rounds = s.round
    except _LogFailure as f:
        report = ValidationReport(
            valid=False, actions_checked=checked, rounds_checked=rounds, failure=f.failure,
            scores=list(s.scores) if s else [],
        )
        return report.model_copy(update={"summary": _summary(report, names)})
    assert s is not None
    from .state import PHASE_NAMES

    report = ValidationReport(
        valid=True,
        actions_checked=checked,
        rounds_checked=s.round,
        scores=list(s.scores),
        winner=s.winner if s.winner >= 0 else None,
        finished=s.phase == Phase.GAME_OVER,
        phase=PHASE_NAMES[Phase(s.phase)],
    )
    return report.model_copy(update={"summary": _summary(report, names)})


# ------------------------------------------------------------------------------------------
# recording
# ------------------------------------------------------------------------------------------


class GameRecorder:
    """Plays a game through :func:`apply` and keeps its log.

    ``recorder.apply(move)`` returns the transition (raising :class:`IllegalMove` like the
    engine) and records the action with the reshuffle orders it caused; dealing the next round
    starts a new round entry with its deck order.

    :meth:`to_json` runs after every move at the table (the save), so each action's JSON text
    is written once, when it is recorded, and the document is put together from those pieces;
    it is the same text as ``recorder.log().model_dump_json(indent=1)``.
    """

    def __init__(
        self,
        rules: RuleSet | None = None,
        players: "int | list[str]" = 2,
        seed: int = 0,
        preset: str = "official",
        seats: "list[Seat] | None" = None,
    ) -> None:
        rules = rules or resolve_rules(preset)
        events: list[Event] = []
        self.state = new_game(rules, players, seed, events=events)
        names = list(self.state.names)
        self.seats = seats or [Seat(name=nm) for nm in names]
        self.preset = preset
        self.rules = rules
        self.seed = seed
        deal = next(e for e in events if isinstance(e, RoundStarted))
        self.rounds: list[dict[str, Any]] = []
        self._texts: list[tuple[str, list[str]]] = []  # per round: deck and actions as JSON text
        self._new_round([card_str(c) for c in deal.deck])
        self.initial_events = events
        self.history: list[tuple[Move, list[Event]]] = []

    def _new_round(self, deck: list[str]) -> None:
        self.rounds.append({"deck": deck, "actions": []})
        self._texts.append((_json_at(deck, 3), []))

    def apply(self, move: Move) -> Any:
        t = apply(self.state, move)
        self.state = t.state
        if move.kind == MoveKind.NEXT_ROUND:
            deal = next(e for e in t.events if isinstance(e, RoundStarted))
            self._new_round([card_str(c) for c in deal.deck])
        else:
            orders = [
                [card_str(c) for c in e.order]
                for e in t.events
                if isinstance(e, PileReshuffled) and e.shuffled
            ]
            action = action_from_move(move, orders)
            self.rounds[-1]["actions"].append(action)
            self._texts[-1][1].append(_json_at(action.model_dump(), 4))
        self.history.append((move, t.events))
        return t

    def log(self) -> GameLog:
        return GameLog(
            rules=self._rules_ref(),
            seats=self.seats,
            seed=self.seed,
            rounds=[RoundLog(deck=r["deck"], actions=r["actions"]) for r in self.rounds],
        )

    def _rules_ref(self) -> RulesRef:
        known = self.preset in PRESETS
        base = resolve_rules(self.preset) if known else RuleSet()
        overrides = {
            k: v for k, v in self.rules.model_dump().items() if getattr(base, k) != v
        }
        return RulesRef(preset=self.preset if known else "official", overrides=overrides)

    def to_json(self) -> str:
        """The log as JSON text (one-space indent, UTF-8 kept)."""
        head = {
            "format": LOG_FORMAT, "version": LOG_VERSION, "rules": self._rules_ref().model_dump(),
            "seats": [seat.model_dump() for seat in self.seats], "seed": self.seed,
        }
        rounds = ",\n".join(
            f'  {{\n   "deck": {deck},\n   "actions": {_join_at(actions, 3)}\n  }}'
            for deck, actions in self._texts
        )
        return f'{_json_at(head, 0)[:-2]},\n "rounds": [\n{rounds}\n ]\n}}'


def _json_at(value: Any, level: int) -> str:
    """``value`` as JSON text indented as it stands ``level`` levels deep in the document (a
    JSON string never holds a raw line break, so indenting every line is safe)."""
    return json.dumps(value, indent=1, ensure_ascii=False).replace("\n", "\n" + " " * level)


def _join_at(items: list[str], level: int) -> str:
    """A JSON array ``level`` levels deep from its items' texts (each already at ``level + 1``)."""
    if not items:
        return "[]"
    inner = " " * (level + 1)
    return "[\n" + ",\n".join(inner + t for t in items) + "\n" + " " * level + "]"
