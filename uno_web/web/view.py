"""What the screen shows, as plain data: ``view(session, seat)`` and friends are pure functions.

They read a :class:`~uno_web.web.session.Session` (or a :class:`LogReplay`, or the settings of
the start screen) and return frozen dataclasses; :mod:`uno_web.web.render` turns those into
HTML.  No DOM here, so every line is tested on CPython.  What a seat may see is respected:
opponents are counts, and their drawn cards appear in the log only as a number.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, replace
from typing import Any, Callable, Literal, Sequence

from ..core import Move, MoveKind, Phase, RuleSet, check_deck, legal_moves
from ..core.cards import (
    COLOR_OF, IS_WILD, RANK_OF, Color, Rank, card_name, card_str, color_code, color_name,
    parse_card, parse_color,
)
from ..core.engine import hand_points
from ..core.events import Event
from ..core.rules import PRESET_DESCRIPTIONS, PRESET_TITLES, PRESETS
from ..core.state import PHASE_NAMES, GameState, deck_colors
from ..core.words import DRAW_REASONS_EN, Words
from ..i18n.phrases import said
from ..i18n.verdicts import shown
from .session import (
    HUMAN, LEVELS, LogReplay, Session, TableSettings, ValidatorEntry, step_text, suggest,
)

__all__ = [
    "CardView", "OpponentView", "ActionsView", "ScoreRow", "RoundSummary", "LogLine",
    "TableView", "FieldView", "StartView", "card_view", "view", "replay_view", "start_view",
    "describe_event", "event_words", "rule_fields", "settings_from_form", "MAX_ENTRIES", "MAX_LOG_LINES",
    "verdict_sentence", "callout_text",
]

#: the bot speed of a first visit: a 4-player round stays brisk (bench/bench_pace.py: the
#: median wait from your move to your next turn); the callout and the log still say each move
DEFAULT_SPEED = "fast"
#: the default name "You" as the Finnish start screen shows it (read back as "You")
YOU_SHOWN_FI = "Sinä"

MAX_ENTRIES = 40
MAX_LOG_LINES = 120

_SUIT_SYMBOL = {Color.HEARTS: "♥", Color.DIAMONDS: "♦", Color.CLUBS: "♣", Color.SPADES: "♠"}
_FACE = {
    Rank.SKIP: "skip", Rank.REVERSE: "reverse", Rank.DRAW_TWO: "+2", Rank.WILD: "wild",
    Rank.WILD_DRAW_FOUR: "+4", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A",
    Rank.JOKER: "joker",
}


# ------------------------------------------------------------------------------------------
# cards
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardView:
    """A card as the page draws it."""

    code: str  # notation: R7, W+4, QS, JK (data-card)
    name: str  # "red 7", "queen of spades"
    color: str  # R Y G B W (wild) H D C S
    deck: Literal["uno", "suits"]
    face: str  # "7", "skip", "reverse", "+2", "wild", "+4", "10", "J", "Q", "K", "A", "joker"
    suit: str = ""  # ♥ ♦ ♣ ♠ for the playing-card deck
    playable: bool = False
    drawn: bool = False  # just drawn (phase drawn)
    index: int = 0  # position in the hand
    label: str = ""  # for screen readers: "red 7, playable"


def card_view(card: int, playable: bool = False, drawn: bool = False, index: int = 0,
              label_state: bool = True) -> CardView:
    col = COLOR_OF[card]
    rank = RANK_OF[card]
    suits = col in _SUIT_SYMBOL or rank == Rank.JOKER
    face = _FACE.get(Rank(rank), str(rank)) if rank > 10 else str(rank)
    name = card_name(card)
    label = name
    if label_state:
        key = "card.playable" if playable else "card.not_playable"
        label = said(Words.of(key + ("_drawn" if drawn else ""), card=card))
    return CardView(
        code=card_str(card), name=name, color=color_code(col), deck="suits" if suits else "uno",
        face=face, suit=_SUIT_SYMBOL.get(Color(col), "") if suits else "", playable=playable,
        drawn=drawn, index=index, label=label,
    )


# ------------------------------------------------------------------------------------------
# the table
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OpponentView:
    """A bot's seat as the page draws it."""

    seat: int
    name: str
    level: str
    count: int
    is_turn: bool
    acting: bool  # highlighted: about to act
    thinking: float | None  # Hard's progress while it thinks
    called_uno: bool
    catchable: bool  # you may catch them now
    active: bool
    score: int
    dealer: bool
    cards: tuple[CardView, ...] = ()  # in a replay, and face up once the round is over
    last_card: CardView | None = None  # the last card this seat played this round
    hand_points: int = 0  # what the cards left count, once the round is over


