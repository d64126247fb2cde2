"""The table's puzzle modes, in pure Python: Solitaire UNO and the Duel (no ``js`` here).

Both are models of *The complexity of UNO* (docs/puzzles.md), played with number cards only
(``(colour, number)`` tuples of :mod:`uno_web.puzzles`):

- :class:`SolitaireSession` — the paper's Uno-1: play your whole hand, every card matching the
  one before by colour or number, the first card free.  "Is it still solvable from here?" asks
  the exact solver from the cards left and the card on top
  (:func:`~uno_web.puzzles.continuation.solve_solitaire_from`).
- :class:`DuelSession` — uncooperative Uno-2 (Theorem 4.2): both hands open, you lead, the
  computer plays perfectly (a winning move whenever one exists, from
  :func:`~uno_web.puzzles.duel.analyse_duel_position`).  Under the ``geography`` rule (the
  paper's model, the default) a player who cannot play on their turn loses; under ``uno``
  playing your last card wins at once.

Every attempted card gets a verdict of the core's catalogue (``OK_PLAY``, ``E_NO_MATCH``,
``E_CARD_NOT_OWNED``, ``E_NOT_TURN``, ``E_GAME_OVER``) with its parameters, so the validator
panel shows the same kind of entry as at the table.  The views (:func:`solitaire_view`,
:func:`duel_view`) are frozen dataclasses for :mod:`uno_web.web.puzzle_render`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Literal, Sequence

from ..core.reasons import Reason, Verdict
from ..puzzles.continuation import solve_solitaire_from
from ..puzzles.duel import DuelPosition, DuelResult, analyse_duel_position, solve_duel
from ..puzzles.generator import generate_duel, generate_solitaire
from ..puzzles.notation import Card, format_card, format_cards, parse_cards
from ..puzzles.solitaire import SearchLimitExceeded, solve_solitaire
from .links import duel_query, solitaire_query
from .session import ValidatorEntry
from .view import CardView

__all__ = [
    "PuzzleError", "SolitaireSession", "DuelSession", "SolverAnswer", "SolitaireView",
    "DuelView", "MoveReview", "solitaire_view", "duel_view", "puzzle_card", "SOLITAIRE_RULE",
    "duel_rule_text", "duel_rule_label", "SOLITAIRE_RULE_LABEL", "PUZZLE_COLORS", "OPPONENT", "MAX_PUZZLE_CARDS",
]

PUZZLE_COLORS = "RYGB"
COLOR_WORDS = ("red", "yellow", "green", "blue")
OPPONENT = "Computer"
YOU = "You"
MAX_PUZZLE_CARDS = 60
SOLITAIRE_RULE = ("Solitaire UNO (the paper's Uno-1): every card matches the one before it "
                  "by colour or number; the first card is free")
SOLITAIRE_RULE_LABEL = "Solitaire UNO (Uno-1): match the card before"
SEARCH_BUDGET = 200_000  # solver nodes for an answer in the page (the page must not freeze)


class PuzzleError(ValueError):
    """A puzzle that the table cannot show (bad notation, a fifth colour, too many cards)."""


def duel_rule_label(rule: str) -> str:
    """The short form, for the validator's "rule:" line."""
    return (f"Duel (Uno-2, Theorem 4.2), {rule} rule: "
            + ("who cannot play loses" if rule == "geography" else "your last card wins"))


def duel_rule_text(rule: str) -> str:
    end = ("a player who cannot play on their turn loses, even with an empty hand (the paper's "
           "Theorem 4.2 model)" if rule == "geography" else
           "playing your last card wins; a player who holds cards but cannot play loses")
    return ("Duel (uncooperative Uno-2): both hands open, every card matches the one before it "
            f"by colour or number; {end}")


