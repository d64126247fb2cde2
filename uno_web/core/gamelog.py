"""Game logs: the JSON format an online table writes, and the validator that replays it.

A log holds the format version, the rules (preset + overrides), the seats, and for every round
the full starting deck order (top card first, so no RNG is needed to replay) and every action in
order. An action that made the draw pile run out carries the new order of each reshuffle in
``reshuffles``. The JSON Schema is in ``docs/gamelog.schema.json`` (``python -m uno_web schema``).

:func:`validate_log` replays a log, checks every action and the deck invariant after each one,
and returns a :class:`ValidationReport`. :class:`GameRecorder` wraps a game and writes its log.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from .cards import CardError, card_str, color_code, parse_card, parse_color
from .engine import IllegalMove, apply, new_game
from .events import Event, PileReshuffled, RoundStarted
from .invariants import check_deck
from .moves import Move, MoveKind
from .reasons import Reason
from .rules import RuleSet, RulesError, resolve_rules, validation_problem
from .state import GameState, Phase, validate_deck_order

__all__ = [
    "LOG_FORMAT", "LOG_VERSION", "GameLog", "RoundLog", "Action", "RulesRef", "Seat",
    "LogError", "ValidationReport", "validate_log", "parse_log", "GameRecorder", "action_place",
    "action_from_move", "move_from_action", "log_json_schema", "replay",
]

LOG_FORMAT = "uno-web-log"
LOG_VERSION = 1


class LogError(ValueError):
    """A log that cannot be read (malformed JSON, wrong shape, unknown cards or rules)."""


def _check_card(v: str) -> str:
    try:
        return card_str(parse_card(v))
    except CardError as exc:
        raise ValueError(str(exc)) from None


def _check_color(v: str | None) -> str | None:
    if v is None:
        return None
    try:
        return color_code(parse_color(v))
    except CardError as exc:
        raise ValueError(str(exc)) from None


_FROZEN = ConfigDict(frozen=True, extra="forbid")


class _ActionBase(BaseModel):
    model_config = _FROZEN
    seat: int = Field(ge=0, le=9, description="The seat that acts (0-based).")
    reshuffles: list[list[str]] = Field(
        default_factory=list,
        description="New draw-pile orders (top first) of reshuffles this action caused, in order.",
    )

    @field_validator("reshuffles")
    @classmethod
    def _cards(cls, v: list[list[str]]) -> list[list[str]]:
        return [[_check_card(c) for c in order] for order in v]


class PlayAction(_ActionBase):
    kind: Literal["play"] = "play"
    card: str = Field(description="The card in notation, e.g. R7, W+4, QS.")
    color: str | None = Field(None, description="The colour a wild card names (R, Y, G, B).")
    target: int | None = Field(None, ge=0, le=9, description="7-0 rule: the seat to swap with.")
    uno: bool = Field(False, description="UNO called with this play.")

    @field_validator("card")
    @classmethod
    def _valid_card(cls, v: str) -> str:
        return _check_card(v)

    @field_validator("color")
    @classmethod
    def _valid_color(cls, v: str | None) -> str | None:
        return _check_color(v)


class DrawAction(_ActionBase):
    kind: Literal["draw"] = "draw"


class PassAction(_ActionBase):
    kind: Literal["pass"] = "pass"


class ChooseColorAction(_ActionBase):
    kind: Literal["choose_color"] = "choose_color"
    color: str

    @field_validator("color")
    @classmethod
    def _valid_color(cls, v: str) -> str | None:
        return _check_color(v)


class CallUnoAction(_ActionBase):
    kind: Literal["call_uno"] = "call_uno"


class CatchAction(_ActionBase):
    kind: Literal["catch"] = "catch"
    target: int = Field(ge=0, le=9)


class ChallengeAction(_ActionBase):
    kind: Literal["challenge"] = "challenge"


class AcceptAction(_ActionBase):
    kind: Literal["accept"] = "accept"


Action = Annotated[
    Union[
        PlayAction, DrawAction, PassAction, ChooseColorAction, CallUnoAction, CatchAction,
        ChallengeAction, AcceptAction,
    ],
    Field(discriminator="kind"),
]


class RulesRef(BaseModel):
    model_config = _FROZEN
    preset: str = Field("official", description="A preset name (see docs/rules.md).")
    overrides: dict[str, Any] = Field(
        default_factory=dict, description="RuleSet fields that differ from the preset."
    )


class Seat(BaseModel):
    model_config = _FROZEN
    name: str = Field(max_length=40)
    kind: Literal["human", "ai", "remote"] = "human"
    level: str | None = Field(None, description="AI level for ai seats.")


class RoundLog(BaseModel):
    model_config = _FROZEN
    deck: list[str] = Field(description="The deck order this round was dealt from, top first.")
    actions: list[Action] = Field(default_factory=list)

    @field_validator("deck")
    @classmethod
    def _deck(cls, v: list[str]) -> list[str]:
        return [_check_card(c) for c in v]


class GameLog(BaseModel):
    model_config = _FROZEN
    format: Literal["uno-web-log"] = "uno-web-log"
    version: Literal[1] = 1
    rules: RulesRef = Field(default_factory=RulesRef)
    seats: list[Seat] = Field(min_length=2, max_length=10)
    seed: int | None = Field(None, description="Informational: the seed the table used.")
    rounds: list[RoundLog] = Field(min_length=1)


_LOG_ADAPTER = TypeAdapter(GameLog)
_ACTION_ADAPTER: TypeAdapter[Any] = TypeAdapter(Action)


def log_json_schema() -> dict[str, Any]:
    return _LOG_ADAPTER.json_schema()


def parse_log(data: "str | bytes | dict[str, Any]") -> GameLog:
    """Read a log from JSON text or a dict; raises :class:`LogError` with a readable message."""
    try:
        if isinstance(data, (str, bytes)):
            return _LOG_ADAPTER.validate_json(data)
        return _LOG_ADAPTER.validate_python(data)
    except ValidationError as exc:
        raise LogError(f"malformed log at {validation_problem(exc, 'log')}") from None


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


class ValidationReport(BaseModel):
    """What ``python -m uno_web validate`` prints. ``failure`` (when invalid) locates the first
    problem twice: for programs ``index`` (0-based over the whole log) and ``action_index``
    (0-based within its round, -1 for a round's deal); for people ``action_number`` (1-based
    over the whole log, the number the browser replay shows) and ``round`` (1-based), and
    ``where`` says it in words. ``summary`` is one line for a person."""

    model_config = ConfigDict(frozen=True)
    valid: bool
    actions_checked: int
    rounds_checked: int
    failure: dict[str, Any] | None = None
    scores: list[int] = Field(default_factory=list)
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


def validate_log(data: "str | bytes | dict[str, Any] | GameLog") -> ValidationReport:
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
        self.rounds: list[dict[str, Any]] = [{"deck": [card_str(c) for c in deal.deck], "actions": []}]
        self.initial_events = events
        self.history: list[tuple[Move, list[Event]]] = []

    def apply(self, move: Move) -> Any:
        t = apply(self.state, move)
        self.state = t.state
        if move.kind == MoveKind.NEXT_ROUND:
            deal = next(e for e in t.events if isinstance(e, RoundStarted))
            self.rounds.append({"deck": [card_str(c) for c in deal.deck], "actions": []})
        else:
            orders = [
                [card_str(c) for c in e.order]
                for e in t.events
                if isinstance(e, PileReshuffled) and e.shuffled
            ]
            self.rounds[-1]["actions"].append(action_from_move(move, orders))
        self.history.append((move, t.events))
        return t

    def log(self) -> GameLog:
        base = resolve_rules(self.preset) if self.preset in _preset_names() else RuleSet()
        overrides = {
            k: v for k, v in self.rules.model_dump().items() if getattr(base, k) != v
        }
        return GameLog(
            rules=RulesRef(preset=self.preset if self.preset in _preset_names() else "official",
                           overrides=overrides),
            seats=self.seats,
            seed=self.seed,
            rounds=[RoundLog(deck=r["deck"], actions=r["actions"]) for r in self.rounds],
        )

    def to_json(self) -> str:
        return self.log().model_dump_json(indent=1, exclude_defaults=False)


def _preset_names() -> tuple[str, ...]:
    from .rules import PRESETS

    return tuple(PRESETS)