@dataclass(frozen=True)
class ActionsView:
    """Which buttons the table offers you now."""

    can_draw: bool  # the draw pile does something legal now
    draw_label: str  # "Draw a card" / "Take 4 cards"
    keep: bool
    challenge: bool
    accept: bool
    uno: bool  # the UNO button would be a legal call
    uno_called: bool
    next_round: bool
    color_picker: tuple[str, ...] = ()  # colour codes to choose from
    color_picker_for: str = ""  # what the colour is for
    target_picker: tuple[tuple[int, str], ...] = ()  # (seat, name)
    choice_card: CardView | None = None
    jump_in: tuple[str, ...] = ()  # cards you may jump in with
    keep_label: str = "Keep the card"  # "End your turn" when no card just drawn may be played


@dataclass(frozen=True)
class ScoreRow:
    """One seat's line of the score table."""

    seat: int
    name: str
    total: int
    in_hand: int  # points left in hand at round end (0 while playing)
    active: bool
    winner: bool
    per_round: tuple[int, ...] = ()  # what each round scored for this seat (see round_scores)
    cards: tuple["CardView", ...] = ()  # the hand left at the end of the round, face up


@dataclass(frozen=True)
class RoundSummary:
    """The end-of-round (or end-of-game) overlay."""

    round: int
    winner: int
    winner_name: str
    gained: int
    rows: tuple[ScoreRow, ...]
    game_over: bool
    game_winner: str
    scoring: str
    target: int
    game_winner_seat: int = -1


@dataclass(frozen=True)
class LogLine:
    """One line of the game log panel."""

    index: int  # the move that caused it (0: first deal)
    kind: str
    text: str
    seat: int = -1


@dataclass(frozen=True)
class TableView:
    """Everything the table shows, from your seat."""

    mode: Literal["table", "replay"]
    round: int
    you: str
    you_seat: int
    you_score: int
    you_active: bool
    hand: tuple[CardView, ...]
    opponents: tuple[OpponentView, ...]
    top: CardView | None
    discard_count: int
    color: str  # current colour code, "" while none
    color_name: str
    color_differs: bool  # the current colour is not the top card's printed colour
    direction: int
    direction_text: str
    turn: int
    turn_name: str
    your_turn: bool
    phase: str
    draw_count: int
    pending: int
    status: str
    actions: ActionsView
    scores: tuple[ScoreRow, ...]
    summary: RoundSummary | None
    entries: tuple[ValidatorEntry, ...]  # newest first
    latest: ValidatorEntry | None
    deck_message: str
    log: tuple[LogLine, ...]  # newest first
    rules_text: str
    deck: str  # "uno" / "playing-cards"
    colors: tuple[str, ...]
    jump_window: bool = False
    busy: bool = False  # a bot is about to act
    replay_pos: int = 0
    replay_len: int = 0
    replay_move: str = ""
    replay_problem: str = ""
    from_position: bool = False  # the game started from a position (a link, an embed)
    goal: str = ""  # what the position asks the reader to try
    can_export: bool = True  # a dealt game has a log to export
    can_share: bool = False  # the position can be shared (not after the round)
    share_note: str = ""  # why Share is not offered ("" when it is)
    export_note: str = ""  # why Export is not offered ("" when it is)
    version: int = 0  # moves applied so far (the callout and the motions are keyed by it)
    callout: str = ""  # what the last move did, in words, by the pile
    callout_seat: int = -1  # who made it
    you_last: CardView | None = None  # the last card you played this round
    challenge_text: str = ""  # what a challenge does either way
    accept_text: str = ""  # what taking the cards does
    reveal_title: str = ""  # after your challenge: whose hand you see, and what it proves
    reveal_cards: tuple[CardView, ...] = ()


def _direction_text(d: int) -> str:
    return "clockwise" if d > 0 else "counter-clockwise"


def rules_summary(rules: RuleSet, preset: str) -> Words:
    """The scores' caption: the preset and the rules changed from it (in notation)."""
    base = PRESETS.get(preset, RuleSet())
    changed = [k for k, v in rules.model_dump().items() if getattr(base, k) != v]
    if not changed:
        return Words.of("scores.rules", preset=preset)
    return Words.of("scores.rules_changed", preset=preset,
                    notation=", ".join(f"{k}={getattr(rules, k)}" for k in changed))


def round_scores(events: Sequence[tuple[int, Event]], n: int, scoring: str) -> list[tuple[int, ...]]:
    """Per finished round, what it added to each seat's score: the round's points for its winner
    (target / single-round scoring), the points left in hand for the others (elimination)."""
    out: list[tuple[int, ...]] = []
    for _i, ev in events:
        if ev.kind != "round_won":
            continue
        w = getattr(ev, "seat")
        if scoring == "elimination":
            pts = getattr(ev, "round_points")
            out.append(tuple(0 if i == w else int(pts[i]) for i in range(n)))
        else:
            out.append(tuple(int(getattr(ev, "points")) if i == w else 0 for i in range(n)))
    return out


