"""The table session: one game at the browser table, in pure Python (no ``js``, no ``pyscript``).

A :class:`Session` holds the seats (you at seat 0, bots at the others), the
:class:`~uno_web.core.gamelog.GameRecorder` that plays and logs the game, one bot per AI seat,
the validator entries (every attempted move, yours and the bots', with its verdict), and the
little table state the screen needs (a colour or swap-target choice in progress, who is
thinking).  The controller turns DOM events into the *intents* below (``click_card``,
``draw``, ``choose_color`` ...), asks :meth:`Session.plan_ai` what a bot does next, and saves
:meth:`Session.to_save` after every move; :func:`restore` reads it back by replaying the log.

:class:`LogReplay` steps through an imported game log (``uno-web-log``) one action at a time.

Everything here runs the same on CPython (the unit tests) and in Pyodide.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Generator, Literal, Sequence

from ..core.fields import excerpt, load_json
from ..i18n.verdicts import shown as _shown  # the message, its facts kept for the page's language
from ..core import (
    IllegalMove, Move, MoveKind, Phase, Reason, RuleSet, RulesError, Verdict, check_deck, legal_moves, new_game, observe, parse_card, parse_color, resolve_rules,
)
from ..core.cards import IS_WILD, CardError, card_str, color_name
from ..core.engine import apply
from ..core.wording import quote_value
from ..core.words import Words
from ..i18n.phrases import said  # a phrase's English, its facts kept for the page's language
from ..core.gamelog import ReplayStep
from ..core.events import Event
from ..core.rules import PRESETS
from ..core.state import GameState

if TYPE_CHECKING:
    from ..core.gamelog import GameLog, GameRecorder, Seat
    from ..core.position import Position

# uno_web.core.gamelog (a dozen pydantic models) and uno_web.core.position are imported where
# a game is dealt, restored, replayed or started from a position, not here: the start screen
# needs neither (docs/deployment.md "Boot time").

__all__ = [
    "HUMAN", "LEVELS", "BOT_NAMES", "SAVE_FORMAT", "SAVE_VERSION", "TableSettings", "SettingsError", "ValidatorEntry", "Choice",
    "AiPlan", "Session", "SaveError", "restore", "LogReplay", "ReplayStep", "step_text", "suggest", "suggest_words",
    "make_table_bot", "Speed", "SPEEDS", "SPEED_NAMES", "Reveal", "PositionRecorder", "BOT_CHOICES",
]

HUMAN = 0
Level = Literal["easy", "normal", "hard"]
Thinking = Generator[float, None, Move]
LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
#: what the bots of a game started from a position do (``?bots=``): a level, or stay still
BOT_CHOICES: tuple[str, ...] = LEVELS + ("still",)
BOT_NAMES: tuple[str, ...] = ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo")
SAVE_FORMAT = "uno-web-table"
EASY_FORGETS_UNO = 0.3  # how often the easy bot forgets to call UNO (so you can catch it)


# ------------------------------------------------------------------------------------------
# settings
# ------------------------------------------------------------------------------------------


class SettingsError(ValueError):
    """Table settings that cannot be used (from storage, a save, a form or a caller)."""


@dataclass(frozen=True)
class TableSettings:
    """What the start screen chooses: fixed when the cards are dealt, saved with the game.

    Every value is checked here, where it enters (a form, storage, a save, a caller):
    :class:`SettingsError` names the field and quotes a short excerpt of what was wrong."""

    players: int = 2
    name: str = "You"
    levels: tuple[str, ...] = ("easy",)  # AI level of seats 1, 2, ... in order
    preset: str = "official"
    overrides: dict[str, Any] = field(default_factory=dict)
    #: pass-and-play: one entry per seat, the name of the person playing it at this device or
    #: "" for a bot (seat 0 is always a person); empty: seat 0 is the only person
    people: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        p = self.players
        if not isinstance(p, int) or isinstance(p, bool) or not 2 <= p <= 10:
            raise SettingsError(said(Words.of("settings.players", notation=excerpt(p))))
        if not isinstance(self.name, str):
            raise SettingsError(said(Words.of("settings.name_text", notation=excerpt(self.name))))
        name = " ".join(self.name.split())
        if not name or len(name) > 40:
            raise SettingsError(said(Words.of("settings.name_length", notation=excerpt(self.name))))
        object.__setattr__(self, "name", name)
        levels = self.levels
        if isinstance(levels, str) or not isinstance(levels, (list, tuple)) or len(levels) > 9:
            raise SettingsError(said(Words.of("settings.levels", notation=excerpt(levels))))
        for i, lvl in enumerate(levels, start=1):
            if lvl not in LEVELS:
                raise SettingsError(said(Words.of("settings.level", n=i, notation=excerpt(lvl),
                                                  notation2=", ".join(LEVELS))))
        object.__setattr__(self, "levels", tuple(levels))
        if not isinstance(self.preset, str) or self.preset not in PRESETS:
            raise SettingsError(said(Words.of("settings.preset", notation=excerpt(self.preset),
                                              notation2=", ".join(PRESETS))))
        if not isinstance(self.overrides, dict):
            raise SettingsError(said(Words.of("settings.overrides",
                                              notation=excerpt(self.overrides))))
        try:
            resolve_rules(self.preset, self.overrides)
        except RulesError as exc:
            raise SettingsError(f"overrides: {str(exc)[:200]}") from None
        self._check_people()

    def _check_people(self) -> None:
        people = self.people
        if isinstance(people, str) or not isinstance(people, (list, tuple)):
            raise SettingsError(f"people: must be a list of names, not {excerpt(people)}")
        if not people:
            object.__setattr__(self, "people", ())
            return
        if len(people) != self.players:
            raise SettingsError(f"people: must name every seat ({self.players}), not "
                                f"{len(people)}")
        clean: list[str] = []
        for i, person in enumerate(people, start=1):
            if not isinstance(person, str):
                raise SettingsError(f"people: seat {i} must be a name or empty, not "
                                    f"{excerpt(person)}")
            one = " ".join(person.split())
            if len(one) > 40:
                raise SettingsError(f"people: the name of seat {i} is longer than 40 characters")
            clean.append(one)
        if not clean[0]:
            raise SettingsError("people: seat 1 must be a person with a name")
        named = [n.casefold() for n in clean if n]
        if len(set(named)) != len(named):
            raise SettingsError("people: two people have the same name; give each their own")
        object.__setattr__(self, "people", tuple(clean))
        object.__setattr__(self, "name", clean[0])

    def person_seats(self) -> frozenset[int]:
        """The seats played by a person at this device (seat 0 alone, unless pass-and-play)."""
        if not self.people:
            return frozenset({HUMAN})
        return frozenset(i for i, n in enumerate(self.people) if n)

    @classmethod
    def from_dict(cls, data: Any) -> "TableSettings":
        """Settings from JSON data (storage, a save): exactly these keys, strict types."""
        if not isinstance(data, dict):
            raise SettingsError(said(Words.of("settings.object", notation=excerpt(data))))
        extra = sorted(set(data) - _SETTINGS_KEYS)
        if extra:
            raise SettingsError(said(Words.of("settings.unknown", notation=excerpt(str(extra[0])))))
        return cls(**data)

    @classmethod
    def from_json(cls, text: str) -> "TableSettings":
        try:
            data = load_json(text)
        except ValueError:
            raise SettingsError("settings: not JSON") from None
        return cls.from_dict(data)

    def to_dict(self) -> dict[str, Any]:
        data = {"players": self.players, "name": self.name, "levels": list(self.levels),
                "preset": self.preset, "overrides": dict(self.overrides)}
        if self.people:  # only a pass-and-play table has it: older saves stay as they were
            data["people"] = list(self.people)
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    def level(self, seat: int) -> str:
        """The AI level of ``seat`` (1 ..); seats beyond the list play like the last one."""
        if not self.levels:
            return "easy"
        return self.levels[min(seat - 1, len(self.levels) - 1)]

    def rules(self) -> RuleSet:
        return resolve_rules(self.preset, self.overrides)

    def seat_names(self, players: int | None = None) -> list[str]:
        """Your name, then the bots' (``players``: as many seats as that, default the table's)."""
        names = [self.name]
        if self.people:  # pass-and-play: the bots take the bot names no person has
            taken = {n.casefold() for n in self.people if n}
            free = iter([b for b in BOT_NAMES if b.casefold() not in taken]
                        + [f"{b} (bot)" for b in BOT_NAMES if b.casefold() in taken])
            for i in range(1, self.players if players is None else players):
                person = self.people[i] if i < len(self.people) else ""
                names.append(person or next(free))
            return names
        for i in range(1, self.players if players is None else players):
            bot = BOT_NAMES[i - 1]
            names.append(bot if bot != self.name else f"{bot} (bot)")
        return names

    def seats(self) -> list[Seat]:
        from ..core.gamelog import Seat

        people = self.person_seats()
        out = [Seat(name=self.name, kind="human")]
        for i, nm in enumerate(self.seat_names()[1:], start=1):
            out.append(Seat(name=nm, kind="human") if i in people else
                       Seat(name=nm, kind="ai", level=self.level(i)))
        return out


_SETTINGS_KEYS = frozenset(f.name for f in fields(TableSettings))


@dataclass(frozen=True)
class Speed:
    """The table's pace, in seconds: the bot-speed choice (start screen, table, remembered)."""

    turn: float  # before each bot move (the acting seat is highlighted meanwhile)
    jump_window: float  # after a bot's play when you hold an identical card (jump-in rule)
    slice: float  # Hard's thinking: most time per slice before yielding to the page
    travel: float = 0.0  # a card's flight from a seat to the pile (0: no flight)


