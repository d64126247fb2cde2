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
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from .cards import COLOR_OF, IS_WILD, CardError, card_str, cards_str, color_code, parse_color
from .fields import Declared, FieldProblem, Ge, Le, MaxLen, declare, declared, excerpt, read_cards
from .rules import MAX_RULE_OVERRIDES, RuleSet, RulesError, resolve_rules
from .state import GameState, Phase, compile_rules
from .words import Words, english

__all__ = [
    "Position", "PositionError", "build_state", "position_from_state", "position_to_query",
    "position_from_query", "MAX_SCORE", "MAX_CARDS_TEXT", "MAX_QUERY_CHARS",
]


class PositionError(ValueError):
    """A position that cannot be built; the message names the field and says why, quoting at
    most a short excerpt of the value. :func:`build_state` and :func:`position_from_query`
    raise nothing else for bad input. ``words``: the same message as a phrase's key and facts
    (:class:`~uno_web.core.words.Words`) for a page in another language, where it has them
    (None: only the English message)."""

    def __init__(self, message: str, words: Words | None = None) -> None:
        super().__init__(message)
        self.words = words

    @classmethod
    def of(cls, words: Words) -> "PositionError":
        return cls(english(words), words)

    @classmethod
    def in_field(cls, field: str, exc: Exception) -> "PositionError":
        """``exc`` (a card or field problem) as the problem of ``field``."""
        why = getattr(exc, "words", None)
        if why is None:
            return cls(f"{field}: {exc}")
        return cls.of(Words.of("problem.in", field=field, why=why))


_PHASES = {"play": Phase.PLAY, "choose-color": Phase.CHOOSE_COLOR, "penalty": Phase.PENALTY,
           "drawn": Phase.DRAWN}
_PHASE_NAMES = {v: k for k, v in _PHASES.items()}

MAX_SCORE = 10_000_000
"""The highest score a position may give a seat (a target is at most 1,000,000 points)."""
MAX_CARDS_TEXT = 4_000
"""The longest text of cards (a hand, the discard or the draw pile) a position reads."""
MAX_QUERY_CHARS = 32_768
"""The longest link query :func:`position_from_query` reads."""
MAX_NAME_CHARS = 40

_Seat = Annotated[int, Ge(0), Le(9)]