def _scores(s: GameState, over: bool, history: Sequence[tuple[int, ...]]) -> tuple[ScoreRow, ...]:
    return tuple(
        ScoreRow(seat=i, name=s.name(i), total=s.scores[i],
                 in_hand=hand_points(s.hands[i]) if over else 0, active=s.active[i],
                 winner=over and i == s.round_winner,
                 per_round=tuple(r[i] for r in history))
        for i in range(s.n)
    )


def _summary(s: GameState, history: Sequence[tuple[int, ...]] = ()) -> RoundSummary | None:
    if s.phase < Phase.ROUND_OVER or s.round_winner < 0:
        return None
    w = s.round_winner
    rules = s.rules
    gained = sum(s.round_points[i] for i in range(s.n) if i != w)
    rows = tuple(
        ScoreRow(seat=i, name=s.name(i), total=s.scores[i], in_hand=s.round_points[i],
                 active=s.active[i], winner=i == w,
                 per_round=(history[-1][i],) if history else (),
                 cards=tuple(card_view(c, label_state=False) for c in _sorted_hand(s.hands[i])))
        for i in range(s.n)
    )
    over = s.phase == Phase.GAME_OVER
    return RoundSummary(
        round=s.round, winner=w, winner_name=s.name(w), gained=gained, rows=rows, game_over=over,
        game_winner=s.name(s.winner) if over and s.winner >= 0 else "", scoring=rules.scoring,
        target=rules.target_score if rules.scoring == "target" else rules.elimination_threshold,
        game_winner_seat=s.winner if over else -1,
    )


def deck_text(s: GameState) -> str:
    """The deck invariant's sentence for the validator panel, its facts kept (:func:`shown`) so
    that the page in another language writes it from them."""
    verdict = check_deck(s).verdict
    shown(verdict)
    return verdict.detail


def _status(s: GameState, moves: Sequence[Move], seat: int, thinking: bool, acting: int) -> str:
    return said(status_words(s, moves, seat, thinking, acting))


def status_words(s: GameState, moves: Sequence[Move], seat: int, thinking: bool,
                 acting: int) -> Words:
    """The status line for ``seat`` as facts: whose turn, what the card on top asks for."""
    you = seat
    if s.phase == Phase.GAME_OVER:
        w = s.winner
        return Words.of("status.you_won_game") if w == you else \
            Words.of("status.won_game", who=s.name(w))
    if s.phase == Phase.ROUND_OVER:
        w = s.round_winner
        return Words.of("status.round_won", who="You" if w == you else s.name(w), n=s.round)
    if not s.active[you]:
        return Words.of("status.out", who=s.name(s.turn))
    if s.turn != you:
        name = s.name(s.turn)
        plays = [m for m in moves if m.kind == MoveKind.PLAY]
        if plays:
            return Words.of("status.jump", card=plays[0].card, who=name)
        if thinking:
            return Words.of("status.thinking", who=name)
        return Words.of("status.playing" if acting == s.turn else "status.turn", who=name)
    top = s.discard[-1] if s.discard else -1
    if s.phase == Phase.CHOOSE_COLOR:
        return Words.of("status.first_wild")
    if s.phase == Phase.PENALTY:
        opts = []
        if any(m.kind == MoveKind.PLAY for m in moves):
            opts.append(Words.of("status.face.stack"))
        if any(m.kind == MoveKind.CHALLENGE for m in moves):
            opts.append(Words.of("status.face.challenge"))
        opts.append(Words.of("status.face.take", n=s.pending))
        return Words.of("status.face", n=s.pending, parts=tuple(opts))
    if s.owed:  # penalty_draw = one-by-one: the penalty cards first, one per draw
        return Words.of("status.owed", n=s.owed)
    if s.phase == Phase.DRAWN:
        if not any(m.kind == MoveKind.PLAY for m in moves) and any(
                m.kind == MoveKind.PASS for m in moves):
            # draw_then_pass (or any-card play with nothing that fits): the turn waits for a pass
            return Words.of("status.drew_stays", cards=tuple(s.drawn))
        return Words.of("status.drew", cards=tuple(s.drawn))
    if top < 0:
        return Words.of("status.lead")
    plays = [m for m in moves if m.kind == MoveKind.PLAY]
    return Words.of("status.play" if plays else "status.nothing", color=s.color, rank=top)


