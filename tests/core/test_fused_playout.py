"""The fused loop of ``simulate.random_playout`` against the engine's own move by move play.

``random_playout(..., fused=False)`` sends every move through ``engine.step`` (and
tests/core/test_playout_legal.py holds each of those moves to ``legal_moves``). The fused
loop writes the common moves out; here it must leave exactly the same state after every
move: the same hands, piles, colour, turn, calls, windows, scores, and the same random
stream, under every preset, random rule mixes, from deals and from positions in mid-round,
with a card picker, and over whole games with eliminations."""

from __future__ import annotations

import random
from typing import Any

import pytest

from uno_web.core import PRESETS, RuleSet, new_game
from uno_web.core.engine import step
from uno_web.core.moves import Move, MoveKind
from uno_web.core.simulate import play_random_game, random_playout
from uno_web.core.state import GameState, Phase

from .test_playout_legal import _mix


def _fields(s: GameState) -> dict[str, Any]:
    return {name: getattr(s, name) for name in GameState.FIELDS if name != "r"}


def _both(s: GameState, seed: int, max_moves: int = 100_000, pick: Any = None) -> tuple[Any, Any]:
    """Play on copies of ``s`` both ways; each side: (moves, fields, next random number)."""
    out = []
    for fused in (True, False):
        t = s.copy()
        rng = random.Random(seed)
        moves = random_playout(t, rng, max_moves=max_moves, pick=pick, fused=fused)
        out.append((moves, _fields(t), rng.random()))
    return out[0], out[1]


def _every_cut(s: GameState, seed: int) -> int:
    """The state after each number of moves, fused and not; returns the round's length."""
    total = random_playout(s.copy(), random.Random(seed), fused=False)
    for cut in range(1, total + 1):
        fused, plain = _both(s, seed, max_moves=cut)
        assert fused == plain, (cut, [k for k in fused[1] if fused[1][k] != plain[1][k]])
    return total


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_fused_loop_leaves_the_engines_state_after_every_move(preset: str) -> None:
    rules = PRESETS[preset]
    for players in (2, 4):
        for seed in range(3):
            assert _every_cut(new_game(rules, players, 9100 + seed), 9100 + seed) > 10


@pytest.mark.parametrize("toggles", [
    {"jump_in": True},  # a window opens at each play and closes at the next turn move
    {"wild_draw_four": "strict", "wild_last_resort": True},  # wilds asked of play_problem
    {"draw_to_match": True, "reshuffle": "turn-over"},
    {"wild_draws_one": True, "stack_draw_two_on_draw_two": True},
    # a Wild Draw Four stacked on a Draw Two that nobody may answer: the stack is drawn at once
    {"stack_draw_four_on_draw_two": True, "stack_draw_two_on_draw_two": True,
     "wild_draw_four": "anytime"},
    {"play_same_number": True, "seven_swap": True, "zero_rotate": True},
], ids=lambda t: "+".join(t))
def test_single_toggles_after_every_move(toggles: dict[str, Any]) -> None:
    rules = RuleSet(**toggles)
    for players in (2, 3):
        for seed in range(8):
            _every_cut(new_game(rules, players, 9200 + seed), 9200 + seed)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_fused_loop_plays_whole_rounds_as_the_engine(preset: str) -> None:
    rules = PRESETS[preset]
    for players in (2, 3, 5) if preset != "playing-cards" else (2, 3, 4):
        for seed in range(40):
            s = new_game(rules, players, seed)
            fused, plain = _both(s, seed)
            assert fused == plain, (players, seed)
            assert fused[1]["phase"] >= Phase.ROUND_OVER


def test_the_fused_loop_plays_as_the_engine_under_random_rule_mixes() -> None:
    rng = random.Random(11)
    done = cut_checked = 0
    while done < 150:
        toggles = _mix(rng)
        toggles["hand_size"] = rng.choice([3, 5, 7])
        players = rng.choice([2, 3, 4])
        seed = rng.randrange(10**6)
        try:
            s = new_game(RuleSet(**toggles), players, seed)
        except ValueError:  # a mix with too few cards for the seats
            continue
        done += 1
        fused, plain = _both(s, seed)
        assert fused == plain, (toggles, players, seed)
        if done % 10 == 0:
            _every_cut(s, seed)
            cut_checked += 1
    assert cut_checked == 15


