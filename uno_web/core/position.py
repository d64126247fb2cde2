"""Positions: a game state described by what a person sees, for tests, puzzles and embeds.

A :class:`Position` names the rules, the hands, the top card, the current colour, whose turn,
the direction and (optionally) the draw pile; :func:`build_state` turns it into a
:class:`GameState` whose deck invariant holds: every card of the deck not placed in a hand, the
discard pile or the given draw pile goes to the draw pile (in a seeded order), after the given
ones. A position that uses more copies of a card than the deck has is refused with a message.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .cards import CardError, card_str, cards_str, color_code, parse_card, parse_cards, parse_color
from .rules import RuleSet, RulesError, resolve_rules, validation_problem
from .state import GameState, Phase, compile_rules

__all__ = [
    "Position", "PositionError", "build_state", "position_from_state", "position_to_query",
    "position_from_query",
]


class PositionError(ValueError):
    """A position that cannot be built; the message says why."""


_PHASES = {"play": Phase.PLAY, "choose-color": Phase.CHOOSE_COLOR, "penalty": Phase.PENALTY}


class Position(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    preset: str = Field("official", description="Rule preset name.")
    overrides: dict[str, Any] = Field(default_factory=dict, description="RuleSet overrides.")
    hands: list[str] = Field(min_length=2, max_length=10,
                             description="Each seat's hand in card notation, e.g. 'R7 G5 W'.")
    names: list[str] | None = Field(None, description="Seat names (default: You, Bot 1, ...).")
    discard: str = Field("", description="Discard pile below the top card, bottom first.")
    top: str | None = Field(None, description="Top card of the discard pile (none: lead any).")
    color: str | None = Field(None, description="Current colour if it differs from the top card.")
    turn: int = Field(0, ge=0, le=9)
    direction: Literal[1, -1] = 1
    draw: str = Field("", description="Top of the draw pile, first card drawn first.")
    pending: int = Field(0, ge=0, le=60, description="Pending draw penalty (penalty phase).")
    phase: Literal["play", "choose-color", "penalty"] = "play"
    plus4_by: int | None = Field(None, description="Seat whose Wild Draw Four may be challenged.")
    plus4_bluff: bool = Field(False, description="Whether that Wild Draw Four was a bluff.")
    uncalled: list[int] = Field(default_factory=list,
                                description="Seats with one card that forgot to call UNO.")
    scores: list[int] | None = None
    seed: int = 0
    goal: str | None = Field(None, description="What the reader should try (tutorials, puzzles).")

    @field_validator("hands")
    @classmethod
    def _hands(cls, v: list[str]) -> list[str]:
        out = []
        for i, h in enumerate(v):
            try:
                out.append(cards_str(parse_cards(h)) if h.strip() else "")
            except CardError as exc:
                raise ValueError(f"hand {i}: {exc}") from None
        return out

    def rules(self) -> RuleSet:
        try:
            return resolve_rules(self.preset, self.overrides)
        except RulesError as exc:
            raise PositionError(str(exc)) from None


def _cards(text: str, what: str) -> list[int]:
    try:
        return parse_cards(text) if text.strip() else []
    except CardError as exc:
        raise PositionError(f"{what}: {exc}") from None


def build_state(pos: "Position | dict[str, Any]") -> GameState:
    """The GameState of a position. Raises :class:`PositionError` with a clear message."""
    if not isinstance(pos, Position):
        try:
            pos = Position.model_validate(pos)
        except ValidationError as exc:
            raise PositionError(validation_problem(exc, "position")) from None
    rules = pos.rules()
    r = compile_rules(rules)
    n = len(pos.hands)
    hands = [_cards(h, f"hand {i}") for i, h in enumerate(pos.hands)]
    discard = _cards(pos.discard, "discard")
    if pos.top:
        discard.append(_cards(pos.top, "top")[0])
    elif r.first_card != "lead-any" and not discard:
        raise PositionError("a position needs a top card (or rules with first_card = lead-any)")
    given_draw = _cards(pos.draw, "draw")
    used = Counter(c for h in hands for c in h) + Counter(discard) + Counter(given_draw)
    deck = Counter(r.deck)
    over = used - deck
    if over:
        raise PositionError(
            "more copies than the deck has, or cards of another deck: "
            + " ".join(card_str(c) for c in sorted(over.elements()))
        )
    rest = list((deck - used).elements())
    random.Random(pos.seed).shuffle(rest)
    if not 0 <= pos.turn < n:
        raise PositionError(f"turn {pos.turn} is not a seat of this {n}-player position")
    color = -1
    if pos.color:
        try:
            color = parse_color(pos.color)
        except CardError as exc:
            raise PositionError(f"color: {exc}") from None
        if color not in r.colors:
            raise PositionError(f"color {pos.color!r} is not a colour of this deck")
    elif discard:
        top = discard[-1]
        from .cards import COLOR_OF, IS_WILD

        if IS_WILD[top] and pos.phase != "choose-color":
            raise PositionError("a wild top card needs the current colour (color)")
        color = -1 if IS_WILD[top] else COLOR_OF[top]
    s = GameState.__new__(GameState)
    s.r = r
    s.n = n
    s.names = tuple(pos.names or (["You"] + [f"Bot {i}" for i in range(1, n)]))
    if len(s.names) != n:
        raise PositionError(f"{len(s.names)} names for {n} hands")
    s.seed = pos.seed
    s.hands = hands
    # internal draw pile: top at the end
    s.draw = (given_draw + rest)[::-1]
    s.discard = discard
    s.color = color
    s.direction = pos.direction
    s.turn = pos.turn
    s.phase = _PHASES[pos.phase]
    s.pending = pos.pending
    s.drawn = []
    s.plus4_by = -1 if pos.plus4_by is None else pos.plus4_by
    s.plus4_bluff = pos.plus4_bluff
    s.plus4_prev_color = -1
    s.called = [False] * n
    s.vuln = [1 if (i in pos.uncalled and len(hands[i]) == 1) else 0 for i in range(n)]
    s.jump_window = False
    s.active = [True] * n
    s.n_active = n
    s.scores = list(pos.scores) if pos.scores else [0] * n
    s.round = 1
    s.dealer = (pos.turn - pos.direction) % n
    s.shuffle_count = 0
    s.stuck = 0
    s.winner = -1
    s.round_winner = -1
    s.last_player = -1
    s.round_points = [0] * n
    if s.phase == Phase.PENALTY and s.pending <= 0:
        raise PositionError("a penalty phase needs a pending penalty")
    return s


def position_from_state(s: GameState, preset: str = "official", goal: str | None = None) -> Position:
    """Describe a state as a position (the inverse of :func:`build_state` for what it keeps)."""
    phase: Literal["play", "choose-color", "penalty"] = (
        "choose-color" if s.phase == Phase.CHOOSE_COLOR else "penalty" if s.phase == Phase.PENALTY else "play"
    )
    base = resolve_rules(preset)
    overrides = {k: v for k, v in s.rules.model_dump().items() if getattr(base, k) != v}
    return Position(
        preset=preset,
        overrides=overrides,
        hands=[cards_str(h) for h in s.hands],
        names=list(s.names),
        discard=cards_str(s.discard[:-1]),
        top=card_str(s.discard[-1]) if s.discard else None,
        color=color_code(s.color) if s.color >= 0 else None,
        turn=s.turn,
        direction=1 if s.direction == 1 else -1,
        draw=cards_str(s.draw[::-1]),
        pending=s.pending,
        phase=phase,
        plus4_by=s.plus4_by if s.plus4_by >= 0 else None,
        plus4_bluff=s.plus4_bluff,
        uncalled=[i for i in range(s.n) if s.vuln[i]],
        scores=list(s.scores),
        seed=s.seed,
        goal=goal,
    )


# ------------------------------------------------------------------------------------------
# URLs: a position as readable query parameters (for share links and embeds)
# ------------------------------------------------------------------------------------------

_QUERY_FIELDS = (
    "preset", "hands", "names", "top", "color", "turn", "direction", "discard", "draw",
    "pending", "phase", "plus4_by", "plus4_bluff", "uncalled", "scores", "seed", "goal",
)


def position_to_query(pos: Position) -> str:
    """``preset=official&hands=R7 G5,B1 B2&top=R9&turn=0…`` (URL-encoded); defaults are left out.

    Hands are separated by commas, cards by spaces; overrides become ``rule.NAME=value``.
    """
    from urllib.parse import urlencode

    default = Position(hands=["", ""])
    items: list[tuple[str, str]] = []
    for name in _QUERY_FIELDS:
        v = getattr(pos, name)
        if name != "hands" and v == getattr(default, name):
            continue
        if name in ("hands", "names"):
            items.append((name, ",".join(v)))
        elif name in ("uncalled", "scores"):
            items.append((name, ",".join(str(x) for x in v)))
        elif isinstance(v, bool):
            items.append((name, "1" if v else "0"))
        else:
            items.append((name, str(v)))
    for k, v in sorted(pos.overrides.items()):
        items.append((f"rule.{k}", str(v).lower() if isinstance(v, bool) else str(v)))
    return urlencode(items)


def position_from_query(query: str) -> Position:
    """Read :func:`position_to_query`'s output (a leading ``?`` is fine). Raises PositionError."""
    from urllib.parse import parse_qsl

    from .rules import RuleSet

    data: dict[str, Any] = {}
    overrides: dict[str, Any] = {}
    fields = RuleSet.model_fields
    for key, value in parse_qsl(query.lstrip("?"), keep_blank_values=True):
        if key.startswith("rule."):
            name = key[5:]
            if name not in fields:
                raise PositionError(f"unknown rule {name!r} in the link")
            ann = fields[name].annotation
            if ann is bool:
                if value.lower() not in ("true", "false", "1", "0"):
                    raise PositionError(f"rule {name} must be true or false, not {value!r}")
                overrides[name] = value.lower() in ("true", "1")
            elif ann is int:
                try:
                    overrides[name] = int(value)
                except ValueError:
                    raise PositionError(f"rule {name} must be a whole number, not {value!r}") from None
            else:
                overrides[name] = value
        elif key in ("hands", "names"):
            data[key] = [h.strip() for h in value.split(",")]
        elif key in ("uncalled", "scores"):
            try:
                data[key] = [int(x) for x in value.split(",") if x.strip()]
            except ValueError:
                raise PositionError(f"{key} must be whole numbers separated by commas") from None
        elif key == "plus4_bluff":
            data[key] = value.lower() in ("1", "true")
        elif key in ("turn", "direction", "pending", "plus4_by", "seed"):
            try:
                data[key] = int(value)
            except ValueError:
                raise PositionError(f"{key} must be a whole number, not {value!r}") from None
        elif key in _QUERY_FIELDS:
            data[key] = value if value != "" else None
        # other parameters (embed options, speed, seed of the page…) are not the position's
    if "hands" not in data:
        raise PositionError("the link has no hands: write hands=R7 G5,B1 B2")
    data["overrides"] = overrides
    try:
        return Position.model_validate(data)
    except ValidationError as exc:
        raise PositionError(validation_problem(exc, "position")) from None
