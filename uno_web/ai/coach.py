"""The coach: a hint on request and a review of one player's round, both from the Hard bot.

A **hint** (:func:`hint`, :func:`think_hint`) asks :class:`~uno_web.ai.hard.HardBot` which
move it would make from the player's own :class:`~uno_web.core.observation.Observation`, with
the bot's default work limit and time budget (a bot move's), and says why with the facts that
make the move good (:class:`Why`: "Ada has one card", "you hold three red cards", the rule
that matters). Words are made at the edge (:mod:`uno_web.i18n.coach`).

A **review** (:func:`review`, :func:`think_review`) goes over the player's own decisions of a
round (:class:`Decision`: what the player saw, the legal moves, the move made) and estimates,
for each, the chance to win the round with every move Hard would consider and with the move
made, on the *same* guesses of the hidden cards (common random numbers: the moves are compared
on equal luck). A decision is marked (:class:`Mark`) only when the best move's chance is ahead
of the played move's by more than :data:`MARK_Z` standard errors of the paired difference
and by at least :data:`MARK_GAP` (five points of win chance), so the search's noise is never
called a mistake.

Both see only observations: the search's random generator is seeded from the observation
itself, so the same observation gives the same answer however the hidden cards lie.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import Generator, Iterable, Sequence, TypeVar

from ..core.cards import COLOR_OF, EFFECT_OF, IS_WILD, POINTS_OF, RANK_OF, Effect
from ..core.engine import legal_moves, step
from ..core.moves import Move, MoveKind
from ..core.observation import Observation, observe
from ..core.state import GameState, Phase
from .hard import HardBot
from .rollout import round_value
from .seeds import derive_seed
from .util import n_active, next_seat, plus4_bluff_probability

__all__ = [
    "Why", "Advice", "Decision", "Mark", "hint", "think_hint", "review", "think_review",
    "decisions_of", "round_decisions", "observation_seed", "MARK_Z", "MARK_GAP", "REVIEW_DEALS",
    "REVIEW_CHUNK", "whys_for",
]

#: standard errors of the paired difference a better move must be ahead by to mark a decision
MARK_Z = 2.0
#: ... and by at least this much win chance (a "clearly better" move, not a hair's breadth)
MARK_GAP = 0.05
#: guesses of the hidden cards per reviewed decision (every move is played out on each)
REVIEW_DEALS = 128
#: the review looks at its estimates after every this many guesses and stops when it is clear
REVIEW_CHUNK = 32
_TURN_KINDS = frozenset((MoveKind.PLAY, MoveKind.DRAW, MoveKind.PASS, MoveKind.CHALLENGE,
                         MoveKind.ACCEPT, MoveKind.CHOOSE_COLOR))
_STACK_FIELDS = ("stack_draw_two_on_draw_two", "stack_draw_four_on_draw_four",
                 "stack_draw_two_on_draw_four", "stack_draw_four_on_draw_two", "escalating_stack",
                 "reverse_returns_draw_two", "reverse_returns_draw_four", "skip_passes_penalty")
_STOPPERS = frozenset((Effect.SKIP, Effect.DRAW_TWO, Effect.WILD_DRAW_FOUR, Effect.DRAW_FOUR))

Progress = Generator[float, None, "Advice"]
_T = TypeVar("_T")


@dataclass(frozen=True)
class Why:
    """One fact that makes a move good, as data (the words are :mod:`uno_web.i18n.coach`'s).

    ``code`` is one of: ``last_card`` (the move goes out), ``stop_next`` (a Skip or a draw
    card stops ``seat``, who holds ``n`` cards), ``stack`` (the penalty of ``n`` cards goes on
    to ``seat``), ``name_color`` (a wild names
    ``color``, of which ``n`` cards stay in hand), ``keep_wilds`` (a coloured card, so the
    ``n`` wilds stay for later), ``switch_color`` (the colour changes to ``color``, ``n``
    cards of it in hand), ``most_color`` (``n`` cards of ``color`` in hand), ``shed_points``
    (a card worth ``n`` points leaves the hand), ``nothing_fits`` (no card may be played),
    ``save_cards`` (drawing keeps the cards that fit for later), ``take_penalty`` (``n``
    cards), ``keep_drawn`` (the drawn ``card`` is kept), ``challenge`` (``seat`` played the Wild
    Draw Four; ``n`` the chance in percent that it was a bluff, ``color`` the colour then in
    force), ``accept`` (the same facts, a challenge is likely to fail), ``best_chance`` (no
    simpler fact: the search rates it best). ``rule`` names the RuleSet field where a rule
    decides ("" none)."""

    code: str
    seat: int = -1
    n: int = 0
    color: int = -1
    card: int = -1
    rule: str = ""


@dataclass(frozen=True)
class Advice:
    """Hard's move for a decision and why (``whys``, most telling first; the sentence uses the
    first two). ``chance``: its estimated chance to win the round (None: nothing to compare,
    e.g. one sensible move)."""

    move: Move
    whys: tuple[Why, ...]
    chance: float | None = None


@dataclass(frozen=True)
class Decision:
    """One of a player's decisions: what the player saw, the legal moves then, the move made;
    ``number`` is the move's place among the round's actions (1-based)."""

    obs: Observation
    moves: tuple[Move, ...]
    played: Move
    number: int = 0


@dataclass(frozen=True)
class Mark:
    """A decision where another move had a clearly better chance to win the round."""

    decision: Decision
    best: Move
    chance_played: float
    chance_best: float
    stderr: float  # of the paired difference chance_best - chance_played
    whys: tuple[Why, ...]  # why the better move is good

    @property
    def gap(self) -> float:
        return self.chance_best - self.chance_played


# ------------------------------------------------------------------------------------------
# the search's randomness: from the observation only
# ------------------------------------------------------------------------------------------


def observation_seed(obs: Observation, purpose: str) -> int:
    """A seed that depends on the observation alone (its every field, in a fixed order), so a
    hint or a review is the same whatever the hidden cards are. The rules count by the fields
    that differ from the official ones, so a rule field added later (at its default) moves no
    seed."""
    rules = sorted(obs.rules.changed_fields().items())
    return derive_seed(0, "coach", purpose, repr(replace(obs, rules=None)),  # type: ignore[arg-type]
                       repr(rules))


# ------------------------------------------------------------------------------------------
# facts
# ------------------------------------------------------------------------------------------


def _color_count(hand: Iterable[int], color: int, skip: int = -1) -> int:
    out = 0
    skipped = False
    for c in hand:
        if c == skip and not skipped:
            skipped = True
            continue
        if not IS_WILD[c] and COLOR_OF[c] == color:
            out += 1
    return out


def whys_for(obs: Observation, moves: Sequence[Move], move: Move) -> tuple[Why, ...]:
    """The facts that make ``move`` good for ``obs``'s player, most telling first."""
    out: list[Why] = []
    me = obs.seat
    nxt = next_seat(obs, me)
    kind = move.kind
    rules = obs.rules
    if kind == MoveKind.PLAY:
        c = move.card
        eff = EFFECT_OF[c]
        hand = list(obs.hand)
        if len(hand) == 1:
            return (Why("last_card", card=c),)
        if obs.phase == Phase.PENALTY and obs.pending > 0:
            victim = move.target if move.target >= 0 else nxt
            rule = next((f for f in _STACK_FIELDS if getattr(rules, f, False)), "")
            out.append(Why("stack", seat=victim, n=obs.pending, rule=rule))
        stops = eff in _STOPPERS or (eff == Effect.REVERSE and n_active(obs) == 2
                                     and rules.two_player_reverse == "skip")
        if stops and not out and obs.hand_counts[nxt] <= 2:
            rule = ""
            if eff == Effect.WILD_DRAW_FOUR and rules.wild_draw_four != "anytime":
                rule = "wild_draw_four"
            elif eff == Effect.REVERSE:
                rule = "two_player_reverse"
            out.append(Why("stop_next", seat=nxt, n=obs.hand_counts[nxt], card=c, rule=rule))
        if IS_WILD[c] and move.color >= 0:
            out.append(Why("name_color", color=move.color, n=_color_count(hand, move.color, c)))
        elif not IS_WILD[c]:
            col = COLOR_OF[c]
            wilds = sum(1 for x in hand if IS_WILD[x])
            left = _color_count(hand, col, c)
            if col != obs.color and obs.color >= 0:
                out.append(Why("switch_color", color=col, n=left))
            elif wilds and not any(w.code == "stop_next" for w in out):
                out.append(Why("keep_wilds", n=wilds))
            counts = {k: _color_count(hand, k, c) for k in {COLOR_OF[x] for x in hand if not IS_WILD[x]}}
            if counts and left >= max(counts.values()) and left > 0:
                out.append(Why("most_color", color=col, n=left))
            if POINTS_OF[c] >= 20:
                out.append(Why("shed_points", n=POINTS_OF[c], card=c))
    elif kind == MoveKind.DRAW:
        if obs.phase == Phase.PENALTY and obs.pending > 0:
            out.append(Why("take_penalty", n=obs.pending))
        elif not any(m.kind == MoveKind.PLAY for m in moves):
            out.append(Why("nothing_fits"))
        else:
            out.append(Why("save_cards", rule="may_draw_when_playable"))
    elif kind == MoveKind.PASS:
        out.append(Why("keep_drawn", card=obs.drawn[-1] if obs.drawn else -1))
    elif kind in (MoveKind.CHALLENGE, MoveKind.ACCEPT):
        p = plus4_bluff_probability(obs) if obs.plus4_by >= 0 else 0.0
        out.append(Why("challenge" if kind == MoveKind.CHALLENGE else "accept",
                       seat=obs.plus4_by, n=int(round(100 * p)), color=obs.plus4_prev_color,
                       rule="wild_draw_four"))
    elif kind == MoveKind.CHOOSE_COLOR:
        out.append(Why("name_color", color=move.color, n=_color_count(obs.hand, move.color)))
    if not out:
        out.append(Why("best_chance"))
    return tuple(out)