def read_cards(text: str, what: str = "cards") -> list[Card]:
    """Puzzle cards from notation; the table shows the four UNO colours only."""
    try:
        cards = parse_cards(text)
    except ValueError as exc:
        raise PuzzleError(f"{what}: {exc}") from None
    for c in cards:
        if c[0] >= len(PUZZLE_COLORS):
            raise PuzzleError(f"{what}: {format_card(c)} has a fifth colour; the table shows "
                              "R, Y, G and B only")
    if len(cards) > MAX_PUZZLE_CARDS:
        raise PuzzleError(f"{what}: at most {MAX_PUZZLE_CARDS} cards")
    return cards


def color_word(card: Card) -> str:
    return COLOR_WORDS[card[0]] if card[0] < len(COLOR_WORDS) else f"colour {card[0]}"


def card_words(card: Card) -> str:
    """A puzzle card for people: ``green 5`` (notation such as ``G5`` is for typing)."""
    return f"{color_word(card)} {card[1]}"


def cards_words(cards: Sequence[Card]) -> str:
    return ", ".join(card_words(c) for c in cards)


def puzzle_card(card: Card, playable: bool = False, index: int = 0,
                label_state: bool = True) -> CardView:
    """A puzzle card drawn like an UNO number card (numbers above 9 simply show as text)."""
    col = PUZZLE_COLORS[card[0]] if card[0] < len(PUZZLE_COLORS) else "W"
    name = f"{color_word(card)} {card[1]}"
    label = name + ((", playable" if playable else ", not playable") if label_state else "")
    return CardView(code=format_card(card), name=name, color=col, deck="uno", face=str(card[1]),
                    playable=playable, index=index, label=label)


def _matches(a: Card, b: Card) -> bool:
    return a[0] == b[0] or a[1] == b[1]


def _remove(hand: list[Card], card: Card) -> None:
    hand.remove(card)


def _sorted(cards: Sequence[Card]) -> list[Card]:
    return sorted(cards)


def _entry(seq: int, who: str, seat: int, move: str, verdict: Verdict, hint: str = "") -> ValidatorEntry:
    return ValidatorEntry(seq=seq, seat=seat, who=who, move=move, code=verdict.code.value,
                          ok=verdict.ok, message=verdict.message,
                          explanation=verdict.explanation, rule=verdict.rule, hint=hint)


@dataclass(frozen=True)
class SolverAnswer:
    """What the solver said, and for which position (``at``: cards played when asked)."""

    kind: Literal["solvable", "solution"]
    solvable: bool
    text: str
    at: int
    sequence: tuple[Card, ...] = ()
    nodes: int = 0
    from_start: bool = False  # the solution shown starts from the beginning, not from here


# ------------------------------------------------------------------------------------------
# Solitaire
# ------------------------------------------------------------------------------------------


