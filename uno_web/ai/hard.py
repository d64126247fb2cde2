"""Hard: determinized Monte Carlo search over the hidden cards.

For a turn decision with more than one sensible option:

1. **candidates**: the distinct plays (a play always carries the UNO call when it can; a
   wild names one of the two colours Normal rates best; a 7 under 7-0 keeps every target), a
   voluntary draw or keeping a drawn card when legal, and challenge / accept / stack facing a
   penalty.
2. **determinize**: :func:`uno_web.core.observation.sample_state` deals the unseen cards (card
   counting: the deck minus this hand minus the discard pile) at random to the other hands,
   with their public sizes, and the draw pile. Two refinements keep the guesses close to what
   the table has shown: a player known (from the bot's memory, :mod:`uno_web.ai.memory`) to
   have drawn on a colour gets no card of it when possible, and facing a challengeable Wild
   Draw Four the guess decides whether it was a bluff from the sampled hand, keeping bluff
   deals with probability ``honesty`` (players rarely bluff). With ``belief="filter"`` (two
   players) the opponent's hand comes instead from :class:`uno_web.ai.belief.HandFilter`, a
   particle filter that weighs guesses by how likely a Normal-like player holding them was to
   make the moves the table showed.
3. **evaluate**: every candidate is applied to the *same* determinization and the round is
   played on with the same random seed (common random numbers: the candidates are compared on
   equal luck), with the ``greedy`` playout policy (a light Normal) or ``random``, for
   ``horizon`` moves (default :data:`DEFAULT_HORIZON`), after which
   :func:`~.rollout.estimate` values the unfinished round (a softmax over the players of their
   hand sizes and wilds, fitted on self-play). The value of a finished
   round is 1 for winning it, plus ``points_weight`` times the points won (or minus the points
   left in hand), so a won round with a rich haul beats a narrow one.
4. **prune**: after every ``prune_every`` determinizations, candidates whose mean trails the
   best by more than ``prune_z`` standard errors of the paired difference are dropped, so the
   time goes to the close calls.
5. The best mean wins, except that, with ``prefer_normal`` > 0, Normal's own choice
   (searched first) is kept unless the best is ahead of it by more than that many standard
   errors of the paired difference. By default (None) that is :data:`LEARNED_PREFERENCE`
   where Normal's move is its learned choice (two players, official rules:
   :mod:`uno_web.ai.learned`), and 0 elsewhere.

Search runs until ``work`` playout moves are spent (default :data:`DEFAULT_WORK`, a deal
counting :data:`DEAL_COST`: the same search on every machine) or ``budget_ms`` milliseconds
of thinking time have passed (default 150; a hard limit on the whole decision: a
determinization the budget interrupts is dropped, ``min_iterations`` only guards pruning and
the early stop when one candidate is left), whichever comes first, or, when
``iterations`` is given, for exactly that many determinizations (deterministic for a given
rng: what the tests use). :meth:`HardBot.think` is a generator that yields the progress
fraction every ``slice_ms`` milliseconds, so the browser can run it between animation frames;
``choose`` runs it to the end.

Out-of-turn reactions (catch, UNO, jump-in) and trivial decisions are Normal's.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Sequence

from ..core.cards import COLOR_OF, IS_WILD, RANK_OF
from ..core.engine import step
from ..core.moves import Move, MoveKind
from ..core.observation import Observation, sample_state
from ..core.state import GameState, Phase
from .base import Bot, Thinking, check_moves
from .belief import HandFilter
from .memory import Note
from .normal import NormalBot, ScoreContext
from .rollout import EVALUATORS, PLAYOUTS, model_playout, round_value
from .util import color_weights, dedupe_uno

__all__ = ["HardBot"]

PLAY = MoveKind.PLAY
#: what dealing one determinization costs, in playout moves (for the ``work`` limit)
DEAL_COST = 40
#: Hard's default work limit (playout moves a searched decision): calibrated so that the
#: browser (Pyodide in Chromium) finishes it within the 150 ms budget in most decisions; the
#: strength figures in docs/ai.md are for this limit (bench_ai_browser.py --hard-work)
DEFAULT_WORK = 12_000
#: Hard's default playout horizon (moves; then the estimate), at every table size: measured in
#: docs/ai.md (issue 17: two players in the third round, three and four in the fifth)
DEFAULT_HORIZON = 20
#: standard errors by which the search must beat Normal's learned choice to replace it
LEARNED_PREFERENCE = 1.0
#: the other seats' policy in the playouts: the greedy one, or MixBot2's habits
OPPONENT_MODELS = ("greedy", "attack")
_WILD_NOTE_TRUST = 0.5  # share of deals that respect a "wild" note (about 60-70% are right)


class HardBot(Bot):
    level = "hard"

    def __init__(
        self,
        budget_ms: float = 150.0,
        iterations: int | None = None,
        slice_ms: float = 5.0,
        playout: str = "greedy",
        points_weight: float = 0.0,
        honesty: float = 0.5,
        wild_colors: int = 2,
        max_candidates: int = 10,
        prune_every: int = 16,
        prune_z: float = 3.0,
        min_iterations: int = 8,
        use_memory: bool = True,
        prefer_normal: float | None = None,
        playout_moves: int = 600,
        horizon: int | None = None,
        belief: str = "notes",
        particles: int = 256,
        filter_beta: float = 1.0,
        filter_eps: float = 0.15,
        work: int | None = DEFAULT_WORK,
        screen: int = 0,
        keep: int = 3,
        opponent: str = "greedy",
        search_below: int = 0,
        evaluator: str = "sizes",
        learned_normal: bool = True,
        blend: float = 0.0,
        **options: Any,
    ) -> None:
        super().__init__(**options)
        if iterations is not None and int(iterations) < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations!r}")
        if not float(budget_ms) > 0:
            raise ValueError(f"budget_ms must be positive, not {budget_ms!r}")
        if not float(slice_ms) > 0:
            raise ValueError(f"slice_ms must be positive, not {slice_ms!r}")
        if playout not in PLAYOUTS:
            raise ValueError(f"unknown playout {playout!r}; choose one of {', '.join(PLAYOUTS)}")
        if not 0.0 < float(honesty) <= 1.0:
            raise ValueError(f"honesty must be in (0, 1], not {honesty!r}")
        if work is not None and int(work) < 1:
            raise ValueError(f"work must be at least 1 playout move, not {work!r}")
        #: the search's work limit: playout moves, a determinization counting DEAL_COST
        #: (deterministic, the same on every machine; the time budget still caps it)
        self.work = None if work is None else int(work)
        #: after ``screen`` determinizations (0: never) only the ``keep`` best candidates
        #: are searched further (a bolder cut than the pruning, for a small work limit)
        self.screen = max(0, int(screen))
        self.keep = max(1, int(keep))
        self.budget = float(budget_ms) / 1000.0
        self.iterations = None if iterations is None else int(iterations)
        self.slice = float(slice_ms) / 1000.0
        self.playout_name = playout
        if opponent not in OPPONENT_MODELS:
            raise ValueError(f"unknown opponent model {opponent!r}; choose one of {', '.join(OPPONENT_MODELS)}")
        #: how the other seats play in the playouts ("greedy": like the searching seat)
        self.opponent = opponent
        if evaluator not in EVALUATORS:
            raise ValueError(f"unknown evaluator {evaluator!r}; choose one of {', '.join(EVALUATORS)}")
        #: how a round cut at the horizon is valued (rollout.estimate or estimate_features)
        self.evaluate = EVALUATORS[evaluator]
        #: search only once some player holds at most this many cards (0: always search);
        #: before that Normal's move is played
        self.search_below = max(0, int(search_below))
        self.playout = PLAYOUTS[playout]
        self.points_weight = float(points_weight)
        self.honesty = float(honesty)
        self.wild_colors = max(1, int(wild_colors))
        self.max_candidates = max(2, int(max_candidates))
        self.prune_every = max(1, int(prune_every))
        self.prune_z = float(prune_z)
        self.min_iterations = max(1, int(min_iterations))
        self.use_memory = bool(use_memory)
        if prefer_normal is not None and not float(prefer_normal) >= 0:
            raise ValueError(f"prefer_normal must be a number of standard errors (0 or more), not {prefer_normal!r}")
        #: None: LEARNED_PREFERENCE where Normal's move is its learned choice, 0 elsewhere
        self.prefer_normal = None if prefer_normal is None else float(prefer_normal)
        self.playout_moves = max(10, int(playout_moves))
        if horizon is not None and int(horizon) < 0:
            raise ValueError(f"horizon must be 0 (play rounds out) or a number of moves, not {horizon!r}")
        #: playout moves before the round is valued by the estimate (0: play it out); None:
        #: DEFAULT_HORIZON
        self.horizon = DEFAULT_HORIZON if horizon is None else int(horizon)
        if belief not in ("filter", "notes"):
            raise ValueError(f"belief must be 'filter' or 'notes', not {belief!r}")
        self.filter = HandFilter(particles, filter_beta, filter_eps) if belief == "filter" else None
        if not isinstance(learned_normal, bool):
            raise ValueError(f"learned_normal must be true or false, not {learned_normal!r}")
        # Normal's score orders the candidates; its move goes first. ``learned_normal``: that
        # move is the one Normal plays by default (with its learned correction, where it
        # fits); off, plain Normal's (as in docs/ai.md's measurements before the seventh round)
        self.normal = NormalBot(honesty=honesty, learned=learned_normal)
        self.memory = self.normal.memory
        if not float(blend) >= 0:
            raise ValueError(f"blend must be 0 (off) or the learned model's error, not {blend!r}")
        #: > 0: where the learned correction applies, each candidate's value is the search's
        #: estimate shrunk towards the learned one (a prior with this standard deviation, in
        #: win-share units), in place of ``prefer_normal``
        self.blend = float(blend)
        #: statistics of the last search (for the UI and the benchmark)
        self.last_stats: dict[str, Any] = {}
        #: searched decisions and determinizations so far (for the benchmark)
        self.searches = 0
        self.total_iterations = 0

    # ------------------------------------------------------------------------------------------
    def react(self, obs: Observation, moves: Sequence[Move], rng: random.Random) -> Move | None:
        return self.normal.react(obs, moves, rng)

    def think(self, obs: Observation, moves: Sequence[Move], rng: random.Random) -> Thinking:
        check_moves(moves)
        t0 = time.perf_counter()  # reading the table counts as thinking time
        self.memory.update(obs)
        if self.filter is not None:
            self.filter.update(obs, rng)
        pre = time.perf_counter() - t0
        move = yield from self._search(obs, moves, rng, pre)
        self.memory.note_move(obs, move)
        if self.filter is not None:
            self.filter.note_move(obs, move)
        return move

    # ------------------------------------------------------------------------------------------
    def candidates(self, obs: Observation, moves: Sequence[Move]) -> list[Move]:
        """The moves worth searching, best-first by Normal's order (empty: none needed)."""
        phase = obs.phase
        if len(moves) == 1 or phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            return [moves[0]]
        for m in moves:
            if m.kind == MoveKind.CATCH:
                return [m]
        if phase == Phase.CHOOSE_COLOR:
            return [m for m in moves if m.kind == MoveKind.CHOOSE_COLOR]
        if len(obs.hand) == 1 and not obs.called[obs.seat]:
            for m in moves:
                if m.kind == MoveKind.CALL_UNO:
                    return [m]
        normal = self.normal
        ctx = ScoreContext(obs)
        plays = dedupe_uno([m for m in moves if m.kind == PLAY])
        if len(obs.hand) == 1 and plays:
            return [plays[0]]  # the last card goes out
        # wilds: keep the colours Normal rates best
        weights = color_weights(obs.hand, ctx.colors)
        keep: list[Move] = []
        by_card: dict[tuple[int, int], list[Move]] = {}
        for m in plays:
            if m.color >= 0:
                by_card.setdefault((m.card, m.target), []).append(m)
            else:
                keep.append(m)
        for group in by_card.values():
            group.sort(key=lambda m: (-weights.get(m.color, 0.0), m.color))
            keep += group[: self.wild_colors]
        scored = sorted(keep, key=lambda m: -normal.score(ctx, m))
        if len(scored) > self.max_candidates:
            scored = scored[: self.max_candidates]
        others = [m for m in moves if m.kind in (MoveKind.PASS, MoveKind.CHALLENGE, MoveKind.ACCEPT)]
        draw = next((m for m in moves if m.kind == MoveKind.DRAW), None)
        # a voluntary draw is only worth a look when the only plays are wilds (saving one)
        if draw is not None and (not scored or all(m.color >= 0 for m in scored)):
            others.append(draw)
        out = scored + others
        favourite = self.normal.best_move(obs, moves)  # Normal's move goes first
        if favourite in out:
            out.remove(favourite)
        out.insert(0, favourite)
        return out

    def determinize(self, obs: Observation, rng: random.Random) -> GameState:
        """One guess of the hidden cards, as the search makes it (the coach's review plays
        every move out on the same guesses)."""
        return self._determinize(obs, rng)

    def _determinize(self, obs: Observation, rng: random.Random) -> GameState:
        f = self.filter
        if f is not None and f.on:
            s = sample_state(obs, rng)
            guess = f.sample(rng)
            if guess is not None:
                place_hand(s, f.opp, guess, rng)
            if obs.plus4_by >= 0 and obs.plus4_prev_color >= 0:
                prev = obs.plus4_prev_color
                s.plus4_bluff = any(COLOR_OF[c] == prev for c in s.hands[obs.plus4_by])
            return s
        s = sample_state(obs, rng)
        if self.use_memory and self.memory.notes:
            apply_notes(s, obs, self.memory.notes, rng)
        if obs.plus4_by >= 0 and obs.plus4_prev_color >= 0:
            prev = obs.plus4_prev_color
            for _ in range(20):
                bluff = any(COLOR_OF[c] == prev for c in s.hands[obs.plus4_by])
                if not bluff or rng.random() < self.honesty:
                    break
                s = sample_state(obs, rng)
                if self.use_memory and self.memory.notes:
                    apply_notes(s, obs, self.memory.notes, rng)
            s.plus4_bluff = any(COLOR_OF[c] == prev for c in s.hands[obs.plus4_by])
        return s

    def _search(self, obs: Observation, moves: Sequence[Move], rng: random.Random,
                spent: float = 0.0) -> Thinking:
        cands = self.candidates(obs, moves)
        if self.search_below and min(obs.hand_counts[i] for i in range(obs.n) if obs.active[i]) > self.search_below:
            cands = cands[:1]  # Normal's move
        if len(cands) == 1:
            self.last_stats = {"candidates": 1, "iterations": 0, "seconds": 0.0}
            return cands[0]
        k = len(cands)
        me = obs.seat
        alive = list(range(k))
        hist: list[list[float]] = [[] for _ in range(k)]
        playout = self.playout
        model = self.opponent != "greedy" and self.playout_name == "greedy"
        horizon = self.horizon
        pw = self.points_weight
        iterations = self.iterations
        work = self.work
        # the time budget is a hard limit on the whole decision: a playout is not started
        # when the time left is less than three mean playouts and a millisecond (the budget
        # is a p99 target in the browser, so the last playout must not overrun it)
        budget = self.budget - 0.0005
        clock = time.perf_counter
        t_slice = clock()
        n = 0
        done_work = 0
        evals = 0
        eval_time = 0.0  # thinking time spent on playouts (the page's pauses not counted)
        timed = iterations is None
        shown = 0.0  # the progress last yielded (never less than before)

        def progress_at(used: float) -> float:
            """How far the search is: deals made of the count, else time or work done,
            whichever is further."""
            if not timed:
                return n / iterations  # type: ignore[operator]
            p = min(1.0, used / budget)
            return p if work is None else max(p, min(1.0, done_work / work))

        while True:
            base = self._determinize(obs, rng)
            seed = int(rng.random() * (1 << 30))
            done_here: list[int] = []
            over = False
            done_work += DEAL_COST
            for i in alive:
                if timed and n >= 1 and evals:
                    now = clock()
                    if spent + (now - t_slice) + 3.0 * eval_time / evals + 0.001 >= budget:
                        for j in done_here:
                            hist[j].pop()
                        over = True
                        break
                t_eval = clock()
                s = base.copy()
                step(s, cands[i])
                if s.phase < Phase.ROUND_OVER:
                    s.seed = seed  # reshuffles follow the same luck for every candidate
                    limit = horizon or self.playout_moves
                    if model:
                        done_work += model_playout(s, random.Random(seed), limit, me)
                    else:
                        done_work += playout(s, random.Random(seed), limit)
                done_work += 1
                hist[i].append(round_value(s, me, pw, self.evaluate))
                done_here.append(i)
                now = clock()
                evals += 1
                eval_time += now - t_eval
                if timed and n >= 1 and spent + (now - t_slice) >= budget:
                    # the budget is a hard limit: drop this unfinished determinization (the
                    # candidates are compared on the same deals only)
                    if len(done_here) < len(alive):
                        for j in done_here:
                            hist[j].pop()
                        over = True
                    break
                if now - t_slice >= self.slice:  # long playouts: yield between candidates too
                    spent += now - t_slice
                    shown = max(shown, progress_at(spent))
                    yield shown
                    t_slice = clock()
            if not over:
                n += 1
                if n == self.screen and len(alive) > self.keep:
                    alive = sorted(alive, key=lambda i: (-sum(hist[i]) / len(hist[i]), i))[: self.keep]
            if len(alive) > 1 and n % self.prune_every == 0 and n >= self.min_iterations:
                alive = self._prune(alive, hist)
            now = clock()
            used = spent + (now - t_slice)
            if not timed:
                done = n >= iterations  # type: ignore[operator]
                stop = "iterations"
            else:
                if over or used >= budget:
                    stop = "time"
                elif n >= self.min_iterations and len(alive) == 1:
                    stop = "one candidate"
                elif work is not None and done_work >= work:
                    stop = "work"
                else:
                    stop = ""
                done = bool(stop)
            if done:
                spent += now - t_slice
                break
            if now - t_slice >= self.slice:
                spent += now - t_slice
                shown = max(shown, progress_at(spent))
                yield shown
                t_slice = clock()
        sums = [sum(h) for h in hist]
        counts = [len(h) for h in hist]
        pool = alive if alive else list(range(k))
        best = max(pool, key=lambda i: (sums[i] / max(1, counts[i]), -i))
        if self.blend > 0 and len(pool) > 1 and self.normal.learned_applies(obs):
            best = self._blended_best(obs, cands, pool, hist)
        # Normal's favourite (candidate 0) stays unless the search finds it clearly worse
        prefer = self.prefer_normal if self.blend <= 0 else 0.0
        if prefer is None:
            prefer = LEARNED_PREFERENCE if self.normal.learned_applies(obs) else 0.0
        if best != 0 and 0 in pool and prefer > 0:
            h0, hb = hist[0], hist[best]
            m = min(len(h0), len(hb))
            if m > 1:
                d = [hb[t] - h0[t] for t in range(m)]
                mean = sum(d) / m
                var = sum((x - mean) ** 2 for x in d) / (m - 1)
                if mean <= prefer * math.sqrt(max(var, 1e-12) / m):
                    best = 0
        self.searches += 1
        self.total_iterations += n
        self.last_stats = {
            "candidates": k, "iterations": n, "seconds": spent, "work": done_work, "stop": stop,
            "alive": len(alive),
            "values": {str(cands[i]): round(sums[i] / max(1, counts[i]), 3) for i in range(k)},
        }
        return cands[best]

    def _blended_best(self, obs: Observation, cands: Sequence[Move], pool: list[int],
                      hist: list[list[float]]) -> int:
        """The candidate with the best posterior advantage: the learned correction's estimate
        of each candidate's advantage is a prior (standard deviation ``blend``), the search's
        paired estimate over the deals every candidate of ``pool`` saw is the evidence."""
        m = min(len(hist[i]) for i in pool)
        if m < 2:
            return max(pool, key=lambda i: (sum(hist[i]) / max(1, len(hist[i])), -i))
        ctx = ScoreContext(obs)
        hold = obs.phase != Phase.DRAWN
        normal = self.normal
        prior = [normal.learned_value(ctx, cands[i], hold) for i in pool]
        mean_prior = sum(prior) / len(prior)
        rows = [hist[i][:m] for i in pool]
        deal_mean = [sum(col) / len(pool) for col in zip(*rows)]
        prior_var = self.blend ** 2
        best, best_value = pool[0], -math.inf
        for j, i in enumerate(pool):
            d = [rows[j][t] - deal_mean[t] for t in range(m)]
            mean = sum(d) / m
            var = max(sum((x - mean) ** 2 for x in d) / (m - 1), 1e-9) / m
            post = (mean * prior_var + (prior[j] - mean_prior) * var) / (prior_var + var)
            if post > best_value:
                best, best_value = i, post
        return best

    def _prune(self, alive: list[int], hist: list[list[float]]) -> list[int]:
        """Drop candidates that trail the leader by more than ``prune_z`` standard errors of
        the paired difference (all alive candidates were evaluated on the same deals)."""
        lead = max(alive, key=lambda i: (sum(hist[i]) / len(hist[i]), -i))
        hl = hist[lead]
        keep = []
        for i in alive:
            if i == lead:
                keep.append(i)
                continue
            hi = hist[i]
            m = len(hi)
            d = [hl[t] - hi[t] for t in range(m)]
            mean = sum(d) / m
            var = sum((x - mean) ** 2 for x in d) / max(1, m - 1)
            if mean > self.prune_z * math.sqrt(max(var, 1e-12) / m):
                continue
            keep.append(i)
        return keep