# ------------------------------------------------------------------------------------------
# hint
# ------------------------------------------------------------------------------------------


def _coach_bot(budget_ms: float, iterations: int | None, work: int | None) -> HardBot:
    if work is None:
        return HardBot(budget_ms=budget_ms, iterations=iterations)
    return HardBot(budget_ms=budget_ms, iterations=iterations, work=work)


def think_hint(obs: Observation, moves: Sequence[Move] | None = None, *, budget_ms: float = 150.0,
               iterations: int | None = None, work: int | None = None) -> Progress:
    """:func:`hint` as a generator that yields the search's progress (for the browser, which
    runs it between frames) and returns the :class:`Advice`."""
    if moves is None:
        raise ValueError("the legal moves are needed (legal_moves of the player's seat)")
    moves = list(moves)
    if obs.turn != obs.seat or obs.phase >= Phase.ROUND_OVER:
        raise ValueError("a hint is for the player's own turn")
    mine = [m for m in moves if m.seat == obs.seat and m.kind in _TURN_KINDS]
    if not mine:
        raise ValueError("no legal move: there is nothing to hint")
    bot = _coach_bot(budget_ms, iterations, work)
    rng = random.Random(observation_seed(obs, "hint"))
    move: Move = yield from bot.think(obs, mine, rng)
    values = bot.last_stats.get("values") or {}
    chance = values.get(str(move))
    return Advice(move, whys_for(obs, moves, move),
                  None if chance is None else max(0.0, min(1.0, float(chance))))