def _table(
    s: GameState, seat: int, *, mode: Literal["table", "replay"], levels: dict[int, str],
    preset: str, entries: Sequence[ValidatorEntry], events: Sequence[tuple[int, Event]],
    choice: Any = None, acting: int = -1, thinking: float | None = None,
    jump_window: bool = False, reveal: bool = False,
) -> TableView:
    moves = legal_moves(s, seat) if mode == "table" else []
    playable = {m.card for m in moves if m.kind == MoveKind.PLAY}
    kinds = {m.kind for m in moves}
    drawn = set(s.drawn) if s.turn == seat and s.phase == Phase.DRAWN else set()
    hand = s.hands[seat]
    order = _sorted_hand(hand)
    hand_views = tuple(
        card_view(c, playable=c in playable, drawn=c in drawn, index=i,
                  label_state=mode == "table")
        for i, c in enumerate(order)
    )
    catchable = {m.target for m in moves if m.kind == MoveKind.CATCH}
    over_now = s.phase >= Phase.ROUND_OVER
    last = _last_played(events, s.round)
    opponents = tuple(
        OpponentView(
            seat=i, name=s.name(i), level=levels.get(i, ""), count=len(s.hands[i]),
            is_turn=s.turn == i and s.phase < Phase.ROUND_OVER, acting=acting == i,
            thinking=thinking if acting == i else None,
            called_uno=bool(s.called[i]) and len(s.hands[i]) <= 2,
            catchable=i in catchable, active=s.active[i], score=s.scores[i],
            dealer=s.dealer == i,
            cards=tuple(card_view(c, label_state=False) for c in _sorted_hand(s.hands[i]))
            if reveal or over_now else (),
            last_card=card_view(last[i], label_state=False) if i in last else None,
            hand_points=hand_points(s.hands[i]) if over_now else 0,
        )
        for i in _around(s.n, seat)
    )
    top = card_view(s.discard[-1], label_state=False) if s.discard else None
    color = color_code(s.color) if s.color >= 0 else ""
    differs = bool(s.discard) and s.color >= 0 and COLOR_OF[s.discard[-1]] != s.color
    your_turn = s.turn == seat and s.phase < Phase.ROUND_OVER and mode == "table"
    actions = _actions(s, seat, moves, kinds, choice, mode)
    over = s.phase >= Phase.ROUND_OVER
    history = round_scores(events, s.n, s.rules.scoring)
    shown_events = events[-MAX_LOG_LINES:]
    log = tuple(reversed([
        LogLine(i, e.kind, describe_event(e, s.names, seat), getattr(e, "seat", -1))
        for i, e in shown_events
    ]))[:MAX_LOG_LINES]
    ent = tuple(reversed(list(entries[-MAX_ENTRIES:])))

    return TableView(
        mode=mode, round=s.round, you=s.name(seat), you_seat=seat, you_score=s.scores[seat],
        you_active=s.active[seat], hand=hand_views, opponents=opponents, top=top,
        discard_count=len(s.discard), color=color,
        color_name=color_name(s.color) if s.color >= 0 else "none yet", color_differs=differs,
        direction=s.direction, direction_text=_direction_text(s.direction), turn=s.turn,
        turn_name=s.name(s.turn), your_turn=your_turn, phase=PHASE_NAMES[Phase(s.phase)],
        draw_count=len(s.draw), pending=s.pending,
        status=_status(s, moves, seat, thinking is not None, acting) if mode == "table" else "",
        actions=actions, scores=_scores(s, over, history), summary=_summary(s, history),
        entries=ent,
        latest=entries[-1] if entries else None, deck_message=deck_text(s), log=log,
        rules_text=said(rules_summary(s.rules, preset)), deck=s.rules.deck,
        colors=tuple(color_code(c) for c in deck_colors(s.rules.deck)),
        jump_window=jump_window, busy=acting >= 0,
        you_last=card_view(last[seat], label_state=False) if seat in last else None,
        challenge_text=_challenge_text(s, kinds), accept_text=_accept_text(s, kinds),
    )


def _last_played(events: Sequence[tuple[int, Event]], rnd: int) -> dict[int, int]:
    """The last card each seat played in the current round (``rnd``)."""
    out: dict[int, int] = {}
    current = 1
    for _i, ev in events:
        if ev.kind == "round_started":
            current = int(getattr(ev, "round"))
            out.clear()
        elif ev.kind == "card_played" and current == rnd:
            out[int(getattr(ev, "seat"))] = int(getattr(ev, "card"))
    return out


def _challenge_text(s: GameState, kinds: set[MoveKind]) -> str:
    """What a challenge of the Wild Draw Four does, either way (the challenge button's words)."""
    if MoveKind.CHALLENGE not in kinds or s.plus4_by < 0:
        return ""
    return said(Words.of("challenge.either_way", who=s.name(s.plus4_by), n=s.pending,
                         m=s.pending + 2))


def _accept_text(s: GameState, kinds: set[MoveKind]) -> str:
    if MoveKind.ACCEPT not in kinds:
        return ""
    return said(Words.of("challenge.accept", n=s.pending))


def _sorted_hand(hand: Sequence[int]) -> list[int]:
    """Your hand grouped by colour, then rank (wilds last): easier to read than deal order."""
    return sorted(hand, key=lambda c: (COLOR_OF[c], RANK_OF[c]))


def _around(n: int, seat: int) -> list[int]:
    """The other seats in play order starting after ``seat`` (left to right on the screen)."""
    return [(seat + k) % n for k in range(1, n)]