@dataclass
class SolitaireSession:
    """One Solitaire UNO puzzle being played."""

    cards: tuple[Card, ...]
    source: dict[str, Any] = field(default_factory=dict)  # the generator's info, or {}
    goal: str = ""
    played: list[Card] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    entries: list[ValidatorEntry] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)  # the log, oldest first
    answer: SolverAnswer | None = None
    attempts: int = 0

    def __post_init__(self) -> None:
        if not self.hand and not self.played:
            self.hand = _sorted(self.cards)

    @classmethod
    def from_text(cls, text: str, goal: str = "") -> "SolitaireSession":
        cards = read_cards(text)
        if not cards:
            raise PuzzleError("cards: a solitaire puzzle needs at least one card")
        return cls(tuple(cards), goal=goal)

    @classmethod
    def generate(cls, n_cards: int = 12, difficulty: str | None = None,
                 seed: int | None = None) -> "SolitaireSession":
        """A solvable puzzle from :func:`generate_solitaire` (4 colours, 10 numbers, 2 copies).
        A wanted difficulty is best effort (40 deals at most, so the page stays quick)."""
        seed = random.randrange(1, 2**31) if seed is None else seed
        info = generate_solitaire(n_cards, seed=seed, solvable=True, difficulty=difficulty,
                                  max_tries=40)
        cards = parse_cards(info["cards"])
        source = {"seed": seed, "difficulty": difficulty, "level": info["rating"]["level"],
                  "score": info["rating"]["score"], "matched": info["difficulty_matched"]}
        return cls(tuple(cards), source=source)

    # --- reading ----------------------------------------------------------------------------
    @property
    def last(self) -> Card | None:
        return self.played[-1] if self.played else None

    @property
    def solved(self) -> bool:
        return not self.hand

    @property
    def stuck(self) -> bool:
        last = self.last
        return bool(self.hand) and last is not None and not any(_matches(c, last) for c in self.hand)

    def playable(self) -> list[Card]:
        last = self.last
        return sorted({c for c in self.hand if last is None or _matches(c, last)})

    def query(self) -> str:
        return solitaire_query(format_cards(_sorted(self.cards)), self.goal)

    # --- intents ----------------------------------------------------------------------------
    def play(self, code: str) -> ValidatorEntry:
        """You clicked a card: play it if it matches the card on top; the validator says why not."""
        self.attempts += 1
        try:
            card = read_cards(code, "card")[0]
        except (PuzzleError, IndexError) as exc:
            v = Verdict(Reason.E_MALFORMED, (("detail", str(exc)),))
            return self._add(_entry(self.attempts, YOU, 0, code or "?", v))
        if self.solved:
            v = Verdict(Reason.E_GAME_OVER, (("winner", YOU), ("rule", SOLITAIRE_RULE_LABEL)))
            return self._add(_entry(self.attempts, YOU, 0, code, v))
        last = self.last
        name = card_words(card)
        if card not in self.hand:
            v = Verdict(Reason.E_CARD_NOT_OWNED, (("who", "your hand"), ("card", name),
                                                  ("rule", SOLITAIRE_RULE_LABEL)))
            return self._add(_entry(self.attempts, YOU, 0, name, v, self._hint()))
        if last is not None and not _matches(card, last):
            v = Verdict(Reason.E_NO_MATCH, (("card", name), ("color", color_word(last)),
                                            ("top", card_words(last)), ("rule", SOLITAIRE_RULE_LABEL)))
            return self._add(_entry(self.attempts, YOU, 0, name, v, self._hint()))
        _remove(self.hand, card)
        self.played.append(card)
        left = len(self.hand)
        after = ("the hand is played out" if not left else
                 f"{left} card{'s' if left != 1 else ''} left")
        v = Verdict(Reason.OK_PLAY, (("who", YOU), ("card", name), ("color", color_word(card)),
                                     ("next", after), ("rule", SOLITAIRE_RULE_LABEL)))
        self.moves.append(f"{len(self.played)}. {name}")
        if self.solved:
            self.moves.append(f"Solved: all {len(self.cards)} cards played.")
        return self._add(_entry(self.attempts, YOU, 0, name, v))

    def _hint(self) -> str:
        plays = self.playable()
        if not plays:
            return "No card left matches: undo a card, or start again."
        return "You could play " + ", ".join(card_words(c) for c in plays) + "."

    def _add(self, entry: ValidatorEntry) -> ValidatorEntry:
        self.entries.append(entry)
        return entry

    def undo(self) -> bool:
        if not self.played:
            return False
        card = self.played.pop()
        self.hand.append(card)
        self.hand.sort()
        self.moves.append(f"Undo: {card_words(card)} back to the hand.")
        return True

    def restart(self) -> None:
        self.played.clear()
        self.hand = _sorted(self.cards)
        self.answer = None
        self.moves.append("Started again.")

    def check(self) -> SolverAnswer:
        """"Is it still solvable from here?" — the exact solver on the cards left, from the
        card on top (or on the whole hand before the first card)."""
        at = len(self.played)
        try:
            if self.last is None:
                res = solve_solitaire(list(self.hand), max_nodes=SEARCH_BUDGET)
            else:
                res = solve_solitaire_from(list(self.hand), self.last, max_nodes=SEARCH_BUDGET)
        except SearchLimitExceeded:
            self.answer = SolverAnswer("solvable", False, "The solver gave up: the search "
                                       f"needed more than {SEARCH_BUDGET:,} steps.", at)
            return self.answer
        n = len(self.hand)
        if self.solved:
            text = "Solved already: every card is played."
        elif res.solvable:
            where = "from the start" if self.last is None else f"on {card_words(self.last)}"
            text = (f"Yes: the {n} card{'s' if n != 1 else ''} left can all still be played "
                    f"{where}.")
        else:
            text = f"No: {res.explanation}. Undo, or start again."
        self.answer = SolverAnswer("solvable", res.solvable, text, at,
                                   tuple(res.sequence or ()), res.nodes)
        self.moves.append(f"Asked: still solvable? {'yes' if res.solvable else 'no'}.")
        return self.answer

    def show_solution(self) -> SolverAnswer:
        """A playing order for the cards left, from here when that is still possible,
        otherwise one for the whole puzzle from the start."""
        ans = self.check()
        at = len(self.played)
        if ans.solvable:
            seq = ans.sequence
            text = ("A solution from here: " if self.played else "A solution: ") + (
                cards_words(seq) if seq else "nothing left to play") + "."
            self.answer = SolverAnswer("solution", True, text, at, seq, ans.nodes)
        else:
            try:
                res = solve_solitaire(list(self.cards), max_nodes=SEARCH_BUDGET)
            except SearchLimitExceeded:
                res = None
            if res is not None and res.solvable and res.sequence:
                text = ("Not possible from here any more. A solution from the start: "
                        + cards_words(res.sequence) + ".")
                self.answer = SolverAnswer("solution", False, text, at, tuple(res.sequence),
                                           res.nodes, from_start=True)
            else:
                why = res.explanation if res is not None else "the search gave up"
                self.answer = SolverAnswer("solution", False,
                                           f"This puzzle has no solution at all: {why}.", at)
        self.moves.append("Asked for a solution.")
        return self.answer