def hint(obs: Observation, moves: Sequence[Move] | None = None, *, budget_ms: float = 150.0,
         iterations: int | None = None, work: int | None = None) -> Advice:
    """The move the Hard bot would make from ``obs`` (one of ``moves``, the player's legal
    moves) and why. ``iterations`` fixes the number of guesses of the hidden cards (tests);
    otherwise Hard's own work limit and ``budget_ms`` bound it, as for a bot move."""
    return _drive(think_hint(obs, moves, budget_ms=budget_ms, iterations=iterations, work=work))


def _drive(gen: Generator[float, None, _T]) -> _T:
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]


# ------------------------------------------------------------------------------------------
# review
# ------------------------------------------------------------------------------------------


def decisions_of(steps: Iterable[tuple[GameState, Move]], seat: int) -> list[Decision]:
    """``seat``'s turn decisions among ``steps`` (the state before each move, and the move):
    what the player saw then, the legal moves, the move made. Out-of-turn moves (UNO calls,
    catches, jump-ins) and forced moves (a single legal choice) are left out."""
    out: list[Decision] = []
    for number, (before, move) in enumerate(steps, start=1):
        if move.seat != seat or before.turn != seat or move.kind not in _TURN_KINDS:
            continue
        if before.phase >= Phase.ROUND_OVER:
            continue
        moves = tuple(m for m in legal_moves(before, seat) if m.kind in _TURN_KINDS)
        if len({(m.kind, m.card, m.color, m.target) for m in moves}) < 2:
            continue
        out.append(Decision(observe(before, seat), moves, move, number))
    return out