def _hands(v: list[str]) -> list[str]:
    out = []
    for i, h in enumerate(v):
        try:
            out.append(cards_str(read_cards(h)) if h.strip() else "")
        except CardError as exc:
            if exc.words is None:
                raise ValueError(f"hand {i}: {exc}") from None
            raise PositionError.of(Words.of("position.hand", n=i, why=exc.words)) from None
    return out


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class Position(Declared):
    """A game state as a person describes it. Making one checks each field on its own
    (a :class:`~uno_web.core.fields.FieldProblem`, a ``ValueError``); :func:`build_state`
    checks that the fields fit together and raises :class:`PositionError`."""

    preset: str = declared("official", description="Rule preset name.", max_length=40)
    overrides: dict[str, Any] = declared(default_factory=dict, description="RuleSet overrides.",
                                         max_length=MAX_RULE_OVERRIDES)
    hands: list[Annotated[str, MaxLen(MAX_CARDS_TEXT)]] = declared(
        min_length=2, max_length=10, check=_hands,
        description="Each seat's hand in card notation, e.g. 'R7 G5 W'.")
    names: list[Annotated[str, MaxLen(MAX_NAME_CHARS)]] | None = declared(
        None, max_length=10, description="Seat names (default: You, Bot 1, ...).")
    discard: str = declared("", max_length=MAX_CARDS_TEXT,
                            description="Discard pile below the top card, bottom first.")
    top: str | None = declared(None, max_length=MAX_CARDS_TEXT,
                               description="Top card of the discard pile (none: lead any).")
    color: str | None = declared(None, max_length=MAX_NAME_CHARS,
                                 description="Current colour if it differs from the top card.")
    turn: int = declared(0, ge=0, le=9)
    direction: Literal[1, -1] = 1
    draw: str = declared("", max_length=MAX_CARDS_TEXT,
                         description="Top of the draw pile, first card drawn first.")
    pending: int = declared(0, ge=0, le=60, description="Pending draw penalty (penalty phase).")
    phase: Literal["play", "choose-color", "penalty", "drawn"] = declared(
        "play", description="play; choose-color (the turn player names the colour of a wild); "
        "penalty (a draw penalty waits); drawn (the turn player just drew `drawn`: play one of "
        "them or pass).")
    drawn: str = declared("", max_length=MAX_CARDS_TEXT,
                          description="Phase drawn: the cards just drawn (they are in the turn "
                          "player's hand too). Phase play, under `misplay_may_pass`: the misplay "
                          "penalty cards the turn player has just drawn (the turn may end).")
    owed: int = declared(0, ge=0, le=60, description="Rule penalty_draw = one-by-one: the "
                         "penalty cards the turn player still has to draw, one per move.")
    owed_then: int | None = declared(None, ge=0, le=9, description="With `owed`: the seat "
                                     "whose turn it is once they are drawn (a penalty of a "
                                     "player not on turn, or one that keeps the turn); none: "
                                     "the turn passes on from the player who draws them.")
    owed_later: str = declared("", max_length=200, description="Rule penalty_draw = "
                               "one-by-one: penalties held until the cards owed now are drawn "
                               "(and no colour is to be chosen, no Wild Draw Four may be "
                               "challenged), in order, as `seat:cards` separated by spaces.")
    plus4_by: int | None = declared(None, ge=0, le=9,
                                    description="Seat whose Wild Draw Four may be challenged.")
    plus4_bluff: bool = declared(False, description="Whether that Wild Draw Four was a bluff.")
    plus4_color: str | None = declared(None, max_length=MAX_NAME_CHARS,
                                       description="The colour in force before the last "
                                       "Wild Draw Four (what a challenge judges its player's "
                                       "hand by).")
    uncalled: list[_Seat] = declared(default_factory=list, max_length=10,
                                     description="Seats with one card that forgot to call UNO.")
    uncalled_fresh: list[_Seat] = declared(
        default_factory=list, max_length=10,
        description="Seats of `uncalled` whose turn has not ended since their play (rule "
        "uno_catch_window = next-turn-end: they stay catchable to the end of the next turn).")
    called: list[_Seat] = declared(default_factory=list, max_length=10,
                                   description="Seats whose UNO call stands (called with two "
                                   "cards, or with the play that left one).")
    scores: list[Annotated[int, Ge(0), Le(MAX_SCORE)]] | None = declared(
        None, max_length=10, description="Each seat's score so far, one per hand.")
    seed: int = declared(0, ge=-(2**63), le=2**63 - 1,
                         description="Orders the cards the position leaves out.")
    exact_deck: bool = declared(
        False, description="The deck is exactly the cards the position names: the draw pile is "
        "`draw` and nothing more (a short pile, to show a reshuffle); the deck invariant holds "
        "for these cards.")
    jump_window: bool = declared(
        False, description="The last play may still be jumped on (rules with jump_in and a "
        "coloured top card).")
    dealer: int | None = declared(None, ge=0, le=9,
                                  description="The seat that dealt (default: the seat before "
                                  "the first player, so that the next round moves on from it).")
    deal: str | None = declared(
        None, max_length=MAX_CARDS_TEXT,
        description="An undealt round: the whole deck in dealing order, top card first. The "
        "hands, discard, top and draw stay empty; the round is dealt from `dealer` as the rules "
        "deal (the first card is turned up and does what it does).")
    round: int = declared(1, ge=1, le=1_000, description="The round number.")
    same_number: int | None = declared(
        None, ge=0, le=10, description="Rule play_same_number: the turn player is adding more "
        "cards of this number (or passes to end the turn).")
    last_player: int | None = declared(
        None, ge=-1, le=9, description="The seat that played the top card (default: the seat "
        "before `turn` when `jump_window` is open, else nobody); -1: nobody (the first card "
        "turned up, open to a jump-in under `jump_in_window = while-on-top`).")
    out: list[_Seat] = declared(default_factory=list, max_length=10,
                                description="Seats out of the game (elimination scoring); "
                                "their hands are empty.")
    stuck: int = declared(0, ge=0, le=10,
                          description="Turns passed in a row with nothing to draw (the round "
                          "ends blocked when every seat still in has passed so).")
    shuffles: int = declared(0, ge=0, le=1_000_000,
                             description="Reshuffles so far (with `seed`, orders the next one).")
    goal: str | None = declared(None, max_length=1_000,
                                description="What the reader should try (tutorials, puzzles).")

    def rules(self) -> RuleSet:
        try:
            return resolve_rules(self.preset, self.overrides)
        except RulesError as exc:
            raise PositionError(str(exc)) from None