def _actions(s: GameState, seat: int, moves: Sequence[Move], kinds: set[MoveKind], choice: Any,
             mode: str) -> ActionsView:
    if mode != "table":
        return ActionsView(False, "", False, False, False, False, False, False)
    penalty = s.phase == Phase.PENALTY and s.turn == seat
    can_draw = MoveKind.DRAW in kinds or (penalty and MoveKind.ACCEPT in kinds)
    if penalty:
        draw_label = said(Words.of("action.take", n=s.pending))
    elif s.owed and s.turn == seat:  # penalty_draw = one-by-one: only the penalty cards
        draw_label = said(Words.of("action.owed", n=s.owed))
    else:
        draw_label = "Draw a card"
    drawn_plays = s.phase == Phase.DRAWN and s.turn == seat and any(
        m.kind == MoveKind.PLAY and m.card in s.drawn for m in moves)
    keep_label = "Keep the card" if drawn_plays else "End your turn"
    picker: tuple[str, ...] = ()
    picker_for = ""
    targets: tuple[tuple[int, str], ...] = ()
    choice_card = None
    if choice is not None:
        choice_card = card_view(choice.card, playable=True, label_state=False)
        if choice.colors:
            picker = tuple(color_code(c) for c in choice.colors)
            picker_for = said(Words.of("picker.color_for", card=choice.card))
        else:
            targets = tuple((t, s.name(t)) for t in choice.targets)
    elif MoveKind.CHOOSE_COLOR in kinds:
        picker = tuple(color_code(m.color) for m in moves if m.kind == MoveKind.CHOOSE_COLOR)
        picker_for = "The first card is a Wild: choose the colour"
    jump: tuple[str, ...] = ()
    if s.turn != seat:
        jump = tuple(card_name(c) for c in sorted({m.card for m in moves
                                                   if m.kind == MoveKind.PLAY}))
    return ActionsView(
        can_draw=can_draw, draw_label=draw_label, keep=MoveKind.PASS in kinds,
        challenge=MoveKind.CHALLENGE in kinds, accept=MoveKind.ACCEPT in kinds,
        uno=MoveKind.CALL_UNO in kinds,
        uno_called=bool(s.called[seat]) and len(s.hands[seat]) <= 2,
        next_round=MoveKind.NEXT_ROUND in kinds and s.phase == Phase.ROUND_OVER,
        color_picker=picker, color_picker_for=picker_for, target_picker=targets,
        choice_card=choice_card, jump_in=jump, keep_label=keep_label,
    )


def view(session: Session, seat: int = HUMAN) -> TableView:
    """The table as ``seat`` sees it (you: seat 0)."""
    tv = _table(
        session.state, seat, mode="table", levels=session.levels, preset=session.settings.preset,
        entries=session.entries, events=session.events(), choice=session.choice,
        acting=session.acting, thinking=session.thinking, jump_window=session.jump_window,
    )
    pos = session.position
    callout, who = callout_text(session, seat)
    rv = session.reveal if session.reveal is not None and session.reveal.by == seat else None
    reveal_title = ""
    reveal_cards: tuple[CardView, ...] = ()
    if rv is not None:
        held = "held" if rv.bluff else "held_no"
        verdict = (Words.of(f"reveal.{held}", who=rv.name, color=rv.color) if rv.color >= 0
                   else Words.of(f"reveal.{held}_in_play", who=rv.name))
        reveal_title = said(Words.of("reveal", who=rv.name, then=verdict))
        reveal_cards = tuple(card_view(c, label_state=False) for c in _sorted_hand(rv.cards))
    return replace(tv, from_position=pos is not None, goal=(pos.goal or "") if pos else "",
                   can_export=session.can_export, can_share=session.can_share(),
                   share_note=session.share_note, export_note=session.export_note,
                   version=session.version, callout=callout, callout_seat=who,
                   reveal_title=reveal_title, reveal_cards=reveal_cards)


#: the events a callout tells, in the order they happen
_CALLOUT_KINDS = frozenset({
    "card_played", "cards_drawn", "turn_skipped", "direction_reversed", "uno_called",
    "penalty_applied", "challenge_resolved", "hands_swapped", "hands_rotated", "turn_passed",
    "round_won", "player_eliminated", "game_won", "round_blocked", "first_card_turned",
})


def callout_text(session: Session, seat: int = HUMAN) -> tuple[str, int]:
    """What the last move did, in a sentence or two for the callout by the pile ("Ada played a
    red 7 — your turn"), and the seat that made it (-1: the deal)."""
    history = session.recorder.history
    s = session.state
    if history:
        move, events = history[-1]
        mover = move.seat
    else:
        events = list(session.recorder.initial_events)
        mover = -1
    parts: list[Words] = []
    drawn_by_penalty: set[int] = set()
    for ev in events:
        if ev.kind not in _CALLOUT_KINDS:
            continue
        if ev.kind == "penalty_applied":
            drawn_by_penalty.add(int(getattr(ev, "seat")))
        if ev.kind == "cards_drawn" and int(getattr(ev, "seat")) in drawn_by_penalty:
            continue  # "must draw 2" already said it
        parts.append(event_words(ev, s.names, seat))
    parts = parts[:4]
    if s.phase < Phase.ROUND_OVER and s.active[seat]:
        if s.turn == seat and mover != seat:
            parts.append(Words.of("callout.your_turn"))
        elif s.turn != seat and s.turn != mover and parts:
            parts.append(Words.of("callout.next", who=s.name(s.turn)))
    if not parts:
        return "", mover
    return said(Words.of("callout", lines=tuple(parts))), mover