def round_decisions(log: object, seat: int, round_number: int | None = None) -> list[Decision]:
    """``seat``'s decisions in one round of a game log (a :class:`~uno_web.core.gamelog.GameLog`;
    default: the last round), replayed through the validator."""
    from ..core.gamelog import GameLog, replay_steps

    if not isinstance(log, GameLog):
        raise TypeError(f"expected a GameLog, not {type(log).__name__}")
    pairs: list[tuple[GameState, Move]] = []
    current: list[tuple[GameState, Move]] = []
    before: GameState | None = None
    rnd = 0
    for st in replay_steps(log):
        if st.move is None or st.move.kind == MoveKind.NEXT_ROUND:
            if current and (round_number is None or rnd == round_number):
                pairs = current
            current = []
            rnd = st.round
        elif before is not None:
            current.append((before, st.move))
        before = st.state
    if current and (round_number is None or rnd == round_number):
        pairs = current
    return decisions_of(pairs, seat)


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of ``a - b`` over the deals both saw."""
    m = min(len(a), len(b))
    if m == 0:
        return 0.0, math.inf
    d = [a[t] - b[t] for t in range(m)]
    mean = sum(d) / m
    if m < 2:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in d) / (m - 1)
    return mean, math.sqrt(max(var, 0.0) / m)


def _review_one(bot: HardBot, d: Decision, deals: int) -> Generator[float, None, Mark | None]:
    obs = d.obs
    cands = bot.candidates(obs, list(d.moves))
    played = d.played
    if played not in cands:
        cands.append(played)
    if len(cands) < 2:
        return None
    rng = random.Random(observation_seed(obs, "review"))
    bot.memory.update(obs)
    me = obs.seat
    hist: list[list[float]] = [[] for _ in cands]
    horizon = bot.horizon or bot.playout_moves
    means: list[float] = []
    best = ip = cands.index(played)
    gap, se = 0.0, math.inf
    for t in range(deals):
        base = bot.determinize(obs, rng)
        seed = int(rng.random() * (1 << 30))
        for i, m in enumerate(cands):
            s = base.copy()
            step(s, m)
            if s.phase < Phase.ROUND_OVER:
                s.seed = seed
                bot.playout(s, random.Random(seed), horizon)
            hist[i].append(round_value(s, me, 0.0, bot.evaluate))
        yield (t + 1) / deals
        if (t + 1) % REVIEW_CHUNK and t + 1 < deals:
            continue
        # after each chunk of guesses: stop once the answer is clear either way
        means = [sum(h) / len(h) for h in hist]
        best = max(range(len(cands)), key=lambda i: (means[i], -i))
        if best == ip:
            return None
        gap, se = _paired(hist[best], hist[ip])
        if gap + MARK_Z * se < MARK_GAP:
            return None  # whatever more guesses show, not a clear mistake
        if gap >= MARK_GAP and gap > (MARK_Z + 1.0) * se:
            break
    if best == ip or gap < MARK_GAP or gap <= MARK_Z * se:
        return None
    return Mark(d, cands[best], means[ip], means[best], se, whys_for(obs, d.moves, cands[best]))


def think_review(decisions: Sequence[Decision], *, deals: int = REVIEW_DEALS
                 ) -> Generator[float, None, list[Mark]]:
    """:func:`review` as a generator yielding its progress in [0, 1]."""
    if int(deals) < 2:
        raise ValueError(f"deals must be at least 2, not {deals!r}")
    marks: list[Mark] = []
    total = max(1, len(decisions))
    for k, d in enumerate(decisions):
        bot = HardBot()  # a fresh bot per decision: it knows what that observation shows
        gen = _review_one(bot, d, int(deals))
        while True:
            try:
                frac = next(gen)
            except StopIteration as stop:
                if stop.value is not None:
                    marks.append(stop.value)
                break
            yield (k + frac) / total
    return marks


def review(decisions: Sequence[Decision], *, deals: int = REVIEW_DEALS) -> list[Mark]:
    """The decisions where another move had a clearly better chance to win the round, by the
    Hard bot's estimate from what the player saw then (see the module's docstring)."""
    return _drive(think_review(decisions, deals=deals))