def _cards(text: str, what: str) -> list[int]:
    try:
        return read_cards(text) if text.strip() else []
    except CardError as exc:
        raise PositionError.in_field(what, exc) from None


def _seat_problem(what: str, seat: int, n: int) -> PositionError:
    return PositionError(f"{what}: {seat} is not a seat of this {n}-player position "
                         f"(seats are 0 to {n - 1})")


def build_state(pos: "Position | dict[str, Any]") -> GameState:
    """The GameState of a position. Raises :class:`PositionError` (only) with a clear message
    that names the field."""
    pos = _validated(pos)
    rules = pos.rules()
    r = compile_rules(rules)
    n = len(pos.hands)
    if pos.dealer is not None and pos.dealer >= n:
        raise _seat_problem("dealer", pos.dealer, n)
    if pos.deal is not None:
        return _undealt(pos, rules, n)
    hands = [_cards(h, f"hand {i}") for i, h in enumerate(pos.hands)]
    discard = _discard(pos, r.first_card)
    draw = _draw_pile(pos, r.cards, hands, discard)
    _check_seats(pos, n)
    phase = _PHASES[pos.phase]
    active = _active(pos, rules, hands)
    _check_turn_state(pos, rules, phase, active)
    s = GameState(
        r, n,
        names=_names(pos, n),
        seed=pos.seed,
        hands=hands,
        draw=draw,
        discard=discard,
        color=_current_color(pos, r.colors, discard),
        direction=pos.direction,
        turn=pos.turn,
        phase=phase,
        pending=pos.pending,
        owed=pos.owed,
        drawn=_drawn(pos, hands, r.misplay_may_pass),
        plus4_by=-1 if pos.plus4_by is None else pos.plus4_by,
        plus4_bluff=pos.plus4_bluff,
        plus4_prev_color=(_color(pos.plus4_color, "plus4_color", r.colors) if pos.plus4_color
                          else -1),
        called=[i in pos.called for i in range(n)],
        vuln=_vuln(pos, rules, hands),
        active=active,
        scores=list(pos.scores) if pos.scores else [0] * n,
        round=pos.round,
        dealer=(pos.turn - pos.direction) % n if pos.dealer is None else pos.dealer,
        jump_window=pos.jump_window,
        last_player=_last_player(pos, n),
        chain_rank=-1 if pos.same_number is None else pos.same_number,
        stuck=pos.stuck,
        shuffle_count=pos.shuffles,
        owed_then=-1 if pos.owed_then is None else pos.owed_then,
        owed_later=_owed_later(pos.owed_later),
    )
    if pos.exact_deck:
        s.deck = tuple(sorted(s.all_cards()))
    _check_windows(pos, s)
    return s


def _validated(pos: "Position | dict[str, Any]") -> Position:
    """``pos`` as a Position: each field checked on its own."""
    if isinstance(pos, Position):
        return pos
    try:
        return Position.model_validate(pos)
    except FieldProblem as exc:
        raise _field_problem(exc, "position") from None


def _field_problem(exc: FieldProblem, outer: str = "") -> PositionError:
    """A field's problem as the position's (its facts kept); ``outer`` names a problem of the
    whole position (no field)."""
    if not exc.loc and outer:
        return PositionError.in_field(outer, FieldProblem((), exc.msg, exc.facts))
    facts = exc.facts
    if exc.loc == ("hands",) and facts is not None and facts.key.startswith(
            ("field.min_items", "field.max_items")):  # the table's size, in words
        given = facts.facts["big" if facts.key.startswith("field.min_items") else "big2"]
        spec = Position.model_fields["hands"]  # (the limits as declared)
        return PositionError.of(Words.of("position.hand_count", n=spec.min_length,
                                         m=spec.max_length, big=given))
    if exc.words is None:
        return PositionError(str(exc))
    return PositionError.of(exc.words)


