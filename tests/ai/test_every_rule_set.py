"""Every level under every rule set (issue 17): each of easy, normal and hard (a small fixed
iteration count) plays every preset and random toggle mixes to the end of its rounds without
an illegal move (the driver checks each move against ``legal_moves`` and applies it with the
checking ``apply``); Hard with a fixed iteration count plays the same game for the same seed.
Small hands keep it quick."""

from __future__ import annotations

import random
import typing
from typing import Any

import pytest

from uno_web.ai import LEVELS, make_bot
from uno_web.ai.match import play_game
from uno_web.core import PRESETS, Move
from uno_web.core import RuleSet
from uno_web.core.rules import RulesError, resolve_rules


def _toggles() -> dict[str, list[Any]]:
    """Every toggle of the rule set, read from its fields (so new toggles are mixed in too)."""
    out: dict[str, list[Any]] = {}
    for name, f in RuleSet.model_fields.items():
        if f.annotation is bool:
            out[name] = [False, True]
        elif typing.get_origin(f.annotation) is typing.Literal:
            out[name] = list(typing.get_args(f.annotation))
    return out


TOGGLES = _toggles()

HARD = {"iterations": 4, "min_iterations": 1, "max_candidates": 4}


def bot(level: str) -> Any:
    return make_bot(level, **(HARD if level == "hard" else {}))


def small(preset: str, **overrides: Any) -> Any:
    return resolve_rules(preset, {"hand_size": 3, **overrides})


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("preset", list(PRESETS))
def test_each_level_plays_every_preset_to_the_end(level: str, preset: str) -> None:
    rules = small(preset)
    for g, n in enumerate((2, 3)):
        # the level at every seat: it meets its own choices too (stacks, swaps, jump-ins)
        res = play_game(rules, [bot(level) for _ in range(n)], seed=3100 + 10 * g + len(preset),
                        rounds=1, safe=True, max_moves=3000)
        assert res.finished and sum(res.round_wins) == 1, (preset, n)


def toggle_mix(rng: random.Random) -> Any:
    while True:
        overrides: dict[str, Any] = {k: rng.choice(v) for k, v in TOGGLES.items()}
        overrides["hand_size"] = rng.choice([2, 3, 4])
        overrides["target_score"] = 100
        try:
            return resolve_rules(rng.choice(list(PRESETS)), overrides)
        except RulesError:  # a mix the rule set refuses
            continue


def test_the_mixes_cover_every_toggle() -> None:
    assert {"deck", "seven_swap", "zero_rotate", "jump_in", "uno_call", "reshuffle"} <= set(TOGGLES)
    rng = random.Random(1)
    seen = {k: set() for k in TOGGLES}  # type: ignore[var-annotated]
    for _ in range(60):
        r = toggle_mix(rng)
        for k in TOGGLES:
            seen[k].add(getattr(r, k))
    assert all(len(v) >= 2 for v in seen.values()), seen


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("case", range(10))
def test_each_level_plays_random_toggle_mixes(level: str, case: int) -> None:
    rng = random.Random(7000 + case)
    rules = toggle_mix(rng)
    n = rng.choice([2, 3, 4])
    # (turn-over refills with deterministic players can cycle for ever: the move limit may
    # stop such a round, and Hard's playouts then run to their own cap, so Hard gets 40 moves
    # there; legality is what is checked, and the other rounds must finish)
    res = play_game(rules, [bot(level) for _ in range(n)], seed=case, rounds=1, safe=True,
                    max_moves=1500 if level != "hard" else 300 if rules.reshuffle == "shuffle" else 40)
    assert sum(res.decisions) > 0
    if rules.reshuffle == "shuffle" and rules.deck == "uno":
        assert res.finished, rules.changed_fields()


@pytest.mark.parametrize("preset", ["official", "house-party", "playing-cards"])
def test_hard_with_fixed_iterations_replays_a_game(preset: str) -> None:
    rules = small(preset)

    def run() -> list[Move]:
        moves: list[Move] = []
        play_game(rules, [bot("hard"), bot("normal"), bot("hard")], seed=41, rounds=1,
                  on_move=lambda s, m: moves.append(m))
        return moves

    first = run()
    assert len(first) > 3 and run() == first
