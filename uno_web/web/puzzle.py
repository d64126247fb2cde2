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

**Long work never blocks the page.**  Dealing a puzzle and the solver's answers can take
seconds in the browser, so they are jobs (:class:`PuzzleJob`): step generators of
:mod:`uno_web.puzzles` (``solitaire_steps``, ``solve_solitaire_steps`` …) that
:func:`run_job` runs in slices of :data:`SLICE_SECONDS`, yielding to the page's event loop in
between (plain ``asyncio``: the controller awaits it, a click on *Cancel* is handled between
two slices).  Every size the page accepts is capped (:data:`SOLITAIRE_DEAL`,
:data:`DUEL_DEAL`, :data:`DUEL_TYPED`, :data:`MAX_PUZZLE_CARDS`) so that each step stays far
below the 200 ms a page may be busy; a size beyond a cap is refused with the allowed range.
CPython callers (tests, the CLI's generator) get the same puzzles from ``generate`` /
``check`` at once.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Literal, Sequence

from ..core.reasons import Reason, Verdict
from ..core.wording import number_card, quote_value
from ..core.words import Words
from ..i18n.phrases import said  # a phrase's English, its facts kept for the page's language
from ..i18n.verdicts import shown  # the message, its facts kept for the page's language
from ..puzzles.continuation import solve_solitaire_from_steps
from ..puzzles.duel import DuelPosition, DuelResult, analyse_duel_position, solve_duel
from ..puzzles.generator import duel_steps, solitaire_steps
from ..puzzles.notation import CardNotationError, Card, format_card, format_cards, parse_cards, quote
from ..puzzles.solitaire import SearchLimitExceeded, Steps, run_steps, solve_solitaire_steps
from .links import duel_query, solitaire_query
from .session import ValidatorEntry
from .view import CardView

__all__ = [
    "PuzzleError", "SolitaireSession", "DuelSession", "SolverAnswer", "SolitaireView",
    "DuelView", "MoveReview", "solitaire_view", "duel_view", "puzzle_card", "SOLITAIRE_RULE",
    "duel_rule_text", "duel_rule_label", "SOLITAIRE_RULE_LABEL", "PUZZLE_COLORS", "OPPONENT",
    "MAX_PUZZLE_CARDS", "SOLITAIRE_DEAL", "DUEL_DEAL", "DUEL_TYPED", "SEARCH_BUDGET",
    "PuzzleJob", "JobView", "job_view", "run_job", "SLICE_SECONDS",
]

PUZZLE_COLORS = "RYGB"
COLOR_WORDS = ("red", "yellow", "green", "blue")
OPPONENT = "Computer"
YOU = "You"
MAX_PUZZLE_CARDS = 60  # a solitaire typed in or from a link
MAX_CARDS_TEXT = 1_000  # characters of typed cards read at all (60 cards fit in 300)
SOLITAIRE_DEAL = (2, 40)  # cards of a dealt solitaire, fewest and most
DUEL_DEAL = (1, 8)  # cards in each hand of a dealt duel (rating a deal grows fast beyond 8)
#: most cards in each hand of a duel typed in or from a link, by end rule: the computer's
#: perfect play is decided at every move (geography: matchings, polynomial; uno: a search)
DUEL_TYPED = {"geography": 20, "uno": 8}
SOLITAIRE_TRIES = 40  # deals looked at for a wanted difficulty (then the closest one)
DUEL_TRIES = 60
SOLITAIRE_RULE = ("Solitaire UNO (the paper's Uno-1): every card matches the one before it "
                  "by colour or number; the first card is free")
SOLITAIRE_RULE_LABEL = "Solitaire UNO (Uno-1): match the card before"
SEARCH_BUDGET = 200_000  # solver nodes for an answer in the page (run in slices, cancellable)
SLICE_SECONDS = 0.04  # a job works at most about this long before the page gets a turn
REDRAW_SECONDS = 0.25  # the progress shown is redrawn about this often
#: the pause between two slices.  Not 0: Pyodide's event loop runs every callback due within
#: 2 ms from one queue in one browser task (a MessageChannel), so after ``sleep(0)`` a slice
#: could share its task with other waiting work; a longer delay is a ``setTimeout`` of its own
PAUSE_SECONDS = 0.004


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


def read_cards(text: str, what: str = "cards", limit: int = MAX_PUZZLE_CARDS) -> list[Card]:
    """Puzzle cards from notation; the table shows the four UNO colours only, at most ``limit``
    cards.  Messages quote at most a short excerpt of what was given."""
    if len(text) > MAX_CARDS_TEXT:
        raise PuzzleError(said(Words.of("puzzle.too_long", field=what, notation2=quote(text),
                                        big=len(text), n=limit)))
    try:
        cards = parse_cards(text)
    except CardNotationError as exc:  # written from its facts (the page may be in Finnish)
        over = {"m": exc.value, "n2": exc.limit} if exc.problem in ("colour_index", "number") else {}
        raise PuzzleError(said(Words.of(f"puzzle.bad_card.{exc.problem}", field=what,
                                        n=exc.index, notation2=exc.token, **over))) from None
    except ValueError as exc:
        raise PuzzleError(f"{what}: {exc}") from None
    for c in cards:
        if c[0] >= len(PUZZLE_COLORS):
            raise PuzzleError(said(Words.of("puzzle.fifth_colour", field=what,
                                            notation2=format_card(c))))
    if len(cards) > limit:
        raise PuzzleError(said(Words.of("puzzle.too_many", field=what, n=len(cards), m=limit)))
    return cards


def _whole(name: str, value: Any, bounds: tuple[int, int], what: str) -> int:
    """A size the page accepts: a whole number within ``bounds``, else :class:`PuzzleError`
    naming the allowed range (the page must never start work it cannot finish).  ``what`` is
    the key of the phrase that says the range (its ``n`` and ``m``)."""
    lo, hi = bounds
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        shown = quote(value) if isinstance(value, str) else repr(value)
        raise PuzzleError(said(Words.of("puzzle.out_of_range", notation=name, notation2=shown,
                                        then=Words.of(what, n=lo, m=hi))))
    return value


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
    label = (said(Words.of("pcard.playable" if playable else "pcard.not_playable", pcard=card))
             if label_state else name)
    return CardView(code=format_card(card), name=name, color=col, deck="uno", face=str(card[1]),
                    playable=playable, index=index, label=label)


#: the solver's explanations written from their facts (``SolitaireResult.reason`` and the
#: facts it names): the phrase's key and the facts it takes
_EXPLAINED: dict[tuple[str, frozenset[str]], str] = {
    ("disconnected", frozenset({"n", "codes"})): "solver.disconnected",
    ("dead_ends", frozenset({"n", "codes"})): "solver.dead_ends",
    ("bridge_branches", frozenset({"n", "codes"})): "solver.bridge_branches",
    ("stuck", frozenset({"code"})): "solver.stuck",
    ("search", frozenset({"n", "code"})): "solver.no_order_from",
}


def _explained(res: Any) -> Words:
    """A solver's explanation as a phrase from its facts; one that names nothing (a fixed
    sentence) is looked up whole in the page's catalogue."""
    key = _EXPLAINED.get((res.reason, frozenset(res.facts)))
    if key is None:
        return Words.of("solver.text", why=res.explanation)
    facts = {("notation" if k == "codes" else "notation2" if k == "code" else k): v
             for k, v in res.facts.items()}
    return Words.of(key, **facts)


def _matches(a: Card, b: Card) -> bool:
    return a[0] == b[0] or a[1] == b[1]


def _remove(hand: list[Card], card: Card) -> None:
    hand.remove(card)


def _sorted(cards: Sequence[Card]) -> list[Card]:
    return sorted(cards)


def card_fact(card: Card) -> str:
    """A puzzle card as a verdict's fact (``G12``): the verdict's words, English or Finnish,
    are written from it (:func:`uno_web.core.wording.card_words`)."""
    return number_card(card[0], card[1])


def _not_a_card(code: str) -> Verdict:
    return Verdict(Reason.E_MALFORMED, (("form", "puzzle_card"), ("value", quote_value(code))))


def _entry(seq: int, who: str, seat: int, move: str, verdict: Verdict, hint: str = "") -> ValidatorEntry:
    return ValidatorEntry(seq=seq, seat=seat, who=who, move=move, code=verdict.code.value,
                          ok=verdict.ok, message=shown(verdict),
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
# long work in slices
# ------------------------------------------------------------------------------------------


JobKind = Literal["deal", "solve"]
JobState = Literal["running", "done", "failed", "cancelled"]


@dataclass(eq=False)
class PuzzleJob:
    """Work that may take seconds — dealing a puzzle, a solver's answer — as a step generator
    run a slice at a time (:meth:`run`), so that the page handles clicks in between.

    ``kind``: ``deal`` (the steps yield the fraction of ``total`` deals looked at; the result is
    a session) or ``solve`` (they yield the search nodes so far, at most ``total``; the result is
    a :class:`SolverAnswer`).  ``what`` says what is being done, for the page."""

    kind: JobKind
    what: str
    steps: Steps[Any]
    total: int
    puzzle: str = "solitaire"  # or "duel": what is dealt or searched
    progress: float = 0.0  # the last value the steps yielded
    state: JobState = "running"
    result: Any = None
    error: str = ""
    slices: int = 0  # slices run so far
    spent: float = 0.0  # seconds of work so far
    longest: float = 0.0  # the longest slice, seconds

    @property
    def finished(self) -> bool:
        return self.state != "running"

    @property
    def fraction(self) -> float:
        if self.state == "done":
            return 1.0
        if self.kind == "deal":
            return min(1.0, max(0.0, self.progress))
        return min(1.0, self.progress / self.total) if self.total else 0.0

    def status(self) -> str:
        """One line for the page: how far the work has got."""
        if self.state == "cancelled":
            return "Stopped."
        if self.state == "failed":
            return said(Words.of("puzzle.job.failed", why=self.error))
        if self.state == "done":
            return "Done."
        pct = int(self.fraction * 100)
        if self.kind == "deal":
            deal = min(self.total, int(self.progress * self.total) + 1)
            return said(Words.of("puzzle.job.deals", n=pct, m=deal, n2=self.total))
        return said(Words.of("puzzle.job.positions", big=int(self.progress), big2=self.total))

    def run(self, budget: float = SLICE_SECONDS,
            clock: Callable[[], float] = time.perf_counter) -> bool:
        """Work for about ``budget`` seconds (a step takes well under a millisecond); True once
        the job is finished.  A bad request (ValueError, a search budget exceeded) ends it as
        ``failed`` with the reason in :attr:`error`."""
        if self.finished:
            return True
        start = clock()
        end = start + budget
        try:
            while True:
                self.progress = next(self.steps)
                if clock() >= end:
                    break
        except StopIteration as stop:
            self.result = stop.value
            self.state = "done"
        except (ValueError, SearchLimitExceeded) as exc:
            self.error = str(exc)
            self.state = "failed"
        except BaseException:
            self.state = "failed"
            self.error = "an internal error (see the browser console)"
            raise
        took = clock() - start
        self.slices += 1
        self.spent += took
        self.longest = max(self.longest, took)
        return self.finished

    def cancel(self) -> None:
        """Stop: the work is dropped (its generator closed), nothing of it is used."""
        if not self.finished:
            self.state = "cancelled"
            self.steps.close()

    def finish(self) -> Any:
        """Run to the end at once (CPython callers); the result, or PuzzleError."""
        while not self.run(3600.0):
            pass
        if self.state != "done":
            raise PuzzleError(self.error or "the work was cancelled")
        return self.result


async def run_job(job: PuzzleJob, redraw: Callable[[], Any] = lambda: None, *,
                  slice_seconds: float = SLICE_SECONDS, redraw_seconds: float = REDRAW_SECONDS,
                  clock: Callable[[], float] = time.perf_counter,
                  pause: Callable[[], Awaitable[Any]] = lambda: asyncio.sleep(PAUSE_SECONDS),
                  ) -> PuzzleJob:
    """Run ``job`` in slices of about ``slice_seconds``; between two slices the event loop gets
    a turn (``pause``: in the browser a ``setTimeout`` of :data:`PAUSE_SECONDS`, so clicks and
    paints happen) and ``redraw()`` shows the progress, about every ``redraw_seconds``.
    Returns as soon as the job is finished or cancelled (by a click meanwhile); showing the
    end is the caller's (the controller's ``App.finish_job``)."""
    shown = clock()
    while not job.run(slice_seconds, clock):
        if clock() - shown >= redraw_seconds:
            redraw()
            shown = clock()
        await pause()
        if job.finished:  # cancelled meanwhile
            break
    return job


@dataclass(frozen=True)
class JobView:
    """What the page shows of a running job: what, how far (percent, or -1 when the total
    work is not known), the status line, and a Cancel button."""

    kind: JobKind
    what: str
    state: JobState
    percent: int
    status: str


def job_view(job: PuzzleJob) -> JobView:
    pct = int(job.fraction * 100)
    return JobView(kind=job.kind, what=job.what, state=job.state, percent=pct,
                   status=job.status())


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
        """A solvable puzzle from :func:`~uno_web.puzzles.generator.generate_solitaire` (4
        colours, 10 numbers, 2 copies), at once.  A wanted difficulty is best effort
        (:data:`SOLITAIRE_TRIES` deals at most).  The page deals with :meth:`dealing`."""
        result: SolitaireSession = cls.dealing(n_cards, difficulty, seed).finish()
        return result

    @classmethod
    def dealing(cls, n_cards: int = 12, difficulty: str | None = None,
                seed: int | None = None) -> PuzzleJob:
        """:meth:`generate` as a :class:`PuzzleJob` (its result is the session).  Raises
        :class:`PuzzleError` at once for a size beyond :data:`SOLITAIRE_DEAL`."""
        n = _whole("n", n_cards, SOLITAIRE_DEAL, "solitaire.deal_range")
        if difficulty is not None and difficulty not in ("easy", "medium", "hard"):
            raise PuzzleError(said(Words.of("puzzle.unknown_level",
                                            notation=quote(str(difficulty)))))
        seed = random.randrange(1, 2**31) if seed is None else seed
        steps = solitaire_steps(n, seed=seed, solvable=True, difficulty=difficulty,
                                max_tries=SOLITAIRE_TRIES)

        def session() -> Steps[SolitaireSession]:
            info = yield from steps
            source = {"seed": seed, "difficulty": difficulty, "level": info["rating"]["level"],
                      "score": info["rating"]["score"], "matched": info["difficulty_matched"]}
            return cls(tuple(parse_cards(info["cards"])), source=source)

        what = said(Words.of("puzzle.job.solitaire_level", n=n, level=difficulty) if difficulty
                    else Words.of("puzzle.job.solitaire", n=n))
        return PuzzleJob("deal", what, session(), SOLITAIRE_TRIES)

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
        except (PuzzleError, IndexError):
            return self._add(_entry(self.attempts, YOU, 0, code or "?", _not_a_card(code)))
        if self.solved:
            v = Verdict(Reason.E_GAME_OVER, (("winner", YOU), ("rule", SOLITAIRE_RULE_LABEL)))
            return self._add(_entry(self.attempts, YOU, 0, code, v))
        last = self.last
        name = card_words(card)
        if card not in self.hand:
            v = Verdict(Reason.E_CARD_NOT_OWNED, (("who", YOU), ("card", card_fact(card)),
                                                  ("rule", SOLITAIRE_RULE_LABEL)))
            return self._add(_entry(self.attempts, YOU, 0, name, v, self._hint()))
        if last is not None and not _matches(card, last):
            v = Verdict(Reason.E_NO_MATCH, (("card", card_fact(card)), ("color", last[0]),
                                            ("top", card_fact(last)), ("rule", SOLITAIRE_RULE_LABEL)))
            return self._add(_entry(self.attempts, YOU, 0, name, v, self._hint()))
        _remove(self.hand, card)
        self.played.append(card)
        left = len(self.hand)
        after: tuple[tuple[str, object], ...] = (
            (("form", "played_out"),) if not left else (("form", "left"), ("count", left)))
        v = Verdict(Reason.OK_PLAY, (("who", YOU), ("card", card_fact(card)), ("color", card[0]),
                                     *after, ("rule", SOLITAIRE_RULE_LABEL)))
        self.moves.append(said(Words.of("solitaire.move", n=len(self.played), pcard=card)))
        if self.solved:
            self.moves.append(said(Words.of("solitaire.move.solved", n=len(self.cards))))
        return self._add(_entry(self.attempts, YOU, 0, name, v))

    def _hint(self) -> str:
        plays = self.playable()
        if not plays:
            return said(Words.of("solitaire.stuck"))
        return said(Words.of("puzzle.could", pcards=tuple(plays)))

    def _add(self, entry: ValidatorEntry) -> ValidatorEntry:
        self.entries.append(entry)
        return entry

    def undo(self) -> bool:
        if not self.played:
            return False
        card = self.played.pop()
        self.hand.append(card)
        self.hand.sort()
        self.moves.append(said(Words.of("solitaire.move.undo", pcard=card)))
        return True

    def restart(self) -> None:
        self.played.clear()
        self.hand = _sorted(self.cards)
        self.answer = None
        self.moves.append("Started again.")

    def check(self) -> SolverAnswer:
        """"Is it still solvable from here?" — the exact solver on the cards left, from the
        card on top (or on the whole hand before the first card), at once."""
        answer: SolverAnswer = run_steps(self.check_steps())
        return answer

    def check_steps(self) -> Steps[SolverAnswer]:
        """:meth:`check` in steps (yields the search nodes so far), about the position now:
        the answer of a search that ends after more moves is shown as asked before them."""
        return self._check_steps(len(self.played), list(self.hand), self.last)

    def _check_steps(self, at: int, hand: list[Card], last: Card | None) -> Steps[SolverAnswer]:
        try:
            if last is None:
                res = yield from solve_solitaire_steps(hand, max_nodes=SEARCH_BUDGET)
            else:
                res = yield from solve_solitaire_from_steps(hand, last, max_nodes=SEARCH_BUDGET)
        except SearchLimitExceeded:
            self.answer = SolverAnswer(
                "solvable", False, said(Words.of("solitaire.gave_up", big=SEARCH_BUDGET)), at)
            return self.answer
        n = len(hand)
        if not hand:
            text = "Solved already: every card is played."
        elif res.solvable:
            one = "/1" if n == 1 else ""
            text = said(Words.of("solitaire.yes_start" + one, n=n) if last is None else
                        Words.of("solitaire.yes_on" + one, n=n, pcard=last))
        else:
            text = said(Words.of("solitaire.no", then=_explained(res)))
        self.answer = SolverAnswer("solvable", res.solvable, text, at,
                                   tuple(res.sequence or ()), res.nodes)
        self.moves.append(f"Asked: still solvable? {'yes' if res.solvable else 'no'}.")
        return self.answer

    def show_solution(self) -> SolverAnswer:
        """A playing order for the cards left, from here when that is still possible,
        otherwise one for the whole puzzle from the start (at once)."""
        answer: SolverAnswer = run_steps(self.solution_steps())
        return answer

    def solution_steps(self) -> Steps[SolverAnswer]:
        """:meth:`show_solution` in steps (yields the search nodes so far), about the position
        now (as :meth:`check_steps`)."""
        return self._solution_steps(self.check_steps(), len(self.played), bool(self.played))

    def _solution_steps(self, check: Steps[SolverAnswer], at: int,
                        from_here: bool) -> Steps[SolverAnswer]:
        ans = yield from check
        if ans.solvable:
            seq = ans.sequence
            key = "solitaire.solution_here" if from_here else "solitaire.solution"
            text = said(Words.of(key, pcards=seq) if seq else Words.of(key + ".none"))
            self.answer = SolverAnswer("solution", True, text, at, seq, ans.nodes)
        else:
            try:
                res = yield from solve_solitaire_steps(list(self.cards),
                                                       max_nodes=SEARCH_BUDGET)
            except SearchLimitExceeded:
                res = None
            if res is not None and res.solvable and res.sequence:
                text = said(Words.of("solitaire.from_start", pcards=tuple(res.sequence)))
                self.answer = SolverAnswer("solution", False, text, at, tuple(res.sequence),
                                           res.nodes, from_start=True)
            else:
                why = _explained(res) if res is not None else Words.of("solver.gave_up")
                self.answer = SolverAnswer("solution", False,
                                           said(Words.of("solitaire.no_solution", then=why)), at)
        self.moves.append("Asked for a solution.")
        return self.answer

    def solver_job(self, kind: Literal["solvable", "solution"]) -> PuzzleJob:
        """"Still solvable?" (``solvable``) or "Show a solution" (``solution``) as a
        :class:`PuzzleJob`; when it is done, :attr:`answer` holds its answer."""
        if kind == "solution":
            return PuzzleJob("solve", "Looking for a solution", self.solution_steps(),
                             SEARCH_BUDGET)
        return PuzzleJob("solve", "Is it still solvable from here?", self.check_steps(),
                         SEARCH_BUDGET)


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
        return said(Words.of("puzzle.source.link", n=n))
    facts = {"n": n, "level": source.get("level", ""), "m": round(source.get("score", 0)),
             "n2": source.get("seed")}
    wanted = source.get("difficulty")
    if wanted and not source.get("matched", True):
        return said(Words.of("puzzle.source.closest", level2=wanted, **facts))
    return said(Words.of("puzzle.source.generated", **facts))


def solitaire_view(s: SolitaireSession, max_entries: int = 40) -> SolitaireView:
    last = s.last
    plays = set(s.playable())
    hand = tuple(puzzle_card(c, playable=c in plays, index=i) for i, c in enumerate(s.hand))
    state: Literal["play", "solved", "stuck"] = (
        "solved" if s.solved else "stuck" if s.stuck else "play")
    n = len(s.cards)
    if state == "solved":
        status = said(Words.of("solitaire.status.solved", n=n))
    elif state == "stuck":
        status = (said(Words.of("solitaire.status.stuck", pcard=last))
                  if last is not None else "Stuck.")
    elif last is None:
        status = said(Words.of("solitaire.status.first", n=n))
    else:
        status = said(Words.of("solitaire.status.play", pcolor=last[0], m=last[1], n=len(s.hand)))
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
    pcard: Card = (0, 0)  # the card itself (colour index, number), for the words on screen


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
        """A duel typed in or from a link: at most :data:`DUEL_TYPED` cards in each hand."""
        most = DUEL_TYPED.get(rule)
        if most is None:
            raise PuzzleError(said(Words.of("duel.unknown_rule", notation=quote(str(rule)))))
        h1, h2 = read_cards(p1, "p1"), read_cards(p2, "p2")
        if not h1 or not h2:
            raise PuzzleError("a duel needs cards in both hands (p1=… and p2=…)")
        for name, hand in (("p1", h1), ("p2", h2)):
            if len(hand) > most:
                raise PuzzleError(said(Words.of("duel.too_many", field=name, n=len(hand),
                                                why=rule, m=most)))
        return cls(tuple(h1), tuple(h2), rule=rule, goal=goal)

    @classmethod
    def generate(cls, hand_size: int = 5, rule: str = "geography", seed: int | None = None,
                 winnable: bool | None = True) -> "DuelSession":
        """A duel from :func:`~uno_web.puzzles.generator.generate_duel`, at once;
        ``winnable``: you (player 1) can force a win.  The page deals with :meth:`dealing`."""
        result: DuelSession = cls.dealing(hand_size, rule, seed, winnable).finish()
        return result

    @classmethod
    def dealing(cls, hand_size: int = 5, rule: str = "geography", seed: int | None = None,
                winnable: bool | None = True) -> PuzzleJob:
        """:meth:`generate` as a :class:`PuzzleJob`; a size beyond :data:`DUEL_DEAL` is
        refused at once (:class:`PuzzleError`)."""
        n = _whole("hand", hand_size, DUEL_DEAL, "duel.deal_range")
        if rule not in DUEL_TYPED:
            raise PuzzleError(said(Words.of("duel.unknown_rule", notation=quote(str(rule)))))
        seed = random.randrange(1, 2**31) if seed is None else seed
        steps = duel_steps(n, seed=seed, rule=rule, p1_wins=winnable, max_tries=DUEL_TRIES)

        def session() -> Steps[DuelSession]:
            info = yield from steps
            source = {"seed": seed, "level": info["rating"]["level"],
                      "score": info["rating"]["score"]}
            return cls(tuple(parse_cards(info["p1"])), tuple(parse_cards(info["p2"])),
                       rule=rule, source=source)

        return PuzzleJob("deal", said(Words.of("puzzle.job.duel", n=n, why=rule)), session(),
                         DUEL_TRIES, puzzle="duel")

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
        except (PuzzleError, IndexError):
            return self._add(_entry(self.attempts, YOU, 0, code or "?", _not_a_card(code)))
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
            v = Verdict(Reason.E_CARD_NOT_OWNED, (("who", YOU), ("card", card_fact(card)),
                                                  ("rule", rule_text)))
            return self._add(_entry(self.attempts, YOU, 0, name, v, self._hint()))
        last = self.last
        if last is not None and not _matches(card, last):
            v = Verdict(Reason.E_NO_MATCH, (("card", card_fact(card)), ("color", last[0]),
                                            ("top", card_fact(last)), ("rule", rule_text)))
            return self._add(_entry(self.attempts, YOU, 0, name, v, self._hint()))
        self.reviews.append(MoveReview(len(self.reviews) + 1, name, was_winning=pos.winner == 1,
                                       keeps_win=card in pos.winning_moves, pcard=card))
        return self._apply(1, card)

    def _apply(self, player: int, card: Card) -> ValidatorEntry:
        _remove(self.hands[player], card)
        self.line.append((player, card))
        self.last = card
        self.to_move = 3 - player
        name = card_words(card)
        after = self.analysis()
        nxt: tuple[tuple[str, object], ...] = (
            (("form", "won"), ("winner", self._name(after.winner))) if after.game_over
            else (("next", self._name(self.to_move)),))
        v = Verdict(Reason.OK_PLAY, (("who", self._name(player)), ("card", card_fact(card)),
                                     ("color", card[0]), *nxt,
                                     ("rule", duel_rule_label(self.rule))))
        if player == 2:
            self.attempts += 1  # the computer's move is an attempt of its own
        return self._add(_entry(self.attempts, self._name(player), player - 1, name, v))

    def _hint(self) -> str:
        plays = self.playable(1)
        if not plays:
            return said(Words.of("duel.stuck"))
        return said(Words.of("puzzle.could", pcards=tuple(plays)))

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
            why = (Words.of("duel.why.you_out") if d.rule == "uno" and not d.hands[1] else
                   Words.of("duel.why.computer_cannot", pcard=last) if last else
                   Words.of("duel.why.none"))
            status = said(Words.of("duel.you_won", then=why))
        else:
            why = (Words.of("duel.why.computer_out") if d.rule == "uno" and not d.hands[2] else
                   Words.of("duel.why.you_cannot", pcard=last) if last else
                   Words.of("duel.why.none"))
            status = said(Words.of("duel.computer_won", then=why))
    elif d.to_move == 2:
        status = "The computer is playing…"
    elif last is None:
        status = "Lead any card. Then you and the computer take turns; each card must match."
    else:
        status = said(Words.of("duel.status.play", pcolor=last[0], m=last[1]))
    src = d.source
    source = said(Words.of("duel.source.generated", n=len(d.p1), m=len(d.p2),
                           level=src.get("level", ""), n2=src.get("seed")) if src else
                  Words.of("duel.source.link", n=len(d.p1), m=len(d.p2)))
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