def _discard(pos: Position, first_card: str) -> list[int]:
    """The discard pile, bottom first, the top card last."""
    discard = _cards(pos.discard, "discard")
    if pos.top is not None and pos.top != "":  # "" is no top card, as None
        top_cards = _cards(pos.top, "top")
        if len(top_cards) != 1:
            raise PositionError.of(Words.of("problem.in", field="top", why=Words.of(
                "position.one_top", notation=excerpt(pos.top))))
        discard.append(top_cards[0])
    elif first_card != "lead-any" and not discard:
        raise PositionError("a position needs a top card (or rules with first_card = lead-any)")
    return discard


def _draw_pile(pos: Position, cards: "tuple[int, ...]", hands: list[list[int]],
               discard: list[int]) -> list[int]:
    """The draw pile (top at the end): the given cards first, then (unless ``exact_deck``)
    every card of the deck the position leaves out, in the order of its seed."""
    given_draw = _cards(pos.draw, "draw")
    used = Counter(c for h in hands for c in h) + Counter(discard) + Counter(given_draw)
    deck = Counter(cards)
    over = used - deck
    if over:
        raise PositionError.of(Words.of(
            "position.copies", notation=" ".join(card_str(c) for c in sorted(over.elements()))))
    rest = [] if pos.exact_deck else list((deck - used).elements())
    random.Random(pos.seed).shuffle(rest)
    return (given_draw + rest)[::-1]  # internal draw pile: top at the end


def _check_seats(pos: Position, n: int) -> None:
    """Every seat the position names is a seat of its ``n``; the lists fit the seats."""
    if not 0 <= pos.turn < n:
        raise PositionError(f"turn {pos.turn} is not a seat of this {n}-player position")
    for what, seat in (("plus4_by", pos.plus4_by), ("last_player", pos.last_player),
                       *(("called", seat) for seat in pos.called)):
        if seat is not None and seat >= n:
            raise _seat_problem(what, seat, n)
    if pos.scores is not None and len(pos.scores) != n:
        raise PositionError(f"scores: {len(pos.scores)} scores for {n} hands (one per seat)")
    both = set(pos.called) & set(pos.uncalled)
    if both:
        raise PositionError("called: a seat whose UNO call stands is not also uncalled: "
                            + " ".join(map(str, sorted(both))))


def _names(pos: Position, n: int) -> tuple[str, ...]:
    names = tuple(pos.names or (["You"] + [f"Bot {i}" for i in range(1, n)]))
    if len(names) != n:
        raise PositionError(f"names: {len(names)} names for {n} hands")
    return names


def _current_color(pos: Position, colors: "tuple[int, ...]", discard: list[int]) -> int:
    """The colour in force: ``color``, else the top card's (a wild top card needs ``color``,
    but while its player names one); -1 with no top card."""
    if pos.color:
        return _color(pos.color, "color", colors)
    if not discard:
        return -1
    top = discard[-1]
    if IS_WILD[top] and pos.phase != "choose-color":
        raise PositionError("a wild top card needs the current colour (color)")
    return -1 if IS_WILD[top] else COLOR_OF[top]


def _check_turn_state(pos: Position, rules: RuleSet, phase: Phase, active: list[bool]) -> None:
    """A same-number turn and the count of blocked passes fit the rules and the seats."""
    if pos.same_number is not None:
        if not rules.play_same_number:
            raise PositionError("same_number: these rules do not play several cards of one "
                                "number (rule play_same_number)")
        if phase != Phase.PLAY:
            raise PositionError("same_number: a turn of one number is in the play phase")
    if pos.stuck > sum(active):
        raise PositionError(f"stuck: {pos.stuck} passes in a row, but only {sum(active)} seats "
                            "are in (the round ends blocked at that many)")


def _last_player(pos: Position, n: int) -> int:
    """``last_player``, or by default the seat before ``turn`` when the jump-in window is
    open, else nobody (-1)."""
    if pos.last_player is not None:
        return pos.last_player
    return (pos.turn - pos.direction) % n if pos.jump_window else -1