#: the bot speeds, fastest first ("instant": no pause and no flight; the callout still says
#: what happened)
SPEEDS: dict[str, Speed] = {
    "instant": Speed(turn=0.0, jump_window=1.0, slice=0.012, travel=0.0),
    "fast": Speed(turn=0.25, jump_window=1.2, slice=0.012, travel=0.22),
    "normal": Speed(turn=0.7, jump_window=1.5, slice=0.012, travel=0.38),
    "slow": Speed(turn=1.4, jump_window=2.5, slice=0.012, travel=0.6),
}
SPEED_NAMES: tuple[str, ...] = tuple(SPEEDS)


# ------------------------------------------------------------------------------------------
# validator entries
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ValidatorEntry:
    """One attempted move and the validator's verdict. Never saved: a restored game rebuilds
    its entries by replaying its moves through the validator."""

    seq: int  # attempt number at this table
    seat: int
    who: str
    move: str  # the move in notation, as checked
    code: str
    ok: bool
    message: str
    explanation: str
    rule: str
    hint: str = ""  # for a rejected move of yours: what you could do instead
    round: int = 1


@dataclass(frozen=True)
class Choice:
    """A play waiting for your choice: the colour of a wild, or the player a 7 swaps with."""

    card: int
    colors: tuple[int, ...] = ()
    targets: tuple[int, ...] = ()

    @property
    def kind(self) -> str:
        return "color" if self.colors else "target"