def replay_view(replay: LogReplay) -> TableView:
    """An imported log at its cursor: every hand shown, no actions."""
    step = replay.current
    events = replay.events_to_cursor(MAX_LOG_LINES)
    levels = {i: (seat.level or seat.kind) for i, seat in enumerate(replay.log.seats)}
    tv = _table(step.state, 0, mode="replay", levels=levels, preset=replay.log.rules.preset,
                entries=replay.entries(last=MAX_ENTRIES), events=events, reveal=True)
    problem = ""
    if replay.failure is not None and replay.refused is not None:
        f = replay.failure
        problem = said(Words.of("replay.invalid", place=_place(f.seq, f.round, f.move),
                                sentence=replay.refused))
    return replace(tv, replay_pos=replay.cursor, replay_len=len(replay.steps) - 1,
                   replay_move=step_text(step), replay_problem=problem,
                   status=_replay_status(replay))


def _place(seq: int, rnd: int, move: str) -> Words:
    """Where an action is, counted as ``python -m uno_web validate`` counts it."""
    from ..core.gamelog import place_words

    return place_words(None if move.startswith("deal") else seq, rnd)


def verdict_sentence(message: str) -> str:
    """A verdict's message (``CODE: detail``) as the sentence a player reads first: no code,
    a capital letter, a full stop."""
    head, sep, rest = message.partition(": ")
    text = (rest if sep and head.replace("_", "").isupper() else message).strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text[-1] in ".!?" else ".")


def _replay_status(replay: LogReplay) -> str:
    step = replay.current
    if replay.cursor == 0:
        return said(Words.of("replay.first"))
    v = step.verdict
    if step_text(step).startswith("deal"):
        return said(Words.of("replay.deal", n=step.round))
    from ..core.gamelog import place_words

    place = place_words(replay.action_number(replay.cursor), step.round)
    if v is None:
        return said(Words.of("replay.action_plain", place=place))
    return said(Words.of("replay.action", place=place, sentence=v))


# ------------------------------------------------------------------------------------------
# the log panel
# ------------------------------------------------------------------------------------------


def _who(names: Sequence[str], seat: int, you: int) -> str:
    if seat == you:
        return "You"
    if 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"


def describe_event(e: Event, names: Sequence[str], you: int = HUMAN) -> str:
    """One log line for ``you`` (other players' drawn cards are only counted), in English for
    the page, its facts kept for the page's language (:func:`event_words`)."""
    return said(event_words(e, names, you))


def _card_of(code: Any) -> int:
    return parse_card(code) if isinstance(code, str) else int(code)


def _color_of(name: Any) -> int:
    return parse_color(name) if isinstance(name, str) else int(name)


def event_words(e: Event, names: Sequence[str], you: int = HUMAN) -> Words:
    """:func:`describe_event` as facts: the line's phrase with its cards, names and counts (the
    event as ``you`` may see it: :meth:`Event.public`, the shape a room sends)."""
    k = e.kind
    seat = getattr(e, "seat", -1)
    d: dict[str, Any] = (e if (k == "cards_drawn" and seat == you) else e.public()).to_dict()
    words = _EVENT_WORDS.get(k)
    if words is None:
        raise ValueError(f"no words for the event {k!r}")  # every event kind is in the table
    return words(d, lambda s: _who(names, s, you), you)


_Who = Callable[[int], str]


def _played_words(d: dict[str, Any], who: _Who, you: int) -> Words:
    card = _card_of(d["card"])
    key = "log.played" + ("_jump" if d.get("jump_in") else "")
    if d["card"] in ("W", "W+4") and d.get("color"):
        return Words.of(key + "_chose", who=who(d["seat"]), card=card, color=_color_of(d["color"]))
    return Words.of(key, who=who(d["seat"]), card=card)


def _drawn_words(d: dict[str, Any], who: _Who, you: int) -> Words:
    n = d["count"]
    reason = d["reason"] if d["reason"] in DRAW_REASONS_EN else "draw"
    key = f"log.drew.{reason}{'/1' if n == 1 else ''}"
    if "cards" in d:
        return Words.of(key + ".cards", who=who(d["seat"]), n=n,
                        cards=tuple(_card_of(c) for c in d["cards"]))
    return Words.of(key, who=who(d["seat"]), n=n)