@dataclass(frozen=True)
class SolitaireView:
    total: int
    played: tuple[CardView, ...]
    hand: tuple[CardView, ...]
    top: CardView | None
    color: str
    color_name: str
    state: Literal["play", "solved", "stuck"]
    status: str
    can_undo: bool
    answer: SolverAnswer | None
    answer_current: bool
    solution: tuple[CardView, ...]
    entries: tuple[ValidatorEntry, ...]
    latest: ValidatorEntry | None
    moves: tuple[str, ...]
    source: str
    query: str
    goal: str
    rule: str = SOLITAIRE_RULE


def _source_text(source: dict[str, Any], n: int) -> str:
    if not source:
        return f"{n} cards from the link"
    level = source.get("level", "")
    wanted = source.get("difficulty")
    text = f"{n} generated cards, {level} (score {source.get('score', 0):.0f})"
    if wanted and not source.get("matched", True):
        text += f"; no {wanted} deal found quickly, this is the closest"
    return text + f", seed {source.get('seed')}"


def solitaire_view(s: SolitaireSession, max_entries: int = 40) -> SolitaireView:
    last = s.last
    plays = set(s.playable())
    hand = tuple(puzzle_card(c, playable=c in plays, index=i) for i, c in enumerate(s.hand))
    state: Literal["play", "solved", "stuck"] = (
        "solved" if s.solved else "stuck" if s.stuck else "play")
    n = len(s.cards)
    if state == "solved":
        status = f"Solved! You played all {n} cards."
    elif state == "stuck":
        status = (f"Stuck: no card left matches {card_words(last)}. Undo, or start again."
                  if last is not None else "Stuck.")
    elif last is None:
        status = f"Play all {n} cards: the first card is free, then each must match the one before."
    else:
        status = (f"Play a card matching {color_word(last)} or {last[1]} "
                  f"({len(s.hand)} left).")
    ans = s.answer
    solution = tuple(puzzle_card(c, label_state=False) for c in ans.sequence) if (
        ans is not None and ans.kind == "solution") else ()
    return SolitaireView(
        total=n, played=tuple(puzzle_card(c, label_state=False) for c in s.played), hand=hand,
        top=puzzle_card(last, label_state=False) if last is not None else None,
        color=PUZZLE_COLORS[last[0]] if last is not None else "",
        color_name=color_word(last) if last is not None else "none yet", state=state,
        status=status, can_undo=bool(s.played), answer=ans,
        answer_current=ans is not None and ans.at == len(s.played), solution=solution,
        entries=tuple(reversed(s.entries[-max_entries:])),
        latest=s.entries[-1] if s.entries else None, moves=tuple(reversed(s.moves[-80:])),
        source=_source_text(s.source, n), query=s.query(), goal=s.goal,
    )