def _check_windows(pos: Position, s: GameState) -> None:
    """A penalty phase has a penalty; a jump-in window has the rule and a card to match."""
    if s.phase == Phase.PENALTY and s.pending <= 0:
        raise PositionError("a penalty phase needs a pending penalty")
    if (s.owed or s.owed_later) and not s.r.one_by_one:
        raise PositionError("owed: these rules draw penalty cards at once (rule "
                            "penalty_draw)")
    if s.owed:
        if s.phase == Phase.CHOOSE_COLOR or (s.phase == Phase.PENALTY and s.plus4_by >= 0):
            raise PositionError("owed: penalty cards are not drawn while a colour is to be "
                                "chosen or a Wild Draw Four may be challenged")
    elif s.owed_then >= 0:
        raise PositionError("owed_then: no penalty cards are owed")
    elif s.owed_later and s.phase != Phase.CHOOSE_COLOR and not (
            s.phase == Phase.PENALTY and s.plus4_by >= 0):
        raise PositionError("owed_later: nothing holds these penalties (no cards owed, no "
                            "colour to choose, no Wild Draw Four to challenge)")
    for seat in [s.owed_then] + [seat for seat, _ in s.owed_later]:
        if seat >= s.n or (seat >= 0 and not s.active[seat]):
            raise PositionError(f"owed: seat {seat} is not a player in the round")
    if pos.jump_window:
        # the engine opens the window after every play under jump_in, a wild's too (a jump-in
        # on a wild is then refused as not identical, not as out of time), so any top card
        if not s.r.jump_in:
            raise PositionError("jump_window: these rules have no jump-in (rule jump_in)")
        if not s.discard:
            raise PositionError("jump_window: a jump-in needs a top card to match")


def _color(text: str, what: str, colors: "tuple[int, ...] | list[int]") -> int:
    try:
        color = parse_color(text)
    except CardError as exc:
        raise PositionError.in_field(what, exc) from None
    if color not in colors:
        raise PositionError(f"{what} {excerpt(text)} is not a colour of this deck")
    return color


def _owed_later(text: str) -> tuple[tuple[int, int], ...]:
    """``owed_later`` as (seat, cards) pairs: ``seat:cards`` separated by spaces."""
    out = []
    for part in text.split():
        seat, sep, count = part.partition(":")
        if not (sep and seat.isdigit() and count.isdigit() and 1 <= int(count) <= 60):
            raise PositionError(f"owed_later: expected seat:cards (cards 1-60), not "
                                f"{excerpt(part)}")
        out.append((int(seat), int(count)))
    return tuple(out)


def _drawn(pos: Position, hands: list[list[int]], may_pass: bool) -> list[int]:
    """The cards of a ``drawn`` phase: given exactly then, and in the turn player's hand (in
    the play phase under ``misplay_may_pass``: the penalty cards just drawn, if any)."""
    drawn = _cards(pos.drawn, "drawn")
    if pos.phase != "drawn":
        if drawn and not (may_pass and pos.phase == "play"):
            raise PositionError("drawn: cards just drawn go with phase=drawn (or phase=play "
                                "under misplay_may_pass)")
        if not drawn:
            return []
    elif not drawn:
        raise PositionError("drawn: phase drawn needs the cards just drawn (drawn)")
    # (while another player draws penalty cards, the player whose turn it is again after them)
    seat = pos.owed_then if pos.owed and pos.owed_then is not None else pos.turn
    missing = Counter(drawn) - Counter(hands[seat]) if seat < len(hands) else Counter()
    if missing:
        raise PositionError("drawn: the cards just drawn are in the hand of the seat on turn; "
                            "not there: " + " ".join(card_str(c) for c in sorted(missing.elements())))
    return drawn


def _active(pos: Position, rules: RuleSet, hands: list[list[int]]) -> list[bool]:
    """Who is still in: every seat but ``out`` (elimination scoring only)."""
    n = len(hands)
    out = set(pos.out)
    if not out:
        return [True] * n
    if rules.scoring != "elimination":
        raise PositionError("out: seats leave the game only under elimination scoring "
                            "(rule scoring)")
    for seat in sorted(out):
        if seat >= n:
            raise _seat_problem("out", seat, n)
        if hands[seat]:
            raise PositionError(f"out: seat {seat} is out of the game, so its hand is empty")
    if n - len(out) < 2:
        raise PositionError("out: at least two seats stay in the game")
    for what, who in (("turn", pos.turn), ("plus4_by", pos.plus4_by)):
        if who in out:
            raise PositionError(f"{what}: seat {who} is out of the game")
    return [i not in out for i in range(n)]