def _penalty_words(d: dict[str, Any], who: _Who, you: int) -> Words:
    n = d["count"]
    mine = d["seat"] == you
    if d["reason"] == "draw":
        key = ("log.take_you" if mine else "log.takes") + ("/1" if n == 1 else "")
        return Words.of(key, who=who(d["seat"]), n=n)
    if d["reason"] == "stack":
        return Words.of("log.take_stack_you" if mine else "log.takes_stack", who=who(d["seat"]), n=n)
    by_seat = d.get("by", -1)
    if by_seat >= 0 and by_seat != d["seat"]:
        return Words.of("log.must_draw_by", who=who(d["seat"]), n=n, penalty=d["reason"],
                        by="you" if by_seat == you else who(by_seat))
    return Words.of("log.must_draw", who=who(d["seat"]), n=n, penalty=d["reason"])


def _challenge_words(d: dict[str, Any], who: _Who, you: int) -> Words:
    outcome = "bluff" if d["bluff"] else "legal"
    if d["challenged"] == you:
        return Words.of(f"log.challenged_you_{outcome}", who=who(d["challenger"]))
    return Words.of(f"log.challenged_{outcome}", who=who(d["challenger"]),
                    target=who(d["challenged"]))


#: each event kind's line: (the event's dict, who names a seat, the reader's seat) -> words
_EVENT_WORDS: dict[str, Callable[[dict[str, Any], _Who, int], Words]] = {
    "round_started": lambda d, who, you: Words.of("log.round_started", n=d["round"],
                                                  who=who(d["dealer"])),
    "first_card_turned": lambda d, who, you: Words.of("log.first_card", card=_card_of(d["card"])),
    "card_returned": lambda d, who, you: Words.of("log.card_returned", card=_card_of(d["card"])),
    "card_played": _played_words,
    "cards_drawn": _drawn_words,
    "turn_skipped": lambda d, who, you: Words.of(
        "log.skipped_you" if d["seat"] == you else "log.skipped", who=who(d["seat"])),
    "direction_reversed": lambda d, who, you: Words.of("log.reversed", direction=d["direction"]),
    "color_chosen": lambda d, who, you: Words.of("log.chose", who=who(d["seat"]),
                                                 color=_color_of(d["color"])),
    "pile_reshuffled": lambda d, who, you: Words.of(
        "log.reshuffled" if d.get("shuffled", True) else "log.turned_over"),
    "uno_called": lambda d, who, you: Words.of("log.uno", who=who(d["seat"])),
    "penalty_applied": _penalty_words,
    "challenge_resolved": _challenge_words,
    "hands_swapped": lambda d, who, you: Words.of("log.swapped", who=who(d["seat"]),
                                                  target=who(d["target"])),
    "hands_rotated": lambda d, who, you: Words.of("log.rotated", direction=d["direction"]),
    "turn_passed": lambda d, who, you: Words.of("log.kept", who=who(d["seat"])),
    "round_won": lambda d, who, you: Words.of("log.round_won", who=who(d["seat"]), n=d["points"]),
    "round_blocked": lambda d, who, you: Words.of(
        "log.blocked_repeated" if d.get("repeated") else "log.blocked"),
    "player_eliminated": lambda d, who, you: Words.of(
        "log.out_you" if d["seat"] == you else "log.out", who=who(d["seat"]), n=d["score"]),
    "game_won": lambda d, who, you: Words.of("log.game_won", who=who(d["seat"])),
}


def card_name_of(code: str) -> str:
    return card_name(parse_card(code))


# ------------------------------------------------------------------------------------------
# the start screen
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FieldView:
    """One rule toggle of the start screen."""

    name: str
    kind: Literal["bool", "int", "choice"]
    value: Any
    description: str
    options: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    changed: bool = False  # differs from the preset
    title: str = ""  # the label a player reads
    error: str = ""  # what is wrong with the value typed (the value is then ``raw``)
    raw: str = ""


@dataclass(frozen=True)
class StartView:
    """The start screen."""

    players: int
    name: str
    levels: tuple[str, ...]  # one per opponent
    level_names: tuple[str, ...]  # their seat names
    preset: str
    presets: tuple[tuple[str, str, str], ...]  # (key, title, description)
    fields: tuple[FieldView, ...]
    error: str = ""
    notice: str = ""
    can_resume: bool = False
    all_levels: tuple[str, ...] = LEVELS
    seed: int | None = None
    speed: str = "normal"
    sound: bool = False


def rule_fields(rules: RuleSet, preset: str) -> tuple[FieldView, ...]:
    """Every RuleSet field with its description, kind and constraints (from the model)."""
    base = PRESETS.get(preset, RuleSet())
    out: list[FieldView] = []
    for name, info in RuleSet.model_fields.items():
        ann = info.annotation
        value = getattr(rules, name)
        changed = getattr(base, name) != value
        desc = info.description or ""
        title = info.title or name.replace("_", " ")
        if ann is bool:
            out.append(FieldView(name, "bool", value, desc, changed=changed, title=title))
        elif typing.get_origin(ann) is Literal:
            out.append(FieldView(name, "choice", value, desc,
                                 options=tuple(str(a) for a in typing.get_args(ann)),
                                 changed=changed, title=title))
        else:
            lo = hi = None
            for m in info.metadata:
                lo = getattr(m, "ge", lo)
                hi = getattr(m, "le", hi)
            out.append(FieldView(name, "int", value, desc, minimum=lo, maximum=hi,
                                 changed=changed, title=title))
    return tuple(out)