# ------------------------------------------------------------------------------------------
# Duel
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MoveReview:
    """One card of yours in the duel, judged by perfect play."""

    number: int
    card: str
    was_winning: bool  # you could still force a win before this card
    keeps_win: bool  # ... and this card kept it


@dataclass
class DuelSession:
    """A duel: you are player 1 and lead; the computer (player 2) plays perfectly."""

    p1: tuple[Card, ...]
    p2: tuple[Card, ...]
    rule: str = "geography"
    source: dict[str, Any] = field(default_factory=dict)
    goal: str = ""
    hands: dict[int, list[Card]] = field(default_factory=dict)
    last: Card | None = None
    to_move: int = 1
    line: list[tuple[int, Card]] = field(default_factory=list)
    entries: list[ValidatorEntry] = field(default_factory=list)
    reviews: list[MoveReview] = field(default_factory=list)
    attempts: int = 0
    start: DuelResult | None = None

    def __post_init__(self) -> None:
        if not self.hands:
            self.hands = {1: _sorted(self.p1), 2: _sorted(self.p2)}
        if self.start is None:
            self.start = solve_duel(list(self.p1), list(self.p2), rule=self.rule)

    @classmethod
    def from_text(cls, p1: str, p2: str, rule: str = "geography", goal: str = "") -> "DuelSession":
        h1, h2 = read_cards(p1, "p1"), read_cards(p2, "p2")
        if not h1 or not h2:
            raise PuzzleError("a duel needs cards in both hands (p1=… and p2=…)")
        if len(h1) + len(h2) > 40:
            raise PuzzleError("a duel takes at most 40 cards in all")
        return cls(tuple(h1), tuple(h2), rule=rule, goal=goal)

    @classmethod
    def generate(cls, hand_size: int = 5, rule: str = "geography", seed: int | None = None,
                 winnable: bool | None = True) -> "DuelSession":
        """A duel from :func:`generate_duel`; ``winnable``: you (player 1) can force a win."""
        seed = random.randrange(1, 2**31) if seed is None else seed
        info = generate_duel(hand_size, seed=seed, rule=rule, p1_wins=winnable, max_tries=60)
        source = {"seed": seed, "level": info["rating"]["level"],
                  "score": info["rating"]["score"]}
        return cls(tuple(parse_cards(info["p1"])), tuple(parse_cards(info["p2"])), rule=rule,
                   source=source)

    # --- reading ----------------------------------------------------------------------------
    def analysis(self) -> DuelPosition:
        """Perfect play from the current position."""
        return analyse_duel_position(self.hands[1], self.hands[2], self.last, self.to_move,
                                     rule=self.rule)

    @property
    def over(self) -> bool:
        return self.analysis().game_over

    def winner(self) -> int:
        return self.analysis().winner

    def playable(self, player: int = 1) -> list[Card]:
        last = self.last
        return sorted({c for c in self.hands[player] if last is None or _matches(c, last)})

    def query(self) -> str:
        return duel_query(format_cards(_sorted(self.p1)), format_cards(_sorted(self.p2)),
                          self.rule, self.goal)

    def _name(self, player: int) -> str:
        return YOU if player == 1 else OPPONENT

    # --- intents ----------------------------------------------------------------------------
    def play(self, code: str) -> ValidatorEntry:
        """You (player 1) clicked a card."""
        self.attempts += 1
        rule_text = duel_rule_label(self.rule)
        try:
            card = read_cards(code, "card")[0]
        except (PuzzleError, IndexError) as exc:
            return self._add(_entry(self.attempts, YOU, 0, code or "?",
                                    Verdict(Reason.E_MALFORMED, (("detail", str(exc)),))))
        name = card_words(card)
        pos = self.analysis()
        if pos.game_over:
            v = Verdict(Reason.E_GAME_OVER, (("winner", self._name(pos.winner)),
                                             ("rule", rule_text)))
            return self._add(_entry(self.attempts, YOU, 0, name, v))
        if self.to_move != 1:
            v = Verdict(Reason.E_NOT_TURN, (("turn", OPPONENT), ("who", YOU), ("rule", rule_text)))
            return self._add(_entry(self.attempts, YOU, 0, name, v))
        if card not in self.hands[1]:
            v = Verdict(Reason.E_CARD_NOT_OWNED, (("who", "your hand"), ("card", name), ("rule", rule_text)))
            return self._add(_entry(self.attempts, YOU, 0, name, v, self._hint()))
        last = self.last
        if last is not None and not _matches(card, last):
            v = Verdict(Reason.E_NO_MATCH, (("card", name), ("color", color_word(last)),
                                            ("top", card_words(last)), ("rule", rule_text)))
            return self._add(_entry(self.attempts, YOU, 0, name, v, self._hint()))
        self.reviews.append(MoveReview(len(self.reviews) + 1, name, was_winning=pos.winner == 1,
                                       keeps_win=card in pos.winning_moves))
        return self._apply(1, card)

    def _apply(self, player: int, card: Card) -> ValidatorEntry:
        _remove(self.hands[player], card)
        self.line.append((player, card))
        self.last = card
        self.to_move = 3 - player
        name = card_words(card)
        after = self.analysis()
        if after.game_over:
            nxt = f"game over: {self._name(after.winner).lower()} won"
        else:
            nxt = self._name(self.to_move)
        v = Verdict(Reason.OK_PLAY, (("who", self._name(player)), ("card", name),
                                     ("color", color_word(card)), ("next", nxt),
                                     ("rule", duel_rule_label(self.rule))))
        if player == 2:
            self.attempts += 1  # the computer's move is an attempt of its own
        return self._add(_entry(self.attempts, self._name(player), player - 1, name, v))

    def _hint(self) -> str:
        plays = self.playable(1)
        if not plays:
            return "No card of yours matches: you lose."
        return "You could play " + ", ".join(card_words(c) for c in plays) + "."

    def _add(self, entry: ValidatorEntry) -> ValidatorEntry:
        self.entries.append(entry)
        return entry

    def opponent_choice(self) -> Card | None:
        """The computer's card: a winning one when it has one; otherwise the losing card
        that leaves you the fewest winning answers (it makes you find them)."""
        if self.to_move != 2:
            return None
        pos = self.analysis()
        if pos.game_over:
            return None
        if pos.winning_moves:
            return sorted(pos.winning_moves)[0]

        def your_wins(card: Card) -> tuple[int, Card]:
            h2 = list(self.hands[2])
            h2.remove(card)
            after = analyse_duel_position(self.hands[1], h2, card, 1, rule=self.rule)
            return (len(after.winning_moves), card)

        return min(pos.losing_moves, key=your_wins)

    def opponent_move(self) -> ValidatorEntry | None:
        card = self.opponent_choice()
        if card is None:
            return None
        return self._apply(2, card)

    def undo(self) -> bool:
        """Take back your last card (and the computer's answer to it)."""
        if not any(p == 1 for p, _ in self.line):
            return False
        while self.line:
            player, card = self.line.pop()
            self.hands[player].append(card)
            self.hands[player].sort()
            if player == 1:
                break
        self.last = self.line[-1][1] if self.line else None
        self.to_move = 1
        if self.reviews:
            self.reviews.pop()
        return True

    def restart(self) -> None:
        self.hands = {1: _sorted(self.p1), 2: _sorted(self.p2)}
        self.line.clear()
        self.reviews.clear()
        self.last = None
        self.to_move = 1