def _vuln(pos: Position, rules: RuleSet, hands: list[list[int]]) -> list[int]:
    """The catch window of each seat: 0 closed; else the turn ends it stays open for (1, or 2
    for a seat of ``uncalled_fresh`` under ``uno_catch_window = next-turn-end``). A seat of
    ``uncalled`` whose hand is not one card cannot be caught, so its window is closed."""
    n = len(hands)
    for seat in (*pos.uncalled, *pos.uncalled_fresh):
        if seat >= n:
            raise _seat_problem("uncalled", seat, n)
    fresh = set(pos.uncalled_fresh)
    if fresh:
        if rules.uno_catch_window != "next-turn-end":
            raise PositionError("uncalled_fresh: only with uno_catch_window = next-turn-end")
        if not fresh <= set(pos.uncalled):
            raise PositionError("uncalled_fresh: each of these seats is in uncalled too")
    return [0 if i not in pos.uncalled or len(hands[i]) != 1 else 2 if i in fresh else 1
            for i in range(n)]


def _undealt(pos: Position, rules: RuleSet, n: int) -> GameState:
    """A round dealt from a given deck order and dealer (``Position.deal``)."""
    from .engine import new_game

    for what in ("discard", "top", "draw", "color"):
        if getattr(pos, what):
            raise PositionError(f"{what}: an undealt round (deal) has no {what} yet")
    if any(h.strip() for h in pos.hands):
        raise PositionError("hands: an undealt round (deal) has empty hands; write one empty "
                            "hand per seat (hands=,,)")
    if pos.phase != "play" or pos.pending or pos.owed or pos.plus4_by is not None or pos.uncalled \
            or pos.jump_window or pos.exact_deck or pos.called or pos.out or pos.stuck \
            or pos.shuffles or pos.same_number is not None or pos.last_player is not None \
            or pos.plus4_color or pos.drawn or pos.uncalled_fresh:
        raise PositionError("an undealt round (deal) has only the rules, the seats, the scores, "
                            "the dealer and the deck order")
    order = _cards(pos.deal or "", "deal")
    names = _names(pos, n)
    if pos.scores is not None and len(pos.scores) != n:
        raise PositionError(f"scores: {len(pos.scores)} scores for {n} hands (one per seat)")
    dealer = n - 1 if pos.dealer is None else pos.dealer
    try:
        s = new_game(rules, list(names), pos.seed, deck_order=order, dealer=dealer)
    except ValueError as exc:
        raise PositionError(f"deal: {exc}") from None
    if pos.scores:
        s.scores = list(pos.scores)
    s.round = pos.round
    return s


def position_from_state(s: GameState, preset: str = "official", goal: str | None = None) -> Position:
    """Describe a state of a round in play as a position: :func:`build_state` gives back a
    state equal to ``s`` in every field the rules and the bots read (the round's end fields
    aside, which a round in play has at their defaults). A round that is over has no position
    (:class:`PositionError`)."""
    if s.phase not in _PHASE_NAMES:
        raise PositionError("the round is over: a position is a round in play")
    base = resolve_rules(preset)
    overrides = {k: v for k, v in s.rules.model_dump().items() if getattr(base, k) != v}
    n = s.n
    default_last = (s.turn - s.direction) % n if s.jump_window else -1
    catchable = [i for i in range(n) if s.vuln[i] and len(s.hands[i]) == 1]
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
        owed=s.owed,
        owed_then=s.owed_then if s.owed_then >= 0 else None,
        owed_later=" ".join(f"{seat}:{count}" for seat, count in s.owed_later),
        phase=_PHASE_NAMES[Phase(s.phase)],  # type: ignore[arg-type]
        drawn=cards_str(s.drawn) if s.phase in (Phase.DRAWN, Phase.PLAY) else "",
        plus4_by=s.plus4_by if s.plus4_by >= 0 else None,
        plus4_bluff=s.plus4_bluff,
        plus4_color=color_code(s.plus4_prev_color) if s.plus4_prev_color >= 0 else None,
        uncalled=catchable,
        uncalled_fresh=[i for i in catchable if s.vuln[i] >= 2],
        called=[i for i in range(n) if s.called[i]],
        scores=list(s.scores),
        seed=s.seed,
        goal=goal,
        exact_deck=Counter(s.deck) != Counter(s.r.cards),
        jump_window=s.jump_window,
        dealer=s.dealer if s.dealer != (s.turn - s.direction) % n else None,
        round=max(1, s.round),
        same_number=s.chain_rank if s.chain_rank >= 0 else None,
        last_player=s.last_player if s.last_player != default_last else None,
        out=[i for i in range(n) if not s.active[i]],
        stuck=s.stuck,
        shuffles=s.shuffle_count,
    )


