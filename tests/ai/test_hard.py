"""The Hard bot's search: fixed-iteration determinism, time slicing, sensible choices."""

from __future__ import annotations

import random

import pytest

from uno_web.ai import Thinking, hard, make_bot
from uno_web.core import Color, Move, MoveKind, parse_card
from uno_web.core.state import Phase

from .helpers import make_obs, moves_for


def test_fixed_iterations_are_deterministic_for_a_seed() -> None:
    obs = make_obs("R1 R5 B5 G7 Y5 W GS", "R3", counts=[5, 7])
    moves = moves_for(obs)
    picks = {make_bot("hard", iterations=12).choose(obs, moves, random.Random(3)) for _ in range(3)}
    assert len(picks) == 1 and picks.pop() in moves


class FakeClock:
    """A clock that advances ``tick`` seconds at every reading, patched in for
    ``time.perf_counter``: budgets and slices are checked by structure, not by timing the
    machine (no timed unit tests)."""

    def __init__(self, tick: float) -> None:
        self.now = 0.0
        self.tick = tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


@pytest.fixture
def fake_clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    clock = FakeClock(0.0005)
    monkeypatch.setattr(hard.time, "perf_counter", clock)
    return clock


def _run(gen: "Thinking", between: "FakeClock | None" = None, pause: float = 0.0) -> "tuple[Move, int]":
    yields = 0
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value, yields
        yields += 1
        if between is not None:
            between.now += pause  # the page draws between slices


def test_time_budget_is_kept_and_think_yields_often(fake_clock: FakeClock) -> None:
    obs = make_obs("R1 R5 B5 G7 Y5 W GS B+2", "R3", counts=[5, 7])
    moves = moves_for(obs)
    bot = make_bot("hard", budget_ms=80, slice_ms=3, work=None)
    move, yields = _run(bot.think(obs, moves, random.Random(0)))
    assert move in moves
    assert yields >= 5
    assert bot.last_stats["seconds"] <= 0.080
    assert bot.last_stats["iterations"] >= 1


def test_the_budget_is_a_hard_limit(fake_clock: FakeClock) -> None:
    """min_iterations never stretches a timed search past its budget (it only guards the
    early stop and pruning), and an unfinished determinization is dropped, so every candidate
    was evaluated on the same deals."""
    obs = make_obs("R1 R5 B5 G7 Y5 W GS B+2", "R3", counts=[5, 7])
    moves = moves_for(obs)
    bot = make_bot("hard", budget_ms=30, min_iterations=100_000, prune_every=100_000, work=None)
    bot.choose(obs, moves, random.Random(0))
    assert bot.last_stats["seconds"] <= 0.030
    n = bot.last_stats["iterations"]
    assert 1 <= n < 100_000


def test_time_between_slices_does_not_count(fake_clock: FakeClock) -> None:
    """The budget is thinking time: pauses between slices (the browser drawing) are free."""
    obs = make_obs("R1 R5 B5 G7 Y5 W GS B+2", "R3", counts=[5, 7])
    moves = moves_for(obs)
    bot = make_bot("hard", budget_ms=40, slice_ms=2, work=None)
    t0 = fake_clock.now
    _, yields = _run(bot.think(obs, moves, random.Random(0)), fake_clock, 0.01)
    assert yields >= 3
    assert fake_clock.now - t0 > 0.04 + 0.01 * (yields - 1)
    assert bot.last_stats["seconds"] <= 0.040


def test_the_work_limit_stops_the_search_the_same_way_every_time() -> None:
    """With a work limit (and no time limit) the search is reproducible, whatever the
    machine's speed: the same determinizations, the same move."""
    obs = make_obs("R1 R5 B5 G7 Y5 W GS B+2", "R3", counts=[5, 7])
    moves = moves_for(obs)
    runs = []
    for _ in range(2):
        bot = make_bot("hard", work=3000, budget_ms=1e9)
        move = bot.choose(obs, moves, random.Random(5))
        runs.append((move, bot.last_stats["iterations"], bot.last_stats["work"]))
    assert runs[0] == runs[1]
    move, n, work = runs[0]
    assert move in moves and n >= 1 and work >= 3000
    # one determinization fewer would not have reached the limit
    assert work - 3000 < work / n


