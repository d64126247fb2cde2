"""Game logs: the JSON format an online table writes, and the validator that replays it.

A log holds the format version, the rules (preset + overrides), the seats, and for every round
the full starting deck order (top card first, so no RNG is needed to replay) and every action in
order. An action that made the draw pile run out carries the new order of each reshuffle in
``reshuffles``. The JSON Schema is in ``docs/gamelog.schema.json`` (``python -m uno_web schema``).

:func:`parse_log` reads a log strictly (JSON's own types, the limits below, the first problem
stops it) and raises :class:`LogError` for anything it refuses; :func:`validate_log` replays a
log, checks every action and the deck invariant after each one, and returns a
:class:`ValidationReport`. It reads text, bytes and files as a stream (header, then each deck
and action, replayed as it is read: :mod:`uno_web.core.jsonstream`), so the first fault in
reading order is the answer and nothing after it is read (docs/gamelog.md "Reading order").
:class:`GameRecorder` wraps a game and writes its log.

The models are frozen dataclasses (:mod:`uno_web.core.fields`): recording, saving and reading a
log never import pydantic; the JSON Schema does (:func:`log_json_schema`).
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO, Annotated, Any, Generator, Iterator, Literal, Mapping, Union

from .cards import SUIT_COLORS, UNO_COLORS, CardError, card_str, color_code, parse_card, parse_color
from .engine import IllegalMove, apply, apply_in_place, new_game
from .events import Event, PileReshuffled, RoundStarted
from .fields import (
    EXCERPT_CHARS, MAX_CARD_CHARS, Declared, FieldProblem, MaxLen, Normalised, Tagged, declare,
    declared, excerpt, load_json, read_card,
)
from .invariants import CardTracker, check_deck, same_cards
from .moves import Move, MoveKind
from .reasons import Reason, Verdict
from .rules import MAX_RULE_OVERRIDES, PRESETS, RuleSet, RulesError, resolve_rules
from .state import GameState, Phase, deck_cards, deck_order_faults
from .words import Words, english

__all__ = [
    "LOG_FORMAT", "LOG_VERSION", "GameLog", "RoundLog", "Action", "RulesRef", "Seat",
    "LogError", "ValidationReport", "validate_log", "parse_log", "read_log_in_slices", "GameRecorder", "action_place",
    "place_words", "summary_words",
    "action_from_move", "move_from_action", "log_json_schema", "replay", "replay_steps",
    "ReplayStep", "ReplayFailure", "MAX_LOG_BYTES",
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


@contextmanager
def _as_log_error() -> Iterator[None]:
    """A streamed log's faults (too large, not JSON, a field out of shape) as the one
    :class:`LogError` its callers catch."""
    from .jsonstream import JsonFault, TooLarge

    try:
        yield
    except TooLarge as exc:
        raise LogError(str(exc)) from None
    except JsonFault as exc:
        raise LogError(f"malformed log: {exc}") from None
    except FieldProblem as exc:
        where = f" at {exc.where}" if exc.loc else ""
        raise LogError(f"malformed log{where}: {exc.msg}") from None


def read_log_in_slices(data: "str | bytes | bytearray") -> Generator[float, None, GameLog]:
    """:func:`parse_log` a piece at a time, for a page that must stay responsive: a generator
    that yields the fraction done so far and returns the :class:`GameLog`. The JSON is read
    one round at a time (:mod:`uno_web.core.jsonstream`: its faults are :func:`load_json`'s),
    then the fields are checked as :func:`parse_log` checks them, in the same order (a log's
    fields come before its rounds, so the first problem is the same one), one round at a time.
    Raises :class:`LogError` as :func:`parse_log` does."""
    from .jsonstream import JsonStream

    js = JsonStream(data, MAX_LOG_BYTES, _TOO_LARGE)
    size = max(1, len(data))
    doc: dict[str, Any] = {}
    with _as_log_error():
        if js.peek() != "{":  # not an object: read whole, and refused as parse_log refuses it
            return parse_log(js.whole())
        js.keep = False
        js.take("{")
        c = js.peek()
        if c == '"':
            while True:
                key = js.key()
                if key in doc:
                    raise FieldProblem((_key(key),), "Duplicate key: a log names each field once")
                if key not in GameLog.model_fields:
                    raise FieldProblem((_key(key),), "Extra inputs are not permitted")
                if key == "rounds" and js.peek() == "[":
                    js.take("[")
                    rounds: list[Any] = []
                    for value in js.items():
                        rounds.append(value)
                        if len(rounds) > MAX_ROUNDS:
                            break  # refused below, as parse_log refuses it
                        yield js.offset / size / 2
                    doc[key] = rounds
                else:
                    js.peek()
                    doc[key] = js.value()
                if _object_ends(js):
                    break
        elif c != "}":
            js.syntax("{")
        js.take("}")
        js.end()
    _count_actions(doc)
    read = doc.get("rounds")
    if not isinstance(read, list) or len(read) < 2:
        return parse_log(doc)
    first = parse_log({**doc, "rounds": read[:1]})
    done: list[RoundLog] = [first.rounds[0]]
    for i in range(1, len(read)):
        yield 0.5 + i / len(read) / 2
        try:
            done.append(RoundLog.model_validate(read[i]))
        except FieldProblem as exc:
            raise LogError(f"malformed log at {exc.inside('rounds', i).where}: {exc.msg}") from None
    return parse_log({**doc, "rounds": done})


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


_tuple_new = tuple.__new__
_K_PLAY = MoveKind.PLAY


def move_from_action(a: Any) -> Move:
    seat = a.seat
    if a.kind == "play":  # the common action: the tuple made directly (Move(...) without defaults)
        target = a.target
        return _tuple_new(Move, (_K_PLAY, seat, _card_of(a.card),
                                parse_color(a.color) if a.color else -1,
                                -1 if target is None else target, a.uno))
    bare = _BARE.get(a.kind)  # draw, pass, call_uno, challenge, accept: the tuple made directly
    if bare is not None:
        return _tuple_new(Move, (bare, seat, -1, -1, -1, False))
    if a.kind == "choose_color":
        return Move.choose_color(seat, parse_color(a.color))
    if a.kind == "catch":
        return Move.catch(seat, a.target)
    raise KeyError(a.kind)  # (the log's model admits no other kind)


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
    ``where`` says it in words. ``names`` are the seats' names from the log (``winner`` and
    ``scores`` follow their order). ``summary`` is one line for a person, in English
    (:func:`summary_words` gives its facts for another language)."""

    valid: bool
    actions_checked: int
    rounds_checked: int
    failure: dict[str, Any] | None = None
    scores: list[int] = declared(default_factory=list)
    winner: int | None = None
    finished: bool = False
    phase: str = ""
    names: list[str] = declared(default_factory=list)
    summary: str = ""

    def to_json(self) -> str:
        return json.dumps(self.model_dump(), indent=2)


def action_place(number: int | None, rnd: int) -> str:
    """Where an action is, for people: ``action 7 (counted from 1 over the whole log) in round
    2``; ``number`` None is the round's deal. Actions are counted over all rounds of the log
    and the deals are not actions."""
    return english(place_words(number, rnd))


def place_words(number: int | None, rnd: int) -> Words:
    """:func:`action_place` as facts, for any language."""
    if number is None:
        return Words.of("place.deal", n=rnd)
    return Words.of("place.action", n=number, m=rnd)


def _failure(index: int, rnd: int, j: int, code: Reason, message: str, action: Any = None,
             params: dict[str, Any] | None = None) -> dict[str, Any]:
    number = index + 1 if j >= 0 else None
    d: dict[str, Any] = {
        "index": index, "action_number": number, "round": rnd, "action_index": j,
        "where": action_place(number, rnd), "code": code.value, "message": message,
        # the verdict's facts, so that the message can be written in any language from them
        "params": params or {},
    }
    if action is not None:
        d["action"] = action.model_dump(exclude_defaults=True)
    return d


def summary_words(report: "Mapping[str, Any]") -> Words:
    """A report's summary line as facts (``report``: :meth:`ValidationReport.model_dump`, or
    the JSON ``validate`` prints): the failing place and verdict, or the counts and the winner."""
    f = report.get("failure")
    if f is not None:
        return Words.of("summary.invalid", place=place_words(f.get("action_number"), f["round"]),
                        message=f)
    rounds = int(report["rounds_checked"])
    one = "/1" if rounds == 1 else ""
    winner, names = report.get("winner"), report.get("names") or []
    if report.get("finished") and isinstance(winner, int) and 0 <= winner < len(names):
        return Words.of("summary.won" + one, n=report["actions_checked"], m=rounds,
                        winner=names[winner])
    return Words.of("summary.unfinished" + one, n=report["actions_checked"], m=rounds)


@dataclass(frozen=True)
class ReplayStep:
    """One step of a replayed log: a round's deal (``move`` None for the first, the
    ``NEXT_ROUND`` move for a later one) or an action, with the state after it, its events and
    the validator's verdict (None for the first deal)."""

    state: GameState
    events: list[Event]
    move: Move | None
    verdict: Verdict | None
    round: int


class ReplayFailure(Exception):
    """A step of a log that does not replay: ``step`` (1-based over the actions; a deal counts
    as the action after the last one), ``round``, ``move`` (notation, or "deal of round N")
    and the refusal's ``verdict``."""

    def __init__(self, step: int, rnd: int, move: str, verdict: Verdict) -> None:
        super().__init__(verdict.message)
        self.step = step
        self.round = rnd
        self.move = move
        self.verdict = verdict


def replay_steps(log: GameLog) -> Iterator[ReplayStep]:
    """Replay ``log`` step by step through the validator: the one log replay that validation,
    :func:`replay` and the table's log viewer share (the same :class:`_Replay`). Raises
    :class:`LogError` when the rules cannot be read or the first deal cannot be dealt, and
    :class:`ReplayFailure` at the first deal or action that does not replay."""
    rp = _Replay(_rules_of(log), [seat.name for seat in log.seats], log.seed or 0)
    for rnd in log.rounds:
        first = rp.state is None
        try:
            events = rp.deal(rnd.deck)
        except _LogFailure as f:
            raise ReplayFailure(rp.index + 1, rp.rounds + 1, f"deal of round {rp.rounds + 1}",
                                f.verdict) from None
        assert rp.state is not None
        yield ReplayStep(rp.state, events,
                         None if first else Move(MoveKind.NEXT_ROUND, rp.state.active_seats()[0]),
                         rp.verdict, rp.state.round)
        for a in rnd.actions:
            move = move_from_action(a)
            try:
                events = rp.act(move, _shuffles_of(a), a)
            except _LogFailure as f:
                raise ReplayFailure(rp.index + 1, rp.rounds, str(move), f.verdict) from None
            yield ReplayStep(rp.state, events, move, rp.verdict, rp.state.round)


def replay(log: GameLog, stop_at: int | None = None) -> tuple[list[GameState], list[list[Event]]]:
    """States after each step (index 0: the first deal) and their events. Raises
    :class:`ReplayFailure` / :class:`LogError`."""
    states: list[GameState] = []
    events: list[list[Event]] = []
    for step in replay_steps(log):
        states.append(step.state)
        events.append(step.events)
        if stop_at is not None and len(states) > stop_at:
            break
    return states, events


def _rules_of(log: GameLog) -> RuleSet:
    return _resolved(log.rules)


def _resolved(ref: RulesRef) -> RuleSet:
    try:
        return resolve_rules(ref.preset, ref.overrides)
    except RulesError as exc:
        raise LogError(str(exc)) from None


class _Replay:
    """A log replayed piece by piece, as it is read: each round's deal, then its actions. Both
    readers (a whole :class:`GameLog`, a stream) replay through it. A refused deal or action
    raises :class:`_LogFailure`; ``state`` is the state after the last one that replayed.

    ``in_place`` (validation, which keeps only the answer): each action is checked and carried
    out on the one state (:func:`~uno_web.core.engine.apply_in_place`), with no copy, events or
    verdict words, so ``act`` returns no events and leaves ``verdict`` as the last deal set it;
    after a refused action ``state`` may be part-way (a faulty pile order), but its round and
    scores are the ones before it. Otherwise (:func:`replay_steps`) each step makes a new
    state, its events and its verdict."""

    __slots__ = ("rules", "names", "seed", "state", "index", "rounds", "j", "read", "_deck",
                 "verdict", "in_place", "_cards")

    def __init__(self, rules: RuleSet, names: list[str], seed: int, in_place: bool = False) -> None:
        self.in_place = in_place
        self.rules = rules
        self.names = names
        self.seed = seed
        self.state: GameState | None = None
        self.index = 0  # actions replayed over the whole log
        self.rounds = 0  # rounds dealt
        self.j = 0  # actions replayed in this round
        self.read = 0  # actions read (a stream counts them against MAX_ACTIONS)
        self._deck: list[int] = []  # the rules' deck, sorted: the deck invariant's multiset
        self.verdict: Verdict | None = None  # the verdict of the last step (None: first deal)

    def deal(self, deck: list[str]) -> list[Event]:
        """Deal the next round from ``deck`` (normalised card texts, top first)."""
        rnd = self.rounds + 1
        s = self.state
        if s is not None and s.phase != Phase.ROUND_OVER:
            raise _LogFailure(self.index, rnd, -1, Verdict(Reason.E_ROUND_NOT_OVER, (
                ("form", "log"), ("round", rnd), ("previous", rnd - 1))))
        try:  # cards in short notation, the usual case: looked up in one pass
            order = list(map(_CARDS.__getitem__, deck))
        except (KeyError, TypeError):
            order = [_card_of(c) for c in deck]
        faults = deck_order_faults(self.rules, order)
        if faults is not None:
            raise _LogFailure(self.index, rnd, -1, Verdict(Reason.E_DECK_ORDER, (
                ("round", rnd), ("missing", faults[0]), ("extra", faults[1]))))
        if s is None:
            events: list[Event] = []
            try:
                s = new_game(self.rules, self.names, self.seed, deck_order=order, events=events)
            except ValueError as exc:
                raise LogError(str(exc)) from None
            self._deck = sorted(s.r.cards)
            self.verdict = None
        else:
            t = apply(s, Move(MoveKind.NEXT_ROUND, s.active_seats()[0]), shuffles=[order])
            s, events = t.state, t.events
            self.verdict = t.verdict
        if sorted(s.all_cards()) != self._deck:  # pragma: no cover - a guard for bugs
            raise _LogFailure(self.index, rnd, -1, check_deck(s).verdict)
        self.state = s
        if self.in_place:  # the deck invariant action by action follows this state's cards
            self._cards = CardTracker(s)
        self.rounds = rnd
        self.j = 0
        return events

    def act(self, move: Move, shuffles: list[list[int]], action: Any) -> list[Event]:
        """Replay one action (``action``: its model, or its JSON object, for the report)."""
        s = self.state
        assert s is not None
        if self.in_place:
            return self._act_in_place(s, move, shuffles, action)
        try:
            t = apply(s, move, shuffles=shuffles)
        except IllegalMove as exc:
            raise self._refused(exc, action) from None
        new = t.state
        self.verdict = t.verdict
        # the deck invariant, move by move: each deal was checked against the whole deck (above)
        if not same_cards(s, new):  # pragma: no cover - a guard for bugs
            raise self._deck_fault(new, action)
        self.state = new
        self.index += 1
        self.j += 1
        return t.events

    def _act_in_place(self, s: GameState, move: Move, shuffles: list[list[int]],
                      action: Any) -> list[Event]:
        scores = s.scores  # the end of a round writes new scores into a new list
        try:
            apply_in_place(s, move, shuffles)
        except IllegalMove as exc:
            s.scores = scores  # a faulty pile order shows part-way through the move
            raise self._refused(exc, action) from None
        if not self._cards.check(s):  # pragma: no cover - a guard for bugs
            raise self._deck_fault(s, action)
        self.index += 1
        self.j += 1
        return []

    def _refused(self, exc: IllegalMove, action: Any) -> "_LogFailure":
        return _LogFailure(self.index, self.rounds, self.j, exc.verdict, action)

    def _deck_fault(self, s: GameState, action: Any) -> "_LogFailure":
        return _LogFailure(self.index, self.rounds, self.j, check_deck(s).verdict, action)

    def report(self, failure: dict[str, Any] | None = None) -> ValidationReport:
        s = self.state
        if failure is not None:
            report = ValidationReport(
                valid=False, actions_checked=self.index, rounds_checked=s.round if s else 0,
                failure=failure, scores=list(s.scores) if s else [],
            )
        else:
            assert s is not None
            from .state import PHASE_NAMES

            report = ValidationReport(
                valid=True, actions_checked=self.index, rounds_checked=s.round,
                scores=list(s.scores), winner=s.winner if s.winner >= 0 else None,
                finished=s.phase == Phase.GAME_OVER, phase=PHASE_NAMES[Phase(s.phase)],
            )
        report = report.model_copy(update={"names": list(self.names)})
        return report.model_copy(update={"summary": english(summary_words(report.model_dump()))})


class _LogFailure(Exception):
    """A refused deal or action: its verdict carries the facts, its message is their words."""

    def __init__(self, index: int, rnd: int, j: int, verdict: Verdict, action: Any = None) -> None:
        message = verdict.message
        super().__init__(message)
        if isinstance(action, dict):  # read without its model (_fast_move): the model now
            [action] = _ACTIONS_CHECK([action])
        self.verdict = verdict
        self.failure = _failure(index, rnd, j, verdict.code, message, action, verdict.facts())


def validate_log(
    data: "str | bytes | bytearray | dict[str, Any] | IO[str] | IO[bytes] | GameLog",
    *,
    streaming: bool = True,
) -> ValidationReport:
    """Replay a log and check every action. Raises :class:`LogError` for unreadable input.

    Text, bytes and files are read as a stream (:func:`_validate_stream`): the header, then
    each round's deck and actions one at a time, each replayed as soon as it is read, so the
    first fault in reading order is the answer and nothing after it is read. ``streaming=False``
    reads the whole document first (:func:`parse_log`), then replays it; a :class:`GameLog` or
    a dict is always read that way."""
    if streaming and not isinstance(data, (GameLog, dict)):
        return _validate_stream(data)
    return _validate(data if isinstance(data, GameLog) else parse_log(data))


def _validate(log: GameLog, in_place: bool = True) -> ValidationReport:
    """Replay a read log and report (``in_place``: see :class:`_Replay`; the tests hold the
    in-place report to the copying one)."""
    rp = _Replay(_rules_of(log), [seat.name for seat in log.seats], log.seed or 0, in_place)
    try:
        for rnd in log.rounds:
            rp.deal(rnd.deck)
            for a in rnd.actions:
                rp.act(move_from_action(a), _shuffles_of(a), a)
    except _LogFailure as f:
        return rp.report(f.failure)
    return rp.report()


# ------------------------------------------------------------------------------------------
# streaming validation: a log read one value at a time (docs/gamelog.md "Reading order")
# ------------------------------------------------------------------------------------------

_LOG_CHECKS = dict(GameLog._checks)
_ROUND_CHECKS = dict(RoundLog._checks)
_ACTIONS_CHECK = _ROUND_CHECKS["actions"]
_NOT_READ: Any = object()
_TOO_LARGE = f"log too large: more than {MAX_LOG_BYTES:,} {{unit}} ({MAX_LOG_BYTES // 2**20} MB)"


def _validate_stream(source: "str | bytes | bytearray | IO[str] | IO[bytes]") -> ValidationReport:
    """:func:`validate_log` of a log read as a stream (the module's ``jsonstream``)."""
    from .jsonstream import JsonStream

    js = JsonStream(source, MAX_LOG_BYTES, _TOO_LARGE)
    with _as_log_error():
        return _read_stream(js)


def _read_stream(js: Any) -> ValidationReport:
    if js.peek() != "{":  # not an object: read whole (bounded by the size limit), as before
        return validate_log(js.whole(), streaming=False)
    js.keep = False
    js.take("{")
    header: dict[str, Any] = {}
    rounds: Any = _NOT_READ
    rp: _Replay | None = None
    c = js.peek()
    if c == '"':
        while True:
            key = js.key()
            if key in header or (key == "rounds" and (rounds is not _NOT_READ or rp is not None)):
                raise FieldProblem((_key(key),), "Duplicate key: a log names each field once")
            if key not in GameLog.model_fields:
                raise FieldProblem((_key(key),), "Extra inputs are not permitted")
            js.peek()
            if key != "rounds":
                header[key] = _checked(_LOG_CHECKS[key], js.value(), key)
            elif "seats" in header and "rules" in header:
                rp = _Replay(_resolved(header["rules"]), [seat.name for seat in header["seats"]],
                             header.get("seed") or 0, in_place=True)
                try:
                    _stream_rounds(js, rp)
                except _LogFailure as f:
                    return rp.report(f.failure)
            else:  # the rules or the seats come later: the rounds cannot be replayed yet
                rounds = js.value()
            if _object_ends(js):
                break
    elif c != "}":
        js.syntax("{")
    js.take("}")
    js.end()
    if rp is not None:
        return rp.report()
    if rounds is not _NOT_READ:
        header["rounds"] = rounds
    return validate_log(parse_log(header), streaming=False)


def _object_ends(js: Any) -> bool:
    """After an object's member: True at its closing brace, False once past the comma before
    the next key; anything else is a syntax error."""
    c = js.peek()
    if c == "}":
        return True
    if c != ",":
        js.syntax('{"k":0')
    js.take(c)
    if js.peek() != '"':
        js.syntax('{"k":0,')
    return False


def _key(key: str) -> str:
    return key if len(key) <= EXCERPT_CHARS else excerpt(key)


def _checked(check: Any, value: Any, *loc: str | int) -> Any:
    try:
        return check(value)
    except FieldProblem as exc:
        raise exc.inside(*loc) from None


def _stream_rounds(js: Any, rp: _Replay) -> None:
    if js.peek() != "[":
        _checked(_LOG_CHECKS["rounds"], js.value(), "rounds")  # not a list: refused
        raise FieldProblem(("rounds",), "Input should be a valid list")  # pragma: no cover
    js.take("[")
    if js.peek() == "]":
        _checked(_LOG_CHECKS["rounds"], [], "rounds")  # at least one round
    i = 0
    while True:
        if i >= MAX_ROUNDS:
            raise FieldProblem(("rounds",), f"more than {MAX_ROUNDS:,} rounds; a log holds at "
                                            f"most {MAX_ROUNDS:,}")
        if js.peek() == "{":
            _stream_round(js, rp, i)
        else:  # not an object: refused as the model refuses it
            try:
                _LOG_CHECKS["rounds"]([js.value()])
            except FieldProblem as exc:
                raise FieldProblem(("rounds", i) + exc.loc[1:], exc.msg) from None
            raise FieldProblem(("rounds", i), "Input should be an object")  # pragma: no cover
        i += 1
        c = js.peek()
        if c == "]":
            js.take(c)
            return
        if c != ",":
            js.syntax("[0")
        js.take(c)
        if js.peek() == "]":
            js.syntax("[0,")


def _stream_round(js: Any, rp: _Replay, i: int) -> None:
    js.take("{")
    seen: set[str] = set()
    dealt = False
    held: list[Any] = []  # actions written before the deck: replayed once it is dealt
    c = js.peek()
    if c == '"':
        while True:
            key = js.key()
            if key in seen:
                raise FieldProblem(("rounds", i, _key(key)),
                                   "Duplicate key: a round names each field once")
            if key not in RoundLog.model_fields:
                raise FieldProblem(("rounds", i, _key(key)), "Extra inputs are not permitted")
            seen.add(key)
            js.peek()
            if key == "deck":
                rp.deal(_deck_of(js.value(), i))
                dealt = True
                for a in held:
                    rp.act(move_from_action(a), _shuffles_of(a), a)
            elif dealt:
                _stream_actions(js, rp, i)
            else:
                value = js.value()
                rp.read += len(value) if isinstance(value, list) else 0
                if rp.read > MAX_ACTIONS:
                    raise FieldProblem(("rounds", i, "actions"), _too_many_actions(rp.read))
                held = _checked(_ACTIONS_CHECK, value, "rounds", i, "actions")
            if _object_ends(js):
                break
    elif c != "}":
        js.syntax("{")
    js.take("}")
    if not dealt:
        raise FieldProblem(("rounds", i, "deck"), "Field required")


def _stream_actions(js: Any, rp: _Replay, i: int) -> None:
    if js.peek() != "[":
        _checked(_ACTIONS_CHECK, js.value(), "rounds", i, "actions")  # not a list: refused
        raise FieldProblem(("rounds", i, "actions"), "Input should be a valid list")  # pragma: no cover
    raws = js.whole_array()  # an array already read whole decodes in one call (the usual case)
    start = 0
    if raws is None:
        js.take("[")
        raws = js.items()
    elif rp.in_place and rp.read + len(raws) <= MAX_ACTIONS:
        # the validator's usual case, written out: the actions in their common form, in place
        act = rp._act_in_place
        for raw in raws:
            move = _fast_move(raw)
            if move is None:  # this action and the rest as below
                raws = raws[start:]
                break
            rp.read += 1
            act(rp.state, move, _NO_ORDERS, raw)  # type: ignore[arg-type]
            start += 1
        else:
            return
    for j, raw in enumerate(raws, start):
        if rp.read >= MAX_ACTIONS:
            raise FieldProblem(("rounds", i, "actions", j),
                               f"more than {MAX_ACTIONS:,} actions; a log holds at most "
                               f"{MAX_ACTIONS:,}")
        rp.read += 1
        move = _fast_move(raw)
        if move is not None:
            rp.act(move, [], raw)
            continue
        try:
            [a] = _ACTIONS_CHECK([raw])
        except FieldProblem as exc:
            raise FieldProblem(("rounds", i, "actions", j) + exc.loc[1:], exc.msg) from None
        rp.act(move_from_action(a), _shuffles_of(a), a)


_NO_ORDERS: list[list[int]] = []  # an action's pile orders when it has none (never changed)


def _shuffles_of(a: Any) -> list[list[int]]:
    return [[_card_of(c) for c in o] for o in a.reshuffles] if a.reshuffles else []


# An action in its common form (the form GameRecorder writes: cards and colours in short
# notation, no reshuffle) is read without building its model: the checks below accept exactly
# what the model accepts and give the same move; anything else goes through the model, which
# also says what is wrong. The same holds for a deck of cards in short notation.
_CARDS: dict[str, int] = {
    card_str(c): c for deck in ("uno", "playing-cards") for c in deck_cards(deck)}
"""Every card's short notation: the texts the model keeps as they are."""
_COLORS: dict[str, int] = {color_code(c): int(c) for c in (*UNO_COLORS, *SUIT_COLORS)}
_COMMON = frozenset({"kind", "seat", "reshuffles"})
_PLAY = _COMMON | {"card", "color", "target", "uno"}
_CHOOSE = _COMMON | {"color"}
_CATCH = _COMMON | {"target"}
_BARE = {"draw": MoveKind.DRAW, "pass": MoveKind.PASS, "call_uno": MoveKind.CALL_UNO,
         "challenge": MoveKind.CHALLENGE, "accept": MoveKind.ACCEPT}


def _deck_of(value: Any, i: int) -> list[str]:
    """A round's deck as the model reads it (short notation is taken as it is)."""
    if type(value) is list and len(value) <= MAX_DECK_CARDS:
        cards = _CARDS
        for c in value:
            if type(c) is not str or c not in cards:
                break
        else:
            return value
    deck: list[str] = _checked(_ROUND_CHECKS["deck"], value, "rounds", i, "deck")
    return deck


def _card_of(text: str) -> int:
    """A card from its normalised text (the model's)."""
    card = _CARDS.get(text)
    return parse_card(text) if card is None else card


def _play_of(seat: int, card: Any, color: Any, target: Any, uno: Any) -> Move | None:
    """A play from its fields read from text, when the model would read them the same way
    (cards and colours in short notation); else None, and the model says what it makes of it."""
    if type(card) is not str or card not in _CARDS or (uno is not True and uno is not False):
        return None
    if color is None:
        col = -1
    elif type(color) is str and color in _COLORS:
        col = _COLORS[color]
    else:
        return None
    if target is None:
        target = -1
    elif type(target) is not int or not 0 <= target <= 9:
        return None
    return _tuple_new(Move, (_K_PLAY, seat, _CARDS[card], col, target, uno))


def _fast_move(d: Any) -> Move | None:
    if type(d) is not dict:
        return None
    if len(d) == 7 and d.get("kind") == "play":  # a play as GameRecorder writes it: every key
        try:
            seat = d["seat"]
            shuffles = d["reshuffles"]
            fields = d["card"], d["color"], d["target"], d["uno"]
        except KeyError:  # another key instead of one of these: the model says which
            return None
        if type(seat) is int and 0 <= seat <= 9 and shuffles == []:
            return _play_of(seat, *fields)
        return None
    seat = d.get("seat")
    if type(seat) is not int or not 0 <= seat <= 9:
        return None
    if "reshuffles" in d and d["reshuffles"] != []:
        return None
    kind = d.get("kind")
    keys = d.keys()
    if kind == "play":
        if not keys <= _PLAY:
            return None
        return _play_of(seat, d.get("card"), d.get("color"), d.get("target"), d.get("uno", False))
    if type(kind) is not str:
        return None
    bare = _BARE.get(kind)
    if bare is not None:
        return _tuple_new(Move, (bare, seat, -1, -1, -1, False)) if keys <= _COMMON else None
    if kind == "choose_color":
        color = d.get("color")
        if keys <= _CHOOSE and type(color) is str and color in _COLORS:
            return Move(MoveKind.CHOOSE_COLOR, seat, -1, _COLORS[color])
        return None
    if kind == "catch":
        target = d.get("target")
        if keys <= _CATCH and type(target) is int and 0 <= target <= 9:
            return Move(MoveKind.CATCH, seat, -1, -1, target)
    return None


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