def _mid_round(rules: RuleSet, players: int, seed: int, moves: int) -> GameState:
    """A position ``moves`` moves into a round, reached move by move through the engine."""
    s = new_game(rules, players, seed)
    random_playout(s, random.Random(seed + 1), max_moves=moves, fused=False)
    return s


@pytest.mark.parametrize("preset", ["official", "house-party", "everything-goes", "strict-table"])
def test_the_fused_loop_takes_over_from_any_position(preset: str) -> None:
    """Rollouts start in mid-round: a pending draw card, a drawn card, an open catch or
    jump-in window, a same-number turn. The loop starts only where it may and plays on as
    the engine would."""
    rules = PRESETS[preset]
    phases = set()
    for seed in range(12):
        for k in range(1, 60, 3):
            s = _mid_round(rules, 3, seed, k)
            if s.phase >= Phase.ROUND_OVER:
                break
            phases.add(s.phase)
            fused, plain = _both(s, seed)
            assert fused == plain, (seed, k)
    assert Phase.PENALTY in phases and Phase.PLAY in phases


def test_an_open_catch_window_is_left_to_the_engine() -> None:
    """A player who did not call UNO is open to a catch: the loop does not start until the
    window closes, and the play matches the engine's."""
    rules = PRESETS["official"]
    s = new_game(rules, 2, 3)
    seat = s.turn
    s.hands[seat] = s.hands[seat][:2]
    card = s.hands[seat][0]
    s.discard.append(card)  # make the first card playable: the same card on top
    s.color = card // 32 if card // 32 < 4 else 0
    step(s, Move(MoveKind.PLAY, seat, card, s.color if card // 32 == 4 else -1))
    assert any(s.vuln)
    fused, plain = _both(s, 7)
    assert fused == plain


def test_a_card_picker_sees_the_same_positions() -> None:
    """AI rollouts pass ``pick``; it reads the state, so the state it is handed must be the
    engine's at that moment."""
    for preset in ("official", "house-party", "classic-notes", "everything-goes"):
        seen: dict[bool, list[Any]] = {True: [], False: []}
        for fused in (True, False):
            def pick(s: GameState, seat: int, ok: list[int], rng: random.Random,
                     log: list[Any] = seen[fused]) -> int:
                log.append((seat, sorted(ok), _fields(s)))
                return max(ok)  # a deterministic greedy choice

            for seed in range(6):
                s = new_game(PRESETS[preset], 3, seed)
                random_playout(s, random.Random(seed), pick=pick, fused=fused)
        assert seen[True] == seen[False]
        assert len(seen[True]) > 50


def test_whole_games_with_eliminations_play_as_the_engine() -> None:
    """Elimination scoring takes seats out between rounds: the loop walks the seats left."""
    rules = RuleSet(scoring="elimination")
    for seed in range(6):
        fused = play_random_game(rules, 4, seed)
        plain = play_random_game(rules, 4, seed, fused=False)
        assert _fields(fused) == _fields(plain)
        assert fused.phase == Phase.GAME_OVER and fused.round > 1
    assert not all(fused.active)


def test_the_fused_loop_is_what_runs() -> None:
    """The fused loop must not quietly hand every move to the engine: with ``step`` counted,
    the fused play makes most moves of an official round itself."""
    import uno_web.core.simulate as simulate

    calls = 0
    real = simulate.step

    def counting(s: GameState, move: Move, *args: Any) -> None:
        nonlocal calls
        calls += 1
        real(s, move, *args)

    simulate.step = counting  # type: ignore[assignment]
    try:
        s = new_game(PRESETS["official"], 2, 5)
        moves = random_playout(s, random.Random(5))
    finally:
        simulate.step = real  # type: ignore[assignment]
    assert moves > 20 and calls < moves / 4