def place_hand(s: GameState, seat: int, guess: list[int], rng: random.Random) -> None:
    """Give ``seat`` the guessed hand in the dealt state ``s`` (its old cards and the rest of
    the guess's cards trade places with the draw pile)."""
    pool = s.hands[seat] + s.draw
    idx: dict[int, list[int]] = {}
    for i, c in enumerate(pool):
        idx.setdefault(c, []).append(i)
    taken = set()
    hand = []
    for c in guess:
        slots = idx.get(c)
        if slots:
            taken.add(slots.pop())
            hand.append(c)
    rest = [c for i, c in enumerate(pool) if i not in taken]
    rng.shuffle(rest)
    need = len(s.hands[seat]) - len(hand)
    if need > 0:
        hand += rest[:need]
        rest = rest[need:]
    elif need < 0:
        rest += hand[need:]
        hand = hand[:need]
    s.hands[seat] = hand
    s.draw = rest
    s.listed = None  # changed in place: a move list made before no longer holds (engine.apply)


def _violates(c: int, note: Note) -> bool:
    if IS_WILD[c]:
        return note.no_wild
    return COLOR_OF[c] == note.color or RANK_OF[c] == note.rank


def apply_notes(s: GameState, obs: Observation, notes: "dict[int, list[Note]]",
                rng: random.Random) -> None:
    """Make a dealt guess agree with what the table has shown (:class:`~.memory.Note`).

    A note covers the ``k`` cards a player has held longest; the dealt hand is in random order,
    so its first ``k`` cards stand for them. A card that breaks a "lack" note is swapped with a
    draw-pile card that keeps every note of its place; a "favour" note swaps cards of the
    colours outnumbering the named one for cards of it. Each note is kept in ``trust`` of the
    deals; with nothing to swap a card stays (the guess stays a legal deal).
    """
    draw = s.draw
    if not draw:
        return
    nd = len(draw)
    for seat, seat_notes in notes.items():
        if seat == obs.seat or not (0 <= seat < s.n):
            continue
        hand = s.hands[seat]
        lacks = [n for n in seat_notes if n.kind == "lack" and rng.random() < n.trust]
        if lacks:
            for j in range(min(len(hand), max(n.k for n in lacks))):
                c = hand[j]
                here = [n for n in lacks if n.k > j]
                if not any(_violates(c, n) for n in here):
                    continue
                start = int(rng.random() * nd)
                for t in range(nd):
                    idx = (start + t) % nd
                    x = draw[idx]
                    if not any(_violates(x, n) for n in here):
                        draw[idx] = c
                        hand[j] = x
                        break
        for n in seat_notes:
            if n.kind != "favour" or rng.random() >= n.trust:
                continue
            k = min(n.k, len(hand))
            want = n.color
            for _ in range(k):
                counts = [0, 0, 0, 0]
                for c in hand[:k]:
                    col = COLOR_OF[c]
                    if col < 4 and not IS_WILD[c]:
                        counts[col] += 1
                other = max((col for col in range(4) if col != want), key=lambda col: counts[col])
                if counts[want] >= counts[other]:
                    break
                j = next(j for j in range(k) if COLOR_OF[hand[j]] == other and not IS_WILD[hand[j]])
                here = [m for m in lacks if m.k > j]
                start = int(rng.random() * nd)
                for t in range(nd):
                    idx = (start + t) % nd
                    x = draw[idx]
                    if COLOR_OF[x] == want and not IS_WILD[x] and not any(_violates(x, m) for m in here):
                        draw[idx] = hand[j]
                        hand[j] = x
                        break
                else:
                    break