def test_the_default_hard_has_a_work_limit_and_the_time_budget(fake_clock: FakeClock) -> None:
    obs = make_obs("R1 R5 B5 G7 Y5 W GS B+2", "R3", counts=[5, 7])
    moves = moves_for(obs)
    bot = make_bot("hard")
    assert bot.work == hard.DEFAULT_WORK and bot.budget == 0.150
    fake_clock.tick = 0.01  # a slow machine: the budget stops it before the work limit
    bot.choose(obs, moves, random.Random(0))
    # every reading of this clock costs a tick, the one that sees the budget spent included
    assert bot.last_stats["seconds"] <= 0.150 + fake_clock.tick
    assert bot.last_stats["work"] < hard.DEFAULT_WORK


def test_screening_keeps_only_the_best_candidates() -> None:
    obs = make_obs("R1 R5 B5 G7 Y5 W GS B+2", "R3", counts=[5, 7])
    moves = moves_for(obs)
    wide = make_bot("hard", iterations=12, prune_every=1000)
    wide.choose(obs, moves, random.Random(1))
    assert wide.last_stats["alive"] > 2
    bot = make_bot("hard", iterations=12, screen=4, keep=2, prune_every=1000)
    move = bot.choose(obs, moves, random.Random(1))
    assert move in moves and bot.last_stats["alive"] == 2


def test_goes_out_with_a_skip_chain() -> None:
    obs = make_obs("R5 RS", "R1", counts=[5])
    move = make_bot("hard", iterations=30).choose(obs, moves_for(obs), random.Random(0))
    assert move.card == parse_card("RS")


def test_plays_the_last_card_and_calls_uno() -> None:
    obs = make_obs("G5 B5", "G1", counts=[5])
    move = make_bot("hard", iterations=20).choose(obs, moves_for(obs), random.Random(0))
    assert move.kind == MoveKind.PLAY and move.uno


def test_challenges_an_obvious_bluff() -> None:
    obs = make_obs("G1 G2 B3", "W+4", color=Color.BLUE, counts=[12], phase=Phase.PENALTY,
                   pending=4, plus4_by=1, plus4_prev_color=Color.RED, discard="R4")
    move = make_bot("hard", iterations=60).choose(obs, moves_for(obs), random.Random(0))
    assert move.kind == MoveKind.CHALLENGE


def test_stops_an_opponent_with_one_card() -> None:
    # the opponent holds one card: a Draw Two (plus the turn back) beats a number
    obs = make_obs("Y+2 Y5 B7 B9 G3 G4", "Y1", counts=[1])
    move = make_bot("hard", iterations=150).choose(obs, moves_for(obs), random.Random(0))
    assert move.card == parse_card("Y+2")


def test_the_opponent_model_option_is_checked_and_changes_the_playouts() -> None:
    with pytest.raises(ValueError, match="opponent model"):
        make_bot("hard", opponent="psychic")
    obs = make_obs("R1 R5 B5 G7 Y5 W GS B+2", "R3", counts=[5])
    moves = moves_for(obs)
    values = []
    for opponent in ("greedy", "attack"):
        bot = make_bot("hard", iterations=20, prune_every=1000, opponent=opponent)
        assert bot.choose(obs, moves, random.Random(3)) in moves
        values.append(bot.last_stats["values"])
    # the same deals and luck, other opponents in the playouts: other values
    assert values[0] != values[1]


def test_search_below_plays_normals_move_while_every_hand_is_long() -> None:
    obs = make_obs("R1 R5 B5 G7 Y5 W GS B+2", "R3", counts=[7])
    moves = moves_for(obs)
    bot = make_bot("hard", iterations=20, search_below=4)
    move = bot.choose(obs, moves, random.Random(0))
    assert move == bot.normal.best_move(obs, moves) and bot.last_stats["iterations"] == 0
    short = make_obs("R1 R5 B5 G7 Y5 W GS B+2", "R3", counts=[3])
    bot.choose(short, moves_for(short), random.Random(0))
    assert bot.last_stats["iterations"] == 20