@dataclass(frozen=True)
class Reveal:
    """The hand of the player you challenged, shown to you (and only you)."""

    seat: int
    name: str
    cards: tuple[int, ...]
    bluff: bool  # they held a card of the colour in play when they played the Wild Draw Four
    color: int  # the colour in play before the Wild Draw Four
    by: int = HUMAN  # the challenger: the only seat it is shown to


@dataclass(frozen=True)
class AiPlan:
    """What a bot does next. ``move`` is set for reactions (decided at once); a turn is
    decided by :meth:`Session.think` (Hard thinks in slices)."""

    seat: int
    kind: Literal["react", "turn"]
    version: int  # the session version it was planned for; stale once anybody moved
    level: str
    move: Move | None = None


# ------------------------------------------------------------------------------------------
# bots
# ------------------------------------------------------------------------------------------


def make_table_bot(level: str) -> tuple[Any, str]:
    """A bot for an AI seat and the level it plays at (``uno_web.ai.make_bot``); the easy bot
    sometimes forgets to call UNO so that you can catch it. A level that is not one of
    :data:`LEVELS` plays as the easiest."""
    from ..ai import make_bot

    lvl = level if level in LEVELS else LEVELS[0]
    options: dict[str, Any] = {"forget_uno": EASY_FORGETS_UNO} if lvl == "easy" else {}
    return make_bot(lvl, **options), lvl


# ------------------------------------------------------------------------------------------
# what you could do instead
# ------------------------------------------------------------------------------------------


def suggest_words(s: GameState, seat: int = HUMAN) -> Words:
    """What ``seat`` may do now, from :func:`legal_moves` alone, as facts (a phrase and its
    cards, names and counts) for any language."""
    if s.phase == Phase.GAME_OVER:
        return Words.of("could.over")
    moves = legal_moves(s, seat)
    if s.phase == Phase.ROUND_OVER:
        return Words.of("could.round_over")
    parts: list[Words] = []
    plays = tuple(sorted({m.card for m in moves if m.kind == MoveKind.PLAY}))
    kinds = {m.kind for m in moves}
    if seat == s.turn:
        if s.phase == Phase.CHOOSE_COLOR:
            parts.append(Words.of("could.choose_start_color"))
        if plays:
            parts.append(Words.of("could.play", cards=plays))
        if MoveKind.DRAW in kinds:
            parts.append(Words.of("could.draw"))
        if MoveKind.PASS in kinds:
            parts.append(Words.of("could.keep"))
        if MoveKind.CHALLENGE in kinds:
            parts.append(Words.of("could.challenge"))
        if MoveKind.ACCEPT in kinds:
            parts.append(Words.of("could.take", n=s.pending))
    elif plays:
        parts.append(Words.of("could.jump_in", cards=plays))
    if MoveKind.CALL_UNO in kinds:
        parts.append(Words.of("could.uno"))
    for m in moves:
        if m.kind == MoveKind.CATCH:
            parts.append(Words.of("could.catch", who=s.name(m.target)))
    if not parts:
        if s.turn == seat:  # your turn, nothing yours to do (a bot chooses for you)
            return Words.of("could.wait_you")
        return Words.of("could.wait", who=s.name(s.turn))
    if seat != s.turn:
        return Words.of("could.not_your_turn", who=s.name(s.turn), options=tuple(parts))
    return Words.of("could", options=tuple(parts))


def suggest(s: GameState, seat: int = HUMAN) -> str:
    """:func:`suggest_words` in English for a page, its facts kept for the page's language."""
    return said(suggest_words(s, seat))


# ------------------------------------------------------------------------------------------
# the session
# ------------------------------------------------------------------------------------------


class SaveError(ValueError):
    """A saved table that cannot be restored; the message says why."""


class PositionRecorder:
    """Plays a game that starts from a :class:`~uno_web.core.position.Position` (a link, an
    embed, a lesson) instead of a deal.

    It has the parts of :class:`~uno_web.core.gamelog.GameRecorder` the session uses
    (``state``, ``rules``, ``preset``, ``apply``, ``history``, ``initial_events``), but no game
    log: a log starts with a dealt deck, which a position does not have.  Such a game is
    therefore neither saved nor exported.
    """

    def __init__(self, position: Position) -> None:
        self.position = position
        from ..core.position import build_state

        self.state = build_state(position)
        self.rules = position.rules()
        self.preset = position.preset
        self.seed = position.seed
        self.initial_events: list[Event] = []
        self.history: list[tuple[Move, list[Event]]] = []
        self.rounds: list[dict[str, Any]] = []

    def apply(self, move: Move) -> Any:
        t = apply(self.state, move)
        self.state = t.state
        self.history.append((move, list(t.events)))
        return t

    def to_json(self) -> str:
        raise ValueError("a game started from a position has no complete game log")