# ------------------------------------------------------------------------------------------
# URLs: a position as readable query parameters (for share links and embeds)
# ------------------------------------------------------------------------------------------

_QUERY_FIELDS = (
    "preset", "hands", "names", "top", "color", "turn", "direction", "discard", "draw",
    "pending", "phase", "plus4_by", "plus4_bluff", "uncalled", "scores", "seed", "goal",
    "exact_deck", "jump_window", "dealer", "deal", "round",
    "drawn", "plus4_color", "uncalled_fresh", "called", "same_number", "last_player", "out",
    "stuck", "shuffles", "owed", "owed_then", "owed_later",
)
_SEAT_LISTS = ("uncalled", "uncalled_fresh", "called", "out")
_NUMBERS = ("turn", "direction", "pending", "plus4_by", "seed", "dealer", "round", "same_number",
            "last_player", "stuck", "shuffles", "owed", "owed_then")


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
        elif name in _SEAT_LISTS or name == "scores":
            items.append((name, ",".join(str(x) for x in v)))
        elif isinstance(v, bool):
            items.append((name, "1" if v else "0"))
        else:
            items.append((name, str(v)))
    for k, v in sorted(pos.overrides.items()):
        items.append((f"rule.{k}", str(v).lower() if isinstance(v, bool) else str(v)))
    return urlencode(items)


def position_from_query(query: str) -> Position:
    """Read :func:`position_to_query`'s output (a leading ``?`` is fine). Raises PositionError
    (only), naming the parameter and quoting at most an excerpt of its value."""
    from urllib.parse import parse_qsl

    if not isinstance(query, str):
        raise PositionError(f"a link query is text, not {excerpt(query)}")
    if len(query) > MAX_QUERY_CHARS:
        raise PositionError(f"the link is too long ({len(query):,} characters; at most "
                            f"{MAX_QUERY_CHARS:,})")
    data: dict[str, Any] = {}
    overrides: dict[str, Any] = {}
    fields = RuleSet.model_fields
    for key, value in parse_qsl(query.lstrip("?"), keep_blank_values=True):
        if key.startswith("rule."):
            name = key[5:]
            if name not in fields:
                raise PositionError(f"unknown rule {excerpt(name)} in the link")
            ann = fields[name].annotation
            if ann is bool:
                if value.lower() not in ("true", "false", "1", "0"):
                    raise PositionError(f"rule {name} must be true or false, not {excerpt(value)}")
                overrides[name] = value.lower() in ("true", "1")
            elif ann is int:
                overrides[name] = _whole_number(f"rule {name}", value)
            else:
                overrides[name] = value
        elif key in ("hands", "names"):
            data[key] = [h.strip() for h in value.split(",")]
        elif key in _SEAT_LISTS or key == "scores":
            parts = [x for x in value.split(",") if x.strip()]
            if len(parts) > 10:
                raise PositionError(f"{key}: at most 10 numbers (one per seat), not {len(parts):,}")
            data[key] = [_whole_number(key, x, "whole numbers separated by commas") for x in parts]
        elif key in ("plus4_bluff", "exact_deck", "jump_window"):
            if value.lower() not in ("1", "0", "true", "false"):
                raise PositionError(f"{key} must be 1 or 0, not {excerpt(value)}")
            data[key] = value.lower() in ("1", "true")
        elif key in _NUMBERS:
            data[key] = _whole_number(key, value)
        elif key in _QUERY_FIELDS:
            data[key] = value if value != "" else None
        # other parameters (embed options, speed, seed of the page…) are not the position's
    if "hands" not in data:
        raise PositionError("the link has no hands: write hands=R7 G5,B1 B2")
    data["overrides"] = overrides
    try:
        return Position.model_validate(data)
    except FieldProblem as exc:
        raise _field_problem(exc) from None


def _whole_number(what: str, text: str, kind: str = "a whole number") -> int:
    """``int(text)`` for a link; at most 20 digits (the 64-bit seeds), so a 30-digit or a
    4,000-digit number is refused with a short message before any conversion."""
    t = text.strip()
    digits = t[1:] if t[:1] in "+-" else t
    if not digits.isascii() or not digits.isdigit() or len(digits) > 20:
        raise PositionError(f"{what} must be {kind}, not {excerpt(text)}")
    return int(t)