def test_a_horizon_cuts_the_playouts_and_values_the_rest_by_the_estimate() -> None:
    with pytest.raises(ValueError, match="horizon"):
        make_bot("hard", horizon=-1)
    obs = make_obs("R1 R5 B5 G7 Y5 W GS B+2", "R3", counts=[7])
    moves = moves_for(obs)
    full = make_bot("hard", iterations=10, prune_every=1000, horizon=0)
    full.choose(obs, moves, random.Random(2))
    cut = make_bot("hard", iterations=10, prune_every=1000, horizon=4)
    assert cut.choose(obs, moves, random.Random(2)) in moves
    # four moves cannot end a round of eight and seven cards: every value is an estimate
    values = list(cut.last_stats["values"].values())
    assert all(0.0 < v < 1.0 for v in values)
    assert cut.last_stats["work"] < full.last_stats["work"]


@pytest.mark.parametrize("name", ["sizes", "features"])
def test_the_estimates_favour_the_short_hand_and_sum_to_one(name: str) -> None:
    from uno_web.ai.rollout import EVALUATORS
    from uno_web.core import new_game
    from uno_web.core.rules import resolve_rules

    s = new_game(resolve_rules("official"), 3, 11)
    s.hands[1] = s.hands[1][:1]
    p = [EVALUATORS[name](s, seat) for seat in range(3)]
    assert sum(p) == pytest.approx(1.0)
    assert p[1] > max(p[0], p[2])


def test_the_evaluator_option_is_checked_and_used_at_the_horizon() -> None:
    with pytest.raises(ValueError, match="evaluator"):
        make_bot("hard", evaluator="oracle")
    obs = make_obs("R1 R5 B5 G7 Y5 W GS B+2", "R3", counts=[7])
    moves = moves_for(obs)
    values = []
    for name in ("sizes", "features"):
        bot = make_bot("hard", iterations=6, prune_every=1000, horizon=4, evaluator=name)
        assert bot.choose(obs, moves, random.Random(2)) in moves
        values.append(bot.last_stats["values"])
    assert values[0] != values[1]  # the same cut playouts, valued differently


def test_the_default_horizon_applies_at_every_table_size() -> None:
    """By default the playouts stop after DEFAULT_HORIZON moves, with two players and with
    more (measured for two, three and four players: docs/ai.md)."""
    two = make_obs("R1 R5 B5 G7 Y5 W GS B+2", "R3", counts=[7])
    three = make_obs("R1 R5 B5 G7 Y5 W GS B+2", "R3", counts=[7, 7])
    four = make_obs("R1 R5 B5 G7 Y5 W GS B+2", "R3", counts=[7, 7, 7])

    def stats(obs: object, **kw: object) -> object:
        bot = make_bot("hard", iterations=8, prune_every=1000, **kw)
        bot.choose(obs, moves_for(obs), random.Random(4))  # type: ignore[arg-type]
        return bot.last_stats["values"], bot.last_stats["work"]

    for obs in (two, three, four):
        assert stats(obs) == stats(obs, horizon=hard.DEFAULT_HORIZON) != stats(obs, horizon=0)


def test_blend_shrinks_the_search_towards_the_learned_estimate() -> None:
    """``blend``: with no evidence between candidates the learned correction's favourite wins;
    with clear paired evidence the search's favourite wins; a bad value is refused."""
    with pytest.raises(ValueError, match="blend"):
        make_bot("hard", blend=-1)
    obs = make_obs("R1 R5 B3 G3 Y5 GS R+2", "R3", counts=[5])
    bot = make_bot("hard", iterations=8, blend=0.05)
    assert bot.normal.learned_applies(obs)
    cands = bot.candidates(obs, moves_for(obs))
    assert len(cands) >= 3
    from uno_web.ai.normal import ScoreContext
    ctx = ScoreContext(obs)
    prior = [bot.normal.learned_value(ctx, m) for m in cands]
    favourite = max(range(len(cands)), key=lambda i: prior[i])
    pool = [i for i in range(len(cands)) if i != favourite] + [favourite]  # not first
    rng = random.Random(5)
    # every deal: the same value for every candidate, and noise from deal to deal
    tied = [[v] * len(cands) for v in (rng.random() for _ in range(40))]
    hist = [list(col) for col in zip(*tied)]
    assert bot._blended_best(obs, cands, pool, hist) == favourite
    # another candidate wins every deal by 0.5: the search overrules the prior
    other = (favourite + 1) % len(cands)
    hist[other] = [v + 0.5 for v in hist[other]]
    assert bot._blended_best(obs, cands, pool, hist) == other