def start_view(settings: TableSettings, error: str = "", notice: str = "",
               can_resume: bool = False, seed: int | None = None, *,
               field_errors: dict[str, str] | None = None, raw_values: dict[str, str] | None = None,
               speed: str = "", sound: bool = False) -> StartView:
    try:
        rules = settings.rules()
    except Exception:  # an override the preset no longer accepts: show the preset
        rules = PRESETS[settings.preset]
    names = settings.seat_names(10)[1:]  # all nine opponents: those past the players are hidden
    errors = field_errors or {}
    raws = raw_values or {}
    fields = tuple(replace(f, error=errors.get(f.name, ""), raw=raws.get(f.name, ""))
                   if f.name in errors else f for f in rule_fields(rules, settings.preset))
    return StartView(
        players=settings.players, name=settings.name,
        levels=tuple(settings.level(i) for i in range(1, 10)),
        level_names=tuple(names), preset=settings.preset,
        presets=tuple((p, PRESET_TITLES.get(p, p), PRESET_DESCRIPTIONS.get(p, ""))
                      for p in PRESETS),
        fields=fields, error=error, notice=notice,
        can_resume=can_resume, seed=seed, speed=speed or DEFAULT_SPEED, sound=sound,
    )


def settings_from_form(form: dict[str, str], previous: TableSettings
                       ) -> tuple[TableSettings, dict[str, str], dict[str, str]]:
    """The start screen's form values (``FormData`` as a dict) as settings, with what is wrong.

    Rule fields are ``rule.<name>``; an unchecked checkbox is simply absent.  When the preset
    changed, the rule fields are ignored (the new preset's values show).  A number that does not
    parse or is out of range is never changed silently: the setting keeps its previous value
    and the field gets an error (``errors[name]``) with what was typed (``raw[name]``), which
    the form shows until it is fixed; the game cannot be dealt meanwhile.
    """
    errors: dict[str, str] = {}
    raw: dict[str, str] = {}
    try:
        players = int(form.get("players", previous.players))
    except ValueError:
        players = previous.players
    players = max(2, min(10, players))
    name = " ".join(str(form.get("name", previous.name)).split())[:40] or previous.name
    if name == YOU_SHOWN_FI:  # the Finnish page shows the default name in Finnish
        name = "You"
    levels: list[str] = []
    for i in range(1, players):
        lvl = form.get(f"level.{i}", previous.level(i))
        levels.append(lvl if lvl in LEVELS else previous.level(i))
    preset = form.get("preset", previous.preset)
    if preset not in PRESETS:
        preset = previous.preset
    overrides: dict[str, Any] = {}
    if preset == previous.preset:
        base = PRESETS[preset]
        for fv in rule_fields(base, preset):
            key = f"rule.{fv.name}"
            if fv.kind == "bool":
                # the form always posts rule fields together: absence means unchecked
                if any(k.startswith("rule.") for k in form):
                    value: Any = key in form and form[key] not in ("", "false", "off")
                else:
                    value = previous.overrides.get(fv.name, fv.value)
            elif key not in form:
                value = previous.overrides.get(fv.name, fv.value)
            elif fv.kind == "int":
                typed = form[key].strip()
                value = previous.overrides.get(fv.name, fv.value)
                try:
                    number = int(typed)
                except ValueError:
                    number = None
                lo, hi = fv.minimum, fv.maximum
                if number is None or (lo is not None and number < lo) or (
                        hi is not None and number > hi):
                    span = (f" from {lo} to {hi}" if lo is not None and hi is not None else
                            f" of at least {lo}" if lo is not None else
                            f" of at most {hi}" if hi is not None else "")
                    shown = typed[:12] + ("…" if len(typed) > 12 else "")
                    label = fv.title or fv.name
                    if lo is not None and hi is not None:  # the fields' usual case: a range
                        errors[fv.name] = said(
                            Words.of("field.whole_typed", why=label, n=lo, m=hi,
                                     notation=repr(shown)) if typed else
                            Words.of("field.whole_needed", why=label, n=lo, m=hi))
                    else:
                        errors[fv.name] = (f"{label} must be a whole number{span}; you typed "
                                           f"{shown!r}." if typed else
                                           f"{label} needs a whole number{span}.")
                    raw[fv.name] = typed[:40]
                else:
                    value = number
            else:
                value = form[key] if form[key] in fv.options else fv.value
            if value != getattr(base, fv.name):
                overrides[fv.name] = value
    settings = TableSettings(players=players, name=name, levels=tuple(levels), preset=preset,
                             overrides=overrides)
    return settings, errors, raw