class Session:
    """One game at the table. Seat 0 is you; every other seat is a bot.

    A session normally deals a new game; :meth:`from_position` starts one from a position
    instead (a link, an embed, a tutorial lesson).
    """

    def __init__(self, settings: TableSettings, seed: int = 0, *,
                 position: Position | None = None, still: bool = False) -> None:
        self.settings = settings
        self.seed = int(seed)
        self.position = position
        self.recorder: GameRecorder | PositionRecorder
        if position is None:
            from ..core.gamelog import GameRecorder

            self.recorder = GameRecorder(settings.rules(), settings.seat_names(), self.seed,
                                         preset=settings.preset, seats=settings.seats())
        else:
            self.recorder = PositionRecorder(position)
        # a position holds still: until the first move is made the bots do not react out of
        # turn (no UNO call, catch or jump-in changes what the reader is looking at)
        self.hold_reactions = position is not None
        self.bots: dict[int, Any] = {}
        self.levels: dict[int, str] = {}  # the level each bot really plays at
        self.humans = settings.person_seats()  # the seats people play at this device
        self.viewer = HUMAN  # the person whose intents the methods below carry out
        self.held = False  # the bots wait (a person decides out of turn, uno_web.web.passplay)
        for seat in range(1, settings.players):
            if seat in self.humans:
                continue
            if still:
                self.levels[seat] = "still"
            else:
                self.bots[seat], self.levels[seat] = make_table_bot(settings.level(seat))
        self.entries: list[ValidatorEntry] = []
        self.version = 0  # moves applied so far
        self.attempts = 0
        self.choice: Choice | None = None
        self.acting: int = -1  # the bot seat about to act (highlighted)
        self.thinking: float | None = None  # Hard's progress while it thinks
        self.jump_window = False  # the screen gives you a moment to jump in
        self.reveal: Reveal | None = None  # the hand shown to you after your challenge
        self._offered = -1  # the version whose reactions were all declined

    @classmethod
    def from_position(cls, position: Position, bots: str = "normal") -> "Session":
        """A game from ``position``: you at seat 0, the other seats bots of level ``bots``
        (``"still"``: they never move).  Raises PositionError / ValueError for a position
        that cannot be played."""
        n = len(position.hands)
        level = bots if bots in LEVELS else "normal"
        names = position.names or []
        settings = TableSettings(
            players=n, name=(names[0] if names and names[0].strip() else "You"),
            levels=(level,) * (n - 1),
            preset=position.preset, overrides=dict(position.overrides))
        return cls(settings, position.seed, position=position, still=bots == "still")

    @property
    def export_note(self) -> str:
        """Why Export is not offered now ("" when it is). A dealt game has a game log, but the
        log holds every card, the bots' hands and the draw pile too: it is offered once the
        round is over, never mid-round (issue 20). A game from a position has no log."""
        if self.position is not None:
            return "A game started from a position has no log to export."
        if self.state.phase < Phase.ROUND_OVER:
            return ("The log holds every card, the bots' hands too: export it when the round "
                    "is over.")
        return ""

    @property
    def can_export(self) -> bool:
        return not self.export_note

    def share_position(self, goal: str | None = None) -> Position:
        """The current position, for a share link or an embed: the rules (preset +
        overrides), every hand, the top card, the current colour, whose turn, the direction,
        a pending penalty, and ``goal``.  The discard pile under the top card and the order of
        the draw pile are left out (the link stays short; the cards go back to the draw pile)."""
        from ..core.position import position_from_state

        pos = position_from_state(self.state, preset=self.settings.preset, goal=goal or None)
        return pos.model_copy(update={"draw": "", "discard": "", "scores": None})

    @property
    def share_note(self) -> str:
        """Why Share is not offered now ("" when it is). A link lists every hand, so only a
        game from a position (whose link the player had) is shared; a dealt game's hands stay
        hidden (issue 20)."""
        if self.position is None:
            return ("A dealt game's hands stay hidden, so it cannot be shared: share a position "
                    "or a puzzle.")
        if self.state.phase >= Phase.ROUND_OVER:
            return "The round is over: share a position while the round is on."
        return ""

    def can_share(self) -> bool:
        return not self.share_note

    # --- reading --------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.recorder.state

    @property
    def rules(self) -> RuleSet:
        return self.recorder.rules

    @property
    def names(self) -> tuple[str, ...]:
        return self.state.names

    def human_moves(self) -> list[Move]:
        return legal_moves(self.state, self.viewer)

    def events(self) -> list[tuple[int, Event]]:
        """Every event so far with the index of the move that caused it (0: the first deal)."""
        out: list[tuple[int, Event]] = [(0, e) for e in self.recorder.initial_events]
        for i, (_m, evs) in enumerate(self.recorder.history, start=1):
            out.extend((i, e) for e in evs)
        return out

    def deck_message(self) -> str:
        from .view import deck_text

        return deck_text(self.state)

    def log_json(self) -> str:
        """The game as an ``uno-web-log`` document (what Export downloads). The seed is left
        out while the game goes on: it would tell the deals of the rounds still to come
        (validation and replay use the recorded deck orders)."""
        text = self.recorder.to_json()
        if self.position is None and self.state.phase != Phase.GAME_OVER:
            data = json.loads(text)
            data["seed"] = None
            text = json.dumps(data, indent=1, ensure_ascii=False)
        return text

    # --- attempting moves -----------------------------------------------------------------
    def attempt(self, move: Move, shown: str | None = None) -> ValidatorEntry:
        """Check and, when legal, apply ``move``; record the verdict either way."""
        s = self.state
        try:
            t = self.recorder.apply(move)
            verdict = t.verdict
        except IllegalMove as exc:
            verdict = exc.verdict
        if verdict.ok:
            self.version += 1
            if self.reveal is not None and move.seat == self.reveal.by:
                self.reveal = None  # a challenge's reveal lasts until the challenger's next move
            self.choice = None
            self.acting = -1
            self.thinking = None
            self.jump_window = False
        return self._record(s, move, verdict, shown)

    def _record(self, before: GameState, move: Move, verdict: Verdict, shown: str | None) -> ValidatorEntry:
        self.attempts += 1
        seat = move.seat
        hint = ""
        if not verdict.ok and seat in self.humans:
            hint = suggest(before, seat)
        entry = ValidatorEntry(
            seq=self.attempts, seat=seat, who=before.name(seat), move=shown or str(move),
            code=verdict.code.value, ok=verdict.ok, message=_shown(verdict),
            explanation=verdict.explanation, rule=verdict.rule, hint=hint, round=before.round,
        )
        self.entries.append(entry)
        if verdict.ok:
            report = check_deck(self.state)
            if not report.ok:  # pragma: no cover - the engine keeps the deck; a guard for bugs
                self.attempts += 1
                self.entries.append(ValidatorEntry(
                    seq=self.attempts, seat=seat, who=before.name(seat), move=str(move),
                    code=Reason.E_DECK_INVARIANT.value, ok=False,
                    message=_shown(report.verdict), explanation=report.verdict.explanation,
                    rule=report.verdict.rule, round=before.round))
        return entry

    # --- your intents (the controller calls these) ------------------------------------------
    def click_card(self, text: str) -> ValidatorEntry | None:
        """You clicked a card of your hand: play it, or open the colour / target choice.

        Returns the validator entry, or None when a choice was opened.
        """
        try:
            card = parse_card(text)
        except CardError:
            return self._malformed("card_text", text)
        self.choice = None
        options = [m for m in self.human_moves()
                   if m.kind == MoveKind.PLAY and m.card == card and not m.uno]
        if not options:
            # illegal: still ask the validator, so the rejection says why. A wild needs a
            # colour to be checked at all: the first colour stands in (no reason that can
            # refuse a wild here depends on the colour), and the notation shows none.
            if IS_WILD[card]:
                move = Move.play(self.viewer, card, self.state.r.colors[0])
                return self.attempt(move, shown=f"P{self.viewer}:{card_str(card)}")
            return self.attempt(Move.play(self.viewer, card))
        colors = tuple(sorted({m.color for m in options if m.color >= 0}))
        targets = tuple(sorted({m.target for m in options if m.target >= 0}))
        if len(options) == 1:
            return self.attempt(options[0])
        self.choice = Choice(card, colors, targets)
        return None

    def choose_color(self, text: str) -> ValidatorEntry | None:
        """You picked a colour: for the wild being played, or for a starting Wild."""
        try:
            color = parse_color(text)
        except CardError:
            return self._malformed("color_text", text)
        choice = self.choice
        if choice is not None and choice.colors:
            return self.attempt(Move.play(self.viewer, choice.card, color))
        self.choice = None
        return self.attempt(Move.choose_color(self.viewer, color))

    def choose_target(self, seat: int) -> ValidatorEntry:
        """You picked the player your 7 swaps hands with."""
        choice = self.choice
        card = choice.card if choice is not None else -1
        if card < 0:
            return self._malformed("no_seven")
        return self.attempt(Move.play(self.viewer, card, -1, int(seat)))

    def cancel_choice(self) -> ValidatorEntry | None:
        """You closed the colour / target choice without picking: the bare card is checked
        (E_WILD_COLOR_MISSING / E_SWAP_TARGET_MISSING) so the panel says what was missing."""
        choice = self.choice
        self.choice = None
        if choice is None:
            return None
        return self.attempt(Move.play(self.viewer, choice.card))

    def draw(self) -> ValidatorEntry:
        """The draw pile: draw a card, or take a pending penalty."""
        s = self.state
        self.choice = None
        if s.phase == Phase.PENALTY and s.turn == self.viewer:
            # facing a draw card the pile takes it (A), or, where the rules take it by a draw
            # (draw_takes_penalty) or owed cards are being drawn, draws (D)
            kinds = {m.kind for m in legal_moves(s, self.viewer)}
            if MoveKind.ACCEPT in kinds or MoveKind.DRAW not in kinds:
                return self.attempt(Move.accept(self.viewer))
        return self.attempt(Move.draw(self.viewer))

    def keep(self) -> ValidatorEntry:
        self.choice = None
        return self.attempt(Move.pass_(self.viewer))

    def call_uno(self) -> ValidatorEntry:
        return self.attempt(Move.call_uno(self.viewer))

    def catch(self, target: int) -> ValidatorEntry:
        return self.attempt(Move.catch(self.viewer, int(target)))

    def challenge(self) -> ValidatorEntry:
        """Challenge the Wild Draw Four played on you. As in the printed rules, the player you
        challenge shows you their hand: it stays shown (:attr:`reveal`) until your next move."""
        self.choice = None
        before = self.state
        bluffer = before.plus4_by
        entry = self.attempt(Move.challenge(self.viewer))
        if entry.ok and bluffer >= 0:
            self.reveal = Reveal(seat=bluffer, name=before.name(bluffer),
                                 cards=tuple(before.hands[bluffer]), bluff=bool(before.plus4_bluff),
                                 color=before.plus4_prev_color, by=self.viewer)
        return entry

    def accept(self) -> ValidatorEntry:
        self.choice = None
        return self.attempt(Move.accept(self.viewer))

    def next_round(self) -> ValidatorEntry:
        s = self.state
        seat = self.viewer if s.active[self.viewer] else s.active_seats()[0]
        return self.attempt(Move.next_round(seat))

    def _malformed(self, form: str, value: object = None) -> ValidatorEntry:
        """What you asked for cannot be read (a card or colour text, a target with no 7)."""
        facts: tuple[tuple[str, object], ...] = (("form", form),)
        if value is not None:
            facts += (("value", quote_value(value)),)
        verdict = Verdict(Reason.E_MALFORMED, facts)
        return self._record(self.state, Move(MoveKind.PLAY, self.viewer), verdict, shown="?")

    # --- the bots ---------------------------------------------------------------------------
    def _rng(self, seat: int, salt: int = 0) -> random.Random:
        # a SHA-256 hash of the seed and labels (uno_web/ai/seeds.py): no arithmetic on the
        # game seed can land on the shuffle stream, and it is the same on CPython and Pyodide
        from ..ai.seeds import derive_seed

        return random.Random(derive_seed(self.seed, "table", self.version, seat, salt))

    def plan_ai(self) -> AiPlan | None:
        """What a bot does next, or None when the table waits for you.

        First, once per position, every bot not on turn is offered its out-of-turn moves
        (catch, UNO call, jump-in) through ``react``, as :mod:`uno_web.ai.match` does; then the
        bot on turn, if any, takes its turn. A round that is over waits for you.
        """
        s = self.state
        if s.phase >= Phase.ROUND_OVER:
            return None
        if self.hold_reactions and self.version == 0:
            self._offered = self.version  # a position holds still until the first move
        if self._offered != self.version:
            from ..ai.match import next_reaction

            found = next_reaction(s, self.bots, self._rng(0, 1), lambda t: self._rng(t, 2))
            if found is not None:
                seat, move = found
                return AiPlan(seat, "react", self.version, self.levels[seat], move)
            self._offered = self.version
        if s.turn in self.bots and s.active[s.turn]:
            return AiPlan(s.turn, "turn", self.version, self.levels[s.turn])
        return None

    def think(self, plan: AiPlan) -> Thinking:
        """The bot's decision as a generator: yields progress in [0, 1] (Hard, in slices) and
        returns the move (``StopIteration.value``)."""
        if plan.move is not None:
            return plan.move
        s = self.state
        bot = self.bots[plan.seat]
        moves = legal_moves(s, plan.seat)
        gen = bot.think(observe(s, plan.seat), moves, self._rng(plan.seat, 3))
        move: Move = yield from gen
        return move

    def decide(self, plan: AiPlan) -> Move:
        """Run :meth:`think` to the end (CPython, tests)."""
        gen = self.think(plan)
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                move: Move = stop.value
                return move

    def commit_ai(self, plan: AiPlan, move: Move) -> ValidatorEntry | None:
        """Apply a bot's move, unless the table moved on since it was planned or the bots are
        held (:attr:`held`)."""
        if plan.version != self.version or self.held:
            return None
        return self.attempt(move)

    def run_bots(self, limit: int = 10_000) -> int:
        """Let the bots act until the table waits for you (tests, benchmarks). Returns moves."""
        made = 0
        for _ in range(limit):
            plan = self.plan_ai()
            if plan is None:
                break
            self.commit_ai(plan, self.decide(plan))
            made += 1
        return made

    def human_jump_moves(self) -> list[Move]:
        """Your possible jump-ins right now (identical card, jump-in rule)."""
        s = self.state
        if s.turn == self.viewer:
            return []
        return [m for m in self.human_moves() if m.kind == MoveKind.PLAY and not m.uno]

    # --- saving -----------------------------------------------------------------------------
    def to_save(self) -> str:
        """The table as JSON for localStorage: only what cannot be derived, the settings fixed
        at the deal, the seed and the moves made (in notation).  Everything else (hands, piles,
        scores, the validator's entries) is recomputed by :func:`restore`.  The controller
        seals it before it is stored (static/vault.js): the seed would tell every hand."""
        data = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "settings": self.settings.to_dict(),
            "seed": self.seed,
            "moves": [str(m) for m, _events in self.recorder.history],
        }
        return json.dumps(data, separators=(",", ":"))