@dataclass(frozen=True)
class DuelView:
    rule: str
    rule_text: str
    rule_label: str
    opponent: tuple[CardView, ...]
    hand: tuple[CardView, ...]
    top: CardView | None
    color: str
    color_name: str
    your_turn: bool
    over: bool
    winner: int  # with perfect play from here (the actual winner once over)
    status: str
    start_winner: int
    winning_leads: tuple[str, ...]
    now_winning: bool
    now_moves: tuple[str, ...]  # your winning cards now (your turn), or the computer's
    now_losing: tuple[str, ...]
    reviews: tuple[MoveReview, ...]
    line: tuple[tuple[str, str], ...]  # (who, card), oldest first
    entries: tuple[ValidatorEntry, ...]
    latest: ValidatorEntry | None
    can_undo: bool
    source: str
    query: str
    goal: str


def duel_view(d: DuelSession, max_entries: int = 40) -> DuelView:
    pos = d.analysis()
    start = d.start
    assert start is not None
    plays = set(d.playable(1)) if d.to_move == 1 else set()
    hand = tuple(puzzle_card(c, playable=c in plays and not pos.game_over, index=i)
                 for i, c in enumerate(d.hands[1]))
    opp = tuple(puzzle_card(c, label_state=False) for c in d.hands[2])
    last = d.last
    if pos.game_over:
        if pos.winner == 1:
            why = ("you played your last card" if d.rule == "uno" and not d.hands[1] else
                   f"the computer cannot play on {card_words(last)}" if last else "")
            status = f"You won: {why}."
        else:
            why = ("the computer played its last card" if d.rule == "uno" and not d.hands[2] else
                   f"you cannot play on {card_words(last)}" if last else "")
            status = f"The computer won: {why}."
    elif d.to_move == 2:
        status = "The computer is playing…"
    elif last is None:
        status = "Lead any card. Then you and the computer take turns; each card must match."
    else:
        status = f"Your turn: play a card matching {color_word(last)} or {last[1]}."
    src = d.source
    source = (f"generated: {len(d.p1)} v {len(d.p2)} cards, {src.get('level', '')}, "
              f"seed {src.get('seed')}" if src else f"{len(d.p1)} v {len(d.p2)} cards from the link")
    return DuelView(
        rule=d.rule, rule_text=duel_rule_text(d.rule), rule_label=duel_rule_label(d.rule),
        opponent=opp, hand=hand,
        top=puzzle_card(last, label_state=False) if last is not None else None,
        color=PUZZLE_COLORS[last[0]] if last is not None else "",
        color_name=color_word(last) if last is not None else "none yet",
        your_turn=d.to_move == 1 and not pos.game_over, over=pos.game_over, winner=pos.winner,
        status=status, start_winner=start.winner,
        winning_leads=tuple(format_card(c) for c in start.winning_leads),
        now_winning=pos.winner == 1,
        now_moves=tuple(format_card(c) for c in sorted(pos.winning_moves)),
        now_losing=tuple(format_card(c) for c in sorted(pos.losing_moves)),
        reviews=tuple(d.reviews),
        line=tuple((YOU if p == 1 else OPPONENT, format_card(c)) for p, c in d.line),
        entries=tuple(reversed(d.entries[-max_entries:])),
        latest=d.entries[-1] if d.entries else None,
        can_undo=any(p == 1 for p, _ in d.line), source=source, query=d.query(), goal=d.goal,
    )