SAVE_VERSION = 2
MAX_SAVE_CHARS = 4_000_000  # a whole game to 500 is a few thousand moves of ~8 characters
MAX_SAVED_MOVES = 200_000
_SAVE_KEYS = frozenset({"format", "version", "settings", "seed", "moves"})


def restore(text: str) -> Session:
    """A session from :meth:`Session.to_save` output: a new game is dealt from the saved
    settings and seed and every saved move is attempted again through the validator, which
    rebuilds the validator's entries too.  Raises :class:`SaveError` with a short, readable
    reason for anything else: not JSON, another format or version, a field of the wrong type,
    settings that cannot start a game, a move that is not a move or that the game refuses."""
    from ..core.moves import MoveError, parse_move

    if not isinstance(text, str) or len(text) > MAX_SAVE_CHARS:
        raise SaveError(f"the save is larger than {MAX_SAVE_CHARS:,} characters")
    try:
        data = load_json(text)
    except ValueError:
        raise SaveError("not a saved table (not JSON)") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("not a saved table")
    if data.get("version") != SAVE_VERSION:
        raise SaveError(said(Words.of("save.version", notation=excerpt(data.get("version"), 12))))
    if set(data) != _SAVE_KEYS:
        odd = sorted(set(data) ^ _SAVE_KEYS)[0]
        raise SaveError(f"not a saved table (field {excerpt(odd, 30)} "
                        f"{'missing' if odd in _SAVE_KEYS else 'unknown'})")
    try:
        settings = TableSettings.from_dict(data["settings"])
    except SettingsError as exc:
        raise SaveError(f"the saved settings cannot be used: {exc}") from None
    seed = data["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise SaveError(f"seed: must be a whole number from 0 to 2**63 - 1, not {excerpt(seed)}")
    moves = data["moves"]
    if not isinstance(moves, list) or len(moves) > MAX_SAVED_MOVES:
        raise SaveError(f"moves: must be a list of at most {MAX_SAVED_MOVES:,} moves")
    try:
        session = Session(settings, seed)
    except (RulesError, ValueError) as exc:
        raise SaveError(f"the saved settings cannot start a game: {str(exc)[:200]}") from None
    for number, notation in enumerate(moves, start=1):
        if not isinstance(notation, str) or len(notation) > 40:
            raise SaveError(f"move {number}: not a move ({excerpt(notation)})")
        try:
            move = parse_move(notation)
        except MoveError as exc:
            raise SaveError(f"move {number}: not a move ({excerpt(notation)}): "
                            f"{str(exc)[:120]}") from None
        entry = session.attempt(move)
        if not entry.ok:
            raise SaveError(f"move {number} ({notation}) does not replay: {entry.message}")
    return session


# ------------------------------------------------------------------------------------------
# replaying an imported log
# ------------------------------------------------------------------------------------------


def step_text(step: ReplayStep) -> str:
    """A replay step as the table names it: "" for the first deal, ``deal round N`` for a
    later deal, else the action in notation."""
    if step.move is None:
        return ""
    if step.move.kind == MoveKind.NEXT_ROUND:
        return f"deal round {step.round}"
    return str(step.move)


#: the share of a replay's load spent reading the log (the rest replays it), for progress
READ_SHARE = 0.4
#: replayed steps between two progress reports (a step takes tens of microseconds)
REPLAY_STRIDE = 32


@dataclass
class LogReplay:
    """An imported game log, replayed action by action for stepping through.

    Each step is checked by the engine exactly as ``python -m uno_web validate`` does; the
    replay stops at the first illegal action, which becomes :attr:`failure`.
    """

    log: GameLog
    steps: list[ReplayStep]
    failure: ValidatorEntry | None = None
    cursor: int = 0
    names: tuple[str, ...] = field(default_factory=tuple)
    refused: Verdict | None = None  # the failure's verdict: its facts word it in any language
    _numbers: list[int] = field(default_factory=list, repr=False)
    _results: list[tuple[int, Event]] | None = field(default=None, repr=False)

    @classmethod
    def from_json(cls, text: "str | bytes") -> "LogReplay":
        """Raises :class:`LogError` for a file that is not a readable game log. The steps come
        from the validator's own replay (:func:`~uno_web.core.gamelog.replay_steps`)."""
        reading = cls.reading(text)
        while True:
            try:
                next(reading)
            except StopIteration as stop:
                done: LogReplay = stop.value
                return done

    @classmethod
    def reading(cls, text: "str | bytes") -> Generator[float, None, "LogReplay"]:
        """:meth:`from_json` as a generator that yields the fraction done now and then (a
        round read, a few dozen actions replayed) and returns the replay: the page runs it in
        slices and stays responsive while a large log is read (uno_web.web.replay)."""
        from ..core.gamelog import LogError, ReplayFailure, read_log_in_slices, replay_steps

        reader = read_log_in_slices(text)
        while True:
            try:
                part = next(reader)
            except StopIteration as stop:
                log: GameLog = stop.value
                break
            yield part * READ_SHARE
        names = tuple(seat.name for seat in log.seats)
        total = len(log.rounds) + sum(len(rnd.actions) for rnd in log.rounds)
        steps: list[ReplayStep] = []
        numbers: list[int] = []  # actions up to each step (action_number)
        results: list[tuple[int, Event]] = []  # every round's result (events_to_cursor)
        failure: ValidatorEntry | None = None
        refused: Verdict | None = None
        try:
            for st in replay_steps(log):
                numbers.append(numbers[-1] + 1 if st.move is not None and numbers
                               and st.move.kind != MoveKind.NEXT_ROUND else
                               numbers[-1] if numbers else 0)
                results.extend((len(steps), e) for e in st.events if e.kind == "round_won")
                steps.append(st)
                if len(steps) % REPLAY_STRIDE == 0:
                    yield READ_SHARE + (1 - READ_SHARE) * len(steps) / total
        except ReplayFailure as exc:
            if not steps:
                raise LogError(f"round 1 cannot be dealt: {exc.verdict.detail}") from None
            failure = _replay_failure(exc.step, exc.round, steps[-1].state, exc.move, exc.verdict)
            refused = exc.verdict
        return cls(log=log, steps=steps, failure=failure, names=names, _numbers=numbers,
                   _results=results, refused=refused)

    @property
    def current(self) -> ReplayStep:
        return self.steps[self.cursor]

    @property
    def at_end(self) -> bool:
        return self.cursor >= len(self.steps) - 1

    def action_number(self, index: int) -> int:
        """How many actions the log has up to step ``index`` (a deal is not an action), as
        ``validate`` counts them."""
        if len(self._numbers) != len(self.steps):
            count = 0
            self._numbers = []
            for st in self.steps:
                if st.move is not None and st.move.kind != MoveKind.NEXT_ROUND:
                    count += 1
                self._numbers.append(count)
        return self._numbers[index]

    def events_to_cursor(self, tail: int) -> list[tuple[int, Event]]:
        """The events the replay's view needs at the cursor, as ``(step, event)`` in order:
        every round result before the current round, then every event from the current round's
        deal (or from the ``tail``-th last event, when that is earlier) to the cursor. The view
        reads round results, the current round's plays and the last ``tail`` events only, so a
        step near the end of a long log costs no more than one near its start."""
        if self._results is None:  # the steps of a replay never change
            self._results = [(i, e) for i, st in enumerate(self.steps)
                             for e in st.events if e.kind == "round_won"]
        cur = self.cursor
        rnd = self.steps[cur].round
        start, seen, dealt = cur, 0, False
        while start > 0 and not (dealt and seen >= tail):
            st = self.steps[start]
            seen += len(st.events)
            dealt = dealt or st.move is None or (st.move.kind == MoveKind.NEXT_ROUND
                                                 and st.round == rnd)
            if dealt and seen >= tail:
                break
            start -= 1
        from bisect import bisect_left

        before = self._results[:bisect_left(self._results, start, key=lambda r: r[0])]
        return before + [(i, e) for i in range(start, cur + 1) for e in self.steps[i].events]

    def step(self, delta: int) -> None:
        self.cursor = max(0, min(len(self.steps) - 1, self.cursor + delta))

    def go(self, index: int) -> None:
        self.cursor = max(0, min(len(self.steps) - 1, index))

    def entries(self, last: int | None = None) -> list[ValidatorEntry]:
        """Validator entries of every step up to the cursor (and the failure at the end);
        ``last``: only the newest that many (every step after the first deal has one), so that
        a step near the end of a long log costs no more than one near its start."""
        out: list[ValidatorEntry] = []
        first = 1 if last is None else max(1, self.cursor + 1 - last)
        for i, st in enumerate(self.steps[first:self.cursor + 1], start=first):
            v = st.verdict
            text = step_text(st)
            if v is None or not text or text.startswith("deal"):
                if v is not None:
                    out.append(_entry(i, -1, "table", text, v, st.round))
                continue
            seat = _seat_of(text)
            prev = self.steps[i - 1].state
            out.append(_entry(i, seat, prev.name(seat), text, v, st.round))
        if self.failure is not None and self.at_end:
            out.append(self.failure)
        return out


def _seat_of(notation: str) -> int:
    digits = ""
    for ch in notation[1:]:
        if not ch.isdigit():
            break
        digits += ch
    return int(digits) if digits else -1


def _entry(seq: int, seat: int, who: str, move: str, v: Verdict, rnd: int) -> ValidatorEntry:
    return ValidatorEntry(seq=seq, seat=seat, who=who, move=move, code=v.code.value, ok=v.ok,
                          message=_shown(v), explanation=v.explanation, rule=v.rule, round=rnd)


def _replay_failure(seq: int, rnd: int, s: GameState, move: str, v: Verdict) -> ValidatorEntry:
    """The refused step as an entry, in the round the replay names (a refused deal is the
    deal of the next round, while ``s`` is still the last state of the round before)."""
    seat = _seat_of(move)
    return _entry(seq, seat, s.name(seat) if seat >= 0 else "table", move, v, rnd)
